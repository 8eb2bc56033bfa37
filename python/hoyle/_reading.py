"""What the baseline bots of ``hoyle.bots`` (``tag_bot``, ``equity_bot``)
read from a ``Hand``: the seat's position, the betting so far, the made
hand and the draws of a hold'em hand, an equity estimate for any game
(``hoyle.hand_strength`` against random hands, ``hoyle.equity`` against the
ranges the betting implies, or the game's own showdown), bet sizes inside
the legal bounds, and a draw that keeps what a hand is built on.

Card ids are ``rank * 4 + suit``, rank 0 the deuce and 12 the ace.

>>> import hoyle
>>> hole, board = hoyle.parse_cards("Ah Kd"), hoyle.parse_cards("Ks 7c 2h")
>>> made_level([c.id for c in hole], [c.id for c in board])  # top pair, top kicker
3
>>> class_of(hoyle.parse_cards("Qs")[0].id, hoyle.parse_cards("Js")[0].id)
'QJs'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from hoyle._core import evaluate
from hoyle._preflop_order import PREFLOP_ORDER
from hoyle.category import Category
from hoyle.games import Game
from hoyle.hand import Hand
from hoyle.ranges import Range

__all__ = [
    "Betting",
    "bet_to",
    "betting",
    "check_or_call",
    "class_of",
    "draw_level",
    "equity_estimate",
    "is_holdem",
    "made_level",
    "smart_draw",
]

RANKS = "23456789TJQKA"
#: Hold'em trials of one equity estimate: a standard error of about 3%.
TRIALS = 256

#: Made-hand levels of a hold'em hand on a flop, turn or river.
AIR, WEAK, MEDIUM, STRONG, MONSTER = 0, 1, 2, 3, 4


def class_of(a: int, b: int) -> str:
    """The starting-hand class of two hold'em cards: ``"AA"``, ``"AKs"``, ``"T9o"``."""
    ra, rb = a >> 2, b >> 2
    if ra < rb:
        ra, rb = rb, ra
    if ra == rb:
        return RANKS[ra] * 2
    return RANKS[ra] + RANKS[rb] + ("s" if (a & 3) == (b & 3) else "o")


@cache
def classes(text: str) -> frozenset[str]:
    """The hand classes of a range text (``hoyle.Range``'s language)."""
    return frozenset(Range(text).classes())


@cache
def top_range(percent: float) -> Range:
    """``Range(f"top {percent}%")``, made once."""
    return Range(f"top {percent}%")


#: Each class's place in the preflop order (0 is AA), for a quick "top p%".
ORDER = {name: i for i, name in enumerate(PREFLOP_ORDER)}


def is_holdem(game: Game) -> bool:
    """True for Texas hold'em as the chart knows it: two hole cards, a
    board of 3, 1 and 1, the 52-card deck, natural rules, high only."""
    return _holdem_cached(id(game), game)


_SEEN: dict[int, tuple[Game, bool]] = {}


def _holdem_cached(key: int, game: Game) -> bool:
    hit = _SEEN.get(key)
    if hit is not None and hit[0] is game:
        return hit[1]
    streets = game.streets
    answer = (
        len(streets) == 4
        and (streets[0].down, streets[0].up, streets[0].board) == (2, 0, 0)
        and [st.board for st in streets[1:]] == [3, 1, 1]
        and all(st.draw == 0 and st.down == 0 and st.up == 0 for st in streets[1:])
        and len(game.deck) == 52
        and game.rules.is_natural
        and game.high
        and game.split is None
    )
    if len(_SEEN) > 64:
        _SEEN.clear()
    _SEEN[key] = (game, answer)
    return answer


@dataclass(frozen=True)
class Betting:
    """The betting of the hand so far, as the seat to act sees it.

    ``raises``: the bets and raises of this street; ``callers``: the seats
    that called on this street with no raise after; ``entered``: the seats
    other than this one that put chips in voluntarily on the first street;
    ``first_raises``: per seat, its bets and raises on the first street;
    ``aggressor``: the last seat to bet or raise on the street before this
    one (None if none, or on the first street); ``last_raiser``: this
    street's; ``position``: seats between this one and the button
    (0 on the button; ``n - 1`` the small blind, ``n - 2`` the big blind,
    in heads-up the button is the small blind)."""

    seat: int
    seats: int
    position: int
    raises: int
    callers: int
    entered: frozenset[int]
    first_raises: dict[int, int]
    aggressor: int | None
    last_raiser: int | None
    opponents: int


