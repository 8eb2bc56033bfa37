"""The core table engine (``VectorTables(..., backend="core")``: ``hoyle.env._fast``,
``src-rust/table/``) against ``hoyle.Hand`` and the Python backend: the same
seed deals the same hand, and at every step the engine's actor, legal
actions, stacks, bets, contributions, board, cards, history and payouts
equal those of the ``Hand`` the Python backend plays with the same actions,
its observation equals ``Layout.encode`` (the reference encoder) and its
mask ``Actions.mask`` (the reference mask), and all five arrays equal the
Python backend's, bit for bit, over random games, seats (2-9), stacks and
action sets.
"""

from __future__ import annotations

import random
from typing import Any

import hoyle
import numpy as np
import pytest
from hoyle import HandRules, Limit, NoLimit, PotLimit, Rake, games
from hoyle.env import Actions, VectorTables, hand_seed
from hoyle.env._fast import settings
from hoyle.games import Game, Street
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from tests.support.fuzzing import rising_blinds

M = 2**64 - 1
KINDS = ["ante", "blind", "bring-in", "fold", "check", "call", "bet", "raise", "draw"]


class Run:
    """The same tables twice: the core backend and the Python one."""

    def __init__(
        self, game: Game, tables: int, stacks: list[int], actions: Actions, window: int = 4
    ) -> None:
        make = dict(seats=len(stacks), stacks=stacks, actions=actions, window=window)
        self.core = VectorTables(game, tables, backend="core", **make)  # type: ignore[arg-type]
        self.ref = VectorTables(game, tables, backend="python", **make)  # type: ignore[arg-type]
        assert self.core.backend == "core"
        self.engine: Any = self.core._backend._tables  # type: ignore[attr-defined]
        self.game, self.actions, self.stacks, self.tables = game, actions, stacks, tables

    def arrays(self, vt: VectorTables) -> list[np.ndarray]:
        return [vt.obs, vt.mask, vt.actor, vt.rewards, vt.done]


def same_state(engine: Any, i: int, hand: hoyle.Hand) -> None:
    """Table ``i`` of the engine is ``hand``, field by field."""
    actor, street, stacks, bets, contrib, folded, board, holes, history, legal = engine._state(i)
    assert actor == hand.actor
    assert street == hand.street
    assert tuple(stacks) == hand.stacks
    assert tuple(bets) == hand.bets
    assert tuple(contrib) == hand.contributions
    assert tuple(not f for f in folded) == hand.active
    assert tuple(board) == hand.board
    assert [tuple(h) for h in holes] == [hand.hole(s) for s in range(len(stacks))]
    assert [(st_, s, KINDS[k], a, t) for st_, s, k, a, t in history] == [
        tuple(r)[:5] for r in hand.history
    ]
    if not hand.is_over:
        want = hand.legal
        assert legal == (
            want.can_fold,
            want.can_check,
            want.call_amount,
            want.min_raise_to,
            want.max_raise_to,
        )


def same_tables(run: Run) -> None:
    """Every table of the engine against the Python backend's hand, and
    its arrays against the reference encoder and mask and the Python
    backend's arrays."""
    core, ref = run.core, run.ref
    for got, want in zip(run.arrays(core), run.arrays(ref), strict=True):
        assert np.array_equal(got, want)
    for i in range(run.tables):
        hand = ref.hand(i)
        same_state(run.engine, i, hand)
        assert core.hand(i) == hand  # replayed from record(i)
        me = hand.actor if hand.actor is not None else hand.history[-1].seat
        assert np.array_equal(core.obs[i], core.layout.encode(hand, me))
        assert np.array_equal(core.mask[i], run.actions.mask(hand))
        assert core.actor[i] == (-1 if hand.actor is None else hand.actor)
        assert core.done[i] == hand.is_over
        if hand.is_over:
            unit = core.layout.unit
            change = [(a - b) / unit for a, b in zip(hand.stacks, run.stacks, strict=True)]
            assert core.rewards[i].tolist() == np.array(change, np.float32).tolist()


