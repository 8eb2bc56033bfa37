"""``hoyle.env.SingleAgentEnv``: Gymnasium's ``check_env`` (through
``gymnasium.make``, so that the render modes are checked too), a
``gymnasium.vector`` run, the learner's rewards, user bots, masks and the
illegal-action settings."""

from __future__ import annotations

import contextlib
import io
import random

import hoyle
import numpy as np
import pytest
from hoyle.env import Actions, SingleAgentEnv, hand_seed

from tests.support.env_oracle import expected_mask

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402


@pytest.mark.parametrize(
    "game", [hoyle.games.texas_holdem(), hoyle.games.badugi(), hoyle.games.razz()], ids=str
)
def test_check_env(game: hoyle.Game) -> None:
    env = gymnasium.make("hoyle.env.gym:hoyle/Poker-v0", game=game, seats=3)
    with contextlib.redirect_stdout(io.StringIO()):  # the "human" render mode prints
        check_env(env.unwrapped)


def test_vector_run() -> None:
    envs = gymnasium.make_vec(
        "hoyle/Poker-v0", num_envs=4, vectorization_mode="sync", seats=3, bots="loose"
    )
    obs, info = envs.reset(seed=3)
    assert obs.shape == (4, envs.single_observation_space.shape[0])
    rng = np.random.default_rng(0)
    episodes = 0
    for _ in range(200):
        mask = info["action_mask"].astype(bool)
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        obs, _reward, terminated, truncated, info = envs.step(actions)
        assert obs.dtype == np.float32
        assert not truncated.any()
        episodes += int(terminated.sum())
    assert episodes > 10
    envs.close()
    sync = gymnasium.vector.SyncVectorEnv([lambda: SingleAgentEnv(seats=2) for _ in range(2)])
    obs, info = sync.reset(seed=1)
    assert obs.shape[0] == 2
    sync.close()


def test_rewards_and_masks_follow_the_hand() -> None:
    env = SingleAgentEnv(hoyle.games.omaha(), seats=4, seat=2, bots=["tight", "loose", "random"])
    obs, info = env.reset(seed=6)
    rng = random.Random(1)
    for _ in range(30):
        hand = info["hand"]
        assert hand.actor == 2
        assert info["action_mask"].astype(bool).tolist() == expected_mask(env.actions, hand)
        assert env.action_masks().tolist() == info["action_mask"].astype(bool).tolist()
        assert np.array_equal(obs, env.layout.encode(hand, 2))
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        obs, reward, terminated, _truncated, info = env.step(action)
        if terminated:
            assert hand.is_over
            assert reward == (hand.stacks[2] - hand.starting_stacks[2]) / 2
            assert not info["action_mask"].any()
            obs, info = env.reset()
        else:
            assert reward == 0.0


def test_user_bots_and_the_deal() -> None:
    seen: list[int] = []

    def caller(hand: hoyle.Hand, rng: random.Random) -> None:
        seen.append(hand.actor or 0)
        if hand.legal.can_check:
            hand.check()
        else:
            hand.call()

    game = hoyle.games.texas_holdem()
    env = SingleAgentEnv(game, seats=3, seat=0, bots=caller, stacks=(100, 200, 300))
    _obs, info = env.reset(seed=9)
    hand = info["hand"]
    want = game.start([100, 200, 300], button=0, seed=hand_seed(9, 0, 0))
    assert hand.history[:2] == want.history[:2]
    assert hand.hole(0) == want.hole(0)
    assert seen == []  # the learner, on the button, acts first
    _obs, reward, terminated, _truncated, info = env.step(0)  # and folds: the bots play on
    assert terminated
    assert reward == 0.0
    assert seen[:2] == [1, 2]
    assert set(seen) == {1, 2}
    with pytest.raises(hoyle.GameError):
        SingleAgentEnv(bots=lambda hand, rng: None).reset(seed=1)  # makes no action


def test_illegal_actions() -> None:
    env = SingleAgentEnv(seats=2, on_illegal="raise")
    _obs, info = env.reset(seed=2)
    before = info["hand"].__getstate__()
    with pytest.raises(hoyle.IllegalActionError):
        env.step(99)
    assert info["hand"].__getstate__() == before
    lenient = SingleAgentEnv(seats=2)
    _obs, info = lenient.reset(seed=2)
    _obs, _reward, _terminated, _truncated, info = lenient.step(99)
    assert info["illegal"]
    assert info["hand"].history[2].kind in ("call", "check")


def test_settings_are_checked() -> None:
    with pytest.raises(hoyle.GameError):
        SingleAgentEnv(seats=3, seat=3)
    with pytest.raises(hoyle.GameError):
        SingleAgentEnv(bots="nobody")
    with pytest.raises(hoyle.GameError):
        SingleAgentEnv(seats=3, bots=["random"])
    with pytest.raises(hoyle.GameError):
        SingleAgentEnv(on_illegal="ignore")  # type: ignore[arg-type]
    with pytest.raises(hoyle.GameError):
        SingleAgentEnv(hoyle.games.badugi(), actions=Actions(discards=False))
    env = SingleAgentEnv(render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str)
    assert "you" in text
