"""``Layout.decode``: the exact inverse of the encoder on observations of
real hands (hold'em from the core's ``VectorTables``, Omaha, stud with up
cards), checked against the ``Hand``'s own cards and fields; batches; and
what no seat could observe refused."""

from __future__ import annotations

import random

import hoyle
import numpy as np
import pytest
from hoyle.bots import random_bot
from hoyle.env import Layout, VectorTables
from hoyle.env.layout import Decoded
from hoyle.errors import GameError
from hoyle.ranges import hand_class


def expect(layout: Layout, hand: hoyle.Hand, me: int, d: Decoded) -> None:
    """``d`` (a ``Decoded``) says what ``hand`` shows seat ``me``."""
    n = layout.seats
    pos = {c: i for i, c in enumerate(layout.deck)}
    order = [(me + r) % n for r in range(n)]

    def in_deck(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(cards, key=pos.__getitem__))

    assert d.hole == in_deck(hand.hole(me))
    assert d.board == in_deck(hand.board)
    if layout.has_up:
        assert d.up == tuple(in_deck(hand.up(s)) for s in order)
    else:
        assert d.up == ((),) * n
    two = len(hand.hole(me)) == 2
    assert d.hand_class == (hand_class(hand.hole(me)) if two else None)
    assert d.position == (me - hand.button) % n
    assert d.street == (None if hand.is_over else hand.street)
    f = d.fields
    u = layout.unit
    assert (f["stacks"] * u).tolist() == [hand.stacks[s] for s in order]
    assert (f["bets"] * u).tolist() == [hand.bets[s] for s in order]
    assert f["active"].tolist() == [float(hand.active[s]) for s in order]
    assert float(f["pot"][0] * u) == sum(hand.contributions)


def one(layout: Layout, obs: np.ndarray) -> Decoded:
    d = layout.decode(obs)
    assert isinstance(d, Decoded)
    return d


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        (hoyle.games.texas_holdem(), 6),
        (hoyle.games.omaha(), 4),
        (hoyle.games.seven_card_stud(), 5),
    ],
)
def test_decode_inverts_encode_on_played_hands(game: hoyle.Game, seats: int) -> None:
    layout = Layout(game, seats)
    rng = random.Random(3)
    checked = 0
    for k in range(25):
        hand = game.start([400] * seats, button=k % seats, seed=k)
        while True:
            for me in range(seats):
                expect(layout, hand, me, one(layout, layout.encode(hand, me)))
                checked += 1
            if hand.is_over:
                break
            random_bot(hand, rng)
    assert checked > 200


def test_decode_reads_the_core_tables_observations_and_batches() -> None:
    t = VectorTables(
        hoyle.games.texas_holdem(), 16, seats=6, seed=4, bots={1: "random", 2: "random"}
    )
    assert t.backend == "core"
    obs, mask, actor = t.reset()
    rng = np.random.default_rng(0)
    for _ in range(40):
        decoded = t.layout.decode(obs)
        assert isinstance(decoded, list)
        assert len(decoded) == 16
        for i, d in enumerate(decoded):
            if actor[i] >= 0:
                expect(t.layout, t.hand(i), int(actor[i]), d)
                one = t.layout.decode(obs[i])
                assert not isinstance(one, list)
                assert one[:6] == d[:6]  # one row: the same
        picks = (rng.random(mask.shape) * mask).argmax(axis=1)
        obs, mask, actor, _, _ = t.step(picks)


def test_a_known_hand_decodes_to_its_cards_and_class() -> None:
    game = hoyle.games.texas_holdem()
    deck = hoyle.parse_cards("2c Kd As 3h Qs Ks 4c Jh Ts 9d 5s")
    hand = game.start([100, 100, 100], button=0, deck=deck)
    layout = Layout(game, 3)
    d = layout.decode(layout.encode(hand, 0))  # dealt from seat 1: seat 0 gets As, Ks
    assert not isinstance(d, list)
    assert sorted(str(hoyle.Card(c)) for c in d.hole) == ["As", "Ks"]
    assert d.hand_class == "AKs"
    assert d.board == ()
    assert d.position == 0


def test_decode_refuses_what_no_seat_observes() -> None:
    layout = Layout(hoyle.games.texas_holdem(), 3)
    good = layout.encode(hoyle.games.texas_holdem().start([100] * 3, seed=1), 0)
    with pytest.raises(GameError, match=r"is \[350\] or a batch \[N, 350\], got \(3,\)"):
        layout.decode(np.zeros(3, dtype=np.float32))
    bad = good.copy()
    bad[layout.offset("hole")] = 0.5
    with pytest.raises(GameError, match="hole holds values not 0/1"):
        layout.decode(bad)
    bad = good.copy()
    bad[layout.offset("position") : layout.offset("position") + 3] = 0
    with pytest.raises(GameError, match="position is not one-hot"):
        layout.decode(bad)
    bad = good.copy()
    bad[layout.offset("street") : layout.offset("street") + 2] = 1
    with pytest.raises(GameError, match="more than one street"):
        layout.decode(bad)
