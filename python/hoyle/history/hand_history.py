"""``HandHistory``, one hand of a PHH file, and ``load``/``loads``."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from hoyle.errors import HistoryError
from hoyle.games import Game
from hoyle.hand import Hand
from hoyle.history import sites
from hoyle.history.deal import ActionReader
from hoyle.history.facts import HandFacts
from hoyle.history.files import decode, read_bytes
from hoyle.history.hand_game import hand_game
from hoyle.history.native import enabled as native_on
from hoyle.history.native import replay_native
from hoyle.history.plan import ReplayPlan
from hoyle.history.refused import Hands, RefusedHand, check_errors
from hoyle.history.replay import Replay, Seen, settle_unseen
from hoyle.history.runs import FIELD as RUNOUTS
from hoyle.history.runs import read_runouts, settle_runs
from hoyle.history.site_rake import HOUSE, ROOM_RAKE, SiteRake, room_money
from hoyle.history.stakes import (
    button_seat,
    deep_stack,
    scale_of,
    scaled,
    seat_stacks,
    seating,
    starting_stacks,
    table_cap,
)
from hoyle.history.toml_text import read_toml
from hoyle.history.writing import write_fields

__all__ = ["HandHistory", "load", "loads"]

# The fields PHH requires of every hand that a replay cannot do without,
# checked on loading (the variant's stakes fields are checked with the game)
_REQUIRED = ("variant", "starting_stacks", "actions")
_NEEDED = frozenset(_REQUIRED)


@contextlib.contextmanager
def _named(where: str) -> Iterator[None]:
    """A ``HistoryError`` raised inside (which names no file) names ``where``."""
    try:
        yield
    except HistoryError as err:
        raise HistoryError(f"{where}: {err}") from None


class HandHistory(HandFacts):
    """One hand of a PHH file: its fields as read, and its replay.

    ``fields`` holds every field (numbers with decimals as ``Decimal``);
    ``source`` is the file (None for text) and ``name`` the table of a
    ``.phhs`` file. Amounts are in chips times ``scale``.
    """

    __slots__ = (
        "_actions",
        "_by_player",
        "_plan",
        "_scale",
        "_seated",
        "fields",
        "name",
        "notes",
        "repairs",
        "source",
    )

    def __init__(
        self, fields: dict[str, Any], *, source: str | None = None, name: str | None = None
    ) -> None:
        self.fields = fields
        self.source = source
        self.name = name
        self._plan: ReplayPlan | None = None
        self._scale: int | None = None
        self._by_player: tuple[int | None, ...] | None = None
        self._actions: list[str] | None = None
        # (game, seat_of, button) of the last native replay: what its plan would say
        self._seated: tuple[Game, tuple[int, ...], int] | None = None
        self.repairs: list[str] = []
        self.notes: list[str] = []  # (site files: a stack gap at a table; not an error)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as read (its fields, file, table, scale, repairs and
        notes); the replay's caches stay behind and a copy builds its own
        (``statistics`` on an executor pickles every history it sends: a
        third less time than the slots one by one)."""
        state = (self.fields, self.source, self.name, self._scale, self.repairs, self.notes)
        return (_unpickled, state)

    def __repr__(self) -> str:
        seats = len(self.fields.get("starting_stacks", ()))
        return f"<HandHistory {self.where}: {self.variant}, {seats} seats>"

    @property
    def where(self) -> str:
        """The file and hand, for messages."""
        place = self.source or "<text>"
        return place if self.name is None else f"{place} hand [{self.name}]"

    def _field(self, key: str) -> Any:
        try:
            return self.fields[key]
        except KeyError:
            raise HistoryError(f"{self.where}: the required field {key!r} is missing") from None

    @property
    def variant(self) -> str:
        """The PHH variant code, e.g. ``"NT"``."""
        value = self._field("variant")
        if not isinstance(value, str):
            raise HistoryError(f"{self.where}: variant must be a string, got {value!r}")
        return value

    @property
    def actions(self) -> list[str]:
        """The action lines, as written."""
        if self._actions is None:
            value = self._field("actions")
            if not isinstance(value, list):
                raise HistoryError(f"{self.where}: actions must be a list of strings")
            try:
                "".join(value)  # fails unless every action is a string
            except TypeError:
                raise HistoryError(f"{self.where}: actions must be a list of strings") from None
            self._actions = value
        return self._actions

    @property
    def ante_trimming_status(self) -> bool:
        """The file's flag (hoyle always settles antes as contributions)."""
        return bool(self.fields.get("ante_trimming_status", False))

    @property
    def scale(self) -> int:
        """Chips per unit of the file: 1, or 100 (or more) for decimal amounts."""
        if self._scale is None:
            try:  # (``_named``, without a context manager's cost: every hand)
                self._scale = scale_of(self.fields, self.actions)
            except HistoryError as err:  # (it names no file)
                raise HistoryError(f"{self.where}: {err}") from None
        return self._scale

    def _in_seat_order(self, values: list[Any]) -> tuple[Any, ...]:
        extension = self.fields.get("_hoyle_button")
        n = len(values)
        if not isinstance(extension, int) or isinstance(extension, bool) or not 0 <= extension < n:
            return tuple(values)
        out = list(values)
        for i, v in enumerate(values):
            out[(extension + 1 + i) % n] = v
        return tuple(out)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """The starting stacks, by hoyle seat (``p1``..``pN``, unless the file
        has ``_hoyle_button``), times ``scale``. A stack the file does not
        know (``inf``, see ``unknown_stacks``) is the deep stack the replay
        gives it."""
        by_player = self._stacks_by_player()
        if None in by_player:
            return tuple(self._replay_plan().stacks)
        return self._in_seat_order(list(by_player))

    @property
    def unknown_stacks(self) -> tuple[int, ...]:
        """The hoyle seats whose starting stack the file does not know: PHH
        writes an unknown stack as ``inf`` (iPoker's hands record none).

        The replay gives each such seat a deep stack, one chip more than all
        the chips that the file's forced bets and bets could move in the hand, so that
        no such seat is ever all in; the replayed hand's ``stacks`` then
        hold those made-up stacks, ``finishing_stacks`` is None (there is
        nothing to compare), and ``net_chips(hand)`` is the result: what each
        seat won or lost.

        >>> import hoyle
        >>> [h] = hoyle.history.load('''
        ... variant = "NT"
        ... antes = [0, 0, 0]
        ... blinds_or_straddles = [1, 2, 0]
        ... min_bet = 2
        ... starting_stacks = [inf, inf, inf]
        ... actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????",
        ...            "p3 cbr 6", "p1 f", "p2 f"]
        ... ''')
        >>> h.unknown_stacks, h.net_chips(h.replay())
        ((0, 1, 2), (-1, -2, 3))
        """
        by_player = self._stacks_by_player()
        if None not in by_player:  # (the usual case: a C scan, no loop)
            return ()
        seated = self._seated
        seat_of = seated[1] if seated is not None else self._replay_plan().seat_of
        return tuple(sorted(seat_of[i] for i, v in enumerate(by_player) if v is None))

    def net_chips(self, hand: Hand) -> tuple[int, ...]:
        """What each seat won (positive) or lost in ``hand``, this history's
        replay: its ``stacks`` less its ``starting_stacks``, by hoyle seat,
        times ``scale``. The result of a hand whose stacks the file does not
        know (``unknown_stacks``)."""
        if not isinstance(hand, Hand):
            raise TypeError(
                f"net_chips takes the Hand replay() returned, got {type(hand).__name__}"
            )
        return tuple(b - a for a, b in zip(hand.starting_stacks, hand.stacks, strict=True))

    def _stacks_by_player(self) -> tuple[int | None, ...]:
        """The starting stacks in the file's order (``p1`` first), times
        ``scale``; None for a stack the file does not know (``inf``). Read
        once, as ``scale`` and the replay plan are."""
        if self._by_player is None:
            self._by_player = self._read_stacks()
        return self._by_player

    def _read_stacks(self) -> tuple[int | None, ...]:
        value, scale = self._field("starting_stacks"), self.scale
        try:  # (``_named``, inline)
            return starting_stacks(value, scale)
        except HistoryError as err:
            raise HistoryError(f"{self.where}: {err}") from None

    @property
    def finishing_stacks(self) -> tuple[int | Decimal, ...] | None:
        """The file's final stacks by hoyle seat (as ``starting_stacks``),
        times ``scale``; None when absent, or when the starting stacks are
        not all known (``unknown_stacks``). A stack that is not whole in those units (a split pot
        recorded to half a chip) stays a ``Decimal``."""
        value = self.fields.get("finishing_stacks")
        if value is None or None in self._stacks_by_player():
            return None  # (unknown starting stacks: see ``unknown_stacks``)
        if not isinstance(value, list):
            raise HistoryError(f"{self.where}: finishing_stacks must be a list")
        scale = self.scale
        try:
            out = [scaled(v, scale, "finishing_stacks") for v in value]
        except HistoryError as err:
            raise HistoryError(f"{self.where}: {err}") from None
        return self._in_seat_order(out)

    @property
    def game(self) -> Game:
        """The hoyle ``Game`` this hand is played under."""
        seated = self._seated
        return seated[0] if seated is not None else self._replay_plan().game

    def seat(self, player: int) -> int:
        """The hoyle seat of ``p{player}`` (1-based, as in PHH)."""
        seated = self._seated
        return (seated[1] if seated is not None else self._replay_plan().seat_of)[player - 1]

    @property
    def button(self) -> int:
        """The hoyle seat of the button."""
        seated = self._seated
        return seated[2] if seated is not None else self._replay_plan().button

    def _replay_plan(self) -> ReplayPlan:
        if self._plan is None:
            by_player = self._stacks_by_player()
            n = len(by_player)
            game, shape = hand_game(self, n)
            with _named(self.where):
                button = button_seat(self.fields.get("_hoyle_button"), n)
            seat_of, labels, order = seating(n, button)
            reader = ActionReader(game, shape, labels, self.scale, self.where)
            reader.read(self.actions)
            read_runouts(self.fields.get(RUNOUTS), reader.ledger, self.where)  # (cards named)
            deep = deep_stack(game, reader.acts, n) if None in by_player else 0
            with _named(self.where):
                stacks = seat_stacks(by_player, seat_of, deep, table_cap(self.fields, self.scale))
            self._plan = ReplayPlan.build(
                reader, stacks=stacks, button=button, seat_of=seat_of, order=order
            )
        return self._plan

    def replay(
        self, *, partial: bool = False, strict: bool = False, rake: SiteRake | None = None
    ) -> Hand:
        """Play the recorded actions and return the finished hand.

        Raises ``HistoryError`` naming the file, the hand and the action
        when an action is malformed, out of turn or illegal, or when the
        actions end before the hand does (``partial=True`` returns the hand
        where the actions end).

        Unknown cards (``??``) decide nothing: at the showdown a seat whose
        cards the file never shows has mucked when a seat with known cards
        contests the same pot (in a high-low game it wins neither half).
        When no contender of some pot is known, the file has no result:
        ``UndeterminedError`` (a ``HistoryError``) lists those pots, who
        could have won them, and the payouts of the pots it does decide.

        Unknown stacks (``inf``) are replayed deep (``unknown_stacks``);
        ``net_chips(hand)`` is then the result.

        A player the file skips while facing a bet is taken to have folded
        (records from broadcasts sometimes leave the fold out; PokerKit's
        loader makes the same repair); each such fold is listed in
        ``repairs``. ``strict=True`` refuses it instead.

        ``rake``: the room's rake (a ``SiteRake``, in the file's money),
        taken from the finished hand's pots, so that its stacks are what the
        room paid (a site's ``finishing_stacks`` are after rake). A file whose
        ``_hoyle_game`` carries a rake is raked by the engine already and
        refuses a second one.

        >>> import hoyle
        >>> from hoyle.history import SiteRake
        >>> [h] = hoyle.history.load('''
        ... variant = "NT"
        ... blinds_or_straddles = [1, 2]
        ... min_bet = 2
        ... starting_stacks = [50, 50]
        ... actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 10", "p1 cc",
        ...            "d db 2c3d9h", "p1 cc", "p2 cc", "d db Ts", "p1 cc", "p2 cc",
        ...            "d db Js", "p1 cc", "p2 cc"]
        ... ''')
        >>> h.replay().stacks, h.replay(rake=SiteRake(percent=5, cap=3)).stacks
        ((60, 40), (59, 40))
        """
        # the common shapes in the core (a history whose plan is built replays the plan)
        native = native_on() and self._plan is None and replay_native(self, strict, partial)
        seen: Seen
        if native:
            hand, self.repairs, seen, game = native.hand, native.repairs, native, native.game
            self._seated = (game, native.seat_of, native.button)
        else:
            plan = seen = self._replay_plan()
            run = Replay(plan, self.actions, self.where, strict)
            hand, game = run.play(), plan.game
            self.repairs = run.repairs
            run.check_end(hand, partial=partial)
            settle_runs(hand, self.fields.get(RUNOUTS), self.where)  # a board run again (``runs``)
        if (seen.hidden or seen.board_hidden) and hand.is_over:
            settle_unseen(hand, seen, self.where)
        fields = self.fields  # the house's money, then the room's rake (``site_rake``)
        if (rake is not None or HOUSE in fields or ROOM_RAKE in fields) and hand.is_over:
            room_money(hand, fields, rake, game.rake, (self.scale, self.where))
        return hand

    def dumps(self) -> str:
        """The fields as PHH text (``dumps(hand)`` writes a hoyle hand)."""
        return write_fields(self.fields)


