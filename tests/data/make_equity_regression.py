"""Writes tests/data/equity_regression.json: a few hundred random equity
spots and the engine's answers, the oracle that later engines are held to.

Run from the repository root with the engine to record:

    PYTHONPATH=$PWD/python python tests/data/make_equity_regression.py

It was first run with the engine as it stood before the speed work of
issue 14 (suit isomorphism, dead-suit merging), so every later engine must
give the same integer counts (and the same weighted fractions, bit for bit:
they are stored as ``float.hex``). Spots are drawn from a fixed seed and kept
only when the core's own size estimate is small, so the replay is quick.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import hoyle
from hoyle import HandRules, _core, games
from hoyle.odds import Shape

SEED = 20261201
OUT = Path(__file__).with_name("equity_regression.json")
RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]

# Most evaluations per spot: hold'em's two-card path is ~10x faster than
# the general one.
FAST_BUDGET = 25_000_000
SLOW_BUDGET = 1_500_000


def rand_class(rng: random.Random) -> str:
    a, b = sorted(rng.sample(range(13), 2), reverse=True)
    kind = rng.choice(["s", "o", ""])
    if rng.random() < 0.3:
        return RANKS[a] * 2
    return RANKS[a] + RANKS[b] + kind


def rand_token(rng: random.Random) -> str:
    k = rng.random()
    if k < 0.2:
        r = rng.randrange(13)
        return RANKS[r] * 2 + ("+" if rng.random() < 0.5 else "")
    if k < 0.3:
        hi = rng.randrange(2, 13)
        lo = rng.randrange(0, hi)
        return f"{RANKS[hi] * 2}-{RANKS[lo] * 2}"
    if k < 0.45:
        hi = rng.randrange(3, 13)
        lo = rng.randrange(1, hi - 1)
        return f"{RANKS[hi]}{RANKS[lo]}{rng.choice('so')}+"
    if k < 0.6:
        c = rng.sample(DECK, 2)
        return c[0] + c[1]
    tok = rand_class(rng)
    if rng.random() < 0.25:
        tok += f"@{rng.choice([25, 50, 75, 33.5])}"
    return tok


def rand_range(rng: random.Random) -> str:
    toks = [rand_token(rng) for _ in range(rng.randint(1, 3))]
    text = ",".join(toks)
    if rng.random() < 0.1:
        text = f"0.5({text})"
    return text


def holdem_spot(rng: random.Random, ranged: bool) -> dict[str, Any]:
    n = rng.randint(2, 6)
    board_n = rng.choice([0, 3, 3, 4, 5] if ranged else [0, 0, 3, 4, 5])
    cards = rng.sample(DECK, 2 * n + board_n + 3)
    board = cards[2 * n : 2 * n + board_n]
    dead = cards[2 * n + board_n : 2 * n + board_n + rng.choice([0, 0, 1, 2, 3])]
    players: list[str] = []
    for p in range(n):
        if ranged and (p < 2 or rng.random() < 0.4):
            players.append(rand_range(rng))
        else:
            players.append(cards[2 * p] + cards[2 * p + 1])
    return {"players": players, "board": "".join(board), "dead": "".join(dead), "game": None}


GAMES: dict[str, Any] = {
    "omaha": (games.omaha, 4, 5, [3, 4, 5]),
    "omaha_hilo": (games.omaha_hilo, 4, 5, [3, 4, 5]),
    "seven_card_stud": (games.seven_card_stud, 7, 0, [0]),
    "seven_card_stud_hilo": (games.seven_card_stud_hilo, 7, 0, [0]),
    "razz": (games.razz, 7, 0, [0]),
}


def other_spot(rng: random.Random) -> dict[str, Any]:
    name = rng.choice(sorted(GAMES))
    _, hole, _, boards = GAMES[name]
    n = rng.randint(2, 4)
    board_n = rng.choice(boards)
    known = hole if hole == 4 else rng.randint(4, 6)
    cards = rng.sample(DECK, known * n + board_n + 2)
    players = ["".join(cards[known * p : known * (p + 1)]) for p in range(n)]
    board = cards[known * n : known * n + board_n]
    dead = cards[known * n + board_n : known * n + board_n + rng.choice([0, 1, 2])]
    return {"players": players, "board": "".join(board), "dead": "".join(dead), "game": name}


# Hold'em with hand rules: wild ranks are suit-symmetric, a named wild card
# and jokers are not (or have no suit).
RULES: dict[str, dict[str, Any]] = {
    "deuces": {"wild_ranks": "2"},
    "one_eyed": {"wild_cards": "JhJs"},
    "joker": {"jokers": "wild"},
    "bug": {"jokers": "bug"},
    "hilo8": {"low": "ace-to-five", "low_qualifier": 8},
}


def ruled_spot(rng: random.Random) -> dict[str, Any]:
    spot = holdem_spot(rng, ranged=rng.random() < 0.5)
    spot["game"] = "rules:" + rng.choice(sorted(RULES))
    return spot


def game_of(name: str | None) -> Any:
    if name is None:
        return None
    if name.startswith("rules:"):
        return Shape(rules=HandRules(**RULES[name[6:]]))
    return GAMES[name][0]()


def fixed_spots() -> list[dict[str, Any]]:
    """Spots chosen by hand: the symmetric preflop cases the suit
    isomorphism changes most, and ranges against ranges."""
    out = []
    for players, board, dead in [
        (["AA", "KK"], "", ""),
        (["AA", "KK", "QQ", "AKs"], "", ""),
        (["AsKs", "QdQc"], "", ""),
        (["AsKs", "QdQc", "JhTh"], "", ""),
        (["QQ+,AKs", "JJ-99,AQs+"], "2c7d9h", ""),
        (["QQ+,AKs", "JJ-99,AQs+"], "2c7d9hKs", ""),
        (["AKs", "QQ"], "", "2c"),
        (["AKs", "QQ", "AhQd"], "", ""),
        (["JJ", "TT"], "", "Jd"),
        (["AKo", "AA@50,KK"], "Ah7c2d", "3s"),
        (["XX", "AsAd"], "KsQsJs", ""),
        (["T9s", "88", "A5s"], "", ""),
    ]:
        out.append({"players": players, "board": board, "dead": dead, "game": None})
    for players, board, dead, rules in [
        (["AA", "KK"], "2c7d9h", "", "one_eyed"),
        (["AKs", "QQ"], "2c7d9h", "", "deuces"),
        (["AKs", "QQ"], "2c7d9h", "", "joker"),
        (["AA", "KK"], "2c7d9hTs", "", "bug"),
        (["A2s", "KK"], "3c7d9h", "", "hilo8"),
    ]:
        out.append({"players": players, "board": board, "dead": dead, "game": "rules:" + rules})
    return out


def answer(spot: dict[str, Any]) -> dict[str, Any] | None:
    game = game_of(spot["game"])
    try:
        eq = hoyle.equity(
            spot["players"], board=spot["board"], dead=spot["dead"], game=game, exact=True
        )
    except hoyle.HoyleError as e:
        return {"error": type(e).__name__}
    return {
        "deals": eq.deals,
        "trials": eq.trials,
        "holdings": eq.holdings,
        "combos": list(eq.combos),
        "wins": list(eq.wins),
        "ties": list(eq.ties),
        "equity": [x.hex() for x in eq.equity],
        "win": [x.hex() for x in eq.win],
        "tie": [x.hex() for x in eq.tie],
        "low": [x.hex() for x in eq.low],
        "categories": [{str(int(k)): v.hex() for k, v in row.items()} for row in eq.categories],
    }


def monte_answer(spot: dict[str, Any], seed: int) -> dict[str, Any] | None:
    """Monte Carlo counters of two shards (every integer counter, as the
    core pickles them)."""
    from hoyle._equity_args import known_card_ids as card_ids
    from hoyle._equity_args import player_combos as _player
    from hoyle._equity_game import setup_of as _shape

    setup = _shape(game_of(spot["game"]))
    plist = [_player(p, i, setup.shape[0], setup.jokers) for i, p in enumerate(spot["players"])]
    c = _core.equity_shards(
        plist,
        card_ids(spot["board"], "board"),
        card_ids(spot["dead"], "dead"),
        setup.shape,
        seed,
        0,
        2,
        **setup.kwargs(),
    )
    _, args = c.__reduce__()
    return {"seed": seed, "counters": [list(a) if isinstance(a, list) else a for a in args]}


def small_enough(spot: dict[str, Any]) -> bool:
    from hoyle._equity_args import known_card_ids as card_ids
    from hoyle._equity_args import player_combos as _player
    from hoyle._equity_game import setup_of as _shape

    try:
        setup = _shape(game_of(spot["game"]))
        plist = [_player(p, i, setup.shape[0], setup.jokers) for i, p in enumerate(spot["players"])]
        work, _ = _core.equity_work(
            plist,
            card_ids(spot["board"], "board"),
            card_ids(spot["dead"], "dead"),
            setup.shape,
            **setup.kwargs(),
        )
    except hoyle.HoyleError:
        return True  # an error is an answer too (kept: the engine must still refuse)
    fast = spot["game"] is None
    return work <= (FAST_BUDGET if fast else SLOW_BUDGET)


def main() -> int:
    rng = random.Random(SEED)
    spots = fixed_spots()
    kinds = [("fixed", 110), ("ranged", 150), ("other", 60), ("ruled", 50)]
    for kind, want in kinds:
        got = 0
        while got < want:
            if kind == "fixed":
                spot = holdem_spot(rng, ranged=False)
            elif kind == "ranged":
                spot = holdem_spot(rng, ranged=True)
            elif kind == "other":
                spot = other_spot(rng)
            else:
                spot = ruled_spot(rng)
            if small_enough(spot):
                spots.append(spot)
                got += 1
    out = []
    for i, spot in enumerate(spots):
        rec = dict(spot)
        rec["exact"] = answer(spot)
        if i % 4 == 0 and rec["exact"] is not None and "error" not in rec["exact"]:
            rec["monte_carlo"] = monte_answer(spot, seed=1000 + i)
        out.append(rec)
    OUT.write_text(json.dumps({"seed": SEED, "spots": out}, indent=0) + "\n")
    errors = sum("error" in r["exact"] for r in out)
    print(f"{len(out)} spots ({errors} refused) -> {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
