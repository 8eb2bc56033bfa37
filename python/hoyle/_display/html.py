"""The pieces of hoyle's HTML: escaped text, cards as small red or black
faces, and tables, every style inline (a notebook, an exported page or an
email shows them the same; no CSS or script is loaded from anywhere).

>>> from hoyle._display.html import card, esc
>>> esc("<b>Tom & Jerry</b>")
'&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;'
>>> "color:#c8102e" in card(51 - 2)  # Ah: a red card
True
"""

from __future__ import annotations

import html
from collections.abc import Container, Iterable, Sequence

from hoyle._core import RANKS

__all__ = [
    "BLACK",
    "RED",
    "SUIT_SYMBOLS",
    "box",
    "card",
    "card_face",
    "cards",
    "esc",
    "table",
]

#: The suit symbols, by suit number (c, d, h, s).
SUIT_SYMBOLS = "♣♦♥♠"
#: The colours of the red suits (diamonds, hearts) and the black ones.
RED = "#c8102e"
BLACK = "#1a1a1a"
#: A joker's colour.
JOKER = "#6a1b9a"
MUTED = "#777777"
FONT = "font-family:system-ui,-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;"
MONO = "font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;"


def esc(text: object) -> str:
    """``text`` made safe to put in HTML (``<``, ``>``, ``&`` and quotes)."""
    return html.escape(str(text), quote=True)


def card_face(card_id: int) -> tuple[str, str]:
    """A card's face (rank and suit symbol, ``"A♥"``; a joker ``"Joker"``)
    and its colour."""
    if card_id >= 52:
        return "Joker", JOKER
    suit = card_id & 3
    return RANKS[card_id >> 2] + SUIT_SYMBOLS[suit], RED if suit in (1, 2) else BLACK


def card(card_id: int, *, down: bool = False) -> str:
    """One card: its face on a small white card, red or black, with the
    card's name (``Ah``) as the title a mouse shows; ``down`` (stud's face
    down cards) draws it on blue-grey with a dashed edge."""
    face, colour = card_face(card_id)
    name = "Xx" if card_id >= 52 else RANKS[card_id >> 2] + "cdhs"[card_id & 3]
    edge, paper = ("1px dashed #7b8aa8", "#e8edf6") if down else ("1px solid #b5b5b5", "#ffffff")
    return (
        f'<span title="{name}" style="display:inline-block;min-width:1.9em;'
        f"padding:0.05em 0.25em;margin:0 0.12em;border:{edge};"
        f"border-radius:0.3em;background:{paper};color:{colour};{MONO}"
        f'font-weight:700;text-align:center;line-height:1.35">{face}</span>'
    )


def cards(ids: Iterable[int], *, empty: str = "none", down: Container[int] = ()) -> str:
    """Cards side by side (those in ``down`` face down); ``empty`` (greyed)
    when there are none."""
    shown = "".join(card(int(c), down=int(c) in down) for c in ids)
    return shown or f'<span style="color:{MUTED}">{esc(empty)}</span>'


_CELL = "padding:0.2em 0.6em;border-bottom:1px solid #e2e2e2;"


def table(
    headers: Sequence[str],
    rows: Iterable[Sequence[str]],
    *,
    align: str = "",
    highlight: Iterable[bool] = (),
) -> str:
    """A table of HTML cells (the caller escapes its text). ``align`` gives
    each column ``l`` or ``r`` (default: left); a row whose ``highlight`` is
    True is shaded (the seat to act, a winner)."""
    n = len(headers)
    sides = [("right" if a == "r" else "left") for a in align[:n].ljust(n, "l")]
    head = "".join(
        f'<th style="{_CELL}text-align:{side};border-bottom:2px solid #999;font-weight:600">'
        f"{h}</th>"
        for h, side in zip(headers, sides, strict=True)
    )
    marks = list(highlight)
    body = []
    for i, row in enumerate(rows):
        shade = "background:#fff6d5;" if i < len(marks) and marks[i] else ""
        cells = "".join(
            f'<td style="{_CELL}text-align:{side};{shade}">{cell}</td>'
            for cell, side in zip(row, sides, strict=True)
        )
        body.append(f"<tr>{cells}</tr>")
    return (
        '<table style="border-collapse:collapse;margin:0.3em 0;font-size:0.95em">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def box(title: str, *parts: str) -> str:
    """A titled block: ``title`` (HTML) in bold, then the parts, one a line."""
    inner = "".join(f'<div style="margin:0.25em 0">{p}</div>' for p in parts if p)
    return (
        f'<div style="{FONT}color:{BLACK};background:#ffffff;display:inline-block;'
        'padding:0.5em 0.8em;border:1px solid #d0d0d0;border-radius:0.4em">'
        f'<div style="font-weight:700;margin-bottom:0.2em">{title}</div>{inner}</div>'
    )
