# Hand-written stub of the Rust extension, checked by stubtest.
from collections.abc import Callable, Iterable
from typing import Any, Literal, SupportsIndex, TypeAlias, final

import numpy as np
import numpy.typing as npt

from hoyle.category import Category
from hoyle.settlement import Rake

_CardLike: TypeAlias = "str | SupportsIndex | Card"
_CardsLike: TypeAlias = "str | Iterable[str | SupportsIndex | Card]"

@final
class Card:
    def __new__(cls, card: _CardLike) -> Card: ...
    @property
    def id(self) -> int: ...
    @property
    def rank(self) -> int | None: ...
    @property
    def suit(self) -> int | None: ...
    @property
    def is_joker(self) -> bool: ...
    def __index__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Card, /) -> bool: ...
    def __le__(self, other: Card, /) -> bool: ...
    def __gt__(self, other: Card, /) -> bool: ...
    def __ge__(self, other: Card, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[type[Card], tuple[int]]: ...

@final
class HandRank:
    @property
    def value(self) -> int: ...
    @property
    def category(self) -> Category: ...
    @property
    def best_five(self) -> tuple[Card, ...]: ...
    @property
    def held_five(self) -> tuple[Card, ...]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: HandRank, /) -> bool: ...
    def __le__(self, other: HandRank, /) -> bool: ...
    def __gt__(self, other: HandRank, /) -> bool: ...
    def __ge__(self, other: HandRank, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class HandRules:
    def __new__(
        cls,
        *,
        wild_ranks: str = "",
        wild_cards: str = "",
        jokers: Literal["wild", "bug"] | None = None,
        bug_fills_flush: bool = False,
        four_flush: bool = False,
        low: Literal["ace-to-five", "deuce-to-seven", "ace-to-six", "badugi"] | None = None,
        low_qualifier: int | None = None,
        hole_cards: int | None = None,
    ) -> HandRules: ...
    @property
    def wild_ranks(self) -> str: ...
    @property
    def wild_cards(self) -> str: ...
    @property
    def jokers(self) -> Literal["wild", "bug"] | None: ...
    @property
    def bug_fills_flush(self) -> bool: ...
    @property
    def four_flush(self) -> bool: ...
    @property
    def low(self) -> Literal["ace-to-five", "deuce-to-seven", "ace-to-six", "badugi"] | None: ...
    @property
    def low_qualifier(self) -> int | None: ...
    @property
    def hole_cards(self) -> int | None: ...
    def __reduce__(self) -> tuple[Callable[[], HandRules], tuple[()]]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class LowRank:
    @property
    def value(self) -> int: ...
    @property
    def ranking(self) -> str: ...
    @property
    def best_cards(self) -> tuple[Card, ...]: ...
    @property
    def held_cards(self) -> tuple[Card, ...]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: LowRank, /) -> bool: ...
    def __le__(self, other: LowRank, /) -> bool: ...
    def __gt__(self, other: LowRank, /) -> bool: ...
    def __ge__(self, other: LowRank, /) -> bool: ...
    def __hash__(self) -> int: ...

def parse_cards(cards: _CardsLike) -> tuple[Card, ...]: ...
def evaluate(
    cards: _CardsLike, *, board: _CardsLike | None = None, rules: HandRules | None = None
) -> HandRank: ...
def evaluate_batch(
    hands: npt.NDArray[np.uint8],
    *,
    board: npt.NDArray[np.uint8] | None = None,
    rules: HandRules | None = None,
    threads: int | None = None,
) -> npt.NDArray[np.uint32]: ...
def evaluate_low(
    cards: _CardsLike, *, board: _CardsLike | None = None, rules: HandRules
) -> LowRank | None: ...
def evaluate_low_batch(
    hands: npt.NDArray[np.uint8],
    *,
    board: npt.NDArray[np.uint8] | None = None,
    rules: HandRules,
    threads: int | None = None,
) -> npt.NDArray[np.uint32]: ...

@final
class Pot:
    @property
    def amount(self) -> int: ...
    @property
    def rake(self) -> int: ...
    @property
    def eligible(self) -> tuple[int, ...]: ...
    @property
    def high_winners(self) -> tuple[int, ...]: ...
    @property
    def low_winners(self) -> tuple[int, ...]: ...
    @property
    def high_half(self) -> int: ...
    @property
    def low_half(self) -> int: ...
    @property
    def shares(self) -> tuple[int, ...]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...

@final
class Settlement:
    @property
    def payouts(self) -> tuple[int, ...]: ...
    @property
    def refunds(self) -> tuple[int, ...]: ...
    @property
    def pots(self) -> tuple[Pot, ...]: ...
    @property
    def rake(self) -> int: ...
    @property
    def button(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...

def settle(
    contributions: Iterable[SupportsIndex],
    high: Iterable[SupportsIndex | None],
    low: Iterable[SupportsIndex | None] | None = None,
    *,
    button: int = 0,
    rake: Rake | None = None,
    dead: Iterable[SupportsIndex] | None = None,
) -> Settlement: ...

_Players: TypeAlias = "list[list[tuple[list[int], float]]]"

def equity_work(
    players: _Players,
    board: list[int],
    dead: list[int],
    game: tuple[int, int, int],
    cap: float,
    *,
    rules: HandRules | None = None,
    high: bool = True,
    deck: int | None = None,
) -> tuple[float, list[int]]: ...
def equity_exact(
    players: _Players,
    board: list[int],
    dead: list[int],
    game: tuple[int, int, int],
    threads: int | None = None,
    *,
    rules: HandRules | None = None,
    high: bool = True,
    deck: int | None = None,
) -> dict[str, Any]: ...
def equity_shards(
    players: _Players,
    board: list[int],
    dead: list[int],
    game: tuple[int, int, int],
    seed: int,
    first: int,
    count: int,
    threads: int | None = None,
    *,
    rules: HandRules | None = None,
    high: bool = True,
    deck: int | None = None,
) -> dict[str, Any]: ...
def _deal(size: int, count: int, /, seed: int | None = None) -> list[int]:
    """``count`` distinct numbers of ``range(size)``, uniformly at random, in
    random order: the deck positions a hand deals. With ``seed``, exactly
    ``random.Random(seed)``'s partial Fisher-Yates (``j = i + int(random() *
    (size - i))``); without, the fast per-thread generator (a simulation
    generator, not a cryptographic one)."""

def _deal_and_seed(size: int, count: int, /, seed: int | None = None) -> tuple[list[int], int]:
    """``_deal``, and 32 more random bits from the same generator (a draw
    game's reshuffle seed)."""

def _reshuffle(cards: list[int], seed: int, /) -> list[int]:
    """``cards`` in the order ``random.Random(seed).shuffle`` leaves them."""

def _opens(cards: list[int], four_flush: bool, /) -> bool:
    """Draw poker's opening requirement: jacks or better, or with
    ``four_flush`` also four cards of one suit."""

def _exposed_key(cards: list[int], low: bool, /) -> int:
    """The strength of stud's exposed cards (pairs, trips, quads, then
    ranks): larger is better; for a low game, the better low."""

def _reseed_deals() -> None:
    """A fresh seed for this thread's dealing generator."""

def _showdown(
    stacks: list[int],
    contributions: list[int],
    cards: list[list[int]],
    board: list[int],
    folded: list[bool],
    button: int,
    rake: Rake | None,
    dead: list[int] | None,
    /,
) -> tuple[list[int], list[int | None]]:
    """A natural-high hand's end in one call: ``(stacks after, high values)``."""
