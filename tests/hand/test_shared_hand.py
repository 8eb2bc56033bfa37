"""Issue 25, item 14: one ``Hand`` acted on from several threads at once
invented chips (1,800 became up to 2,776) and leaked ``AssertionError`` and
``IndexError``. An action (and ``legal`` working out what it keeps) holds
the hand's thread guard: another thread acting meanwhile is refused with
``IllegalActionError`` and changes nothing; the fuzzer hammers shared hands
of custom games from four threads."""

from __future__ import annotations

import pickle
import random
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import hoyle
import pytest
from hoyle import games
from hoyle.bots import random_bot

from tests.hand.test_endable_games import make_custom_game
from tests.support.fuzzing import fuzz


@contextmanager
def switching_often() -> Iterator[None]:
    """Threads switch every microsecond: a race shows within a few hands."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def hammer(
    hand: hoyle.Hand, act: Callable[[hoyle.Hand, random.Random], None], threads: int = 4
) -> list[str]:
    """``threads`` threads act on ``hand`` until it is over (each at most
    3,000 tries); returns what escaped other than hoyle's errors."""
    barrier = threading.Barrier(threads)
    leaked: list[str] = []

    def worker(k: int) -> None:
        rng = random.Random(k)
        barrier.wait()
        for _ in range(3000):
            if hand.is_over:
                return
            try:
                act(hand, rng)
            except hoyle.HoyleError:
                pass
            except Exception as err:  # the point: nothing else may escape
                leaked.append(f"{type(err).__name__}: {err}")

    workers = [threading.Thread(target=worker, args=(k,)) for k in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return leaked


def test_four_threads_on_one_hand_keep_the_chips() -> None:
    with switching_often():
        for seed in range(40):
            hand = games.texas_holdem().start([200] * 9, seed=seed)
            leaked = hammer(hand, random_bot)
            assert leaked == []
            assert hand.is_over
            assert hand.settlement is not None
            assert sum(hand.stacks) + hand.settlement.rake == 1800
            assert min(hand.stacks) >= 0
            pickle.loads(pickle.dumps(hand))  # its state is what its own record gives


def test_an_action_while_another_thread_acts_is_refused_and_changes_nothing() -> None:
    hand = games.texas_holdem().start([100, 100, 100], seed=3)
    token = hand._busy.pop()  # as a thread at work holds it
    try:
        before = pickle.dumps(hand)
        for name, args in (("call", ()), ("fold", ()), ("raise_to", (10,)), ("check", ())):
            with pytest.raises(hoyle.IllegalActionError, match="another thread is acting"):
                getattr(hand, name)(*args)
        assert pickle.dumps(hand) == before
        hand._legal = None
        assert hand.legal.call_amount == 2  # read meanwhile: worked out, not kept
        assert hand._legal is None
    finally:
        hand._busy.append(token)
    hand.call()  # the guard back: it plays on
    assert hand.actor == 1


def test_legal_read_while_another_thread_acts_is_not_kept() -> None:
    # kept, it could outlive the action under way: the next action trusted it
    hand = games.texas_holdem().start([100, 100, 100], seed=3)
    token = hand._busy.pop()
    try:
        assert hand.legal.call_amount == 2
        assert hand._legal is None
    finally:
        hand._busy.append(token)
    assert hand.legal.call_amount == 2
    assert hand._legal is hand.legal  # kept under the guard


def test_clones_and_pickles_get_their_own_guard() -> None:
    hand = games.texas_holdem().start([100, 100], seed=1)
    copy = hand.clone()
    assert copy._busy is not hand._busy
    assert copy._busy == hand._busy == [1]
    loaded = pickle.loads(pickle.dumps(hand))
    assert loaded._busy == [1]
    copy.call()
    assert hand.actor == 0
    assert copy.actor == 1


def _shared_case(rng: random.Random) -> dict[str, Any]:
    return make_custom_game(rng)


def play_shared(case: dict[str, Any]) -> hoyle.Hand:
    game = hoyle.Game(**case["kwargs"])
    seats = max(game._plan.min_seats, min(case["seats"], game.max_seats))
    hand = game.start([100] * seats, seed=case["seed"])

    def act(hand: hoyle.Hand, rng: random.Random) -> None:
        legal = hand.legal
        if legal.can_draw:
            hand.draw(())
        elif legal.min_raise_to is not None and rng.random() < 0.3:
            hand.raise_to(legal.min_raise_to)
        elif legal.can_check:
            hand.check()
        else:
            hand.call()

    with switching_often():
        leaked = hammer(hand, act)
    assert leaked == [], leaked
    assert hand.is_over
    assert hand.settlement is not None
    assert sum(hand.stacks) + hand.settlement.rake == 100 * seats
    return hand


def test_fuzz_threads_on_shared_hands_of_custom_games() -> None:
    tally = fuzz("hand: four threads on one hand", _shared_case, play_shared, min_inputs=60)
    assert tally["ok"] > 5
