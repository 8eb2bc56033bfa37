"""A user's bots: ``load_bot("module:callable")`` finds one (as ``hoyle play
--bot`` and ``hoyle.simulate`` do, also on a worker process), and
``act_checked`` makes one move of it, checked: it acts once, legally, for
its own seat, else a ``BotError`` names it and its seat.

>>> load_bot("hoyle.bots:tight_bot").__name__
'tight_bot'
"""

from __future__ import annotations

import importlib
import inspect
import os
import random
import reprlib
import sys
from collections.abc import Callable
from typing import Any

from hoyle._messages import one_line
from hoyle.bots import Bot
from hoyle.errors import BotError, IllegalActionError
from hoyle.hand import Hand

__all__ = ["act_checked", "load_bot"]

_POLICY_HINT = (
    "a bot acts on the hand itself (e.g. hand.call()) and returns None; "
    "a policy(observation, mask) -> index must be wrapped: hoyle.env.policy_bot(policy)"
)


def _import(spec: str, name: str) -> Any:
    """The module ``name``, the current directory searched first (as
    ``python -m`` does; the ``hoyle`` script alone would not)."""
    here = os.getcwd()
    added = here not in sys.path
    if added:
        sys.path.insert(0, here)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name is not None and (name == err.name or name.startswith(err.name + ".")):
            raise BotError(f"--bot {spec!r}: no module named {err.name!r}") from None
        raise BotError(
            f"--bot {spec!r}: importing {name} failed: ModuleNotFoundError: {one_line(err)}"
        ) from err
    except Exception as err:
        kind = type(err).__name__
        raise BotError(f"--bot {spec!r}: importing {name} failed: {kind}: {one_line(err)}") from err
    finally:
        if added:
            sys.path.remove(here)


def load_bot(spec: str) -> Bot:
    """The bot ``module:callable`` names (``callable`` may be a dotted path,
    ``module:Class.method``). It must be callable as ``bot(hand, rng)``; a
    policy over observations is made one with ``hoyle.env.policy_bot``.
    Anything else raises ``BotError`` saying what is wrong.

    >>> load_bot("hoyle.bots:tight_bot").__name__
    'tight_bot'
    >>> load_bot("hoyle.bots")
    Traceback (most recent call last):
    ...
    hoyle.errors.BotError: --bot 'hoyle.bots': expected module:callable, e.g. mybots:my_bot
    """
    if not isinstance(spec, str):
        raise TypeError(f"a bot spec is a str, got {type(spec).__name__}")
    name, colon, path = spec.partition(":")
    if not colon or not name.strip() or not path.strip():
        raise BotError(f"--bot {spec!r}: expected module:callable, e.g. mybots:my_bot")
    found: Any = _import(spec, name.strip())
    where = name.strip()
    for part in path.strip().split("."):
        if not hasattr(found, part):
            raise BotError(f"--bot {spec!r}: {where} has no attribute {part!r}")
        found = getattr(found, part)
        where += f"{'.' if ':' in where else ':'}{part}"
    if not callable(found):
        kind = type(found).__name__
        raise BotError(f"--bot {spec!r}: {where} is not callable (its type is {kind})")
    try:
        inspect.signature(found).bind(None, None)
    except TypeError as err:
        raise BotError(
            f"--bot {spec!r}: it cannot be called as bot(hand, rng): {one_line(err)}"
        ) from None
    except ValueError:  # no signature to read (some builtins): try it in play
        pass
    bot: Bot = found
    return bot


def act_checked(seat: int, label: str, bot: Bot, hand: Hand, rng: random.Random) -> None:
    """One move of a user's bot ``label`` at table seat ``seat``, checked:
    it acts once, legally, for itself."""
    before = len(hand.history)
    where = f"bot {label} (seat {seat})"
    call: Callable[[Hand, random.Random], object] = bot  # a user's may return something
    try:
        returned = call(hand, rng)
    except IllegalActionError as err:
        raise BotError(f"{where} made an illegal move: {one_line(err)}") from err
    except KeyboardInterrupt:  # Ctrl-C stops the run, wherever it lands
        raise
    except BaseException as err:  # SystemExit too: a bot does not end the program
        kind = type(err).__name__
        raise BotError(f"{where} raised {kind}: {one_line(err)}") from err
    moves = len(hand.history) - before
    if moves == 0:
        got = "" if returned is None else f" (it returned {reprlib.repr(returned)})"
        raise BotError(f"{where} made no move{got}; {_POLICY_HINT}")
    if moves > 1:
        raise BotError(f"{where} made {moves} moves; a bot makes one, for its own seat")
