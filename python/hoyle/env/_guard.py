"""One call at a time on an environment of ``hoyle.env``.

Every environment keeps its state across several objects (the hand, the
agents' dicts, the mask it checked, the engine's table, the arrays); two
steps interleaved by two threads would leave them disagreeing. So each
changing call (``reset``, ``step``, and the reads that fill from a Python
``Hand``) takes the environment's token first, or refuses at once with
``BusyError``: the token is one element in a list, ``_free``, taken with
``list.pop()`` and given back with ``append`` (each one atomic under the
GIL, and together about a tenth of a ``threading.Lock``'s acquire and
release). A refused call changes nothing; the running one goes on.

The inline form, in each guarded method (no call of its own):

    free = self._free
    try:
        free.pop()
    except IndexError:
        raise busy(self) from None
    try:
        ...
    finally:
        free.append(None)

``Guarded`` gives the classes pickling that leaves the token out (a pickle
taken mid-call would otherwise load as busy for ever) and a fresh one on
loading.
"""

from __future__ import annotations

from typing import Any

from hoyle.errors import BusyError

__all__ = ["Guarded", "busy"]


def busy(what: object) -> BusyError:
    """The refusal of a call on ``what`` while another call on it runs."""
    name = type(what).__name__
    return BusyError(
        f"this {name} is in the middle of another call (from another thread, or from "
        f"inside its own step): one call at a time; give each thread its own {name}"
    )


class Guarded:
    """Pickling without the token (see the module); ``_free`` is set by the
    class's ``__init__``."""

    _free: list[None]

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state.pop("_free", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._free = [None]