def load(source: str | os.PathLike[str], *, errors: str = "raise") -> Hands:
    """Read the hands of a ``.phh`` or ``.phhs`` file, or of PHH text (or
    of a site's text file: ``hoyle.history.sites``).

    A ``str`` with a newline or an ``=`` is text, anything else a path. A
    file is read only if it is a regular file (a FIFO, a device or a
    directory is refused at once, never waited on) of at most
    ``hoyle.history.files.MAX_FILE_BYTES`` bytes of UTF-8 text.

    ``errors="raise"`` (the default): a hand hoyle refuses refuses the
    whole file (``HistoryError`` names it). ``errors="skip"``: the other
    hands are read, and the refused ones listed, each with its line and
    message, in the result's ``refused`` (``hoyle.history.refused``).
    """
    if not isinstance(source, str | os.PathLike):
        hint = " (a bytes path: os.fsdecode it; text: .decode())" * isinstance(source, bytes)
        raise TypeError(
            "load takes PHH text or a path (a str or an os.PathLike), "
            f"got {type(source).__name__}{hint}"
        )
    if isinstance(source, os.PathLike) or ("\n" not in source and "=" not in source):
        path = os.fspath(source)
        if not isinstance(path, str):
            raise TypeError(f"load takes a str path, got {type(path).__name__}")
        data = read_bytes(path)
        return loads(decode(data, path, legacy=_site_bytes(data)), source=path, errors=errors)
    return loads(source, errors=errors)


