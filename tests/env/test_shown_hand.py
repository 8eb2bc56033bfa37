"""Issue 25, item 7: the hand an environment shows (``infos[agent]["hand"]``,
``env.hand``, ``info["hand"]``, ``VectorTables.hand(i)``) can be read but
not moved: acting on it raises ``IllegalActionError`` and the environment
plays on as if nothing happened; a ``clone()`` is the caller's to act on."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import hoyle
import numpy as np
import pytest
from hoyle.env import Actions, SingleAgentEnv, VectorTables, aec_env
from hoyle.env.seeds import TableHand

GAMES = {"core": hoyle.games.texas_holdem(), "stud": hoyle.games.seven_card_stud()}


def _all_actions(hand: Any) -> list[Any]:
    return [
        hand.fold,
        hand.check,
        hand.call,
        hand.bring_in,
        lambda: hand.raise_to(hand.legal.min_raise_to or 10),
        lambda: hand.draw([]),
    ]


def _play(env: Any, steps: int) -> list[tuple[str, int]]:
    """``steps`` steps of the lowest legal action; the (agent, action) taken."""
    taken: list[tuple[str, int]] = []
    for _ in range(steps):
        agent = env.agent_selection
        if env.terminations[agent]:
            env.step(None)
            continue
        action = int(np.flatnonzero(env.observe(agent)["action_mask"])[-1 if len(taken) % 3 else 1])
        env.step(action)
        taken.append((agent, action))
    return taken


@pytest.mark.parametrize("kind", ["core", "stud"])
def test_acting_on_the_infos_hand_is_refused_and_changes_nothing(kind: str) -> None:
    env = aec_env(GAMES[kind], seats=3)
    twin = aec_env(GAMES[kind], seats=3)
    assert (type(env).__name__ == "CoreEnv") == (kind == "core")
    env.reset(seed=4)
    twin.reset(seed=4)
    for step in range(12):
        hand = env.infos[env.agent_selection]["hand"]
        before = hand.clone()
        for act in _all_actions(hand):
            with pytest.raises(hoyle.IllegalActionError, match="environment's own hand"):
                act()
        assert hand == before
        assert env.hand is hand
        assert hand is not None
        mine = hand.clone()  # the caller's copy moves freely
        assert type(mine) is TableHand
        if mine.actor is not None:
            Actions().apply(mine, int(np.flatnonzero(Actions().mask(mine))[0]))
        assert hand == before
        if not env.agents:
            break
        _play(env, 1)
        _play(twin, 1)
        assert env.hand == twin.hand, step
        assert env.agent_selection == twin.agent_selection
        if env.agents and not env.terminations[env.agent_selection]:
            seat = int(env.agent_selection.split("_")[1])
            assert env.hand.actor == seat  # the env's seat to act is the hand's


@pytest.mark.parametrize("kind", ["core", "stud"])
def test_copies_are_plain_hands_and_a_copied_env_shows_its_own(kind: str) -> None:
    env = aec_env(GAMES[kind], seats=3)
    env.reset(seed=2)
    _play(env, 2)
    hand = env.hand
    for made in (copy.copy(hand), copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))):
        assert type(made) is TableHand
        assert made == hand
    for twin in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        assert twin.hand == env.hand
        assert twin.infos[twin.agent_selection]["hand"] is twin.hand
        with pytest.raises(hoyle.IllegalActionError):
            twin.hand.fold()
        assert _play(twin, 4) == _play(env, 4)
        assert twin.hand == env.hand
        env.reset(seed=2)
        _play(env, 2)


def test_single_agent_env_info_hand_is_read_only() -> None:
    env = SingleAgentEnv(seats=3, bots="loose")
    _obs, info = env.reset(seed=3)
    hand = info["hand"]
    before = hand.clone()
    with pytest.raises(hoyle.IllegalActionError):
        hand.call()
    assert hand == before
    _obs, _r, _t, _tr, info = env.step(1)
    assert info["hand"] is hand
    assert pickle.loads(pickle.dumps(env)).hand == env.hand


@pytest.mark.parametrize("backend", ["core", "python"])
def test_vector_tables_hand_is_a_copy(backend: Any) -> None:
    t = VectorTables(hoyle.games.texas_holdem(), 2, seats=3, seed=1, backend=backend)
    t.reset()
    hand = t.hand(0)
    hand.fold()  # moves only the copy
    assert t.hand(0) != hand
    mask = t.mask.copy()
    t.step(np.ones(2, dtype=np.int64))
    assert t.hand(0).history[-1].kind == "call"
    assert mask[0, 1]
