"""Games as data (RULES.md §9): a ``Game`` is a frozen description of the
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

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from hoyle._core import HandRules
from hoyle.betting import Betting, Limit, NoLimit, PotLimit
from hoyle.errors import GameError
from hoyle.hand import MAX_SEATS, Hand
from hoyle.settlement import Rake
from hoyle.showdown import _plain

__all__ = [
    "Game",
    "Street",
    "badugi",
    "deuce_to_seven_single_draw",
    "deuce_to_seven_triple_draw",
    "five_card_draw",
    "five_card_stud",
    "omaha",
    "omaha_hilo",
    "razz",
    "seven_card_stud",
    "seven_card_stud_hilo",
    "texas_holdem",
]

STANDARD_DECK: tuple[int, ...] = tuple(range(52))
JOKER = 52


@dataclass(frozen=True, kw_only=True)
class Street:
    """One street: the cards dealt, an optional draw, then a betting interval.

    ``down`` and ``up`` cards go to each active seat (one at a time, from
    the button's left), then ``board`` community cards. ``draw`` is the most
    cards a seat may replace (0: no draw), ``draw_ace`` a larger limit when
    the seat keeps an ace. ``betting`` overrides the game's structure for
    this interval. ``first`` says who bets first: ``"left"`` (the first
    active seat left of the button, or left of the blinds) or
    ``"exposed"`` (stud: the bring-in on the first interval when the game
    has one, otherwise the best exposed hand; the lowest for low games).
    """

    down: int = 0
    up: int = 0
    board: int = 0
    burn: bool = False
    draw: int = 0
    draw_ace: int | None = None
    betting: Betting | None = None
    first: Literal["left", "exposed"] = "left"

    def __post_init__(self) -> None:
        for name in ("down", "up", "board", "draw"):
            if getattr(self, name) < 0:
                raise GameError(f"Street {name} must not be negative")
        if self.draw_ace is not None and self.draw_ace < self.draw:
            raise GameError("Street draw_ace must be at least draw")
        if self.first not in ("left", "exposed"):
            raise GameError(f"Street first must be 'left' or 'exposed', got {self.first!r}")

    def to_dict(self) -> dict[str, Any]:
        """The street as plain values: its fields in order, ``betting`` as
        its ``to_dict`` (``{}`` for the game's own), no ``draw_ace`` when None."""
        out: dict[str, Any] = {
            "down": self.down,
            "up": self.up,
            "board": self.board,
            "burn": self.burn,
            "draw": self.draw,
            "draw_ace": self.draw_ace,
            "betting": {} if self.betting is None else self.betting.to_dict(),
            "first": self.first,
        }
        if self.draw_ace is None:
            del out["draw_ace"]
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Street:
        """The street ``to_dict`` wrote (missing fields take their defaults)."""
        from hoyle.betting import betting_from_dict  # here: games.py's imports are shared

        return cls(**{**d, "betting": betting_from_dict(d.get("betting", {}))})


@dataclass(frozen=True, kw_only=True)
class Game:
    """A poker game as settings. ``high=False`` with a ``rules.low`` ranking
    is a low-only game (razz, deuce-to-seven, badugi); ``high=True`` with one
    is high-low. ``blinds`` are posted from the button's left (heads-up the
    button posts the first); more than two are straddles, and a zero skips a
    seat (``(0, 0, 3)``: only the third seat from the button's left posts).
    ``ante`` is the same for every seat; ``antes`` instead gives one per
    position, in the order of the blinds: ``antes[k]`` is posted by the seat
    that posts ``blinds[k]`` (the k-th from the button's left; heads-up the
    button first), so ``antes=(0, 100)`` is a big-blind ante. ``min_bet`` is the
    smallest bet in pot limit and no limit (default: the largest blind, else
    1). ``raise_cap`` bounds the bets and raises of one interval.
    ``opener`` is draw poker's opening requirement on the first interval
    (``"jacks"``, ``"jacks-or-four-flush"``); when nobody opens, every seat
    takes its chips back. ``first_must_bet`` obliges the first bettor to bet.
    """

    name: str = "custom"
    streets: tuple[Street, ...]
    betting: Betting = field(default_factory=NoLimit)
    rules: HandRules = field(default_factory=HandRules)
    high: bool = True
    deck: tuple[int, ...] = STANDARD_DECK
    ante: int = 0
    antes: tuple[int, ...] = ()
    blinds: tuple[int, ...] = ()
    bring_in: int = 0
    min_bet: int | None = None
    raise_cap: int | None = None
    opener: Literal["jacks", "jacks-or-four-flush"] | None = None
    first_must_bet: bool = False
    rake: Rake | None = None
    _per_seat: int = field(init=False, repr=False, compare=False, default=0)
    _fixed: int = field(init=False, repr=False, compare=False, default=0)
    _has_draw: bool = field(init=False, repr=False, compare=False, default=False)
    _deck_set: frozenset[int] = field(init=False, repr=False, compare=False, default=frozenset())
    # Derived once here so that starting a hand reads them instead of working them out:
    _smallest_bet: int = field(init=False, repr=False, compare=False, default=1)
    _min_seats: int = field(init=False, repr=False, compare=False, default=2)
    _max_seats: int = field(init=False, repr=False, compare=False, default=0)
    _dealt_later: tuple[bool, ...] = field(init=False, repr=False, compare=False, default=())
    _largest_blind: int = field(init=False, repr=False, compare=False, default=0)
    _plain_high: bool = field(init=False, repr=False, compare=False, default=False)
    _deck_is_range: bool = field(init=False, repr=False, compare=False, default=False)
    # (seats, button) -> ((seat, blind) posts, first seat to act): filled as hands start
    _blind_plans: dict[tuple[int, int], tuple[tuple[tuple[int, int], ...], int]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "streets", tuple(self.streets))
        object.__setattr__(self, "blinds", tuple(self.blinds))
        object.__setattr__(self, "antes", tuple(self.antes))
        object.__setattr__(self, "deck", tuple(self.deck))
        if not self.streets:
            raise GameError("a game needs at least one street")
        if not isinstance(self.betting, Limit | PotLimit | NoLimit):
            raise GameError(f"betting must be Limit, PotLimit or NoLimit, got {self.betting!r}")
        if (
            self.ante < 0
            or self.bring_in < 0
            or any(b < 0 for b in self.blinds)
            or any(a < 0 for a in self.antes)
        ):
            raise GameError("antes, blinds and the bring-in must not be negative")
        if self.ante and self.antes:
            raise GameError("a game has one ante for every seat or per-position antes, not both")
        if self.min_bet is not None and self.min_bet <= 0:
            raise GameError(f"min_bet must be positive, got {self.min_bet}")
        if self.raise_cap is not None and self.raise_cap < 1:
            raise GameError(f"raise_cap must be at least 1 or None, got {self.raise_cap}")
        if self.blinds and self.bring_in:
            raise GameError("a game has blinds or a bring-in, not both")
        if self.bring_in and self.streets[0].first != "exposed":
            raise GameError("a bring-in needs a first street with first='exposed' (stud)")
        if self.opener not in (None, "jacks", "jacks-or-four-flush"):
            raise GameError(
                f"opener must be 'jacks', 'jacks-or-four-flush' or None, got {self.opener!r}"
            )
        if len(set(self.deck)) != len(self.deck) or not all(0 <= c <= 53 for c in self.deck):
            raise GameError("the deck must hold distinct card ids 0..53")
        if self.rules.low is None and not self.high:
            raise GameError("a game with high=False needs a low ranking in its rules")
        per_seat = sum(s.down + s.up for s in self.streets)
        fixed = sum(s.board + (1 if s.burn else 0) for s in self.streets)
        object.__setattr__(self, "_per_seat", per_seat)
        object.__setattr__(self, "_fixed", fixed)
        object.__setattr__(self, "_has_draw", any(s.draw for s in self.streets))
        object.__setattr__(self, "_deck_set", frozenset(self.deck))
        largest = max(self.blinds, default=0)
        object.__setattr__(self, "_largest_blind", largest)
        smallest = self.min_bet if self.min_bet is not None else largest or 1
        object.__setattr__(self, "_smallest_bet", smallest)
        object.__setattr__(self, "_min_seats", max(2, len(self.blinds), len(self.antes)))
        left = len(self.deck) - fixed  # the cards left for the seats
        seats = 0 if left < 0 else min(MAX_SEATS, left // per_seat) if per_seat else MAX_SEATS
        object.__setattr__(self, "_max_seats", seats)
        # _dealt_later[i]: some street from i on deals seats cards or draws
        later = tuple(
            any(s.down or s.up or s.draw for s in self.streets[i:])
            for i in range(len(self.streets) + 1)
        )
        object.__setattr__(self, "_dealt_later", later)
        object.__setattr__(self, "_deck_is_range", self.deck == tuple(range(len(self.deck))))
        object.__setattr__(self, "_plain_high", self.rules.low is None and _plain(self.rules))

    @property
    def smallest_bet(self) -> int:
        """The smallest bet in pot limit and no limit."""
        return self._smallest_bet

    @property
    def has_draw(self) -> bool:
        """True when some street has a draw."""
        return self._has_draw

    def cards_needed(self, seats: int) -> int:
        """The cards a deal to ``seats`` players takes, draws aside."""
        return seats * self._per_seat + self._fixed

    @property
    def max_seats(self) -> int:
        """The most seats a hand can have: as many as the deck deals to, at most 64."""
        return self._max_seats

    def start(
        self,
        stacks: Iterable[int],
        *,
        button: int = 0,
        seed: int | None = None,
        deck: Iterable[Any] | str | None = None,
    ) -> Hand:
        """Deal a hand to seats with these stacks. With ``deck`` (card ids,
        ``Card``s or text, in RULES.md §10's order) the deal is exactly that;
        with ``seed`` the hand shuffles with its own generator (the same seed
        deals the same cards). Without either, hoyle's core shuffles with a
        fast per-thread generator seeded from the operating system: fine for
        simulation, not a cryptographic shuffle for real-money games."""
        return Hand._begin(self, stacks, button, seed, deck)

    def with_(self, **changes: Any) -> Game:
        """A copy with some settings changed."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain values (what a hand history's ``_hoyle_game``
        holds): None settings and default rules left out, ``deck`` only
        when it is not the standard deck.

        >>> g = texas_holdem(blinds=(5, 10))
        >>> Game.from_dict(g.to_dict()) == g
        True
        """
        rule_names = (
            "wild_ranks",
            "wild_cards",
            "jokers",
            "bug_fills_flush",
            "four_flush",
            "low",
            "low_qualifier",
            "hole_cards",
        )
        rules = {k: getattr(self.rules, k) for k in rule_names}
        out: dict[str, Any] = {
            "name": self.name,
            "streets": [s.to_dict() for s in self.streets],
            "betting": self.betting.to_dict(),
            "rules": {k: v for k, v in rules.items() if v not in (None, "", False)},
            "high": self.high,
            "ante": self.ante,
            "antes": list(self.antes),
            "blinds": list(self.blinds),
            "bring_in": self.bring_in,
            "min_bet": self.min_bet,
            "raise_cap": self.raise_cap,
            "opener": self.opener,
            "first_must_bet": self.first_must_bet,
        }
        if self.deck != STANDARD_DECK:
            out["deck"] = list(self.deck)
        if self.rake is not None:
            out["rake"] = self.rake.to_dict()
        return {k: v for k, v in out.items() if v is not None}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        """The game ``to_dict`` wrote; ``GameError`` names a bad or missing field."""
        from hoyle.betting import betting_from_dict  # here: games.py's imports are shared

        try:
            streets = tuple(Street.from_dict(s) for s in d["streets"])
            rake = d.get("rake")
            betting = betting_from_dict(d.get("betting", {}))
            return cls(
                name=d.get("name", "custom"),
                streets=streets,
                betting=betting if betting is not None else NoLimit(),
                rules=HandRules(**d.get("rules", {})),
                high=d.get("high", True),
                deck=tuple(d.get("deck", STANDARD_DECK)),
                ante=d.get("ante", 0),
                antes=tuple(d.get("antes", ())),
                blinds=tuple(d.get("blinds", ())),
                bring_in=d.get("bring_in", 0),
                min_bet=d.get("min_bet"),
                raise_cap=d.get("raise_cap"),
                opener=d.get("opener"),
                first_must_bet=d.get("first_must_bet", False),
                rake=None if rake is None else Rake.from_dict(rake),
            )
        except (KeyError, TypeError) as err:
            raise GameError(f"bad _hoyle_game field: {err!r}") from None


def _streets(
    specs: list[dict[str, Any]], betting: Betting, late: Betting | None, late_from: int
) -> tuple[Street, ...]:
    out = []
    for i, spec in enumerate(specs):
        chosen = late if late is not None and i >= late_from else betting
        out.append(Street(betting=chosen, **spec))
    return tuple(out)


def _deck(rules: HandRules) -> tuple[int, ...]:
    return (*STANDARD_DECK, JOKER) if rules.jokers else STANDARD_DECK


def _board_game(
    name: str,
    down: int,
    *,
    betting: Betting,
    late_betting: Betting | None,
    blinds: tuple[int, ...],
    ante: int,
    min_bet: int | None,
    raise_cap: int | None,
    rules: HandRules,
    rake: Rake | None,
) -> Game:
    specs: list[dict[str, Any]] = [{"down": down}, {"board": 3}, {"board": 1}, {"board": 1}]
    return Game(
        name=name,
        streets=_streets(specs, betting, late_betting, 2),
        betting=betting,
        rules=rules,
        deck=_deck(rules),
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
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
        2,
        betting=betting or NoLimit(),
        late_betting=late_betting,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rules=rules or HandRules(),
        rake=rake,
    )


def omaha(
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
    """Omaha: four down cards, exactly two of them played with three of the
    board; pot limit by default."""
    return _board_game(
        "omaha",
        4,
        betting=betting or PotLimit(),
        late_betting=late_betting,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rules=rules or HandRules(hole_cards=2),
        rake=rake,
    )


def omaha_hilo(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    blinds: tuple[int, ...] = (1, 2),
    ante: int = 0,
    raise_cap: int | None = None,
    rake: Rake | None = None,
) -> Game:
    """Omaha high-low, eight or better (ace-to-five low); fixed limit 2/4 by
    default."""
    betting, late_betting = _fixed_limit(betting, late_betting, 2)
    game = omaha(
        betting=betting,
        late_betting=late_betting,
        blinds=blinds,
        ante=ante,
        raise_cap=raise_cap,
        rules=HandRules(hole_cards=2, low="ace-to-five", low_qualifier=8),
        rake=rake,
    )
    return replace(game, name="omaha_hilo")


def _fixed_limit(
    betting: Betting | None, late_betting: Betting | None, small: int
) -> tuple[Betting, Betting | None]:
    """Fixed limit ``small``/``2 * small`` (the big bet on the later streets)
    unless the caller chose a structure."""
    if betting is None:
        return Limit(small, small), late_betting or Limit(2 * small, 2 * small)
    return betting, late_betting


def _stud(
    name: str,
    specs: list[dict[str, Any]],
    late_from: int,
    *,
    betting: Betting | None,
    late_betting: Betting | None,
    ante: int,
    bring_in: int,
    raise_cap: int | None,
    rules: HandRules,
    high: bool,
    rake: Rake | None,
) -> Game:
    bet, late = _fixed_limit(betting, late_betting, 5)
    specs = [dict(spec, first="exposed") for spec in specs]
    return Game(
        name=name,
        streets=_streets(specs, bet, late, late_from),
        betting=bet,
        rules=rules,
        high=high,
        deck=_deck(rules),
        ante=ante,
        bring_in=bring_in,
        raise_cap=raise_cap,
        rake=rake,
    )


def five_card_stud(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    ante: int = 1,
    bring_in: int = 2,
    raise_cap: int | None = None,
    rules: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Five-card stud: one down and one up, then three more up, a betting
    interval after each. Modern by default (the lowest up card brings in,
    fixed limit 5/10); ``bring_in=0`` is the book's game, where the best
    exposed hand bets first, and ``rules=HandRules(four_flush=True)`` its
    four-flush."""
    specs: list[dict[str, Any]] = [{"down": 1, "up": 1}, {"up": 1}, {"up": 1}, {"up": 1}]
    return _stud(
        "five_card_stud",
        specs,
        2,
        betting=betting,
        late_betting=late_betting,
        ante=ante,
        bring_in=bring_in,
        raise_cap=raise_cap,
        rules=rules or HandRules(),
        high=True,
        rake=rake,
    )


_SEVEN_STUD: list[dict[str, Any]] = [
    {"down": 2, "up": 1},
    {"up": 1},
    {"up": 1},
    {"up": 1},
    {"down": 1},
]


def seven_card_stud(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    ante: int = 1,
    bring_in: int = 2,
    raise_cap: int | None = None,
    rules: HandRules | None = None,
    rake: Rake | None = None,
) -> Game:
    """Seven-card stud: two down and one up, three more up, one down; the
    lowest up card brings in; fixed limit 5/10 (the big bet from fifth
    street)."""
    return _stud(
        "seven_card_stud",
        _SEVEN_STUD,
        2,
        betting=betting,
        late_betting=late_betting,
        ante=ante,
        bring_in=bring_in,
        raise_cap=raise_cap,
        rules=rules or HandRules(),
        high=True,
        rake=rake,
    )


def seven_card_stud_hilo(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    ante: int = 1,
    bring_in: int = 2,
    raise_cap: int | None = None,
    rake: Rake | None = None,
) -> Game:
    """Seven-card stud high-low, eight or better (ace-to-five)."""
    return _stud(
        "seven_card_stud_hilo",
        _SEVEN_STUD,
        2,
        betting=betting,
        late_betting=late_betting,
        ante=ante,
        bring_in=bring_in,
        raise_cap=raise_cap,
        rules=HandRules(low="ace-to-five", low_qualifier=8),
        high=True,
        rake=rake,
    )


def razz(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    ante: int = 1,
    bring_in: int = 2,
    raise_cap: int | None = None,
    rake: Rake | None = None,
) -> Game:
    """Razz: seven-card stud for the best ace-to-five low only; the highest
    up card brings in, the best exposed low bets first afterwards."""
    return _stud(
        "razz",
        _SEVEN_STUD,
        2,
        betting=betting,
        late_betting=late_betting,
        ante=ante,
        bring_in=bring_in,
        raise_cap=raise_cap,
        rules=HandRules(low="ace-to-five"),
        high=False,
        rake=rake,
    )


def _draw_game(
    name: str,
    down: int,
    draws: int,
    draw: int,
    draw_ace: int | None = None,
    *,
    betting: Betting,
    late_betting: Betting | None = None,
    blinds: tuple[int, ...],
    ante: int,
    raise_cap: int | None,
    rules: HandRules,
    high: bool = True,
    min_bet: int | None = None,
    opener: Literal["jacks", "jacks-or-four-flush"] | None = None,
    first_must_bet: bool = False,
) -> Game:
    specs: list[dict[str, Any]] = [{"down": down}]
    specs += [{"draw": draw, "draw_ace": draw_ace} for _ in range(draws)]
    late_from = 1 if draws == 1 else 2
    return Game(
        name=name,
        streets=_streets(specs, betting, late_betting, late_from),
        betting=betting,
        rules=rules,
        high=high,
        deck=_deck(rules),
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        opener=opener,
        first_must_bet=first_must_bet,
    )


def five_card_draw(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    blinds: tuple[int, ...] = (1, 2),
    ante: int = 0,
    min_bet: int | None = None,
    raise_cap: int | None = None,
    opener: Literal["jacks", "jacks-or-four-flush"] | None = None,
    first_must_bet: bool = False,
    rules: HandRules | None = None,
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
        5,
        1,
        3,
        4,
        betting=betting or NoLimit(),
        late_betting=late_betting,
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        opener=opener,
        first_must_bet=first_must_bet,
        rules=rules or HandRules(),
    )


def deuce_to_seven_single_draw(
    *,
    betting: Betting | None = None,
    blinds: tuple[int, ...] = (1, 2),
    ante: int = 0,
    raise_cap: int | None = None,
) -> Game:
    """Deuce-to-seven single draw: the best deuce-to-seven low wins; one draw
    of up to five cards; no limit by default."""
    return _draw_game(
        "deuce_to_seven_single_draw",
        5,
        1,
        5,
        betting=betting or NoLimit(),
        blinds=blinds,
        ante=ante,
        raise_cap=raise_cap,
        rules=HandRules(low="deuce-to-seven"),
        high=False,
    )


def deuce_to_seven_triple_draw(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    blinds: tuple[int, ...] = (1, 2),
    ante: int = 0,
    raise_cap: int | None = None,
) -> Game:
    """Deuce-to-seven triple draw: three draws of up to five cards; fixed
    limit 2/4 by default (the big bet after the second draw)."""
    betting, late_betting = _fixed_limit(betting, late_betting, 2)
    return _draw_game(
        "deuce_to_seven_triple_draw",
        5,
        3,
        5,
        betting=betting,
        late_betting=late_betting,
        blinds=blinds,
        ante=ante,
        raise_cap=raise_cap,
        rules=HandRules(low="deuce-to-seven"),
        high=False,
    )


def badugi(
    *,
    betting: Betting | None = None,
    late_betting: Betting | None = None,
    blinds: tuple[int, ...] = (1, 2),
    ante: int = 0,
    raise_cap: int | None = None,
) -> Game:
    """Badugi: four down, three draws of up to four cards, the best badugi
    wins; fixed limit 2/4 by default."""
    betting, late_betting = _fixed_limit(betting, late_betting, 2)
    return _draw_game(
        "badugi",
        4,
        3,
        4,
        betting=betting,
        late_betting=late_betting,
        blinds=blinds,
        ante=ante,
        raise_cap=raise_cap,
        rules=HandRules(low="badugi"),
        high=False,
    )
