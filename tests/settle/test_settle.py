"""hoyle.settle: the docs/rules.md examples, explicit cases (refunds, side pots,
odd chips, high-low, rake), bad input, and hypothesis against a naive
chip-by-chip oracle written apart from the Rust code."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

import hoyle
import numpy as np
import pytest
from hoyle import Pot, Rake, Settlement, SettlementError, settle
from hypothesis import given, settings
from hypothesis import strategies as st

Values = Sequence[int | None]

# ---- the oracle ------------------------------------------------------------


@dataclasses.dataclass
class NaivePot:
    amount: int
    eligible: tuple[int, ...]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    rake: int
    shares: list[int]


@dataclasses.dataclass
class Naive:
    payouts: list[int]
    refunds: list[int]
    pots: list[NaivePot]
    rake: int


Layers = list[tuple[tuple[int, ...], int]]


def naive_layers(
    contributions: Sequence[int], dead: Sequence[int], live: list[int]
) -> tuple[Layers, list[int]]:
    """The pots as ``(eligible, amount)`` and the refunds. Layer k holds one
    chip from every seat that put in at least k live chips; consecutive
    layers with the same eligible seats make one pot. A layer no live seat
    reached goes back to the seats in it. Dead chips (the antes) all go to
    the main pot, which every live seat contests."""
    n = len(contributions)
    stakes = [c - d for c, d in zip(contributions, dead, strict=True)]
    refunds = [0] * n
    ranked = sorted(range(n), key=lambda i: -stakes[i])
    second = stakes[ranked[1]] if n > 1 else 0
    if stakes[ranked[0]] > second:
        refunds[ranked[0]] = stakes[ranked[0]] - second
        stakes[ranked[0]] = second
    layers: Layers = []
    for k in range(1, max(stakes, default=0) + 1):
        eligible = tuple(i for i in live if stakes[i] >= k)
        if not eligible:  # nobody still in can win this layer: back to its owners
            refunds = [r + (s >= k) for r, s in zip(refunds, stakes, strict=True)]
        elif layers and layers[-1][0] == eligible:
            layers[-1] = (eligible, layers[-1][1] + sum(1 for s in stakes if s >= k))
        else:
            layers.append((eligible, sum(1 for s in stakes if s >= k)))
    if sum(dead) and layers and layers[0][0] == tuple(live):
        layers[0] = (layers[0][0], layers[0][1] + sum(dead))
    elif sum(dead):
        layers.insert(0, (tuple(live), sum(dead)))
    return layers, refunds


def naive(
    contributions: Sequence[int],
    high: Values,
    low: Values | None,
    button: int,
    rake: tuple[int, int | None] | None,
    dead: Sequence[int] | None = None,
    room: int = 0,
) -> Naive:
    """Settles chip layer by chip layer (``naive_layers``), then deals the
    chips of each pot one at a time. ``room``: chips of a room's rake (a
    hand history's site rake), taken after the game's from the pots in
    order, the main pot first, each giving what it still holds."""
    n = len(contributions)
    live = [i for i in range(n) if high[i] is not None]
    layers, refunds = naive_layers(contributions, dead or [0] * n, live)
    order = [(button + k) % n for k in range(1, n + 1)]
    payouts = refunds[:]
    pots = []
    for eligible, amount in layers:
        taken = 0
        if rake is not None:
            taken = amount * rake[0] // 10_000
            if rake[1] is not None:
                taken = min(taken, rake[1])
        cut = min(room, amount - taken)
        room -= cut
        taken += cut

        def winners(values: Values, eligible: tuple[int, ...] = eligible) -> tuple[int, ...]:
            held = [values[i] for i in eligible if values[i] is not None]
            return tuple(
                i for i in eligible if held and values[i] == max(v for v in held if v is not None)
            )

        hw = winners(high)
        lw = winners(low) if low is not None else ()
        halves = {"high": 0, "low": 0}
        for chip in range(amount - taken):
            halves["high" if not lw or chip % 2 == 0 else "low"] += 1
        shares = [0] * n
        for chips, ws in ((halves["high"], hw), (halves["low"], lw)):
            seats = [s for s in order if s in ws]
            for k in range(chips):
                shares[seats[k % len(seats)]] += 1
        payouts = [p + s for p, s in zip(payouts, shares, strict=True)]
        pots.append(NaivePot(amount, eligible, hw, lw, taken, shares))
    return Naive(payouts, refunds, pots, sum(p.rake for p in pots))


# ---- docs/rules.md §8 ---------------------------------------------------------


def test_table_stakes_example() -> None:
    # A 160, B 110, C 40; B bets 70, C calls all-in 40, A calls 70.
    s = settle([70, 70, 40], [10, 20, 30], button=2)
    main, side = s.pots
    assert (main.amount, main.eligible, main.high_winners) == (120, (0, 1, 2), (2,))
    assert (side.amount, side.eligible, side.high_winners) == (60, (0, 1), (1,))
    assert main.shares == (0, 0, 120)
    assert side.shares == (0, 60, 0)
    assert s.payouts == (0, 60, 120)
    assert s.refunds == (0, 0, 0)
    assert s.rake == 0
    assert str(s) == (
        "main pot 120, seats 0 1 2: high seat 2 (120)\nside pot 1 60, seats 0 1: high seat 1 (60)"
    )


def test_table_stakes_example_best_hand_takes_both_pots() -> None:
    assert settle([70, 70, 40], [30, 20, 10]).payouts == (180, 0, 0)


def test_seven_hand_example_pot() -> None:
    # docs/rules.md §6: totals A 0, B 30, C 30, D 30, E 0, F 10, G 30, G deals.
    high = [None, 4, 7, 5, None, None, 7]
    s = settle([0, 30, 30, 30, 0, 10, 30], high, button=6)
    (pot,) = s.pots
    assert (pot.amount, pot.eligible, pot.high_winners) == (130, (1, 2, 3, 6), (2, 6))
    assert s.payouts == (0, 0, 65, 0, 0, 0, 65)


# ---- refunds, folded seats -----------------------------------------------


def test_uncalled_bet_comes_back() -> None:
    s = settle([100, 10, 20], [7, None, None])
    assert s.refunds == (80, 0, 0)
    assert [(p.amount, p.eligible) for p in s.pots] == [(50, (0,))]
    assert s.payouts == (130, 0, 0)
    assert str(s) == "main pot 50, seats 0: high seat 0 (50)\nrefund: seat 0 (80)"


def test_folded_seat_receives_only_its_refund() -> None:
    s = settle([100, 30], [None, 2])
    assert s.refunds == (70, 0)
    assert s.payouts == (70, 60)


def test_folded_chips_stay_in_the_pots() -> None:
    s = settle([70, 100, 40], [None, 1, 5])
    assert s.refunds == (0, 30, 0)
    assert [(p.amount, p.eligible) for p in s.pots] == [(120, (1, 2)), (60, (1,))]
    assert s.payouts == (0, 90, 120)


def test_chips_no_live_seat_can_win_go_back() -> None:
    """docs/rules.md §8 (resolution): the two folded seats' 50 each above the
    only live seat's 50 come back to them."""
    s = settle([100, 100, 50], [None, None, 1])
    assert s.refunds == (50, 50, 0)
    assert [(p.amount, p.eligible) for p in s.pots] == [(150, (2,))]
    assert s.payouts == (50, 50, 150)
    assert str(s) == (
        "main pot 150, seats 2: high seat 2 (150)\nrefund: seat 0 (50)\nrefund: seat 1 (50)"
    )


