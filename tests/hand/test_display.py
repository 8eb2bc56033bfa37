"""How a hand displays: its repr and str (cards, board, stacks), its HTML
for a notebook and its rich rendering for a terminal; ``hole_cards`` and
``board_cards`` (the ``Card``s of ``hole`` and ``board``'s ids)."""

from __future__ import annotations

import re

import hoyle
from hoyle import Card

from tests.support.display import fits, html_rows, html_text, rich_lines, shown_cards


def _flop() -> hoyle.Hand:
    """The README's hand: seat 0 raises to 6, seat 1 folds, seat 2 calls."""
    game = hoyle.games.texas_holdem(betting=hoyle.NoLimit(), blinds=(1, 2))
    hand = game.start([200, 200, 150], button=0, seed=11)
    hand.raise_to(6)
    hand.fold()
    hand.call()
    return hand


def _names(ids: tuple[int, ...]) -> list[str]:
    return [str(Card(c)) for c in ids]


def test_hole_cards_and_board_cards_are_the_ids_as_cards() -> None:
    hand = _flop()
    assert hand.board_cards == hoyle.parse_cards(list(hand.board))
    assert _names(hand.board) == ["5h", "9h", "Ts"]
    for seat in range(3):
        assert all(type(c) is int for c in hand.hole(seat))  # bots read ints
        assert hand.hole_cards(seat) == tuple(Card(c) for c in hand.hole(seat))
    assert all(type(c) is Card for c in hand.hole_cards(2))


def test_the_html_names_the_board_each_seats_cards_stack_and_whose_turn() -> None:
    hand = _flop()
    html = hand._repr_html_()
    text = html_text(html)
    assert text.startswith("texas_holdem, flop, pot 13")
    cards = shown_cards(html)
    holes = [name for seat in range(3) for name in _names(hand.hole(seat))]
    assert cards == ["5h", "9h", "Ts", *holes]
    rows = [r for r in html_rows(html) if r and r[0].startswith("seat ")]
    assert [r[0] for r in rows] == ["seat 0 (button)", "seat 1", "seat 2"]
    assert [r[2:] for r in rows] == [
        ["194", "0", "6", ""],
        ["199", "0", "1", "folded"],
        ["144", "0", "6", "to act"],
    ]
    assert [int(r[2]) for r in rows] == list(hand.stacks)
    assert "seat 2 to act (check, raise to 2..144)" in text
    assert "background:#fff6d5" in html.split("seat 2</td>")[0].rsplit("<tr>", 1)[1]


def test_a_finished_hand_shows_what_each_seat_won_and_the_settlement() -> None:
    hand = _flop()
    hand.raise_to(144)
    hand.call()
    assert hand.is_over
    assert hand.stacks == (50, 199, 301)
    html = hand._repr_html_()
    rows = html_rows(html)
    seats = [r for r in rows if r and r[0].startswith("seat ") and len(r) == 6]
    assert [r[-1] for r in seats] == ["lost 150", "lost 1", "won 151"]
    assert ["main pot", "301", "0", "0 2", "high 2 (301)"] in rows
    assert len(shown_cards(html)) == 5 + 6
    lines = rich_lines(hand)
    fits(lines)
    assert "texas_holdem, over, pot 301" in lines[0]
    text = str(hand)
    assert text.splitlines()[0] == "texas_holdem, over, pot 301"
    assert text.splitlines()[-1] == "main pot 301, seats 0 2: high seat 2 (301)"


def test_repr_and_str_show_cards_board_and_stacks() -> None:
    hand = _flop()
    holes = ["".join(_names(hand.hole(s))) for s in range(3)]
    assert repr(hand) == (
        f"<Hand texas_holdem flop, board 5h9hTs, seats [{holes[0]} 194, {holes[1]} x 199, "
        f"{holes[2]} 144], pot 13, seat 2 to act>"
    )
    lines = str(hand).splitlines()
    assert lines[:2] == [
        "texas_holdem, flop, pot 13, seat 2 to act (check, raise to 2..144)",
        "board: 5h 9h Ts",
    ]
    assert (
        lines[2] == f"seat 0 (button): {' '.join(_names(hand.hole(0)))}  stack 194  bet 0  in pot 6"
    )
    assert lines[3].endswith("stack 199  bet 0  in pot 1  folded")
    assert lines[4].endswith("stack 144  bet 0  in pot 6  to act")


def test_the_terminal_rendering_fits_80_columns_at_a_full_stud_table() -> None:
    hand = hoyle.games.seven_card_stud().start([1_000_000] * 7, seed=2)
    while not hand.is_over:
        hand.call() if hand.legal.call_amount else hand.check()
    lines = rich_lines(hand)
    fits(lines)
    for seat in range(7):
        faces = " ".join(
            name[0] + {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[name[1]]
            for name in _names(hand.hole(seat))
        )
        assert any(faces in line for line in lines), (faces, lines)
    assert html_text(hand._repr_html_()).startswith("seven_card_stud, over")


def test_a_nine_seat_table_mid_hand_fits_80_columns() -> None:
    hand = hoyle.games.omaha().start([10_000] * 9, seed=5)
    hand.call()
    lines = rich_lines(hand)
    fits(lines)
    assert lines[0] == "omaha, preflop, pot 5"  # blinds 1 and 2, one call
    assert sum(line.lstrip().startswith(tuple("012345678")) for line in lines) == 9


def test_a_game_name_is_escaped() -> None:
    game = hoyle.games.texas_holdem().with_(name="<b>Bob's</b> & co")
    hand = game.start([100, 100], seed=1)
    html = hand._repr_html_()
    assert "<b>" not in html
    assert "&lt;b&gt;Bob&#x27;s&lt;/b&gt; &amp; co" in html
    assert html_text(html).startswith("<b>Bob's</b> & co, preflop")


def test_stud_marks_the_face_down_cards() -> None:
    hand = hoyle.games.seven_card_stud().start([100] * 3, seed=2)
    html = hand._repr_html_()
    spans = re.findall(r'<span title="(\w\w)" style="([^"]*)"', html)
    for seat in range(3):
        up = set(_names(hand.up(seat)))
        mine = [(n, style) for n, style in spans if n in _names(hand.hole(seat))]
        assert len(mine) == 3
        assert [n for n, style in mine if "dashed" not in style] == [n for n, _ in mine if n in up]
        assert len(up) == 1
    assert "dashed: face down" in html_text(html)
    assert "dashed" not in _flop()._repr_html_()
