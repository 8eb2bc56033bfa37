"""The first Ctrl-C stops ``hoyle play`` promptly, in this process and on a
pool of workers whose shards are long (issue 25, item 11): the queued shards
are cancelled, the running ones ended, one line says so, exit 130.

The child sets SIGINT's disposition itself (a test started as a background
job of a non-interactive shell inherits SIGINT ignored), and runs in a
session of its own, so the signal goes to its whole process group as a
terminal's Ctrl-C does: the pool's workers receive it too."""

from __future__ import annotations

import sys
import textwrap

import pytest

from tests.support.interrupt import interrupt_when_moving

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
    status, err, waited = interrupt_when_moving(SCRIPT, [*PLAY, *where])
    assert status == 130, err
    assert err.splitlines() == ["hoyle: interrupted (Ctrl-C): stopped, no result"]
    assert waited < 10, f"stopped {waited:.1f} s after Ctrl-C"
