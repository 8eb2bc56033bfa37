"""A ``Spot``'s arguments read and checked before anything is built: the
board, the ranges, the chips, the game (its showdown, limit kind and streets)
and the rake. Every refusal is a ``SolveError`` (cards that cannot be read:
hoyle's ``CardError``/``DuplicateCardError``) and nothing is allocated."""

from __future__ import annotations

import math
import operator
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from hoyle._core import MAX_CHIPS, Card, parse_cards
from hoyle._equity_game import Setup, setup_of
from hoyle.betting import Limit, NoLimit, PotLimit
from hoyle.errors import EquityError, HoyleError, RangeError, SolveError
from hoyle.omaha_ranges import SUIT_CONDITIONS, OmahaRange
from hoyle.rake import Rake
from hoyle.ranges import Range

__all__ = ["MAX_CHIPS", "GameSpec", "board_of", "chips", "default_memory", "game_of", "range_of"]

_STREET_NAMES = ("flop", "turn", "river")
#: The most combos one range may hold (every 5-card Omaha hand is 2.6 million).
MAX_COMBOS = 3_000_000


def chips(name: str, value: Any) -> int:
    """A positive integer number of chips (bools and fractions refused)."""
    if isinstance(value, bool):
        raise SolveError(f"{name} must be a positive integer number of chips, got {value!r}")
    try:
        amount = operator.index(value)
    except TypeError:
        raise SolveError(
            f"{name} must be a positive integer number of chips, got {value!r:.40}"
        ) from None
    if not 0 < amount <= MAX_CHIPS:
        raise SolveError(f"{name} must be a positive integer number of chips, got {amount}")
    return amount


#: Where a Linux container's memory limit is (cgroup v2, then v1).
_CGROUP_LIMITS = ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes")


def default_memory() -> int:
    """The default ``max_memory``: half the machine's physical memory, or half a
    container's memory limit where that is lower (4 GiB where the system says
    neither)."""
    try:
        total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        total = -1
    for where in _CGROUP_LIMITS:
        try:
            with open(where, encoding="ascii") as f:
                text = f.read().strip()
        except OSError:
            continue
        if text.isdigit() and 0 < int(text) < (total if total > 0 else 1 << 62):
            total = int(text)
        break
    return total // 2 if total > 0 else 4 << 30


@dataclass(frozen=True)
class GameSpec:
    """What a spot needs of its game: the equity setup (shape, rules, high,
    deck, split), the deck as ids, the hole cards dealt, the board sizes a
    spot may start at, and each street's betting kind."""

    setup: Setup
    deck: tuple[int, ...]
    hole: int
    limit: str  # "no" | "pot" | "fixed"
    bet_units: tuple[int, ...] | None  # fixed limit: flop, turn, river
    raise_cap: int | None  # the game's: raises after the first bet
    rake: Rake | None


def _betting_kind(bettings: list[Any], name: str) -> tuple[str, tuple[int, ...] | None]:
    kinds = {type(b) for b in bettings}
    if len(kinds) != 1:
        raise SolveError(f"{name} mixes betting structures after the flop; a spot needs one")
    first = bettings[0]
    if isinstance(first, NoLimit):
        return "no", None
    if isinstance(first, PotLimit):
        if any(b.cap is not None for b in bettings):
            raise SolveError(f"{name}: pot limit with a cap on a bet is not solved")
        return "pot", None
    if isinstance(first, Limit):
        if any(b.min != b.max for b in bettings):
            raise SolveError(f"{name}: spread limit is not solved; fixed limit is Limit(x, x)")
        return "fixed", tuple(int(b.min) for b in bettings)
    raise SolveError(f"{name}: unknown betting structure {first!r:.60}")


def game_of(game: Any) -> GameSpec:
    """``game`` (None: no-limit hold'em, or a ``hoyle.Game``) read for a spot:
    a board game (hole cards dealt first, then a flop of three, a turn and a
    river; no up cards, no draws) whose showdown ``hoyle.equity`` scores."""
    if game is None:
        return GameSpec(setup_of(None), tuple(range(52)), 2, "no", None, None, None)
    streets = getattr(game, "streets", None)
    if streets is None or not hasattr(game, "betting"):
        raise SolveError(f"game must be None (no-limit hold'em) or a hoyle.Game, got {game!r:.60}")
    name = f"game {getattr(game, 'name', '?')!r}"
    boards, hole = [], 0
    for i, s in enumerate(streets):
        if s.up or s.draw or (s.down and i > 0):
            raise SolveError(
                f"{name} is not a board game: a spot needs hole cards dealt first, then only"
                " board cards (a flop, a turn and a river), no up cards and no draws"
            )
        hole += s.down
        boards.append(s.board)
    board_total = 0
    sizes = []
    for b in boards:
        board_total += b
        sizes.append(board_total)
    if sizes[-3:] != [3, 4, 5] or len(sizes) < 4:
        raise SolveError(f"{name} does not deal a flop of three, a turn and a river")
    if hole < 2:
        raise SolveError(f"{name} deals {hole} hole cards; a spot needs at least 2")
    try:
        setup = setup_of(game)
    except EquityError as err:
        raise SolveError(f"{name} cannot be solved: {err}") from None
    bettings = [s.betting or game.betting for s in streets[-3:]]
    limit, units = _betting_kind(bettings, name)
    cap = game.raise_cap
    raise_cap = None if cap is None else max(int(cap) - 1, 0)
    deck = tuple(int(c) for c in game.deck)
    return GameSpec(setup, deck, hole, limit, units, raise_cap, game.rake)


