"""Replaying the PHH corpus (tests/data/phh, 779 hands) and the HandHQ
sample (tests/data/handhq, 165 real online hands): hoyle and PokerKit on the
same task in the same run. Each side reads the file text already in memory,
parses it and plays every hand to the end (PokerKit iterates the states of
``HandHistory``). Run with
``python -m pytest benches/test_history_bench.py --benchmark-enable``; the
hands/s and the ratio (target 30x: issue 29) are printed at the end.
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


# The HandHQ sample (tests/data/handhq, 165 real online hands from six
# sites): both sides parse each file's text and play every hand, keeping
# each hand's result. hoyle takes Ongame's rake, as its test does, and
# keeps the stacks, the net chips where the stacks are unknown (iPoker), the
# pots and who could have won them where the file decides no winner
# (UndeterminedError; since known cards decide a showdown, issue 29, none
# of the sample), and the hand where the file
# stops (partial=True: iPoker [22]); PokerKit keeps its final stacks.
HANDHQ_DIR = Path(__file__).parent.parent / "tests" / "data" / "handhq"
HANDHQ = [(str(p), p.read_bytes()) for p in sorted(HANDHQ_DIR.glob("*.phhs"))]
ONGAME = hoyle.history.SiteRake(percent=5, unit="0.05", caps={4: 2, 5: 3}, no_flop_no_drop=True)
HANDHQ_COUNT = 165


def replay_handhq_hoyle() -> list[Any]:
    results: list[Any] = []
    for name, raw in HANDHQ:
        for history in hoyle.history.loads(raw.decode("utf-8"), source=name):
            rake = ONGAME if history.fields.get("venue") == "Ongame Network" else None
            try:
                hand = history.replay(rake=rake, partial=True)
            except hoyle.UndeterminedError as err:
                results.append(err.pots)
                continue
            unknown = history.unknown_stacks
            results.append(history.net_chips(hand) if unknown else hand.stacks)
    return results


def replay_handhq_pokerkit() -> list[tuple[Any, ...]]:
    import pokerkit

    results = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _, raw in HANDHQ:
            for history in pokerkit.HandHistory.load_all(io.BytesIO(raw)):
                *_, state = iter(history)
                results.append(tuple(state.stacks))
    return results


def test_hoyle_replays_the_handhq_sample(benchmark: Any) -> None:
    assert len(replay_handhq_hoyle()) == HANDHQ_COUNT
    results = benchmark.pedantic(replay_handhq_hoyle, rounds=10, iterations=1, warmup_rounds=1)
    assert len(results) == HANDHQ_COUNT
    if benchmark.stats is not None:  # --benchmark-enable
        THROUGHPUT["hoyle: HandHQ sample replay"] = HANDHQ_COUNT / benchmark.stats.stats.mean


def test_pokerkit_replays_the_handhq_sample(benchmark: Any) -> None:
    pytest.importorskip("pokerkit")
    results = benchmark.pedantic(replay_handhq_pokerkit, rounds=3, iterations=1, warmup_rounds=1)
    assert len(results) == HANDHQ_COUNT
    if benchmark.stats is not None:  # --benchmark-enable
        THROUGHPUT["pokerkit: HandHQ sample replay"] = HANDHQ_COUNT / benchmark.stats.stats.mean


def test_handhq_ratio_interleaved() -> None:
    """The ratio from rounds that alternate the two sides (this machine is
    shared: load that comes and goes hits both sides alike): the median of
    seven rounds each, in CPU time of this process."""
    pytest.importorskip("pokerkit")
    import statistics
    import time

    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(7):
        for side, times in ((replay_handhq_hoyle, ours), (replay_handhq_pokerkit, theirs)):
            started = time.process_time()
            assert len(side()) == HANDHQ_COUNT
            times.append(time.process_time() - started)
    THROUGHPUT["hoyle: HandHQ sample replay, interleaved"] = HANDHQ_COUNT / statistics.median(ours)
    THROUGHPUT["pokerkit: HandHQ sample replay, interleaved"] = HANDHQ_COUNT / statistics.median(
        theirs
    )


def test_corpus_ratio_interleaved() -> None:
    """The PHH corpus's ratio from rounds that alternate the two sides, as
    ``test_handhq_ratio_interleaved``: the median of five rounds each, in
    CPU time of this process."""
    pytest.importorskip("pokerkit")
    import statistics
    import time

    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(5):
        for side, times in ((replay_hoyle, ours), (replay_pokerkit, theirs)):
            started = time.process_time()
            assert side() == 779
            times.append(time.process_time() - started)
    THROUGHPUT["hoyle: PHH corpus replay, interleaved"] = 779 / statistics.median(ours)
    THROUGHPUT["pokerkit: PHH corpus replay, interleaved"] = 779 / statistics.median(theirs)