def play(run: Run, seed: int, steps: int, rng: random.Random) -> None:
    """Steps both backends with the same random legal actions, checking
    every table after each step (``same_tables``)."""
    run.core.reset(seed)
    run.ref.reset(seed)
    for _ in range(steps):
        same_tables(run)
        live = [row for row, a in zip(run.core.mask, run.core.actor, strict=True) if a >= 0]
        if any(not row.any() for row in live):
            return  # first_must_bet, and the abstraction cannot bet: stuck, as Hand is
        choice = np.array(
            [rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in run.core.mask],
            np.int64,
        )
        run.core.step(choice)
        run.ref.step(choice)
    same_tables(run)


# -- random games ----------------------------------------------------------------------------

amounts = st.integers(1, 6)


@st.composite
def structures(draw: st.DrawFn) -> Any:
    pick = draw(st.integers(0, 2))
    if pick == 0:
        lo = draw(amounts)
        return Limit(lo, draw(st.integers(lo, 3 * lo)))
    if pick == 1:
        return PotLimit(cap=draw(st.none() | st.integers(1, 40)))
    return NoLimit()


@st.composite
def forced(draw: st.DrawFn) -> dict[str, Any]:
    out: dict[str, Any] = {
        "blinds": rising_blinds(draw(st.lists(st.integers(0, 5), max_size=4))),
        "min_bet": draw(st.none() | amounts),
        "raise_cap": draw(st.none() | st.integers(1, 4)),
    }
    if draw(st.integers(0, 3)) == 0:  # post bets, on seats with no blind
        blinds = out["blinds"]
        posts = draw(st.lists(st.integers(0, 8), min_size=1, max_size=5))
        out["posts"] = tuple(0 if k < len(blinds) and blinds[k] else p for k, p in enumerate(posts))
    ante = draw(st.integers(0, 2))
    if ante == 1:
        out["ante"] = draw(amounts)
    if draw(st.booleans()):
        out["rake"] = Rake(
            percent=draw(st.sampled_from([1, 2.5, 5, 10])), cap=draw(st.none() | amounts)
        )
    return out


@st.composite
def custom_games(draw: st.DrawFn) -> Game:
    """A board game of its own: the hole cards over one or two streets, a
    board of 3 to 5 cards, burns, a structure per street, one of four showdowns."""
    showdown = draw(st.sampled_from(["high", "hilo", "low", "omaha"]))
    down = 4 if showdown == "omaha" else 2
    board = draw(st.integers(3, 5)) if showdown != "omaha" else 5
    split = draw(st.integers(0, down))
    cards = [(down - split, 0), (split, min(board, 3)), (0, board - min(board, 3))]
    streets: list[Street] = []
    for d, b in cards:
        if d or b or not streets:
            streets.append(
                Street(
                    down=d,
                    board=b,
                    burn=draw(st.booleans()),
                    betting=draw(st.none() | structures()),
                )
            )
    rules = {
        "high": HandRules(),
        "hilo": HandRules(low="ace-to-five", low_qualifier=8),
        "low": HandRules(low="ace-to-five"),
        "omaha": HandRules(hole_cards=2, low="ace-to-five", low_qualifier=8),
    }[showdown]
    more = draw(forced())
    if more.pop("ante", 0) and draw(st.booleans()):
        more["antes"] = tuple(draw(st.lists(st.integers(0, 3), min_size=1, max_size=3)))
    return Game(
        streets=tuple(streets),
        betting=draw(structures()),
        deck=draw(
            st.sampled_from([tuple(range(52)), tuple(range(51, 15, -1))])
        ),  # or short, reversed
        rules=rules,
        high=showdown != "low",
        first_must_bet=draw(st.booleans()),
        **more,
    )


@st.composite
def preset_games(draw: st.DrawFn) -> Game:
    maker = draw(st.sampled_from([games.texas_holdem, games.omaha, games.omaha_hilo]))
    more = draw(forced())
    if maker is games.texas_holdem:  # wild cards, and a deck with a joker
        more["rules"] = draw(
            st.sampled_from([None, HandRules(wild_ranks="2"), HandRules(jokers="wild")])
        )
    posts = more.pop("posts", ())
    game = maker(betting=draw(structures()), late_betting=draw(st.none() | structures()), **more)
    return game.with_(posts=posts) if posts else game


