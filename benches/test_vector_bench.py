"""``VectorTables``' core backend beside ``pokers``, in the same run:
6-max no-limit hold'em (blinds 1/2, 100 big blinds), random legal actions.

* hoyle: 1,024 tables stepped in one call, observations and masks filled
  every step, each table's action picked with numpy from its mask (the
  argmax of uniform noise times the mask, vectorised over the tables);
* ``pokers`` (Rust, one ``State`` object per step): a random legal action
  kind, a raise sized uniformly up to the stack.

Steps/s counts table-steps (one action at one table), on one core. Run with
``python -m pytest benches/test_vector_bench.py --benchmark-enable``; the
rates and the ratio (target: 1x, goal 2x) are printed at the end. ``pokers``
prints a line per showdown from Rust: its loop runs with fd 1 on /dev/null.

Against fixed opponents (issue 27), the same game, five bots and one
learning seat (seat 0), in the same run:

* hoyle: ``VectorTables(..., bots={1..5: bot})``, 1,024 tables, the bots
  played by the core inside each step, the learner's action picked with
  numpy from the mask as above;
* ``SingleAgentEnv(bots=bot)`` (Gymnasium) stepped in a Python loop, the
  learner's action a random legal index of ``info["action_mask"]``.

Both count learner decisions/s (the steps in which the learner acts); the
ratio (target 10x) is printed for ``"random"`` and ``"station"``.
"""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import Iterator
from typing import Any

import hoyle
import numpy as np
import pytest

from benches.conftest import THROUGHPUT

TABLES = 1_024
SEATS = 6
STEPS = 200  # per round: 204,800 table-steps
GAME = hoyle.games.texas_holdem(blinds=(1, 2))


def _engine() -> tuple[Any, np.ndarray, np.ndarray]:
    """The core backend of ``VectorTables`` for the benchmark's game (its
    arrays: the observations and the masks)."""
    from hoyle.env import VectorTables

    tables = VectorTables(GAME, TABLES, seats=SEATS, stacks=200, seed=1, backend="core")
    obs, mask, _ = tables.reset(seed=1)
    return tables, obs, mask


def play_hoyle(tables: Any, mask: np.ndarray, steps: int, rng: np.random.Generator) -> int:
    """``steps`` steps of every table; returns the hands finished."""
    finished = 0
    for _ in range(steps):
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        _, mask, _, _, done = tables.step(actions)
        finished += int(done.sum())
    return finished


def test_vector_tables(benchmark: Any) -> None:
    tables, obs, mask = _engine()
    rng = np.random.default_rng(1)
    assert play_hoyle(tables, mask, 50, rng) > 0  # warm up, and hands do end
    finished = benchmark.pedantic(
        play_hoyle, args=(tables, mask, STEPS, rng), rounds=5, iterations=1
    )
    assert finished > TABLES  # every table plays several hands a round
    assert obs.any()
    assert obs.shape[0] == TABLES
    if benchmark.stats is not None:  # --benchmark-enable
        THROUGHPUT["hoyle VectorTables: table-steps"] = TABLES * STEPS / benchmark.stats.stats.min


BOT_STEPS = 100  # per round: about 100,000 learner decisions


def play_learner(tables: Any, mask: np.ndarray, actor: np.ndarray, steps: int, rng: Any) -> int:
    """``steps`` steps of ``tables`` (with bots); returns the learner's decisions."""
    decisions = 0
    for _ in range(steps):
        decisions += int((actor >= 0).sum())
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        _, mask, actor, _, _ = tables.step(actions)
    return decisions


