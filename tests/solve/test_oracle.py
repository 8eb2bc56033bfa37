"""The core's exploitability and EVs against the naive oracle
(tests/support/naive_solver.py: plain recursion, terminals paid by
``hoyle.settle``) on rivers and small turns with narrow ranges, far from
convergence and near it; and the solver's strategy is a strategy at every
node (rows are distributions over the legal actions, labels legal)."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import hoyle
import numpy as np
import pytest
from hoyle import _core, games

from tests.support.naive_solver import Oracle, PokerRules, kind
from tests.support.small_games import KuhnRules, LeducRules
from tests.support.solve_spots import Spot, ids, nodes, random_spot


def low_hands(board: list[int], ranks: str, n: int, seed: int) -> tuple[list[Any], list[float]]:
    """``n`` combos of the given ranks only (ties on a board that plays)."""
    rng = random.Random(seed)
    deck = [c for c in range(52) if c not in board and "23456789TJQKA"[c // 4] in ranks]
    combos = sorted({tuple(sorted(rng.sample(deck, 2), reverse=True)) for _ in range(4 * n)})[:n]
    return combos, [1.0] * len(combos)


def tie_spot(board_text: str, ranks: str, **kw: Any) -> Spot:
    board = ids(board_text)
    h0, w0 = low_hands(board, ranks, 10, 1)
    h1, w1 = low_hands(board, ranks, 10, 2)
    return Spot(board=board, hands=(h0, h1), weights=(w0, w1), **kw)


RIVERS = {
    "river 8v8": lambda: random_spot(1, 8),
    "river 12v12 75%": lambda: random_spot(
        2, 12, pot=60, stack=250, bets=[("%", 0.75), ("a", 0.0)], raises=[("x", 2.5), ("a", 0.0)]
    ),
    "river 15v15 odd pot": lambda: random_spot(3, 15, pot=101, stack=150),
    "river 5v10 rake capped": lambda: random_spot(4, 7, pot=101, stack=200, rake=(500, 3)),
    "river rake uncapped": lambda: random_spot(5, 10, pot=77, stack=120, rake=(250, None)),
    "river fixed and pot sizes": lambda: random_spot(
        6, 9, pot=40, stack=90, bets=[("c", 15.0), ("%", 1.0)], raises=[("x", 2.0)]
    ),
    # quads on the board: hands without a card above the seven tie, split pots
    "river quads board ties, rake": lambda: tie_spot(
        "KhKdKcKs7d", "23456A", pot=101, rake=(500, 4)
    ),
    # the board plays for everyone: every showdown splits, the odd chip to player 0
    "river board plays": lambda: tie_spot("AhKdQcJsTh", "2345", pot=51, stack=60, rake=(500, None)),
    # other games' showdowns, scored by hoyle.values under the game's rules
    "river Omaha hi-lo, odd pot": lambda: random_spot(
        31, 8, game=games.omaha_hilo(), pot=101, stack=150, extra={"limit": "pot"}
    ),
    "river Omaha hi-lo, rake": lambda: random_spot(
        32, 8, game=games.omaha_hilo(), pot=77, stack=100, rake=(500, 3)
    ),
    "river pot-limit Omaha": lambda: random_spot(
        33, 8, game=games.omaha(), pot=60, stack=200, extra={"limit": "pot"}
    ),
    "river five-card Omaha": lambda: random_spot(34, 6, game=games.five_card_omaha(), pot=40),
    "river short deck": lambda: random_spot(35, 10, game=games.short_deck_holdem(), pot=50),
    "river fixed limit": lambda: random_spot(
        36, 10, pot=12, stack=60, extra={"limit": "fixed", "bet_units": [4], "raise_cap": 3}
    ),
}


def assert_agrees(solver: Any, spot: Spot) -> float:
    exploitability = float(solver.exploitability())
    report = Oracle(solver, PokerRules(spot.pot, spot.hoyle_rake(), spot.game)).report()
    assert report.exploitability == pytest.approx(exploitability, abs=1e-4), report
    ev = solver.ev()
    for ours, theirs in zip(report.ev, ev, strict=True):
        assert ours == pytest.approx(theirs, abs=1e-4), (report, ev)
    return exploitability


@pytest.mark.parametrize("name", sorted(RIVERS))
def test_river_against_the_oracle(name: str) -> None:
    spot = RIVERS[name]()
    solver = spot.solver()
    early = assert_agrees(solver, spot)  # iteration 0: the uniform strategy
    solver.iterate(3)
    assert_agrees(solver, spot)
    solver.iterate(200)
    late = assert_agrees(solver, spot)
    assert late <= early


TURNS = {
    "turn 5v5 all-in only": lambda: random_spot(
        11, 5, street=4, bets=[("a", 0.0)], raises=[("a", 0.0)]
    ),
    "turn 4v6 rake, all-in before the river": lambda: random_spot(
        12, 5, street=4, pot=101, stack=120, rake=(500, 5), bets=[("%", 0.5), ("a", 0.0)], raises=[]
    ),
}


@pytest.mark.parametrize("name", sorted(TURNS))
def test_turn_against_the_oracle(name: str) -> None:
    spot = TURNS[name]()
    solver = spot.solver()
    solver.iterate(5)
    assert_agrees(solver, spot)
    solver.iterate(60)
    assert_agrees(solver, spot)


# -- the strategy is a strategy ------------------------------------------------------------
def assert_legal(tree: Any, stack: int | None, cards: Any = None) -> int:
    """Every player node of ``tree``: the strategy's shape, rows summing to
    1 over the node's actions, non-negative; fold only facing a bet, check
    only not facing one, no action twice; each action's label the chips it
    puts in (``stack``: the all-in total; None for Kuhn and Leduc)."""
    count = 0
    for path, info in nodes(tree, cards):
        if info["kind"] != "player":
            continue
        count += 1
        player, actions = info["player"], info["actions"]
        rows = tree.strategy(path)
        assert rows.dtype == np.float32
        assert rows.shape == (len(tree.hands(player)), len(actions)), (path, info)
        assert (rows >= 0).all(), path
        assert np.allclose(rows.sum(axis=1), 1, atol=1e-5), path
        mine, theirs = info["contributions"][player], info["contributions"][1 - player]
        facing = theirs > mine
        kinds = [kind(a) for a in actions]
        assert len(set(actions)) == len(actions), actions
        assert ("fold" in kinds) == facing, info
        assert ("call" in kinds) == facing, info
        assert ("check" in kinds) != facing, info
        assert ("bet" in kinds) <= (not facing), info
        assert ("raise" in kinds) <= facing, info
        for a, label in enumerate(actions):
            child = tree.info([*path, a])["contributions"]
            assert child[1 - player] == theirs, (path, label)
            if kinds[a] in ("check", "fold"):
                assert child[player] == mine, (path, label)
            elif kinds[a] == "call":
                assert child[player] == (theirs if stack is None else min(theirs, stack))
            else:
                assert child[player] > theirs, (path, label)
                if stack is not None:
                    assert child[player] <= stack, (path, label)
                    assert (kinds[a] == "all-in") == (child[player] == stack), (path, label)
    return count


def test_strategy_rows_kuhn_and_leduc() -> None:
    for solver in (_core.Solver.kuhn(), _core.Solver.leduc()):
        solver.iterate(50)
        assert assert_legal(solver, None) >= 4


@pytest.mark.parametrize("name", sorted(RIVERS))
def test_strategy_rows_river(name: str) -> None:
    spot = RIVERS[name]()
    solver = spot.solver()
    solver.iterate(20)
    assert assert_legal(solver, spot.stack) > 3


def test_strategy_rows_turn() -> None:
    spot = random_spot(21, 12, street=4, pot=90, stack=400)
    solver = spot.solver()
    solver.iterate(20)
    rng = random.Random(0)
    assert assert_legal(solver, spot.stack, lambda _, cards: rng.sample(cards, 3)) > 20


# -- each hand's value at a node -----------------------------------------------------------
def assert_values(tree: Any, rules: Any, paths: list[list[int]]) -> int:
    """``Solver.values``' ev and reach against the oracle's at ``paths``."""
    oracle = Oracle(tree, rules)
    checked = 0
    for path in paths:
        for player in (0, 1):
            ev, _, reach = tree.values(path, player)
            for h, (want_ev, want_reach) in enumerate(oracle.hand_values(path, player)):
                assert reach[h] == pytest.approx(want_reach, abs=1e-6), (path, player, h)
                if np.isnan(want_ev):
                    assert want_reach == 0 or np.isnan(ev[h]), (path, player, h, ev[h])
                else:
                    assert ev[h] == pytest.approx(want_ev, abs=1e-4), (path, player, h)
                    checked += 1
    return checked


def test_hand_values_kuhn_and_leduc() -> None:
    kuhn = _core.Solver.kuhn()
    kuhn.iterate(30)
    assert (
        assert_values(kuhn, KuhnRules(), [p for p, i in nodes(kuhn) if i["kind"] != "terminal"])
        > 20
    )
    leduc = _core.Solver.leduc()
    leduc.iterate(30)
    paths = [[], [1], [1, 2], [0, 0, 37], [0, 0, 44, 1], [1, 1, 41, 0, 1]]
    assert assert_values(leduc, LeducRules(), paths) > 30


@pytest.mark.parametrize(
    "name", ["river 8v8", "river quads board ties, rake", "river Omaha hi-lo, odd pot"]
)
def test_hand_values_river(name: str) -> None:
    spot = RIVERS[name]()
    solver = spot.solver()
    solver.iterate(30)
    paths = [p for p, i in nodes(solver) if i["kind"] == "player"]
    rules = PokerRules(spot.pot, spot.hoyle_rake(), spot.game)
    assert assert_values(solver, rules, paths) > 20


def test_hand_values_turn() -> None:
    spot = TURNS["turn 5v5 all-in only"]()
    solver = spot.solver()
    solver.iterate(20)
    deal = [0, 0]
    assert solver.info(deal)["kind"] == "chance"
    card = next(c for c in solver.info(deal)["cards"])
    assert assert_values(solver, PokerRules(spot.pot), [[], [1], deal, [*deal, card]]) > 10


def naive_equity(spot: Spot, solver: Any) -> tuple[list[float], list[float]]:
    """Each player's share of a showdown now, every runout to come dealt,
    averaged over the opposing range's weights: per hand of player 0, and
    the range's (player 0's, player 1's)."""
    board = spot.board
    hands, weights = (solver.hands(0), solver.hands(1)), (solver.weights(0), solver.weights(1))
    per_hand, total, norm = [], 0.0, 0.0
    for h0, w0 in zip(hands[0], weights[0], strict=True):
        num = den = 0.0
        for h1, w1 in zip(hands[1], weights[1], strict=True):
            if set(h0) & set(h1):
                continue
            deck = [c for c in range(52) if c not in board and c not in h0 and c not in h1]
            runs = list(combinations(deck, 5 - len(board)))
            share = 0.0
            for run in runs:
                a, b = hoyle.rank((*h0, *board, *run)), hoyle.rank((*h1, *board, *run))
                share += 1.0 if a > b else 0.5 if a == b else 0.0
            num, den = num + w1 * share / len(runs), den + w1
        per_hand.append(num / den if den else float("nan"))
        total, norm = total + w0 * num, norm + w0 * den
    return per_hand, [total / norm, 1 - total / norm]


