"""Bots for the simulation tests, in a module of their own so that worker
processes (a process pool, a Dask cluster) import them by name."""

from __future__ import annotations

import random

import hoyle
from hoyle.hand import Hand

ACE_OF_SPADES = hoyle.parse_cards("As")[0].id


def caller(hand: Hand, rng: random.Random) -> None:
    """Checks or calls to the end."""
    hand.check() if hand.legal.can_check else hand.call()


def spade_hater(hand: Hand, rng: random.Random) -> None:
    """Calls, but raises ValueError whenever it holds the ace of spades."""
    seat = hand.actor
    assert seat is not None
    if ACE_OF_SPADES in hand.hole(seat):
        raise ValueError("the ace of spades")
    caller(hand, rng)
