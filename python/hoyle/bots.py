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

from hoyle import _reading, _tag
from hoyle._reading import check_or_call as _check_or_call
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


#: ``tag_bot``'s chart (``hoyle._tag``): the first-in raising ranges by
#: position; the 3-bets (against a late open also ``THREE_BET_LATE``); the
#: calls of an open (the big blind against a late open: wider); against a
#: 3-bet, the 4-bets and the calls; against a 4-bet, the calls.
OPEN_RANGES = _tag.OPEN_RANGES
THREE_BET, THREE_BET_LATE = _tag.THREE_BET, _tag.THREE_BET_LATE
CALL_OPEN, CALL_OPEN_BIG_BLIND = _tag.CALL_OPEN, _tag.CALL_OPEN_BIG_BLIND
FOUR_BET, CALL_THREE_BET, CALL_FOUR_BET = _tag.FOUR_BET, _tag.CALL_THREE_BET, _tag.CALL_FOUR_BET


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
        _tag.by_equity(hand, seat, read, rng, raise_at=0.35, margin=0.08)
    elif hand.street == 0:
        _tag.first_street(hand, seat, read)
    else:
        _tag.later_street(hand, seat, read, rng)


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
    _tag.by_equity(hand, seat, read, rng, raise_at=0.25, margin=0.03)


BOTS: dict[str, Bot] = {
    "tag": tag_bot,
    "equity": equity_bot,
    "station": station_bot,
    "tight": tight_bot,
    "loose": loose_bot,
    "random": random_bot,
}
