"""Fuzzing the hand controller, games, betting structures, the table and
seeds (issue 12), on the time budget of ``tests/support/fuzzing.py``; and the
property that a seat to act always has a legal action.

Every call must return or raise one of hoyle's errors (or a ``TypeError``
for a wrong Python type); an action or a table move that is refused must
leave the hand (the table) byte-identical.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import hoyle
from hoyle import games
from hoyle.betting import MAX_CHIPS
from hoyle.bots import BOTS, random_bot
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.fuzzing import fuzz, nasty_number, rising_blinds

PRESETS: list[Callable[..., hoyle.Game]] = [
    getattr(games, name) for name in games.__all__ if name not in ("Game", "Street")
]
BLIND_GAMES = {"texas_holdem", "omaha", "omaha_hilo", "five_card_draw"}
BLIND_GAMES |= {"five_card_omaha", "six_card_omaha", "big_o", "courchevel"}
STUD = {"five_card_stud", "seven_card_stud", "seven_card_stud_hilo", "razz"}


def amount(rng: random.Random) -> Any:
    """Mostly a sane number of chips, often a nasty one."""
    return rng.randint(0, 20) if rng.random() < 0.5 else nasty_number(rng)


def structure(rng: random.Random) -> Any:
    """A betting structure to build (in the call, so that it is fuzzed too)."""
    pick = rng.randrange(5)
    if pick == 0:
        return ("Limit", amount(rng), amount(rng))
    if pick == 1:
        return ("PotLimit", None if rng.random() < 0.5 else amount(rng))
    if pick == 2:
        return ("NoLimit",)
    if pick == 3:
        return nasty_number(rng)  # not a structure at all
    return None


def build(spec: Any) -> Any:
    if not isinstance(spec, tuple) or not spec or spec[0] not in ("Limit", "PotLimit", "NoLimit"):
        return spec
    if spec[0] == "Limit":
        return hoyle.Limit(spec[1], spec[2])
    if spec[0] == "PotLimit":
        return hoyle.PotLimit(cap=spec[1])
    return hoyle.NoLimit()


def settings_for(name: str, rng: random.Random) -> dict[str, Any]:
    """Keywords for a preset, each present at random, sane or nasty."""
    out: dict[str, Any] = {}
    maker: dict[str, Callable[[], Any]] = {
        "betting": lambda: structure(rng),
        "late_betting": lambda: structure(rng),
        "ante": lambda: amount(rng),
        "min_bet": lambda: amount(rng),
        "raise_cap": lambda: amount(rng),
    }
    if name in BLIND_GAMES:
        maker["blinds"] = lambda: tuple(amount(rng) for _ in range(rng.randint(0, 4)))
    if name in STUD:
        maker["bring_in"] = lambda: amount(rng)
    if name == "five_card_draw":
        maker["opener"] = lambda: rng.choice([None, "jacks", "jacks-or-four-flush", "kings"])
        maker["first_must_bet"] = lambda: rng.choice([True, False, 1, None])
    for key, make in maker.items():
        if rng.random() < 0.4:
            out[key] = make()
    return out


def stacks_for(rng: random.Random) -> list[Any]:
    seats = rng.choice([0, 1, 2, 2, 3, 6, 9, 65])
    return [rng.randint(1, 200) if rng.random() < 0.8 else nasty_number(rng) for _ in range(seats)]


# -- games and presets ---------------------------------------------------------------------


def make_game_case(rng: random.Random) -> tuple[str, dict[str, Any], list[Any], dict[str, Any]]:
    make = rng.choice(PRESETS)
    start: dict[str, Any] = {}
    if rng.random() < 0.5:
        start["button"] = rng.randint(0, 3) if rng.random() < 0.7 else nasty_number(rng)
    if rng.random() < 0.7:
        start["seed"] = rng.randint(0, 2**64) if rng.random() < 0.5 else nasty_number(rng)
    return make.__name__, settings_for(make.__name__, rng), stacks_for(rng), start


def play_game_case(case: tuple[str, dict[str, Any], list[Any], dict[str, Any]]) -> object:
    name, kwargs, stacks, start = case
    kwargs = {k: build(v) if k.endswith("betting") else v for k, v in kwargs.items()}
    game = getattr(games, name)(**kwargs)
    hand = game.start(stacks, **start)
    rng = random.Random(len(stacks))
    total = sum(hand.starting_stacks)
    while not hand.is_over:
        legal = hand.legal
        assert legal.can_draw or legal.can_check or legal.call_amount or legal.min_raise_to
        random_bot(hand, rng)
    assert hand.settlement is not None
    assert sum(hand.stacks) + hand.settlement.rake == total <= MAX_CHIPS
    return hand


def test_fuzz_games_and_presets() -> None:
    tally = fuzz("hand: Game presets, settings and start", make_game_case, play_game_case)
    assert tally["ok"] > 0


def make_street_case(rng: random.Random) -> dict[str, Any]:
    fields = ("down", "up", "board", "draw", "draw_ace", "burn", "first", "betting")
    out: dict[str, Any] = {}
    for key in rng.sample(fields, rng.randint(0, 4)):
        out[key] = nasty_number(rng) if rng.random() < 0.7 else rng.randint(0, 5)
    return out


def play_street_case(case: dict[str, Any]) -> object:
    street = hoyle.Street(**case)
    game = hoyle.Game(streets=(hoyle.Street(down=2), street), blinds=(1, 2))
    return game.start([50, 50], seed=1)


def test_fuzz_streets() -> None:
    fuzz("hand: Street and Game settings", make_street_case, play_street_case)


def make_settings_dict(rng: random.Random) -> Any:
    """A game's ``to_dict`` (what a history's ``_hoyle_game`` holds) with
    values replaced by nasty ones, nested tables included."""
    d: Any = rng.choice(PRESETS)().to_dict()
    for _ in range(rng.randint(1, 3)):
        target = d
        if rng.random() < 0.4 and isinstance(d["streets"], list) and d["streets"]:
            target = rng.choice(d["streets"])
            if rng.random() < 0.5 and isinstance(target, dict):
                target = target.get("betting")
        elif rng.random() < 0.3:
            target = d.get("betting")
        if not isinstance(target, dict):
            continue
        key = rng.choice([*target, "kind", "min", "cap", "extra"])
        target[key] = nasty_number(rng) if rng.random() < 0.8 else rng.choice([[], {}, "", "x"])
    return d if rng.random() < 0.95 else rng.choice([[1, 2], "x", None, 3])


def load_settings_dict(d: Any) -> object:
    game = hoyle.Game.from_dict(d)
    hand = game.start([50] * max(2, len(game.blinds), min(3, game.max_seats)), seed=1)
    rng = random.Random(0)
    while not hand.is_over:
        random_bot(hand, rng)
    return hand


def test_fuzz_game_from_dict() -> None:
    fuzz("hand: Game.from_dict with nasty settings", make_settings_dict, load_settings_dict)


# -- actions at random points of random hands ----------------------------------------------


def random_hand(rng: random.Random) -> hoyle.Hand:
    game = rng.choice(PRESETS)()
    seats = max(2, len(game.blinds), min(rng.randint(2, 6), game.max_seats))
    hand = game.start([rng.randint(1, 150) for _ in range(seats)], seed=rng.getrandbits(40))
    for _ in range(rng.randint(0, 25)):
        if hand.is_over:
            break
        random_bot(hand, rng)
    return hand


def nasty_cards(rng: random.Random, hand: hoyle.Hand) -> Any:
    seat = hand.actor if hand.actor is not None else 0
    held = list(hand.hole(seat))
    pick = rng.randrange(6)
    if pick == 0:
        return rng.sample(held, rng.randint(0, len(held)))
    if pick == 1:
        return [nasty_number(rng) for _ in range(rng.randint(1, 3))]
    if pick == 2:
        return held + held[:1]
    if pick == 3:
        return " ".join(str(hoyle.Card(c)) for c in held[: rng.randint(0, 5)]) + rng.choice(
            ["", " Zz", " As", "\x00", " 10h"]
        )
    if pick == 4:
        return nasty_number(rng)
    return list(range(rng.randint(0, 60)))


def make_action(rng: random.Random) -> tuple[hoyle.Hand, str, tuple[Any, ...], dict[str, Any]]:
    hand = random_hand(rng)
    name = rng.choice(["fold", "check", "call", "raise_to", "draw", "hole", "up"])
    kwargs: dict[str, Any] = {}
    if rng.random() < 0.2:
        kwargs["seat"] = nasty_number(rng) if rng.random() < 0.5 else rng.randint(-1, 6)
    args: tuple[Any, ...] = ()
    if name == "raise_to":
        legal = hand.legal
        near = [legal.min_raise_to, legal.max_raise_to]
        choices = [nasty_number(rng), *(x + rng.randint(-2, 2) for x in near if x is not None)]
        args = (rng.choice(choices),)
    elif name == "draw":
        args = (nasty_cards(rng, hand),)
    elif name in ("hole", "up"):
        args = (nasty_number(rng) if rng.random() < 0.7 else rng.randint(-2, 8),)
        kwargs = {}
    return hand, name, args, kwargs


def do_action(case: tuple[hoyle.Hand, str, tuple[Any, ...], dict[str, Any]]) -> object:
    hand, name, args, kwargs = case
    before = pickle.dumps(hand)
    total = sum(hand.starting_stacks)
    try:
        result = getattr(hand, name)(*args, **kwargs)
    except (hoyle.HoyleError, TypeError):
        assert pickle.dumps(hand) == before, f"a refused {name}{args} changed the hand"
        raise
    stacks = sum(hand.stacks)
    if hand.is_over:
        assert hand.settlement is not None
        assert stacks + hand.settlement.rake == total
    else:
        assert stacks + hand.pot == total
    return result


def test_fuzz_actions() -> None:
    tally = fuzz("hand: actions with nasty numbers and cards", make_action, do_action)
    assert tally["IllegalActionError"] > 0
    assert tally["ok"] > 0


# -- the table -----------------------------------------------------------------------------


def make_table_case(rng: random.Random) -> tuple[list[Any], list[tuple[str, tuple[Any, ...]]]]:
    seats: list[Any] = [rng.choice([None, rng.randint(0, 100)]) for _ in range(rng.randint(0, 5))]
    if rng.random() < 0.2:
        seats.append(nasty_number(rng))
    moves: list[tuple[str, tuple[Any, ...]]] = []
    for _ in range(rng.randint(1, 8)):
        move = rng.choice(["join", "leave", "deal", "play"])
        if move == "join":
            seat = rng.randint(-2, 8) if rng.random() < 0.6 else nasty_number(rng)
            moves.append((move, (seat, amount(rng))))
        elif move == "leave":
            moves.append((move, (rng.randint(-2, 8) if rng.random() < 0.6 else nasty_number(rng),)))
        elif move == "deal":
            seed = rng.randint(0, 99) if rng.random() < 0.6 else nasty_number(rng)
            moves.append((move, (seed,)))
        else:
            moves.append((move, (rng.getrandbits(16),)))
    return seats, moves


def run_table(case: tuple[list[Any], list[tuple[str, tuple[Any, ...]]]]) -> object:
    seats, moves = case
    table = hoyle.Table(games.texas_holdem(), seats)
    for move, args in moves:
        if move == "play":
            hand = table.hand
            rng = random.Random(args[0])
            while hand is not None and not hand.is_over:
                BOTS[rng.choice(sorted(BOTS))](hand, rng)
            continue
        before = (table.stacks, table.button, table.in_hand, table.hand)
        total = sum(s for s in table.stacks if s)
        try:
            if move == "join":
                table.join(*args)
            elif move == "leave":
                table.leave(*args)
            else:
                table.deal(seed=args[0])
        except (hoyle.HoyleError, TypeError):
            assert (table.stacks, table.button, table.in_hand, table.hand) == before
            raise
        assert sum(s for s in table.stacks if s) <= MAX_CHIPS
        if move == "deal":
            assert sum(s for s in table.stacks if s) == total
    return table


def test_fuzz_table() -> None:
    fuzz("hand: Table seats, stacks and deals", make_table_case, run_table)


# -- pickles -------------------------------------------------------------------------------


class Forged:
    """Pickles as a ``Hand`` with the state it is given."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state

    def __reduce__(self) -> tuple[Any, ...]:
        return (object.__new__, (hoyle.Hand,), self.state)


