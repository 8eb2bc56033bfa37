"""One hand, one seed: ``hand_seed(seed, table, hand)``.

Every environment of ``hoyle.env`` deals the ``k``-th hand (k = 0, 1, ...)
of table ``i`` with ``game.start(stacks, button=k % seats,
seed=hand_seed(seed, i, k))``, so a table's trajectory depends only on
the run's seed, its own index and its own actions: the same for one table
or a thousand. The mixer is splitmix64's (Steele, Lea and Flood, 2014),
applied three times; the core engine reproduces it bit for bit.

>>> hand_seed(0, 0, 0)
2558736989570252433
>>> hand_seed(0, 0, 1) != hand_seed(0, 1, 0)
True
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hoyle._streets import start_hand
from hoyle._whole import whole
from hoyle.errors import GameError
from hoyle.hand import Hand

if TYPE_CHECKING:
    from hoyle.games import Game

__all__ = [
    "M64",
    "TableHand",
    "deal",
    "deal_keyed",
    "fresh_seed",
    "hand_seed",
    "run_seed",
    "table_key",
]

M64 = (1 << 64) - 1


def _mix(x: int) -> int:
    """splitmix64's step: add the golden gamma, then the finalizer."""
    x = (x + 0x9E3779B97F4A7C15) & M64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & M64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & M64
    return x ^ (x >> 31)


def hand_seed(seed: int, table: int, hand: int) -> int:
    """The seed of hand ``hand`` (0, 1, ...) at table ``table`` of a run
    seeded ``seed``: ``_mix(_mix(_mix(seed) ^ table) ^ hand)``, in
    ``0..2**64 - 1``."""
    return _mix(_mix(_mix(seed & M64) ^ table) ^ hand)


def table_key(seed: int, table: int) -> int:
    """What ``hand_seed`` mixes every hand of one table with:
    ``hand_seed(seed, table, k) == _mix(table_key(seed, table) ^ k)``."""
    return _mix(_mix(seed & M64) ^ table)


def run_seed(seed: Any) -> int:
    """A run's seed as given by a caller: an int of ``0..2**64 - 1``."""
    value = whole(seed, "a seed is an int")
    if not 0 <= value <= M64:
        raise GameError(f"a seed must be 0..2**64 - 1, got {value}")
    return value


def fresh_seed() -> int:
    """A random run seed (``seed=None``), drawn from the operating system."""
    return secrets.randbits(64)


class TableHand(Hand):
    """The ``Hand`` an environment deals: a ``Hand`` that compares equal to
    another hand in the same state (the same cards to come included), so
    that two environments seeded alike give equal ``infos`` (PettingZoo's
    ``seed_test`` and Gymnasium's ``check_env`` compare them). Unhashable,
    as a value that changes."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return bool(self.__getstate__() == other.__getstate__())

    __hash__ = None  # type: ignore[assignment]


def deal(game: Game, stacks: Sequence[int], seed: int, table: int, k: int) -> TableHand:
    """Hand ``k`` of table ``table`` in a run seeded ``seed``: the button at
    seat ``k % seats``, the deal seeded ``hand_seed(seed, table, k)``."""
    return deal_keyed(game, stacks, table_key(seed, table), k)


def deal_keyed(game: Game, stacks: Sequence[int], key: int, k: int) -> TableHand:
    """``deal`` with the table's ``table_key`` worked out already."""
    return start_hand(TableHand, game, stacks, k % len(stacks), _mix(key ^ k), None)
