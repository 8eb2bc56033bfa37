"""hoyle on a real Dask cluster: a ``distributed.LocalCluster`` of two worker
processes on the loopback (one per module, a few seconds to start). The same
seed gives the same simulation totals in one process, on a process pool and
on the cluster; ``replay_all`` on the cluster matches the single-process
replay hand for hand, and ``history.statistics`` its counts; Dask equity
equals thread equity to the last count; a worker killed in the middle of a
simulation leaves the totals unchanged (Dask runs its shards again); the
command line's ``--scheduler``.

Without Dask installed these tests skip, except where ``HOYLE_REQUIRE_DASK``
is set (.ci/run sets it: CI installs the test extra, which holds Dask)."""

from __future__ import annotations

import os
import pickle
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import hoyle
import pytest
from hoyle import cluster, games
from hoyle.cli import main
from hoyle.history import replay_all

from tests.sim.test_simulation import CORPUS, SIX, _from_report, _plain_replay
from tests.support import ROOT, sim_bots

PYPROJECT = (ROOT / "pyproject.toml").read_text("utf-8")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    if os.environ.get("HOYLE_REQUIRE_DASK"):
        import distributed
    else:
        distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            processes=True,
            threads_per_worker=1,
            host="127.0.0.1",
            # a port of its own for the scheduler's HTTP server (None still
            # means 8787, taken when another cluster runs on this machine)
            dashboard_address="127.0.0.1:0",
            scheduler_kwargs={"dashboard": False},
        ) as local,
        distributed.Client(local) as c,
    ):
        c.wait_for_workers(2)
        yield c


