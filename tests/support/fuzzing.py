"""A small fuzzer of hoyle's own, shared by the ``test_fuzz_*`` files.

Each area (cards, ranges, histories, numbers given to public functions...)
makes hostile inputs from a seeded ``random.Random`` and calls hoyle with
them until its time budget is spent. The contract checked on every call
(docs/rules.md is silent here; this is the issue-12 contract):

* the call returns, or raises one of hoyle's errors (a ``HoyleError``, so a
  ``ValueError``) with a non-empty message, or a ``TypeError`` for a wrong
  Python type;
* anything else (a Rust ``PanicException``, ``OverflowError``,
  ``RecursionError``, a ``decimal`` error, a bare ``ValueError``, ...) fails
  the test and names the input.

Budget: ``HOYLE_FUZZ_SECONDS`` seconds per area (default 2; CI sets it), but
always at least ``min_inputs`` inputs. With ``HOYLE_FUZZ_REPORT`` set to a
path, one JSON line per area is appended there: the inputs tried and what
each raised, for the closing note.
"""

from __future__ import annotations

import json
import math
import os
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from hoyle.errors import HoyleError

T = TypeVar("T")

BUDGET = float(os.environ.get("HOYLE_FUZZ_SECONDS", "2"))
REPORT = os.environ.get("HOYLE_FUZZ_REPORT")


class FuzzFailure(AssertionError):
    """An input broke the contract."""


def fuzz(
    area: str,
    make: Callable[[random.Random], T],
    call: Callable[[T], object],
    *,
    seed: int = 0,
    seconds: float | None = None,
    min_inputs: int = 200,
    check: Callable[[T, Any], None] | None = None,
) -> Counter[str]:
    """Call ``call(make(rng))`` until the budget is spent; return the tally
    of outcomes (``"ok"`` or the exception's class name)."""
    rng = random.Random(seed)
    budget = BUDGET if seconds is None else seconds
    deadline = time.monotonic() + budget
    tally: Counter[str] = Counter()
    tried = 0
    while tried < min_inputs or time.monotonic() < deadline:
        case = make(rng)
        tried += 1
        try:
            result = call(case)
        except HoyleError as error:
            if not str(error):
                message = f"{area}: {case!r} raised {type(error).__name__} with no message"
                raise FuzzFailure(message) from error
            tally[type(error).__name__] += 1
            continue
        except TypeError as error:
            tally["TypeError"] += 1
            if not str(error):
                raise FuzzFailure(f"{area}: {case!r} raised TypeError with no message") from error
            continue
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as error:  # the point: anything else is a defect
            kind = f"{type(error).__module__}.{type(error).__name__}"
            raise FuzzFailure(f"{area}: {case!r} raised {kind}: {error}") from error
        tally["ok"] += 1
        if check is not None:
            check(case, result)
    if REPORT:
        with open(REPORT, "a", encoding="utf-8") as out:
            out.write(json.dumps({"area": area, "inputs": tried, "outcomes": dict(tally)}) + "\n")
    return tally


# Pieces of hostile text: odd Unicode that folds or looks like ASCII, other
# scripts' digits, separators, control characters, numbers too large for any
# machine type, and nesting deep enough to exhaust a recursive reader.
NASTY_TEXT = [
    "",
    " ",
    "\x00",
    "\t",
    "\n",
    "\u017f",  # long s: folds to "s" under casefold/upper
    "\u212a",  # Kelvin sign: lower() is "k"
    "\u0130",  # dotted capital I
    "\ufb00",  # ff ligature
    "\u0663",  # Arabic-Indic digit three
    "\uff11",  # fullwidth digit one
    "\u00b2",  # superscript two
    "\u2009",  # thin space
    "\u200b",  # zero-width space
    "\ud800",  # lone surrogate
    "_",
    "1_0",
    "-0",
    "+1",
    "0x10",
    "1e999999999",
    "-1e999999999",
    "nan",
    "inf",
    "-inf",
    "9" * 5000,
    "1" + "0" * 400,
    "[" * 3000,
    "{" * 3000,
    '"',
    "'",
    "\\",
    "#",
    "=",
    ",",
    "@",
    "%",
    ":",
    "..",
]


def mutate(text: str, rng: random.Random, *, rounds: int = 3, alphabet: str = "") -> str:
    """Mutate ``text`` a few times: delete, duplicate, swap, or insert a
    character from ``alphabet`` or a piece of ``NASTY_TEXT``."""
    pool = alphabet or "0123456789AKQJTakqjtshdcx+-@.,:/ "
    for _ in range(rng.randint(1, rounds)):
        where = rng.randint(0, len(text))
        move = rng.randrange(5)
        if move == 0 and text:
            where = min(where, len(text) - 1)
            text = text[:where] + text[where + 1 :]
        elif move == 1 and text:
            start = rng.randrange(len(text))
            text = text[:where] + text[start : start + rng.randint(1, 8)] + text[where:]
        elif move == 2 and len(text) > 1:
            a, b = sorted(rng.sample(range(len(text)), 2))
            text = text[:a] + text[b] + text[a + 1 : b] + text[a] + text[b + 1 :]
        elif move == 3:
            text = text[:where] + rng.choice(NASTY_TEXT) + text[where:]
        else:
            text = text[:where] + rng.choice(pool) + text[where:]
    return text


BIG_INTS = [2**31, 2**32, 2**53 + 1, 2**62, 2**63 - 1, 2**63, 2**64 - 1, 2**64, 2**64 + 1]


def nasty_number(rng: random.Random) -> object:
    """A number a careless or hostile caller might pass where a count, a
    chip amount, a seat or a seed is expected."""
    choices: list[Callable[[], object]] = [
        lambda: rng.randint(-3, 12),
        lambda: rng.choice(BIG_INTS),
        lambda: -rng.choice([1, 2**31, 2**63, 2**63 + 1, 2**64]),
        lambda: 10 ** rng.randint(19, 400),
        lambda: rng.choice([0.0, 0.5, 1.5, -0.5, 1e308, -1e308, 5e-324]),
        lambda: rng.choice([math.nan, math.inf, -math.inf]),
        lambda: rng.choice([True, False]),
        lambda: rng.choice([None, "1", b"1", [1], (1,), {}]),
    ]
    try:
        import numpy as np

        numpy_values = [np.uint8(51), np.int64(-1), np.int64(2**62), np.float64(0.5)]
        numpy_values.append(np.uint64(2**64 - 1))
        choices.append(lambda: rng.choice(numpy_values))
    except ImportError:  # pragma: no cover - numpy is a dependency
        pass
    return rng.choice(choices)()


def rising_blinds(values: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """``values`` as a game's blinds: the nonzero ones sorted where they stand
    (each blind at least the one before, docs/rules.md §7; zeros skip a seat).

    >>> rising_blinds([4, 0, 1, 2])
    (1, 0, 2, 4)
    """
    ups = iter(sorted(v for v in values if v))
    return tuple(next(ups) if v else 0 for v in values)
