"""Whether a game's hands can end: the showdown each deal reaches, asked of
the hand's own scorer when a ``Game`` is made (docs/rules.md §2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle._core import Card
from hoyle._ending import showdown_refusal
from hoyle.errors import GameError

if TYPE_CHECKING:
    from hoyle._plan import Plan
    from hoyle.games.game import Game

__all__ = ["check_showdown"]


def check_showdown(game: Game, plan: Plan) -> None:
    """Refuses a game whose hands could not end (docs/rules.md §2): whose
    seats reach the showdown with cards the hand's own
    scorer (``_ending.showdown_refusal``) refuses: too many or too few for
    its rules (8 cards for a high hand, a 6-card board, Omaha's two without
    three on the board), or a card of the deck its rules do not rank (a
    joker without joker rules, a deuce in short deck). The scorer is asked
    of deals that put every card of the deck in a seat's hand and on the
    board (``_showdown_error``, kept per settings it reads). ``plan`` is
    the game's own."""
    if plan.max_seats < plan.min_seats:
        return  # deals to no table: ``start`` refuses every seat count, saying why
    board = sum(s.board for s in game.streets)
    key = (game.rules, game.high, game.split, game.rake, plan.per_seat, board, game.deck)
    problem = _SHOWDOWNS.get(key, _showdown_error)
    if problem is _showdown_error:
        if len(_SHOWDOWNS) >= 256:
            _SHOWDOWNS.clear()
        problem = _SHOWDOWNS[key] = _showdown_error(plan, plan.per_seat, board)
    if problem is not None:
        raise GameError(f"{game.name} could never end a hand: {problem}")


# what the scorer said of a game's settings (what ``Ending._finish`` reads of
# a plan, and the deal's shape): games are made again and again (``with_``,
# unpickling, presets), the scorer asked once
_SHOWDOWNS: dict[tuple[Any, ...], Any] = {}


def _showdown_error(plan: Plan, per_seat: int, board: int) -> str | None:
    """Why the hand's scorer refuses some showdown of ``plan``'s games, or
    None. Two seats show down in each deal; the deals go round the deck
    twice, hands first, then the board first."""
    deck = plan.deck
    size = 2 * per_seat + board
    ring = list(deck) * 2
    for board_first in (False, True):
        for start in range(0, max(len(deck), 1), max(size, 1)):  # (no cards: one deal)
            cards = ring[start : start + size]
            shared = cards[:board] if board_first else cards[size - board :]
            held = cards[board:] if board_first else cards[: size - board]
            hands = [held[:per_seat], held[per_seat:]]
            err = showdown_refusal(plan, hands, shared)
            if err is not None:
                names = " ".join(str(Card(c)) for c in cards)
                return (
                    f"a seat shows down {per_seat} cards with {board} on the board, which "
                    f"its rules cannot rank (a showdown of {names}): {err}"
                )
    return None
