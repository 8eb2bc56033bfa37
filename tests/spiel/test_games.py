"""python_hoyle on the big games: OpenSpiel's own random simulation test
(game-type checks, legal actions and masks, clones, serialization,
observations, chance outcomes) on hold'em, Omaha, stud, draw and high-low
games; chips conserved at every terminal; a hoyle error inside a pyspiel
call a Python exception with hoyle's message; the parameters."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import numpy as np
import pytest

if sys.version_info >= (3, 11):
    import pyspiel
else:  # pragma: no cover - Python 3.10 has no wheel of the extra
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is a test extra for 3.11+")

import hoyle
import hoyle.spiel
from hoyle.errors import GameError, IllegalActionError

hoyle.spiel.register()

GAMES = [
    {"preset": "texas_holdem", "seats": 6, "stack": 2000, "blinds": "5 10"},
    {"preset": "texas_holdem", "seats": 3, "stack": 37},  # short stacks: side pots
    {"preset": "texas_holdem", "seats": 4, "stack": 1},  # all in from the blinds: run out at once
    {"preset": "omaha", "seats": 4, "stack": 300},
    {"preset": "omaha_hilo", "seats": 3},
    {"preset": "seven_card_stud", "seats": 5},
    {"preset": "seven_card_stud_hilo", "seats": 3},
    {"preset": "razz", "seats": 2},
    {"preset": "five_card_draw", "seats": 4},
    {"preset": "deuce_to_seven_triple_draw", "seats": 2},
    {"preset": "badugi", "seats": 3},
    {"preset": "short_deck_holdem", "seats": 3},
    {"preset": "kuhn"},
    {"preset": "leduc"},
]


def random_playout(game: Any, rng: random.Random) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            state.apply_action(rng.choice(outcomes)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("params", GAMES, ids=lambda p: f"{p['preset']}-{p.get('seats', 2)}")
def test_openspiels_random_sim_test(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_hoyle", params)
    pyspiel.random_sim_test(game, num_sims=8, serialize=True, verbose=False)


@pytest.mark.parametrize("params", GAMES, ids=lambda p: f"{p['preset']}-{p.get('seats', 2)}")
def test_chips_are_conserved_and_the_state_is_consistent(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_hoyle", params)
    rng = random.Random(7)
    for _ in range(20):
        state = random_playout(game, rng)
        returns = state.returns()
        assert sum(returns) == 0
        assert all(r == int(r) for r in returns)
        assert game.min_utility() <= min(returns)
        assert max(returns) <= game.max_utility()
        assert len(state.history()) <= game.max_game_length()
        again = game.deserialize_state(state.serialize())
        assert again.returns() == returns
        assert again.history() == state.history()


def test_the_deal_is_the_hands_deal() -> None:
    """The chance outcomes are the deck without replacement; the hand hoyle
    plays holds the cards chance chose, in docs/rules.md §10's order."""
    game = pyspiel.load_game("python_hoyle", {"preset": "texas_holdem", "seats": 3})
    state = game.new_initial_state()
    cards = [0, 13, 26, 39, 51, 50]  # 2c 5d 8h Js As Ah: one a seat, round the table
    for c in cards:
        assert len(state.chance_outcomes()) == 52 - len(state.history())
        assert c in dict(state.chance_outcomes())
        state.apply_action(c)
    hand = state.play.hand
    assert [hand.hole(s) for s in range(3)] == [(0, 39), (13, 51), (26, 50)]
    assert state.current_player() == 2  # the button, left of the big blind (seat 1)
    assert hand.bets == (1, 2, 0)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 12) == "deal 5c"


def test_the_first_to_act_and_the_blinds() -> None:
    game = pyspiel.load_game(
        "python_hoyle", {"preset": "texas_holdem", "seats": 2, "blinds": "5 10"}
    )
    state = game.new_initial_state()
    for c in range(4):
        state.apply_action(c)
    hand = state.play.hand
    assert hand.bets == (10, 5)  # player 0 the big blind, player 1 the button
    assert state.current_player() == 1


def test_information_state_and_observation() -> None:
    game = pyspiel.load_game("python_hoyle", {"preset": "texas_holdem", "seats": 2})
    state = game.new_initial_state()
    for c in (0, 1, 2, 3):
        state.apply_action(c)
    state.apply_action(1)  # the button calls
    assert state.information_state_string(0) == "p0 [2c 2h||] 1:1"
    assert state.information_state_string(1) == "p1 [2d 2s||] 1:1"
    state.apply_action(1)  # the big blind checks: the flop is owed to chance
    assert state.is_chance_node()
    obs = np.array(state.observation_tensor(0))
    layout = state.play.rules.layout
    assert obs[layout.offset("board") : layout.offset("board") + 52].sum() == 0  # not dealt yet
    for c in (10, 20, 30):
        state.apply_action(c)
    obs = np.array(state.observation_tensor(0))
    board = obs[layout.offset("board") : layout.offset("board") + 52]
    assert np.flatnonzero(board).tolist() == [10, 20, 30]
    hole = obs[layout.offset("hole") : layout.offset("hole") + 52]
    assert np.flatnonzero(hole).tolist() == [0, 2]
    assert state.information_state_string(0) == "p0 [2c 2h||] 1:1 0:1 [2c 2h|4h 7c 9h|]"
    assert len(state.information_state_tensor(0)) == game.information_state_tensor_size()


