"""``replay_all``: replay many PHH files, in this process, on a local pool of
processes or on a Dask cluster, with the same report on all three.

The files are cut in shards of ``shard_files`` consecutive files (default
``SHARD_FILES``, 64; a file is never split); each shard is one task, and
the shards' reports are joined in file order. A file hoyle cannot read and a
hand it refuses are counted as errors by kind (where it failed, ``load`` or
``replay``, and the error's class), with the file and the hand; a hand whose
finishing stacks differ from the file's is listed with both.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> text = '''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 100", "p1 cc",
...            "d db 2c3d9h", "d db Ts", "d db Js"]
... finishing_stacks = [200, 0]
... '''
>>> _ = (folder / "a.phh").write_text(text)
>>> _ = (folder / "b.phh").write_text(text.replace("[200, 0]", "[0, 200]"))
>>> _ = (folder / "c.phh").write_text("variant = [")  # not TOML
>>> _ = (folder / "d.phh").write_text(text.replace('"p1 cc",', ""))  # p1 never acts
>>> report = replay_all(folder)
>>> report.files, report.hands, report.matched, report.differ, report.errors
(4, 2, 1, 1, 2)
>>> report.differing[0].stacks, report.differing[0].expected
((200, 0), (0, 200))
>>> report.errors_by_kind
{'load: HistoryError': 1, 'replay: HistoryError': 1}
"""

from __future__ import annotations

import operator
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from decimal import Decimal

from hoyle._shards import Progress, run_shards
from hoyle.errors import HistoryError, UndeterminedError
from hoyle.hand import Hand
from hoyle.history.files import PathArg, paths_of
from hoyle.history.hand_history import HandHistory, load
from hoyle.history.site_rake import SiteRake

__all__ = ["SHARD_FILES", "HandOutcome", "ReplayFailure", "ReplayReport", "replay_all"]

#: Files per shard (the default of ``replay_all(shard_files=...)``).
SHARD_FILES = 64


@dataclass(frozen=True)
class HandOutcome:
    """One replayed hand: its file and place (``where``), its variant, the
    ``verdict`` (``"match"``, ``"differ"``, ``"no finishing stacks"``,
    ``"unknown stacks"``, ``"undetermined"``, or ``"error"`` for a file or
    hand refused, which ``ReplayReport.failures`` lists too), hoyle's final
    ``stacks`` and the file's ``expected`` ones (None where it has none), and
    the line ``hoyle replay`` prints for it."""

    path: str
    where: str
    variant: str
    verdict: str
    stacks: tuple[int, ...]
    expected: tuple[int | Decimal, ...] | None
    line: str


@dataclass(frozen=True)
class ReplayFailure:
    """A file hoyle could not read (``kind`` starts ``load:``) or a hand it
    refused (``replay:``), with the error's class and message."""

    path: str
    where: str
    kind: str
    message: str


@dataclass(frozen=True)
class ReplayReport:
    """What ``replay_all`` found. ``hands`` counts the hands replayed (errors
    left out): ``matched`` equal the file's finishing stacks, ``differ`` do
    not (listed in ``differing``), ``unknown`` have none (``deep`` of them
    with unknown stacks, replayed deep), ``undetermined`` have a pot the
    file leaves open. ``failures`` are the errors, ``errors`` their count;
    ``outcomes`` every hand and error, in file order, when asked for. ``seconds`` is
    not compared: two runs over the same files compare equal."""

    files: int
    hands: int
    matched: int
    differ: int
    unknown: int
    deep: int
    undetermined: int
    errors: int
    differing: tuple[HandOutcome, ...]
    failures: tuple[ReplayFailure, ...]
    outcomes: tuple[HandOutcome, ...] = ()
    seconds: float = field(default=0.0, compare=False)

    @property
    def errors_by_kind(self) -> dict[str, int]:
        """The errors counted by kind, most first."""
        return dict(Counter(f.kind for f in self.failures).most_common())


def _money(amount: int, scale: int, sign: bool = False) -> str:
    """Chips times ``scale`` as the file's money: 4800 at scale 100 is 48.00."""
    places = len(str(scale)) - 1
    return f"{Decimal(amount).scaleb(-places):{'+' if sign and amount else ''}f}"


def _undetermined(h: HandHistory, err: UndeterminedError) -> HandOutcome:
    player = {h.seat(i + 1): f"p{i + 1}" for i in range(len(err.payouts))}
    pots = "; ".join(
        f"pot {_money(pot.amount, h.scale)} to one of " + " ".join(player[s] for s in pot.eligible)
        for pot in err.pots
    )
    line = f"{h.where}  {h.variant}  undetermined: {pots} (no contender shows)"
    return HandOutcome(str(h.source), h.where, h.variant, "undetermined", (), None, line)


def _verdict(h: HandHistory, hand: Hand, seat_of: list[int]) -> tuple[str, str]:
    """The outcome's verdict and how the line says it."""
    expected = h.finishing_stacks
    if h.unknown_stacks:
        net = h.net_chips(hand)
        return "unknown stacks", "unknown stacks, net " + " ".join(
            f"p{i + 1} {_money(net[s], h.scale, sign=True)}" for i, s in enumerate(seat_of)
        )
    if expected is None:
        return "no finishing stacks", "no finishing_stacks"
    if _stacks(h, hand) == expected:
        return "match", "finishing stacks match"
    return "differ", "finishing stacks differ"


