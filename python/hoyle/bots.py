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

from hoyle.hand import Hand

__all__ = ["BOTS", "Bot", "loose_bot", "random_bot", "station_bot", "tight_bot"]


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


BOTS: dict[str, Bot] = {
    "tight": tight_bot,
    "loose": loose_bot,
    "random": random_bot,
    "station": station_bot,
}
