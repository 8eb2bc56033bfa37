"""The examples in the Rust docstrings and the README run as tests."""

from __future__ import annotations

import doctest
import pathlib
import re

import hoyle
import hoyle._core


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


def test_readme_examples() -> None:
    readme = pathlib.Path(__file__).parent.parent / "README.md"
    blocks = re.findall(r"```python\n(.*?)```", readme.read_text(), flags=re.S)
    assert blocks, "the README has python examples"
    for block in blocks:
        parser = doctest.DocTestParser()
        test = parser.get_doctest(block, {"hoyle": hoyle}, "README", "README.md", 0)
        result = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test)
        assert result.failed == 0
        assert result.attempted > 0
