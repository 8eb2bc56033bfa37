"""Hand histories in the PHH format (the phh-std project): read ``.phh`` and
``.phhs`` files, replay them as hoyle hands, and write hands back.

``load(path_or_text)`` returns a list of ``HandHistory`` (a ``.phhs`` file
holds several hands, each under a ``[name]`` table); ``HandHistory.replay()``
plays the recorded actions through ``Game.start`` and the public ``Hand``
methods and returns the finished hand; ``dumps(hand)`` writes a hoyle hand.

Decisions (see also the tests):

* **Seats.** ``p1``..``pN`` are hoyle seats ``0..N-1`` and the button is
  seat ``N-1``: ``p1`` is left of the button (the small blind), the button
  acts last, and heads-up the button (``p2``) posts the small blind. Stud
  has no button, but the same mapping makes RULES.md §10's dealing order
  (``p1`` first) and the ties of the bring-in agree with PHH. ``dumps``
  writes ``_hoyle_button`` when a hand's button is another seat; ``load``
  then seats ``p1`` left of it, so the hand comes back seat for seat.
  ``starting_stacks`` and ``finishing_stacks`` are in hoyle seat order,
  ready to compare with ``Hand.stacks``. (The PHH ``seats`` field, a
  physical seat number, is left alone.)
* **Forced bets.** ``antes`` and ``blinds_or_straddles`` are positional, as
  in PHH: entry ``k`` belongs to the seat posting the ``k``-th blind (from
  the button's left; heads-up the button first). They become
  ``Game.ante``/``Game.antes`` and ``Game.blinds``.
* **Antes are contributions.** hoyle settles every chip a seat put in, the
  antes included, so an ante nobody matched comes back like any uncalled
  bet; that is PHH's ``ante_trimming_status = true``. The flag is read but
  not acted on (``ante_trimming_status``).
* **Decimal chips.** A hand whose amounts (stacks, forced bets, bets) are
  not all whole is scaled to integer chips by ``scale`` = 100 (cents), or
  the smallest larger power of ten that makes them whole;
  ``starting_stacks``, ``finishing_stacks`` and the replayed hand are in
  those units.
* **Unknown cards** (``??``) take the cards a ``sm`` later shows, else the
  lowest unused cards of the deck (for low-only games the highest), so a
  hand with unknown cards replays deterministically.
* **Extension.** What PHH cannot say (a game that is not one of its
  variants: wild cards, jokers, five-card draw, custom streets) ``dumps``
  writes as ``_hoyle_game``, an inline table of ``Game`` settings, which
  ``load`` reads back (PHH allows user fields; hoyle prefixes its own with
  ``_``). Variant codes hoyle adds for its presets: ``5CD`` (five-card
  draw) and ``5S`` (five-card stud), after F/P/N like the others.
* **Short deck** (``NS``) is hold'em with the 36-card deck and hoyle's
  standard ranking: hoyle's evaluator has no short-deck ranking yet (a
  flush over a full house, ``A-6-7-8-9`` straights), so a showdown where
  that matters is settled by the standard ranking.

>>> import hoyle
>>> text = '''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 7h2s",
...            "p3 f", "p1 cbr 10", "p2 cc",
...            "d db 2c3d9h", "p1 cbr 90", "p2 cc", "d db Ts", "d db Js"]
... finishing_stacks = [200, 0, 100]
... '''
>>> [history] = hoyle.history.load(text)
>>> hand = history.replay()
>>> hand.stacks == history.finishing_stacks
True
>>> print(hoyle.history.dumps(hand).splitlines()[0])
variant = "NT"
"""

from __future__ import annotations

import datetime
import json
import os
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from itertools import islice
from typing import Any, cast

import tomllib

from hoyle._core import HandRules
from hoyle.betting import Betting, Limit, NoLimit, PotLimit
from hoyle.errors import GameError, HistoryError, IllegalActionError
from hoyle.games import (
    STANDARD_DECK,
    Game,
    Street,
    badugi,
    deuce_to_seven_single_draw,
    deuce_to_seven_triple_draw,
    five_card_draw,
    five_card_stud,
    omaha,
    omaha_hilo,
    razz,
    seven_card_stud,
    seven_card_stud_hilo,
    texas_holdem,
)
from hoyle.hand import Hand
from hoyle.settlement import Rake

__all__ = ["HandHistory", "dumps", "load"]

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_CARD: dict[str, int] = {
    r + s: 4 * i + j for i, r in enumerate(_RANKS) for j, s in enumerate(_SUITS)
}
_NAME: list[str] = [*sorted(_CARD, key=_CARD.__getitem__), "Xx", "Xx"]
_UNKNOWN = -1
_SHORT_DECK = tuple(range(16, 52))

# -- reading TOML ------------------------------------------------------------------------
#
# tomllib takes ~130 us for a small PHH file; PHH files use a small part of
# TOML (bare keys, strings, numbers, booleans, times, flat arrays, [name]
# tables), which the line reader below parses several times faster. On
# anything else it gives up and tomllib reads the whole text.

_KEY_LINE = re.compile(r"([A-Za-z0-9_-]+)[ \t]*=[ \t]*(.*)")
_HEADER = re.compile(r"\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\][ \t]*(?:#.*)?")
_INT = re.compile(r"[+-]?(?:0|[1-9][0-9]*)")
_DEC = re.compile(r"[+-]?(?:0|[1-9][0-9]*)\.[0-9]+")
_TIME = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])")
_ITEM = re.compile(
    r"""[ \t\r\n]+|#[^\n]*|'([^'\n]*)'|"([^"\\\n]*)"|(\[)|(\])|(,)"""
    r"""|([+-]?(?:0|[1-9][0-9]*)\.[0-9]+)|([+-]?(?:0|[1-9][0-9]*))(?![0-9.:eE_])|(true|false)"""
)
_MORE = object()
_S = r"""(?:'[^'\n]*'|"[^"\\\n]*")"""
_FLAT_STRINGS = re.compile(
    r"\[[ \t]*(" + _S + r"(?:[ \t]*,[ \t]*" + _S + r")*)[ \t]*,?[ \t]*\][ \t]*"
)
_STRING_ITEM = re.compile(_S)
_I = r"[+-]?(?:0|[1-9][0-9]*)"
_FLAT_INTS = re.compile(r"\[[ \t]*(" + _I + r"(?:[ \t]*,[ \t]*" + _I + r")*)[ \t]*,?[ \t]*\][ \t]*")


