"""The native replay of a hand history: the common shapes read and played
in the core in one call per hand (issue 29), the general path
(``ActionReader``, ``ReplayPlan``, ``Replay``) the reference.

``replay_native(history, strict)`` returns the finished ``Hand`` (with the
folds it supplied and the seats the file never shows), or None when the
core's path does not read the hand: a game the table engine does not play
(draw, stud, a split...), a ``runs`` field, unknown stacks in a capped game, a comment or
any line outside ``src-rust/history/``'s few, an action the reference
refuses, a hand that does not end (unless ``partial``: then the hand where
its actions stop, a seat to act). ``HandHistory.replay`` then plays it
through the reference, which also words every error; a hand the core
reads is one the reference plays to the same end, field for field
(``tests/history/test_native.py``). The hand it returns is a ``Hand`` like
any other, made in one step from the core's final state
(``_streets.finished_hand``), then settled by the hand's own ending.

A site's reader hands a hand to this path by returning a ``HandHistory``
whose ``fields`` are PHH's: ``variant``, the stakes fields,
``starting_stacks`` and ``actions`` (action lines as strings);
``HandHistory.replay`` tries this path first. ``HOYLE_NATIVE_REPLAY=0``
turns it off (the reference alone).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from hoyle._core import _phh_replay, _phh_stacks, _PhhEngine
from hoyle._hand_view import game_plan
from hoyle._streets import finished_hand
from hoyle.betting import Limit, NoLimit, PotLimit
from hoyle.errors import HoyleError
from hoyle.games import Game
from hoyle.games.game import table_engine_plays
from hoyle.hand import Hand
from hoyle.history.hand_game import hand_game
from hoyle.history.runs import FIELD as RUNOUTS
from hoyle.history.stakes import button_seat, seat_stacks, seating, stakes_game, table_cap

if TYPE_CHECKING:
    from hoyle.history.hand_history import HandHistory

__all__ = ["Native", "enabled", "replay_native"]


def enabled() -> bool:
    """Whether the native path is tried (``HOYLE_NATIVE_REPLAY=0``: the
    reference alone, as the tests that compare the two set it)."""
    return _ON[0]


_ON = [os.environ.get("HOYLE_NATIVE_REPLAY", "1") != "0"]

# id(game) -> (game, its engine, the fewest and most seats)
_ENGINES: dict[int, tuple[Game, _PhhEngine | None, int, int]] = {}
_MAX_ENGINES = 256
# hoyle's own money fields, which the core's ``_phh_stacks`` leaves to ``stakes.scale_of``
_MONEY = frozenset(("_hoyle_room_rake", "_hoyle_cap", "_hoyle_house_money"))


class Native(NamedTuple):
    """A native replay: the hand, the folds supplied (``repairs``), and
    what ``settle_unseen`` reads (the seats the file never shows, each
    ``pK``'s seat), and the hand's game and button."""

    hand: Hand
    repairs: list[str]
    hidden: tuple[int, ...]
    seat_of: tuple[int, ...]
    game: Game
    button: int
    board_hidden: bool = False


def engine_of(game: Game, n: int) -> _PhhEngine | None:
    """``game``'s table engine, made once, or None when the engine does
    not play it (as ``hoyle.env._fast.settings`` decides) or ``n`` seats."""
    hit = _ENGINES.get(id(game))
    if hit is None or hit[0] is not game:
        engine, plan = None, game_plan(game)
        if table_engine_plays(game):
            top = max(plan.deck, default=0)
            bettings = (NoLimit, PotLimit, Limit)
            if (top <= 51 or (top <= 53 and plan.rules.jokers)) and all(
                isinstance(st.betting, bettings) for st in plan.streets
            ):
                engine = _PhhEngine(plan)
        if len(_ENGINES) >= _MAX_ENGINES:
            _ENGINES.clear()
        hit = _ENGINES[id(game)] = (game, engine, plan.min_seats, plan.max_seats)
    # (the core checks the stacks: each above 0, their sum in range)
    return hit[1] if hit[2] <= n <= hit[3] else None


def replay_native(  # noqa: PLR0911
    history: HandHistory, strict: bool, partial: bool = False
) -> Native | None:
    """``history`` replayed in the core, or None (see the module);
    ``partial``: actions that end before the hand does give the hand where
    they stop (``HandHistory.replay(partial=True)``)."""
    fields = history.fields
    if RUNOUTS in fields:
        return None
    try:
        scale, by_player = _amounts(history, fields)
        n = len(by_player)
        if n < 2:
            return None
        variant = fields.get("variant")
        if "_hoyle_game" in fields or variant.__class__ is not str:
            game, _ = hand_game(history, n)
        else:  # (hand_game's usual case, inline)
            game, _ = stakes_game(fields, variant, scale, n)
        engine = engine_of(game, n)
        if engine is None:
            return None
        given = fields.get("_hoyle_button")
        button = n - 1 if given is None else button_seat(given, n)
        seat_of, _, order = seating(n, button)
        cap = None if "_hoyle_cap" not in fields else table_cap(fields, scale)
        if None in by_player:  # unknown stacks: the core gives them the deep stack
            if cap is not None:
                return None
            stacks = [0] * n
            for i, s in enumerate(seat_of):
                stacks[s] = by_player[i] or 0
            deep = [s for i, s in enumerate(seat_of) if by_player[i] is None]
        elif cap is None and button == n - 1:  # (seat_of is range(n): seat_stacks's first case)
            stacks, deep = list(cast("tuple[int, ...]", by_player)), []
        else:
            stacks, deep = seat_stacks(by_player, seat_of, 0, cap), []
        actions = history.actions
    except HoyleError:  # the reference says so, in its own words
        return None
    done = _phh_replay(
        engine, actions, seat_of, order, stacks, deep, button, scale, strict, partial
    )
    if done is None:
        return None
    hand = finished_hand(Hand, game, done[18], button, done)
    return Native(hand, done[14], done[15], seat_of, game, button)


def _amounts(history: HandHistory, fields: dict[str, Any]) -> tuple[int, tuple[int | None, ...]]:
    """``history``'s scale and stacks in the file's order: the common
    fields read in the core (``_phh_stacks``) and kept on ``history`` as
    ``scale`` and ``starting_stacks`` would keep them, else as they read them."""
    if (
        history._by_player is None
        and _MONEY.isdisjoint(fields)
        and (read := _phh_stacks(fields)) is not None
        and history._scale in (None, read[0])  # (a site's reader may know the scale already)
    ):
        history._scale, history._by_player = read
        history._actions = fields["actions"]
        return read
    by_player = history._stacks_by_player()
    return history.scale, by_player
