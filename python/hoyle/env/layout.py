"""The observation layout as data: ``Layout(game, seats, window=16)`` names
each section of the float32 vector an environment gives a seat, and
``layout.encode(hand, me)`` is the reference encoder.

Seats are relative to the observer ``me``: block ``r`` is seat
``(me + r) % seats`` (``r = 0`` is ``me``, 1 the seat on its left). A card is
a one-hot at its position in the game's deck (``game.deck``: jokers
included), ``K`` positions; ``S`` is the number of streets, ``n`` the seats.
Every chip amount is in units of the big blind (``unit(game)``), taken as
``float32(float(chips) / float(unit))``.

=================  ===========  ===============================================
section            size         entries
=================  ===========  ===============================================
``hole``           K            ``me``'s cards, down and up
``board``          K            the community cards
``up``             n*K          each seat's face-up cards, relative order (size
                                0 when no street deals a card face up)
``stacks``         n            stacks
``bets``           n            this interval's bets
``contributions``  n            chips put in this hand
``pot``            1            every chip put in
``to_call``        1            ``min(max(bets) - bets[me], stacks[me])``
``active``         n            1.0 while the seat has not folded
``position``       n            one-hot at ``(me - button) % n`` (0: the button)
``street``         S            one-hot at ``hand.street`` (all 0 once over)
``drawing``        1            1.0 while the seat to act is to draw
``history``        window*(n+11)  the last ``window`` records of ``hand.history``,
                                oldest first, the newest in the last slot
                                (missing slots all 0). A record: the seat,
                                one-hot [n], relative; the kind, one-hot [9]:
                                ante, blind, bring-in, fold, check, call, bet,
                                raise, draw; the amount put in [1]; for a
                                draw the number of cards replaced, else 0 [1]
=================  ===========  ===============================================

The sections, their order and what each size counts are the core's table
(``hoyle._core.LAYOUT_SECTIONS``, from ``src-rust/env``), read here; a
record is ``n + LAYOUT_RECORD_EXTRA`` wide. The reference encoder reads a
hand through its declared view (``hoyle._hand_view``), as the core does.

Face-down cards of other seats are never encoded. A worked example, 3-max
hold'em (blinds 1/2, so the unit is 2 chips), seat 0 on the button:

>>> import hoyle
>>> from hoyle.env import Layout
>>> game = hoyle.games.texas_holdem()
>>> layout = Layout(game, 3, window=4)
>>> [(name, size) for name, _, size in layout.fields][:6]
[('hole', 52), ('board', 52), ('up', 0), ('stacks', 3), ('bets', 3), ('contributions', 3)]
>>> deck = hoyle.parse_cards("As Kd 2c 3h Qs 7d 4c Jh Ts 9d 5s")
>>> hand = game.start([100, 100, 100], button=0, deck=deck)
>>> hand.raise_to(6)  # seat 0, the button, raises to 6
>>> view = layout.read(layout.encode(hand, 1))  # seat 1's view: it posted the small blind
>>> [str(hoyle.Card(int(c))) for c in view["hole"].nonzero()[0]]
['3h', 'As']
>>> view["stacks"].tolist(), view["bets"].tolist(), view["to_call"].tolist()
([49.5, 49.0, 47.0], [0.5, 1.0, 3.0], [2.5])
>>> view["position"].tolist()  # seat 1 is one seat after the button
[0.0, 1.0, 0.0]
>>> view["history"].reshape(4, 14)[-1].tolist()  # seat 0 (relative 2) raised 6 chips
[0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 3.0, 0.0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import numpy.typing as npt

from hoyle._core import LAYOUT_RECORD_EXTRA, LAYOUT_SECTIONS
from hoyle._hand_view import (
    BETS,
    BOARD,
    BUTTON,
    CARDS,
    CONTRIB,
    DRAWING,
    FOLDED,
    GAME,
    HISTORY,
    OVER,
    PHASE,
    RECORD_KINDS,
    STACKS,
    STREET,
    UP,
    N,
    game_plan,
    view,
)
from hoyle._plan import rings
from hoyle._whole import whole
from hoyle.betting import Limit
from hoyle.errors import GameError

if TYPE_CHECKING:
    from hoyle.games import Game
    from hoyle.hand import Hand

__all__ = ["KINDS", "MAX_WINDOW", "Decoded", "Layout", "unit"]

#: The kinds of a history record, in the order of their one-hot (the core's).
KINDS = RECORD_KINDS
MAX_WINDOW = 4096
_KIND = {kind: k for k, kind in enumerate(KINDS)}


def unit(game: Game) -> int:
    """The chips of one big blind: the largest blind; without blinds, the
    first street's ``Limit.min`` under a limit; else the smallest bet.

    >>> import hoyle
    >>> unit(hoyle.games.texas_holdem(blinds=(5, 10))), unit(hoyle.games.seven_card_stud())
    (10, 5)
    """
    plan = game_plan(game)
    if plan.largest_blind > 0:
        return plan.largest_blind
    first = plan.streets[0].betting
    if isinstance(first, Limit):
        return first.min
    return plan.smallest_bet


class Decoded(NamedTuple):
    """One observation read back by ``Layout.decode``: the observer's cards
    (``hole``: down and up) and the board as card ids, in the order of the
    game's deck (an observation keeps no dealing order); each seat's face-up
    cards (``up``, relative order; empty tuples when the game deals none);
    ``hand_class`` of two hole cards of the 52 (``"AKs"``,
    ``hoyle.ranges.hand_class``), else None; ``position`` ``(me - button) %
    n``; ``street`` the street's index (None once the hand is over); and
    ``fields``, every section by name (``Layout.read``'s views, chips in big
    blinds)."""

    hole: tuple[int, ...]
    board: tuple[int, ...]
    up: tuple[tuple[int, ...], ...]
    hand_class: str | None
    position: int
    street: int | None
    fields: dict[str, npt.NDArray[Any]]


class Layout:
    """The observation layout of ``game`` at a table of ``seats`` with a
    history ``window`` (see the module's table). ``fields`` lists
    ``(name, offset, size)``; ``read(obs)`` cuts an observation into named
    views; ``encode(hand, me)`` writes one (the reference encoder).
    """

    __slots__ = (
        "_pos",
        "_ring",
        "_start",
        "deck",
        "fields",
        "game",
        "has_up",
        "record",
        "seats",
        "size",
        "streets",
        "unit",
        "window",
    )

    def __init__(self, game: Game, seats: int, *, window: int = 16) -> None:
        plan = game_plan(game)
        seats = whole(seats, "seats is an int")
        if not plan.min_seats <= seats <= plan.max_seats:
            raise GameError(f"{plan.name} seats {plan.min_seats}..{plan.max_seats}, got {seats}")
        window = whole(window, "window is an int")
        if not 0 <= window <= MAX_WINDOW:
            raise GameError(f"window must be 0..{MAX_WINDOW} records, got {window}")
        self.game = game
        self.seats = seats
        self.deck: tuple[int, ...] = plan.deck
        self.streets = len(plan.streets)
        self.window = window
        self.has_up = any(s.up for s in plan.streets)
        self.unit = unit(game)
        self.record = seats + LAYOUT_RECORD_EXTRA
        k, n = len(self.deck), seats
        entries = {  # what each of the core's section sizes counts
            "card": k,
            "seat card": n * k if self.has_up else 0,
            "seat": n,
            "street": self.streets,
            "one": 1,
            "record": window * self.record,
        }
        fields, offset = [], 0
        for name, per in LAYOUT_SECTIONS:
            fields.append((name, offset, entries[per]))
            offset += entries[per]
        self.fields: tuple[tuple[str, int, int], ...] = tuple(fields)
        self.size = offset
        self._start = {name: off for name, off, _ in fields}
        self._pos = {c: i for i, c in enumerate(self.deck)}
        self._ring = rings(seats)  # [me]: the seats from me going left

    def __repr__(self) -> str:
        return (
            f"Layout({self.game.name}, seats={self.seats}, window={self.window}, size={self.size})"
        )

    def offset(self, name: str) -> int:
        """Where section ``name`` starts."""
        for field, offset, _ in self.fields:
            if field == name:
                return offset
        raise KeyError(name)

    def read(self, obs: npt.NDArray[Any]) -> dict[str, npt.NDArray[Any]]:
        """The sections of ``obs`` (its last axis: one observation ``[D]`` or
        a batch ``[N, D]``) as named views."""
        if obs.shape[-1:] != (self.size,):
            raise GameError(
                f"an observation of this layout has {self.size} entries, got {obs.shape}"
            )
        return {name: obs[..., off : off + size] for name, off, size in self.fields}

    def decode(self, obs: npt.NDArray[Any]) -> Decoded | list[Decoded]:
        """An observation ``[D]`` read back (a ``Decoded``), or each row of
        a batch ``[N, D]`` (a list): the inverse of ``encode`` for the cards,
        the hand class, the position and the street, with every section by
        name. Refuses (``GameError``) what no seat could observe: a card
        section not 0/1, a position not one-hot, more than one street.

        >>> import hoyle
        >>> layout = Layout(hoyle.games.texas_holdem(), 3)
        >>> hand = hoyle.games.texas_holdem().start([100] * 3, button=0, seed=7)
        >>> d = layout.decode(layout.encode(hand, 1))
        >>> [str(hoyle.Card(c)) for c in d.hole], d.hand_class, d.position, d.street
        (['3h', '6c'], '63o', 1, 0)
        >>> d.fields["stacks"].tolist()  # seat 1 posted the small blind, seat 2 the big
        [49.5, 49.0, 50.0]
        """
        obs = np.asarray(obs)
        if obs.ndim == 2 and obs.shape[1] == self.size:
            return [self._decode_one(row) for row in obs]
        if obs.ndim != 1 or obs.shape != (self.size,):
            raise GameError(
                f"an observation of this layout is [{self.size}] or a batch [N, {self.size}],"
                f" got {obs.shape}"
            )
        return self._decode_one(obs)

    def _decode_one(self, obs: npt.NDArray[Any]) -> Decoded:
        fields = self.read(obs)
        deck = self.deck

        def cards(section: npt.NDArray[Any], what: str) -> tuple[int, ...]:
            on = section != 0
            if not np.all(section[on] == 1):
                raise GameError(f"not an observation of this layout: {what} holds values not 0/1")
            return tuple(deck[int(k)] for k in np.flatnonzero(on))

        hole = cards(fields["hole"], "hole")
        board = cards(fields["board"], "board")
        k = len(deck)
        up_section = fields["up"]
        up = tuple(
            cards(up_section[r * k : (r + 1) * k], "up") if up_section.size else ()
            for r in range(self.seats)
        )
        position = np.flatnonzero(fields["position"])
        if position.size != 1 or fields["position"][position[0]] != 1:
            raise GameError("not an observation of this layout: position is not one-hot")
        street = np.flatnonzero(fields["street"])
        if street.size > 1:
            raise GameError("not an observation of this layout: more than one street is set")
        two = len(hole) == 2 and max(hole) < 52
        return Decoded(
            hole=hole,
            board=board,
            up=up,
            hand_class=_hand_class(hole) if two else None,
            position=int(position[0]),
            street=int(street[0]) if street.size else None,
            fields=fields,
        )

    def bounds(self, chips: int) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The least and greatest value of each entry at a table holding
        ``chips`` in all (for a gymnasium ``Box``)."""
        low = np.zeros(self.size, dtype=np.float32)
        high = np.ones(self.size, dtype=np.float32)
        most = np.float32(float(chips) / float(self.unit))
        view = self.read(high)
        for name in ("stacks", "bets", "contributions", "pot", "to_call"):
            view[name][:] = most
        history = view["history"].reshape(self.window, self.record)
        history[:, -2] = most
        history[:, -1] = max(1, game_plan(self.game).per_seat)
        return low, high

    def encode(
        self, hand: Hand, me: int, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """Seat ``me``'s observation of ``hand`` (the reference encoder),
        written into ``out`` when given (a float32 array of ``size``)."""
        n = self.seats
        v = view(hand)
        if v[N] != n or (v[GAME] is not self.game and v[GAME] != self.game):
            raise GameError(f"this layout is for {self.game.name} with {n} seats, not {hand!r}")
        if me.__class__ is not int or not 0 <= me < n:
            me = whole(me, "a seat is an int")
            if not 0 <= me < n:
                raise GameError(f"seat must be 0..{n - 1}, got {me}")
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        elif out.shape != (self.size,) or out.dtype != np.float32:
            raise GameError(f"out must be a float32 array of shape ({self.size},)")
        else:
            out.fill(0.0)
        ones = self._ones(v, me)
        at, values = self._amounts(v, me)
        out[ones] = 1.0
        out[at] = values
        return out

    def _ones(self, v: tuple[Any, ...], me: int) -> list[int]:
        """Where the one-hot entries are 1: the cards, who is in, the position,
        the street, the draw flag, and the history's seats and kinds
        (``v``: the hand's view)."""
        n, k, pos, start = self.seats, len(self.deck), self._pos, self._start
        order = self._ring[me]  # the seats from me going left
        ones = [start["hole"] + pos[c] for c in v[CARDS][me]]
        ones += [start["board"] + pos[c] for c in v[BOARD]]
        if self.has_up:
            up = v[UP]
            ones += [start["up"] + r * k + pos[c] for r, s in enumerate(order) for c in up[s]]
        folded = v[FOLDED]
        ones += [start["active"] + r for r, s in enumerate(order) if not folded[s]]
        ones.append(start["position"] + (me - v[BUTTON]) % n)
        if v[PHASE] != OVER:
            ones.append(start["street"] + v[STREET])
        if v[PHASE] == DRAWING:
            ones.append(start["drawing"])
        history = v[HISTORY]
        slot, record = self._first_slot(history), self.record
        for _street, seat, kind, *_ in self._window(history):
            ones += (slot + (seat - me) % n, slot + n + _KIND[kind])
            slot += record
        return ones

    def _window(
        self, history: list[tuple[int, int, str, int, int, tuple[int, ...]]]
    ) -> list[tuple[int, int, str, int, int, tuple[int, ...]]]:
        """The records the history section shows, oldest first."""
        return history[max(0, len(history) - self.window) :]

    def _first_slot(self, history: list[Any]) -> int:
        """Where the oldest record of the window goes (right-aligned)."""
        shown = min(len(history), self.window)
        return self._start["history"] + (self.window - shown) * self.record

    def _amounts(self, v: tuple[Any, ...], me: int) -> tuple[list[int], list[float]]:
        """The chip entries (in units) and the draw counts: where, and what."""
        start, u = self._start, float(self.unit)
        order = self._ring[me]
        stacks, bets, contrib = v[STACKS], v[BETS], v[CONTRIB]
        chips = [stacks[s] for s in order] + [bets[s] for s in order]
        chips += [contrib[s] for s in order]
        chips += (sum(contrib), min(max(bets) - bets[me], stacks[me]))
        at = list(range(start["stacks"], start["stacks"] + len(chips)))  # stacks..to_call
        values = [float(x) / u for x in chips]
        history = v[HISTORY]
        slot, record = self._first_slot(history) + self.record - 2, self.record
        for _street, _seat, kind, amount, total, _cards in self._window(history):
            if amount:
                at.append(slot)
                values.append(float(amount) / u)
            if kind == "draw":
                at.append(slot + 1)
                values.append(float(total))
            slot += record
        return at, values


def _hand_class(hole: tuple[int, ...]) -> str:
    from hoyle.ranges import hand_class  # (hoyle.ranges imports much: only when asked)

    return hand_class(hole)
