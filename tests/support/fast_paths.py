"""The core's fast paths (the unsafe tricks: pooled ranks, refilled
integers, untracked array borrows) switched on or off for a block, and put
back as they were after it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from hoyle._core import _set_fast_paths


@contextmanager
def fast_paths(on: bool) -> Iterator[None]:
    """Run the block with the fast paths ``on`` (or off), then restore them."""
    before = _set_fast_paths(on)
    try:
        yield
    finally:
        _set_fast_paths(before)
