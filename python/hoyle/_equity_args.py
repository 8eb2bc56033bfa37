"""The arguments of ``hoyle.equity``: the checks it makes before any work
starts, and the players read as combos. The checks: every number
it is given is an ``int`` in its documented range (a wrong type is a
``TypeError``, a number out of range an ``EquityError`` that names the
argument and the range), and no run is larger than its limit.

The limits (the core's own, read from it):

* ``TRIALS_LIMIT`` = 2**34 Monte Carlo trials (262,144 shards): the
  standard error there is below 0.5 / 2**17 ≈ 4e-6, far finer than any use
  of equity needs, and the run already takes minutes on the fast path.
* ``EXACT_WORK_LIMIT`` = 10**11 hand evaluations for an exact run: minutes
  on the hold'em path, an hour or two on the slowest (stud, hand rules).
  Larger spots are refused up front with their size and a rough time.
* ``THREADS_LIMIT`` = 256 threads: the work is CPU-bound, so threads past
  the CPU count add nothing; 256 covers the largest common machines and is
  the same on every machine, so a call that runs on a laptop runs on a
  server. At most two pools of other sizes than the default are kept.

>>> count("threads", 4, 1, THREADS_LIMIT)
4
>>> count("threads", 2**63, 1, THREADS_LIMIT)
Traceback (most recent call last):
...
hoyle.errors.EquityError: threads must be an integer in 1..=256, got 9,223,372,036,854,775,808
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable

from hoyle import _core
from hoyle._core import Card, parse_cards
from hoyle._whole import whole
from hoyle.errors import CardError, DuplicateCardError, EquityError, RangeError
from hoyle.omaha_ranges import OmahaRange
from hoyle.ranges import Range

#: Most Monte Carlo trials of one run (2**34).
TRIALS_LIMIT: int = _core.EQUITY_TRIALS_LIMIT
#: Most hand evaluations of one exact run.
EXACT_WORK_LIMIT: int = _core.EQUITY_EXACT_WORK_LIMIT
#: Most threads one run may ask for.
THREADS_LIMIT: int = _core.EQUITY_THREADS_LIMIT
#: Most players of one spot (the core's limit: denominators stay in 64 bits).
MAX_PLAYERS: int = _core.EQUITY_MAX_PLAYERS
#: Most cards one player holds (seven-card stud), and on a board.
MAX_HOLE: int = _core.EQUITY_MAX_HOLE
MAX_BOARD: int = _core.EQUITY_MAX_BOARD


def _show(n: int) -> str:
    """An integer for a message, however large (``str`` of a huge ``int``
    is itself refused by Python)."""
    if abs(n) < 10**30:
        return f"{n:,}"
    return f"{'-' if n < 0 else ''}about 2**{abs(n).bit_length() - 1}"


def count(name: str, value: object, lo: int, hi: int) -> int:
    """``value`` as an ``int`` in ``lo..=hi``. ``bool`` and non-integers
    (``1.5``, ``"3"``) are a ``TypeError``; numpy integers are fine."""
    n = whole(value, f"{name} must be an integer")
    if not lo <= n <= hi:
        raise EquityError(f"{name} must be an integer in {lo}..={hi}, got {_show(n)}")
    return n


def trials_count(trials: object) -> int:
    """``trials``: 1..=TRIALS_LIMIT, with what to do instead above it."""
    if isinstance(trials, int) and not isinstance(trials, bool) and trials > TRIALS_LIMIT:
        hours = trials / 50e6 / 3600 if trials < 10**300 else math.inf
        raise EquityError(
            f"trials={_show(trials)} is more than the limit of {TRIALS_LIMIT:,} (2**34) trials"
            f" (about {hours:,.1f} hours at 50 million trials a second); the standard error"
            " at the limit is already below 4e-6: ask for fewer trials, or target_stderr= to"
            " stop once precise enough"
        )
    return count("trials", trials, 1, TRIALS_LIMIT)


def stderr_target(target: object) -> float:
    """``target_stderr``: a positive real number (``inf`` stops after the
    first round)."""
    if isinstance(target, bool) or not isinstance(target, numbers.Real):
        raise TypeError(f"target_stderr must be a number, got {target!r}")
    try:
        t = float(target)
    except OverflowError:
        t = math.inf
    if not t > 0:
        raise EquityError(f"target_stderr must be a positive number, got {target!r}")
    return t


def player_count(players: object) -> int:
    """How many players a list holds, checked before any is read."""
    n = len(players)  # type: ignore[arg-type]
    if not 2 <= n <= MAX_PLAYERS:
        raise EquityError(f"equity needs 2..={MAX_PLAYERS} players, got {n}")
    return n


def deck_ids(deck: object) -> tuple[int, ...]:
    """A game's deck as distinct card ids 0..=53."""
    if isinstance(deck, str | bytes):
        raise TypeError(f"deck must be card ids, got {deck!r}")
    try:
        items = list(deck)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(f"deck must be card ids, got {deck!r}") from None
    ids = tuple(count("a deck card id", c, 0, 53) for c in items)
    if len(set(ids)) != len(ids):
        raise EquityError("a deck holds each card once")
    return ids


