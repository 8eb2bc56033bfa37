"""Site hand histories: the text files poker sites write, read into
``HandHistory`` objects (``hoyle.history.load`` calls ``read_site`` when a
file's first line opens a hand of a site it knows).

Each reader turns a hand's lines into PHH fields (``SiteHand.fields``):
the players in PHH order (``p1`` left of the button), their stacks, forced
bets and actions, the cards the file shows, and what PHH cannot say under
hoyle's user fields (``_hoyle_room_rake``: the rake and fees the room
took, which the replay takes from the pots again; ``_hoyle_tournament``...).
Then every hand is replayed and checked against the file: the pot line
equals the bets less the uncalled bets, the collected lines plus the rake
pay out the pot, and each player's net in the replay equals the file's.
A hand that does not add up is a ``HistoryError`` naming the line.

The formats, tried in order (``FORMATS``): iPoker (XML, read whole by
``ipoker.read_file``), Full Tilt, PokerStars, 888 (Pacific), Winamax, PartyPoker (whose
files may open each hand with 888's ``#Game No`` line too), GGPoker.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import repeat
from typing import TYPE_CHECKING

from hoyle.errors import HistoryError
from hoyle.history.sites import (
    fulltilt,
    ggpoker,
    ipoker,
    native,
    pacific,
    partypoker,
    pokerstars,
    winamax,
)
from hoyle.history.sites.common import SiteHand, check
from hoyle.history.sites.native import NativeHand

if TYPE_CHECKING:
    from hoyle.history.hand_history import HandHistory

__all__ = ["FORMATS", "check", "check_read", "continuity", "read_site", "site_of"]

Reader = Callable[[list[str], list[int], str], SiteHand]
XmlReader = Callable[[str, str, "list[tuple[int, str]] | None"], list[tuple[int, SiteHand]]]
#: The XML formats: name -> (the pattern the file's first line starts with,
#: the reader of the whole file's text, which gives each hand with its line).
XML_FORMATS: dict[str, tuple[re.Pattern[str], XmlReader]] = {
    "iPoker": (ipoker.HEADER, ipoker.read_file),
}
#: name -> (the pattern a hand's first line starts with, the hand reader);
#: the XML formats come first (their readers are ``XML_FORMATS``').
FORMATS: dict[str, tuple[re.Pattern[str], Reader | None]] = {
    "iPoker": (ipoker.HEADER, None),
    "Full Tilt": (fulltilt.HEADER, fulltilt.read_hand),
    "PokerStars": (pokerstars.HEADER, pokerstars.read_hand),
    "888": (pacific.HEADER, pacific.read_hand),
    "Winamax": (winamax.HEADER, winamax.read_hand),
    "PartyPoker": (partypoker.HEADER, partypoker.read_hand),
    "GGPoker": (ggpoker.HEADER, ggpoker.read_hand),
}
#: The longest line a site file may have (the fixtures' longest is 1,112
#: characters; under CPython's 4,300 digits for ``int`` of a str, so no number
#: on a line reaches that limit).
MAX_LINE = 4_000


def _first_lines(text: str) -> list[str]:
    """The first two non-blank lines (BOMs off)."""
    out = []
    for line in text.splitlines():
        if line.strip():
            out.append(line.strip().lstrip("\ufeff"))
            if len(out) == 2:
                break
    return out


def site_of(text: str) -> str | None:
    """The site whose hand ``text``'s first non-blank line opens, or None
    (``#Game No : N`` opens 888's hands and some of PartyPoker's: the line
    after it tells)."""
    if text[:11] == "PokerStars " and _STARS.match(text, 0, 4096):  # (its usual first line)
        return "PokerStars"
    first = _first_lines(text[:4096]) or [""]
    if _PREAMBLE.match(first[0]) and len(first) > 1 and partypoker.HEADER.match(first[1]):
        return "PartyPoker"
    for name, (header, _read) in FORMATS.items():
        if header.match(first[0]):
            return name
    return None


def read_site(
    text: str,
    source: str | None,
    site: str,
    refused: list[tuple[int, str]] | None = None,
    *,
    checking: bool = False,
) -> list[tuple[int, SiteHand | NativeHand]]:
    """The hands of a ``site`` file's ``text``, read, each with the line it
    starts on (``hand_history.loads`` makes each a ``HandHistory``, replays
    it and ``check``s it: ``check_read``). With a ``refused`` list, a hand
    that cannot be read is put there (its line and message) instead of
    raising. PokerStars text is read in the core where it can be
    (``native``); ``checking``: the core also replays and checks each hand
    it reads (``NativeHand.checked``), for ``check_read``."""
    where = source or "<text>"
    if site in XML_FORMATS:
        return list(XML_FORMATS[site][1](text, where, refused))
    if site == "PokerStars":
        fast = native.read_pokerstars(text, where, refused, checking=checking)
        if fast is not None:
            return fast
    return _read_lines(text, where, site, refused)


def check_read(hh: HandHistory, hand: SiteHand | NativeHand) -> None:
    """``check`` the history ``hh`` made of a hand ``read_site`` gave,
    unless the core replayed and checked it already (``NativeHand.checked``)."""
    if hand.__class__ is not NativeHand or not hand.checked:
        check(hh, hand.nets())


def _read_lines(
    text: str, where: str, site: str, refused: list[tuple[int, str]] | None
) -> list[tuple[int, SiteHand | NativeHand]]:
    """``read_site`` of a text format, line by line in Python."""
    header, read = FORMATS[site]
    assert read is not None  # (only the XML formats have none)
    lines = text.lstrip("\ufeff").splitlines()
    starts: list[int] = []
    for k, line in enumerate(lines):
        if len(line) > MAX_LINE:
            raise HistoryError(
                f"{where} line {k + 1}: a line of {len(line):,} characters; a {site} file's "
                f"lines are short (at most {MAX_LINE:,} read)"
            )
        if line[:1] == "\ufeff":  # (a file made of files, each with its BOM)
            lines[k] = line[1:]
        if header.match(lines[k]):
            starts.append(k)
        elif site == "PartyPoker" and _PREAMBLE.match(lines[k]):
            continue  # (888's line before some PartyPoker hands; the reader drops it)
        elif not starts and line.strip():
            raise HistoryError(f"{where} line {k + 1}: not a {site} hand: {line.strip()!r}")
        elif _other_site(line, site):
            raise HistoryError(
                f"{where} line {k + 1}: a hand of another format inside a {site} file: "
                f"{line.strip()!r}"
            )
    out: list[tuple[int, SiteHand | NativeHand]] = []
    for j, start in enumerate(starts):
        end = starts[j + 1] if j + 1 < len(starts) else len(lines)
        numbers = [k + 1 for k in range(start, end) if lines[k].strip()]
        chunk = [lines[k - 1] for k in numbers]
        try:
            out.append((start + 1, read(chunk, numbers, where)))
        except HistoryError as err:
            if refused is None:
                raise
            refused.append((start + 1, str(err)))
    return out


def _other_site(line: str, site: str) -> bool:
    """``line`` opens a hand of another format (PHH's ``variant =`` or a
    ``[table]``, another site's header): a file of mixed formats."""
    if line.startswith(("variant =", "variant=", "[")):  # PHH
        return True
    if not line or line[0] not in "#PWF<":  # cheap: every site header starts so
        return False
    return _OTHERS[site].match(line) is not None


#: For each format, one pattern of the other formats' headers (888's
#: ``#Game No`` line also comes before PartyPoker's hands).
_OTHERS = {
    name: re.compile(
        "|".join(
            f"(?:{h.pattern})"
            for n, (h, _r) in FORMATS.items()
            if n != name and (name, n) != ("PartyPoker", "888")
        )
    )
    for name in FORMATS
    if name not in XML_FORMATS
}
_PREAMBLE = pacific.HEADER
_STARS = pokerstars.HEADER


def continuity(hands: list[HandHistory]) -> None:
    """Consecutive hands at one table: a player's stack at the start of a
    hand should be what the hand before left. More is a top-up (sites let a
    cash player add chips between hands); less means hands are missing from
    the file or the file is wrong: each such gap is noted in the later
    hand's ``notes`` (a file may hold a selection of hands, so it is not an
    error)."""
    if len(hands) < 2:  # (no hand before to follow)
        return
    last: dict[str, dict[str, tuple[object, str]]] = {}  # table -> name -> (stack, hand)
    for hh in hands:
        table = str(hh.fields.get("table"))
        names = hh.players
        at = last.get(table)
        if at is None:
            at = last[table] = {}
        else:
            starting = hh.fields["starting_stacks"]
            for k, name in enumerate(names):
                seen = at.get(name)
                if seen is not None and starting[k] < seen[0]:
                    hh.notes.append(
                        f"{name} starts with {starting[k]}, but hand {seen[1]} at table "
                        f"{table!r} left {seen[0]}"
                    )
        hand_id = str(hh.name)
        at.update(zip(names, zip(hh.fields["finishing_stacks"], repeat(hand_id)), strict=True))
