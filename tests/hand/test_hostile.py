"""Issue 12 on the hand controller, games, betting, the table and seeds:
each case the issue found, as a regression test, and what must hold of a
hand under hostile input (chips are whole and settle exactly, a failed
action changes nothing, a seat to act always has a legal action, pickles
are checked, threads)."""

from __future__ import annotations

import copy
import math
import pickle
import random
import threading
from typing import Any

import hoyle
import hoyle._ending
import numpy
import pytest
from hoyle import games
from hoyle.betting import MAX_CHIPS
from hoyle.bots import BOTS, random_bot

np_: Any = numpy  # numpy integers where the annotations say int

PRESETS = [getattr(games, name) for name in games.__all__ if name not in ("Game", "Street")]


def seats_for(game: hoyle.Game, want: int = 3) -> int:
    return max(2, len(game.blinds), min(want, game.max_seats))


def act(hand: hoyle.Hand, rng: random.Random) -> None:
    random_bot(hand, rng)


# -- chips settle exactly ------------------------------------------------------------------


def test_stacks_whose_total_cannot_be_settled_are_refused() -> None:
    game = games.texas_holdem()
    for stacks in ([2**63, 2**63], [2**65, 1], [MAX_CHIPS, 1], [2**64 - 2, 1, 1]):
        with pytest.raises(hoyle.GameError, match=r"2\*\*64 - 1"):
            game.start(stacks)
    table = hoyle.Table(game, [2**63, None])
    with pytest.raises(hoyle.GameError, match="at most"):
        table.join(1, 2**63)
    assert table.stacks == (2**63, None)
    with pytest.raises(hoyle.GameError, match="at most"):
        hoyle.Table(game, [2**63, 2**63])


def test_stacks_at_the_limit_settle_exactly() -> None:
    hand = games.texas_holdem().start([2**63, 2**63 - 1], seed=1)
    hand.raise_to(hand.legal.max_raise_to)  # type: ignore[arg-type]
    hand.call()
    assert hand.is_over
    assert sum(hand.stacks) == MAX_CHIPS
    assert hand.settlement is not None
    assert sum(hand.settlement.payouts) == MAX_CHIPS


@pytest.mark.parametrize(
    "settings",
    [
        {"blinds": (0.5, 1)},
        {"blinds": (math.nan, 2)},
        {"blinds": (1, math.inf)},
        {"blinds": (True, 2)},
        {"blinds": ("1", "2")},
        {"ante": 0.5},
        {"min_bet": 1.5},
        {"raise_cap": 2.0},
        {"betting": hoyle.NoLimit(), "ante": math.nan},
    ],
)
def test_fractional_or_non_int_amounts_are_refused(settings: dict[str, Any]) -> None:
    with pytest.raises(TypeError, match="must be an int"):
        games.texas_holdem(**settings)


def test_amounts_are_bounded_and_not_negative() -> None:
    with pytest.raises(hoyle.GameError, match=r"must be 0\.\."):
        games.texas_holdem(blinds=(1, -2))
    with pytest.raises(hoyle.GameError, match=r"2\*\*64 - 1"):
        games.texas_holdem(blinds=(1, 2**64))
    with pytest.raises(TypeError, match="bring_in must be an int"):
        games.seven_card_stud(bring_in=1.5)  # type: ignore[arg-type]


def test_limits_are_whole_chips() -> None:
    for bad in ((2.5, 2.5), (1, 2.5), (True, 2)):
        with pytest.raises(TypeError, match=r"Limit m.. must be an int"):
            hoyle.Limit(*bad)
    with pytest.raises(TypeError, match="cap must be an int"):
        hoyle.PotLimit(cap=1.5)  # type: ignore[arg-type]
    # a fractional limit read back from a history's settings is not truncated
    with pytest.raises(TypeError):
        hoyle.Limit.from_dict({"kind": "limit", "min": 2.5, "max": 2.5})
    fixed = games.texas_holdem(betting=hoyle.Limit(2, 2)).to_dict()
    fixed["betting"] = {"kind": "limit", "min": 2.5, "max": 2.5}
    with pytest.raises(hoyle.GameError, match=r"2\.5"):
        hoyle.Game.from_dict(fixed)


