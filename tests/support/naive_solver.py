"""A naive best response, written plainly and apart from the solver's core:
plain recursion over a solved tree read through the core's contract
(``Solver.info``/``strategy``/``hands``/``weights`` with paths), with its
own terminal payoffs (``rules``), giving each player's value under the
average strategies, each player's best-response value and the
exploitability (the mean of the two gains, in chips: half of OpenSpiel's
NashConv).

The game it reads: the two players' holdings are dealt together, each
pair of holdings that share no card with weight ``w0[h0] * w1[h1]``; a
chance node deals each of its cards that neither holding holds with the
same probability; a terminal pays what ``rules.terminal`` says. The rules
here are written out from the rule books, not from the core:

- ``PokerRules``: a postflop spot, paid by ``hoyle.settle`` from the
  node's pot and contributions (the starting pot dead money, player 1 the
  button, so the odd chip of a split pot goes to player 0), showdowns
  scored by ``hoyle.rank`` over every runout still to come;
- ``KuhnRules`` and ``LeducRules`` (tests/support/small_games.py): the two
  research games, their betting and payoffs from their rules (Kuhn: ante
  1, one bet of 1; Leduc as OpenSpiel: ante 1, bets of 2 then 4, at most
  two raises a round, a pair with the public card best, then the higher
  card), which also check the core's tree against their own at every node.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Protocol

import hoyle
from hoyle.values import values

Hand = tuple[int, ...]
Info = dict[str, Any]


class Tree(Protocol):
    """The part of ``hoyle._core.Solver`` the oracle reads."""

    def info(self, path: list[int]) -> dict[str, Any]: ...
    def strategy(self, path: list[int]) -> Any: ...
    def hands(self, player: int) -> list[tuple[int, ...]]: ...
    def weights(self, player: int) -> list[float]: ...


class Rules(Protocol):
    """A game's own terminal payoffs (and, optionally, its tree)."""

    def check(self, path: list[int], infos: list[Info]) -> None:
        """Fails when the node at ``path`` is not the rules' node."""

    def terminal(
        self, path: list[int], infos: list[Info], h0: Hand, h1: Hand
    ) -> tuple[float, float]:
        """Each player's net chips at the terminal ``path`` (``infos``: the
        nodes from the root to it) when the players hold ``h0`` and ``h1``."""


def kind(label: str) -> str:
    """An action label's kind: ``"bet 120"`` -> ``"bet"``."""
    return label.split(maxsplit=1)[0]


def disjoint(*cards: Sequence[int]) -> bool:
    flat = [c for group in cards for c in group]
    return len(flat) == len(set(flat))


@dataclass
class Report:
    """What the oracle found: values in chips, per player."""

    ev: tuple[float, float]
    best: tuple[float, float]

    @property
    def gains(self) -> tuple[float, float]:
        return (self.best[0] - self.ev[0], self.best[1] - self.ev[1])

    @property
    def exploitability(self) -> float:
        return (self.gains[0] + self.gains[1]) / 2


