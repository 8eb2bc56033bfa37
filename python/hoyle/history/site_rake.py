"""``SiteRake``: a card room's rake rule, in a hand history's money, and
how a replay takes it (``HandHistory.replay(rake=...)``).

Online rooms rake a hand, not a pot: a percentage of everything the pots
hold once the uncalled bets are back, rounded *down* to a multiple of
``unit`` (a cent, or the room's coarser step), then capped; the cap may
depend on how many players were dealt in (``caps``), and with "no flop,
no drop" a hand that ends before the flop pays nothing. PHH has no field
for a rake (its ``winnings`` are after rake, its ``finishing_stacks`` too),
so the rule comes from the caller; a file that carries hoyle's own rake
(``_hoyle_game.rake``, per pot, settled by the engine) keeps it.

How the replay takes it: the hand is played and settled as recorded, then
the rake comes out of the pots in order (the main pot first, then the side
pots, each at most what it holds), and each raked pot is divided again
among the same winners by the engine's rule (docs/rules.md §4: the high
half takes the odd chip, tied hands share evenly, leftover chips go one
each from the button's left). The hand does this in its hook
``_ending.take_room_rake``, which keeps the rake in the hand, so a raked
hand clones and pickles as it is. ``Hand.stacks`` and ``Hand.settlement``
then say what the room paid; payouts plus rake equal what the pots held.

House money runs the other way: a room that adds money to a pot
(GGPoker's "Cash Drop to Pot : total $0.5") has it in the
``_hoyle_house_money`` field, which the replay puts in the main pot before
the rake comes out (``add_house``), so its winners are paid it as the file
says (shared out among the runs of a board run twice).

The rule the HandHQ sample shows for Ongame (tests/history/test_handhq.py):
5 %, rounded down to $0.05 (a $53.90 pot pays $2.65, not $2.69 or
$2.70), at most $2 with four players dealt and $3 with five or more, no
flop no drop:

>>> from decimal import Decimal
>>> ongame = SiteRake(percent=5, unit="0.05", caps={4: 2, 5: 3}, no_flop_no_drop=True)
>>> ongame.amount(Decimal("53.90"), players=5, flop=True)
Decimal('2.65')
>>> ongame.amount(Decimal("195"), players=4, flop=True), ongame.amount(Decimal("195"), 6, True)
(Decimal('2'), Decimal('3'))
>>> ongame.amount(Decimal("75"), players=5, flop=False)
Decimal('0')
>>> SiteRake.parse("5:3")  # doctest: +NORMALIZE_WHITESPACE
SiteRake(percent=Decimal('5'), cap=Decimal('3'), caps=(), unit=Decimal('0.01'),
         no_flop_no_drop=False)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_FLOOR, Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from hoyle._ending import add_house_money, take_room_rake
from hoyle.errors import HistoryError, HoyleError, SettlementError
from hoyle.history.stakes import chips

if TYPE_CHECKING:
    from hoyle.hand import Hand

__all__ = ["HOUSE", "ROOM_RAKE", "SiteRake", "add_house", "room_money", "take_written"]

#: The user field of the money the house put in the main pot (GGPoker's
#: "Cash Drop to Pot"), in the file's money.
HOUSE = "_hoyle_house_money"
ROOM_RAKE = "_hoyle_room_rake"  # the rake the file carries (``take_written``)

# ``SiteRake._chips``'s bounds, where ``Decimal`` (28 digits) works exactly:
# the percent's digits, the pots' chips and the rake's steps, the
# denominator of percent / 100 / unit / scale
_DIGITS, _TOTAL, _DENOMINATOR = 10, 10**15, 10**8

_AMOUNT = re.compile(r"[0-9]{1,20}(?:\.[0-9]{1,18})?", re.ASCII)


def _money(value: Any, what: str) -> Decimal:
    """An amount of money: an int, a Decimal, or decimal text (``"0.05"``);
    finite, 0 or more, at most 20 digits before the point and 18 after."""
    if isinstance(value, bool):
        raise SettlementError(f"{what} must be a number, got {value!r}")
    if isinstance(value, str):
        if _AMOUNT.fullmatch(value) is None:
            raise SettlementError(f"{what} must be decimal text such as '0.05', got {value!r}")
        return Decimal(value)
    if isinstance(value, int):
        if not 0 <= value < 10**20:
            raise SettlementError(f"{what} must be between 0 and 10**20, got {value}")
        return Decimal(value)
    if isinstance(value, float):
        value = Decimal(repr(value))
    if not isinstance(value, Decimal):
        raise SettlementError(f"{what} must be an int, a Decimal or decimal text, got {value!r}")
    if not value.is_finite() or value < 0 or value.adjusted() >= 20:
        raise SettlementError(f"{what} must be a finite amount from 0 to 10**20, got {value}")
    if value != value.quantize(Decimal(1).scaleb(-18), rounding=ROUND_FLOOR):
        raise SettlementError(f"{what} has more than 18 decimal places: {value}")
    return value


@dataclass(frozen=True, kw_only=True)
class SiteRake:
    """A room's rake: ``percent`` of a hand's pots, rounded down to a
    multiple of ``unit``, at most the cap for the number of players dealt
    (``caps[k]`` for the largest ``k`` not above it, else ``cap``; None: no
    cap); ``no_flop_no_drop``: a hand that ends before a flop (before its
    second street, in a game with no board) pays nothing. Amounts are in the
    file's money (a file in dollars: dollars), given as ints, Decimals or
    decimal text.
    """

    percent: Decimal
    cap: Decimal | None = None
    caps: tuple[tuple[int, Decimal], ...] = ()
    unit: Decimal = Decimal("0.01")
    no_flop_no_drop: bool = False
    _fraction: Decimal = field(init=False, repr=False, compare=False)
    # percent / 100 / unit as (numerator, denominator), and whether ``_chips`` may use it
    _per_unit: tuple[int, int] = field(init=False, repr=False, compare=False)
    _exact: bool = field(init=False, repr=False, compare=False)

    def __init__(
        self,
        *,
        percent: int | Decimal | str | float,
        cap: int | Decimal | str | None = None,
        caps: Mapping[int, int | Decimal | str]
        | Iterable[tuple[int, int | Decimal | str]]
        | None = None,
        unit: int | Decimal | str = "0.01",
        no_flop_no_drop: bool = False,
    ) -> None:
        pct = _money(percent, "rake percent")
        if pct > 100:
            raise SettlementError(f"rake percent must be between 0 and 100, got {pct}")
        step = _money(unit, "rake unit")
        if step == 0:
            raise SettlementError("rake unit must be more than 0 (0.01 for cents)")
        table: list[tuple[int, Decimal]] = []
        pairs = caps.items() if isinstance(caps, Mapping) else caps or ()
        for players, amount in pairs:
            if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 64:
                raise SettlementError(
                    f"rake caps are keyed by players dealt, 2..64, got {players!r}"
                )
            table.append((players, _money(amount, f"rake cap for {players} players")))
        if not isinstance(no_flop_no_drop, bool):
            raise TypeError(f"no_flop_no_drop must be True or False, got {no_flop_no_drop!r}")
        object.__setattr__(self, "percent", pct)
        object.__setattr__(self, "cap", None if cap is None else _money(cap, "rake cap"))
        object.__setattr__(self, "caps", tuple(sorted(table)))
        object.__setattr__(self, "unit", step)
        object.__setattr__(self, "no_flop_no_drop", no_flop_no_drop)
        object.__setattr__(self, "_fraction", pct / 100)
        (p_num, p_den), (u_num, u_den) = pct.as_integer_ratio(), step.as_integer_ratio()
        num, den = p_num * u_den, p_den * 100 * u_num
        object.__setattr__(self, "_per_unit", (num, den))
        object.__setattr__(self, "_exact", len(pct.as_tuple().digits) <= _DIGITS)

    @classmethod
    def parse(cls, text: str, **options: Any) -> SiteRake:
        """``PERCENT[:CAP]`` as the command line writes it (``"5"``,
        ``"5:3"``, ``"2.5:0.50"``); ``options`` are the other settings."""
        percent, _, cap = text.partition(":")
        return cls(percent=percent, cap=cap or None, **options)

    def cap_for(self, players: int) -> Decimal | None:
        """The cap with ``players`` dealt in."""
        out = self.cap
        for k, amount in self.caps:
            if k <= players:
                out = amount
        return out

    def amount(self, pot: Decimal, players: int, flop: bool) -> Decimal:
        """The rake of a hand whose pots hold ``pot`` (money), with
        ``players`` dealt in; ``flop``: the hand saw a flop."""
        if self.no_flop_no_drop and not flop:
            return Decimal(0)
        steps = (pot * self._fraction / self.unit).to_integral_value(rounding=ROUND_FLOOR)
        out = steps * self.unit
        cap = self.cap_for(players)
        return out if cap is None else min(out, cap)

    def _chips(self, total: int, scale: int, players: int, flop: bool) -> int | None:
        """``amount`` in chips for pots holding ``total`` chips (the file's
        money times ``scale``), worked out in integers (issue 29: the HandHQ
        replay), or None where ``take`` leaves it to ``amount``: amounts so
        large or fine that ``Decimal``'s 28 digits might round, a rake finer
        than the chips (``take`` words the error)."""
        if self.no_flop_no_drop and not flop:
            return 0
        num, den = self._per_unit
        den *= scale
        if not self._exact or total >= _TOTAL or den > _DENOMINATOR:
            return None
        steps = total * num // den
        if steps >= _TOTAL:
            return None
        out, down = self.unit.as_integer_ratio()  # the rake, out / down chips
        out *= steps * scale
        cap = self.cap_for(players)
        if cap is not None:
            top, under = cap.as_integer_ratio()
            if top * scale * down < out * under:
                out, down = top * scale, under
        whole, rest = divmod(out, down)
        return None if rest else whole

    def take(self, hand: Hand, scale: int, where: str) -> None:
        """Take this rake from a finished ``hand`` whose chips are the
        file's money times ``scale``: its stacks and settlement change to
        what the room paid (through the hand's hook,
        ``_ending.take_room_rake``)."""
        flop = bool(hand.board) or hand.street > 0
        if self.no_flop_no_drop and not flop and hand.game.rake is None:
            return  # (nothing to take, nor a game's rake to refuse: no settlement worked out)
        settlement = hand.settlement
        if settlement is None:
            return
        if settlement.rake:
            raise HistoryError(f"{where}: this hand was raked already (its game has a rake)")
        total = settlement._held  # the chips in its pots
        if (fast := self._chips(total, scale, len(hand.stacks), flop)) is not None:
            if fast:
                take_room_rake(hand, fast)
            return
        try:
            money = self.amount(Decimal(total) / scale, len(hand.stacks), flop) * scale
        except InvalidOperation:  # pragma: no cover - amounts are bounded above
            raise HistoryError(f"{where}: the rake cannot be worked out") from None
        if money != money.to_integral_value():
            raise HistoryError(
                f"{where}: the rake {money / scale} is finer than this hand's chips "
                f"(1/{scale} of the file's unit)"
            )
        if money:
            take_room_rake(hand, int(money))


def take_written(hand: Hand, room: Any, rake: SiteRake | None, at: tuple[int, str]) -> None:
    """The room's rake ``dumps`` wrote (``_hoyle_room_rake``: the chips a
    ``SiteRake`` took when the hand was replayed), taken again from the
    finished ``hand``; ``at`` is the file's scale and the place for
    messages. A ``rake`` as well is refused: it would rake twice."""
    scale, where = at
    if rake is not None:
        raise HistoryError(
            f"{where}: the file carries the room's rake it was replayed with "
            "(_hoyle_room_rake); replay it without rake="
        )
    try:
        amount = chips(room, scale, "_hoyle_room_rake")
    except HistoryError as err:  # not a number, negative, huge (it names no file)
        raise HistoryError(f"{where}: {err}") from None
    try:
        take_room_rake(hand, amount)
    except HoyleError as err:  # none, raked by its game, more than the pots
        raise HistoryError(f"{where}: _hoyle_room_rake: {err}") from None


def add_house(hand: Hand, value: Any, at: tuple[int, str]) -> None:
    """The house's money a file records (``_hoyle_house_money``, in the
    file's money) put in the finished ``hand``'s main pot and paid to its
    winners (the hand's hook ``_ending.add_house_money``); ``at`` is the
    file's scale and the place for messages."""
    scale, where = at
    try:
        amount = chips(value, scale, HOUSE)
    except HistoryError as err:  # not a number, negative, huge (it names no file)
        raise HistoryError(f"{where}: {err}") from None
    if amount == 0:
        return
    try:
        add_house_money(hand, amount)
    except HoyleError as err:  # no pot, given already
        raise HistoryError(f"{where}: {HOUSE}: {err}") from None


def room_money(
    hand: Hand, fields: dict[str, Any], rake: SiteRake | None, game_rake: Any, at: tuple[int, str]
) -> None:
    """What the room put in and took from a finished ``hand`` replayed from
    ``fields``: the house's money (``_hoyle_house_money``, ``add_house``),
    then the rake the file carries (``_hoyle_room_rake``, ``take_written``)
    or else the caller's ``rake`` (refused when the game rakes itself:
    ``game_rake``, its ``_hoyle_game.rake``); ``at`` is the file's scale and
    the place for messages."""
    scale, where = at
    if (house := fields.get(HOUSE)) is not None:
        add_house(hand, house, at)
    if (room := fields.get(ROOM_RAKE)) is not None:
        take_written(hand, room, rake, at)
    elif rake is not None:
        if game_rake is not None:
            raise HistoryError(
                f"{where}: the file carries its own rake (_hoyle_game.rake); "
                "replay it without rake="
            )
        rake.take(hand, scale, where)
