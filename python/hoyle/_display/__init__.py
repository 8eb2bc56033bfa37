"""Rich display: how hoyle's values draw themselves in a notebook and in a
terminal.

Each displayed class has ``_repr_html_`` (Jupyter's rich output: HTML with
inline styles only, no external CSS or script, every piece of user text
escaped) and ``__rich__`` (a renderable for the ``rich`` library, sized for
an 80-column terminal). The classes of the Rust core (``Card``,
``HandRank``, ``Settlement``) call the functions named here from their
methods (``src-rust/py/display.rs``); the Python classes call their modules
directly. The drawing lives in this package, one module per kind of value:
``cards`` (a card, a ranked hand), ``table`` (a hand in play, a
settlement), ``odds`` (an equity, a range's 13x13 grid), ``game`` (a game's
settings); ``html`` and ``terminal`` are the pieces they share.

>>> import hoyle
>>> hoyle.Card("Ah")._repr_html_().endswith(">A♥</span>")
True
>>> hoyle.Card("Ah").__rich__()
<text 'A♥' [] 'bold red on white'>
"""

from __future__ import annotations

from hoyle._display.cards import card_html, card_rich, rank_html, rank_rich
from hoyle._display.table import settlement_html, settlement_rich

__all__ = [
    "card_html",
    "card_rich",
    "rank_html",
    "rank_rich",
    "settlement_html",
    "settlement_rich",
]
