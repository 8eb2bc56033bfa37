"""The state of a ``Hand``: every field once, with how a copy takes it.

``HandState`` declares each field once, as ``Annotated[type, how]``; its
``__slots__``, ``clone`` (generated from the list when this module loads,
so a copy stays a handful of list copies), ``__getstate__`` and
``__setstate__`` all derive from that one list. State is kept in plain
lists of ints.
"""

from typing import TYPE_CHECKING, Annotated, Any, Final

from hoyle._core import PHASE_BET, PHASE_DRAWING, PHASE_OVER, Settlement
from hoyle._plan import Plan
from hoyle.betting import DRAW, NO_ACTION, Betting, Legal
from hoyle.errors import GameError

if TYPE_CHECKING:
    from typing_extensions import Self

    from hoyle.games import Game

__all__ = ["BET", "DRAWING", "OVER", "STATE", "HandState"]

BET, DRAWING, OVER = PHASE_BET, PHASE_DRAWING, PHASE_OVER  # the phases, numbered by the core

# How a copy takes a field:
SHARE: Final = "share"  # the same object (ints, tuples, and objects never changed in place)
COPY: Final = "copy"  # a copy of the list
COPY_EACH: Final = "copy each"  # a new list of copies of the inner lists
DERIVED: Final = "derived"  # shared by a copy; not pickled: worked out again on loading
FRESH: Final = "fresh"  # the copy's own, new (the thread guard's token); not pickled

Record = tuple[int, int, str, int, int, tuple[int, ...]]  # an Action's fields


def _kinds(fields: dict[str, Any]) -> dict[str, str]:
    """Each field's name and how a copy takes it."""
    return {name: hint.__metadata__[0] for name, hint in fields.items()}


def _compile_clone(fields: dict[str, Any]) -> Any:
    """``clone(hand)``: a new hand of the same class with each field (name:
    ``Annotated[type, how]``) taken as its annotation says, written out once
    here so that a copy runs no loop."""
    take = {
        SHARE: "s.{}",
        DERIVED: "s.{}",
        FRESH: "[1]",
        COPY: "s.{}[:]",
        COPY_EACH: "[c[:] for c in s.{}]",
    }
    lines = [f"    h.{name} = {take[how].format(name)}" for name, how in _kinds(fields).items()]
    source = "def clone(s):\n    h = new(s.__class__)\n" + "\n".join(lines) + "\n    return h\n"
    namespace: dict[str, Any] = {"new": object.__new__}
    exec(source, namespace)
    clone = namespace["clone"]
    clone.__doc__ = "An independent copy: the same state and the same future deal."
    return clone


