"""Hand histories under hostile and careless input (issue 12): each case
the issue found, as a regression test. Bad input is a ``HistoryError``
naming the file (and the hand, the field or the action); a wrong Python
type passed to the API is a ``TypeError``."""

from __future__ import annotations

import functools
import random
import sys
import time
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import hoyle
import pytest
from hoyle import bots, games, history
from hoyle.errors import HistoryError, IllegalActionError, SettlementError
from hoyle.history import stakes, toml_text, variants

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser, as the tomli package (hoyle needs it there)
    import tomli as tomllib

HU = """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr 10", "p1 f"]
"""
HU_FOLD = HU.replace('"p2 cbr 10", "p1 f"', '"p2 f"')


def _load_and_replay(text: str) -> None:
    for h in history.load(text):
        h.replay()


def _raked_hand_text(percent: str) -> str:
    game = games.texas_holdem(rake=hoyle.Rake(percent=5, cap=3))
    hand = game.start([50, 50], seed=1)
    while not hand.is_over:
        hand.check() if hand.legal.can_check else hand.call()
    text = history.dumps(hand)
    assert 'percent = "5"' in text
    return text.replace('percent = "5"', f"percent = {percent}")


# -- the rake --------------------------------------------------------------


@pytest.mark.parametrize(
    "percent",
    ['"1e999999999"', '"-1e999999999"', '"1e-999999999"', '"nan"', '"1_0"', '"\u0661\u0660"'],
)
def test_a_hoyle_game_rake_out_of_range_is_refused_at_once(percent: str) -> None:
    text = _raked_hand_text(percent)
    start = time.perf_counter()
    with pytest.raises(HistoryError, match=r"<text>: .*rake.percent"):
        _load_and_replay(text)
    assert time.perf_counter() - start < 1


@pytest.mark.parametrize(
    "percent",
    [
        Decimal("1e999999999"),
        Decimal("1e-999999999"),
        Decimal("-1e999999999"),
        Decimal("NaN"),
        Decimal("sNaN"),
        1e308,
        float("inf"),
        5e-324,
        Fraction(1, 3),
        101,
        -1,
    ],
)
def test_rake_percent_is_checked_without_unbounded_arithmetic(percent: object) -> None:
    start = time.perf_counter()
    with pytest.raises(SettlementError, match="rake percent must"):
        hoyle.Rake(percent=percent)  # type: ignore[arg-type]
    with pytest.raises(SettlementError, match="rake percent must"):
        hoyle.Rake.from_dict({"percent": str(percent)})
    assert time.perf_counter() - start < 1


def test_rake_to_dict_reads_back_for_every_percent_type() -> None:
    for percent in (5, 2.5, Decimal("2.50"), Fraction(5, 2), Fraction(1, 4), 0, 100):
        rake = hoyle.Rake(percent=percent, cap=3)
        assert hoyle.Rake.from_dict(rake.to_dict()) == rake
    assert hoyle.Rake(percent=Fraction(5, 2)).to_dict() == {"percent": "2.5"}
    with pytest.raises(SettlementError, match="a rake is a table"):
        hoyle.Rake.from_dict([1, 2])  # type: ignore[arg-type]


# -- draw games: the discards reshuffled -------------------------------------

DRAW_GAMES = [
    "five_card_draw",
    "deuce_to_seven_single_draw",
    "deuce_to_seven_triple_draw",
    "badugi",
]


def _played(game: hoyle.Game, seed: int, seats: int) -> hoyle.Hand:
    rng = random.Random(seed)
    hand = game.start([rng.randint(5, 300) for _ in range(seats)], button=seed % seats, seed=seed)
    bot = [bots.random_bot, bots.loose_bot, bots.tight_bot][seed % 3]
    while not hand.is_over:
        try:
            bot(hand, rng)
        except IllegalActionError:  # the bot asked for more cards than are left
            hand.draw([])
    return hand


def _round_trips(hand: hoyle.Hand) -> None:
    [back] = history.load(history.dumps(hand))
    again = back.replay(strict=True)
    assert again.history == hand.history
    assert again.stacks == hand.stacks
    assert [again.hole(s) for s in range(len(hand.stacks))] == [
        hand.hole(s) for s in range(len(hand.stacks))
    ]
    assert again.settlement == hand.settlement


