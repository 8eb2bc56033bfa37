"""An equity and a range, drawn: each player's equity, wins and ties with
the breakdown by the category of the winning hand; a range as the 13x13
grid of hand classes (pairs on the diagonal, suited above it), each cell
shaded by the share of its combos held.

>>> import hoyle
>>> grid = hoyle.Range("AKs, QQ@50")._repr_html_()
>>> grid.count("<td"), "50%" in grid
(169, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

from hoyle._core import RANKS
from hoyle._display import html, terminal

if TYPE_CHECKING:
    from hoyle.category import Category
    from hoyle.odds import Equity
    from hoyle.ranges import Range

__all__ = ["equity_html", "equity_rich", "grid_classes", "range_html", "range_rich"]


def _pct(x: float) -> str:
    return f"{x * 100:.2f}%"


def _labels(e: Equity) -> list[str]:
    if len(e.players) == len(e.equity):
        return list(e.players)
    return [""] * len(e.equity)


def _method(e: Equity) -> str:
    if e.exact:
        return f"exact, {e.deals:,} boards" + (
            f" x {e.holdings:,} holdings" if e.holdings > 1 else ""
        )
    return f"Monte Carlo, {e.trials:,} trials"


def _player_rows(e: Equity) -> tuple[list[str], list[list[str]]]:
    """Headers and plain-text rows of the players' table."""
    headers = ["player", "hand or range", "equity", "win", "tie"]
    if not e.exact:
        headers.append("± (1 s.e.)")
    if any(e.low):
        headers.append("low half")
    rows = []
    for p, label in enumerate(_labels(e)):
        row = [f"player {p}", label, _pct(e.equity[p]), _pct(e.win[p]), _pct(e.tie[p])]
        if not e.exact:
            row.append(_pct(e.stderr[p]))
        if any(e.low):
            row.append(_pct(e.low[p]))
        rows.append(row)
    return headers, rows


def _category_rows(e: Equity) -> list[tuple[Category, list[str]]]:
    """Each category that won some equity (strongest first), with each
    player's share of the pot won with it."""
    seen = sorted({c for row in e.categories for c in row}, reverse=True)
    return [(c, [_pct(row[c]) if row.get(c) else "" for row in e.categories]) for c in seen]


def equity_html(e: Equity) -> str:
    """``Equity._repr_html_``: the players' table (the favourite shaded),
    then the equity each won by the category of the winning hand."""
    headers, rows = _player_rows(e)
    best = max(e.equity)
    players = html.table(
        headers,
        [[html.esc(c) for c in row] for row in rows],
        align="llrrrrr",
        highlight=[x == best for x in e.equity],
    )
    cats = _category_rows(e)
    breakdown = html.table(
        ["winning hand", *(f"player {p}" for p in range(len(e.equity)))],
        [[html.esc(c), *shares] for c, shares in cats],
        align="l" + "r" * len(e.equity),
    )
    board = f"board {html.cards(e.board)}" if e.board else ""
    method = f'<span style="font-weight:400;color:{html.MUTED}">({html.esc(_method(e))})</span>'
    if not cats:
        return html.box(f"Equity {method}", board, players)
    return html.box(f"Equity {method}", board, players, "equity by the winning hand:", breakdown)


def equity_rich(e: Equity) -> Group:
    """``Equity.__rich__``: the same two tables for a terminal."""
    headers, rows = _player_rows(e)
    title = Text("Equity ", style="bold").append(f"({_method(e)})", style="dim")
    players = terminal.grid(title, headers, align="llrrrrr")
    best = max(e.equity)
    for row, x in zip(rows, e.equity, strict=True):
        terminal.add(players, *row, style="bold" if x == best else None)
    parts: list[Text | Table] = []
    if e.board:
        parts.append(Text("board ").append_text(terminal.cards(e.board)))
    parts.append(players)
    cats = _category_rows(e)
    if cats:
        breakdown = terminal.grid(
            None,
            ["winning hand", *(f"player {p}" for p in range(len(e.equity)))],
            align="l" + "r" * len(e.equity),
        )
        for c, shares in cats:
            terminal.add(breakdown, str(c), *shares)
        parts.append(breakdown)
    return Group(*parts)


def grid_classes() -> list[list[str]]:
    """The 13x13 grid of hand classes: row i, column j (aces first); pairs
    on the diagonal, suited above it, offsuit below (``hand_classes``'s
    order)."""
    out = []
    for i in range(12, -1, -1):
        row = []
        for j in range(12, -1, -1):
            hi, lo = max(i, j), min(i, j)
            kind = "" if i == j else "s" if j < i else "o"
            row.append(RANKS[hi] + RANKS[lo] + kind)
        out.append(row)
    return out


def _shade(weight: float) -> tuple[str, str]:
    """A cell's background and text colour: white to deep green."""
    w = min(max(weight, 0.0), 1.0)
    low, high = (255, 255, 255), (27, 120, 55)
    t = 0.15 + 0.85 * w if w else 0.0
    r, g, b = (round(a + (z - a) * t) for a, z in zip(low, high, strict=True))
    return f"#{r:02x}{g:02x}{b:02x}", "#ffffff" if w > 0.5 else html.BLACK


def _title(r: Range) -> str:
    share = len(r) / 1326
    what = f"Range {r.text!r}" if r.text else "Range"
    return f"{what}: {len(r):,} combos ({share:.1%} of 1,326)"


def range_html(r: Range) -> str:
    """``Range._repr_html_``: the 13x13 grid, each cell shaded by the share
    of its combos held (weighted), the share written when partial."""
    held = r.classes()
    rows = []
    for row in grid_classes():
        cells = []
        for name in row:
            w = held.get(name, 0.0)
            bg, fg = _shade(w)
            part = f'<div style="font-size:0.7em">{w:.0%}</div>' if 0 < w < 0.995 else ""
            cells.append(
                f'<td title="{name}: {w:.1%}" style="width:2.6em;height:2.2em;padding:0;'
                f"text-align:center;vertical-align:middle;border:1px solid #d6d6d6;"
                f'background:{bg};color:{fg};font-weight:{600 if w else 400}">{name}{part}</td>'
            )
        rows.append(f"<tr>{''.join(cells)}</tr>")
    grid = (
        f'<table style="border-collapse:collapse;{html.MONO}font-size:0.8em">'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    return html.box(html.esc(_title(r)), grid)


def range_rich(r: Range) -> Group:
    """``Range.__rich__``: the grid for a terminal (57 columns), each
    class on a background shaded by its weight."""
    held = r.classes()
    out = Table(show_header=False, box=None, padding=(0, 0), pad_edge=False)
    for _ in range(13):
        out.add_column(no_wrap=True, width=4)
    for row in grid_classes():
        cells: Sequence[Text] = [
            Text(f"{name:<3} ", style=_rich_style(held.get(name, 0.0))) for name in row
        ]
        out.add_row(*cells)
    return Group(Text(_title(r), style="bold"), out)


def _rich_style(w: float) -> str:
    if not w:
        return "dim"
    bg, fg = _shade(w)
    return f"bold {'white' if fg == '#ffffff' else 'black'} on {bg}"
