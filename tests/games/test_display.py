"""How a game displays: its name, streets by name, betting, forced bets,
seats and rules."""

from __future__ import annotations

from hoyle import Limit, games

from tests.support.display import fits, html_rows, html_text, rich_lines


def test_holdem_shows_its_streets_betting_blinds_and_seats() -> None:
    game = games.texas_holdem(blinds=(1, 2))
    rows = html_rows(game._repr_html_())
    assert ["betting", "no limit"] in rows
    assert ["blinds", "1/2"] in rows
    assert ["seats", "2 to 23"] in rows  # 52 cards: 23 seats of two and a board of five
    assert [r for r in rows if r[0] in ("preflop", "flop", "turn", "river")] == [
        ["preflop", "2 down", "no limit"],
        ["flop", "3 to the board", "no limit"],
        ["turn", "1 to the board", "no limit"],
        ["river", "1 to the board", "no limit"],
    ]
    assert html_text(game._repr_html_()).startswith("Game texas_holdem")
    fits(rich_lines(game))


def test_stud_and_draw_games_name_their_streets_and_rules() -> None:
    stud = games.seven_card_stud()
    rows = html_rows(stud._repr_html_())
    assert [r[0] for r in rows if r[0].endswith(" street")] == [
        "third street",
        "fourth street",
        "fifth street",
        "sixth street",
        "seventh street",
    ]
    assert ["bring-in", str(stud.bring_in)] in rows
    assert ["ante", str(stud.ante)] in rows
    assert ["seats", "2 to 7"] in rows  # 7 cards each from 52
    draw = games.deuce_to_seven_triple_draw()
    names = [r[0] for r in html_rows(draw._repr_html_())]
    assert names[-4:] == ["before the draw", "first draw", "second draw", "third draw"]
    assert ["ranking", "low (deuce-to-seven)"] in html_rows(draw._repr_html_())
    hilo = html_rows(games.omaha_hilo()._repr_html_())
    assert ["ranking", "high-low (ace-to-five)"] in hilo
    assert ["betting", "fixed limit 2"] in hilo  # its big bet on the turn and river:
    assert ["river", "1 to the board", "fixed limit 4"] in hilo
    for game in (stud, draw, games.badeucy(), games.courchevel()):
        fits(rich_lines(game))


def test_limits_and_a_users_name_are_shown_escaped() -> None:
    game = games.texas_holdem(betting=Limit(2, 4)).with_(name="Tom & <Jerry>")
    html = game._repr_html_()
    assert "Tom &amp; &lt;Jerry&gt;" in html
    assert "<Jerry>" not in html
    assert ["betting", "limit 2/4"] in html_rows(html)
    lines = rich_lines(game)
    assert lines[0] == "Game Tom & <Jerry>"
