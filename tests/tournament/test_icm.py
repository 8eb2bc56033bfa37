"""hoyle.tournament.icm against worked examples, PokerKit's and Wikipedia's
printed values, a brute force over every finishing order and PokerKit's
permutation ICM."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction
from itertools import pairwise, permutations

import pytest
from hoyle import _core
from hoyle.errors import TournamentError
from hoyle.tournament import ICM, icm
from hypothesis import given, settings
from hypothesis import strategies as st


def brute(stacks: list[int], payouts: list[int]) -> list[Fraction]:
    """Every ordered choice of the paid places, each weighted by its
    Malmuth-Harville probability: the permutation sum, in Fractions."""
    total = sum(stacks)
    out = [Fraction(0)] * len(stacks)
    for order in permutations(range(len(stacks)), len(payouts)):
        p = Fraction(1)
        left = total
        for i in order:
            p *= Fraction(stacks[i], left)
            left -= stacks[i]
        for pay, i in zip(payouts, order, strict=False):
            out[i] += pay * p
    return out


def test_the_worked_example_is_exact() -> None:
    r = icm([50, 30, 20], [70, 30])
    assert tuple(r) == (Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7))
    assert r.method == "exact"
    assert r.standard_error is None
    assert r.samples == 0
    assert all(type(x) is Fraction for x in r)


def test_pokerkits_and_wikipedias_examples() -> None:
    # PokerKit's calculate_icm docstring prints these (``...`` where cut).
    printed = {
        ((70, 30), (50, 30, 20)): ("45.17", "32.25", "22.57"),
        ((50, 30, 20), (25, 87, 88)): ("25.69", "37.08", "37.21"),
        ((50, 30, 20), (21, 89, 90)): ("24.85", "37.51", "37.63"),
        ((50, 30, 20), (198, 1, 1)): ("49.79", "25.10", "25.10"),
    }
    for (payouts, stacks), want in printed.items():
        got = icm(list(stacks), list(payouts))
        assert [f"{float(x):.5f}"[: len(w)] for x, w in zip(got, want, strict=True)] == list(want)
    assert icm([25, 87, 88], [50, 30, 20]) == (
        Fraction(162595, 6328),
        Fraction(2077, 56),
        Fraction(29438, 791),
    )
    assert icm([198, 1, 1], [50, 30, 20]) == (
        Fraction(99101, 1990),
        Fraction(99899, 3980),
        Fraction(99899, 3980),
    )


@pytest.mark.parametrize("n", range(1, 9))
def test_the_dp_is_every_finishing_order(n: int) -> None:
    rng = random.Random(n)
    for _ in range(3):
        stacks = [rng.randint(1, 5000) for _ in range(n)]
        k = rng.randint(0, n)
        payouts = sorted((rng.randint(0, 1000) for _ in range(k)), reverse=True)
        want = brute(stacks, payouts)
        assert list(icm(stacks, payouts, exact=True)) == want
        floats = icm(stacks, payouts, floats=True)
        assert floats.method == "dp"
        assert floats == pytest.approx([float(w) for w in want], rel=1e-12, abs=1e-9)


def test_pokerkit_agrees() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(5)
    for n in range(2, 8):
        stacks = [rng.randint(1, 10**6) for _ in range(n)]
        payouts = [rng.randint(1, 100) for _ in range(rng.randint(1, n))]
        theirs = pokerkit.calculate_icm(payouts, stacks)
        assert icm(stacks, payouts, floats=True) == pytest.approx(theirs, rel=1e-9)


@pytest.mark.parametrize("n", [2, 3, 5, 8, 10, 12])
def test_the_monte_carlo_is_within_three_standard_errors(n: int) -> None:
    rng = random.Random(100 + n)
    stacks = [rng.randint(1, 1000) for _ in range(n)]
    payouts = sorted((rng.randint(1, 100) for _ in range(rng.randint(1, min(n, 4)))), reverse=True)
    exact = icm(stacks, payouts, exact=True)
    mc = icm(stacks, payouts, exact=False, samples=200_000, seed=n)
    assert mc.method == "monte-carlo"
    assert mc.samples == 200_000
    assert mc.standard_error is not None
    for got, want, se in zip(mc, exact, mc.standard_error, strict=True):
        assert abs(got - float(want)) <= 3 * se + 1e-12
    assert sum(mc) == pytest.approx(sum(payouts), rel=1e-12)
    assert icm(stacks, payouts, exact=False, samples=200_000, seed=n) == mc


def test_equities_add_up_to_the_prize_pool() -> None:
    rng = random.Random(9)
    for n in (1, 2, 6, 9, 20):
        stacks = [rng.randint(1, 10**9) for _ in range(n)]
        payouts = [rng.randint(0, 10**6) for _ in range(min(n, 3))]
        r = icm(stacks, payouts)
        assert r.method == "exact"
        assert sum(r) == sum(payouts)
    big = icm([rng.randint(1, 100) for _ in range(18)], list(range(18, 0, -1)))
    assert big.method == "dp"
    assert sum(big) == pytest.approx(171, rel=1e-12)


def test_exact_none_chooses_by_size_and_says_which() -> None:
    assert icm([1, 2, 3], [3, 2, 1]).method == "exact"
    assert icm([1.0, 2.0, 3.0], [3, 2, 1]).method == "dp"
    assert icm(list(range(1, 16)), list(range(15, 0, -1))).method == "dp"
    field = icm(list(range(1, 201)), [10] * 10, seed=3, samples=10_000)
    assert field.method == "monte-carlo"
    assert field.samples == 10_000
    assert _core._icm_subsets(200, 10) > _core.ICM_DP_LIMIT


def test_fractions_and_scale() -> None:
    halves = icm([Fraction(1, 2), Fraction(3, 2)], [Fraction(1, 3)])
    assert halves == (Fraction(1, 12), Fraction(1, 4))
    assert icm([1, 3], [1]) == icm([1000, 3000], [1])
    assert icm([5], [7]) == (Fraction(7),)
    assert icm([5, 6], []) == (Fraction(0), Fraction(0))


def test_the_result_pickles() -> None:
    r = icm([3, 2, 1], [2, 1], exact=False, samples=1000, seed=1)
    back = pickle.loads(pickle.dumps(r))
    assert isinstance(back, ICM)
    assert back == r
    assert (back.method, back.standard_error, back.samples) == (
        r.method,
        r.standard_error,
        r.samples,
    )


@pytest.mark.parametrize(
    ("stacks", "payouts", "words"),
    [
        ([], [], "at least one"),
        ([1, 2], [3, 2, 1], "at most one payout per player"),
        ([0, 2], [1], "stacks[0] is 0"),
        ([-1, 2], [1], "positive"),
        ([1, float("nan")], [1], "stacks[1]"),
        ([1, 2], [-1], "payouts[0] is -1"),
        ([1, 2], [float("inf")], "finite"),
    ],
)
def test_bad_input_is_refused(stacks: list[float], payouts: list[float], words: str) -> None:
    with pytest.raises(TournamentError, match=words.replace("[", r"\[").replace("]", r"\]")):
        icm(stacks, payouts)


def test_bad_types_and_limits() -> None:
    with pytest.raises(TypeError, match="stacks"):
        icm(5, [1])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"stacks\[1\]"):
        icm([1, "2"], [1])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        icm([1, True], [1])
    with pytest.raises(TypeError, match="exact"):
        icm([1, 2], [1], exact=1)  # type: ignore[arg-type]
    with pytest.raises(TournamentError, match="floats=True"):
        icm(list(range(1, 14)), list(range(13, 0, -1)), exact=True)
    with pytest.raises(TournamentError, match="exact=False"):
        icm(list(range(1, 201)), [10] * 10, exact=True, floats=True)
    with pytest.raises(TournamentError, match="samples"):
        icm([1, 2], [1], exact=False, samples=1)
    with pytest.raises(TypeError, match="seed"):
        icm([1, 2], [1], exact=False, seed=1.5)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1, 10**12), min_size=1, max_size=7),
    st.lists(st.integers(0, 10**6), max_size=7),
)
def test_any_field_sums_to_the_pool_and_the_paths_agree(stacks: list[int], pay: list[int]) -> None:
    payouts = sorted(pay[: len(stacks)], reverse=True)
    exact = icm(stacks, payouts, exact=True)
    assert sum(exact) == sum(payouts)
    assert all(0 <= x <= max(payouts, default=0) for x in exact)
    floats = icm(stacks, payouts, floats=True)
    assert floats == pytest.approx([float(x) for x in exact], rel=1e-9, abs=1e-6)
    # a bigger stack never has less equity (payouts non-increasing)
    order = sorted(range(len(stacks)), key=lambda i: stacks[i])
    for a, b in pairwise(order):
        assert exact[a] <= exact[b]
