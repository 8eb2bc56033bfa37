"""Heads-up push/fold equilibria (chip EV): the small blind pushes all in or
folds, the big blind calls or folds, both with ``stack_bb`` big blinds.

The game is solved over the 1,326 combos with card removal exact, through
its 169 hand classes: the game is unchanged by any permutation of the suits,
so it has an equilibrium that plays every combo of a class alike, and
against such a strategy every combo of a class has the same values. Summing
the all-in equity table (``_allin.equity_matrix``) over the combos of two
classes gives the class game exactly: ``W[a, b]`` the pairs of combos of
classes ``a`` and ``b`` that share no card, ``E[a, b]`` the first hand's
equity summed over them.

With ``S`` the stack, ``f = small_blind + ante`` (what the small blind loses
by folding) and ``g = big_blind + ante`` (what the big blind loses by
folding), the small blind's net chips are ``-f`` when it folds, ``+g`` when
it pushes and the big blind folds, and ``2S·e - S`` at a showdown it wins
with equity ``e``; the big blind's are the negative (a zero-sum game).

The solver is CFR+ (regret matching+ at every class's one decision,
alternating updates, the average strategy weighted by iteration), which
converges to an equilibrium of a two-player zero-sum game (Tammelin, Burch,
Johanson and Bowling 2015); it stops once the exploitability of the average
strategies, computed exactly, is under ``tolerance`` (1e-6 bb by default).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from hoyle._whole import whole
from hoyle.errors import TournamentError
from hoyle.tournament import _allin

__all__ = ["CLASSES", "PushFold", "grid", "push_fold", "solve_class_game"]

Vector = npt.NDArray[np.float64]
RANKS = _allin.RANKS
MAX_STACK_BB = 10_000
MAX_ITERATIONS = 200_000
DEFAULT_TOLERANCE = 1e-6
# how often (in iterations) the exploitability is measured
CHECK_EVERY = 50


def _classes() -> tuple[str, ...]:
    out = []
    for hi in range(12, -1, -1):
        for lo in range(12, -1, -1):
            if hi == lo:
                out.append(RANKS[hi] * 2)
            elif lo < hi:
                out.append(RANKS[hi] + RANKS[lo] + "s")
                out.append(RANKS[hi] + RANKS[lo] + "o")
    return tuple(out)


CLASSES: tuple[str, ...] = _classes()
INDEX = {name: i for i, name in enumerate(CLASSES)}


@functools.cache
def class_game() -> tuple[Vector, Vector, Vector]:
    """``(W, E, combos)``: the class game's matrices (see the module's
    docstring) and each class's number of combos (6, 4 or 12)."""
    member = np.array([INDEX[_allin.class_of(c)] for c in _allin.COMBOS])
    onehot = np.zeros((len(CLASSES), len(member)))
    onehot[member, np.arange(len(member))] = 1.0
    equity = _allin.equity_matrix()
    _, _, disjoint = _allin._keys()
    w = onehot @ disjoint.astype(np.float64) @ onehot.T
    e = onehot @ equity @ onehot.T
    return w, e, onehot.sum(axis=1)


@functools.cache
def class_ties() -> Vector:
    """``T[a, b]``: the tie shares of the pairs of combos of classes ``a`` and
    ``b``, summed (the class game's ties, beside ``class_game``'s ``E``)."""
    member = np.array([INDEX[_allin.class_of(c)] for c in _allin.COMBOS])
    onehot = np.zeros((len(CLASSES), len(member)))
    onehot[member, np.arange(len(member))] = 1.0
    ties: Vector = onehot @ _allin.tie_matrix() @ onehot.T
    return ties


@dataclass(frozen=True)
class Solved:
    """The class game's solution: push and call frequencies per class, the
    small blind's value and the exploitability, both in big blinds a hand."""

    push: Vector
    call: Vector
    ev: float
    exploitability: float
    iterations: int


def _values(
    q: Vector, w_rows: Vector, x: Vector, y: Vector, f: float, g: float, deals: float
) -> tuple[float, float, float]:
    """``(value, best response of the small blind, of the big blind)``: the
    small blind's chips a hand for ``(x, y)``, its best against ``y``, and
    what is left to it when the big blind best-responds to ``x``."""
    push_gain = (g + f) * w_rows + q @ y
    base = -f * w_rows.sum()
    value = (base + x @ push_gain) / deals
    best_small = (base + np.maximum(push_gain, 0.0).sum()) / deals
    call_gain = q.T @ x  # the small blind's gain when the big blind calls
    fixed = base + (g + f) * (x @ w_rows)
    best_big = (fixed + np.minimum(call_gain, 0.0).sum()) / deals
    return float(value), float(best_small), float(best_big)


