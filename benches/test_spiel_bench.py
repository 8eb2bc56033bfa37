"""pytest-benchmark of ``hoyle.spiel`` (issue 30), peers in the same run:
random playouts through pyspiel's Python API of 6-max no-limit hold'em
(blinds 5/10, stacks 2,000) on ``python_hoyle``, ``python_pokerkit_wrapper``
(when PokerKit and its OpenSpiel wrapper are installed) and
``universal_poker`` (heads-up and 6-max, its ``fcpa`` abstraction), and
OpenSpiel's C++ CFR+ on Leduc through ``python_hoyle`` against its native
``leduc_poker`` (and, for scale, on OpenSpiel's own Python Kuhn against its
C++ one). The ratios print at the end. Run with
``python -m pytest benches/test_spiel_bench.py --benchmark-enable``."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any

import pytest

from .conftest import THROUGHPUT

if sys.version_info < (3, 11):  # pragma: no cover - no wheel of the extra
    pytest.skip("open_spiel is a test extra for 3.11+", allow_module_level=True)

import hoyle.spiel
import pyspiel

hoyle.spiel.register()

HANDS = 100  # random hands a round


def _six_max_hoyle() -> Any:
    return pyspiel.load_game(
        "python_hoyle", {"preset": "texas_holdem", "seats": 6, "stack": 2000, "blinds": "5 10"}
    )


def _universal(players: int, abstraction: str) -> Any:
    blind = "10 5" if players == 2 else "5 10" + " 0" * (players - 2)
    return pyspiel.load_game(
        "universal_poker",
        {
            "betting": "nolimit",
            "numPlayers": players,
            "numRounds": 4,
            "blind": blind,
            "stack": " ".join(["2000"] * players),
            "firstPlayer": "2 1 1 1" if players == 2 else "3 1 1 1",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "bettingAbstraction": abstraction,
        },
    )


def _playouts(game: Any, hands: int, zero_sum: bool = True) -> Callable[[], int]:
    """``hands`` random hands (chance outcomes and actions uniformly at
    random); ``zero_sum``: each hand's returns checked to add up to 0."""
    rng = random.Random(30)

    def run() -> int:
        chips = 0
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            returns = state.returns()
            assert not zero_sum or sum(returns) == 0
            chips += int(max(returns))
        return chips

    return run


def _rate(name: str, benchmark: Any, per_call: float) -> None:
    if benchmark.stats is not None:
        THROUGHPUT[name] = per_call / benchmark.stats.stats.min


def test_python_hoyle_6max_random_hands(benchmark: Any) -> None:
    benchmark.pedantic(_playouts(_six_max_hoyle(), HANDS), rounds=5, iterations=1)
    _rate("python_hoyle: random 6-max NL hands", benchmark, HANDS)


def test_python_hoyle_heads_up_random_hands(benchmark: Any) -> None:
    game = pyspiel.load_game(
        "python_hoyle", {"preset": "texas_holdem", "seats": 2, "stack": 2000, "blinds": "5 10"}
    )
    benchmark.pedantic(_playouts(game, HANDS), rounds=5, iterations=1)
    _rate("python_hoyle: random heads-up NL hands", benchmark, HANDS)


def test_pokerkit_wrapper_6max_random_hands(benchmark: Any) -> None:
    pytest.importorskip("pokerkit")
    pytest.importorskip("open_spiel.python.games.pokerkit_wrapper")
    game = pyspiel.load_game(
        "python_pokerkit_wrapper",
        {"num_players": 6, "blinds": "5 10", "stack_sizes": " ".join(["2000"] * 6)},
    )
    hands = 10
    benchmark.pedantic(_playouts(game, hands), rounds=3, iterations=1)
    _rate("python_pokerkit_wrapper: random 6-max NL hands", benchmark, hands)


@pytest.mark.parametrize("abstraction", ["fcpa", "fullgame"])
@pytest.mark.parametrize("players", [2, 6])
def test_universal_poker_random_hands(benchmark: Any, players: int, abstraction: str) -> None:
    # (6-max: universal_poker's returns do not always add up to 0, its
    # side pots beyond heads-up; not checked here)
    game = _universal(players, abstraction)
    benchmark.pedantic(_playouts(game, HANDS, players == 2), rounds=5, iterations=1)
    _rate(f"universal_poker {abstraction}: random {players}-player NL hands", benchmark, HANDS)


CFR_ITERATIONS = 3


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("python_hoyle leduc", ("python_hoyle", {"preset": "leduc"})),
        ("leduc_poker", ("leduc_poker", {})),
        ("python_kuhn_poker", ("python_kuhn_poker", {})),
        ("kuhn_poker", ("kuhn_poker", {})),
    ],
)
def test_cpp_cfr_plus(benchmark: Any, name: str, params: tuple[str, dict[str, Any]]) -> None:
    if name == "python_kuhn_poker":
        import open_spiel.python.games.kuhn_poker  # noqa: F401 (registers it)
    game = pyspiel.load_game(*params)
    solver = pyspiel.CFRPlusSolver(game)
    iterations = CFR_ITERATIONS if "leduc" in name else 30

    def run() -> None:
        for _ in range(iterations):
            solver.evaluate_and_update_policy()

    benchmark.pedantic(run, rounds=3, iterations=1)
    _rate(f"C++ CFR+ iterations/s on {name}", benchmark, iterations)


def write_spiel(write: Callable[[str], None]) -> None:
    """The issue's ratios, when this run timed them."""
    ours = THROUGHPUT.get("python_hoyle: random 6-max NL hands")
    pk = THROUGHPUT.get("python_pokerkit_wrapper: random 6-max NL hands")
    if ours and pk:
        ratio = ours / pk
        write(f"  python_hoyle / python_pokerkit_wrapper, random 6-max: {ratio:.1f}x (target 10x)")
    for abstraction in ("fullgame", "fcpa"):
        up = THROUGHPUT.get(f"universal_poker {abstraction}: random 2-player NL hands")
        if ours and up:
            write(
                f"  python_hoyle 6-max / universal_poker {abstraction} heads-up, random hands:"
                f" {ours / up:.2f}x (goal 1x)"
            )
    for slow, fast, what in (
        ("python_hoyle leduc", "leduc_poker", "Leduc through python_hoyle"),
        ("python_kuhn_poker", "kuhn_poker", "OpenSpiel's Python Kuhn"),
    ):
        a = THROUGHPUT.get(f"C++ CFR+ iterations/s on {slow}")
        b = THROUGHPUT.get(f"C++ CFR+ iterations/s on {fast}")
        if a and b:
            write(f"  C++ CFR+ on {what}: {b / a:.0f}x slower than native")
