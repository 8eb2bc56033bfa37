"""hoyle.plot: every drawing function returns a matplotlib ``Figure``,
leaves the backend and pyplot alone, writes a file only when asked, and
draws the real numbers (checked against ``hoyle.equity`` called here, a
brute force over the runouts with the naive oracle, and a simulation's own
totals); without matplotlib the module imports and each function says how
to get it. (Not in the quick subset: that runs without matplotlib.)"""

from __future__ import annotations

import doctest
import inspect
import itertools
import json
import os
import pathlib
import subprocess
import sys
from typing import Any

import hoyle
import numpy as np
import pytest
from hoyle import EquityError, GameError, HoyleError, Range, plot

from tests.support import ROOT
from tests.support.oracle import best_key

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def sim() -> hoyle.SimulationResult:
    return hoyle.simulate(
        "texas_holdem", ["tag", "station", "random"], hands=300, seed=5, history=True
    )


def _lines(fig: Any) -> list[Any]:
    """The labelled lines of the figure's first axes (not the zero line)."""
    return [ln for ln in fig.axes[0].get_lines() if not ln.get_label().startswith("_")]


def _ids(text: str) -> list[int]:
    return [c.id for c in hoyle.parse_cards(text)]


def _brute(hands: list[str], board: str) -> list[float]:
    """Each hand's pot share over every runout of ``board``, by the naive
    oracle (independent of hoyle's evaluator and its equity)."""
    holes, known = [_ids(h) for h in hands], _ids(board)
    used = set(known) | {c for h in holes for c in h}
    deck = [c for c in range(52) if c not in used]
    shares, n = [0.0] * len(hands), 0
    for rest in itertools.combinations(deck, 5 - len(known)):
        keys = [best_key([*h, *known, *rest]) for h in holes]
        best = max(keys)
        winners = [i for i, k in enumerate(keys) if k == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        n += 1
    return [s / n for s in shares]


# -- the contract: Figures, keyword options, no backend switch, files only on request


def test_range_grid_signature_is_fixed() -> None:
    sig = inspect.signature(plot.range_grid)
    params = list(sig.parameters.values())
    assert [p.name for p in params] == ["players", "board", "dead", "trials", "seed", "path"]
    assert params[0].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params[1:])
    assert sig.parameters["path"].default is None
    with pytest.raises(TypeError):
        plot.range_grid(["QQ+", "JJ"], "grid.png")  # type: ignore[call-arg]


def test_every_function_returns_a_figure_and_keeps_the_backend(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, sim: hoyle.SimulationResult
) -> None:
    matplotlib = pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    before = matplotlib.get_backend()

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("hoyle.plot called matplotlib.use")

    monkeypatch.setattr(matplotlib, "use", refuse)
    monkeypatch.chdir(tmp_path)
    figures = [
        plot.range_grid(["QQ+", "JJ"], trials=500),
        plot.equity_by_street(["AhKh", "QsQd"], board="2c7d9h", trials=2_000),
        plot.session(sim),
        plot.history_session(_histories(), "B"),
    ]
    assert all(isinstance(f, Figure) for f in figures)
    assert all(type(f) is type(figures[0]) for f in figures)  # hoyle's Picture, every one
    assert matplotlib.get_backend() == before
    assert list(tmp_path.iterdir()) == []  # no path=, no file


