"""A board run more than once (``hoyle.history.runs``, ``_hoyle_runouts``):
PokerStars' run-it-twice hands read and replayed to the file's collected
lines (read here on their own), a hand-built run with an odd chip and a
side pot against its worked result, round trips, pickles, bad boards."""

from __future__ import annotations

import pickle
import re
from decimal import Decimal
from pathlib import Path

import hoyle
import pytest
from hoyle.errors import GameError, HistoryError
from hoyle.history.cards import card_text
from hoyle.history.runs import boards

STARS = Path(__file__).parent.parent / "data" / "sites" / "hhsmithy" / "PokerStars" / "CashGame"
RIT = [
    STARS / "RunItTwiceTests" / "RunItTwice1.txt",
    STARS / "PlayerTests" / "RunItTwice.txt",
]


def _file_nets(text: str) -> dict[str, Decimal]:
    """Each player's net by the file's own lines: what its ``collected``
    lines (both showdowns) and ``Uncalled bet`` lines give back, less what
    its posts, calls, bets and raises put in (a raise's ``to`` total is the
    street's, the blinds included)."""
    body = text[: text.index("*** SUMMARY ***")]
    names = re.findall(r"^Seat \d+: (.*?) \(\$[\d.]+ in chips\)", text, re.M)
    net = dict.fromkeys(names, Decimal(0))
    street: dict[str, Decimal] = dict.fromkeys(names, Decimal(0))
    for line in body.splitlines():
        if line.startswith("*** ") and "HOLE CARDS" not in line:  # (the blinds count)
            street = dict.fromkeys(names, Decimal(0))
            continue
        if m := re.match(r"(.*) collected \$([\d.]+) from", line):
            net[m[1]] += Decimal(m[2])
        elif m := re.match(r"Uncalled bet \(\$([\d.]+)\) returned to (.*)$", line):
            net[m[2].strip()] += Decimal(m[1])
        elif m := re.match(r"(.*?): raises \$[\d.]+ to \$([\d.]+)", line):
            net[m[1]] -= Decimal(m[2]) - street[m[1]]
            street[m[1]] = Decimal(m[2])
        elif m := re.match(r"(.*?): (?:posts (?:small|big) blind|calls|bets) \$([\d.]+)", line):
            net[m[1]] -= Decimal(m[2])
            street[m[1]] += Decimal(m[2])
    return net


@pytest.mark.parametrize("path", RIT, ids=lambda p: p.parent.name)
def test_pokerstars_run_it_twice_replays_to_the_collected_lines(path: Path) -> None:
    text = path.read_text(encoding="utf-8-sig")
    [h] = hoyle.history.load(path)
    assert h.fields["_hoyle_runouts"] == ["3dKd9h8hKc"]  # the summary's SECOND Board
    hand = h.replay()
    assert [card_text(b) for b in boards(hand)] == ["3dKd9h8h4s", "3dKd9h8hKc"]
    want = _file_nets(text)
    # FLATC@T: 2 x (1503.50 + 10) collected and 990 back, of 2000 put in
    assert want["FLATC@T"] == Decimal("2017")
    nets = h.net_chips(hand)
    for k, name in enumerate(h.players):
        assert Decimal(nets[h.seat(k + 1)]) == want[name] * h.scale, name
    settlement = hand.settlement
    assert settlement is not None
    # the rake ($3) comes out of the main pot ($3010) before it is shared:
    # $1503.50 a run, as both showdowns' collected lines say
    main, side = settlement.pots
    assert (main.amount, main.rake, side.amount, side.rake) == (301000, 300, 2000, 0)
    assert sum(hand.contributions) == sum(settlement.payouts) + settlement.rake


def _odd_chip_hand(runouts: str, rake: str = "") -> hoyle.history.HandHistory:
    """p1 all in for 25 preflop with aces, p2 (kings) and p3 (queens) all in
    for 100 on the flop: a main pot of 75 (odd) and a side pot of 150."""
    [h] = hoyle.history.load(
        f"""
variant = "NT"
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [25, 100, 100]
actions = ["d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 QsQh", "p3 cbr 60", "p1 cc", "p2 cc",
           "d db 2c7d8c", "p2 cbr 40", "p3 cc", "d db 3d", "d db 4h"]
_hoyle_runouts = {runouts}
{rake}"""
    )
    return h


