"""Every setting of ``Game`` and ``Street`` is declared once, with its
field (``hoyle/games/_settings.py``): ``to_dict``, ``from_dict``, the
``_hoyle_game`` schema and the table engine's refusal read the
declarations, so each field is carried by all of them, and a field
declared without one is refused (issue 24)."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any

import pytest
from hoyle import Game, HandRules, Limit, Street, history
from hoyle.env._fast import settings
from hoyle.errors import HistoryError
from hoyle.games._settings import Settings, settings_of
from hoyle.history.extension import game_of_extension
from hoyle.rake import Rake

# Between them, these games hold every setting away from its default.
GAMES = [
    Game(
        name="flop",
        streets=(
            Street(down=2),
            Street(board=3, burn=True, betting=Limit(4, 4)),
            Street(board=1),
            Street(board=1),
        ),
        betting=Limit(2, 2),
        rules=HandRules(wild_ranks="2"),
        split=HandRules(low="ace-to-five"),
        deck=tuple(reversed(range(52))),
        antes=(0, 1),
        blinds=(1, 2),
        posts=(0, 0, 2),
        min_bet=2,
        raise_cap=3,
        rake=Rake(percent=5, cap=3),
        short_all_in="half-bet",
    ),
    Game(
        name="stud",
        streets=(
            Street(down=2, up=1, first="exposed"),
            Street(up=1, first="exposed", betting=Limit(4, 4)),
            Street(up=1, first="exposed"),
        ),
        betting=Limit(2, 2),
        rules=HandRules(low="ace-to-five"),
        high=False,
        ante=1,
        bring_in=1,
    ),
    Game(
        name="draw",
        streets=(Street(down=5, burn=True), Street(draw=3, draw_ace=4)),
        betting=Limit(1, 2),
        ante=1,
        opener="jacks",
        first_must_bet=True,
    ),
    Game(
        name="small",
        streets=(Street(down=1, raise_cap=1), Street(board=1)),
        betting=Limit(2, 2),
        deck=(36, 37, 40, 41, 44, 45),
        ante=1,
        raise_cap=2,
        small_hands=True,
    ),
]


def _away(declared: Settings, objects: list[Any]) -> set[str]:
    """The settings some object holds away from its default."""
    return {
        o.name
        for o in declared.all
        for obj in objects
        if o.default is not MISSING and getattr(obj, o.name) != o.default
    }


def test_every_field_is_declared() -> None:
    for cls in (Game, Street):
        declared = [o.name for o in settings_of(cls).all]
        assert declared == [f.name for f in fields(cls) if f.init]


def test_a_field_without_a_declaration_is_refused() -> None:
    @dataclass(frozen=True, kw_only=True)
    class Bigger(Game):
        extra: int = 0

    with pytest.raises(TypeError, match=r"Bigger\.extra is declared without a Setting"):
        settings_of(Bigger)


def test_the_games_hold_every_setting_away_from_its_default() -> None:
    streets = [s for g in GAMES for s in g.streets]
    assert _away(settings_of(Game), GAMES) | {"streets"} == {f.name for f in fields(Game) if f.init}
    assert _away(settings_of(Street), streets) == {f.name for f in fields(Street)}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_setting_is_carried_by_the_dict_and_the_history(game: Game) -> None:
    plain = game.to_dict()
    for o in settings_of(Game).all:
        if o.name == "streets" or getattr(game, o.name) != o.default:
            assert o.name in plain, o.name
    assert Game.from_dict(plain) == game
    assert game_of_extension(plain) == game  # the _hoyle_game schema takes every key
    hand = game.start([100] * 3, seed=3)  # (three seats: the flop game has a post)
    [back] = history.load(history.dumps(hand))
    assert back.game == game


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_schema_checks_every_setting(game: Game) -> None:
    for key in game.to_dict():
        with pytest.raises(HistoryError, match=f"_hoyle_game.{key} "):
            game_of_extension({**game.to_dict(), key: object()})
    with pytest.raises(HistoryError, match=r"unknown setting 'extra' \(allowed: name, streets,"):
        game_of_extension({**game.to_dict(), "extra": 1})


def test_the_table_engine_plays_only_what_it_learnt() -> None:
    """A setting declared ``engine=False`` sends its games to the Hand path
    (here ``split``, which the engine does not play, for a flop game)."""
    flop = Game(streets=(Street(down=2), Street(board=5)), blinds=(1, 2))
    assert settings(flop) is not None
    assert settings(flop.with_(split=HandRules(low="ace-to-five"))) is None
    for game in GAMES:
        assert settings(game) is None  # each holds a setting the engine does not play
