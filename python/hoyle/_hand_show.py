"""How a ``Hand`` shows itself: ``repr`` (the game, street, board, each
seat's cards and stack), ``str`` (one line a seat), ``_repr_html_``
(Jupyter) and ``__rich__`` (a terminal, by the rich library), and its
cards as ``Card``s (``hole_cards``, ``board_cards``).

``Hand.hole(seat)`` and ``Hand.board`` give card ids (ints), not
``Card``s, on purpose: bots, environments and the fast paths read them on
every decision, and a tuple of small ints costs nothing to make, compares
and hashes as fast as anything in Python, and goes straight to
``hoyle.evaluate``, ``hoyle.rank`` and numpy. ``hole_cards`` and
``board_cards`` are the same cards as ``Card``s, for reading and printing.

A mixin of ``Hand`` that reads the hand through its public reads only,
never a private field (``hoyle._display.table`` draws it).

>>> import hoyle
>>> hand = hoyle.games.texas_holdem(blinds=(1, 2)).start([200, 200], seed=3)
>>> hand.hole(0), hand.hole_cards(0)
((28, 32), (Card('9c'), Card('Tc')))
>>> hand.call(); hand.check()
>>> hand.board_cards
(Card('Th'), Card('4c'), Card('3h'))
>>> hand
<Hand texas_holdem flop, board Th4c3h, seats [9cTc 198, 5c7c 198], pot 4, seat 1 to act>
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from hoyle._core import Card
from hoyle._display import table

if TYPE_CHECKING:
    from rich.console import Group

    from hoyle.hand import Hand

__all__ = ["Shown"]


class Shown:
    """The display of a ``Hand`` and its cards as ``Card``s."""

    __slots__ = ()

    def _hand(self) -> Hand:
        return cast("Hand", self)

    def hole_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards a seat holds as ``Card``s (``hole(seat)`` gives the
        same as card ids, the fast form bots read)."""
        return tuple(Card(c) for c in self._hand().hole(seat))

    @property
    def board_cards(self) -> tuple[Card, ...]:
        """The community cards as ``Card``s (``board`` gives card ids)."""
        return tuple(Card(c) for c in self._hand().board)

    def __repr__(self) -> str:
        return table.hand_repr(self._hand())

    def __str__(self) -> str:
        return table.hand_text(self._hand())

    def _repr_html_(self) -> str:
        """The hand as HTML, for Jupyter: the board, each seat's cards,
        stack, bet and chips in the pot, whose turn it is, the settlement."""
        return table.hand_html(self._hand())

    def __rich__(self) -> Group:
        """The hand for the rich library's terminals."""
        return table.hand_rich(self._hand())
