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

import math
import multiprocessing
import signal
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from hoyle._messages import one_line
from hoyle._whole import whole
from hoyle.errors import HoyleError

__all__ = ["MAX_WORKERS", "executor"]

#: The most processes ``executor(workers=...)`` starts.
MAX_WORKERS = 1024
#: The longest ``executor(timeout=...)``, in seconds (a day).
MAX_TIMEOUT = 86_400.0
_DASK_HINT = 'Dask is needed for a scheduler: pip install "hoyle[dask]"'


@contextmanager
def executor(
    *, workers: int | None = None, scheduler: str | None = None, timeout: float = 10.0
) -> Iterator[Executor | None]:
    """The executor ``workers`` or ``scheduler`` names (not both; neither:
    None), shut down on leaving the block. ``timeout``: seconds to wait for
    the scheduler to answer (then ``HoyleError``), more than 0 and at most
    ``MAX_TIMEOUT``.

    Leaving the block by an error (Ctrl-C's ``KeyboardInterrupt`` too)
    stops at once: the shards not started are cancelled and a pool's
    processes are ended, those running included (a Dask cluster cancels
    the client's tasks as it closes). The pool's processes ignore Ctrl-C
    themselves: a terminal sends it to them too, and the process that
    started them stops them."""
    timeout = _timeout(timeout)
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
    pool = ProcessPoolExecutor(
        workers, mp_context=multiprocessing.get_context(method), initializer=_ignore_ctrl_c
    )
    try:
        yield pool
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown(cancel_futures=True)


def _timeout(timeout: Any) -> float:
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError(f"timeout: seconds as a number, got {type(timeout).__name__}")
    if not (math.isfinite(timeout) and 0 < timeout <= MAX_TIMEOUT):
        raise HoyleError(
            f"timeout must be more than 0 and at most {MAX_TIMEOUT:g} s, got {timeout}"
        )
    return float(timeout)


def _ignore_ctrl_c() -> None:
    """A pool process's start: Ctrl-C is the parent's to handle (``_stop``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Shut ``pool`` down now: the queued shards cancelled, its processes
    ended (a running shard is not waited for)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(5)


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
    except Exception as err:  # distributed's own: OSError, TypeError (tls://), ImportError...
        raise HoyleError(f"scheduler {address}: cannot connect ({_said(err)})") from err
    try:
        yield client.get_executor()
    finally:
        client.close()


def _said(err: BaseException) -> str:
    """What ``err`` says, on one line, with its type where it is not an OSError."""
    text = one_line(err)
    if isinstance(err, OSError) or text.startswith(type(err).__name__):
        return text
    return f"{type(err).__name__}: {text}"
