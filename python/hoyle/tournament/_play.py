"""Tournaments played out (``play``): bots at one table or several, blind
levels by hand count, eliminations, the prize pool paid by finishing order.

One tournament: the players are seated at random (the seed's ``random.Random``
shuffles them) over ``tables`` tables as evenly as can be; every round, each
table with two players or more plays one hand at the round's level
(``Table.game`` changed between hands; the button moves past busted seats
as a ``Table`` moves it). Players who bust in the same round finish in the
order of their stacks at the start of that round's hand (more chips, better
place); equal stacks tie and share the prizes of the places they cover.
After a round the tables are balanced: a table is broken while the players
left fit in one table fewer (its players take the empty seats of the
others), and a player moves from the fullest table to the emptiest while they
differ by two or more. The last player with chips wins. Every hand is
checked (the chips after it are the chips before it, no rake), and so is the
end (one player holds every chip, the prizes paid add up to the pool).

Many tournaments (``tournaments=``) run as shards like ``hoyle.simulate``'s:
tournament ``i`` is seeded from ``(seed, i)``, so the result is the same in
this process or on any executor.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hoyle._deal import check_seed
from hoyle._shards import each_shard, shard_seed
from hoyle._sim_args import _Player, _player, _the_game
from hoyle._user_bots import act_checked
from hoyle._whole import many, whole
from hoyle.bots import Bot
from hoyle.errors import BotError, TournamentError
from hoyle.games import Game
from hoyle.table import Table

__all__ = ["Level", "PlayerResult", "TournamentResult", "play"]

MAX_TOURNAMENTS = 10**7
MAX_ROUNDS = 1_000_000


@dataclass(frozen=True)
class Level:
    """A blind level: the blinds and ante, for ``hands`` rounds (every table
    plays one hand a round); the last level lasts to the end.

    >>> Level(10, 20, ante=2, hands=50)
    Level(small_blind=10, big_blind=20, ante=2, hands=50)
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    hands: int = 100

    def __post_init__(self) -> None:
        for name in ("small_blind", "big_blind", "ante", "hands"):
            whole(getattr(self, name), f"a level's {name} is an int")
        if not 0 < self.small_blind <= self.big_blind or self.ante < 0 or self.hands < 1:
            raise TournamentError(
                f"{self}: a level has 0 < small_blind <= big_blind, ante >= 0 and hands >= 1"
            )


@dataclass(frozen=True)
class PlayerResult:
    """One player over all the tournaments: ``places[k]`` counts its
    finishes in place ``k + 1``; ``prize`` the prizes it won in all (ties
    split exactly); ``roi`` its mean prize over the buy-in (the pool over
    the players) less 1."""

    label: str
    tournaments: int
    places: tuple[int, ...]
    prize: Fraction
    roi: float


@dataclass(frozen=True)
class TournamentResult:
    """Every player's results (in the order given), each tournament's
    finishing places (``finishes[t][p]``: player ``p``'s place in tournament
    ``t``, tied players sharing the best place they cover), hands and
    rounds played in all, and the seconds it took (the one field that
    differs between two runs of a seed)."""

    players: tuple[PlayerResult, ...]
    finishes: tuple[tuple[int, ...], ...]
    hands: int
    rounds: int
    seconds: float

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TournamentResult):
            return NotImplemented
        return (self.players, self.finishes, self.hands, self.rounds) == (
            other.players,
            other.finishes,
            other.hands,
            other.rounds,
        )

    __hash__ = None  # type: ignore[assignment]

    def summary(self) -> str:
        """One line per player: ROI and the share of each finishing place."""
        width = max(len(p.label) for p in self.players)
        lines = []
        for p in self.players:
            shares = " ".join(f"{100 * c / p.tournaments:5.1f}" for c in p.places)
            lines.append(f"{p.label:<{width}}  ROI {p.roi:+7.1%}  places % {shares}")
        return "\n".join(lines)


