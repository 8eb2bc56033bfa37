"""``agent_iter`` of the AEC environments: a PettingZoo ``AECIterable``
(each ``iter()`` yields ``env.agent_selection`` while ``env.agents`` is not
empty, at most ``max_iter`` times, read afresh at each turn), with one
generator step a turn in place of a Python ``__next__`` call.

>>> from hoyle.env import aec_env
>>> env = aec_env(seats=3)
>>> env.reset(seed=7)
>>> turns = env.agent_iter(2)
>>> [agent for agent in turns if env.step(0) is None]
['player_0', 'player_1']
>>> [agent for agent in turns if env.step(None) is None]  # a new pass of 2
['player_0', 'player_1']
>>> env.agents
['player_2']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pettingzoo.utils.env import AECEnv, AECIterable

__all__ = ["AgentIter"]


def _turns(env: AECEnv[str, Any, Any], left: int) -> Iterator[str]:
    """``left`` turns at most, each ``env.agent_selection`` while an agent is left."""
    while left > 0 and env.agents:
        left -= 1
        yield env.agent_selection


class AgentIter(AECIterable[str, dict[str, Any], Any]):
    """The iterable ``agent_iter(max_iter)`` returns (see the module): a
    PettingZoo ``AECIterable`` (its ``env`` and ``max_iter``)."""

    def __init__(self, env: AECEnv[str, dict[str, Any], Any], max_iter: int) -> None:
        # (AECIterable.__init__ sets these two, untyped)
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:  # type: ignore[override]
        return _turns(self.env, self.max_iter)