@pytest.mark.parametrize("name", ["river 8v8", "river quads board ties, rake"])
def test_equity_against_the_oracle(name: str) -> None:
    spot = RIVERS[name]()
    solver = spot.solver()
    per_hand, both = naive_equity(spot, solver)
    assert solver.equity() == pytest.approx(tuple(both), abs=1e-9)
    got = solver.values([], 0)[1]
    for ours, theirs in zip(per_hand, got, strict=True):
        assert theirs == pytest.approx(ours, abs=1e-9, nan_ok=True)


def test_equity_turn_against_the_oracle() -> None:
    spot = TURNS["turn 5v5 all-in only"]()
    solver = spot.solver()
    _, both = naive_equity(spot, solver)
    assert solver.equity() == pytest.approx(tuple(both), abs=1e-9)


def test_threads_give_the_same_solve() -> None:
    spots = [random_spot(3, 30, street=4, pot=100, stack=300) for _ in range(2)]
    one, two = (s.solver() for s in spots)
    one.iterate(20, threads=1)
    two.iterate(20, threads=2)
    assert one.exploitability(threads=1) == pytest.approx(two.exploitability(threads=2), rel=1e-9)
    assert one.ev() == pytest.approx(two.ev(), rel=1e-9)
    assert np.allclose(one.strategy([]), two.strategy([]), atol=1e-6)
