"""Suit isomorphism against the plain deal: spots whose board and ranges
leave suits free (two-tone and monotone turns, a two-tone flop), solved
with ``isomorphism=True`` and ``False``, give the same EVs within the
exploitability bound, the naive oracle agrees with the isomorphic solve
read through its paths, and the strategies at isomorphic deals map onto
each other (the card and the hands through the same suit permutation).

The bound: without rake the game is constant-sum, so each player's EV
under a strategy pair whose exploitability is ``e`` (the mean of the two
gains ``g0 + g1 = 2e``) lies within ``max(g0, g1) <= 2e`` of the game's
value; two solves are within ``2 * (e_iso + e_plain)`` of each other."""

from __future__ import annotations

import random
from itertools import permutations
from typing import Any

import pytest
from hoyle import _core

from tests.support.naive_solver import Oracle, PokerRules
from tests.support.small_games import LeducRules
from tests.support.solve_spots import Spot, ids, suit_swap, symmetric_hands

Perm = tuple[int, int, int, int]


def fixing(board: list[int]) -> list[Perm]:
    """The suit permutations that fix ``board`` (suits absent from it
    permuted among themselves)."""
    used = {c % 4 for c in board}
    free = [s for s in range(4) if s not in used]
    out = []
    for images in permutations(free):
        perm = list(range(4))
        for s, t in zip(free, images, strict=True):
            perm[s] = t
        out.append((perm[0], perm[1], perm[2], perm[3]))
    return out


def symmetric_spot(board_text: str, n: int, seed: int, **kw: Any) -> Spot:
    board = ids(board_text)
    perms = fixing(board)
    rng = random.Random(seed)
    h0, w0 = symmetric_hands(rng, board, n, perms)
    h1, w1 = symmetric_hands(rng, board, n, perms)
    return Spot(board=board, hands=(h0, h1), weights=(w0, w1), **kw)


SPOTS = {
    "two-tone turn": lambda: symmetric_spot("Kh9h4d2d", 8, 1, pot=100, stack=300),
    "two-tone turn 2": lambda: symmetric_spot("Ts8s5c3c", 10, 2, pot=60, stack=100),
    "monotone turn": lambda: symmetric_spot("Kh9h4h2h", 8, 3, pot=100, stack=250),
    "monotone turn 2": lambda: symmetric_spot("Jd7d6d3d", 12, 4, pot=50, stack=200),
    "two-tone flop, all-in only": lambda: symmetric_spot(
        "Qh7h2d", 6, 5, pot=100, stack=100, bets=[("a", 0.0)], raises=[]
    ),
}


def solve(spot: Spot, isomorphism: bool, iterations: int) -> tuple[Any, float]:
    spot.isomorphism = isomorphism
    solver = spot.solver()
    solver.iterate(iterations)
    return solver, solver.exploitability()


@pytest.mark.parametrize("name", sorted(SPOTS))
def test_isomorphism_keeps_the_evs(name: str) -> None:
    spot = SPOTS[name]()
    assert len(fixing(spot.board)) > 1
    iso, e_iso = solve(spot, True, 100)
    plain, e_plain = solve(spot, False, 100)
    bound = 2 * (e_iso + e_plain) + 1e-6
    for a, b in zip(iso.ev(), plain.ev(), strict=True):
        assert abs(a - b) <= bound, (iso.ev(), plain.ev(), e_iso, e_plain)
    assert iso.memory <= plain.memory


def first_card_deal(solver: Any) -> list[int]:
    """The path to the first chance node (check, check)."""
    path: list[int] = []
    while solver.info(path)["kind"] == "player":
        actions = solver.info(path)["actions"]
        path.append(actions.index("check"))
    assert solver.info(path)["kind"] == "chance"
    return path


def image(solver: Any, player: int, perm: Perm) -> list[int]:
    """Where each of ``player``'s hands goes under ``perm``."""
    index = {frozenset(h): k for k, h in enumerate(solver.hands(player))}
    return [index[frozenset(suit_swap(c, perm) for c in h)] for h in solver.hands(player)]


