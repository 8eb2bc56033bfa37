"""A hand at the table and a settlement, drawn: the board, each seat's
cards, stack, bet and chips in the pot, whose turn it is; the pots, who won
them and each seat's payout. A hand is read through its public reads only.

>>> import hoyle
>>> hand = hoyle.games.texas_holdem(blinds=(1, 2)).start([200, 200, 150], seed=11)
>>> hand.raise_to(6); hand.fold(); hand.call()
>>> print(hand)
texas_holdem, flop, pot 13, seat 2 to act (check, raise to 2..144)
board: 5h 9h Ts
seat 0 (button): Ac Tc  stack 194  bet 0  in pot 6
seat 1: 7s 8d  stack 199  bet 0  in pot 1  folded
seat 2: 9d 9c  stack 144  bet 0  in pot 6  to act
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

from hoyle._core import RANKS
from hoyle._display import html, terminal
from hoyle._display.game import street_names

if TYPE_CHECKING:
    from hoyle._core import Pot, Settlement
    from hoyle.hand import Hand

__all__ = [
    "hand_html",
    "hand_repr",
    "hand_rich",
    "hand_text",
    "settlement_html",
    "settlement_rich",
]


def _name(card_id: int) -> str:
    return "Xx" if card_id >= 52 else RANKS[card_id >> 2] + "cdhs"[card_id & 3]


def _names(ids: Sequence[int]) -> str:
    return " ".join(_name(c) for c in ids)


def _street(hand: Hand) -> str:
    names = street_names(hand.game)
    return names[hand.street] if hand.street < len(names) else "over"


def _state(hand: Hand) -> str:
    """Whose turn it is and what it may do, or the hand's end."""
    if hand.actor is None:
        return ""
    doing = "draw" if hand.is_drawing else "act"
    return f"seat {hand.actor} to {doing} ({hand.legal.describe()})"


def _status(hand: Hand, seat: int) -> str:
    """``folded``, ``all in``, ``to act``, or (once over) what it won."""
    if hand.is_over:
        net = hand.stacks[seat] - hand.starting_stacks[seat]
        return f"won {net:,}" if net > 0 else "" if net == 0 else f"lost {-net:,}"
    if not hand.active[seat]:
        return "folded"
    if seat == hand.actor:
        return "to act"
    return "all in" if hand.stacks[seat] == 0 else ""


def _has_board(hand: Hand) -> bool:
    return any(s.board for s in hand.game.streets)


def _seats(hand: Hand) -> range:
    return range(len(hand.stacks))


def _seat_label(hand: Hand, seat: int) -> str:
    return f"seat {seat}" + (" (button)" if seat == hand.button else "")


def hand_text(hand: Hand) -> str:
    """``str(hand)``: the state line, the board, then one line a seat."""
    state = _state(hand)
    lines = [
        f"{hand.game.name}, {_street(hand)}, pot {hand.pot:,}" + (f", {state}" if state else ""),
    ]
    if _has_board(hand):
        lines.append(f"board: {_names(hand.board) or 'none'}")
    for seat in _seats(hand):
        status = _status(hand, seat)
        lines.append(
            f"{_seat_label(hand, seat)}: {_names(hand.hole(seat))}  stack {hand.stacks[seat]:,}"
            f"  bet {hand.bets[seat]:,}  in pot {hand.contributions[seat]:,}"
            + (f"  {status}" if status else "")
        )
    settlement = hand.settlement
    if settlement is not None:
        lines.extend(str(settlement).splitlines())
    return "\n".join(lines)


def hand_repr(hand: Hand) -> str:
    """``repr(hand)``: the game, the street, the board, each seat's cards and
    stack (``x`` marks a folded seat), the pot and whose turn it is."""
    seats = ", ".join(
        f"{_names(hand.hole(s)).replace(' ', '')}{'' if hand.active[s] else ' x'} {hand.stacks[s]}"
        for s in _seats(hand)
    )
    board = _names(hand.board).replace(" ", "") or "-"
    turn = "over" if hand.actor is None else f"seat {hand.actor} to act"
    return (
        f"<Hand {hand.game.name} {_street(hand)}, board {board}, seats [{seats}], "
        f"pot {hand.pot}, {turn}>"
    )


