# Hand-written stub of the Rust extension, checked by stubtest.
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Literal, SupportsIndex, TypeAlias, final

import numpy as np
import numpy.typing as npt
from rich.console import Group
from rich.text import Text

from hoyle._plan import Plan
from hoyle.category import Category
from hoyle.env.actions import Actions
from hoyle.rake import Rake

RANKS: Final[str]
SUITS: Final[str]
MAX_SEATS: Final[int]
MAX_CHIPS: Final[int]
"""The most chips a hand may hold in all, stacks and contributions together:
``2**64 - 1``, since settlement counts in 64-bit unsigned integers."""
EQUITY_TRIALS_LIMIT: Final[int]
EQUITY_SHARD_TRIALS: Final[int]
EQUITY_EXACT_WORK_LIMIT: Final[int]
EQUITY_THREADS_LIMIT: Final[int]
EQUITY_MAX_PLAYERS: Final[int]
EQUITY_MAX_HOLE: Final[int]
EQUITY_MAX_BOARD: Final[int]
ICM_MAX_PLAYERS: Final[int]
ICM_MONTE_MAX_PLAYERS: Final[int]
ICM_DP_LIMIT: Final[int]
ICM_SAMPLES_LIMIT: Final[int]
ICM_SHARD_SAMPLES: Final[int]
ALLIN_BOARDS: Final[int]
# What a Python Hand and hoyle.env share with the core (src-rust/hand.rs, src-rust/env):
PHASE_BET: Final[int]
PHASE_DRAWING: Final[int]
PHASE_OVER: Final[int]
RECORD_KINDS: Final[tuple[str, ...]]
"""The kinds of a history record, in the order of the observation's one-hot."""
FORCED_KINDS: Final[int]
"""The first ``FORCED_KINDS`` of ``RECORD_KINDS`` are posted by the hand itself."""
HAND_VIEW_FIELDS: Final[tuple[str, ...]]
"""The fields of a hand's view (``hoyle._hand_view.view``), in order."""
HAND_DRAW_FIELDS: Final[tuple[str, ...]]
"""The fields a drawing seat's decision reads besides (``hoyle._hand_view.draw_view``)."""
LAYOUT_SECTIONS: Final[tuple[tuple[str, str], ...]]
"""The observation's sections in order: (name, what its size counts)."""
LAYOUT_RECORD_EXTRA: Final[int]
"""A history record's entries beside its seat one-hot (kinds, amount, drawn)."""

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
    def _repr_html_(self) -> str: ...
    def __rich__(self) -> Text: ...

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
    def __reduce__(self) -> tuple[Callable[..., HandRank], tuple[tuple[int, ...]]]: ...
    def _repr_html_(self) -> str: ...
    def __rich__(self) -> Text: ...

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
        low_qualifier: SupportsIndex | None = None,
        hole_cards: SupportsIndex | None = None,
        short_deck: Literal["straight-beats-trips", "trips-beat-straight"] | None = None,
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
    @property
    def short_deck(self) -> Literal["straight-beats-trips", "trips-beat-straight"] | None: ...
    @property
    def is_natural(self) -> bool: ...
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
    def __reduce__(self) -> tuple[Callable[..., LowRank | None], tuple[tuple[int, ...]]]: ...
    def __hash__(self) -> int: ...

