"""Every example of docs/rules.md §2-4, through the public API."""

from __future__ import annotations

import itertools

import pytest
from hoyle import Category, HandRules, RulesError, evaluate, evaluate_low

DEUCES = HandRules(wild_ranks="2")
BUG = HandRules(jokers="bug")
FOUR_FLUSH = HandRules(four_flush=True)


def names(cards: tuple[object, ...]) -> str:
    return " ".join(str(c) for c in cards)


# §2 High hands


def test_categories_best_first() -> None:
    order = [
        evaluate("As Ad Ac Ah 2c", rules=DEUCES),  # five of a kind
        evaluate("9h Th Jh Qh Kh"),
        evaluate("9h 9d 9c 9s Kh"),
        evaluate("9h 9d 9c Ks Kh"),
        evaluate("2h 7h 9h Jh Kh"),
        evaluate("9h Td Jc Qs Kh"),
        evaluate("9h 9d 9c 2s Kh"),
        evaluate("9h 9d 2c 2s Kh"),
        evaluate("9h 9d 3c 2s Kh"),
        evaluate("9h 8d 3c 2s Kh"),
    ]
    assert [r.category for r in order] == sorted((r.category for r in order), reverse=True)
    assert all(a > b for a, b in itertools.pairwise(order))


def test_ace_high_or_low_no_wrap() -> None:
    wheel = evaluate("Ah 2d 3c 4s 5h")
    assert wheel.category == Category.STRAIGHT
    assert str(wheel) == "Straight, Five High"
    assert evaluate("Th Jd Qc Ks Ah") > evaluate("9h Td Jc Qs Kh") > wheel
    assert evaluate("Kh Ad 2c 3s 4h").category == Category.HIGH_CARD


def test_high_card_card_by_card_and_suits_never_rank() -> None:
    assert evaluate("Ah Qd 9c 5s 3h") > evaluate("Ah Qd 9c 5s 2h")
    assert evaluate("Ah Qd 9c 5s 3h") == evaluate("As Qc 9d 5h 3s")


def test_ties_inside_categories() -> None:
    assert evaluate("9h 9d 9c 9s Kh") > evaluate("9h 9d 9c 9s Qh")
    assert evaluate("9h 9d 9c 3s 3h") > evaluate("8h 8d 8c As Ah")
    assert evaluate("9h 9d 9c As 3h") > evaluate("9h 9d 9c Ks Qh")
    assert evaluate("9h 9d 3c 3s 4h") > evaluate("9h 9d 2c 2s Ah")
    assert evaluate("9h 9d 3c 3s 5h") > evaluate("9h 9d 3c 3s 4h")
    assert evaluate("9h 9d Ac 3s 2h") > evaluate("9h 9d Kc Qs Jh")
    assert evaluate("Kh Jh 9h 5h 3h") > evaluate("Kh Jh 9h 5h 2h")
    assert evaluate("9h Td Jc Qs Kh") == evaluate("9c Ts Jd Qh Kc")


def test_more_than_five_cards_and_omaha() -> None:
    assert evaluate("Ah Kh Qh Jh Th 2c 3d") == evaluate("Ah Kh Qh Jh Th")
    omaha = HandRules(hole_cards=2)
    # Four hearts in the hand, one on the board: no flush in Omaha.
    rank = evaluate("Ah Kh Qh Jh", board="Th 2c 3d 7s 8c", rules=omaha)
    assert rank.category == Category.HIGH_CARD
    assert evaluate("Ah Kh Qh Jh Th 2c 3d 7s 8c"[:14], board="2c 3d") > rank
    # Two hole cards and three board cards.
    rank = evaluate("Ah Kh 2s 3d", board="Qh Jh Th 9c 8c", rules=omaha)
    assert str(rank) == "Straight Flush, Royal"


