"""A hand played again from its record: how an action that fails late is
undone, and how a ``Hand`` unpickled from bytes is checked.

Every hand keeps its deck as dealt (``_dealt``), its reshuffle seed, its
starting stacks and button, and its history. Those determine everything
else: ``replay`` starts a hand from them and plays the recorded actions, so

* an action that fails after it has begun changing the hand (a settlement
  the core refuses) is undone by replaying the history before it
  (``Hand`` does this; the hot path pays nothing for it);
* a pickle is accepted only when replaying its record gives back exactly
  its state: cards dealt once, chips that come from the starting stacks
  and go where the actions and the settlement sent them. A forged pickle
  (chips from nowhere, every seat holding the same cards) is refused with
  ``GameError``. A pickle of a hoyle before the record was kept (no
  ``_dealt``) is checked field by field instead (``check_fields``).
"""

from __future__ import annotations

import operator
from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from hoyle._hand_state import _FIELDS, OVER, HandState
from hoyle.betting import MAX_CHIPS
from hoyle.errors import GameError, HoyleError

if TYPE_CHECKING:
    from hoyle._hand_state import Record

__all__ = ["check_loaded", "replay", "restore"]

_FORCED = frozenset(("ante", "blind", "bring-in"))
_ACTIONS = frozenset(("fold", "check", "call", "bet", "raise", "draw"))
_SLOTS = tuple(_FIELDS)


def replay(hand: HandState, records: list[Record]) -> HandState:
    """A new hand from ``hand``'s deal, with ``records`` (its history, or the
    part of it before some action) played again."""
    dealt = hand._dealt
    if dealt is None:
        raise GameError("this hand was pickled by a hoyle that kept no record of its deal")
    fresh: Any = hand._game.start(
        list(hand._start), button=hand._button, seed=hand._reseed, deck=list(dealt)
    )
    for record in records:
        _street, seat, kind, _amount, total, cards = record
        if kind in _FORCED:
            continue
        if kind not in _ACTIONS:
            raise GameError(f"unknown action {kind!r:.40} in the history")
        if kind in ("bet", "raise"):
            fresh.raise_to(total, seat=seat)
        elif kind == "draw":
            fresh.draw(list(cards), seat=seat)
        else:
            getattr(fresh, kind)(seat=seat)
    if fresh._history != records:
        raise GameError("the history does not follow from the deal and the actions")
    return cast("HandState", fresh)


def restore(hand: HandState, upto: int) -> None:
    """Puts ``hand`` back as it was after the first ``upto`` records of its
    history (undoing an action that failed late)."""
    fresh = replay(hand, hand._history[:upto])
    for name in _SLOTS:
        object.__setattr__(hand, name, getattr(fresh, name))


def check_loaded(hand: HandState) -> None:
    """Raises ``GameError`` unless ``hand`` (just unpickled) is a hand its
    own record produces."""
    if hand._dealt is None:  # (HandState.__setstate__ checked that _game is a game)
        check_fields(hand)
        return
    try:
        fresh = replay(hand, list(hand._history))
    except (HoyleError, TypeError, ValueError, IndexError, KeyError, AttributeError) as err:
        raise GameError(f"a pickled Hand that does not replay: {err}") from None
    mine, theirs = hand.__getstate__(), fresh.__getstate__()
    for name, value in theirs.items():
        if mine[name] != value:
            raise GameError(
                f"a pickled Hand whose {name} is not what its deal and actions give: "
                f"{mine[name]!r:.80}, not {value!r:.80}"
            )


def check_fields(hand: HandState) -> None:
    """The checks a pickle without a record of its deal can have: the seats,
    chips that add up, and each card in one place only."""
    try:
        _check_chips(hand)
        _check_cards(hand)
    except (TypeError, ValueError, IndexError, AttributeError) as err:
        if isinstance(err, GameError):
            raise
        raise GameError(f"a pickled Hand with a malformed field: {err}") from None


def _check_chips(hand: HandState) -> None:
    start = [operator.index(c) for c in hand._start]
    n = len(start)
    if not 2 <= n <= hand._game._plan.max_seats or min(start) <= 0 or sum(start) > MAX_CHIPS:
        raise GameError(f"a pickled Hand with starting stacks {start!r:.80} its game cannot deal")
    seats = (hand._stacks, hand._contrib, hand._folded, hand._cards, hand._up, hand._bets)
    if any(len(x) != n for x in seats) or not 0 <= hand._button < n:
        raise GameError("a pickled Hand whose seats do not agree")
    put = [0] * n
    for record in hand._history:
        put[record[1]] += operator.index(record[3])
    if put != list(hand._contrib) or min(hand._stacks) < 0:
        raise GameError("a pickled Hand whose contributions are not its history's")
    if hand._phase != OVER:
        if any(s + c != b for s, c, b in zip(hand._stacks, hand._contrib, start, strict=True)):
            raise GameError("a pickled Hand whose stacks and contributions are not its stacks")
    elif sum(hand._stacks) > sum(start):
        raise GameError("a pickled Hand that pays out more chips than it started with")


def _check_cards(hand: HandState) -> None:
    cards = [c for seat in hand._cards for c in seat]
    cards += [*hand._board, *hand._deck, *hand._discards]
    twice = [c for c, k in Counter(cards).items() if k > 1]
    if twice or not hand._game._plan.deck_set.issuperset(cards):
        raise GameError("a pickled Hand whose cards are not each dealt once from its deck")
    if any(not set(up) <= set(held) for up, held in zip(hand._up, hand._cards, strict=True)):
        raise GameError("a pickled Hand whose face-up cards are not among its cards")