def solve_class_game(
    stack: float, f: float, g: float, *, tolerance: float = DEFAULT_TOLERANCE
) -> Solved:
    """CFR+ on the class game for a stack of ``stack`` (in big blinds)."""
    w, e, _ = class_game()
    q = 2.0 * stack * e - (stack + g) * w
    w_rows = w.sum(axis=1)
    deals = float(w.sum())
    n = len(CLASSES)
    regret_push = np.zeros(n)
    regret_fold = np.zeros(n)
    regret_call = np.zeros(n)
    regret_pass = np.zeros(n)
    avg_x = np.zeros(n)
    avg_y = np.zeros(n)
    weight = 0.0
    x = np.full(n, 0.5)
    y = np.full(n, 0.5)

    def matched(plus: Vector, minus: Vector) -> Vector:
        total = plus + minus
        out: Vector = np.divide(plus, total, out=np.full(n, 0.5), where=total > 0)
        return out

    qt = np.ascontiguousarray(q.T)
    push_base = (g + f) * w_rows
    t = 0
    while t < MAX_ITERATIONS:
        t += 1
        # the small blind, against the big blind's current strategy
        adv = push_base + q @ y
        regret_push += (1 - x) * adv
        regret_fold -= x * adv
        np.maximum(regret_push, 0.0, out=regret_push)
        np.maximum(regret_fold, 0.0, out=regret_fold)
        x = matched(regret_push, regret_fold)
        # the big blind, against the small blind's new strategy
        adv_call = -(qt @ x)
        regret_call += (1 - y) * adv_call
        regret_pass -= y * adv_call
        np.maximum(regret_call, 0.0, out=regret_call)
        np.maximum(regret_pass, 0.0, out=regret_pass)
        y = matched(regret_call, regret_pass)
        avg_x += t * x
        avg_y += t * y
        weight += t
        if t % CHECK_EVERY == 0:
            _, best_small, best_big = _values(
                q, w_rows, avg_x / weight, avg_y / weight, f, g, deals
            )
            if (best_small - best_big) / 2 < tolerance:
                break
    xs, ys = avg_x / weight, avg_y / weight
    value, best_small, best_big = _values(q, w_rows, xs, ys, f, g, deals)
    return Solved(xs, ys, value, (best_small - best_big) / 2, t)


def _amount(value: Any, what: str) -> Fraction | float:
    if isinstance(value, float):
        if not math.isfinite(value):
            raise TournamentError(f"{what} is {value}: give a finite number")
        return value
    if isinstance(value, Rational) and not isinstance(value, bool):
        return Fraction(int(value.numerator), int(value.denominator))
    return Fraction(whole(value, f"{what} is a number"))


@dataclass(frozen=True)
class PushFold:
    """A heads-up push/fold equilibrium (chip EV, in big blinds).

    ``push`` and ``call`` map each of the 169 hand classes (``"AA"``,
    ``"AKs"``, ``"72o"``) to how often the small blind pushes it and the big
    blind calls a push with it; ``push_share`` and ``call_share`` are the
    fractions of the 1,326 combos pushed and called; ``ev`` is the small
    blind's expected net chips a hand (from the start of the hand, blinds and
    ante included); ``exploitability`` is the mean of what each side's best
    response would win against the other's strategy, a hand (0 at an exact
    equilibrium); ``iterations`` the CFR+ iterations it took.
    """

    stack_bb: Fraction | float
    ante: Fraction | float
    small_blind: Fraction | float
    big_blind: Fraction | float
    push: Mapping[str, float]
    call: Mapping[str, float]
    push_share: float
    call_share: float
    ev: float
    exploitability: float
    iterations: int

    def grid(self, which: Literal["push", "call"] = "push") -> str:
        """The 13x13 grid of ``push`` (or ``call``) frequencies in percent:
        pairs on the diagonal, suited hands above it, offsuit below."""
        table = self.push if which == "push" else self.call
        return grid({k: f"{100 * v:.0f}" for k, v in table.items()})

    def __str__(self) -> str:
        return (
            f"push/fold at {float(self.stack_bb):g} bb: the small blind pushes "
            f"{self.push_share:.1%}, the big blind calls {self.call_share:.1%}; "
            f"EV {self.ev:+.4f} bb, exploitability {self.exploitability:.2g} bb\n"
            f"push (%):\n{self.grid('push')}\ncall (%):\n{self.grid('call')}"
        )


