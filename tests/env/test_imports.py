"""``import hoyle`` and ``import hoyle.env`` need neither PettingZoo nor
Gymnasium; the environments that do say how to get them."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def test_hoyle_env_without_the_rl_extra() -> None:
    script = textwrap.dedent(
        """
        import sys
        sys.modules["pettingzoo"] = None  # as if not installed
        sys.modules["gymnasium"] = None
        import hoyle, hoyle.env
        from hoyle.env import Actions, Layout, hand_seed
        assert Layout(hoyle.games.texas_holdem(), 2).size > 0
        assert "gymnasium" not in {m for m in sys.modules if sys.modules[m] is not None}
        for name in ("aec_env", "parallel_env", "SingleAgentEnv"):
            try:
                getattr(hoyle.env, name)
            except ImportError as err:
                assert 'pip install "hoyle[rl]"' in str(err), err
            else:
                raise AssertionError(name + " imported without its extra")
        tables = hoyle.env.VectorTables(hoyle.games.texas_holdem(), 2, seats=2, seed=1)
        assert tables.reset()[0].shape[0] == 2
        print("ok")
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
