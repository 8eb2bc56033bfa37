"""One hand of poker, from the forced bets to the payout (RULES.md §5-10).

A ``Hand`` is started by ``Game.start`` and driven by its actions:
``fold()``, ``check()``, ``call()``, ``raise_to(total)`` (also the first
bet: ``total`` is the seat's whole contribution in this interval) and
``draw(discards)``. ``actor`` is the seat to act (None once the hand is
over) and ``legal`` says what it may do. An illegal action raises
``IllegalActionError`` and changes nothing.

State is kept in plain lists of ints so that ``clone()`` is a handful of
list copies; the legal-action summary is computed once per decision.

RULES.md §8, table stakes: A has 160, B 110, C 40 (no blinds, no antes,
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

import operator
import os
import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from hoyle._core import (
    Card,
    Settlement,
    _deal,
    _reseed_deals,
    _showdown,
    parse_cards,
    settle,
)
from hoyle.betting import DRAW, NO_ACTION, Betting, Legal, Limit, NoLimit, PotLimit
from hoyle.errors import GameError, IllegalActionError
from hoyle.showdown import values

if TYPE_CHECKING:
    from hoyle.games import Game

__all__ = ["Action", "Hand"]

_BET, _DRAW, _OVER = 0, 1, 2
_tuple_new = tuple.__new__
_RNG = random.Random()
_RINGS: dict[int, tuple[tuple[int, ...], ...]] = {}
MAX_SEATS = 64  # hoyle.settle's limit


def _after_fork() -> None:
    """A forked child must not repeat its parent's unseeded deals."""
    _RNG.seed()
    _reseed_deals()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)


def _rings(n: int) -> tuple[tuple[int, ...], ...]:
    """``_rings(n)[s]``: the seats from ``s`` going left, ``s`` first."""
    rings = _RINGS.get(n)
    if rings is None:
        rings = _RINGS[n] = tuple(tuple((s + k) % n for k in range(n)) for s in range(n))
    return rings  # hoyle's own generator for unseeded hands; never the global one


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


def _card_ids(cards: Iterable[Any] | str) -> list[int]:
    if isinstance(cards, str):
        return [c.id for c in parse_cards(cards)]
    if cards.__class__ is list and all(c.__class__ is int for c in cards):
        return cards[:]
    out: list[int] = []
    for c in cards:
        if isinstance(c, str):
            out.extend(x.id for x in parse_cards(c))
        else:
            out.append(operator.index(c))
    return out


