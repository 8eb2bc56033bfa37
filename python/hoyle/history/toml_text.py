"""Reading PHH text: TOML, through one reader (``read_toml``).

PHH files use a small part of TOML: bare keys, strings, numbers, booleans,
times, flat arrays and ``[name]`` tables (one per hand of a ``.phhs``).
``fast_toml`` reads exactly that part line by line and gives up
(``GiveUp``) on anything else, which ``tomllib`` then reads whole; both
read decimals as ``Decimal``, so they agree wherever the line reader answers
(the corpus test checks it file by file).

Why a second reader: measured on the 769 files of the PHH corpus
(tests/data/phh; best of 15, CPU time), ``fast_toml`` reads them in 11 ms and
tomllib in 103 ms, while the whole corpus replay (reading included) takes
~85 ms: tomllib alone would more than double the replay bench's hoyle time and
halve its hoyle/PokerKit ratio. The core reads the same part again, faster
still (``_core._phh_toml``, ``src-rust/history/toml.rs``), and leaves
to ``fast_toml`` whatever it does not read; ``read_toml`` asks it first.
"""

from __future__ import annotations

import datetime
import json
import json.scanner
import re
import sys
from collections.abc import Iterator
from decimal import Decimal
from typing import Any, cast

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser, as the tomli package (a dependency there)
    import tomli as tomllib

from hoyle._core import _phh_toml
from hoyle.errors import HistoryError

__all__ = ["GiveUp", "fast_toml", "read_toml"]

_HEADER = re.compile(r"\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\][ \t]*(?:#.*)?")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_INT = re.compile(r"[+-]?(?:0|[1-9][0-9]*)")
_DEC = re.compile(r"[+-]?(?:0|[1-9][0-9]*)\.[0-9]+")
_TIME = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])")
# One token of a flat array; the group says which: 1, 2 strings, 3 "[", 4 "]",
# 5 ",", 6 a decimal, 7 an integer, 8 a boolean (none: blank or comment).
_ARRAY_TOKEN = re.compile(
    r"""[ \t\r\n]+|#[^\n]*|'([^'\n]*)'|"([^"\\\n]*)"|(\[)|(\])|(,)"""
    r"""|([+-]?(?:0|[1-9][0-9]*)\.[0-9]+)|([+-]?(?:0|[1-9][0-9]*))(?![0-9.:eE_])|(true|false)"""
)
_OPEN, _CLOSE, _COMMA, _DECIMAL, _INTEGER = 3, 4, 5, 6, 7
_NOT_CLOSED = object()
_STRING = r"""(?:'[^'\n]*'|"[^"\\\n]*")"""
_FLAT_STRINGS = re.compile(
    r"\[[ \t]*(" + _STRING + r"(?:[ \t]*,[ \t]*" + _STRING + r")*)[ \t]*,?[ \t]*\][ \t]*"
)
_STRING_ITEM = re.compile(_STRING)
_BLANK = " \t\r"  # TOML's whitespace (and a line's CR); str.strip() would take Unicode's
_LONE_CR = re.compile(r"\r(?!\n)")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # and a CR not before LF
_NUMBER_TYPES = frozenset((int, Decimal))
_BOOLS = ("true", "false")
_BLANK_END = ("", " ", "\t", "\r")  # the last character of a value read on the fast path
# iPoker's unknown stacks, ``[inf, inf, ...]`` (tomllib reads each as Decimal("inf"))
_INF_ARRAY = re.compile(r"\[inf(?:, inf)*\]")
_INF = Decimal("inf")
_json_numbers: Any = json.scanner.make_scanner(cast(Any, json.JSONDecoder(parse_float=Decimal)))
_MEMO_LINE = 120  # the longest line ``fast_toml`` remembers (longer ones rarely repeat)
_NO_VALUE: Any = object()
_KEYS_SEEN: set[str] = set()  # bare keys already checked (PHH files share a few names)


class GiveUp(Exception):
    """The text uses TOML that ``fast_toml`` does not read."""


