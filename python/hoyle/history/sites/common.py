"""What the site readers share: ``SiteHand``, one hand as a site wrote it,
collected line by line and turned into PHH fields, and ``check``, which
replays it and compares the replay with the file's own totals.

A reader goes through a hand's lines once and calls ``SiteHand``'s methods
(``seat``, ``post``, ``fold``, ``call``, ``bet``, ``raise_to``, ``board``,
``uncalled``, ``collected``...), which keep, beside the PHH actions, what
the file says each player put in and took out. ``fields`` then writes PHH
fields (amounts as ``Decimal`` in the file's money; what PHH cannot say
under hoyle's user fields, ``_hoyle_*``) and ``check`` replays them.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from hoyle.errors import HistoryError, HoyleError

if TYPE_CHECKING:
    from hoyle.history.hand_history import HandHistory

__all__ = ["MAX_AMOUNT", "Lines", "SiteHand", "check", "money", "site_cards"]

#: The largest amount a site line may carry (in the file's money): far above any
#: real stack; a larger one is refused (absurd amounts are hostile input).
MAX_AMOUNT = Decimal(10) ** 15
_MONEY = re.compile(r"[^\d]{0,3}?([\d][\d,]*(?:\.\d+)?)(?:\s?[^\d\s]{1,3})?")
_RANKS = frozenset("23456789TJQKA")
_SUITS = frozenset("cdhs")


def money(text: str, what: str) -> Decimal:
    """An amount as a site writes it (``$1,000.50``, ``0.50€``, ``1500``)
    as a ``Decimal`` in the file's money."""
    m = _MONEY.fullmatch(text.strip())
    if m is None:
        raise HistoryError(f"{what}: {text!r} is not an amount")
    try:
        value = Decimal(m[1].replace(",", ""))
    except InvalidOperation:  # pragma: no cover - the pattern admits only digits
        raise HistoryError(f"{what}: {text!r} is not an amount") from None
    if value > MAX_AMOUNT:
        raise HistoryError(f"{what}: {text!r} is more than {MAX_AMOUNT:,} (an absurd amount)")
    return value


def site_cards(text: str, what: str) -> str:
    """Cards as sites write them (``Ah Kd``, ``10h``) as PHH text (``AhKd``)."""
    out = []
    for word in text.replace(",", " ").split():
        card = word[:-1].replace("10", "T").upper() + word[-1:].lower()
        if len(card) != 2 or card[0] not in _RANKS or card[1] not in _SUITS:
            raise HistoryError(f"{what}: {word!r} is not a card")
        out.append(card)
    return "".join(out)


