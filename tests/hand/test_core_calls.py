"""The two core calls behind ``hoyle.Hand``'s hot path.

Unseeded hands shuffle in the core (``_core._deal``): distinct cards of the
game's deck, every card equally likely in every place, a fresh stream in a
forked child, and clear errors for bad input. Seeded hands deal in the core
too, bit for bit what ``random.Random(seed)`` dealt (pinned by the README
and docs examples; see test_hand_rules_core.py).

A natural-high hand ends in one call (``_core._showdown``): it must give
exactly what ``evaluate`` of each live seat and ``settle`` give."""

from __future__ import annotations

import multiprocessing
import os
import random
import sys
from collections import Counter
from unittest.mock import ANY

import hoyle
import pytest
from hoyle._core import _deal, _showdown


def test_deal_is_distinct_positions_of_the_deck() -> None:
    for size in (52, 53, 20, 1):
        for count in (0, 1, min(17, size), size):
            cards = _deal(size, count)
            assert len(cards) == count
            assert len(set(cards)) == count
            assert set(cards) <= set(range(size))


def test_every_card_is_equally_likely_in_each_place() -> None:
    # 52 cells per place: the chi-square statistic has 51 degrees of freedom
    # (mean 51, sd ~10); 120 is beyond 1e-6 for a fair shuffle.
    deals = 52 * 400
    places = [Counter[int]() for _ in range(3)]
    for _ in range(deals):
        for place, card in zip(places, _deal(52, 3), strict=True):
            place[card] += 1
    expected = deals / 52
    for place in places:
        chi2 = sum((place[c] - expected) ** 2 / expected for c in range(52))
        assert chi2 < 120, chi2


def test_a_deck_that_is_not_0_to_n_deals_its_own_cards() -> None:
    short = hoyle.games.texas_holdem().with_(deck=tuple(range(16, 52)))  # sixes and up
    for _ in range(200):
        hand = short.start([50] * 6)
        dealt = [c for s in range(6) for c in hand.hole(s)]
        assert len(set(dealt)) == 12
        assert all(c >= 16 for c in dealt)


def test_unseeded_hands_differ_and_seeded_ones_repeat() -> None:
    game = hoyle.games.texas_holdem()
    unseeded = {tuple(game.start([100] * 6).hole(0)) for _ in range(50)}
    assert len(unseeded) > 45
    a, b = game.start([100] * 6, seed=3), game.start([100] * 6, seed=3)
    assert [a.hole(s) for s in range(6)] == [b.hole(s) for s in range(6)]


def _child_deal(queue: multiprocessing.Queue[list[int]]) -> None:
    queue.put(_deal(52, 52))


@pytest.mark.skipif(sys.platform == "win32" or not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_does_not_repeat_the_parents_deals() -> None:
    ctx = multiprocessing.get_context("fork")
    queue: multiprocessing.Queue[list[int]] = ctx.Queue()
    child = ctx.Process(target=_child_deal, args=(queue,))
    child.start()
    theirs = queue.get(timeout=60)
    child.join(timeout=60)
    ours = _deal(52, 52)
    assert theirs != ours  # equal only by a 1 in 52! chance, or without the reseed


def test_bad_input_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="cannot deal 53 cards from a deck of 52"):
        _deal(52, 53)
    with pytest.raises(hoyle.GameError, match=r"size must be 0\.\.1024, got 2000"):
        _deal(2000, 2)
    with pytest.raises(hoyle.GameError, match="got -1"):  # issue 12: not an OverflowError
        _deal(-1, 1)
    with pytest.raises(TypeError):
        _deal("52", 1)  # type: ignore[arg-type]


def test_showdown_equals_evaluate_and_settle() -> None:
    rng = random.Random(8)
    rakes = [None, hoyle.Rake(percent=5, cap=3), hoyle.Rake(percent=10)]
    for trial in range(3_000):
        n = rng.randint(2, 9)
        board_size = rng.choice((0, 3, 4, 5))
        hole = rng.choice((2, 3)) if board_size else rng.choice((5, 6, 7))
        hole = min(hole, 7 - board_size) if board_size else hole
        if n * hole + board_size > 52:
            continue
        deck = rng.sample(range(52), n * hole + board_size)
        cards = [deck[s * hole : (s + 1) * hole] for s in range(n)]
        board = deck[n * hole :]
        if hole + board_size < 5:
            continue
        contrib = [rng.choice((0, 1, 5, 20, 20, 40, 77)) for _ in range(n)]
        folded = [rng.random() < 0.4 for _ in range(n)]
        if all(folded):
            folded[rng.randrange(n)] = False
        dead = [min(c, rng.choice((0, 0, 1))) for c in contrib] if trial % 3 == 0 else None
        stacks = [rng.randint(0, 500) for _ in range(n)]
        button, rake = rng.randrange(n), rng.choice(rakes)
        alone = folded.count(False) == 1
        high = [
            None if folded[s] else 0 if alone else hoyle.evaluate((*cards[s], *board)).value
            for s in range(n)
        ]
        try:
            expected = hoyle.settle(contrib, high, button=button, rake=rake, dead=dead)
        except ValueError as err:  # e.g. chips nobody live can win
            with pytest.raises(type(err)):
                _showdown(stacks, contrib, cards, board, folded, button, rake, dead)
            continue
        after, shown = _showdown(stacks, contrib, cards, board, folded, button, rake, dead)
        assert shown == high
        assert after == [a + b for a, b in zip(stacks, expected.payouts, strict=True)]


def _ends(
    stacks: list[int] | None = None,
    contrib: list[int] | None = None,
    cards: list[list[int]] | None = None,
    board: list[int] | None = None,
) -> tuple[list[int], list[int | None]]:
    """Heads-up, both live: A-K of clubs against 2-3 of diamonds by default."""
    return _showdown(
        stacks or [5, 5],
        contrib or [2, 2],
        cards or [[48, 44], [1, 5]],
        board if board is not None else [10, 20, 30, 40, 50],
        [False, False],
        0,
        None,
        None,
    )


def test_showdown_errors() -> None:
    assert _ends() == ([9, 5], [hoyle.evaluate((48, 44, 10, 20, 30, 40, 50)).value, ANY])
    with pytest.raises(ValueError, match="one entry per seat"):
        _ends(stacks=[5, 5, 5])
    with pytest.raises(hoyle.errors.HandError, match="at most 5"):
        _ends(board=[10, 20, 30, 40, 50, 51])
    with pytest.raises(hoyle.errors.HandError, match="5, 6 or 7"):
        _ends(cards=[[0, 1, 2, 3], [4, 5]])
    with pytest.raises(hoyle.errors.DuplicateCardError):
        _ends(cards=[[10, 1], [2, 3]])
    with pytest.raises(hoyle.errors.HandError, match="joker"):
        _ends(cards=[[52, 1], [2, 3]])
    with pytest.raises(hoyle.errors.SettlementError):
        _ends(contrib=[2, -2])
