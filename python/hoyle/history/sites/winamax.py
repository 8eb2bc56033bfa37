"""Winamax hand histories: cash games and tournaments; hold'em and Omaha
(no limit, pot limit, fixed limit).

A hand opens with ``Winamax Poker - CashGame - HandId: #ID - Holdem no
limit (0.50€/1€) - DATE UTC`` (a tournament: ``Winamax Poker - Tournament
"NAME" buyIn: ... level: N - HandId: ...``); the seats are ``Seat N: NAME
(STACK)``; the forced bets come under ``*** ANTE/BLINDS ***``, the play
from ``*** PRE-FLOP ***``. Winamax writes no uncalled-bet line: its
``collected`` and ``Total pot`` count the bet nobody called (the replay
returns it, so the player's net is the same), and its ``Total pot`` is
after the rake: the check is pot plus rake equals what was bet. The
players dealt in are the seated ones the hand names.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from hoyle.errors import HistoryError
from hoyle.history.sites.common import Lines, SiteHand, money, site_cards

__all__ = ["HEADER", "read_hand"]

HEADER = re.compile(r"Winamax Poker - (?:CashGame|Tournament|Go Fast|Sit&Go)")
_HEAD = re.compile(
    r"Winamax Poker - (?P<kind>CashGame|Tournament .*?|Go Fast .*?|Sit&Go .*?)"
    r"(?: level: (?P<level>\S+))? - HandId: #(?P<id>[\d-]+) - "
    r"(?P<game>Holdem|Omaha|Omaha Hi/Lo|Omaha8) (?P<limit>no limit|pot limit|fixed limit) "
    r"\((?:(?P<ante>[^/)]+)/)?(?P<small>[^/)]+)/(?P<big>[^/)]+)\) - "
    r"(?P<date>\d{4}/\d\d/\d\d \d\d:\d\d:\d\d)(?: (?P<zone>\w+))?"
)
_GAMES = {"Holdem": "T", "Omaha": "O", "Omaha Hi/Lo": "O/8", "Omaha8": "O/8"}
_LIMITS = {"no limit": "N", "pot limit": "P", "fixed limit": "F"}
_TABLE = re.compile(
    r"Table: '(?P<table>.*)' (?P<max>\d+)-max .*?Seat #(?P<button>\d+) is the button"
)
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]+?)(?:, [^()]*)?\)\s*$")
_TOTAL = re.compile(r"Total pot (?P<pot>\S+) \| (?:Rake (?P<rake>\S+)|No rake)")
_STREETS = ("*** FLOP ***", "*** TURN ***", "*** RIVER ***")
_SUFFIXES = (" and is all-in", " out of position")


def read_hand(lines: list[str], numbers: list[int], where: str) -> SiteHand:
    """One hand: its non-blank ``lines`` from the header on, and their
    ``numbers`` in the file, for messages."""
    r = _Reader(lines, numbers, where)
    button, big = r.header()
    try:
        summary = next(j for j, x in enumerate(lines) if x.startswith("*** SUMMARY ***"))
    except StopIteration:
        raise HistoryError(f"{r.where}: the hand is cut short: no '*** SUMMARY ***' line") from None
    k = r.seats(button, summary)
    hand = r.hand
    hand.stakes = (
        {"small_bet": big, "big_bet": 2 * big} if hand.variant[0] == "F" else {"min_bet": big}
    )
    r.play(k, summary, big)
    r.closing(summary)
    hand.totals()
    return hand


class _Reader(Lines):
    """A Winamax hand's reading, part by part."""

    hand: SiteHand

    def header(self) -> tuple[int, Decimal]:
        """The header and table lines: the button's seat and the big blind."""
        lines = self.lines
        head = _HEAD.match(lines[0])
        if head is None:
            raise self.fail(0, "not a Winamax hand header hoyle reads")
        self.where = where = f"{self.where} hand #{head['id']}"
        hand = self.hand = SiteHand("Winamax", where)
        hand.variant = _LIMITS[head["limit"]] + _GAMES[head["game"]]
        big = money(head["big"], where)
        hand.extra["_hoyle_hand_id"] = head["id"]
        if head["kind"] != "CashGame":
            hand.extra["_hoyle_tournament"] = head["kind"]
            if head["level"]:
                hand.extra["_hoyle_level"] = head["level"]
        elif "€" in head["big"]:
            hand.extra.update(currency="EUR", currency_symbol="€")
        when = datetime.datetime.strptime(head["date"], "%Y/%m/%d %H:%M:%S")
        hand.started(when, "UTC" if head["zone"] == "UTC" else None)
        if len(lines) < 2 or (table := _TABLE.match(lines[1])) is None:
            raise self.fail(
                min(1, len(lines) - 1), "expected \"Table: 'NAME' N-max ... Seat #K is the button\""
            )
        hand.extra["table"] = table["table"]
        hand.extra["seat_count"] = int(table["max"])
        return int(table["button"]), big

    def seats(self, button: int, summary: int) -> int:
        """The seat lines; the players the hand names seated. The line after them."""
        lines = self.lines
        k = 2
        seated: list[tuple[int, str, Decimal]] = []
        while k < len(lines) and (m := _SEAT.match(lines[k])) is not None:
            seated.append((int(m["seat"]), m["name"], money(m["stack"], self.where)))
            k += 1
        if not seated:
            raise self.fail(min(k, len(lines) - 1), "expected the seats ('Seat N: NAME (STACK)')")
        body = lines[k:summary]
        named = {
            name
            for _, name, _ in seated
            if any(x.startswith((name + " ", f"Dealt to {name} ")) for x in body)
        }
        self.seat_all(self.hand, [s for s in seated if s[1] in named], button)
        return k

    def amount(self, k: int, text: str) -> Decimal:
        for suffix in _SUFFIXES:
            text = text.split(suffix, 1)[0]
        return money(text, self.at(k))

    def play(self, start: int, summary: int, big: Decimal) -> None:
        """The lines from the seats to the summary."""
        hand = self.hand
        showdown = False
        blinds = True
        for k in range(start, summary):
            x = self.lines[k].rstrip()
            if x.startswith("*** "):
                if x.startswith("*** ANTE/BLINDS ***"):
                    blinds = True
                elif x.startswith("*** PRE-FLOP ***"):
                    blinds = False
                elif x.startswith(_STREETS):
                    hand.board(site_cards(x.rsplit("[", 1)[-1].rstrip("] "), self.at(k)))
                elif x.startswith("*** SHOW DOWN ***"):
                    showdown = True
                else:
                    raise self.fail(k, "a street hoyle does not know")
            elif x.startswith("Dealt to "):
                self.dealt_to(hand, x)
            elif (said := self.speaker(x, " ")) is not None:
                i, rest = said
                if rest.startswith("posts "):
                    if not blinds:
                        raise self.fail(k, "a post after the cards are dealt")
                    self.post(k, i, rest, big)
                else:
                    self.act(k, i, rest, showdown)
            # (else a seated player's chat or a spectator's: no action)

    def post(self, k: int, i: int, rest: str, big: Decimal) -> None:
        """A forced bet: an ante, a blind in its place, or a post."""
        hand = self.hand
        sb, bb = (1, 0) if len(hand.names) == 2 else (0, 1)
        posted = rest[6:]
        kind = next(
            (w for w in ("ante", "small blind", "big blind") if posted.startswith(w + " ")), None
        )
        if kind is None:
            raise self.fail(k, "a post hoyle does not read")
        amount = self.amount(k, posted[len(kind) + 1 :])
        placed = "out of position" not in rest
        if kind == "ante":
            hand.ante(i, amount)
        elif placed and ((kind == "small blind" and i == sb) or (kind == "big blind" and i == bb)):
            hand.blind(i, amount)
        elif kind == "big blind" and amount == big:
            hand.blind(i, amount, post=True)
        elif kind == "small blind":
            hand.blind(i, amount, post=True, live=False)
        else:
            raise self.fail(k, "a post hoyle does not play")

    def act(self, k: int, i: int, rest: str, showdown: bool) -> None:
        """A player's action on line ``k``."""
        hand = self.hand
        if rest == "folds":
            hand.fold(i)
        elif rest == "checks":
            hand.check(i)
        elif rest.startswith("calls "):
            hand.call(i, self.amount(k, rest[6:]))
        elif rest.startswith("bets "):
            hand.bet(i, self.amount(k, rest[5:]))
        elif rest.startswith("raises "):
            hand.raise_to(i, self.amount(k, rest.split(" to ", 1)[-1]))
        elif rest.startswith("shows ["):
            cards = site_cards(rest[7:].split("]", maxsplit=1)[0], self.where)
            if showdown:
                hand.show(i, cards)
            else:
                hand.deal(i, cards)
        elif rest.startswith("mucks"):
            if showdown:
                hand.show(i, None)
        elif rest.startswith("collected "):
            hand.collected(
                i, self.amount(k, rest[10:].split(" from ", maxsplit=1)[0]), self.lines[k]
            )
        else:
            raise self.fail(k, "an action hoyle does not read")

    def closing(self, summary: int) -> None:
        """The summary: the pot and rake line, the cards shown or mucked."""
        hand, where = self.hand, self.where
        written: Decimal | None = None
        for x in self.lines[summary + 1 :]:
            if (m := _TOTAL.match(x)) is not None:
                written = money(m["pot"], where)
                hand.rake = money(m["rake"], where) if m["rake"] else Decimal(0)
                hand.totals_line = x
            elif x.startswith("Seat ") and (" showed [" in x or " mucked [" in x):
                seat = int(x[5:].split(":", 1)[0])
                if seat in hand.seats:
                    cards = site_cards(x.split("[", 1)[1].split("]")[0], where)
                    hand.deal(hand.seats.index(seat), cards)
        if written is None:
            raise HistoryError(f"{where}: the summary has no 'Total pot' line")
        # Winamax's pot line is after the rake and counts the uncalled bet
        hand.total_pot = written + hand.rake
