"""``aec_env`` on the core engine (``hoyle.env._aec_core``) against the same
environment driven by a Python ``Hand`` (``_backend="python"``, the
reference): over random flop games, seats, stacks, action sets and random
play, both give the same agents in the same order, bit-equal observations
(every agent's, not only the actor's), masks, rewards, terminations and
equal hands in ``infos``. The sleeping ``Hand`` (``hoyle.env._lazy``) is
a real ``Hand``, correct whenever it is read: mid-hand, after the end,
pickled, cloned, copied, compared; and PettingZoo's own checkers pass on
both paths."""

from __future__ import annotations

import copy
import pickle
import random
import warnings
from typing import Any

import hoyle
import numpy as np
import pytest
from hoyle.env import Actions, aec_env
from hoyle.env._aec_core import NotPlayed
from hoyle.env._fast import settings as engine_settings
from hoyle.env._lazy import SleepingHand
from hoyle.env._shown import ShownHand
from hoyle.env.aec import CoreEnv, PokerEnv
from hoyle.env.seeds import TableHand
from hypothesis import HealthCheck, assume, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tests.support.env_oracle import expected_mask, naive_encode, tables

pettingzoo_test = pytest.importorskip("pettingzoo.test")

FLOP_GAMES = {
    "no-limit hold'em": hoyle.games.texas_holdem,
    "pot-limit omaha": hoyle.games.omaha,
    "omaha hi-lo": hoyle.games.omaha_hilo,
}


def pair(game: hoyle.Game | None = None, **kw: Any) -> tuple[PokerEnv, PokerEnv]:
    core = aec_env(game, _backend="core", **kw)
    ref = aec_env(game, _backend="python", **kw)
    assert type(core) is CoreEnv
    assert type(ref) is PokerEnv
    return core, ref


def same_last(core: PokerEnv, ref: PokerEnv) -> Any:
    """Both envs' ``last()`` agree; the reference's observation."""
    a, b = core.last(), ref.last()
    assert a[0] is not None
    assert b[0] is not None
    assert a[0]["observation"].tobytes() == b[0]["observation"].tobytes()
    assert np.array_equal(a[0]["action_mask"], b[0]["action_mask"])
    assert a[1:4] == b[1:4]
    assert (type(a[1]), type(b[1])) == (float, float)
    return b[0]


def same_tables(core: PokerEnv, ref: PokerEnv) -> None:
    assert core.agents == ref.agents
    assert core.agent_selection == ref.agent_selection
    assert core.rewards == ref.rewards
    assert core._cumulative_rewards == ref._cumulative_rewards
    assert core.terminations == ref.terminations
    assert core.truncations == ref.truncations
    assert sorted(core.infos) == sorted(ref.infos)


def step_both(core: PokerEnv, ref: PokerEnv, action: int | None) -> None:
    """The same action on both; the same refusal from both, if any."""
    errors: list[type[BaseException] | None] = []
    for env in (core, ref):
        try:
            env.step(action)
            errors.append(None)
        except hoyle.IllegalActionError as err:
            errors.append(type(err))
    assert errors[0] == errors[1]


