"""The presets: each is a Game of settings that plays whole hands, and the
showdown adapter ranks highs, Omaha and the four lows."""

from __future__ import annotations

import random
from collections.abc import Callable

import hoyle
import pytest
from hoyle.bots import BOTS, random_bot
from hoyle.showdown import values

PRESETS: list[Callable[[], hoyle.Game]] = [
    hoyle.games.five_card_draw,
    hoyle.games.five_card_stud,
    hoyle.games.seven_card_stud,
    hoyle.games.seven_card_stud_hilo,
    hoyle.games.razz,
    hoyle.games.texas_holdem,
    hoyle.games.omaha,
    hoyle.games.omaha_hilo,
    hoyle.games.five_card_omaha,
    hoyle.games.six_card_omaha,
    hoyle.games.big_o,
    hoyle.games.courchevel,
    hoyle.games.deuce_to_seven_single_draw,
    hoyle.games.deuce_to_seven_triple_draw,
    hoyle.games.badugi,
]


def ids(text: str) -> tuple[int, ...]:
    return tuple(c.id for c in hoyle.parse_cards(text))


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.__name__)
def test_preset_plays_whole_hands(preset: Callable[[], hoyle.Game]) -> None:
    game = preset()
    assert game.name == preset.__name__
    rng = random.Random(preset.__name__)
    seats = min(6, game.max_seats)
    for i in range(60):
        stacks = [rng.randint(5, 150) for _ in range(seats)]
        hand = game.start(stacks, button=i % seats, seed=i)
        bot = rng.choice(list(BOTS.values()))
        while not hand.is_over:
            bot(hand, rng)
        assert sum(hand.stacks) == sum(stacks)


def test_games_are_frozen_settings() -> None:
    game = hoyle.games.texas_holdem()
    with pytest.raises(AttributeError):
        game.ante = 5  # type: ignore[misc]
    assert game == hoyle.games.texas_holdem()
    assert game.with_(ante=1).ante == 1


def test_bad_settings() -> None:
    with pytest.raises(hoyle.GameError, match="min <= max"):
        hoyle.Limit(5, 1)
    with pytest.raises(hoyle.GameError, match="at least one street"):
        hoyle.Game(streets=())
    with pytest.raises(hoyle.GameError, match="bring-in"):
        hoyle.Game(streets=(hoyle.Street(down=2),), bring_in=1)
    with pytest.raises(hoyle.GameError, match="low ranking"):
        hoyle.Game(streets=(hoyle.Street(down=5),), high=False)


def test_smallest_bet_is_at_least_one_chip() -> None:
    # zero blinds post nothing; the smallest bet is still a chip, never 0
    game = hoyle.games.texas_holdem(blinds=(0, 0))
    assert game.smallest_bet == 1
    hand = game.start([50, 50, 50])
    assert hand.legal.min_raise_to == 1
    with pytest.raises(hoyle.IllegalActionError, match=r"1\.\.50"):
        hand.raise_to(0)
    assert hoyle.games.texas_holdem(blinds=(1, 2)).smallest_bet == 2
    assert hoyle.games.texas_holdem(blinds=(1, 2), min_bet=5).smallest_bet == 5
    assert hoyle.games.texas_holdem(blinds=()).smallest_bet == 1


def test_seat_counts_and_buttons_are_checked() -> None:
    game = hoyle.games.texas_holdem(blinds=(1, 2, 4))
    with pytest.raises(hoyle.GameError, match="at least 2 seats"):
        game.start([10])
    with pytest.raises(hoyle.GameError, match="3 blinds need at least as many seats"):
        game.start([10, 10])
    with pytest.raises(hoyle.GameError, match=r"button must be a seat 0\.\.2"):
        game.start([10, 10, 10], button=3)
    with pytest.raises(hoyle.GameError, match="deals 53 cards to 24 seats; the deck has 52"):
        game.start([10] * 24)
    assert game.max_seats == 23  # 2 hole cards each and a board of 5: 51 cards
    game.start([10] * game.max_seats)
    board_only = hoyle.Game(streets=(hoyle.Street(board=5),))  # settle's limit applies
    assert board_only.max_seats == 64
    with pytest.raises(hoyle.GameError, match="at most 64 seats, got 65"):
        board_only.start([10] * 65)
    assert board_only.start([10] * 64).is_over is False
    too_many = hoyle.Game(streets=(hoyle.Street(down=1, board=60),))
    assert too_many.max_seats == 0
    with pytest.raises(hoyle.GameError, match="deals 62 cards to 2 seats"):
        too_many.start([10, 10])


def test_omaha_plays_two_hole_cards() -> None:
    rules = hoyle.HandRules(hole_cards=2)
    # four spades in hand and one on the board is no flush in Omaha
    board = ids("Ks 7d 8c 2h 3h")
    high, _ = values(rules, True, ids("As Qs Js Ts"), board)
    assert high == hoyle.evaluate(ids("As Ks Qs 8c 7d")).value


def test_hilo_halves_in_omaha_hilo() -> None:
    game = hoyle.games.omaha_hilo()
    # seat 0: A2 low; seat 1: set of kings; board gives a low
    deck = ids("Ac Kh 2d Kd 9s 9h 9c 8h") + ids("Kc 3h 5s 7d Qc")
    hand = game.start([100, 100], button=1, deck=deck)
    while not hand.is_over:
        legal = hand.legal
        hand.call() if legal.call_amount else hand.check()
    s = hand.settlement
    assert s is not None
    (pot,) = s.pots
    assert pot.high_winners == (1,)
    assert pot.low_winners == (0,)
    assert hand.stacks == (100, 100)


def test_razz_best_low_wins() -> None:
    rules = hoyle.HandRules(low="ace-to-five")
    wheel, _ = values(rules, False, ids("Ac 2d 3h 4s 5c Kd Kh"), ())
    six, _ = values(rules, False, ids("Ac 2d 3h 4s 6c Kd Kh"), ())
    assert wheel > six


def test_random_bot_plays_every_kind() -> None:
    hand = hoyle.games.texas_holdem().start([100] * 6, seed=3)
    rng = random.Random(2)
    while not hand.is_over:
        random_bot(hand, rng)
    kinds = {a.kind for a in hand.history}
    assert "blind" in kinds
