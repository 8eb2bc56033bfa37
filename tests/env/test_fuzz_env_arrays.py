"""Issue 25, item 13 and the fuzzer "env action arrays of every dtype and
shape": ``VectorTables.step`` (both backends) and ``aec_env``/
``SingleAgentEnv.step`` given ints of every width, uints, floats (nan,
inf), bools, objects, 0-d, wrong lengths, non-contiguous and read-only
arrays. Each is accepted with the effect of the equivalent int64 array,
or refused with a hoyle error and nothing changed."""

from __future__ import annotations

import copy
import pickle
import random
import re
from typing import Any

import hoyle
import numpy as np
import pytest
from hoyle.env import Actions, Layout, SingleAgentEnv, VectorTables, aec_env
from hoyle.errors import ActionArrayError, GameError, HoyleError

from tests.support.fuzzing import BUDGET, fuzz

DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
OTHER = [np.float32, np.float64, np.bool_, object, np.complex64]


def _snapshot(t: VectorTables) -> tuple[Any, ...]:
    arrays = tuple(a.copy() for a in (t.obs, t.mask, t.actor, t.rewards, t.done))
    return arrays, [t.hand(i).__getstate__() for i in range(t.tables)]


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a[0], b[0], strict=True)) and a[1] == b[1]


def _array(rng: random.Random, n: int, legal: list[int]) -> Any:  # noqa: PLR0911
    """A hostile array of actions for ``n`` tables (``legal`` one legal
    index per table)."""
    kind = rng.randrange(9)
    length = n if rng.random() < 0.7 else rng.choice([0, 1, n - 1, n + 1, 2 * n])
    values = [rng.choice([*legal, -1, 99, 2**31, 2**63 - 1]) for _ in range(length)]
    if kind < 3:
        values = (legal + legal)[:length] if rng.random() < 0.6 else values
        dtype: Any = rng.choice(DTYPES)
        info = np.iinfo(dtype)
        return np.array([min(max(v, info.min), info.max) for v in values], dtype=dtype)
    if kind == 3:
        return np.array([*values, rng.choice([np.nan, np.inf, 1.5])], dtype=rng.choice(OTHER[:2]))
    if kind == 4:
        return np.array(values, dtype=rng.choice(OTHER))
    if kind == 5:
        return np.int64(legal[0]) if rng.random() < 0.5 else np.array(legal[0])
    if kind == 6:
        wide = np.repeat(np.array(legal, dtype=np.int64), 2)[::2]  # non-contiguous
        return wide
    if kind == 7:
        ro = np.array(legal, dtype=rng.choice(DTYPES))
        ro.flags.writeable = False
        return ro
    return rng.choice([legal, [legal], [[1, 2], [3]], "abc", None, {1: 2}, [*legal, 1.5]])


@pytest.mark.parametrize("backend", ["core", "python"])
def test_fuzz_action_arrays(backend: Any) -> None:
    n = 4
    t = VectorTables(hoyle.games.texas_holdem(), n, seats=3, stacks=40, seed=9, backend=backend)
    twin = VectorTables(hoyle.games.texas_holdem(), n, seats=3, stacks=40, seed=9, backend=backend)
    t.reset()
    twin.reset()

    def make(rng: random.Random) -> Any:
        legal = [int(np.flatnonzero(row)[-1]) if row.any() else 0 for row in t.mask]
        return _array(rng, n, legal)

    def call(acts: Any) -> None:
        before = _snapshot(t)
        try:
            t.step(acts)
        except HoyleError:
            assert _same(before, _snapshot(t))
            raise
        except TypeError:
            assert _same(before, _snapshot(t))
            raise
        twin.step(np.asarray(acts).astype(np.int64))  # the equivalent int64 array
        assert _same(_snapshot(t), _snapshot(twin))

    tally = fuzz(f"VectorTables({backend}) action arrays", make, call, seconds=BUDGET)
    assert tally["ok"] > 0
    assert tally["ActionArrayError"] > 0


def test_a_wrong_array_names_the_shape_and_dtype() -> None:
    t = VectorTables(hoyle.games.texas_holdem(), 3, seats=3, seed=1)
    t.reset()
    for bad in (np.ones(3), np.ones(2, np.int64), np.ones((3, 1), np.int64), [[1], [1, 2]]):
        with pytest.raises(ActionArrayError, match=r"int or uint array of shape \(3,\)"):
            t.step(bad)
    assert issubclass(ActionArrayError, hoyle.IllegalActionError)


