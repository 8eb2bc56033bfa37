"""hoyle.Table: hand after hand, the button moving left, stacks carried,
busted players out, players joining and leaving between hands."""

from __future__ import annotations

import random

import hoyle
import pytest
from hoyle.bots import loose_bot


def finish(hand: hoyle.Hand) -> None:
    while not hand.is_over:
        hand.fold() if hand.legal.can_fold else hand.check()


def test_button_moves_left_and_stacks_carry() -> None:
    table = hoyle.Table(hoyle.games.texas_holdem(), [100, 100, 100, 100])
    buttons = []
    for _ in range(5):
        hand = table.deal(seed=1)
        buttons.append(table.button)
        finish(hand)
    assert buttons == [0, 1, 2, 3, 0]
    assert sum(s or 0 for s in table.stacks) == 400


def test_busted_players_leave_and_others_join() -> None:
    table = hoyle.Table(hoyle.games.texas_holdem(), [100, 3, None, 100])
    rng = random.Random(4)
    for _ in range(200):
        if sum(1 for s in table.stacks if s) < 3:
            break
        hand = table.deal(seed=rng.getrandbits(32))
        while not hand.is_over:
            loose_bot(hand, rng)
    stacks = table.stacks
    assert sum(s or 0 for s in stacks) == 203
    busted = [i for i, s in enumerate(stacks) if s == 0]
    assert busted
    table.join(2, 70)
    hand = table.deal(seed=5)  # busted players are taken out at the next deal
    assert not set(busted) & set(table.in_hand)
    assert 2 in table.in_hand
    assert all(table.stacks[i] is None for i in busted)
    finish(hand)


def test_no_seat_changes_during_a_hand() -> None:
    table = hoyle.Table(hoyle.games.texas_holdem(), [100, 100])
    hand = table.deal(seed=1)
    with pytest.raises(hoyle.GameError, match="during a hand"):
        table.join(2, 50)
    with pytest.raises(hoyle.GameError, match="during a hand"):
        table.deal()
    finish(hand)
    assert table.leave(0) in (99, 101, 100, 98, 102)
    with pytest.raises(hoyle.GameError, match="two players"):
        table.deal()


def test_hoyle_play_command(capsys: pytest.CaptureFixture[str]) -> None:
    from hoyle.cli import main

    assert main(["play", "--hands", "30", "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "texas_holdem: 30 hands" in out
    assert "net chips" in out
    assert (
        main(["play", "--hands", "5", "--game", "razz", "--bots", "tight,random", "--quiet"]) == 0
    )
    assert main(["play", "--game", "nope", "--quiet"]) == 2
    assert "unknown game" in capsys.readouterr().err
