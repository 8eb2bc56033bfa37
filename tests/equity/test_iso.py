"""Range equity with joint holdings grouped by suit isomorphism, against
oracles written here: the classes counted by brute force over the 24 suit
permutations, and every joint holding and every deal enumerated in Python
and scored by phevaluator (an independent evaluator)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import hoyle
import pytest
from hoyle import Range, _core
from hoyle._equity_args import player_combos as _player
from hoyle._equity_game import setup_of as _shape

PERMS = list(itertools.permutations(range(4)))


def ids(text: str) -> list[int]:
    return [c.id for c in hoyle.parse_cards(text)]


def combos(player: str) -> list[tuple[tuple[int, ...], float]]:
    return [(tuple(c), w) for c, w in _player(player, 0, 2)]


def orbit_classes(players: Sequence[str], board: str = "", dead: str = "") -> tuple[int, int]:
    """(joint holdings, classes): classes under the suit permutations that
    map the board and the dead cards onto themselves, by brute force."""
    fixed = [set(ids(board)), set(ids(dead))]

    def img(c: int, p: tuple[int, ...]) -> int:
        return 4 * (c // 4) + p[c % 4]

    group = [p for p in PERMS if all({img(c, p) for c in s} == s for s in fixed)]
    used = fixed[0] | fixed[1]
    keys = set()
    n = 0
    for joint in itertools.product(*[combos(p) for p in players]):
        cards = [c for hand, _ in joint for c in hand]
        if len(set(cards)) < len(cards) or used & set(cards):
            continue
        n += 1
        keys.add(min(tuple(tuple(sorted(img(c, p) for c in h)) for h, _ in joint) for p in group))
    return n, len(keys)


def core_exact(players: Sequence[str], board: str = "", dead: str = "") -> _core.EquityCounts:
    setup = _shape(None)
    plist = [_player(p, i, 2) for i, p in enumerate(players)]
    return _core.equity_exact(plist, ids(board), ids(dead), setup.shape, 1)


@pytest.mark.parametrize(
    ("players", "board", "dead", "classes"),
    [
        # AA x KK: two 2-suit sets sharing 2, 1 or 0 suits
        (["AA", "KK"], "", "", 3),
        (["AA", "KK", "QQ", "AKs"], "", "", 10),
        (["QQ+,AKs", "JJ-99,AQs+"], "2s7s9s", "", None),
        (["AKs,KQs", "TT-88"], "2c2d9h", "", None),
        (["AA,KK", "QQ"], "", "2c", None),
    ],
)
def test_classes_are_the_orbits(
    players: list[str], board: str, dead: str, classes: int | None
) -> None:
    joints, want = orbit_classes(players, board, dead)
    if classes is not None:
        assert want == classes  # the figure in the comment, by hand
    r = core_exact(players, board, dead)
    assert (r.holdings, r.classes) == (joints, want)


def test_rainbow_flop_has_no_classes() -> None:
    # every suit is pinned by an unpaired rainbow flop: each joint holding
    # is its own class
    r = core_exact(["QQ+,AKs", "JJ-99,AQs+"], "2c7d9h")
    assert r.classes == r.holdings == orbit_classes(["QQ+,AKs", "JJ-99,AQs+"], "2c7d9h")[0]


def brute(
    players: Sequence[str], board: str, dead: str = ""
) -> tuple[list[int], list[int], list[float]]:
    """Wins, ties (integer counts over every joint holding and deal) and the
    weighted equity, by enumeration in Python with phevaluator's scores."""
    ev = pytest.importorskip("phevaluator._pheval").evaluate_7cards
    b, d = ids(board), ids(dead)
    n = len(players)
    wins, ties = [0] * n, [0] * n
    eq, total = [0.0] * n, 0.0
    for joint in itertools.product(*[combos(p) for p in players]):
        hands = [h for h, _ in joint]
        cards = [c for h in hands for c in h]
        if len(set(cards)) < len(cards) or set(cards) & set(b + d):
            continue
        w = 1.0
        for _, x in joint:
            w *= x
        deck = [c for c in range(52) if c not in set(cards) | set(b) | set(d)]
        share = [0.0] * n
        deals = 0
        for extra in itertools.combinations(deck, 5 - len(b)):
            full = b + list(extra)
            scores = [ev(*h, *full) for h in hands]
            best = min(scores)
            top = [p for p in range(n) if scores[p] == best]
            deals += 1
            for p in top:
                share[p] += 1 / len(top)
                if len(top) == 1:
                    wins[p] += 1
                else:
                    ties[p] += 1
        total += w
        for p in range(n):
            eq[p] += w * share[p] / deals
    return wins, ties, [e / total for e in eq]


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        # a monotone turn: hearts, diamonds and clubs are free (6 permutations)
        (["AA,KK@50", "QQ,AKs,AKo@25"], "2s7s9sKs", ""),
        # a paired flop: clubs and diamonds swap
        (["AKs,KQs@50", "TT-88"], "2c2d9h", ""),
        # three ranges on a turn with a dead card
        (["AA,KK", "QQ", "AKs"], "3s4s8h8d", "Tc"),
    ],
)
def test_ranges_against_brute_force(players: list[str], board: str, dead: str) -> None:
    eq = hoyle.equity(players, board=board, dead=dead, exact=True)
    r = core_exact(players, board, dead)
    assert r.classes < r.holdings  # the isomorphism was used
    wins, ties, equity = brute(players, board, dead)
    assert list(eq.wins) == wins
    assert list(eq.ties) == ties
    assert eq.equity == pytest.approx(equity, abs=1e-12)