def board_of(board: Any, deck: tuple[int, ...]) -> tuple[int, ...]:
    """The board's card ids: 3, 4 or 5 distinct cards of the deck."""
    if isinstance(board, str):
        cards = parse_cards(board)
    elif isinstance(board, Card):
        cards = parse_cards([board])
    elif isinstance(board, Iterable):
        cards = parse_cards(list(board))
    else:
        raise SolveError(f"board is text such as 'Td9d6h' or cards, got {type(board).__name__}")
    if not 3 <= len(cards) <= 5:
        raise SolveError(
            f"board must hold 3, 4 or 5 cards (a flop, turn or river spot), got {len(cards)}"
        )
    ids = tuple(c.id for c in cards)
    outside = [Card(c) for c in ids if c not in deck]
    if outside:
        raise SolveError(f"board card {outside[0]} is not in the game's deck")
    return ids


def _combo_ids(combo: Any, hole: int) -> tuple[int, ...]:
    cards = parse_cards(combo if isinstance(combo, str) else list(combo))
    if len(cards) != hole:
        raise SolveError(f"a combo of this game holds {hole} cards, got {combo!r:.40}")
    return tuple(sorted((c.id for c in cards), reverse=True))


def _weight(w: Any, combo: Any) -> float:
    try:
        f = float(w)
    except (TypeError, ValueError, OverflowError):
        f = math.nan
    if isinstance(w, bool) or not 0 < f <= 1:
        raise SolveError(f"the weight of {combo!r:.40} must be above 0 and at most 1, got {w!r}")
    return f


def _combo_text(text: str, hole: int) -> dict[tuple[int, ...], float]:
    out: dict[tuple[int, ...], float] = {}
    for raw in text.split(","):
        token = raw.strip()
        if not token:
            continue
        cards, _, pct = token.partition("@")
        weight = 1.0
        if pct:
            try:
                weight = float(pct) / 100 if re.fullmatch(r"[0-9.]+", pct.strip()) else -1.0
            except ValueError:
                weight = -1.0
            if not 0 < weight <= 1:
                raise SolveError(f"bad weight in {token!r}: after @ is a percent in (0, 100]")
        out[_combo_ids(cards.strip(), hole)] = weight
    return out


def _hand_text(text: str, hole: int) -> dict[tuple[int, ...], float]:
    """Hands of more than two cards as text: combos (``'As Ks Qd Jd, 7h7d6s5s@50'``)
    or Omaha patterns (``'AA**, AAKKds'``, ``hoyle.OmahaRange``)."""
    try:
        return _combo_text(text, hole)
    except HoyleError as first:
        if not 3 <= hole <= 6:
            raise
        try:
            return dict(OmahaRange(text, hole=hole).items())
        except RangeError as second:
            if any(ch in text for ch in "*xX") or any(w in text for w in SUIT_CONDITIONS):
                raise SolveError(str(second)) from None
            raise first from None


def _combos(spec: Any, hole: int, who: str) -> dict[tuple[int, ...], float]:
    if isinstance(spec, Range):
        if hole != 2:
            raise SolveError(f"{who}: a hoyle.Range holds two-card combos; this game deals {hole}")
        return {tuple(c): w for c, w in spec.items()}
    if isinstance(spec, OmahaRange):
        if spec.hole != hole:
            raise SolveError(
                f"{who}: an OmahaRange of {spec.hole}-card hands; this game deals {hole}"
            )
        return dict(spec.items())
    if isinstance(spec, str):
        if hole != 2:
            return _hand_text(spec, hole)
        return {tuple(c): w for c, w in Range(spec).items()}
    if isinstance(spec, Mapping):
        return {_combo_ids(c, hole): _weight(w, c) for c, w in spec.items()}
    if isinstance(spec, Iterable):
        return {_combo_ids(c, hole): 1.0 for c in spec}
    raise SolveError(
        f"{who}: a range is a hoyle.Range or its text, a hoyle.OmahaRange or its text"
        " ('AA**, AAKKds'), combos as text ('AsKsQdJd, 7h7d6s5s@50'),"
        f" an iterable of combos or a mapping combo -> weight; got {type(spec).__name__}"
    )


def range_of(
    spec: Any, who: str, spec_game: GameSpec, board: tuple[int, ...]
) -> tuple[list[list[int]], list[float]]:
    """A player's combos and weights, those touching the board or holding a card
    outside the deck removed; an empty result is a ``SolveError``."""
    combos = _combos(spec, spec_game.hole, who)
    if len(combos) > MAX_COMBOS:
        raise SolveError(f"{who}: at most {MAX_COMBOS:,} combos, got {len(combos):,}")
    deck, dead = set(spec_game.deck), set(board)
    kept = {c: w for c, w in combos.items() if dead.isdisjoint(c) and deck.issuperset(c)}
    if not kept:
        raise SolveError(
            f"{who}'s range is empty once the combos touching the board"
            " (or holding cards outside the game's deck) are removed"
        )
    return [list(c) for c in kept], list(kept.values())


def street_names(board: tuple[int, ...]) -> tuple[str, ...]:
    """The streets still to be bet from a board of 3, 4 or 5 cards."""
    return _STREET_NAMES[len(board) - 3 :]


def rake_of(rake: Any, game_rake: Rake | None) -> tuple[int, int | None] | None:
    """The core's ``(basis_points, cap)`` of ``rake`` (None: the game's, if any)."""
    chosen = game_rake if rake is None else rake
    if chosen is None:
        return None
    if not isinstance(chosen, Rake):
        raise SolveError(f"rake must be a hoyle.Rake or None, got {chosen!r:.60}")
    if chosen.basis_points == 0:
        return None
    return (chosen.basis_points, chosen.cap)
