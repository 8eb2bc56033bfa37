"""iPoker XML hand histories (tests/data/sites/hhsmithy/IPoker, real files;
SOURCE.md): every fixture hand read or refused with a message, each read
hand replayed to the file's own bets and wins (read here with a regex, not
the reader's XML parser), PokerKit's parser agreeing, round trips through
PHH, hostile XML."""

from __future__ import annotations

import re
import time
import warnings
from decimal import Decimal
from pathlib import Path

import hoyle
import pytest
from hoyle.errors import HistoryError

DATA = Path(__file__).parent.parent / "data" / "sites" / "hhsmithy" / "IPoker" / "CashGame"
FILES = sorted(DATA.rglob("*.txt"))
GAME = re.compile(r'<game gamecode="(\d+)">(.*?)</game>', re.S)
PLAYER = re.compile(
    r'<player seat="(\d+)" name="([^"]*)" chips="\D?([\d,.]+)" dealer="\d" '
    r'win="\D?([\d,.]*)" bet="\D?([\d,.]+)"'
)
REFUSED = {
    # the hero's cards are not shown (empty), the two contenders' neither:
    # nothing in the file decides the showdown (its win line says a3uu won)
    "ExtraHands/DataMinerHandIssue1.txt": "the showdown is undetermined",
    # nawu acts but has no <player> element (the file is edited)
    "ValidHandTests/InValidHand.txt": "a player who is not among the game's <player>s acts",
    # edited: TrapistBeer, a copy of TrappistBeer's element (seat 7), has his bet and win
    "Seats/Full Ring (10 Handed).txt": "TrapistBeer has no action, but a bet or a win",
}


def _rel(path: Path) -> str:
    return path.relative_to(DATA).as_posix()


def _d(text: str) -> Decimal:
    return Decimal(text.replace(",", "") or "0")


@pytest.mark.parametrize("path", FILES, ids=_rel)
def test_every_ipoker_fixture_is_read_or_refused_with_a_message(path: Path) -> None:
    why = REFUSED.get(_rel(path))
    if why is not None:
        with pytest.raises(HistoryError, match=re.escape(why)):
            hoyle.history.load(path)
        return
    hands = hoyle.history.load(path)
    text = path.read_text(encoding="utf-8-sig")
    games = GAME.findall(text)
    assert [h.name for h in hands] == [g for g, _ in games]  # every hand, in order
    for h, (_, body) in zip(hands, games, strict=True):
        assert h.site == "iPoker"
        rows = {name: row for _, name, *row in PLAYER.findall(body)}
        hand = h.replay()
        settlement = hand.settlement
        assert settlement is not None
        scale = h.scale
        # chips conserved: what went in is paid out plus the rake
        assert sum(hand.contributions) == sum(settlement.payouts) + settlement.rake
        bets = wins = Decimal(0)
        for k, name in enumerate(h.players):
            chips, win, bet = (_d(x) for x in rows[name])
            seat = h.seat(k + 1)
            assert Decimal(h.fields["starting_stacks"][k]) == chips
            assert hand.contributions[seat] == bet * scale, name  # the file's bet
            got = settlement.payouts[seat]  # (the refunds in it)
            assert got == win * scale, name  # the file's win (the bet returned in it)
            bets, wins = bets + bet, wins + win
        # the rake: the bets less the wins (of everybody, seated or not)
        others = [r for name, r in rows.items() if name not in h.players]
        assert all(_d(bet) == 0 for _, _, bet in others)
        assert settlement.rake == (bets - wins) * scale
        [again] = hoyle.history.loads(h.dumps())
        assert again.replay().stacks == hand.stacks
        assert again.replay().history == hand.history
        assert again.site == "iPoker"


def test_the_fields_of_a_hand() -> None:
    [h] = hoyle.history.load(DATA / "HandActionTests" / "BasicHand.txt")
    assert h.name == "5383392792"
    assert h.variant == "PO"
    assert h.players == ("joemags", "Dullaghan", "Frozean")  # the button (seat 5) last
    assert h.fields["seats"] == [6, 8, 5]
    assert h.currency == "EUR"
    assert h.fields["table"] == "Ashil'ta, 817748311"
    assert h.started is not None
    assert h.started.isoformat() == "2014-01-06T11:49:59"  # (no time zone in the file)
    # written out of order (no="8", the call, before no="7", the raise): by no
    bets = [a for a in h.actions if not a.startswith("d ")]
    assert bets == [
        "p3 f", "p1 cc", "p2 cc",  # preflop: fold, the small blind calls, the big checks
        "p1 cbr 0.10", "p2 cbr 0.20", "p1 cc",  # flop: a raise's sum is its total
        "p1 cc", "p2 cbr 0.20", "p1 cc",  # turn
        "p1 cbr 0.20", "p2 cbr 0.50", "p1 f",  # river: the 0.30 nobody called goes back
    ]  # fmt: skip
    assert h.actions[:3] == ["d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????"]
    hand = h.replay()
    nets = [Decimal(x) / h.scale for x in h.net_chips(hand)]
    assert [nets[h.seat(k + 1)] for k in range(3)] == [Decimal("-0.7"), Decimal("0.61"), 0]
    assert h.fields["_hoyle_room_rake"] == Decimal("0.09")  # bets 1.70, wins 1.61


