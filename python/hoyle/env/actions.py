"""The action abstraction as data: ``Actions`` maps a small set of indices
onto ``Hand`` calls, and says which of them are legal (the mask).

For a game, the indices are, in this order (``actions.names(game)``):

====================  ========================================================
index                 the ``Hand`` call
====================  ========================================================
0 ``fold``            ``hand.fold()``
1 ``check/call``      ``hand.check()`` when the seat may check, else ``hand.call()``
``min raise``         ``hand.raise_to(legal.min_raise_to)`` (if ``min_raise``)
``raise f pot``       ``hand.raise_to(bet + floor(f * (pot + call)))``, one per fraction
``raise m bb``        ``hand.raise_to(bet + floor(m * unit))``, one per big-blind multiple
``all in``            ``hand.raise_to(legal.max_raise_to)`` (if ``all_in``): the
                      largest legal bet or raise (all in under no limit)
``stand pat``,        draw games only (``discards``): ``2**h`` entries, ``h`` the
``discard 0 2``...    cards a seat holds; entry ``base + bits`` throws
                      ``hand.hole(actor)[k]`` for every bit ``k`` set in ``bits``
====================  ========================================================

``bet`` is the highest bet of the interval (``max(hand.bets)``), ``pot``
every chip put in (``hand.pot``), ``call`` what a full call would add
(``bet - hand.bets[actor]``, even when the seat holds less), ``unit`` the
game's big blind (``hoyle.env.layout.unit``); a product is taken in IEEE
doubles, ``math.floor(f * float(pot + call))``.

The mask: fold iff ``legal.can_fold``; check/call iff the seat may check or
has chips to call (at the stud bring-in's choice it brings in, and a raise
entry completes: docs/rules.md §7); a raise entry iff its total lies in
``legal.min_raise_to..legal.max_raise_to`` and no earlier legal raise entry
has the same total (duplicates are masked); while drawing, only the draw
entries, each iff ``Hand.draw`` would take those cards (at most
``street.draw``, or ``street.draw_ace`` when a card the seat keeps is an ace,
and no more than the deck and the discards hold). Once the hand is over,
nothing is legal.

>>> import hoyle
>>> from hoyle.env import Actions
>>> game = hoyle.games.texas_holdem()
>>> actions = Actions()
>>> actions.names(game)
('fold', 'check/call', 'min raise', 'raise 0.5 pot', 'raise 1 pot', 'all in')
>>> hand = game.start([200] * 3, seed=1)
>>> actions.mask(hand).astype(int).tolist()  # half the pot raises to 4, the min raise
[1, 1, 1, 0, 1, 1]
>>> actions.total(hand, 4)  # the pot is 3, a call 2 more: 2 + floor(1.0 * 5)
7
>>> actions.apply(hand, 4)
>>> hand.history[-1][2:5]
('raise', 7, 7)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from hoyle._hand_view import draw_view, game_plan, reader
from hoyle.env.layout import unit
from hoyle.errors import ActionArrayError, GameError, IllegalActionError

if TYPE_CHECKING:
    from hoyle.games import Game
    from hoyle.hand import Hand

__all__ = ["MAX_DRAW_CARDS", "Actions", "one_action"]

MAX_DRAW_CARDS = 12  # draw games: 2**h draw entries; h above this is refused
_MAX_SIZES = 64  # raise sizes of one kind
_HUGE = 2.0**64  # a product at or past this is past any stack (MAX_CHIPS < 2**64)
_ACE = 12  # card id // 4: the rank of an ace


def _sizes(what: str, values: Any) -> tuple[float, ...]:
    """``values`` as a tuple of finite positive floats (the order kept)."""
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise GameError(f"Actions {what} must be a sequence of numbers > 0, got {values!r:.60}")
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int | float | np.integer | np.floating):
            raise GameError(f"Actions {what} must hold numbers > 0, got {v!r:.40}")
        try:
            f = float(v)
        except OverflowError:  # (an int past any float)
            f = math.inf
        if not (math.isfinite(f) and f > 0):
            raise GameError(f"Actions {what} must hold finite numbers > 0, got {v!r:.40}")
        out.append(f)
        if len(out) > _MAX_SIZES:
            raise GameError(f"Actions {what} holds at most {_MAX_SIZES} sizes")
    return tuple(out)


_chips = reader("bets", "contrib", "actor")


def _stakes(hand: Hand) -> tuple[int, int]:
    """``bet`` and ``pot + call`` (the module's table) for the seat to act."""
    bets, contrib, p = _chips(hand)
    assert p is not None
    bet = max(bets)
    return bet, sum(contrib) + bet - bets[p]


def _total(
    hand: Hand, stakes: tuple[int, int], kind: str, size: float, lo: int, hi: int
) -> int | None:
    """The total of one raise entry for the seat to act (None: past any
    stack); ``stakes`` is ``_stakes(hand)``."""
    if kind == "min":
        return lo
    if kind == "max":
        return hi
    bet, pot_and_call = stakes
    v = size * float(pot_and_call if kind == "pot" else unit(hand.game))
    return bet + math.floor(v) if v < _HUGE else None


def one_action(action: Any) -> None:
    """Refuses an array of one or more dimensions where one action index
    goes (``ActionArrayError``, saying the shape): a scalar, a numpy
    integer or a 0-d array is one action; ``VectorTables.step`` is the call
    that takes an array of them."""
    if isinstance(action, np.ndarray) and action.ndim:
        raise ActionArrayError(
            "one action is an int index (a Python int, a numpy integer or a 0-d array),"
            f" got an array of shape {action.shape} ({action.dtype})"
        )


@dataclass(frozen=True)
class Actions:
    """An action abstraction (see the module's table).

    ``fractions``: raise sizes as fractions of the pot after the call;
    ``big_blinds``: raise sizes as multiples of the unit (the big blind);
    ``min_raise``: the smallest legal bet or raise; ``all_in``: the largest;
    ``discards``: draw games, every set of hole cards to throw. Bad values
    raise ``GameError`` (a ``ValueError``).
    """

    fractions: tuple[float, ...] = (0.5, 1.0)
    big_blinds: tuple[float, ...] = ()
    min_raise: bool = True
    all_in: bool = True
    discards: bool = True
    # the raise entries in index order: ("min" | "pot" | "bb" | "max", size)
    _raises: tuple[tuple[str, float], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        put = object.__setattr__
        put(self, "fractions", _sizes("fractions", self.fractions))
        put(self, "big_blinds", _sizes("big_blinds", self.big_blinds))
        for name in ("min_raise", "all_in", "discards"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise GameError(f"Actions {name} must be True or False, got {value!r:.40}")
        raises = [("min", 0.0)] if self.min_raise else []
        raises += [("pot", f) for f in self.fractions]
        raises += [("bb", m) for m in self.big_blinds]
        raises += [("max", 0.0)] if self.all_in else []
        put(self, "_raises", tuple(raises))

    # -- the indices of a game ------------------------------------------------------------

    def draw_cards(self, game: Game) -> int:
        """``h``, the cards a seat holds in a draw game (``2**h`` draw
        entries), or 0 when there are no draw entries (no draw, or
        ``discards=False``)."""
        plan = game_plan(game)
        if not (self.discards and plan.has_draw):
            return 0
        h = plan.per_seat
        if h > MAX_DRAW_CARDS:
            raise GameError(
                f"{plan.name} deals {h} cards a seat: 2**{h} draw actions is too many "
                f"(at most {MAX_DRAW_CARDS} cards; use Actions(discards=False))"
            )
        return h

    def draw_base(self) -> int:
        """The index of the first draw entry (``stand pat``)."""
        return 2 + len(self._raises)

    def size(self, game: Game) -> int:
        """The number of indices for ``game``."""
        h = self.draw_cards(game)
        return 2 + len(self._raises) + ((1 << h) if h else 0)

    def names(self, game: Game) -> tuple[str, ...]:
        """Each index's name, in order."""
        label = {"min": "min raise", "max": "all in"}
        out = ["fold", "check/call"]
        for kind, size in self._raises:
            out.append(label.get(kind) or f"raise {size:g} {kind}")
        h = self.draw_cards(game)
        for bits in range((1 << h) if h else 0):
            out.append(
                "discard " + " ".join(str(k) for k in range(h) if bits >> k & 1)
                if bits
                else "stand pat"
            )
        return tuple(out)

    # -- a hand's decision ----------------------------------------------------------------

    def totals(self, hand: Hand) -> list[int | None]:
        """The total of each raise entry for the seat to act (None: past any
        stack), in index order from ``min raise``; ``[]`` when the seat
        may not bet or raise."""
        legal = hand.legal
        lo, hi = legal.min_raise_to, legal.max_raise_to
        if lo is None or hi is None:
            return []
        stakes = _stakes(hand)
        return [_total(hand, stakes, kind, size, lo, hi) for kind, size in self._raises]

    def total(self, hand: Hand, index: int) -> int | None:
        """The total of raise entry ``index`` now (None if it is no raise
        entry or the seat may not raise)."""
        k = index - 2
        legal = hand.legal
        lo, hi = legal.min_raise_to, legal.max_raise_to
        if not 0 <= k < len(self._raises) or lo is None or hi is None:
            return None
        kind, size = self._raises[k]
        return _total(hand, _stakes(hand), kind, size, lo, hi)

    def mask(self, hand: Hand, out: npt.NDArray[np.bool_] | None = None) -> npt.NDArray[np.bool_]:
        """Which indices the seat to act may take (the reference mask),
        written into ``out`` when given (a bool array of ``size(game)``)."""
        size = self.size(hand.game)
        if out is None:
            out = np.zeros(size, dtype=np.bool_)
        else:
            if out.shape != (size,):
                raise GameError(f"mask out must have shape ({size},), got {out.shape}")
            out[:] = False
        if hand.actor is None:
            return out
        legal = hand.legal
        if legal.can_draw:
            base = self.draw_base()
            for bits in range(size - base):
                out[base + bits] = self._may_draw(hand, bits)
            return out
        out[0] = legal.can_fold
        out[1] = legal.can_check or legal.call_amount > 0
        lo, hi = legal.min_raise_to, legal.max_raise_to
        if lo is None or hi is None:
            return out
        seen: set[int] = set()
        for k, t in enumerate(self.totals(hand)):
            if t is None or not lo <= t <= hi or t in seen:
                continue
            seen.add(t)
            out[2 + k] = True
        return out

    def _may_draw(self, hand: Hand, bits: int) -> bool:
        """Would ``Hand.draw`` take the cards that ``bits`` names?"""
        p = hand.actor
        assert p is not None
        cards = hand.hole(p)
        if bits >> len(cards):
            return False  # names a card the seat does not hold
        count = bits.bit_count()
        plan, deck, discards = draw_view(hand)
        street = plan.streets[hand.street]
        limit = street.draw
        if street.draw_ace is not None and any(
            c // 4 == _ACE for k, c in enumerate(cards) if not bits >> k & 1
        ):
            limit = max(limit, street.draw_ace)
        return count <= limit and count <= len(deck) + len(discards)

    def thrown(self, hand: Hand, index: int) -> list[int]:
        """The cards draw entry ``index`` throws (by position in the hole)."""
        p = hand.actor
        assert p is not None
        bits = index - self.draw_base()
        return [c for k, c in enumerate(hand.hole(p)) if bits >> k & 1]

    def apply(self, hand: Hand, index: Any) -> None:
        """Take action ``index`` for the seat to act: exactly one ``Hand``
        call (the module's table). A masked, out-of-range or non-int index
        raises ``IllegalActionError`` and changes nothing."""
        legal = self.mask(hand)
        self.act(hand, self.validated(hand, index, legal))

    def validated(self, hand: Hand, index: Any, legal: npt.NDArray[np.bool_]) -> int:
        """``index`` as an int that ``legal`` (the mask) allows, or the
        ``IllegalActionError`` that says why not (``ActionArrayError`` for
        an array of one or more dimensions: one action is a scalar)."""
        if index.__class__ is not int:
            one_action(index)
            if isinstance(index, bool) or not hasattr(type(index), "__index__"):
                raise IllegalActionError(
                    f"an action index is an int, got {type(index).__name__} {index!r:.40}"
                )
            index = int(index.__index__())
        if 0 <= index < len(legal) and legal[index]:
            return int(index)
        names = self.names(hand.game)
        what = f"{index} ({names[index]})" if 0 <= index < len(names) else f"{index}"
        allowed = ", ".join(f"{i} {names[i]}" for i in np.flatnonzero(legal)) or "none"
        raise IllegalActionError(f"action {what} is not legal now (legal: {allowed})")

    def act(self, hand: Hand, index: int) -> None:
        """The ``Hand`` call of an index the mask allows (unchecked here)."""
        if index == 0:
            hand.fold()
        elif index == 1:
            if hand.legal.can_check:
                hand.check()
            else:
                hand.call()
        elif index < self.draw_base():
            t = self.total(hand, index)
            assert t is not None
            hand.raise_to(t)
        else:
            hand.draw(self.thrown(hand, index))
