"""``hoyle.env.SingleAgentEnv``: Gymnasium's ``check_env`` (through
``gymnasium.make``, so that the render modes are checked too), a
``gymnasium.vector`` run, the learner's rewards, user bots, masks and the
illegal-action settings."""

from __future__ import annotations

import contextlib
import io
import random
import warnings

import hoyle
import numpy as np
import pytest
from hoyle.env import Actions, SingleAgentEnv, hand_seed
from hoyle.errors import ActionArrayError

from tests.support.env_oracle import expected_mask

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from hoyle.env.gym import IllegalActionWarning  # noqa: E402


@pytest.mark.parametrize(
    "game", [hoyle.games.texas_holdem(), hoyle.games.badugi(), hoyle.games.razz()], ids=str
)
def test_check_env(game: hoyle.Game) -> None:
    # check_env steps with action_space.sample(), any index: the silent fallback
    env = gymnasium.make(
        "hoyle.env.gym:hoyle/Poker-v0", game=game, seats=3, on_illegal="check/call"
    )
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
    env = SingleAgentEnv(seats=2)  # the default: raise
    assert env.on_illegal == "raise"
    _obs, info = env.reset(seed=2)
    before = info["hand"].__getstate__()
    with pytest.raises(hoyle.IllegalActionError) as err:
        env.step(3)  # bet 2, pot 3, call 1: half the pot is 2 + 2 = 4, the min raise's total
    assert str(err.value) == (
        "action 3 (raise 0.5 pot) is not legal now"
        " (legal: 0 fold, 1 check/call, 2 min raise, 4 raise 1 pot, 5 all in)"
    )
    with pytest.raises(
        hoyle.IllegalActionError, match=r"action 99 is not legal now \(legal: 0 fold"
    ):
        env.step(99)
    assert info["hand"].__getstate__() == before
    lenient = SingleAgentEnv(seats=2, on_illegal="check/call")
    _obs, info = lenient.reset(seed=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # silent
        _obs, _reward, _terminated, _truncated, info = lenient.step(99)
    assert info["illegal"]
    assert info["hand"].history[2].kind in ("call", "check")


def test_warn_once_then_the_fallback() -> None:
    env = SingleAgentEnv(seats=2, on_illegal="warn")
    _obs, info = env.reset(seed=2)
    with pytest.warns(
        IllegalActionWarning, match=r"action 3 \(raise 0.5 pot\) is not legal"
    ) as seen:
        _obs, _reward, _terminated, _truncated, info = env.step(3)
    assert len(seen) == 1
    assert "playing check/call instead" in str(seen[0].message)
    assert info["illegal"]
    assert info["hand"].history[2].kind == "call"  # the small blind's call
    _obs, info = env.reset(seed=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # said once: no second warning
        _obs, _reward, _terminated, _truncated, info = env.step(3)
    assert info["illegal"]
    _obs, info = env.reset(seed=2)
    _obs, _reward, _terminated, _truncated, info = env.step(1)
    assert not info["illegal"]


@pytest.mark.parametrize("on_illegal", ["raise", "warn", "check/call"])
def test_an_array_is_never_one_action(on_illegal: str) -> None:
    env = SingleAgentEnv(seats=2, on_illegal=on_illegal)  # type: ignore[arg-type]
    _obs, info = env.reset(seed=2)
    before = info["hand"].__getstate__()
    for wrong in (np.array([1]), np.ones((2, 3), dtype=np.int64)):
        with pytest.raises(
            ActionArrayError, match=r"one action is an int index .* got an array of shape"
        ):
            env.step(wrong)
    assert info["hand"].__getstate__() == before
    _obs, _reward, _terminated, _truncated, info = env.step(np.array(2))  # 0-d: one action
    assert not info["illegal"]
    assert info["hand"].history[2].kind == "raise"  # the min raise, not a fallback


@pytest.mark.parametrize("on_illegal", ["warn", "check/call"])
def test_numpy_integers_are_actions_not_fallbacks(on_illegal: str) -> None:
    """What ``SyncVectorEnv`` passes each env: a numpy integer, played as
    given (a raise stays a raise)."""
    env = SingleAgentEnv(seats=2, on_illegal=on_illegal)  # type: ignore[arg-type]
    env.reset(seed=2)
    for kind in (np.int64, np.int32, np.uint8):
        env.reset(seed=2)
        _obs, _reward, _terminated, _truncated, info = env.step(kind(5))  # all in
        assert not info["illegal"]
        assert info["hand"].history[2].kind == "raise"
        assert info["hand"].history[2].total == 200


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
