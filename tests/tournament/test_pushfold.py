"""Heads-up push/fold equilibria: the published thresholds and 10 bb share,
exploitability checked by a naive best response over the 1,326 combos
(tests/support/pushfold_oracle.py), the chart, the grid, bad input."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hoyle.errors import TournamentError
from hoyle.tournament import PushFold, PushFoldChart, push_fold, push_fold_chart

from tests.support.pushfold_oracle import naive_values


@pytest.fixture(scope="module")
def chart() -> PushFoldChart:
    return push_fold_chart()


def test_at_10_bb_the_small_blind_shoves_about_58_percent() -> None:
    pf = push_fold(10)
    assert 0.578 <= pf.push_share <= 0.584
    assert pf.push["AA"] == 1.0
    assert pf.push["72o"] == 0.0
    assert pf.call["AA"] == 1.0
    mixed = [k for k, v in pf.push.items() if 0.01 < v < 0.99]
    mixed += [f"call {k}" for k, v in pf.call.items() if 0.01 < v < 0.99]
    assert len(mixed) <= 4, mixed


@pytest.mark.parametrize(
    ("hand", "published"),
    [("T3s", Fraction(77, 10)), ("K2o", Fraction(116, 10)), ("Q2o", 7), ("72o", Fraction(16, 10))],
)
def test_published_push_thresholds(chart: PushFoldChart, hand: str, published: Fraction) -> None:
    assert abs(Fraction(chart.push[hand]) - published) <= Fraction(2, 10)


def test_every_chart_solution_is_near_exact(chart: PushFoldChart) -> None:
    assert len(chart.solutions) == 191
    assert chart.stacks[0] == 1
    assert chart.stacks[-1] == 20
    assert max(s.exploitability for s in chart.solutions) < 0.01
    assert chart.push["AA"] == 20
    assert chart.call["AA"] == 20
    assert chart.push["32o"] < 2


@pytest.mark.parametrize(("stack", "ante"), [(10, 0), (Fraction(5, 2), 0), (15, Fraction(1, 8))])
def test_a_naive_best_response_confirms_the_equilibrium(stack: Fraction, ante: Fraction) -> None:
    pf = push_fold(stack, ante=ante)
    f = 0.5 + float(ante)
    g = 1 + float(ante)
    value, best_small, best_big = naive_values(float(stack), f, g, pf.push, pf.call)
    assert value == pytest.approx(pf.ev, abs=1e-9)
    assert best_small - value < 0.01
    assert value - best_big < 0.01
    assert (best_small - best_big) / 2 == pytest.approx(pf.exploitability, abs=1e-9)
    assert pf.exploitability < 0.01


def test_a_bad_strategy_is_exploitable() -> None:
    """The oracle can fail: always pushing at 20 bb is far from equilibrium."""
    pf = push_fold(20)
    always = dict.fromkeys(pf.push, 1.0)
    value, _, best_big = naive_values(20.0, 0.5, 1.0, always, pf.call)
    assert value - best_big > 0.5


def test_blinds_scale() -> None:
    a = push_fold(20, small_blind=1, big_blind=2)
    b = push_fold(10)
    assert a.push == b.push
    assert a.ev == pytest.approx(2 * b.ev)


def test_the_grid() -> None:
    pf = push_fold(10)
    lines = pf.grid().splitlines()
    assert len(lines) == 14
    assert lines[0].split() == list("AKQJT98765432")
    assert lines[1].split()[:3] == ["A", "100", "100"]
    assert lines[13].split()[-1] == "100"  # 22
    assert "exploitability" in str(pf)
    assert isinstance(pf, PushFold)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"stack_bb": 0}, "stack_bb is 0"),
        ({"stack_bb": Fraction(1, 2)}, "at least the big blind"),
        ({"stack_bb": 10**6}, "at most"),
        ({"stack_bb": 10, "ante": -1}, "ante"),
        ({"stack_bb": 10, "small_blind": 2}, "small_blind <= big_blind"),
        ({"stack_bb": 10, "small_blind": 0}, "0 < small_blind"),
        ({"stack_bb": float("nan")}, "finite"),
        ({"stack_bb": 10, "tolerance": 0}, "tolerance"),
    ],
)
def test_bad_input_is_refused(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(TournamentError, match=words):
        push_fold(**kwargs)  # type: ignore[arg-type]


def test_bad_types_and_charts() -> None:
    with pytest.raises(TypeError, match="stack_bb"):
        push_fold("10")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        push_fold(True)
    with pytest.raises(TournamentError, match="between 1 and"):
        push_fold_chart(stacks=[])
    with pytest.raises(TournamentError, match="stack_bb is 0"):
        push_fold_chart(stacks=[5, 0])
