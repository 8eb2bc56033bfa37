"""``hoyle solve``: a spot solved from the command line, its result printed
(the exploitability reached, the EVs, the root strategy as 13x13 grids of
action frequencies by hand class)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import numpy as np

from hoyle.errors import SolveError
from hoyle.ranges import RANKS, _class_of
from hoyle.solve.solution import Node, Solution
from hoyle.solve.spot import Spot

__all__ = ["add_solve"]


def _target(text: str) -> float:
    """``--target``: a fraction of the pot, ``0.005`` or ``0.5%``."""
    body = text.strip()
    scale = 100.0 if body.endswith("%") else 1.0
    try:
        value = float(body.removesuffix("%")) / scale
    except ValueError:
        raise SolveError(
            f"--target: {text!r} is not a fraction of the pot (0.005 or 0.5%)"
        ) from None
    return value


def _sizes(text: str) -> Any:
    """``--bets``/``--raises``: the sizes' text, or a JSON mapping by street and player."""
    if text.lstrip().startswith("{"):
        try:
            return json.loads(text)
        except ValueError as err:
            raise SolveError(f"the sizes' mapping is not JSON: {err}") from None
    return text


def _game(name: str | None) -> Any:
    if name is None:
        return None
    from hoyle import games

    presets = [n for n in games.__all__ if not isinstance(getattr(games, n), type)]
    if name not in presets:
        raise SolveError(
            f"--game: no preset {name!r} in hoyle.games; presets: {', '.join(presets)}"
        )
    return getattr(games, name)()


def _run(args: argparse.Namespace) -> int:
    spot = Spot(
        board=args.board,
        ranges=tuple(args.ranges),
        pot=args.pot,
        stack=args.stack,
        bets=_sizes(args.bets),
        raises=_sizes(args.raises),
        game=_game(args.game),
    )
    solution = spot.solve(
        target=_target(args.target),
        max_iterations=args.max_iterations,
        threads=args.threads,
        progress=not args.quiet,
    )
    report(spot, solution)
    if solution.interrupted:
        print("hoyle: interrupted (Ctrl-C): the solution so far is shown", file=sys.stderr)
        return 130
    return 0


def report(spot: Spot, solution: Solution) -> None:
    """Print what ``hoyle solve`` shows of a solved spot."""
    from rich.console import Console

    console = Console(width=max(Console().width, 100), highlight=False)
    board = "".join(str(c) for c in spot.board)
    print(f"spot: board {board}, pot {spot.pot}, stack {spot.stack} ({', '.join(spot.streets)})")
    x = solution.exploitability
    stop = " (interrupted)" if solution.interrupted else ""
    print(
        f"exploitability: {x:.4f} chips ({100 * x / spot.pot:.3f}% of the pot)"
        f" after {solution.iterations} iterations{stop}"
    )
    ev, eq = solution.ev, solution.equity
    print(f"ev: oop {ev[0]:.3f}, ip {ev[1]:.3f} chips")
    print(f"equity: oop {100 * eq[0]:.2f}%, ip {100 * eq[1]:.2f}%")
    root = solution.root
    freq = root.frequencies
    shown = ", ".join(f"{a} {100 * f:.1f}%" for a, f in zip(root.actions, freq, strict=True))
    print(f"root ({'oop' if root.player == 0 else 'ip'} to act): {shown}")
    if all(len(h) == 2 for h in root.hands):
        for i, action in enumerate(root.actions):
            console.print(grid(root, i, f"{action}: {100 * freq[i]:.1f}% of the range"))


def grid(node: Node, action: int, title: str) -> Any:
    """A rich table: the share of each hand class (13x13, aces first, suited
    above the diagonal) that takes ``action`` at ``node``, weighted by reach;
    ``.`` for classes not in the range here."""
    from rich import box
    from rich.table import Table

    strategy = node.strategy.astype(np.float64)
    reach = np.nan_to_num(node.reach_of(node.player or 0))
    took: dict[str, float] = {}
    held: dict[str, float] = {}
    for h, (a, b) in enumerate(node.hands):
        name = _class_of(a.id, b.id)
        held[name] = held.get(name, 0.0) + reach[h]
        took[name] = took.get(name, 0.0) + reach[h] * strategy[h, action]
    table = Table(title=title, box=box.SIMPLE, pad_edge=False, padding=(0, 1))
    ranks = RANKS[::-1]
    table.add_column("")
    for r in ranks:
        table.add_column(r, justify="right")
    for i, r in enumerate(ranks):
        row = []
        for j, c in enumerate(ranks):
            name = r + c if i == j else (r + c + "s" if j > i else c + r + "o")
            w = held.get(name, 0.0)
            row.append(f"{100 * took[name] / w:.0f}" if w > 0 else ".")
        table.add_row(r, *row)
    return table


def add_solve(commands: Any, trace: argparse.ArgumentParser) -> None:
    """The ``solve`` command's arguments."""
    p = commands.add_parser(
        "solve",
        help="solve a heads-up postflop spot (docs/solve.md)",
        description="Solve a heads-up spot from the flop, turn or river with Discounted CFR; "
        "print the exploitability reached, the EVs and the root strategy by hand class.",
        parents=[trace],
    )
    p.add_argument("--board", required=True, help="3, 4 or 5 cards, e.g. Td9d6hQc")
    p.add_argument("--ranges", nargs=2, required=True, metavar=("OOP", "IP"), help="the two ranges")
    p.add_argument("--pot", type=int, required=True, help="chips in the middle at the start")
    p.add_argument("--stack", type=int, required=True, help="each player's chips behind")
    p.add_argument(
        "--bets",
        default="50%, a",
        help='bet sizes: N%%, Nc, a, e (default "50%%, a"), or JSON by street and player',
    )
    p.add_argument(
        "--raises",
        default="3x, a",
        help='raise sizes: Nx, N%%, Nc, a, e (default "3x, a"), or JSON by street and player',
    )
    p.add_argument(
        "--target",
        default="0.5%",
        help="stop at this exploitability, of the pot: 0.5%% or 0.005 (default 0.5%%)",
    )
    p.add_argument(
        "--max-iterations",
        type=int,
        default=1000,
        help="stop after this many iterations (default 1000)",
    )
    p.add_argument("--threads", type=int, default=None, help="threads (default: all)")
    p.add_argument("--game", default=None, help="preset in hoyle.games (default: hold'em)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=_run)
