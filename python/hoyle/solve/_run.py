"""The solve loop: iterations in steps of ten until a target exploitability,
a rich progress bar, Ctrl-C kept; and the checks of a solve's options."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hoyle.errors import SolveError

if TYPE_CHECKING:
    from hoyle._core import Solver

__all__ = ["STEP", "Progress", "check_progress", "check_run", "count", "number", "run_to"]

#: A solve's ``progress``: a bar (True), none (False), or a callable
#: ``(iterations, exploitability)`` called at every check.
Progress = bool | Callable[[int, float], object]

#: Iterations between two checks of the exploitability.
STEP = 10


def number(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SolveError(f"{name} must be a number, got {value!r:.40}")
    number = float(value)
    if not math.isfinite(number):
        raise SolveError(f"{name} must be finite, got {value!r}")
    return number


def count(name: str, value: Any, least: int, most: int) -> int:
    if isinstance(value, bool):
        raise SolveError(f"{name} must be an integer from {least} to {most}, got {value!r}")
    try:
        n = operator.index(value)
    except TypeError:
        raise SolveError(f"{name} must be an integer from {least}, got {value!r:.40}") from None
    if not least <= n <= most:
        raise SolveError(f"{name} must be an integer from {least} to {most}, got {n}")
    return n


def check_run(target: Any, max_iterations: Any, threads: Any) -> tuple[float, int, int | None]:
    """``target``, ``max_iterations`` and ``threads`` of a solve, checked."""
    goal = number("target", target)
    if goal < 0:
        raise SolveError(f"target must be 0 or more (a fraction of the pot), got {target!r}")
    most = count("max_iterations", max_iterations, 0, 1 << 40)
    if threads is not None:
        threads = count("threads", threads, 1, 1024)
    return goal, most, threads


def run_to(
    solver: Solver,
    goal: float,
    most: int,
    threads: int | None,
    progress: Progress,
    scale: float,
) -> tuple[float | None, bool]:
    """Iterate ``solver`` in steps of ``STEP`` until its exploitability is at most
    ``goal`` chips or ``most`` iterations are done. Returns the last exploitability
    (None when none was computed for the final state) and whether Ctrl-C stopped it."""
    bar, tick = _bar(progress, most, scale)
    exploitability: float | None = None
    try:
        while True:
            if solver.iterations >= most:
                break
            solver.iterate(min(STEP, most - solver.iterations), threads=threads)
            exploitability = None
            exploitability = solver.exploitability(threads=threads)
            tick(solver.iterations, exploitability)
            if exploitability <= goal:
                break
    except KeyboardInterrupt:
        return exploitability, True
    finally:
        if bar is not None:
            bar.stop()
    return exploitability, False


def check_progress(progress: Any) -> Progress:
    """``progress``: True, False or a callable ``(iterations, exploitability)``."""
    if progress is True or progress is False or callable(progress):
        return progress  # type: ignore[no-any-return]
    raise SolveError(
        "progress must be True (a bar), False or a callable(iterations, exploitability),"
        f" got {progress!r:.40}"
    )


def _bar(
    progress: Progress, total: int, scale: float
) -> tuple[Any, Callable[[int, float], object]]:
    """A rich progress bar of the iterations and the exploitability, the
    caller's callable, or nothing."""
    if progress is False:
        return None, lambda done, value: None
    if progress is not True:
        return None, progress
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    bar = Progress(
        TextColumn("solving"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("exploitability {task.fields[shown]}"),
        transient=True,
        console=Console(stderr=True),
    )
    task = bar.add_task("solve", total=total, shown="-")
    bar.start()

    def tick(done: int, value: float) -> None:
        shown = f"{value:.4g} chips ({100 * value / scale:.3f}% of the pot)"
        bar.update(task, completed=done, shown=shown)

    return bar, tick
