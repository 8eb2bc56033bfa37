"""Hypothesis state machines over random games, stacks and actions: chips
are conserved after every step, the turn passes left among active players
who are not all in, every interval ends by the equalization rule, clone()
and pickle give identical futures, and illegal actions change nothing."""

from __future__ import annotations

import pickle
from typing import Any

import hoyle
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

PRESETS = [
    hoyle.games.texas_holdem,
    lambda: hoyle.games.texas_holdem(betting=hoyle.PotLimit(), ante=1),
    lambda: hoyle.games.texas_holdem(
        betting=hoyle.Limit(2, 2), late_betting=hoyle.Limit(4, 4), raise_cap=4
    ),
    lambda: hoyle.games.texas_holdem(blinds=(1, 2, 4)),
    lambda: hoyle.games.texas_holdem(  # docs/rules.md §7: the half-bet rule
        betting=hoyle.Limit(2, 2), late_betting=hoyle.Limit(4, 4), blinds=(1, 2)
    ).with_(short_all_in="half-bet"),
    lambda: hoyle.games.seven_card_stud(bring_in=1, ante=2).with_(short_all_in="half-bet"),
    hoyle.games.short_deck_holdem,
    lambda: hoyle.games.short_deck_holdem(
        betting=hoyle.PotLimit(), rules=hoyle.HandRules(short_deck="trips-beat-straight")
    ),
    hoyle.games.omaha,
    hoyle.games.omaha_hilo,
    hoyle.games.five_card_omaha,
    hoyle.games.six_card_omaha,
    hoyle.games.big_o,
    hoyle.games.courchevel,
    hoyle.games.five_card_draw,
    lambda: hoyle.games.five_card_draw(
        blinds=(), ante=1, betting=hoyle.Limit(1, 5), opener="jacks"
    ),
    hoyle.games.five_card_stud,
    lambda: hoyle.games.five_card_stud(bring_in=0, betting=hoyle.PotLimit()),
    hoyle.games.seven_card_stud,
    hoyle.games.seven_card_stud_hilo,
    hoyle.games.razz,
    hoyle.games.deuce_to_seven_single_draw,
    hoyle.games.deuce_to_seven_triple_draw,
    hoyle.games.badugi,
    hoyle.games.ace_to_five_triple_draw,
    hoyle.games.badeucy,
    hoyle.games.badacy,
    lambda: hoyle.games.five_card_draw(rules=hoyle.HandRules(wild_ranks="2")),
    lambda: hoyle.games.five_card_draw(rules=hoyle.HandRules(jokers="bug")),
    lambda: hoyle.games.five_card_stud(bring_in=0, rules=hoyle.HandRules(four_flush=True)),
    lambda: hoyle.games.five_card_draw(rules=hoyle.HandRules(low="ace-to-six")),
    lambda: hoyle.Game(
        streets=(hoyle.Street(down=5), hoyle.Street()),
        betting=hoyle.Limit(1, 10),
        ante=1,
        first_must_bet=True,
    ),
]


def snapshot(hand: hoyle.Hand) -> dict[str, Any]:
    """Every field of the hand's state (what pickling saves)."""
    state: dict[str, Any] = hand.__getstate__()
    return state


def replay(hand: hoyle.Hand, actions: list[tuple[str, Any]]) -> hoyle.Hand:
    for name, arg in actions:
        if hand.is_over:
            break
        getattr(hand, name)(*arg)
    return hand


def choose(hand: hoyle.Hand, data: st.DataObject) -> tuple[str, tuple[Any, ...]]:
    legal = hand.legal
    if legal.can_draw:
        seat = hand.actor
        assert seat is not None
        cards = hand.hole(seat)
        street = hand.game.streets[hand.street]
        k = data.draw(st.integers(0, min(street.draw, len(cards))))
        return "draw", (list(data.draw(st.permutations(cards)))[:k],)
    options: list[tuple[str, tuple[Any, ...]]] = []
    if legal.can_fold:
        options.append(("fold", ()))
    if legal.can_check:
        options.append(("check", ()))
    elif legal.call_amount:
        options.append(("call", ()))
    lo, hi = legal.min_raise_to, legal.max_raise_to
    if lo is not None and hi is not None:
        options.append(("raise_to", (data.draw(st.sampled_from([lo, hi])),)))
        options.append(("raise_to", (data.draw(st.integers(lo, hi)),)))
    assert options, legal
    picked: tuple[str, tuple[Any, ...]] = data.draw(st.sampled_from(options))
    return picked