def test_import_hoyle_imports_no_dask() -> None:
    code = (
        "import sys, hoyle, hoyle.cluster, hoyle.cli, hoyle.simulation, hoyle.history\n"
        "print(sorted(m for m in sys.modules if m.partition('.')[0] in ('dask', 'distributed')))"
    )
    where = str(Path(hoyle.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([where, os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, env=env
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_dask_extra_is_in_the_test_extras() -> None:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # its backport, a dependency on 3.10
        import tomli as tomllib

    extras = tomllib.loads(PYPROJECT)["project"]["optional-dependencies"]
    assert [re.split(r"[<>=\[]", r)[0] for r in extras["dask"]] == ["dask"]
    assert "distributed" in extras["dask"][0]
    assert set(extras["dask"]) <= set(extras["test"])
    run = (ROOT / ".ci" / "run").read_text("utf-8")
    assert "HOYLE_REQUIRE_DASK=1" in run


def test_same_seed_same_totals_on_one_process_a_pool_and_dask(client: Any) -> None:
    kwargs: dict[str, Any] = {"hands": 1000, "seed": 77, "shard_hands": 200}
    here = hoyle.simulate("texas_holdem", SIX, **kwargs)
    on_dask = hoyle.simulate("texas_holdem", SIX, executor=client.get_executor(), **kwargs)
    with cluster.executor(workers=2) as pool:
        on_pool = hoyle.simulate("texas_holdem", SIX, executor=pool, **kwargs)
    assert on_dask == here == on_pool
    assert (here.shards, here.hands) == (5, 1000)
    assert sum(s.net for s in here.seats) == 0
    assert here != hoyle.simulate("texas_holdem", SIX, **{**kwargs, "seed": 78})
    for reset in (True, False):  # the stack policies and the history too
        more = {**kwargs, "reset_stacks": reset, "history": True}
        here = hoyle.simulate("texas_holdem", SIX, **more)
        on_dask = hoyle.simulate("texas_holdem", SIX, executor=client.get_executor(), **more)
        with cluster.executor(workers=2) as pool:
            on_pool = hoyle.simulate("texas_holdem", SIX, executor=pool, **more)
        assert on_dask == here == on_pool
        assert here.history is not None
        assert on_dask.history is not None
        assert here.history.shape == (1000, 6)
        assert (here.history == on_dask.history).all()


def test_a_failing_bot_on_dask(client: Any) -> None:
    players = [("hater", sim_bots.spade_hater), "loose", "tight"]
    kwargs: dict[str, Any] = {"hands": 400, "seed": 2, "shard_hands": 100}
    ex = client.get_executor()
    skipped = hoyle.simulate("texas_holdem", players, on_error="skip", executor=ex, **kwargs)
    assert skipped == hoyle.simulate("texas_holdem", players, on_error="skip", **kwargs)
    assert skipped.failures
    with pytest.raises(hoyle.BotError, match=r"bot hater \(seat 0\) raised ValueError") as info:
        hoyle.simulate("texas_holdem", players, executor=ex, **kwargs)
    assert info.value.seat == 0
    assert info.value.hand in {f.hand for f in skipped.failures}


def test_a_module_callable_bot_is_loaded_by_each_worker(client: Any) -> None:
    spec = "tests.support.sim_bots:caller"
    kwargs: dict[str, Any] = {"hands": 300, "seed": 4, "shard_hands": 100}
    far = hoyle.simulate("omaha", [spec, "loose"], executor=client.get_executor(), **kwargs)
    assert far == hoyle.simulate("omaha", [spec, "loose"], **kwargs)
    assert far.seats[0].pfr == 0


def test_replay_all_on_dask_matches_the_plain_replay(client: Any) -> None:
    done: list[tuple[int, int]] = []
    report = replay_all(
        CORPUS,
        executor=client.get_executor(),
        outcomes=True,
        shard_files=100,
        progress=lambda d, t: done.append((d, t)),
    )
    assert _from_report(report) == _plain_replay(CORPUS)
    assert report == replay_all(CORPUS, outcomes=True)
    assert done[-1] == (8, 8)  # the bar counts finished shards


def test_statistics_on_dask_equal_one_process_to_the_count(client: Any) -> None:
    """``hoyle.history.statistics`` on the cluster as ``replay_all`` runs
    there: the same counts, the all-in adjusted nets to the last bit and
    every hand one by one, as one process; the bar counts shards."""
    from tests.history.test_statistics import assert_same, mixed_hands

    hands = mixed_hands()
    here = hoyle.history.statistics(hands)
    done: list[tuple[int, int]] = []
    there = hoyle.history.statistics(
        hands,
        executor=client.get_executor(),
        shard_hands=50,
        progress=lambda d, t: done.append((d, t)),
    )
    assert_same(here, there)
    shards = -(-len(hands) // 50)
    assert done[-1] == (shards, shards)
    assert here.hands > 800


@pytest.mark.parametrize(
    ("players", "kwargs"),
    [
        (["AhKh", "QQ+,AKs", "random"], {"trials": 400_000, "seed": 5}),
        (["As 2s Kd Qd", "Ah Kh 9c 9d"], {"trials": 100_000, "seed": 9, "game": "omaha_hilo"}),
        (["AhKh", "QsQd"], {"target_stderr": 0.002, "seed": 3}),
    ],
)
def test_dask_equity_equals_thread_equity_to_the_last_count(
    client: Any, players: list[str], kwargs: dict[str, Any]
) -> None:
    if "game" in kwargs:
        kwargs = {**kwargs, "game": getattr(games, kwargs["game"])()}
    threads = hoyle.equity(players, threads=2, **kwargs)
    on_dask = hoyle.equity(players, executor=client.get_executor(), **kwargs)
    assert not on_dask.exact
    counts = (threads.wins, threads.ties, threads.trials)
    assert (on_dask.wins, on_dask.ties, on_dask.trials) == counts
    assert on_dask == threads


def test_a_worker_killed_mid_simulation_changes_no_total(client: Any) -> None:
    kwargs: dict[str, Any] = {"hands": 6400, "seed": 31, "shard_hands": 100}
    expected = hoyle.simulate("texas_holdem", SIX, **kwargs)
    pids: dict[str, int] = client.run(os.getpid)
    killed: list[str] = []

    def kill_one_at_work(done: int, total: int) -> None:
        if killed or done < 3:
            return
        busy = [addr for addr, keys in client.processing().items() if keys]
        if not busy:  # between two batches, for a moment: at the next report
            return
        killed.append(busy[0])
        os.kill(pids[busy[0]], signal.SIGKILL)

    result = hoyle.simulate(
        "texas_holdem", SIX, executor=client.get_executor(), progress=kill_one_at_work, **kwargs
    )
    assert killed
    assert result == expected
    # the worker did die (its nanny starts a new one, at a new address)
    deadline = time.monotonic() + 30
    while killed[0] in client.scheduler_info()["workers"] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert killed[0] not in client.scheduler_info()["workers"]
    client.wait_for_workers(2, timeout=60)


def test_results_pickle_as_dask_sends_them(client: Any) -> None:
    import cloudpickle

    result = hoyle.simulate("razz", ["tight", sim_bots.caller], hands=50, seed=1)
    assert cloudpickle.loads(cloudpickle.dumps(result)) == result
    assert pickle.loads(cloudpickle.dumps(sim_bots.caller)) is sim_bots.caller
    # the result comes back from a worker equal
    future = client.submit(hoyle.simulate, "razz", ["tight", sim_bots.caller], hands=50, seed=1)
    assert future.result() == result


def _table(out: str) -> list[str]:
    """The summary's rows (the title, with its timing, left out)."""
    return [line for line in out.splitlines() if line.startswith("│")]


def test_the_command_line_on_the_cluster(client: Any, capsys: pytest.CaptureFixture[str]) -> None:
    address = client.scheduler.address
    play = ["play", "--hands", "600", "--seed", "4", "--quiet"]
    assert main(play) == 0
    here = _table(capsys.readouterr().out)
    assert main([*play, "--scheduler", address]) == 0
    assert _table(capsys.readouterr().out) == here
    assert main([*play, "--workers", "2"]) == 0
    assert _table(capsys.readouterr().out) == here
    assert len(here) == 6
    with pytest.raises(SystemExit):  # argparse: one or the other
        main([*play, "--workers", "2", "--scheduler", address])
    assert "not allowed with argument" in capsys.readouterr().err

    assert main(["replay", "--quiet", *CORPUS[:40]]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert main(["replay", "--quiet", "--scheduler", address, *CORPUS[:40]]) == 0
    far = capsys.readouterr().out.splitlines()
    assert far[:-1] == lines[:-1]
    assert re.sub(r"in \S+ s", "", far[-1]) == re.sub(r"in \S+ s", "", lines[-1])

    eq = ["equity", "AhKh", "QQ", "--trials", "200000", "--seed", "1", "--quiet"]
    assert main(eq) == 0
    here_eq = capsys.readouterr().out
    assert main([*eq, "--scheduler", address]) == 0
    assert capsys.readouterr().out == here_eq


def test_a_scheduler_that_does_not_answer() -> None:
    pytest.importorskip("distributed")
    with (
        pytest.raises(hoyle.HoyleError, match=r"scheduler tcp://127\.0\.0\.1:9: cannot connect"),
        cluster.executor(scheduler="tcp://127.0.0.1:9", timeout=1),
    ):
        pass
    with (
        pytest.raises(hoyle.HoyleError, match="not both"),
        cluster.executor(workers=2, scheduler="tcp://127.0.0.1:9"),
    ):
        pass
    with (
        pytest.raises(hoyle.HoyleError, match=r"workers must be 1\.\."),
        cluster.executor(workers=0),
    ):
        pass


def test_without_dask_the_scheduler_option_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "distributed" else real(name)
    )
    assert main(["play", "--hands", "5", "--quiet", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    assert 'pip install "hoyle[dask]"' in capsys.readouterr().err
