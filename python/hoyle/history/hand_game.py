"""``hand_game``: the game a hand history is played under, for ``n`` seats
(read by the general path's plan and by the native replay alike)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hoyle.errors import HistoryError, HoyleError
from hoyle.games import Game
from hoyle.history.extension import game_of_extension
from hoyle.history.shape import DealShape
from hoyle.history.stakes import stakes_game

if TYPE_CHECKING:
    from hoyle.history.hand_history import HandHistory

__all__ = ["hand_game"]


def hand_game(history: HandHistory, n: int) -> tuple[Game, DealShape]:
    """The game of ``history`` for ``n`` seats and its shape: the
    ``_hoyle_game`` extension, else the variant and stakes fields."""
    extension = history.fields.get("_hoyle_game")
    if extension is None:
        variant = history.variant
        scale = history.scale
    elif not isinstance(extension, dict):
        raise HistoryError(
            f"{history.where}: _hoyle_game must be a table of Game settings "
            f"(as Game.to_dict writes), got {type(extension).__name__}"
        )
    elif history.scale != 1:
        raise HistoryError(f"{history.where}: a _hoyle_game hand must use whole chips")
    try:
        if extension is None:
            return stakes_game(history.fields, variant, scale, n)
        game = game_of_extension(extension)
        return game, DealShape(game)
    except HoyleError as err:  # these name no file
        raise HistoryError(f"{history.where}: {err}") from None
