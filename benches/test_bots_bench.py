"""pytest-benchmark of the built-in bots: hands a second of ``simulate`` in
one process at 6-max hold'em with six of each bot (``tag`` and ``station``
beside the caricature ``tight``, the cheapest), and ``hoyle play``'s
default table (the ``equity`` bot's Monte Carlo is most of its time). Run
with ``python -m pytest benches/test_bots_bench.py --benchmark-enable``;
each case checks its result (every hand played, chips conserved) first."""

from __future__ import annotations

from typing import Any

import hoyle
import pytest
from hoyle import play

from .conftest import THROUGHPUT

HANDS = 1_000
TABLES = {
    "six tight": ["tight"] * 6,
    "six station": ["station"] * 6,
    "six tag": ["tag"] * 6,
    "default table": list(play.DEFAULT_BOTS),
}


@pytest.mark.parametrize("table", list(TABLES))
def test_bots_hands_per_second(benchmark: Any, table: str) -> None:
    players = TABLES[table]
    result = benchmark(hoyle.simulate, "texas_holdem", players, hands=HANDS, seed=1)
    assert [s.hands for s in result.seats] == [HANDS] * 6
    assert sum(s.net for s in result.seats) == 0
    if benchmark.stats is not None:
        THROUGHPUT[f"simulate, {table}, hands"] = HANDS / benchmark.stats.stats.min
