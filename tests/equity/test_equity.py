"""hoyle.equity against brute force written here (hoyle.evaluate over
itertools.combinations), Monte Carlo against exact, reproducibility with
threads and executors, and eval7 where it applies."""

from __future__ import annotations

import itertools
import multiprocessing
import warnings
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import hoyle
import pytest
from hoyle import EquityError, Range
from hoyle.odds import Showdown


def ids(text: str) -> list[int]:
    return [c.id for c in hoyle.parse_cards(text)]


def brute(hands: list[str], board: str = "", dead: str = "") -> list[float]:
    holes = [ids(h) for h in hands]
    b = ids(board)
    used = set(b) | set(ids(dead)) | {c for h in holes for c in h}
    deck = [c for c in range(52) if c not in used]
    shares = [0.0] * len(hands)
    n = 0
    for rest in itertools.combinations(deck, 5 - len(b)):
        full = b + list(rest)
        values = [hoyle.evaluate(h + full).value for h in holes]
        best = max(values)
        k = values.count(best)
        for p, v in enumerate(values):
            if v == best:
                shares[p] += 1 / k
        n += 1
    return [s / n for s in shares]


def test_aks_v_queens() -> None:
    eq = hoyle.equity(["AhKh", "QsQd"])
    assert eq.exact
    assert f"{eq.equity[0]:.6f}" == "0.462145"
    assert eq.deals == 1_712_304
    assert eq.wins == (787_966, 917_606)
    assert eq.ties == (6_732, 6_732)
    assert eq.win[0] == pytest.approx(787_966 / 1_712_304)
    assert eq.tie[0] == pytest.approx(6_732 / 1_712_304)
    assert sum(eq.equity) == pytest.approx(1.0)
    assert eq.combos == (1, 1)
    assert sum(eq.categories[0].values()) == pytest.approx(eq.equity[0])


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AhKh", "QsQd"], "2h 7h 9c", ""),
        (["AhKh", "QsQd", "Jc Tc"], "2h 7h 9c", "Qh"),
        (["AsAd", "KsKd", "8h9h", "2c2d"], "Kc 3s Th 4h", ""),
        (["7c2d", "7h2s"], "Ac Kd Qh", ""),
    ],
)
def test_against_brute_force(hands: list[str], board: str, dead: str) -> None:
    eq = hoyle.equity(hands, board=board, dead=dead)
    assert eq.exact
    for got, want in zip(eq.equity, brute(hands, board, dead), strict=True):
        assert got == pytest.approx(want, abs=1e-12)


def test_ranges_exact_is_the_weighted_average() -> None:
    board = "As 7d 2c"
    villain = Range("KK, QQ@50")
    eq = hoyle.equity(["AhKd", villain], board=board)
    assert eq.exact
    assert eq.combos == (1, 3 + 6)  # KK less the Kd combos, QQ
    total = 0.0
    want = 0.0
    for (a, b), w in villain.items():
        hand = str(hoyle.Card(a)) + str(hoyle.Card(b))
        if set(ids(hand)) & set(ids("AhKd " + board)):
            continue
        want += w * brute(["AhKd", hand], board)[0]
        total += w
    assert eq.equity[0] == pytest.approx(want / total, abs=1e-12)


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["AhKh", "QsQd"], ""),
        (["AsAd", "8h9h", "2c2d"], ""),
        (["QQ+, AKs", "XX"], ""),
        (["AhKh", "QsQd"], "Jh Th 2c"),
    ],
)
def test_monte_carlo_within_its_error(players: list[str], board: str) -> None:
    mc = hoyle.equity(players, board=board, trials=300_000, seed=5)
    assert not mc.exact
    assert mc.trials == 300_000  # honoured exactly: 4 whole shards and one of 37,856
    if "XX" in players:
        # exact reference from a long run with another seed
        ref = hoyle.equity(players, board=board, trials=4_000_000, seed=99).equity
        slack = [4 * (a**2 + b**2) ** 0.5 for a, b in zip(mc.stderr, mc.stderr, strict=True)]
    else:
        ref = hoyle.equity(players, board=board, exact=True).equity
        slack = [4 * s for s in mc.stderr]
    for got, want, s in zip(mc.equity, ref, slack, strict=True):
        assert abs(got - want) < s


def test_same_seed_same_numbers() -> None:
    players = ["QQ+, AKs", "AhKh", "XX"]
    a = hoyle.equity(players, trials=200_000, seed=11, threads=1)
    b = hoyle.equity(players, trials=200_000, seed=11, threads=2)
    c = hoyle.equity(players, trials=200_000, seed=12)
    assert a == b
    assert a.equity != c.equity
    with ThreadPoolExecutor(3) as pool:
        d = hoyle.equity(players, trials=200_000, seed=11, executor=pool)
    assert d == a


def test_process_pool_executor() -> None:
    players = ["AhKh", "QsQd"]
    local = hoyle.equity(players, exact=False, trials=300_000, seed=3)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        remote = hoyle.equity(players, exact=False, trials=300_000, seed=3, executor=pool)
    assert remote == local


def test_target_stderr_stops_early() -> None:
    eq = hoyle.equity(["AhKh", "QsQd"], target_stderr=0.002, seed=1)
    assert not eq.exact
    assert max(eq.stderr) <= 0.002
    assert eq.trials < 1_000_000
    again = hoyle.equity(["AhKh", "QsQd"], target_stderr=0.002, seed=1, threads=1)
    assert again == eq