class _GiveUp(Exception):
    pass


def _scalar(text: str) -> Any:
    text = text.strip()
    if text[:1] in ("'", '"'):
        q = text[0]
        end = text.find(q, 1)
        if end < 0 or text[:3] in ("'''", '"""'):
            raise _GiveUp
        body, rest = text[1:end], text[end + 1 :].strip()
        if (q == '"' and "\\" in body) or (rest and rest[0] != "#"):
            raise _GiveUp
        return body
    text = text.split("#", 1)[0].strip()
    if _INT.fullmatch(text):
        return int(text)
    if _DEC.fullmatch(text):
        return Decimal(text)
    if text in ("true", "false"):
        return text == "true"
    m = _TIME.fullmatch(text)
    if m:
        return datetime.time(int(m[1]), int(m[2]), int(m[3]))
    raise _GiveUp


def _array(text: str) -> Any:
    """The flat array opening ``text``, or ``_MORE`` if it is not closed."""
    out: list[Any] = []
    pos, size, opened, want_value = 0, len(text), False, True
    while pos < size:
        m = _ITEM.match(text, pos)
        if m is None:
            raise _GiveUp
        pos = m.end()
        last = m.lastindex
        if last is None:  # blank or comment
            continue
        if last == 3:
            if opened:
                raise _GiveUp  # nested arrays: leave them to tomllib
            opened = True
        elif not opened:
            raise _GiveUp
        elif last == 4:
            rest = text[pos:].strip()
            if rest and rest[0] != "#":
                raise _GiveUp
            return out
        elif last == 5:
            if want_value:
                raise _GiveUp
            want_value = True
        else:
            if not want_value:
                raise _GiveUp
            want_value = False
            g = m[last]
            if last <= 2:
                out.append(g)
            elif last == 6:
                out.append(Decimal(g))
            elif last == 7:
                out.append(int(g))
            else:
                out.append(g == "true")
    return _MORE


def _fast_toml(text: str) -> dict[str, Any]:
    root: dict[str, Any] = {}
    table = root
    lines = text.split("\n")
    i, count = 0, len(lines)
    while i < count:
        line = lines[i].strip()
        i += 1
        if not line or line[0] == "#":
            continue
        if line[0] == "[":
            h = _HEADER.fullmatch(line)
            if h is None or h[1] in root:
                raise _GiveUp
            table = root[h[1]] = {}
            continue
        m = _KEY_LINE.fullmatch(line)
        if m is None or m[1] in table:
            raise _GiveUp
        rest = m[2]
        if rest[:2] == "['" and rest[-2:] == "']":  # PokerKit's own layout, one pass
            body = rest[2:-2]
            items = body.split("', '")
            if body.count("'") == 2 * len(items) - 2 and "\n" not in body:
                table[m[1]] = items
                continue
        if rest[:1] == "[":
            flat = _FLAT_STRINGS.fullmatch(rest)
            if flat is not None:
                table[m[1]] = [x[1:-1] for x in _STRING_ITEM.findall(flat[1])]
                continue
            flat = _FLAT_INTS.fullmatch(rest)
            if flat is not None:
                table[m[1]] = [int(x) for x in flat[1].split(",") if x.strip()]
                continue
            value = _array(rest)
            while value is _MORE:
                if i >= count:
                    raise _GiveUp
                rest += "\n" + lines[i]
                i += 1
                value = _array(rest)
        else:
            value = _scalar(rest)
        table[m[1]] = value
    return root


def _read_toml(text: str, where: str) -> dict[str, Any]:
    try:
        return _fast_toml(text)
    except _GiveUp:
        pass
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as err:
        raise HistoryError(f"{where}: not valid TOML: {err}") from None


# -- games ---------------------------------------------------------------------------------

_GAMES = {
    "T": "texas_holdem",
    "S": "short_deck_holdem",
    "O": "omaha",
    "O/8": "omaha_hilo",
    "7S": "seven_card_stud",
    "7S/8": "seven_card_stud_hilo",
    "R": "razz",
    "2L1D": "deuce_to_seven_single_draw",
    "2L3D": "deuce_to_seven_triple_draw",
    "B": "badugi",
    "5CD": "five_card_draw",
    "5S": "five_card_stud",
}
_CODES = {name: code for code, name in _GAMES.items()}
_STUD = {"seven_card_stud", "seven_card_stud_hilo", "razz", "five_card_stud"}
_GAME_CACHE: dict[tuple[Any, ...], Game] = {}
_RAW_GAMES: dict[tuple[Any, ...], Game] = {}


def _hashable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(value)
    return value


