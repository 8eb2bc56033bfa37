"""What every environment of ``hoyle.env`` reads from its arguments: the
game (default: no-limit hold'em, blinds 1/2), the seats, the stacks
(default: 100 big blinds each), the abstraction and the layout."""

from __future__ import annotations

from typing import Any, NamedTuple

from hoyle._whole import many
from hoyle.betting import MAX_CHIPS, chip_count
from hoyle.env.actions import Actions
from hoyle.env.layout import Layout, unit
from hoyle.errors import GameError
from hoyle.games import Game, texas_holdem

__all__ = ["DEFAULT_BIG_BLINDS", "Setup", "setup"]

DEFAULT_BIG_BLINDS = 100


class Setup(NamedTuple):
    game: Game
    seats: int
    stacks: tuple[int, ...]
    actions: Actions
    layout: Layout


def _stacks(game: Game, seats: int, stacks: Any) -> tuple[int, ...]:
    if stacks is None:
        return (DEFAULT_BIG_BLINDS * unit(game),) * seats
    if many(stacks):  # a sequence of ints, a numpy array too
        if len(stacks) != seats:
            raise GameError(f"stacks holds one stack per seat: {seats}, got {len(stacks)}")
        return tuple(chip_count(f"stacks[{i}]", s, least=1) for i, s in enumerate(stacks))
    return (chip_count("stacks", stacks, least=1),) * seats


def setup(
    game: Game | None, seats: Any, stacks: Any, actions: Actions | None, window: Any
) -> Setup:
    """The checked settings of an environment (``GameError`` says what is wrong)."""
    if game is None:
        game = texas_holdem()
    if not isinstance(game, Game):
        raise GameError(f"game must be a hoyle Game, got {type(game).__name__}")
    actions = Actions() if actions is None else actions
    if not isinstance(actions, Actions):
        raise GameError(f"actions must be hoyle.env.Actions, got {type(actions).__name__}")
    if game.has_draw and not actions.discards:
        raise GameError(f"{game.name} has a draw: its actions need discards=True")
    if game.first_must_bet and not (actions.min_raise or actions.all_in):
        raise GameError(
            f"in {game.name} the first bettor must bet: its actions need min_raise or all_in"
        )
    layout = Layout(game, seats, window=window)  # checks seats and window
    stack = _stacks(game, layout.seats, stacks)
    if sum(stack) > MAX_CHIPS:
        raise GameError("the stacks of a table add up to at most 2**64 - 1 chips")
    actions.size(game)  # refuses a draw game dealing too many cards
    return Setup(game, layout.seats, stack, actions, layout)
