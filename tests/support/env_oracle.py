"""The test oracle of ``hoyle.env``'s abstraction, written from ``Hand.legal``
and trial actions on a ``clone()`` of the hand (not from the mask code):
which indices are legal, and the one ``Hand`` call each index stands for.
Also the random games, seats, stacks and action sets the property tests draw."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

import hoyle
import numpy as np
import numpy.typing as npt
from hoyle.env import Actions, Layout
from hoyle.env.layout import KINDS
from hypothesis import strategies as st

Call = tuple[str, tuple[Any, ...]]  # a Hand method and its arguments


def big_blind(game: hoyle.Game) -> int:
    """docs/env.md: the largest blind, else the first street's limit, else the smallest bet."""
    if any(game.blinds):
        return max(game.blinds)
    first = game.streets[0].betting or game.betting
    if isinstance(first, hoyle.Limit):
        return first.min
    return game.smallest_bet


def calls(actions: Actions, hand: hoyle.Hand) -> list[Call | None]:
    """The ``Hand`` call of every index now, None where the design names no
    call (a draw index naming a card the seat does not hold)."""
    game = hand.game
    out: list[Call | None] = [("fold", ()), ("check" if hand.legal.can_check else "call", ())]
    p = hand.actor
    bets = hand.bets
    bet = max(bets)
    grown = hand.pot + (bet - bets[p] if p is not None else 0)
    legal = hand.legal
    if actions.min_raise:
        out.append(("raise_to", (legal.min_raise_to,)))
    for f in actions.fractions:
        out.append(("raise_to", (bet + math.floor(f * float(grown)),)))
    for m in actions.big_blinds:
        out.append(("raise_to", (bet + math.floor(m * float(big_blind(game))),)))
    if actions.all_in:
        out.append(("raise_to", (legal.max_raise_to,)))
    if actions.discards and game.has_draw:
        h = game._plan.per_seat
        cards = hand.hole(p) if p is not None else ()
        for bits in range(2**h):
            if bits >> len(cards):
                out.append(None)
            else:
                out.append(("draw", ([c for k, c in enumerate(cards) if bits >> k & 1],)))
    return out


def tries(hand: hoyle.Hand, call: Call | None) -> hoyle.Hand | None:
    """A clone of ``hand`` after ``call``, or None when the hand refuses it."""
    if call is None or call[1] == (None,):
        return None
    trial = hand.clone()
    try:
        getattr(trial, call[0])(*call[1])
    except hoyle.IllegalActionError:
        return None
    return trial


def expected_mask(actions: Actions, hand: hoyle.Hand) -> list[bool]:
    """The mask the design asks for: each index legal iff its call succeeds
    on a clone, the draw entries only while drawing, the betting entries only
    while betting, and a raise to a total an earlier legal raise entry has
    is masked."""
    size = actions.size(hand.game)
    if hand.is_over:
        return [False] * size
    base = actions.draw_base()
    drawing = hand.legal.can_draw
    out, seen = [], set()
    for i, call in enumerate(calls(actions, hand)):
        ok = (i >= base) == drawing and tries(hand, call) is not None
        if ok and call is not None and call[0] == "raise_to":
            ok = call[1][0] not in seen
            seen.add(call[1][0])
        out.append(ok)
    return out


PRESETS: list[Callable[[], hoyle.Game]] = [
    hoyle.games.texas_holdem,
    lambda: hoyle.games.texas_holdem(betting=hoyle.PotLimit(), ante=1),
    lambda: hoyle.games.texas_holdem(
        betting=hoyle.Limit(2, 2), late_betting=hoyle.Limit(4, 4), raise_cap=4
    ),
    lambda: hoyle.games.texas_holdem(blinds=(1, 2, 4)),
    lambda: hoyle.games.texas_holdem(blinds=(), ante=3, min_bet=5),
    hoyle.games.omaha,
    hoyle.games.omaha_hilo,
    hoyle.games.five_card_draw,
    lambda: hoyle.games.five_card_draw(
        blinds=(), ante=1, betting=hoyle.Limit(1, 5), opener="jacks"
    ),
    hoyle.games.five_card_stud,
    lambda: hoyle.games.five_card_stud(bring_in=0, betting=hoyle.PotLimit()),
    hoyle.games.seven_card_stud,
    hoyle.games.seven_card_stud_hilo,
    hoyle.games.razz,
    hoyle.games.deuce_to_seven_single_draw,
    hoyle.games.deuce_to_seven_triple_draw,
    hoyle.games.badugi,
    lambda: hoyle.games.five_card_draw(rules=hoyle.HandRules(jokers="bug")),
    lambda: hoyle.Game(
        streets=(hoyle.Street(down=5), hoyle.Street()),
        betting=hoyle.Limit(1, 10),
        ante=1,
        first_must_bet=True,
    ),
]

