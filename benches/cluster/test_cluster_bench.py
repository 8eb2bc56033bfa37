"""``hoyle.simulate`` and ``hoyle.history.replay_all`` on a Dask
``LocalCluster`` of two worker processes (one thread each, loopback) and on
a local pool of two processes, against one process, in the same run, the
cluster started and warmed before any timing. Also the overhead of a shard
(the round trip of a shard with no work, and the extra worker time per shard
in the timed runs) and the bytes a shard sends and returns (cloudpickle, as
Dask sends them).

Run with ``python -m pytest benches/cluster --benchmark-enable``; the rates,
the ratios (target 1.7x on two cores), the overhead and the bytes are
printed at the end. Without ``--benchmark-enable`` (CI's smoke run) each
case runs once on a small size and nothing is printed.

Sizes: simulation, 12,000 six-max no-limit hold'em hands of the built-in
bots (24 shards of 500); replay, the PHH corpus and the HandHQ sample
(tests/data, 777 files, 943 hands) eight times over, each copy its own
files (6,216 files, 7,544 hands, 98 shards of 64 files); statistics,
``hoyle.history.statistics`` over 100,000 six-max hands of the built-in
bots written as hand histories and read back (50 shards of 2,000, each
one pickle of about 1.3 MB made as it is submitted), each run on its own
copy, three interleaved rounds. The load average is printed with the
figures, and each round's times and ratios after them. Beside each
wall-clock ratio: each way's CPU seconds (its threads and processes,
``benches/cluster/_cpu.py``) over one process's, which a neighbour on a
shared machine moves far less than the wall clock.
"""

from __future__ import annotations

import functools
import os
import pickle
import random
import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import hoyle
import pytest
from hoyle import cluster
from hoyle._shards import run_shards
from hoyle.history import replay_all

from benches.cluster._cpu import Meter
from benches.cluster.conftest import FIGURES, SERIES
from tests.history.test_statistics import assert_same

DATA = Path(__file__).resolve().parent.parent.parent / "tests" / "data"
CORPUS = sorted(str(p) for p in (DATA / "phh").rglob("*") if p.suffix in (".phh", ".phhs"))
CORPUS += sorted(str(p) for p in (DATA / "handhq").glob("*.phhs"))
# the caricature bots (cheap moves): the figures measure the shards' plumbing, not the bots
SIX = ["tight", "loose", "random", "tight", "loose", "random"]
HANDS, COPIES = 12_000, 8


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            processes=True,
            threads_per_worker=1,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",  # None still means port 8787
            scheduler_kwargs={"dashboard": False},
        ) as local,
        distributed.Client(local) as c,
    ):
        c.wait_for_workers(2)
        ex = c.get_executor()
        # warm: every worker imports hoyle and plays and replays once
        hoyle.simulate("texas_holdem", SIX, hands=400, seed=0, shard_hands=100, executor=ex)
        replay_all(CORPUS[:40], executor=ex, shard_files=10)
        yield c


@pytest.fixture(scope="module")
def pool() -> Iterator[Executor]:
    with cluster.executor(workers=2) as p:
        assert p is not None
        hoyle.simulate("texas_holdem", SIX, hands=400, seed=0, shard_hands=100, executor=p)
        replay_all(CORPUS[:40], executor=p, shard_files=10)
        yield p


def _timed(benchmark: Any, run: Callable[[], Any], name: str, work: int) -> Any:
    """One warm-up and three timed rounds (once, untimed, when disabled);
    the median rate in FIGURES."""
    out = benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    if benchmark.stats is not None:  # --benchmark-enable
        FIGURES[name] = work / benchmark.stats.stats.median
        FIGURES[name.replace("hands/s", "seconds")] = benchmark.stats.stats.median
    return out


def _hands(benchmark: Any) -> int:
    return HANDS if not benchmark.disabled else 1_000


