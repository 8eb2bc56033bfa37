"""Bots: players for ``hoyle play``, for tests and for the environments of
``hoyle.env``. A bot is any callable ``bot(hand, rng) -> None`` (the
:class:`Bot` protocol) that makes exactly one legal action on ``hand`` for
``hand.actor`` (a ``Hand`` method: ``fold``, ``check``, ``call``,
``raise_to`` or ``draw``) and returns; ``rng`` is a ``random.Random`` the
caller seeds, for a bot that wants chance. A policy over observations,
``policy(observation, mask) -> int``, becomes a bot with
``hoyle.env.policy_bot(policy)``.

The built-in ones:

* ``random_bot``: a uniformly random kind of action (fold, check or call,
  bet or raise), a random size.
* ``loose_bot``: calls almost anything, raises now and then.
* ``tight_bot``: plays only strong cards (a pair, or two high cards, or a
  made hand after the flop), raising them; folds the rest.
* ``station_bot``: a calling station: checks when it can, else calls;
  never folds, never raises.

>>> import random, hoyle
>>> hand = hoyle.games.texas_holdem().start([100] * 3, seed=3)
>>> rng = random.Random(0)
>>> while not hand.is_over:
...     loose_bot(hand, rng)
>>> sum(hand.stacks)
300
"""

from __future__ import annotations

import random
from typing import Protocol

from hoyle import _reading
from hoyle.hand import Hand

__all__ = [
    "BOTS",
    "Bot",
    "equity_bot",
    "loose_bot",
    "random_bot",
    "station_bot",
    "tag_bot",
    "tight_bot",
]


class Bot(Protocol):
    """A player: called when ``hand.actor`` is its seat, it makes exactly
    one legal action on ``hand`` and returns None. Any function of two
    positional arguments fits; this one checks or calls to the showdown:

    >>> from hoyle import games
    >>> def caller(hand: Hand, rng: random.Random) -> None:
    ...     hand.check() if hand.legal.can_check else hand.call()
    >>> bot: Bot = caller
    >>> hand = games.texas_holdem().start([100, 100], seed=1)
    >>> while not hand.is_over:
    ...     bot(hand, random.Random(0))
    >>> len(hand.board), sum(hand.stacks)
    (5, 200)
    """

    def __call__(self, hand: Hand, rng: random.Random, /) -> None:
        """Make one legal action for ``hand.actor``."""


def _check_or_call(hand: Hand) -> None:
    """Check, else call; when the seat must bet (``first_must_bet``), the
    smallest bet."""
    legal = hand.legal
    if legal.can_check:
        hand.check()
    elif legal.call_amount or legal.min_raise_to is None:
        hand.call()
    else:
        hand.raise_to(legal.min_raise_to)


def _passive(hand: Hand) -> None:
    if hand.legal.can_draw:
        hand.draw(())
    else:
        _check_or_call(hand)


def _most_to_draw(hand: Hand) -> int:
    """The most cards this draw may replace (at most 3, the usual draw)."""
    return min(3, hand.game.streets[hand.street].draw)


