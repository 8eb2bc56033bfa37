"""PokerStars hand histories (cash games and tournaments; hold'em, Omaha,
Omaha hi-lo, in no limit, pot limit and fixed limit).

A hand opens with ``PokerStars [Zoom ]Hand #ID:`` (``Game #`` in older
files); the seats are the ``Seat N: NAME (STACK in chips)`` lines, and the
players dealt in are those the summary lists (``Seat N: ...`` after
``*** SUMMARY ***``): a player sitting out is seated but not dealt. Names
may hold ``: `` and brackets, so an action line is matched against the
seated names, never split blindly.

Refused, with the line: run-it-twice (``*** FIRST FLOP ***``: a hoyle hand
has one board), capped no limit (``- $20 Cap -``), the games hoyle does not
read from this site (stud, razz, draw), a hand cancelled or cut short.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from hoyle.errors import HistoryError
from hoyle.history.sites.common import SiteHand, money, site_cards

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
    r"Total pot (?P<pot>\S+)(?P<side>.*?)(?:\| Rake (?P<rake>\S+))?(?P<fees>(?: \| .*)?)\s*$"
)
_FEE = re.compile(r"\| (?P<name>[A-Za-z ]+?):? (?P<amount>[^\s|]+)")
_STREETS = ("*** FLOP ***", "*** TURN ***", "*** RIVER ***")
_SUFFIXES = (" and is all-in", " and has reached the")


def read_hand(lines: list[str], numbers: list[int], where: str) -> SiteHand:  # noqa: PLR0912, PLR0915
    """One hand: its non-blank ``lines`` from the header on, and their
    ``numbers`` in the file (1-based), for messages."""

    def fail(k: int, why: str) -> HistoryError:
        return HistoryError(f"{where} line {numbers[k]}: {why}: {lines[k].strip()!r}")

    head = _HEAD.match(lines[0])
    if head is None:
        raise fail(0, "not a PokerStars hand header")
    where = f"{where} hand #{head['id']}"
    game = _GAMES.get(head["game"])
    if game is None:
        raise fail(
            0, f"hoyle does not read PokerStars' {head['game']!r} (it reads {', '.join(_GAMES)})"
        )
    if "Cap" in head["stakes"]:
        raise fail(0, "capped no limit is not a game hoyle plays")
    hand = SiteHand("PokerStars", where)
    hand.variant = _LIMITS[head["limit"]] + game
    stakes = head["stakes"].split()[0].split("/")
    if len(stakes) != 2:
        raise fail(0, "expected the stakes as SMALL/BIG")
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
    dates = _DATE.findall(head["date"])
    if dates:
        *ymdhms, zone = next((d for d in dates if d[6] == "ET"), dates[0])
        try:
            when = datetime.datetime(*map(int, ymdhms))  # type: ignore[arg-type]
        except ValueError:
            raise fail(0, "not a date") from None
        hand.started(when, _ZONES.get(zone))
    if len(lines) < 2:
        raise fail(0, "the hand is cut short after its header")
    table = _TABLE.match(lines[1])
    if table is None:
        raise fail(1, "expected \"Table 'NAME' N-max Seat #K is the button\"")
    hand.extra["table"] = table["table"]
    hand.extra["seat_count"] = int(table["max"])
    button = int(table["button"])

    # the summary: who was dealt in; the hand's totals
    try:
        summary = next(k for k, x in enumerate(lines) if x.startswith("*** SUMMARY ***"))
    except StopIteration:
        raise HistoryError(
            f"{where}: the hand is cut short: no '*** SUMMARY ***' line "
            f"(from line {numbers[0]}: {lines[0].strip()!r})"
        ) from None
    dealt: set[int] = set()
    for k in range(summary + 1, len(lines)):
        x = lines[k]
        if x.startswith("Total pot"):
            m = _TOTAL.match(x)
            if m is None:
                raise fail(k, "expected 'Total pot AMOUNT | Rake AMOUNT'")
            hand.total_pot = money(m["pot"], where)
            hand.totals_line = x
            if m["rake"]:
                hand.rake = money(m["rake"], where)
            for fee in _FEE.finditer(m["fees"] or ""):
                hand.fees[fee["name"].strip().lower().replace(" ", "_")] = money(
                    fee["amount"], where
                )
        elif (s := _SUMMARY_SEAT.match(x)) is not None:
            dealt.add(int(s[1]))
    if hand.total_pot is None:
        raise HistoryError(
            f"{where}: the summary has no 'Total pot' line (line {numbers[summary]})"
        )

    # the seats
    seated: list[tuple[int, str, Decimal]] = []
    k = 2
    while k < len(lines) and (m := _SEAT.match(lines[k])) is not None:
        seated.append((int(m["seat"]), m["name"], money(m["stack"], where)))
        k += 1
    if not seated:
        raise fail(min(2, len(lines) - 1), "expected the seats ('Seat N: NAME (STACK in chips)')")
    playing = sorted((s for s in seated if s[0] in dealt), key=lambda s: (s[0] <= button, s[0]))
    for seat, name, stack in playing:
        hand.seat(name, stack, seat)
    if len(playing) < 2:  # (before the play: a long hostile file ends here)
        raise HistoryError(
            f"{where}: fewer than two players are dealt in (the summary's 'Seat N:' lines "
            "name the players dealt in)"
        )
    names = sorted(hand.index, key=len, reverse=True)
    n = len(playing)
    bb_index = 0 if n == 2 else 1

    def who(k: int) -> tuple[int, str]:
        """The player whose line ``k`` is, and the rest of the line."""
        x = lines[k]
        for name in names:
            if x.startswith(name) and x[len(name) : len(name) + 2] == ": ":
                return hand.index[name], x[len(name) + 2 :].rstrip()
        raise fail(k, "no player dealt in says this")

    def amount_of(k: int, text: str) -> Decimal:
        for suffix in _SUFFIXES:
            text = text.split(suffix, 1)[0]
        return money(text, f"{where} line {numbers[k]}")

    # forced bets, up to the hole cards
    while k < summary and not lines[k].startswith("*** HOLE CARDS ***"):
        x = lines[k]
        if ": posts " in x and any(x.startswith(nm + ": posts ") for nm in names):
            i, rest = who(k)
            what, _, amount_text = rest[6:].rpartition(" ")
            amount = amount_of(k, amount_text)
            if what == "the ante":
                hand.ante(i, amount)
            elif (what == "small blind" and i == (1 if n == 2 else 0)) or (
                what == "big blind" and i == bb_index
            ):
                hand.blind(i, amount)
            elif what == "big blind" and amount == big:
                hand.blind(i, amount, post=True)
            elif what == "small blind":
                hand.blind(i, amount, post=True, live=False)
            else:
                raise fail(k, "a post hoyle does not play (a small and a big blind at once)")
        elif x.startswith("*** "):
            raise fail(k, "hoyle reads PokerStars' flop games only: expected '*** HOLE CARDS ***'")
        k += 1
    if hand.variant[0] == "F":
        hand.stakes = {"small_bet": small, "big_bet": big}
    else:
        hand.stakes = {"min_bet": big}

    # the play
    showdown = False
    for k in range(k + 1, summary):  # noqa: B020 (from the hole cards on)
        x = lines[k]
        if x.startswith("*** "):
            if x.startswith(_STREETS):
                cards = x.rsplit("[", 1)[-1].rstrip().rstrip("]")
                hand.board(site_cards(cards, f"{where} line {numbers[k]}"))
            elif x.startswith("*** SHOW DOWN ***"):
                showdown = True
            elif x.startswith("*** FIRST"):
                raise fail(k, "the board was run twice; a hoyle hand has one board")
            else:
                raise fail(k, "a street hoyle does not know")
            continue
        if x.startswith("Dealt to "):
            body = x[9:].rstrip()
            for name in names:
                if body.startswith(name + " ["):
                    i = hand.index[name]
                    hand.deal(i, site_cards(body[len(name) + 2 :].split("]")[0], where))
                    break
            continue
        if x.startswith("Uncalled bet ("):
            amount_text, _, name = x[14:].rstrip().partition(") returned to ")
            hand.uncalled(hand.player(name, x), money(amount_text, where))
            continue
        if " collected " in x and " from " in x:
            name, _, rest = x.rstrip().rpartition(" collected ")
            if name in hand.index:
                hand.collected(hand.index[name], money(rest.split(" from ")[0], where), x)
                continue
        if any(x.startswith(nm + ": ") for nm in names):
            i, rest = who(k)
            if rest == "folds":
                hand.fold(i)
            elif rest == "checks":
                hand.check(i)
            elif rest.startswith("calls "):
                hand.call(i, amount_of(k, rest[6:]))
            elif rest.startswith("bets "):
                hand.bet(i, amount_of(k, rest[5:]))
            elif rest.startswith("raises "):
                hand.raise_to(i, amount_of(k, rest.split(" to ", 1)[-1]))
            elif rest.startswith("shows ["):
                cards = site_cards(rest[7:].split("]")[0], where)
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
                raise fail(k, "a post after the hole cards")
            else:
                raise fail(k, "an action hoyle does not read")
    # the summary's mucked cards name the hands that lost
    for k in range(summary + 1, len(lines)):
        x = lines[k]
        if (
            (s := _SUMMARY_SEAT.match(x)) is not None
            and "[" in x
            and (" mucked [" in x or " showed [" in x)
        ):
            seat = int(s[1])
            if seat in hand.seats:
                hand.deal(
                    hand.seats.index(seat), site_cards(x.split("[", 1)[1].split("]")[0], where)
                )
    if not any(hand.back):
        hand.infer_uncalled()
    hand.totals()
    return hand
