"""``hoyle.env.Layout``: the sections in order and size, hand-worked
observations read back with ``layout.read`` (hold'em, stud with up cards, a
draw), the history window, the bounds, and no peeking at other seats'
face-down cards."""

from __future__ import annotations

import hoyle
import numpy as np
import pytest
from hoyle.env import Layout
from hoyle.env.layout import KINDS, unit


def cards(text: str) -> list[int]:
    return [int(c) for c in hoyle.parse_cards(text)]


def test_sections_in_order() -> None:
    layout = Layout(hoyle.games.seven_card_stud(), 4, window=3)
    names = [name for name, _, _ in layout.fields]
    assert names == [
        "hole",
        "board",
        "up",
        "stacks",
        "bets",
        "contributions",
        "pot",
        "to_call",
        "active",
        "position",
        "street",
        "drawing",
        "history",
    ]
    sizes = {name: size for name, _, size in layout.fields}
    assert sizes["up"] == 4 * 52
    assert sizes["street"] == 5
    assert sizes["history"] == 3 * (4 + 11)
    offsets = [off for _, off, _ in layout.fields]
    assert offsets == sorted(offsets)
    assert layout.size == sum(sizes.values())
    assert Layout(hoyle.games.texas_holdem(), 6).fields[2] == ("up", 104, 0)
    assert KINDS[-1] == "draw"


def test_units() -> None:
    assert unit(hoyle.games.texas_holdem(blinds=(5, 10))) == 10
    assert unit(hoyle.games.razz()) == 5  # the first street's limit
    assert unit(hoyle.games.texas_holdem(blinds=(), ante=1, min_bet=4)) == 4


def test_holdem_by_hand() -> None:
    """4 seats, blinds 1/2 (unit 2), seat 3 deals. The deal, one card at a
    time from the button's left: seat 0 Ah Kh (small blind), seat 1 2c 7d
    (big blind), seat 2 Qs Qd, seat 3 9c 9d (no burn cards in the preset).
    Seat 2 raises to 6, seat 3 folds, seat 0 calls, seat 1 folds; the flop
    Jh Th 2s; seat 0 bets 4. Seen by seat 2."""
    game = hoyle.games.texas_holdem()
    deck = cards("Ah 2c Qs 9c Kh 7d Qd 9d Jh Th 2s 4c 5d")
    hand = game.start([100, 100, 100, 100], button=3, deck=deck)
    hand.raise_to(6)
    hand.fold()
    hand.call()
    hand.fold()
    hand.raise_to(4)
    layout = Layout(game, 4, window=4)
    view = layout.read(layout.encode(hand, 2))
    assert view["hole"].nonzero()[0].tolist() == sorted(cards("Qs Qd"))
    assert view["board"].nonzero()[0].tolist() == sorted(cards("Jh Th 2s"))
    # relative seats: 2 (me), 3, 0, 1
    assert view["stacks"].tolist() == [47.0, 50.0, 45.0, 49.0]
    assert view["bets"].tolist() == [0.0, 0.0, 2.0, 0.0]
    assert view["contributions"].tolist() == [3.0, 0.0, 5.0, 1.0]
    assert view["pot"].tolist() == [9.0]
    assert view["to_call"].tolist() == [2.0]
    assert view["active"].tolist() == [1.0, 0.0, 1.0, 0.0]
    assert view["position"].tolist() == [0.0, 0.0, 0.0, 1.0]  # 3 seats past the button
    assert view["street"].tolist() == [0.0, 1.0, 0.0, 0.0]
    assert view["drawing"].tolist() == [0.0]
    rows = view["history"].reshape(4, 15)
    # the last 4 records: seat 3 fold, seat 0 call 5, seat 1 fold, seat 0 bet 4
    want = [(1, "fold", 0.0), (2, "call", 2.5), (3, "fold", 0.0), (2, "bet", 2.0)]
    for row, (seat, kind, amount) in zip(rows, want, strict=False):
        assert row[:4].nonzero()[0].tolist() == [seat]
        assert row[4:13].nonzero()[0].tolist() == [KINDS.index(kind)]
        assert row[13] == amount
        assert row[14] == 0.0


