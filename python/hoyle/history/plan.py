"""``ReplayPlan``: everything ``replay`` needs, worked out once per history."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

from hoyle.errors import HistoryError
from hoyle.games import Game
from hoyle.history.cards import UNKNOWN
from hoyle.history.deal import ActionReader, PlayerAction

__all__ = ["ReplayPlan"]


@dataclass(slots=True)
class ReplayPlan:
    """The game, the stacks and button by hoyle seat, each ``pK``'s seat
    (``seat_of``), the deck in hoyle's dealing order, the player actions
    (a draw's discards as card ids), each seat's final cards as dealt, and
    the discards reshuffled when a draw empties the stub (docs/rules.md §9):
    the action line of the draw that reshuffles -> the pile in the order
    it is dealt again. ``hidden``: the seats some of whose final cards the
    file never names (``??`` no ``sm`` shows), or whose last ``sm`` shows
    no cards (a muck, or ``sm ????``), and ``board_hidden``: a board
    card it never names; the replay plays them with placeholder cards, which
    never decide a pot (``Replay.settle_unseen``)."""

    game: Game
    stacks: list[int]
    button: int
    seat_of: tuple[int, ...]
    deck: list[int]
    acts: list[PlayerAction]
    final: list[tuple[int, ...]]
    reshuffles: dict[int, list[int]]
    hidden: tuple[int, ...] = ()
    board_hidden: bool = False

    @classmethod
    def build(
        cls,
        reader: ActionReader,
        *,
        stacks: list[int],
        button: int,
        seat_of: tuple[int, ...],
        order: tuple[int, ...],
    ) -> ReplayPlan:
        """The plan of a history whose actions ``reader`` has read; ``order``
        is the seats in dealing order."""
        game, shape, ledger = reader.game, reader.shape, reader.ledger
        up_slots = (
            ledger.unknown_up_slots(reader.batches, [game.streets[k] for k in shape.deal])
            if ledger.unknown
            else []
        )
        hidden: tuple[int, ...] = tuple(sorted(reader.declined))
        board_hidden = False
        if ledger.unknown:  # before the placeholders go in
            named = ledger.cards.__getitem__  # (map and ``in``: C loops)
            declined = reader.declined
            hidden = tuple(
                s
                for s, held in enumerate(ledger.held)
                if s in declined or UNKNOWN in map(named, held)
            )
            board_hidden = UNKNOWN in map(named, reader.board)
        try:
            pool = ledger.fill_unknown(game, up_slots)
        except ValueError as err:
            raise HistoryError(f"{reader.where}: {err}") from None
        deck = _deck(reader, pool, order, seat_of)
        cards = ledger.cards
        acts = reader.acts
        if shape.draw:  # only a draw (sd) names cards
            acts = [
                (kind, seat, [cards[x] for x in arg] if kind == "sd" else arg, index, street)
                for kind, seat, arg, index, street in acts
            ]
        card_of = cards.__getitem__
        final = [tuple(map(card_of, h)) for h in ledger.held]  # as dealt
        reshuffles = _reshuffles(reader) if ledger.reused else {}
        return cls(
            game, stacks, button, seat_of, deck, acts, final, reshuffles, hidden, board_hidden
        )


def _deck(
    reader: ActionReader, pool: Iterator[int], order: tuple[int, ...], seat_of: tuple[int, ...]
) -> list[int]:
    """The cards in hoyle's dealing order, street by street (burn, the
    seats' cards one round at a time, the board, the draws' replacements),
    then from ``pool`` as many as a deal to these seats takes."""
    game, cards, board = reader.game, reader.ledger.cards, reader.board
    batches, drawers, replacements = reader.batches, reader.drawers, reader.replacements
    deck: list[int] = []
    card_of = cards.__getitem__
    board_at = 0
    for k, burn, per, j, board_cards, draw_j in reader.shape.rows:
        if burn:
            deck.extend(islice(pool, 1))
        if j >= 0:
            batch = batches[j] if j < len(batches) else {}
            dealt = [batch[s] for s in order if s in batch]
            for got in dealt if set(map(len, dealt)) - {per} else ():
                if len(got) != per:
                    s = next(s for s in order if batch.get(s) is got)
                    raise HistoryError(
                        f"{reader.where}: p{seat_of.index(s) + 1} is dealt {len(got)} cards "
                        f"on street {k + 1}; {game.name} deals {per}"
                    )
            for one_round in zip(*dealt, strict=True):  # a card to each seat a round
                deck += map(card_of, one_round)
        if board_cards and board_at < len(board):
            take = board[board_at : board_at + board_cards]
            deck += map(card_of, take)
            board_at += len(take)
        if 0 <= draw_j < len(drawers):
            reused = reader.ledger.reused  # those come from a reshuffle, not the deck
            for s in drawers[draw_j]:
                deck.extend(cards[x] for x in replacements[draw_j].get(s, ()) if x not in reused)
    if board_at < len(board):
        raise HistoryError(f"{reader.where}: {len(board)} board cards; {game.name} deals fewer")
    deck.extend(islice(pool, max(0, game.cards_needed(len(seat_of)) - len(deck))))
    return deck


def _reshuffles(reader: ActionReader) -> dict[int, list[int]]:
    """For each reshuffle of the discards: the action line of the draw it
    happens in -> the pile in the order the file deals it again (the cards it
    never deals last)."""
    ledger, drawers, replacements = reader.ledger, reader.drawers, reader.replacements
    cards, reused = ledger.cards, ledger.reused
    fresh = len(cards) - len(reused) + sum(1 for row in reader.shape.rows if row[1])
    if fresh > len(reader.game.deck):
        raise HistoryError(
            f"{reader.where}: a new card is dealt after the stub was empty "
            f"({fresh} cards from a deck of {len(reader.game.deck)})"
        )
    lines = [index for kind, _, _, index, _ in reader.acts if kind == "sd"]
    seats = [(j, s) for j, round_ in enumerate(drawers) for s in round_]
    line_of = dict(zip(seats, lines, strict=False))
    firsts = [first for first, _ in ledger.reshuffles]
    orders: list[list[int]] = [[] for _ in firsts]
    trigger: dict[int, int] = {}
    for j, round_ in enumerate(drawers):
        for s in round_:
            for x in replacements[j].get(s, ()):
                if x in reused:
                    e = bisect_right(firsts, x) - 1
                    orders[e].append(cards[x])
                    if x == firsts[e]:
                        trigger[e] = line_of[(j, s)]
    out = {}
    for e, (_, pile) in enumerate(ledger.reshuffles):
        if e in trigger:
            dealt = set(orders[e])
            out[trigger[e]] = orders[e] + [c for c in pile if c not in dealt]
    return out
