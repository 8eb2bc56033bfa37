"""Fuzzing ``simulate`` with bots that misbehave in every way its docs name
(issue 25), on the time budget of ``tests/support/fuzzing.py``.

``hoyle.simulation``'s docs: a user's bot that raises, makes an illegal
move, or makes no move or more than one is a ``BotError`` naming the bot
and its seat (its ``seat`` and ``hand`` say where); ``on_error="raise"``
stops the run with it, ``on_error="skip"`` voids that hand (every stack back
to what it was), lists it in ``failures`` and plays on; every hand is
checked, no chip invented or lost. The ways tried: raising (any exception,
``SystemExit``, one whose message is several lines, huge, or cannot be read,
a ``RecursionError``), illegal moves (a check facing a bet, raises to
huge, negative, NaN, text sizes, acting for another seat), returning
values instead of moving (an index, a string, NaN), moving twice, acting
on a clone of the hand, writing the hand's read-only attributes, sleeping.
Each bot misbehaves at random (its ``rng``: a run is reproducible) and
plays legally otherwise; the mix of seats, games, stacks, shard sizes and
``on_error`` is random. Ctrl-C (``KeyboardInterrupt``) from a bot is not an
error of the bot: it stops the run as it would anywhere.
"""

from __future__ import annotations

import math
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

import hoyle
import pytest
from hoyle.bots import BOTS
from hoyle.errors import BotError, HoyleError
from hoyle.hand import Hand

from tests.support.fuzzing import fuzz
from tests.support.sim_bots import Unprintable

GAMES = ["texas_holdem", "razz", "five_card_draw", "omaha_hilo", "deuce_to_seven_triple_draw"]


def _recurse(depth: int) -> int:
    return _recurse(depth + 1) + 1


def _other_seat(hand: Hand) -> int:
    actor = hand.actor
    assert actor is not None
    return (actor + 1) % len(hand.stacks)


def _set_stacks(hand: Hand) -> None:
    hand.stacks = (10**9,) * len(hand.stacks)  # type: ignore[misc]


# Each way a bot misbehaves: it does this instead of (or, for "twice", as
# well as) one legal move. The name is what the BotError's message says.
WAYS: dict[str, Any] = {
    "raises ValueError": lambda hand, rng: (_ for _ in ()).throw(ValueError("no")),
    "raises with lines": lambda hand, rng: (_ for _ in ()).throw(LookupError("a\nb\n\tc")),
    "raises huge": lambda hand, rng: (_ for _ in ()).throw(RuntimeError("x" * 100_000)),
    "raises unprintable": lambda hand, rng: (_ for _ in ()).throw(Unprintable()),
    "raises SystemExit": lambda hand, rng: sys.exit(3),
    "raises HoyleError": lambda hand, rng: (_ for _ in ()).throw(HoyleError("mine")),
    "recurses": lambda hand, rng: _recurse(0),
    "checks facing a bet": lambda hand, rng: hand.check(),
    "raises to huge": lambda hand, rng: hand.raise_to(10**30),
    "raises to -1": lambda hand, rng: hand.raise_to(-1),
    "raises to nan": lambda hand, rng: hand.raise_to(math.nan),
    "raises to text": lambda hand, rng: hand.raise_to("all"),
    "draws nonsense": lambda hand, rng: hand.draw(["Zz", 99]),
    "acts for another seat": lambda hand, rng: hand.call(seat=_other_seat(hand)),
    "folds for another seat": lambda hand, rng: hand.fold(seat=_other_seat(hand)),
    "returns an index": lambda hand, rng: 2,
    "returns text": lambda hand, rng: "call",
    "returns nan": lambda hand, rng: math.nan,
    "returns None": lambda hand, rng: None,
    "acts on a clone": lambda hand, rng: BOTS["random"](hand.clone(), rng),
    "writes the stacks": lambda hand, rng: _set_stacks(hand),
}


@dataclass(frozen=True)
class Misbehaving:
    """A bot that does ``way`` with probability ``p`` (``twice``: moves
    twice instead), else one legal random move; ``nap``: seconds it sleeps
    a move."""

    way: str
    p: float
    twice: bool = False
    nap: float = 0.0

    def __call__(self, hand: Hand, rng: random.Random) -> object:
        if self.nap:
            time.sleep(self.nap)
        if rng.random() >= self.p:
            BOTS["random"](hand, rng)
            return None
        if self.twice:
            BOTS["random"](hand, rng)
            BOTS["random"](hand, rng)  # the next seat's move, or an illegal one
            return None
        returned: object = WAYS[self.way](hand, rng)
        return returned


@dataclass(frozen=True)
class Run:
    game: str
    players: tuple[tuple[str, Any], ...]
    hands: int
    seed: int
    stacks: tuple[int, ...]
    shard_hands: int
    on_error: str

    def users(self) -> dict[int, str]:
        return {s: label for s, (label, bot) in enumerate(self.players) if bot not in BOTS}


def make(rng: random.Random) -> Run:
    game = rng.choice(GAMES)
    seats = rng.randint(2, 6)
    players: list[tuple[str, Any]] = []
    for s in range(seats):
        if rng.random() < 0.4:
            players.append((f"b{s}", rng.choice(["tight", "loose", "random"])))
            continue
        twice = rng.random() < 0.1
        way = rng.choice(list(WAYS))
        nap = 0.0005 if rng.random() < 0.05 else 0.0
        bot = Misbehaving(way, rng.choice([0.0, 0.01, 0.05, 0.3, 1.0]), twice, nap)
        players.append((f"u{s}-{'twice' if twice else way}", bot))
    stacks = tuple(rng.choice([1, 2, 3, 10, 200, 10**6]) for _ in range(seats))
    return Run(
        game,
        tuple(players),
        rng.randint(0, 40),
        rng.randrange(2**64),
        stacks,
        rng.randint(1, 15),
        rng.choice(["raise", "skip"]),
    )


