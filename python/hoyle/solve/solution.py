"""``Solution`` (a solved spot or preset: its exploitability, values and
tree) and ``Node`` (one point of the tree: who acts, the actions, each hand's
strategy and values; ``play`` and ``deal`` walk down)."""

from __future__ import annotations

import operator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from hoyle._core import Card, parse_cards
from hoyle.errors import SolveError
from hoyle.solve import _file
from hoyle.solve._run import Progress, check_progress, check_run, run_to

if TYPE_CHECKING:
    from hoyle._core import Solver

__all__ = ["Node", "Solution"]


class Solution:
    """A solved spot (``Spot.solve``) or preset (``kuhn()``, ``leduc()``).

    ``exploitability`` is the mean of the two players' gains from a best response
    to the other's average strategy, in chips, computed exactly over the whole
    tree (a Nash equilibrium has 0); ``ev`` each player's expected chips won back
    less chips put in from the start (a spot's starting pot counts as won, so
    ``ev[0] + ev[1]`` is the pot less rake; 0 for the presets); ``equity`` each
    player's showdown equity at the root; ``iterations`` those run; ``root`` the
    tree's first ``Node``; ``interrupted`` True when Ctrl-C stopped the solve;
    ``source`` what was solved (``{"spot": Spot.to_dict()}`` or ``{"preset": "kuhn"}``).
    ``save(path)`` writes it to a file, ``Solution.load(path)`` reads it back;
    ``resume(...)`` iterates further.

    >>> from hoyle.solve import kuhn
    >>> sol = kuhn()
    >>> round(sol.ev[0], 3), sol.exploitability < 1e-3
    (-0.056, True)
    """

    __slots__ = ("_exploitability", "_solver", "interrupted", "source", "threads")

    def __init__(
        self,
        solver: Solver,
        source: dict[str, Any],
        threads: int | None = None,
        exploitability: float | None = None,
        interrupted: bool = False,
    ) -> None:
        self._solver = solver
        #: What was solved, as JSON values: {"spot": Spot.to_dict()} or {"preset": name}.
        self.source = source
        self.threads = threads
        self.interrupted = interrupted
        self._exploitability = (
            None if exploitability is None else (solver.iterations, float(exploitability))
        )

    @property
    def solver(self) -> Solver:
        """The core's solver (``hoyle._core.Solver``), for reads the facade lacks."""
        return self._solver

    @property
    def exploitability(self) -> float:
        """The exploitability of the average strategies, in chips."""
        cached = self._exploitability
        if cached is None or cached[0] != self._solver.iterations:
            value = float(self._solver.exploitability(threads=self.threads))
            self._exploitability = cached = (self._solver.iterations, value)
        return cached[1]

    @property
    def iterations(self) -> int:
        """The iterations run."""
        return int(self._solver.iterations)

    @property
    def ev(self) -> tuple[float, float]:
        """Each player's expected payoff from the start, in chips."""
        a, b = self._solver.ev()
        return (float(a), float(b))

    @property
    def equity(self) -> tuple[float, float]:
        """Each player's showdown equity at the root."""
        a, b = self._solver.equity()
        return (float(a), float(b))

    @property
    def root(self) -> Node:
        """The first node of the tree."""
        spot = self.source.get("spot")
        first = () if spot is None else tuple(c.id for c in parse_cards(spot["board"]))
        return Node(self._solver, (), first)

    def resume(
        self,
        *,
        target: float = 0.005,
        max_iterations: int = 1000,
        threads: int | None = None,
        progress: Progress = False,
    ) -> Solution:
        """Iterate further, as ``Spot.solve`` does (``target`` a fraction of a spot's
        pot; of one chip for the presets), until ``max_iterations`` in all; returns
        this solution, ``interrupted`` set again (Ctrl-C keeps what ran)."""
        goal, most, threads = check_run(target, max_iterations, threads)
        progress = check_progress(progress)
        spot = self.source.get("spot")
        scale = float(spot["pot"]) if spot is not None else 1.0
        self.threads = threads
        run = run_to(self._solver, goal * scale, most, threads, progress, scale)
        if run[0] is not None:
            self._exploitability = (self._solver.iterations, run[0])
        self.interrupted = run[1]
        return self

    def save(self, path: str | Path) -> None:
        """Write the solution to ``path`` (docs/solve.md: a versioned file)."""
        _file.save({**self.source, "interrupted": self.interrupted}, self._solver.state(), path)

    @staticmethod
    def load(path: str | Path, *, threads: int | None = None) -> Solution:
        """The solution saved at ``path``; ``SolveError`` when the file is not one
        (wrong magic, version, truncated, or a state that does not fit its spot)."""
        threads = check_run(0.0, 0, threads)[2]
        solver, meta = _file.load(path)
        source: dict[str, Any] = {k: meta[k] for k in ("spot", "preset") if k in meta}
        return Solution(solver, source, threads, None, bool(meta.get("interrupted", False)))

    def __repr__(self) -> str:
        stop = ", interrupted" if self.interrupted else ""
        return f"<Solution: {self.iterations} iterations{stop}>"


