"""The one per-decision fill every environment of ``hoyle.env`` calls:
``fill(layout, actions, hand, me, obs, mask)`` writes seat ``me``'s
observation of ``hand`` into the float32 row ``obs`` and the mask of the
seat to act into the bool row ``mask``.

This is the Python reference (``Layout.encode`` and ``Actions.mask``); the
core's encoder (``hoyle.env._observe.observe``, the same signature) takes
its place where the core has it, and must equal it on every state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from hoyle.env.actions import Actions
    from hoyle.env.layout import Layout
    from hoyle.hand import Hand

__all__ = ["fill"]


def fill(
    layout: Layout,
    actions: Actions,
    hand: Hand,
    me: int,
    obs: npt.NDArray[np.float32],
    mask: npt.NDArray[np.bool_],
) -> None:
    """Seat ``me``'s observation into ``obs``, the actor's mask into ``mask``."""
    layout.encode(hand, me, obs)
    actions.mask(hand, mask)