def test_blinds_folding_to_a_straddle_posted_all_in_get_their_blinds_back() -> None:
    """Blinds 1/2/4, ante 1: the button's stack of 1 went on its ante, so its
    straddle was posted for 0, and both blinds folded to the 4 it obliged
    them to call (docs/rules.md §7). The button wins the three antes, which
    are never refunded; the blinds, which nobody live can win, come back."""
    s = settle([1, 2, 3], [0, None, None], dead=[1, 1, 1])
    assert s.refunds == (0, 1, 2)
    assert [(p.amount, p.eligible) for p in s.pots] == [(3, (0,))]
    assert s.payouts == (3, 1, 2)


# ---- odd chips ---------------------------------------------------------------


@pytest.mark.parametrize(("button", "lucky"), [(0, 1), (1, 2), (2, 0), (3, 0)])
def test_odd_chip_goes_first_left_of_the_button(button: int, lucky: int) -> None:
    # A pot of 100 (seat 3 folded after 1 chip), three-way tie.
    s = settle([33, 33, 33, 1], [5, 5, 5, None], button=button)
    expected = [33, 33, 33, 0]
    expected[lucky] += 1
    assert s.payouts == tuple(expected)


def test_two_odd_chips_skip_the_button() -> None:
    # 101 chips, button 1: the order is 2, 3, 0, 1.
    assert settle([33, 33, 33, 2], [5, 5, 5, None], button=1).payouts == (34, 33, 34, 0)


# ---- high-low ----------------------------------------------------------------


