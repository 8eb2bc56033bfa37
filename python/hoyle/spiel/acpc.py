"""ACPC game definitions (the ``GAMEDEF`` blocks of the ACPC server and
OpenSpiel's ``universal_poker``) read into hoyle games and written back.

``read_acpc(text)`` gives an ``AcpcGame``: the ``Game`` with its seats and
stacks (a ``Game`` holds no stacks); ``game_from_acpc(text)`` the game
alone. Players are numbered as ACPC numbers them: the button is the last
seat, so player 0 is the seat on its left (heads-up the big blind). What is
read: ``limit`` or ``nolimit``; ``numPlayers``; ``numRounds``; ``stack``
(no limit; a limit game gets the most a seat can put in);
``blind`` (per player: heads-up ``big small``, else from the small blind
on); ``raiseSize`` (limit: each round's fixed bet) and ``maxRaises``
(each round's cap, ``Street.raise_cap``); ``numSuits``/``numRanks`` (the
standard deck only: 4 and 13); ``numHoleCards``; ``numBoardCards`` per
round; ``firstPlayer`` per round, which must be who hoyle's rules put
first (docs/rules.md §6: heads-up the button before the flop, else the
seat left of the big blind; then the seat left of the button), else
``GameError`` says which it would be.

>>> text = '''GAMEDEF
... limit
... numPlayers = 2
... numRounds = 4
... blind = 10 5
... raiseSize = 10 10 20 20
... firstPlayer = 2 1 1 1
... maxRaises = 3 4 4 4
... numSuits = 4
... numRanks = 13
... numHoleCards = 2
... numBoardCards = 0 3 1 1
... END GAMEDEF'''
>>> acpc = read_acpc(text)
>>> acpc.game.blinds, [s.raise_cap for s in acpc.game.streets], acpc.stacks
((5, 10), [3, 4, 4, 4], (240, 240))
>>> read_acpc(to_acpc(acpc.game, acpc.stacks)) == acpc
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hoyle.betting import Limit, NoLimit
from hoyle.errors import GameError
from hoyle.games import STANDARD_DECK, Game, Street

__all__ = ["AcpcGame", "game_from_acpc", "read_acpc", "to_acpc"]

_MOST_PLAYERS = 10


@dataclass(frozen=True)
class AcpcGame:
    """An ACPC definition as hoyle plays it: the game, its seats, each seat's stack."""

    game: Game
    seats: int
    stacks: tuple[int, ...]


def _fields(text: str) -> dict[str, list[str]]:
    if not isinstance(text, str):
        raise GameError(f"an ACPC game definition is text, got {type(text).__name__}")
    lines = [ln.split("#", 1)[0].strip() for ln in text.splitlines()]
    lines = [ln for ln in lines if ln]
    if lines and lines[0].lower() == "gamedef":
        lines = lines[1:]
    if lines and lines[-1].lower() == "end gamedef":
        lines = lines[:-1]
    out: dict[str, list[str]] = {}
    for ln in lines:
        if ln.lower() in ("limit", "nolimit"):
            out["betting"] = [ln.lower()]
            continue
        m = re.fullmatch(r"([A-Za-z]+)\s*=\s*(.*)", ln)
        if not m:
            raise GameError(f"not an ACPC game definition line: {ln!r:.60}")
        key = m.group(1).lower()
        known = {
            "numplayers", "numrounds", "stack", "blind", "raisesize", "firstplayer",
            "maxraises", "numsuits", "numranks", "numholecards", "numboardcards",
        }  # fmt: skip
        if key not in known:
            raise GameError(
                f"hoyle does not read the ACPC setting {m.group(1)!r} (it reads {sorted(known)})"
            )
        out[key] = m.group(2).split()
    if "betting" not in out:
        raise GameError("an ACPC game definition says limit or nolimit")
    return out


