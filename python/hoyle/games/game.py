"""``Game`` and ``Street``: a poker game as frozen settings, and the
``Plan`` a hand reads, derived from them once (docs/rules.md §9)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from hoyle._core import HandRules
from hoyle._display.game import Group, game_html, game_rich
from hoyle._plan import MAX_SEATS, Plan, derive_plan
from hoyle._streets import start_hand
from hoyle._whole import whole
from hoyle.betting import Betting, Limit, NoLimit, PotLimit, betting_from_dict, chip_count
from hoyle.errors import GameError
from hoyle.games._endable import check_showdown
from hoyle.games._settings import (
    check_choices,
    choices_of,
    engine_plays,
    from_plain,
    rules_from_plain,
    rules_to_plain,
    setting,
    settings_of,
    to_plain,
)
from hoyle.hand import Hand
from hoyle.rake import Rake

__all__ = ["JOKER", "STANDARD_DECK", "Game", "Street"]

STANDARD_DECK: tuple[int, ...] = tuple(range(52))
JOKER = 52


def _optional(convert: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``convert``, None passing through (a setting that may be None)."""
    return lambda value: None if value is None else convert(value)


def _own_betting(betting: Betting | None) -> dict[str, Any]:
    """A street's structure as plain values: ``{}`` for the game's own."""
    return {} if betting is None else betting.to_dict()


def _betting_plain(betting: Betting) -> dict[str, Any]:
    return betting.to_dict()


def _game_betting(table: dict[str, Any]) -> Betting:
    """The game's structure (``{}``: no limit)."""
    betting = betting_from_dict(table)
    return NoLimit() if betting is None else betting


def _streets_plain(streets: tuple[Street, ...]) -> list[dict[str, Any]]:
    return [s.to_dict() for s in streets]


def _streets(tables: list[dict[str, Any]]) -> tuple[Street, ...]:
    return tuple(Street.from_dict(s) for s in tables)


@dataclass(frozen=True, kw_only=True)
class Street:
    """One street: the cards dealt, an optional draw, then a betting interval.

    ``down`` and ``up`` cards go to each active seat (one at a time, from
    the button's left), then ``board`` community cards. ``draw`` is the most
    cards a seat may replace (0: no draw), ``draw_ace`` a larger limit when
    the seat keeps an ace. ``betting`` overrides the game's structure for
    this interval, ``raise_cap`` the game's cap on its bets and raises
    (ACPC's ``maxRaises = 3 4 4 4``). ``first`` says who bets first: ``"left"`` (the first
    active seat left of the button, or left of the blinds) or
    ``"exposed"`` (stud: the bring-in on the first interval when the game
    has one, otherwise the best exposed hand; the lowest for low games).
    """

    # Each setting declares how a table of plain values holds it (games/_settings.py);
    # engine=True: the core's table engine plays every value, not only the default.
    down: int = field(default=0, metadata=setting("count", engine=True))
    up: int = field(default=0, metadata=setting("count"))
    board: int = field(default=0, metadata=setting("count", engine=True))
    burn: bool = field(default=False, metadata=setting("flag", engine=True))
    draw: int = field(default=0, metadata=setting("count"))
    # (played by the engine: without a draw, which it refuses, it changes nothing)
    draw_ace: int | None = field(default=None, metadata=setting("count", engine=True))
    betting: Betting | None = field(
        default=None,
        metadata=setting("betting", write=_own_betting, read=betting_from_dict, engine=True),
    )
    first: Literal["left", "exposed"] = field(default="left", metadata=setting("text"))
    raise_cap: int | None = field(default=None, metadata=setting("count", late=1))

    def __post_init__(self) -> None:
        for name in _STREET_COUNTS:  # down, up, board, draw, draw_ace, raise_cap
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, _count(f"Street {name}", value))
        for name in _STREET_FLAGS:
            _flag(f"Street {name}", getattr(self, name))
        if self.draw_ace is not None and self.draw_ace < self.draw:
            raise GameError("Street draw_ace must be at least draw")
        if self.betting is not None and not isinstance(self.betting, Limit | PotLimit | NoLimit):
            raise GameError(
                f"Street betting must be Limit, PotLimit, NoLimit or None, got {self.betting!r:.60}"
            )
        check_choices(self, _STREET_CHOICES, "Street ")  # first
        if self.raise_cap == 0:
            raise GameError("Street raise_cap must be at least 1 or None, got 0")

    def to_dict(self) -> dict[str, Any]:
        """The street as plain values: its fields in order, ``betting`` as
        its ``to_dict`` (``{}`` for the game's own), no ``draw_ace`` when None."""
        return to_plain(self, _STREET)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Street:
        """The street ``to_dict`` wrote (missing fields take their defaults)."""
        return cls(**from_plain(d, _STREET, others=True))