def test_no_pyplot_and_another_backend_kept() -> None:
    """In a fresh interpreter whose script chose the svg backend: after
    every drawing function the backend is still svg and pyplot was never
    imported (no figure registered, nothing left open)."""
    pytest.importorskip("matplotlib")
    script = """
import sys, matplotlib
matplotlib.use("svg")
import hoyle
from hoyle import plot
r = hoyle.simulate("texas_holdem", ["tight", "random"], hands=40, seed=1, history=True)
plot.range_grid(["KK+", "QQ"], trials=300)
plot.equity_by_street(["AhKh", "QsQd"], board="2c7d9h", trials=1_000)
plot.session(r)
stats = hoyle.history.statistics(
    hoyle.history.load(hoyle.history.samples.path("pokerstars-session.txt")))
plot.history_session(stats, "Zockermicha")
print(matplotlib.get_backend(), "matplotlib.pyplot" in sys.modules)
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["svg", "False"]


@pytest.mark.parametrize(("name", "magic"), [("out.png", PNG), ("out.svg", b"<?xml")])
def test_path_writes_the_file(
    tmp_path: pathlib.Path, sim: hoyle.SimulationResult, name: str, magic: bytes
) -> None:
    pytest.importorskip("matplotlib")
    for kind in ["grid", "streets", "session", "history"]:
        out = tmp_path / f"{kind}-{name}"
        if kind == "grid":
            plot.range_grid(["KK+", "QQ"], trials=300, path=out)
        elif kind == "streets":
            plot.equity_by_street(["AhKh", "QsQd"], board="", path=out)
        elif kind == "session":
            plot.session(sim, path=out)
        else:
            assert plot.history_session(_histories(), "B", path=out) is not None
        assert out.read_bytes()[: len(magic)] == magic
    assert os.path.getsize(tmp_path / f"grid-{name}") > 1_000


def test_a_format_matplotlib_cannot_write_is_refused_before_any_work(
    tmp_path: pathlib.Path,
) -> None:
    pytest.importorskip("matplotlib")
    with pytest.raises(HoyleError, match=r"hoyle.plot.range_grid: matplotlib writes .*png"):
        plot.range_grid(["AA", "KK"], trials=10**9, path=tmp_path / "grid.txt")
    assert list(tmp_path.iterdir()) == []


# -- the range grid draws the right cells and says what they are


def test_range_grid_one_hand_first_shows_every_class() -> None:
    pytest.importorskip("matplotlib")
    players, board = ["As Ks", "QQ+, AKs"], "Kh 7c 2d"
    fig = plot.range_grid(players, board=board, trials=1_000, seed=3)
    ax = fig.axes[0]
    title = ax.get_title()
    whole = hoyle.equity(players, board=board, seed=3)
    assert title.splitlines()[0] == f"AsKs vs QQ+, AKs on Kh7c2d: AsKs {whole.equity[0]:.1%}"
    assert "every hand class vs QQ+, AKs (AKs outlined)" in title
    cells = np.asarray(ax.images[0].get_array(), dtype=float)
    assert cells.shape == (13, 13)
    assert not np.isnan(cells).any()  # all 169 classes
    # the cells are each class against the range, as hoyle.equity gives it
    for name, (i, j) in {"AA": (0, 0), "KK": (1, 1), "AKs": (0, 1), "72o": (12, 7)}.items():
        alone = hoyle.equity([Range(name), "QQ+, AKs"], board=board, trials=1_000, seed=3)
        assert cells[i, j] == alone.equity[0], name
    from matplotlib.patches import Rectangle

    outlined = [p for p in ax.patches if isinstance(p, Rectangle) and not p.get_fill()]
    assert [tuple(p.get_xy()) for p in outlined] == [(0.5, -0.5)]  # row A, column K: AKs


def test_range_grid_range_first_shows_its_classes() -> None:
    pytest.importorskip("matplotlib")
    fig = plot.range_grid(["QQ+, AKs", "JJ"], board="2c 7d 9h", trials=1_000, seed=1)
    ax = fig.axes[0]
    assert ax.get_title().startswith("QQ+, AKs vs JJ on 2c7d9h: QQ+, AKs ")
    assert "cells: the classes of QQ+, AKs" in ax.get_title()
    cells = np.asarray(ax.images[0].get_array(), dtype=float)
    filled = {(int(i), int(j)) for i, j in zip(*np.nonzero(~np.isnan(cells)), strict=True)}
    assert filled == {(0, 0), (1, 1), (2, 2), (0, 1)}  # AA, KK, QQ, AKs
    assert [p for p in ax.patches if not p.get_fill()] == []


def test_grid_equity_cells() -> None:
    grid = plot.grid_equity(["QQ+, AKs", "JJ"], board="2c 7d 9h", trials=10_000, seed=1)
    assert set(grid) == {"AA", "KK", "QQ", "AKs"}
    assert grid["AA"] == hoyle.equity(["AA", "JJ"], board="2c7d9h", trials=10_000, seed=1).equity[0]
    assert grid["AA"] > 0.8
    assert grid["AKs"] < 0.4


def test_grid_equity_reads_a_four_character_range_as_a_range() -> None:
    """``ATs+`` is four characters, as one hand is: it is the range's four
    classes, not every class (as it was when length decided)."""
    assert set(plot.grid_equity(["ATs+", "QQ"], trials=500)) == {"ATs", "AJs", "AQs", "AKs"}
    assert len(plot.grid_equity(["AsTs", "QQ"], trials=500)) == 169
    with pytest.raises(hoyle.RangeError):
        plot.grid_equity(["AX", "QQ"], trials=500)


# -- equity street by street


def test_equity_by_street_draws_hoyle_equity() -> None:
    pytest.importorskip("matplotlib")
    players, board = ["AsKs", "QQ+, AKs", "JhTh"], "Kh7c2d5s9d"
    fig = plot.equity_by_street(players, board=board, seed=3)
    ax = fig.axes[0]
    boards = ["", "Kh7c2d", "Kh7c2d5s", "Kh7c2d5s9d"]
    expected = [hoyle.equity(players, board=b, seed=3) for b in boards]
    lines = _lines(fig)
    assert [ln.get_label() for ln in lines] == players
    for p, line in enumerate(lines):
        assert list(line.get_ydata()) == [e.equity[p] for e in expected]
        assert list(line.get_xdata()) == [0, 1, 2, 3]
    ticks = [t.get_text() for t in ax.get_xticklabels()]
    assert ticks == ["preflop", "flop\nKh7c2d", "turn\n5s", "river\n9d"]
    title = ax.get_title()
    assert title.splitlines()[0] == "AsKs vs QQ+, AKs vs JhTh on Kh7c2d5s9d"
    assert [e.exact for e in expected] == [False, True, True, True]
    assert "preflop Monte Carlo, 1,000,000 trials, seed 3; flop exact" in title


def test_street_equity_against_brute_force() -> None:
    streets = plot.street_equity(["AhKh", "QsQd"], board="2c7d9hTs")
    assert list(streets) == ["preflop", "flop", "turn"]
    assert round(streets["preflop"].equity[0], 6) == 0.462145  # README's, exact
    for street, board in [("flop", "2c7d9h"), ("turn", "2c7d9hTs")]:
        assert streets[street].exact
        assert list(streets[street].equity) == pytest.approx(
            _brute(["AhKh", "QsQd"], board), abs=1e-12
        )


def test_street_equity_trials_and_games() -> None:
    mc = plot.street_equity(["AhKh", "QQ"], board="2c7d9h", trials=5_000, seed=9)
    assert [e.exact for e in mc.values()] == [False, False]
    assert mc["flop"] == hoyle.equity(["AhKh", "QQ"], board="2c7d9h", trials=5_000, seed=9)
    omaha = plot.street_equity(["AsKsQdJd", "AA**"], board="Kh7c2d", game="omaha", seed=2)
    assert omaha["flop"] == hoyle.equity(["AsKsQdJd", "AA**"], board="Kh7c2d", game="omaha", seed=2)


def test_equity_by_street_names_every_kind_of_player() -> None:
    pytest.importorskip("matplotlib")
    omaha = hoyle.OmahaRange("AA**")
    fig = plot.equity_by_street(["As Ks Qd Jd", omaha], board="Kh7c2d", game="omaha", seed=2)
    assert [ln.get_label() for ln in _lines(fig)] == ["AsKsQdJd", "AA**"]
    assert fig.axes[0].get_title().startswith("AsKsQdJd vs AA** on Kh7c2d\n")
    mine = Range.from_combos([("AhKh", 1.0)])
    fig = plot.equity_by_street([mine, (47, 43), "QQ"], board="", trials=1_000)
    assert [ln.get_label() for ln in _lines(fig)] == ["a range of 1 combo", "KsQs", "QQ"]


@pytest.mark.parametrize("board", ["Kh", "Kh7c", "Kh7c2d5s9d3h"])
def test_street_equity_refuses_a_board_of_no_street(board: str) -> None:
    n = len(board) // 2
    with pytest.raises(EquityError, match=f"board: 0, 3, 4 or 5 cards .* got {n}"):
        plot.street_equity(["AhKh", "QQ"], board=board)


# -- the session graph


def test_session_lines_end_at_each_seats_total(sim: hoyle.SimulationResult) -> None:
    pytest.importorskip("matplotlib")
    fig = plot.session(sim)
    lines = _lines(fig)
    assert len(lines) == len(sim.seats) == 3
    for seat, line in zip(sim.seats, lines, strict=True):
        assert seat.bot in line.get_label()
        assert f"{seat.bb_per_100:+,.1f} bb/100" in line.get_label()
        ys = line.get_ydata()
        assert len(ys) == sim.hands + 1
        assert ys[0] == 0
        assert ys[-1] == seat.net / seat.big_blind  # the totals, not the history
        assert line.get_xdata()[-1] == sim.hands
    title = fig.axes[0].get_title()
    assert "texas_holdem: 300 hands, seed 5" in title
    assert f"big blind {sim.seats[0].big_blind}" in title


def test_session_curves_follow_the_hands(sim: hoyle.SimulationResult) -> None:
    curves = plot.session_curves(sim)
    assert sim.history is not None
    steps = np.diff(curves, axis=0) * np.array([s.big_blind for s in sim.seats])
    assert np.array_equal(steps, sim.history)
    assert list(curves[-1]) == [s.net / s.big_blind for s in sim.seats]


def test_session_needs_the_history() -> None:
    plain = hoyle.simulate("texas_holdem", ["tight", "random"], hands=20, seed=1)
    with pytest.raises(GameError, match=r"history=True"):
        plot.session_curves(plain)
    if plot_available():
        with pytest.raises(GameError, match=r"history=True"):
            plot.session(plain)


# -- the session graph of hand histories


def _histories() -> list[hoyle.history.HandHistory]:
    """Three hands of B's (p2): a river showdown it loses (-2), an all-in on
    the flop its KK wins against QQ (+101), the river showdown again (-2)."""
    from tests.history.test_statistics import DEAL4, _hand

    river = _hand(
        DEAL4 + '"p3 f", "p4 f", "p1 cc", "p2 cc", "d db 2h3h4s", "p1 cc", "p2 cc", '
        '"d db 7s", "p1 cc", "p2 cc", "d db 8d", "p1 cc", "p2 cc"'
    )
    allin = _hand(
        DEAL4 + '"p3 cbr 6", "p4 f", "p1 f", "p2 cc", "d db 2h3h4s", "p2 cbr 94", "p3 cc", '
        '"d db 7s", "d db 8d"'
    )
    return [river, allin, river]


def test_history_session_curves_against_a_naive_cumulative_sum() -> None:
    from tests.history.test_statistics import _naive_equity

    share = _naive_equity(["Kc", "Kd"], ["Qc", "Qd"], ["2h", "3h", "4s"])  # KK's, by brute force
    curves = plot.history_session_curves(_histories(), "B")
    net = list(itertools.accumulate([-2.0, 101.0, -2.0], initial=0.0))
    ev = list(itertools.accumulate([-2.0, share * 201 - 100, -2.0], initial=0.0))
    assert curves.shape == (4, 2)
    assert curves[:, 0].tolist() == net
    assert curves[:, 1].tolist() == pytest.approx(ev, abs=1e-9)
    stats = hoyle.history.statistics(_histories())
    assert curves[-1, 1] == pytest.approx(stats["B"].ev_net, abs=1e-9)
    # C folds twice, loses its stack once; A wins the showdowns, folds its small blind
    c = plot.history_session_curves(stats, "C")
    assert c[:, 0].tolist() == [0.0, 0.0, -100.0, -100.0]
    lost = (1 - share) * 201 - 100  # QQ's all-in adjusted net
    assert c[:, 1].tolist() == pytest.approx([0, 0, lost, lost], abs=1e-9)
    assert plot.history_session_curves(stats, "A")[:, 0].tolist() == [0.0, 2.0, 1.0, 3.0]
    with pytest.raises(hoyle.HistoryError, match="no player 'Z'"):
        plot.history_session_curves(stats, "Z")


def test_history_session_draws_the_curves() -> None:
    pytest.importorskip("matplotlib")
    hands = [
        h
        for path in sorted((ROOT / "tests" / "data" / "handhq").glob("*.phhs"))[:3]
        for h in hoyle.history.load(path)
    ]
    stats = hoyle.history.statistics(hands)
    name = max(stats, key=lambda n: stats[n].hands)
    fig = plot.history_session(stats, name)
    won, adjusted = _lines(fig)
    curves = plot.history_session_curves(stats, name)
    rows = stats.per_hand(name)
    assert list(won.get_ydata()) == list(itertools.accumulate(rows.net, initial=0.0))
    assert list(adjusted.get_ydata()) == list(curves[:, 1])
    assert list(won.get_xdata()) == list(range(stats[name].hands + 1))
    assert f"{stats[name].net:+,}" in won.get_label()
    assert f"{stats[name].allin_hands:,} all-in hands" in adjusted.get_label()
    assert f"{name}: {stats[name].hands:,} hands" in fig.axes[0].get_title()


def plot_available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


# -- without matplotlib

BLOCK = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] == "matplotlib":
            raise ImportError("no matplotlib here")
sys.meta_path.insert(0, Block())
"""