def betting(hand: Hand, seat: int) -> Betting:
    """Reads ``hand.history`` once for ``Betting``."""
    street = hand.street
    n = len(hand.stacks)
    raises = callers = 0
    entered: set[int] = set()
    first_raises: dict[int, int] = {}
    last_by_street: dict[int, int] = {}
    last_raiser: int | None = None
    for act in hand.history:
        kind = act.kind
        if kind in ("bet", "raise"):
            last_by_street[act.street] = act.seat
            if act.street == 0:
                first_raises[act.seat] = first_raises.get(act.seat, 0) + 1
            if act.street == street:
                raises += 1
                callers = 0
                last_raiser = act.seat
        elif kind == "call" and act.street == street:
            callers += 1
        if act.street == 0 and kind in ("call", "bet", "raise") and act.seat != seat:
            entered.add(act.seat)
    active = hand.active
    return Betting(
        seat=seat,
        seats=n,
        position=(hand.button - seat) % n,
        raises=raises,
        callers=callers,
        entered=frozenset(entered),
        first_raises=first_raises,
        aggressor=last_by_street.get(street - 1) if street > 0 else None,
        last_raiser=last_raiser,
        opponents=sum(active) - 1,
    )


def _straight_ranks(ranks: set[int]) -> set[int]:
    """Ranks with the ace also low (-1), for straights."""
    return ranks | ({-1} if 12 in ranks else set())


def made_level(  # noqa: PLR0911, PLR0912 (one return per kind of made hand)
    hole: list[int] | tuple[int, ...], board: list[int] | tuple[int, ...]
) -> int:
    """How strong a hold'em hand is on a board of 3 to 5 cards, by the cards
    it makes with its hole cards: 4 (``MONSTER``: two pair of both hole
    cards, a set, trips with a top kicker, a straight or better not on the
    board alone), 3 (``STRONG``: an overpair, top pair with a kicker of a
    jack or better, trips), 2 (``MEDIUM``: top pair with a weaker kicker,
    a pocket pair above the board's second card, second pair), 1 (``WEAK``:
    a lower pair, a board pair with an ace), 0 (``AIR``)."""
    cards = list(hole) + list(board)
    rank = evaluate(cards)
    cat = rank.category
    hr = sorted((c >> 2 for c in hole), reverse=True)
    br = sorted((c >> 2 for c in board), reverse=True)
    pocket = hr[0] == hr[1]
    if cat >= Category.STRAIGHT:
        if len(board) == 5 and evaluate(list(board)).value == rank.value:
            return WEAK  # the board plays
        if cat in (Category.STRAIGHT, Category.FLUSH) and len(set(br)) < len(br):
            return STRONG  # a straight or flush on a paired board
        return MONSTER
    if cat == Category.THREE_OF_A_KIND:
        if pocket and hr[0] in br:
            return MONSTER  # a set
        trips = next(r for r in br if br.count(r) >= 2)
        if trips in hr:
            return MONSTER if max(r for r in hr if r != trips) >= 10 else STRONG
        return WEAK if 12 in hr else AIR  # trips on the board
    paired = [r for r in set(hr) if r in br]  # hole ranks that pair the board
    if cat == Category.TWO_PAIR:
        if len(paired) == 2:
            return MONSTER if br[0] in paired or len(board) == 3 else STRONG
        if pocket:  # a pocket pair and a board pair
            return STRONG if hr[0] > br[0] else MEDIUM if hr[0] > br[-1] else WEAK
        if paired:  # one hole card pairs the board, the board has its own pair
            return _one_pair(paired[0], hr, br)
        return WEAK if 12 in hr else AIR  # two pair on the board
    if cat == Category.ONE_PAIR:
        if pocket:
            if hr[0] > br[0]:
                return STRONG
            return MEDIUM if hr[0] > br[1] else WEAK
        if paired:
            return _one_pair(paired[0], hr, br)
        return WEAK if 12 in hr else AIR  # the board's pair
    return AIR


def _one_pair(pair: int, hr: list[int], br: list[int]) -> int:
    distinct = sorted(set(br), reverse=True)
    kicker = max((r for r in hr if r != pair), default=-1)
    if pair == distinct[0]:
        return STRONG if kicker >= 9 else MEDIUM
    if len(distinct) > 1 and pair == distinct[1]:
        return MEDIUM
    return WEAK