def test_a_hoyle_error_surfaces_with_its_message() -> None:
    game = pyspiel.load_game("python_hoyle", {"preset": "texas_holdem"})
    state = game.new_initial_state()
    with pytest.raises(
        IllegalActionError, match=r"chance deals a deck position 0\.\.51 not dealt yet"
    ):
        state.apply_action(52)
    state.apply_action(0)
    with pytest.raises(IllegalActionError, match="not dealt yet, got 0"):
        state.apply_action(0)  # the same card twice
    for c in (1, 2, 3):
        state.apply_action(c)
    with pytest.raises(IllegalActionError, match=r"action 9 is not legal now \(legal: 0 fold"):
        state.apply_action(9)
    assert state.history() == [0, 1, 2, 3]  # unchanged
    state.apply_action(0)  # the button folds: the hand is over
    with pytest.raises(IllegalActionError, match="no player is to act now: the hand is over"):
        state.apply_action(1)
    assert state.is_terminal()
    with pytest.raises(GameError, match="preset must be one of kuhn, leduc"):
        pyspiel.load_game("python_hoyle", {"preset": "canasta"})
    with pytest.raises(GameError, match=r"seats must be 2\.\.10"):
        pyspiel.load_game("python_hoyle", {"seats": 11})
    with pytest.raises(GameError, match="game is a Game's to_dict as JSON"):
        pyspiel.load_game("python_hoyle", {"game": "{"})


def test_a_game_as_its_dict() -> None:
    game = hoyle.games.omaha_hilo(blinds=(2, 4))
    spiel = pyspiel.load_game("python_hoyle", {"game": json.dumps(game.to_dict()), "seats": 3})
    state = random_playout(spiel, random.Random(3))
    assert state.play.rules.setup.game == game
    assert sum(state.returns()) == 0


def test_a_rake_makes_the_game_general_sum() -> None:
    game = hoyle.games.texas_holdem(rake=hoyle.Rake(percent=5, cap=3))
    spiel = pyspiel.load_game("python_hoyle", {"game": json.dumps(game.to_dict())})
    assert spiel.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    rng = random.Random(5)
    raked = [sum(random_playout(spiel, rng).returns()) for _ in range(40)]
    assert all(r <= 0 for r in raked)  # the room's chips leave the table
    assert min(raked) < 0


def test_too_many_draws_for_the_deck_are_refused() -> None:
    with pytest.raises(GameError, match="reshuffle the discards"):
        pyspiel.load_game("python_hoyle", {"preset": "deuce_to_seven_triple_draw", "seats": 4})


@pytest.mark.parametrize(
    "params",
    [
        {"preset": "texas_holdem", "seats": 4},
        {"preset": "seven_card_stud", "seats": 3},
        {"preset": "deuce_to_seven_triple_draw", "seats": 2},
        {"preset": "leduc"},
    ],
    ids=lambda p: p["preset"],
)
def test_resample_from_infostate_keeps_the_information_state(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_hoyle", params)
    rng = random.Random(11)
    sampler = pyspiel.UniformProbabilitySampler(11, 0.0, 1.0)
    changed = 0
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal() and len(state.history()) < 3 * game.num_players() + 8:
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        player = rng.randrange(game.num_players())
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.is_terminal() == state.is_terminal()
        changed += str(other) != str(state)
    assert changed >= 15  # the cards the player has not seen are dealt again


def test_resampling_deals_the_unseen_cards_uniformly() -> None:
    """Leduc, player 0 to act holding Jc: the opponent's card is each of the
    five others a fifth of the time (the chance posterior, no policy)."""
    game = pyspiel.load_game("python_hoyle", {"preset": "leduc"})
    state = game.new_initial_state()
    state.apply_action(0)
    state.apply_action(5)
    sampler = pyspiel.UniformProbabilitySampler(2, 0.0, 1.0)
    counts = [0] * 6
    for _ in range(5000):
        counts[state.resample_from_infostate(0, sampler).history()[1]] += 1
    assert counts[0] == 0
    assert all(abs(c - 1000) < 130 for c in counts[1:]), counts  # about 4 standard deviations


def test_resampling_refuses_an_opener() -> None:
    opener = hoyle.games.five_card_draw(opener="jacks")
    game = pyspiel.load_game("python_hoyle", {"game": json.dumps(opener.to_dict()), "seats": 3})
    state = game.new_initial_state()
    for c in range(15):
        state.apply_action(c)
    with pytest.raises(GameError, match="depend on cards a player does not see"):
        state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))


@pytest.mark.parametrize(
    "params",
    [
        {"preset": "texas_holdem", "seats": 3},
        {"preset": "seven_card_stud", "seats": 3},
        {"preset": "badugi", "seats": 2},
    ],
    ids=lambda p: p["preset"],
)
def test_the_tensors_are_layouts(params: dict[str, Any]) -> None:
    """At every decision of random hands each player's tensors equal
    hoyle.env's Python reference encoder (``Layout.encode``) of the hand."""
    game = pyspiel.load_game("python_hoyle", params)
    rng = random.Random(4)
    seen = 0
    for _ in range(10):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            rules, hand = state.play.rules, state.play.hand
            for p in range(game.num_players()):
                obs = np.array(state.observation_tensor(p), dtype=np.float32)
                assert (obs == rules.layout.encode(hand, p)).all()
                info = np.array(state.information_state_tensor(p), dtype=np.float32)
                assert (info == rules.info_layout.encode(hand, p)).all()
                seen += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen > 50