def test_high_low_odd_chip_to_high() -> None:
    s = settle([12, 12, 1], [9, 1, None], [None, 4, None])
    (pot,) = s.pots
    assert (pot.high_half, pot.low_half) == (13, 12)
    assert (pot.high_winners, pot.low_winners) == ((0,), (1,))
    assert s.payouts == (13, 12, 0)


def test_side_pot_without_low_goes_to_high_even_if_main_pot_has_low() -> None:
    s = settle([70, 70, 40], [3, 8, 1], [None, None, 5])
    main, side = s.pots
    assert (main.amount, main.high_half, main.low_half, main.low_winners) == (120, 60, 60, (2,))
    assert (side.amount, side.high_half, side.low_half, side.low_winners) == (60, 60, 0, ())
    assert s.payouts == (0, 120, 60)


def test_high_low_ties_split_each_half() -> None:
    # Pot 63: high 32 to seats 0 and 3, low 31 to seats 1 and 3; button 2.
    s = settle([15, 15, 15, 15, 3], [6, 2, 1, 6, None], [None, 4, None, 4, None], button=2)
    assert s.payouts == (16, 15, 0, 32, 0)
    assert str(s) == (
        "main pot 63, seats 0 1 2 3: high seat 0 (16), seat 3 (16); low seat 1 (15), seat 3 (16)"
    )


def test_one_seat_scoops() -> None:
    assert settle([10, 10, 10], [9, 1, 2], [8, 3, None]).payouts == (30, 0, 0)


# ---- rake ------------------------------------------------------------------------


def test_rake_per_pot_with_cap() -> None:
    s = settle([70, 70, 40], [10, 20, 30], button=2, rake=Rake(percent=5, cap=4))
    assert [p.rake for p in s.pots] == [4, 3]
    assert s.rake == 7
    assert s.payouts == (0, 57, 116)
    assert sum(s.payouts) + s.rake == 180


@pytest.mark.parametrize(
    ("percent", "basis_points"),
    [(5, 500), (2.5, 250), (Decimal("0.25"), 25), (Fraction(1, 4), 25), (0, 0), (100, 10_000)],
)
def test_rake_percent_is_exact(percent: float | Decimal | Fraction, basis_points: int) -> None:
    assert Rake(percent=percent).basis_points == basis_points


def test_rake_rounds_down() -> None:
    rake = Rake(percent=2.5)
    assert settle([20, 19], [1, 0], rake=rake).rake == 0  # 38 chips: 0.95
    assert settle([20, 20], [1, 0], rake=rake).rake == 1  # 40 chips


