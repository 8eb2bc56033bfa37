"""Cards and parsing (docs/rules.md §1)."""

from __future__ import annotations

import pickle

import pytest
from hoyle import Card, CardError, DuplicateCardError, parse_cards


def test_ids_follow_the_rules() -> None:
    assert Card("2c").id == 0
    assert Card("As").id == 51
    assert Card("Td").id == 8 * 4 + 1
    assert Card("Xx").id == 52
    assert (Card("Kh").rank, Card("Kh").suit) == (11, 2)
    assert Card("Xx").rank is None
    assert Card("Xx").is_joker


def test_every_card_round_trips() -> None:
    for i in range(52):
        card = Card(i)
        assert Card(str(card)) == card
        assert int(card.__index__()) == i
        assert repr(card) == f"Card('{card}')"


def test_cards_are_ordered_and_hashable() -> None:
    assert Card("2c") < Card("2d") < Card("3c") < Card("As")
    assert sorted([Card("As"), Card("2c")]) == [Card("2c"), Card("As")]
    assert len({Card("As"), Card(51), Card("aS")}) == 1
    assert pickle.loads(pickle.dumps(Card("Qh"))) == Card("Qh")


def test_parse_forms() -> None:
    expect = (Card("As"), Card("Kd"))
    assert parse_cards("AsKd") == expect
    assert parse_cards("As Kd") == expect
    assert parse_cards("As, Kd") == expect
    assert parse_cards(["As", "Kd"]) == expect
    assert parse_cards([51, 45]) == expect
    assert parse_cards([Card("As"), "Kd"]) == expect
    assert parse_cards("") == ()


def test_two_jokers_are_distinct() -> None:
    cards = parse_cards("Xx As Xx")
    assert [c.id for c in cards] == [52, 51, 53]
    assert [str(c) for c in cards] == ["Xx", "As", "Xx"]


@pytest.mark.parametrize(
    ("text", "token"),
    [("As Kx", '"Kx"'), ("AsK", '"AsK"'), ("1s", '"1s"'), ("As 10d", '"10d"')],
)
def test_unknown_text_names_the_token(text: str, token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert token in str(info.value)
    assert isinstance(info.value, ValueError)


def test_duplicates_and_ranges() -> None:
    with pytest.raises(DuplicateCardError, match="duplicate card As"):
        parse_cards("As Kd As")
    with pytest.raises(CardError, match="54"):
        parse_cards([54])
    with pytest.raises(CardError, match="out of range"):
        Card(-3)
    with pytest.raises(CardError):
        parse_cards([object()])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="exactly one card"):
        Card("AsKd")
