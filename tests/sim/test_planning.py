"""``simulate`` plans its shards lazily (issue 25, item 2): with the most
hands it takes (``MAX_HANDS``, 2**48: about 5.6e11 shards of 500), it holds
a window of shards, never every task or every future, so the first hands
are played under a small memory limit; the results do not depend on the
window (a shard's seed is ``(seed, shard)``).

The runs of 2**48 hands are in a child process under an address-space limit
(``RLIMIT_AS``, 1.5 GiB above what the child holds once hoyle is imported):
planning every shard first needs terabytes, so the limit is what makes an
unbounded plan fail quickly and safely (``MemoryError``) instead of filling
the machine."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import hoyle
import pytest
from hoyle._batches import Plan, run_batch
from hoyle._shards import each_shard, window
from hoyle.simulation import MAX_HANDS

from tests.support import ROOT, children
from tests.support.interrupt import interrupt_when_moving

linux = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads /proc/self/status, sets RLIMIT_AS"
)
LIMIT = textwrap.dedent(
    """
    import resource
    import hoyle, hoyle.cli, hoyle.cluster, hoyle.play, hoyle.simulation
    with open("/proc/self/status") as status:
        held = next(int(l.split()[1]) * 1024 for l in status if l.startswith("VmSize:"))
    resource.setrlimit(resource.RLIMIT_AS, (held + (3 << 29), resource.RLIM_INFINITY))
    """
)
SIMULATE = LIMIT + textwrap.dedent(
    """
    import json, sys, threading
    from concurrent.futures import ThreadPoolExecutor
    from hoyle._shards import window

    class Counting(ThreadPoolExecutor):
        # a pool of two threads that counts the futures not yet done
        def __init__(self):
            super().__init__(2)
            self.lock, self.live, self.most, self.submitted = threading.Lock(), 0, 0, 0
        def submit(self, fn, *args, **kwargs):
            with self.lock:
                self.live += 1
                self.submitted += 1
                self.most = max(self.most, self.live)
            future = super().submit(fn, *args, **kwargs)
            future.add_done_callback(self.finished)
            return future
        def finished(self, future):
            with self.lock:
                self.live -= 1

    class Stop(Exception):
        pass

    def stop_after_five(done, total):  # told hands: five shards of 20 are 100
        assert total == 1 << 48
        if done >= 100:
            assert done % 20 == 0  # the first report past 100 is a shard's end
            raise Stop(done // 20)

    pool = Counting() if sys.argv[1] == "pool" else None
    try:
        hoyle.simulate("texas_holdem", ["tight", "loose"], hands=1 << 48, seed=1,
                       shard_hands=20, executor=pool, progress=stop_after_five)
    except Stop as stop:
        done = stop.args[0]
    if pool is None:
        print(json.dumps({"done": done}))
    else:
        pool.shutdown(cancel_futures=True)
        print(json.dumps({"done": done, "most": pool.most, "submitted": pool.submitted,
                          "window": window(pool)}))
    """
)


@linux
@pytest.mark.parametrize("where", ["here", "pool"])
def test_the_most_hands_start_playing_under_a_memory_limit(where: str) -> None:
    done = subprocess.run(
        [*children.argv(SIMULATE), where],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=children.env(),
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout)
    assert seen["done"] == 5 if where == "here" else 5 <= seen["done"] <= 5 + 16
    if where == "pool":
        assert seen["window"] == 16  # four per thread of two, at least 16
        assert seen["most"] <= seen["window"]
        assert seen["submitted"] <= seen["window"] + seen["done"] + 1


@linux
def test_hoyle_play_with_the_most_hands_plays_and_stops_on_ctrl_c() -> None:
    """``hoyle play --hands 281474976710656 --workers 2`` plays its first
    hands under the limit, and the first Ctrl-C stops it (exit 130)."""
    script = LIMIT + "import sys\nsys.exit(hoyle.cli.main(sys.argv[1:]))\n"
    argv = ["play", "--hands", str(MAX_HANDS), "--seed", "1", "--quiet", "--bots", "tight"]
    argv += ["--bot", "tests.support.sim_bots:slow_caller", "--workers", "2"]
    status, err, _ = interrupt_when_moving(script, argv, after=0)
    assert status == 130, err[-2000:]


class _Recording(ThreadPoolExecutor):
    """A pool of one thread recording the shard of every task submitted."""

    def __init__(self) -> None:
        super().__init__(1)
        self.shards: list[int] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.shards.append(args[1])
        return super().submit(fn, *args, **kwargs)


def test_results_do_not_depend_on_the_window() -> None:
    """60 shards through a window of 16 on one thread: the same result,
    voided hands in the same order, as 60 shards played here."""
    from tests.support import sim_bots

    players = ["tight", ("hater", sim_bots.spade_hater), "random"]
    kwargs: dict[str, Any] = {"hands": 600, "seed": 11, "shard_hands": 10, "on_error": "skip"}
    here = hoyle.simulate("texas_holdem", players, **kwargs)
    with _Recording() as pool:
        far = hoyle.simulate("texas_holdem", players, executor=pool, **kwargs)
    assert window(pool) == 16
    assert pool.shards == list(range(60))  # each shard once, in order
    assert far == here
    assert here.shards == 60
    assert len(here.failures) > 3
    assert [f.hand for f in far.failures] == sorted(f.hand for f in here.failures)


def test_each_shard_keeps_a_window_and_takes_in_order() -> None:
    """Tasks finishing out of order are taken in task order; a generator of
    tasks is read only as the window moves."""
    made = 0
    gate = threading.Event()

    def tasks() -> Any:
        nonlocal made
        for i in range(100):
            made += 1
            yield (i,)

    def slow_first(i: int) -> int:
        if i == 0:
            gate.wait(10)
        return i * i

    taken: list[int] = []
    seen: list[int] = []

    def take(value: int) -> None:
        taken.append(value)
        seen.append(made)

    def release() -> None:
        time.sleep(0.5)
        assert made == 16  # the window, nothing more, while task 0 runs
        gate.set()

    threading.Thread(target=release).start()
    cpu = time.process_time()
    with ThreadPoolExecutor(2) as pool:
        each_shard(slow_first, tasks(), 100, take, executor=pool, progress=False, label="x")
    assert time.process_time() - cpu < 0.1  # it waited for task 0, did not spin
    assert taken == [i * i for i in range(100)]
    assert made == 100
    assert all(m <= i + 1 + 16 for i, m in enumerate(seen))


class _Glitching(ThreadPoolExecutor):
    """A stand-in for Dask's ``ClientExecutor`` (it has a ``_client``) whose
    futures of the tasks in ``glitch`` fail the first ``times`` times they are
    submitted, as distributed's adapter fails a future whose result was
    fetched just before its worker was removed."""

    class _Client:
        def nthreads(self) -> dict[str, int]:
            return {"tcp://a": 1, "tcp://b": 1}

    _client = _Client()

    def __init__(self, glitch: set[int], times: int = 1) -> None:
        super().__init__(2)
        self.glitch, self.times, self.submits = glitch, times, [0] * 64
        self.batches: list[list[int]] = []
        self.out = self.most_out = 0  # tasks submitted and not done
        self.counting = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        assert fn is run_batch  # on Dask, shards go in batches
        assert kwargs.pop("pure") is False  # (Client.submit's: a fresh key, never a cached result)
        shards = [task[0] for task in args[1]]
        self.batches.append(shards)
        for shard in shards:
            self.submits[shard] += 1
        if any(s in self.glitch and self.submits[s] <= self.times for s in shards):
            failed: Future[Any] = Future()
            failed.set_exception(AttributeError("'int' object has no attribute 'with_traceback'"))
            return failed
        with self.counting:
            self.out += 1
            self.most_out = max(self.most_out, self.out)
        fut = super().submit(fn, *args, **kwargs)
        fut.add_done_callback(self._back)
        return fut

    def _back(self, fut: Future[Any]) -> None:
        with self.counting:
            self.out -= 1


def test_a_glitched_dask_future_is_run_again_once_and_a_hoyle_error_never() -> None:
    tasks = [(i,) for i in range(40)]
    taken: list[int] = []
    with _Glitching({3, 17, 39}) as pool:
        each_shard(
            lambda i: i * i, tasks, 40, taken.append, executor=pool, progress=False, label="t"
        )
    assert taken == [i * i for i in range(40)]
    assert pool.submits[3] == pool.submits[17] == pool.submits[39] == 2
    once = [b for b in pool.batches if not set(b) & {3, 17, 39}]
    assert all(pool.submits[s] == 1 for b in once for s in b)
    assert sorted(s for b in once for s in b) == [
        s for s in range(40) if not any(s in b for b in pool.batches if {3, 17, 39} & set(b))
    ]
    with _Glitching({5}, times=2) as pool, pytest.raises(AttributeError):  # failed twice: raised
        each_shard(lambda i: i, tasks, 40, taken.append, executor=pool, progress=False, label="t")

    def refused(i: int) -> int:
        raise hoyle.errors.BotError(f"bot of shard {i}")

    with _Glitching(set()) as pool, pytest.raises(hoyle.errors.BotError):
        each_shard(refused, tasks, 40, taken.append, executor=pool, progress=False, label="t")
    assert pool.submits[0] == 1  # hoyle's own error: not run again
    with ThreadPoolExecutor(2) as plain, pytest.raises(ZeroDivisionError):  # not Dask: raised
        each_shard(
            lambda i: 1 // (i - 7),
            tasks,
            40,
            taken.append,
            executor=plain,
            progress=False,
            label="t",
        )


def _slow_square(i: int) -> int:
    time.sleep(0.004)
    return i * i


def test_on_dask_the_shards_go_in_batches_sized_from_the_first_task() -> None:
    """A stand-in for Dask (two threads): two probe shards per thread, then
    the rest in batches that shrink towards the end, two a thread submitted
    and not back at most (and that many while there are batches to send);
    every shard once, taken in order."""
    with _Glitching(set()) as pool:
        taken: list[int] = []
        done: list[int] = []
        each_shard(
            _slow_square,
            [(i,) for i in range(40)],
            40,
            taken.append,
            executor=pool,
            progress=lambda d, t: done.append(d),
            label="t",
        )
    assert taken == [i * i for i in range(40)]
    assert pool.submits[:40] == [1] * 40
    assert [len(b) for b in pool.batches[:4]] == [1] * 4  # the probes, two a thread
    sizes = [len(b) for b in pool.batches[4:]]
    assert sizes[:-1] == sorted(sizes[:-1], reverse=True)  # (the last: what is left)
    assert sizes[0] > sizes[-1]
    assert sum(sizes) == 36
    assert [s for b in pool.batches for s in b] == list(range(40))
    assert done[-1] == 40
    assert done == sorted(done)
    assert pool.most_out == 4  # IN_FLIGHT per thread


@pytest.mark.parametrize(
    ("total", "threads", "work", "cost", "sizes"),
    [
        # what is left over two batches a thread: 20/4, 15/4, 11/4 ...
        (24, 2, 0.040, 0.010, [5, 4, 3, 2, 2, 1, 1, 1, 1]),
        # at most 0.008 / (0.01 * 0.003) = 267, at least 0.008 / 0.003 = 3
        (98, 2, 0.003, 0.008, [24, 18, 13, 10, 8, 6, 4, 3, 3, 3, 2]),
        (98, 2, 0.500, 0.004, [1] * 94),  # long shards: one a task
        # at most a second of work a batch (5), at least 0.5 / 0.2 = 3
        (1000, 4, 0.200, 0.500, [5] * 192 + [4, 4] + [3] * 8),
    ],
)
def test_the_batch_plan(
    total: int, threads: int, work: float, cost: float, sizes: list[int]
) -> None:
    plan = Plan(total, threads)
    assert plan.probes == 2 * threads  # two in flight a thread (IN_FLIGHT)
    plan.measured(wall=work + cost, compute=work, shards=1, submitted=plan.probes)
    got = []
    while size := plan.next_size():
        got.append(size)
    assert sum(got) == total - plan.probes
    assert got == sizes
