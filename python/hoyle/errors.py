"""The errors hoyle raises. Every one is a ``ValueError``: bad input is
refused with a message that says what was wrong and what is allowed, and
nothing is changed."""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = [
    "ActionArrayError",
    "BotError",
    "BusyError",
    "CardError",
    "DuplicateCardError",
    "EquityError",
    "GameError",
    "HandError",
    "HistoryError",
    "HoyleError",
    "IllegalActionError",
    "RangeError",
    "RulesError",
    "SettlementError",
    "SolveError",
    "TournamentError",
    "UndeterminedError",
    "UndeterminedPot",
]


class HoyleError(ValueError):
    """Base class of hoyle's errors."""


class CardError(HoyleError):
    """An unknown card: bad text, or an id out of range."""


class DuplicateCardError(CardError):
    """The same card twice in one hand or deal."""


class HandError(HoyleError):
    """A hand hoyle cannot rank: wrong number of cards, jokers without rules,
    or a batch of the wrong dtype or shape."""


class RulesError(HoyleError):
    """Bad hand rules: an unknown setting value or a combination that makes
    no sense (say, ``bug_fills_flush`` without ``jokers="bug"``)."""


class SettlementError(HoyleError):
    """Contributions and hands that cannot be settled: negative chips, lists
    of different lengths, no live seat, a low for a folded seat, a button
    that is not a seat, chips only folded seats could claim, or a bad rake."""


class EquityError(HoyleError):
    """A spot whose equity cannot be computed: too few or too many players,
    a board larger than the game's, hands that collide, ranges that cannot
    all be dealt at once, or bad settings (trials, threads, target)."""


class RangeError(HoyleError):
    """A range that cannot be read. ``position`` is the offset of the bad
    token in the text and ``token`` the token itself."""

    def __init__(self, message: str, *, position: int = -1, token: str = "") -> None:
        super().__init__(message)
        self.position = position
        self.token = token


class SolveError(HoyleError):
    """A spot or tree ``hoyle.solve`` cannot solve: cards that overlap or are not in the
    game's deck, a range left empty by the board, a pot or stack that is not a positive
    integer, a bet size that cannot be read (the message names the token), a tree larger
    than ``max_memory``, a saved solution that does not match. Nothing is allocated."""


class TournamentError(HoyleError):
    """A tournament computation ``hoyle.tournament`` cannot do: stacks that are not
    positive, payouts that are negative or more than the players, a field too large
    for the exact method, push/fold stacks or blinds out of range, a tournament that
    cannot be played (the message says what was wrong and what is allowed)."""


class GameError(HoyleError):
    """Game settings that cannot be played: a bad betting structure, forced
    bets, streets, deck, or stacks and button that do not fit the game."""


class IllegalActionError(HoyleError):
    """An action the rules do not allow at this point of the hand: out of
    turn, a check facing a bet, a raise outside the legal range, a bad
    draw. The message says why and what is legal; the hand is unchanged."""


class ActionArrayError(IllegalActionError):
    """An array of actions of the wrong shape or dtype (``VectorTables.step``):
    the message names the shape and dtype expected and those given. A
    subclass of ``IllegalActionError``, which such arrays raised before."""


class BusyError(HoyleError):
    """An object called while another call on it is running: an environment
    of ``hoyle.env`` stepped from two threads at once (or from inside its
    own step, by a bot). The call is refused and changes nothing; the
    running one goes on."""


class HistoryError(HoyleError):
    """A hand history that cannot be read or replayed: bad TOML, a missing
    or malformed field, an unknown variant, or an action the rules refuse.
    The message names the file, the hand and the action."""


class UndeterminedPot(NamedTuple):
    """A pot a hand history does not decide (``UndeterminedError.pots``):
    its chips and the hoyle seats that could have won it."""

    amount: int
    eligible: tuple[int, ...]


class UndeterminedError(HistoryError):
    """A hand history whose result its file does not decide: at the showdown
    some pot is contested only by seats whose cards the file never shows
    (``????`` and no ``sm`` with cards). A seat whose cards are unknown has
    mucked when a seat with known cards contests the same pot, so this
    happens only when no contender of a pot is known.

    ``pots`` lists the undetermined pots, each an ``UndeterminedPot`` with
    its ``amount`` (chips, the rake included) and ``eligible``, the hoyle
    seats that could have won it; ``payouts`` is what each seat receives
    from the pots the file does decide (uncalled chips included), so
    ``sum(payouts) + sum(pot.amount for pot in pots)`` plus the rake of the
    decided pots is what the seats put in. ``hand`` is the replayed hand,
    every action played, for its board, history and contributions: its
    ``stacks`` and ``settlement`` split each undetermined pot among the
    seats that could have won it (placeholders, not a result)."""

    def __init__(
        self,
        message: str,
        *,
        hand: Any = None,
        pots: tuple[UndeterminedPot, ...] = (),
        payouts: tuple[int, ...] = (),
    ) -> None:
        super().__init__(message)
        self.hand = hand
        self.pots = pots
        self.payouts = payouts


class BotError(GameError):
    """A bot that cannot play: a ``module:callable`` spec that does not load
    (no colon, no such module or attribute, not callable), or a bot that
    raised, made an illegal move, or did not make exactly one move when its
    seat was to act. The message names the bot and its seat, and, in
    ``hoyle.simulate``, the hand (numbered from 0 over the whole run). A
    ``GameError`` (a table's bots are part of its settings: what
    ``SingleAgentEnv`` raised for a bot that made no move before).

    ``seat`` and ``hand`` hold the same numbers (None where they do not
    apply, e.g. a spec that does not load)."""

    seat: int | None = None
    hand: int | None = None