class Oracle:
    """Reads ``tree`` once per node (cached) and evaluates it under
    ``rules``."""

    def __init__(self, tree: Tree, rules: Rules) -> None:
        self.tree, self.rules = tree, rules
        self.hands = (list(tree.hands(0)), list(tree.hands(1)))
        self.weights = (list(tree.weights(0)), list(tree.weights(1)))
        self._infos: dict[tuple[int, ...], Info] = {}
        self._strategies: dict[tuple[int, ...], list[list[float]]] = {}
        pairs = [
            (i, j, w0 * w1)
            for i, (a, w0) in enumerate(zip(self.hands[0], self.weights[0], strict=True))
            for j, (b, w1) in enumerate(zip(self.hands[1], self.weights[1], strict=True))
            if disjoint(a, b)
        ]
        self.total = sum(w for _, _, w in pairs)
        self.pairs = pairs

    def info(self, path: list[int]) -> Info:
        key = tuple(path)
        if key not in self._infos:
            self._infos[key] = self.tree.info(path)
        return self._infos[key]

    def strategy(self, path: list[int]) -> list[list[float]]:
        key = tuple(path)
        if key not in self._strategies:
            self._strategies[key] = [[float(p) for p in row] for row in self.tree.strategy(path)]
        return self._strategies[key]

    def infos(self, path: list[int]) -> list[Info]:
        return [self.info(path[:k]) for k in range(len(path) + 1)]

    def steps(self, path: list[int]) -> list[int]:
        info = self.info(path)
        if info["kind"] == "chance":
            return list(info["cards"])
        return list(range(len(info["actions"])))

    def _node(self, path: list[int]) -> Info:
        info = self.info(path)
        self.rules.check(path, self.infos(path))
        return info

    # -- the value of both players under the average strategies ------------------------
    def ev(self) -> tuple[float, float]:
        reach = {(i, j): w / self.total for i, j, w in self.pairs}
        v0, v1 = self._ev([], reach)
        return (v0, v1)

    def _ev(self, path: list[int], reach: dict[tuple[int, int], float]) -> tuple[float, float]:
        info = self._node(path)
        if info["kind"] == "terminal":
            infos = self.infos(path)
            t0 = t1 = 0.0
            for (i, j), r in reach.items():
                if r:
                    a, b = self.rules.terminal(path, infos, self.hands[0][i], self.hands[1][j])
                    t0, t1 = t0 + r * a, t1 + r * b
            return (t0, t1)
        t0 = t1 = 0.0
        if info["kind"] == "chance":
            cards = info["cards"]
            for card in cards:
                sub = {}
                for (i, j), r in reach.items():
                    x, y = self.hands[0][i], self.hands[1][j]
                    if card not in x and card not in y:
                        sub[(i, j)] = r / sum(1 for c in cards if c not in x and c not in y)
                a0, a1 = self._ev([*path, card], sub)
                t0, t1 = t0 + a0, t1 + a1
            return (t0, t1)
        player = info["player"]
        rows = self.strategy(path)
        for action in range(len(info["actions"])):
            sub = {(i, j): r * rows[(i, j)[player]][action] for (i, j), r in reach.items()}
            a0, a1 = self._ev([*path, action], sub)
            t0, t1 = t0 + a0, t1 + a1
        return (t0, t1)

    # -- a best response of one player to the other's average strategy -----------------
    def best(self, player: int) -> float:
        total = 0.0
        for h, hand in enumerate(self.hands[player]):
            reach = {}
            for i, j, w in self.pairs:
                if (i, j)[player] == h:
                    reach[(i, j)[1 - player]] = w / self.total
            if reach:
                total += self._best([], player, hand, reach)
        return total

    def _best(self, path: list[int], player: int, hand: Hand, reach: dict[int, float]) -> float:
        info = self._node(path)
        other = self.hands[1 - player]
        if info["kind"] == "terminal":
            infos = self.infos(path)
            total = 0.0
            for o, r in reach.items():
                if r:
                    pair = (hand, other[o]) if player == 0 else (other[o], hand)
                    total += r * self.rules.terminal(path, infos, *pair)[player]
            return total
        if info["kind"] == "chance":
            cards = info["cards"]
            total = 0.0
            for card in cards:
                if card in hand:
                    continue
                sub = {}
                for o, r in reach.items():
                    if card not in other[o]:
                        left = sum(1 for c in cards if c not in hand and c not in other[o])
                        sub[o] = r / left
                total += self._best([*path, card], player, hand, sub)
            return total
        actions = range(len(info["actions"]))
        if info["player"] == player:
            return max(self._best([*path, a], player, hand, reach) for a in actions)
        rows = self.strategy(path)
        return sum(
            self._best([*path, a], player, hand, {o: r * rows[o][a] for o, r in reach.items()})
            for a in actions
        )

    def report(self) -> Report:
        ev = self.ev()
        return Report(ev=ev, best=(self.best(0), self.best(1)))

    # -- each hand's value at a node -------------------------------------------------
    def reach(self, path: list[int], player: int, hand: int) -> float:
        """``hand``'s weight times its own probability of playing to ``path``
        (0 when a card dealt on the way is in it)."""
        r = self.weights[player][hand]
        for k, step in enumerate(path):
            info = self.info(path[:k])
            if info["kind"] == "chance" and step in self.hands[player][hand]:
                return 0.0
            if info["kind"] == "player" and info["player"] == player:
                r *= self.strategy(path[:k])[hand][step]
        return r

    def hand_values(self, path: list[int], player: int) -> list[tuple[float, float]]:
        """(ev, reach) of each of ``player``'s hands at ``path`` under the
        average strategies: ev conditional on the hand reaching it (NaN when
        it cannot, or when no opposing hand can be there with it)."""
        out = []
        for h, hand in enumerate(self.hands[player]):
            own = self.reach(path, player, h)
            pairs: dict[tuple[int, int], float] = {}
            for o, other in enumerate(self.hands[1 - player]):
                if not disjoint(hand, other):
                    continue
                r = self.reach(path, 1 - player, o)
                for k, step in enumerate(path):  # the deals' chances, given both hands
                    cards = self.info(path[:k]).get("cards") or []
                    if self.info(path[:k])["kind"] == "chance":
                        left = sum(1 for c in cards if c not in hand and c not in other)
                        r = 0.0 if step in hand else r / left
                if r > 0:
                    pairs[(h, o) if player == 0 else (o, h)] = r
            total = sum(pairs.values())
            if own == 0 or total == 0:
                out.append((float("nan"), own))
            else:
                out.append((self._ev(path, pairs)[player] / total, own))
        return out


