"""Malmuth-Harville prize equity (``icm``): the exact DP over sets of placed
players, in the core (floats) or here in exact ``Fraction``s over the same
recurrence, and the core's Monte Carlo of sampled finishing orders.

The model: the first place goes to a player with probability proportional to
its stack; the next among those left, the same way; and so on. The DP keeps
the probability that the first ``m`` places went to exactly the set ``A`` (in
any order): ``q = P(A) / (S - stacks(A))`` gives every player ``i`` outside
``A`` place ``m + 1`` with probability ``q * s_i``, and ``A + {i}`` that much
more. Only sets smaller than the paid places are visited (``_icm_subsets``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from numbers import Rational
from typing import Any, Literal

from hoyle import _core
from hoyle._whole import many, whole
from hoyle.errors import TournamentError

__all__ = ["ICM", "icm"]

Method = Literal["exact", "dp", "monte-carlo"]

# exact=None: exact Fractions up to this many sets of placed players (about
# 0.1 s at 9 players all paid), the core's float DP up to
# _core.ICM_DP_LIMIT, the Monte Carlo past that.
AUTO_FRACTION_SETS = 512
# exact=True with rational inputs: the most sets the Fraction DP takes
# (their numbers grow with the sets: 11 players all paid, a few seconds).
FRACTION_SETS_LIMIT = 2048
DEFAULT_SAMPLES = 1 << 20


class ICM(tuple[Fraction | float, ...]):
    """Every player's prize equity, in the order of the stacks: a tuple of
    ``Fraction``s (exact, from integer or ``Fraction`` inputs) or floats, with
    how it was found.

    ``method`` is ``"exact"`` (``Fraction``s), ``"dp"`` (the exact DP in
    floats) or ``"monte-carlo"`` (sampled finishing orders); then
    ``standard_error`` holds each player's standard error and ``samples``
    their number (``None`` and 0 otherwise).

    >>> r = icm([50, 30, 20], [70, 30])
    >>> r.method, r
    ('exact', (Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7)))
    """

    method: Method
    standard_error: tuple[float, ...] | None = None
    samples: int = 0

    def __new__(
        cls,
        values: Sequence[Fraction | float],
        method: Method,
        standard_error: tuple[float, ...] | None = None,
        samples: int = 0,
    ) -> ICM:
        self = super().__new__(cls, values)
        self.method = method
        if samples:
            self.standard_error = standard_error
            self.samples = samples
        return self

    def __getnewargs__(self) -> tuple[Any, ...]:
        return (tuple(self), self.method, self.standard_error, self.samples)


def _number(value: Any, what: str, i: int) -> int | Fraction | float:
    """An int, ``Fraction`` or float as itself (another ``Rational`` as a
    ``Fraction``, numpy's numbers as Python's)."""
    kind = value.__class__
    if kind is int or kind is float or kind is Fraction:
        return value  # type: ignore[no-any-return,unused-ignore]
    if isinstance(value, float):
        return float(value)
    if isinstance(value, Rational) and not isinstance(value, bool):
        return Fraction(int(value.numerator), int(value.denominator))
    try:
        return whole(value, f"{what}[{i}] is a number")
    except TypeError:
        if type(value).__name__.startswith("float"):  # numpy's floats
            return float(value)
        raise


def _numbers(values: Any, what: str) -> list[int | Fraction | float]:
    if not many(values):
        raise TypeError(f"{what} is a list of numbers, got {type(values).__name__}")
    return [_number(v, what, i) for i, v in enumerate(values)]


def _check(stacks: list[int | Fraction | float], payouts: list[int | Fraction | float]) -> None:
    if not stacks:
        raise TournamentError("icm of no players: give at least one stack")
    if len(payouts) > len(stacks):
        raise TournamentError(
            f"{len(payouts)} payouts for {len(stacks)} players: give at most one payout per player"
        )
    for i, s in enumerate(stacks):
        if not (s > 0 and (s.__class__ is int or math.isfinite(s))):
            raise TournamentError(f"stacks[{i}] is {s}: every stack must be positive and finite")
    for i, p in enumerate(payouts):
        if not (p >= 0 and (p.__class__ is int or math.isfinite(p))):
            raise TournamentError(
                f"payouts[{i}] is {p}: every payout must be non-negative and finite"
            )


def exact_fractions(stacks: Sequence[Fraction], payouts: Sequence[Fraction]) -> list[Fraction]:
    """The DP in exact ``Fraction``s (the core's recurrence, ``src-rust/icm.rs``).
    The stacks are scaled to integers first (the model only reads their
    ratios); a place's chance for a player outside ``A`` is summed as the
    level's total less the sets that hold it.

    >>> exact_fractions([Fraction(2), Fraction(1)], [Fraction(1)])
    [Fraction(2, 3), Fraction(1, 3)]
    """
    n = len(stacks)
    scale = math.lcm(*(s.denominator for s in stacks))
    chips = [int(s * scale) for s in stacks]
    total = sum(chips)
    equity = [Fraction(0)] * n
    level: dict[int, Fraction] = {0: Fraction(1)}
    placed: dict[int, int] = {0: 0}
    for m, pay in enumerate(payouts):
        last = m + 1 == len(payouts)
        following: dict[int, Fraction] = {}
        everyone = Fraction(0)
        inside = [Fraction(0)] * n
        for mask, p in level.items():
            q = p / (total - placed[mask])
            everyone += q
            bits = mask
            while bits:
                low = bits & -bits
                inside[low.bit_length() - 1] += q
                bits ^= low
            if last:
                continue
            for i in range(n):
                if not mask >> i & 1:
                    key = mask | 1 << i
                    if key in following:
                        following[key] += q * chips[i]
                    else:
                        following[key] = q * chips[i]
                        placed[key] = placed[mask] + chips[i]
        if pay:
            for i in range(n):
                equity[i] += pay * chips[i] * (everyone - inside[i])
        level = following
    return equity


def _choose(exact: bool | None, rational: bool, sets: int) -> Method:
    if exact is False:
        return "monte-carlo"
    if exact is None:
        if rational and sets <= AUTO_FRACTION_SETS:
            return "exact"
        return "dp" if sets <= _core.ICM_DP_LIMIT else "monte-carlo"
    if rational:
        if sets > FRACTION_SETS_LIMIT:
            raise TournamentError(
                f"exact icm in Fractions visits {sets} sets of placed players, more than "
                f"{FRACTION_SETS_LIMIT}: pass floats=True for the exact DP in floats (up to "
                f"{_core.ICM_DP_LIMIT} sets) or exact=False for the Monte Carlo"
            )
        return "exact"
    if sets > _core.ICM_DP_LIMIT:
        raise TournamentError(
            f"exact icm visits {sets} sets of placed players, more than the limit "
            f"{_core.ICM_DP_LIMIT}: use exact=False (the Monte Carlo)"
        )
    return "dp"


def icm(
    stacks: Sequence[int | Fraction | float],
    payouts: Sequence[int | Fraction | float],
    *,
    exact: bool | None = None,
    floats: bool = False,
    samples: int | None = None,
    seed: int | None = None,
) -> ICM:
    """Every player's Malmuth-Harville prize equity: ``payouts[j]`` goes to the
    ``j+1``-th place, places drawn in turn with probability proportional to
    the stacks of those left. Returns an :class:`ICM` (a tuple, in the order
    of ``stacks``) that says how it was found.

    ``exact=True``: the exact DP over sets of placed players, ``O(n·2^n)`` at
    most and far less when few are paid; ``Fraction``s when every stack and
    payout is an int or ``Fraction`` (unless ``floats=True``), else floats
    from the core. ``exact=False``: the Monte Carlo, ``samples`` finishing
    orders (default 2**20) sampled exactly, each player with its standard
    error; ``seed`` makes it repeatable. ``exact=None`` (the default):
    ``Fraction``s for rational inputs up to 512 sets (9 players all paid, 20
    players with 3 paid...), the float DP up to ``_core.ICM_DP_LIMIT`` sets,
    the Monte Carlo past that.

    Bad input is a :class:`~hoyle.errors.TournamentError` (a stack that is not
    positive, a negative payout, more payouts than players, too large a field
    for the exact method) or a ``TypeError`` (not a number).

    >>> icm([25, 87, 88], [50, 30, 20])
    (Fraction(162595, 6328), Fraction(2077, 56), Fraction(29438, 791))
    >>> r = icm([198, 1, 1], [50, 30, 20], floats=True)
    >>> r.method, [round(x, 4) for x in r]
    ('dp', [49.7995, 25.1003, 25.1003])
    >>> mc = icm([50, 30, 20], [70, 30], exact=False, samples=10**5, seed=1)
    >>> mc.method, abs(mc[0] - 1265 / 28) < 4 * mc.standard_error[0]
    ('monte-carlo', True)
    """
    if floats and exact is not False and _plain(stacks) and _plain(payouts):
        fast = _float_dp(stacks, payouts)  # type: ignore[arg-type]
        if fast is not None:
            return fast
    values = _numbers(stacks, "stacks")
    prizes = _numbers(payouts, "payouts")
    _check(values, prizes)
    if exact is not None and not isinstance(exact, bool):
        raise TypeError(f"exact is True, False or None, got {exact!r:.40}")
    rational = not floats and not any(v.__class__ is float for v in values + prizes)
    method = _choose(exact, rational, _core._icm_subsets(len(values), len(prizes)))
    n = len(values)
    if method == "exact":
        exact_values = [Fraction(v) for v in values]
        return ICM(exact_fractions(exact_values, [Fraction(p) for p in prizes]), method)
    fs = [float(v) for v in values]
    fp = [float(p) for p in prizes]
    if method == "dp":
        if n > _core.ICM_MAX_PLAYERS:
            raise TournamentError(
                f"exact icm takes at most {_core.ICM_MAX_PLAYERS} players, got {n}: "
                "use exact=False (the Monte Carlo)"
            )
        return ICM(_core._icm_dp(fs, fp), method)
    count = DEFAULT_SAMPLES if samples is None else whole(samples, "samples is an int")
    if not 2 <= count <= _core.ICM_SAMPLES_LIMIT:
        raise TournamentError(f"samples is {count}: give between 2 and {_core.ICM_SAMPLES_LIMIT}")
    key = _seed(seed)
    means, errors = _core._icm_monte(fs, fp, count, key)
    return ICM(means, method, tuple(errors), count)


def _plain(values: Any) -> bool:
    """A list of plain ints and floats (the fast path's input)."""
    return values.__class__ is list and all(
        v.__class__ is int or v.__class__ is float for v in values
    )


def _float_dp(stacks: list[int | float], payouts: list[int | float]) -> ICM | None:
    """The float DP straight from the core (which checks the stacks and
    payouts as ``_check`` does), or None when it is too large for it (the
    caller's path then chooses or refuses)."""
    n, k = len(stacks), len(payouts)
    if not 0 < n <= _core.ICM_MAX_PLAYERS or k > n:
        return None
    if _core._icm_subsets(n, k) > _core.ICM_DP_LIMIT:
        return None
    return ICM(_core._icm_dp(stacks, payouts), "dp")


def _seed(seed: int | None) -> int:
    if seed is None:
        import secrets

        return secrets.randbits(64)
    return whole(seed, "seed is an int") & ((1 << 64) - 1)
