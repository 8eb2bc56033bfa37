"""``hoyle equity`` reads the range language of issue 27: percent ranges,
Omaha patterns, and names both holders of a duplicate card."""

from __future__ import annotations

import hoyle
import pytest
from hoyle import games
from hoyle.cli import main


def test_percent_and_omaha_ranges_from_the_shell(capsys: pytest.CaptureFixture[str]) -> None:
    main(["equity", "AA**", "KKQQds", "--game", "omaha", "--trials", "65536", "--seed", "3"])
    out = capsys.readouterr().out
    want = hoyle.equity(["AA**", "KKQQds"], game=games.omaha(), trials=65536, seed=3)
    assert f"{want.equity[0] * 100:.3f}%" in out
    assert "combos 6961" in out
    assert "combos 6" in out
    main(["equity", "15%", "AKs", "--exact", "--quiet"])
    out = capsys.readouterr().out
    assert "combos 200" in out


def test_a_duplicate_card_from_the_shell(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKh", "AhQd", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        "hoyle: duplicate card Ah: player 0 and player 1 both hold it (each card is dealt"
        " once: a hand, the board and the dead cards share none)"
    )
