"""hoyle.equity under hand rules: high-low (halves, quarters, scoops, no
qualifying low), low-only games, wild cards, the bug, the four-flush,
against a brute force written here: ``hoyle.evaluate`` and
``hoyle.evaluate_low`` over ``itertools.combinations`` of the missing
cards, and a naive split (the pot in halves, each half shared among its
tied winners; a player with the whole pot scoops)."""

from __future__ import annotations

import itertools
import multiprocessing
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from typing import Any, Literal

import hoyle
import pytest
from hoyle import EquityError, HandRules, games
from hoyle.odds import Showdown


def ids(text: str) -> list[int]:
    return [c.id for c in hoyle.parse_cards(text)]


def deals(
    holes: list[list[int]], board: list[int], deck: list[int], hole: int, nboard: int
) -> Iterator[tuple[list[list[int]], list[int]]]:
    """Every way to complete the board, then each player's hand in turn."""

    def fill(
        p: int, left: list[int], done: list[list[int]], b: list[int]
    ) -> Iterator[tuple[list[list[int]], list[int]]]:
        if p == len(holes):
            yield done, b
            return
        need = hole - len(holes[p])
        for extra in itertools.combinations(left, need):
            rest = [c for c in left if c not in extra]
            yield from fill(p + 1, rest, [*done, holes[p] + list(extra)], b)

    for more in itertools.combinations(deck, nboard - len(board)):
        left = [c for c in deck if c not in more]
        yield from fill(0, left, [], board + list(more))


def brute(
    hands: list[str],
    *,
    board: str = "",
    dead: str = "",
    rules: HandRules,
    high: bool = True,
    hole: int,
    nboard: int,
    deck: list[int] | None = None,
) -> dict[str, list[Any]]:
    holes = [ids(h) for h in hands]
    b = ids(board)
    used = set(b) | set(ids(dead)) | {c for h in holes for c in h}
    cards = [c for c in (deck if deck is not None else range(52)) if c not in used]
    n = len(hands)
    share = [Fraction(0)] * n
    low_share = [Fraction(0)] * n
    win = [0] * n
    tie = [0] * n
    count = 0
    for full, bd in deals(holes, b, cards, hole, nboard):
        count += 1
        brd = bd or None
        got = [Fraction(0)] * n
        lows = (
            [hoyle.evaluate_low(h, board=brd, rules=rules) for h in full]
            if rules.low is not None
            else [None] * n
        )
        present = [lo for lo in lows if lo is not None]
        if high:
            highs = [hoyle.evaluate(h, board=brd, rules=rules) for h in full]
            top = max(highs)
            hw = [p for p in range(n) if highs[p] == top]
            pot_high = Fraction(1, 2) if present else Fraction(1)
            for p in hw:
                got[p] += pot_high / len(hw)
        if present:
            best = max(present)
            lw = [p for p in range(n) if lows[p] is not None and lows[p] == best]
            pot_low = Fraction(1, 2) if high else Fraction(1)
            for p in lw:
                got[p] += pot_low / len(lw)
                low_share[p] += pot_low / len(lw)
        elif not high:
            for p in range(n):  # nobody qualifies: everyone shares
                got[p] += Fraction(1, n)
                low_share[p] += Fraction(1, n)
        for p in range(n):
            share[p] += got[p]
            if got[p] == 1:
                win[p] += 1
            elif got[p] > 0:
                tie[p] += 1
    return {
        "equity": [float(s / count) for s in share],
        "low": [float(s / count) for s in low_share],
        "win": win,
        "tie": tie,
        "deals": [count],
    }


def check(eq: hoyle.Equity, want: dict[str, list[Any]]) -> None:
    assert eq.exact
    assert eq.deals == want["deals"][0]
    assert eq.equity == pytest.approx(want["equity"], abs=1e-12)
    assert eq.low == pytest.approx(want["low"], abs=1e-12)
    assert list(eq.wins) == want["win"]
    assert list(eq.ties) == want["tie"]
    assert sum(eq.equity) == pytest.approx(1.0)
    for p in range(len(eq.equity)):
        assert sum(eq.categories[p].values()) + eq.low[p] == pytest.approx(eq.equity[p])


