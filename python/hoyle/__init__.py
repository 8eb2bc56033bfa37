"""hoyle: a poker engine for Python with a Rust core.

>>> import hoyle
>>> str(hoyle.evaluate("As Ks Qs Js Ts 2c 3d"))
'Straight Flush, Royal'
"""

from __future__ import annotations

from hoyle._core import (
    Card,
    HandRank,
    Pot,
    Settlement,
    evaluate,
    evaluate_batch,
    parse_cards,
    settle,
)
from hoyle.category import Category
from hoyle.errors import (
    CardError,
    DuplicateCardError,
    EquityError,
    HandError,
    HoyleError,
    RangeError,
    SettlementError,
)
from hoyle.odds import Equity, equity
from hoyle.ranges import Range
from hoyle.settlement import Rake

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CardError",
    "Category",
    "DuplicateCardError",
    "Equity",
    "EquityError",
    "HandError",
    "HandRank",
    "HoyleError",
    "Pot",
    "Rake",
    "Range",
    "RangeError",
    "Settlement",
    "SettlementError",
    "equity",
    "evaluate",
    "evaluate_batch",
    "parse_cards",
    "settle",
]
