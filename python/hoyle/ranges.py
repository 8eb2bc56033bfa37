"""Hand ranges in PokerStove syntax.

>>> from hoyle import Range
>>> len(Range("QQ+")), len(Range("AKs")), len(Range("AKo")), len(Range("XX"))
(18, 4, 12, 1326)
>>> len(Range("QQ+, AKs").without("As"))
18
>>> RANKS  # the core's rank characters, deuce to ace
'23456789TJQKA'
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from hoyle._core import RANKS, SUITS, Card, parse_cards
from hoyle._display.odds import range_html, range_rich
from hoyle._preflop_order import EQUITY_VS_RANDOM, PREFLOP_ORDER
from hoyle.errors import HandError, RangeError

if TYPE_CHECKING:
    from rich.console import Group

__all__ = [
    "EQUITY_VS_RANDOM",
    "PREFLOP_ORDER",
    "RANKS",
    "Range",
    "hand_class",
    "hand_classes",
    "top_classes",
]

_Combo = tuple[int, int]

#: The longest range text read (a few times any real range: all 1,326
#: combos spelled out with weights take about 15,000 characters).
MAX_TEXT = 100_000

# The items of a range, in one left-to-right pass: a weight group
# "0.5(...)", a plain token, or a stray parenthesis. Only ASCII is read.
_ITEM = re.compile(r"([0-9.]+)\s*\(([^()]*)\)|[^\s,()]+|[()]", re.ASCII)
_TOKEN = re.compile(r"[^\s,]+", re.ASCII)
_CLASS = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)$", re.IGNORECASE | re.ASCII)
# A percent range "15%" (the word "top" before it is read as spaces).
_PERCENT = re.compile(r"([0-9.]+)%", re.ASCII)
_TOP = re.compile(r"\btop\s+(?=[0-9.]+%)", re.IGNORECASE | re.ASCII)
# A weight: digits with at most one decimal point (no signs, exponents,
# underscores, nan or inf).
_NUMBER = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", re.ASCII)


def _rank(ch: str) -> int:
    return RANKS.index(ch.upper())


def _combo(a: int, b: int) -> _Combo:
    return (a, b) if a > b else (b, a)


def _class_combos(hi: int, lo: int, kind: str) -> list[_Combo]:
    """Combos of one hand class: a pair (hi == lo), suited 's', offsuit 'o'
    or both ''."""
    out = []
    for s1 in range(4):
        for s2 in range(4):
            if hi == lo:
                if s1 < s2:
                    out.append(_combo(4 * hi + s1, 4 * lo + s2))
            elif (kind == "s" and s1 == s2) or (kind == "o" and s1 != s2) or kind == "":
                out.append(_combo(4 * hi + s1, 4 * lo + s2))
    return out


def hand_classes() -> list[str]:
    """The 169 starting-hand classes in grid order: row i, column j of the
    13x13 grid (aces first); pairs on the diagonal, suited above it."""
    out = []
    for i in range(12, -1, -1):
        for j in range(12, -1, -1):
            if i == j:
                out.append(RANKS[i] * 2)
            elif j < i:
                out.append(RANKS[i] + RANKS[j] + "s")
            else:
                out.append(RANKS[j] + RANKS[i] + "o")
    return out


def hand_class(combo: str | Iterable[str | int | Card]) -> str:
    """The class of a two-card combo, e.g. ``AKs``, ``QQ``, ``T9o``, in
    either order: text (``"7h8d"``, ``"8d 7h"``) or two cards, card ids or
    card names. Anything else raises ``CardError`` (an unknown or repeated
    card) or ``HandError`` (not two cards, or a joker).

    >>> hand_class("7h8d"), hand_class("AsKs"), hand_class((Card("Qd"), Card("Qc")))
    ('87o', 'AKs', 'QQ')
    """
    cards = parse_cards(combo)
    if len(cards) != 2 or max(cards).id > 51:
        shown = " ".join(map(str, cards[:8])) + (" ..." if len(cards) > 8 else "")
        got = f"{len(cards)} card{'' if len(cards) == 1 else 's'}"
        if len(cards) == 2:
            got = "a joker"
        raise HandError(
            "a hand class is of two cards of the 52, no joker (like 'AsKd' or 'Kd As', or"
            f" two Cards or card ids), got {got}" + (f" ({shown})" if cards else "")
        )
    return _class_of(cards[0].id, cards[1].id)


def _class_of(x: int, y: int) -> str:
    """``hand_class`` of two distinct card ids of the 52."""
    a, b = (x, y) if x > y else (y, x)
    hi, lo = a >> 2, b >> 2
    if hi == lo:
        return RANKS[hi] * 2
    return RANKS[hi] + RANKS[lo] + ("s" if a & 3 == b & 3 else "o")


class Range:
    """A weighted set of two-card combos, read from PokerStove syntax.

    Tokens are separated by commas or spaces: pairs ``QQ``, ``QQ+``,
    ``JJ-88``; suited ``AKs``, offsuit ``AKo``, both ``AK``; ``ATs+`` (kicker
    up to one below the top card), ``A5s-A2s`` (kickers), ``T9s-76s``
    (same gap); one combo ``AsKs``; every combo ``XX`` (or ``random``,
    ``any``); the top ``p`` per cent of hands ``15%`` (or ``top 15%``), read
    off ``PREFLOP_ORDER`` (the 169 classes by their exact all-in equity
    against a random hand, see ``top_classes``). A class names its higher
    rank first (``KAs`` is refused: write ``AKs``), and ``+`` needs a kicker
    to raise (``AK+`` is refused: ``AK`` alone, or ``AT+``). A weight
    follows ``@`` in percent, above 0 and at most 100 (``QQ@50``), or
    prefixes a group as a fraction above 0 and at most 1 (``0.5(AKs, AQs)``).
    A combo named twice keeps its last weight. Bad text (anything but ASCII
    letters, digits, ``+-@.,()%`` and spaces; more
    than ``MAX_TEXT`` characters) raises ``RangeError`` with the token's
    position. Ranges pickle (every protocol) and copy.

    >>> r = Range("JJ-99@50 AsKs")
    >>> len(r), r.weight("JhJd"), r.weight("AsKs")
    (19, 0.5, 1.0)
    """

    __slots__ = ("_weights", "text")

    def __init__(self, text: str = "", *, _weights: dict[_Combo, float] | None = None) -> None:
        if not isinstance(text, str):
            raise TypeError(f"a range is text, got {type(text).__name__}")
        self.text = text
        self._weights: dict[_Combo, float] = {} if _weights is None else _weights
        if _weights is None:
            _parse(text, self._weights)

    def __reduce__(self) -> tuple[object, tuple[str, tuple[tuple[_Combo, float], ...]]]:
        return (_restore, (self.text, tuple(self._weights.items())))

    @classmethod
    def from_combos(cls, combos: Iterable[tuple[Iterable[Card | int | str], float]]) -> Range:
        """A range of explicit ``(cards, weight)`` pairs."""
        weights: dict[_Combo, float] = {}
        for cards, w in combos:
            ids = [c.id for c in parse_cards(cards if isinstance(cards, str) else list(cards))]
            if len(ids) != 2 or ids[0] == ids[1]:
                raise RangeError(f"a combo is two distinct cards, got {cards!r}")
            weights[_combo(ids[0], ids[1])] = _fraction(w, str(cards))
        return cls("", _weights=weights)

    @property
    def combos(self) -> tuple[tuple[Card, Card], ...]:
        """The combos, higher card first."""
        return tuple((Card(a), Card(b)) for a, b in self._weights)

    @property
    def weights(self) -> tuple[float, ...]:
        """The weight of each combo, in the order of ``combos``."""
        return tuple(self._weights.values())

    def items(self) -> list[tuple[tuple[int, int], float]]:
        """``((id, id), weight)`` pairs."""
        return list(self._weights.items())

    def weight(self, combo: str | Iterable[Card | int | str]) -> float:
        """The weight of one combo (0.0 when it is not in the range)."""
        ids = [c.id for c in parse_cards(combo if isinstance(combo, str) else list(combo))]
        if len(ids) != 2:
            raise RangeError(f"a combo is two cards, got {combo!r}")
        return self._weights.get(_combo(ids[0], ids[1]), 0.0)

    def without(self, cards: str | Iterable[Card | int | str]) -> Range:
        """This range less the combos that hold any of ``cards``."""
        ids = {c.id for c in parse_cards(cards if isinstance(cards, str) else list(cards))}
        kept = {c: w for c, w in self._weights.items() if c[0] not in ids and c[1] not in ids}
        return Range(self.text, _weights=kept)

    def classes(self) -> dict[str, float]:
        """Each hand class present, with the fraction of its combos held
        (weighted)."""
        out: dict[str, float] = {}
        for combo, w in self._weights.items():
            name = _class_of(*combo)
            full = 6 if len(name) == 2 else 4 if name[2] == "s" else 12
            out[name] = out.get(name, 0.0) + w / full
        return out

    def __len__(self) -> int:
        return len(self._weights)

    def __iter__(self) -> Iterator[tuple[Card, Card]]:
        return iter(self.combos)

    def __contains__(self, combo: object) -> bool:
        if not isinstance(combo, (str, tuple, list)):
            return False
        return self.weight(combo) > 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Range) and self._weights == other._weights

    def __hash__(self) -> int:
        return hash(frozenset(self._weights.items()))

    def __repr__(self) -> str:
        return f"Range({self.text!r})" if self.text else f"Range(<{len(self)} combos>)"

    def _repr_html_(self) -> str:
        """The 13x13 grid of hand classes for Jupyter, each cell shaded by
        the share of its combos held."""
        return range_html(self)

    def __rich__(self) -> Group:
        """The 13x13 grid for the rich library's terminals."""
        return range_rich(self)


