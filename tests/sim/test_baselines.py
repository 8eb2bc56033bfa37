"""The baseline bots of ``hoyle.bots`` (``tag``, ``equity``, ``station``):
they play every game ``hoyle play`` offers legally, the station follows its
one rule, their VPIP, PFR and aggression factor over 20,000 hands at 6-max
hold'em fall in the bands their docstrings state, and over 50,000 hands
with stacks reset every hand the chart bot beats ``random`` and ``loose``
and breaks even against itself (the intervals are printed: ``pytest -s``).

The hand reading the bots act on (``hoyle._reading``) is checked against
worked examples: made-hand levels, draws, starting-hand classes."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import hoyle
import pytest
from hoyle import _reading, games, play
from hoyle.bots import BOTS, station_bot
from hoyle.simulation import SeatResult

NEW = ("tag", "equity", "station")


class Counting:
    """A built-in bot that counts the kinds of action it makes (a callable
    player: ``simulate`` checks it makes exactly one legal move)."""

    def __init__(self, name: str) -> None:
        self.bot = BOTS[name]
        self.kinds: Counter[str] = Counter()

    def __call__(self, hand: hoyle.Hand, rng: random.Random) -> None:
        before = len(hand.history)
        self.bot(hand, rng)
        for act in hand.history[before:]:
            self.kinds[act.kind] += 1

    @property
    def aggression(self) -> float:
        """(bets + raises) / calls, on every street."""
        k = self.kinds
        return (k["bet"] + k["raise"]) / max(k["call"], 1)


def _bands(doc: str, table: str) -> dict[str, tuple[float, float]]:
    """The bands a docstring states for ``table`` ("at a table of six" or
    "default table"): VPIP a-b%, PFR a-b%, aggression factor a-b."""
    text = " ".join(doc.split())
    at = text.index(table)
    part = text[at : at + 200]
    out = {}
    for name, pattern in (
        ("vpip", r"VPIP (\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)%"),
        ("pfr", r"PFR (\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)%"),
        ("af", r"aggression factor (\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)"),
    ):
        m = re.search(pattern, part)
        assert m, f"{name} band for {table!r} in the docstring"
        lo, hi = float(m.group(1)), float(m.group(2))
        out[name] = (lo / 100, hi / 100) if name != "af" else (lo, hi)
    return out


def _check(seat: SeatResult, counting: Counting, bands: dict[str, tuple[float, float]]) -> None:
    print(
        f"{seat.bot}: VPIP {seat.vpip_rate:.1%} PFR {seat.pfr_rate:.1%}"
        f" AF {counting.aggression:.2f} over {seat.hands:,} hands; bands {bands}"
    )
    lo, hi = bands["vpip"]
    assert lo <= seat.vpip_rate <= hi
    lo, hi = bands["pfr"]
    assert lo <= seat.pfr_rate <= hi
    lo, hi = bands["af"]
    assert lo <= counting.aggression <= hi


def test_tag_at_a_table_of_six_tags_plays_its_stated_stats() -> None:
    bots = [Counting("tag") for _ in range(6)]
    result = hoyle.simulate(
        "texas_holdem", [(f"tag{i}", b) for i, b in enumerate(bots)], hands=20_000, seed=61
    )
    bands = _bands(BOTS["tag"].__doc__ or "", "at a table of six")
    for seat, counting in zip(result.seats, bots, strict=True):
        _check(seat, counting, bands)
    # the chart raises most of what it plays: PFR is most of VPIP
    assert all(s.pfr_rate > 0.7 * s.vpip_rate for s in result.seats)


def test_the_default_table_plays_the_stated_stats() -> None:
    names = list(play.DEFAULT_BOTS)
    assert names[:3] == ["tag", "equity", "station"]
    bots = [Counting(n) for n in names]
    result = hoyle.simulate(
        "texas_holdem", list(zip(names, bots, strict=True)), hands=20_000, seed=62
    )
    for seat, counting in zip(result.seats[:3], bots[:3], strict=True):
        _check(seat, counting, _bands(BOTS[seat.bot].__doc__ or "", "default table"))
    station = result.seats[2]
    assert station.pfr == 0
    assert bots[2].kinds["bet"] == bots[2].kinds["raise"] == bots[2].kinds["fold"] == 0


def _match(a: str, b: str, seed: int) -> SeatResult:
    result = hoyle.simulate("texas_holdem", [a, b], hands=50_000, seed=seed, reset_stacks=True)
    seat = result.seats[0]
    low, high = seat.ci95
    print(f"{a} vs {b}, 50,000 hands heads-up: {seat.bb_per_100:+.1f} bb/100", end=" ")
    print(f"[{low:+.1f}, {high:+.1f}]")
    assert result.reset_stacks
    return seat


@pytest.mark.parametrize("opponent", ["random", "loose"])
def test_tag_beats_random_and_loose(opponent: str) -> None:
    seat = _match("tag", opponent, 71)
    assert seat.bb_per_100 > 0
    assert seat.ci95[0] > 0


def test_tag_breaks_even_against_itself() -> None:
    seat = _match("tag", "tag", 72)
    low, high = seat.ci95
    assert low <= 0 <= high
    assert abs(seat.bb_per_100) < 10  # loses, if at all, only slightly


@pytest.mark.parametrize("game", play.PRESETS)
def test_each_baseline_plays_every_preset(game: str) -> None:
    """Each new bot plays 200 hands of every preset against the others
    (seated as callables, so each move is checked: one legal action)."""
    players: list[Any] = [(n, BOTS[n]) for n in NEW] + ["random"]
    result = hoyle.simulate(game, players, hands=200, seed=5)
    assert [s.hands for s in result.seats] == [200] * 4
    assert sum(s.net for s in result.seats) + result.rake == 0
    assert not result.failures
    assert result.seats[2].pfr == 0  # the station never raises


def test_station_checks_calls_and_never_folds_or_raises() -> None:
    """The station's rule, move by move, over the presets: check when it
    may, else call; when it must bet, the smallest bet; in a draw it keeps
    its pairs and draws at most three of the rest."""
    rng = random.Random(4)
    seen: Counter[str] = Counter()
    for game_name in play.PRESETS:
        game = getattr(games, game_name)()
        for deal in range(30):
            hand = game.start([100] * 3, seed=deal)
            while not hand.is_over:
                seat = hand.actor
                assert seat is not None
                legal = hand.legal
                cards = hand.hole(seat)
                before = len(hand.history)
                if seat == 0:
                    station_bot(hand, rng)
                    (act,) = hand.history[before:]
                    seen[act.kind] += 1
                    if legal.can_draw:
                        ranks = [c // 4 for c in cards]
                        singles = [c for c in cards if ranks.count(c // 4) == 1]
                        assert act.kind == "draw"
                        assert list(act.cards) == singles[:3]
                    elif legal.can_check:
                        assert act.kind == "check"
                    elif legal.call_amount or legal.min_raise_to is None:
                        assert act.kind in ("call", "bring-in")
                    else:  # must bet: the smallest bet
                        assert act.kind == "bet"
                        assert act.total == legal.min_raise_to
                else:
                    BOTS["random"](hand, rng)
    assert min(seen["check"], seen["call"], seen["draw"]) > 0
    assert seen["fold"] + seen["raise"] == 0


def test_station_makes_the_smallest_bet_when_it_must() -> None:
    game = games.texas_holdem(blinds=(), ante=1)
    game = __import__("dataclasses").replace(game, first_must_bet=True)
    hand = game.start([50, 50], seed=3)
    legal = hand.legal
    assert not legal.can_check
    assert legal.call_amount == 0
    station_bot(hand, random.Random(0))
    assert hand.history[-1].kind == "bet"
    assert hand.history[-1].total == legal.min_raise_to


def _ids(text: str) -> list[int]:
    return [c.id for c in hoyle.parse_cards(text)]


@pytest.mark.parametrize(
    ("hole", "board", "level"),
    [
        ("Ah Kd", "Ks 7c 2h", _reading.STRONG),  # top pair, top kicker
        ("Kh 5d", "Ks 7c 2h", _reading.MEDIUM),  # top pair, weak kicker
        ("7h 6d", "Ks 7c 2h", _reading.MEDIUM),  # second pair
        ("2s 3d", "Ks 7c 2h", _reading.WEAK),  # bottom pair
        ("Qh Qd", "Js 7c 2h", _reading.STRONG),  # an overpair
        ("7h 7d", "Ks 7c 2h", _reading.MONSTER),  # a set
        ("Kh 7d", "Ks 7c 2h", _reading.MONSTER),  # top two pair
        ("Ah 3h", "Kh 7h 2h", _reading.MONSTER),  # the nut flush
        ("9h 8d", "7s 6c 5h", _reading.MONSTER),  # a straight
        ("Qc Jd", "Ks 7c 2h", _reading.AIR),
        ("Qc Jd", "As Ks Ts 9d 2c", _reading.MONSTER),  # broadway, with both hole cards
        ("2c 3d", "As Ks Qs Js Ts", _reading.WEAK),  # the board plays
        ("Ac 3d", "9s 9d 4h", _reading.WEAK),  # the board's pair and an ace
    ],
)
def test_made_level_of_worked_hands(hole: str, board: str, level: int) -> None:
    assert _reading.made_level(_ids(hole), _ids(board)) == level


@pytest.mark.parametrize(
    ("hole", "board", "draw"),
    [
        ("Ah 3h", "Kh 7h 2c", 2),  # a flush draw
        ("9c 8d", "7s 6h 2c", 2),  # open-ended
        ("9c 8d", "Js 6h 2c", 0),  # nothing (a gutshot needs four of five)
        ("9c 7d", "Ts 6h 2c", 1),  # a gutshot: 8 fills 6-T
        ("Ac 2d", "3s 4h Kc", 1),  # the wheel's gutshot
        ("Ah 3h", "Kh 7h 2c 5d 9s", 0),  # the river: no draws
    ],
)
def test_draw_level_of_worked_hands(hole: str, board: str, draw: int) -> None:
    assert _reading.draw_level(_ids(hole), _ids(board)) == draw


def test_classes_and_chart_ranges() -> None:
    assert _reading.class_of(*_ids("As Kd")) == "AKo"
    assert _reading.class_of(*_ids("2h 2d")) == "22"
    assert _reading.class_of(*_ids("7c 9c")) == "97s"
    combos = {  # each position's range, in combos of the 1,326: wider toward the button
        name: sum(6 if len(c) == 2 else 4 if c[2] == "s" else 12 for c in _reading.classes(text))
        for name, text in hoyle.bots.OPEN_RANGES.items()
    }
    assert combos["early"] < combos["hijack"] < combos["cutoff"] < combos["button"]
    assert 0.12 < combos["early"] / 1326 < 0.17
    assert 0.40 < combos["button"] / 1326 < 0.47