def _site_bytes(data: bytes) -> bool:
    """The file opens a site's hand (older sites write Windows-1252)."""
    return sites.site_of(data[:4096].removeprefix(b"\xef\xbb\xbf").decode("latin-1")) is not None


def _unpickled(
    fields: dict[str, Any],
    source: str | None,
    name: str | None,
    scale: int | None,
    repairs: list[str],
    notes: list[str],
) -> HandHistory:
    """A pickled ``HandHistory`` (``HandHistory.__reduce__``) back."""
    hh = HandHistory(fields, source=source, name=name)
    hh._scale, hh.repairs, hh.notes = scale, repairs, notes
    return hh


def _loads_site(
    text: str, source: str | None, site: str, refused: list[tuple[int, str]] | None
) -> Hands:
    """``loads`` of a site's text: each hand read (and checked in the core
    where it can be), checked against the file, its table's stacks followed."""
    out = Hands()
    read = sites.read_site(text, source, site, refused, checking=True)
    for j, (line, hand) in enumerate(read):
        name = str(hand.extra.get("hand", j + 1))
        hh = HandHistory(hand.fields(), source=source, name=name)
        hh._scale = getattr(hand, "scale", None)  # (the core's reader knows it)
        try:
            sites.check_read(hh, hand)
        except HistoryError as err:
            if refused is None:
                raise
            refused.append((line, str(err)))
            continue
        out.append(hh)
    sites.continuity(out)
    if refused:
        out.refused = tuple(RefusedHand(*r) for r in sorted(refused))
    return out