def hand_html(hand: Hand) -> str:
    """``Hand._repr_html_``: the board, then a table of the seats (the seat
    to act shaded; folded seats' cards faded), then the settlement."""
    rows = []
    stud = any(s.up for s in hand.game.streets)
    for seat in _seats(hand):
        held = hand.hole(seat)
        down = set(held) - set(hand.up(seat)) if stud else set()
        shown = html.cards(held, down=down)
        if not hand.active[seat]:
            shown = f'<span style="opacity:0.4">{shown}</span>'
        rows.append(
            [
                html.esc(_seat_label(hand, seat)),
                shown,
                f"{hand.stacks[seat]:,}",
                f"{hand.bets[seat]:,}",
                f"{hand.contributions[seat]:,}",
                html.esc(_status(hand, seat)),
            ]
        )
    marks = [
        seat == hand.actor or (hand.is_over and hand.stacks[seat] > hand.starting_stacks[seat])
        for seat in _seats(hand)
    ]
    seats = html.table(
        ["seat", "cards", "stack", "bet", "in pot", ""], rows, align="llrrrl", highlight=marks
    )
    title = html.esc(f"{hand.game.name}, {_street(hand)}, pot {hand.pot:,}")
    board = f"board {html.cards(hand.board)}" if _has_board(hand) else ""
    legend = f'<span style="color:{html.MUTED}">dashed: face down</span>' if stud else ""
    parts = [board, seats, legend, html.esc(_state(hand))]
    if hand.settlement is not None:
        parts.append(settlement_html(hand.settlement))
    return html.box(title, *parts)


def hand_rich(hand: Hand) -> Group:
    """``Hand.__rich__``: the same, as a table for the terminal."""
    title = Text(f"{hand.game.name}, {_street(hand)}, pot {hand.pot:,}", style="bold")
    board = Text("board ").append_text(terminal.cards(hand.board))
    seats = terminal.grid(None, ["seat", "cards", "stack", "bet", "in pot", ""], align="llrrrl")
    button = hand.button
    for seat in _seats(hand):
        shown = terminal.cards(hand.hole(seat))
        if not hand.active[seat]:
            shown.stylize("dim")
        style = "bold" if seat == hand.actor else None
        terminal.add(
            seats,
            f"{seat} button" if seat == button else str(seat),
            shown,
            f"{hand.stacks[seat]:,}",
            f"{hand.bets[seat]:,}",
            f"{hand.contributions[seat]:,}",
            _status(hand, seat),
            style=style,
        )
    parts: list[Text | Table | Group] = [title, board] if _has_board(hand) else [title]
    parts.append(seats)
    if hand.actor is not None:
        parts.append(Text(_state(hand)))
    if hand.settlement is not None:
        parts.append(settlement_rich(hand.settlement))
    return Group(*parts)


def _pot_name(i: int) -> str:
    return "main pot" if i == 0 else f"side pot {i}"


def _seats_text(seats: Sequence[int]) -> str:
    return " ".join(map(str, seats)) or "none"


def _winners(pot: Pot) -> str:
    high = f"high {_seats_text(pot.high_winners)} ({pot.high_half:,})"
    if pot.low_winners:
        return f"{high}, low {_seats_text(pot.low_winners)} ({pot.low_half:,})"
    return high


def _pot_rows(s: Settlement) -> list[list[str]]:
    return [
        [_pot_name(i), f"{p.amount:,}", f"{p.rake:,}", _seats_text(p.eligible), _winners(p)]
        for i, p in enumerate(s.pots)
    ]


def _seat_rows(s: Settlement) -> list[list[str]]:
    return [
        [f"seat {seat}", f"{paid:,}", f"{refund:,}" if refund else ""]
        for seat, (paid, refund) in enumerate(zip(s.payouts, s.refunds, strict=True))
    ]


_POT_HEADERS = ["pot", "chips", "rake", "eligible seats", "won by (chips)"]


def settlement_html(s: Settlement) -> str:
    """``Settlement._repr_html_``: the pots (chips, rake, eligible seats,
    winners), then what each seat receives (refunds apart)."""
    pots = html.table(_POT_HEADERS, _pot_rows(s), align="lrrll")
    paid = html.table(
        ["seat", "receives", "of which refund"],
        _seat_rows(s),
        align="lrr",
        highlight=[p > 0 for p in s.payouts],
    )
    rake = f" (rake {s.rake:,})" if s.rake else ""
    return html.box(f"Settlement: {sum(s.payouts):,} chips paid{rake}", pots, paid)


def settlement_rich(s: Settlement) -> Group:
    """``Settlement.__rich__``: the same two tables."""
    rake = f" (rake {s.rake:,})" if s.rake else ""
    pots = terminal.grid(
        Text(f"Settlement: {sum(s.payouts):,} chips paid{rake}"), _POT_HEADERS, align="lrrll"
    )
    for row in _pot_rows(s):
        terminal.add(pots, *row)
    paid = terminal.grid(None, ["seat", "receives", "of which refund"], align="lrr")
    for row, p in zip(_seat_rows(s), s.payouts, strict=True):
        terminal.add(paid, *row, style="bold" if p > 0 else None)
    return Group(pots, paid)
