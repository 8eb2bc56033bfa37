"""Cheap calls for bots and batch work: ``hand_strength``, ``deal`` and
``categories`` (exported as ``hoyle.hand_strength``, ``hoyle.deal`` and
``hoyle.categories``).

The layout of hand values is in ``categories``' docstring.

>>> import hoyle, numpy as np
>>> rows = hoyle.deal(4, seed=7)
>>> rows.shape, rows.dtype
((4, 7), dtype('uint8'))
>>> cats = hoyle.categories(hoyle.evaluate_batch(rows))
>>> [hoyle.Category(int(c)) for c in cats] == [hoyle.evaluate(r).category for r in rows]
True
>>> 0.80 < hoyle.hand_strength("AhAd", trials=20_000, seed=1) < 0.87
True
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from hoyle import _core
from hoyle._core import Card
from hoyle._equity_args import TRIALS_LIMIT, count, known_card_ids, trials_count
from hoyle.errors import CardError, DuplicateCardError, EquityError, HandError

__all__ = ["categories", "deal", "hand_strength"]

#: ``hand_strength``'s trials when not told.
STRENGTH_TRIALS = 10_000
#: The most card ids one ``deal`` call makes (4 GiB).
MAX_DEAL_IDS = 1 << 32

Cards = str | Iterable[str | int | Card]


def _distinct(ids: list[int], what: str) -> None:
    seen: set[int] = set()
    for c in ids:
        if c in seen:
            raise DuplicateCardError(f"{what}: card {Card(c)} appears twice")
        seen.add(c)


def hand_strength(
    hole: Cards,
    *,
    board: Cards = "",
    opponents: int = 1,
    trials: int = STRENGTH_TRIALS,
    seed: int | None = None,
) -> float:
    """The equity of a Texas hold'em hand against ``opponents`` random hands:
    its expected share of the pot (ties split), by the core's Monte Carlo
    with exactly ``trials`` trials (``hoyle.equity`` with each opponent's
    two cards dealt at random; the same ``seed``, the same number).
    PokerKit's ``calculate_hand_strength`` asks the same question.

    ``hole`` is two cards, ``board`` 0, 3, 4 or 5; ``opponents`` 1..=22,
    ``trials`` 1..=2**34. Anything else is an ``EquityError`` saying what is
    allowed (a card twice: ``DuplicateCardError``; bad card text:
    ``CardError``).

    >>> import hoyle
    >>> hoyle.hand_strength("7h2c", board="7d 7s 2d", trials=1_000, seed=3)
    0.9845
    >>> round(hoyle.equity(["7h2c", "XX"], board="7d 7s 2d", exact=True).equity[0], 4)
    0.9842
    >>> hoyle.hand_strength("AhKh", board="2c", opponents=2)
    Traceback (most recent call last):
    ...
    hoyle.errors.EquityError: board must be 0, 3, 4 or 5 cards (Texas hold'em), got 1
    """
    hole_ids = known_card_ids(hole, "hole")
    board_ids = known_card_ids(board, "board")
    if len(hole_ids) != 2:
        raise EquityError(f"hole must be 2 cards (Texas hold'em), got {len(hole_ids)}")
    if len(board_ids) not in (0, 3, 4, 5):
        raise EquityError(f"board must be 0, 3, 4 or 5 cards (Texas hold'em), got {len(board_ids)}")
    if any(c >= 52 for c in hole_ids + board_ids):
        raise CardError("hand_strength plays the 52-card deck: no jokers")
    _distinct(hole_ids + board_ids, "hole and board")
    opponents = count("opponents", opponents, 1, _core.EQUITY_MAX_PLAYERS - 1)
    trials = trials_count(trials)
    if seed is None:
        seed = secrets.randbits(64)
    seed = count("seed", seed, 0, (1 << 64) - 1)
    end = -(-trials // _core.EQUITY_SHARD_TRIALS)
    players: list[list[tuple[list[int], float]]] = [[(hole_ids, 1.0)]]
    players += [[([], 1.0)] for _ in range(opponents)]
    last = trials - (end - 1) * _core.EQUITY_SHARD_TRIALS
    counts = _core.equity_shards(players, board_ids, [], (2, 5, 0), seed, 0, end, None, last=last)
    return float(counts.equity[0])


def deal(
    n: int,
    *,
    cards: int = 7,
    seed: int | None = None,
    dead: Cards = (),
    threads: int | None = None,
) -> npt.NDArray[np.uint8]:
    """``n`` random hands as an ``(n, cards)`` ``uint8`` array of card ids:
    each row ``cards`` distinct cards drawn uniformly from the 52-card deck
    less ``dead``, in the order drawn, made in the core on ``threads``
    threads (None: all cores). The same ``seed`` gives the same rows with
    any ``threads`` (rows come in blocks of 16,384, block ``b`` seeded from
    ``(seed, b)``, so the first rows of a longer deal are the shorter
    deal's); None draws a fresh seed. Rows feed ``hoyle.evaluate_batch``.

    ``n`` is 0 or more, ``cards`` 1..=the live cards, at most 2**32 ids in
    all; ``dead`` cards are text, ``Card``s or ids. Otherwise a
    ``HandError`` (a bad or doubled dead card: ``CardError`` /
    ``DuplicateCardError``).

    >>> import hoyle
    >>> a = hoyle.deal(3, cards=5, seed=1, dead="As Ah")
    >>> a.shape, bool((hoyle.deal(3, cards=5, seed=1, dead="As Ah", threads=1) == a).all())
    ((3, 5), True)
    >>> bool((a != hoyle.parse_cards("As")[0].id).all())
    True
    """
    dead_ids = known_card_ids(dead, "dead")
    if any(c >= 52 for c in dead_ids):
        raise CardError("deal uses the 52-card deck: a joker cannot be dead")
    _distinct(dead_ids, "dead")
    mask = sum(1 << c for c in dead_ids)
    live = 52 - len(dead_ids)
    n = _whole("n", n, 0, MAX_DEAL_IDS)
    cards = _whole("cards", cards, 1, live)
    if n * cards > MAX_DEAL_IDS:
        raise HandError(
            f"{n:,} rows of {cards} cards pass the limit of {MAX_DEAL_IDS:,} card ids a call:"
            " deal in parts"
        )
    if seed is None:
        seed = secrets.randbits(64)
    seed = _whole("seed", seed, 0, (1 << 64) - 1)
    return _core._deal_rows(n, cards, seed, mask, threads)


def _whole(name: str, value: object, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    v = int(value.__index__())
    if not lo <= v <= hi:
        raise HandError(f"{name} must be an integer in {lo}..={hi}, got {v}")
    return v


_CATEGORY_MAX = 11


def categories(values: Any) -> npt.NDArray[np.uint8]:
    """The category of every hand value in ``values`` (an array or a
    sequence of ints, any shape), vectorised: a ``uint8`` array of the same
    shape whose entries are ``hoyle.Category`` numbers, equal to
    ``evaluate(...).category`` for each hand.

    The value layout (``hoyle.rank``, ``HandRank.value``,
    ``evaluate_batch``): a natural hand's value is ``category << 12 |
    index``, ``category`` the ``hoyle.Category`` number (1 high card ... 10
    straight flush, 11 five of a kind) and ``index`` the hand's place within
    its category (0..4095, larger is better), so values compare as hands
    do. Under hand rules with the four-flush values are wide, ``category <<
    16 | index``; under short-deck rules ``order << 20 | category << 12 |
    index``, ``order`` the category's place in the short-deck ranking.
    All three are read here. A value that is not a hand value (negative, not an integer,
    or no category 1..11) is a ``HandError`` naming the first such entry.

    >>> import hoyle
    >>> hoyle.categories([hoyle.rank("As Ks Qs Js Ts"), hoyle.rank("2c 2d 5h 9s Kd")]).tolist()
    [10, 2]
    """
    v = np.asarray(values)
    if v.size == 0:
        return np.zeros(v.shape, dtype=np.uint8)
    if v.dtype == np.bool_ or not np.issubdtype(v.dtype, np.integer):
        raise HandError(f"values must be integers (hand values), got dtype {v.dtype}")
    if int(v.min()) < 0 or int(v.max()) >= 1 << 32:
        raise HandError("values must be hand values: integers in 0..2**32")
    w = v.astype(np.uint32, copy=False)
    cat = np.where(w >= 1 << 20, (w >> 12) & 0xF, np.where(w >= 1 << 16, w >> 16, w >> 12))
    bad = (cat < 1) | (cat > _CATEGORY_MAX)
    if bad.any():
        at = tuple(int(i) for i in np.argwhere(bad)[0])
        raise HandError(
            f"values{list(at)} = {int(w[at])} is not a hand value (its category must be 1..11)"
        )
    return cat.astype(np.uint8)


assert TRIALS_LIMIT == _core.EQUITY_TRIALS_LIMIT
