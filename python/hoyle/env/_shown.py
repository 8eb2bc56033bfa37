"""The hand an environment shows (``infos[agent]["hand"]``, ``env.hand``,
``info["hand"]``): the environment's own hand, read-only to everyone else.

An environment hands out the very ``Hand`` it plays (a copy per step would
cost as much as the step), so acting on it would move the table under the
environment: the seat the environment thinks is to act, its cached mask
and, on the core engine, the moves it replays would no longer agree with
the hand. A ``ShownHand`` is that hand with its class swapped: every read
(properties, ``legal``, ``history``, ``==``, ``render``) works as on any
``Hand``, and every action (``fold``, ``check``, ``call``, ``bring_in``,
``raise_to``, ``draw``) raises ``IllegalActionError`` and changes nothing.
Every copy is the copier's: ``clone()``, ``copy.copy``, ``copy.deepcopy``
and ``pickle`` give a plain ``TableHand`` to act on (search, rollouts); an
environment copied or unpickled whole shows its own hand again
(``as_shown``, in its ``__setstate__``).

The environment itself acts on it with its class swapped back to
``TableHand`` for the step and to ``ShownHand`` after (two
``object.__setattr__`` of ``__class__``, no Python call of its own), so
the step path pays nothing else. ``ShownHand`` adds no field
(``__slots__ = ()``), so the class swaps either way with ``TableHand`` and
``_lazy.SleepingHand``.
"""

from __future__ import annotations

from typing import Any

from hoyle.env.seeds import TableHand
from hoyle.errors import IllegalActionError

__all__ = ["ShownHand", "as_shown"]

_set = object.__setattr__


def _refused(what: str) -> IllegalActionError:
    return IllegalActionError(
        f"cannot {what} on the environment's own hand (infos['hand'], env.hand): acting on it "
        "would move the table under the environment; step the environment, or act on a clone()"
    )


class ShownHand(TableHand):
    """An environment's hand as others see it (see the module): reads work,
    actions raise ``IllegalActionError``; ``clone()`` is a plain ``TableHand``."""

    __slots__ = ()

    def fold(self, *, seat: int | None = None) -> None:
        raise _refused("fold")

    def check(self, *, seat: int | None = None) -> None:
        raise _refused("check")

    def call(self, *, seat: int | None = None) -> None:
        raise _refused("call")

    def bring_in(self, *, seat: int | None = None) -> None:
        raise _refused("bring in")

    def raise_to(self, total: int, *, seat: int | None = None) -> None:
        raise _refused("raise")

    def draw(self, discards: Any = (), *, seat: int | None = None) -> None:
        raise _refused("draw")

    def clone(self) -> TableHand:  # type: ignore[override]
        """An independent copy to act on: a plain ``TableHand``."""
        copy = TableHand.clone(self)
        _set(copy, "__class__", TableHand)
        return copy

    def __copy__(self) -> TableHand:  # type: ignore[override]
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> TableHand:  # type: ignore[override]
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        return self.clone().__reduce__()  # (a plain hand, checked on loading)


def as_shown(hand: Any) -> None:
    """An environment's ``hand`` (a ``TableHand`` after a copy or a pickle;
    None before a deal) shown again, read-only."""
    if hand is not None and type(hand) is TableHand:
        _set(hand, "__class__", ShownHand)
