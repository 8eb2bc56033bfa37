"""High hands under rules through the Python API: single calls agree with
the batch, boards and Omaha, and phevaluator's Omaha when installed."""

from __future__ import annotations

import itertools

import numpy as np
import numpy.typing as npt
import pytest
from hoyle import Category, HandRules, evaluate, evaluate_batch

SETTINGS = [
    HandRules(wild_ranks="2"),
    HandRules(jokers="wild"),
    HandRules(jokers="bug"),
    HandRules(jokers="bug", bug_fills_flush=True),
    HandRules(wild_cards="JsJh", jokers="wild", four_flush=True),
    HandRules(four_flush=True),
]


def random_rows(n: int, k: int, deck: int, seed: int) -> npt.NDArray[np.uint8]:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, deck)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize("rules", SETTINGS, ids=repr)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_equals_single_calls(rules: HandRules, k: int) -> None:
    deck = 52 if rules.jokers is None else 54
    rows = random_rows(3000, k, deck, k)
    values = evaluate_batch(rows, rules=rules)
    parallel = evaluate_batch(np.repeat(rows, 40, axis=0), rules=rules)
    assert (parallel.reshape(-1, 40) == values[:, None]).all()
    for row, v in zip(rows, values, strict=True):
        assert evaluate(tuple(int(c) for c in row), rules=rules).value == v


def test_board_matches_the_joined_hand() -> None:
    rules = HandRules(wild_ranks="2")
    hands = random_rows(2000, 7, 52, 3)
    values = evaluate_batch(
        np.ascontiguousarray(hands[:, :2]), board=hands[:, 2:].copy(), rules=rules
    )
    assert (values == evaluate_batch(hands, rules=rules)).all()
    assert evaluate("As Kd", board="Qh Jc Tc 2d 3d") == evaluate("As Kd Qh Jc Tc 2d 3d")


def test_up_to_five_wild_cards() -> None:
    rules = HandRules(wild_ranks="2", jokers="wild")
    rank = evaluate("2c 2d 2h 2s Xx 7c 9d", rules=rules)
    assert str(rank) == "Five of a Kind, Aces"
    rank = evaluate("2c 2d 2h 2s 7c 9d Kd", rules=rules)
    assert str(rank) == "Five of a Kind, Kings"


def test_errors_name_the_row() -> None:
    rules = HandRules(wild_ranks="2")
    rows = random_rows(10, 7, 52, 4)
    rows[6, 3] = rows[6, 2]
    with pytest.raises(ValueError, match="row 6"):
        evaluate_batch(rows, rules=rules)
    rows[6, 3] = 52
    with pytest.raises(ValueError, match="row 6"):
        evaluate_batch(rows, rules=rules)


def test_omaha_agrees_with_phevaluator() -> None:
    phe = pytest.importorskip("phevaluator")
    omaha = HandRules(hole_cards=2)
    rows = random_rows(3000, 9, 52, 5)
    hole = np.ascontiguousarray(rows[:, :4])
    board = np.ascontiguousarray(rows[:, 4:])
    ours = evaluate_batch(hole, board=board, rules=omaha)
    theirs = [
        phe.evaluate_omaha_cards(*(int(c) for c in b), *(int(c) for c in h))
        for h, b in zip(hole, board, strict=True)
    ]
    # phevaluator: 1 is the best hand. Orders must agree pair by pair.
    order = np.argsort(ours, kind="stable")
    for a, b in itertools.pairwise(order):
        if ours[a] == ours[b]:
            assert theirs[a] == theirs[b]
        else:
            assert theirs[a] > theirs[b]
    single = evaluate(
        tuple(int(c) for c in hole[0]), board=tuple(int(c) for c in board[0]), rules=omaha
    )
    assert single.value == ours[0]
    assert len(single.best_five) == 5


def test_omaha_with_wild_cards_uses_two_and_three() -> None:
    rules = HandRules(hole_cards=2, wild_ranks="2")
    rank = evaluate("2c Ah Kd Qs", board="Ac Ad 7h 8h 9h", rules=rules)
    assert rank.category == Category.FOUR_OF_A_KIND


def test_rules_batch_refuses_fortran_order() -> None:
    import hoyle
    import numpy as np

    hands = np.asfortranarray(np.array([[0, 5, 10, 15, 20, 30, 40]] * 3, dtype=np.uint8))
    with pytest.raises(hoyle.HandError, match="C-contiguous"):
        hoyle.evaluate_batch(hands, rules=hoyle.HandRules(wild_ranks="2"))