def _draw_keep_pairs(hand: Hand) -> None:
    seat = hand.actor
    assert seat is not None
    cards = hand.hole(seat)
    ranks = [c // 4 for c in cards]
    keep = [c for c in cards if ranks.count(c // 4) > 1]
    discards = [c for c in cards if c not in keep]
    hand.draw(discards[: _most_to_draw(hand)])


def random_bot(hand: Hand, rng: random.Random) -> None:
    """Uniform over the kinds of legal action; a raise is the minimum half
    the time, otherwise uniform up to the maximum."""
    legal = hand.legal
    if legal.can_draw:
        seat = hand.actor
        assert seat is not None
        cards = list(hand.hole(seat))
        rng.shuffle(cards)
        hand.draw(cards[: rng.randint(0, min(_most_to_draw(hand), len(cards)))])
        return
    kinds = 2 if legal.min_raise_to is None else 3
    pick = int(rng.random() * kinds)
    if pick == 2:
        lo, hi = legal.min_raise_to, legal.max_raise_to
        assert lo is not None
        assert hi is not None
        hand.raise_to(lo if rng.random() < 0.5 else rng.randint(lo, hi))
    elif pick == 1 or not legal.can_fold:
        _check_or_call(hand)
    else:
        hand.fold()


def loose_bot(hand: Hand, rng: random.Random) -> None:
    """Calls nearly everything; raises one time in five."""
    legal = hand.legal
    if legal.can_draw:
        _draw_keep_pairs(hand)
    elif legal.min_raise_to is not None and rng.random() < 0.2:
        hand.raise_to(legal.min_raise_to)
    else:
        _passive(hand)


def _strength(hand: Hand, seat: int) -> int:
    """0 weak, 1 playable, 2 strong: by pairs and high cards."""
    cards = list(hand.hole(seat)) + list(hand.board)
    ranks = [c // 4 for c in cards]
    pairs = sum(1 for r in set(ranks) if ranks.count(r) >= 2)
    high = sorted(ranks, reverse=True)[:2]
    if pairs >= 2 or any(ranks.count(r) >= 3 for r in ranks):
        return 2
    if pairs == 1:
        pair_rank = max(r for r in ranks if ranks.count(r) >= 2)
        return 2 if pair_rank >= 9 else 1
    return 1 if len(high) == 2 and min(high) >= 9 else 0


def tight_bot(hand: Hand, rng: random.Random) -> None:
    """Raises strong cards, calls playable ones cheaply, folds the rest."""
    legal = hand.legal
    seat = hand.actor
    assert seat is not None
    if legal.can_draw:
        _draw_keep_pairs(hand)
        return
    strength = _strength(hand, seat)
    if strength == 2 and legal.min_raise_to is not None:
        hi = legal.max_raise_to
        assert hi is not None
        target = legal.min_raise_to + (hand.pot // 2)
        hand.raise_to(min(target, hi))
    elif legal.can_check or not legal.can_fold:
        _check_or_call(hand)
    elif (strength >= 1 and legal.call_amount <= max(hand.pot // 3, 1)) or strength == 2:
        hand.call()
    else:
        hand.fold()


def station_bot(hand: Hand, rng: random.Random) -> None:
    """A calling station: checks when it can check, otherwise calls; never
    folds and never raises (when it must bet, ``first_must_bet``, the
    smallest bet). In a draw it keeps its pairs and draws to the rest (at
    most three cards). It uses no chance: ``rng`` is not read.

    Measured at 6-max no-limit hold'em, 100 big blinds, stacks reset each
    hand, 20,000 hands (tests/sim/test_baselines.py) at ``hoyle play``'s
    default table (tag, equity, station, loose, random, tight): VPIP
    92-96%, PFR 0-0% (it never raises), aggression factor 0-0.

    >>> import random, hoyle
    >>> hand = hoyle.games.texas_holdem().start([100, 100], seed=5)
    >>> while not hand.is_over:
    ...     station_bot(hand, random.Random(0))
    >>> sorted({a.kind for a in hand.history})
    ['blind', 'call', 'check']
    """
    if hand.legal.can_draw:
        _draw_keep_pairs(hand)
    else:
        _check_or_call(hand)


# -- the baselines: a chart (tag_bot) and equity thresholds (equity_bot) ----------------------

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


def _position_name(read: _reading.Betting) -> str:
    n, pos = read.seats, read.position
    if n == 2:
        return "button" if pos == 0 else "big"
    if pos == n - 1:
        return "small"
    if pos == n - 2:
        return "big"
    return {0: "button", 1: "cutoff", 2: "hijack"}.get(pos, "early")


def _in(cls: str, text: str) -> bool:
    return cls in _reading.classes(text)


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
        _check_or_call(hand)


def _tag_first_street(  # noqa: PLR0912 (the chart's cases)
    hand: Hand, seat: int, read: _reading.Betting
) -> None:
    legal = hand.legal
    a, b = hand.hole(seat)
    cls = _reading.class_of(a, b)
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


def _tag_later_street(  # noqa: PLR0912 (the cases of a made hand)
    hand: Hand, seat: int, read: _reading.Betting, rng: random.Random
) -> None:
    legal = hand.legal
    hole, board = hand.hole(seat), hand.board
    level = _reading.made_level(hole, board)
    draw = _reading.draw_level(hole, board)
    street = hand.street
    river = len(board) >= 5
    can_raise = legal.min_raise_to is not None
    if legal.can_check or not legal.call_amount:  # nobody has bet on this street
        bet = None
        if level >= _reading.STRONG:
            bet = 0.66  # value
        elif read.aggressor == seat and street == 1 and read.opponents <= 2:
            if level == _reading.MEDIUM or draw == 2 or rng.random() < 0.6:  # ~ draw
                bet = 0.5  # the continuation bet
        elif read.aggressor == seat and not river and (draw == 2 or level == _reading.MEDIUM):
            bet = 0.6  # the second barrel: a draw or a pair that can stand a call
        elif level == _reading.MEDIUM and read.opponents == 1 and read.position == 0:
            bet = 0.5  # thin value in position
        if bet is not None and can_raise:
            hand.raise_to(_reading.bet_to(hand, seat, bet))
        elif legal.can_check:
            hand.check()
        else:  # first_must_bet
            _check_or_call(hand)
        return
    call = legal.call_amount
    odds = call / (hand.pot + call)
    if level == _reading.MONSTER:
        if can_raise and read.raises < 3:
            hand.raise_to(_reading.bet_to(hand, seat, 0.75))
        else:
            hand.call()
        return
    single = read.raises == 1
    if level == _reading.STRONG:
        worth = single or odds <= 0.35
    elif level == _reading.MEDIUM:
        worth = single and odds <= (0.25 if river else 0.3)
    else:  # a draw at its price
        price = {2: 0.34 if street == 1 else 0.22, 1: 0.12}.get(draw, -1.0)
        worth = not river and single and odds <= price
    if worth:
        hand.call()
    else:
        _give_up(hand)  # aggression without strength


def _by_equity(
    hand: Hand,
    seat: int,
    read: _reading.Betting,
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
    equity, against = _reading.equity_estimate(hand, seat, read, rng)
    fair = 1 / (against + 1)
    first_in = hand.street == 0 and not read.entered and read.raises == 0
    threshold = fair + (1 - fair) * (raise_at / 2 if first_in else raise_at) + 0.05 * read.raises
    call = legal.call_amount
    odds = call / (hand.pot + call) if call else 0.0
    if legal.min_raise_to is not None and equity >= threshold and read.raises < 4:
        hand.raise_to(_reading.bet_to(hand, seat, 0.75))
    elif legal.can_check:
        hand.check()
    elif not call:  # first_must_bet: the smallest bet
        _check_or_call(hand)
    elif (
        not legal.can_fold  # the stud bring-in
        or (first_in and read.position == read.seats - 1 and equity >= fair + 0.05)
        or (not first_in and equity >= odds + margin + 0.02 * read.raises)
    ):
        hand.call()
    else:
        hand.fold()


def tag_bot(hand: Hand, rng: random.Random) -> None:
    """A tight-aggressive chart player, a baseline to beat (not strong
    play): in Texas hold'em it raises first in from ``OPEN_RANGES`` by
    position (about 13% of hands under the gun to 43% on the button; 3 big
    blinds, 2.5 on the button, one more per limper), 3-bets ``THREE_BET``
    (and ``THREE_BET_LATE`` against a late open) to 3 times the open (4 out
    of position), calls opens with ``CALL_OPEN`` (the big blind wider
    against a late open), 4-bets ``FOUR_BET`` and folds the rest to
    raises. After the flop it bets its made hands for value by their
    strength (``hoyle._reading.made_level``: two thirds of the pot with top
    pair and a good kicker or better), continuation-bets the flop as the
    first street's raiser against one or two opponents (half the pot;
    draws and pairs always, air 60% of the time), barrels the turn with a
    draw or a pair, raises its monsters, calls with strong hands, calls a
    single bet with a medium pair or a draw at the right price, and folds
    to aggression without strength. In every other game (Omaha, stud,
    draw, lowball, short deck) it plays ``equity_bot``'s thresholds, tighter
    (raises at 35% of the way from a fair share to 1, calls 8% above the
    pot odds) and draws for the game's ranking.

    Measured at 6-max no-limit hold'em, 100 big blinds, stacks reset each
    hand, 20,000 hands (tests/sim/test_baselines.py): at a table of six
    tag bots VPIP 18-21%, PFR 15-17%, aggression factor 3-4; at ``hoyle
    play``'s default table (tag, equity, station, loose, random, tight)
    VPIP 17-21%, PFR 15-19%, aggression factor 3.5-4.7.

    >>> import random, hoyle
    >>> hand = hoyle.games.texas_holdem().start([200] * 6, seed=11)
    >>> rng = random.Random(1)
    >>> while not hand.is_over:
    ...     tag_bot(hand, rng)
    >>> sum(hand.stacks)
    1200
    """
    legal = hand.legal
    seat = hand.actor
    assert seat is not None
    if legal.can_draw:
        _reading.smart_draw(hand, seat)
        return
    read = _reading.betting(hand, seat)
    if not _reading.is_holdem(hand.game):
        _by_equity(hand, seat, read, rng, raise_at=0.35, margin=0.08)
    elif hand.street == 0:
        _tag_first_street(hand, seat, read)
    else:
        _tag_later_street(hand, seat, read, rng)


def equity_bot(hand: Hand, rng: random.Random) -> None:
    """An equity-threshold player, a baseline to beat (not strong play). It
    estimates its share of the pot (``hoyle._reading.equity_estimate``: in
    hold'em ``hoyle.hand_strength`` against as many random hands as there
    are opponents, or ``hoyle.equity`` against the ranges their first-street
    raises imply, 256 trials seeded from ``rng``; in other games the
    game's own showdown, stud up cards known, draw games as the hands
    stand) and acts on it: it raises (three quarters of the pot) when the
    equity is 30% of the way from a fair share ``1 / (opponents + 1)`` to
    1, more for each raise already made; it calls when the equity beats
    the pot odds ``call / (pot + call)`` by 3% (and 2% more per raise); on
    the first street with nobody in, it raises or folds (the small blind
    completes a little above a fair share); else it checks or folds. On the
    first street it counts as opponents those who have put chips in (at
    least one), since those yet to act mostly fold. In a draw it keeps what
    the game's ranking builds on (pairs and better for high, distinct low
    cards for lowball and badugi).

    Measured at 6-max no-limit hold'em, 100 big blinds, stacks reset each
    hand, 20,000 hands (tests/sim/test_baselines.py) at ``hoyle play``'s
    default table (tag, equity, station, loose, random, tight): VPIP
    26-31%, PFR 12.5-16%, aggression factor 1-1.4.

    >>> import random, hoyle
    >>> hand = hoyle.games.omaha().start([200] * 3, seed=2)
    >>> rng = random.Random(1)
    >>> while not hand.is_over:
    ...     equity_bot(hand, rng)
    >>> sum(hand.stacks)
    600
    """
    legal = hand.legal
    seat = hand.actor
    assert seat is not None
    if legal.can_draw:
        _reading.smart_draw(hand, seat)
        return
    read = _reading.betting(hand, seat)
    _by_equity(hand, seat, read, rng, raise_at=0.25, margin=0.03)


BOTS: dict[str, Bot] = {
    "tag": tag_bot,
    "equity": equity_bot,
    "station": station_bot,
    "tight": tight_bot,
    "loose": loose_bot,
    "random": random_bot,
}
