"""The ``hoyle`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from concurrent.futures import Executor
from contextlib import AbstractContextManager
from typing import NoReturn, TypeAlias

import hoyle
from hoyle._messages import one_line

_Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def _eval(args: argparse.Namespace) -> int:
    rank = hoyle.evaluate(" ".join(args.cards))
    cards = " ".join(str(c) for c in rank.best_five)
    print(f"{rank}  [{cards}]  value {rank.value}")
    return 0


def _bench(args: argparse.Namespace) -> int:
    from hoyle import bench

    results = bench.run(count=args.hands, batch=args.batch, seconds=args.seconds)
    print(bench.table(results))
    return 0


def _equity(args: argparse.Namespace) -> int:
    if args.plot is not None:  # checked before any work (the grid skips cells that fail)
        from hoyle._equity_args import trials_count

        try:
            trials_count(args.plot_trials)
        except hoyle.EquityError as refused:
            raise hoyle.EquityError(f"--plot-trials: {refused}") from refused
        from hoyle import plot

        plot._writable("--plot", args.plot)  # matplotlib there, the file's format known
    kwargs: dict[str, object] = {
        "board": args.board,
        "dead": args.dead,
        "trials": args.trials,
        "seed": args.seed,
        "threads": args.threads,
    }
    if args.exact:
        kwargs["exact"] = True
    if args.target_stderr is not None:
        kwargs["target_stderr"] = args.target_stderr
    if args.game is not None:
        from hoyle import games

        presets = [n for n in games.__all__ if not isinstance(getattr(games, n), type)]
        if args.game not in presets:  # Game and Street are classes, not presets
            raise hoyle.GameError(
                f"--game: no preset {args.game!r} in hoyle.games; presets: {', '.join(presets)}"
            )
        kwargs["game"] = getattr(games, args.game)()
    with _executor(args) as executor:
        eq = hoyle.equity(
            args.players,
            progress=not args.quiet,
            executor=executor,
            **kwargs,  # type: ignore[arg-type]
        )
    kind = "exact" if eq.exact else f"Monte Carlo, {eq.trials:,} trials, seed {eq.seed}"
    print(f"equity ({kind})")
    width = max(len(p) for p in args.players)
    for p, name in enumerate(args.players):
        spread = "" if eq.exact else f" ± {eq.stderr[p] * 100:.2f}"
        print(
            f"  {name:<{width}}  {eq.equity[p] * 100:7.3f}%{spread}"
            f"  win {eq.win[p] * 100:7.3f}%  tie {eq.tie[p] * 100:6.3f}%  combos {eq.combos[p]}"
            + (f"  low {eq.low[p] * 100:7.3f}%" if any(eq.low) else "")
        )
    if args.plot:
        from hoyle import plot

        plot.range_grid(
            args.players,
            path=args.plot,
            board=args.board,
            dead=args.dead,
            trials=args.plot_trials,
            seed=args.seed,
        )
        print(f"plot: {args.plot}")
    return 0


def _play(args: argparse.Namespace) -> int:
    from hoyle import play

    with _executor(args) as executor:
        play.command(args, executor)
    return 0


def _tournament(args: argparse.Namespace) -> int:
    from hoyle.tournament import _play

    levels = [_play.parse_level(text) for text in args.levels.split(",")]
    payouts = [int(p) for p in args.payouts.split(",")] if args.payouts else []
    players: list[str] = [*(args.bot or ()), *(b for b in args.bots.split(",") if b)]
    with _executor(args) as executor:
        result = _play.play(
            args.game,
            players,
            stacks=args.stack,
            payouts=payouts,
            levels=levels,
            seed=args.seed,
            tables=args.tables,
            tournaments=args.tournaments,
            executor=executor,
        )
    print(
        f"{args.tournaments} tournaments of {len(players)} players, {result.hands} hands, "
        f"in {result.seconds:.2f} s ({args.tournaments / result.seconds:.1f}/s); "
        "ROI and the share of each finishing place:"
    )
    print(result.summary())
    return 0


def _add_tournament(commands: _Commands, trace: argparse.ArgumentParser) -> None:
    p = commands.add_parser(
        "tournament",
        help="tournaments of bots played to the last chip, each bot's ROI and places",
        parents=[trace],
    )
    p.add_argument("--game", default="texas_holdem", help="preset in hoyle.games")
    p.add_argument(
        "--bots",
        default="tight,loose,random,tight,loose,random",
        help="comma-separated built-in bots, one per player (default six)",
    )
    p.add_argument("--bot", action="append", metavar="MODULE:CALLABLE", help="your bot; repeatable")
    p.add_argument("--stack", type=int, default=1_000, help="starting chips (default 1000)")
    p.add_argument("--payouts", default="50,30,20", help="prizes by place (default 50,30,20)")
    p.add_argument(
        "--levels",
        default="5/10x30,10/20x30,25/50/5x30,50/100/10x30,100/200/20",
        help="blind levels SB/BB[/ANTE][xROUNDS], comma-separated; the last lasts to the end",
    )
    p.add_argument("--tables", type=int, default=1, help="tables the field starts at")
    p.add_argument("--tournaments", type=int, default=100, help="tournaments to play")
    p.add_argument("--seed", type=int, default=None, help="seed for the seats, cards and bots")
    _add_cluster(p, "play the tournaments")
    p.set_defaults(func=_tournament)


def _executor(args: argparse.Namespace) -> AbstractContextManager[Executor | None]:
    """The executor of ``--workers`` or ``--scheduler`` (None: this process)."""
    import importlib.util

    from hoyle import cluster

    if args.scheduler is not None and importlib.util.find_spec("distributed") is None:
        raise hoyle.HoyleError('--scheduler needs Dask: pip install "hoyle[dask]"')
    return cluster.executor(workers=args.workers, scheduler=args.scheduler)


def _add_cluster(parser: argparse.ArgumentParser, what: str) -> None:
    """``--workers`` and ``--scheduler``: where the shards run."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help=f"{what} on a pool of N local processes (default: this process)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=f"{what} on a running Dask cluster, e.g. tcp://10.0.0.5:8786 "
        '(pip install "hoyle[dask]")',
    )


