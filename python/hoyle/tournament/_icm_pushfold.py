"""Push/fold under ICM: the payoffs are prize equity (``icm`` of the stacks
after the hand) instead of chips, for a pusher and the players after it who
call or fold in turn (a final table's short-handed spots; heads-up is the
pusher in the small blind against the big blind).

The spot: ``stacks[0]`` is the pusher, everyone before it folded;
``stacks[1:]`` act after it in turn, the last two posting the blinds (with
two players, the pusher is the small blind); ``folded`` are the stacks of
the players out of the hand (they post only the ante). Every player posts
``ante``. The pusher pushes or folds; each later player, while nobody has
called, calls (all in, or for the pusher's stack) or folds; once one calls,
the rest fold and the two show down (the pot's dead money, the antes and
the blinds of those not in, goes to the winner, split on a tie).

It is exact heads-up (there prize equity is linear in chips, so the spot is
a zero-sum game and the equilibrium is ``push_fold``'s for equal stacks).
With three or more players it is an approximation in three ways, as the
ICM calculators' push/fold modes are: a call ends the action (no
over-calls, no three-way all-ins); when the pusher folds the pot goes to the
big blind (the rest of the hand is not played out); the cards of players
other than the two in a pot are not removed from the deck (each caller's
hand is independent of the others', card removal is exact only between the
pusher and that caller). The game is not zero-sum between the players in it
(the equity of those outside moves too), so regret matching+ on every
player's decision is not proven to converge there; the result says how far
from an equilibrium it is: ``exploitability`` is the most any one player
would gain, in prize money a hand, by a best response.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from hoyle import _core
from hoyle.errors import TournamentError
from hoyle.tournament._icm import _numbers
from hoyle.tournament._pushfold import CLASSES, Vector, class_game, class_ties

__all__ = ["PushFoldICM", "push_fold_icm"]

MAX_ITERATIONS = 20_000
CHECK_EVERY = 50
MAX_SPOT_PLAYERS = 10


@dataclass(frozen=True)
class PushFoldICM:
    """A push/fold spot solved in prize equity.

    ``push`` maps each hand class to the pusher's push frequency; ``calls``
    holds, for each later player in turn, its call frequency per class when
    nobody before it has called; ``push_share`` and ``call_shares`` are the
    same as fractions of the 1,326 combos; ``equity`` is every player's
    expected prize (the hand's players in order, then ``folded``);
    ``exploitability`` the most one player would gain by a best response,
    in prize money a hand; ``iterations`` what it took.
    """

    push: Mapping[str, float]
    calls: tuple[Mapping[str, float], ...]
    push_share: float
    call_shares: tuple[float, ...]
    equity: tuple[float, ...]
    exploitability: float
    iterations: int


@dataclass(frozen=True)
class _Spot:
    """The outcomes' prize equities: ``fold`` (the pusher folds), ``steal``
    (nobody calls), and per caller ``j`` the pusher winning, tying and
    losing against it, each a vector over every player."""

    fold: Vector
    steal: Vector
    win: tuple[Vector, ...]
    tie: tuple[Vector, ...]
    lose: tuple[Vector, ...]


def _outcomes(
    stacks: list[float],
    folded: list[float],
    payouts: list[float],
    sb: float,
    bb: float,
    ante: float,
) -> _Spot:
    m = len(stacks)
    n = m + len(folded)
    full = stacks + folded
    posts = [ante] * n
    posts[m - 2 if m > 2 else 0] += sb
    posts[m - 1] += bb
    for i in range(n):
        if posts[i] >= full[i]:
            who = f"stacks[{i}]" if i < m else f"folded[{i - m}]"
            raise TournamentError(
                f"{who} is {full[i]}: each stack must be more than what it posts ({posts[i]})"
            )
    start = [s - p for s, p in zip(full, posts, strict=True)]
    pot = sum(posts)

    def prizes(after: list[float]) -> Vector:
        return prize_equity(after, payouts)

    fold = list(start)
    fold[m - 1] += pot
    steal = list(start)
    steal[0] += pot
    win, tie, lose = [], [], []
    for j in range(1, m):
        matched = min(start[0] + posts[0] - ante, start[j] + posts[j] - ante)
        put = [matched - (posts[0] - ante), matched - (posts[j] - ante)]
        base = list(start)
        base[0] -= put[0]
        base[j] -= put[1]
        total = pot + put[0] + put[1]
        w, lo, t = list(base), list(base), list(base)
        w[0] += total
        lo[j] += total
        t[0] += total / 2
        t[j] += total / 2
        win.append(w)
        lose.append(lo)
        tie.append(t)
    return _Spot(
        prizes(fold),
        prizes(steal),
        tuple(prizes(v) for v in win),
        tuple(prizes(v) for v in tie),
        tuple(prizes(v) for v in lose),
    )


def prize_equity(stacks: list[float], payouts: list[float]) -> Vector:
    """Every player's ICM prize after a hand: those left with chips share the
    top places by ``icm``; those with none finish below them, sharing the
    next places' prizes equally (they busted in the same hand).

    >>> prize_equity([30.0, 0.0, 10.0], [50.0, 30.0, 20.0]).tolist()
    [45.0, 20.0, 35.0]
    """
    alive = [i for i, s in enumerate(stacks) if s > 0]
    out = np.zeros(len(stacks))
    top = payouts[: len(alive)]
    if top:
        out[alive] = _core._icm_dp([stacks[i] for i in alive], top)
    busted = [i for i, s in enumerate(stacks) if s <= 0]
    if busted:
        out[busted] = sum(payouts[len(alive) : len(alive) + len(busted)]) / len(busted)
    return out


class _Game:
    """The class-level values of every decision for given strategies."""

    def __init__(self, spot: _Spot, callers: int) -> None:
        self.w, e, self.combos = class_game()
        self.t = class_ties()
        self.pw = e - self.t / 2  # the pusher's win shares
        self.pl = self.w - self.pw - self.t
        self.rows = self.w.sum(axis=1)
        self.deals = float(self.w.sum())
        self.spot = spot
        self.callers = callers

    def chain(self, ys: list[Vector], first: int) -> tuple[list[Vector], Vector]:
        """For each pusher class, the chance that callers ``first..`` each
        are the first to call (those before them in the chain folding), and
        that nobody from ``first`` on calls."""
        reach = np.ones(len(CLASSES))
        out = []
        for j in range(first, self.callers):
            c = (self.w @ ys[j]) / self.rows
            out.append(reach * c)
            reach = reach * (1 - c)
        return out, reach

    def after(self, ys: list[Vector], first: int, player: int) -> Vector:
        """Per pusher class, ``player``'s expected prize once callers before
        ``first`` have folded (``first`` on deciding as ``ys`` say)."""
        s = self.spot
        firsts, none = self.chain(ys, first)
        value: Vector = none * s.steal[player]
        for k, reach in zip(range(first, self.callers), firsts, strict=True):
            called = self.w @ ys[k]
            safe = np.where(called > 0, called, 1.0)
            win = (self.pw @ ys[k]) / safe
            tie = (self.t @ ys[k]) / safe
            value = value + reach * (
                win * s.win[k][player]
                + tie * s.tie[k][player]
                + (1 - win - tie) * s.lose[k][player]
            )
        return value

    def pusher_gain(self, ys: list[Vector]) -> Vector:
        """Per class, the pusher's prize by pushing less by folding."""
        gain: Vector = self.after(ys, 0, 0) - self.spot.fold[0]
        return gain

    def caller_gain(self, x: Vector, ys: list[Vector], j: int) -> Vector:
        """Per class of caller ``j``: its counterfactual prize by calling
        less by folding (summed over the pusher's classes, weighted by the
        chance the hand reaches it)."""
        s = self.spot
        player = j + 1
        reach_before = np.ones(len(CLASSES))
        if j > 0:
            reach_before = np.prod([1 - (self.w @ ys[i]) / self.rows for i in range(j)], axis=0)
        weight = x * reach_before
        call = (
            (weight * s.win[j][player]) @ self.pw
            + (weight * s.tie[j][player]) @ self.t
            + (weight * s.lose[j][player]) @ self.pl
        )
        fold = (weight * self.after(ys, j + 1, player)) @ self.w
        return np.asarray(call - fold)


def _matched(plus: Vector, minus: Vector) -> Vector:
    total = plus + minus
    out: Vector = np.divide(plus, total, out=np.full(len(plus), 0.5), where=total > 0)
    return out


def _gains(game: _Game, x: Vector, ys: list[Vector]) -> float:
    """The most one player gains by a best response, a hand."""
    push = game.pusher_gain(ys)
    total = game.combos.sum()
    best = [float((np.maximum(push, 0) - x * push) @ game.combos / total)]
    for j in range(game.callers):
        call = game.caller_gain(x, ys, j)
        best.append(float((np.maximum(call, 0) - ys[j] * call).sum() / game.deals))
    return max(best)


def push_fold_icm(
    stacks: Sequence[float],
    payouts: Sequence[float],
    *,
    folded: Sequence[float] = (),
    ante: float = 0,
    small_blind: float = 0.5,
    big_blind: float = 1,
    tolerance: float = 1e-6,
) -> PushFoldICM:
    """Push/fold in prize equity for the pusher ``stacks[0]`` and the players
    after it, who call or fold in turn (see the module's docstring for the
    spot and where it is an approximation). Stacks, blinds and ante are in
    one unit (big blinds by default); ``payouts`` are the prizes of the
    whole field (the hand's players and ``folded``) by place. It stops once
    ``exploitability`` is under ``tolerance`` times the prize pool (or after
    20,000 iterations; the result says where it got to).

    >>> r = push_fold_icm([10, 10], [1, 0])  # heads-up: chip EV's equilibrium
    >>> round(r.push_share, 3), r.exploitability < 1e-5
    (0.583, True)
    >>> bubble = push_fold_icm([10, 10], [1, 1, 0], folded=[20])  # calling risks the bubble
    >>> bubble.call_shares[0] < r.call_shares[0] < r.push_share < bubble.push_share
    True
    """
    hand = [float(v) for v in _numbers(stacks, "stacks")]
    out = [float(v) for v in _numbers(folded, "folded")]
    prizes = [float(v) for v in _numbers(payouts, "payouts")]
    if not 2 <= len(hand) <= MAX_SPOT_PLAYERS:
        raise TournamentError(
            f"{len(hand)} players in the hand: give between 2 and {MAX_SPOT_PLAYERS} stacks"
        )
    if len(prizes) > len(hand) + len(out):
        raise TournamentError(
            f"{len(prizes)} payouts for {len(hand) + len(out)} players: "
            "give at most one payout per player"
        )
    amounts: dict[str, Any] = {"ante": ante, "small_blind": small_blind, "big_blind": big_blind}
    sb, bb, a = (float(_numbers([amounts[k]], k)[0]) for k in ("small_blind", "big_blind", "ante"))
    if not (0 < sb <= bb and a >= 0 and np.isfinite([sb, bb, a]).all()):
        raise TournamentError(
            f"small_blind {sb}, big_blind {bb}, ante {a}: give 0 < small_blind <= big_blind "
            "and an ante of 0 or more"
        )
    if any(not (p >= 0 and np.isfinite(p)) for p in prizes):
        raise TournamentError("payouts must be non-negative and finite")
    if not 0 < tolerance <= 1:
        raise TournamentError(f"tolerance is {tolerance!r}: give a number in (0, 1]")
    spot = _outcomes(hand, out, prizes, sb, bb, a)
    callers = len(hand) - 1
    game = _Game(spot, callers)
    pool = sum(prizes)
    if pool <= 0:
        raise TournamentError("payouts add up to 0: give at least one prize")
    return _solve(game, tolerance, len(hand) + len(out), pool)


def _solve(game: _Game, tolerance: float, players: int, pool: float) -> PushFoldICM:
    n = len(CLASSES)
    x = np.full(n, 0.5)
    ys = [np.full(n, 0.5) for _ in range(game.callers)]
    r_push, r_fold = np.zeros(n), np.zeros(n)
    r_call = [np.zeros(n) for _ in ys]
    r_pass = [np.zeros(n) for _ in ys]
    avg_x = np.zeros(n)
    avg_y = [np.zeros(n) for _ in ys]
    weight = 0.0
    exploit = float("inf")
    t = 0
    while t < MAX_ITERATIONS:
        t += 1
        gain = game.pusher_gain(ys)
        r_push = np.maximum(r_push + (1 - x) * gain, 0.0)
        r_fold = np.maximum(r_fold - x * gain, 0.0)
        x = _matched(r_push, r_fold)
        for j in range(game.callers):
            gain = game.caller_gain(x, ys, j)
            r_call[j] = np.maximum(r_call[j] + (1 - ys[j]) * gain, 0.0)
            r_pass[j] = np.maximum(r_pass[j] - ys[j] * gain, 0.0)
            ys[j] = _matched(r_call[j], r_pass[j])
        avg_x += t * x
        for j in range(game.callers):
            avg_y[j] += t * ys[j]
        weight += t
        if t % CHECK_EVERY == 0:
            exploit = _gains(game, avg_x / weight, [y / weight for y in avg_y])
            if exploit < tolerance * pool:
                break
    xs = avg_x / weight
    yss = [y / weight for y in avg_y]
    exploit = _gains(game, xs, yss)
    equity = _equities(game, xs, yss, players)
    total = game.combos.sum()
    return PushFoldICM(
        push=dict(zip(CLASSES, (float(v) for v in xs), strict=True)),
        calls=tuple(dict(zip(CLASSES, (float(v) for v in y), strict=True)) for y in yss),
        push_share=float(xs @ game.combos / total),
        call_shares=tuple(float(y @ game.combos / total) for y in yss),
        equity=equity,
        exploitability=exploit,
        iterations=t,
    )


def _equities(game: _Game, x: Vector, ys: list[Vector], players: int) -> tuple[float, ...]:
    """Every player's expected prize under the strategies."""
    share = game.combos / game.combos.sum()
    out = []
    for p in range(players):
        pushed = game.after(ys, 0, p)
        out.append(float(share @ (x * pushed + (1 - x) * game.spot.fold[p])))
    return tuple(out)