OMAHA8 = HandRules(hole_cards=2, low="ace-to-five", low_qualifier=8)
STUD8 = HandRules(low="ace-to-five", low_qualifier=8)
RAZZ = HandRules(low="ace-to-five")


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        # the lows often tie: quartered pots
        (["As 2s Kd Qd", "Ah 2h Kc Qc", "9c 9d Th Js"], "3c 4h 9s Td", ""),
        (["As 2s Kd Qd", "Ah Kh 9c 9d"], "3c 4h 9s", ""),
        # no low possible on a high board: the high takes it all
        (["As 2s Kd Qd", "Ah 3h Kc Qc"], "Jc Th 9s", "8d"),
    ],
)
def test_omaha_hilo_against_brute_force(hands: list[str], board: str, dead: str) -> None:
    eq = hoyle.equity(hands, board=board, dead=dead, game=games.omaha_hilo())
    check(eq, brute(hands, board=board, dead=dead, rules=OMAHA8, hole=4, nboard=5))


@pytest.mark.parametrize(
    "hands",
    [
        ["As 2d 3c 7h Kd 8s", "Qh Qs 4d 5d 6c 9c"],
        ["Ah 2h 3h 4d 9s Td", "Kc Kd 5c 6c 7c 8d 4s", "2s 3s Js Jd 8c 6s"],
    ],
)
def test_stud_hilo_against_brute_force(hands: list[str]) -> None:
    eq = hoyle.equity(hands, game=games.seven_card_stud_hilo())
    check(eq, brute(hands, rules=STUD8, hole=7, nboard=0))


def test_razz_against_brute_force() -> None:
    hands = ["As 2d 3c Kh 5s 9d", "4h 5h 6c 7d 8s Qc"]
    eq = hoyle.equity(hands, game=games.razz())
    want = brute(hands, rules=RAZZ, high=False, hole=7, nboard=0)
    check(eq, want)
    assert eq.low == eq.equity
    assert all(not c for c in eq.categories)


def test_holdem_hilo_and_low_only_with_a_qualifier() -> None:
    hilo = HandRules(low="ace-to-five", low_qualifier=8)
    spot = Showdown(rules=hilo)
    hands = ["As 2d", "Ah 3h", "Kc Kd"]
    eq = hoyle.equity(hands, board="4c 5s Td Qh", game=spot)
    check(eq, brute(hands, board="4c 5s Td Qh", rules=hilo, hole=2, nboard=5))
    # low only with a qualifier: when nobody qualifies, everyone shares
    low_only = Showdown(rules=hilo, high=False)
    eq = hoyle.equity(hands, board="Jc Ts 9d", game=low_only)
    check(eq, brute(hands, board="Jc Ts 9d", rules=hilo, high=False, hole=2, nboard=5))


@pytest.mark.parametrize(
    ("rules", "hands", "board"),
    [
        (HandRules(wild_ranks="2"), ["Ah Kh", "Qs Qd"], "2h 7h 9c"),
        (HandRules(wild_cards="Js Jh"), ["Ah Kh", "Qs Qd", "Tc 9c"], "2h 7h 9d Jd"),
        (HandRules(four_flush=True), ["Ah Kh", "Qs Qd"], "2h 7h 9c"),
    ],
)
def test_wild_holdem_against_brute_force(rules: HandRules, hands: list[str], board: str) -> None:
    eq = hoyle.equity(hands, board=board, game=games.texas_holdem(rules=rules))
    check(eq, brute(hands, board=board, rules=rules, hole=2, nboard=5))


@pytest.mark.parametrize("jokers", ["wild", "bug"])
def test_jokers_in_the_deck(jokers: Literal["wild", "bug"]) -> None:
    rules = HandRules(jokers=jokers)
    game = games.texas_holdem(rules=rules)
    deck = [*range(52), 52]
    hands = ["Ah Kh", "Qs Qd", "Tc 9c"]
    eq = hoyle.equity(hands, board="2h 7h Jc 8d", game=game)
    want = brute(hands, board="2h 7h Jc 8d", rules=rules, hole=2, nboard=5, deck=deck)
    check(eq, want)
    assert eq.deals == 53 - 10
    # a joker held: "Xx" is a card when the deck has one
    eq = hoyle.equity(["Ah Xx", "Qs Qd"], board="2h 7h 9c", game=game)
    check(eq, brute(["Ah Xx", "Qs Qd"], board="2h 7h 9c", rules=rules, hole=2, nboard=5, deck=deck))


