"""``hoyle play``: a match of bots, hand after hand; a player who busts buys
in again. Returns a summary per seat. ``match`` is a front end to
``hoyle.simulate`` (``hoyle.simulation``): the hands are played in sessions
of ``SHARD_HANDS`` (500) at a fresh table, in this process or on an
``executor`` (``hoyle play --workers N``, ``--scheduler ADDRESS``), with the
same totals either way.

The bots are the built-in ones (``hoyle.bots.BOTS``, by name) and any
user's bots (``players``: label and :class:`hoyle.bots.Bot` pairs, seated
first, in order). ``load_bot("module:callable")`` finds a user's bot, as
``hoyle play --bot module:callable`` does. A user's bot that raises, makes
an illegal move, or does not make exactly one move ends the match with a
``BotError`` naming it and its seat (``on_error="skip"``: that hand is
voided and the match goes on; ``Summary.result.failures`` lists them).

>>> summary = match(hands=50, seed=1, progress=False)
>>> sum(row.net for row in summary.rows) == 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Literal

from hoyle import games
from hoyle._deal import check_seed
from hoyle._user_bots import load_bot
from hoyle._whole import whole
from hoyle.betting import chip_count
from hoyle.bots import BOTS, Bot
from hoyle.errors import GameError
from hoyle.games import Game
from hoyle.simulation import SimulationResult, simulate

__all__ = ["Row", "Summary", "load_bot", "match", "print_summary"]

PRESETS = (
    "texas_holdem",
    "short_deck_holdem",
    "omaha",
    "omaha_hilo",
    "five_card_omaha",
    "six_card_omaha",
    "big_o",
    "courchevel",
    "five_card_draw",
    "five_card_stud",
    "seven_card_stud",
    "seven_card_stud_hilo",
    "razz",
    "deuce_to_seven_single_draw",
    "deuce_to_seven_triple_draw",
    "badugi",
    "ace_to_five_triple_draw",
    "badeucy",
    "badacy",
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
    result: SimulationResult | None = None  # the simulation's totals (match sets it)


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


DEFAULT_BOTS = ("tight", "loose", "random", "tight", "loose", "random")


@dataclass(frozen=True)
class _Seat:
    label: str
    bot: Bot | str  # a callable, or a name: built-in, or module:callable (loaded by workers)
    user: bool


def _seats(bots: Sequence[str] | None, players: Sequence[tuple[str, Bot | str]]) -> list[_Seat]:
    names = list(DEFAULT_BOTS if bots is None else bots)
    if not all(isinstance(b, str) for b in names):
        raise TypeError("bots are named by str")
    unknown = [b for b in names if b not in BOTS]
    if unknown:
        raise GameError(f"unknown bot {unknown[0]!r}; bots: {', '.join(BOTS)}")
    seated = []
    for entry in players:
        if not (isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], str)):
            raise TypeError("players are (label, bot) pairs")
        if isinstance(entry[1], str):
            load_bot(entry[1])  # a module:callable name: its errors now
        elif not callable(entry[1]):
            raise TypeError(f"player {entry[0]!r}: a bot is callable as bot(hand, rng)")
        seated.append(_Seat(entry[0], entry[1], True))
    seated += [_Seat(name, name, False) for name in names]
    if len(seated) < 2:
        raise GameError("a match needs at least two bots")
    return seated


def match(
    *,
    game: str = "texas_holdem",
    hands: int = 2_000,
    seed: int | None = None,
    bots: Sequence[str] | None = None,
    stack: int = 200,
    progress: bool = True,
    players: Sequence[tuple[str, Bot | str]] = (),
    executor: Executor | None = None,
    on_error: Literal["raise", "skip"] = "raise",
    reset_stacks: bool = True,
) -> Summary:
    """Play ``hands`` hands of a preset (``seed``: an int >= 0, or None for
    a fresh match). The seats: first the user's ``players`` (label, bot: a
    callable, or a ``module:callable`` name that each worker loads), in
    order, then the built-in ``bots`` by name (None: six, tight, loose,
    random, tight, loose, random; ``[]``: none). ``executor`` runs the
    sessions (``hoyle.simulate``); a row's ``stack`` is the chips its seat
    holds at the end of every session, added up.

    >>> def caller(hand, rng):
    ...     hand.check() if hand.legal.can_check else hand.call()
    >>> summary = match(hands=20, seed=2, bots=["tight"], players=[("me", caller)],
    ...                 progress=False)
    >>> [(row.seat, row.bot) for row in summary.rows]
    [(0, 'me'), (1, 'tight')]
    """
    hands = _count("hands", hands)
    stack = chip_count("stack", stack, least=1)
    if seed is not None:
        seed = check_seed(seed)
    seated = _seats(bots, players)
    the_game = _preset(game)
    if len(seated) > the_game.max_seats:
        raise GameError(f"{game} deals to at most {the_game.max_seats} seats")
    result = simulate(
        the_game,
        [(seat.label, seat.bot) for seat in seated],
        hands=hands,
        seed=seed,
        stacks=stack,
        executor=executor,
        progress=progress,
        on_error=on_error,
        reset_stacks=reset_stacks,
    )
    rows = tuple(
        Row(s.seat, s.bot, s.buy_ins, s.buy_ins * stack + s.net, s.net, s.won) for s in result.seats
    )
    return Summary(game, hands, result.seconds, rows, result)


def print_summary(summary: Summary) -> None:
    """Print the match summary as a table: per seat the buy-ins, the chips
    held, net chips, net big blinds per 100 hands with its 95% confidence
    interval, pots won, VPIP and PFR; then any hands voided by a bot's error."""
    from rich.console import Console
    from rich.table import Table as RichTable

    out = RichTable(
        title=f"{summary.game}: {summary.hands:,} hands in {summary.seconds:.1f} s "
        f"({summary.hands / max(summary.seconds, 1e-9):,.0f} hands/s)"
    )
    result = summary.result
    names = ["seat", "bot", "buy-ins", "stack", "net chips", "pots won"]
    if result is not None:  # the chips held add up over sessions: the rates instead
        names[3:4] = []
        names[4:4] = ["bb/100 (±95%)"]
        names += ["VPIP", "PFR"]
    widest = max((len(row.bot) for row in summary.rows), default=3)
    for name in names:
        if name == "bot":  # whole, however narrow the terminal
            out.add_column(name, no_wrap=True, min_width=widest)
        else:  # a number too wide folds onto a second line, never cut
            out.add_column(name, justify="right", overflow="fold")
    for row in sorted(summary.rows, key=lambda r: -r.net):
        cells = [str(row.seat), row.bot, str(row.buy_ins), f"{row.stack:,}", f"{row.net:+,}"]
        cells.append(f"{row.won:,}")
        if result is not None:
            seat = result.seats[row.seat]
            low, high = seat.ci95
            cells[3:4] = []
            cells[4:4] = [f"{seat.bb_per_100:+,.0f} ±{(high - low) / 2:,.0f}"]
            cells += [f"{seat.vpip_rate:.0%}", f"{seat.pfr_rate:.0%}"]
        out.add_row(*cells)
    console = Console()
    console.print(out)
    failures = result.failures if result is not None else ()
    for failure in failures[:10]:
        console.print(f"hand {failure.hand} voided: {failure.message}", markup=False)
    if len(failures) > 10:
        console.print(f"... {len(failures):,} hands voided in all", markup=False)
