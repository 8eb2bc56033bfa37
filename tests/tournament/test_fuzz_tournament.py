"""Fuzzing ``hoyle.tournament``'s entry points with hostile numbers
(``tests/support/fuzzing.py``'s contract: a result, a ``HoyleError`` with a
message or a ``TypeError``, nothing else), and the invariants of every
result that comes back: ``icm`` adds up to the pool; ``push_fold``'s
frequencies are probabilities and its exploitability small; a tournament
pays the pool to a field with one winner."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from hoyle.tournament import Level, icm, play, push_fold, push_fold_icm

from tests.support.fuzzing import fuzz

NUMBERS: list[Any] = [
    0,
    1,
    2,
    -1,
    10**30,
    2**64,
    2**64 + 1,
    0.5,
    -0.5,
    1e-300,
    1e300,
    math.inf,
    -math.inf,
    math.nan,
    Fraction(1, 3),
    Fraction(-1, 3),
    True,
    None,
    "3",
    b"1",
    [],
    3j,
]


def _number(rng: random.Random) -> Any:
    if rng.random() < 0.5:
        return rng.choice(NUMBERS)
    return rng.choice(
        [rng.randint(1, 10**6), rng.uniform(0.01, 1e6), Fraction(rng.randint(1, 99), 7)]
    )


def _icm_case(rng: random.Random) -> tuple[list[Any], list[Any], dict[str, Any]]:
    stacks = [_number(rng) for _ in range(rng.randint(0, 9))]
    payouts = [_number(rng) for _ in range(rng.randint(0, 9))]
    kwargs: dict[str, Any] = {"exact": rng.choice([None, True, False, 1, "yes"])}
    if rng.random() < 0.3:
        kwargs["floats"] = True
    if kwargs["exact"] is False or rng.random() < 0.2:
        kwargs["samples"] = rng.choice([1, 2, 1000, -5, 2**40, 2.5])
        kwargs["seed"] = rng.choice([1, -1, 2**70, None, "s"])
    return stacks, payouts, kwargs


def _check_icm(case: tuple[list[Any], list[Any], dict[str, Any]], result: Any) -> None:
    _, payouts, _ = case
    pool = sum(float(p) for p in payouts)
    assert math.isclose(float(sum(result)), pool, rel_tol=1e-9, abs_tol=1e-6), (case, result)


def test_fuzz_icm() -> None:
    fuzz(
        "tournament.icm",
        _icm_case,
        lambda c: icm(c[0], c[1], **c[2]),
        check=_check_icm,
        min_inputs=300,
    )


def _push_case(rng: random.Random) -> dict[str, Any]:
    case: dict[str, Any] = {"stack_bb": rng.choice([_number(rng), rng.uniform(1, 30)])}
    for key in ("ante", "small_blind", "big_blind"):
        if rng.random() < 0.3:
            case[key] = _number(rng)
    return case


def _check_push(case: dict[str, Any], result: Any) -> None:
    assert all(0 <= v <= 1 for v in result.push.values())
    assert all(0 <= v <= 1 for v in result.call.values())
    # in the amounts' unit: below 0.01 big blinds
    assert result.exploitability < 0.01 * float(result.big_blind), case


def test_fuzz_push_fold() -> None:
    fuzz(
        "tournament.push_fold",
        _push_case,
        lambda c: push_fold(**c),
        check=_check_push,
        min_inputs=60,
    )


def _spot_case(rng: random.Random) -> tuple[list[Any], list[Any], list[Any]]:
    stacks = [rng.choice([_number(rng), rng.uniform(1.6, 30)]) for _ in range(rng.randint(1, 4))]
    payouts = [rng.choice([_number(rng), rng.randint(0, 50)]) for _ in range(rng.randint(0, 4))]
    folded = [rng.uniform(2, 30) for _ in range(rng.randint(0, 2))]
    return stacks, payouts, folded


def test_fuzz_push_fold_icm() -> None:
    fuzz(
        "tournament.push_fold_icm",
        _spot_case,
        lambda c: push_fold_icm(c[0], c[1], folded=c[2]),
        min_inputs=40,
        seconds=1,
    )


def _play_case(rng: random.Random) -> dict[str, Any]:
    n = rng.randint(1, 9)
    return {
        "players": [rng.choice(["tight", "loose", "random"]) for _ in range(n)],
        "stacks": rng.choice([rng.randint(20, 300), [rng.randint(1, 300) for _ in range(n)], 0]),
        "payouts": [rng.randint(0, 10) for _ in range(rng.randint(0, n + 1))],
        "levels": [Level(5, 10, ante=rng.randint(0, 3), hands=rng.randint(1, 10)), Level(20, 40)],
        "tables": rng.randint(0, 4),
        "seed": rng.randint(0, 2**64),
    }


def _check_play(case: dict[str, Any], result: Any) -> None:
    for finish in result.finishes:
        assert finish.count(1) == 1
    assert sum(p.prize for p in result.players) == sum(case["payouts"])


def test_fuzz_play() -> None:
    fuzz(
        "tournament.play",
        _play_case,
        lambda c: play("texas_holdem", c.pop("players"), **c) if "players" in c else None,
        check=_check_play,
        min_inputs=40,
    )
