"""Unseeded hands shuffle in the core (``_core._deal``): distinct cards of the
game's deck, every card equally likely in every place, a fresh stream in a
forked child, and clear errors for bad input. Seeded hands keep their own
``random.Random`` deal (pinned by the README and docs examples)."""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections import Counter

import hoyle
import pytest
from hoyle._core import _deal


def test_deal_is_distinct_cards_of_the_deck() -> None:
    for deck in (tuple(range(52)), tuple(range(53)), tuple(range(20, 52))):
        for count in (0, 1, 17, len(deck)):
            cards = _deal(deck, count)
            assert len(cards) == count
            assert len(set(cards)) == count
            assert set(cards) <= set(deck)


def test_every_card_is_equally_likely_in_each_place() -> None:
    # 52 cells per place: the chi-square statistic has 51 degrees of freedom
    # (mean 51, sd ~10); 120 is beyond 1e-6 for a fair shuffle.
    deals = 52 * 400
    places = [Counter[int]() for _ in range(3)]
    for _ in range(deals):
        for place, card in zip(places, _deal(tuple(range(52)), 3), strict=True):
            place[card] += 1
    expected = deals / 52
    for place in places:
        chi2 = sum((place[c] - expected) ** 2 / expected for c in range(52))
        assert chi2 < 120, chi2


def test_unseeded_hands_differ_and_seeded_ones_repeat() -> None:
    game = hoyle.games.texas_holdem()
    unseeded = {tuple(game.start([100] * 6).hole(0)) for _ in range(50)}
    assert len(unseeded) > 45
    a, b = game.start([100] * 6, seed=3), game.start([100] * 6, seed=3)
    assert [a.hole(s) for s in range(6)] == [b.hole(s) for s in range(6)]


def _child_deal(queue: multiprocessing.Queue[list[int]]) -> None:
    queue.put(_deal(tuple(range(52)), 52))


@pytest.mark.skipif(sys.platform == "win32" or not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_does_not_repeat_the_parents_deals() -> None:
    ctx = multiprocessing.get_context("fork")
    queue: multiprocessing.Queue[list[int]] = ctx.Queue()
    child = ctx.Process(target=_child_deal, args=(queue,))
    child.start()
    theirs = queue.get(timeout=60)
    child.join(timeout=60)
    ours = _deal(tuple(range(52)), 52)
    assert theirs != ours  # equal only by a 1 in 52! chance, or without the reseed


def test_bad_input_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="cannot deal 53 cards from a deck of 52"):
        _deal(tuple(range(52)), 53)
    with pytest.raises(ValueError, match=r"card ids are 0\.\.=53, got 60"):
        _deal((1, 2, 60), 2)
    with pytest.raises(ValueError, match="at most 64 cards"):
        _deal(tuple(range(65)), 2)
    with pytest.raises(OverflowError):
        _deal((1, -2), 1)
    with pytest.raises(TypeError):
        _deal([1, 2], 1)  # type: ignore[arg-type]
