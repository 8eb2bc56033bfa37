"""PartyPoker hand histories: cash games; hold'em (no limit, pot limit,
fixed limit), Omaha and Omaha hi-lo.

A hand opens with ``***** Hand History for Game ID *****`` (some files put
``#Game No : ID`` before it); then ``$0.05/$0.10 USD NL Texas Hold'em -
DAY, MONTH DD, HH:MM:SS ZONE YYYY`` (a pot-limit table may give one amount,
its buy-in: the blinds are then what is posted), the table, ``Seat N is the
button``, the seats ``Seat N: NAME ( $STACK USD )``. As on 888 (the same
lineage), ``raises [$X]`` and ``calls [$X]`` are the chips the action adds
(``is all-In [$X]``: a call or a raise, by its size); the file writes no
pot, rake or uncalled-bet line, and its ``wins`` lines count the bet nobody
called: the rake is what was bet less what the wins lines pay. The players
dealt in are the seated ones the hand names.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from hoyle.errors import HistoryError
from hoyle.history.sites.common import Lines, SiteHand, money, site_cards

__all__ = ["HEADER", "read_hand"]

HEADER = re.compile(r"\*{5} Hand History for Game \d+ \*{5}")
_TITLE = re.compile(r"\*{5} Hand History for Game (?P<id>\d+) \*{5}")
_HEAD = re.compile(
    r"(?:(?P<small>[^/ ]+)/)?(?P<big>\S+) (?P<currency>[A-Z]{3}) (?P<limit>NL|PL|FL) "
    r"(?P<game>Texas Hold'em|Omaha Hi-Lo|Omaha) - \w+, (?P<date>\w+ \d{1,2}, \d\d:\d\d:\d\d) "
    r"(?P<zone>\w+) (?P<year>\d{4})"
)
_GAMES = {"Texas Hold'em": "T", "Omaha": "O", "Omaha Hi-Lo": "O/8"}
_ZONES = {"EST": "America/New_York", "EDT": "America/New_York", "CET": "Europe/Paris"}
_BUTTON = re.compile(r"Seat (\d+) is the button")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \( (?P<stack>[^()]+) \)\s*$")
_ACT = re.compile(
    r"(?P<what>posts small blind|posts big blind|calls|raises|bets|checks|folds|is all-In|"
    r"shows|doesn't show|wins|does not show cards|has left the table|has joined the table|"
    r"will be using (?:his|her|their) time bank for this hand|is sitting out|"
    r"has been reconnected|is disconnected|did not respond in time)"
    r"\s*(?:\[\s*(?P<arg>[^]]*?)\s*\])?(?P<rest>.*)$"
)
_WINS = re.compile(
    r"(?:(?:Hi|Lo) \()?(?P<amount>[^\s()]+)(?: [A-Z]{3})?\)?(?: from the (?:main|side) pot.*)?\s*$"
)
_STREETS = ("** Dealing Flop **", "** Dealing Turn **", "** Dealing River **")


def read_hand(lines: list[str], numbers: list[int], where: str) -> SiteHand:
    """One hand: its non-blank ``lines`` from the title on, and their
    ``numbers`` in the file, for messages."""
    while len(lines) > 1 and lines[-1].startswith("#Game No"):  # the next hand's preamble
        lines, numbers = lines[:-1], numbers[:-1]
    r = _Reader(lines, numbers, where)
    button, head = r.header()
    k = r.seats(button)
    hand = r.hand
    big = r.play(
        k, money(head["big"], r.where) if head["small"] and head["limit"] != "FL" else None
    )
    if big is None:
        raise HistoryError(f"{r.where}: no big blind is posted")
    if hand.variant[0] == "F":  # (fixed limit: the header's amounts are the bets)
        if not head["small"]:
            raise HistoryError(f"{r.where}: a fixed-limit table without its bets in the header")
        hand.stakes = {
            "small_bet": money(head["small"], r.where),
            "big_bet": money(head["big"], r.where),
        }
    else:
        hand.stakes = {"min_bet": big}
    if not hand.collected_lines:
        raise HistoryError(f"{r.where}: the hand is cut short: nobody wins")
    # the wins lines count the bet nobody called: the rake is the rest
    hand.total_pot = sum(hand.put, Decimal(0))
    hand.rake = hand.total_pot - sum(hand.won, Decimal(0))
    if hand.rake < 0:
        raise HistoryError(f"{r.where}: the wins lines pay more than was bet ({hand.total_pot})")
    hand.totals_line = "(PartyPoker writes no pot line)"
    hand.totals()
    return hand


class _Reader(Lines):
    """A PartyPoker hand's reading, part by part."""

    hand: SiteHand

    def header(self) -> tuple[int, re.Match[str]]:
        """The title, game, table and button lines: the button's seat and the game line."""
        lines = self.lines
        title = _TITLE.match(lines[0])
        if title is None or len(lines) < 6:
            raise HistoryError(
                f"{self.where} line {self.numbers[0]}: the hand is cut short after its title"
            )
        self.where = where = f"{self.where} game {title['id']}"
        head = _HEAD.match(lines[1])
        if head is None:
            raise self.fail(
                1, "expected 'SMALL/BIG USD NL Texas Hold'em - DAY, MONTH DD, TIME ZONE YEAR'"
            )
        hand = self.hand = SiteHand("PartyPoker", where)
        hand.variant = head["limit"][0] + _GAMES[head["game"]]
        hand.extra["hand"] = int(title["id"])
        hand.extra["currency"] = head["currency"]
        try:
            when = datetime.datetime.strptime(
                f"{head['date']} {head['year']}", "%B %d, %H:%M:%S %Y"
            )
        except ValueError:
            raise self.fail(1, "not a date") from None
        hand.started(when, _ZONES.get(head["zone"]))
        hand.extra["table"] = lines[2].removeprefix("Table ").split(" (")[0].strip()
        button_line = _BUTTON.match(lines[3])
        if button_line is None:
            raise self.fail(3, "expected 'Seat N is the button'")
        return int(button_line[1]), head

    def seats(self, button: int) -> int:
        """The seat lines; the players the hand names seated. The line after them."""
        lines, hand = self.lines, self.hand
        k = 4
        if lines[k].startswith("Total number of players"):
            count = lines[k].split(":", 1)[1].strip().split("/")
            if len(count) == 2 and count[1].isdigit():
                hand.extra["seat_count"] = int(count[1])
            k += 1
        seated: list[tuple[int, str, Decimal]] = []
        while k < len(lines) and (m := _SEAT.match(lines[k])) is not None:
            seated.append((int(m["seat"]), m["name"].strip(), money(m["stack"], self.where)))
            k += 1
        if not seated:
            raise self.fail(
                min(k, len(lines) - 1), "expected the seats ('Seat N: NAME ( $STACK USD )')"
            )
        body = lines[k:]
        said = (" posts", " calls", " raises", " bets", " checks", " folds", " is all-In", " wins")
        named = {
            name
            for _, name, _ in seated
            if any(x.startswith((*(name + w for w in said), f"Dealt to {name} ")) for x in body)
        }
        self.seat_all(hand, [s for s in seated if s[1] in named], button)
        return k

    def play(self, start: int, big: Decimal | None) -> Decimal | None:
        """The lines from the seats on; the big blind (the header's, else the posted one)."""
        hand = self.hand
        dealt = False
        for k in range(start, len(self.lines)):
            x = self.lines[k].rstrip()
            if x.startswith("** "):
                if x.startswith("** Dealing down cards **"):
                    dealt = True
                elif x.startswith(_STREETS):
                    hand.board(site_cards(x.split("[", 1)[-1].rstrip("] "), self.at(k)))
                else:
                    raise self.fail(k, "a street hoyle does not know")
            elif x.startswith("Dealt to "):
                self.dealt_to(hand, x)
            elif (said := self.speaker(x, " ")) is not None:
                i, rest = said
                if rest.startswith("posts big blind + dead"):  # [$LIVE + DEAD]
                    self.dead_and_live(k, i, rest, big, dealt=dealt)
                    continue
                m = _ACT.match(rest)
                if m is None:
                    raise self.fail(k, "an action hoyle does not read")
                if m["what"].startswith("posts"):
                    if dealt:
                        raise self.fail(k, "a post after the cards are dealt")
                    big = self.post(k, i, m, big)
                else:
                    self.act(k, i, m)
            # (else a notice, a spectator: no action)
        return big

    def dead_and_live(self, k: int, i: int, rest: str, big: Decimal | None, *, dealt: bool) -> None:
        """``posts big blind + dead [$3]``: the big blind live, the rest dead."""
        m = _ACT.match("posts big blind" + rest[len("posts big blind + dead") :])
        if dealt or big is None or m is None or not m["arg"]:
            raise self.fail(k, "expected 'posts big blind + dead [$AMOUNT]' after the big blind")
        total = money(m["arg"], self.at(k))
        if total <= big:
            raise self.fail(k, f"a big blind and a dead one come to more than {big}")
        self.hand.dead_and_live(i, total - big, big)

    def post(self, k: int, i: int, m: re.Match[str], big: Decimal | None) -> Decimal | None:
        """A blind in its place, or a post; the big blind so far."""
        hand = self.hand
        sb, bb = (1, 0) if len(hand.names) == 2 else (0, 1)
        what, amount = m["what"], money(m["arg"] or "", self.at(k))
        if what == "posts small blind" and i == sb:
            hand.blind(i, amount)
        elif what == "posts big blind" and i == bb:
            hand.blind(i, amount)
            big = big if big is not None else amount
        elif what == "posts big blind" and amount == (big or amount):
            hand.blind(i, amount, post=True)
        elif what == "posts small blind":
            hand.blind(i, amount, post=True, live=False)
        else:
            raise self.fail(k, "a post hoyle does not play")
        return big

    def act(self, k: int, i: int, m: re.Match[str]) -> None:  # noqa: PLR0912
        """A player's action on line ``k``."""
        hand, what, arg, here = self.hand, m["what"], m["arg"], self.at(k)
        if what == "folds":
            hand.fold(i)
        elif what == "checks":
            hand.check(i)
        elif what == "calls":
            hand.call(i, money(arg or "", here))
        elif what in ("bets", "raises"):
            hand.raise_to(i, hand.street[i] + money(arg or "", here))
        elif what == "is all-In":
            amount = money(arg or "", here)
            if hand.street[i] + amount > max(hand.street):
                hand.raise_to(i, hand.street[i] + amount)
            else:
                hand.call(i, amount)
        elif what in ("shows", "doesn't show"):
            cards = site_cards(arg or "", here)
            showdown = sum(1 for f in hand.folded if not f) >= 2
            if what == "shows" and showdown:
                hand.show(i, cards)
            else:
                hand.deal(i, cards)
                if showdown:
                    hand.show(i, None)
        elif what == "wins":
            won = _WINS.match(m["rest"].strip())
            if won is None:
                raise self.fail(k, "expected 'NAME wins $X USD'")
            hand.collected(i, money(won["amount"].split()[0], here), self.lines[k])