def _site_rake(args: argparse.Namespace) -> hoyle.history.SiteRake | None:
    """The ``--rake`` options as a ``SiteRake`` (None without ``--rake``)."""
    from hoyle.history import SiteRake

    if args.rake is None:
        if args.no_flop_no_drop or args.rake_caps or args.rake_unit:
            raise hoyle.HoyleError("--no-flop-no-drop, --rake-caps and --rake-unit need --rake")
        return None
    caps: dict[int, str] = {}
    for item in filter(None, (args.rake_caps or "").split(",")):
        players, sep, cap = item.partition("=")
        if not sep or not players.strip().isdigit():
            raise hoyle.HoyleError(f"--rake-caps: {item!r} is not PLAYERS=CAP (as 2=1,4=2,5=3)")
        caps[int(players)] = cap.strip()
    options: dict[str, object] = {"caps": caps, "no_flop_no_drop": args.no_flop_no_drop}
    if args.rake_unit:
        options["unit"] = args.rake_unit
    return SiteRake.parse(args.rake, **options)


def _replay(args: argparse.Namespace) -> int:
    from hoyle import history

    rake = _site_rake(args)
    with _executor(args) as executor:
        report = history.replay_all(
            args.files,
            executor=executor,
            progress=not args.quiet and (len(args.files) > 20 or executor is not None),
            rake=rake,
            outcomes=not args.summary_only,
        )
    for outcome in report.outcomes:
        print(outcome.line)
    if args.summary_only:
        for failure in report.failures:
            print(f"error: {failure.message}")
    print(
        f"{report.hands} hands replayed from {report.files} files in {report.seconds:.2f} s: "
        f"{report.matched} match their finishing stacks, {report.differ} differ, "
        f"{report.unknown} have none ({report.deep} with unknown stacks: net chips), "
        f"{report.undetermined} undetermined; {report.errors} errors"
    )
    return 1 if report.errors else 0


def _add_replay(commands: _Commands, trace: argparse.ArgumentParser) -> None:
    """The ``replay`` command's arguments."""
    p_replay = commands.add_parser(
        "replay", help="replay PHH hand histories (.phh, .phhs)", parents=[trace]
    )
    p_replay.add_argument("files", nargs="+", help="PHH files")
    p_replay.add_argument("--quiet", action="store_true", help="no progress bar")
    p_replay.add_argument(
        "--summary-only", action="store_true", help="print only the summary, not a line per hand"
    )
    p_replay.add_argument(
        "--rake",
        metavar="PERCENT[:CAP]",
        help="the room's rake, taken from each hand's pots before the finishing stacks are "
        "compared, in the file's money: 5:3 is 5%% capped at 3",
    )
    p_replay.add_argument(
        "--rake-caps",
        metavar="N=CAP,...",
        help="caps by players dealt in: 4=2,5=3 caps at 2 with four players and at 3 with "
        "five or more (fewer players: the CAP of --rake)",
    )
    p_replay.add_argument(
        "--rake-unit",
        metavar="AMOUNT",
        help="the rake is rounded down to a multiple of this (default 0.01, a cent)",
    )
    p_replay.add_argument(
        "--no-flop-no-drop", action="store_true", help="no rake on a hand that ends before the flop"
    )
    _add_cluster(p_replay, "replay the files")
    p_replay.set_defaults(func=_replay)


