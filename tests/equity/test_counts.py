"""``_core.EquityCounts``: the equity counters as they cross from the core,
with their sums and fractions read there (``hoyle.odds`` only builds the
``Equity``)."""

from __future__ import annotations

import math
import pickle

import hoyle
import pytest
from hoyle import _core
from hoyle.category import Category
from hoyle.errors import EquityError

_AK_QQ = [[([51, 47], 1.0)], [([43, 42], 1.0)]]  # As Ks against Qs Qh


def _shards(first: int, count: int) -> _core.EquityCounts:
    return _core.equity_shards(_AK_QQ, [], [], (2, 5, 0), 7, first, count, 1)


def test_shards_add_up_to_the_whole_run() -> None:
    whole = _shards(0, 3)
    parts = _shards(0, 1) + _shards(1, 2)
    for name in ("deals", "wins", "ties", "equity", "win", "tie", "stderr", "low", "by_category"):
        assert getattr(parts, name) == getattr(whole, name), name
    assert whole.deals == 3 * hoyle.odds.SHARD_TRIALS
    assert not whole.exact
    assert whole.holdings == 0
    assert whole.players == 2


def test_fractions_follow_the_counts() -> None:
    c = _shards(0, 2)
    assert c.win == tuple(w / c.deals for w in c.wins)
    assert c.tie == tuple(t / c.deals for t in c.ties)
    assert math.isclose(sum(c.equity), 1.0)
    for equity, row in zip(c.equity, c.by_category, strict=True):
        assert all(isinstance(k, Category) for k in row)
        assert math.isclose(sum(row.values()), equity)
    assert c.low == (0.0, 0.0)
    one = _core.equity_shards(_AK_QQ, [], [], (2, 5, 0), 7, 0, 1, 1)
    assert all(0 < s < 0.01 for s in one.stderr)


def test_pickles_as_its_counters() -> None:
    c = _shards(0, 1)
    back = pickle.loads(pickle.dumps(c))
    for name in ("deals", "wins", "equity", "stderr", "by_category"):
        assert getattr(back, name) == getattr(c, name), name


def test_exact_counts_are_weighted_and_do_not_add() -> None:
    c = _core.equity_exact(_AK_QQ, [], [], (2, 5, 0))
    assert c.exact
    assert c.holdings == 1
    assert c.deals == 1_712_304
    assert c.stderr == (0.0, 0.0)
    eq = hoyle.equity(["AsKs", "QsQh"])
    assert (c.equity, c.win, c.tie, c.by_category) == (eq.equity, eq.win, eq.tie, eq.categories)
    with pytest.raises(EquityError):
        c + c
    with pytest.raises(EquityError):
        pickle.dumps(c)


def test_counts_of_other_players_do_not_add() -> None:
    three = [*_AK_QQ, [([3, 7], 1.0)]]
    other = _core.equity_shards(three, [], [], (2, 5, 0), 7, 0, 1, 1)
    with pytest.raises(EquityError):
        _shards(0, 1) + other
    with pytest.raises(EquityError):
        _core.EquityCounts(2, 0, [0], [0, 0], [0, 0], [0, 0], [0] * 32)
