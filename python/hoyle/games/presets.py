"""The presets: the usual games as settings of ``Game`` (docs/rules.md §9;
the Omaha games are in ``hoyle.games.omaha``).
Every preset takes the same keywords where they make sense (``betting``,
``late_betting``, ``ante``, ``min_bet``, ``raise_cap``, ``rules``, ``rake``;
``blinds`` for blind games, ``bring_in`` for stud)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hoyle._core import HandRules
from hoyle.betting import Betting, Limit, NoLimit
from hoyle.errors import GameError
from hoyle.games.game import JOKER, STANDARD_DECK, Game, Opener, Street
from hoyle.rake import Rake

SHORT_DECK: tuple[int, ...] = tuple(range(16, 52))
"""Short-deck hold'em's 36 cards, six to ace (ids 16..=51)."""


def _deck(rules: HandRules) -> tuple[int, ...]:
    if rules.short_deck is not None:
        return SHORT_DECK
    return (*STANDARD_DECK, JOKER) if rules.jokers else STANDARD_DECK


def _fixed_limit(
    betting: Betting | None, late_betting: Betting | None, *, small: int
) -> tuple[Betting, Betting | None]:
    """Fixed limit ``small``/``2 * small`` (the big bet on the later streets)
    unless the caller chose a structure."""
    if betting is None:
        return Limit(small, small), late_betting or Limit(2 * small, 2 * small)
    return betting, late_betting


def _betting_from(
    streets: list[Street], betting: Betting, late: Betting | None, *, late_from: int
) -> tuple[Street, ...]:
    """The streets, each with the game's structure (``late`` from street ``late_from`` on)."""
    return tuple(
        replace(s, betting=late if late is not None and i >= late_from else betting)
        for i, s in enumerate(streets)
    )


def _board_game(
    name: str,
    *,
    down: int,
    betting: Betting,
    late_betting: Betting | None,
    rules: HandRules,
    **settings: Any,
) -> Game:
    """Hold'em and Omaha: ``down`` cards, a flop of three, a turn and a river."""
    streets = [Street(down=down), Street(board=3), Street(board=1), Street(board=1)]
    return Game(
        name=name,
        streets=_betting_from(streets, betting, late_betting, late_from=2),
        betting=betting,
        rules=rules,
        deck=_deck(rules),
        **settings,
    )