def test_monte_carlo_card_removal_is_exact() -> None:
    # Joint holdings are drawn in proportion to their weights among those
    # that do not collide. AA v {AKs, KK} on a king-high turn: an AKs combo
    # fits only 3 of the 6 AA combos and a KK combo all 6, so KK is held
    # 2x as often per combo. Monte Carlo must land on the brute-force
    # answer, and not on the answer of a draw that weighs villain's combos
    # alike whatever they block (which the test tells apart).
    players = ["AA", "AKs,KK"]
    board = "Kc7d9h3s"
    _, _, exact = brute(players, board)
    mc = hoyle.equity(players, board=board, trials=1_000_000, seed=11)
    for got, want, s in zip(mc.equity, exact, mc.stderr, strict=True):
        assert abs(got - want) < 4 * s
    villain = [h for h, _ in combos("AKs,KK") if not set(h) & set(ids(board))]
    alike = sum(
        hoyle.equity(["AA", str(hoyle.Card(a)) + str(hoyle.Card(b))], board=board).equity[0]
        for a, b in villain
    ) / len(villain)
    assert abs(alike - exact[0]) > 20 * mc.stderr[0]


def test_a_combo_named_twice_counts_once() -> None:
    assert len(Range("AA, AA, AsAh, AhAs")) == 6
    once = hoyle.equity(["AA", "KK"], board="2c7d9h", exact=True)
    twice = hoyle.equity(["AA,AA,AsAh", "KK,KsKh"], board="2c7d9h", exact=True)
    assert (twice.holdings, twice.wins, twice.equity) == (once.holdings, once.wins, once.equity)
    assert twice.combos == (6, 6)


def test_cli_range_v_range_exact(capsys: pytest.CaptureFixture[str]) -> None:
    from hoyle.cli import main

    assert main(["equity", "QQ+,AKs", "JJ-99,AQs+", "--exact", "--quiet"]) == 0
    out = capsys.readouterr().out
    eq = hoyle.equity(["QQ+,AKs", "JJ-99,AQs+"], exact=True)
    assert eq.exact
    assert "equity (exact)" in out
    for p, name in enumerate(["QQ+,AKs", "JJ-99,AQs+"]):
        row = next(line for line in out.splitlines() if line.strip().startswith(name))
        assert f"{eq.equity[p] * 100:7.3f}%" in row
        assert f"combos {eq.combos[p]}" in row
    assert eq.combos == (22, 26)
