"""Issue 31's kept results at speed (``src-rust/py/pool.rs`` and
``src-rust/py/entry.rs``): freed plain ranks are pooled (at most 131,072)
and refilled, never while anyone holds them; ranks with a board or rules
are freed as before; ``evaluate`` and ``rank`` behind their hand-written
entries keep PyO3's signature, errors, keywords and pickling."""

from __future__ import annotations

import gc
import inspect
import pickle
import random
import sys
import threading
import weakref
from types import BuiltinFunctionType

import hoyle
import hoyle._core
import pytest
from hoyle import HandRank, HandRules, evaluate, evaluate_batch, rank
from hoyle._core import _pooled_ranks

from tests.support.fast_paths import fast_paths
from tests.support.oracle import best_key

POOL_BOUND = 131_072
WILD = HandRules(wild_ranks="2")


def _hands(count: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(range(52), rng.choice((5, 6, 7)))) for _ in range(count)]


def _seen(r: HandRank) -> tuple[int, str, tuple[int, ...], tuple[int, ...], str, str]:
    return (
        r.value,
        r.category.name,
        tuple(c.id for c in r.best_five),
        tuple(c.id for c in r.held_five),
        str(r),
        repr(r),
    )


def test_freed_plain_ranks_are_pooled_and_handed_out_again() -> None:
    """Freeing a kept list fills the pool; the next list takes from it, and
    every refilled rank reads as a new one made with the tricks off."""
    first = [evaluate(h) for h in _hands(3000, seed=1)]
    before = _pooled_ranks()
    del first
    freed = _pooled_ranks() - before
    assert 2990 <= freed <= 3000  # (the spare stays out; the pool had room)
    hands = _hands(2000, seed=2)
    kept = [evaluate(h) for h in hands]
    assert _pooled_ranks() <= before + freed - 1990
    assert len({id(r) for r in kept}) == len(kept)
    assert not any(gc.is_tracked(r) for r in kept)
    with fast_paths(False):
        fresh = [_seen(evaluate(h)) for h in hands]
    assert [_seen(r) for r in kept] == fresh
    assert [r.value for r in kept] == [rank(h) for h in hands]
    # and the values order the hands as the oracle does
    order = sorted(range(200), key=lambda i: kept[i].value)
    keys = [best_key(list(hands[i])) for i in order]
    assert keys == sorted(keys)


def test_the_pool_is_bounded() -> None:
    kept = [
        evaluate((i % 52, (i + 1) % 52, (i + 2) % 52, (i + 3) % 52, (i + 5) % 52))
        for i in range(140_000)
    ]
    del kept
    assert _pooled_ranks() == POOL_BOUND
    again = [evaluate(h) for h in _hands(1000, seed=3)]
    assert _pooled_ranks() == POOL_BOUND - 999  # the spare was refilled first
    del again
    assert _pooled_ranks() == POOL_BOUND


def test_ranks_with_a_board_or_rules_are_not_pooled() -> None:
    rules = HandRules(wild_ranks="2")
    refs = sys.getrefcount(rules)
    before = _pooled_ranks()
    ruled = [evaluate("Ah Kh 9h 5h 2c", rules=rules) for _ in range(500)]
    boarded = [evaluate("Ah Kh", board="Qh Jh Th 2c 3d") for _ in range(500)]
    del ruled, boarded
    assert _pooled_ranks() == before
    assert sys.getrefcount(rules) == refs  # freed, letting go of their rules


def test_nothing_is_pooled_or_taken_with_the_tricks_off() -> None:
    with fast_paths(False):
        before = _pooled_ranks()
        kept = [evaluate(h) for h in _hands(500, seed=4)]
        assert _pooled_ranks() == before
        del kept
        assert _pooled_ranks() == before


def test_a_held_rank_is_never_refilled() -> None:
    """A rank held anywhere (a list, a dict, a variable) keeps its value
    while thousands of others are made and freed around it."""
    hands = _hands(400, seed=5)
    held = {h: evaluate(h) for h in hands}
    seen = {h: _seen(r) for h, r in held.items()}
    one = evaluate(hands[0])
    for _ in range(5):
        churn = [evaluate(h) for h in _hands(5000, seed=6)]
        del churn
        for h in _hands(300, seed=7):
            evaluate(h)
    assert {h: _seen(r) for h, r in held.items()} == seen
    assert _seen(one) == seen[hands[0]]


