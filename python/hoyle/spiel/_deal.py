"""One ``python_hoyle`` state's play, without ``pyspiel``: the chance
outcomes (positions in the game's deck, one card a chance node, without
replacement), the seats' action indices, and the ``Hand`` they make.

The hand is hoyle's own ``Hand``, started with ``deck=`` the cards chance
chose so far followed by the rest of the deck: it deals as it always does
(docs/rules.md §10). When an action makes it deal (a street's cards, a
draw's replacements), the cards it took past those chosen are owed to
chance: that many chance nodes follow, and once chance has chosen them the
hand is started again with them and the seats' actions replayed. Every
player step is one ``Hand`` call (``Actions.act``).

Seats are OpenSpiel's players: the button is the last seat, so player 0
is the seat on its left (the small blind; heads-up the big blind, the
button posting the small one) and the deal starts with player 0.

>>> from hoyle.spiel._params import read
>>> play = Play.start(Rules(read({"preset": "kuhn"})))
>>> play.pending, [p for p, _ in play.outcomes()]
(2, [0, 1, 2])
>>> play.deal(2); play.deal(0)  # player 0 holds the king, player 1 the jack
>>> play.hand.actor, play.legal()
(0, [1, 2])
>>> play.act(2); play.act(1)  # a bet, called
>>> play.returns(), play.info_string(1)
([2, -2], 'p1 [Jc||] 0:2 1:1')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from hoyle._core import Card
from hoyle._hand_view import draw_view, game_plan
from hoyle.env.layout import Layout
from hoyle.errors import GameError, IllegalActionError

if TYPE_CHECKING:
    from hoyle.hand import Hand
    from hoyle.spiel._params import Setup

__all__ = ["Play", "Rules"]

INFO_WINDOW = 256  # the records an information-state tensor holds, the newest last
OBS_WINDOW = 16  # those an observation tensor holds


def _player_bound(setup: Setup) -> int:
    """An upper bound on the player actions of one hand (``max_game_length``).

    Each bet or raise adds at least the smallest increment to the highest
    contribution, which a stack bounds (``raise_cap`` bounds them too),
    short all-ins aside (one a seat); between two raises each seat acts
    at most once, and once more per interval; a draw is one action a seat."""
    game, n = setup.game, setup.seats
    plan = game_plan(game)
    streets = plan.streets
    steps = []
    for s in streets:
        b = s.betting
        steps.append(getattr(b, "min", None) or plan.smallest_bet)
    raises = max(setup.stacks) // max(1, min(steps)) + n
    if game.raise_cap is not None:
        raises = min(raises, game.raise_cap * len(streets))
    draws = sum(1 for s in streets if s.draw)
    return n * (raises + 2 * len(streets) + draws + 1)


@dataclass(frozen=True, eq=False)
class Rules:
    """What is fixed for one ``python_hoyle`` game: its setup, the deck's
    names, the layouts, how many cards a hand's start deals."""

    setup: Setup
    deck: tuple[int, ...] = field(init=False)
    names: tuple[str, ...] = field(init=False)
    where: dict[int, int] = field(init=False)  # card id -> its position in the deck
    first: int = field(init=False)  # the cards the start deals
    layout: Layout = field(init=False)
    info_layout: Layout = field(init=False)
    max_players_steps: int = field(init=False)
    max_cards: int = field(init=False)

    def __post_init__(self) -> None:
        put = object.__setattr__
        s = self.setup
        put(self, "deck", s.game.deck)
        put(self, "names", tuple(str(Card(c)) for c in s.game.deck))
        put(self, "where", {c: k for k, c in enumerate(s.game.deck)})
        put(self, "layout", Layout(s.game, s.seats, window=OBS_WINDOW))
        put(self, "info_layout", Layout(s.game, s.seats, window=INFO_WINDOW))
        probe = s.game.start(list(s.stacks), button=s.seats - 1, deck=list(self.deck))
        put(self, "first", len(self.deck) - len(draw_view(probe)[1]))
        plan = game_plan(s.game)
        cards = min(len(self.deck), plan.cards_needed(s.seats) + self._drawn())
        if plan.has_draw and s.seats * (plan.per_seat + self._drawn_each()) > len(self.deck):
            raise GameError(
                f"{s.game.name} with {s.seats} seats could empty the stub and reshuffle the"
                f" discards, which python_hoyle does not deal as chance nodes: at most"
                f" {len(self.deck) // (plan.per_seat + self._drawn_each())} seats"
            )
        put(self, "max_cards", cards)
        put(self, "max_players_steps", _player_bound(s))

    def _drawn_each(self) -> int:
        return sum(max(st.draw, st.draw_ace or 0) for st in self.setup.game.streets)

    def _drawn(self) -> int:
        return self.setup.seats * self._drawn_each()


