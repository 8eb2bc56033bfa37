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
from hoyle.history.sites.common import SiteHand, money, site_cards

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


def read_hand(lines: list[str], numbers: list[int], where: str) -> SiteHand:  # noqa: PLR0912, PLR0915
    """One hand: its non-blank ``lines`` from the title on, and their
    ``numbers`` in the file, for messages."""

    def fail(k: int, why: str) -> HistoryError:
        return HistoryError(f"{where} line {numbers[k]}: {why}: {lines[k].strip()!r}")

    while len(lines) > 1 and lines[-1].startswith("#Game No"):  # the next hand's preamble
        lines, numbers = lines[:-1], numbers[:-1]
    title = _TITLE.match(lines[0])
    if title is None or len(lines) < 6:
        raise HistoryError(f"{where} line {numbers[0]}: the hand is cut short after its title")
    where = f"{where} game {title['id']}"
    head = _HEAD.match(lines[1])
    if head is None:
        raise fail(1, "expected 'SMALL/BIG USD NL Texas Hold'em - DAY, MONTH DD, TIME ZONE YEAR'")
    hand = SiteHand("PartyPoker", where)
    hand.variant = head["limit"][0] + _GAMES[head["game"]]
    hand.extra["hand"] = int(title["id"])
    hand.extra["currency"] = head["currency"]
    try:
        when = datetime.datetime.strptime(f"{head['date']} {head['year']}", "%B %d, %H:%M:%S %Y")
    except ValueError:
        raise fail(1, "not a date") from None
    hand.started(when, _ZONES.get(head["zone"]))
    hand.extra["table"] = lines[2].removeprefix("Table ").split(" (")[0].strip()
    button_line = _BUTTON.match(lines[3])
    if button_line is None:
        raise fail(3, "expected 'Seat N is the button'")
    button = int(button_line[1])
    k = 4
    if lines[k].startswith("Total number of players"):
        count = lines[k].split(":", 1)[1].strip().split("/")
        if len(count) == 2 and count[1].isdigit():
            hand.extra["seat_count"] = int(count[1])
        k += 1
    seated: list[tuple[int, str, Decimal]] = []
    while k < len(lines) and (m := _SEAT.match(lines[k])) is not None:
        seated.append((int(m["seat"]), m["name"].strip(), money(m["stack"], where)))
        k += 1
    if not seated:
        raise fail(min(k, len(lines) - 1), "expected the seats ('Seat N: NAME ( $STACK USD )')")
    body = lines[k:]
    named = {
        name
        for _, name, _ in seated
        if any(
            x.startswith(
                (
                    name + " posts",
                    name + " calls",
                    name + " raises",
                    name + " bets",
                    name + " checks",
                    name + " folds",
                    name + " is all-In",
                    name + " wins",
                    f"Dealt to {name} ",
                )
            )
            for x in body
        )
    }
    playing = sorted((s for s in seated if s[1] in named), key=lambda s: (s[0] <= button, s[0]))
    for seat, name, stack in playing:
        hand.seat(name, stack, seat)
    if len(playing) < 2:
        raise HistoryError(f"{where}: fewer than two players are dealt in")
    names = sorted(hand.index, key=len, reverse=True)
    n = len(playing)
    sb_index, bb_index = (1, 0) if n == 2 else (0, 1)
    big = money(head["big"], where) if head["small"] and head["limit"] != "FL" else None

    def who(k: int) -> tuple[int, str] | None:
        x = lines[k].rstrip()
        for name in names:
            if x.startswith(name + " "):
                return hand.index[name], x[len(name) + 1 :]
        return None

    dealt = False
    for k in range(k, len(lines)):  # noqa: B020 (from the seats on)
        x = lines[k].rstrip()
        if x.startswith("** "):
            if x.startswith("** Dealing down cards **"):
                dealt = True
            elif x.startswith(_STREETS):
                cards = x.split("[", 1)[-1].rstrip("] ")
                hand.board(site_cards(cards, f"{where} line {numbers[k]}"))
            else:
                raise fail(k, "a street hoyle does not know")
            continue
        if x.startswith("Dealt to "):
            rest = x[9:]
            for name in names:
                if rest.startswith(name + " ["):
                    cards = site_cards(rest[len(name) + 2 :].split("]")[0], where)
                    hand.deal(hand.index[name], cards)
                    break
            continue
        said = who(k)
        if said is None:
            continue  # (a notice, a spectator: no action)
        i, rest = said
        if rest.startswith("posts big blind + dead"):
            raise fail(k, "a dead and a live blind posted at once: hoyle posts one or the other")
        m = _ACT.match(rest)
        if m is None:
            raise fail(k, "an action hoyle does not read")
        what, arg = m["what"], m["arg"]
        here = f"{where} line {numbers[k]}"
        if what.startswith("posts"):
            if dealt:
                raise fail(k, "a post after the cards are dealt")
            amount = money(arg or "", here)
            if what == "posts small blind" and i == sb_index:
                hand.blind(i, amount)
            elif what == "posts big blind" and i == bb_index:
                hand.blind(i, amount)
                big = big if big is not None else amount
            elif what == "posts big blind" and amount == (big or amount):
                hand.blind(i, amount, post=True)
            elif what == "posts small blind":
                hand.blind(i, amount, post=True, live=False)
            else:
                raise fail(k, "a post hoyle does not play")
        elif what == "folds":
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
                raise fail(k, "expected 'NAME wins $X USD'")
            hand.collected(i, money(won["amount"].split()[0], here), x)
    if big is None:
        raise HistoryError(f"{where}: no big blind is posted")
    if hand.variant[0] == "F":  # (fixed limit: the header's amounts are the bets)
        if not head["small"]:
            raise HistoryError(f"{where}: a fixed-limit table without its bets in the header")
        hand.stakes = {
            "small_bet": money(head["small"], where),
            "big_bet": money(head["big"], where),
        }
    else:
        hand.stakes = {"min_bet": big}
    if not hand.collected_lines:
        raise HistoryError(f"{where}: the hand is cut short: nobody wins")
    # the wins lines count the bet nobody called: the rake is the rest
    hand.total_pot = sum(hand.put, Decimal(0))
    hand.rake = hand.total_pot - sum(hand.won, Decimal(0))
    if hand.rake < 0:
        raise HistoryError(f"{where}: the wins lines pay more than was bet ({hand.total_pot})")
    hand.totals_line = "(PartyPoker writes no pot line)"
    hand.totals()
    return hand
