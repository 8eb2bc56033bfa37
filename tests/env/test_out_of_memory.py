"""Issue 25, item 3: a ``VectorTables`` larger than the memory the process
may use raises ``MemoryError`` naming how much it asked for, instead of
aborting the interpreter (a failed Rust allocation: SIGABRT, exit 134), and
the process carries on. Each case runs in a child whose address space is
capped (``RLIMIT_AS``, as a container's limit caps it) and whose SIGABRT is
not masked (``tests/support/children.py``)."""

from __future__ import annotations

import textwrap

from tests.support import children

#: The arrays VectorTables makes in numpy fit under the cap (zeroed pages,
#: never touched), the core's buffers for a million tables do not: about
#: 2 KiB a table past the arrays, of which this much is granted.
_MARGIN = 400 * 2**20

_CHILD = """
import hoyle, numpy as np
from hoyle.env import Layout, VectorTables
from hoyle.games import texas_holdem

game = texas_holdem()
n = 1_000_000
arrays = n * (4 * Layout(game, 6).size + 64 + 8 + 4 * 6 + 1)
memory_limit(arrays + {margin})
try:
    VectorTables(game, n, seats=6, backend="core")
except MemoryError as e:
    print("MemoryError:", e, flush=True)
else:
    print("made", flush=True)
# the process goes on: a small batch plays, in the same capped process
small = VectorTables(game, 4, seats=6, backend="core", seed=3)
obs, mask, actor = small.reset()
for _ in range(40):
    acts = np.array([int(np.flatnonzero(row)[0]) if row.any() else 0 for row in mask])
    obs, mask, actor, rewards, done = small.step(acts)
print("played", int(actor.shape[0]), float(np.abs(obs).sum()) > 0, flush=True)
"""


def test_a_batch_past_the_memory_limit_raises_memory_error() -> None:
    done = children.run(textwrap.dedent(_CHILD.format(margin=_MARGIN)), timeout=240)
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr[-2000:])
    lines = done.stdout.splitlines()
    assert lines[0].startswith("MemoryError: out of memory: "), lines
    assert "1000000 tables of 6 seats" in lines[0]
    # the size asked for, in bytes: at least a KiB a table
    asked = int(lines[0].split(" needs ")[1].split()[0])
    assert asked > 1024 * 1_000_000, lines[0]
    assert lines[1] == "played 4 True", lines
