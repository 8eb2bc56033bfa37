"""Reading a solved tree: a ``Solution``'s values and its ``Node``s (who acts,
the actions, the hands, the strategy's shape and rows, the frequencies, the
values per hand, walking down with ``play`` and ``deal``, and every refusal),
the presets' reads, and Ctrl-C during a solve (a child process)."""

from __future__ import annotations

import numpy as np
import pytest
from hoyle import Card, SolveError
from hoyle.solve import Solution, Spot, kuhn, leduc

from tests.support import interrupt

RIVER = Spot(board="Ks7d2c4h9s", ranges=("AA,KK,QQ", "KQ,JJ@50"), pot=60, stack=100,
             bets="75%", raises="a")  # fmt: skip
TURN = Spot(board="Ks7d2c4h", ranges=("AA,KK", "KQs,JJ"), pot=60, stack=60, bets="a",
            raises="")  # fmt: skip


@pytest.fixture(scope="module")
def river() -> Solution:
    return RIVER.solve(target=0.001, max_iterations=500)


@pytest.fixture(scope="module")
def turn() -> Solution:
    return TURN.solve(target=0.002, max_iterations=300)


def _weights(spot: Spot, player: int, hands: tuple[tuple[Card, ...], ...]) -> np.ndarray:
    """Each hand's weight in the spot's range, in the node's order."""
    table = spot.ranges[player]
    return np.array([table[tuple(sorted(h, reverse=True))] for h in hands])


def test_the_solution_reads(river: Solution) -> None:
    assert river.iterations % 10 == 0
    assert 0 < river.iterations <= 500
    assert river.exploitability <= 0.001 * 60
    assert not river.interrupted
    ev = river.ev
    assert isinstance(ev, tuple)
    assert len(ev) == 2
    assert all(isinstance(v, float) for v in ev)
    assert ev[0] + ev[1] == pytest.approx(60, abs=1e-6)  # the pot, no rake
    eq = river.equity
    assert eq[0] + eq[1] == pytest.approx(1, abs=1e-9)
    assert 0 < eq[0] < 1


def test_the_root(river: Solution) -> None:
    root = river.root
    assert (root.player, root.is_chance, root.is_terminal) == (0, False, False)
    assert root.actions == ("check", "bet 45")  # 75% of 60
    assert root.pot == 60
    assert root.contributions == (0, 0)
    assert root.board == tuple(Card(c) for c in ("Ks", "7d", "2c", "4h", "9s"))
    hands = root.hands
    # AA 6, KK without Ks 3, QQ 6
    assert len(hands) == 15
    assert all(isinstance(c, Card) for h in hands for c in h)
    assert {tuple(sorted(h, reverse=True)) for h in hands} == set(RIVER.ranges[0])
    strategy = root.strategy
    assert strategy.dtype == np.float32
    assert strategy.shape == (15, 2)
    assert np.allclose(strategy.sum(axis=1), 1, atol=1e-5)
    assert (strategy >= 0).all()


def test_frequencies_are_the_range_weighted_strategy(river: Solution) -> None:
    root = river.root
    weights = _weights(RIVER, 0, root.hands)  # at the root, what reaches is the range
    expected = weights @ root.strategy.astype(np.float64) / weights.sum()
    assert root.frequencies.shape == (2,)
    assert np.allclose(root.frequencies, expected, atol=1e-6)
    assert root.frequencies.sum() == pytest.approx(1)
    assert np.allclose(root.reach_of(0), weights)


def test_values_per_hand(river: Solution) -> None:
    root = river.root
    for player in (0, 1):
        hands = root.hands_of(player)
        ev, eq, reach = root.ev_of(player), root.equity_of(player), root.reach_of(player)
        assert ev.shape == eq.shape == reach.shape == (len(hands),)
        assert np.isfinite(ev).all()
        assert ((eq >= 0) & (eq <= 1)).all()
        # the player's value: each hand's ev weighted by its chance to be dealt
        # against the other's range (its weight times the weights it does not block)
        other = root.hands_of(1 - player)
        w_self, w_other = _weights(RIVER, player, hands), _weights(RIVER, 1 - player, other)
        free = np.array([[not set(h) & set(o) for o in other] for h in hands])
        chance = w_self * (free @ w_other)
        assert float(chance @ ev / chance.sum()) == pytest.approx(river.ev[player], abs=1e-6)
    assert np.array_equal(root.ev, root.ev_of(0))
    assert np.array_equal(root.equity, root.equity_of(0))