@pytest.fixture(scope="module")
def copies(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The corpus ``COPIES`` times over, each copy its own files (``replay_all``
    reads a file once however often it is named)."""
    import shutil

    out: list[str] = []
    for k in range(COPIES):
        root = tmp_path_factory.mktemp(f"corpus{k}")
        for i, path in enumerate(CORPUS):
            target = root / f"{i:04d}{Path(path).suffix}"
            shutil.copyfile(path, target)
            out.append(str(target))
    return out


def _files(benchmark: Any, copies: list[str]) -> list[str]:
    return copies if not benchmark.disabled else CORPUS


def test_simulate_one_process(benchmark: Any) -> None:
    hands = _hands(benchmark)
    result = _timed(
        benchmark,
        lambda: hoyle.simulate("texas_holdem", SIX, hands=hands, seed=1),
        "simulate: one process, hands/s",
        hands,
    )
    assert result.hands == hands


def test_simulate_dask(benchmark: Any, client: Any) -> None:
    hands, ex = _hands(benchmark), client.get_executor()
    result = _timed(
        benchmark,
        lambda: hoyle.simulate("texas_holdem", SIX, hands=hands, seed=1, executor=ex),
        "simulate: Dask, 2 workers, hands/s",
        hands,
    )
    assert result == hoyle.simulate("texas_holdem", SIX, hands=hands, seed=1)


def test_simulate_process_pool(benchmark: Any, pool: Executor) -> None:
    hands = _hands(benchmark)
    result = _timed(
        benchmark,
        lambda: hoyle.simulate("texas_holdem", SIX, hands=hands, seed=1, executor=pool),
        "simulate: process pool, 2 workers, hands/s",
        hands,
    )
    assert result.hands == hands


def test_replay_one_process(benchmark: Any, copies: list[str]) -> None:
    files = _files(benchmark, copies)
    report = _timed(
        benchmark,
        lambda: replay_all(files),
        "replay_all: one process, hands/s",
        len(files) // len(CORPUS) * 943,
    )
    assert report.hands == len(files) // len(CORPUS) * 943


def test_replay_dask(benchmark: Any, client: Any, copies: list[str]) -> None:
    files, ex = _files(benchmark, copies), client.get_executor()
    report = _timed(
        benchmark,
        lambda: replay_all(files, executor=ex),
        "replay_all: Dask, 2 workers, hands/s",
        len(files) // len(CORPUS) * 943,
    )
    assert report == replay_all(files)


def test_replay_process_pool(benchmark: Any, pool: Executor, copies: list[str]) -> None:
    files = _files(benchmark, copies)
    report = _timed(
        benchmark,
        lambda: replay_all(files, executor=pool),
        "replay_all: process pool, 2 workers, hands/s",
        len(files) // len(CORPUS) * 943,
    )
    assert report.hands == len(files) // len(CORPUS) * 943


def test_interleaved_ratios(benchmark: Any, client: Any, pool: Executor, copies: list[str]) -> None:
    """The three ways one after another in each round (five rounds), so that
    a neighbour's load on this shared machine falls on all of them alike;
    each ratio is the median of the five rounds' ratios. Results are kept."""
    hands, files, ex = _hands(benchmark), _files(benchmark, copies), client.get_executor()
    ways: dict[str, Executor | None] = {
        "one process": None,
        "Dask, 2 workers": ex,
        "process pool, 2 workers": pool,
    }
    tasks: dict[str, Callable[[Executor | None], Any]] = {
        "simulate": lambda e: hoyle.simulate("texas_holdem", SIX, hands=hands, seed=1, executor=e),
        "replay_all": lambda e: replay_all(files, executor=e),
    }
    times: dict[tuple[str, str], list[float]] = {(t, w): [] for t in tasks for w in ways}
    cpu: dict[tuple[str, str], list[float]] = {(t, w): [] for t in tasks for w in ways}
    kept: list[Any] = []
    meter = Meter(client)

    loads: list[float] = []

    def cycle() -> None:
        loads.append(os.getloadavg()[0])
        for task, run in tasks.items():
            for where, executor in ways.items():
                before = meter.take()
                started = time.perf_counter()
                kept.append(run(executor))
                times[task, where].append(time.perf_counter() - started)
                cpu[task, where].append(Meter.used(before, meter.take(), where))

    rounds = 5 if not benchmark.disabled else 1
    benchmark.pedantic(cycle, rounds=rounds, iterations=1, warmup_rounds=0)
    assert len(kept) == 6 * rounds
    if benchmark.disabled:
        return
    for task in tasks:
        one = times[task, "one process"]
        for where in ("Dask, 2 workers", "process pool, 2 workers"):
            ratios = [a / b for a, b in zip(one, times[task, where], strict=True)]
            name = f"{task}, {where} / one process, interleaved, median of {rounds} (x)"
            FIGURES[name] = statistics.median(ratios)
            SERIES[f"{task}: one process / {where}, each round (x)"] = ratios
        _cpu_figures(task, cpu, rounds)
        SERIES[f"{task}: one process, seconds, each round"] = one
    SERIES["interleaved: load average (1 min) before each round"] = loads


def _cpu_figures(task: str, cpu: dict[tuple[str, str], list[float]], rounds: int) -> None:
    """The CPU seconds of each way (all its processes: ``benches.cluster._cpu``)
    over one process's, the median of the rounds' ratios, and each round's
    CPU seconds; 2 / that ratio is the most two cores could scale it."""
    one = cpu[task, "one process"]
    for where in ("Dask, 2 workers", "process pool, 2 workers"):
        ratios = [b / a for a, b in zip(one, cpu[task, where], strict=True)]
        name = f"{task}, {where}: CPU seconds / one process's, median of {rounds} (x)"
        FIGURES[name] = statistics.median(ratios)
        SERIES[f"{task}: {where} CPU / one process CPU, each round (x)"] = ratios
    for (t, where), seconds in cpu.items():
        if t == task:
            SERIES[f"{task}: {where}, CPU seconds, each round"] = seconds


class Measuring(Executor):
    """An executor that hands each task to another and keeps the cloudpickle
    size of what it sends (the function and its arguments) and receives."""

    def __init__(self, inner: Executor) -> None:
        self.inner = inner
        self.sent: list[int] = []
        self.received: list[int] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        import cloudpickle

        self.sent.append(len(cloudpickle.dumps((fn, args, kwargs))))
        future = self.inner.submit(fn, *args, **kwargs)
        future.add_done_callback(lambda f: self.received.append(len(cloudpickle.dumps(f.result()))))
        return future


def _noop(shard: int) -> int:
    return shard


def test_overhead_and_bytes_per_shard(benchmark: Any, client: Any) -> None:
    ex = client.get_executor()
    # the round trip of a shard with no hands: submit, run, result, merge
    benchmark.pedantic(
        lambda: hoyle.simulate("texas_holdem", SIX, hands=0, seed=1, executor=ex),
        rounds=40,
        iterations=1,
        warmup_rounds=1,
    )
    # many tasks at once, both workers busy: the scheduler's cost per task
    tasks = 400 if not benchmark.disabled else 10
    started = time.perf_counter()
    assert run_shards(
        _noop, [(i,) for i in range(tasks)], executor=ex, progress=False, label="no-op"
    ) == list(range(tasks))
    per_task = (time.perf_counter() - started) / tasks
    sim, rep = Measuring(ex), Measuring(ex)
    hoyle.simulate("texas_holdem", SIX, hands=1_000, seed=1, executor=sim)
    files = CORPUS if not benchmark.disabled else CORPUS[:128]
    replay_all(files, executor=rep)
    with_outcomes = Measuring(ex)
    replay_all(files, executor=with_outcomes, outcomes=True)
    # (callbacks run as the futures finish; all have finished by now)
    assert len(sim.received) == len(sim.sent) == 2
    result = hoyle.simulate("texas_holdem", SIX, hands=500, seed=1)
    assert len(pickle.dumps(result)) < 2_000
    if benchmark.disabled:
        return
    FIGURES["shard round trip, no work (ms)"] = benchmark.stats.stats.median * 1e3
    FIGURES["no-op task, 400 at once on 2 workers (ms each)"] = per_task * 1e3
    FIGURES["simulate: bytes sent per shard"] = max(sim.sent)
    FIGURES["simulate: bytes returned per shard"] = max(sim.received)
    FIGURES["replay_all: bytes sent per shard (64 files)"] = max(rep.sent)
    FIGURES["replay_all: bytes returned per shard"] = max(rep.received)
    FIGURES["replay_all, outcomes=True: bytes returned per shard"] = max(with_outcomes.received)
    one = FIGURES.get("simulate: one process, seconds")
    far = FIGURES.get("simulate: Dask, 2 workers, seconds")
    if one and far:  # worker time beyond one process's, per shard
        FIGURES["simulate: extra worker time per shard, Dask (ms)"] = (2 * far - one) / 24 * 1e3
    one = FIGURES.get("replay_all: one process, seconds")
    far = FIGURES.get("replay_all: Dask, 2 workers, seconds")
    if one and far:
        FIGURES["replay_all: extra worker time per shard, Dask (ms)"] = (2 * far - one) / 98 * 1e3


@functools.cache
def _histories(hands: int) -> bytes:
    """``hands`` six-max hands of the built-in bots as hand histories (each
    hand played, written with ``hoyle.history.dumps`` and read back),
    pickled: each run unpickles its own copy, as read from files (a
    history caches its replay plan, which a second run on the same objects
    would find)."""
    from hoyle import bots

    game, rng = hoyle.games.texas_holdem(), random.Random(1)
    seats = [bots.tag_bot, bots.loose_bot, bots.station_bot, bots.random_bot, bots.tight_bot]
    seats.append(bots.loose_bot)  # (cheap bots: the bench times the counting)
    names = ["tag", "loose", "station", "random", "tight", "loose 2"]
    out: list[Any] = []
    for k in range(hands):
        hand = game.start([200] * 6, button=k % 6, seed=rng.getrandbits(64))
        while not hand.is_over:
            actor = hand.actor
            assert actor is not None
            seats[actor](hand, rng)
        out += hoyle.history.loads(hoyle.history.dumps(hand, players=names))
    return pickle.dumps(out, protocol=5)


def test_statistics_one_process_pool_and_dask(benchmark: Any, client: Any, pool: Executor) -> None:
    """``hoyle.history.statistics`` over 100,000 hands: one process, the
    pool and Dask one after another in each of three rounds, each run on
    its own copy of the histories (unpickled before the clock starts); the
    medians of the times and of the rounds' ratios. Every result equals the
    first to the count (the all-in adjusted nets to the bit)."""
    packed = _histories(100_000 if not benchmark.disabled else 600)
    ways: dict[str, Executor | None] = {
        "one process": None,
        "Dask, 2 workers": client.get_executor(),
        "process pool, 2 workers": pool,
    }
    times: dict[str, list[float]] = {w: [] for w in ways}
    cpu: dict[tuple[str, str], list[float]] = {("statistics", w): [] for w in ways}
    first: list[Any] = []
    meter = Meter(client)

    def cycle() -> None:
        for where, executor in ways.items():
            hands = pickle.loads(packed)
            before = meter.take()
            started = time.perf_counter()
            stats = hoyle.history.statistics(hands, executor=executor)
            times[where].append(time.perf_counter() - started)
            cpu["statistics", where].append(Meter.used(before, meter.take(), where))
            if not first:
                first.append(stats)
            assert stats.hands == len(hands)
            assert_same(first[0], stats)  # every count, the all-in nets to the bit, every hand
            del hands

    rounds = 3 if not benchmark.disabled else 1
    loads = [os.getloadavg()[0]]
    benchmark.pedantic(cycle, rounds=rounds, iterations=1, warmup_rounds=0)
    loads.append(os.getloadavg()[0])
    assert sum(p.allin_hands for p in first[0].values()) > 0
    if benchmark.disabled:
        return
    SERIES["statistics: load average (1 min) before, after"] = loads
    for where, seconds in times.items():
        FIGURES[f"statistics, 100,000 hands: {where}, seconds (median of {rounds})"] = (
            statistics.median(seconds)
        )
        SERIES[f"statistics: {where}, seconds, each round"] = seconds
    one = times["one process"]
    for where in ("Dask, 2 workers", "process pool, 2 workers"):
        ratios = [a / b for a, b in zip(one, times[where], strict=True)]
        name = f"statistics, {where} / one process, interleaved, median of {rounds} (x)"
        FIGURES[name] = statistics.median(ratios)
        SERIES[f"statistics: one process / {where}, each round (x)"] = ratios
    _cpu_figures("statistics", cpu, rounds)