def parse_cards(cards: _CardsLike) -> tuple[Card, ...]: ...
def evaluate(
    cards: _CardsLike, *, board: _CardsLike | None = None, rules: HandRules | None = None
) -> HandRank: ...
def rank(
    cards: _CardsLike, *, board: _CardsLike | None = None, rules: HandRules | None = None
) -> int: ...
def evaluate_batch(
    hands: npt.NDArray[np.uint8],
    *,
    board: npt.NDArray[np.uint8] | None = None,
    rules: HandRules | None = None,
    threads: SupportsIndex | None = None,
    out: npt.NDArray[np.uint32] | None = None,
) -> npt.NDArray[np.uint32]: ...
def evaluate_low(
    cards: _CardsLike, *, board: _CardsLike | None = None, rules: HandRules
) -> LowRank | None: ...
def evaluate_low_batch(
    hands: npt.NDArray[np.uint8],
    *,
    board: npt.NDArray[np.uint8] | None = None,
    rules: HandRules,
    threads: SupportsIndex | None = None,
    out: npt.NDArray[np.uint32] | None = None,
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
    def __reduce__(self) -> tuple[Callable[..., Pot], tuple[Any, ...]]: ...

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
    @property
    def _held(self) -> int: ...
    def _room_raked(self, chips: int) -> Settlement | None: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __reduce__(self) -> tuple[Callable[..., Settlement], tuple[Any, ...]]: ...
    def _repr_html_(self) -> str: ...
    def __rich__(self) -> Group: ...

def settle(
    contributions: Iterable[SupportsIndex],
    high: Iterable[SupportsIndex | None],
    low: Iterable[SupportsIndex | None] | None = None,
    *,
    button: SupportsIndex = 0,
    rake: Rake | None = None,
    dead: Iterable[SupportsIndex] | None = None,
) -> Settlement: ...

_Players: TypeAlias = "list[list[tuple[list[int], float]]]"

@final
class EquityCounts:
    """The counters of an equity run and the fractions read from them."""

    def __new__(
        cls,
        players: int,
        deals: int,
        win: list[int],
        tie: list[int],
        share: list[int],
        sq: list[int],
        cat: list[int],
    ) -> EquityCounts: ...
    def __add__(self, other: EquityCounts, /) -> EquityCounts: ...
    def __radd__(self, other: EquityCounts, /) -> EquityCounts: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...
    @property
    def exact(self) -> bool: ...
    @property
    def players(self) -> int: ...
    @property
    def deals(self) -> int: ...
    @property
    def holdings(self) -> int: ...
    @property
    def classes(self) -> int: ...
    @property
    def wins(self) -> tuple[int, ...]: ...
    @property
    def ties(self) -> tuple[int, ...]: ...
    @property
    def equity(self) -> tuple[float, ...]: ...
    @property
    def win(self) -> tuple[float, ...]: ...
    @property
    def tie(self) -> tuple[float, ...]: ...
    @property
    def stderr(self) -> tuple[float, ...]: ...
    @property
    def low(self) -> tuple[float, ...]: ...
    @property
    def by_category(self) -> tuple[dict[Category, float], ...]: ...

def equity_work(
    players: _Players,
    board: list[int],
    dead: list[int],
    game: tuple[int, int, int],
    *,
    rules: HandRules | None = None,
    high: bool = True,
    deck: int | None = None,
    split: HandRules | None = None,
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
    split: HandRules | None = None,
) -> EquityCounts: ...
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
    split: HandRules | None = None,
    last: int | None = None,
) -> EquityCounts: ...
def _deal_rows(
    n: int, cards: int, seed: int, dead: int, threads: int | None = None
) -> npt.NDArray[np.uint8]:
    """``n`` rows of ``cards`` distinct card ids from the deck less the
    ``dead`` mask, block ``b`` of 16,384 rows seeded from ``(seed, b)``."""

def _read_pokerstars(
    text: str, engine_for: Callable[..., _PhhEngine | None] | None = None
) -> list[tuple[int, Any, Any, int, bool]] | None: ...
def _deal(size: int, count: int, /, seed: int | None = None) -> list[int]:
    """``count`` distinct numbers of ``range(size)``, uniformly at random, in
    random order: the deck positions a hand deals. With ``seed``, exactly
    ``random.Random(seed)``'s partial Fisher-Yates (``j = i + int(random() *
    (size - i))``); without, the fast per-thread generator (a simulation
    generator, not a cryptographic one). ``size`` and ``count`` are
    ``0..1024`` and the seed an int ``>= 0`` of any size (a negative seed,
    which ``random.Random`` would take as its magnitude, is refused):
    ``GameError`` otherwise, ``TypeError`` for a bool or a non-int."""

