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


def test_the_gymnasium_vector_loop_runs_on_its_own() -> None:
    """The docs' Gymnasium vector loop (the autoreset step's all-False mask),
    run as written with nothing defined before it: it imports what it uses."""
    page = ROOT / "docs" / "env.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(), flags=re.S)
    loop = [b for b in blocks if "SyncVectorEnv" in b and "autoresets" in b]
    assert len(loop) == 1
    test = doctest.DocTestParser().get_doctest(loop[0], {}, "env.md vector loop", "docs/env.md", 0)
    result = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test, clear_globs=False)
    assert result.failed == 0
    assert result.attempted >= 8
    assert test.globs["autoresets"] > 50  # the all-False rows were met, and handled
