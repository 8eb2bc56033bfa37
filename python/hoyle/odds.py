"""Equity: how often each hand or range wins.

``hoyle.equity`` enumerates every remaining board when that is cheap
(about 50 million hand evaluations or fewer) and runs Monte Carlo otherwise,
both in Rust with the interpreter released. Monte Carlo runs in fixed shards
of 65,536 trials, shard ``i`` seeded from ``(seed, i)``, the last shard
sized to the trials asked for (``trials=1000`` runs 1,000 trials): the
totals are the same on any number of threads, with or without an executor.

>>> import hoyle
>>> eq = hoyle.equity(["AhKh", "QsQd"])
>>> round(eq.equity[0], 6), eq.exact, eq.deals
(0.462145, True, 1712304)

Games come from ``hoyle.games`` presets (or a ``Shape``): high-low
games split each pot in halves (``Equity.low`` is the share won with the
low half; a player with both halves scoops, counted in ``win``; split
games such as badeucy likewise, ``low`` being the second half), low-only
games (razz) give the pot to the best low, and wild cards, the bug and the
four-flush score as ``hoyle.evaluate`` does under the game's ``rules``.
Draw games are refused while draws remain; ``Shape.no_more_draws(game)``
scores the current hands as final. (``Showdown`` is the older name of
``Shape``, kept as an alias.)

The counting is the core's: each run comes back as a ``_core.EquityCounts``
(integer counters, Monte Carlo shards added with ``+``) that also reads off
the fractions; this module chooses the method, plans the shards and builds
the ``Equity``.

>>> from hoyle import games
>>> eq = hoyle.equity(["As 2s Kd Qd", "Ah Kh 9c 9d"], board="3c 4h 9s", game=games.omaha_hilo())
>>> round(sum(eq.equity), 6), eq.exact
(1.0, True)
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeAlias

from hoyle import _core
from hoyle._core import Card, EquityCounts
from hoyle._display.odds import equity_html, equity_rich
from hoyle._equity_args import (
    EXACT_WORK_LIMIT,
    THREADS_LIMIT,
    TRIALS_LIMIT,
    check_duplicates,
    count,
    known_card_ids,
    player_combos,
    player_count,
    stderr_target,
    trials_count,
)
from hoyle._equity_game import Setup, Shape, setup_of
from hoyle._shards import from_worker
from hoyle.category import Category
from hoyle.errors import DuplicateCardError, EquityError
from hoyle.omaha_ranges import OmahaRange
from hoyle.ranges import Range

if TYPE_CHECKING:
    from rich.console import Group

__all__ = [
    "EXACT_LIMIT",
    "EXACT_WORK_LIMIT",
    "SHARD_TRIALS",
    "THREADS_LIMIT",
    "TRIALS_LIMIT",
    "Equity",
    "Shape",
    "Showdown",
    "equity",
]

#: Trials per Monte Carlo shard (fixed: it is part of what a seed means).
SHARD_TRIALS: int = _core.EQUITY_SHARD_TRIALS
#: Exact enumeration is chosen automatically up to this many evaluations.
EXACT_LIMIT = 50_000_000
#: Trials when neither ``trials`` nor ``target_stderr`` is given.
DEFAULT_TRIALS = 1_000_000
#: Most trials a ``target_stderr`` run may take unless ``trials`` says.
MAX_TRIALS = 1 << 30

PlayerLike: TypeAlias = "str | Range | OmahaRange | Iterable[str | int | Card]"
Progress: TypeAlias = "bool | Callable[[int, int], object] | None"


#: The older name of ``Shape``, kept for existing code.
Showdown = Shape

HOLDEM = Shape()


@dataclass(frozen=True)
class Equity:
    """The result of ``hoyle.equity``: one entry per player in every tuple.

    ``equity`` is the expected share of the pot; ``win`` the fraction of
    deals won outright (the whole pot alone); ``tie`` the fraction where the
    player took part of the pot. ``categories`` breaks each player's equity
    down by the category of the winning high hand. ``deals`` counts the
    boards (exact) or trials (Monte Carlo) per joint holding; ``wins`` and
    ``ties`` are the integer counts behind ``win`` and ``tie`` (summed over
    joint holdings). ``stderr`` is 0 for exact results. ``players`` names
    each player as given (the hand or range text), ``board`` the board's
    card ids.

    ``str()`` is a short report; in a notebook (``_repr_html_``) and a
    terminal (``__rich__``, the rich library) it is a table of the players
    and one of the equity each won by the category of the winning hand.

    >>> import hoyle
    >>> e = hoyle.equity(["AhKh", "QQ"], board="Qh9h2c")
    >>> e.players, sorted(str(c) for c in e.categories[0])
    (('AhKh', 'QQ'), ['Flush', 'Straight', 'Straight Flush'])
    """

    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    stderr: tuple[float, ...]
    categories: tuple[Mapping[Category, float], ...]
    combos: tuple[int, ...]
    exact: bool
    deals: int
    trials: int
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    holdings: int = 0
    seed: int | None = None
    low: tuple[float, ...] = field(default=())
    players: tuple[str, ...] = field(default=())
    board: tuple[int, ...] = field(default=())

    @property
    def loss(self) -> tuple[float, ...]:
        """The fraction of deals each player won nothing."""
        return tuple(1.0 - w - t for w, t in zip(self.win, self.tie, strict=True))

    def __str__(self) -> str:
        kind = "exact" if self.exact else f"Monte Carlo, {self.trials:,} trials"
        rows = [f"equity ({kind})"]
        for p, (e, w, t) in enumerate(zip(self.equity, self.win, self.tie, strict=True)):
            err = f" ± {self.stderr[p] * 100:.2f}%" if not self.exact else ""
            rows.append(
                f"  player {p}: {e * 100:7.3f}%{err}  win {w * 100:7.3f}%  tie {t * 100:6.3f}%"
            )
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        return equity_html(self)

    def __rich__(self) -> Group:
        return equity_rich(self)


def _rounds(total_shards: int) -> list[tuple[int, int]]:
    """The fixed plan of rounds: 4, 4, 8, 16, ... shards, so that a
    ``target_stderr`` run stops at the same place however it is run."""
    out = []
    first, size = 0, 4
    while first < total_shards:
        count = min(size, total_shards - first)
        out.append((first, count))
        first += count
        if first > 4:
            size *= 2
    return out


_Job: TypeAlias = (
    "tuple[list[list[tuple[list[int], float]]], list[int], list[int], Setup, int, int, int]"
)
_Tick: TypeAlias = "Callable[[int], object]"


def _run_shards(job: _Job, first: int, count: int) -> EquityCounts:
    """One executor task: shards ``first .. first + count`` (picklable). It
    runs on one thread: the executor is the parallelism, and a forked
    worker must not wait on the parent's thread pool."""
    return _core_shards(job, first, count, 1)


