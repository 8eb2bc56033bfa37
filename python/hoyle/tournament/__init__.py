"""Tournaments: prize equity by the independent chip model (``icm``),
heads-up push/fold equilibria in chips (``push_fold``, ``push_fold_chart``)
and in prize equity (``push_fold_icm``); tournaments played out (``play``).

>>> from hoyle.tournament import icm
>>> icm([50, 30, 20], [70, 30])
(Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7))
"""

from __future__ import annotations

from hoyle.tournament._chart import PushFoldChart, push_fold_chart
from hoyle.tournament._icm import ICM, icm
from hoyle.tournament._icm_pushfold import PushFoldICM, push_fold_icm
from hoyle.tournament._play import Level, PlayerResult, TournamentResult, play
from hoyle.tournament._pushfold import PushFold, push_fold

__all__ = [
    "ICM",
    "Level",
    "PlayerResult",
    "PushFold",
    "PushFoldChart",
    "PushFoldICM",
    "TournamentResult",
    "icm",
    "play",
    "push_fold",
    "push_fold_chart",
    "push_fold_icm",
]