def texas_holdem(
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
    """Texas hold'em: two down cards, a flop of three, a turn and a river;
    no limit with blinds 1/2 unless told otherwise. ``late_betting`` is the
    structure of the turn and river (fixed limit's big bet)."""
    return _board_game(
        "texas_holdem",
        down=2,
        betting=betting or NoLimit(),
        late_betting=late_betting,
        rules=rules or HandRules(),
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )


def short_deck_holdem(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    blinds: tuple[int, ...] = (1, 2),
    ante: int = 1,
    min_bet: int | None = None,
    raise_cap: int | None = None,
    rules: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Short-deck (six-plus) hold'em: hold'em dealt from the 36 cards six to
    ace, ranked by ``HandRules(short_deck=...)`` (docs/rules.md §2): a flush
    beats a full house, A-6-7-8-9 is the lowest straight, and a straight
    beats three of a kind unless ``rules=HandRules(short_deck=
    "trips-beat-straight")``. No limit, every seat antes 1, blinds 1/2 by
    default. The high-stakes game's button blind instead of blinds (PHH's
    ``NS`` files, PokerKit's ``NoLimitShortDeckHoldem``) is a blind of the
    last of n seats: ``blinds=(0,) * (n - 1) + (b,)``.

    >>> game = short_deck_holdem()
    >>> len(game.deck), game.rules
    (36, HandRules(short_deck='straight-beats-trips'))
    """
    rules = rules or HandRules(short_deck="straight-beats-trips")
    if rules.short_deck is None:
        raise GameError(
            "short_deck_holdem ranks hands with HandRules(short_deck=...): "
            '"straight-beats-trips" or "trips-beat-straight"'
        )
    return _board_game(
        "short_deck_holdem",
        down=2,
        betting=betting or NoLimit(),
        late_betting=late_betting,
        rules=rules,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )


def _stud(
    name: str,
    streets: list[Street],
    *,
    betting: Betting | None,
    late_betting: Betting | None,
    rules: HandRules,
    **settings: Any,
) -> Game:
    """A stud game: fixed limit 5/10 unless told otherwise, the big bet from
    the third street; the exposed cards say who bets first."""
    bet, late = _fixed_limit(betting, late_betting, small=5)
    streets = [replace(s, first="exposed") for s in streets]
    return Game(
        name=name,
        streets=_betting_from(streets, bet, late, late_from=2),
        betting=bet,
        rules=rules,
        deck=_deck(rules),
        **settings,
    )


def five_card_stud(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    ante: int = 1,
    bring_in: int = 2,
    min_bet: int | None = None,
    raise_cap: int | None = None,
    rules: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Five-card stud: one down and one up, then three more up, a betting
    interval after each. Modern by default (the lowest up card brings in,
    fixed limit 5/10); ``bring_in=0`` is the book's game, where the best
    exposed hand bets first, and ``rules=HandRules(four_flush=True)`` its
    four-flush."""
    return _stud(
        "five_card_stud",
        [Street(down=1, up=1), Street(up=1), Street(up=1), Street(up=1)],
        betting=betting,
        late_betting=late_betting,
        rules=rules or HandRules(),
        ante=ante,
        bring_in=bring_in,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )


def _seven_streets() -> list[Street]:
    """Seven-card stud's: two down and one up, three more up, one down."""
    return [Street(down=2, up=1), Street(up=1), Street(up=1), Street(up=1), Street(down=1)]


def seven_card_stud(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    ante: int = 1,
    bring_in: int = 2,
    min_bet: int | None = None,
    raise_cap: int | None = None,
    rules: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Seven-card stud: two down and one up, three more up, one down; the
    lowest up card brings in; fixed limit 5/10 (the big bet from fifth
    street)."""
    return _stud(
        "seven_card_stud",
        _seven_streets(),
        betting=betting,
        late_betting=late_betting,
        rules=rules or HandRules(),
        ante=ante,
        bring_in=bring_in,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )


def seven_card_stud_hilo(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    ante: int = 1,
    bring_in: int = 2,
    min_bet: int | None = None,
    raise_cap: int | None = None,
    rules: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Seven-card stud high-low, eight or better (ace-to-five)."""
    return _stud(
        "seven_card_stud_hilo",
        _seven_streets(),
        betting=betting,
        late_betting=late_betting,
        rules=rules or HandRules(low="ace-to-five", low_qualifier=8),
        ante=ante,
        bring_in=bring_in,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )


def razz(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    ante: int = 1,
    bring_in: int = 2,
    min_bet: int | None = None,
    raise_cap: int | None = None,
    rules: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Razz: seven-card stud for the best ace-to-five low only; the highest
    up card brings in, the best exposed low bets first afterwards."""
    return _stud(
        "razz",
        _seven_streets(),
        betting=betting,
        late_betting=late_betting,
        rules=rules or HandRules(low="ace-to-five"),
        high=False,
        ante=ante,
        bring_in=bring_in,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )


def _draw_game(
    name: str,
    *,
    down: int,
    draws: int,
    draw: int,
    draw_ace: int | None = None,
    betting: Betting,
    late_betting: Betting | None,
    rules: HandRules,
    **settings: Any,
) -> Game:
    """``down`` cards, then ``draws`` draws of up to ``draw`` cards (``draw_ace``
    when keeping an ace), a betting interval after each; the big bet from the
    second draw (from the only one)."""
    streets = [Street(down=down)]
    streets += [Street(draw=draw, draw_ace=draw_ace) for _ in range(draws)]
    return Game(
        name=name,
        streets=_betting_from(streets, betting, late_betting, late_from=1 if draws == 1 else 2),
        betting=betting,
        rules=rules,
        deck=_deck(rules),
        **settings,
    )


def five_card_draw(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    blinds: tuple[int, ...] = (1, 2),
    ante: int = 0,
    min_bet: int | None = None,
    raise_cap: int | None = None,
    opener: Opener | None = None,
    first_must_bet: bool = False,
    rules: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Five-card draw: five down, a betting interval, one draw of up to three
    cards (four when keeping an ace), a second interval. No limit with
    blinds 1/2 by default. The book's game: ``blinds=(), ante=1,
    betting=Limit(1, 5), late_betting=Limit(1, 10)``, optionally
    ``opener="jacks"``. ``rules=HandRules(wild_ranks="2")`` (deuces wild) or
    ``HandRules(jokers="bug")`` (a joker added to the deck as the bug) are
    the book's variants."""
    return _draw_game(
        "five_card_draw",
        down=5,
        draws=1,
        draw=3,
        draw_ace=4,
        betting=betting or NoLimit(),
        late_betting=late_betting,
        rules=rules or HandRules(),
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        opener=opener,
        first_must_bet=first_must_bet,
        rake=rake,
    )


def deuce_to_seven_single_draw(
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
    """Deuce-to-seven single draw: the best deuce-to-seven low wins; one draw
    of up to five cards; no limit by default."""
    return _draw_game(
        "deuce_to_seven_single_draw",
        down=5,
        draws=1,
        draw=5,
        betting=betting or NoLimit(),
        late_betting=late_betting,
        rules=rules or HandRules(low="deuce-to-seven"),
        high=False,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )


def deuce_to_seven_triple_draw(
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
    """Deuce-to-seven triple draw: three draws of up to five cards; fixed
    limit 2/4 by default (the big bet after the second draw)."""
    betting, late_betting = _fixed_limit(betting, late_betting, small=2)
    return _draw_game(
        "deuce_to_seven_triple_draw",
        down=5,
        draws=3,
        draw=5,
        betting=betting,
        late_betting=late_betting,
        rules=rules or HandRules(low="deuce-to-seven"),
        high=False,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )


def badugi(
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
    """Badugi: four down, three draws of up to four cards, the best badugi
    wins; fixed limit 2/4 by default."""
    betting, late_betting = _fixed_limit(betting, late_betting, small=2)
    return _draw_game(
        "badugi",
        down=4,
        draws=3,
        draw=4,
        betting=betting,
        late_betting=late_betting,
        rules=rules or HandRules(low="badugi"),
        high=False,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )
