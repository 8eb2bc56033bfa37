"""A test's child process sets what it relies on itself (issue 25, item
15): every test file that signals a child (Ctrl-C, SIGTERM) starts it
through ``tests/support/children.py``, whose prelude sets the child's
dispositions, so the suite passes whatever its runner ignores."""

from __future__ import annotations

import re

from tests.support import ROOT

#: Sending a signal a child could have inherited as ignored (SIGKILL and
#: SIGSTOP cannot be ignored: a test may send those to any process).
_SIGNALS = re.compile(r"send_signal\(|SIG(INT|TERM|HUP|QUIT|USR1|USR2|ALRM)\b")


def test_tests_that_signal_a_child_start_it_with_its_dispositions_set() -> None:
    offenders = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if path.parts[-2:] == ("support", "children.py") or path.name == "test_children.py":
            continue
        text = path.read_text()
        starts_child = "subprocess" in text or "multiprocessing" in text
        if starts_child and _SIGNALS.search(text) and not re.search(r"\bchildren\.", text):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == [], (
        "these tests signal a child without tests.support.children (its prelude "
        f"sets SIGINT's handler in the child): {offenders}"
    )
