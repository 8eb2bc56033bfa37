"""The observation layout as data: ``Layout(game, seats, window=16)`` names
each section of the float32 vector an environment gives a seat, and
``layout.encode(hand, me)`` is the reference encoder.

Seats are relative to the observer ``me``: block ``r`` is seat
``(me + r) % seats`` (``r = 0`` is ``me``, 1 the seat on its left). A card is
a one-hot at its position in the game's deck (``game._plan.deck``: jokers
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

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from hoyle._whole import whole
from hoyle.betting import Limit
from hoyle.errors import GameError

if TYPE_CHECKING:
    from hoyle.games import Game
    from hoyle.hand import Hand

__all__ = ["KINDS", "MAX_WINDOW", "Layout", "unit"]

#: The kinds of a history record, in the order of their one-hot.
KINDS = ("ante", "blind", "bring-in", "fold", "check", "call", "bet", "raise", "draw")
MAX_WINDOW = 4096
_KIND = {kind: k for k, kind in enumerate(KINDS)}


def unit(game: Game) -> int:
    """The chips of one big blind: the largest blind; without blinds, the
    first street's ``Limit.min`` under a limit; else the smallest bet.

    >>> import hoyle
    >>> unit(hoyle.games.texas_holdem(blinds=(5, 10))), unit(hoyle.games.seven_card_stud())
    (10, 5)
    """
    plan = game._plan
    if plan.largest_blind > 0:
        return plan.largest_blind
    first = plan.streets[0].betting
    if isinstance(first, Limit):
        return first.min
    return plan.smallest_bet


class Layout:
    """The observation layout of ``game`` at a table of ``seats`` with a
    history ``window`` (see the module's table). ``fields`` lists
    ``(name, offset, size)``; ``read(obs)`` cuts an observation into named
    views; ``encode(hand, me)`` writes one (the reference encoder).
    """

    __slots__ = (
        "_pos",
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
        plan = game._plan
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
        self.record = seats + len(KINDS) + 2
        k, n = len(self.deck), seats
        sizes = (
            ("hole", k),
            ("board", k),
            ("up", n * k if self.has_up else 0),
            ("stacks", n),
            ("bets", n),
            ("contributions", n),
            ("pot", 1),
            ("to_call", 1),
            ("active", n),
            ("position", n),
            ("street", self.streets),
            ("drawing", 1),
            ("history", window * self.record),
        )
        fields, offset = [], 0
        for name, size in sizes:
            fields.append((name, offset, size))
            offset += size
        self.fields: tuple[tuple[str, int, int], ...] = tuple(fields)
        self.size = offset
        self._start = {name: off for name, off, _ in fields}
        self._pos = {c: i for i, c in enumerate(self.deck)}

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
        history[:, -1] = max(1, self.game._plan.per_seat)
        return low, high

    def encode(
        self, hand: Hand, me: int, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """Seat ``me``'s observation of ``hand`` (the reference encoder),
        written into ``out`` when given (a float32 array of ``size``)."""
        n = self.seats
        if hand._n != n or (hand._game is not self.game and hand._game != self.game):
            raise GameError(f"this layout is for {self.game.name} with {n} seats, not {hand!r}")
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        elif out.shape != (self.size,) or out.dtype != np.float32:
            raise GameError(f"out must be a float32 array of shape ({self.size},)")
        else:
            out.fill(0.0)
        ones = self._ones(hand, me)
        at, values = self._amounts(hand, me)
        out[ones] = 1.0
        out[at] = values
        return out

    def _ones(self, hand: Hand, me: int) -> list[int]:
        """Where the one-hot entries are 1: the cards, who is in, the position,
        the street, the draw flag, and the history's seats and kinds."""
        n, k, pos, start = self.seats, len(self.deck), self._pos, self._start
        order = hand._ring[me]  # the seats from me going left
        ones = [start["hole"] + pos[c] for c in hand._cards[me]]
        ones += [start["board"] + pos[c] for c in hand._board]
        if self.has_up:
            ones += [start["up"] + r * k + pos[c] for r, s in enumerate(order) for c in hand._up[s]]
        folded = hand._folded
        ones += [start["active"] + r for r, s in enumerate(order) if not folded[s]]
        ones.append(start["position"] + (me - hand._button) % n)
        if not hand.is_over:
            ones.append(start["street"] + hand._street)
        if hand.is_drawing:
            ones.append(start["drawing"])
        slot, record = self._first_slot(hand), self.record
        for _street, seat, kind, *_ in self._window(hand):
            ones += (slot + (seat - me) % n, slot + n + _KIND[kind])
            slot += record
        return ones

    def _window(self, hand: Hand) -> list[tuple[int, int, str, int, int, tuple[int, ...]]]:
        """The records the history section shows, oldest first."""
        history = hand._history
        return history[max(0, len(history) - self.window) :]

    def _first_slot(self, hand: Hand) -> int:
        """Where the oldest record of the window goes (right-aligned)."""
        shown = min(len(hand._history), self.window)
        return self._start["history"] + (self.window - shown) * self.record

    def _amounts(self, hand: Hand, me: int) -> tuple[list[int], list[float]]:
        """The chip entries (in units) and the draw counts: where, and what."""
        start, u = self._start, float(self.unit)
        order = hand._ring[me]
        stacks, bets, contrib = hand._stacks, hand._bets, hand._contrib
        chips = [stacks[s] for s in order] + [bets[s] for s in order]
        chips += [contrib[s] for s in order]
        chips += (sum(contrib), min(max(bets) - bets[me], stacks[me]))
        at = list(range(start["stacks"], start["stacks"] + len(chips)))  # stacks..to_call
        values = [float(x) / u for x in chips]
        slot, record = self._first_slot(hand) + self.record - 2, self.record
        for _street, _seat, kind, amount, total, _cards in self._window(hand):
            if amount:
                at.append(slot)
                values.append(float(amount) / u)
            if kind == "draw":
                at.append(slot + 1)
                values.append(float(total))
            slot += record
        return at, values
