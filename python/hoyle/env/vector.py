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
* ``hand(i)``: a ``Hand`` equal to table ``i``'s current hand (for search:
  ``clone()`` it).

The backend: the core's table engine (``backend="core"``) when this build
has one and it plays the game; else (``"python"``) a ``Hand`` per table with
the fill of ``hoyle.env._fill``. ``"auto"`` picks the first that works.

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

from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from hoyle._hand_view import HISTORY, view
from hoyle.env import _fill
from hoyle.env._fast import Backend, core_backend
from hoyle.env._setup import setup
from hoyle.env.actions import Actions
from hoyle.env.seeds import deal, fresh_seed, hand_seed, run_seed
from hoyle.errors import GameError, IllegalActionError
from hoyle.games import Game
from hoyle.hand import Hand

__all__ = ["Backend", "VectorTables"]


class VectorTables:
    """N tables (see the module). ``stacks``: one int for every seat or one
    per seat (default 100 big blinds)."""

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
    ) -> None:
        s = setup(game, seats, stacks, actions, window)
        self.game, self.seats, self.stacks, self.actions, self.layout = s
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
        self._backend, self.backend = self._pick(backend)

    def _pick(self, backend: str) -> tuple[Backend, str]:
        if backend not in ("auto", "core", "python"):
            raise GameError(f"backend must be 'auto', 'core' or 'python', got {backend!r:.40}")
        arrays = (self.obs, self.mask, self.actor, self.rewards, self.done)
        if backend != "python":
            s = (self.game, self.tables, self.seats, self.stacks, self.actions, self.layout)
            core = core_backend(*s, *arrays)  # None: a game the engine does not play
            if core is not None:
                return core, "core"
            if backend == "core":
                raise GameError(
                    f"the core table engine of this build does not play {self.game.name}"
                )
        return PythonTables(self), "python"

    def reset(
        self, seed: int | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
        """Every table deals hand 0 of the run (``seed``: a new run)."""
        if seed is not None:
            self._seed = run_seed(seed)
        elif self._seed is None:
            self._seed = fresh_seed()
        self._backend.reset(self._seed)
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
        acts = np.asarray(actions)
        if acts.shape != (self.tables,) or acts.dtype.kind not in "iu":
            raise IllegalActionError(
                f"actions must be an int array of shape ({self.tables},), "
                f"got {acts.dtype} {acts.shape}"
            )
        self._backend.step(acts.astype(np.int64, copy=False))
        return self.obs, self.mask, self.actor, self.rewards, self.done

    def hand(self, i: int) -> Hand:
        """A ``Hand`` equal to table ``i``'s current hand: with the Python
        backend the table's own (``clone()`` it before acting on it), with
        the core's a hand played again from the table's record."""
        if not 0 <= i < self.tables:
            raise GameError(f"table must be 0..{self.tables - 1}, got {i}")
        backend = self._backend
        if isinstance(backend, PythonTables):
            return backend.hands[i]
        seed, button, indices = backend.record(i)
        hand = self.game.start(self.stacks, button=button, seed=seed)
        for index in indices:
            self.actions.apply(hand, index)
        return hand


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
        self.legal = np.zeros_like(tables.mask)  # the masks handed out, kept from the user

    def reset(self, seed: int) -> None:
        t = self.t
        self.seed = seed
        self.hands = [deal(t.game, t.stacks, seed, i, 0) for i in range(t.tables)]
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
        last = view(hand)[HISTORY][-1][1]  # the seat of the last record
        _fill.fill(t.layout, t.actions, hand, last, t.obs[i], t.mask[i])
        t.actor[i] = -1
        t.done[i] = True
        u = float(t.layout.unit)
        start, end = hand.starting_stacks, hand.stacks
        t.rewards[i] = [float(e - s) / u for s, e in zip(start, end, strict=False)]

    def step(self, acts: npt.NDArray[np.int64]) -> None:
        t = self.t
        done = t.done.copy()
        self._check(acts, done)
        t.rewards[:] = 0.0
        items = acts.tolist()
        for i in range(t.tables):
            if done[i]:
                self.count[i] += 1
                self.hands[i] = deal(t.game, t.stacks, self.seed, i, self.count[i])
                self.indices[i] = []
            else:
                t.actions.act(self.hands[i], items[i])
                self.indices[i].append(items[i])
            self._show(i)
        self.legal[:] = t.mask

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
