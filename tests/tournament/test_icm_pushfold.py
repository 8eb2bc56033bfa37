"""Push/fold under ICM: heads-up it is chip EV's equilibrium (prize equity
is linear in chips there); short-handed, the pusher's best response checked
by a naive loop over its 1,326 combos; equities add up to the pool; the
bubble's pressure; bad input."""

from __future__ import annotations

import numpy as np
import pytest
from hoyle.errors import TournamentError
from hoyle.tournament import _allin, icm, push_fold, push_fold_icm
from hoyle.tournament._icm_pushfold import _Game, _outcomes, prize_equity
from hoyle.tournament._pushfold import CLASSES


@pytest.mark.parametrize(
    ("stacks", "payouts", "chip_stack"),
    [
        ([10, 10], [1, 0], 10),
        ([7, 12], [65, 35], 7),
        ([4, 30], [100], 4),
    ],
)
def test_heads_up_is_chip_ev(stacks: list[int], payouts: list[int], chip_stack: int) -> None:
    r = push_fold_icm(stacks, payouts)
    chips = push_fold(chip_stack)
    assert r.push_share == pytest.approx(chips.push_share, abs=0.005)
    assert r.call_shares[0] == pytest.approx(chips.call_share, abs=0.005)
    assert sum(r.equity) == pytest.approx(sum(payouts))
    assert r.exploitability < 1e-5 * sum(payouts)


def test_prize_equity_after_a_hand() -> None:
    assert prize_equity([30.0, 10.0], [60.0, 40.0]).tolist() == pytest.approx(
        [float(x) for x in icm([30, 10], [60, 40])]
    )
    # the busted player takes the last place; two busted share theirs
    assert prize_equity([0.0, 10.0, 30.0], [50.0, 30.0, 20.0])[0] == 20.0
    split = prize_equity([0.0, 40.0, 0.0], [50.0, 30.0, 20.0])
    assert split.tolist() == [25.0, 50.0, 25.0]


def test_the_bubble_tightens_the_caller() -> None:
    chips = push_fold_icm([10, 10], [1, 0])
    bubble = push_fold_icm([10, 10], [1, 1, 0], folded=[20])
    assert bubble.call_shares[0] < chips.call_shares[0] - 0.1
    assert bubble.push_share > chips.push_share
    assert sum(bubble.equity) == pytest.approx(2.0)


def _naive_pusher_gain(
    stacks: list[float], payouts: list[float], push: dict[str, float], calls: list[dict[str, float]]
) -> float:
    """The pusher's best-response gain, from the spot's rules one combo of
    each player at a time (callers' hands independent of each other, card
    removal between the pusher and each caller, a call ending the action, a
    fold giving the pot to the big blind)."""
    combos = _allin.COMBOS
    names = [_allin.class_of(c) for c in combos]
    e = _allin.equity_matrix()
    t = _allin.tie_matrix()
    m = len(stacks)
    posts = [0.0] * m
    posts[m - 2] += 0.5
    posts[m - 1] += 1.0
    start = [s - p for s, p in zip(stacks, posts, strict=True)]
    pot = sum(posts)
    fold = list(start)
    fold[m - 1] += pot
    steal = list(start)
    steal[0] += pot
    u_fold = prize_equity(fold, payouts)[0]
    u_steal = prize_equity(steal, payouts)[0]
    showdown = []
    for j in range(1, m):
        matched = min(stacks[0], stacks[j])
        base = list(start)
        base[0] -= matched - posts[0]
        base[j] -= matched - posts[j]
        total = pot + (matched - posts[0]) + (matched - posts[j])
        w, lo, ti = list(base), list(base), list(base)
        w[0] += total
        lo[j] += total
        ti[0] += total / 2
        ti[j] += total / 2
        showdown.append(
            (
                prize_equity(w, payouts)[0],
                prize_equity(ti, payouts)[0],
                prize_equity(lo, payouts)[0],
            )
        )
    gain = 0.0
    for i in range(len(combos)):
        opponents = [k for k in range(len(combos)) if not set(combos[i]) & set(combos[k])]
        value = 0.0
        reach = 1.0  # nobody has called yet
        for j in range(1, m):
            y = np.array([calls[j - 1][names[k]] for k in opponents])
            win = e[i, opponents] - t[i, opponents] / 2
            tie = t[i, opponents]
            uw, ut, ul = showdown[j - 1]
            called = y.mean()
            hit = float((y * (win * uw + tie * ut + (1 - win - tie) * ul)).mean())
            value += reach * hit
            reach *= 1 - called
        value += reach * u_steal
        x = push[names[i]]
        gain += max(value, u_fold) - (x * value + (1 - x) * u_fold)
    return gain / len(combos)


def test_a_naive_best_response_for_the_pusher() -> None:
    stacks, payouts = [12.0, 8.0, 5.0], [50.0, 30.0, 20.0]
    r = push_fold_icm(stacks, payouts)
    assert r.exploitability < 1e-4
    calls = [dict(c) for c in r.calls]
    naive = _naive_pusher_gain(stacks, payouts, dict(r.push), calls)
    assert naive <= r.exploitability + 1e-9
    # always pushing: the naive gain equals the class game's, and is large
    always = dict.fromkeys(r.push, 1.0)
    spot = _outcomes(stacks, [], payouts, 0.5, 1.0, 0.0)
    game = _Game(spot, 2)
    ys = [np.array([c[k] for k in CLASSES]) for c in calls]
    gain = game.pusher_gain(ys)
    internal = float((np.maximum(gain, 0) - gain) @ game.combos / game.combos.sum())
    assert _naive_pusher_gain(stacks, payouts, always, calls) == pytest.approx(internal, abs=1e-9)
    assert internal > 0.03


@pytest.mark.parametrize(
    ("stacks", "payouts", "kwargs", "words"),
    [
        ([10], [1], {}, "between 2 and"),
        ([10, 10], [1, 1, 1], {}, "at most one payout"),
        ([10, 0.5], [1], {}, "more than what it posts"),
        ([10, 10], [0], {}, "add up to 0"),
        ([10, 10], [-1], {}, "non-negative"),
        ([10, 10], [1], {"small_blind": 2}, "small_blind <= big_blind"),
        ([10, 10], [1], {"tolerance": 0}, "tolerance"),
    ],
)
def test_bad_spots_are_refused(
    stacks: list[float], payouts: list[float], kwargs: dict[str, float], words: str
) -> None:
    with pytest.raises(TournamentError, match=words):
        push_fold_icm(stacks, payouts, **kwargs)  # type: ignore[arg-type]
