"""Issue 25, item 10: forged ``EquityCounts`` (made by hand or unpickled)
are refused with an ``EquityError`` naming what does not fit: equities that
sum to 2, ``deals=0`` (NaN fractions), a variance below zero read as a zero
stderr. Honest counts, from real runs of every kind of showdown, still
cross a pickle whole. What an honest count holds is in
``src-rust/equity/restore.rs``; the fuzzer here builds counts from random
deals as ``Counts::record`` counts them and forges one counter."""

from __future__ import annotations

import math
import pickle
import random
from collections.abc import Callable
from concurrent.futures import Executor, Future
from fractions import Fraction
from math import lcm
from typing import Any

import hoyle
import pytest
from hoyle import _core, games
from hoyle.errors import EquityError
from hoyle.odds import Showdown

from tests.support.fuzzing import fuzz

_AK_QQ = [[([51, 47], 1.0)], [([43, 42], 1.0)]]  # As Ks against Qs Qh


def _parts(c: _core.EquityCounts) -> list[Any]:
    return list(c.__reduce__()[1])


# -- forged counts are refused, naming what does not fit -----------------------


def _honest() -> list[Any]:
    return _parts(_core.equity_shards(_AK_QQ, [], [], (2, 5, 0), 7, 0, 1, 1))


def _twice_the_shares(p: list[Any]) -> None:
    p[4] = [2 * s for s in p[4]]
    p[6] = [2 * s for s in p[6]]


