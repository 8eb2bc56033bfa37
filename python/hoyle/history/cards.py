"""The cards a hand history deals, shows and discards (``CardLedger``).

Every card the file names gets a slot, in the order the file deals it; a
slot holds the card's id, ``UNKNOWN`` for ``??`` until a later ``sm`` shows
it (or ``fill_unknown`` picks one), or a joker id (52, 53, ...) for ``Xx``.

A card is dealt once, with one exception (docs/rules.md §9): when a draw
needs more cards than the stub holds, the discards are shuffled to complete
it, so a card discarded earlier may be dealt again. ``redeal`` allows exactly
that: only once the stub is empty, only cards in the pile of discards (those
of the seats already served, since the last reshuffle), each once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
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

    __slots__ = (
        "cards",
        "deck",
        "extra",
        "held",
        "jokers",
        "known",
        "pile",
        "reshuffled",
        "reshuffles",
        "reused",
        "unknown",
        "waiting",
    )

    def __init__(self, seats: int, deck: Sequence[int] = (52, 53)) -> None:
        self.cards: list[int] = []  # slot -> card id (or UNKNOWN)
        self.held: list[list[int]] = [[] for _ in range(seats)]  # slots each seat holds now
        self.known: set[int] = set()
        # the ids ``Xx`` names in turn: the jokers of ``deck``, in its order (a
        # deck may hold joker 53 and not 52), worked out at the first joker
        # (``jokers_left``); past them, ids no deck holds (``extra``)
        self.deck = deck
        self.jokers: list[int] | None = None
        self.extra = 0
        self.unknown = False  # some slot holds UNKNOWN
        # A draw's discards: seat -> slots it threw in the current draw, until its
        # replacements are dealt; then they join the pile (card ids) that a
        # reshuffle takes. ``reshuffled``: what the last reshuffle has not dealt yet.
        self.waiting: dict[int, list[int]] = {}
        self.pile: list[int] = []
        self.reshuffled: set[int] = set()
        self.reused: set[int] = set()  # slots of cards dealt again
        self.reshuffles: list[tuple[int, list[int]]] = []  # (its first slot, the pile)

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
                    c = self._next_joker()
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

    def jokers_left(self) -> list[int]:
        """The deck's jokers the file has not dealt yet, the next one last."""
        if self.jokers is None:
            self.jokers = [c for c in self.deck if c >= 52][::-1]
            self.extra = max([51, *self.jokers]) + 1
        return self.jokers

    def _next_joker(self) -> int:
        """The id of the next joker the file deals."""
        left = self.jokers_left()
        if left:
            return left.pop()
        self.extra += 1  # a joker more than the deck holds: refused with the deck
        return self.extra - 1

    def discarded(self, seat: int, slots: list[int]) -> None:
        """A seat's discards, waiting for its replacements."""
        self.waiting.setdefault(seat, []).extend(slots)

    def served(self, seat: int) -> None:
        """The seat's replacements are dealt: its discards join the pile."""
        slots = self.waiting.pop(seat, None)
        if slots:
            self.pile += [self.cards[x] for x in slots]

    def close_draw(self) -> None:
        """A new draw begins: every discard of the last one is in the pile."""
        for seat in list(self.waiting):
            self.served(seat)

    def redeal(self, token: str, stub: int) -> list[int]:
        """New slots for a draw's replacements ``token`` when the stub holds
        ``stub`` cards: new cards while it lasts, then cards of the
        reshuffled discards. ``ValueError`` says what is wrong."""
        pieces = [token[k : k + 2] for k in range(0, len(token), 2)]
        if stub >= len(pieces):  # the stub lasts: new cards only
            return self.deal_any(token)
        # One deal, whatever order the file names its cards in: the stub's
        # last cards first, then what the last reshuffle left, then a new one.
        pieces.sort(key=self._when)
        out: list[int] = []
        for t in pieces:
            if stub > 0:
                out += self.deal_any(t)
                stub -= 1
            else:
                out.append(self._again(t))
        return out

    def _when(self, t: str) -> int:
        """When in one draw card ``t`` is dealt: 0 from the stub, 1 from what
        the last reshuffle left, 2 from the discards reshuffled now."""
        if t in _JOKERS:  # a joker of the reshuffle's remainder, else a new one, else discarded
            if any(c >= 52 for c in self.reshuffled):
                return 1
            return 0 if self.jokers_left() else 2
        c = CARD.get(t)
        if c in self.reshuffled:
            return 1
        return 0 if c not in self.known else 2

    def _again(self, t: str) -> int:
        """The slot of card ``t`` dealt from the reshuffled discards."""
        c = self._joker_to_reuse() if t in _JOKERS else CARD.get(t)
        if c is None:
            raise ValueError(
                "an unknown card after the discards were reshuffled (the stub was empty)"
                if t == "??"
                else f"bad card {t!r}"
            )
        if not self.reshuffled:  # the stub is empty: the discards are shuffled
            if c not in self.pile:
                raise ValueError(
                    f"card {NAME[c]} is dealt twice (the stub is empty, but it is not "
                    "among the discards to reshuffle)"
                    if c in self.known
                    else f"card {NAME[c]} is dealt after the stub is empty"
                )
            self.reshuffles.append((len(self.cards), self.pile))
            self.reshuffled, self.pile = set(self.pile), []
        if c not in self.reshuffled:
            raise ValueError(f"card {NAME[c]} is dealt twice (not among the reshuffled discards)")
        self.reshuffled.discard(c)
        self.reused.add(len(self.cards))
        self.cards.append(c)
        return len(self.cards) - 1

    def _joker_to_reuse(self) -> int | None:
        """The id of a discarded joker to deal again, None when there is none."""
        pool = self.reshuffled or set(self.pile)
        return min((c for c in pool if c >= 52), default=None)

    def claim(self, seat: int, token: str, *, drop: bool) -> list[int]:
        """The held slots of cards a seat shows or discards, naming unknown
        slots where needed; with ``drop`` they leave the seat's hand.
        ``ValueError`` says what is wrong."""
        out: list[int] = []
        for k in range(0, len(token), 2):
            t = token[k : k + 2]
            pick = self._held_slot(seat, t, out, show=not drop)
            if pick is None:
                raise ValueError(f"the player does not hold {t}")
            out.append(pick)
        if drop:
            for s in out:
                self.held[seat].remove(s)
        return out

    def _held_slot(self, seat: int, t: str, taken: list[int], *, show: bool) -> int | None:
        """The slot of card text ``t`` in the seat's hand (not in ``taken``);
        when the seat ``show``s ``??``, any of its cards."""
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
        elif pick is None and c is None and show:
            # ``??`` shown for a card the file knows (a site's own cards,
            # ``sm ????``): PHH's "neither mucked nor shown"; it names nothing
            pick = next((s for s in hand if s not in taken), None)
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
