"""How a settlement displays: the pots, their winners and each seat's
payout, in a notebook and in a terminal."""

from __future__ import annotations

import hoyle

from tests.support.display import fits, html_rows, html_text, rich_lines


def test_the_rule_books_side_pot_example_shows_each_pot_and_payout() -> None:
    # docs/rules.md §8 (the README's example): C all in for 40 with the best hand
    s = hoyle.settle([70, 70, 40], [10, 20, 30], button=2)
    html = s._repr_html_()
    assert html_text(html).startswith("Settlement: 180 chips paid")
    rows = html_rows(html)
    assert ["main pot", "120", "0", "0 1 2", "high 2 (120)"] in rows
    assert ["side pot 1", "60", "0", "0 1", "high 1 (60)"] in rows
    assert [r for r in rows if r[0].startswith("seat ")] == [
        ["seat 0", "0", ""],
        ["seat 1", "60", ""],
        ["seat 2", "120", ""],
    ]
    lines = rich_lines(s)
    fits(lines)
    assert lines[0] == "Settlement: 180 chips paid"
    assert any(
        line.split() == ["main", "pot", "120", "0", "0", "1", "2", "high", "2", "(120)"]
        for line in lines
    )
    assert any(line.split() == ["seat", "2", "120"] for line in lines)


def test_halves_refunds_and_rake_are_shown() -> None:
    rake = hoyle.Rake(percent=10, cap=None)
    s = hoyle.settle([50, 50, 80], [3, 2, 1], [1, None, 2], button=0, rake=rake)
    assert s.rake > 0
    assert s.refunds[2] == 30
    rows = html_rows(s._repr_html_())
    pot = s.pots[0]
    assert [
        "main pot",
        f"{pot.amount}",
        f"{pot.rake}",
        "0 1 2",
        f"high 0 ({pot.high_half}), low 2 ({pot.low_half})",
    ] in rows
    assert ["seat 2", f"{s.payouts[2]}", "30"] in rows
    assert f"(rake {s.rake})" in html_text(s._repr_html_())
    fits(rich_lines(s))
