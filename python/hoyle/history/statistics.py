"""A tracker's statistics over hand histories: ``statistics(histories)``.

Each history is replayed (``HandHistory.replay``) and every player dealt in
is counted under the name the file gives (``HandHistory.players``). The
definitions are in docs/history.md; in short, on the first betting round
("preflop"), blinds, antes and bring-ins being forced:

* ``vpip``: the player called, bet or raised (a big blind's check is not
  voluntary); ``pfr``: bet or raised (``first_street_vpip_pfr`` is the one
  definition, shared with ``hoyle.simulate``'s counts).
* ``three_bet``: raised when facing exactly one raise, out of the hands it
  faced one (``three_bet_chances``); ``fold_to_three_bet``: the opening
  raiser folded to a re-raise, out of the hands it faced one.
* ``cbet``: the last preflop raiser bet the flop when nobody had bet before
  it, out of the flops it saw with that chance; ``fold_to_cbet``: a
  player folded to that bet (its first action after it).
* ``wtsd``: went to a showdown, out of the flops seen (``saw_flop``);
  ``wsd``: won some of a pot there, out of the showdowns.
* ``aggressive``, ``calls``, ``folds`` (after the first round): the
  aggression factor is ``aggressive / calls``, the frequency
  ``aggressive / (aggressive + calls + folds)``.
* ``net``: money won (the file's units: chips / ``scale``); ``bb_per_100``
  and its 95% interval over the hands with a big blind.
* ``ev_net``: all-in adjusted winnings (trackers' "EV"): in a hand whose
  betting ended before the river with its players' cards known and one
  pot (``allin_hands``), the pot share won is replaced by hoyle's exact
  equity times the pot.
* ``positions`` and ``player_positions``: the same counts by position
  (``position_names``) and by player and position.

>>> import hoyle
>>> stats = hoyle.history.statistics(
...     hoyle.history.load(hoyle.history.samples.path("pokerstars-session.txt")))
>>> zm = stats["Zockermicha"]
>>> zm.hands, zm.vpip, zm.pfr, zm.vpip_pct
(10, 1, 1, 10.0)
"""

from __future__ import annotations

import math
import pickle
from array import array
from collections.abc import Iterable, Iterator, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field, fields
from decimal import Decimal
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from hoyle._shards import Progress
from hoyle.errors import HistoryError
from hoyle.hand import Hand
from hoyle.history._counting import count_betting, first_street_vpip_pfr
from hoyle.history._seats import allin_adjustments, position_names
from hoyle.history.hand_history import HandHistory

__all__ = [
    "HandResults",
    "PlayerStats",
    "Statistics",
    "first_street_vpip_pfr",
    "position_names",
    "statistics",
]

#: Histories per shard on an executor (``statistics(shard_hands=...)``).
SHARD_HANDS = 2000


def _pct(part: int, whole: int) -> float:
    return 100.0 * part / whole if whole else 0.0


