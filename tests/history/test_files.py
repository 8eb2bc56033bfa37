"""Finding and reading PHH files (``hoyle.history.files``, issue 25): reads
are bounded (a regular file of at most ``MAX_FILE_BYTES``; a FIFO or a
device is refused at once, never waited on or read to the end), binary
garbage is a ``HistoryError``, a hand without ``starting_stacks`` is refused
on loading, and globs and directories follow links, visit each real file
once and end on link loops. Whatever could hang or eat memory runs in a
subprocess with a timeout and an address-space limit, which sets its own
signal dispositions and environment."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hoyle import history
from hoyle.errors import HistoryError
from hoyle.history import files

from tests.support import children

HAND = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 100", "p1 cc",
           "d db 2c3d9h", "d db Ts", "d db Js"]
finishing_stacks = [200, 0]
"""
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
needs_links = pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need rights")


def _child_env() -> dict[str, str]:
    """The environment a child Python relies on: this hoyle first
    (``children.env``), no user site."""
    return {**children.env(), "PYTHONNOUSERSITE": "1", "PYTHONHASHSEED": "0"}


# after the children's prelude (its signal dispositions), the child caps its memory (2 GiB)
_PRELUDE = (
    "import signal, resource\n"
    "signal.signal(signal.SIGALRM, signal.SIG_DFL)\n"
    "resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
)


