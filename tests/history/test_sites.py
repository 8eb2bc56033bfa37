"""Site hand histories (tests/data/sites, real files; SOURCE.md): every
fixture hand read or refused with a message, each read hand replayed to the
file's own results, PokerKit's parser agreeing, round trips through PHH,
hostile input."""

from __future__ import annotations

import hashlib
import re
import time
import tracemalloc
import warnings
from decimal import Decimal
from pathlib import Path

import hoyle
import pytest
from hoyle.errors import HistoryError

DATA = Path(__file__).parent.parent / "data" / "sites"
STARS = sorted((DATA / "hhsmithy" / "PokerStars").rglob("*.txt"))
HEADER = re.compile(r"^\ufeff?PokerStars (?:Zoom )?(?:Hand|Game) #(\d+):", re.M)

# The fixture files hoyle refuses, and why (a substring of the message).
REFUSED = {
    "BlindActionTests/Ante.txt": "opens no hand",  # fragments of hands, no header
    "BlindActionTests/Ignore.txt": "opens no hand",
    "ShowDownActionTests/AllinFlop.txt": "opens no hand",
    "ShowDownActionTests/Ignore.txt": "opens no hand",
    "ShowDownActionTests/RunItTwice.txt": "opens no hand",
    "ShowDownActionTests/Wins.txt": "opens no hand",
    "Seats/4 Max.txt": "opens no hand",  # an empty file (a BOM)
    # the main pot is raked apart from the side pots; hoyle rakes the main pot first
    "ExtraHands/SidePot.txt": "CrSilva.11 nets 3.35 in hoyle's replay, 3.99 by the file's lines",
    # a hand edited by hand: "Total pot $0.50" where 0.90 was bet
    "Limits/AnteTable.txt": (
        "'Total pot $0.50 | Rake $0' but the bets, less the uncalled bets, come to 0.90"
    ),
    # names edited by hand: the seat says Blahdi:42eblah, the actions Blahdieblah
    "PlayerTests/WithSittingOut.txt": "'Blahdieblah' is not dealt in",
    # edited: 5d on the flop and in a hand
    "StreetTests/River.txt": "card 5d is dealt twice",
    "ValidHandTests/CancelledHand.txt": "no 'Total pot' line",
    "ValidHandTests/InValidHand.txt": "no '*** SUMMARY ***' line",
}


def _rel(path: Path) -> str:
    return path.relative_to(DATA / "hhsmithy" / "PokerStars" / "CashGame").as_posix()


def test_the_fixtures_are_the_sources_bytes() -> None:
    """Every fixture file's git blob id is the one SOURCE.md lists (the id
    of the file in the source repository): bytes unchanged."""
    listed: dict[str, str] = {}
    for line in (DATA / "SOURCE.md").read_text(encoding="utf-8").splitlines():
        if re.fullmatch(r"[0-9a-f]{40}  .+", line):
            blob, name = line.split("  ", 1)
            listed[name] = blob
    files = sorted(p for p in DATA.rglob("*") if p.is_file() and p.parent != DATA)
    assert len(files) == len(listed) == 296
    for path in files:
        data = path.read_bytes()
        blob = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
        assert listed[path.relative_to(DATA).as_posix()] == blob


@pytest.mark.parametrize("path", STARS, ids=_rel)
def test_every_fixture_is_read_or_refused_with_a_message(path: Path) -> None:
    why = REFUSED.get(_rel(path))
    if why is not None:
        with pytest.raises(HistoryError, match=re.escape(why)):
            hoyle.history.load(path)
        return
    hands = hoyle.history.load(path)
    text = path.read_text(encoding="utf-8-sig")
    assert [h.name for h in hands] == HEADER.findall(text)  # every hand, in order
    for h in hands:
        _check_against_the_summary(h, text)


def _summary(text: str, hand_id: str) -> tuple[dict[int, Decimal], Decimal, Decimal]:
    """The summary of hand ``hand_id``, read here on its own: what each seat
    number won (``collected ($X)``, ``won ($X)``), the total pot and the rake."""
    start = text.index(f"#{hand_id}:")
    end = HEADER.search(text, start + 10)
    body = text[start : end.start() if end else len(text)]
    summary = body[body.index("*** SUMMARY ***") :]
    won: dict[int, Decimal] = {}
    for seat, rest in re.findall(r"^Seat (\d+): (.*)$", summary, re.M):
        amounts = re.findall(r"(?:collected|won) \(\D?([\d.]+)\)", rest)
        won[int(seat)] = sum((Decimal(a) for a in amounts), Decimal(0))
    total = re.search(r"Total pot \D?([\d.]+)", summary)
    rake = re.search(r"Rake \D?([\d.]+)", summary)
    assert total is not None
    return won, Decimal(total[1]), Decimal(rake[1]) if rake else Decimal(0)


