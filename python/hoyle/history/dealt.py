"""Each seat's cards as dealt, and what each draw gave it (``as_dealt``):
what ``dumps`` writes as ``d dh`` lines, worked out backwards from the
hand's final cards and its draws' discards.

A seat's cards are in the order it got them (hoyle appends a draw's
replacements), so a draw's replacements are the last cards after it. Which
of the cards before it were the replacements of the seat's previous draw
is not recorded; any choice that keeps the order of the cards kept replays
to the same hand. Once the stub ran out and the discards were reshuffled
(docs/rules.md §9), a card may come back, and then the choice matters: a
card the seat holds after someone threw it away must have come from a
draw after that discard. The choice here puts such cards among the
replacements as early as it must and as late as it can. It is not always
enough: a draw that reshuffles while the last reshuffle's cards are still
in the stub takes those first, which the final cards do not tell, so once
the stub ran out (``reshuffled``) ``dumps`` takes what each draw dealt from
a replay of the hand's record instead (``_hand_check.dealt_cards``), and
this story only for a hand that keeps no record.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import Any

__all__ = ["as_dealt", "reshuffled"]


def as_dealt(
    history: Sequence[Any], holes: list[list[int]], stub: int
) -> tuple[dict[int, list[int]], dict[tuple[int, int], list[int]]]:
    """From a hand's actions and final cards: each seat's cards as dealt,
    and (street, seat) -> the cards that draw gave. ``stub``: the cards
    left in the deck when the first draw begins."""
    draws = [a for a in history if a.kind == "draw"]
    holding = dict(enumerate(holes))
    received: dict[tuple[int, int], list[int]] = {}
    mine: dict[int, list[int]] = {}
    thrown: dict[int, list[int]] = {}  # card -> the draws (indices) that threw it
    for i, a in enumerate(draws):
        mine.setdefault(a.seat, []).append(i)
        for c in a.cards:
            thrown.setdefault(c, []).append(i)
    back = _reshuffles(draws, stub)
    for i in reversed(range(len(draws))):
        a = draws[i]
        cur, k = holding[a.seat], a.total
        received[(a.street, a.seat)] = cur[len(cur) - k :] if k else []
        kept = cur[: len(cur) - k]
        order = mine[a.seat]
        at = order.index(i)
        if at == 0 or not thrown:
            holding[a.seat] = kept + list(a.cards)
            continue
        prev = order[at - 1]
        before = order[at - 2] if at >= 2 else -1
        holding[a.seat] = _arrange(
            kept, list(a.cards), draws[prev].total, (prev, before), (thrown, back)
        )
    return holding, received


def _arrange(
    kept: list[int],
    discards: list[int],
    k: int,
    draws: tuple[int, int],
    known: tuple[dict[int, list[int]], list[int]],
) -> list[int]:
    """The seat's cards after its draw ``prev`` (``draws`` = (prev, the
    seat's draw before it or -1)), ending with the ``k`` that draw gave:
    the cards ``kept`` through the next draw (in order) and that draw's
    ``discards``."""
    prev, before = draws
    thrown, back = known

    def comes_back(c: int) -> int:
        """The first draw that can deal ``c`` again after the last draw before
        ``prev`` threw it away (the next reshuffle), or -1 if none threw it."""
        at = thrown.get(c, [])
        j = bisect_left(at, prev)
        if not j:
            return -1
        r = bisect_right(back, at[j - 1])
        return back[r] if r < len(back) else len(back) + prev + 1

    # a card that could come back only after the seat's draw before ``prev``
    # (the next reshuffle after its last discard): ``prev`` gave it
    back_at = {c: comes_back(c) for c in (*kept, *discards)}
    forced = {c for c, r in back_at.items() if r > before}
    wanted = {c for c, r in back_at.items() if r >= 0}
    # after the first reshuffle a draw gives only cards thrown away before
    late = bool(back) and prev > back[0]
    m = next((len(kept) - x for x, c in enumerate(kept) if c in forced), 0)
    chosen = {c for c in discards if c in forced}
    # then, while there is room: discards that must come from some draw, the
    # kept cards next in line that must, the other discards (the last first),
    # the kept cards next in line
    for c in [c for c in discards if c in wanted] + [c for c in reversed(discards)]:
        if len(chosen) + m < k and (c in wanted or not late):
            chosen.add(c)
        while len(chosen) + m < k and m < len(kept) and kept[len(kept) - m - 1] in wanted:
            m += 1
    while len(chosen) + m < k and m < len(kept) and (not late or kept[len(kept) - m - 1] in wanted):
        m += 1
    if len(chosen) + m != k:  # no story fits: the plain one
        return kept + discards
    suffix = kept[len(kept) - m :] if m else []
    # the other discards are older than the draw: those never thrown away
    # before as old as can be, those that came back as young as can be
    old = [c for c in discards if c not in chosen and c not in wanted]
    young = [c for c in discards if c not in chosen and c in wanted]
    return old + kept[: len(kept) - m] + young + suffix + [c for c in discards if c in chosen]


def reshuffled(draws: list[Any], stub: int) -> bool:
    """True when some of the ``draws`` (a hand's draw actions) reshuffled
    the discards: they needed more cards than the stub held."""
    return bool(_reshuffles(draws, stub))


def _reshuffles(draws: list[Any], stub: int) -> list[int]:
    """The draws (indices) that reshuffle the discards: those that need
    more cards than the stub holds (docs/rules.md §9)."""
    out, pile = [], 0
    for i, a in enumerate(draws):
        if a.total > stub:
            out.append(i)
            stub, pile = stub + pile, 0
        stub -= a.total
        pile += len(a.cards)
    return out
