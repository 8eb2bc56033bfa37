"""Issue 14's single-call and batch-output paths: ranks the cycle collector
never tracks, shared ints for ``.value``, ``hoyle.rank`` (``evaluate(...)``
's value, its errors, its card forms) and ``evaluate_batch`` /
``evaluate_low_batch``'s ``out=``."""

from __future__ import annotations

import gc
import pickle
import random
import sys
from collections.abc import Callable

import hoyle
import numpy as np
import pytest
from hoyle import (
    Card,
    DuplicateCardError,
    HandError,
    HandRank,
    HandRules,
    LowRank,
    evaluate,
    evaluate_batch,
    evaluate_low,
    evaluate_low_batch,
    rank,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.fast_paths import fast_paths
from tests.support.oracle import best_key

hands = st.integers(5, 7).flatmap(
    lambda k: st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True)
)
RAZZ = HandRules(low="ace-to-five", low_qualifier=8)
DEUCES = HandRules(wild_ranks="2")
FOUR_FLUSH = HandRules(four_flush=True)


def _rows(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.ascontiguousarray(np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8))


# --- ranks are not tracked by the cycle collector ---------------------------


def _ranks_of_every_kind() -> list[object]:
    return [
        evaluate((51, 47, 43, 39, 35, 0, 1)),  # the tuple fast path
        evaluate("Kh Kd Ks 7c 7d 2s 3h"),  # text
        evaluate([Card("As"), 47, "Qs", 39, 35]),  # mixed forms
        evaluate("Ah Kh", board="Qh Jh Th 2c 3d"),  # with a board
        evaluate("Ah Kh 9h 5h 2c", rules=DEUCES),  # under rules: holds them
        evaluate_low("8c 6d 4h 2s Ac Kd Kh", rules=RAZZ),
    ]


@pytest.mark.parametrize("fast", [True, False])
def test_no_rank_is_tracked(fast: bool) -> None:
    with fast_paths(fast):
        ranks = _ranks_of_every_kind()
        kept = [evaluate(h) for h in [(0, 4, 8, 12, 17), (1, 5, 9, 13, 20, 30)] * 3]
    assert all(isinstance(r, HandRank | LowRank) for r in ranks)
    assert not any(gc.is_tracked(r) for r in [*ranks, *kept])
    # ... and the collector's lists hold none of them
    held = {id(r) for r in [*ranks, *kept]}
    assert not any(id(o) in held for o in gc.get_objects())


def test_untracked_ranks_are_freed_and_release_their_rules() -> None:
    rules = HandRules(wild_ranks="2")
    before = sys.getrefcount(rules)
    ranks = [evaluate("Ah Kh 9h 5h 2c", rules=rules) for _ in range(1000)]
    low = [evaluate_low("8c 6d 4h 2s Ac", rules=RAZZ) for _ in range(10)]
    assert sys.getrefcount(rules) == before + 1000
    # in a cycle through a list (which the collector does track), freed by it
    cycle: list[object] = [*ranks, *low]
    cycle.append(cycle)
    del ranks, low, cycle
    gc.collect()
    assert sys.getrefcount(rules) == before
    # 100,000 made and kept, then dropped: nothing breaks
    kept = [
        evaluate((i % 52, (i + 1) % 52, (i + 2) % 52, (i + 3) % 52, (i + 5) % 52))
        for i in range(100_000)
    ]
    assert len({r.value for r in kept}) > 1
    del kept
    gc.collect()


def test_ranks_keep_pickling_comparing_and_hashing() -> None:
    for r in _ranks_of_every_kind():
        back = pickle.loads(pickle.dumps(r))
        assert type(back) is type(r)
        assert back == r
        assert hash(back) == hash(r)
        assert str(back) == str(r)
        assert not gc.is_tracked(back)
    a, b = evaluate("As Ad Ac Ah 2c"), evaluate("Ks Kd Kc Kh 2c")
    assert a > b
    assert sorted([a, b]) == [b, a]
    assert len({a, b, evaluate("As Ad Ac Ah 2c")}) == 2


# --- .value and rank() ------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(hands)
def test_rank_is_the_value_and_orders_like_the_oracle(cards: list[int]) -> None:
    as_tuple = tuple(cards)
    value = evaluate(as_tuple).value
    assert type(value) is int
    assert rank(as_tuple) == value
    assert rank(cards) == value
    assert rank(" ".join(str(Card(c)) for c in cards)) == value
    with fast_paths(False):
        assert rank(as_tuple) == value
        assert evaluate(as_tuple).value == value
    # the value orders as the oracle's key does, against a fixed hand
    pivot = (48, 44, 40, 36, 2, 5, 9)  # a king-high straight
    assert (value > rank(pivot)) == (best_key(cards) > best_key(pivot))
    assert (value == rank(pivot)) == (best_key(cards) == best_key(pivot))


