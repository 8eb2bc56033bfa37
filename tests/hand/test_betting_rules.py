"""docs/rules.md §6-7: the stud bring-in's choice, short all-ins (the
full-bet rule and the half-bet rule, ``Game.short_all_in``) and the
decision nobody is asked for, through the public API: every worked example
of those sections, and whole hands against PokerKit where it plays the
same rule (the bring-in choice, the full-bet rule, the heads-up blinds)."""

from __future__ import annotations

import pickle
import random
import warnings
from typing import Any

import hoyle
import hoyle.bots
import pytest
from hoyle import Game, GameError, IllegalActionError, Limit, NoLimit, PotLimit
from hoyle.history import dumps, load

pk = pytest.importorskip("pokerkit")

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def ids(text: str) -> list[int]:
    return [c.id for c in hoyle.parse_cards(text)]


def _text(cards: tuple[int, ...]) -> str:
    return "".join(RANKS[c // 4] + SUITS[c % 4] for c in cards)


# -- §7 Bring-in: the worked examples --------------------------------------------------------

# Seven-card stud, ante 1, bring-in 2, fixed limit 5/10; seat 0 deals, and
# seat 0 gets the lowest up card (2d; seat 1 shows 2h, seat 2 9s).
STUD_DECK = "Ac Kc Qc  Ad Kd Qd  2h 9s 2d  3c 4c 5c 6c 7c 8c 9c Tc Jc 3d 4d 5d 6d 7d"


def _stud() -> hoyle.Hand:
    return hoyle.games.seven_card_stud().start([100] * 3, button=0, deck=ids(STUD_DECK))


def test_the_bring_in_seat_chooses_first() -> None:
    hand = _stud()
    assert hand.actor == 0
    assert [a.kind for a in hand.history] == ["ante"] * 3  # nothing bet yet
    legal = hand.legal
    assert (legal.can_fold, legal.can_check, legal.call_amount) == (False, False, 2)
    assert (legal.min_raise_to, legal.max_raise_to) == (5, 5)
    assert legal.describe() == "bring in 2, complete to 5"
    with pytest.raises(IllegalActionError, match="cannot fold: it brings in or completes"):
        hand.fold()
    with pytest.raises(IllegalActionError, match="cannot check"):
        hand.check()
    with pytest.raises(IllegalActionError):
        hand.raise_to(4)
    assert hand.actor == 0
    assert len(hand.history) == 3


def test_bring_in_then_a_completion_then_a_call() -> None:
    hand = _stud()
    hand.bring_in()
    assert hand.history[-1][1:5] == (0, "bring-in", 2, 2)
    assert hand.actor == 1
    assert hand.legal.describe() == "fold, call 2, raise to 5..5"
    hand.raise_to(5)  # completes
    hand.call()
    assert hand.actor == 0
    legal = hand.legal  # facing a full bet: fold, call 3 more, raise to 10
    assert (legal.can_fold, legal.call_amount, legal.min_raise_to) == (True, 3, 10)
    hand.call()
    assert hand.street == 1
    assert hand.pot == 18
    assert hand.contributions == (6, 6, 6)


def test_completing_at_once() -> None:
    hand = _stud()
    hand.raise_to(5)
    assert hand.history[-1][1:5] == (0, "bet", 5, 5)
    assert hand.legal.describe() == "fold, call 5, raise to 10..10"
    hand.call()
    hand.call()
    assert (hand.street, hand.pot) == (1, 18)


def test_a_called_bring_in_ends_the_interval() -> None:
    hand = _stud()
    hand.call()  # call() at the choice brings in
    hand.call()
    hand.call()
    assert hand.street == 1  # no option for the bring-in seat
    assert (hand.pot, hand.contributions) == (9, (3, 3, 3))


def test_no_choice_posts_the_bring_in() -> None:
    game = hoyle.games.seven_card_stud()
    deck = ids(STUD_DECK)
    # seat 0 holds 2 after its ante: all in on the bring-in
    hand = game.start([3, 100, 100], button=0, deck=deck)
    assert hand.history[-1][1:5] == (0, "bring-in", 2, 2)
    assert hand.actor == 1
    # seat 0 holds 1 after its ante: all in for 1, later seats still call 2
    hand = game.start([2, 100, 100], button=0, deck=deck)
    assert hand.history[-1][1:5] == (0, "bring-in", 1, 1)
    assert hand.legal.call_amount == 2
    # nobody else has a chip after the antes: nothing could answer a completion
    hand = game.start([100, 1, 1], button=0, deck=deck)
    assert hand.history[-1][1:5] == (0, "bring-in", 2, 2)
    # a bring-in that is already a full bet leaves nothing to complete
    hand = hoyle.games.seven_card_stud(bring_in=5).start([100] * 3, button=0, deck=deck)
    assert hand.history[-1][1:5] == (0, "bring-in", 5, 5)


def test_bring_in_refused_elsewhere() -> None:
    hand = _stud()
    with pytest.raises(IllegalActionError, match="out of turn"):
        hand.bring_in(seat=1)
    hand.bring_in()
    with pytest.raises(IllegalActionError, match="cannot bring in"):
        hand.bring_in()
    holdem = hoyle.games.texas_holdem().start([100, 100], seed=1)
    with pytest.raises(IllegalActionError, match="cannot bring in"):
        holdem.bring_in()


def test_bring_in_choice_clones_pickles_and_round_trips_phh() -> None:
    for first in ("bring_in", "complete"):
        hand = _stud()
        copy = hand.clone()
        if first == "bring_in":
            hand.bring_in()
        else:
            hand.raise_to(5)
        assert copy.actor == 0  # the copy still waits for the choice
        back = pickle.loads(pickle.dumps(hand))
        assert back.history == hand.history
        while not hand.is_over:
            hand.check() if hand.legal.can_check else hand.call()
        text = dumps(hand)
        assert (" pb" in text) == (first == "bring_in")
        again = load(text)[0].replay()
        assert again.history == hand.history
        assert again.stacks == hand.stacks


def test_bring_in_bots_and_play() -> None:
    game = hoyle.games.razz()
    rng = random.Random(7)
    for seed in range(40):
        hand = game.start([60, 80, 100, 40], button=seed % 4, seed=seed)
        while not hand.is_over:
            bot = (hoyle.bots.random_bot, hoyle.bots.loose_bot, hoyle.bots.tight_bot)[seed % 3]
            bot(hand, rng)
        assert sum(hand.stacks) == 280


# -- the bring-in against PokerKit ------------------------------------------------------------

PK_AUTOMATIONS = (
    pk.Automation.ANTE_POSTING,
    pk.Automation.BET_COLLECTION,
    pk.Automation.BLIND_OR_STRADDLE_POSTING,
    pk.Automation.CARD_BURNING,
    pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pk.Automation.HAND_KILLING,
    pk.Automation.CHIPS_PUSHING,
    pk.Automation.CHIPS_PULLING,
)


def _deal_pk(state: Any, hand: hoyle.Hand, given: list[int]) -> None:
    """Deals PokerKit the seats' cards hoyle has dealt so far."""
    while state.can_deal_hole():
        p = state.hole_dealee_index
        new = hand.hole(p)[given[p] :]
        state.deal_hole(_text(new[:1]))
        given[p] += 1


def _stud_pair(stacks: list[int], seed: int) -> tuple[hoyle.Hand, Any]:
    """The same seven-card stud hand in both engines: hoyle's seat ``i`` is
    PokerKit's player ``i`` (the last seat deals, so the deal starts at 0)."""
    game = hoyle.games.seven_card_stud(raise_cap=4)  # PokerKit's cap of four bets
    hand = game.start(stacks, button=len(stacks) - 1, seed=seed)
    state = pk.FixedLimitSevenCardStud.create_state(
        PK_AUTOMATIONS, True, 1, 2, 5, 10, tuple(stacks), len(stacks)
    )
    return hand, state


def _play_both(hand: hoyle.Hand, state: Any, moves: list[str] | random.Random) -> None:
    """Plays ``moves`` (or random legal ones) in both engines, checking at
    every step that they agree on the seat to act and what it may do."""
    given = [0] * len(hand.stacks)
    script = list(moves) if isinstance(moves, list) else None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while not hand.is_over:
            _deal_pk(state, hand, given)
            assert state.actor_index == hand.actor, hand.history
            legal = hand.legal
            bringing_in = not legal.can_fold and not legal.can_check and legal.call_amount > 0
            assert state.can_post_bring_in() == bringing_in, hand.history
            if script is not None:
                move = script.pop(0)
            else:
                assert isinstance(moves, random.Random)
                options = ["call"] + (["raise"] if legal.min_raise_to is not None else [])
                options += ["fold"] if legal.can_fold else []
                move = moves.choice(options)
            if move == "raise":
                assert legal.min_raise_to is not None
                assert state.min_completion_betting_or_raising_to_amount == legal.min_raise_to
                hand.raise_to(legal.min_raise_to)
                state.complete_bet_or_raise_to(legal.min_raise_to)
            elif move == "fold":
                hand.fold()
                state.fold()
            elif bringing_in:
                assert state.effective_bring_in_amount == legal.call_amount
                hand.bring_in()
                state.post_bring_in()
            else:
                assert state.checking_or_calling_amount == legal.call_amount, hand.history
                hand.check() if legal.can_check else hand.call()
                state.check_or_call()
        _deal_pk(state, hand, given)
        while state.status and state.actor_index is not None:
            assert state.checking_or_calling_amount == 0  # the last seat with chips checks
            state.check_or_call()
            _deal_pk(state, hand, given)
    assert not state.status
    assert list(hand.stacks) == list(state.stacks), hand.history


@pytest.mark.parametrize(
    "moves",
    [
        ["bring-in", "raise", "call", "call"],  # the worked examples, then checks
        ["raise", "call", "call"],
        ["bring-in", "call", "call"],
    ],
)
def test_bring_in_choice_same_stacks_as_pokerkit(moves: list[str]) -> None:
    for seed in range(20):
        hand, state = _stud_pair([100, 100, 100], seed)
        _play_both(hand, state, moves + ["call"] * 40)


def test_random_stud_hands_same_as_pokerkit() -> None:
    """Random legal actions, deep stacks (no all-in short of a bet, where
    PokerKit's fixed limit raises a short opening bet that hoyle completes:
    tests/hand/test_pokerkit_diff.py)."""
    rng = random.Random(15)
    for _ in range(150):
        n = rng.randint(2, 7)
        hand, state = _stud_pair([rng.randint(150, 400) for _ in range(n)], rng.getrandbits(32))
        _play_both(hand, state, rng)


# -- §7 Short all-ins: the worked examples ----------------------------------------------------

LIMIT_HOLDEM = hoyle.games.texas_holdem(
    betting=Limit(10, 10), late_betting=Limit(20, 20), blinds=(5, 10)
)


def _short_raise(rule: str, all_in: int) -> hoyle.Hand:
    """Seat 3 deals; seat 2 raises to 20 and seat 3 goes all in."""
    hand = LIMIT_HOLDEM.with_(short_all_in=rule).start([100, 100, 100, all_in], button=3, seed=3)
    hand.raise_to(20)
    hand.raise_to(all_in)
    return hand


def _bounds(hand: hoyle.Hand) -> tuple[int, int | None]:
    legal = hand.legal
    return legal.call_amount, legal.min_raise_to


def test_full_bet_rule_example() -> None:
    hand = _short_raise("full-bet", 26)
    assert hand.actor == 0
    assert _bounds(hand) == (21, 36)  # call 26, raise to 36
    hand.call()
    assert _bounds(hand) == (16, 36)
    hand.call()
    assert hand.actor == 2
    assert _bounds(hand) == (6, None)  # 6 is less than a full raise: call or fold
    hand = _short_raise("full-bet", 23)
    assert _bounds(hand) == (18, 33)


def test_half_bet_rule_example() -> None:
    hand = _short_raise("half-bet", 26)  # 6 >= 5: a full raise
    assert _bounds(hand) == (21, 36)
    hand.call()
    assert _bounds(hand) == (16, 36)
    hand.call()
    assert hand.actor == 2
    assert _bounds(hand) == (6, 36)  # reopened
    hand.raise_to(36)
    assert hand.actor == 0
    hand = _short_raise("half-bet", 23)  # 3 < 5: complete the 20 to 30
    assert _bounds(hand) == (18, 30)
    assert hand.legal.max_raise_to == 30
    hand.call()
    assert _bounds(hand) == (13, 30)
    hand.call()
    assert _bounds(hand) == (3, None)
    hand.call()
    assert hand.street == 1


def test_half_bet_short_opening_bets() -> None:
    """An all-in opening bet under a fixed limit of 10 (no blinds): 6 is at
    least half a bet, so it counts as one (raise to 16); 4 is completed to
    10, as under the full-bet rule, which completes 6 to 10 as well."""
    base = hoyle.games.texas_holdem(betting=Limit(10, 10), blinds=(), ante=1)
    for rule, all_in, raise_to in [
        ("half-bet", 6, 16),
        ("half-bet", 4, 10),
        ("full-bet", 6, 10),
        ("full-bet", 4, 10),
    ]:
        hand = base.with_(short_all_in=rule).start([100, all_in + 1, 100], button=2, seed=1)
        hand.check()
        hand.raise_to(all_in)
        assert _bounds(hand) == (all_in, raise_to), (rule, all_in)


def test_half_bet_small_all_ins_add_up() -> None:
    """Measured from the last full bet: 20, then all in to 23 (3, less than
    half), then all in to 26 (6 above the full 20): 26 counts as full."""
    game = LIMIT_HOLDEM.with_(short_all_in="half-bet")
    hand = game.start([100, 100, 100, 23, 26], button=2, seed=2)
    # seat 2 deals: seat 3 posts 5 (it holds 23), seat 4 posts 10 (it holds 26)
    assert hand.actor == 0
    hand.raise_to(20)
    hand.call()
    hand.call()
    hand.raise_to(23)  # seat 3, all in: 3 above 20
    assert _bounds(hand) == (13, 26)  # complete to 30; seat 4 holds 26 in all
    hand.raise_to(26)  # seat 4, all in: 6 above 20
    assert hand.actor == 0
    assert _bounds(hand) == (6, 36)  # reopened for seat 0, who raised to 20


def test_half_bet_reopens_only_half_a_bet_since_the_turn() -> None:
    """Seat 0 raises to 20, seat 1 is all in for 23 (not full), seat 2 calls
    23, seat 3 is all in for 27 (7 above the full 20: it counts as full, so
    the next raise is to 37). Seat 4 and seat 0, who answered 10 and 20, may
    raise; seat 2 answered 23 and faces only 4 more, less than half a bet."""
    game = LIMIT_HOLDEM.with_(short_all_in="half-bet")
    hand = game.start([100, 23, 100, 27, 100], button=2, seed=2)
    hand.raise_to(20)  # seat 0
    hand.raise_to(23)  # seat 1, all in
    hand.call()  # seat 2
    hand.raise_to(27)  # seat 3 (the small blind), all in
    assert hand.actor == 4
    assert _bounds(hand) == (17, 37)
    hand.call()
    assert hand.actor == 0
    assert _bounds(hand) == (7, 37)
    hand.call()
    assert hand.actor == 2
    assert _bounds(hand) == (4, None)
    hand.call()
    assert hand.street == 1


def test_half_bet_bring_in_and_completion() -> None:
    """Stud under the half-bet rule: an all-in of 3 over the bring-in is at
    least half of 5 (a full bet: the next raise is to 8); an all-in of 2
    over a bring-in of 1 is not (complete to 5)."""
    for bring_in, stack, lo in [(2, 4, 8), (1, 3, 5)]:
        game = hoyle.games.seven_card_stud(bring_in=bring_in).with_(short_all_in="half-bet")
        hand = game.start([100, stack, 100], button=0, deck=ids(STUD_DECK))
        hand.bring_in()
        hand.raise_to(stack - 1)  # seat 1 all in
        assert hand.stacks[1] == 0
        assert _bounds(hand) == (stack - 1, lo)


def test_forced_bets_all_in_for_less() -> None:
    hand = LIMIT_HOLDEM.start([100, 6, 100, 100], button=3, seed=1)
    assert hand.history[-1][1:5] == (1, "blind", 6, 6)
    assert hand.actor == 2
    assert _bounds(hand) == (10, 20)  # the full blind
    for rule in ("full-bet", "half-bet"):
        game = hoyle.games.seven_card_stud().with_(short_all_in=rule)
        hand = game.start([2, 100, 100], button=0, deck=ids(STUD_DECK))
        assert hand.legal.call_amount == 2  # the full bring-in after a bring-in of 1


def test_half_bet_is_fixed_limit_only() -> None:
    for betting in (NoLimit(), PotLimit(), Limit(5, 10)):
        with pytest.raises(GameError, match="fixed-limit"):
            hoyle.games.texas_holdem(betting=betting).with_(short_all_in="half-bet")
    with pytest.raises(GameError, match="fixed-limit"):  # one street's structure is enough
        LIMIT_HOLDEM.with_(
            streets=(*LIMIT_HOLDEM.streets[:3], hoyle.games.Street(board=1, betting=NoLimit())),
            short_all_in="half-bet",
        )
    with pytest.raises(GameError, match="short_all_in must be"):
        LIMIT_HOLDEM.with_(short_all_in="half")


def test_short_all_in_round_trips() -> None:
    game = LIMIT_HOLDEM.with_(short_all_in="half-bet")
    assert Game.from_dict(game.to_dict()) == game
    assert game.to_dict()["short_all_in"] == "half-bet"
    assert "short_all_in" not in LIMIT_HOLDEM.to_dict()  # the default is left out
    assert Game.from_dict(LIMIT_HOLDEM.to_dict()) == LIMIT_HOLDEM
    assert pickle.loads(pickle.dumps(game)) == game
    hand = _short_raise("half-bet", 26)
    while not hand.is_over:
        hand.check() if hand.legal.can_check else hand.call()
    again = load(dumps(hand))[0].replay()
    assert again.game == hand.game
    assert again.history == hand.history
    assert again.stacks == hand.stacks


def test_full_bet_rule_same_as_pokerkit() -> None:
    """The worked example's first interval in PokerKit's fixed-limit
    hold'em (player 0 is the small blind, so seats match)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for all_in, lo in ((26, 36), (23, 33)):
            state = pk.FixedLimitTexasHoldem.create_state(
                (*PK_AUTOMATIONS, pk.Automation.HOLE_DEALING),
                True,
                0,
                (5, 10),
                10,
                20,
                (100, 100, 100, all_in),
                4,
            )
            hand = _short_raise("full-bet", all_in)
            state.complete_bet_or_raise_to(20)
            state.complete_bet_or_raise_to(all_in)
            assert state.min_completion_betting_or_raising_to_amount == lo == _bounds(hand)[1]
            for _ in range(2):
                state.check_or_call()
                hand.call()
            assert state.actor_index == hand.actor == 2
            assert not state.can_complete_bet_or_raise_to()
            assert hand.legal.min_raise_to is None


# -- §7 Pointless decisions: the heads-up blinds ----------------------------------------------


@pytest.mark.parametrize("betting", [NoLimit(), PotLimit(), Limit(10, 10)])
def test_heads_up_big_blind_all_in_for_less(betting: Any) -> None:
    game = hoyle.games.texas_holdem(betting=betting, blinds=(5, 10))
    for big_blind in (3, 5):
        hand = game.start([100, big_blind], button=0, seed=4)
        # the button posted 5, matching the big blind's all: nobody is asked
        assert hand.is_over
        assert [a.kind for a in hand.history] == ["blind", "blind"]
        assert len(hand.board) == 5
        assert sum(hand.stacks) == 100 + big_blind
        assert hand.pot == 5 + big_blind
        # the part of the 5 the big blind did not match came back: the button wins or
        # loses the big blind's amount (or they split)
        assert hand.stacks[0] - 100 in (-big_blind, 0, big_blind)
    hand = game.start([100, 6], button=0, seed=4)  # 6 is more than 5: the button decides
    assert hand.actor == 0
    assert hand.legal.call_amount == 5


def test_pointless_decision_three_seats() -> None:
    """The button folds; the small blind has matched the big blind's all in
    for 3: it is not asked to call the rest of the blind."""
    game = hoyle.games.texas_holdem(blinds=(5, 10))
    hand = game.start([100, 100, 3], button=0, seed=5)
    assert hand.actor == 0
    hand.fold()
    assert hand.is_over
    assert hand.contributions == (0, 5, 3)


def test_heads_up_same_as_pokerkit() -> None:
    """PokerKit asks nothing there either; the same cards give the same
    stacks (PokerKit's player 0 is the big blind heads-up)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in range(30):
            for big_blind in (1, 3, 5):
                hand = hoyle.games.texas_holdem(blinds=(5, 10)).start(
                    [100, big_blind], button=0, seed=seed
                )
                state = pk.NoLimitTexasHoldem.create_state(
                    PK_AUTOMATIONS, True, 0, (5, 10), 10, (big_blind, 100), 2
                )
                state.deal_hole(_text(hand.hole(1)))
                state.deal_hole(_text(hand.hole(0)))
                board = hand.board
                for cut in ((0, 3), (3, 4), (4, 5)):
                    assert state.actor_index is None
                    state.deal_board(_text(board[cut[0] : cut[1]]))
                assert not state.status
                assert list(state.stacks) == [hand.stacks[1], hand.stacks[0]]
