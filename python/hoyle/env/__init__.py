"""Environments for bots and reinforcement learning (issue 13).

* ``Actions``: the action abstraction as data (``hoyle.env.actions``);
* ``Layout``: the observation layout as data (``hoyle.env.layout``);
* ``hand_seed``: one hand, one seed (``hoyle.env.seeds``);
* ``aec_env``: a PettingZoo ``AECEnv`` (``hoyle.env.aec``);
* ``parallel_env``: the same as a PettingZoo ``ParallelEnv``, for SuperSuit's
  vector wrappers (``hoyle.env.parallel``);
* ``VectorTables``: N tables stepped in one call (``hoyle.env.vector``);
* ``SingleAgentEnv``: a Gymnasium env, one learning seat against bots
  (``hoyle.env.gym``, registered as ``"hoyle/Poker-v0"``);
* ``policy_bot``: a policy ``policy(observation, mask) -> index`` as a
  ``hoyle.bots.Bot`` (``hoyle.env.policy``).

``import hoyle.env`` needs neither PettingZoo nor Gymnasium: the modules that
use them are imported on first use of their names, and a missing one raises
``ImportError`` saying ``pip install "hoyle[rl]"``. docs/env.md has the
tables of the layout and the actions.

>>> import hoyle
>>> from hoyle.env import Actions, Layout
>>> Layout(hoyle.games.texas_holdem(), 6).size
413
>>> Actions(fractions=(0.5,), big_blinds=(3,)).size(hoyle.games.texas_holdem())
6
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from hoyle.env.actions import Actions
from hoyle.env.layout import Layout
from hoyle.env.policy import policy_bot
from hoyle.env.seeds import hand_seed

if TYPE_CHECKING:
    from hoyle.env.aec import aec_env
    from hoyle.env.gym import SingleAgentEnv
    from hoyle.env.parallel import parallel_env
    from hoyle.env.vector import VectorTables

__all__ = [
    "Actions",
    "Layout",
    "SingleAgentEnv",
    "VectorTables",
    "aec_env",
    "hand_seed",
    "parallel_env",
    "policy_bot",
]

_LAZY = {
    "aec_env": "hoyle.env.aec",
    "parallel_env": "hoyle.env.parallel",
    "VectorTables": "hoyle.env.vector",
    "SingleAgentEnv": "hoyle.env.gym",
}


def __getattr__(name: str) -> Any:
    """The names whose modules need PettingZoo or Gymnasium, on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'hoyle.env' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
