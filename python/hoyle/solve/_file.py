"""A solution's file: a header (magic, format version, lengths), the spot's
arguments as JSON, the core's state, and a SHA-256 of all that. Checked whole
on load; a bad file is a ``SolveError`` and nothing is changed."""

from __future__ import annotations

import hashlib
import json
import os
import struct
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hoyle.errors import HoyleError, SolveError

if TYPE_CHECKING:
    from hoyle._core import Solver

__all__ = ["FORMAT_VERSION", "MAGIC", "load", "save"]

MAGIC = b"HOYLE-SOLUTION\r\n\x1a\n"
FORMAT_VERSION = 1
#: magic, version (u32), JSON length (u32), state length (u64), little-endian.
_HEADER = struct.Struct(f"<{len(MAGIC)}sIIQ")
_DIGEST = 32
#: The longest JSON read (ranges of millions of Omaha combos stay under it).
MAX_JSON = 1 << 28


def encode(meta: dict[str, Any], state: bytes) -> bytes:
    """The file's bytes for ``meta`` (JSON values) and the core's ``state``."""
    text = json.dumps(meta, sort_keys=True, separators=(",", ":"), allow_nan=False).encode()
    body = _HEADER.pack(MAGIC, FORMAT_VERSION, len(text), len(state)) + text + state
    return body + hashlib.sha256(body).digest()


def decode(data: bytes, where: str) -> tuple[dict[str, Any], bytes]:
    """The JSON and state of a file's bytes, every part checked."""
    if len(data) < len(MAGIC) or data[: len(MAGIC)] != MAGIC:
        raise SolveError(f"{where} is not a hoyle solution (wrong magic)")
    if len(data) < _HEADER.size:
        raise SolveError(f"{where} is truncated (the header is cut short)")
    _, version, n_json, n_state = _HEADER.unpack_from(data)
    if version != FORMAT_VERSION:
        raise SolveError(
            f"{where} has format version {version}; this hoyle reads version {FORMAT_VERSION}"
        )
    end = _HEADER.size + n_json + n_state
    if n_json > MAX_JSON or len(data) < end + _DIGEST:
        raise SolveError(f"{where} is truncated ({len(data)} bytes, the header says more)")
    if len(data) > end + _DIGEST:
        raise SolveError(f"{where} has {len(data) - end - _DIGEST} bytes after its end")
    if hashlib.sha256(data[:end]).digest() != data[end:]:
        raise SolveError(f"{where} is damaged (its checksum does not match)")
    try:
        meta = json.loads(data[_HEADER.size : _HEADER.size + n_json].decode())
    except (UnicodeDecodeError, ValueError):
        raise SolveError(f"{where}: the spot's arguments are not JSON") from None
    if not isinstance(meta, dict):
        raise SolveError(f"{where}: the spot's arguments are not a table")
    return meta, data[_HEADER.size + n_json : end]


def save(meta: dict[str, Any], state: bytes, path: str | Path) -> None:
    """Write a file of ``meta`` and ``state`` to ``path`` (through a temporary
    file, then renamed over it)."""
    data = encode({"hoyle": "solution", **meta}, state)
    target = Path(path)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(data)
        tmp.replace(target)
    finally:
        tmp.unlink(missing_ok=True)


def _solver_of(meta: dict[str, Any], where: str) -> Solver:
    """A fresh solver of the tree ``meta`` describes."""
    from hoyle._core import Solver
    from hoyle.solve._resolve import resolve_plain

    if meta.get("hoyle") != "solution":
        raise SolveError(f"{where} holds no solution")
    if "preset" in meta:
        preset = meta["preset"]
        if preset == "kuhn":
            return Solver.kuhn()
        if preset == "leduc":
            return Solver.leduc()
        raise SolveError(f"{where}: unknown preset {preset!r:.40}")
    if not isinstance(meta.get("spot"), dict):
        raise SolveError(f"{where} holds neither a spot nor a preset")
    return Solver.postflop(**resolve_plain(meta["spot"]).kwargs)


def load(path: str | Path) -> tuple[Solver, dict[str, Any]]:
    """The solver saved at ``path``, its state set, and the file's JSON."""
    where = str(path)
    data = Path(path).read_bytes()  # OSError (no such file, ...) as it comes
    meta, state = decode(data, where)
    try:
        solver = _solver_of(meta, where)
    except SolveError:
        raise
    except HoyleError as err:  # a card or game the file names that cannot be read
        raise SolveError(f"{where}: its spot cannot be read: {err}") from None
    try:
        solver.set_state(state)
    except SolveError as err:
        raise SolveError(f"{where}: the saved state does not fit its spot: {err}") from None
    return solver, meta
