"""Pictures of equity and of sessions: the range grid, equity street by
street, a simulated session's winnings and a player's winnings in hand
histories (net and all-in adjusted), each a ``matplotlib.figure.Figure``.

The figures are made with matplotlib's object-oriented API (a ``Figure``
made directly, never through ``pyplot``): nothing here chooses a backend,
registers a figure with ``pyplot`` or leaves one open, so a notebook's
inline plots and a script's own backend are as they were. Each drawing
function returns its ``Figure`` (a notebook shows it; ``fig.savefig(...)``
writes it in any format) and writes a file only when given ``path=``.

matplotlib is optional (the ``test`` extra has it): this module imports
without it, and a drawing function says how to get it. The numbers behind
each picture come from functions that need no matplotlib: ``grid_equity``,
``street_equity``, ``session_curves`` and ``history_session_curves``.

>>> from hoyle import plot
>>> e = plot.street_equity(["AsKs", "QQ"], board="Kh7c2d5s")
>>> [(street, round(eq.equity[0], 4), eq.exact) for street, eq in e.items()]
[('preflop', 0.4605, True), ('flop', 0.9121, True), ('turn', 0.9545, True)]
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from hoyle._core import Card, parse_cards
from hoyle.errors import EquityError, GameError, HoyleError
from hoyle.odds import Equity, PlayerLike, equity
from hoyle.omaha_ranges import OmahaRange
from hoyle.ranges import RANKS, Range, hand_class, hand_classes

if TYPE_CHECKING:
    from matplotlib.figure import Figure  # type: ignore[import-not-found, unused-ignore]

    from hoyle.history.hand_history import HandHistory
    from hoyle.history.statistics import Statistics
    from hoyle.simulation import SimulationResult

__all__ = [
    "STREETS",
    "equity_by_street",
    "grid_equity",
    "history_session",
    "history_session_curves",
    "range_grid",
    "session",
    "session_curves",
    "street_equity",
]

#: The streets of a flop game, by the board cards dealt on them.
STREETS: dict[str, int] = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}

Cards = str | Iterable[str | int | Card]
Path = str | os.PathLike[str]


def _writable(who: str, path: Path | None) -> None:
    """Checks, before any work, that matplotlib is there and can write
    ``path``'s format (its extension); ``who`` names the caller in the
    message (``hoyle equity --plot`` checks its file with it too)."""
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise HoyleError(
            f"{who} needs matplotlib: pip install matplotlib (it is optional)"
        ) from None
    if path is not None:
        kind = os.path.splitext(os.fspath(path))[1].lstrip(".").lower()
        formats = FigureCanvasBase.get_supported_filetypes()
        if kind not in formats:
            raise HoyleError(
                f"{who}: matplotlib writes {', '.join(sorted(formats))} files, named by their "
                f"extension; got {os.fspath(path)!r}"
            )


def _figure(name: str, path: Path | None, **kwargs: Any) -> Figure:
    """A new ``Figure`` (a ``_picture.Picture``: shown inline in a notebook
    whether or not ``pyplot`` set that up), not known to ``pyplot``, once
    ``_writable`` has passed, so that a drawing function fails before its
    work."""
    _writable(f"hoyle.plot.{name}", path)
    from hoyle._picture import Picture

    return Picture(layout="constrained", **kwargs)


def _save(fig: Figure, path: Path | None) -> Figure:
    if path is not None:
        fig.savefig(path, dpi=120)
    return fig


def _hand(player: object) -> tuple[Card, ...] | None:
    """The player's cards when it is one known hand, else None (a range)."""
    if isinstance(player, Range | OmahaRange):
        return None
    try:
        return parse_cards(player)  # type: ignore[arg-type]
    except (HoyleError, TypeError):
        return None


def _name(player: object) -> str:
    """A player as a title shows it: a hand's cards, a range's text."""
    if isinstance(player, Range | OmahaRange):
        n = len(player)
        return player.text or f"a range of {n} combo{'' if n == 1 else 's'}"
    cards = _hand(player)
    if cards is not None:
        return "".join(map(str, cards))
    return " ".join(str(player).split())


def _where(board: Cards, dead: Cards) -> str:
    """``on Kh7c2d`` (or ``preflop``), and the dead cards if any."""
    shown = "".join(map(str, parse_cards(board)))
    out = f"on {shown}" if shown else "preflop"
    gone = "".join(map(str, parse_cards(dead)))
    return out + (f", {gone} dead" if gone else "")


def _first_range(first: str | Range) -> Range | None:
    """The first player's range, or None when it is one two-card hand."""
    if isinstance(first, Range):
        return first
    cards = _hand(first)
    if cards is not None and len(cards) == 2:
        return None
    return Range(first)  # its RangeError says what is wrong


