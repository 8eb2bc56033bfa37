"""Every equity answer of the engine before the speed work of issue 14,
replayed: a few hundred random spots (hands, ranges, weights, boards of
0/3/4/5 cards, dead cards, 2-6 players, Omaha, stud, razz, high-low, wild
cards and jokers) recorded by tests/data/make_equity_regression.py with the
pre-change engine. Integer counts must match exactly, and the weighted
fractions bit for bit (the weighing order is part of the contract)."""

from __future__ import annotations

import json
from typing import Any

import hoyle
import pytest

from tests.data.make_equity_regression import answer, monte_answer
from tests.support import DATA as TEST_DATA

DATA = json.loads((TEST_DATA / "equity_regression.json").read_text())
SPOTS: list[dict[str, Any]] = DATA["spots"]


def test_fixture_is_broad() -> None:
    # The fixture covers what it claims (so a truncated file cannot pass).
    assert len(SPOTS) >= 300
    assert {len(s["players"]) for s in SPOTS} == {2, 3, 4, 5, 6}
    assert {len(s["board"]) // 2 for s in SPOTS} >= {0, 3, 4, 5}
    assert sum(bool(s["dead"]) for s in SPOTS) > 100
    assert sum(s["exact"].get("holdings", 0) > 1 for s in SPOTS) > 150
    assert {s["game"] for s in SPOTS} >= {None, "omaha", "omaha_hilo", "razz", "rules:one_eyed"}


@pytest.mark.parametrize("i", range(len(SPOTS)))
def test_exact_counts_unchanged(i: int) -> None:
    spot = SPOTS[i]
    assert answer(spot) == spot["exact"], spot


@pytest.mark.parametrize("i", [i for i, s in enumerate(SPOTS) if "monte_carlo" in s])
def test_monte_carlo_counts_unchanged(i: int) -> None:
    spot = SPOTS[i]
    assert monte_answer(spot, spot["monte_carlo"]["seed"]) == spot["monte_carlo"], spot


def test_one_known_answer() -> None:
    # An anchor outside the fixture: AhKh v QsQd, 1,712,304 boards.
    assert hoyle.equity(["AhKh", "QsQd"], exact=True).wins == (787_966, 917_606)