def _core_shards(job: _Job, first: int, count: int, threads: int | None) -> EquityCounts:
    """The core's run of shards ``first..first + count``, the run's final
    shard (index ``end - 1``) cut to its ``last`` trials."""
    players, board, dead, setup, seed, end, last = job
    tail = last if first + count == end else None
    return _core.equity_shards(
        players, board, dead, setup.shape, seed, first, count, threads, **setup.kwargs(), last=tail
    )


def equity(  # noqa: PLR0913, RUF100 - the public API: each keyword a documented option
    players: Sequence[PlayerLike],
    *,
    board: str | Iterable[str | int | Card] = (),
    dead: str | Iterable[str | int | Card] = (),
    game: Any = None,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    target_stderr: float | None = None,
    threads: int | None = None,
    executor: Executor | None = None,
    progress: Progress = None,
) -> Equity:
    """Each player's equity: share of the pot, outright wins and ties.

    ``players`` are hands (``"AhKh"``, cards), ranges (``"QQ+, AKs"``,
    ``"15%"``, ``hoyle.Range``; in games of 3 to 6 hole cards Omaha
    patterns such as ``"AA**"``, ``"AAKKds"``, ``hoyle.OmahaRange``), or the
    known part of a hand (stud up cards) whose other cards are dealt.
    ``board`` and ``dead`` cards are left out of the deck. ``game`` is None
    for Texas hold'em, a ``hoyle.odds.Shape``, or
    a game object with ``streets``, ``rules`` (a ``hoyle.HandRules``:
    Omaha's ``hole_cards``, wild cards and jokers, the four-flush, a low
    ranking), ``high`` (False: low only) and ``deck``, such as the
    ``hoyle.games`` presets (or a preset's name, ``game="omaha"``, as
    ``simulate`` takes it). In high-low games ``Equity.low`` is each
    player's share won with the low half; a scoop counts as a ``win``.

    ``exact=None`` enumerates when that takes at most ``EXACT_LIMIT``
    evaluations and no ``trials`` or ``target_stderr`` is given; ``True``
    always enumerates, ``False`` never. Monte Carlo runs exactly ``trials``
    (default 1,000,000; shards of 65,536, the last one the rest), or until every
    player's standard error is at most ``target_stderr``. The same ``seed``
    gives the same numbers with any ``threads`` and any ``executor`` (a
    ``concurrent.futures.Executor`` for Monte Carlo's shards, such as
    ``hoyle.cluster.executor(...)`` or a Dask ``Client.get_executor()``; an
    exact run uses ``threads``). ``progress`` is
    True for a progress bar, or a callable ``(done, total)``.

    Limits, checked before any work starts (``EquityError`` beyond them,
    ``TypeError`` for a number that is not an ``int``): ``trials`` at most
    ``TRIALS_LIMIT`` (2**34), an exact run at most ``EXACT_WORK_LIMIT``
    (10**11) hand evaluations (the error gives the spot's size and a rough
    time), ``threads`` 1..=``THREADS_LIMIT`` (256), ``seed`` 0..2**64, 2..=23
    players. Ctrl-C stops a run within a fraction of a second
    (``KeyboardInterrupt``).
    """
    setup = setup_of(game)
    hole = setup.shape[0]
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise EquityError("players must be a list of hands or ranges, one per player")
    player_count(players)
    if threads is not None:
        threads = count("threads", threads, 1, THREADS_LIMIT)
    if trials is not None:
        trials = trials_count(trials)
    if target_stderr is not None:
        target_stderr = stderr_target(target_stderr)
    if seed is not None:
        seed = count("seed", seed, 0, (1 << 64) - 1)
    plist = [player_combos(p, i, hole, setup.jokers) for i, p in enumerate(players)]
    labels = tuple(_label(p, combos) for p, combos in zip(players, plist, strict=True))
    board_ids, dead_ids = known_card_ids(board, "board"), known_card_ids(dead, "dead")
    try:
        work, live = _core.equity_work(plist, board_ids, dead_ids, setup.shape, **setup.kwargs())
    except DuplicateCardError:
        check_duplicates(plist, board_ids, dead_ids)  # the same, naming who holds the card
        raise
    if exact is None:
        exact = work <= EXACT_LIMIT and trials is None and target_stderr is None
    spot = _Spot(plist, board_ids, dead_ids, setup, live)
    runner = _Runner(threads, executor, progress)
    if exact:
        result = _exact(spot, runner)
    else:
        result = _monte_carlo(spot, runner, trials=trials, seed=seed, target_stderr=target_stderr)
    return replace(result, players=labels, board=tuple(board_ids))