def _no_variance(p: list[Any]) -> None:
    p[5] = [s * s // p[1] for s in p[4]]  # the squares of a constant share


def _zero_deals(p: list[Any]) -> None:
    p[1] = 0


def _wins_moved(p: list[Any]) -> None:
    p[2] = [p[2][1], p[2][0]]


def _a_category_more(p: list[Any]) -> None:
    p[6][5] += 1


def _ties_dropped(p: list[Any]) -> None:
    p[3] = [0, 0]


@pytest.mark.parametrize(
    ("forge", "words"),
    [
        (_twice_the_shares, "counters larger than 65536 deals allow"),
        (_no_variance, "squared shares"),
        (_zero_deals, r"deals must be an integer in 1\.\."),
        (_wins_moved, "player 0 won"),
        (_a_category_more, "by category add up to"),
        (_ties_dropped, "tied deals give"),
    ],
)
def test_forged_parts_are_refused(forge: Callable[[list[Any]], None], words: str) -> None:
    parts = _honest()
    forge(parts)
    with pytest.raises(EquityError, match=words):
        _core.EquityCounts(*parts)


def test_a_forged_pickle_is_refused() -> None:
    c = _core.equity_shards(_AK_QQ, [], [], (2, 5, 0), 7, 0, 1, 1)
    data = pickle.dumps(c)
    # the pickle holds the counters as ints: double every share in place
    cls, parts = c.__reduce__()
    forged = list(parts)
    _twice_the_shares(forged)
    bad = pickle.dumps(_Forged(cls, tuple(forged)))
    with pytest.raises(EquityError, match="EquityCounts: counters larger"):
        pickle.loads(bad)
    assert pickle.loads(data).equity == c.equity


class _Forged:
    """Pickles as ``cls(*parts)``, as an ``EquityCounts`` does: the bytes a
    forger writes by hand."""

    def __init__(self, cls: Any, parts: tuple[Any, ...]) -> None:
        self.cls, self.parts = cls, parts

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return self.cls, self.parts


# -- honest counts of real runs cross a pickle whole ---------------------------


class _PickledResults(Executor):
    """Runs each task here and hands back its result through a pickle, as a
    process pool does."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        done: Future[Any] = Future()
        done.set_result(pickle.loads(pickle.dumps(fn(*args, **kwargs))))
        return done


RUNS: dict[str, tuple[list[str], dict[str, Any]]] = {
    "hold'em": (["AhKh", "QsQd", "7c2d"], {}),
    "hold'em, board": (["AhKh", "QsQd"], {"board": "Qh 7h 2c 3d"}),
    "hold'em, 9 random": (["XX"] * 9, {}),
    "omaha hi-lo": (["AsKsQdJd", "9h9c8h7c", "2c3c4d5d"], {"game": games.omaha_hilo()}),
    "stud": (["AsAd Kc", "Qh Jh Th"], {"game": games.seven_card_stud()}),
    "razz": (["As 2d 3c", "Ah 4d 5c"], {"game": games.razz()}),
    "badeucy": (["As 2d 3c 7h", "Kh 4d 5c 8s"], {"game": Showdown.no_more_draws(games.badeucy())}),
    "short deck": (["AsKs", "9h9d"], {"game": games.short_deck_holdem()}),
    "23 players": ([str(hoyle.Card(2 * i)) + str(hoyle.Card(2 * i + 1)) for i in range(23)], {}),
}


@pytest.mark.parametrize("name", list(RUNS))
def test_real_runs_pickle_whole(name: str) -> None:
    hands, kwargs = RUNS[name]
    here = hoyle.equity(hands, trials=40_000, seed=5, exact=False, **kwargs)
    there = hoyle.equity(
        hands, trials=40_000, seed=5, exact=False, executor=_PickledResults(), **kwargs
    )
    assert there == here
    assert math.isclose(sum(here.equity), 1.0)


def test_shards_of_no_deal_are_refused() -> None:
    with pytest.raises(EquityError, match=r"count must be an integer in 1\.\."):
        _core.equity_shards(_AK_QQ, [], [], (2, 5, 0), 7, 0, 0, 1)


# -- the fuzzer: counts of random deals, one counter forged --------------------


def _count(players: int, deals: list[tuple[list[int], list[int], int]]) -> list[Any]:
    """The parts ``Counts::record`` leaves for these deals (high-low: the
    best high takes half the pot, or all of it when no player has a low;
    ``(highs, lows, times)`` each), from fractions, independently of the core."""
    d = 2 * lcm(*range(1, players + 1))
    win, tie, share, sq = [0] * players, [0] * players, [0] * players, [0] * players
    cat = [0] * (16 * players)
    for highs, lows, times in deals:
        top, low = max(highs), max(lows)
        hw = [p for p in range(players) if highs[p] == top]
        lw = [p for p in range(players) if lows[p] == low] if low > 0 else []
        half = Fraction(1, 2) if lw else Fraction(1)
        for p in range(players):
            got = half / len(hw) * (p in hw) + (Fraction(1, 2) / len(lw) * (p in lw) if lw else 0)
            units = int(got * d)
            assert units == got * d
            if units == 0:
                continue
            share[p] += units * times
            sq[p] += units * units * times
            cat[16 * p + top // 4096] += int(half / len(hw) * d) * times * (p in hw)
            cat[16 * p] += (units - int(half / len(hw) * d) * (p in hw)) * times
            if units == d:
                win[p] += times
            else:
                tie[p] += times
    total = sum(times for _, _, times in deals)
    return [players, total, win, tie, share, sq, cat]


def _random_deals(rng: random.Random) -> list[Any]:
    players = rng.randint(2, 5)
    deals = [
        (
            [rng.randint(1, 9) << 12 for _ in range(players)],
            [rng.randint(0, 3) for _ in range(players)],
            rng.choice([1, 2, 7, 10**6, 2**40]),
        )
        for _ in range(rng.randint(1, 8))
    ]
    return _count(players, deals)


def _forge(rng: random.Random, parts: list[Any]) -> tuple[int, list[Any]]:
    """``parts`` with one counter changed (by one, doubled, zeroed or past
    2**64), and the index of the part changed."""
    forged = [*parts[:2], *(list(row) for row in parts[2:])]
    field = rng.randint(1, 6)
    if field == 1:
        forged[1] = rng.choice([0, forged[1] - 1, forged[1] + 1, 2 * forged[1]])
        return field, forged
    row = forged[field]
    i = rng.randrange(len(row))
    row[i] = max(0, rng.choice([row[i] - 1, row[i] + 1, 2 * row[i], 0, row[i] + 2**64]))
    return field, forged


def _sound(case: Any, c: _core.EquityCounts) -> None:
    """What counts that are not refused promise: fractions of whole pots."""
    assert math.isclose(sum(c.equity), 1.0), case
    assert all(0 <= w + t <= 1 for w, t in zip(c.win, c.tie, strict=True)), case
    assert all(0 <= e <= 1 for e in c.equity), case
    stderr = c.stderr
    assert all(s >= 0 and (math.isfinite(s) or c.deals < 2) for s in stderr), case
    for e, low, row in zip(c.equity, c.low, c.by_category, strict=True):
        assert math.isclose(low + sum(row.values()), e, abs_tol=1e-12), case


def _remake(parts: list[Any]) -> _core.EquityCounts:
    c = _core.EquityCounts(*parts)
    assert pickle.loads(pickle.dumps(c)).equity == c.equity
    return c


#: The parts whose every change is refused: deals, the shares and the shares
#: by category (each deal shares out one whole pot). A changed win, tie or
#: square may still fit other deals: refused, or sound.
_ALWAYS_REFUSED = {1: "deals", 4: "share", 6: "cat"}


def test_fuzz_honest_counts_are_accepted_and_forged_ones_sound_or_refused() -> None:
    tally = fuzz(
        "equity: EquityCounts of real deals", _random_deals, _remake, seed=25, check=_sound
    )
    assert set(tally) == {"ok"}, tally  # every honest count is accepted

    def forged(rng: random.Random) -> tuple[list[Any], int, list[Any]]:
        parts = _random_deals(rng)
        return (parts, *_forge(rng, parts))

    def remake(case: tuple[list[Any], int, list[Any]]) -> _core.EquityCounts:
        parts, field, forged = case
        c = _remake(forged)
        assert forged == parts or field not in _ALWAYS_REFUSED, (
            f"a forged {_ALWAYS_REFUSED[field]} was accepted"
        )
        return c

    tally = fuzz("equity: forged EquityCounts", forged, remake, seed=26, check=_sound)
    assert tally["EquityError"] > 0, tally
