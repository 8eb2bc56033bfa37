"""The ``hoyle`` command."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence

import hoyle


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

        preset = getattr(games, args.game, None)
        if not callable(preset) or args.game.startswith("_"):
            raise hoyle.HoyleError(f"--game: no preset {args.game!r} in hoyle.games")
        kwargs["game"] = preset()
    eq = hoyle.equity(args.players, progress=not args.quiet, **kwargs)  # type: ignore[arg-type]
    kind = "exact" if eq.exact else f"Monte Carlo, {eq.trials:,} trials, seed {eq.seed}"
    print(f"equity ({kind})")
    width = max(len(p) for p in args.players)
    for p, name in enumerate(args.players):
        err = "" if eq.exact else f" ± {eq.stderr[p] * 100:.2f}"
        print(
            f"  {name:<{width}}  {eq.equity[p] * 100:7.3f}%{err}"
            f"  win {eq.win[p] * 100:7.3f}%  tie {eq.tie[p] * 100:6.3f}%  combos {eq.combos[p]}"
            + (f"  low {eq.low[p] * 100:7.3f}%" if any(eq.low) else "")
        )
    if args.plot:
        from hoyle import plot

        plot.range_grid(
            args.players,
            args.plot,
            board=args.board,
            dead=args.dead,
            trials=args.plot_trials,
            seed=args.seed,
        )
        print(f"plot: {args.plot}")
    return 0


def _play(args: argparse.Namespace) -> int:
    from hoyle import play

    players = [(spec, play.load_bot(spec)) for spec in args.bot or ()]
    bots = list(play.DEFAULT_BOTS) if args.bots is None else args.bots.split(",")
    summary = play.match(
        game=args.game,
        hands=args.hands,
        seed=args.seed,
        bots=[] if bots == [""] else bots,
        stack=args.stack,
        progress=not args.quiet,
        players=players,
    )
    play.print_summary(summary)
    return 0


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


def _money(amount: int, scale: int, sign: bool = False) -> str:
    """Chips times ``scale`` as the file's money: 4800 at scale 100 is 48.00."""
    from decimal import Decimal

    places = len(str(scale)) - 1
    return f"{Decimal(amount).scaleb(-places):{'+' if sign and amount else ''}f}"


def _replay_hand(
    h: hoyle.history.HandHistory, rake: hoyle.history.SiteRake | None, counts: dict[str, int]
) -> str:
    """Replays one hand for ``hoyle replay``: counts it and returns its line
    (``error: ...`` for a hand hoyle refuses)."""
    try:
        hand = h.replay(rake=rake)
    except hoyle.UndeterminedError as err:  # a result the file does not have
        counts["hands"] += 1
        counts["undetermined"] += 1
        player = {h.seat(i + 1): f"p{i + 1}" for i in range(len(err.payouts))}
        pots = "; ".join(
            f"pot {_money(pot.amount, h.scale)} to one of "
            + " ".join(player[s] for s in pot.eligible)
            for pot in err.pots
        )
        return f"{h.where}  {h.variant}  undetermined: {pots} (no contender shows)"
    except hoyle.HistoryError as err:
        counts["errors"] += 1
        return f"error: {err}"
    counts["hands"] += 1
    expected = h.finishing_stacks
    seat_of = [h.seat(i + 1) for i in range(len(hand.stacks))]
    if h.unknown_stacks:
        net = h.net_chips(hand)
        verdict = "unknown stacks, net " + " ".join(
            f"p{i + 1} {_money(net[s], h.scale, sign=True)}" for i, s in enumerate(seat_of)
        )
        counts["unknown"] += 1
        counts["deep"] += 1
    elif expected is None:
        verdict = "no finishing_stacks"
        counts["unknown"] += 1
    elif hand.stacks == expected:
        verdict = "finishing stacks match"
        counts["match"] += 1
    else:
        verdict = "finishing stacks differ"
        counts["differ"] += 1
    winners = [
        f"p{i + 1}" for i, s in enumerate(seat_of) if hand.stacks[s] > hand.starting_stacks[s]
    ]
    settlement = hand.settlement
    pot = sum(p.amount for p in settlement.pots) if settlement else hand.pot
    return (
        f"{h.where}  {h.variant}  pot {_money(pot, h.scale)}  "
        f"won by {' '.join(winners) or 'nobody'}  {verdict}"
    )


