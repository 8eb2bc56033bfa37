"""A game's settings, drawn: its name, streets (named as players name
them: preflop, flop, turn, river; third to seventh street; the draws),
betting, forced bets, seats and rules.

>>> import hoyle
>>> from hoyle._display.game import street_names, betting_text
>>> street_names(hoyle.games.texas_holdem())
('preflop', 'flop', 'turn', 'river')
>>> street_names(hoyle.games.seven_card_stud())
('third street', 'fourth street', 'fifth street', 'sixth street', 'seventh street')
>>> street_names(hoyle.games.deuce_to_seven_triple_draw())
('before the draw', 'first draw', 'second draw', 'third draw')
>>> betting_text(hoyle.Limit(2, 4)), betting_text(hoyle.PotLimit(cap=50))
('limit 2/4', 'pot limit, capped at 50')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text

from hoyle._display import html, terminal
from hoyle.betting import Limit, NoLimit, PotLimit

if TYPE_CHECKING:
    from hoyle.games import Game, Street

__all__ = ["Group", "betting_text", "game_html", "game_lines", "game_rich", "street_names"]

_ORDINAL = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
_BOARD = {3: "flop", 4: "turn", 5: "river"}


def street_names(game: Game) -> tuple[str, ...]:
    """Each street's name: board games count the board (preflop, flop,
    turn, river), stud the cards each seat holds (third street...), draw
    games the draws; anything else is ``street 1``, ``street 2``..."""
    streets = game.streets
    out: list[str] = []
    if any(s.draw for s in streets):
        draws = 0
        for s in streets:
            if s.draw:
                draws += 1
                out.append(f"{_ORDINAL[draws - 1]} draw" if draws <= 8 else f"draw {draws}")
            else:
                out.append("before the draw" if not draws else f"street {len(out) + 1}")
        return tuple(out)
    if any(s.up for s in streets):
        held = 0
        for s in streets:
            held += s.down + s.up
            out.append(f"{_ORDINAL[held - 1]} street" if 3 <= held <= 8 else f"street {held}")
        return tuple(out)
    board = 0
    for i, s in enumerate(streets):
        before, board = board, board + s.board
        if board == 0:
            out.append("preflop")
        elif board in _BOARD and (board == 3) == (before == 0):
            out.append(_BOARD[board])
        else:
            out.append(f"street {i + 1}")
    return tuple(out)


def betting_text(betting: Any) -> str:
    """A betting structure in words: ``no limit``, ``pot limit``,
    ``limit 2/4`` (a spread), ``fixed limit 2``."""
    if isinstance(betting, NoLimit):
        return "no limit"
    if isinstance(betting, PotLimit):
        return "pot limit" + ("" if betting.cap is None else f", capped at {betting.cap:,}")
    if isinstance(betting, Limit):
        if betting.min == betting.max:
            return f"fixed limit {betting.min:,}"
        return f"limit {betting.min:,}/{betting.max:,}"
    return str(betting)


def _street_text(street: Street) -> str:
    dealt = [
        f"{n} {what}"
        for n, what in ((street.down, "down"), (street.up, "up"), (street.board, "to the board"))
        if n
    ]
    if street.draw:
        extra = f" ({street.draw_ace} with an ace)" if street.draw_ace else ""
        dealt.append(f"draw up to {street.draw}{extra}")
    return ", ".join(dealt) or "no cards"


def _chips(values: Sequence[int]) -> str:
    return "/".join(f"{v:,}" for v in values)


def game_lines(game: Game) -> list[tuple[str, str]]:
    """The game's settings as (what, plain text) pairs, defaults left out."""
    rows = [("betting", betting_text(game.betting)), *_forced_lines(game)]
    rows.append(("seats", f"2 to {game.max_seats}"))
    rows.append(("deck", f"{len(game.deck)} cards"))
    ranking = "high" if game.high else "low"
    if game.rules.low is not None:
        ranking = f"high-low ({game.rules.low})" if game.high else f"low ({game.rules.low})"
    if game.split is not None:
        ranking += f", split with {game.split.low}"
    rows.append(("ranking", ranking))
    rules = _rules_text(game)
    if rules:
        rows.append(("rules", rules))
    if game.opener:
        rows.append(("openers", game.opener))
    if game.first_must_bet:
        rows.append(("first bettor", "must bet"))
    if game.rake is not None:
        rows.append(("rake", repr(game.rake)))
    if game.short_all_in != "full-bet":
        rows.append(("short all-in", game.short_all_in))
    return rows


def _forced_lines(game: Game) -> list[tuple[str, str]]:
    """The forced bets and bet sizes that differ from their defaults."""
    rows = []
    if game.blinds:
        rows.append(("blinds", _chips(game.blinds)))
    if game.ante:
        rows.append(("ante", f"{game.ante:,}"))
    if game.antes:
        rows.append(("antes", _chips(game.antes) + " (by position)"))
    if game.posts:
        rows.append(("posts", _chips(game.posts)))
    if game.bring_in:
        rows.append(("bring-in", f"{game.bring_in:,}"))
    if game.min_bet is not None:
        rows.append(("smallest bet", f"{game.min_bet:,}"))
    if game.raise_cap is not None:
        rows.append(("raise cap", f"{game.raise_cap:,}"))
    return rows


def _rules_text(game: Game) -> str:
    r = game.rules
    parts = []
    if r.hole_cards is not None:
        parts.append(f"plays exactly {r.hole_cards} hole cards")
    if r.wild_ranks:
        parts.append(f"wild ranks {r.wild_ranks}")
    if r.wild_cards:
        parts.append(f"wild cards {r.wild_cards}")
    if r.jokers is not None:
        parts.append(f"jokers {r.jokers}")
    if r.four_flush:
        parts.append("four-flush")
    if r.short_deck is not None:
        parts.append(f"short deck: {r.short_deck}")
    if r.low_qualifier is not None:
        parts.append(f"low qualifies at {r.low_qualifier}")
    return ", ".join(parts)


def _streets(game: Game) -> list[tuple[str, str, str]]:
    """(name, cards, betting) of each street."""
    return [
        (name, _street_text(s), betting_text(s.betting or game.betting))
        for name, s in zip(street_names(game), game.streets, strict=True)
    ]


def game_html(game: Game) -> str:
    """``Game._repr_html_``: the name, the settings, then the streets."""
    settings = html.table(
        ["setting", "value"], [[html.esc(k), html.esc(v)] for k, v in game_lines(game)]
    )
    streets = html.table(
        ["street", "cards", "betting"],
        [[html.esc(n), html.esc(c), html.esc(b)] for n, c, b in _streets(game)],
    )
    return html.box(f"Game {html.esc(game.name)}", settings, streets)


def game_rich(game: Game) -> Group:
    """``Game.__rich__``: the same as two tables."""
    settings = terminal.grid(Text(f"Game {game.name}"), ["setting", "value"])
    for k, v in game_lines(game):
        terminal.add(settings, k, v)
    streets = terminal.grid(None, ["street", "cards", "betting"])
    for row in _streets(game):
        terminal.add(streets, *row)
    return Group(settings, streets)
