"""Fuzzing the range parser (issue 12): mutated range texts from the docs
and tests, and random texts, must give a valid range or a ``RangeError``
that points at a token; hypothesis checks a range written out from its
classes and weights reads back to the same combos."""

from __future__ import annotations

import pickle
import random

from hoyle import Range, RangeError
from hoyle.ranges import hand_classes
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.fuzzing import fuzz, mutate

SEEDS = [
    "AKs",
    "QQ+",
    "A2s-A5s",
    "KK@50",
    "JJ-99@50 AsKs",
    "QQ+, AKs",
    "QQ@50, AKs, 0.25(JJ, TT)",
    "ATs+, KQo, T9s-76s",
    "AsKs, AhKh, XX",
    "random",
    "22+, A2s+, K9s+, QTo+",
    "0.5(AKs, AQs) 0.75(KK-JJ@50)",
    "88-JJ, KQ-K9",
]
ALPHABET = "23456789TJQKAtjqkashdcxXo+-@.,()0123456789 "


def _valid(text: str, r: Range) -> None:
    assert r.text == text
    for (a, b), w in r.items():
        assert 0 <= b < a < 52
        assert 0 < w <= 1


def _make(rng: random.Random) -> str:
    if rng.random() < 0.1:
        return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 30)))
    return mutate(rng.choice(SEEDS), rng, rounds=4, alphabet=ALPHABET)


def test_fuzz_range_text() -> None:
    def check(text: str, r: object) -> None:
        assert isinstance(r, Range)
        _valid(text, r)

    tally = fuzz("ranges: Range(text)", _make, Range, check=check)
    assert tally["ok"] > 0
    assert tally["RangeError"] > 0


def test_fuzz_range_errors_point_into_the_text() -> None:
    def call(text: str) -> object:
        try:
            return Range(text)
        except RangeError as error:
            if not error.token or not -1 <= error.position <= len(text):
                raise AssertionError(f"{text!r}: {error} points nowhere") from error
            raise

    fuzz("ranges: errors point at a token", _make, call, seed=1)


def test_fuzz_range_methods() -> None:
    r = Range("QQ+, AKs@50, 0.5(JJ-99)")

    def make(rng: random.Random) -> tuple[str, str]:
        method = rng.choice(["weight", "without", "contains", "from_combos"])
        return method, mutate(rng.choice(["AsKs", "QhQd", "As Kd", "Jc"]), rng)

    def call(case: tuple[str, str]) -> object:
        method, cards = case
        if method == "weight":
            return r.weight(cards)
        if method == "without":
            return r.without(cards)
        if method == "contains":
            return cards in r
        return Range.from_combos([(cards, 0.5)])

    fuzz("ranges: weight/without/in/from_combos", make, call, seed=2)


# -- hypothesis: written out and read back ------------------------------------

CLASSES = hand_classes()
weights = st.sampled_from([100, 75, 50, 33.3, 12.5, 1, 0.5])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(CLASSES), weights), max_size=12))
def test_classes_round_trip(items: list[tuple[str, float]]) -> None:
    text = ", ".join(f"{name}@{w}" for name, w in items)
    r = Range(text)
    want: dict[tuple[int, int], float] = {}
    for name, w in items:  # the last mention wins
        for combo, _ in Range(name).items():
            want[combo] = w / 100
    assert dict(r.items()) == want
    assert pickle.loads(pickle.dumps(r, 0)) == r
    again = Range.from_combos(list(r.items()))
    assert again == r


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40))
def test_any_text_is_a_range_or_a_range_error(text: str) -> None:
    try:
        r = Range(text)
    except RangeError as error:
        if not error.token:
            raise AssertionError(f"{text!r}: {error} names no token") from error
    else:
        _valid(text, r)