def _add_bench(commands: _Commands, trace: argparse.ArgumentParser) -> None:
    p_bench = commands.add_parser(
        "bench", help="compare evaluator speed with installed peers", parents=[trace]
    )
    p_bench.add_argument("--hands", type=int, default=200_000, help="hands for single calls")
    p_bench.add_argument("--batch", type=int, default=2_000_000, help="hands per batch")
    p_bench.add_argument("--seconds", type=float, default=1.0, help="time per case")
    p_bench.set_defaults(func=_bench)


def _add_equity(commands: _Commands, trace: argparse.ArgumentParser) -> None:
    p_eq = commands.add_parser("equity", help="equity of hands or ranges", parents=[trace])
    p_eq.add_argument(
        "players",
        nargs="+",
        help='hands or ranges, e.g. AhKh "QQ+,AKs" 15%%; with --game omaha: "AA**" AAKKds',
    )
    p_eq.add_argument("--board", default="", help="board cards")
    p_eq.add_argument("--dead", default="", help="dead cards")
    p_eq.add_argument("--trials", type=int, default=None, help="Monte Carlo trials")
    p_eq.add_argument("--seed", type=int, default=None, help="Monte Carlo seed")
    p_eq.add_argument("--exact", action="store_true", help="enumerate every board")
    p_eq.add_argument("--target-stderr", type=float, default=None, help="stop at this error")
    p_eq.add_argument("--threads", type=int, default=None, help="threads (default: all)")
    p_eq.add_argument("--quiet", action="store_true", help="no progress bar")
    p_eq.add_argument(
        "--game", default=None, help="preset in hoyle.games, e.g. omaha_hilo (default: hold'em)"
    )
    p_eq.add_argument(
        "--plot",
        metavar="FILE",
        help="save the 13x13 equity grid of hoyle.plot.range_grid (matplotlib; "
        "the extension is the format: .png, .svg, .pdf...)",
    )
    p_eq.add_argument("--plot-trials", type=int, default=20_000, help="trials per grid cell")
    _add_cluster(p_eq, "run Monte Carlo's shards (exact enumeration: this machine's threads)")
    p_eq.set_defaults(func=_equity)


def _add_play(commands: _Commands, trace: argparse.ArgumentParser) -> None:
    p_play = commands.add_parser(
        "play",
        help="a match of bots (built-in, or yours with --bot), with a summary",
        description="A match of bots at one table of --seats (6). Your bots (--bot) take "
        "the first seats, in order, then the built-in ones (--bots) fill the rest. Every "
        "seat starts every hand with --stacks chips (--carry-stacks: carried over, rebuys). "
        "The table gives each seat's net chips, bb/100 with its 95%% interval, pots won, "
        "showdowns, VPIP, PFR and buy-ins, each explained under it.",
        parents=[trace],
    )
    p_play.add_argument("--hands", type=int, default=2_000, help="hands to play")
    p_play.add_argument("--seed", type=int, default=None, help="seed for the cards and bots")
    p_play.add_argument(
        "--game", default="texas_holdem", help="preset in hoyle.games (default texas_holdem)"
    )
    p_play.add_argument(
        "--bots",
        default=None,
        help="comma-separated built-in bots, filling the seats after yours in order, repeated "
        "as needed: tag, equity, station, tight, loose, random (default "
        'tag,equity,station,loose,random,tight; "" for none)',
    )
    p_play.add_argument(
        "--bot",
        action="append",
        metavar="MODULE:CALLABLE",
        help="seat your bot (it takes one of the --seats, first), a callable bot(hand, rng) "
        "that makes one move on the Hand (a policy(observation, mask) -> index: wrap it with "
        "hoyle.env.policy_bot); the module is searched in the current directory first; "
        "repeatable",
    )
    p_play.add_argument(
        "--seats",
        type=int,
        default=None,
        help="seats at the table, yours included (default 6; with --bots: yours and those)",
    )
    p_play.add_argument(
        "--stacks", "--stack", type=int, default=200, help="every seat's stack, in chips (200)"
    )
    policy = p_play.add_mutually_exclusive_group()
    policy.add_argument(
        "--reset-stacks",
        dest="reset_stacks",
        action="store_true",
        default=True,
        help="every seat starts every hand with its stack (the default: results measure play)",
    )
    policy.add_argument(
        "--carry-stacks",
        dest="reset_stacks",
        action="store_false",
        help="stacks carry over from hand to hand; a seat that busts buys in again",
    )
    p_play.add_argument(
        "--blinds", default=None, metavar='"SMALL BIG"', help='the blinds, e.g. "1 2" or "5 10"'
    )
    p_play.add_argument("--quiet", action="store_true", help="no progress bar")
    form = p_play.add_mutually_exclusive_group()
    form.add_argument(
        "--json", action="store_true", help='the result as one JSON object (a "seats" list)'
    )
    form.add_argument("--csv", action="store_true", help="the result as CSV, a row per seat")
    p_play.add_argument(
        "--on-bot-error",
        choices=("stop", "skip"),
        default="stop",
        help="a bot that fails: stop the match (default), or void that hand and play on; "
        "--traceback prints the failing bot's traceback",
    )
    _add_cluster(p_play, "play the hands")
    p_play.set_defaults(func=_play)


