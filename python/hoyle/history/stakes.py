"""A hand history's numbers: chips and their scale, the seats, and the
game its stakes fields make.

Amounts that are not all whole are scaled to integer chips by ``scale``
(100, or the smallest larger power of ten that makes them whole). Errors
here carry no file name: ``HandHistory`` adds it.
"""

from __future__ import annotations

import functools
import math
from decimal import Decimal
from typing import TYPE_CHECKING, Any, cast

from hoyle._core import MAX_CHIPS
from hoyle.errors import HistoryError
from hoyle.history.shape import DealShape
from hoyle.history.variants import Stakes, standard_game

if TYPE_CHECKING:
    from hoyle.games import Game

__all__ = [
    "MAX_CHIPS",
    "amounts",
    "blinds_and_posts",
    "chips",
    "deep_stack",
    "is_unknown_stack",
    "scale_of",
    "scaled",
    "seating",
    "stakes_game",
    "table_cap",
]

_INT_ONLY = {int}
MAX_PLACES = 18
"""The most decimal places an amount of a file may have (its scale is at most ``10**18``)."""
_MAX_BOTTOM = 10**MAX_PLACES  # the largest denominator of such an amount


def chips(value: Any, scale: int, what: str) -> int:
    """``value`` (a number of the file) in chips times ``scale``: a whole
    number from 0 to ``MAX_CHIPS``."""
    if value.__class__ is int:
        amount = value * scale
        if 0 <= amount <= MAX_CHIPS:
            return amount
    elif isinstance(value, bool) or not isinstance(value, int | Decimal | float):
        raise HistoryError(f"{what} must be a number, got {value!r}")
    whole = scaled(value, scale, what)
    if not isinstance(whole, int):
        raise HistoryError(f"{what} = {value} is finer than the hand's scale {scale}")
    return whole


def scaled(value: Any, scale: int, what: str) -> int | Decimal:
    """``value`` times ``scale``, exactly: an int when whole, else a
    ``Decimal``. ``HistoryError`` for a value that is not a finite number
    from 0 to ``MAX_CHIPS`` chips with at most ``MAX_PLACES`` decimal places
    (so no arithmetic here is ever on huge numbers)."""
    if value.__class__ is Decimal and value.is_finite() and -MAX_PLACES <= value.adjusted() <= 20:
        # the usual decimal (a stack in cents): its exact ratio, no digit tuples
        top, bottom = value.as_integer_ratio()
        if top >= 0 and bottom <= _MAX_BOTTOM:
            whole, part = divmod(top * scale, bottom)
            if part == 0 and whole <= MAX_CHIPS:
                return whole
    if isinstance(value, bool) or not isinstance(value, int | Decimal | float):
        raise HistoryError(f"{what} must be a number, got {value!r}")
    digits: int
    exponent: int
    if isinstance(value, int):
        digits, exponent = abs(value), 0
        negative = value < 0
    else:
        negative, digits, exponent = _exact(value, what)
    amount: int = digits * scale
    if exponent >= 0:
        amount *= 10**exponent
        places = 0
    else:
        places = -exponent
    if negative and amount:
        raise HistoryError(f"{what} = {value} is negative; amounts are 0 or more")
    if amount > MAX_CHIPS * 10**places:
        raise HistoryError(f"{what} = {value} is more than hoyle's {MAX_CHIPS} chips")
    if places == 0:
        return amount
    unit: int = 10**places
    whole, part = divmod(amount, unit)
    if part == 0:
        return whole
    return Decimal((0, tuple(map(int, str(amount))), exponent))