def test_a_short_history_is_right_aligned() -> None:
    game = hoyle.games.texas_holdem()
    hand = game.start([100, 100, 100], button=0, seed=1)  # two records: the blinds
    layout = Layout(game, 3, window=4)
    rows = layout.read(layout.encode(hand, 0))["history"].reshape(4, 14)
    assert not rows[:2].any()
    assert rows[2, :3].tolist() == [0.0, 1.0, 0.0]  # seat 1, the small blind
    assert rows[2, 3 + KINDS.index("blind")] == 1.0
    assert rows[2, -2] == 0.5
    assert rows[3, :3].tolist() == [0.0, 0.0, 1.0]
    assert rows[3, -2] == 1.0


def test_stud_up_cards_by_seat() -> None:
    """Seven-card stud, 3 seats: third street deals two down and one up to
    each seat; the up blocks follow the relative order, the hole section
    holds only me's cards, down and up."""
    game = hoyle.games.seven_card_stud()
    hand = game.start([100, 100, 100], button=0, seed=9)
    layout = Layout(game, 3, window=2)
    me = 1
    view = layout.read(layout.encode(hand, me))
    up = view["up"].reshape(3, 52)
    for r in range(3):
        seat = (me + r) % 3
        assert up[r].nonzero()[0].tolist() == sorted(hand.up(seat))
    assert view["hole"].nonzero()[0].tolist() == sorted(hand.hole(me))
    assert view["board"].sum() == 0.0
    seen = set(view["hole"].nonzero()[0]) | set(view["up"].reshape(3, 52).nonzero()[1])
    hidden = {c for s in (0, 2) for c in hand.hole(s) if c not in hand.up(s)}
    assert not seen & hidden


def test_a_draw_in_the_history() -> None:
    game = hoyle.games.five_card_draw()
    hand = game.start([100, 100], button=0, seed=2)
    hand.call()
    hand.check()
    assert hand.is_drawing
    layout = Layout(game, 2, window=3)
    assert layout.read(layout.encode(hand, 0))["drawing"].tolist() == [1.0]
    p = hand.actor
    assert p is not None
    hand.draw(hand.hole(p)[:3])
    rows = layout.read(layout.encode(hand, p))["history"].reshape(3, 13)
    assert rows[-1, 2 + KINDS.index("draw")] == 1.0
    assert rows[-1, -1] == 3.0  # three cards replaced
    assert rows[-1, -2] == 0.0


def test_over_no_street_and_batches() -> None:
    game = hoyle.games.texas_holdem()
    hand = game.start([100, 100], button=0, seed=3)
    hand.fold()
    layout = Layout(game, 2)
    obs = np.stack([layout.encode(hand, 0), layout.encode(hand, 1)])
    view = layout.read(obs)
    assert view["street"].shape == (2, 4)
    assert not view["street"].any()
    assert view["stacks"].tolist() == [[49.5, 50.5], [50.5, 49.5]]
    with pytest.raises(hoyle.GameError):
        layout.read(obs[:, 1:])


def test_bounds_hold_every_observation() -> None:
    game = hoyle.games.texas_holdem()
    layout = Layout(game, 3)
    low, high = layout.bounds(300)
    assert (high > low).all()
    hand = game.start([100, 100, 100], seed=4)
    while not hand.is_over:
        for me in range(3):
            obs = layout.encode(hand, me)
            assert (low <= obs).all()
            assert (obs <= high).all()
        legal = hand.legal
        if legal.max_raise_to is not None:
            hand.raise_to(legal.max_raise_to)
        else:
            hand.call()


def test_layout_settings_are_checked() -> None:
    game = hoyle.games.texas_holdem()
    with pytest.raises(hoyle.GameError):
        Layout(game, 1)
    with pytest.raises(hoyle.GameError):
        Layout(game, 3, window=-1)
    with pytest.raises(TypeError):
        Layout(game, 3.0)  # type: ignore[arg-type]
    layout = Layout(game, 3)
    with pytest.raises(hoyle.GameError):
        layout.encode(game.start([10, 10]), 0)
    assert Layout(game, 3, window=0).size == layout.size - 16 * 14