def read_toml(text: str, where: str) -> dict[str, Any]:
    """The TOML document of ``text``; ``HistoryError`` names ``where``.

    Both readers refuse what the other does (the corpus and fuzz tests
    check they agree): bad TOML, an integer of more digits than Python reads
    (``sys.get_int_max_str_digits``), a decimal whose exponent no
    ``Decimal`` holds, and arrays or tables nested deeper
    than the interpreter's recursion allows."""
    doc = _phh_toml(text)  # the core's reader of the same part (src-rust/history/toml.rs)
    if doc is not None:
        return doc
    try:
        return fast_toml(text)
    except GiveUp:
        pass
    except (ValueError, ArithmeticError, RecursionError):  # tomllib says which
        pass
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as err:
        raise HistoryError(f"{where}: not valid TOML: {err}") from None
    except ValueError as err:  # int(): more digits than Python converts
        raise HistoryError(f"{where}: a number has too many digits ({err})") from None
    except ArithmeticError:  # Decimal(): an exponent beyond any decimal's
        raise HistoryError(f"{where}: a number is out of any range (its exponent)") from None
    except RecursionError:
        raise HistoryError(f"{where}: arrays or tables nested too deeply") from None


def fast_toml(text: str) -> dict[str, Any]:  # noqa: PLR0912, PLR0915 (the canonical line first, inline)
    """The PHH part of TOML, as ``tomllib.loads(text, parse_float=Decimal)``
    reads it; ``GiveUp`` on anything else."""
    if _CONTROL.search(text) is not None or ("\r" in text and _LONE_CR.search(text)):
        raise GiveUp  # control characters: TOML refuses them, tomllib says where
    root: dict[str, Any] = {}
    table = root
    lines = iter(text.split("\n"))
    seen = _KEYS_SEEN
    # A short canonical line read before in this text -> (key, value): the
    # hands of a .phhs file repeat most of their fields (variant, stakes,
    # venue, date...). A list is copied out: each hand owns its lists.
    memo: dict[str, tuple[str, Any]] = {}
    for raw in lines:
        hit = memo.get(raw) if len(raw) < _MEMO_LINE else None
        if hit is not None and hit[0] not in table:  # (a repeated key: the slow path says so)
            value = hit[1]
            table[hit[0]] = value[:] if value.__class__ is list else value
            continue
        key, eq, rest = raw.partition(" = ")  # the canonical line: a known key, one value
        if eq and key in seen and key not in table and rest[-1:] not in _BLANK_END:
            first = rest[:1]
            if first == "[":
                value = _line_array(rest)
                if value is None:
                    table[key] = _array_value(rest, lines)
                    continue
                table[key] = value
                if len(raw) < _MEMO_LINE:
                    memo[raw] = (key, value[:])
                continue
            if first == "'" and rest[-1] == "'" and rest.count("'") == 2:
                value = rest[1:-1]
            elif rest.isdigit() and rest.isascii() and (first != "0" or rest == "0"):
                value = int(rest)
            elif rest in _BOOLS:
                value = rest == "true"
            elif rest[2:3] == ":" and (t := _TIME.fullmatch(rest)) is not None:  # 02:37:42
                value = datetime.time(int(t[1]), int(t[2]), int(t[3]))
            else:
                value = _NO_VALUE
            if value is not _NO_VALUE:
                table[key] = value
                if len(raw) < _MEMO_LINE:
                    memo[raw] = (key, value)
                continue
        line = raw.strip(_BLANK)
        if not line or line[0] == "#":
            continue
        if line[0] == "[":
            h = _HEADER.fullmatch(line)
            if h is None or h[1] in root:
                raise GiveUp
            table = root[h[1]] = {}
            continue
        key, eq, rest = line.partition("=")
        key = key.rstrip(" \t")
        if not eq or key in table or (key not in _KEYS_SEEN and not _good_key(key)):
            raise GiveUp
        rest = rest.lstrip(" \t")
        first = rest[:1]
        if first == "[":
            table[key] = _array_value(rest, lines)
        elif first == "'" and rest[-1] == "'" and rest.count("'") == 2:
            table[key] = rest[1:-1]  # a literal string alone on its line
        elif rest.isascii() and rest.isdigit() and (first != "0" or rest == "0"):
            table[key] = int(rest)
        elif rest in ("true", "false"):
            table[key] = rest == "true"
        else:
            table[key] = _scalar(rest)
    return root


