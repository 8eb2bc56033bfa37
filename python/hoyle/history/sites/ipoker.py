"""iPoker hand histories: the network's XML (cash games; hold'em in no
limit, pot limit and fixed limit, pot-limit Omaha).

A file is one or more ``<session>`` elements (several XML documents one
after another, each with its ``<?xml ...?>`` line, in some exports); a
session's ``<general>`` names the game (``<gametype>Holdem NL $1/$2``),
the table and its currency, and each ``<game gamecode="ID">`` is a hand:
its ``<player seat chips dealer win bet>`` elements, then ``<round no>``
0 (the forced bets) to 4 (the river), each with its ``<cards>`` and
``<action no player type sum>`` elements (written out of order: ``no``
orders them). ``sum`` is the chips an action adds, except a raise's
(``type="23"``), which is the total it raises to this round.

The file writes no pot line: each player's ``bet`` is what they put in
(the bet nobody called included) and ``win`` what they took back (the
returned bet included), so the reader checks that the actions put in each
player's ``bet``; the rake is the bets less the wins. Players dealt in are
those with an action other than sitting out. Cards are suit first
(``SA``, ``H10``); ``X`` is a card the file does not show, and the file
writes no showdown: the known cards decide it (as in HandHQ's iPoker PHH).

The XML is read with the standard library's expat parser, which fetches
no external entity; a document type or entity declaration (the way to an
entity expansion bomb) is refused before any is expanded.

Refused, with the element's line: a game hoyle does not read here, a dead
and a live blind posted at once, an action type hoyle does not know.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from xml.parsers import expat

from hoyle.errors import HistoryError
from hoyle.history.sites.common import Lines, SiteHand, money, site_cards

__all__ = ["HEADER", "read_file"]

#: An iPoker file opens with its XML declaration or a ``<session>``.
HEADER = re.compile(r"<\?xml\b[^>]*\?>\s*<session\b|<\?xml\b[^>]*\?>\s*$|<session\b")
#: The most actions one game may hold (a real hand has under 100).
MAX_ACTIONS = 2_000
_GAME = re.compile(r"(?P<game>Holdem|Omaha) (?P<limit>NL|PL|L) (?P<small>\S+?)/(?P<big>\S+)$")
_GAMES = {"Holdem": "T", "Omaha": "O"}
_LIMITS = {"NL": "N", "PL": "P", "L": "F"}
_DECLARATION = re.compile(r"<\?xml\b[^>]*\?>")
#: The elements whose text hoyle reads, and the others it keeps.
_TEXT = frozenset({"gametype", "tablename", "tablecurrency", "currency", "startdate", "cards"})
_KEPT = _TEXT | {"session", "general", "game", "player", "round", "action"}
_STREETS = {"Flop": 2, "Turn": 3, "River": 4}
_SITTING = frozenset({"8", "9"})  # sits out; a blind not posted


class _Element:
    """An element kept from the XML: its tag, attributes, text and line."""

    __slots__ = ("attrs", "children", "line", "tag", "text")

    def __init__(self, tag: str, attrs: dict[str, str], line: int) -> None:
        self.tag, self.attrs, self.line = tag, attrs, line
        self.text = ""
        self.children: list[_Element] = []

    def shown(self) -> str:
        """The element as the file writes it, for a message."""
        attrs = " ".join(f'{k}="{v}"' for k, v in self.attrs.items())
        return f"<{self.tag} {attrs}>" + (f"{self.text.strip()}</{self.tag}>" * bool(self.text))

    def child_text(self, tag: str) -> str | None:
        found = next((c for c in self.children if c.tag == tag), None)
        return None if found is None else found.text.strip()


def _parse(text: str, where: str) -> list[_Element]:
    """The ``<session>`` elements of ``text`` (kept tags only)."""
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise HistoryError(
            f"{where}: an XML document type or entity declaration: iPoker files have none "
            "(refused: entity expansion is a way to exhaust memory)"
        )
    # several documents one after another: their declarations blanked (same
    # length, so line numbers hold) and one root around them
    body = _DECLARATION.sub(lambda m: " " * len(m[0]), text.replace("\ufeff", " "))
    parser = expat.ParserCreate()
    root = _Element("hoyle", {}, 1)
    stack = [root]
    actions = [0]

    def start(tag: str, attrs: dict[str, str]) -> None:
        if tag not in _KEPT:
            stack.append(stack[-1])  # (an element hoyle does not read: its parent's place)
            return
        el = _Element(tag, attrs, parser.CurrentLineNumber)
        if tag == "game":
            actions[0] = 0
        elif tag == "action":
            actions[0] += 1
            if actions[0] > MAX_ACTIONS:
                raise HistoryError(
                    f"{where} line {el.line}: more than {MAX_ACTIONS:,} actions in one game "
                    "(a real hand has under 100)"
                )
        stack[-1].children.append(el)
        stack.append(el)

    def end(_tag: str) -> None:
        stack.pop()

    def data(chunk: str) -> None:
        top = stack[-1]
        if top.tag in _TEXT and len(top.text) < 1000:
            top.text += chunk
        elif top is root and chunk.strip():
            raise HistoryError(
                f"{where} line {parser.CurrentLineNumber}: text outside any <session> "
                f"(an iPoker file holds only sessions): {chunk.strip()[:80]!r}"
            )

    def declared(*_args: object) -> None:
        raise HistoryError(f"{where}: an XML document type declaration: iPoker files have none")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    parser.StartDoctypeDeclHandler = declared
    parser.EntityDeclHandler = declared
    try:
        parser.Parse("<hoyle>" + body + "</hoyle>", True)
    except expat.ExpatError as err:
        raise HistoryError(
            f"{where} line {err.lineno}: not well-formed XML ({expat.errors.messages[err.code]}"
            f", column {err.offset}): an iPoker file is XML, cut short or damaged here"
        ) from None
    sessions = [c for c in root.children if c.tag == "session"]
    if not sessions:
        raise HistoryError(f"{where}: no <session> element: not an iPoker hand history")
    return sessions


def read_file(
    text: str, where: str, refused: list[tuple[int, str]] | None = None
) -> list[tuple[int, SiteHand]]:
    """The hands (``<game>`` elements) of an iPoker file's ``text``, each
    with the line its ``<game>`` starts on. With a ``refused`` list, a game
    that cannot be read is put there (its line and message) instead of
    raising; a file that is not well-formed XML always raises."""
    out = []
    for session in _parse(text, where):
        general = next((c for c in session.children if c.tag == "general"), None)
        if general is None:
            raise HistoryError(f"{where} line {session.line}: a <session> without its <general>")
        for game in session.children:
            if game.tag == "game":
                try:
                    out.append((game.line, _Reader(where, general, game).read()))
                except HistoryError as err:
                    if refused is None:
                        raise
                    refused.append((game.line, str(err)))
    return out


class _Reader:
    """One ``<game>``'s reading."""

    def __init__(self, where: str, general: _Element, game: _Element) -> None:
        self.general, self.game = general, game
        self.where = f"{where} game {game.attrs.get('gamecode', '?')}"

    def fail(self, el: _Element, why: str) -> HistoryError:
        return HistoryError(f"{self.where} line {el.line}: {why}: {el.shown()[:200]!r}")

    def amount(self, el: _Element, key: str) -> Decimal:
        value = el.attrs.get(key)
        if value is None:
            raise self.fail(el, f"no {key!r} attribute")
        return money(value, f"{self.where} line {el.line}") if value.strip() else Decimal(0)

    def read(self) -> SiteHand:
        big = self.header()
        hand = self.hand
        rounds = sorted(
            (r for r in self.game.children if r.tag == "round"),
            key=lambda r: _number(r.attrs.get("no")),
        )
        self.seats(rounds)
        if hand.variant[0] != "F":
            hand.stakes = {"min_bet": big}
        for rnd in rounds:
            self.round(rnd, big)
        self.results()
        return hand

    def header(self) -> Decimal:
        """The session's game, table and currency; the game's id and date.
        The big blind (in fixed limit the stakes are the small and big bet)."""
        general, game = self.general, self.game
        gametype = general.child_text("gametype") or ""
        m = _GAME.match(gametype)
        if m is None:
            raise self.fail(
                general, f"hoyle reads iPoker's Holdem NL/PL/L and Omaha PL, not {gametype!r}"
            )
        hand = self.hand = SiteHand("iPoker", self.where)
        hand.variant = _LIMITS[m["limit"]] + _GAMES[m["game"]]
        big = money(m["big"], self.where)
        small = money(m["small"], self.where)
        if hand.variant[0] == "F":
            hand.stakes = {"small_bet": small, "big_bet": big}
            big = small
        code = game.attrs.get("gamecode", "")
        if not code.isdigit() or len(code) > 30:
            raise self.fail(game, "expected a numeric gamecode")
        hand.extra["hand"] = int(code)
        hand.extra["table"] = general.child_text("tablename") or ""
        currency = general.child_text("tablecurrency") or general.child_text("currency")
        if currency and currency.isalpha():
            hand.extra["currency"] = currency
            if not m["small"][0].isdigit():
                hand.extra["currency_symbol"] = m["small"][0]
        inner = next((c for c in game.children if c.tag == "general"), None)
        if inner is None:
            raise self.fail(game, "a <game> without its <general> (the players)")
        self.inner = inner
        when = inner.child_text("startdate") or general.child_text("startdate")
        if when:
            try:
                hand.started(datetime.datetime.strptime(when, "%Y-%m-%d %H:%M:%S"), None)
            except ValueError:
                raise self.fail(inner, f"{when!r} is not a date") from None
        return big

    def seats(self, rounds: list[_Element]) -> None:
        """The players with an action other than sitting out, seated in PHH order."""
        acting = {
            a.attrs.get("player")
            for r in rounds
            for a in r.children
            if a.tag == "action" and a.attrs.get("type") not in _SITTING
        }
        players = [p for p in self.inner.children if p.tag == "player"]
        button = next((p for p in players if p.attrs.get("dealer") == "1"), None)
        if button is None:
            raise self.fail(self.inner, 'no player is the dealer (dealer="1")')
        names = {p.attrs.get("name") for p in players}
        stranger = next(
            (
                a
                for r in rounds
                for a in r.children
                if a.tag == "action" and a.attrs.get("player") not in names
            ),
            None,
        )
        if stranger is not None:
            raise self.fail(stranger, "a player who is not among the game's <player>s acts")
        self.rows: dict[str, _Element] = {}
        seated = []
        for p in players:
            name = p.attrs.get("name", "")
            if name in acting:
                seated.append((_number(p.attrs.get("seat")), name, self.amount(p, "chips")))
                self.rows[name] = p
            elif self.amount(p, "bet") or self.amount(p, "win"):
                raise self.fail(p, f"{name} has no action, but a bet or a win")
        self.lines = Lines([], [], self.where)
        self.lines.seat_all(self.hand, seated, _number(button.attrs.get("seat")))

    def round(self, rnd: _Element, big: Decimal) -> None:  # noqa: PLR0912 (one branch an action)
        """A round's cards and actions (the actions in their ``no`` order)."""
        hand, no = self.hand, _number(rnd.attrs.get("no"))
        for el in rnd.children:
            if el.tag == "cards":
                self.cards(el)
        acts = [a for a in rnd.children if a.tag == "action"]
        for a in sorted(acts, key=lambda a: _number(a.attrs.get("no"))):
            kind = a.attrs.get("type", "")
            if kind in _SITTING:
                continue
            i = hand.player(a.attrs.get("player", ""), a.shown())
            amount = self.amount(a, "sum")
            if kind in ("1", "2", "15"):
                if no != 0:
                    raise self.fail(a, "a forced bet after the cards are dealt")
                self.post(a, i, kind, amount, big)
            elif no == 0:
                raise self.fail(a, "an action before the cards are dealt")
            elif kind == "0":
                hand.fold(i)
            elif kind == "4":
                hand.check(i)
            elif kind in ("3", "5", "6", "7"):
                facing = max(hand.street)
                total = hand.street[i] + amount
                if kind == "3" or (kind == "7" and total <= facing):
                    hand.call(i, amount)
                else:
                    hand.raise_to(i, total)
            elif kind == "23":
                hand.raise_to(i, amount)
            else:
                raise self.fail(a, f"an action type ({kind!r}) hoyle does not read")

    def cards(self, el: _Element) -> None:
        kind = el.attrs.get("type")
        words = el.text.split()
        if kind == "Pocket":
            i = self.hand.player(el.attrs.get("player", ""), el.shown())
            if words and "X" not in words:
                self.hand.deal(i, _cards(words, self.where, el.line))
        elif kind in _STREETS:
            self.hand.board(_cards(words, self.where, el.line))
        else:
            raise self.fail(el, "cards hoyle does not know")

    def post(self, a: _Element, i: int, kind: str, amount: Decimal, big: Decimal) -> None:
        """A forced bet: an ante, a blind in its place, or a post."""
        hand = self.hand
        sb, bb = (1, 0) if len(hand.names) == 2 else (0, 1)
        if kind == "15":
            hand.ante(i, amount)
        elif (kind == "1" and i == sb) or (kind == "2" and i == bb):
            hand.blind(i, amount)
        elif kind == "2" and amount == big:
            hand.blind(i, amount, post=True)
        elif kind == "1":
            hand.blind(i, amount, post=True, live=False)
        else:
            raise self.fail(
                a, "a dead and a live blind posted at once: hoyle posts one or the other"
            )

    def results(self) -> None:
        """Each player's ``bet`` is what the actions put in; the ``win``s,
        less the bet nobody called, are collected; the rest is the rake."""
        hand = self.hand
        hand.infer_uncalled()
        for i, name in enumerate(hand.names):
            row = self.rows[name]
            bet, win = self.amount(row, "bet"), self.amount(row, "win")
            if bet != hand.put[i]:
                raise self.fail(
                    row,
                    f"the pot does not add up: {name}'s actions put in {hand.put[i]}, "
                    f"the file's bet is {bet}",
                )
            won = win - hand.back[i]
            if won < 0:
                raise self.fail(
                    row, f"{name}'s win is less than the bet nobody called, {hand.back[i]}"
                )
            if won:
                hand.collected(i, won, row.shown())
        pot = sum(hand.put, Decimal(0)) - sum(hand.back, Decimal(0))
        hand.total_pot = pot
        hand.totals_line = "(iPoker writes no pot line: the players' bets)"
        hand.rake = pot - sum(hand.won, Decimal(0))
        if hand.rake < 0:
            raise HistoryError(
                f"{self.where}: the wins pay {sum(hand.won, Decimal(0))}, more than the pot, {pot}"
            )


def _number(text: str | None) -> int:
    return int(text) if text and text.isdigit() and len(text) < 10 else -1


def _cards(words: list[str], where: str, line: int) -> str:
    """iPoker cards, suit first (``SA``, ``H10``), as PHH text."""
    return site_cards(" ".join(w[1:] + w[:1] for w in words), f"{where} line {line}")
