"""The showdown adapter: the one place a hand asks what a seat's cards are
worth (RULES.md §2 and §4).

``values(rules, play_high, cards, board)`` returns ``(high, low)`` for
``hoyle.settle``: ints, larger is better; ``low`` is None when the game has
no low half or the hand does not qualify. In a low-only game (razz,
deuce-to-seven, badugi) the low value is returned as the ``high`` one.

Natural high hands use the Rust evaluator (Omaha: the best two hole cards
with three board cards). The four low rankings are plain Python here,
correct and not fast; they and wild cards move to the rule-aware Rust
evaluator when it lands (issue 3).

>>> from hoyle.rules import HandRules
>>> a5 = HandRules(low="ace-to-five", low_qualifier=8)
>>> low = lambda text: values(a5, True, _ids(text), ())[1]
>>> low("5c 4d 3h 2s Ac") > low("6c 4d 3h 2s Ac") > low("8c 7d 6h 5s 4c")
True
>>> low("9c 4d 3h 2s Ac") is None
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
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from hoyle._core import evaluate, parse_cards

__all__ = ["values"]

_TOP = 1 << 24


def _ids(text: str) -> tuple[int, ...]:
    return tuple(c.id for c in parse_cards(text))


def _groups(ranks: Sequence[int]) -> tuple[int, list[int]]:
    """Pairing class (0 no pair .. 5 quads) and the ranks ordered by group
    size, then rank, both descending."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    order = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in order)
    cls = {
        (1, 1, 1, 1, 1): 0,
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 4,
        (4, 1): 5,
    }[shape]
    out: list[int] = []
    for r, c in order:
        out.extend([r] * c)
    return cls, out


def _pack(cls: int, ranks: Sequence[int]) -> int:
    key = cls
    for r in ranks:
        key = key * 16 + r
    return key


def _strength(cards: Sequence[int], ace: int) -> int:
    """Poker strength of five cards with the ace as rank ``ace`` (1 or 14),
    straights only on consecutive ranks (no wrap): larger is stronger."""
    ranks = [ace if c // 4 == 12 else c // 4 + 2 for c in cards]
    flush = len({c & 3 for c in cards}) == 1
    cls, ordered = _groups(ranks)
    straight = cls == 0 and max(ranks) - min(ranks) == 4
    category = {0: 0, 1: 1, 2: 2, 3: 3, 4: 6, 5: 7}[cls]
    if straight and flush:
        category = 8
    elif flush:
        category = 5
    elif straight:
        category = 4
    return _pack(category, ordered)


def _a5_key(cards: Sequence[int]) -> tuple[int, bool]:
    ranks = [1 if c // 4 == 12 else c // 4 + 2 for c in cards]
    cls, ordered = _groups(ranks)
    return _pack(cls, ordered), cls == 0


def _low5(low: str, five: Sequence[int], qualifier: int | None) -> int | None:
    """Low value of exactly five cards, larger is better; None when it does
    not qualify."""
    if low == "ace-to-five":
        key, no_pair = _a5_key(five)
        top = max(1 if c // 4 == 12 else c // 4 + 2 for c in five)
    elif low == "deuce-to-seven":
        key = _strength(five, 14)
        no_pair = key < 16**5
        top = max(c // 4 + 2 for c in five)
    else:  # ace-to-six: the better of ace low and ace high
        a_low, a_high = _strength(five, 1), _strength(five, 14)
        key = min(a_low, a_high)
        no_pair = key < 16**5
        top = key // 16**4 % 16
    if qualifier is not None and not (no_pair and top <= qualifier):
        return None
    return _TOP - key


def _badugi(cards: Sequence[int]) -> int:
    best = 0
    for size in range(min(4, len(cards)), 0, -1):
        for sub in combinations(cards, size):
            if len({c & 3 for c in sub}) < size:
                continue
            ranks = sorted({1 if c // 4 == 12 else c // 4 + 2 for c in sub}, reverse=True)
            if len(ranks) < size:
                continue
            value = size * 16**5 + (16**4 - _pack(0, ranks + [0] * (4 - size)))
            best = max(best, value)
        if best:
            return best
    return best


def _low(rules: Any, cards: Sequence[int], board: Sequence[int]) -> int | None:
    low: str = rules.low
    if low == "badugi":
        return _badugi(list(cards) + list(board))
    qualifier: int | None = rules.low_qualifier
    best: int | None = None
    for five in _fives(rules, cards, board):
        v = _low5(low, five, qualifier)
        if v is not None and (best is None or v > best):
            best = v
    return best


def _fives(rules: Any, cards: Sequence[int], board: Sequence[int]) -> list[tuple[int, ...]]:
    hole: int | None = rules.hole_cards
    if hole is None:
        return list(combinations(tuple(cards) + tuple(board), 5))
    return [h + b for h in combinations(cards, hole) for b in combinations(board, 5 - hole)]


def _high(rules: Any, cards: Sequence[int], board: Sequence[int]) -> int:
    if rules.hole_cards is None:
        return evaluate((*cards, *board)).value
    return max(evaluate(five).value for five in _fives(rules, cards, board))


def values(
    rules: Any, play_high: bool, cards: Sequence[int], board: Sequence[int]
) -> tuple[int, int | None]:
    """``(high, low)`` values of one seat's cards for ``hoyle.settle``."""
    if rules.low is None:
        return _high(rules, cards, board), None
    low = _low(rules, cards, board)
    if not play_high:
        return (0 if low is None else low), None
    return _high(rules, cards, board), low
