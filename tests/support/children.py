"""Python child processes that set what they rely on themselves.

A child inherits its parent's signal dispositions: started from a
background job of a non-interactive shell, SIGINT is ignored, and a child
Python then never sees Ctrl-C (CPython installs its ``KeyboardInterrupt``
handler only where SIGINT is not ignored). So every child a test starts
runs ``PRELUDE`` first: Ctrl-C raises ``KeyboardInterrupt`` and SIGABRT
kills the child (an abort shows as exit code -6, whatever the parent masked).

``memory_limit(extra)`` is the prelude's helper for a child that must fail
an allocation: it caps the child's address space at what it already maps
plus ``extra`` bytes (``RLIMIT_AS``), so the cap does not depend on how much
the interpreter and its imports happen to map.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import hoyle

#: Run first in every child: the dispositions it relies on, set here.
PRELUDE = """\
import signal as _signal
_signal.signal(_signal.SIGINT, _signal.default_int_handler)
_signal.signal(_signal.SIGABRT, _signal.SIG_DFL)


def memory_limit(extra):
    import resource
    with open("/proc/self/status") as status:
        size = next(int(line.split()[1]) for line in status if line.startswith("VmSize:"))
    cap = size * 1024 + extra
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    return cap
"""


def argv(script: str) -> list[str]:
    """The command line of a Python child running ``PRELUDE`` then ``script``."""
    return [sys.executable, "-c", PRELUDE + script]


def env() -> dict[str, str]:
    """The child's environment: this one, with the folder of the ``hoyle``
    this process imported first (this tree's ``python/`` in a development
    install, a venv's site-packages in CI's installed runs, whose tree has
    no built core for that interpreter)."""
    where = str(Path(hoyle.__file__).resolve().parent.parent)
    path = os.pathsep.join(p for p in (where, os.environ.get("PYTHONPATH")) if p)
    return {**os.environ, "PYTHONPATH": path}


def popen(script: str, **kwargs: Any) -> subprocess.Popen[bytes]:
    """``script`` in a new child (stdout and stderr piped)."""
    return subprocess.Popen(
        argv(script), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(), **kwargs
    )


def run(script: str, *, timeout: float) -> subprocess.CompletedProcess[str]:
    """``script`` run to its end in a new child, its output captured as text."""
    return subprocess.run(
        argv(script), capture_output=True, text=True, env=env(), timeout=timeout, check=False
    )
