"""Games as data (docs/rules.md §9): a ``Game`` is a frozen description of the
deck, the hand rules, the streets (cards dealt, draws, betting) and the
forced bets; the presets below are settings of it, not separate code.

>>> import hoyle
>>> game = hoyle.games.texas_holdem(betting=hoyle.PotLimit(), blinds=(1, 2))
>>> game.name, len(game.streets), game.blinds
('texas_holdem', 4, (1, 2))
>>> hand = game.start([200] * 6, seed=7)
>>> hand.actor, hand.legal.call_amount, hand.legal.max_raise_to
(3, 2, 7)

Fixed limit is a limit whose minimum is its maximum, with a bigger bet on
the later streets:

>>> fl = hoyle.games.texas_holdem(betting=hoyle.Limit(2, 2), late_betting=hoyle.Limit(4, 4))
>>> [s.betting for s in fl.streets]
[Limit(min=2, max=2), Limit(min=2, max=2), Limit(min=4, max=4), Limit(min=4, max=4)]
"""

from __future__ import annotations

from hoyle.games.draw import ace_to_five_triple_draw, badacy, badeucy
from hoyle.games.game import JOKER as JOKER
from hoyle.games.game import STANDARD_DECK as STANDARD_DECK
from hoyle.games.game import Game, Street
from hoyle.games.omaha import (
    big_o,
    courchevel,
    five_card_omaha,
    omaha,
    omaha_hilo,
    six_card_omaha,
)
from hoyle.games.presets import (
    badugi,
    deuce_to_seven_single_draw,
    deuce_to_seven_triple_draw,
    five_card_draw,
    five_card_stud,
    razz,
    seven_card_stud,
    seven_card_stud_hilo,
    short_deck_holdem,
    texas_holdem,
)

__all__ = [
    "Game",
    "Street",
    "ace_to_five_triple_draw",
    "badacy",
    "badeucy",
    "badugi",
    "big_o",
    "courchevel",
    "deuce_to_seven_single_draw",
    "deuce_to_seven_triple_draw",
    "five_card_draw",
    "five_card_omaha",
    "five_card_stud",
    "omaha",
    "omaha_hilo",
    "razz",
    "seven_card_stud",
    "seven_card_stud_hilo",
    "short_deck_holdem",
    "six_card_omaha",
    "texas_holdem",
]