def _check_against_the_summary(h: hoyle.history.HandHistory, text: str) -> None:
    hand = h.replay()
    scale = h.scale
    won, total, rake = _summary(text, str(h.name))
    settlement = hand.settlement
    assert settlement is not None
    # chips conserved: what went in is paid out plus the rake
    assert sum(hand.contributions) == sum(settlement.payouts) + settlement.rake
    assert settlement.rake == rake * scale
    assert sum(hand.contributions) - sum(settlement.refunds) == total * scale
    for k, seat_number in enumerate(h.fields["seats"]):
        seat = h.seat(k + 1)
        paid = settlement.payouts[seat] - settlement.refunds[seat]
        assert Decimal(paid) == won.get(seat_number, Decimal(0)) * scale, h.players[k]
    assert list(h.net_chips(hand)) == [
        (f - s) for f, s in zip(h.finishing_stacks or (), h.starting_stacks, strict=True)
    ]


def test_round_trip_site_text_phh_load_same_replay() -> None:
    for path in STARS:
        if _rel(path) in REFUSED:
            continue
        for h in hoyle.history.load(path):
            [again] = hoyle.history.loads(h.dumps())
            a, b = h.replay(), again.replay()
            assert a.stacks == b.stacks
            assert a.history == b.history
            assert again.players == h.players
            assert again.site == "PokerStars"
            assert again.fields.get("_hoyle_room_rake") == h.fields.get("_hoyle_room_rake")


def test_the_fields_of_a_hand() -> None:
    [h] = hoyle.history.load(hoyle.history.samples.path("pokerstars-nlhe.txt"))
    assert h.players == ("Nightfox82", "Asaki1", "Player_L", "H6U5r", "LovID", "Tunks2")
    assert h.fields["seats"] == [5, 6, 1, 2, 3, 4]  # p1 left of the button (seat 4)
    assert h.currency == "USD"
    assert h.site == "PokerStars"
    assert h.stakes == (Decimal("0.05"), Decimal("0.1"))
    assert h.started is not None
    assert h.started.isoformat() == "2014-01-06T07:21:05-05:00"
    hand = h.replay()
    nets = dict(
        zip(
            h.players,
            (hand.stacks[h.seat(k + 1)] - hand.starting_stacks[h.seat(k + 1)] for k in range(6)),
            strict=True,
        )
    )
    # LovID collected $1.21 having put in 0.02 + 0.50; the pot raked $0.06
    assert nets == {
        "Nightfox82": -7,
        "Asaki1": -12,
        "Player_L": -52,
        "H6U5r": -2,
        "LovID": 69,
        "Tunks2": -2,
    }


def test_pokerkit_agrees_on_the_no_limit_holdem_hands_it_reads() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    compared = 0
    for path in STARS:
        if _rel(path) in REFUSED:
            continue
        text = path.read_text(encoding="utf-8-sig")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = list(pokerkit.PokerStarsParser()(text))
        ours = {h.name: h for h in hoyle.history.load(path) if h.variant == "NT"}
        for t in theirs:
            h = ours[str(t.hand)]
            assert list(t.players) == list(h.players)
            assert [Decimal(x) for x in t.starting_stacks] == [
                Decimal(x) for x in h.fields["starting_stacks"]
            ]
            bets = [a for a in h.actions if not a.startswith("d ") and " sm" not in a]
            them = [a for a in t.actions if not a.startswith("d ") and " sm" not in a]
            # PokerKit writes checks on the streets after an all-in where
            # nobody can act; the file has none (AllInHandWithShowdown.txt)
            assert them[: len(bets)] == bets
            assert all(a.endswith(" cc") for a in them[len(bets) :])
            compared += 1
    assert compared >= 40


# -- hostile input ----------------------------------------------------------------


