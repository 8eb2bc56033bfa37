"""Throughput of hoyle's evaluator against whatever peers are installed, in
one run, so that the ratios mean something on a shared, noisy machine.

Used by ``hoyle bench`` and by ``benches/test_eval_bench.py``.
"""

from __future__ import annotations

import functools
import importlib.util
import math
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

import hoyle
from hoyle._core import RANKS, SUITS
from hoyle._whole import whole
from hoyle.errors import HoyleError

__all__ = ["Case", "Result", "cases", "measure", "random_hands", "run"]


#: The most hands ``run`` times one call at a time (``count``: a tuple each).
MAX_SINGLE = 10_000_000
#: The most hands ``run`` gives a batch call (``batch``: 7 bytes each).
MAX_BATCH = 100_000_000
#: The longest ``run`` spends on a case (``seconds``).
MAX_SECONDS = 3_600.0
_ROWS = 1 << 16  # hands drawn at a time (the sort keys of more would be 416 bytes a hand)


def random_hands(count: int, cards: int = 7, seed: int = 2026) -> npt.NDArray[np.uint8]:
    """``count`` random hands of distinct cards, as a C-contiguous uint8 array
    (drawn ``_ROWS`` at a time: the same hands, in 7 bytes a hand)."""
    rng = np.random.default_rng(seed)
    out = np.empty((count, cards), dtype=np.uint8)
    for first in range(0, count, _ROWS):
        keys = rng.random((min(_ROWS, count - first), 52))
        out[first : first + len(keys)] = np.argsort(keys, axis=1)[:, :cards]
    return out


@dataclass(frozen=True)
class Case:
    """One way to evaluate ``hands`` hands: ``run()`` evaluates them all."""

    name: str
    hands: int
    run: Callable[[], object]
    peer: bool


@dataclass(frozen=True)
class Result:
    name: str
    hands_per_second: float
    peer: bool


