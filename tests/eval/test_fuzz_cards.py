"""Issue 12: a fuzzer over every place cards are read as text or ids
(``Card``, ``parse_cards``, ``evaluate`` and ``evaluate_low`` with a board
and rules): mutated card texts, NASTY_TEXT Unicode, mixed lists of text,
Cards and nasty numbers. The contract (tests/support/fuzzing.py): a hoyle error
with a message, a ``TypeError`` for a wrong type, never anything else; and
what is accepted reads back the same."""

from __future__ import annotations

import random
from typing import Any

from hoyle import Card, HandRules, evaluate, evaluate_low, parse_cards

from tests.support.fuzzing import NASTY_TEXT, fuzz, mutate, nasty_number

SEEDS = ["As Kd", "AsKdQhJcTs", "2c,3d,4h,5s,6c", "Xx 9s 9d 4c 4h", "Th Jh Qh Kh Ah 2c 3c", "Xx"]
RULES = [
    None,
    HandRules(wild_ranks="2"),
    HandRules(jokers="wild"),
    HandRules(jokers="bug"),
    HandRules(hole_cards=2),
    HandRules(low="ace-to-five", low_qualifier=8),
    HandRules(low="badugi"),
]
ALPHABET = "23456789TJQKAXtjqkaxcdhsCDHS ,"


def _text(rng: random.Random) -> str:
    return mutate(rng.choice(SEEDS), rng, rounds=4, alphabet=ALPHABET)


def _item(rng: random.Random) -> object:
    pick = rng.randrange(4)
    if pick == 0:
        return _text(rng)
    if pick == 1:
        return Card(rng.randrange(54))
    if pick == 2:
        return rng.randrange(54)
    return nasty_number(rng)


def _cards(rng: random.Random) -> Any:
    """Text, a list or a tuple of mixed items, or one odd object."""
    pick = rng.randrange(5)
    if pick == 0:
        return _text(rng)
    if pick in (1, 2):
        items = [_item(rng) for _ in range(rng.randint(0, 8))]
        return items if pick == 1 else tuple(items)
    if pick == 3:
        return rng.choice(NASTY_TEXT)
    return nasty_number(rng)


def test_fuzz_card_text() -> None:
    def check(text: str, cards: object) -> None:
        assert isinstance(cards, tuple)
        # What is accepted writes out and reads back as the same cards.
        assert parse_cards(" ".join(map(str, cards))) == cards

    tally = fuzz("cards: parse_cards(text)", _text, parse_cards, check=check)
    assert tally["CardError"] > 0
    assert tally["ok"] > 0


def test_fuzz_card() -> None:
    def make(rng: random.Random) -> Any:
        return rng.choice([_text, _item, nasty_number])(rng)

    def check(case: object, card: object) -> None:
        assert isinstance(card, Card)
        assert Card(card.id) == card
        # Both jokers are written Xx (docs/rules.md §1).
        assert Card(str(card)) == card or card.id == 53

    fuzz("cards: Card(x)", make, Card, check=check)


def test_fuzz_parse_cards_mixed() -> None:
    fuzz("cards: parse_cards(mixed)", _cards, parse_cards)


def test_fuzz_evaluate_text_with_board_and_rules() -> None:
    def make(rng: random.Random) -> tuple[object, object, HandRules | None]:
        board = None if rng.random() < 0.3 else _cards(rng)
        return _cards(rng), board, rng.choice(RULES)

    def call(case: tuple[object, object, HandRules | None]) -> object:
        cards, board, rules = case
        return evaluate(cards, board=board, rules=rules)  # type: ignore[arg-type]

    fuzz("cards: evaluate(text, board, rules)", make, call)


def test_fuzz_evaluate_low_text() -> None:
    lows = [r for r in RULES if r is not None and r.low is not None]

    def make(rng: random.Random) -> tuple[object, object, HandRules]:
        board = None if rng.random() < 0.5 else _cards(rng)
        return _cards(rng), board, rng.choice(lows)

    def call(case: tuple[object, object, HandRules]) -> object:
        cards, board, rules = case
        return evaluate_low(cards, board=board, rules=rules)  # type: ignore[arg-type]

    fuzz("cards: evaluate_low(text, board, rules)", make, call)
