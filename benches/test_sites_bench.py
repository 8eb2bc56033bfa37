"""PokerStars text read and replayed (issue 29): hoyle's ``loads`` (which
replays every hand and checks it against the file's pot, rake, collected
lines and nets) against PokerKit's ``PokerStarsParser`` (which replays each
hand to its final state), on the same hands in the same run: the no-limit
hold'em hands of tests/data/sites that both read, each hand's text on its
own. Both keep each hand's result (hoyle its checked finishing stacks,
PokerKit its ``HandHistory``). Run with
``python -m pytest benches/test_sites_bench.py --benchmark-enable -p no:randomly``.
"""

from __future__ import annotations

import itertools
import re
import warnings
from pathlib import Path
from typing import Any

import hoyle
import pytest

from benches.conftest import THROUGHPUT

DATA = Path(__file__).parent.parent / "tests" / "data" / "sites" / "hhsmithy" / "PokerStars"
_HEADER = re.compile(r"^\ufeff?PokerStars (?:Zoom )?(?:Hand|Game) #", re.M)


def _nlhe_hands() -> list[str]:
    """Each no-limit hold'em hand that hoyle reads and PokerKit (when
    installed) parses, as its own text."""
    import importlib.util

    pokerkit: Any = None
    if importlib.util.find_spec("pokerkit") is not None:
        import pokerkit
    out = []
    for path in sorted(DATA.rglob("*.txt")):
        text = path.read_text(encoding="utf-8-sig")
        try:
            hoyle.history.loads(text)
        except hoyle.HistoryError:
            continue
        starts = [m.start() for m in _HEADER.finditer(text)] + [len(text)]
        for a, b in itertools.pairwise(starts):
            one = text[a:b].lstrip("\ufeff")
            if "Hold'em No Limit" not in one.splitlines()[0]:
                continue
            if pokerkit is not None:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    if len(list(pokerkit.PokerStarsParser()(one))) != 1:
                        continue  # (DateIssue1.txt: no uncalled-bet line)
            out.append(one)
    return out


HANDS = _nlhe_hands()


def read_hoyle() -> list[Any]:
    return [h.fields["finishing_stacks"] for text in HANDS for h in hoyle.history.loads(text)]


def read_pokerkit() -> list[Any]:
    import pokerkit

    parse = pokerkit.PokerStarsParser()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [h for text in HANDS for h in parse(text)]


def test_both_read_the_same_hands() -> None:
    pytest.importorskip("pokerkit")
    assert len(HANDS) >= 40
    assert len(read_hoyle()) == len(read_pokerkit()) == len(HANDS)


def test_hoyle_reads_pokerstars(benchmark: Any) -> None:
    count = len(benchmark.pedantic(read_hoyle, rounds=5, iterations=1, warmup_rounds=1))
    assert count == len(HANDS)
    if benchmark.stats is not None:  # --benchmark-enable
        THROUGHPUT["hoyle: PokerStars text read and replayed"] = count / benchmark.stats.stats.mean


def test_pokerkit_reads_pokerstars(benchmark: Any) -> None:
    pytest.importorskip("pokerkit")
    count = len(benchmark.pedantic(read_pokerkit, rounds=3, iterations=1, warmup_rounds=1))
    assert count == len(HANDS)
    if benchmark.stats is not None:  # --benchmark-enable
        THROUGHPUT["pokerkit: PokerStars text read and replayed"] = (
            count / benchmark.stats.stats.mean
        )


def read_only(*, core: bool = True) -> list[Any]:
    """The reading alone (no replay, no check): each hand's PHH fields,
    read in the core (``core``) or by the Python reader."""
    from hoyle.history import sites
    from hoyle.history.sites import native

    native.ENABLED = core
    try:
        return [h.fields() for text in HANDS for _, h in sites.read_site(text, None, "PokerStars")]
    finally:
        native.ENABLED = True


def read_only_python() -> list[Any]:
    return read_only(core=False)


def test_pokerstars_reading_alone_interleaved() -> None:
    """What the reading costs, in the core and in Python, beside the whole
    ``loads`` (which also replays each hand and checks it): the part of a
    hand's time the replay takes."""
    import statistics
    import time

    times: dict[str, list[float]] = {"core": [], "python": [], "loads": []}
    for _ in range(5):
        for name, side in (
            ("core", read_only),
            ("python", read_only_python),
            ("loads", read_hoyle),
        ):
            started = time.process_time()
            assert len(side()) == len(HANDS)
            times[name].append(time.process_time() - started)
    for name, label in (("core", "in the core"), ("python", "in Python")):
        THROUGHPUT[f"hoyle: PokerStars text read {label}, no replay"] = len(HANDS) / (
            statistics.median(times[name])
        )
    THROUGHPUT["hoyle: PokerStars text, loads (read, replayed, checked)"] = len(HANDS) / (
        statistics.median(times["loads"])
    )


def test_pokerstars_ratio_interleaved() -> None:
    """The ratio from alternating rounds (a shared machine), median CPU time."""
    pytest.importorskip("pokerkit")
    import statistics
    import time

    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(5):
        for side, times in ((read_hoyle, ours), (read_pokerkit, theirs)):
            started = time.process_time()
            assert len(side()) == len(HANDS)
            times.append(time.process_time() - started)
    THROUGHPUT["hoyle: PokerStars text, interleaved"] = len(HANDS) / statistics.median(ours)
    THROUGHPUT["pokerkit: PokerStars text, interleaved"] = len(HANDS) / statistics.median(theirs)


# statistics over many hands (issue 29: report the time for 100,000 hands):
# the PHH corpus's flop-game hands and the site fixtures, counted in one
# process; the time per hand times 100,000 is printed.
PHH = Path(__file__).parent.parent / "tests" / "data" / "phh"


def _many() -> list[Any]:
    out: list[Any] = []
    for p in sorted(PHH.rglob("*")):
        if p.suffix in (".phh", ".phhs"):
            out += [h for h in hoyle.history.load(p) if h.variant[1:] in ("T", "O", "O/8")]
    for text in HANDS:
        out += hoyle.history.loads(text)
    return out


def test_statistics_over_many_hands(benchmark: Any) -> None:
    hands = _many()
    stats = benchmark.pedantic(
        hoyle.history.statistics, args=(hands,), rounds=3, iterations=1, warmup_rounds=1
    )
    assert stats.hands + len(stats.skipped) == len(hands)
    if benchmark.stats is not None:  # --benchmark-enable
        rate = len(hands) / benchmark.stats.stats.mean
        THROUGHPUT["hoyle: statistics, hands counted"] = rate
        THROUGHPUT["hoyle: statistics, seconds for 100,000 hands (one process)"] = 100_000 / rate
