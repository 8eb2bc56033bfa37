"""hoyle.deal, hoyle.categories and numpy rows in evaluate/rank (issue 27).

The oracles are independent of the code under test: set arithmetic for
distinct cards, a chi-square test of the card counts against the uniform
distribution, and ``evaluate(...).category`` one hand at a time.
"""

from __future__ import annotations

import math

import hoyle
import numpy as np
import pytest
from hoyle import Category, HandRules, evaluate, evaluate_batch, rank
from hoyle.errors import CardError, DuplicateCardError, HandError


def _chi2_critical(df: int, z: float = 3.29) -> float:
    """The chi-square value exceeded with probability about 0.0005
    (Wilson-Hilferty)."""
    a = 2 / (9 * df)
    return df * (1 - a + z * math.sqrt(a)) ** 3


def test_deal_rows_are_distinct_and_avoid_the_dead() -> None:
    dead = hoyle.parse_cards("As Kd 2c")
    rows = hoyle.deal(20_000, cards=7, seed=3, dead=dead)
    assert rows.shape == (20_000, 7)
    assert rows.dtype == np.uint8
    dead_ids = {c.id for c in dead}
    for row in rows[:5000].tolist():
        assert len(set(row)) == 7
        assert not dead_ids & set(row)
    assert int(rows.max()) < 52
    assert not np.isin(rows, list(dead_ids)).any()


def test_deal_is_uniform_chi_square() -> None:
    rows = hoyle.deal(200_000, cards=7, seed=11, dead="Ah")
    live = [c for c in range(52) if c != hoyle.parse_cards("Ah")[0].id]
    crit = _chi2_critical(len(live) - 1)
    # every position alone, and the row as a whole, uniform over the live cards
    for col in [*range(7), None]:
        data = rows.ravel() if col is None else rows[:, col]
        counts = np.bincount(data, minlength=52)[live]
        expected = data.size / len(live)
        chi2 = float(((counts - expected) ** 2 / expected).sum())
        assert chi2 < crit, (col, chi2, crit)
    # pairs of positions independent: first two cards' (unordered) pair uniform
    pairs = np.bincount(
        np.minimum(rows[:, 0], rows[:, 1]).astype(int) * 52 + np.maximum(rows[:, 0], rows[:, 1]),
        minlength=52 * 52,
    )
    cells = [a * 52 + b for i, a in enumerate(live) for b in live[i + 1 :]]
    expected = rows.shape[0] / len(cells)
    chi2 = float(((pairs[cells] - expected) ** 2 / expected).sum())
    assert chi2 < _chi2_critical(len(cells) - 1)
    # consecutive rows independent (the core's deck carries from row to row)
    joint = np.bincount(rows[:-1, 0].astype(int) * 52 + rows[1:, 0], minlength=52 * 52)
    cells = [a * 52 + b for a in live for b in live]
    expected = (rows.shape[0] - 1) / len(cells)
    chi2 = float(((joint[cells] - expected) ** 2 / expected).sum())
    assert chi2 < _chi2_critical(len(cells) - 1)


def test_deal_reproducible_by_seed_on_any_threads() -> None:
    n = 16_384 * 3 + 5  # more than one block, and a partial block
    a = hoyle.deal(n, seed=42, threads=1)
    assert (hoyle.deal(n, seed=42, threads=2) == a).all()
    assert (hoyle.deal(n, seed=42) == a).all()
    assert (hoyle.deal(n + 100, seed=42)[:n] == a).all()
    assert not (hoyle.deal(n, seed=43) == a).all()
    assert hoyle.deal(0, seed=1).shape == (0, 7)
    whole = hoyle.deal(50, cards=52, seed=2)
    assert (np.sort(whole, axis=1) == np.arange(52)).all()


@pytest.mark.parametrize(
    ("kwargs", "error", "text"),
    [
        ({"n": -1}, HandError, "n must be an integer in 0.."),
        ({"n": 10, "cards": 0}, HandError, "cards must be an integer in 1..=52"),
        ({"n": 10, "cards": 51, "dead": "As Ks"}, HandError, "1..=50"),
        ({"n": 10, "dead": "As As"}, DuplicateCardError, "duplicate card As"),
        ({"n": 10, "dead": "Zz"}, CardError, "unknown card"),
        ({"n": 1 << 31, "cards": 7}, HandError, "deal in parts"),
        ({"n": 10, "seed": -1}, HandError, "seed must be"),
        ({"n": 10, "threads": 0}, HandError, "threads must be"),
    ],
)
def test_deal_refuses_bad_input(kwargs: dict[str, object], error: type, text: str) -> None:
    with pytest.raises(error, match=text):
        hoyle.deal(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        hoyle.deal(1.5)  # type: ignore[arg-type]


def test_categories_equal_evaluate_on_100k_rows() -> None:
    rows = hoyle.deal(100_000, cards=7, seed=5)
    got = hoyle.categories(evaluate_batch(rows))
    want = np.array([evaluate(r).category for r in rows.tolist()], dtype=np.uint8)
    assert got.dtype == np.uint8
    assert (got == want).all()
    # every category turns up in some rows
    assert set(np.unique(got).tolist()) >= {1, 2, 4, 5, 6, 7, 8, 9}


@pytest.mark.parametrize(
    "rules",
    [HandRules(four_flush=True), HandRules(short_deck="trips-beat-straight")],
)
def test_categories_read_wide_and_short_deck_values(rules: HandRules) -> None:
    rows = hoyle.deal(
        5_000, cards=7, seed=8, dead="2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s"
    )
    values = evaluate_batch(rows, rules=rules)
    want = [evaluate(r, rules=rules).category for r in rows.tolist()]
    assert hoyle.categories(values).tolist() == [int(c) for c in want]


def test_categories_keep_shape_and_refuse_non_values() -> None:
    v = np.array([[rank("As Ks Qs Js Ts"), rank("2c 3d 4h 5s 7c")]])
    assert hoyle.categories(v).tolist() == [[Category.STRAIGHT_FLUSH, Category.HIGH_CARD]]
    assert hoyle.categories([]).shape == (0,)
    for bad in ([5], [-1], [1 << 40], [1.5], [True]):
        with pytest.raises(HandError):
            hoyle.categories(bad)


def test_numpy_rows_in_evaluate_and_rank_equal_tuples() -> None:
    rows = hoyle.deal(2_000, cards=7, seed=9)
    for r in rows[:500]:
        t = tuple(int(c) for c in r)
        assert evaluate(r).value == rank(r) == rank(t) == evaluate(t).value
        assert rank(r.astype(np.int64)) == rank(t)
        assert evaluate(r[:5]).best_five == evaluate(t[:5]).best_five
    with pytest.raises(CardError):
        rank(np.array([0, 1, 2, 3, 99], dtype=np.int64))
    with pytest.raises(DuplicateCardError):
        rank(np.array([0, 0, 2, 3, 4], dtype=np.uint8))
    with pytest.raises(HandError):
        rank(np.array([0, 1, 2, 3], dtype=np.uint8))
    strided = hoyle.deal(1, cards=14, seed=1)[0, ::2]  # not contiguous: read the slow way
    assert rank(strided) == rank(tuple(int(c) for c in strided))
