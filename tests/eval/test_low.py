"""Low hands: a naive oracle written here for each ranking and the
qualifier, the batch against single calls, and PokerKit when installed."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
import pytest
from hoyle import HandRules, LowRank, evaluate_low, evaluate_low_batch

Key = tuple[int, ...]


def groups(nums: list[int]) -> tuple[list[int], list[int]]:
    counts = {n: nums.count(n) for n in nums}
    order = sorted(counts, key=lambda n: (counts[n], n), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    tie = [n for n in order for _ in range(counts[n])]
    return shape, tie


def key_a5(cards: list[int]) -> Key:
    nums = [(c // 4 + 1) % 13 for c in cards]
    shape, tie = groups(nums)
    cat = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4}
    return (cat.get(tuple(shape), 5), *tie)


def key_straights(nums: list[int], flush: bool) -> Key:
    shape, tie = groups(nums)
    straight = len(shape) == 5 and max(nums) - min(nums) == 4
    if straight and flush:
        cat = 8
    elif shape == [4, 1]:
        cat = 7
    elif shape == [3, 2]:
        cat = 6
    elif flush:
        cat = 5
    elif straight:
        cat = 4
    else:
        cat = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3}[tuple(shape)]
    return (cat, *tie)


def key_27(cards: list[int]) -> Key:
    flush = len({c % 4 for c in cards}) == 1
    return key_straights([c // 4 for c in cards], flush)


def key_a6(cards: list[int]) -> Key:
    flush = len({c % 4 for c in cards}) == 1
    low = key_straights([(c // 4 + 1) % 13 for c in cards], flush)
    high = key_straights([c // 4 + 1 for c in cards], flush)
    return min(low, high)


def best(cards: list[int], key: Callable[[list[int]], Key]) -> Key:
    return min(key(list(five)) for five in itertools.combinations(cards, 5))


def qualifies(k: Key) -> bool:
    return k[0] == 0 and k[1] <= 7


def key_badugi(cards: list[int]) -> Key:
    out: list[Key] = []
    for size in range(1, 5):
        for sub in itertools.combinations(cards, size):
            if len({c // 4 for c in sub}) == size == len({c % 4 for c in sub}):
                nums = sorted(((c // 4 + 1) % 13 for c in sub), reverse=True)
                out.append((4 - size, *nums))
    return min(out)


def random_rows(n: int, k: int, seed: int) -> npt.NDArray[np.uint8]:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


CASES: list[tuple[HandRules, Callable[[list[int]], Key], bool]] = [
    (HandRules(low="ace-to-five"), key_a5, False),
    (HandRules(low="ace-to-five", low_qualifier=8), key_a5, True),
    (HandRules(low="deuce-to-seven"), key_27, False),
    (HandRules(low="ace-to-six"), key_a6, False),
]


@pytest.mark.parametrize(("rules", "key", "qualifier"), CASES, ids=repr)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_against_naive_oracle(
    rules: HandRules, key: Callable[[list[int]], Key], qualifier: bool, k: int
) -> None:
    rows = random_rows(4000, k, k + 10)
    values = evaluate_low_batch(rows, rules=rules)
    seen: dict[int, Key] = {}
    for row, v in zip(rows, values, strict=True):
        cards = [int(c) for c in row]
        o = best(cards, key)
        if qualifier and not qualifies(o):
            assert v == 0
            assert evaluate_low(tuple(cards), rules=rules) is None
            continue
        assert seen.setdefault(int(v), o) == o
        single = evaluate_low(tuple(cards), rules=rules)
        assert single is not None
        assert single.value == v
    ordered = sorted(seen.items())
    for (_, a), (_, b) in itertools.pairwise(ordered):
        assert a > b  # larger value, better (smaller) key


def test_badugi_against_naive_oracle() -> None:
    rules = HandRules(low="badugi")
    for k in (4, 5, 7):
        rows = random_rows(3000, k, k)
        values = evaluate_low_batch(rows, rules=rules)
        seen: dict[int, Key] = {}
        for row, v in zip(rows, values, strict=True):
            o = key_badugi([int(c) for c in row])
            assert seen.setdefault(int(v), o) == o
        ordered = sorted(seen.items())
        for (_, a), (_, b) in itertools.pairwise(ordered):
            assert a > b


def test_omaha_eight_or_better() -> None:
    rules = HandRules(low="ace-to-five", low_qualifier=8, hole_cards=2)
    rows = random_rows(2000, 9, 99)
    hole, board = np.ascontiguousarray(rows[:, :4]), np.ascontiguousarray(rows[:, 4:])
    values = evaluate_low_batch(hole, board=board, rules=rules)
    for h, b, v in zip(hole, board, values, strict=True):
        keys = [
            key_a5([*hh, *bb])
            for hh in itertools.combinations([int(c) for c in h], 2)
            for bb in itertools.combinations([int(c) for c in b], 3)
        ]
        good = [k for k in keys if qualifies(k)]
        assert (v == 0) == (not good)
        single = evaluate_low(tuple(int(c) for c in h), board=tuple(int(c) for c in b), rules=rules)
        assert (single.value if single else 0) == v


def _compare(rules: HandRules, cls_name: str, k: int, omaha: bool = False) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    cls = getattr(pokerkit, cls_name)
    rows = random_rows(400, 9 if omaha else k, 7)

    def name(cs: list[int]) -> str:
        return "".join("23456789TJQKA"[c // 4] + "cdhs"[c % 4] for c in cs)

    ours: list[LowRank | None] = []
    theirs: list[object | None] = []
    for row in rows:
        cs = [int(c) for c in row]
        hole, board = (cs[:4], cs[4:]) if omaha else (cs, [])
        ours.append(evaluate_low(tuple(hole), board=tuple(board), rules=rules))
        try:
            theirs.append(cls.from_game(name(hole), name(board)))
        except ValueError:
            theirs.append(None)
    for i, j in itertools.combinations(range(len(rows)), 2):
        a, b, x, y = ours[i], ours[j], theirs[i], theirs[j]
        assert (a is None) == (x is None)
        if a is None or b is None or x is None or y is None:
            continue
        assert (a > b) == (x > y)  # type: ignore[operator]
        assert (a == b) == (x == y)


def test_pokerkit_ace_to_five() -> None:
    _compare(HandRules(low="ace-to-five"), "RegularLowHand", 7)


def test_pokerkit_eight_or_better() -> None:
    _compare(HandRules(low="ace-to-five", low_qualifier=8), "EightOrBetterLowHand", 7)


def test_pokerkit_deuce_to_seven() -> None:
    _compare(HandRules(low="deuce-to-seven"), "StandardLowHand", 5)
    _compare(HandRules(low="deuce-to-seven"), "StandardLowHand", 7)


def test_pokerkit_badugi() -> None:
    _compare(HandRules(low="badugi"), "BadugiHand", 4)


def test_pokerkit_omaha_eight_or_better() -> None:
    rules = HandRules(low="ace-to-five", low_qualifier=8, hole_cards=2)
    _compare(rules, "OmahaEightOrBetterLowHand", 9, omaha=True)