def test_truncated_hands_are_refused_with_a_message() -> None:
    text = Path(hoyle.history.samples.path("pokerstars-session.txt")).read_text(
        encoding="utf-8-sig"
    )
    lines = text.splitlines()
    for cut in range(1, len(lines), 3):
        part = "\n".join(lines[:cut])
        whole = len(HEADER.findall(part))
        try:
            hands = hoyle.history.loads(part)
        except HistoryError as err:
            message = str(err)
        else:  # cut between hands: the whole hands before it
            assert len(hands) == whole
            continue
        assert "hand #" in message or "line" in message


def test_a_file_of_two_formats_is_refused() -> None:
    stars = Path(hoyle.history.samples.path("pokerstars-nlhe.txt")).read_text(encoding="utf-8-sig")
    phh = 'variant = "NT"\nstarting_stacks = [1, 1]\n'
    with pytest.raises(HistoryError, match="another format"):
        hoyle.history.loads(stars + "\n\n" + phh)


def test_no_known_format_names_the_formats_tried_and_the_line() -> None:
    with pytest.raises(
        HistoryError,
        match=r"not PHH; nor a hand history of iPoker, Full Tilt, PokerStars, 888, Winamax, "
        r"PartyPoker, GGPoker: the first line, 'Hello there'",
    ):
        hoyle.history.loads("Hello there\nGeneral Kenobi\n")


def test_absurd_amounts_and_odd_currencies() -> None:
    stars = Path(hoyle.history.samples.path("pokerstars-nlhe.txt")).read_text(encoding="utf-8-sig")
    huge = stars.replace("($47.63 in chips)", "($99999999999999999999 in chips)")
    with pytest.raises(HistoryError, match="absurd amount"):
        hoyle.history.loads(huge)
    odd = stars.replace("$0.05/$0.10 USD", "¤0.05/¤0.10 XTS").replace("$", "¤")
    [h] = hoyle.history.loads(odd)
    assert h.currency == "XTS"
    assert h.fields["currency_symbol"] == "¤"
    assert h.net_chips(h.replay())[h.seat(5)] == 69


def test_100_mb_of_garbage_is_refused_in_bounded_time_and_memory(tmp_path: Path) -> None:
    path = tmp_path / "garbage.txt"
    block = bytes(range(256)) * 4096  # 1 MiB, not text
    with path.open("wb") as fh:
        for _ in range(100):
            fh.write(block)
    text_path = tmp_path / "garbage-text.txt"
    with text_path.open("w") as fh:
        for _ in range(100):
            fh.write(("PokerStars? no " * 70 + "\n") * 1000)
    for p in (path, text_path):
        tracemalloc.start()
        t = time.perf_counter()
        with pytest.raises(HistoryError):
            hoyle.history.load(p)
        elapsed = time.perf_counter() - t
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert elapsed < 60
        assert peak < 600 * 2**20  # a few copies of the file at most


# -- 888poker (Pacific) ------------------------------------------------------------

PACIFIC = sorted((DATA / "hhsmithy" / "Pacific").rglob("*.txt")) + sorted(
    p for p in (DATA / "pokerregion" / "888poker").glob("*.txt")
)
GAME = re.compile(r"^\ufeff?#Game No : (\d+)", re.M)
REFUSED_888 = {
    "hhsmithy/Pacific/CashGame/Seats/4 Max.txt": "opens no hand",  # empty (a BOM)
    "hhsmithy/Pacific/CashGame/Seats/Full Ring (10 Handed).txt": "opens no hand",
    # "3 023,50 $": a thousands space and a decimal comma
    "hhsmithy/Pacific/CashGame/Limits/Limit5.txt": "is not an amount",
    "hhsmithy/Pacific/CashGame/ValidHandTests/InValidHand.txt": "no '** Summary **' line",
    "pokerregion/888poker/888poker20160327 Tournament $0.01 Step 1 WSOP, 888Live & Major "
    "Tournaments (78669312) No Limit Holdem.txt": "no small blind is posted",
    "pokerregion/888poker/888poker20160327 Tournament $0.01 Step 1 WSOP, 888Live & Major "
    "Tournaments (78670191) No Limit Holdem.txt": "no small blind is posted",
    "pokerregion/888poker/888poker20160327 Tournament $0.01 Step 1 WSOP, 888Live & Major "
    "Tournaments (78669773) No Limit Holdem.txt": "'Seat 1:  ( $325 )'",  # a seat with no name
    # the big blind all in for less than the small blind: hoyle's blinds rise
    "pokerregion/888poker/888poker20160328 Tournament $0.01 Step 1 WSOP, 888Live & Major "
    "Tournaments (78670600) No Limit Holdem.txt": "blinds (50, 45)",
}


