"""A solution saved and loaded: the round trip gives back the same state
(strategy, values, exploitability, iterations, the spot), and a file that is
not one (wrong magic or version, truncated, damaged, trailing bytes, a state
that does not fit its spot, a spot that cannot be read) is a ``SolveError``
with nothing changed."""

from __future__ import annotations

import hashlib
import json
import struct
from pathlib import Path

import numpy as np
import pytest
from hoyle import Rake, SolveError, solve
from hoyle.solve import Solution, Spot, _file, kuhn, leduc

SPOT = Spot(
    board="Ks7d2c4h",
    ranges=("AA,KK@50", "KQs,JJ"),
    pot=60,
    stack=60,
    bets={"turn": "a", "river": {"oop": "50%", "ip": "a"}},
    raises="",
    rake=Rake(percent=5, cap=3),
)


@pytest.fixture(scope="module")
def solved() -> Solution:
    return SPOT.solve(target=0.005, max_iterations=100)


@pytest.fixture
def saved(solved: Solution, tmp_path: Path) -> Path:
    path = tmp_path / "turn.hoyle"
    solved.save(path)
    return path


def _same(a: Solution, b: Solution) -> None:
    assert a.iterations == b.iterations
    assert a.ev == b.ev
    assert a.exploitability == b.exploitability
    assert a.source == b.source
    for path in ((), (0,), (1,)):
        x, y = a.root, b.root
        for step in path:
            x, y = x.play(step), y.play(step)
        assert x.actions == y.actions
        assert np.array_equal(x.strategy, y.strategy)
        assert np.array_equal(x.ev, y.ev, equal_nan=True)


def test_round_trip(solved: Solution, saved: Path) -> None:
    loaded = Solution.load(saved)
    _same(solved, loaded)
    assert solve.load(str(saved)).iterations == solved.iterations
    # the loaded one goes on where the saved one stopped
    again = loaded.resume(target=0.0, max_iterations=solved.iterations + 20)
    assert again is loaded
    assert loaded.iterations == solved.iterations + 20
    assert loaded.exploitability < solved.exploitability
    assert not loaded.interrupted


def test_presets_round_trip(tmp_path: Path) -> None:
    for make in (kuhn, leduc):
        sol = make(iterations=50)
        sol.save(tmp_path / "preset")
        again = Solution.load(tmp_path / "preset")
        _same(sol, again)


def test_the_file_holds_a_header_the_spot_and_the_state(solved: Solution, saved: Path) -> None:
    data = saved.read_bytes()
    assert data.startswith(_file.MAGIC)
    _magic, version, n_json, n_state = struct.unpack_from(f"<{len(_file.MAGIC)}sIIQ", data)
    assert version == _file.FORMAT_VERSION == 1
    head = struct.calcsize(f"<{len(_file.MAGIC)}sIIQ")
    meta = json.loads(data[head : head + n_json])
    assert meta["spot"] == SPOT.to_dict()
    assert meta["spot"]["rake"] == {"percent": "5", "cap": 3}
    assert data[head + n_json : head + n_json + n_state] == solved.solver.state()
    assert len(data) == head + n_json + n_state + 32


def _refused(path: Path, data: bytes, says: str) -> None:
    path.write_bytes(data)
    with pytest.raises(SolveError, match=says):
        Solution.load(path)
    assert path.read_bytes() == data  # nothing changed


def test_bad_files_are_refused(saved: Path, tmp_path: Path) -> None:
    good = saved.read_bytes()
    bad = tmp_path / "bad.hoyle"
    _refused(bad, b"", "wrong magic")
    _refused(bad, b"PK\x03\x04" + good[4:], "wrong magic")
    n = len(_file.MAGIC)
    _refused(bad, good[:n] + struct.pack("<I", 2) + good[n + 4 :], "format version 2")
    _refused(bad, good[: n + 6], "truncated")
    _refused(bad, good[: len(good) // 2], "truncated")
    _refused(bad, good[:-1], "truncated")
    _refused(bad, good + b"\0", "1 bytes after its end")
    flipped = bytearray(good)
    flipped[-40] ^= 1  # in the state
    _refused(bad, bytes(flipped), "checksum")


def test_a_state_that_does_not_fit_its_spot(solved: Solution, tmp_path: Path) -> None:
    other = kuhn(iterations=10)
    path = tmp_path / "mixed.hoyle"
    meta = {"hoyle": "solution", **solved.source, "interrupted": False}
    _refused(path, _file.encode(meta, other.solver.state()), "does not fit its spot")
    _refused(path, _file.encode(meta, b"junk"), "does not fit its spot")


@pytest.mark.parametrize(
    ("meta", "says"),
    [
        ({"hoyle": "solution", "preset": "poker"}, "unknown preset 'poker'"),
        ({"hoyle": "hand"}, "holds no solution"),
        ({"hoyle": "solution"}, "neither a spot nor a preset"),
        ({"hoyle": "solution", "spot": {"board": "Ks7d"}}, "a spot is a table"),
    ],
)
def test_meta_that_is_not_a_solution(meta: dict[str, object], says: str, tmp_path: Path) -> None:
    _refused(tmp_path / "x.hoyle", _file.encode(meta, b""), says)


def test_a_spot_whose_cards_cannot_be_read(solved: Solution, tmp_path: Path) -> None:
    spot = {**SPOT.to_dict(), "board": "Ks7dZz4h"}
    data = _file.encode({"hoyle": "solution", "spot": spot}, solved.solver.state())
    _refused(tmp_path / "x.hoyle", data, "its spot cannot be read")


def test_json_that_is_not_a_table(tmp_path: Path) -> None:
    body = struct.pack(f"<{len(_file.MAGIC)}sIIQ", _file.MAGIC, 1, 2, 0) + b"[]"
    _refused(tmp_path / "x.hoyle", body + hashlib.sha256(body).digest(), "not a table")


def test_save_replaces_a_file_whole(solved: Solution, tmp_path: Path) -> None:
    path = tmp_path / "s.hoyle"
    path.write_bytes(b"old")
    solved.save(path)
    assert Solution.load(path).iterations == solved.iterations
    assert [p.name for p in tmp_path.iterdir()] == ["s.hoyle"]  # no temporary left
    with pytest.raises(FileNotFoundError):
        solved.save(tmp_path / "no" / "such" / "dir.hoyle")
    with pytest.raises(FileNotFoundError):
        Solution.load(tmp_path / "missing.hoyle")
