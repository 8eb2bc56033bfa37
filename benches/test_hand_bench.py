"""Random 6-max no-limit hold'em hands through the public API, hoyle and
PokerKit on the same task in the same run (blinds 1/2, uneven stacks of
125 to 250 big blinds, the button moving; a seeded bot picks uniformly among
the kinds of legal action: fold when facing a bet, check or call, bet or
raise, whose size is the minimum half the time, else uniform up to the
maximum). Also ``Hand.clone()`` of a 6-max hand. Run with
``python -m pytest benches/test_hand_bench.py --benchmark-enable``; the
hands/s and the ratio are printed at the end.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import hoyle
import pytest

from benches.conftest import THROUGHPUT

STACKS = (400, 300, 500, 250, 450, 350)
GAME = hoyle.games.texas_holdem(betting=hoyle.NoLimit(), blinds=(1, 2))
HANDS = 2_000


def play_hoyle(count: int, rng: random.Random) -> int:
    """Plays ``count`` hands; returns the number of actions taken."""
    start, rand, randint = GAME.start, rng.random, rng.randint
    actions = 0
    for i in range(count):
        hand = start(STACKS, button=i % 6)
        while hand.actor is not None:
            legal = hand.legal
            lo = legal.min_raise_to
            pick = int(rand() * (2 if lo is None else 3))
            if pick == 2:
                hi = legal.max_raise_to
                assert hi is not None
                assert lo is not None
                hand.raise_to(lo if rand() < 0.5 else randint(lo, hi))
            elif pick == 1 or not legal.can_fold:
                if legal.can_check:
                    hand.check()
                else:
                    hand.call()
            else:
                hand.fold()
            actions += 1
        assert sum(hand.stacks) == 2250
    return actions


def test_hoyle_random_hands(benchmark: Any) -> None:
    rng = random.Random(1)
    assert play_hoyle(50, rng) > 50
    benchmark.pedantic(play_hoyle, args=(HANDS, rng), rounds=5, iterations=1, warmup_rounds=1)
    if benchmark.stats is not None:  # --benchmark-enable
        THROUGHPUT["hoyle: random 6-max NL hold'em hands"] = HANDS / benchmark.stats.stats.mean


def test_pokerkit_random_hands(benchmark: Any) -> None:
    pk = pytest.importorskip("pokerkit")
    automations = tuple(pk.Automation)  # PokerKit deals, posts, shows and pays by itself
    count = 100

    def play(rng: random.Random) -> None:
        rand, randint = rng.random, rng.randint
        for i in range(count):
            b = i % 6
            stacks = tuple(STACKS[(b + 1 + k) % 6] for k in range(6))
            state = pk.NoLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, stacks, 6)
            while state.status:
                raising = state.can_complete_bet_or_raise_to()
                folding = state.can_fold()
                pick = int(rand() * (3 if raising else 2))
                if pick == 2:
                    lo = state.min_completion_betting_or_raising_to_amount
                    hi = state.max_completion_betting_or_raising_to_amount
                    state.complete_bet_or_raise_to(lo if rand() < 0.5 else randint(lo, hi))
                elif pick == 1 or not folding:
                    state.check_or_call()
                else:
                    state.fold()
            assert sum(state.stacks) == 2250

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rng = random.Random(1)
        play(rng)
        benchmark.pedantic(play, args=(rng,), rounds=3, iterations=1)
    if benchmark.stats is not None:  # --benchmark-enable
        THROUGHPUT["pokerkit: random 6-max NL hold'em hands"] = count / benchmark.stats.stats.mean


def test_clone_6max(benchmark: Any) -> None:
    hand = GAME.start(STACKS, seed=5)
    hand.call()
    hand.raise_to(8)
    hand.call()
    copy = benchmark(hand.clone)
    assert copy.__getstate__() == hand.__getstate__()
    if benchmark.stats is not None:  # --benchmark-enable
        THROUGHPUT["hoyle: Hand.clone() per second (6-max)"] = 1 / benchmark.stats.stats.mean
