"""ACPC game definitions: ``game_from_acpc``/``to_acpc`` round trips and
refusals, and OpenSpiel's ``universal_poker`` (its own C++ ACPC engine)
against ``python_hoyle`` of the same definition, step by step on random
playouts: the same player to act, the same legal actions, the same returns."""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest
from hoyle.errors import GameError
from hoyle.spiel import game_from_acpc, to_acpc
from hoyle.spiel.acpc import read_acpc

if sys.version_info >= (3, 11):
    import pyspiel
else:  # pragma: no cover - Python 3.10 has no wheel of the extra
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is a test extra for 3.11+")

import hoyle.spiel

hoyle.spiel.register()

LIMIT_HU = {
    "betting": "limit",
    "numPlayers": 2,
    "numRounds": 4,
    "blind": "10 5",
    "raiseSize": "10 10 20 20",
    "firstPlayer": "2 1 1 1",
    "maxRaises": "3 4 4 4",
    "numHoleCards": 2,
    "numBoardCards": "0 3 1 1",
}
LIMIT_3 = {**LIMIT_HU, "numPlayers": 3, "blind": "5 10 0", "firstPlayer": "3 1 1 1"}
NOLIMIT_HU = {
    "betting": "nolimit",
    "numPlayers": 2,
    "numRounds": 4,
    "blind": "10 5",
    "stack": "400 400",
    "firstPlayer": "2 1 1 1",
    "numHoleCards": 2,
    "numBoardCards": "0 3 1 1",
}
NOLIMIT_6 = {
    **NOLIMIT_HU,
    "numPlayers": 6,
    "blind": "5 10 0 0 0 0",
    "stack": "2000 2000 2000 2000 2000 2000",
    "firstPlayer": "3 1 1 1",
}
# (Equal stacks: universal_poker plays no side pots beyond heads-up.)


def gamedef(params: dict[str, Any]) -> str:
    """The ACPC text of universal_poker's parameters."""
    lines = ["GAMEDEF", params["betting"]]
    for key in ("numPlayers", "numRounds", "stack", "blind", "raiseSize", "firstPlayer"):
        if key in params:
            lines.append(f"{key} = {params[key]}")
    if "maxRaises" in params:
        lines.append(f"maxRaises = {params['maxRaises']}")
    lines += ["numSuits = 4", "numRanks = 13", f"numHoleCards = {params['numHoleCards']}"]
    lines += [f"numBoardCards = {params['numBoardCards']}", "END GAMEDEF"]
    return "\n".join(lines)


def universal(params: dict[str, Any]) -> Any:
    """universal_poker's game; under limit its ``fcpa`` is fold, call and the
    one raise (its ``fullgame`` names the limit raise action 0, a fold's id)."""
    return pyspiel.load_game(
        "universal_poker", {**params, "numSuits": 4, "numRanks": 13, "bettingAbstraction": "fcpa"}
    )


def ours(params: dict[str, Any]) -> Any:
    extra = {"fractions": "1", "min_raise": False, "all_in": True}  # fcpa: fold, call, pot, all in
    return pyspiel.load_game(
        "python_hoyle",
        {"acpc": gamedef(params), **(extra if params["betting"] == "nolimit" else {})},
    )


def play_both(params: dict[str, Any], seed: int) -> int:
    """One random playout of both games side by side; the actions taken."""
    rng = random.Random(seed)
    them, us = universal(params).new_initial_state(), ours(params).new_initial_state()
    n, hole = params["numPlayers"], params["numHoleCards"]
    steps = 0
    while not them.is_terminal():
        assert not us.is_terminal()
        if them.is_chance_node():
            run = []
            while them.is_chance_node():
                outcome = rng.choice(them.chance_outcomes())[0]
                run.append(outcome)  # (universal_poker's card ids are hoyle's: 4 * rank + suit)
                them.apply_action(outcome)
            if (
                len(run) == n * hole
            ):  # universal deals each player's cards in turn, hoyle round the table
                run = [run[p * hole + c] for c in range(hole) for p in range(n)]
            for card in run:
                assert us.is_chance_node()
                us.apply_action(card)
            assert not us.is_chance_node()
            continue
        assert us.current_player() == them.current_player(), (them, us)
        legal = them.legal_actions()
        assert us.legal_actions() == legal, (str(them), str(us))
        a = rng.choice(legal)
        them.apply_action(a)
        us.apply_action(a)
        steps += 1
    assert us.is_terminal()
    ours_, theirs = us.returns(), them.returns()
    assert sum(ours_) == 0  # chips conserved
    assert all(r == int(r) for r in ours_)  # whole chips
    # a split pot: universal_poker shares the odd chips in fractions, hoyle gives
    # each to a seat (docs/rules.md §8); otherwise the same chips
    assert all(abs(a - b) < 1 for a, b in zip(ours_, theirs, strict=True)), (ours_, theirs)
    return steps


@pytest.mark.parametrize(
    "params",
    [LIMIT_HU, LIMIT_3, NOLIMIT_HU, NOLIMIT_6],
    ids=["limit-hu", "limit-3", "nolimit-hu", "nolimit-6"],
)
def test_universal_poker_and_game_from_acpc_agree(params: dict[str, Any]) -> None:
    steps = sum(play_both(params, seed) for seed in range(150))
    assert steps > 300  # real play, not hands that end at once


def test_round_trip_and_the_definition_read() -> None:
    acpc = read_acpc(gamedef({**NOLIMIT_6, "stack": "2000 1500 2000 800 2000 300"}))
    assert acpc.seats == 6
    assert acpc.stacks == (2000, 1500, 2000, 800, 2000, 300)
    assert acpc.game.blinds == (5, 10)
    assert [s.board for s in acpc.game.streets] == [0, 3, 1, 1]
    assert read_acpc(to_acpc(acpc.game, acpc.stacks)).game == acpc.game
    hu = read_acpc(gamedef(LIMIT_HU))
    assert hu.game.blinds == (5, 10)  # ACPC's "10 5": player 0 the big blind
    assert [s.raise_cap for s in hu.game.streets] == [3, 4, 4, 4]
    assert game_from_acpc(to_acpc(hu.game, hu.stacks)) == hu.game


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"firstPlayer": "1 1 1 1"}, "hoyle's rules put first 2 1 1 1"),
        ({"numPlayers": 1}, "numPlayers must be 2..10"),
        ({"blind": "10 x"}, "whole numbers"),
        ({"betting": "potlimit"}, "not an ACPC game definition line"),
    ],
)
def test_bad_definitions_are_refused(change: dict[str, Any], message: str) -> None:
    with pytest.raises(GameError, match=message):
        read_acpc(gamedef({**NOLIMIT_HU, **change}))


def test_what_acpc_cannot_say_is_refused() -> None:
    import hoyle

    with pytest.raises(GameError, match="ACPC cannot say seven_card_stud"):
        to_acpc(hoyle.games.seven_card_stud())
    with pytest.raises(GameError, match="numSuits 4, numRanks 13"):
        read_acpc(gamedef(NOLIMIT_HU).replace("numRanks = 13", "numRanks = 6"))
