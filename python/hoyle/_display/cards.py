"""A card and a ranked hand, drawn (``Card`` and ``HandRank`` call these
from the core, ``src-rust/py/display.rs``).

>>> import hoyle
>>> html = hoyle.evaluate("Kh Kd Ks 7c 7d 2s 3h")._repr_html_()
>>> "Full House, Kings over Sevens" in html, html.count("<span title=")
(True, 5)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from hoyle._display import html, terminal

if TYPE_CHECKING:
    from hoyle._core import Card, HandRank

__all__ = ["card_html", "card_rich", "rank_html", "rank_rich"]


def card_html(card: Card) -> str:
    """``Card._repr_html_``: the card's face, red or black."""
    return html.card(card.id)


def card_rich(card: Card) -> Text:
    """``Card.__rich__``: the card's face, red or black on white."""
    return terminal.card(card.id)


def _wild(rank: HandRank) -> list[tuple[int, int]]:
    """(held, stands for) of each wild card in the best five."""
    return [(h.id, b.id) for h, b in zip(rank.held_five, rank.best_five, strict=True) if h != b]


def rank_html(rank: HandRank) -> str:
    """``HandRank._repr_html_``: the hand in words, its category and the
    best five cards (a wild card with the card it stands for)."""
    wild = _wild(rank)
    parts = [
        f"{html.cards(c.id for c in rank.best_five)}"
        f' <span style="color:{html.MUTED}">category {html.esc(rank.category)}'
        f", value {rank.value}</span>"
    ]
    if wild:
        parts.append(
            "wild: " + ", ".join(f"{html.card(held)} as {html.card(best)}" for held, best in wild)
        )
    return html.box(html.esc(rank), *parts)


def rank_rich(rank: HandRank) -> Text:
    """``HandRank.__rich__``: the hand in words, then the best five."""
    out = Text(str(rank), style="bold")
    out.append("  ")
    out.append_text(terminal.cards(c.id for c in rank.best_five))
    out.append(f"  ({rank.category})", style="dim")
    for held, best in _wild(rank):
        out.append("  wild ")
        out.append_text(terminal.card(held))
        out.append(" as ")
        out.append_text(terminal.card(best))
    return out
