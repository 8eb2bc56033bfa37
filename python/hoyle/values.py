"""Hand values for the showdown: the one place a hand asks what a seat's
cards are worth (docs/rules.md §2 and §4).

``values(rules, play_high, cards, board)`` returns ``(high, low)`` for
``hoyle.settle``: ints, larger is better; ``low`` is None when the game has
no low half or the hand does not qualify. In a low-only game (razz,
deuce-to-seven, badugi) the low value is returned as the ``high`` one.
With ``split`` (``Game.split``: badeucy, badacy) the ``high`` value is the
first half's, as above, and ``low`` is the low under ``split``'s ranking
(None when it does not qualify).

Everything is ranked by the Rust evaluator: ``evaluate`` with the game's
``HandRules`` (wild cards, the bug, the four-flush, Omaha's two plus three)
and ``evaluate_low`` for the low rankings. Under natural rules
(``HandRules.is_natural``) the high hand takes the fast path (one tuple of
ints).

>>> from hoyle import HandRules
>>> a5 = HandRules(low="ace-to-five", low_qualifier=8)
>>> low = lambda text: values(a5, True, _ids(text), ())[1]
>>> low("5c 4d 3h 2s Ac") > low("6c 4d 3h 2s Ac") > low("8c 7d 6h 5s 4c")
True
>>> low("9c 4d 3h 2s Ac") is None
True
>>> deuces = HandRules(wild_ranks="2")
>>> high = lambda text: values(deuces, True, _ids(text), ())[0]
>>> high("As Ad Ac Ah 2c") > high("Ks Kd Kc Kh Ac")
True
>>> a6 = HandRules(low="ace-to-six")
>>> low6 = lambda text: values(a6, True, _ids(text), ())[1]
>>> low6("6c 4d 3h 2s Ac") > low6("7c 4d 3h 2s Ac") > low6("5c 4d 3h 2s Ac")
True
>>> d7 = HandRules(low="deuce-to-seven")
>>> low7 = lambda text: values(d7, False, _ids(text), ())[0]
>>> low7("7c 5d 4h 3s 2c") > low7("8c 5d 4h 3s 2c") > low7("Ac 5d 4h 3s 2c")
True
>>> low7("7c 5c 4c 3c 2c") < low7("Kc Qd Jh 9s 8c")
True
>>> bd = HandRules(low="badugi")
>>> lowb = lambda text: values(bd, False, _ids(text), ())[0]
>>> lowb("Ac 2d 3h 4s") > lowb("Ac 2d 3h 5s") > lowb("Ac 2d 3h 3s")
True
>>> badeucy = lambda text: values(bd, False, _ids(text), (), split=d7)
>>> b1, d1 = badeucy("Ac 2d 3h 4s Kc")  # the best badugi, a king-high deuce low
>>> b2, d2 = badeucy("2c 3d 4h 7s 5c")  # a three-card badugi, the best deuce low
>>> b1 > b2 and d2 > d1
True
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle._core import HandRules, evaluate, evaluate_low, parse_cards
from hoyle.errors import GameError

__all__ = ["small_value", "values"]

_SMALL_MOST = 4  # small_hands: the showdowns of 1 to 4 cards


def _ids(text: str) -> tuple[int, ...]:
    return tuple(c.id for c in parse_cards(text))


def _plain(rules: HandRules) -> bool:
    """True under natural rules (``HandRules.is_natural``, defined in the core)."""
    return rules.is_natural


def values(
    rules: HandRules,
    play_high: bool,
    cards: Sequence[int],
    board: Sequence[int],
    *,
    split: HandRules | None = None,
    small: bool = False,
) -> tuple[int, int | None]:
    """``(high, low)`` values of one seat's cards for ``hoyle.settle``;
    ``small`` (``Game.small_hands``): 1 to 4 cards are ranked by ``small_value``."""
    if small and len(cards) + len(board) <= _SMALL_MOST:
        return small_value((*cards, *board)), None
    if split is not None:
        first, _ = values(rules, play_high, cards, board)
        rank = evaluate_low(tuple(cards), board=tuple(board) or None, rules=split)
        return first, None if rank is None else rank.value
    low: int | None = None
    if rules.low is not None:
        rank = evaluate_low(tuple(cards), board=tuple(board) or None, rules=rules)
        low = None if rank is None else rank.value
        if not play_high:
            return (0 if low is None else low), None
    if _plain(rules):
        return evaluate((*cards, *board)).value, low
    return evaluate(tuple(cards), board=tuple(board) or None, rules=rules).value, low


def small_value(cards: Sequence[int]) -> int:
    """The value of a small high hand (``Game.small_hands``, docs/rules.md
    §2): 1 to 4 cards ranked by their sets of one rank (four of a kind,
    three of a kind, two pair, a pair, none), then by the ranks in that
    order, highest first; suits never count. Larger is better; hands of the
    same size compare.

    >>> v = lambda text: small_value(_ids(text))
    >>> v("Kc") > v("Qd") > v("Jc") == v("Jd")
    True
    >>> v("Jc Jd") > v("Kc Qd") > v("Kd Jc") > v("Qc Jd")
    True
    >>> v("2c 2d 3h 3s") > v("Ac Ad Kh Qs") > v("Ac Kd Qh Js")
    True
    """
    if not 1 <= len(cards) <= _SMALL_MOST or len(set(cards)) != len(cards):
        raise GameError(f"a small hand is 1 to {_SMALL_MOST} distinct cards, got {len(cards)}")
    count: dict[int, int] = {}
    for c in cards:
        count[c // 4] = count.get(c // 4, 0) + 1
    ranks = sorted(count, key=lambda r: (count[r], r), reverse=True)
    most = count[ranks[0]]
    pairs = sum(1 for n in count.values() if n == 2)
    value = most if most > 2 else pairs  # none 0, a pair 1, two pair 2, three 3, four 4
    for k in range(_SMALL_MOST):
        value = value * 16 + (ranks[k] + 1 if k < len(ranks) else 0)
    return value + 1
