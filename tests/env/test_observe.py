"""The core's observation and mask (``hoyle.env._observe``, by
``src-rust/env``) against the Python reference (``Layout.encode`` and
``Actions.mask``): bit for bit on random games, seats, stacks, action sets
and legal play; hand-worked examples; hostile arguments refused with
hoyle's errors or ``TypeError``, never a panic."""

from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace
from typing import Any

import hoyle
import numpy as np
import numpy.typing as npt
import pytest
from hoyle import games
from hoyle._core import _observe, _Observer, _set_fast_paths
from hoyle.betting import Limit, NoLimit, PotLimit
from hoyle.env import Actions, Layout
from hoyle.env._observe import observe, observer
from hoyle.errors import GameError, HoyleError
from hypothesis import event, given, settings
from hypothesis import strategies as st

from tests.support.fuzzing import fuzz, nasty_number, rising_blinds

BLIND_GAMES = {
    "texas_holdem",
    "omaha",
    "omaha_hilo",
    "five_card_draw",
    "deuce_to_seven_single_draw",
    "deuce_to_seven_triple_draw",
    "badugi",
    "five_card_omaha",
    "six_card_omaha",
    "big_o",
    "courchevel",
}
PRESETS = [getattr(games, name) for name in games.__all__ if name not in ("Game", "Street")]


def rows(layout: Layout, actions: Actions) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
    """Fresh rows filled with junk (the fill must write every entry)."""
    obs = np.full(layout.size, np.nan, dtype=np.float32)
    mask = np.ones(actions.size(layout.game), dtype=np.bool_)
    return obs, mask


def agree(layout: Layout, actions: Actions, hand: hoyle.Hand, me: int) -> None:
    """The core and the reference give the same bits for seat ``me``."""
    obs, mask = rows(layout, actions)
    observe(layout, actions, hand, me, obs, mask)
    want = layout.encode(hand, me)
    if not np.array_equal(obs.view(np.uint32), want.view(np.uint32)):
        bad = np.flatnonzero(obs.view(np.uint32) != want.view(np.uint32))
        names = [next(n for n, o, s in layout.fields if o <= i < o + s) for i in bad]
        raise AssertionError(
            f"seat {me}: entries {bad.tolist()[:8]} ({names[:8]}) differ: "
            f"core {obs[bad][:8].tolist()} reference {want[bad][:8].tolist()}; {hand.history}"
        )
    np.testing.assert_array_equal(mask, actions.mask(hand))


@st.composite
def tables(draw: st.DrawFn) -> tuple[hoyle.Game, list[int], int, int]:
    """A random preset (forced bets, structure and deck varied), seats, stacks, button, seed."""
    make = draw(st.sampled_from(PRESETS))
    kwargs: dict[str, Any] = {}
    if draw(st.booleans()):
        kwargs["ante"] = draw(st.integers(0, 30))
    if make.__name__ in BLIND_GAMES and draw(st.booleans()):
        kwargs["blinds"] = rising_blinds(draw(st.lists(st.integers(0, 30), max_size=3)))
    if draw(st.booleans()):
        kwargs["betting"] = draw(
            st.sampled_from([NoLimit(), PotLimit(), PotLimit(cap=50), Limit(2, 4), Limit(3, 9)])
        )
    if draw(st.booleans()):
        kwargs["raise_cap"] = draw(st.integers(1, 4))
    if make.__name__ == "five_card_draw" and draw(st.booleans()):
        kwargs["opener"] = "jacks"
    game = make(**kwargs)
    if make.__name__ == "texas_holdem" and draw(st.booleans()):
        # a deck of another order and size: card positions are not ids
        deck = draw(st.permutations(list(game.deck)))[: draw(st.integers(30, 52))]
        game = dataclasses.replace(game, deck=tuple(deck))
    plan = game._plan
    seats = draw(st.integers(max(2, plan.min_seats), min(9, plan.max_seats)))
    big = draw(st.sampled_from([60, 400, 10**6, 2**40, 2**60]))
    stacks = draw(st.lists(st.integers(1, big), min_size=seats, max_size=seats))
    return game, stacks, draw(st.integers(0, seats - 1)), draw(st.integers(0, 2**32))


