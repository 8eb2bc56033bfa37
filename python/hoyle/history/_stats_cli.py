"""``hoyle stats FILES...``: a tracker's statistics of hand history files
(``hoyle.history.statistics``), one row a player."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from hoyle._messages import one_line

__all__ = ["add_stats"]


def _stats(args: argparse.Namespace) -> int:
    from hoyle import history
    from hoyle.errors import HistoryError
    from hoyle.history.files import paths_of

    hands: list[history.HandHistory] = []
    refused = 0
    for path in paths_of(args.files):
        try:
            hands += history.load(path)
        except HistoryError as err:
            refused += 1
            print(f"error: {one_line(err)}", file=sys.stderr)
    stats = history.statistics(hands)
    for where, why in stats.skipped:
        print(f"skipped: {where}: {why}", file=sys.stderr)
    columns = ("hands", "VPIP", "PFR", "3B", "F3B", "CB", "FCB", "WTSD", "W$SD", "AF", "net", "EV")
    rows = sorted(stats.values(), key=lambda p: (-p.hands, p.name))[: args.top]
    width = max((len(p.name) for p in rows), default=6)
    print(f"{'player':<{width}}  " + "  ".join(f"{c:>6}" for c in columns))
    for p in rows:
        af = "-" if p.aggression_factor is None else f"{p.aggression_factor:.1f}"
        cells = (
            str(p.hands),
            *(
                f"{x:.0f}"
                for x in (
                    p.vpip_pct,
                    p.pfr_pct,
                    p.three_bet_pct,
                    p.fold_to_three_bet_pct,
                    p.cbet_pct,
                    p.fold_to_cbet_pct,
                    p.wtsd_pct,
                    p.wsd_pct,
                )
            ),
            af,
            f"{p.net:f}",
            f"{p.ev_net:.2f}",
        )
        print(f"{p.name:<{width}}  " + "  ".join(f"{c:>6}" for c in cells))
    print(
        f"{stats.hands} hands, {len(stats)} players; {len(stats.skipped)} hands not replayed, "
        f"{refused} files refused"
    )
    return 1 if refused or stats.skipped else 0


def add_stats(commands: Any, trace: argparse.ArgumentParser) -> None:
    """The ``stats`` command's arguments (``commands``: the ``hoyle`` parser's subparsers)."""
    p = commands.add_parser(
        "stats",
        help="a tracker's statistics (VPIP, PFR, 3-bet...) of hand histories (PHH, PokerStars)",
        parents=[trace],
    )
    p.add_argument("files", nargs="+", help="hand history files (PHH or a site's text)")
    p.add_argument("--top", type=int, default=50, help="players shown, most hands first")
    p.set_defaults(func=_stats)