def _reshuffled(hand: hoyle.Hand) -> bool:
    thrown = [c for a in hand.history if a.kind == "draw" for c in a.cards]
    held = {c for s in range(len(hand.stacks)) for c in hand.hole(s)}
    return len(set(thrown)) < len(thrown) or not held.isdisjoint(thrown)


@pytest.mark.parametrize("name", DRAW_GAMES)
def test_draw_hands_with_reshuffled_discards_round_trip(name: str) -> None:
    game = getattr(games, name)()
    reshuffled = 0
    for seed in range(150):
        hand = _played(game, seed, seats=game.max_seats - seed % 4)
        reshuffled += _reshuffled(hand)
        _round_trips(hand)
    assert reshuffled > 20  # the stub ran out in many of them


TEN = """
variant = "N5CD"
antes = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0, 0, 0, 0, 0, 0, 0]
min_bet = 2
starting_stacks = [100, 100, 100, 100, 100, 100, 100, 100, 100, 100]
"""


def _ten_seats(draw: list[str]) -> str:
    """Ten seats dealt the deck in order (2c2d2h2s3c to p1 ... KdKhKsAcAd
    to p10): the stub holds Ah As. Everyone calls, ``draw``, then p1 bets
    and everyone folds."""
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    lines = [f"d dh p{i + 1} {''.join(deck[5 * i : 5 * i + 5])}" for i in range(10)]
    lines += [*(f"p{i} cc" for i in range(3, 11)), "p1 cc", "p2 cc", *draw]
    lines += ["p1 cbr 10", *(f"p{i} f" for i in range(2, 11))]
    return TEN + "actions = [" + ", ".join(f'"{x}"' for x in lines) + "]\n"


def _error(text: str) -> str:
    try:
        for h in history.load(text):
            h.replay()
    except HistoryError as err:
        return str(err)
    return "no error"


PAT = [f"p{i} sd" for i in range(3, 11)]
P1 = ["p1 sd 2c2d", "d dh p1 AhAs"]


@pytest.mark.parametrize(
    ("draw", "why"),
    [
        ([*P1, "p2 sd 3d", "d dh p2 2h", *PAT], "2h is dealt twice"),  # p1 holds it
        ([*P1, "p2 sd 3d", "d dh p2 3d", *PAT], "3d is dealt twice"),  # its own discard
        (["p1 sd 2c2d", "d dh p1 Ah2c", "p2 sd 3d", "d dh p2 As", *PAT], "2c is dealt twice"),
        (["p1 sd 2c", "d dh p1 Ah", "p2 sd 3d", "d dh p2 2c", *PAT], "2c is dealt twice"),
        (
            [*P1, "p2 sd 3d", "d dh p2 2d", "p3 sd 4h", "d dh p3 2d", *PAT[1:]],
            "2d is dealt twice",  # dealt again already
        ),
    ],
)
def test_the_ledger_allows_no_other_reuse(draw: list[str], why: str) -> None:
    assert why in _error(_ten_seats(draw))


def test_the_ledger_allows_the_legitimate_reuse() -> None:
    # p1 throws 2c2d and gets the stub's last two cards; p2 throws 3d: the
    # stub is empty, so its card comes from p1's discards, reshuffled.
    [h] = history.load(_ten_seats([*P1, "p2 sd 3d", "d dh p2 2d", *PAT]))
    hand = h.replay(strict=True)
    assert hand.hole(1) == tuple(hoyle.Card(c).id for c in ["3h", "3s", "4c", "4d", "2d"])
    _round_trips(hand)


# -- the caches --------------------------------------------------------------


def test_every_history_cache_is_bounded() -> None:
    caches = [stakes._cached_stakes_game, stakes.seating, variants.standard_game]
    for cache in caches:
        assert cache.cache_info().maxsize is not None
    for i in range(1, 3000):
        text = HU_FOLD.replace("[1, 2]", f"[{i}, {2 * i}]")
        text = text.replace("min_bet = 2", f"min_bet = {2 * i}")
        text = text.replace("[100, 100]", f"[{100 * i}, {100 * i}]")
        _load_and_replay(text)
    for cache in caches:
        info = cache.cache_info()
        assert info.maxsize is not None
        assert info.currsize <= info.maxsize
    assert len(toml_text._KEYS_SEEN) <= 1024


