"""Bots for the simulation tests, in a module of their own so that worker
processes (a process pool, a Dask cluster) import them by name."""

from __future__ import annotations

import os
import random
import time

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


_MOVED: list[bool] = []


def slow_caller(hand: Hand, rng: random.Random) -> None:
    """Calls, 20 ms a move (a shard of 500 hands takes about a minute); says
    "moving" on stdout at its first move in a process."""
    if not _MOVED:
        _MOVED.append(True)
        os.write(1, b"moving\n")  # one write: two workers' lines never mix
    time.sleep(0.02)
    caller(hand, rng)


class Unprintable(Exception):
    """An exception whose message cannot be read: its ``__str__`` raises."""

    def __str__(self) -> str:
        raise RuntimeError("no message for you")


def unprintable(hand: Hand, rng: random.Random) -> None:
    """Raises an ``Unprintable``."""
    raise Unprintable


def dies(hand: Hand, rng: random.Random) -> None:
    """Ends its process at once (a pool worker killed mid-shard)."""
    os._exit(9)
