"""``hoyle play`` that measures: ``--bot`` takes one of ``--seats``, the
stack options, ``--blinds``, ``--json`` and ``--csv`` (their numbers are
``hoyle.simulate``'s of the same match), the summary's title and legend, a
table that never splits a cell when piped to a narrow reader, ``--traceback``
for a bot's crash, the same seed the same result on a pool."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import hoyle
import pytest
from hoyle import play
from hoyle.cli import main

BASE = ["play", "--hands", "300", "--seed", "5", "--quiet"]
CALLER = "tests.support.sim_bots:caller"
ROOT = Path(__file__).resolve().parents[2]


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main([*BASE, *args, "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def test_json_is_the_simulation_of_the_same_match(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys)
    expected = hoyle.simulate("texas_holdem", list(play.DEFAULT_BOTS), hands=300, seed=5)
    assert data["game"] == "texas_holdem"
    assert data["blinds"] == [1, 2]
    assert data["stacks"] == [200] * 6
    assert (data["hands"], data["seed"], data["reset_stacks"]) == (300, 5, True)
    assert [s["bot"] for s in data["seats"]] == list(play.DEFAULT_BOTS)
    for got, want in zip(data["seats"], expected.seats, strict=True):
        assert (got["seat"], got["net"], got["won"], got["buy_ins"]) == (
            want.seat,
            want.net,
            want.won,
            want.buy_ins,
        )
        assert got["bb_per_100"] == pytest.approx(100 * want.net / (2 * 300))
        assert got["ci95"] == pytest.approx(list(want.ci95))
        assert got["vpip"] == want.vpip / 300
    assert sum(s["net"] for s in data["seats"]) == 0


def test_a_users_bot_takes_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "--bot", CALLER)
    assert [s["bot"] for s in data["seats"]] == [CALLER, *play.DEFAULT_BOTS[:5]]
    data = _json(capsys, "--bot", CALLER, "--bot", CALLER, "--seats", "3")
    assert [s["bot"] for s in data["seats"]] == [CALLER, CALLER, "tag"]
    data = _json(capsys, "--bots", "tag,station", "--seats", "5")  # repeated to fill
    assert [s["bot"] for s in data["seats"]] == ["tag", "station", "tag", "station", "tag"]
    data = _json(capsys, "--bots", "tag,station")
    assert [s["bot"] for s in data["seats"]] == ["tag", "station"]
    assert main([*BASE, "--bot", CALLER, "--bot", CALLER, "--seats", "1"]) == 2
    assert "2 bots of yours do not fit at 1 seats" in capsys.readouterr().err


def test_stacks_blinds_and_the_stack_policy(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "--stacks", "500", "--blinds", "5 10")
    assert (data["stacks"], data["blinds"], data["big_blind"]) == ([500] * 6, [5, 10], 10)
    want = hoyle.simulate(
        hoyle.games.texas_holdem(blinds=(5, 10)),
        list(play.DEFAULT_BOTS),
        hands=300,
        seed=5,
        stacks=500,
    )
    assert [s["net"] for s in data["seats"]] == [s.net for s in want.seats]
    assert data["seats"][0]["bb_per_100"] == pytest.approx(100 * want.seats[0].net / 3000)
    reset = _json(capsys, "--reset-stacks")
    assert reset["reset_stacks"]
    assert [s["buy_ins"] for s in reset["seats"]] == [1] * 6
    carried = _json(capsys, "--carry-stacks")
    assert not carried["reset_stacks"]
    assert sum(s["buy_ins"] for s in carried["seats"]) > 6  # the stations bust and buy in
    assert carried["seats"] != reset["seats"]
    assert main([*BASE, "--game", "razz", "--blinds", "1 2"]) == 2
    assert "razz has no blinds" in capsys.readouterr().err
    assert main([*BASE, "--blinds", "2 1"]) == 2
    assert "small to big" in capsys.readouterr().err
    assert main([*BASE, "--blinds", "x"]) == 2
    assert "--blinds" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*BASE, "--reset-stacks", "--carry-stacks"])
    assert "not allowed with argument" in capsys.readouterr().err


def test_csv_has_a_row_per_seat_with_the_json_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "--seats", "4")
    assert main([*BASE, "--seats", "4", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == 4
    for row, seat in zip(rows, data["seats"], strict=True):
        assert row["game"] == "texas_holdem"
        assert row["blinds"] == "1 2"
        assert (row["seat"], row["bot"], row["net"]) == (
            str(seat["seat"]),
            seat["bot"],
            str(seat["net"]),
        )
        assert float(row["bb_per_100"]) == pytest.approx(seat["bb_per_100"])
        assert float(row["ci95_low"]) == pytest.approx(seat["ci95"][0])
        assert float(row["vpip"]) == pytest.approx(seat["vpip"])


def test_the_summary_says_what_it_measured(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*BASE, "--stacks", "300"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "texas_holdem: 300 hands" in out
    assert "blinds 1/2" in out
    assert "stacks 300 (150 big blinds) reset every hand" in out
    assert "seed 5" in out
    for words in ("bb/100:", "±95%:", "pots won:", "showdowns:", "VPIP:", "PFR:", "buy-ins:"):
        assert words in out  # the legend explains each column
    for name in play.DEFAULT_BOTS:
        assert name in out
    assert main([*BASE, "--carry-stacks"]) == 0
    assert "carried over, rebuys" in " ".join(capsys.readouterr().out.split())


def test_piped_to_a_narrow_reader_no_cell_is_split() -> None:
    """``COLUMNS=40`` and a pipe: every seat's row is one line holding its
    whole numbers (the table is printed at its own width)."""
    env = {**os.environ, "COLUMNS": "40", "PYTHONPATH": str(ROOT)}
    argv = [sys.executable, "-m", "hoyle.cli", *BASE, "--bot", CALLER]
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    data = json.loads(
        subprocess.run(
            [*argv, "--json"], capture_output=True, text=True, env=env, cwd=ROOT, check=True
        ).stdout
    )
    lines = done.stdout.splitlines()
    assert max(len(line) for line in lines) > 40  # wider than COLUMNS: nothing was folded
    for seat in data["seats"]:
        cells = [
            seat["bot"],
            f"{seat['net']:+,}",
            f"{seat['bb_per_100']:+,.1f}",
            f"{(seat['ci95'][1] - seat['ci95'][0]) / 2:,.1f}",
            f"{seat['vpip']:.1%}",
            f"{seat['pfr']:.1%}",
        ]
        row = [line for line in lines if f" {seat['bot']} " in line]
        assert len(row) == 1
        for cell in cells:
            assert cell in row[0], (cell, row[0])


def test_traceback_shows_where_a_bot_crashed(tmp_path: Path) -> None:
    (tmp_path / "crashing.py").write_text("def bot(hand, rng):\n    1 / 0\n")
    argv = [sys.executable, "-m", "hoyle.cli", "play", "--bot", "crashing:bot", "--quiet"]
    plain = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert plain.returncode == 2
    assert plain.stderr.count("\n") == 1
    traced = subprocess.run(
        [*argv, "--traceback"], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert traced.returncode == 2
    assert "Traceback (most recent call last)" in traced.stderr
    assert 'crashing.py", line 2, in bot' in traced.stderr
    assert "ZeroDivisionError: division by zero" in traced.stderr
    assert traced.stderr.endswith(plain.stderr)  # and the one line last


def test_the_same_seed_on_a_pool(capsys: pytest.CaptureFixture[str]) -> None:
    here = _json(capsys, "--carry-stacks")
    far = _json(capsys, "--carry-stacks", "--workers", "2")
    here.pop("seconds")
    far.pop("seconds")
    assert far == here


def test_plain_hoyle_play_seats_the_baselines(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--quiet", "--seed", "1"]) == 0  # the default: 2,000 hands
    out = capsys.readouterr().out
    assert "texas_holdem: 2,000 hands" in out
    for name in ("tag", "equity", "station", "loose", "random", "tight"):
        assert f" {name} " in out
