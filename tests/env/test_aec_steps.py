"""The per-step bookkeeping of ``aec_env`` (``reset``, ``last``, ``step``,
``agent_iter``) gives what it gave before it was made faster: seeded random
play hashed step by step (the agent, its observation and mask bytes, its
reward, termination and truncation, every reward and the agents left)
equals digests recorded from the code before (commit e1b5124), on the core
engine and on the ``Hand`` path; and ``agent_iter`` yields what PettingZoo's
own ``AECIterable`` yields, turn for turn."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import hoyle
import numpy as np
import pytest
from hoyle.env import aec_env

pettingzoo_utils = pytest.importorskip("pettingzoo.utils.env")

# recorded with the bookkeeping of commit e1b5124 (before issue 31's cut)
RECORDED = {
    "nl6": "2fa722f3e36da54621ac910283b626a6879c122564e04b4de59a4fec1f5ea7cb",
    "nl3": "a0dd0c574fc5aa784dfed22699cdb4d360bb6182eb14ae8d5be3c9638744bbb4",
    "plo4": "55c8d1c277d348a2aafe50e9970b2d0d5ba7a65db9a7a86db233efdfd2007fba",
}


def digest(env: Any, hands: int, seed: int) -> str:
    """The hash of ``hands`` hands of seeded random play on ``env``."""
    h = hashlib.sha256()
    rng = random.Random(seed)
    env.reset(seed=seed)
    for _ in range(hands):
        for agent in env.agent_iter():
            obs, reward, term, trunc, _info = env.last()
            h.update(agent.encode())
            h.update(obs["observation"].tobytes())
            h.update(obs["action_mask"].tobytes())
            seen = (reward, term, trunc, sorted(env.rewards.items()), list(env.agents))
            h.update(repr(seen).encode())
            action = None
            if not (term or trunc):
                action = int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            env.step(action)
        env.reset()
    return h.hexdigest()


ENVS = {
    "nl6": lambda backend: aec_env(seats=6, _backend=backend),
    "nl3": lambda backend: aec_env(seats=3, stacks=[30, 200, 7], _backend=backend),
    "plo4": lambda backend: aec_env(hoyle.games.omaha(), seats=4, _backend=backend),
}


@pytest.mark.parametrize("backend", ["core", "python"])
@pytest.mark.parametrize("name", sorted(RECORDED))
def test_seeded_play_is_as_recorded(name: str, backend: str) -> None:
    assert digest(ENVS[name](backend), 300, 11) == RECORDED[name]


def test_a_different_seed_gives_a_different_digest() -> None:
    assert digest(ENVS["nl6"]("core"), 300, 12) != RECORDED["nl6"]


@pytest.mark.parametrize("max_iter", [0, 1, 5, 2**63])
def test_agent_iter_is_pettingzoos(max_iter: int) -> None:
    """Two envs in step, one iterated by hoyle's ``agent_iter``, the other
    by PettingZoo's ``AECIterable``, each pass stepping a random legal
    action: the same agents, the same number of turns, pass after pass."""
    ours, theirs = aec_env(seats=4), aec_env(seats=4)
    ours.reset(seed=2)
    theirs.reset(seed=2)
    rng = random.Random(3)
    iterables = (ours.agent_iter(max_iter), pettingzoo_utils.AECIterable(theirs, max_iter))
    for _ in range(40):  # passes over the same iterables
        seen: list[list[str]] = [[], []]
        for i, (env, turns) in enumerate(zip((ours, theirs), iterables, strict=True)):
            state = rng.getstate()
            for agent in turns:
                seen[i].append(agent)
                obs, _, term, _, _ = env.last()
                assert obs is not None
                mask = obs["action_mask"]
                env.step(None if term else int(rng.choice(np.flatnonzero(mask).tolist())))
            if i == 0:
                rng.setstate(state)  # the same picks for the peer
        assert seen[0] == seen[1]
        assert len(seen[0]) <= max_iter
        if not ours.agents:
            ours.reset()
            theirs.reset()


def test_last_returns_each_agents_own_dict_filled_now() -> None:
    """``last()`` on the engine is one call: it refills the selected agent's
    rows (garbage written there is overwritten) and returns that agent's dict;
    ``_bind_dicts`` refuses a list of the wrong length."""
    env = aec_env(seats=3)
    env.reset(seed=4)
    want = env.observe("player_0")["observation"].copy()
    obs = env.last()[0]
    assert obs is env.observe("player_0")
    obs["observation"][:] = np.nan
    obs["action_mask"][:] = 0
    again = env.last()[0]
    assert again is obs
    assert again["observation"].tobytes() == want.tobytes()
    assert again["action_mask"].tolist() == [1, 1, 1, 0, 1, 1]
    with pytest.raises(ValueError, match="2 objects for 3 seats"):
        env._engine._bind_dicts([{}, {}])  # type: ignore[attr-defined]