class _Parser(argparse.ArgumentParser):
    """argparse's parser, its errors one line: ``hoyle: play: argument
    --hands: ...`` (argparse prints the usage and the error on two lines or
    more), then exit 2 as argparse does."""

    def error(self, message: str) -> NoReturn:
        where = self.prog.removeprefix("hoyle").strip()
        text = " ".join(f"{where + ': ' if where else ''}{message}".split())
        self.exit(2, f"hoyle: {text} (hoyle {where + ' ' if where else ''}--help)\n")


def _parser() -> argparse.ArgumentParser:
    """The ``hoyle`` command's arguments, each command's with its own."""
    trace = argparse.ArgumentParser(add_help=False)
    trace.add_argument(
        "--traceback",
        action="store_true",
        default=argparse.SUPPRESS,
        help="on an error, print the whole chain of exceptions (default: one line)",
    )
    parser: argparse.ArgumentParser = _Parser(
        prog="hoyle", description="hoyle, a poker engine.", parents=[trace]
    )
    parser.add_argument("--version", action="version", version=f"hoyle {hoyle.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    p_eval = commands.add_parser("eval", help="rank a hand of 5, 6 or 7 cards", parents=[trace])
    p_eval.add_argument("cards", nargs="+", help='cards, e.g. "As Ks Qs Js Ts"')
    p_eval.set_defaults(func=_eval)
    _add_bench(commands, trace)
    _add_equity(commands, trace)
    _add_play(commands, trace)
    _add_replay(commands, trace)
    from hoyle.history._stats_cli import add_stats

    add_stats(commands, trace)
    _add_tournament(commands, trace)
    from hoyle.solve._cli import add_solve

    add_solve(commands, trace)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the ``hoyle`` command line; returns the exit status: 0, 1 when
    ``hoyle replay`` met bad files, 2 on an error (one line on stderr,
    ``hoyle: ...``; ``--traceback`` prints the chain), 130 on Ctrl-C."""
    args = _parser().parse_args(argv)
    traceback = getattr(args, "traceback", False)
    try:
        status: int = args.func(args)
    except KeyboardInterrupt:
        if traceback:
            _print_chain()
        print("hoyle: interrupted (Ctrl-C): stopped, no result", file=sys.stderr)
        return 130
    except Exception as err:  # every error the user meets: one line
        if traceback:
            _print_chain()
        print(f"hoyle: {_what(err)}", file=sys.stderr)
        return 2
    return status


def _print_chain() -> None:
    import traceback

    traceback.print_exc(file=sys.stderr)


def _what(err: Exception) -> str:
    """The one line that says what went wrong: hoyle's errors and the
    failures a run can meet in their own words, anything else with its type
    and a pointer to ``--traceback``."""
    from concurrent.futures import BrokenExecutor, CancelledError

    text = one_line(err)
    name = type(err).__name__
    said = text if text == name else f"{name}: {text}"
    if isinstance(err, hoyle.HoyleError):
        line = text
    elif isinstance(err, MemoryError):
        line = "out of memory" + ("" if text == name else f": {text}")
    elif isinstance(err, BrokenExecutor):
        line = f"a worker process died, the run is lost ({text})"
    elif isinstance(err, CancelledError):
        line = f"a shard was cancelled by the executor, the run is lost ({said})"
    elif type(err).__module__.partition(".")[0] == "distributed":  # KilledWorker, ...
        line = f"the Dask cluster failed the run: {said}"
    elif isinstance(err, OSError) and not isinstance(err, TimeoutError):
        line = text if text != name else f"{text} (an error of the system)"
    elif isinstance(err, (TypeError, ImportError, TimeoutError, RuntimeError)):
        line = said
    else:
        line = f"{said} (unexpected: --traceback shows where)"
    return line


if __name__ == "__main__":
    sys.exit(main())
