"""The ``Hand`` an engine-driven environment shows in ``infos``: a real
``TableHand`` that is brought up to date only when someone reads it.

The core engine plays the hand; the ``Hand`` is kept only for the user
(search, tests, pickling). Playing every step on it too would cost as much
as the engine saves, so the environment keeps it *asleep*: its class is
``SleepingHand`` (a subclass of ``TableHand`` with the same slots, so the
class can be swapped either way), and one slot holds a dream: how to
deal the hand (when nothing was dealt yet) and the action indices the
engine took since. The first read of any attribute (a property, a method,
``==``, ``pickle``, ``copy``, ``clone``) goes through
``SleepingHand.__getattribute__``, which deals the hand if needed,
replays the indices (on a second hand, copied in at the end) with
``Actions.apply`` (the same ``Hand`` calls the Python path makes, so the
state is the one the engine reached: tests/env/test_aec_core.py compares
them). From then on the object is a ``ShownHand`` with no overhead,
until the next engine step puts it to sleep again.

``type(hand)`` shows ``SleepingHand`` while asleep (``hand.__class__``,
an attribute read, wakes it and shows ``ShownHand``). Woken, it is a
``hoyle.env._shown.ShownHand``: read-only (its actions raise
``IllegalActionError``), so that no one moves it under the engine; clone
it for search.

Threads: waking and putting to sleep take one lock (``_WAKING``), so
readers in several threads wake a hand once, and a step in another thread
puts it to sleep only after. The moves list is the environment's: the
engine's step appends its index first, then puts a woken hand to sleep
with the same list; a wake plays the moves there and removes those it
played, so a move appended while a wake runs is played by the next one.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hoyle._hand_state import HandState
from hoyle.env._shown import ShownHand
from hoyle.env.seeds import TableHand, deal_keyed

if TYPE_CHECKING:
    from hoyle.env.actions import Actions
    from hoyle.games import Game

__all__ = ["SleepingHand", "asleep", "put_to_sleep"]

_get = object.__getattribute__
_set = object.__setattr__
_new = object.__new__
_SLOTS = HandState.__slots__
_STASH = "_legal"  # the slot that holds the dream while asleep (a cache: restored on waking)


_UNSET: Any = object()  # the stash slot was unset before the hand fell asleep

# A dream (what a sleeping hand needs to wake) is a tuple, for speed: the
# Actions that replay the moves, the list of action indices the engine took
# since it fell asleep, the saved stash slot's value, and the deal as
# (game, stacks, table key, hand number) or None once dealt.


_WAKING = threading.Lock()


def _wake(hand: SleepingHand) -> None:
    """Deals ``hand`` if it was never dealt, then plays the moves it slept
    through. The work is done on a second hand (sharing the lists), copied
    into ``hand`` at the end: until then ``hand`` stays asleep, so a reader
    in another thread waits here rather than reading a half-made hand."""
    with _WAKING:
        if type(hand) is not SleepingHand:
            return  # (woken by another thread meanwhile)
        actions, moves, legal, deal = _get(hand, _STASH)
        if deal is not None:
            work = deal_keyed(*deal)
        else:
            work = _new(TableHand)
            for name in _SLOTS:
                if name != _STASH:
                    with contextlib.suppress(AttributeError):  # (a slot left unset)
                        _set(work, name, _get(hand, name))
            if legal is not _UNSET:
                _set(work, _STASH, legal)
        apply = actions.apply
        played = 0
        while played < len(moves):
            apply(work, moves[played])
            played += 1
        del moves[:played]
        for name in _SLOTS:
            try:
                _set(hand, name, _get(work, name))
            except AttributeError:  # (unset there: unset here)
                with contextlib.suppress(AttributeError):
                    object.__delattr__(hand, name)
        _set(hand, "__class__", ShownHand)


class SleepingHand(TableHand):
    """A ``TableHand`` behind on the engine: any attribute read (or write)
    brings it up to date first and makes it a plain ``TableHand`` again."""

    __slots__ = ()

    def __getattribute__(self, name: str) -> Any:
        _wake(self)
        return _get(self, name)

    def __setattr__(self, name: str, value: Any) -> None:
        _wake(self)
        _set(self, name, value)

    def __delattr__(self, name: str) -> None:
        _wake(self)
        object.__delattr__(self, name)


def asleep(
    game: Game, stacks: Sequence[int], key: int, k: int, actions: Actions
) -> tuple[SleepingHand, list[int]]:
    """Hand ``k`` of the table keyed ``key`` (``seeds.deal_keyed``), not dealt
    yet, and the list to append the engine's action indices to."""
    hand: SleepingHand = _new(SleepingHand)
    moves: list[int] = []
    _set(hand, _STASH, (actions, moves, _UNSET, (game, stacks, key, k)))
    return hand, moves


def put_to_sleep(hand: TableHand, actions: Actions, moves: list[int]) -> None:
    """Puts a woken ``hand`` to sleep again; ``moves`` (the environment's
    list) holds the engine's action indices it has not played."""
    with _WAKING:
        if type(hand) is SleepingHand:
            return
        try:
            legal = _get(hand, _STASH)
        except AttributeError:
            legal = _UNSET
        _set(hand, _STASH, (actions, moves, legal, None))
        _set(hand, "__class__", SleepingHand)
