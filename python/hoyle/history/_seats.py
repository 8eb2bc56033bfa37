"""What ``hoyle.history.statistics`` reads of one replayed hand besides its
actions: the seats' positions (``position_names``) and the all-in
adjustment of each seat's net (``allin_adjustments``)."""

from __future__ import annotations

from hoyle.errors import HoyleError
from hoyle.hand import Hand
from hoyle.history.hand_history import HandHistory

__all__ = ["allin_adjustments", "position_names"]

_BETTING = frozenset({"call", "bet", "raise", "check", "fold", "blind", "ante"})


def position_names(n: int, *, stud: bool = False) -> tuple[str, ...]:
    """The positions of ``p1``..``pN`` (PHH order: the button last):
    heads-up ``BB``, ``BTN``; else ``SB``, ``BB``, then ``UTG``,
    ``UTG+1``... and, nearest the button, ``LJ``, ``HJ``, ``CO``, ``BTN``
    (the last four that the table has). Stud has no positions: ``"-"``.

    >>> position_names(6)
    ('SB', 'BB', 'LJ', 'HJ', 'CO', 'BTN')
    >>> position_names(9)
    ('SB', 'BB', 'UTG', 'UTG+1', 'UTG+2', 'LJ', 'HJ', 'CO', 'BTN')
    """
    if stud:
        return ("-",) * n
    if n == 2:
        return ("BB", "BTN")
    rest = n - 2
    late = ("LJ", "HJ", "CO", "BTN")[-min(rest, 4) :]
    early = tuple("UTG" if j == 0 else f"UTG+{j}" for j in range(rest - len(late)))
    return ("SB", "BB", *early, *late)


def allin_adjustments(hand: Hand, hh: HandHistory) -> dict[int, float] | None:
    """What all-in adjusting adds to each seat's net (money), for a hand
    whose betting ended before the river with two or more players all in
    or called, all of their cards known, and one pot: the pot's share won
    replaced by exact equity times the pot (after rake), so a live seat gets
    ``(equity * pot - won) / scale`` and the others 0. None for any other
    hand (no adjustment)."""
    settlement = hand.settlement
    live = [s for s, a in enumerate(hand.active) if a]
    game = hh.game
    if settlement is None or len(live) < 2 or game.bring_in or len(settlement.pots) != 1:
        return None
    bets = [a for a in hand.history if a.kind in _BETTING]
    last = max((a.street for a in bets), default=0)
    boards = [
        0,
        *(sum(st.board for st in game.streets[1 : k + 1]) for k in range(1, len(game.streets))),
    ]
    if last >= len(game.streets) - 1 or boards[-1] == 0:
        return None  # the betting went to the last street, or no board
    plan = hh._replay_plan()
    if plan.hidden or plan.board_hidden or any(s in plan.hidden for s in live):
        return None
    from hoyle.odds import equity

    board = hand.board[: boards[last]]
    try:
        shares = equity([hand.hole(s) for s in live], board=board, game=game, exact=True).equity
    except HoyleError:
        return None
    pot = sum(settlement.payouts) - sum(settlement.refunds)  # after rake
    out = dict.fromkeys(range(len(hand.stacks)), 0.0)
    for s, share in zip(live, shares, strict=True):
        won = settlement.payouts[s] - settlement.refunds[s]
        out[s] = (share * pot - won) / hh.scale
    return out
