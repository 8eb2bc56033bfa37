"""``hoyle play``: a match of bots at one table, hand after hand; a player
who busts buys in again. Returns a summary per seat.

The bots are the built-in ones (``hoyle.bots.BOTS``, by name) and any
user's bots (``players``: label and :class:`hoyle.bots.Bot` pairs, seated
first, in order). ``load_bot("module:callable")`` finds a user's bot, as
``hoyle play --bot module:callable`` does. A user's bot that raises, makes
an illegal move, or does not make exactly one move ends the match with a
``BotError`` naming it and its seat.

>>> summary = match(hands=50, seed=1, progress=False)
>>> sum(row.net for row in summary.rows) == 0
True
"""

from __future__ import annotations

import importlib
import inspect
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hoyle import games
from hoyle._deal import check_seed
from hoyle._whole import whole
from hoyle.betting import chip_count
from hoyle.bots import BOTS, Bot
from hoyle.errors import BotError, GameError, IllegalActionError
from hoyle.games import Game
from hoyle.hand import Hand
from hoyle.table import Table

__all__ = ["Row", "Summary", "load_bot", "match", "print_summary"]

PRESETS = (
    "texas_holdem",
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


DEFAULT_BOTS = ("tight", "loose", "random", "tight", "loose", "random")

_POLICY_HINT = (
    "a bot acts on the hand itself (e.g. hand.call()) and returns None; "
    "a policy(observation, mask) -> index must be wrapped: hoyle.env.policy_bot(policy)"
)


def _one_line(err: BaseException) -> str:
    return " ".join(str(err).split()) or type(err).__name__


def _import(spec: str, name: str) -> Any:
    """The module ``name``, the current directory searched first (as
    ``python -m`` does; the ``hoyle`` script alone would not)."""
    here = os.getcwd()
    added = here not in sys.path
    if added:
        sys.path.insert(0, here)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name is not None and (name == err.name or name.startswith(err.name + ".")):
            raise BotError(f"--bot {spec!r}: no module named {err.name!r}") from None
        raise BotError(
            f"--bot {spec!r}: importing {name} failed: ModuleNotFoundError: {_one_line(err)}"
        ) from err
    except Exception as err:
        kind = type(err).__name__
        raise BotError(
            f"--bot {spec!r}: importing {name} failed: {kind}: {_one_line(err)}"
        ) from err
    finally:
        if added:
            sys.path.remove(here)


def load_bot(spec: str) -> Bot:
    """The bot ``module:callable`` names (``callable`` may be a dotted path,
    ``module:Class.method``). It must be callable as ``bot(hand, rng)``; a
    policy over observations is made one with ``hoyle.env.policy_bot``.
    Anything else raises ``BotError`` saying what is wrong.

    >>> load_bot("hoyle.bots:tight_bot").__name__
    'tight_bot'
    >>> load_bot("hoyle.bots")
    Traceback (most recent call last):
    ...
    hoyle.errors.BotError: --bot 'hoyle.bots': expected module:callable, e.g. mybots:my_bot
    """
    if not isinstance(spec, str):
        raise TypeError(f"a bot spec is a str, got {type(spec).__name__}")
    name, colon, path = spec.partition(":")
    if not colon or not name.strip() or not path.strip():
        raise BotError(f"--bot {spec!r}: expected module:callable, e.g. mybots:my_bot")
    found: Any = _import(spec, name.strip())
    where = name.strip()
    for part in path.strip().split("."):
        if not hasattr(found, part):
            raise BotError(f"--bot {spec!r}: {where} has no attribute {part!r}")
        found = getattr(found, part)
        where += f"{'.' if ':' in where else ':'}{part}"
    if not callable(found):
        kind = type(found).__name__
        raise BotError(f"--bot {spec!r}: {where} is not callable (its type is {kind})")
    try:
        inspect.signature(found).bind(None, None)
    except TypeError as err:
        raise BotError(
            f"--bot {spec!r}: it cannot be called as bot(hand, rng): {_one_line(err)}"
        ) from None
    except ValueError:  # no signature to read (some builtins): try it in play
        pass
    bot: Bot = found
    return bot


@dataclass(frozen=True)
class _Seat:
    label: str
    bot: Bot
    user: bool


def _act(seat: int, player: _Seat, hand: Hand, rng: random.Random) -> None:
    """One move of a user's bot, checked: it acts once, legally, for itself."""
    before = len(hand.history)
    where = f"bot {player.label} (seat {seat})"
    bot: Callable[[Hand, random.Random], object] = player.bot  # a user's may return something
    try:
        returned = bot(hand, rng)
    except IllegalActionError as err:
        raise BotError(f"{where} made an illegal move: {_one_line(err)}") from err
    except Exception as err:
        kind = type(err).__name__
        raise BotError(f"{where} raised {kind}: {_one_line(err)}") from err
    moves = len(hand.history) - before
    if moves == 0:
        got = "" if returned is None else f" (it returned {returned!r})"
        raise BotError(f"{where} made no move{got}; {_POLICY_HINT}")
    if moves > 1:
        raise BotError(f"{where} made {moves} moves; a bot makes one, for its own seat")


def _seats(bots: Sequence[str] | None, players: Sequence[tuple[str, Bot]]) -> list[_Seat]:
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
        if not callable(entry[1]):
            raise TypeError(f"player {entry[0]!r}: a bot is callable as bot(hand, rng)")
        seated.append(_Seat(entry[0], entry[1], True))
    seated += [_Seat(name, BOTS[name], False) for name in names]
    if len(seated) < 2:
        raise GameError("a match needs at least two bots")
    return seated


class _Match:
    """The table, the buy-ins and the pots won of a match."""

    def __init__(self, game: Game, seated: list[_Seat], stack: int, seed: int | None) -> None:
        self.seated = seated
        self.stack = stack
        self.rng = random.Random(seed)
        self.table = Table(game, [stack] * len(seated))
        self.buy_ins = [1] * len(seated)
        self.won = [0] * len(seated)

    def play_one(self) -> None:
        table, rng = self.table, self.rng
        for seat, chips in enumerate(table.stacks):
            if not chips:
                table.leave(seat) if chips is not None else None
                table.join(seat, self.stack)
                self.buy_ins[seat] += 1
        hand = table.deal(seed=rng.getrandbits(64))
        seats = table.in_hand
        while not hand.is_over:
            actor = hand.actor
            assert actor is not None
            player = self.seated[seats[actor]]
            if player.user:
                _act(seats[actor], player, hand, rng)
            else:
                player.bot(hand, rng)
        settlement = hand.settlement
        assert settlement is not None
        for i, paid in enumerate(settlement.payouts):
            if paid > hand.contributions[i]:
                self.won[seats[i]] += 1

    def rows(self) -> tuple[Row, ...]:
        final = self.table.stacks
        return tuple(
            Row(
                seat,
                player.label,
                self.buy_ins[seat],
                final[seat] or 0,
                (final[seat] or 0) - self.buy_ins[seat] * self.stack,
                self.won[seat],
            )
            for seat, player in enumerate(self.seated)
        )


def match(
    *,
    game: str = "texas_holdem",
    hands: int = 2_000,
    seed: int | None = None,
    bots: Sequence[str] | None = None,
    stack: int = 200,
    progress: bool = True,
    players: Sequence[tuple[str, Bot]] = (),
) -> Summary:
    """Play ``hands`` hands of a preset (``seed``: an int >= 0, or None for
    a fresh match). The seats: first the user's ``players`` (label, bot), in
    order, then the built-in ``bots`` by name (None: six, tight, loose,
    random, tight, loose, random; ``[]``: none).

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
    run = _Match(the_game, seated, stack, seed)
    started = time.perf_counter()
    if progress:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task(f"{game}, {len(seated)} bots", total=hands)
            for _ in range(hands):
                run.play_one()
                bar.advance(task)
    else:
        for _ in range(hands):
            run.play_one()
    return Summary(game, hands, time.perf_counter() - started, run.rows())


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
