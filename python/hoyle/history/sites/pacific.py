"""888poker (Pacific Poker) hand histories: cash games and tournaments;
hold'em (no limit, pot limit, fixed limit), Omaha and Omaha hi-lo.

A hand opens with ``#Game No : ID`` and ``***** 888poker Hand History for
Game ID *****``; the seats are ``Seat N: NAME ( $STACK )``. The file writes
no pot, rake or uncalled-bet line: a ``raises [$X]`` or ``calls [$X]`` is
the chips the action adds; the bet nobody called goes back (the replay
returns it); the rake is the pot less the collected lines (never negative).
The players dealt in are the seated ones the hand names (a post, an
action, a card): a seated player sitting out appears in no line.

A dead blind posted with a live one (``posts dead blind [$1 + $2]``) is
one post: live for the big blind, the rest dead (``SiteHand.dead_and_live``).
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from hoyle.errors import HistoryError
from hoyle.history.sites.common import Lines, SiteHand, money, site_cards

__all__ = ["HEADER", "read_hand"]

HEADER = re.compile(r"#Game No : \d+")
_TITLE = re.compile(r"\*{5} (?:(?P<site>.*?) )?Hand History for Game (?P<id>\d+)")
_HEAD = re.compile(
    r"(?P<small>[^/]+?)/(?P<big>.+?) Blinds (?P<limit>No Limit|Pot Limit|Fix Limit) "
    r"(?P<game>Holdem|Omaha|OmahaHL)(?: Jackpot table)? - \*\*\* "
    r"(?P<d>\d\d) (?P<m>\d\d) (?P<y>\d{4}) (?P<t>\d\d:\d\d:\d\d)"
)
_GAMES = {"Holdem": "T", "Omaha": "O", "OmahaHL": "O/8"}
_LIMITS = {"No Limit": "N", "Pot Limit": "P", "Fix Limit": "F"}
_TABLE = re.compile(
    r"(?:Tournament #(?P<tour>\d+) (?P<buyin>.*?) - )?Table (?P<table>.*?)"
    r"(?: (?P<max>\d+) Max)?(?: \(.*\))?\s*$"
)
_BUTTON = re.compile(r"Seat (\d+) is the button")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \( (?P<stack>[^()]+) \)\s*$")
_ACT = re.compile(
    r"(?P<what>posts small blind|posts big blind|posts ante|posts dead blind|calls|raises|bets|"
    r"checks|folds|shows|mucks|collected|did not show his hand|is sitting out|has left)"
    r"(?: \[\s*(?P<arg>[^]]*?)\s*\])?\.?\s*$"
)
_STREETS = ("** Dealing flop **", "** Dealing turn **", "** Dealing river **")


def read_hand(lines: list[str], numbers: list[int], where: str) -> SiteHand:
    """One hand: its non-blank ``lines`` from ``#Game No`` on, and their
    ``numbers`` in the file, for messages."""
    r = _Reader(lines, numbers, where)
    button, big = r.header()
    k = r.seats(button)
    hand = r.hand
    hand.stakes = (
        {"small_bet": big, "big_bet": 2 * big} if hand.variant[0] == "F" else {"min_bet": big}
    )
    if not r.play(k, big):
        raise HistoryError(f"{r.where}: the hand is cut short: no '** Summary **' line")
    if len(hand.names) > 2 and hand.blinds[0] <= 0 and hand.blinds[1] <= 0:
        raise HistoryError(
            f"{r.where}: no small blind is posted left of the button (a dead small blind): "
            "hoyle's blinds start at the button's left"
        )
    hand.infer_uncalled()
    hand.returned_in_collected()
    pot = sum(hand.put, Decimal(0)) - sum(hand.back, Decimal(0))
    hand.total_pot = pot
    hand.rake = pot - sum(hand.won, Decimal(0))
    if hand.rake < 0:
        paid = sum(hand.won, Decimal(0))
        raise HistoryError(f"{r.where}: the collected lines pay {paid}, more than the pot, {pot}")
    hand.totals_line = "(888 writes no pot line)"
    return hand


class _Reader(Lines):
    """An 888 hand's reading, part by part."""

    hand: SiteHand

    def header(self) -> tuple[int, Decimal]:
        """The title, game, table and button lines: the button's seat and the big blind."""
        lines = self.lines
        if len(lines) < 6:
            raise HistoryError(
                f"{self.where} line {self.numbers[0]}: the hand is cut short after its header"
            )
        title = _TITLE.match(lines[1])
        if title is None:
            raise self.fail(1, "expected '***** 888poker Hand History for Game ID *****'")
        self.where = where = f"{self.where} game {title['id']}"
        head = _HEAD.match(lines[2])
        if head is None:
            raise self.fail(
                2, "expected 'SMALL/BIG Blinds No Limit Holdem - *** DD MM YYYY HH:MM:SS'"
            )
        hand = self.hand = SiteHand("888poker", where)
        hand.variant = _LIMITS[head["limit"]] + _GAMES[head["game"]]
        big = money(head["big"], where)
        money(head["small"], where)  # (checked; the small blind posted is what counts)
        hand.extra["hand"] = int(title["id"])
        if title["site"] and title["site"] != "888poker":
            hand.extra["_hoyle_room"] = title["site"]  # (888's network: Cassava, skins)
        try:
            when = datetime.datetime.strptime(
                f"{head['y']}-{head['m']}-{head['d']} {head['t']}", "%Y-%m-%d %H:%M:%S"
            )
        except ValueError:
            raise self.fail(2, "not a date") from None
        hand.started(when, None)
        table = _TABLE.match(lines[3])
        if table is None:
            raise self.fail(3, "expected 'Table NAME N Max (Real Money)'")
        hand.extra["table"] = table["table"].strip()
        if table["max"]:
            hand.extra["seat_count"] = int(table["max"])
        if table["tour"]:
            hand.extra["_hoyle_tournament"] = table["tour"]
            hand.extra["_hoyle_buy_in"] = table["buyin"]
        elif head["small"][0] == "$":
            hand.extra.update(currency="USD", currency_symbol="$")
        elif head["small"][0] in "€£":
            sign = head["small"][0]
            hand.extra.update(currency="EUR" if sign == "€" else "GBP", currency_symbol=sign)
        button_line = _BUTTON.match(lines[4])
        if button_line is None:
            raise self.fail(4, "expected 'Seat N is the button'")
        return int(button_line[1]), big

    def seats(self, button: int) -> int:
        """The seat lines; the players the hand names seated. The line after them."""
        lines = self.lines
        k = 6 if lines[5].startswith("Total number of players") else 5
        seated: list[tuple[int, str, Decimal]] = []
        while k < len(lines) and (m := _SEAT.match(lines[k])) is not None:
            seated.append((int(m["seat"]), m["name"].strip(), money(m["stack"], self.where)))
            k += 1
        if not seated:
            raise self.fail(min(k, len(lines) - 1), "expected the seats ('Seat N: NAME ( STACK )')")
        body = lines[k:]
        named = {
            name
            for _, name, _ in seated
            if any(x.startswith((name + " ", f"Dealt to {name} ")) for x in body)
        }
        self.seat_all(self.hand, [s for s in seated if s[1] in named], button)
        return k

    def play(self, start: int, big: Decimal) -> bool:
        """The lines from the seats on; whether the summary came."""
        hand = self.hand
        dealt = summary = False
        for k in range(start, len(self.lines)):
            x = self.lines[k].rstrip()
            if x.startswith("** "):
                if x.startswith("** Dealing down cards **"):
                    dealt = True
                elif x.startswith(_STREETS):
                    hand.board(site_cards(x.split("[", 1)[-1].rstrip("] "), self.at(k)))
                elif x.startswith("** Summary **"):
                    summary = True
                    hand.over = sum(1 for f in hand.folded if not f) < 2
                else:
                    raise self.fail(k, "a street hoyle does not know")
            elif x.startswith("Dealt to "):
                self.dealt_to(hand, x)
            elif not x.startswith("("):  # (the summary's "(Hi: ...)" descriptions)
                self.act(k, x, dealt=dealt, summary=summary, big=big)
        return summary

    def act(self, k: int, x: str, *, dealt: bool, summary: bool, big: Decimal) -> None:  # noqa: PLR0912
        """A player's line ``k``."""
        hand = self.hand
        said = self.speaker(x, " ")
        if said is None:
            raise self.fail(k, "no player dealt in says this")
        i, rest = said
        m = _ACT.match(rest)
        if m is None:
            raise self.fail(k, "an action hoyle does not read")
        what, arg = m["what"], m["arg"]
        if what == "posts dead blind":  # [$DEAD + $LIVE]
            parts = (arg or "").split("+")
            if dealt or len(parts) != 2:
                raise self.fail(k, "expected 'posts dead blind [$DEAD + $LIVE]' before the cards")
            dead, live = (money(p, self.at(k)) for p in parts)
            if live != big:
                raise self.fail(k, f"the live part of a dead blind is not the big blind {big}")
            self.hand.dead_and_live(i, dead, live)
            return
        amount = money(arg, self.at(k)) if arg and what not in ("shows", "mucks") else Decimal(0)
        if what.startswith("posts"):
            if dealt:
                raise self.fail(k, "a post after the cards are dealt")
            self.post(i, what, amount, big)
        elif what == "folds":
            hand.fold(i)
        elif what == "checks":
            hand.check(i)
        elif what == "calls":
            hand.call(i, amount)
        elif what in ("bets", "raises"):
            hand.raise_to(i, hand.street[i] + amount)
        elif what in {"shows", "mucks"}:
            cards = site_cards(arg or "", self.where)
            if what == "shows" and summary:
                hand.show(i, cards)
            else:
                hand.deal(i, cards)
                if summary and not hand.over:
                    hand.show(i, None)
        elif what == "collected":
            hand.collected(i, amount, x)

    def post(self, i: int, what: str, amount: Decimal, big: Decimal) -> None:
        """A forced bet: an ante, a blind in its place, or a post."""
        hand = self.hand
        sb, bb = (1, 0) if len(hand.names) == 2 else (0, 1)
        if what == "posts ante":
            hand.ante(i, amount)
        elif (what == "posts small blind" and i == sb) or (what == "posts big blind" and i == bb):
            hand.blind(i, amount)
        elif what == "posts big blind" and amount == big:
            hand.blind(i, amount, post=True)
        elif what == "posts small blind":
            hand.blind(i, amount, post=True, live=False)
        else:  # pragma: no cover - the pattern admits no other post
            raise HistoryError(f"{self.where}: a post hoyle does not play: {what}")