@dataclass(frozen=True, kw_only=True)
class Game:
    """A poker game as settings. ``high=False`` with a ``rules.low`` ranking
    is a low-only game (razz, deuce-to-seven, badugi); ``high=True`` with one
    is high-low. ``split`` (a ``HandRules`` with a low ranking) makes a split
    game of two rankings (badeucy: badugi and deuce-to-seven): each pot is
    split between the best hand under ``rules`` and ``high`` (the first
    half) and the best low under ``split`` (the second), with no qualifier
    unless ``split.low_qualifier`` sets one (docs/rules.md §4). ``blinds``
    are posted from the button's left (heads-up the button posts the
    first); more than two are straddles, and a zero skips a seat
    (``(0, 0, 3)``: only the third seat from the button's left posts).
    ``ante`` is the same for every seat; ``antes`` instead gives one per
    position, in the order of the blinds: ``antes[k]`` is posted by the seat
    that posts ``blinds[k]`` (the k-th from the button's left; heads-up the
    button first), so ``antes=(0, 100)`` is a big-blind ante. ``posts`` are
    post bets, positional like the blinds: ``posts[k]`` is put in by the
    k-th seat from the button's left, a player who sits down or comes back
    and pays to be dealt in at once (PHH's negative ``blinds_or_straddles``
    entry). As in card rooms, a post of the big blind (the largest blind) or
    more is live for the big blind's amount: it counts toward what the seat
    must call, and the seat keeps its option. The rest of it, and a post
    smaller than the big blind (a missed small blind), is dead money, like
    an ante. The action opens left of the last blind, not left of a post. A
    seat posts a blind or a post, not both. ``min_bet`` is the
    smallest bet in pot limit and no limit (default: the largest blind, else
    1). ``raise_cap`` bounds the bets and raises of one interval.
    ``opener`` is draw poker's opening requirement on the first interval
    (``"jacks"``, ``"jacks-or-four-flush"``); when nobody opens, every seat
    takes its chips back. ``first_must_bet`` obliges the first bettor to bet
    (docs/rules.md §6: on the first interval, until the first voluntary
    action); a seat that may not bet there (it lacks openers, or nobody
    could answer its bet) is not the first bettor and checks, so with an
    opener the first seat that holds openers must open, and when nobody
    does the hand is passed (§9). ``short_all_in`` says what follows an
    all-in bet or raise for less than a full one (docs/rules.md §7):
    ``"full-bet"`` (the default: it reopens nothing, the next raise adds a
    full bet to it) or ``"half-bet"``, fixed limit only (every street
    ``Limit(x, x)``): an all-in of at least half a bet counts as a full
    bet, and a smaller one may be completed to a full bet. ``small_hands``
    ranks showdowns of 1 to 4 cards by pairs and high cards (natural high
    rules only; docs/rules.md §2: Kuhn poker, Leduc hold'em).

    Every amount of chips (``ante``, ``antes``, ``blinds``, ``posts``, ``bring_in``,
    ``min_bet``, a structure's limits) is an int of ``0..MAX_CHIPS``
    (``hoyle.betting``): a fraction, a NaN or a bool is refused with
    ``TypeError``, a negative or larger amount with ``GameError``.
    """

    # Each setting declares how a table of plain values holds it (games/_settings.py:
    # late=n, added after the first format, is written after the rest when not at its
    # default); engine=True: the core's table engine plays every value, not only the default.
    name: str = field(default="custom", metadata=setting("text", engine=True))
    streets: tuple[Street, ...] = field(
        metadata=setting("streets", write=_streets_plain, read=_streets, engine=True)
    )
    betting: Betting = field(
        default_factory=NoLimit,
        metadata=setting("betting", write=_betting_plain, read=_game_betting, engine=True),
    )
    rules: HandRules = field(
        default_factory=HandRules,
        metadata=setting("rules", write=rules_to_plain, read=rules_from_plain, engine=True),
    )
    high: bool = field(default=True, metadata=setting("flag", engine=True))
    split: HandRules | None = field(
        default=None,
        metadata=setting(
            "rules", write=_optional(rules_to_plain), read=_optional(rules_from_plain)
        ),
    )
    deck: tuple[int, ...] = field(
        default=STANDARD_DECK,
        metadata=setting("deck", write=list, read=tuple, late=2, engine=True),
    )
    ante: int = field(default=0, metadata=setting("chips", engine=True))
    antes: tuple[int, ...] = field(
        default=(), metadata=setting("chips-list", write=list, read=tuple, engine=True)
    )
    blinds: tuple[int, ...] = field(
        default=(), metadata=setting("chips-list", write=list, read=tuple, engine=True)
    )
    posts: tuple[int, ...] = field(
        default=(), metadata=setting("chips-list", write=list, read=tuple, late=1, engine=True)
    )
    bring_in: int = field(default=0, metadata=setting("chips"))
    min_bet: int | None = field(default=None, metadata=setting("chips", engine=True))
    raise_cap: int | None = field(default=None, metadata=setting("chips", engine=True))
    opener: Literal["jacks", "jacks-or-four-flush"] | None = field(
        default=None, metadata=setting("text")
    )
    first_must_bet: bool = field(default=False, metadata=setting("flag", engine=True))
    rake: Rake | None = field(
        default=None,
        metadata=setting(
            "rake",
            write=_optional(Rake.to_dict),
            read=_optional(Rake.from_dict),
            late=3,
            engine=True,
        ),
    )
    short_all_in: Literal["full-bet", "half-bet"] = field(
        default="full-bet", metadata=setting("text", late=4)
    )
    small_hands: bool = field(default=False, metadata=setting("flag", late=5))
    # everything a hand reads, derived once from the settings above (Plan)
    _plan: Plan = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check_amounts(self)
        _check_settings(self)
        object.__setattr__(self, "_plan", derive_plan(self))
        check_showdown(self, self._plan)

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_plan"}  # derived again

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickling, a pickle of an earlier hoyle too: the settings, then the plan."""
        if not isinstance(state, dict):
            raise GameError(f"a pickled Game holds a dict of settings, got {type(state).__name__}")
        settings = {f.name for f in fields(self) if f.init}
        self.__dict__.update((k, v) for k, v in state.items() if k in settings)
        self.__post_init__()  # checked as a new game is: a forged pickle is refused

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
        return start_hand(Hand, self, stacks, button, seed, deck)

    def with_(self, **changes: Any) -> Game:
        """A copy with some settings changed."""
        return replace(self, **changes)

    def _repr_html_(self) -> str:
        """The game for Jupyter: its settings, then its streets."""
        return game_html(self)

    def __rich__(self) -> Group:
        """The same for the rich library's terminals."""
        return game_rich(self)

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain values (what a hand history's ``_hoyle_game``
        holds): None settings and default rules left out, ``deck`` only
        when it is not the standard deck.

        >>> from hoyle.games import texas_holdem
        >>> g = texas_holdem(blinds=(5, 10))
        >>> Game.from_dict(g.to_dict()) == g
        True
        """
        return to_plain(self, _GAME)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        """The game ``to_dict`` wrote; ``GameError`` names a bad or missing field."""
        if not isinstance(d, dict) or not isinstance(d.get("streets"), list | tuple):
            raise GameError("a game is a table of settings with a list of streets")
        try:
            return cls(**from_plain(d, _GAME, others=False))
        except (KeyError, TypeError, AttributeError) as err:
            raise GameError(f"bad _hoyle_game field: {err!r:.200}") from None


_STREET = settings_of(Street)
_GAME = settings_of(Game)
# the settings checked by their plain kind: the rest by the checks below
_STREET_COUNTS = tuple(o.name for o in _STREET.all if o.setting.plain == "count")
_STREET_FLAGS = tuple(o.name for o in _STREET.all if o.setting.plain == "flag")
_GAME_CHIPS = tuple(o.name for o in _GAME.all if o.setting.plain == "chips")
_GAME_CHIP_LISTS = tuple(o.name for o in _GAME.all if o.setting.plain == "chips-list")
_GAME_FLAGS = tuple(o.name for o in _GAME.all if o.setting.plain == "flag")
_STREET_CHOICES = choices_of(Street, _STREET)  # the settings typed Literal[...]
_GAME_CHOICES = choices_of(Game, _GAME)


def table_engine_plays(game: Game) -> bool:
    """True when the core's table engine (``hoyle.env``'s fast path) plays
    every setting of ``game`` and of its streets as set: each one it plays
    only at its default (``engine=False``) is at its default."""
    return engine_plays(game, _GAME) and all(engine_plays(s, _STREET) for s in game.streets)


_MAX_CARDS = 54  # the largest deck: 52 cards and two jokers
_MAX_COUNT = 1000  # a street's cards: beyond any deck (such a game deals to no seats)


def _count(what: str, value: Any, most: int = _MAX_COUNT) -> int:
    """A count of cards (``0..most``) as an int; bools and floats refused."""
    if value.__class__ is int and 0 <= value <= most:
        return value
    value = whole(value, f"{what} must be an int")
    if not 0 <= value <= most:
        raise GameError(f"{what} must be 0..{most}, got {value}")
    return int(value)


def _flag(what: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{what} must be True or False, got {type(value).__name__} {value!r:.40}")


def _items(what: str, values: Any, most: int) -> tuple[Any, ...]:
    """The first ``most`` items of an iterable (more: refused), as a tuple."""
    try:
        out = tuple(itertools.islice(values, most + 1))
    except TypeError:
        raise TypeError(f"{what} must be a sequence, got {type(values).__name__}") from None
    if len(out) > most:
        raise GameError(f"{what} holds at most {most} entries")
    return out


def _check_amounts(game: Game) -> None:
    """Every amount of chips an int of ``0..MAX_CHIPS`` (docs/rules.md §7): a
    fractional or NaN blind would lose chips at the showdown."""
    put = object.__setattr__
    for name in _GAME_CHIP_LISTS:  # antes, blinds, posts
        items = _items(name, getattr(game, name), MAX_SEATS)
        put(game, name, tuple(chip_count(f"{name}[{i}]", a) for i, a in enumerate(items)))
    for name in _GAME_CHIPS:  # ante, bring_in, min_bet, raise_cap
        value = getattr(game, name)
        if value is not None:
            put(game, name, chip_count(name, value))
    deck = _items("deck", game.deck, _MAX_CARDS)
    plain = set(map(type, deck)) <= {int}  # (the usual case: one check, no call per card)
    if not (plain and min(deck, default=0) >= 0 and max(deck, default=0) <= 53):
        deck = tuple(_count("a deck card id", c, 53) for c in deck)
    put(game, "deck", deck)


def _kinds(game: Game) -> None:
    """The settings that are not numbers: of the right kind."""
    if not isinstance(game.rules, HandRules) or not isinstance(game.rake, Rake | None):
        raise TypeError("rules must be a HandRules and rake a Rake or None")
    if not isinstance(game.split, HandRules | None):
        raise TypeError(f"split must be a HandRules or None, got {type(game.split).__name__}")
    if not isinstance(game.name, str):
        raise TypeError(f"name must be a str, got {type(game.name).__name__}")
    for name in _GAME_FLAGS:  # high, first_must_bet
        _flag(name, getattr(game, name))


def _check_settings(game: Game) -> None:
    """The settings' kinds and the combinations a hand can play."""
    object.__setattr__(game, "streets", _items("streets", game.streets, 1000))
    if not game.streets:
        raise GameError("a game needs at least one street")
    if not all(isinstance(s, Street) for s in game.streets):
        raise TypeError("streets must be Street objects")
    if not isinstance(game.betting, Limit | PotLimit | NoLimit):
        raise GameError(f"betting must be Limit, PotLimit or NoLimit, got {game.betting!r:.60}")
    _kinds(game)
    _check_blinds(game)
    if game.ante and game.antes:
        raise GameError("a game has one ante for every seat or per-position antes, not both")
    if game.min_bet is not None and game.min_bet <= 0:
        raise GameError(f"min_bet must be positive, got {game.min_bet}")
    if game.raise_cap is not None and game.raise_cap < 1:
        raise GameError(f"raise_cap must be at least 1 or None, got {game.raise_cap}")
    if (game.blinds or game.posts) and game.bring_in:
        raise GameError("a game has blinds (and posts) or a bring-in, not both")
    both = [k for k, (b, p) in enumerate(zip(game.blinds, game.posts, strict=False)) if b and p]
    if both:
        raise GameError(
            f"position {both[0]} posts a blind and a post; a seat posts one or the other"
        )
    if game.bring_in and game.streets[0].first != "exposed":
        raise GameError("a bring-in needs a first street with first='exposed' (stud)")
    if game.bring_in and not game.streets[0].up:
        raise GameError(
            "a bring-in is owed by the lowest up card of the first street, which deals"
            " none: give it up=1 or more (stud)"
        )
    check_choices(game, _GAME_CHOICES, "")  # opener, short_all_in
    _check_short_all_in(game)
    if len(set(game.deck)) != len(game.deck):
        raise GameError("the deck must hold distinct card ids 0..53")
    _check_rankings(game)


