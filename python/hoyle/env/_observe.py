"""The core's per-decision fill: ``observe(layout, actions, hand, me, obs,
mask)`` writes seat ``me``'s observation of ``hand`` into the float32 row
``obs`` and the mask of the seat to act into the bool row ``mask``, in one
call into the core (``hoyle._core._observe``, the encoder and mask of
``src-rust/env``, the same ones the core's table engine runs).

It equals the Python reference (``Layout.encode`` and ``Actions.mask``, which
``hoyle.env._fill`` falls back on) bit for bit on every hand. What is fixed
for a layout and an abstraction (the deck, the sizes) is handed to the core
once, as an ``_Observer``, kept per (layout, actions) pair.

>>> import numpy as np
>>> import hoyle
>>> from hoyle.env import Actions, Layout
>>> game = hoyle.games.texas_holdem()
>>> layout, actions = Layout(game, 3), Actions()
>>> hand = game.start([200] * 3, seed=1)
>>> obs = np.zeros(layout.size, dtype=np.float32)
>>> mask = np.zeros(actions.size(game), dtype=np.bool_)
>>> observe(layout, actions, hand, 1, obs, mask)
>>> mask.astype(int).tolist()
[1, 1, 1, 0, 1, 1]
>>> bool((obs == layout.encode(hand, 1)).all())
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from hoyle._core import _observe, _Observer

if TYPE_CHECKING:
    from hoyle.env.actions import Actions
    from hoyle.env.layout import Layout
    from hoyle.games import Game
    from hoyle.hand import Hand

__all__ = ["observe", "observer"]

_KEEP = 64  # observers kept at once (a run uses one or two)
# (id(layout), id(actions)) -> the pair itself (so the ids stay theirs) and its observer
_observers: dict[tuple[int, int], tuple[Layout, Actions, _Observer]] = {}
# the last pair observed, its game and its observer: the usual call looks up nothing
_last: list[tuple[Layout, Actions, Game, _Observer] | None] = [None]


def observer(layout: Layout, actions: Actions) -> _Observer:
    """The core's ``_Observer`` for ``layout`` and ``actions`` (made once per
    pair, kept while in use)."""
    key = (id(layout), id(actions))
    entry = _observers.get(key)
    if entry is None or entry[0] is not layout or entry[1] is not actions:
        game = layout.game
        made = _Observer(
            layout.deck,
            layout.seats,
            layout.streets,
            layout.window,
            layout.has_up,
            layout.unit,
            actions,
            actions.draw_cards(game),
        )
        if len(_observers) >= _KEEP:
            _observers.clear()
        entry = _observers[key] = (layout, actions, made)
    return entry[2]


def observe(
    layout: Layout,
    actions: Actions,
    hand: Hand,
    me: int,
    obs: npt.NDArray[np.float32],
    mask: npt.NDArray[np.bool_],
) -> None:
    """Seat ``me``'s observation into ``obs``, the actor's mask into ``mask``
    (``hoyle.env._fill.fill``'s contract, by the core, which reads the hand
    through ``hoyle._hand_view.view`` and refuses a hand of another game)."""
    last = _last[0]
    if last is None or last[0] is not layout or last[1] is not actions:
        last = _last[0] = (layout, actions, layout.game, observer(layout, actions))
    _observe(last[3], hand, me, obs, mask, last[2])