def _exposed_key(cards: list[int], low: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Strength of exposed cards (pairs, trips, quads, then high cards; no
    straights or flushes): larger is better. For a low game, smaller ranks
    and fewer pairs are better, so the key is negated."""
    counts: dict[int, int] = {}
    for c in cards:
        r = c // 4
        if low:
            r = -1 if r == 12 else r
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    ranks = tuple(r for r, _ in groups)
    if low:
        return tuple(-n for n in shape), tuple(-r for r in ranks)
    return shape, ranks


class Hand:
    """A hand in progress or finished. Start one with ``Game.start``."""

    __slots__ = (
        "_actor",
        "_bet",
        "_bets",
        "_betting",
        "_board",
        "_button",
        "_cards",
        "_contrib",
        "_dead",
        "_deck",
        "_discards",
        "_first_street",
        "_folded",
        "_game",
        "_history",
        "_legal",
        "_level",
        "_min_bet",
        "_n",
        "_phase",
        "_raise_size",
        "_raises",
        "_reseed",
        "_ring",
        "_settlement",
        "_shown",
        "_stacks",
        "_start",
        "_street",
        "_to_draw",
        "_up",
        "_voluntary",
    )

    _actor: int | None
    _bet: int
    _bets: list[int]
    _betting: Any
    _board: list[int]
    _button: int
    _cards: list[list[int]]
    _contrib: list[int]
    _dead: list[int] | None
    _deck: list[int]
    _discards: list[int]
    _first_street: int
    _folded: list[bool]
    _game: Game
    _history: list[tuple[int, int, str, int, int, tuple[int, ...]]]
    _legal: Legal | None
    _level: list[int]
    _min_bet: int
    _n: int
    _phase: int
    _raise_size: int
    _raises: int
    _reseed: int
    _ring: tuple[tuple[int, ...], ...]
    _settlement: Settlement | None
    _shown: tuple[list[int | None], list[int | None] | None] | None
    _stacks: list[int]
    _start: tuple[int, ...]
    _street: int
    _to_draw: list[int]
    _up: list[list[int]]
    _voluntary: bool

    def __init__(self) -> None:
        raise TypeError("start a hand with Game.start(stacks, button=..., seed=..., deck=...)")

    # -- starting -------------------------------------------------------------------------

    @classmethod
    def _begin(
        cls,
        game: Game,
        stacks: Iterable[int],
        button: int,
        seed: int | None,
        deck: Iterable[Any] | str | None,
    ) -> Hand:
        chips = list(stacks)
        for i, c in enumerate(chips) if set(map(type, chips)) != {int} else ():
            if c.__class__ is not int:
                if isinstance(c, bool):
                    raise TypeError("stacks must be ints, got a bool")
                chips[i] = operator.index(c)
        n = len(chips)
        if button.__class__ is not int:
            button = operator.index(button)
        if not 0 <= button < n or not game._min_seats <= n <= game._max_seats:
            _check_seats(game, n, button)
        if min(chips) <= 0:
            raise GameError(f"every seat needs chips to start a hand, got stacks {chips}")
        need = n * game._per_seat + game._fixed
        if deck is not None:
            if type(deck) is list and set(map(type, deck)) == {int}:
                order = deck[:]  # card ids already (the usual replay case)
            else:
                order = _card_ids(deck)
            if len(set(order)) != len(order):
                raise GameError("the deck holds a card twice")
            allowed = game._deck_set
            if not allowed.issuperset(order):
                stray = [c for c in order if c not in allowed]
                raise GameError(f"card {Card(stray[0])} is not in {game.name}'s deck")
            if len(order) < need:
                raise GameError(f"the deck has {len(order)} cards; {game.name} deals {need}")
            order.reverse()
            reseed = seed if seed is not None else 0
        elif seed is None:  # one call into the core, from hoyle's own generator
            size = len(game.deck)
            order = _deal(size, size if game._has_draw else need)  # positions in the deck
            if not game._deck_is_range:
                cards = game.deck
                order = [cards[i] for i in order]
            reseed = _RNG.getrandbits(32) if game._has_draw else 0
        else:
            rng = random.Random(seed)
            pool = list(game.deck)
            size = len(pool)
            k = size if game._has_draw else need
            rand = rng.random
            for i in range(k):  # partial Fisher-Yates: pool[:k] is the deal
                j = i + int(rand() * (size - i))
                pool[i], pool[j] = pool[j], pool[i]
            order = pool[:k]
            order.reverse()
            reseed = rng.getrandbits(32) if game._has_draw else 0

        h = object.__new__(cls)
        h._game = game
        h._n = n
        h._ring = _rings(n)
        h._button = button
        h._stacks = chips
        h._start = tuple(chips)
        h._contrib = [0] * n
        h._dead = None
        h._folded = [False] * n
        h._cards = [[] for _ in chips]
        h._up = [[] for _ in chips]
        h._board = []
        h._deck = order
        h._discards = []
        h._reseed = reseed
        h._history = []
        h._settlement = None
        h._shown = None
        h._to_draw = []
        h._street = 0
        h._first_street = 0
        h._min_bet = game._smallest_bet
        # _begin_street sets the interval's state (_bets, _level, _bet,
        # _raises, _voluntary, _betting, _raise_size, _phase, _actor, _legal)
        if game.ante:
            for k in range(1, n + 1):
                seat = (button + k) % n
                put = min(game.ante, chips[seat])
                chips[seat] -= put
                h._contrib[seat] += put
                h._history.append((0, seat, "ante", put, 0, ()))
        elif game.antes:
            first = button if n == 2 else (button + 1) % n
            for k, ante in enumerate(game.antes):
                if ante:
                    seat = (first + k) % n
                    put = min(ante, chips[seat])
                    chips[seat] -= put
                    h._contrib[seat] += put
                    h._history.append((0, seat, "ante", put, 0, ()))
        if game.ante or game.antes:
            h._dead = h._contrib[:]  # antes are dead money: never refunded
        h._begin_street()
        return h

    def _order(self) -> list[int]:
        """Active seats from the button's left, the button last."""
        n, b, folded = self._n, self._button, self._folded
        return [s for s in [(b + k) % n for k in range(1, n + 1)] if not folded[s]]

    def _begin_street(self) -> None:
        game = self._game
        street = game.streets[self._street]
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
        self._open_interval(street.betting or game.betting)
        if street.draw:
            self._to_draw = self._order()
            self._phase = _DRAW
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
        self._phase = _BET
        self._legal = None
        game = self._game
        if self._street == 0 and game.blinds:
            first = self._post_blinds()
        elif game.streets[self._street].first == "exposed":
            first = self._first_exposed()
        else:
            first = self._button + 1  # the button's left
        # the first seat from ``first`` going left that owes an answer, or the
        # interval ends: what passing the turn on from the seat before it finds
        self._after(first - 1)

    def _post_blinds(self) -> int:
        """Posts the blinds (and straddles); returns the seat left of the last."""
        game, n, button = self._game, self._n, self._button
        stacks, bets, contrib, history = self._stacks, self._bets, self._contrib, self._history
        plan = game._blind_plans.get((n, button))
        if plan is None:  # (seat, blind) of every nonzero blind, and the seat after the last
            sb = button if n == 2 else (button + 1) % n
            posts = tuple(((sb + k) % n, b) for k, b in enumerate(game.blinds) if b)
            last = posts[-1][0] if posts else sb
            plan = game._blind_plans[n, button] = (posts, (last + 1) % n)
        for seat, blind in plan[0]:
            stack = stacks[seat]
            put = blind if blind < stack else stack
            stacks[seat] = stack - put
            bets[seat] += put
            contrib[seat] += put
            history.append((0, seat, "blind", put, bets[seat], ()))
        self._bet = game._largest_blind
        if self._betting.__class__ is not Limit:
            self._raise_size = max(self._min_bet, self._bet)
        return plan[1]

    def _first_exposed(self) -> int:
        """Stud: posts the bring-in on the first interval when the game has
        one (returning the seat on its left), else returns the seat with the
        best exposed hand (RULES.md §10)."""
        game, n = self._game, self._n
        stacks, bets, contrib, up = self._stacks, self._bets, self._contrib, self._up
        low = not game.high
        order = self._order()
        if self._street == self._first_street and game.bring_in:
            if low:
                seat = max(order, key=lambda s: ((up[s][-1] // 4 + 1) % 13, up[s][-1] & 3))
            else:
                seat = min(order, key=lambda s: (up[s][-1] // 4, up[s][-1] & 3))
            put = min(game.bring_in, stacks[seat])
            stacks[seat] -= put
            bets[seat] += put
            contrib[seat] += put
            self._history.append((self._street, seat, "bring-in", put, put, ()))
            self._bet = game.bring_in
            return (seat + 1) % n
        best = order[0]
        best_key = _exposed_key(up[best], low)
        for s in order[1:]:
            key = _exposed_key(up[s], low)
            if key > best_key:
                best, best_key = s, key
        return best

    def _end_interval(self) -> None:
        game = self._game
        if game.opener is not None and self._street == self._first_street and self._bet == 0:
            self._finish(passed=True)
            return
        self._street += 1
        streets = game.streets
        if self._street == len(streets):
            self._finish()
            return
        if not game._dealt_later[self._street]:
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
        game = self._game
        streets = game.streets
        deck, board = self._deck, self._board
        for street in streets[self._street :]:
            if street.burn:
                deck.pop()
            for _ in range(street.board):
                board.append(deck.pop())
        self._open_interval(streets[-1].betting or game.betting)
        self._phase = _BET
        self._legal = None
        self._actor = None
        self._street = len(streets)
        self._finish()

    def _finish(self, passed: bool = False) -> None:
        folded, n, game = self._folded, self._n, self._game
        self._phase = _OVER
        self._actor = None
        self._legal = NO_ACTION
        if game._plain_high and not passed:
            # natural high (or one seat left): values, settlement and stacks in one
            # call; the Settlement object is made from ``_shown`` when first asked for
            self._stacks, shown = _showdown(
                self._stacks,
                self._contrib,
                self._cards,
                self._board,
                folded,
                self._button,
                game.rake,
                self._dead,
            )
            self._shown = (shown, None)
            return
        low: list[int | None] | None = None
        if passed:
            high: list[int | None] = [0] * n
        elif folded.count(False) == 1:
            high = [None if f else 0 for f in folded]
        else:
            rules, play_high, board = game.rules, game.high, self._board
            cards = self._cards
            high = [None] * n
            if rules.low is not None and play_high:
                low = [None] * n
            for s in range(n):
                if not folded[s]:
                    h, lo = values(rules, play_high, cards[s], board)
                    high[s] = h
                    if low is not None:
                        low[s] = lo
        self._shown = (high, low)
        result = self._settlement = settle(
            self._contrib, high, low, button=self._button, rake=game.rake, dead=self._dead
        )
        self._stacks = list(map(operator.add, self._stacks, result.payouts))

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
        return self._phase == _OVER

    @property
    def is_drawing(self) -> bool:
        """True while the actor is to draw rather than bet."""
        return self._phase == _DRAW

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
        """The community cards, as card ids."""
        return tuple(self._board)

    def hole(self, seat: int) -> tuple[int, ...]:
        """The cards a seat holds, face down and face up, as card ids."""
        return tuple(self._cards[seat])

    def up(self, seat: int) -> tuple[int, ...]:
        """The seat's face-up cards (stud)."""
        return tuple(self._up[seat])

    @property
    def history(self) -> tuple[Action, ...]:
        """Every forced bet and action so far, oldest first."""
        make = Action._make
        return tuple(make(record) for record in self._history)

    @property
    def settlement(self) -> Settlement | None:
        """Who received which pot, once the hand is over (None before)."""
        if self._settlement is None and self._shown is not None:  # after unpickling
            high, low = self._shown
            self._settlement = settle(
                self._contrib,
                high,
                low,
                button=self._button,
                rake=self._game.rake,
                dead=self._dead,
            )
        return self._settlement

    @property
    def legal(self) -> Legal:
        """What the seat to act may do (nothing once the hand is over)."""
        legal = self._legal
        if legal is not None:
            return legal
        # computed once per decision and cached (the hot path: inline, no helper call)
        p = self._actor
        assert p is not None
        bets, stacks, bet = self._bets, self._stacks, self._bet
        mine = bets[p]
        stack = stacks[p]
        to_call = bet - mine
        if to_call:
            facing, can_check = True, False
            call_amount = to_call if to_call < stack else stack
        else:
            facing, call_amount = False, 0
            can_check = True if self._voluntary or self._street else not self._game.first_must_bet
        answered = self._level[p]  # the bet p last answered, -1 before acting
        if stack > to_call and (
            answered < 0 or bet - answered >= self._raise_size or self._completed(p)
        ):
            game = self._game
            folded = self._folded
            for j in self._ring[p + 1 - self._n]:  # from p's left: could anybody answer?
                if stacks[j] + bets[j] > bet and not folded[j] and j != p:
                    break
            else:
                j = p
            if (
                j != p
                and (game.raise_cap is None or self._raises < game.raise_cap)
                and (bet or game.opener is None or self._may_open(p))
            ):
                betting = self._betting
                all_in = mine + stack
                if betting.__class__ is NoLimit:
                    lo = bet + self._raise_size if bet else self._min_bet
                    legal = self._legal = _tuple_new(
                        Legal,
                        (
                            facing,
                            can_check,
                            call_amount,
                            lo if lo < all_in else all_in,
                            all_in,
                            False,
                        ),
                    )
                    return legal
                if betting.__class__ is Limit:
                    if bet < betting.min:
                        lo, hi = betting.min, betting.max
                    else:
                        lo, hi = bet + betting.min, bet + betting.max
                else:
                    lo = bet + self._raise_size if bet else self._min_bet
                    if betting.__class__ is PotLimit:
                        hi = bet + sum(self._contrib) + to_call
                        if betting.cap is not None and hi > bet + betting.cap:
                            hi = bet + betting.cap
                    else:
                        hi = all_in
                hi = min(hi, all_in)
                lo = min(lo, hi)
                legal = self._legal = _tuple_new(
                    Legal, (facing, can_check, call_amount, lo, hi, False)
                )
                return legal
        legal = self._legal = _tuple_new(Legal, (facing, can_check, call_amount, None, None, False))
        return legal

    def _completed(self, p: int) -> bool:
        """True when, since ``p`` acted facing only a bring-in, the bet was
        completed to the limit's first bet: a full bet that reopens the
        betting, though it adds less than one limit to the bring-in."""
        betting = self._betting
        return betting.__class__ is Limit and self._level[p] < betting.min <= self._bet

    def _may_open(self, p: int) -> bool:
        game = self._game
        if game.opener is None or self._street != self._first_street:
            return True
        return _opens(self._cards[p], game.opener)

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
        p = self._actor
        if p is None or self._phase or (seat is not None and seat != p):
            raise self._refuse(seat, "fold")
        mine = self._bets[p]
        if self._bet <= mine:
            raise IllegalActionError(
                f"seat {p} cannot fold: nothing to call (legal: {self.legal.describe()})"
            )
        folded = self._folded
        folded[p] = True
        self._voluntary = True
        self._history.append((self._street, p, "fold", 0, mine, ()))
        if folded.count(False) == 1:
            self._finish()
        else:
            self._after(p)

    def check(self, *, seat: int | None = None) -> None:
        """Pass without betting, when nothing is owed."""
        p = self._actor
        if p is None or self._phase or (seat is not None and seat != p):
            raise self._refuse(seat, "check")
        legal = self._legal or self.legal
        if not legal[1]:  # can_check
            why = (
                f"{legal.call_amount} to call"
                if legal.call_amount
                else "the first bettor must bet in this game"
            )
            raise IllegalActionError(f"seat {p} cannot check: {why} (legal: {legal.describe()})")
        self._level[p] = self._bet
        self._voluntary = True
        self._history.append((self._street, p, "check", 0, self._bets[p], ()))
        self._after(p)

    def call(self, *, seat: int | None = None) -> None:
        """Match the highest bet, or go all in for less."""
        p = self._actor
        if p is None or self._phase or (seat is not None and seat != p):
            raise self._refuse(seat, "call")
        bets = self._bets
        bet = self._bet
        amount = bet - bets[p]
        if amount <= 0:
            raise IllegalActionError(
                f"seat {p} cannot call: nothing to call (legal: {self.legal.describe()})"
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
        self._after(p)

    def raise_to(self, total: int, *, seat: int | None = None) -> None:
        """Bet or raise so that the seat's contribution in this interval is
        ``total``."""
        p = self._actor
        if p is None or self._phase or (seat is not None and seat != p):
            raise self._refuse(seat, "raise")
        legal = self._legal or self.legal
        if total.__class__ is not int:
            if isinstance(total, bool):
                raise TypeError("raise_to needs an int total, got a bool")
            total = operator.index(total)
        lo = legal[3]  # min_raise_to, max_raise_to
        hi = legal[4]
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
        self._history.append((self._street, p, "bet" if old == 0 else "raise", amount, total, ()))
        self._after(p)

    def _after(self, p: int) -> None:
        """Pass the turn to the first seat left of ``p`` that owes an answer
        (a seat owing nothing acts only if some other seat could still answer
        it); when none does, the interval ends. The hot path."""
        self._legal = None
        ring = self._ring[p + 1 - self._n]  # from p's left: a negative index wraps
        level, stacks, folded, bet = self._level, self._stacks, self._folded, self._bet
        for j in ring:
            if level[j] < bet and stacks[j] and not folded[j]:  # still owes an answer
                if self._bets[j] < bet:
                    self._actor = j
                    return
                for k in ring:
                    if k != j and not folded[k] and stacks[k]:
                        self._actor = j
                        return
                break
        self._actor = None
        self._end_interval()

    def draw(self, discards: Iterable[Any] | str = (), *, seat: int | None = None) -> None:
        """Discard these cards and receive as many new ones (empty: stand pat)."""
        p = self._actor
        if p is None:
            raise IllegalActionError("cannot draw: the hand is over")
        if seat is not None and seat != p:
            raise IllegalActionError(f"seat {seat} cannot draw out of turn: seat {p} is to act")
        if self._phase != _DRAW:
            raise IllegalActionError(f"seat {p} cannot draw now (legal: {self.legal.describe()})")
        try:
            out = _card_ids(discards)
        except (TypeError, ValueError) as err:
            raise IllegalActionError(f"seat {p} cannot draw {discards!r}: {err}") from None
        held = self._cards[p]
        for c in out:
            if c not in held:
                raise IllegalActionError(f"seat {p} cannot discard {Card(c)}: not in its hand")
        if len(set(out)) != len(out):
            raise IllegalActionError(f"seat {p} cannot discard the same card twice")
        street = self._game.streets[self._street]
        limit = street.draw
        kept = [c for c in held if c not in out]
        if street.draw_ace is not None and any(c // 4 == 12 for c in kept):
            limit = max(limit, street.draw_ace)
        if len(out) > limit:
            raise IllegalActionError(
                f"seat {p} cannot draw {len(out)} cards: at most {limit} on this draw"
            )
        if len(out) > len(self._deck) + len(self._discards):
            raise IllegalActionError(f"seat {p} cannot draw {len(out)}: the deck is exhausted")
        deck = self._deck
        if len(out) > len(deck):  # RULES: the discards are shuffled to complete the stub
            pile = self._discards
            random.Random(self._reseed + len(self._history)).shuffle(pile)
            deck[:0] = pile
            self._discards = []
        for c in out:
            held.remove(c)
        for _ in out:
            held.append(deck.pop())
        self._discards.extend(out)
        self._history.append((self._street, p, "draw", 0, len(out), tuple(out)))
        self._to_draw.pop(0)
        if self._to_draw:
            self._actor = self._to_draw[0]
        else:
            self._begin_betting()

    # -- copying ----------------------------------------------------------------------------

    def clone(self) -> Hand:
        """An independent copy: the same state and the same future deal."""
        h = object.__new__(Hand)
        h._game = self._game
        h._n = self._n
        h._ring = self._ring
        h._button = self._button
        h._start = self._start
        h._stacks = self._stacks[:]
        h._contrib = self._contrib[:]
        h._dead = self._dead
        h._bets = self._bets[:]
        h._folded = self._folded[:]
        h._level = self._level[:]
        h._cards = [c[:] for c in self._cards]
        h._up = [c[:] for c in self._up]
        h._board = self._board[:]
        h._deck = self._deck[:]
        h._discards = self._discards[:]
        h._reseed = self._reseed
        h._history = self._history[:]
        h._settlement = self._settlement
        h._shown = self._shown
        h._legal = self._legal
        h._to_draw = self._to_draw[:]
        h._street = self._street
        h._first_street = self._first_street
        h._phase = self._phase
        h._actor = self._actor
        h._bet = self._bet
        h._raise_size = self._raise_size
        h._raises = self._raises
        h._voluntary = self._voluntary
        h._betting = self._betting
        h._min_bet = self._min_bet
        return h

    def __copy__(self) -> Hand:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        return {
            name: getattr(self, name)
            for name in self.__slots__
            if name not in ("_legal", "_settlement")
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._settlement = None
        self._dead = None
        acted = state.get("_acted")
        if acted is not None:  # a pickle of hoyle 0.1.0 before `_level` took `_acted` in
            state = {k: v for k, v in state.items() if k != "_acted"}
            state["_level"] = [
                lv if a else -1 for lv, a in zip(state["_level"], acted, strict=True)
            ]
        for name, value in state.items():
            object.__setattr__(self, name, value)
        if self._phase == _OVER:
            self._legal = NO_ACTION
        elif self._phase == _DRAW:
            self._legal = DRAW
        else:
            self._legal = None

    def __reduce__(self) -> tuple[Any, ...]:
        return (object.__new__, (Hand,), self.__getstate__())

    def __repr__(self) -> str:
        state = "over" if self._actor is None else f"seat {self._actor} to act"
        return (
            f"<Hand {self._game.name}, {self._n} seats, street {self._street}, "
            f"pot {sum(self._contrib)}, {state}>"
        )


def _check_seats(game: Game, n: int, button: int) -> None:
    """Raises the error for a seat count or button ``Game.start`` cannot deal."""
    if n < 2:
        raise GameError(f"a hand needs at least 2 seats, got {n}")
    if n > MAX_SEATS:
        raise GameError(f"a hand has at most {MAX_SEATS} seats, got {n}")
    if not 0 <= button < n:
        raise GameError(f"button must be a seat 0..{n - 1}, got {button}")
    if len(game.blinds) > n:
        raise GameError(f"{len(game.blinds)} blinds need at least as many seats, got {n}")
    if len(game.antes) > n:
        raise GameError(f"{len(game.antes)} antes need at least as many seats, got {n}")
    need = n * game._per_seat + game._fixed
    raise GameError(f"{game.name} deals {need} cards to {n} seats; the deck has {len(game.deck)}")


def _opens(cards: list[int], opener: str) -> bool:
    """Jacks or better (a pair of jacks or any better hand), or with
    ``"jacks-or-four-flush"`` also four cards of one suit."""
    counts: dict[int, int] = {}
    suits = [0, 0, 0, 0]
    for c in cards:
        counts[c // 4] = counts.get(c // 4, 0) + 1
        suits[c & 3] += 1
    if (
        any(n >= 2 for r, n in counts.items() if r >= 9)
        or sum(n >= 2 for n in counts.values()) >= 2
    ):
        return True
    if any(n >= 3 for n in counts.values()):
        return True
    ranks = sorted(counts)
    if len(cards) >= 5 and (max(suits) >= 5 or _straight(ranks)):
        return True
    return opener == "jacks-or-four-flush" and max(suits) >= 4


def _straight(ranks: list[int]) -> bool:
    rs = set(ranks)
    if 12 in rs:
        rs.add(-1)
    return any(all(r + k in rs for k in range(5)) for r in range(-1, 9))
