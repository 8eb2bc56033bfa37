"""pytest-benchmark: hoyle's evaluator beside the installed peers.

Run with ``pytest benches --benchmark-enable``; the ratios are printed at the
end of the run. Each case also checks its answers against hoyle's."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

import hoyle
import numpy as np
import pytest
from hoyle import bench
from pytest_benchmark.fixture import BenchmarkFixture

from .conftest import THROUGHPUT

SINGLE = bench.random_hands(100_000, seed=1)
BATCH = bench.random_hands(2_000_000, seed=2)
CASES = {case.name: case for case in bench.cases(SINGLE)}
# The same 100,000 hands as tuples of ints, as a user holds them.
HANDS = [tuple(int(c) for c in row) for row in SINGLE]


@pytest.mark.parametrize("name", list(CASES))
def test_throughput(benchmark: BenchmarkFixture, name: str) -> None:
    case = CASES[name]
    if name.startswith("hoyle evaluate_batch"):
        threads = 1 if "1 thread" in name else 2
        values = benchmark.pedantic(  # type: ignore[no-untyped-call]
            hoyle.evaluate_batch,
            args=(BATCH,),
            kwargs={"threads": threads},
            rounds=10,
            warmup_rounds=1,
        )
        assert values[:1000].tolist() == [hoyle.evaluate(r.tolist()).value for r in BATCH[:1000]]
        hands = len(BATCH)
    else:
        benchmark.pedantic(case.run, rounds=5, warmup_rounds=1)  # type: ignore[no-untyped-call]
        hands = case.hands
    if benchmark.stats is not None:
        THROUGHPUT[name] = hands / benchmark.stats.stats.min


def test_peers_agree_on_order() -> None:
    """The peers' answers order a sample of hands as hoyle does."""
    phevaluator = pytest.importorskip("phevaluator")
    rows = [tuple(int(c) for c in r) for r in SINGLE[:5000]]
    ours = np.array([hoyle.evaluate(r).value for r in rows])
    # phevaluator: smaller is stronger
    theirs = -np.array([phevaluator._pheval.evaluate_7cards(*r) for r in rows])
    assert (
        np.sign(np.subtract.outer(ours, ours)) == np.sign(np.subtract.outer(theirs, theirs))
    ).all()


def _kept_cases() -> dict[str, Callable[[], list[object]]]:
    """Each evaluator as a user writes it: a list comprehension that keeps
    every result (hoyle's ``HandRank``, its ``.value``, ``hoyle.rank``, and
    phevaluator's raw C call, the fastest installable peer)."""
    evaluate, rank = hoyle.evaluate, hoyle.rank
    cases: dict[str, Callable[[], list[object]]] = {
        "hoyle [evaluate(h) for h in hands], kept": lambda: [evaluate(h) for h in HANDS],
        "hoyle [evaluate(h).value for h in hands], kept": lambda: [
            evaluate(h).value for h in HANDS
        ],
        "hoyle [rank(h) for h in hands], kept": lambda: [rank(h) for h in HANDS],
    }
    if importlib.util.find_spec("phevaluator") is not None:
        from phevaluator import _pheval  # type: ignore[import-untyped]

        raw = _pheval.evaluate_7cards
        cases["phevaluator [evaluate_7cards(*h) for h in hands], kept"] = lambda: [
            raw(*h) for h in HANDS
        ]
    return cases


KEPT = _kept_cases()
EXPECTED = hoyle.evaluate_batch(SINGLE).tolist()


@pytest.mark.parametrize("name", list(KEPT))
def test_kept(benchmark: BenchmarkFixture, name: str) -> None:
    """Results kept, warm-up once, best of rounds (the list of the round
    before is freed inside the timed call, as a loop that builds one list
    per pass frees its last)."""
    results = benchmark.pedantic(KEPT[name], rounds=7, warmup_rounds=1)  # type: ignore[no-untyped-call]
    assert len(results) == len(HANDS)
    if name.startswith("hoyle [evaluate(h) for"):
        assert [r.value for r in results] == EXPECTED
    elif name.startswith("hoyle"):
        assert results == EXPECTED
    else:  # phevaluator: smaller is stronger, so the order is reversed
        order = np.argsort(-np.array(results), kind="stable")
        assert (np.diff(np.array(EXPECTED)[order]) >= 0).all()
    if benchmark.stats is not None:
        THROUGHPUT[name] = len(HANDS) / benchmark.stats.stats.min


@pytest.mark.parametrize("threads", [1, 2])
def test_batch_out(benchmark: BenchmarkFixture, threads: int) -> None:
    """``evaluate_batch(..., out=)`` into one array made once."""
    out = np.empty(len(BATCH), dtype=np.uint32)
    values = benchmark.pedantic(  # type: ignore[no-untyped-call]
        hoyle.evaluate_batch,
        args=(BATCH,),
        kwargs={"threads": threads, "out": out},
        rounds=10,
        warmup_rounds=1,
    )
    assert values is out
    assert out[:1000].tolist() == [hoyle.evaluate(r.tolist()).value for r in BATCH[:1000]]
    if benchmark.stats is not None:
        name = "1 thread" if threads == 1 else "2 threads"
        THROUGHPUT[f"hoyle evaluate_batch out=, {name}"] = len(BATCH) / benchmark.stats.stats.min
