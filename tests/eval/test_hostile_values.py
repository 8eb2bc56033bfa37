"""Issue 12, the value objects under hostile input: each case found, as a
regression test (pickling, jokers given twice, ints too large for any
machine type, bools and numpy ints as card ids, settlement amounts), and
property tests that single and batch evaluation agree on any row."""

from __future__ import annotations

import copy
import itertools
import pickle
from collections.abc import Callable
from typing import Any

import hoyle
import numpy as np
import pytest
from hoyle import (
    MAX_CHIPS,
    Card,
    CardError,
    DuplicateCardError,
    HandError,
    HandRank,
    HandRules,
    LowRank,
    Pot,
    Rake,
    RulesError,
    Settlement,
    SettlementError,
    _core,
    evaluate,
    evaluate_batch,
    evaluate_low,
    evaluate_low_batch,
    parse_cards,
    settle,
)
from hypothesis import given, settings
from hypothesis import strategies as st

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)

# ---- pickling and deep copies --------------------------------------------


def _round_trips(obj: object) -> list[Any]:
    """``obj`` through every pickle protocol, ``copy.copy`` and ``copy.deepcopy``."""
    back = [pickle.loads(pickle.dumps(obj, protocol)) for protocol in PROTOCOLS]
    return [*back, copy.copy(obj), copy.deepcopy(obj)]


def _rank_facts(rank: HandRank) -> tuple[object, ...]:
    return (rank.value, rank.best_five, rank.held_five, str(rank), rank.category)


WILD = HandRules(wild_ranks="2")
OMAHA = HandRules(hole_cards=2, low="ace-to-five", low_qualifier=8)
JOKER = HandRules(jokers="wild")
BUG = HandRules(jokers="bug", low="ace-to-five")

RANKS = [
    evaluate("As Ks Qs Js Ts 2c 3d"),
    evaluate("Ah Kh 9h 5h 2c", rules=WILD),
    evaluate("Ah Kh", board="9h 5h 2c"),
    evaluate("Ah 2d Kc Qs", board="Jh Th 3c 4d 5s", rules=OMAHA),
    evaluate("Xx 9s 9d", board="Xx 4c", rules=JOKER),
    evaluate([52, 3, 7], board=[53, 11], rules=JOKER),
    evaluate("As Ks Qs Js Ts", rules=HandRules()),
]


@pytest.mark.parametrize("rank", RANKS, ids=str)
def test_hand_rank_comes_back_with_its_board_and_rules(rank: HandRank) -> None:
    for back in _round_trips(rank):
        assert isinstance(back, HandRank)
        assert back == rank
        assert _rank_facts(back) == _rank_facts(rank)


def test_a_wild_rank_keeps_its_rules() -> None:
    # Without its rules the deuce is a deuce: the value would change.
    rank = evaluate("As Ad Ac Ah 2c", rules=WILD)
    assert evaluate("As Ad Ac Ah 2c").value != rank.value
    for back in _round_trips(rank):
        assert str(back) == "Five of a Kind, Aces"


LOWS = [
    evaluate_low("8c 6d 4h 2s Ac Kd Kh", rules=HandRules(low="ace-to-five", low_qualifier=8)),
    evaluate_low("Ac 2d 3h 4s", rules=HandRules(low="badugi")),
    evaluate_low("Ah 2d Kc Qs", board="3h 4c 5s Jd Td", rules=OMAHA),
    evaluate_low("Xx 2d 3h 4s 9c", rules=BUG),
]


@pytest.mark.parametrize("low", LOWS, ids=str)
def test_low_rank_round_trips(low: LowRank | None) -> None:
    assert low is not None
    for back in _round_trips(low):
        assert isinstance(back, LowRank)
        assert back == low
        assert (back.value, back.ranking, back.best_cards, back.held_cards, str(back)) == (
            low.value,
            low.ranking,
            low.best_cards,
            low.held_cards,
            str(low),
        )


SETTLEMENTS = [
    settle([70, 70, 40], [10, 20, 30], button=2),
    settle([70, 70, 40], [10, 20, 5], [None, None, 7], rake=Rake(percent=5, cap=3)),
    settle([100, 10, 20], [7, None, None]),
    settle([60, 30], [1, None], dead=[0, 10], button=1),
    settle([MAX_CHIPS - 1, 1], [1, 2]),
]


@pytest.mark.parametrize("settlement", SETTLEMENTS, ids=repr)
def test_settlement_and_pots_round_trip(settlement: Settlement) -> None:
    for back in _round_trips(settlement):
        assert isinstance(back, Settlement)
        assert back == settlement
        assert repr(back) == repr(settlement)
        assert str(back) == str(settlement)
    for pot in settlement.pots:
        for back_pot in _round_trips(pot):
            assert isinstance(back_pot, Pot)
            assert back_pot == pot


