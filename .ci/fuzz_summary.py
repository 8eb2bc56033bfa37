"""Print the fuzz report of a CI run as a table: per area, the inputs tried and
what they gave (``ok`` or the error's class name, most frequent first).

Usage: ``python .ci/fuzz_summary.py REPORT``, where REPORT is the JSON-lines
file that tests/support/fuzzing.py appends to when ``HOYLE_FUZZ_REPORT`` is set (one
line ``{"area", "inputs", "outcomes"}`` per fuzz run; an area run twice is
added up). A missing or empty report is said, not an error: it only means no
fuzz test ran. A line that is not such a record fails the run (exit 1), since
then the report is not what the fuzz tests wrote.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path


def read(path: Path) -> dict[str, tuple[int, Counter[str]]]:
    """The report's areas, in order of first appearance: (inputs, outcomes)."""
    areas: dict[str, tuple[int, Counter[str]]] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            area, inputs, outcomes = record["area"], record["inputs"], record["outcomes"]
            if not isinstance(inputs, int) or not isinstance(outcomes, dict):
                raise TypeError("inputs must be an int and outcomes an object")
        except (ValueError, KeyError, TypeError) as error:
            raise SystemExit(
                f"{path}:{number}: not a fuzz record ({error}): {line[:200]}"
            ) from None
        tried, seen = areas.get(str(area), (0, Counter()))
        seen.update({str(k): int(v) for k, v in outcomes.items()})
        areas[str(area)] = (tried + inputs, seen)
    return areas


def table(areas: dict[str, tuple[int, Counter[str]]]) -> str:
    """The areas as aligned text rows, with a total."""
    width = max(len("area"), *(len(area) for area in areas))
    rows = [f"{'area':<{width}}  {'inputs':>9}  outcomes"]
    for area, (inputs, outcomes) in areas.items():
        said = ", ".join(f"{name} {count:,}" for name, count in outcomes.most_common())
        rows.append(f"{area:<{width}}  {inputs:>9,}  {said}")
    total = sum(inputs for inputs, _ in areas.values())
    rows.append(f"{'total':<{width}}  {total:>9,}  ({len(areas)} areas)")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: fuzz_summary.py REPORT", file=sys.stderr)
        return 2
    path = Path(argv[0])
    areas = read(path) if path.is_file() else {}
    if not areas:
        print(f"fuzz: no fuzz test reported ({path} is missing or empty)")
        return 0
    print(table(areas))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