@pytest.mark.parametrize("bot", ["random", "station"])
def test_vector_tables_with_bots(benchmark: Any, bot: str) -> None:
    from hoyle.env import VectorTables

    bots = dict.fromkeys(range(1, SEATS), bot)
    tables = VectorTables(GAME, TABLES, seats=SEATS, stacks=200, seed=1, bots=bots)
    assert tables.backend == "core"
    _, mask, actor = tables.reset(seed=1)
    rng = np.random.default_rng(1)
    assert play_learner(tables, mask, actor, 10, rng) > TABLES  # warm up
    counted: list[int] = []

    def run() -> None:
        counted.append(play_learner(tables, tables.mask, tables.actor, BOT_STEPS, rng))

    benchmark.pedantic(run, rounds=5, iterations=1)
    assert min(counted) > BOT_STEPS * TABLES // 2  # the learner acts in most steps
    if benchmark.stats is not None:  # --benchmark-enable
        rate = sum(counted) / len(counted) / benchmark.stats.stats.median
        THROUGHPUT[f"hoyle VectorTables, 5 {bot} bots: learner decisions"] = rate


def play_single(env: Any, decisions: int, rng: random.Random) -> int:
    """``decisions`` learner steps of ``env`` (a new hand when one ends)."""
    _, info = env.reset()
    for _ in range(decisions):
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        _, _, terminated, _, info = env.step(action)
        if terminated:
            _, info = env.reset()
    return decisions


@pytest.mark.parametrize("bot", ["random", "station"])
def test_single_agent_env_with_bots(benchmark: Any, bot: str) -> None:
    pytest.importorskip("gymnasium")
    from hoyle.env import SingleAgentEnv

    env = SingleAgentEnv(GAME, seats=SEATS, seat=0, bots=bot, stacks=200)
    env.reset(seed=1)
    rng = random.Random(1)
    play_single(env, 200, rng)  # warm up
    n = 3_000
    benchmark.pedantic(play_single, args=(env, n, rng), rounds=5, iterations=1)
    if benchmark.stats is not None:  # --benchmark-enable
        THROUGHPUT[f"SingleAgentEnv, 5 {bot} bots: learner decisions"] = (
            n / benchmark.stats.stats.median
        )


def write_bots(write: Any) -> None:
    """The ratio of the learner's decisions/s, VectorTables with bots to
    SingleAgentEnv with the same bots (target 10x)."""
    for bot in ("random", "station"):
        ours = THROUGHPUT.get(f"hoyle VectorTables, 5 {bot} bots: learner decisions")
        theirs = THROUGHPUT.get(f"SingleAgentEnv, 5 {bot} bots: learner decisions")
        if ours and theirs:
            write(
                f"  VectorTables / SingleAgentEnv, 5 {bot} bots, learner decisions/s:"
                f" {ours / theirs:.1f}x (target 10x)"
            )


@contextlib.contextmanager
def _quiet_stdout() -> Iterator[None]:
    """fd 1 on /dev/null (pokers prints from Rust, past Python's sys.stdout)."""
    saved = os.dup(1)
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 1)
        yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(null)


def play_pokers(pokers: Any, hands: int, seed: int) -> int:
    """``hands`` random hands (the same ones for the same seed); returns the steps taken."""
    rng = random.Random(seed)
    raise_ = pokers.ActionEnum.Raise
    action, start = pokers.Action, pokers.State.from_seed
    steps = 0
    for h in range(hands):
        state = start(n_players=SEATS, button=h % SEATS, sb=1.0, bb=2.0, stake=200.0, seed=h)
        while not state.final_state:
            kind = rng.choice(state.legal_actions)
            if kind == raise_:
                seat = state.players_state[state.current_player]
                most = seat.stake - (state.min_bet - seat.bet_chips)
                state = state.apply_action(action(kind, most * (1.0 - rng.random())))
            else:
                state = state.apply_action(action(kind))
            steps += 1
        assert state.status == pokers.StateStatus.Ok
    return steps


def test_pokers(benchmark: Any) -> None:
    pokers = pytest.importorskip("pokers")
    hands = 4_000
    with _quiet_stdout():
        play_pokers(pokers, 200, 0)  # warm up
        steps = benchmark.pedantic(play_pokers, args=(pokers, hands, 1), rounds=3, iterations=1)
    assert steps > 5 * hands
    if benchmark.stats is not None:  # --benchmark-enable
        THROUGHPUT["pokers: steps"] = steps / benchmark.stats.stats.min