def replay_hand(h: HandHistory, rake: SiteRake | None) -> HandOutcome:
    """One hand's outcome (a ``HistoryError`` other than an undetermined
    showdown is raised)."""
    try:
        hand = h.replay(rake=rake)
    except UndeterminedError as err:  # a result the file does not have
        return _undetermined(h, err)
    seat_of = [h.seat(i + 1) for i in range(len(hand.stacks))]
    verdict, said = _verdict(h, hand, seat_of)
    winners = [
        f"p{i + 1}" for i, s in enumerate(seat_of) if hand.stacks[s] > hand.starting_stacks[s]
    ]
    settlement = hand.settlement
    pot = sum(p.amount for p in settlement.pots) if settlement else hand.pot
    line = (
        f"{h.where}  {h.variant}  pot {_money(pot, h.scale)}  "
        f"won by {' '.join(winners) or 'nobody'}  {said}"
    )
    expected = None if h.unknown_stacks else h.finishing_stacks
    return HandOutcome(str(h.source), h.where, h.variant, verdict, _stacks(h, hand), expected, line)


def _stacks(h: HandHistory, hand: Hand) -> tuple[int, ...]:
    """The replay's final stacks, with the chips a capped game (``_hoyle_cap``)
    kept off the table: the file's starting stacks plus the replay's nets."""
    if h.fields.get("_hoyle_cap") is None or h.unknown_stacks:
        return hand.stacks
    return tuple(map(operator.add, h.starting_stacks, h.net_chips(hand)))


def _error(path: str, where: str, err: Exception) -> HandOutcome:
    return HandOutcome(path, where, "", "error", (), None, f"error: {err}")


_Part = tuple[list[HandOutcome], list[ReplayFailure], Counter[str]]


def _replay_files(paths: tuple[str, ...], rake: SiteRake | None, keep: bool) -> _Part:
    """One task: the files' outcomes (every hand when ``keep``, else those
    that differ), their failures, and the verdicts counted."""
    kept: list[HandOutcome] = []
    failures: list[ReplayFailure] = []
    verdicts: Counter[str] = Counter()
    for path in paths:
        try:
            hands = load(path)
        except Exception as err:  # an unreadable file is counted, never the end of the run
            failures.append(ReplayFailure(path, path, f"load: {type(err).__name__}", str(err)))
            if keep:
                kept.append(_error(path, path, err))
            continue
        for h in hands:
            try:
                outcome = replay_hand(h, rake)
            except Exception as err:  # a HistoryError, or a bug: counted by its class
                kind = f"replay: {type(err).__name__}"
                failures.append(ReplayFailure(path, h.where, kind, str(err)))
                if keep:
                    kept.append(_error(path, h.where, err))
                continue
            verdicts[outcome.verdict] += 1  # (errors are counted from failures)
            if keep or outcome.verdict == "differ":
                kept.append(outcome)
    return kept, failures, verdicts


def replay_all(
    paths_or_glob: PathArg | Sequence[PathArg],
    *,
    executor: Executor | None = None,
    progress: Progress = False,
    rake: SiteRake | None = None,
    outcomes: bool = False,
    shard_files: int = SHARD_FILES,
) -> ReplayReport:
    """Replay every hand of the PHH files named: paths, globs (``**``
    recurses) or directories (every ``.phh``/``.phhs`` under them), in
    order. ``executor`` (a ``concurrent.futures.Executor``, such as
    ``distributed.Client.get_executor()``) runs the shards; None runs them
    here. ``progress``: a bar counting finished shards, or a callable
    ``(done, total)``. ``rake`` is taken from each hand (``SiteRake``).
    ``outcomes=True`` keeps every hand's ``HandOutcome`` (and each error's)
    in the report. A shard opens its files where it runs: on a cluster the
    paths must name the same files on every worker (a shared file system).

    >>> replay_all([])
    Traceback (most recent call last):
    ...
    hoyle.errors.HistoryError: replay_all: no PHH files in []
    """
    files = paths_of(paths_or_glob)
    if not files:
        raise HistoryError(f"replay_all: no PHH files in {paths_or_glob!r}")
    if isinstance(shard_files, bool) or not isinstance(shard_files, int) or shard_files < 1:
        raise HistoryError(f"replay_all: shard_files must be an int >= 1, got {shard_files!r}")
    if rake is not None and not isinstance(rake, SiteRake):
        raise TypeError(f"rake: a hoyle.history.SiteRake, got {type(rake).__name__}")
    tasks = [
        (tuple(files[i : i + shard_files]), rake, outcomes)
        for i in range(0, len(files), shard_files)
    ]
    started = time.perf_counter()
    parts = run_shards(
        _replay_files, tasks, executor=executor, progress=progress, label="replaying"
    )
    return _report(len(files), parts, outcomes, time.perf_counter() - started)


def _report(files: int, parts: list[_Part], keep: bool, seconds: float) -> ReplayReport:
    kept = [o for part in parts for o in part[0]]
    failures = tuple(f for part in parts for f in part[1])
    verdicts: Counter[str] = Counter()
    for part in parts:
        verdicts.update(part[2])
    unknown = verdicts["no finishing stacks"] + verdicts["unknown stacks"]
    return ReplayReport(
        files=files,
        hands=sum(verdicts.values()),
        matched=verdicts["match"],
        differ=verdicts["differ"],
        unknown=unknown,
        deep=verdicts["unknown stacks"],
        undetermined=verdicts["undetermined"],
        errors=len(failures),
        differing=tuple(o for o in kept if o.verdict == "differ"),
        failures=failures,
        outcomes=tuple(kept) if keep else (),
        seconds=seconds,
    )