def test_known_cards_decide_the_showdown() -> None:
    """WithShowdown.txt: the cards of both contenders are in the deal lines
    (dunny53 KhTs, chcake515151 Jc8h) and the file writes no showdown. On
    9c Th 9h 5c Js jacks and nines beat tens and nines: chcake515151 takes
    the pot, 7.40 after the rake, as the file's win says."""
    [h] = hoyle.history.load(DATA / "PlayerTests" / "WithShowdown.txt")
    assert not any(" sm" in a for a in h.actions)
    assert h.actions[1:3] == ["d dh p2 KhTs", "d dh p3 Jc8h"]
    hand = h.replay()
    assert hand.settlement is not None
    assert hand.settlement.payouts == (0, 0, 740, 0, 0)
    assert h.fields["_hoyle_room_rake"] == Decimal("0.52")  # 7.92 bet, 7.40 won


def test_pokerkit_agrees_on_the_no_limit_holdem_hands_it_reads() -> None:
    """PokerKit's IPokerNetworkParser reads HandHQ's layout (elements at the
    start of their lines): the fixtures are given to it with their lines'
    indents taken off (the XML unchanged); it reads some of them."""
    pokerkit = pytest.importorskip("pokerkit")
    compared = 0
    for path in FILES:
        if _rel(path) in REFUSED:
            continue
        text = "\n".join(x.strip() for x in path.read_text(encoding="utf-8-sig").splitlines())
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = list(pokerkit.IPokerNetworkParser()(text))
        ours = {h.name: h for h in hoyle.history.load(path)}
        for t in theirs:
            h = ours[str(t.hand)]
            if h.variant != "NT":
                continue
            assert list(t.players) == list(h.players)
            assert [Decimal(x) for x in t.starting_stacks] == [
                Decimal(x) for x in h.fields["starting_stacks"]
            ]
            bets = [a for a in h.actions if not a.startswith("d ")]
            them = [a for a in t.actions if not a.startswith("d ")]
            assert them[: len(bets)] == bets
            assert all(a.endswith(" cc") for a in them[len(bets) :])
            compared += 1
    assert compared >= 9


def test_stacks_of_consecutive_hands_are_compared() -> None:
    """20MultipleHands.txt holds one hand twenty times: iLikePOKERS1208
    starts each with 10000 though the one before left 10050; noted."""
    hands = hoyle.history.load(DATA / "MultipleHandsTests" / "20MultipleHands.txt")
    assert len(hands) == 20
    note = (
        "iLikePOKERS1208 starts with 10000, but hand 3302883310 at table "
        "'Adhair (No DP) , 188274601' left 10050"
    )
    assert hands[0].notes == []
    assert all(h.notes == [note] for h in hands[1:])
    # the ten hands of 10MultipleHands.txt: each stack is where the last left it
    # or more (a top-up), never less
    ten = hoyle.history.load(DATA / "MultipleHandsTests" / "10MultipleHands.txt")
    assert len(ten) == 10
    assert all(h.notes == [] for h in ten)


# -- hostile input ----------------------------------------------------------------

BASIC = (DATA / "HandActionTests" / "BasicHand.txt").read_text(encoding="utf-8-sig")


def test_truncated_xml_is_refused_with_a_message() -> None:
    for cut in range(1, len(BASIC) - 12, 37):
        with pytest.raises(HistoryError, match=r"line \d+|no <session>|not a|cut short"):
            hoyle.history.loads(BASIC[:cut] + "\n")


def test_entity_declarations_are_refused_before_any_expansion() -> None:
    lol = (
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
        + "".join(f'<!ENTITY lol{k} "{f"&lol{k - 1};" * 10}">' for k in range(1, 10))
        + "]>\n<session><general><tablename>&lol9;</tablename></general></session>\n"
    ).replace("&lol0;", "&lol;")
    external = (
        '<?xml version="1.0"?>\n<!DOCTYPE s [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
        "<session>&x;</session>\n"
    )
    for text in (lol, external):
        started = time.perf_counter()
        with pytest.raises(HistoryError, match="declaration"):
            hoyle.history.loads(text)
        assert time.perf_counter() - started < 1