def _names_the_bot(run: Run, message: str, seat: int) -> None:
    assert "\n" not in message, message
    assert "\t" not in message, message
    assert len(message) < 3_000
    label = run.users()[seat]  # only a user's bot is ever blamed
    assert message.startswith(f"bot {label} (seat {seat}) "), message


def play(run: Run) -> hoyle.SimulationResult | BotError:
    try:
        return hoyle.simulate(
            run.game,
            list(run.players),
            hands=run.hands,
            seed=run.seed,
            stacks=list(run.stacks),
            shard_hands=run.shard_hands,
            on_error=run.on_error,  # type: ignore[arg-type]
        )
    except BotError as err:
        return err
    except HoyleError as err:  # any other: the run itself broke (chips not conserved...)
        raise AssertionError(f"{run!r}: {type(err).__name__}: {err}") from err


def check(run: Run, outcome: Any) -> None:
    if isinstance(outcome, BotError):
        assert run.on_error == "raise", f"{run!r}: {outcome}"
        assert outcome.seat is not None
        assert outcome.hand is not None
        assert 0 <= outcome.hand < run.hands
        _names_the_bot(run, str(outcome), outcome.seat)
        assert str(outcome).endswith(f", in hand {outcome.hand}")
        return
    result: hoyle.SimulationResult = outcome
    assert sum(s.net for s in result.seats) + result.rake == 0, f"{run!r}: chips invented"
    assert all(s.hands == result.hands for s in result.seats)
    assert result.hands + len(result.failures) == run.hands
    numbers = [f.hand for f in result.failures]
    assert numbers == sorted(set(numbers))
    assert all(0 <= n < run.hands for n in numbers)
    assert not result.failures or run.on_error == "skip"
    for failure in result.failures:
        assert failure.bot == run.users()[failure.seat]
        _names_the_bot(run, failure.message, failure.seat)
    for seat in result.seats:
        assert seat.buy_ins >= 1
    if run.hands and run.seed % 7 == 0:  # now and then: the same run, the same result
        assert play(run) == result


def test_fuzz_simulate_with_misbehaving_bots() -> None:
    tally = fuzz("simulate, misbehaving bots", make, play, check=check, min_inputs=150)
    assert tally["ok"] >= 150


def test_every_way_is_caught_with_its_words() -> None:
    """Each way, always taken, on its own: the documented BotError's words."""
    words = {
        "raises ValueError": "raised ValueError: no",
        "raises with lines": "raised LookupError: a b c,",
        "raises huge": "raised RuntimeError: xxx",
        "raises unprintable": "raised Unprintable: Unprintable (its message could not be read",
        "raises SystemExit": "raised SystemExit: 3",
        "raises HoyleError": "raised HoyleError: mine",
        "recurses": "raised RecursionError",
        "checks facing a bet": "made an illegal move",
        "raises to huge": "made an illegal move",
        "raises to -1": "made an illegal move",
        "raises to nan": "raised TypeError",
        "raises to text": "raised TypeError",
        "draws nonsense": "made an illegal move",
        "acts for another seat": "made an illegal move",
        "folds for another seat": "made an illegal move",
        "returns an index": "made no move (it returned 2)",
        "returns text": "made no move (it returned 'call')",
        "returns nan": "made no move (it returned nan)",
        "returns None": "made no move;",
        "acts on a clone": "made no move;",
        "writes the stacks": "raised AttributeError",
    }
    assert set(words) == set(WAYS)
    for way, said in words.items():
        bot: Any = Misbehaving(way, 1.0)
        game = "five_card_draw" if way == "draws nonsense" else "texas_holdem"
        players: list[Any] = [("tight", "tight"), ("me", bot)]
        if way == "checks facing a bet":  # first to act preflop heads-up faces the blind
            players = [("me", bot), ("tight", "tight")]
        if way == "draws nonsense":
            players = [("me", _DrawNonsense()), ("caller", "random")]
        with pytest.raises(BotError) as caught:
            hoyle.simulate(game, players, hands=20, seed=5)
        assert said in str(caught.value), (way, str(caught.value))
        assert "\n" not in str(caught.value)


class _DrawNonsense:
    """Plays randomly, and draws nonsense whenever it may draw."""

    def __call__(self, hand: Hand, rng: random.Random) -> None:
        if hand.legal.can_draw:
            hand.draw(["Zz", 99])
        else:
            BOTS["random"](hand, rng)


def test_a_bot_that_moves_twice_is_caught() -> None:
    with pytest.raises(BotError, match=r"^bot me \(seat 1\) made (2 moves|an illegal move)"):
        hoyle.simulate("texas_holdem", ["tight", ("me", Misbehaving("", 1.0, twice=True))], hands=5)


def test_ctrl_c_from_a_bot_stops_the_run() -> None:
    def interrupts(hand: Hand, rng: random.Random) -> None:
        raise KeyboardInterrupt

    for on_error in ("raise", "skip"):
        with pytest.raises(KeyboardInterrupt):
            hoyle.simulate(
                "texas_holdem",
                ["tight", interrupts],
                hands=10,
                on_error=on_error,
            )
