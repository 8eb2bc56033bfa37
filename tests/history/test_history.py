"""Synthetic PHH histories for what the corpus lacks (side pots, high-low
side pots, a wild-card draw game through the ``_hoyle_game`` extension, an
all-in below a full raise, dead antes), the TOML writer, and malformed
histories."""

from __future__ import annotations

import sys
from pathlib import Path

import hoyle
import pytest
from hoyle.history import HandHistory, dumps, load

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser, as the tomli package (hoyle needs it there)
    import tomli as tomllib


def one(text: str) -> HandHistory:
    [history] = load(text)
    return history


NT4 = """
variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [50, 100, 200, 300]
actions = [
  "d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 QsQh", "d dh p4 JsJh",
  "p3 cbr 200", "p4 cc", "p1 cc", "p2 cc",  # p1, p2 and p3 all in
  "d db 2c3d7h", "d db 9c", "d db Td",
  "p1 sm AsAh", "p2 sm KsKh", "p3 sm QsQh", "p4 sm JsJh",
]
"""


def test_multiway_side_pots() -> None:
    hand = one(NT4).replay()
    pots = [(p.amount, p.eligible, p.high_winners) for p in hand.settlement.pots]  # type: ignore[union-attr]
    assert pots == [(200, (0, 1, 2, 3), (0,)), (150, (1, 2, 3), (1,)), (200, (2, 3), (2,))]
    assert hand.stacks == (200, 150, 200, 100)


FO8 = """
variant = "FO/8"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [10, 100, 100]
actions = [
  "d dh p1 Ah4d9sQs", "d dh p2 KdQd7c7s", "d dh p3 5h6hJdJh",
  "p3 cbr 4", "p1 cbr 6", "p2 cc", "p3 cc",
  "d db 2c3d8h", "p1 cbr 2", "p2 cbr 4", "p3 cc", "p1 cc",  # p1 all in for 10
  "d db Kc", "p2 cbr 4", "p3 cc",
  "d db Ks", "p2 cbr 4", "p3 cc",
]
"""


def test_high_low_side_pots() -> None:
    """Main pot 30: high p2 (kings full... trips), low p1 (A-2-3-4-8). Side
    pot 16 between p2 and p3: high p2, low p3 (8-6-5-3-2)."""
    hand = one(FO8).replay()
    pots = [
        (p.amount, p.eligible, p.high_winners, p.low_winners)
        for p in hand.settlement.pots  # type: ignore[union-attr]
    ]
    assert pots == [(30, (0, 1, 2), (1,), (0,)), (16, (1, 2), (1,), (2,))]
    assert hand.stacks == (15, 105, 90)


DEUCES_GAME = (
    '{name = "deuces_wild_draw", streets = [{down = 5}, {draw = 3, draw_ace = 4}], '
    'blinds = [1, 2], rules = {wild_ranks = "2"}}'
)
DEUCES = f"""
variant = "N5CD"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
_hoyle_game = {DEUCES_GAME}
actions = [
  "d dh p1 2cAsAdAcKh", "d dh p2 KsKdKc7d7h",
  "p2 cc", "p1 cc",
  "p1 sd", "p2 sd",
  "p1 cbr 10", "p2 cc",
]
"""


def test_wild_card_draw_game_through_the_extension() -> None:
    """Deuces wild: p1's 2 makes four aces, beating p2's full house of
    kings. Without the extension (plain five-card draw) p2 wins."""
    history = one(DEUCES)
    assert history.game.rules == hoyle.HandRules(wild_ranks="2")
    assert history.replay().stacks == (112, 88)
    plain = one(DEUCES.replace("_hoyle_game", "_unused"))
    assert plain.game.name == "five_card_draw"
    assert plain.replay().stacks == (88, 112)
    # and it writes back the same game
    again = one(dumps(history.replay()))
    assert again.game == history.game
    assert again.replay().history == history.replay().history