def _exact(value: Decimal | float, what: str) -> tuple[bool, int, int]:
    """A finite number as (negative, digits, exponent) with no trailing
    zeros, its size checked before any arithmetic."""
    d = Decimal(repr(value)) if isinstance(value, float) else value
    if not d.is_finite():
        raise HistoryError(f"{what} = {value} is not a finite number")
    if d.is_zero():
        return False, 0, 0
    if d.adjusted() > 20:  # MAX_CHIPS has 20 digits
        raise HistoryError(f"{what} = {value} is more than hoyle's {MAX_CHIPS} chips")
    sign, digits, exponent = d.as_tuple()
    assert isinstance(exponent, int)  # finite
    end = len(digits)
    while digits[end - 1] == 0:  # not zero: a nonzero digit stops it
        end -= 1
    exponent += len(digits) - end
    if exponent < -MAX_PLACES:
        raise HistoryError(f"{what} = {value} has more than {MAX_PLACES} decimal places")
    return bool(sign), int("".join(map(str, digits[:end]))), exponent


def is_unknown_stack(value: Any) -> bool:
    """PHH's unknown stack: ``inf`` (positive infinity; ``-inf`` and ``nan``
    are errors, as any other amount that is not a finite number)."""
    if value.__class__ is float:
        return bool(value == math.inf)
    return isinstance(value, Decimal) and value.is_infinite() and not value.is_signed()


def starting_stacks(value: Any, scale: int) -> tuple[int | None, ...]:
    """A file's ``starting_stacks`` in chips (times ``scale``), in the
    file's order; None for a stack it does not know (``inf``). At least two,
    none negative, their sum at most ``MAX_CHIPS``."""
    if not isinstance(value, list) or len(value) < 2:
        raise HistoryError("starting_stacks must list at least 2 stacks")
    out: tuple[int | None, ...]
    if scale == 1 and set(map(type, value)) == _INT_ONLY and min(value) >= 0:
        out = tuple(value)
    else:
        out = tuple(
            None if is_unknown_stack(v) else chips(v, scale, "starting_stacks") for v in value
        )
    # (without a generator when all are known: the usual case)
    total = sum(v for v in out if v is not None) if None in out else sum(out)  # type: ignore[arg-type]
    if total > MAX_CHIPS:
        raise HistoryError(f"the starting stacks add up to more than hoyle's {MAX_CHIPS} chips")
    return out


def seat_stacks(
    by_player: tuple[int | None, ...], seat_of: tuple[int, ...], deep: int, cap: int | None = None
) -> list[int]:
    """The starting stacks by hoyle seat (``seat_of[i]`` is player i's
    seat), an unknown one (None) replaced by ``deep``; their sum at most
    ``MAX_CHIPS``. ``cap`` (a capped game's, ``table_cap``): each stack in
    play is at most that."""
    if cap is not None:
        capped = tuple(None if v is None else min(v, cap) for v in by_player)
        return seat_stacks(capped, seat_of, min(deep, cap))
    if not deep and seat_of == tuple(range(len(seat_of))):
        return list(cast("tuple[int, ...]", by_player))  # (no None: deep is 0)
    stacks = [0] * len(by_player)
    for i, s in enumerate(seat_of):
        stack = by_player[i]
        stacks[s] = deep if stack is None else stack
    if deep and sum(stacks) > MAX_CHIPS:
        raise HistoryError(
            "the deep stacks given for the unknown ones add up to "
            f"more than hoyle's {MAX_CHIPS} chips"
        )
    return stacks


def table_cap(fields: dict[str, Any], scale: int) -> int | None:
    """A capped no-limit game's cap (``_hoyle_cap``, in the file's money:
    the most a player may put in a hand, blinds and antes included) in
    chips times ``scale``; None for a game without one. A player plays
    with at most the cap: a stack above it is in play up to the cap, the
    rest stays off the table."""
    value = fields.get("_hoyle_cap")
    if value is None:
        return None
    cap = chips(value, scale, "_hoyle_cap")
    if cap <= 0:
        raise HistoryError(f"_hoyle_cap must be more than 0, got {value}")
    return cap


