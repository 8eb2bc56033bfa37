"""Playing a ``ReplayPlan`` through the public ``Hand`` methods, and the
hand's hooks for what a file does that a hand does not (``start_hand``,
``restub``, ``bringing_in``, ``show_nothing``: docs/architecture.md)."""

from __future__ import annotations

from typing import Protocol

from hoyle._deal import restub
from hoyle._ending import show_nothing
from hoyle._hand_view import reader
from hoyle._streets import start_hand
from hoyle._turns import bringing_in
from hoyle.errors import (
    HistoryError,
    HoyleError,
    IllegalActionError,
    UndeterminedError,
    UndeterminedPot,
)
from hoyle.hand import Hand
from hoyle.history.cards import card_text
from hoyle.history.plan import ReplayPlan

__all__ = ["Replay", "settle_unseen"]

# The replay's reads on every action, through the hand's view: one C-level
# attrgetter call each instead of a property call (and, for the bets and the
# seats' cards, the lists themselves, read only, not a tuple copied each time).
_actor_of = reader("actor")
_bets_of = reader("bets")
_cards_of = reader("cards")
_folded_of = reader("folded")


class Replay:
    """One replay of a plan: ``play`` plays the actions and returns the hand
    (``repairs`` lists the folds it supplied), ``check_end`` checks where it ends."""

    __slots__ = ("plan", "repairs", "strict", "texts", "where")

    def __init__(self, plan: ReplayPlan, texts: list[str], where: str, strict: bool) -> None:
        self.plan = plan
        self.texts = texts  # the action lines, for messages
        self.where = where
        self.strict = strict
        self.repairs: list[str] = []

    def play(self) -> Hand:
        """Play every action."""
        plan = self.plan
        try:
            # Game.start, without its keywords
            hand = start_hand(Hand, plan.game, plan.stacks, plan.button, None, plan.deck)
        except HoyleError as err:
            raise HistoryError(f"{self.where}: {err}") from None
        stud = plan.game.bring_in > 0
        for kind, seat, arg, index, street in plan.acts:
            actor = _actor_of(hand)
            if seat != actor or stud:
                actor = self._take_turn(hand, actor, (kind, seat, index, street))
                if actor is None:
                    continue
            try:
                if kind == "f":
                    hand.fold()
                elif kind == "cc":
                    # facing a bet first: then no need to work out ``legal``
                    bets = _bets_of(hand)
                    if bets[actor] >= max(bets) and hand.legal.can_check:
                        hand.check()
                    else:
                        hand.call()
                elif kind == "cbr":
                    lo = hand.legal.min_raise_to  # below it, the rare reading of _capped
                    hand.raise_to(arg if lo is None or arg >= lo else _capped(hand, actor, arg))
                elif kind == "sd":
                    self._draw(hand, index, arg)
                else:
                    raise IllegalActionError("no bring-in in this game")
            except HoyleError as err:  # refused, or settlement's error at the end
                raise self._fail(index, str(err)) from None
        return hand

    def _draw(self, hand: Hand, index: int, discards: list[int]) -> None:
        if index in self.plan.reshuffles:
            self._reshuffle(hand, index, len(discards))
        hand.draw(discards)

    def _reshuffle(self, hand: Hand, index: int, drawn: int) -> None:
        """The draw of line ``index`` empties the stub: hoyle would shuffle
        the discards under it (docs/rules.md §9); they go there in the
        order the file deals them instead. The hand's stub and discards must
        be what the file's are."""
        restub(hand, self.plan.reshuffles[index], drawn)

    def _fail(self, index: int, why: str) -> HistoryError:
        return HistoryError(f"{self.where}: action {index + 1} {self.texts[index]!r}: {why}")

    def _label(self, seat: int) -> str:
        return f"p{self.plan.seat_of.index(seat) + 1}"

    def _take_turn(
        self, hand: Hand, actor: int | None, act: tuple[str, int, int, int]
    ) -> int | None:
        """Bring the hand to the turn of ``act``'s seat (what a stud hand and
        an action out of turn need): the bring-in, the folds the file left
        out. ``act`` is (kind, seat, index, street); ``actor`` the seat to
        act now. None for a ``pb``, posted here (or by the hand, for a seat
        with no choice)."""
        kind, seat, index, _street = act
        if kind == "pb":
            if actor == seat and bringing_in(hand):
                hand.bring_in()
                return None
            forced = [a for a in hand.history if a.kind == "bring-in"]
            if not forced or forced[-1].seat != seat or len(forced) > 1:
                raise self._fail(
                    index,
                    "this player does not bring in "
                    "(the lowest up card brings in, docs/rules.md §10)",
                )
            return None
        while (
            actor is not None
            and seat != actor
            and not self.strict
            and not hand.is_drawing
            and hand.legal.can_fold
            and not _folded_of(hand)[seat]
        ):
            self.repairs.append(f"{self._label(actor)} folds before action {index + 1}")
            hand.fold()
            actor = hand.actor
        if actor is None:
            raise self._fail(index, "the hand is already over")
        if seat != actor:
            raise self._fail(index, f"out of turn, {self._label(actor)} is to act")
        return actor

    def check_end(self, hand: Hand, *, partial: bool) -> None:
        """The hand is over (unless ``partial``), and each seat holds the
        cards the file deals it."""
        where, final = self.where, self.plan.final
        if not hand.is_over and not partial:
            raise HistoryError(
                f"{where}: the actions end before the hand is over "
                f"({self._label(hand.actor)} is to act)"
                if hand.actor is not None
                else f"{where}: the actions end before the hand is over"
            )
        held = _cards_of(hand) if hand.is_over else ()  # (the seats' cards, read only)
        if list(map(tuple, held)) == final:  # every seat's as dealt, the usual case: C loops
            return
        for seat, mine in enumerate(held):
            hole = tuple(mine)
            if hole != final[seat] and sorted(hole) != sorted(final[seat]):
                raise HistoryError(
                    f"{where}: {self._label(seat)} ends with "
                    f"{' '.join(card_text([c]) for c in hole)}; the file deals "
                    f"{' '.join(card_text([c]) for c in sorted(final[seat]))}"
                )


