"""The seed examples of docs/rules.md §6-8 through the public API."""

from __future__ import annotations

import hoyle


def _interval_game(betting: hoyle.Betting, **kw: object) -> hoyle.Game:
    """Five cards down, a betting interval, then one more interval."""
    return hoyle.Game(
        streets=(hoyle.Street(down=5), hoyle.Street()),
        betting=betting,
        **kw,  # type: ignore[arg-type]
    )


def test_seven_hand_interval() -> None:
    # docs/rules.md §6: seats A..G = 0..6, G deals so A acts first; max 10 per bet or raise.
    game = _interval_game(hoyle.Limit(1, 10))
    hand = game.start([100] * 7, button=6, seed=1)
    a, b, c, d, e, f, g = range(7)
    assert hand.actor == a
    hand.check(seat=a)
    hand.check(seat=b)
    hand.raise_to(5, seat=c)
    hand.raise_to(10, seat=d)
    hand.fold(seat=e)
    hand.call(seat=f)
    hand.raise_to(20, seat=g)
    hand.fold(seat=a)
    hand.call(seat=b)
    hand.call(seat=c)
    assert hand.actor == d
    assert hand.legal.max_raise_to == 30  # at most 10 more than the 20 to match
    hand.raise_to(30, seat=d)
    hand.fold(seat=f)
    hand.call(seat=g)
    hand.call(seat=b)
    assert hand.actor == c
    hand.call(seat=c)
    # The turn came back to D, the last raiser: the interval is over.
    assert hand.street == 1
    assert hand.contributions == (0, 30, 30, 30, 0, 10, 30)
    assert hand.pot == 130
    assert hand.active == (False, True, True, True, False, False, True)
    last = [act for act in hand.history if act.street == 0][-1]
    assert (last.seat, last.kind, last.amount) == (c, "call", 10)
    assert [act.amount for act in hand.history if act.seat == c] == [5, 15, 10]
    assert hand.actor == b  # the next interval starts left of the dealer


def test_pot_limit_table() -> None:
    # docs/rules.md §7: seven players, a pot of 7 to start (antes of 1).
    game = _interval_game(hoyle.PotLimit(), ante=1, min_bet=1)
    hand = game.start([1000] * 7, button=6, seed=2)
    rows = [(7, 0, 7, 14), (14, 7, 28, 42), (42, 28, 98, 140), (140, 98, 336, 476)]
    for pot_before, to_call, total, pot_after in rows:
        assert hand.pot == pot_before
        assert hand.legal.call_amount == to_call
        assert hand.legal.max_raise_to == total
        hand.raise_to(total)
        assert hand.pot == pot_after


def test_pot_limit_cap() -> None:
    game = _interval_game(hoyle.PotLimit(cap=20), ante=1, min_bet=1)
    hand = game.start([1000] * 7, seed=2)
    assert hand.legal.max_raise_to == 7
    hand.raise_to(7)
    assert hand.legal.max_raise_to == 27  # 7 to match, then at most 20 more


def test_limit_spread() -> None:
    # docs/rules.md §7: a 3-chip limit; opener puts 3, the next may call 3 or put 4, 5 or 6.
    game = _interval_game(hoyle.Limit(1, 3))
    hand = game.start([50, 50], button=1, seed=3)
    assert (hand.legal.min_raise_to, hand.legal.max_raise_to) == (1, 3)
    hand.raise_to(3)
    assert (hand.legal.call_amount, hand.legal.min_raise_to, hand.legal.max_raise_to) == (3, 4, 6)
    hand.raise_to(6)
    assert hand.legal.call_amount == 3
    hand.call()
    assert hand.contributions == (6, 6)


def test_table_stakes() -> None:
    # docs/rules.md §8: A 160, B 110, C 40. B bets 70, C calls all in for 40, A calls 70.
    game = hoyle.games.texas_holdem(blinds=(), min_bet=1)
    # A: 2c 3d (worst), B: Kh Kd, C: As Ad (best); board Qc 9h 5s 4c 7d.
    deck = hoyle.parse_cards("2c Kh As 3d Kd Ad Qc 9h 5s 4c 7d")
    hand = game.start([160, 110, 40], button=2, deck=deck)
    assert hand.hole(2) == tuple(c.id for c in hoyle.parse_cards("As Ad"))
    assert hand.hole(0) == tuple(c.id for c in hoyle.parse_cards("2c 3d"))
    hand.check()
    hand.raise_to(70)
    assert hand.legal.call_amount == 40  # C can call any bet for his 40
    hand.call()
    hand.call()
    assert hand.contributions == (70, 70, 40)
    while not hand.is_over:
        hand.check()
    s = hand.settlement
    assert s is not None
    assert [(p.amount, p.eligible, p.high_winners) for p in s.pots] == [
        (120, (0, 1, 2), (2,)),
        (60, (0, 1), (1,)),
    ]
    assert hand.stacks == (90, 100, 120)
    assert sum(hand.stacks) == 310
