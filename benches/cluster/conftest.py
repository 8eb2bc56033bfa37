"""Prints the cluster benchmark's figures (benches/cluster/test_cluster_bench.py)
at the end of the run: rates, the ratios to one process, the overhead and
the bytes of a shard."""

from __future__ import annotations

import pytest

#: name -> value, filled by the benchmark in this run
FIGURES: dict[str, float] = {}
#: name -> the values of each round (or other series), printed after them
SERIES: dict[str, list[float]] = {}


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not FIGURES and not SERIES:
        return
    write = terminalreporter.write_line
    write("")
    write("Dask LocalCluster (2 worker processes, 1 thread each) against one process:")
    for name, value in FIGURES.items():
        shown = f"{value:14,.2f}" if name.endswith("(x)") else f"{value:14,.1f}"
        write(f"  {name:58} {shown}")
    for task in ("simulate", "replay_all"):
        one = FIGURES.get(f"{task}: one process, hands/s")
        for where in ("Dask, 2 workers", "process pool, 2 workers"):
            far = FIGURES.get(f"{task}: {where}, hands/s")
            if one and far:
                write(f"  {task}, {where} / one process: {far / one:.2f}x (target 1.7x)")
    for name, values in SERIES.items():
        write(f"  {name}: " + ", ".join(f"{v:.2f}" for v in values))
