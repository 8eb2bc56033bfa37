"""The fixed opponents of ``VectorTables(..., bots={seat: bot})``: the
argument read and checked, and the Python side's play of them.

A bot is a name of ``hoyle.bots.BOTS`` or a callable ``bot(hand, rng)``.
The names in ``CORE_BOTS`` (``"station"``, ``"random"``) have a twin in the
core's table engine (``src-rust/table/bots.rs``), which plays them inside a
step; any other bot is played on the Python side, on a ``Hand`` per table
(the Python backend). There the names are ``hoyle.bots``' functions (trusted)
and a user's callable is checked at each move as ``hoyle.simulate`` checks
it (``BotError``); its ``rng`` is ``random.Random(hand_seed(seed, i, k))``,
seeded again at every hand, as ``SingleAgentEnv``'s.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from hoyle._user_bots import act_checked
from hoyle.bots import BOTS, Bot
from hoyle.errors import GameError
from hoyle.hand import Hand

__all__ = ["CORE_BOTS", "Seated", "last_learner", "play_bots", "seat_bots"]

CORE_BOTS = ("station", "random")


class Seated(NamedTuple):
    """Per seat: the bot (None: a learning seat), its core name (None: not a
    core bot, or a learning seat) and, for a user's bot, the label its
    errors name (None for a built-in one)."""

    bots: tuple[Bot | None, ...]
    core: tuple[str | None, ...]
    labels: tuple[str | None, ...]

    @property
    def any(self) -> bool:
        """Some seat has a bot."""
        return any(b is not None for b in self.bots)

    @property
    def in_core(self) -> bool:
        """Every bot is one the core plays."""
        return all((b is None) == (c is None) for b, c in zip(self.bots, self.core, strict=True))

    @property
    def learners(self) -> tuple[int, ...]:
        """The learning seats, in order."""
        return tuple(s for s, b in enumerate(self.bots) if b is None)


def seat_bots(bots: Any, seats: int) -> Seated:
    """``bots`` (None, or a mapping ``{seat: name or callable}``) checked
    against ``seats`` (``GameError`` says what is wrong)."""
    none: tuple[None, ...] = (None,) * seats
    if bots is None:
        return Seated(none, none, none)
    if not isinstance(bots, Mapping):
        raise GameError(
            f"bots is a dict {{seat: bot}} (a bot: a name of hoyle.bots or a callable"
            f" bot(hand, rng)), got {type(bots).__name__}"
        )
    played: list[Bot | None] = list(none)
    core: list[str | None] = list(none)
    labels: list[str | None] = list(none)
    for seat, given in bots.items():
        if seat.__class__ is not int or not 0 <= seat < seats:
            raise GameError(f"bots: a seat is an int of 0..{seats - 1}, got {seat!r:.40}")
        if isinstance(given, str):
            if given not in BOTS:
                raise GameError(f"bots: unknown bot {given!r:.40}: one of {', '.join(BOTS)}")
            played[seat] = BOTS[given]
            core[seat] = given if given in CORE_BOTS else None
        elif callable(given):
            played[seat] = given
            labels[seat] = getattr(given, "__name__", type(given).__name__)
        else:
            raise GameError(
                f"bots: a bot is a name of hoyle.bots or a callable bot(hand, rng),"
                f" got {given!r:.40} for seat {seat}"
            )
    if all(b is not None for b in played):
        raise GameError(f"bots fill all {seats} seats: at least one seat must be left to learn")
    return Seated(tuple(played), tuple(core), tuple(labels))


def play_bots(seated: Seated, hand: Hand, rng: random.Random) -> None:
    """The bots play ``hand`` to a learning seat's turn or the end."""
    bots, labels = seated.bots, seated.labels
    while True:
        p = hand.actor
        if p is None:
            return
        bot = bots[p]
        if bot is None:
            return
        label = labels[p]
        if label is not None:  # a user's bot: checked as simulate checks it
            act_checked(p, label, bot, hand, rng)
        else:
            before = len(hand.history)
            bot(hand, rng)
            if len(hand.history) == before:  # pragma: no cover - the built-in bots always act
                raise GameError(f"the bot of seat {p} made no action")


def last_learner(seated: Seated, seats: Sequence[int]) -> int:
    """The seat whose view a finished hand shows: the last of ``seats``
    (the seats of the hand's records, in order) that learns, else the
    first learning seat."""
    bots = seated.bots
    for s in reversed(seats):
        if bots[s] is None:
            return s
    return seated.learners[0]
