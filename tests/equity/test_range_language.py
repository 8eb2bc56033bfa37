"""The range language of issue 27: percent ranges read off the documented
preflop order, Omaha patterns (checked against a naive expansion written
here), the refusals of ``AK+`` and ``KAs``, and the messages around them."""

from __future__ import annotations

import itertools
import pickle
from collections import Counter
from concurrent.futures import Executor, Future
from typing import Any

import hoyle
import numpy as np
import pytest
from hoyle import OmahaRange, Range, RangeError, games
from hoyle.ranges import EQUITY_VS_RANDOM, PREFLOP_ORDER, hand_class, hand_classes, top_classes

# -- percent ranges -------------------------------------------------------------------------

# PokerStove's all-in equity against a random hand, in percent to one
# decimal, as published in "Hand Equity v Random Hand"
# (https://forums.replaypoker.com/t/hand-equity-v-random-hand/22406): the
# first fifty classes of its list.
PUBLISHED = {
    "AA": 85.2, "KK": 82.4, "QQ": 79.9, "JJ": 77.5, "TT": 75.0, "99": 72.1, "88": 69.2,
    "AKs": 67.0, "77": 66.2, "AQs": 66.2, "AJs": 65.4, "AKo": 65.3, "ATs": 64.6, "AQo": 64.4,
    "AJo": 63.6, "KQs": 63.4, "66": 63.3, "A9s": 62.8, "ATo": 62.7, "KJs": 62.6, "A8s": 62.0,
    "KTs": 61.8, "KQo": 61.5, "A7s": 61.0, "A9o": 60.8, "KJo": 60.6, "55": 60.3, "QJs": 60.3,
    "K9s": 60.0, "A5s": 59.9, "A6s": 59.9, "A8o": 59.9, "KTo": 59.7, "QTs": 59.5, "A4s": 59.0,
    "A7o": 58.8, "K8s": 58.3, "A3s": 58.2, "QJo": 58.1, "K9o": 57.8, "A5o": 57.7, "A6o": 57.7,
    "Q9s": 57.7, "JTs": 57.5, "A2s": 57.4, "QTo": 57.3, "44": 57.0, "A4o": 56.7, "K6s": 56.6,
    "K8o": 56.0,
}  # fmt: skip


def _size(name: str) -> int:
    return len(Range(name))


def test_the_order_is_every_class_by_its_equity_against_a_random_hand() -> None:
    assert sorted(PREFLOP_ORDER) == sorted(hand_classes())
    values = [EQUITY_VS_RANDOM[name] for name in PREFLOP_ORDER]
    assert values == sorted(values, reverse=True)
    # the published figures, to their rounding (the source rounds some up)
    for name, pct in PUBLISHED.items():
        assert abs(EQUITY_VS_RANDOM[name] * 100 - pct) <= 0.1, name
    # and the published order wherever its figures differ by 0.2 or more
    for a, b in itertools.combinations(PUBLISHED, 2):
        if PUBLISHED[a] >= PUBLISHED[b] + 0.2:
            assert PREFLOP_ORDER.index(a) < PREFLOP_ORDER.index(b), (a, b)
    assert PREFLOP_ORDER[0] == "AA"
    assert PREFLOP_ORDER[-1] == "32o"


@pytest.mark.parametrize("name", ["T9s", "K2o"])
def test_the_shipped_equity_is_hoyles_exact_one(name: str) -> None:
    a, b = Range(name).combos[0]
    eq = hoyle.equity([f"{a}{b}", "XX"], exact=True)
    assert eq.exact
    assert eq.equity[0] == pytest.approx(EQUITY_VS_RANDOM[name], abs=1e-12)


def _prefix(percent: float) -> list[str]:
    """The naive reading: classes from the top of the order until their
    combos are at least ``percent`` of 1,326."""
    taken: list[str] = []
    for name in PREFLOP_ORDER:
        if sum(map(_size, taken)) >= percent / 100 * 1326:
            break
        taken.append(name)
    return taken