def test_no_module_of_the_history_package_has_an_unbounded_cache() -> None:
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(hoyle.history.__path__):
        module = importlib.import_module(f"hoyle.history.{info.name}")
        for value in vars(module).values():
            if isinstance(value, functools._lru_cache_wrapper):
                assert value.cache_info().maxsize is not None, (info.name, value)


# -- amounts -------------------------------------------------------------------


@pytest.mark.parametrize(
    "amount", ["1_0", "\u0661\u0660", "\uff11\uff10", "1e1", "+10", "0x10", "10.", "9" * 5000]
)
def test_amounts_are_ascii_decimal_digits(amount: str) -> None:
    text = HU.replace("p2 cbr 10", f"p2 cbr {amount}")
    with pytest.raises(HistoryError, match=r"<text>: action 3 'p2 cbr .*': bad amount"):
        _load_and_replay(text)


def test_huge_and_fine_amounts_are_refused() -> None:
    text = HU.replace("p2 cbr 10", "p2 cbr 100000000000000000000")
    with pytest.raises(HistoryError, match="more than hoyle's"):
        _load_and_replay(text)
    text = HU.replace("p2 cbr 10", "p2 cbr 1.0000000000000000000001")
    with pytest.raises(HistoryError, match="more than 18 decimal places"):
        _load_and_replay(text)


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        ("[1e999999999, 100]", "more than hoyle's"),
        ("[1e-999999999, 100]", "more than 18 decimal places"),
        ("[nan, 100]", "not a finite number"),
        ("[-inf, 100]", "not a finite number"),  # (``inf`` is an unknown stack, issue 17)
        ("[inf, nan]", "not a finite number"),
        ("[inf, -1]", "negative"),
        ("[inf, 1e-999999999]", "more than 18 decimal places"),
        ("[-5, 100]", "negative"),
        ("[18446744073709551615, 1]", "add up to more"),
        ("[" + "9" * 5000 + ", 1]", "too many digits"),
        ("[" * 5000 + "]" * 5000, "nested too deeply|not valid TOML"),
        ('["100", 100]', "must be a number"),
    ],
)
def test_bad_stacks_are_history_errors(stacks: str, message: str) -> None:
    text = HU.replace("starting_stacks = [100, 100]", f"starting_stacks = {stacks}")
    with pytest.raises(HistoryError, match=message):
        _load_and_replay(text)


@pytest.mark.parametrize("value", ["[nan, 1]", "[1e999999999, 1]", '["x", 1]', "[[1], 1]"])
def test_bad_finishing_stacks_are_history_errors(value: str) -> None:
    [h] = history.load(HU + f"finishing_stacks = {value}\n")
    with pytest.raises(HistoryError, match="<text>: finishing_stacks"):
        h.finishing_stacks  # noqa: B018


@pytest.mark.parametrize(
    "text",
    [
        "x = 1_0\n",
        "x = 10\n",
        "x = [1, 2.5, 3]\n",
        "x = 1e5\n",
        "x = [1e5, 2]\n",
        "x = -0\n",
        "x = [" + "9" * 5000 + "]\n",
        "x = " + "9" * 5000 + "\n",
        "x = " + "[" * 3000 + "]" * 3000 + "\n",
        "x = 0x10\n",
        "x = nan\n",
        "x = 1e" + "9" * 30 + "\n",
        "x = [1e" + "9" * 30 + "]\n",
        "x = 5\u2009\n",
        "x = 'a\x00'\n",
        # lines repeated (fast_toml remembers them): a key given twice stays an error
        "[1]\nantes = [0, 0.5]\nvariant = 'NT'\n[2]\nantes = [0, 0.5]\nvariant = 'NT'\n",
        "[1]\nantes = [0, 0.5]\n[2]\nantes = [0, 0.5]\nantes = [0, 0.5]\n",
        "[1]\nvariant = 'NT'\n[2]\nvariant = 'NT'\nvariant = 'NT'\n",
        "min_bet = 2\nmin_bet = 2\n",
        "[1]\ntime = 02:37:42\nday = 1\n[2]\ntime = 02:37:42\nday = 1\nday = 1\n",
    ],
)
def test_both_toml_readers_agree(text: str) -> None:
    try:
        expected: object = tomllib.loads(text, parse_float=Decimal)
    except (ValueError, ArithmeticError, RecursionError):
        expected = HistoryError
    try:
        got: object = toml_text.fast_toml(text)
    except toml_text.GiveUp:
        got = "gave up"
    except (ValueError, ArithmeticError, RecursionError):
        got = HistoryError
    assert got in ("gave up", expected) or repr(got) == repr(expected)
    try:
        read: object = toml_text.read_toml(text, "<text>")
    except HistoryError:
        read = HistoryError
    assert repr(read) == repr(expected)


