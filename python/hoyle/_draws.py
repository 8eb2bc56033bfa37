"""Draw poker's draw (docs/rules.md §9): which cards a seat may throw, and
the replacement cards from the stub (the discards reshuffled when it runs
out). ``Hand.draw`` checks with ``_discards_of`` and then ``_replace``s."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hoyle._core import Card
from hoyle._deal import card_ids, reshuffle
from hoyle._turns import Turns
from hoyle.errors import IllegalActionError

__all__ = ["Draws"]


def _card_name(c: int) -> str:
    """A card's name, or the id itself when no card has it."""
    return str(Card(c)) if 0 <= c <= 53 else f"card id {c}"


class Draws(Turns):
    """The fourth layer of a hand: the draw. ``_discards_of`` only reads;
    ``_replace`` writes ``_cards``, ``_deck``, ``_discards`` (and, when the
    stub runs out, takes the reshuffled discards into ``_deck``),
    ``_history``, ``_to_draw`` and ``_actor``, then hands the turn on
    (``Streets._begin_betting``) after the last seat draws."""

    __slots__ = ()

    def _discards_of(self, p: int, discards: Iterable[Any] | str) -> list[int]:
        """The card ids seat ``p`` may throw now, or the error that says why not."""
        try:
            out = card_ids(discards)
        except (TypeError, ValueError) as err:
            raise IllegalActionError(f"seat {p} cannot draw {discards!r}: {err}") from None
        held = self._cards[p]
        for c in out:
            if c not in held:
                raise IllegalActionError(
                    f"seat {p} cannot discard {_card_name(c)}: not in its hand "
                    f"(it may discard some of {' '.join(map(_card_name, held))})"
                )
        if len(set(out)) != len(out):
            raise IllegalActionError(f"seat {p} cannot discard the same card twice")
        street = self._plan.streets[self._street]
        limit = street.draw
        kept = [c for c in held if c not in out]
        if street.draw_ace is not None and any(c // 4 == 12 for c in kept):
            limit = max(limit, street.draw_ace)
        if len(out) > limit:
            raise IllegalActionError(
                f"seat {p} cannot draw {len(out)} cards: at most {limit} on this draw"
            )
        if len(out) > len(self._deck) + len(self._discards):
            raise IllegalActionError(f"seat {p} cannot draw {len(out)}: the deck is exhausted")
        return out

    def _replace(self, p: int, out: list[int]) -> None:
        """Seat ``p`` throws ``out`` and is dealt as many cards (checked)."""
        held = self._cards[p]
        deck = self._deck
        if len(out) > len(deck):  # the discards are shuffled to complete the stub
            deck[:0] = reshuffle(self._discards, self._reseed + len(self._history))
            self._discards = []
        for c in out:
            held.remove(c)
        for _ in out:
            held.append(deck.pop())
        self._discards.extend(out)
        self._history.append((self._street, p, "draw", 0, len(out), tuple(out)))
        self._to_draw.pop(0)
        if self._to_draw:
            self._actor = self._to_draw[0]
        else:
            self._begin_betting()
