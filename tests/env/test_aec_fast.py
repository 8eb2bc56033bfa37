"""``aec_env``'s ``step``, ``last`` and ``agent_iter`` on the core engine as
single core calls (``hoyle._core._AecSteps``, ``_AecTurns``): the same play
as the Python methods they stand in for (``CoreSteps.step``,
``CoreSteps.last``, the ``_turns`` generator), which still take every
unusual case; a subclass's own ``step`` and ``last`` are kept; the state
they hold survives pickling; a dropped environment is collected."""

from __future__ import annotations

import copy
import gc
import pickle
import random
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hoyle import _core
from hoyle.env import aec_env
from hoyle.env._aec_core import CoreSteps
from hoyle.env.aec import CoreEnv, _turns

from tests.env.test_aec_steps import ENVS, RECORDED, digest

pytest.importorskip("pettingzoo")


def python_methods(env: Any) -> Any:
    """``env`` with the core's ``step`` and ``last`` taken out of its dict
    (the class's Python methods answer) and ``agent_iter`` the generator."""
    del env.__dict__["step"], env.__dict__["last"]
    env.agent_iter = lambda max_iter=2**63: _turns(env, max_iter)
    return env


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_the_python_methods_play_as_recorded_too(name: str) -> None:
    env = ENVS[name]("core")
    assert type(env.__dict__["step"]).__name__ == "builtin_function_or_method"
    assert digest(python_methods(env), 300, 11) == RECORDED[name]


def test_a_subclass_keeps_its_own_step_and_last() -> None:
    calls: list[str] = []

    class Counted(CoreEnv):
        def step(self, action: Any) -> None:
            calls.append("step")
            super().step(action)

        def last(self, observe: bool = True) -> Any:
            calls.append("last")
            return super().last(observe)

    env = Counted(None, 3, None, None, 16, None)
    assert "step" not in env.__dict__
    assert "last" not in env.__dict__
    env.reset(seed=3)
    env.last()
    env.step(0)
    assert calls == ["last", "step"]


def play_some(env: Any, rng: random.Random, turns: int) -> list[Any]:
    """``turns`` turns of random play (a new hand when one ends), what each saw."""
    seen: list[Any] = []
    for _ in range(turns):
        if not env.agents:
            env.reset()
        obs, reward, term, trunc, info = env.last()
        seen.append((env.agent_selection, obs["observation"].tobytes(), reward, term, trunc))
        seen.append((sorted(env.rewards.items()), list(env.agents), info["hand"].actor))
        mask = obs["action_mask"]
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(mask).tolist())))
    return seen


@pytest.mark.parametrize("twin", [pickle.loads, copy.deepcopy], ids=["pickle", "deepcopy"])
def test_a_copy_made_at_any_turn_plays_on_the_same(twin: Any) -> None:
    """Copies made at every turn of a few hands, the terminated agents'
    steps included (where the rewards paid are zeroed a step later), each
    played on beside the original."""
    env = aec_env(seats=4)
    env.reset(seed=5)
    rng = random.Random(2)
    for _ in range(60):
        other = twin(pickle.dumps(env)) if twin is pickle.loads else twin(env)
        assert other.rewards == env.rewards
        assert other.agents == env.agents
        state = rng.getstate()
        theirs = play_some(other, rng, 3)
        rng.setstate(state)
        assert play_some(env, rng, 3) == theirs


def test_unusual_cases_go_to_the_python_methods() -> None:
    """A dict of a subclass, an action that is not an int, a non-bool
    ``observe``, an unknown agent: the Python methods answer, as before."""

    class Terms(dict[str, bool]):
        pass

    env = aec_env(seats=3)
    env.reset(seed=7)
    env.terminations = Terms(env.terminations)
    env.step(np.int64(0))  # (not an exact int)
    assert env.last(observe=1)[0] is not None  # type: ignore[arg-type]
    assert env.last(observe=0)[0] is None  # type: ignore[arg-type]
    env.agent_selection = "nobody"
    with pytest.raises(Exception, match="nobody"):
        env.step(0)
    with pytest.raises(KeyError):
        env.last()


def test_a_dropped_env_is_collected() -> None:
    """The env's dict holds the core's bound methods and the core holds the
    env: the cycle collector frees both."""
    env = aec_env(seats=3)
    env.reset(seed=1)
    env.step(0)
    turns = iter(env.agent_iter())
    gone = weakref.ref(env)
    del env, turns
    gc.collect()
    assert gone() is None


def test_the_core_steps_refuse_a_busy_env() -> None:
    env = aec_env(seats=3)
    env.reset(seed=1)
    token = env._free.pop()  # (another call is running)
    try:
        with pytest.raises(Exception, match="in the middle of another call"):
            env.step(0)
    finally:
        env._free.append(token)
    env.step(0)
    assert CoreSteps.step is type(env).step


def test_a_kept_result_of_last_never_changes() -> None:
    """``last()``'s tuple is refilled only once the caller has let it go
    (``fast.rs``'s spare tuple): one kept stays as it was; with the fast
    paths off every call makes a new one, and play is as recorded."""
    env = aec_env(seats=3)
    env.reset(seed=1)
    kept = env.last()
    items = [id(x) for x in kept]
    env.step(0)
    again = env.last()
    assert again is not kept
    assert [id(x) for x in kept] == items
    assert again[4] is env.infos[env.agent_selection]
    previous = _core._set_fast_paths(False)
    try:
        assert digest(ENVS["nl6"]("core"), 100, 11) == digest_on(100)
    finally:
        _core._set_fast_paths(previous)


def digest_on(hands: int) -> str:
    """``digest`` of the nl6 env with the fast paths on."""
    previous = _core._set_fast_paths(True)
    try:
        return digest(ENVS["nl6"]("core"), hands, 11)
    finally:
        _core._set_fast_paths(previous)


def test_the_entries_pass_any_other_call_to_the_core_methods() -> None:
    """``step`` and ``last`` in the env's dict are the core's methods behind
    hand-written entries (``aec_entry.rs``): a call with keywords or a
    wrong count goes to the core's own method, with its result or error,
    and play by keywords is play as recorded."""
    env = aec_env(seats=3)
    env.reset(seed=4)
    core = env.__dict__["_core"]
    step, last = env.__dict__["step"], env.__dict__["last"]
    assert (step.__name__, last.__name__) == ("step", "last")
    assert step.__self__ is core
    assert last.__self__ is core
    calls: list[Callable[[Any], Any]] = [lambda f: f(), lambda f: f(0, 1), lambda f: f(nope=0)]
    for call in calls:
        with pytest.raises(TypeError) as ours:
            call(step)
        with pytest.raises(TypeError) as theirs:
            call(core.step)
        assert str(ours.value) == str(theirs.value)
    with pytest.raises(TypeError) as ours:
        last(True, 1)
    with pytest.raises(TypeError) as theirs:
        core.last(True, 1)
    assert str(ours.value) == str(theirs.value)
    assert last(observe=False)[0] is None
    assert last(False)[1:] == core.last(observe=False)[1:]
    assert last()[0]["observation"].tobytes() == core.last()[0]["observation"].tobytes()

    class ByKeyword:
        """The env with every step and last called by keyword."""

        def __init__(self, env: Any) -> None:
            self.env = env

        def __getattr__(self, name: str) -> Any:
            return getattr(self.env, name)

        def step(self, action: Any) -> None:
            self.env.step(action=action)

        def last(self, observe: bool = True) -> Any:
            return self.env.last(observe=observe)

    assert digest(ByKeyword(ENVS["nl6"]("core")), 100, 11) == digest_on(100)