def _standard_game(
    variant: str,
    *,
    antes: tuple[int, ...],
    blinds: tuple[int, ...],
    bring_in: int,
    small_bet: int,
    big_bet: int,
    min_bet: int | None,
) -> Game:
    """The hoyle game of a PHH variant code with the file's stakes."""
    key = (variant, antes, blinds, bring_in, small_bet, big_bet, min_bet)
    game = _GAME_CACHE.get(key)
    if game is not None:
        return game
    structure, code = variant[:1], variant[1:]
    name = _GAMES.get(code)
    if structure not in ("F", "P", "N") or name is None:
        known = ", ".join(sorted(s + c for s in "FPN" for c in _GAMES))
        raise GameError(f"unknown variant {variant!r} (hoyle reads {known})")
    late: Betting | None = None
    betting: Betting
    if structure == "F":
        if small_bet <= 0 or big_bet <= 0:
            raise GameError(f"variant {variant} needs small_bet and big_bet")
        betting, late = Limit(small_bet, small_bet), Limit(big_bet, big_bet)
        min_bet = None
    else:
        betting = PotLimit() if structure == "P" else NoLimit()
        if min_bet is None:
            raise GameError(f"variant {variant} needs min_bet")
    ante = antes[0] if antes and len(set(antes)) == 1 and len(antes) > 1 else 0
    per_seat: tuple[int, ...] = () if ante else antes
    if name in _STUD:
        if blinds:
            raise GameError(f"{variant} is a stud game: it has a bring-in, not blinds")
        make = {
            "seven_card_stud": seven_card_stud,
            "seven_card_stud_hilo": seven_card_stud_hilo,
            "razz": razz,
            "five_card_stud": five_card_stud,
        }[name]
        game = make(betting=betting, late_betting=late, ante=ante, bring_in=bring_in)
        game = game.with_(antes=per_seat)
        if structure != "F":
            game = game.with_(min_bet=min_bet)
    else:
        if bring_in:
            raise GameError(f"{variant} has blinds, not a bring-in")
        if min_bet is not None and blinds and min_bet == max(blinds):
            min_bet = None  # hoyle's default: the largest blind
        if name in ("texas_holdem", "short_deck_holdem", "omaha"):
            maker = omaha if name == "omaha" else texas_holdem
            game = maker(betting=betting, late_betting=late, blinds=blinds, ante=ante)
            if name == "short_deck_holdem":
                game = game.with_(name=name, deck=_SHORT_DECK)
        elif name == "omaha_hilo":
            game = omaha_hilo(betting=betting, late_betting=late, blinds=blinds, ante=ante)
        elif name == "five_card_draw":
            game = five_card_draw(betting=betting, late_betting=late, blinds=blinds, ante=ante)
        elif name == "deuce_to_seven_single_draw":
            game = deuce_to_seven_single_draw(betting=betting, blinds=blinds, ante=ante)
            if late is not None:
                game = game.with_(streets=_late(game.streets, late, 1))
        elif name == "deuce_to_seven_triple_draw":
            game = deuce_to_seven_triple_draw(
                betting=betting, late_betting=late, blinds=blinds, ante=ante
            )
        else:
            game = badugi(betting=betting, late_betting=late, blinds=blinds, ante=ante)
        game = game.with_(antes=per_seat, min_bet=min_bet)
    _GAME_CACHE[key] = game
    return game


def _late(streets: tuple[Street, ...], late: Betting, start: int) -> tuple[Street, ...]:
    return tuple(
        Street(**{**_street_dict(s), "betting": late}) if i >= start else s
        for i, s in enumerate(streets)
    )


def _street_dict(s: Street) -> dict[str, Any]:
    return {
        "down": s.down,
        "up": s.up,
        "board": s.board,
        "burn": s.burn,
        "draw": s.draw,
        "draw_ace": s.draw_ace,
        "betting": s.betting,
        "first": s.first,
    }


def _betting_out(b: Betting | None) -> dict[str, Any]:
    if isinstance(b, Limit):
        return {"kind": "limit", "min": b.min, "max": b.max}
    if isinstance(b, PotLimit):
        return {"kind": "pot-limit"} if b.cap is None else {"kind": "pot-limit", "cap": b.cap}
    if isinstance(b, NoLimit):
        return {"kind": "no-limit"}
    return {}


def _betting_in(d: dict[str, Any]) -> Betting | None:
    kind = d.get("kind")
    if kind is None:
        return None
    if kind == "limit":
        return Limit(int(d["min"]), int(d["max"]))
    if kind == "pot-limit":
        return PotLimit(cap=d.get("cap"))
    if kind == "no-limit":
        return NoLimit()
    raise GameError(f"unknown betting kind {kind!r}")


_RULES = (
    "wild_ranks",
    "wild_cards",
    "jokers",
    "bug_fills_flush",
    "four_flush",
    "low",
    "low_qualifier",
    "hole_cards",
)


def _game_out(game: Game) -> dict[str, Any]:
    """``Game`` settings as plain TOML values (the ``_hoyle_game`` field)."""
    rules = {k: getattr(game.rules, k) for k in _RULES}
    out: dict[str, Any] = {
        "name": game.name,
        "streets": [
            {k: (_betting_out(v) if k == "betting" else v) for k, v in _street_dict(s).items()}
            for s in game.streets
        ],
        "betting": _betting_out(game.betting),
        "rules": {k: v for k, v in rules.items() if v not in (None, "", False)},
        "high": game.high,
        "ante": game.ante,
        "antes": list(game.antes),
        "blinds": list(game.blinds),
        "bring_in": game.bring_in,
        "min_bet": game.min_bet,
        "raise_cap": game.raise_cap,
        "opener": game.opener,
        "first_must_bet": game.first_must_bet,
    }
    if game.deck != STANDARD_DECK:
        out["deck"] = list(game.deck)
    if game.rake is not None:
        out["rake"] = {"percent": str(game.rake.percent), "cap": game.rake.cap}
    return cast(dict[str, Any], _drop_none(out))


def _drop_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_none(v) for v in value]
    return value


def _game_in(d: dict[str, Any]) -> Game:
    try:
        streets = tuple(
            Street(**{**s, "betting": _betting_in(s.get("betting", {}))}) for s in d["streets"]
        )
        rake = d.get("rake")
        betting = _betting_in(d.get("betting", {}))
        return Game(
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
            rake=None
            if rake is None
            else Rake(percent=Decimal(rake["percent"]), cap=rake.get("cap")),
        )
    except (KeyError, TypeError) as err:
        raise GameError(f"bad _hoyle_game field: {err!r}") from None


# -- hand histories ------------------------------------------------------------------------


class _Prepared:
    """Everything ``replay`` needs, worked out once per history."""

    __slots__ = ("acts", "button", "deck", "final", "game", "seat_of", "stacks")

    def __init__(
        self,
        *,
        game: Game,
        stacks: list[int],
        button: int,
        seat_of: list[int],
        deck: list[int],
        acts: list[tuple[str, int, Any, int, int]],
        final: list[list[int]],
    ) -> None:
        self.game = game
        self.stacks = stacks
        self.button = button
        self.seat_of = seat_of
        self.deck = deck
        self.acts = acts
        self.final = final


