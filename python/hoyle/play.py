"""``hoyle play``: a match of bots, hand after hand, every seat starting
every hand with its stack (or carrying it over, buying in again when it
busts). Returns a summary per seat. ``match`` is a front end to
``hoyle.simulate`` (``hoyle.simulation``): the hands are played in sessions
of ``SHARD_HANDS`` (500) at a fresh table, in this process or on an
``executor`` (``hoyle play --workers N``, ``--scheduler ADDRESS``), with the
same totals either way.

The bots are the built-in ones (``hoyle.bots.BOTS``, by name) and any
user's bots (``players``: label and :class:`hoyle.bots.Bot` pairs, seated
first, in order). ``load_bot("module:callable")`` finds a user's bot, as
``hoyle play --bot module:callable`` does; a user's bot takes one of the
table's seats (six unless told). A user's bot that raises, makes
an illegal move, or does not make exactly one move ends the match with a
``BotError`` naming it and its seat (``on_error="skip"``: that hand is
voided and the match goes on; ``Summary.result.failures`` lists them).

>>> summary = match(hands=50, seed=1, progress=False)
>>> sum(row.net for row in summary.rows) == 0
True
"""

from __future__ import annotations

import dataclasses
import sys
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

__all__ = ["CSV_COLUMNS", "Row", "Summary", "command", "load_bot", "match", "print_summary"]

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


#: The built-in bots of a table nobody named, in seat order (filling the
#: seats left after the user's bots, repeated past six).
DEFAULT_BOTS = ("tag", "equity", "station", "loose", "random", "tight")
#: The seats at a table of ``hoyle play`` when not told.
DEFAULT_SEATS = 6


@dataclass(frozen=True)
class _Seat:
    label: str
    bot: Bot | str  # a callable, or a name: built-in, or module:callable (loaded by workers)
    user: bool


def _seats(
    bots: Sequence[str] | None, players: Sequence[tuple[str, Bot | str]], seats: int | None
) -> list[_Seat]:
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
    if seats is None:
        seats = DEFAULT_SEATS if bots is None else len(seated) + len(names)
    seats = _count("seats", seats)
    if seats < len(seated):
        raise GameError(f"{len(seated)} bots of yours do not fit at {seats} seats")
    left = seats - len(seated)
    if left and not names:
        raise GameError(f"{left} seats left and no built-in bots to fill them")
    seated += [_Seat(names[i % len(names)], names[i % len(names)], False) for i in range(left)]
    if len(seated) < 2:
        raise GameError("a match needs at least two bots")
    return seated


def _with_blinds(game: Game, blinds: Sequence[int] | None) -> Game:
    """``game`` with other blinds (as many as it has, each at least 1, in
    order, not decreasing)."""
    if blinds is None:
        return game
    if not game.blinds:
        raise GameError(
            f"{game.name} has no blinds (it antes, or brings in): --blinds does not apply"
        )
    values = [chip_count("blinds", b, least=1) for b in blinds]
    if len(values) != len(game.blinds):
        raise GameError(
            f"{game.name} has {len(game.blinds)} blinds, got {len(values)}:"
            f" {' '.join(map(str, values))}"
        )
    if values != sorted(values):
        raise GameError(f"blinds go from small to big, got {' '.join(map(str, values))}")
    return dataclasses.replace(game, blinds=tuple(values))


def match(  # noqa: PLR0913 (keyword options, each documented)
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
    seats: int | None = None,
    blinds: Sequence[int] | None = None,
) -> Summary:
    """Play ``hands`` hands of a preset (``seed``: an int >= 0, or None for
    a fresh match) at a table of ``seats`` (None: six, or as many as the
    bots named). The seats: first the user's ``players`` (label, bot: a
    callable, or a ``module:callable`` name that each worker loads), in
    order, then the built-in ``bots`` by name, repeated as needed to fill
    the table (None: ``DEFAULT_BOTS``, tag, equity, station, loose, random,
    tight). Every seat starts every hand with ``stack`` chips
    (``reset_stacks=True``, the default: each hand measures the play at
    one depth), or carries its stack over and buys in again when it busts
    (``reset_stacks=False``). ``blinds`` replaces the preset's (as many as
    it has). ``executor`` runs the sessions (``hoyle.simulate``); a row's
    ``stack`` is its buy-ins' chips plus its net.

    >>> def caller(hand, rng):
    ...     hand.check() if hand.legal.can_check else hand.call()
    >>> summary = match(hands=20, seed=2, bots=["tight"], players=[("me", caller)],
    ...                 progress=False)
    >>> [(row.seat, row.bot) for row in summary.rows]
    [(0, 'me'), (1, 'tight')]
    >>> [row.bot for row in match(hands=5, seed=1, seats=4, progress=False).rows]
    ['tag', 'equity', 'station', 'loose']
    """
    hands = _count("hands", hands)
    stack = chip_count("stack", stack, least=1)
    if seed is not None:
        seed = check_seed(seed)
    seated = _seats(bots, players, seats)
    the_game = _with_blinds(_preset(game), blinds)
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