def test_omaha_hilo_with_wild_cards() -> None:
    rules = HandRules(hole_cards=2, wild_ranks="2", low="ace-to-five", low_qualifier=8)
    hands = ["As 2s Kd Qd", "Ah 3h Kc Qc"]
    eq = hoyle.equity(hands, board="4c 5h 9s Td", game=games.omaha(rules=rules))
    check(eq, brute(hands, board="4c 5h 9s Td", rules=rules, hole=4, nboard=5))


def test_draw_games_refused_or_as_they_stand() -> None:
    deuces = games.five_card_draw(rules=HandRules(wild_ranks="2"))
    with pytest.raises(EquityError, match="no_more_draws"):
        hoyle.equity(["As Ad 2c 7h 3h", "Ks Kd Kh 4c 4d"], game=deuces)
    final = Showdown.no_more_draws(deuces)
    assert (final.hole, final.board, final.rules) == (5, 0, deuces.rules)
    eq = hoyle.equity(["As Ad 2c 7h 3h", "Ks Kd Kh 4c 4d"], game=final)
    assert eq.equity == (0.0, 1.0)  # three aces lose to a full house
    # one card still to come to each player, brute-forced
    hands = ["As Ad 2c 7h", "Ks Kd Kh 4c"]
    eq = hoyle.equity(hands, game=final)
    check(eq, brute(hands, rules=deuces.rules, hole=5, nboard=0))
    bug = games.five_card_draw(rules=HandRules(jokers="bug"))
    hands = ["As Ad Xx 7c", "Ks Kd Qh Qc"]
    eq = hoyle.equity(hands, game=Showdown.no_more_draws(bug))
    check(eq, brute(hands, rules=bug.rules, hole=5, nboard=0, deck=[*range(52), 52]))
    badugi = Showdown.no_more_draws(games.badugi())
    hands = ["As 2d 3c", "Ah 4d 5c 6s"]
    eq = hoyle.equity(hands, game=badugi)
    check(eq, brute(hands, rules=games.badugi().rules, high=False, hole=4, nboard=0))


def test_hilo_monte_carlo_is_reproducible_and_within_its_error() -> None:
    hands = ["As 2s Kd Qd", "Ah 3h Kc Qc", "9c 9d Th Js"]
    game = games.omaha_hilo()
    flop = "3c 4h 9s"
    kw: dict[str, Any] = {"board": flop, "game": game, "trials": 300_000}
    a = hoyle.equity(hands, seed=8, threads=1, **kw)
    b = hoyle.equity(hands, seed=8, threads=2, **kw)
    assert a == b
    assert not a.exact
    with ThreadPoolExecutor(3) as pool:
        assert hoyle.equity(hands, seed=8, executor=pool, **kw) == a
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert hoyle.equity(hands, seed=8, executor=pool, **kw) == a
    c = hoyle.equity(hands, seed=9, **kw)
    assert c.equity != a.equity
    ref = hoyle.equity(hands, board=flop, game=game, exact=True)
    for got, want, s in zip(a.equity, ref.equity, a.stderr, strict=True):
        assert abs(got - want) < 4 * s
    assert sum(a.low) > 0.1


def test_rules_errors() -> None:
    with pytest.raises(hoyle.HoyleError, match="joker"):
        hoyle.equity(["Ah Kh", "Qs Qd"], board="Xx 2c 3d")
    with pytest.raises(EquityError, match="low ranking"):
        hoyle.equity(["Ah Kh", "Qs Qd"], game=Showdown(high=False))
    with pytest.raises(hoyle.HoyleError, match="deck"):
        hoyle.equity(["Ah Kh", "Qs Qd"], game=Showdown(deck=(*range(52), 52)))


def test_cli_game(capsys: pytest.CaptureFixture[str]) -> None:
    from hoyle.cli import main

    args = ["equity", "As2sKdQd", "Ah3hKcQc", "--board", "3c4h9sTd", "--game", "omaha_hilo"]
    assert main([*args, "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "exact" in out
    assert "low" in out
    assert main(["equity", "AhKh", "QsQd", "--game", "nope", "--quiet"]) == 2
    assert "no preset" in capsys.readouterr().err