def _good_key(key: str) -> bool:
    """True for a bare TOML key (remembered, up to 1024 of them)."""
    if _BARE_KEY.fullmatch(key) is None:
        return False
    if len(_KEYS_SEEN) < 1024:
        _KEYS_SEEN.add(key)
    return True


def _line_array(rest: str) -> list[Any] | None:
    """The array ``rest`` when it is one of the usual one-line layouts
    (each read in one pass), else None."""
    if rest[1:2] == "'" and rest[-2:] == "']":  # PokerKit's own layout, one pass
        body = rest[2:-2]
        items = body.split("', '")
        if body.count("'") == 2 * len(items) - 2 and "\n" not in body:
            return items
    elif "'" not in rest and '"' not in rest and "\r" not in rest:
        # A flat array of numbers (ints, or decimals read as Decimal):
        # JSON's numbers are TOML's, so its reader gives the same.
        try:
            value, end = _json_numbers(rest, 0)
        except (ValueError, ArithmeticError, StopIteration, RecursionError):
            end = -1
        if end == len(rest) and _NUMBER_TYPES.issuperset(map(type, value)):
            return cast("list[Any]", value)
    if rest[1:2] == "i" and _INF_ARRAY.fullmatch(rest) is not None:
        return [_INF] * rest.count("inf")
    return None


def _array_value(rest: str, lines: Iterator[str]) -> Any:
    """The array opening ``rest``, reading more ``lines`` until it closes."""
    value = _line_array(rest)
    if value is not None:
        return value
    flat = _FLAT_STRINGS.fullmatch(rest)
    if flat is not None:
        return [x[1:-1] for x in _STRING_ITEM.findall(flat[1])]
    value = _array(rest)
    while value is _NOT_CLOSED:
        more = next(lines, None)
        if more is None:
            raise GiveUp
        rest += "\n" + more
        if "]" in more:  # else the array cannot close yet
            value = _array(rest)
    return value


def _scalar(text: str) -> Any:
    text = text.strip(_BLANK)
    if text[:1] in ("'", '"'):
        quote = text[0]
        end = text.find(quote, 1)
        if end < 0 or text[:3] in ("'''", '"""'):
            raise GiveUp
        body, rest = text[1:end], text[end + 1 :].strip(_BLANK)
        if (quote == '"' and "\\" in body) or (rest and rest[0] != "#"):
            raise GiveUp
        return body
    text = text.split("#", 1)[0].strip(_BLANK)
    if text in ("true", "false"):
        return text == "true"
    if _INT.fullmatch(text):
        return int(text)
    if _DEC.fullmatch(text):
        return Decimal(text)
    m = _TIME.fullmatch(text)
    if m:
        return datetime.time(int(m[1]), int(m[2]), int(m[3]))
    raise GiveUp


def _array(text: str) -> Any:
    """The flat array opening ``text``, or ``_NOT_CLOSED``."""
    out: list[Any] = []
    pos, size, opened, want_value = 0, len(text), False, True
    while pos < size:
        m = _ARRAY_TOKEN.match(text, pos)
        if m is None:
            raise GiveUp
        pos = m.end()
        group = m.lastindex
        if group is None:  # blank or comment
            continue
        if group == _OPEN:
            if opened:
                raise GiveUp  # nested arrays: leave them to tomllib
            opened = True
        elif not opened:
            raise GiveUp
        elif group == _CLOSE:
            rest = text[pos:].strip(_BLANK)
            if rest and rest[0] != "#":
                raise GiveUp
            return out
        elif (group == _COMMA) != want_value:
            want_value = group == _COMMA
            if not want_value:
                out.append(_token(group, m[group]))
        else:
            raise GiveUp  # two values without a comma, or two commas
    return _NOT_CLOSED


def _token(group: int, text: str) -> Any:
    if group <= 2:
        return text
    if group == _DECIMAL:
        return Decimal(text)
    if group == _INTEGER:
        return int(text)
    return text == "true"