def _chips(value: Any, scale: int, what: str) -> int:
    if value.__class__ is int:
        return int(value * scale)
    if isinstance(value, bool) or not isinstance(value, int | Decimal | float):
        raise HistoryError(f"{what} must be a number, got {value!r}")
    amount = Decimal(value) * scale if not isinstance(value, int) else value * scale
    if amount != int(amount):
        raise HistoryError(f"{what} = {value} is finer than the hand's scale {scale}")
    return int(amount)


def _places(value: Any) -> int:
    if isinstance(value, int):
        return 0
    if isinstance(value, float):
        value = Decimal(repr(value))
    if isinstance(value, Decimal):
        if value == value.to_integral_value():
            return 0
        exponent = value.normalize().as_tuple().exponent
        return -exponent if isinstance(exponent, int) else 0
    return 0


class HandHistory:
    """One hand of a PHH file: its fields as read, and its replay.

    ``fields`` holds every field (numbers with decimals as ``Decimal``);
    ``source`` is the file (None for text) and ``name`` the table of a
    ``.phhs`` file. Amounts are in chips times ``scale``.
    """

    __slots__ = ("_actions", "_prepared", "_scale", "fields", "name", "repairs", "source")

    def __init__(
        self, fields: dict[str, Any], *, source: str | None = None, name: str | None = None
    ) -> None:
        self.fields = fields
        self.source = source
        self.name = name
        self._prepared: _Prepared | None = None
        self._scale: int | None = None
        self._actions: list[str] | None = None
        self.repairs: list[str] = []

    def __repr__(self) -> str:
        seats = len(self.fields.get("starting_stacks", ()))
        return f"<HandHistory {self.where}: {self.variant}, {seats} seats>"

    @property
    def where(self) -> str:
        """The file and hand, for messages."""
        place = self.source or "<text>"
        return place if self.name is None else f"{place} hand [{self.name}]"

    def _field(self, key: str) -> Any:
        try:
            return self.fields[key]
        except KeyError:
            raise HistoryError(f"{self.where}: the required field {key!r} is missing") from None

    @property
    def variant(self) -> str:
        """The PHH variant code, e.g. ``"NT"``."""
        value = self._field("variant")
        if not isinstance(value, str):
            raise HistoryError(f"{self.where}: variant must be a string, got {value!r}")
        return value

    @property
    def actions(self) -> list[str]:
        """The action lines, as written."""
        if self._actions is None:
            value = self._field("actions")
            if not isinstance(value, list) or not all(isinstance(a, str) for a in value):
                raise HistoryError(f"{self.where}: actions must be a list of strings")
            self._actions = value
        return self._actions

    @property
    def ante_trimming_status(self) -> bool:
        """The file's flag (hoyle always settles antes as contributions)."""
        return bool(self.fields.get("ante_trimming_status", False))

    @property
    def scale(self) -> int:
        """Chips per unit of the file: 1, or 100 (or more) for decimal amounts."""
        if self._scale is None:
            places = 0
            f = self.fields
            for key in ("antes", "blinds_or_straddles", "starting_stacks"):
                value = f.get(key, ())
                if isinstance(value, list):
                    for v in value:
                        if v.__class__ is not int:
                            places = max(places, _places(v))
            for key in ("bring_in", "small_bet", "big_bet", "min_bet"):
                v = f.get(key, 0)
                if v.__class__ is not int:
                    places = max(places, _places(v))
            actions = self.actions
            for a in actions if any("." in a for a in actions) else ():
                if "cbr" in a:
                    words = a.split("#", 1)[0].split()
                    if len(words) == 3 and "." in words[2]:
                        places = max(places, len(words[2].rsplit(".", 1)[1].rstrip("0")))
            self._scale = 1 if places == 0 else 10 ** max(2, places)
        return self._scale

    def _amounts(self, key: str, n: int) -> tuple[int, ...]:
        value = self.fields.get(key, [])
        if not isinstance(value, list):
            raise HistoryError(f"{self.where}: {key} must be a list")
        if len(value) > n:
            raise HistoryError(f"{self.where}: {key} has {len(value)} entries for {n} players")
        scale = self.scale
        try:
            out = [_chips(v, scale, key) for v in value]
        except HistoryError as err:
            raise HistoryError(f"{self.where}: {err}") from None
        while out and out[-1] == 0:
            out.pop()
        return tuple(out)

    def _amount(self, key: str) -> int:
        value = self.fields.get(key)
        if value is None:
            return 0
        try:
            return _chips(value, self.scale, key)
        except HistoryError as err:
            raise HistoryError(f"{self.where}: {err}") from None

    def _in_seat_order(self, values: list[Any]) -> tuple[Any, ...]:
        extension = self.fields.get("_hoyle_button")
        n = len(values)
        if not isinstance(extension, int) or isinstance(extension, bool) or not 0 <= extension < n:
            return tuple(values)
        out = list(values)
        for i, v in enumerate(values):
            out[(extension + 1 + i) % n] = v
        return tuple(out)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """The starting stacks, by hoyle seat (``p1``..``pN``, unless the file
        has ``_hoyle_button``), times ``scale``."""
        return self._in_seat_order(list(self._stacks_p()))

    def _stacks_p(self) -> tuple[int, ...]:
        value = self._field("starting_stacks")
        if not isinstance(value, list) or len(value) < 2:
            raise HistoryError(f"{self.where}: starting_stacks must list at least 2 stacks")
        try:
            scale = self.scale
            return tuple(_chips(v, scale, "starting_stacks") for v in value)
        except HistoryError as err:
            raise HistoryError(f"{self.where}: {err}") from None

    @property
    def finishing_stacks(self) -> tuple[int | Decimal, ...] | None:
        """The file's final stacks by hoyle seat (as ``starting_stacks``),
        times ``scale``; None when absent. A stack that is not whole in those units (a split pot
        recorded to half a chip) stays a ``Decimal``."""
        value = self.fields.get("finishing_stacks")
        if value is None:
            return None
        if not isinstance(value, list):
            raise HistoryError(f"{self.where}: finishing_stacks must be a list")
        out: list[int | Decimal] = []
        for v in value:
            d = Decimal(v) * self.scale if not isinstance(v, int) else v * self.scale
            out.append(int(d) if d == int(d) else d)
        return self._in_seat_order(out)

    @property
    def game(self) -> Game:
        """The hoyle ``Game`` this hand is played under."""
        return self._prepare().game

    def seat(self, player: int) -> int:
        """The hoyle seat of ``p{player}`` (1-based, as in PHH)."""
        return self._prepare().seat_of[player - 1]

    @property
    def button(self) -> int:
        """The hoyle seat of the button."""
        return self._prepare().button

    def _make_game(self, n: int) -> Game:
        f = self.fields
        extension = f.get("_hoyle_game")
        try:
            if isinstance(extension, dict):
                if self.scale != 1:
                    raise GameError("a _hoyle_game hand must use whole chips")
                return _game_in(extension)
            key: tuple[Any, ...] = (
                f.get("variant"),
                _hashable(f.get("antes")),
                _hashable(f.get("blinds_or_straddles")),
                f.get("bring_in"),
                f.get("small_bet"),
                f.get("big_bet"),
                f.get("min_bet"),
                self.scale,
                n,
            )
            try:
                game = _RAW_GAMES.get(key)
                cacheable = True
            except TypeError:  # an unhashable field: no caching
                cacheable, game = False, None
            if game is not None:
                return game
            if len(_RAW_GAMES) > 4096:
                _RAW_GAMES.clear()
            min_bet = f.get("min_bet")
            game = _standard_game(
                self.variant,
                antes=self._amounts("antes", n),
                blinds=self._amounts("blinds_or_straddles", n),
                bring_in=self._amount("bring_in"),
                small_bet=self._amount("small_bet"),
                big_bet=self._amount("big_bet"),
                min_bet=None if min_bet is None else self._amount("min_bet"),
            )
            if cacheable:
                _RAW_GAMES[key] = game
            return game
        except GameError as err:
            raise HistoryError(f"{self.where}: {err}") from None

    def _prepare(self) -> _Prepared:
        if self._prepared is None:
            self._prepared = self._build()
        return self._prepared

    def _build(self) -> _Prepared:
        where = self.where
        stacks_p = self._stacks_p()
        n = len(stacks_p)
        game = self._make_game(n)
        seat_of = list(range(n))
        button = n - 1
        hoyle_button = self.fields.get("_hoyle_button")
        if isinstance(hoyle_button, int) and not isinstance(hoyle_button, bool):
            if not 0 <= hoyle_button < n:
                raise HistoryError(f"{where}: _hoyle_button {hoyle_button} is not a seat")
            button = hoyle_button
            seat_of = [(button + 1 + i) % n for i in range(n)]
        stacks = [0] * n
        for i, s in enumerate(seat_of):
            stacks[s] = stacks_p[i]
        scale = self.scale
        streets = game.streets
        deal_streets = [k for k, st in enumerate(streets) if st.down or st.up]
        draw_streets = [k for k, st in enumerate(streets) if st.draw]
        has_draw = bool(draw_streets)
        known: set[int] = set()
        cards: list[int] = []  # slot -> card id (or _UNKNOWN)
        held: list[list[int]] = [[] for _ in range(n)]  # slots each seat holds now
        batches: list[dict[int, list[int]]] = []
        board: list[int] = []
        drawers: list[list[int]] = []  # per draw phase, seats in order of their sd
        replacements: list[dict[int, list[int]]] = []
        acts: list[tuple[str, int, Any, int, int]] = []
        board_streets = [k for k, st in enumerate(streets) if st.board]
        at = 0  # the street the file has reached
        dbs = 0
        last_deal_seat: set[int] | None = None  # seats dealt in the current batch
        last_kind = ""
        jokers = 52
        unknown = False

        def fail(index: int, text: str, why: str) -> HistoryError:
            return HistoryError(f"{where}: action {index + 1} {text!r}: {why}")

        def slots_for(index: int, text: str, token: str) -> list[int]:
            nonlocal jokers, unknown
            try:  # the usual case: known cards, each once
                ids = [_CARD[token[k : k + 2]] for k in range(0, len(token), 2)]
            except KeyError:
                pass
            else:
                if len(token) % 2 == 0 and known.isdisjoint(ids) and len(set(ids)) == len(ids):
                    known.update(ids)
                    base = len(cards)
                    cards.extend(ids)
                    return list(range(base, base + len(ids)))
            if len(token) % 2:
                raise fail(index, text, f"bad cards {token!r}")
            out = []
            for k in range(0, len(token), 2):
                t = token[k : k + 2]
                c = _CARD.get(t)
                if c is None:
                    if t == "??":
                        c = _UNKNOWN
                    elif t in ("Xx", "XX"):
                        c, jokers = jokers, jokers + 1
                    else:
                        raise fail(index, text, f"bad card {t!r}")
                if c == _UNKNOWN:
                    unknown = True
                else:
                    if c in known:
                        raise fail(index, text, f"card {_NAME[c]} is dealt twice")
                    known.add(c)
                out.append(len(cards))
                cards.append(c)
            return out

        labels = {f"p{i + 1}": s for i, s in enumerate(seat_of)}

        def player(index: int, text: str, word: str) -> int:
            seat = labels.get(word)
            if seat is None:
                raise fail(index, text, f"{word!r} is not a player p1..p{n}")
            return seat

        def claim(index: int, text: str, seat: int, token: str, drop: bool) -> list[int]:
            """Find the held slots of shown or discarded cards, naming unknown
            slots where needed; with ``drop`` they leave the seat's hand."""
            hand = held[seat]
            out: list[int] = []
            for k in range(0, len(token), 2):
                t = token[k : k + 2]
                c = _CARD.get(t)
                pick = None
                if t in ("Xx", "XX"):
                    for s in hand:
                        if cards[s] >= 52 and s not in out:
                            pick = s
                            break
                elif c is None and t != "??":
                    raise fail(index, text, f"bad card {t!r}")
                elif c is not None:
                    for s in hand:
                        if cards[s] == c and s not in out:
                            pick = s
                            break
                    if pick is None:
                        if c in known:
                            raise fail(index, text, f"{_NAME[c]} is not in p's hand")
                        for s in hand:
                            if cards[s] == _UNKNOWN and s not in out:
                                pick = s
                                cards[s] = c
                                known.add(c)
                                break
                else:
                    for s in hand:
                        if cards[s] == _UNKNOWN and s not in out:
                            pick = s
                            break
                if pick is None:
                    raise fail(index, text, f"the player does not hold {t}")
                out.append(pick)
            if drop:
                for s in out:
                    hand.remove(s)
            return out

        for index, text in enumerate(self.actions):
            words = text.split("#", 1)[0].split() if "#" in text else text.split()
            if not words:
                continue
            head = words[0]
            if head == "d":
                if len(words) == 4 and words[1] == "dh":
                    seat = player(index, text, words[2])
                    slots = slots_for(index, text, words[3])
                    held[seat].extend(slots)
                    if has_draw and drawers:
                        replacements[-1].setdefault(seat, []).extend(slots)
                    else:
                        if last_kind != "dh" or last_deal_seat is None or seat in last_deal_seat:
                            batches.append({})
                            last_deal_seat = set()
                            if len(batches) <= len(deal_streets):
                                at = max(at, deal_streets[len(batches) - 1])
                        last_deal_seat.add(seat)
                        batches[-1][seat] = slots
                    last_kind = "dh"
                elif len(words) == 3 and words[1] == "db":
                    board.extend(slots_for(index, text, words[2]))
                    dbs += 1
                    if dbs <= len(board_streets):
                        at = max(at, board_streets[dbs - 1])
                    last_kind = "db"
                else:
                    raise fail(index, text, "a dealer action is 'd dh pN CARDS' or 'd db CARDS'")
                continue
            if len(words) < 2:
                raise fail(index, text, "expected 'pN ACTION'")
            seat = player(index, text, head)
            kind = words[1]
            if kind == "sm":
                if len(words) == 3 and words[2] != "-":
                    claim(index, text, seat, words[2], False)
                elif len(words) > 3:
                    raise fail(index, text, "expected 'pN sm [CARDS]'")
                last_kind = "sm"
                continue
            if kind in ("f", "cc", "pb") and len(words) == 2:
                acts.append((kind, seat, None, index, at))
            elif kind == "cbr" and len(words) == 3:
                try:
                    amount = _chips(Decimal(words[2]), scale, "the amount")
                except (ArithmeticError, ValueError, HistoryError):
                    raise fail(index, text, f"bad amount {words[2]!r}") from None
                acts.append((kind, seat, amount, index, at))
            elif kind == "sd" and len(words) in (2, 3):
                if not has_draw:
                    raise fail(index, text, f"{game.name} has no draw")
                if (
                    last_kind not in ("sd", "dh")
                    or not drawers
                    or (last_kind == "dh" and (seat in drawers[-1]))
                ):
                    drawers.append([])
                    replacements.append({})
                    if len(drawers) <= len(draw_streets):
                        at = max(at, draw_streets[len(drawers) - 1])
                drawers[-1].append(seat)
                slots = claim(index, text, seat, words[2], True) if len(words) == 3 else []
                acts.append((kind, seat, slots, index, at))
            else:
                raise fail(index, text, "unknown action")
            last_kind = kind

        # Unknown cards: weak ones (the lowest unused, the highest in a
        # low-only game), except unknown stud up cards, which take cards far
        # from the bring-in (the highest, the lowest in razz) so that the
        # file's bring-in stands.
        pool: Iterator[int] = (
            c for c in (game.deck if game.high else reversed(game.deck)) if c not in known
        )
        up_slots: list[int] = []
        if unknown:
            for j, batch in enumerate(batches):
                if j < len(deal_streets):
                    st = streets[deal_streets[j]]
                    if st.up:
                        for slots in batch.values():
                            up_slots.extend(x for x in slots[st.down :] if cards[x] == _UNKNOWN)
        if up_slots:
            unused = list(pool)
            for x in up_slots:
                if unused:
                    cards[x] = unused.pop()
            pool = iter(unused)
        if unknown:
            for x, c in enumerate(cards):
                if c == _UNKNOWN:
                    try:
                        cards[x] = next(pool)
                    except StopIteration:
                        raise HistoryError(
                            f"{where}: more cards are dealt than the deck holds"
                        ) from None
        deck: list[int] = []
        board_at = 0
        order = sorted(range(n), key=lambda s: (s - button - 1) % n)
        for k, st in enumerate(streets):
            if st.burn:
                deck.extend(islice(pool, 1))
            if st.down or st.up:
                j = deal_streets.index(k)
                batch = batches[j] if j < len(batches) else {}
                per = st.down + st.up
                dealt = [s for s in order if s in batch]
                for s in dealt:
                    if len(batch[s]) != per:
                        raise HistoryError(
                            f"{where}: p{seat_of.index(s) + 1} is dealt {len(batch[s])} cards "
                            f"on street {k + 1}; {game.name} deals {per}"
                        )
                for r in range(per):
                    for s in dealt:
                        deck.append(cards[batch[s][r]])
            for _ in range(st.board):
                if board_at < len(board):
                    deck.append(cards[board[board_at]])
                    board_at += 1
            if st.draw:
                j = draw_streets.index(k)
                if j < len(drawers):
                    for s in drawers[j]:
                        deck.extend(cards[x] for x in replacements[j].get(s, ()))
        if board_at < len(board):
            raise HistoryError(f"{where}: {len(board)} board cards; {game.name} deals fewer")
        deck.extend(islice(pool, max(0, game.cards_needed(n) - len(deck))))
        resolved = [
            (kind, seat, [cards[x] for x in arg] if kind == "sd" else arg, index, street)
            for kind, seat, arg, index, street in acts
        ]
        final = [sorted(cards[x] for x in h) for h in held]
        return _Prepared(
            game=game,
            stacks=stacks,
            button=button,
            seat_of=seat_of,
            deck=deck,
            acts=resolved,
            final=final,
        )

    def replay(self, *, partial: bool = False, strict: bool = False) -> Hand:
        """Play the recorded actions and return the finished hand.

        Raises ``HistoryError`` naming the file, the hand and the action
        when an action is malformed, out of turn or illegal, or when the
        actions end before the hand does (``partial=True`` returns the hand
        where the actions end).

        A player the file skips while facing a bet is taken to have folded
        (records from broadcasts sometimes leave the fold out; PokerKit's
        loader makes the same repair); each such fold is listed in
        ``repairs``. ``strict=True`` refuses it instead.
        """
        repairs: list[str] = []
        prep = self._prepare()
        where = self.where
        try:
            hand = prep.game.start(prep.stacks, button=prep.button, deck=prep.deck)
        except GameError as err:
            raise HistoryError(f"{where}: {err}") from None
        texts = self.actions
        stud = prep.game.bring_in > 0
        for kind, seat, arg, index, street in prep.acts:
            actor = hand.actor
            if seat == actor and not stud:  # the usual case, first
                try:
                    if kind == "cc":
                        if hand.legal.can_check:
                            hand.check()
                        else:
                            hand.call()
                    elif kind == "cbr":
                        hand.raise_to(self._capped(hand, actor, arg))
                    elif kind == "f":
                        hand.fold()
                    elif kind == "sd":
                        hand.draw(arg)
                    else:
                        raise IllegalActionError("no bring-in in this game")
                except IllegalActionError as err:
                    raise HistoryError(
                        f"{where}: action {index + 1} {texts[index]!r}: {err}"
                    ) from None
                continue
            if actor is not None and street > hand.street and self._bring_in_option(hand):
                hand.check()  # PHH gives a called bring-in no option; hoyle does
                actor = hand.actor
            if kind == "pb":
                forced = [a for a in hand.history if a.kind == "bring-in"]
                if not forced or forced[-1].seat != seat or len(forced) > 1:
                    raise HistoryError(
                        f"{where}: action {index + 1} {texts[index]!r}: this player does not "
                        "bring in (hoyle posts the lowest up card's bring-in)"
                    )
                continue
            if actor is None:
                raise HistoryError(
                    f"{where}: action {index + 1} {texts[index]!r}: the hand is already over"
                )
            while (
                actor is not None
                and seat != actor
                and not strict
                and not hand.is_drawing
                and hand.legal.can_fold
                and hand.active[seat]
            ):
                repairs.append(f"p{prep.seat_of.index(actor) + 1} folds before action {index + 1}")
                hand.fold()
                actor = hand.actor
            if actor is None:
                raise HistoryError(
                    f"{where}: action {index + 1} {texts[index]!r}: the hand is already over"
                )
            if seat != actor:
                raise HistoryError(
                    f"{where}: action {index + 1} {texts[index]!r}: out of turn, "
                    f"p{prep.seat_of.index(actor) + 1} is to act"
                )
            try:
                if kind == "cc":
                    if hand.legal.can_check:
                        hand.check()
                    else:
                        hand.call()
                elif kind == "cbr":
                    hand.raise_to(self._capped(hand, actor, arg))
                elif kind == "f":
                    hand.fold()
                else:
                    hand.draw(arg)
            except IllegalActionError as err:
                raise HistoryError(f"{where}: action {index + 1} {texts[index]!r}: {err}") from None
        self.repairs = repairs
        if not hand.is_over and not partial:
            raise HistoryError(
                f"{where}: the actions end before the hand is over "
                f"(p{prep.seat_of.index(hand.actor) + 1} is to act)"
                if hand.actor is not None
                else f"{where}: the actions end before the hand is over"
            )
        for seat in range(len(prep.final) if hand.is_over else 0):
            if sorted(hand.hole(seat)) != prep.final[seat]:
                raise HistoryError(
                    f"{where}: p{prep.seat_of.index(seat) + 1} ends with "
                    f"{' '.join(_NAME[c] for c in hand.hole(seat))}; the file deals "
                    f"{' '.join(_NAME[c] for c in prep.final[seat])}"
                )
        return hand

    @staticmethod
    def _bring_in_option(hand: Hand) -> bool:
        """True when hoyle waits for the bring-in's option (RULES.md §6: a
        forced bet is not an action), which PHH does not record."""
        if hand.is_drawing or not hand.legal.can_check:
            return False
        history = hand.history
        forced = [a for a in history if a.kind == "bring-in"]
        return bool(forced) and forced[0].seat == hand.actor and hand.street == forced[0].street

    @staticmethod
    def _capped(hand: Hand, seat: int, total: int) -> int:
        """A raise to exactly what the deepest opponent can match, below the
        minimum raise, is read as the minimum raise: the chips come out the
        same once the uncalled part goes back (PokerKit before 0.7.4 wrote
        such raises; ``wsop/2023/43/5/85.phh`` has one)."""
        legal = hand.legal
        lo = legal.min_raise_to
        if lo is None or total >= lo:
            return total
        bets, stacks, active = hand.bets, hand.stacks, hand.active
        reach = max(
            (bets[s] + stacks[s] for s in range(len(bets)) if s != seat and active[s]), default=0
        )
        return lo if total > max(bets) and total >= reach else total

    def dumps(self) -> str:
        """The fields as PHH text (``dumps(hand)`` writes a hoyle hand)."""
        return _write(self.fields)