def grid(cells: Mapping[str, str]) -> str:
    """A 13x13 text grid of one short string per hand class, aces first:
    row ``r`` and column ``c`` hold the pair when equal, the suited hand
    above the diagonal, the offsuit one below."""
    order = RANKS[::-1]
    width = max(3, *(len(v) for v in cells.values()))
    lines = ["    " + " ".join(f"{r:>{width}}" for r in order)]
    for i, r in enumerate(order):
        row = []
        for j, c in enumerate(order):
            name = r + c if i == j else (r + c + "s" if i < j else c + r + "o")
            row.append(f"{cells.get(name, ''):>{width}}")
        lines.append(f"{r:>3} " + " ".join(row))
    return "\n".join(lines)


def check_blinds(
    stack_bb: Any, ante: Any, small_blind: Any, big_blind: Any
) -> tuple[Fraction | float, ...]:
    """The four amounts read and checked (``TournamentError`` when out of range)."""
    s = _amount(stack_bb, "stack_bb")
    a = _amount(ante, "ante")
    sb = _amount(small_blind, "small_blind")
    bb = _amount(big_blind, "big_blind")
    if not 0 < sb <= bb:
        raise TournamentError(
            f"small_blind {sb} and big_blind {bb}: give blinds with 0 < small_blind <= big_blind"
        )
    if a < 0:
        raise TournamentError(f"ante is {a}: an ante cannot be negative")
    if not bb + a <= s <= MAX_STACK_BB * bb:
        raise TournamentError(
            f"stack_bb is {s}: give a stack of at least the big blind and ante ({bb + a}) "
            f"and at most {MAX_STACK_BB} big blinds"
        )
    return s, a, sb, bb


def push_fold(
    stack_bb: int | Fraction | float,
    *,
    ante: int | Fraction | float = 0,
    small_blind: int | Fraction | float = Fraction(1, 2),
    big_blind: int | Fraction | float = 1,
    tolerance: float = DEFAULT_TOLERANCE,
) -> PushFold:
    """The heads-up push/fold equilibrium for stacks of ``stack_bb`` (in big
    blinds, each player's whole stack before the blinds and antes): the small
    blind posts ``small_blind`` and acts first, pushing all in or folding;
    the big blind posts ``big_blind`` and calls or folds; each posts ``ante``
    too. Solved by CFR+ over the 1,326 combos (card removal exact) until the
    exploitability is under ``tolerance`` big blinds a hand.

    >>> pf = push_fold(10)
    >>> round(pf.push_share, 3), pf.push["AA"], pf.push["72o"], pf.exploitability < 1e-3
    (0.583, 1.0, 0.0, True)
    >>> pf.push["T3s"] > 0.5, push_fold(7).push["T3s"] > 0.5
    (False, True)
    """
    s, a, sb, bb = check_blinds(stack_bb, ante, small_blind, big_blind)
    if not (isinstance(tolerance, float | int) and 0 < tolerance <= 1):
        raise TournamentError(f"tolerance is {tolerance!r}: give a number in (0, 1] big blinds")
    unit = float(bb)
    solved = solve_class_game(
        float(s) / unit,
        float(sb + a) / unit,
        float(bb + a) / unit,
        tolerance=float(tolerance),
    )
    _, _, combos = class_game()
    total = combos.sum()
    return PushFold(
        stack_bb=s,
        ante=a,
        small_blind=sb,
        big_blind=bb,
        push=dict(zip(CLASSES, (float(v) for v in solved.push), strict=True)),
        call=dict(zip(CLASSES, (float(v) for v in solved.call), strict=True)),
        push_share=float(solved.push @ combos / total),
        call_share=float(solved.call @ combos / total),
        ev=solved.ev * unit,
        exploitability=solved.exploitability * unit,
        iterations=solved.iterations,
    )
