"""PokerStars text read in the core (``hoyle.history.sites.native``) against
the Python reader, which stays the reference: every PokerStars fixture
(tests/data/sites) and every one of its hands on its own gives the same
``HandHistory`` fields (keys, order, types, digits), notes, refusals and
messages on the fast path as on the Python path; so does mangled text
(truncations, garbage, absurd amounts, lines dropped or doubled), or both
raise the same ``HistoryError``, in bounded time."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

import hoyle
import pytest
from hoyle._core import _read_pokerstars
from hoyle.errors import HistoryError
from hoyle.history.sites import native, site_of
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.fuzzing import NASTY_TEXT, fuzz, mutate

DATA = Path(__file__).parent.parent / "data" / "sites"
HEADER = re.compile(r"^\ufeff?PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #", re.M)


def _stars_texts() -> dict[str, str]:
    """Every fixture file that is PokerStars text, as ``load`` decodes it."""
    out = {}
    for path in sorted(DATA.rglob("*.txt")):
        data = path.read_bytes()
        text = data.decode("utf-8-sig", errors="replace")
        if site_of(text) == "PokerStars":
            out[path.relative_to(DATA).as_posix()] = text
    return out


TEXTS = _stars_texts()
HANDS = [
    one
    for text in TEXTS.values()
    for one in (
        text[a:b]
        for a, b in zip(
            [m.start() for m in HEADER.finditer(text)],
            [*[m.start() for m in HEADER.finditer(text)][1:], len(text)],
            strict=True,
        )
    )
]


def _outcome(text: str, errors: str) -> tuple[Any, ...]:
    """What ``loads`` gives: the hands (name, fields' repr, notes) and the
    refusals, or the error's type and message."""
    try:
        hands = hoyle.history.loads(text, source="f.txt", errors=errors)
    except HistoryError as err:
        return ("error", type(err).__name__, str(err))
    read = [(h.name, repr(h.fields), list(h.notes)) for h in hands]
    return ("ok", read, list(hands.refused))


def _both(text: str, errors: str = "skip") -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    assert native.ENABLED
    fast = _outcome(text, errors)
    native.ENABLED = False
    try:
        slow = _outcome(text, errors)
    finally:
        native.ENABLED = True
    return fast, slow


def test_the_formats_the_core_knows() -> None:
    """The core leaves to Python a PokerStars text with a line that could
    open another format's hand (src-rust/sites/mod.rs' ``OTHER_PREFIXES``,
    one prefix each pattern needs): these patterns. A new format, or a
    changed header, needs its prefix there."""
    from hoyle.history.sites import FORMATS

    assert {name: header.pattern for name, (header, _) in FORMATS.items()} == {
        "iPoker": r"<\?xml\b[^>]*\?>\s*<session\b|<\?xml\b[^>]*\?>\s*$|<session\b",
        "Full Tilt": r"Full Tilt Poker Game #\d+: ",
        "PokerStars": r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #\d+:",
        "888": r"#Game No : \d+",
        "Winamax": r"Winamax Poker - (?:CashGame|Tournament|Go Fast|Sit&Go)",
        "PartyPoker": r"\*{5} Hand History for Game \d+ \*{5}",
        "GGPoker": r"Poker Hand #[A-Z]{2,3}\d+:",
    }
    hand = next(t for t in HANDS if "Hold'em No Limit" in t)
    for line in (
        "variant = 'NT'",
        "[t1]",
        "Full Tilt Poker Game #1: ",
        "#Game No : 12",
        "Winamax Poker - Tournament",
        "***** Hand History for Game 1 *****",
        "<session>",
        "Poker Hand #RC1: ",
    ):
        assert _read_pokerstars(hand + "\n" + line + "\n") is None
        fast, slow = _both(hand + "\n" + line + "\n", "raise")
        assert fast == slow


def test_there_are_fixtures_to_compare() -> None:
    assert len(TEXTS) >= 50
    assert len(HANDS) >= 120


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_each_fixture_reads_the_same(name: str) -> None:
    for errors in ("skip", "raise"):
        fast, slow = _both(TEXTS[name], errors)
        assert fast == slow


def test_each_hand_alone_reads_the_same() -> None:
    for text in HANDS:
        fast, slow = _both(text)
        assert fast == slow, text


def test_the_core_reads_the_common_hands() -> None:
    """The core reads (rather than hands back) every hand the Python reader
    reads, but for the shapes it leaves to Python; a count, so that a core
    that hands everything back fails here."""
    read = back = 0
    for text in HANDS:
        items = _read_pokerstars(text)
        assert items is not None
        assert len(items) == 1
        ok = _outcome(text, "skip")
        if ok[0] == "ok" and ok[1]:
            if isinstance(items[0][1], dict):
                read += 1
            else:
                back += 1
    assert read >= 0.95 * (read + back), (read, back)


def test_the_scale_the_core_gives_is_scale_of() -> None:
    """The scale the core gives with a hand (which ``loads`` keeps) is the
    one ``stakes.scale_of`` works out from the fields."""
    from hoyle.history.stakes import scale_of

    scales = set()
    for text in [*HANDS, *TEXTS.values()]:
        for _, fields, _, scale, _ in _read_pokerstars(text) or []:
            if isinstance(fields, dict):
                assert scale == scale_of(fields, fields["actions"]), fields
                scales.add(scale)
    assert scales == {1, 100}


def test_a_hand_python_refuses_is_handed_back() -> None:
    text = next(t for t in HANDS if "Hold'em No Limit" in t and "Total pot" in t)
    broken = re.sub(r"Total pot \S+", "Total pot $123456", text)
    items = _read_pokerstars(broken)
    assert items is not None
    [item] = items
    assert not isinstance(item[1], dict)
    fast, slow = _both(broken, "raise")
    assert fast == slow
    assert fast[0] == "error"
    assert "the pot does not add up" in fast[2]


AMOUNT = re.compile(r"\$?\d[\d,]*(?:\.\d+)?")
ABSURD = [
    "$" + "9" * 20,
    "9" * 16,
    "$1.0000001",
    "-5",
    "$0",
    "1e5",
    "\u0663",
    "$1,,0",
    "$.5",
    "0.0",
]


def _mangle(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    move = rng.randrange(7)
    if move == 0:
        return text[: rng.randrange(len(text) + 1)]
    if move == 1 and lines:
        del lines[rng.randrange(len(lines))]
    elif move == 2 and lines:
        k = rng.randrange(len(lines))
        lines.insert(k, lines[rng.randrange(len(lines))])
    elif move == 3:
        found = list(AMOUNT.finditer(text))
        if found:
            m = rng.choice(found)
            return text[: m.start()] + rng.choice(ABSURD) + text[m.end() :]
    elif move == 4 and lines:
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(NASTY_TEXT[:25]) * rng.randint(1, 3))
    elif move == 5 and len(lines) > 2:
        a, b = rng.sample(range(len(lines)), 2)
        lines[a], lines[b] = lines[b], lines[a]
    else:
        return mutate(text, rng)
    return "\n".join(lines)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(HANDS) - 1), st.integers(0, 2**32), st.integers(1, 3))
