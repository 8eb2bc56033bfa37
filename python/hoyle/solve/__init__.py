"""``hoyle.solve``: equilibrium strategies for heads-up spots of hoyle's games
(no-limit and fixed-limit hold'em, short deck, pot-limit and no-limit Omaha of
4 and 5 cards, Omaha hi-lo), solved by Discounted CFR in the Rust core, with
exact exploitability. docs/solve.md describes the spots and the tree language.

- ``Spot(board=..., ranges=..., pot=..., stack=..., bets="50%, a", raises="3x, a",
  game=None, rake=None)``: a spot from the flop, turn or river; ``Spot.solve()``
  returns a ``Solution``.
- ``Solution``: ``exploitability``, ``ev``, ``equity``, ``iterations``, ``root``
  (a ``Node``: ``player``, ``actions``, ``hands``, ``strategy``, ``frequencies``,
  ``play``, ``deal``), ``save(path)``; ``load(path)`` reads one back.
- ``kuhn()`` and ``leduc()``: the two research games, solved to convergence.

>>> from hoyle import solve
>>> sol = solve.Spot(board="Ks7d2c4h9s", ranges=("AA,KK,QQ", "KQ,JJ"), pot=60,
...                  stack=100, bets="75%", raises="a").solve(target=0.001)
>>> sol.exploitability <= 0.001 * 60
True
>>> round(sum(sol.ev), 6)
60.0
"""

from __future__ import annotations

from pathlib import Path

from hoyle.solve.presets import kuhn, leduc
from hoyle.solve.solution import Node, Solution
from hoyle.solve.spot import Spot

__all__ = ["Node", "Solution", "Spot", "kuhn", "leduc", "load"]


def load(path: str | Path, *, threads: int | None = None) -> Solution:
    """The solution saved at ``path`` (``Solution.load``)."""
    return Solution.load(path, threads=threads)
