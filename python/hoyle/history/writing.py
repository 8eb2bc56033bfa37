"""Writing PHH text: fields as TOML (``write_fields``) and a hoyle hand as a
hand history (``dumps``)."""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from hoyle._ending import house_money, runouts, unseen_seats
from hoyle._hand_check import dealt_cards
from hoyle._hand_view import kind_table
from hoyle.betting import Limit
from hoyle.errors import HistoryError
from hoyle.hand import Action, Hand
from hoyle.history.cards import card_text
from hoyle.history.dealt import as_dealt, reshuffled
from hoyle.history.variants import plain_game, stakes, variant_code

__all__ = ["dumps", "write_fields"]

_BARE = re.compile(r"[A-Za-z0-9_-]+")


def write_fields(fields: dict[str, Any]) -> str:
    """PHH fields as TOML text, one line a field (``actions`` one line an action)."""
    lines = []
    for k, v in fields.items():
        if k == "actions" and isinstance(v, list):
            body = "".join(f"  {_value(a)},\n" for a in v)
            lines.append(f"actions = [\n{body}]")
        else:
            lines.append(f"{_key(k)} = {_value(v)}")
    return "\n".join(lines) + "\n"


def _key(k: str) -> str:
    return k if _BARE.fullmatch(k) else json.dumps(k, ensure_ascii=False)


def _value(v: Any) -> str:
    """A TOML value."""
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + "}"
    return _scalar(v)


def _scalar(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, datetime.time | datetime.date):
        return v.isoformat()
    if isinstance(v, Decimal) and v.is_finite():
        # written out (1E+5 as 100000), unless huge or tiny: then as TOML's 1E-999
        return format(v, "f") if "E" in str(v) and abs(v.adjusted()) <= 100 else str(v)
    raise HistoryError(
        f"cannot write {v} in TOML"
        if isinstance(v, Decimal)
        else f"cannot write {type(v).__name__} {v!r} in TOML"
    )


def dumps(hand: Hand, **extra: Any) -> str:
    """Write a hoyle hand (finished or in progress) as PHH text.

    ``p1`` is the seat left of the button; when the button is not the last
    seat, ``_hoyle_button`` records it so ``load`` puts the seats back. A game PHH cannot
    name exactly gets the ``_hoyle_game`` extension field, and a room's rake
    (a hand replayed with ``rake=``) ``_hoyle_room_rake``, the chips it took,
    which ``replay`` takes again; a board run again, its later runs'
    boards as ``_hoyle_runouts``. ``extra`` fields
    (``players``, ``event``...) are written after the standard ones.
    """
    game = hand.game
    n = len(hand.starting_stacks)
    button = hand.button
    seat_of = [(button + 1 + i) % n for i in range(n)]
    variant = variant_code(game)
    game_stakes = stakes(game, n)
    fields: dict[str, Any] = {
        "variant": variant or ("F" if isinstance(game.betting, Limit) else "N") + "T",
        "ante_trimming_status": True,
        **game_stakes,
        "starting_stacks": [hand.starting_stacks[s] for s in seat_of],
    }
    if variant is None or plain_game(variant, game_stakes) != game:
        fields["_hoyle_game"] = game.to_dict()
    fields["actions"] = _ActionWriter(hand, seat_of).actions()
    if button != n - 1:
        fields["_hoyle_button"] = button
    if hand.is_over:
        settlement = hand.settlement
        if game.rake is None and settlement is not None and settlement.rake:
            fields["_hoyle_room_rake"] = settlement.rake  # a room's (replay(rake=...)): its chips
        if house_money(hand):  # the house's money in the main pot (``site_rake.add_house``)
            fields["_hoyle_house_money"] = house_money(hand)
        fields["finishing_stacks"] = [hand.stacks[s] for s in seat_of]
        if runouts(hand):  # a board run again (``runs``)
            fields["_hoyle_runouts"] = [card_text(b) for b in runouts(hand)]
    fields.update(extra)
    return write_fields(fields)


