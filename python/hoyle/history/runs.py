"""A board run more than once (run it twice): the ``_hoyle_runouts`` field.

When every player left is all in (or the betting is over) before the
board is out, sites let the players deal the rest of it twice (PokerStars'
``*** FIRST FLOP ***``, ``*** SECOND FLOP ***``... and ``*** FIRST SHOW
DOWN ***``). PHH has no field for several boards, so a hand history writes
the first run as its actions (``d db`` lines, and that showdown's ``sm``
lines) and each later run's whole board under hoyle's user field::

    _hoyle_runouts = ["3dKd9h8hKc"]

(the same cards as the first run's up to where the betting ended, new
cards after). A reader that does not know the field replays the first run
alone. hoyle's replay plays the hand as recorded, then settles each run on
its board and shares each pot out (the hand's hook ``_ending.run_again``):
the room's rake comes out of the pots first (the main pot first), then
each pot is cut in as many equal parts as there are runs, the odd chips one
each to the first runs, and each part is divided among that run's winners
of the pot as the engine divides a pot (docs/rules.md §4). ``Hand.board``
is the first run's board; ``boards(hand)`` gives every run's.

>>> import hoyle
>>> [h] = hoyle.history.load('''
... variant = "NT"
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [51, 51]
... actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 51", "p1 cc",
...            "d db 2c3d9h", "d db Ts", "d db Js"]
... _hoyle_runouts = ["Kh4d5sQhQs"]
... ''')
>>> hand = h.replay()
>>> hand.stacks  # p1's aces win the first run, p2's kings the second; 102 chips, 51 each
(51, 51)
>>> [hoyle.history.cards.card_text(b) for b in hoyle.history.runs.boards(hand)]
['2c3d9hTsJs', 'Kh4d5sQhQs']
"""

from __future__ import annotations

from typing import Any

from hoyle._ending import run_again, runouts
from hoyle.errors import HistoryError, HoyleError
from hoyle.hand import Hand
from hoyle.history.cards import CARD, CardLedger

__all__ = ["FIELD", "boards", "read_runouts", "settle_runs"]

#: The user field of the later runs' boards.
FIELD = "_hoyle_runouts"
_MOST = 16  # later runs at most (a 52-card deck deals no more flops)


def read_runouts(value: Any, ledger: CardLedger, where: str) -> tuple[tuple[int, ...], ...]:
    """The later runs' boards of a ``_hoyle_runouts`` field (None: the
    board was run once), as card ids; their cards are marked named in the
    file's ``ledger`` (read before the placeholders are given out), so that
    no placeholder for an unknown card takes one.
    ``HistoryError`` says what is wrong with the field."""
    if value is None:
        return ()
    if not isinstance(value, list) or not 0 < len(value) <= _MOST:
        raise HistoryError(
            f"{where}: {FIELD} must be a list of 1..{_MOST} boards (card text such as "
            f"'3dKd9h8hKc'), got {value!r:.80}"
        )
    out = []
    for text in value:
        ids = None
        if isinstance(text, str) and len(text) % 2 == 0:
            ids = tuple(CARD.get(text[k : k + 2], -1) for k in range(0, len(text), 2))
        if not ids or -1 in ids:
            raise HistoryError(f"{where}: {FIELD}: {text!r:.80} is not a board (card text)")
        out.append(ids)
    for ids in out:
        ledger.known.update(ids)
    return tuple(out)


def settle_runs(hand: Hand, value: Any, where: str) -> None:
    """A finished ``hand`` settled on its own board and each board of the
    ``_hoyle_runouts`` field ``value`` (through the hand's hook
    ``_ending.run_again``; nothing for None or a hand not over);
    ``HistoryError`` when they cannot be the runs of this hand."""
    if value is None or not hand.is_over:
        return
    boards = read_runouts(value, CardLedger(0), where)
    try:
        run_again(hand, boards)
    except HoyleError as err:
        raise HistoryError(f"{where}: {FIELD}: {err}") from None


def boards(hand: Hand) -> tuple[tuple[int, ...], ...]:
    """Every board of a finished ``hand``, the first run's (``hand.board``)
    first: one board unless a hand history ran it more than once."""
    return (tuple(hand.board), *runouts(hand))