@dataclass(slots=True)
class PlayerStats:
    """One player's counts (integers) over the hands counted; ``*_pct``
    are percentages of their chances (0.0 without any)."""

    name: str
    hands: int = 0
    vpip: int = 0
    pfr: int = 0
    three_bet: int = 0
    three_bet_chances: int = 0
    fold_to_three_bet: int = 0
    fold_to_three_bet_chances: int = 0
    cbet: int = 0
    cbet_chances: int = 0
    fold_to_cbet: int = 0
    fold_to_cbet_chances: int = 0
    saw_flop: int = 0
    wtsd: int = 0
    wsd: int = 0
    aggressive: int = 0
    calls: int = 0
    folds: int = 0
    net: Decimal = Decimal(0)
    allin_hands: int = 0
    bb_hands: int = 0
    _bb: list[Decimal] = field(default_factory=list, repr=False)
    # what all-in adjusting added to the net, exactly: the same sum in any order
    _adjusted: Fraction = field(default=Fraction(0), repr=False)

    @property
    def ev_net(self) -> float:
        """All-in adjusted winnings (money): the net plus ``allin_adjustment``."""
        return float(Fraction(self.net) + self._adjusted)

    @property
    def vpip_pct(self) -> float:
        return _pct(self.vpip, self.hands)

    @property
    def pfr_pct(self) -> float:
        return _pct(self.pfr, self.hands)

    @property
    def three_bet_pct(self) -> float:
        return _pct(self.three_bet, self.three_bet_chances)

    @property
    def fold_to_three_bet_pct(self) -> float:
        return _pct(self.fold_to_three_bet, self.fold_to_three_bet_chances)

    @property
    def cbet_pct(self) -> float:
        return _pct(self.cbet, self.cbet_chances)

    @property
    def fold_to_cbet_pct(self) -> float:
        return _pct(self.fold_to_cbet, self.fold_to_cbet_chances)

    @property
    def wtsd_pct(self) -> float:
        return _pct(self.wtsd, self.saw_flop)

    @property
    def wsd_pct(self) -> float:
        return _pct(self.wsd, self.wtsd)

    @property
    def aggression_factor(self) -> float | None:
        """Bets and raises per call after the first round; None without a call."""
        return self.aggressive / self.calls if self.calls else None

    @property
    def aggression_frequency_pct(self) -> float:
        return _pct(self.aggressive, self.aggressive + self.calls + self.folds)

    @property
    def bb_per_100(self) -> float | None:
        """Big blinds won per 100 hands (the hands with a big blind)."""
        n = len(self._bb)
        return float(sum(self._bb)) * 100 / n if n else None

    @property
    def bb_per_100_interval(self) -> tuple[float, float] | None:
        """The 95% interval of ``bb_per_100`` (normal, from the hands'
        sample deviation); None with fewer than two hands."""
        n = len(self._bb)
        if n < 2:
            return None
        mean = float(sum(self._bb)) / n
        var = sum((float(x) - mean) ** 2 for x in self._bb) / (n - 1)
        half = 1.96 * math.sqrt(var / n) * 100
        return (mean * 100 - half, mean * 100 + half)

    @property
    def allin_adjustment(self) -> float:
        """All-in adjusted net less the net: what luck in the all-ins
        before the river gave (negative) or took (positive) from the player."""
        return float(self._adjusted)

    def merge(self, other: PlayerStats) -> None:
        """Add ``other``'s counts (the same player's, from other hands)."""
        for f in fields(self):
            if f.name == "name":
                continue
            if f.name == "_bb":
                self._bb.extend(other._bb)
            else:
                setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled compactly (a shard's counts coming back from a worker):
        the counts and sums as they are, and the hands' big blinds won as
        one text of each ``Decimal``'s ``str`` (read back exactly), not an
        object a hand: a shard of 2,000 hands pickles in a fifth of the time."""
        values = tuple(getattr(self, name) for name in _SCALARS)
        return (_player_stats, (self.name, values, ",".join(map(str, self._bb))))

    def to_record(self) -> dict[str, Any]:
        """The counts and percentages as a flat dict (one row of a table)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if not f.name.startswith("_"):
                out[f.name] = getattr(self, f.name)
            if f.name == "allin_hands":
                out["ev_net"] = self.ev_net
        for name in (
            "vpip_pct",
            "pfr_pct",
            "three_bet_pct",
            "fold_to_three_bet_pct",
            "cbet_pct",
            "fold_to_cbet_pct",
            "wtsd_pct",
            "wsd_pct",
            "aggression_factor",
            "aggression_frequency_pct",
            "bb_per_100",
        ):
            out[name] = getattr(self, name)
        return out


#: The fields of a ``PlayerStats`` that pickle as they are (all but the
#: name and the big blinds of each hand).
_SCALARS = tuple(f.name for f in fields(PlayerStats) if f.name not in ("name", "_bb"))


def _player_stats(name: str, values: tuple[Any, ...], bb: str) -> PlayerStats:
    """A pickled ``PlayerStats`` (``PlayerStats.__reduce__``) back."""
    hands = [Decimal(x) for x in bb.split(",")] if bb else []
    return PlayerStats(name, **dict(zip(_SCALARS, values, strict=True)), _bb=hands)


class HandResults(NamedTuple):
    """One player's hands, in the order counted (``Statistics.per_hand``):
    ``hand``, each one's place among all the hands counted (from 0), and
    ``net`` and ``ev_net``, its winnings and all-in adjusted winnings (the
    file's money, as floats)."""

    hand: npt.NDArray[np.int64]
    net: npt.NDArray[np.float64]
    ev_net: npt.NDArray[np.float64]


class Statistics(Mapping[str, PlayerStats]):
    """Per-player statistics: ``stats[name]`` is a ``PlayerStats``;
    ``skipped`` lists the histories that could not be replayed (where, why);
    ``per_hand(name)`` is one player's hands one by one."""

    def __init__(self) -> None:
        self._players: dict[str, PlayerStats] = {}
        #: every player's hands at each position (``position_names``)
        self.positions: dict[str, PlayerStats] = {}
        #: each player's hands at each position: ``(name, position)``
        self.player_positions: dict[tuple[str, str], PlayerStats] = {}
        self.skipped: list[tuple[str, str]] = []
        self.hands = 0
        # name -> each hand's place, net and all-in adjusted net (8 bytes each)
        self._per_hand: dict[str, tuple[array[int], array[float], array[float]]] = {}

    def __getitem__(self, name: str) -> PlayerStats:
        return self._players[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._players)

    def __len__(self) -> int:
        return len(self._players)

    def __repr__(self) -> str:
        return f"<Statistics: {self.hands} hands, {len(self)} players>"

    def merge(self, other: Statistics) -> None:
        """Add ``other``'s counts (from other hands): shards joined."""
        for mine, theirs in (
            (self._players, other._players),
            (self.positions, other.positions),
            (self.player_positions, other.player_positions),
        ):
            for key, p in theirs.items():
                if key in mine:
                    mine[key].merge(p)  # type: ignore[index]
                else:
                    mine[key] = p  # type: ignore[index]
        for name, (at, net, ev) in other._per_hand.items():
            rows = self._rows(name)
            rows[0].frombytes((np.frombuffer(at, dtype=np.int64) + self.hands).tobytes())
            rows[1].extend(net)
            rows[2].extend(ev)
        self.skipped += other.skipped
        self.hands += other.hands

    def per_hand(self, name: str) -> HandResults:
        """``name``'s hands one by one, in the order counted (the session
        graph's numbers: ``hoyle.plot.history_session``).

        >>> import hoyle
        >>> stats = hoyle.history.statistics(
        ...     hoyle.history.load(hoyle.history.samples.path("pokerstars-session.txt")))
        >>> rows = stats.per_hand("Zockermicha")
        >>> len(rows.hand), float(rows.net.sum()) == float(stats["Zockermicha"].net)
        (10, True)
        """
        rows = self._per_hand.get(name)
        if rows is None:
            known = ", ".join(sorted(self._per_hand)[:5])
            raise HistoryError(f"no player {name!r} in these statistics (some: {known})")
        at, net, ev = rows
        return HandResults(
            np.frombuffer(at, dtype=np.int64).copy(),
            np.frombuffer(net, dtype=np.float64).copy(),
            np.frombuffer(ev, dtype=np.float64).copy(),
        )

    def _rows(self, name: str) -> tuple[array[int], array[float], array[float]]:
        rows = self._per_hand.get(name)
        if rows is None:
            rows = self._per_hand[name] = (array("q"), array("d"), array("d"))
        return rows

    def to_records(self) -> list[dict[str, Any]]:
        """One dict a player (``pandas.DataFrame(stats.to_records())``)."""
        return [p.to_record() for p in self._players.values()]

    def _player(self, name: str) -> PlayerStats:
        p = self._players.get(name)
        if p is None:
            p = self._players[name] = PlayerStats(name)
        return p

    def add(self, hh: HandHistory) -> None:
        """Count one history (replayed here)."""
        try:
            hand = hh.replay()
        except HistoryError as err:
            self.skipped.append((hh.where, str(err)))
            return
        names = hh.players
        n = len(names)
        by_seat = {hh.seat(k + 1): names[k] for k in range(n)}
        where = dict(zip(range(n), position_names(n, stud=hh.game.bring_in > 0), strict=True))
        pos = {hh.seat(k + 1): where[k] for k in range(n)}
        self.hands += 1
        ev = allin_adjustments(hand, hh)
        _count(hand, {s: self._player(m) for s, m in by_seat.items()}, hh, ev)
        _count(hand, {s: _get(self.positions, pos[s], pos[s]) for s in by_seat}, hh, ev)
        pairs = self.player_positions
        _count(hand, {s: _get(pairs, (m, pos[s]), m) for s, m in by_seat.items()}, hh, ev)
        nets = hh.net_chips(hand)
        for s, m in by_seat.items():
            at, net, adjusted = self._rows(m)
            at.append(self.hands - 1)
            net.append(nets[s] / hh.scale)
            adjusted.append(nets[s] / hh.scale + (ev[s] if ev is not None else 0.0))


def _get(table: dict[Any, PlayerStats], key: Any, name: str) -> PlayerStats:
    p = table.get(key)
    if p is None:
        p = table[key] = PlayerStats(name)
    return p


def _count(
    hand: Hand, who: dict[int, PlayerStats], hh: HandHistory, ev: dict[int, float] | None
) -> None:
    vpip, pfr = first_street_vpip_pfr(hand)
    flop, folded_first = count_betting(hand, who)
    settlement = hand.settlement
    live = list(hand.active)
    showdown = sum(live) >= 2
    nets = hh.net_chips(hand)
    scale = hh.scale
    stakes = hh.stakes
    big = Decimal(max(stakes)) if stakes else None
    for seat, p in who.items():
        p.hands += 1
        p.vpip += seat in vpip
        p.pfr += seat in pfr
        if flop and seat not in folded_first:
            p.saw_flop += 1
            if showdown and live[seat]:
                p.wtsd += 1
                if settlement is not None:
                    won = settlement.payouts[seat] - settlement.refunds[seat]
                    p.wsd += won > 0
        net = Decimal(nets[seat]) / scale
        p.net += net
        if ev is not None:
            p.allin_hands += 1
            p._adjusted += Fraction(ev[seat])
        if big:
            p.bb_hands += 1
            p._bb.append(net / big)


def statistics(
    histories: Iterable[HandHistory],
    *,
    executor: Executor | None = None,
    progress: Progress = False,
    shard_hands: int = SHARD_HANDS,
) -> Statistics:
    """Per-player statistics over ``histories`` (any games, any sites);
    see the module's docstring and docs/history.md for the definitions.

    ``executor`` (a ``concurrent.futures.Executor``: a process pool, a Dask
    ``Client.get_executor()``) counts shards of ``shard_hands`` histories
    each where it runs them, as ``replay_all`` does; the shards' counts are
    joined here in order, so the result is the same as without one. A shard
    travels as one pickle made as it is submitted (Dask's scheduler passes
    bytes on as they are; histories, it would unpickle and pickle again).
    """
    if isinstance(shard_hands, bool) or not isinstance(shard_hands, int) or shard_hands < 1:
        raise HistoryError(f"statistics: shard_hands must be an int >= 1, got {shard_hands!r}")
    items = list(histories)
    for hh in items:
        if not isinstance(hh, HandHistory):
            raise TypeError(f"statistics takes HandHistory objects, got {type(hh).__name__}")
    if executor is None:
        return _shard(items)
    from hoyle._shards import each_shard

    out, at = Statistics(), range(0, len(items), shard_hands)
    tasks = ((pickle.dumps(items[i : i + shard_hands], protocol=5),) for i in at)
    each_shard(
        _packed, tasks, len(at), out.merge, executor=executor, progress=progress, label="counting"
    )
    return out


def _shard(histories: list[HandHistory]) -> Statistics:
    """One shard's statistics."""
    out = Statistics()
    for hh in histories:
        out.add(hh)
    return out


def _packed(packed: bytes) -> Statistics:
    """A task on an executor: the statistics of the histories pickled in ``packed``."""
    return _shard(pickle.loads(packed))  # (made by statistics, in this run)
