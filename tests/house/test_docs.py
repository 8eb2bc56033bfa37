"""The examples in the Rust docstrings and the README run as tests. A
README block that needs an optional package says so in an HTML comment on
the line before its fence, ``<!-- needs: pettingzoo -->``: it is skipped
where one of them is not installed (the quick subset on the oldest and the
newest Python runs without the ``rl`` extra)."""

from __future__ import annotations

import doctest
import importlib
import re

import hoyle
import hoyle._core
import pytest

from tests.support import ROOT

README = ROOT / "README.md"
# (the packages it needs, the block)
BLOCKS: list[tuple[str, str]] = re.findall(
    r"(?:<!-- needs: ([\w. -]+) -->\n)?```python\n(.*?)```", README.read_text(), flags=re.S
)


def test_extension_docstrings() -> None:
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tried = 0
    for name in dir(hoyle._core):
        obj = getattr(hoyle._core, name)
        for test in finder.find(obj, name, module=False, globs={}):
            result = runner.run(test)
            tried += result.attempted
            assert result.failed == 0, name
    assert tried >= 8


def test_readme_has_examples() -> None:
    assert len(BLOCKS) >= 8, "the README has python examples"
    assert README.read_text().count("```python") == len(BLOCKS)


def _importable(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


@pytest.mark.parametrize(("needs", "block"), BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_readme_examples(needs: str, block: str) -> None:
    missing = [name for name in needs.split() if not _importable(name)]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (pip install 'hoyle[rl]')")
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {"hoyle": hoyle}, "README", "README.md", 0)
    result = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test)
    assert result.failed == 0
    assert result.attempted > 0
