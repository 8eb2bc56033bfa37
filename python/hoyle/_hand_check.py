"""A hand played again from its record: how an action that fails late is
undone, and how a ``Hand`` unpickled from bytes is checked.

Every hand keeps its deck as dealt (``_dealt``), its reshuffle seed, its
starting stacks and button, its history, and what a hand history's hooks
did to it (``_restubs``, ``_runouts``, ``_unseen``, ``_room_rake``). Those determine
everything else: ``replay`` starts a hand from them (``start_hand``, the
internal start, not ``Game.start``) and plays the recorded actions, so

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
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from hoyle._deal import restub
from hoyle._ending import add_house_money, run_again, take_room_rake
from hoyle._hand_state import DRAWING, OVER, STATE, HandState
from hoyle._hand_view import ACTIONS, FORCED
from hoyle._plan import rings
from hoyle._streets import start_hand
from hoyle.betting import MAX_CHIPS
from hoyle.errors import GameError, HoyleError

if TYPE_CHECKING:
    from hoyle._hand_state import Record

__all__ = ["check_loaded", "dealt_cards", "replay", "restore"]

_SLOTS = STATE  # (not the thread guard: the hand's own stays, held by the action)


Watch = Callable[[Any, "Record | None"], None]


def _unwatched(fresh: Any, record: Record | None) -> None:
    """No one watches the replay (undoing an action, checking a pickle)."""


def replay(hand: HandState, records: list[Record], watch: Watch = _unwatched) -> HandState:
    """A new hand from ``hand``'s deal, with ``records`` (its history, or the
    part of it before some action) played again, and what a hand history's
    hooks did to it (``_deal.restub`` before a draw; ``_ending.show_nothing``
    and ``_ending.take_room_rake`` once the whole record is played). The
    hand starts through the internal ``_streets.start_hand``: undoing an
    action does not go back through the public ``Game.start``."""
    dealt = hand._dealt
    if dealt is None:
        raise GameError("this hand was pickled by a hoyle that kept no record of its deal")
    fresh: Any = start_hand(
        cast(Any, type(hand)),
        hand._game,
        list(hand._start),
        hand._button,
        hand._reseed,
        list(dealt),
    )
    history = fresh._history
    restubs = dict(hand._restubs) if hand._restubs else {}
    watch(fresh, None)
    for i, record in enumerate(records):
        _street, seat, kind, _amount, total, cards = record
        if kind in FORCED and len(history) > i:
            continue  # posted by the hand itself (a bring-in may be the seat's choice)
        if kind == "bring-in":
            fresh.bring_in(seat=seat)
            continue
        if kind not in ACTIONS:
            raise GameError(f"unknown action {kind!r:.40} in the history")
        if kind in ("bet", "raise"):
            fresh.raise_to(total, seat=seat)
        elif kind == "draw":
            if i in restubs:
                restub(fresh, list(restubs[i]), total)
            fresh.draw(list(cards), seat=seat)
        else:
            getattr(fresh, kind)(seat=seat)
        watch(fresh, record)
    if fresh._history != records:
        raise GameError("the history does not follow from the deal and the actions")
    if records == hand._history and fresh.is_over:
        _settle_again(hand, fresh)
    return cast("HandState", fresh)


def dealt_cards(hand: HandState) -> tuple[list[list[int]], list[tuple[int, ...]]] | None:
    """Hook for ``hoyle.history``'s writer (``history/writing.py``): what the
    hand's deal gave, which its fields do not keep once draws have replaced
    cards: each seat's cards as the streets dealt them, in order, and the
    cards each draw of its history dealt, in the order of the draws. Worked
    out from a replay of the record; None for a hand without one (a pickle
    of an older hoyle) or whose record does not replay. Internal to hoyle."""
    if hand._dealt is None:
        return None
    dealt: list[list[int]] = []
    drawn: list[tuple[int, ...]] = []
    held: list[int] = []  # how many cards each seat held after the last action

    def watch(fresh: Any, record: Record | None) -> None:
        now = fresh._cards
        if record is None:
            dealt.extend(list(c) for c in now)
            held.extend(map(len, now))
            return
        seat, total = record[1], record[4] if record[2] == "draw" else 0
        for s, cards in enumerate(now):
            kept = held[s] - total if s == seat else held[s]
            new = cards[kept:]
            if s == seat and record[2] == "draw":
                drawn.append(tuple(new[:total]))
                new = new[total:]
            dealt[s] += new
            held[s] = len(cards)

    try:
        replay(hand, hand._history, watch)
    except HoyleError:
        return None
    return dealt, drawn


def _settle_again(hand: HandState, fresh: Any) -> None:
    """What a hand history's hooks did to ``hand``'s result, done again to
    ``fresh``, its replay (the whole record, and over), in the order the
    replay of a hand history does it."""
    if hand._runouts:
        run_again(fresh, hand._runouts)  # the board run again (``run_again``)
    if hand._unseen:
        fresh._unshown(hand._unseen)  # seats that showed nothing (``show_nothing``)
    if hand._house:
        add_house_money(fresh, hand._house)  # the house's money in the main pot
    if hand._room_rake:
        take_room_rake(fresh, hand._room_rake)


def restore(hand: HandState, upto: int) -> None:
    """Puts ``hand`` back as it was after the first ``upto`` records of its
    history (undoing an action that failed late): writes every field, from
    the replay."""
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
        if not _same(mine[name], value):
            raise GameError(
                f"a pickled Hand whose {name} is not what its deal and actions give: "
                f"{_text(mine[name])}, not {_text(value)}"
            )
    for name in _SLOTS:  # equal; the replay's own objects (plain ints, shared plan)
        object.__setattr__(hand, name, getattr(fresh, name))


def _same(a: Any, b: Any) -> bool:
    """``a == b`` with the same types all the way down (``b`` is the
    replay's: plain lists, tuples and ints, so the descent is shallow)."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if type(a) is list or type(a) is tuple:
        return len(a) == len(b) and all(map(_same, a, b))
    try:
        return bool(a == b)
    except Exception:  # a forged value whose == misbehaves is not the same
        return False


def _text(value: Any) -> str:
    try:
        return f"{value!r:.80}"
    except Exception:
        return f"a {type(value).__name__}"


def check_fields(hand: HandState) -> None:
    """The checks a pickle without a record of its deal can have: the seats,
    chips that add up, and each card in one place only."""
    try:
        _check_shapes(hand)
        _check_chips(hand)
        _check_cards(hand)
    except (TypeError, ValueError, IndexError, AttributeError) as err:
        if isinstance(err, GameError):
            raise
        raise GameError(f"a pickled Hand with a malformed field: {err}") from None


def _ints(value: Any, n: int | None = None, kind: Any = list) -> bool:
    """A ``kind`` of plain ints (of length ``n``)."""
    return (
        type(value) is kind
        and (n is None or len(value) == n)
        and all(type(v) is int for v in value)
    )


def _record(r: Any) -> bool:
    """One history record: (street, seat, kind, amount, total, cards)."""
    return (
        type(r) is tuple
        and len(r) == 6
        and all(type(r[i]) is int for i in (0, 1, 3, 4))
        and r[2] in FORCED | ACTIONS
        and _ints(r[5], kind=tuple)
    )


def _shown(shown: Any, n: int) -> bool:
    def values(v: Any) -> bool:
        return type(v) is list and len(v) == n and all(x is None or type(x) is int for x in v)

    return shown is None or (
        type(shown) is tuple
        and len(shown) == 2
        and values(shown[0])
        and (shown[1] is None or values(shown[1]))
    )


def _check_shapes(hand: HandState) -> None:
    """Every field of the kind and shape a hand of its game has."""
    plan = hand._game._plan
    n = len(hand._start) if type(hand._start) is tuple and 2 <= len(hand._start) <= 64 else 0
    scalars = ("_button", "_reseed", "_street", "_first_street", "_bet", "_raises", "_raise_size")
    good = {
        "_start": n and _ints(hand._start, n, tuple),
        "_n": hand._n == n and hand._ring == rings(n),
        "chips": all(_ints(x, n) for x in (hand._stacks, hand._contrib, hand._bets, hand._level)),
        "_dead": hand._dead is None or _ints(hand._dead, n),
        "cards": all(type(x) is list and len(x) == n for x in (hand._cards, hand._up))
        and all(_ints(c) for c in (*hand._cards, *hand._up)),
        "piles": all(_ints(x) for x in (hand._board, hand._deck, hand._discards, hand._to_draw)),
        "_folded": type(hand._folded) is list
        and len(hand._folded) == n
        and all(type(f) is bool for f in hand._folded),
        "numbers": all(type(getattr(hand, name)) is int for name in scalars),
        "_phase": hand._phase in (0, 1, 2)
        and 0 <= hand._street <= len(plan.streets)
        and (hand._phase == OVER or hand._street < len(plan.streets))
        and (
            hand._phase != DRAWING
            or (plan.streets[hand._street].draw > 0 and hand._to_draw[:1] == [hand._actor])
        ),
        "_actor": (hand._actor is None) == (hand._phase == OVER)
        and (hand._actor is None or (type(hand._actor) is int and 0 <= hand._actor < n)),
        "_voluntary": type(hand._voluntary) is bool,
        "_betting": any(
            type(hand._betting) is type(s.betting) and hand._betting == s.betting
            for s in plan.streets
        ),
        "_min_bet": hand._min_bet == plan.smallest_bet,
        "_history": type(hand._history) is list and all(map(_record, hand._history)),
        "_shown": _shown(hand._shown, n),
        # a hand history's hooks came after the record of the deal: none here
        "hooks": type(hand._restubs) is tuple
        and not hand._restubs
        and type(hand._room_rake) is int
        and hand._room_rake == 0
        and type(hand._house) is int
        and hand._house == 0,
    }
    bad = [name for name, ok in good.items() if not ok]
    if bad:
        raise GameError(f"a pickled Hand with malformed fields: {', '.join(bad)}")


def _check_chips(hand: HandState) -> None:
    amounts = [*hand._start, *hand._stacks, *hand._contrib, *hand._bets]
    if any(type(c) is not int for c in amounts):
        raise GameError("a pickled Hand whose chips are not all ints")
    start = list(hand._start)
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
    else:  # paid as its settlement says
        paid = cast(Any, hand)._settle().payouts
        if any(
            b - c + p != s
            for b, c, p, s in zip(start, hand._contrib, paid, hand._stacks, strict=True)
        ):
            raise GameError("a pickled Hand whose stacks are not what its settlement paid")


def _check_cards(hand: HandState) -> None:
    cards = [c for seat in hand._cards for c in seat]
    cards += [*hand._board, *hand._deck, *hand._discards]
    twice = [c for c, k in Counter(cards).items() if k > 1]
    if twice or not hand._game._plan.deck_set.issuperset(cards):
        raise GameError("a pickled Hand whose cards are not each dealt once from its deck")
    if any(not set(up) <= set(held) for up, held in zip(hand._up, hand._cards, strict=True)):
        raise GameError("a pickled Hand whose face-up cards are not among its cards")
