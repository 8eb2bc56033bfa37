"""The bindings' unsafe speed tricks (``src-rust/py/fast.rs``: the spare
``HandRank`` and reading small ints by address) change nothing but speed:
with them switched off, ``evaluate`` gives the same ranks."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import numpy as np
from hoyle import HandRules, evaluate, evaluate_batch
from hoyle._core import _set_fast_paths

from tests.support.fast_paths import fast_paths


def _hands(count: int) -> list[tuple[int, ...]]:
    rng = random.Random(11)
    return [tuple(rng.sample(range(52), rng.choice((5, 6, 7)))) for _ in range(count)]


def _ranks(hands: list[tuple[int, ...]]) -> list[tuple[int, str, tuple[int, ...], str]]:
    out = []
    for hand in hands:
        rank = evaluate(hand)
        out.append((rank.value, rank.category.name, tuple(c.id for c in rank.best_five), str(rank)))
    return out


def test_switch_reports_the_previous_setting() -> None:
    with fast_paths(False):
        assert _set_fast_paths(False) is False
        with fast_paths(True):
            assert _set_fast_paths(True) is True


def test_evaluate_is_the_same_with_fast_paths_off() -> None:
    hands = _hands(20_000)
    fast = _ranks(hands)
    with fast_paths(False):
        slow = _ranks(hands)
    assert slow == fast


def test_kept_ranks_are_never_refilled() -> None:
    hands = _hands(200)
    for on in (True, False):
        with fast_paths(on):
            kept = [evaluate(hand) for hand in hands]
            assert [r.value for r in kept] == [evaluate(hand).value for hand in hands]
            assert len({id(r) for r in kept}) == len(kept)


def _outcome(hand: object) -> str:
    try:
        return str(evaluate(hand).value)  # type: ignore[arg-type]
    except (ValueError, TypeError) as err:
        return f"{type(err).__name__}: {err}"


def test_other_inputs_and_errors_are_the_same_with_fast_paths_off() -> None:
    hands: list[object] = [
        (51, 47, 43, 39, 35, 0, 1),
        (51, 47, 43, 39, 35, np.uint8(0)),
        [51, 47, 43, 39, 35],
        (np.int64(51), 47, 43, 39, 35),
        "As Ks Qs Js Ts",
        (51, 51, 43, 39, 35),
        (51, 47, 43, 39, 99),
        (51, 47, 43, 39, 2**70),
        (51, 47, 43, -1, 35),
        (1, 2, 3, 4),
        # A bool is not a card id (issue 12: Card(True) was 2d).
        (51, 47, 43, 39, 35, 0, True),
    ]
    fast = [_outcome(h) for h in hands]
    with fast_paths(False):
        slow = [_outcome(h) for h in hands]
        rows = np.array([[51, 47, 43, 39, 35, 0, 1]], dtype=np.uint8)
        assert int(evaluate_batch(rows)[0]) == evaluate((51, 47, 43, 39, 35, 0, 1)).value
        wild = evaluate("Ah Kh 9h 5h 2c", rules=HandRules(wild_ranks="2"))
    assert slow == fast
    assert all(o.isdigit() for o in fast[:5])
    assert not any(o.isdigit() for o in fast[5:])
    assert str(wild) == "Flush, Ace High"


def test_environment_variable_turns_them_off_at_import() -> None:
    code = "from hoyle._core import _set_fast_paths; print(_set_fast_paths(True))"
    env = {**os.environ, "HOYLE_NO_FAST_PATHS": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"
