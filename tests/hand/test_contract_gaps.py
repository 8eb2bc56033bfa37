"""Issue 25, item 13, the hand's and the game's gaps: pot limit with nothing
in the pot offered ``raise to 0..0`` and recorded a bet of 0 chips even with
``min_bet=5``; ``texas_holdem(blinds=(2, 1))`` was accepted; numpy arrays of
stacks raised numpy's own error."""

from __future__ import annotations

import random

import hoyle
import numpy as np
import pytest
from hoyle import PotLimit, games
from hoyle.env import Actions

from tests.env.test_core_tables import Run, play


def test_pot_limit_with_an_empty_pot_bets_at_least_the_smallest_bet() -> None:
    # PokerKit: the pot-limit maximum is never below the minimum (its
    # pot_completion_betting_or_raising_to_amount is max(min, pot-sized))
    game = games.texas_holdem(blinds=(), betting=PotLimit(), min_bet=5)
    hand = game.start([100, 100], seed=1)
    legal = hand.legal
    assert (legal.min_raise_to, legal.max_raise_to) == (5, 5)
    assert legal.describe() == "check, raise to 5..5"
    with pytest.raises(hoyle.IllegalActionError, match=r"5\.\.5"):
        hand.raise_to(0)
    hand.raise_to(5)
    assert hand.history[-1][2:5] == ("bet", 5, 5)
    # then the pot is 5: a raise to at most 5 + 5 + 5
    assert (hand.legal.min_raise_to, hand.legal.max_raise_to) == (10, 15)
    capped = games.texas_holdem(blinds=(), betting=PotLimit(cap=3), min_bet=5)
    assert capped.start([100, 100], seed=1).legal.max_raise_to == 3  # the cap bounds it


def test_the_table_engine_bets_into_an_empty_pot_as_hand_does() -> None:
    game = games.texas_holdem(blinds=(), betting=PotLimit(), min_bet=5)
    for seed in range(3):
        run = Run(game, 3, [60, 40, 25], Actions(fractions=(0.5, 1.0)))
        play(run, seed, 40, random.Random(seed))


def test_blinds_go_up_from_the_button_s_left() -> None:
    with pytest.raises(hoyle.GameError, match=r"each at least the one before.*got 1 after 2"):
        games.texas_holdem(blinds=(2, 1))
    with pytest.raises(hoyle.GameError, match="got 2 after 4"):
        games.texas_holdem(blinds=(1, 4, 2))
    with pytest.raises(hoyle.GameError, match="got 2 after 3"):
        hoyle.Game.from_dict({**games.texas_holdem().to_dict(), "blinds": [0, 3, 0, 2]})
    for blinds in ((1, 2), (2, 2), (1, 2, 4), (0, 0, 3), (5, 0, 10), ()):
        assert games.texas_holdem(blinds=blinds).blinds == blinds


def test_numpy_stacks_are_ints_like_any_sequence() -> None:
    game = games.texas_holdem()
    hand = game.start(np.array([100, 50, 25]), seed=2)
    assert hand.starting_stacks == (100, 50, 25)
    assert all(type(s) is int for s in hand.stacks)
    result = hoyle.simulate(
        game,
        [hoyle.bots.random_bot] * 2,
        hands=4,
        stacks=np.array([100, 80]),  # type: ignore[arg-type]
        seed=1,
    )
    assert result.hands == 4
    assert (
        hoyle.simulate(
            game,
            [hoyle.bots.random_bot] * 2,
            hands=4,
            stacks=np.int64(90),  # type: ignore[arg-type]
            seed=1,
        ).hands
        == 4
    )
    table = hoyle.Table(game, np.array([30, 40], dtype=np.uint16))
    assert table.stacks == (30, 40)


@pytest.mark.parametrize(
    "stacks",
    [np.array([100.0, 100.0]), np.array([True, True]), np.array([[100, 100]]), np.int64(100)],
)
def test_numpy_stacks_that_are_not_ints_are_refused_in_words(stacks: object) -> None:
    game = games.texas_holdem()
    with pytest.raises(TypeError, match="stacks"):
        game.start(stacks)  # type: ignore[arg-type]
    if not isinstance(stacks, np.integer):
        with pytest.raises((TypeError, hoyle.GameError), match="stacks"):
            hoyle.simulate(game, [hoyle.bots.random_bot] * 2, hands=1, stacks=stacks)  # type: ignore[arg-type]