G = hoyle.games
BLIND_GAMES = [
    G.texas_holdem,
    G.omaha,
    G.omaha_hilo,
    G.five_card_draw,
    G.deuce_to_seven_single_draw,
    G.deuce_to_seven_triple_draw,
    G.badugi,
]
STUD_GAMES = [G.five_card_stud, G.seven_card_stud, G.seven_card_stud_hilo, G.razz]
BETTINGS = [hoyle.NoLimit(), hoyle.PotLimit(), hoyle.PotLimit(cap=7), hoyle.Limit(2, 2)]


@st.composite
def games(draw: st.DrawFn) -> hoyle.Game:
    """A preset as it comes, or with a random structure: its betting, forced
    bets and raise cap."""
    if draw(st.booleans()):
        return draw(st.sampled_from(PRESETS))()
    preset = draw(st.sampled_from(BLIND_GAMES + STUD_GAMES))
    settings: dict[str, Any] = {
        "betting": draw(st.sampled_from([*BETTINGS, hoyle.Limit(1, 6)])),
        "ante": draw(st.integers(0, 2)),
        "raise_cap": draw(st.sampled_from([None, 1, 3])),
    }
    if preset in BLIND_GAMES:
        settings["blinds"] = draw(st.sampled_from([(1, 2), (2, 5), (1, 2, 4), (0, 3), ()]))
    else:
        settings["bring_in"] = draw(st.integers(0, 2))
    game: hoyle.Game = preset(**settings)
    return game


sizes = st.floats(0.05, 4.0, allow_nan=False).map(lambda x: round(x, 3))
action_sets = st.builds(
    Actions,
    fractions=st.lists(sizes, max_size=3).map(tuple),
    big_blinds=st.lists(st.sampled_from([1.0, 2.5, 3.0, 10.0]), max_size=2).map(tuple),
    min_raise=st.booleans(),
    all_in=st.booleans(),
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[hoyle.Game, int, list[int], Actions]:
    """A random game, seats (2-9, as many as it deals to), stacks and actions."""
    game = draw(games())
    seats = draw(st.integers(max(2, game._plan.min_seats), min(9, game.max_seats)))
    unit = big_blind(game)
    stacks = draw(st.lists(st.integers(1, 150 * unit), min_size=seats, max_size=seats))
    actions = draw(action_sets)
    if game.first_must_bet and not (actions.min_raise or actions.all_in):
        actions = dataclasses.replace(actions, min_raise=True)  # (the envs refuse the other)
    return game, seats, stacks, actions


def naive_encode(layout: Layout, hand: hoyle.Hand, me: int) -> npt.NDArray[np.float32]:
    """Seat ``me``'s observation written entry by entry from docs/env.md's
    table and the hand's public reads (the oracle of ``Layout.encode``)."""
    out = np.zeros(layout.size, dtype=np.float32)
    view = layout.read(out)
    n, k, u = layout.seats, len(layout.deck), float(big_blind(hand.game))
    pos = {c: i for i, c in enumerate(hand.game.deck)}
    for c in hand.hole(me):
        view["hole"][pos[c]] = 1.0
    for c in hand.board:
        view["board"][pos[c]] = 1.0
    for r in range(n):
        seat = (me + r) % n
        for c in hand.up(seat):
            view["up"][r * k + pos[c]] = 1.0
        view["stacks"][r] = float(hand.stacks[seat]) / u
        view["bets"][r] = float(hand.bets[seat]) / u
        view["contributions"][r] = float(hand.contributions[seat]) / u
        view["active"][r] = 1.0 if hand.active[seat] else 0.0
    view["pot"][0] = float(hand.pot) / u
    view["to_call"][0] = float(min(max(hand.bets) - hand.bets[me], hand.stacks[me])) / u
    view["position"][(me - hand.button) % n] = 1.0
    if not hand.is_over:
        view["street"][hand.street] = 1.0
    view["drawing"][0] = 1.0 if hand.is_drawing else 0.0
    w = layout.window
    rows = view["history"].reshape(w, n + 11)
    records = hand.history[-w:] if w else ()
    for slot, action in enumerate(records, start=w - len(records)):
        rows[slot, (action.seat - me) % n] = 1.0
        rows[slot, n + KINDS.index(action.kind)] = 1.0
        rows[slot, -2] = float(action.amount) / u
        rows[slot, -1] = float(action.total) if action.kind == "draw" else 0.0
    return out
