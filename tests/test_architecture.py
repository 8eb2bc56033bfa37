"""The house rules of the code base (issue 11, docs/architecture.md): no
import circle in ``python/hoyle`` or ``src-rust``, and no Python module,
class or function larger than a reader can hold in mind.

The import graph is read from the source, not from a running interpreter:
every ``import`` of a hoyle module counts (module level or inside a
function), except those under ``if TYPE_CHECKING:``, which only the type
checker runs. In Rust, every ``crate::`` and ``super::`` path between two
files counts. A circle is a strongly connected set of two or more modules.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "python" / "hoyle"
CORE = ROOT / "src-rust"

MAX_MODULE_LINES = 500
MAX_CLASS_LINES = 300
MAX_FUNCTION_LINES = 80
#: (path relative to python/hoyle, qualified name) -> why it may be longer.
EXCEPTIONS: dict[tuple[str, str], str] = {}


def _modules() -> dict[str, Path | None]:
    mods: dict[str, Path | None] = {"hoyle._core": None}  # the extension: imports nothing of ours
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        mods[".".join(parts)] = path
    return mods


def _typing_only(tree: ast.AST) -> set[int]:
    """Line numbers of the statements under ``if TYPE_CHECKING:``."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for stmt in node.body:
                lines.update(n.lineno for n in ast.walk(stmt) if hasattr(n, "lineno"))
    return lines


def _imported(node: ast.Import | ast.ImportFrom, name: str, is_package: bool) -> list[str]:
    """The modules an import statement in module ``name`` names."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        here = name.split(".") if is_package else name.split(".")[:-1]
        here = here[: len(here) - node.level + 1]
        base = ".".join([*here, base] if base else here)
    # ``from pkg import sub`` imports pkg.sub; ``from pkg import thing`` imports pkg
    return [f"{base}.{alias.name}" for alias in node.names] + [base]


def python_graph() -> dict[str, set[str]]:
    mods = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        graph[name] = set()
        if path is None:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _typing_only(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom) or node.lineno in skip:
                continue
            named = _imported(node, name, path.name == "__init__.py")
            found = [t for t in named[:-1] if t in mods]
            if isinstance(node, ast.ImportFrom) and len(found) == len(named) - 1:
                named = found  # every name is a submodule: the package itself is not used
            graph[name].update(t for t in named if t in mods and t != name)
    return graph


def _rust_files() -> dict[str, Path]:
    files: dict[str, Path] = {}
    for path in sorted(CORE.rglob("*.rs")):
        parts = list(path.relative_to(CORE).with_suffix("").parts)
        if parts[-1] in ("mod", "lib"):
            parts.pop()
        files["::".join(["crate", *parts])] = path
    return files


_PATH = re.compile(r"\b(crate|super)::((?:\w+::)*\w+|\{[^}]*\})")


def rust_graph() -> dict[str, set[str]]:
    files = _rust_files()
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        text = re.sub(r"//[^\n]*", "", path.read_text(encoding="utf-8"))
        parent = name.split("::")[:-1]  # what ``super`` names, from a file or a mod.rs
        graph[name] = set()
        for match in _PATH.finditer(text):
            base = ["crate"] if match.group(1) == "crate" else parent
            tail = match.group(2)
            items = tail[1:-1].split(",") if tail.startswith("{") else [tail]
            for item in items:
                full = base + [p for p in item.strip().split("::") if p and p != "self"]
                while full and "::".join(full) not in files:
                    full.pop()
                target = "::".join(full)
                if target not in ("", "crate", name):
                    graph[name].add(target)
    return graph


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected sets of two or more nodes (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_circles_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_python_imports_have_no_circle() -> None:
    graph = python_graph()
    assert graph["hoyle"], "the graph reader found no import in hoyle/__init__.py"
    assert circles(graph) == []


def test_rust_modules_have_no_circle() -> None:
    graph = rust_graph()
    assert graph["crate::py::eval"], "the graph reader found no path in src-rust/py/eval.rs"
    assert circles(graph) == []


def _sizes() -> Iterator[tuple[str, str, str, int, int]]:
    """(kind, file, qualified name, lines, limit) of every module, class and function."""
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        text = path.read_text(encoding="utf-8")
        yield "module", rel, "", text.count("\n"), MAX_MODULE_LINES

        def walk(
            node: ast.AST, prefix: str, rel: str = rel
        ) -> Iterator[tuple[str, str, str, int, int]]:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                    qual = f"{prefix}{child.name}"
                    assert child.end_lineno is not None
                    lines = child.end_lineno - child.lineno + 1
                    if isinstance(child, ast.ClassDef):
                        yield "class", rel, qual, lines, MAX_CLASS_LINES
                    else:
                        yield "function", rel, qual, lines, MAX_FUNCTION_LINES
                    yield from walk(child, qual + ".")

        yield from walk(ast.parse(text), "")


@pytest.mark.parametrize("kind", ["module", "class", "function"])
def test_sizes(kind: str) -> None:
    seen = [s for s in _sizes() if s[0] == kind]
    assert seen, f"no {kind} measured"
    over = [
        f"{rel} {qual} ({lines} lines, limit {limit})"
        for k, rel, qual, lines, limit in seen
        if lines > limit and (rel, qual) not in EXCEPTIONS
    ]
    assert over == []


def test_exceptions_are_still_needed() -> None:
    sizes = {(rel, qual): (lines, limit) for _, rel, qual, lines, limit in _sizes()}
    stale = [key for key in EXCEPTIONS if key not in sizes or sizes[key][0] <= sizes[key][1]]
    assert stale == []
