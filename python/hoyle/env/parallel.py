"""``parallel_env``: a hand of any ``hoyle.Game`` as a PettingZoo
``ParallelEnv``, for the tools built on that API (SuperSuit's
``pettingzoo_env_to_vec_env_v1`` and ``concat_vec_envs_v1``, the
trainers that read parallel envs).

PettingZoo's own ``aec_to_parallel`` cannot convert ``aec_env``: it needs
every agent to act once per cycle, in the order of ``agents``, and the
env to update only at the end of a cycle; in poker one seat acts at a time,
in an order set by the button, the folds and the streets. So ``aec_env``
says ``metadata["is_parallelizable"] = False`` (``aec_to_parallel`` refuses
it) and this is the parallel form instead, over the same ``aec_env``: the
same hands, observations, masks and rewards.

* ``reset(seed=None, options=None) -> (observations, infos)``: the next
  hand, as ``aec_env.reset`` deals it; ``observations[agent]`` is
  ``{"observation": float32[D], "action_mask": int8[A]}`` (a copy), for
  every agent.
* ``step(actions)``: ``actions`` maps agents to action indices; only the
  seat to act (the one agent whose mask is not all zero) moves, and its
  action must be there and legal (``IllegalActionError`` otherwise, nothing
  changed); the other agents' entries are ignored (a vector env sends one
  for every agent). Returns observations (every agent), rewards (0 until
  the hand ends, then each seat's change of stack in big blinds, as
  ``aec_env``), terminations (all True once the hand is over), truncations
  (all False) and infos (``infos[agent]["hand"]``: the ``Hand``). Once the
  hand is over ``agents`` is empty: ``reset()`` deals the next.

>>> from hoyle.env import parallel_env
>>> env = parallel_env(seats=3)
>>> observations, infos = env.reset(seed=7)
>>> [int(o["action_mask"].any()) for o in observations.values()]  # the button acts
[1, 0, 0]
>>> observations, rewards, terminations, truncations, infos = env.step({"player_0": 0})
>>> observations, rewards, terminations, truncations, infos = env.step({"player_1": 0})
>>> rewards, env.agents  # the small blind folded too: the big blind wins
({'player_0': 0.0, 'player_1': -0.5, 'player_2': 0.5}, [])
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

try:
    from gymnasium import spaces
    from pettingzoo import ParallelEnv
except ImportError as err:  # pragma: no cover - the rl extra is installed in the tests
    raise ImportError(
        f'hoyle.env.parallel_env needs PettingZoo and Gymnasium: pip install "hoyle[rl]" ({err})'
    ) from None

from hoyle.env.actions import Actions
from hoyle.env.aec import PokerEnv, aec_env
from hoyle.errors import IllegalActionError
from hoyle.games import Game

__all__ = ["ParallelPoker", "parallel_env"]

Obs = dict[str, npt.NDArray[Any]]


def parallel_env(
    game: Game | None = None,
    *,
    seats: int = 6,
    stacks: int | tuple[int, ...] | list[int] | None = None,
    actions: Actions | None = None,
    window: int = 16,
    render_mode: str | None = None,
) -> ParallelPoker:
    """A PettingZoo ``ParallelEnv`` of ``game`` (the arguments of
    ``aec_env``; see the module)."""
    return ParallelPoker(
        aec_env(
            game,
            seats=seats,
            stacks=stacks,
            actions=actions,
            window=window,
            render_mode=render_mode,
        )
    )


def _metadata() -> dict[str, Any]:
    """The class's ``metadata`` (PettingZoo reads it from the class)."""
    return {"render_modes": ["human", "ansi"], "name": "hoyle_poker_parallel_v0"}


class ParallelPoker(ParallelEnv[str, Obs, Any]):
    """The environment ``parallel_env`` makes, over an ``aec_env`` (``aec``)."""

    metadata = _metadata()

    def __init__(self, aec: PokerEnv) -> None:
        self.aec = aec
        self.possible_agents = list(aec.possible_agents)
        self.agents: list[str] = []
        self.render_mode = aec.render_mode

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    def _observations(self) -> dict[str, Obs]:
        out = {}
        for agent in self.possible_agents:
            obs = self.aec.observe(agent)
            out[agent] = {k: v.copy() for k, v in obs.items()}
        return out

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """The next hand (``seed``: start run ``seed`` at hand 0)."""
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: dict(self.aec.infos[a]) for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Obs],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """The seat to act plays its entry of ``actions`` (see the module)."""
        aec = self.aec
        if not self.agents:
            raise IllegalActionError("the hand is over: call reset() to deal the next")
        actor = aec.agent_selection
        if not aec.terminations[actor]:  # (over already when every seat was all in at the deal)
            if not isinstance(actions, dict) or actor not in actions:
                given = sorted(map(str, actions)) if isinstance(actions, dict) else actions
                raise IllegalActionError(
                    f"actions must map the agent to act, {actor}, to its action;"
                    f" got {type(actions).__name__} {given!r:.80}"
                )
            aec.step(actions[actor])
        observations = self._observations()
        agents = self.possible_agents
        rewards = {a: float(aec.rewards[a]) for a in agents}
        terminations = {a: bool(aec.terminations[a]) for a in agents}
        truncations = {a: bool(aec.truncations[a]) for a in agents}
        infos = {a: dict(aec.infos[a]) for a in agents}
        if all(terminations.values()):
            while aec.agents:  # every agent's last step of the AEC form
                aec.step(None)
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The table as text (``render_mode="human"``: printed instead)."""
        return self.aec.render()

    def close(self) -> None:
        """Nothing to release."""
        self.aec.close()

    def state(self) -> npt.NDArray[np.float32]:
        """Not defined for a game of hidden cards: raises."""
        raise NotImplementedError("poker has no global state without the hidden cards")