def known_card_ids(cards: str | Iterable[str | int | Card], what: str) -> list[int]:
    """The ids of the cards known before the run, the board's or the dead
    ones (text that is not even valid Unicode, a lone surrogate, is refused
    as a CardError too)."""
    try:
        return [c.id for c in parse_cards(cards if isinstance(cards, str) else list(cards))]
    except UnicodeError:
        raise CardError(f"{what}: {cards!r} is not card text (ASCII, like 'Ah Kd')") from None


def player_combos(
    p: object, index: int, hole: int, jokers: bool = False
) -> list[tuple[list[int], float]]:
    """Player ``index``'s combos ``(card ids, weight)``: a ``Range``, text
    of cards or of a range, or a sequence of cards."""
    if isinstance(p, Range):
        return [([a, b], w) for (a, b), w in p.items()]
    if isinstance(p, OmahaRange):
        if p.hole != hole:
            raise EquityError(
                f"player {index}: an OmahaRange of {p.hole}-card hands, but this game deals"
                f" {hole} hole cards"
            )
        return [(list(h), w) for h, w in p.items()]
    if isinstance(p, str):
        try:
            ids = [c.id for c in parse_cards(p)]
        except ValueError:
            ids = []
            bad = True
        else:
            # "Xx" is a joker when the deck has one; otherwise "XX" is the
            # range of every hand.
            bad = not jokers and any(i >= 52 for i in ids)
        if bad or (not ids and p.strip()):
            if 3 <= hole <= 6:  # Omaha's patterns: AA**, AAKKds
                return _omaha_or_known_part(p, index, hole)
            return player_combos(Range(p), index, hole)
        return [(ids, 1.0)]
    try:
        ids = [c.id for c in parse_cards(list(p))]  # type: ignore[call-overload]
    except TypeError:
        raise EquityError(
            f'player {index}: give cards ("AhKh"), a range ("QQ+, AKs") or a hoyle.Range'
        ) from None
    return [(ids, 1.0)]


def _omaha_or_known_part(text: str, index: int, hole: int) -> list[tuple[list[int], float]]:
    """Text in a game of 3 to 6 hole cards: Omaha patterns (``AA**``), or,
    as before they were read, a two-card range for the known part of each
    hand (``AA``: two aces, the other cards dealt). Text that is neither
    gets the patterns' error."""
    try:
        return player_combos(OmahaRange(text, hole=hole), index, hole)
    except RangeError as err:
        try:
            return player_combos(Range(text), index, hole)
        except RangeError:
            raise err from None


def check_duplicates(
    players: list[list[tuple[list[int], float]]], board: list[int], dead: list[int]
) -> None:
    """A ``DuplicateCardError`` naming who holds a card twice over: the
    board, the dead cards and the players whose hand is known (one combo).
    A range's combos that touch those cards are blocked, not an error.

    >>> try:
    ...     check_duplicates([[([51, 47], 1.0)], [([51, 3], 1.0)]], [], [])
    ... except DuplicateCardError as err:
    ...     print(str(err)[:53])
    duplicate card As: player 0 and player 1 both hold it
    """
    holders: dict[int, list[str]] = {}
    places = [("the board", board), ("the dead cards", dead)]
    places += [(f"player {i}", c[0][0]) for i, c in enumerate(players) if len(c) == 1]
    for place, ids in places:
        for card in ids:
            holders.setdefault(card, []).append(place)
    for card, who in holders.items():
        if len(who) > 1:
            if len(set(who)) == 1:
                said = f"{who[0]} holds it twice"
            else:
                said = ", ".join(who[:-1]) + f" and {who[-1]} both hold it"
            raise DuplicateCardError(
                f"duplicate card {Card(card)}: {said} (each card is dealt once: a hand, the"
                " board and the dead cards share none)"
            )
