"""hoyle.Range: PokerStove syntax, weights, blocking, errors."""

from __future__ import annotations

from collections.abc import Iterable

import hoyle
import pytest
from hoyle import Range, RangeError
from hoyle.ranges import hand_class, hand_classes


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("QQ+", 18),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("XX", 1326),
        ("random", 1326),
        ("JJ-88", 24),
        ("88-JJ", 24),
        ("ATs+", 16),
        ("ATo+", 48),
        ("AT+", 64),
        ("A5s-A2s", 16),
        ("T9s-76s", 16),
        ("KQ-K9", 64),
        ("AsKs", 1),
        ("22+", 78),
        ("QQ+, AKs", 22),
        ("QQ+ AKs,AKo", 34),
        ("  qq+ ,  aks ", 22),
        ("AKs AKs", 4),
    ],
)
def test_combo_counts(text: str, count: int) -> None:
    assert len(Range(text)) == count


def test_classes_are_the_right_combos() -> None:
    assert {hand_class(c) for c in Range("ATs+")} == {"AKs", "AQs", "AJs", "ATs"}
    assert {hand_class(c) for c in Range("T9s-76s")} == {"T9s", "98s", "87s", "76s"}
    assert {hand_class(c) for c in Range("JJ-88")} == {"JJ", "TT", "99", "88"}
    assert all(c[0].suit == c[1].suit for c in Range("AKs"))
    assert all(c[0].suit != c[1].suit for c in Range("AKo"))
    assert len(hand_classes()) == 169
    assert len(set(hand_classes())) == 169
    total = sum(len(Range(c)) for c in hand_classes())
    assert total == 1326


def test_hand_class_reads_two_cards_in_any_order_and_form() -> None:
    # issue 25: hand_class("7h8d") raised a bare ValueError (it read the
    # text's characters as card ids); the oracle is the range syntax, whose
    # class token names the combos of that class
    assert hand_class("7h8d") == "87o"
    for name in hand_classes():
        for a, b in Range(name):
            forms: list[str | Iterable[str | int | hoyle.Card]] = [
                f"{a}{b}",
                f"{b}{a}",
                f"{b} {a}",
                (b.id, a.id),
                [str(b), a],
                (a, b),
            ]
            assert {hand_class(form) for form in forms} == {name}, (a, b)


@pytest.mark.parametrize(
    ("combo", "error", "words"),
    [
        ("7h8d9c", hoyle.HandError, "got 3 cards \\(7h 8d 9c\\)"),
        ("7h", hoyle.HandError, "got 1 card \\(7h\\)"),
        ("", hoyle.HandError, "got 0 cards$"),
        ("Xx7h", hoyle.HandError, "got a joker"),
        ("AsAs", hoyle.DuplicateCardError, "duplicate card As"),
        ("7h8z", hoyle.CardError, "unknown card"),
        ((7, 60), hoyle.CardError, "out of range"),
    ],
)
def test_hand_class_refuses_what_is_not_two_cards(
    combo: object, error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words) as info:
        hand_class(combo)  # type: ignore[arg-type]
    if error is hoyle.HandError:
        assert "two cards of the 52" in str(info.value)


def test_weights() -> None:
    r = Range("QQ@50, AKs, 0.25(JJ, TT)")
    assert r.weight("QhQd") == 0.5
    assert r.weight("AsKs") == 1.0
    assert r.weight("JsJh") == 0.25
    assert r.weight("TsTh") == 0.25
    assert r.weight("9s9h") == 0.0
    assert len(r) == 4 + 6 + 12
    # the last mention wins
    assert Range("AKs@20 AKs").weight("AhKh") == 1.0
    assert Range.from_combos([("AsKs", 0.5)]).weight("KsAs") == 0.5


def test_blocking() -> None:
    r = Range("QQ+, AKs")
    assert len(r.without("As")) == 22 - 3 - 1
    # AA and KK keep 3 each, QQ 6, AKs loses AsKs and AdKd
    assert len(r.without(["As", "Kd"])) == 3 + 3 + 6 + 2
    assert len(Range("XX").without("As Kd")) == 1225
    assert "AsKs" in r
    assert "AsKs" not in r.without("Ks")


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("QQ+, AZs", "AZs", 5),
        ("QQ+ ZZ", "ZZ", 4),
        ("AKs-QJo", "AKs-QJo", 0),
        ("KK-AKs", "KK-AKs", 0),
        ("AK-QT", "AK-QT", 0),
        ("QQs", "QQs", 0),
        ("AsAs", "AsAs", 0),
        ("QQ@x", "QQ@x", 0),
        ("JJ, QQ@0", "QQ@0", 4),
    ],
)
def test_errors_point_at_the_token(text: str, token: str, position: int) -> None:
    with pytest.raises(RangeError) as info:
        Range(text)
    assert info.value.token == token
    assert info.value.position == position
    assert repr(token) in str(info.value)
    assert isinstance(info.value, hoyle.HoyleError)
    assert isinstance(info.value, ValueError)