SHORT = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [130, 1000, 1000]
actions = [
  "d dh p1 AcAd", "d dh p2 7c2d", "d dh p3 KcKd",
  "p3 cbr 100", "p1 cbr 130", "p2 f", "p3 {}",
  "d db 2h3h4s", "d db 9c", "d db Jd",
]
"""


def test_all_in_below_a_full_raise_does_not_reopen() -> None:
    """p3 raises to 100; p1's all-in to 130 is a raise of 30, less than the
    90 of a full raise: p3, who already acted, may only call or fold."""
    hand = one(SHORT.format("cc")).replay()
    assert hand.stacks == (270, 990, 870)
    with pytest.raises(
        hoyle.HistoryError, match=r"action 7 'p3 cbr 300': seat 2 cannot bet or raise"
    ):
        one(SHORT.format("cbr 300")).replay()


BB_ANTE = """
variant = "NT"
antes = [0, 100, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 300", "p1 f", "p2 f"]
"""


def test_big_blind_ante_is_dead_money() -> None:
    """p2's ante is never refunded, though nobody matched it: p3 takes the
    blinds and the ante and gets back the uncalled 200 of its raise."""
    hand = one(BB_ANTE).replay()
    assert hand.stacks == (950, 800, 1250)
    assert hand.settlement.refunds == (0, 0, 200)  # type: ignore[union-attr]


def test_per_position_antes_follow_the_blinds() -> None:
    game = hoyle.games.texas_holdem(blinds=(5, 10)).with_(antes=(0, 10))
    assert game.antes == (0, 10)
    hand = game.start([100] * 4, button=2)
    assert [(a.seat, a.kind, a.amount) for a in hand.history] == [
        (0, "ante", 10),
        (3, "blind", 5),
        (0, "blind", 10),
    ]
    heads_up = game.start([100, 100], button=0)  # the button posts the first blind
    assert (heads_up.history[0].seat, heads_up.history[0].kind) == (1, "ante")
    with pytest.raises(hoyle.GameError, match="not both"):
        game.with_(ante=1)
    with pytest.raises(hoyle.GameError, match="3 antes"):
        hoyle.games.texas_holdem().with_(antes=(1, 1, 1)).start([10, 10])


def test_zero_blinds_skip_seats() -> None:
    """A button blind: only the sixth seat from the button's left posts."""
    game = hoyle.games.texas_holdem(blinds=(0, 0, 0, 0, 0, 30))
    hand = game.start([100] * 6, button=5)
    assert [(a.seat, a.kind, a.amount) for a in hand.history] == [(5, "blind", 30)]
    assert hand.actor == 0


def test_unknown_cards_take_the_shown_ones() -> None:
    text = NT4.replace('"d dh p2 KsKh"', '"d dh p2 ????"')
    hand = one(text).replay()
    assert hand.hole(1) == tuple(c.id for c in hoyle.parse_cards("KsKh"))
    assert hand.stacks == (200, 150, 200, 100)


def test_load_paths_and_phhs(tmp_path: Path) -> None:
    path = tmp_path / "x.phhs"
    path.write_text(f"[a]\n{NT4}\n[b]\n{FO8}\n", "utf-8")
    a, b = load(path)
    assert (a.name, b.name, a.source) == ("a", "b", str(path))
    assert b.replay().stacks == (15, 105, 90)
    assert [h.variant for h in load(str(path))] == ["NT", "FO/8"]


def test_writer_round_trips_through_tomllib() -> None:
    hand = one(NT4).replay()
    odd = 'quote " backslash \\ tab \t newline \n, ’ and # not a comment'  # noqa: RUF001
    text = dumps(hand, event=odd, players=["a", "b", "c", "d"])
    fields = tomllib.loads(text)
    assert fields["event"] == odd
    assert fields["finishing_stacks"] == [200, 150, 200, 100]
    again = one(text)
    assert again.fields["event"] == odd
    assert again.replay().stacks == hand.stacks


def test_in_progress_hand_writes_and_replays_partially() -> None:
    hand = hoyle.games.texas_holdem().start([100, 100, 100], seed=1)
    hand.call()
    text = dumps(hand)
    assert "finishing_stacks" not in text
    history = one(text)
    with pytest.raises(hoyle.HistoryError, match="end before the hand is over"):
        history.replay()
    again = history.replay(partial=True)
    assert again.history == hand.history
    assert again.actor == hand.actor


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("variant = ", r"<text>: not valid TOML"),
        (
            "variant = 'NT'\nactions = []",
            r"<text>: the required field 'starting_stacks' is missing",
        ),
        ("x = 1", r"no hand here"),
        (NT4.replace('"NT"', '"XX"'), r"unknown variant 'XX'"),
        (NT4.replace("AsAh", "AsZz", 1), r"action 1 'd dh p1 AsZz': bad card 'Zz'"),
        (NT4.replace("KsKh", "AsKh", 1), r"action 2 'd dh p2 AsKh': card As is dealt twice"),
        (NT4.replace('"p4 cc"', '"p9 cc"'), r"action 6 'p9 cc': 'p9' is not a player p1..p4"),
        (NT4.replace('"p4 cc"', '"p4 jump"'), r"action 6 'p4 jump': unknown action"),
        (NT4.replace("p3 cbr 200", "p3 cbr 3"), r"action 5 'p3 cbr 3': seat 2 cannot raise to 3"),
        (NT4.replace("p3 cbr 200", "p3 cbr x"), r"action 5 'p3 cbr x': bad amount 'x'"),
        (NT4.replace('"p4 cc", "p1 cc", "p2 cc",', ""), r"the actions end before the hand is over"),
        (
            FO8.replace('"p1 cc",', '"p1 cc", "p1 cc",'),
            r"action 13 'p1 cc': out of turn, p2 is to act",
        ),
        (BB_ANTE.replace('"p2 f"', '"p2 f", "p3 f"'), r"action 7 'p3 f': the hand is already over"),
        (
            NT4.replace('"d db Td"', '"d db Td", "d db 5c"'),
            r"6 board cards; texas_holdem deals fewer",
        ),
    ],
)
def test_malformed_histories(text: str, message: str) -> None:
    def replay_all() -> None:
        for history in load(text):
            history.replay()

    with pytest.raises(hoyle.HistoryError, match=message):
        replay_all()


