"""A spot's arguments resolved: checked (``_args``, ``_tree``) and turned into
the keyword arguments of the core's ``Solver.postflop`` and the plain JSON
values a saved solution keeps; and those JSON values read back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hoyle._core import Card
from hoyle.errors import SolveError
from hoyle.solve import _args, _tree
from hoyle.solve._run import count, number

__all__ = ["EXTRAS", "Resolved", "arguments_of", "resolve"]

#: The extras' keywords, each off by default.
EXTRAS = ("add_all_in", "merge", "raise_cap", "isomorphism", "max_memory")


@dataclass(frozen=True)
class Resolved:
    """A spot, checked: what the core is passed and what a file keeps."""

    kwargs: dict[str, Any]
    plain: dict[str, Any]
    board: tuple[Card, ...]
    streets: tuple[str, ...]
    rake: Any


def _extras(
    add_all_in: Any, merge: Any, raise_cap: Any, isomorphism: Any, max_memory: Any
) -> dict[str, Any]:
    """The extras, checked."""
    out: dict[str, Any] = {}
    for name, value, top in (("add_all_in", add_all_in, 1000.0), ("merge", merge, 1.0)):
        got = None if value is None else number(name, value)
        if got is not None and not 0 < got <= top:
            raise SolveError(f"{name} must be above 0 and at most {top:g}, got {value!r}")
        out[name] = got
    out["raise_cap"] = None if raise_cap is None else count("raise_cap", raise_cap, 0, 100)
    if not isinstance(isomorphism, bool):
        raise SolveError(f"isomorphism must be True or False, got {isomorphism!r}")
    out["isomorphism"] = isomorphism
    out["max_memory"] = None if max_memory is None else count("max_memory", max_memory, 1, 1 << 62)
    return out


def resolve(  # noqa: PLR0913, RUF100 - a Spot's keywords, each documented there
    *,
    board: Any,
    ranges: Any,
    pot: Any,
    stack: Any,
    bets: Any,
    raises: Any,
    game: Any,
    rake: Any,
    extras: dict[str, Any],
) -> Resolved:
    """``Spot``'s arguments checked and resolved (``SolveError`` for the first wrong)."""
    spec = _args.game_of(game)
    ids = _args.board_of(board, spec.deck)
    pot = _args.chips("pot", pot)
    stack = _args.chips("stack", stack)
    if pot + 2 * stack > _args.MAX_CHIPS:
        raise SolveError("pot + 2 * stack must be at most 2**64 - 1 chips")
    if isinstance(ranges, str) or not hasattr(ranges, "__len__") or len(ranges) != 2:
        raise SolveError("ranges are two: out of position's, then in position's")
    hands = [
        _args.range_of(r, who, spec, ids) for r, who in zip(ranges, ("oop", "ip"), strict=True)
    ]
    names = _args.street_names(ids)
    streets = _tree.streets_of(bets, raises, names)
    rake_core = _args.rake_of(rake, spec.rake)
    ex = _extras(**extras)
    cap = ex["raise_cap"] if ex["raise_cap"] is not None else spec.raise_cap
    if cap is None and spec.limit == "fixed":
        cap = 3  # capped at four bets a street
    kwargs: dict[str, Any] = {
        "board": list(ids),
        "hands": (hands[0][0], hands[1][0]),
        "weights": (hands[0][1], hands[1][1]),
        "pot": pot,
        "stack": stack,
        "streets": streets,
        "limit": spec.limit,
        "bet_units": None if spec.bet_units is None else list(spec.bet_units[-len(names) :]),
        "raise_cap": cap,
        "allin_threshold": ex["add_all_in"],
        "merge": ex["merge"],
        "game": spec.setup.shape,
        "rake": rake_core,
        "isomorphism": ex["isomorphism"],
        "max_memory": ex["max_memory"] or _args.default_memory(),
        **spec.setup.kwargs(),
    }
    plain: dict[str, Any] = {
        "board": "".join(str(Card(c)) for c in ids),
        "ranges": [
            [["".join(str(Card(c)) for c in combo), w] for combo, w in zip(*h, strict=True)]
            for h in hands
        ],
        "pot": pot,
        "stack": stack,
        "bets": _tree.plain(bets),
        "raises": _tree.plain(raises),
        "game": None if game is None else game.to_dict(),
        "rake": None if rake is None else rake.to_dict(),
        **{k: v for k, v in ex.items() if k != "max_memory"},
    }
    board_cards = tuple(Card(c) for c in ids)
    return Resolved(kwargs, plain, board_cards, names, rake if rake is not None else spec.rake)


def arguments_of(d: Any, *, max_memory: int | None = None) -> dict[str, Any]:
    """``Spot``'s keyword arguments from the JSON values ``Spot.to_dict`` wrote."""
    from hoyle.games import Game
    from hoyle.rake import Rake

    if not isinstance(d, dict) or not {"board", "ranges", "pot", "stack"} <= d.keys():
        raise SolveError("a spot is a table with board, ranges, pot and stack")
    known = {*EXTRAS, "board", "ranges", "pot", "stack", "bets", "raises", "game", "rake"}
    if d.keys() - known:
        raise SolveError(f"unknown spot field {sorted(d.keys() - known)[0]!r}")
    try:
        ranges = [{c: w for c, w in r} for r in d["ranges"]]
        game = None if d.get("game") is None else Game.from_dict(d["game"])
        rake = None if d.get("rake") is None else Rake.from_dict(d["rake"])
    except (TypeError, ValueError) as err:
        raise SolveError(f"a spot's field cannot be read: {err}") from None
    return {
        "board": d["board"],
        "ranges": ranges,
        "pot": d["pot"],
        "stack": d["stack"],
        "bets": d.get("bets", _tree.DEFAULT_BETS),
        "raises": d.get("raises", _tree.DEFAULT_RAISES),
        "game": game,
        "rake": rake,
        **{k: d[k] for k in EXTRAS if k in d and k != "max_memory"},
        "max_memory": max_memory,
    }


def resolve_plain(d: Any, *, max_memory: int | None = None) -> Resolved:
    """The spot ``Spot.to_dict`` wrote, resolved."""
    a = arguments_of(d, max_memory=max_memory)
    extras = {k: a.pop(k) for k in EXTRAS if k in a}
    return resolve(**a, extras=extras)
