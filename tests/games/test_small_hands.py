"""``Game.small_hands`` (a showdown of 1 to 4 cards) and ``Street.raise_cap``
(a street's own cap): Kuhn poker's and Leduc hold'em's showdowns against
their rules written out, every deal; a capped street played out."""

from __future__ import annotations

import itertools

import hoyle
import pytest
from hoyle import Game, Limit, Street
from hoyle.env._fast import settings
from hoyle.errors import GameError
from hoyle.spiel import kuhn_poker, leduc_holdem


def leduc_winner(cards: tuple[int, int], board: int) -> int | None:
    """Leduc's rule (OpenSpiel's): a pair with the board wins, else the
    higher rank; the same rank ties (None)."""
    ranks = [c // 4 for c in cards]
    for p in (0, 1):
        if ranks[p] == board // 4:
            return p
    if ranks[0] == ranks[1]:
        return None
    return 0 if ranks[0] > ranks[1] else 1


def test_every_leduc_showdown() -> None:
    game = leduc_holdem()
    for a, b, board in itertools.permutations(game.deck, 3):
        hand = game.start([13, 13], button=1, deck=[a, b, board])
        for _ in range(4):
            hand.check()
        assert hand.is_over
        winner = leduc_winner((a, b), board)
        want = (13, 13) if winner is None else ((14, 12) if winner == 0 else (12, 14))
        assert hand.stacks == want, (a, b, board)


def test_every_kuhn_showdown() -> None:
    game = kuhn_poker()
    for a, b in itertools.permutations(game.deck, 2):
        hand = game.start([2, 2], button=1, deck=[a, b])
        hand.raise_to(1)
        hand.call()
        assert hand.stacks == ((4, 0) if a > b else (0, 4))


@pytest.mark.parametrize(
    ("deck", "stacks"),
    [
        ("Kc Qc Kd 2c Ks 2d", (6, 4)),  # K K K 2 (three kings) beats 2 2 K Q (a pair)
        ("Qc Ac Qd Kd 2s 2d", (6, 4)),  # Q Q 2 2 (two pair) beats 2 2 A K (a pair)
        ("Ac Kc 9d 9h 7s 3d", (6, 4)),  # A 9 7 3 beats K 9 7 3: the highest rank first
        ("Ac Ad 9d 9h 7s 3d", (5, 5)),  # A 9 7 3 each: suits never count, a tie
    ],
)
def test_small_hands_of_four_cards(deck: str, stacks: tuple[int, int]) -> None:
    """Two down cards each and a board of two, dealt round the table
    (seat 0 first): sets of one rank first, then the ranks."""
    game = Game(name="four", streets=(Street(down=2), Street(board=2)), ante=1, small_hands=True)
    hand = game.start([5, 5], button=1, deck=deck)
    while not hand.is_over:
        hand.check()
    assert hand.stacks == stacks


def test_small_hands_needs_natural_high_rules() -> None:
    with pytest.raises(GameError, match="small_hands ranks hands by pairs and high cards"):
        Game(
            streets=(Street(down=1),),
            rules=hoyle.HandRules(low="ace-to-five"),
            high=False,
            small_hands=True,
        )
    assert settings(leduc_holdem()) is None  # the table engine does not play it


def test_a_street_cap_of_its_own() -> None:
    """ACPC's limit hold'em: 3 raises before the flop, 4 after."""
    streets = (Street(down=2, raise_cap=3), Street(board=3), Street(board=1), Street(board=1))
    game = Game(streets=streets, betting=Limit(10, 10), blinds=(5, 10), raise_cap=4)
    hand = game.start([1000, 1000], button=1, seed=1)
    raises = 0
    while hand.legal.min_raise_to is not None:
        hand.raise_to(hand.legal.min_raise_to)
        raises += 1
    assert raises == 3
    assert hand.bets == (30, 40)
    hand.call()
    raises = 0
    while hand.legal.min_raise_to is not None:
        hand.raise_to(hand.legal.min_raise_to)
        raises += 1
    assert raises == 4
    assert Game.from_dict(game.to_dict()) == game
    assert settings(game) is None  # the table engine does not play a street's own cap
    with pytest.raises(GameError, match="Street raise_cap must be at least 1"):
        Street(raise_cap=0)
