"""``hoyle.env.parallel_env``: PettingZoo's ``parallel_api_test``; the same
hands, observations and rewards as ``aec_env`` played with the same
actions; SuperSuit's ``pettingzoo_env_to_vec_env_v1`` and
``concat_vec_envs_v1`` over it (chips conserved in every finished hand);
``aec_to_parallel`` refusing ``aec_env`` (``is_parallelizable`` False: poker
is not played in cycles) while PettingZoo's ``turn_based_aec_to_parallel``
takes it."""

from __future__ import annotations

import random
from typing import Any

import hoyle
import numpy as np
import pytest
from hoyle.env import aec_env, parallel_env
from hoyle.errors import ActionArrayError, IllegalActionError

pettingzoo_test = pytest.importorskip("pettingzoo.test")
from pettingzoo.utils.conversions import aec_to_parallel, turn_based_aec_to_parallel  # noqa: E402


@pytest.mark.parametrize(
    "game", [hoyle.games.texas_holdem(), hoyle.games.seven_card_stud()], ids=str
)
def test_parallel_api(game: hoyle.Game) -> None:
    pettingzoo_test.parallel_api_test(parallel_env(game, seats=4), num_cycles=300)


def legal(mask: Any, rng: random.Random) -> int:
    return int(rng.choice(np.flatnonzero(mask).tolist()))


def test_the_same_hands_as_aec_env() -> None:
    par, aec = parallel_env(seats=4), aec_env(seats=4)
    rng = random.Random(5)
    for hand in range(30):
        seed = 3 if hand == 0 else None
        observations, _ = par.reset(seed=seed)
        aec.reset(seed=seed)
        while True:
            actor = aec.agent_selection
            for agent in aec.possible_agents:
                mine, theirs = observations[agent], aec.observe(agent)
                assert np.array_equal(mine["observation"], theirs["observation"])
                assert np.array_equal(mine["action_mask"], theirs["action_mask"])
            action = legal(observations[actor]["action_mask"], rng)
            others = {a: 0 for a in par.agents if a != actor}  # ignored
            observations, rewards, terminations, truncations, infos = par.step(
                {**others, actor: action}
            )
            aec.step(action)
            if all(terminations.values()):
                assert rewards == aec.rewards
                assert abs(sum(rewards.values())) < 1e-9
                assert not any(truncations.values())
                assert infos[actor]["hand"].is_over
                assert par.agents == []
                while aec.agents:
                    aec.step(None)
                break
            assert not any(rewards.values())


def test_steps_that_are_refused() -> None:
    env = parallel_env(seats=3)
    env.reset(seed=7)  # player_0, the button, is to act
    with pytest.raises(IllegalActionError, match="actions must map the agent to act, player_0"):
        env.step({"player_1": 1})
    with pytest.raises(IllegalActionError, match=r"action 3 \(raise 0.5 pot\) is not legal"):
        env.step({"player_0": 3})
    with pytest.raises(ActionArrayError, match=r"got an array of shape \(2,\)"):
        env.step({"player_0": np.array([1, 1])})
    env.step({"player_0": 0})
    env.step({"player_1": 0})
    with pytest.raises(IllegalActionError, match=r"the hand is over: call reset\(\)"):
        env.step({"player_2": 1})


def test_aec_to_parallel_refuses_aec_env_and_turn_based_takes_it() -> None:
    assert aec_env().metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(aec_env())
    par = turn_based_aec_to_parallel(aec_env(seats=3))
    observations, _ = par.reset(seed=7)
    assert observations["player_0"]["action_mask"].any()


def test_supersuit_vector_envs() -> None:
    ss = pytest.importorskip("supersuit")
    vec = ss.pettingzoo_env_to_vec_env_v1(parallel_env(seats=3))
    envs = ss.concat_vec_envs_v1(vec, 2, num_cpus=0, base_class="gymnasium")
    obs, _infos = envs.reset(seed=1)
    assert obs["observation"].shape == (6, vec.observation_space["observation"].shape[0])
    rng = np.random.default_rng(0)
    finished = 0
    totals: list[float] = []
    for _ in range(300):
        mask = obs["action_mask"].astype(bool)
        assert mask.any(axis=1).sum() == 2  # one seat to act at each of the 2 tables
        picks = (rng.random(mask.shape) * mask).argmax(axis=1)
        obs, rewards, terminations, truncations, _infos = envs.step(picks)
        assert not truncations.any()
        for table in range(2):
            rows = slice(3 * table, 3 * table + 3)
            if terminations[rows].all():
                finished += 1
                totals.append(float(rewards[rows].sum()))
            else:
                assert not terminations[rows].any()
                assert not rewards[rows].any()
    envs.close()
    assert finished > 20
    assert totals == pytest.approx([0.0] * len(totals), abs=1e-6)  # chips conserved