PARTY_IN_PACIFIC = {
    "hhsmithy/Pacific/CashGame/PlayerTests/WithSittingOut.txt",
    "hhsmithy/Pacific/CashGame/GameTypeTests/PotLimitHoldem.txt",
}


@pytest.mark.parametrize("path", PACIFIC, ids=lambda p: p.relative_to(DATA).as_posix())
def test_every_888_fixture_is_read_or_refused_with_a_message(path: Path) -> None:
    rel = path.relative_to(DATA).as_posix()
    if rel.endswith("- Summary.txt"):  # a tournament's summary, not hands
        with pytest.raises(HistoryError, match="opens no hand"):
            hoyle.history.load(path)
        return
    why = REFUSED_888.get(rel)
    if why is not None:
        with pytest.raises(HistoryError, match=re.escape(why)):
            hoyle.history.load(path)
        return
    hands = hoyle.history.load(path)
    text = path.read_bytes().decode("utf-8", errors="replace")
    if rel in PARTY_IN_PACIFIC:  # PartyPoker's format, filed under Pacific at the source
        assert {h.site for h in hands} == {"PartyPoker"}
        return
    assert [h.name for h in hands] == GAME.findall(text)
    for h in hands:
        assert h.site == "888poker"
        hand = h.replay()
        settlement = hand.settlement
        assert settlement is not None
        assert sum(hand.contributions) == sum(settlement.payouts) + settlement.rake
        # the file's collected lines, read here: each is what the player took
        # from the pots (with a walk's unmatched blind, which 888 counts in it)
        start = text.index(f"Game {h.name} ")
        end = GAME.search(text, start)
        body = text[start : end.start() if end else len(text)]
        won = {
            name: sum(
                Decimal(a.replace(",", ""))
                for a in re.findall(rf"^{re.escape(name)} collected \[ \D?([\d,.]+)", body, re.M)
            )
            for name in h.players
        }
        for k, name in enumerate(h.players):
            seat = h.seat(k + 1)
            paid, refund = settlement.payouts[seat], settlement.refunds[seat]
            assert won[name] * h.scale in (paid - refund, paid), name
        [again] = hoyle.history.loads(h.dumps())
        assert again.replay().stacks == hand.stacks


# -- Winamax -----------------------------------------------------------------------

WINAMAX = sorted((DATA / "hhsmithy" / "Winamax").rglob("*.txt"))
WINAMAX_HAND = re.compile(r"^\ufeff?Winamax Poker - .*? - HandId: #([\d-]+) ", re.M)
REFUSED_WINAMAX = {
    # Winamax's XML export, not its text
    "HandActionTests/OmahaHiLo.txt": "opens no hand",
    # edited ("Winaax Poker") and in Windows-1252: not a hand
    "ValidHandTests/InValidHand.txt": "not UTF-8 text",
}


@pytest.mark.parametrize("path", WINAMAX, ids=lambda p: p.name)
def test_every_winamax_fixture_is_read_or_refused_with_a_message(path: Path) -> None:
    rel = path.relative_to(DATA / "hhsmithy" / "Winamax" / "CashGame").as_posix()
    why = REFUSED_WINAMAX.get(rel)
    if why is not None:
        with pytest.raises(HistoryError, match=re.escape(why)):
            hoyle.history.load(path)
        return
    hands = hoyle.history.load(path)
    text = path.read_bytes().decode("utf-8", errors="replace")
    assert [h.fields["_hoyle_hand_id"] for h in hands] == WINAMAX_HAND.findall(text)
    for h in hands:
        assert h.site == "Winamax"
        hand = h.replay()
        settlement = hand.settlement
        assert settlement is not None
        assert sum(hand.contributions) == sum(settlement.payouts) + settlement.rake
        # the collected lines, read here: Winamax counts the uncalled bet in them
        hand_id = h.fields["_hoyle_hand_id"]
        start = text.index(f"#{hand_id} ")
        end = WINAMAX_HAND.search(text, start)
        body = text[start : end.start() if end else len(text)]
        for k, name in enumerate(h.players):
            won = sum(
                Decimal(a)
                for a in re.findall(rf"^{re.escape(name)} collected ([\d.]+)", body, re.M)
            )
            assert settlement.payouts[h.seat(k + 1)] == won * h.scale, name
        rake = re.search(r"\| Rake ([\d.]+)", body)
        assert settlement.rake == (Decimal(rake[1]) * h.scale if rake else 0)
        [again] = hoyle.history.loads(h.dumps())
        assert again.replay().stacks == hand.stacks