def test_mangled_text_reads_the_same(which: int, seed: int, rounds: int) -> None:
    rng = random.Random(seed)
    text = HANDS[which] + (HANDS[(which + 1) % len(HANDS)] if rng.random() < 0.3 else "")
    for _ in range(rounds):
        text = _mangle(text, rng)
    for errors in ("skip", "raise"):
        fast, slow = _both(text, errors)
        assert fast == slow, text


def test_fuzzed_text_reads_the_same() -> None:
    """The shared fuzzer's budget (``HOYLE_FUZZ_SECONDS``) of mangled
    PokerStars text, a few hands at a time: both paths agree on each, and
    the core's scale is ``scale_of``'s."""
    from hoyle.history.stakes import scale_of

    def make(rng: random.Random) -> str:
        k = rng.randrange(len(HANDS))
        text = "".join(HANDS[k : k + rng.randint(1, 3)])
        for _ in range(rng.randint(1, 4)):
            text = _mangle(text, rng)
        return text

    def call(text: str) -> None:
        fast, slow = _both(text)
        assert fast == slow, text
        for _, fields, _, scale, _ in _read_pokerstars(text) or []:
            if isinstance(fields, dict):
                assert scale == scale_of(fields, fields["actions"]), text

    fuzz("history.sites native PokerStars", make, call, seed=29, min_inputs=100)


def test_hostile_text_in_bounded_time() -> None:
    """Long garbage inside a hand, and very many hands: the core answers
    (reads or hands back) quickly and both paths agree."""
    hand = next(t for t in HANDS if "Hold'em No Limit" in t)
    cases = [
        hand + ("x" * 200 + "\n") * 20_000,
        hand.replace("*** HOLE CARDS ***", "*** HOLE CARDS ***\n" + "Seat 1: ??\n" * 20_000),
        hand * 300,
    ]
    for text in cases:
        started = time.process_time()
        assert _read_pokerstars(text) is not None
        assert time.process_time() - started < 5
        fast, slow = _both(text)
        assert fast == slow


@pytest.mark.parametrize("digits", [4_000, 5_000, 20_000])
def test_a_number_longer_than_python_reads_is_refused(digits: int) -> None:
    """A number past CPython's 4,300 digits for ``int`` of a string (found by
    the fuzzer in a table line: ``int`` raised a plain ValueError) is on a
    line longer than the longest a site file may have: refused, the same on
    both paths, for each hand and for the file."""
    hand = next(t for t in HANDS if "Hold'em No Limit" in t)
    table = hand.splitlines()[1]
    long = table.replace("-max", "9" * digits + "-max", 1)
    assert long != table
    text = hand.replace(table, long, 1)
    for errors in ("skip", "raise"):
        fast, slow = _both(text, errors)
        assert fast == slow
        assert fast[0] == "error"
        assert "characters; a PokerStars file's lines are short (at most 4,000 read)" in fast[2]
