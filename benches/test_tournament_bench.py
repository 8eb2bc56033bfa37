"""pytest-benchmark of ``hoyle.tournament``: exact ICM at 20 players with 3
paid and at 9 players, and the float DP against PokerKit's permutation
``calculate_icm`` at 8 players in the same run (the ratio is printed at the
end); push/fold at 10 bb with the table loaded, the chart for 1-20 bb, and
1% of the all-in table built by the core; tournaments/s of 6 built-in bots. Run with
``python -m pytest benches/test_tournament_bench.py --benchmark-enable``.
Each case checks its answer before it is timed."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hoyle import _core
from hoyle.tournament import Level, _allin, icm, play, push_fold, push_fold_chart

from .conftest import THROUGHPUT

RNG = random.Random(28)
STACKS_20 = [RNG.randint(1_000, 50_000) for _ in range(20)]
STACKS_9 = STACKS_20[:9]
STACKS_8 = STACKS_20[:8]
PAY_3 = [50, 30, 20]
PAY_9 = [30, 20, 14, 11, 8, 6, 5, 3, 3]
PAY_8 = [30, 20, 15, 11, 9, 7, 5, 3]


def _rate(name: str, benchmark: Any, per_call: float = 1.0) -> None:
    """Calls (times ``per_call``) a second, when timed (``--benchmark-enable``;
    CI's smoke run times nothing)."""
    if benchmark.stats is not None:
        THROUGHPUT[name] = per_call / benchmark.stats.stats.min


def test_icm_20_players_3_paid_exact(benchmark: Any) -> None:
    r = benchmark(icm, STACKS_20, PAY_3, exact=True)
    assert r.method == "exact"
    assert sum(r) == 100
    assert all(type(x) is Fraction for x in r)
    _rate("icm exact 20 players 3 paid, calls", benchmark)


@pytest.mark.parametrize("paid", [3, 9])
def test_icm_9_players_exact(benchmark: Any, paid: int) -> None:
    payouts = PAY_3 if paid == 3 else PAY_9
    r = benchmark(icm, STACKS_9, payouts, exact=True)
    assert r.method == "exact"
    assert sum(r) == sum(payouts)
    _rate(f"icm exact 9 players {paid} paid, calls", benchmark)


@pytest.mark.parametrize("paid", [3, 9])
def test_icm_9_players_floats(benchmark: Any, paid: int) -> None:
    payouts = PAY_3 if paid == 3 else PAY_9
    r = benchmark(icm, STACKS_9, payouts, floats=True)
    assert r.method == "dp"
    assert sum(r) == pytest.approx(sum(payouts))
    _rate(f"icm dp 9 players {paid} paid, calls", benchmark)


@pytest.mark.parametrize("paid", [3, 8])
def test_icm_8_players_floats(benchmark: Any, paid: int) -> None:
    payouts = PAY_3 if paid == 3 else PAY_8
    r = benchmark(icm, STACKS_8, payouts, floats=True)
    assert sum(r) == pytest.approx(sum(payouts))
    _rate(f"icm dp 8 players {paid} paid, calls", benchmark)


@pytest.mark.parametrize("paid", [3, 8])
def test_pokerkit_calculate_icm_8_players(benchmark: Any, paid: int) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    payouts = PAY_3 if paid == 3 else PAY_8
    theirs = benchmark(pokerkit.calculate_icm, payouts, STACKS_8)
    assert theirs == pytest.approx(icm(STACKS_8, payouts, floats=True), rel=1e-9)
    _rate(f"pokerkit calculate_icm 8 players {paid} paid, calls", benchmark)


def test_icm_monte_carlo_100_players(benchmark: Any) -> None:
    stacks = [RNG.randint(1_000, 50_000) for _ in range(100)]
    payouts = list(range(20, 0, -1))
    r = benchmark(icm, stacks, payouts, samples=1 << 20, seed=1)
    assert r.method == "monte-carlo"
    assert sum(r) == pytest.approx(210)
    _rate("icm monte carlo 100 players 20 paid 2**20 samples, calls", benchmark)


def test_push_fold_10_bb(benchmark: Any) -> None:
    push_fold(10)  # the table loaded and expanded once per process, not timed
    pf = benchmark(push_fold, 10)
    assert 0.578 <= pf.push_share <= 0.584
    assert pf.exploitability < 0.01
    _rate("push_fold(10), table cached, calls", benchmark)


def test_push_fold_chart_1_to_20_bb(benchmark: Any) -> None:
    push_fold(10)
    chart = benchmark.pedantic(push_fold_chart, rounds=1, iterations=1)
    assert len(chart.solutions) == 191
    assert chart.push["72o"] == Fraction(8, 5)
    _rate("push_fold_chart 1-20 bb by tenths, calls", benchmark)


def test_building_the_allin_table_sample(benchmark: Any) -> None:
    """1% of the 47,008 matchups through the core (the whole table is 100x)."""
    keys = _allin.matchups()[::100]
    n = len(_allin.COMBOS)
    cards = [_allin.COMBOS[int(k) // n] + _allin.COMBOS[int(k) % n] for k in keys]
    counts = benchmark.pedantic(_core._allin_counts, args=(cards,), rounds=1, iterations=1)
    assert [list(c) for c in counts] == _allin.counts()[::100].tolist()
    share = len(keys) / _allin.MATCHUPS
    _rate("all-in table build, whole table (from 1%), calls", benchmark, share)


def test_tournaments_6_players(benchmark: Any) -> None:
    bots = ["tight", "loose", "random", "tight", "loose", "random"]
    levels = [Level(5, 10, hands=30), Level(10, 20, hands=30), Level(25, 50, ante=5, hands=30)]
    levels.append(Level(50, 100, ante=10))

    def run() -> Any:
        return play(
            "texas_holdem",
            bots,
            stacks=1000,
            payouts=[50, 30, 20],
            levels=levels,
            seed=1,
            tournaments=20,
        )

    r = benchmark.pedantic(run, rounds=3, iterations=1)
    assert sum(p.prize for p in r.players) == 20 * 100
    _rate("tournaments of 6 built-in bots, calls", benchmark, 20)
