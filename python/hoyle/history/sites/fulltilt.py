"""Full Tilt Poker hand histories: cash games; hold'em, Omaha, Omaha hi-lo,
in no limit, pot limit and fixed limit.

A hand opens with ``Full Tilt Poker Game #ID: Table NAME - NL Hold'em -
$1/$2 - 12:40:19 ET - 2014/01/06``; the seats are ``Seat N: NAME ($STACK)``
(``, is sitting out`` after a seated player not dealt in), then the posts
(``NAME posts the small blind of $X``) and ``The button is in seat #N``.
Action lines are ``NAME folds``, ``calls $X``, ``bets $X``, ``raises to
$X`` (names hold spaces: a line is matched against the seated names); the
site's notices (``has 15 seconds left to act``, ``adds $X``, ``stands
up``, chat as ``NAME: text``) change nothing. ``Uncalled bet of $X
returned to NAME``; ``NAME wins the pot ($X)`` (or the high or low pot, or
pot N) is what the player collects; the summary's ``Total pot $X | Rake
$Y`` is checked. The players dealt in are the seats the summary lists,
less those it says sit out.

Refused, with the line: capped no limit (``CAP NL``), a dead small blind
posted with a live one, a board run twice.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from hoyle.errors import HistoryError
from hoyle.history.sites.common import Lines, SiteHand, money, site_cards

__all__ = ["HEADER", "read_hand"]

HEADER = re.compile(r"Full Tilt Poker Game #\d+: ")
_HEAD = re.compile(
    r"Full Tilt Poker Game #(?P<id>\d+): Table (?P<table>.+?) - (?P<cap>CAP )?"
    r"(?P<limit>NL|PL|FL) (?P<game>Hold'em|Omaha Hi|Omaha H/L|Omaha) - "
    r"(?P<small>[^/ ]+)/(?P<big>\S+) - (?P<date>.*)$"
)
_GAMES = {"Hold'em": "T", "Omaha Hi": "O", "Omaha": "O", "Omaha H/L": "O/8"}
_LIMITS = {"NL": "N", "PL": "P", "FL": "F"}
_DATE = re.compile(r"(\d{1,2}):(\d{2}):(\d{2}) (\w+) - (\d{4})/(\d{1,2})/(\d{1,2})")
_ZONES = {"ET": "America/New_York", "CET": "Europe/Paris", "UTC": "UTC", "GMT": "UTC"}
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]+)\)(?P<rest>.*)$")
_SUMMARY_SEAT = re.compile(r"Seat (\d+): (.*)$")
_BUTTON = re.compile(r"The button is in seat #(\d+)$")
_TOTAL = re.compile(r"Total pot (?P<pot>\S+)(?P<side>.*?)\| Rake (?P<rake>\S+)\s*$")
_WINS = re.compile(
    r"(?:wins|ties for) (?:the (?:high |low |main |side )?pot|pot \d+|side pot #?\d+)"
    r"(?: #?\d+)? \((?P<amount>[^)]+)\)"
)
_STREETS = ("*** FLOP ***", "*** TURN ***", "*** RIVER ***")
_NOTICES = (
    "has ",
    "adds ",
    "stands up",
    "sits down",
    "is sitting out",
    "is feeling",
    "has requested",
    "has reconnected",
    "has been disconnected",
    "has timed out",
    "has returned",
)


def read_hand(lines: list[str], numbers: list[int], where: str) -> SiteHand:
    """One hand: its non-blank ``lines`` from the header on, and their
    ``numbers`` in the file (1-based), for messages."""
    r = _Reader(lines, numbers, where)
    small, big = r.header()
    summary, dealt = r.summary()
    k, button = r.seats(summary)
    r.seat_all(r.hand, [s for s in r.seated if s[0] in dealt], button)
    hand = r.hand
    fixed = hand.variant[0] == "F"
    hand.stakes = {"small_bet": small, "big_bet": big} if fixed else {"min_bet": big}
    k = r.forced(k, summary, small if fixed else big)
    r.play(k + 1, summary)
    r.shown(summary)
    hand.totals()
    return hand


class _Reader(Lines):
    """A Full Tilt hand's reading, part by part."""

    hand: SiteHand
    seated: list[tuple[int, str, Decimal]]

    def header(self) -> tuple[Decimal, Decimal]:
        """The header line: the hand, its game, table, stakes and date."""
        head = _HEAD.match(self.lines[0])
        if head is None:
            raise self.fail(
                0, "expected 'Full Tilt Poker Game #ID: Table NAME - NL Hold'em - $1/$2 - DATE'"
            )
        self.where = where = f"{self.where} game #{head['id']}"
        if head["cap"]:
            raise self.fail(0, "capped no limit is not a game hoyle plays")
        hand = self.hand = SiteHand("Full Tilt Poker", where)
        hand.variant = _LIMITS[head["limit"]] + _GAMES[head["game"]]
        small, big = money(head["small"], where), money(head["big"], where)
        hand.extra["hand"] = int(head["id"])
        table = head["table"]
        hand.extra["table"] = table.split(" (")[0] if table.endswith(")") else table
        if head["small"][0] == "$":
            hand.extra.update(currency="USD", currency_symbol="$")
        dates = _DATE.findall(head["date"])
        if dates:
            h, mi, s, zone, y, mo, d = next((x for x in dates if x[3] == "ET"), dates[0])
            try:
                when = datetime.datetime(int(y), int(mo), int(d), int(h), int(mi), int(s))
            except ValueError:
                raise self.fail(0, "not a date") from None
            hand.started(when, _ZONES.get(zone))
        return small, big

    def summary(self) -> tuple[int, set[int]]:
        """The summary's line and the seats it lists as dealt in; its pot and rake."""
        lines, hand, where = self.lines, self.hand, self.where
        summary = self.summary_start()
        dealt: set[int] = set()
        for k in range(summary + 1, len(lines)):
            x = lines[k].rstrip()
            if x.startswith("Total pot"):
                m = _TOTAL.match(x)
                if m is None:
                    raise self.fail(k, "expected 'Total pot AMOUNT | Rake AMOUNT'")
                hand.total_pot = money(m["pot"], where)
                hand.rake = money(m["rake"], where)
                hand.totals_line = x
            elif (s := _SUMMARY_SEAT.match(x)) is not None and not x.endswith(" is sitting out"):
                dealt.add(int(s[1]))
        if hand.total_pot is None:
            raise HistoryError(
                f"{where}: the summary has no 'Total pot' line (line {self.numbers[summary]})"
            )
        return summary, dealt

    def seats(self, summary: int) -> tuple[int, int]:
        """The seat lines, and the button's seat (its line among the posts).
        The line after the seats."""
        self.seated = []
        k = 1
        while k < len(self.lines) and (m := _SEAT.match(self.lines[k])) is not None:
            self.seated.append((int(m["seat"]), m["name"], money(m["stack"], self.at(k))))
            k += 1
        if not self.seated:
            raise self.fail(min(1, len(self.lines) - 1), "expected 'Seat N: NAME ($STACK)'")
        for j in range(k, summary):
            if (b := _BUTTON.match(self.lines[j].rstrip())) is not None:
                return k, int(b[1])
        raise HistoryError(f"{self.where}: no 'The button is in seat #N' line")

    def forced(self, k: int, summary: int, big: Decimal) -> int:
        """The posts, up to the hole cards; the hole cards' line."""
        hand, lines = self.hand, self.lines
        sb, bb = (1, 0) if len(hand.names) == 2 else (0, 1)
        while k < summary and not lines[k].startswith("*** HOLE CARDS ***"):
            said = self.speaker(lines[k].rstrip(), " ")
            if said is not None and said[1].startswith(("posts ", "antes ")):
                i, rest = said
                amount = money(rest.rsplit(" ", 1)[-1], self.at(k))
                if rest.startswith("antes "):
                    hand.ante(i, amount)
                elif (rest.startswith("posts the small blind") and i == sb) or (
                    rest.startswith("posts the big blind") and i == bb
                ):
                    hand.blind(i, amount)
                elif rest.startswith(("posts the big blind", "posts $")) and amount == big:
                    hand.blind(i, amount, post=True)
                elif rest.startswith("posts the small blind"):
                    hand.blind(i, amount, post=True, live=False)
                else:
                    raise self.fail(k, "a post hoyle does not play (a dead and a live blind)")
            elif lines[k].startswith("*** "):
                raise self.fail(k, "expected '*** HOLE CARDS ***'")
            k += 1
        return k

    def play(self, start: int, summary: int) -> None:
        """The lines from the hole cards to the summary."""
        hand, lines = self.hand, self.lines
        showdown = False
        for k in range(start, summary):
            x = lines[k].rstrip()
            if x.startswith("*** "):
                if x.startswith(_STREETS):
                    cards = x.split(" (Total Pot")[0].rsplit("[", 1)[-1].rstrip("] ")
                    hand.board(site_cards(cards, self.at(k)))
                elif x.startswith("*** SHOW DOWN ***"):
                    showdown = True
                else:
                    raise self.fail(k, "a street hoyle does not know (a board run twice?)")
                continue
            if x.startswith("Dealt to "):
                self.dealt_to(hand, x)
                continue
            if x.startswith("Uncalled bet of "):
                amount_text, _, name = x[16:].partition(" returned to ")
                hand.uncalled(hand.player(name, x), money(amount_text, self.at(k)))
                continue
            said = self.speaker(x, " ")
            if said is None:
                if self.speaker(x, ": ") is not None or any(f" {n}" in x for n in _NOTICES):
                    continue  # (chat; a notice about a player not dealt in)
                raise self.fail(k, "no player dealt in says this")
            i, rest = said
            self.act(k, i, rest, showdown)

    def act(self, k: int, i: int, rest: str, showdown: bool) -> None:  # noqa: PLR0912 (one branch an action)
        """Player ``i``'s line ``k`` (``rest``: after the name)."""
        hand = self.hand
        amount_text = rest.split(", and is all in", maxsplit=1)[0].rsplit(" ", 1)[-1]
        if rest == "folds":
            hand.fold(i)
        elif rest == "checks":
            hand.check(i)
        elif rest.startswith("calls "):
            hand.call(i, money(amount_text, self.at(k)))
        elif rest.startswith("bets "):
            hand.bet(i, money(amount_text, self.at(k)))
        elif rest.startswith("raises to "):
            hand.raise_to(i, money(amount_text, self.at(k)))
        elif rest.startswith("shows ["):
            cards = site_cards(rest[7:].split("]", maxsplit=1)[0], self.where)
            if showdown:
                hand.show(i, cards)
            else:
                hand.deal(i, cards)
        elif rest.startswith("shows ") or rest.startswith("mucks"):
            if rest.startswith("mucks") and showdown and not hand.over:
                hand.show(i, None)
        elif (m := _WINS.match(rest)) is not None:
            hand.collected(i, money(m["amount"], self.at(k)), self.lines[k])
        elif rest.startswith(("posts ", "antes ")):
            raise self.fail(k, "a post after the hole cards")
        elif rest.startswith(_NOTICES) or rest.startswith("is "):
            pass
        else:
            raise self.fail(k, "an action hoyle does not read")

    def shown(self, summary: int) -> None:
        """The summary's ``showed [..]`` and ``mucked [..]``: known cards."""
        hand = self.hand
        for x in self.lines[summary + 1 :]:
            s = _SUMMARY_SEAT.match(x)
            if s is not None and ("showed [" in x or "mucked [" in x):
                seat = int(s[1])
                if seat in hand.seats:
                    cards = site_cards(x.split("[", 1)[1].split("]")[0], self.where)
                    hand.deal(hand.seats.index(seat), cards)
