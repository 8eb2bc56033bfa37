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
from hoyle.errors import CardError, DuplicateCardError, HandError, HoyleError, SettlementError
from hoyle.settlement import Rake

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CardError",
    "Category",
    "DuplicateCardError",
    "HandError",
    "HandRank",
    "HoyleError",
    "Pot",
    "Rake",
    "Settlement",
    "SettlementError",
    "evaluate",
    "evaluate_batch",
    "parse_cards",
    "settle",
]
