"""Push/fold charts: for every hand class, the largest of some stacks at
which the small blind pushes it, and at which the big blind calls with it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from hoyle._whole import many
from hoyle.errors import TournamentError
from hoyle.tournament._pushfold import CLASSES, PushFold, check_blinds, grid, push_fold

__all__ = ["PushFoldChart", "push_fold_chart"]

# 1 to 20 big blinds by tenths
DEFAULT_STACKS = tuple(Fraction(k, 10) for k in range(10, 201))
MAX_CHART_STACKS = 2_000


@dataclass(frozen=True)
class PushFoldChart:
    """``push[cls]`` and ``call[cls]``: the largest of ``stacks`` at which
    the class is pushed (called) at least half the time at the equilibrium,
    0 where at none; ``solutions`` the equilibria, one a stack, in order."""

    stacks: tuple[Fraction | float, ...]
    push: Mapping[str, Fraction | float]
    call: Mapping[str, Fraction | float]
    solutions: tuple[PushFold, ...]

    def grid(self, which: Literal["push", "call"] = "push") -> str:
        """The 13x13 grid of thresholds in big blinds (``-`` where 0)."""
        table = self.push if which == "push" else self.call
        return grid({k: (f"{float(v):g}" if v else "-") for k, v in table.items()})

    def __str__(self) -> str:
        return f"push:\n{self.grid('push')}\ncall:\n{self.grid('call')}"


def push_fold_chart(
    stacks: Iterable[int | Fraction | float] = DEFAULT_STACKS,
    *,
    ante: int | Fraction | float = 0,
    small_blind: int | Fraction | float = Fraction(1, 2),
    big_blind: int | Fraction | float = 1,
) -> PushFoldChart:
    """Solves :func:`push_fold` at each of ``stacks`` (1 to 20 big blinds by
    tenths by default) and returns, per hand class, the largest stack at
    which it is pushed and the largest at which it is called.

    >>> chart = push_fold_chart(stacks=[1.5, 5, 10, 15, 20])
    >>> chart.push["AA"], chart.push["72o"], chart.push["K2o"], chart.call["A2o"]
    (20, 1.5, 10, 15)
    """
    if not many(stacks) and not hasattr(stacks, "__iter__"):
        raise TypeError(f"stacks is a list of numbers, got {type(stacks).__name__}")
    given: list[Any] = list(stacks)
    if not 1 <= len(given) <= MAX_CHART_STACKS:
        raise TournamentError(
            f"{len(given)} stacks: give between 1 and {MAX_CHART_STACKS} stacks for a chart"
        )
    for s in given:
        check_blinds(s, ante, small_blind, big_blind)
    read = [s if isinstance(s, int | float | Fraction) else Fraction(s) for s in given]
    solutions = tuple(
        push_fold(s, ante=ante, small_blind=small_blind, big_blind=big_blind) for s in read
    )
    push: dict[str, Fraction | float] = dict.fromkeys(CLASSES, 0)
    call: dict[str, Fraction | float] = dict.fromkeys(CLASSES, 0)
    for stack, solution in zip(read, solutions, strict=True):
        for name in CLASSES:
            if solution.push[name] >= 0.5 and stack > push[name]:
                push[name] = stack
            if solution.call[name] >= 0.5 and stack > call[name]:
                call[name] = stack
    return PushFoldChart(tuple(read), push, call, solutions)