def test_a_refused_action_leaves_nothing_behind() -> None:
    bad = one(NT4.replace("p3 cbr 200", "p3 cbr 3"))
    with pytest.raises(hoyle.HistoryError):
        bad.replay()
    with pytest.raises(hoyle.HistoryError):  # the same error again: nothing was kept
        bad.replay()


def test_strict_refuses_a_skipped_player() -> None:
    text = NT4.replace('"p4 cc", ', "")
    history = one(text)
    assert history.replay(partial=True).history[-1].kind in ("call", "fold")
    with pytest.raises(hoyle.HistoryError, match=r"action 6 'p1 cc': out of turn, p4 is to act"):
        history.replay(strict=True)


def test_hand_history_repr_and_where() -> None:
    history = one(NT4)
    assert history.where == "<text>"
    assert "NT" in repr(history)
    assert history.button == 3
    assert history.seat(1) == 0


def test_replay_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from hoyle.cli import main

    good = tmp_path / "good.phh"
    good.write_text(FO8 + "finishing_stacks = [15, 105, 90]\n", "utf-8")
    bad = tmp_path / "bad.phh"
    bad.write_text(NT4.replace("p3 cbr 200", "p3 cbr 3"), "utf-8")
    assert main(["replay", str(good)]) == 0
    out = capsys.readouterr().out
    assert "FO/8  pot 46  won by p1 p2  finishing stacks match" in out
    assert "1 hands replayed from 1 files" in out
    assert main(["replay", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "bad.phh: action 5 'p3 cbr 3'" in out
    assert "1 errors" in out
