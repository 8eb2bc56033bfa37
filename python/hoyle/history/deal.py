"""From a hand history's actions to what ``replay`` plays: the deck in
hoyle's dealing order (docs/rules.md §10) and the players' actions.

``ActionReader.read`` goes through the action lines once: dealer lines
(``d dh``, ``d db``) give cards slots in a ``CardLedger`` and mark the
street the file has reached; player lines become ``PlayerAction`` tuples.
``ReplayPlan.build`` then names the unknown cards and lays the deck out
street by street as ``DealShape`` says the game deals.
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal
from typing import Any

from hoyle.errors import HistoryError
from hoyle.games import Game
from hoyle.history.cards import PAIR, UNKNOWN, CardLedger
from hoyle.history.shape import DealShape
from hoyle.history.stakes import chips

_TWO_UNKNOWN = (UNKNOWN, UNKNOWN)  # '????': two hole cards nobody saw


@functools.lru_cache(maxsize=64)
def _unknown_deals(
    n: int,
) -> tuple[list[str], tuple[str, ...], tuple[tuple[int, int], ...]]:
    """``d dh p1 ????`` ... ``d dh pN ????``: how online hands open; the
    labels ``p1`` ... ``pN``; the slots each is dealt (shared: read only)."""
    lines = [f"d dh p{i + 1} ????" for i in range(n)]
    return lines, tuple(f"p{i + 1}" for i in range(n)), tuple((2 * i, 2 * i + 1) for i in range(n))


__all__ = ["ActionReader", "PlayerAction"]

_AMOUNT = re.compile(r"[0-9]{1,40}(?:\.[0-9]{1,40})?", re.ASCII)  # longer: out of range anyway
_BETTING = {"f": 2, "cc": 2, "pb": 2, "cbr": 3}  # the betting actions: kind -> words in the line
# (kind, seat, amount / discarded slots or cards / None, index of the line, street reached)
PlayerAction = tuple[str, int, Any, int, int]


class ActionReader:
    """Reads the action lines of one history, in order (``read``)."""

    __slots__ = (
        "acts",
        "at",
        "batches",
        "board",
        "board_deals",
        "declined",
        "drawers",
        "game",
        "labels",
        "last_kind",
        "ledger",
        "replacements",
        "scale",
        "shape",
        "where",
    )

    def __init__(
        self, game: Game, shape: DealShape, labels: dict[str, int], scale: int, where: str
    ) -> None:
        self.game = game
        self.shape = shape
        self.labels = labels  # "pK" -> hoyle seat
        self.scale = scale
        self.where = where  # the file and hand, for messages
        self.ledger = CardLedger(len(labels), game.deck)
        self.batches: list[dict[int, list[int]]] = []  # per deal, seat -> slots dealt
        self.board: list[int] = []  # board slots
        self.board_deals = 0  # the d db lines so far
        self.drawers: list[list[int]] = []  # per draw, the seats in order of their sd
        self.replacements: list[dict[int, list[int]]] = []  # per draw, seat -> slots got
        self.acts: list[PlayerAction] = []
        self.at = 0  # the street the file has reached
        self.last_kind = ""
        # seats whose last ``sm`` shows no cards: a muck (``sm``) or cards
        # kept hidden (``sm ????``, PHH's "neither mucked nor shown")
        self.declined: set[int] = set()

    def read(self, actions: list[str]) -> None:  # noqa: PLR0912, PLR0915 (the hot loop, inline)
        """Read every action line, in order.

        Hole cards and the usual player actions are read here, in the loop
        (the usual hole cards straight into the ledger): a method call or two
        per line cost 3-4% of the corpus replay bench."""
        labels, add, scale = self.labels, self.acts.append, self.scale
        ledger, batches, drawers = self.ledger, self.batches, self.drawers
        known, cards, held = ledger.known, ledger.cards, ledger.held
        betting = _BETTING.get
        start = self._unknown_deal(actions) if not cards and not batches else 0
        at = self.at  # a copy: dealing and draws move it on
        last = self.last_kind  # the kind of the line before (``_draw`` reads it)
        for index, text in enumerate(actions[start:] if start else actions, start):
            words = text.split("#", 1)[0].split() if "#" in text else text.split()
            size = len(words)
            if not size:
                continue
            if words[0] != "d":
                head = words[0]
                seat = (
                    labels[head] if head in labels and size > 1 else self._seat(index, text, words)
                )
                kind = words[1]
                if betting(kind) == size:
                    if size == 2:  # f, cc, pb
                        add((kind, seat, None, index, at))
                    else:  # cbr, in whole chips: the usual case
                        word = words[2]
                        amount = (
                            int(word) * scale
                            if word.isascii() and word.isdigit() and len(word) < 20
                            else self._amount(index, text, word)
                        )
                        add((kind, seat, amount, index, at))
                else:
                    self.last_kind = last
                    self._show_or_draw(index, text, seat, words)
                    at = self.at
            elif size == 4 and words[1] == "dh":  # hole cards, or a draw's replacements
                kind = "dh"
                label = words[2]
                seat = labels[label] if label in labels else self._player(index, text, label)
                token = words[3]
                pair = PAIR.get(token)  # the usual hole cards: two known cards, new
                if pair is None or pair[0] in known or pair[1] in known:
                    slots = self._cards(index, text, token, bool(drawers))
                else:
                    known.update(pair)
                    slots = [len(cards), len(cards) + 1]
                    cards += pair
                held[seat] += slots
                if drawers:
                    self.replacements[-1].setdefault(seat, []).extend(slots)
                    ledger.served(seat)
                elif last == "dh" and batches and seat not in batches[-1]:
                    batches[-1][seat] = slots
                else:  # the first card, or a seat dealt twice: the next dealing street
                    batches.append({seat: slots})
                    self._reach(self.shape.deal, len(batches))
                    at = self.at
            else:
                kind = "db"
                if size == 3 and words[1] == "db" and (new := ledger.deal(words[2])) is not None:
                    self.board += new  # new known cards (``_board``, inline: the usual board)
                    self.board_deals += 1
                    self._reach(self.shape.board, self.board_deals)
                else:
                    self._board(index, text, words)
                at = self.at
            last = kind
        self.last_kind = last

    def _unknown_deal(self, actions: list[str]) -> int:
        """Online hands open ``d dh p1 ????``, ``d dh p2 ????``...: the
        lines that ``read`` would read one by one into the first batch of
        two unknown cards a seat, read at once. Returns how many."""
        n = len(self.labels)
        lines, names, pairs = _unknown_deals(n)
        if actions[:n] == lines:  # every seat's, the usual case: one C comparison
            count = n
        else:
            count = 0
            for text, line in zip(actions, lines, strict=False):
                if text != line:
                    break
                count += 1
        if count:
            labels, ledger = self.labels, self.ledger
            seats = list(map(labels.__getitem__, names[:count]))
            ledger.cards += _TWO_UNKNOWN * count
            ledger.unknown = True
            held = ledger.held
            for seat, pair in zip(seats, pairs, strict=False):  # (pairs: n, seats: count)
                held[seat] += pair
            self.batches.append(dict(zip(seats, map(list, pairs), strict=False)))  # own lists
            self._reach(self.shape.deal, 1)
            self.last_kind = "dh"
        return count

    def fail(self, index: int, text: str, why: str) -> HistoryError:
        """The error for action line ``index``."""
        return HistoryError(f"{self.where}: action {index + 1} {text!r}: {why}")

    def _seat(self, index: int, text: str, words: list[str]) -> int:
        """The seat of a player line's label, or the error."""
        if len(words) < 2:
            raise self.fail(index, text, "expected 'pN ACTION'")
        return self._player(index, text, words[0])

    def _player(self, index: int, text: str, word: str) -> int:
        seat = self.labels.get(word)
        if seat is None:
            raise self.fail(index, text, f"{word!r} is not a player p1..p{len(self.labels)}")
        return seat

    def _amount(self, index: int, text: str, word: str) -> int:
        """A bet that is not whole chips of the file (or a long one), in
        chips times ``scale``: ASCII digits with an optional decimal part."""
        if _AMOUNT.fullmatch(word) is None:
            why = "an amount is ASCII digits (at most 40 each side of the point), as 250 or 2.5"
            raise self.fail(index, text, f"bad amount {word!r}: {why}")
        try:
            return chips(Decimal(word), self.scale, "the amount")
        except HistoryError as err:
            raise self.fail(index, text, f"bad amount {word!r}: {err}") from None

    def _cards(self, index: int, text: str, token: str, draw: bool = False) -> list[int]:
        """New slots for ``token`` (``CardLedger.deal``, else ``deal_any``; a
        draw's replacements ``redeal``), or the error."""
        ledger = self.ledger
        if token == "????" and not draw:  # two hole cards nobody saw (online hands)
            cards = ledger.cards
            cards += _TWO_UNKNOWN
            ledger.unknown = True
            return [len(cards) - 2, len(cards) - 1]
        try:
            return ledger.deal(token) or (
                ledger.redeal(token, self._stub()) if draw else ledger.deal_any(token)
            )
        except ValueError as err:
            raise self.fail(index, text, str(err)) from None

    def _stub(self) -> int:
        """The cards left in the stub: the deck less every new card dealt and burnt."""
        ledger = self.ledger
        burnt = sum(1 for row in self.shape.rows if row[1] and row[0] <= self.at)
        return len(self.game.deck) - (len(ledger.cards) - len(ledger.reused)) - burnt

    def _board(self, index: int, text: str, words: list[str]) -> None:
        """``d db CARDS``; any other dealer line is an error."""
        if len(words) != 3 or words[1] != "db":
            raise self.fail(index, text, "a dealer action is 'd dh pN CARDS' or 'd db CARDS'")
        self.board += self._cards(index, text, words[2])
        self.board_deals += 1
        self._reach(self.shape.board, self.board_deals)

    def _reach(self, streets: list[int], count: int) -> None:
        """The ``count``-th deal of a kind (1-based) reaches ``streets[count - 1]``."""
        if count <= len(streets):
            self.at = max(self.at, streets[count - 1])

    def _show_or_draw(self, index: int, text: str, seat: int, words: list[str]) -> None:
        """``pN sm [CARDS]`` or ``pN sd [CARDS]``; any other player line is an error."""
        kind = words[1]
        if kind == "sm":
            self._show(index, text, seat, words)
        elif kind == "sd" and len(words) in (2, 3):
            self._draw(index, text, seat, words)
        else:
            raise self.fail(index, text, "unknown action")

    def _show(self, index: int, text: str, seat: int, words: list[str]) -> None:
        """``pN sm [CARDS]``: shown cards name the seat's unknown ones; a
        muck, or a show with unknown cards, shows nothing (``declined``),
        except from a seat dealt no cards, whose hand is the board."""
        if len(words) == 3 and words[2] != "-":
            try:
                self.ledger.claim(seat, words[2], drop=False)
            except ValueError as err:
                raise self.fail(index, text, str(err)) from None
        elif len(words) > 3:
            raise self.fail(index, text, "expected 'pN sm [CARDS]'")
        # (a seat dealt no cards, in a game of the board alone, hides nothing;
        # a seat whose dealt cards the file names, answering ``sm ????``, is
        # judged by them: known cards decide a showdown)
        held = self.ledger.held[seat]
        if (len(words) == 2 and held) or (
            len(words) == 3 and "?" in words[2] and not self._known(held, words[2])
        ):
            self.declined.add(seat)
        else:
            self.declined.discard(seat)

    def _known(self, held: list[int], shown: str) -> bool:
        """``sm ????`` (nothing shown, not a muck) from a seat whose dealt
        cards are all named in the file."""
        cards = self.ledger.cards
        return set(shown) == {"?"} and bool(held) and all(cards[x] != UNKNOWN for x in held)

    def _draw(self, index: int, text: str, seat: int, words: list[str]) -> None:
        """``pN sd [CARDS]``: the first of a draw opens it."""
        if not self.shape.draw:
            raise self.fail(index, text, f"{self.game.name} has no draw")
        last, drawers = self.last_kind, self.drawers
        if last not in ("sd", "dh") or not drawers or seat in drawers[-1]:  # a seat draws once
            self.ledger.close_draw()
            drawers.append([])
            self.replacements.append({})
            self._reach(self.shape.draw, len(drawers))
        drawers[-1].append(seat)
        slots: list[int] = []
        if len(words) == 3:
            try:
                slots = self.ledger.claim(seat, words[2], drop=True)
            except ValueError as err:
                raise self.fail(index, text, str(err)) from None
            self.ledger.discarded(seat, slots)
        self.acts.append(("sd", seat, slots, index, self.at))
