"""Draws the README's pictures of ``hoyle.plot`` into this folder:
``python docs/img/make.py`` from the repository's root, with matplotlib
installed (the test extra has it), or ``python docs/img/make.py NAME.png``
for one of them. The same seeds give the same pictures;
the resolution is kept low so that each file stays under 100 KB."""

from __future__ import annotations

import random
from pathlib import Path

import hoyle
from hoyle import bots, plot

HERE = Path(__file__).resolve().parent
DPI = 80


def played(hands: int = 1_500, seed: int = 1) -> list[hoyle.history.HandHistory]:
    """Six-max no-limit hold'em hands of the built-in bots, written as hand
    histories (``hoyle.history.dumps``) and read back."""
    game, rng = hoyle.games.texas_holdem(), random.Random(seed)
    seats = [bots.tag_bot, bots.loose_bot, bots.station_bot, bots.random_bot, bots.tight_bot]
    names = ["tag", "loose", "station", "random", "tight"]
    out = []
    for k in range(hands):
        hand = game.start([200] * len(seats), button=k % len(seats), seed=rng.getrandbits(64))
        while not hand.is_over:
            actor = hand.actor
            assert actor is not None
            seats[actor](hand, rng)
        out += hoyle.history.loads(hoyle.history.dumps(hand, players=names))
    return out


def main(only: str | None = None) -> None:
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
        "history_session.png": plot.history_session(played(), "tag"),
    }
    for name, fig in pictures.items():
        if only is not None and name != only:
            continue
        out = HERE / name
        fig.savefig(out, dpi=DPI, metadata={"Software": None})
        print(f"{out.relative_to(HERE.parents[1])}: {out.stat().st_size:,} bytes")


if __name__ == "__main__":
    import sys

    main(sys.argv[1] if len(sys.argv) > 1 else None)  # a name: that picture only
