"""How a hand ends: one path to the payout, one to the ``Settlement``.

``finish`` is the only way a hand ends. It records what each seat shows
(``_shown``: high and low values, None for a folded seat) and pays the
stacks: a natural-high game in one core call (``_core._showdown``:
values, settlement and stacks together), any other from ``values`` and
``settle``. ``settlement`` is built from ``_shown`` when first asked for,
by the one function ``_settle`` (the same call that paid the stacks).

A replayed hand history may then change the result through four hooks,
internal to hoyle (``hoyle.history`` calls them; nothing else should):
``run_again`` (a board run more than once, ``hoyle.history.runs``), ``show_nothing``
(live seats whose cards the file never shows), ``add_house_money`` (money
the room put in the main pot, GGPoker's "Cash Drop") and ``take_room_rake`` (a
room's rake, ``SiteRake``). Each keeps what it did in a field
(``_runouts``, ``_unseen``, ``_house``, ``_room_rake``) that ``_settle`` reads and
``_hand_check``'s replay applies again, so a clone, a pickle and an
unpickled hand's check all give the hand the hook left; ``unseen_seats``
reads the first back (a hand history written again).
"""

from __future__ import annotations

import operator

from hoyle._core import Pot, Settlement, _pot, _settlement, _showdown, settle
from hoyle._hand_state import OVER, HandState
from hoyle._plan import Plan
from hoyle.betting import NO_ACTION
from hoyle.errors import GameError, HoyleError
from hoyle.values import values

__all__ = [
    "Ending",
    "add_house_money",
    "house_money",
    "room_raked",
    "run_again",
    "runouts",
    "show_nothing",
    "showdown_refusal",
    "take_room_rake",
    "unseen_seats",
]

Values = list[int | None]
_NOTHING = -1  # the value of a seat that showed nothing: every hand's value is above it


