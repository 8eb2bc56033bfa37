"""The heads-up all-in equity of every pair of hold'em combos before the
flop: the table push/fold reads.

The 1,326 combos are the pairs of card ids ``a < b`` in order (``COMBOS``).
Suit permutations leave 47,008 distinct matchups (unordered pairs of
disjoint combos); ``matchups()`` lists one of each, the least under the
order of ``(first combo, second combo)`` indices over the 24 permutations
and both seatings. Their counts (boards each hand wins, ties, out of the
1,712,304 boards) come from the core's exact hold'em enumeration
(``_core._allin_counts``); hoyle ships them in ``allin_counts.npz`` (376 KB
of counts, about 190 KB compressed; ``build_counts()`` remakes them, about a
minute on two cores) and ``equity_matrix()`` expands them to the 1,326 x
1,326 matrix once per process.
"""

from __future__ import annotations

import functools
from itertools import combinations, permutations
from pathlib import Path

import numpy as np
import numpy.typing as npt

from hoyle import _core

__all__ = [
    "COMBOS",
    "MATCHUPS",
    "build_counts",
    "class_of",
    "counts",
    "equity_matrix",
    "matchups",
    "tie_matrix",
]

COMBOS: tuple[tuple[int, int], ...] = tuple(combinations(range(52), 2))
MATCHUPS = 47_008
DATA = Path(__file__).with_name("allin_counts.npz")
RANKS = "23456789TJQKA"
N = len(COMBOS)


def _combo_index() -> npt.NDArray[np.int64]:
    index = np.full((52, 52), -1, dtype=np.int64)
    for i, (a, b) in enumerate(COMBOS):
        index[a, b] = index[b, a] = i
    return index


def _suit_images() -> npt.NDArray[np.int64]:
    """``[perm, combo]``: the combo each of the 24 suit permutations maps
    each combo to."""
    index = _combo_index()
    cards = np.array(COMBOS, dtype=np.int64)
    out = []
    for perm in permutations(range(4)):
        table = np.array([4 * (c // 4) + perm[c % 4] for c in range(52)], dtype=np.int64)
        out.append(index[table[cards[:, 0]], table[cards[:, 1]]])
    return np.array(out)


def _disjoint() -> npt.NDArray[np.bool_]:
    cards = np.array(COMBOS, dtype=np.int64)
    a, b = cards[:, 0], cards[:, 1]
    clash = (
        (a[:, None] == a[None, :])
        | (a[:, None] == b[None, :])
        | (b[:, None] == a[None, :])
        | (b[:, None] == b[None, :])
    )
    out: npt.NDArray[np.bool_] = ~clash
    return out


@functools.cache
def _keys() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """``(key, first, disjoint)`` over the ``N x N`` ordered pairs: the
    least ``i·N + j`` of the pair's images (its matchup's key, the same for
    both seatings), whether the pair is seated as its key's (the first hand
    of the key is the row's), and whether the combos share no card."""
    images = _suit_images()
    best = np.full((N, N), N * N, dtype=np.int64)
    for img in images:
        np.minimum(best, img[:, None] * N + img[None, :], out=best)
    key = np.minimum(best, best.T)
    return key, best <= best.T, _disjoint()


@functools.cache
def matchups() -> npt.NDArray[np.int64]:
    """The 47,008 matchup keys ``i·N + j`` (combos ``COMBOS[i]`` v
    ``COMBOS[j]``), increasing.

    >>> len(matchups())
    47008
    """
    key, _, disjoint = _keys()
    out = np.unique(key[disjoint])
    assert len(out) == MATCHUPS
    return out


def build_counts() -> npt.NDArray[np.uint32]:
    """``[matchup, (wins of the first hand, wins of the second, ties)]`` for
    every matchup of ``matchups()``, by the core's exact enumeration (about a
    minute on two cores)."""
    cards = [COMBOS[int(k) // N] + COMBOS[int(k) % N] for k in matchups()]
    return np.array(_core._allin_counts(cards), dtype=np.uint32)


@functools.cache
def counts() -> npt.NDArray[np.uint32]:
    """The shipped counts (``build_counts()``'s), checked for shape and that
    every matchup's counts add up to the boards."""
    with np.load(DATA) as data:
        table = np.stack([data["first"], data["second"], data["ties"]], axis=1)
    if table.shape != (MATCHUPS, 3) or not (table.sum(axis=1) == _core.ALLIN_BOARDS).all():
        raise RuntimeError(f"{DATA} is damaged: reinstall hoyle")
    return table.astype(np.uint32)


@functools.cache
def equity_matrix() -> npt.NDArray[np.float64]:
    """``E[i, j]``: the all-in equity of ``COMBOS[i]`` against ``COMBOS[j]``
    (wins and half the ties over the boards), 0 where they share a card.

    >>> e = equity_matrix()
    >>> aa, kk = COMBOS.index((48, 49)), COMBOS.index((44, 45))
    >>> round(float(e[aa, kk]), 4), float(e[aa, kk] + e[kk, aa])
    (0.8264, 1.0)
    """
    key, first, disjoint = _keys()
    table = counts().astype(np.float64)
    where = np.searchsorted(matchups(), key)
    where[~disjoint] = 0
    mine = np.where(first, table[where, 0], table[where, 1])
    equity: npt.NDArray[np.float64] = (mine + table[where, 2] / 2) / _core.ALLIN_BOARDS
    equity[~disjoint] = 0.0
    return equity


@functools.cache
def tie_matrix() -> npt.NDArray[np.float64]:
    """``T[i, j]``: the share of the boards on which ``COMBOS[i]`` and
    ``COMBOS[j]`` tie, 0 where they share a card (symmetric)."""
    key, _, disjoint = _keys()
    where = np.searchsorted(matchups(), key)
    where[~disjoint] = 0
    ties: npt.NDArray[np.float64] = counts()[where, 2].astype(np.float64) / _core.ALLIN_BOARDS
    ties[~disjoint] = 0.0
    return ties


def class_of(combo: tuple[int, int]) -> str:
    """The hand class of a combo: ``"AA"``, ``"AKs"``, ``"72o"``.

    >>> class_of((48, 49)), class_of((51, 47)), class_of((0, 21))
    ('AA', 'AKs', '72o')
    """
    a, b = sorted(combo, reverse=True)
    high, low = RANKS[a // 4], RANKS[b // 4]
    if high == low:
        return high + low
    return high + low + ("s" if a % 4 == b % 4 else "o")


def write_counts(path: Path = DATA) -> float:
    """Remakes the shipped table (``python -c "from hoyle.tournament import
    _allin; _allin.write_counts()"``); returns the seconds it took."""
    import time

    start = time.perf_counter()
    table = build_counts()
    np.savez_compressed(path, first=table[:, 0], second=table[:, 1], ties=table[:, 2])
    return time.perf_counter() - start
