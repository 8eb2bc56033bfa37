"""What pyproject.toml claims holds: ``requires-python`` is the truth (no
syntax or standard-library name newer than the minimum is used unguarded),
the classifiers and the lint targets agree with it, and CI's fuzz summary
reads the report that tests/support/fuzzing.py writes. CI also runs the quick test
subset on the oldest and newest Python found (.ci/run); this file is in it."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import ROOT

PYPROJECT = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
SOURCES = sorted((ROOT / "python" / "hoyle").rglob("*.py"))

# Standard-library names added after 3.10 (module, name) -> the version.
NEWER: dict[tuple[str, str], tuple[int, int]] = {
    **{("typing", n): (3, 11) for n in ("Self", "Never", "LiteralString", "assert_never")},
    **{("typing", n): (3, 11) for n in ("reveal_type", "Required", "NotRequired", "Unpack")},
    **{("typing", n): (3, 11) for n in ("TypeVarTuple", "dataclass_transform", "assert_type")},
    **{("enum", n): (3, 11) for n in ("StrEnum", "ReprEnum", "verify", "member", "nonmember")},
    ("datetime", "UTC"): (3, 11),
    ("asyncio", "TaskGroup"): (3, 11),
    ("asyncio", "timeout"): (3, 11),
    ("contextlib", "chdir"): (3, 11),
    ("typing", "override"): (3, 12),
    ("typing", "TypeAliasType"): (3, 12),
    ("itertools", "batched"): (3, 12),
    ("warnings", "deprecated"): (3, 13),
    ("copy", "replace"): (3, 13),
}
NEWER_MODULES = {"tomllib": (3, 11)}
NEWER_BUILTINS = {"ExceptionGroup": (3, 11), "BaseExceptionGroup": (3, 11)}


def minimum() -> tuple[int, int]:
    found = re.search(r'^requires-python = ">=(\d+)\.(\d+)"$', PYPROJECT, re.M)
    assert found, "requires-python is a plain lower bound"
    return int(found[1]), int(found[2])


def _guarded(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:`` or ``if sys.version_info >= (...)``."""
    name = ast.unparse(test)
    return name in {"TYPE_CHECKING", "typing.TYPE_CHECKING"} or name.startswith(
        "sys.version_info >="
    )


def _unguarded(node: ast.AST) -> Iterator[ast.AST]:
    """Every node not inside the body of a guarding ``if``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _guarded(child.test):
            yield from (n for stmt in child.orelse for n in (stmt, *_unguarded(stmt)))
            continue
        yield child
        yield from _unguarded(child)


def _newer_names(tree: ast.AST) -> Iterator[tuple[str, tuple[int, int]]]:
    for node in _unguarded(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in NEWER_MODULES:
                    yield alias.name, NEWER_MODULES[alias.name]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module in NEWER_MODULES:
                yield node.module, NEWER_MODULES[node.module]
            for alias in node.names:
                if (node.module, alias.name) in NEWER:
                    yield f"{node.module}.{alias.name}", NEWER[node.module, alias.name]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if (node.value.id, node.attr) in NEWER:
                yield f"{node.value.id}.{node.attr}", NEWER[node.value.id, node.attr]
        elif isinstance(node, ast.Name) and node.id in NEWER_BUILTINS:
            yield node.id, NEWER_BUILTINS[node.id]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_source_runs_on_the_oldest_python_claimed(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    # feature_version refuses newer syntax (except*, type statements, ...)
    tree = ast.parse(text, str(path), feature_version=minimum())
    newer = [(name, v) for name, v in _newer_names(tree) if v > minimum()]
    assert not newer, f"{path}: {newer} are newer than requires-python; guard them"


def test_classifiers_and_lint_targets_agree_with_requires_python() -> None:
    low = minimum()
    versions = [
        (int(major), int(minor))
        for major, minor in re.findall(
            r'"Programming Language :: Python :: (\d+)\.(\d+)"', PYPROJECT
        )
    ]
    assert versions[0] == low
    assert versions == [(low[0], minor) for minor in range(low[1], low[1] + len(versions))]
    assert f'target-version = "py{low[0]}{low[1]}"' in PYPROJECT


def test_tomllib_has_its_backport_below_3_11() -> None:
    assert minimum() < (3, 11)
    assert "\"tomli>=2; python_version < '3.11'\"" in PYPROJECT
    users = [p for p in SOURCES if re.search(r"^\s*import tomllib", p.read_text(), re.M)]
    for path in users:
        assert "import tomli as tomllib" in path.read_text(), path


def _summary(tmp_path: Path, lines: list[str] | None) -> subprocess.CompletedProcess[str]:
    report = tmp_path / "fuzz.jsonl"
    if lines is not None:
        report.write_text("".join(line + "\n" for line in lines))
    script = ROOT / ".ci" / "fuzz_summary.py"
    return subprocess.run(
        [sys.executable, str(script), str(report)], check=False, capture_output=True, text=True
    )


def test_fuzz_summary_adds_up_areas(tmp_path: Path) -> None:
    rows = [
        {"area": "cards", "inputs": 1200, "outcomes": {"ok": 200, "CardError": 1000}},
        {"area": "ranges", "inputs": 7, "outcomes": {"RangeError": 7}},
        {"area": "cards", "inputs": 30, "outcomes": {"TypeError": 30}},
    ]
    done = _summary(tmp_path, [json.dumps(row) for row in rows])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].split() == [
        "cards",
        "1,230",
        "CardError",
        "1,000,",
        "ok",
        "200,",
        "TypeError",
        "30",
    ]
    assert lines[2].split() == ["ranges", "7", "RangeError", "7"]
    assert lines[3].split()[:2] == ["total", "1,237"]


@pytest.mark.parametrize("lines", [None, [], [""]])
def test_fuzz_summary_says_when_no_fuzz_test_ran(tmp_path: Path, lines: list[str] | None) -> None:
    done = _summary(tmp_path, lines)
    assert done.returncode == 0
    assert "no fuzz test reported" in done.stdout


def test_fuzz_summary_refuses_a_broken_report(tmp_path: Path) -> None:
    done = _summary(tmp_path, ['{"area": "cards"}'])
    assert done.returncode == 1
    assert "not a fuzz record" in done.stderr


# --- the rl extra: hoyle and hoyle.env import without pettingzoo and gymnasium

RL = ("pettingzoo", "gymnasium")
# Put first on sys.meta_path, this finder makes those two packages missing,
# as on an install without the rl extra.
BLOCK_RL = f"""
import sys

