"""Every legal action ends in a settlement: forced bets posted all-in for
less (docs/rules.md §7) leave chips no live seat can win, and they go back
to whoever put them in; a seat all in on its ante contests the antes
(docs/rules.md §8, resolutions). The regression of the hand that first
found it, and a random-play property over the presets with random blinds,
straddles, antes, bring-ins and short stacks."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import hoyle
from hoyle import games
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.fuzzing import rising_blinds

PRESETS: dict[str, Callable[..., hoyle.Game]] = {
    name: getattr(games, name) for name in games.__all__ if name not in ("Game", "Street")
}
STUD = {"five_card_stud", "seven_card_stud", "seven_card_stud_hilo", "razz"}


def test_a_straddle_posted_all_in_for_nothing_is_matched_by_the_big_blind() -> None:
    # Blinds 1/2/4, ante 1; the button's only chip goes on its ante, so its
    # straddle of 4 is posted for 0.
    game = games.texas_holdem(blinds=(1, 2, 4), ante=1)
    hand = game.start([1, 50, 50], button=0, seed=3)
    assert [(a.seat, a.kind, a.amount) for a in hand.history] == [
        (1, "ante", 1),
        (2, "ante", 1),
        (0, "ante", 1),
        (1, "blind", 1),
        (2, "blind", 2),
        (0, "blind", 0),
    ]
    # docs/rules.md §7: the straddle posted for less still obliges the full 4.
    assert (hand.actor, hand.legal.call_amount) == (1, 3)
    hand.fold()
    # The big blind's 2 already match every live bet (the button's 0) and
    # nobody else could act: it is not asked to call or fold (§7), and the
    # board is dealt. Seat 0 holds 7c 4c, seat 2 9c Td, the board 3h Qc 6s
    # 3d As: both a pair of threes, seat 2's ten kicker wins.
    assert hand.is_over
    assert [a.kind for a in hand.history[6:]] == ["fold"]
    s = hand.settlement
    assert s is not None
    # The antes are the pot of the button's level; the small blind's second
    # chip and the big blind's second make one more for the big blind; its
    # third chip nobody matched comes back.
    assert [(p.amount, p.eligible) for p in s.pots] == [(3, (0, 2)), (2, (2,))]
    assert s.pots[0].high_winners == (2,)
    assert s.refunds == (0, 0, 1)
    assert hand.stacks == (0, 48, 53)


def test_a_seat_all_in_on_its_ante_wins_the_antes() -> None:
    # Ante 1, blinds 1/2: the button's only chip goes on its ante; the
    # blinds check it down. Seat 0 holds the best hand (seed 4).
    game = games.texas_holdem(blinds=(1, 2), ante=1)
    hand = game.start([1, 50, 50], button=0, seed=4)
    while not hand.is_over:
        hand.check() if hand.legal.can_check else hand.call()
    s = hand.settlement
    assert s is not None
    assert [(p.amount, p.eligible) for p in s.pots] == [(3, (0, 1, 2)), (4, (1, 2))]
    assert s.pots[0].high_winners == (0,)
    assert hand.stacks == (3, 47, 51)


def test_a_short_straddle_keeps_what_it_matched() -> None:
    # The button posts 1 of its straddle of 4 (2 chips: 1 ante, 1 straddle);
    # the small blind folds to the 4. The big blind's 2 match the button's
    # all: it is not asked (docs/rules.md §7); its third chip is its own
    # again, and the showdown (seed 3, as above: seat 2 wins) takes the rest.
    game = games.texas_holdem(blinds=(1, 2, 4), ante=1)
    hand = game.start([2, 50, 50], button=0, seed=3)
    hand.fold()
    assert hand.is_over
    s = hand.settlement
    assert s is not None
    assert [(p.amount, p.eligible) for p in s.pots] == [(6, (0, 2))]
    assert s.refunds == (0, 0, 1)
    assert hand.stacks == (0, 48, 54)


@st.composite
def spots(draw: st.DrawFn) -> tuple[hoyle.Game, list[int], int, int]:
    """A preset with random forced bets (blinds up to four: straddles) and
    a betting structure, and stacks that are often shorter than them."""
    name = draw(st.sampled_from(sorted(PRESETS)))
    kwargs: dict[str, Any] = {"ante": draw(st.integers(0, 4))}
    if name in STUD:
        kwargs["bring_in"] = draw(st.integers(0, 3))
    else:
        blinds = draw(st.lists(st.integers(0, 8), max_size=4))
        kwargs["blinds"] = tuple(sorted(blinds)) if draw(st.booleans()) else rising_blinds(blinds)
    kwargs["betting"] = draw(
        st.sampled_from([None, hoyle.NoLimit(), hoyle.PotLimit(), hoyle.Limit(2, 4)])
    )
    game = PRESETS[name](**kwargs)
    low = max(2, len(game.blinds))
    short = st.integers(1, 4)
    stack = st.one_of(short, short, short, st.integers(1, 80))
    stacks = draw(st.lists(stack, min_size=low, max_size=min(low + 2, game.max_seats)))
    return game, stacks, draw(st.integers(0, len(stacks) - 1)), draw(st.integers(0, 2**32))


def _act(hand: hoyle.Hand, rng: random.Random) -> None:
    """A random legal action, folding often (standing pat in a draw)."""
    legal = hand.legal
    if legal.can_draw:
        hand.draw(())
        return
    roll = rng.random()
    if legal.can_fold and roll < 0.6:
        hand.fold()
    elif legal.min_raise_to is not None and roll > 0.85:
        lo, hi = legal.min_raise_to, legal.max_raise_to
        assert hi is not None
        hand.raise_to(rng.choice([lo, hi, rng.randint(lo, hi)]))
    elif legal.can_check:
        hand.check()
    else:
        hand.call()


@settings(max_examples=1500, deadline=None)
@given(spot=spots(), rng_seed=st.integers(0, 2**16))
def test_every_legal_action_settles(
    spot: tuple[hoyle.Game, list[int], int, int], rng_seed: int
) -> None:
    game, stacks, button, seed = spot
    hand = game.start(stacks, button=button, seed=seed)
    rng = random.Random(rng_seed)
    while not hand.is_over:
        _act(hand, rng)  # a SettlementError here fails the test
    s = hand.settlement
    assert s is not None
    assert sum(hand.stacks) + s.rake == sum(stacks)
    n = len(stacks)
    ante = [0] * n
    for a in hand.history:
        if a.kind == "ante":
            ante[a.seat] += a.amount
    c = hand.contributions
    kept = [c[i] - ante[i] - s.refunds[i] for i in range(n)]
    live = [i for i in range(n) if hand.active[i]]
    # The main pot is contested by every seat still in, one all in on its
    # ante included (docs/rules.md §8).
    assert not s.pots or set(live) <= set(s.pots[0].eligible), s
    for i in range(n):
        # Antes are never refunded, and a folded seat gets nothing else back.
        assert kept[i] >= 0
        if not hand.active[i]:
            assert s.payouts[i] == s.refunds[i]
        # A chip comes back only when no other seat still in matched it.
        if s.refunds[i]:
            assert all(kept[t] <= kept[i] for t in live if t != i), (c, ante, s)
