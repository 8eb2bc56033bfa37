"""evaluate and evaluate_batch against the naive oracle in tests/support/oracle.py."""

from __future__ import annotations

import itertools
import pickle
import random

import hoyle
import numpy as np
import pytest
from hoyle import Category, evaluate, evaluate_batch
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.oracle import best_key

hands = st.integers(5, 7).flatmap(
    lambda k: st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True)
)


def random_hands(n: int, k: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(range(52), k)) for _ in range(n)]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_order_and_ties_match_the_oracle(k: int) -> None:
    sample = random_hands(20_000, k, seed=k)
    ranked = sorted((evaluate(h).value, best_key(h)) for h in sample)
    for (v1, k1), (v2, k2) in itertools.pairwise(ranked):
        assert (v1 < v2) == (k1 < k2), (v1, k1, v2, k2)
        assert (v1 == v2) == (k1 == k2), (v1, k1, v2, k2)


@settings(max_examples=400, deadline=None)
@given(hands, hands)
def test_comparison_matches_the_oracle(a: list[int], b: list[int]) -> None:
    ra, rb = evaluate(a), evaluate(b)
    ka, kb = best_key(a), best_key(b)
    assert (ra < rb) == (ka < kb)
    assert (ra == rb) == (ka == kb)
    assert int(ra.category) == ka[0]
    assert best_key([c.id for c in ra.best_five]) == ka


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_equals_single(k: int) -> None:
    sample = random_hands(50_000, k, seed=10 + k)
    array = np.array(sample, dtype=np.uint8)
    values = evaluate_batch(array)
    assert values.dtype == np.uint32
    assert values.shape == (len(sample),)
    assert values.tolist() == [evaluate(h).value for h in sample]
    assert evaluate_batch(array, threads=1).tolist() == values.tolist()
    assert evaluate_batch(array, threads=2).tolist() == values.tolist()


def test_large_batch_over_threads_matches_oracle_sample() -> None:
    array = np.array(random_hands(300_000, 7, seed=99), dtype=np.uint8)
    values = evaluate_batch(array, threads=2)
    for i in range(0, 300_000, 997):
        row = tuple(int(c) for c in array[i])
        assert values[i] == evaluate(row).value
    # order of a strided sample agrees with the oracle
    idx = range(0, 300_000, 1009)
    ranked = sorted((int(values[i]), best_key([int(c) for c in array[i]])) for i in idx)
    for (v1, k1), (v2, k2) in itertools.pairwise(ranked):
        assert (v1 < v2) == (k1 < k2)


@pytest.mark.parametrize(
    ("text", "words", "category"),
    [
        ("Kh Kd Ks 7c 7d 2s 3h", "Full House, Kings over Sevens", Category.FULL_HOUSE),
        ("As Ks Qs Js Ts", "Straight Flush, Royal", Category.STRAIGHT_FLUSH),
        ("5d 4c 3h 2s Ad 9c 9d", "Straight, Five High", Category.STRAIGHT),
        ("Ah Kh 9h 5h 2h", "Flush, Ace High", Category.FLUSH),
        ("7c 7d 7h 7s Ah", "Four of a Kind, Sevens", Category.FOUR_OF_A_KIND),
        ("Kh Kd 7c 7d 2s", "Two Pair, Kings and Sevens", Category.TWO_PAIR),
        ("Qh Qd Qc 7d 2s", "Three of a Kind, Queens", Category.THREE_OF_A_KIND),
        ("Jh Jd 9c 7d 2s", "One Pair, Jacks", Category.ONE_PAIR),
        ("Ah Jd 9c 7d 2s", "High Card, Ace High", Category.HIGH_CARD),
    ],
)
def test_words_and_categories(text: str, words: str, category: Category) -> None:
    rank = evaluate(text)
    assert str(rank) == words
    assert rank.category is category


def test_best_five_reads_in_order() -> None:
    rank = evaluate("5d 4c 3h 2s Ad 9c 9d")
    assert [str(c) for c in rank.best_five] == ["5d", "4c", "3h", "2s", "Ad"]
    rank = evaluate("Kh Kd Ks 7c 7d 7s 3h")
    assert [str(c) for c in rank.best_five] == ["Ks", "Kh", "Kd", "7s", "7d"]


def test_suits_never_rank() -> None:
    # docs/rules.md §1: hands equal in ranks tie.
    assert evaluate("Ah Kd Qc Js 9h") == evaluate("As Kc Qd Jh 9s")
    assert hash(evaluate("Ah Kd Qc Js 9h")) == hash(evaluate("As Kc Qd Jh 9s"))
    # ace plays low in a straight, no wrap-around
    assert evaluate("Ah 2d 3c 4s 5h").category is Category.STRAIGHT
    assert evaluate("Kh Ad 2c 3s 4h").category is Category.HIGH_CARD


