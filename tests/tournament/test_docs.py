"""docs/tournament.md's examples run as doctests."""

from __future__ import annotations

import doctest

from tests.support import ROOT


def test_tournament_doc_examples() -> None:
    text = (ROOT / "docs" / "tournament.md").read_text(encoding="utf-8")
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "tournament.md", "docs/tournament.md", 0)
    result = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test)
    assert result.attempted >= 4
    assert result.failed == 0
