"""Hands through the public API: forced bets, turn order, raises, illegal
actions, dealing order, stud and draw, clone and pickle."""

from __future__ import annotations

import pickle

import hoyle
import pytest


def ids(text: str) -> tuple[int, ...]:
    return tuple(c.id for c in hoyle.parse_cards(text))


NL = hoyle.games.texas_holdem()


def test_blinds_and_big_blind_option() -> None:
    hand = NL.start([100] * 4, button=0, seed=1)
    assert [(a.seat, a.kind, a.amount) for a in hand.history] == [(1, "blind", 1), (2, "blind", 2)]
    assert hand.actor == 3
    hand.call()
    hand.call()
    hand.call()  # the small blind completes
    assert hand.actor == 2  # the big blind may still raise
    assert hand.legal.can_check
    assert hand.legal.min_raise_to == 4
    hand.check()
    assert hand.street == 1
    assert hand.actor == 1


def test_heads_up_button_posts_small_blind_and_acts_first() -> None:
    hand = NL.start([50, 50], button=1, seed=2)
    assert [(a.seat, a.amount) for a in hand.history] == [(1, 1), (0, 2)]
    assert hand.actor == 1
    hand.call()
    hand.check()
    assert hand.actor == 0  # after the first interval the big blind acts first


def test_min_raise_is_the_last_raise() -> None:
    hand = NL.start([500] * 3, button=0, seed=3)
    assert hand.legal.min_raise_to == 4
    hand.raise_to(10)  # raise by 8
    assert hand.legal.min_raise_to == 18
    with pytest.raises(hoyle.IllegalActionError, match=r"18\.\.500"):
        hand.raise_to(17)


def test_incomplete_all_in_raise_does_not_reopen() -> None:
    hand = NL.start([500, 500, 25, 500], button=0, seed=4)  # seat 2 is the big blind with 25
    hand.raise_to(20)  # seat 3 raises to 20 (a raise of 18)
    hand.call()  # seat 0
    hand.call()  # seat 1
    hand.raise_to(25)  # seat 2 all in for 5 more: an incomplete raise
    assert hand.actor == 3
    assert hand.legal.call_amount == 5
    assert hand.legal.min_raise_to is None
    hand.call()
    assert hand.legal.min_raise_to is None
    hand.call()
    hand.call()
    assert hand.street == 1


def test_illegal_actions_explain_and_change_nothing() -> None:
    hand = NL.start([100] * 3, button=0, seed=5)
    state = hand.__getstate__()
    with pytest.raises(
        hoyle.IllegalActionError, match=r"cannot check: 2 to call \(legal: fold, call 2"
    ):
        hand.check()
    with pytest.raises(hoyle.IllegalActionError, match="out of turn: seat 0 is to act"):
        hand.call(seat=1)
    with pytest.raises(hoyle.IllegalActionError, match=r"4\.\.100"):
        hand.raise_to(101)
    with pytest.raises(hoyle.IllegalActionError, match=r"to draw|cannot draw"):
        hand.draw([])
    assert isinstance(hoyle.IllegalActionError("x"), ValueError)
    assert hand.__getstate__() == state
    hand.call()
    hand.call()
    with pytest.raises(hoyle.IllegalActionError, match="cannot call: nothing to call"):
        hand.call()
    with pytest.raises(hoyle.IllegalActionError, match="cannot fold: nothing to call"):
        hand.fold()


def test_one_player_left_takes_the_pot() -> None:
    hand = NL.start([100, 100, 100], button=0, seed=6)
    hand.raise_to(10)
    hand.fold()
    hand.fold()
    assert hand.is_over
    assert hand.actor is None
    assert hand.stacks == (103, 99, 98)
    assert hand.legal.min_raise_to is None
    with pytest.raises(hoyle.IllegalActionError, match="the hand is over"):
        hand.check()


def test_dealing_order_from_the_deck() -> None:
    deck = ids("As Kd 2c 3c Ah Ks 4c 5c 6c 7c 8c 9c Tc")
    hand = NL.start([100] * 4, button=3, deck=deck)
    # one card at a time from the button's left: seats 0, 1, 2, 3, then again
    assert [hand.hole(s) for s in range(4)] == [
        ids("As Ah"),
        ids("Kd Ks"),
        ids("2c 4c"),
        ids("3c 5c"),
    ]
    while hand.street == 0:
        hand.call() if hand.legal.call_amount else hand.check()
    assert hand.board == ids("6c 7c 8c")


def test_seeded_hands_are_reproducible() -> None:
    a = NL.start([100] * 6, seed=42)
    b = NL.start([100] * 6, seed=42)
    assert [a.hole(s) for s in range(6)] == [b.hole(s) for s in range(6)]
    assert a.__getstate__() == b.__getstate__()