def _ints(
    f: dict[str, list[str]], key: str, count: int | None, default: list[int] | None = None
) -> list[int]:
    raw = f.get(key)
    if raw is None:
        if default is None:
            raise GameError(f"the ACPC definition lacks {key}")
        return default
    try:
        values = [int(v) for v in raw]
    except ValueError:
        raise GameError(f"ACPC {key} holds whole numbers, got {' '.join(raw)!r:.60}") from None
    if count is not None:
        if len(values) == 1 and count > 1 and key in ("stack", "maxraises", "firstplayer"):
            values *= count
        if len(values) < count:
            raise GameError(f"ACPC {key} needs {count} values, got {len(values)}")
        values = values[:count]
    if any(v < 0 for v in values):
        raise GameError(f"ACPC {key} holds no negative numbers, got {values}")
    return values


def _first_players(n: int, rounds: int) -> list[int]:
    """Who hoyle puts first each round, as ACPC's 1-based players."""
    pre = 2 if n == 2 else 3  # heads-up the button (player 1); else left of the big blind
    return [pre] + [1] * (rounds - 1)


def read_acpc(text: str) -> AcpcGame:
    """The ACPC ``GAMEDEF`` ``text`` as an ``AcpcGame`` (see the module)."""
    f = _fields(text)
    (n,) = _ints(f, "numplayers", 1)
    if not 2 <= n <= _MOST_PLAYERS:
        raise GameError(f"ACPC numPlayers must be 2..{_MOST_PLAYERS}, got {n}")
    (rounds,) = _ints(f, "numrounds", 1)
    if not 1 <= rounds <= 4:
        raise GameError(f"ACPC numRounds must be 1..4, got {rounds}")
    suits, ranks = _ints(f, "numsuits", 1, [4])[0], _ints(f, "numranks", 1, [13])[0]
    if (suits, ranks) != (4, 13):
        raise GameError(
            "hoyle reads ACPC games of the standard deck (numSuits 4, numRanks 13),"
            f" got {suits} and {ranks}"
        )
    (hole,) = _ints(f, "numholecards", 1)
    board = _ints(f, "numboardcards", rounds, [0] * rounds)
    blind = _ints(f, "blind", n)
    limit = f["betting"] == ["limit"]
    first = _ints(f, "firstplayer", rounds, [1] * rounds)
    want = _first_players(n, rounds)
    if first != want:
        raise GameError(
            f"ACPC firstPlayer = {' '.join(map(str, first))}: hoyle's rules put first"
            f" {' '.join(map(str, want))} (docs/rules.md §6)"
        )
    # hoyle's blinds go from the button's left; heads-up the button (player 1) posts first
    blinds = (blind[1], blind[0]) if n == 2 else tuple(blind)
    while blinds and not blinds[-1]:
        blinds = blinds[:-1]
    if limit:
        sizes = _ints(f, "raisesize", rounds)
        caps = _ints(f, "maxraises", rounds, [2**31 - 1] * rounds)
        streets = tuple(
            Street(
                down=hole if r == 0 else 0,
                board=board[r],
                betting=Limit(sizes[r], sizes[r]),
                raise_cap=caps[r] if caps[r] < 2**31 - 1 else None,
            )
            for r in range(rounds)
        )
        game = Game(name="acpc", streets=streets, betting=Limit(sizes[0], sizes[0]), blinds=blinds)
        most = max(blinds, default=0) + sum(
            (caps[r] if caps[r] < 2**31 - 1 else n) * sizes[r] for r in range(rounds)
        )
        stacks = tuple(_ints(f, "stack", n, [most] * n))
    else:
        streets = tuple(Street(down=hole if r == 0 else 0, board=board[r]) for r in range(rounds))
        game = Game(name="acpc", streets=streets, betting=NoLimit(), blinds=blinds)
        stacks = tuple(_ints(f, "stack", n))
    if min(stacks) <= 0:
        raise GameError(f"ACPC stacks must be positive, got {list(stacks)}")
    return AcpcGame(game, n, stacks)


