"""``python_hoyle``: a hoyle game as a ``pyspiel`` game (the classes
``hoyle.spiel.register`` registers). The state's play is ``_deal.Play``;
this module is the adapter OpenSpiel calls. ``pyspiel`` is imported when
the classes are first made (``classes()``), so the module imports without it."""

from __future__ import annotations

import functools
from typing import Any, Protocol

import numpy as np

from hoyle.env._observe import observe
from hoyle.errors import GameError
from hoyle.spiel._deal import Play, Rules
from hoyle.spiel._params import DEFAULTS, read

__all__ = ["Observer", "classes"]


class _HasPlay(Protocol):
    """A ``python_hoyle`` state, as its observer reads it."""

    play: Play


def game_type(pyspiel: Any, utility: Any) -> Any:
    """``python_hoyle``'s ``GameType``: zero-sum, or general-sum with a rake."""
    t = pyspiel.GameType
    return t(
        short_name="python_hoyle",
        long_name="hoyle: any poker game of hoyle's rule book",
        dynamics=t.Dynamics.SEQUENTIAL,
        chance_mode=t.ChanceMode.EXPLICIT_STOCHASTIC,
        information=t.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=t.RewardModel.TERMINAL,
        max_num_players=10,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=DEFAULTS,
    )


def _info(pyspiel: Any, rules: Rules) -> Any:
    """The ``GameInfo`` of a game: utility bounds from the stacks; a raked
    game's utilities add up to no constant."""
    setup = rules.setup
    n, stack = setup.seats, max(setup.stacks)
    bounds: dict[str, Any] = {
        "num_distinct_actions": setup.actions.size(setup.game),
        "max_chance_outcomes": len(setup.game.deck),
        "num_players": n,
        "min_utility": float(-stack),
        "max_utility": float(stack * (n - 1)),
        "max_game_length": rules.max_cards + rules.max_players_steps,
    }
    if setup.game.rake is None:
        bounds["utility_sum"] = 0.0
    return pyspiel.GameInfo(**bounds)


@functools.cache
def classes() -> tuple[Any, type, type]:
    """``(GameType, HoyleGame, HoyleState)``, made once, on ``pyspiel``."""
    import pyspiel

    zero_sum = game_type(pyspiel, pyspiel.GameType.Utility.ZERO_SUM)
    state = _state_class(pyspiel)
    return zero_sum, _game_class(pyspiel, zero_sum, state), state