def test_stack_continuity_at_a_table_is_noted() -> None:
    """The ten hands of 10MultipleHands.txt are a selection: Zockermicha
    leaves hand 109673992001 with $1613.51 and starts 109674128046 (ten
    minutes later, the hands between not in the file) with $1583.51;
    redskruf7 with $1083 after $1241."""
    hands = hoyle.history.load(hoyle.history.samples.path("pokerstars-session.txt"))
    notes = {h.name: h.notes for h in hands}
    assert notes["109674128046"] == [
        "Zockermicha starts with 1583.51, but hand 109673992001 at table "
        "'Hveen II 40-100 bb' left 1613.51",
        "redskruf7 starts with 1083, but hand 109673992001 at table 'Hveen II 40-100 bb' left 1241",
    ]
    # the next hand follows on from it: no note
    assert notes["109674148786"] == []


def test_a_site_header_over_a_flood_of_lines_is_refused_in_bounded_time() -> None:
    """A real hand's opening, then 400,000 lines: refused (or, for lines that
    are nobody's action, such as a site's notices, read as the hand was),
    line by line work only, in seconds."""
    text = Path(hoyle.history.samples.path("pokerstars-nlhe.txt")).read_text(encoding="utf-8-sig")
    head, _, rest = text.partition("*** FLOP ***")
    for flood, why in (
        ("Player_L: calls $0.10\n", "the pot does not add up"),  # 40,000 more in the pot
        ("Player_L: says hi\n", "an action hoyle does not read"),
    ):
        started = time.perf_counter()
        with pytest.raises(HistoryError, match=why):
            hoyle.history.loads(head + flood * 400_000 + "*** FLOP ***" + rest)
        assert time.perf_counter() - started < 60
    started = time.perf_counter()
    [h] = hoyle.history.loads(head + "a notice of the site\n" * 400_000 + "*** FLOP ***" + rest)
    assert time.perf_counter() - started < 60
    [plain] = hoyle.history.loads(text)
    assert h.replay().stacks == plain.replay().stacks


# -- PartyPoker --------------------------------------------------------------------

PARTY = sorted((DATA / "hhsmithy" / "PartyPoker").rglob("*.txt")) + [
    DATA / "hhsmithy" / "Pacific" / "CashGame" / p.split("CashGame/")[1] for p in PARTY_IN_PACIFIC
]
PARTY_HAND = re.compile(r"^\ufeff?\*{5} Hand History for Game (\d+) \*{5}", re.M)
REFUSED_PARTY = {
    "Limits/Limit6.txt": "nobody wins",  # cut short
    "ValidHandTests/InValidHand.txt": "nobody wins",
    "Seats/4 Max.txt": "opens no hand",  # empty (a BOM)
    "Seats/Full Ring (10 Handed).txt": "opens no hand",
    # PartyPoker plays a small blind posted out of position live (the
    # poster then calls $0.05 to the $0.10); hoyle's posts below the big
    # blind are dead, so the nets differ by it
    "Tables/Table2.txt": "PBarca88 nets 0.45 in hoyle's replay, 0.40 by the file's lines",
}