def deep_stack(game: Game, acts: list[Any], n: int) -> int:
    """The stack a seat whose stack the file does not know gets: one chip more
    than every chip the hand's forced bets and bets could take from a seat
    (its ante, blind, post and bring-in, and every bet or raise the file
    makes, added up), so no such seat is ever all in."""
    forced = game.ante + sum(game.antes) + sum(game.blinds) + sum(game.posts) + game.bring_in
    bets: int = sum(arg for kind, _, arg, _, _ in acts if kind == "cbr")
    return max(1, forced + bets + 1)


def _places(value: Any, what: str) -> int:
    """The decimal places a number needs (0 for whole numbers and non-numbers;
    2 for one place, which gives the same scale)."""
    if isinstance(value, int) or not isinstance(value, Decimal | float):
        return 0
    if value.__class__ is Decimal and value.is_finite() and -MAX_PLACES <= value.adjusted() <= 20:
        bottom = value.as_integer_ratio()[1]  # 2**a * 5**b: the places are max(a, b)
        if 100 % bottom == 0:  # whole, or cents: no finer (one place scales as two)
            return 0 if bottom == 1 else 2
        if bottom <= _MAX_BOTTOM:
            places = 0
            while bottom > 1:
                bottom //= 10 if bottom % 10 == 0 else 2 if bottom % 2 == 0 else 5
                places += 1
            if places <= MAX_PLACES:
                return places
    exponent = _exact(value, what)[2]
    return max(0, -exponent)


def _list_places(value: list[Any], key: str) -> int:
    """The most decimal places of a list's numbers (``_places``; an
    unknown stack, ``inf``, has none)."""
    places = 0
    for v in value:
        if v.__class__ is not int and not (key == "starting_stacks" and is_unknown_stack(v)):
            places = max(places, _places(v, key))
    return places


def scale_of(fields: dict[str, Any], actions: list[str]) -> int:
    """Chips per unit of the file: 1, or 100 (or more) for decimal amounts."""
    places = 0
    for key in ("antes", "blinds_or_straddles", "starting_stacks"):
        value = fields.get(key, ())
        if isinstance(value, list) and set(map(type, value)) != _INT_ONLY:
            places = max(places, _list_places(value, key))
    # (``_hoyle_room_rake``: a room's rake finer than the stakes, 2.5 at $5/$10)
    money = ("_hoyle_room_rake", "_hoyle_cap", "_hoyle_house_money")
    for key in ("bring_in", "small_bet", "big_bet", "min_bet", *money):
        v = fields.get(key, 0)
        if v.__class__ is not int:
            places = max(places, _places(v, key))
    for a in actions if "." in "".join(actions) else ():
        if "cbr" in a:
            words = a.split("#", 1)[0].split()
            if len(words) == 3 and "." in words[2]:
                places = max(places, len(words[2].rsplit(".", 1)[1].rstrip("0")))
    if places > MAX_PLACES:
        raise HistoryError(f"an amount has more than {MAX_PLACES} decimal places")
    return 1 if places == 0 else 10 ** max(2, places)


def amounts(value: Any, key: str, n: int, scale: int) -> tuple[int, ...]:
    """A positional list of amounts (the ``key`` field, None when absent)
    in chips, trailing zeros left off."""
    if value is None:
        return ()
    if not isinstance(value, list | tuple):
        raise HistoryError(f"{key} must be a list")
    if len(value) > n:
        raise HistoryError(f"{key} has {len(value)} entries for {n} players")
    out = [chips(v, scale, key) for v in value]
    while out and out[-1] == 0:
        out.pop()
    return tuple(out)


