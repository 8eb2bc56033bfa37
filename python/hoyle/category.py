"""Hand categories, weakest to strongest."""

from __future__ import annotations

import enum

__all__ = ["Category"]


class Category(enum.IntEnum):
    """The category of a high hand, ordered weakest to strongest.

    ``FOUR_FLUSH`` (between one pair and two pair) exists only when hand
    rules turn it on, ``FIVE_OF_A_KIND`` only with wild cards.

    ``str()`` (and an f-string without a format) names the category as
    players say it; ``int()`` and a numeric format give its number.

    >>> Category.FLUSH > Category.STRAIGHT
    True
    >>> str(Category.FLUSH), f"{Category.THREE_OF_A_KIND}", f"{Category.FLUSH:d}"
    ('Flush', 'Three of a Kind', '7')
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

    def __str__(self) -> str:
        return _NAMES[self]

    def __format__(self, spec: str) -> str:
        return str(self) if not spec else int(self).__format__(spec)


#: Each category's name, as ``str(rank)`` begins (``"Full House, Kings
#: over Sevens"``).
_NAMES = {
    c: " ".join(w if w in ("of", "a") else w.capitalize() for w in c.name.lower().split("_"))
    for c in Category
}