def test_four_flush_between_one_pair_and_two_pair() -> None:
    ff = evaluate("Ah 9h 5h 3h Kc", rules=FOUR_FLUSH)
    assert ff.category == Category.FOUR_FLUSH
    assert ff > evaluate("Ac Ad Kh Qs Jc", rules=FOUR_FLUSH)
    assert ff < evaluate("3c 3d 2h 2s 4c", rules=FOUR_FLUSH)
    # Off, it is only a no-pair hand.
    assert evaluate("Ah 9h 5h 3h Kc").category == Category.HIGH_CARD
    # Two four-flushes: the four suited cards, then the fifth.
    assert evaluate("Ah 9h 5h 4h 2c", rules=FOUR_FLUSH) > evaluate(
        "As 9s 5s 3s Kc", rules=FOUR_FLUSH
    )
    assert evaluate("Ah 9h 5h 3h Kc", rules=FOUR_FLUSH) > evaluate(
        "As 9s 5s 3s Qc", rules=FOUR_FLUSH
    )
    assert evaluate("Ah 9h 5h 3h Kc", rules=FOUR_FLUSH) == evaluate(
        "As 9s 5s 3s Kd", rules=FOUR_FLUSH
    )


# §3 Wild cards


def test_no_double_ace_flush() -> None:
    rank = evaluate("Ah Kh 9h 5h 2c", rules=DEUCES)
    assert rank == evaluate("Ah Kh Qh 9h 5h")
    assert names(rank.best_five) == "Ah Kh Qh 9h 5h"
    assert names(rank.held_five) == "Ah Kh 2c 9h 5h"


def test_five_aces_is_the_best_hand() -> None:
    rank = evaluate("As Ad Ac Ah 2c", rules=DEUCES)
    assert rank.category == Category.FIVE_OF_A_KIND
    assert str(rank) == "Five of a Kind, Aces"
    assert rank > evaluate("Ah Kh Qh Jh Th", rules=DEUCES)


def test_identical_quads_tie_and_wild_equals_natural() -> None:
    a = evaluate("Kh Kd 2c 2s 7h", rules=DEUCES)
    b = evaluate("Kc Ks 2h 2d 7c", rules=DEUCES)
    assert a == b
    assert a.category == Category.FOUR_OF_A_KIND
    assert str(a) == "Four of a Kind, Kings"
    assert a == evaluate("Kh Kd Kc Ks 7h")  # (a): natural does not beat wild


def test_one_eyed_jacks() -> None:
    rules = HandRules(wild_cards="JsJh")
    assert evaluate("Js 9c 9d 9h 3c", rules=rules).category == Category.FOUR_OF_A_KIND
    assert evaluate("Jc 9c 9d 9h 3c", rules=rules).category == Category.THREE_OF_A_KIND


def test_the_bug() -> None:
    assert str(evaluate("As Ad Xx 7c 3h", rules=BUG)) == "Three of a Kind, Aces"
    pair = evaluate("Ks Kd Xx 7c 3h", rules=BUG)
    assert str(pair) == "One Pair, Kings"
    assert pair == evaluate("Ks Kd Ah 7c 3h")
    assert evaluate("Ks Qd Xx Tc 9h", rules=BUG) == evaluate("Ks Qd Jc Tc 9h")
    assert str(evaluate("Ks Qs Xx Ts 9s", rules=BUG)) == "Straight Flush, King High"
    assert str(evaluate("As Ad Ac Ah Xx", rules=BUG)) == "Five of a Kind, Aces"
    # Playing as an ace the bug has no suit: no flush, no four-flush.
    no_flush = evaluate("Ks 9s 7s 3s Xx", rules=BUG)
    assert no_flush == evaluate("Ks 9s 7s 3s Ad")
    bug_ff = HandRules(jokers="bug", four_flush=True)
    assert evaluate("Ks 9s 7s Xx 2d", rules=bug_ff).category == Category.HIGH_CARD
    # Robert's Rules: the bug fills a plain flush.
    roberts = HandRules(jokers="bug", bug_fills_flush=True)
    assert evaluate("Ks 9s 7s 3s Xx", rules=roberts) == evaluate("As Ks 9s 7s 3s")


def test_bad_rules_are_refused() -> None:
    with pytest.raises(RulesError, match="bug_fills_flush"):
        HandRules(bug_fills_flush=True)
    with pytest.raises(ValueError, match="wild_ranks"):
        HandRules(wild_ranks="1")
    with pytest.raises(RulesError, match="low_qualifier"):
        HandRules(low="deuce-to-seven", low_qualifier=8)
    with pytest.raises(RulesError, match="jokers"):
        HandRules(jokers="yes")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="low"):
        HandRules(low="razz")  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        HandRules(hole_cards=0)
    with pytest.raises(RulesError, match="hole_cards"):
        HandRules(low="badugi", hole_cards=2)
    with pytest.raises(ValueError, match="joker"):
        evaluate("Xx As Kd 7c 2h")
    with pytest.raises(RulesError, match="no low"):
        evaluate_low("As 2d 3h 4c 5s", rules=DEUCES)