abstractions = st.builds(
    Actions,
    fractions=st.lists(st.floats(0.01, 20.0), max_size=4).map(tuple),
    big_blinds=st.lists(st.floats(0.5, 500.0), max_size=3).map(tuple),
    min_raise=st.booleans(),
    all_in=st.booleans(),
    discards=st.booleans(),
)


def step(hand: hoyle.Hand, actions: Actions, rng: random.Random) -> None:
    """A random legal step: an index of the reference mask, or now and then a
    raise to a random legal total (sizes the abstraction lacks)."""
    legal = hand.legal
    if legal.min_raise_to is not None and legal.max_raise_to is not None and rng.random() < 0.2:
        hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
        return
    mask = actions.mask(hand)
    choices = np.flatnonzero(mask)
    if len(choices) == 0:  # a draw without draw entries (discards=False)
        hand.draw(())
        return
    actions.apply(hand, int(rng.choice(choices.tolist())))


@settings(max_examples=120, deadline=None)
@given(
    table=tables(),
    actions=abstractions,
    window=st.integers(0, 20),
    rng_seed=st.integers(0, 2**16),
)
def test_the_core_equals_the_reference_on_random_play(
    table: tuple[hoyle.Game, list[int], int, int], actions: Actions, window: int, rng_seed: int
) -> None:
    game, stacks, button, seed = table
    if actions.draw_cards(game) > 10:  # pragma: no cover - no preset deals more
        return
    layout = Layout(game, len(stacks), window=window)
    hand = game.start(stacks, button=button, seed=seed)
    rng = random.Random(rng_seed)
    event(game.name)
    while True:
        for me in range(len(stacks)):
            agree(layout, actions, hand, me)
        if hand.is_over:
            break
        if hand.is_drawing:
            event("a draw")
        elif hand.legal.min_raise_to is not None and len(np.flatnonzero(actions.mask(hand))) > 3:
            event("two raise sizes or more")
        step(hand, actions, rng)


def test_a_worked_hand() -> None:
    """3-max hold'em, blinds 1/2 (unit 2), seat 0 on the button raises to 6;
    seat 1 (the small blind, As 3h) looks (layout.py's example)."""
    game = games.texas_holdem()
    layout, actions = Layout(game, 3, window=4), Actions(big_blinds=(3,))
    deck = hoyle.parse_cards("As Kd 2c 3h Qs 7d 4c Jh Ts 9d 5s")
    hand = game.start([100, 100, 100], button=0, deck=deck)
    hand.raise_to(6)
    obs, mask = rows(layout, actions)
    observe(layout, actions, hand, 1, obs, mask)
    view = layout.read(obs)
    assert view["hole"].nonzero()[0].tolist() == sorted(map(int, hoyle.parse_cards("As 3h")))
    assert view["board"].sum() == 0
    assert view["up"].size == 0
    assert view["stacks"].tolist() == [49.5, 49.0, 47.0]
    assert view["bets"].tolist() == [0.5, 1.0, 3.0]
    assert view["contributions"].tolist() == [0.5, 1.0, 3.0]
    assert view["pot"].tolist() == [4.5]
    assert view["to_call"].tolist() == [2.5]
    assert view["active"].tolist() == [1.0, 1.0, 1.0]
    assert view["position"].tolist() == [0.0, 1.0, 0.0]
    assert view["street"].tolist() == [1.0, 0.0, 0.0, 0.0]
    assert view["drawing"][0] == 0.0
    history = view["history"].reshape(4, 14).tolist()
    assert history[0] == [0.0] * 14  # three records in four slots
    assert history[1] == [1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0.5, 0]  # seat 1's blind
    assert history[2] == [0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1.0, 0]  # seat 2's blind
    assert history[3] == [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 3.0, 0]  # seat 0's raise
    # seat 1 to act: bet 6, pot 9, a full call 5. min raise 10; half pot
    # 6 + floor(0.5 * 14) = 13; pot 6 + 14 = 20; 3 big blinds 6 + 6 = 12; all in 100
    assert mask.tolist() == [True, True, True, True, True, True, True]
    hand.call()  # seat 2 now: a full call 4, pot 12
    hand_2 = hand.clone()
    observe(layout, actions, hand_2, 2, obs, mask)
    # min raise 10; half pot 6 + floor(0.5 * 16) = 14; pot 6 + 16 = 22; 3 bb 12
    assert mask.tolist() == [True, True, True, True, True, True, True]
    for t in (22, 98):
        other = hand.clone()
        other.raise_to(t)  # seat 2 raises, the blinds' stacks vary
        observe(layout, actions, other, 0, obs, mask)
        assert np.array_equal(obs, layout.encode(other, 0))
        np.testing.assert_array_equal(mask, actions.mask(other))


