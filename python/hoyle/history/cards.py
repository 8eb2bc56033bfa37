"""The cards a hand history deals, shows and discards (``CardLedger``).

Every card the file names gets a slot, in the order the file deals it; a
slot holds the card's id, ``UNKNOWN`` for ``??`` until a later ``sm`` shows
it (or ``fill_unknown`` picks one), or a joker id (52, 53, ...) for ``Xx``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import filterfalse
from typing import Any

from hoyle._core import RANKS, SUITS
from hoyle.games import Game, Street

__all__ = ["CARD", "NAME", "PAIR", "UNKNOWN", "CardLedger", "card_text"]

CARD: dict[str, int] = {r + s: 4 * i + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}
"""Card text (``"As"``) -> card id."""
NAME: list[str] = [*sorted(CARD, key=CARD.__getitem__), "Xx", "Xx"]
"""Card id -> text (the jokers are ``Xx``)."""
PAIR: dict[str, tuple[int, int]] = {a + b: (CARD[a], CARD[b]) for a in CARD for b in CARD if a != b}
"""Two different cards' text (``"AsKd"``) -> their ids: the usual hole cards."""
UNKNOWN = -1
_JOKERS = ("Xx", "XX")


def card_text(ids: Iterable[int]) -> str:
    """Cards as PHH writes them, e.g. ``"AsKd"``."""
    return "".join(NAME[c] for c in ids)


class CardLedger:
    """The slots of the cards dealt so far, what each seat holds, and which
    card ids the file has named."""

    __slots__ = ("cards", "held", "jokers", "known", "unknown")

    def __init__(self, seats: int) -> None:
        self.cards: list[int] = []  # slot -> card id (or UNKNOWN)
        self.held: list[list[int]] = [[] for _ in range(seats)]  # slots each seat holds now
        self.known: set[int] = set()
        self.jokers = 52  # the id of the next joker
        self.unknown = False  # some slot holds UNKNOWN

    def deal(self, token: str) -> list[int] | None:
        """New slots for ``token``'s cards, or None (and no change) when
        ``token`` is not plain cards, each new: then ``deal_any`` reads it or
        says what is wrong."""
        size = len(token)
        ids: Any = None
        known = self.known
        if size == 2:
            first = CARD.get(token)
            ids = None if first is None else (first,)
        elif size == 6:
            first, rest = CARD.get(token[:2]), PAIR.get(token[2:])
            if first is not None and rest is not None and first not in rest:
                ids = (first, *rest)
        elif size % 2 == 0:  # two cards, four, five...
            ids = [CARD.get(token[k : k + 2]) for k in range(0, size, 2)]
            if None in ids or len(set(ids)) != len(ids):
                ids = None
        if ids is None or not known.isdisjoint(ids):
            return None
        known.update(ids)
        base = len(self.cards)
        self.cards.extend(ids)
        return list(range(base, base + len(ids)))

    def deal_any(self, token: str) -> list[int]:
        """New slots for ``token``, unknown cards and jokers included;
        ``ValueError`` says what is wrong with it."""
        plain = self.deal(token)
        if plain is not None:
            return plain
        if len(token) % 2:
            raise ValueError(f"bad cards {token!r}")
        out = []
        for k in range(0, len(token), 2):
            t = token[k : k + 2]
            c = CARD.get(t)
            if c is None:
                if t == "??":
                    c = UNKNOWN
                    self.unknown = True
                elif t in _JOKERS:
                    c, self.jokers = self.jokers, self.jokers + 1
                    self.known.add(c)
                else:
                    raise ValueError(f"bad card {t!r}")
            elif c in self.known:
                raise ValueError(f"card {NAME[c]} is dealt twice")
            else:
                self.known.add(c)
            out.append(len(self.cards))
            self.cards.append(c)
        return out

    def claim(self, seat: int, token: str, *, drop: bool) -> list[int]:
        """The held slots of cards a seat shows or discards, naming unknown
        slots where needed; with ``drop`` they leave the seat's hand.
        ``ValueError`` says what is wrong."""
        out: list[int] = []
        for k in range(0, len(token), 2):
            t = token[k : k + 2]
            pick = self._held_slot(seat, t, out)
            if pick is None:
                raise ValueError(f"the player does not hold {t}")
            out.append(pick)
        if drop:
            for s in out:
                self.held[seat].remove(s)
        return out

    def _held_slot(self, seat: int, t: str, taken: list[int]) -> int | None:
        """The slot of card text ``t`` in the seat's hand (not in ``taken``)."""
        cards, hand = self.cards, self.held[seat]
        if t in _JOKERS:
            return next((s for s in hand if cards[s] >= 52 and s not in taken), None)
        c = CARD.get(t)
        if c is None and t != "??":
            raise ValueError(f"bad card {t!r}")
        if c is not None:
            for s in hand:
                if cards[s] == c and s not in taken:
                    return s
            if c in self.known:
                raise ValueError(f"{NAME[c]} is not in p's hand")
        pick = next((s for s in hand if cards[s] == UNKNOWN and s not in taken), None)
        if pick is not None and c is not None:
            cards[pick] = c  # the card shown names an unknown slot
            self.known.add(c)
        return pick

    def fill_unknown(self, game: Game, up_slots: list[int]) -> Iterator[int]:
        """Give every unknown slot a card and return the unused cards, in the
        order they go on: weak ones (the lowest unused, the highest in a
        low-only game), except unknown stud up cards (``up_slots``), which
        take cards far from the bring-in (the highest, the lowest in razz) so
        that the file's bring-in stands. ``ValueError`` when the deck runs out."""
        known, cards = self.known, self.cards
        # filterfalse: a C loop, and lazy (it reads ``known`` as it goes)
        deck = game.deck if game.high else reversed(game.deck)
        pool: Iterator[int] = filterfalse(known.__contains__, deck)
        if not self.unknown:
            return pool
        if up_slots:
            unused = list(pool)
            for x in up_slots:
                if unused:
                    cards[x] = unused.pop()
            pool = iter(unused)
        for x, c in enumerate(cards):
            if c == UNKNOWN:
                try:
                    cards[x] = next(pool)
                except StopIteration:
                    raise ValueError("more cards are dealt than the deck holds") from None
        return pool

    def unknown_up_slots(
        self, batches: list[dict[int, list[int]]], streets: list[Street]
    ) -> list[int]:
        """The unknown slots among the up cards of each deal batch
        (``streets[j]`` deals batch ``j``)."""
        if not self.unknown:
            return []
        out: list[int] = []
        for batch, st in zip(batches, streets, strict=False):
            if st.up:
                for slots in batch.values():
                    out.extend(x for x in slots[st.down :] if self.cards[x] == UNKNOWN)
        return out