def print_summary(summary: Summary, *, file: Any = None) -> None:
    """Print the match's table (``SimulationResult.__rich__``: the game,
    blinds, stacks, hands and seed above; per seat, best first, net chips,
    bb/100 with its 95% interval, pots won, showdowns, VPIP, PFR and
    buy-ins; each column explained under it; any hands voided by a bot's
    error). The table is printed whole at its own width, wider than the
    terminal if need be and whatever ``COLUMNS`` says when piped: no number
    is ever split or cut."""
    from rich.console import Console

    result = summary.result
    if result is None:
        raise GameError("a summary without its simulation's result has no table")
    probe = Console(file=file)
    table = result.__rich__()
    width = max(probe.measure(table, options=probe.options.update_width(10_000)).maximum, 40)
    if probe.is_terminal:
        width = max(width, probe.width)
    Console(file=file, width=width).print(table)


def command(args: Any, executor: Executor | None) -> None:
    """``hoyle play``: the match its arguments (argparse's ``Namespace``)
    ask for, printed as the table, ``--json`` or ``--csv``."""
    # a user's bot by its name: loaded here to check it, and by each worker
    players: list[tuple[str, Bot | str]] = [(spec, spec) for spec in args.bot or ()]
    bots = None if args.bots is None else [b for b in args.bots.split(",") if b.strip()]
    blinds = None
    if args.blinds is not None:
        words = args.blinds.replace(",", " ").replace("/", " ").split()
        if not words or not all(w.isdigit() for w in words):
            raise GameError(
                f'--blinds: whole numbers, small to big, like "1 2"; got {args.blinds!r}'
            )
        blinds = [int(w) for w in words]
    summary = match(
        game=args.game,
        hands=args.hands,
        seed=args.seed,
        bots=[b.strip() for b in bots] if bots is not None else None,
        stack=args.stacks,
        progress=not args.quiet and not (args.json or args.csv),
        players=players,
        executor=executor,
        on_error="skip" if args.on_bot_error == "skip" else "raise",
        reset_stacks=args.reset_stacks,
        seats=args.seats,
        blinds=blinds,
    )
    result = summary.result
    assert result is not None
    if args.json:
        import json

        print(json.dumps(result.as_dict(), indent=2))
    elif args.csv:
        _print_csv(result)
    else:
        print_summary(summary)


#: The columns of ``hoyle play --csv``: the match's, then the seat's.
CSV_COLUMNS = (
    "game", "blinds", "stack", "reset_stacks", "hands", "seed", "seat", "bot", "net",
    "bb_per_100", "ci95_low", "ci95_high", "buy_ins", "won", "showdowns", "vpip", "pfr",
)  # fmt: skip


def _print_csv(result: SimulationResult) -> None:
    import csv

    data = result.as_dict()
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(CSV_COLUMNS)
    for seat in data["seats"]:
        low, high = seat["ci95"]
        out.writerow(
            [
                data["game"],
                " ".join(map(str, data["blinds"])),
                seat["stack"],
                data["reset_stacks"],
                seat["hands"],
                data["seed"],
                seat["seat"],
                seat["bot"],
                seat["net"],
                seat["bb_per_100"],
                low,
                high,
                seat["buy_ins"],
                seat["won"],
                seat["showdowns"],
                seat["vpip"],
                seat["pfr"],
            ]
        )
