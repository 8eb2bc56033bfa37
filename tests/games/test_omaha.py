"""Five- and six-card Omaha, Big O and Courchevel: hands ranked against a
brute-force oracle written here (every two hole cards with every three
board cards, each five ranked by phevaluator's ``evaluate_5cards`` for the
high and by a naive ace-to-five eight-or-better low), one by one and in
batches; the presets deal and play; the examples of docs/rules.md §9."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import hoyle
import numpy as np
import numpy.typing as npt
import pytest
from hoyle import HandRules, bots, evaluate, evaluate_batch, evaluate_low, evaluate_low_batch, games
from hoyle.cli import main

evaluator = pytest.importorskip("phevaluator.evaluator")

OMAHA = HandRules(hole_cards=2)
OMAHA8 = HandRules(hole_cards=2, low="ace-to-five", low_qualifier=8)


def ids(text: str) -> list[int]:
    return [c.id for c in hoyle.parse_cards(text)]


def oracle_high(hole: Sequence[int], board: Sequence[int]) -> int:
    """phevaluator's rank of the best two-plus-three (smaller is better).
    Its card id is 4 * rank + suit with deuce 0, as hoyle's; the order of
    the suits never changes a rank."""
    return min(
        int(evaluator.evaluate_5cards(*two, *three))
        for two in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
    )


def naive_low(five: Iterable[int]) -> tuple[int, ...] | None:
    """Ace-to-five, eight or better: five different ranks, none above the
    eight (ace = 1), compared from the highest card down; None when the
    five do not qualify."""
    ranks = sorted((1 if c // 4 == 12 else c // 4 + 2 for c in five), reverse=True)
    if len(set(ranks)) < 5 or ranks[0] > 8:
        return None
    return tuple(ranks)


def oracle_low(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...] | None:
    lows = [
        low
        for two in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
        if (low := naive_low((*two, *three))) is not None
    ]
    return min(lows, default=None)


def same_order(ours: Iterable[int], theirs: Iterable[Any], *, smaller_better: bool) -> None:
    """Each of our values stands for one oracle value and they order the
    hands the same way (ours: larger is better)."""
    pairs = sorted(set(zip(ours, theirs, strict=True)))
    assert len({o for o, _ in pairs}) == len(pairs), "one value, two oracle ranks"
    for (_, a), (_, b) in itertools.pairwise(pairs):
        assert (a > b) if smaller_better else (a < b)


def deals(rows: int, hole: int, seed: int, suits: int = 4) -> npt.NDArray[np.uint8]:
    """Random hole cards then five board cards per row, from a deck of
    ``suits`` suits (two suits: flushes on most boards)."""
    rng = np.random.default_rng(seed)
    deck = np.array([c for c in range(52) if c % 4 < suits], dtype=np.uint8)
    order = np.argsort(rng.random((rows, len(deck))), axis=1)[:, : hole + 5]
    return deck[order]


@pytest.mark.parametrize("hole", [5, 6])
@pytest.mark.parametrize("suits", [4, 2])
def test_high_against_the_brute_force_oracle(hole: int, suits: int) -> None:
    rows = deals(2500, hole, seed=hole * 10 + suits, suits=suits)
    hands = np.ascontiguousarray(rows[:, :hole])
    board = np.ascontiguousarray(rows[:, hole:])
    values = evaluate_batch(hands, board=board, rules=OMAHA, threads=1)
    assert np.array_equal(values, evaluate_batch(hands, board=board, rules=OMAHA, threads=2))
    theirs = [oracle_high(h.tolist(), b.tolist()) for h, b in zip(hands, board, strict=True)]
    same_order(values.tolist(), theirs, smaller_better=True)
    for i in range(0, len(rows), 25):
        one = evaluate(hands[i].tolist(), board=board[i].tolist(), rules=OMAHA)
        assert one.value == values[i]
    if suits == 2:
        categories = {
            evaluate(hands[i].tolist(), board=board[i].tolist(), rules=OMAHA).category
            for i in range(300)
        }
        assert hoyle.Category.FLUSH in categories


@pytest.mark.parametrize("hole", [5, 6])
def test_low_against_the_naive_low(hole: int) -> None:
    rows = deals(2500, hole, seed=hole)
    hands = np.ascontiguousarray(rows[:, :hole])
    board = np.ascontiguousarray(rows[:, hole:])
    values = evaluate_low_batch(hands, board=board, rules=OMAHA8, threads=1)
    theirs = [oracle_low(h.tolist(), b.tolist()) for h, b in zip(hands, board, strict=True)]
    assert [v == 0 for v in values.tolist()] == [t is None for t in theirs]
    assert 0.2 < sum(t is not None for t in theirs) / len(theirs) < 0.9
    qualified = [(v, t) for v, t in zip(values.tolist(), theirs, strict=True) if t is not None]
    same_order([v for v, _ in qualified], [t for _, t in qualified], smaller_better=True)
    for i in range(0, len(rows), 25):
        low = evaluate_low(hands[i].tolist(), board=board[i].tolist(), rules=OMAHA8)
        assert (low.value if low else 0) == values[i]
        if low is not None:
            assert naive_low(c.id for c in low.best_cards) == theirs[i]


def test_low_with_a_short_board_and_four_hole_cards() -> None:
    """The same low table serves Omaha hi-lo's four cards and a flop or
    turn board."""
    for hole, nboard in ((4, 5), (4, 3), (5, 4), (6, 3)):
        rows = deals(600, hole, seed=hole * nboard)[:, : hole + nboard]
        hands = np.ascontiguousarray(rows[:, :hole])
        board = np.ascontiguousarray(rows[:, hole:])
        values = evaluate_low_batch(hands, board=board, rules=OMAHA8, threads=1)
        theirs = [oracle_low(h.tolist(), b.tolist()) for h, b in zip(hands, board, strict=True)]
        assert [v == 0 for v in values.tolist()] == [t is None for t in theirs]
        got = [(v, t) for v, t in zip(values.tolist(), theirs, strict=True) if t is not None]
        same_order([v for v, _ in got], [t for _, t in got], smaller_better=True)


@pytest.mark.parametrize("hole", [5, 6])
def test_bad_rows_are_named(hole: int) -> None:
    rows = deals(40, hole, seed=1)
    hands = np.ascontiguousarray(rows[:, :hole])
    board = np.ascontiguousarray(rows[:, hole:])
    twice = hands.copy()
    twice[17, 1] = board[17, 2]
    bad = hands.copy()
    bad[23, 0] = 52
    for rules, call in ((OMAHA, evaluate_batch), (OMAHA8, evaluate_low_batch)):
        with pytest.raises(hoyle.DuplicateCardError, match="row 17"):
            call(twice, board=board, rules=rules, threads=1)
        with pytest.raises(ValueError, match="row 23"):
            call(bad, board=board, rules=rules, threads=1)
    with pytest.raises(ValueError, match="6 hole cards"):
        evaluate_batch(np.zeros((2, 7), np.uint8), board=board[:2], rules=OMAHA)


def brute_equity(hands: list[str], board: str, *, hilo: bool) -> tuple[list[float], int]:
    """Equity by every board completion, scored by the oracles: the pot
    (or each half) shared by its tied winners, a half with no low going to
    the high."""
    holes = [ids(h) for h in hands]
    known = ids(board)
    used = set(known).union(*holes)
    deck = [c for c in range(52) if c not in used]
    share = [0.0] * len(holes)
    count = 0
    for more in itertools.combinations(deck, 5 - len(known)):
        full = known + list(more)
        highs = [oracle_high(h, full) for h in holes]
        best = min(highs)
        high_winners = [p for p, v in enumerate(highs) if v == best]
        lows = [oracle_low(h, full) if hilo else None for h in holes]
        qualified = [low for low in lows if low is not None]
        if qualified:
            low_winners = [p for p, v in enumerate(lows) if v == min(qualified)]
            halves = [(high_winners, 0.5), (low_winners, 0.5)]
        else:
            halves = [(high_winners, 1.0)]
        for winners, part in halves:
            for p in winners:
                share[p] += part / len(winners)
        count += 1
    return [s / count for s in share], count


@pytest.mark.parametrize(
    ("game", "hands", "board"),
    [
        (games.five_card_omaha(), ["As Ks Qd Jd 2c", "9h 9c 8h 7c 4d"], "Ts 2s 3d"),
        (
            games.six_card_omaha(),
            ["As Ks Qd Jd 2c 2h", "9h 9c 8h 7c 4d 5d", "Ah Ac 6s 6d Kc Th"],
            "Ts 8s 3d 7h",
        ),
        (games.big_o(), ["As 2s Kd Qd 3c", "Ah 3h Kc Qc 5h", "9c 9d Th Js 6c"], "4c 7h 9s"),
        (games.courchevel(), ["As 2s Kd Qd 3c", "Ah 3h Kc Qc 5h"], "4c 7h 9s Td"),
    ],
)
def test_equity_against_the_oracles(game: hoyle.Game, hands: list[str], board: str) -> None:
    eq = hoyle.equity(hands, board=board, game=game)
    want, count = brute_equity(hands, board, hilo=game.rules.low is not None)
    assert eq.exact
    assert eq.deals == count
    assert eq.equity == pytest.approx(want, abs=1e-12)


def test_monte_carlo_agrees_with_exact() -> None:
    hands = ["As Ks Qd Jd 2c 2h", "9h 9c 8h 7c 4d 5d"]
    game = games.six_card_omaha()
    exact = hoyle.equity(hands, board="Ts 8s 3d", game=game, exact=True)
    sampled = hoyle.equity(hands, board="Ts 8s 3d", game=game, trials=200_000, seed=3)
    assert not sampled.exact
    for p in range(2):
        assert abs(sampled.equity[p] - exact.equity[p]) < 5 * sampled.stderr[p] + 1e-9


# The presets


@pytest.mark.parametrize(
    ("preset", "down", "low"),
    [
        (games.five_card_omaha, 5, None),
        (games.six_card_omaha, 6, None),
        (games.big_o, 5, "ace-to-five"),
        (games.courchevel, 5, None),
    ],
)
def test_presets(preset: Callable[[], hoyle.Game], down: int, low: str | None) -> None:
    game = preset()
    assert game.name == preset.__name__
    assert game.streets[0].down == down
    assert game.rules.hole_cards == 2
    assert game.rules.low == low
    assert isinstance(game.betting, hoyle.PotLimit)
    assert sum(s.board for s in game.streets) == 5


def test_omaha_takes_the_hole_cards() -> None:
    assert games.omaha(hole_cards=5) == games.five_card_omaha()
    assert games.omaha(hole_cards=6) == games.six_card_omaha()
    assert games.omaha(hole_cards=4) == games.omaha()
    assert games.omaha(hole_cards=np.int64(6)) == games.six_card_omaha()  # type: ignore[arg-type]
    assert games.omaha_hilo(hole_cards=5, betting=hoyle.PotLimit()).with_(name="big_o") == (
        games.big_o()
    )
    assert games.omaha_hilo(hole_cards=6).name == "six_card_omaha_hilo"
    for bad in (3, 7, 5.0, True, "5"):
        with pytest.raises(hoyle.GameError, match="4, 5 or 6"):
            games.omaha(hole_cards=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "preset", [games.five_card_omaha, games.six_card_omaha, games.big_o, games.courchevel]
)
def test_presets_play_whole_hands(preset: Callable[[], hoyle.Game]) -> None:
    game = preset()
    rng = random.Random(game.name)
    for i in range(40):
        n = rng.randint(2, 6)
        stacks = [rng.randint(5, 200) for _ in range(n)]
        hand = game.start(stacks, seed=i, button=i % n)
        while not hand.is_over:
            bots.random_bot(hand, rng)
        assert sum(hand.stacks) == sum(stacks)
        assert all(len(hand.hole(s)) == game.streets[0].down for s in range(n))


def test_courchevel_shows_a_board_card_before_the_first_interval() -> None:
    hand = games.courchevel().start([100] * 3, seed=5)
    assert len(hand.board) == 1
    assert hand.street == 0
    assert hand.actor is not None
    while hand.street == 0 and not hand.is_over:
        hand.check() if hand.legal.can_check else hand.call()
    assert len(hand.board) == 3  # two more complete the flop


@pytest.mark.parametrize("name", ["five_card_omaha", "six_card_omaha", "big_o", "courchevel"])
def test_cli_plays(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["play", "--hands", "10", "--seed", "2", "--quiet", "--game", name]
    assert main(args) == 0
    assert f"{name}: 10 hands" in capsys.readouterr().out


# docs/rules.md §9's examples


def test_rules_examples_five_card_omaha() -> None:
    # five hearts in the hand, one on the board: no flush; J-T with 9-8-7
    rank = evaluate("Ah Kh Qh Jh Th", board="2h 7c 8d 9s 3c", rules=OMAHA)
    assert str(rank) == "Straight, Jack High"
    assert {str(c) for c in rank.best_five} == {"Jh", "Th", "9s", "8d", "7c"}


def test_rules_examples_six_card_omaha() -> None:
    # four aces between hand and board, but only two of the hand play
    rank = evaluate("As Ad Ac Kh Kd 2c", board="Ah Ks 7d 7c 2d", rules=OMAHA)
    assert str(rank) == "Full House, Aces over Sevens"


def test_rules_examples_big_o() -> None:
    board = "4c 5h 7s Kc Td"
    first, second = "As 2s Kd Kh 9c", "Ah 2h Qc Qs 3d"
    assert str(evaluate(first, board=board, rules=OMAHA)) == "Three of a Kind, Kings"
    assert str(evaluate(second, board=board, rules=OMAHA)) == "One Pair, Queens"
    low1 = evaluate_low(first, board=board, rules=OMAHA8)
    low2 = evaluate_low(second, board=board, rules=OMAHA8)
    assert low1 is not None
    assert low2 is not None
    assert str(low1) == str(low2) == "7-5-4-2-A"
    assert low1 == low2
    eq = hoyle.equity([first, second], board=board, game=games.big_o())
    assert eq.equity == pytest.approx([0.75, 0.25])
