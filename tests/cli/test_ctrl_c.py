"""The first Ctrl-C stops ``hoyle play`` promptly, in this process and on a
pool of workers whose shards are long (issue 25, item 11): the queued shards
are cancelled, the running ones ended, one line says so, exit 130.

The child sets SIGINT's disposition itself (a test started as a background
job of a non-interactive shell inherits SIGINT ignored), and runs in a
session of its own, so the signal goes to its whole process group as a
terminal's Ctrl-C does: the pool's workers receive it too."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from tests.support import ROOT

SCRIPT = textwrap.dedent(
    """
    import signal, sys
    signal.signal(signal.SIGINT, signal.default_int_handler)
    from hoyle.cli import main
    sys.exit(main(sys.argv[1:]))
    """
)
# each move of slow_caller takes 20 ms: a shard of 500 hands runs for minutes
PLAY = ["play", "--hands", "100000", "--seed", "1", "--quiet", "--bots", "tight"]
PLAY += ["--bot", "tests.support.sim_bots:slow_caller"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and process groups")
@pytest.mark.parametrize("where", [[], ["--workers", "1"], ["--workers", "3"]])
def test_the_first_ctrl_c_stops_the_run(where: list[str]) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, *PLAY, *where],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == b"moving"  # the first shard has started
        time.sleep(0.5)
        sent = time.monotonic()
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        waited = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err.decode()
    assert err.decode().splitlines() == ["hoyle: interrupted (Ctrl-C): stopped, no result"]
    assert waited < 10, f"stopped {waited:.1f} s after Ctrl-C"
