"""The core's terminal payoffs (``Solver.payoff``) at every terminal of
small spots, against ``hoyle.settle`` for the same cards (the starting pot
dead money, player 1 on the button: a split pot's odd chip goes to player
0) and against Kuhn's and Leduc's rules.

Chips are conserved exactly: with ``c0``, ``c1`` the players' contributions
since the spot's start and ``rake`` what ``settle`` rakes from the pot
after the uncalled bet is returned, ``payoff0 + payoff1 == pot - rake``
(each payoff is what the player takes from the middle less ``c_i``; the
starting ``pot`` counts as won, not put in). Kuhn and Leduc start before
the antes: their payoffs add up to 0."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import hoyle
import pytest
from hoyle import _core, games
from hoyle.values import values

from tests.support.naive_solver import Oracle, PokerRules, disjoint
from tests.support.small_games import KuhnRules, LeducRules
from tests.support.solve_spots import Spot, ids, nodes, random_hands, random_spot


def spot(board: str, n: int, seed: int, **kw: Any) -> Spot:
    cards = ids(board)
    rng = random.Random(seed)
    h0, w0 = random_hands(rng, cards, n)
    h1, w1 = random_hands(rng, cards, n)
    return Spot(board=cards, hands=(h0, h1), weights=(w0, w1), **kw)


SPOTS = {
    "river, odd pot, rake capped": lambda: spot(
        "Td9d6hQc2s", 8, 1, pot=101, stack=150, rake=(500, 3)
    ),
    "river, rake uncapped, fixed bets": lambda: spot(
        "AhKdQcJsTh", 6, 2, pot=33, stack=70, rake=(250, None), bets=[("c", 10.0), ("a", 0.0)]
    ),
    "river, no rake": lambda: spot("8c8d8h3s3d", 8, 3, pot=10, stack=25, raises=[("x", 2.0)]),
    "turn, all-in before the river, rake": lambda: spot(
        "Kh9h4d2c", 5, 4, pot=101, stack=90, rake=(500, 6), raises=[("a", 0.0)]
    ),
    "river, Omaha hi-lo, odd pot, rake": lambda: random_spot(
        7, 6, game=games.omaha_hilo(), pot=103, stack=80, rake=(500, 2)
    ),
    "turn, Omaha hi-lo, all-in before the river": lambda: random_spot(
        8, 4, street=4, game=games.omaha_hilo(), pot=55, stack=50, bets=[("a", 0.0)], raises=[]
    ),
    "flop, all-in before the turn": lambda: spot(
        "Qh7s2d", 4, 5, pot=99, stack=60, bets=[("a", 0.0)], raises=[]
    ),
}


def settled(
    pot: int, rake: hoyle.Rake | None, info: dict[str, Any], high: list[Any], low: Any = None
) -> Any:
    c0, c1 = info["contributions"]
    d0, d1 = pot - pot // 2, pot // 2
    return hoyle.settle([d0 + c0, d1 + c1], high, low, button=1, rake=rake, dead=[d0, d1])


@pytest.mark.parametrize("name", sorted(SPOTS))
def test_payoffs_are_settles(name: str) -> None:
    spot = SPOTS[name]()
    solver = spot.solver()
    rake = spot.hoyle_rake()
    rules = PokerRules(spot.pot, rake, spot.game)
    oracle = Oracle(solver, rules)
    rng = random.Random(name)
    hands = solver.hands(0), solver.hands(1)
    terminals = 0
    for path, info in nodes(solver, lambda _, cards: rng.sample(cards, 2)):
        if info["kind"] != "terminal":
            continue
        terminals += 1
        infos = oracle.infos(path)
        board = list(info["board"])
        assert info["pot"] == spot.pot + sum(info["contributions"])
        assert max(info["contributions"]) <= spot.stack
        for i, j in combinations_of(hands):
            h0, h1 = hands[0][i], hands[1][j]
            if not disjoint(h0, h1, board):
                continue
            deck = [c for c in rules.deck() if c not in board and c not in h0 and c not in h1]
            ends = (
                [()]
                if info["terminal"] == "fold"
                else rng.sample(
                    list(combinations(deck, 5 - len(board))), 1 if len(board) == 5 else 3
                )
            )
            for runout in ends:
                got = solver.payoff(path, i, j, list(runout))
                low: list[Any] | None = None
                if info["terminal"] == "fold":
                    high: list[Any] = [0, 0]
                    high[infos[-2]["player"]] = None
                elif spot.game is None:
                    full = [*board, *runout]
                    high = [hoyle.rank((*h0, *full)), hoyle.rank((*h1, *full))]
                else:
                    g, full = spot.game, [*board, *runout]
                    (a, la), (b, lb) = (values(g.rules, g.high, h, full) for h in (h0, h1))
                    high, low = [a, b], (None if la is None and lb is None else [la, lb])
                s = settled(spot.pot, rake, info, high, low)
                want = tuple(
                    float(p - c) for p, c in zip(s.payouts, info["contributions"], strict=True)
                )
                assert got == pytest.approx(want, abs=1e-9), (path, h0, h1, runout, info, s)
                assert got[0] + got[1] == pytest.approx(spot.pot - s.rake, abs=1e-9)
                assert want == rules.pay(path, infos, h0, h1, runout)
    assert terminals >= 4


def combinations_of(hands: tuple[list[Any], list[Any]]) -> list[tuple[int, int]]:
    return [
        (i, j) for i, a in enumerate(hands[0]) for j, b in enumerate(hands[1]) if disjoint(a, b)
    ]


def test_all_in_before_the_river_is_a_terminal() -> None:
    """The turn spot's all-in and call ends the hand with the river to come:
    the terminal's board has four cards and its payoff takes the runout."""
    spot = SPOTS["turn, all-in before the river, rake"]()
    solver = spot.solver()
    early = [
        info
        for _, info in nodes(solver, lambda _, cards: cards[:1])
        if info["kind"] == "terminal" and info["terminal"] == "showdown" and len(info["board"]) == 4
    ]
    assert early
    assert all(max(i["contributions"]) == spot.stack for i in early)


@pytest.mark.parametrize("game", ["kuhn", "leduc"])
def test_small_games_payoffs(game: str) -> None:
    solver = _core.Solver.kuhn() if game == "kuhn" else _core.Solver.leduc()
    rules: KuhnRules | LeducRules = KuhnRules() if game == "kuhn" else LeducRules()
    oracle = Oracle(solver, rules)
    hands = solver.hands(0), solver.hands(1)
    terminals = 0
    for path, info in nodes(solver):
        if info["kind"] != "terminal":
            continue
        terminals += 1
        infos = oracle.infos(path)
        rules.check(path, infos)
        dealt = [step for node, step in zip(infos, path, strict=False) if node["kind"] == "chance"]
        for i, j in combinations_of(hands):
            h0, h1 = hands[0][i], hands[1][j]
            if not disjoint(h0, h1, dealt):
                continue
            got = solver.payoff(path, i, j, [])
            want = rules.terminal(path, infos, h0, h1)
            assert got == pytest.approx(want, abs=1e-12), (path, h0, h1)
            assert got[0] + got[1] == 0
    # Kuhn: 5 terminals; Leduc: 4 folds in the first round, then after each
    # of the 5 ways to call it and each of the 6 public cards, 4 folds and 5
    # showdowns
    assert terminals == (5 if game == "kuhn" else 4 + 5 * 6 * 9)
