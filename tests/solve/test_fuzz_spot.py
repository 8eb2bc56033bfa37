"""Fuzzing a spot's arguments (the issue-12 contract, ``tests/support/fuzzing``):
mutated size texts give valid sizes or a ``SolveError`` that names the token;
hostile values for every ``Spot`` argument give a spot or one of hoyle's
errors (or ``TypeError``), never anything else."""

from __future__ import annotations

import random
from typing import Any

from hoyle import SolveError
from hoyle.solve import Spot
from hoyle.solve._tree import sizes

from tests.support.fuzzing import NASTY_TEXT, fuzz, mutate, nasty_number

SEEDS = ["50%, a", "2.5x, 3x, a", "120c, e", "33%, 75%, 150%", "a", "", "e, 1.5x"]
ALPHABET = "0123456789.%xXcCaAeE, "


def _text(rng: random.Random) -> str:
    if rng.random() < 0.1:
        return rng.choice(NASTY_TEXT) + rng.choice(SEEDS)
    return mutate(rng.choice(SEEDS), rng, rounds=3, alphabet=ALPHABET)


def test_fuzz_size_text() -> None:
    def check(text: str, got: Any) -> None:
        for kind, value in got:
            assert kind in "%xcae"
            assert value >= 0
            assert (value > 0) == (kind in "%xc")

    def call(text: str) -> Any:
        try:
            return sizes(text, raising=True)
        except SolveError as err:
            said = str(err)
            assert "'" in said or "empty size" in said or "at most" in said, said
            raise

    tally = fuzz("solve: sizes", _text, call, check=check)
    assert tally["ok"] > 0
    assert tally["SolveError"] > 0


GOOD: dict[str, Any] = {
    "board": "Td9d6hQc2s",
    "ranges": ("AA,KK", "QQ"),
    "pot": 100,
    "stack": 200,
    "bets": "50%, a",
    "raises": "3x, a",
}


def _hostile(rng: random.Random) -> object:
    pick = rng.random()
    if pick < 0.3:
        return nasty_number(rng)
    if pick < 0.6:
        return rng.choice(NASTY_TEXT)
    if pick < 0.8:
        return mutate(rng.choice([str(v) for v in GOOD.values()]), rng)
    return rng.choice([None, (), [], {}, ("AA",), (1, 2), {"river": {}}, object(), b"AA"])


def _arguments(rng: random.Random) -> dict[str, Any]:
    args = dict(GOOD)
    for name in rng.sample(sorted(GOOD), rng.randint(1, 2)):
        args[name] = _hostile(rng)
    return args


def test_fuzz_spot_arguments() -> None:
    tally = fuzz("solve: Spot(...)", _arguments, lambda a: Spot(**a))
    assert tally["SolveError"] > 0
