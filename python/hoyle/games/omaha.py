"""The Omaha presets (docs/rules.md §9): four-, five- and six-card Omaha,
high and high-low, Big O and Courchevel. Every one plays exactly two hole
cards with three of the board, however many it deals
(``HandRules(hole_cards=2)``)."""

from __future__ import annotations

import numbers
from typing import Any

from hoyle._core import HandRules
from hoyle.betting import Betting, PotLimit
from hoyle.errors import GameError
from hoyle.games.game import Game, Street
from hoyle.games.presets import _betting_from, _board_game, _deck, _fixed_limit
from hoyle.rake import Rake

__all__ = [
    "big_o",
    "courchevel",
    "five_card_omaha",
    "omaha",
    "omaha_hilo",
    "six_card_omaha",
]

#: The name of an Omaha game by the hole cards it deals, high and high-low.
_NAMES = {
    4: ("omaha", "omaha_hilo"),
    5: ("five_card_omaha", "five_card_omaha_hilo"),
    6: ("six_card_omaha", "six_card_omaha_hilo"),
}
_HIGH = HandRules(hole_cards=2)
_HILO = HandRules(hole_cards=2, low="ace-to-five", low_qualifier=8)


def _dealt(hole_cards: Any) -> int:
    """The hole cards an Omaha game deals: 4, 5 or 6."""
    if isinstance(hole_cards, bool) or not isinstance(hole_cards, numbers.Integral):
        raise GameError(f"Omaha deals 4, 5 or 6 hole cards (two of them play), got {hole_cards!r}")
    if int(hole_cards) not in _NAMES:
        raise GameError(f"Omaha deals 4, 5 or 6 hole cards (two of them play), got {hole_cards}")
    return int(hole_cards)


def omaha(
    *,
    hole_cards: int = 4,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    blinds: tuple[int, ...] = (1, 2),
    ante: int = 0,
    min_bet: int | None = None,
    raise_cap: int | None = None,
    rules: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Omaha: four down cards (``hole_cards``: 4, 5 or 6), exactly two of
    them played with three of the board; pot limit by default. Five and six
    hole cards are named ``five_card_omaha`` and ``six_card_omaha``.

    >>> from hoyle import games
    >>> g = games.omaha(hole_cards=5)
    >>> g.name, g.streets[0].down, g.rules.hole_cards
    ('five_card_omaha', 5, 2)
    """
    dealt = _dealt(hole_cards)
    return _board_game(
        _NAMES[dealt][0],
        down=dealt,
        betting=betting or PotLimit(),
        late_betting=late_betting,
        rules=rules or _HIGH,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )


def omaha_hilo(
    *,
    hole_cards: int = 4,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    blinds: tuple[int, ...] = (1, 2),
    ante: int = 0,
    min_bet: int | None = None,
    raise_cap: int | None = None,
    rules: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Omaha high-low, eight or better (ace-to-five low); fixed limit 2/4 by
    default. ``hole_cards`` (4, 5 or 6) is how many each player is dealt;
    two of them play for the high and two (the same or others) for the low.
    Five and six are named ``five_card_omaha_hilo`` and
    ``six_card_omaha_hilo``; ``big_o`` is the five-card game in pot limit."""
    dealt = _dealt(hole_cards)
    betting, late_betting = _fixed_limit(betting, late_betting, small=2)
    return _board_game(
        _NAMES[dealt][1],
        down=dealt,
        betting=betting,
        late_betting=late_betting,
        rules=rules or _HILO,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )


def five_card_omaha(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    blinds: tuple[int, ...] = (1, 2),
    ante: int = 0,
    min_bet: int | None = None,
    raise_cap: int | None = None,
    rules: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Five-card Omaha (``omaha(hole_cards=5)``): five down cards, exactly
    two of them played with three of the board; pot limit by default."""
    return omaha(
        hole_cards=5,
        betting=betting,
        late_betting=late_betting,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rules=rules,
        rake=rake,
    )


def six_card_omaha(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    blinds: tuple[int, ...] = (1, 2),
    ante: int = 0,
    min_bet: int | None = None,
    raise_cap: int | None = None,
    rules: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Six-card Omaha (``omaha(hole_cards=6)``): six down cards, exactly two
    of them played with three of the board; pot limit by default."""
    return omaha(
        hole_cards=6,
        betting=betting,
        late_betting=late_betting,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rules=rules,
        rake=rake,
    )


def big_o(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    blinds: tuple[int, ...] = (1, 2),
    ante: int = 0,
    min_bet: int | None = None,
    raise_cap: int | None = None,
    rules: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Big O: five-card Omaha high-low, eight or better (ace-to-five low),
    pot limit by default, as it is dealt.

    >>> from hoyle import games
    >>> g = games.big_o()
    >>> g.streets[0].down, g.rules.low, g.rules.low_qualifier, g.betting
    (5, 'ace-to-five', 8, PotLimit(cap=None))
    """
    return omaha_hilo(
        hole_cards=5,
        betting=betting or PotLimit(),
        late_betting=late_betting,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rules=rules,
        rake=rake,
    ).with_(name="big_o")


def courchevel(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    blinds: tuple[int, ...] = (1, 2),
    ante: int = 0,
    min_bet: int | None = None,
    raise_cap: int | None = None,
    rules: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Courchevel: five-card Omaha whose first board card is dealt with the
    hole cards, before the first betting interval; two more complete the
    flop, then a turn and a river. Pot limit by default; high only, or
    high-low with ``rules=HandRules(hole_cards=2, low="ace-to-five",
    low_qualifier=8)``.

    >>> from hoyle import games
    >>> [(s.down, s.board) for s in games.courchevel().streets]
    [(5, 1), (0, 2), (0, 1), (0, 1)]
    """
    bet = betting or PotLimit()
    streets = [Street(down=5, board=1), Street(board=2), Street(board=1), Street(board=1)]
    game_rules = rules or _HIGH
    return Game(
        name="courchevel",
        streets=_betting_from(streets, bet, late_betting, late_from=2),
        betting=bet,
        rules=game_rules,
        deck=_deck(game_rules),
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )
