"""The core's reading of a hand's scale and stacks (``_core._phh_stacks``,
``src-rust/py/phh_fields.rs``) against the Python reader's
(``stakes.scale_of``, ``stakes.starting_stacks``): the same values on every
hand of the PHH corpus and the HandHQ sample, and on random fields either
the same values or None (left to Python), never a value Python refuses;
and the PHH opening that ``loads`` reads without asking the sites."""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

import hoyle
from hoyle._core import _phh_stacks
from hoyle.errors import HistoryError
from hoyle.history import hand_history, native, sites
from hoyle.history.stakes import is_unknown_stack, scale_of, starting_stacks
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import DATA


def _python(fields: dict[str, Any]) -> tuple[int, tuple[int | None, ...]] | None:
    """The Python reader's (scale, stacks), or None where it refuses them."""
    actions = fields.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        return None
    try:
        scale = scale_of(fields, actions)
        return scale, starting_stacks(fields.get("starting_stacks"), scale)
    except HistoryError:
        return None


def _all_fields() -> list[dict[str, Any]]:
    out = []
    for folder in ("phh", "handhq"):
        for path in sorted((DATA / folder).rglob("*")):
            if path.suffix in (".phh", ".phhs"):
                out += [h.fields for h in hoyle.history.loads(path.read_text("utf-8"))]
    return out


FIELDS = _all_fields()


def test_every_hand_reads_the_same() -> None:
    read = 0
    for fields in FIELDS:
        got = _phh_stacks(fields)
        want = _python(fields)
        assert want is not None
        if got is not None:
            read += 1
            assert got == want
            assert all(type(v) is int or v is None for v in got[1])
    unknown = [f for f in FIELDS if any(map(is_unknown_stack, f["starting_stacks"]))]
    assert len(FIELDS) == 944
    assert len(unknown) == 22
    assert read == 944  # the unknown stacks too (iPoker's inf: None, issue 29)
    assert all(None in _phh_stacks(f)[1] for f in unknown)  # type: ignore[index]
    scales = {_phh_stacks(f)[0] for f in FIELDS if _phh_stacks(f) is not None}  # type: ignore[index]
    assert scales == {1, 100}  # (whole chips, and cents)


_NUMBERS: list[Any] = [
    0,
    1,
    25,
    -1,
    2**64,
    True,
    1.5,
    "5",
    None,
    *map(
        Decimal,
        ("0.25", "1.50", "0.5", "2.00", "0.125", "3.1000", "1E+2", "1E-7", "-0", "-0.5", "inf"),
    ),
    Decimal("0.1234567890123456789"),
    Decimal("123456789012345678901.5"),
    Decimal("nan"),
    Decimal("-inf"),
    Decimal("Infinity"),
    float("inf"),
    float("-inf"),
    float("nan"),
]
_ACTIONS = [
    "p1 cbr 2.5",
    "p1 cbr 2.50",
    "p2 cbr 3.125 # x",
    "p1 cbr 1.2.3",
    "p1 cc",
    "d db 2.5",
    "p1 cbr\x1c2.55",
    "p1 cbr 2,5",
    "p1  cbr  7.77",
    "# cbr 1.0001",
]
_KEYS = ["bring_in", "small_bet", "big_bet", "min_bet"]


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.integers(0, 2**32))
def test_random_fields_read_the_same_or_are_left_to_python(seed: int) -> None:
    rng = random.Random(seed)
    fields = dict(rng.choice(FIELDS))
    for _ in range(rng.randint(1, 4)):
        move = rng.randrange(5)
        if move == 0:
            stacks = list(fields["starting_stacks"])
            stacks[rng.randrange(len(stacks))] = rng.choice(_NUMBERS)
            fields["starting_stacks"] = stacks if rng.random() < 0.9 else stacks[:1]
        elif move == 1:
            fields[rng.choice(_KEYS)] = rng.choice(_NUMBERS)
        elif move == 2:
            fields["actions"] = [*fields["actions"], rng.choice(_ACTIONS)]
        elif move == 3:
            key = rng.choice(("antes", "blinds_or_straddles"))
            fields[key] = [rng.choice(_NUMBERS) for _ in range(rng.randint(0, 3))]
        else:
            fields["actions"] = [*fields["actions"], rng.choice((1, b"p1 f"))]
    got = _phh_stacks(fields)
    if got is not None:
        assert got == _python(fields)


def test_unknown_stacks_read_as_none() -> None:
    # inf (a Decimal, as the TOML reader gives it, or a float) is None; -inf, nan: left to Python
    fields = {"starting_stacks": [Decimal("inf"), 150, float("inf")], "actions": ["p1 cbr 2.5"]}
    assert _phh_stacks(fields) == (100, (None, 15000, None)) == _python(fields)
    for bad in (Decimal("-inf"), Decimal("nan"), float("-inf"), float("nan")):
        fields = {"starting_stacks": [bad, 150], "actions": []}
        assert _phh_stacks(fields) is None
        assert _python(fields) is None
    fields = {"starting_stacks": [1, 2], "blinds_or_straddles": [Decimal("inf")], "actions": []}
    assert _phh_stacks(fields) is None  # (only a stack may be unknown)


def test_a_phh_opening_is_no_sites() -> None:
    # what loads reads as PHH without asking sites.site_of: no site's header opens so
    for text in ("variant = 'NT'\n", "\ufeff\n  [t1]\n", "_hoyle_game = 1\n", " \x1c a = 1"):
        assert hand_history._PHH_START.match(text)
        assert sites.site_of(text) is None
    headers = [h for h, _ in sites.FORMATS.values()] + [h for h, _ in sites.XML_FORMATS.values()]
    for header in headers:  # each alternative opens with a capital, "#", "<" or "*"
        opens = {alt.lstrip("\\")[0] for alt in header.pattern.split("|")}
        assert opens <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ#<*"), header
    opened = 0
    for path in sorted((DATA / "sites").rglob("*")):
        if path.suffix in (".txt", ".xml"):
            text = path.read_text("utf-8", errors="replace")
            if hand_history._PHH_START.match(text):  # (a fragment of a hand)
                assert sites.site_of(text) is None, path
            else:
                opened += sites.site_of(text) is not None
    assert opened > 100
    assert len(headers) >= 7
    assert sites.site_of("PokerStars Hand #1: x") == "PokerStars"


def test_a_scale_known_before_is_kept() -> None:
    # a site's reader may set the scale (its own reading): the core's is taken only when it agrees
    text = (
        "variant = 'NT'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [50, 50]\n"
        "actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cbr 10', 'p1 f']"
    )
    [h] = hoyle.history.loads(text)
    assert native._amounts(h, h.fields) == (1, (50, 50))
    [h] = hoyle.history.loads(text)
    h._scale = 100
    assert native._amounts(h, h.fields) == (100, (5000, 5000))
    assert h.replay().stacks == (4800, 5200)
