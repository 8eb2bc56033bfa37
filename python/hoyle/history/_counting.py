"""The betting counts of ``hoyle.history.statistics``: VPIP and PFR on the
first betting round (``first_street_vpip_pfr``, the one definition, which
``hoyle.simulate`` counts too), 3-bets and folds to them, continuation bets
and folds to them, and the aggression counts after the first round
(``count_betting``). The definitions are in docs/history.md."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hoyle.hand import Hand
    from hoyle.history.statistics import PlayerStats

__all__ = ["count_betting", "first_street_vpip_pfr"]

_VOLUNTARY = frozenset({"call", "bet", "raise"})
_RAISES = frozenset({"bet", "raise"})
_FIRST = _VOLUNTARY | {"fold", "check"}


def first_street_vpip_pfr(hand: Hand) -> tuple[set[int], set[int]]:
    """The seats of ``hand`` that put chips in voluntarily on the first
    betting round (a call, bet or raise: VPIP) and those that bet or raised
    there (PFR). Blinds, antes and bring-ins are forced, a check is not
    voluntary; completing a bring-in is a bet."""
    vpip: set[int] = set()
    pfr: set[int] = set()
    for act in hand.history:
        if act.street != 0:
            break
        if act.kind in _VOLUNTARY:
            vpip.add(act.seat)
            if act.kind in _RAISES:
                pfr.add(act.seat)
    return vpip, pfr


def count_betting(hand: Hand, who: dict[int, PlayerStats]) -> tuple[bool, set[int]]:
    """Adds ``hand``'s 3-bets, continuation bets and the answers to them,
    and the aggression counts after the first round, to the players of
    ``who`` (by seat). Returns whether the hand saw a flop and the seats
    that folded on the first round."""
    history = hand.history
    first = [a for a in history if a.street == 0 and a.kind in _FIRST]
    later = [a for a in history if a.street >= 1]
    last_raiser = _three_bets(first, who)
    folded_first = {a.seat for a in first if a.kind == "fold"}
    flop = any(a.street == 1 for a in later) or len(hand.board) >= 3
    if last_raiser is not None and flop and last_raiser not in folded_first:
        _cbets([a for a in later if a.street == 1 and a.kind != "draw"], last_raiser, who)
    for a in later:
        if a.kind in _RAISES:
            who[a.seat].aggressive += 1
        elif a.kind == "call":
            who[a.seat].calls += 1
        elif a.kind == "fold":
            who[a.seat].folds += 1
    return flop, folded_first


def _three_bets(first: list[Any], who: dict[int, PlayerStats]) -> int | None:
    """Count the first round's 3-bets and folds to them; the last raiser."""
    raises = 0
    opener: int | None = None
    last_raiser: int | None = None
    faced_one: set[int] = set()
    faced_three: set[int] = set()
    for a in first:
        if raises == 1 and a.seat not in faced_one and a.seat != opener:
            faced_one.add(a.seat)
            who[a.seat].three_bet_chances += 1
            if a.kind in _RAISES:
                who[a.seat].three_bet += 1
        elif raises == 2 and a.seat == opener and a.seat not in faced_three:
            faced_three.add(a.seat)
            who[a.seat].fold_to_three_bet_chances += 1
            if a.kind == "fold":
                who[a.seat].fold_to_three_bet += 1
        if a.kind in _RAISES:
            raises += 1
            opener = a.seat if raises == 1 else opener
            last_raiser = a.seat
    return last_raiser


def _cbets(flop_acts: list[Any], last_raiser: int, who: dict[int, PlayerStats]) -> None:
    """The preflop aggressor's first flop action, when nobody bet before it
    (a continuation bet's chance), and each other player's first answer to
    its bet."""
    bet_before = False
    cbet_at: int | None = None
    for k, a in enumerate(flop_acts):
        if a.seat == last_raiser:
            if not bet_before:
                who[a.seat].cbet_chances += 1
                if a.kind in _RAISES:
                    who[a.seat].cbet += 1
                    cbet_at = k
            break
        bet_before = bet_before or a.kind in _RAISES
    if cbet_at is not None:
        answered: set[int] = set()
        for a in flop_acts[cbet_at + 1 :]:
            if a.seat != last_raiser and a.seat not in answered:
                answered.add(a.seat)
                who[a.seat].fold_to_cbet_chances += 1
                who[a.seat].fold_to_cbet += a.kind == "fold"
