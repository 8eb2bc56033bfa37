"""pytest-benchmark: equity beside a Python loop over phevaluator and
eval7's Monte Carlo. Run with ``python -m pytest benches --benchmark-enable``;
ratios are printed at the end (same run, same machine)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

import hoyle
import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from .conftest import THROUGHPUT

BOARDS = 1_712_304


@pytest.mark.parametrize("threads", [1, 2])
def test_exact_akh_qq(benchmark: BenchmarkFixture, threads: int) -> None:
    eq = benchmark.pedantic(  # type: ignore[no-untyped-call]
        hoyle.equity,
        args=(["AhKh", "QsQd"],),
        kwargs={"exact": True, "threads": threads},
        rounds=30,
        warmup_rounds=1,
    )
    assert eq.wins == (787_966, 917_606)
    assert eq.ties == (6_732, 6_732)
    if benchmark.stats is not None:
        THROUGHPUT[f"equity exact AhKh v QsQd, {threads} thread(s)"] = (
            BOARDS / benchmark.stats.stats.min
        )


@pytest.mark.parametrize("threads", [1, 2])
def test_monte_carlo(benchmark: BenchmarkFixture, threads: int) -> None:
    trials = 64 * 65_536
    eq = benchmark.pedantic(  # type: ignore[no-untyped-call]
        hoyle.equity,
        args=(["AhKh", "QsQd"],),
        kwargs={"trials": trials, "seed": 1, "threads": threads},
        rounds=5,
    )
    assert abs(eq.equity[0] - 0.462145) < 5 * eq.stderr[0]
    if benchmark.stats is not None:
        THROUGHPUT[f"equity Monte Carlo, {threads} thread(s)"] = trials / benchmark.stats.stats.min


def phevaluator_loop() -> int:
    # the C call itself (phevaluator's package attributes are lazy)
    ev = pytest.importorskip("phevaluator._pheval").evaluate_7cards
    a, b = (50, 46), (43, 41)  # AhKh, QsQd (id = 4 * rank + suit)
    deck = [c for c in range(52) if c not in (*a, *b)]
    wins = 0
    for x1, x2, x3, x4, x5 in itertools.combinations(deck, 5):
        if ev(*a, x1, x2, x3, x4, x5) < ev(*b, x1, x2, x3, x4, x5):
            wins += 1
    return wins


def test_phevaluator_python_loop(benchmark: BenchmarkFixture) -> None:
    pytest.importorskip("phevaluator")
    wins = benchmark.pedantic(phevaluator_loop, rounds=1)  # type: ignore[no-untyped-call]
    assert wins == 787_966
    if benchmark.stats is not None:
        THROUGHPUT["phevaluator Python loop (exact)"] = BOARDS / benchmark.stats.stats.min


def test_eval7_monte_carlo(benchmark: BenchmarkFixture) -> None:
    eval7 = pytest.importorskip("eval7")
    hero = [eval7.Card("Ah"), eval7.Card("Kh")]
    villain = [((eval7.Card("Qs"), eval7.Card("Qd")), 1.0)]
    trials = 2_000_000
    t = time.perf_counter()
    eq = benchmark.pedantic(  # type: ignore[no-untyped-call]
        eval7.py_hand_vs_range_monte_carlo, args=(hero, villain, [], trials), rounds=3
    )
    assert abs(eq - 0.462) < 0.01, time.perf_counter() - t
    if benchmark.stats is not None:
        THROUGHPUT["eval7 Monte Carlo"] = trials / benchmark.stats.stats.min


# Pre-change engine's counts (1,086,008 boards for each of 216 joint holdings).
RANGE_WINS = (150_671_808, 23_661_252, 38_246_580, 19_079_964)


@pytest.mark.parametrize("threads", [1, 2])
def test_exact_aa_kk_qq_aks(benchmark: BenchmarkFixture, threads: int) -> None:
    # Four ranges preflop, exact: what `hoyle equity AA KK QQ AKs --exact` runs.
    eq = benchmark.pedantic(  # type: ignore[no-untyped-call]
        hoyle.equity,
        args=(["AA", "KK", "QQ", "AKs"],),
        kwargs={"exact": True, "threads": threads},
        rounds=5,
        warmup_rounds=1,
    )
    assert eq.holdings == 216
    assert eq.wins == RANGE_WINS
    if benchmark.stats is not None:
        THROUGHPUT[f"equity exact AA v KK v QQ v AKs, {threads} thread(s)"] = (
            216 * 1_086_008 / benchmark.stats.stats.min
        )


def test_exact_range_v_range(benchmark: BenchmarkFixture) -> None:
    # `hoyle equity "QQ+,AKs" "JJ-99,AQs+" --exact`, one thread.
    eq = benchmark.pedantic(  # type: ignore[no-untyped-call]
        hoyle.equity,
        args=(["QQ+,AKs", "JJ-99,AQs+"],),
        kwargs={"exact": True, "threads": 1},
        rounds=3,
        warmup_rounds=1,
    )
    assert eq.combos == (22, 26)
    if benchmark.stats is not None:
        THROUGHPUT["equity exact QQ+,AKs v JJ-99,AQs+, 1 thread(s)"] = (
            eq.trials / benchmark.stats.stats.min
        )


# Exact heads-up and three-way spots beside OMPEval (through pokerfast's
# compiled-in library, one thread), the same run: issue 31's 3x target.
SPOTS = {"AhKh v QsQd": ["AhKh", "QsQd"], "AhKh v QsQd v 7c6c": ["AhKh", "QsQd", "7c6c"]}


@pytest.mark.parametrize("spot", list(SPOTS))
def test_exact_spot_one_thread(benchmark: BenchmarkFixture, spot: str) -> None:
    eq = benchmark.pedantic(  # type: ignore[no-untyped-call]
        hoyle.equity,
        args=(SPOTS[spot],),
        kwargs={"exact": True, "threads": 1},
        rounds=20,
        warmup_rounds=1,
    )
    assert abs(sum(eq.equity) - 1) < 1e-12
    if benchmark.stats is not None:
        THROUGHPUT[f"hoyle exact {spot}, 1 thread (runs)"] = 1 / benchmark.stats.stats.min


def _ompeval() -> object:
    pokerfast = pytest.importorskip("pokerfast.equity")
    if not pokerfast.available():
        pytest.skip("pokerfast's wheel carries no OMPEval library here")
    return pokerfast


@pytest.mark.parametrize("spot", list(SPOTS))
def test_ompeval_exact_spot_one_thread(benchmark: BenchmarkFixture, spot: str) -> None:
    pf = _ompeval()
    theirs = benchmark.pedantic(  # type: ignore[no-untyped-call]
        pf.equity,  # type: ignore[attr-defined]
        args=(SPOTS[spot],),
        kwargs={"exact": True, "threads": 1},
        rounds=20,
        warmup_rounds=1,
    )
    ours = hoyle.equity(SPOTS[spot], exact=True).equity
    # the same enumeration: equities (ties shared) agree to rounding
    assert max(abs(a - b) for a, b in zip(ours, theirs, strict=True)) < 1e-9, (ours, theirs)
    if benchmark.stats is not None:
        THROUGHPUT[f"ompeval exact {spot}, 1 thread (runs)"] = 1 / benchmark.stats.stats.min


def write_ompeval(write: Callable[[str], None]) -> None:
    """hoyle's exact equity against OMPEval's, one thread each (called from
    conftest's summary)."""
    for spot in SPOTS:
        ours = THROUGHPUT.get(f"hoyle exact {spot}, 1 thread (runs)")
        theirs = THROUGHPUT.get(f"ompeval exact {spot}, 1 thread (runs)")
        if ours and theirs:
            write(
                f"  exact {spot}, 1 thread: hoyle {1e3 / ours:.2f} ms, OMPEval"
                f" (pokerfast) {1e3 / theirs:.2f} ms: {ours / theirs:.2f}x (target 3x)"
            )
