"""The examples of docs/env.md run as tests, in order, sharing names."""

from __future__ import annotations

import doctest
import re

import hoyle
import pytest

from tests.support import ROOT

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")


def test_env_page_examples() -> None:
    page = ROOT / "docs" / "env.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(), flags=re.S)
    assert len(blocks) >= 5
    names: dict[str, object] = {"hoyle": hoyle}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for k, block in enumerate(blocks):
        test = parser.get_doctest(block, names, f"env.md[{k}]", "docs/env.md", 0)
        result = runner.run(test, clear_globs=False)
        assert result.failed == 0, f"docs/env.md example {k}"
        assert result.attempted > 0
        names = test.globs