# §4 Low hands


def test_ace_to_six() -> None:
    rules = HandRules(low="ace-to-six")
    wheel = evaluate_low("As 2d 3h 4c 5s", rules=rules)
    best = evaluate_low("6s 4d 3h 2c As", rules=rules)
    assert wheel is not None
    assert best is not None
    assert str(wheel) == "A-5-4-3-2"
    assert str(best) == "6-4-3-2-A"
    assert best > wheel
    # A-2-3-4-5 is an ace-high no-pair low: better than any pair, worse than K-high.
    pair = evaluate_low("2s 2d 3h 4c 5s", rules=rules)
    king = evaluate_low("Ks Qd 9h 4c 2s", rules=rules)
    assert pair is not None
    assert king is not None
    assert king > wheel > pair
    # Straights and flushes count against.
    assert evaluate_low("7s 6d 5h 4c 3s", rules=rules) < wheel  # type: ignore[operator]
    assert evaluate_low("6s 4s 3s 2s As", rules=rules) < wheel  # type: ignore[operator]


def test_deuce_to_seven() -> None:
    rules = HandRules(low="deuce-to-seven")
    best = evaluate_low("7s 5d 4h 3c 2s", rules=rules)
    suited = evaluate_low("7s 5s 4s 3s 2s", rules=rules)
    wheel = evaluate_low("As 2d 3h 4c 5s", rules=rules)
    straight = evaluate_low("6s 5d 4h 3c 2s", rules=rules)
    assert best is not None
    assert suited is not None
    assert wheel is not None
    assert straight is not None
    assert best > suited
    assert best > straight
    assert str(wheel) == "A-5-4-3-2"  # the ace only high: no straight
    assert straight < wheel < best


def test_ace_to_five_and_the_qualifier() -> None:
    rules = HandRules(low="ace-to-five")
    best = evaluate_low("5s 4d 3h 2c As", rules=rules)
    assert best is not None
    assert str(best) == "5-4-3-2-A"
    assert evaluate_low("5s 4s 3s 2s As", rules=rules) == best  # flushes ignored
    eight = HandRules(low="ace-to-five", low_qualifier=8)
    assert evaluate_low("9c 6d 4h 2s Ac Kd Kh", rules=eight) is None
    low = evaluate_low("8c 6d 4h 2s Ac Kd Kh", rules=eight)
    assert low is not None
    assert str(low) == "8-6-4-2-A"
    assert evaluate_low("Ac Ad 2c 3d 4h", rules=eight) is None


def test_badugi() -> None:
    rules = HandRules(low="badugi")
    best = evaluate_low("Ac 2d 3h 4s", rules=rules)
    three = evaluate_low("Ac 2d 3h 4h", rules=rules)
    assert best is not None
    assert three is not None
    assert str(best) == "4-3-2-A"
    assert str(three) == "3-2-A"
    assert best > three
    assert evaluate_low("Kc Qd Jh Ts", rules=rules) > three  # type: ignore[operator]


def test_wild_cards_and_the_bug_in_low_hands() -> None:
    wild = HandRules(low="ace-to-five", jokers="wild")
    low = evaluate_low("Xx 2d 3h 4s 5c", rules=wild)
    assert low is not None
    assert str(low) == "5-4-3-2-A"
    bug = HandRules(low="ace-to-five", jokers="bug")
    low = evaluate_low("Xx Ad 3h 4s 5c 6d", rules=bug)
    assert low is not None
    assert str(low) == "6-5-4-3-A"
    bug27 = HandRules(low="deuce-to-seven", jokers="bug")
    low = evaluate_low("Xx 2d 3h 4s 5c", rules=bug27)
    assert low is not None
    assert str(low) == "A-5-4-3-2"


def test_hand_rules_pickle() -> None:
    import pickle

    from hoyle import HandRules

    for rules in (
        HandRules(),
        HandRules(wild_ranks="2", four_flush=True),
        HandRules(jokers="bug", bug_fills_flush=True),
        HandRules(low="ace-to-five", low_qualifier=8, hole_cards=2),
    ):
        back = pickle.loads(pickle.dumps(rules))
        assert back == rules
        assert repr(back) == repr(rules)