def test_other_values_round_trip() -> None:
    rules = HandRules(wild_cards="JsJh", jokers="bug", bug_fills_flush=True, low="ace-to-five")
    for obj in [Card("As"), Card(52), rules, WILD, OMAHA, HandRules()]:
        for back in _round_trips(obj):
            assert back == obj
            assert hash(back) == hash(obj)
            assert repr(back) == repr(obj)


def _pot_state(pot: Pot) -> list[Any]:
    reduced = pot.__reduce__()
    return list(reduced[1])


def _each_refused(
    remake: Callable[..., object], good: list[object], forgeries: dict[int, list[object]]
) -> None:
    """``remake`` of the pickled ``good`` state with one field forged at a
    time is refused, whichever field and whichever forgery."""
    for field, values in forgeries.items():
        for bad in values:
            state = list(good)
            state[field] = bad
            with pytest.raises((SettlementError, TypeError)):
                remake(*state)


def test_forged_pot_state_is_refused() -> None:
    pot = settle([70, 70, 40], [10, 20, 30]).pots[0]
    good = _pot_state(pot)
    assert _core._pot(*good) == pot
    forgeries: dict[int, list[object]] = {
        0: [121, -1, 2**64, 1.5, True],  # amount
        2: [(0, 3), (1, 0), (0, 0), (-1,)],  # eligible
        3: [(), (5,)],  # high_winners
        7: [(0, 0, 121), (0, 0, 2**64), (0,) * 65],  # shares
    }
    _each_refused(_core._pot, good, forgeries)


def test_forged_settlement_state_is_refused() -> None:
    s = settle([70, 70, 40], [10, 20, 30], button=2)
    good = list(s.__reduce__()[1])
    assert _core._settlement(*good) == s
    forgeries: dict[int, list[object]] = {
        0: [(0, 60, 121), (0, 60), (0, 60, 2**64)],  # payouts
        1: [(1, 0, 0)],  # refunds
        2: [(), ("pot",), (s.pots[0],)],  # pots
        3: [1, -1],  # rake
        4: [3, -1, 2**64],  # button
    }
    _each_refused(_core._settlement, good, forgeries)


# ---- jokers given twice --------------------------------------------------


def test_an_id_given_twice_is_a_duplicate_even_for_a_joker() -> None:
    # It was accepted by evaluate while evaluate_batch refused the same row.
    row = [52, 52, 0, 1, 2]
    with pytest.raises(DuplicateCardError, match="duplicate card Xx"):
        evaluate(row, rules=JOKER)
    with pytest.raises(DuplicateCardError, match="duplicate card Xx"):
        evaluate([52, 0, 1], board=[52, 2], rules=JOKER)
    with pytest.raises(DuplicateCardError, match="row 0: duplicate card Xx"):
        evaluate_batch(np.array([row], dtype=np.uint8), rules=JOKER)


def test_jokers_written_as_text_take_free_ids() -> None:
    # docs/rules.md §1: both jokers are written Xx; text takes the ids no
    # card given as an id holds.
    assert evaluate("Xx 2c 3c", board="Xx 4d", rules=JOKER).value == (
        evaluate([52, 0, 4], board=[53, 9], rules=JOKER).value
    )
    assert evaluate([53, 0, 4], board="Xx 9d", rules=JOKER).value == (
        evaluate([53, 0, 4], board=[52, 29], rules=JOKER).value
    )
    with pytest.raises(DuplicateCardError):
        evaluate("Xx Xx Xx 2c 3c", rules=JOKER)
    assert parse_cards(["Xx", 53]) == (Card(52), Card(53))


@pytest.mark.parametrize("rules", [BUG, HandRules(jokers="bug", bug_fills_flush=True), JOKER])
def test_a_joker_given_three_times_in_a_batch_row_is_an_error(rules: HandRules) -> None:
    # It panicked: three bugs counted past the evaluator's tables.
    rows = np.array([[52, 53, 52, 5, 3, 45], [32, 53, 26, 49, 40, 38]], dtype=np.uint8)
    with pytest.raises(DuplicateCardError, match="row 0: duplicate card Xx"):
        evaluate_batch(rows, rules=rules)
    assert evaluate_batch(rows[1:], rules=rules)[0] == evaluate(rows[1].tolist(), rules=rules).value


HOLDINGS = st.lists(st.integers(0, 53), min_size=5, max_size=7)
RULES_FOR_BATCH = [None, JOKER, BUG, WILD, HandRules(four_flush=True)]


def _single(row: list[int], rules: HandRules | None) -> str:
    try:
        return str(evaluate(tuple(row), rules=rules).value)
    except (CardError, HandError) as error:
        return type(error).__name__


