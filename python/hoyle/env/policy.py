"""Observation policies as bots: ``policy_bot(policy)`` seats a policy
``policy(observation, mask) -> index`` (what a learner trained on
``VectorTables`` or ``aec_env`` plays) wherever a :class:`hoyle.bots.Bot`
goes: ``hoyle play --bot module:callable``, the Gymnasium wrapper's
opponents, a loop of your own around ``Hand``.

At each of its turns the bot builds the actor's observation (``Layout``)
and action mask (``Actions``) for the hand, calls the policy with them (a
fresh float32 array of ``layout.size`` and a fresh bool array of
``actions.size(game)``: the policy may keep them), and plays the index it
returns with ``Actions.apply``: a masked, out-of-range or non-integer index
raises ``IllegalActionError`` and changes nothing.

>>> import random
>>> import numpy as np
>>> from hoyle import games
>>> def shove(observation, mask):
...     return int(np.flatnonzero(mask)[-1])  # the last legal action: all in
>>> bot = policy_bot(shove)
>>> hand = games.texas_holdem().start([100, 100], seed=1)
>>> while not hand.is_over:
...     bot(hand, random.Random(0))
>>> sorted(hand.stacks)
[0, 200]
"""

from __future__ import annotations

import random
from typing import Protocol, SupportsIndex

import numpy as np
import numpy.typing as npt

from hoyle.env import _fill
from hoyle.env.actions import Actions
from hoyle.env.layout import Layout
from hoyle.errors import IllegalActionError
from hoyle.games import Game
from hoyle.hand import Hand

__all__ = ["Policy", "PolicyBot", "policy_bot"]


class Policy(Protocol):
    """``policy(observation, mask) -> index``: the observation of the seat to
    act (float32, ``Layout``) and its legal actions (bool, ``Actions``); it
    returns the index of a legal action (an int or a numpy integer)."""

    def __call__(
        self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_], /
    ) -> SupportsIndex:
        """The index of the action to play."""


class PolicyBot:
    """A :class:`hoyle.bots.Bot` that plays ``policy``; made by
    :func:`policy_bot`. ``policy``, ``actions`` and ``window`` are what it
    was made with; the layout is built for each game and table size met."""

    def __init__(self, policy: Policy, actions: Actions, window: int) -> None:
        self.policy = policy
        self.actions = actions
        self.window = window
        self._game: Game | None = None
        self._seats = 0
        self._layout: Layout | None = None

    def layout(self, hand: Hand) -> Layout:
        """The observation layout for ``hand``'s game and seats."""
        seats = len(hand.stacks)
        if self._layout is None or hand.game is not self._game or seats != self._seats:
            self._layout = Layout(hand.game, seats, window=self.window)
            self._game, self._seats = hand.game, seats
        return self._layout

    def __call__(self, hand: Hand, rng: random.Random, /) -> None:
        """Play the policy's action for ``hand.actor``."""
        me = hand.actor
        if me is None:
            raise IllegalActionError("the hand is over: no seat is to act")
        layout = self.layout(hand)
        observation = np.zeros(layout.size, dtype=np.float32)
        mask = np.zeros(self.actions.size(hand.game), dtype=np.bool_)
        _fill.fill(layout, self.actions, hand, me, observation, mask)
        # apply checks the index against the hand itself (the policy may
        # have written into its mask)
        self.actions.apply(hand, self.policy(observation, mask))

    def __repr__(self) -> str:
        name = getattr(self.policy, "__qualname__", None) or repr(self.policy)
        return f"policy_bot({name})"


def policy_bot(policy: Policy, actions: Actions | None = None, window: int = 16) -> PolicyBot:
    """The bot that plays ``policy`` under the action abstraction ``actions``
    (default ``Actions()``) with observations of a ``window``-record
    history: use the ``actions`` and ``window`` the policy was trained with.
    """
    if not callable(policy):
        raise TypeError(f"a policy is callable as policy(observation, mask), got {policy!r}")
    return PolicyBot(policy, Actions() if actions is None else actions, window)
