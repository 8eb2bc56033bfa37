"""GGPoker hand histories (cash games: hold'em in no limit, pot limit and
limit, Omaha in pot limit and no limit; Rush & Cash's ``RC`` hands too).

A hand opens with ``Poker Hand #XXNNN:`` (two letters for the kind of
table: ``HD`` hold'em, ``RC`` Rush & Cash, ``OM`` Omaha...); the seats are
``Seat N: NAME ($STACK in chips)`` and the players dealt in those the
summary lists. GGPoker writes, beside PokerStars' lines:

- ``Cash Drop to Pot : total $0.5``: money the house put in the pot (a
  promotion). The summary's ``Total pot`` counts it, the main pot's
  winners collect it; it is kept as ``_hoyle_house_money``, which the
  replay puts in the main pot before the rake comes out
  (``site_rake.add_house``), so the replay pays what the file says.
- A board run twice or three times: ``*** FIRST FLOP ***``...``*** SECOND
  TURN ***``, ``*** FIRST SHOWDOWN ***``, ``Hand was run two times`` and
  ``FIRST Board [..]`` lines: the first run is the hand's board, the later
  runs ``_hoyle_runouts`` (``hoyle.history.runs``).
- EV cashout: an all-in player ``Chooses to EV Cashout``; the house then
  pays a loser his equity (``Receives Cashout ($8.54)``) and takes from a
  winner the part of the pot above it (``Pays Cashout Risk ($0.65)``).
  That is a side deal with the house, outside the pot: the replay plays
  the pot as the table did (the collected lines), and each player's
  cash-out is kept in ``_hoyle_cashouts`` (what the house paid him,
  negative for a risk he paid), checked against the summary's ``EV
  Cashout ($X)`` and ``Cashout Risk ($X)``.
- Time bank cards bought or received (``bought time bank card ($X)``,
  ``received ($X) from time bank card`` in the summary): money outside the
  pot too, kept in ``_hoyle_time_bank`` (paid to the player, negative for
  a card bought).
- ``Total pot $X | Rake $X | Jackpot $X | Bingo $X | Fortune $X | Tax $X``:
  the rake (``_hoyle_rake``) and the fees that are not zero (``_hoyle_fees``),
  which together the replay takes from the pot (``_hoyle_room_rake``).

Every hand is checked against the file's own totals: the ``Total pot``
line equals the bets, less the uncalled bets, plus the cash drop; the
collected lines, the rake and the fees pay it out; each player's summary
``won``/``collected`` amounts are his collected lines; each run's board is
the summary's; and the replay nets each player what the file does.
Refused with the line: tournaments, straddles, games other than hold'em
and Omaha (PLO-5, Short Deck...), a hand cut short.

The shipped sample's hand RC3844480952: $0.2 dropped, fcb08853 cashes out
twice and wins, in for $0.74, collecting $1.69 and paying $0.02 of risk:

>>> import hoyle
>>> hands = hoyle.history.load(hoyle.history.samples.path("ggpoker-rush-and-cash.txt"))
>>> [h] = [h for h in hands if "_hoyle_cashouts" in h.fields]
>>> h.fields["_hoyle_house_money"], h.fields["_hoyle_cashouts"]
(Decimal('0.2'), {'fcb08853': Decimal('-0.02')})
>>> h.net_chips(h.replay())[h.seat(h.players.index("fcb08853") + 1)]  # cents
95
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from typing import Any

from hoyle.errors import HistoryError
from hoyle.history.sites.common import Lines, SiteHand, money, site_cards

__all__ = ["HEADER", "read_hand"]

HEADER = re.compile(r"Poker Hand #[A-Z]{2,3}\d+:")
_HEAD = re.compile(
    r"Poker Hand #(?P<id>[A-Z]{2,3}(?P<number>\d+)): (?P<tour>Tournament #\S+ )?"
    r"(?P<game>.*?) (?P<limit>No Limit|Pot Limit|Limit) \((?P<stakes>[^)]*)\) - (?P<date>.*)"
)
_GAMES = {"Hold'em": "T", "Omaha": "O"}
_LIMITS = {"No Limit": "N", "Pot Limit": "P", "Limit": "F"}
_TABLE = re.compile(r"Table '(?P<table>.*)' (?P<max>\d+)-max Seat #(?P<button>\d+) is the button")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*?) in chips\)\s*$")
_SUMMARY_SEAT = re.compile(r"Seat (\d+): ")
_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})")
_TOTAL = re.compile(r"Total pot (?P<pot>\S+) \| Rake (?P<rake>\S+)(?P<fees>(?: \| .*)?)\s*$")
_FEE = re.compile(r"\| (?P<name>[A-Za-z ]+?) (?P<amount>[^\s|]+)")
_DROP = re.compile(r"Cash Drop to Pot : total (?P<amount>\S+)\s*$")
_RUNS = ("FIRST", "SECOND", "THIRD")
_STREET = re.compile(
    r"\*\*\* (?:(?P<run>FIRST|SECOND|THIRD) )?(?P<street>FLOP|TURN|RIVER) \*\*\* \["
)
_SHOWDOWN = re.compile(r"\*\*\* (?:(?P<run>FIRST|SECOND|THIRD) )?SHOWDOWN \*\*\*")
_BOARD = re.compile(r"(FIRST|SECOND|THIRD) Board \[([^]]*)\]")
_RUN_TIMES = re.compile(r"Hand was run (two|three) times")
_WON = re.compile(r"(?:won|collected) \((\S+?)\)")
_BOUGHT = re.compile(r"bought time bank card \((\S+?)\)")
_GOT = re.compile(r"received \((\S+?)\) from time bank card")
_SUFFIXES = (" and is all-in",)


def read_hand(lines: list[str], numbers: list[int], where: str) -> SiteHand:
    """One hand: its non-blank ``lines`` from the header on, and their
    ``numbers`` in the file (1-based), for messages."""
    r = _Reader(lines, numbers, where)
    button, small, big = r.header()
    summary = r.summary_start()
    dealt = r.summary(summary)
    k = r.seats(button, dealt)
    k = r.forced(k, summary)
    r.hand.stakes = (
        {"small_bet": small, "big_bet": big} if r.hand.variant[0] == "F" else {"min_bet": big}
    )
    r.play(k + 1, summary)
    r.runs()
    if not any(r.hand.back):
        r.hand.infer_uncalled()
    r.hand.totals()
    r.summed()
    return r.hand


class _Hand(SiteHand):
    """A GGPoker hand: a ``SiteHand`` with the house's money in the pot
    (the cash drop) and the side deals with the house (cash-outs, time bank
    cards), none of which the other sites write."""

    def __init__(self, where: str) -> None:
        super().__init__("GGPoker", where)
        self.house = Decimal(0)
        self.cashouts: dict[str, Decimal] = {}
        self.time_bank: dict[str, Decimal] = {}

    def totals(self) -> None:
        """The ``Total pot`` line is the bets less the uncalled bets, plus
        the cash drop; the collected lines, the rake and the fees pay it."""
        if len(self.names) < 2:
            raise HistoryError(f"{self.where}: fewer than two players are dealt in")
        bets = sum(self.put, Decimal(0)) - sum(self.back, Decimal(0))
        pot = bets + self.house
        paid = sum(self.won, Decimal(0))
        fees = self.rake + sum(self.fees.values(), Decimal(0))
        if self.total_pot != pot:
            drop = f", plus the cash drop {self.house}" if self.house else ""
            raise HistoryError(
                f"{self.where}: the pot does not add up: {self.totals_line.strip()!r} but the "
                f"bets, less the uncalled bets, come to {bets}{drop}"
            )
        if paid + fees != pot:
            raise HistoryError(
                f"{self.where}: the pot does not add up: {pot} is in the pot, but the "
                f"collected lines ({'; '.join(x.strip() for x in self.collected_lines)}) pay "
                f"{paid} and the rake and fees are {fees}"
            )

    def fields(self) -> dict[str, Any]:
        out = super().fields()
        if self.house:
            out["_hoyle_house_money"] = _plain(self.house)
        if self.cashouts:
            out["_hoyle_cashouts"] = {k: _plain(v) for k, v in self.cashouts.items()}
        if self.time_bank:
            out["_hoyle_time_bank"] = {k: _plain(v) for k, v in self.time_bank.items()}
        return out


def _plain(v: Decimal) -> Decimal | int:
    return int(v) if v == v.to_integral_value() else v.normalize()


class _Summary(Lines):
    """A GGPoker hand's summary: what it says each player won and cashed
    out, its pot line and boards; the check of the hand's lines against it."""

    hand: _Hand

    def __init__(self, lines: list[str], numbers: list[int], where: str) -> None:
        super().__init__(lines, numbers, where)
        self.boards: dict[int, tuple[int, str]] = {}  # run -> (the summary's line, its board)
        self.runs_said = 1  # "Hand was run two times"
        self.summary_won: dict[int, tuple[int, Decimal]] = {}  # seat -> (line, won)
        self.summary_cashout: dict[int, tuple[int, Decimal]] = {}  # seat -> (line, signed)
        self.time_bank: dict[int, Decimal] = {}  # seat -> paid to the player (bought: < 0)

    def summary(self, summary: int) -> set[int]:
        """The seats the summary lists (those dealt in), with what each won
        and cashed out; the pot, rake and fees of its ``Total pot`` line; the
        runs' boards."""
        lines, hand, where = self.lines, self.hand, self.where
        dealt: set[int] = set()
        for k in range(summary + 1, len(lines)):
            x = lines[k]
            if x.startswith("Total pot"):
                m = _TOTAL.match(x)
                if m is None:
                    raise self.fail(k, "expected 'Total pot AMOUNT | Rake AMOUNT | ...'")
                hand.total_pot = money(m["pot"], where)
                hand.totals_line = x
                hand.rake = money(m["rake"], where)
                for fee in _FEE.finditer(m["fees"]):
                    amount = money(fee["amount"], where)
                    if amount:
                        hand.fees[fee["name"].strip().lower().replace(" ", "_")] = amount
            elif (s := _SUMMARY_SEAT.match(x)) is not None:
                seat = int(s[1])
                dealt.add(seat)
                self.seat_summary(k, seat, x)
            elif (b := _BOARD.match(x)) is not None:
                self.boards[_RUNS.index(b[1])] = (k, site_cards(b[2], self.at(k)))
            elif (t := _RUN_TIMES.match(x)) is not None:
                self.runs_said = 2 if t[1] == "two" else 3
        if hand.total_pot is None:
            raise HistoryError(
                f"{where}: the summary has no 'Total pot' line (line {self.numbers[summary]})"
            )
        return dealt

    def seat_summary(self, k: int, seat: int, x: str) -> None:
        """A summary's seat line: what the player won (each run's ``won ($X)``),
        cashed out, and paid or got for a time bank card."""
        at = self.at(k)
        rest = x.split("]", 1)[-1] if " showed [" in x or " mucked [" in x else x
        card = _BOUGHT.search(rest) or _GOT.search(rest)
        if card is not None:  # (money outside the pot: not a "won")
            paid = money(card[1], at)
            self.time_bank[seat] = -paid if card.re is _BOUGHT else paid
            rest = rest[: card.start()] + rest[card.end() :]
        won = sum((money(a, at) for a in _WON.findall(rest)), Decimal(0))
        self.summary_won[seat] = (k, won)
        risk = re.search(r"Cashout Risk \((\S+?)\)", rest)
        cash = re.search(r"EV Cashout \((\S+?)\)", rest)
        if risk is not None:
            self.summary_cashout[seat] = (k, -money(risk[1], at))
        elif cash is not None:
            self.summary_cashout[seat] = (k, money(cash[1], at))

    def summed(self) -> None:
        """Each player's summary line says what his collected lines and his
        cash-out lines do."""
        hand = self.hand
        for i, seat in enumerate(hand.seats):
            if seat in self.time_bank:
                hand.time_bank[hand.names[i]] = self.time_bank[seat]
            k, won = self.summary_won.get(seat, (None, Decimal(0)))
            if k is not None and won != hand.won[i]:
                raise self.fail(k, f"the collected lines pay {hand.names[i]} {hand.won[i]}")
            k, cash = self.summary_cashout.get(seat, (None, Decimal(0)))
            mine = hand.cashouts.get(hand.names[i], Decimal(0))
            if k is not None and cash != mine:
                raise self.fail(k, f"the cash-out lines give {hand.names[i]} {mine}")
            if k is None and mine:
                raise HistoryError(
                    f"{self.where}: {hand.names[i]}'s cash-out ({mine}) is not in the summary"
                )