def _deal_and_seed(size: int, count: int, /, seed: int | None = None) -> tuple[list[int], int]:
    """``_deal``, and 32 more random bits from the same generator (a draw
    game's reshuffle seed)."""

def _reshuffle(cards: list[int], seed: int, /) -> list[int]:
    """``cards`` in the order ``random.Random(seed).shuffle`` leaves them
    (``seed``: an int ``>= 0``, as for ``_deal``)."""

def _opens(cards: _CardsLike, four_flush: bool, /) -> bool:
    """Draw poker's opening requirement: jacks or better, or with
    ``four_flush`` also four cards of one suit."""

def _exposed_key(cards: _CardsLike, low: bool, /) -> int:
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

def _pot(
    amount: int,
    rake: int,
    eligible: Iterable[int],
    high_winners: Iterable[int],
    low_winners: Iterable[int],
    high_half: int,
    low_half: int,
    shares: Iterable[int],
    /,
) -> Pot:
    """A pickled ``Pot`` made again; state whose chips do not add up raises
    ``SettlementError``."""

def _settlement(
    payouts: Iterable[int],
    refunds: Iterable[int],
    pots: Iterable[Pot],
    rake: int,
    button: int,
    /,
) -> Settlement:
    """A pickled ``Settlement`` made again; state whose chips do not add up
    raises ``SettlementError``."""

def _set_fast_paths(on: bool) -> bool:
    """Turns the bindings' unsafe speed tricks on or off; returns the previous setting."""

def _pooled_ranks() -> int:
    """How many freed ranks the pool keeps now, at most 131,072 (for tests)."""

_State: TypeAlias = tuple[
    int | None,
    int,
    list[int],
    list[int],
    list[int],
    list[bool],
    list[int],
    list[list[int]],
    list[tuple[int, int, int, int, int]],
    tuple[bool, bool, int, int | None, int | None],
]

def _phh_toml(text: str) -> dict[str, Any] | None:
    """PHH text's TOML document as ``tomllib.loads(text, parse_float=Decimal)``
    reads it, or None where the core's reader leaves it to Python's."""

def _phh_stacks(fields: dict[str, Any]) -> tuple[int, tuple[int | None, ...]] | None:
    """A PHH hand's ``(scale, starting stacks)`` as ``stakes.scale_of`` and
    ``stakes.starting_stacks`` read them (None for an unknown stack,
    ``inf``), or None where the core leaves
    the fields to Python (anything but ints and plainly written decimals;
    the caller leaves it hoyle's ``_hoyle_`` money fields)."""

@final
class _PhhEngine:
    """A game's table engine for ``_phh_replay`` (``hoyle.history.native``)."""

    def __new__(cls, plan: Plan) -> _PhhEngine: ...

def _phh_replay(
    engine: _PhhEngine,
    actions: list[str],
    seat_of: Sequence[int],
    order: Sequence[int],
    stacks: Sequence[int],
    deep: Sequence[int],
    button: int,
    scale: int,
    strict: bool,
    partial: bool = False,
) -> tuple[Any, ...] | None:
    """One hand history's action lines read and played in the core: the
    final state (see ``_streets.finished_hand``), or None where the core's
    path does not read the hand."""