def blinds_and_posts(value: Any, n: int, scale: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ``blinds_or_straddles`` field (None when absent) as blinds and
    post bets in chips, positional, trailing zeros left off. A negative
    entry is a post bet of its size: PHH's specification does not define
    it, and PokerKit's ``State`` reads a negative blind or straddle as "a
    post bet, used to denote what a player who just got seated pays to
    begin playing right away without waiting for the button"
    (pokerkit/state.py, ``raw_blinds_or_straddles``). PokerKit plays the
    whole post live; hoyle plays it as ``Game.posts`` says (a post smaller
    than the big blind is dead), which is what the sites did: Ongame hand
    R5-1714502-73 of the HandHQ data posts 5 at 5/10, and its finishing
    stacks take 5 more from the poster than a live post would."""
    if value is None:
        return (), ()
    if not isinstance(value, list | tuple):
        raise HistoryError("blinds_or_straddles must be a list")
    if not any(map(_negative, value)):
        return amounts(value, "blinds_or_straddles", n, scale), ()
    blinds = [v if not _negative(v) else 0 for v in value]
    posts = [-v if _negative(v) else 0 for v in value]
    return (
        amounts(blinds, "blinds_or_straddles", n, scale),
        amounts(posts, "blinds_or_straddles (a post bet, negative)", n, scale),
    )


def _negative(v: Any) -> bool:
    """A number below zero (a NaN is not: ``chips`` refuses it)."""
    if v.__class__ is int or v.__class__ is float:
        return bool(v < 0)
    return isinstance(v, Decimal) and not v.is_nan() and v.is_signed() and not v.is_zero()


def stakes_game(fields: dict[str, Any], variant: str, scale: int, n: int) -> tuple[Game, DealShape]:
    """The game of a file's variant and stakes fields for ``n`` seats, and
    its shape (the same fields give the same objects, up to a bounded cache)."""
    key = (
        variant,
        tuple(antes) if isinstance(antes := fields.get("antes"), list) else antes,
        tuple(blinds) if isinstance(blinds := fields.get("blinds_or_straddles"), list) else blinds,
        fields.get("bring_in"),
        fields.get("small_bet"),
        fields.get("big_bet"),
        fields.get("min_bet"),
        scale,
        n,
    )
    try:
        return _cached_stakes_game(key)
    except TypeError:  # an unhashable (malformed) field: read without the cache
        return _stakes_game(key)


def _stakes_game(key: tuple[Any, ...]) -> tuple[Game, DealShape]:
    """``stakes_game`` of the fields in ``key`` (lists as tuples)."""
    variant, antes, blinds, bring_in, small_bet, big_bet, min_bet, scale, n = key

    def amount(value: Any, name: str) -> int:
        return 0 if value is None else chips(value, scale, name)

    blinds, posts = blinds_and_posts(blinds, n, scale)
    game = standard_game(
        variant,
        Stakes(
            antes=amounts(antes, "antes", n, scale),
            blinds=blinds,
            posts=posts,
            bring_in=amount(bring_in, "bring_in"),
            small_bet=amount(small_bet, "small_bet"),
            big_bet=amount(big_bet, "big_bet"),
            min_bet=None if min_bet is None else amount(min_bet, "min_bet"),
        ),
    )
    return game, DealShape(game)


_cached_stakes_game = functools.lru_cache(maxsize=1024)(_stakes_game)


def button_seat(value: Any, n: int) -> int:
    """The hoyle seat of the button of ``n`` seats: the last seat, unless
    the file's ``_hoyle_button`` (``value``) is an int."""
    if not isinstance(value, int) or isinstance(value, bool):
        return n - 1
    if not 0 <= value < n:
        raise HistoryError(f"_hoyle_button {value} is not a seat")
    return value


@functools.lru_cache(maxsize=256)
def seating(n: int, button: int) -> tuple[tuple[int, ...], dict[str, int], tuple[int, ...]]:
    """For ``n`` seats and a button: the hoyle seat of each ``pK``, the
    labels ``pK`` -> seat, and the seats in dealing order (shared: read only)."""
    seat_of = tuple(range(n)) if button == n - 1 else tuple((button + 1 + i) % n for i in range(n))
    labels = {f"p{i + 1}": s for i, s in enumerate(seat_of)}
    order = tuple(sorted(range(n), key=lambda s: (s - button - 1) % n))
    return seat_of, labels, order
