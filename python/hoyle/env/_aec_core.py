"""``aec_env`` on the core engine: the games ``hoyle.env._fast`` plays
(the flop games) run on one engine table (``hoyle._core._Tables`` with
``tables=1``) instead of a Python ``Hand``.

Every step is one core call (``_act``: the mask check, the action, the next
seat), every observation one more (``_observe``: any seat's view, the mask
when it is that seat's turn, the final view once the hand is over), and
the rewards one at the end (``_rewards``). The ``Hand`` in ``infos`` is a
``hoyle.env._lazy.SleepingHand``: dealt and played up to the engine's
state only when read. Everything a user sees (observations, masks, rewards,
the agents' order, the hand in ``infos``) equals what the ``Hand``-driven
``PokerEnv`` gives: tests/env/test_aec_core.py plays both side by side.
"""

from __future__ import annotations

import operator
from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np

from hoyle._core import _aec_entries, _AecSteps
from hoyle.env._fast import core_backend
from hoyle.env._guard import busy
from hoyle.env._lazy import SleepingHand, asleep, put_to_sleep
from hoyle.env.actions import one_action
from hoyle.errors import GameError, IllegalActionError

if TYPE_CHECKING:  # (hoyle.env.aec imports this module: no import back at run time)
    from hoyle.env.aec import Obs, PokerEnv

    _Base = PokerEnv
else:
    _Base = object

__all__ = ["CoreSteps", "NotPlayed"]


class NotPlayed(GameError):
    """The core engine does not play this game (``aec_env`` falls back on ``PokerEnv``)."""


def action_index(action: Any) -> int:
    """A non-int action as an int, read once (``__index__``), or the
    ``IllegalActionError`` the engine gives (a bool, or no ``__index__``;
    ``ActionArrayError`` for an array of one or more dimensions)."""
    one_action(action)
    if isinstance(action, bool) or not hasattr(type(action), "__index__"):
        text = f"{action!r:.40}"
        raise IllegalActionError(f"an action index is an int, got {type(action).__name__} {text}")
    try:
        return operator.index(action)
    except Exception as err:  # a user's __index__ that fails
        raise IllegalActionError(
            f"an action index is an int, got {type(action).__name__} "
            f"whose __index__ raised {type(err).__name__}"
        ) from None


