"""``VectorTables(..., bots={seat: bot})``: fixed opponents stepped inside
``reset``/``step``.

Checked against independent sources: the core's ``"station"`` against
``hoyle.bots.station_bot`` played on a Python ``Hand`` (every hand replayed
from its seed with the learner's recorded indices: the same actions, the
same stacks); the whole trajectory of the core backend against the Python
backend (bit for bit, station); the Python backend against
``SingleAgentEnv`` with the same bots (the same hands); the core's
``"random"`` against ``hoyle.bots.random_bot`` in distribution (VPIP, PFR
and fold rates within 4 standard errors: their generators differ). Chips
are conserved; the same seed gives the same trajectories for N = 1, 7, 64.
"""

from __future__ import annotations

import math
import pickle
import random
from typing import Any

import hoyle
import numpy as np
import numpy.typing as npt
import pytest
from hoyle.bots import random_bot, station_bot
from hoyle.env import Actions, VectorTables
from hoyle.errors import BotError, GameError

GAME = hoyle.games.texas_holdem()
KINDS = ("ante", "blind", "bring-in", "fold", "check", "call", "bet", "raise", "draw")
FIVE = {s: "station" for s in range(1, 6)}


def policy(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """A legal index per row that depends only on that row (so a table
    plays the same whatever N): a hash of the observation picks one."""
    out = np.zeros(len(mask), dtype=np.int64)
    for i in range(len(mask)):
        legal = np.flatnonzero(mask[i])
        if legal.size:
            h = int(np.frombuffer(obs[i].tobytes(), dtype=np.uint32).sum(dtype=np.uint64))
            out[i] = legal[(h * 2654435761 >> 7) % legal.size]
    return out


def trace(n: int, bots: dict[int, Any], steps: int, backend: str = "auto") -> list[list[bytes]]:
    t = VectorTables(GAME, n, seats=6, seed=11, bots=bots, backend=backend)  # type: ignore[arg-type]
    obs, mask, actor = t.reset()
    out: list[list[bytes]] = [[obs[i].tobytes() + mask[i].tobytes()] for i in range(n)]
    for _ in range(steps):
        obs, mask, actor, rewards, done = t.step(policy(obs, mask))
        for i in range(n):
            row = (obs[i], mask[i], actor[i : i + 1], rewards[i], done[i : i + 1])
            out[i].append(b"".join(a.tobytes() for a in row))
    return out


def history(t: VectorTables, i: int) -> list[tuple[int, int, str, int, int]]:
    """Table ``i``'s records as the core keeps them (kinds by name)."""
    return [(s, p, KINDS[k], a, tot) for s, p, k, a, tot in t._backend._tables._state(i)[8]]  # type: ignore[attr-defined]


def records(hand: hoyle.Hand) -> list[tuple[int, int, str, int, int]]:
    return [(a.street, a.seat, a.kind, a.amount, a.total) for a in hand.history]


@pytest.mark.parametrize("bot", ["station", "random"])
def test_same_seed_same_trajectories_for_any_n(bot: str) -> None:
    bots = {s: bot for s in (1, 2, 4, 5)}  # learners: seats 0 and 3
    one, seven, many = trace(1, bots, 60), trace(7, bots, 60), trace(64, bots, 60)
    assert one[0] == seven[0] == many[0]
    assert seven == many[:7]
    assert many[3] != many[4]  # the tables do differ


def test_actor_names_only_learning_seats_and_chips_are_conserved() -> None:
    bots = {1: "random", 2: "station", 4: "random", 5: "random"}
    t = VectorTables(GAME, 64, seats=6, seed=2, bots=bots)
    assert t.backend == "core"
    assert t.learners == (0, 3)
    obs, mask, actor = t.reset()
    ended = 0
    for _ in range(300):
        assert set(actor[actor >= 0].tolist()) <= {0, 3}
        obs, mask, actor, rewards, done = t.step(policy(obs, mask))
        for i in np.flatnonzero(done):
            hand = t.hand(int(i))
            assert sum(hand.stacks) == 6 * 200
            chips = rewards[i] * 2  # big blinds to chips (exact: small integers)
            assert chips.tolist() == [
                e - s for s, e in zip(hand.starting_stacks, hand.stacks, strict=True)
            ]
            assert chips.sum() == 0
            ended += 1
    assert ended > 500


def test_core_station_decides_as_station_bot() -> None:
    """Every finished hand of the core with station bots, played again on a
    Python ``Hand`` from its seed: ``station_bot`` for the bots' seats, the
    learner's recorded indices for its own: the same records and stacks."""
    actions = Actions()
    bots = {1: "station", 2: "station", 4: "station"}  # learners 0, 3, 5
    t = VectorTables(GAME, 32, seats=6, seed=4, bots=bots)
    obs, mask, _ = t.reset()
    checked = bot_moves = 0
    for _ in range(200):
        obs, mask, _actor, rewards, done = t.step(policy(obs, mask))
        for i in map(int, np.flatnonzero(done)):
            seed, button, indices = t._backend.record(i)
            hand = GAME.start([200] * 6, button=button, seed=seed)
            moves = list(indices)
            while hand.actor is not None:
                if hand.actor in bots:
                    station_bot(hand, random.Random(0))
                    bot_moves += 1
                else:
                    actions.apply(hand, moves.pop(0))
            assert moves == []
            assert records(hand) == history(t, i)
            assert rewards[i].tolist() == [
                (e - s) / 2 for s, e in zip(hand.starting_stacks, hand.stacks, strict=True)
            ]
            checked += 1
    assert checked > 100
    assert bot_moves > 500


def test_core_and_python_backends_agree_with_station_bots() -> None:
    bots = {1: "station", 3: "station", 4: "station"}
    assert trace(5, bots, 80, "core") == trace(5, bots, 80, "python")


def test_python_backend_plays_the_hands_of_single_agent_env() -> None:
    """Table 0 of the Python backend against ``"random"`` and
    ``SingleAgentEnv`` against the same bots: hand k is the same hand (the
    deal and the bots' generator are both seeded ``hand_seed(seed, 0, k)``),
    the learner always checking or calling."""
    from hoyle.env import SingleAgentEnv

    t = VectorTables(
        GAME, 1, seats=6, seed=9, bots=dict.fromkeys(range(1, 6), "random"), backend="python"
    )
    env = SingleAgentEnv(seats=6, seat=0, bots="random")
    env.reset(seed=9)
    ours: list[list[Any]] = []  # the hands in which seat 0 acted
    t.reset()
    while len(ours) < 60:
        _, _mask, _actor, _, done = t.step(np.ones(1, dtype=np.int64))
        if done[0]:
            hand = t.hand(0)
            if any(a.seat == 0 and a.kind not in ("blind", "ante") for a in hand.history):
                ours.append(records(hand))
    theirs: list[list[Any]] = []
    while len(theirs) < 60:
        _obs, _reward, terminated, _truncated, info = env.step(1)
        if terminated:
            theirs.append(records(info["hand"]))
            env.reset()
    assert ours == theirs


def _rates(
    hands: list[list[tuple[int, int, str, int, int]]], seats: tuple[int, ...]
) -> dict[str, tuple[int, int]]:
    """Of the bots' seats' hands: VPIP (put chips in preflop by choice), PFR
    (raised preflop); and of their decisions facing a bet, the folds."""
    vpip = pfr = n = folds = facing = 0
    for recs in hands:
        for s in seats:
            pre = [k for st, p, k, _, _ in recs if st == 0 and p == s]
            n += 1
            vpip += any(k in ("call", "bet", "raise") for k in pre)
            pfr += any(k in ("bet", "raise") for k in pre)
        for _st, _p, k, _a, _t in recs:
            if k in ("fold", "call"):
                facing += 1
                folds += k == "fold"
    return {"vpip": (vpip, n), "pfr": (pfr, n), "fold": (folds, facing)}


def test_core_random_plays_as_random_bot_in_distribution() -> None:
    bots = dict.fromkeys(range(1, 6), "random")
    found: dict[str, list[list[Any]]] = {}
    for backend in ("core", "python"):
        t = VectorTables(GAME, 256, seats=6, seed=21, bots=bots, backend=backend)
        t.reset()
        hands: list[list[Any]] = []
        while len(hands) < 3_000:
            _, _, _, _, done = t.step(np.ones(256, dtype=np.int64))
            hands += [records(t.hand(int(i))) for i in np.flatnonzero(done)]
        found[backend] = hands
    core, python = _rates(found["core"], (1, 2, 3, 4, 5)), _rates(found["python"], (1, 2, 3, 4, 5))
    for what in ("vpip", "pfr", "fold"):
        (a, n), (b, m) = core[what], python[what]
        p = (a + b) / (n + m)
        se = math.sqrt(p * (1 - p) * (1 / n + 1 / m))
        assert abs(a / n - b / m) < 4 * se, (what, a / n, b / m, se)
        assert 0.05 < a / n < 0.95  # (a real rate, not a degenerate one)


def replay(hand: hoyle.Hand, kind: str, total: int) -> None:
    """One record of the core's history played on ``hand``."""
    if kind == "fold":
        hand.fold()
    elif kind == "check":
        hand.check()
    elif kind == "call":
        hand.call()
    elif kind in ("bet", "raise"):
        hand.raise_to(total)


def test_core_random_raises_span_the_range() -> None:
    """Half of the core random bot's raises are the minimum; the rest are
    uniform up to the all-in (the hand replayed on a ``Hand`` gives each
    raise's bounds)."""
    t = VectorTables(GAME, 128, seats=6, seed=3, bots=dict.fromkeys(range(1, 6), "random"))
    t.reset()
    raises = mins = all_in = upper = 0
    for _ in range(150):
        _, _, _, _, done = t.step(np.ones(128, dtype=np.int64))
        for i in map(int, np.flatnonzero(done)):
            seed, button, _ = t._backend.record(i)
            hand = GAME.start([200] * 6, button=button, seed=seed)
            for _st, _seat, kind, _amount, total in history(t, i):
                if kind in ("bet", "raise"):
                    lo, hi = hand.legal.min_raise_to, hand.legal.max_raise_to
                    assert lo is not None
                    assert hi is not None
                    assert lo <= total <= hi
                    raises += 1
                    mins += total == lo
                    all_in += total == hi
                    upper += hi > lo and total > (lo + hi) / 2
                replay(hand, kind, total)
    assert raises > 300
    assert 0.4 < mins / raises < 0.65  # 1/2 plus the uniform draws that hit the minimum
    assert 0.15 < upper / raises < 0.3  # about 1/4: the upper half of the uniform half
    assert 0 < all_in < raises / 4


def test_final_observation_is_the_learners() -> None:
    t = VectorTables(GAME, 16, seats=6, seed=8, bots=FIVE)
    obs, mask, _ = t.reset()
    seen = 0
    for _ in range(60):
        obs, mask, _actor, _rewards, done = t.step(policy(obs, mask))
        for i in map(int, np.flatnonzero(done)):
            assert np.array_equal(obs[i], t.layout.encode(t.hand(i), 0))
            assert not mask[i].any()
            seen += 1
    assert seen > 30


def test_a_hand_without_a_learner_decision_ends_in_the_call_that_deals_it() -> None:
    """The learner (seat 0) on the big blind of hand 4 (button 4), every bot
    folding: that hand is dealt and over in one call (done True, actor -1,
    the learner wins the small blind)."""

    def folder(hand: hoyle.Hand, rng: random.Random) -> None:
        hand.fold() if hand.legal.can_fold else hand.check()

    t = VectorTables(GAME, 3, seats=6, seed=1, bots=dict.fromkeys(range(1, 6), folder))
    assert t.backend == "python"
    _, mask, actor = t.reset()
    was_done = False
    for _ in range(12):
        picks = np.where(mask[:, 0], 0, 1)  # fold when it can, else check
        _, mask, actor, rewards, done = t.step(picks)
        if was_done and done[0]:  # the call that dealt the hand ended it
            assert t.hand(0).button == 4
            assert t.hand(0).history[-1].kind == "fold"
            assert actor.tolist() == [-1, -1, -1]
            assert rewards[0].tolist() == [0.5, 0.0, 0.0, 0.0, 0.0, -0.5]
            return
        was_done = bool(done[0])
    raise AssertionError("hand 4 never came")


@pytest.mark.parametrize(
    "bots",
    [{1: "random", 2: "random", 3: "station"}, {1: "tight", 2: "random", 3: "loose"}],
    ids=["core", "python"],
)
def test_pickled_tables_with_bots_go_on_alike(bots: dict[int, str]) -> None:
    t = VectorTables(GAME, 8, seats=6, seed=5, bots=bots)
    obs, mask, _ = t.reset()
    for _ in range(23):
        obs, mask, _actor, _, _ = t.step(policy(obs, mask))
    u = pickle.loads(pickle.dumps(t))
    assert u.backend == t.backend
    assert [records(u.hand(i)) for i in range(8)] == [records(t.hand(i)) for i in range(8)]
    for _ in range(30):
        a: tuple[Any, ...] = tuple(x.copy() for x in t.step(policy(t.obs, t.mask)))
        b: tuple[Any, ...] = u.step(policy(u.obs, u.mask))
        for x, y in zip(a, b, strict=True):
            assert np.array_equal(x, y)


def _failure(t: VectorTables, actions: npt.NDArray[np.int64]) -> BotError | None:
    try:
        t.step(actions)
    except BotError as err:
        return err
    return None


def test_user_bots_play_on_the_python_side_and_are_checked() -> None:
    def caller(hand: hoyle.Hand, rng: random.Random) -> None:
        hand.check() if hand.legal.can_check else hand.call()

    t = VectorTables(GAME, 4, seats=3, seed=1, bots={1: caller, 2: "tight"})
    assert t.backend == "python"
    obs, mask, actor = t.reset()
    for _ in range(30):
        assert set(actor[actor >= 0].tolist()) <= {0}
        obs, mask, actor, _rewards, _done = t.step(policy(obs, mask))

    def cheat(hand: hoyle.Hand, rng: random.Random) -> None:
        hand.check() if hand.legal.can_check else hand.call()
        if hand.actor is not None:
            hand.fold() if hand.legal.can_fold else hand.check()

    bad = VectorTables(GAME, 2, seats=3, seed=1, bots={2: cheat})
    bad.reset()
    calls = np.ones(2, dtype=np.int64)
    for _ in range(20):  # to the first step where seat 2 acts with another seat left to act
        before = [records(bad.hand(i)) for i in range(2)]
        kept = bad.obs.copy()
        failed = _failure(bad, calls)
        if failed is not None:
            break
    assert failed is not None
    assert "bot cheat (seat 2) made 2 moves" in str(failed)
    assert [records(bad.hand(i)) for i in range(2)] == before
    assert np.array_equal(bad.obs, kept)


def test_random_and_station_on_the_python_backend_are_hoyle_bots() -> None:
    t = VectorTables(GAME, 1, seats=2, bots={1: "random"}, backend="python")
    assert t._seated.bots[1] is random_bot
    assert VectorTables(GAME, 1, seats=2, bots={1: "station"})._seated.bots[1] is station_bot


@pytest.mark.parametrize(
    ("bots", "words"),
    [
        ([1, 2], "bots is a dict"),
        ({1: "shark"}, "unknown bot 'shark'"),
        ({6: "random"}, "a seat is an int of 0..5"),
        ({"1": "random"}, "a seat is an int of 0..5"),
        ({1: 3}, "a bot is a name of hoyle.bots or a callable"),
        (dict.fromkeys(range(6), "random"), "at least one seat must be left to learn"),
    ],
)
def test_bad_bots_are_refused(bots: Any, words: str) -> None:
    with pytest.raises(GameError, match=words):
        VectorTables(GAME, 2, seats=6, bots=bots)


def test_core_backend_refuses_a_python_bot() -> None:
    with pytest.raises(GameError, match=r"seat 2's is played in Python: use backend='python'"):
        VectorTables(GAME, 2, seats=6, bots={1: "station", 2: "tight"}, backend="core")


def test_games_the_core_does_not_play_take_bots_in_python() -> None:
    t = VectorTables(
        hoyle.games.seven_card_stud(), 3, seats=4, seed=2, bots={1: "station", 2: "random"}
    )
    assert t.backend == "python"
    obs, mask, actor = t.reset()
    for _ in range(40):
        assert set(actor[actor >= 0].tolist()) <= {0, 3}
        obs, mask, actor, _rewards, done = t.step(policy(obs, mask))
        for i in map(int, np.flatnonzero(done)):
            assert sum(t.hand(i).stacks) == sum(t.hand(i).starting_stacks)


def test_heads_up_against_core_random_matches_simulate() -> None:
    """Heads-up, the learner always checking or calling (``station_bot``'s
    play: no-limit hold'em has no forced opening bet) against the core's
    ``"random"``, beside ``simulate(["station", "random"])``: the random
    seat's VPIP and PFR and the station's mean net per hand agree within 4
    standard errors (the two deal and draw from different generators)."""
    hands = 16_000
    sim = hoyle.simulate("texas_holdem", ["station", "random"], hands=hands, seed=5, history=True)
    assert sim.history is not None
    t = VectorTables(GAME, 256, seats=2, seed=5, bots={1: "random"})
    assert t.backend == "core"
    t.reset()
    nets: list[float] = []
    vpip = pfr = 0
    calls = np.ones(256, dtype=np.int64)
    while len(nets) < hands:
        _, _, _, rewards, done = t.step(calls)
        for i in map(int, np.flatnonzero(done)):
            nets.append(float(rewards[i][0]) * 2)  # big blinds to chips
            pre = [k for st, p, k, _, _ in history(t, i) if st == 0 and p == 1]
            vpip += any(k in ("call", "bet", "raise") for k in pre)
            pfr += any(k in ("bet", "raise") for k in pre)
    n = len(nets)
    for ours, theirs in ((vpip, sim.seats[1].vpip), (pfr, sim.seats[1].pfr)):
        p = (ours + theirs) / (n + hands)
        se = math.sqrt(p * (1 - p) * (1 / n + 1 / hands))
        assert abs(ours / n - theirs / hands) < 4 * se, (ours / n, theirs / hands)
    mine, peer = np.array(nets), sim.history[:, 0].astype(float)
    se = math.sqrt(mine.var() / n + peer.var() / hands)
    assert abs(mine.mean() - peer.mean()) < 4 * se, (mine.mean(), peer.mean(), se)
    assert 0.4 < vpip / n < 0.6  # the random seat: fold 1/3, call 1/3, raise 1/3 facing the blind
