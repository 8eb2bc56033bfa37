"""The CPU seconds a run takes, wherever it runs (the cluster bench's
second figure beside the wall clock: on a shared machine the wall clock
says as much about the neighbours as about the run).

``Meter.take()`` reads, in seconds: ``"here"``, this thread (one process
runs its work here); ``"dask"``, this process's other threads but the
pool's (the Dask scheduler, client and nannies of a ``LocalCluster`` run
here) and the Dask workers' processes; ``"pool"``, the process pool's
threads here and its processes. A way's CPU is ``here`` plus its own
part: the Dask cluster's idle loops while the pool runs are not the
pool's, nor the pool's while Dask runs Dask's. Threads and other
processes are read from /proc (psutil: clock ticks, 10 ms), this thread
with ``time.thread_time``.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

WAYS = ("here", "dask", "pool")


def _pool_thread(thread: threading.Thread) -> bool:
    """A thread of a ``ProcessPoolExecutor``: its manager or a queue's feeder."""
    kind = type(thread).__name__
    return kind == "_ExecutorManagerThread" or thread.name == "QueueFeederThread"


class Meter:
    """The CPU seconds of this thread, of Dask and of the pool (``take``)."""

    def __init__(self, client: Any) -> None:
        import psutil  # (Dask's own dependency: there whenever a client is)

        self.no_such_process = psutil.NoSuchProcess
        self.me = psutil.Process()
        self.dask_pids = set(client.run(os.getpid).values()) if client is not None else set()

    def take(self) -> dict[str, float]:
        here = time.thread_time()
        out = dict.fromkeys(WAYS, 0.0)
        out["here"] = here
        ident = threading.get_native_id()
        pool_threads = {t.native_id for t in threading.enumerate() if _pool_thread(t)}
        for t in self.me.threads():
            if t.id != ident:
                out["pool" if t.id in pool_threads else "dask"] += t.user_time + t.system_time
        for child in self.me.children(recursive=True):
            try:
                times = child.cpu_times()
            except self.no_such_process:
                continue
            way = "dask" if child.pid in self.dask_pids else "pool"
            out[way] += times.user + times.system
        return out

    @staticmethod
    def used(before: dict[str, float], after: dict[str, float], way: str) -> float:
        """The CPU seconds of ``way`` ("one process", "Dask ...", "process
        pool ...") between two readings."""
        own = "dask" if way.startswith("Dask") else "pool" if way.startswith("process") else None
        spent = after["here"] - before["here"]
        return spent + (after[own] - before[own] if own is not None else 0.0)
