"""``hoyle.simulate``: bots play many hands, in this process, on a local pool
of processes or on a Dask cluster, with the same totals on all three.

The hands are cut in shards of ``shard_hands`` (default ``SHARD_HANDS``,
500). Shard ``i`` is a session at a fresh table: every seat starts with its
stack, the button starts at seat 0 and moves one seat left each hand, and
the cards and the bots' ``rng`` come from one ``random.Random`` seeded from
``(seed, i)``. The stacks: with ``reset_stacks=True`` (the default) every
seat starts every hand with its stack, so every hand is played at the same
depth and a seat's results measure its play, not the stacks it won earlier
(the way to compare bots; its buy-ins are 1, no buy-ins after the first);
with ``reset_stacks=False`` stacks carry over from hand to hand within a
shard and a seat that busts buys in again (``buy_ins`` counts them, one per
shard and one per rebuy). So shard ``i`` plays the same hands wherever it runs, and the result,
the shards' integer counts added in shard order, is the same for any number
of workers or machines (``SimulationResult`` compares equal; only
``seconds`` differs). The shards are planned as they go: an executor holds
a few per worker at a time (``hoyle._shards.each_shard``) and the totals are
added as each shard comes back, so memory does not grow with ``hands``, up
to ``MAX_HANDS`` (2**48).

Per seat (``SeatResult``): hands, net chips and the sum of the squares of
each hand's net (exact integers, so shards merge exactly; the mean in big
blinds per 100 hands and its 95% confidence interval are read from them),
buy-ins, pots won, showdowns, VPIP and PFR. Every hand is checked: the
chips the seats hold after it plus the rake are the chips they held before.
``history=True`` keeps each hand's net chips per seat too (``history``).

A user's bot that raises (any exception, ``SystemExit`` too; its message
quoted on one line, even one whose ``__str__`` fails), makes an illegal
move, or makes no move or more than one is a ``BotError`` naming the bot
and its seat (its ``seat`` and ``hand`` attributes say where); Ctrl-C's
``KeyboardInterrupt`` is not the bot's error and stops the run.
``on_error="raise"`` stops the run with it; ``on_error="skip"`` voids that
hand (every stack back to what it was before it), lists it in
``SimulationResult.failures`` and plays on.

Players are built-in bot names (``hoyle.bots.BOTS``: ``"tag"``,
``"equity"``, ``"station"``, ``"tight"``, ``"loose"``, ``"random"``),
``"module:callable"`` names (loaded where the shard runs: the module must be
importable on every worker), callables ``bot(hand, rng)``, or ``(label,
player)`` pairs of these. Workers receive the players by value (pickled),
so a bot's state does not travel back, and each shard starts from the
bot's state as it was sent.

>>> result = simulate("texas_holdem", ["tight", "loose", "random"], hands=600, seed=1)
>>> result.shards, result.hands, sum(s.net for s in result.seats) + result.rake
(2, 600, 0)
>>> result == simulate("texas_holdem", ["tight", "loose", "random"], hands=600, seed=1)
True
"""

from __future__ import annotations

import math
import random
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from hoyle._deal import check_seed
from hoyle._shards import LiveProgress, Progress, each_shard, shard_seed
from hoyle._sim_args import (
    MAX_HANDS,
    _big_blind,
    _count,
    _flag,
    _Player,
    _player,
    _stacks,
    _the_game,
)
from hoyle._user_bots import act_checked
from hoyle.bots import Bot
from hoyle.errors import BotError, GameError
from hoyle.games import Game
from hoyle.hand import Hand
from hoyle.history.statistics import first_street_vpip_pfr

__all__ = [
    "MAX_HANDS",
    "SHARD_HANDS",
    "BotFailure",
    "SeatResult",
    "SimulationResult",
    "simulate",
]

#: Hands per shard (the default of ``simulate(shard_hands=...)``).
SHARD_HANDS = 500
#: The normal quantile of a two-sided 95% interval.
_Z95 = 1.959963984540054
#: Per seat, the counters a shard returns, in this order.
_COUNTS = ("hands", "net", "net_squares", "buy_ins", "won", "showdowns", "vpip", "pfr")


@dataclass(frozen=True)
class BotFailure:
    """A hand voided because a user's bot failed in it (``on_error="skip"``):
    the table seat, the bot's label, the hand's number in the run (from 0)
    and the ``BotError``'s message."""

    seat: int
    bot: str
    hand: int
    message: str


