"""Kuhn poker and Leduc hold'em, solved by the same core, for validation and
teaching: ``kuhn()`` and ``leduc()`` return a ``Solution`` solved to
convergence by default."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle.solve._run import check_run, run_to

if TYPE_CHECKING:
    from hoyle._core import Solver
    from hoyle.solve.solution import Solution

__all__ = ["kuhn", "leduc"]

#: The default target of each preset, in chips, and the most iterations run for it.
KUHN_TARGET = 1e-4
LEDUC_TARGET = 2e-4
MOST = 100_000


def _solve(
    solver: Solver, name: str, iterations: Any, target: Any, default: float, threads: Any
) -> Solution:
    from hoyle.solve.solution import Solution

    if iterations is None and target is None:
        target = default
    goal, most, threads = check_run(
        0.0 if target is None else target, MOST if iterations is None else iterations, threads
    )
    if target is None:  # exactly ``iterations``
        goal = -float("inf")
    run = run_to(solver, goal, most, threads, False, 1.0)
    return Solution(solver, {"preset": name}, threads, *run)


def kuhn(
    *, iterations: int | None = None, target: float | None = None, threads: int | None = None
) -> Solution:
    """Kuhn poker (cards J, Q, K; ante 1 each; one bet of 1), solved: by default
    until the exploitability is at most 1e-4 chip; ``iterations`` runs exactly that
    many (with ``target``, stops at whichever comes first); ``target`` is in chips.
    The first player's value is -1/18.

    >>> sol = kuhn()
    >>> abs(sol.ev[0] + 1 / 18) < 1e-3, abs(sol.ev[0] + sol.ev[1]) < 1e-9
    (True, True)
    """
    from hoyle._core import Solver

    return _solve(Solver.kuhn(), "kuhn", iterations, target, KUHN_TARGET, threads)


def leduc(
    *, iterations: int | None = None, target: float | None = None, threads: int | None = None
) -> Solution:
    """Leduc hold'em (OpenSpiel's rules: six cards J J Q Q K K, antes 1, raises of
    2 then 4, at most two a round), solved: by default until the exploitability is
    at most 2e-4 chip; ``iterations`` and ``target`` (chips) as in ``kuhn``. The
    first player's value is about -0.0856."""
    from hoyle._core import Solver

    return _solve(Solver.leduc(), "leduc", iterations, target, LEDUC_TARGET, threads)