@pytest.mark.parametrize("percent", [0.1, 0.5, 2, 5, 10, 12.5, 15, 33, 50, 75, 99.9, 100])
def test_percent_ranges_are_the_orders_prefix(percent: float) -> None:
    want = _prefix(percent)
    r = Range(f"{percent}%")
    assert set(r.classes()) == set(want)
    assert set(r.weights) == {1.0}
    assert len(r) == sum(map(_size, want))
    assert r == Range(f"top {percent}%") == Range(", ".join(want))
    assert top_classes(percent) == want
    # the shortest such prefix: one class fewer holds less than the share
    assert sum(map(_size, want)) >= percent / 100 * 1326 > sum(map(_size, want[:-1]))


def test_percent_ranges_mix_with_the_rest_of_the_language() -> None:
    assert len(Range("100%")) == 1326
    assert Range("10%@50").weight("AsAh") == 0.5
    assert Range("5%, 22") == Range(", ".join([*_prefix(5), "22"]))
    assert Range("0.5(TOP 10%)").weight("KsKh") == 0.5
    # AA and KK are 12 combos, 0.9% of 1,326: 1% takes QQ too
    assert len(Range("1%")) == 18
    assert len(Range("0.9%")) == 12


@pytest.mark.parametrize(
    ("text", "token", "words"),
    [
        ("0%", "0%", "above 0%"),
        ("101%", "101%", "at most 100%"),
        ("QQ, -5%", "-5%", "expected a hand class"),
        ("1e3%", "1e3%", "a percent like 15%"),
        ("1.2.3%", "1.2.3%", "plain decimal"),
        ("top", "top", "expected a hand class"),
    ],
)
def test_bad_percents_are_refused(text: str, token: str, words: str) -> None:
    with pytest.raises(RangeError, match=words) as info:
        Range(text)
    assert info.value.token == token


# -- refusals -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("AK+", r"'\+' raises the kicker .* K is already one below A: write AK alone"),
        ("KQs+", "write KQs alone"),
        ("QQ, 32o+", "write 32o alone"),
        ("KAs", "higher rank first: AKs, not KAs"),
        ("T9s-67s", "higher rank first: 76s, not 67s"),
        ("27o", "higher rank first: 72o"),
    ],
)
def test_silent_forms_are_refused(text: str, words: str) -> None:
    with pytest.raises(RangeError, match=words) as info:
        Range(text)
    assert info.value.token in text
    assert repr(info.value.token) in str(info.value)
    # what was accepted before still reads the same
    assert Range("AKs") == Range("AsKs, AhKh, AdKd, AcKc")
    assert len(Range("AT+")) == 64


def test_hand_class_reads_text_sequences_and_arrays() -> None:
    assert hand_class("7h8d") == hoyle.hand_class("8d 7h") == "87o"
    assert hand_class(np.array([51, 47], dtype=np.uint8)) == "AKs"
    assert hand_class(np.array([0, 1])) == "22"
    with pytest.raises(hoyle.HandError, match="got 3 cards"):
        hand_class(np.array([0, 1, 2]))
    with pytest.raises(hoyle.CardError):
        hand_class(np.array([0, 99]))


# -- Omaha ----------------------------------------------------------------------------------


def _naive(pattern: str, suits: str | None = None) -> set[tuple[int, ...]]:
    """Every four-card hand one assignment of cards to the slots gives: each
    slot's candidates listed, the product taken, hands of repeated cards
    dropped; then the suit condition by the number of suits present."""
    slots: list[list[int]] = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch in "*x":
            slots.append(list(range(52)))
        elif i + 1 < len(pattern) and pattern[i + 1] in "shdc":
            slots.append([hoyle.Card(pattern[i : i + 2]).id])
            i += 1
        else:
            slots.append([hoyle.Card(ch + s).id for s in "shdc"])
        i += 1
    out = set()
    for hand in itertools.product(*slots):
        if len(set(hand)) == len(hand):
            out.add(tuple(sorted(hand, reverse=True)))
    present = {None: None, "ds": 2, "ss": 3, "rainbow": 4}[suits]
    if present is not None:
        out = {h for h in out if len({hoyle.Card(c).suit for c in h}) == present}
        if suits == "ds":  # two suits, but two cards of each (not three and one)
            out = {h for h in out if max(Counter(hoyle.Card(c).suit for c in h).values()) == 2}
    return out