def _replay(args: argparse.Namespace) -> int:
    from hoyle import history

    rake = _site_rake(args)
    counts = dict.fromkeys(
        ("hands", "match", "differ", "unknown", "deep", "undetermined", "errors"), 0
    )

    def one(path: str, say: Callable[[str], None]) -> None:
        try:
            hands = history.load(path)
        except hoyle.HistoryError as err:
            counts["errors"] += 1
            say(f"error: {err}")
            return
        for h in hands:
            line = _replay_hand(h, rake, counts)
            if not args.summary_only or line.startswith("error: "):
                say(line)

    started = time.perf_counter()
    if len(args.files) > 20 and not args.quiet:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task("replaying", total=len(args.files))
            for path in args.files:
                one(path, lambda line: bar.console.print(line, markup=False, highlight=False))
                bar.advance(task)
    else:
        for path in args.files:
            one(path, print)
    seconds = time.perf_counter() - started
    print(
        f"{counts['hands']} hands replayed from {len(args.files)} files in {seconds:.2f} s: "
        f"{counts['match']} match their finishing stacks, {counts['differ']} differ, "
        f"{counts['unknown']} have none ({counts['deep']} with unknown stacks: net chips), "
        f"{counts['undetermined']} undetermined; {counts['errors']} errors"
    )
    return 1 if counts["errors"] else 0


def _add_replay(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``replay`` command's arguments."""
    p_replay = commands.add_parser("replay", help="replay PHH hand histories (.phh, .phhs)")
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
    p_replay.set_defaults(func=_replay)


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the ``hoyle`` command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="hoyle", description="hoyle, a poker engine.")
    parser.add_argument("--version", action="version", version=f"hoyle {hoyle.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    p_eval = commands.add_parser("eval", help="rank a hand of 5, 6 or 7 cards")
    p_eval.add_argument("cards", nargs="+", help='cards, e.g. "As Ks Qs Js Ts"')
    p_eval.set_defaults(func=_eval)
    p_bench = commands.add_parser("bench", help="compare evaluator speed with installed peers")
    p_bench.add_argument("--hands", type=int, default=200_000, help="hands for single calls")
    p_bench.add_argument("--batch", type=int, default=2_000_000, help="hands per batch")
    p_bench.add_argument("--seconds", type=float, default=1.0, help="time per case")
    p_bench.set_defaults(func=_bench)
    p_eq = commands.add_parser("equity", help="equity of hands or ranges")
    p_eq.add_argument("players", nargs="+", help='hands or ranges, e.g. AhKh "QQ+,AKs"')
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
    p_eq.add_argument("--plot", metavar="FILE", help="save a 13x13 equity grid (matplotlib)")
    p_eq.add_argument("--plot-trials", type=int, default=20_000, help="trials per grid cell")
    p_eq.set_defaults(func=_equity)
    p_play = commands.add_parser(
        "play",
        help="a match of bots (built-in, or yours with --bot), with a summary",
        description="A match of bots at one table. Your bots (--bot) take the first "
        "seats, in order, then the built-in ones (--bots).",
    )
    p_play.add_argument("--hands", type=int, default=2_000, help="hands to play")
    p_play.add_argument("--seed", type=int, default=None, help="seed for the cards and bots")
    p_play.add_argument(
        "--game", default="texas_holdem", help="preset in hoyle.games (default texas_holdem)"
    )
    p_play.add_argument(
        "--bots",
        default=None,
        help="comma-separated built-in bots, one per seat: tight, loose, random "
        '(default tight,loose,random,tight,loose,random; "" for none)',
    )
    p_play.add_argument(
        "--bot",
        action="append",
        metavar="MODULE:CALLABLE",
        help="seat your bot, a callable bot(hand, rng) that makes one move on the Hand "
        "(a policy(observation, mask) -> index: wrap it with hoyle.env.policy_bot); "
        "the module is searched in the current directory first; repeatable",
    )
    p_play.add_argument("--stack", type=int, default=200, help="buy-in, in chips")
    p_play.add_argument("--quiet", action="store_true", help="no progress bar")
    p_play.set_defaults(func=_play)
    _add_replay(commands)
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except hoyle.HoyleError as err:
        print(f"hoyle: {err}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