@final
class _Tables:
    """The core backend of ``hoyle.env.VectorTables`` (``hoyle.env._fast``
    makes it): N tables of one flop game stepped in one call, filling the
    five arrays it was given in place."""

    def __new__(
        cls,
        plan: Plan,
        actions: Actions,
        names: list[str],
        tables: int,
        stacks: list[int],
        unit: int,
        window: int,
        obs: npt.NDArray[np.float32],
        mask: npt.NDArray[np.bool_],
        actor: npt.NDArray[np.int64],
        rewards: npt.NDArray[np.float32],
        done: npt.NDArray[np.bool_],
    ) -> _Tables: ...
    def reset(self, seed: int) -> None:
        """Every table deals hand 0 of the run seeded ``seed``."""
    def step(self, actions: npt.NDArray[np.int64]) -> None:
        """One step of every table; a masked action raises ``IllegalActionError``."""
    def _set_bots(self, bots: list[str | None]) -> None:
        """Seats the core's bots (``"station"``, ``"random"``; None: a learning seat)."""
    def record(self, i: int) -> tuple[int, int, list[int]]:
        """``(hand_seed, button, action indices so far)`` of table ``i``'s hand."""
    def _state(self, i: int) -> _State:
        """Table ``i``'s hand as plain values (for tests; ``VectorTables.hand``
        replays its history when bots play)."""
    # hoyle.env.aec_env's calls on one table (hoyle/env/_aec_core.py)
    def _deal(self, i: int, k: int) -> int:
        """Table ``i`` starts hand ``k`` of the run; the seat to act or -1."""
    def _act(self, i: int, index: Any) -> int:
        """Table ``i``'s actor takes action ``index``; the next seat to act or -1."""
    def _observe(
        self, i: int, seat: int, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]
    ) -> None:
        """``seat``'s observation of table ``i``, and its mask when it is to act."""
    def _bind(self, rows: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]]) -> None:
        """One (observation, mask) pair of rows per seat, for ``_see``."""
    def _bind_dicts(self, dicts: list[Any]) -> None:
        """One object per seat, for ``_see`` to return."""
    def _see(self, i: int, seat: int) -> Any:
        """``_observe`` of ``seat`` into the rows ``_bind`` gave for it; the
        seat's object from ``_bind_dicts`` (None if none was given)."""
    def _rewards(self, i: int) -> list[float]:
        """Table ``i``'s rewards in units, per absolute seat."""

@final
class _AecSteps:
    """``aec_env``'s ``step`` and ``last`` on one engine table as single
    calls (``hoyle.env._aec_core``); the unusual cases go to the Python
    methods it was given."""

    def __new__(
        cls,
        env: Any,
        tables: _Tables,
        agents: list[str],
        free: list[None],
        moves: list[int],
        sleeping: type,
        sleep: Any,
        actions: Actions,
        human: bool,
        slow_step: Any,
        slow_last: Any,
    ) -> _AecSteps: ...
    paid: bool
    def deal(self, k: int, moves: list[int], hand: Any) -> None:
        """Hand ``k`` of the run, its moves appended to ``moves``, the
        episode of ``hand`` opened, the actor selected (or the hand finished)."""
    def moves(self) -> list[int]:
        """The moves list ``deal`` was last given."""
    def finish(self) -> None:
        """The hand is over: rewards, cumulative rewards, every agent terminated."""
    def step(self, action: Any) -> None:
        """``CoreSteps.step(env, action)``."""
    def last(self, observe: bool | None = None) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """``CoreSteps.last(env, observe)`` (None: True)."""

def _aec_entries(steps: _AecSteps) -> tuple[Any, Any]:
    """``steps.step`` and ``steps.last`` as functions bound to it, behind
    hand-written entries (the same calls and results)."""

@final
class _AecTurns:
    """One pass of ``aec_env``'s ``agent_iter``: ``agent_selection`` while
    ``agents`` is not empty, at most ``most`` times."""

    def __new__(cls, env: Any, most: int) -> _AecTurns: ...
    def __iter__(self) -> _AecTurns: ...
    def __next__(self) -> str: ...

@final
class _Observer:
    """What is fixed for one ``hoyle.env`` layout and action abstraction."""

    def __new__(
        cls,
        deck: Iterable[int],
        seats: int,
        streets: int,
        window: int,
        has_up: bool,
        unit: int,
        actions: Actions,
        draw_cards: int,
        /,
    ) -> _Observer: ...
    @property
    def obs_size(self) -> int: ...
    @property
    def mask_size(self) -> int: ...
    @property
    def fields(self) -> list[tuple[str, int, int]]: ...
    def fill(
        self,
        hand: Any,
        me: int,
        obs: npt.NDArray[np.float32],
        mask: npt.NDArray[np.bool_],
        game: Any = None,
        /,
    ) -> None: ...

