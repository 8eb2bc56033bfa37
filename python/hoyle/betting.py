"""Betting structures and the legal-action summary (docs/rules.md §7).

* ``Limit(min, max)``: every bet or raise adds between ``min`` and ``max``
  chips (spread limit); ``Limit(x, x)`` is fixed limit.
* ``PotLimit(cap=None)``: a bet is at most the pot; a raise at most the pot
  after the raiser's call; ``cap`` bounds any one bet or raise.
* ``NoLimit()``: the only maximum is the stack (table stakes).

In pot limit and no limit the smallest bet is the big blind (or the game's
``min_bet``), the smallest raise the previous bet or raise. Under every
structure a player may go all in for less; an all-in raise smaller than a
full raise does not reopen the betting to players who already acted.

>>> Limit(5, 10)
Limit(min=5, max=10)
>>> Limit(10, 5)
Traceback (most recent call last):
...
hoyle.errors.GameError: Limit needs 0 < min <= max, got min=10, max=5
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, TypeAlias

from hoyle._core import MAX_CHIPS
from hoyle._whole import whole
from hoyle.errors import GameError

__all__ = ["MAX_CHIPS", "Betting", "Legal", "Limit", "NoLimit", "PotLimit", "chip_count"]

# MAX_CHIPS (2**64 - 1, from the core) is the most chips a hand can hold, all
# seats together: the core settles in 64-bit unsigned chips, so the starting
# stacks of a hand (a table's seats) add up to at most this, and no one amount
# of a game may exceed it.


def chip_count(what: str, value: Any, *, least: int = 0) -> int:
    """``value`` as a number of chips, ``least..MAX_CHIPS``: an int (or an
    integer type with ``__index__``, such as numpy's); a bool, a float or
    anything else is refused. Chips are whole: ``0.5`` is not a bet.

    >>> chip_count("ante", 2)
    2
    >>> chip_count("ante", 0.5)
    Traceback (most recent call last):
    ...
    TypeError: ante must be an int number of chips, got float 0.5
    """
    value = whole(value, f"{what} must be an int number of chips")
    if not least <= value <= MAX_CHIPS:
        raise GameError(f"{what} must be {least}..{MAX_CHIPS} chips (2**64 - 1), got {value}")
    return int(value)


@dataclass(frozen=True)
class Limit:
    """Spread limit: each bet or raise adds ``min`` to ``max`` chips."""

    min: int
    max: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "min", chip_count("Limit min", self.min, least=1))
        object.__setattr__(self, "max", chip_count("Limit max", self.max, least=1))
        if not 0 < self.min <= self.max:
            raise GameError(f"Limit needs 0 < min <= max, got min={self.min}, max={self.max}")

    def to_dict(self) -> dict[str, Any]:
        """The structure as plain values (``betting_from_dict`` reads it back)."""
        return {"kind": "limit", "min": self.min, "max": self.max}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Limit:
        """The structure ``to_dict`` wrote."""
        return cls(d["min"], d["max"])  # checked as chips: "2.5" or 2.5 is refused


@dataclass(frozen=True, kw_only=True)
class PotLimit:
    """Pot limit: a raise may be as large as the pot after the call;
    ``cap`` (None: none) bounds the size of any one bet or raise."""

    cap: int | None = None

    def __post_init__(self) -> None:
        if self.cap is not None:
            object.__setattr__(self, "cap", chip_count("PotLimit cap", self.cap))
        if self.cap is not None and self.cap <= 0:
            raise GameError(f"PotLimit cap must be positive or None, got {self.cap}")

    def to_dict(self) -> dict[str, Any]:
        """The structure as plain values (``betting_from_dict`` reads it back)."""
        return {"kind": "pot-limit"} if self.cap is None else {"kind": "pot-limit", "cap": self.cap}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PotLimit:
        """The structure ``to_dict`` wrote."""
        return cls(cap=d.get("cap"))


@dataclass(frozen=True)
class NoLimit:
    """No limit: a bet or raise may be anything up to the stack."""

    def to_dict(self) -> dict[str, Any]:
        """The structure as plain values (``betting_from_dict`` reads it back)."""
        return {"kind": "no-limit"}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> NoLimit:
        """The structure ``to_dict`` wrote."""
        return cls()


Betting: TypeAlias = Limit | PotLimit | NoLimit


class Legal(NamedTuple):
    """What the seat to act may do.

    ``call_amount`` is the chips a call adds (at most the stack; 0 when the
    seat may check). ``min_raise_to`` and ``max_raise_to`` bound the seat's
    whole contribution in this interval after a bet or raise; both are None
    when it may not bet or raise. ``can_fold`` is False when the seat may
    check (a fold there would throw away a free hand). In a draw, only
    ``can_draw`` is True. The stud bring-in seat's first choice is the one
    decision that may neither fold nor check: ``call_amount`` is then the
    bring-in (``call`` or ``Hand.bring_in`` posts it) and the raise bounds
    are the completion (docs/rules.md §7).
    """

    can_fold: bool
    can_check: bool
    call_amount: int
    min_raise_to: int | None
    max_raise_to: int | None
    can_draw: bool

    def describe(self) -> str:
        """The legal actions, in words."""
        if self.can_draw:
            return "draw (discard 0 or more cards)"
        if not (self.can_fold or self.can_check) and self.call_amount:
            # only the stud bring-in seat's first choice (docs/rules.md §7)
            text = f"bring in {self.call_amount}"
            if self.min_raise_to is not None:
                text += f", complete to {self.min_raise_to}"
                if self.max_raise_to != self.min_raise_to:
                    text += f"..{self.max_raise_to}"
            return text
        out = []
        if self.can_fold:
            out.append("fold")
        if self.can_check:
            out.append("check")
        elif self.call_amount:
            out.append(f"call {self.call_amount}")
        if self.min_raise_to is not None:
            out.append(f"raise to {self.min_raise_to}..{self.max_raise_to}")
        return ", ".join(out) if out else "nothing"


NO_ACTION = Legal(False, False, 0, None, None, False)
DRAW = Legal(False, False, 0, None, None, True)


def betting_from_dict(d: dict[str, Any]) -> Betting | None:
    """The structure a betting class's ``to_dict`` wrote; None for ``{}``
    (a street that keeps the game's structure).

    >>> betting_from_dict(Limit(2, 4).to_dict())
    Limit(min=2, max=4)
    """
    if not isinstance(d, dict):
        raise GameError(f"a betting structure is a table of settings, got {type(d).__name__}")
    for key in ("min", "max", "cap"):
        value = d.get(key)
        if value is not None and (value.__class__ is not int or value < 0):
            raise GameError(f"betting {key} must be a whole number of chips, got {value!r}")
    kind = d.get("kind")
    if kind is None:
        return None
    kinds: dict[str, type[Limit | PotLimit | NoLimit]] = {
        "limit": Limit,
        "pot-limit": PotLimit,
        "no-limit": NoLimit,
    }
    if not isinstance(kind, str) or kind not in kinds:
        raise GameError(f"unknown betting kind {kind!r:.40}: 'limit', 'pot-limit' or 'no-limit'")
    return kinds[kind].from_dict(d)