def test_clone_and_pickle_have_the_same_future() -> None:
    hand = NL.start([100, 80, 60], seed=7)
    hand.call()
    copy = hand.clone()
    pickled = pickle.loads(pickle.dumps(hand))
    for h in (hand, copy, pickled):
        h.call()
        h.check()
        while not h.is_over:
            h.check()
    assert hand.stacks == copy.stacks == pickled.stacks
    assert hand.board == copy.board == pickled.board
    assert hand.settlement == copy.settlement
    assert pickled.settlement is not None
    assert pickled.settlement.payouts == hand.settlement.payouts  # type: ignore[union-attr]


def test_a_pickle_from_before_level_took_acted_in_loads() -> None:
    # hoyle 0.1.0 kept `_acted` (bools) beside `_level` (0 before acting)
    hand = NL.start([100, 80, 60], seed=7)
    hand.raise_to(6)
    state = hand.__getstate__()
    old = pickle.loads(pickle.dumps(state))  # lists of its own
    old["_acted"] = [lv >= 0 for lv in state["_level"]]
    old["_level"] = [max(lv, 0) for lv in state["_level"]]
    loaded = object.__new__(hoyle.Hand)
    loaded.__setstate__(old)
    assert loaded.__getstate__() == state
    loaded.call()
    hand.call()
    assert loaded.__getstate__() == hand.__getstate__()


def test_history_records_are_frozen() -> None:
    hand = NL.start([100, 100], seed=8)
    hand.raise_to(6)
    record = hand.history[-1]
    assert (record.seat, record.kind, record.amount, record.total) == (0, "raise", 5, 6)
    with pytest.raises(AttributeError):
        record.amount = 1  # type: ignore[misc]


def test_ante_all_in_and_run_out() -> None:
    game = hoyle.games.texas_holdem(ante=5)
    hand = game.start([3, 100, 100], button=0, seed=9)
    assert hand.contributions == (3, 6, 7)
    hand.call()  # nobody acts for seat 0, all in from the ante
    hand.check()
    while not hand.is_over:
        hand.check()
    assert sum(hand.stacks) == 203


def test_bad_starts() -> None:
    with pytest.raises(hoyle.GameError, match="at least 2 seats"):
        NL.start([100])
    with pytest.raises(hoyle.GameError, match="button"):
        NL.start([100, 100], button=2)
    with pytest.raises(hoyle.GameError, match="every seat needs chips"):
        NL.start([100, 0])
    with pytest.raises(hoyle.GameError, match="twice"):
        NL.start([100, 100], deck=[0, 0, 1, 2, 3, 4, 5, 6, 7])


def test_stud_bring_in_lowest_up_card_suit_breaks_ties() -> None:
    game = hoyle.games.seven_card_stud()
    # three seats; each gets two down then one up, from the button's left (seat 1 first)
    deck = ids("Ac Kc Qc  Ad Kd Qd  2h 9s 2d") + ids("3c 4c 5c 6c 7c 8c 9c Tc Jc 3d 4d 5d 6d 7d")
    hand = game.start([100] * 3, button=0, deck=deck)
    assert hand.up(1) == ids("2h")
    assert hand.up(0) == ids("2d")
    assert hand.actor == 0  # 2d is lower than 2h: seat 0 chooses to bring in or complete
    hand.bring_in()
    bring = [a for a in hand.history if a.kind == "bring-in"]
    assert [(a.seat, a.amount) for a in bring] == [(0, 2)]
    assert hand.actor == 1
    assert hand.legal.min_raise_to == 5  # completing to the small bet


def test_stud_best_exposed_hand_acts_first() -> None:
    game = hoyle.games.five_card_stud(bring_in=0)
    deck = ids("2c 3c 4c  9d Kd 9h") + ids("5c 5d 7h 8s 9s Ts Js Qs Ks As 2s")
    hand = game.start([100] * 3, button=2, deck=deck)
    # up cards: seat 0 9d, seat 1 Kd, seat 2 9h: the king bets first
    assert hand.actor == 1
    hand.check()
    hand.check()
    hand.check()
    # fourth street: seat 0 9d 5c, seat 1 Kd 5d, seat 2 9h 7h: still the king
    assert hand.up(0) == ids("9d 5c")
    assert hand.actor == 1


def test_razz_highest_card_brings_in() -> None:
    game = hoyle.games.razz()
    deck = ids("2c 3c 4c  5c 6c 7c  Kd Ah Ks") + ids("8c 9c Tc Jc 2d 3d 4d 5d 6d 7d 8d 9d Td")
    hand = game.start([100] * 3, button=2, deck=deck)
    assert hand.actor == 2  # Ks: a king, the higher suit
    hand.call()  # call(), at the bring-in's choice, brings in
    bring = [a for a in hand.history if a.kind == "bring-in"]
    assert [a.seat for a in bring] == [2]


