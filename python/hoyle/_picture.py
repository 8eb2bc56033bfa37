"""``Picture``: the ``matplotlib.figure.Figure`` that ``hoyle.plot``
returns. It is a plain ``Figure`` (made without ``pyplot``, so no backend
is chosen and nothing is registered) that a notebook shows inline even when
matplotlib's inline backend was never set up: IPython's formatter for
figures is installed only once ``pyplot`` is imported, and without it a
bare ``Figure`` displays as ``<Figure size 800x480 with 1 Axes>``. Where
that formatter is installed it takes precedence, so a figure is shown once
either way. Imported by ``hoyle.plot`` only after checking for matplotlib;
without matplotlib this module defines nothing."""

from __future__ import annotations

import io

try:
    from matplotlib.figure import Figure
except ImportError:  # matplotlib is optional: hoyle.plot says how to get it
    pass
else:

    class Picture(Figure):  # type: ignore[misc, unused-ignore]
        """A ``Figure`` with a PNG for IPython's display (at 100 dpi)."""

        def _repr_png_(self) -> bytes:
            buffer = io.BytesIO()
            self.savefig(buffer, format="png", dpi=100)
            return buffer.getvalue()
