"""Small solver spots for the oracle tests and the benches, made straight on
the core's contract (``hoyle._core.Solver.postflop``), and a walk over a
solved tree's nodes."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import hoyle
from hoyle import _core
from hoyle._equity_game import setup_of

Size = tuple[str, float]
Hand = tuple[int, ...]
MEMORY = 1 << 30


def ids(text: str) -> list[int]:
    return [c.id for c in hoyle.parse_cards(text)]


def range_hands(text: str, board: list[int]) -> tuple[list[Hand], list[float]]:
    """A ``hoyle.Range``'s combos and weights, less those touching ``board``."""
    items = [(h, w) for h, w in hoyle.Range(text).items() if not set(h) & set(board)]
    return [tuple(h) for h, _ in items], [w for _, w in items]


def random_hands(
    rng: random.Random, board: list[int], n: int, hole: int = 2, deck: list[int] | None = None
) -> tuple[list[Hand], list[float]]:
    """``n`` distinct random combos of ``hole`` cards of ``deck`` (the 52)
    off ``board``, with random weights."""
    cards = [c for c in (range(52) if deck is None else deck) if c not in board]
    combos: set[Hand] = set()
    while len(combos) < n:
        combos.add(tuple(sorted(rng.sample(cards, hole), reverse=True)))
    hands = sorted(combos)
    return hands, [round(rng.uniform(0.2, 1.0), 3) for _ in hands]


def suit_swap(card: int, perm: tuple[int, int, int, int]) -> int:
    """``card`` with its suit mapped by ``perm`` (suit s -> perm[s])."""
    return card - card % 4 + perm[card % 4]


def symmetric_hands(
    rng: random.Random, board: list[int], n: int, perms: list[tuple[int, int, int, int]]
) -> tuple[list[Hand], list[float]]:
    """About ``n`` random combos off ``board`` closed under ``perms`` (suit
    permutations fixing the board), each orbit one random weight."""
    deck = [c for c in range(52) if c not in board]
    weights: dict[Hand, float] = {}
    while len(weights) < n:
        a, b = rng.sample(deck, 2)
        w = round(rng.uniform(0.2, 1.0), 3)
        orbit = {(a, b)}
        while True:
            more = {(suit_swap(x, p), suit_swap(y, p)) for x, y in orbit for p in perms} | orbit
            if more == orbit:
                break
            orbit = more
        for x, y in orbit:
            weights.setdefault((max(x, y), min(x, y)), w)
    hands = sorted(weights)
    return hands, [weights[h] for h in hands]


@dataclass
class Spot:
    """A postflop spot on the core's contract: both players' bets and
    raises the same on every street."""

    board: list[int]
    hands: tuple[list[Hand], list[Hand]]
    weights: tuple[list[float], list[float]]
    pot: int = 100
    stack: int = 200
    bets: list[Size] = field(default_factory=lambda: [("%", 0.5), ("a", 0.0)])
    raises: list[Size] = field(default_factory=lambda: [("x", 3.0), ("a", 0.0)])
    rake: tuple[int, int | None] | None = None
    isomorphism: bool = True
    game: Any = None  # a hoyle.Game (None: no-limit hold'em), its showdown passed as Python does
    extra: dict[str, Any] = field(default_factory=dict)  # limit, bet_units, raise_cap...

    def solver(self, **extra: Any) -> Any:
        street = ((self.bets, self.raises), (self.bets, self.raises))
        if self.game is not None:
            setup = setup_of(self.game)
            extra = {"game": setup.shape, **setup.kwargs(), **extra}
        return _core.Solver.postflop(
            board=self.board,
            hands=([list(h) for h in self.hands[0]], [list(h) for h in self.hands[1]]),
            weights=self.weights,
            pot=self.pot,
            stack=self.stack,
            streets=[street] * (6 - len(self.board)),
            rake=self.rake,
            isomorphism=self.isomorphism,
            max_memory=MEMORY,
            **self.extra,
            **extra,
        )

    def hoyle_rake(self) -> hoyle.Rake | None:
        if self.rake is None:
            return None
        bp, cap = self.rake
        return hoyle.Rake(percent=Fraction(bp, 100), cap=cap)


def random_spot(seed: int, n: int, street: int = 5, game: Any = None, **kw: Any) -> Spot:
    """A random board of ``street`` cards and ``n`` random combos each."""
    rng = random.Random(seed)
    deck = list(range(52)) if game is None else [int(c) for c in game.deck]
    hole = 2 if game is None else setup_of(game).shape[0]
    board = rng.sample(deck, street)
    h0, w0 = random_hands(rng, board, n, hole, deck)
    h1, w1 = random_hands(rng, board, n, hole, deck)
    return Spot(board=board, hands=(h0, h1), weights=(w0, w1), game=game, **kw)


def nodes(
    tree: Any, cards: Callable[[list[int], list[int]], list[int]] | None = None
) -> Iterator[tuple[list[int], dict[str, Any]]]:
    """Every node of ``tree`` (path, info), depth first; at a chance node
    only the cards ``cards(path, dealable)`` picks (all by default)."""
    stack: list[list[int]] = [[]]
    while stack:
        path = stack.pop()
        info = tree.info(path)
        yield path, info
        if info["kind"] == "player":
            stack.extend([*path, a] for a in range(len(info["actions"])))
        elif info["kind"] == "chance":
            dealt = list(info["cards"]) if cards is None else cards(path, list(info["cards"]))
            stack.extend([*path, c] for c in dealt)
