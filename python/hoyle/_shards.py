"""Work cut in fixed shards, run in this process or on an executor.

``hoyle.simulate`` and ``hoyle.history.replay_all`` cut their work into
shards whose size does not depend on how many workers there are (shard ``i``
of a simulation is seeded from ``(seed, i)``), run each shard as one task,
and add the shards' results in shard order, so the totals are the same in
one process, on a local pool of processes and on a Dask cluster. This module
is the part they share: the seed of a shard, and the loop that hands shards
to a ``concurrent.futures.Executor`` (``distributed.Client.get_executor()``
is one) with a progress bar that counts finished shards. The executor does
the scheduling; a shard lost with its worker is the executor's to run again
(Dask does; a ``ProcessPoolExecutor`` whose worker dies fails the run).

>>> shard_seed(7, 0) == shard_seed(7, 0), shard_seed(7, 0) == shard_seed(7, 1)
(True, False)
>>> run_shards(pow, [(2, 3), (3, 2)], executor=None, progress=False, label="powers")
[8, 9]
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import Any, TypeAlias, TypeVar

__all__ = ["Progress", "run_shards", "shard_seed"]

T = TypeVar("T")
#: ``True`` for a progress bar, a callable ``(done, total)``, or False/None.
Progress: TypeAlias = "bool | Callable[[int, int], object] | None"


def shard_seed(seed: int, shard: int) -> int:
    """The 64-bit seed of shard ``shard`` of a run seeded ``seed``: a hash of
    both, the same in every process and on every machine (Python's ``hash``
    is not: it is salted per process)."""
    digest = hashlib.blake2b(f"hoyle-shard:{seed}:{shard}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def _updater(progress: Progress, label: str, total: int) -> tuple[Callable[[int], None], Any]:
    """The callable told how many shards are done, and the bar to stop."""
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
    task = bar.add_task(f"{label} ({total:,} shards)", total=total)
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
    (``executor=None``), or submitted all at once to ``executor``. The
    results come back in the order of ``tasks`` whatever order they finish
    in; the first task that raises cancels those not started and its error
    is raised here."""
    update, bar = _updater(progress, label, len(tasks))
    try:
        if executor is None:
            out = []
            for done, task in enumerate(tasks, 1):
                out.append(fn(*task))
                update(done)
            return out
        return _on_executor(fn, tasks, executor, update)
    finally:
        if bar is not None:
            bar.stop()


def _on_executor(
    fn: Callable[..., T],
    tasks: Sequence[tuple[Any, ...]],
    executor: Executor,
    update: Callable[[int], None],
) -> list[T]:
    futures: list[Future[T]] = [executor.submit(fn, *task) for task in tasks]
    pending: set[Future[T]] = set(futures)
    try:
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                err = fut.exception()
                if err is not None:
                    raise err
            update(len(futures) - len(pending))
        return [fut.result() for fut in futures]
    finally:
        for fut in pending:
            fut.cancel()
