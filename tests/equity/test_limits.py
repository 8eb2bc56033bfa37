"""The equity limits are the core's, named once (issue 24): Python reads
them from ``hoyle._core`` and the core refuses past the same ones."""

from __future__ import annotations

import pytest
from hoyle import _core, odds
from hoyle import _equity_args as args
from hoyle.errors import EquityError


def test_python_reads_the_cores_limits() -> None:
    assert odds.TRIALS_LIMIT == args.TRIALS_LIMIT == _core.EQUITY_TRIALS_LIMIT == 1 << 34
    assert odds.SHARD_TRIALS == _core.EQUITY_SHARD_TRIALS == 1 << 16
    assert odds.EXACT_WORK_LIMIT == args.EXACT_WORK_LIMIT == _core.EQUITY_EXACT_WORK_LIMIT
    assert _core.EQUITY_EXACT_WORK_LIMIT == 10**11
    assert odds.THREADS_LIMIT == args.THREADS_LIMIT == _core.EQUITY_THREADS_LIMIT == 256
    assert (args.MAX_PLAYERS, args.MAX_HOLE, args.MAX_BOARD) == (23, 7, 8)
    assert (_core.EQUITY_MAX_PLAYERS, _core.EQUITY_MAX_HOLE, _core.EQUITY_MAX_BOARD) == (23, 7, 8)


def test_the_core_refuses_past_the_same_limits() -> None:
    players = [[([51, 50], 1.0)], [([49, 48], 1.0)]]
    game = (_core.EQUITY_MAX_HOLE + 1, 5, 0)
    with pytest.raises(EquityError, match=r"hole must be an integer in 0..=7, got 8"):
        _core.equity_work(players, [], [], game)
    with pytest.raises(EquityError, match=r"board must be an integer in 0..=8, got 9"):
        _core.equity_work(players, [], [], (2, _core.EQUITY_MAX_BOARD + 1, 0))
    with pytest.raises(EquityError, match=r"threads must be an integer in 1..=256, got 257"):
        _core.equity_exact(players, [], [], (2, 5, 0), _core.EQUITY_THREADS_LIMIT + 1)
    shards = _core.EQUITY_TRIALS_LIMIT // _core.EQUITY_SHARD_TRIALS
    with pytest.raises(EquityError, match=rf"count must be an integer in 1..={shards}"):
        _core.equity_shards(players, [], [], (2, 5, 0), 1, 0, shards + 1)
    with pytest.raises(EquityError, match=r"players must be an integer in 2..=23, got 24"):
        _core.EquityCounts(24, 0, [], [], [], [], [])