def test_a_worked_draw() -> None:
    """Triple draw, seat 1 (first to draw after the betting) holding
    2c 3d 4h 5s Ac: up to five cards; ace-to-nothing rule absent, so every
    subset of the five is legal; without discards nothing is."""
    game = games.deuce_to_seven_triple_draw()
    layout = Layout(game, 2)
    hand = game.start([100, 100], button=0, seed=7)
    while not hand.is_drawing:
        hand.call() if hand.legal.call_amount else hand.check()
    actions = Actions(fractions=())
    obs, mask = rows(layout, actions)
    assert hand.actor is not None
    observe(layout, actions, hand, hand.actor, obs, mask)
    base = actions.draw_base()
    assert base == 4
    assert mask.size == base + 32
    assert not mask[:base].any()
    assert mask[base:].all()
    assert layout.read(obs)["drawing"].tolist() == [1.0]
    plain = Actions(fractions=(), discards=False)
    obs, mask = rows(layout, plain)
    observe(layout, plain, hand, 0, obs, mask)
    assert mask.tolist() == [False] * 4


def test_a_worked_ace_draw() -> None:
    """Five-card draw's ace rule (docs/rules.md §9): three cards, four when
    the seat keeps an ace."""
    game = games.five_card_draw()
    street = game._plan.streets[1]
    assert (street.draw, street.draw_ace) == (3, 4)
    for seed in range(200):
        hand = game.start([50, 50], button=0, seed=seed)
        while not hand.is_over and not hand.is_drawing:
            hand.call() if hand.legal.call_amount else hand.check()
        p = hand.actor
        if p is not None and sum(c // 4 == 12 for c in hand.hole(p)) == 1:
            break
    else:  # pragma: no cover
        pytest.fail("no seat drew with exactly one ace")
    actions = Actions()
    layout = Layout(game, 2)
    obs, mask = rows(layout, actions)
    observe(layout, actions, hand, p, obs, mask)
    ace = next(k for k, c in enumerate(hand.hole(p)) if c // 4 == 12)
    base = actions.draw_base()
    legal = {bits for bits in range(32) if mask[base + bits]}
    want = {
        bits
        for bits in range(32)
        if bits.bit_count() <= 3 or (bits.bit_count() == 4 and not bits >> ace & 1)
    }
    assert legal == want
    np.testing.assert_array_equal(mask, actions.mask(hand))


def test_stud_up_cards_are_encoded_and_others_down_cards_are_not() -> None:
    game = games.seven_card_stud()
    layout = Layout(game, 4)
    actions = Actions()
    hand = game.start([200] * 4, button=0, seed=3)
    obs, mask = rows(layout, actions)
    observe(layout, actions, hand, 2, obs, mask)
    view = layout.read(obs)
    k = len(layout.deck)
    ups = view["up"].reshape(4, k)
    for r in range(4):
        assert ups[r].nonzero()[0].tolist() == sorted(hand.up((2 + r) % 4))
    assert view["hole"].nonzero()[0].tolist() == sorted(hand.hole(2))
    assert view["hole"].sum() == 3
    assert ups.sum() == 4


def test_chips_near_the_limit() -> None:
    """A unit past 2**63 and stacks adding up to 2**64 - 1 (MAX_CHIPS): the
    same bits as the reference (each int rounded to a double, divided, then
    rounded to float32)."""
    game = games.texas_holdem(blinds=(1, 2**63))
    layout, actions = Layout(game, 2, window=3), Actions(fractions=(0.75,), big_blinds=(1.5,))
    assert layout.unit == 2**63
    for seed in range(3):
        hand = game.start([2**63 - 1, 2**63], button=seed % 2, seed=seed)
        rng = random.Random(seed)
        while True:
            agree(layout, actions, hand, 0)
            agree(layout, actions, hand, 1)
            if hand.is_over:
                break
            step(hand, actions, rng)


# -- speed -------------------------------------------------------------------------------


def test_the_core_is_faster_than_the_reference() -> None:
    """Not a benchmark (benches/ has those): the core's fill must beat the
    reference by a wide margin, or it is not worth its place."""
    import timeit

    game = games.texas_holdem()
    layout, actions = Layout(game, 6), Actions()
    hand = game.start([200] * 6, button=0, seed=5)
    hand.call()
    hand.raise_to(9)
    obs, mask = rows(layout, actions)

    def core() -> None:
        observe(layout, actions, hand, 3, obs, mask)

    def reference() -> None:
        layout.encode(hand, 3, obs)
        actions.mask(hand, mask)

    fast = min(timeit.repeat(core, number=200, repeat=5))
    slow = min(timeit.repeat(reference, number=200, repeat=5))
    assert fast * 3 < slow, (fast / 200, slow / 200)  # ~12x on an idle machine


# -- hostile arguments -------------------------------------------------------------------


@pytest.fixture
def spot() -> tuple[_Observer, hoyle.Hand, Layout, Actions]:
    game = games.texas_holdem()
    layout, actions = Layout(game, 3), Actions()
    hand = game.start([100] * 3, button=0, seed=1)
    return observer(layout, actions), hand, layout, actions


def good_rows(ob: _Observer) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
    return np.zeros(ob.obs_size, dtype=np.float32), np.zeros(ob.mask_size, dtype=np.bool_)


@pytest.mark.parametrize(
    ("obs", "error", "words"),
    [
        (np.zeros(349, dtype=np.float32), GameError, "must have"),
        (np.zeros(1000, dtype=np.float32), GameError, "must have"),
        (np.zeros(350, dtype=np.float64), TypeError, "dtype float32"),
        (np.zeros((2, 175), dtype=np.float32), TypeError, "1-d"),
        (np.zeros(2 * 350, dtype=np.float32)[::2], GameError, "C-contiguous"),
        ([0.0] * 350, TypeError, "numpy array"),
        (None, TypeError, "numpy array"),
    ],
)
def test_bad_obs_rows_are_refused(
    spot: tuple[_Observer, hoyle.Hand, Layout, Actions], obs: Any, error: type, words: str
) -> None:
    ob, hand, layout, _ = spot
    assert ob.obs_size == layout.size == 350  # 2 * 52 + 5 * 3 + 2 + 4 + 1 + 16 * 14
    _, mask = good_rows(ob)
    with pytest.raises(error, match=words):
        _observe(ob, hand, 0, obs, mask)


def test_bad_mask_rows_and_read_only_rows_are_refused(
    spot: tuple[_Observer, hoyle.Hand, Layout, Actions],
) -> None:
    ob, hand, _, _ = spot
    obs, mask = good_rows(ob)
    bad: Any
    for bad in (
        np.zeros(3, dtype=np.bool_),
        np.zeros(ob.mask_size, dtype=np.uint8),
        np.zeros(ob.mask_size * 2, dtype=np.bool_)[1::2],
    ):
        with pytest.raises((GameError, TypeError), match="mask"):
            _observe(ob, hand, 0, obs, bad)
    obs.flags.writeable = False
    with pytest.raises(GameError, match="writable"):
        _observe(ob, hand, 0, obs, mask)
    # one buffer as both rows: refused, not written twice at once
    shared = np.zeros(ob.obs_size, dtype=np.float32)
    with pytest.raises((GameError, TypeError)):
        _observe(ob, hand, 0, shared, shared.view(np.bool_)[: ob.mask_size])


def test_bad_seats_and_hands_are_refused(
    spot: tuple[_Observer, hoyle.Hand, Layout, Actions],
) -> None:
    ob, hand, layout, actions = spot
    obs, mask = good_rows(ob)
    me: Any
    for me, error in ((3, GameError), (-1, GameError), (2**70, GameError), ("0", TypeError)):
        with pytest.raises(error, match="me"):
            _observe(ob, hand, me, obs, mask)
    with pytest.raises(TypeError, match="Hand"):
        _observe(ob, object(), 0, obs, mask)
    four = games.texas_holdem().start([100] * 4, button=0, seed=1)
    with pytest.raises(GameError, match="seats"):
        _observe(ob, four, 0, obs, mask)
    omaha = games.omaha().start([100] * 3, button=0, seed=1)
    with pytest.raises(GameError, match="layout is for"):
        observe(layout, actions, omaha, 0, obs, mask)


CORRUPTIONS: list[tuple[str, Any]] = [
    ("_stacks", [-1, 100, 100]),
    ("_stacks", [100, 100]),
    ("_stacks", (100, 100, 100)),
    ("_bets", [2**64, 0, 0]),
    ("_bets", [0.5, 0, 0]),
    ("_contrib", [2**63, 2**63, 0]),
    ("_folded", [0, "no", 0]),
    ("_board", [99]),
    ("_board", None),
    ("_cards", [[0, 1], [2, 3]]),
    ("_cards", [[4, 99], [2, 3], [0, 1]]),
    ("_cards", [list(range(70)), [2, 3], [0, 1]]),
    ("_cards", [None, [2, 3], [0, 1]]),
    ("_history", [(0, 0, "shove", 5, 5, ())]),
    ("_history", [(0, 7, "bet", 5, 5, ())]),
    ("_history", [(0, 0, "bet", -5, 5, ())]),
    ("_history", [(0, 0, "bet")]),
    ("_history", ["bet"]),
    ("_street", 9),
    ("_street", None),
    ("_button", 3),
    ("_phase", 5),
    ("_actor", 7),
    ("_actor", None),
    ("_legal", (True, False)),
    ("_legal", (True, False, 2, 4, None, False)),
    ("_legal", (True, False, -2, None, None, False)),
]


@pytest.mark.parametrize(("name", "value"), CORRUPTIONS)
def test_a_corrupt_hand_is_refused_with_a_hoyle_error(
    spot: tuple[_Observer, hoyle.Hand, Layout, Actions], name: str, value: Any
) -> None:
    ob, hand, _, _ = spot
    obs, mask = good_rows(ob)
    bad = hand.clone()
    hand.legal  # noqa: B018 - cached, so a corrupt _legal is what the core reads
    bad._legal = hand._legal
    object.__setattr__(bad, name, value)
    before = obs.copy(), mask.copy()
    with pytest.raises((HoyleError, TypeError)) as err:
        _observe(ob, bad, 0, obs, mask)
    assert str(err.value)
    # nothing written on a refusal
    assert np.array_equal(obs, before[0])
    assert np.array_equal(mask, before[1])


def test_a_corrupt_draw_is_refused() -> None:
    game = games.badugi()
    layout, actions = Layout(game, 2), Actions()
    hand = game.start([100, 100], button=0, seed=2)
    while not hand.is_drawing:
        hand.call() if hand.legal.call_amount else hand.check()
    ob = observer(layout, actions)
    obs, mask = good_rows(ob)
    for name, value in (("_deck", None), ("_discards", 3), ("_street", 4)):
        bad = hand.clone()
        object.__setattr__(bad, name, value)
        with pytest.raises((HoyleError, TypeError)):
            _observe(ob, bad, 0, obs, mask)


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (((), 3, 4, 16, False, 2, (0.5,), (), True, True, 0), GameError),
        (((0, 0), 3, 4, 16, False, 2, (0.5,), (), True, True, 0), GameError),
        (((0, 54), 3, 4, 16, False, 2, (0.5,), (), True, True, 0), GameError),
        (("As Kd", 3, 4, 16, False, 2, (0.5,), (), True, True, 0), TypeError),
        (((0, 1), 1, 4, 16, False, 2, (0.5,), (), True, True, 0), GameError),
        (((0, 1), 65, 4, 16, False, 2, (0.5,), (), True, True, 0), GameError),
        (((0, 1), 3.0, 4, 16, False, 2, (0.5,), (), True, True, 0), TypeError),
        (((0, 1), 3, 0, 16, False, 2, (0.5,), (), True, True, 0), GameError),
        (((0, 1), 3, 4, -1, False, 2, (0.5,), (), True, True, 0), GameError),
        (((0, 1), 3, 4, 2**40, False, 2, (0.5,), (), True, True, 0), GameError),
        (((0, 1), 3, 4, 16, 1, 2, (0.5,), (), True, True, 0), TypeError),
        (((0, 1), 3, 4, 16, False, 0, (0.5,), (), True, True, 0), GameError),
        (((0, 1), 3, 4, 16, False, 2**64, (0.5,), (), True, True, 0), GameError),
        (((0, 1), 3, 4, 16, False, -1, (0.5,), (), True, True, 0), GameError),
        (((0, 1), 3, 4, 16, False, 2, (float("nan"),), (), True, True, 0), GameError),
        (((0, 1), 3, 4, 16, False, 2, (), (-1.0,), True, True, 0), GameError),
        (((0, 1), 3, 4, 16, False, 2, ("x",), (), True, True, 0), TypeError),
        (((0, 1), 3, 4, 16, False, 2, (), (), None, True, 0), TypeError),
        (((0, 1), 3, 4, 16, False, 2, (), (), True, True, 17), GameError),
        (((0, 1), 3, 4, 16, False, 2, (), (), True, True, True), TypeError),
    ],
)
def test_bad_observer_settings_are_refused(args: tuple[Any, ...], error: type) -> None:
    # the abstraction's four fields travel as the Actions they are read from
    deck, seats, streets, window, has_up, unit, *abstraction, draw_cards = args
    fractions, big_blinds, min_raise, all_in = abstraction
    actions = SimpleNamespace(
        fractions=fractions, big_blinds=big_blinds, min_raise=min_raise, all_in=all_in
    )
    with pytest.raises(error):
        _Observer(deck, seats, streets, window, has_up, unit, actions, draw_cards)  # type: ignore[arg-type]