def test_pooled_ranks_keep_equality_hashing_and_pickling() -> None:
    churn = [evaluate(h) for h in _hands(2000, seed=8)]
    del churn
    a, b = evaluate("As Ad Ac Ah 2c"), evaluate("Ad As Ah Ac 2c")
    assert a == b
    assert hash(a) == hash(b)
    assert a is not b
    assert a > evaluate("Ks Kd Kc Kh 2c")
    for r in (a, evaluate((51, 47, 43, 39, 35, 0, 1))):
        back = pickle.loads(pickle.dumps(r))
        assert type(back) is HandRank
        assert _seen(back) == _seen(r)


def test_ranks_keep_what_pooling_them_needs() -> None:
    """``pool.rs`` pools a rank only because nothing but a reference can
    reach it: no subclass, no ``__dict__``, no weak reference."""
    r = evaluate((51, 47, 43, 39, 35))
    with pytest.raises(TypeError):
        type("Sub", (HandRank,), {})
    assert not hasattr(r, "__dict__")
    with pytest.raises(TypeError):
        weakref.ref(r)


def test_threads_making_and_freeing_ranks_see_their_own() -> None:
    hands = _hands(3000, seed=9)
    expected = [rank(h) for h in hands]
    failures: list[int] = []

    def work(offset: int) -> None:
        for _ in range(20):
            kept = [evaluate(h) for h in hands[offset:] + hands[:offset]]
            want = expected[offset:] + expected[:offset]
            if [r.value for r in kept] != want:
                failures.append(offset)

    threads = [threading.Thread(target=work, args=(k * 500,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


# --- the entries ---------------------------------------------------------------


@pytest.mark.parametrize("f", [evaluate, rank])
def test_entries_keep_the_signature_and_the_module(f: BuiltinFunctionType) -> None:
    assert isinstance(f, BuiltinFunctionType)
    assert getattr(hoyle._core, f.__name__) is f
    assert f.__self__ is hoyle._core
    assert f.__module__ == "hoyle._core"
    assert str(inspect.signature(f)) == "(cards, *, board=None, rules=None)"
    assert ">>>" in (f.__doc__ or "")
    assert pickle.loads(pickle.dumps(f)) is f


def _outcome(call: object) -> str:
    try:
        result = call()  # type: ignore[operator]
    except (ValueError, TypeError) as err:
        return f"{type(err).__name__}: {err}"
    return str(result if isinstance(result, int) else result.value)


def test_entries_pass_every_other_call_on() -> None:
    cards = (51, 47, 43, 39, 35, 0, 1)
    value = evaluate_batch(__import__("numpy").array([cards], dtype="uint8"))[0]
    for fast in (True, False):
        with fast_paths(fast):
            assert evaluate(cards=cards).value == value
            assert rank(cards=cards) == value
            assert evaluate(cards, board=None, rules=None).value == value
            assert rank(cards, rules=HandRules()) == value
            assert rank(list(cards)) == value
            assert rank(cards[:2], board=cards[2:]) == value
            assert evaluate("Ah Kh 9h 5h 2c", rules=WILD).value == rank(
                "Ah Kh 9h 5h 2c", rules=WILD
            )
            for name, f in (("evaluate", evaluate), ("rank", rank)):
                assert _outcome(lambda f=f: f()) == (
                    f"TypeError: {name}() missing 1 required positional argument: 'cards'"
                )
                assert _outcome(lambda f=f: f(cards, cards)) == (
                    f"TypeError: {name}() takes 1 positional arguments but 2 were given"
                )
                assert _outcome(lambda f=f: f(cards, colour=1)) == (
                    f"TypeError: {name}() got an unexpected keyword argument 'colour'"
                )
                assert _outcome(lambda f=f: f(cards, cards=cards)) == (
                    f"TypeError: {name}() got multiple values for argument 'cards'"
                )


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        ((51, 51, 43, 39, 35), "DuplicateCardError: duplicate card As"),
        ((1, 2, 3, 4), "HandError: the hand has 4 cards"),
        ((51, 47, 43, 39, 52), "HandError: jokers are not allowed here"),
        ((0, 1, 2, 3, True), "TypeError: a card id must be an int, got bool"),
    ],
)
def test_entries_report_a_bad_tuple_as_before(bad: tuple[int, ...], error: str) -> None:
    for f in (evaluate, rank):
        fast = _outcome(lambda f=f: f(bad))
        with fast_paths(False):
            slow = _outcome(lambda f=f: f(bad))
        assert fast == slow
        assert fast.startswith(error)