@dataclass(frozen=True)
class _Job:
    game: Game
    players: tuple[_Player, ...]
    stacks: tuple[int, ...]
    payouts: tuple[int, ...]
    levels: tuple[Level, ...]
    tables: int
    seed: int


def parse_level(text: str) -> Level:
    """A level written ``SB/BB[/ANTE][xROUNDS]`` (``hoyle tournament
    --levels``).

    >>> parse_level("25/50/5x30")
    Level(small_blind=25, big_blind=50, ante=5, hands=30)
    """
    blinds, _, rounds = text.strip().partition("x")
    parts = blinds.split("/")
    try:
        numbers = [int(p) for p in parts]
        hands = int(rounds) if rounds else Level.hands
    except ValueError:
        raise TournamentError(
            f"level {text!r}: write SB/BB[/ANTE][xROUNDS] in whole chips, e.g. 25/50/5x30"
        ) from None
    if len(numbers) not in (2, 3):
        raise TournamentError(f"level {text!r}: write SB/BB[/ANTE][xROUNDS], e.g. 25/50/5x30")
    return Level(numbers[0], numbers[1], numbers[2] if len(numbers) == 3 else 0, hands)


def _level_game(game: Game, level: Level) -> Game:
    return game.with_(blinds=(level.small_blind, level.big_blind), ante=level.ante)