def test_hands_that_repeat_a_line_own_their_lists() -> None:
    """``fast_toml`` reads a line the file repeats once; each hand still
    gets lists of its own, equal to what tomllib reads."""
    text = "".join(
        f"[{k}]\nvariant = 'NT'\nantes = [0, 0.5]\nplayers = ['a', 'b']\n" for k in (1, 2, 3)
    )
    doc = toml_text.fast_toml(text)
    assert doc == tomllib.loads(text, parse_float=Decimal)
    doc["1"]["antes"].append(7)
    doc["2"]["players"][0] = "z"
    assert doc["3"] == {"variant": "NT", "antes": [0, Decimal("0.5")], "players": ["a", "b"]}
    assert doc["2"]["antes"] == [0, Decimal("0.5")]
    assert doc["1"]["players"] == ["a", "b"]


# -- the extension -------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("[1, 2]", "_hoyle_game must be a table of Game settings"),
        ("5", "_hoyle_game must be a table"),
        ('"texas"', "_hoyle_game must be a table"),
        ("{}", "_hoyle_game.streets is missing"),
        ('{streets = "x"}', r"_hoyle_game.streets must be an array"),
        ("{streets = [1]}", r"_hoyle_game.streets\[0\] must be a table"),
        ("{streets = [{down = 1e999999999}]}", r"streets\[0\].down must be a whole number"),
        ("{streets = [{down = 2}], ante = 99999999999999999999}", r"_hoyle_game.ante"),
        ("{streets = [{down = 2}], colour = 1}", "unknown setting 'colour'"),
        ("{streets = [{down = 2, betting = {kind = 'limit', min = 1.5}}]}", r"betting.min"),
        ("{streets = [{down = 2}], deck = [1, 1]}", "distinct card ids"),
        ("{streets = [{down = 2}], deck = [99]}", r"deck\[0\]"),
    ],
)
def test_a_bad_hoyle_game_is_a_history_error(value: str, message: str) -> None:
    text = HU + f"_hoyle_game = {value}\n"
    with pytest.raises(HistoryError, match=message):
        _load_and_replay(text)


def test_game_from_dict_refuses_what_is_not_a_table() -> None:
    with pytest.raises(hoyle.GameError):
        hoyle.Game.from_dict([1, 2])  # type: ignore[arg-type]
    with pytest.raises(hoyle.GameError):
        hoyle.Game.from_dict({"streets": [{"down": 2, "betting": [1]}]})
    with pytest.raises(hoyle.GameError):
        hoyle.Game.from_dict(
            {"streets": [{"down": 2}], "betting": {"kind": "limit", "min": Decimal("1e999999999")}}
        )


# -- paths ----------------------------------------------------------------------


def test_load_paths(tmp_path: Path) -> None:
    bad = tmp_path / "latin1.phh"
    bad.write_bytes(b'variant = "NT"\nevent = "caf\xe9"\n')
    cases = {
        "no\x00such.phh": "NUL",
        str(tmp_path): "cannot read",
        str(tmp_path / "missing.phh"): "cannot read",
        str(bad): "cannot read",
    }
    for path, message in cases.items():
        with pytest.raises(HistoryError, match=message):
            history.load(path)
    with pytest.raises(HistoryError, match="cannot read"):
        history.load(tmp_path / "missing.phh")
    with pytest.raises(TypeError, match="PHH text or a path"):
        history.load(b"variant")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="PHH text"):
        history.loads(None)  # type: ignore[arg-type]