def grid_equity(
    players: Sequence[str | Range],
    *,
    board: Cards = "",
    dead: Cards = "",
    trials: int = 20_000,
    seed: int | None = 0,
) -> dict[str, float]:
    """The equity of starting-hand classes against the other players (hands
    or ranges) on ``board``, with ``dead`` cards out, as ``hoyle.equity``
    gives it with the class (all its combos) in the first player's place.

    When the first player is a range, its classes are the cells; when it is
    one hand (``"AsKs"``), every one of the 169 classes is (the grid then
    shows where that hand's class stands among all hands). A class whose
    every combo is blocked is left out. Each class is one Monte Carlo run
    of ``trials`` (the same ``seed`` for each); ``hoyle.equity``'s errors
    are raised for anything else. ``range_grid`` draws it.

    >>> g = grid_equity(["QQ+, AKs", "JJ"], trials=20_000, seed=1)
    >>> sorted(g), min(g["AA"], g["KK"], g["QQ"]) > 0.75, 0.4 < g["AKs"] < 0.5
    (['AA', 'AKs', 'KK', 'QQ'], True, True)
    >>> len(grid_equity(["AsKs", "QQ+"], board="Kh7c2d", trials=1_000))  # every class
    169
    """
    if not isinstance(players, Sequence) or isinstance(players, str) or not players:
        raise EquityError("players must be a list of hands or ranges, one per player")
    rng = _first_range(players[0])
    classes = list(rng.classes()) if rng is not None else hand_classes()
    out: dict[str, float] = {}
    for name in classes:
        try:
            eq = equity(
                [Range(name), *players[1:]], board=board, dead=dead, trials=trials, seed=seed
            )
        except EquityError as err:
            if "every combo is blocked" in str(err):
                continue  # the board, the dead cards or a known hand holds them all
            raise
        out[name] = eq.equity[0]
    return out


def range_grid(
    players: Sequence[str | Range],
    *,
    board: Cards = "",
    dead: Cards = "",
    trials: int = 20_000,
    seed: int | None = 0,
    path: Path | None = None,
) -> Figure:
    """The 13x13 grid of ``grid_equity``: aces first, pairs on the
    diagonal, suited classes above it, each cell coloured and labelled by
    its equity. The title says who is against what on which board, with the
    first player's equity (``hoyle.equity`` of the players as given: exact
    where it is cheap, else a million trials).

    A range first (``["QQ+, AKs", "JJ"]``) fills the cells of its classes
    only. One hand first (``["AsKs", "QQ+, AKs"]``) fills every class and
    outlines the hand's own (a poker player's question: how does my hand
    stand, and which hands do better against that range?); the title then
    says the cells are every hand class. Saved at ``path`` (its extension
    is the format) when given; the figure is returned either way.
    """
    fig = _figure("range_grid", path, figsize=(8, 7.6))
    whole = equity(list(players), board=board, dead=dead, seed=seed)
    values = grid_equity(players, board=board, dead=dead, trials=trials, seed=seed)
    first, against = _name(players[0]), " vs ".join(_name(p) for p in players[1:])
    hand = _first_range(players[0]) is None
    mine = hand_class(players[0]) if hand else None  # type: ignore[arg-type]
    cells = (
        f"every hand class vs {against} ({mine} outlined)" if hand else f"the classes of {first}"
    )
    names = hand_classes()
    grid = [[values.get(names[13 * i + j], math.nan) for j in range(13)] for i in range(13)]
    ax = fig.add_subplot()
    image = ax.imshow(grid, cmap="RdYlGn", vmin=0.0, vmax=1.0)
    labels = list(reversed(RANKS))
    ax.set_xticks(range(13), labels)
    ax.set_yticks(range(13), labels)
    for i in range(13):
        for j in range(13):
            v = grid[i][j]
            if not math.isnan(v):
                text = f"{names[13 * i + j]}\n{v * 100:.0f}"
                ax.text(j, i, text, ha="center", va="center", fontsize=6)
            if names[13 * i + j] == mine:
                from matplotlib.patches import Rectangle

                ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, lw=2.5))
    ax.set_title(
        f"{first} vs {against} {_where(board, dead)}: {first} {whole.equity[0]:.1%}\n"
        f"cells: {cells}, equity in %, {trials:,} trials each",
        fontsize=10,
    )
    fig.colorbar(image, ax=ax, fraction=0.046, label="equity")
    return _save(fig, path)


