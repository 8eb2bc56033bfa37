"""How many shards one Dask task runs (``hoyle._shards.each_shard``).

A Dask task costs milliseconds that a process pool's does not: the client
and the scheduler (on a small cluster, in the calling process, beside the
workers) and the worker's event loop each handle every task, and the shard
shares the worker's interpreter with that loop while it starts and ends. So
on a Dask cluster consecutive shards go in batches, one task each
(``run_batch``), their results taken one by one in shard order: the
results are those of the shards one by one, whatever the batches.

The size comes from what the first tasks measure: ``each_shard`` submits
one shard per worker thread, and from the first to come back ``Plan``
takes the shard's compute time on the worker (``c``) and the task's round
trip less that (``o``, the cost of a task), then cuts the shards left in
batches of about ``o / (EPSILON * c)`` shards (a task's measured cost at
most ``EPSILON`` of its work), at most ``MAX_TASK_SECONDS`` of work each, at
least ``PER_THREAD`` batches per worker thread (so no worker waits long on
the last one, even where a neighbour slows one of them), their number a
multiple of the threads and their sizes within one of each other (equal
shards end together).

>>> plan = Plan(total=24, threads=2)
>>> plan.probes, plan.ready
(2, False)
>>> plan.measured(wall=0.050, compute=0.040, shards=1, submitted=2)
>>> [plan.next_size() for _ in range(9)]
[3, 3, 3, 3, 3, 3, 2, 2, 0]
>>> out, seconds = run_batch(pow, [(2, 3), (3, 2)])
>>> out
[8, 9]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

__all__ = ["EPSILON", "MAX_TASK_SECONDS", "PER_THREAD", "Plan", "run_batch"]

T = TypeVar("T")
#: The most a task's measured cost may be of its work (5 ms on 500 ms). It
#: is small because the round trip measured is the cost's least part: the
#: CPU time the scheduler and the worker's loop take per task, from the
#: workers on a small machine, is not in it (on two cores a 40 ms shard took
#: 3 to 5 ms longer as its own task than in a batch).
EPSILON = 0.01
#: The most work one batch holds, in seconds (a lost worker costs no more
#: than that to run again, and a bar moves at least that often).
MAX_TASK_SECONDS = 1.0
#: The fewest batches per worker thread: a worker slowed by a neighbour
#: (a shared machine) leaves the others at most a quarter of its work.
PER_THREAD = 4
_LEAST_COST = 0.001  # a task's cost is never read as below 1 ms


def run_batch(fn: Callable[..., T], tasks: Sequence[tuple[Any, ...]]) -> tuple[list[T], float]:
    """One Dask task: ``[fn(*task) for task in tasks]`` and the seconds they
    took where they ran."""
    started = time.perf_counter()
    out = [fn(*task) for task in tasks]
    return out, time.perf_counter() - started


class Plan:
    """The batch sizes of ``total`` shards on ``threads`` worker threads:
    ``probes`` single shards first, then, once ``measured``, the sizes
    ``next_size`` gives (0 when every shard has a batch)."""

    def __init__(self, total: int, threads: int) -> None:
        self.total = total
        self.threads = max(1, threads)
        self.probes = max(1, min(total, self.threads))
        self.ready = False
        self.left = 0  # shards not yet in a batch, once ready
        self.batches = 0  # batches not yet given
        self.cost = self.work = 0.0  # seconds: a task's cost, a shard's work

    def measured(self, *, wall: float, compute: float, shards: int, submitted: int) -> None:
        """The first task back: ``shards`` shards, ``compute`` seconds on the
        worker, ``wall`` seconds from submitting to its result here;
        ``submitted`` shards have been submitted so far."""
        self.work = max(compute / max(1, shards), 1e-6)
        self.cost = max(wall - compute, _LEAST_COST)
        left = self.total - submitted
        want = math.ceil(self.cost / (EPSILON * self.work))
        most = max(1, int(MAX_TASK_SECONDS / self.work))
        even = max(1, -(-left // (PER_THREAD * self.threads)))  # batches a thread, at least
        size = max(1, min(want, most, even))
        batches = -(-left // size) if left else 0
        batches = -(-batches // self.threads) * self.threads  # a multiple of the threads
        self.left, self.batches = left, min(batches, left)
        self.ready = True

    def next_size(self) -> int:
        """The next batch's shards (the sizes within one of each other)."""
        if not self.ready:
            return 1
        if not self.batches:
            return 0
        size = -(-self.left // self.batches)
        self.left -= size
        self.batches -= 1
        return size