class _ActionWriter:
    """The action lines of a hand, street by street."""

    def __init__(self, hand: Hand, seat_of: list[int]) -> None:
        self.hand = hand
        self.seat_of = seat_of
        self.label = {s: f"p{i + 1}" for i, s in enumerate(seat_of)}
        self.lines: list[str] = []
        # seats that showed nothing at the showdown (a replayed history's
        # unknown cards): their cards, placeholders, are written ``??``
        self.unseen = frozenset(unseen_seats(hand))
        holes = [list(hand.hole(s)) for s in range(len(seat_of))]
        draws = [a for a in hand.history if a.kind == "draw"]
        stub = _stub(hand)
        # Once the stub ran out, which cards a draw gave decides which pile
        # each came from (a reshuffle deals what the last one left first):
        # then the file deals what the hand did, from a replay of its record.
        # Before, any story that keeps the order of the cards kept replays alike.
        exact = dealt_cards(hand) if draws and reshuffled(draws, stub) else None
        if exact is None:
            self.holding, self.received = as_dealt(hand.history, holes, stub)
        else:
            dealt, drawn = exact
            self.holding = dict(enumerate(dealt))
            pairs = zip(draws, drawn, strict=True)
            self.received = {(a.street, a.seat): list(got) for a, got in pairs}

    def actions(self) -> list[str]:
        hand = self.hand
        streets = hand.game.streets
        by_street: dict[int, list[Action]] = {}
        for a in hand.history:
            by_street.setdefault(a.street, []).append(a)
        dealt_at = board_at = 0
        board = hand.board
        for k in range(min(hand.street, len(streets) - 1) + 1):
            st = streets[k]
            per = st.down + st.up
            if per:
                for s in self.seat_of:
                    mine = self.holding[s][dealt_at : dealt_at + per]
                    if len(mine) == per:
                        dealt = self._cards(s, mine, up=st.up)
                        self.lines.append(f"d dh {self.label[s]} {dealt}")
                dealt_at += per
            if st.board and board_at < len(board):
                self.lines.append(f"d db {card_text(board[board_at : board_at + st.board])}")
                board_at += st.board
            self._street(k, by_street.get(k, []))
        if hand.is_over and sum(hand.active) > 1 and hand.street >= len(streets):
            for s in self.seat_of:
                if hand.active[s] and s not in self.unseen:
                    shown = card_text(hand.hole(s))  # (none in a board-only game)
                    self.lines.append(f"{self.label[s]} sm {shown}".rstrip())
        return self.lines

    def _cards(self, seat: int, cards: Sequence[int], up: int = 0) -> str:
        """The seat's cards as the file writes them: ``??`` each when unseen,
        except the last ``up``, dealt face up (stud): every seat saw those,
        and they decide the bring-in and who bets first."""
        if seat not in self.unseen:
            return card_text(cards)
        down = len(cards) - up
        return "??" * down + card_text(cards[down:])

    def _street(self, k: int, history: list[Action]) -> None:
        """The players' actions of street ``k``; a draw's replacements are
        dealt before the next player action."""
        pending: list[str] = []
        for a in history:
            kind = a.kind
            who = self.label[a.seat]
            if kind in ("ante", "blind"):
                continue
            if kind == "draw":
                drawn = self._cards(a.seat, a.cards)
                self.lines.append(f"{who} sd {drawn}" if a.cards else f"{who} sd")
                got = self.received.get((k, a.seat), [])
                if got:
                    pending.append(f"d dh {who} {self._cards(a.seat, got)}")
                continue
            self.lines.extend(pending)
            pending = []
            line = _PLAYER_LINES.get(kind)
            if line is not None:
                self.lines.append(line.format(who=who, total=a.total))
        self.lines.extend(pending)


_PLAYER_LINES = kind_table(
    {
        "bring-in": "{who} pb",
        "check": "{who} cc",
        "call": "{who} cc",
        "bet": "{who} cbr {total}",
        "raise": "{who} cbr {total}",
        "fold": "{who} f",
    }
)


def _stub(hand: Hand) -> int:
    """The cards left in the deck when the first draw begins (the streets
    up to it dealt to every seat, their board and burns)."""
    game, n = hand.game, len(hand.starting_stacks)
    left = len(game.deck)
    for st in game.streets:
        left -= n * (st.down + st.up) + st.board + (1 if st.burn else 0)
        if st.draw:
            break
    return left
