"""pytest-benchmark: the cheap calls of issue 27 beside their peers, same
run: ``hoyle.hand_strength`` against PokerKit's ``calculate_hand_strength``
(1,000 trials each), ``hoyle.deal(10_000_000)`` on one thread, and a numpy
row against a tuple in ``evaluate``. Ratios print at the end."""

from __future__ import annotations

import hoyle
import numpy as np
import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from .conftest import THROUGHPUT

TRIALS = 1_000
HOLE, BOARD = "AhKh", "Qh Jd 2c"


def test_hand_strength_1000(benchmark: BenchmarkFixture) -> None:
    got = benchmark.pedantic(  # type: ignore[no-untyped-call]
        hoyle.hand_strength,
        args=(HOLE,),
        kwargs={"board": BOARD, "trials": TRIALS, "seed": 1},
        rounds=200,
        warmup_rounds=5,
    )
    assert 0.55 < got < 0.75
    if benchmark.stats is not None:
        THROUGHPUT["hoyle hand_strength, 1,000 trials (calls)"] = 1 / benchmark.stats.stats.min


def test_pokerkit_hand_strength_1000(benchmark: BenchmarkFixture) -> None:
    pk = pytest.importorskip("pokerkit")
    args = (
        2,
        pk.parse_range(HOLE),
        pk.Card.parse(BOARD.replace(" ", "")),
        2,
        5,
        pk.Deck.STANDARD,
        (pk.StandardHighHand,),
    )
    got = benchmark.pedantic(  # type: ignore[no-untyped-call]
        pk.calculate_hand_strength, args=args, kwargs={"sample_count": TRIALS}, rounds=5
    )
    assert 0.55 < got < 0.75
    if benchmark.stats is not None:
        THROUGHPUT["pokerkit calculate_hand_strength, 1,000 (calls)"] = (
            1 / benchmark.stats.stats.min
        )


def test_deal_10m_one_thread(benchmark: BenchmarkFixture) -> None:
    rows = benchmark.pedantic(  # type: ignore[no-untyped-call]
        hoyle.deal, args=(10_000_000,), kwargs={"seed": 1, "threads": 1}, rounds=5
    )
    assert rows.shape == (10_000_000, 7)
    if benchmark.stats is not None:
        THROUGHPUT["hoyle deal(10_000_000), 1 thread (rows)"] = 1e7 / benchmark.stats.stats.min


@pytest.mark.parametrize("kind", ["tuple", "numpy row"])
def test_evaluate_row(benchmark: BenchmarkFixture, kind: str) -> None:
    rows = hoyle.deal(1_000, seed=2)
    hands = [tuple(int(c) for c in r) for r in rows] if kind == "tuple" else list(rows)

    def loop() -> int:
        return sum(hoyle.rank(h) for h in hands)

    benchmark.pedantic(loop, rounds=50, warmup_rounds=2)  # type: ignore[no-untyped-call]
    if benchmark.stats is not None:
        THROUGHPUT[f"hoyle rank({kind}) loop"] = len(hands) / benchmark.stats.stats.min


def write_cheap(write: object) -> None:
    """The issue-27 ratios (called from conftest's summary)."""
    assert callable(write)
    ours = THROUGHPUT.get("hoyle hand_strength, 1,000 trials (calls)")
    theirs = THROUGHPUT.get("pokerkit calculate_hand_strength, 1,000 (calls)")
    if ours and theirs:
        write(
            f"  hand_strength / pokerkit calculate_hand_strength, 1,000 trials:"
            f" {ours / theirs:.0f}x ({1e6 / ours:.0f} us a call; target 20x)"
        )
    deal = THROUGHPUT.get("hoyle deal(10_000_000), 1 thread (rows)")
    if deal:
        write(f"  deal(10_000_000), 1 thread: {1e7 / deal:.3f} s (target under 0.1 s)")
    tup, row = (
        THROUGHPUT.get("hoyle rank(tuple) loop"),
        THROUGHPUT.get("hoyle rank(numpy row) loop"),
    )
    if tup and row:
        write(f"  rank(numpy row) / rank(tuple), per call: {tup / row:.2f}x the time")
    assert np is not None
