"""Issue 25, item 9: ``SingleAgentEnv`` checks a user's bots as
``hoyle.simulate`` does (once, legally, for its own seat) and a failed step
changes nothing: the hand is put back as it was before the learner's
action, and the learner is to act again. The fuzzer plays bots that
misbehave in every documented way, at random moments."""

from __future__ import annotations

import random
from typing import Any

import hoyle
import numpy as np
import pytest
from hoyle.bots import random_bot
from hoyle.env import SingleAgentEnv
from hoyle.errors import BotError

from tests.support.fuzzing import BUDGET, fuzz


def _raises(hand: Any, rng: random.Random) -> None:
    raise KeyError("oops")


def _twice(hand: Any, rng: random.Random) -> None:
    """Its own move, then one for the next seat (the learner, heads-up)."""
    random_bot(hand, rng)
    if hand.actor is not None:
        random_bot(hand, rng)


def _nothing(hand: Any, rng: random.Random) -> int:
    return 1  # a policy's index, not a move


def _illegal(hand: Any, rng: random.Random) -> None:
    hand.raise_to(10**9)


def _late(hand: Any, rng: random.Random) -> None:
    random_bot(hand, rng)
    raise RuntimeError("after its move")


def _out_of_turn(hand: Any, rng: random.Random) -> None:
    hand.fold(seat=(hand.actor + 1) % len(hand.stacks))


FORCED = ("blind", "ante", "bring-in")
BAD = {
    "raises": (_raises, "raised KeyError"),
    "twice": (_twice, "made 2 moves"),
    "nothing": (_nothing, "made no move"),
    "illegal": (_illegal, "made an illegal move"),
    "late": (_late, "raised RuntimeError"),
    "out of turn": (_out_of_turn, "made an illegal move"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_a_failing_bot_fails_the_step_and_changes_nothing(name: str) -> None:
    bot, words = BAD[name]
    env = SingleAgentEnv(seats=2, seat=0, bots=[bot])
    _obs, info = env.reset(seed=5)  # the learner on the button acts first heads-up
    hand = info["hand"]
    assert hand.actor == 0
    before = hand.clone()
    mask = env.action_masks()
    with pytest.raises(BotError, match=f"bot {bot.__name__} \\(seat 1\\) {words}") as err:
        env.step(1)
    assert isinstance(err.value, hoyle.GameError)
    assert env.hand is hand
    assert hand == before  # the learner's call undone
    assert hand.actor == 0  # the learner's turn still: never a bot's seat
    assert np.array_equal(env.action_masks(), mask)
    env.bots[1] = random_bot  # the same step, with a bot that plays
    env._users[1] = None
    _obs, _r, _t, _tr, info = env.step(1)
    assert hand.history[len(before.history)].seat == 0


def test_a_bot_failing_in_reset_leaves_the_env_as_it_was() -> None:
    calls = []

    def flaky(hand: Any, rng: random.Random) -> None:
        calls.append(1)
        if len(calls) > 3:
            raise ValueError("tired")
        random_bot(hand, rng)

    env = SingleAgentEnv(seats=3, seat=0, bots=flaky)
    env.reset(seed=1)
    for _ in range(50):
        hand, k = env.hand, env._k
        try:
            _obs, _r, over, _tr, _info = env.step(1)
        except BotError:
            assert env.hand is hand
            assert env._k == k
            with pytest.raises(BotError):
                env.reset()
            assert env.hand is hand
            assert env._k == k
            return
        if over:
            env.reset()
    raise AssertionError("the bot never failed")


def _misbehaving(rng: random.Random) -> Any:
    """A bot that plays well, then misbehaves at a random move."""
    kinds = list(BAD.values())
    bad, _words = rng.choice(kinds)
    when = rng.randint(0, 6)
    count = [0]

    def bot(hand: Any, r: random.Random) -> Any:
        count[0] += 1
        if count[0] == when:
            return bad(hand, r)
        return random_bot(hand, r)

    return bot


def test_fuzz_misbehaving_bots_never_move_the_learner_or_lose_chips() -> None:
    def make(rng: random.Random) -> tuple[int, int, Any]:
        seats = rng.randint(2, 5)
        return seats, rng.randrange(seats), [_misbehaving(rng) for _ in range(seats - 1)]

    def call(case: tuple[int, int, Any]) -> None:
        seats, seat, bots = case
        env = SingleAgentEnv(seats=seats, seat=seat, bots=bots, stacks=60)
        try:
            env.reset(seed=seats)
        except BotError:
            assert env.hand is None
            return
        mine = 0  # the learner's steps in this hand
        for _ in range(30):
            hand = env.hand
            assert hand is not None
            assert hand.actor == seat
            state = hand.clone()
            legal = np.flatnonzero(env.action_masks())
            try:
                _obs, _r, over, _tr, _info = env.step(int(legal[len(legal) // 2]))
            except BotError:
                assert hand == state
                return
            mine += 1
            assert sum(hand.stacks) + (0 if over else hand.pot) == 60 * seats
            moved = [a for a in hand.history if a.seat == seat and a.kind not in FORCED]
            assert len(moved) == mine  # no bot moved for the learner
            if over:
                mine = 0
                try:
                    env.reset()
                except BotError:
                    return

    fuzz("SingleAgentEnv with misbehaving bots", make, call, seconds=BUDGET, min_inputs=60)
