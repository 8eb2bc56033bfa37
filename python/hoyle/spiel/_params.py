"""The parameters of ``python_hoyle`` read into what a game needs: the
``Game`` (a preset or a ``to_dict`` table), the seats, the stacks and the
action abstraction. Pure Python: no ``pyspiel`` here.

>>> setup = read({"preset": "texas_holdem", "seats": 6, "stack": 2000, "blinds": "5 10"})
>>> setup.game.blinds, setup.seats, setup.stacks[:2], setup.actions.fractions
((5, 10), 6, (2000, 2000), (0.5, 1.0))
>>> leduc = read({"preset": "leduc"})
>>> leduc.stacks, leduc.actions.names(leduc.game)  # fixed limit: one raise entry
((13, 13), ('fold', 'check/call', 'min raise'))
>>> read({"preset": "omaha", "blinds": "5 ten"})
Traceback (most recent call last):
...
hoyle.errors.GameError: blinds is a string of whole chip amounts such as "5 10", got '5 ten'
"""

from __future__ import annotations

import dataclasses
import inspect
import json
from dataclasses import dataclass
from typing import Any

import hoyle.games
from hoyle.betting import Limit
from hoyle.env.actions import Actions
from hoyle.env.layout import unit
from hoyle.errors import GameError, HoyleError
from hoyle.games import Game
from hoyle.spiel._small import SMALL
from hoyle.spiel.acpc import read_acpc

__all__ = ["DEFAULTS", "Setup", "preset_names", "read"]

#: ``python_hoyle``'s parameters and their defaults (OpenSpiel's parameter
#: specification): ``stack`` 0 and ``blinds`` "" take the game's own.
DEFAULTS: dict[str, Any] = {
    "preset": "texas_holdem",
    "game": "",
    "seats": 2,
    "stack": 0,
    "blinds": "",
    "fractions": "0.5 1",
    "min_raise": True,
    "all_in": True,
    "acpc": "",
}
_DEFAULT_STACK_UNITS = 100  # a stack of 100 big blinds unless told


def preset_names() -> tuple[str, ...]:
    """Every name ``preset`` takes: ``kuhn``, ``leduc`` and ``hoyle.games``' presets."""
    return (*SMALL, *(name for name in hoyle.games.__all__ if name not in ("Game", "Street")))


@dataclass(frozen=True)
class Setup:
    """One ``python_hoyle`` game: ``game`` as it is played (burn cards left
    out: an unseen card changes no odds), its seats, stacks and actions."""

    game: Game
    seats: int
    stacks: tuple[int, ...]
    actions: Actions


def _blinds(text: Any) -> tuple[int, ...] | None:
    if not isinstance(text, str):
        raise GameError(f'blinds is a string such as "5 10", got {text!r:.40}')
    if not text.strip():
        return None
    try:
        return tuple(int(b) for b in text.replace(",", " ").split())
    except ValueError:
        raise GameError(
            f'blinds is a string of whole chip amounts such as "5 10", got {text!r:.40}'
        ) from None


def _fractions(text: Any) -> tuple[float, ...]:
    if not isinstance(text, str):
        raise GameError(f'fractions is a string such as "0.5 1", got {text!r:.40}')
    try:
        return tuple(float(f) for f in text.replace(",", " ").split())
    except ValueError:
        raise GameError(
            f'fractions is a string of pot fractions such as "0.5 1", got {text!r:.40}'
        ) from None


def _game(params: dict[str, Any], blinds: tuple[int, ...] | None) -> tuple[Game, int | None]:
    """The game the parameters name, and its own default stack (None: 100 big blinds)."""
    table = params.get("game", "")
    if table:
        try:
            plain = json.loads(table) if isinstance(table, str) else None
        except json.JSONDecodeError as err:
            raise GameError(f"game is a Game's to_dict as JSON; it does not parse: {err}") from None
        if not isinstance(plain, dict):
            raise GameError("game is a Game's to_dict as a JSON object")
        game = Game.from_dict(plain)
        return (game if blinds is None else game.with_(blinds=blinds)), None
    name = params.get("preset", DEFAULTS["preset"])
    if name in SMALL:
        if blinds is not None:
            raise GameError(f"{name} has antes, no blinds: leave blinds out")
        make, stack = SMALL[name]
        return make(), stack
    if not isinstance(name, str) or name not in preset_names():
        raise GameError(f"preset must be one of {', '.join(preset_names())}; got {name!r:.40}")
    make_preset = getattr(hoyle.games, name)
    if blinds is None:
        return make_preset(), None
    if "blinds" not in inspect.signature(make_preset).parameters:
        raise GameError(f"{name} has no blinds (a stud game brings in): leave blinds out")
    return make_preset(blinds=blinds), None


def _fixed_limit(game: Game) -> bool:
    """Every street bets ``Limit(x, x)``: one raise size."""
    return all(
        isinstance(b, Limit) and b.min == b.max
        for b in (s.betting or game.betting for s in game.streets)
    )


def _actions(p: dict[str, Any], game: Game) -> Actions:
    """The abstraction: fold, check/call, then the raises asked for (a fixed
    limit game, the three at their defaults, its one raise: the others would
    only repeat it). pyspiel hands every parameter over, the defaults too."""
    fractions, all_in = _fractions(p["fractions"]), p["all_in"]
    if all(p[k] == DEFAULTS[k] for k in ("fractions", "min_raise", "all_in")) and _fixed_limit(
        game
    ):
        fractions, all_in = (), False
    try:
        return Actions(fractions, min_raise=p["min_raise"], all_in=all_in)
    except HoyleError as err:
        raise GameError(f"bad action abstraction: {err}") from None


def read(params: dict[str, Any]) -> Setup:
    """The parameters (any left out take ``DEFAULTS``) as a ``Setup``;
    ``GameError`` names a bad one."""
    unknown = set(params) - set(DEFAULTS)
    if unknown:
        raise GameError(
            f"unknown parameters {sorted(unknown)}; python_hoyle takes {list(DEFAULTS)}"
        )
    p = {**DEFAULTS, **params}
    if p["acpc"]:
        clash = [k for k in ("preset", "game", "seats", "stack", "blinds") if p[k] != DEFAULTS[k]]
        if clash:
            raise GameError(f"acpc says the game, its seats and stacks: leave out {sorted(clash)}")
        acpc = read_acpc(p["acpc"])
        return Setup(acpc.game, acpc.seats, acpc.stacks, _actions(p, acpc.game))
    game, own_stack = _game(p, _blinds(p["blinds"]))
    seats, stack = p["seats"], p["stack"]
    if seats.__class__ is not int or not 2 <= seats <= min(game.max_seats, 10):
        raise GameError(
            f"seats must be 2..{min(game.max_seats, 10)} for {game.name}, got {seats!r}"
        )
    if stack.__class__ is not int or stack < 0:
        raise GameError(
            f"stack must be a whole number of chips (0: the game's default), got {stack!r}"
        )
    if not stack:
        stack = own_stack or _DEFAULT_STACK_UNITS * unit(game)
    actions = _actions(p, game)
    streets = tuple(dataclasses.replace(s, burn=False) for s in game.streets)
    played = game.with_(streets=streets) if streets != game.streets else game
    actions.size(played)  # a draw game with too many cards a seat is refused here
    return Setup(played, seats, (stack,) * seats, actions)
