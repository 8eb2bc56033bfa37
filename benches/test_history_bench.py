"""Replaying the PHH corpus (tests/data/phh, 779 hands): hoyle and PokerKit
on the same task in the same run. Each side reads the file text already in
memory, parses it and plays every hand to the end (PokerKit iterates the
states of ``HandHistory``). Run with
``python -m pytest benches/test_history_bench.py --benchmark-enable``; the
hands/s and the ratio (target 10x) are printed at the end.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path
from typing import Any

import hoyle
import pytest

from benches.conftest import THROUGHPUT

DATA = Path(__file__).parent.parent / "tests" / "data" / "phh"
FILES = [(str(p), p.read_bytes()) for p in sorted(DATA.rglob("*")) if p.suffix in (".phh", ".phhs")]


def replay_hoyle() -> int:
    count = 0
    for name, raw in FILES:
        for history in hoyle.history.loads(raw.decode("utf-8"), source=name):
            history.replay()
            count += 1
    return count


def replay_pokerkit() -> int:
    import pokerkit

    count = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, raw in FILES:
            if name.endswith(".phhs"):
                histories = list(pokerkit.HandHistory.load_all(io.BytesIO(raw)))
            else:
                histories = [pokerkit.HandHistory.load(io.BytesIO(raw))]
            for history in histories:
                try:
                    for _ in history:
                        pass
                except ValueError:  # wsop/2023/43/5/85.phh on PokerKit >= 0.7.4
                    pass
                count += 1
    return count


def test_hoyle_replays_the_corpus(benchmark: Any) -> None:
    assert replay_hoyle() == 779  # also warms the evaluator's tables
    count = benchmark.pedantic(replay_hoyle, rounds=5, iterations=1, warmup_rounds=1)
    assert count == 779
    if benchmark.stats is not None:  # --benchmark-enable
        THROUGHPUT["hoyle: PHH corpus replay"] = count / benchmark.stats.stats.mean


def test_pokerkit_replays_the_corpus(benchmark: Any) -> None:
    pytest.importorskip("pokerkit")
    count = benchmark.pedantic(replay_pokerkit, rounds=3, iterations=1, warmup_rounds=1)
    assert count == 779
    if benchmark.stats is not None:  # --benchmark-enable
        THROUGHPUT["pokerkit: PHH corpus replay"] = count / benchmark.stats.stats.mean