def _restore(text: str, items: tuple[tuple[_Combo, float], ...]) -> Range:
    """A pickled range, its combos checked (two distinct ids 0..=51, higher
    first; weights in (0, 1])."""
    weights: dict[_Combo, float] = {}
    for combo, w in items:
        a, b = (int(c) for c in combo)
        if not 0 <= b < a < 52:
            raise RangeError(f"a pickled range holds a bad combo {combo!r}")
        weights[(a, b)] = _fraction(w, str(combo))
    return Range(str(text), _weights=weights)


def _fraction(w: object, token: str, pos: int = -1) -> float:
    """A weight as a fraction in (0, 1]."""
    try:
        f = float(w)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        f = math.nan
    if not 0 < f <= 1:
        where = f" at position {pos}" if pos >= 0 else ""
        raise RangeError(
            f"bad weight in {token!r}{where}: a weight is above 0% and at most 100%"
            f" (a fraction above 0 and at most 1 before a group), got {w!r}",
            position=pos,
            token=token,
        )
    return f


def _number(text: str, token: str, pos: int) -> float:
    """The number of a weight, in plain decimal digits."""
    if not _NUMBER.fullmatch(text):
        raise RangeError(
            f"bad weight in {token!r} at position {pos}: a weight is a plain decimal number,"
            " a percentage above 0% and at most 100% after @ (QQ@50, AKs@12.5) or a fraction"
            " above 0 and at most 1 before a group (0.5(AKs, AQs))",
            position=pos,
            token=token,
        )
    return float(text)