# -- the rules ---------------------------------------------------------------------------
def folder(infos: list[Info], path: list[int]) -> int:
    """The player who folded into the terminal at ``path``."""
    parent = infos[-2]
    assert parent["kind"] == "player", parent
    assert parent["actions"][path[-1]] == "fold", (parent, path)
    return int(parent["player"])


@dataclass
class PokerRules:
    """A postflop spot's terminals, paid by ``hoyle.settle``: the starting
    ``pot`` as dead money, player 1 on the button, the showdown scored over
    each runout of the deck left: with ``hoyle.rank`` (hold'em), or for a
    ``game`` (a ``hoyle.Game``: Omaha, hi-lo, short deck) with
    ``hoyle.values.values`` under its rules, over its deck, both halves to
    ``settle``."""

    pot: int
    rake: hoyle.Rake | None = None
    game: Any = None

    def scores(self, hole: Hand, board: list[int]) -> tuple[int, int | None]:
        if self.game is None:
            return hoyle.rank((*hole, *board)), None
        g = self.game
        return values(g.rules, g.high, hole, board, split=g.split)

    def deck(self) -> list[int]:
        return list(range(52)) if self.game is None else [int(c) for c in self.game.deck]

    def check(self, path: list[int], infos: list[Info]) -> None:
        info = infos[-1]
        if info["kind"] == "player":
            labels = [kind(a) for a in info["actions"]]
            facing = info["contributions"][0] != info["contributions"][1]
            assert ("fold" in labels) == facing, info
            assert ("check" in labels) != facing, info
            assert len(set(info["actions"])) == len(labels), info

    def settle(
        self, info: Info, high: list[int | None], low: list[int | None] | None = None
    ) -> tuple[float, float]:
        c0, c1 = info["contributions"]
        assert info["pot"] == self.pot + c0 + c1, info
        d0, d1 = self.pot - self.pot // 2, self.pot // 2
        s = hoyle.settle([d0 + c0, d1 + c1], high, low, button=1, rake=self.rake, dead=[d0, d1])
        return (float(s.payouts[0] - c0), float(s.payouts[1] - c1))

    def terminal(
        self, path: list[int], infos: list[Info], h0: Hand, h1: Hand
    ) -> tuple[float, float]:
        info = infos[-1]
        if info["terminal"] == "fold":
            return self.pay(path, infos, h0, h1, ())
        board = list(info["board"])
        deck = [c for c in self.deck() if c not in board and c not in h0 and c not in h1]
        t0 = t1 = 0.0
        runouts = list(combinations(deck, 5 - len(board)))
        for runout in runouts:
            a, b = self.pay(path, infos, h0, h1, runout)
            t0, t1 = t0 + a, t1 + b
        return (t0 / len(runouts), t1 / len(runouts))

    def pay(
        self, path: list[int], infos: list[Info], h0: Hand, h1: Hand, runout: Sequence[int]
    ) -> tuple[float, float]:
        """The terminal's net chips when the board is completed by ``runout``."""
        info = infos[-1]
        if info["terminal"] == "fold":
            high: list[int | None] = [0, 0]
            high[folder(infos, path)] = None
            return self.settle(info, high)
        assert info["terminal"] == "showdown", info
        full = [*info["board"], *runout]
        assert len(full) == 5, (full, h0, h1)
        assert disjoint(full, h0, h1), (full, h0, h1)
        (a, la), (b, lb) = self.scores(h0, full), self.scores(h1, full)
        return self.settle(info, [a, b], None if la is None and lb is None else [la, lb])