def _in_child(code: str, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh Python, bounded in time and memory."""
    return subprocess.run(
        [*children.argv(_PRELUDE + code), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env=_child_env(),
        stdin=subprocess.DEVNULL,
    )


_LOAD = (
    "import sys\nfrom hoyle import history\n"
    "try:\n    history.load(sys.argv[1])\n"
    "except Exception as err:\n    print(type(err).__name__, err)\n"
)


# -- reads are bounded ------------------------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_not_read_until_memory_runs_out(device: str) -> None:
    done = _in_child(_LOAD, device)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"HistoryError '{device}': cannot read: not a regular file")
    assert "a character device" in done.stdout


@needs_fifo
def test_a_fifo_is_refused_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.phh"
    os.mkfifo(fifo)
    done = _in_child(_LOAD, str(fifo), timeout=30)  # (it blocked forever: no writer comes)
    assert done.stdout.startswith(
        f"HistoryError '{fifo}': cannot read: not a regular file (a FIFO)"
    )
    with pytest.raises(HistoryError, match="a directory"):
        history.load(tmp_path)


def test_a_file_over_the_limit_is_refused_naming_the_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.phh"
    with open(big, "wb") as out:  # sparse: no disk, and not read
        out.truncate(files.MAX_FILE_BYTES + 1)
    with pytest.raises(HistoryError, match=r"larger than 134,217,728 bytes") as err:
        history.load(big)
    assert str(big) in str(err.value)
    assert "MAX_FILE_BYTES" in str(err.value)
    assert files.MAX_FILE_BYTES == 128 * 2**20


def test_the_limit_is_exact(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(HAND, "utf-8")
    monkeypatch.setattr(files, "MAX_FILE_BYTES", len(HAND.encode()))
    [h] = history.load(path)
    assert h.replay().stacks == (200, 0)
    monkeypatch.setattr(files, "MAX_FILE_BYTES", len(HAND.encode()) - 1)
    with pytest.raises(HistoryError, match="larger than"):
        history.load(path)


def test_binary_garbage_is_a_history_error(tmp_path: Path) -> None:
    rng = random.Random(25)
    for k in range(20):
        path = tmp_path / f"garbage{k}.phh"
        path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 4000))))
        with pytest.raises(HistoryError, match=r"garbage") as err:
            history.load(path)
        assert "UnicodeDecodeError" not in repr(err.value)
    path.write_bytes(b"variant = \xff\xfe")
    with pytest.raises(HistoryError, match=r"not UTF-8 text, as a PHH file is \(byte 10"):
        history.load(path)


# -- required fields --------------------------------------------------------------------------


def test_a_hand_without_starting_stacks_is_refused_on_loading() -> None:
    text = HAND.replace("starting_stacks = [100, 100]\n", "")
    with pytest.raises(HistoryError, match=r"<text>: the required field 'starting_stacks' is"):
        history.loads(text)
    tables = f"[one]\n{HAND}\n[two]\n{text}"
    with pytest.raises(HistoryError, match=r"hand \[two\]: the required field 'starting_stacks'"):
        history.loads(tables)
    bare = 'variant = "NT"\n'
    with pytest.raises(HistoryError, match=r"fields 'starting_stacks', 'actions' are missing"):
        history.loads(bare)
    assert [h.name for h in history.loads(f"[one]\n{HAND}\n[two]\n{HAND}")] == ["one", "two"]


# -- bytes paths ------------------------------------------------------------------------------


def test_bytes_paths_are_paths_to_replay_all(tmp_path: Path) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(HAND, "utf-8")
    by_str = history.replay_all(str(path))
    assert (by_str.files, by_str.matched) == (1, 1)
    assert history.replay_all(os.fsencode(path)) == by_str
    assert history.replay_all([os.fsencode(tmp_path)]) == by_str
    assert history.replay_all(os.fsencode(tmp_path / "*.phh")) == by_str
    with pytest.raises(TypeError, match=r"str, bytes or os.PathLike, got int"):
        history.replay_all([1])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"a bytes path: os.fsdecode it"):
        history.load(os.fsencode(path))  # type: ignore[arg-type]


# -- globs and directories --------------------------------------------------------------------


def _tree(root: Path) -> None:
    (root / "a" / "deep").mkdir(parents=True)
    (root / "b").mkdir()
    (root / "a" / "deep" / "one.phh").write_text(HAND, "utf-8")
    (root / "b" / "two.phh").write_text(HAND, "utf-8")


@needs_links
def test_one_link_loop_counts_each_file_once(tmp_path: Path) -> None:
    _tree(tmp_path)
    (tmp_path / "a" / "deep" / "up").symlink_to("..")  # a -> deep -> up=a -> ...
    want = [str(tmp_path / "a" / "deep" / "one.phh"), str(tmp_path / "b" / "two.phh")]
    assert files.paths_of(str(tmp_path / "**" / "*.phh")) == want  # (41 times before)
    assert files.paths_of(tmp_path) == want
    assert history.replay_all(str(tmp_path / "**" / "*.phh")).files == 2


_COUNT = (
    "import sys\nfrom hoyle.history import files\n"
    "print(len(files.paths_of(sys.argv[1])), len(files.paths_of(sys.argv[2])))\n"
)


@needs_links
def test_two_link_loops_end(tmp_path: Path) -> None:
    _tree(tmp_path)
    (tmp_path / "a" / "deep" / "up").symlink_to("..")
    (tmp_path / "a" / "deep" / "top").symlink_to(tmp_path)
    (tmp_path / "b" / "back").symlink_to(tmp_path / "a")
    done = _in_child(_COUNT, str(tmp_path / "**" / "*.phh"), str(tmp_path), timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["2", "2"]


@needs_links
def test_globs_and_directories_agree_and_follow_links(tmp_path: Path) -> None:
    _tree(tmp_path / "real")
    (tmp_path / "top").mkdir()
    (tmp_path / "top" / "linked").symlink_to(tmp_path / "real")
    (tmp_path / "top" / "file.phh").symlink_to(tmp_path / "real" / "b" / "two.phh")
    (tmp_path / "top" / ".hidden.phh").write_text(HAND, "utf-8")
    top = tmp_path / "top"
    by_dir = files.paths_of(top)
    by_glob = files.paths_of(str(top / "**" / "*.phh"))
    # the link to two.phh is the same file as linked/b/two.phh: once, its first road
    assert by_glob == [str(top / "file.phh"), str(top / "linked" / "a" / "deep" / "one.phh")]
    assert by_dir == [str(top / ".hidden.phh"), *by_glob]  # a directory takes hidden files
    assert files.paths_of([top, str(top / "**" / "*.phh")]) == by_dir  # each file once


@needs_fifo
def test_a_walk_skips_fifos_and_a_named_fifo_is_refused(tmp_path: Path) -> None:
    _tree(tmp_path)
    os.mkfifo(tmp_path / "b" / "pipe.phh")
    assert len(files.paths_of(tmp_path)) == 2
    assert len(files.paths_of(str(tmp_path / "**" / "*.phh"))) == 2
    with pytest.raises(HistoryError, match=r"pipe.phh' is not a regular file \(a FIFO\)"):
        history.replay_all(tmp_path / "b" / "pipe.phh")


def test_a_glob_matches_as_glob_does() -> None:
    root = Path(__file__).resolve().parent.parent / "data" / "phh"
    import glob

    pattern = str(root / "**" / "*.phh")
    assert files.paths_of(pattern) == sorted(glob.glob(pattern, recursive=True))
    pattern = str(root / "pokerkit-*" / "w?op" / "**" / "[0-9]*.phh")
    assert files.paths_of(pattern) == sorted(glob.glob(pattern, recursive=True))
    assert len(files.paths_of(pattern)) > 50


# -- the CLI ----------------------------------------------------------------------------------

_CLI = "import sys\nfrom hoyle.cli import main\nsys.exit(main(sys.argv[1:]))\n"


def _hoyle(*args: str) -> subprocess.CompletedProcess[str]:
    return _in_child(_CLI, *args, timeout=60)


@needs_fifo
def test_hoyle_replay_of_a_fifo_or_a_device_is_one_line_exit_2(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.phh"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/urandom"):
        if not os.path.exists(path):
            continue
        done = _hoyle("replay", "--quiet", path)
        assert done.returncode == 2, done.stderr
        lines = done.stderr.splitlines()
        assert len(lines) == 1, done.stderr
        assert lines[0].startswith("hoyle: ")
        assert f"'{path}' is not a regular file" in lines[0]


def test_hoyle_replay_of_random_bytes_counts_one_error(tmp_path: Path) -> None:
    """A file hoyle cannot read is one error of the report (the others
    still replay), on one line: exit 1, no traceback."""
    garbage = tmp_path / "random.phh"
    garbage.write_bytes(random.Random(1).randbytes(100_000))
    good = tmp_path / "good.phh"
    good.write_text(HAND, "utf-8")
    done = _hoyle("replay", "--quiet", str(garbage), str(good))
    assert done.returncode == 1, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"error: '{garbage}': cannot read: not UTF-8 text, as a PHH")
    assert "finishing stacks match" in lines[1]
    assert lines[2].startswith("1 hands replayed from 2 files")
    assert lines[2].endswith("1 errors")
    done = _hoyle("replay", "--quiet", str(garbage))
    assert done.returncode == 1
    assert done.stdout.splitlines()[0].startswith(f"error: '{garbage}': cannot read: not UTF-8")
