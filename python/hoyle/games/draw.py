"""Triple-draw lowball presets beyond deuce-to-seven: ace-to-five triple
draw, and the split games badeucy and badacy (docs/rules.md §4 and §9).

They are fixed limit 2/4 by default, with blinds 1/2 and the big bet from
the second draw on, as deuce-to-seven triple draw is. Each seat gets five
cards and may draw up to five in each of three draws. The split games
(``Game.split``) give half of each pot to the best badugi, which is the
best four cards or fewer of the five. The other half goes to the best
five-card low: deuce-to-seven in badeucy, ace-to-five in badacy. Neither
half has a qualifier, and one seat may win both.

>>> from hoyle.games import badeucy
>>> game = badeucy()
>>> game.rules.low, game.split.low, len(game.streets)
('badugi', 'deuce-to-seven', 4)
"""

from __future__ import annotations

from hoyle._core import HandRules
from hoyle.betting import Betting
from hoyle.games.game import Game
from hoyle.games.presets import _draw_game, _fixed_limit
from hoyle.rake import Rake

__all__ = ["ace_to_five_triple_draw", "badacy", "badeucy"]


def _triple_draw(
    name: str,
    rules: HandRules,
    split: HandRules | None,
    *,
    betting: Betting | None,
    late_betting: Betting | None,
    blinds: tuple[int, ...],
    ante: int,
    min_bet: int | None,
    raise_cap: int | None,
    rake: Rake | None,
) -> Game:
    """Five down, three draws of up to five, low-only; fixed limit 2/4 by default."""
    betting, late_betting = _fixed_limit(betting, late_betting, small=2)
    return _draw_game(
        name,
        down=5,
        draws=3,
        draw=5,
        betting=betting,
        late_betting=late_betting,
        rules=rules,
        high=False,
        split=split,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )


def ace_to_five_triple_draw(
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
    """Ace-to-five triple draw: three draws of up to five cards; the best
    ace-to-five low wins (no qualifier: straights and flushes do not count,
    ``5-4-3-2-A`` is the best hand). Fixed limit 2/4 by default.

    >>> ace_to_five_triple_draw().rules.low
    'ace-to-five'
    """
    return _triple_draw(
        "ace_to_five_triple_draw",
        rules or HandRules(low="ace-to-five"),
        None,
        betting=betting,
        late_betting=late_betting,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )


def badeucy(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    blinds: tuple[int, ...] = (1, 2),
    ante: int = 0,
    min_bet: int | None = None,
    raise_cap: int | None = None,
    rules: HandRules | None = None,
    split: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Badeucy: five cards and three draws of up to five. Half of each pot
    goes to the best badugi (``rules``), half to the best deuce-to-seven
    low (``split``). An odd chip goes to the badugi half. Fixed limit 2/4
    by default.

    >>> badeucy().split
    HandRules(low='deuce-to-seven')
    """
    return _triple_draw(
        "badeucy",
        rules or HandRules(low="badugi"),
        split or HandRules(low="deuce-to-seven"),
        betting=betting,
        late_betting=late_betting,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )


def badacy(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    blinds: tuple[int, ...] = (1, 2),
    ante: int = 0,
    min_bet: int | None = None,
    raise_cap: int | None = None,
    rules: HandRules | None = None,
    split: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Badacy: five cards and three draws of up to five. Half of each pot
    goes to the best badugi (``rules``), half to the best ace-to-five low
    with no qualifier (``split``). An odd chip goes to the badugi half.
    Fixed limit 2/4 by default.

    >>> badacy().split
    HandRules(low='ace-to-five')
    """
    return _triple_draw(
        "badacy",
        rules or HandRules(low="badugi"),
        split or HandRules(low="ace-to-five"),
        betting=betting,
        late_betting=late_betting,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )
