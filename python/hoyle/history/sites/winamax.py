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
from hoyle.history.sites.common import SiteHand, money, site_cards

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


def read_hand(lines: list[str], numbers: list[int], where: str) -> SiteHand:  # noqa: PLR0912, PLR0915
    """One hand: its non-blank ``lines`` from the header on, and their
    ``numbers`` in the file, for messages."""

    def fail(k: int, why: str) -> HistoryError:
        return HistoryError(f"{where} line {numbers[k]}: {why}: {lines[k].strip()!r}")

    head = _HEAD.match(lines[0])
    if head is None:
        raise fail(0, "not a Winamax hand header hoyle reads")
    where = f"{where} hand #{head['id']}"
    hand = SiteHand("Winamax", where)
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
        raise fail(
            min(1, len(lines) - 1), "expected \"Table: 'NAME' N-max ... Seat #K is the button\""
        )
    hand.extra["table"] = table["table"]
    hand.extra["seat_count"] = int(table["max"])
    button = int(table["button"])
    k = 2
    seated: list[tuple[int, str, Decimal]] = []
    while k < len(lines) and (m := _SEAT.match(lines[k])) is not None:
        seated.append((int(m["seat"]), m["name"], money(m["stack"], where)))
        k += 1
    if not seated:
        raise fail(min(k, len(lines) - 1), "expected the seats ('Seat N: NAME (STACK)')")
    try:
        summary = next(j for j, x in enumerate(lines) if x.startswith("*** SUMMARY ***"))
    except StopIteration:
        raise HistoryError(f"{where}: the hand is cut short: no '*** SUMMARY ***' line") from None
    body = lines[k:summary]
    named = {
        name
        for _, name, _ in seated
        if any(x.startswith((name + " ", f"Dealt to {name} ")) for x in body)
    }
    playing = sorted((s for s in seated if s[1] in named), key=lambda s: (s[0] <= button, s[0]))
    for seat, name, stack in playing:
        hand.seat(name, stack, seat)
    names = sorted(hand.index, key=len, reverse=True)
    n = len(playing)
    sb_index, bb_index = (1, 0) if n == 2 else (0, 1)
    if hand.variant[0] == "F":
        hand.stakes = {"small_bet": big, "big_bet": 2 * big}
    else:
        hand.stakes = {"min_bet": big}

    def who(k: int) -> tuple[int, str] | None:
        x = lines[k].rstrip()
        for name in names:
            if x.startswith(name + " "):
                return hand.index[name], x[len(name) + 1 :]
        return None

    def amount_of(k: int, text: str) -> Decimal:
        for suffix in _SUFFIXES:
            text = text.split(suffix, 1)[0]
        return money(text, f"{where} line {numbers[k]}")

    showdown = False
    blinds = True
    for k in range(k, summary):  # noqa: B020 (from the seats on)
        x = lines[k].rstrip()
        if x.startswith("*** "):
            if x.startswith("*** ANTE/BLINDS ***"):
                blinds = True
            elif x.startswith("*** PRE-FLOP ***"):
                blinds = False
            elif x.startswith(_STREETS):
                cards = x.rsplit("[", 1)[-1].rstrip("] ")
                hand.board(site_cards(cards, f"{where} line {numbers[k]}"))
            elif x.startswith("*** SHOW DOWN ***"):
                showdown = True
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
            continue  # (a seated player's chat or a spectator's: no action)
        i, rest = said
        if rest.startswith("posts "):
            if not blinds:
                raise fail(k, "a post after the cards are dealt")
            posted = rest[6:]
            kind = next(
                (w for w in ("ante", "small blind", "big blind") if posted.startswith(w + " ")),
                None,
            )
            if kind is None:
                raise fail(k, "a post hoyle does not read")
            amount_text = posted[len(kind) + 1 :]
            amount = amount_of(k, amount_text)
            if kind == "ante":
                hand.ante(i, amount)
            elif (kind == "small blind" and i == sb_index and "out of position" not in rest) or (
                kind == "big blind" and i == bb_index and "out of position" not in rest
            ):
                hand.blind(i, amount)
            elif kind == "big blind" and amount == big:
                hand.blind(i, amount, post=True)
            elif kind == "small blind":
                hand.blind(i, amount, post=True, live=False)
            else:
                raise fail(k, "a post hoyle does not play")
        elif rest == "folds":
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
        elif rest.startswith("mucks"):
            if showdown:
                hand.show(i, None)
        elif rest.startswith("collected "):
            hand.collected(i, amount_of(k, rest[10:].split(" from ")[0]), x)
        else:
            raise fail(k, "an action hoyle does not read")
    written: Decimal | None = None
    for j in range(summary + 1, len(lines)):
        if (m := _TOTAL.match(lines[j])) is not None:
            written = money(m["pot"], where)
            hand.rake = money(m["rake"], where) if m["rake"] else Decimal(0)
            hand.totals_line = lines[j]
        elif lines[j].startswith("Seat ") and (" showed [" in lines[j] or " mucked [" in lines[j]):
            seat = int(lines[j][5:].split(":", 1)[0])
            if seat in hand.seats:
                cards = site_cards(lines[j].split("[", 1)[1].split("]")[0], where)
                hand.deal(hand.seats.index(seat), cards)
    if written is None:
        raise HistoryError(f"{where}: the summary has no 'Total pot' line")
    # Winamax's pot line is after the rake and counts the uncalled bet
    hand.total_pot = written + hand.rake
    hand.totals()
    return hand
