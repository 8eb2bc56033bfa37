"""Draws the README's pictures of ``hoyle.plot`` into this folder:
``python docs/img/make.py`` from the repository's root, with matplotlib
installed (the test extra has it). The same seeds give the same pictures;
the resolution is kept low so that each file stays under 100 KB."""

from __future__ import annotations

from pathlib import Path

import hoyle
from hoyle import plot

HERE = Path(__file__).resolve().parent
DPI = 80


def main() -> None:
    pictures = {
        "range_grid.png": plot.range_grid(
            ["AsKs", "QQ+, AKs"], board="Kh7c2d", trials=20_000, seed=1
        ),
        "equity_by_street.png": plot.equity_by_street(
            ["AsKs", "QQ+, AKs", "JhTh"], board="Kh7c2d5s9d", seed=1
        ),
        "session.png": plot.session(
            hoyle.simulate(
                "texas_holdem",
                ["tag", "equity", "station", "random", "loose", "tight"],
                hands=2_000,
                seed=1,
                history=True,
            )
        ),
    }
    for name, fig in pictures.items():
        out = HERE / name
        fig.savefig(out, dpi=DPI, metadata={"Software": None})
        print(f"{out.relative_to(HERE.parents[1])}: {out.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