def game_from_acpc(text: str) -> Game:
    """The hoyle ``Game`` of an ACPC ``GAMEDEF`` block (``read_acpc``'s game;
    its seats and stacks are ``read_acpc``'s too)."""
    return read_acpc(text).game


def _unsayable(game: Game, n: int) -> list[str]:
    """What of ``game`` the ACPC format cannot say, for ``n`` players."""
    problems = []
    if game.deck != STANDARD_DECK:
        problems.append("a deck other than the standard one")
    if game.ante or game.antes or game.posts or game.bring_in or game.rake is not None:
        problems.append("antes, posts, a bring-in or a rake")
    if not game.high or game.rules.low is not None or not game.rules.is_natural or game.split:
        problems.append("a ranking other than natural high")
    if game.small_hands or game.opener or game.first_must_bet or game.min_bet is not None:
        problems.append("small hands, openers or a minimum bet of its own")
    if len(game.blinds) > min(n, 2) or not game.blinds:
        problems.append("no blinds, or straddles")
    if len(game.streets) > 4:
        problems.append("more than four rounds")
    if any(s.up or s.draw or s.burn or s.first != "left" for s in game.streets) or any(
        s.down for s in game.streets[1:]
    ):
        problems.append("up cards, draws, burns or down cards after the first round")
    bettings = [s.betting or game.betting for s in game.streets]
    limit = all(isinstance(b, Limit) and b.min == b.max for b in bettings)
    if not limit and not all(isinstance(b, NoLimit) for b in bettings):
        problems.append("betting other than no limit or fixed limit on every round")
    return problems


def to_acpc(game: Game, stacks: tuple[int, ...] | list[int] | None = None) -> str:
    """``game`` as an ACPC ``GAMEDEF`` block, for ``len(stacks)`` players
    (default two, stacks of 100 big blinds): hold'em-like games only (one
    deal of down cards, then board cards; the standard deck; no limit or
    fixed limit on every street; blinds and no antes, straddles, rake or
    other rankings). ``GameError`` says what the format cannot say."""
    from hoyle.env.layout import unit

    if stacks is None:
        stacks = (100 * unit(game),) * 2
    stacks = tuple(int(s) for s in stacks)
    n = len(stacks)
    if not 2 <= n <= _MOST_PLAYERS:
        raise GameError(f"an ACPC game has 2..{_MOST_PLAYERS} players, got {n}")
    problems = _unsayable(game, n)
    if problems:
        raise GameError(f"ACPC cannot say {game.name}'s " + "; ".join(problems))
    s0 = game.streets[0]
    bettings = [s.betting or game.betting for s in game.streets]
    limit = isinstance(bettings[0], Limit)
    blinds = list(game.blinds) + [0] * (2 - len(game.blinds))
    per_player = [blinds[1], blinds[0]] if n == 2 else blinds + [0] * (n - len(blinds))
    rounds = len(game.streets)
    lines = [
        "GAMEDEF",
        "limit" if limit else "nolimit",
        f"numPlayers = {n}",
        f"numRounds = {rounds}",
    ]
    if not limit:
        lines.append("stack = " + " ".join(map(str, stacks)))
    lines.append("blind = " + " ".join(map(str, per_player)))
    if limit:
        lines.append("raiseSize = " + " ".join(str(b.min) for b in bettings))  # type: ignore[union-attr]
        caps = [s.raise_cap if s.raise_cap is not None else game.raise_cap for s in game.streets]
        if any(c is not None for c in caps):
            lines.append(
                "maxRaises = " + " ".join(str(2**31 - 1 if c is None else c) for c in caps)
            )
    lines.append("firstPlayer = " + " ".join(map(str, _first_players(n, rounds))))
    lines += ["numSuits = 4", "numRanks = 13", f"numHoleCards = {s0.down}"]
    lines.append("numBoardCards = " + " ".join(str(s.board) for s in game.streets))
    lines.append("END GAMEDEF")
    return "\n".join(lines)