class Play:
    """The play of one state (see the module's docstring). ``picked``: the
    chance outcomes (deck positions) in order; ``moves``: the action
    indices; ``pending``: the chance nodes owed now; ``logs``: what each
    player has seen, in order (its information state)."""

    __slots__ = (
        "cached",
        "dealt",
        "hand",
        "known",
        "logs",
        "moves",
        "pending",
        "picked",
        "rules",
        "seen",
    )

    rules: Rules
    hand: Hand | None
    picked: list[int]
    moves: list[int]
    pending: int
    dealt: int  # the cards the hand has dealt
    logs: list[list[str]]
    seen: list[str]
    known: list[set[int]]  # the deck positions each player has seen
    cached: npt.NDArray[np.bool_] | None  # the mask of the seat to act, once worked out

    @classmethod
    def start(cls, rules: Rules) -> Play:
        play = cls.__new__(cls)
        play.rules, play.hand, play.picked, play.moves = rules, None, [], []
        play.pending, play.dealt = rules.first, 0
        n = rules.setup.seats
        play.logs = [[] for _ in range(n)]
        play.seen = [""] * n
        play.known = [set() for _ in range(n)]
        play.cached = None
        return play

    def clone(self) -> Play:
        other = Play.__new__(Play)
        other.rules, other.pending, other.dealt = self.rules, self.pending, self.dealt
        other.hand = None if self.hand is None else self.hand.clone()
        other.picked, other.moves = self.picked[:], self.moves[:]
        other.logs = [log[:] for log in self.logs]
        other.seen = self.seen[:]
        other.known = [k.copy() for k in self.known]
        other.cached = self.cached  # (never written in place)
        return other

    # -- chance -----------------------------------------------------------------------------

    def outcomes(self) -> list[tuple[int, float]]:
        """The chance node's outcomes: every deck position not dealt, equally likely."""
        taken = set(self.picked)
        left = [i for i in range(len(self.rules.deck)) if i not in taken]
        p = 1.0 / len(left)
        return [(i, p) for i in left]

    def deal(self, position: int) -> None:
        """Chance deals the card at ``position`` of the deck."""
        if self.pending <= 0:
            raise IllegalActionError("no card is owed to chance now: a player is to act")
        if (
            position.__class__ is not int
            or not 0 <= position < len(self.rules.deck)
            or position in self.picked
        ):
            raise IllegalActionError(
                f"chance deals a deck position 0..{len(self.rules.deck) - 1} not dealt yet,"
                f" got {position!r:.40}"
            )
        self.picked.append(position)
        self.pending -= 1
        if not self.pending:
            self._restart()

    def _restart(self) -> None:
        """The hand again, with the cards chance chose, and every action replayed."""
        deck = self.rules.deck
        chosen = [deck[i] for i in self.picked]
        taken = set(self.picked)
        order = chosen + [c for i, c in enumerate(deck) if i not in taken]
        setup = self.rules.setup
        hand = setup.game.start(list(setup.stacks), button=setup.seats - 1, deck=order)
        act = setup.actions.act
        for index in self.moves:
            act(hand, index)
        self.hand, self.cached = hand, None
        self._sync()

    def _sync(self) -> None:
        """The chance nodes the hand's last deal owes, or (none owed) what each player sees."""
        assert self.hand is not None
        dealt = len(self.rules.deck) - len(draw_view(self.hand)[1])
        self.pending = dealt - len(self.picked)
        if self.pending or dealt == self.dealt:
            return  # cards owed to chance, or none dealt since the last look: nothing new seen
        self.dealt = dealt
        hand, names, where = self.hand, self.rules.names, self.rules.where

        def text(cards: tuple[int, ...]) -> str:
            return " ".join(names[where[c]] for c in cards)

        board = text(hand.board)
        ups = "/".join(text(hand.up(s)) for s in range(self.rules.setup.seats))
        shown = [*hand.board]
        for s in range(len(self.logs)):
            shown += hand.up(s)
        if len(shown) == len(hand.board):
            ups = ""
        for p, log in enumerate(self.logs):
            now = f"[{text(hand.hole(p))}|{board}|{ups}]"
            if now != self.seen[p]:
                self.seen[p] = now
                log.append(now)
                self.known[p].update(where[c] for c in (*shown, *hand.hole(p)))

    # -- the players ------------------------------------------------------------------------

    def player(self) -> int | None:
        """The seat to act, or None (chance, or the hand is over)."""
        if self.pending or self.hand is None:
            return None
        return self.hand.actor

    def is_over(self) -> bool:
        return not self.pending and self.hand is not None and self.hand.is_over

    def mask(self) -> npt.NDArray[np.bool_]:
        """The mask of the seat to act (``Actions.mask``), worked out once a decision."""
        mask = self.cached
        if mask is None:
            assert self.hand is not None
            mask = self.cached = self.rules.setup.actions.mask(self.hand)
        return mask

    def legal(self) -> list[int]:
        """The action indices the seat to act may take, ascending ([] at chance or the end)."""
        if self.player() is None:
            return []
        return [int(i) for i in np.flatnonzero(self.mask())]

    def act(self, index: Any) -> None:
        """The seat to act takes action ``index`` (an ``Actions`` index):
        ``IllegalActionError`` for one not legal now, nothing changed."""
        seat = self.player()
        if seat is None:
            raise IllegalActionError(
                "no player is to act now: "
                + (
                    "chance deals a card"
                    if self.pending or self.hand is None
                    else "the hand is over"
                )
            )
        assert self.hand is not None
        actions = self.rules.setup.actions
        index = actions.validated(self.hand, index, self.mask())
        actions.act(self.hand, index)
        self.cached = None
        self.moves.append(index)
        token = f"{seat}:{index}"
        for log in self.logs:
            log.append(token)
        self._sync()

    def returns(self) -> list[int]:
        """Each seat's chips won (lost: negative) so far: 0 until the hand is over."""
        n = self.rules.setup.seats
        if not self.is_over():
            return [0] * n
        assert self.hand is not None
        return [a - b for a, b in zip(self.hand.stacks, self.rules.setup.stacks, strict=True)]

    # -- what a player sees -----------------------------------------------------------------

    def info_string(self, player: int) -> str:
        """Everything ``player`` has seen, in order: its cards, the board and the
        up cards each time they changed, and every action (``seat:index``)."""
        return f"p{player} " + " ".join(self.logs[player])

    def hidden(self) -> list[int]:
        """The deck positions of cards the hand shows but chance has not
        chosen yet (dealt from the rest of the deck while chance nodes are
        owed): an observation leaves them out."""
        if not self.pending:
            return []
        taken = set(self.picked)
        return [i for i in range(len(self.rules.deck)) if i not in taken]

    def resampled(self, player: int, sample: Callable[[], float]) -> dict[int, int]:
        """For ``resample_from_infostate``: a new position for each card
        ``player`` has not seen, drawn uniformly without replacement from
        the cards it has not seen (``sample()``: a float in [0, 1)); the
        cards it has seen keep theirs. ``GameError`` for a game whose legal
        actions depend on cards a player does not see (an opener, or a draw
        limit that a kept ace raises)."""
        game = self.rules.setup.game
        if game.opener is not None or any(s.draw_ace is not None for s in game.streets):
            raise GameError(
                f"{game.name}'s legal actions depend on cards a player does not see (an opener"
                " or an ace's larger draw): it cannot be resampled from an information state"
            )
        known = self.known[player]
        hidden = [i for i in self.picked if i not in known]
        pool = [i for i in range(len(self.rules.deck)) if i not in known]
        for k in range(len(hidden)):  # a partial Fisher-Yates over the unseen cards
            j = k + min(int(sample() * (len(pool) - k)), len(pool) - k - 1)
            pool[k], pool[j] = pool[j], pool[k]
        return dict(zip(hidden, pool, strict=False))

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        """A copy (pyspiel clones a Python state's attributes by ``deepcopy``)."""
        return self.clone()