def load(source: str | os.PathLike[str]) -> list[HandHistory]:
    """Read the hands of a ``.phh`` or ``.phhs`` file, or of PHH text.

    A ``str`` with a newline or an ``=`` is text, anything else a path.
    """
    if isinstance(source, os.PathLike) or ("\n" not in source and "=" not in source):
        path = os.fspath(source)
        try:
            with open(path, "rb") as fh:
                text = fh.read().decode("utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise HistoryError(f"{path}: cannot read: {err}") from None
        return loads(text, source=path)
    return loads(source)


def loads(text: str, *, source: str | None = None) -> list[HandHistory]:
    """The hands of PHH text (``source`` names it in messages)."""
    where = source or "<text>"
    doc = _read_toml(text, where)
    if "variant" in doc:
        return [HandHistory(doc, source=source)]
    if doc and all(isinstance(v, dict) for v in doc.values()):
        return [HandHistory(v, source=source, name=k) for k, v in doc.items()]
    raise HistoryError(f"{where}: no hand here (no 'variant', and not a .phhs of [tables])")


# -- writing -------------------------------------------------------------------------------

_BARE = re.compile(r"[A-Za-z0-9_-]+")


def _key(k: str) -> str:
    return k if _BARE.fullmatch(k) else json.dumps(k, ensure_ascii=False)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, Decimal):
        if not v.is_finite():
            raise HistoryError(f"cannot write {v} in TOML")
        text = str(v)
        return text if "E" not in text and "e" not in text else format(v, "f")
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, datetime.time | datetime.date):
        return v.isoformat()
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + "}"
    raise HistoryError(f"cannot write {type(v).__name__} {v!r} in TOML")


