"""Bots as a protocol: a user's bot loaded by ``hoyle play --bot
module:callable`` (a module written to a temporary directory), seated
first, acting only for its own seat; the match conserves chips; every bad
spec or misbehaving bot is one line on stderr and exit status 2."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import hoyle
import numpy as np
import numpy.typing as npt
import pytest
from hoyle import play
from hoyle.bots import Bot
from hoyle.cli import main
from hoyle.env import Actions, Layout, policy_bot
from hypothesis import given, settings
from hypothesis import strategies as st

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
    assert len(runs[0]) == 6  # me, then five default built-in bots: six seats
    assert [r.bot for r in runs[0][1:]] == list(play.DEFAULT_BOTS[:5])


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
        "hoyle: bot crashing:bot (seat 0) raised ZeroDivisionError: division by zero, in hand 0\n"
    )


def test_match_refuses_bad_players() -> None:
    with pytest.raises(TypeError, match="players are"):
        play.match(players=["tight"], progress=False)  # type: ignore[list-item]
    with pytest.raises(hoyle.GameError, match="at least two bots"):
        play.match(players=[("me", hoyle.bots.tight_bot)], bots=[], progress=False)
    with pytest.raises(hoyle.GameError, match="at most 7 seats"):
        play.match(
            game="seven_card_stud",
            players=[("a", hoyle.bots.loose_bot)] * 2,
            seats=8,
            progress=False,
        )
    with pytest.raises(TypeError, match="a bot spec is a str"):
        play.load_bot(3)  # type: ignore[arg-type]


# --- policy_bot: an observation policy as a Bot

PRESET_GAMES = {name: getattr(hoyle.games, name)() for name in play.PRESETS}


class Recorder:
    """A policy that picks a random legal index, keeping what it was given."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.calls: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], int]] = []

    def __call__(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        index = int(self.rng.choice(np.flatnonzero(mask)))
        self.calls.append((observation, mask, index))
        return index


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(sorted(PRESET_GAMES)),
    data=st.data(),
    fractions=st.lists(st.sampled_from([0.25, 0.5, 1.0, 2.0]), max_size=3, unique=True),
    min_raise=st.booleans(),
    window=st.integers(0, 8),
)
def test_policy_bot_sees_the_actors_view_and_plays_its_index(
    name: str, data: st.DataObject, fractions: list[float], min_raise: bool, window: int
) -> None:
    game = PRESET_GAMES[name]
    seats = data.draw(st.integers(2, min(9, game.max_seats)), label="seats")
    stacks = data.draw(st.lists(st.integers(1, 400), min_size=seats, max_size=seats))
    actions = Actions(fractions=tuple(fractions), min_raise=min_raise)
    policy = Recorder(data.draw(st.integers(0, 2**32 - 1), label="policy seed"))
    bot: Bot = policy_bot(policy, actions, window=window)  # a PolicyBot is a Bot (mypy)
    layout = Layout(game, seats, window=window)
    hand = game.start(stacks, seed=data.draw(st.integers(0, 2**64 - 1), label="deal"))
    wanted = []
    while not hand.is_over:
        me = hand.actor
        assert me is not None
        want_obs, want_mask = layout.encode(hand, me), actions.mask(hand)
        wanted.append((want_obs, want_mask))
        before = hand.history
        bot(hand, random.Random(0))
        observation, mask, index = policy.calls[-1]
        assert observation.dtype == np.float32
        assert np.array_equal(observation, want_obs)
        assert np.array_equal(mask, want_mask)
        # one more record, by the seat that was to act, of the kind the index names
        assert hand.history[: len(before)] == before
        [record] = hand.history[len(before) :]
        assert record.seat == me
        if index >= actions.draw_base():  # bits of the hole cards to throw
            assert record.kind == "draw"
            assert len(record.cards) == (index - actions.draw_base()).bit_count()
        else:
            # check/call brings in at the stud bring-in's choice (docs/rules.md §7)
            kinds = (
                [{"fold"}, {"check", "call", "bring-in"}][index] if index < 2 else {"bet", "raise"}
            )
            assert record.kind in kinds, (actions.names(game)[index], record)
    assert sum(hand.stacks) == sum(stacks)
    # the arrays the policy kept are its own: no later call wrote into them
    assert len(policy.calls) == len(wanted)
    for (observation, mask, _), (want_obs, want_mask) in zip(policy.calls, wanted, strict=True):
        assert np.array_equal(observation, want_obs)
        assert np.array_equal(mask, want_mask)


