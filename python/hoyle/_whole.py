"""One reading of a whole number given by a caller: chips, seats, seeds,
counts. Every public entry point that takes an integer reads it here, so
they agree on what an integer is."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, TypeGuard

__all__ = ["many", "whole"]

_BOOLS = ("bool", "bool_")  # the names of numpy's bool type (2.x, 1.x)


def whole(value: Any, need: str) -> int:
    """``value`` as a plain ``int``: an ``int``, or an integer type with
    ``__index__`` (numpy's integers). A ``bool``, a float, text or ``None`` is
    a ``TypeError`` whose message starts with ``need`` (what the caller
    wanted, say ``"a seat is an int"``) and names what was given. The range
    is the caller's to check, with its own error class.

    >>> whole(3, "a seat is an int")
    3
    >>> whole(True, "a seat is an int")
    Traceback (most recent call last):
    ...
    TypeError: a seat is an int, got bool True
    """
    if value.__class__ is int:
        return value
    kind = type(value)
    # a bool, numpy's too (``np.bool_``: an index on numpy 1, with a warning)
    if isinstance(value, bool) or kind.__name__ in _BOOLS or not hasattr(kind, "__index__"):
        raise TypeError(f"{need}, got {kind.__name__} {value!r:.40}")
    try:
        return int(operator.index(value))
    except TypeError:  # (a numpy array of more than one value, say)
        raise TypeError(f"{need}, got {type(value).__name__} {value!r:.40}") from None


def many(value: Any) -> TypeGuard[Sequence[Any]]:
    """True when ``value`` holds several values rather than being one: a
    list, a tuple, any ``Sequence`` but text, or a numpy array of one or
    more dimensions (``stacks=np.array([100, 200])`` as a list of ints).

    >>> many([1, 2]), many(3), many("12")
    (True, False, False)
    """
    if isinstance(value, str | bytes):
        return False
    if isinstance(value, Sequence):
        return True
    return getattr(value, "ndim", 0) >= 1 and hasattr(value, "__iter__")
