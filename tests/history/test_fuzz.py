"""Fuzzing hand histories (issue 12): real PHH files (tests/data/phh, see
its SOURCE.md) and hands ``history.dumps`` wrote, mutated as text, as TOML
values and in their ``_hoyle_game`` table, then read and replayed. The
contract (tests/support/fuzzing.py): a ``HistoryError`` (or a ``TypeError`` for a
wrong Python type), or success; and a history that replays gives the same
hand when written and read again."""

from __future__ import annotations

import functools
import random
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import hoyle
import pytest
from hoyle import bots, games, history
from hoyle._ending import unseen_seats
from hoyle.errors import HistoryError, IllegalActionError
from hoyle.history import SiteRake, toml_text
from hoyle.history.writing import write_fields

from tests.support import DATA as _DATA_ROOT
from tests.support.fuzzing import NASTY_TEXT, fuzz, mutate, nasty_number

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser, as the tomli package (hoyle needs it there)
    import tomli as tomllib

DATA = _DATA_ROOT / "phh"

# Values a hostile file puts where a number, a string or a table belongs.
NASTY_TOML = [
    "1e999999999",
    "-1e999999999",
    "1e-999999999",
    "nan",
    "-inf",
    "9" * 5000,
    "1_0",
    "0x10",
    "-1",
    "-0",
    "1.5",
    "0.000000000000000000001",
    "18446744073709551616",
    "1" + "0" * 30,
    "[" * 2000 + "]" * 2000,
    "[[1]]",
    "[]",
    "{}",
    "{a = 1}",
    '"x"',
    '"1e999999999"',
    '"\\u0661\\u0660"',
    "true",
    "1979-05-27",
    "12:00:00",
    '"p1 cbr 1_0"',
    '"d dh p1 AsAs"',
]


@functools.cache
def _corpus() -> list[str]:
    files = sorted(p for p in DATA.rglob("*") if p.suffix in (".phh", ".phhs"))
    texts = [p.read_text("utf-8") for p in files]
    rng = random.Random(0)
    return rng.sample(texts, 60) + _written()


def _written() -> list[str]:
    """Hands of several presets and custom games, written by ``dumps``."""
    out = []
    custom = [
        games.five_card_draw(rules=hoyle.HandRules(jokers="bug"), blinds=(), ante=1),
        games.texas_holdem(blinds=(1, 2, 4), ante=1, rake=hoyle.Rake(percent=5, cap=3)),
        games.omaha(betting=hoyle.PotLimit(cap=50)).with_(antes=(0, 2)),
    ]
    presets = [games.five_card_draw(), games.deuce_to_seven_triple_draw(), games.razz()]
    for k, game in enumerate(custom + presets):
        for seed in range(3):
            rng = random.Random(seed)
            seats = 3 + seed + (4 if game.has_draw and seed == 2 else 0)
            hand = game.start([rng.randint(20, 200) for _ in range(seats)], seed=seed + 10 * k)
            while not hand.is_over:
                try:
                    bots.random_bot(hand, rng)
                except IllegalActionError:  # more cards than are left
                    hand.draw([])
            out.append(history.dumps(hand))
    return out


@functools.cache
def _docs() -> list[dict[str, Any]]:
    return [
        d
        for t in _corpus()
        if "variant" in (d := tomllib.loads(t, parse_float=Decimal)) or d
        if all(not isinstance(v, dict) or k == "_hoyle_game" for k, v in d.items())
    ]


def _value(v: Any) -> str:
    return write_fields({"x": v}).split(" = ", 1)[1].rstrip("\n")


def _replay_all(text: str) -> list[hoyle.Hand]:
    hands = []
    for h in history.load(text):
        h.starting_stacks  # noqa: B018
        h.finishing_stacks  # noqa: B018
        hands.append(h.replay(partial=True))
    return hands


def _consistent(text: str, hands: list[hoyle.Hand]) -> None:
    """A hand that replayed is written, read and replayed to the same hand."""
    for hand in hands:
        [back] = history.load(history.dumps(hand))
        again = back.replay(partial=True, strict=True)
        assert again.history == hand.history, text
        assert again.stacks == hand.stacks, text
        assert again.board == hand.board, text


def test_fuzz_history_text() -> None:
    texts = _corpus()
    tally = fuzz(
        "history.text (mutate() of PHH files and dumps output)",
        lambda rng: mutate(rng.choice(texts), rng, rounds=4),
        _replay_all,
        check=_consistent,
    )
    assert tally["HistoryError"] > 0