def _name(card: int) -> str:
    return RANKS[card // 4] + SUITS[card % 4]


def cases(hands: npt.NDArray[np.uint8], *, slow: int = 2_000) -> list[Case]:
    """The benchmark cases over ``hands`` (7-card rows): hoyle's single call and
    batch, and every installed peer. Peers slower than ~1M/s get only
    ``slow`` hands so the run stays short."""
    rows = [tuple(int(c) for c in row) for row in hands]
    few = rows[:slow]
    out: list[Case] = []

    evaluate = hoyle.evaluate

    def hoyle_single() -> None:
        for h in rows:
            evaluate(h)

    out.append(Case("hoyle evaluate(tuple)", len(rows), hoyle_single, peer=False))
    for threads, name in ((1, "1 thread"), (2, "2 threads")):
        out.append(
            Case(
                f"hoyle evaluate_batch, {name}",
                len(hands),
                functools.partial(hoyle.evaluate_batch, hands, threads=threads),
                peer=False,
            )
        )
    if importlib.util.find_spec("phevaluator") is not None:
        from phevaluator import _pheval  # type: ignore[import-untyped]

        ph7 = _pheval.evaluate_7cards

        def phevaluator_raw() -> None:
            for h in rows:
                ph7(*h)

        out.append(Case("phevaluator raw C call", len(rows), phevaluator_raw, peer=True))
    if importlib.util.find_spec("eval7") is not None:
        with warnings.catch_warnings():
            # eval7 0.1.x uses pyparsing names that now warn on import
            warnings.simplefilter("ignore", DeprecationWarning)
            import eval7  # type: ignore[import-untyped]

        e7 = [[eval7.Card(_name(c)) for c in h] for h in rows]
        e7_evaluate = eval7.evaluate

        def eval7_run() -> None:
            for h in e7:
                e7_evaluate(h)

        out.append(Case("eval7 evaluate", len(e7), eval7_run, peer=True))
    out.extend(_pokerfast_cases(few))
    out.extend(_slow_peer_cases(few))
    return out


def _pokerfast_cases(few: list[tuple[int, ...]]) -> list[Case]:
    """pokerfast's two evaluators, on ``few`` hands (both well under 1M
    hands/s through their Python API): OMPEval compiled in
    (``pokerfast.equity.evaluate``, one call for the whole list of card
    strings, where its platform wheel carries the library) and its
    table-driven Python ``eval7``."""
    if importlib.util.find_spec("pokerfast") is None:
        return []
    import pokerfast  # type: ignore[import-untyped]
    from pokerfast import equity as pf_equity

    out: list[Case] = []
    if pf_equity.available():
        strings = ["".join(map(_name, h)) for h in few]
        pf_evaluate = pf_equity.evaluate
        out.append(
            Case(
                "pokerfast OMPEval evaluate(list)",
                len(strings),
                lambda: pf_evaluate(strings),
                peer=True,
            )
        )
    names = [tuple(map(_name, h)) for h in few]
    pf_eval7 = pokerfast.eval7

    def pokerfast_eval7() -> None:
        for h in names:
            pf_eval7(h)

    out.append(Case("pokerfast eval7", len(names), pokerfast_eval7, peer=True))
    return out


def _slow_peer_cases(few: list[tuple[int, ...]]) -> list[Case]:
    """The other peers slower than ~1M hands/s (treys, PokerKit), on ``few`` hands."""
    out: list[Case] = []
    if importlib.util.find_spec("treys") is not None:
        from treys import Card as TCard  # type: ignore[import-untyped]
        from treys import Evaluator

        evaluator = Evaluator()
        tr = [
            ([TCard.new(_name(c)) for c in h[:5]], [TCard.new(_name(c)) for c in h[5:]])
            for h in few
        ]

        def treys_run() -> None:
            for board, hole in tr:
                evaluator.evaluate(hole, board)

        out.append(Case("treys evaluate", len(tr), treys_run, peer=True))
    if importlib.util.find_spec("pokerkit") is not None:
        from pokerkit import Card as PCard
        from pokerkit import StandardHighHand

        pk = [
            (
                list(PCard.parse("".join(map(_name, h[:2])))),
                list(PCard.parse("".join(map(_name, h[2:])))),
            )
            for h in few[: max(1, len(few) // 10)]
        ]

        def pokerkit_run() -> None:
            for hole, board in pk:
                StandardHighHand.from_game(hole, board)

        out.append(Case("pokerkit StandardHighHand", len(pk), pokerkit_run, peer=True))
    return out


def measure(case: Case, *, seconds: float = 1.0, repeat: int = 5) -> Result:
    """Best hands/s of ``repeat`` timed runs (after one warm-up), stopping
    early once ``seconds`` have been spent."""
    case.run()
    best = float("inf")
    spent = 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        case.run()
        elapsed = time.perf_counter() - start
        best = min(best, elapsed)
        spent += elapsed
        if spent > seconds:
            break
    return Result(case.name, case.hands / best, case.peer)


def run(*, count: int = 200_000, batch: int = 2_000_000, seconds: float = 1.0) -> list[Result]:
    """Measures every case; the batch cases use ``batch`` hands. ``count``
    is 1..``MAX_SINGLE``, ``batch`` 1..``MAX_BATCH``, ``seconds`` more
    than 0 and at most ``MAX_SECONDS`` (else ``HoyleError``)."""
    count = _within("hands", count, MAX_SINGLE)
    batch = _within("batch", batch, MAX_BATCH)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise TypeError(f"seconds: a number, got {type(seconds).__name__}")
    if not (math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
        raise HoyleError(f"seconds must be more than 0 and at most {MAX_SECONDS:g}, got {seconds}")
    single = random_hands(count, seed=1)
    big = random_hands(batch, seed=2)
    results: list[Result] = []
    for case in cases(single):
        timed = case
        if case.name.startswith("hoyle evaluate_batch"):
            threads = 1 if "1 thread" in case.name else 2
            timed = Case(
                case.name,
                batch,
                lambda t=threads: hoyle.evaluate_batch(big, threads=t),  # type: ignore[misc]
                peer=False,
            )
        results.append(measure(timed, seconds=seconds))
    return results


def _within(what: str, value: object, most: int) -> int:
    number = whole(value, f"{what} must be an int")
    if not 1 <= number <= most:
        raise HoyleError(f"{what} must be 1..{most:,}, got {number:,}")
    return int(number)


def table(results: list[Result]) -> str:
    """The results as a text table with each row's ratio to phevaluator's
    raw call (the fastest installable peer) and to hoyle's single call."""
    by_name = {r.name: r.hands_per_second for r in results}
    base = by_name.get("phevaluator raw C call")
    lines = [f"{'evaluator (random 7-card hands)':36} {'hands/s':>14} {'vs phevaluator':>15}"]
    for r in results:
        ratio = f"{r.hands_per_second / base:14.2f}x" if base else f"{'-':>15}"
        lines.append(f"{r.name:36} {r.hands_per_second:14,.0f} {ratio}")
    return "\n".join(lines)
