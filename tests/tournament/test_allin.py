"""The all-in equity table push/fold reads, against b-inary/holdem-hand-
evaluator's published 169-class-vs-random counts (tests/data/tournament/),
hoyle's general exact equity, and the core remaking shipped entries."""

from __future__ import annotations

import json
import random

import hoyle
import numpy as np
import pytest
from hoyle import _core
from hoyle.errors import TournamentError
from hoyle.tournament import _allin

from tests.support import DATA

PUBLISHED = json.loads((DATA / "tournament" / "heads_up_win_frequency.json").read_text())["rows"]
N = len(_allin.COMBOS)


def _oriented() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(wins, losses, ties) of every ordered pair of combos, 0 where they clash."""
    key, first, disjoint = _allin._keys()
    table = _allin.counts().astype(np.int64)
    where = np.searchsorted(_allin.matchups(), key)
    where[~disjoint] = 0
    wins = np.where(first, table[where, 0], table[where, 1])
    losses = np.where(first, table[where, 1], table[where, 0])
    ties = table[where, 2].copy()
    for m in (wins, losses, ties):
        m[~disjoint] = 0
    return wins, losses, ties


def test_every_combo_against_a_random_hand_is_the_published_count() -> None:
    wins, losses, ties = _oriented()
    for i, (a, b) in enumerate(_allin.COMBOS):
        r1, r2 = a // 4, b // 4
        entry = r1 * 13 + r2 if a % 4 == b % 4 else r2 * 13 + r1
        got = [int(wins[i].sum()), int(losses[i].sum()), int(ties[i].sum())]
        assert got == PUBLISHED[entry], _allin.COMBOS[i]


def test_there_are_47008_matchups_and_counts_add_up() -> None:
    assert len(_allin.matchups()) == _allin.MATCHUPS == 47_008
    table = _allin.counts()
    assert (table.sum(axis=1) == _core.ALLIN_BOARDS).all()
    _, _, disjoint = _allin._keys()
    assert int(disjoint.sum()) == N * 1225


def test_the_equity_matrix_is_zero_sum() -> None:
    e = _allin.equity_matrix()
    _, _, disjoint = _allin._keys()
    assert np.allclose((e + e.T)[disjoint], 1.0)
    assert (e[~disjoint] == 0).all()


def test_entries_are_hoyles_exact_equity() -> None:
    rng = random.Random(28)
    e = _allin.equity_matrix()
    names = [str(hoyle.Card(c)) for c in range(52)]
    for _ in range(12):
        i, j = rng.sample(range(N), 2)
        if set(_allin.COMBOS[i]) & set(_allin.COMBOS[j]):
            continue
        hands = ["".join(names[c] for c in _allin.COMBOS[k]) for k in (i, j)]
        exact = hoyle.equity(hands, exact=True)
        assert e[i, j] == pytest.approx(exact.equity[0], abs=1e-15)


def test_the_core_remakes_shipped_entries() -> None:
    rng = random.Random(5)
    keys = _allin.matchups()
    picks = rng.sample(range(len(keys)), 40)
    cards = [_allin.COMBOS[int(keys[p]) // N] + _allin.COMBOS[int(keys[p]) % N] for p in picks]
    fresh = np.array(_core._allin_counts(cards), dtype=np.uint32)
    assert (fresh == _allin.counts()[picks]).all()


def test_bad_matchups_are_refused() -> None:
    with pytest.raises(TournamentError, match="distinct card ids"):
        _core._allin_counts([(0, 1, 1, 2)])
    with pytest.raises(TournamentError, match=r"0\.\.=51"):
        _core._allin_counts([(0, 1, 2, 60)])


def test_hand_classes() -> None:
    assert _allin.class_of((48, 49)) == "AA"
    assert _allin.class_of((0, 20)) == "72s"
    assert _allin.class_of((21, 0)) == "72o"
