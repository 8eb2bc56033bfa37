"""``tag_bot``'s chart and play (``hoyle.bots``): the opening, 3-bet, call
and 4-bet ranges of a 6-max hold'em table, the first street by the chart,
the later streets by made-hand strength and draws, and the equity
thresholds it (and ``equity_bot``) plays in every other game."""

from __future__ import annotations

import random

from hoyle._reading import (
    MEDIUM,
    MONSTER,
    STRONG,
    Betting,
    bet_to,
    check_or_call,
    class_of,
    classes,
    draw_level,
    equity_estimate,
    made_level,
)
from hoyle.hand import Hand

__all__ = [
    "CALL_FOUR_BET",
    "CALL_OPEN",
    "CALL_OPEN_BIG_BLIND",
    "CALL_THREE_BET",
    "FOUR_BET",
    "OPEN_RANGES",
    "THREE_BET",
    "THREE_BET_LATE",
    "by_equity",
    "first_street",
    "later_street",
]


#: ``tag_bot``'s first-in raising ranges at a table of six, by position.
OPEN_RANGES = {
    "early": "22+,A9s+,KTs+,QTs+,JTs,T9s,98s,87s,AJo+,KJo+",
    "hijack": "22+,A2s+,K9s+,Q9s+,J9s+,T9s,98s,87s,76s,65s,A9o+,KTo+,QTo+",
    "cutoff": "22+,A2s+,K6s+,Q8s+,J8s+,T8s+,97s+,86s+,75s+,64s+,54s,A7o+,K9o+,Q9o+,J9o+,T9o",
    "button": "22+,A2s+,K2s+,Q5s+,J7s+,T7s+,96s+,85s+,74s+,64s+,53s+,43s,A2o+,K8o+,Q9o+,"
    "J9o+,T9o,98o",
    "small": "22+,A2s+,K5s+,Q7s+,J7s+,T7s+,97s+,86s+,75s+,64s+,54s,A5o+,K9o+,Q9o+,J9o+,T9o",
}
#: Tighter by one step, for raising over limpers.
_TIGHTER = {
    "button": "cutoff",
    "cutoff": "hijack",
    "hijack": "early",
    "small": "hijack",
    "early": "early",
    "big": "hijack",
}
#: 3-bets against any open; against an open from the cutoff, button or small blind also
#: ``THREE_BET_LATE``.
THREE_BET = "QQ+,AKs,AKo"
THREE_BET_LATE = "JJ+,AQs+,AKo,KQs,A5s-A4s"
#: Calls of an open: in position, and in the big blind against a late open.
CALL_OPEN = "JJ-22,AQs-A9s,KQs-KTs,QJs-QTs,J9s+,T9s,98s,87s,76s,AQo-AJo,KQo"
CALL_OPEN_BIG_BLIND = "JJ-22,AQs-A2s,KTs+,QTs+,J9s+,T8s+,97s+,86s+,76s,65s,54s,ATo+,KJo+,QJo"
#: Against a 3-bet: 4-bet these, call those.
FOUR_BET = "KK+,AKs"
CALL_THREE_BET = "QQ-TT,AKo,AQs"
#: Against a 4-bet or more: all in with these, else fold.
CALL_FOUR_BET = "QQ+,AKs,AKo"


def _position_name(read: Betting) -> str:
    n, pos = read.seats, read.position
    if n == 2:
        return "button" if pos == 0 else "big"
    if pos == n - 1:
        return "small"
    if pos == n - 2:
        return "big"
    return {0: "button", 1: "cutoff", 2: "hijack"}.get(pos, "early")


def _in(cls: str, text: str) -> bool:
    return cls in classes(text)


def _raise_or_call(hand: Hand, target: int) -> None:
    legal = hand.legal
    if legal.min_raise_to is None:
        hand.call() if legal.call_amount else hand.check()
        return
    assert legal.max_raise_to is not None
    hand.raise_to(max(legal.min_raise_to, min(legal.max_raise_to, target)))


def _give_up(hand: Hand) -> None:
    """Check if free, else fold (or, where it may not fold, the cheapest move)."""
    legal = hand.legal
    if legal.can_check:
        hand.check()
    elif legal.can_fold:
        hand.fold()
    else:
        check_or_call(hand)


