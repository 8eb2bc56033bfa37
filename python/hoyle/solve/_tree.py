"""The tree language of a ``Spot``: bet and raise sizes (``"50%, a"``), one
string for every street and both players or a mapping by street and player,
read into the core's ``streets`` list.

>>> sizes("60%, 2.5x, 120c, a", raising=True)
[('%', 0.6), ('x', 2.5), ('c', 120.0), ('a', 0.0)]
>>> streets_of("50%, a", "3x", ("turn", "river"))[0]
(([('%', 0.5), ('a', 0.0)], [('x', 3.0)]), ([('%', 0.5), ('a', 0.0)], [('x', 3.0)]))
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from hoyle.errors import SolveError

__all__ = ["DEFAULT_BETS", "DEFAULT_RAISES", "PLAYERS", "STREETS", "sizes", "streets_of"]

Size = tuple[str, float]
#: One street's sizes: ((oop bets, oop raises), (ip bets, ip raises)).
StreetSizes = tuple[tuple[list[Size], list[Size]], tuple[list[Size], list[Size]]]

DEFAULT_BETS = "50%, a"
DEFAULT_RAISES = "3x, a"
STREETS = ("flop", "turn", "river")
PLAYERS = ("oop", "ip")
#: The most sizes in one list, and the longest text of one (a few times any real tree).
MAX_SIZES = 16
MAX_TEXT = 400
#: The largest ``Nc`` (the core's limit on a size in chips).
MAX_CHIP_SIZE = 1 << 48

# A size: a plain decimal (no sign, exponent or underscore) and its unit.
_SIZE = re.compile(r"([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*([%xc])", re.ASCII)
_ALLOWED = (
    "N% (a fraction of the pot), Nx (raises: N times the bet faced), Nc (N chips),"
    " a (all in), e (geometric)"
)


def _token(token: str, raising: bool, what: str) -> Size:
    """One size token, checked."""
    low = token.lower()
    if low in ("a", "e"):
        return (low, 0.0)
    match = _SIZE.fullmatch(low)
    if match is None:
        raise SolveError(f"{what}: cannot read the size {token!r}; sizes are {_ALLOWED}")
    number, unit = float(match.group(1)), match.group(2)
    if not math.isfinite(number):
        raise SolveError(f"{what}: the size {token!r} is too large")
    if number <= 0:
        raise SolveError(f"{what}: the size {token!r} must be above 0")
    if unit == "x":
        if not raising:
            raise SolveError(
                f"{what}: {token!r} is a raise size (N times the bet faced);"
                " a bet is N%, Nc, a or e"
            )
        if number <= 1:
            raise SolveError(f"{what}: the raise {token!r} must be to more than 1x the bet faced")
        return ("x", number)
    if unit == "%":
        if number > 100_000:
            raise SolveError(f"{what}: the size {token!r} is above 100000% of the pot")
        return ("%", number / 100)
    if not number.is_integer() or number > MAX_CHIP_SIZE:
        raise SolveError(
            f"{what}: the size {token!r} must be a whole number of chips from 1 to 2**48"
        )
    return ("c", number)


def sizes(text: str, *, raising: bool, what: str = "bets") -> list[Size]:
    """The sizes of ``text`` (comma-separated tokens; "" is none), in order,
    each once. ``raising`` allows ``Nx``. ``SolveError`` names a bad token."""
    if not isinstance(text, str):
        raise SolveError(f"{what}: sizes are a text such as '50%, a', got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise SolveError(f"{what}: the sizes' text is above {MAX_TEXT} characters")
    out: list[Size] = []
    tokens = [raw.strip() for raw in text.split(",")] if text.strip() else []
    for token in tokens:
        if not token:  # "50%,,a" or "50%, a,"
            raise SolveError(f"{what}: an empty size between commas in {text!r}")
        size = _token(token, raising, what)
        if size not in out:
            out.append(size)
    if len(out) > MAX_SIZES:
        raise SolveError(f"{what}: at most {MAX_SIZES} sizes a list, got {len(out)}")
    return out


def _by_street(spec: Any, name: str, default: str, bet: Sequence[str]) -> dict[str, list[str]]:
    """``spec`` (a text or a mapping) as each street's text for oop and ip."""
    if isinstance(spec, str):
        return {s: [spec, spec] for s in bet}
    if not isinstance(spec, Mapping):
        raise SolveError(
            f"{name} is a text such as '50%, a' or a mapping by street, as "
            f"{{'turn': {{'oop': '60%', 'ip': '50%, a'}}}}, got {type(spec).__name__}"
        )
    unknown = [k for k in spec if k not in STREETS]
    if unknown:
        raise SolveError(f"{name}: unknown street {unknown[0]!r}; streets are flop, turn, river")
    early = [k for k in spec if k not in bet]
    if early:
        raise SolveError(
            f"{name}: the spot starts after the {early[0]}; it bets the {', '.join(bet)}"
        )
    out: dict[str, list[str]] = {}
    for street in bet:
        value = spec.get(street, default)
        if isinstance(value, str):
            out[street] = [value, value]
            continue
        if not isinstance(value, Mapping):
            raise SolveError(
                f"{name}[{street!r}] is a text or a mapping by player ('oop', 'ip'),"
                f" got {type(value).__name__}"
            )
        bad = [k for k in value if k not in PLAYERS]
        if bad:
            raise SolveError(f"{name}[{street!r}]: unknown player {bad[0]!r}; players are oop, ip")
        out[street] = [value.get(p, default) for p in PLAYERS]
    return out


def streets_of(bets: Any, raises: Any, bet: Sequence[str]) -> list[StreetSizes]:
    """The core's ``streets``: for each street in ``bet`` (the streets still to be
    bet, in order), ``((oop_bets, oop_raises), (ip_bets, ip_raises))``. A street or
    player a mapping leaves out takes the default text (bets ``"50%, a"``, raises
    ``"3x, a"``)."""
    b = _by_street(bets, "bets", DEFAULT_BETS, bet)
    r = _by_street(raises, "raises", DEFAULT_RAISES, bet)
    out: list[StreetSizes] = []
    for street in bet:
        pair = [
            (
                sizes(b[street][p], raising=False, what=f"bets ({street}, {PLAYERS[p]})"),
                sizes(r[street][p], raising=True, what=f"raises ({street}, {PLAYERS[p]})"),
            )
            for p in (0, 1)
        ]
        out.append((pair[0], pair[1]))
    return out


def plain(spec: Any) -> Any:
    """``bets``/``raises`` as JSON values (a text or nested dicts of texts)."""
    if isinstance(spec, Mapping):
        return {str(k): plain(v) for k, v in spec.items()}
    return spec