def forge_value(rng: random.Random, value: Any, hand: hoyle.Hand) -> Any:
    if isinstance(value, list) and value and rng.random() < 0.6:
        out = list(value)
        i = rng.randrange(len(out))
        out[i] = forge_value(rng, out[i], hand) if rng.random() < 0.5 else nasty_number(rng)
        return out
    if isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.5:
        return value + rng.choice([-1, 1, 10**6])
    if rng.random() < 0.3:
        return list(hand.hole(0))
    return nasty_number(rng)


def make_forgery(rng: random.Random) -> bytes:
    hand = random_hand(rng)
    state = hand.__getstate__()
    for name in rng.sample(sorted(state), rng.randint(1, 2)):
        if name == "_game" and rng.random() < 0.7:
            continue
        state[name] = forge_value(rng, state[name], hand)
    if rng.random() < 0.1:
        del state[rng.choice(sorted(state))]
    return pickle.dumps(Forged(state))


def load_forgery(data: bytes) -> object:
    hand = pickle.loads(data)
    # accepted: it must be a hand its own record produces, and play on
    total = sum(hand.starting_stacks)
    rng = random.Random(0)
    while not hand.is_over:
        random_bot(hand, rng)
    assert sum(hand.stacks) + hand.settlement.rake == total
    return hand


