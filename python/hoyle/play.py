"""``hoyle play``: a match of the built-in bots at one table, hand after
hand; a player who busts buys in again. Returns a summary per seat.

>>> summary = match(hands=50, seed=1, progress=False)
>>> sum(row.net for row in summary.rows) == 0
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from hoyle import games
from hoyle._deal import check_seed
from hoyle._whole import whole
from hoyle.betting import chip_count
from hoyle.bots import BOTS
from hoyle.errors import GameError
from hoyle.games import Game
from hoyle.table import Table

__all__ = ["Row", "Summary", "match", "print_summary"]

PRESETS = (
    "texas_holdem",
    "omaha",
    "omaha_hilo",
    "five_card_draw",
    "five_card_stud",
    "seven_card_stud",
    "seven_card_stud_hilo",
    "razz",
    "deuce_to_seven_single_draw",
    "deuce_to_seven_triple_draw",
    "badugi",
)


@dataclass(frozen=True)
class Row:
    seat: int
    bot: str
    buy_ins: int
    stack: int
    net: int
    won: int


@dataclass(frozen=True)
class Summary:
    game: str
    hands: int
    seconds: float
    rows: tuple[Row, ...]


def _count(what: str, value: Any) -> int:
    value = whole(value, f"{what} must be an int")
    if value < 0:
        raise GameError(f"{what} must be >= 0, got {value}")
    return int(value)


def _preset(name: str) -> Game:
    if not isinstance(name, str) or name not in PRESETS:
        raise GameError(f"unknown game {name!r}; presets: {', '.join(PRESETS)}")
    game: Game = getattr(games, name)()
    return game


def match(
    *,
    game: str = "texas_holdem",
    hands: int = 2_000,
    seed: int | None = None,
    bots: list[str] | None = None,
    stack: int = 200,
    progress: bool = True,
) -> Summary:
    """Play ``hands`` hands of a preset among the named bots (``seed``: an
    int >= 0, or None for a fresh match)."""
    hands = _count("hands", hands)
    stack = chip_count("stack", stack, least=1)
    if seed is not None:
        seed = check_seed(seed)
    names = list(bots) if bots else ["tight", "loose", "random", "tight", "loose", "random"]
    if not all(isinstance(b, str) for b in names):
        raise TypeError("bots are named by str")
    unknown = [b for b in names if b not in BOTS]
    if unknown:
        raise GameError(f"unknown bot {unknown[0]!r}; bots: {', '.join(BOTS)}")
    if len(names) < 2:
        raise GameError("a match needs at least two bots")
    the_game = _preset(game)
    if len(names) > the_game.max_seats:
        raise GameError(f"{game} deals to at most {the_game.max_seats} seats")
    rng = random.Random(seed)
    table = Table(the_game, [stack] * len(names))
    buy_ins = [1] * len(names)
    won = [0] * len(names)
    players = [BOTS[b] for b in names]
    started = time.perf_counter()

    def play_one() -> None:
        for seat, chips in enumerate(table.stacks):
            if not chips:
                table.leave(seat) if chips is not None else None
                table.join(seat, stack)
                buy_ins[seat] += 1
        hand = table.deal(seed=rng.getrandbits(64))
        seats = table.in_hand
        while not hand.is_over:
            actor = hand.actor
            assert actor is not None
            players[seats[actor]](hand, rng)
        settlement = hand.settlement
        assert settlement is not None
        for i, paid in enumerate(settlement.payouts):
            if paid > hand.contributions[i]:
                won[seats[i]] += 1

    if progress:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task(f"{game}, {len(names)} bots", total=hands)
            for _ in range(hands):
                play_one()
                bar.advance(task)
    else:
        for _ in range(hands):
            play_one()
    seconds = time.perf_counter() - started
    final = table.stacks
    rows = tuple(
        Row(
            seat,
            names[seat],
            buy_ins[seat],
            final[seat] or 0,
            (final[seat] or 0) - buy_ins[seat] * stack,
            won[seat],
        )
        for seat in range(len(names))
    )
    return Summary(game, hands, seconds, rows)


def print_summary(summary: Summary) -> None:
    """Print the match summary as a table."""
    from rich.console import Console
    from rich.table import Table as RichTable

    out = RichTable(
        title=f"{summary.game}: {summary.hands:,} hands in {summary.seconds:.1f} s "
        f"({summary.hands / max(summary.seconds, 1e-9):,.0f} hands/s)"
    )
    for name in ("seat", "bot", "buy-ins", "stack", "net chips", "pots won"):
        out.add_column(name, justify="left" if name == "bot" else "right")
    for row in sorted(summary.rows, key=lambda r: -r.net):
        out.add_row(
            str(row.seat),
            row.bot,
            str(row.buy_ins),
            f"{row.stack:,}",
            f"{row.net:+,}",
            f"{row.won:,}",
        )
    Console().print(out)
