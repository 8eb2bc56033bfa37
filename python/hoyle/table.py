"""A table that plays hand after hand (docs/rules.md §5, §10): the deal moves one
seat left each hand, stacks carry over, busted players leave, and players
join or leave between hands.

Table seats are fixed numbers ``0..seats-1``; a hand is dealt to the
occupied seats with chips, in table order, so hand seat ``i`` is table seat
``table.in_hand[i]``.

>>> import hoyle
>>> table = hoyle.Table(hoyle.games.texas_holdem(), [100, 100, 100])
>>> hand = table.deal(seed=1)
>>> table.in_hand, hand.button
((0, 1, 2), 0)
>>> while not hand.is_over:
...     hand.fold() if hand.legal.can_fold else hand.check()
>>> table.stacks
(100, 99, 101)
>>> table.leave(1)  # seat 1 leaves with its chips, and a new player sits
99
>>> table.join(1, 50)
>>> table.deal(seed=2).button  # the deal moved one seat left
1
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

from hoyle._plan import MAX_SEATS
from hoyle._whole import whole
from hoyle.betting import MAX_CHIPS, chip_count
from hoyle.errors import GameError
from hoyle.games import Game
from hoyle.hand import Hand

__all__ = ["Table"]


def _check_total(seats: list[int | None]) -> None:
    """The chips at a table are at most what one hand can settle."""
    total = sum(s for s in seats if s)
    if total > MAX_CHIPS:
        raise GameError(f"the table's stacks add up to {total} chips; at most {MAX_CHIPS} in all")


class Table:
    """Seats with stacks (None: empty) playing one game hand after hand."""

    __slots__ = ("_button", "_game", "_hand", "_in_hand", "_seats")

    def __init__(self, game: Game, stacks: Iterable[int | None]) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"a Table plays a Game, got {type(game).__name__}")
        self._game = game
        seats = list(itertools.islice(stacks, MAX_SEATS + 1))
        if len(seats) > MAX_SEATS:
            raise GameError(f"a table has at most {MAX_SEATS} seats")
        self._seats: list[int | None] = [
            None if s is None else chip_count(f"stacks[{i}]", s) for i, s in enumerate(seats)
        ]
        _check_total(self._seats)
        self._button: int | None = None
        self._hand: Hand | None = None
        self._in_hand: tuple[int, ...] = ()

    @property
    def game(self) -> Game:
        """The game the next hands are dealt in; set it between hands (a
        tournament's next blind level)."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self._between_hands("change the game")
        if not isinstance(game, Game):
            raise TypeError(f"a Table plays a Game, got {type(game).__name__}")
        self._game = game

    @property
    def hand(self) -> Hand | None:
        """The current (or last) hand."""
        return self._hand

    @property
    def in_hand(self) -> tuple[int, ...]:
        """Table seats of the current hand's seats, in order."""
        return self._in_hand

    @property
    def button(self) -> int | None:
        """The table seat holding the button (None before the first hand)."""
        return self._button

    @property
    def stacks(self) -> tuple[int | None, ...]:
        """Each table seat's chips (None: empty), counting the current hand
        as it stands (its results once it is over)."""
        self._collect()
        return tuple(self._seats)

    def _collect(self) -> None:
        hand = self._hand
        if hand is None:
            return
        if hand.is_over:
            for seat, chips in zip(self._in_hand, hand.stacks, strict=True):
                self._seats[seat] = chips
            self._hand = None
            return

    def _between_hands(self, what: str) -> None:
        self._collect()
        if self._hand is not None:
            raise GameError(f"cannot {what} during a hand: finish it first")

    def _seat(self, seat: Any, most: int) -> int:
        """``seat`` as a table seat ``0..most - 1``, or the error that says why not."""
        seat = whole(seat, "a seat is an int")
        if not 0 <= seat < most:
            raise GameError(f"seat must be 0..{most - 1}, got {seat}")
        return int(seat)

    def join(self, seat: int, stack: int) -> None:
        """Seat a player with ``stack`` chips in an empty seat (between
        hands). A seat past the last adds seats, up to 64 in all."""
        self._between_hands("join")
        seat = self._seat(seat, MAX_SEATS)
        stack = chip_count("a joining stack", stack)
        if seat < len(self._seats) and self._seats[seat] is not None:
            raise GameError(f"seat {seat} is taken")
        if stack <= 0:
            raise GameError(f"a player joins with chips, got {stack}")
        _check_total([*self._seats, stack])
        if seat >= len(self._seats):
            self._seats.extend([None] * (seat + 1 - len(self._seats)))
        self._seats[seat] = stack

    def leave(self, seat: int) -> int:
        """Empty a seat between hands; returns the chips the player takes."""
        self._between_hands("leave")
        seat = self._seat(seat, len(self._seats))
        chips = self._seats[seat]
        if chips is None:
            raise GameError(f"seat {seat} is empty")
        self._seats[seat] = None
        return chips

    def deal(self, *, seed: int | None = None, deck: Sequence[Any] | str | None = None) -> Hand:
        """Start the next hand among the seats with chips; busted players
        (no chips) are taken out first. The button moves to the next such
        seat to the left."""
        self._between_hands("deal")
        playing = tuple(i for i, chips in enumerate(self._seats) if chips)
        if len(playing) < 2:
            raise GameError(f"a hand needs two players with chips; {len(playing)} seated")
        if self._button is None:
            button = playing[0]
        else:
            later = [s for s in playing if s > self._button]
            button = later[0] if later else playing[0]
        stacks = [self._seats[s] or 0 for s in playing]
        hand = self._game.start(stacks, button=playing.index(button), seed=seed, deck=deck)
        # only once the hand is dealt (a refused deal changes nothing): the
        # button moves and the busted players leave
        self._button = button
        self._seats = [chips or None for chips in self._seats]
        self._hand = hand
        self._in_hand = playing
        return hand

    def __repr__(self) -> str:
        return f"Table({self._game.name}, stacks={list(self.stacks)})"
