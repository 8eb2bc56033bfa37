"""GGPoker hand histories (tests/data/sites/layorx, real Rush & Cash files;
SOURCE.md): every hand read or refused with a message, each read hand's
replay checked against the file's own lines read here on their own (the
summary's pot, rake, jackpot, the cash drop, what each seat won), PokerKit
playing the same actions, round trips through PHH, and the house money
(the cash drop) through the engine's hook."""

from __future__ import annotations

import pickle
import re
import warnings
from decimal import Decimal
from pathlib import Path

import hoyle
import pytest
from hoyle._ending import add_house_money
from hoyle.errors import GameError, HistoryError

DATA = Path(__file__).parent.parent / "data" / "sites" / "layorx" / "10000_data"
FILES = sorted(DATA.glob("*.txt"))
HEADER = re.compile(r"^Poker Hand #[A-Z]+(\d+):", re.M)


def _file(number: str) -> Path:
    [path] = [p for p in FILES if f"RushAndCash{number} " in p.name]
    return path


def _hand(number: str, hand_id: str) -> hoyle.history.HandHistory:
    [h] = [h for h in hoyle.history.load(_file(number), errors="skip") if h.name == hand_id]
    return h


# The hands hoyle refuses, and why. GGPoker divides a split pot (and a pot
# run twice) unevenly, by a rule its files do not show (RC3793222491 in the
# whole set: two equal hands, $8.78 after rake, paid $4.41 and $4.37), where
# hoyle's rule (docs/rules.md §4) pays a cent apart at most.
REFUSED = {
    "11093596": {"3796094835": "2a2d730c nets -0.09 in hoyle's replay, -0.07 by the file's lines"},
    "1101937": {
        "3812541049": "Hero nets -0.13 in hoyle's replay, -0.10 by the file's lines",
        "3812536629": "90a48ef1 nets 0.11 in hoyle's replay, 0.09 by the file's lines",
        "3812414897": "d2d7795b nets -0.07 in hoyle's replay, -0.08 by the file's lines",
    },
}


def _number(path: Path) -> str:
    found = re.search(r"RushAndCash(\d+) ", path.name)
    assert found is not None
    return found[1]


def _summary(text: str, hand_id: str) -> tuple[dict[int, Decimal], Decimal, Decimal, Decimal]:
    """Hand ``hand_id``'s summary, read here on its own: what each seat won
    (each run's ``won ($X)``, ``collected ($X)``), the total pot, the rake
    and fees (every amount after ``Total pot``) and the cash drop."""
    start = text.index(f"{hand_id}:")
    end = HEADER.search(text, start + 10)
    body = text[start : end.start() if end else len(text)]
    summary = body[body.index("*** SUMMARY ***") :]
    won: dict[int, Decimal] = {}
    for seat, rest in re.findall(r"^Seat (\d+): (.*)$", summary, re.M):
        amounts = re.findall(r"(?:collected|won) \(\$([\d.]+)\)", rest)
        won[int(seat)] = sum((Decimal(a) for a in amounts), Decimal(0))
    total = re.search(r"Total pot \$([\d.]+)(.*)", summary)
    assert total is not None
    fees = sum((Decimal(a) for a in re.findall(r"\$([\d.]+)", total[2])), Decimal(0))
    drop = re.search(r"Cash Drop to Pot : total \$([\d.]+)", body)
    return won, Decimal(total[1]), fees, Decimal(drop[1]) if drop else Decimal(0)


@pytest.mark.parametrize("path", FILES, ids=_number)
def test_every_hand_is_read_or_refused_and_pays_what_the_file_says(path: Path) -> None:
    hands = hoyle.history.load(path, errors="skip")
    text = path.read_text(encoding="utf-8")
    refused = REFUSED.get(_number(path), {})
    ids = HEADER.findall(text)
    assert [h.name for h in hands] == [x for x in ids if x not in refused]
    assert len(hands.refused) == len(refused)
    for r in hands.refused:
        [hand_id] = [x for x in refused if x in r.message]
        assert refused[hand_id] in r.message
    for h in hands:
        hand = h.replay()
        scale = h.scale
        won, total, fees, drop = _summary(text, str(h.name))
        s = hand.settlement
        assert s is not None
        # the house's drop and the players' bets are paid out, less the rake and fees
        assert sum(hand.contributions) + drop * scale == sum(s.payouts) + s.rake
        assert s.rake == fees * scale
        assert sum(hand.contributions) - sum(s.refunds) + drop * scale == total * scale
        for k, seat_number in enumerate(h.fields["seats"]):
            seat = h.seat(k + 1)
            paid = s.payouts[seat] - s.refunds[seat]
            assert Decimal(paid) == won.get(seat_number, Decimal(0)) * scale, h.players[k]
        assert list(h.net_chips(hand)) == [
            (f - st) for f, st in zip(h.finishing_stacks or (), h.starting_stacks, strict=True)
        ]


