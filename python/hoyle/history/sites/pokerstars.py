"""PokerStars hand histories (cash games and tournaments; hold'em, Omaha,
Omaha hi-lo, in no limit, pot limit and fixed limit).

A hand opens with ``PokerStars [Zoom ]Hand #ID:`` (``Game #`` in older
files); the seats are the ``Seat N: NAME (STACK in chips)`` lines, and the
players dealt in are those the summary lists (``Seat N: ...`` after
``*** SUMMARY ***``): a player sitting out is seated but not dealt. Names
may hold ``: `` and brackets, so an action line is matched against the
seated names, never split blindly.

A board run twice (``*** FIRST FLOP ***``, ``*** SECOND RIVER ***``...,
``*** FIRST SHOW DOWN ***``) is read as the first run's board and
showdown, and each later run's board (``SiteHand.runouts``, PHH's
``_hoyle_runouts``: ``hoyle.history.runs``), checked against the summary's
``SECOND Board [..]``. Capped no limit (``- $20 Cap -``) is read with
its cap (``_hoyle_cap``: each stack in play at most the cap, see
``stakes.table_cap``). Refused, with the line: the games hoyle does not
read from this site (stud, razz, draw), a hand cancelled or cut short.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from hoyle.errors import HistoryError
from hoyle.history.sites.common import Lines, SiteHand, money, site_cards

__all__ = ["HEADER", "read_hand"]

HEADER = re.compile(r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #\d+:")
_HEAD = re.compile(
    r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(?P<id>\d+):\s+"
    r"(?:Tournament #(?P<tour>\d+), (?P<buyin>.*?)\s+)?"
    r"(?P<game>Hold'em|Omaha Hi/Lo|Omaha|5 Card Omaha Hi/Lo|5 Card Omaha|[^()]*?) "
    r"(?P<limit>No Limit|Pot Limit|Limit)"
    r"(?: - (?:Match Round \S+, )?Level (?P<level>\S+))?"
    r" \((?P<stakes>[^)]*)\) - (?P<date>.*)"
)
_GAMES = {"Hold'em": "T", "Omaha": "O", "Omaha Hi/Lo": "O/8"}
_LIMITS = {"No Limit": "N", "Pot Limit": "P", "Limit": "F"}
_TABLE = re.compile(
    r"Table '(?P<table>.*)' (?P<max>\d+)-max (?:\(Play Money\) )?"
    r"Seat #(?P<button>\d+) is the button"
)
_SEAT = re.compile(  # (the name is greedy: the last "(... in chips)" ends it)
    r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*?) in chips(?:, [^()]*)?\)(?P<rest>.*)"
)
_SUMMARY_SEAT = re.compile(r"Seat (\d+): ")
_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) ?(\w*)")
_ZONES = {"ET": "America/New_York", "UTC": "UTC", "GMT": "UTC", "CET": "Europe/Paris"}
_TOTAL = re.compile(
    r"Total pot (?P<pot>\S+)(?P<side>.*?)\s*(?:\| Rake (?P<rake>\S+))?(?P<fees>(?: \| .*)?)\s*$"
)
_FEE = re.compile(r"\| (?P<name>[A-Za-z ]+?):? (?P<amount>[^\s|]+)")
_STREETS = ("*** FLOP ***", "*** TURN ***", "*** RIVER ***")
_CAP = re.compile(r" - (\S+) Cap - ")
_RUNS = ("FIRST", "SECOND", "THIRD", "FOURTH")
_RUN = re.compile(r"\*\*\* (FIRST|SECOND|THIRD|FOURTH) (?:FLOP|TURN|RIVER) \*\*\* \[")
_SHOWN = re.compile(r"\*\*\* (FIRST|SECOND|THIRD|FOURTH) SHOW DOWN \*\*\*")
_BOARD = re.compile(r"(FIRST|SECOND|THIRD|FOURTH) Board \[([^]]*)\]")
_SUFFIXES = (" and is all-in", " and has reached the")


def read_hand(lines: list[str], numbers: list[int], where: str) -> SiteHand:
    """One hand: its non-blank ``lines`` from the header on, and their
    ``numbers`` in the file (1-based), for messages."""
    r = _Reader(lines, numbers, where)
    r.boards = {}
    button, small, big = r.header()
    summary, dealt = r.summary()
    k = r.seats(button, dealt)
    k = r.forced(k, summary, big)
    r.hand.stakes = (
        {"small_bet": small, "big_bet": big} if r.hand.variant[0] == "F" else {"min_bet": big}
    )
    r.play(k + 1, summary)
    r.runs()
    r.shown(summary)
    if not any(r.hand.back):
        r.hand.infer_uncalled()
    r.hand.totals()
    return r.hand


class _Reader(Lines):
    """A PokerStars hand's reading, part by part."""

    hand: SiteHand
    boards: dict[int, tuple[int, str]]  # run -> (the summary's line, its board)

    def header(self) -> tuple[int, Decimal, Decimal]:
        """The header and table lines: the hand, its game and date; the
        button's seat and the stakes."""
        lines = self.lines
        head = _HEAD.match(lines[0])
        if head is None:
            raise self.fail(0, "not a PokerStars hand header")
        self.where = where = f"{self.where} hand #{head['id']}"
        game = _GAMES.get(head["game"])
        if game is None:
            raise self.fail(
                0,
                f"hoyle does not read PokerStars' {head['game']!r} (it reads {', '.join(_GAMES)})",
            )
        hand = self.hand = SiteHand("PokerStars", where)
        hand.variant = _LIMITS[head["limit"]] + game
        stakes = head["stakes"].split()[0].split("/")
        if len(stakes) != 2:
            raise self.fail(0, "expected the stakes as SMALL/BIG")
        small, big = (money(x, where) for x in stakes)
        currency = head["stakes"].split()[-1] if head["tour"] is None else None
        if head["tour"] is not None:
            hand.extra["_hoyle_tournament"] = head["tour"]
            hand.extra["_hoyle_buy_in"] = head["buyin"]
            if head["level"]:
                hand.extra["_hoyle_level"] = head["level"]
        if currency and currency.isalpha():
            hand.extra["currency"] = currency
            symbol = head["stakes"][0]
            if not symbol.isdigit():
                hand.extra["currency_symbol"] = symbol
        hand.extra["hand"] = int(head["id"])
        cap = _CAP.search(head["stakes"])
        if cap is not None:  # capped no limit: stacks in play at most the cap
            hand.extra["_hoyle_cap"] = money(cap[1], where)
        dates = _DATE.findall(head["date"])
        if dates:
            *ymdhms, zone = next((d for d in dates if d[6] == "ET"), dates[0])
            try:
                when = datetime.datetime(*map(int, ymdhms))  # type: ignore[arg-type]
            except ValueError:
                raise self.fail(0, "not a date") from None
            hand.started(when, _ZONES.get(zone))
        if len(lines) < 2:
            raise self.fail(0, "the hand is cut short after its header")
        table = _TABLE.match(lines[1])
        if table is None:
            raise self.fail(1, "expected \"Table 'NAME' N-max Seat #K is the button\"")
        hand.extra["table"] = table["table"]
        hand.extra["seat_count"] = int(table["max"])
        return int(table["button"]), small, big

    def summary(self) -> tuple[int, set[int]]:
        """The summary's line and the seats it lists (those dealt in); the
        pot, rake and fees of its ``Total pot`` line."""
        lines, hand, where = self.lines, self.hand, self.where
        summary = self.summary_start()
        dealt: set[int] = set()
        for k in range(summary + 1, len(lines)):
            x = lines[k]
            if x.startswith("Total pot"):
                m = _TOTAL.match(x)
                if m is None:
                    raise self.fail(k, "expected 'Total pot AMOUNT | Rake AMOUNT'")
                hand.total_pot = money(m["pot"], where)
                hand.totals_line = x
                if m["rake"]:
                    hand.rake = money(m["rake"], where)
                for fee in _FEE.finditer(m["fees"] or ""):
                    name = fee["name"].strip().lower().replace(" ", "_")
                    hand.fees[name] = money(fee["amount"], where)
            elif (s := _SUMMARY_SEAT.match(x)) is not None:
                dealt.add(int(s[1]))
            elif (b := _BOARD.match(x)) is not None:
                self.boards[_RUNS.index(b[1])] = (k, site_cards(b[2], self.at(k)))
        if hand.total_pot is None:
            raise HistoryError(
                f"{where}: the summary has no 'Total pot' line (line {self.numbers[summary]})"
            )
        return summary, dealt

    def seats(self, button: int, dealt: set[int]) -> int:
        """The seat lines; the players dealt in seated. The line after them."""
        return self.seat_lines(self.hand, _SEAT, button, dealt, "Seat N: NAME (STACK in chips)")

    def amount(self, k: int, text: str) -> Decimal:
        return self.amount_before(k, text, _SUFFIXES)

    def forced(self, k: int, summary: int, big: Decimal) -> int:
        """The forced bets, up to the hole cards; the hole cards' line."""
        hand, lines = self.hand, self.lines
        n = len(hand.names)
        sb, bb = (1, 0) if n == 2 else (0, 1)
        while k < summary and not lines[k].startswith("*** HOLE CARDS ***"):
            x = lines[k]
            if ": posts " in x and any(x.startswith(nm + ": posts ") for nm in self.names):
                i, rest = self.who(k)
                what, _, amount_text = rest[6:].rpartition(" ")
                amount = self.amount(k, amount_text)
                if what == "the ante":
                    hand.ante(i, amount)
                elif (what == "small blind" and i == sb) or (what == "big blind" and i == bb):
                    hand.blind(i, amount)
                elif what == "big blind" and amount == big:
                    hand.blind(i, amount, post=True)
                elif what == "small blind":
                    hand.blind(i, amount, post=True, live=False)
                else:
                    raise self.fail(
                        k, "a post hoyle does not play (a small and a big blind at once)"
                    )
            elif x.startswith("*** "):
                raise self.fail(
                    k, "hoyle reads PokerStars' flop games only: expected '*** HOLE CARDS ***'"
                )
            k += 1
        return k

    def play(self, start: int, summary: int) -> None:
        """The lines from the hole cards to the summary."""
        hand, lines, where = self.hand, self.lines, self.where
        showdown = False
        for k in range(start, summary):
            x = lines[k]
            if x.startswith("*** "):
                run = _RUN.match(x)
                if x.startswith(_STREETS) or (run is not None and run[1] == "FIRST"):
                    cards = x.rsplit("[", 1)[-1].rstrip().rstrip("]")
                    hand.board(site_cards(cards, self.at(k)))
                elif run is not None:  # a later run's street: its whole board so far
                    cards = " ".join(re.findall(r"\[([^]]*)\]", x))
                    hand.runouts[_RUNS.index(run[1])] = site_cards(cards, self.at(k))
                elif x.startswith(("*** SHOW DOWN ***", "*** FIRST SHOW DOWN ***")):
                    showdown = True
                elif (shown := _SHOWN.match(x)) is not None and shown[1] in _RUNS[1:]:
                    showdown = False  # (the same cards shown again: one showdown in PHH)
                else:
                    raise self.fail(k, "a street hoyle does not know")
            elif x.startswith("Dealt to "):
                self.dealt_to(hand, x)
            elif x.startswith("Uncalled bet ("):
                amount_text, _, name = x[14:].rstrip().partition(") returned to ")
                hand.uncalled(hand.player(name, x), money(amount_text, where))
            elif (
                " collected " in x
                and " from " in x
                and x.rpartition(" collected ")[0] in hand.index
            ):
                name, _, rest = x.rstrip().rpartition(" collected ")
                hand.collected(hand.index[name], money(rest.split(" from ")[0], where), x)
            elif any(x.startswith(nm + ": ") for nm in self.names):
                self.act(k, showdown)

    def act(self, k: int, showdown: bool) -> None:  # noqa: PLR0912 (one branch an action)
        """A player's line ``k`` (``NAME: ...``)."""
        hand = self.hand
        i, rest = self.who(k)
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
            cards = site_cards(rest[7:].split("]")[0], self.where)
            if showdown:
                hand.show(i, cards)
            else:
                hand.deal(i, cards)
        elif rest.startswith("mucks hand"):
            if showdown:
                hand.show(i, None)
        elif rest.startswith(("doesn't show", "sits out", "is sitting out", "is disconnected")):
            pass
        elif rest.startswith("posts "):
            raise self.fail(k, "a post after the hole cards")
        else:
            raise self.fail(k, "an action hoyle does not read")

    def runs(self) -> None:
        """A board run more than once: each run's board as the summary says."""
        hand = self.hand
        if not hand.runouts:
            return
        first = "".join(b.split()[2] for b in hand.body if b.startswith("d db "))
        for run, board in {0: first, **hand.runouts}.items():
            k, said = self.boards.get(run, (None, None))
            if k is not None and said != board:
                raise self.fail(k, f"the {_RUNS[run].lower()} run's streets deal {board}")
        if sorted(hand.runouts) != list(range(1, len(hand.runouts) + 1)):
            raise HistoryError(f"{self.where}: the runs of the board are not in order")

    def shown(self, summary: int) -> None:
        """The summary's ``mucked [..]`` and ``showed [..]``: the cards of
        hands that lost name them."""
        hand = self.hand
        for x in self.lines[summary + 1 :]:
            s = _SUMMARY_SEAT.match(x)
            if s is not None and (" mucked [" in x or " showed [" in x):
                seat = int(s[1])
                if seat in hand.seats:
                    cards = site_cards(x.split("[", 1)[1].split("]")[0], self.where)
                    hand.deal(hand.seats.index(seat), cards)
