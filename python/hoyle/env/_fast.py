"""The glue to the core's table engine: ``core_backend`` maps a ``Game``
to the settings of ``hoyle._core._Tables`` (``src-rust/table/``), or
returns None for a game the engine does not play exactly.

The engine plays the flop games: every street deals only down cards
and/or board cards (burns allowed), no draw, no up cards, no bring-in, no
opener, the full-bet rule for short all-ins (docs/rules.md §7), no street
whose first bettor is the best exposed hand; any blinds, straddles and
antes; no limit, pot limit (with a cap) and spread limit on
any street; ``raise_cap`` and ``first_must_bet``; high, low and high-low
showdowns under any ``HandRules`` (Omaha's split, wild cards); rake. Hand
``k`` of table ``i`` is ``game.start(stacks, button=k % seats,
seed=hand_seed(seed, i, k))`` played with the same rules as ``hoyle.Hand``
(docs/rules.md §5-§10), bit for bit: ``record(i)`` gives what replays it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from hoyle._core import _Tables
from hoyle._hand_view import game_plan
from hoyle.betting import Limit, NoLimit, PotLimit
from hoyle.errors import IllegalActionError

if TYPE_CHECKING:
    from hoyle.env.actions import Actions
    from hoyle.env.layout import Layout
    from hoyle.games import Game

__all__ = ["Backend", "core_backend"]


class Backend(Protocol):
    """What ``VectorTables`` asks of a backend (the arrays are its own)."""

    def reset(self, seed: int) -> None: ...  # fills obs, mask, actor in place
    def step(self, actions: npt.NDArray[np.int64]) -> None: ...  # fills all five arrays in place
    def record(self, i: int) -> tuple[int, int, list[int]]: ...  # (hand_seed, button, indices)


def _betting(b: Any) -> tuple[str, int | None, int | None] | None:
    """A betting structure as the engine reads it."""
    if isinstance(b, NoLimit):
        return ("no-limit", None, None)
    if isinstance(b, PotLimit):
        return ("pot-limit", b.cap, None)
    if isinstance(b, Limit):
        return ("limit", b.min, b.max)
    return None


def settings(game: Game) -> tuple[Any, ...] | None:
    """``game`` as the engine's settings, or None when it does not play it."""
    plan = game_plan(game)
    top = max(plan.deck, default=0)
    # (a joker its rules cannot rank: Hand refuses that showdown)
    if (
        plan.bring_in
        or plan.posts  # post bets: the engine has none
        or plan.opener is not None
        or plan.half_bet  # short_all_in="half-bet": the engine plays the full-bet rule
        or top > 53
        or (top >= 52 and not plan.rules.jokers)
    ):
        return None
    streets = []
    for street in plan.streets:
        betting = _betting(street.betting)
        if street.up or street.draw or street.exposed or betting is None:
            return None
        streets.append((street.down, street.board, street.burn, *betting))
    rake = plan.rake
    return (
        streets,
        list(plan.deck),
        plan.ante,
        list(plan.antes),
        list(plan.blinds),
        plan.smallest_bet,
        plan.raise_cap,
        plan.first_must_bet,
        plan.rules,
        plan.high,
        None if rake is None else (rake.basis_points, rake.cap),
    )


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
) -> Backend | None:
    """The core engine for ``VectorTables(game, tables, ...)`` filling its
    ``arrays`` (obs, mask, actor, rewards, done), or None when it does not
    play ``game`` (or the layout shows up cards, or the abstraction has
    draw actions)."""
    game_settings = settings(game)
    if game_settings is None or layout.has_up or actions.draw_cards(game):
        return None
    stack = [stacks] * seats if isinstance(stacks, int) else [int(s) for s in stacks]
    abstraction = (
        [float(f) for f in actions.fractions],
        [float(m) for m in actions.big_blinds],
        bool(actions.min_raise),
        bool(actions.all_in),
        list(actions.names(game)),
    )
    obs, mask, actor, rewards, done = arrays
    engine = _Tables(
        game_settings,
        abstraction,
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
    return _Core(engine)