def test_a_cash_drop_in_a_hand_run_twice() -> None:
    """RC3812481231: $0.5 dropped, $10.64 bet, "Total pot $11.14 | Rake $0.14
    | Jackpot $0.07"; run twice, c5df19a2 collects $5.47 on the first board,
    370bf11f $5.46 on the second (the odd cent to the first run)."""
    h = _hand("1101937", "3812481231")
    assert h.fields["_hoyle_house_money"] == Decimal("0.5")
    assert h.fields["_hoyle_runouts"] == ["3hTh5c4cTc"]
    assert h.fields["_hoyle_room_rake"] == Decimal("0.21")
    assert h.fields["_hoyle_fees"] == {"jackpot": Decimal("0.07")}
    hand = h.replay()
    nets = dict(zip(h.players, (h.net_chips(hand)[h.seat(k + 1)] for k in range(6)), strict=True))
    assert nets == {  # (cents) 5.47 - 5.26, 5.46 - 5.26, the blinds and a raise lost
        "15f48232": -2,
        "c5df19a2": 21,
        "34825fcc": -10,
        "370bf11f": 20,
        "Hero": 0,
        "bfb42484": 0,
    }
    assert [hoyle.history.cards.card_text(b) for b in hoyle.history.runs.boards(hand)] == [
        "8hTdAsJcTs",
        "3hTh5c4cTc",
    ]


def test_a_board_run_three_times() -> None:
    """No permissively licensed file shows a board run three times, so the
    hand run twice above is edited to a third run (2c 2d 7s 9s 6h, which
    370bf11f's kings win): $10.93 after the rake, $3.65 to the first run
    (the odd cent), $3.64 to each other. A summary that says two runs is
    refused."""
    text = _file("1101937").read_text(encoding="utf-8")
    start = text.index("Poker Hand #RC3812481231:")
    hand = text[start : text.index("\n\n", start)]
    edits = {
        "*** FIRST SHOWDOWN ***": "*** THIRD FLOP *** [2c 2d 7s]\n"
        "*** THIRD TURN *** [2c 2d 7s] [9s]\n"
        "*** THIRD RIVER *** [2c 2d 7s 9s] [6h]\n*** FIRST SHOWDOWN ***",
        "collected $5.47": "collected $3.65",
        "370bf11f collected $5.46 from pot": "370bf11f collected $3.64 from pot\n"
        "*** THIRD SHOWDOWN ***\n370bf11f collected $3.64 from pot",
        "run two times": "run three times",
        "SECOND Board [3h Th 5c 4c Tc]": "SECOND Board [3h Th 5c 4c Tc]\n"
        "THIRD Board [2c 2d 7s 9s 6h]",
        "won ($5.47)": "won ($3.65)",
        "won ($5.46) with two pair, Kings and Tens": "won ($3.64), and won ($3.64)",
    }
    for old, new in edits.items():
        assert old in hand
        hand = hand.replace(old, new)
    [h] = hoyle.history.loads(hand)
    assert h.fields["_hoyle_runouts"] == ["3hTh5c4cTc", "2c2d7s9s6h"]
    nets = h.net_chips(h.replay())
    k, j = h.players.index("c5df19a2"), h.players.index("370bf11f")
    assert (nets[h.seat(k + 1)], nets[h.seat(j + 1)]) == (365 - 526, 728 - 526)
    with pytest.raises(HistoryError, match="run 2 time"):
        hoyle.history.loads(hand.replace("run three times", "run two times"))


def test_a_cash_drop_goes_to_the_main_pot() -> None:
    """RC3810835436: three all in, the shortest (cf1cfaf7, $2.40) wins the main
    pot with the $0.5 drop, less all the rake: $7.56; the side pot of $0.22
    goes to b351aff7, unraked."""
    h = _hand("790758", "3810835436")
    hand = h.replay()
    s = hand.settlement
    assert s is not None
    main, side = s.pots
    assert (main.amount, main.rake, side.amount, side.rake) == (777, 21, 22, 0)
    seat = h.seat(h.players.index("cf1cfaf7") + 1)
    assert main.shares[seat] == 756
    assert h.net_chips(hand)[seat] == 756 - 240