@st.composite
def abstractions(draw: st.DrawFn) -> Actions:
    return Actions(
        fractions=tuple(
            draw(st.lists(st.sampled_from([0.25, 0.5, 0.75, 1.0, 1.5, 3.0]), max_size=3))
        ),
        big_blinds=tuple(draw(st.lists(st.sampled_from([0.5, 2.0, 2.5, 10.0]), max_size=2))),
        min_raise=draw(st.booleans()),
        all_in=draw(st.booleans()),
    )


@given(
    game=preset_games() | custom_games(),
    seats=st.integers(2, 9),
    stacks=st.data(),
    actions=abstractions(),
    seed=st.integers(0, M),
    policy=st.integers(0, 2**32),
)
@hsettings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_engine_plays_every_step_as_hand_does(
    game: Game, seats: int, stacks: st.DataObject, actions: Actions, seed: int, policy: int
) -> None:
    plan = game._plan
    seats = min(max(seats, plan.min_seats), plan.max_seats)
    if game.first_must_bet and not (actions.min_raise or actions.all_in):
        actions = Actions(fractions=actions.fractions, big_blinds=actions.big_blinds)
    stack = stacks.draw(st.lists(st.integers(1, 120), min_size=seats, max_size=seats))
    run = Run(game, 3, stack, actions)
    play(run, seed, 30, random.Random(policy))


def test_hold_em_six_max_over_many_hands() -> None:
    """Hold'em with the default window (16 records), short and deep stacks."""
    run = Run(
        games.texas_holdem(),
        6,
        [200, 150, 100, 60, 30, 5],
        Actions(fractions=(0.33, 0.5, 1.0, 2.0), big_blinds=(2.5,)),
        window=16,
    )
    play(run, 2026, 150, random.Random(1))


def test_stacks_near_the_most_chips_a_hand_holds() -> None:
    """Chips near ``MAX_CHIPS`` (2**64 - 1 in all): no sum overflows, and the
    raise sizes (floats of huge pots) and rewards are the Python backend's."""
    big = (2**64 - 1) // 3
    for game in (games.texas_holdem(blinds=(1, 2)), games.omaha(blinds=(2**40, 2**41))):
        run = Run(game, 3, [big, big - 7, big - 2**33], Actions(fractions=(0.5, 1.0, 3.0)))
        play(run, 11, 60, random.Random(2))


def test_a_big_blind_all_in_for_less_heads_up() -> None:
    """docs/rules.md §7: the button, having matched a big blind all in for
    no more than the small blind, is asked nothing; so it is in the engine.
    The buttons alternate, so each stack posts each blind."""
    for stacks in ([100, 3], [100, 5], [100, 6], [1, 100]):
        run = Run(games.texas_holdem(blinds=(5, 10)), 3, stacks, Actions(fractions=(1.0,)))
        play(run, 15, 12, random.Random(4))


def test_a_seed_deals_what_game_start_deals() -> None:
    """Hand 0 of table i is ``game.start(stacks, button=0, seed=hand_seed(seed, i, 0))``."""
    game = games.omaha_hilo()
    tables = VectorTables(game, 5, seats=6, stacks=50, seed=99, backend="core")
    tables.reset()
    for i in range(5):
        hand = game.start([50] * 6, button=0, seed=hand_seed(99, i, 0))
        holes = tables._backend._tables._state(i)[7]  # type: ignore[attr-defined]
        assert [tuple(h) for h in holes] == [hand.hole(s) for s in range(6)]


def test_trajectories_do_not_depend_on_the_number_of_tables() -> None:
    game = games.texas_holdem(blinds=(1, 2, 4))

    def trajectory(n: int) -> list[list[float]]:
        tables = VectorTables(game, n, seats=4, stacks=40, seed=5, backend="core")
        _, mask, _ = tables.reset()
        seen: list[list[float]] = [[] for _ in range(n)]
        rngs = [random.Random(i) for i in range(n)]
        for _ in range(60):
            choice = [
                r.choice(np.flatnonzero(row)) if row.any() else 0
                for r, row in zip(rngs, mask, strict=True)
            ]
            obs, mask, actor, rewards, _ = tables.step(np.array(choice, np.int64))
            for i in range(n):
                seen[i] += [int(actor[i]), *rewards[i].tolist(), *obs[i].tolist()]
        return seen[:2]

    assert trajectory(2) == trajectory(7)


