"""``Spot``: a heads-up postflop spot to solve, its arguments checked when
it is made, and ``Spot.solve``, the loop that runs the core's Discounted CFR
to a target exploitability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle._core import Card
from hoyle.solve import _tree
from hoyle.solve._resolve import Resolved, arguments_of, resolve
from hoyle.solve._run import Progress, check_progress, check_run, run_to

if TYPE_CHECKING:
    from hoyle._core import Solver
    from hoyle.solve.solution import Solution

__all__ = ["Spot"]


class Spot:
    """A heads-up spot from the flop, turn or river: ``board`` (3, 4 or 5 cards),
    ``ranges`` (out of position first), ``pot`` (the chips in the middle) and
    ``stack`` (each player's chips behind), the tree's ``bets`` and ``raises``
    (docs/solve.md), the ``game`` (None: no-limit hold'em) and the ``rake``.

    Everything is checked here and nothing is allocated: ``SolveError`` names
    what is wrong (``CardError``/``DuplicateCardError`` for cards that cannot
    be read). The extras, each off by default: ``add_all_in`` (add an all-in
    when the stack is at most this multiple of the pot), ``merge`` (merge sizes
    within this fraction of the pot), ``raise_cap`` (the most raises a street
    after its first bet; the game's ``raise_cap`` less one by default, 3 in
    fixed limit), ``isomorphism`` (deal suit-equivalent cards once, on by
    default), ``max_memory`` (bytes; default half the machine's memory, or of a container's
    limit where lower).

    >>> spot = Spot(board="Td9d6hQc2s", ranges=("AA,KK", "QQ,JJ"), pot=100, stack=100,
    ...             bets="a", raises="")
    >>> spot.streets
    ('river',)
    >>> sol = spot.solve(target=0.001)
    >>> sol.root.actions
    ('check', 'all-in 100')
    """

    __slots__ = ("_args", "_kwargs", "board", "game", "pot", "rake", "stack", "streets")

    def __init__(  # noqa: PLR0913, RUF100 - the public API: each keyword a documented option
        self,
        *,
        board: Any,
        ranges: Any,
        pot: int,
        stack: int,
        bets: Any = _tree.DEFAULT_BETS,
        raises: Any = _tree.DEFAULT_RAISES,
        game: Any = None,
        rake: Any = None,
        add_all_in: float | None = None,
        merge: float | None = None,
        raise_cap: int | None = None,
        isomorphism: bool = True,
        max_memory: int | None = None,
    ) -> None:
        extras = {
            "add_all_in": add_all_in,
            "merge": merge,
            "raise_cap": raise_cap,
            "isomorphism": isomorphism,
            "max_memory": max_memory,
        }
        got = resolve(
            board=board,
            ranges=ranges,
            pot=pot,
            stack=stack,
            bets=bets,
            raises=raises,
            game=game,
            rake=rake,
            extras=extras,
        )
        self._set(got, game)

    def _set(self, got: Resolved, game: Any) -> None:
        self._kwargs = got.kwargs
        self._args = got.plain
        self.board = got.board
        self.pot: int = got.kwargs["pot"]
        self.stack: int = got.kwargs["stack"]
        self.streets = got.streets
        self.game = game
        self.rake = got.rake

    @property
    def ranges(self) -> tuple[dict[tuple[Card, ...], float], dict[tuple[Card, ...], float]]:
        """Each player's combos (those the board leaves) and their weights."""
        return tuple(  # type: ignore[return-value]
            {tuple(Card(c) for c in combo): w for combo, w in zip(hs, ws, strict=True)}
            for hs, ws in zip(self._kwargs["hands"], self._kwargs["weights"], strict=True)
        )

    @property
    def core_arguments(self) -> dict[str, Any]:
        """The keyword arguments this spot passes to ``hoyle._core.Solver.postflop``
        (card ids, the resolved ``streets``, the limit kind, the showdown): a copy."""
        return dict(self._kwargs)

    def to_dict(self) -> dict[str, Any]:
        """The spot's arguments as JSON values (what a saved solution holds);
        ``Spot.from_dict`` makes the same spot again."""
        return dict(self._args)

    @classmethod
    def from_dict(cls, d: dict[str, Any], *, max_memory: int | None = None) -> Spot:
        """The spot ``to_dict`` wrote (``SolveError`` for anything else)."""
        return cls(**arguments_of(d, max_memory=max_memory))

    @property
    def memory(self) -> int:
        """The bytes solving this spot allocates (tree, strategy tables, showdown
        tables), counted without building anything; ``SolveError`` if it is over
        ``max_memory``.

        >>> spot = Spot(board="Td9d6hQc2s", ranges=["AA,KK", "QQ,JJ"], pot=100, stack=200)
        >>> 0 < spot.memory < 100_000
        True
        """
        from hoyle._core import Solver

        return Solver.estimate(**self._kwargs)

    def solver(self) -> Solver:
        """A new core solver of this spot's tree (memory checked first)."""
        from hoyle._core import Solver

        return Solver.postflop(**self._kwargs)

    def solve(
        self,
        *,
        target: float = 0.005,
        max_iterations: int = 1000,
        threads: int | None = None,
        progress: Progress = False,
    ) -> Solution:
        """Solve the spot with Discounted CFR until the exploitability is at most
        ``target`` times the pot (checked every 10 iterations) or
        ``max_iterations`` have run. ``progress=True`` shows a rich bar (on stderr) with
        the current exploitability; a callable ``progress(iterations, exploitability)``
        is called at every check instead. Ctrl-C stops the iterations promptly and returns
        the solution so far, its ``interrupted`` True (a Ctrl-C while the tree is
        built raises ``KeyboardInterrupt``: there is nothing to keep). Each call
        builds the tree anew; ``Solution.resume`` goes on from a solution."""
        from hoyle.solve.solution import Solution

        goal, most, threads = check_run(target, max_iterations, threads)
        progress = check_progress(progress)
        solver = self.solver()
        run = run_to(solver, goal * self.pot, most, threads, progress, self.pot)
        return Solution(solver, {"spot": self.to_dict()}, threads, *run)

    def __repr__(self) -> str:
        board = "".join(str(c) for c in self.board)
        return f"Spot(board={board!r}, pot={self.pot}, stack={self.stack})"