def first_street(  # noqa: PLR0912 (the chart's cases)
    hand: Hand, seat: int, read: Betting
) -> None:
    legal = hand.legal
    a, b = hand.hole(seat)
    cls = class_of(a, b)
    where = _position_name(read)
    big = max(hand.game.blinds) if hand.game.blinds else hand.game.smallest_bet
    stack = hand.stacks[seat] + hand.bets[seat]
    mine = read.first_raises.get(seat, 0)
    if read.raises == 0:  # unopened, or limpers only
        chart = OPEN_RANGES.get(where if not read.callers else _TIGHTER[where])
        if where == "big" and not read.callers:  # everyone folded to the big blind
            chart = None
        if chart is not None and _in(cls, chart):
            size = (5 if where == "button" else 6) * big // 2 + read.callers * big
            if where == "small":
                size = 3 * big
            _raise_or_call(hand, size)
        elif where == "big" and read.callers and _in(cls, OPEN_RANGES["hijack"]):
            _raise_or_call(hand, 4 * big + read.callers * big)
        else:
            _give_up(hand)
        return
    top = max(hand.bets)
    if read.raises == 1:
        opener = read.last_raiser
        assert opener is not None
        late = (hand.button - opener) % read.seats in (0, 1, read.seats - 1) or read.seats <= 3
        out_of_position = where in ("small", "big")
        if _in(cls, THREE_BET) or (late and _in(cls, THREE_BET_LATE)):
            _raise_or_call(hand, top * (4 if out_of_position else 3) + read.callers * top)
        elif (where == "big" and late and _in(cls, CALL_OPEN_BIG_BLIND)) or (
            where != "small" and _in(cls, CALL_OPEN) and legal.call_amount * 10 <= stack
        ):
            hand.call()
        else:
            _give_up(hand)
        return
    if read.raises == 2:
        if _in(cls, FOUR_BET):
            target = top * 23 // 10
            _raise_or_call(hand, stack if target * 5 > stack * 2 else target)
        elif _in(cls, CALL_THREE_BET if mine else "QQ,AKs") and legal.call_amount * 3 <= stack:
            hand.call()
        else:
            _give_up(hand)
        return
    if _in(cls, FOUR_BET):
        _raise_or_call(hand, stack)  # all in
    elif _in(cls, CALL_FOUR_BET) and mine:
        hand.call() if legal.call_amount else hand.check()
    else:
        _give_up(hand)


def later_street(  # noqa: PLR0912 (the cases of a made hand)
    hand: Hand, seat: int, read: Betting, rng: random.Random
) -> None:
    legal = hand.legal
    hole, board = hand.hole(seat), hand.board
    level = made_level(hole, board)
    draw = draw_level(hole, board)
    street = hand.street
    river = len(board) >= 5
    can_raise = legal.min_raise_to is not None
    if legal.can_check or not legal.call_amount:  # nobody has bet on this street
        bet = None
        if level >= STRONG:
            bet = 0.66  # value
        elif read.aggressor == seat and street == 1 and read.opponents <= 2:
            if level == MEDIUM or draw == 2 or rng.random() < 0.6:  # ~ draw
                bet = 0.5  # the continuation bet
        elif read.aggressor == seat and not river and (draw == 2 or level == MEDIUM):
            bet = 0.6  # the second barrel: a draw or a pair that can stand a call
        elif level == MEDIUM and read.opponents == 1 and read.position == 0:
            bet = 0.5  # thin value in position
        if bet is not None and can_raise:
            hand.raise_to(bet_to(hand, seat, bet))
        elif legal.can_check:
            hand.check()
        else:  # first_must_bet
            check_or_call(hand)
        return
    call = legal.call_amount
    odds = call / (hand.pot + call)
    if level == MONSTER:
        if can_raise and read.raises < 3:
            hand.raise_to(bet_to(hand, seat, 0.75))
        else:
            hand.call()
        return
    single = read.raises == 1
    if level == STRONG:
        worth = single or odds <= 0.35
    elif level == MEDIUM:
        worth = single and odds <= (0.25 if river else 0.3)
    else:  # a draw at its price
        price = {2: 0.34 if street == 1 else 0.22, 1: 0.12}.get(draw, -1.0)
        worth = not river and single and odds <= price
    if worth:
        hand.call()
    else:
        _give_up(hand)  # aggression without strength


def by_equity(
    hand: Hand,
    seat: int,
    read: Betting,
    rng: random.Random,
    *,
    raise_at: float,
    margin: float,
) -> None:
    """Equity thresholds: raise when the equity is ``raise_at`` of the way
    from a fair share to 1 (more for each raise already made), call when it
    beats the pot odds by ``margin`` (and 0.02 more each raise), else check
    or fold; first in on the first street, raise or fold."""
    legal = hand.legal
    equity, against = equity_estimate(hand, seat, read, rng)
    fair = 1 / (against + 1)
    first_in = hand.street == 0 and not read.entered and read.raises == 0
    threshold = fair + (1 - fair) * (raise_at / 2 if first_in else raise_at) + 0.05 * read.raises
    call = legal.call_amount
    odds = call / (hand.pot + call) if call else 0.0
    if legal.min_raise_to is not None and equity >= threshold and read.raises < 4:
        hand.raise_to(bet_to(hand, seat, 0.75))
    elif legal.can_check:
        hand.check()
    elif not call:  # first_must_bet: the smallest bet
        check_or_call(hand)
    elif (
        not legal.can_fold  # the stud bring-in
        or (first_in and read.position == read.seats - 1 and equity >= fair + 0.05)
        or (not first_in and equity >= odds + margin + 0.02 * read.raises)
    ):
        hand.call()
    else:
        hand.fold()
