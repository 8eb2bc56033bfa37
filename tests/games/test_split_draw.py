"""The split draw games (badeucy, badacy) and ace-to-five triple draw:
each half against a naive oracle written here, whole showdowns and whole
hands against PokerKit's badugi and lowball hands combined (who wins each
half, the exact chips), and docs/rules.md's worked examples."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import hoyle
import pytest
from hoyle import HandRules, bots, games, settle
from hoyle.errors import GameError, IllegalActionError
from hoyle.values import values

RANKS = "23456789TJQKA"
SUITS = "cdhs"
BADUGI = HandRules(low="badugi")
DEUCE = HandRules(low="deuce-to-seven")
ACE5 = HandRules(low="ace-to-five")
Key = tuple[int, ...]
Oracle = Callable[[Sequence[int]], Key]


def _text(cards: Sequence[int]) -> str:
    return "".join(RANKS[c // 4] + SUITS[c % 4] for c in cards)


# -- naive oracles: smaller keys are better hands ----------------------------------------


def _ace_low(c: int) -> int:
    return (c // 4 + 1) % 13  # A=0, 2=1, ..., K=12


def badugi_key(cards: Sequence[int]) -> Key:
    """The best badugi of the cards: most cards of distinct ranks and suits,
    then the lowest highest card, card by card (ace low)."""
    best: Key | None = None
    for k in range(4, 0, -1):
        for sub in itertools.combinations(cards, k):
            if len({c % 4 for c in sub}) == k and len({_ace_low(c) for c in sub}) == k:
                key = (4 - k, *sorted((_ace_low(c) for c in sub), reverse=True))
                best = key if best is None else min(best, key)
        if best is not None:
            return best
    raise AssertionError("one card is always a badugi")


def _shape(nums: list[int]) -> tuple[list[int], list[int]]:
    counts = {n: nums.count(n) for n in nums}
    order = sorted(counts, key=lambda n: (counts[n], n), reverse=True)
    return sorted(counts.values(), reverse=True), [n for n in order for _ in range(counts[n])]


def deuce_key(cards: Sequence[int]) -> Key:
    """Deuce-to-seven: the five cards as a high hand (ace high only, straights
    and flushes count); the weakest high hand is the best low."""
    nums = [c // 4 for c in cards]
    shape, tie = _shape(nums)
    flush = len({c % 4 for c in cards}) == 1
    straight = len(shape) == 5 and max(nums) - min(nums) == 4
    kinds = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3}
    cat = (
        8
        if straight and flush
        else 7
        if shape == [4, 1]
        else 6
        if shape == [3, 2]
        else 5
        if flush
        else 4
        if straight
        else kinds[tuple(shape)]
    )
    return (cat, *tie)


def ace5_key(cards: Sequence[int]) -> Key:
    """Ace-to-five: ace low, straights and flushes ignored, pairs count."""
    shape, tie = _shape([_ace_low(c) for c in cards])
    kinds = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4}
    return (kinds.get(tuple(shape), 5), *tie)


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


@pytest.mark.parametrize(
    ("split", "oracle"), [(DEUCE, deuce_key), (ACE5, ace5_key)], ids=["badeucy", "badacy"]
)
def test_each_half_against_a_naive_oracle(split: HandRules, oracle: Oracle) -> None:
    rng = random.Random(15)
    for _ in range(4000):
        cards = rng.sample(range(52), 10)
        a, b = cards[:5], cards[5:]
        (ba, la), (bb, lb) = (
            values(BADUGI, False, a, (), split=split),
            values(BADUGI, False, b, (), split=split),
        )
        assert la is not None
        assert lb is not None
        assert _sign(ba - bb) == _sign(
            (badugi_key(b) > badugi_key(a)) - (badugi_key(b) < badugi_key(a))
        )
        assert _sign(la - lb) == _sign((oracle(b) > oracle(a)) - (oracle(b) < oracle(a)))


def test_ace_to_five_triple_draw_ranks_the_ace_to_five_low() -> None:
    rng = random.Random(5)
    game = games.ace_to_five_triple_draw()
    for _ in range(4000):
        cards = rng.sample(range(52), 10)
        a, b = cards[:5], cards[5:]
        (va, _), (vb, _) = (
            values(game.rules, game.high, a, ()),
            values(game.rules, game.high, b, ()),
        )
        ka, kb = ace5_key(a), ace5_key(b)
        assert _sign(va - vb) == (kb > ka) - (kb < ka)


# -- the settlement against PokerKit's hands ---------------------------------------------


def _pk_winners(
    pk: Any, kind: Any, live: list[int], hands: Mapping[int, Sequence[int]]
) -> list[int]:
    ranked = {s: kind.from_game(_text(hands[s])) for s in live}
    best = max(ranked.values())
    return [s for s in live if ranked[s] == best]


def _share(amount: int, winners: list[int], button: int, n: int) -> dict[int, int]:
    """Ties split evenly; leftover chips one at a time from the button's left."""
    out = dict.fromkeys(winners, amount // len(winners))
    order = sorted(winners, key=lambda s: (s - button - 1) % n)
    for s in order[: amount % len(winners)]:
        out[s] += 1
    return out


def expected_payouts(
    contrib: Sequence[int],
    folded: Sequence[bool],
    hands: Mapping[int, Sequence[int]],
    button: int,
    second: Any,
) -> list[int]:
    """Pots cut at the contribution levels of the seats still in (a folded
    seat's chips stay in the pots they reached); chips above every live
    seat's go back. Each pot: the badugi half (with the odd chip) and the
    other half to PokerKit's winners."""
    pk = pytest.importorskip("pokerkit")
    n = len(contrib)
    pay = [0] * n
    prev = 0
    levels = sorted({contrib[s] for s in range(n) if not folded[s]})
    for s in range(n):  # nobody left in can win these: back to those who put them in
        pay[s] += max(contrib[s] - levels[-1], 0)
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in contrib)
        live = [s for s in range(n) if not folded[s] and contrib[s] >= level]
        if len(live) == 1:
            pay[live[0]] += amount
        else:
            first = amount - amount // 2
            for kind, half in ((pk.BadugiHand, first), (second, amount // 2)):
                for s, chips in _share(half, _pk_winners(pk, kind, live, hands), button, n).items():
                    pay[s] += chips
        prev = level
    return pay


@pytest.mark.parametrize("name", ["badeucy", "badacy"])
def test_showdowns_against_pokerkit(name: str) -> None:
    pk = pytest.importorskip("pokerkit")
    game = getattr(games, name)()
    second = pk.StandardLowHand if name == "badeucy" else pk.RegularLowHand
    rng = random.Random(name)
    for _ in range(2000):
        n = rng.randint(2, 6)
        cards = rng.sample(range(52), 5 * n)
        hands = {s: cards[5 * s : 5 * s + 5] for s in range(n)}
        # small ranges: ties, odd chips and side pots are common
        contrib = [rng.choice((1, 2, 3, 5, 8, 8, 13)) for _ in range(n)]
        folded = [rng.random() < 0.25 for _ in range(n)]
        if all(folded):
            folded[rng.randrange(n)] = False
        button = rng.randrange(n)
        high: list[int | None] = [None] * n
        low: list[int | None] = [None] * n
        for s in range(n):
            if not folded[s]:
                high[s], low[s] = values(game.rules, game.high, hands[s], (), split=game.split)
        got = settle(contrib, high, low, button=button).payouts
        assert list(got) == expected_payouts(contrib, folded, hands, button, second)


@pytest.mark.parametrize("name", ["badeucy", "badacy"])
def test_whole_hands_against_pokerkit(name: str) -> None:
    pk = pytest.importorskip("pokerkit")
    game = getattr(games, name)()
    second = pk.StandardLowHand if name == "badeucy" else pk.RegularLowHand
    showdowns = 0
    for i in range(600):
        rng = random.Random(i)
        n = rng.randint(2, 6)
        hand = game.start([rng.randint(3, 60) for _ in range(n)], button=rng.randrange(n), seed=i)
        bot = [bots.random_bot, bots.loose_bot, bots.loose_bot][i % 3]
        while not hand.is_over:
            try:
                bot(hand, rng)
            except IllegalActionError:  # a draw larger than the stub and the discards
                hand.draw([])
        folded = [not a for a in hand.active]
        hands = {s: hand.hole(s) for s in range(n)}
        want = expected_payouts(hand.contributions, folded, hands, hand.button, second)
        start = hand.starting_stacks
        got = [hand.stacks[s] - start[s] + hand.contributions[s] for s in range(n)]
        assert got == want, (i, hand.history)
        assert sum(hand.stacks) == sum(start)
        showdowns += folded.count(False) > 1
    assert showdowns > 150


# -- docs/rules.md §4: the worked examples ---------------------------------------------


def _deal(holes: list[str], button: int) -> str:
    """The deck that deals these hands (one card at a time from the button's left)."""
    n = len(holes)
    cards = [h.split() for h in holes]
    order = [(button + 1 + k) % n for k in range(n)]
    return " ".join(cards[s][r] for r in range(5) for s in order)


def _pat_to_showdown(hand: hoyle.Hand) -> None:
    while not hand.is_over:
        if hand.is_drawing:
            hand.draw([])
        elif hand.legal.call_amount:
            hand.call()
        else:
            hand.check()


def test_badeucy_example_splits_the_pot() -> None:
    # docs/rules.md §4. A (seat 0, the button) 4s 3h 2d Ac Kc: the best badugi, a poor deuce low.
    # B (seat 1, small blind) folds. C (seat 2, big blind) 7s 5c 4h 3d 2c: the
    # best deuce-to-seven low, a 7-4-3-2 badugi. Pot 5: A 3 (with the odd chip), C 2.
    holes = ["4s 3h 2d Ac Kc", "Qs Qd 9h 8c 6c", "7s 5c 4h 3d 2c"]
    hand = games.badeucy().start([100] * 3, button=0, deck=_deal(holes, 0))
    hand.call()
    hand.fold()
    _pat_to_showdown(hand)
    assert hand.stacks == (101, 99, 100)
    assert hand.settlement is not None
    assert hand.settlement.payouts == (3, 0, 2)


def test_badacy_example_scoops() -> None:
    # docs/rules.md §4. A: 4s 3h 2d Ac 5c is the best badugi and the best ace-to-five low (the
    # wheel: straights do not count); C's 7s 5c... loses both. A scoops the 6.
    holes = ["4s 3h 2d Ac 5c", "Qs Qd 9h 8c 6d", "7s 6c 4h 3d 2c"]
    hand = games.badacy().start([100] * 3, button=0, deck=_deal(holes, 0))
    _pat_to_showdown(hand)
    assert hand.stacks == (104, 98, 98)
    # the same cards in badeucy: the wheel is ace high there, C's 7-6-4-3-2 wins that half
    hand = games.badeucy().start([100] * 3, button=0, deck=_deal(holes, 0))
    _pat_to_showdown(hand)
    assert hand.stacks == (101, 98, 101)


def test_ace_to_five_example() -> None:
    # docs/rules.md §9: 5-4-3-2-A in one suit is the best ace-to-five low; 6-4-3-2-A loses.
    holes = ["5h 4h 3h 2h Ah", "6c 4d 3s 2c Ad"]
    hand = games.ace_to_five_triple_draw().start([50, 50], button=0, deck=_deal(holes, 0))
    _pat_to_showdown(hand)
    assert hand.stacks == (52, 48)


# -- the setting itself -------------------------------------------------------------------


def test_split_needs_a_low_ranking_and_excludes_high_low() -> None:
    base = games.badeucy()
    with pytest.raises(GameError, match="low ranking"):
        base.with_(split=HandRules())
    with pytest.raises(GameError, match="not both"):
        games.omaha_hilo().with_(split=DEUCE)
    with pytest.raises(TypeError, match="split must be"):
        base.with_(split="deuce-to-seven")
    with pytest.raises(GameError, match="cannot rank"):  # four cards: no deuce-to-seven low
        games.badugi().with_(split=DEUCE)
    # a high game with a low split half: high against a deuce low, no qualifier
    game = games.five_card_draw().with_(split=DEUCE)
    assert hoyle.Game.from_dict(game.to_dict()) == game


def test_split_round_trips_through_the_extension_table() -> None:
    game = games.badacy(split=HandRules(low="ace-to-five", low_qualifier=8))
    table = game.to_dict()
    assert table["split"] == {"low": "ace-to-five", "low_qualifier": 8}
    from hoyle.history.extension import game_of_extension

    assert game_of_extension(table) == game
    with pytest.raises(hoyle.errors.HistoryError, match="split"):
        game_of_extension({**table, "split": {"low": 3}})


def test_qualifier_on_the_second_half_gives_the_first_the_pot() -> None:
    # with an eight-or-better qualifier on the ace-to-five half and nobody
    # qualifying, the badugi half takes the whole pot (as high-low's high does)
    game = games.badacy(split=HandRules(low="ace-to-five", low_qualifier=8))
    holes = ["4s 3h 2d Ac Ks", "Qs Qd 9h 8c 6c"]
    hand = game.start([50, 50], button=0, deck=_deal(holes, 0))
    _pat_to_showdown(hand)
    assert hand.stacks == (52, 48)


@pytest.mark.parametrize("name", ["badeucy", "badacy", "ace_to_five_triple_draw"])
def test_hoyle_play_deals_the_new_games(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    from hoyle.cli import main

    assert main(["play", "--game", name, "--hands", "12", "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert f"{name}: 12 hands" in out
    assert "net chips" in out


# -- equity of the hands as they stand (no more draws) ----------------------------------


def _halves(hands: list[list[int]], oracle: Oracle) -> list[list[float]]:
    """Each player's share of the first (badugi) and second half of one deal."""
    out = [[0.0, 0.0] for _ in hands]
    for half, key in enumerate((badugi_key, oracle)):
        keys = [key(h) for h in hands]
        best = [p for p, k in enumerate(keys) if k == min(keys)]
        for p in best:
            out[p][half] += 0.5 / len(best)
    return out


@pytest.mark.parametrize(
    ("name", "oracle"), [("badeucy", deuce_key), ("badacy", ace5_key)], ids=["badeucy", "badacy"]
)
def test_equity_against_a_brute_force_oracle(name: str, oracle: Oracle) -> None:
    # four cards known each, the fifth dealt: every deal enumerated here
    shape = hoyle.odds.Shape.no_more_draws(getattr(games, name)())
    rng = random.Random(name)
    for _ in range(6):
        cards = rng.sample(range(52), 8)
        known = [cards[:4], cards[4:]]
        rest = [c for c in range(52) if c not in cards]
        share = [0.0, 0.0]
        second = [0.0, 0.0]
        deals = 0
        for a, b in itertools.permutations(rest, 2):
            halves = _halves([[*known[0], a], [*known[1], b]], oracle)
            deals += 1
            for p in range(2):
                share[p] += sum(halves[p])
                second[p] += halves[p][1]
        eq = hoyle.equity([_text(k) for k in known], game=shape)
        assert eq.exact
        assert eq.deals == deals
        assert eq.equity == pytest.approx([s / deals for s in share], abs=1e-12)
        assert eq.low == pytest.approx([s / deals for s in second], abs=1e-12)
        assert eq.categories == ({}, {})


def test_equity_of_a_split_game_with_draws_to_come_is_refused() -> None:
    with pytest.raises(hoyle.EquityError, match="no_more_draws"):
        hoyle.equity(["Ac2d3h4sKc", "7s5c4h3d2c"], game=games.badeucy())
    eq = hoyle.equity(
        ["Ac2d3h4sKc", "7s5c4h3d2c"], game=hoyle.odds.Shape.no_more_draws(games.badeucy())
    )
    assert eq.equity == (0.5, 0.5)
    assert eq.low == (0.0, 0.5)


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        (dict(hole=5, rules=BADUGI, high=False, split=HandRules()), "low ranking"),
        (dict(hole=4, rules=BADUGI, high=False, split=DEUCE), "4 cards"),
        (dict(hole=5, rules=BADUGI, high=True, split=DEUCE), "not both"),
        (dict(hole=5, split=DEUCE), "first half"),
    ],
    ids=["no-second-ranking", "four-cards", "high-low-and-split", "no-first-rules"],
)
def test_equity_refuses_a_split_it_cannot_score(shape: dict[str, Any], message: str) -> None:
    with pytest.raises(hoyle.EquityError, match=message):
        hoyle.equity(["Ac2d3h4sKc", "7s5c4h3d2c"], game=hoyle.odds.Shape(board=0, **shape))
    with pytest.raises(TypeError, match="split must be"):
        hoyle.odds.Shape(hole=5, board=0, rules=BADUGI, high=False, split="deuce")  # type: ignore[arg-type]
