"""Finding and reading PHH files: ``read_file`` (one file, bounded) and
``paths_of`` (the files that paths, globs and directories name).

Reading is bounded: only a regular file is read (a FIFO, a device or a
directory is refused at once, opened without waiting for a writer), and
at most ``MAX_FILE_BYTES`` bytes of it. Finding follows symbolic links
and visits each real directory and file once, so that a link loop ends and
a file reached by two roads is replayed once; globs and directories agree.
"""

from __future__ import annotations

import fnmatch
import os
import stat
from collections.abc import Iterator, Sequence

from hoyle.errors import HistoryError

__all__ = ["MAX_FILE_BYTES", "decode", "paths_of", "read_bytes", "read_file"]

#: The most bytes ``load`` reads from one file (128 MiB): a PHH file is a
#: few kilobytes, and a ``.phhs`` of the HandHQ dataset's a few megabytes,
#: so this is far above any real one, and it bounds the memory a file can
#: take (``/dev/zero`` or a runaway file is refused, not read to the end).
MAX_FILE_BYTES = 128 * 2**20
# open a FIFO without waiting for a writer (then refused: not a regular file)
_NO_WAIT = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def read_file(path: str) -> str:
    """The text of the PHH file ``path``: a regular file of at most
    ``MAX_FILE_BYTES`` bytes, UTF-8; ``HistoryError`` names the file and
    what is wrong. Opened without blocking, so a FIFO or a device is
    refused, not waited on."""
    return decode(read_bytes(path), path)


def read_bytes(path: str) -> bytes:
    """The bytes of the file ``path``, read as ``read_file`` reads it."""
    if "\x00" in path:
        raise HistoryError(f"{path!r}: cannot read: a path cannot hold a NUL character")
    try:
        fd = os.open(path, os.O_RDONLY | _NO_WAIT)
    except (OSError, ValueError) as err:  # ValueError: a surrogate in the path
        raise HistoryError(f"{path!r}: cannot read: {err}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise HistoryError(
                f"{path!r}: cannot read: not a regular file ({_kind_of(info.st_mode)}); "
                "a PHH file is a regular file"
            )
        if info.st_size > MAX_FILE_BYTES:
            raise _too_big(path)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(MAX_FILE_BYTES + 1)  # (a file that grew meanwhile: still capped)
    except OSError as err:
        raise HistoryError(f"{path!r}: cannot read: {err}") from None
    finally:
        os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        raise _too_big(path)
    return data


def decode(data: bytes, path: str, *, legacy: bool = False) -> str:
    """``data`` as UTF-8 text; with ``legacy``, text that is not UTF-8 is
    read as Windows-1252, as older sites' files are written."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        if legacy:
            return data.decode("cp1252", errors="replace")
        raise HistoryError(
            f"{path!r}: cannot read: not UTF-8 text, as a PHH file is (byte {err.start}: "
            f"{err.reason})"
        ) from None


def _too_big(path: str) -> HistoryError:
    return HistoryError(
        f"{path!r}: cannot read: larger than {MAX_FILE_BYTES:,} bytes, the most hoyle reads "
        "from one PHH file (hoyle.history.files.MAX_FILE_BYTES)"
    )


def _kind_of(mode: int) -> str:
    """What a file that is not a regular one is, for messages."""
    kinds = (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((name for test, name in kinds if test(mode)), "a special file")


_PHH = (".phh", ".phhs")
_MAGIC = frozenset("*?[")
_Seen = set[tuple[int, int, int]]  # (pattern position, st_dev, st_ino) of the directories entered

PathArg = str | bytes | os.PathLike[str] | os.PathLike[bytes]


def paths_of(paths_or_glob: PathArg | Sequence[PathArg]) -> list[str]:
    """The files ``replay_all`` reads, in order: a glob's matches (``**``
    recurses; names starting ``.`` only where the pattern says so, as
    ``glob``) and a directory's ``.phh``/``.phhs`` files (all of them,
    recursively), sorted, a path as given. Links are followed; each real
    file comes once (the first road to it, in this order), each real
    directory is entered once, so a link loop ends; a glob or a directory
    yields only regular files (no FIFO, device or directory). A bytes path
    is ``os.fsdecode``d. A path that names a FIFO, a device or a socket is
    refused (``HistoryError``): nothing could read it as a file."""
    if isinstance(paths_or_glob, str | bytes | os.PathLike):
        found = _expand(paths_or_glob)
    elif isinstance(paths_or_glob, Sequence):
        found = [p for one in paths_or_glob for p in _expand(one)]
    else:
        raise TypeError(
            "paths_or_glob: a path, a glob (str, bytes or os.PathLike), or a list of them, "
            f"got {type(paths_or_glob).__name__}"
        )
    out, seen = [], set()
    for path in found:
        key = _file_key(path)  # (a path that names no file stays: its error is counted)
        if key is None or key not in seen:
            out.append(path)
            if key is not None:
                seen.add(key)
    return out


def _text(one: object) -> str:
    if isinstance(one, str | bytes | os.PathLike):
        text = os.fspath(one)
        return os.fsdecode(text) if isinstance(text, bytes) else text
    raise TypeError(
        f"paths_or_glob: a path or a glob is a str, bytes or os.PathLike, got {type(one).__name__}"
    )


def _expand(one: object) -> list[str]:
    """A glob's matches, a directory's PHH files (recursively), or a path."""
    text = _text(one)
    if _MAGIC.intersection(text):  # a glob
        return sorted(_glob(text))
    if os.path.isdir(text):
        return sorted(p for p in _tree(text, hidden=True) if p.endswith(_PHH))
    return [text]


def _file_key(path: str) -> tuple[int, int] | None:
    """The real file a path names (device, inode); None when it names none
    (its error comes when it is read); ``HistoryError`` for a special file."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    mode = info.st_mode
    if stat.S_ISREG(mode):
        return (info.st_dev, info.st_ino)
    if stat.S_ISDIR(mode):
        return None
    raise HistoryError(
        f"replay_all: {path!r} is not a regular file ({_kind_of(mode)}); "
        "PHH files are regular files"
    )


