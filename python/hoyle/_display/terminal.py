"""The pieces of hoyle's terminal display (the ``rich`` library): cards as
red or black faces on white, two columns wide and a space apart (seven
cards take 20 columns), and tables that fit an 80-column terminal.

>>> from rich.console import Console
>>> from hoyle._display.terminal import cards
>>> console = Console(width=80, color_system=None)
>>> with console.capture() as out:
...     console.print(cards([51, 46]))
>>> out.get()
'A♠ K♥\\n'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from hoyle._display.html import card_face

__all__ = ["add", "card", "cards", "grid"]

_RED = "bold red on white"
_BLACK = "bold black on white"
_JOKER = "bold magenta on white"


def card(card_id: int) -> Text:
    """One card, ``A♥`` in red (or black) on white."""
    face, _ = card_face(card_id)
    style = _JOKER if card_id >= 52 else _RED if (card_id & 3) in (1, 2) else _BLACK
    return Text(face, style=style)


def cards(ids: Iterable[int], *, empty: str = "none") -> Text:
    """Cards side by side, ``empty`` (dim) when there are none."""
    out = Text()
    for i, c in enumerate(ids):
        if i:
            out.append(" ")
        out.append_text(card(int(c)))
    return out if out.plain else Text(empty, style="dim")


def grid(title: str | Text | None, headers: Sequence[str], *, align: str = "") -> Table:
    """An empty table with these columns (``align``: ``l`` or ``r`` each),
    drawn with light lines under the header only; only the last column
    wraps."""
    out = Table(
        title=title,
        title_justify="left",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        pad_edge=False,
        show_edge=False,
    )
    n = len(headers)
    for i, (h, a) in enumerate(zip(headers, align[:n].ljust(n, "l"), strict=True)):
        out.add_column(h, justify="right" if a == "r" else "left", no_wrap=i < n - 1)
    return out


def add(table: Table, *cells: str | Text, style: str | None = None) -> None:
    """A row of ``table``; text is shown as it is, never read as rich's
    markup (a ``[`` in a name stays a ``[``)."""
    table.add_row(*(Text(c) if isinstance(c, str) else c for c in cells), style=style)