def draw_level(hole: list[int] | tuple[int, ...], board: list[int] | tuple[int, ...]) -> int:
    """2 for a flush draw or an open-ended straight draw that uses a hole
    card (both: still 2), 1 for a gutshot, 0 for none; 0 on the river."""
    if len(board) >= 5:
        return 0
    cards = list(hole) + list(board)
    for suit in range(4):
        mine = [c for c in cards if c & 3 == suit]
        if len(mine) == 4 and any(c & 3 == suit for c in hole):
            return 2
    ranks = _straight_ranks({c >> 2 for c in cards})
    hole_ranks = _straight_ranks({c >> 2 for c in hole})
    best = 0
    for low in range(-1, 9):  # the windows of five ranks, low..low+4
        window = set(range(low, low + 5))
        have = window & ranks
        if len(have) == 4 and have & hole_ranks:
            missing = (window - have).pop()
            open_ended = missing in (low, low + 4) and low + 4 < 12 and low > -1
            best = max(best, 2 if open_ended else 1)
    return best


def bet_to(hand: Hand, seat: int, fraction: float, *, more: int = 0) -> int:
    """The total to raise to for a bet of ``fraction`` of the pot (after
    calling) plus ``more`` chips, inside the legal bounds; all in when what
    would be left behind is under a third of the pot."""
    legal = hand.legal
    lo, hi = legal.min_raise_to, legal.max_raise_to
    assert lo is not None
    assert hi is not None
    mine = hand.bets[seat]
    call = legal.call_amount
    pot = hand.pot + call
    target = mine + call + int(pot * fraction) + more
    target = max(lo, min(hi, target))
    behind = hand.stacks[seat] - (target - mine)
    if behind * 3 < hand.pot + 2 * (target - mine):
        target = hi
    return target


_SETUPS: dict[int, tuple[Game, Any]] = {}


def _setup(game: Game) -> Any:
    """The core's setup of ``game`` for an equity estimate (a draw game: its
    hands as they stand), made once per game object."""
    hit = _SETUPS.get(id(game))
    if hit is not None and hit[0] is game:
        return hit[1]
    from hoyle._equity_game import Shape, setup_of

    shape: Any = game
    if any(st.draw for st in game.streets):
        shape = Shape.no_more_draws(game)
    setup = setup_of(shape)
    if len(_SETUPS) > 64:
        _SETUPS.clear()
    _SETUPS[id(game)] = (game, setup)
    return setup


@cache
def _range_combos(percent: float) -> tuple[tuple[int, int, float], ...]:
    return tuple((a, b, w) for (a, b), w in top_range(percent).items())


def raiser_percent(raises: int) -> float:
    """The top per cent of hold'em hands a seat's first-street bets and
    raises imply: one, 20%; two (a 3-bet), 7%; more, 3%."""
    return 20.0 if raises <= 1 else 7.0 if raises == 2 else 3.0


def raiser_range(raises: int) -> Range:
    """``Range(f"top {raiser_percent(raises)}%")``."""
    return top_range(raiser_percent(raises))


def _live(percent: float, known: set[int]) -> list[tuple[list[int], float]]:
    """The combos of the top ``percent`` not blocked by the known cards."""
    return [([a, b], w) for a, b, w in _range_combos(percent) if a not in known and b not in known]


def _monte_carlo(
    players: list[list[tuple[list[int], float]]],
    board: list[int],
    setup: Any,
    trials: int,
    seed: int,
) -> float:
    """Player 0's equity over ``trials`` deals (the core's Monte Carlo, one
    shard: what ``hoyle.equity`` runs, without its planning)."""
    from hoyle import _core

    counts = _core.equity_shards(
        players, board, [], setup.shape, seed, 0, 1, 1, last=trials, **setup.kwargs()
    )
    return float(counts.equity[0])


