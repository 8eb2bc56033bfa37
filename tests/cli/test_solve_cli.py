"""``hoyle solve``: a spot solved from the command line prints the
exploitability reached, the EVs and the root strategy as 13x13 grids of
action frequencies by hand class (plain text when piped); its errors are one
line ``hoyle: ...`` with exit 2, and Ctrl-C prints the solution so far (exit 130)."""

from __future__ import annotations

import re
import subprocess
import sys

import numpy as np
import pytest
from hoyle.cli import main
from hoyle.ranges import hand_class
from hoyle.solve import Spot

from tests.support import ROOT, children, interrupt

ARGS = ["--board", "Ks7d2c4h9s", "--ranges", "AA,KK,QQ,AKs", "KQ,JJ,A7s", "--pot", "60",
        "--stack", "100", "--bets", "75%", "--raises", "a", "--target", "0.1%",
        "--quiet"]  # fmt: skip


def _grid(out: str, title: str) -> dict[str, str]:
    """The cells of the grid titled ``title``: hand class -> text."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith(title))
    ranks = "AKQJT98765432"
    cells: dict[str, str] = {}
    rows = [line.split() for line in lines[start + 1 :]]
    rows = [row for row in rows if row and row[0] in ranks and row != list(ranks)]
    for r, row in zip(ranks, rows[:13], strict=True):
        assert row[0] == r
        for j, (c, text) in enumerate(zip(ranks, row[1:], strict=True)):
            i = ranks.index(r)
            name = r + c if i == j else (r + c + "s" if j > i else c + r + "o")
            cells[name] = text
    return cells


def test_solve_prints_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", *ARGS]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "spot: board Ks7d2c4h9s, pot 60, stack 100 (river)" in out
    x = float(re.search(r"exploitability: ([0-9.]+) chips", out).group(1))  # type: ignore[union-attr]
    assert x <= 0.06
    ev = re.search(r"ev: oop ([-0-9.]+), ip ([-0-9.]+) chips", out)
    assert ev is not None
    assert float(ev.group(1)) + float(ev.group(2)) == pytest.approx(60, abs=2e-3)
    assert "\x1b[" not in out  # no terminal codes when piped
    # the grid of "bet 45" against the same spot solved through the API
    sol = Spot(board="Ks7d2c4h9s", ranges=("AA,KK,QQ,AKs", "KQ,JJ,A7s"), pot=60, stack=100,
               bets="75%", raises="a").solve(target=0.001)  # fmt: skip
    root = sol.root
    assert root.actions == ("check", "bet 45")
    cells = _grid(out, "bet 45:")
    took: dict[str, list[float]] = {}
    for hand, row in zip(root.hands, root.strategy, strict=True):
        took.setdefault(hand_class(hand), []).append(float(row[1]))
    for name, text in cells.items():
        if name in took:
            assert abs(int(text) - 100 * np.mean(took[name])) <= 1, name
        else:
            assert text == ".", name
    assert set(took) == {"AA", "KK", "QQ", "AKs"}
    shown = re.search(r"root \(oop to act\): check ([0-9.]+)%, bet 45 ([0-9.]+)%", out)
    assert shown is not None
    assert float(shown.group(1)) + float(shown.group(2)) == pytest.approx(100, abs=0.11)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (["--bets", "75%, 7o%"], "bets (river, oop): cannot read the size '7o%'"),
        (["--raises", "3"], "raises (river, oop): cannot read the size '3'"),
        (["--board", "Ks7d"], "board must hold 3, 4 or 5 cards"),
        (["--board", "Ks7dKs"], "duplicate card Ks"),
        (["--pot", "0"], "pot must be a positive integer number of chips, got 0"),
        (["--target", "half"], "--target: 'half' is not a fraction of the pot"),
        (["--threads", "0"], "threads must be an integer from 1"),
        (["--game", "razz"], "game 'razz' is not a board game"),
        (["--game", "nope"], "--game: no preset 'nope'"),
        (["--bets", "{bad json"], "the sizes' mapping is not JSON"),
    ],
)
def test_errors_are_one_line(
    change: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    name, value = change
    args = _with(**{name[2:]: value}) if name in ARGS else [*ARGS, name, value]
    assert main(["solve", *args]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith("hoyle: ")
    assert says in err


def _with(**options: str) -> list[str]:
    """``ARGS`` with some options' values changed (``stack="30"``)."""
    args = list(ARGS)
    for name, value in options.items():
        args[args.index("--" + name.replace("_", "-")) + 1] = value
    return args


def test_a_mapping_of_sizes_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    bets = '{"turn": {"oop": "a", "ip": "50%"}, "river": "a"}'
    assert main(["solve", *_with(board="Ks7d2c4h", stack="30", bets=bets)]) == 0
    out = capsys.readouterr().out
    assert "(turn, river)" in out
    assert "root (oop to act): check" in out
    assert "all-in 30" in out


def test_piped_through_the_real_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hoyle.cli", "solve", *ARGS],
        capture_output=True,
        text=True,
        env=children.env(),
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "exploitability:" in done.stdout
    assert "\x1b[" not in done.stdout
    assert len(_grid(done.stdout, "check:")) == 169


CHILD = """
import sys
from hoyle.cli import main
from hoyle.solve import Spot

plain = Spot.solve


def solve(self, **kwargs):  # says "moving" once the tree is built and iterating
    def moving(iterations, exploitability):
        if iterations == 10:
            print("moving", flush=True)
    return plain(self, **{**kwargs, "progress": moving})


Spot.solve = solve
sys.exit(main(sys.argv[1:]))
"""


def test_ctrl_c_prints_the_solution_so_far() -> None:
    args = ["solve", "--board", "Td9d6hQc", "--ranges",
            "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s",
            "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+",
            "--pot", "200", "--stack", "900", "--bets", "60%, a", "--raises", "2.5x, a",
            "--target", "0", "--max-iterations", "1000000", "--quiet"]  # fmt: skip
    status, err, waited = interrupt.interrupt_when_moving(CHILD, args, after=1.0, timeout=120)
    assert status == 130, err[-2000:]
    assert err.strip().splitlines()[-1] == (
        "hoyle: interrupted (Ctrl-C): the solution so far is shown"
    )
    assert waited < 30


def test_omaha_from_the_shell(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["solve", "--board", "Td9d6h2c3s", "--ranges", "AsKsQdJd, 7h7c6s5s@50",
            "QhQcJhJc, 8h8c7s7d", "--pot", "100", "--stack", "200", "--game", "omaha",
            "--quiet"]  # fmt: skip
    assert main(args) == 0
    out = capsys.readouterr().out
    # pot limit: the all-in is capped at the pot
    assert "root (oop to act): check" in out
    assert "bet 100" in out
    assert "all-in" not in out
    assert "of the range" not in out  # no 13x13 grid for four-card hands