@pytest.mark.parametrize("backend", ["core", "python"])
def test_a_read_only_array_is_refused_and_nothing_moves(backend: Any) -> None:
    t = VectorTables(hoyle.games.texas_holdem(), 3, seats=3, seed=1, backend=backend)
    t.reset()
    before = _snapshot(t)
    for name in ("obs", "mask", "actor", "rewards", "done"):
        getattr(t, name).flags.writeable = False
        with pytest.raises(GameError, match=f"{name}|writable"):
            t.step(np.ones(3, np.int64))
        getattr(t, name).flags.writeable = True
        assert _same(before, _snapshot(t))


@pytest.mark.parametrize("backend", ["core", "python"])
def test_vector_tables_pickle_and_deepcopy_to_the_same_state(backend: Any) -> None:
    t = VectorTables(hoyle.games.texas_holdem(), 5, seats=3, stacks=30, seed=4, backend=backend)
    t.reset()
    rng = np.random.default_rng(0)
    for _ in range(9):
        t.step((rng.random(t.mask.shape) * t.mask).argmax(axis=1))
    for make in (lambda: pickle.loads(pickle.dumps(t)), lambda: copy.deepcopy(t)):
        twin = make()
        assert twin.backend == backend
        assert _same(_snapshot(t), _snapshot(twin))
        for _ in range(9):
            acts = (rng.random(t.mask.shape) * t.mask).argmax(axis=1)
            t.step(acts)
            twin.step(acts)
            assert _same(_snapshot(t), _snapshot(twin))


@pytest.mark.parametrize("game", [hoyle.games.texas_holdem(), hoyle.games.seven_card_stud()])
def test_fuzz_scalar_actions_on_aec_and_gym(game: hoyle.Game) -> None:
    env = aec_env(game, seats=3)
    env.reset(seed=1)
    gym = SingleAgentEnv(game, seats=3, on_illegal="raise")
    gym.reset(seed=1)

    def make(rng: random.Random) -> Any:
        return rng.choice(
            [
                0,
                1,
                2,
                -1,
                99,
                2**64,
                True,
                1.0,
                np.nan,
                None,
                "1",
                np.int8(1),
                np.uint64(2**64 - 1),
                np.int64(1),
                np.array(1),
                np.array([1]),
                object(),
            ]
        )

    def call(action: Any) -> None:
        for e in (env, gym):
            assert e.hand is not None
            before = e.hand.clone()
            try:
                if e is env and not env.agents:
                    env.reset()
                    return
                e.step(action)
            except (HoyleError, TypeError):
                assert e.hand == before
                raise
            if e is gym and gym.hand is not None and gym.hand.actor is None:
                gym.reset()

    fuzz(f"scalar actions on {game.name}", make, call, seconds=BUDGET)


def test_item_13_small_contract_gaps() -> None:
    env = aec_env(seats=3)
    env.reset(seed=7)
    env.step(0)
    env.step(0)
    with pytest.raises(hoyle.IllegalActionError, match="only action is None"):
        env.step(1)
    with pytest.raises(hoyle.GameError, match="unknown agent 'player_9'"):
        env.observe("player_9")
    game = hoyle.games.texas_holdem()
    hand = game.start([100] * 3, seed=1)
    with pytest.raises(hoyle.GameError, match=r"seat must be 0\.\.2, got 6"):
        Layout(game, 3).encode(hand, 6)
    with pytest.raises(hoyle.GameError, match="finite"):
        Actions(fractions=[10**400])  # type: ignore[arg-type]


@pytest.mark.parametrize("backend", ["core", "python"])
def test_an_array_is_not_one_action_in_aec_env(backend: str) -> None:
    """One agent's action is a scalar: an array of one or more dimensions is
    an ``ActionArrayError`` (a ``ValueError``) naming its shape, on either
    backend, and nothing moves; a 0-d array is one action."""
    env = aec_env(seats=3, _backend=backend)
    env.reset(seed=1)
    before = env.hand.__getstate__()
    for bad in (np.array([1]), np.ones((2, 2), np.int64), np.array([], np.int64)):
        with pytest.raises(
            ActionArrayError, match="got an array of shape " + re.escape(str(bad.shape))
        ):
            env.step(bad)
        assert issubclass(ActionArrayError, ValueError)
    assert env.hand.__getstate__() == before
    agent = env.agent_selection
    env.step(np.array(1))
    assert env.agent_selection != agent