def play_both(core: PokerEnv, ref: PokerEnv, rng: random.Random, reads: float = 0.3) -> None:
    """One hand on both, random legal actions; checks everything each step,
    the hands in ``infos`` at a share ``reads`` of the steps."""
    for agent in ref.agent_iter():
        same_tables(core, ref)
        obs = same_last(core, ref)
        for other in ref.agents:  # every agent's view, the actor's mask only
            a, b = core.observe(other), ref.observe(other)
            assert a["observation"].tobytes() == b["observation"].tobytes()
            assert np.array_equal(a["action_mask"], b["action_mask"])
        if rng.random() < reads:  # reading the hand wakes it: sometimes, not always
            assert core.infos[agent]["hand"] == ref.infos[agent]["hand"]
        if ref.terminations[agent]:
            step_both(core, ref, None)
        else:
            step_both(core, ref, rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    same_tables(core, ref)


@hypothesis_settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(table=tables(), seed=st.integers(0, 2**64 - 1), pick=st.integers(0, 2**32))
def test_core_and_hand_envs_agree(
    table: tuple[hoyle.Game, int, list[int], Actions], seed: int, pick: int
) -> None:
    game, seats, stacks, actions = table
    assume(engine_settings(game) is not None)
    core, ref = pair(game, seats=seats, stacks=stacks, actions=actions, window=5)
    rng = random.Random(pick)
    for k in range(3):
        if k:
            core.reset()
            ref.reset()
        else:
            core.reset(seed=seed)
            ref.reset(seed=seed)
        hand = core.hand
        assert isinstance(hand, hoyle.Hand)
        play_both(core, ref, rng)
        assert hand == ref.hand  # after the end
        assert hand.is_over


def test_the_engine_plays_the_flop_games_only() -> None:
    assert type(aec_env()) is CoreEnv
    assert type(aec_env(hoyle.games.omaha_hilo(), seats=3)) is CoreEnv
    assert type(aec_env(hoyle.games.seven_card_stud(), seats=3)) is PokerEnv
    assert type(aec_env(hoyle.games.badugi(), seats=3)) is PokerEnv
    with pytest.raises(NotPlayed):
        aec_env(hoyle.games.razz(), seats=3, _backend="core")
    with pytest.raises(ValueError, match="_backend"):
        aec_env(_backend="fast")


def started(seed: int = 9) -> tuple[PokerEnv, PokerEnv]:
    """The two envs, 4-max hold'em, after a reset and three random steps."""
    core, ref = pair(seats=4)
    core.reset(seed=seed)
    ref.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(3):
        mask = ref.observe(ref.agent_selection)["action_mask"]
        step_both(core, ref, rng.choice(np.flatnonzero(mask).tolist()))
    return core, ref


def test_the_hand_sleeps_until_read() -> None:
    core, ref = started()
    hand = core.infos[core.agent_selection]["hand"]
    assert hand is core.hand
    assert ref.hand is not None
    assert type(hand) is SleepingHand
    assert isinstance(hand, hoyle.Hand)
    assert isinstance(hand, TableHand)
    assert hand.actor == ref.hand.actor  # a read wakes it, up to date
    woken: type = type(hand)
    assert woken is ShownHand  # read-only (issue 25, item 7)
    assert hand.history == ref.hand.history
    assert len(hand.history) > 3
    mask = ref.observe(ref.agent_selection)["action_mask"]
    step_both(core, ref, int(np.flatnonzero(mask)[0]))
    assert type(hand) is SleepingHand  # asleep again after the engine's step
    assert hand == ref.hand
    assert ref.hand == hand  # (the reflected comparison too)
    assert hand.legal == ref.hand.legal
    assert (
        expected_mask(core.actions, hand)
        == core.observe(core.agent_selection)["action_mask"].astype(bool).tolist()
    )


@pytest.mark.parametrize(
    "read",
    [
        pickle.dumps,
        copy.copy,
        copy.deepcopy,
        lambda h: h.clone(),
        lambda h: h.__getstate__(),
        repr,
        lambda h: h.__class__,
    ],
    ids=["pickle", "copy", "deepcopy", "clone", "getstate", "repr", "class"],
)
def test_every_kind_of_read_sees_the_current_hand(read: Any) -> None:
    core, ref = started(seed=21)
    hand = core.hand
    assert type(hand) is SleepingHand
    got = read(hand)
    woken: type = type(hand)
    assert woken is ShownHand  # read-only (issue 25, item 7)
    assert hand == ref.hand
    if isinstance(got, bytes):
        loaded = pickle.loads(got)
        assert type(loaded) is TableHand
        assert loaded == ref.hand
    elif isinstance(got, hoyle.Hand):
        assert got is not hand
        assert type(got) is TableHand
        assert got == ref.hand
        got.fold()  # an independent copy: the env's hand does not move
        assert hand == ref.hand


def test_a_hand_never_read_during_play_is_right_at_the_end() -> None:
    core, ref = pair(seats=6)
    kept: list[tuple[hoyle.Hand, hoyle.Hand]] = []
    for seed in range(5):
        core.reset(seed=seed)
        ref.reset(seed=seed)
        hand = core.hand
        rng = random.Random(seed)
        for agent in ref.agent_iter():
            obs = same_last(core, ref)
            if ref.terminations[agent]:
                step_both(core, ref, None)
            else:
                step_both(core, ref, rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        assert type(hand) is SleepingHand
        assert pickle.loads(pickle.dumps(hand)) == ref.hand
        assert hand.is_over
        assert hand.stacks == ref.hand.stacks
        core.reset()  # the next hand: a hand kept asleep from before stays right
        ref.reset()
        assert core.hand is not None
        assert ref.hand is not None
        kept.append((core.hand, ref.hand))
        play_both(core, ref, rng, reads=0.0)
    for asleep_hand, want in kept:
        assert type(asleep_hand) is SleepingHand
        assert asleep_hand == want


def test_the_final_observations_are_each_seats_own() -> None:
    core, _ = pair(seats=3)
    core.reset(seed=4)
    core.step(0)
    core.step(0)  # the big blind wins
    hand = core.hand
    assert hand is not None
    assert all(core.terminations.values())
    for agent in core.agents:
        me = int(agent.split("_")[1])
        seen = core.observe(agent)
        assert np.array_equal(seen["observation"], naive_encode(core.layout, hand, me))
        assert not seen["action_mask"].any()


def test_an_illegal_action_on_the_engine_names_it() -> None:
    core, _ = pair(seats=3)
    core.reset(seed=3)
    core.step(1)
    core.step(1)  # the big blind may check: fold is masked
    with pytest.raises(hoyle.IllegalActionError, match=r"action 0 \(fold\) is not legal now"):
        core.step(0)
    with pytest.raises(hoyle.IllegalActionError, match="action 1180591620717411303424 is"):
        core.step(2**70)
    with pytest.raises(hoyle.IllegalActionError, match="an action index is an int, got bool"):
        core.step(True)
    with pytest.raises(hoyle.IllegalActionError, match="an action index is an int, got float"):
        core.step(1.0)
    core.step(np.uint8(1))
    assert core.hand is not None
    assert core.hand.history[-1].kind == "check"


@pytest.mark.parametrize("name", list(FLOP_GAMES))
def test_pettingzoo_api_test_on_the_hand_path(name: str) -> None:
    """The Hand-driven path of the flop games (the engine's is in test_env_aec.py)."""
    env = aec_env(FLOP_GAMES[name](), seats=4, _backend="python")
    with warnings.catch_warnings():
        # the same two warnings test_env_aec.py's api_test excuses (see there)
        warnings.filterwarnings("ignore", "Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", r"Action mask numpy array is all zeros")
        pettingzoo_test.api_test(env, num_cycles=200)


@pytest.mark.parametrize("name", list(FLOP_GAMES))
def test_pettingzoo_seed_test_on_the_hand_path(name: str) -> None:
    game = FLOP_GAMES[name]
    pettingzoo_test.seed_test(lambda: aec_env(game(), seats=3, _backend="python"), num_cycles=50)


def test_the_engines_observe_of_any_seat() -> None:
    """``_Tables._observe`` (the rows given per call) fills what ``observe``
    (the rows bound once) fills, and refuses rows it cannot fill."""
    core, _ = started(seed=5)
    engine = core._engine  # type: ignore[attr-defined]
    d, a = core.layout.size, core.actions.size(core.game)
    for agent in core.possible_agents:
        seat = int(agent.split("_")[1])
        want = core.observe(agent)
        obs, mask = np.full(d, np.nan, dtype=np.float32), np.ones(a, dtype=np.bool_)
        engine._observe(0, seat, obs, mask)
        assert obs.tobytes() == want["observation"].tobytes()
        assert mask.tolist() == want["action_mask"].astype(bool).tolist()
    obs, mask = np.zeros(d, dtype=np.float32), np.zeros(a, dtype=np.bool_)
    with pytest.raises(ValueError, match="seat 4 of 4"):
        engine._observe(0, 4, obs, mask)
    with pytest.raises(ValueError, match="table 1 of 1"):
        engine._observe(1, 0, obs, mask)
    with pytest.raises(ValueError, match="entries"):
        engine._observe(0, 0, obs[1:], mask)
    with pytest.raises(ValueError, match="share memory"):
        engine._observe(0, 0, obs, obs.view(np.bool_)[:a])
    with pytest.raises(ValueError, match="pairs of rows"):
        engine._bind([(obs, mask)])