@pytest.mark.parametrize("name", ["two-tone turn", "monotone turn"])
def test_isomorphic_deals_map_onto_each_other(name: str) -> None:
    """Read through the paths of a card and of an isomorphic one, the rows
    of each hand and of its image are the same under some permutation
    taking the one card to the other (the one the core solved it with).
    Only on the isomorphic solve, and only up to that one permutation: a
    plain solve, or a permutation that fixes the card and swaps hands
    within one node, leaves the symmetry to float rounding where a hand is
    indifferent between actions (the sign of a regret that is 0 in exact
    arithmetic); the EVs still agree (test_isomorphism_keeps_the_evs)."""
    spot = SPOTS[name]()
    solver, _ = solve(spot, True, 60)
    deal = first_card_deal(solver)
    perms = fixing(spot.board)
    maps = {perm: [image(solver, p, perm) for p in (0, 1)] for perm in perms}
    checked = 0
    for card in solver.info(deal)["cards"]:
        for other in sorted({suit_swap(card, perm) for perm in perms} - {card}):
            worst = min(
                mismatch(solver, [*deal, card], [*deal, other], maps[perm])
                for perm in perms
                if suit_swap(card, perm) == other
            )
            assert worst <= 1e-6, (card, other, worst)
            checked += 1
    assert checked > 20


def mismatch(solver: Any, a: list[int], b: list[int], maps: list[list[int]]) -> float:
    """The largest difference between a reached row at ``a`` (and the
    player nodes just after it) and its image's row at ``b``."""
    worst = 0.0
    for tail in ([], [0], [1]):
        info = solver.info([*a, *tail])
        if info["kind"] != "player":
            continue
        assert solver.info([*b, *tail])["actions"] == info["actions"]
        mine, theirs = solver.strategy([*a, *tail]), solver.strategy([*b, *tail])
        reach = solver.values([*a, *tail], info["player"])[2]
        for h, g in enumerate(maps[info["player"]]):
            if reach[h] > 0:  # reached: a blocked or unreached row is uniform
                worst = max(worst, float(abs(theirs[g] - mine[h]).max()))
    return worst


@pytest.mark.parametrize("name", ["two-tone turn", "monotone turn"])
def test_isomorphic_solve_against_the_oracle(name: str) -> None:
    """The oracle reads every card's node through its path (the core maps
    isomorphic cards inside): exploitability and EVs as the core's."""
    board = {"two-tone turn": "Kh9h4d2d", "monotone turn": "Kh9h4h2h"}[name]
    spot = symmetric_spot(board, 5, 7, pot=100, stack=300)
    solver, exploitability = solve(spot, True, 30)
    report = Oracle(solver, PokerRules(spot.pot)).report()
    assert report.exploitability == pytest.approx(exploitability, abs=1e-4)
    for a, b in zip(report.ev, solver.ev(), strict=True):
        assert a == pytest.approx(b, abs=1e-4)


def test_leduc_isomorphism_keeps_the_evs() -> None:
    """Leduc's suits (Jc ~ Jd and so on) solved once or twice: the same EVs
    within the bound, each as the oracle reads it."""
    out = []
    for isomorphism in (True, False):
        solver = _core.Solver.leduc(isomorphism=isomorphism)
        solver.iterate(200)
        e = solver.exploitability()
        report = Oracle(solver, LeducRules()).report()
        assert report.exploitability == pytest.approx(e, abs=1e-4)
        out.append((solver.ev(), e, solver.memory))
    (ev_iso, e_iso, m_iso), (ev_plain, e_plain, m_plain) = out
    for a, b in zip(ev_iso, ev_plain, strict=True):
        assert abs(a - b) <= 2 * (e_iso + e_plain) + 1e-6
    assert m_iso <= m_plain
