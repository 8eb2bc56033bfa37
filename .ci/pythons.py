"""Print the oldest and the newest CPython on this machine that the project
supports (``requires-python`` in pyproject.toml), one path a line; with
``--all``, every supported one (one per minor version, the newest micro), in
order (``.ci/wheels`` builds a wheel for each).

Looked for: pyenv's versions (``$PYENV_ROOT``, else ~/.pyenv; plain CPython
releases only, so no ``3.13.0t``, ``pypy3.10`` or ``3.14-dev``) and
``python3.N`` on the PATH. Both lines are the same interpreter when only one
is found. When the oldest found is newer than the minimum the project claims,
a warning goes to stderr: then the minimum itself is not checked here.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_RELEASE = re.compile(r"\d+\.\d+\.\d+")


def minimum() -> tuple[int, int]:
    """The lowest (major, minor) that ``requires-python = ">=X.Y"`` allows."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'^requires-python\s*=\s*">=\s*(\d+)\.(\d+)"', text, re.M)
    if not found:
        raise SystemExit('pythons.py: pyproject.toml has no requires-python = ">=X.Y"')
    return int(found[1]), int(found[2])


def candidates() -> list[str]:
    """Interpreter paths: pyenv's releases, then python3.N on the PATH."""
    root = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv") / "versions"
    found = [
        str(path / "bin" / "python")
        for path in sorted(root.glob("*"))
        if _RELEASE.fullmatch(path.name) and (path / "bin" / "python").is_file()
    ]
    found += [p for n in range(6, 30) if (p := shutil.which(f"python3.{n}")) and "shims" not in p]
    return found


def version(path: str) -> tuple[int, int, int] | None:
    """(major, minor, micro) of a CPython without free threading, else None."""
    probe = (
        "import platform, sys, sysconfig; "
        "print(platform.python_implementation(), *sys.version_info[:3], "
        "sysconfig.get_config_var('Py_GIL_DISABLED') or 0)"
    )
    try:
        out = subprocess.run(
            [path, "-c", probe], check=False, capture_output=True, text=True, timeout=60
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    words = out.stdout.split()
    if out.returncode or len(words) != 5 or words[0] != "CPython" or words[4] != "0":
        return None
    return int(words[1]), int(words[2]), int(words[3])


def main() -> int:
    every = sys.argv[1:] == ["--all"]
    if sys.argv[1:] and not every:
        print("usage: pythons.py [--all]", file=sys.stderr)
        return 2
    lowest = minimum()
    usable = sorted(
        (found, path)
        for path in dict.fromkeys(candidates())
        if (found := version(path)) and found[:2] >= lowest
    )
    if not usable:
        print(f"pythons.py: no CPython >= {lowest[0]}.{lowest[1]} found", file=sys.stderr)
        return 1
    if every:
        newest_of = {found[:2]: path for found, path in usable}  # sorted: the last micro wins
        print(*newest_of.values(), sep="\n")
        return 0
    oldest, newest = usable[0], usable[-1]
    if oldest[0][:2] > lowest:
        print(
            f"pythons.py: warning: requires-python allows {lowest[0]}.{lowest[1]} but the "
            f"oldest Python here is {'.'.join(map(str, oldest[0]))}: the minimum is not checked",
            file=sys.stderr,
        )
    print(oldest[1])
    print(newest[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