def _game_class(pyspiel: Any, zero_sum: Any, state_class: type) -> type:
    """``HoyleGame``, a ``pyspiel.Game`` whose states are ``state_class``."""
    general_sum = game_type(pyspiel, pyspiel.GameType.Utility.GENERAL_SUM)

    class HoyleGame(pyspiel.Game):  # type: ignore[misc]
        """A hoyle game: ``params`` as ``hoyle.spiel._params.read`` reads them."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            given = dict(params or {})
            self.rules = Rules(read(given))
            kind = zero_sum if self.rules.setup.game.rake is None else general_sum
            super().__init__(kind, _info(pyspiel, self.rules), {**DEFAULTS, **given})

        def new_initial_state(self) -> Any:
            return state_class(self)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
        ) -> Observer:
            if params:
                raise GameError(f"python_hoyle's observers take no parameters, got {params}")
            kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
            if kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not kind.public_info:
                raise GameError(
                    "python_hoyle observes as one player sees: public information and its own"
                    " private cards (perfect recall or not)"
                )
            return Observer(self.rules, kind.perfect_recall)

    return HoyleGame


def _state_class(pyspiel: Any) -> type:
    """``HoyleState``, a ``pyspiel.State`` over a ``Play``."""
    chance, terminal = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)

    class HoyleState(pyspiel.State):  # type: ignore[misc]
        """One state of a ``python_hoyle`` game: its ``Play``."""

        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.play = Play.start(game.rules)

        def current_player(self) -> int:
            play = self.play
            if play.pending:
                return chance
            seat = play.player()
            return terminal if seat is None else seat

        def _legal_actions(self, player: int) -> list[int]:
            return self.play.legal() if player == self.play.player() else []

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return self.play.outcomes() if self.play.pending else []

        def _apply_action(self, action: int) -> None:
            if self.play.pending:
                self.play.deal(action)
            else:
                self.play.act(action)

        def _action_to_string(self, player: int, action: int) -> str:
            return action_text(self.play.rules, player == chance, action)

        def is_terminal(self) -> bool:
            return self.play.is_over()

        def returns(self) -> list[float]:
            return [float(r) for r in self.play.returns()]

        def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
            """A state of the same information state for ``player_id``: the
            cards it has not seen dealt again, uniformly from those it has
            not seen (``probability_sampler()``: floats in [0, 1)), every
            action the same."""
            new = self.play.resampled(player_id, probability_sampler)
            state = self.get_game().new_initial_state()
            for step in self.full_history():
                action = step.action
                state.apply_action(new.get(action, action) if step.player == chance else action)
            return state

        def __str__(self) -> str:
            play = self.play
            cards = " ".join(play.rules.names[i] for i in play.picked)
            return f"cards: {cards}; actions: {' '.join(map(str, play.moves))}"

    return HoyleState


def action_text(rules: Rules, chance: bool, action: int) -> str:
    """An action's name: ``deal Kc`` for chance, else the abstraction's name."""
    if chance:
        return (
            f"deal {rules.names[action]}" if 0 <= action < len(rules.names) else f"deal ?{action}"
        )
    names = rules.setup.actions.names(rules.setup.game)
    return names[action] if 0 <= action < len(names) else f"action {action}"


class Observer:
    """The observer OpenSpiel asks for a player's view (its ``PyObserver``
    protocol): ``perfect_recall`` gives the information state (every card
    and action the player saw, in order; the tensor is ``Layout``'s with
    the last 256 records), otherwise the observation (the cards, chips and
    the last 16 records now: ``Layout``'s vector, the core's encoder)."""

    def __init__(self, rules: Rules, perfect_recall: bool) -> None:
        self.rules = rules
        self.perfect_recall = perfect_recall
        self.layout = rules.info_layout if perfect_recall else rules.layout
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = self.layout.read(self.tensor)
        self._mask = np.zeros(rules.setup.actions.size(rules.setup.game), np.bool_)
        k = len(rules.deck)
        self._cards = [
            (self.layout.offset(name), self.dict[name].size // k)
            for name in ("hole", "board", "up")
        ]

    def set_from(self, state: _HasPlay, player: int) -> None:
        play = state.play
        if play.hand is None:
            self.tensor.fill(0.0)
            return
        observe(self.layout, self.rules.setup.actions, play.hand, player, self.tensor, self._mask)
        hidden = play.hidden()
        if hidden:  # cards the hand shows that chance has not dealt yet
            k = len(self.rules.deck)
            for at, blocks in self._cards:
                for b in range(blocks):
                    self.tensor[[at + b * k + i for i in hidden]] = 0.0

    def string_from(self, state: _HasPlay, player: int) -> str:
        play = state.play
        if self.perfect_recall:
            return play.info_string(player)
        hand = play.hand
        if hand is None:
            return f"p{player} dealing"
        names, where = self.rules.names, self.rules.where
        hidden = set(play.hidden())

        def text(cards: tuple[int, ...]) -> str:
            return " ".join(names[where[c]] for c in cards if where[c] not in hidden)

        n = self.rules.setup.seats
        ups = "/".join(text(hand.up(s)) for s in range(n))
        return (
            f"p{player} [{text(hand.hole(player))}|{text(hand.board)}|{ups}]"
            f" street {hand.street} stacks {list(hand.stacks)} bets {list(hand.bets)}"
            f" pot {hand.pot} to act {hand.actor}"
        )