class _NoRL:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {RL!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, _NoRL())
"""


def _python(code: str) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter that imports this hoyle."""
    import hoyle

    where = str(Path(hoyle.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([where, os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, env=env
    )


def test_the_rl_extra_is_in_the_test_extras() -> None:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # its backport, a dependency on 3.10
        import tomli as tomllib
    extras = tomllib.loads(PYPROJECT)["project"]["optional-dependencies"]
    assert [re.split(r"[<>=]", r)[0] for r in extras["rl"]] == list(RL)
    assert set(extras["rl"]) <= set(extras["test"])


def test_hoyle_env_imports_without_the_rl_extra() -> None:
    done = _python(
        BLOCK_RL
        + """
import hoyle, hoyle.env
from hoyle.env import Actions, Layout, VectorTables, hand_seed, policy_bot
try:
    import pettingzoo
except ModuleNotFoundError:
    print("blocked")
print(sorted(m for m in sys.modules if m.partition(".")[0] in ("pettingzoo", "gymnasium")))
"""
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["blocked", "[]"]


def test_hoyle_env_does_not_import_the_rl_packages_until_used() -> None:
    done = _python(
        "import sys, hoyle.env; print(sorted(set(sys.modules) & {'pettingzoo', 'gymnasium'}))"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_aec_env_without_the_rl_extra_says_how_to_get_it() -> None:
    done = _python(
        BLOCK_RL
        + """
for name in ("aec_env", "SingleAgentEnv"):
    try:
        from hoyle import env
        getattr(env, name)()
    except ImportError as err:
        print(name, type(err).__name__, err)
"""
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[:2] for line in lines] == [
        ["aec_env", "ImportError"],
        ["SingleAgentEnv", "ImportError"],
    ]
    assert all('pip install "hoyle[rl]"' in line for line in lines)


def test_hoyle_env_doctests_run_without_the_rl_extra() -> None:
    """The quick subset on the oldest and newest Python (.ci/run) runs the
    package's doctests without the rl extra: every module of hoyle.env
    imports there and its examples pass, except those that need the extra
    (their import says ``pip install "hoyle[rl]"``), which are exactly the
    ones the quick subset leaves out."""
    done = _python(
        BLOCK_RL
        + """
import doctest, importlib, pkgutil, hoyle.env
names = [m.name for m in pkgutil.walk_packages(hoyle.env.__path__, "hoyle.env.")]
failed = tried = 0
for name in ["hoyle.env", *names]:
    try:
        module = importlib.import_module(name)
    except ImportError as err:
        if 'pip install "hoyle[rl]"' not in str(err):
            raise
        print("needs-rl", name.replace(".", "/") + ".py")
        continue
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    failed, tried = failed + result.failed, tried + result.attempted
print(failed, tried)
"""
    )
    assert done.returncode == 0, done.stderr
    *needs_rl, counts = done.stdout.splitlines()
    failed, tried = map(int, counts.split())
    assert failed == 0, done.stdout
    assert tried > 0
    ignored = [w for w in _quick_words() if w.startswith("--ignore-glob=")]
    assert sorted(ignored) == sorted(f"--ignore-glob='/*/{line.split()[1]}'" for line in needs_rl)


def _quick_words() -> list[str]:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    block = re.search(r"^QUICK_TESTS=\((.*?)^\)", run, re.S | re.M)
    assert block, ".ci/run names its quick tests"
    return block[1].split()


def _quick_tests() -> list[Path]:
    """The Python files of the quick subset's test rooms (folders of tests/)."""
    words = _quick_words()
    deselected = {words[i + 1] for i, w in enumerate(words) if w == "--deselect"}
    folders = [ROOT / w for w in words if w.startswith("tests/") and w not in deselected]
    assert folders, words
    assert all(f.is_dir() for f in folders), folders
    return sorted(p for f in folders for p in f.rglob("*.py"))


def test_the_quick_subset_needs_no_extra_package() -> None:
    """The quick subset's test files import only what QUICK_DEPS installs
    (pytest, hypothesis, pytest-benchmark), hoyle and numpy at module level."""
    allowed = {"pytest", "hypothesis", "pytest_benchmark", "hoyle", "numpy", "tests", "_pytest"}
    files = _quick_tests()
    assert ROOT / "tests" / "house" / "test_packaging.py" in files
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and not node.level
                else []
            )
            for name in names:
                top = name.partition(".")[0]
                assert top in allowed or top in sys.stdlib_module_names or top == "__future__", (
                    f"{path.name} imports {name}"
                )


def test_the_quick_subset_runs_on_the_oldest_python_claimed() -> None:
    """The quick subset runs on the oldest Python (.ci/run): its test files
    use nothing newer than requires-python unguarded either."""
    for path in _quick_tests():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path), feature_version=minimum())
        newer = [(name, v) for name, v in _newer_names(tree) if v > minimum()]
        assert not newer, f"{path}: {newer} are newer than requires-python; guard them"