def test_play_walks_the_tree(river: Solution) -> None:
    root = river.root
    after = root.play("check")
    assert after.player == 1
    assert after.path == (0,)
    assert after.actions == ("check", "bet 45")
    assert root.play(0).actions == after.actions
    facing = root.play("bet 45")
    assert facing.actions == ("fold", "call", "all-in 100")
    assert facing.pot == 105
    assert facing.contributions == (45, 0)
    called = facing.play("call")
    assert called.is_terminal
    assert called.terminal == "showdown"
    assert called.pot == 150
    assert called.contributions == (45, 45)
    assert called.actions == ()
    assert called.player is None
    folded = facing.play("fold")
    assert folded.is_terminal
    assert folded.terminal == "fold"
    shove = facing.play("all-in 100")
    assert shove.player == 0
    assert shove.actions == ("fold", "call")
    assert np.allclose(shove.strategy.sum(axis=1), 1, atol=1e-5)


def test_illegal_play_says_what_is_allowed(river: Solution) -> None:
    root = river.root
    with pytest.raises(SolveError, match=r"no action 'bet 50' here; the actions are \['check'"):
        root.play("bet 50")
    with pytest.raises(SolveError, match=r"action 2 is not one of 0\.\.1"):
        root.play(2)
    with pytest.raises(SolveError, match="is not one of"):
        root.play(-1)
    with pytest.raises(SolveError, match="is not one of"):
        root.play(True)
    with pytest.raises(SolveError, match="an action is its text or its index"):
        root.play(1.0)  # type: ignore[arg-type]
    with pytest.raises(SolveError, match="deal is for chance nodes; this is a player node"):
        root.deal("As")
    end = root.play("check").play("check")
    for read in ("strategy", "hands", "frequencies", "ev"):
        with pytest.raises(SolveError, match="this is a terminal node: no one acts here"):
            getattr(end, read)
    with pytest.raises(SolveError, match="no one acts here"):
        end.play(0)
    with pytest.raises(SolveError, match="a player is 0"):
        root.ev_of(2)


def test_chance_nodes_deal_the_cards_left(turn: Solution) -> None:
    chance = turn.root.play("check").play("check")
    assert chance.is_chance
    assert chance.player is None
    board = {Card(c) for c in ("Ks", "7d", "2c", "4h")}
    assert set(chance.cards) == {Card(i) for i in range(52)} - board
    river = chance.deal("As")
    assert river.player == 0
    assert river.board[-1] == Card("As")
    assert river.street == 1
    assert turn.root.street == 0
    assert chance.deal(Card("As")).path == chance.deal(51).path == river.path
    with pytest.raises(SolveError, match="Ks cannot be dealt here; the cards left are"):
        chance.deal("Ks")
    with pytest.raises(SolveError, match="one card at a time"):
        chance.deal("AsAh")
    with pytest.raises(SolveError, match="a card is a Card"):
        chance.deal(True)
    # a hand holding the card dealt cannot be here
    blocked = [i for i, h in enumerate(river.hands) if Card("As") in h]
    assert blocked
    assert np.isnan(river.ev[blocked]).all()
    assert (river.reach_of(0)[blocked] == 0).all()
    assert river.frequencies.sum() == pytest.approx(1)


def test_every_player_node_of_a_river_tree_is_a_strategy(river: Solution) -> None:
    seen = 0
    todo = [river.root]
    while todo:
        node = todo.pop()
        if node.is_terminal:
            continue
        s = node.strategy
        assert s.shape == (len(node.hands), len(node.actions))
        assert np.allclose(s.sum(axis=1), 1, atol=1e-5)
        assert node.frequencies.sum() == pytest.approx(1)
        seen += 1
        todo.extend(node.play(i) for i in range(len(node.actions)))
    # the root; ip after a check; each facing a bet of 45 (2); each facing an all-in raise (2)
    assert seen == 6


def test_progress_is_called_at_every_check() -> None:
    seen: list[tuple[int, float]] = []
    sol = RIVER.solve(target=0.0, max_iterations=30, progress=lambda i, x: seen.append((i, x)))
    assert [i for i, _ in seen] == [10, 20, 30]
    assert seen[-1][1] == sol.exploitability


def test_the_progress_bar_runs(capsys: pytest.CaptureFixture[str]) -> None:
    barred = RIVER.solve(target=0.0, max_iterations=20, progress=True)
    plain = RIVER.solve(target=0.0, max_iterations=20)
    assert barred.iterations == plain.iterations == 20
    assert barred.exploitability == plain.exploitability
    assert capsys.readouterr().out == ""  # the bar is on stderr


