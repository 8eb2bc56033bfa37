"""A PokerStars hand replayed and checked in the core
(``src-rust/sites/check.rs``, ``_read_pokerstars(text, engine_for)``)
against the reference, ``sites.check`` (the hand replayed in Python and
each player's net compared with the file's): the core calls a hand
``checked`` only where the reference passes it, on every PokerStars
fixture and shipped sample and on mangled text (a hand the core is not
sure of is checked by the reference, which words its error); ``loads``
gives the same hands, nets and errors with the core's check as with the
reference's alone."""

from __future__ import annotations

import random
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import hoyle
import pytest
from hoyle._core import _read_pokerstars
from hoyle.errors import HistoryError
from hoyle.history import native as replay_native
from hoyle.history import samples, sites
from hoyle.history.hand_history import HandHistory
from hoyle.history.sites import native

from tests.history.test_sites_native import HANDS, TEXTS, _mangle

SAMPLES = {
    name: Path(samples.path(name)).read_text(encoding="utf-8-sig")
    for name in ("pokerstars-nlhe.txt", "pokerstars-plo8.txt", "pokerstars-session.txt")
}


def _items(text: str) -> list[tuple[Any, ...]]:
    return [
        item
        for item in _read_pokerstars(text, native.engine_for) or []
        if isinstance(item[1], dict)
    ]


def _reference(fields: dict[str, Any], nets: list[Decimal], scale: int) -> tuple[Any, ...]:
    """What the reference check says of a hand the core read: each
    player's net in hoyle's replay (by seat), or its error."""
    hh = HandHistory(fields, source="f.txt", name=str(fields.get("hand")))
    hh._scale = scale
    try:
        sites.check(hh, nets)
    except HistoryError as err:
        return ("error", str(err))
    return ("ok", hh.net_chips(hh.replay(strict=True)))


def _core_nets_are_the_reference(text: str) -> tuple[int, int]:
    """Each hand the core checked, the reference passes too, and the nets
    it agreed on are the reference replay's; the hands checked and not."""
    checked = unsure = 0
    for _, fields, nets, scale, ok in _items(text):
        if not ok:
            unsure += 1
            continue
        checked += 1
        outcome = _reference(fields, nets, scale)
        assert outcome[0] == "ok", (outcome, text)
        assert [Decimal(v) for v in outcome[1]] == [n * scale for n in nets]
    return checked, unsure


def test_the_core_checks_what_the_reference_passes() -> None:
    """Every fixture and sample, each file whole and each hand alone: the
    core checks nearly every hand it reads (a count, so a core that checks
    nothing fails), and only hands the reference passes."""
    checked = unsure = 0
    for text in [*TEXTS.values(), *HANDS, *SAMPLES.values()]:
        a, b = _core_nets_are_the_reference(text)
        checked, unsure = checked + a, unsure + b
    assert checked >= 0.9 * (checked + unsure), (checked, unsure)


def _outcome(text: str, errors: str) -> tuple[Any, ...]:
    try:
        hands = hoyle.history.loads(text, source="f.txt", errors=errors)
    except HistoryError as err:
        return ("error", type(err).__name__, str(err))
    read = [
        (h.name, repr(h.fields), h.notes, h.repairs, h.net_chips(h.replay()), h.scale)
        for h in hands
    ]
    return ("ok", read, list(hands.refused))


def _with_and_without_the_core_check(text: str, errors: str = "skip") -> None:
    fast = _outcome(text, errors)
    replay_native._ON[0] = False  # (no engine: the reference checks every hand)
    try:
        slow = _outcome(text, errors)
    finally:
        replay_native._ON[0] = True
    assert fast == slow, text


@pytest.mark.parametrize("name", sorted(TEXTS) + sorted(SAMPLES))
def test_loads_is_the_same_with_the_core_check(name: str) -> None:
    text = TEXTS.get(name) or SAMPLES[name]
    for errors in ("skip", "raise"):
        _with_and_without_the_core_check(text, errors)


def test_without_the_native_replay_nothing_is_checked_in_the_core() -> None:
    replay_native._ON[0] = False
    try:
        items = native.read_pokerstars(HANDS[0], "<text>", None, checking=True)
    finally:
        replay_native._ON[0] = True
    assert items
    assert not any(getattr(hand, "checked", False) for _, hand in items)


def _showdown_hand() -> str:
    return next(
        t
        for t in HANDS
        if "Hold'em No Limit" in t and "*** SHOW DOWN ***" in t and t.count(" collected ") == 1
    )


def test_a_winner_the_replay_does_not_give_is_the_reference_error() -> None:
    """The file's lines add up (the reader passes them) but name a loser as
    the winner: the core does not check it, and the reference's error is
    the one ``loads`` raises."""
    text = _showdown_hand()
    winner = re.search(r"^(.+) collected ", text, re.M)
    assert winner is not None
    shown = re.findall(r"^(.+?): shows \[", text, re.M)
    loser = next(name for name in shown if name != winner[1])
    summary = text.index("*** SUMMARY ***")
    body = text[:summary].replace(f"{winner[1]} collected ", f"{loser} collected ")
    tail = text[summary:]
    tail = tail.replace(f"{winner[1]} (", "\x00W (").replace(f"{loser} (", f"{winner[1]} (")
    tail = tail.replace("\x00W (", f"{loser} (")
    broken = body + tail
    items = _items(broken)
    assert items
    assert not items[0][4]
    with pytest.raises(HistoryError, match="the replay does not give the file's result"):
        hoyle.history.loads(broken, source="f.txt")
    _with_and_without_the_core_check(broken, "raise")
    _with_and_without_the_core_check(broken, "skip")


@pytest.mark.parametrize("seed", range(6))
def test_mangled_hands_the_core_checks_pass_the_reference(seed: int) -> None:
    """Hands mangled (lines dropped, doubled or swapped, amounts changed):
    any the core still reads and checks, the reference passes; ``loads``
    says the same with the core's check and without."""
    rng = random.Random(seed)
    for _ in range(60):
        text = rng.choice(HANDS)
        for _ in range(rng.randint(1, 2)):
            text = _mangle(text, rng)
        _core_nets_are_the_reference(text)
        _with_and_without_the_core_check(text)