def _check_blinds(game: Game) -> None:
    """The blinds go up from the button's left (docs/rules.md §7): the small
    blind, the big blind, then each straddle at least the one before."""
    posted = [b for b in game.blinds if b]
    for k in range(1, len(posted)):
        if posted[k] < posted[k - 1]:
            raise GameError(
                f"blinds {game.blinds} are posted from the button's left, each at least the"
                " one before (small blind, big blind, straddles; a zero skips a seat), got"
                f" {posted[k]} after {posted[k - 1]}"
            )


def _check_rankings(game: Game) -> None:
    """High, low, high-low or split: the rankings a showdown needs."""
    natural_high = game.high and game.rules.is_natural and game.rules.low is None
    if game.small_hands and not (natural_high and game.split is None):
        raise GameError("small_hands ranks hands by pairs and high cards: natural high rules only")
    if game.rules.low is None and not game.high:
        raise GameError("a game with high=False needs a low ranking in its rules")
    if game.split is not None:
        if game.split.low is None:
            raise GameError(
                "split names the ranking of the pot's second half: a HandRules with a low"
                " ranking (low='deuce-to-seven', 'ace-to-five', 'ace-to-six' or 'badugi')"
            )
        if game.high and game.rules.low is not None:
            raise GameError(
                "a game splits its pots in two: high-low (high=True with rules.low) or"
                " split, not both"
            )


def _check_short_all_in(game: Game) -> None:
    """``short_all_in`` is a rule this game can play (docs/rules.md §7)."""
    if game.short_all_in == "half-bet":
        for k, s in enumerate(game.streets):
            betting = s.betting or game.betting
            if not (isinstance(betting, Limit) and betting.min == betting.max):
                raise GameError(
                    f"the half-bet rule is a fixed-limit rule; street {k} bets {betting!r:.60} "
                    "(fixed limit is Limit(x, x); other structures use short_all_in='full-bet')"
                )


# -- presets -----------------------------------------------------------------------------
# Every preset takes the same keywords where they make sense: ``betting`` and
# ``late_betting`` (the structure of the later streets), ``ante``, ``min_bet``,
# ``raise_cap``, ``rules`` (the ranking; each preset has its own default) and
# ``rake``; blind games also ``blinds``, stud games ``bring_in``.

Opener = Literal["jacks", "jacks-or-four-flush"]