@pytest.mark.parametrize(
    ("text", "pattern", "suits"),
    [
        ("AA**", "AA**", None),
        ("AAxx", "AA**", None),
        ("AAKK", "AAKK", None),
        ("AAKKds", "AAKK", "ds"),
        ("AAKK ss", "AAKK", "ss"),
        ("AA**rainbow", "AA**", "rainbow"),
        ("AA** ds", "AA**", "ds"),
        ("T98*", "T98*", None),
        ("AsKs**", "AsKs**", None),
        ("Ah***ss", "Ah***", "ss"),
        ("QQQ*", "QQQ*", None),
        ("AsKsQdJd", "AsKsQdJd", None),
        ("6543 rainbow", "6543", "rainbow"),
    ],
)
def test_omaha_ranges_equal_the_naive_expansion(text: str, pattern: str, suits: str | None) -> None:
    r = OmahaRange(text)
    want = _naive(pattern, suits)
    assert {h for h, _ in r.items()} == want
    assert len(r) == len(want)
    assert all(w == 1.0 for w in r.weights)


def test_omaha_ranges_counted_by_hand() -> None:
    # C(4,2) C(48,2) + C(4,3) 48 + 1: two, three or four aces
    assert len(OmahaRange("AA**")) == 6 * 1128 + 4 * 48 + 1
    assert len(OmahaRange("AAKK")) == 36
    assert len(OmahaRange("AAKKds")) == 6  # the two suits of the aces pair with the kings'
    assert len(OmahaRange("****")) == 270_725
    # two suits of the four, two ranks of each; a rank of each suit; one
    # suit with two ranks and two other suits with one
    assert len(OmahaRange("****ds")) == 6 * 78 * 78
    assert len(OmahaRange("xxxx rainbow")) == 13**4
    assert len(OmahaRange("**** ss")) == 4 * 78 * 3 * 13 * 13
    # two aces, two kings and a fifth card: another rank, a third ace or a third king
    assert len(OmahaRange("AAKK*", hole=5)) == 36 * 44 + 4 * 6 + 6 * 4
    r = OmahaRange("AAKK@50, AsAhKsKh")
    assert r.weight("As Ah Ks Kh") == 1.0
    assert r.weight("As Ad Ks Kh") == 0.5
    assert len(r.without("As")) == 36 - 3 * 6  # As with each other ace, and each KK
    assert pickle.loads(pickle.dumps(r)) == r
    assert OmahaRange("AAKK") != OmahaRange("AAKK*", hole=5) != OmahaRange("AAKK")


@pytest.mark.parametrize(
    ("text", "token", "words"),
    [
        ("AA*", "AA*", "expected 4 slots"),
        ("AA**, ZZ**", "ZZ**", "expected 4 slots"),
        ("AsAs**", "AsAs**", "the same card twice"),
        ("AAAAA", "AAAAA", "expected 4 slots"),
        ("AAAA ds", "AAAA", "no hand fits it"),
        ("ds", "ds", "a suit condition follows a pattern"),
        ("AA**@0", "AA**@0", "a weight after @"),
        ("AA**@x", "AA**@x", "a weight after @"),
    ],
)
def test_bad_omaha_text_is_refused(text: str, token: str, words: str) -> None:
    with pytest.raises(RangeError, match=words) as info:
        OmahaRange(text)
    assert info.value.token == token
    assert info.value.position == text.index(token)


def test_too_many_hands_are_refused_before_any_is_built() -> None:
    with pytest.raises(RangeError, match="more than 3,000,000"):
        OmahaRange("******", hole=6)
    with pytest.raises(RangeError, match="3 to 6 cards"):
        OmahaRange("AA", hole=2)


def test_omaha_equity_reads_the_patterns() -> None:
    eq = hoyle.equity(["AA**", "KKQQ"], game=games.omaha(), trials=200_000, seed=3)
    assert eq.combos[1] == 36
    assert eq.equity[0] > eq.equity[1]
    same = hoyle.equity([OmahaRange("AA**"), "KKQQ"], game="omaha", trials=200_000, seed=3)
    assert same == eq


def test_a_holdem_range_in_omaha_is_still_the_known_part_of_each_hand() -> None:
    # "AA" in Omaha read as before: two aces known, two more cards dealt
    eq = hoyle.equity(["AA", "KhKdQhQd"], game=games.omaha(), trials=100_000, seed=2)
    assert eq.combos[0] == 6
    with pytest.raises(RangeError, match=r"bad Omaha range token 'AAZ\*'"):
        hoyle.equity(["AAZ*", "KKQQ"], game=games.omaha())