def test_leduc_reads() -> None:
    sol = leduc(iterations=50)
    root = sol.root
    cards = ("Jc", "Jd", "Qc", "Qd", "Kc", "Kd")
    assert root.hands == tuple((Card(c),) for c in cards)
    assert root.actions == ("check", "bet 2")
    assert root.play(1).actions == ("fold", "call", "raise 4")
    chance = root.play("check").play("check")
    assert chance.is_chance
    assert chance.cards == tuple(Card(c) for c in cards)
    assert chance.pot == 2  # the antes
    second = chance.deal("Kc")
    assert second.board == (Card("Kc"),)
    assert second.street == 1
    assert second.actions == ("check", "bet 4")
    kc = cards.index("Kc")
    assert second.reach_of(0)[kc] == 0  # the king of clubs is on the board
    assert np.isnan(second.ev[kc])
    assert np.allclose(second.strategy.sum(axis=1), 1, atol=1e-5)


def test_a_tree_over_max_memory_is_refused() -> None:
    spot = Spot(board="Qh7s2d", ranges=("XX", "XX"), pot=100, stack=1000,
                bets="25%, 50%, 75%, a", raises="2x, 3x, a", max_memory=10**6)  # fmt: skip
    with pytest.raises(SolveError, match="memory"):
        spot.solve()


def test_kuhn_reads() -> None:
    sol = kuhn()
    root = sol.root
    assert root.hands == ((Card("Jc"),), (Card("Qc"),), (Card("Kc"),))
    assert root.actions == ("check", "bet 1")
    assert sol.ev[0] == pytest.approx(-1 / 18, abs=1e-3)
    assert sol.ev[0] + sol.ev[1] == pytest.approx(0, abs=1e-9)
    assert np.allclose(root.strategy.sum(axis=1), 1, atol=1e-5)
    assert kuhn(iterations=20).iterations == 20
    assert kuhn(iterations=1000, target=0.01).iterations < 1000
    with pytest.raises(SolveError, match="max_iterations"):
        kuhn(iterations=-1)


#: postflop-solver's example ranges (the issue's turn spot)
OOP = "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s"
IP = "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+"

CHILD = (
    f"OOP, IP = {OOP!r}, {IP!r}\n"
    + """
import sys
from hoyle.solve import Spot
memory_limit(2 << 30)
spot = Spot(board="Td9d6hQc", ranges=(OOP, IP), pot=200, stack=900, bets="60%, a",
            raises="2.5x, a", max_memory=1 << 30)
def moving(iterations, exploitability):
    if iterations == 10:  # the tree is built and iterating: Ctrl-C may come
        print("moving", flush=True)
sol = spot.solve(target=0.0, max_iterations=10**6, progress=moving)
ok = all(abs(r.sum() - 1) < 1e-4 for r in sol.root.strategy)
print(f"interrupted={sol.interrupted} iterations={sol.iterations} rows={ok}", file=sys.stderr)
"""
)


def test_ctrl_c_returns_the_solution_so_far() -> None:
    status, err, waited = interrupt.interrupt_when_moving(CHILD, after=1.0, timeout=120)
    assert status == 0, err[-2000:]
    line = err.strip().splitlines()[-1]
    assert line.startswith("interrupted=True iterations="), err[-2000:]
    assert line.endswith("rows=True")
    assert int(line.split("iterations=")[1].split()[0]) < 10**6
    assert waited < 30  # promptly: an iteration of this flop, then the end of the child


def test_the_docs_examples_run() -> None:
    import doctest
    import re

    from tests.support import ROOT

    text = (ROOT / "docs" / "solve.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) >= 3
    globs: dict[str, object] = {}  # the blocks run one after another, as a reader does
    for i, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, globs, f"solve.md[{i}]", "solve.md", 0)
        result = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test, clear_globs=False)
        assert result.failed == 0, f"docs/solve.md block {i}"
        assert result.attempted > 0
        globs = test.globs  # (a DocTest runs in a copy of what it is given)


def test_equity_is_what_hoyle_equity_counts() -> None:
    import hoyle

    ranges = ("AA,KK@50,QQ", "KQ,JJ")
    sol = Spot(board="Ks7d2c4h", ranges=ranges, pot=60, stack=100, bets="75%", raises="a").solve(
        max_iterations=10
    )
    exact = hoyle.equity(list(ranges), board="Ks7d2c4h", exact=True)
    assert sol.equity == pytest.approx(exact.equity, abs=1e-12)