def _mutate_fields(doc: dict[str, Any], rng: random.Random) -> str:
    """The document as TOML with one field replaced by a nasty value,
    dropped, duplicated, or (``actions``) shuffled or given a nasty line."""
    target = rng.choice(list(doc))
    lines = []
    for key, v in doc.items():
        text = f"{key} = {_value(v)}"
        if key == target:
            move = rng.randrange(6)
            if move == 0:
                text = f"{key} = {rng.choice(NASTY_TOML)}"
            elif move == 1 and isinstance(v, list) and v:
                items = [_value(x) for x in v]
                items[rng.randrange(len(items))] = rng.choice(NASTY_TOML)
                text = f"{key} = [{', '.join(items)}]"
            elif move == 2:
                text = ""
            elif move == 3:
                text = f"{text}\n{text}"
            elif move == 4 and isinstance(v, list):
                shuffled = list(v)
                rng.shuffle(shuffled)
                text = f"{key} = {_value(shuffled)}"
            elif isinstance(v, list) and v and isinstance(v[0], str):
                items = list(v)
                at = rng.randrange(len(items))
                items[at] = mutate(items[at], rng, rounds=2)
                text = f"{key} = {_value(items)}"
        lines.append(text)
    return "\n".join(lines) + "\n"


def test_fuzz_history_toml_values() -> None:
    docs = _docs()
    fuzz(
        "history.toml (fields replaced, dropped, duplicated, shuffled)",
        lambda rng: _mutate_fields(rng.choice(docs), rng),
        _replay_all,
        check=_consistent,
        seed=1,
    )


def _nasty_setting(rng: random.Random) -> Any:
    pick = rng.randrange(4)
    if pick == 0:
        value = nasty_number(rng)
        return value if isinstance(value, int | float | str | list) else 1
    if pick == 1:
        return Decimal(rng.choice(["1e999999999", "1e-999999999", "NaN", "2.5", "-1"]))
    if pick == 2:
        return rng.choice(NASTY_TEXT)
    return rng.choice([[], {}, [1, 2], {"kind": "limit", "min": -1}, {"percent": "1e999999999"}])


