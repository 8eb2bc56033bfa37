"""Hand rules: what a game's showdown ranks (RULES.md §2-4).

``HandRules`` here is a stand-in with exactly the fields and defaults of the
rule-aware evaluator's settings object (issue 3), so games written against it
keep working when that lands. Natural high hands, Omaha's two-plus-three and
the four low rankings are evaluated today (see ``hoyle.showdown``); wild
cards, jokers and the four-flush need the rule-aware evaluator and are
refused when a hand starts.

>>> HandRules(low="ace-to-five", low_qualifier=8)
HandRules(low='ace-to-five', low_qualifier=8)
>>> HandRules(low="ace-to-seven")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
hoyle.errors.HandError: low must be one of 'ace-to-five', ... or None, got 'ace-to-seven'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

from hoyle.errors import HandError

__all__ = ["LOW_RANKINGS", "HandRules"]

LowRanking = Literal["ace-to-five", "deuce-to-seven", "ace-to-six", "badugi"]
LOW_RANKINGS: tuple[str, ...] = ("ace-to-five", "deuce-to-seven", "ace-to-six", "badugi")


@dataclass(frozen=True, kw_only=True, repr=False)
class HandRules:
    """How hands are ranked at the showdown; every field is a setting."""

    wild_ranks: str = ""
    wild_cards: str = ""
    jokers: Literal["wild", "bug"] | None = None
    bug_fills_flush: bool = False
    four_flush: bool = False
    low: LowRanking | None = None
    low_qualifier: int | None = None
    hole_cards: int | None = None

    def __post_init__(self) -> None:
        if self.low is not None and self.low not in LOW_RANKINGS:
            names = ", ".join(repr(n) for n in LOW_RANKINGS)
            raise HandError(f"low must be one of {names} or None, got {self.low!r}")
        if self.jokers not in (None, "wild", "bug"):
            raise HandError(f"jokers must be 'wild', 'bug' or None, got {self.jokers!r}")
        if self.low_qualifier is not None:
            if self.low is None:
                raise HandError("low_qualifier needs a low ranking (low=...)")
            if not 5 <= self.low_qualifier <= 13:
                raise HandError(f"low_qualifier must be 5..13, got {self.low_qualifier}")
        if self.hole_cards is not None and not 0 <= self.hole_cards <= 5:
            raise HandError(f"hole_cards must be 0..5 or None, got {self.hole_cards}")

    @property
    def needs_rule_evaluator(self) -> bool:
        """True when these rules need issue 3's evaluator (wild cards, jokers,
        the four-flush)."""
        return bool(self.wild_ranks or self.wild_cards or self.jokers or self.four_flush)

    def __repr__(self) -> str:
        parts = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if getattr(self, f.name) != f.default
        ]
        return f"HandRules({', '.join(parts)})"