class HandState:
    """The fields of a hand. Subclasses add behaviour, never fields: the
    chain is ``HandState`` -> ``Ending`` -> ``Streets`` -> ``Turns`` ->
    ``Draws`` -> ``Hand``, and each layer's docstring names the fields it
    writes. This one writes them only whole: ``clone`` and unpickling."""

    # the table
    _game: Annotated["Game", SHARE]
    _plan: Annotated[Plan, DERIVED]  # _game's plan, read on every step
    _n: Annotated[int, SHARE]  # seats
    _ring: Annotated[tuple[tuple[int, ...], ...], SHARE]  # _plan.rings(_n)
    _button: Annotated[int, SHARE]
    _start: Annotated[tuple[int, ...], SHARE]  # the starting stacks
    # chips
    _stacks: Annotated[list[int], COPY]
    _contrib: Annotated[list[int], COPY]  # put in this hand
    _dead: Annotated[list[int] | None, SHARE]  # the antes: never refunded
    # cards
    _cards: Annotated[list[list[int]], COPY_EACH]  # each seat's, down and up
    _up: Annotated[list[list[int]], COPY_EACH]
    _board: Annotated[list[int], COPY]
    _deck: Annotated[list[int], COPY]  # the cards to come, the next one last
    _discards: Annotated[list[int], COPY]
    _reseed: Annotated[int, SHARE]  # a draw's reshuffle seeds from it
    _dealt: Annotated[tuple[int, ...] | None, SHARE]  # the deck as dealt, first card first
    # progress
    _history: Annotated[list[Record], COPY]
    _street: Annotated[int, SHARE]
    _first_street: Annotated[int, SHARE]
    _phase: Annotated[int, SHARE]  # BET, DRAWING or OVER
    _actor: Annotated[int | None, SHARE]
    _to_draw: Annotated[list[int], COPY]  # seats still to draw, in order
    _folded: Annotated[list[bool], COPY]
    # the betting interval
    _bets: Annotated[list[int], COPY]
    _level: Annotated[list[int], COPY]  # the bet each seat last answered, -1 before acting
    _bet: Annotated[int, SHARE]  # the highest bet
    _raises: Annotated[int, SHARE]
    _raise_size: Annotated[int, SHARE]  # the smallest full raise
    _voluntary: Annotated[bool, SHARE]  # some seat has acted
    _betting: Annotated[Betting, SHARE]
    _min_bet: Annotated[int, SHARE]
    # the outcome
    _shown: Annotated[tuple[list[int | None], list[int | None] | None] | None, SHARE]
    _unseen: Annotated[tuple[int, ...], SHARE]  # seats that showed no cards (``_ending``)
    _settlement: Annotated[Settlement | None, DERIVED]  # built from _shown when asked for
    _legal: Annotated[Legal | None, DERIVED]  # the actor's, once worked out
    # what a hand history's replay changed (its hooks: ``_deal.restub``,
    # ``_ending.take_room_rake``, ``_ending.run_again``), kept so that a replay from the record
    # (``_hand_check``) gives the same hand
    _restubs: Annotated[tuple[tuple[int, tuple[int, ...]], ...], SHARE]  # (draw's record, cards)
    _room_rake: Annotated[int, SHARE]  # chips a room's rake took after the hand; 0: none
    _runouts: Annotated[tuple[tuple[int, ...], ...], SHARE]  # later runs' boards (``run_again``)
    _house: Annotated[int, SHARE]  # chips the house added to the main pot (``add_house_money``)
    # one thread at a time (``Hand``): the guard's one token, which an action and
    # ``legal`` (to keep what it works out) pop, and put back when done: list.pop is
    # atomic, so an empty list is another thread at work
    _busy: Annotated[list[int], FRESH]

    __slots__ = tuple(__annotations__)

    if TYPE_CHECKING:

        def clone(self) -> "Self":
            """An independent copy: the same state and the same future deal."""

    else:
        clone = _compile_clone(__annotations__)

    def __copy__(self) -> "Self":
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> "Self":
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        return (object.__new__, (self.__class__,), self.__getstate__())

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _PICKLED}

    def __setstate__(self, state: dict[str, Any]) -> None:
        if not isinstance(state, dict) or not state.keys() >= _REQUIRED:
            missing = sorted(_REQUIRED - state.keys()) if isinstance(state, dict) else "all"
            raise GameError(f"a pickled Hand lacks fields: {missing}")
        if not isinstance(getattr(state["_game"], "_plan", None), Plan):
            raise GameError(f"a pickled Hand needs a Game, got {type(state['_game']).__name__}")
        acted = state.get("_acted")
        if acted is not None:  # a pickle of hoyle 0.1.0 before `_level` took `_acted` in
            state = {k: v for k, v in state.items() if k != "_acted"}
            state["_level"] = [
                lv if a else -1 for lv, a in zip(state["_level"], acted, strict=True)
            ]
        for name, value in {**_OLD_DEFAULTS, **state}.items():
            object.__setattr__(self, name, value)
        self._plan = self._game._plan
        self._busy = [1]
        self._settlement = None
        if self._phase == OVER:
            self._legal = NO_ACTION
        elif self._phase == DRAWING:
            self._legal = DRAW
        else:
            self._legal = None


_FIELDS = _kinds(HandState.__annotations__)
_PICKLED = tuple(name for name, how in _FIELDS.items() if how not in (DERIVED, FRESH))
#: the fields a hand's state is (a replay's copied back): all but the thread guard
STATE = tuple(name for name, how in _FIELDS.items() if how != FRESH)
_OLD_DEFAULTS = {
    "_dead": None,
    "_dealt": None,
    "_unseen": (),
    "_restubs": (),
    "_room_rake": 0,
    "_runouts": (),
    "_house": 0,
}  # fields a pickle of an older hoyle may lack
_REQUIRED = frozenset(_PICKLED) - _OLD_DEFAULTS.keys()