def test_fuzz_forged_pickles() -> None:
    tally = fuzz("hand: forged Hand pickles", make_forgery, load_forgery)
    assert tally["GameError"] > 0


# -- a seat to act always has a legal action -----------------------------------------------


@st.composite
def games_and_hands(draw: st.DrawFn) -> tuple[hoyle.Game, list[int], int, int]:
    make = draw(st.sampled_from(PRESETS))
    kwargs: dict[str, Any] = {}
    name = make.__name__
    if draw(st.booleans()):
        kwargs["ante"] = draw(st.integers(0, 30))
    if name in BLIND_GAMES and draw(st.booleans()):
        kwargs["blinds"] = rising_blinds(draw(st.lists(st.integers(0, 30), max_size=3)))
    if name == "five_card_draw":
        kwargs["opener"] = draw(st.sampled_from([None, "jacks", "jacks-or-four-flush"]))
        kwargs["first_must_bet"] = draw(st.booleans())
    if draw(st.booleans()):
        kwargs["raise_cap"] = draw(st.integers(1, 4))
    game = make(**kwargs)
    low = max(2, len(game.blinds))
    stacks = draw(st.lists(st.integers(1, 60), min_size=low, max_size=max(low, 6)))
    stacks = stacks[: game.max_seats]
    return game, stacks, draw(st.integers(0, len(stacks) - 1)), draw(st.integers(0, 2**32))


@settings(max_examples=150, deadline=None)
@given(spot=games_and_hands(), bot=st.sampled_from(sorted(BOTS)), rng_seed=st.integers(0, 99))
def test_the_seat_to_act_always_has_a_legal_action(
    spot: tuple[hoyle.Game, list[int], int, int], bot: str, rng_seed: int
) -> None:
    game, stacks, button, seed = spot
    hand = game.start(stacks, button=button, seed=seed)
    rng = random.Random(rng_seed)
    while not hand.is_over:
        legal = hand.legal
        assert hand.actor is not None
        assert (
            legal.can_draw
            or legal.can_check
            or legal.call_amount > 0
            or legal.min_raise_to is not None
        ), (game, stacks, button, seed, hand.history)
        BOTS[bot](hand, rng)
    assert sum(hand.stacks) + hand.settlement.rake == sum(stacks)  # type: ignore[union-attr]