def test_uncontested_pot_is_raked() -> None:
    s = settle([100, 10, 20], [7, None, None], rake=Rake(percent=10))
    assert (s.rake, s.payouts) == (5, (125, 0, 0))


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"percent": 2.345}, SettlementError, "whole hundredths"),
        ({"percent": 101}, SettlementError, "between 0 and 100"),
        ({"percent": -1}, SettlementError, "between 0 and 100"),
        ({"percent": float("nan")}, SettlementError, "finite"),
        ({"percent": True}, TypeError, "percent must be"),
        ({"percent": "5"}, TypeError, "percent must be"),
        ({"percent": 5, "cap": -1}, SettlementError, "cap must be between"),
        ({"percent": 5, "cap": 1.5}, TypeError, "cap must be an int"),
    ],
)
def test_bad_rake(kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        Rake(**kwargs)  # type: ignore[arg-type]


# ---- types and frozenness ------------------------------------------------------


def test_results_are_frozen_and_compare_by_value() -> None:
    s = settle([70, 70, 40], [10, 20, 30])
    assert isinstance(s, Settlement)
    assert all(isinstance(p, Pot) for p in s.pots)
    with pytest.raises(AttributeError):
        s.rake = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        s.pots[0].amount = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rake(percent=5).cap = 3  # type: ignore[misc]
    assert s == settle((70, 70, 40), (10, 20, 30))
    assert s != settle((70, 70, 40), (10, 20, 30), button=1)
    assert s.pots[0] == settle([70, 70, 40], [10, 20, 30]).pots[0]
    assert repr(s.pots[1]) == (
        "Pot(amount=60, rake=0, eligible=(0, 1), high_winners=(1,), low_winners=(), "
        "shares=(0, 60, 0))"
    )
    assert repr(s).startswith("Settlement(payouts=(0, 60, 120), refunds=(0, 0, 0), rake=0, pots=(")


def test_accepts_iterables_and_numpy_integers() -> None:
    want = settle([5, 9, 5], [1, None, 3]).payouts
    assert settle(iter([5, 9, 5]), (v for v in [1, None, 3])).payouts == want
    high = [np.int64(1), None, np.int32(3)]
    assert settle(np.array([5, 9, 5]), high).payouts == want
    assert want == (0, 4, 15)


def test_exports() -> None:
    assert hoyle.__all__ == sorted(hoyle.__all__)
    for name in ("Pot", "Rake", "Settlement", "SettlementError", "settle"):
        assert name in hoyle.__all__
    assert issubclass(SettlementError, ValueError)


# ---- bad input -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        (
            ([-1, 5], [1, 2]),
            {},
            SettlementError,
            r"contributions\[0\] is -1: chips cannot be negative",
        ),
        (
            ([5, -(2**70)], [1, 2]),
            {},
            SettlementError,
            r"contributions\[1\] is -1180591620717411303424",
        ),
        (([1, 2], [1]), {}, SettlementError, "high has 1 entries but contributions has 2"),
        (
            ([1, 2], [1, 2], [None]),
            {},
            SettlementError,
            "low has 1 entries but contributions has 2",
        ),
        (([1, 2], [None, None]), {}, SettlementError, "no live seat"),
        (([], []), {}, SettlementError, "no live seat"),
        (
            ([1, 2], [None, 2], [3, None]),
            {},
            SettlementError,
            r"seat 0 has a low value but high\[0\] is None",
        ),
        (
            ([1, 2], [1, 2]),
            {"button": 2},
            SettlementError,
            r"button 2 is not a seat: seats are 0..=1",
        ),
        (([1, 2], [1, 2]), {"button": -1}, SettlementError, "button -1 is not a seat"),
        (([2**63, 2**63], [1, 2]), {}, SettlementError, "more than 2\\*\\*64 - 1"),
        (([2**64, 0], [1, 2]), {}, SettlementError, "more than 2\\*\\*64 - 1"),
        (([1, 2], [2**63, 1]), {}, SettlementError, r"high\[0\] is 9223372036854775808"),
        (([0] * 65, [1] * 65), {}, SettlementError, "too many seats"),
        (([1.0, 2], [1, 2]), {}, TypeError, r"contributions\[0\] must be an int, got float"),
        (([True, 2], [1, 2]), {}, TypeError, r"contributions\[0\] must be an int, got bool"),
        (([1, 2], [1, "2"]), {}, TypeError, r"high\[1\] must be an int or None, got str"),
        (
            ([1, 2], [1, 2], [False, None]),
            {},
            TypeError,
            r"low\[0\] must be an int or None, got bool",
        ),
        ((5, [1, 2]), {}, TypeError, "contributions must be a sequence"),
        (([1, 2], [1, 2]), {"rake": 5}, TypeError, "rake must be a hoyle.Rake or None, got int"),
    ],
)
def test_bad_input(
    args: tuple[object, ...], kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        settle(*args, **kwargs)  # type: ignore[arg-type]


# ---- hypothesis against the oracle --------------------------------------------


Spot = tuple[
    list[int], list[int | None], list[int | None] | None, int, Rake | None, list[int] | None
]


@st.composite
def hands(draw: st.DrawFn) -> Spot:
    n = draw(st.integers(2, 9))
    stake = st.one_of(st.sampled_from([0, 5, 10, 20, 40, 41, 80]), st.integers(0, 200))
    contributions = draw(st.lists(stake, min_size=n, max_size=n))
    high = draw(st.lists(st.none() | st.integers(0, 3), min_size=n, max_size=n))
    low: list[int | None] | None = None
    if draw(st.booleans()):
        lows = draw(st.lists(st.none() | st.integers(0, 2), min_size=n, max_size=n))
        low = [lo if hi is not None else None for lo, hi in zip(lows, high, strict=True)]
    button = draw(st.integers(0, n - 1))
    rake = None
    if draw(st.booleans()):
        percent = Fraction(draw(st.integers(0, 10_000)), 100)
        rake = Rake(percent=percent, cap=draw(st.none() | st.integers(0, 20)))
    dead = None
    if draw(st.booleans()):  # antes: an even ante, or one seat's (a big-blind ante)
        ante = draw(st.sampled_from([1, 5]))
        one = draw(st.none() | st.integers(0, n - 1))
        dead = [min(c, ante if one in (None, i) else 0) for i, c in enumerate(contributions)]
    return contributions, high, low, button, rake, dead


@settings(max_examples=1500, deadline=None)
@given(hands())
def test_settles_like_the_naive_dealer(hand: Spot) -> None:
    contributions, high, low, button, rake, dead = hand
    if all(h is None for h in high):
        with pytest.raises(SettlementError, match="no live seat"):
            settle(contributions, high, low, button=button, rake=rake)
        return
    want = naive(
        contributions,
        high,
        low,
        button,
        None if rake is None else (rake.basis_points, rake.cap),
        dead,
    )
    s = settle(contributions, high, low, button=button, rake=rake, dead=dead)
    assert list(s.payouts) == want.payouts
    assert list(s.refunds) == want.refunds
    assert s.rake == want.rake
    assert len(s.pots) == len(want.pots)
    for pot, w in zip(s.pots, want.pots, strict=True):
        assert (pot.amount, pot.eligible, pot.rake) == (w.amount, w.eligible, w.rake)
        assert (pot.high_winners, pot.low_winners) == (w.high_winners, w.low_winners)
        assert list(pot.shares) == w.shares
    # The invariants, stated directly.
    assert sum(s.payouts) + s.rake == sum(contributions)
    for pot in s.pots:
        assert sum(pot.shares) + pot.rake == pot.amount
        assert all(share == 0 or seat in pot.eligible for seat, share in enumerate(pot.shares))
    for seat, h in enumerate(high):
        if h is None:
            assert s.payouts[seat] == s.refunds[seat]


@settings(max_examples=800, deadline=None)
@given(hands(), st.data())
def test_a_rooms_rake_comes_off_like_the_naive_dealers(hand: Spot, data: st.DataObject) -> None:
    """``Settlement._room_raked`` (a hand history's site rake, issue 29):
    the chips taken from the pots in order and each pot dealt again."""
    contributions, high, low, button, rake, dead = hand
    if all(h is None for h in high):
        return
    s = settle(contributions, high, low, button=button, rake=rake, dead=dead)
    left = s._held - s.rake
    assert s._held == sum(p.amount for p in s.pots)
    assert s._room_raked(0) is None
    assert s._room_raked(left + 1) is None
    if left == 0:
        return
    chips = data.draw(st.integers(1, left))
    game = None if rake is None else (rake.basis_points, rake.cap)
    want = naive(contributions, high, low, button, game, dead, room=chips)
    r = s._room_raked(chips)
    assert r is not None
    assert list(r.payouts) == want.payouts
    assert list(r.refunds) == want.refunds
    assert r.rake == want.rake == s.rake + chips
    for pot, w in zip(r.pots, want.pots, strict=True):
        assert (pot.amount, pot.eligible, pot.rake) == (w.amount, w.eligible, w.rake)
        assert (pot.high_winners, pot.low_winners) == (w.high_winners, w.low_winners)
        assert list(pot.shares) == w.shares
        assert pot.high_half + pot.low_half + pot.rake == pot.amount
    assert sum(r.payouts) + r.rake == sum(contributions)


def test_dead_chips_are_never_refunded() -> None:
    """Antes as dead money: a big-blind ante nobody matched stays in the
    main pot, and sets no all-in level."""
    s = settle([60, 30], [1, None], dead=[0, 10], button=1)
    assert s.refunds == (40, 0)
    assert s.payouts == (90, 0)
    # antes only, everyone checks: one pot of dead chips for the live seats
    s = settle([5, 5, 5], [3, 1, None], dead=[5, 5, 5])
    assert [(p.amount, p.eligible) for p in s.pots] == [(15, (0, 1))]
    assert s.payouts == (15, 0, 0)
    with pytest.raises(hoyle.SettlementError, match="dead chips"):
        settle([5, 5], [1, 2], dead=[6, 0])


def test_a_seat_all_in_on_its_ante_contests_the_antes() -> None:
    """The antes are the main pot, for every live seat: one whose whole
    stack went on its ante (live stake 0) wins them with the best hand, and
    the rest is a side pot without it, as PokerKit settles it
    (tests/hand/test_pokerkit_diff.py)."""
    s = settle([1, 3, 3], [5, 1, 2], dead=[1, 1, 1])
    assert [(p.amount, p.eligible) for p in s.pots] == [(3, (0, 1, 2)), (4, (1, 2))]
    assert s.payouts == (3, 0, 4)
    assert str(s) == (
        "main pot 3, seats 0 1 2: high seat 0 (3)\nside pot 1 4, seats 1 2: high seat 2 (4)"
    )
    # With the worse hand it wins nothing; when every live seat has live
    # chips in, the antes join the first pot.
    assert settle([1, 3, 3], [0, 1, 2], dead=[1, 1, 1]).payouts == (0, 0, 7)
    s = settle([2, 3, 3], [5, 1, 2], dead=[1, 1, 1])
    assert [(p.amount, p.eligible) for p in s.pots] == [(6, (0, 1, 2)), (2, (1, 2))]
