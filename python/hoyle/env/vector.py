"""``VectorTables``: N independent tables of one game, stepped in one call.

Arrays are allocated once and the same arrays are returned by every call
(copy what you keep): ``obs float32[N, D]``, ``mask bool[N, A]``,
``actor int64[N]``, ``rewards float32[N, seats]``, ``done bool[N]``.

* ``reset(seed=None) -> (obs, mask, actor)``: every table deals hand 0 of
  the run (``seed`` given: a new run; never given: a random one, drawn once).
* ``step(actions) -> (obs, mask, actor, rewards, done)``: Gymnasium's
  next-step autoreset. A table whose hand ended on the previous call deals
  its next hand now (its action is ignored; rewards 0, done False, the new
  hand's obs, mask and actor). Otherwise its actor takes ``actions[i]`` (a
  masked index raises ``IllegalActionError`` before any table moves);
  when the hand ends: done True, ``rewards[i]`` the change of every seat's
  stack in big blinds (absolute seats), actor -1, mask all False and obs
  the final view of the seat of the hand's last record (the seat that acted
  last). A hand that ends as it is dealt (every seat all in from the forced
  bets) is reported the same way by the call that deals it.
* Table ``i`` deals hand ``k`` (0, 1, ...) with the button at ``k % seats`` and
  the seed ``hand_seed(seed, i, k)``: its trajectory is the same whatever N.
* ``hand(i)``: a ``Hand`` equal to table ``i``'s current hand, a copy:
  acting on it moves no table.
* ``actions``: any int or uint array (or a list of ints) of shape ``(N,)``;
  another dtype or shape raises ``hoyle.errors.ActionArrayError`` (an
  ``IllegalActionError``) naming the shape and dtype expected. Every
  refused step changes nothing on any table (the Python backend puts back
  the tables it moved when a late failure stops it).
* One call at a time: ``reset``, ``step`` or ``hand`` called while another
  is running (from another thread) raises ``BusyError`` and changes nothing.
* Pickling and ``copy.deepcopy`` give independent tables in the same state
  (on the core backend each table's hand is dealt and played again).

* ``bots={seat: bot}``: fixed opponents (a name of ``hoyle.bots`` or a
  callable ``bot(hand, rng)``), played inside every ``reset`` and ``step``:
  ``actor`` only names learning seats (``learners``: the seats not in
  ``bots``), ``rewards`` are every seat's, a finished hand shows the view of
  the learning seat of its last record. ``"station"`` and ``"random"`` run
  in the core (``src-rust/table/bots.rs``; ``"random"`` on the core's own
  generator, seeded from each hand's seed); any other bot runs in Python, on
  the Python backend (``hoyle.env._bots``).

The backend: the core's table engine (``backend="core"``) when this build
has one, it plays the game and every bot is one of the core's; else
(``"python"``) a ``Hand`` per table with the fill of ``hoyle.env._fill``.
``"auto"`` picks the first that works.

>>> import numpy as np, hoyle
>>> from hoyle.env import VectorTables
>>> tables = VectorTables(hoyle.games.texas_holdem(), 4, seats=6, stacks=200, seed=1)
>>> obs, mask, actor = tables.reset()
>>> obs.shape, mask.shape, actor.tolist()
((4, 413), (4, 6), [3, 3, 3, 3])
>>> obs, mask, actor, rewards, done = tables.step(np.ones(4, dtype=np.int64))  # all call
>>> actor.tolist(), done.tolist()
([4, 4, 4, 4], [False, False, False, False])
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Mapping
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from hoyle._hand_view import HISTORY, view
from hoyle._whole import whole
from hoyle.bots import Bot
from hoyle.env import _fill
from hoyle.env._bots import CORE_BOTS, last_learner, play_bots, seat_bots
from hoyle.env._fast import Backend, core_backend
from hoyle.env._guard import Guarded, busy
from hoyle.env._setup import setup
from hoyle.env.actions import Actions
from hoyle.env.seeds import M64, deal, fresh_seed, hand_seed, run_seed, table_key
from hoyle.errors import ActionArrayError, GameError, IllegalActionError
from hoyle.games import Game
from hoyle.hand import Hand

__all__ = ["Backend", "VectorTables"]

_INT64 = np.dtype(np.int64)
_I64_MAX = (1 << 63) - 1


class VectorTables(Guarded):
    """N tables (see the module). ``stacks``: one int for every seat or one
    per seat (default 100 big blinds); ``bots``: ``{seat: name or callable}``.

    >>> import hoyle
    >>> t = VectorTables(hoyle.games.texas_holdem(), 2, seats=3, seed=4, bots={1: "station"})
    >>> obs, mask, actor = t.reset()
    >>> t.backend, t.learners, actor.tolist()
    ('core', (0, 2), [0, 0])
    """

    def __init__(
        self,
        game: Game,
        tables: int,
        *,
        seats: int,
        stacks: Any = None,
        actions: Actions | None = None,
        seed: int | None = None,
        window: int = 16,
        backend: Literal["auto", "core", "python"] = "auto",
        bots: Mapping[int, Bot | str] | None = None,
    ) -> None:
        s = setup(game, seats, stacks, actions, window)
        self.game, self.seats, self.stacks, self.actions, self.layout = s
        self._seated = seat_bots(bots, self.seats)
        self.bots: dict[int, Bot | str] = {} if bots is None else dict(bots)
        self.learners = self._seated.learners
        if tables.__class__ is not int or not 1 <= tables <= 1 << 24:
            raise GameError(f"tables must be an int of 1..2**24, got {tables!r:.40}")
        self.tables = n = tables
        size = self.actions.size(self.game)
        self.obs = np.zeros((n, self.layout.size), dtype=np.float32)
        self.mask = np.zeros((n, size), dtype=np.bool_)
        self.actor = np.full(n, -1, dtype=np.int64)
        self.rewards = np.zeros((n, self.seats), dtype=np.float32)
        self.done = np.zeros(n, dtype=np.bool_)
        self._seed = None if seed is None else run_seed(seed)
        self._shape = (n,)
        self._backend, self.backend = self._pick(backend)
        self._free = [None]  # the token of a call (``hoyle.env._guard``)

    def _pick(self, backend: str) -> tuple[Backend, str]:
        if backend not in ("auto", "core", "python"):
            raise GameError(f"backend must be 'auto', 'core' or 'python', got {backend!r:.40}")
        arrays = (self.obs, self.mask, self.actor, self.rewards, self.done)
        seated = self._seated
        if backend != "python" and seated.in_core:
            s = (self.game, self.tables, self.seats, self.stacks, self.actions, self.layout)
            core = core_backend(*s, *arrays, bots=seated.core if seated.any else None)
            if core is not None:  # None: a game the engine does not play
                return core, "core"
            if backend == "core":
                raise GameError(
                    f"the core table engine of this build does not play {self.game.name}"
                )
        if backend == "core":
            seat = next(
                s
                for s, (b, c) in enumerate(zip(seated.bots, seated.core, strict=True))
                if b and not c
            )
            raise GameError(
                f"the core plays the bots {', '.join(map(repr, CORE_BOTS))}; seat {seat}'s"
                " is played in Python: use backend='python' (or 'auto')"
            )
        return PythonTables(self), "python"

    def reset(
        self, seed: int | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
        """Every table deals hand 0 of the run (``seed``: a new run)."""
        run = self._seed if seed is None else run_seed(seed)
        free = self._free
        try:
            free.pop()
        except IndexError:
            raise busy(self) from None
        try:
            if run is None:
                run = fresh_seed()
            self._backend.reset(run)
            self._seed = run
        finally:
            free.append(None)
        return self.obs, self.mask, self.actor

    def step(
        self, actions: Any
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.int64],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Each table's actor takes its action (see the module)."""
        if self._seed is None:
            raise GameError("call reset() before step()")
        acts = actions
        if acts.__class__ is not np.ndarray or acts.dtype != _INT64 or acts.shape != self._shape:
            acts = self._int64(actions)
        free = self._free
        try:
            free.pop()
        except IndexError:
            raise busy(self) from None
        try:
            self._backend.step(acts)
        finally:
            free.append(None)
        return self.obs, self.mask, self.actor, self.rewards, self.done

    def _int64(self, actions: Any) -> npt.NDArray[np.int64]:
        """``actions`` as int64 of shape (N,), or the ``ActionArrayError``
        naming what was expected. A uint past int64's range is out of range
        anyway: it becomes int64's largest, refused by the masks as any
        index past the last."""
        expected = f"actions must be an int or uint array of shape ({self.tables},)"
        try:
            acts = np.asarray(actions)
        except Exception as err:  # (a ragged list, an object numpy refuses)
            raise ActionArrayError(f"{expected}, got {type(actions).__name__}: {err}") from None
        if acts.shape != self._shape or acts.dtype.kind not in "iu":
            raise ActionArrayError(f"{expected}, got {acts.dtype} {acts.shape}")
        if acts.dtype.kind == "u" and acts.dtype.itemsize == 8 and acts.size:
            acts = np.minimum(acts, _I64_MAX)
        return np.ascontiguousarray(acts, dtype=np.int64)

    def __getstate__(self) -> dict[str, Any]:
        """The state; on the core backend, instead of its engine, each
        table's hand number and moves (dealt and played again on loading)."""
        state = super().__getstate__()
        backend = state.pop("_backend")
        if isinstance(backend, PythonTables):
            state["_backend"] = backend
        elif self._seed is not None:
            state["_records"] = [self._hand_of(backend, i) for i in range(self.tables)]
        return state

    def _hand_of(self, backend: Backend, i: int) -> tuple[int, list[int]]:
        """Table ``i``'s hand number and its moves (the hand number read back
        from its seed: ``hand_seed`` is a bijection of it)."""
        assert self._seed is not None
        seed, _button, indices = backend.record(i)
        return _unmix(seed) ^ table_key(self._seed, i), list(indices)

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        records = state.pop("_records", None)
        super().__setstate__(state)
        if "_backend" in state:
            return
        arrays: tuple[npt.NDArray[Any], ...] = (
            self.obs,
            self.mask,
            self.actor,
            self.rewards,
            self.done,
        )
        kept = [a.copy() for a in arrays]
        self._backend, _ = self._pick("core")
        engine: Any = self._backend._tables  # type: ignore[attr-defined]
        if records is not None:
            assert self._seed is not None
            self._backend.reset(self._seed)
            for i, (k, moves) in enumerate(records):
                engine._deal(i, k)
                for index in moves:
                    engine._act(i, index)
        for a, was in zip(arrays, kept, strict=True):
            a[...] = was

    def hand(self, i: int) -> Hand:
        """A ``Hand`` equal to table ``i``'s current hand, a copy (acting on
        it moves no table): with the Python backend a clone of the table's
        own, with the core's a hand played again from the table's record."""
        if i.__class__ is not int or not 0 <= i < self.tables:
            i = whole(i, "a table is an int")
            if not 0 <= i < self.tables:
                raise GameError(f"table must be 0..{self.tables - 1}, got {i}")
        backend = self._backend
        if isinstance(backend, PythonTables):
            free = self._free
            try:
                free.pop()
            except IndexError:
                raise busy(self) from None
            try:
                return backend.hands[i].clone()
            finally:
                free.append(None)
        seed, button, indices = backend.record(i)
        hand = self.game.start(self.stacks, button=button, seed=seed)
        if self._seated.any:  # the bots' moves are the engine's: its history replayed
            engine: Any = backend._tables  # type: ignore[attr-defined]
            history = engine._state(i)[8]
            for _street, _seat, kind, _amount, total in history:
                _REPLAY[kind](hand, total)
            return hand
        for index in indices:
            self.actions.apply(hand, index)
        return hand