def test_a_masked_action_changes_nothing_on_any_table() -> None:
    tables = VectorTables(games.texas_holdem(), 4, seats=3, stacks=100, seed=1, backend="core")
    obs, mask, actor = tables.reset()
    engine: Any = tables._backend._tables  # type: ignore[attr-defined]
    before = [a.copy() for a in (obs, mask, actor, tables.rewards, tables.done)]
    states = [engine._state(i) for i in range(4)]
    legal = [int(np.flatnonzero(row)[0]) for row in mask]
    masked = int(np.flatnonzero(~mask[2])[0])
    for bad in (masked, -1, mask.shape[1]):
        with pytest.raises(hoyle.IllegalActionError, match=f"table 2: action {bad} "):
            tables.step(np.array([*legal[:2], bad, *legal[3:]], np.int64))
    after: list[np.ndarray] = [obs, mask, actor, tables.rewards, tables.done]
    assert all(np.array_equal(a, b) for a, b in zip(before, after, strict=True))
    assert states == [engine._state(i) for i in range(4)]


def test_both_backends_refuse_an_action_in_the_same_words() -> None:
    """The core's words (``table::not_legal``) are ``Actions.validated``'s."""
    words = []
    for backend in ("core", "python"):
        tables = VectorTables(games.texas_holdem(), 3, seats=3, seed=2, backend=backend)
        _, mask, _ = tables.reset()
        legal = [int(np.flatnonzero(row)[0]) for row in mask]
        for bad in (int(np.flatnonzero(~mask[1])[0]), -1, mask.shape[1]):
            with pytest.raises(hoyle.IllegalActionError) as err:
                tables.step(np.array([legal[0], bad, legal[2]], np.int64))
            words.append(str(err.value))
    assert words[:3] == words[3:]
    assert words[0].startswith("table 1: action ")


def test_chips_are_kept_and_rewards_sum_to_zero_without_rake() -> None:
    tables = VectorTables(
        games.omaha(), 64, seats=4, stacks=[100, 80, 60, 40], seed=3, backend="core"
    )
    engine: Any = tables._backend._tables  # type: ignore[attr-defined]
    _, mask, _ = tables.reset()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(200):
        _, mask, _, rewards, done = tables.step((rng.random(mask.shape) * mask).argmax(axis=1))
        for i in range(64):
            stacks, contrib = engine._state(i)[2], engine._state(i)[4]
            assert sum(stacks) + (0 if done[i] else sum(contrib)) == 280
        ended += int(done.sum())
        assert abs(float(rewards.sum())) < 1e-3
    assert ended > 100


@pytest.mark.parametrize(
    "game",
    [
        games.seven_card_stud(),
        games.razz(),
        games.five_card_draw(),
        games.deuce_to_seven_triple_draw(),
        Game(streets=(Street(down=2, up=1), Street(board=4)), blinds=(1, 2)),
        # (a joker its rules cannot rank: no such Game is made, tests/hand/test_endable_games.py)
        games.texas_holdem(betting=Limit(2, 2)).with_(short_all_in="half-bet"),
        # a split pot (Game.split): the engine ranks one way only
        games.texas_holdem().with_(split=HandRules(low="ace-to-five")),
    ],
    ids=["stud", "razz", "draw", "triple-draw", "up-cards", "half-bet", "split"],
)
def test_games_the_engine_does_not_play_get_no_backend(game: Game) -> None:
    assert settings(game) is None
    assert VectorTables(game, 2, seats=3).backend == "python"
    with pytest.raises(hoyle.errors.GameError, match="does not play"):
        VectorTables(game, 2, seats=3, backend="core")


@pytest.mark.parametrize(
    "game",
    [
        games.texas_holdem(),
        games.omaha(),
        games.omaha_hilo(),
        games.texas_holdem(betting=Limit(2, 2)),
    ],
)
def test_flop_games_get_the_engine(game: Game) -> None:
    assert settings(game) is not None
    assert VectorTables(game, 2, seats=3).backend == "core"
