"""What a ``Hand`` needs to know of its ``Game``, worked out once.

``Game`` derives a frozen ``Plan`` when it is made (``hoyle.games``) and
``Hand`` reads only the plan, so the dependency runs one way: ``games``
imports ``hand`` and this module, ``hand`` imports this module (it names
``Game`` in annotations only). Nothing here is written after it is made;
the blind posts per (seats, button) are a bounded cache of a pure function.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, NamedTuple

from hoyle._core import MAX_SEATS

if TYPE_CHECKING:
    from hoyle._core import HandRules
    from hoyle.betting import Betting
    from hoyle.games import Game, Street
    from hoyle.rake import Rake

__all__ = ["MAX_SEATS", "Plan", "StreetPlan", "blind_posts", "derive_plan", "rings"]


class StreetPlan(NamedTuple):
    """One street as a hand plays it: ``Street`` with its betting resolved."""

    down: int
    up: int
    board: int
    burn: bool
    draw: int
    draw_ace: int | None
    betting: Betting  # the street's own structure, else the game's
    exposed: bool  # stud: the bring-in or the best exposed hand bets first
    raise_cap: int | None = None  # the street's own cap, else the game's (Street.raise_cap)


@dataclass(frozen=True, slots=True)
class Plan:
    """A game's settings and the facts derived from them, as ``Hand`` reads them.

    A field named as a ``Game`` setting is that setting, copied by
    ``derive_plan`` (so a new setting the hand reads is a field here and
    nothing more); the others are derived. ``StreetPlan`` likewise.
    """

    name: str
    streets: tuple[StreetPlan, ...]
    rules: HandRules
    high: bool
    split: HandRules | None  # the ranking of a split game's second half (Game.split)
    rake: Rake | None
    # forced bets
    ante: int
    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    posts: tuple[int, ...]  # post bets, positional like the blinds
    bring_in: int
    largest_blind: int
    smallest_bet: int  # the smallest bet in pot limit and no limit
    raise_cap: int | None
    opener: str | None
    first_must_bet: bool
    half_bet: bool  # short_all_in="half-bet" (docs/rules.md §7)
    # the deck and the deal
    deck: tuple[int, ...]
    deck_set: frozenset[int]
    deck_is_range: bool  # deck == range(len(deck)): positions are card ids
    per_seat: int  # cards each seat is dealt, draws aside
    seat_cards: int  # per_seat and what draws before a later street's cards may take
    fixed: int  # board and burn cards
    has_draw: bool
    dealt_later: tuple[bool, ...]  # [i]: some street from i on deals seats cards or draws
    plain_high: bool  # natural high only: the hand ends in one core call
    small_hands: bool  # showdowns of 1 to 4 cards ranked (Game.small_hands, docs/rules.md §2)
    min_seats: int
    max_seats: int

    def cards_needed(self, seats: int) -> int:
        """The cards a deal to ``seats`` players takes: draws aside, but for
        a draw before a later street's cards, the most it may take (the stub
        must still hold those cards, ``seat_cards``)."""
        return seats * self.seat_cards + self.fixed


# the plans' fields a setting of the same name may fill (the others are derived)
_PLAN_COPIES = tuple(f.name for f in fields(Plan) if f.name != "streets")
_STREET_COPIES = tuple(name for name in StreetPlan._fields if name not in ("betting", "raise_cap"))


@functools.lru_cache(maxsize=4096)
def blind_posts(
    blinds: tuple[int, ...], seats: int, button: int
) -> tuple[tuple[tuple[int, int], ...], int]:
    """(seat, blind) of every nonzero blind, posted from the button's left
    (heads-up the button posts the first), and the seat after the last."""
    sb = button if seats == 2 else (button + 1) % seats
    posts = tuple(((sb + k) % seats, b) for k, b in enumerate(blinds) if b)
    last = posts[-1][0] if posts else sb
    return posts, (last + 1) % seats


@functools.cache
def rings(seats: int) -> tuple[tuple[int, ...], ...]:
    """``rings(n)[s]``: the seats from ``s`` going left, ``s`` first."""
    return tuple(tuple((s + k) % seats for k in range(seats)) for s in range(seats))


_COPIERS: dict[type, tuple[tuple[str, ...], Callable[[Any], Any]]] = {}


def _as_set(obj: Any, plan: tuple[str, ...]) -> dict[str, Any]:
    """The settings of ``obj`` (a ``Game`` or ``Street``) that the plan's
    fields ``plan`` name, as they are."""
    copier = _COPIERS.get(obj.__class__)
    if copier is None:  # once per class: the names of plan that are its fields
        names = tuple(name for name in plan if name in obj.__dataclass_fields__)
        copier = _COPIERS[obj.__class__] = names, operator.attrgetter(*names)
    names, values = copier
    return dict(zip(names, values(obj), strict=True))


def _drawn_before_dealing(streets: Sequence[Street]) -> int:
    """The most cards one seat's draws take from the stub before a later
    street deals cards (docs/rules.md §9): the stub must still hold those
    cards then, so a deal counts them (a draw after the last cards are
    dealt reshuffles the discards when the stub runs out, and takes none)."""
    dealing = [i for i, s in enumerate(streets) if s.down or s.up or s.board or s.burn]
    held = drawn = 0
    for i, s in enumerate(streets):
        held += s.down + s.up
        if s.draw and dealing and i < dealing[-1]:
            drawn += min(max(s.draw, s.draw_ace or 0), held)
    return drawn


def derive_plan(game: Game) -> Plan:
    """The plan a hand of ``game`` reads, made once by ``Game`` itself: each
    setting the plan names it copies (``name``, ``rules``, ``blinds``,
    ``raise_cap``...), and derives the rest."""
    streets = game.streets
    per_seat = sum(s.down + s.up for s in streets)
    fixed = sum(s.board + (1 if s.burn else 0) for s in streets)
    seat_cards = per_seat + _drawn_before_dealing(streets)
    largest = max(game.blinds, default=0)
    left = len(game.deck) - fixed  # the cards left for the seats
    seats = 0 if left < 0 else min(MAX_SEATS, left // seat_cards) if seat_cards else MAX_SEATS
    return Plan(
        **_as_set(game, _PLAN_COPIES),
        streets=tuple(
            StreetPlan(
                **_as_set(s, _STREET_COPIES),
                betting=s.betting or game.betting,
                exposed=s.first == "exposed",
                raise_cap=game.raise_cap if s.raise_cap is None else s.raise_cap,
            )
            for s in streets
        ),
        largest_blind=largest,
        smallest_bet=game.min_bet if game.min_bet is not None else largest or 1,
        half_bet=game.short_all_in == "half-bet",
        deck_set=frozenset(game.deck),
        deck_is_range=game.deck == tuple(range(len(game.deck))),
        per_seat=per_seat,
        seat_cards=seat_cards,
        fixed=fixed,
        has_draw=any(s.draw for s in streets),
        dealt_later=tuple(
            any(s.down or s.up or s.draw for s in streets[i:]) for i in range(len(streets) + 1)
        ),
        plain_high=game.rules.low is None
        and game.rules.is_natural
        and game.split is None
        and not game.small_hands,
        min_seats=max(2, len(game.blinds), len(game.antes), len(game.posts)),
        max_seats=seats,
    )
