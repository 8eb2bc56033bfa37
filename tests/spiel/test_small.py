"""Kuhn poker and Leduc hold'em through ``python_hoyle``: OpenSpiel's exact
tools on hoyle's games against its native ``kuhn_poker``/``leduc_poker``
(the same tree, so the same numbers), the solved values, and hoyle.solve's
own Leduc strategy under OpenSpiel's NashConv."""

from __future__ import annotations

import os
import sys
from typing import Any

import pytest

if sys.version_info >= (3, 11):
    import pyspiel
    from open_spiel.python import policy as os_policy
    from open_spiel.python.algorithms import expected_game_score, get_all_states
    from open_spiel.python.algorithms import exploitability as os_exploitability
else:  # pragma: no cover - Python 3.10 has no wheel of the extra
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is a test extra for 3.11+")

import hoyle.spiel

from tests.solve.test_openspiel import KUHN, LEDUC, to_openspiel

hoyle.spiel.register()

PAIRS = [("kuhn", "kuhn_poker"), ("leduc", "leduc_poker")]
# the Leduc runs of the C++ solvers on the Python game take about half a
# second an iteration: 10 here, the full 100 with HOYLE_SPIEL_LONG=1
LEDUC_ITERATIONS = 100 if os.environ.get("HOYLE_SPIEL_LONG") else 10


def ours(name: str) -> Any:
    return pyspiel.load_game("python_hoyle", {"preset": name})


@pytest.mark.parametrize(("name", "native"), PAIRS)
def test_the_same_tree(name: str, native: str) -> None:
    """Every state, every information state, and the game's facts, as native."""
    a, b = ours(name), pyspiel.load_game(native)
    full = {"include_terminals": True, "include_chance_states": True}
    assert len(get_all_states.get_all_states(a, **full)) == len(
        get_all_states.get_all_states(b, **full)
    )

    def infosets(game: Any) -> int:
        states = get_all_states.get_all_states(
            game, include_terminals=False, include_chance_states=False
        )
        return len({s.information_state_string() for s in states.values()})

    assert infosets(a) == infosets(b)
    assert a.max_chance_outcomes() == b.max_chance_outcomes()
    assert (a.min_utility(), a.max_utility()) == (b.min_utility(), b.max_utility())
    assert a.get_type().information == b.get_type().information
    assert a.get_type().chance_mode == b.get_type().chance_mode
    assert a.get_type().utility == b.get_type().utility
    if name == "leduc":  # fold, call, raise: the native ids
        assert a.num_distinct_actions() == b.num_distinct_actions() == 3


@pytest.mark.parametrize("solver", ["CFRSolver", "CFRPlusSolver"])
@pytest.mark.parametrize(("name", "native"), PAIRS)
def test_cpp_cfr_gives_native_nash_conv(name: str, native: str, solver: str) -> None:
    """OpenSpiel's C++ CFR and CFR+ on python_hoyle: after each k, the
    NashConv its own C++ best response gives equals the native game's."""
    a, b = ours(name), pyspiel.load_game(native)
    sa, sb = getattr(pyspiel, solver)(a), getattr(pyspiel, solver)(b)
    most = 100 if name == "kuhn" else LEDUC_ITERATIONS
    checks = set(range(1, most + 1)) if name == "kuhn" else {1, 2, 5, most}
    for k in range(1, most + 1):
        sa.evaluate_and_update_policy()
        sb.evaluate_and_update_policy()
        if k in checks:
            x = pyspiel.nash_conv(a, sa.average_policy())
            y = pyspiel.nash_conv(b, sb.average_policy())
            assert x == pytest.approx(y, abs=1e-9), k
    assert x > 1e-4  # not yet solved: the numbers are the run's, not a limit's


def test_solved_kuhn_gives_minus_one_eighteenth() -> None:
    game = ours("kuhn")
    solver = pyspiel.CFRPlusSolver(game)
    for _ in range(1000):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    assert pyspiel.nash_conv(game, policy) < 2e-3
    values = pyspiel.expected_returns(game.new_initial_state(), policy, -1, True)
    assert values[0] == pytest.approx(-1 / 18, abs=1e-3)
    assert values[0] + values[1] == pytest.approx(0, abs=1e-12)
    tabular = os_policy.tabular_policy_from_callable(game, policy.action_probabilities)
    same = expected_game_score.policy_value(game.new_initial_state(), [tabular, tabular])
    assert same == pytest.approx(values, abs=1e-12)  # OpenSpiel's Python walk agrees


def test_hoyle_solve_leduc_through_python_hoyle() -> None:
    """hoyle.solve's Leduc strategy mapped onto python_hoyle's information
    states: OpenSpiel's NashConv is twice the core's exploitability, and the
    first player's value is Leduc's -0.0856."""
    from hoyle import _core

    solver = _core.Solver.leduc()
    solver.iterate(1000)
    game = ours("leduc")
    table = to_openspiel(game, solver, LEDUC)
    nash_conv = os_exploitability.nash_conv(game, table)
    assert nash_conv == pytest.approx(2 * solver.exploitability(), abs=1e-6)
    values = expected_game_score.policy_value(game.new_initial_state(), [table, table])
    assert values[0] == pytest.approx(-0.0856, abs=1e-3)


def test_hoyle_solve_kuhn_through_python_hoyle() -> None:
    from hoyle import _core

    solver = _core.Solver.kuhn()
    solver.iterate(300)
    game = ours("kuhn")
    kinds = {0: ("fold",), 1: ("check", "call"), 2: ("bet", "raise")}  # python_hoyle's ids
    table = to_openspiel(game, solver, (KUHN[0], kinds, 12))
    assert os_exploitability.nash_conv(game, table) == pytest.approx(
        2 * solver.exploitability(), abs=1e-6
    )
