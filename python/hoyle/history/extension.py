"""The ``_hoyle_game`` extension field: a table of ``Game`` settings (what
``Game.to_dict`` writes), checked setting by setting before ``Game.from_dict``
reads it, so a hostile or careless file gets a ``HistoryError`` that names
the setting and what it may hold (never a huge number reaching arithmetic,
nor a wrong type reaching a constructor).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from hoyle._core import MAX_SEATS
from hoyle.errors import HistoryError
from hoyle.games import Game, Street
from hoyle.games._settings import Plain, Settings, settings_of
from hoyle.history.stakes import MAX_CHIPS

__all__ = ["game_of_extension"]

Check = Callable[[Any, str], None]


def _int(low: int, high: int) -> Check:
    def check(value: Any, where: str) -> None:
        if value.__class__ is not int or not low <= value <= high:
            raise HistoryError(f"{where} must be a whole number {low}..{high}, got {value!r}")

    return check


def _kind(kind: type, name: str) -> Check:
    def check(value: Any, where: str) -> None:
        if value.__class__ is not kind:
            raise HistoryError(f"{where} must be {name}, got {value!r}")

    return check


def _list_of(item: Check, most: int) -> Check:
    def check(value: Any, where: str) -> None:
        if value.__class__ is not list or len(value) > most:
            raise HistoryError(f"{where} must be an array of at most {most} entries")
        for i, v in enumerate(value):
            item(v, f"{where}[{i}]")

    return check


def _table(spec: dict[str, Check]) -> Check:
    def check(value: Any, where: str) -> None:
        if value.__class__ is not dict:
            raise HistoryError(f"{where} must be a table, got {type(value).__name__}")
        for key, v in value.items():
            one = spec.get(key)
            if one is None:
                allowed = ", ".join(spec)
                raise HistoryError(f"{where} has an unknown setting {key!r} (allowed: {allowed})")
            one(v, f"{where}.{key}")

    return check


def _percent(value: Any, where: str) -> None:
    """A rake percent: text of a number (``Rake.to_dict``), an int or a decimal."""
    if value.__class__ is str:
        if not 0 < len(value) <= 32 or not value.isascii():
            raise HistoryError(f"{where} must be a number from 0 to 100 as text, got {value!r}")
    elif value.__class__ not in (int, Decimal):
        raise HistoryError(f"{where} must be a number from 0 to 100, got {value!r}")


_CHIPS = _int(0, MAX_CHIPS)
_COUNT = _int(0, 255)  # cards a street deals or a draw takes, a qualifier
_TEXT = _kind(str, "text")
_FLAG = _kind(bool, "true or false")
_BETTING = _table({"kind": _TEXT, "min": _CHIPS, "max": _CHIPS, "cap": _CHIPS})
_RULES = _table(
    {
        "wild_ranks": _TEXT,
        "wild_cards": _TEXT,
        "jokers": _TEXT,
        "bug_fills_flush": _FLAG,
        "four_flush": _FLAG,
        "low": _TEXT,
        "low_qualifier": _COUNT,
        "hole_cards": _COUNT,
        "short_deck": _TEXT,
    }
)


def _schema(settings: Settings, kinds: dict[Plain, Check]) -> Check:
    """The table of a class's settings: each key its declared plain kind's check."""
    return _table({o.name: kinds[o.setting.plain] for o in settings.all})


# the check of each plain kind a setting may declare (hoyle/games/_settings.py)
_KINDS: dict[Plain, Check] = {
    "text": _TEXT,
    "flag": _FLAG,
    "count": _COUNT,
    "chips": _CHIPS,
    "chips-list": _list_of(_CHIPS, MAX_SEATS),
    "deck": _list_of(_int(0, 53), 54),
    "betting": _BETTING,
    "rules": _RULES,
    "rake": _table({"percent": _percent, "cap": _CHIPS}),
}
_KINDS["streets"] = _list_of(_schema(settings_of(Street), _KINDS), 64)
_GAME = _schema(settings_of(Game), _KINDS)


def game_of_extension(table: dict[str, Any]) -> Game:
    """The ``Game`` of a ``_hoyle_game`` table: ``HistoryError`` names a
    setting of the wrong type or size, and the game's own error (a
    ``HoyleError``) a combination the game refuses."""
    _GAME(table, "_hoyle_game")
    if "streets" not in table:
        raise HistoryError("_hoyle_game.streets is missing (a game needs at least one street)")
    return Game.from_dict(table)
