"""``hoyle.env.aec_env`` against PettingZoo's ``texas_holdem_no_limit_v6``
(RLCard underneath), 6-max no-limit hold'em, in the same run and through the
same user loop: ``agent_iter``, ``last``, a random legal action picked from
the action mask (the same picking code for both), ``step``; a new hand with
``reset()``. Steps/s counts every ``step`` call (the terminated agents'
``step(None)`` too, in both). Run with
``python -m pytest benches/test_env_bench.py --benchmark-enable``; the
steps/s and the ratio (target 40x: issue 31) are printed at the end, with
the median ratio of interleaved rounds (``test_aec_env_interleaved``: a
round of each env in turn, so a burst of load on a shared machine hits
both alike).
"""

from __future__ import annotations

import random
import time
import warnings
from typing import Any

import numpy as np
import pytest

from benches.conftest import THROUGHPUT

HANDS = 1_500  # ~0.1-0.2 s a round for each env: long enough to outlast the noise
# the per-round ratios of test_aec_env_interleaved (hoyle's steps/s over PettingZoo's)
INTERLEAVED: list[float] = []


def pick(mask: Any, rng: random.Random) -> int:
    """A uniformly random legal index of an action mask."""
    return int(rng.choice(np.flatnonzero(mask).tolist()))


def play(env: Any, hands: int, rng: random.Random) -> tuple[int, float]:
    """``hands`` episodes of the user loop; the steps taken and the sum of
    the rewards seen at the ends (zero: poker is a zero-sum game here)."""
    steps, total = 0, 0.0
    for _ in range(hands):
        env.reset()
        for _agent in env.agent_iter():
            obs, reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                total += reward
                action = None
            else:
                action = pick(obs["action_mask"], rng)
            env.step(action)
            steps += 1
    return steps, total


def bench(benchmark: Any, env: Any, hands: int, rounds: int, name: str) -> None:
    rng = random.Random(1)
    env.reset(seed=1)
    steps, total = play(env, max(hands // 10, 5), rng)  # the warm-up, checked
    assert steps > hands // 10
    assert total == pytest.approx(0.0, abs=1e-6)
    counted: list[int] = []

    def run() -> None:
        steps, total = play(env, hands, rng)
        assert total == pytest.approx(0.0, abs=1e-6)
        counted.append(steps)

    benchmark.pedantic(run, rounds=rounds, iterations=1)
    if benchmark.stats is not None:  # --benchmark-enable
        # the median round: a shared machine's bursts of load hit single
        # rounds; the same statistic for every env
        THROUGHPUT[name] = sum(counted) / len(counted) / benchmark.stats.stats.median


def test_hoyle_aec_env(benchmark: Any) -> None:
    from hoyle.env import aec_env

    bench(benchmark, aec_env(seats=6), HANDS, 7, "hoyle aec_env: 6-max NL steps")


def test_hoyle_aec_env_fill_share(benchmark: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same loop on the ``Hand``-driven path (the games the core engine
    does not play; forced here on hold'em) with its per-decision fill
    (``hoyle.env._fill.fill``: the observation and the mask) timed on its
    own: the share of a step it takes. (The engine-driven path has no such
    fill: the engine fills the rows.)"""
    from hoyle.env import _fill, aec_env

    spent = [0.0]
    fill, clock = _fill.fill, time.perf_counter

    def timed(*args: Any) -> None:
        t = clock()
        fill(*args)
        spent[0] += clock() - t

    monkeypatch.setattr(_fill, "fill", timed)
    env = aec_env(seats=6, _backend="python")
    rng = random.Random(1)
    env.reset(seed=1)
    play(env, HANDS // 10, rng)
    spent[0] = 0.0
    steps, total = benchmark.pedantic(play, args=(env, HANDS, rng), rounds=1, iterations=1)
    assert total == pytest.approx(0.0, abs=1e-6)
    if benchmark.stats is not None:  # --benchmark-enable
        THROUGHPUT["hoyle aec_env on a Hand: fill alone, steps/s"] = steps / spent[0]
        THROUGHPUT["hoyle aec_env on a Hand: 6-max NL steps"] = steps / benchmark.stats.stats.mean


def test_pettingzoo_texas_holdem_no_limit(benchmark: Any) -> None:
    env = pettingzoo_env()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # RLCard's and PettingZoo's deprecation notes
        bench(benchmark, env, HANDS // 30, 5, "pettingzoo texas_holdem_no_limit_v6: 6-max steps")


def pettingzoo_env() -> Any:
    """PettingZoo's 6-max ``texas_holdem_no_limit_v6`` (skips without RLCard)."""
    pytest.importorskip("rlcard")
    classic = pytest.importorskip("pettingzoo.classic")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # RLCard's and PettingZoo's deprecation notes
        return classic.texas_holdem_no_limit_v6.env(num_players=6)


def test_aec_env_interleaved(benchmark: Any) -> None:
    """The two envs above, each with the same loop, pick and rounds' sizes
    as there, in alternate rounds (hoyle, PettingZoo, hoyle, ...): each
    pair's ratio of steps/s, and their median (the target, 40x, is on it)."""
    from hoyle.env import aec_env

    envs = (aec_env(seats=6), pettingzoo_env())
    hands = (HANDS, HANDS // 30)
    rngs = (random.Random(1), random.Random(1))
    rates: tuple[list[float], list[float]] = ([], [])

    def rounds() -> None:
        for _ in range(7):
            for env, n, rng, seen in zip(envs, hands, rngs, rates, strict=True):
                start = time.perf_counter()
                steps, total = play(env, n, rng)
                seen.append(steps / (time.perf_counter() - start))
                assert total == pytest.approx(0.0, abs=1e-6)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (as the peer's own test above)
        for env, n, rng in zip(envs, hands, rngs, strict=True):  # the warm-up, checked
            env.reset(seed=1)
            assert play(env, max(n // 10, 5), rng)[1] == pytest.approx(0.0, abs=1e-6)
        benchmark.pedantic(rounds, rounds=1, iterations=1)
    if benchmark.stats is not None:  # --benchmark-enable
        INTERLEAVED[:] = [ours / theirs for ours, theirs in zip(*rates, strict=True)]
        THROUGHPUT["hoyle aec_env: 6-max NL steps, interleaved"] = float(np.median(rates[0]))
        THROUGHPUT["pettingzoo 6-max NL steps, interleaved"] = float(np.median(rates[1]))


def write_interleaved(write: Any) -> None:
    """The interleaved rounds' median ratio and range (conftest's summary)."""
    if INTERLEAVED:
        low, high = min(INTERLEAVED), max(INTERLEAVED)
        write(
            f"  hoyle aec_env / pettingzoo texas_holdem_no_limit_v6, interleaved rounds:"
            f" median {float(np.median(INTERLEAVED)):.1f}x (range {low:.1f}-{high:.1f}x;"
            " target 40x)"
        )