class _Reader(_Summary):
    """A GGPoker hand's reading, part by part."""

    def __init__(self, lines: list[str], numbers: list[int], where: str) -> None:
        super().__init__(lines, numbers, where)
        self.shows: list[tuple[int, str | None]] = []  # at the showdown, in the file's order
        self.showing = False  # the cards are up: the betting is over

    def header(self) -> tuple[int, Decimal, Decimal]:
        """The header and table lines: the hand, its game, stakes and date;
        the button's seat."""
        lines = self.lines
        head = _HEAD.match(lines[0])
        if head is None:
            raise self.fail(0, "not a GGPoker hand header hoyle reads")
        self.where = where = f"{self.where} hand #{head['id']}"
        if head["tour"]:
            raise self.fail(0, "hoyle does not read GGPoker's tournament hands")
        game = _GAMES.get(head["game"])
        if game is None:
            raise self.fail(
                0, f"hoyle does not read GGPoker's {head['game']!r} (it reads {', '.join(_GAMES)})"
            )
        hand = self.hand = _Hand(where)
        hand.variant = _LIMITS[head["limit"]] + game
        stakes = head["stakes"].split("/")
        if len(stakes) != 2:
            raise self.fail(0, "expected the stakes as SMALL/BIG")
        small, big = (money(x, where) for x in stakes)
        if head["stakes"].startswith("$"):
            hand.extra.update(currency="USD", currency_symbol="$")
        hand.extra["hand"] = int(head["number"])
        hand.extra["_hoyle_hand_id"] = head["id"]
        date = _DATE.match(head["date"])
        if date is not None:
            try:
                y, mo, d, h, mi, sec = map(int, date.groups())
                when = datetime.datetime(y, mo, d, h, mi, sec)
            except ValueError:
                raise self.fail(0, "not a date") from None
            hand.started(when, None)  # (GGPoker's files name no time zone)
        if len(lines) < 2 or (table := _TABLE.match(lines[1])) is None:
            raise self.fail(
                min(1, len(lines) - 1), "expected \"Table 'NAME' N-max Seat #K is the button\""
            )
        hand.extra["table"] = table["table"]
        hand.extra["seat_count"] = int(table["max"])
        return int(table["button"]), small, big

    def seats(self, button: int, dealt: set[int]) -> int:
        """The seat lines; the players dealt in seated. The line after them."""
        return self.seat_lines(self.hand, _SEAT, button, dealt, "Seat N: NAME ($STACK in chips)")

    def amount(self, k: int, text: str) -> Decimal:
        return self.amount_before(k, text, _SUFFIXES)

    def forced(self, k: int, summary: int) -> int:
        """The cash drop and the forced bets, up to the hole cards; the hole
        cards' line."""
        hand, lines = self.hand, self.lines
        n = len(hand.names)
        sb, bb = (1, 0) if n == 2 else (0, 1)
        while k < summary and not lines[k].startswith("*** HOLE CARDS ***"):
            x = lines[k]
            if (drop := _DROP.match(x)) is not None:
                hand.house += self.amount(k, drop["amount"])
            elif self.speaker(x, ": ") is not None:
                i, rest = self.who(k)
                what, _, amount_text = rest.partition(" $")
                amount = self.amount(k, "$" + amount_text) if amount_text else None
                if amount is None:
                    raise self.fail(k, "a line before the hole cards hoyle does not read")
                if what == "posts the ante":
                    hand.ante(i, amount)
                elif (what, i) in (("posts small blind", sb), ("posts big blind", bb)):
                    hand.blind(i, amount)
                elif what == "straddle":
                    raise self.fail(k, "hoyle does not read GGPoker's straddles yet")
                else:
                    raise self.fail(k, "a post hoyle does not play here")
            elif x.startswith("*** "):
                raise self.fail(k, "expected '*** HOLE CARDS ***'")
            else:
                raise self.fail(k, "a line before the hole cards hoyle does not read")
            k += 1
        if k >= summary:
            raise self.fail(min(k, len(lines) - 1), "expected '*** HOLE CARDS ***'")
        return k

    def play(self, start: int, summary: int) -> None:
        """The lines from the hole cards to the summary."""
        hand, lines, where = self.hand, self.lines, self.where
        for k in range(start, summary):
            x = lines[k]
            if x.startswith("*** "):
                self.street(k, x)
            elif x.startswith("Dealt to "):
                self.dealt_to(hand, x)
            elif x.startswith("Uncalled bet ("):
                amount_text, _, name = x[14:].rstrip().partition(") returned to ")
                hand.uncalled(hand.player(name, x), money(amount_text, where))
            elif (
                " collected " in x
                and x.rstrip().endswith(" from pot")
                and x.rpartition(" collected ")[0] in hand.index
            ):
                name, _, rest = x.rstrip().rpartition(" collected ")
                hand.collected(hand.index[name], money(rest[: -len(" from pot")], where), x)
            elif self.speaker(x, ": ") is not None:
                self.act(k)
            else:
                raise self.fail(k, "a line hoyle does not read")
        self.showdown()

    def street(self, k: int, x: str) -> None:
        """A street's line (a run's), or a showdown's."""
        hand = self.hand
        street = _STREET.match(x)
        shown = _SHOWDOWN.match(x)
        if street is not None and street["run"] in (None, "FIRST"):
            if self.shows and not self.showing:
                raise self.fail(k, "a street after a show, with the betting open")
            hand.board(site_cards(x.rsplit("[", 1)[-1].rstrip().rstrip("]"), self.at(k)))
        elif street is not None:  # a later run's street: its whole board so far
            cards = " ".join(re.findall(r"\[([^]]*)\]", x))
            hand.runouts[_RUNS.index(street["run"])] = site_cards(cards, self.at(k))
        elif shown is not None:
            if shown["run"] in (None, "FIRST"):
                self.showdown()
        else:
            raise self.fail(k, "a street hoyle does not know")

    def showdown(self) -> None:
        """The cards shown (and the hands given up at the showdown), as PHH's
        showdown when two or more players are left: each player left once,
        in the file's order (GGPoker may write a show twice, and the shows
        of players who folded: their cards are known, no more)."""
        hand = self.hand
        shows, self.shows = self.shows, []
        live = [i for i in range(len(hand.names)) if not hand.folded[i]]
        if len(live) < 2:
            return
        done: set[int] = set()
        for i, cards in shows:  # (a player who folded may show too; a show may come twice)
            if i in live and i not in done:
                done.add(i)
                hand.show(i, cards)

    def act(self, k: int) -> None:  # noqa: PLR0912 (one branch an action)
        """A player's line ``k`` (``NAME: ...``)."""
        hand = self.hand
        i, rest = self.who(k)
        if rest == "folds" and self.showing:  # (a hand given up once the cards are up)
            self.shows.append((i, None))
        elif rest == "folds":
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
            cards = site_cards(rest[7:].split("]")[0], self.at(k))
            hand.deal(i, cards)
            self.shows.append((i, cards))
            self.showing = self.showing or not hand.folded[i]  # (a folded hand shown: no)
        elif rest.startswith("mucks hand"):
            self.shows.append((i, None))
        elif rest == "Chooses to EV Cashout":
            pass  # (what it came to: the lines below)
        elif rest.startswith("Pays Cashout Risk ("):
            name = hand.names[i]
            paid = self.amount(k, rest[19:].rstrip(")"))
            hand.cashouts[name] = hand.cashouts.get(name, Decimal(0)) - paid
        elif rest.startswith("Receives Cashout ("):
            name = hand.names[i]
            got = self.amount(k, rest[18:].rstrip(")"))
            hand.cashouts[name] = hand.cashouts.get(name, Decimal(0)) + got
        elif rest.startswith(("doesn't show", "sits out", "is sitting out", "is disconnected")):
            pass
        elif rest.startswith(("posts ", "straddle ")):
            raise self.fail(k, "a post after the hole cards")
        else:
            raise self.fail(k, "an action hoyle does not read")

    def runs(self) -> None:
        """A board run more than once: as many runs as the summary says, each
        run's board the summary's."""
        hand = self.hand
        if len(hand.runouts) + 1 != self.runs_said:
            raise HistoryError(
                f"{self.where}: the summary says the hand was run {self.runs_said} time(s), "
                f"but its streets deal {len(hand.runouts) + 1} board(s)"
            )
        if not hand.runouts:
            return
        first = "".join(b.split()[2] for b in hand.body if b.startswith("d db "))
        for run, board in {0: first, **hand.runouts}.items():
            k, said = self.boards.get(run, (None, None))
            # (a later run's summary board may list only the cards it dealt anew)
            if k is not None and said is not None and not board.endswith(said):
                raise self.fail(k, f"the {_RUNS[run].lower()} run's streets deal {board}")
        if sorted(hand.runouts) != list(range(1, len(hand.runouts) + 1)):
            raise HistoryError(f"{self.where}: the runs of the board are not in order")
