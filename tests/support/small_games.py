"""Kuhn poker and Leduc hold'em written out from their rules, for the
naive oracle (tests/support/naive_solver.py): their betting, their
payoffs, a check of the core's tree against theirs at every node, and a
tree of their own (``RulesTree``) that plays any policy, read as the
core's is."""

from __future__ import annotations

from typing import Any

from tests.support.naive_solver import Hand, Info, kind


class KuhnRules:
    """Kuhn poker: cards J < Q < K, ante 1 each, player 0 first, one bet of 1."""

    @staticmethod
    def betting(labels: list[str]) -> tuple[list[str], list[int]]:
        """(the legal kinds, or [] at the end; each player's chips in)."""
        put = [1, 1]
        for n, label in enumerate(labels):
            if label in ("bet", "call"):
                put[n % 2] += 1
        if labels in ([], ["check"]):
            return ["check", "bet"], put
        if labels in (["bet"], ["check", "bet"]):
            return ["fold", "call"], put
        return [], put

    def check(self, path: list[int], infos: list[Info]) -> None:
        labels = history(path, infos)
        legal, _ = self.betting(labels)
        info = infos[-1]
        if legal:
            assert (info["kind"], info["player"]) == ("player", len(labels) % 2), info
            assert sorted(kind(a) for a in info["actions"]) == sorted(legal), (labels, info)
        else:
            want = "fold" if labels[-1] == "fold" else "showdown"
            assert (info["kind"], info["terminal"]) == ("terminal", want), (labels, info)

    def terminal(
        self, path: list[int], infos: list[Info], h0: Hand, h1: Hand
    ) -> tuple[float, float]:
        labels = history(path, infos)
        _, put = self.betting(labels)
        fold = labels[-1] == "fold"
        loser = (len(labels) - 1) % 2 if fold else int(h0[0] > h1[0])
        won = float(put[loser])
        return (-won, won) if loser == 0 else (won, -won)


def history(path: list[int], infos: list[Info]) -> list[str]:
    """The kinds of the actions taken along ``path`` ("deal" for a card)."""
    out = []
    for step, info in zip(path, infos, strict=False):
        out.append("deal" if info["kind"] == "chance" else kind(info["actions"][step]))
    return out


class LeducRules:
    """Leduc hold'em as OpenSpiel plays it: six cards (J, Q, K in two
    suits), ante 1 each, player 0 first in both rounds, bets and raises of
    2 in the first round and 4 in the second, at most two (the bet counts)
    a round; at the showdown a pair with the public card wins, then the
    higher card, equal ranks split."""

    SIZES = (2, 4)

    def state(self, labels: list[str]) -> tuple[str, int, list[int], list[str]]:
        """(``"player"``/``"chance"``/``"fold"``/``"showdown"``, the player
        to act, each player's chips in, the legal kinds)."""
        put, rnd, raises, acted, actor = [1, 1], 0, 0, 0, 0
        for label in labels:
            if label == "deal":
                rnd, raises, acted, actor = 1, 0, 0, 0
                continue
            other = 1 - actor
            if label == "fold":
                return "fold", actor, put, []
            if label in ("bet", "raise"):
                put[actor] = put[other] + self.SIZES[rnd]
                raises += 1
            elif label == "call":
                put[actor] = put[other]
            acted += 1
            actor = other
            if put[0] == put[1] and acted >= 2:
                if rnd == 1:
                    return "showdown", -1, put, []
                actor = -1  # the round is over: the public card comes next
        if actor == -1:
            return "chance", -1, put, []
        if put[0] == put[1]:
            return "player", actor, put, ["check", "bet"]
        legal = ["fold", "call"] + (["raise"] if raises < 2 else [])
        return "player", actor, put, legal

    def check(self, path: list[int], infos: list[Info]) -> None:
        labels = history(path, infos)
        node, actor, _, legal = self.state(labels)
        info = infos[-1]
        if node == "player":
            assert (info["kind"], info["player"]) == ("player", actor), (labels, info)
            assert sorted(kind(a) for a in info["actions"]) == sorted(legal), (labels, info)
        elif node == "chance":
            assert info["kind"] == "chance", (labels, info)
        else:
            assert (info["kind"], info["terminal"]) == ("terminal", node), (labels, info)

    def terminal(
        self, path: list[int], infos: list[Info], h0: Hand, h1: Hand
    ) -> tuple[float, float]:
        labels = history(path, infos)
        node, actor, put, _ = self.state(labels)
        if node == "fold":
            loser = actor
        else:
            public = path[labels.index("deal")] // 4
            r0, r1 = h0[0] // 4, h1[0] // 4
            s0, s1 = (r0 == public, r0), (r1 == public, r1)
            if s0 == s1:
                return (0.0, 0.0)
            loser = 0 if s0 < s1 else 1
        won = float(put[loser])
        return (-won, won) if loser == 0 else (won, -won)


class RulesTree:
    """A tree built from ``KuhnRules``/``LeducRules`` alone, read as the
    core's is (the same four calls), playing ``policy(path, hand)`` (a list
    of probabilities over the node's actions): the oracle's own check
    against peers, with no solver involved. Kuhn's cards Jc Qc Kc, Leduc's
    Jc Jd Qc Qd Kc Kd, as the core deals them."""

    def __init__(self, rules: KuhnRules | LeducRules, policy: Any) -> None:
        self.rules, self.policy = rules, policy
        self.cards = [36, 40, 44] if isinstance(rules, KuhnRules) else [36, 37, 40, 41, 44, 45]

    def labels(self, path: list[int]) -> list[str]:
        out: list[str] = []
        for step in path:
            info = self.info_of(out)
            out.append("deal" if info["kind"] == "chance" else info["actions"][step])
        return out

    def info_of(self, labels: list[str]) -> Info:
        if isinstance(self.rules, KuhnRules):
            legal, _ = self.rules.betting(labels)
            if legal:
                return {"kind": "player", "player": len(labels) % 2, "actions": legal}
            end = "fold" if labels[-1] == "fold" else "showdown"
            return {"kind": "terminal", "player": -1, "terminal": end}
        node, actor, _, legal = self.rules.state(labels)
        if node == "player":
            return {"kind": "player", "player": actor, "actions": legal}
        if node == "chance":
            return {"kind": "chance", "player": -1, "cards": list(self.cards)}
        return {"kind": "terminal", "player": -1, "terminal": node}

    def info(self, path: list[int]) -> Info:
        return self.info_of(self.labels(path))

    def strategy(self, path: list[int]) -> list[list[float]]:
        player = self.info(path)["player"]
        return [list(self.policy(path, hand)) for hand in self.hands(player)]

    def hands(self, player: int) -> list[tuple[int, ...]]:
        return [(c,) for c in self.cards]

    def weights(self, player: int) -> list[float]:
        return [1.0] * len(self.cards)
