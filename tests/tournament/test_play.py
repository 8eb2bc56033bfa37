"""Tournaments played out: chips conserved every hand (a bot that counts
them at every decision), one player ends with every chip, the whole pool is
paid by the finishing order (ties split), the same results for a seed here
and on an executor, several tables balanced, levels, bad input; ``hoyle
tournament`` on the command line."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction

import pytest
from hoyle import Hand, Table, games
from hoyle.bots import tight_bot
from hoyle.cli import main
from hoyle.errors import GameError, TournamentError
from hoyle.tournament import Level, TournamentResult, play
from hoyle.tournament._play import _places, parse_level

LEVELS = [Level(5, 10, hands=20), Level(10, 20, hands=20), Level(25, 50, ante=5)]
SIX = ["tight", "loose", "random", "tight", "loose", "random"]


class Counter:
    """A bot that, at each decision, adds up every chip at the table (the
    stacks and what the hand's seats have put in) and plays tight."""

    def __init__(self) -> None:
        self.totals: set[int] = set()

    def __call__(self, hand: Hand, rng: random.Random) -> None:
        self.totals.add(sum(hand.stacks) + sum(hand.contributions))
        tight_bot(hand, rng)


def _prizes(finish: tuple[int, ...], payouts: list[int]) -> list[Fraction]:
    """Each player's prize from the places: tied players (same place) share
    the prizes of the places they cover."""
    out = []
    for p in finish:
        shared = finish.count(p)
        out.append(Fraction(sum(payouts[p - 1 : p - 1 + shared]), shared))
    return out


def test_chips_are_conserved_and_the_pool_is_paid() -> None:
    counter = Counter()
    payouts = [60, 30, 10]
    r = play(
        "texas_holdem",
        [("counter", counter), *SIX[1:]],
        stacks=500,
        payouts=payouts,
        levels=LEVELS,
        seed=7,
        tournaments=5,
    )
    assert counter.totals == {6 * 500}
    assert len(r.finishes) == 5
    for finish in r.finishes:
        assert finish.count(1) == 1
        assert sorted(set(finish))[0] == 1
        assert sum(_prizes(finish, payouts)) == 100
    assert sum(p.prize for p in r.players) == 500
    assert [sum(p.places) for p in r.players] == [5] * 6
    assert r.hands == r.rounds > 0


def test_a_seed_gives_the_same_results_everywhere() -> None:
    kwargs = {"stacks": 300, "payouts": [7, 3], "levels": LEVELS, "seed": 11, "tournaments": 6}
    here = play("texas_holdem", SIX, **kwargs)  # type: ignore[arg-type]
    assert isinstance(here, TournamentResult)
    with ProcessPoolExecutor(2) as pool:
        assert play("texas_holdem", SIX, executor=pool, **kwargs) == here  # type: ignore[arg-type]
    with ThreadPoolExecutor(3) as threads:
        assert play("texas_holdem", SIX, executor=threads, **kwargs) == here  # type: ignore[arg-type]
    other = play("texas_holdem", SIX, **{**kwargs, "seed": 12})  # type: ignore[arg-type]
    assert other.finishes != here.finishes


def test_several_tables_balance_down_to_one() -> None:
    players = SIX * 3
    r = play(
        "texas_holdem",
        players,
        stacks=400,
        payouts=[50, 30, 20],
        levels=LEVELS,
        seed=2,
        tables=3,
        tournaments=3,
    )
    for finish in r.finishes:
        assert finish.count(1) == 1
        assert max(finish) <= 18
        assert sum(_prizes(finish, [50, 30, 20])) == 100
    assert r.rounds < r.hands  # several tables played in the same rounds


def test_ties_share_places() -> None:
    # three bust in one round: 300 and 300 tie below 500
    got = sorted(_places([(4, 300), (2, 500), (7, 300)], 6))
    assert got == [(2, 4, 1), (4, 5, 2), (7, 5, 2)]


def test_levels() -> None:
    assert parse_level("5/10") == Level(5, 10, 0, 100)
    assert parse_level("25/50/5x30") == Level(25, 50, 5, 30)
    for bad in ("5", "5/10/1/2", "a/b", "5/10xq"):
        with pytest.raises(TournamentError, match="SB/BB"):
            parse_level(bad)
    with pytest.raises(TournamentError, match="small_blind <= big_blind"):
        Level(20, 10)
    with pytest.raises(TypeError):
        Level(5.5, 10)  # type: ignore[arg-type]


def test_table_game_changes_between_hands() -> None:
    table = Table(games.texas_holdem(), [100, 100])
    table.game = games.texas_holdem(blinds=(5, 10))
    hand = table.deal(seed=1)
    assert sorted(hand.contributions) == [5, 10]
    with pytest.raises(GameError, match="during a hand"):
        table.game = games.texas_holdem()
    with pytest.raises(TypeError):
        Table(games.texas_holdem(), [1, 1]).game = "x"  # type: ignore[assignment]


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": ["tight"]}, "two players or more"),
        ({"stacks": 0}, "positive stack"),
        ({"stacks": [100, 100]}, "one positive stack per player"),
        ({"payouts": [1] * 7}, "at most one"),
        ({"payouts": [-1]}, "non-negative"),
        ({"levels": []}, "one Level or more"),
        ({"tables": 4}, "tables is 4"),
        ({"tournaments": 0}, "tournaments is 0"),
    ],
)
def test_bad_tournaments_are_refused(kwargs: dict[str, object], words: str) -> None:
    args: dict[str, object] = {"stacks": 100, "payouts": [1], "levels": LEVELS}
    args.update(kwargs)
    players = args.pop("players", SIX)
    with pytest.raises(TournamentError, match=words):
        play("texas_holdem", players, **args)  # type: ignore[arg-type]


def test_a_game_with_rake_is_refused() -> None:
    from hoyle import Rake

    with pytest.raises(TournamentError, match="rake"):
        play(games.texas_holdem(rake=Rake(percent=5)), SIX, stacks=100, payouts=[1], levels=LEVELS)


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--tournaments", "4", "--seed", "3", "--stack", "300"]) == 0
    out = capsys.readouterr().out
    assert "4 tournaments of 6 players" in out
    assert out.count("ROI") == 7
    assert main(["tournament", "--levels", "5/x"]) == 2
    assert "hoyle: level '5/x'" in capsys.readouterr().err
    assert main(["tournament", "--tables", "9", "--tournaments", "1"]) == 2
