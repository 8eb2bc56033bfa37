"""Issue 25, item 4: a ``Game`` whose hands could never end is refused when
it is made (and by ``from_dict``), judged by the hand's own scorer; and the
fuzzer of custom games (random streets, decks, rules, posts and splits),
played with random legal and illegal actions: every accepted game's hands
end with the chips conserved, every refused one really could not score.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import hoyle
import hoyle.games._endable as endable
import hoyle.games.game as game_module
import pytest
from hoyle import Game, HandRules, Limit, NoLimit, PotLimit, Rake, Street, games

from tests.support.fuzzing import fuzz

HOLDEM_SIX_BOARD = (Street(down=1, board=3), Street(board=2), Street(board=1))


def test_a_six_card_board_is_refused() -> None:
    with pytest.raises(hoyle.GameError, match=r"6 on the board.*at most 5 cards"):
        Game(streets=HOLDEM_SIX_BOARD, blinds=(1, 2))
    table = {"streets": [s.to_dict() for s in HOLDEM_SIX_BOARD], "blinds": [1, 2]}
    with pytest.raises(hoyle.GameError, match="cannot rank"):
        Game.from_dict(table)


def test_jokers_need_rules_that_rank_them() -> None:
    with pytest.raises(hoyle.GameError, match="joker"):
        games.texas_holdem().with_(deck=tuple(range(54)))
    with pytest.raises(hoyle.GameError, match="joker"):
        games.five_card_draw().with_(deck=(*range(52), 53))
    with pytest.raises(hoyle.GameError, match="short deck"):
        Game(streets=(Street(down=2, board=5),), rules=HandRules(short_deck="straight-beats-trips"))
    # the same decks under rules that rank them are games
    wild = games.five_card_draw(rules=HandRules(jokers="wild"))
    assert wild.with_(deck=tuple(range(54))).max_seats == 10
    assert games.short_deck_holdem().max_seats == 15


def test_omaha_needs_three_on_the_board() -> None:
    two = HandRules(hole_cards=2)
    with pytest.raises(hoyle.GameError, match="cannot rank"):
        Game(streets=(Street(down=4, board=2),), rules=two, blinds=(1, 2))
    Game(streets=(Street(down=4, board=3),), rules=two, blinds=(1, 2))


def test_a_game_dealing_no_cards_cannot_show_down() -> None:
    with pytest.raises(hoyle.GameError, match="0 cards"):
        Game(streets=(Street(),), blinds=(2,))


def test_a_bring_in_needs_an_up_card() -> None:
    # the bring-in seat is the lowest up card: no up card left it unknown (IndexError)
    streets = (Street(down=2, first="exposed"), Street(down=2, up=1, first="exposed"))
    with pytest.raises(hoyle.GameError, match="up=1"):
        Game(streets=streets, bring_in=1, ante=1)


def test_a_draw_before_a_later_deal_leaves_the_stub_its_cards() -> None:
    # 4 seats drew 2 each from a 14-card deck: the board of 5 was dealt 4 cards
    game = Game(streets=(Street(down=2), Street(draw=2), Street(board=5)), deck=tuple(range(14)))
    assert game.max_seats == 2  # 5 on the board, 2 and 2 drawn a seat
    assert game.cards_needed(2) == 13
    with pytest.raises(hoyle.GameError, match=r"deals 17 cards to 3 seats \(with 6 its draws take"):
        game.start([50] * 3)
    for seed in range(30):
        hand = game.start([50, 50], seed=seed)
        while not hand.is_over:
            if hand.legal.can_draw:
                hand.draw(hand.hole(hand.actor or 0))
            elif hand.legal.can_check:
                hand.check()
            else:
                hand.call()
        assert len(hand.board) == 5
        assert all(len(hand.hole(s)) == 2 for s in range(2))
        seen = [*hand.board, *hand.hole(0), *hand.hole(1)]
        assert len(set(seen)) == 9


def test_a_bring_in_of_a_full_bet_counts_as_one_under_the_half_bet_rule() -> None:
    # the bring-in of 2 under Limit(1, 1) was no full bet: the next seat was
    # offered a "raise" to 1, below the bet, and then "call -1"
    game = games.seven_card_stud(betting=Limit(1, 1), bring_in=2).with_(short_all_in="half-bet")
    hand = game.start([50, 50, 50], seed=7)
    assert hand.legal.call_amount == 2
    assert (hand.legal.min_raise_to, hand.legal.max_raise_to) == (3, 3)
    hand.raise_to(3)
    assert hand.legal.call_amount == 3
    assert (hand.legal.min_raise_to, hand.legal.max_raise_to) == (4, 4)


def test_the_check_is_kept_per_settings() -> None:
    endable._SHOWDOWNS.clear()
    games.texas_holdem()
    games.texas_holdem(blinds=(5, 10))
    assert len(endable._SHOWDOWNS) == 1


# -- the fuzzer ------------------------------------------------------------------------------

RULES = [
    HandRules(),
    HandRules(wild_ranks="2"),
    HandRules(jokers="wild"),
    HandRules(jokers="bug"),
    HandRules(jokers="bug", bug_fills_flush=True),
    HandRules(four_flush=True),
    HandRules(low="ace-to-five"),
    HandRules(low="ace-to-five", low_qualifier=8),
    HandRules(low="deuce-to-seven"),
    HandRules(low="ace-to-six"),
    HandRules(low="badugi"),
    HandRules(hole_cards=2),
    HandRules(hole_cards=2, low="ace-to-five", low_qualifier=8),
    HandRules(short_deck="trips-beat-straight"),
]
SPLITS = [None, HandRules(low="deuce-to-seven"), HandRules(low="ace-to-five", low_qualifier=8)]


def _deck(rng: random.Random) -> tuple[int, ...]:
    pick = rng.randrange(6)
    if pick == 0:
        return tuple(range(54))
    if pick == 1:
        return tuple(c for c in range(52) if c >= 16)  # six to ace
    if pick == 2:
        return tuple(rng.sample(range(54), rng.randint(8, 54)))
    return tuple(range(52))


SHAPES = [  # (down, up, board) of each street: games that score, to vary
    ((2, 0, 0), (0, 0, 3), (0, 0, 1), (0, 0, 1)),  # hold'em
    ((4, 0, 0), (0, 0, 3), (0, 0, 2)),  # Omaha
    ((2, 1, 0), (0, 1, 0), (0, 1, 0), (0, 1, 0), (1, 0, 0)),  # seven-card stud
    ((5, 0, 0), (0, 0, 0), (0, 0, 0)),  # draw poker
    ((4, 0, 0), (0, 0, 0)),  # badugi
    ((0, 0, 3), (2, 0, 0), (0, 0, 2)),  # the board first
]


def _streets(rng: random.Random, stud: bool) -> tuple[Street, ...]:
    if rng.random() < 0.6:
        shape = list(rng.choice(SHAPES))
        if stud:
            shape[0] = (shape[0][0], max(1, shape[0][1]), shape[0][2])
        return tuple(
            Street(
                down=down,
                up=up,
                board=board,
                burn=rng.random() < 0.2,
                draw=rng.choice([0, 0, 1, 2, 3, 5]) if i else 0,
                first="exposed" if stud and (i == 0 or rng.random() < 0.5) else "left",
                betting=None if rng.random() < 0.8 else _betting(rng),
            )
            for i, (down, up, board) in enumerate(shape)
        )
    out = []
    for i in range(rng.randint(1, 5)):
        down = rng.choice([0, 0, 1, 2, 2, 3, 4])
        up = rng.choice([0, 0, 0, 1]) if not (stud and i == 0) else rng.randint(1, 2)
        draw = rng.choice([0, 0, 0, 1, 2, 3, 5]) if i else 0
        out.append(
            Street(
                down=down,
                up=up,
                board=rng.choice([0, 0, 0, 1, 2, 3]),
                burn=rng.random() < 0.2,
                draw=draw,
                draw_ace=draw + 1 if draw and rng.random() < 0.2 else None,
                first="exposed" if (stud and i == 0) or rng.random() < 0.1 else "left",
                betting=None if rng.random() < 0.8 else _betting(rng),
            )
        )
    return tuple(out)


def _betting(rng: random.Random) -> Any:
    pick = rng.randrange(3)
    if pick == 0:
        low = rng.randint(1, 6)
        return Limit(low, low if rng.random() < 0.5 else 2 * low)
    if pick == 1:
        return PotLimit(cap=None if rng.random() < 0.7 else rng.randint(1, 40))
    return NoLimit()


def _forced(rng: random.Random, stud: bool) -> dict[str, Any]:
    """Posts: antes, blinds, straddles, button blinds, post bets, or a bring-in."""
    out: dict[str, Any] = {}
    if rng.random() < 0.3:
        out["ante"] = rng.randint(1, 3)
    elif rng.random() < 0.2:
        out["antes"] = tuple(rng.randint(0, 3) for _ in range(rng.randint(1, 3)))
    if stud:
        out["bring_in"] = rng.randint(1, 3)
        return out
    pick = rng.randrange(5)
    if pick == 0:
        out["blinds"] = (1, 2)
    elif pick == 1:
        out["blinds"] = (1, 2, 4)  # a straddle
    elif pick == 2:
        out["blinds"] = (0,) * rng.randint(0, 2) + (3,)  # a button blind
    elif pick == 3:
        out["blinds"] = (1, 2)
        out["posts"] = (0, 0, rng.randint(1, 4))  # a post bet, live from the big blind's
    return out


def make_custom_game(rng: random.Random) -> dict[str, Any]:
    stud = rng.random() < 0.2
    rules = rng.choice(RULES)
    kwargs: dict[str, Any] = {
        "streets": _streets(rng, stud),
        "rules": rules,
        "deck": _deck(rng),
        "high": rules.low is None or rng.random() < 0.5,
        **_forced(rng, stud),
    }
    if rng.random() < 0.15 and (rules.low is None or not kwargs["high"]):
        kwargs["split"] = rng.choice(SPLITS)
    betting = _betting(rng)
    kwargs["betting"] = betting
    if isinstance(betting, Limit) and betting.min == betting.max and rng.random() < 0.3:
        kwargs["streets"] = tuple(
            Street(**{**s.to_dict(), "betting": None}) for s in kwargs["streets"]
        )
        kwargs["short_all_in"] = "half-bet"
    if rng.random() < 0.2:
        kwargs["min_bet"] = rng.randint(1, 6)
    if rng.random() < 0.2:
        kwargs["raise_cap"] = rng.randint(1, 4)
    if rng.random() < 0.15:
        kwargs["rake"] = Rake(percent=5, cap=rng.choice([None, 3]))
    if rng.random() < 0.1 and rules.low is None:
        kwargs["opener"] = "jacks"
    return {"kwargs": kwargs, "seed": rng.getrandbits(32), "seats": rng.randint(2, 6)}


def _bet(hand: hoyle.Hand, rng: random.Random) -> None:
    legal = hand.legal
    options: list[Callable[[], None]] = []
    if legal.can_fold:
        options.append(hand.fold)
    options.append(hand.check if legal.can_check else hand.call)
    lo, hi = legal.min_raise_to, legal.max_raise_to
    if lo is not None and hi is not None:
        options.append(lambda: hand.raise_to(rng.choice([lo, hi, rng.randint(lo, hi)])))
    rng.choice(options)()


def _draw(hand: hoyle.Hand, rng: random.Random) -> None:
    seat = hand.actor
    assert seat is not None
    held = list(hand.hole(seat))
    limit = hand.game.streets[hand.street].draw
    out = rng.sample(held, rng.randint(0, min(limit, len(held))))
    try:
        hand.draw(out)
    except hoyle.IllegalActionError as err:
        if "exhausted" not in str(err):  # (the stub and the discards are short: stand pat)
            raise
        hand.draw(())


def _illegal(hand: hoyle.Hand, rng: random.Random) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """An action the rules refuse at this point."""
    legal, seat = hand.legal, hand.actor
    assert seat is not None
    other = (seat + 1) % len(hand.stacks)
    choices: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
        ("check" if legal.can_check else "call", (), {"seat": other}),
    ]
    if legal.can_draw:
        choices += [("check", (), {}), ("raise_to", (10,), {}), ("draw", ([60],), {})]
        return rng.choice(choices)
    choices.append(("draw", ((),), {}))
    if legal.can_check:
        choices.append(("fold", (), {}))
    else:
        choices.append(("check", (), {}))
    if legal.min_raise_to is None or legal.max_raise_to is None:
        choices.append(("raise_to", (max(hand.bets) + 1,), {}))
    else:
        choices.append(("raise_to", (legal.max_raise_to + 1,), {}))
        if legal.min_raise_to > max(hand.bets) + 1:
            choices.append(("raise_to", (legal.min_raise_to - 1,), {}))
    return rng.choice(choices)


def play_custom_game(case: dict[str, Any]) -> hoyle.Hand:
    game = Game(**case["kwargs"])  # refused: a GameError (the fuzzer counts it)
    seats = max(game._plan.min_seats, min(case["seats"], game.max_seats))
    rng = random.Random(case["seed"])
    hand = game.start([rng.randint(1, 120) for _ in range(seats)], seed=case["seed"])
    total = sum(hand.starting_stacks)
    for _ in range(2000):
        if hand.is_over:
            break
        if rng.random() < 0.3:
            name, args, kwargs = _illegal(hand, rng)
            before = pickle.dumps(hand)
            with pytest.raises(hoyle.IllegalActionError):
                getattr(hand, name)(*args, **kwargs)
            assert pickle.dumps(hand) == before, f"a refused {name}{args} changed the hand"
            continue
        if hand.legal.can_draw:
            _draw(hand, rng)
        else:
            _bet(hand, rng)
        assert sum(hand.stacks) + hand.pot == total or hand.is_over
    assert hand.is_over, f"the hand never ended: {hand!r}"
    settlement = hand.settlement
    assert settlement is not None
    assert sum(hand.stacks) + settlement.rake == total
    if sum(hand.active) > 1 and hand.street == len(game.streets):  # a showdown
        assert len(hand.board) == sum(s.board for s in game.streets)
        live = [s for s in range(seats) if hand.active[s]]
        assert all(len(hand.hole(s)) == game._plan.per_seat for s in live)
    return hand


def test_fuzz_custom_games_end_with_their_chips() -> None:
    tally = fuzz("hand: custom games with posts and splits", make_custom_game, play_custom_game)
    assert tally["ok"] > 20
    assert tally["GameError"] > 0


def _never_scores(kwargs: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> bool:
    """True when a hand of the game (made without the showdown check) fails
    at its showdown on some deal: every rotation of the deck, the first
    seat that may bet in each interval betting, the others calling."""
    with monkeypatch.context() as patch:
        patch.setattr(game_module, "check_showdown", lambda game, plan: None)
        game = Game(**kwargs)
    seats = game._plan.min_seats
    if game.max_seats < seats:
        return False
    deck = list(game.deck)
    for k in range(len(deck)):
        hand = game.start([1000] * seats, deck=deck[k:] + deck[:k])
        try:
            while not hand.is_over:
                legal = hand.legal
                if legal.can_draw:
                    hand.draw(())
                elif legal.min_raise_to is not None and not max(hand.bets):
                    hand.raise_to(legal.min_raise_to)  # an opener: no passed hand
                elif legal.can_check:
                    hand.check()
                else:
                    hand.call()
        except hoyle.HandError:
            return True
    return False


def test_fuzz_every_refused_game_really_could_not_end(monkeypatch: pytest.MonkeyPatch) -> None:
    refused = []

    def make(rng: random.Random) -> dict[str, Any]:
        kwargs: dict[str, Any] = make_custom_game(rng)["kwargs"]
        return kwargs

    def call(kwargs: dict[str, Any]) -> object:
        try:
            return Game(**kwargs)
        except hoyle.GameError as err:
            if "could never end a hand" in str(err):
                refused.append(kwargs)
            raise

    fuzz("hand: refused custom games", make, call, seed=1, min_inputs=300)
    assert refused
    for kwargs in refused[:60]:
        assert _never_scores(kwargs, monkeypatch), kwargs
