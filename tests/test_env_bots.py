"""Bots as a protocol: a user's bot loaded by ``hoyle play --bot
module:callable`` (a module written to a temporary directory), seated
first, acting only for its own seat; the match conserves chips; every bad
spec or misbehaving bot is one line on stderr and exit status 2."""

from __future__ import annotations

import itertools
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import hoyle
import pytest
from hoyle import play
from hoyle.cli import main

_names = itertools.count()


@pytest.fixture
def user_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], str]]:
    """Writes a module of the given source into tmp_path (the current
    directory, NOT on sys.path: the loader must search it) and gives its name."""
    monkeypatch.chdir(tmp_path)
    written: list[str] = []

    def write(source: str) -> str:
        name = f"userbots_{next(_names)}"
        (tmp_path / f"{name}.py").write_text(textwrap.dedent(source))
        written.append(name)
        return name

    yield write
    for name in written:
        sys.modules.pop(name, None)


RECORDING = """
    SEEN = []

    def caller(hand, rng):
        SEEN.append(hand.actor)
        hand.check() if hand.legal.can_check else hand.call()

    class Raiser:
        def __init__(self):
            self.seen = []

        def act(self, hand, rng):
            self.seen.append(hand.actor)
            legal = hand.legal
            if legal.min_raise_to is not None:
                hand.raise_to(legal.min_raise_to)
            else:
                hand.check() if legal.can_check else hand.call()

    RAISER = Raiser()
"""


def test_user_bots_take_the_first_seats_and_act_only_for_them(
    user_module: Callable[[str], str],
) -> None:
    name = user_module(RECORDING)
    specs = [f"{name}:caller", f"{name}:RAISER.act"]
    players = [(spec, play.load_bot(spec)) for spec in specs]
    summary = play.match(
        hands=60, seed=5, bots=["tight", "random"], players=players, progress=False, stack=100
    )
    assert [(row.seat, row.bot) for row in summary.rows] == [
        (0, specs[0]),
        (1, specs[1]),
        (2, "tight"),
        (3, "random"),
    ]
    module = sys.modules[name]
    # every seat is filled every hand, so a hand's seat i is table seat i
    assert module.SEEN
    assert set(module.SEEN) == {0}
    assert module.RAISER.seen
    assert set(module.RAISER.seen) == {1}
    # chips conserved: what the seats hold is what they bought in
    assert sum(row.stack for row in summary.rows) == 100 * sum(r.buy_ins for r in summary.rows)
    assert sum(row.net for row in summary.rows) == 0
    # the min-raiser put chips in play: some seat lost a buy-in's worth or won
    assert any(row.net != 0 for row in summary.rows)


def test_the_same_seed_plays_the_same_match(user_module: Callable[[str], str]) -> None:
    name = user_module(RECORDING)
    runs = [
        play.match(
            hands=40,
            seed=9,
            players=[("me", play.load_bot(f"{name}:RAISER.act"))],
            progress=False,
        ).rows
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    assert len(runs[0]) == 7  # me, then the six default built-in bots


def test_hoyle_play_seats_bot_specs(
    user_module: Callable[[str], str], capsys: pytest.CaptureFixture[str]
) -> None:
    name = user_module(RECORDING)
    args = ["play", "--hands", "25", "--seed", "3", "--quiet", "--game", "omaha"]
    assert main([*args, "--bot", f"{name}:caller", "--bot", f"{name}:caller", "--bots", ""]) == 0
    out = capsys.readouterr().out
    assert "omaha: 25 hands" in out
    assert out.count(f"{name}:caller") == 2
    assert "tight" not in out
    assert set(sys.modules[name].SEEN) == {0, 1}


BAD_SPECS = [
    ("no_colon", "expected module:callable"),
    (":caller", "expected module:callable"),
    ("{mod}:", "expected module:callable"),
    ("no_such_module_xyz:bot", "no module named 'no_such_module_xyz'"),
    ("{mod}:nothing", "{mod} has no attribute 'nothing'"),
    ("{mod}:RAISER.nothing", "{mod}:RAISER has no attribute 'nothing'"),
    ("{mod}:NUMBER", "{mod}:NUMBER is not callable (its type is int)"),
    ("{mod}:one_argument", "cannot be called as bot(hand, rng)"),
    ("{broken}:bot", "importing {broken} failed: RuntimeError: broken at import"),
    ("{needs}:bot", "importing {needs} failed: ModuleNotFoundError: No module named 'absent_"),
]

BAD_BOTS = [
    ("raises", "bot {mod}:raises (seat 0) raised KeyError: 'oops'"),
    ("always_check", "bot {mod}:always_check (seat 0) made an illegal move: "),
    ("idle", "bot {mod}:idle (seat 0) made no move;"),
    ("a_policy", "made no move (it returned 1); a bot acts on the hand itself"),
    ("twice", "bot {mod}:twice (seat 0) made 2 moves; a bot makes one"),
]

MISBEHAVING = """
    RAISER = type("Raiser", (), {})()
    NUMBER = 3

    def one_argument(hand):
        hand.call()

    def raises(hand, rng):
        raise KeyError("oops")

    def always_check(hand, rng):
        hand.check()

    def idle(hand, rng):
        pass

    def a_policy(observation, mask):
        return 1

    def twice(hand, rng):
        hand.call() if hand.legal.call_amount else hand.check()
        if not hand.is_over:
            hand.call() if hand.legal.call_amount else hand.check()
"""


@pytest.mark.parametrize(
    ("spec", "message"), BAD_SPECS + [(f"{{mod}}:{b}", m) for b, m in BAD_BOTS]
)
def test_bad_bot_specs_are_one_line_and_status_2(
    user_module: Callable[[str], str],
    capsys: pytest.CaptureFixture[str],
    spec: str,
    message: str,
) -> None:
    names = {
        "mod": user_module(MISBEHAVING),
        "broken": user_module("raise RuntimeError('broken at import')\n"),
        "needs": user_module("import absent_dependency_xyz\n"),
    }
    spec, message = spec.format(**names), message.format(**names)
    args = ["play", "--hands", "20", "--seed", "1", "--quiet", "--bots", "loose"]
    assert main([*args, "--bot", spec]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("hoyle: ")
    assert captured.err.count("\n") == 1
    assert message in captured.err


def test_a_failing_bot_is_no_traceback_in_a_real_process(tmp_path: Path) -> None:
    (tmp_path / "crashing.py").write_text("def bot(hand, rng):\n    1 / 0\n")
    done = subprocess.run(
        [sys.executable, "-m", "hoyle.cli", "play", "--bot", "crashing:bot", "--quiet"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == (
        "hoyle: bot crashing:bot (seat 0) raised ZeroDivisionError: division by zero\n"
    )


def test_match_refuses_bad_players() -> None:
    with pytest.raises(TypeError, match="players are"):
        play.match(players=["tight"], progress=False)  # type: ignore[list-item]
    with pytest.raises(hoyle.GameError, match="at least two bots"):
        play.match(players=[("me", hoyle.bots.tight_bot)], bots=[], progress=False)
    with pytest.raises(hoyle.GameError, match="at most 7 seats"):
        play.match(
            game="seven_card_stud", players=[("a", hoyle.bots.loose_bot)] * 2, progress=False
        )
    with pytest.raises(TypeError, match="a bot spec is a str"):
        play.load_bot(3)  # type: ignore[arg-type]