def _batch(row: list[int], rules: HandRules | None) -> str:
    try:
        return str(int(evaluate_batch(np.array([row], dtype=np.uint8), rules=rules)[0]))
    except (CardError, HandError) as error:
        return type(error).__name__


@settings(max_examples=300, deadline=None)
@given(
    row=HOLDINGS,
    rules=st.sampled_from(RULES_FOR_BATCH),
    duplicate=st.booleans(),
)
def test_single_and_batch_agree_on_any_row(
    row: list[int], rules: HandRules | None, duplicate: bool
) -> None:
    if duplicate:
        row = [*row[:-1], row[0]]
    assert _single(row, rules) == _batch(row, rules)


@settings(max_examples=200, deadline=None)
@given(hole=st.lists(st.integers(0, 53), min_size=4, max_size=5), board=HOLDINGS)
def test_single_and_batch_agree_on_low_rows(hole: list[int], board: list[int]) -> None:
    rules = HandRules(jokers="wild", low="ace-to-five", low_qualifier=8)
    board = board[:5]
    try:
        low = evaluate_low(hole, board=board, rules=rules)
        single = "0" if low is None else str(low.value)
    except (CardError, HandError) as error:
        single = type(error).__name__
    try:
        values = evaluate_low_batch(
            np.array([hole], dtype=np.uint8), board=np.array([board], dtype=np.uint8), rules=rules
        )
        batch = str(int(values[0]))
    except (CardError, HandError) as error:
        batch = type(error).__name__
    assert single == batch


# ---- ints too large, bools, numpy ints -------------------------------------


@pytest.mark.parametrize("value", [2**63, 2**64, -(2**63) - 1, 10**100, np.uint64(2**64 - 1)])
@pytest.mark.parametrize("field", ["low_qualifier", "hole_cards"])
def test_hand_rules_ints_of_any_size_are_rules_errors(field: str, value: object) -> None:
    kwargs: dict[str, Any] = {field: value}
    if field == "low_qualifier":
        kwargs["low"] = "ace-to-five"
    with pytest.raises(RulesError, match=f"{field} must be"):
        HandRules(**kwargs)


@pytest.mark.parametrize("field", ["low_qualifier", "hole_cards"])
@pytest.mark.parametrize("value", [True, 8.0, "8"])
def test_hand_rules_ints_of_the_wrong_type(field: str, value: object) -> None:
    with pytest.raises(TypeError, match=f"{field} must be an int"):
        HandRules(low="ace-to-five", **{field: value})  # type: ignore[arg-type]


def test_hand_rules_accept_numpy_ints() -> None:
    rules = HandRules(low="ace-to-five", low_qualifier=np.int64(8), hole_cards=np.uint8(2))
    assert rules == HandRules(low="ace-to-five", low_qualifier=8, hole_cards=2)


@pytest.mark.parametrize("threads", [0, -1, 257, 1025, 2**63, 2**64, -(2**70)])
def test_threads_out_of_range(threads: int) -> None:
    rows = np.zeros((1, 5), dtype=np.uint8)
    with pytest.raises(HandError, match="threads must be between 1 and 256"):
        evaluate_batch(rows, threads=threads)
    with pytest.raises(HandError, match="threads must be between 1 and 256"):
        evaluate_low_batch(rows, rules=HandRules(low="badugi"), threads=threads)


def test_threads_of_the_wrong_type() -> None:
    rows = np.array([[0, 5, 10, 15, 20]], dtype=np.uint8)
    with pytest.raises(TypeError, match="threads must be an int"):
        evaluate_batch(rows, threads=True)
    with pytest.raises(TypeError, match="threads must be an int"):
        evaluate_batch(rows, threads=1.0)  # type: ignore[arg-type]
    assert evaluate_batch(rows, threads=np.int64(2))[0] == evaluate(rows[0].tolist()).value


def test_numpy_ints_are_cards_and_bools_are_not() -> None:
    assert Card(np.uint8(51)) == Card("As")
    assert Card(np.int64(0)) == Card("2c")
    assert Card(np.array(52)) == Card(52)
    assert parse_cards(np.array([51, 47], dtype=np.uint8)) == (Card(51), Card(47))
    for flag in (True, False):
        with pytest.raises(TypeError, match="not a bool"):
            Card(flag)
    with pytest.raises((TypeError, CardError)):
        Card(np.bool_(True))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="bool"):
        parse_cards([51, True])
    with pytest.raises(TypeError, match="bool"):
        evaluate((51, 47, 43, 39, True))


@pytest.mark.parametrize("value", [2**63, 2**64, 10**100, -(2**64), np.uint64(2**64 - 1)])
def test_card_ids_of_any_size_are_card_errors(value: object) -> None:
    with pytest.raises(CardError, match="out of range"):
        Card(value)  # type: ignore[arg-type]
    with pytest.raises(CardError, match="out of range"):
        evaluate((51, 47, 43, 39, value))  # type: ignore[arg-type]