def loads(text: str, *, source: str | None = None, errors: str = "raise") -> Hands:
    """The hands of PHH text (``source`` names it in messages; ``errors``:
    as ``load``'s)."""
    if not isinstance(text, str):
        raise TypeError(f"loads takes PHH text (a str), got {type(text).__name__}")
    where = source or "<text>"
    refused: list[tuple[int, str]] | None = [] if check_errors(errors) else None
    # (text that opens with a key or a table is PHH: no site's first line starts so)
    site = None if _PHH_START.match(text) else sites.site_of(_opening(text))
    if site is not None:
        return _loads_site(text, source, site, refused)
    try:
        doc = read_toml(text, where)
    except HistoryError as err:
        first = next((x.strip() for x in text[:4096].splitlines() if x.strip()), "")[:80]
        raise HistoryError(
            f"{err} (not PHH; nor a hand history of {', '.join(sites.FORMATS)}: the first "
            f"line, {first!r}, opens no hand of theirs)"
        ) from None
    if "variant" in doc:
        hands = [HandHistory(doc, source=source)]
    elif doc and all(isinstance(v, dict) for v in doc.values()):
        hands = [HandHistory(v, source=source, name=k) for k, v in doc.items()]
    else:
        raise HistoryError(f"{where}: no hand here (no 'variant', and not a .phhs of [tables])")
    out = Hands()
    for h in hands:
        if h.fields.keys() >= _NEEDED:  # (one C call: the usual hand)
            out.append(h)
            continue
        missing = [k for k in _REQUIRED if k not in h.fields]
        message = (
            f"{h.where}: the required field{'s' * (len(missing) > 1)} "
            f"{', '.join(map(repr, missing))} {'are' if len(missing) > 1 else 'is'} missing "
            "(PHH requires every hand to have them)"
        )
        if refused is None:
            raise HistoryError(message)
        refused.append((_line_of(text, h.name), message))
    if refused:  # (else the class's empty tuple)
        out.refused = tuple(RefusedHand(*r) for r in refused)
    return out


# The first character past blanks and BOMs is a bare key's or a table's:
# every site's header (``sites.FORMATS``) opens with another ("P", "#", "<"...)
_PHH_START = re.compile(r"[\s\ufeff]*[a-z_\[]")


def _opening(text: str) -> str:
    """The part of ``text`` that ``sites.site_of`` reads (its first two
    non-blank lines): the first whole lines of up to 256 characters when
    they hold two, else the text (``site_of`` splits 4096 characters into
    lines: a PHH file's first 256 say the same, for less)."""
    if text[:11] == "PokerStars ":  # (``site_of`` reads its first line)
        return text
    cut = text.rfind("\n", 0, 256) + 1
    head = text[:cut]
    if sum(1 for line in head.splitlines() if line.strip()) >= 2:
        return head
    return text


def _line_of(text: str, table: str | None) -> int:
    """The line a ``.phhs`` file's ``[table]`` starts on (1 for a ``.phh``)."""
    if table is not None:
        for k, line in enumerate(text.splitlines()):
            if line.strip().startswith("[") and table in line:
                return k + 1
    return 1
