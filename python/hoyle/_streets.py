"""A hand's progress (docs/rules.md §5-10): the start, each street's cards and
forced bets, passing the turn, and the end of each betting interval."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from hoyle._core import _exposed_key
from hoyle._deal import check_seats, check_stacks, chips, deal_order
from hoyle._ending import Ending
from hoyle._hand_state import BET, DRAWING, OVER
from hoyle._plan import blind_posts, rings
from hoyle._whole import whole
from hoyle.betting import DRAW, MAX_CHIPS, NO_ACTION, Betting, Limit

if TYPE_CHECKING:
    from hoyle.games import Game

__all__ = ["Streets", "finished_hand", "start_hand"]


S = TypeVar("S", bound="Streets")


def start_hand(
    cls: type[S],
    game: Game,
    stacks: Iterable[int],
    button: int,
    seed: int | None,
    deck: Iterable[Any] | str | None,
) -> S:
    """A new hand of ``game``, of class ``cls`` (``Hand`` or a subclass):
    the stacks and button checked, the cards in their order
    (``_deal.deal_order``), every field set, the antes and the first
    street's cards and forced bets posted.

    The one way a hand starts, internal to hoyle (users call
    ``Game.start``, which is this with keywords). What deals many hands
    calls it directly, without ``Game.start``'s keyword call: a hand
    history's replay (``hoyle.history.replay``), an environment's
    ``TableHand`` (``hoyle.env.seeds``) and the replay that undoes a
    failed action or checks a pickle (``_hand_check``). Raises
    ``GameError`` for stacks, a button or a deck the game cannot deal,
    and changes nothing then."""
    plan = game._plan
    try:
        stack = list(stacks)
    except TypeError:
        raise TypeError(
            f"stacks must be a sequence of ints (one stack per seat), got "
            f"{type(stacks).__name__} {stacks!r:.40}"
        ) from None
    if set(map(type, stack)) != {int}:  # (the usual case, all ints, costs one check)
        stack = chips(stack)
    n = len(stack)
    if button.__class__ is not int:  # (the usual case costs no call)
        button = whole(button, "button must be an int seat")
    if not 0 <= button < n or not plan.min_seats <= n <= plan.max_seats:
        check_seats(plan, n, button)
    if min(stack) <= 0 or sum(stack) > MAX_CHIPS:  # (n >= 2: checked above)
        check_stacks(stack)
    h = object.__new__(cls)
    h._deck, h._reseed, h._dealt = deal_order(plan, n, seed, deck)
    h._game = game
    h._plan = plan
    h._n = n
    h._ring = rings(n)
    h._button = button
    h._stacks = stack
    h._start = tuple(stack)
    h._contrib = [0] * n
    h._dead = None
    h._folded = [False] * n
    h._cards = [[] for _ in stack]
    h._up = [[] for _ in stack]
    h._board = []
    h._discards = []
    h._history = []
    h._settlement = None
    h._shown = None
    h._unseen = ()
    h._restubs = ()
    h._room_rake = 0
    h._runouts = ()
    h._house = 0
    h._busy = [1]  # the thread guard's token (``HandState._busy``)
    h._to_draw = []
    h._street = 0
    h._first_street = 0
    h._min_bet = plan.smallest_bet
    # _begin_street sets the interval's state (_bets, _level, _bet,
    # _raises, _voluntary, _betting, _raise_size, _phase, _actor, _legal)
    if plan.ante or plan.antes:
        h._post_antes()
    h._begin_street()
    return h


def finished_hand(cls: type[S], game: Game, stacks: tuple[int, ...], button: int, done: Any) -> S:
    """The finished hand of ``game`` that the core's replay of a hand
    history (``_core._phh_replay``: ``hoyle.history.native``) ended in (or,
    for a partial replay, the hand where its actions stop, a seat to act),
    every field as ``start_hand`` and the actions would leave it, set in one
    step; then ``Ending._finish`` shows down and pays, as at the end of any
    hand (a natural-high hand: its showdown values and stacks from the same
    core call, ``settle::showdown``, made by the core with the replay).
    ``stacks`` are the starting stacks (a tuple, checked by the caller:
    what ``start_hand`` checks), ``done`` the core's tuple.

    The core played the hand with ``Hand``'s rules (``src-rust/table/``);
    ``tests/history/test_native.py`` checks every field against the hand
    the Python path plays."""
    plan = game._plan
    (deck, records, contrib, dead, folded, cards, board, street, bets, level) = done[:10]
    (bet, raises, raise_size, voluntary, _, _, after, rest, _, before, shown, up, actor) = done[10:]
    n = len(stacks)
    h = object.__new__(cls)
    h._deck, h._reseed, h._dealt, h._game, h._plan = rest, 0, deck, game, plan
    h._n, h._ring, h._button, h._start = n, rings(n), button, stacks
    h._contrib, h._dead, h._folded, h._cards = contrib, dead, folded, cards
    h._up, h._board, h._discards, h._history = up, board, [], records
    h._settlement, h._shown, h._unseen = None, None, ()
    h._restubs, h._room_rake, h._runouts, h._house = (), 0, (), 0
    h._busy, h._to_draw, h._street, h._first_street = [1], [], street, 0
    h._min_bet, h._bets, h._level, h._bet = plan.smallest_bet, bets, level, bet
    h._raises, h._raise_size, h._voluntary = raises, raise_size, voluntary
    streets = plan.streets
    h._betting = streets[min(street, len(streets) - 1)].betting
    h._actor = actor
    if actor is not None:  # a partial replay, stopped where its actions end
        h._stacks, h._phase, h._legal = before, BET, None
    elif shown is None:
        h._stacks = before  # before the payout
        h._phase = BET
        h._legal = None
        h._finish()
    else:  # natural high: what ``_finish``'s one core call gives, made by the core already
        h._phase, h._legal, h._stacks, h._shown = OVER, NO_ACTION, after, (shown, None)
    return h


class Streets(Ending):
    """The second layer of a hand: its progress. ``start_hand`` sets every
    field; then each street deals its cards (``_cards``, ``_up``,
    ``_board``, ``_deck``), posts its forced bets (``_stacks``, ``_bets``,
    ``_contrib``, ``_dead``, ``_history``, ``_bet``, ``_raise_size``) and
    opens its interval (``_bets``, ``_level``, ``_bet``, ``_raises``,
    ``_voluntary``, ``_betting``, ``_raise_size``), or its draw
    (``_to_draw``, ``_phase``); passing the turn writes ``_actor`` and
    ``_legal``, and the end of an interval ``_street`` (and the run-out,
    ``_board`` and ``_deck``) before ``Ending._finish``."""

    __slots__ = ()

    def _post_antes(self) -> None:
        """The antes: dead money, never refunded."""
        plan, n, button = self._plan, self._n, self._button
        if plan.ante:
            posts = [((button + k) % n, plan.ante) for k in range(1, n + 1)]
        else:
            first = button if n == 2 else (button + 1) % n
            posts = [((first + k) % n, a) for k, a in enumerate(plan.antes) if a]
        stacks, contrib = self._stacks, self._contrib
        for seat, ante in posts:
            put = min(ante, stacks[seat])
            stacks[seat] -= put
            contrib[seat] += put
            self._history.append((0, seat, "ante", put, 0, ()))
        self._dead = contrib[:]

    def _order(self) -> list[int]:
        """Active seats from the button's left, the button last."""
        n, b, folded = self._n, self._button, self._folded
        return [s for s in [(b + k) % n for k in range(1, n + 1)] if not folded[s]]

    def _begin_street(self) -> None:
        street = self._plan.streets[self._street]
        deck = self._deck
        if street.burn:
            deck.pop()
        rounds = street.down + street.up
        if rounds:
            folded = self._folded  # self._order(), from the ring left of the button:
            order: Sequence[int] = self._ring[self._button + 1 - self._n]
            if True in folded:
                order = [s for s in order if not folded[s]]
            m = len(order)
            dealt = deck[-m * rounds :]  # one card at a time, round after round
            del deck[-m * rounds :]
            dealt.reverse()
            cards, up, down = self._cards, self._up, street.down
            for i, s in enumerate(order):
                mine = dealt[i::m]
                cards[s] += mine
                if street.up:
                    up[s] += mine[down:]
        k = street.board
        if k:
            self._board += deck[: -k - 1 : -1]
            del deck[-k:]
        self._open_interval(street.betting)
        if street.draw:
            self._to_draw = self._order()
            self._phase = DRAWING
            self._actor = self._to_draw[0]
            self._legal = DRAW
            return
        self._begin_betting()

    def _open_interval(self, betting: Betting) -> None:
        """A new betting interval's state: nothing bet, nobody has acted."""
        n = self._n
        self._bets = [0] * n
        self._level = [-1] * n
        self._bet = 0
        self._raises = 0
        self._voluntary = False
        self._betting = betting
        self._raise_size = betting.min if betting.__class__ is Limit else self._min_bet

    def _begin_betting(self) -> None:
        """Posts the interval's forced bets and finds the first seat to act
        (or ends the interval when nobody can)."""
        self._phase = BET
        self._legal = None
        plan = self._plan
        if self._street == 0 and (plan.blinds or plan.posts):
            first = self._post_blinds()
        elif plan.streets[self._street].exposed:
            first = self._first_exposed()
        else:
            first = self._button + 1  # the button's left
        # the first seat from ``first`` going left that owes an answer, or the
        # interval ends: what passing the turn on from the seat before it finds
        self._after(first - 1)

    def _post_blinds(self) -> int:
        """Posts the blinds (and straddles), then the post bets; returns the
        seat left of the last blind (a post does not move the first to act)."""
        plan = self._plan
        stacks, bets, contrib, history = self._stacks, self._bets, self._contrib, self._history
        posts, after = blind_posts(plan.blinds, self._n, self._button)
        for seat, blind in posts:
            stack = stacks[seat]
            put = blind if blind < stack else stack
            stacks[seat] = stack - put
            bets[seat] += put
            contrib[seat] += put
            history.append((0, seat, "blind", put, bets[seat], ()))
        if plan.posts:
            self._post_posts()
            if not plan.blinds:  # posts alone: the button's left opens, as without blinds
                after = (self._button + 1) % self._n
        self._bet = plan.largest_blind
        if self._betting.__class__ is not Limit:
            self._raise_size = max(self._min_bet, self._bet)
        return after

    def _post_posts(self) -> None:
        """The post bets (``Game.posts``), after the blinds. A post of the
        big blind or more is live for the big blind's amount (part of the
        seat's bet: it calls that much, and the seat keeps its option); the
        rest of it, and a post smaller than the big blind, is dead money
        (in the pot, no part of any bet, never refunded: ``_dead``)."""
        plan, n = self._plan, self._n
        stacks, bets, contrib, history = self._stacks, self._bets, self._contrib, self._history
        big = plan.largest_blind
        dead = self._dead[:] if self._dead is not None else [0] * n
        for seat, post in blind_posts(plan.posts, n, self._button)[0]:
            put = min(post, stacks[seat])
            live = min(put, big) if post >= big else 0
            stacks[seat] -= put
            bets[seat] += live
            contrib[seat] += put
            dead[seat] += put - live
            history.append((0, seat, "blind", put, bets[seat], ()))
        if any(dead):
            self._dead = dead

    def _first_exposed(self) -> int:
        """Stud: posts the bring-in on the first interval when the game has
        one (returning the seat on its left), else returns the seat with the
        best exposed hand, the first from the button's left among equals
        (docs/rules.md §10)."""
        plan, up = self._plan, self._up
        order = self._order()
        if self._street == self._first_street and plan.bring_in:
            return self._bring_in(order)
        low = not plan.high
        return max(order, key=lambda s: _exposed_key(up[s], low))

    def _bring_in(self, order: list[int]) -> int:
        """The bring-in seat: the lowest up card (the highest in a low game),
        ties broken by suit. It chooses to bring in or complete
        (docs/rules.md §7), so the returned seat is the first to act; when it
        has no choice (it cannot cover more than the bring-in, or nobody could
        answer a completion) the bring-in is posted for it and the seat on its
        left is returned."""
        plan, up, stacks = self._plan, self._up, self._stacks
        if plan.high:
            seat = min(order, key=lambda s: (up[s][-1] // 4, up[s][-1] & 3))
        else:
            seat = max(order, key=lambda s: ((up[s][-1] // 4 + 1) % 13, up[s][-1] & 3))
        betting = self._betting
        full = betting.min if betting.__class__ is Limit else self._min_bet
        if stacks[seat] > plan.bring_in < full and any(stacks[s] for s in order if s != seat):
            return seat  # the seat's choice: ``legal`` offers both (``_bring_in_legal``)
        self._post_bring_in(seat)
        return (seat + 1) % self._n

    def _post_bring_in(self, seat: int) -> None:
        """Puts in the bring-in for ``seat`` (all it has, when that is less:
        later seats still call the whole bring-in, docs/rules.md §7)."""
        plan = self._plan
        put = min(plan.bring_in, self._stacks[seat])
        self._stacks[seat] -= put
        self._bets[seat] += put
        self._contrib[seat] += put
        self._history.append((self._street, seat, "bring-in", put, put, ()))
        self._bet = plan.bring_in

    def _after(self, p: int) -> None:
        """Pass the turn to the first seat left of ``p`` that owes an answer
        (a seat owing nothing acts only if some other seat could still answer
        it); when none does, the interval ends. A seat short of the bet is
        not asked either when it has matched every live bet and nobody else
        could act: its decision cannot change a chip (a blind posted all in
        for less, docs/rules.md §7). The hot path."""
        self._legal = None
        ring = self._ring[p + 1 - self._n]  # from p's left: a negative index wraps
        level, stacks, folded, bet = self._level, self._stacks, self._folded, self._bet
        for j in ring:
            if level[j] < bet and stacks[j] and not folded[j]:  # still owes an answer
                bets = self._bets
                if bets[j] < bet:
                    if self._raises or bets[j] < max(bets) or self._answerable(j):
                        self._actor = j
                        return
                    break
                for k in ring:
                    if k != j and not folded[k] and stacks[k]:
                        self._actor = j
                        return
                break
        self._actor = None
        self._end_interval()

    def _answerable(self, j: int) -> bool:
        """True when a live seat other than ``j`` still has chips."""
        folded, stacks = self._folded, self._stacks
        return any(not folded[k] and stacks[k] for k in range(self._n) if k != j)

    def _end_interval(self) -> None:
        plan = self._plan
        if plan.opener is not None and self._street == self._first_street and self._bet == 0:
            self._finish(passed=True)
            return
        self._street += 1
        if self._street == len(plan.streets):
            self._finish()
            return
        if not plan.dealt_later[self._street]:
            folded, stacks = self._folded, self._stacks
            can_bet = False  # could two seats still bet? (stops at the second)
            for s in range(self._n):
                if stacks[s] and not folded[s]:
                    if can_bet:
                        break
                    can_bet = True
            else:
                self._run_out()
                return
        self._begin_street()

    def _run_out(self) -> None:
        """Deals the rest of the board when nobody can bet again: the state
        ``_begin_street`` and ``_begin_betting`` would leave, street after
        street, without their work (all-in run-outs are common)."""
        streets = self._plan.streets
        deck, board = self._deck, self._board
        for street in streets[self._street :]:
            if street.burn:
                deck.pop()
            for _ in range(street.board):
                board.append(deck.pop())
        self._open_interval(streets[-1].betting)
        self._phase = BET
        self._legal = None
        self._actor = None
        self._street = len(streets)
        self._finish()