@dataclass(frozen=True)
class SeatResult:
    """One seat's totals. ``net`` is in chips, ``net_squares`` the sum over
    hands of the square of each hand's net; ``big_blind`` is the chips of a
    big blind (no blinds: the first street's limit bet, else the smallest
    bet)."""

    seat: int
    bot: str
    big_blind: int
    hands: int
    net: int
    net_squares: int
    buy_ins: int
    won: int
    showdowns: int
    vpip: int
    pfr: int

    @property
    def bb_per_100(self) -> float:
        """Net big blinds per 100 hands."""
        return 100 * self.net / (self.big_blind * self.hands) if self.hands else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% confidence interval of ``bb_per_100`` (normal, from the
        hands' variance; (-inf, inf) with fewer than two hands)."""
        n = self.hands
        if n < 2:
            return (-math.inf, math.inf)
        variance = Fraction(self.net_squares * n - self.net * self.net, n * (n - 1))
        half = _Z95 * math.sqrt(variance / n) * 100 / self.big_blind
        return (self.bb_per_100 - half, self.bb_per_100 + half)

    @property
    def vpip_rate(self) -> float:
        """The share of hands it put chips in voluntarily on the first street."""
        return self.vpip / self.hands if self.hands else 0.0

    @property
    def pfr_rate(self) -> float:
        """The share of hands it bet or raised on the first street."""
        return self.pfr / self.hands if self.hands else 0.0


@dataclass(frozen=True)
class SimulationResult:
    """The totals of ``simulate``: ``hands`` played (voided hands left out),
    the ``seed`` (drawn when none was given), the shards, per-seat results,
    the rake taken, the voided hands' ``failures``, the wall-clock
    ``seconds`` (not compared: two runs of one seed compare equal), whether
    stacks were reset every hand (``reset_stacks``), each seat's stack, the
    game's ``blinds``, and ``history``: with ``simulate(history=True)`` a ``(hands, seats)`` numpy
    int64 array, row ``k`` the net chips of each seat in the ``k``-th hand
    played (voided hands left out; the same on any executor), else None.
    Two results compare equal when all of these but ``seconds`` are equal
    (the histories element by element).

    >>> r = simulate("texas_holdem", ["station", "random"], hands=30, seed=4, history=True)
    >>> r.history.shape, bool((r.history.sum(axis=0) == [s.net for s in r.seats]).all())
    ((30, 2), True)
    >>> r == simulate("texas_holdem", ["station", "random"], hands=30, seed=4, history=True)
    True
    """

    game: str
    hands: int
    seed: int
    shards: int
    shard_hands: int
    seats: tuple[SeatResult, ...]
    rake: int
    failures: tuple[BotFailure, ...]
    seconds: float = field(default=0.0, compare=False)
    reset_stacks: bool = True
    stacks: tuple[int, ...] = ()
    history: npt.NDArray[np.int64] | None = field(default=None, compare=False, repr=False)
    blinds: tuple[int, ...] = ()

    def __str__(self) -> str:
        """The table of ``hoyle play`` as plain text: two title lines (the
        game, hands, seed; blinds and stacks), a row per seat (best net
        first), each column explained under it."""
        from hoyle._sim_display import text

        return text(self)

    def __rich__(self) -> Any:
        """A ``rich.table.Table`` of the same rows (what ``hoyle play``
        prints), the legend its caption; no cell ever wraps, and a label is
        shown as written (never read as markup)."""
        from hoyle._sim_display import rich_table

        return rich_table(self)

    def _repr_html_(self) -> str:
        """An HTML table of the same rows (notebooks), every text escaped."""
        from hoyle._sim_display import html

        return html(self)

    def as_dict(self) -> dict[str, Any]:
        """The result as plain JSON values (``hoyle play --json``): the
        game, blinds, big blind, stacks, stack policy, hands, seed, shards,
        rake, seconds, the voided hands and a ``"seats"`` list, one entry
        per seat: seat, bot, stack, hands, net, bb_per_100, ci95 (None for
        an unbounded end), buy_ins, won, showdowns, vpip, pfr (rates)."""
        from hoyle._sim_display import as_dict

        return as_dict(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimulationResult):
            return NotImplemented
        for f in fields(self):
            if f.compare and getattr(self, f.name) != getattr(other, f.name):
                return False
        mine, theirs = self.history, other.history
        if mine is None or theirs is None:
            return mine is None and theirs is None
        return mine.shape == theirs.shape and bool((mine == theirs).all())

    def __hash__(self) -> int:  # the compared fields but the history (equal: same hash)
        return hash(tuple(getattr(self, f.name) for f in fields(self) if f.compare))


@dataclass(frozen=True)
class _Job:
    """What every shard of one run shares (pickled once per task)."""

    game: Game
    players: tuple[_Player, ...]
    stacks: tuple[int, ...]
    seed: int
    hands: int
    shard_hands: int
    on_error: str
    big_blind: int
    reset_stacks: bool = True
    history: bool = False


def _tally(counts: list[list[int]], hand: Hand, before: list[int]) -> int:
    """Adds a finished hand to the seats' counts; returns its rake. Raises
    when the chips after it plus the rake are not the chips before it."""
    settlement = hand.settlement
    assert settlement is not None
    after = hand.stacks
    rake = settlement.rake
    if sum(after) + rake != sum(before) or min(after) < 0:
        raise GameError(f"chips not conserved: {before} became {list(after)} with rake {rake}")
    live = hand.active
    showdown = sum(live) >= 2
    vpip, pfr = first_street_vpip_pfr(hand)  # the one definition, as histories count it
    payouts, contributions = settlement.payouts, hand.contributions
    for s, row in enumerate(counts):
        net = after[s] - before[s]
        row[0] += 1
        row[1] += net
        row[2] += net * net
        row[4] += payouts[s] > contributions[s]
        row[5] += showdown and live[s]
        row[6] += s in vpip
        row[7] += s in pfr
    return rake


def _play_hand(hand: Hand, bots: list[Bot], job: _Job, rng: random.Random) -> None:
    players = job.players
    while not hand.is_over:
        actor = hand.actor
        assert actor is not None
        player = players[actor]
        if player.builtin is not None:
            bots[actor](hand, rng)
            continue
        try:
            act_checked(actor, player.label, bots[actor], hand, rng)
        except BotError as err:
            err.seat = actor
            raise


_Part = tuple[list[list[int]], int, list["BotFailure"], "npt.NDArray[np.int64] | None"]


def _play_shard(job: _Job, shard: int, live: Callable[[int], None] | None = None) -> _Part:
    """One task: shard ``shard``'s hands. Returns the per-seat counts (in
    ``_COUNTS`` order), the rake, the voided hands and (``job.history``)
    each played hand's nets, a ``(hands, seats)`` array. ``live`` (in this
    process only) is told the hands of the shard done so far, after each."""
    rng = random.Random(shard_seed(job.seed, shard))
    bots = [p.load() for p in job.players]
    n = len(bots)
    stacks = list(job.stacks)
    counts = [[0] * len(_COUNTS) for _ in range(n)]
    if shard == 0 or not job.reset_stacks:  # reset: the one buy-in is the first shard's
        for row in counts:
            row[3] = 1
    rake, failures = 0, []
    nets: list[int] = []
    first = shard * job.shard_hands
    for k in range(min(job.shard_hands, job.hands - first)):
        if job.reset_stacks:
            stacks = list(job.stacks)
        for s in range(n):
            if not stacks[s]:
                stacks[s] = job.stacks[s]
                counts[s][3] += 1
        hand = job.game.start(stacks, button=k % n, seed=rng.getrandbits(64))
        try:
            _play_hand(hand, bots, job, rng)
        except BotError as err:
            seat, number = err.seat, first + k
            assert seat is not None
            if job.on_error == "raise":
                raised = BotError(f"{err}, in hand {number}")
                raised.seat, raised.hand = seat, number
                raise raised from err
            failures.append(BotFailure(seat, job.players[seat].label, number, str(err)))
            if live is not None:
                live(k + 1)
            continue  # voided: the stacks stay as they were
        rake += _tally(counts, hand, stacks)
        after = list(hand.stacks)
        if job.history:
            nets += [a - b for a, b in zip(after, stacks, strict=True)]
        stacks = after
        if live is not None:
            live(k + 1)
    history = np.array(nets, dtype=np.int64).reshape(-1, n) if job.history else None
    return counts, rake, failures, history


def simulate(  # noqa: PLR0913 (keyword options)
    game: str | Game,
    players: Sequence[Any],
    *,
    hands: int,
    seed: int | None = None,
    stacks: int | Sequence[int] = 200,
    executor: Executor | None = None,
    progress: Progress = False,
    on_error: Literal["raise", "skip"] = "raise",
    shard_hands: int = SHARD_HANDS,
    reset_stacks: bool = True,
    history: bool = False,
) -> SimulationResult:
    """Play ``hands`` hands of ``game`` (a ``hoyle.games`` preset's name or
    a ``Game``) among ``players``, seated in order, with ``stacks`` (an int
    for every seat, or one per seat): ``reset_stacks=True`` (the default)
    starts every seat with its stack every hand; ``reset_stacks=False``
    carries stacks over from hand to hand, a seat that busts buying in
    again. ``executor`` (a ``concurrent.futures.Executor``: a
    ``ProcessPoolExecutor``, ``distributed.Client.get_executor()``) runs the
    shards; None runs them here. ``progress``: a bar counting hands played,
    or a callable ``(done, total)`` told the hands done. ``seed`` None draws
    one (it is in the result). ``history=True`` keeps every hand's net chips
    per seat (``SimulationResult.history``; 8 bytes a seat a hand).

    >>> r = simulate("razz", ["tight", "random"], hands=50, seed=3, stacks=[100, 300])
    >>> [(s.bot, s.hands) for s in r.seats], r.shards
    ([('tight', 50), ('random', 50)], 1)
    """
    the_game = _the_game(game)
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise TypeError("players: a list of bots, one per seat")
    seated = tuple(_player(p, i) for i, p in enumerate(players))
    if len(seated) < 2:
        raise GameError("a simulation needs at least two players")
    if len(seated) > the_game.max_seats:
        raise GameError(f"{the_game.name} deals to at most {the_game.max_seats} seats")
    hands = _count("hands", hands, 0)
    shard_hands = _count("shard_hands", shard_hands, 1)
    if on_error not in ("raise", "skip"):
        raise GameError(f"on_error must be 'raise' or 'skip', got {on_error!r}")
    seed = secrets.randbits(64) if seed is None else check_seed(seed)
    job = _Job(
        the_game,
        seated,
        _stacks(stacks, len(seated)),
        seed,
        hands,
        shard_hands,
        on_error,
        _big_blind(the_game),
        _flag("reset_stacks", reset_stacks),
        _flag("history", history),
    )
    shards = max(1, -(-hands // shard_hands))  # one, of no hands, for hands=0: the buy-ins
    started = time.perf_counter()
    totals = _Totals(job)
    bar = LiveProgress(progress, f"{the_game.name}, {len(seated)} players", hands, executor)

    def take(part: _Part) -> None:
        totals.add(part)
        counts, _, failures, _ = part
        bar.finished(totals.shards - 1, counts[0][0] + len(failures))  # played and voided

    try:
        each_shard(  # the tasks made as the window moves: memory does not grow with hands
            _play_shard,
            ((job, i, bar.live(i)) for i in range(shards)),
            shards,
            take,
            executor=executor,
            progress=False,
            label="",
            poll=bar.poll,
        )
    finally:
        bar.stop()
    return totals.result(time.perf_counter() - started)


class _Totals:
    """The shards' counts added as they come (in shard order: the same on
    any executor)."""

    def __init__(self, job: _Job) -> None:
        self.job = job
        self.rows = [[0] * len(_COUNTS) for _ in job.players]
        self.rake = 0
        self.shards = 0
        self.failures: list[BotFailure] = []
        self.history: list[npt.NDArray[np.int64]] = []

    def add(self, part: _Part) -> None:
        counts, rake, failures, history = part
        if history is not None:
            self.history.append(history)
        for row, add in zip(self.rows, counts, strict=True):
            for i, value in enumerate(add):
                row[i] += value
        self.rake += rake
        self.failures += failures
        self.shards += 1

    def result(self, seconds: float) -> SimulationResult:
        job = self.job
        seats = tuple(
            SeatResult(s, p.label, job.big_blind, *row)
            for s, (p, row) in enumerate(zip(job.players, self.rows, strict=True))
        )
        return SimulationResult(
            job.game.name,
            self.rows[0][0],
            job.seed,
            self.shards,
            job.shard_hands,
            seats,
            self.rake,
            tuple(self.failures),
            seconds,
            job.reset_stacks,
            job.stacks,
            self._history(),
            tuple(job.game.blinds),
        )

    def _history(self) -> npt.NDArray[np.int64] | None:
        if not self.job.history:
            return None
        if not self.history:
            return np.zeros((0, len(self.job.players)), dtype=np.int64)
        return np.concatenate(self.history)
