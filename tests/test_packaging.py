"""What pyproject.toml claims holds: ``requires-python`` is the truth (no
syntax or standard-library name newer than the minimum is used unguarded),
the classifiers and the lint targets agree with it, and CI's fuzz summary
reads the report that tests/fuzzing.py writes. CI also runs the quick test
subset on the oldest and newest Python found (.ci/run); this file is in it."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
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
