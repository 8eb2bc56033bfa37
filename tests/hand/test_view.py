"""A hand's declared view and the facts a ``Hand`` shares with the core
(``hoyle._hand_view``, ``src-rust/hand.rs``): the view's fields are
``HandState``'s, in the core's order; the phases, the record kinds and the
observation layout's table come from the core once, and every reader
(``Layout``, ``_hand_check``, the simulation's counters, the PHH writer)
agrees with them."""

from __future__ import annotations

import random

import hoyle
import numpy as np
import pytest
from hoyle import _core, _hand_state, _hand_view, games
from hoyle._hand_view import (
    ACTIONS,
    FORCED,
    HISTORY,
    LEGAL,
    PHASE,
    RECORD_KINDS,
    draw_view,
    kind_table,
    kinds,
    view,
)
from hoyle.env import Actions, Layout
from hoyle.env._observe import observer
from hoyle.env.layout import KINDS


def test_the_view_is_the_hands_fields_in_the_cores_order() -> None:
    hand = games.texas_holdem().start([100] * 4, button=1, seed=3)
    fields = _core.HAND_VIEW_FIELDS
    assert len(set(fields)) == len(fields)
    v = view(hand)
    assert len(v) == len(fields)
    for name, value in zip(fields, v, strict=True):
        assert value is getattr(hand, "_" + name), name
        assert getattr(_hand_view, name.upper()) == fields.index(name)
    assert draw_view(hand) == tuple(getattr(hand, "_" + f) for f in _core.HAND_DRAW_FIELDS)
    assert v[LEGAL] is None  # not worked out yet: the core then asks hand.legal
    hand.legal  # noqa: B018
    assert view(hand)[LEGAL] is hand.legal


def test_a_view_naming_a_field_the_hand_lacks_fails() -> None:
    with pytest.raises(ImportError, match="_nonesuch"):
        _hand_view._getter(("stacks", "nonesuch"))


def test_phases_are_the_cores() -> None:
    assert (_hand_state.BET, _hand_state.DRAWING, _hand_state.OVER) == (
        _core.PHASE_BET,
        _core.PHASE_DRAWING,
        _core.PHASE_OVER,
    )
    hand = games.badugi().start([50, 50], button=0, seed=1)
    assert view(hand)[PHASE] == _core.PHASE_BET
    while not hand.is_drawing:
        hand.call() if hand.legal.call_amount else hand.check()
    assert view(hand)[PHASE] == _core.PHASE_DRAWING
    while not hand.is_over:
        if hand.is_drawing:
            hand.draw()
        else:
            hand.fold() if hand.legal.can_fold else hand.check()
    assert view(hand)[PHASE] == _core.PHASE_OVER


def test_record_kinds_are_the_cores_and_every_hand_writes_only_those() -> None:
    assert RECORD_KINDS == _core.RECORD_KINDS == KINDS
    assert set(RECORD_KINDS) == FORCED | ACTIONS
    assert not FORCED & ACTIONS
    assert {"ante", "blind", "bring-in"} == FORCED
    written = set()
    rng = random.Random(5)
    for make in (games.texas_holdem, games.seven_card_stud, games.badugi, games.razz):
        game = make()
        layout, actions = Layout(game, 3), Actions()
        for seed in range(6):
            hand = game.start([200] * 3, button=seed % 3, seed=seed)
            while not hand.is_over:
                legal = np.flatnonzero(actions.mask(hand))
                actions.apply(hand, int(rng.choice(legal.tolist())))
            written |= {record[2] for record in view(hand)[HISTORY]}
            layout.encode(hand, 0)
    assert written <= set(RECORD_KINDS)
    assert {"ante", "blind", "bring-in", "fold", "call", "draw"} <= written


def test_kinds_are_checked_where_they_are_named() -> None:
    assert kinds("bet", "raise") == {"bet", "raise"}
    with pytest.raises(ValueError, match="shove"):
        kinds("bet", "shove")
    with pytest.raises(ValueError, match="muck"):
        kind_table({"fold": 1, "muck": 2})
    # interned: the hand's own literals are the same objects
    assert all(a is b for a, b in zip(kinds(*RECORD_KINDS), kinds(*RECORD_KINDS), strict=True))
    assert RECORD_KINDS[RECORD_KINDS.index("raise")] is "raise"  # noqa: F632


@pytest.mark.parametrize(
    ("make", "seats", "window"),
    [(games.texas_holdem, 6, 16), (games.seven_card_stud, 5, 3), (games.badugi, 2, 0)],
)
def test_the_layout_reads_the_cores_table(make: object, seats: int, window: int) -> None:
    game = make()  # type: ignore[operator]
    layout = Layout(game, seats, window=window)
    assert [name for name, _, _ in layout.fields] == [s for s, _ in _core.LAYOUT_SECTIONS]
    assert layout.record == seats + _core.LAYOUT_RECORD_EXTRA
    assert len(_core.RECORD_KINDS) + 2 == _core.LAYOUT_RECORD_EXTRA  # kinds, amount, drawn
    assert observer(layout, Actions()).fields == list(layout.fields)


def test_the_core_refuses_a_hand_of_another_game_and_a_non_hand() -> None:
    game = games.texas_holdem()
    layout, actions = Layout(game, 3), Actions()
    ob = observer(layout, actions)
    obs = np.zeros(ob.obs_size, dtype=np.float32)
    mask = np.zeros(ob.mask_size, dtype=np.bool_)
    hand = games.texas_holdem(blinds=(2, 4)).start([100] * 3, seed=1)
    with pytest.raises(hoyle.GameError, match="layout is for"):
        _core._observe(ob, hand, 0, obs, mask, game)
    _core._observe(ob, hand, 0, obs, mask)  # without a game: not checked
    same = games.texas_holdem().start([100] * 3, seed=1)  # an equal game
    _core._observe(ob, same, 0, obs, mask, game)
    with pytest.raises(TypeError, match="Hand"):
        _core._observe(ob, object(), 0, obs, mask, game)
