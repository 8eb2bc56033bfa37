"""A ``Spot``'s arguments: the tree language (sizes, the mapping by street and
player), the board, ranges, chips, game and rake, each read into what the core
is passed, and every refusal (a ``SolveError`` naming what is wrong, or hoyle's
card errors) raised before anything is built."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hoyle import Card, CardError, DuplicateCardError, Rake, Range, SolveError, games
from hoyle.betting import Limit, PotLimit
from hoyle.solve import Spot
from hoyle.solve._tree import sizes, streets_of

RIVER = "Td9d6hQc2s"


def spot(**changes: Any) -> Spot:
    kwargs: dict[str, Any] = {
        "board": RIVER,
        "ranges": ("AA,KK", "QQ,JJ"),
        "pot": 100,
        "stack": 200,
    }
    kwargs.update(changes)
    return Spot(**kwargs)


# -- sizes ----------------------------------------------------------------------------------


def test_every_size_kind_is_read() -> None:
    assert sizes("33%, 75.5%, 120c, a, e", raising=False) == [
        ("%", 0.33),
        ("%", 0.755),
        ("c", 120.0),
        ("a", 0.0),
        ("e", 0.0),
    ]
    assert sizes(" 2.5x ,3X, A, 60%", raising=True) == [
        ("x", 2.5),
        ("x", 3.0),
        ("a", 0.0),
        ("%", 0.6),
    ]


def test_a_size_named_twice_is_one_and_empty_text_is_none() -> None:
    assert sizes("50%, a, 50%, A", raising=False) == [("%", 0.5), ("a", 0.0)]
    assert sizes("", raising=False) == []
    assert sizes("  ", raising=True) == []


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("60", "'60'"),
        ("50%, 60", "'60'"),
        ("half", "'half'"),
        ("-50%", "'-50%'"),
        ("1e2%", "'1e2%'"),
        ("50%%", "'50%%'"),
        ("x3", "'x3'"),
        ("all", "'all'"),
        ("0%", "'0%'"),
        ("0c", "'0c'"),
        ("nan%", "'nan%'"),
    ],
)
def test_an_unreadable_size_is_named(text: str, token: str) -> None:
    with pytest.raises(SolveError, match=token.replace("%", "%")) as info:
        sizes(text, raising=True, what="bets")
    assert token in str(info.value)


def test_raise_sizes_only_raise() -> None:
    with pytest.raises(SolveError, match=r"'3x' is a raise size"):
        sizes("3x", raising=False)
    with pytest.raises(SolveError, match=r"'1x' must be to more than 1x"):
        sizes("1x", raising=True)
    with pytest.raises(SolveError, match=r"'12.5c' must be a whole number of chips"):
        sizes("12.5c", raising=False)
    with pytest.raises(SolveError, match="empty size between commas"):
        sizes("50%,,a", raising=False)
    with pytest.raises(SolveError, match="at most 16 sizes"):
        sizes(", ".join(f"{n}%" for n in range(10, 180, 10)), raising=False)
    with pytest.raises(SolveError, match="sizes are a text"):
        sizes(50, raising=False)  # type: ignore[arg-type]


def test_one_text_is_every_street_and_both_players() -> None:
    s = spot(board="Td9d6h", bets="60%, a", raises="2.5x")
    streets = s.core_arguments["streets"]
    assert s.streets == ("flop", "turn", "river")
    assert len(streets) == 3
    one = ([("%", 0.6), ("a", 0.0)], [("x", 2.5)])
    assert all(street == (one, one) for street in streets)


def test_a_mapping_by_street_and_player() -> None:
    bets = {"turn": {"oop": "60%", "ip": "50%, a"}, "river": "a"}
    raises = {"turn": {"ip": "a"}}
    got = streets_of(bets, raises, ("turn", "river"))
    assert got == [
        (([("%", 0.6)], [("x", 3.0), ("a", 0.0)]), ([("%", 0.5), ("a", 0.0)], [("a", 0.0)])),
        (([("a", 0.0)], [("x", 3.0), ("a", 0.0)]), ([("a", 0.0)], [("x", 3.0), ("a", 0.0)])),
    ]
    assert spot(board="Td9d6hQc", bets=bets, raises=raises).core_arguments["streets"] == got


@pytest.mark.parametrize(
    ("bets", "says"),
    [
        ({"preflop": "50%"}, "unknown street 'preflop'"),
        ({"flop": "50%"}, "the spot starts after the flop"),
        ({"river": {"btn": "50%"}}, "unknown player 'btn'"),
        ({"river": 0.5}, r"bets\['river'\] is a text or a mapping by player"),
        ({"river": {"oop": "50%", "ip": "5o%"}}, r"bets \(river, ip\): cannot read the size '5o%'"),
        (["50%"], "a text such as '50%, a' or a mapping by street"),
    ],
)
def test_a_bad_mapping_is_refused(bets: Any, says: str) -> None:
    with pytest.raises(SolveError, match=says):
        spot(bets=bets)


# -- board, chips, ranges -------------------------------------------------------------------


@pytest.mark.parametrize("board", ["Td9d", "Td9d6hQc2s3s", ""])
def test_a_board_is_three_to_five_cards(board: str) -> None:
    with pytest.raises(SolveError, match="board must hold 3, 4 or 5 cards"):
        spot(board=board)


def test_bad_board_cards_are_card_errors() -> None:
    with pytest.raises(DuplicateCardError):
        spot(board="TdTd6h")
    with pytest.raises(CardError, match="Zz"):
        spot(board="Td9dZz")
    with pytest.raises(SolveError, match=r"not in the game.s deck"):
        spot(board=[33, 29, 52])


def test_a_board_of_cards_or_ids() -> None:
    by_ids = spot(board=[Card("Td"), 29, "6h"])
    assert by_ids.board == (Card("Td"), Card("9d"), Card("6h"))
    assert by_ids.core_arguments["board"] == [33, 29, 18]


@pytest.mark.parametrize("value", [0, -5, 1.5, True, "100", None, 2**64])
@pytest.mark.parametrize("name", ["pot", "stack"])
def test_pot_and_stack_are_positive_integers(name: str, value: Any) -> None:
    with pytest.raises(SolveError, match=f"{name} must be a positive integer number of chips"):
        spot(**{name: value})


def test_numpy_integers_are_chips() -> None:
    s = spot(pot=np.int64(120), stack=np.uint32(300))
    assert (s.pot, s.stack) == (120, 300)
    assert type(s.pot) is int


def test_combos_touching_the_board_are_removed() -> None:
    # board Td9d6hQc2s: QQ loses Qc's 3 combos, AA keeps 6, KK 6
    s = spot(ranges=("AA,KK", "QQ,T9s"))
    oop, ip = s.ranges
    assert len(oop) == 12
    assert len(ip) == 3 + 3  # QQ without Qc, T9s without Td9d
    assert all(not set(combo) & set(s.board) for combo in ip)
    hands = s.core_arguments["hands"]
    assert all(len(h) == 2 and not set(h) & {33, 29, 18, 40, 3} for h in hands[1])


def test_weights_are_kept() -> None:
    s = spot(ranges=(Range("AA@50, KK"), "QQ@25"))
    w0, w1 = s.core_arguments["weights"]
    assert sorted(w0) == [0.5] * 6 + [1.0] * 6
    assert w1 == [0.25] * 3


def test_a_range_left_empty_is_refused() -> None:
    with pytest.raises(SolveError, match="ip's range is empty"):
        spot(ranges=("AA", "Td9d, QcJc"))
    with pytest.raises(SolveError, match="oop's range is empty"):
        spot(ranges=("", "AA"))


@pytest.mark.parametrize("ranges", ["AA", ("AA",), ("AA", "KK", "QQ"), 5])
def test_ranges_are_two(ranges: Any) -> None:
    with pytest.raises(SolveError, match="ranges are two"):
        spot(ranges=ranges)


def test_range_text_errors_are_range_errors() -> None:
    from hoyle import RangeError

    with pytest.raises(RangeError, match="ZZ"):
        spot(ranges=("AA,ZZ", "KK"))


def test_combos_as_a_mapping_or_an_iterable() -> None:
    s = spot(ranges=({"AsAh": 0.5, "KsKh": 1}, ["QsQh", (Card("Js"), Card("Jh"))]))
    oop, ip = s.ranges
    assert oop == {(Card("As"), Card("Ah")): 0.5, (Card("Ks"), Card("Kh")): 1.0}
    assert set(ip) == {(Card("Qs"), Card("Qh")), (Card("Js"), Card("Jh"))}
    for weight in (0, 1.5, True, "x"):
        with pytest.raises(SolveError, match="weight of 'AsAh' must be above 0"):
            spot(ranges=({"AsAh": weight}, "KK"))


# -- games ----------------------------------------------------------------------------------


def test_pot_limit_omaha_combos() -> None:
    s = spot(
        board="Td9d6h",
        game=games.omaha(),
        ranges=("AsKsQdJd, 7h7c6s5s@50", [("Ah", "Kh", "Qh", "Jh")]),
    )
    args = s.core_arguments
    assert args["limit"] == "pot"
    assert args["game"] == (4, 5, 2)
    assert args["hands"][0] == [[51, 47, 41, 37], [22, 20, 19, 15]]
    assert args["weights"][0] == [1.0, 0.5]
    with pytest.raises(SolveError, match="holds 4 cards"):
        spot(board="Td9d6h", game=games.omaha(), ranges=("AsKs", "AhKhQhJh"))
    with pytest.raises(SolveError, match=r"a hoyle\.Range holds two-card combos"):
        spot(board="Td9d6h", game=games.omaha(), ranges=(Range("AA"), "AhKhQhJh"))
    with pytest.raises(SolveError, match=r"after @ is a percent"):
        spot(board="Td9d6h", game=games.omaha(), ranges=("AsKsQdJd@0", "AhKhQhJh"))
    with pytest.raises(DuplicateCardError):
        spot(board="Td9d6h", game=games.omaha(), ranges=("AsAsQdJd", "AhKhQhJh"))


def test_five_card_omaha_and_hilo() -> None:
    s = spot(game=games.five_card_omaha(), ranges=("AsKsQdJd3c", "AhKhQhJh3d"))
    assert s.core_arguments["game"] == (5, 5, 2)
    hilo = spot(game=games.omaha_hilo(), ranges=("AsKsQdJd", "AhKhQhJh")).core_arguments
    assert hilo["limit"] == "fixed"
    assert hilo["rules"] == games.omaha_hilo().rules
    assert hilo["bet_units"] == [4]  # the river's big bet
    assert hilo["raise_cap"] == 3


def test_fixed_limit_holdem_units_and_cap() -> None:
    game = games.texas_holdem(betting=Limit(10, 10), late_betting=Limit(20, 20))
    args = spot(board="Td9d6h", game=game).core_arguments
    assert (args["limit"], args["bet_units"], args["raise_cap"]) == ("fixed", [10, 20, 20], 3)
    capped = games.texas_holdem(betting=Limit(10, 10), raise_cap=5)
    assert spot(board="Td9d6h", game=capped).core_arguments["raise_cap"] == 4
    assert spot(game=capped, raise_cap=1).core_arguments["raise_cap"] == 1


def test_short_deck_deck_and_rules() -> None:
    game = games.short_deck_holdem()
    args = spot(board="Td9d6hQc", game=game, ranges=("XX", "AA")).core_arguments
    assert args["rules"] == game.rules
    assert args["deck"] == sum(1 << c for c in range(16, 52))
    # XX: the combos of the 36 cards less the board's four: C(32, 2)
    assert len(args["hands"][0]) == 32 * 31 // 2
    with pytest.raises(SolveError, match="board card 2s is not in the game's deck"):
        spot(board="Td9d2s", game=game)


@pytest.mark.parametrize(
    ("game", "says"),
    [
        (games.seven_card_stud(), "is not a board game"),
        (games.five_card_draw(), "is not a board game"),
        (games.badugi(), "is not a board game"),
        (games.texas_holdem(betting=Limit(2, 4)), "spread limit"),
        (games.omaha(betting=PotLimit(cap=50)), "pot limit with a cap"),
        ("texas_holdem", "game must be None"),
    ],
)
def test_games_a_spot_cannot_have(game: Any, says: str) -> None:
    with pytest.raises(SolveError, match=says):
        spot(game=game)


def test_a_game_with_a_preflop_board_card() -> None:
    # courchevel deals one board card with the hole cards: its flop is still three cards
    args = spot(board="Td9d6h", game=games.courchevel(), ranges=("AsKsQdJd3c", "AhKhQhJh3d"))
    assert args.core_arguments["game"] == (5, 5, 2)


# -- rake and the extras --------------------------------------------------------------------


def test_rake_is_basis_points_and_a_cap() -> None:
    assert spot(rake=Rake(percent=5, cap=3)).core_arguments["rake"] == (500, 3)
    assert spot(rake=Rake(percent=2.5)).core_arguments["rake"] == (250, None)
    assert spot().core_arguments["rake"] is None
    assert spot(game=games.texas_holdem(rake=Rake(percent=4, cap=6))).core_arguments["rake"] == (
        400,
        6,
    )
    with pytest.raises(SolveError, match=r"rake must be a hoyle\.Rake"):
        spot(rake=0.05)


def test_the_extras_reach_the_core() -> None:
    args = spot(
        add_all_in=1.5, merge=0.1, raise_cap=2, isomorphism=False, max_memory=10**9
    ).core_arguments
    assert args["allin_threshold"] == 1.5
    assert args["merge"] == 0.1
    assert args["raise_cap"] == 2
    assert args["isomorphism"] is False
    assert args["max_memory"] == 10**9
    plain = spot().core_arguments
    assert (plain["allin_threshold"], plain["merge"], plain["raise_cap"]) == (None, None, None)
    assert plain["isomorphism"] is True
    assert plain["max_memory"] > 0


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"add_all_in": 0}, "add_all_in must be above 0"),
        ({"add_all_in": float("inf")}, "add_all_in must be finite"),
        ({"add_all_in": True}, "add_all_in must be a number"),
        ({"merge": 1.5}, "merge must be above 0 and at most 1"),
        ({"merge": "0.1"}, "merge must be a number"),
        ({"raise_cap": -1}, "raise_cap must be an integer from 0"),
        ({"raise_cap": True}, "raise_cap must be an integer"),
        ({"raise_cap": 2.0}, "raise_cap must be an integer"),
        ({"isomorphism": 1}, "isomorphism must be True or False"),
        ({"max_memory": 0}, "max_memory must be an integer from 1"),
        ({"max_memory": False}, "max_memory must be an integer"),
    ],
)
def test_bad_extras(changes: dict[str, Any], says: str) -> None:
    with pytest.raises(SolveError, match=says):
        spot(**changes)


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"target": -0.1}, "target must be 0 or more"),
        ({"target": float("nan")}, "target must be finite"),
        ({"target": True}, "target must be a number"),
        ({"max_iterations": -1}, "max_iterations must be an integer from 0"),
        ({"max_iterations": 1.5}, "max_iterations must be an integer"),
        ({"threads": 0}, "threads must be an integer from 1"),
        ({"progress": "yes"}, "progress must be True"),
    ],
)
def test_bad_solve_options_are_refused_before_the_tree_is_built(
    changes: dict[str, Any], says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = spot()
    built: list[int] = []
    monkeypatch.setattr(Spot, "solver", lambda self: built.append(1))
    with pytest.raises(SolveError, match=says):
        s.solve(**changes)
    assert built == []


def test_to_dict_makes_the_same_spot() -> None:
    s = spot(
        board="Td9d6hQc",
        ranges=("AA@50,KK", "QQ"),
        bets={"turn": {"oop": "60%", "ip": "a"}},
        rake=Rake(percent=5, cap=3),
        merge=0.2,
    )
    again = Spot.from_dict(s.to_dict())
    assert again.core_arguments == s.core_arguments
    assert again.to_dict() == s.to_dict()
    omaha = spot(board="Td9d6h", game=games.omaha(), ranges=("AsKsQdJd", "AhKhQhJh@40"))
    assert Spot.from_dict(omaha.to_dict()).core_arguments == omaha.core_arguments
    with pytest.raises(SolveError, match="unknown spot field 'colour'"):
        Spot.from_dict({**s.to_dict(), "colour": 1})
    with pytest.raises(SolveError, match="a spot is a table"):
        Spot.from_dict({"board": "Td9d6h"})


def test_the_default_memory_is_half_the_machine_or_its_container() -> None:
    import os

    from hoyle.solve._args import default_memory

    total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    assert 0 < default_memory() <= total // 2
    assert spot().core_arguments["max_memory"] == default_memory()


def test_memory_is_counted_before_building_and_matches_the_built_tree() -> None:
    # the dry run counts what building allocates, byte for byte, for a river,
    # a turn and an Omaha turn; over max_memory it is the same refusal
    spots = [
        Spot(board="Td9d6hQc2s", ranges=["AA,KK,AKs", "QQ-99"], pot=100, stack=200),
        Spot(board="Td9d6hQc", ranges=["AA,KK,AKs", "QQ-99"], pot=100, stack=200),
        Spot(
            board="Td9d6hQc",
            ranges=["AsAhKdQc, AdAcKsQs", "JhJdTs9s, 8h8d7c7s"],
            pot=60,
            stack=120,
            game=games.omaha(),
        ),
    ]
    for spot in spots:
        assert spot.memory == spot.solver().memory > 0
    small = Spot(board="Td9d6hQc", ranges=["AA,KK", "QQ"], pot=100, stack=200, max_memory=10_000)
    with pytest.raises(SolveError, match="max_memory"):
        _ = small.memory
