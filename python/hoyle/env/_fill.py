"""The one per-decision fill every environment of ``hoyle.env`` calls:
``fill(layout, actions, hand, me, obs, mask)`` writes seat ``me``'s
observation of ``hand`` into the float32 row ``obs`` and the mask of the
seat to act into the bool row ``mask``.

``fill`` is the core's (``hoyle.env._observe.observe``: one call into
``src-rust/env``, the encoder and mask the table engine runs too);
``reference`` is the Python reference (``Layout.encode`` and
``Actions.mask``), the oracle the core equals bit for bit
(tests/env/test_observe.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from hoyle.env._observe import observe as fill

if TYPE_CHECKING:
    from hoyle.env.actions import Actions
    from hoyle.env.layout import Layout
    from hoyle.hand import Hand

__all__ = ["fill", "reference"]


def reference(
    layout: Layout,
    actions: Actions,
    hand: Hand,
    me: int,
    obs: npt.NDArray[np.float32],
    mask: npt.NDArray[np.bool_],
) -> None:
    """Seat ``me``'s observation into ``obs``, the actor's mask into ``mask``
    (the Python reference)."""
    layout.encode(hand, me, obs)
    actions.mask(hand, mask)
