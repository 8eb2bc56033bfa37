"""Hand categories, weakest to strongest."""

from __future__ import annotations

import enum

__all__ = ["Category"]


class Category(enum.IntEnum):
    """The category of a high hand, ordered weakest to strongest.

    ``FOUR_FLUSH`` (between one pair and two pair) exists only when hand
    rules turn it on, ``FIVE_OF_A_KIND`` only with wild cards.

    >>> Category.FLUSH > Category.STRAIGHT
    True
    """

    HIGH_CARD = 1
    ONE_PAIR = 2
    FOUR_FLUSH = 3
    TWO_PAIR = 4
    THREE_OF_A_KIND = 5
    STRAIGHT = 6
    FLUSH = 7
    FULL_HOUSE = 8
    FOUR_OF_A_KIND = 9
    STRAIGHT_FLUSH = 10
    FIVE_OF_A_KIND = 11
