"""``SimulationResult``'s displays: ``str`` (a plain table), ``__rich__``
(the table ``hoyle play`` prints) and ``_repr_html_`` (notebooks), each
with the bots' names and numbers, the title and the legend; HTML escaped;
``as_dict`` plain JSON values; the progress counted in hands."""

from __future__ import annotations

import io
import json
import random
import re
from typing import Any

import hoyle
from hoyle import play
from rich.console import Console
from rich.table import Table

from tests.support import sim_bots

PLAYERS = [("<b>me</b>", sim_bots.caller), "tag", "equity", "[bold]x"]


def _result() -> hoyle.SimulationResult:
    players = [*PLAYERS[:3], ("[bold]x", "station")]
    return hoyle.simulate("texas_holdem", players, hands=400, seed=3)


def _numbers(result: hoyle.SimulationResult) -> list[list[str]]:
    out = []
    for s in result.seats:
        low, high = s.ci95
        out.append(
            [
                s.bot,
                f"{s.net:+,}",
                f"{s.bb_per_100:+,.1f}",
                f"{(high - low) / 2:,.1f}",
                f"{s.vpip_rate:.1%}",
                f"{s.pfr_rate:.1%}",
            ]
        )
    return out


def test_str_is_a_table_with_each_seats_numbers() -> None:
    result = _result()
    text = str(result)
    lines = text.splitlines()
    assert lines[0].startswith("texas_holdem: 400 hands")
    assert "seed 3" in lines[0]
    assert lines[1] == "blinds 1/2, stacks 200 (100 big blinds) reset every hand"
    assert lines[2].split() == [
        "seat", "bot", "net", "chips", "bb/100", "±95%", "pots", "won", "showdowns", "VPIP",
        "PFR", "buy-ins",
    ]  # fmt: skip
    rows = lines[3:7]
    nets = [int(row.split()[2].replace(",", "")) for row in rows]
    assert nets == sorted(nets, reverse=True)  # best first
    for cells in _numbers(result):
        (row,) = [r for r in rows if f" {cells[0]} " in r]
        for cell in cells:
            assert cell in row
    assert "VPIP: hands it called, bet or raised" in text
    assert "buy-ins:" in text
    assert repr(result).startswith("SimulationResult(")  # the repr stays the dataclass's


def test_rich_is_the_table_hoyle_play_prints() -> None:
    result = _result()
    table = result.__rich__()
    assert isinstance(table, Table)
    assert [str(c.header) for c in table.columns][:4] == ["seat", "bot", "net chips", "bb/100"]
    console = Console(width=200, record=True, color_system=None)
    console.print(result)
    text = console.export_text()
    for cells in _numbers(result):
        (row,) = [line for line in text.splitlines() if f" {cells[0]} " in line]
        for cell in cells:
            assert cell in row
    assert "[bold]x" in text  # a label is shown as it is, never read as markup
    summary = play.Summary("texas_holdem", 400, result.seconds, (), result)
    out = io.StringIO()
    play.print_summary(summary, file=out)  # the same table, at its own width
    printed = out.getvalue()
    assert "bb/100" in printed
    for cells in _numbers(result):
        (row,) = [line for line in printed.splitlines() if f" {cells[0]} " in line]
        assert all(cell in row for cell in cells)


def test_html_has_the_same_columns_escaped() -> None:
    result = _result()
    html = result._repr_html_()
    assert html.startswith("<table")
    assert html.endswith("</table>")
    heads = re.findall(r"<th>(.*?)</th>", html)
    assert heads == [
        "seat", "bot", "net chips", "bb/100", "±95%", "pots won", "showdowns", "VPIP", "PFR",
        "buy-ins",
    ]  # fmt: skip
    assert "&lt;b&gt;me&lt;/b&gt;" in html
    assert "<b>me" not in html
    cells = re.findall(r"<td[^>]*>(.*?)</td>", html)
    for row in _numbers(result):
        for cell in row[1:]:
            assert cell in cells
    assert html.count("<tr>") == 1 + 4 + 1  # the head, a row per seat, the legend


def test_as_dict_is_json() -> None:
    result = _result()
    data = json.loads(json.dumps(result.as_dict()))
    assert [s["bot"] for s in data["seats"]] == [s.bot for s in result.seats]
    assert data["blinds"] == [1, 2]
    assert data["seats"][1]["net"] == result.seats[1].net
    lone = hoyle.simulate("texas_holdem", ["tag", "station"], hands=1, seed=1).as_dict()
    assert lone["seats"][0]["ci95"] == [None, None]  # one hand: no interval


def test_progress_counts_hands_as_a_shard_plays() -> None:
    """A slow bot moves the bar: the hands are reported while the first
    shard plays (before any shard is done), rising to the total."""
    seen: list[tuple[int, int]] = []

    def slow(hand: hoyle.Hand, rng: random.Random) -> None:
        import time

        time.sleep(0.002)
        sim_bots.caller(hand, rng)

    hoyle.simulate(
        "texas_holdem", [("slow", slow), "station"], hands=150, seed=1, shard_hands=100,
        progress=lambda done, total: seen.append((done, total)),
    )  # fmt: skip
    assert {t for _, t in seen} == {150}
    done = [d for d, _ in seen]
    assert done == sorted(done)
    assert done[-1] == 150
    assert any(0 < d < 100 for d in done)  # inside the first shard
    assert 100 in done  # the first shard's end


def test_progress_on_a_pool_counts_hands_while_shards_play() -> None:
    """On a process pool the shards report their hands as they play (a
    manager's queue): a slow bot moves the bar before a shard is done."""
    seen: list[int] = []
    players = [("slow", "tests.support.sim_bots:slow_caller"), "station"]
    kwargs: dict[str, Any] = {"hands": 60, "seed": 2, "shard_hands": 40}
    with hoyle.cluster.executor(workers=2) as pool:
        far = hoyle.simulate(
            "texas_holdem", players, executor=pool, progress=lambda d, t: seen.append(d), **kwargs
        )
    assert far == hoyle.simulate("texas_holdem", players, **kwargs)
    assert seen[-1] == 60
    assert any(0 < d < 20 for d in seen)  # before either shard was done