def test_ev_cashouts_are_kept_beside_the_pot() -> None:
    """RC3796095001: 11c93160 cashes out on the turn and loses the river: the
    pot goes to 59810f7b ($10), the house pays 11c93160 $8.54 ("Receives
    Cashout", the summary's "EV Cashout ($8.54)"). RC3844480952: fcb08853
    cashes out twice and wins, paying "Cashout Risk" $0.01 twice (the
    summary: $0.02)."""
    lost = _hand("11093596", "3796095001")
    assert lost.fields["_hoyle_cashouts"] == {"11c93160": Decimal("8.54")}
    k = lost.players.index("11c93160")
    assert lost.net_chips(lost.replay())[lost.seat(k + 1)] == -(15 + 51 + 434)
    won = _hand("9515431", "3844480952")
    assert won.fields["_hoyle_cashouts"] == {"fcb08853": Decimal("-0.02")}
    assert won.fields["_hoyle_house_money"] == Decimal("0.2")
    k = won.players.index("fcb08853")
    assert won.net_chips(won.replay())[won.seat(k + 1)] == 169 - 74  # (in for 0.74)


def test_time_bank_cards_are_kept_beside_the_pot() -> None:
    """RC hand of RushAndCash882282: 8a8c64c0 buys a time bank card for
    $0.05 and the other five receive $0.01 each."""
    [h] = [h for h in hoyle.history.load(_file("882282")) if "_hoyle_time_bank" in h.fields]
    bank = h.fields["_hoyle_time_bank"]
    assert bank["8a8c64c0"] == Decimal("-0.05")
    assert sorted(v for k, v in bank.items() if k != "8a8c64c0") == [Decimal("0.01")] * 5
    assert sum(bank.values()) == 0


def test_the_shipped_sample_is_a_fixture_unchanged() -> None:
    sample = Path(hoyle.history.samples.path("ggpoker-rush-and-cash.txt"))
    assert sample.read_bytes() == _file("9515431").read_bytes()
    assert (sample.parent / "LICENSE-layorx").read_bytes() == (
        DATA.parent.parent / "LICENSE-layorx"
    ).read_bytes()


def test_omaha_hands() -> None:
    hands = hoyle.history.load(_file("2773613"))
    assert len(hands) == 8
    assert {h.variant for h in hands} == {"PO"}
    assert all(len(h.actions[0].split()[-1]) == 8 for h in hands)  # four hole cards


def test_the_fields_of_a_hand() -> None:
    h = _hand("1101937", "3812481231")
    assert h.site == "GGPoker"
    assert h.currency == "USD"
    assert h.stakes == (Decimal("0.02"), Decimal("0.05"))
    assert h.fields["_hoyle_hand_id"] == "RC3812481231"
    assert h.fields["table"] == "RushAndCash1086491"
    assert h.started is not None
    assert h.started.isoformat() == "2025-08-16T23:43:36"
    assert h.players[4] == "Hero"


def test_round_trip_site_text_phh_load_same_replay() -> None:
    kept = ("_hoyle_house_money", "_hoyle_cashouts", "_hoyle_time_bank", "_hoyle_runouts")
    seen: set[str] = set()
    for path in FILES:
        for h in hoyle.history.load(path, errors="skip"):
            [again] = hoyle.history.loads(h.dumps())
            a, b = h.replay(), again.replay()
            assert a.stacks == b.stacks
            assert a.history == b.history
            assert again.site == "GGPoker"
            for key in (*kept, "_hoyle_room_rake", "_hoyle_fees"):
                assert again.fields.get(key) == h.fields.get(key)
                seen.update(k for k in kept if k in h.fields)
            if "_hoyle_house_money" in h.fields:  # the engine's hand written back
                [hand_again] = hoyle.history.loads(hoyle.history.dumps(a))
                assert hand_again.replay().stacks == a.stacks
    assert seen == set(kept)


def test_pokerkit_plays_the_same_actions() -> None:
    """PokerKit replays the PHH hoyle writes (without the rake, the cash
    drop and the later runs, which PokerKit's fields cannot say) to the
    same stacks as hoyle without them; where it splits a pot into half
    cents, hoyle's chips are within a cent of its."""
    pokerkit = pytest.importorskip("pokerkit")
    compared = 0
    drop = ("_hoyle_room_rake", "_hoyle_house_money", "_hoyle_runouts", "finishing_stacks")
    for path in FILES:
        for h in hoyle.history.load(path, errors="skip"):
            bare = hoyle.history.HandHistory(
                {k: v for k, v in h.fields.items() if k not in drop}, name=h.name
            )
            hand = bare.replay()
            ours = [Decimal(hand.stacks[bare.seat(k + 1)]) / bare.scale for k in range(6)]
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                *_, state = pokerkit.HandHistory.loads(bare.dumps())
            theirs = [Decimal(x) for x in state.stacks]
            assert all(abs(a - b) < Decimal("0.01") for a, b in zip(ours, theirs, strict=True))
            assert sum(ours) == sum(theirs)
            compared += ours == theirs
    assert compared >= 800


