"""Every error the ``hoyle`` command meets is one line on stderr, ``hoyle:
...``, with exit status 2; ``--traceback`` prints the chain of exceptions
before that line (issue 25, item 12)."""

from __future__ import annotations

import importlib.util
import math
from concurrent.futures import CancelledError
from concurrent.futures.process import BrokenProcessPool

import hoyle
import pytest
from hoyle import cli, cluster
from hoyle.cli import main

needs_dask = pytest.mark.skipif(
    importlib.util.find_spec("distributed") is None, reason="needs the dask extra"
)


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    """The one line the command printed on stderr (and nothing on stdout)."""
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("hoyle: "), err
    assert "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["equity", "AhKh", "QsQd", "--game", "Game", "--quiet"], "no preset 'Game'"),
        (["equity", "AhKh", "QsQd", "--game", "Street", "--quiet"], "no preset 'Street'"),
        (
            ["equity", "AhKh", "QsQd", "--plot", "x.png", "--plot-trials", "-1", "--quiet"],
            "--plot-trials: trials must be an integer in 1..=17179869184, got -1",
        ),
        (["bench", "--hands", "-1"], "hands must be 1..10,000,000, got -1"),
        (["bench", "--hands", "0"], "hands must be 1..10,000,000, got 0"),
        (["bench", "--batch", "99999999999999"], "batch must be 1..100,000,000"),
        (["bench", "--seconds", "nan"], "seconds must be more than 0 and at most 3600, got nan"),
        (["bench", "--seconds", "-1"], "seconds must be more than 0 and at most 3600, got -1"),
        (["bench", "--seconds", "inf"], "seconds must be more than 0"),
        (["play", "--hands", "-3", "--quiet"], "hands must be >= 0, got -3"),
        (["play", "--hands", "5", "--quiet", "--workers", "0"], "workers must be 1..1024, got 0"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert says in _one_line(capsys)


@needs_dask
@pytest.mark.parametrize("scheme", ["tls", "ucx"])
def test_a_scheduler_that_cannot_be_reached_is_one_line(
    scheme: str, capsys: pytest.CaptureFixture[str]
) -> None:
    address = f"{scheme}://127.0.0.1:9"
    assert main(["play", "--hands", "5", "--quiet", "--scheduler", address]) == 2
    line = _one_line(capsys)
    assert line.startswith(f"hoyle: scheduler {address}: cannot connect (")


def test_a_bot_whose_message_cannot_be_read(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--hands", "5", "--seed", "1", "--quiet", "--bots", "tight"]
    assert main([*argv, "--bot", "tests.support.sim_bots:unprintable"]) == 2
    line = _one_line(capsys)
    assert "bot tests.support.sim_bots:unprintable (seat 0) raised Unprintable" in line
    assert "its message could not be read: RuntimeError" in line


def test_a_killed_pool_worker_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--hands", "5", "--seed", "1", "--quiet", "--bots", "tight", "--workers", "1"]
    assert main([*argv, "--bot", "tests.support.sim_bots:dies"]) == 2
    assert _one_line(capsys).startswith("hoyle: a worker process died, the run is lost (")


@pytest.mark.parametrize(
    ("error", "says"),
    [
        (hoyle.HistoryError("bad file\nline 2:\n\tx"), "hoyle: bad file line 2: x"),
        (MemoryError(), "hoyle: out of memory"),
        (MemoryError("cannot allocate 8 GB"), "hoyle: out of memory: cannot allocate 8 GB"),
        (FileNotFoundError(2, "No such file or directory", "x.phh"), "hoyle: [Errno 2] No such"),
        (PermissionError(13, "Permission denied"), "hoyle: [Errno 13] Permission denied"),
        (OSError(), "hoyle: OSError (an error of the system)"),
        (TimeoutError("the scheduler did not answer"), "hoyle: TimeoutError: the scheduler did"),
        (KeyError("x"), "hoyle: KeyError: 'x' (unexpected: --traceback shows where)"),
        (CancelledError(), "hoyle: a shard was cancelled by the executor, the run is lost"),
        (BrokenProcessPool("gone"), "hoyle: a worker process died, the run is lost (gone)"),
    ],
)
def test_any_error_is_one_line(
    error: Exception, says: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def fail(args: object) -> int:
        raise error

    monkeypatch.setattr(cli, "_eval", fail)  # read when main() makes the parser
    assert main(["eval", "As", "Ks", "Qs", "Js", "Ts"]) == 2
    assert _one_line(capsys).startswith(says)


@needs_dask
def test_a_dask_error_in_a_run_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from distributed.scheduler import KilledWorker

    def fail(args: object) -> int:
        raise KilledWorker("shard-1", None, 3)  # type: ignore[arg-type]

    monkeypatch.setattr(cli, "_eval", fail)
    assert main(["eval", "As", "Ks", "Qs", "Js", "Ts"]) == 2
    assert _one_line(capsys).startswith("hoyle: the Dask cluster failed the run: KilledWorker: ")


def test_traceback_prints_the_chain(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "AhKh", "QsQd", "--game", "Game", "--quiet"]
    for place in (["--traceback", *argv], [*argv, "--traceback"]):
        assert main(place) == 2
        _, err = capsys.readouterr()
        lines = err.splitlines()
        assert lines[0] == "Traceback (most recent call last):"
        assert lines[-1].startswith("hoyle: --game: no preset 'Game'")
        assert any(line.startswith("hoyle.errors.GameError: --game") for line in lines)
    argv = ["play", "--hands", "5", "--seed", "1", "--quiet", "--bots", "tight"]
    assert main(["--traceback", *argv, "--bot", "tests.support.sim_bots:spade_hater"]) == 0
    capsys.readouterr()


def test_argument_errors_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, says in [
        (["play", "--hands", "x"], "hoyle: play: argument --hands: invalid int value: 'x'"),
        (["bench", "--seconds", "soon"], "hoyle: bench: argument --seconds: invalid float"),
        (["nope"], "hoyle: argument command: invalid choice: 'nope'"),
        ([], "hoyle: the following arguments are required: command"),
        (["play", "--workers", "2", "--scheduler", "tcp://h:1"], "not allowed with argument"),
    ]:
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
        assert says in _one_line(capsys)


@pytest.mark.parametrize("timeout", [math.nan, math.inf, -math.inf, -1.0, 0, 86_401])
def test_executor_timeouts_outside_the_range_are_refused(timeout: float) -> None:
    for where in ({}, {"workers": 1}, {"scheduler": "tcp://127.0.0.1:9"}):
        with (
            pytest.raises(hoyle.HoyleError, match="timeout must be more than 0 and at most 86400"),
            cluster.executor(timeout=timeout, **where),
        ):
            raise AssertionError("not reached")  # pragma: no cover
    with (
        pytest.raises(TypeError, match="timeout: seconds as a number, got str"),
        cluster.executor(timeout="10"),  # type: ignore[arg-type]
    ):
        raise AssertionError("not reached")  # pragma: no cover
    with cluster.executor(timeout=0.5) as none:
        assert none is None
