"""``hoyle stats FILES...``: the statistics table of hand history files."""

from __future__ import annotations

from pathlib import Path

import hoyle
import pytest
from hoyle.cli import main

SITES = Path(__file__).parent.parent / "data" / "sites" / "hhsmithy" / "PokerStars" / "CashGame"


def test_stats_prints_each_player(capsys: pytest.CaptureFixture[str]) -> None:
    session = hoyle.history.samples.path("pokerstars-session.txt")
    assert main(["stats", session]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:4] == ["player", "hands", "VPIP", "PFR"]
    stats = hoyle.history.statistics(hoyle.history.load(session))
    row = next(line.split() for line in out if line.startswith("jimmyhoo "))
    j = stats["jimmyhoo"]
    assert row[1:4] == [str(j.hands), f"{j.vpip_pct:.0f}", f"{j.pfr_pct:.0f}"]
    assert row[-2:] == [f"{j.net:f}", f"{j.ev_net:.2f}"]
    assert out[-1] == f"10 hands, {len(stats)} players; 0 hands not replayed, 0 files refused"


def test_stats_reports_a_refused_file(capsys: pytest.CaptureFixture[str]) -> None:
    bad = SITES / "Limits" / "AnteTable.txt"
    good = SITES / "GeneralHands" / "GeneralHand.txt"
    assert main(["stats", str(bad), str(good)]) == 1
    captured = capsys.readouterr()
    assert "the pot does not add up" in captured.err
    assert captured.out.splitlines()[-1].endswith("1 files refused")
