"""Fuzzing equity's entry points (issue 12): nasty numbers for trials,
threads, seed, target_stderr, exact and the Shape's fields, nasty hand
lists, and the core functions ``hoyle.odds`` calls. Every call must
return or raise one of hoyle's errors (or a TypeError for a wrong type).
Each call is kept cheap: numbers that are valid but large (a billion
trials, a tiny target) are swapped for small ones, since those are
correct requests, only slow."""

from __future__ import annotations

import random
from typing import Any

import hoyle
from hoyle import _core
from hoyle.odds import Shape

from tests.support.fuzzing import fuzz, mutate, nasty_number

HANDS = ["AhKh", "QsQd", "7c 2d", "Ts9s", "AA", "QQ+", "AKs", "XX", "KK@50", "22"]
BOARDS = ["", "2h 7h 9c", "Kc 3s Th 4h", "2h 7h 9c Jd 3s"]
NUMBER_ARGS = ["trials", "threads", "seed", "target_stderr", "exact"]


def _cheap(name: str, value: object, rng: random.Random) -> object:
    """A valid but slow value made small; anything else kept."""
    if isinstance(value, bool):
        return value
    big = {"trials": 1 << 17, "threads": 8}
    if name in big and isinstance(value, int) and 1 <= value <= (1 << 34):
        return value if value <= big[name] else rng.randint(1, big[name])
    if name == "target_stderr" and isinstance(value, int | float) and 0 < value < 0.01:
        return 0.05
    return value


def _numbers(rng: random.Random) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"trials": rng.randint(1, 70_000)}
    for name in rng.sample(NUMBER_ARGS, rng.randint(1, 3)):
        kwargs[name] = _cheap(name, nasty_number(rng), rng)
    if kwargs.get("exact"):
        kwargs["board"] = rng.choice(BOARDS[1:])
    return kwargs


def test_fuzz_equity_numbers() -> None:
    def call(kwargs: dict[str, Any]) -> object:
        return hoyle.equity(["AhKh", "QsQd"], **kwargs)

    tally = fuzz("equity: trials/threads/seed/target_stderr/exact", _numbers, call, min_inputs=100)
    assert tally["ok"] > 0
    assert tally["EquityError"] > 0


SHAPE_FIELDS = ["hole", "board", "hole_cards", "deck", "high"]


def _shape(rng: random.Random) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for name in rng.sample(SHAPE_FIELDS, rng.randint(1, 3)):
        if name == "deck":
            fields[name] = rng.choice(
                [tuple(range(52)), (*range(52), 52), (0, 1, 2), [nasty_number(rng)], None]
            )
        elif name == "high":
            fields[name] = rng.choice([True, False, 1, None])
        else:
            fields[name] = rng.choice([nasty_number(rng), rng.randint(0, 9)])
    return fields


def test_fuzz_equity_shapes() -> None:
    def call(fields: dict[str, Any]) -> object:
        shape = Shape(**fields)
        return hoyle.equity(["Ah", "Qs"], game=shape, trials=1000, seed=1)

    tally = fuzz("equity: Shape(hole, board, hole_cards, deck, high)", _shape, call, min_inputs=100)
    assert tally["EquityError"] > 0


def _hands(rng: random.Random) -> dict[str, Any]:
    n = rng.choice([0, 1, 2, 2, 3, 4, rng.randint(5, 30)])
    players: list[Any] = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.6:
            players.append(mutate(rng.choice(HANDS), rng))
        elif kind < 0.8:
            players.append([nasty_number(rng) for _ in range(rng.randint(0, 3))])
        else:
            players.append(rng.choice(HANDS))
    return {
        "players": players,
        "board": mutate(rng.choice(BOARDS), rng) if rng.random() < 0.5 else rng.choice(BOARDS),
        "dead": rng.choice(["", "2c", mutate("Jd", rng)]),
    }


def test_fuzz_equity_hands() -> None:
    def call(case: dict[str, Any]) -> object:
        players = case["players"]
        if sum(1 for p in players if isinstance(p, str) and len(p) > 4) > 3:
            players = players[:3]  # many wide ranges collide too often to be cheap
        return hoyle.equity(
            players, board=case["board"], dead=case["dead"], trials=1000, seed=1, exact=False
        )

    tally = fuzz("equity: players/board/dead", _hands, call, min_inputs=100)
    assert tally["ok"] > 0


AKH, QQ = [([50, 46], 1.0)], [([43, 41], 1.0)]


def _core_case(rng: random.Random) -> tuple[str, list[Any]]:
    which = rng.choice(["shards", "exact", "work"])
    game = rng.choice(
        [(2, 5, 0), (4, 5, 2), tuple(rng.choice([nasty_number(rng), 2]) for _ in range(3))]
    )
    players = rng.choice(
        [[AKH, QQ], [AKH, [([nasty_number(rng), 1], nasty_number(rng))]], [AKH], []]
    )
    if which == "shards":
        count = _cheap("count", nasty_number(rng), rng)
        if isinstance(count, int) and not isinstance(count, bool) and 1 < count <= 2**18:
            count = 1
        args = [players, [], [], game, nasty_number(rng), nasty_number(rng), count]
        return which, [*args, _cheap("threads", nasty_number(rng), rng)]
    if which == "exact":
        board = rng.choice([[0, 1, 2], [0, 1, 2, 3], [nasty_number(rng)]])
        return which, [players, board, [], game, _cheap("threads", nasty_number(rng), rng)]
    return which, [players, [], [], game]


def test_fuzz_core_entry_points() -> None:
    def call(case: tuple[str, list[Any]]) -> object:
        which, args = case
        if which == "shards":
            return _core.equity_shards(*args)
        if which == "exact":
            # a valid but large enumeration (Omaha, stud) is only slow
            work, _ = _core.equity_work(*args[:4])
            return _core.equity_exact(*args) if work <= 1e7 else work
        return _core.equity_work(*args)

    fuzz("equity: _core.equity_shards/exact/work", _core_case, call, seed=3, min_inputs=100)


def test_fuzz_equity_counts() -> None:
    def make(rng: random.Random) -> list[Any]:
        players = rng.choice([2, 3, nasty_number(rng)])
        k = players if isinstance(players, int) and 0 <= players < 30 else 2

        def row(n: int) -> list[Any]:
            return [
                nasty_number(rng) if rng.random() < 0.01 else rng.randint(0, 1) for _ in range(n)
            ]

        return [
            players,
            rng.choice([0, 10, nasty_number(rng)]),
            row(k),
            row(k),
            row(k),
            row(k),
            row(16 * k),
        ]

    def call(args: list[Any]) -> object:
        c = _core.EquityCounts(*args)
        return (c + c).equity, c.stderr, c.by_category

    fuzz("equity: EquityCounts(...) and +", make, call, seed=4)