def test_without_matplotlib_imports_and_says_how_to_get_it() -> None:
    script = (
        BLOCK
        + """
from hoyle import plot, HoyleError
print(len(plot.grid_equity(["QQ+", "JJ"], trials=200)))
for name, call in [
    ("range_grid", lambda: plot.range_grid(["AA", "KK"], trials=10**9)),
    ("equity_by_street", lambda: plot.equity_by_street(["AA", "KK"], board="")),
    ("session", lambda: plot.session(None)),
    ("history_session", lambda: plot.history_session([], "B")),
]:
    try:
        call()
    except HoyleError as err:
        print(err)
from hoyle.cli import main
print(main(["equity", "AhKh", "QsQd", "--plot", "grid.png", "--quiet"]))
"""
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "3",
        *(
            f"hoyle.plot.{name} needs matplotlib: pip install matplotlib (it is optional)"
            for name in ["range_grid", "equity_by_street", "session", "history_session"]
        ),
        "2",  # before any work: no equity printed
    ]
    message = "hoyle: --plot needs matplotlib: pip install matplotlib (it is optional)\n"
    assert done.stderr == message


# -- the command


def test_cli_plot(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    from hoyle.cli import main

    out = tmp_path / "grid.png"
    args = ["equity", "AhKh", "QQ+", "--board", "2c7d9h", "--quiet", "--plot", str(out)]
    assert main([*args, "--plot-trials", "500", "--seed", "1"]) == 0
    assert out.read_bytes()[:8] == PNG
    assert f"plot: {out}" in capsys.readouterr().out
    bad = tmp_path / "grid.doc"
    assert main(["equity", "AhKh", "QQ+", "--quiet", "--plot", str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # refused before the equity was computed
    assert captured.err.startswith("hoyle: --plot: matplotlib writes ")
    assert not bad.exists()


def test_the_docs_page_examples() -> None:
    result = doctest.testfile(
        str(ROOT / "docs" / "plot.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert result.failed == 0
    assert result.attempted >= 4


# -- in a notebook


def test_a_figure_has_its_own_png_for_ipython() -> None:
    pytest.importorskip("matplotlib")
    from hoyle._picture import Picture

    fig = plot.equity_by_street(["AhKh", "QsQd"], board="", trials=1_000)
    assert isinstance(fig, Picture)
    png = fig._repr_png_()
    assert png[:8] == PNG
    assert len(png) > 5_000


def test_a_notebook_shows_the_figures_inline(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fresh kernel (this interpreter's) that never imports pyplot shows
    each figure as one PNG, as it does once pyplot set up the inline backend;
    the backend the kernel chose is left as it was."""
    pytest.importorskip("matplotlib")
    pytest.importorskip("ipykernel")
    nbclient = pytest.importorskip("nbclient")
    nbformat = pytest.importorskip("nbformat")
    spec = tmp_path / "kernels" / "hoyle-here"
    spec.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(json.dumps({"argv": argv, "language": "python"}))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path))
    code = [
        "import matplotlib\nbefore = matplotlib.get_backend()\nfrom hoyle import plot",
        "plot.equity_by_street(['AhKh', 'QsQd'], board='2c7d9h')",
        "plot.range_grid(['KK+', 'QQ'], trials=300)",
        "import matplotlib.pyplot\nplot.equity_by_street(['AhKh', 'QsQd'], board='')",
        "matplotlib.get_backend() == before",
    ]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in code])
    resources = {"metadata": {"path": str(ROOT)}}
    nbclient.NotebookClient(
        nb, kernel_name="hoyle-here", timeout=120, resources=resources
    ).execute()
    outputs = [cell.outputs for cell in nb.cells]
    assert outputs[0] == []
    for shown in outputs[1:4]:
        assert len(shown) == 1
        assert shown[0]["output_type"] == "execute_result"
        assert shown[0]["data"]["image/png"]  # base64 of the PNG
    assert outputs[4][0]["data"]["text/plain"] == "True"
