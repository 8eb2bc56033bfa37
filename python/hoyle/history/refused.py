"""What ``load`` returns: ``Hands``, a list of the hands read, and with
``errors="skip"`` the hands it refused (``RefusedHand``), each with its message.

By default (``errors="raise"``) one hand that hoyle refuses (a site's hand
that does not add up, a game it does not play) refuses its whole file: a
``HistoryError`` names the hand. ``errors="skip"`` reads the other hands
and lists the refused ones in ``Hands.refused``; what makes a whole file
unreadable (not text, no known format, hands of two formats) still raises.

>>> import hoyle, pathlib
>>> text = pathlib.Path(hoyle.history.samples.path("pokerstars-nlhe.txt")).read_text("utf-8-sig")
>>> bad = text.replace("Total pot $1.27", "Total pot $9.99")
>>> hands = hoyle.history.loads(text + "\\n\\n" + bad, errors="skip")
>>> len(hands), [r.line for r in hands.refused]
(1, [42])
>>> print(hands.refused[0].message)  # doctest: +ELLIPSIS
<text> hand #...: the pot does not add up: 'Total pot $9.99 | Rake $0.06' but the bets, ...
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from hoyle.errors import HistoryError

if TYPE_CHECKING:
    from hoyle.history.hand_history import HandHistory

__all__ = ["ERRORS", "Hands", "RefusedHand", "check_errors"]

#: The ``errors`` settings of ``load``.
ERRORS = ("raise", "skip")


class RefusedHand(NamedTuple):
    """A hand ``load(..., errors="skip")`` left out: the ``line`` of the
    file its text starts on (1-based) and the ``message`` of its
    ``HistoryError``."""

    line: int
    message: str


class Hands(list["HandHistory"]):
    """The hands ``load`` read, in file order (a ``list``); ``refused``:
    the hands it left out with ``errors="skip"`` (empty otherwise)."""

    refused: tuple[RefusedHand, ...] = ()


def check_errors(errors: object) -> bool:
    """Whether ``errors`` (``load``'s argument) says to skip refused hands;
    ``HistoryError`` unless it is one of ``ERRORS``."""
    if errors not in ERRORS:
        raise HistoryError(f"errors must be 'raise' or 'skip', got {errors!r:.40}")
    return errors == "skip"