def test_observer_fields_are_the_layouts() -> None:
    for game, seats in ((games.texas_holdem(), 6), (games.razz(), 7), (games.badugi(), 2)):
        layout, actions = Layout(game, seats, window=5), Actions(big_blinds=(2.5,))
        ob = observer(layout, actions)
        assert ob.fields == list(layout.fields)
        assert (ob.obs_size, ob.mask_size) == (layout.size, actions.size(game))
        assert observer(layout, actions) is ob  # made once per pair
        obs, mask = good_rows(ob)
        hand = game.start([100] * seats, button=0, seed=1)
        ob.fill(hand, 1, obs, mask)  # the method and the function agree
        obs2, mask2 = good_rows(ob)
        _observe(ob, hand, 1, obs2, mask2)
        assert np.array_equal(obs, obs2)
        assert np.array_equal(mask, mask2)


def test_the_tracked_path_writes_the_same_rows() -> None:
    """With the core's unsafe tricks off (``_set_fast_paths(False)``), rows
    are written through rust-numpy's tracked borrows: the same bits and the
    same refusals."""
    rng = random.Random(4)
    spots = []
    for make, seats in ((games.texas_holdem, 6), (games.seven_card_stud, 5), (games.badugi, 3)):
        game = make()
        layout, actions = Layout(game, seats, window=6), Actions(big_blinds=(2.5,))
        hand = game.start([150] * seats, button=1, seed=9)
        while not hand.is_over:
            spots.append((layout, actions, hand.clone()))
            step(hand, actions, rng)
        spots.append((layout, actions, hand))
    previous = _set_fast_paths(False)
    try:
        for layout, actions, hand in spots:
            for me in range(layout.seats):
                agree(layout, actions, hand, me)
        ob = observer(*spots[0][:2])
        obs, mask = good_rows(ob)
        obs.flags.writeable = False
        with pytest.raises(GameError, match="writable"):
            _observe(ob, spots[0][2], 0, obs, mask)
    finally:
        _set_fast_paths(previous)