def equity_estimate(hand: Hand, seat: int, read: Betting, rng: random.Random) -> tuple[float, int]:
    """The seat's share of the pot at a showdown, by Monte Carlo (seeded
    from ``rng``): in hold'em against each live opponent's range as its
    first-street betting implies (a raiser: ``raiser_range``; one who only
    called: the top 40%; else a random hand), with ``hoyle.hand_strength``
    when every range is random; in any other game by the core's equity
    with each opponent's up cards known and the rest dealt (a draw game:
    the hands as they stand). On the first street with nobody in but the
    blinds, as many opponents as have entered, at least one. Returns the
    equity and the number of opponents it was measured against."""
    from hoyle._cheap import hand_strength

    seed = rng.getrandbits(64)
    hole = list(hand.hole(seat))
    board = list(hand.board)
    others = [s for s in range(read.seats) if s != seat and hand.active[s]]
    if hand.street == 0:  # those yet to act mostly fold: count those who played
        playing = [s for s in others if s in read.entered]
        if not playing:
            playing = others[:1]
        others = playing
    if not others:
        return 1.0, 0
    if is_holdem(hand.game):
        percents = []
        for s in others:
            r = read.first_raises.get(s, 0)
            percents.append(raiser_percent(r) if r else 40.0 if s in read.entered else None)
        if all(p is None for p in percents):
            opponents = min(len(others), 22)
            strength = hand_strength(
                hole, board=board, opponents=opponents, trials=TRIALS, seed=seed
            )
            return strength, opponents
        known = set(hole) | set(board)
        players = [[(hole, 1.0)]]
        for p in percents:
            combos = _live(p, known) if p is not None else []
            players.append(combos or [([], 1.0)])
        return _monte_carlo(players, board, _setup(hand.game), TRIALS, seed), len(others)
    players = [[(hole, 1.0)], *([(list(hand.up(s)), 1.0)] for s in others)]
    return _monte_carlo(players, board, _setup(hand.game), TRIALS // 2, seed), len(others)


def smart_draw(hand: Hand, seat: int) -> None:
    """Draw for the game's ranking: in a high game keep pairs and better, a
    made straight or flush, four to a flush, else the two highest cards; in
    a low game (and badugi) keep the low cards of distinct ranks (badugi:
    distinct suits too) and draw to the rest, at most what the street
    allows (three in a high game)."""
    game = hand.game
    cards = list(hand.hole(seat))
    limit = game.streets[hand.street].draw
    if game.high and game.split is None:
        keep = _keep_high(cards)
        limit = min(limit, 3)
    else:
        keep = _keep_low(
            cards,
            badugi=game.rules.low == "badugi" or game.split is not None,
            ace_low=game.rules.low in ("ace-to-five", "ace-to-six", "badugi"),
        )
    discards = [c for c in cards if c not in keep]
    if len(discards) > limit:  # keep the best of those it cannot throw
        discards.sort(key=lambda c: _low_key(c, game), reverse=not game.high)  # worst first
        discards = discards[:limit]
    hand.draw(discards)


def _low_key(card: int, game: Game) -> int:
    r = card >> 2
    if game.rules.low in ("ace-to-five", "ace-to-six", "badugi") and r == 12:
        return -1
    return r


def _keep_high(cards: list[int]) -> list[int]:
    if len(cards) >= 5 and evaluate(cards[:5]).category >= Category.STRAIGHT:
        return cards
    ranks = [c >> 2 for c in cards]
    pairs = [c for c in cards if ranks.count(c >> 2) > 1]
    if pairs:
        return pairs
    for suit in range(4):
        flush = [c for c in cards if c & 3 == suit]
        if len(flush) >= 4:
            return flush
    return sorted(cards, reverse=True)[:2]


def _keep_low(cards: list[int], *, badugi: bool, ace_low: bool) -> list[int]:
    def value(c: int) -> int:
        r = c >> 2
        return -1 if ace_low and r == 12 else r

    keep: list[int] = []
    ranks: set[int] = set()
    suits: set[int] = set()
    top = 7 if badugi else 6  # the ranks kept: up to an eight (badugi: a nine)
    for c in sorted(cards, key=value):
        v = value(c)
        if v > top or (not ace_low and v == 12) or (c >> 2) in ranks:
            continue
        if badugi and c & 3 in suits:
            continue
        keep.append(c)
        ranks.add(c >> 2)
        suits.add(c & 3)
    return keep


def check_or_call(hand: Hand) -> None:
    """Check, else call; when the seat must bet (``first_must_bet``), the
    smallest bet."""
    legal = hand.legal
    if legal.can_check:
        hand.check()
    elif legal.call_amount or legal.min_raise_to is None:
        hand.call()
    else:
        hand.raise_to(legal.min_raise_to)