def test_an_odd_chip_and_a_side_pot_run_twice() -> None:
    """Worked by hand: the first run (3d 4h) leaves the aces best (main pot)
    and the kings best of the side pot; the second (Qd 9d) gives the queens
    trips, best of both. Main pot 75 in two parts, 38 for the first run (the
    odd chip) and 37; side pot 150, 75 a run."""
    h = _odd_chip_hand('["2c7d8cQd9d"]')
    hand = h.replay()
    assert hand.stacks == (38, 75, 37 + 75)
    assert h.net_chips(hand) == (13, -25, 12)
    settlement = hand.settlement
    assert settlement is not None
    main, side = settlement.pots
    assert main.shares == (38, 0, 37)
    assert main.high_winners == (0, 2)
    assert side.shares == (0, 75, 75)
    assert side.high_winners == (1, 2)
    # three runs (the queens win the last two): 25 each of the main pot, 50 of the side
    three = _odd_chip_hand('["2c7d8cQd9d", "2c7d8cQc9h"]').replay()
    assert three.stacks == (25, 50, 150)
    # a room's rake of 3 comes out of the main pot first: 72 left, 36 a run
    raked = _odd_chip_hand('["2c7d8cQd9d"]', "_hoyle_room_rake = 3").replay()
    assert raked.stacks == (36, 75, 36 + 75)


def test_a_run_hand_round_trips_clones_and_pickles() -> None:
    hand = _odd_chip_hand('["2c7d8cQd9d"]').replay()
    text = hoyle.history.dumps(hand)
    assert '_hoyle_runouts = ["2c7d8cQd9d"]' in text
    [again] = hoyle.history.loads(text)
    assert again.replay().stacks == hand.stacks
    assert again.finishing_stacks == hand.stacks
    back = pickle.loads(pickle.dumps(hand))
    assert back.stacks == hand.stacks
    assert back.settlement == hand.settlement
    assert boards(back) == boards(hand)
    clone = hand.clone()
    assert clone.stacks == hand.stacks
    assert boards(clone) == boards(hand)


@pytest.mark.parametrize(
    "runouts",
    [((0, 21, 24, 41, 51),), ((0, 21, 24, 41, 50),), "x", ((0, 21, 24),), (), ((0, 21, 24, 41),)],
)
def test_a_forged_pickle_with_runouts_is_refused(runouts: object) -> None:
    """Another run (its stacks then not the pickle's), a card a player holds
    (As), not boards, too short, none (the stacks are the runs'), ..."""
    hand = _odd_chip_hand('["2c7d8cQd9d"]').replay()
    state = hand.__getstate__()
    state["_runouts"] = runouts
    fresh = object.__new__(hoyle.Hand)
    with pytest.raises(GameError):
        fresh.__setstate__(state)


@pytest.mark.parametrize(
    ("runouts", "why"),
    [
        ('["2c7d9cQd9d"]', "the first 3 the hand's"),  # another flop
        ('["2c7d8cQd"]', "each run's board is 5 cards"),
        ('["2c7d8cQdAs"]', "deals a card twice"),  # p1's ace
        ('["2c7d8cQdQd"]', "deals a card twice"),
        ('["2c7d8c3d9d"]', "deals a card twice"),  # the first run's turn
        ('"2c7d8cQd9d"', "must be a list"),
        ('["2c7d8cQd9x"]', "is not a board"),
        ("[]", "must be a list of 1..16 boards"),
    ],
)
def test_boards_that_cannot_be_runs_are_refused(runouts: str, why: str) -> None:
    h = _odd_chip_hand(runouts)
    with pytest.raises(HistoryError, match=re.escape(why)):
        h.replay()


def test_a_board_dealt_out_while_betting_has_nothing_to_run() -> None:
    [h] = hoyle.history.load(
        """
variant = "NT"
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 50]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cc", "p1 cc", "d db 2c3d9h", "p1 cc", "p2 cc",
           "d db Ts", "p1 cc", "p2 cc", "d db Js", "p1 cc", "p2 cc"]
_hoyle_runouts = ["2c3d9hTsQs"]
"""
    )
    with pytest.raises(HistoryError, match="nothing to run again"):
        h.replay()


def test_a_capped_hand_run_twice() -> None:
    """RunItTwice2.txt: $2/$4 capped at $80 (``- $80 Cap -``): Gamz11 raises
    to $80 ("has reached the $80 cap") and Garnerus calls, both then all in
    for the cap whatever their stacks; the board is run twice from the
    flop, and both runs tie (80.60 of the pot after $2.80 rake, 40.30 each
    a run)."""
    path = STARS / "RunItTwiceTests" / "RunItTwice2.txt"
    [h] = hoyle.history.load(path)
    assert h.fields["_hoyle_cap"] == Decimal(80)
    hand = h.replay()
    assert [card_text(b) for b in boards(hand)] == ["QdQs4hTs7s", "6s8h6hTd6c"]
    # in play: each stack at most the cap; the file's stacks as written
    assert max(hand.starting_stacks) == 8000
    assert max(h.starting_stacks) == 43306
    want = _file_nets(path.read_text(encoding="utf-8-sig"))
    nets = h.net_chips(hand)
    for k, name in enumerate(h.players):
        assert Decimal(nets[h.seat(k + 1)]) == want[name] * h.scale, name
    assert want["Gamz11"] == Decimal("0.60")
    report = hoyle.history.replay_all([path], outcomes=True)
    assert report.matched == 1
    [outcome] = report.outcomes
    assert outcome.verdict == "match"
    assert outcome.stacks == h.finishing_stacks
