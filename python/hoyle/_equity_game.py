"""The game of an equity run: ``Shape`` (public as ``hoyle.odds.Shape``),
the showdown a spot is scored at, and a game (None for hold'em, a
``Shape`` or a ``hoyle.Game``) read as what the core needs: the deal's
shape, the hand rules, high or low-only, the deck as a bit mask, a split
game's second half. Which scorer that makes is the core's choice
(``equity::choose``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from hoyle._core import HandRules
from hoyle._equity_args import MAX_BOARD, MAX_HOLE, count, deck_ids
from hoyle.errors import EquityError

__all__ = ["Setup", "Shape", "deck_mask", "setup_of"]


@dataclass(frozen=True)
class Shape:
    """The shape of a deal at the showdown, for equity: cards per player, board cards,
    and ``hole_cards`` when exactly that many must play (Omaha: 2). Also importable as
    ``Showdown``, its older name. ``rules`` (a ``hoyle.HandRules``) scores the hands: wild
    cards, the four-flush, a low half, or, with ``high=False``, a low-only game. ``deck``
    is the game's deck as card ids (default: the 52 cards, and a joker when the rules have
    jokers; the 36 cards six to ace under ``HandRules(short_deck=...)``). ``split`` is a
    split game's second half (``Game.split``: badeucy's deuce-to-seven low).

    >>> Shape(hole=4, board=5, hole_cards=2)  # Omaha
    Shape(hole=4, board=5, hole_cards=2, rules=None, high=True, deck=None, split=None)
    >>> Showdown is Shape
    True
    """

    hole: int = 2
    board: int = 5
    hole_cards: int | None = None
    rules: HandRules | None = None
    high: bool = True
    deck: tuple[int, ...] | None = None
    split: HandRules | None = None

    def __post_init__(self) -> None:
        # Checked when made: hole 0..=7, board 0..=8, hole_cards 0..=4
        # (integers), rules a HandRules, high a bool, deck distinct ids.
        fix = object.__setattr__
        fix(self, "hole", count("hole", self.hole, 0, MAX_HOLE))
        fix(self, "board", count("board", self.board, 0, MAX_BOARD))
        if self.hole_cards is not None:
            fix(self, "hole_cards", count("hole_cards", self.hole_cards, 0, 4))
        if self.rules is not None and not isinstance(self.rules, HandRules):
            raise TypeError(f"rules must be a hoyle.HandRules or None, got {self.rules!r}")
        if self.split is not None and not isinstance(self.split, HandRules):
            raise TypeError(f"split must be a hoyle.HandRules or None, got {self.split!r}")
        if not isinstance(self.high, bool):
            raise TypeError(f"high must be True or False, got {self.high!r}")
        if self.deck is not None:
            fix(self, "deck", deck_ids(self.deck))

    @classmethod
    def no_more_draws(cls, game: Any) -> Shape:
        """The showdown of a draw game (or any game) if nobody draws again:
        every player's current cards are the final hand. Equity of a draw
        game with this shape is the equity of the hands as they stand, not
        of any drawing strategy.

        >>> from hoyle import games
        >>> Shape.no_more_draws(games.badugi()).hole
        4
        >>> Shape.no_more_draws(games.badeucy()).split
        HandRules(low='deuce-to-seven')
        """
        streets = getattr(game, "streets", None)
        if streets is None:
            raise EquityError(f"no_more_draws needs a hoyle.Game, got {game!r}")
        return cls(
            hole=sum(s.down + s.up for s in streets),
            board=sum(s.board for s in streets),
            rules=game.rules,
            high=game.high,
            deck=tuple(game.deck),
            split=getattr(game, "split", None),
        )


# Public as ``hoyle.odds.Shape`` (and pickled under that name); doctest
# finds the class's docstring there and its method's here.
Shape.__module__ = "hoyle.odds"
__test__ = {"Shape.no_more_draws": Shape.no_more_draws}


@dataclass(frozen=True)
class Setup:
    """What the core needs besides the cards: the shape ``(hole, board,
    hole_cards or 0)``, the hand rules, high or low-only, the deck mask."""

    shape: tuple[int, int, int]
    rules: HandRules | None = None
    high: bool = True
    deck: int | None = None
    split: HandRules | None = None

    @property
    def jokers(self) -> bool:
        return self.deck is not None and self.deck >> 52 != 0

    def kwargs(self) -> dict[str, Any]:
        return {"rules": self.rules, "high": self.high, "deck": self.deck, "split": self.split}


def _preset(name: str) -> Any:
    """The ``hoyle.games`` preset called ``name`` (as ``simulate`` reads a
    game's name), made."""
    from hoyle import games  # the presets import the rules: read them when named

    presets = [n for n in games.__all__ if not isinstance(getattr(games, n), type)]
    if name not in presets:
        raise EquityError(
            f"game {name!r} is not a hoyle.games preset; presets: {', '.join(presets)}"
        )
    return getattr(games, name)()


def setup_of(game: Any) -> Setup:
    """What the core needs of ``game``: None (hold'em), a ``Shape``, a
    ``hoyle.games`` preset's name (``"omaha"``) or a ``hoyle.Game`` (its
    streets, rules, high, deck and split; draws to come are refused)."""
    if game is None:
        return Setup((2, 5, 0))
    if isinstance(game, str):
        game = _preset(game)
    if isinstance(game, Shape):
        return Setup(
            (game.hole, game.board, game.hole_cards or 0),
            game.rules,
            game.high,
            deck_mask(game.deck, game.rules),
            game.split,
        )
    streets = getattr(game, "streets", None)
    if streets is None:
        raise EquityError(
            f"game must be None (hold'em), a hoyle.odds.Showdown or a hoyle.Game, got {game!r}"
        )
    hole = sum(getattr(s, "down", 0) + getattr(s, "up", 0) for s in streets)
    hole = count("the game's hole cards", hole, 0, MAX_HOLE)
    board = count("board", sum(getattr(s, "board", 0) for s in streets), 0, MAX_BOARD)
    if any(getattr(s, "draw", 0) for s in streets):
        raise EquityError(
            "equity of draw games with draws to come is not supported; for the hands as they"
            " stand (no more draws) pass game=hoyle.odds.Showdown.no_more_draws(game)"
        )
    rules = getattr(game, "rules", None)
    if rules is not None and not isinstance(rules, HandRules):
        raise EquityError(f"game.rules must be a hoyle.HandRules, got {rules!r}")
    split = getattr(game, "split", None)
    if split is not None and not isinstance(split, HandRules):
        raise EquityError(f"game.split must be a hoyle.HandRules, got {split!r}")
    hole_cards = rules.hole_cards if rules is not None else None
    deck = getattr(game, "deck", None)
    return Setup(
        (hole, board, hole_cards or 0),
        rules,
        bool(getattr(game, "high", True)),
        deck_mask(None if deck is None else deck_ids(deck), rules),
        split,
    )


def deck_mask(deck: Iterable[int] | None, rules: HandRules | None) -> int | None:
    """A game's deck as the core's bit mask: None for the 52 cards (and
    for no deck when the rules have no jokers; with jokers, the 52 and one).

    >>> deck_mask(range(52), None) is None, deck_mask(range(16, 52), None) == 2**52 - 2**16
    (True, True)
    """
    if deck is None:
        if rules is None or rules.jokers is None:
            return None
        deck = (*range(52), 52)
    mask = 0
    for c in deck:
        mask |= 1 << int(c)
    return None if mask == (1 << 52) - 1 else mask
