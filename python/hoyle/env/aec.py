"""``aec_env``: any ``hoyle.Game`` as a PettingZoo ``AECEnv``.

One episode is one hand; every ``reset()`` deals the next hand with the
button one seat further left (hand ``k`` of the run: ``button = k % seats``,
dealt with ``hand_seed(seed, 0, k)``; ``reset(seed=s)`` starts the run
``s`` again at hand 0). Agent ``player_i`` is seat ``i``.

* Observations as PettingZoo's classic games give them:
  ``{"observation": float32[layout.size], "action_mask": int8[actions.size]}``
  (``hoyle.env.layout`` and ``hoyle.env.actions``: docs/env.md). Each agent
  has one such dict, filled again at each ``observe(agent)``: copy what you
  keep. A seat that is not to act has an all-zero mask.
* Rewards, in big blinds (``unit(game)``), come at the end of the hand:
  ``(final stack - starting stack) / unit`` for every seat; they add up to
  zero (less the rake, if the game takes one). Then every agent is
  terminated and steps once more with ``None``.
* ``infos[agent]["hand"]`` (and ``env.hand``) is the ``Hand`` being played,
  read-only (``hoyle.env._shown.ShownHand``): every read works, every action
  on it raises ``IllegalActionError`` (for search: ``clone()`` it, and act on
  the clone). The flop games run on the core engine
  (``hoyle.env._aec_core``): there the hand is brought up to date when it is
  read (``hoyle.env._lazy``), so a step does not pay for it.
* An illegal action raises ``IllegalActionError`` and changes nothing; so
  does any action but ``None`` of a terminated agent. An unknown agent is a
  ``GameError``.
* One call at a time: ``reset``, ``step`` and ``observe`` called while
  another is running (from another thread, or from a callback inside it)
  raise ``hoyle.errors.BusyError`` and change nothing. On the core engine
  ``observe`` and ``last`` are single engine calls, safe from any thread.
* Pickling and ``copy.deepcopy`` give an independent environment in the same
  state (the core engine's table is dealt again and its moves replayed).
* ``render()`` returns the table as text (``render_mode="human"``: prints it).

>>> from hoyle.env import aec_env
>>> env = aec_env(seats=3)
>>> env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, obs["action_mask"].tolist()
('player_0', [1, 1, 1, 0, 1, 1])
>>> env.step(0)  # the button folds
>>> env.step(0)  # the small blind folds: the big blind wins
>>> env.rewards
{'player_0': 0.0, 'player_1': -0.5, 'player_2': 0.5}
>>> for agent in env.agent_iter():  # each agent sees the end, then leaves
...     obs, reward, terminated, truncated, info = env.last()
...     env.step(None)
>>> env.agents
[]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils.env import AECIterable
except ImportError as err:  # pragma: no cover - the rl extra is installed in the tests
    raise ImportError(
        f'hoyle.env.aec_env needs PettingZoo and Gymnasium: pip install "hoyle[rl]" ({err})'
    ) from None

from hoyle._core import _AecTurns
from hoyle.env import _fill
from hoyle.env._aec_core import CoreSteps, NotPlayed
from hoyle.env._guard import Guarded, busy
from hoyle.env._render import table_text
from hoyle.env._setup import setup
from hoyle.env._shown import ShownHand, as_shown
from hoyle.env.actions import Actions
from hoyle.env.seeds import TableHand, deal_keyed, fresh_seed, run_seed, table_key
from hoyle.errors import GameError, IllegalActionError
from hoyle.games import Game

__all__ = ["AgentIter", "CoreEnv", "PokerEnv", "aec_env"]

Obs = dict[str, npt.NDArray[Any]]
_set = object.__setattr__


def aec_env(
    game: Game | None = None,
    *,
    seats: int = 6,
    stacks: int | tuple[int, ...] | list[int] | None = None,
    actions: Actions | None = None,
    window: int = 16,
    render_mode: str | None = None,
    _backend: str = "auto",
) -> PokerEnv:
    """A PettingZoo ``AECEnv`` of ``game`` (default: no-limit hold'em,
    blinds 1/2) at a table of ``seats``, every hand starting from ``stacks``
    (one int for every seat, or one per seat; default 100 big blinds),
    with the action abstraction ``actions`` (default ``Actions()``) and a
    history ``window`` in the observation. ``render_mode``: None, ``"ansi"``
    or ``"human"``.

    The games the core engine plays (the flop games: ``hoyle.env._fast``)
    run on it (``hoyle.env._aec_core``), the others on a ``Hand``; both
    give the same observations, masks, rewards and hands. ``_backend``
    (for tests): ``"auto"``, ``"core"`` (``GameError`` when the engine does
    not play the game) or ``"python"`` (always a ``Hand``)."""
    args = (game, seats, stacks, actions, window, render_mode)
    if _backend not in ("auto", "core", "python"):
        raise GameError(f"_backend must be 'auto', 'core' or 'python', got {_backend!r:.40}")
    if _backend != "python":
        try:
            return CoreEnv(*args)
        except NotPlayed:
            if _backend == "core":
                raise
    return PokerEnv(*args)


def _metadata() -> dict[str, Any]:
    """The class's ``metadata`` (PettingZoo reads it from the class)."""
    return {"render_modes": ["human", "ansi"], "name": "hoyle_poker_v0", "is_parallelizable": False}


def _turns(env: AECEnv[str, Any, Any], most: int) -> Iterator[str]:
    """``most`` turns at most, each ``env.agent_selection`` while an agent is left.
    (Counted up from 0: a pass is a hand's few turns, small ints that Python
    keeps made, where counting ``2**63`` down made a new int every turn.)"""
    taken = 0
    while taken < most and env.agents:
        taken += 1
        yield env.agent_selection


class AgentIter(AECIterable[str, dict[str, Any], Any]):
    """What ``agent_iter(max_iter)`` returns: a PettingZoo ``AECIterable``
    (each ``iter()`` yields ``env.agent_selection`` while ``env.agents`` is
    not empty, at most ``max_iter`` times, read afresh at each turn), with
    one generator step a turn in place of a Python ``__next__`` call."""

    def __init__(self, env: AECEnv[str, dict[str, Any], Any], max_iter: int) -> None:
        # (AECIterable.__init__ sets these two, untyped)
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:  # type: ignore[override]
        env, most = self.env, self.max_iter
        # (the core's pass, one call a turn, on hoyle's own classes, whose
        # agents and agent_selection are plain attributes)
        if most.__class__ is int and 0 <= most < 2**64 and type(env) in _PLAIN:
            return _AecTurns(env, most)
        return _turns(env, most)


class PokerEnv(Guarded, AECEnv[str, dict[str, Any], Any]):
    """The environment ``aec_env`` makes (see the module)."""

    metadata = _metadata()

    def __init__(
        self,
        game: Game | None,
        seats: Any,
        stacks: Any,
        actions: Actions | None,
        window: Any,
        render_mode: str | None,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        s = setup(game, seats, stacks, actions, window)
        if render_mode not in (None, "ansi", "human"):
            raise GameError(f"render_mode must be None, 'ansi' or 'human', got {render_mode!r:.40}")
        self.render_mode = render_mode
        self.game, self.seats, self.stacks, self.actions, self.layout = s
        self.possible_agents = [f"player_{i}" for i in range(self.seats)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.actions.size(self.game)
        low, high = self.layout.bounds(sum(self.stacks))
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._obs: dict[str, Obs] = {
            a: {
                "observation": np.zeros(self.layout.size, dtype=np.float32),
                "action_mask": np.zeros(size, dtype=np.int8),
            }
            for a in self.possible_agents
        }
        self._bind_views()
        self._free = [None]  # the token of a call (``hoyle.env._guard``)
        self._spare = np.zeros(size, dtype=np.bool_)
        self._mask = self._spare  # the actor's mask, filled at step _masked
        self._masked = -1
        self._steps = 0
        self._seed: int | None = None
        self._key = 0  # table_key(seed, 0)
        self._k = 0
        self._paid = False  # some reward is not 0.0 (the hand just ended)
        self._zeros = dict.fromkeys(self.possible_agents, 0.0)
        self._falses = dict.fromkeys(self.possible_agents, False)
        self.hand: TableHand | None = None
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]  # (observe() asks for a reset)

    def _bind_views(self) -> None:
        """Per agent: its dict, its seat, its observation, and its int8 mask
        seen as bools (the fill writes the mask there). A pickle or a deep
        copy holds a copy of the bool view, not a view: made again there."""
        self._views = {
            a: (obs, self._seat[a], obs["observation"], obs["action_mask"].view(np.bool_))
            for a, obs in self._obs.items()
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self._bind_views()
        as_shown(self.hand)  # (the infos hold the same object)

    def _unknown(self, agent: Any) -> GameError:
        return GameError(
            f"unknown agent {agent!r:.40}: the agents are "
            f"{self.possible_agents[0]}..{self.possible_agents[-1]}"
        )

    def _gone(self, agent: str) -> IllegalActionError:
        return IllegalActionError(
            f"{agent} has left the table, as every agent has: the hand is over, call reset()"
        )

    def agent_iter(self, max_iter: int = 2**63) -> AgentIter:
        """The agents in turn (``agent_selection``), at most ``max_iter``
        of them, until none is left: PettingZoo's ``AECEnv.agent_iter``,
        one generator step a turn (``AgentIter``).

        >>> env = aec_env(seats=3)
        >>> env.reset(seed=7)
        >>> turns = env.agent_iter(2)
        >>> [agent for agent in turns if env.step(0) is None]
        ['player_0', 'player_1']
        >>> [agent for agent in turns if env.step(None) is None]  # a new pass of 2
        ['player_0', 'player_1']
        >>> env.agents
        ['player_2']
        """
        return AgentIter(self, max_iter)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal the next hand (``seed``: start run ``seed`` at hand 0)."""
        free = self._free
        try:
            free.pop()
        except IndexError:
            raise busy(self) from None
        try:
            self._next(seed)  # (a bad seed raises before it changes anything)
            hand = deal_keyed(self.game, self.stacks, self._key, self._k)
            _set(hand, "__class__", ShownHand)
            agents = self._open(hand)
            self._steps += 1
            if hand.actor is None:  # every seat all in from the forced bets
                self._finish(hand)
            else:
                self.agent_selection = agents[hand.actor]
        finally:
            free.append(None)

    def _next(self, seed: int | None) -> int | None:
        """The run moves to its next hand (``seed``: run ``seed``'s hand 0);
        returns the run's seed when the run starts afresh, else None."""
        if seed is not None or self._seed is None:
            self._seed = fresh_seed() if seed is None else run_seed(seed)
            self._key, self._k = table_key(self._seed, 0), 0
            return self._seed
        self._k += 1
        return None

    def _open(self, hand: TableHand) -> list[str]:
        """A new episode of ``hand``: every agent in, nothing paid yet."""
        self.hand = hand
        agents = self.agents = self.possible_agents[:]
        self.rewards = self._zeros.copy()
        self._cumulative_rewards = self._zeros.copy()
        self.terminations = self._falses.copy()
        self.truncations = self._falses.copy()
        self.infos = {a: {"hand": hand} for a in agents}
        return agents

    def observe(self, agent: str) -> Obs:
        """``agent``'s observation (its dict, filled again now)."""
        hand = self.hand
        if hand is None:
            raise RuntimeError("call reset() before observe()")
        try:
            obs, me, observation, mask = self._views[agent]
        except KeyError:
            raise self._unknown(agent) from None
        free = self._free
        try:
            free.pop()
        except IndexError:
            raise busy(self) from None
        try:
            _fill.fill(self.layout, self.actions, hand, me, observation, mask)
            actor = hand.actor
            if actor == me:
                self._mask, self._masked = mask, self._steps
            elif actor is not None:
                mask[:] = False  # the mask is the actor's: a seat not to act has none
        finally:
            free.append(None)
        return obs

    def last(self, observe: bool = True) -> tuple[Obs | None, float, bool, bool, dict[str, Any]]:
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        """The selected agent takes ``action`` (an index of ``actions``;
        ``None`` once it is terminated)."""
        hand = self.hand
        if hand is None:
            raise RuntimeError("call reset() before step()")
        free = self._free
        try:
            free.pop()
        except IndexError:
            raise busy(self) from None
        try:
            agent = self.agent_selection
            try:
                terminated = self.terminations[agent]
            except KeyError:
                raise self._gone(agent) from None
            if terminated:
                self._dead_step(agent, action)
                return
            mask = self._mask
            if self._masked != self._steps:
                mask = self._mask = self.actions.mask(hand, self._spare)
                self._masked = self._steps
            if action.__class__ is not int or not (0 <= action < len(mask) and mask[action]):
                action = self.actions.validated(hand, action, mask)
            _set(hand, "__class__", TableHand)  # (the env's own move: ``_shown``)
            try:
                self.actions.act(hand, action)
            finally:
                _set(hand, "__class__", ShownHand)
            self._steps += 1
            p = hand.actor
            if p is None:
                self._cumulative_rewards[agent] = 0.0
                self._finish(hand)
            else:
                self.agent_selection = self.possible_agents[p]
        finally:
            free.append(None)
        if self.render_mode == "human":
            self.render()

    def _finish(self, hand: TableHand) -> None:
        """The hand is over: every seat's reward, and every agent terminated."""
        u = float(self.layout.unit)
        start, end = hand.starting_stacks, hand.stacks
        cumulative, rewards, terminations = (
            self._cumulative_rewards,
            self.rewards,
            self.terminations,
        )
        for seat, agent in enumerate(self.possible_agents):
            reward = float(end[seat] - start[seat]) / u
            rewards[agent] = reward
            cumulative[agent] += reward
            terminations[agent] = True
        self._paid = True
        self.agent_selection = self.agents[0]

    def _not_none(self, agent: str, action: Any) -> IllegalActionError:
        return IllegalActionError(
            f"{agent} is terminated: its only action is None, got {action!r:.40}"
        )

    def _dead_step(self, agent: str, action: Any) -> None:
        """A terminated agent's last step: it leaves the table (the core
        engine's ``step`` has this inline)."""
        if action is not None:
            raise self._not_none(agent, action)
        del self.terminations[agent], self.truncations[agent], self.infos[agent]
        del self.rewards[agent], self._cumulative_rewards[agent]
        agents = self.agents
        agents.remove(agent)
        if agents:
            self.agent_selection = agents[0]
        if self._paid:  # the rewards were this hand's: a step later they are 0
            self._paid = False
            self.rewards = dict.fromkeys(agents, 0.0)  # (the agents left, in order)

    def render(self) -> str | None:
        """The table as text (``render_mode="human"``: printed instead)."""
        if self.hand is None:
            return None
        text = table_text(self.hand, self.actions, self.possible_agents)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (no window, no process)."""


class CoreEnv(CoreSteps, PokerEnv):
    """``PokerEnv`` on the core engine: the flop games (``hoyle.env._aec_core``)."""


_PLAIN = (PokerEnv, CoreEnv)  # the classes AgentIter passes with the core's _AecTurns