def _mutate_game(table: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``_hoyle_game`` with one setting (or a street's setting) nasty,
    dropped or unknown."""
    out = dict(table)
    if rng.random() < 0.3 and out.get("streets"):
        streets = [dict(s) for s in out["streets"]]
        street = rng.choice(streets)
        street[rng.choice([*street, "draw_ace", "betting", "bogus"])] = _nasty_setting(rng)
        out["streets"] = streets
    elif rng.random() < 0.2:
        out.pop(rng.choice(list(out)))
    else:
        key = rng.choice([*out, "rake", "deck", "rules", "bogus"])
        out[key] = _nasty_setting(rng)
    return out


def test_fuzz_history_hoyle_game() -> None:
    docs = [d for d in _docs() if "_hoyle_game" in d]
    assert docs

    def make(rng: random.Random) -> str:
        doc = dict(rng.choice(docs))
        doc["_hoyle_game"] = _mutate_game(doc["_hoyle_game"], rng)
        try:
            return write_fields(doc)
        except HistoryError:  # a value TOML cannot hold (a NaN): write it as text
            doc["_hoyle_game"] = {k: str(v) for k, v in doc["_hoyle_game"].items()}
            return write_fields(doc)

    fuzz("history._hoyle_game (settings mutated)", make, _replay_all, check=_consistent, seed=2)


def test_fuzz_game_from_dict() -> None:
    tables = [d["_hoyle_game"] for d in _docs() if "_hoyle_game" in d]

    def call(table: dict[str, Any]) -> object:
        from hoyle.history.extension import game_of_extension

        game = game_of_extension(table)
        assert hoyle.Game.from_dict(game.to_dict()) == game
        return game

    fuzz(
        "history._hoyle_game -> Game (tables straight in)",
        lambda rng: _mutate_game(rng.choice(tables), rng),
        call,
        seed=3,
    )


def test_fuzz_toml_readers_agree() -> None:
    texts = _corpus()

    def call(text: str) -> object:
        try:
            expected: object = tomllib.loads(text, parse_float=Decimal)
        except (ValueError, ArithmeticError, RecursionError):
            expected = "error"
        try:
            fast: object = toml_text.fast_toml(text)
        except toml_text.GiveUp:
            fast = expected
        except (ValueError, ArithmeticError, RecursionError):
            fast = "error"
        assert repr(fast) == repr(expected), text
        return toml_text.read_toml(text, "<fuzz>")

    fuzz(
        "history.toml_text (fast reader vs tomllib)",
        lambda rng: mutate(rng.choice(texts), rng, rounds=3),
        call,
        seed=4,
    )


@pytest.mark.parametrize("kind", ["path"])
def test_fuzz_load_paths(tmp_path: Path, kind: str) -> None:
    (tmp_path / "latin1.phh").write_bytes(b'variant = "NT"\nevent = "caf\xe9"\n')
    (tmp_path / "dir.phh").mkdir()
    names = ["latin1.phh", "dir.phh", "missing.phh", "", ".", "..", "a" * 5000]

    def make(rng: random.Random) -> object:
        pick = rng.randrange(4)
        if pick == 0:
            return str(tmp_path / mutate(rng.choice(names), rng, rounds=2))
        if pick == 1:
            return tmp_path / rng.choice(names)
        if pick == 2:
            return mutate("/dev/null", rng, rounds=2)
        return rng.choice([None, b"x.phh", 1, ["a"], Path("\x00")])

    def call(source: object) -> object:
        return history.load(source)  # type: ignore[arg-type]

    fuzz(f"history.load ({kind}s: NUL, directories, missing, non-UTF-8)", make, call)


# -- every writer path, round-tripped (issue 25) ------------------------------------------------


def _writer_games() -> list[hoyle.Game]:
    """Every preset, and custom games of each thing the writer says
    through ``_hoyle_game``: posts, the board alone, jokers (53 without
    52), wild cards, the engine's rake, straddles, antes by seat, caps."""
    presets = [getattr(games, name)() for name in games.__all__ if name[0].islower()]
    board_only = (hoyle.Street(board=3), hoyle.Street(board=1), hoyle.Street(board=1))
    custom = [
        games.texas_holdem(blinds=(1, 2)).with_(posts=(0, 0, 0, 2)),
        games.texas_holdem(blinds=(1, 2)).with_(posts=(0, 0, 1)),  # a dead small blind
        hoyle.Game(streets=board_only, blinds=(1, 2)),
        hoyle.Game(streets=board_only, blinds=(1, 2), betting=hoyle.Limit(2, 4), split=None),
        games.five_card_draw(rules=hoyle.HandRules(jokers="bug")).with_(deck=(*range(52), 53)),
        games.five_card_draw(rules=hoyle.HandRules(jokers="bug"), blinds=(), ante=1),
        games.five_card_draw(rules=hoyle.HandRules(wild_ranks="2")),
        games.five_card_draw(opener="jacks", blinds=(), ante=2, betting=hoyle.Limit(1, 5)),
        games.five_card_stud(rules=hoyle.HandRules(four_flush=True), bring_in=0),
        games.texas_holdem(blinds=(1, 2, 4), ante=1, rake=hoyle.Rake(percent=5, cap=3)),
        games.omaha(betting=hoyle.PotLimit(cap=50)).with_(antes=(0, 2)),
        games.texas_holdem(betting=hoyle.Limit(2, 4), raise_cap=3),
        games.seven_card_stud(rake=hoyle.Rake(percent=10, cap=5)),
    ]
    return presets + custom


def _bot(hand: hoyle.Hand, rng: random.Random, style: int) -> None:
    """One action: a bot of the library, or (style 3) random draws of up to
    every card, which run the stub out and reshuffle the discards often."""
    if style == 3 and hand.is_drawing:
        seat = hand.actor
        assert seat is not None
        held = list(hand.hole(seat))
        try:
            hand.draw(rng.sample(held, rng.randint(0, len(held))))
        except IllegalActionError:  # more than the stub and the discards hold
            hand.draw([])
        return
    bot = (bots.random_bot, bots.loose_bot, bots.tight_bot, bots.random_bot)[style]
    try:
        bot(hand, rng)
    except IllegalActionError:  # a bot's draw larger than the deck and discards
        hand.draw([])


def _start(game: hoyle.Game, rng: random.Random) -> hoyle.Hand:
    """A new hand of ``game`` at a random table it can deal to."""
    low = max(2, len(game.blinds), len(game.posts), len(game.antes))
    for _ in range(100):
        n = rng.randint(low, min(game.max_seats, 10))
        deep = rng.random() < 0.5
        stacks = [rng.randint(1, 40) if not deep else rng.randint(50, 400) for _ in range(n)]
        try:
            return game.start(stacks, button=rng.randrange(n), seed=rng.randrange(2**32))
        except hoyle.GameError:  # too many seats for the deck, a stack short of a post...
            continue
    raise AssertionError(f"no table deals {game.name}")


@functools.cache
def _real_histories() -> list[history.HandHistory]:
    """The hands of the PHH corpus and the HandHQ sample that replay: the
    writer's hands replayed from files (unknown cards, mucks, unknown and
    decimal stacks, posts, stud, draw)."""
    paths = sorted(p for p in DATA.parent.rglob("*") if p.suffix in (".phh", ".phhs"))
    out = []
    for path in paths:
        for h in history.load(path):
            try:
                h.replay()
            except HistoryError:  # undetermined, or refused: nothing to write
                continue
            out.append(h)
    return out


def _played(rng: random.Random) -> hoyle.Hand:
    """A hand of a random writer game at a random table: short stacks
    (all in, run-outs) or deep, sometimes stopped before it ends, sometimes
    replayed from its file with a room's rake (``SiteRake``)."""
    if rng.random() < 0.2:  # a hand replayed from a real file
        return rng.choice(_real_histories()).replay()
    game = rng.choice(_WRITER_GAMES)
    hand = _start(game, rng)
    style = rng.randrange(4)
    stop = rng.randrange(200) if rng.random() < 0.15 else None
    steps = 0
    while not hand.is_over and steps != stop:
        _bot(hand, rng, style)
        steps += 1
    if hand.is_over and game.rake is None and rng.random() < 0.25:  # a room's rake, replayed
        rake = SiteRake(percent=rng.choice([1, 5, 10, 50]), cap=rng.choice([None, 1, 3]), unit=1)
        [back] = history.loads(history.dumps(hand))
        hand = back.replay(rake=rake)
    return hand


_WRITER_GAMES = _writer_games()


def _round_trip(hand: hoyle.Hand) -> str:
    """``dumps`` -> ``loads`` -> ``replay``: the same hand (actions, stacks,
    cards, payouts), strictly; any refusal is a failure of the writer or
    the reader (raised as an ``AssertionError``, which the fuzzer reports)."""
    text = history.dumps(hand)
    try:
        [back] = history.loads(text)
        again = back.replay(strict=True, partial=not hand.is_over)
    except hoyle.HoyleError as err:
        raise AssertionError(f"{type(err).__name__}: {err}\n{text}") from None
    # a seat that showed nothing (a replayed file's muck or unknown cards) is
    # written ``??`` down: its placeholder cards are picked again on reading
    unseen = set(unseen_seats(hand))
    assert again.game == hand.game, text
    assert again.button == hand.button, text
    assert _hidden(again.history, unseen) == _hidden(hand.history, unseen), text
    assert again.starting_stacks == hand.starting_stacks, text
    assert again.stacks == hand.stacks, text
    assert again.board == hand.board, text
    seen = [s for s in range(len(hand.stacks)) if s not in unseen]
    assert all(again.hole(s) == hand.hole(s) for s in seen), text
    assert all(again.up(s) == hand.up(s) for s in range(len(hand.stacks))), text
    assert again.is_over == hand.is_over, text
    if hand.is_over:
        assert again.settlement is not None, text
        assert hand.settlement is not None, text
        assert again.settlement.payouts == hand.settlement.payouts, text
        assert again.settlement.rake == hand.settlement.rake, text
        if not unseen:
            assert again.settlement == hand.settlement, text
        assert back.finishing_stacks == hand.stacks, text
    return text


def _hidden(actions: tuple[hoyle.Action, ...], unseen: set[int]) -> list[object]:
    """The actions, with the cards of the seats in ``unseen`` counted, not named."""
    return [a if a.seat not in unseen else (a.kind, a.seat, a.total, len(a.cards)) for a in actions]


def test_fuzz_every_writer_path_round_trips() -> None:
    tally = fuzz(
        "history.dumps -> loads -> replay (every preset and writer path, strict)",
        _played,
        _round_trip,
        seed=25,
        min_inputs=300,
    )
    assert set(tally) == {"ok"}, tally


def test_the_writer_fuzz_covers_its_paths() -> None:
    """The hands the fuzzer makes reach what it is for: reshuffled
    discards, run-outs, unfinished hands, jokers, posts, the board alone,
    stud, a room's rake, real files with cards nobody showed."""
    rng = random.Random(25)
    seen: set[str] = set()
    for _ in range(400):
        hand = _played(rng)
        game = hand.game
        text = history.dumps(hand)
        if game.has_draw and sum(a.total for a in hand.history if a.kind == "draw") > len(
            game.deck
        ) - len(hand.stacks) * sum(st.down for st in game.streets):
            seen.add("reshuffle")
        if hand.is_over and sum(hand.active) > 1 and 0 in hand.stacks:
            seen.add("all in")
        if not hand.is_over:
            seen.add("unfinished")
        if "Xx" in text:
            seen.add("joker")
        if game.posts:
            seen.add("posts")
        if not any(st.down + st.up for st in game.streets):
            seen.add("board only")
        if game.bring_in:
            seen.add("stud")
        if "_hoyle_room_rake" in text:
            seen.add("room rake")
        if "??" in text:
            seen.add("unseen cards")
    want = {"reshuffle", "all in", "unfinished", "joker", "posts", "board only", "stud"}
    want |= {"room rake", "unseen cards"}
    assert want <= seen, want - seen
