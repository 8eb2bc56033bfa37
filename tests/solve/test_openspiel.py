"""Leduc hold'em against OpenSpiel (the ``open_spiel`` test extra, Python
3.11 and later): hoyle's Leduc strategy mapped onto OpenSpiel's
information states, OpenSpiel's own ``nash_conv`` of it equal to twice the
core's exploitability; and, before any solver, the naive oracle's own
Leduc rules against OpenSpiel's on random strategies."""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest

from tests.support.naive_solver import Oracle, Tree, kind
from tests.support.small_games import LeducRules, RulesTree

if sys.version_info >= (3, 11):
    # CI installs the extra on 3.11 and later: there a missing OpenSpiel is a failure.
    import pyspiel
    from open_spiel.python import policy as os_policy
    from open_spiel.python.algorithms import exploitability as os_exploitability
else:  # pragma: no cover - Python 3.10 has no wheel of the extra
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is a test extra for 3.11+")

# OpenSpiel's Leduc card i is rank i // 2 (J, Q, K), suit i % 2; hoyle's
# are Jc Jd Qc Qd Kc Kd. Its actions: 0 fold, 1 check or call, 2 bet or raise.
LEDUC = ([36, 37, 40, 41, 44, 45], {0: ("fold",), 1: ("check", "call"), 2: ("bet", "raise")}, 936)
# Kuhn: cards 0, 1, 2 are J, Q, K (hoyle's Jc Qc Kc); 0 passes (check or
# fold), 1 bets (bet or call).
KUHN = ([36, 40, 44], {0: ("check", "fold"), 1: ("bet", "call")}, 12)


def to_openspiel(game: Any, tree: Tree, rules: Any = LEDUC) -> Any:
    """A ``TabularPolicy`` of OpenSpiel's Leduc playing ``tree``'s strategy:
    both trees walked side by side (OpenSpiel's private deals are hoyle's
    hands, its public deal hoyle's chance node), checking at each decision
    that the player and the legal actions agree."""
    table = os_policy.TabularPolicy(game)
    cards, kinds, states = rules
    hands = [[h[0] for h in tree.hands(p)] for p in (0, 1)]
    seen: dict[str, list[float]] = {}

    def walk(state: Any, path: list[int], private: list[int]) -> None:
        if state.is_terminal():
            assert tree.info(path)["kind"] == "terminal", path
            return
        if state.is_chance_node():
            for outcome, _ in state.chance_outcomes():
                card = cards[outcome]
                if len(private) < 2:
                    walk(state.child(outcome), path, [*private, card])
                else:
                    assert tree.info(path)["kind"] == "chance", path
                    walk(state.child(outcome), [*path, card], private)
            return
        player = state.current_player()
        info = tree.info(path)
        assert info["kind"] == "player", (path, info)
        assert info["player"] == player, (path, info)
        labels = [kind(a) for a in info["actions"]]
        legal = state.legal_actions()
        assert len(labels) == len(legal), (path, labels, legal)
        index = {a: next(i for i, k in enumerate(labels) if k in kinds[a]) for a in legal}
        row = [float(p) for p in tree.strategy(path)[hands[player].index(private[player])]]
        key = state.information_state_string()
        probs = [row[index[a]] for a in legal]
        assert seen.setdefault(key, probs) == probs, key
        table.policy_for_key(key)[:] = 0.0
        for a, p in zip(legal, probs, strict=True):
            table.policy_for_key(key)[a] = p
        for a in legal:
            walk(state.child(a), [*path, index[a]], private)

    walk(game.new_initial_state(), [], [])
    assert len(seen) == states  # the game's information states
    return table


def random_policy(seed: int) -> Any:
    def policy(path: list[int], hand: tuple[int, ...]) -> list[float]:
        rng = random.Random(f"{seed} {path} {hand}")
        n = len(tree_actions(path))
        raw = [rng.random() ** 3 for _ in range(n)]
        return [x / sum(raw) for x in raw]

    return policy


def tree_actions(path: list[int]) -> list[str]:
    return list(RulesTree(LeducRules(), None).info(path)["actions"])


@pytest.mark.parametrize("seed", [0, 1])
def test_the_oracles_leduc_is_openspiels(seed: int) -> None:
    """The naive best response over the oracle's own Leduc tree gives
    OpenSpiel's NashConv / 2 for the same random strategy: the oracle's
    rules, its best response and the mapping, checked with no solver."""
    tree = RulesTree(LeducRules(), random_policy(seed))
    report = Oracle(tree, LeducRules()).report()
    assert report.ev[0] + report.ev[1] == pytest.approx(0, abs=1e-12)
    game = pyspiel.load_game("leduc_poker")
    nash_conv = os_exploitability.nash_conv(game, to_openspiel(game, tree))
    assert report.exploitability > 0.1  # random play is far from an equilibrium
    assert nash_conv == pytest.approx(2 * report.exploitability, abs=1e-9)


def test_hoyles_leduc_under_openspiels_nash_conv() -> None:
    """The core's Leduc, solved to convergence: OpenSpiel's NashConv of its
    average strategy is twice the core's exploitability, and below 2e-3."""
    from hoyle import _core

    solver = _core.Solver.leduc()
    solver.iterate(1000)
    ours = solver.exploitability()
    game = pyspiel.load_game("leduc_poker")
    nash_conv = os_exploitability.nash_conv(game, to_openspiel(game, solver))
    assert nash_conv == pytest.approx(2 * ours, abs=1e-6)
    assert ours < 1e-3


def test_hoyles_kuhn_under_openspiels_nash_conv() -> None:
    from hoyle import _core

    solver = _core.Solver.kuhn()
    solver.iterate(300)
    game = pyspiel.load_game("kuhn_poker")
    nash_conv = os_exploitability.nash_conv(game, to_openspiel(game, solver, KUHN))
    assert nash_conv == pytest.approx(2 * solver.exploitability(), abs=1e-6)
    assert nash_conv < 1e-2


@pytest.mark.parametrize("isomorphism", [True, False])
def test_hoyles_leduc_early_under_openspiels_nash_conv(isomorphism: bool) -> None:
    """Far from convergence, with and without the suit isomorphism (Jc ~ Jd)."""
    from hoyle import _core

    solver = _core.Solver.leduc(isomorphism=isomorphism)
    solver.iterate(7)
    game = pyspiel.load_game("leduc_poker")
    nash_conv = os_exploitability.nash_conv(game, to_openspiel(game, solver))
    assert nash_conv == pytest.approx(2 * solver.exploitability(), abs=1e-6)
    assert nash_conv > 1e-2