def _observe(
    observer: _Observer,
    hand: Any,
    me: int,
    obs: npt.NDArray[np.float32],
    mask: npt.NDArray[np.bool_],
    game: Any = None,
    /,
) -> None:
    """Seat ``me``'s observation of ``hand`` into ``obs`` and the actor's
    mask into ``mask`` (``hoyle.env._observe``); with ``game``, a hand of
    another game is refused."""

# hoyle.tournament's prize equity (src-rust/icm.rs)
def _icm_subsets(players: int, paid: int) -> int: ...
def _icm_dp(stacks: list[float], payouts: list[float]) -> list[float]: ...
def _icm_fast(stacks: object, payouts: object) -> list[float] | None: ...
def _icm_monte(
    stacks: list[float], payouts: list[float], samples: int, seed: int
) -> tuple[list[float], list[float]]: ...
def _allin_counts(matchups: list[tuple[int, int, int, int]]) -> list[list[int]]: ...

# -- the solver (hoyle.solve; docs/solve.md) ------------------------------------------------
_Size: TypeAlias = tuple[str, float]
_StreetSizes: TypeAlias = tuple[tuple[list[_Size], list[_Size]], tuple[list[_Size], list[_Size]]]

@final
class Solver:
    @staticmethod
    def postflop(
        *,
        board: list[int],
        hands: tuple[list[list[int]], list[list[int]]],
        weights: tuple[list[float], list[float]],
        pot: int,
        stack: int,
        streets: list[_StreetSizes],
        limit: str = "no",
        bet_units: list[int] | None = None,
        raise_cap: int | None = None,
        allin_threshold: float | None = None,
        merge: float | None = None,
        game: tuple[int, int, int] | None = None,
        rules: HandRules | None = None,
        high: bool = True,
        deck: int | None = None,
        split: HandRules | None = None,
        rake: tuple[int, int | None] | None = None,
        isomorphism: bool = True,
        max_memory: int,
    ) -> Solver: ...
    @staticmethod
    def estimate(
        *,
        board: list[int],
        hands: tuple[list[list[int]], list[list[int]]],
        weights: tuple[list[float], list[float]],
        pot: int,
        stack: int,
        streets: list[_StreetSizes],
        limit: str = "no",
        bet_units: list[int] | None = None,
        raise_cap: int | None = None,
        allin_threshold: float | None = None,
        merge: float | None = None,
        game: tuple[int, int, int] | None = None,
        rules: HandRules | None = None,
        high: bool = True,
        deck: int | None = None,
        split: HandRules | None = None,
        rake: tuple[int, int | None] | None = None,
        isomorphism: bool = True,
        max_memory: int,
    ) -> int: ...
    @staticmethod
    def kuhn() -> Solver: ...
    @staticmethod
    def leduc(*, isomorphism: bool = True) -> Solver: ...
    @property
    def memory(self) -> int: ...
    @property
    def iterations(self) -> int: ...
    @property
    def node_count(self) -> int: ...
    def iterate(
        self,
        n: int,
        *,
        threads: int | None = None,
        algorithm: str = "dcfr",
        alpha: float = 1.5,
        beta: float = 0.0,
        gamma: float = 2.0,
    ) -> int: ...
    def exploitability(self, *, threads: int | None = None) -> float: ...
    def ev(self) -> tuple[float, float]: ...
    def equity(self) -> tuple[float, float]: ...
    def hands(self, player: int) -> list[tuple[int, ...]]: ...
    def weights(self, player: int) -> list[float]: ...
    def info(self, path: list[int]) -> dict[str, Any]: ...
    def strategy(self, path: list[int]) -> npt.NDArray[np.float32]: ...
    def values(
        self, path: list[int], player: int
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]: ...
    def payoff(
        self, path: list[int], hand0: int, hand1: int, runout: list[int]
    ) -> tuple[int, int]: ...
    def state(self) -> bytes: ...
    def set_state(self, data: bytes) -> None: ...
