"""Dealing: the order a hand's cards come in, and every shuffle through the core.

A hand's deck is a list of card ids with the next card last (``pop()``
deals it). It comes from one of three places, all in one order: a deck the
caller gives (its first card dealt first), a seeded deal (the core's
Mersenne Twister, keyed as ``random.Random(seed)``, so a seed deals what it
always has) or an unseeded one (the core's fast per-thread generator). A
draw game also gets a 32-bit reshuffle seed from the same source: when the
stub runs out, the discards are shuffled with ``reseed + len(history)``;
a replayed hand history deals them again in the file's order instead
(``restub``, a hook internal to hoyle that ``hoyle.history``'s replay calls
before such a draw).
"""

from __future__ import annotations

import operator
import os
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from hoyle._core import Card, _deal, _deal_and_seed, _reseed_deals, _reshuffle, parse_cards
from hoyle._plan import MAX_SEATS, Plan
from hoyle._whole import whole
from hoyle.betting import MAX_CHIPS, chip_count
from hoyle.errors import GameError, IllegalActionError

if TYPE_CHECKING:
    from hoyle._hand_state import HandState

__all__ = [
    "card_ids",
    "check_seats",
    "check_seed",
    "check_stacks",
    "chips",
    "deal_order",
    "reshuffle",
    "restub",
]

if hasattr(os, "register_at_fork"):  # a forked child must not repeat its parent's deals
    os.register_at_fork(after_in_child=_reseed_deals)


def card_ids(cards: Iterable[Any] | str) -> list[int]:
    """Card ids from ids, ``Card``s or text."""
    if isinstance(cards, str):
        return [c.id for c in parse_cards(cards)]
    if cards.__class__ is list and set(map(type, cards)) <= {int}:
        return cards[:]  # card ids already (the usual replay case)
    out: list[int] = []
    for c in cards:
        if isinstance(c, str):
            out.extend(x.id for x in parse_cards(c))
        elif isinstance(c, bool):
            raise TypeError(f"a card is a card id, a Card or text, got {c!r}")
        else:
            out.append(operator.index(c))
    return out


def chips(stacks: list[Any]) -> list[int]:
    """The starting stacks as a list of ints (each checked as chips)."""
    return [chip_count(f"stacks[{i}]", c) for i, c in enumerate(stacks)]


def check_stacks(stacks: list[int]) -> None:
    """Raises the error for starting stacks a hand cannot play or settle."""
    if min(stacks, default=1) <= 0:
        raise GameError(f"every seat needs chips to start a hand, got stacks {stacks}")
    if sum(stacks) > MAX_CHIPS:
        raise GameError(
            f"the stacks add up to {sum(stacks)} chips; a hand settles at most "
            f"{MAX_CHIPS} (2**64 - 1) in all"
        )


def check_seed(seed: Any) -> int:
    """A deal's seed: an int ``>= 0`` of any size (``random.Random`` keys
    on ``abs(seed)``, so a negative seed would deal what its magnitude does:
    it is refused rather than silently aliased)."""
    seed = whole(seed, "seed must be an int or None")
    if seed < 0:
        raise GameError(f"seed must be an int >= 0 (or None), got {seed}")
    return int(seed)


def check_seats(plan: Plan, n: int, button: int) -> None:
    """Raises the error for a seat count or button a hand of ``plan`` cannot deal."""
    if n < 2:
        raise GameError(f"a hand needs at least 2 seats, got {n}")
    if n > MAX_SEATS:
        raise GameError(f"a hand has at most {MAX_SEATS} seats, got {n}")
    if not 0 <= button < n:
        raise GameError(f"button must be a seat 0..{n - 1}, got {button}")
    if len(plan.blinds) > n:
        raise GameError(f"{len(plan.blinds)} blinds need at least as many seats, got {n}")
    if len(plan.posts) > n:
        raise GameError(f"{len(plan.posts)} posts need at least as many seats, got {n}")
    if len(plan.antes) > n:
        raise GameError(f"{len(plan.antes)} antes need at least as many seats, got {n}")
    need = plan.cards_needed(n)
    drawn = n * (plan.seat_cards - plan.per_seat)
    also = f" (with {drawn} its draws take before the last cards are dealt)" if drawn else ""
    raise GameError(
        f"{plan.name} deals {need} cards to {n} seats{also}; the deck has {len(plan.deck)}"
    )


def _given(plan: Plan, deck: Iterable[Any] | str, need: int) -> list[int]:
    """The caller's deck as card ids, checked."""
    fast = deck.__class__ is list and set(map(type, deck)) <= {int}  # ids already: a replay
    order = list(deck) if fast else card_ids(deck)
    if len(set(order)) != len(order):
        raise GameError("the deck holds a card twice")
    allowed = plan.deck_set
    if not allowed.issuperset(order):
        stray = next(c for c in order if c not in allowed)
        name = Card(stray) if 0 <= stray <= 53 else f"id {stray}"
        raise GameError(f"card {name} is not in {plan.name}'s deck")
    if len(order) < need:
        raise GameError(f"the deck has {len(order)} cards; {plan.name} deals {need}")
    return order


def deal_order(
    plan: Plan, n: int, seed: int | None, deck: Iterable[Any] | str | None
) -> tuple[list[int], int, tuple[int, ...]]:
    """A hand's deck (the next card last) for ``n`` seats, its reshuffle
    seed, and the deck as dealt (the first card first: what ``deck=`` would
    deal again, with ``seed=`` the reshuffle seed)."""
    need = n * plan.seat_cards + plan.fixed  # plan.cards_needed(n), inline: every hand
    if seed is not None and (seed.__class__ is not int or seed < 0):
        seed = check_seed(seed)
    if deck is not None:
        order = _given(plan, deck, need)
        reseed = seed if seed is not None else 0
    else:
        size = len(plan.deck)
        if plan.has_draw:  # the whole deck, and a seed for the reshuffles
            order, reseed = _deal_and_seed(size, size, seed)
        else:
            order, reseed = _deal(size, need, seed), 0
        if not plan.deck_is_range:  # positions in the deck to cards
            cards = plan.deck
            order = [cards[i] for i in order]
    dealt = tuple(order)
    order.reverse()
    return order, reseed, dealt


def reshuffle(pile: list[int], seed: int) -> list[int]:
    """The discards shuffled to complete the stub (docs/rules.md §9)."""
    return _reshuffle(pile, seed)


def restub(hand: HandState, order: Sequence[int], drawn: int) -> None:
    """Hook for a hand history's replay (``hoyle.history.replay``): the
    draw about to be made (``drawn`` cards) empties the stub, and the file
    deals the discards again in its own order, ``order`` (first card
    first), rather than in the reshuffle's (docs/rules.md §9): they go
    under the stub in that order. Changes ``_deck``, ``_discards`` (now
    empty) and ``_restubs`` (kept: a clone, a pickle and ``_hand_check``'s
    replay deal the same cards). Raises ``IllegalActionError`` when the
    stub still covers the draw or ``order`` is not the discards, and
    changes nothing then; the draw that follows checks the rest.
    Internal to hoyle."""
    deck, pile = hand._deck, hand._discards
    if drawn <= len(deck):
        raise IllegalActionError(f"deals discards again, but the stub still holds {len(deck)}")
    if sorted(pile) != sorted(order):
        raise IllegalActionError("the discards dealt again are not the discards of the hand")
    hand._restubs = (*hand._restubs, (len(hand._history), tuple(order)))
    deck[:0] = order[::-1]  # the next card last
    hand._discards = []
