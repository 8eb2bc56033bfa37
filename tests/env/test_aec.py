"""``hoyle.env.aec_env``: PettingZoo's own ``api_test`` and ``seed_test`` on
five games; over random games, seats, stacks and action sets, each agent's
mask equals the oracle's, the hand in ``infos`` is the one played, chips are
conserved and the rewards add up to zero; an illegal action raises and
changes nothing; the button moves with each reset; the text render."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable

import gymnasium
import hoyle
import numpy as np
import pytest
from hoyle.env import Actions, aec_env, hand_seed
from hoyle.env.aec import PokerEnv
from hoyle.env.layout import Layout
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.env_oracle import (
    big_blind,
    expected_mask,
    naive_encode,
    tables,
)

pettingzoo_test = pytest.importorskip("pettingzoo.test")

GAMES: dict[str, Callable[[], hoyle.Game]] = {
    "no-limit hold'em": hoyle.games.texas_holdem,
    "pot-limit omaha": hoyle.games.omaha,
    "seven-card stud": hoyle.games.seven_card_stud,
    "2-7 triple draw": hoyle.games.deuce_to_seven_triple_draw,
    "omaha hi-lo": hoyle.games.omaha_hilo,
}


@pytest.mark.parametrize("name", list(GAMES))
def test_pettingzoo_api_test(name: str) -> None:
    env = aec_env(GAMES[name](), seats=4)
    with warnings.catch_warnings():
        # api_test warns about two things PettingZoo's own classic card games
        # share: a Dict observation (``{"observation", "action_mask"}``, the
        # classic envs' convention, which api_test excuses only by env name)
        # and the all-zero mask of an agent whose hand is over.
        warnings.filterwarnings("ignore", "Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", r"Action mask numpy array is all zeros")
        pettingzoo_test.api_test(env, num_cycles=200)


@pytest.mark.parametrize("name", list(GAMES))
def test_pettingzoo_seed_test(name: str) -> None:
    pettingzoo_test.seed_test(lambda: aec_env(GAMES[name](), seats=3), num_cycles=50)


def play(env: PokerEnv, rng: random.Random) -> dict[str, float]:
    """One hand with random legal actions; checks each decision; the rewards."""
    hand = env.hand
    assert hand is not None
    actions = env.actions
    total = sum(env.stacks)
    rewards: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        assert obs is not None
        assert info["hand"] is hand
        assert not truncated
        me = int(agent.split("_")[1])
        assert np.array_equal(obs["observation"], naive_encode(env.layout, hand, me))
        if terminated:
            rewards[agent] = reward
            assert not obs["action_mask"].any()
            env.step(None)
            continue
        assert env.agent_selection == f"player_{hand.actor}"
        assert obs["action_mask"].astype(bool).tolist() == expected_mask(actions, hand)
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        assert sum(hand.stacks) + hand.pot == total
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return rewards


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), seed=st.integers(0, 2**64 - 1), pick=st.integers(0, 2**32))
def test_random_games_masks_chips_and_rewards(
    table: tuple[hoyle.Game, int, list[int], Actions], seed: int, pick: int
) -> None:
    game, seats, stacks, actions = table
    env = aec_env(game, seats=seats, stacks=stacks, actions=actions, window=5)
    env.reset(seed=seed)
    rng = random.Random(pick)
    for k in range(2):
        if k:
            env.reset()
        hand = env.hand
        assert hand is not None
        assert hand.button == k % seats
        rewards = play(env, rng)
        assert hand.is_over
        assert sorted(rewards) == env.possible_agents
        unit = big_blind(game)
        for seat in range(seats):
            want = (hand.stacks[seat] - stacks[seat]) / unit
            assert rewards[f"player_{seat}"] == pytest.approx(want)
        assert sum(hand.stacks) == sum(stacks)
        assert sum(rewards.values()) == pytest.approx(0.0, abs=1e-9)


def test_hands_follow_the_seeds() -> None:
    game = hoyle.games.texas_holdem()
    env = aec_env(game, seats=3, stacks=(100, 200, 300))
    env.reset(seed=11)
    for k in range(3):
        if k:
            env.reset()
        want = game.start([100, 200, 300], button=k % 3, seed=hand_seed(11, 0, k))
        assert env.hand is not None
        assert env.hand.__getstate__() == want.__getstate__()
    env.reset(seed=11)
    first = game.start([100, 200, 300], button=0, seed=hand_seed(11, 0, 0))
    assert env.hand == first


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = aec_env(seats=3)
    env.reset(seed=3)
    env.step(1)  # the button calls
    env.step(1)  # the small blind completes
    obs = env.observe(env.agent_selection)  # the big blind may check: fold is masked
    assert obs["action_mask"].tolist()[:2] == [0, 1]
    hand = env.hand
    assert hand is not None
    before = hand.__getstate__()
    for bad in (0, 99, -1, 1.5, None, "1"):
        with pytest.raises(hoyle.IllegalActionError):
            env.step(bad)
        assert hand.__getstate__() == before
        assert env.agent_selection == "player_2"
    env.step(np.int32(1))  # numpy ints are indices too
    assert hand.history[-1].kind == "check"


def test_step_without_last_checks_the_mask_itself() -> None:
    env = aec_env(seats=2)
    env.reset(seed=5)
    with pytest.raises(hoyle.IllegalActionError):
        env.step(99)
    env.reset(seed=5)
    env.step(1)  # no last() in between: the env works out the mask
    assert env.hand is not None
    assert env.hand.history[-1].kind in ("call", "check")


def test_terminated_agents_step_with_none_only() -> None:
    env = aec_env(seats=2)
    env.reset(seed=1)
    env.step(0)  # the button folds heads-up
    assert all(env.terminations.values())
    with pytest.raises(ValueError, match="only action is None"):
        env.step(1)
    env.step(None)
    env.step(None)
    assert env.agents == []


def test_observation_space_and_observations() -> None:
    game = hoyle.games.seven_card_stud()
    env = aec_env(game, seats=5)
    env.reset(seed=2)
    layout = Layout(game, 5)
    space = env.observation_spaces["player_0"]
    assert isinstance(space, gymnasium.spaces.Dict)
    assert space["observation"].shape == (layout.size,)
    obs = env.observe(env.agent_selection)
    assert space.contains(obs)
    assert obs["observation"].dtype == np.float32
    assert obs["action_mask"].dtype == np.int8
    me = int(env.agent_selection.split("_")[1])
    assert env.hand is not None
    assert np.array_equal(obs["observation"], layout.encode(env.hand, me))


def test_render_text() -> None:
    env = aec_env(seats=3, render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert isinstance(text, str)
    assert "texas_holdem" in text
    assert "legal: 0 fold, 1 check/call" in text
    assert env.hand is not None
    assert str(hoyle.Card(env.hand.hole(0)[0])) in text


def test_reset_comes_first() -> None:
    env = aec_env(seats=2)
    with pytest.raises(RuntimeError, match="reset"):
        env.last()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(1)


def test_settings_are_checked() -> None:
    with pytest.raises(hoyle.GameError):
        aec_env(seats=1)
    with pytest.raises(hoyle.GameError):
        aec_env(stacks=(100, 100))
    with pytest.raises(hoyle.GameError):
        aec_env(stacks=0)
    with pytest.raises(hoyle.GameError):
        aec_env(hoyle.games.badugi(), actions=Actions(discards=False))
    with pytest.raises(ValueError, match="render_mode"):
        aec_env(render_mode="rgb_array")
    assert aec_env(stacks=50).stacks == (50,) * 6
    assert aec_env().stacks == (200,) * 6  # 100 big blinds
