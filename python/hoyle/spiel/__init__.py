"""hoyle's games in OpenSpiel (docs/spiel.md): ``register()`` registers
``python_hoyle``, after which ``pyspiel.load_game("python_hoyle", {...})``
plays any hoyle game (``preset``: ``"kuhn"``, ``"leduc"`` or a
``hoyle.games`` preset; or ``game``, a ``Game.to_dict`` as JSON; ``seats``,
``stack``, ``blinds`` such as ``"5 10"``) under ``hoyle.env``'s action
abstraction. ``game_from_acpc`` and ``to_acpc`` read and write ACPC game
definitions. ``pyspiel`` (the ``hoyle[spiel]`` extra, Python 3.11 and
later) is imported by ``register`` only; the rest works without it.

>>> import hoyle
>>> game = game_from_acpc(to_acpc(hoyle.games.texas_holdem(blinds=(5, 10)), (2000,) * 6))
>>> game.blinds, [s.board for s in game.streets]
((5, 10), [0, 3, 1, 1])
"""

from __future__ import annotations

from hoyle.spiel._small import kuhn_poker, leduc_holdem
from hoyle.spiel.acpc import game_from_acpc, to_acpc

__all__ = ["game_from_acpc", "kuhn_poker", "leduc_holdem", "register", "to_acpc"]


def register() -> None:
    """Registers the pyspiel game ``python_hoyle`` (once; again does nothing).
    Needs ``open_spiel`` (``pip install 'hoyle[spiel]'``)."""
    try:
        import pyspiel
    except ImportError:  # pragma: no cover - the extra is missing
        raise ImportError(
            "hoyle.spiel.register needs OpenSpiel: pip install 'hoyle[spiel]' (Python 3.11+)"
        ) from None
    if "python_hoyle" in pyspiel.registered_names():
        return
    from hoyle.spiel._game import classes

    game_type, game, _ = classes()
    pyspiel.register_game(game_type, game)