Array = npt.NDArray[np.float64]


class Node:
    """One node of a solved tree, reached from the root by ``path`` (an action
    index at each player node, a card id at each chance node).

    At a player node ``player`` (0 out of position, 1 in position) acts:
    ``actions`` are its choices, ``hands`` its combos, ``strategy`` the average
    strategy (float32, hands x actions, rows sum to 1), ``frequencies`` each
    action's share over the range reaching the node, ``ev``/``equity`` per hand
    (NaN where a hand cannot be here). At a chance node (``is_chance``) ``cards``
    can be dealt (``deal``); a terminal node (``is_terminal``) ends the hand
    (``terminal``: ``"fold"`` or ``"showdown"``). ``board``, ``pot`` and
    ``contributions`` are read anywhere; ``hands_of``, ``ev_of``, ``equity_of``
    and ``reach_of`` give either player's.

    >>> from hoyle.solve import kuhn
    >>> root = kuhn().root
    >>> root.player, root.actions, [str(c) for (c,) in root.hands]
    (0, ('check', 'bet 1'), ['Jc', 'Qc', 'Kc'])
    >>> root.play("check").play(1).actions
    ('fold', 'call')
    """

    __slots__ = ("_board", "_info", "_solver", "path")

    def __init__(self, solver: Solver, path: tuple[int, ...], board: tuple[int, ...] = ()) -> None:
        self._solver = solver
        self.path = path
        self._info: dict[str, Any] = solver.info(list(path))
        # the board in the order dealt (the core keeps it as a set): the one
        # given, then whatever else the core's board holds, in id order
        here = [int(c) for c in self._info["board"]]
        self._board = tuple(c for c in board if c in here) + tuple(
            c for c in here if c not in board
        )

    @property
    def is_chance(self) -> bool:
        """Cards are dealt here."""
        return bool(self._info["kind"] == "chance")

    @property
    def is_terminal(self) -> bool:
        """The hand ends here."""
        return bool(self._info["kind"] == "terminal")

    @property
    def player(self) -> int | None:
        """The player to act (0 out of position, 1 in position); None elsewhere."""
        p = int(self._info["player"])
        return p if self._info["kind"] == "player" else None

    @property
    def actions(self) -> tuple[str, ...]:
        """The actions here ("check", "bet 120", "raise 300", "all-in 900",
        "fold", "call"; amounts are the street's bet to); () off player nodes."""
        return tuple(self._info.get("actions") or ())

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards a chance node can deal; () elsewhere."""
        return tuple(Card(c) for c in self._info.get("cards") or ())

    @property
    def board(self) -> tuple[Card, ...]:
        """The board here, in the order dealt (the spot's, then each card dealt)."""
        return tuple(Card(c) for c in self._board)

    @property
    def pot(self) -> int:
        """The chips in the middle here."""
        return int(self._info["pot"])

    @property
    def contributions(self) -> tuple[int, int]:
        """Each player's chips put in since the start."""
        a, b = self._info["contributions"]
        return (int(a), int(b))

    @property
    def street(self) -> int:
        """The betting round, counted from the tree's first: 0 at the root, 1 after
        the next card is dealt (a turn spot's river; Leduc's second round), ..."""
        return int(self._info["street"])

    @property
    def terminal(self) -> str | None:
        """How the hand ended here ("fold" or "showdown"); None elsewhere."""
        t = self._info.get("terminal")
        return None if t is None else str(t)

    def _acting(self) -> int:
        if self._info["kind"] != "player":
            raise SolveError(
                f"this is a {self._info['kind']} node: no one acts here; read a player's"
                " hands and values with hands_of(p), ev_of(p), equity_of(p), reach_of(p)"
            )
        return int(self._info["player"])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The acting player's combos (rows of ``strategy``)."""
        return self.hands_of(self._acting())

    def hands_of(self, player: int) -> tuple[tuple[Card, ...], ...]:
        """``player``'s combos, in the solver's order."""
        return tuple(tuple(Card(c) for c in h) for h in self._solver.hands(_player(player)))

    @property
    def strategy(self) -> npt.NDArray[np.float32]:
        """The average strategy: float32, hands x actions, each row sums to 1."""
        self._acting()
        return np.asarray(self._solver.strategy(list(self.path)), dtype=np.float32)

    @property
    def frequencies(self) -> Array:
        """Each action's share, weighted by how much of each hand reaches here
        (its weight times its own chance of playing to here); sums to 1."""
        strategy = self.strategy.astype(np.float64)
        reach = np.nan_to_num(self.reach_of(self._acting()))
        total = reach.sum()
        if total <= 0:  # nobody reaches the node: the rows' plain mean
            return np.asarray(strategy.mean(axis=0), dtype=np.float64)
        return np.asarray(reach @ strategy / total, dtype=np.float64)

    @property
    def ev(self) -> Array:
        """The acting player's expected payoff per hand, given it reaches here."""
        return self.ev_of(self._acting())

    @property
    def equity(self) -> Array:
        """The acting player's showdown equity per hand, given it reaches here."""
        return self.equity_of(self._acting())

    def ev_of(self, player: int) -> Array:
        """``player``'s expected payoff per hand here (NaN where it cannot be)."""
        return self._values(player)[0]

    def equity_of(self, player: int) -> Array:
        """``player``'s showdown equity per hand here (NaN where it cannot be)."""
        return self._values(player)[1]

    def reach_of(self, player: int) -> Array:
        """Each of ``player``'s hands' weight times its chance of playing to here."""
        return self._values(player)[2]

    def _values(self, player: int) -> tuple[Array, Array, Array]:
        ev, eq, reach = self._solver.values(list(self.path), _player(player))
        return (np.asarray(ev), np.asarray(eq), np.asarray(reach))

    def play(self, action: str | int) -> Node:
        """The node after ``action`` (a string of ``actions`` or its index)."""
        self._acting()
        actions = self.actions
        if isinstance(action, str):
            if action not in actions:
                raise SolveError(f"no action {action!r} here; the actions are {list(actions)}")
            index = actions.index(action)
        else:
            index = -1 if isinstance(action, bool) else _index(action)
            if not 0 <= index < len(actions):
                raise SolveError(
                    f"action {action!r} is not one of 0..{len(actions) - 1}: {list(actions)}"
                )
        return Node(self._solver, (*self.path, index), self._board)

    def deal(self, card: Card | str | int) -> Node:
        """The node after a chance node deals ``card``."""
        if not self.is_chance:
            raise SolveError(f"deal is for chance nodes; this is a {self._info['kind']} node")
        if isinstance(card, bool):
            raise SolveError(f"a card is a Card, its name or its id, got {card!r}")
        cards = parse_cards([card]) if isinstance(card, int | Card) else parse_cards(card)
        if len(cards) != 1:
            raise SolveError(f"deal one card at a time, got {len(cards)}")
        dealt = cards[0]
        if dealt not in self.cards:
            shown = " ".join(str(c) for c in self.cards)
            raise SolveError(f"{dealt} cannot be dealt here; the cards left are {shown}")
        return Node(self._solver, (*self.path, dealt.id), (*self._board, dealt.id))

    def __repr__(self) -> str:
        kind = self._info["kind"]
        board = "".join(str(c) for c in self.board)
        what = f"player {self.player}: {', '.join(self.actions)}" if kind == "player" else kind
        return f"<Node {what}; board {board or '-'}, pot {self.pot}>"


def _player(player: Any) -> int:
    if isinstance(player, bool) or player not in (0, 1):
        raise SolveError(f"a player is 0 (out of position) or 1 (in position), got {player!r}")
    return int(player)


def _index(value: Any) -> int:
    try:
        return operator.index(value)
    except TypeError:
        raise SolveError(f"an action is its text or its index, got {value!r:.40}") from None