# -- refused and hostile ------------------------------------------------------------

_ONE = _file("9515431").read_text(encoding="utf-8").split("\n\n\n")[0]


def test_a_hand_cut_short_is_refused_with_its_line() -> None:
    lines = _ONE.splitlines()
    for cut in range(1, len(lines) - 1, 2):
        with pytest.raises(HistoryError, match=r"hand #RC\d+|line \d+"):
            hoyle.history.loads("\n".join(lines[:cut]))


def test_straddles_tournaments_and_other_games_are_refused() -> None:
    straddle = _ONE.replace("*** HOLE CARDS ***", "af08509a: straddle $0.04\n*** HOLE CARDS ***", 1)
    with pytest.raises(HistoryError, match="straddles"):
        hoyle.history.loads(straddle)
    with pytest.raises(HistoryError, match="does not read GGPoker's 'PLO-5'"):
        hoyle.history.loads(_ONE.replace("Hold'em No Limit", "PLO-5 Pot Limit", 1))
    with pytest.raises(HistoryError, match="tournament"):
        hoyle.history.loads(_ONE.replace(": Hold'em", ": Tournament #123, Hold'em", 1))


def test_a_pot_that_does_not_add_up_is_refused_with_the_line() -> None:
    with pytest.raises(HistoryError, match=r"'Total pot \$1.79 .* come to 1.58, plus the cash"):
        hoyle.history.loads(_ONE.replace("Total pot $1.78", "Total pot $1.79"))
    wrong = _ONE.replace("won ($1.69) with Ace high", "won ($1.68) with Ace high")
    with pytest.raises(HistoryError, match=re.escape("the collected lines pay fcb08853 1.69")):
        hoyle.history.loads(wrong)
    risk = _ONE.replace("Cashout Risk ($0.02)", "Cashout Risk ($0.01)")
    with pytest.raises(HistoryError, match=re.escape("the cash-out lines give fcb08853 -0.02")):
        hoyle.history.loads(risk)


def test_a_gg_hand_in_a_pokerstars_file_is_refused() -> None:
    stars = Path(hoyle.history.samples.path("pokerstars-nlhe.txt")).read_text(encoding="utf-8-sig")
    with pytest.raises(HistoryError, match="another format"):
        hoyle.history.loads(stars + "\n\n" + _ONE)


# -- the engine's hook ----------------------------------------------------------------

_PHH = """
variant = "NT"
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [50, 50, 50]
actions = ["d dh p1 AcAd", "d dh p2 AhAs", "d dh p3 KcKd", "p3 cbr 10", "p1 cc", "p2 cc",
           "d db 2c3d9h", "p1 cc", "p2 cc", "p3 cc", "d db Ts", "p1 cc", "p2 cc", "p3 cc",
           "d db Js", "p1 cc", "p2 cc", "p3 cc"]
"""


def test_house_money_is_divided_as_the_engine_divides_a_pot() -> None:
    """30 bet, 7 from the house: the two aces split 37, the odd chip to the
    first from the button's left (p1); it stays through a pickle, a clone
    and the PHH written back, and comes before a room's rake."""
    [h] = hoyle.history.loads(_PHH + "_hoyle_house_money = 7\n")
    hand = h.replay()
    assert h.net_chips(hand) == (19 - 10, 18 - 10, -10)
    assert pickle.loads(pickle.dumps(hand)).stacks == hand.stacks
    assert hand.clone().stacks == hand.stacks
    [again] = hoyle.history.loads(hoyle.history.dumps(hand))
    assert again.replay().stacks == hand.stacks
    [raked] = hoyle.history.loads(_PHH + "_hoyle_house_money = 7\n_hoyle_room_rake = 3\n")
    assert raked.net_chips(raked.replay()) == (17 - 10, 17 - 10, -10)


def test_house_money_is_refused_where_it_cannot_be() -> None:
    [h] = hoyle.history.loads(_PHH)
    hand = h.replay()
    for bad in (0, -1, 1.5, 10**19):
        with pytest.raises(GameError, match=re.escape("1..10**18")):
            add_house_money(hand, bad)  # type: ignore[arg-type]
    add_house_money(hand, 3)
    before = hand.stacks
    with pytest.raises(GameError, match="already"):
        add_house_money(hand, 3)
    assert hand.stacks == before
    [cut] = hoyle.history.loads(_PHH.replace(', "p3 cc"]', "]"))
    unfinished = cut.replay(partial=True)
    with pytest.raises(GameError, match="only a finished hand"):
        add_house_money(unfinished, 3)
    with pytest.raises(HistoryError, match="_hoyle_house_money"):
        hoyle.history.loads(_PHH + '_hoyle_house_money = "lots"\n')[0].replay()
