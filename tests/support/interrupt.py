"""Ctrl-C sent to a child Python the way a terminal sends it: to the child's
whole process group (its pool's workers too), once the child says, on the
first line of its stdout, that a hand is being played (``sim_bots.slow_caller``
writes "moving"). The child runs ``tests.support.children``'s prelude
first, so its SIGINT disposition is set whatever this process inherited."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Sequence

from tests.support import ROOT, children


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):  # the group has already ended
        os.killpg(pid, signal.SIGKILL)


def interrupt_when_moving(
    script: str, args: Sequence[str] = (), *, after: float = 0.5, timeout: float = 30
) -> tuple[int, str, float]:
    """Run ``script`` (after the children's prelude) with ``args`` as its
    ``sys.argv[1:]`` in a session of its own (cwd: the repository);
    ``after`` seconds after its first "moving", SIGINT to its process group.
    Returns its exit status, its stderr and the seconds from the signal to
    its end. A child that says anything else first fails, with its stderr."""
    with subprocess.Popen(
        [*children.argv(script), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=children.env(),
        start_new_session=True,
    ) as proc:
        try:
            assert proc.stdout is not None
            first = proc.stdout.readline()
            if b"moving" not in first:
                _kill_group(proc.pid)
                _, err = proc.communicate(timeout=timeout)
                raise AssertionError(f"no hand played ({first!r}): {err.decode()[-2000:]}")
            time.sleep(after)
            sent = time.monotonic()
            os.killpg(proc.pid, signal.SIGINT)
            _, err = proc.communicate(timeout=timeout)
            waited = time.monotonic() - sent
        finally:
            if proc.poll() is None:
                _kill_group(proc.pid)
                proc.communicate()
    return proc.returncode, err.decode(), waited
