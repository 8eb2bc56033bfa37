"""How an equity and a range display: each player's equity, wins and ties
and the breakdown by the winning hand's category; a range's 13x13 grid."""

from __future__ import annotations

import re

import hoyle
from hoyle import Range
from hoyle.ranges import hand_classes

from tests.support.display import fits, html_rows, html_text, rich_lines


def test_the_equity_html_shows_each_player_to_two_decimals_and_the_categories() -> None:
    e = hoyle.equity(["AhKh", "QsQd"], board="Qh9h2c")
    html = e._repr_html_()
    rows = html_rows(html)
    players = [r for r in rows if r and r[0].startswith("player ")]
    assert players == [
        [f"player {p}", label, f"{e.equity[p]:.2%}", f"{e.win[p]:.2%}", f"{e.tie[p]:.2%}"]
        for p, label in enumerate(["AhKh", "QsQd"])
    ]
    # the breakdown: one row per category that won something, strongest first
    breakdown = {r[0]: r[1:] for r in rows if r and r[0] in {str(c) for c in hoyle.Category}}
    assert list(breakdown) == [str(c) for c in sorted({*e.categories[0], *e.categories[1]})][::-1]
    assert breakdown["Flush"] == [f"{e.categories[0][hoyle.Category.FLUSH]:.2%}", ""]
    assert "Flush" in html_text(html)
    assert "exact" in html_text(html)
    # each player's shares add up to the equity shown
    for p in range(2):
        total = sum(float(r[p].rstrip("%")) for r in breakdown.values() if r[p])
        assert abs(total - e.equity[p] * 100) < 0.01 * len(breakdown)
    assert re.findall(r'<span title="(\w\w)"', html) == ["Qh", "9h", "2c"]


def test_monte_carlo_shows_its_standard_error_and_a_range_its_text() -> None:
    e = hoyle.equity(["QQ+, AKs", "JhTh", "22"], trials=20_000, seed=3)
    rows = html_rows(e._repr_html_())
    assert [
        "player 0",
        "QQ+, AKs",
        f"{e.equity[0]:.2%}",
        f"{e.win[0]:.2%}",
        f"{e.tie[0]:.2%}",
        f"{e.stderr[0]:.2%}",
    ] in rows
    assert "Monte Carlo, 20,000 trials" in html_text(e._repr_html_())
    lines = rich_lines(e)
    fits(lines)
    assert lines[0] == "Equity (Monte Carlo, 20,000 trials)"
    assert any(line.split()[:4] == ["player", "1", "JhTh", f"{e.equity[1]:.2%}"] for line in lines)
    assert any(line.split()[:2] == ["One", "Pair"] for line in lines)


def test_a_high_low_equity_shows_the_low_half() -> None:
    e = hoyle.equity(
        ["As2dKcQd", "Ah2cJcJd", "9h9s9c8d"], board="3c4h7sTd9d", game=hoyle.games.omaha_hilo()
    )
    rows = html_rows(e._repr_html_())
    assert ["player 2", "9h9s9c8d", "50.00%", f"{e.win[2]:.2%}", f"{e.tie[2]:.2%}", "0.00%"] in rows
    assert [
        "player 0",
        "As2dKcQd",
        "25.00%",
        f"{e.win[0]:.2%}",
        f"{e.tie[0]:.2%}",
        "25.00%",
    ] in rows


def test_str_of_an_equity_is_a_short_report() -> None:
    e = hoyle.equity(["AhKh", "QsQd"])
    assert str(e).splitlines() == [
        "equity (exact)",
        "  player 0:  46.214%  win  46.018%  tie  0.393%",  # the README's 0.462145
        "  player 1:  53.786%  win  53.589%  tie  0.393%",
    ]
    assert e.players == ("AhKh", "QsQd")


def test_the_range_grid_has_169_cells_and_shades_the_classes_held() -> None:
    html = Range("AKs")._repr_html_()
    cells = re.findall(r'<td title="(\w+): ([\d.]+)%" style="([^"]*)">', html)
    assert len(cells) == 169
    assert [name for name, _, _ in cells] == hand_classes()
    weights = {name: float(w) for name, w, _ in cells}
    assert weights.pop("AKs") == 100.0
    assert set(weights.values()) == {0.0}
    style = {name: s for name, _, s in cells}
    assert "background:#ffffff" not in style["AKs"]
    assert "background:#ffffff" in style["AKo"]
    assert "Range 'AKs': 4 combos (0.3% of 1,326)" in html_text(html)


def test_a_partial_class_shows_its_share() -> None:
    r = Range("QQ@50, AKs, AsKd")
    rows = html_rows(r._repr_html_())
    assert rows[2][2] == "QQ 50%"  # row Q, column Q
    assert rows[0][1] == "AKs"  # held whole: no share written
    assert rows[1][0] == f"AKo {1 / 12:.0%}"  # one combo of twelve
    lines = rich_lines(r)
    fits(lines)
    assert len(lines) == 14
    assert lines[1].split()[:3] == ["AA", "AKs", "AQs"]
    assert all(len(line.split()) == 13 for line in lines[1:])
