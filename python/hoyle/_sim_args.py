"""What ``hoyle.simulate`` checks of its arguments before any work: the
players (built-in names, ``module:callable`` names, callables, labelled
pairs), the game (a preset's name or a ``Game``), counts, stacks, flags;
and a seat's player as it is sent to a worker (``_Player``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hoyle import games
from hoyle._user_bots import load_bot
from hoyle._whole import many, whole
from hoyle.betting import Limit, chip_count
from hoyle.bots import BOTS, Bot
from hoyle.errors import GameError
from hoyle.games import Game

#: The most hands one call plays (2**48: years of one machine's work).
MAX_HANDS = 1 << 48


@dataclass(frozen=True)
class _Player:
    """A seat's player as sent to a worker: a built-in bot's name, a
    ``module:callable`` spec (loaded there), or a callable."""

    label: str
    builtin: str | None = None
    spec: str | None = None
    bot: Bot | None = None

    def load(self) -> Bot:
        if self.builtin is not None:
            return BOTS[self.builtin]
        if self.spec is not None:
            return load_bot(self.spec)  # imported once per process, then from sys.modules
        assert self.bot is not None
        return self.bot


def _player(entry: Any, seat: int) -> _Player:
    label: str | None = None
    if isinstance(entry, tuple):
        if len(entry) != 2 or not isinstance(entry[0], str):
            raise TypeError(f"players[{seat}]: a pair is (label, bot)")
        label, entry = entry
    if isinstance(entry, str):
        if entry in BOTS:
            return _Player(label or entry, builtin=entry)
        if ":" in entry:
            load_bot(entry)  # its errors here, before any work starts
            return _Player(label or entry, spec=entry)
        raise GameError(
            f"players[{seat}]: unknown bot {entry!r}; bots: {', '.join(BOTS)}, or module:callable"
        )
    if not callable(entry):
        raise TypeError(f"players[{seat}]: a bot is callable as bot(hand, rng)")
    name = getattr(entry, "__qualname__", None) or type(entry).__name__
    return _Player(label or str(name), bot=entry)


def _the_game(game: str | Game) -> Game:
    if isinstance(game, Game):
        return game
    preset = getattr(games, game, None) if isinstance(game, str) else None
    if (
        not isinstance(game, str)
        or game.startswith("_")
        or not callable(preset)
        or isinstance(preset, type)  # Game, Street: classes, not presets
    ):
        raise GameError(f"unknown game {game!r}: a hoyle.games preset's name or a Game")
    made = preset()
    if not isinstance(made, Game):
        raise GameError(f"unknown game {game!r}: a hoyle.games preset's name or a Game")
    return made


def _count(what: str, value: Any, least: int) -> int:
    value = whole(value, f"{what} must be an int")
    if not least <= value <= MAX_HANDS:
        raise GameError(f"{what} must be {least}..{MAX_HANDS}, got {value}")
    return int(value)


def _big_blind(game: Game) -> int:
    if game.blinds:
        return max(game.blinds)
    if isinstance(game.betting, Limit):
        return game.betting.min
    return game.smallest_bet


def _stacks(stacks: int | Sequence[int], seats: int) -> tuple[int, ...]:
    if many(stacks):  # a sequence of ints, a numpy array too
        if len(stacks) != seats:
            raise GameError(f"stacks: {len(stacks)} given for {seats} players")
        out = tuple(chip_count(f"stacks[{i}]", s, least=1) for i, s in enumerate(stacks))
    else:
        out = (chip_count("stacks", stacks, least=1),) * seats
    return out


def _flag(what: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise GameError(f"{what} must be True or False, got {value!r}")
    return value
