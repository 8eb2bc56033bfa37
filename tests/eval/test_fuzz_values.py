"""Issue 12: a fuzzer over the value functions with nasty numbers and odd
arrays: ``evaluate`` and ``evaluate_low`` on id tuples, ``evaluate_batch``
and ``evaluate_low_batch`` on arrays of any dtype, shape and layout (and
the rules path, Omaha's split included), ``HandRules(...)`` with nasty
numbers and texts, and settlement (``settle`` and the showdown core call)
with nasty amounts. The contract is tests/support/fuzzing.py's; on top of it, what
is accepted holds: batch and single agree, settlements pay out exactly
what was put in and pickle back equal."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import numpy as np
from hoyle import (
    HandRules,
    Rake,
    Settlement,
    _core,
    evaluate,
    evaluate_batch,
    evaluate_low,
    evaluate_low_batch,
    settle,
)

from tests.support.fuzzing import BIG_INTS, NASTY_TEXT, fuzz, mutate, nasty_number

RULES = [
    None,
    HandRules(wild_ranks="2"),
    HandRules(jokers="wild"),
    HandRules(jokers="bug", bug_fills_flush=True),
    HandRules(four_flush=True),
    HandRules(hole_cards=2),
    HandRules(hole_cards=2, low="ace-to-five", low_qualifier=8),
    HandRules(low="deuce-to-seven"),
    HandRules(low="badugi"),
    HandRules(low="ace-to-six"),
]
LOW_RULES = [r for r in RULES if r is not None and r.low is not None]


def _id(rng: random.Random) -> object:
    return rng.randrange(54) if rng.random() < 0.8 else nasty_number(rng)


def _ids(rng: random.Random) -> tuple[object, ...]:
    return tuple(_id(rng) for _ in range(rng.choice([0, 1, 4, 5, 5, 6, 7, 7, 8, 20])))


def test_fuzz_evaluate_ids() -> None:
    def make(rng: random.Random) -> tuple[Any, Any, HandRules | None]:
        board = None if rng.random() < 0.5 else _ids(rng)[:5]
        return _ids(rng), board, rng.choice(RULES)

    def call(case: tuple[Any, Any, HandRules | None]) -> object:
        cards, board, rules = case
        rank = evaluate(cards, board=board, rules=rules)
        assert str(rank)
        assert repr(rank)
        assert rank.category is not None
        # Whatever is accepted pickles back the same.
        back = pickle.loads(pickle.dumps(rank))
        assert (back.value, back.best_five, back.held_five) == (
            rank.value,
            rank.best_five,
            rank.held_five,
        )
        return rank

    fuzz("values: evaluate(ids, board, rules)", make, call)


def test_fuzz_evaluate_low_ids() -> None:
    def make(rng: random.Random) -> tuple[Any, Any, HandRules]:
        board = None if rng.random() < 0.5 else _ids(rng)[:5]
        return _ids(rng), board, rng.choice(LOW_RULES)

    def call(case: tuple[Any, Any, HandRules]) -> object:
        cards, board, rules = case
        low = evaluate_low(cards, board=board, rules=rules)
        if low is not None:
            assert str(low)
            assert repr(low)
            assert pickle.loads(pickle.dumps(low)).best_cards == low.best_cards
        return low

    fuzz("values: evaluate_low(ids, board, rules)", make, call)


DTYPES = [np.uint8, np.uint8, np.uint8, np.int8, np.int64, np.uint16, np.float64, np.bool_]


def _read_only(data: np.ndarray[Any, Any]) -> object:
    view = data.astype(np.uint8)
    view.setflags(write=False)
    return view


def _array(rng: random.Random, rows: int) -> object:
    """Mostly well-formed uint8 rows, sometimes of another dtype, shape or
    layout, huge ids, or not an array at all."""
    k = rng.choice([0, 1, 4, 5, 6, 7, 8, 60])
    top = rng.choice([52, 54, 64, 256])
    data = np.array(
        [[rng.randrange(top) for _ in range(k)] for _ in range(rows)], dtype=np.int64
    ).reshape(rows, k)
    odd: list[Callable[[], object]] = [
        lambda: data.astype(rng.choice(DTYPES)),
        lambda: np.asfortranarray(data.astype(np.uint8)),
        lambda: np.repeat(data.astype(np.uint8), 2, axis=1)[:, ::2],  # not contiguous
        lambda: data.astype(np.uint8).reshape(-1),  # one dimension
        lambda: data.astype(np.uint8)[None],  # three dimensions
        lambda: rng.choice([None, [[1, 2, 3, 4, 5]], "As Ks", 5, NASTY_TEXT[0]]),
        lambda: _read_only(data),
    ]
    if rng.random() < 0.4:
        return rng.choice(odd)()
    return data.astype(np.uint8)


def _batch_case(rng: random.Random) -> tuple[Any, Any, Any, Any]:
    rows = rng.choice([0, 1, 2, 3, 17])
    board = None if rng.random() < 0.5 else _array(rng, rng.choice([rows, rows, rows + 1]))
    threads = None if rng.random() < 0.7 else nasty_number(rng)
    return _array(rng, rows), board, rng.choice(RULES), threads


def _agrees(hands: Any, board: Any, rules: HandRules | None, values: Any) -> None:
    """A batch that was accepted agrees with evaluate on each row."""
    for i, row in enumerate(hands[:3]):
        cards = tuple(int(c) for c in row)
        seen = None if board is None else tuple(int(c) for c in board[i])
        assert evaluate(cards, board=seen, rules=rules).value == int(values[i])


def test_fuzz_evaluate_batch() -> None:
    def call(case: tuple[Any, Any, Any, Any]) -> object:
        hands, board, rules, threads = case
        values = evaluate_batch(hands, board=board, rules=rules, threads=threads)
        _agrees(hands, board, rules, values)
        return values

    fuzz("values: evaluate_batch(array, board, rules, threads)", _batch_case, call)


def test_fuzz_evaluate_low_batch() -> None:
    def make(rng: random.Random) -> tuple[Any, Any, Any, Any]:
        hands, board, _, threads = _batch_case(rng)
        return hands, board, rng.choice(LOW_RULES), threads

    def call(case: tuple[Any, Any, Any, Any]) -> object:
        hands, board, rules, threads = case
        return evaluate_low_batch(hands, board=board, rules=rules, threads=threads)

    fuzz("values: evaluate_low_batch(array, board, rules, threads)", make, call)


RULE_TEXTS: dict[str, list[str | None]] = {
    "wild_ranks": ["2", "A", "2A", "", "X"],
    "wild_cards": ["JsJh", "Xx", "As", ""],
    "jokers": ["wild", "bug", None],
    "low": ["ace-to-five", "deuce-to-seven", "ace-to-six", "badugi", None],
}


def _rules_kwargs(rng: random.Random) -> dict[str, Any]:
    kwargs: dict[str, Any] = {}
    for field, seeds in RULE_TEXTS.items():
        if rng.random() < 0.4:
            seed = rng.choice(seeds)
            text = seed if seed is None or rng.random() < 0.5 else mutate(seed, rng)
            kwargs[field] = text if rng.random() < 0.9 else nasty_number(rng)
    for field in ("low_qualifier", "hole_cards"):
        if rng.random() < 0.5:
            kwargs[field] = rng.choice([8, 2, nasty_number(rng), nasty_number(rng)])
    for field in ("bug_fills_flush", "four_flush"):
        if rng.random() < 0.2:
            kwargs[field] = rng.choice([True, False, 1, None, "yes"])
    return kwargs


def test_fuzz_hand_rules() -> None:
    def call(kwargs: dict[str, Any]) -> object:
        rules = HandRules(**kwargs)
        assert pickle.loads(pickle.dumps(rules)) == rules
        assert eval(repr(rules), {"HandRules": HandRules}) == rules
        return rules

    fuzz("values: HandRules(**nasty)", _rules_kwargs, call)


def _amount(rng: random.Random) -> object:
    return rng.randrange(200) if rng.random() < 0.7 else nasty_number(rng)


def _value(rng: random.Random) -> object:
    pick = rng.random()
    if pick < 0.2:
        return None
    return rng.randrange(5) if pick < 0.8 else nasty_number(rng)


def _settle_case(rng: random.Random) -> tuple[list[Any], list[Any], Any, dict[str, Any]]:
    n = rng.choice([0, 1, 2, 3, 6, 65])
    contributions = [_amount(rng) for _ in range(n)]
    high = [_value(rng) for _ in range(n + (rng.random() < 0.05))]
    low = None if rng.random() < 0.6 else [_value(rng) for _ in range(n)]
    kwargs: dict[str, Any] = {}
    if rng.random() < 0.5:
        kwargs["button"] = rng.randrange(max(n, 1)) if rng.random() < 0.7 else nasty_number(rng)
    if rng.random() < 0.3:
        kwargs["rake"] = Rake(percent=rng.choice([0, 5, 100]), cap=rng.choice([None, 3]))
    if rng.random() < 0.3:
        kwargs["dead"] = [
            rng.randrange(3) if rng.random() < 0.8 else _amount(rng) for _ in range(n)
        ]
    return contributions, high, low, kwargs


def _check_settlement(case: tuple[list[Any], list[Any], Any, dict[str, Any]], s: Any) -> None:
    assert isinstance(s, Settlement)
    contributions = case[0]
    assert sum(s.payouts) + s.rake == sum(int(c) for c in contributions)
    assert pickle.loads(pickle.dumps(s)) == s


def test_fuzz_settle() -> None:
    def call(case: tuple[list[Any], list[Any], Any, dict[str, Any]]) -> object:
        contributions, high, low, kwargs = case
        return settle(contributions, high, low, **kwargs)

    fuzz("values: settle(nasty amounts)", _settle_case, call, check=_check_settlement)


def test_fuzz_settle_near_the_limit() -> None:
    def make(rng: random.Random) -> tuple[list[Any], list[Any], Any, dict[str, Any]]:
        n = rng.choice([2, 3, 4])
        big = rng.choice([*BIG_INTS, _core.MAX_CHIPS // n, _core.MAX_CHIPS // n + 1])
        contributions = [big - rng.randrange(3) for _ in range(n)]
        high = [rng.randrange(3) for _ in range(n)]
        low = [rng.choice([None, 1, 2]) for _ in range(n)] if rng.random() < 0.5 else None
        return contributions, high, low, {"button": rng.randrange(n)}

    def call(case: tuple[list[Any], list[Any], Any, dict[str, Any]]) -> object:
        contributions, high, low, kwargs = case
        return settle(contributions, high, low, **kwargs)

    fuzz("values: settle(near 2**64)", make, call, check=_check_settlement)


def test_fuzz_showdown_core_call() -> None:
    def make(rng: random.Random) -> list[Any]:
        n = rng.choice([1, 2, 3])
        deck = rng.sample(range(52), 5 + 2 * n)
        stacks = [_amount(rng) for _ in range(n + (rng.random() < 0.05))]
        cards = [
            [_id(rng) if rng.random() < 0.1 else deck[5 + 2 * i + j] for j in range(2)]
            for i in range(n)
        ]
        board = deck[: rng.choice([0, 3, 5])]
        folded = [rng.random() < 0.3 for _ in range(n)]
        button = rng.randrange(n) if rng.random() < 0.8 else nasty_number(rng)
        return [stacks, [_amount(rng) for _ in range(n)], cards, board, folded, button, None, None]

    fuzz("values: _core._showdown(nasty)", make, lambda args: _core._showdown(*args))
