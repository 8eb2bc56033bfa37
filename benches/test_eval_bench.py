"""pytest-benchmark: hoyle's evaluator beside the installed peers.

Run with ``pytest benches --benchmark-enable``; the ratios are printed at the
end of the run. Each case also checks its answers against hoyle's."""

from __future__ import annotations

import hoyle
import numpy as np
import pytest
from hoyle import bench
from pytest_benchmark.fixture import BenchmarkFixture

from .conftest import THROUGHPUT

SINGLE = bench.random_hands(100_000, seed=1)
BATCH = bench.random_hands(2_000_000, seed=2)
CASES = {case.name: case for case in bench.cases(SINGLE)}


@pytest.mark.parametrize("name", list(CASES))
def test_throughput(benchmark: BenchmarkFixture, name: str) -> None:
    case = CASES[name]
    if name.startswith("hoyle evaluate_batch"):
        threads = 1 if "1 thread" in name else 2
        values = benchmark.pedantic(  # type: ignore[no-untyped-call]
            hoyle.evaluate_batch, args=(BATCH,), kwargs={"threads": threads}, rounds=10
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
