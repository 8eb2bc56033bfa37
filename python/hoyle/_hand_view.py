"""A hand read from outside its own modules: the one declared *view* of its
state, and the facts a ``Hand`` shares with the core (the record kinds).

The core declares the view (``src-rust/hand.rs``): ``HAND_VIEW_FIELDS``
names ``HandState``'s fields less the underscore, in order, and
``view(hand)`` returns them as one tuple in that order (one C-level
``operator.attrgetter`` call; the core's ``_observe`` calls it too and
indexes the tuple by the same positions). The positions are the constants
below (``STACKS``, ``ACTOR``...). ``draw_view(hand)`` gives the
``HAND_DRAW_FIELDS`` a drawing seat's decision reads besides. Every name is
checked against ``HandState``'s declared fields when this module loads, so
renaming a field fails on import, not at run time. ``hoyle.env`` reads a
hand through these (or its public reads), never by its private names.

Lists in a view are the hand's own: read them, never change them.

>>> import hoyle
>>> hand = hoyle.games.texas_holdem().start([100, 100, 100], button=0, seed=1)
>>> v = view(hand)
>>> v[STACKS], v[BETS], v[ACTOR], v[PHASE] == BET
([100, 99, 98], [0, 1, 2], 0, True)
>>> [a[2] for a in v[HISTORY]]
['blind', 'blind']
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final, TypeVar

from hoyle._core import FORCED_KINDS, HAND_DRAW_FIELDS, HAND_VIEW_FIELDS
from hoyle._core import RECORD_KINDS as _CORE_KINDS
from hoyle._hand_state import BET, DRAWING, OVER, HandState

if TYPE_CHECKING:
    from hoyle._plan import Plan
    from hoyle.games import Game

__all__ = [
    "ACTIONS",
    "BET",
    "DRAWING",
    "FORCED",
    "OVER",
    "RECORD_KINDS",
    "draw_view",
    "game_plan",
    "kind_table",
    "kinds",
    "reader",
    "view",
]

_T = TypeVar("_T")


def _getter(fields: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """``attrgetter`` of ``fields`` as ``HandState`` names them (each checked)."""
    names = tuple("_" + f for f in fields)
    missing = [name for name in names if name not in HandState.__slots__]
    if missing:
        raise ImportError(f"the core's hand view names fields HandState lacks: {missing}")
    return operator.attrgetter(*names)


#: ``view(hand)``: the hand's fields in the order of ``HAND_VIEW_FIELDS``.
view: Final = _getter(HAND_VIEW_FIELDS)
#: ``draw_view(hand)``: the fields of ``HAND_DRAW_FIELDS`` (plan, deck, discards).
draw_view: Final = _getter(HAND_DRAW_FIELDS)

_at = HAND_VIEW_FIELDS.index
# the view's positions (a name the core does not declare fails here, on import)
GAME: Final = _at("game")
N: Final = _at("n")  # seats
CARDS: Final = _at("cards")  # each seat's cards, down and up: list[list[int]]
UP: Final = _at("up")  # each seat's face-up cards
BOARD: Final = _at("board")
STACKS: Final = _at("stacks")
BETS: Final = _at("bets")  # this interval's
CONTRIB: Final = _at("contrib")  # this hand's
FOLDED: Final = _at("folded")
HISTORY: Final = _at("history")  # the records: (street, seat, kind, amount, total, cards)
STREET: Final = _at("street")
PHASE: Final = _at("phase")  # BET, DRAWING or OVER
ACTOR: Final = _at("actor")  # None once over
BUTTON: Final = _at("button")
LEGAL: Final = _at("legal")  # the cache of Hand.legal: None until worked out
del _at


def reader(*fields: str) -> Callable[[Any], Any]:
    """``attrgetter`` of some of the view's fields (each checked to be one
    the core declares): a cheaper read of a few fields on a hot path.

    >>> import hoyle
    >>> hand = hoyle.games.texas_holdem().start([100, 100], button=0, seed=1)
    >>> reader("bets", "actor")(hand)
    ([1, 2], 0)
    """
    unknown = [f for f in fields if f not in HAND_VIEW_FIELDS]
    if unknown:
        raise ValueError(f"not fields of the hand's view: {unknown}")
    return _getter(fields)


#: The kinds of a history record, in the core's order (the observation's
#: one-hot): interned, so the hand's literals are the same objects.
RECORD_KINDS: Final[tuple[str, ...]] = tuple(sys.intern(k) for k in _CORE_KINDS)
#: The kinds the hand posts itself (ante, blind, bring-in).
FORCED: Final = frozenset(RECORD_KINDS[:FORCED_KINDS])
#: The kinds of a seat's actions (fold, check, call, bet, raise, draw).
ACTIONS: Final = frozenset(RECORD_KINDS[FORCED_KINDS:])


def kinds(*names: str) -> frozenset[str]:
    """The record kinds ``names`` as a set, each checked against the core's
    list (a misspelt kind fails on import, where the set is made).

    >>> sorted(kinds("bet", "raise"))
    ['bet', 'raise']
    """
    unknown = [name for name in names if name not in RECORD_KINDS]
    if unknown:
        raise ValueError(f"not record kinds: {unknown} (the kinds are {RECORD_KINDS})")
    return frozenset(sys.intern(name) for name in names)


def kind_table(table: Mapping[str, _T]) -> dict[str, _T]:
    """``table``, keyed by record kinds, each checked (as ``kinds``)."""
    kinds(*table)
    return {sys.intern(kind): value for kind, value in table.items()}


def game_plan(game: Game) -> Plan:
    """The ``Plan`` of ``game``: its settings as a hand reads them (docs/architecture.md)."""
    return game._plan
