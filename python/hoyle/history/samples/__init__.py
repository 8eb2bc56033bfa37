"""Real hand histories shipped with hoyle, so that examples run after
``pip install``: PokerStars files from HHSmithy/PokerHandHistoryParser
(MIT; the licence is ``LICENSE`` here, the provenance in the repository's
tests/data/sites/SOURCE.md), bytes unchanged.

* ``pokerstars-nlhe.txt``: one no-limit hold'em hand, $0.05/$0.10 with antes.
* ``pokerstars-session.txt``: ten hands of $5/$10 no-limit hold'em.
* ``pokerstars-plo8.txt``: a pot-limit Omaha hi-lo hand to a showdown.
* ``ggpoker-rush-and-cash.txt``: fourteen GGPoker Rush & Cash hands, $0.01/$0.02,
  one with a cash drop and an EV cashout, from LayorX/GGPoker-Hand-Analyzer
  (MIT; ``LICENSE-layorx`` here; the file ``GG20250829-0702 - RushAndCash9515431 -
  0.01 - 0.02 - 6max.txt`` of tests/data/sites/layorx).

>>> import hoyle
>>> len(hoyle.history.load(hoyle.history.samples.path("pokerstars-session.txt")))
10
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["NAMES", "path"]

_HERE = Path(__file__).parent
NAMES = (
    "pokerstars-nlhe.txt",
    "pokerstars-plo8.txt",
    "pokerstars-session.txt",
    "ggpoker-rush-and-cash.txt",
)


def path(name: str) -> str:
    """The path of the shipped sample ``name`` (one of ``NAMES``)."""
    if name not in NAMES:
        raise ValueError(f"no sample {name!r}; the samples are {', '.join(NAMES)}")
    return str(_HERE / name)