FIELDS = (
    "_n",
    "_stacks",
    "_bets",
    "_contrib",
    "_folded",
    "_board",
    "_cards",
    "_up",
    "_history",
    "_street",
    "_button",
    "_phase",
    "_actor",
    "_legal",
    "_deck",
    "_discards",
)


def corrupt(rng: random.Random, value: Any) -> Any:
    """``value`` with a hostile piece: a nasty number in a list, a list cut
    short or grown, or a nasty number in its place."""
    if isinstance(value, list | tuple) and value and rng.random() < 0.6:
        out = list(value)
        k = rng.randrange(len(out))
        if isinstance(out[k], list | tuple) and out[k] and rng.random() < 0.5:
            inner = list(out[k])
            inner[rng.randrange(len(inner))] = nasty_number(rng)
            out[k] = tuple(inner) if isinstance(out[k], tuple) else inner
        elif rng.random() < 0.7:
            out[k] = nasty_number(rng)
        else:
            out = out[:k] if rng.random() < 0.5 else out + out
        return tuple(out) if isinstance(value, tuple) else out
    return nasty_number(rng)


def test_fuzz_corrupt_hands() -> None:
    """Hands of many games with one field corrupted: the core returns or
    raises a hoyle error (or TypeError), never panics or crashes."""
    spots = []
    for preset, seats in ((games.texas_holdem, 6), (games.razz, 4), (games.badugi, 3)):
        game = preset()
        layout, actions = Layout(game, seats, window=4), Actions(big_blinds=(3,))
        hand, rng = game.start([80] * seats, button=0, seed=2), random.Random(1)
        while not hand.is_over:
            spots.append((observer(layout, actions), hand.clone()))
            step(hand, actions, rng)

    def forge(rng: random.Random) -> tuple[_Observer, hoyle.Hand, int]:
        ob, hand = rng.choice(spots)
        bad = hand.clone()
        bad._legal = hand.legal
        name = rng.choice(FIELDS)
        object.__setattr__(bad, name, corrupt(rng, getattr(bad, name)))
        return ob, bad, rng.randrange(ob.fields[4][2])  # a seat (the bets' size)

    def call(case: tuple[_Observer, hoyle.Hand, int]) -> None:
        ob, hand, me = case
        obs, mask = good_rows(ob)
        _observe(ob, hand, me, obs, mask)

    tally = fuzz("env: the core's observe of a corrupt Hand", forge, call, min_inputs=400)
    assert tally["GameError"] > 0
    assert tally["ok"] > 0
