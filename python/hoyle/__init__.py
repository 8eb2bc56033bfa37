"""hoyle: a poker engine for Python with a Rust core.

>>> import hoyle
>>> str(hoyle.evaluate("As Ks Qs Js Ts 2c 3d"))
'Straight Flush, Royal'
"""

from __future__ import annotations

from hoyle._core import (
    Card,
    HandRank,
    HandRules,
    LowRank,
    Pot,
    Settlement,
    evaluate,
    evaluate_batch,
    evaluate_low,
    evaluate_low_batch,
    parse_cards,
    settle,
)
from hoyle.category import Category
from hoyle.errors import (
    CardError,
    DuplicateCardError,
    HandError,
    HoyleError,
    RulesError,
    SettlementError,
)
from hoyle.settlement import Rake

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CardError",
    "Category",
    "DuplicateCardError",
    "HandError",
    "HandRank",
    "HandRules",
    "HoyleError",
    "LowRank",
    "Pot",
    "Rake",
    "RulesError",
    "Settlement",
    "SettlementError",
    "evaluate",
    "evaluate_batch",
    "evaluate_low",
    "evaluate_low_batch",
    "parse_cards",
    "settle",
]
