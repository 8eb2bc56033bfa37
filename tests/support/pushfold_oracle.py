"""A naive best response for heads-up push/fold, written from the game's
rules over the 1,326 combos one pair at a time (no class game, no matrix
algebra): what ``hoyle.tournament.push_fold``'s exploitability is checked
against."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from hoyle.tournament import _allin


@cache
def _opponents() -> tuple[tuple[int, ...], ...]:
    """For each combo, the combos that share no card with it."""
    out = []
    for a in _allin.COMBOS:
        out.append(tuple(j for j, b in enumerate(_allin.COMBOS) if not set(a) & set(b)))
    return tuple(out)


def naive_values(
    stack: float,
    fold_loss: float,
    steal: float,
    push: Mapping[str, float],
    call: Mapping[str, float],
) -> tuple[float, float, float]:
    """``(value, best of the small blind, best of the big blind)`` in chips a
    hand, from the small blind's side: its expected net chips under
    ``(push, call)``, when it best-responds to ``call``, and when the big
    blind best-responds to ``push``. ``fold_loss`` is what the small blind
    loses by folding (its blind and ante), ``steal`` what it wins when the
    big blind folds (the big blind and its ante); a showdown pays
    ``2·stack·equity - stack``."""
    equity = _allin.equity_matrix().tolist()
    names = [_allin.class_of(c) for c in _allin.COMBOS]
    x = [push[n] for n in names]
    y = [call[n] for n in names]
    opponents = _opponents()
    n = len(names)
    value = 0.0
    best_small = 0.0
    for i in range(n):
        row = equity[i]
        total = 0.0
        for j in opponents[i]:
            total += (1 - y[j]) * steal + y[j] * (2 * stack * row[j] - stack)
        pushing = total / len(opponents[i])
        value += x[i] * pushing - (1 - x[i]) * fold_loss
        best_small += max(pushing, -fold_loss)
    best_big_side = 0.0  # the small blind's chips when the big blind best-responds
    for j in range(n):
        folded = 0.0
        called = 0.0
        passed = 0.0
        for i in opponents[j]:
            folded += (1 - x[i]) * -fold_loss
            called += x[i] * (2 * stack * equity[i][j] - stack)
            passed += x[i] * steal
        best_big_side += (folded + min(called, passed)) / len(opponents[j])
    return value / n, best_small / n, best_big_side / n
