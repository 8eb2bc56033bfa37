"""What moved from ``hoyle.hand``'s Python into the core stays exactly what
it was: seeded deals and draw reshuffles (``random.Random`` is the oracle),
draw poker's opening requirement and stud's order of exposed cards (the old
Python functions, kept here, are the oracle). Also: every preset takes the
shared keywords."""

from __future__ import annotations

import random
from collections.abc import Callable

import hoyle
import pytest
from hoyle._core import _deal, _deal_and_seed, _exposed_key, _opens, _reshuffle
from hypothesis import given, settings
from hypothesis import strategies as st

# seeds >= 0: a negative seed is refused (random.Random would key on its
# magnitude, so -1 would deal what 1 deals; issue 12)
seeds = st.one_of(st.integers(0, 2**32), st.integers(0, 2**200))
card_lists = st.lists(st.integers(0, 52), max_size=8, unique=True)


def python_deal(seed: int, size: int, count: int) -> tuple[list[int], int]:
    """hoyle's seeded deal as it was in Python: a partial Fisher-Yates with
    ``random.Random(seed).random``, then 32 bits for the reshuffles."""
    rng = random.Random(seed)
    pool = list(range(size))
    for i in range(count):
        j = i + int(rng.random() * (size - i))
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:count], rng.getrandbits(32)


@settings(max_examples=300, deadline=None)
@given(seed=seeds, size=st.integers(1, 60), data=st.data())
def test_seeded_deal_is_random_randoms(seed: int, size: int, data: st.DataObject) -> None:
    count = data.draw(st.integers(0, size))
    want, word = python_deal(seed, size, count)
    assert _deal(size, count, seed) == want
    assert _deal_and_seed(size, count, seed) == (want, word)


@settings(max_examples=300, deadline=None)
@given(seed=seeds, cards=st.lists(st.integers(0, 53), max_size=60))
def test_reshuffle_is_random_shuffle(seed: int, cards: list[int]) -> None:
    want = cards[:]
    random.Random(seed).shuffle(want)
    assert _reshuffle(cards, seed) == want


def test_a_seed_deals_the_cards_it_always_has() -> None:
    hand = hoyle.games.texas_holdem().start([100] * 3, seed=7)
    want = python_deal(7, 52, 6 + 5)[0]  # no draw: the deal is the cards needed
    for seat in range(3):  # one card at a time from the button's (seat 0's) left
        k = (seat - 1) % 3
        assert hand.hole(seat) == (want[k], want[k + 3])
    assert hand.clone().hole(0) == hand.hole(0)


# -- the old Python rules, as oracles ---------------------------------------------------


def old_opens(cards: list[int], opener: str) -> bool:
    counts: dict[int, int] = {}
    suits = [0, 0, 0, 0]
    for c in cards:
        counts[c // 4] = counts.get(c // 4, 0) + 1
        suits[c & 3] += 1
    if (
        any(n >= 2 for r, n in counts.items() if r >= 9)
        or sum(n >= 2 for n in counts.values()) >= 2
    ):
        return True
    if any(n >= 3 for n in counts.values()):
        return True
    ranks = sorted(counts)
    if len(cards) >= 5 and (max(suits) >= 5 or old_straight(ranks)):
        return True
    return opener == "jacks-or-four-flush" and max(suits) >= 4


def old_straight(ranks: list[int]) -> bool:
    rs = set(ranks)
    if 12 in rs:
        rs.add(-1)
    return any(all(r + k in rs for k in range(5)) for r in range(-1, 9))


def old_exposed_key(cards: list[int], low: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    counts: dict[int, int] = {}
    for c in cards:
        r = c // 4
        if low:
            r = -1 if r == 12 else r
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    ranks = tuple(r for r, _ in groups)
    if low:
        return tuple(-n for n in shape), tuple(-r for r in ranks)
    return shape, ranks


@settings(max_examples=2000, deadline=None)
@given(cards=card_lists)
def test_opens_is_the_old_rule(cards: list[int]) -> None:
    assert _opens(cards, False) == old_opens(cards, "jacks")
    assert _opens(cards, True) == old_opens(cards, "jacks-or-four-flush")


@settings(max_examples=2000, deadline=None)
@given(a=card_lists, b=card_lists, low=st.booleans())
def test_exposed_key_orders_as_the_old_key(a: list[int], b: list[int], low: bool) -> None:
    old_a, old_b = old_exposed_key(a, low), old_exposed_key(b, low)
    new_a, new_b = _exposed_key(a, low), _exposed_key(b, low)
    assert (new_a < new_b, new_a == new_b) == (old_a < old_b, old_a == old_b)


# -- presets: one keyword set -----------------------------------------------------------

PRESETS = [
    hoyle.games.texas_holdem,
    hoyle.games.omaha,
    hoyle.games.omaha_hilo,
    hoyle.games.five_card_stud,
    hoyle.games.seven_card_stud,
    hoyle.games.seven_card_stud_hilo,
    hoyle.games.razz,
    hoyle.games.five_card_draw,
    hoyle.games.deuce_to_seven_single_draw,
    hoyle.games.deuce_to_seven_triple_draw,
    hoyle.games.badugi,
]


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.__name__)
def test_every_preset_takes_the_shared_keywords(preset: Callable[..., hoyle.Game]) -> None:
    base = preset()
    rake = hoyle.Rake(percent=5, cap=3)
    game = preset(
        betting=hoyle.Limit(4, 4),
        late_betting=hoyle.Limit(8, 8),
        ante=3,
        min_bet=4,
        raise_cap=2,
        rules=base.rules,
        rake=rake,
    )
    assert (game.ante, game.min_bet, game.raise_cap, game.rake) == (3, 4, 2, rake)
    assert game.betting == hoyle.Limit(4, 4)
    assert game.streets[-1].betting == hoyle.Limit(8, 8)
    assert game.rules == base.rules
    assert game.name == base.name


def test_five_card_draw_takes_a_rake() -> None:
    for rake, taken in ((None, 0), (hoyle.Rake(percent=10), 4)):
        game = hoyle.games.five_card_draw(rake=rake)
        hand = game.start([100, 100], seed=5)
        hand.raise_to(20)
        hand.call()
        hand.draw()
        hand.draw()
        hand.check()
        hand.check()
        assert hand.settlement is not None
        assert hand.settlement.rake == taken
        assert sum(hand.stacks) == 200 - taken


def test_razz_takes_rules() -> None:
    rules = hoyle.HandRules(low="ace-to-five", low_qualifier=8)
    game = hoyle.games.razz(rules=rules)
    assert game.rules == rules
    assert not game.high
    assert game.streets == hoyle.games.razz().streets
    hand = game.start([50] * 3, seed=1)
    assert hand.actor is not None  # the bring-in is posted under the given rules
