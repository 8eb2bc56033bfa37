"""``hoyle.env.VectorTables`` (the Python backend): the same seed gives the
same trajectories for 1, 3 and 8 tables; chips are conserved and rewards add
up to zero per hand; next-step autoreset; masks equal the oracle's and
observations the reference encoder's; an illegal action on any table moves
no table; ``hand(i)`` is the hand played."""

from __future__ import annotations

import importlib.util

import hoyle
import numpy as np
import numpy.typing as npt
import pytest
from hoyle.env import Actions, Layout, VectorTables, hand_seed
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.env_oracle import big_blind, expected_mask, tables

Trace = list[tuple[bytes, bytes, int, bytes, bool]]


def pick(mask: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A random legal index per row (0 where none is legal), with numpy."""
    scores = rng.random(mask.shape) * mask
    return np.asarray(scores.argmax(axis=1), dtype=np.int64)


def run(
    game: hoyle.Game, n: int, seats: int, stacks: list[int], actions: Actions, steps: int
) -> list[Trace]:
    """Each table's trajectory over ``steps`` calls; actions drawn from a
    generator per table, so that table i plays the same whatever n."""
    t = VectorTables(game, n, seats=seats, stacks=stacks, actions=actions, seed=5, backend="python")
    obs, mask, actor = t.reset()
    rngs = [np.random.default_rng(i) for i in range(n)]
    traces: list[Trace] = [[] for _ in range(n)]
    unit = big_blind(game)
    for _ in range(steps):
        acts = np.concatenate([pick(mask[i : i + 1], rngs[i]) for i in range(n)])
        for i in range(n):
            if actor[i] >= 0:
                hand = t.hand(i)
                assert mask[i].tolist() == expected_mask(actions, hand)
                layout = t.layout
                assert np.array_equal(obs[i], layout.encode(hand, int(actor[i])))
        obs, mask, actor, rewards, done = t.step(acts)
        for i in range(n):
            traces[i].append(
                (
                    obs[i].tobytes(),
                    mask[i].tobytes(),
                    int(actor[i]),
                    rewards[i].tobytes(),
                    bool(done[i]),
                )
            )
            if done[i]:
                hand = t.hand(i)
                assert hand.is_over
                assert actor[i] == -1
                assert not mask[i].any()
                assert sum(hand.stacks) == sum(stacks)
                assert rewards[i].sum() == pytest.approx(0.0, abs=1e-4)
                want = [(e - s) / unit for s, e in zip(stacks, hand.stacks, strict=False)]
                assert rewards[i].tolist() == pytest.approx(want)
            else:
                assert not rewards[i].any()
    return traces


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables())
def test_the_same_seed_gives_the_same_tables_whatever_n(
    table: tuple[hoyle.Game, int, list[int], Actions],
) -> None:
    game, seats, stacks, actions = table
    one, three, eight = (run(game, n, seats, stacks, actions, 25) for n in (1, 3, 8))
    assert one[0] == three[0] == eight[0]
    assert three == eight[:3]


def test_autoreset_next_step() -> None:
    game = hoyle.games.texas_holdem()
    t = VectorTables(game, 2, seats=2, stacks=100, seed=3)
    actor = t.reset()[2]
    assert actor.tolist() == [0, 0]  # heads-up the button acts first
    obs, mask, actor, rewards, done = t.step(np.array([0, 1]))  # table 0 folds
    assert done.tolist() == [True, False]
    assert not mask[0].any()
    assert rewards[0].tolist() == [-0.5, 0.5]
    assert actor[0] == -1
    final = t.hand(0)
    assert np.array_equal(obs[0], Layout(game, 2).encode(final, 0))  # the folder's view
    obs, _mask, actor, rewards, done = t.step(np.array([99, 1]))  # 99 is ignored: a new hand
    assert done.tolist() == [False, False]
    assert not rewards.any()
    hand = t.hand(0)
    assert hand.button == 1
    want = game.start([100, 100], button=1, seed=hand_seed(3, 0, 1))
    assert hand.__getstate__() == want.__getstate__()
    assert actor[0] == hand.actor


def test_an_illegal_action_moves_no_table() -> None:
    t = VectorTables(hoyle.games.texas_holdem(), 3, seats=3, stacks=100, seed=1)
    t.reset()
    before = [t.hand(i).__getstate__() for i in range(3)]
    mask = t.mask.copy()
    for acts in ([1, 1, 99], [1, 1, -1], [1.0, 1.0, 1.0], [1, 1]):
        with pytest.raises(hoyle.IllegalActionError):
            t.step(np.array(acts))
        assert [t.hand(i).__getstate__() for i in range(3)] == before
        assert np.array_equal(t.mask, mask)
    t.mask[:] = True  # the user's writes to the arrays do not make actions legal
    t.obs[:] = 0.0
    with pytest.raises(hoyle.IllegalActionError, match="table 2"):
        t.step(np.array([1, 1, 3 if not mask[2, 3] else 99]))


def test_settings_and_backends() -> None:
    game = hoyle.games.texas_holdem()
    with pytest.raises(hoyle.GameError):
        VectorTables(game, 0, seats=2)
    with pytest.raises(hoyle.GameError):
        VectorTables(game, 2, seats=2, backend="gpu")  # type: ignore[arg-type]
    t = VectorTables(game, 2, seats=2, backend="python")
    assert t.backend == "python"
    with pytest.raises(hoyle.GameError):
        t.step(np.array([1, 1]))  # before reset
    auto = VectorTables(game, 2, seats=2)
    assert auto.backend in ("core", "python")
    if importlib.util.find_spec("hoyle.env._fast") is None:
        with pytest.raises(hoyle.GameError, match="core"):
            VectorTables(game, 2, seats=2, backend="core")


def test_a_hand_over_as_it_is_dealt() -> None:
    """Heads-up, blinds 1/2, stacks of 1: both seats are all in from the
    blinds, so hand 0 ends as it is dealt and the reset reports it."""
    t = VectorTables(hoyle.games.texas_holdem(), 1, seats=2, stacks=1, seed=8)
    obs, mask, actor = t.reset()
    assert actor.tolist() == [-1]
    assert t.done.tolist() == [True]
    assert t.rewards.sum() == pytest.approx(0.0)
    assert not mask.any()
    hand = t.hand(0)
    assert hand.is_over
    assert obs[0].any()
    obs, mask, actor, _rewards, _done = t.step(np.array([0]))
    assert t.hand(0).button == 1


@given(seed=st.integers(0, 2**64 - 1))
@settings(max_examples=10, deadline=None)
def test_hand_replays_from_the_record(seed: int) -> None:
    game = hoyle.games.omaha()
    t = VectorTables(game, 2, seats=4, stacks=300, seed=seed)
    t.reset()
    rng = np.random.default_rng(seed % 1000)
    for _ in range(12):
        t.step(pick(t.mask, rng))
    backend = t._backend
    for i in range(2):
        hseed, button, indices = backend.record(i)
        hand = game.start([300] * 4, button=button, seed=hseed)
        for index in indices:
            Actions().apply(hand, index)
        assert hand.__getstate__() == t.hand(i).__getstate__()