class HandMachine(RuleBasedStateMachine):
    hand: hoyle.Hand
    total: int
    actions: list[tuple[str, tuple[Any, ...]]]

    @initialize(
        game=st.sampled_from(PRESETS),
        stacks=st.lists(st.integers(1, 120), min_size=2, max_size=6),
        button=st.integers(0, 5),
        seed=st.integers(0, 2**32),
    )
    def start(self, game: Any, stacks: list[int], button: int, seed: int) -> None:
        g = game()
        stacks = stacks[: g.max_seats]
        while len(stacks) < max(2, len(g.blinds)):
            stacks.append(50)
        self.hand = g.start(stacks, button=button % len(stacks), seed=seed)
        self.start_state = pickle.dumps(self.hand)
        self.total = sum(stacks)
        self.actions = []
        self.clone_at: list[tuple[hoyle.Hand, bytes, int]] = [
            (self.hand.clone(), pickle.dumps(self.hand), 0)
        ]

    @invariant()
    def chips_conserved(self) -> None:
        hand = self.hand
        assert sum(hand.stacks) + (0 if hand.is_over else hand.pot) == self.total
        if hand.is_over:
            s = hand.settlement
            assert s is not None
            assert sum(s.payouts) == sum(hand.contributions)
        assert all(x >= 0 for x in hand.stacks)

    @invariant()
    def actor_is_able(self) -> None:
        hand = self.hand
        if hand.actor is not None:
            assert hand.active[hand.actor]
            if not hand.is_drawing:
                assert hand.stacks[hand.actor] > 0

    @precondition(lambda self: not self.hand.is_over)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        hand = self.hand
        before_actor = hand.actor
        assert before_actor is not None
        street = hand.street
        drawing = hand.is_drawing
        name, args = choose(hand, data)
        getattr(hand, name)(*args)
        self.actions.append((name, args))
        if drawing or hand.is_over or hand.street != street or hand.is_drawing:
            if not drawing and not hand.is_over and hand.street != street:
                self._check_interval_closed(street)
            return
        # Same interval: the turn passed left to the next seat able to act.
        actor = hand.actor
        assert actor is not None
        n = len(hand.stacks)
        between = [(before_actor + k) % n for k in range(1, (actor - before_actor) % n)]
        bets = hand.bets
        for seat in between:
            skipped = not hand.active[seat] or hand.stacks[seat] == 0
            skipped = skipped or (bets[seat] == max(bets) and self._acted_since(seat, street))
            assert skipped, (seat, hand.history)

    def _acted_since(self, seat: int, street: int) -> bool:
        return any(
            a.seat == seat and a.street == street and a.kind not in ("blind", "bring-in", "ante")
            for a in self.hand.history
        )

    def _check_interval_closed(self, street: int) -> None:
        """Equalization: every active seat with chips left matched the
        highest total of the interval that just ended."""
        hand = self.hand
        totals = [0] * len(hand.stacks)
        for a in hand.history:
            if a.street == street and a.kind not in {"ante", "draw"}:
                totals[a.seat] = a.total
        top = max(totals)
        for seat, live in enumerate(hand.active):
            if live and hand.stacks[seat] > 0:
                assert totals[seat] == top, (seat, totals, hand.history)

    @precondition(lambda self: True)
    @rule(data=st.data())
    def illegal_changes_nothing(self, data: st.DataObject) -> None:
        hand = self.hand
        before = snapshot(hand)
        legal = hand.legal
        attempts: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        if hand.is_over:
            attempts += [("check", (), {}), ("fold", (), {}), ("draw", ((),), {})]
        elif hand.is_drawing:
            attempts += [("check", (), {}), ("call", (), {}), ("raise_to", (10**6,), {})]
            seat = hand.actor
            assert seat is not None
            outside = [c for c in range(52) if c not in hand.hole(seat)][:1]
            attempts.append(("draw", (outside,), {}))
            attempts.append(("draw", ((),), {"seat": (seat + 1) % len(hand.stacks)}))
        else:
            if not legal.can_check:
                attempts.append(("check", (), {}))
            if not legal.can_fold:
                attempts.append(("fold", (), {}))
            if legal.call_amount == 0:
                attempts.append(("call", (), {}))
            if legal.max_raise_to is None:
                attempts.append(("raise_to", (data.draw(st.integers(0, 500)),), {}))
            else:
                attempts.append(("raise_to", (legal.max_raise_to + 1,), {}))
                assert legal.min_raise_to is not None
                if legal.min_raise_to > 0:
                    attempts.append(("raise_to", (legal.min_raise_to - 1,), {}))
            attempts.append(("draw", ((),), {}))
            seat = hand.actor
            assert seat is not None
            attempts.append(("check", (), {"seat": (seat + 1) % len(hand.stacks)}))
        name, args, kwargs = data.draw(st.sampled_from(attempts))
        try:
            getattr(hand, name)(*args, **kwargs)
        except hoyle.IllegalActionError:
            pass
        else:
            raise AssertionError(f"{name}{args} {kwargs} was allowed: {legal}")
        assert snapshot(hand) == before

    @rule()
    def clone_and_pickle_agree(self) -> None:
        hand = self.hand
        self.clone_at.append((hand.clone(), pickle.dumps(hand), len(self.actions)))

    def teardown(self) -> None:
        if not hasattr(self, "hand"):
            return
        final = snapshot(self.hand)
        for copy, pickled, done in self.clone_at:
            rest = self.actions[done:]
            for other in (copy, pickle.loads(pickled)):
                replay(other, rest)
                assert snapshot(other) == final


TestHand = HandMachine.TestCase
TestHand.settings = settings(
    max_examples=300,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
