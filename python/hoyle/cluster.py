"""Where the shards of ``hoyle.simulate``, ``hoyle.history.replay_all`` and
Monte Carlo ``hoyle.equity`` run: ``executor(workers=N)`` is a local pool of
``N`` processes (``concurrent.futures.ProcessPoolExecutor``, started with
``forkserver`` where the platform has it, else ``spawn``), and
``executor(scheduler=ADDRESS)`` is a running Dask cluster's executor
(``distributed.Client(ADDRESS).get_executor()``; the optional extra
``pip install "hoyle[dask]"``). With neither, None: the work runs in this
process. ``hoyle play``, ``hoyle replay`` and ``hoyle equity`` take the same
two options, ``--workers N`` and ``--scheduler ADDRESS``.

Dask is imported only here, and only for ``scheduler``: ``import hoyle``
never imports it. A pool of processes fails the run if one of its processes
dies; a Dask cluster runs the lost shard again on another worker.

>>> import hoyle
>>> with executor(workers=2) as pool:
...     far = hoyle.simulate("texas_holdem", ["tight", "loose"], hands=600, seed=4, executor=pool)
>>> far == hoyle.simulate("texas_holdem", ["tight", "loose"], hands=600, seed=4)
True
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager

from hoyle._whole import whole
from hoyle.errors import HoyleError

__all__ = ["MAX_WORKERS", "executor"]

#: The most processes ``executor(workers=...)`` starts.
MAX_WORKERS = 1024
_DASK_HINT = 'Dask is needed for a scheduler: pip install "hoyle[dask]"'


@contextmanager
def executor(
    *, workers: int | None = None, scheduler: str | None = None, timeout: float = 10.0
) -> Iterator[Executor | None]:
    """The executor ``workers`` or ``scheduler`` names (not both; neither:
    None), shut down on leaving the block. ``timeout``: seconds to wait for
    the scheduler to answer (then ``HoyleError``)."""
    if workers is not None and scheduler is not None:
        raise HoyleError("workers or a scheduler, not both")
    if scheduler is not None:
        with _dask(scheduler, timeout) as remote:
            yield remote
        return
    if workers is None:
        yield None
        return
    workers = whole(workers, "workers must be an int")
    if not 1 <= workers <= MAX_WORKERS:
        raise HoyleError(f"workers must be 1..{MAX_WORKERS}, got {workers}")
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method))
    try:
        yield pool
    finally:
        pool.shutdown(cancel_futures=True)


@contextmanager
def _dask(address: str, timeout: float) -> Iterator[Executor]:
    if not isinstance(address, str) or not address.strip():
        raise HoyleError(f"a scheduler is an address such as tcp://10.0.0.5:8786, got {address!r}")
    try:
        from distributed import Client
    except ImportError as err:
        raise ImportError(_DASK_HINT) from err
    try:
        client = Client(address.strip(), timeout=timeout)
    except (OSError, TimeoutError, ValueError) as err:
        raise HoyleError(f"scheduler {address}: cannot connect ({err})") from None
    try:
        yield client.get_executor()
    finally:
        client.close()