def test_garbage_and_floods_are_refused_in_bounded_time(tmp_path: Path) -> None:
    path = tmp_path / "garbage.xml"
    with path.open("wb") as fh:
        fh.write(b'<?xml version="1.0"?>\n<session>')
        for _ in range(30):
            fh.write(bytes(range(256)) * 4096)
    game = BASIC.index("<action no=")
    flood = BASIC[:game] + '<action no="9" player="joemags" type="3" sum="0.1" />\n' * 200_000
    cases: list[tuple[str | Path, str]] = [
        (path, "not well-formed XML"),
        (flood + BASIC[game:], "more than 2,000 actions"),
        ("<session>" + "<x>" * 100_000, "not well-formed XML"),
        ('<?xml version="1.0"?>\n<other/>\n', "no <session>"),
    ]
    for source, why in cases:
        started = time.perf_counter()
        with pytest.raises(HistoryError, match=why):
            hoyle.history.load(source) if isinstance(source, Path) else hoyle.history.loads(source)
        assert time.perf_counter() - started < 60


def test_a_broken_hand_is_refused_naming_its_element() -> None:
    bad = BASIC.replace('bet="€1"', 'bet="€1.50"')
    with pytest.raises(
        HistoryError,
        match=r"game 5383392792 line 27: the pot does not add up: Dullaghan's actions put in "
        r"1.00, the file's bet is 1.50",
    ):
        hoyle.history.loads(bad)
    long_id = BASIC.replace('gamecode="5383392792"', f'gamecode="{"9" * 10_000}"')
    with pytest.raises(HistoryError, match="expected a numeric gamecode"):
        hoyle.history.loads(long_id)
    odd = BASIC.replace('type="23" sum="€0.20"', 'type="99" sum="€0.20"')
    with pytest.raises(HistoryError, match=r"line \d+: an action type \('99'\)"):
        hoyle.history.loads(odd)


def test_a_file_of_two_formats_is_refused() -> None:
    stars = Path(hoyle.history.samples.path("pokerstars-nlhe.txt")).read_text(encoding="utf-8-sig")
    with pytest.raises(HistoryError, match="a hand of another format inside a PokerStars file"):
        hoyle.history.loads(stars + "\n" + BASIC)
    with pytest.raises(HistoryError, match=r"line 62: text outside any <session>"):
        hoyle.history.loads(BASIC + "\n" + stars)


def test_an_xml_file_that_is_not_ipoker_names_what_is_missing() -> None:
    with pytest.raises(HistoryError, match="no <session> element: not an iPoker hand history"):
        hoyle.history.loads('<?xml version="1.0" encoding="utf-8"?>\n<root a="1"><x/></root>\n')


def test_mutated_files_are_read_or_refused_with_a_history_error() -> None:
    """Bytes of real files changed at random: each is read (and then replays)
    or refused with a ``HistoryError``; nothing else is raised."""
    import random

    rng = random.Random(29)
    texts = [BASIC, (DATA / "PlayerTests" / "WithShowdown.txt").read_text(encoding="utf-8-sig")]
    alphabet = '<>/="&;!? 0123456789.$€XCDHSAKQJT-abcdeflmnoprstuvwxyz\n'
    for _ in range(600):
        chars = list(rng.choice(texts))
        for _ in range(rng.randint(1, 4)):
            k = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.4:
                chars[k] = rng.choice(alphabet)
            elif op < 0.7:
                del chars[k : k + rng.randint(1, 20)]
            else:
                chars.insert(k, rng.choice(alphabet) * rng.randint(1, 3))
        try:
            hands = hoyle.history.loads("".join(chars))
        except HistoryError:
            continue
        for h in hands:
            h.replay()


def test_errors_skip_reads_the_other_games_and_lists_the_refused_one() -> None:
    """``errors="skip"`` on iPoker: a file of two documents, ten good games
    and DataMinerHandIssue1's undecidable one, gives the ten (the same as read
    alone) and the refused game with its <game> element's line; the default
    still refuses the whole file."""
    ten = (DATA / "MultipleHandsTests" / "10MultipleHands.txt").read_text(encoding="utf-8-sig")
    bad = (DATA / "ExtraHands" / "DataMinerHandIssue1.txt").read_text(encoding="utf-8-sig")
    text = ten.rstrip() + "\n" + bad
    with pytest.raises(HistoryError, match="the showdown is undetermined"):
        hoyle.history.loads(text)
    hands = hoyle.history.loads(text, errors="skip")
    alone = hoyle.history.loads(ten)
    assert [h.name for h in hands] == [h.name for h in alone]
    assert [h.replay().stacks for h in hands] == [h.replay().stacks for h in alone]
    assert len(hands.refused) == 1
    (refused,) = hands.refused
    game_line = 1 + ten.rstrip().count("\n") + 1 + bad[: bad.index("<game ")].count("\n")
    assert refused.line == game_line
    assert "the showdown is undetermined" in refused.message
