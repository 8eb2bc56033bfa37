"""A ``Game``'s and a ``Street``'s settings, each declared once: every
dataclass field carries a ``Setting`` in its metadata (``setting(...)``),
which says what a table of plain values holds for it (the ``plain`` kind
``history/extension.py`` checks), how its value is written there and read
back, whether a table written before it existed may lack it, and whether
the core's table engine plays it. ```to_plain`` and ``from_plain`` (behind
``to_dict`` and ``from_dict``), the ``_hoyle_game`` schema, the checks of
the plain kinds, the check of a setting typed ``Literal[...]`` (its values
read from its annotation) and the table engine's refusal (``env/_fast.py``)
are read from these declarations, never restated.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any, Literal, NamedTuple

from hoyle._core import HandRules
from hoyle.errors import GameError

__all__ = [
    "One",
    "Plain",
    "Setting",
    "Settings",
    "check_choices",
    "choices_of",
    "engine_plays",
    "from_plain",
    "setting",
    "settings_of",
    "to_plain",
]

# What a table of plain values holds for a setting: "text", "flag" (true
# or false), "count" (cards), "chips", "chips-list" (one amount per
# position), "deck" (card ids), "betting" (a structure's ``to_dict``),
# "streets" (a list of ``Street.to_dict``), "rules" (``HandRules`` as a
# table) and "rake" (``Rake.to_dict``). history/extension.py checks each kind.
Plain = Literal[
    "text", "flag", "count", "chips", "chips-list", "deck", "betting", "streets", "rules", "rake"
]

KEY = "hoyle"  # the key of a field's metadata that holds its Setting


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class Setting:
    """How one field is written to a table of plain values and read back.

    ``write`` makes the plain value (None: the setting is left out), ``read``
    the field's value from it. ``late`` > 0 marks a setting added after the
    first format: it is left out at its default and written after the others,
    in ``late``'s order (so a file written before it existed reads the same,
    and a table is written as it always was). ``engine`` is True when the
    core's table engine (``hoyle.env``'s fast path) plays every value of the
    setting; False (the default) when it plays only the default, so a new
    setting sends its games to the ``Hand`` path until the engine learns it.
    """

    plain: Plain
    write: Callable[[Any], Any] = _same
    read: Callable[[Any], Any] = _same
    late: int = 0
    engine: bool = False


def setting(plain: Plain, **how: Any) -> Mapping[str, Setting]:
    """A field's metadata: ``field(default=..., metadata=setting("flag"))``."""
    return {KEY: Setting(plain=plain, **how)}


class One(NamedTuple):
    """A declared field: its name, its Setting and its default (MISSING for none)."""

    name: str
    setting: Setting
    default: Any


class Settings(NamedTuple):
    """A class's declared fields, in field order, and in the order they are written."""

    all: tuple[One, ...]
    early: tuple[One, ...]  # written always, in field order
    late: tuple[One, ...]  # written when not at their default, after the others


def settings_of(cls: type) -> Settings:
    """The ``Setting`` of every field of the dataclass ``cls`` that its
    constructor takes; a field declared without one is refused."""
    out = []
    for f in fields(cls):
        if not f.init:
            continue
        how = f.metadata.get(KEY)
        if not isinstance(how, Setting):
            raise TypeError(
                f"{cls.__name__}.{f.name} is declared without a Setting "
                "(metadata=setting(...), hoyle/games/_settings.py)"
            )
        default = f.default
        if f.default_factory is not MISSING:
            default = f.default_factory()
        out.append(One(f.name, how, default))
    early = tuple(o for o in out if not o.setting.late)
    late = tuple(sorted((o for o in out if o.setting.late), key=lambda o: o.setting.late))
    return Settings(tuple(out), early, late)


def to_plain(obj: Any, settings: Settings) -> dict[str, Any]:
    """``obj``'s settings as plain values: the early ones in field order,
    the late ones not at their default after them, None values left out."""
    out = {o.name: o.setting.write(getattr(obj, o.name)) for o in settings.early}
    for o in settings.late:
        value = getattr(obj, o.name)
        if value != o.default:
            out[o.name] = o.setting.write(value)
    return {k: v for k, v in out.items() if v is not None}


def from_plain(table: dict[str, Any], settings: Settings, *, others: bool) -> dict[str, Any]:
    """The constructor's keywords for the settings ``table`` holds, each
    read in field order (the others keep their defaults). With ``others``
    the keys of no setting are kept, for the constructor to refuse; without,
    they are left out."""
    out = {**table} if others else {}
    for o in settings.all:
        if o.name in table:
            out[o.name] = o.setting.read(table[o.name])
    return out


def engine_plays(obj: Any, settings: Settings) -> bool:
    """True when every setting the table engine plays only at its default
    is at its default in ``obj``."""
    return all(o.setting.engine or getattr(obj, o.name) == o.default for o in settings.all)


def _literal(hint: Any) -> tuple[Any, ...] | None:
    """The values a ``Literal[...]`` (or ``Literal[...] | None``) type
    allows; None for another type."""
    if typing.get_origin(hint) is Literal:
        return typing.get_args(hint)
    if typing.get_origin(hint) not in (typing.Union, types.UnionType):
        return None
    values: list[Any] = []
    for part in typing.get_args(hint):
        if part is type(None):
            values.append(None)
        elif typing.get_origin(part) is Literal:
            values.extend(typing.get_args(part))
        else:
            return None
    return tuple(values)


def choices_of(cls: type, settings: Settings) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """(name, values) of each setting of ``cls`` typed ``Literal[...]``, in
    field order: its annotation is the list of what it may be."""
    hints = typing.get_type_hints(cls)
    out = []
    for o in settings.all:
        values = _literal(hints[o.name])
        if values is not None:
            out.append((o.name, values))
    return tuple(out)


def check_choices(obj: Any, choices: tuple[tuple[str, tuple[Any, ...]], ...], what: str) -> None:
    """``GameError`` for a setting that is none of its values."""
    for name, values in choices:
        value = getattr(obj, name)
        if value not in values:
            *most, last = (repr(v) for v in values)
            allowed = f"{', '.join(most)} or {last}" if most else last
            raise GameError(f"{what}{name} must be {allowed}, got {value!r:.40}")


_RULE_NAMES = (
    "wild_ranks",
    "wild_cards",
    "jokers",
    "bug_fills_flush",
    "four_flush",
    "low",
    "low_qualifier",
    "hole_cards",
    "short_deck",
)


def rules_to_plain(rules: HandRules) -> dict[str, Any]:
    """Hand rules as plain values, the default ones left out (a ``Game``'s
    ``rules`` and ``low_rules`` in ``to_dict``)."""
    out = {k: getattr(rules, k) for k in _RULE_NAMES}
    return {k: v for k, v in out.items() if v not in (None, "", False)}


def rules_from_plain(table: dict[str, Any]) -> HandRules:
    """``rules_to_plain``'s inverse."""
    return HandRules(**table)
