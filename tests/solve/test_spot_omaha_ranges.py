"""A Spot reads Omaha ranges in the patterns of ``hoyle.OmahaRange`` (issue
27) as well as the combos it read before; the oracle is the naive reading
of the pattern: every four-card hand holding the named cards, by rank."""

from __future__ import annotations

import itertools

import pytest
from hoyle import Card, OmahaRange, SolveError, games
from hoyle.ranges import RANKS
from hoyle.solve import Spot

BOARD = "Td9d6h"


def _spot(ranges: tuple[object, object], game: object = None) -> Spot:
    return Spot(board=BOARD, ranges=ranges, pot=60, stack=200, game=game or games.omaha())


def _hands(pattern_ranks: str, board: str) -> set[tuple[int, ...]]:
    """Four-card hands whose ranks hold ``pattern_ranks`` (with repeats),
    none of them a board card, found by looking at every hand."""
    dead = {Card(board[i : i + 2]).id for i in range(0, len(board), 2)}
    out: set[tuple[int, ...]] = set()
    for hand in itertools.combinations(range(51, -1, -1), 4):
        if dead & set(hand):
            continue
        ranks = [RANKS[Card(c).rank or 0] for c in hand]
        if all(ranks.count(r) >= pattern_ranks.count(r) for r in set(pattern_ranks)):
            out.add(hand)
    return out


def test_a_spot_reads_omaha_patterns() -> None:
    s = _spot(("AA**", "KKQQ@50"))
    args = s.core_arguments
    assert {tuple(h) for h in args["hands"][0]} == _hands("AA", BOARD)
    assert {tuple(h) for h in args["hands"][1]} == _hands("KKQQ", BOARD)
    assert set(args["weights"][1]) == {0.5}
    assert Spot.from_dict(s.to_dict()).core_arguments == args
    same = _spot((OmahaRange("AA**"), OmahaRange("KKQQ@50"))).core_arguments
    assert same["hands"] == args["hands"]
    assert same["weights"] == args["weights"]


def test_suit_conditions_and_old_combos_mix() -> None:
    args = _spot(("AAKKds, AsKsQdJd", "As Kh Qh Jh, 7h7c6s5s@50")).core_arguments
    assert len(args["hands"][0]) == 6 + 1
    assert args["hands"][1] == [[51, 46, 42, 38], [22, 20, 19, 15]]
    assert args["weights"][1] == [1.0, 0.5]


def test_bad_patterns_say_what_is_allowed() -> None:
    with pytest.raises(SolveError, match="expected 4 slots"):
        _spot(("AA*", "KKQQ"))
    with pytest.raises(SolveError, match="ds, ss and rainbow are for four-card hands"):
        _spot(("AA***ds", "KKQQ*"), game=games.five_card_omaha())
    with pytest.raises(SolveError, match="4-card hands; this game deals 5"):
        _spot((OmahaRange("AA**"), "KKQQ*"), game=games.five_card_omaha())