def test_draw_replaces_cards_and_limits() -> None:
    game = hoyle.games.five_card_draw()
    deck = ids("As Kd 2c 3c 4c 5c 6c 7c 8c 9c") + ids("Tc Jc Qc Kc Ac 2d 3d 4d")
    hand = game.start([100, 100], button=1, deck=deck)
    hand.call()
    hand.check()
    assert hand.is_drawing
    assert hand.actor == 0
    assert hand.legal.can_draw
    with pytest.raises(hoyle.IllegalActionError, match="at most 3"):
        hand.draw(ids("As 2c 4c 6c"))  # four only when keeping an ace
    with pytest.raises(hoyle.IllegalActionError, match="not in its hand"):
        hand.draw(ids("Kd"))
    with pytest.raises(hoyle.IllegalActionError, match="to draw"):
        hand.check()
    hand.draw(ids("2c 4c 6c"))  # seat 0 holds As 2c 4c 6c 8c
    assert sorted(hand.hole(0)) == sorted(ids("As 8c Tc Jc Qc"))
    assert hand.actor == 1
    hand.draw(ids("Kd 3c 5c"))
    assert sorted(hand.hole(1)) == sorted(ids("7c 9c Kc Ac 2d"))
    assert not hand.is_drawing
    assert hand.actor == 0


def test_opener_jacks_or_better_and_passed_out_hand() -> None:
    game = hoyle.games.five_card_draw(blinds=(), ante=1, betting=hoyle.Limit(1, 5), opener="jacks")
    deck = ids("2c 3c 4c 5c 6c 8d 9d Td Qd Kd") + ids("2h 3h 4h 5h 7s")
    hand = game.start([50, 50], button=1, deck=deck)
    assert hand.legal.min_raise_to is None  # seat 0 holds no pair: cannot open
    hand.check()
    hand.check()
    assert hand.is_over
    assert hand.stacks == (50, 50)


def test_first_bettor_must_bet() -> None:
    game = hoyle.Game(
        streets=(hoyle.Street(down=5), hoyle.Street()),
        betting=hoyle.Limit(1, 10),
        ante=1,
        first_must_bet=True,
    )
    hand = game.start([50, 50, 50], seed=3)
    assert not hand.legal.can_check
    assert not hand.legal.can_fold
    with pytest.raises(hoyle.IllegalActionError, match="must bet"):
        hand.check()
    hand.raise_to(1)
    assert hand.legal.can_fold


def _showdown(game: hoyle.Game, deck: tuple[int, ...]) -> hoyle.Hand:
    hand = game.start([100, 100], button=1, deck=deck)
    while not hand.is_over:
        if hand.legal.can_draw:
            hand.draw(())
        elif hand.legal.call_amount:
            hand.call()
        else:
            hand.check()
    return hand


def test_deuces_wild_draw() -> None:
    # docs/rules.md §3: Kh Kd 2c 2s 7h is four kings; it beats a natural full house.
    game = hoyle.games.five_card_draw(rules=hoyle.HandRules(wild_ranks="2"))
    deck = ids("Kh As Kd Ad 2c Ac 2s Qh 7h Qd") + ids("3c 4c 5c")
    hand = _showdown(game, deck)
    assert hand.stacks == (102, 98)


def test_draw_with_the_bug() -> None:
    # docs/rules.md §3: As Ad Xx 7c 3h is three aces, beating two pair.
    game = hoyle.games.five_card_draw(rules=hoyle.HandRules(jokers="bug"))
    assert len(game.deck) == 53
    deck = ids("As Ks Ad Kd Xx Qh 7c Qd 3h 2c") + ids("3c 4c 5c")
    hand = _showdown(game, deck)
    assert hand.stacks == (102, 98)


def test_stud_with_the_four_flush() -> None:
    # The book's stud: four-flush beats one pair (docs/rules.md §2), best exposed hand bets first.
    game = hoyle.games.five_card_stud(bring_in=0, rules=hoyle.HandRules(four_flush=True))
    deck = ids("2h Ac  5h Ad  8h 3c  9h 4d  Ks 6c")
    hand = _showdown(game, deck)
    assert hand.stacks == (101, 99)  # the antes


def test_high_low_ace_to_six() -> None:
    # The book's high-low with ace both high and low: A-2-3-4-5 is an ace-high no-pair low.
    game = hoyle.games.five_card_draw(rules=hoyle.HandRules(low="ace-to-six"))
    deck = ids("As Kc 2d Kd 3h Qs 4s Qd 6c 9h") + ids("3c 4c 5c")
    hand = _showdown(game, deck)
    settlement = hand.settlement
    assert settlement is not None
    (pot,) = settlement.pots
    assert pot.high_winners == (1,)
    assert pot.low_winners == (0,)