def _label(player: object, combos: list[tuple[list[int], float]]) -> str:
    """A player as given: its text, a range's text, or its cards' names."""
    if isinstance(player, str):
        return " ".join(player.split())
    if isinstance(player, Range | OmahaRange) and player.text:
        return player.text
    if len(combos) == 1:
        return "".join(str(Card(c)) for c in combos[0][0])
    return f"{len(combos):,} combos"


@dataclass(frozen=True)
class _Spot:
    """A checked question: each player's combos, the board and dead card
    ids, the setup, and each player's combos left after blocking."""

    players: list[list[tuple[list[int], float]]]
    board: list[int]
    dead: list[int]
    setup: Setup
    live: list[int]

    def job(self, seed: int, trials: int) -> _Job:
        """The picklable task of a run of ``trials`` (its shard count and
        the last shard's trials ride along)."""
        end = -(-trials // SHARD_TRIALS)
        last = trials - (end - 1) * SHARD_TRIALS
        return (self.players, self.board, self.dead, self.setup, seed, end, last)


@dataclass(frozen=True)
class _Runner:
    """How a run is carried out: core threads, an executor, progress."""

    threads: int | None
    executor: Executor | None
    progress: Progress


def _exact(spot: _Spot, runner: _Runner) -> Equity:
    update, bar = progress_fn(runner.progress)
    try:
        setup = spot.setup
        r = _core.equity_exact(
            spot.players, spot.board, spot.dead, setup.shape, runner.threads, **setup.kwargs()
        )
        if update is not None:
            update(1, 1)
    finally:
        if bar is not None:
            bar.stop() if hasattr(bar, "stop") else bar.close()
    return _result(r, spot.live, deals=r.deals // max(r.holdings, 1))


def _result(c: EquityCounts, live: list[int], *, deals: int, seed: int | None = None) -> Equity:
    """The ``Equity`` of an exact run's or a Monte Carlo run's counts."""
    return Equity(
        equity=c.equity,
        win=c.win,
        tie=c.tie,
        stderr=c.stderr,
        categories=c.by_category,
        combos=tuple(live),
        exact=c.exact,
        deals=deals,
        trials=c.deals,
        wins=c.wins,
        ties=c.ties,
        holdings=c.holdings,
        seed=seed,
        low=c.low,
    )


def _monte_carlo(
    spot: _Spot,
    runner: _Runner,
    *,
    trials: int | None,
    seed: int | None,
    target_stderr: float | None,
) -> Equity:
    if seed is None:
        seed = secrets.randbits(64)
    if trials is None:
        trials = MAX_TRIALS if target_stderr is not None else DEFAULT_TRIALS
    total_shards = -(-trials // SHARD_TRIALS)
    update, bar = progress_fn(runner.progress)
    counts: EquityCounts | None = None
    goal = trials
    job = spot.job(seed, trials)
    try:
        for first, count in _rounds(total_shards):
            base = 0 if counts is None else counts.deals
            tick = lambda n, b=base: update and update(b + n, goal)  # noqa: E731
            part = _shards(job, first, count, runner, tick)
            counts = part if counts is None else counts + part
            if update is not None:
                update(counts.deals, goal)
            if target_stderr is not None and max(counts.stderr) <= target_stderr:
                break
    finally:
        if bar is not None:
            bar.stop() if hasattr(bar, "stop") else bar.close()
    assert counts is not None
    return _result(counts, spot.live, deals=counts.deals, seed=seed)


def _shards(job: _Job, first: int, count: int, runner: _Runner, tick: _Tick) -> EquityCounts:
    """Shards ``first..first + count``: on the core's threads, or 4 a task on the executor."""
    executor = runner.executor
    if executor is None:
        return _core_shards(job, first, count, runner.threads)
    futures = [
        executor.submit(_run_shards, job, f, min(4, first + count - f))
        for f in range(first, first + count, 4)
    ]
    total: EquityCounts | None = None
    for fut in as_completed(futures):  # integer counts: the sum is exact in any order
        err = fut.exception()
        if err is not None:
            for other in futures:
                other.cancel()
            raise from_worker(err)
        total = fut.result() if total is None else total + fut.result()
        tick(total.deals)
    assert total is not None
    return total


def progress_fn(progress: Progress) -> tuple[Callable[[int, int], object] | None, Any]:
    """The callable ``(done, total)`` a ``progress`` option stands for, and
    the bar to close after the run (or None)."""
    if progress is None or progress is False:
        return None, None
    if callable(progress):
        return progress, None
    try:
        from rich.progress import Progress as RichProgress
    except ImportError:  # pragma: no cover - rich absent
        try:
            from tqdm import tqdm  # type: ignore[import-untyped, import-not-found, unused-ignore]
        except ImportError:
            return None, None
        bar = tqdm(total=0, unit="trials", unit_scale=True)

        def tq(done: int, total: int) -> None:
            bar.total = total
            bar.n = done
            bar.refresh()

        return tq, bar
    rp = RichProgress(transient=True)
    rp.start()
    task = rp.add_task("equity", total=None)

    def rich_update(done: int, total: int) -> None:
        rp.update(task, completed=done, total=total)

    return rich_update, rp
