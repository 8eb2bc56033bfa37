"""hoyle hand -> PHH -> hoyle hand gives the same hand: actions, stacks,
cards and game, for random hands of every preset game."""

from __future__ import annotations

import random

import hoyle
import pytest
from hoyle import bots, games, history
from hoyle.errors import IllegalActionError

PRESETS = sorted(name for name in games.__all__ if name[0].islower())
HANDS = 300  # per preset: 3,300 in all


def _seats(game: hoyle.Game, rng: random.Random) -> int:
    if game.has_draw:
        # Up to a full table: the stub runs out and the discards are
        # reshuffled (docs/rules.md §9) in many of these hands, and the
        # history says which cards come back (issue 12).
        return rng.randint(2, game.max_seats)
    return rng.randint(2, min(6, game.max_seats))


def _same(a: hoyle.Hand, b: hoyle.Hand) -> None:
    assert b.game == a.game
    assert b.button == a.button
    assert b.history == a.history
    assert b.starting_stacks == a.starting_stacks
    assert b.stacks == a.stacks
    assert b.board == a.board
    assert all(b.hole(s) == a.hole(s) for s in range(len(a.stacks)))
    assert b.settlement == a.settlement


@pytest.mark.parametrize("name", PRESETS)
def test_round_trip(name: str) -> None:
    game = getattr(games, name)()
    for i in range(HANDS):
        rng = random.Random(i)
        n = _seats(game, rng)
        hand = game.start([rng.randint(5, 300) for _ in range(n)], button=rng.randrange(n), seed=i)
        bot = [bots.random_bot, bots.loose_bot, bots.tight_bot][i % 3]
        while not hand.is_over:
            try:
                bot(hand, rng)
            except IllegalActionError:  # a bot's draw larger than the deck and discards
                hand.draw([])
        [back] = history.load(history.dumps(hand))
        _same(hand, back.replay(strict=True))
        assert back.finishing_stacks == hand.stacks


@pytest.mark.parametrize(
    "game",
    [
        games.five_card_draw(rules=hoyle.HandRules(wild_ranks="2")),
        games.five_card_draw(rules=hoyle.HandRules(jokers="bug"), blinds=(), ante=1),
        games.five_card_draw(opener="jacks", blinds=(), ante=2, betting=hoyle.Limit(1, 5)),
        games.five_card_stud(rules=hoyle.HandRules(four_flush=True), bring_in=0),
        games.texas_holdem(blinds=(1, 2, 4), ante=1, rake=hoyle.Rake(percent=5, cap=3)),
        games.omaha(betting=hoyle.PotLimit(cap=50)).with_(antes=(0, 2)),
        games.texas_holdem(betting=hoyle.Limit(2, 4), raise_cap=3),
    ],
    ids=["deuces-wild", "bug", "jacks-to-open", "book-stud", "straddle-rake", "bb-ante", "spread"],
)
def test_round_trip_of_custom_games(game: hoyle.Game) -> None:
    for i in range(100):
        rng = random.Random(i)
        n = rng.randint(max(2, len(game.blinds)), 4)
        hand = game.start([rng.randint(10, 200) for _ in range(n)], button=rng.randrange(n), seed=i)
        while not hand.is_over:
            bots.random_bot(hand, rng)
        text = history.dumps(hand)
        [back] = history.load(text)
        _same(hand, back.replay(strict=True))


def test_plain_games_need_no_extension() -> None:
    hand = games.texas_holdem().start([100, 100], seed=1)
    while not hand.is_over:
        hand.check() if hand.legal.can_check else hand.call()
    text = history.dumps(hand)
    assert "_hoyle_game" not in text
    assert text.startswith('variant = "NT"')
