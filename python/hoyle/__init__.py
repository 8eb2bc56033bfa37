"""hoyle: a poker engine for Python with a Rust core.

>>> import hoyle
>>> str(hoyle.evaluate("As Ks Qs Js Ts 2c 3d"))
'Straight Flush, Royal'
"""

from __future__ import annotations

from hoyle import cluster, games, history, solve
from hoyle._cheap import categories, deal, hand_strength

# The most chips a hand may hold in all (settlement's limit), named in
# settlement's errors; a plain attribute, outside __all__ like the core's
# other limits.
from hoyle._core import MAX_CHIPS as MAX_CHIPS
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
    rank,
    settle,
)
from hoyle.betting import Betting, Legal, Limit, NoLimit, PotLimit
from hoyle.category import Category
from hoyle.errors import (
    BotError,
    CardError,
    DuplicateCardError,
    EquityError,
    GameError,
    HandError,
    HistoryError,
    HoyleError,
    IllegalActionError,
    RangeError,
    RulesError,
    SettlementError,
    SolveError,
    UndeterminedError,
)
from hoyle.games import Game, Street
from hoyle.hand import Action, Hand
from hoyle.odds import Equity, equity
from hoyle.omaha_ranges import OmahaRange
from hoyle.plot import grid_equity
from hoyle.rake import Rake
from hoyle.ranges import Range, hand_class
from hoyle.simulation import SimulationResult, simulate
from hoyle.table import Table

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Betting",
    "BotError",
    "Card",
    "CardError",
    "Category",
    "DuplicateCardError",
    "Equity",
    "EquityError",
    "Game",
    "GameError",
    "Hand",
    "HandError",
    "HandRank",
    "HandRules",
    "HistoryError",
    "HoyleError",
    "IllegalActionError",
    "Legal",
    "Limit",
    "LowRank",
    "NoLimit",
    "OmahaRange",
    "Pot",
    "PotLimit",
    "Rake",
    "Range",
    "RangeError",
    "RulesError",
    "Settlement",
    "SettlementError",
    "SimulationResult",
    "SolveError",
    "Street",
    "Table",
    "UndeterminedError",
    "categories",
    "cluster",
    "deal",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_low",
    "evaluate_low_batch",
    "games",
    "grid_equity",
    "hand_class",
    "hand_strength",
    "history",
    "parse_cards",
    "rank",
    "settle",
    "simulate",
    "solve",
]
