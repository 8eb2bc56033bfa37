"""PHH variant codes and hoyle games, both ways.

A PHH variant is a betting structure (``F`` fixed limit, ``P`` pot limit,
``N`` no limit) and a game code (``T`` hold'em, ``O/8`` Omaha hi-lo, ...).
``standard_game`` makes the hoyle game of a code with a file's stakes;
``variant_code`` and ``stakes`` say how to write a hoyle game back.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any, NamedTuple

from hoyle.betting import Betting, Limit, NoLimit, PotLimit
from hoyle.errors import GameError, HistoryError
from hoyle.games import (
    Game,
    Street,
    badugi,
    deuce_to_seven_single_draw,
    deuce_to_seven_triple_draw,
    five_card_draw,
    five_card_stud,
    omaha,
    omaha_hilo,
    razz,
    seven_card_stud,
    seven_card_stud_hilo,
    short_deck_holdem,
    texas_holdem,
)

__all__ = ["Stakes", "plain_game", "stakes", "standard_game", "variant_code"]

GAMES = {
    "T": "texas_holdem",
    "S": "short_deck_holdem",
    "O": "omaha",
    "O/8": "omaha_hilo",
    "7S": "seven_card_stud",
    "7S/8": "seven_card_stud_hilo",
    "R": "razz",
    "2L1D": "deuce_to_seven_single_draw",
    "2L3D": "deuce_to_seven_triple_draw",
    "B": "badugi",
    "5CD": "five_card_draw",
    "5S": "five_card_stud",
}
"""PHH game code -> hoyle preset name (``5CD`` and ``5S`` are hoyle's own)."""
CODES = {name: code for code, name in GAMES.items()}
_STUD: dict[str, Callable[..., Game]] = {
    "seven_card_stud": seven_card_stud,
    "seven_card_stud_hilo": seven_card_stud_hilo,
    "razz": razz,
    "five_card_stud": five_card_stud,
}
# The blind games; the single draw takes its late betting from the second street on.
_BLINDS: dict[str, Callable[..., Game]] = {
    "texas_holdem": texas_holdem,
    "short_deck_holdem": short_deck_holdem,
    "omaha": omaha,
    "omaha_hilo": omaha_hilo,
    "five_card_draw": five_card_draw,
    "deuce_to_seven_single_draw": deuce_to_seven_single_draw,
    "deuce_to_seven_triple_draw": deuce_to_seven_triple_draw,
    "badugi": badugi,
}


class Stakes(NamedTuple):
    """A game's stakes in chips (trailing zeros of ``antes`` and ``blinds``
    left off; ``min_bet`` None in fixed limit or for hoyle's default)."""

    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    bring_in: int
    small_bet: int
    big_bet: int
    min_bet: int | None
    posts: tuple[int, ...] = ()  # post bets (PHH's negative blinds), as ``Game.posts``


@functools.lru_cache(maxsize=1024)
def standard_game(variant: str, stakes: Stakes) -> Game:
    """The hoyle game of a PHH variant code with a file's stakes."""
    antes, blinds, bring_in, small_bet, big_bet, min_bet, posts = stakes
    structure, code = variant[:1], variant[1:]
    name = GAMES.get(code)
    if structure not in ("F", "P", "N") or name is None:
        known = ", ".join(sorted(s + c for s in "FPN" for c in GAMES))
        raise GameError(f"unknown variant {variant!r} (hoyle reads {known})")
    betting, late = _betting(variant, small_bet, big_bet, min_bet)
    if structure == "F":
        min_bet = None
    ante = antes[0] if antes and len(set(antes)) == 1 and len(antes) > 1 else 0
    per_seat: tuple[int, ...] = () if ante else antes
    if name in _STUD:
        if blinds or posts:
            raise GameError(f"{variant} is a stud game: it has a bring-in, not blinds")
        game = _STUD[name](betting=betting, late_betting=late, ante=ante, bring_in=bring_in)
        game = game.with_(antes=per_seat)
        return game if structure == "F" else game.with_(min_bet=min_bet)
    if bring_in:
        raise GameError(f"{variant} has blinds, not a bring-in")
    if min_bet is not None and blinds and min_bet == max(blinds):
        min_bet = None  # hoyle's default: the largest blind
    if name == "deuce_to_seven_single_draw":
        game = deuce_to_seven_single_draw(betting=betting, blinds=blinds, ante=ante)
        if late is not None:
            game = game.with_(streets=_late(game.streets, late, 1))
    else:
        game = _BLINDS[name](betting=betting, late_betting=late, blinds=blinds, ante=ante)
    return game.with_(antes=per_seat, min_bet=min_bet, posts=posts)


def _betting(
    variant: str, small_bet: int, big_bet: int, min_bet: int | None
) -> tuple[Betting, Betting | None]:
    """The structure of the early streets and, in fixed limit, the late ones."""
    structure = variant[:1]
    if structure == "F":
        if small_bet <= 0 or big_bet <= 0:
            raise GameError(f"variant {variant} needs small_bet and big_bet")
        return Limit(small_bet, small_bet), Limit(big_bet, big_bet)
    if min_bet is None:
        raise GameError(f"variant {variant} needs min_bet")
    return (PotLimit() if structure == "P" else NoLimit()), None


def _late(streets: tuple[Street, ...], late: Betting, start: int) -> tuple[Street, ...]:
    return tuple(
        dataclasses.replace(s, betting=late) if i >= start else s for i, s in enumerate(streets)
    )


def variant_code(game: Game) -> str | None:
    """The PHH variant of a hoyle preset, e.g. ``"NT"``; None for other games."""
    code = CODES.get(game.name)
    if code is None:
        return None
    b = game.betting
    return ("F" if isinstance(b, Limit) else "P" if isinstance(b, PotLimit) else "N") + code


def stakes(game: Game, n: int) -> dict[str, Any]:
    """The PHH stakes fields of a game for ``n`` seats."""
    out: dict[str, Any] = {}
    antes = list(game.antes) if game.antes else [game.ante] * n
    out["antes"] = antes + [0] * (n - len(antes))
    if game.bring_in or game.name in _STUD:
        out["bring_in"] = game.bring_in
    else:
        blinds = list(game.blinds) + [0] * (n - len(game.blinds))
        for k, post in enumerate(game.posts):  # a post is PHH's negative entry
            if post:
                blinds[k] = -post
        out["blinds_or_straddles"] = blinds
    if isinstance(game.betting, Limit):
        late = game.streets[-1].betting or game.betting
        out["small_bet"] = game.betting.min
        out["big_bet"] = late.min if isinstance(late, Limit) else game.betting.min
    else:
        out["min_bet"] = game.smallest_bet
    return out


def plain_game(variant: str, fields: dict[str, Any]) -> Game | None:
    """The game PHH ``variant`` and ``stakes`` fields describe, None when
    they describe none."""
    try:
        return standard_game(
            variant,
            Stakes(
                antes=_strip(fields["antes"]),
                blinds=_strip([max(b, 0) for b in fields.get("blinds_or_straddles", [])]),
                bring_in=fields.get("bring_in", 0),
                small_bet=fields.get("small_bet", 0),
                big_bet=fields.get("big_bet", 0),
                min_bet=fields.get("min_bet"),
                posts=_strip([max(-b, 0) for b in fields.get("blinds_or_straddles", [])]),
            ),
        )
    except (GameError, HistoryError):
        return None


def _strip(values: list[int]) -> tuple[int, ...]:
    """``values`` without trailing zeros."""
    end = len(values)
    while end and values[end - 1] == 0:
        end -= 1
    return tuple(values[:end])