def _check_text(text: str) -> None:
    if len(text) > MAX_TEXT:
        raise RangeError(
            f"a range text of {len(text):,} characters is longer than {MAX_TEXT:,}",
            position=MAX_TEXT,
            token=text[MAX_TEXT : MAX_TEXT + 10],
        )
    if not text.isascii():
        pos = next(i for i, ch in enumerate(text) if not ch.isascii())
        m = _TOKEN.search(text, max(0, pos - 4))
        token = text[pos] if m is None else m.group(0)
        raise RangeError(
            f"bad character {text[pos]!r} at position {pos}: a range is written with ASCII"
            " ranks 23456789TJQKA, suits shdc, x, +, -, @, %, digits, commas and parentheses",
            position=pos,
            token=token,
        )


def top_classes(percent: float) -> list[str]:
    """The hand classes of the range ``f"{percent}%"``: the shortest prefix
    of ``PREFLOP_ORDER`` whose combos make at least ``percent`` per cent of
    the 1,326 (``percent`` above 0 and at most 100).

    >>> top_classes(2), len(Range("top 2%")), 24 / 1326 < 0.02 <= 30 / 1326
    (['AA', 'KK', 'QQ', 'JJ', 'TT'], 30, True)
    """
    p = float(percent)
    if not 0 < p <= 100:
        raise RangeError(f"a percent range is above 0% and at most 100%, got {percent!r}")
    out: list[str] = []
    held = 0
    for name in PREFLOP_ORDER:
        if held * 100 >= p * 1326:
            break
        out.append(name)
        held += 6 if len(name) == 2 else 4 if name[2] == "s" else 12
    return out


def _parse(text: str, out: dict[_Combo, float]) -> None:
    _check_text(text)
    text = _TOP.sub(lambda m: " " * len(m.group(0)), text)
    for m in _ITEM.finditer(text):
        if m.group(1) is not None:
            token = m.group(0)
            w = _fraction(_number(m.group(1), token, m.start()), token, m.start())
            _parse_tokens(m.group(2), m.start(2), w, out)
        elif m.group(0) in "()":
            raise _bad(m.group(0), m.start(), "a parenthesis must close a group like 0.5(AKs)")
        else:
            _parse_token(m.group(0), m.start(), 1.0, out)


def _parse_tokens(text: str, offset: int, weight: float, out: dict[_Combo, float]) -> None:
    for m in _TOKEN.finditer(text):
        _parse_token(m.group(0), offset + m.start(), weight, out)


