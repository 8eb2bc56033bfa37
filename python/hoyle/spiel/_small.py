"""Kuhn poker and Leduc hold'em as hoyle games (``Game`` settings, nothing
else): the two small games OpenSpiel's exact tools are checked on, dealt and
bet as OpenSpiel's native ``kuhn_poker`` and ``leduc_poker`` are."""

from __future__ import annotations

from hoyle.betting import Limit
from hoyle.games import Game, Street

__all__ = ["SMALL", "kuhn_poker", "leduc_holdem"]

# hoyle's card ids (4 * rank + suit): J Q K of clubs (Kuhn); Jc Jd Qc Qd Kc Kd
# (Leduc), so deck position i is OpenSpiel's Leduc card i (rank i // 2, suit i % 2)
KUHN_DECK = (36, 40, 44)
LEDUC_DECK = (36, 37, 40, 41, 44, 45)


def kuhn_poker() -> Game:
    """Kuhn poker: a deck of J, Q, K; one card each; antes of 1; one round
    in which one bet of 1 may be made (``raise_cap=1``); the higher card
    wins (``small_hands``). Stacks of 2 are every chip a seat can put in.

    >>> hand = kuhn_poker().start([2, 2], button=1, deck="Kc Jc Qc")
    >>> hand.raise_to(1); hand.call()
    >>> hand.stacks
    (4, 0)
    """
    return Game(
        name="kuhn_poker",
        streets=(Street(down=1),),
        betting=Limit(1, 1),
        deck=KUHN_DECK,
        ante=1,
        raise_cap=1,
        small_hands=True,
    )


def leduc_holdem() -> Game:
    """Leduc hold'em (OpenSpiel's rules): six cards J J Q Q K K; antes of 1;
    one card each, a round of fixed bets of 2, one board card, a round of
    fixed bets of 4, at most two bets or raises a round; a pair with the
    board wins, else the higher card. Stacks of 13 are every chip a seat
    can put in.

    >>> hand = leduc_holdem().start([13, 13], button=1, deck="Jc Kc Jd")
    >>> for _ in range(4):
    ...     hand.check()
    >>> hand.board, hand.stacks  # Jd: seat 0 pairs its jack
    ((37,), (14, 12))
    """
    return Game(
        name="leduc_holdem",
        streets=(Street(down=1), Street(board=1, betting=Limit(4, 4))),
        betting=Limit(2, 2),
        deck=LEDUC_DECK,
        ante=1,
        raise_cap=2,
        small_hands=True,
    )


#: preset name -> (the game, its default stack)
SMALL = {"kuhn": (kuhn_poker, 2), "leduc": (leduc_holdem, 13)}