def test_rank_matches_the_batch_on_random_hands() -> None:
    for k in (5, 6, 7):
        rows = _rows(20_000, k, seed=k)
        as_tuples = [tuple(int(c) for c in r) for r in rows]
        batch = evaluate_batch(rows).tolist()
        assert [rank(h) for h in as_tuples] == batch
        assert [evaluate(h).value for h in as_tuples] == batch


def test_rank_with_board_and_rules_is_the_ranks_value() -> None:
    cases: list[tuple[object, dict[str, object]]] = [
        ("Ah Kh", {"board": "Qh Jh Th 2c 3d"}),
        ("Ah Kh 9h 5h 2c", {"rules": DEUCES}),
        ("Ah Kh 9h 5h 2c", {"rules": HandRules()}),
        ("Ah Kh Qh Jh 2c", {"rules": FOUR_FLUSH}),
        ("Ah Kh Qd Jc", {"board": "Th 9h 8h 2c 3d", "rules": HandRules(hole_cards=2)}),
    ]
    for cards, kwargs in cases:
        expected = evaluate(cards, **kwargs).value  # type: ignore[arg-type]
        assert rank(cards, **kwargs) == expected  # type: ignore[arg-type]
    # a four-flush game's values are wide (above 2**16): still the right int
    wide = rank("Ah Kh Qh Jh 2c", rules=FOUR_FLUSH)
    assert wide >= 1 << 16
    assert wide == evaluate("Ah Kh Qh Jh 2c", rules=FOUR_FLUSH).value


def _outcome(f: Callable[..., object], cards: object, **kwargs: object) -> str:
    try:
        result = f(cards, **kwargs)
    except (ValueError, TypeError) as err:
        return f"{type(err).__name__}: {err}"
    return str(result if isinstance(result, int) else result.value)  # type: ignore[attr-defined]


BAD: list[tuple[object, dict[str, object]]] = [
    ((51, 51, 43, 39, 35), {}),
    ((51, 47, 43, 39, 99), {}),
    ((51, 47, 43, 39, 2**70), {}),
    ((51, 47, 43, -1, 35), {}),
    ((1, 2, 3, 4), {}),
    ((1, 2, 3, 4, 5, 6, 7, 8), {}),
    ((51, 47, 43, 39, 35, 0, True), {}),
    ((51, 47, 43, 39, 52), {}),
    ("As Ks Qs Js Zz", {}),
    ("As Ks Qs Js Xx", {}),
    (3.5, {}),
    (None, {}),
    ("As Ks", {"board": "As Qs Js"}),
    ("As Ks", {"board": "Qs Js"}),
    ("As Ks Qs Js Ts", {"rules": "deuces"}),
    ("As Ks Qs Js Ts", {"colour": 1}),
]


def test_rank_raises_what_evaluate_raises() -> None:
    for fast in (True, False):
        with fast_paths(fast):
            for cards, kwargs in BAD:
                ours = _outcome(rank, cards, **kwargs)
                theirs = _outcome(evaluate, cards, **kwargs)
                assert ours == theirs.replace("evaluate()", "rank()"), (cards, kwargs)
                assert not ours.isdigit(), (cards, kwargs)


def test_rank_is_exported_and_typed() -> None:
    assert "rank" in hoyle.__all__
    assert hoyle.rank is rank
    assert rank.__doc__
    assert ">>>" in rank.__doc__


def test_values_are_shared_ints_equal_to_fresh_ones() -> None:
    a, b = evaluate("As Ad Ac Ah 2c").value, evaluate("Ad As Ah Ac 2c").value
    assert a == b
    assert a is b  # one shared int per value
    with fast_paths(False):
        fresh = evaluate("As Ad Ac Ah 2c").value
    assert fresh == a
    assert type(fresh) is type(a) is int


# --- evaluate_batch(out=) and evaluate_low_batch(out=) ------------------------


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("threads", [1, 2])
def test_out_is_filled_and_returned(k: int, threads: int) -> None:
    rows = _rows(200_003, k, seed=100 + k)  # over a batch's parallel threshold
    expected = evaluate_batch(rows, threads=1)
    out = np.full(len(rows), 7, dtype=np.uint32)
    got = evaluate_batch(rows, threads=threads, out=out)
    assert got is out
    assert (out == expected).all()
    sample = random.Random(k).sample(range(len(rows)), 500)
    assert [int(out[i]) for i in sample] == [rank(tuple(int(c) for c in rows[i])) for i in sample]
    # a slice of a larger array is fine when it is contiguous
    bigger = np.zeros(len(rows) + 10, dtype=np.uint32)
    evaluate_batch(rows, threads=threads, out=bigger[5:-5])
    assert (bigger[5:-5] == expected).all()
    assert not bigger[:5].any()
    assert not bigger[-5:].any()
    # out=None is the same as no out
    assert (evaluate_batch(rows, threads=threads, out=None) == expected).all()