def test_an_endless_iterable_of_cards_stops() -> None:
    with pytest.raises(HandError, match="more than a whole deck"):
        parse_cards(itertools.repeat(0))
    with pytest.raises(HandError, match="more than a whole deck"):
        evaluate(itertools.cycle(range(52)), rules=WILD)


# ---- settlement amounts --------------------------------------------------


@pytest.mark.parametrize(
    ("contributions", "message"),
    [
        ([2**64, 0], r"contributions\[0\] is 18446744073709551616: more than 2\*\*64 - 1"),
        ([0, 10**100], r"contributions\[1\] is 1000.*: more than 2\*\*64 - 1"),
        ([1, -(2**70)], r"contributions\[1\] is -1180591620717411303424: chips cannot"),
        ([np.int64(-1), 1], r"contributions\[0\] is -1: chips cannot be negative"),
        ([MAX_CHIPS, 1], "contributions add up to more than 2\\*\\*64 - 1"),
    ],
)
def test_chip_amounts_out_of_range(contributions: list[object], message: str) -> None:
    with pytest.raises(SettlementError, match=message):
        settle(contributions, [1, 2])  # type: ignore[arg-type]


@pytest.mark.parametrize("dead", [[2**64, 0], [-1, 0]])
def test_dead_chips_out_of_range_name_dead(dead: list[int]) -> None:
    with pytest.raises(SettlementError, match=r"dead\[0\]"):
        settle([5, 5], [1, 2], dead=dead)


@pytest.mark.parametrize("amount", [1.0, 0.5, float("nan"), float("inf"), True, "5", None])
def test_chip_amounts_of_the_wrong_type(amount: object) -> None:
    with pytest.raises(TypeError, match=r"contributions\[0\] must be an int"):
        settle([amount, 1], [1, 2])  # type: ignore[list-item]


@pytest.mark.parametrize("button", [-1, 2, 2**63, 2**64, -(2**64), 10**100])
def test_buttons_out_of_range(button: int) -> None:
    with pytest.raises(SettlementError, match=f"button {button} is not a seat"):
        settle([1, 1], [1, 2], button=button)


@pytest.mark.parametrize("button", [True, 1.0, "1"])
def test_buttons_of_the_wrong_type(button: object) -> None:
    with pytest.raises(TypeError, match="button must be an int"):
        settle([1, 1], [1, 2], button=button)  # type: ignore[arg-type]


def test_settlement_holds_up_to_max_chips() -> None:
    assert MAX_CHIPS == 2**64 - 1 == hoyle._core.MAX_CHIPS
    s = settle([MAX_CHIPS // 2, MAX_CHIPS // 2 + 1], [1, 2], rake=Rake(percent=100))
    assert s.rake == MAX_CHIPS - 1
    assert s.payouts == (0, 1)
    s = settle([np.uint64(MAX_CHIPS), 0], [1, None])
    assert s.payouts == (MAX_CHIPS, 0)


def test_a_forged_rake_is_a_settlement_error() -> None:
    rake = Rake(percent=5)
    object.__setattr__(rake, "basis_points", 2**40)
    with pytest.raises(SettlementError, match="basis_points"):
        settle([5, 5], [1, 2], rake=rake)
    rake = Rake(percent=5)
    object.__setattr__(rake, "cap", 2**64)
    with pytest.raises(SettlementError, match="cap"):
        settle([5, 5], [1, 2], rake=rake)


def test_the_showdown_core_call_refuses_hostile_numbers() -> None:
    board = [10, 20, 30, 40, 50]
    args: list[Any] = [[5, 5], [2, 2], [[48, 44], [1, 5]], board, [False, False], 0, None, None]
    assert _core._showdown(*args)[0] == [9, 5]
    for index, bad, error in [
        (0, [2**64, 5], SettlementError),
        (0, [-1, 5], SettlementError),
        (0, [MAX_CHIPS, 5], SettlementError),  # stack plus payout
        (5, 2**64, SettlementError),
        (5, -1, SettlementError),
        (2, [[48, 300], [1, 5]], CardError),
        (2, [[48, -1], [1, 5]], CardError),
        (3, [10, 20, 30, 40, 2**64], CardError),
        (4, [False], SettlementError),
    ]:
        hostile = list(args)
        hostile[index] = bad
        with pytest.raises(error):
            _core._showdown(*hostile)


@pytest.mark.parametrize("cards", [[300], [-1], [2**64], [0, 0], [60, 70]])
def test_betting_strengths_refuse_bad_cards(cards: list[int]) -> None:
    with pytest.raises(CardError):
        _core._opens(cards, False)
    with pytest.raises(CardError):
        _core._exposed_key(cards, True)