def test_omaha_range_equity_is_the_mean_of_its_hands() -> None:
    """Range against range on a flop, exact: each joint holding weighs the
    same, so the equity is the mean over the pairs that share no card of
    each pair's own exact equity."""
    board = "2c 7d 9h"
    mine, theirs = OmahaRange("AAKKds").without(board), OmahaRange("QQJJ ss").without(board)
    eq = hoyle.equity([mine, theirs], board=board, game=games.omaha(), exact=True)
    pairs = [(a, b) for a, _ in mine.items() for b, _ in theirs.items() if not set(a) & set(b)]
    shares = [
        hoyle.equity([list(a), list(b)], board=board, game=games.omaha(), exact=True).equity[0]
        for a, b in pairs
    ]
    assert eq.equity[0] == pytest.approx(sum(shares) / len(shares), abs=1e-12)


# -- messages -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "board", "dead", "words"),
    [
        (["AhKh", "AhQd"], "", "", "duplicate card Ah: player 0 and player 1 both hold it"),
        (["AhKh", "QdQc"], "Ah 2c 3d", "", "Ah: the board and player 0 both hold it"),
        (["AhKh", "QdQc", "Qd9s"], "", "", "Qd: player 1 and player 2 both hold it"),
        (["AhKh", "QdQc"], "2c 3d 4s", "4s", "4s: the board and the dead cards both hold"),
        (["AhKh", "QQ"], "", "Kh", "Kh: the dead cards and player 0 both hold it"),
    ],
)
def test_a_duplicate_card_names_who_holds_it(
    players: list[str], board: str, dead: str, words: str
) -> None:
    with pytest.raises(hoyle.DuplicateCardError, match=words):
        hoyle.equity(players, board=board, dead=dead)


def test_a_range_touching_a_known_card_is_blocked_not_refused() -> None:
    eq = hoyle.equity(["AhKh", "AA"], exact=True)
    assert eq.combos == (1, 3)


def test_equity_takes_a_presets_name() -> None:
    by_name = hoyle.equity(["AhKhQd2c", "9s9c8d7d"], game="omaha", board="Qh 7c 2d", exact=True)
    made = hoyle.equity(["AhKhQd2c", "9s9c8d7d"], game=games.omaha(), board="Qh 7c 2d", exact=True)
    assert by_name == made
    with pytest.raises(hoyle.EquityError, match=r"not a hoyle\.games preset; presets: .*omaha"):
        hoyle.equity(["AhKh", "QQ"], game="omaah")
    with pytest.raises(hoyle.EquityError, match="preset"):
        hoyle.equity(["AhKh", "QQ"], game="Game")


class _NoHoyleWorkers(Executor):
    """An executor whose workers lack hoyle: each task fails as a Dask
    worker's does when it cannot unpickle the task's function."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        fut: Future[Any] = Future()
        fut.set_exception(ModuleNotFoundError("No module named 'hoyle'", name="hoyle"))
        return fut


def test_an_import_error_on_a_worker_says_so() -> None:
    with pytest.raises(ModuleNotFoundError, match="on a worker: No module named 'hoyle'") as info:
        hoyle.equity(["AhKh", "QQ"], trials=100_000, seed=1, executor=_NoHoyleWorkers())
    assert info.value.name == "hoyle"
    with pytest.raises(ModuleNotFoundError, match=r"on a worker: .*install the same packages"):
        hoyle.simulate(
            "texas_holdem", ["tight", "loose"], hands=2000, seed=1, executor=_NoHoyleWorkers()
        )


# -- per-class equity -----------------------------------------------------------------------


def test_grid_equity_is_each_classes_own_equity() -> None:
    players = ["JJ+, AKs", "QhQd"]
    grid = hoyle.grid_equity(players, board="2c 7d 9h", dead="Qs", trials=20_000, seed=5)
    assert sorted(grid) == ["AA", "AKs", "JJ", "KK"]  # QQ: one queen is left, no pair
    for name, value in grid.items():
        alone = hoyle.equity([name, "QhQd"], board="2c 7d 9h", dead="Qs", trials=20_000, seed=5)
        assert value == alone.equity[0]
    assert grid["AA"] > 0.8
    assert grid["JJ"] < 0.2
    with pytest.raises(RangeError, match="ZZ"):
        hoyle.grid_equity(["AA", "ZZ"])
