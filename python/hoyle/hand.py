"""One hand of poker, from the forced bets to the payout (docs/rules.md §5-10).

A ``Hand`` is started by ``Game.start`` and driven by its actions:
``fold()``, ``check()``, ``call()``, ``raise_to(total)`` (also the first
bet: ``total`` is the seat's whole contribution in this interval),
``bring_in()`` (stud) and ``draw(discards)``. ``actor`` is the seat to act (None once the hand is
over) and ``legal`` says what it may do. An illegal action raises
``IllegalActionError`` and changes nothing.

The hand is built in layers, one concern each: ``_hand_state`` (the
fields, ``clone`` and pickling), ``_ending`` (the one way a hand ends),
``_streets`` (the start, each street's cards and forced bets, passing the
turn), ``_turns`` (``legal``), ``_draws`` (the draw), ``_hand_check``
(replaying the record: undoing a failed action, checking a pickle),
``_hand_show`` (``repr``, ``str``, the notebook and terminal displays,
``hole_cards``) and this module (the public reads and actions). Dealing is ``_deal``; what
the hand knows of its game is the game's ``Plan`` (``_plan``). Inside
hoyle a hand starts through ``_streets.start_hand`` (``Game.start`` is it
with keywords), and what a replayed hand history does that no action does
goes through documented hooks: ``_deal.restub``, ``_turns.bringing_in``,
``_ending.show_nothing``, ``take_room_rake`` and ``unseen_seats``. No
module outside these reads or writes a hand's private fields
(``tests/house/test_architecture.py``).

docs/rules.md §8, table stakes: A has 160, B 110, C 40 (no blinds, no antes,
seat 2 deals, so A acts first). B bets 70, C calls all in for 40, A calls.
The deck deals one card at a time from the button's left, then the board;
A holds aces, B kings, C a pair of sevens:

>>> import hoyle
>>> game = hoyle.games.texas_holdem(blinds=(), min_bet=1)
>>> deck = hoyle.parse_cards("Ac Kh 7c Ad Kd 7d 2c 3h 4s 9c Jd")
>>> hand = game.start([160, 110, 40], button=2, deck=deck)
>>> hand.check(); hand.raise_to(70); hand.call(); hand.call()
>>> hand.contributions
(70, 70, 40)
>>> while not hand.is_over:
...     hand.check()
>>> [(pot.amount, pot.eligible) for pot in hand.settlement.pots]
[(120, (0, 1, 2)), (60, (0, 1))]
>>> hand.stacks
(270, 40, 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from hoyle._draws import Draws
from hoyle._hand_check import check_loaded, restore
from hoyle._hand_show import Shown
from hoyle._hand_state import DRAWING, OVER
from hoyle._turns import busy_error
from hoyle._whole import whole
from hoyle.betting import Limit
from hoyle.errors import GameError, IllegalActionError

if TYPE_CHECKING:
    from hoyle.games import Game

__all__ = ["Action", "Hand"]


class Action(NamedTuple):
    """One record of a hand's history.

    ``kind`` is ``"ante"``, ``"blind"``, ``"bring-in"`` (forced), or
    ``"fold"``, ``"check"``, ``"call"``, ``"bet"``, ``"raise"``, ``"draw"``.
    ``amount`` is the chips this action put in, ``total`` the seat's
    contribution in this interval after it (for a draw, the number of cards
    replaced) and ``cards`` the discards of a draw.
    """

    street: int
    seat: int
    kind: str
    amount: int
    total: int
    cards: tuple[int, ...] = ()


class Hand(Draws, Shown):
    """A hand in progress or finished. Start one with ``Game.start``.

    Every action either happens whole or raises and changes nothing, also
    when it fails late (a settlement the core refuses): the hand is put
    back as it was, played again from its record (``_hand_check``).

    Threads: a ``Hand`` has no lock (the hot path stays lock-free), so it is
    not safe to act on one hand from two threads at once. Reading a hand
    that no thread is acting on (``legal``, ``stacks``, ``hole``, ``history``,
    ``settlement``...) is safe from any number of threads. Distinct hands
    share nothing that changes (a ``Game`` and its plan are frozen; an
    unseeded deal draws from a per-thread generator), so distinct hands in
    distinct threads are independent and a seeded hand plays the same in
    any thread. To hand a hand to another thread, give it a ``clone()``.

    Pickling: a ``Hand`` pickles and deep-copies at every protocol and comes
    back equal (the same state, the same future). Unpickling checks the hand
    against its own record (its deal, stacks and actions): a pickle whose
    cards or chips do not follow from it is refused with ``GameError``.

    The last layer of ``_hand_state.HandState``'s chain. An action writes
    ``_folded`` (fold); ``_level`` (check, call, raise); ``_stacks``,
    ``_bets``, ``_contrib`` (call, raise); ``_bet``, ``_raises``,
    ``_raise_size`` (raise); always ``_voluntary`` and ``_history``; then
    it hands the turn on (``Streets._after``; a draw: ``Draws._replace``).
    ``_undo`` and unpickling write every field, from a replay of the record.
    """

    __slots__ = ()

    def __init__(self) -> None:
        raise TypeError("start a hand with Game.start(stacks, button=..., seed=..., deck=...)")

    # -- reading ----------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game this hand is played under."""
        return self._game

    @property
    def actor(self) -> int | None:
        """The seat to act, or None when the hand is over."""
        return self._actor

    @property
    def is_over(self) -> bool:
        """True once the pot has been settled."""
        return self._phase == OVER

    @property
    def is_drawing(self) -> bool:
        """True while the actor is to draw rather than bet."""
        return self._phase == DRAWING

    @property
    def button(self) -> int:
        return self._button

    @property
    def street(self) -> int:
        """Index of the current street in ``game.streets`` (its length once over)."""
        return self._street

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips in front of each seat (after the payout once the hand is over)."""
        return tuple(self._stacks)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        return self._start

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put into this hand (antes, blinds, bets)."""
        return tuple(self._contrib)

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips each seat has put in during the current betting interval."""
        return tuple(self._bets)

    @property
    def pot(self) -> int:
        """All chips put in so far."""
        return sum(self._contrib)

    @property
    def active(self) -> tuple[bool, ...]:
        """For each seat, True while it has not folded."""
        return tuple(not f for f in self._folded)

    @property
    def board(self) -> tuple[int, ...]:
        """The community cards, as card ids (``board_cards``: as ``Card``s)."""
        return tuple(self._board)

    def hole(self, seat: int) -> tuple[int, ...]:
        """The cards a seat holds, face down and face up, as card ids (the
        fast form bots read; ``hole_cards(seat)`` gives ``Card``s)."""
        if seat.__class__ is not int or not 0 <= seat < self._n:
            seat = self._seat(seat)
        return tuple(self._cards[seat])

    def up(self, seat: int) -> tuple[int, ...]:
        """The seat's face-up cards (stud)."""
        if seat.__class__ is not int or not 0 <= seat < self._n:
            seat = self._seat(seat)
        return tuple(self._up[seat])

    def _seat(self, seat: Any) -> int:
        """``seat`` as a seat of this hand, or the error that says why not."""
        seat = whole(seat, "a seat is an int")
        if not 0 <= seat < self._n:
            raise GameError(f"seat must be 0..{self._n - 1}, got {seat}")
        return int(seat)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every forced bet and action so far, oldest first."""
        make = Action._make
        return tuple(make(record) for record in self._history)

    # -- acting -----------------------------------------------------------------------------

    def _refuse(self, seat: int | None, what: str) -> IllegalActionError:
        p = self._actor
        if p is None:
            return IllegalActionError(f"cannot {what}: the hand is over")
        if seat is not None and seat != p:
            return IllegalActionError(f"seat {seat} cannot {what} out of turn: seat {p} is to act")
        return IllegalActionError(f"seat {p} cannot {what}: it is to draw (legal: draw)")

    def fold(self, *, seat: int | None = None) -> None:
        """Give up the hand and every chip already in the pot."""
        try:
            self._busy.pop()  # the thread guard's token (HandState._busy): held at work
        except IndexError:
            raise busy_error("fold") from None
        try:
            p = self._actor
            if p is None or self._phase or (seat is not None and seat != p):
                raise self._refuse(seat, "fold")
            mine = self._bets[p]
            if self._bet <= mine:
                why = "it brings in or completes" if self._bringing_in() else "nothing to call"
                raise IllegalActionError(
                    f"seat {p} cannot fold: {why} (legal: {self._legal_text()})"
                )
            folded = self._folded
            folded[p] = True
            self._voluntary = True
            self._history.append((self._street, p, "fold", 0, mine, ()))
            try:
                if folded.count(False) == 1:
                    self._finish()
                else:
                    self._after(p)
            except BaseException:
                self._undo()
                raise
        finally:
            self._busy.append(1)

    def check(self, *, seat: int | None = None) -> None:
        """Pass without betting, when nothing is owed."""
        try:
            self._busy.pop()  # the thread guard's token (HandState._busy): held at work
        except IndexError:
            raise busy_error("check") from None
        try:
            p = self._actor
            if p is None or self._phase or (seat is not None and seat != p):
                raise self._refuse(seat, "check")
            legal = self._legal or self.legal
            if not legal.can_check:
                why = (
                    f"{legal.call_amount} to call"
                    if legal.call_amount
                    else "the first bettor must bet in this game"
                )
                raise IllegalActionError(
                    f"seat {p} cannot check: {why} (legal: {legal.describe()})"
                )
            self._level[p] = self._bet
            self._voluntary = True
            self._history.append((self._street, p, "check", 0, self._bets[p], ()))
            try:
                self._after(p)
            except BaseException:
                self._undo()
                raise
        finally:
            self._busy.append(1)

    def call(self, *, seat: int | None = None) -> None:
        """Match the highest bet, or go all in for less."""
        try:
            self._busy.pop()  # the thread guard's token (HandState._busy): held at work
        except IndexError:
            raise busy_error("call") from None
        try:
            p = self._actor
            if p is None or self._phase or (seat is not None and seat != p):
                raise self._refuse(seat, "call")
            bets = self._bets
            bet = self._bet
            amount = bet - bets[p]
            if amount <= 0:
                if self._bringing_in():
                    self._choose_bring_in(p)
                    return
                raise IllegalActionError(
                    f"seat {p} cannot call: nothing to call (legal: {self._legal_text()})"
                )
            stacks = self._stacks
            stack = stacks[p]
            amount = stack if amount > stack else amount  # all in for less
            stacks[p] = stack - amount
            total = bets[p] = bets[p] + amount
            self._contrib[p] += amount
            self._level[p] = bet
            self._voluntary = True
            self._history.append((self._street, p, "call", amount, total, ()))
            try:
                self._after(p)
            except BaseException:
                self._undo()
                raise
        finally:
            self._busy.append(1)

    def bring_in(self, *, seat: int | None = None) -> None:
        """Stud: post the bring-in, the first choice of the seat that owes it
        (the other: complete, ``raise_to``); ``call()`` there does the same.

        >>> import hoyle
        >>> hand = hoyle.games.seven_card_stud().start([100, 100, 100], seed=1)
        >>> hand.legal.describe()
        'bring in 2, complete to 5'
        >>> hand.bring_in()
        """
        try:
            self._busy.pop()  # the thread guard's token (HandState._busy): held at work
        except IndexError:
            raise busy_error("bring in") from None
        try:
            p = self._actor
            if p is None or self._phase or (seat is not None and seat != p):
                raise self._refuse(seat, "bring in")
            self._choose_bring_in(p)
        finally:
            self._busy.append(1)

    def raise_to(self, total: int, *, seat: int | None = None) -> None:
        """Bet or raise so that the seat's contribution in this interval is
        ``total``."""
        try:
            self._busy.pop()  # the thread guard's token (HandState._busy): held at work
        except IndexError:
            raise busy_error("raise") from None
        try:
            p = self._actor
            if p is None or self._phase or (seat is not None and seat != p):
                raise self._refuse(seat, "raise")
            legal = self._legal or self.legal
            if total.__class__ is not int:  # (the usual case costs no call)
                total = whole(total, "raise_to needs an int total of chips")
            lo = legal.min_raise_to
            hi = legal.max_raise_to
            if lo is None or hi is None:
                raise IllegalActionError(
                    f"seat {p} cannot bet or raise now (legal: {legal.describe()})"
                )
            if not lo <= total <= hi:
                raise IllegalActionError(
                    f"seat {p} cannot raise to {total}: the total must be {lo}..{hi} "
                    f"(legal: {legal.describe()})"
                )
            bets = self._bets
            amount = total - bets[p]
            old = self._bet
            if self._betting.__class__ is not Limit and total - old >= self._raise_size:
                self._raise_size = total - old
            self._stacks[p] -= amount
            bets[p] = total
            self._contrib[p] += amount
            self._bet = total
            self._raises += 1
            self._level[p] = total
            self._voluntary = True
            self._history.append(
                (self._street, p, "bet" if old == 0 else "raise", amount, total, ())
            )
            try:
                self._after(p)
            except BaseException:
                self._undo()
                raise
        finally:
            self._busy.append(1)

    def draw(self, discards: Iterable[Any] | str = (), *, seat: int | None = None) -> None:
        """Discard these cards and receive as many new ones (empty: stand pat)."""
        try:
            self._busy.pop()  # the thread guard's token (HandState._busy): held at work
        except IndexError:
            raise busy_error("draw") from None
        try:
            p = self._actor
            if p is None or (seat is not None and seat != p):
                raise self._refuse(seat, "draw")  # (over, or out of turn)
            if self._phase != DRAWING:
                raise IllegalActionError(f"seat {p} cannot draw now (legal: {self._legal_text()})")
            out = self._discards_of(p, discards)
            mark = len(self._history)
            try:
                self._replace(p, out)
            except BaseException:
                self._undo(mark)
                raise
        finally:
            self._busy.append(1)

    def _undo(self, upto: int | None = None) -> None:
        """After an action failed late (say, a settlement the core refused):
        the hand as it was before it, played again from its record. ``upto``:
        the history's length before the action (default: all but the last
        record, the failed action's own)."""
        restore(self, len(self._history) - 1 if upto is None else upto)

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickling: the fields, then the check that they are a hand its
        own record produces (``_hand_check``); ``GameError`` if not."""
        try:
            super().__setstate__(state)
        except (TypeError, ValueError, KeyError, AttributeError) as err:
            if isinstance(err, GameError):
                raise
            raise GameError(f"a pickled Hand with a malformed field: {err}") from None
        check_loaded(self)
