"""Issue 25, item 8: an environment stepped from several threads at once
either takes each call whole or refuses it with ``BusyError`` (and changes
nothing): after the threads, it is consistent (its hand is the one its
record replays, chips add up) and takes a legal step. The fuzzer hammers
one env of each kind from a few threads."""

from __future__ import annotations

import contextlib
import random
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import hoyle
import numpy as np
import pytest
from hoyle.env import SingleAgentEnv, VectorTables, aec_env
from hoyle.errors import BusyError, HoyleError

from tests.support.fuzzing import BUDGET

THREADS = 4


@contextmanager
def _switchy() -> Iterator[None]:
    """Threads switch as often as the interpreter allows (races show)."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def _hammer(work: Callable[[random.Random], None], seconds: float) -> Counter[str]:
    """``work`` from THREADS threads until ``seconds`` pass; the tally of
    outcomes. Anything but a HoyleError fails the test."""
    tally: Counter[str] = Counter()
    errors: list[BaseException] = []
    stop = threading.Event()

    def run(k: int) -> None:
        rng = random.Random(k)
        while not stop.is_set():
            try:
                work(rng)
            except BusyError:
                tally["busy"] += 1
            except HoyleError as err:
                tally[type(err).__name__] += 1
            except BaseException as err:  # (the point: anything else is a defect)
                errors.append(err)
                return
            else:
                tally["ok"] += 1

    with _switchy():
        threads = [threading.Thread(target=run, args=(k,)) for k in range(THREADS)]
        for t in threads:
            t.start()
        stop.wait(seconds)
        stop.set()
        for t in threads:
            t.join()
    if errors:
        raise errors[0]
    return tally


def _seconds() -> float:
    return max(0.5, min(BUDGET, 3.0))


@pytest.mark.parametrize("backend", ["core", "python"])
def test_vector_tables_under_threads_stay_whole(backend: Any) -> None:
    game = hoyle.games.texas_holdem()
    t = VectorTables(game, 8, seats=3, stacks=50, seed=3, backend=backend)
    t.reset()

    def work(rng: random.Random) -> None:
        mask = t.mask.copy()
        picks = np.array([rng.choice(np.flatnonzero(row).tolist() or [0]) for row in mask])
        with contextlib.suppress(hoyle.IllegalActionError):  # another thread moved first
            t.step(picks)
        if rng.random() < 0.1:
            t.hand(rng.randrange(8))

    tally = _hammer(work, _seconds())
    assert tally["ok"] > 0
    for i in range(8):
        hand = t.hand(i)
        seed, button, indices = t._backend.record(i)
        again = game.start([50] * 3, button=button, seed=seed)
        for index in indices:
            hoyle.env.Actions().apply(again, index)
        assert again.__getstate__() == hand.__getstate__()
        assert sum(hand.stacks) + (0 if hand.is_over else hand.pot) == 150
    legal = np.array([int(np.flatnonzero(row)[0]) if row.any() else 0 for row in t.mask])
    t.step(legal)  # not wedged


@pytest.mark.parametrize("game", [hoyle.games.texas_holdem(), hoyle.games.seven_card_stud()])
def test_aec_env_under_threads_stays_whole(game: hoyle.Game) -> None:
    env = aec_env(game, seats=3, stacks=60)
    env.reset(seed=1)

    def work(rng: random.Random) -> None:
        agent = env.agent_selection
        if not env.agents:
            env.reset()
            return
        if env.terminations.get(agent):
            env.step(None)
            return
        mask = env.observe(agent)["action_mask"]
        with contextlib.suppress(hoyle.IllegalActionError):  # another thread moved first
            env.step(int(rng.choice(np.flatnonzero(mask).tolist() or [0])))
        if rng.random() < 0.2:
            assert env.hand is not None
            env.hand.pot  # noqa: B018 (a read, from any thread)

    tally = _hammer(work, _seconds())
    assert tally["ok"] > 0
    hand = env.hand
    assert hand is not None
    assert sum(hand.stacks) + (0 if hand.is_over else hand.pot) == 180
    if env.agents and not env.terminations[env.agent_selection]:
        assert hand.actor == int(env.agent_selection.split("_")[1])
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))


def test_single_agent_env_under_threads_stays_whole() -> None:
    env = SingleAgentEnv(seats=3, bots="random", stacks=60)
    env.reset(seed=2)

    def work(rng: random.Random) -> None:
        mask = env.action_masks()
        if not mask.any():
            env.reset()
            return
        _obs, _r, over, _t, _info = env.step(int(rng.choice(np.flatnonzero(mask).tolist())))
        if over:
            env.reset()

    tally = _hammer(work, _seconds())
    assert tally["ok"] > 0
    hand = env.hand
    assert hand is not None
    assert sum(hand.stacks) + (0 if hand.is_over else hand.pot) == 180


def test_a_step_from_inside_a_step_is_refused() -> None:
    env: Any = None

    def sneaky(hand: Any, rng: random.Random) -> None:
        with pytest.raises(BusyError, match="one call at a time"):
            env.step(1)
        hoyle.bots.random_bot(hand, rng)

    env = SingleAgentEnv(seats=2, seat=0, bots=[sneaky])
    env.reset(seed=5)
    env.step(1)