@pytest.mark.parametrize("path", PARTY, ids=lambda p: p.relative_to(DATA).as_posix())
def test_every_partypoker_fixture_is_read_or_refused_with_a_message(path: Path) -> None:
    rel = path.relative_to(path.parents[1]).as_posix()
    why = REFUSED_PARTY.get(rel) if "PartyPoker" in path.parts else None
    if why is not None:
        with pytest.raises(HistoryError, match=re.escape(why)):
            hoyle.history.load(path)
        return
    hands = hoyle.history.load(path)
    text = path.read_bytes().decode("utf-8", errors="replace")
    assert [h.name for h in hands] == PARTY_HAND.findall(text)
    starts = [m.start() for m in PARTY_HAND.finditer(text)] + [len(text)]
    for j, h in enumerate(hands):  # (5MultipleHands.txt repeats a game id: by order)
        assert h.site == "PartyPoker"
        hand = h.replay()
        settlement = hand.settlement
        assert settlement is not None
        assert sum(hand.contributions) == sum(settlement.payouts) + settlement.rake
        # the wins lines, read here: PartyPoker counts the uncalled bet in them
        body = text[starts[j] : starts[j + 1]]
        for k, name in enumerate(h.players):
            won = sum(
                Decimal(a.replace(",", ""))
                for a in re.findall(
                    rf"^{re.escape(name)} wins (?:(?:Hi|Lo) \()?\D?([\d,.]+)", body, re.M
                )
            )
            assert settlement.payouts[h.seat(k + 1)] == won * h.scale, name
        [again] = hoyle.history.loads(h.dumps())
        assert again.replay().stacks == hand.stacks


@pytest.mark.parametrize(
    ("path", "player", "net"),
    [
        # 888: "GYAMEPRO posts dead blind [$1 + $2]", then checks the big
        # blind's $2 (the live part) and wins $5.70 of the $6 pot
        ("hhsmithy/Pacific/CashGame/HandActionTests/PostingDead.txt", "GYAMEPRO", "2.70"),
        # PartyPoker: "Peacli posts big blind + dead [$3]", then "raises [$2]"
        # (to $4: the live $2 and two more), called, and loses the hand
        ("hhsmithy/PartyPoker/CashGame/HandActionTests/Posting.txt", "Peacli", "-26.12"),
    ],
)
def test_a_dead_blind_posted_with_a_live_one(path: str, player: str, net: str) -> None:
    """The dead part goes into the pot, not into the bet: the poster's
    check or raise is what the file says only if the live part is the big
    blind; the nets are the file's (the test above reads its lines)."""
    [h] = hoyle.history.load(DATA / path)
    k = h.players.index(player)
    assert h.fields["blinds_or_straddles"][k] == -3  # one post (PHH's negative entry) of $3
    hand = h.replay(strict=True)
    assert h.net_chips(hand)[h.seat(k + 1)] == Decimal(net) * h.scale
    assert hand.settlement is not None
    assert sum(p.amount for p in hand.settlement.pots) >= 6 * h.scale


def test_errors_skip_reads_the_other_hands_and_lists_the_refused() -> None:
    """One hand that does not add up refuses its whole file by default;
    ``errors="skip"`` gives the others, the same as read alone, and lists
    the refused hand with the line it starts on and the message the
    default raises."""
    path = Path(hoyle.history.samples.path("pokerstars-session.txt"))
    text = path.read_text(encoding="utf-8-sig")
    whole = hoyle.history.loads(text)
    starts = [m.start() for m in HEADER.finditer(text)]
    third = text[starts[2] : starts[3]]
    m = re.search(r"Total pot \$([\d.]+)", third)
    assert m is not None
    bad = text.replace(third, third.replace(m[0], "Total pot $12345"))
    with pytest.raises(HistoryError) as raised:
        hoyle.history.loads(bad)
    hands = hoyle.history.loads(bad, errors="skip")
    assert [h.name for h in hands] == [h.name for i, h in enumerate(whole) if i != 2]
    assert [h.replay().stacks for h in hands] == [
        h.replay().stacks for i, h in enumerate(whole) if i != 2
    ]
    [refused] = hands.refused
    assert refused.message == str(raised.value)
    assert refused.line == text[: starts[2]].count("\n") + 1
    assert whole.refused == ()
    # a .phhs table without its actions
    phhs = '[a]\nvariant = "NT"\nstarting_stacks = [1, 1]\n[b]\nvariant = "NT"\n'
    with pytest.raises(HistoryError, match=r"\[a\]: the required field 'actions' is missing"):
        hoyle.history.loads(phhs)
    skipped = hoyle.history.loads(phhs, errors="skip")
    assert [h.name for h in skipped] == []
    assert [r.line for r in skipped.refused] == [1, 4]
    assert "'starting_stacks', 'actions' are missing" in skipped.refused[1].message
    with pytest.raises(HistoryError, match="errors must be 'raise' or 'skip'"):
        hoyle.history.loads(phhs, errors="ignore")
