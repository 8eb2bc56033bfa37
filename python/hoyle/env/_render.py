"""The table as text, for ``render()``: the street, the board and the pot,
one line per seat (its stack, its bet this interval, its cards, face-up
cards in brackets), the last action and, for the seat to act, the legal
entries of the abstraction. Chips are shown as chips."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hoyle._core import Card

if TYPE_CHECKING:
    from hoyle.env.actions import Actions
    from hoyle.hand import Hand

__all__ = ["table_text"]


def _cards(cards: Sequence[int], up: Sequence[int] = ()) -> str:
    return " ".join(f"[{Card(c)}]" if c in up else str(Card(c)) for c in cards) or "-"


def table_text(hand: Hand, actions: Actions, names: Sequence[str]) -> str:
    """``hand`` as a few lines of text, seats named ``names``."""
    streets = len(hand.game.streets)
    where = "over" if hand.is_over else f"street {hand.street + 1} of {streets}"
    lines = [
        f"{hand.game.name}, {where}, pot {hand.pot}, board {_cards(hand.board)}",
    ]
    active = hand.active
    for seat, name in enumerate(names):
        marks = ("D " if seat == hand.button else "  ") + ("> " if seat == hand.actor else "  ")
        state = "" if active[seat] else " (folded)"
        lines.append(
            f"{marks}{name}: stack {hand.stacks[seat]}, bet {hand.bets[seat]}, "
            f"cards {_cards(hand.hole(seat), hand.up(seat))}{state}"
        )
    if hand.history:
        last = hand.history[-1]
        lines.append(f"last: {names[last.seat]} {last.kind} {last.amount}")
    if hand.actor is not None:
        labels = actions.names(hand.game)
        legal = actions.mask(hand)
        lines.append("legal: " + ", ".join(f"{i} {labels[i]}" for i in legal.nonzero()[0]))
    else:
        won = [
            f"{n} {e - s:+d}"
            for n, s, e in zip(names, hand.starting_stacks, hand.stacks, strict=False)
        ]
        lines.append("result: " + ", ".join(won))
    return "\n".join(lines)
