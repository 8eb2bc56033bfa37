"""``Rake``, taken from each pot before it is split, and the settlement
rules it takes part in (docs/rules.md §4 and §8).

``settle(contributions, high, low=None, *, button=0, rake=None)`` takes, for
each seat, everything it put into the hand and its hand values, and says who
receives every chip:

* A seat is **live** when it still holds a hand at the showdown: ``high[i]``
  is its high value (an int, larger is better). A seat that folded or mucked
  has ``high[i] = None``; its chips stay in the pots it paid into, and it is
  eligible for none of them.
* ``low`` is given in high-low games: ``low[i]`` is the seat's qualifying low
  value (an int, larger is *better*, as the low evaluator returns), or None
  when it has no qualifying low. A folded seat must have None there too.
* The uncalled part of the largest bet (the largest contribution less the
  second largest, folded seats included) goes back to its owner.
  So do chips no live seat can win: what a folded seat put in above the
  largest contribution of a live seat (docs/rules.md §8). Dead chips
  (``dead``, the antes) are never returned.
* Pots are cut at the all-in levels, the distinct contributions of the live
  seats: the main pot first, then the side pots; each is contested by the
  live seats that reached its level.
* Each pot is settled alone: rake first, then the high half (with the odd
  chip) and the low half. With no qualifying low among the pot's eligible
  seats, the high hand takes it all, even when a seat in another pot has a
  low. Tied hands share a half evenly; leftover chips go one each in seat
  order from the button's left (``button + 1``, ..., the button last).
* Chips and values are ints (bools are refused, numpy integers accepted);
  chips are never negative and add up to at most ``2**64 - 1``. Bad input
  raises ``hoyle.errors.SettlementError`` (a ``ValueError``) naming the
  problem, or ``TypeError`` for a value of the wrong type.

docs/rules.md §8, table stakes: A has 160, B 110, C 40; B bets 70, C calls all-in
for 40, A calls 70. C holds the best hand, then B:

>>> from hoyle import Rake, settle
>>> s = settle([70, 70, 40], [10, 20, 30], button=2)
>>> [(pot.amount, pot.eligible, pot.high_winners) for pot in s.pots]
[(120, (0, 1, 2), (2,)), (60, (0, 1), (1,))]
>>> s.payouts
(0, 60, 120)
>>> print(s)
main pot 120, seats 0 1 2: high seat 2 (120)
side pot 1 60, seats 0 1: high seat 1 (60)

High-low, where only the all-in seat has a low: the side pot has no low, so
it goes wholly to high. With a 5 % rake capped at 3 chips a pot:

>>> s = settle([70, 70, 40], [10, 20, 5], [None, None, 7], rake=Rake(percent=5, cap=3))
>>> print(s)
main pot 120, seats 0 1 2, rake 3: high seat 1 (59); low seat 2 (58)
side pot 1 60, seats 0 1, rake 3: high seat 1 (57)
>>> s.payouts, s.rake
((0, 116, 58), 6)

A bet nobody called comes back:

>>> settle([100, 10, 20], [7, None, None]).refunds
(80, 0, 0)

and so do chips that only folded seats reached (two folded seats put in 100
each, the only live seat 50):

>>> settle([100, 100, 50], [None, None, 1]).refunds
(50, 50, 0)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from hoyle._core import MAX_CHIPS
from hoyle.errors import SettlementError

__all__ = ["Rake"]


@dataclass(frozen=True, kw_only=True)
class Rake:
    """Rake taken from each pot before it is split:
    ``floor(amount * percent / 100)`` chips, at most ``cap`` (None: no cap).

    ``percent`` is exact: an int, or a ``Decimal``, ``Fraction`` or float
    that is a whole number of hundredths of a percent (``2.5`` is fine,
    ``2.345`` is not); ``basis_points`` holds it in hundredths. Every pot is
    raked, won at a showdown or not; "no flop, no drop" is the caller's
    call (settle with ``rake=None``).

    >>> Rake(percent=5, cap=3)
    Rake(percent=5, cap=3)
    >>> Rake(percent=2.5).basis_points
    250
    """

    percent: int | float | Decimal | Fraction
    cap: int | None = None
    basis_points: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        percent = self.percent
        if isinstance(percent, bool) or not isinstance(percent, int | float | Decimal | Fraction):
            raise TypeError(
                f"percent must be an int, float, Decimal or Fraction, got {type(percent).__name__}"
            )
        basis_points = _basis_points(percent)
        cap = self.cap
        if cap is not None:
            if isinstance(cap, bool) or not isinstance(cap, int):
                raise TypeError(f"cap must be an int or None, got {type(cap).__name__}")
            if not 0 <= cap <= MAX_CHIPS:
                raise SettlementError(f"rake cap must be between 0 and 2**64 - 1, got {cap}")
        object.__setattr__(self, "basis_points", basis_points)

    def to_dict(self) -> dict[str, Any]:
        """The rake as plain values (``percent`` as exact decimal text; no ``cap`` when None)."""
        percent = self.percent
        if isinstance(percent, int | Decimal):
            text = str(percent)
        else:  # a float or Fraction: its exact hundredths ("5/2" is no decimal text)
            whole, part = divmod(self.basis_points, 100)
            text = f"{whole}.{part:02d}".rstrip("0") if part else str(whole)
        out: dict[str, Any] = {"percent": text}
        if self.cap is not None:
            out["cap"] = self.cap
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Rake:
        """The rake ``to_dict`` wrote: ``percent`` as decimal text (ASCII, as
        ``"2.5"``) or a number; ``SettlementError`` for anything else."""
        if not isinstance(d, dict) or "percent" not in d:
            raise SettlementError(f"a rake is a table with a percent, got {d!r}")
        percent = d["percent"]
        if isinstance(percent, str):
            if _PERCENT_TEXT.fullmatch(percent) is None:
                raise SettlementError(
                    f"rake percent must be decimal text from 0 to 100 (as '2.5'), got {percent!r}"
                )
            percent = Decimal(percent)
        return cls(percent=percent, cap=d.get("cap"))


_HUNDREDTH = Decimal("0.01")
_PERCENT_TEXT = re.compile(r"[0-9]{1,30}(?:\.[0-9]{0,30})?(?:[eE][+-]?[0-9]{1,30})?", re.ASCII)


def _basis_points(percent: int | float | Decimal | Fraction) -> int:
    """``percent`` in hundredths of a percent, checked: 0 to 10,000. Every
    comparison here is exact and no arithmetic runs on a huge number
    (``Decimal("1e999999999")`` is refused at once)."""
    if isinstance(percent, float):
        if not math.isfinite(percent):
            raise SettlementError(f"rake percent must be finite, got {percent}")
        percent = Decimal(repr(percent))
    if isinstance(percent, Decimal) and not percent.is_finite():
        raise SettlementError(f"rake percent must be finite, got {percent}")
    if not 0 <= percent <= 100:
        raise SettlementError(f"rake percent must be between 0 and 100, got {percent}")
    if isinstance(percent, Decimal):  # 0 <= percent <= 100: quantize cannot overflow
        hundredths = percent.quantize(_HUNDREDTH)
        basis_points = Fraction(int(hundredths * 100)) if hundredths == percent else Fraction(1, 3)
    else:
        basis_points = Fraction(percent) * 100
    if basis_points.denominator != 1:
        raise SettlementError(
            f"rake percent must be between 0 and 100 in whole hundredths, got {percent}"
        )
    return int(basis_points)