def test_policy_bot_refuses_a_bad_index_and_changes_nothing() -> None:
    game = hoyle.games.texas_holdem()
    hand = game.start([100, 100, 100], seed=4)  # seat 0 to act, facing the big blind
    names = Actions().names(game)
    assert names == ("fold", "check/call", "min raise", "raise 0.5 pot", "raise 1 pot", "all in")
    # the small blind calls and the big blind is to act: check is legal, fold is not
    hand.call()
    hand.call()
    assert hand.actor == 2
    assert not hand.legal.can_fold
    for bad in [0, 6, -1, 1.0, "1", True, None]:
        before = (hand.history, hand.stacks, hand.actor)
        with pytest.raises(hoyle.IllegalActionError):
            policy_bot(lambda obs, mask, bad=bad: bad)(hand, random.Random())
        assert (hand.history, hand.stacks, hand.actor) == before
    policy_bot(lambda obs, mask: np.int64(1))(hand, random.Random())  # numpy ints are ints
    assert hand.history[-1].kind == "check"
    assert hand.street == 1


def test_policy_bot_follows_the_game_and_refuses_a_finished_hand() -> None:
    sizes = []

    def fold_or_check(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        sizes.append((observation.size, mask.size))
        return 0 if mask[0] else 1

    bot = policy_bot(fold_or_check, Actions(fractions=(), min_raise=False), window=2)
    assert repr(bot).startswith("policy_bot(")
    assert "fold_or_check" in repr(bot)
    for game, seats in [(hoyle.games.texas_holdem(), 2), (hoyle.games.razz(), 3)]:
        hand = game.start([50] * seats, seed=1)
        while not hand.is_over:
            bot(hand, random.Random())
        assert sizes[-1] == (Layout(game, seats, window=2).size, 3)  # fold, check/call, all in
    with pytest.raises(hoyle.IllegalActionError, match="over"):
        bot(hand, random.Random())
    with pytest.raises(TypeError, match="callable"):
        policy_bot(3)  # type: ignore[arg-type]


POLICY_MODULE = """
    import numpy as np
    from hoyle.env import Actions, policy_bot

    def shove(observation, mask):
        return int(np.flatnonzero(mask)[-1])

    shover = policy_bot(shove, Actions(fractions=()))
"""


def test_hoyle_play_seats_a_policy_bot(
    user_module: Callable[[str], str], capsys: pytest.CaptureFixture[str]
) -> None:
    name = user_module(POLICY_MODULE)
    args = ["play", "--hands", "40", "--seed", "2", "--quiet", "--bots", "tight,loose"]
    assert main([*args, "--bot", f"{name}:shover"]) == 0
    assert f"{name}:shover" in capsys.readouterr().out
    summary = play.match(
        hands=40,
        seed=2,
        bots=["tight", "loose"],
        players=[(f"{name}:shover", play.load_bot(f"{name}:shover"))],
        progress=False,
        reset_stacks=False,
    )
    assert summary.rows[0].bot == f"{name}:shover"
    assert sum(row.net for row in summary.rows) == 0
    assert sum(row.stack for row in summary.rows) == 200 * sum(r.buy_ins for r in summary.rows)
    # all in every hand: it busts or doubles up often, so it buys in again
    assert summary.rows[0].buy_ins > 1