def test_inputs_of_every_form_agree() -> None:
    ids = (51, 47, 43, 39, 35, 0, 1)
    expect = evaluate(ids).value
    assert evaluate(list(ids)).value == expect
    assert evaluate("As Ks Qs Js Ts 2c 2d").value == expect
    assert evaluate("AsKsQsJsTs2c2d").value == expect
    assert evaluate(["As", "Ks", "Qs", "Js", "Ts", "2c", "2d"]).value == expect
    assert evaluate(hoyle.parse_cards(ids)).value == expect
    assert evaluate(np.array(ids, dtype=np.uint8)).value == expect


def test_hand_rank_compares_only_with_hand_ranks() -> None:
    rank = evaluate("As Ks Qs Js Ts")
    assert rank != rank.value
    with pytest.raises(TypeError):
        _ = rank < 5  # type: ignore[operator]


@pytest.mark.parametrize(
    ("cards", "error", "needle"),
    [
        ("As Ks Qs Js Zs", hoyle.CardError, '"Zs"'),
        ("As Ks Qs Js", hoyle.HandError, "4 cards"),
        ("As Ks Qs Js Ts 9s 8s 7s", hoyle.HandError, "8 cards"),
        ("As Ks Qs Js As", hoyle.DuplicateCardError, "duplicate card As"),
        ((51, 47, 43, 39, 52), hoyle.HandError, "joker"),
        ((51, 47, 43, 39, 60), hoyle.CardError, "60"),
        ((51, 47, 43, 39, -1), hoyle.CardError, "-1"),
        ((51, 47, 43, 39, 2**70), hoyle.CardError, "out of range"),
        ((51, 47, 43, 39, 1.5), hoyle.CardError, "1.5"),
        ((51, 51, 43, 39, 35), hoyle.DuplicateCardError, "As"),
    ],
)
def test_bad_hands_are_refused(cards: object, error: type[Exception], needle: str) -> None:
    with pytest.raises(error, match=None) as info:
        evaluate(cards)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    assert needle in str(info.value)


@pytest.mark.parametrize(
    ("array", "needle"),
    [
        (np.zeros((3, 7), dtype=np.int64), "dtype int64"),
        (np.zeros((3, 4), dtype=np.uint8), "has 4 cards"),
        (np.zeros((3, 8), dtype=np.uint8), "has 8 cards"),
        (np.zeros(7, dtype=np.uint8), "shape (7,)"),
        (np.zeros((2, 7, 1), dtype=np.uint8), "shape (2, 7, 1)"),
        (np.zeros((7, 3), dtype=np.uint8).T, "C-contiguous"),
        ([[0, 1, 2, 3, 4]], "list"),
    ],
)
def test_bad_batches_are_refused(array: object, needle: str) -> None:
    with pytest.raises(hoyle.HandError) as info:
        evaluate_batch(array)  # type: ignore[arg-type]
    assert needle in str(info.value)


def test_bad_rows_are_named() -> None:
    array = np.array(random_hands(1000, 7, seed=3), dtype=np.uint8)
    array[417, 3] = array[417, 5]
    with pytest.raises(hoyle.DuplicateCardError, match=r"^row 417: duplicate card"):
        evaluate_batch(array)
    array[417, 3] = 200
    with pytest.raises(hoyle.CardError, match=r"^row 417: card id 200 is out of range"):
        evaluate_batch(array)
    array[417, 3] = 52
    with pytest.raises(hoyle.HandError, match=r"^row 417: jokers"):
        evaluate_batch(array)
    with pytest.raises(hoyle.HandError, match="threads"):
        evaluate_batch(array[:5], threads=0)


def test_empty_batch() -> None:
    assert evaluate_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


def test_hand_rank_survives_pickle() -> None:
    rank = evaluate("Kh Kd Ks 7c 7d 2s 3h")
    back = pickle.loads(pickle.dumps(rank))
    assert back == rank
    assert str(back) == str(rank)


def test_ranks_kept_by_the_caller_never_change() -> None:
    # evaluate reuses a spare HandRank only when nobody else holds it.
    hands = random_hands(200, 7, seed=5)
    expect = [best_key(h) for h in hands]
    kept = []
    for i, h in enumerate(hands):
        evaluate(h)  # dropped at once: its object may be reused
        rank = evaluate(h)
        if i % 3 == 0:
            kept.append((rank, rank.value, str(rank), expect[i]))
        evaluate(hands[-1 - i])
    for rank, value, words, key in kept:
        assert rank.value == value
        assert str(rank) == words
        assert best_key([c.id for c in rank.best_five]) == key
    a = evaluate("As Ks Qs Js Ts")
    b = evaluate("2c 3d 4h 5s 7c")
    assert a.value != b.value
    assert a > b