def _entries(folder: str) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder or os.curdir) as it:
            return sorted(it, key=lambda e: e.name)
    except (OSError, ValueError):
        return []


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()  # (follows a link)
    except OSError:
        return False


def _is_file(path: str) -> bool:
    """A regular file (through links)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _enter(path: str, at: int, seen: _Seen) -> bool:
    """True the first time directory ``path`` is entered at pattern position ``at``."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return False
    key = (at, info.st_dev, info.st_ino)
    if key in seen:
        return False
    seen.add(key)
    return True


def _tree(top: str, *, hidden: bool) -> Iterator[str]:
    """The regular files under directory ``top``, through links, each real
    directory once (an explicit stack: no recursion limit on deep trees)."""
    seen: _Seen = set()
    stack = [top] if _enter(top, -1, seen) else []
    while stack:
        folder = stack.pop()
        subdirs = []
        for e in _entries(folder):
            if not hidden and e.name.startswith("."):
                continue
            path = os.path.join(folder, e.name)
            if _is_dir(e):
                if _enter(path, -1, seen):
                    subdirs.append(path)
            elif _is_file(path):
                yield path
        stack.extend(reversed(subdirs))


def _split(pattern: str) -> tuple[str, list[str]]:
    """A glob's fixed start (a directory, "" for the current one) and the rest, by parts."""
    seps = "/" + (os.sep if os.sep != "/" else "") + (os.altsep or "")
    drive, rest = os.path.splitdrive(pattern)
    parts = [rest]
    for sep in seps:
        parts = [piece for part in parts for piece in part.split(sep)]
    base = drive + (os.sep if rest[:1] in seps and rest else "")
    parts = [p for p in parts if p]
    while parts and not _MAGIC.intersection(parts[0]):
        base = os.path.join(base, parts.pop(0))
    return base, parts


def _glob(pattern: str) -> Iterator[str]:
    """The regular files ``pattern`` matches, as ``glob.glob(recursive=True)``
    finds them, but through each real directory once per part of the pattern."""
    base, parts = _split(pattern)
    if not parts:  # (a [ or ? in a part made it look like a glob)
        if _is_file(base):
            yield base
        return
    yield from _match(base, parts, 0, set())


def _match(folder: str, parts: list[str], at: int, seen: _Seen) -> Iterator[str]:
    """The regular files under ``folder`` that ``parts[at:]`` matches."""
    part = parts[at]
    last = at == len(parts) - 1
    if part == "**":
        if last:  # "dir/**": every file below
            yield from _tree(folder, hidden=False)
            return
        yield from _match(folder, parts, at + 1, seen)  # no directory at all
        for e in _entries(folder):
            path = os.path.join(folder, e.name)
            if not e.name.startswith(".") and _is_dir(e) and _enter(path, at, seen):
                yield from _match(path, parts, at, seen)
        return
    for e in _entries(folder):
        name = e.name
        if name.startswith(".") and not part.startswith("."):
            continue
        if not fnmatch.fnmatchcase(name, part):
            continue
        path = os.path.join(folder, name)
        if last:
            if _is_file(path):
                yield path
        elif _is_dir(e):
            yield from _match(path, parts, at + 1, seen)
