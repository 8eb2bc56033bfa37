"""Work cut in fixed shards, run in this process or on an executor.

``hoyle.simulate`` and ``hoyle.history.replay_all`` cut their work into
shards whose size does not depend on how many workers there are (shard ``i``
of a simulation is seeded from ``(seed, i)``), run each shard as one task
(on Dask, a batch of consecutive shards as one task), and add the shards'
results in shard order, so the totals are the same in one process, on a
local pool of processes and on a Dask cluster. This module
is the part they share: the seed of a shard, and the loop that hands shards
to a ``concurrent.futures.Executor`` (``distributed.Client.get_executor()``
is one) a window at a time (``each_shard``: a few per worker, the next
submitted as one finishes, so planning ``2**48`` hands holds a window,
never every task; on a Dask cluster consecutive shards go in batches, one
task each, sized by ``hoyle._batches``) with a progress bar that counts
finished shards. The executor does the scheduling; a shard lost with its
worker is the executor's to run again (Dask does; a
``ProcessPoolExecutor`` whose worker dies fails the run).

>>> shard_seed(7, 0) == shard_seed(7, 0), shard_seed(7, 0) == shard_seed(7, 1)
(True, False)
>>> run_shards(pow, [(2, 3), (3, 2)], executor=None, progress=False, label="powers")
[8, 9]
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any, TypeAlias, TypeVar

from hoyle._batches import IN_FLIGHT, Plan, run_batch
from hoyle.errors import HoyleError

__all__ = [
    "LiveProgress",
    "Progress",
    "each_shard",
    "from_worker",
    "run_shards",
    "shard_seed",
    "window",
]

T = TypeVar("T")
#: ``True`` for a progress bar, a callable ``(done, total)``, or False/None.
Progress: TypeAlias = "bool | Callable[[int, int], object] | None"


def shard_seed(seed: int, shard: int) -> int:
    """The 64-bit seed of shard ``shard`` of a run seeded ``seed``: a hash of
    both, the same in every process and on every machine (Python's ``hash``
    is not: it is salted per process)."""
    digest = hashlib.blake2b(f"hoyle-shard:{seed}:{shard}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def from_worker(err: BaseException) -> BaseException:
    """The error a shard raised on a worker, as this process raises it: an
    ``ImportError`` (``ModuleNotFoundError`` too, its type kept) says it
    happened on a worker, whose Python lacks what this one has; any other
    error is itself.

    >>> str(from_worker(ModuleNotFoundError("No module named 'hoyle'", name="hoyle")))[:47]
    "on a worker: No module named 'hoyle' (a worker "
    """
    if not isinstance(err, ImportError) or str(err).startswith("on a worker:"):
        return err
    said = (
        f"on a worker: {err} (a worker imports what this process runs: install the same"
        " packages, hoyle included, on every worker, and define a bot in a module the"
        " workers can import, not in __main__ or a notebook)"
    )
    out = type(err)(said, name=err.name, path=err.path)
    out.__cause__ = err
    return out


def _updater(
    progress: Progress, label: str, total: int, unit: str = "shards"
) -> tuple[Callable[[int], None], Any]:
    """The callable told how many shards (or other ``unit``: a simulation
    counts hands) are done, and the bar to stop."""
    if progress is None or progress is False:
        return lambda done: None, None
    if callable(progress):
        report = progress

        def call(done: int) -> None:
            report(done, total)

        return call, None
    from rich.progress import Progress as RichProgress

    bar = RichProgress(transient=True)
    bar.start()
    task = bar.add_task(f"{label} ({total:,} {unit})", total=total)
    return lambda done: bar.update(task, completed=done), bar


def run_shards(
    fn: Callable[..., T],
    tasks: Sequence[tuple[Any, ...]],
    *,
    executor: Executor | None,
    progress: Progress,
    label: str,
) -> list[T]:
    """``[fn(*task) for task in tasks]``: in this process one after another
    (``executor=None``), or on ``executor`` (``each_shard``). The results
    come back in the order of ``tasks`` whatever order they finish in; the
    first task that raises cancels those not started and its error is
    raised here."""
    out: list[T] = []
    each_shard(fn, tasks, len(tasks), out.append, executor=executor, progress=progress, label=label)
    return out


def each_shard(
    fn: Callable[..., T],
    tasks: Iterable[tuple[Any, ...]],
    total: int,
    take: Callable[[T], object],
    *,
    executor: Executor | None,
    progress: Progress,
    label: str,
    poll: Callable[[], object] | None = None,
) -> None:
    """``take(fn(*task))`` for each of the ``total`` tasks, in their order:
    here one after another (``executor=None``), or on ``executor`` with at
    most ``window(executor)`` tasks submitted and not yet taken, the next
    submitted as one finishes. ``tasks`` is read as the window moves (a
    generator is never listed), so memory does not grow with ``total``.
    The first task that raises cancels those submitted and not started, and
    its error is raised here. ``poll`` (on an executor) is called about ten
    times a second while tasks run (a simulation reads its shards' hands
    then)."""
    update, bar = _updater(progress, label, total)
    try:
        if executor is None:
            for done, task in enumerate(tasks, 1):
                take(fn(*task))
                update(done)
        else:
            _on_executor(fn, iter(tasks), executor, take, update, poll, total)
    finally:
        if bar is not None:
            bar.stop()


def window(executor: Executor) -> int:
    """How many tasks ``each_shard`` keeps submitted to ``executor``: four
    per worker it has (a pool's processes or threads, a Dask cluster's
    threads; else this machine's cores), and at least 16."""
    workers = getattr(executor, "_max_workers", None)  # ProcessPool- and ThreadPoolExecutor
    client = getattr(executor, "_client", None)  # distributed's ClientExecutor
    if not isinstance(workers, int) and client is not None:
        try:
            workers = sum(client.nthreads().values())
        except Exception:  # a cluster that does not answer: the default
            workers = None
    if not isinstance(workers, int) or workers < 1:
        workers = os.cpu_count() or 1
    return max(16, 4 * workers)


def _threads(executor: Executor) -> int:
    """The worker threads of a Dask cluster (1 when it does not answer)."""
    client = getattr(executor, "_client", None)
    try:
        return max(1, sum(client.nthreads().values()))  # type: ignore[union-attr]
    except Exception:  # a stand-in, or a cluster that does not answer
        return 1


def _on_executor(
    fn: Callable[..., T],
    tasks: Iterator[tuple[Any, ...]],
    executor: Executor,
    take: Callable[[T], object],
    update: Callable[[int], None],
    poll: Callable[[], object] | None = None,
    total: int = 0,
) -> None:
    """The window of ``each_shard``: futures in task order; the finished
    ones at its front are taken, and as many new tasks submitted.

    On a Dask cluster (an executor with a ``_client``: distributed's
    ``ClientExecutor``) consecutive shards go in batches, one task each,
    sized by ``hoyle._batches.Plan`` from the first task's cost; elsewhere
    each shard is its own task. On Dask at most ``IN_FLIGHT`` batches per
    cluster thread are submitted and not back (the next is submitted as one
    ends): one running and one waiting on each worker, so none idles for the
    round trip between two batches, and none is left holding a queue of
    them while another idles at the end. A batch is submitted with
    ``pure=False``: its key is not a hash of its arguments, so nothing is
    hashed here, and a run never takes the result a previous run with the
    same seed left on the cluster (it plays every shard). There a batch whose
    future fails with an error that is not hoyle's is submitted again,
    once: Dask runs again the tasks a lost worker held, but its ``concurrent.futures`` adapter can
    fail a future whose result was fetched just before the worker was
    removed (its result then read as an error: ``AttributeError: 'int'
    object has no attribute 'with_traceback'``). A shard is seeded, so its
    second run gives the same result; a second failure is raised."""
    win = _Window(fn, tasks, executor, total)
    done = 0
    try:
        win.refill()
        while win.queue:
            win.wait(poll)
            win.retry_failed()
            while (results := win.front()) is not None:
                for one in results:
                    take(one)
                    done += 1
                win.refill()  # (the next batch runs while the bar is told)
                update(done)
            win.refill()
    finally:
        win.close()


class _Window:
    """The futures of ``_on_executor`` in task order, and what each holds."""

    def __init__(
        self,
        fn: Callable[..., Any],
        tasks: Iterator[tuple[Any, ...]],
        executor: Executor,
        total: int,
    ) -> None:
        self.fn, self.tasks, self.executor = fn, tasks, executor
        dask = getattr(executor, "_client", None) is not None  # distributed's ClientExecutor
        if dask:  # (one question to the scheduler, not two)
            threads = _threads(executor)
            self.plan: Plan | None = Plan(total, threads)
            self.size = max(16, 4 * threads)  # (what window() gives)
        else:
            self.plan, self.size = None, window(executor)
        self.queue: deque[Future[Any]] = deque()
        self.batch_of: dict[Future[Any], list[tuple[Any, ...]]] = {}
        self.sent: dict[Future[Any], float] = {}  # a probe's time of submission
        self.came: dict[Future[Any], float] = {}  # and of its result
        self.retried: set[int] = set()  # the ids of the batches submitted again
        self.submitted = 0

    def submit(self, batch: list[tuple[Any, ...]]) -> Future[Any]:
        plan = self.plan
        if plan is None:
            fut = self.executor.submit(self.fn, *batch[0])
        else:
            submit: Callable[..., Future[Any]] = self.executor.submit  # (pure: Client.submit's)
            fut = submit(run_batch, self.fn, batch, pure=False)
            self.batch_of[fut] = batch
            if not plan.ready:
                self.sent[fut] = time.perf_counter()
                fut.add_done_callback(lambda f: self.came.setdefault(f, time.perf_counter()))
        self.submitted += len(batch)
        return fut

    def close(self) -> None:
        """Cancels the tasks not taken and lets go of every future (a probe's
        callback would otherwise keep its future, and its result on the
        cluster, until the garbage collector's next cycle)."""
        for fut in self.queue:
            fut.cancel()
        self.queue.clear()
        self.batch_of.clear()
        self.sent.clear()
        self.came.clear()

    def refill(self) -> None:
        """Submits tasks while the window has room (on Dask: the probes, then
        one batch running per worker thread: a batch waits here, not on a
        worker)."""
        plan, queue = self.plan, self.queue
        while len(queue) < self.size:
            n = 1
            if plan is not None and not plan.ready and self.submitted >= plan.probes:
                return
            if plan is not None and plan.ready:
                if sum(not f.done() for f in queue) >= plan.threads * IN_FLIGHT:
                    return
                n = plan.next_size() or 1  # (more tasks than total: one by one)
            batch = list(itertools.islice(self.tasks, n))
            if not batch:
                return
            queue.append(self.submit(batch))

    def wait(self, poll: Callable[[], object] | None) -> None:
        """Waits for a task to end, unless the first has."""
        if self.queue[0].done():
            return
        running = [f for f in self.queue if not f.done()]
        if poll is None:
            wait(running, return_when=FIRST_COMPLETED)
        else:
            wait(running, timeout=0.1, return_when=FIRST_COMPLETED)
            poll()

    def measure(self, fut: Future[Any]) -> None:
        """The plan from the first probe back (its results and seconds)."""
        plan = self.plan
        if plan is not None and not plan.ready and fut in self.sent:
            out, seconds = fut.result()
            wall = self.came.get(fut, time.perf_counter()) - self.sent[fut]
            plan.measured(wall=wall, compute=seconds, shards=len(out), submitted=self.submitted)

    def retry_failed(self) -> None:
        """Raises the error of a task that failed, or on Dask submits its
        batch again (once, and never for hoyle's own errors)."""
        for i, fut in enumerate(self.queue):
            err = fut.exception() if fut.done() else None
            if err is None:
                if fut.done():
                    self.measure(fut)
                continue
            lost = self.batch_of.get(fut)
            if lost is None or isinstance(err, HoyleError) or id(lost) in self.retried:
                raise from_worker(err)
            self.retried.add(id(lost))
            self.submitted -= len(lost)  # (counted once)
            self.queue[i] = self.submit(lost)
            del self.batch_of[fut]

    def front(self) -> list[Any] | None:
        """The results of the first task, shard by shard, if it is done
        (and did not fail); else None."""
        queue = self.queue
        if not queue or not queue[0].done() or queue[0].exception() is not None:
            return None
        fut = queue.popleft()
        if self.plan is None:
            return [fut.result()]
        self.measure(fut)
        self.batch_of.pop(fut, None)
        out: list[Any] = fut.result()[0]
        return out


class LiveProgress:
    """A bar (or a callable ``(done, total)``) counting the units (hands) of
    the shards, moved while they play: in this process each shard reports
    after every unit (``live(shard)`` is the callable it is given; the bar
    moves at most 20 times a second); on a ``ProcessPoolExecutor`` each
    shard puts its count on a manager's queue, read as ``each_shard``
    polls; on any other executor the bar moves as shards finish."""

    def __init__(self, progress: Progress, label: str, total: int, executor: Executor | None):
        if progress is True:  # a bar is drawn on a terminal only (piped, it adds a blank line)
            from rich.console import Console

            progress = Console().is_terminal
        self.update, self.bar = _updater(progress, label, total, "hands")
        shown = not (progress is None or progress is False)
        self.here = shown and executor is None
        self.ticks = (
            _PoolTicks.start(executor)
            if shown and isinstance(executor, ProcessPoolExecutor)
            else None
        )
        self.done = 0
        self.last = 0.0
        self.poll: Callable[[], None] | None = self._poll if self.ticks is not None else None

    def live(self, shard: int) -> Callable[[int], None] | None:
        """What shard ``shard`` is told its units done with (None: nothing)."""
        if self.ticks is not None:
            return _Tick(self.ticks.queue, shard)
        return self._here if self.here else None

    def _here(self, units: int) -> None:
        now = time.monotonic()
        if now - self.last >= 0.05:
            self.last = now
            self.update(self.done + units)

    def _poll(self) -> None:
        if self.ticks is not None and self.ticks.read():
            self.update(self.done + self.ticks.running())

    def finished(self, shard: int, units: int) -> None:
        """Shard ``shard`` came back with ``units`` done."""
        self.done += units
        if self.ticks is not None:
            self.ticks.taken(shard)
            self.update(self.done + self.ticks.running())
        else:
            self.update(self.done)

    def stop(self) -> None:
        if self.bar is not None:
            self.bar.stop()
        if self.ticks is not None:
            self.ticks.stop()


class _Tick:
    """A pool shard's live report (pickled to the worker): the hands of the
    shard done so far, put on a manager's queue at most ten times a second."""

    def __init__(self, queue: Any, shard: int) -> None:
        self.queue, self.shard, self.last = queue, shard, 0.0

    def __call__(self, k: int) -> None:
        now = time.monotonic()
        if now - self.last >= 0.1:
            self.last = now
            with contextlib.suppress(Exception):  # a report lost (caller gone): play on
                self.queue.put_nowait((self.shard, k))


class _PoolTicks:
    """The caller's side of the live reports of a process pool's shards."""

    def __init__(self, manager: Any) -> None:
        self.manager = manager
        self.queue = manager.Queue()
        self.partial: dict[int, int] = {}
        self.finished: set[int] = set()

    @classmethod
    def start(cls, pool: ProcessPoolExecutor) -> _PoolTicks | None:
        import multiprocessing

        context = getattr(pool, "_mp_context", None) or multiprocessing.get_context("spawn")
        try:
            return cls(context.Manager())
        except Exception:  # no manager here: the bar moves shard by shard
            return None

    def read(self) -> bool:
        """Drains the queue; True if anything came."""
        came = False
        while True:
            try:
                shard, k = self.queue.get_nowait()
            except Exception:  # queue.Empty, or the manager gone
                return came
            came = True
            if shard not in self.finished:
                self.partial[shard] = max(k, self.partial.get(shard, 0))

    def taken(self, shard: int) -> None:
        self.finished.add(shard)
        self.partial.pop(shard, None)

    def running(self) -> int:
        return sum(self.partial.values())

    def stop(self) -> None:
        self.manager.shutdown()
