"""The displays of ``hoyle.SimulationResult``: the table ``hoyle play``
prints, as plain text (``str``), a ``rich`` table (``__rich__``) and HTML
(``_repr_html_``, notebooks), and its plain JSON values (``as_dict``).

The table: a title of two lines (the game, hands, time and seed; blinds and
stacks with their policy), a row per seat, best net first, and a legend
that says what each column means."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hoyle.simulation import SimulationResult

__all__ = ["as_dict", "html", "rich_table", "text"]


#: The columns of a result's table and what each means (its legend).
_HEAD = (
    "seat",
    "bot",
    "net chips",
    "bb/100",
    "±95%",
    "pots won",
    "showdowns",
    "VPIP",
    "PFR",
    "buy-ins",
)
_LEGEND = [
    "net chips: chips won less chips put in; bb/100: net big blinds per 100 hands,"
    " ±95%: the half-width of its 95% confidence interval",
    "pots won: hands it won chips in; showdowns: hands it was still in at the end",
    "VPIP: hands it called, bet or raised on the first street (blinds do not count);"
    " PFR: hands it bet or raised there",
    "buy-ins: stacks bought (stacks reset every hand: 1; carried over: 1 a session of"
    " {shard_hands:,} hands, 1 more each time it busted)",
]


def _legend(r: SimulationResult) -> list[str]:
    return [line.format(shard_hands=r.shard_hands) for line in _LEGEND]


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _title(r: SimulationResult) -> str:
    blinds = "/".join(f"{b:,}" for b in r.blinds) if r.blinds else "none"
    big = r.seats[0].big_blind if r.seats else 1
    stacks = sorted(set(r.stacks))
    depth = (
        f"{stacks[0]:,} ({stacks[0] / big:,.0f} big blinds)"
        if len(stacks) == 1
        else ", ".join(f"{x:,}" for x in r.stacks)
    )
    policy = "reset every hand" if r.reset_stacks else "carried over, rebuys"
    rate = f"{r.hands / r.seconds:,.0f} hands/s" if r.seconds > 0 else ""
    timing = f" in {r.seconds:.1f} s ({rate})" if rate else ""
    return (
        f"{r.game}: {r.hands:,} hands{timing}, seed {r.seed}\n"
        f"blinds {blinds}, stacks {depth} {policy}"
    )


def _table(r: SimulationResult) -> tuple[tuple[str, ...], list[list[str]]]:
    """The header and the rows (best net first) of a result's table."""
    rows = []
    for seat in sorted(r.seats, key=lambda s: (-s.net, s.seat)):
        low, high = seat.ci95
        half = (high - low) / 2
        rows.append(
            [
                str(seat.seat),
                seat.bot,
                f"{seat.net:+,}",
                f"{seat.bb_per_100:+,.1f}",
                f"{half:,.1f}" if math.isfinite(half) else "-",
                f"{seat.won:,}",
                f"{seat.showdowns:,}",
                f"{seat.vpip_rate:.1%}",
                f"{seat.pfr_rate:.1%}",
                f"{seat.buy_ins:,}",
            ]
        )
    return _HEAD, rows


def _voided(r: SimulationResult) -> list[str]:
    out = [f"hand {f.hand} voided: {f.message}" for f in r.failures[:10]]
    if len(r.failures) > 10:
        out.append(f"... {len(r.failures):,} hands voided in all")
    return out


def text(r: SimulationResult) -> str:
    """The table of ``hoyle play`` as plain text: a title line, one row
    per seat (best first), the columns explained under it."""
    head, rows = _table(r)
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
    lines = _title(r).splitlines()
    for cells in (head, *rows):
        out = []
        for i, cell in enumerate(cells):
            out.append(cell.ljust(widths[i]) if i == 1 else cell.rjust(widths[i]))
        lines.append("  ".join(out).rstrip())
    lines += _legend(r)
    lines += _voided(r)
    return "\n".join(lines)


def rich_table(r: SimulationResult) -> Any:
    """A ``rich.table.Table`` of the same rows (what ``hoyle play``
    prints); the legend is its caption. No cell ever wraps."""
    from rich.table import Table

    head, rows = _table(r)
    from rich.text import Text

    table = Table(
        title=Text(_title(r)),
        caption=Text("\n".join(_legend(r) + _voided(r))),
        caption_justify="left",
    )
    for i, name in enumerate(head):
        table.add_column(name, justify="left" if i == 1 else "right", no_wrap=True)
    for cells in rows:
        table.add_row(*(Text(c) for c in cells))  # a label is text, never markup
    return table


def html(r: SimulationResult) -> str:
    """An HTML table of the same rows (notebooks), every text escaped."""
    from html import escape

    head, rows = _table(r)
    out = [
        '<table class="hoyle-simulation">',
        f"<caption>{'<br>'.join(escape(t) for t in _title(r).splitlines())}</caption>",
    ]
    out.append("<thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr></thead>")
    out.append("<tbody>")
    for cells in rows:
        tds = "".join(
            f'<td style="text-align:{"left" if i == 1 else "right"}">{escape(c)}</td>'
            for i, c in enumerate(cells)
        )
        out.append(f"<tr>{tds}</tr>")
    out.append("</tbody>")
    legend = "<br>".join(escape(line) for line in _legend(r) + _voided(r))
    out.append(f'<tfoot><tr><td colspan="{len(head)}">{legend}</td></tr></tfoot></table>')
    return "".join(out)


def as_dict(r: SimulationResult) -> dict[str, Any]:
    """The result as plain JSON values (``hoyle play --json``): the
    game, blinds, stacks, hands, seed and a ``"seats"`` list, one entry
    per seat with its counts, rates, bb/100 and 95% interval."""
    seats = []
    for seat in r.seats:
        low, high = seat.ci95
        seats.append(
            {
                "seat": seat.seat,
                "bot": seat.bot,
                "stack": r.stacks[seat.seat] if r.stacks else None,
                "hands": seat.hands,
                "net": seat.net,
                "bb_per_100": seat.bb_per_100,
                "ci95": [_finite(low), _finite(high)],
                "buy_ins": seat.buy_ins,
                "won": seat.won,
                "showdowns": seat.showdowns,
                "vpip": seat.vpip_rate,
                "pfr": seat.pfr_rate,
            }
        )
    return {
        "game": r.game,
        "blinds": list(r.blinds),
        "big_blind": r.seats[0].big_blind if r.seats else None,
        "stacks": list(r.stacks),
        "reset_stacks": r.reset_stacks,
        "hands": r.hands,
        "seed": r.seed,
        "shards": r.shards,
        "shard_hands": r.shard_hands,
        "rake": r.rake,
        "seconds": r.seconds,
        "seats": seats,
        "failures": [
            {"seat": f.seat, "bot": f.bot, "hand": f.hand, "message": f.message} for f in r.failures
        ],
    }