def test_numpy_integers_are_chips() -> None:
    game = games.texas_holdem(blinds=(np_.int64(1), np_.uint8(2)), ante=np_.int32(0))
    assert game.blinds == (1, 2)
    assert all(type(b) is int for b in game.blinds)
    assert hoyle.Limit(np_.int64(2), np_.int64(4)) == hoyle.Limit(2, 4)
    hand = game.start([np_.int64(100), np_.uint16(100)], button=np_.int8(1), seed=np_.uint64(7))
    assert hand.stacks == (98, 99)  # heads-up the button posts the small blind
    hand.raise_to(np_.int64(10))
    assert hand.bets == (2, 10)


def test_stacks_and_raises_are_whole_chips() -> None:
    game = games.texas_holdem()
    for stacks in ([100.0, 100], [100, True], [100, "100"], [100, None]):
        with pytest.raises(TypeError, match="must be an int"):
            game.start(stacks)  # type: ignore[arg-type]
    hand = game.start([100, 100], seed=1)
    before = pickle.dumps(hand)
    for total in (4.5, math.nan, "6", None, True):
        with pytest.raises(TypeError, match="int total of chips"):
            hand.raise_to(total)  # type: ignore[arg-type]
    for total in (-1, 2**64, 10**100):
        with pytest.raises(hoyle.IllegalActionError, match="must be"):
            hand.raise_to(total)
    assert pickle.dumps(hand) == before


# -- a failed action changes nothing, also when it fails late ------------------------------


def _refuse(*args: Any, **kwargs: Any) -> Any:
    raise hoyle.SettlementError("settlement refused (forced by the test)")


