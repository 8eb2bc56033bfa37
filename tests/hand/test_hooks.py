"""The hand's internal start and its hooks for a hand history's replay
(issue 24): ``_streets.start_hand``, ``_deal.restub``,
``_ending.take_room_rake`` and ``show_nothing``. What a hook did is kept
in the hand, so a clone, a pickle and the check of an unpickled hand all
give the hand the hook left; each hook refuses what it cannot do and then
changes nothing."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import hoyle
import pytest
from hoyle import bots, games, history
from hoyle._deal import restub
from hoyle._ending import show_nothing, take_room_rake, unseen_seats
from hoyle._streets import start_hand
from hoyle.env.seeds import TableHand
from hoyle.errors import GameError, IllegalActionError
from hoyle.history import SiteRake

HEADS_UP = """
variant = "NT"
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 50]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 10", "p1 cc",
           "d db 2c3d9h", "p1 cc", "p2 cc", "d db Ts", "p1 cc", "p2 cc",
           "d db Js", "p1 cc", "p2 cc"]
"""


def _raked() -> hoyle.Hand:
    [h] = history.loads(HEADS_UP)
    return h.replay(rake=SiteRake(percent=5, cap=3))


def _same(a: hoyle.Hand, b: hoyle.Hand) -> None:
    assert a.__getstate__() == b.__getstate__()
    assert a.settlement == b.settlement
    assert a.stacks == b.stacks


def _dumps_state(hand: hoyle.Hand, state: dict[str, Any]) -> bytes:
    class Forged:
        def __reduce__(self) -> Any:
            return (object.__new__, (type(hand),), state)

    return pickle.dumps(Forged())


# -- start_hand -----------------------------------------------------------------------------


def test_start_hand_deals_what_game_start_deals() -> None:
    game = games.texas_holdem()
    hand = start_hand(hoyle.Hand, game, [100, 80, 60], 1, 7, None)
    assert type(hand) is hoyle.Hand
    _same(hand, game.start([100, 80, 60], button=1, seed=7))
    table = start_hand(TableHand, game, [100, 80, 60], 1, 7, None)
    assert type(table) is TableHand
    assert table == hand


def test_start_hand_refuses_what_game_start_refuses() -> None:
    game = games.texas_holdem()
    with pytest.raises(GameError, match="every seat needs chips"):
        start_hand(hoyle.Hand, game, [100, 0], 0, None, None)
    with pytest.raises(GameError, match="button must be a seat"):
        start_hand(hoyle.Hand, game, [100, 100], 2, None, None)


def test_an_action_that_fails_late_is_undone_without_game_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hand = games.texas_holdem().start([50, 50], seed=3)
    hand.raise_to(50)
    before = pickle.dumps(hand)

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise hoyle.SettlementError("refused (forced by the test)")

    with monkeypatch.context() as patched:
        patched.setattr(hoyle._ending, "_showdown", refuse)
        patched.setattr(hoyle.Game, "start", refuse)  # the undo does not call it
        with pytest.raises(hoyle.SettlementError, match="forced by the test"):
            hand.call()
    assert pickle.dumps(hand) == before


# -- take_room_rake -------------------------------------------------------------------------


def test_a_raked_hand_clones_and_pickles_as_it_is() -> None:
    hand = _raked()
    assert hand.stacks == (59, 40)
    assert hand.settlement is not None
    assert hand.settlement.rake == 1
    for back in (hand.clone(), copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))):
        _same(back, hand)
    back = pickle.loads(pickle.dumps(hand))
    back._settlement = None  # worked out again from the record: still raked
    assert back.settlement == hand.settlement


@pytest.mark.parametrize("chips", [2, 0, -1, "1", 1.0, 10**30])
def test_a_forged_room_rake_is_refused(chips: Any) -> None:
    forged = _dumps_state(_raked(), {**_raked().__getstate__(), "_room_rake": chips})
    with pytest.raises(GameError, match="pickled Hand"):
        pickle.loads(forged)


def test_a_room_rake_on_a_hand_in_play_is_refused() -> None:
    hand = games.texas_holdem().start([50, 50], seed=3)
    with pytest.raises(GameError, match="only a finished hand"):
        take_room_rake(hand, 1)


@pytest.mark.parametrize("chips", [0, -3, 21, True, 1.0])
def test_a_room_rake_outside_the_pots_is_refused(chips: Any) -> None:
    [h] = history.loads(HEADS_UP)
    hand = h.replay()
    before = pickle.dumps(hand)
    with pytest.raises(GameError, match=r"room.s rake must be 1\.\.20 chips"):
        take_room_rake(hand, chips)
    assert pickle.dumps(hand) == before


def test_a_hand_is_raked_once() -> None:
    hand = _raked()
    before = pickle.dumps(hand)
    with pytest.raises(GameError, match="raked already"):
        take_room_rake(hand, 1)
    assert pickle.dumps(hand) == before
    game_raked = games.texas_holdem(rake=hoyle.Rake(percent=5)).start([50, 50], seed=1)
    game_raked.raise_to(50)
    game_raked.call()
    with pytest.raises(GameError, match="raked already"):
        take_room_rake(game_raked, 1)


# -- restub ---------------------------------------------------------------------------------


def _restubbed() -> hoyle.Hand:
    """A replayed draw hand whose file deals the discards again."""
    game = games.five_card_draw()
    for i in range(300):
        rng = random.Random(i)
        n = game.max_seats
        hand = game.start([rng.randint(5, 300) for _ in range(n)], seed=i)
        while not hand.is_over:
            try:
                bots.loose_bot(hand, rng)
            except IllegalActionError:
                hand.draw([])
        [back] = history.loads(history.dumps(hand))
        replayed = back.replay(strict=True)
        if replayed._restubs:
            return replayed
    raise AssertionError("no hand reshuffled")


def test_a_restubbed_hand_clones_and_pickles_as_it_is() -> None:
    hand = _restubbed()
    for back in (hand.clone(), copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))):
        _same(back, hand)
        assert all(back.hole(s) == hand.hole(s) for s in range(len(hand.stacks)))


def test_a_forged_restub_is_refused() -> None:
    hand = _restubbed()
    state = hand.__getstate__()
    (index, order), *rest = state["_restubs"]
    for restubs in (
        ((index, order[::-1]), *rest),  # another order: other cards dealt
        ((index, order[1:]), *rest),  # not the discards
        ((index + 1, order), *rest),  # not before its draw
        (("x", order), *rest),
        ((index, [*order]), *rest),  # a list, not a tuple
        ((index, order, 0),),
        (),
    ):
        with pytest.raises(GameError, match="pickled Hand"):
            pickle.loads(_dumps_state(hand, {**state, "_restubs": restubs}))


def test_restub_refuses_a_stub_that_covers_the_draw() -> None:
    hand = games.five_card_draw().start([50, 50], seed=1)
    hand.call()
    hand.check()
    before = pickle.dumps(hand)
    with pytest.raises(IllegalActionError, match="the stub still holds"):
        restub(hand, [], 3)
    with pytest.raises(IllegalActionError, match="not the discards of the hand"):
        restub(hand, [1, 2, 3], 100)
    assert pickle.dumps(hand) == before


# -- show_nothing ---------------------------------------------------------------------------


def test_show_nothing_without_a_showdown_changes_nothing() -> None:
    hand = games.texas_holdem().start([50, 50], seed=3)
    hand.fold()
    before = pickle.dumps(hand)
    assert show_nothing(hand, (1,)) is False
    assert pickle.dumps(hand) == before
    assert unseen_seats(hand) == ()


def test_show_nothing_is_kept_by_a_pickle() -> None:
    hand = games.texas_holdem().start([50, 50], seed=3)
    hand.call()
    while not hand.is_over:
        hand.check()
    assert hand.settlement is not None
    [winner] = hand.settlement.pots[0].high_winners
    assert show_nothing(hand, (winner,)) is True  # the winner showed nothing: the other wins
    assert unseen_seats(hand) == (winner,)
    assert hand.stacks[winner] == 48
    assert sum(hand.stacks) == 100
    _same(pickle.loads(pickle.dumps(hand)), hand)
    with pytest.raises(GameError, match="once"):
        show_nothing(hand, (1,))