def street_equity(
    players: Sequence[PlayerLike],
    *,
    board: Cards,
    dead: Cards = (),
    game: Any = None,
    trials: int | None = None,
    seed: int | None = 0,
) -> dict[str, Equity]:
    """``hoyle.equity`` of ``players`` on each street of ``board``:
    preflop, then the flop, turn and river as far as the board's cards go
    (0, 3, 4 or 5 of them), keyed by street. ``trials`` None lets
    ``hoyle.equity`` choose (exact where that is cheap, as it mostly is
    from the flop on, else a million trials); a number asks for Monte Carlo
    of that many trials on every street. ``seed``, ``dead`` and ``game`` (a
    flop game: hold'em, Omaha, short deck...) are ``hoyle.equity``'s.

    >>> e = street_equity(["AhKs", "QQ+, AKs"], board="Kh7c2d", seed=1)
    >>> {street: (round(eq.equity[0], 2), eq.exact) for street, eq in e.items()}
    {'preflop': (0.33, True), 'flop': (0.56, True)}
    """
    cards = parse_cards(board)
    if len(cards) not in STREETS.values():
        raise EquityError(
            f"board: 0, 3, 4 or 5 cards (preflop, the flop, the turn, the river), got {len(cards)}"
        )
    return {
        street: equity(players, board=cards[:n], dead=dead, game=game, trials=trials, seed=seed)
        for street, n in STREETS.items()
        if n <= len(cards)
    }


def equity_by_street(
    players: Sequence[PlayerLike],
    *,
    board: Cards,
    dead: Cards = (),
    game: Any = None,
    trials: int | None = None,
    seed: int | None = 0,
    path: Path | None = None,
) -> Figure:
    """Each player's equity street by street (``street_equity``), one line
    per player, each point labelled; the title names the players and the
    board, the subtitle how each street was counted. Saved at ``path`` when
    given; the figure is returned either way."""
    fig = _figure("equity_by_street", path, figsize=(8, 4.8))
    streets = street_equity(players, board=board, dead=dead, game=game, trials=trials, seed=seed)
    cards, ticks, dealt = parse_cards(board), [], 0
    for street in streets:  # each street's tick names the cards it dealt
        n = STREETS[street]
        ticks.append(f"{street}\n{''.join(map(str, cards[dealt:n]))}" if n else street)
        dealt = n
    ax = fig.add_subplot()
    x = list(range(len(streets)))
    for p, player in enumerate(players):
        ys = [eq.equity[p] for eq in streets.values()]
        ax.plot(x, ys, marker="o", label=_name(player))
        for xi, y in zip(x, ys, strict=True):
            ax.annotate(f"{y:.1%}", (xi, y), textcoords="offset points", xytext=(0, 7), ha="center")
    from matplotlib.ticker import PercentFormatter

    ax.set_xticks(x, ticks)
    ax.set_ylim(0, 1.08)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylabel("equity")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="best", fontsize=8)
    how = "; ".join(
        f"{street} "
        + ("exact" if eq.exact else f"Monte Carlo, {eq.trials:,} trials, seed {eq.seed}")
        for street, eq in streets.items()
    )
    who = " vs ".join(_name(p) for p in players)
    ax.set_title(f"{who} {_where(board, dead)}\n{how}", fontsize=10)
    return _save(fig, path)


def session_curves(result: SimulationResult) -> np.ndarray[Any, np.dtype[np.float64]]:
    """Each seat's cumulative winnings in big blinds after each hand of a
    ``simulate(..., history=True)`` result: a float array of shape
    ``(hands + 1, seats)``, row 0 the start (all 0), row ``k`` the total
    after hand ``k``; the last row is each seat's ``net / big_blind``. A
    result without the hands' history raises ``GameError``.

    >>> import hoyle
    >>> r = hoyle.simulate("texas_holdem", ["tight", "random"], hands=200, seed=1, history=True)
    >>> curves = session_curves(r)
    >>> curves.shape, list(curves[-1]) == [s.net / s.big_blind for s in r.seats]
    ((201, 2), True)
    """
    history = result.history
    if history is None:
        raise GameError("a session plot needs each hand's result: run simulate(..., history=True)")
    nets = np.asarray(history, dtype=np.int64)
    if nets.shape != (result.hands, len(result.seats)):
        raise GameError(
            f"the history is {nets.shape}, not one row per hand and one column per seat "
            f"({result.hands}, {len(result.seats)})"
        )
    totals = np.vstack([np.zeros((1, nets.shape[1]), np.int64), np.cumsum(nets, axis=0)])
    big_blinds = np.array([s.big_blind for s in result.seats], dtype=np.float64)
    out: np.ndarray[Any, np.dtype[np.float64]] = totals / big_blinds
    return out


