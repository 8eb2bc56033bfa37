"""A naive high-hand oracle, written plainly and apart from the Rust tables:
rank each five-card subset by counting, take the best."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

# Category numbers as in hoyle.Category.
HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = (
    1,
    2,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
)

Key = tuple[int, tuple[int, ...]]


def five_key(cards: Sequence[int]) -> Key:  # noqa: PLR0911 (the oracle reads as the rule book ranks: one return a category)
    """(category, tie-break ranks) of five card ids; larger is better."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    by_group = tuple(r for r, _ in groups)
    shape = tuple(n for _, n in groups)
    straight_top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            straight_top = 3
    if straight_top is not None and flush:
        return STRAIGHT_FLUSH, (straight_top,)
    if shape == (4, 1):
        return QUADS, by_group
    if shape == (3, 2):
        return FULL_HOUSE, by_group
    if flush:
        return FLUSH, tuple(ranks)
    if straight_top is not None:
        return STRAIGHT, (straight_top,)
    if shape == (3, 1, 1):
        return TRIPS, by_group
    if shape == (2, 2, 1):
        return TWO_PAIR, by_group
    if shape == (2, 1, 1, 1):
        return ONE_PAIR, by_group
    return HIGH_CARD, tuple(ranks)


def best_key(cards: Sequence[int]) -> Key:
    """The best five-card key among all subsets of 5..7 cards."""
    return max(five_key(h) for h in combinations(cards, 5))
