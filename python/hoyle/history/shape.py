"""``DealShape``: where a game deals, draws and shows the board, street by street."""

from __future__ import annotations

from hoyle.games import Game

__all__ = ["DealShape"]


class DealShape:
    """Which streets of a game deal to the seats, draw, and deal the board
    (street indices), and per street ``(k, burn, cards per seat, index among
    the dealing streets or -1, board cards, index among the draws or -1)``."""

    __slots__ = ("board", "deal", "draw", "rows")

    def __init__(self, game: Game) -> None:
        streets = game.streets
        self.deal = [k for k, st in enumerate(streets) if st.down or st.up]
        self.draw = [k for k, st in enumerate(streets) if st.draw]
        self.board = [k for k, st in enumerate(streets) if st.board]
        self.rows = [
            (
                k,
                st.burn,
                st.down + st.up,
                self.deal.index(k) if k in self.deal else -1,
                st.board,
                self.draw.index(k) if k in self.draw else -1,
            )
            for k, st in enumerate(streets)
        ]