def _seat_players(job: _Job, order: list[int]) -> tuple[list[Table], list[list[int | None]]]:
    """Tables and, per table seat, the player sitting there."""
    n = len(order)
    per = -(-n // job.tables)
    who: list[list[int | None]] = [[None] * per for _ in range(job.tables)]
    for k, p in enumerate(order):
        who[k % job.tables][k // job.tables] = p
    game = _level_game(job.game, job.levels[0])
    tables = [Table(game, [None if p is None else job.stacks[p] for p in row]) for row in who]
    return tables, who


def _play_hand(table: Table, seats: list[int | None], bots: list[Bot], job: _Job, rng: Any) -> None:
    before = sum(s or 0 for s in table.stacks)
    hand = table.deal(seed=rng.getrandbits(64))
    while not hand.is_over:
        actor = hand.actor
        assert actor is not None
        player = seats[table.in_hand[actor]]
        assert player is not None
        spec = job.players[player]
        if spec.builtin is not None:
            bots[player](hand, rng)
        else:
            try:
                act_checked(actor, spec.label, bots[player], hand, rng)
            except BotError as err:
                err.seat = actor
                raise
    after = [s or 0 for s in table.stacks]
    if sum(after) != before or min(after) < 0:
        raise TournamentError(f"chips not conserved in a hand: {before} became {after}")


def _move(tables: list[Table], who: list[list[int | None]], src: int, dst: int) -> None:
    """One player from table ``src`` to an empty seat of table ``dst``."""
    stacks = tables[src].stacks
    seat = max(i for i, s in enumerate(stacks) if s)
    chips = tables[src].leave(seat)
    player = who[src][seat]
    who[src][seat] = None
    target = tables[dst].stacks
    free = next((i for i, s in enumerate(target) if not s), len(target))
    if free < len(target) and target[free] == 0:
        tables[dst].leave(free)
    tables[dst].join(free, chips)
    if free >= len(who[dst]):
        who[dst].extend([None] * (free + 1 - len(who[dst])))
    who[dst][free] = player


def _balance(tables: list[Table], who: list[list[int | None]], per: int) -> None:
    def counts() -> list[int]:
        return [sum(1 for s in t.stacks if s) for t in tables]

    while True:
        c = counts()
        live = [i for i, k in enumerate(c) if k]
        if len(live) > 1 and sum(c) <= per * (len(live) - 1):
            src = min(live, key=lambda i: (c[i], -i))
            for _ in range(c[src]):
                c = counts()
                dst = min((i for i in live if i != src), key=lambda i: (c[i], i))
                _move(tables, who, src, dst)
            continue
        if len(live) > 1 and max(c[i] for i in live) - min(c[i] for i in live) >= 2:
            src = max(live, key=lambda i: (c[i], -i))
            dst = min(live, key=lambda i: (c[i], i))
            _move(tables, who, src, dst)
            continue
        return


def _places(busted: list[tuple[int, int]], first: int) -> list[tuple[int, int, int]]:
    """``(player, place, places shared)`` for players busted in one round,
    ``(player, stack at the hand's start)``, the best place left ``first``."""
    out = []
    ranked = sorted(busted, key=lambda b: -b[1])
    k = 0
    while k < len(ranked):
        tied = [b for b in ranked[k:] if b[1] == ranked[k][1]]
        for player, _ in tied:
            out.append((player, first - (len(ranked) - 1) + k, len(tied)))
        k += len(tied)
    return out


def _one(job: _Job, index: int) -> tuple[tuple[int, ...], tuple[Fraction, ...], int, int]:
    """Tournament ``index``: each player's place and prize, hands, rounds."""
    rng = random.Random(shard_seed(job.seed, index))
    n = len(job.players)
    bots = [p.load() for p in job.players]
    order = list(range(n))
    rng.shuffle(order)
    tables, who = _seat_players(job, order)
    per = len(who[0])
    place = [0] * n
    prize = [Fraction(0)] * n
    left = n
    hands = rounds = 0
    level, used = 0, 0
    total = sum(job.stacks)
    while left > 1:
        if rounds >= MAX_ROUNDS:
            raise TournamentError(f"no winner after {MAX_ROUNDS} rounds: raise the blinds")
        if used == job.levels[level].hands and level + 1 < len(job.levels):
            level, used = level + 1, 0
            game = _level_game(job.game, job.levels[level])
            for t in tables:
                t.game = game
        busted: list[tuple[int, int]] = []
        for t, seats in zip(tables, who, strict=True):
            start = t.stacks
            if sum(1 for s in start if s) < 2:
                continue
            _play_hand(t, seats, bots, job, rng)
            hands += 1
            for seat, (was, now) in enumerate(zip(start, t.stacks, strict=True)):
                if was and not now:
                    player = seats[seat]
                    assert player is not None
                    busted.append((player, was))
        rounds += 1
        used += 1
        for player, p, shared in _places(busted, left):
            place[player] = p
            paid = job.payouts[p - 1 : p - 1 + shared]
            prize[player] = Fraction(sum(paid), shared)
        left -= len(busted)
        _balance(tables, who, per)
    holders = [
        (seats[i], chips)
        for t, seats in zip(tables, who, strict=True)
        for i, chips in enumerate(t.stacks)
        if chips
    ]
    if len(holders) != 1 or holders[0][1] != total:
        raise TournamentError(f"the tournament ended with chips at {holders}, not one player")
    winner = holders[0][0]
    assert winner is not None
    place[winner] = 1
    prize[winner] = Fraction(job.payouts[0]) if job.payouts else Fraction(0)
    if sum(prize) != sum(job.payouts):
        raise TournamentError(f"prizes {prize} do not add up to the pool {sum(job.payouts)}")
    return tuple(place), tuple(prize), hands, rounds


def _chips(what: str, values: Any, n: int) -> tuple[int, ...]:
    if many(values):
        out = tuple(whole(v, f"{what}[{i}] is an int") for i, v in enumerate(values))
    else:
        out = (whole(values, f"{what} is an int or a list of ints"),) * n
    return out


def _check(stacks: tuple[int, ...], payouts: tuple[int, ...], n: int, tables: int) -> None:
    if len(stacks) != n or min(stacks, default=0) < 1:
        raise TournamentError(f"stacks: give one positive stack per player ({n}), got {stacks}")
    if len(payouts) > n or any(p < 0 for p in payouts):
        raise TournamentError(
            f"payouts {payouts}: give at most one non-negative prize per place ({n} players)"
        )
    if not 1 <= tables <= n // 2:
        raise TournamentError(
            f"tables is {tables}: give 1 to {n // 2} (two players a table at least)"
        )


def play(
    game: str | Game,
    players: Sequence[Any],
    *,
    stacks: int | Sequence[int],
    payouts: Sequence[int],
    levels: Sequence[Level],
    seed: int | None = None,
    tables: int = 1,
    tournaments: int = 1,
    executor: Executor | None = None,
) -> TournamentResult:
    """Plays ``tournaments`` tournaments of ``players`` (built-in bot names,
    ``module:callable`` names, callables ``bot(hand, rng)`` or ``(label,
    bot)`` pairs, as for ``hoyle.simulate``) to the last chip, and returns
    each player's finishing places, prizes and ROI.

    ``stacks`` are the starting chips (one for all, or one per player);
    ``payouts[k]`` the prize of place ``k + 1`` (players busted in the same
    round with equal stacks share their places' prizes); ``levels`` the
    blind levels in rounds; ``tables`` the tables the field starts at.
    ``executor`` plays the tournaments there (a process pool, a Dask
    client's), with the same result as here for a ``seed``.

    >>> r = play("texas_holdem", ["tight", "loose", "random"], stacks=200,
    ...          payouts=[20, 10], levels=[Level(5, 10, hands=20), Level(25, 50)],
    ...          seed=1, tournaments=4)
    >>> [sum(p.places) for p in r.players], sum(p.prize for p in r.players)
    ([4, 4, 4], Fraction(120, 1))
    """
    the_game = _the_game(game)
    if the_game.rake is not None:
        raise TournamentError("a tournament deals hands without rake: give a game with none")
    entries = tuple(_player(p, i) for i, p in enumerate(players))
    n = len(entries)
    if n < 2:
        raise TournamentError(f"a tournament needs two players or more, got {n}")
    chips = _chips("stacks", stacks, n)
    prizes = _chips("payouts", payouts, len(payouts)) if many(payouts) else None
    if prizes is None:
        raise TypeError("payouts is a list of ints, one per paid place")
    count = whole(tables, "tables is an int")
    _check(chips, prizes, n, count)
    blinds = tuple(levels)
    if not blinds or not all(isinstance(v, Level) for v in blinds):
        raise TournamentError("levels: give one Level or more (hoyle.tournament.Level)")
    runs = whole(tournaments, "tournaments is an int")
    if not 1 <= runs <= MAX_TOURNAMENTS:
        raise TournamentError(f"tournaments is {runs}: give 1 to {MAX_TOURNAMENTS}")
    key = secrets.randbits(63) if seed is None else check_seed(seed)
    job = _Job(the_game, entries, chips, prizes, blinds, count, key)
    for level in blinds:
        _level_game(the_game, level)  # a level the game refuses fails here
    start = time.perf_counter()
    finishes: list[tuple[int, ...]] = []
    won = [Fraction(0)] * n
    totals = [0, 0]

    def take(part: tuple[tuple[int, ...], tuple[Fraction, ...], int, int]) -> None:
        finishes.append(part[0])
        for i, v in enumerate(part[1]):
            won[i] += v
        totals[0] += part[2]
        totals[1] += part[3]

    tasks = ((job, i) for i in range(runs))
    each_shard(_one, tasks, runs, take, executor=executor, progress=False, label="tournaments")
    pool = sum(prizes)
    results = []
    for i, entry in enumerate(entries):
        places = [0] * n
        for f in finishes:
            places[f[i] - 1] += 1
        roi = float(won[i] * n / (pool * runs)) - 1 if pool else 0.0
        results.append(PlayerResult(entry.label, runs, tuple(places), won[i], roi))
    return TournamentResult(
        tuple(results), tuple(finishes), totals[0], totals[1], time.perf_counter() - start
    )