@pytest.mark.parametrize("threads", [1, 2])
def test_out_under_rules_with_a_board_and_for_lows(threads: int) -> None:
    rng = np.random.default_rng(5)
    cards = np.argsort(rng.random((150_000, 52)), axis=1).astype(np.uint8)
    hole, board = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:9])
    omaha = HandRules(hole_cards=2)
    expected = evaluate_batch(hole, board=board, rules=omaha, threads=1)
    out = np.empty(len(hole), dtype=np.uint32)
    assert evaluate_batch(hole, board=board, rules=omaha, threads=threads, out=out) is out
    assert (out == expected).all()

    seven = np.ascontiguousarray(cards[:, :7])
    for rules in (DEUCES, FOUR_FLUSH):
        want = evaluate_batch(seven, rules=rules, threads=1)
        assert (evaluate_batch(seven, rules=rules, threads=threads, out=out) == want).all()
        assert (out == want).all()
    lows = evaluate_low_batch(seven, rules=RAZZ, threads=1)
    assert evaluate_low_batch(seven, rules=RAZZ, threads=threads, out=out) is out
    assert (out == lows).all()
    for i in range(0, len(seven), 15_000):
        low = evaluate_low(tuple(int(c) for c in seven[i]), rules=RAZZ)
        assert int(out[i]) == (low.value if low is not None else 0)


def _bad_outs(n: int) -> list[tuple[object, str]]:
    read_only = np.zeros(n, dtype=np.uint32)
    read_only.flags.writeable = False
    return [
        (np.zeros(n, dtype=np.int64), "dtype uint32"),
        (np.zeros(n, dtype=np.uint16), "dtype uint32"),
        (np.zeros(n, dtype=np.float32), "dtype uint32"),
        (np.zeros(n, dtype=">u4"), "dtype uint32"),
        (np.zeros((n, 1), dtype=np.uint32), f"shape ({n},)"),
        (np.zeros(n - 1, dtype=np.uint32), f"shape ({n},)"),
        (np.zeros(n + 1, dtype=np.uint32), f"shape ({n},)"),
        (np.zeros(2 * n, dtype=np.uint32)[::2], "C-contiguous"),
        (read_only, "writable"),
        ([0] * n, "numpy array of dtype uint32"),
    ]


@pytest.mark.parametrize("function", ["evaluate_batch", "evaluate_low_batch"])
def test_a_bad_out_is_a_hand_error_and_nothing_is_written(function: str) -> None:
    rows = _rows(1000, 7, seed=3)
    call: Callable[..., object] = (
        evaluate_batch
        if function == "evaluate_batch"
        else lambda h, **kw: evaluate_low_batch(h, rules=RAZZ, **kw)
    )
    for out, what in _bad_outs(len(rows)):
        before = out.copy() if isinstance(out, np.ndarray) else list(out)  # type: ignore[call-overload]
        with pytest.raises(HandError) as err:
            call(rows, out=out)
        assert isinstance(err.value, ValueError)
        assert what in str(err.value), str(err.value)
        assert "out must" in str(err.value)
        if isinstance(out, np.ndarray):
            assert np.array_equal(out, before)
        else:
            assert out == before


def test_out_sharing_memory_with_the_hands_is_refused() -> None:
    rows = _rows(1000, 8, seed=4)[:, :7]  # a strided view: refused as hands
    with pytest.raises(HandError, match="C-contiguous"):
        evaluate_batch(rows)
    # 8 bytes a row read as two uint32 per row: (1000, 2) -> first column
    block = _rows(1000, 8, seed=4)
    as_out = block.view(np.uint32).reshape(-1)[:1000]
    hands = np.ndarray((1000, 7), dtype=np.uint8, buffer=block, strides=(7, 1))
    before = block.copy()
    with pytest.raises(HandError, match="shares memory"):
        evaluate_batch(hands, out=as_out)
    assert np.array_equal(block, before)


@pytest.mark.parametrize("threads", [1, 2])
def test_an_invalid_row_leaves_out_as_it_was(threads: int) -> None:
    rows = _rows(200_000, 7, seed=8)
    rows[150_001, 3] = rows[150_001, 0]  # a duplicate card, late in the batch
    out = np.full(len(rows), 12345, dtype=np.uint32)
    with pytest.raises(DuplicateCardError, match="row 150001"):
        evaluate_batch(rows, threads=threads, out=out)
    assert (out == 12345).all()
    with pytest.raises(DuplicateCardError, match="row 150001"):
        evaluate_batch(rows, rules=DEUCES, threads=threads, out=out)
    with pytest.raises(DuplicateCardError, match="row 150001"):
        evaluate_low_batch(rows, rules=RAZZ, threads=threads, out=out)
    assert (out == 12345).all()
    bad_hands = np.zeros((len(rows), 4), dtype=np.uint8)
    with pytest.raises(HandError):
        evaluate_batch(bad_hands, out=out)
    assert (out == 12345).all()


def test_out_for_an_empty_batch() -> None:
    empty = np.zeros((0, 7), dtype=np.uint8)
    out = np.zeros(0, dtype=np.uint32)
    assert evaluate_batch(empty, out=out) is out
    assert evaluate_batch(empty).shape == (0,)