def _parse_token(token: str, pos: int, weight: float, out: dict[_Combo, float]) -> None:
    w = weight
    core = token
    if "@" in token:
        core, _, pct = token.partition("@")
        share = _fraction(_number(pct, token, pos) / 100.0, token, pos)
        w = _fraction(weight * share, token, pos)
    out.update(dict.fromkeys(_token_combos(core, token, pos), w))


def _bad(token: str, pos: int, why: str) -> RangeError:
    return RangeError(
        f"bad range token {token!r} at position {pos}: {why}", position=pos, token=token
    )


def _token_combos(core: str, token: str, pos: int) -> list[_Combo]:
    if core.lower() in ("xx", "random", "any") or _PERCENT.fullmatch(core):
        return _whole_or_percent(core, token, pos)
    if len(core) == 4 and core[1].lower() in SUITS and core[3].lower() in SUITS:
        try:
            a, b = (c.id for c in parse_cards(core))
        except ValueError:
            raise _bad(token, pos, "not two cards") from None
        if a == b:
            raise _bad(token, pos, "the same card twice")
        return [_combo(a, b)]
    if "-" in core:
        left, _, right = core.partition("-")
        return _span(_cls(left, token, pos), _cls(right, token, pos), token, pos)
    plus = core.endswith("+")
    hi, lo, kind = _cls(core[:-1] if plus else core, token, pos)
    if not plus:
        return _class_combos(hi, lo, kind)
    if hi == lo:
        return [c for r in range(lo, 13) for c in _class_combos(r, r, "")]
    if lo == hi - 1:
        top = RANKS[hi] + RANKS[lo] + kind
        raise _bad(
            token,
            pos,
            f"'+' raises the kicker up to one below the top card, and {RANKS[lo]} is already"
            f" one below {RANKS[hi]}: write {top} alone, or + after a lower kicker"
            f" ({RANKS[hi]}{RANKS[max(lo - 3, 0)]}{kind}+), or a pair with + (QQ+)",
        )
    return [c for k in range(lo, hi) for c in _class_combos(hi, k, kind)]


def _whole_or_percent(core: str, token: str, pos: int) -> list[_Combo]:
    """Every combo (``XX``), or those of ``15%``: ``top_classes(15)``'s."""
    if not core.endswith("%"):
        return [(a, b) for a in range(52) for b in range(a)]
    share = _number(core[:-1], token, pos)
    if not 0 < share <= 100:
        raise _bad(token, pos, f"a percent range is above 0% and at most 100%, got {core}")
    return [c for name in top_classes(share) for c in _token_combos(name, token, pos)]


def _cls(text: str, token: str, pos: int) -> tuple[int, int, str]:
    m = _CLASS.match(text)
    if not m:
        raise _bad(
            token,
            pos,
            "expected a hand class like QQ, AKs, AKo, AK (with + or a range A-B), "
            "a combo like AsKs, a percent like 15% or top 10%, or XX",
        )
    a, b, kind = _rank(m.group(1)), _rank(m.group(2)), m.group(3).lower()
    if a == b and kind:
        raise _bad(token, pos, "a pair is neither suited nor offsuit")
    if a < b:
        higher = RANKS[b] + RANKS[a] + kind
        raise _bad(token, pos, f"a hand class names its higher rank first: {higher}, not {text}")
    return a, b, kind


def _span(
    first: tuple[int, int, str], last: tuple[int, int, str], token: str, pos: int
) -> list[_Combo]:
    (h1, l1, k1), (h2, l2, k2) = first, last
    if k1 != k2:
        raise _bad(token, pos, "both ends must be of the same kind (s, o or neither)")
    if h1 == l1 and h2 == l2:  # pairs JJ-88
        lo, hi = sorted((h1, h2))
        return [c for r in range(lo, hi + 1) for c in _class_combos(r, r, "")]
    if h1 == l1 or h2 == l2:
        raise _bad(token, pos, "a span joins two pairs or two unpaired classes")
    if h1 == h2:  # kickers A5s-A2s
        lo, hi = sorted((l1, l2))
        return [c for k in range(lo, hi + 1) for c in _class_combos(h1, k, k1)]
    if h1 - l1 == h2 - l2:  # connectors T9s-76s
        lo, hi = sorted((l1, l2))
        gap = h1 - l1
        return [c for k in range(lo, hi + 1) for c in _class_combos(k + gap, k, k1)]
    raise _bad(token, pos, "a span keeps the top card (A5s-A2s) or the gap (T9s-76s)")
