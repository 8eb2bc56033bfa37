"""Hands under rules, hands per second, with peers timed in the same run.

Run: ``pytest benches/test_rules_bench.py --benchmark-enable -s``. Each test
also measures its own rate directly (best of a few runs, one thread) and
prints it, with the ratio to a peer where one exists; results are checked
for correctness on the side, as the benchmarks of orjson do.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hoyle import HandRules, evaluate, evaluate_batch, evaluate_low, evaluate_low_batch

from .conftest import THROUGHPUT

ROWS = 1 << 20


def random_rows(n: int, k: int, deck: int, seed: int) -> npt.NDArray[np.uint8]:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, deck)), axis=1)[:, :k].astype(np.uint8)


def rate(f: Callable[[], object], n: int, repeat: int = 5) -> float:
    """Items per second of `f`, best of `repeat`."""
    f()
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t0)
    return n / best


SETTINGS = {
    "deuces_wild": (HandRules(wild_ranks="2"), 52, 100e6),
    "joker_wild": (HandRules(jokers="wild"), 54, 100e6),
    "bug": (HandRules(jokers="bug"), 54, 0.0),
}


@pytest.mark.parametrize("name", list(SETTINGS))
def test_wild_batch_7(benchmark: Any, name: str) -> None:
    rules, deck, target = SETTINGS[name]
    hands = random_rows(ROWS, 7, deck, 1)
    values = evaluate_batch(hands, rules=rules, threads=1)
    for row in range(0, ROWS, ROWS // 50):
        assert evaluate(tuple(int(c) for c in hands[row]), rules=rules).value == values[row]
    r = rate(lambda: evaluate_batch(hands, rules=rules, threads=1), ROWS)
    plain = random_rows(ROWS, 7, 52, 9)
    natural = rate(lambda: evaluate_batch(plain, threads=1), ROWS)
    print(
        f"\n{name}: {r / 1e6:.0f} M hands/s one thread (target {target / 1e6:.0f}); "
        f"natural batch in the same run {natural / 1e6:.0f} M/s ({r / natural:.2f}x of it)"
    )
    benchmark(evaluate_batch, hands, rules=rules, threads=1)


def test_short_deck_batch_7(benchmark: Any) -> None:
    """Short-deck hold'em's seven-card batch (both conventions run the same
    tables), with the natural batch in the same run."""
    rules = HandRules(short_deck="straight-beats-trips")
    hands = random_rows(ROWS, 7, 36, 3) + 16
    values = evaluate_batch(hands, rules=rules, threads=1)
    for row in range(0, ROWS, ROWS // 50):
        assert evaluate(tuple(int(c) for c in hands[row]), rules=rules).value == values[row]
    r = rate(lambda: evaluate_batch(hands, rules=rules, threads=1), ROWS)
    plain = random_rows(ROWS, 7, 52, 9)
    natural = rate(lambda: evaluate_batch(plain, threads=1), ROWS)
    print(
        f"\nshort deck: {r / 1e6:.0f} M hands/s one thread; "
        f"natural batch in the same run {natural / 1e6:.0f} M/s ({r / natural:.2f}x of it)"
    )
    benchmark(evaluate_batch, hands, rules=rules, threads=1)


def test_ace_to_five_8_or_better_batch_7(benchmark: Any) -> None:
    rules = HandRules(low="ace-to-five", low_qualifier=8)
    hands = random_rows(ROWS, 7, 52, 2)
    values = evaluate_low_batch(hands, rules=rules, threads=1)
    for row in range(0, ROWS, ROWS // 50):
        low = evaluate_low(tuple(int(c) for c in hands[row]), rules=rules)
        assert (low.value if low else 0) == values[row]
    r = rate(lambda: evaluate_low_batch(hands, rules=rules, threads=1), ROWS)
    print(f"\nace-to-five 8-or-better: {r / 1e6:.0f} M hands/s one thread (target 200)")
    pk = pytest.importorskip("pokerkit")
    names = [
        "".join("23456789TJQKA"[c // 4] + "cdhs"[c % 4] for c in map(int, row))
        for row in hands[:2000]
    ]

    def pokerkit_loop() -> None:
        for text in names:
            with contextlib.suppress(ValueError):
                pk.EightOrBetterLowHand.from_game(text)

    theirs = rate(pokerkit_loop, len(names), repeat=1)
    print(
        f"PokerKit EightOrBetterLowHand.from_game: {theirs / 1e6:.4f} M/s; ratio {r / theirs:.0f}x"
    )
    benchmark(evaluate_low_batch, hands, rules=rules, threads=1)


def test_omaha_vs_phevaluator(benchmark: Any) -> None:
    phe = pytest.importorskip("phevaluator")
    rules = HandRules(hole_cards=2)
    rows = random_rows(1 << 17, 9, 52, 3)
    hole = np.ascontiguousarray(rows[:, :4])
    board = np.ascontiguousarray(rows[:, 4:])
    ours = rate(lambda: evaluate_batch(hole, board=board, rules=rules, threads=1), len(rows))
    calls = [([int(c) for c in b], [int(c) for c in h]) for h, b in zip(hole, board, strict=True)]
    calls = calls[:30000]

    def phevaluator_loop() -> None:
        for b, h in calls:
            phe.evaluate_omaha_cards(*b, *h)

    theirs = rate(phevaluator_loop, len(calls), repeat=3)
    ratio = ours / theirs
    print(
        f"\nOmaha 4+5: hoyle batch {ours / 1e6:.2f} M/s, phevaluator from Python "
        f"{theirs / 1e6:.2f} M/s: {ratio:.1f}x (target 3x)"
    )
    assert ratio >= 3
    benchmark(evaluate_batch, hole, board=board, rules=rules, threads=1)


def test_omaha5_vs_phevaluator(benchmark: Any) -> None:
    """Five-card Omaha (two of five hole cards, three of five board cards)
    batch on one thread, results kept in the array it returns, beside
    phevaluator's four-card Omaha call from Python (its Python package has
    no five- or six-card call); six-card Omaha and Big O's low in the same
    run."""
    phe = pytest.importorskip("phevaluator")
    rules = HandRules(hole_cards=2)
    rows = random_rows(1 << 18, 11, 52, 4)
    hole5 = np.ascontiguousarray(rows[:, :5])
    hole6 = np.ascontiguousarray(rows[:, :6])
    board = np.ascontiguousarray(rows[:, 6:])
    kept: list[npt.NDArray[np.uint32]] = []

    def batch(hole: npt.NDArray[np.uint8], low: bool = False) -> None:
        if low:
            lo = HandRules(hole_cards=2, low="ace-to-five", low_qualifier=8)
            kept.append(evaluate_low_batch(hole, board=board, rules=lo, threads=1))
        else:
            kept.append(evaluate_batch(hole, board=board, rules=rules, threads=1))

    five = rate(lambda: batch(hole5), len(rows))
    six = rate(lambda: batch(hole6), len(rows))
    low5 = rate(lambda: batch(hole5, low=True), len(rows))
    for row in range(0, len(rows), len(rows) // 40):
        one = evaluate(hole5[row].tolist(), board=board[row].tolist(), rules=rules)
        assert one.value == kept[0][row]
    some = zip(hole5[:30000], board[:30000], strict=True)
    plo4 = [([int(c) for c in b], [int(c) for c in h[:4]]) for h, b in some]

    def phevaluator_loop() -> None:
        out = [phe.evaluate_omaha_cards(*b, *h) for b, h in plo4]
        assert len(out) == len(plo4)

    theirs = rate(phevaluator_loop, len(plo4), repeat=3)
    THROUGHPUT["hoyle five-card Omaha batch, 1 thread"] = five
    THROUGHPUT["hoyle six-card Omaha batch, 1 thread"] = six
    THROUGHPUT["hoyle Big O low batch, 1 thread"] = low5
    THROUGHPUT["phevaluator evaluate_omaha_cards (PLO4)"] = theirs
    print(
        f"\nOmaha 5+5: hoyle batch {five / 1e6:.2f} M/s one thread (target 4); "
        f"6+5: {six / 1e6:.2f} M/s; Big O low 5+5: {low5 / 1e6:.2f} M/s; "
        f"phevaluator PLO4 from Python {theirs / 1e6:.3f} M/s: "
        f"{five / theirs:.1f}x (target 10x)"
    )
    benchmark(evaluate_batch, hole5, board=board, rules=rules, threads=1)
