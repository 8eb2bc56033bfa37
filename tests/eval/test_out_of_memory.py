"""Issue 25, item 3: a batch whose output cannot be allocated raises
``MemoryError`` naming how much it asked for (numpy's message), not a
``PanicException`` or an abort, and the process carries on. The child caps
its address space (``RLIMIT_AS``) so that the hands fit and their values
do not (``tests/support/children.py``)."""

from __future__ import annotations

import textwrap

from tests.support import children

_CHILD = """
import numpy as np
import hoyle

rows = 100_000_000  # 700 MB of hands, 400 MB of values (zeroed pages, untouched)
hands = np.zeros((rows, 7), dtype=np.uint8)
given = np.empty(rows, dtype=np.uint32)  # out=: the values go through a new array first
memory_limit(200 * 2**20)
for out in (None, given):
    try:
        hoyle.evaluate_batch(hands, out=out)
    except MemoryError as e:
        print("MemoryError:", e, flush=True)
    except hoyle.HandError as e:
        print("HandError:", str(e)[:80], flush=True)
    except BaseException as e:
        print("other:", type(e).__name__, e, flush=True)
del hands
ok = np.array([[51, 47, 43, 39, 35, 0, 1]], dtype=np.uint8)
print("after", int(hoyle.evaluate_batch(ok)[0]) == hoyle.evaluate(ok[0].tolist()).value)
"""


def test_a_batch_whose_output_does_not_fit_raises_memory_error() -> None:
    done = children.run(textwrap.dedent(_CHILD), timeout=120)
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr[-2000:])
    lines = done.stdout.splitlines()
    for line in lines[:2]:  # without out=, and with it
        assert line.startswith("MemoryError: Unable to allocate 381. MiB"), lines
        assert "(100000000,)" in line
    assert lines[2] == "after True", lines
