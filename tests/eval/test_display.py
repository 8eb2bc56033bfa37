"""How cards and ranked hands display (``_repr_html_`` for Jupyter,
``__rich__`` for a terminal) and what ``str(Category)`` says."""

from __future__ import annotations

import re

import hoyle
import pytest
from hoyle import Card, Category

from tests.support.display import fits, html_text, rich_lines, rich_styles, shown_cards

# An independent table of the faces: suit letter -> (symbol, red?).
SUITS = {"c": ("♣", False), "d": ("♦", True), "h": ("♥", True), "s": ("♠", False)}
RED_HTML = "#c8102e"


def _colour(html: str) -> str:
    found = re.search(r"color:(#[0-9a-f]{6})", html)
    assert found, html
    return found[1]


def test_the_ace_of_hearts_is_an_a_a_heart_and_red() -> None:
    html = Card("Ah")._repr_html_()
    assert html_text(html) == "A♥"
    assert _colour(html) == RED_HTML
    assert shown_cards(html) == ["Ah"]


@pytest.mark.parametrize("card_id", range(52))
def test_every_card_shows_its_rank_suit_and_colour(card_id: int) -> None:
    name = str(Card(card_id))
    symbol, red = SUITS[name[1]]
    html = Card(card_id)._repr_html_()
    assert html_text(html) == name[0] + symbol
    assert (_colour(html) == RED_HTML) is red
    [line] = rich_lines(Card(card_id))
    assert line == name[0] + symbol
    # the terminal's colours: red or black on white
    styled = rich_styles(Card(card_id))
    assert ("color: #800000" in styled or "color: #ff0000" in styled) is red, styled
    assert "background-color: #c0c0c0" in styled or "background-color: #ffffff" in styled


def test_a_joker_shows_as_a_joker() -> None:
    html = Card("Xx")._repr_html_()
    assert html_text(html) == "Joker"
    assert shown_cards(html) == ["Xx"]


def test_a_ranked_hand_shows_its_words_category_and_best_five() -> None:
    rank = hoyle.evaluate("Kh Kd Ks 7c 7d 2s 3h")
    html = rank._repr_html_()
    text = html_text(html)
    assert "Full House, Kings over Sevens" in text
    assert "category Full House" in text
    assert shown_cards(html) == [str(c) for c in rank.best_five] == ["Ks", "Kh", "Kd", "7d", "7c"]
    lines = rich_lines(rank)
    fits(lines)
    assert lines == ["Full House, Kings over Sevens  K♠ K♥ K♦ 7♦ 7♣  (Full House)"]


def test_a_wild_card_shows_what_it_stands_for() -> None:
    rules = hoyle.HandRules(jokers="wild")
    rank = hoyle.evaluate("Xx As Ad Kc Kd", rules=rules)
    held = [str(c) for c in rank.held_five]
    best = [str(c) for c in rank.best_five]
    [(joker, stands)] = [(h, b) for h, b in zip(held, best, strict=True) if h != b]
    html = rank._repr_html_()
    assert "wild:" in html_text(html)
    assert shown_cards(html)[-2:] == [joker, stands]
    assert " wild " in rich_lines(rank)[0]


# Each category by an example hand: str(Category) is how the core's words
# for the hand begin (src-rust/eval/describe.rs), and the name players use.
EXAMPLES = {
    Category.HIGH_CARD: ("As Kd 9c 7h 2s", "High Card"),
    Category.ONE_PAIR: ("As Ad 9c 7h 2s", "One Pair"),
    Category.TWO_PAIR: ("As Ad 9c 9h 2s", "Two Pair"),
    Category.THREE_OF_A_KIND: ("As Ad Ac 7h 2s", "Three of a Kind"),
    Category.STRAIGHT: ("9s 8d 7c 6h 5s", "Straight"),
    Category.FLUSH: ("As Js 9s 7s 2s", "Flush"),
    Category.FULL_HOUSE: ("As Ad Ac 7h 7s", "Full House"),
    Category.FOUR_OF_A_KIND: ("As Ad Ac Ah 2s", "Four of a Kind"),
    Category.STRAIGHT_FLUSH: ("9s 8s 7s 6s 5s", "Straight Flush"),
}


@pytest.mark.parametrize("category", list(EXAMPLES), ids=str)
def test_str_of_a_category_is_its_name(category: Category) -> None:
    cards, name = EXAMPLES[category]
    rank = hoyle.evaluate(cards)
    assert rank.category is category
    assert str(category) == name == f"{category}"
    assert str(rank).startswith(name)


def test_category_names_and_numbers() -> None:
    assert str(Category.FLUSH) == "Flush"
    assert str(Category.FOUR_FLUSH) == "Four Flush"
    assert str(Category.FIVE_OF_A_KIND) == "Five of a Kind"
    assert f"{Category.FLUSH:d}" == "7" == str(int(Category.FLUSH))
    assert f"{Category.FLUSH:>3}" == "  7"
    assert repr(Category.FLUSH) == "<Category.FLUSH: 7>"
