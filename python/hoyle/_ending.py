"""How a hand ends: one path to the payout, one to the ``Settlement``.

``finish`` is the only way a hand ends (``_unshown`` then settles it again
when some seats' cards were never seen: a replayed hand history). It records what each seat shows
(``_shown``: high and low values, None for a folded seat) and pays the
stacks: a natural-high game in one core call (``_core._showdown``:
values, settlement and stacks together), any other from ``values`` and
``settle``. ``settlement`` is built from ``_shown`` when first asked for,
by the one function ``_settle`` (the same call that paid the stacks).
"""

from __future__ import annotations

import operator

from hoyle._core import Settlement, _showdown, settle
from hoyle._hand_state import OVER, HandState
from hoyle.betting import NO_ACTION
from hoyle.errors import GameError
from hoyle.values import values

__all__ = ["Ending"]

Values = list[int | None]
_NOTHING = -1  # the value of a seat that showed nothing: every hand's value is above it


class Ending(HandState):
    __slots__ = ()

    def _finish(self, passed: bool = False) -> None:
        """Ends the hand: shows down, settles and pays. ``passed``: nobody
        opened, so every seat takes its chips back."""
        self._phase = OVER
        self._actor = None
        self._legal = NO_ACTION
        if self._plan.plain_high and not passed:
            # natural high (or one seat left): values, settlement and stacks in one call
            self._stacks, shown = _showdown(
                self._stacks,
                self._contrib,
                self._cards,
                self._board,
                self._folded,
                self._button,
                self._plan.rake,
                self._dead,
            )
            self._shown = (shown, None)
            return
        self._shown = self._values(passed)
        result = self._settlement = self._settle()
        self._stacks = list(map(operator.add, self._stacks, result.payouts))

    def _values(self, passed: bool) -> tuple[Values, Values | None]:
        """The high and low (None: no low ranking) value of each seat's hand."""
        folded, n, plan = self._folded, self._n, self._plan
        if passed:
            return [0] * n, None
        if folded.count(False) == 1:
            return [None if f else 0 for f in folded], None
        rules, play_high, board, cards = plan.rules, plan.high, self._board, self._cards
        split = plan.split  # a split game: its second half is the "low" one
        high: Values = [None] * n
        halves = split is not None or (rules.low is not None and play_high)
        low: Values | None = [None] * n if halves else None
        for s in range(n):
            if not folded[s]:
                high[s], lo = values(rules, play_high, cards[s], board, split=split)
                if low is not None:
                    low[s] = lo
        return high, low

    def _unshown(self, seats: tuple[int, ...]) -> bool:
        """The showdown again, with ``seats`` (live seats whose cards nobody
        saw, as in a hand history) showing nothing: each takes a value below
        every hand's, so it wins no pot (and no half of one) that a seat
        with cards contests, and only the pots it alone contests. Stacks and
        settlement follow. A hand history's replay (``hoyle.history``) calls
        this once the hand is over; pots that only such seats contest, it
        reports as undetermined rather than read a result from here.
        Returns whether the result changed (False when those seats had won
        nothing)."""
        n = self._n
        if self._shown is None or self._unseen:
            raise GameError("only a finished hand, once, has seats that showed nothing")
        if (
            type(seats) is not tuple
            or not seats
            or len(set(seats)) != len(seats)
            or not all(type(s) is int and 0 <= s < n and not self._folded[s] for s in seats)
        ):
            raise GameError(f"seats that showed nothing must be live seats, got {seats!r:.80}")
        high, low = self._shown
        high = list(high)
        low = None if low is None else list(low)
        for s in seats:
            high[s] = _NOTHING
            if low is not None:
                low[s] = None
        self._unseen = seats
        self._shown = (high, low)
        start, put, stacks = self._start, self._contrib, self._stacks
        if all(stacks[s] - start[s] + put[s] == 0 for s in seats):
            # they won nothing (the usual case: a muck that lost): showing
            # nothing changes no result, and the settlement follows ``_shown``
            self._settlement = None
            return False
        result = self._settlement = self._settle()
        self._stacks = [
            start - put + paid
            for start, put, paid in zip(self._start, self._contrib, result.payouts, strict=True)
        ]
        return True

    def _settle(self) -> Settlement:
        """The settlement of a finished hand, from what each seat showed."""
        assert self._shown is not None
        high, low = self._shown
        return settle(
            self._contrib, high, low, button=self._button, rake=self._plan.rake, dead=self._dead
        )

    @property
    def settlement(self) -> Settlement | None:
        """Who received which pot, once the hand is over (None before)."""
        if self._settlement is None and self._shown is not None:
            self._settlement = self._settle()
        return self._settlement