def _raise_to(hand: Hand, total: int) -> None:
    hand.raise_to(total)


# how a record of the engine's history (its kind's index in ante, blind,
# bring-in, fold, check, call, bet, raise, draw) is played on a ``Hand``;
# the forced bets are the deal's
_REPLAY: dict[int, Callable[[Hand, int], None]] = {
    0: lambda hand, total: None,
    1: lambda hand, total: None,
    3: lambda hand, total: hand.fold(),
    4: lambda hand, total: hand.check(),
    5: lambda hand, total: hand.call(),
    6: _raise_to,
    7: _raise_to,
}


def _unshift(x: int, shift: int) -> int:
    """The inverse of ``x ^ (x >> shift)`` on 64 bits."""
    y = x
    for _ in range(64 // shift):
        y = x ^ (y >> shift)
    return y


def _unmix(x: int) -> int:
    """The inverse of ``seeds._mix`` (splitmix64's step), its steps undone
    in reverse order (the odd multipliers' inverses mod 2**64)."""
    x = (_unshift(x, 31) * 0x319642B2D24D8EC3) & M64
    x = (_unshift(x, 27) * 0x96DE1B173F119089) & M64
    return (_unshift(x, 30) - 0x9E3779B97F4A7C15) & M64


class PythonTables:
    """The Python backend: one ``Hand`` per table.

    It keeps its own loop (autoreset, hand numbering, rewards) beside the
    core's ``table::TableBatch`` because it plays the games the core does
    not (stud, draw, ...) through ``Hand`` objects, which the core cannot
    step. What both must say alike is written once on each side and kept
    equal by ``tests/env/test_vector.py``: the reward (``_show`` here,
    ``table::reward`` there) and the words of a refused action
    (``Actions.validated`` here, ``table::not_legal`` there)."""

    def __init__(self, tables: VectorTables) -> None:
        self.t = tables
        self.hands: list[Hand] = []
        self.count = [0] * tables.tables  # hands dealt per table
        self.indices: list[list[int]] = [[] for _ in range(tables.tables)]
        self.seed = 0
        self.rngs: list[random.Random] = []  # each table's bots' generator
        self.legal = np.zeros_like(tables.mask)  # the masks handed out, kept from the user

    def _deal(self, i: int, k: int) -> Hand:
        """Table ``i``'s hand ``k``, played by the bots to a learning seat's
        turn (or the end); its bots' generator seeded afresh."""
        t = self.t
        hand = deal(t.game, t.stacks, self.seed, i, k)
        if t._seated.any:
            rng = self.rngs[i] = random.Random(hand_seed(self.seed, i, k))
            play_bots(t._seated, hand, rng)
        return hand

    def _act(self, i: int, hand: Hand, index: int) -> None:
        """Table ``i``'s actor plays ``index``; then the bots play."""
        t = self.t
        t.actions.act(hand, index)
        if t._seated.any:
            play_bots(t._seated, hand, self.rngs[i])

    def reset(self, seed: int) -> None:
        t = self.t
        self.seed = seed
        self.rngs = [random.Random(0)] * t.tables
        self.hands = [self._deal(i, 0) for i in range(t.tables)]
        self.count = [0] * t.tables
        self.indices = [[] for _ in range(t.tables)]
        t.rewards[:] = 0.0
        for i in range(t.tables):
            self._show(i)
        self.legal[:] = t.mask

    def _show(self, i: int) -> None:
        """Table ``i``'s arrays for the state of its hand."""
        t, hand = self.t, self.hands[i]
        p = hand.actor
        if p is not None:
            _fill.fill(t.layout, t.actions, hand, p, t.obs[i], t.mask[i])
            t.actor[i] = p
            t.done[i] = False
            return
        history = view(hand)[HISTORY]
        last = history[-1][1]  # the seat of the last record (with bots: of a learning seat)
        if t._seated.any:
            last = last_learner(t._seated, [r[1] for r in history])
        _fill.fill(t.layout, t.actions, hand, last, t.obs[i], t.mask[i])
        t.actor[i] = -1
        t.done[i] = True
        u = float(t.layout.unit)
        start, end = hand.starting_stacks, hand.stacks
        t.rewards[i] = [float(e - s) / u for s, e in zip(start, end, strict=False)]

    def step(self, acts: npt.NDArray[np.int64]) -> None:
        t = self.t
        for name, array in (("obs", t.obs), ("mask", t.mask), ("actor", t.actor)):
            if not array.flags.writeable:
                raise GameError(f"{name} must be a writable array (it was made read-only)")
        if not (t.rewards.flags.writeable and t.done.flags.writeable):
            raise GameError("rewards and done must be writable arrays (one was made read-only)")
        done = t.done.copy()
        self._check(acts, done)
        rewards = t.rewards.copy()
        hands, count, indices = self.hands, self.count, self.indices
        before = (hands[:], count[:], indices[:], rewards, self.rngs[:])
        t.rewards[:] = 0.0
        items = acts.tolist()
        act = self._act
        i = 0
        try:
            for i in range(t.tables):
                if done[i]:
                    k = count[i] + 1
                    hands[i] = self._deal(i, k)
                    count[i] = k
                    indices[i] = []
                else:
                    indices[i].append(items[i])  # (first: an undo knows it was tried)
                    act(i, hands[i], items[i])
                self._show(i)
        except BaseException:
            self._undo(i, done, before)
            raise
        self.legal[:] = t.mask

    def _undo(self, last: int, done: npt.NDArray[np.bool_], before: Any) -> None:
        """A step that failed at table ``last`` (a hand's late failure, an
        array the fill could not write, Ctrl-C): tables ``0..last`` as they
        were, their rows filled again, the rewards and done as before."""
        t = self.t
        hands, count, indices, rewards, rngs = before
        for j in range(last + 1):
            if done[j]:
                self.hands[j], self.count[j], self.indices[j] = hands[j], count[j], indices[j]
                self.rngs[j] = rngs[j]
            else:
                moves = self.indices[j]
                del moves[len(moves) - 1 :]
                hand = self._deal(j, self.count[j])
                for index in moves:
                    self._act(j, hand, index)
                self.hands[j] = hand
            with contextlib.suppress(Exception):  # (the failure may be the fill's own)
                self._show(j)
        t.rewards[:] = rewards
        t.done[:] = done

    def _check(self, acts: npt.NDArray[np.int64], done: npt.NDArray[np.bool_]) -> None:
        """Every live table's action legal, or ``IllegalActionError`` (nothing moved)."""
        size = self.legal.shape[1]
        inside = (acts >= 0) & (acts < size)
        ok = inside.copy()
        rows = np.flatnonzero(inside)
        ok[rows] = self.legal[rows, acts[rows]]
        bad = np.flatnonzero(~ok & ~done)
        if bad.size:
            i = int(bad[0])
            try:
                self.t.actions.validated(self.hands[i], int(acts[i]), self.legal[i])
            except IllegalActionError as err:
                raise IllegalActionError(f"table {i}: {err}") from None

    def record(self, i: int) -> tuple[int, int, list[int]]:
        k = self.count[i]
        return hand_seed(self.seed, i, k), k % self.t.seats, list(self.indices[i])
