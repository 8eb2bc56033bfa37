"""Short-deck hold'em (docs/rules.md §2, §9): the ranking against a naive
oracle written here (every five-card hand of the 36-card deck under both
conventions, best-of-five samples of six and seven cards), the batch, the
errors, equity against a brute-force count, and whole hands against
PokerKit's ``NoLimitShortDeckHoldem`` with the same cards and actions."""

from __future__ import annotations

import itertools
import pickle
import random
import warnings
from collections import Counter
from typing import Any, Literal

import hoyle
import numpy as np
import pytest
from hoyle import HandRules, bots, evaluate, evaluate_batch, games, history, rank
from hoyle.errors import EquityError, GameError, HandError, RulesError
from hoyle.odds import Shape

DECK = tuple(range(16, 52))  # 6c .. As
Convention = Literal["straight-beats-trips", "trips-beat-straight"]
CONVENTIONS: tuple[Convention, ...] = ("straight-beats-trips", "trips-beat-straight")
RANKS = "23456789TJQKA"
SUITS = "cdhs"


# -- the oracle: plain Python, nothing from hoyle --------------------------------------


def oracle_key(five: tuple[int, ...], convention: Convention) -> tuple[int, ...]:  # noqa: PLR0911 (one return a category)
    """A sort key of five short-deck cards: larger is stronger. Category
    places: 1 high card, 2 pair, 3 two pair, 4/5 trips and straight (per
    the convention), 6 full house, 7 flush, 8 quads, 9 straight flush."""
    ranks = sorted((c // 4 + 2 for c in five), reverse=True)  # 6 .. 14
    flush = len({c % 4 for c in five}) == 1
    distinct = sorted(set(ranks))
    top = None
    if len(distinct) == 5 and distinct[4] - distinct[0] == 4:
        top = distinct[4]
    elif distinct == [6, 7, 8, 9, 14]:
        top = 9  # A-6-7-8-9: the ace plays low, nine-high
    counts = Counter(ranks)
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    trips_first = convention == "trips-beat-straight"
    if top is not None and flush:
        return (9, top)
    if shape == [4, 1]:
        return (8, *by_count)
    if flush:
        return (7, *ranks)
    if shape == [3, 2]:
        return (6, *by_count)
    if top is not None:
        return (4 if trips_first else 5, top)
    if shape == [3, 1, 1]:
        return (5 if trips_first else 4, *by_count)
    if shape == [2, 2, 1]:
        return (3, *by_count)
    if shape == [2, 1, 1, 1]:
        return (2, *by_count)
    return (1, *ranks)


ORACLE_CATEGORY = {1: "HIGH_CARD", 2: "ONE_PAIR", 3: "TWO_PAIR", 6: "FULL_HOUSE"}
ORACLE_CATEGORY |= {7: "FLUSH", 8: "FOUR_OF_A_KIND", 9: "STRAIGHT_FLUSH"}


def oracle_category(key: tuple[int, ...], convention: Convention) -> str:
    if key[0] in (4, 5):
        straight = (key[0] == 5) == (convention == "straight-beats-trips")
        return "STRAIGHT" if straight else "THREE_OF_A_KIND"
    return ORACLE_CATEGORY[key[0]]


def oracle_best(cards: tuple[int, ...], convention: Convention) -> tuple[int, ...]:
    return max(oracle_key(f, convention) for f in itertools.combinations(cards, 5))


def text(cards: tuple[int, ...]) -> str:
    return "".join(RANKS[c // 4] + SUITS[c % 4] for c in cards)


# -- every five-card hand -----------------------------------------------------------------


ALL_FIVES = np.array(list(itertools.combinations(DECK, 5)), dtype=np.uint8)


@pytest.fixture(scope="module", params=CONVENTIONS)
def ranked(request: pytest.FixtureRequest) -> tuple[Convention, dict[tuple[int, ...], int]]:
    """Every five-card hand of the deck: the core's value for each oracle
    key, checked to be one value per key, in the oracle's order."""
    convention: Convention = request.param
    rules = HandRules(short_deck=convention)
    values = evaluate_batch(ALL_FIVES, rules=rules).tolist()
    assert len(values) == 376_992
    by_key: dict[tuple[int, ...], set[int]] = {}
    for row, v in zip(ALL_FIVES.tolist(), values, strict=True):
        by_key.setdefault(oracle_key(tuple(row), convention), set()).add(v)
    assert all(len(vs) == 1 for vs in by_key.values()), "equal hands, unequal values"
    keys = sorted(by_key)
    ordered = [next(iter(by_key[k])) for k in keys]
    assert ordered == sorted(ordered), "the core's order is not the oracle's"
    assert len(set(ordered)) == len(ordered), "unequal hands, equal values"
    return convention, {k: next(iter(by_key[k])) for k in keys}


def test_every_five_card_hand_ranks_as_the_oracle(
    ranked: tuple[Convention, dict[tuple[int, ...], int]],
) -> None:
    convention, table = ranked
    # the classes of hands: 6 + 6 straight (flushes), 72 quads and full
    # houses each, 126 - 6 flushes and as many high cards, ...
    cats = Counter(oracle_category(k, convention) for k in table)
    assert cats == {
        "STRAIGHT_FLUSH": 6,
        "FOUR_OF_A_KIND": 72,
        "FLUSH": 120,
        "FULL_HOUSE": 72,
        "STRAIGHT": 6,
        "THREE_OF_A_KIND": 252,
        "TWO_PAIR": 252,
        "ONE_PAIR": 504,
        "HIGH_CARD": 120,
    }
    rules = HandRules(short_deck=convention)
    rng = random.Random(convention)
    for row in rng.sample(ALL_FIVES.tolist(), 3000):
        r = evaluate(tuple(row), rules=rules)
        assert r.category.name == oracle_category(oracle_key(tuple(row), convention), convention)


@pytest.mark.parametrize("n", [6, 7])
def test_best_of_five_of_six_and_seven(
    ranked: tuple[Convention, dict[tuple[int, ...], int]], n: int
) -> None:
    convention, table = ranked
    rules = HandRules(short_deck=convention)
    rng = random.Random(f"{convention}{n}")
    hands = [tuple(rng.sample(DECK, n)) for _ in range(20_000)]
    batch = evaluate_batch(np.array(hands, dtype=np.uint8), rules=rules).tolist()
    for hand, v in zip(hands, batch, strict=True):
        assert v == table[oracle_best(hand, convention)], text(hand)
    for hand, v in zip(hands[:2000], batch[:2000], strict=True):
        assert rank(hand, rules=rules) == v
        hole, board = hand[:2], hand[2:]
        assert evaluate(hole, board=board, rules=rules).value == v


def test_the_two_conventions_differ_only_on_trips_and_straights() -> None:
    a, b = (HandRules(short_deck=c) for c in CONVENTIONS)
    trips, straight = "Ts Td Tc 7h 6d", "6s 7d 8c 9h Td"
    assert rank(trips, rules=a) < rank(straight, rules=a)
    assert rank(trips, rules=b) > rank(straight, rules=b)
    both = "Ts Td Tc Jh Qd Kc 9s"  # a king-high straight and trip tens
    assert evaluate(both, rules=a).category.name == "STRAIGHT"
    assert evaluate(both, rules=b).category.name == "THREE_OF_A_KIND"
    assert str(evaluate(both, rules=b)) == "Three of a Kind, Tens"


def test_words_and_the_five_that_play() -> None:
    rules = HandRules(short_deck="straight-beats-trips")
    low = evaluate("As 6d 7c 8h 9d Kc Kd", rules=rules)
    assert str(low) == "Straight, Nine High"
    assert [str(c) for c in low.best_five] == ["9d", "8h", "7c", "6d", "As"]
    sf = evaluate("Ah 6h 7h 8h 9h", rules=rules)
    assert (str(sf), sf.category.name) == ("Straight Flush, Nine High", "STRAIGHT_FLUSH")
    flush = evaluate("Ah Jh 9h 7h 6h", rules=rules)
    full = evaluate("As Ad Ac Kh Kd", rules=rules)
    assert flush > full
    assert (str(flush), str(full)) == ("Flush, Ace High", "Full House, Aces over Kings")
    # the standard ranking says the opposite on both counts
    assert evaluate("Ah Jh 9h 7h 6h") < evaluate("As Ad Ac Kh Kd")
    assert evaluate("As 6d 7c 8h 9d").category.name == "HIGH_CARD"


def test_the_rules_document_examples() -> None:
    """docs/rules.md §2, short-deck hold'em."""
    a, b = (HandRules(short_deck=c) for c in CONVENTIONS)
    board = "Kh Qh 6h 6s 7c"
    for rules in (a, b):
        flush = evaluate("Ah Th", board=board, rules=rules)
        full = evaluate("Kd Kc", board=board, rules=rules)
        assert (str(flush), str(full)) == ("Flush, Ace High", "Full House, Kings over Sixes")
        assert flush > full
        assert evaluate("As 6d 7c 8h 9d", rules=rules) < evaluate("6s 7d 8c 9h Td", rules=rules)
    assert evaluate("Ah Th", board=board) < evaluate("Kd Kc", board=board)
    seven = "Ts Td Tc Jh Qd Kc 9s"
    assert str(evaluate(seven, rules=a)) == "Straight, King High"
    assert str(evaluate(seven, rules=b)) == "Three of a Kind, Tens"
    assert str(evaluate("As 6d 7c 8h 9d", rules=a)) == "Straight, Nine High"


def test_rules_pickle_compare_and_print() -> None:
    a = HandRules(short_deck="straight-beats-trips")
    b = HandRules(short_deck="trips-beat-straight")
    assert a != b
    assert a != HandRules()
    assert a == HandRules(short_deck="straight-beats-trips")
    assert hash(a) == hash(HandRules(short_deck="straight-beats-trips"))
    assert pickle.loads(pickle.dumps(b)) == b
    assert repr(b) == "HandRules(short_deck='trips-beat-straight')"
    assert eval(repr(b), {"HandRules": HandRules}) == b
    assert (a.short_deck, a.is_natural, HandRules().short_deck) == (
        "straight-beats-trips",
        False,
        None,
    )
    r = evaluate("As 6d 7c 8h 9d", rules=b)
    back = pickle.loads(pickle.dumps(r))
    assert (back.value, str(back)) == (r.value, str(r))


def test_bad_cards_and_rules_are_refused() -> None:
    rules = HandRules(short_deck="straight-beats-trips")
    with pytest.raises(HandError, match=r"card 5h is not in the short deck.*six to ace"):
        evaluate("5h 6d 7c 8h 9d", rules=rules)
    with pytest.raises(HandError, match="not in the short deck"):
        rank((0, 16, 20, 24, 28), rules=rules)
    rows = np.array([[16, 20, 24, 28, 32], [16, 20, 24, 28, 3]], dtype=np.uint8)
    with pytest.raises(HandError, match=r"row 1: card 2s is not in the short deck"):
        evaluate_batch(rows, rules=rules)
    with pytest.raises(RulesError, match="straight-beats-trips"):
        HandRules(short_deck="yes")  # type: ignore[arg-type]
    for other in (
        {"hole_cards": 2},
        {"wild_ranks": "6"},
        {"four_flush": True},
        {"low": "ace-to-five"},
        {"jokers": "wild"},
    ):
        with pytest.raises(RulesError, match="takes no other rule"):
            HandRules(short_deck="straight-beats-trips", **other)
    with pytest.raises(GameError, match="not in the short deck"):
        games.texas_holdem(rules=rules).with_(deck=tuple(range(52)))
    with pytest.raises(GameError, match="short_deck"):
        games.short_deck_holdem(rules=HandRules())


# -- equity -----------------------------------------------------------------------------


@pytest.mark.parametrize("convention", CONVENTIONS)
def test_equity_against_a_brute_force_count(convention: Convention) -> None:
    """Two hands on a flop, every turn and river of the 36-card deck."""
    players = [(50, 34), (46, 45)]  # Ah Th, Kc Kd: a flush against a set
    flop = (47, 42, 18)  # Kh Qh 6h
    rules = HandRules(short_deck=convention)
    left = [c for c in DECK if c not in (*players[0], *players[1], *flop)]
    wins = [0, 0]
    ties = 0
    for turn_river in itertools.combinations(left, 2):
        a, b = (oracle_best((*p, *flop, *turn_river), convention) for p in players)
        if a == b:
            ties += 1
        else:
            wins[a < b] += 1
    assert sum(wins) + ties == 406
    game = Shape(rules=rules)
    got = hoyle.equity([text(p) for p in players], board=text(flop), game=game, exact=True)
    assert got.deals == 406
    assert list(got.wins) == wins
    assert got.ties == (ties, ties)
    preset = games.short_deck_holdem(rules=rules)
    same = hoyle.equity([text(p) for p in players], board=text(flop), game=preset, exact=True)
    assert same.wins == got.wins
    # the short deck's order matters here: the standard ranking differs
    plain = hoyle.equity(
        [text(p) for p in players], board=text(flop), game=Shape(deck=DECK), exact=True
    )
    assert plain.wins != got.wins


def test_equity_refuses_cards_outside_the_short_deck() -> None:
    game = Shape(rules=HandRules(short_deck="straight-beats-trips"))
    with pytest.raises(EquityError, match="not in this game's deck"):
        hoyle.equity(["AsAd", "5c5d"], game=game, exact=True)
    wide = Shape(rules=game.rules, deck=(0, *DECK))
    with pytest.raises(EquityError, match="six to ace"):
        hoyle.equity(["AsAd", "KcKd"], game=wide, trials=65_536, seed=1)


# -- the game -----------------------------------------------------------------------------


def test_the_preset() -> None:
    game = games.short_deck_holdem()
    assert (game.name, game.deck, game.ante, game.blinds) == ("short_deck_holdem", DECK, 1, (1, 2))
    assert game.rules == HandRules(short_deck="straight-beats-trips")
    hand = game.start([100] * 6, seed=3)
    dealt = [c for s in range(6) for c in hand.hole(s)]
    assert all(c >= 16 for c in dealt)
    assert game.max_seats == 15  # (36 - 5) // 2


def test_a_showdown_ranks_a_flush_over_a_full_house() -> None:
    """Seat 0 holds Ah Th, seat 1 Kd Kc; the board Kh Qh 6h 6s 7c gives a
    heart flush and kings full: the flush wins here, not in hold'em."""
    order = ["Ah", "Kd", "Th", "Kc", "Kh", "Qh", "6h", "6s", "7c"]
    for game, winner in ((games.short_deck_holdem(), 0), (games.texas_holdem(), 1)):
        rest = [c for c in DECK if c not in {x.id for x in hoyle.parse_cards(" ".join(order))}]
        deck = [*[x.id for x in hoyle.parse_cards(" ".join(order))], *rest]
        if game.name == "texas_holdem":
            deck += [c for c in range(16)]
        hand = game.with_(ante=0).start([50, 50], button=1, deck=deck)
        while not hand.is_over:
            hand.check() if hand.legal.can_check else hand.call()
        assert hand.stacks[winner] > 50, (game.name, hand.stacks)


def test_phh_ns_reads_as_the_preset() -> None:
    path = "tests/data/phh/pokerkit-d782667/historical/phua-xuan-2019.phh"
    [hh] = history.load(path)
    hand = hh.replay()
    assert hand.game.name == "short_deck_holdem"
    assert hand.game.rules == HandRules(short_deck="straight-beats-trips")
    assert hand.stacks == (489000, 226000, 684000, 400000, 0, 198000)


@pytest.mark.parametrize("convention", CONVENTIONS)
def test_phh_round_trip_keeps_the_convention(convention: Convention) -> None:
    game = games.short_deck_holdem(rules=HandRules(short_deck=convention))
    for i in range(40):
        rng = random.Random(i)
        hand = game.start([rng.randint(5, 100) for _ in range(4)], button=i % 4, seed=i)
        while not hand.is_over:
            bots.random_bot(hand, rng)
        [back] = history.load(history.dumps(hand))
        again = back.replay(strict=True)
        assert again.game == game
        assert again.stacks == hand.stacks
        assert again.history == hand.history


def test_play_short_deck_from_the_command_line() -> None:
    from hoyle.cli import main

    args = ["play", "--hands", "5", "--game", "short_deck_holdem", "--quiet"]
    assert main([*args, "--bots", "tight,random,loose"]) == 0


# -- whole hands against PokerKit -----------------------------------------------------------

pk: Any = None
try:
    import pokerkit as pk
except ImportError:  # pragma: no cover - PokerKit is a test dependency
    pk = None


def _deal_board(state: Any, board: tuple[int, ...], dealt: int) -> int:
    while dealt < len(board) and state.can_deal_board():
        count = 3 if dealt == 0 else 1
        state.deal_board(text(board[dealt : dealt + count]))
        dealt += count
    return dealt


def _play_one(rng: random.Random, button_blind: bool) -> tuple[bool, bool]:  # noqa: PLR0915 (one hand, both engines, step by step)
    """One random hand in both engines; returns (reached a showdown, the
    standard ranking would have paid someone else)."""
    n = rng.randint(2, 6)
    ante = rng.choice([0, 1, 2]) if not button_blind else rng.choice([1, 2])
    blinds = (0,) * (n - 1) + (2,) if button_blind else (1, 2)
    game = games.short_deck_holdem(blinds=blinds, ante=ante)
    stacks = [rng.choice([rng.randint(ante + 3, 20), rng.randint(20, 200)]) for _ in range(n)]
    button = rng.randrange(n)
    hand = game.start(stacks, button=button, seed=rng.getrandbits(32))
    order = [(button + 1 + i) % n for i in range(n)]
    automations = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.CARD_BURNING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    )
    pk_blinds = {n - 1: 2} if button_blind else (1, 2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = pk.NoLimitShortDeckHoldem.create_state(
            automations, True, ante, pk_blinds, 2, tuple(stacks[s] for s in order), n
        )
        for s in order:
            state.deal_hole(text(hand.hole(s)))
        dealt = 0
        while not hand.is_over:
            dealt = _deal_board(state, hand.board, dealt)
            seat = hand.actor
            assert seat is not None
            assert state.actor_index is not None
            assert order[state.actor_index] == seat, hand.history
            legal = hand.legal
            # mostly calls and checks, so that many hands reach a showdown
            pick = rng.choices(["fold", "call", "raise"], [1, 6, 2])[0]
            if pick == "fold" and legal.can_fold:
                hand.fold()
                state.fold()
            elif pick == "raise" and legal.min_raise_to is not None:
                lo, hi = legal.min_raise_to, legal.max_raise_to
                assert hi is not None
                assert state.min_completion_betting_or_raising_to_amount == lo
                assert state.max_completion_betting_or_raising_to_amount == hi
                total = rng.choice([lo, hi, rng.randint(lo, hi)])
                hand.raise_to(total)
                state.complete_bet_or_raise_to(total)
            else:
                assert state.checking_or_calling_amount == legal.call_amount
                hand.check() if legal.can_check else hand.call()
                state.check_or_call()
        dealt = _deal_board(state, hand.board, dealt)
        while state.status and state.actor_index is not None:
            assert state.checking_or_calling_amount == 0
            state.check_or_call()
            dealt = _deal_board(state, hand.board, dealt)
        assert not state.status
    ours = [hand.stacks[s] for s in order]
    theirs = list(state.stacks)
    settlement = hand.settlement
    assert settlement is not None
    # Odd chips of a split pot: hoyle gives them from the button's left,
    # PokerKit to its first winner of pots it may lay out differently.
    odd = sum(1 for p in settlement.pots if p.high_half % max(len(p.high_winners), 1))
    if odd:
        assert sum(ours) == sum(theirs)
        assert sum(abs(a - b) for a, b in zip(ours, theirs, strict=True)) <= 2 * odd
    else:
        assert ours == theirs, (stacks, button, hand.history, settlement)
    live = [s for s in range(n) if hand.active[s]]
    showdown = len(hand.board) == 5 and any(p.high_winners for p in settlement.pots)
    differs = False
    if showdown and len(live) >= 2:
        short = {s: evaluate(hand.hole(s), board=hand.board, rules=game.rules).value for s in live}
        plain = {s: evaluate((*hand.hole(s), *hand.board)).value for s in live}
        best_short = {s for s in live if short[s] == max(short.values())}
        best_plain = {s for s in live if plain[s] == max(plain.values())}
        differs = best_short != best_plain
    return showdown, differs


@pytest.mark.skipif(pk is None, reason="PokerKit not installed")
@pytest.mark.parametrize("button_blind", [False, True], ids=["blinds", "button-blind"])
def test_same_stacks_as_pokerkit(button_blind: bool) -> None:
    rng = random.Random(f"short{button_blind}")
    results = [_play_one(rng, button_blind) for _ in range(500)]
    showdowns = sum(s for s, _ in results)
    differing = sum(d for _, d in results)
    assert showdowns > 150, showdowns
    assert differing > 0  # the hands where the short-deck order decides a pot


@pytest.mark.skipif(pk is None, reason="PokerKit not installed")
def test_hand_order_as_pokerkit() -> None:
    """Pairs of seven-card hands: PokerKit's ``ShortDeckHoldemHand`` and
    hoyle order them alike."""
    rules = HandRules(short_deck="straight-beats-trips")
    rng = random.Random(15)
    for _ in range(1500):
        cards = rng.sample(DECK, 9)
        board, a, b = cards[:5], cards[5:7], cards[7:]
        ha = pk.ShortDeckHoldemHand.from_game(text(tuple(a)), text(tuple(board)))
        hb = pk.ShortDeckHoldemHand.from_game(text(tuple(b)), text(tuple(board)))
        ours = rank(a, board=board, rules=rules) - rank(b, board=board, rules=rules)
        theirs = (ha > hb) - (ha < hb)
        assert (ours > 0) - (ours < 0) == theirs, text(tuple(cards))