def test_progress_callable() -> None:
    seen: list[tuple[int, int]] = []
    hoyle.equity(
        ["AhKh", "QsQd"], trials=600_000, seed=1, progress=lambda d, t: seen.append((d, t))
    )
    assert seen[-1][0] == seen[-1][1] == 600_000
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_omaha_and_stud_shapes() -> None:
    omaha = Showdown(hole=4, board=5, hole_cards=2)
    eq = hoyle.equity(["AsKsQdJd", "9h9c8h7c"], board="Ts 2s 3d", game=omaha)
    # brute force: best of 2 + 3
    holes = [ids("AsKsQdJd"), ids("9h9c8h7c")]
    b = ids("Ts 2s 3d")
    deck = [c for c in range(52) if c not in b + holes[0] + holes[1]]
    wins = [0, 0]
    for rest in itertools.combinations(deck, 2):
        full = b + list(rest)
        vals = [
            max(
                hoyle.evaluate(list(two) + list(three)).value
                for two in itertools.combinations(h, 2)
                for three in itertools.combinations(full, 3)
            )
            for h in holes
        ]
        if vals[0] != vals[1]:
            wins[vals.index(max(vals))] += 1
    assert eq.wins == tuple(wins)
    stud = Showdown(hole=7, board=0)
    eq = hoyle.equity(["AsAd Kc 7h 2d 3c", "Qh Jh Th 9h 4s 5s"], game=stud)
    assert eq.exact
    assert eq.deals == 40 * 39


def test_unknown_hand_is_dealt() -> None:
    # "" is a hand dealt at random: the same as the XX range.
    a = hoyle.equity(["AhAd", ""], board="2c 7d 9h Js", exact=True)
    b = hoyle.equity(["AhAd", "XX"], board="2c 7d 9h Js", exact=True)
    assert a.equity == pytest.approx(b.equity, abs=1e-12)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"players": ["AhKh"]}, "2..=23 players"),
        ({"players": ["AhKh", "AhQd"]}, "duplicate card Ah"),
        ({"players": ["AhKh", "QsQd"], "board": "Ah"}, "duplicate card Ah"),
        ({"players": ["AhKh", "QsQd"], "board": "2c3c4c5c6c7c"}, "at most 5"),
        ({"players": ["AhKh", "AA"], "board": "As Ad"}, "blocked"),
        ({"players": ["AhKh", "QsQd"], "threads": 0}, "threads"),
        ({"players": ["AhKh", "QsQd"], "trials": 0}, "trials"),
        ({"players": ["AhKh", "QsQd"], "target_stderr": -1.0}, "target_stderr"),
    ],
)
def test_errors(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(hoyle.HoyleError, match=match):
        hoyle.equity(**kwargs)  # type: ignore[arg-type]


def test_colliding_ranges() -> None:
    with pytest.raises(EquityError, match="cannot all be dealt"):
        hoyle.equity(["AsAh", "AA", "AA"], exact=False, trials=1000, seed=1)


def test_eval7_agrees() -> None:
    """eval7 cannot enumerate boards; its exact call needs a complete board.
    Compare on river spots (every card known) and with its Monte Carlo."""
    eval7 = pytest.importorskip("eval7")
    for hands, board in [
        (["AhKh", "QsQd"], "2h 7h 9c Qh 3s"),
        (["AsAd", "8h9h"], "Tc Jd 7s 2c 2d"),
    ]:
        eq = hoyle.equity(hands, board=board)
        e7 = [
            eval7.evaluate([eval7.Card(c) for c in (h[:2], h[2:], *board.split())]) for h in hands
        ]
        want = 1.0 if e7[0] > e7[1] else 0.0 if e7[0] < e7[1] else 0.5
        assert eq.equity[0] == want
    h1 = [eval7.Card("Ah"), eval7.Card("Kh")]
    with warnings.catch_warnings():  # eval7's range parser warns on new pyparsing
        warnings.simplefilter("ignore")
        r2 = eval7.HandRange("QQ")
    theirs = eval7.py_hand_vs_range_monte_carlo(h1, r2, [], 400_000)
    ours = hoyle.equity(["AhKh", "QQ"], trials=400_000, seed=2)
    assert abs(theirs - ours.equity[0]) < 0.005


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from hoyle.cli import main

    assert main(["equity", "AhKh", "QsQd", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "46.214%" in out
    assert "exact" in out
    assert main(["equity", "AhKh", "QQ+", "--trials", "70000", "--seed", "4", "--quiet"]) == 0
    assert "seed 4" in capsys.readouterr().out
    assert main(["equity", "AhKh", "AhQd", "--quiet"]) == 2
    assert "duplicate card Ah" in capsys.readouterr().err


def test_game_presets() -> None:
    games = pytest.importorskip("hoyle.games")
    holdem = hoyle.equity(["AhKh", "QsQd"], game=games.texas_holdem())
    assert holdem.wins == (787_966, 917_606)
    omaha = hoyle.equity(["AsKsQdJd", "9h9c8h7c"], board="Ts 2s 3d", game=games.omaha())
    shape = Showdown(hole=4, board=5, hole_cards=2)
    assert omaha == hoyle.equity(["AsKsQdJd", "9h9c8h7c"], board="Ts 2s 3d", game=shape)
    stud = hoyle.equity(["AsAd Kc 7h 2d 3c", "Qh Jh Th 9h 4s 5s"], game=games.seven_card_stud())
    assert stud.deals == 40 * 39
    # high-low and wild-card games: tests/equity/test_rules.py
    hilo = hoyle.equity(["AsKsQdJd", "9h9c8h7c"], board="Ts 2s 3d", game=games.omaha_hilo())
    assert hilo.exact
    assert sum(hilo.equity) == pytest.approx(1.0)
