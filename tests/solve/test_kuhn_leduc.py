"""Kuhn poker and Leduc hold'em, solved by the core, against their known
results (Kuhn, 1950: the first player's value -1/18, the second player's
unique equilibrium strategy and the first player's one-parameter family;
Leduc, OpenSpiel's rules: the first player's value -0.0856064) and against
the naive oracle's best response over the oracle's own rules."""

from __future__ import annotations

from typing import Any

import pytest
from hoyle import _core

from tests.support.naive_solver import Oracle, kind
from tests.support.small_games import KuhnRules, LeducRules, RulesTree

J, Q, K = 36, 40, 44
LEDUC_VALUE = -0.0856064


def solved_kuhn() -> tuple[Any, float]:
    solver = _core.Solver.kuhn()
    solver.iterate(2000)
    return solver, solver.exploitability()


def bet(solver: Any, labels: list[str], card: int) -> float:
    """The probability with which the player to act after ``labels`` (kinds)
    holding ``card`` bets (or calls, facing a bet)."""
    path: list[int] = []
    for label in labels:
        actions = [kind(a) for a in solver.info(path)["actions"]]
        path.append(actions.index(label))
    info = solver.info(path)
    actions = [kind(a) for a in info["actions"]]
    hands = [h[0] for h in solver.hands(info["player"])]
    row = solver.strategy(path)[hands.index(card)]
    return float(row[actions.index("call" if "call" in actions else "bet")])


# A probability off by TOL at any one of these nodes is exploitable by far
# more than the exploitability the solve reaches (test_kuhn_tolerance_is_tight).
TOL = 0.01


def test_kuhn_value_and_exploitability() -> None:
    solver, exploitability = solved_kuhn()
    assert exploitability < 1e-4
    ev = solver.ev()
    assert ev[0] == pytest.approx(-1 / 18, abs=1e-3)
    assert ev[0] + ev[1] == pytest.approx(0, abs=1e-9)


def test_kuhn_second_player_is_the_unique_equilibrium() -> None:
    solver, _ = solved_kuhn()
    # facing a bet: king calls, queen calls one time in three, jack folds
    assert bet(solver, ["bet"], K) == pytest.approx(1, abs=TOL)
    assert bet(solver, ["bet"], Q) == pytest.approx(1 / 3, abs=TOL)
    assert bet(solver, ["bet"], J) == pytest.approx(0, abs=TOL)
    # after a check: king bets, queen checks behind, jack bets one time in three
    assert bet(solver, ["check"], K) == pytest.approx(1, abs=TOL)
    assert bet(solver, ["check"], Q) == pytest.approx(0, abs=TOL)
    assert bet(solver, ["check"], J) == pytest.approx(1 / 3, abs=TOL)


def test_kuhn_first_player_is_in_the_family() -> None:
    solver, _ = solved_kuhn()
    alpha = bet(solver, [], J)
    assert -TOL <= alpha <= 1 / 3 + TOL
    assert bet(solver, [], Q) == pytest.approx(0, abs=TOL)
    assert bet(solver, [], K) == pytest.approx(3 * alpha, abs=3 * TOL)
    assert bet(solver, ["check", "bet"], J) == pytest.approx(0, abs=TOL)
    assert bet(solver, ["check", "bet"], Q) == pytest.approx(alpha + 1 / 3, abs=2 * TOL)
    assert bet(solver, ["check", "bet"], K) == pytest.approx(1, abs=TOL)


def kuhn_equilibrium(alpha: float, nudge: tuple[str, int, float] | None = None) -> Any:
    """The equilibrium with parameter ``alpha`` as a policy of the oracle's
    own Kuhn tree, one probability moved by ``nudge`` (history, card, d)."""
    table = {
        "": {J: alpha, Q: 0.0, K: 3 * alpha},
        "check bet": {J: 0.0, Q: alpha + 1 / 3, K: 1.0},
        "bet": {J: 0.0, Q: 1 / 3, K: 1.0},
        "check": {J: 1 / 3, Q: 0.0, K: 1.0},
    }
    tree = RulesTree(KuhnRules(), None)

    def policy(path: list[int], hand: tuple[int, ...]) -> list[float]:
        key = " ".join(tree.labels(path))
        p = table[key][hand[0]]
        if nudge is not None and nudge[:2] == (key, hand[0]):
            p = min(1.0, max(0.0, p + nudge[2]))
        return [1 - p, p]

    return policy


@pytest.mark.parametrize("alpha", [0.0, 0.2, 1 / 3])
def test_kuhn_family_is_an_equilibrium_for_the_oracle(alpha: float) -> None:
    """The oracle itself: every member of the family is unexploitable and
    worth -1/18 to the first player."""
    report = Oracle(RulesTree(KuhnRules(), kuhn_equilibrium(alpha)), KuhnRules()).report()
    assert report.exploitability == pytest.approx(0, abs=1e-12)
    assert report.ev[0] == pytest.approx(-1 / 18, abs=1e-12)


@pytest.mark.parametrize(
    ("key", "card"),
    [("bet", K), ("bet", Q), ("bet", J), ("check", K), ("check", Q), ("check", J)],
)
def test_kuhn_tolerance_is_tight(key: str, card: int) -> None:
    """Moving one of the second player's probabilities by TOL from the
    equilibrium (alpha 0.2, so the first player's family is not at an
    edge) makes it exploitable by more than 1e-4 chip, ten times the
    exploitability the solved Kuhn reaches: a core strategy off by TOL
    would fail test_kuhn_value_and_exploitability first."""
    at = {"bet": {J: 0.0, Q: 1 / 3, K: 1.0}, "check": {J: 1 / 3, Q: 0.0, K: 1.0}}[key][card]
    for d in [x for x in (TOL, -TOL) if 0 <= at + x <= 1]:
        policy = kuhn_equilibrium(0.2, (key, card, d))
        report = Oracle(RulesTree(KuhnRules(), policy), KuhnRules()).report()
        assert report.exploitability > 1e-4, (key, card, d, report)


def test_kuhn_core_agrees_with_the_oracle() -> None:
    solver, exploitability = solved_kuhn()
    report = Oracle(solver, KuhnRules()).report()
    assert report.exploitability == pytest.approx(exploitability, abs=1e-4)
    for ours, theirs in zip(report.ev, solver.ev(), strict=True):
        assert ours == pytest.approx(theirs, abs=1e-4)


@pytest.fixture(scope="module")
def leduc() -> Any:
    solver = _core.Solver.leduc()
    solver.iterate(1000)
    return solver


def test_leduc_value_and_exploitability(leduc: Any) -> None:
    exploitability = leduc.exploitability()
    assert exploitability < 1e-3
    ev = leduc.ev()
    assert ev[0] == pytest.approx(LEDUC_VALUE, abs=1e-3)
    assert ev[0] + ev[1] == pytest.approx(0, abs=1e-9)


def test_leduc_core_agrees_with_the_oracle(leduc: Any) -> None:
    report = Oracle(leduc, LeducRules()).report()
    assert report.exploitability == pytest.approx(leduc.exploitability(), abs=1e-4)
    for ours, theirs in zip(report.ev, leduc.ev(), strict=True):
        assert ours == pytest.approx(theirs, abs=1e-4)


def test_leduc_early_iterations_agree_with_the_oracle() -> None:
    """Far from convergence too (exploitability well above the target)."""
    solver = _core.Solver.leduc()
    solver.iterate(3)
    exploitability = solver.exploitability()
    assert exploitability > 1e-2
    report = Oracle(solver, LeducRules()).report()
    assert report.exploitability == pytest.approx(exploitability, abs=1e-4)
