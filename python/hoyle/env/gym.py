"""``SingleAgentEnv``: one learning seat against bots, as a Gymnasium env.

The other seats are played by bots: ``hoyle.bots``' ``"random"``,
``"loose"`` or ``"tight"``, or your own callables ``bot(hand, rng) -> None``
that make one legal action for ``hand.actor`` (``rng`` a ``random.Random``
seeded from the hand). One episode is one hand in which the learner acts;
a hand dealt in which the learner never has a decision (every seat folds to
its big blind) is played out by the bots and counted in
``info["skipped"]``. Hand ``k`` of the run is dealt as in ``aec_env``: the
button at ``k % seats``, the seed ``hand_seed(seed, 0, k)``.

* Observation: ``Box(float32[layout.size])`` (``hoyle.env.layout``), from
  the learner's seat. Action: ``Discrete(actions.size)``
  (``hoyle.env.actions``); ``action_masks()`` and ``info["action_mask"]``
  give the mask (int8), ``info["hand"]`` the hand.
* Reward: 0 until the hand ends, then the learner's change of stack in big
  blinds.
* An illegal action (masked, out of range, not an int), by ``on_illegal``:
  ``"raise"`` (the default) raises ``IllegalActionError`` naming the action
  and the legal ones, and changes nothing; ``"warn"`` warns once (an
  ``IllegalActionWarning``, the first time), then plays the fallback;
  ``"check/call"`` plays the fallback silently, so that any
  ``action_space.sample()`` is a valid action (Gymnasium's ``check_env``
  samples so). The fallback: check/call (stand pat in a draw, the smallest
  bet when the seat must bet), with ``info["illegal"]`` True. An array of
  one or more dimensions is never an action: ``ActionArrayError`` (an
  ``IllegalActionError``, a ``ValueError``) says its shape, whatever
  ``on_illegal``.
* Your bots are checked at each move, as ``hoyle.simulate`` checks them: a
  bot that raises, makes an illegal move, no move, or more than one (say,
  its own and the learner's) is a ``BotError`` naming it and its seat, and
  the failed ``step`` (or ``reset``) changes nothing: the hand is put back
  as it was before the learner's action (played again from its record),
  and the learner is to act again. (Only the generator the bots draw from
  has moved on.) The built-in bots are trusted and not checked.
* ``info["hand"]`` is the hand being played, read-only
  (``hoyle.env._shown.ShownHand``): its actions raise ``IllegalActionError``;
  ``clone()`` it to act on it.
* One call at a time: a ``reset`` or ``step`` while another is running (from
  another thread, or from a bot calling back) raises ``BusyError`` and
  changes nothing.

Registered as ``"hoyle/Poker-v0"`` when this module is imported:
``gymnasium.make("hoyle.env.gym:hoyle/Poker-v0", seats=3)`` imports it first,
and ``gymnasium.make_vec`` or ``gymnasium.vector.SyncVectorEnv`` run copies.

>>> from hoyle.env import SingleAgentEnv
>>> env = SingleAgentEnv(seats=3, bots="loose")
>>> obs, info = env.reset(seed=1)
>>> obs.shape, info["action_mask"].tolist()
((350,), [1, 1, 1, 0, 1, 1])
>>> obs, reward, terminated, truncated, info = env.step(1)  # check/call
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as err:  # pragma: no cover - the rl extra is installed in the tests
    raise ImportError(
        f'hoyle.env.SingleAgentEnv needs Gymnasium: pip install "hoyle[rl]" ({err})'
    ) from None

from hoyle._hand_check import restore
from hoyle._hand_view import HISTORY, view
from hoyle._user_bots import act_checked
from hoyle.bots import BOTS, Bot
from hoyle.env import _fill
from hoyle.env._guard import Guarded, busy
from hoyle.env._render import table_text
from hoyle.env._setup import setup
from hoyle.env._shown import ShownHand, as_shown
from hoyle.env.actions import Actions, one_action
from hoyle.env.seeds import M64, TableHand, deal, hand_seed, run_seed
from hoyle.errors import GameError, IllegalActionError
from hoyle.games import Game

__all__ = ["ENV_ID", "IllegalActionWarning", "SingleAgentEnv"]

ENV_ID = "hoyle/Poker-v0"
MAX_SKIPPED = 10_000  # hands in a row without a decision for the learner
Obs = npt.NDArray[np.float32]
_set = object.__setattr__


ON_ILLEGAL = ("raise", "warn", "check/call")


class IllegalActionWarning(UserWarning):
    """``SingleAgentEnv(on_illegal="warn")`` played the fallback for an
    illegal action (said once per environment)."""


def _labels(bots: Any, seats: int, seat: int) -> list[str | None]:
    """Per seat, the label of a user's bot (checked at each move), or None
    (the learner's seat, a built-in bot)."""
    given = [bots] * (seats - 1) if isinstance(bots, str) or callable(bots) else list(bots)
    out: list[str | None] = [
        None if isinstance(b, str) else getattr(b, "__name__", type(b).__name__) for b in given
    ]
    out.insert(seat, None)
    return out


def _bots(bots: Any, seats: int, seat: int) -> list[Bot | None]:
    """One bot per seat (None at the learner's)."""
    if isinstance(bots, str) or callable(bots):
        bots = [bots] * (seats - 1)
    if not isinstance(bots, Sequence) or len(bots) != seats - 1:
        raise GameError(f"bots: a name, a callable, or one per other seat ({seats - 1})")
    out: list[Bot | None] = []
    for given in bots:
        if isinstance(given, str) and given not in BOTS:
            raise GameError(f"unknown bot {given!r:.40}: one of {', '.join(BOTS)}")
        bot = BOTS[given] if isinstance(given, str) else given
        if not callable(bot):
            raise GameError(f"a bot is a name or a callable bot(hand, rng), got {bot!r:.40}")
        out.append(bot)
    out.insert(seat, None)
    return out


def _metadata() -> dict[str, Any]:
    """The class's ``metadata`` (Gymnasium reads it from the class)."""
    return {"render_modes": ["human", "ansi"], "render_fps": 1}


class SingleAgentEnv(Guarded, gymnasium.Env[Obs, np.int64]):
    """One learning ``seat`` against ``bots`` (see the module)."""

    metadata = _metadata()

    def __init__(
        self,
        game: Game | None = None,
        *,
        seats: int = 6,
        seat: int = 0,
        bots: Any = "random",
        stacks: Any = None,
        actions: Actions | None = None,
        window: int = 16,
        on_illegal: Literal["raise", "warn", "check/call"] = "raise",
        render_mode: str | None = None,
    ) -> None:
        s = setup(game, seats, stacks, actions, window)
        self.game, self.seats, self.stacks, self.actions, self.layout = s
        if seat.__class__ is not int or not 0 <= seat < self.seats:
            raise GameError(f"seat must be 0..{self.seats - 1}, got {seat!r:.40}")
        if on_illegal not in ON_ILLEGAL:
            raise GameError(
                f"on_illegal must be 'raise', 'warn' or 'check/call', got {on_illegal!r:.40}"
            )
        if render_mode not in (None, "ansi", "human"):
            raise GameError(f"render_mode must be None, 'ansi' or 'human', got {render_mode!r:.40}")
        self.seat, self.on_illegal, self.render_mode = seat, on_illegal, render_mode
        self._warned = False  # (on_illegal="warn": said once)
        self.bots = _bots(bots, self.seats, seat)
        self._users = _labels(bots, self.seats, seat)
        self._free = [None]  # the token of a call (``hoyle.env._guard``)
        low, high = self.layout.bounds(sum(self.stacks))
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.actions.size(self.game))
        self._mask = np.zeros(self.actions.size(self.game), dtype=np.bool_)
        self._seed: int | None = None
        self._k = 0
        self.hand: TableHand | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """The next hand in which the learner acts (``seed``: a new run)."""
        if seed is not None:
            run_seed(seed)  # (a bad seed changes nothing)
        free = self._free
        try:
            free.pop()
        except IndexError:
            raise busy(self) from None
        before = (self.hand, self._seed, self._k, self.__dict__.get("_rng"))
        try:
            super().reset(seed=seed)
            if seed is not None:
                self._seed, self._k = run_seed(seed), 0
            elif self._seed is None:
                self._seed, self._k = int(self.np_random.integers(M64, dtype=np.uint64)), 0
            else:
                self._k += 1
            for skipped in range(MAX_SKIPPED):
                hand = self._deal()
                if hand.actor is not None:
                    obs = self._observe(hand)
                    return obs, self._info(hand, skipped=skipped)
                self._k += 1
            raise GameError(f"seat {self.seat} had no decision in {MAX_SKIPPED} hands in a row")
        except BaseException:  # (a bot failed: the env as it was)
            self.hand, self._seed, self._k, rng = before
            if rng is not None:
                self._rng = rng
            raise
        finally:
            free.append(None)

    def _deal(self) -> TableHand:
        """Deal hand ``_k`` and let the bots play to the learner's turn."""
        assert self._seed is not None
        hand = deal(self.game, self.stacks, self._seed, 0, self._k)
        self._rng = random.Random(hand_seed(self._seed, 0, self._k))
        self._play_bots(hand, view(hand)[HISTORY])
        _set(hand, "__class__", ShownHand)
        self.hand = hand
        return hand

    def _play_bots(self, hand: TableHand, history: list[Any]) -> None:
        """The bots play to the learner's turn (or the end); ``history`` is
        the hand's own list (a bot's action grows it)."""
        users = self._users
        while True:
            p = hand.actor
            if p is None or p == self.seat:
                return
            bot = self.bots[p]
            assert bot is not None
            label = users[p]
            if label is not None:  # a user's bot: checked as simulate checks it
                act_checked(p, label, bot, hand, self._rng)
                continue
            before = len(history)
            bot(hand, self._rng)
            if len(history) == before:
                raise GameError(f"the bot of seat {p} made no action")

    def _observe(self, hand: TableHand) -> Obs:
        obs = np.empty(self.layout.size, dtype=np.float32)
        _fill.fill(self.layout, self.actions, hand, self.seat, obs, self._mask)
        return obs

    def _info(self, hand: TableHand, **more: Any) -> dict[str, Any]:
        return {"action_mask": self._mask.astype(np.int8), "hand": hand, **more}

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        as_shown(self.hand)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now (a copy; all False once the hand is over)."""
        return self._mask.copy()

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        hand = self.hand
        if hand is None:
            raise GameError("call reset() before step()")
        free = self._free
        try:
            free.pop()
        except IndexError:
            raise busy(self) from None
        try:
            mask = self._mask
            illegal = False
            if action.__class__ is not int or not (0 <= action < len(mask) and mask[action]):
                action, illegal = self._resolve(hand, action, mask)
            history = view(hand)[HISTORY]
            mark = len(history)
            _set(hand, "__class__", TableHand)  # (the env's own moves: ``_shown``)
            try:
                self.actions.act(hand, action)
                self._play_bots(hand, history)
            except BaseException:  # (a bot failed: the hand as before the learner's action)
                restore(hand, mark)
                raise
            finally:
                _set(hand, "__class__", ShownHand)
            obs = self._observe(hand)
        finally:
            free.append(None)
        over = hand.actor is None
        reward = 0.0
        if over:
            start, end = hand.starting_stacks[self.seat], hand.stacks[self.seat]
            reward = float(end - start) / float(self.layout.unit)
        if self.render_mode == "human":
            self.render()
        return obs, reward, over, False, self._info(hand, illegal=illegal)

    def _resolve(
        self, hand: TableHand, action: Any, mask: npt.NDArray[np.bool_]
    ) -> tuple[int, bool]:
        """An action that is not a legal Python int: the index to play and
        whether it was illegal (the fallback), or the error ``on_illegal``
        says to raise."""
        if action.__class__ is not int:
            one_action(action)  # (an array is refused whatever on_illegal)
            if isinstance(action, np.integer | np.ndarray) and action.dtype.kind in "iu":
                action = int(action)  # (a numpy integer: what a vector env passes)
                if 0 <= action < len(mask) and mask[action]:
                    return action, False
        if self.on_illegal == "raise" or not mask.any():
            return self.actions.validated(hand, action, mask), False
        if self.on_illegal == "warn" and not self._warned:
            self._warn(hand, action, mask)
        return (1 if mask[1] else int(np.flatnonzero(mask)[0])), True

    def _warn(self, hand: TableHand, action: Any, mask: npt.NDArray[np.bool_]) -> None:
        """The one warning of ``on_illegal="warn"``: the words of the error
        ``"raise"`` would raise, and what is played instead."""
        try:
            self.actions.validated(hand, action, mask)
        except IllegalActionError as err:
            words = str(err)
        else:  # pragma: no cover - only called for an illegal action
            return
        self._warned = True
        warnings.warn(
            f"{words}; playing check/call instead (info['illegal'] is True). Said once;"
            " on_illegal='raise' raises, on_illegal='check/call' plays it silently",
            IllegalActionWarning,
            stacklevel=3,
        )

    def render(self) -> str | None:
        """The table as text (``"human"``: printed)."""
        if self.hand is None:
            return None
        names = [("you" if s == self.seat else f"seat {s}") for s in range(self.seats)]
        text = table_text(self.hand, self.actions, names)
        if self.render_mode == "human":
            print(text)
            return None
        return text


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="hoyle.env.gym:SingleAgentEnv")