class SiteHand:
    """One hand of a site's file, as its lines are read.

    Players are indexed ``0..N-1`` in PHH order (``p1`` left of the button,
    the button last), set by ``seat`` in that order.
    """

    def __init__(self, site: str, where: str) -> None:
        self.site = site
        self.where = where  # the file and hand, for messages
        self.names: list[str] = []
        self.index: dict[str, int] = {}
        self.stacks: list[Decimal] = []
        self.seats: list[int] = []
        self.antes: list[Decimal] = []
        self.blinds: list[Decimal] = []
        self.put: list[Decimal] = []  # everything each put in
        self.street: list[Decimal] = []  # what each has in this betting round
        self.back: list[Decimal] = []  # uncalled bets returned
        self.won: list[Decimal] = []  # collected
        self.cards: list[str | None] = []
        self.folded: list[bool] = []
        self.body: list[str] = []
        self.variant = "NT"
        self.stakes: dict[str, Any] = {}
        self.extra: dict[str, Any] = {}
        self.total_pot: Decimal | None = None
        self.rake = Decimal(0)
        self.fees: dict[str, Decimal] = {}
        self.totals_line = ""
        self.collected_lines: list[str] = []
        self.over = False  # one player left: a later "shows" reveals, no sm
        self.dead: dict[int, Decimal] = {}  # dead posts: never an uncalled bet
        self.runouts: dict[int, str] = {}  # a board run again: run (1, 2...) -> its board

    # -- seats and forced bets -------------------------------------------
    def seat(self, name: str, stack: Decimal, seat: int) -> None:
        """Seat the next player (PHH order) with ``stack`` at physical ``seat``."""
        if name in self.index:
            raise HistoryError(f"{self.where}: {name!r} is seated twice")
        self.index[name] = len(self.names)
        self.names.append(name)
        self.stacks.append(stack)
        self.seats.append(seat)
        zero = Decimal(0)
        for column in (self.antes, self.blinds, self.put, self.street, self.back, self.won):
            column.append(zero)
        self.cards.append(None)
        self.folded.append(False)

    def player(self, name: str, line: str) -> int:
        """The index of the player ``name`` (dealt in)."""
        try:
            return self.index[name]
        except KeyError:
            raise HistoryError(f"{self.where}: {name!r} is not dealt in: {line!r}") from None

    def ante(self, i: int, amount: Decimal) -> None:
        self.antes[i] += amount
        self.put[i] += amount

    def blind(self, i: int, amount: Decimal, *, post: bool = False, live: bool = True) -> None:
        """A blind or a straddle, or (``post``) a post bet, which PHH writes
        negative; ``live``: it counts toward the call (a post of the big
        blind does, a smaller one is dead)."""
        self.blinds[i] += -amount if post else amount
        self.put[i] += amount
        if live:
            self.street[i] += amount
        else:
            self.dead[i] = self.dead.get(i, Decimal(0)) + amount

    def dead_and_live(self, i: int, dead: Decimal, live: Decimal) -> None:
        """A player entering posts a dead blind with a live one (888's
        ``posts dead blind [$1 + $2]``, PartyPoker's ``posts big blind +
        dead``): one post (PHH's negative entry) of both, which hoyle plays
        live for the big blind and dead for the rest; the dead part goes
        into the pot and is no part of the bet."""
        self.blind(i, dead + live, post=True, live=False)
        self.street[i] += live
        self.dead[i] -= live

    # -- actions -----------------------------------------------------------
    def fold(self, i: int) -> None:
        self.folded[i] = True
        self.body.append(f"p{i + 1} f")

    def check(self, i: int) -> None:
        self.body.append(f"p{i + 1} cc")

    def call(self, i: int, amount: Decimal) -> None:
        self.street[i] += amount
        self.put[i] += amount
        self.body.append(f"p{i + 1} cc")

    def bet(self, i: int, amount: Decimal) -> None:
        self.raise_to(i, self.street[i] + amount)

    def raise_to(self, i: int, total: Decimal) -> None:
        """A bet or raise to ``total`` this round. One nobody can call any of
        (every other player in the hand is all in for no more than the bet
        faced) is a call in hoyle, which refuses a raise nobody can answer:
        the chips come out the same once the uncalled part goes back."""
        others = [j for j in range(len(self.put)) if j != i and not self.folded[j]]
        facing = max((self.put[j] for j in others), default=Decimal(0))
        reach = max((self.stacks[j] for j in others), default=Decimal(0))
        self.put[i] += total - self.street[i]
        self.street[i] = total
        uncallable = others and reach <= facing < self.put[i]
        self.body.append(f"p{i + 1} cc" if uncallable else f"p{i + 1} cbr {total}")

    def board(self, cards: str) -> None:
        """A new street's board cards (PHH text)."""
        self.street = [Decimal(0)] * len(self.names)
        self.body.append(f"d db {cards}")

    def deal(self, i: int, cards: str) -> None:
        """Known hole cards (``Dealt to``, a show, a muck the summary
        reveals); a show of some of them (one card) leaves the rest ``??``."""
        if self.cards[i] is None or "?" in self.cards[i]:  # type: ignore[operator]
            self.cards[i] = cards + "??" * (self._hole_count() - len(cards) // 2)

    def show(self, i: int, cards: str | None) -> None:
        """At the showdown: ``cards`` shown, or None (a muck)."""
        if cards is not None:
            self.deal(i, cards)
            cards += "??" * (self._hole_count() - len(cards) // 2)
        if not self.over:
            self.body.append(f"p{i + 1} sm {cards}" if cards else f"p{i + 1} sm")

    def uncalled(self, i: int, amount: Decimal) -> None:
        self.back[i] += amount
        self.street[i] -= amount

    def infer_uncalled(self) -> None:
        """A file that writes no "uncalled bet" line (older PokerStars hands):
        the chips the biggest bettor put in past what anyone else did go back
        (dead posts are the pot's: not counted)."""
        if len(self.put) < 2:
            return
        zero = Decimal(0)
        live = [p - self.dead.get(k, zero) for k, p in enumerate(self.put)]  # (dead stays)
        top = max(range(len(live)), key=live.__getitem__)
        second = max(p for k, p in enumerate(live) if k != top)
        if live[top] > second:
            self.back[top] += live[top] - second

    def returned_in_collected(self) -> None:
        """A site that writes no uncalled-bet line and counts a walk's
        unmatched big blind in the collected line (888): the part of the
        inferred uncalled bet the collected lines already pay is not
        returned twice."""
        pot = sum(self.put, Decimal(0)) - sum(self.back, Decimal(0))
        excess = sum(self.won, Decimal(0)) - pot
        for k, back in enumerate(self.back):
            if excess > 0 and back > 0 and self.won[k] > 0:
                cut = min(back, excess)
                self.back[k] -= cut
                excess -= cut

    def collected(self, i: int, amount: Decimal, line: str) -> None:
        self.won[i] += amount
        self.collected_lines.append(line)

    # -- the hand ------------------------------------------------------------
    def nets(self) -> list[Decimal]:
        """Each player's result as the file's lines give it."""
        return [w + b - p for w, b, p in zip(self.won, self.back, self.put, strict=True)]

    def totals(self) -> None:
        """The file's pot, rake and collected lines agree with each other."""
        if len(self.names) < 2:
            raise HistoryError(f"{self.where}: fewer than two players are dealt in")
        pot = sum(self.put, Decimal(0)) - sum(self.back, Decimal(0))
        paid = sum(self.won, Decimal(0))
        fees = self.rake + sum(self.fees.values(), Decimal(0))
        if self.total_pot is not None and self.total_pot != pot:
            raise HistoryError(
                f"{self.where}: the pot does not add up: {self.totals_line.strip()!r} but the "
                f"bets, less the uncalled bets, come to {pot}"
            )
        if paid + fees != pot:
            raise HistoryError(
                f"{self.where}: the pot does not add up: {pot} was bet, but the collected "
                f"lines ({'; '.join(x.strip() for x in self.collected_lines) or 'none'}) pay "
                f"{paid} and the rake and fees are {fees}"
            )

    def fields(self) -> dict[str, Any]:
        """The hand as PHH fields (amounts in the file's money)."""
        n = len(self.names)
        order = [1, 0] if n == 2 else list(range(n))  # heads-up: the button's entry first
        deals = [f"d dh p{i + 1} {self.cards[i] or '??' * self._hole_count()}" for i in range(n)]
        out: dict[str, Any] = {"variant": self.variant, "ante_trimming_status": True}
        out["antes"] = [_plain(self.antes[k]) for k in order]
        out["blinds_or_straddles"] = [_plain(self.blinds[k]) for k in order]
        out.update(self.stakes)
        out["starting_stacks"] = [_plain(s) for s in self.stacks]
        out["actions"] = deals + self.body
        out["players"] = list(self.names)
        out["seats"] = list(self.seats)
        out["finishing_stacks"] = [
            _plain(s + x) for s, x in zip(self.stacks, self.nets(), strict=True)
        ]
        out["venue"] = self.site
        if self.runouts:  # (``hoyle.history.runs``)
            out["_hoyle_runouts"] = [self.runouts[k] for k in sorted(self.runouts)]
        out.update(self.extra)
        fees = self.rake + sum(self.fees.values(), Decimal(0))
        if fees:
            out["_hoyle_room_rake"] = _plain(fees)
            out["_hoyle_rake"] = _plain(self.rake)
        if self.fees:
            out["_hoyle_fees"] = {k: _plain(v) for k, v in self.fees.items()}
        return out

    def _hole_count(self) -> int:
        return {"T": 2, "O": 4, "O/8": 4, "5O": 5, "5O/8": 5}.get(self.variant[1:], 2)

    def started(self, when: datetime.datetime, zone: str | None) -> None:
        """The hand's start, as PHH's date fields."""
        self.extra.update(
            year=when.year, month=when.month, day=when.day, time=when.time().replace(microsecond=0)
        )
        if zone:
            self.extra["time_zone"] = zone


class Lines:
    """A hand's non-blank ``lines``, their ``numbers`` in the file and the
    place (``where``) for messages; ``names``: the players dealt in, longest
    first, for matching the lines they say (names may hold spaces and ``: ``)."""

    def __init__(self, lines: list[str], numbers: list[int], where: str) -> None:
        self.lines = lines
        self.numbers = numbers
        self.where = where
        self.names: list[str] = []
        self.index: dict[str, int] = {}

    def fail(self, k: int, why: str) -> HistoryError:
        """The error of line ``k``: its number, why, and the line."""
        return HistoryError(
            f"{self.where} line {self.numbers[k]}: {why}: {self.lines[k].strip()!r}"
        )

    def summary_start(self) -> int:
        """The index of the ``*** SUMMARY ***`` line (PokerStars' and Full
        Tilt's); a hand without one is cut short."""
        try:
            return next(k for k, x in enumerate(self.lines) if x.startswith("*** SUMMARY ***"))
        except StopIteration:
            raise HistoryError(
                f"{self.where}: the hand is cut short: no '*** SUMMARY ***' line "
                f"(from line {self.numbers[0]}: {self.lines[0].strip()!r})"
            ) from None

    def at(self, k: int) -> str:
        """Line ``k``'s place, for an amount's message."""
        return f"{self.where} line {self.numbers[k]}"

    def seat_all(self, hand: SiteHand, seated: list[tuple[int, str, Decimal]], button: int) -> None:
        """Seat the players dealt in, in PHH order: the first seat past the
        ``button`` first, the button last."""
        for seat, name, stack in sorted(seated, key=lambda s: (s[0] <= button, s[0])):
            hand.seat(name, stack, seat)
        if len(seated) < 2:  # (before the play: a long hostile file ends here)
            raise HistoryError(f"{self.where}: fewer than two players are dealt in")
        self.names = sorted(hand.index, key=len, reverse=True)
        self.index = hand.index

    def seat_lines(
        self, hand: SiteHand, seat: re.Pattern[str], button: int, dealt: set[int], shape: str
    ) -> int:
        """The seat lines from line 2 (``seat``'s groups: seat, name, stack),
        the players ``dealt`` in seated; the line after them. ``shape`` is
        the line's form, for the message."""
        seated: list[tuple[int, str, Decimal]] = []
        k = 2
        while k < len(self.lines) and (m := seat.match(self.lines[k])) is not None:
            seated.append((int(m["seat"]), m["name"], money(m["stack"], self.where)))
            k += 1
        if not seated:
            raise self.fail(min(2, len(self.lines) - 1), f"expected the seats ({shape!r})")
        self.seat_all(hand, [s for s in seated if s[0] in dealt], button)
        return k

    def amount_before(self, k: int, text: str, suffixes: tuple[str, ...]) -> Decimal:
        """The amount of line ``k`` that ``text`` starts with, before any of
        the ``suffixes``."""
        for suffix in suffixes:
            text = text.split(suffix, 1)[0]
        return money(text, self.at(k))

    def who(self, k: int) -> tuple[int, str]:
        """The player who says line ``k`` (``NAME: ...``) and the rest."""
        said = self.speaker(self.lines[k], ": ")
        if said is None:
            raise self.fail(k, "no player dealt in says this")
        return said

    def speaker(self, x: str, sep: str) -> tuple[int, str] | None:
        """The player (index) whose line ``x`` is (``NAME`` then ``sep``), and
        the rest of the line; None when no player dealt in says it."""
        for name in self.names:
            if x.startswith(name) and x[len(name) : len(name) + len(sep)] == sep:
                return self.index[name], x[len(name) + len(sep) :].rstrip()
        return None

    def dealt_to(self, hand: SiteHand, x: str) -> None:
        """``Dealt to NAME [CARDS]``: the player's known cards."""
        rest = x[9:].rstrip()
        for name in self.names:
            if rest.startswith(name + " ["):
                hand.deal(
                    hand.index[name], site_cards(rest[len(name) + 2 :].split("]")[0], self.where)
                )
                return


def _plain(v: Decimal) -> Decimal | int:
    """An amount as PHH text writes it: an int when whole."""
    return int(v) if v == v.to_integral_value() else v.normalize()


def check(hh: HandHistory, nets: list[Decimal]) -> None:
    """Replay ``hh`` and compare each player's net with the file's ``nets``
    (in the file's money, PHH order); a ``HistoryError`` says where they differ."""
    try:
        hand = hh.replay(strict=True)
    except HistoryError:
        raise
    except HoyleError as err:  # pragma: no cover - replay names its errors
        raise HistoryError(f"{hh.where}: {err}") from None
    got = hh.net_chips(hand)
    scale = hh.scale
    for k, want in enumerate(nets):
        mine = got[hh.seat(k + 1)]
        if Decimal(mine) != want * scale:
            raise HistoryError(
                f"{hh.where}: the replay does not give the file's result: "
                f"{hh.players[k]} nets {Decimal(mine) / scale} in hoyle's replay, "
                f"{want} by the file's lines"
            )
