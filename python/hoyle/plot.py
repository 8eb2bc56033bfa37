"""A 13x13 grid of the first player's equity by starting-hand class
against the other players (matplotlib, imported only when used)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from hoyle.errors import EquityError, HoyleError
from hoyle.odds import equity
from hoyle.ranges import RANKS, Range, hand_classes

__all__ = ["grid_equity", "range_grid"]


def grid_equity(
    players: Sequence[str | Range],
    *,
    board: str = "",
    dead: str = "",
    trials: int = 20_000,
    seed: int | None = 0,
) -> dict[str, float]:
    """The first player's equity by starting-hand class: for each class in
    the first player's range (all 169 when the first player is one hand or
    not a range), the equity of that class's combos, as ``hoyle.equity``
    gives it with the class as the first player's range, against the other
    players (hands or ranges) on ``board``, with ``dead`` cards out. A
    class whose every combo is blocked is left out. Each class is one Monte
    Carlo run of ``trials`` (the same ``seed`` for each); ``hoyle.equity``'s
    errors are raised for anything else. ``range_grid`` draws it.

    >>> g = grid_equity(["QQ+, AKs", "JJ"], trials=20_000, seed=1)
    >>> sorted(g), min(g["AA"], g["KK"], g["QQ"]) > 0.75, 0.4 < g["AKs"] < 0.5
    (['AA', 'AKs', 'KK', 'QQ'], True, True)
    """
    first = players[0]
    rng: Range | None = None
    if isinstance(first, Range):
        rng = first
    elif len(first.replace(" ", "")) != 4:  # a range, not one hand
        try:
            rng = Range(first)
        except HoyleError:
            rng = None
    classes = list(rng.classes()) if rng is not None else hand_classes()
    out: dict[str, float] = {}
    for name in classes:
        try:
            eq = equity(
                [Range(name), *players[1:]], board=board, dead=dead, trials=trials, seed=seed
            )
        except EquityError as err:
            if "every combo is blocked" in str(err):
                continue  # the board, the dead cards or a known hand holds them all
            raise
        out[name] = eq.equity[0]
    return out


def range_grid(
    players: Sequence[str | Range],
    path: str,
    *,
    board: str = "",
    dead: str = "",
    trials: int = 20_000,
    seed: int | None = 0,
) -> None:
    """Saves the grid of ``grid_equity`` as an image at ``path``."""
    try:
        import matplotlib  # type: ignore[import-not-found, unused-ignore]

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise HoyleError(
            "--plot needs matplotlib: pip install matplotlib (it is optional)"
        ) from None
    values = grid_equity(players, board=board, dead=dead, trials=trials, seed=seed)
    names = hand_classes()
    grid = [[values.get(names[13 * i + j], float("nan")) for j in range(13)] for i in range(13)]
    fig, ax = plt.subplots(figsize=(8, 8))
    image = ax.imshow(grid, cmap="RdYlGn", vmin=0.0, vmax=1.0)
    labels = list(reversed(RANKS))
    ax.set_xticks(range(13), labels)
    ax.set_yticks(range(13), labels)
    for i in range(13):
        for j in range(13):
            v = grid[i][j]
            if not math.isnan(v):
                ax.text(
                    j,
                    i,
                    f"{names[13 * i + j]}\n{v * 100:.0f}",
                    ha="center",
                    va="center",
                    fontsize=6,
                )
    ax.set_title(f"equity of {players[0]} vs {', '.join(str(p) for p in players[1:])}")
    fig.colorbar(image, ax=ax, fraction=0.046)
    fig.savefig(path, dpi=120)
    plt.close(fig)