def session(result: SimulationResult, *, path: Path | None = None) -> Figure:
    """A session graph: each seat's cumulative big blinds over the hands of
    a ``simulate(..., history=True)`` result (``session_curves``), one line
    per seat labelled with its bot and its bb/100 with the 95% interval.
    Saved at ``path`` when given; the figure is returned either way."""
    fig = _figure("session", path, figsize=(8, 4.8))
    curves = session_curves(result)
    ax = fig.add_subplot()
    hands = np.arange(curves.shape[0])
    for column, seat in enumerate(result.seats):
        low, high = seat.ci95
        label = (
            f"seat {seat.seat} {seat.bot}: {seat.bb_per_100:+,.1f} bb/100"
            f" ({low:+,.0f} to {high:+,.0f})"
        )
        ax.plot(hands, curves[:, column], label=label, linewidth=1.2)
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("hands")
    ax.set_ylabel("big blinds won")
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=8)
    stacks = sorted(set(result.stacks))
    chips = "/".join(f"{s:,}" for s in stacks) if stacks else "?"
    policy = "reset every hand" if result.reset_stacks else "carried over, rebuys"
    ax.yaxis.set_major_formatter("{x:,.0f}")
    ax.set_title(
        f"{result.game}: {result.hands:,} hands, seed {result.seed}\n"
        f"big blind {result.seats[0].big_blind:,}, stacks {chips} ({policy})",
        fontsize=10,
    )
    return _save(fig, path)


def _counted(histories: Statistics | Iterable[HandHistory]) -> Statistics:
    from hoyle.history.statistics import Statistics, statistics

    return histories if isinstance(histories, Statistics) else statistics(histories)


def history_session_curves(
    histories: Statistics | Iterable[HandHistory], player: str
) -> np.ndarray[Any, np.dtype[np.float64]]:
    """``player``'s cumulative winnings and all-in adjusted winnings (the
    files' money) after each of its hands in ``histories`` (hand histories,
    or the ``hoyle.history.statistics`` of them): a float array of shape
    ``(hands + 1, 2)``, row 0 the start (0, 0), row ``k`` the totals after
    its ``k``-th hand, column 0 the net and column 1 the all-in adjusted
    net (``Statistics.per_hand``); the last row is about its ``net`` and
    ``ev_net``. A player not in them raises ``HistoryError``.

    >>> import hoyle
    >>> hands = hoyle.history.load(hoyle.history.samples.path("pokerstars-session.txt"))
    >>> curves = history_session_curves(hands, "Zockermicha")
    >>> curves.shape, [float(x) for x in curves[-1]]
    ((11, 2), [5.0, 5.0])
    """
    rows = _counted(histories).per_hand(player)
    steps = np.column_stack([rows.net, rows.ev_net])
    out: np.ndarray[Any, np.dtype[np.float64]] = np.vstack(
        [np.zeros((1, 2)), np.cumsum(steps, axis=0)]
    )
    return out


def history_session(
    histories: Statistics | Iterable[HandHistory], player: str, *, path: Path | None = None
) -> Figure:
    """A session graph of hand histories: ``player``'s cumulative winnings
    and its all-in adjusted winnings (trackers' "EV" line) over its hands
    (``history_session_curves``); the gap between them is what luck in the
    all-ins before the river gave or took. ``histories`` are hand histories
    or their ``hoyle.history.statistics`` (counted once, on any executor).
    Saved at ``path`` when given; the figure is returned either way."""
    fig = _figure("history_session", path, figsize=(8, 4.8))
    stats = _counted(histories)
    curves = history_session_curves(stats, player)
    p = stats[player]
    ax = fig.add_subplot()
    hands = np.arange(curves.shape[0])
    ax.plot(hands, curves[:, 0], label=f"won: {p.net:+,}", linewidth=1.2)
    ax.plot(
        hands,
        curves[:, 1],
        label=f"all-in adjusted: {p.ev_net:+,.2f} ({p.allin_hands:,} all-in hands)",
        linewidth=1.2,
    )
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xlabel(f"{player}'s hands")
    ax.set_ylabel("won (the files' money)")
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=8)
    rate = p.bb_per_100
    per_100 = f", {rate:+,.1f} bb/100" if rate is not None else ""
    ax.set_title(
        f"{player}: {p.hands:,} hands{per_100}\n"
        f"VPIP {p.vpip_pct:.1f}%, PFR {p.pfr_pct:.1f}%, went to showdown {p.wtsd_pct:.1f}%",
        fontsize=10,
    )
    return _save(fig, path)