class Ending(HandState):
    """The first layer of a hand: its end. ``_finish`` writes ``_phase``,
    ``_actor``, ``_legal``, ``_shown``, ``_stacks`` and (outside the one
    core call) ``_settlement``; ``_unshown`` (``show_nothing``'s work)
    ``_unseen``, ``_shown``, ``_settlement`` and ``_stacks``; the
    ``settlement`` read fills ``_settlement`` from ``_shown``."""

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

    def _values(self, passed: bool, board: list[int] | None = None) -> tuple[Values, Values | None]:
        """The high and low (None: no low ranking) value of each seat's hand
        (on ``board``: a later run's, else the hand's)."""
        folded, n, plan = self._folded, self._n, self._plan
        if passed:
            return [0] * n, None
        if folded.count(False) == 1:
            return [None if f else 0 for f in folded], None
        rules, play_high, cards = plan.rules, plan.high, self._cards
        board = self._board if board is None else board
        split = plan.split  # a split game: its second half is the "low" one
        high: Values = [None] * n
        halves = split is not None or (rules.low is not None and play_high)
        low: Values | None = [None] * n if halves else None
        for s in range(n):
            if not folded[s]:
                high[s], lo = values(
                    rules, play_high, cards[s], board, split=split, small=plan.small_hands
                )
                if low is not None:
                    low[s] = lo
        return high, low

    def _unshown(self, seats: tuple[int, ...]) -> bool:
        """The showdown again, with ``seats`` (live seats whose cards nobody
        saw, as in a hand history) showing nothing: each takes a value below
        every hand's, so it wins no pot (and no half of one) that a seat
        with cards contests, and only the pots it alone contests. Stacks and
        settlement follow. A hand history's replay calls this once the hand
        is over, through the hook ``show_nothing`` (and ``_hand_check``'s
        replay again); pots that only such seats contest, it reports as
        undetermined rather than read a result from here.
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
        """The settlement of a finished hand, from what each seat showed
        (less a room's rake, when ``take_room_rake`` took one)."""
        assert self._shown is not None
        high, low = self._shown
        result = settle(
            self._contrib, high, low, button=self._button, rake=self._plan.rake, dead=self._dead
        )
        result = housed(result, self._house) if self._house else result
        if self._runouts:  # the board run again: each run settled, the pots shared out
            runs = [result]
            for board in self._runouts:
                high, low = self._values(False, list(board))
                for s in self._unseen:
                    high[s] = _NOTHING
                    if low is not None:
                        low[s] = None
                run = settle(
                    self._contrib,
                    high,
                    low,
                    button=self._button,
                    rake=self._plan.rake,
                    dead=self._dead,
                )
                runs.append(housed(run, self._house) if self._house else run)
            return runs_combined(runs, self._room_rake)
        return room_raked(result, self._room_rake) if self._room_rake else result

    @property
    def settlement(self) -> Settlement | None:
        """Who received which pot, once the hand is over (None before)."""
        if self._settlement is None and self._shown is not None:
            self._settlement = self._settle()
        return self._settlement


def showdown_refusal(plan: Plan, cards: list[list[int]], board: list[int]) -> HoyleError | None:
    """The error the end of a hand of ``plan`` (``Ending._finish``, the one
    scorer a hand has) raises when every seat shows down with ``cards`` (a
    list per seat) and the board is ``board``, or None when it scores them.
    ``Game`` asks this of deals that cover its deck (docs/rules.md §2), so
    a game whose hands could not end is refused when it is made. Reads
    nothing but its arguments."""
    n = len(cards)
    probe = object.__new__(Ending)
    probe._plan, probe._n, probe._button = plan, n, 0
    probe._stacks, probe._contrib, probe._dead = [0] * n, [1] * n, None
    probe._cards, probe._board, probe._folded = cards, board, [False] * n
    probe._settlement, probe._shown, probe._unseen, probe._room_rake = None, None, (), 0
    probe._runouts, probe._house = (), 0
    try:
        probe._finish()
    except HoyleError as err:
        return err
    return None


def show_nothing(hand: Ending, seats: tuple[int, ...]) -> bool:
    """Hook for a hand history's replay (``hoyle.history.replay.settle_unseen``):
    the finished ``hand`` settled again with ``seats``, live seats whose
    cards the file never shows, showing nothing (``Ending._unshown``: they
    win no pot a seat with cards contests). Changes ``_unseen``, ``_shown``
    and, when the result changes, ``_settlement`` and ``_stacks``; returns
    whether the result changed. Returns False and changes nothing when the
    hand had no showdown (one seat left, or a draw nobody opened). Raises
    ``GameError`` for a hand not over, one that has such seats already, or
    ``seats`` that are not distinct live seats. Internal to hoyle."""
    folded, shown = hand._folded, hand._shown
    live = [s for s in range(hand._n) if not folded[s]]
    if len(live) < 2 or shown is None or not any(shown[0][s] for s in live):
        return False
    return hand._unshown(seats)


def unseen_seats(hand: Ending) -> tuple[int, ...]:
    """The seats ``show_nothing`` left showing nothing (() for any other
    hand): what a hand history written back leaves unshown
    (``hoyle.history.writing``). Internal to hoyle."""
    return hand._unseen


def take_room_rake(hand: Ending, chips: int) -> None:
    """Hook for a hand history's replay (``hoyle.history.SiteRake.take``):
    ``chips`` of a room's rake taken from the finished ``hand``'s pots
    (``room_raked``), so that its stacks and settlement are what the room
    paid. Changes ``_room_rake`` (kept: a clone, a pickle and
    ``_hand_check``'s replay take it again), ``_settlement`` and
    ``_stacks``. Raises ``GameError`` for a hand not over, one raked already
    (by its game or a room) or ``chips`` not an int from 1 to what the pots
    hold; changes nothing then. Internal to hoyle."""
    if hand._shown is None:
        raise GameError("only a finished hand pays a room's rake")
    settlement = hand.settlement
    assert settlement is not None  # (the hand is over)
    if hand._room_rake or settlement.rake:
        raise GameError("this hand was raked already")
    raked = settlement._room_raked(chips) if chips.__class__ is int and 0 < chips < 2**64 else None
    if raked is None:
        held = settlement._held
        raise GameError(f"a room's rake must be 1..{held} chips here, got {chips!r:.40}")
    hand._room_rake = chips
    # (what _settle now gives; a board run again shares out the raked pots again)
    result = hand._settlement = hand._settle() if hand._runouts else raked
    hand._stacks = [
        start - put + paid
        for start, put, paid in zip(hand._start, hand._contrib, result.payouts, strict=True)
    ]


def add_house_money(hand: Ending, chips: int) -> None:
    """Hook for a hand history's replay (``hoyle.history.site_rake.add_house``):
    ``chips`` the house put in the finished ``hand``'s main pot (GGPoker's
    "Cash Drop to Pot"), paid to that pot's winners as the engine divides a
    pot (``housed``), before a room's rake comes out of it, and shared out
    among the runs of a board run again. Changes ``_house`` (kept: a clone,
    a pickle and ``_hand_check``'s replay add it again), ``_settlement`` and
    ``_stacks``. Raises ``GameError`` and changes nothing for a hand not
    over, one given house money or raked already, one with no pot, or
    ``chips`` not an int from 1 to 10**18. Internal to hoyle."""
    if hand._shown is None:
        raise GameError("only a finished hand takes the house's money")
    if hand._house or hand._room_rake:
        raise GameError("this hand was given house money or raked already (add it first)")
    if chips.__class__ is not int or not 0 < chips <= 10**18:
        raise GameError(f"the house's money must be 1..10**18 chips, got {chips!r:.40}")
    settlement = hand.settlement
    assert settlement is not None  # (the hand is over)
    if not settlement.pots:
        raise GameError("this hand has no pot for the house's money (every bet went back)")
    hand._house = chips
    result = hand._settlement = hand._settle()
    hand._stacks = [
        start - put + paid
        for start, put, paid in zip(hand._start, hand._contrib, result.payouts, strict=True)
    ]


def house_money(hand: Ending) -> int:
    """The chips ``add_house_money`` put in ``hand``'s main pot (0: none):
    what a hand history written back says (``hoyle.history.writing``).
    Internal to hoyle."""
    return hand._house


def housed(settlement: Settlement, chips: int) -> Settlement:
    """``settlement`` with ``chips`` of the house's money in its main pot,
    which its winners divide again as the engine divides a pot
    (docs/rules.md §4)."""
    main, *rest = settlement.pots
    button = settlement.button
    shares, high_half, low_half = _divided(main, main.amount + chips - main.rake, button)
    pot = _pot(
        main.amount + chips,
        main.rake,
        main.eligible,
        main.high_winners,
        main.low_winners,
        high_half,
        low_half,
        tuple(shares),
    )
    pots = (pot, *rest)
    refunds = settlement.refunds
    payouts = tuple(refunds[s] + sum(p.shares[s] for p in pots) for s in range(len(refunds)))
    return _settlement(payouts, refunds, pots, settlement.rake, button)


def room_raked(settlement: Settlement, chips: int) -> Settlement:
    """``settlement`` less ``chips`` of a room's rake, taken from the pots in
    order (the main pot first, each at most what it holds), each raked pot
    divided again among its winners as the engine divides a pot
    (docs/rules.md §4; the core's ``Settlement::room_raked``)."""
    raked = settlement._room_raked(chips)
    if raked is None:
        raise GameError(f"a room's rake must be 1..{settlement._held} chips here, got {chips}")
    return raked


def _divided(pot: Pot, amount: int, button: int) -> tuple[list[int], int, int]:
    """``amount`` chips divided among ``pot``'s winners as the engine divides
    a pot (docs/rules.md §4: the high half takes the odd chip, tied hands
    share evenly, leftover chips go one each from the button's left): each
    seat's share, the high half and the low half."""
    n = len(pot.shares)
    shares = [0] * n
    if pot.low_winners:
        low_half = amount // 2
        high_half = amount - low_half
    else:
        high_half, low_half = amount, 0
    for winners, half in ((pot.high_winners, high_half), (pot.low_winners, low_half)):
        if not winners:
            continue
        each, odd = divmod(half, len(winners))
        for s in winners:
            shares[s] += each
        for s in sorted(winners, key=lambda s: (s - button - 1) % n)[:odd]:
            shares[s] += 1
    return shares, high_half if pot.high_winners else 0, low_half


def run_again(hand: Ending, boards: tuple[tuple[int, ...], ...]) -> None:
    """Hook for a hand history's replay (``hoyle.history.runs``): the
    finished ``hand``, whose players were all in (or done betting) before
    the board was out, had the rest of its board dealt ``1 + len(boards)``
    times, the hand's own board the first run and ``boards`` the others
    (each a whole board, the same cards as the hand's up to where the
    betting ended, new cards after). Each run settles on its board and each
    pot is shared out by ``runs_combined``. Changes ``_runouts`` (kept: a
    clone, a pickle and ``_hand_check``'s replay run them again),
    ``_settlement`` and ``_stacks``. Raises ``GameError`` and changes nothing
    for a hand not over, one with fewer than two players left, one that
    other hooks changed already, or boards that are not such boards.
    Internal to hoyle."""
    if hand._shown is None:
        raise GameError("only a finished hand runs its board again")
    if hand._runouts or hand._unseen or hand._room_rake:
        raise GameError("this hand's result was changed already (run its board again first)")
    if hand._folded.count(False) < 2:
        raise GameError("one player is left: there is no board to run again")
    board = hand._board
    history = hand._history
    street = history[-1][0] if history else 0
    common = sum(st.board for st in hand._game.streets[: street + 1])
    if common >= len(board):
        raise GameError("the betting went on to the last board card: nothing to run again")
    if type(boards) is not tuple or not 0 < len(boards) < _MAX_RUNS:
        raise GameError(f"a board is run again 1..{_MAX_RUNS - 2} times, got {boards!r:.80}")
    deck = frozenset(hand._game.deck)
    used = set(board)
    for cards in hand._cards:
        used.update(cards)
    for run in boards:
        if (
            type(run) is not tuple
            or len(run) != len(board)
            or list(run[:common]) != board[:common]
            or not all(type(c) is int and c in deck for c in run)
        ):
            raise GameError(
                f"each run's board is {len(board)} cards of the deck, the first {common} "
                f"the hand's: got {run!r:.80}"
            )
        new = run[common:]
        if len(set(new)) != len(new) or not used.isdisjoint(new):
            raise GameError(f"a run deals a card twice: {run!r:.80}")
        used.update(new)
    hand._runouts = boards
    try:
        result = hand._settle()
    except HoyleError:
        hand._runouts = ()
        raise
    hand._settlement = result
    hand._stacks = [
        start - put + paid
        for start, put, paid in zip(hand._start, hand._contrib, result.payouts, strict=True)
    ]


def runouts(hand: Ending) -> tuple[tuple[int, ...], ...]:
    """The later runs' boards ``run_again`` gave ``hand`` (() for a hand run
    once): what a hand history written back says (``hoyle.history.writing``).
    Internal to hoyle."""
    return hand._runouts


#: More runs than a deck could ever deal are refused (a 52-card deck has
#: boards for at most 17 flops: 1 + 16 more).
_MAX_RUNS = 18


def runs_combined(runs: list[Settlement], chips: int) -> Settlement:
    """One settlement of a board run ``len(runs)`` times, each run's
    settlement in ``runs`` (the same pots: they follow from the chips put
    in), less ``chips`` of a room's rake. The rake comes out of the pots
    first (the main pot first, as ``room_raked``); then each pot is cut in
    as many equal parts as there are runs, the odd chips one each to the
    first runs, and run ``j``'s part divided among run ``j``'s winners of
    that pot as the engine divides a pot (docs/rules.md §4). A pot's winners
    are then those of any run, its halves and shares the runs' added up."""
    first = runs[0]
    k, button = len(runs), first.button
    n = len(first.refunds)
    left = chips
    pots = []
    for i, pot in enumerate(first.pots):
        cut = min(left, pot.amount - pot.rake)
        left -= cut
        base, odd = divmod(pot.amount - pot.rake - cut, k)
        shares, high, low = [0] * n, 0, 0
        high_winners: set[int] = set()
        low_winners: set[int] = set()
        for j, run in enumerate(runs):
            mine = run.pots[i]
            if mine.amount != pot.amount or mine.eligible != pot.eligible:
                raise GameError("the runs of a board must settle the same pots")
            part, h, lo = _divided(mine, base + (j < odd), button)
            shares = [a + b for a, b in zip(shares, part, strict=True)]
            high, low = high + h, low + lo
            high_winners.update(mine.high_winners)
            low_winners.update(mine.low_winners)
        pots.append(
            _pot(
                pot.amount,
                pot.rake + cut,
                pot.eligible,
                sorted(high_winners),
                sorted(low_winners),
                high,
                low,
                tuple(shares),
            )
        )
    if left:
        raise GameError(f"a room's rake of {chips} is more than the pots hold")
    refunds = first.refunds
    payouts = tuple(refunds[s] + sum(p.shares[s] for p in pots) for s in range(n))
    return _settlement(payouts, refunds, tuple(pots), first.rake + chips, button)
