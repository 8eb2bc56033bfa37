"""What the seat to act may do (docs/rules.md §6-7): ``legal``, worked out
once per decision."""

from __future__ import annotations

from hoyle._core import _opens
from hoyle._hand_check import restore
from hoyle._streets import Streets
from hoyle.betting import Legal, Limit, NoLimit, PotLimit
from hoyle.errors import IllegalActionError

__all__ = ["Turns", "bringing_in", "busy_error"]

_tuple_new = tuple.__new__  # Legal(...) without the keyword machinery: the hot path


def busy_error(what: str) -> IllegalActionError:
    """The error of a hand acted on (or its ``legal`` worked out) while
    another thread acts on it: refused, the hand unchanged."""
    return IllegalActionError(
        f"cannot {what}: another thread is acting on this hand; a Hand is played by "
        "one thread at a time (give each thread its own clone())"
    )


class Turns(Streets):
    """The third layer of a hand: what the actor may do. ``legal`` and
    ``_bring_in_legal`` write ``_legal`` (the decision's, once worked out);
    ``_choose_bring_in`` (``Hand.bring_in``) writes what posting the
    bring-in does (``_stacks``, ``_bets``, ``_contrib``, ``_history``,
    ``_bet``), ``_level`` and ``_voluntary``, then passes the turn. The rest
    only read."""

    __slots__ = ()

    @property
    def legal(self) -> Legal:  # noqa: PLR0912, PLR0915 (the hot path, inline)
        """What the seat to act may do (nothing once the hand is over),
        worked out once per decision and kept in ``_legal`` under the hand's
        thread guard (``HandState._busy``), so what is kept is never out of
        date: every action, which holds the guard, sets it again. Read while
        an action is at work (another thread's: ``Hand``, one thread at a
        time), it is worked out but not kept, and may be out of date; an
        error there is ``IllegalActionError``."""
        legal = self._legal
        if legal is not None:
            return legal
        busy = self._busy
        try:
            busy.pop()  # the thread guard's token: what is worked out is kept under it
            keep = True
        except IndexError:  # an action is at work: this thread's (asking) or another's
            keep = False
        try:
            if keep and self._legal is not None:  # set by an action ended meanwhile
                return self._legal
            p = self._actor
            assert p is not None
            bets, stacks, bet = self._bets, self._stacks, self._bet
            mine = bets[p]
            stack = stacks[p]
            to_call = bet - mine
            if to_call:
                facing, can_check = True, False
                call_amount = to_call if to_call < stack else stack
            elif self._voluntary or self._street:
                facing, call_amount, can_check = False, 0, True
            elif self._bringing_in():
                legal = self._bring_in_legal(p)
                if keep:
                    self._legal = legal
                return legal
            else:
                facing, call_amount = False, 0
                can_check = not self._plan.first_must_bet
            answered = self._level[p]  # the bet p last answered, -1 before acting
            if stack > to_call and (
                answered < 0
                or bet - answered >= self._raise_size
                or self._completed(p)
                or (self._plan.half_bet and 2 * (bet - answered) >= self._raise_size)
            ):
                plan = self._plan
                cap = plan.streets[self._street].raise_cap
                folded = self._folded
                for j in self._ring[p + 1 - self._n]:  # from p's left: could anybody answer?
                    if stacks[j] + bets[j] > bet and not folded[j] and j != p:
                        break
                else:
                    j = p
                if (
                    j != p
                    and (cap is None or self._raises < cap)
                    and (bet or plan.opener is None or self._may_open(p))
                ):
                    betting = self._betting
                    all_in = mine + stack
                    if betting.__class__ is NoLimit:
                        lo = bet + self._raise_size if bet else self._min_bet
                        legal = _tuple_new(
                            Legal,
                            (
                                facing,
                                can_check,
                                call_amount,
                                lo if lo < all_in else all_in,
                                all_in,
                                False,
                            ),
                        )
                        if keep:
                            self._legal = legal
                        return legal
                    lo, hi = self._raise_bounds(to_call, all_in)
                    hi = min(hi, all_in)
                    lo = min(lo, hi)
                    legal = _tuple_new(Legal, (facing, can_check, call_amount, lo, hi, False))
                    if keep:
                        self._legal = legal
                    return legal
            if not (facing or can_check):
                # the first bettor must bet, but this seat may not (it lacks
                # openers, or nobody could answer a bet): it checks (passes),
                # as a player without openers does (docs/rules.md §6, §9)
                can_check = True
            legal = _tuple_new(Legal, (facing, can_check, call_amount, None, None, False))
            if keep:
                self._legal = legal
            return legal
        except Exception:
            if keep:
                raise
            raise busy_error("read legal") from None
        finally:
            if keep:
                busy.append(1)

    def _legal_text(self) -> str:
        """What is legal, in words (an action's refusal says it)."""
        return (self._legal or self.legal).describe()

    def _raise_bounds(self, to_call: int, all_in: int) -> tuple[int, int]:
        """The smallest and largest total of a bet or raise under a limit or
        pot limit (before the stack, ``all_in``, bounds them)."""
        betting, bet = self._betting, self._bet
        if isinstance(betting, Limit):
            if self._plan.half_bet:  # docs/rules.md §7: from the last full bet
                full = self._full_level()
                return full + betting.min, full + betting.max
            if bet < betting.min:
                return betting.min, betting.max
            return bet + betting.min, bet + betting.max
        lo = bet + self._raise_size if bet else self._min_bet
        if isinstance(betting, PotLimit):
            hi = bet + sum(self._contrib) + to_call
            hi = max(hi, lo)  # nothing in the pot yet: the smallest bet (as PokerKit)
            if betting.cap is not None and hi > bet + betting.cap:
                hi = bet + betting.cap
            return lo, hi
        return lo, all_in

    def _bringing_in(self) -> bool:
        """True while the actor is the stud bring-in seat choosing to bring
        in or complete: the first interval of a game with a bring-in, before
        any action (nothing is bet until the seat chooses)."""
        return (
            not self._voluntary
            and self._bet == 0
            and self._plan.bring_in > 0
            and self._street == self._first_street
            and self._actor is not None
        )

    def _choose_bring_in(self, p: int) -> None:
        """``Hand.bring_in`` for the actor ``p``: whole, or not at all."""
        if not self._bringing_in():
            raise IllegalActionError(
                f"seat {p} cannot bring in: the bring-in is the first choice of the "
                f"stud seat that owes it (legal: {self._legal_text()})"
            )
        self._post_bring_in(p)
        self._level[p] = self._bet
        self._voluntary = True
        try:
            self._after(p)
        except BaseException:
            restore(self, len(self._history) - 1)  # (``Hand._undo``)
            raise

    def _bring_in_legal(self, p: int) -> Legal:
        """The stud bring-in seat's choice (docs/rules.md §7): bring in
        (``call``, for the bring-in) or complete (``raise_to``, a first bet
        of the street's structure). It may not fold or check."""
        stack = self._stacks[p]
        lo, hi = self._raise_bounds(0, stack)
        hi = min(hi, stack)
        return _tuple_new(Legal, (False, False, self._plan.bring_in, min(lo, hi), hi, False))

    def _full_level(self) -> int:
        """The half-bet rule's last full bet of this interval (docs/rules.md
        §7): the forced bet when it is a full bet, then every bet or raise
        that adds at least half a bet to it (an all-in of at least half a
        bet counts as a full one; so does a forced bet of a full bet or more, a
        blind or a bring-in). Worked out from the interval's record."""
        betting = self._betting
        assert isinstance(betting, Limit)
        step = betting.min
        history = self._history
        i = len(history)
        street = self._street
        while i and history[i - 1][0] == street:
            i -= 1
        full = 0
        plan = self._plan
        for _street, _seat, kind, _amount, total, _cards in history[i:]:
            if kind == "blind" and street == 0 and plan.largest_blind >= step:
                full = plan.largest_blind
            elif kind == "bring-in" and plan.bring_in >= step:  # a full bet itself
                full = plan.bring_in
            elif kind in ("bet", "raise") and 2 * (total - full) >= step:
                full = total
        return full

    def _completed(self, p: int) -> bool:
        """True when, since ``p`` acted facing only a bring-in, the bet was
        completed to the limit's first bet: a full bet that reopens the
        betting, though it adds less than one limit to the bring-in."""
        betting = self._betting
        return betting.__class__ is Limit and self._level[p] < betting.min <= self._bet

    def _may_open(self, p: int) -> bool:
        """Draw poker's opening requirement, on the first interval."""
        plan = self._plan
        if plan.opener is None or self._street != self._first_street:
            return True
        return _opens(self._cards[p], plan.opener == "jacks-or-four-flush")


def bringing_in(hand: Turns) -> bool:
    """Whether the seat to act is the stud bring-in seat choosing to bring
    in or complete (``Turns._bringing_in``): what a hand history's ``pb``
    line asks before it brings in (``hoyle.history.replay``). Reads only.
    Internal to hoyle."""
    return hand._bringing_in()
