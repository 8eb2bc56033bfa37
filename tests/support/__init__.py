"""What the test rooms share: the oracles, the fuzzer, the simulation bots,
and where the repository and the test data are."""

from pathlib import Path

#: The repository's root (pyproject.toml, README.md, docs/, .ci/).
ROOT = Path(__file__).resolve().parents[2]
#: The test data: PHH corpora, the HandHQ sample, the equity regression table.
DATA = ROOT / "tests" / "data"
