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

import re
from collections.abc import Iterable, Iterator

from hoyle._core import RANKS, SUITS, Card, parse_cards
from hoyle.errors import RangeError

__all__ = ["RANKS", "Range", "hand_class", "hand_classes"]

_Combo = tuple[int, int]

# One item: an optional weight prefix group "0.5(...)", or a plain token.
_GROUP = re.compile(r"\s*([0-9]*\.?[0-9]+)\s*\(([^()]*)\)")
_CLASS = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)$", re.IGNORECASE)


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


def hand_class(combo: Iterable[Card | int]) -> str:
    """The class of a two-card combo, e.g. ``AKs``, ``QQ``, ``T9o``."""
    a, b = sorted((int(c) for c in combo), reverse=True)
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
    ``any``). A weight follows ``@`` in percent (``QQ@50``) or prefixes a
    group as a fraction (``0.5(AKs, AQs)``). A combo named twice keeps its
    last weight. Bad text raises ``RangeError`` with the token's position.

    >>> r = Range("JJ-99@50 AsKs")
    >>> len(r), r.weight("JhJd"), r.weight("AsKs")
    (19, 0.5, 1.0)
    """

    __slots__ = ("_weights", "text")

    def __init__(self, text: str = "", *, _weights: dict[_Combo, float] | None = None) -> None:
        self.text = text
        self._weights: dict[_Combo, float] = {} if _weights is None else _weights
        if _weights is None:
            _parse(text, self._weights)

    @classmethod
    def from_combos(cls, combos: Iterable[tuple[Iterable[Card | int | str], float]]) -> Range:
        """A range of explicit ``(cards, weight)`` pairs."""
        weights: dict[_Combo, float] = {}
        for cards, w in combos:
            ids = [c.id for c in parse_cards(cards if isinstance(cards, str) else list(cards))]
            if len(ids) != 2 or ids[0] == ids[1]:
                raise RangeError(f"a combo is two distinct cards, got {cards!r}")
            weights[_combo(ids[0], ids[1])] = _check_weight(float(w), str(cards), -1)
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
            name = hand_class(combo)
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


def _check_weight(w: float, token: str, pos: int) -> float:
    if not (w > 0 and w != float("inf")):
        raise RangeError(
            f"bad weight in {token!r} at position {pos}: weights must be positive",
            position=pos,
            token=token,
        )
    return w


def _parse(text: str, out: dict[_Combo, float]) -> None:
    pos = 0
    n = len(text)
    while pos < n:
        m = _GROUP.match(text, pos)
        if m:
            w = _check_weight(float(m.group(1)), m.group(0).strip(), m.start(1))
            _parse_tokens(m.group(2), m.start(2), w, out)
            pos = m.end()
            continue
        # a plain stretch up to the next group or the end
        nxt = _GROUP.search(text, pos)
        end = nxt.start() if nxt else n
        if end == pos:  # pragma: no cover - a group always matches here
            end = n
        _parse_tokens(text[pos:end], pos, 1.0, out)
        pos = end


def _parse_tokens(text: str, offset: int, weight: float, out: dict[_Combo, float]) -> None:
    for m in re.finditer(r"[^\s,]+", text):
        token, pos = m.group(0), offset + m.start()
        w = weight
        core = token
        if "@" in token:
            core, _, pct = token.partition("@")
            try:
                w = weight * float(pct) / 100.0
            except ValueError:
                raise RangeError(
                    f"bad weight in {token!r} at position {pos}: after @ comes a percentage",
                    position=pos,
                    token=token,
                ) from None
            _check_weight(w, token, pos)
        for combo in _token_combos(core, token, pos):
            out[combo] = w


def _bad(token: str, pos: int, why: str) -> RangeError:
    return RangeError(
        f"bad range token {token!r} at position {pos}: {why}", position=pos, token=token
    )


def _token_combos(core: str, token: str, pos: int) -> list[_Combo]:
    if core.lower() in ("xx", "random", "any"):
        return [(a, b) for a in range(52) for b in range(a)]
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
    return [c for k in range(lo, hi) for c in _class_combos(hi, k, kind)]


def _cls(text: str, token: str, pos: int) -> tuple[int, int, str]:
    m = _CLASS.match(text)
    if not m:
        raise _bad(
            token,
            pos,
            "expected a hand class like QQ, AKs, AKo, AK (with + or a range A-B), "
            "a combo like AsKs, or XX",
        )
    a, b, kind = _rank(m.group(1)), _rank(m.group(2)), m.group(3).lower()
    if a == b and kind:
        raise _bad(token, pos, "a pair is neither suited nor offsuit")
    return max(a, b), min(a, b), kind


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
