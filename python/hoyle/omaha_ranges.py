"""Ranges of Omaha hands (four hole cards, or five for five-card Omaha).

A token is one pattern of as many slots as the hand has cards, each slot a
rank (``A``, ``K``, ... ``2``), a card (``As``) or any card (``*`` or
``x``), optionally followed by a suit condition and a weight:

* ``AA**`` (or ``AAxx``): every hand holding at least two aces (three and
  four aces included: a wild slot is any card left); ``AAKK``: two aces
  and two kings; ``AsKs**``: the ace and king of spades and any two more;
  ``AsKsQdJd``: one hand.
* ``ds`` (double-suited: two cards of one suit and two of another), ``ss``
  (single-suited: two cards of one suit, the other two of two other
  suits), ``rainbow`` (four suits), written after the pattern
  (``AAKKds``) or as the next word (``AA** rainbow``); four-card hands
  only. Three or four cards of one suit are none of the three.
* ``@50``: a weight in percent, above 0 and at most 100 (``AAKK@50``).

Tokens are separated by commas or spaces; a hand named twice keeps its
last weight. Bad text raises ``RangeError`` with the token and its
position; a token that would name more than ``MAX_COMBOS`` hands is
refused before any is built.

>>> r = OmahaRange("AA**")
>>> len(r), len(OmahaRange("AAKK")), len(OmahaRange("AAKKds")), len(OmahaRange("AAxx rainbow"))
(6961, 36, 6, 913)
>>> r.weight("Ah Ad 7c 2s"), r.weight("Ah Kd 7c 2s")
(1.0, 0.0)
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator

from hoyle._core import RANKS, SUITS, Card, parse_cards
from hoyle.errors import RangeError

__all__ = ["MAX_COMBOS", "SUIT_CONDITIONS", "OmahaRange"]

#: The most hands one token may name (every five-card Omaha hand is
#: 2,598,960).
MAX_COMBOS = 3_000_000
#: The suit conditions and the suit counts (largest first) each allows.
SUIT_CONDITIONS: dict[str, tuple[int, ...]] = {
    "ds": (2, 2),
    "ss": (2, 1, 1),
    "rainbow": (1, 1, 1, 1),
}
_ITEM = re.compile(r"[^\s,]+", re.ASCII)
_NUMBER = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", re.ASCII)
_ANY = "*xX"

_Hand = tuple[int, ...]
# A slot: a card id, a rank (0..=12) as -1 - rank, or None for any card.
_Slot = int | None


class OmahaRange:
    """A weighted set of ``hole``-card hands (4: Omaha, 5: five-card
    Omaha), read from the text of ``hoyle.omaha_ranges``. ``hoyle.equity``
    reads the same text for a game dealing 3 to 6 hole cards
    (``equity(["AA**", "KKQQ"], game=games.omaha())``); ``hoyle.solve.Spot``
    too. Ranges pickle and compare equal when they hold the same hands at
    the same weights.

    >>> r = OmahaRange("AAKKds, QQJJ@50")
    >>> len(r), r.weight("Qs Qh Jd Jc")
    (42, 0.5)
    """

    __slots__ = ("_weights", "hole", "text")

    def __init__(self, text: str = "", *, hole: int = 4) -> None:
        if not isinstance(text, str):
            raise TypeError(f"a range is text, got {type(text).__name__}")
        if isinstance(hole, bool) or not isinstance(hole, int) or not 3 <= hole <= 6:
            raise RangeError(f"an Omaha range's hands hold 3 to 6 cards, got hole={hole!r}")
        self.text = text
        self.hole = hole
        self._weights: dict[_Hand, float] = {}
        _parse(text, hole, self._weights)

    def __reduce__(self) -> tuple[object, tuple[str, int]]:
        return (_restore, (self.text, self.hole))

    @property
    def combos(self) -> tuple[tuple[Card, ...], ...]:
        """The hands, each highest card first."""
        return tuple(tuple(Card(c) for c in hand) for hand in self._weights)

    @property
    def weights(self) -> tuple[float, ...]:
        """The weight of each hand, in the order of ``combos``."""
        return tuple(self._weights.values())

    def items(self) -> list[tuple[tuple[int, ...], float]]:
        """``((id, ...), weight)`` pairs, ids highest first."""
        return list(self._weights.items())

    def weight(self, hand: str | Iterable[Card | int | str]) -> float:
        """The weight of one hand (0.0 when it is not in the range)."""
        ids = [c.id for c in parse_cards(hand if isinstance(hand, str) else list(hand))]
        if len(ids) != self.hole:
            raise RangeError(f"a hand of this range holds {self.hole} cards, got {hand!r:.40}")
        return self._weights.get(tuple(sorted(ids, reverse=True)), 0.0)

    def without(self, cards: str | Iterable[Card | int | str]) -> OmahaRange:
        """This range less the hands that hold any of ``cards``."""
        ids = {c.id for c in parse_cards(cards if isinstance(cards, str) else list(cards))}
        out = OmahaRange.__new__(OmahaRange)
        out.text, out.hole = self.text, self.hole
        out._weights = {h: w for h, w in self._weights.items() if ids.isdisjoint(h)}
        return out

    def __len__(self) -> int:
        return len(self._weights)

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        return iter(self.combos)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, OmahaRange)
            and self.hole == other.hole
            and self._weights == other._weights
        )

    def __hash__(self) -> int:
        return hash((self.hole, frozenset(self._weights.items())))

    def __repr__(self) -> str:
        extra = "" if self.hole == 4 else f", hole={self.hole}"
        return f"OmahaRange({self.text!r}{extra})"


def _restore(text: str, hole: int) -> OmahaRange:
    return OmahaRange(str(text), hole=int(hole))


def _bad(token: str, pos: int, why: str) -> RangeError:
    return RangeError(
        f"bad Omaha range token {token!r} at position {pos}: {why}", position=pos, token=token
    )


def _parse(text: str, hole: int, out: dict[_Hand, float]) -> None:
    if len(text) > 100_000 or not text.isascii():
        raise RangeError(
            "an Omaha range is ASCII text of at most 100,000 characters: ranks 23456789TJQKA,"
            " suits shdc, * or x for any card, ds/ss/rainbow, @ weights, commas and spaces",
            position=0,
            token=text[:10],
        )
    items = list(_ITEM.finditer(text))
    for i, m in enumerate(items):
        token, pos = m.group(0), m.start()
        if token.lower() in SUIT_CONDITIONS:
            continue  # read with the token before it
        after = items[i + 1].group(0).lower() if i + 1 < len(items) else ""
        suits = after if after in SUIT_CONDITIONS else None
        hands, w = _token(token, pos, hole, suits)
        out.update(dict.fromkeys(hands, w))
    if items and items[0].group(0).lower() in SUIT_CONDITIONS:
        first = items[0]
        raise _bad(first.group(0), first.start(), "a suit condition follows a pattern (AAKK ds)")


def _token(token: str, pos: int, hole: int, suits: str | None) -> tuple[list[_Hand], float]:
    core, at, pct = token.partition("@")
    weight = 1.0
    if at:
        if not _NUMBER.fullmatch(pct) or not 0 < float(pct) <= 100:
            raise _bad(token, pos, "a weight after @ is a percent above 0 and at most 100")
        weight = float(pct) / 100.0
    slots = _slots(core, hole)
    if slots is None:
        for name in SUIT_CONDITIONS:
            if core.lower().endswith(name) and suits is None:
                slots = _slots(core[: -len(name)], hole)
                if slots is not None:
                    suits = name
                    break
    if slots is None:
        raise _bad(
            token,
            pos,
            f"expected {hole} slots, each a rank (A, K, ... 2), a card (As) or * / x for any"
            " card, then optionally ds, ss or rainbow and a weight (AA**, AAKKds, AsKs**@50)",
        )
    if suits is not None and hole != 4:
        raise _bad(token, pos, f"ds, ss and rainbow are for four-card hands, not {hole}")
    return _expand(slots, token, pos, suits), weight


def _slots(core: str, hole: int) -> list[_Slot] | None:
    """The slots of a pattern, or None when it is not ``hole`` of them."""
    out: list[_Slot] = []
    i = 0
    while i < len(core):
        ch = core[i]
        if ch in _ANY:
            out.append(None)
            i += 1
        elif ch.upper() in RANKS:
            if i + 1 < len(core) and core[i + 1] in SUITS:
                out.append(4 * RANKS.index(ch.upper()) + SUITS.index(core[i + 1]))
                i += 2
            else:
                out.append(-1 - RANKS.index(ch.upper()))
                i += 1
        else:
            return None
    return out if len(out) == hole else None


def _expand(slots: list[_Slot], token: str, pos: int, suits: str | None) -> list[_Hand]:
    cards = [s for s in slots if s is not None and s >= 0]
    if len(set(cards)) != len(cards):
        raise _bad(token, pos, "the same card twice")
    ranks = Counter(-1 - s for s in slots if s is not None and s < 0)
    wild = sum(s is None for s in slots)
    per_rank = []
    for rank, k in sorted(ranks.items()):
        free = [4 * rank + s for s in range(4) if 4 * rank + s not in cards]
        per_rank.append(list(itertools.combinations(free, k)))
    rest = 52 - len(cards) - sum(ranks.values())
    bound = math.prod(len(p) for p in per_rank) * math.comb(rest, wild)
    if bound > MAX_COMBOS:
        raise _bad(token, pos, f"it names up to {bound:,} hands, more than {MAX_COMBOS:,}")
    if not cards and not ranks:  # every hand: already distinct, highest card first
        every = itertools.combinations(range(51, -1, -1), wild)
        if suits is None:
            return list(every)
        want = SUIT_CONDITIONS[suits]
        return [h for h in every if _suit_counts(h) == want]
    hands: set[_Hand] = set()
    for picks in itertools.product(*per_rank):
        chosen = cards + [c for p in picks for c in p]
        left = sorted(set(range(52)).difference(chosen))
        for more in itertools.combinations(left, wild):
            hands.add(tuple(sorted((*chosen, *more), reverse=True)))
    if suits is not None:
        want = SUIT_CONDITIONS[suits]
        hands = {h for h in hands if _suit_counts(h) == want}
    if not hands:
        raise _bad(token, pos, "no hand fits it")
    return sorted(hands, reverse=True)


def _suit_counts(hand: _Hand) -> tuple[int, ...]:
    return tuple(sorted(Counter(c & 3 for c in hand).values(), reverse=True))