@pytest.mark.parametrize("make", PRESETS, ids=lambda f: f.__name__)
def test_an_action_whose_settlement_fails_changes_nothing(
    make: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(make.__name__)
    failed = 0
    for i in range(30):
        game = make()
        hand = game.start([rng.randint(5, 60) for _ in range(seats_for(game))], seed=i)
        while not hand.is_over:
            before = pickle.dumps(hand)
            trial = hand.clone()
            pick = random.Random(i * 1000 + len(hand.history))
            with monkeypatch.context() as patched:
                patched.setattr(hoyle._ending, "settle", _refuse)
                patched.setattr(hoyle._ending, "_showdown", _refuse)
                try:
                    act(trial, pick)
                except hoyle.SettlementError:
                    failed += 1
                    assert pickle.dumps(trial) == before  # exactly as before
                    assert not trial.is_over
            act(hand, random.Random(i * 1000 + len(hand.history)))
        assert sum(hand.stacks) + hand.settlement.rake == sum(hand.starting_stacks)
    assert failed >= 30  # every hand's last action failed once


def test_a_hand_whose_settlement_failed_plays_on_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = games.texas_holdem().start([50, 50], seed=3)
    hand.raise_to(50)
    reference = hand.clone()
    with monkeypatch.context() as patched:
        patched.setattr(hoyle._ending, "_showdown", _refuse)
        with pytest.raises(hoyle.SettlementError):
            hand.call()
    assert (hand.actor, hand.stacks, hand.settlement) == (1, (0, 48), None)
    hand.call()
    reference.call()
    assert hand.__getstate__() == reference.__getstate__()
    assert hand.settlement == reference.settlement


# -- a seat to act always has a legal action -----------------------------------------------


def _deck(text: str) -> list[int]:
    held = [c.id for c in hoyle.parse_cards(text)]
    return held + [c for c in range(52) if c not in held]


def test_a_seat_without_openers_checks_when_the_first_bettor_must_bet() -> None:
    # docs/rules.md §6 (first_must_bet) with §9 (opener): a seat that may not
    # open is not the first bettor; it passes, and the first seat with
    # openers must bet.
    game = games.five_card_draw(blinds=(), ante=1, opener="jacks", first_must_bet=True)
    # seat 1 (first to act) is dealt 2c 4d 6h 8s Tc, seat 0 Jc Jd 3h 5s 7c
    hand = game.start([50, 50], button=0, deck=_deck("2c Jc 4d Jd 6h 3h 8s 5s Tc 7c"))
    assert hand.actor == 1
    legal = hand.legal
    assert legal.can_check
    assert legal.min_raise_to is None
    hand.check()  # a voluntary action: the requirement is met (docs/rules.md §6)
    assert hand.actor == 0
    assert hand.legal.min_raise_to is not None  # seat 0 has openers
    # the other way round: the first seat to act has openers, and must open
    hand = game.start([50, 50], button=0, deck=_deck("Jc 2c Jd 4d 3h 6h 5s 8s 7c Tc"))
    legal = hand.legal
    assert not legal.can_check
    assert legal.min_raise_to is not None
    with pytest.raises(hoyle.IllegalActionError, match="must bet"):
        hand.check()
    hand.raise_to(legal.min_raise_to)


def test_nobody_with_openers_passes_the_hand() -> None:
    game = games.five_card_draw(blinds=(), ante=1, opener="jacks", first_must_bet=True)
    hand = game.start([50, 50], button=0, deck=_deck("2c 3c 4d 5d 6h 7h 8s 9s Tc Qd"))
    hand.check()
    hand.check()
    assert hand.is_over
    assert hand.stacks == (50, 50)


def test_a_seat_that_must_bet_but_nobody_could_answer_checks() -> None:
    # the ante puts the other seat all in: a bet could not be answered
    game = games.five_card_draw(blinds=(), ante=5, first_must_bet=True)
    hand = game.start([100, 5], button=1, seed=2)
    while not hand.is_over:
        legal = hand.legal
        assert legal.can_draw or legal.can_check or legal.call_amount or legal.min_raise_to
        hand.draw([]) if legal.can_draw else hand.check()
    assert sum(hand.stacks) == 105


def test_deadlocked_combination_of_the_issue_plays_to_the_end() -> None:
    game = games.five_card_draw(blinds=(), ante=1, opener="jacks", first_must_bet=True)
    rng = random.Random(12)
    for i in range(200):
        hand = game.start([rng.randint(1, 30) for _ in range(rng.randint(2, 6))], seed=i)
        bot = BOTS[rng.choice(sorted(BOTS))]
        while not hand.is_over:
            bot(hand, rng)
        assert sum(hand.stacks) == sum(hand.starting_stacks)


# -- draws, seats, seeds -------------------------------------------------------------------


def test_drawing_a_card_not_held_is_an_illegal_draw() -> None:
    hand = games.five_card_draw().start([100, 100], seed=3)
    hand.call()
    hand.check()
    before = pickle.dumps(hand)
    for bad in ([99], [-1], [52], [2**70], ["Zz"], [1.5], 7, None, [[1]]):
        with pytest.raises(hoyle.IllegalActionError, match=r"seat 1 cannot (draw|discard)"):
            hand.draw(bad)  # type: ignore[arg-type]
    with pytest.raises(hoyle.IllegalActionError, match="may discard some of"):
        hand.draw([99])
    assert pickle.dumps(hand) == before


def test_table_seats_are_checked() -> None:
    table = hoyle.Table(games.texas_holdem(), [100, 100, None])
    for seat in (-1, 64, 2**64):
        with pytest.raises(hoyle.GameError, match=r"seat must be 0\.\.63"):
            table.join(seat, 50)
    for seat in (-1, 3):
        with pytest.raises(hoyle.GameError, match=r"seat must be 0\.\.2"):
            table.leave(seat)
    with pytest.raises(TypeError, match="a seat is an int"):
        table.join(1.0, 50)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be an int"):
        table.join(2, 50.5)  # type: ignore[arg-type]
    assert table.stacks == (100, 100, None)
    table.join(5, 50)  # a seat past the last adds seats
    assert list(table.stacks) == [100, 100, None, None, None, 50]


def test_a_refused_deal_changes_nothing_at_the_table() -> None:
    table = hoyle.Table(games.texas_holdem(), [100, 0, 100])
    for bad in ({"seed": -1}, {"deck": "AsAs"}, {"deck": [0, 0, 1, 2, 3, 4, 5, 6, 7, 8]}):
        with pytest.raises(hoyle.HoyleError):
            table.deal(**bad)
        assert (table.button, table.stacks, table.hand) == (None, (100, 0, 100), None)
    table.deal(seed=1)
    assert table.button == 0


def test_negative_seeds_are_refused_and_big_seeds_deal() -> None:
    game = games.texas_holdem()
    for seed in (-1, -(2**70)):
        with pytest.raises(hoyle.GameError, match="seed must be an int >= 0"):
            game.start([10, 10], seed=seed)
    for bad in (1.0, "1", True, b"1"):
        with pytest.raises(TypeError, match="seed must be an int"):
            game.start([10, 10], seed=bad)  # type: ignore[arg-type]
    deals = {
        seed: game.start([10, 10], seed=seed).hole(0)
        for seed in (0, 1, 2**32, 2**63, 2**64 - 1, 2**64, 2**200)
    }
    assert len(set(deals.values())) == len(deals)
    assert game.start([10, 10], seed=np_.uint64(2**63)).hole(0) == deals[2**63]
    # a draw game reshuffles from a big seed too
    draw = games.deuce_to_seven_triple_draw()
    hand = draw.start([50] * 6, seed=2**64 + 5)
    rng = random.Random(0)
    while not hand.is_over:
        act(hand, rng)


def test_reading_a_seat_that_is_not_there_is_refused() -> None:
    hand = games.texas_holdem().start([10, 10], seed=1)
    for seat in (-1, 2, 2**70):
        with pytest.raises(hoyle.GameError, match=r"seat must be 0\.\.1"):
            hand.hole(seat)
        with pytest.raises(hoyle.GameError):
            hand.up(seat)
    assert hand.hole(np_.int64(1)) == hand.hole(1)


# -- pickles -------------------------------------------------------------------------------


def _played(make: Any, seed: int, steps: int) -> hoyle.Hand:
    game: hoyle.Game = make()
    hand = game.start([60 + 7 * k for k in range(seats_for(game))], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.is_over:
            break
        act(hand, rng)
    return hand


def custom_game() -> hoyle.Game:
    """A game with every kind of setting: rake, straddle, mixed structures, wild cards."""
    return games.texas_holdem(
        rake=hoyle.Rake(percent=5, cap=3),
        blinds=(1, 2, 4),
        betting=hoyle.PotLimit(cap=50),
        late_betting=hoyle.Limit(4, 8),
        raise_cap=3,
        rules=hoyle.HandRules(wild_ranks="2"),
    )


@pytest.mark.parametrize("make", [*PRESETS, custom_game], ids=lambda f: f.__name__)
def test_hands_and_games_pickle_and_copy_at_every_protocol(make: Any) -> None:
    for steps in (0, 3, 1000):
        hand = _played(make, steps, steps)
        state = hand.__getstate__()
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(hand, protocol))
            assert back.__getstate__() == state
            game = pickle.loads(pickle.dumps(hand.game, protocol))
            assert game == hand.game
            assert game.to_dict() == hand.game.to_dict()
        for copied in (copy.copy(hand), copy.deepcopy(hand), hand.clone()):
            assert copied.__getstate__() == state
        assert copy.deepcopy(hand.game) == hand.game
        if not hand.is_over:  # and they play on the same
            back = pickle.loads(pickle.dumps(hand))
            for h in (hand, back):
                rng = random.Random(5)
                while not h.is_over:
                    act(h, rng)
            assert back.__getstate__() == hand.__getstate__()
            assert back.settlement == hand.settlement


class _Forged:
    """Pickles as a ``Hand`` with the state it is given (a forger's pickle)."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state

    def __reduce__(self) -> tuple[Any, ...]:
        return (object.__new__, (hoyle.Hand,), self.state)


def forge(hand: hoyle.Hand, **fields: Any) -> bytes:
    state = hand.__getstate__()
    state.update(fields)
    return pickle.dumps(_Forged(state))


def test_a_forged_pickle_is_refused() -> None:
    hand = games.texas_holdem().start([100, 97, 99], seed=1)
    hand.call()
    assert pickle.loads(forge(hand)).__getstate__() == hand.__getstate__()
    same = [list(hand.hole(0)) for _ in range(3)]
    forgeries: dict[str, dict[str, Any]] = {
        "_stacks": {"_stacks": [10**6, 97, 99]},
        "_cards": {"_cards": same},
        "_contrib": {"_contrib": [0, 0, 0]},
        "_board": {"_board": [0, 1, 2]},
        "_actor": {"_actor": 0},
        "not what its deal": {"_start": (10**6, 97, 99)},
        "replay": {"_history": [*hand.history, (0, 0, "raise", 10**6, 10**6, ())]},
        "replay ": {"_dealt": (0, 0, 1, 2, 3, 4, 5, 6, 7)},
        "(_game|replay)": {"_game": games.omaha()},
        "(malformed|does not replay)": {"_history": [("x",)]},
    }
    for name, fields in forgeries.items():
        with pytest.raises(hoyle.GameError, match=name.strip()):
            pickle.loads(forge(hand, **fields))


def test_a_forged_pickle_of_the_wrong_shape_is_refused() -> None:
    hand = games.texas_holdem().start([100, 97, 99], seed=1)
    state = hand.__getstate__()
    del state["_stacks"]
    with pytest.raises(hoyle.GameError, match="lacks fields"):
        pickle.loads(pickle.dumps(_Forged(state)))
    with pytest.raises(hoyle.GameError, match="needs a Game"):
        pickle.loads(forge(hand, _game="texas_holdem"))
    with pytest.raises(hoyle.GameError, match="lacks fields"):
        object.__new__(hoyle.Hand).__setstate__([1, 2])  # type: ignore[arg-type]


def test_a_forged_game_pickle_is_refused() -> None:
    game = games.texas_holdem()
    state = game.__getstate__()
    state["blinds"] = (0.5, 1)

    class ForgedGame:
        def __reduce__(self) -> tuple[Any, ...]:
            return (object.__new__, (hoyle.Game,), state)

    with pytest.raises(TypeError, match="must be an int"):
        pickle.loads(pickle.dumps(ForgedGame()))


def test_an_old_pickle_without_its_deal_is_checked_field_by_field() -> None:
    hand = games.texas_holdem().start([100, 97, 99], seed=1)
    hand.call()
    state = hand.__getstate__()
    del state["_dealt"]  # as a hoyle before the record was kept wrote it
    loaded = pickle.loads(pickle.dumps(_Forged(state)))
    assert loaded.stacks == hand.stacks
    loaded.call()
    state["_stacks"] = [10**6, 97, 99]
    with pytest.raises(hoyle.GameError, match="stacks"):
        pickle.loads(pickle.dumps(_Forged(state)))
    state["_stacks"] = list(hand.stacks)
    state["_cards"] = [list(hand.hole(0))] * 3
    with pytest.raises(hoyle.GameError, match="cards"):
        pickle.loads(pickle.dumps(_Forged(state)))
    state = hand.__getstate__()
    del state["_dealt"]
    for name, value in (("_raise_size", [1]), ("_shown", True), ("_dead", 1.5), ("_ring", ())):
        with pytest.raises(hoyle.GameError, match="malformed"):
            pickle.loads(pickle.dumps(_Forged({**state, name: value})))
    while not hand.is_over:
        hand.check() if hand.legal.can_check else hand.call()
    state = hand.__getstate__()
    del state["_dealt"]
    assert pickle.loads(pickle.dumps(_Forged(state))).stacks == hand.stacks
    state["_stacks"] = [sum(hand.stacks), 0, 0]
    with pytest.raises(hoyle.GameError, match="settlement paid"):
        pickle.loads(pickle.dumps(_Forged(state)))


# -- threads -------------------------------------------------------------------------------


def _play_seeded(i: int) -> tuple[Any, ...]:
    make = PRESETS[i % len(PRESETS)]
    game = make()
    hand = game.start([40 + i % 50 for _ in range(seats_for(game, 4))], seed=i)
    rng = random.Random(i)
    bot = BOTS[sorted(BOTS)[i % len(BOTS)]]
    while not hand.is_over:
        bot(hand, rng)
    return hand.stacks, hand.board, tuple(hand.history)


def test_distinct_hands_in_distinct_threads_play_as_sequentially() -> None:
    count = 200
    expected = [_play_seeded(i) for i in range(count)]
    got: list[Any] = [None] * count
    barrier = threading.Barrier(8)

    def worker(k: int) -> None:
        barrier.wait()
        for i in range(k, count, 8):
            got[i] = _play_seeded(i)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == expected


def test_many_threads_may_read_one_hand_nobody_acts_on() -> None:
    hand = games.texas_holdem().start([100] * 6, seed=9)
    hand.raise_to(6)
    expected = (hand.legal, hand.stacks, hand.hole(3), hand.history, pickle.dumps(hand))
    seen: list[Any] = []
    barrier = threading.Barrier(8)

    def reader() -> None:
        barrier.wait()
        for _ in range(300):
            seen.append((hand.legal, hand.stacks, hand.hole(3), hand.history, pickle.dumps(hand)))

    threads = [threading.Thread(target=reader) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(seen) == 2400
    assert all(s == expected for s in seen)


def test_a_clone_per_thread_plays_independently() -> None:
    hand = games.omaha().start([100] * 4, seed=4)
    hand.call()
    results: list[Any] = [None] * 6

    def play(k: int) -> None:
        mine = hand.clone()
        rng = random.Random(k % 2)  # two strategies, three threads each
        while not mine.is_over:
            act(mine, rng)
        results[k] = mine.__getstate__()

    threads = [threading.Thread(target=play, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0] == results[2] == results[4]
    assert results[1] == results[3] == results[5]
    assert hand.actor is not None
    assert len(hand.history) == 3


def test_the_core_deal_refuses_what_the_hand_refuses() -> None:
    # the private deal functions behind Game.start: no OverflowError, no
    # panic, no silent abs(seed); big seeds key as random.Random keys them
    from hoyle import _core

    for deal in (_core._deal, _core._deal_and_seed):
        with pytest.raises(hoyle.GameError, match="seed must be an int >= 0"):
            deal(52, 5, -1)
        for size, count in ((-1, 2), (52, -1), (2**64, 2), (52, 10**30), (5, 6)):
            with pytest.raises(hoyle.GameError):
                deal(size, count)
        for bad in (1.5, True, "5"):
            with pytest.raises(TypeError):
                deal(52, 5, bad)  # type: ignore[arg-type]
            with pytest.raises(TypeError):
                deal(bad, 5)  # type: ignore[arg-type]
    for seed in (0, 2**64 + 5, 10**30):
        expected = list(range(30))
        random.Random(seed).shuffle(expected)
        assert _core._reshuffle(list(range(30)), seed) == expected
    with pytest.raises(hoyle.GameError):
        _core._reshuffle([1, 2], -5)


def test_a_game_whose_showdown_cannot_be_ranked_is_refused() -> None:
    # its hands could never end: the settlement would fail on every last action
    eight = (hoyle.Street(down=2), hoyle.Street(board=3), hoyle.Street(board=1))
    with pytest.raises(hoyle.GameError, match="cannot rank"):
        hoyle.Game(streets=(*eight, hoyle.Street(down=1, board=1)), blinds=(1, 2))
    with pytest.raises(hoyle.GameError, match="cannot rank"):
        hoyle.Game(streets=(hoyle.Street(down=1),))
    with pytest.raises(hoyle.GameError, match="cannot rank"):
        games.omaha().with_(streets=(hoyle.Street(down=8), hoyle.Street(board=5)))


def test_the_bots_keep_to_the_draw_limit() -> None:
    one = hoyle.Game(
        streets=(hoyle.Street(down=5), hoyle.Street(draw=1)), blinds=(1, 2), name="one draw"
    )
    rng = random.Random(2)
    for i in range(100):
        hand = one.start([30, 30, 30], seed=i)
        bot = BOTS[sorted(BOTS)[i % 3]]
        while not hand.is_over:
            bot(hand, rng)
        assert all(r.total <= 1 for r in hand.history if r.kind == "draw")
