"""The glue to the core's table engine: ``core_backend`` gives a ``Game``'s
plan (``hoyle._plan.Plan``, read by the core as it is) and the ``Actions``
to ``hoyle._core._Tables`` (``src-rust/table/``), or returns None for a
game the engine does not play exactly.

The engine plays the flop games: every street deals only down cards
and/or board cards (burns allowed), no draw, no up cards, no bring-in, no
opener, no split, the full-bet rule for short all-ins
(docs/rules.md §7), no street whose first bettor is the best exposed hand
(each setting says whether the engine plays it: ``engine`` in
``hoyle/games/_settings.py``); any blinds, straddles, post bets
(``Game.posts``: live for the largest blind, the rest dead) and antes;
no limit, pot limit (with a cap) and spread limit on any street;
``raise_cap`` and ``first_must_bet``; high, low and high-low showdowns
under any ``HandRules`` (Omaha's split, wild cards), but not
the split pot of ``Game.split`` (two rankings); rake. Hand
``k`` of table ``i`` is ``game.start(stacks, button=k % seats,
seed=hand_seed(seed, i, k))`` played with the same rules as ``hoyle.Hand``
(docs/rules.md §5-§10), bit for bit: ``record(i)`` gives what replays it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import numpy as np
import numpy.typing as npt

from hoyle._core import _Tables
from hoyle._hand_view import game_plan
from hoyle.betting import Limit, NoLimit, PotLimit
from hoyle.errors import IllegalActionError
from hoyle.games.game import table_engine_plays

if TYPE_CHECKING:
    from hoyle._plan import Plan
    from hoyle.env.actions import Actions
    from hoyle.env.layout import Layout
    from hoyle.games import Game

__all__ = ["Backend", "core_backend"]


class Backend(Protocol):
    """What ``VectorTables`` asks of a backend (the arrays are its own)."""

    def reset(self, seed: int) -> None: ...  # fills obs, mask, actor in place
    def step(self, actions: npt.NDArray[np.int64]) -> None: ...  # fills all five arrays in place
    def record(self, i: int) -> tuple[int, int, list[int]]: ...  # (hand_seed, button, indices)


def settings(game: Game) -> Plan | None:
    """``game``'s plan when the engine plays it, else None. The engine reads
    the plan itself (its public fields: the settings and what
    ``derive_plan`` derived from them, the betting structures as
    ``hoyle.betting`` objects)."""
    # Every setting the engine plays only at its default (declared with the
    # setting: engine=False, hoyle/games/_settings.py) refuses the game when set:
    # the bring-in, an opener, the half-bet rule, a split, a street's
    # up cards, draw or exposed first bettor, and any setting the engine has not learnt.
    if not table_engine_plays(game):
        return None
    plan = game_plan(game)
    top = max(plan.deck, default=0)
    # (a joker its rules cannot rank: Hand refuses that showdown)
    if top > 53 or (top >= 52 and not plan.rules.jokers):
        return None
    for street in plan.streets:
        if not isinstance(street.betting, NoLimit | PotLimit | Limit):
            return None
    return plan


class _Core:
    """The engine behind one ``VectorTables`` (the ``Backend`` protocol)."""

    __slots__ = ("_tables",)

    def __init__(self, tables: _Tables) -> None:
        self._tables = tables

    def reset(self, seed: int) -> None:
        self._tables.reset(seed)

    def step(self, actions: np.ndarray) -> None:
        a = np.asarray(actions)
        if a.dtype.kind not in "iu" or a.ndim != 1:
            raise IllegalActionError(
                f"actions must be a 1-d array of int action indices, got {a.dtype} {a.shape}"
            )
        if a.dtype != np.int64:
            if a.size and a.dtype.kind == "u" and int(a.max()) >= 2**63:
                a = np.full(a.shape, -1, dtype=np.int64)  # out of range everywhere: refused
            else:
                a = a.astype(np.int64)
        self._tables.step(np.ascontiguousarray(a))

    def record(self, i: int) -> tuple[int, int, list[int]]:
        return self._tables.record(i)


def core_backend(
    game: Game,
    tables: int,
    seats: int,
    stacks: int | Sequence[int],
    actions: Actions,
    layout: Layout,
    *arrays: np.ndarray,
    bots: Sequence[str | None] | None = None,
) -> Backend | None:
    """The core engine for ``VectorTables(game, tables, ...)`` filling its
    ``arrays`` (obs, mask, actor, rewards, done), or None when it does not
    play ``game`` (or the layout shows up cards, or the abstraction has
    draw actions). ``bots``: per seat the core bot's name (``"station"``,
    ``"random"``) or None for a learning seat."""
    plan = settings(game)
    if plan is None or layout.has_up or actions.draw_cards(game):
        return None
    stack = [stacks] * seats if isinstance(stacks, int) else [int(s) for s in stacks]
    obs, mask, actor, rewards, done = arrays
    engine = _Tables(
        plan,
        actions,
        list(actions.names(game)),
        tables,
        stack,
        layout.unit,
        layout.window,
        obs,
        mask,
        actor,
        rewards,
        done,
    )
    if bots is not None:
        engine._set_bots(list(bots))
    return _Core(engine)