class Seen(Protocol):
    """What ``settle_unseen`` reads of a replay (a ``ReplayPlan``, or the
    native replay's ``Native``)."""

    @property
    def hidden(self) -> tuple[int, ...]: ...
    @property
    def board_hidden(self) -> bool: ...
    @property
    def seat_of(self) -> tuple[int, ...]: ...


def settle_unseen(hand: Hand, plan: Seen, where: str) -> None:
    """Settle a finished hand whose file never shows some live seats' cards.

    The replay dealt those seats placeholder cards (``CardLedger.fill_unknown``);
    they must decide nothing. A seat whose cards are unknown has mucked when
    a seat with known cards contests the same pot (in a high-low game it wins
    neither half), so the hand is settled again with those seats showing
    nothing (the hand's hook ``_ending.show_nothing``). A pot that only such
    seats contest (two or more of them, or any seats at all when a board card
    is unknown) has no result in the file: ``UndeterminedError`` lists those
    pots."""
    folded = _folded_of(hand)
    if folded.count(False) < 2:  # no showdown: ``show_nothing`` would say so (issue 29: cheaper)
        return
    if plan.board_hidden:
        unseen = tuple(s for s, out in enumerate(folded) if not out)
    else:
        unseen = tuple(s for s in plan.hidden if not folded[s])
    # False: no showdown (one seat left, or a draw nobody opened), or they
    # won nothing, so no pot is theirs alone either (one of them would hold
    # a share of it; only a rake of the whole pot could leave it unpaid)
    if not unseen or not show_nothing(hand, unseen):
        return
    settlement = hand.settlement
    assert settlement is not None  # the hand is over
    hidden = set(unseen)
    open_pots = [
        pot for pot in settlement.pots if len(pot.eligible) > 1 and hidden.issuperset(pot.eligible)
    ]
    if not open_pots:
        return
    payouts = list(settlement.payouts)
    for pot in open_pots:
        for s, share in enumerate(pot.shares):
            payouts[s] -= share
    labels = {s: f"p{i + 1}" for i, s in enumerate(plan.seat_of)}
    pots = tuple(UndeterminedPot(pot.amount, tuple(pot.eligible)) for pot in open_pots)
    said = "; ".join(
        f"{pot.amount} chips between {', '.join(labels[s] for s in pot.eligible)}" for pot in pots
    )
    raise UndeterminedError(
        f"{where}: the showdown is undetermined: the file shows the cards of no seat "
        f"that contests {'this pot' if len(pots) == 1 else 'these pots'} ({said})",
        hand=hand,
        pots=pots,
        payouts=tuple(payouts),
    )


def _capped(hand: Hand, seat: int, total: int) -> int:
    """A raise to exactly what the deepest opponent can match, below the
    minimum raise, is read as the minimum raise: the chips come out the
    same once the uncalled part goes back (PokerKit before 0.7.4 wrote
    such raises; ``wsop/2023/43/5/85.phh`` has one)."""
    legal = hand.legal
    lo = legal.min_raise_to
    if lo is None or total >= lo:
        return total
    bets, stacks, active = hand.bets, hand.stacks, hand.active
    reach = max(
        (bets[s] + stacks[s] for s in range(len(bets)) if s != seat and active[s]), default=0
    )
    return lo if total > max(bets) and total >= reach else total
