"""How many shards one Dask task runs (``hoyle._shards.each_shard``).

A Dask task costs milliseconds that a process pool's does not: the client
and the scheduler (on a small cluster, in the calling process, beside the
workers) and the worker's event loop each handle every task, and the shard
shares the worker's interpreter with that loop while it starts and ends. So
on a Dask cluster consecutive shards go in batches, one task each
(``run_batch``), their results taken one by one in shard order: the
results are those of the shards one by one, whatever the batches.

The sizes come from what the first tasks measure: ``each_shard`` submits
``IN_FLIGHT`` single shards per worker thread, and from the first to come
back ``Plan`` takes the shard's compute time on the worker (``c``) and the
task's round trip less that (``o``, the cost of a task). The shards left go
in batches that shrink as the run nears its end (guided self-scheduling):
each is the shards left over ``PER_THREAD`` times the threads, at most
about ``o / (EPSILON * c)`` shards (a task's measured cost at most
``EPSILON`` of its work) and ``MAX_TASK_SECONDS`` of work, and at least
``o / c`` shards (a task's work at least its cost). So the first batches are
large and the last hold a shard or two: a worker slowed by a neighbour (a
shared machine) takes fewer of them, and the workers end within about a
shard of each other, where batches of equal sizes left one idle for most
of a batch (60 to 150 ms of a 1.2 s simulation on two loaded cores).

Each worker thread is kept ``IN_FLIGHT`` batches (one running, one
waiting on it), so that it starts the next as soon as one ends instead of
idling for the round trip (the result to the client, the next batch to the
worker) between them.

>>> plan = Plan(total=24, threads=2)
>>> plan.probes, plan.ready
(4, False)
>>> plan.measured(wall=0.050, compute=0.040, shards=1, submitted=4)
>>> [plan.next_size() for _ in range(10)]
[5, 4, 3, 2, 2, 1, 1, 1, 1, 0]
>>> out, seconds = run_batch(pow, [(2, 3), (3, 2)])
>>> out
[8, 9]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

__all__ = ["EPSILON", "IN_FLIGHT", "MAX_TASK_SECONDS", "PER_THREAD", "Plan", "run_batch"]

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
#: A batch holds at most the shards left over this many batches per worker
#: thread: a worker slowed by a neighbour (a shared machine) leaves the
#: others at most half of its share of what is left. (Four gave a third
#: more tasks, each a few ms of CPU of the client, the scheduler and the
#: worker, on the cores the shards use.)
PER_THREAD = 2
#: Batches submitted and not yet back, per worker thread: one running and
#: one waiting on the worker. With one, a worker idled 10 to 30 ms between
#: two batches (two loaded cores), 12 to 14% of a 12,000-hand simulation;
#: with two, 1 to 6 ms.
IN_FLIGHT = 2
_LEAST_COST = 0.001  # a task's cost is never read as below 1 ms


def run_batch(fn: Callable[..., T], tasks: Sequence[tuple[Any, ...]]) -> tuple[list[T], float]:
    """One Dask task: ``[fn(*task) for task in tasks]`` and the seconds they
    took where they ran."""
    started = time.perf_counter()
    out = [fn(*task) for task in tasks]
    return out, time.perf_counter() - started


class Plan:
    """The batch sizes of ``total`` shards on ``threads`` worker threads:
    ``probes`` single shards first (``IN_FLIGHT`` a thread), then, once
    ``measured``, the sizes ``next_size`` gives (0 when every shard has a
    batch)."""

    def __init__(self, total: int, threads: int) -> None:
        self.total = total
        self.threads = max(1, threads)
        self.probes = max(1, min(total, self.threads * IN_FLIGHT))
        self.ready = False
        self.left = 0  # shards not yet in a batch, once ready
        self.least = self.most = 1  # shards a batch, once ready
        self.cost = self.work = 0.0  # seconds: a task's cost, a shard's work

    def measured(self, *, wall: float, compute: float, shards: int, submitted: int) -> None:
        """The first task back: ``shards`` shards, ``compute`` seconds on the
        worker, ``wall`` seconds from submitting to its result here;
        ``submitted`` shards have been submitted so far."""
        self.work = max(compute / max(1, shards), 1e-6)
        self.cost = max(wall - compute, _LEAST_COST)
        want = math.ceil(self.cost / (EPSILON * self.work))
        self.most = max(1, min(want, int(MAX_TASK_SECONDS / self.work)))
        self.least = max(1, min(self.most, math.ceil(self.cost / self.work)))
        self.left = self.total - submitted
        self.ready = True

    def next_size(self) -> int:
        """The next batch's shards: the shards left over ``PER_THREAD``
        batches a thread, from ``least`` to ``most`` (fewer only for the
        last)."""
        if not self.ready:
            return 1
        guided = -(-self.left // (PER_THREAD * self.threads))
        size = min(self.left, max(self.least, min(self.most, guided)))
        self.left -= size
        return size
