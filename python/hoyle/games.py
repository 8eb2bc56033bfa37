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

from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from hoyle._core import HandRules
from hoyle._plan import MAX_SEATS, Plan, StreetPlan
from hoyle.betting import Betting, Limit, NoLimit, PotLimit
from hoyle.errors import GameError
from hoyle.hand import Hand
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
    # everything a hand reads, derived once from the settings above (Plan)
    _plan: Plan = field(init=False, repr=False, compare=False)

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
        object.__setattr__(self, "_plan", _derive_plan(self))

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_plan"}  # derived again

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickling, a pickle of an earlier hoyle too: the settings, then the plan."""
        settings = {f.name for f in fields(self) if f.init}
        self.__dict__.update((k, v) for k, v in state.items() if k in settings)
        object.__setattr__(self, "_plan", _derive_plan(self))

    @property
    def smallest_bet(self) -> int:
        """The smallest bet in pot limit and no limit."""
        return self._plan.smallest_bet

    @property
    def has_draw(self) -> bool:
        """True when some street has a draw."""
        return self._plan.has_draw

    def cards_needed(self, seats: int) -> int:
        """The cards a deal to ``seats`` players takes, draws aside."""
        return self._plan.cards_needed(seats)

    @property
    def max_seats(self) -> int:
        """The most seats a hand can have: as many as the deck deals to, at most 64."""
        return self._plan.max_seats

    def start(
        self,
        stacks: Iterable[int],
        *,
        button: int = 0,
        seed: int | None = None,
        deck: Iterable[Any] | str | None = None,
    ) -> Hand:
        """Deal a hand to seats with these stacks. With ``deck`` (card ids,
        ``Card``s or text, in docs/rules.md §10's order) the deal is exactly that;
        with ``seed`` the hand shuffles with its own generator (the same seed
        deals the same cards). Without either, hoyle's core shuffles with a
        fast per-thread generator seeded from the operating system: fine for
        simulation, not a cryptographic shuffle for real-money games."""
        return Hand._begin(self, stacks, button, seed, deck)

    def with_(self, **changes: Any) -> Game:
        """A copy with some settings changed."""
        return replace(self, **changes)


def _derive_plan(game: Game) -> Plan:
    """The plan a hand of ``game`` reads (``hoyle._plan``)."""
    streets = game.streets
    per_seat = sum(s.down + s.up for s in streets)
    fixed = sum(s.board + (1 if s.burn else 0) for s in streets)
    largest = max(game.blinds, default=0)
    left = len(game.deck) - fixed  # the cards left for the seats
    seats = 0 if left < 0 else min(MAX_SEATS, left // per_seat) if per_seat else MAX_SEATS
    return Plan(
        name=game.name,
        streets=tuple(
            StreetPlan(
                s.down,
                s.up,
                s.board,
                s.burn,
                s.draw,
                s.draw_ace,
                s.betting or game.betting,
                s.first == "exposed",
            )
            for s in streets
        ),
        rules=game.rules,
        high=game.high,
        rake=game.rake,
        ante=game.ante,
        antes=game.antes,
        blinds=game.blinds,
        bring_in=game.bring_in,
        largest_blind=largest,
        smallest_bet=game.min_bet if game.min_bet is not None else largest or 1,
        raise_cap=game.raise_cap,
        opener=game.opener,
        first_must_bet=game.first_must_bet,
        deck=game.deck,
        deck_set=frozenset(game.deck),
        deck_is_range=game.deck == tuple(range(len(game.deck))),
        per_seat=per_seat,
        fixed=fixed,
        has_draw=any(s.draw for s in streets),
        dealt_later=tuple(
            any(s.down or s.up or s.draw for s in streets[i:]) for i in range(len(streets) + 1)
        ),
        plain_high=game.rules.low is None and _plain(game.rules),
        min_seats=max(2, len(game.blinds), len(game.antes)),
        max_seats=seats,
    )


# -- presets -----------------------------------------------------------------------------
# Every preset takes the same keywords where they make sense: ``betting`` and
# ``late_betting`` (the structure of the later streets), ``ante``, ``min_bet``,
# ``raise_cap``, ``rules`` (the ranking; each preset has its own default) and
# ``rake``; blind games also ``blinds``, stud games ``bring_in``.

Opener = Literal["jacks", "jacks-or-four-flush"]


def _deck(rules: HandRules) -> tuple[int, ...]:
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
        down=4,
        betting=betting or PotLimit(),
        late_betting=late_betting,
        rules=rules or HandRules(hole_cards=2),
        blinds=blinds,
        ante=ante,
        min_bet=min_bet,
        raise_cap=raise_cap,
        rake=rake,
    )


def omaha_hilo(
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
    """Omaha high-low, eight or better (ace-to-five low); fixed limit 2/4 by
    default."""
    betting, late_betting = _fixed_limit(betting, late_betting, small=2)
    return _board_game(
        "omaha_hilo",
        down=4,
        betting=betting,
        late_betting=late_betting,
        rules=rules or HandRules(hole_cards=2, low="ace-to-five", low_qualifier=8),
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
