"""One reading of a whole number given by a caller: chips, seats, seeds,
counts. Every public entry point that takes an integer reads it here, so
they agree on what an integer is."""

from __future__ import annotations

import operator
from typing import Any

__all__ = ["whole"]


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
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(f"{need}, got {type(value).__name__} {value!r:.40}")
    return int(operator.index(value))