def _write(fields: dict[str, Any]) -> str:
    lines = []
    for k, v in fields.items():
        if k == "actions" and isinstance(v, list):
            body = "".join(f"  {_value(a)},\n" for a in v)
            lines.append(f"actions = [\n{body}]")
        else:
            lines.append(f"{_key(k)} = {_value(v)}")
    return "\n".join(lines) + "\n"


def _cards(ids: Iterable[int]) -> str:
    return "".join(_NAME[c] for c in ids)


def _variant(game: Game) -> str | None:
    code = _CODES.get(game.name)
    if code is None:
        return None
    b = game.betting
    return ("F" if isinstance(b, Limit) else "P" if isinstance(b, PotLimit) else "N") + code


def _stakes(game: Game, n: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    antes = list(game.antes) if game.antes else [game.ante] * n
    out["antes"] = antes + [0] * (n - len(antes))
    if game.bring_in or game.name in _STUD:
        out["bring_in"] = game.bring_in
    else:
        out["blinds_or_straddles"] = list(game.blinds) + [0] * (n - len(game.blinds))
    if isinstance(game.betting, Limit):
        late = game.streets[-1].betting or game.betting
        out["small_bet"] = game.betting.min
        out["big_bet"] = late.min if isinstance(late, Limit) else game.betting.min
    else:
        out["min_bet"] = game.smallest_bet
    return out


def _plain_game(variant: str, stakes: dict[str, Any]) -> Game | None:
    try:
        return _standard_game(
            variant,
            antes=tuple(_strip(stakes["antes"])),
            blinds=tuple(_strip(stakes.get("blinds_or_straddles", []))),
            bring_in=stakes.get("bring_in", 0),
            small_bet=stakes.get("small_bet", 0),
            big_bet=stakes.get("big_bet", 0),
            min_bet=stakes.get("min_bet"),
        )
    except (GameError, HistoryError):
        return None


def _strip(values: list[int]) -> list[int]:
    out = list(values)
    while out and out[-1] == 0:
        out.pop()
    return out


def dumps(hand: Hand, **extra: Any) -> str:
    """Write a hoyle hand (finished or in progress) as PHH text.

    ``p1`` is the seat left of the button; when the button is not the last
    seat, ``_hoyle_button`` records it so ``load`` puts the seats back. A game PHH cannot
    name exactly gets the ``_hoyle_game`` extension field. ``extra`` fields
    (``players``, ``event``...) are written after the standard ones.
    """
    game = hand.game
    n = len(hand.starting_stacks)
    button = hand.button
    seat_of = [(button + 1 + i) % n for i in range(n)]
    label = {s: f"p{i + 1}" for i, s in enumerate(seat_of)}
    variant = _variant(game)
    stakes = _stakes(game, n)
    fields: dict[str, Any] = {
        "variant": variant or ("F" if isinstance(game.betting, Limit) else "N") + "T",
        "ante_trimming_status": True,
        **stakes,
        "starting_stacks": [hand.starting_stacks[s] for s in seat_of],
    }
    if variant is None or _plain_game(variant, stakes) != game:
        fields["_hoyle_game"] = _game_out(game)
    actions: list[str] = []
    streets = game.streets
    history = hand.history
    # Reconstruct each seat's cards as dealt: undo the draws from the end.
    draws = [a for a in history if a.kind == "draw"]
    holding = {s: list(hand.hole(s)) for s in range(n)}
    received: dict[tuple[int, int], list[int]] = {}
    for a in reversed(draws):
        cur = holding[a.seat]
        k = a.total
        got = cur[len(cur) - k :] if k else []
        received[(a.street, a.seat)] = got
        holding[a.seat] = cur[: len(cur) - k] + list(a.cards)
    dealt_at = 0
    board = hand.board
    board_at = 0
    last_street = min(hand.street, len(streets) - 1)
    by_street: dict[int, list[Any]] = {}
    for a in history:
        by_street.setdefault(a.street, []).append(a)
    for k in range(last_street + 1):
        st = streets[k]
        per = st.down + st.up
        if per:
            for s in seat_of:
                mine = holding[s][dealt_at : dealt_at + per]
                if len(mine) == per:
                    actions.append(f"d dh {label[s]} {_cards(mine)}")
            dealt_at += per
        if st.board and board_at < len(board):
            actions.append(f"d db {_cards(board[board_at : board_at + st.board])}")
            board_at += st.board
        pending: list[str] = []
        for a in by_street.get(k, ()):
            kind = a.kind
            who = label[a.seat]
            if kind in ("ante", "blind"):
                continue
            if kind == "draw":
                actions.append(f"{who} sd {_cards(a.cards)}" if a.cards else f"{who} sd")
                got = received.get((k, a.seat), [])
                if got:
                    pending.append(f"d dh {who} {_cards(got)}")
                continue
            if pending:
                actions.extend(pending)
                pending = []
            if kind == "bring-in":
                actions.append(f"{who} pb")
            elif kind in ("check", "call"):
                actions.append(f"{who} cc")
            elif kind in ("bet", "raise"):
                actions.append(f"{who} cbr {a.total}")
            elif kind == "fold":
                actions.append(f"{who} f")
        actions.extend(pending)
    if hand.is_over and sum(hand.active) > 1 and hand.street >= len(streets):
        for s in seat_of:
            if hand.active[s]:
                actions.append(f"{label[s]} sm {_cards(hand.hole(s))}")
    fields["actions"] = actions
    if button != n - 1:
        fields["_hoyle_button"] = button
    if hand.is_over:
        fields["finishing_stacks"] = [hand.stacks[s] for s in seat_of]
    fields.update(extra)
    return _write(fields)
