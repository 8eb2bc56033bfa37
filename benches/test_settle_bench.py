"""pytest-benchmark of ``hoyle.settle`` from Python: a 9-seat high-low hand
with four all-in levels (main pot and four side pots), a folded seat and ties
in both halves. Run with
``python -m pytest benches/test_settle_bench.py --benchmark-enable``.
Each case checks its answer before it is timed."""

from __future__ import annotations

from typing import Any

import hoyle

CONTRIBUTIONS = [10, 25, 25, 60, 80, 150, 150, 150, 40]
HIGH: list[int | None] = [7, 5, 7, 3, 7, 2, 7, 1, None]
LOW: list[int | None] = [4, None, 4, 2, None, None, 1, 1, None]
RAKE = hoyle.Rake(percent=5, cap=3)


def check(s: hoyle.Settlement, rake: int) -> None:
    assert len(s.pots) == 5
    assert sum(s.payouts) + s.rake == sum(CONTRIBUTIONS)
    assert s.rake == rake


def test_settle_high_low(benchmark: Any) -> None:
    check(hoyle.settle(CONTRIBUTIONS, HIGH, LOW, button=4), 0)
    s = benchmark(hoyle.settle, CONTRIBUTIONS, HIGH, LOW, button=4)
    check(s, 0)


def test_settle_high_low_rake(benchmark: Any) -> None:
    check(hoyle.settle(CONTRIBUTIONS, HIGH, LOW, button=4, rake=RAKE), 15)
    s = benchmark(hoyle.settle, CONTRIBUTIONS, HIGH, LOW, button=4, rake=RAKE)
    check(s, 15)


def test_settle_and_read_payouts(benchmark: Any) -> None:
    def run() -> tuple[int, ...]:
        return hoyle.settle(CONTRIBUTIONS, HIGH, LOW, button=4).payouts

    assert sum(benchmark(run)) == sum(CONTRIBUTIONS)
