"""``hoyle.env.Actions``: over random games, seats (2-9), stacks and action
sets, every decision's mask equals the oracle's (``Hand.legal`` and trial
actions on a clone, ``tests/support/env_oracle.py``), every legal index makes exactly
the ``Hand`` call the design names, and a masked, out-of-range or non-int
index raises ``IllegalActionError`` and changes nothing. Also the index
layout, the names and the checks on construction."""

from __future__ import annotations

import math
from typing import Any

import hoyle
import numpy as np
import pytest
from hoyle.env import Actions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.env_oracle import calls, expected_mask, tables, tries


def state(hand: hoyle.Hand) -> dict[str, Any]:
    snap: dict[str, Any] = hand.__getstate__()
    return snap


def check_decision(actions: Actions, hand: hoyle.Hand, data: st.DataObject) -> None:
    mask = actions.mask(hand)
    assert mask.dtype == np.bool_
    assert mask.tolist() == expected_mask(actions, hand)
    must_open = hand.game.first_must_bet and not (actions.min_raise or actions.all_in)
    if hand.actor is not None and not must_open:  # (envs refuse the other case)
        assert mask.any(), "a live decision has a legal index"
    before = state(hand)
    for bad in (
        data.draw(st.sampled_from(np.flatnonzero(~mask).tolist() or [-1])),
        len(mask),
        -1,
        1.0,
        True,
        "1",
    ):
        with pytest.raises(hoyle.IllegalActionError):
            actions.apply(hand, bad)
        assert state(hand) == before


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), seed=st.integers(0, 2**64 - 1), data=st.data())
def test_mask_and_apply_follow_the_hand(
    table: tuple[hoyle.Game, int, list[int], Actions], seed: int, data: st.DataObject
) -> None:
    game, seats, stacks, actions = table
    if game.has_draw and not actions.discards:
        return
    hand = game.start(stacks, button=data.draw(st.integers(0, seats - 1)), seed=seed)
    total = sum(stacks)
    while not hand.is_over:
        check_decision(actions, hand, data)
        mask = actions.mask(hand)
        index = data.draw(st.sampled_from(np.flatnonzero(mask).tolist()))
        wanted = tries(hand, calls(actions, hand)[index])  # the call the design names
        assert wanted is not None
        actions.apply(hand, np.int64(index) if data.draw(st.booleans()) else index)
        assert state(hand) == state(wanted)
        assert sum(hand.stacks) + hand.pot == total or hand.is_over
    assert not actions.mask(hand).any()
    assert sum(hand.stacks) == total


def test_index_layout_and_names() -> None:
    game = hoyle.games.texas_holdem()
    actions = Actions(fractions=(1.0, 0.5), big_blinds=(3,), min_raise=False)
    assert actions.names(game) == (
        "fold",
        "check/call",
        "raise 1 pot",
        "raise 0.5 pot",
        "raise 3 bb",
        "all in",
    )
    assert actions.size(game) == 6
    assert actions.draw_cards(game) == 0
    draw = hoyle.games.deuce_to_seven_triple_draw()
    assert Actions().draw_cards(draw) == 5
    assert Actions().size(draw) == 6 + 32
    names = Actions().names(draw)
    assert names[6] == "stand pat"
    assert names[6 + 0b10101] == "discard 0 2 4"
    assert Actions(discards=False).size(draw) == 6


def test_a_worked_decision() -> None:
    """Blinds 1/2, 6 seats of 200: UTG faces 2 with 3 in the pot. Half the pot
    after the call raises to 2 + floor(0.5 * 5) = 4, the min raise (masked);
    a pot raise to 7; 3 big blinds to 2 + 6 = 8; all in 200."""
    game = hoyle.games.texas_holdem()
    hand = game.start([200] * 6, button=0, seed=3)
    actions = Actions(fractions=(0.5, 1.0), big_blinds=(3,))
    assert actions.totals(hand) == [4, 4, 7, 8, 200]
    assert actions.mask(hand).tolist() == [True, True, True, False, True, True, True]
    actions.apply(hand, 4)
    assert hand.history[-1].total == 7
    actions.apply(hand, 1)  # a call of 7
    assert hand.history[-1].kind == "call"
    assert hand.history[-1].total == 7


def test_a_worked_draw() -> None:
    """2-7 triple draw: the first draw entry stands pat, bit k throws hole card k."""
    game = hoyle.games.deuce_to_seven_triple_draw()
    hand = game.start([100, 100], button=0, seed=5)
    actions = Actions()
    while not hand.is_drawing:
        actions.apply(hand, 1)
    cards = hand.hole(hand.actor or 0)
    base = actions.draw_base()
    mask = actions.mask(hand)
    assert mask[:base].tolist() == [False] * base
    assert mask[base:].all()  # triple draw may throw all five
    actions.apply(hand, base + 0b00110)
    assert hand.history[-1].kind == "draw"
    assert hand.history[-1].cards == (cards[1], cards[2])


@pytest.mark.parametrize(
    "kwargs",
    [
        {"fractions": (0.5, math.nan)},
        {"fractions": (0.0,)},
        {"fractions": (-1.0,)},
        {"big_blinds": (math.inf,)},
        {"fractions": "0.5"},
        {"fractions": (True,)},
        {"fractions": 0.5},
        {"min_raise": 1},
        {"all_in": None},
        {"discards": "yes"},
    ],
)
def test_bad_actions_are_refused(kwargs: dict[str, Any]) -> None:
    with pytest.raises(hoyle.GameError):
        Actions(**kwargs)


def test_sizes_keep_their_order_and_become_floats() -> None:
    a = Actions(fractions=[2, 0.5], big_blinds=(np.float32(2.5),))  # type: ignore[arg-type]
    assert a.fractions == (2.0, 0.5)
    assert a.big_blinds == (2.5,)
    assert a == Actions(fractions=(2.0, 0.5), big_blinds=(2.5,))
