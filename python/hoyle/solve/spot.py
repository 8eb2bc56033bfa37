"""``Spot``: a heads-up postflop spot to solve, its arguments checked when
it is made, and ``Spot.solve``, the loop that runs the core's Discounted CFR
to a target exploitability."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hoyle._core import Card
from hoyle.errors import SolveError
from hoyle.solve import _args, _tree

if TYPE_CHECKING:
    from hoyle._core import Solver
    from hoyle.solve.solution import Solution

__all__ = ["Spot"]

#: Iterations between two checks of the exploitability.
STEP = 10


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
    default), ``max_memory`` (bytes; default half the machine's memory).

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
        spec = _args.game_of(game)
        ids = _args.board_of(board, spec.deck)
        self.pot = _args.chips("pot", pot)
        self.stack = _args.chips("stack", stack)
        if self.pot + 2 * self.stack > _args.MAX_CHIPS:
            raise SolveError("pot + 2 * stack must be at most 2**64 - 1 chips")
        if isinstance(ranges, str) or not hasattr(ranges, "__len__") or len(ranges) != 2:
            raise SolveError("ranges are two: out of position's, then in position's")
        hands = [
            _args.range_of(r, who, spec, ids) for r, who in zip(ranges, ("oop", "ip"), strict=True)
        ]
        names = _args.street_names(ids)
        streets = _tree.streets_of(bets, raises, names)
        rake_core = _args.rake_of(rake, spec.rake)
        extras = _extras(add_all_in, merge, raise_cap, isomorphism, max_memory)
        cap = extras["raise_cap"]
        if cap is None:
            cap = spec.raise_cap
        if cap is None and spec.limit == "fixed":
            cap = 3  # capped at four bets a street
        self.board = tuple(Card(c) for c in ids)
        self.streets = names
        self.game = game
        self.rake = rake if rake is not None else spec.rake
        self._kwargs: dict[str, Any] = {
            "board": list(ids),
            "hands": (hands[0][0], hands[1][0]),
            "weights": (hands[0][1], hands[1][1]),
            "pot": self.pot,
            "stack": self.stack,
            "streets": streets,
            "limit": spec.limit,
            "bet_units": None if spec.bet_units is None else list(spec.bet_units[-len(names) :]),
            "raise_cap": cap,
            "allin_threshold": extras["add_all_in"],
            "merge": extras["merge"],
            "game": spec.setup.shape,
            "rake": rake_core,
            "isomorphism": extras["isomorphism"],
            "max_memory": extras["max_memory"] or _args.default_memory(),
            **spec.setup.kwargs(),
        }
        self._args: dict[str, Any] = {
            "board": "".join(str(c) for c in self.board),
            "ranges": [
                [["".join(str(Card(c)) for c in combo), w] for combo, w in zip(*h, strict=True)]
                for h in hands
            ],
            "pot": self.pot,
            "stack": self.stack,
            "bets": _tree.plain(bets),
            "raises": _tree.plain(raises),
            "game": None if game is None else game.to_dict(),
            "rake": None if rake is None else rake.to_dict(),
            **{k: v for k, v in extras.items() if k != "max_memory"},
        }

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
        from hoyle.games import Game
        from hoyle.rake import Rake

        if not isinstance(d, dict) or not {"board", "ranges", "pot", "stack"} <= d.keys():
            raise SolveError("a spot is a table with board, ranges, pot and stack")
        known = {*_EXTRAS, "board", "ranges", "pot", "stack", "bets", "raises", "game", "rake"}
        if d.keys() - known:
            raise SolveError(f"unknown spot field {sorted(d.keys() - known)[0]!r}")
        try:
            ranges = [{c: w for c, w in r} for r in d["ranges"]]
            game = None if d.get("game") is None else Game.from_dict(d["game"])
            rake = None if d.get("rake") is None else Rake.from_dict(d["rake"])
        except (TypeError, ValueError) as err:
            raise SolveError(f"a spot's field cannot be read: {err}") from None
        kw = {k: d[k] for k in _EXTRAS if k in d and k != "max_memory"}
        return cls(
            board=d["board"],
            ranges=ranges,
            pot=d["pot"],
            stack=d["stack"],
            bets=d.get("bets", _tree.DEFAULT_BETS),
            raises=d.get("raises", _tree.DEFAULT_RAISES),
            game=game,
            rake=rake,
            max_memory=max_memory,
            **kw,
        )

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
        progress: bool = False,
    ) -> Solution:
        """Solve the spot with Discounted CFR until the exploitability is at most
        ``target`` times the pot (checked every 10 iterations) or
        ``max_iterations`` have run. ``progress=True`` shows a rich bar with the
        current exploitability. Ctrl-C stops the iterations promptly and returns
        the solution so far, its ``interrupted`` True (a Ctrl-C while the tree is
        built raises ``KeyboardInterrupt``: there is nothing to keep)."""
        from hoyle.solve.solution import Solution

        goal, most, threads = check_run(target, max_iterations, threads)
        solver = self.solver()
        run = run_to(solver, goal * self.pot, most, threads, progress, self.pot)
        return Solution(solver, {"spot": self.to_dict()}, threads, *run)

    def __repr__(self) -> str:
        board = "".join(str(c) for c in self.board)
        return f"Spot(board={board!r}, pot={self.pot}, stack={self.stack})"


_EXTRAS = ("add_all_in", "merge", "raise_cap", "isomorphism", "max_memory")


def _extras(
    add_all_in: Any, merge: Any, raise_cap: Any, isomorphism: Any, max_memory: Any
) -> dict[str, Any]:
    """The extras, checked."""
    out: dict[str, Any] = {}
    for name, value, top in (("add_all_in", add_all_in, 1000.0), ("merge", merge, 1.0)):
        number = None if value is None else _number(name, value)
        if number is not None and not 0 < number <= top:
            raise SolveError(f"{name} must be above 0 and at most {top:g}, got {value!r}")
        out[name] = number
    if raise_cap is not None:
        raise_cap = _count("raise_cap", raise_cap, 0, 100)
    out["raise_cap"] = raise_cap
    if not isinstance(isomorphism, bool):
        raise SolveError(f"isomorphism must be True or False, got {isomorphism!r}")
    out["isomorphism"] = isomorphism
    if max_memory is not None:
        max_memory = _count("max_memory", max_memory, 1, 1 << 62)
    out["max_memory"] = max_memory
    return out


def _number(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SolveError(f"{name} must be a number, got {value!r:.40}")
    number = float(value)
    if not math.isfinite(number):
        raise SolveError(f"{name} must be finite, got {value!r}")
    return number


def _count(name: str, value: Any, least: int, most: int) -> int:
    if isinstance(value, bool):
        raise SolveError(f"{name} must be an integer from {least} to {most}, got {value!r}")
    try:
        n = operator.index(value)
    except TypeError:
        raise SolveError(f"{name} must be an integer from {least}, got {value!r:.40}") from None
    if not least <= n <= most:
        raise SolveError(f"{name} must be an integer from {least} to {most}, got {n}")
    return n


def check_run(target: Any, max_iterations: Any, threads: Any) -> tuple[float, int, int | None]:
    """``target``, ``max_iterations`` and ``threads`` of a solve, checked."""
    goal = _number("target", target)
    if goal < 0:
        raise SolveError(f"target must be 0 or more (a fraction of the pot), got {target!r}")
    most = _count("max_iterations", max_iterations, 0, 1 << 40)
    if threads is not None:
        threads = _count("threads", threads, 1, 1024)
    return goal, most, threads


def run_to(
    solver: Solver,
    goal: float,
    most: int,
    threads: int | None,
    progress: bool,
    scale: float,
) -> tuple[float | None, bool]:
    """Iterate ``solver`` in steps of ``STEP`` until its exploitability is at most
    ``goal`` chips or ``most`` iterations are done. Returns the last exploitability
    (None when none was computed for the final state) and whether Ctrl-C stopped it."""
    bar, tick = _bar(progress, most, scale)
    exploitability: float | None = None
    try:
        while True:
            if solver.iterations >= most:
                break
            solver.iterate(min(STEP, most - solver.iterations), threads=threads)
            exploitability = None
            exploitability = solver.exploitability(threads=threads)
            tick(solver.iterations, exploitability)
            if exploitability <= goal:
                break
    except KeyboardInterrupt:
        return exploitability, True
    finally:
        if bar is not None:
            bar.stop()
    return exploitability, False


def _bar(progress: bool, total: int, scale: float) -> tuple[Any, Callable[[int, float], None]]:
    """A rich progress bar of the iterations and the exploitability (or nothing)."""
    if progress is not True:
        if progress is not False:
            raise SolveError(f"progress must be True or False, got {progress!r}")
        return None, lambda done, value: None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    bar = Progress(
        TextColumn("solving"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("exploitability {task.fields[shown]}"),
        transient=True,
        console=Console(stderr=True),
    )
    task = bar.add_task("solve", total=total, shown="-")
    bar.start()

    def tick(done: int, value: float) -> None:
        shown = f"{value:.4g} chips ({100 * value / scale:.3f}% of the pot)"
        bar.update(task, completed=done, shown=shown)

    return bar, tick