class CoreSteps(_Base):
    """What ``PokerEnv`` does differently on the core engine (see the
    module): ``hoyle.env.aec.CoreEnv`` puts it before ``PokerEnv``."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        del self._paid  # (the core's: ``self._core.paid``)
        self._moves: list[int] = []
        self._human = self.render_mode == "human"
        self._build()

    def _build(self) -> None:
        """The engine's table, bound to the agents' rows (``__init__``, and
        again when unpickled)."""
        layout, seats = self.layout, self.seats
        arrays = (
            np.zeros((1, layout.size), dtype=np.float32),
            np.zeros((1, self.actions.size(self.game)), dtype=np.bool_),
            np.zeros(1, dtype=np.int64),
            np.zeros((1, seats), dtype=np.float32),
            np.zeros(1, dtype=np.bool_),
        )
        backend = core_backend(
            self.game, 1, seats, list(self.stacks), self.actions, layout, *arrays
        )
        if backend is None:
            raise NotPlayed(f"the core engine does not play {self.game.name}")
        engine = backend._tables  # type: ignore[attr-defined]
        self._engine = engine
        # the core fills each agent's rows in place: bound once, by seat
        rows = sorted((seat, row, mask) for _, seat, row, mask in self._views.values())
        engine._bind([(row, mask) for _, row, mask in rows])
        dicts = dict((seat, obs) for obs, seat, _, _ in self._views.values())
        engine._bind_dicts([dicts[seat] for seat in range(self.seats)])
        # per agent: the call that fills its rows and returns its dict
        self._seen = {a: partial(engine._see, 0, v[1]) for a, v in self._views.items()}
        self._see, self._act, self._deal, self._pay = (
            engine._see,
            engine._act,
            engine._deal,
            engine._rewards,
        )
        # step and last as single core calls (src-rust/py/aec.rs), put where
        # the interpreter finds them first, unless a subclass overrides them
        core = self._core = _AecSteps(
            self,
            engine,
            self.possible_agents,
            self._free,
            self._moves,
            SleepingHand,
            put_to_sleep,
            self.actions,
            self._human,
            CoreSteps.step,
            CoreSteps.last,
        )
        fast = self.__dict__
        step, last = _aec_entries(core)  # core.step and core.last, less PyO3's argument reading
        if type(self).step is CoreSteps.step:
            fast["step"] = step
        if type(self).last is CoreSteps.last:
            fast["last"] = last

    def __getstate__(self) -> dict[str, Any]:
        """The state without the engine: its table is the run's seed, the
        hand's number and the moves so far (``record``), dealt and played
        again on loading. The hand is woken first (its moves then are its own)."""
        hand = self.hand
        if hand is not None:
            hand.actor  # noqa: B018 (wakes a sleeping hand: ``_lazy``)
        state = super().__getstate__()
        state["_paid"] = self._core.paid
        for name in ("_engine", "_see", "_act", "_deal", "_pay", "_seen", "_core", "step", "last"):
            state.pop(name, None)
        state["_record"] = list(self._engine.record(0)[2]) if hand is not None else None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        record = state.pop("_record", None)
        paid = state.pop("_paid", False)
        super().__setstate__(state)
        self._build()
        self._core.paid = paid
        if record is not None:
            assert self._seed is not None
            self._engine.reset(self._seed)
            self._deal(0, self._k)
            for index in record:
                self._act(0, index)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal the next hand (``seed``: start run ``seed`` at hand 0)."""
        free = self._free
        try:
            free.pop()
        except IndexError:
            raise busy(self) from None
        try:
            if seed is None and self._seed is not None:  # the run's next hand
                k = self._k = self._k + 1
            else:
                self._engine.reset(self._next(seed))
                k = 0
            hand, self._moves = asleep(self.game, self.stacks, self._key, k, self.actions)
            # dealt, then opened as PokerEnv._open opens it, the actor
            # selected (or the hand finished: every seat all in from the
            # forced bets)
            self._core.deal(k, self._moves, hand)
        finally:
            free.append(None)

    def observe(self, agent: str) -> Obs:
        """``agent``'s observation (its dict, filled again now)."""
        if self.hand is None:
            raise RuntimeError("call reset() before observe()")
        try:
            see = self._seen[agent]
        except KeyError:
            raise self._unknown(agent) from None
        return see()  # type: ignore[no-any-return]  # (one engine call: safe while another thread steps)

    def last(self, observe: bool = True) -> tuple[Obs | None, float, bool, bool, dict[str, Any]]:
        agent = self.agent_selection
        try:
            cumulative = self._cumulative_rewards[agent]
        except AttributeError:  # (made by reset)
            raise RuntimeError("call reset() before last()") from None
        obs = self._seen[agent]() if observe else None
        return obs, cumulative, self.terminations[agent], self.truncations[agent], self.infos[agent]

    def step(self, action: Any) -> None:
        """The selected agent takes ``action`` (an index of ``actions``;
        ``None`` once it is terminated)."""
        free = self._free
        try:
            free.pop()
        except IndexError:
            raise busy(self) from None
        try:
            agent = self.agent_selection
            try:
                terminations = self.terminations
                terminated = terminations[agent]
            except AttributeError:  # (made by reset)
                raise RuntimeError("call reset() before step()") from None
            except KeyError:
                raise self._gone(agent) from None
            if terminated:  # PokerEnv._dead_step inline: a call less on 40% of the steps
                if action is not None:
                    raise self._not_none(agent, action)
                del terminations[agent], self.truncations[agent], self.infos[agent]
                del self.rewards[agent], self._cumulative_rewards[agent]
                agents = self.agents
                agents.remove(agent)
                self.agent_selection = agents[0] if agents else agent
                core = self._core
                if core.paid:  # the rewards were this hand's: a step later they are 0
                    core.paid = False
                    self.rewards = dict.fromkeys(agents, 0.0)
                return
            if action.__class__ is not int:  # (read once: the engine and the moves agree)
                action = action_index(action)
            actor = self._act(0, action)  # checks the action: changes nothing if refused
            self._moves.append(action)
            hand = self.hand
            if type(hand) is not SleepingHand:  # woken since the last step
                put_to_sleep(hand, self.actions, self._moves)  # type: ignore[arg-type]
            if actor < 0:
                self._finish_core()
            else:
                self.agent_selection = self.possible_agents[actor]
        finally:
            free.append(None)
        if self._human:
            self.render()

    def _finish_core(self) -> None:
        """The hand is over: every seat's reward, and every agent terminated
        (the core sets the dicts: ``_AecSteps.finish``)."""
        self._core.finish()
