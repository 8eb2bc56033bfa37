"""PokerStars text read in the core (``hoyle._core._read_pokerstars``): the
common shapes of cash and tournament hold'em and Omaha, read into the same
PHH fields as ``pokerstars.read_hand`` writes, without a Python object per
line. The Python reader stays the reference: every hand the core is not
sure of (any hand the Python reader refuses, and shapes the core does not
model) is read by it, from the same lines, so the fast path gives the same
``HandHistory`` objects, the same refusals and the same messages; a text
the core cannot split exactly as ``read_site`` does (odd line breaks, a BOM
inside it, an overlong line, a line that may open another format's hand) is read wholly in
Python. ``ENABLED = False`` turns the fast path off (the tests compare both).

For ``loads`` (``checking``), unless ``HOYLE_NATIVE_REPLAY=0``
(``hoyle.history.native.enabled``), the core also replays each hand it
reads on its game's table engine (``engine_for`` makes it from the stakes,
as ``native.engine_of`` does) and checks each player's net against the
file's lines (``src-rust/sites/check.rs``): a hand it finds right is
``checked``, and ``loads`` need not replay it again in Python; any other
is replayed and checked by ``sites.check``, the reference, which words
the error.

>>> from hoyle.history.sites import native
>>> native.read_pokerstars("not a hand", "<text>", None) is None
True
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from hoyle._core import _PhhEngine, _read_pokerstars
from hoyle.errors import HistoryError, HoyleError
from hoyle.history.native import enabled as replay_in_core
from hoyle.history.native import engine_of
from hoyle.history.sites import pokerstars
from hoyle.history.sites.common import SiteHand
from hoyle.history.stakes import stakes_game

__all__ = ["ENABLED", "NativeHand", "read_pokerstars"]

#: Whether ``read_site`` reads PokerStars text in the core first.
ENABLED = True


class NativeHand:
    """A hand the core read: its PHH fields and each player's net by the
    file's lines, as ``SiteHand.fields()`` and ``SiteHand.nets()`` give them,
    the fields' ``scale`` (``stakes.scale_of``'s, which ``loads`` then
    need not work out), and ``checked``: the core replayed it and found
    ``sites.check``'s nets."""

    __slots__ = ("_fields", "_nets", "checked", "extra", "scale")

    def __init__(
        self, fields: dict[str, Any], nets: list[Decimal], scale: int, checked: bool = False
    ) -> None:
        self._fields = fields
        self._nets = nets
        self.scale = scale
        self.checked = checked
        self.extra = fields  # (``hand``, the hand's number, is among them)

    def fields(self) -> dict[str, Any]:
        return self._fields

    def nets(self) -> list[Decimal]:
        return self._nets


def read_pokerstars(
    text: str, where: str, refused: list[tuple[int, str]] | None, *, checking: bool = False
) -> list[tuple[int, SiteHand | NativeHand]] | None:
    """``read_site`` for PokerStars ``text``, the core reading what it can
    (and, ``checking``, replaying and checking each hand it reads); None
    when the whole text is for the Python reader."""
    if not ENABLED:
        return None
    items = _read_pokerstars(text, engine_for if checking and replay_in_core() else None)
    if items is None:
        return None
    lines: list[str] | None = None
    out: list[tuple[int, SiteHand | NativeHand]] = []
    for line, first, second, scale, checked in items:
        if first.__class__ is dict:
            out.append((line, NativeHand(first, second, scale, checked)))
            continue
        if lines is None:
            lines = text.lstrip("\ufeff").splitlines()
        numbers = [k + 1 for k in range(first, second) if lines[k].strip()]
        try:
            out.append(
                (line, pokerstars.read_hand([lines[k - 1] for k in numbers], numbers, where))
            )
        except HistoryError as err:
            if refused is None:
                raise
            refused.append((line, str(err)))
    return out


def engine_for(
    variant: str,
    antes: list[Any],
    blinds: list[Any],
    small_bet: Any,
    big_bet: Any,
    min_bet: Any,
    scale: int,
    n: int,
) -> _PhhEngine | None:
    """The table engine of the game these fields make for ``n`` seats (as
    ``HandHistory.replay`` finds it: ``stakes_game``, ``native.engine_of``),
    or None (the engine does not play it, or the stakes are refused: the
    reference says why). The core keeps it by these values."""
    fields = {
        "antes": antes,
        "blinds_or_straddles": blinds,
        "small_bet": small_bet,
        "big_bet": big_bet,
        "min_bet": min_bet,
    }
    try:
        game, _ = stakes_game(fields, variant, scale, n)
    except HoyleError:
        return None
    return engine_of(game, n)
