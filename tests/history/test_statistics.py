"""``hoyle.history.statistics`` against a naive count written here from the
PHH action lines (not from hoyle's replay), over the PHH corpus and the site
fixtures, and on hands built to hit each statistic's edge cases."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path
from typing import Any

import hoyle
import numpy as np
import pytest
from hoyle.history import HandHistory, PlayerStats, Statistics, statistics

DATA = Path(__file__).parent.parent / "data"
PHH = sorted(p for p in (DATA / "phh").rglob("*") if p.suffix in (".phh", ".phhs"))
STARS = sorted((DATA / "sites" / "hhsmithy" / "PokerStars").rglob("*.txt"))


def _naive(histories: list[HandHistory]) -> dict[str, Counter[str]]:  # noqa: PLR0912
    """hands, vpip, pfr, three_bet(_chances) per name, from the action text
    (with the folds the replay supplied, ``repairs``, put in): the first
    round is every line before the first ``d db``; a ``cc`` is a call when
    the player's chips in are below the most anyone has in."""
    out: dict[str, Counter[str]] = {}
    for h in histories:
        names = h.players
        n = len(names)
        blinds = h.fields.get("blinds_or_straddles") or [0] * n
        owner = [1, 0] if n == 2 else list(range(n))  # heads-up: entry 0 is p2's
        put = [0.0] * n
        for k, b in enumerate(blinds):
            if b > 0:
                put[owner[k]] += float(b)
            elif b < 0 and -b == max(blinds):
                put[owner[k]] += float(-b)  # a live post
        vpip: set[int] = set()
        pfr: set[int] = set()
        raises = 0
        opener = None
        chance: set[int] = set()
        three: set[int] = set()
        lines = list(h.actions)
        # the folds the file leaves out, which the replay supplied (``repairs``)
        for note in reversed(h.repairs):
            label, _, rest = note.partition(" folds before action ")
            lines.insert(int(rest) - 1, f"{label} f")
        for line in lines:
            words = line.split()
            if words[0] == "d":
                if words[1] == "db":
                    break
                continue
            p = int(words[0][1:]) - 1
            if words[1] not in ("f", "cc", "cbr"):
                continue
            if raises == 1 and p != opener and p not in chance:
                chance.add(p)
                if words[1] == "cbr":
                    three.add(p)
            if words[1] == "cc" and put[p] < max(put):
                vpip.add(p)
                put[p] = max(put)
            elif words[1] == "cbr":
                vpip.add(p)
                pfr.add(p)
                put[p] = float(words[2])
                raises += 1
                opener = p if raises == 1 else opener
        for p, name in enumerate(names):
            c = out.setdefault(name, Counter())
            c["hands"] += 1
            c["vpip"] += p in vpip
            c["pfr"] += p in pfr
            c["three_bet"] += p in three
            c["three_bet_chances"] += p in chance
    return out


def _flop_games(paths: list[Path]) -> list[HandHistory]:
    out = []
    for path in paths:
        try:
            hands = hoyle.history.load(path)
        except hoyle.errors.HistoryError:
            continue  # (a refused site fixture: see test_sites.py)
        out += [h for h in hands if h.variant[1:] in ("T", "O", "O/8")]
    return out


@pytest.mark.parametrize("corpus", ["phh", "sites"])
def test_statistics_equal_a_naive_count(corpus: str) -> None:
    histories = _flop_games(PHH if corpus == "phh" else STARS)
    stats = statistics(histories)
    skipped = {where for where, _ in stats.skipped}
    counted = [h for h in histories if h.where not in skipped]
    assert len(counted) == stats.hands
    assert stats.hands > (600 if corpus == "phh" else 100)
    naive = _naive(counted)
    assert set(naive) == set(stats)
    for name, want in naive.items():
        got = stats[name]
        for key in ("hands", "vpip", "pfr", "three_bet", "three_bet_chances"):
            assert getattr(got, key) == want[key], (name, key)


def _hand(actions: str, stacks: str = "100, 100, 100, 100", players: str = "") -> HandHistory:
    n = stacks.count(",") + 1
    blinds = ", ".join(["1", "2"] + ["0"] * (n - 2))
    names = players or ", ".join(f'"{c}"' for c in "ABCDEF"[:n])
    [h] = hoyle.history.loads(
        f'variant = "NT"\nantes = [{", ".join(["0"] * n)}]\nblinds_or_straddles = [{blinds}]\n'
        f"min_bet = 2\nstarting_stacks = [{stacks}]\nplayers = [{names}]\n"
        f"actions = [{actions}]\n"
    )
    return h


DEAL4 = '"d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 QcQd", "d dh p4 JcJd", '


def test_a_walk_and_limps() -> None:
    walk = _hand(DEAL4 + '"p3 f", "p4 f", "p1 f"')
    limps = _hand(
        DEAL4 + '"p3 cc", "p4 cc", "p1 cc", "p2 cc", "d db 2h3h4s", '
        '"p1 cc", "p2 cc", "p3 cc", "p4 cc", "d db 7s", "p1 cc", "p2 cc", "p3 cc", "p4 cc", '
        '"d db 8d", "p1 cc", "p2 cc", "p3 cc", "p4 cc"'
    )
    s = statistics([walk, limps])
    assert (s["B"].hands, s["B"].vpip, s["B"].pfr) == (2, 0, 0)  # the big blind: a walk, a check
    assert (s["A"].vpip, s["C"].vpip, s["D"].vpip) == (1, 1, 1)  # the small blind completes
    assert s["A"].cbet_chances == 0  # nobody raised preflop
    assert (s["B"].saw_flop, s["B"].wtsd, s["B"].wsd) == (1, 1, 0)
    assert (s["A"].wtsd, s["A"].wsd) == (1, 1)  # aces win
    assert s["B"].vpip_pct == 0.0
    assert s["A"].aggression_factor is None  # no call after the flop


def test_a_three_bet_by_the_big_blind_and_a_fold_to_it() -> None:
    h = _hand(DEAL4 + '"p3 cbr 6", "p4 cc", "p1 f", "p2 cbr 20", "p3 f", "p4 f"')
    s = statistics([h])
    assert (s["B"].three_bet, s["B"].three_bet_chances) == (1, 1)
    assert (s["D"].three_bet, s["D"].three_bet_chances) == (0, 1)  # called the open
    assert (s["A"].three_bet, s["A"].three_bet_chances) == (0, 1)
    assert (s["C"].fold_to_three_bet, s["C"].fold_to_three_bet_chances) == (1, 1)
    assert s["C"].three_bet_chances == 0  # the opener faces no single raise
    assert s["B"].three_bet_pct == 100.0
    assert (s["B"].vpip, s["B"].pfr, s["C"].pfr) == (1, 1, 1)


def test_all_in_preflop_and_a_missed_cbet_multiway() -> None:
    allin = _hand(
        DEAL4 + '"p3 cbr 100", "p4 f", "p1 f", "p2 cc", "d db 2h3h4s", "d db 7s", "d db 8d"'
    )
    missed = _hand(
        DEAL4 + '"p3 cbr 6", "p4 cc", "p1 cc", "p2 cc", "d db 2h3h4s", '
        '"p1 cc", "p2 cbr 10", "p3 cc", "p4 f", "p1 f", "d db 7s", "p2 cc", "p3 cc", '
        '"d db 8d", "p2 cc", "p3 cc"'
    )
    cbet = _hand(DEAL4 + '"p3 cbr 6", "p4 cc", "p1 f", "p2 f", "d db 2h3h4s", "p3 cbr 8", "p4 f"')
    s = statistics([allin, missed, cbet])
    # all in preflop: no flop decisions, but both saw the flop and the showdown
    c = s["C"]
    assert (c.cbet_chances, c.cbet) == (1, 1)  # the donk bet in ``missed`` took the chance
    assert (s["D"].fold_to_cbet_chances, s["D"].fold_to_cbet) == (1, 1)
    assert (s["B"].saw_flop, s["B"].wtsd, s["B"].wsd) == (2, 2, 2)  # KK beats QQ twice
    assert (c.saw_flop, c.wtsd, c.wsd) == (3, 2, 0)
    assert s["B"].aggressive == 1
    assert s["A"].folds == 1
    assert c.calls == 1
    # +101 all in (the pot of 201), +28 in ``missed`` (44, 16 of them its own), -2
    assert s["B"].net == 101 + 28 - 2
    assert s["B"].aggression_factor is None
    assert c.aggression_factor == 1.0  # the c-bet, and the call in ``missed``
    assert c.aggression_frequency_pct == 50.0


def test_records_and_bb_per_100() -> None:
    stats = statistics(hoyle.history.load(hoyle.history.samples.path("pokerstars-session.txt")))
    rows = stats.to_records()
    assert {r["name"] for r in rows} == set(stats)
    z = stats["Zockermicha"]
    assert z.bb_hands == 10
    assert z.bb_per_100 == pytest.approx(float(z.net) / 10 * 100 / 10)
    assert z.bb_per_100 is not None
    assert z.bb_per_100_interval is not None
    lo, hi = z.bb_per_100_interval
    assert lo <= z.bb_per_100 <= hi


def _naive_equity(mine: list[str], theirs: list[str], board: list[str]) -> float:
    """KK's share against QQ over every runout, by the evaluator alone."""
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    left = [c for c in deck if c not in mine + theirs + board]
    total = 0.0
    count = 0
    for i, a in enumerate(left):
        for b in left[i + 1 :]:
            ours = hoyle.evaluate(" ".join([*mine, *board, a, b]))
            other = hoyle.evaluate(" ".join([*theirs, *board, a, b]))
            total += 1.0 if ours > other else 0.5 if ours == other else 0.0
            count += 1
    return total / count


def test_allin_ev_is_exact_equity_times_the_pot() -> None:
    allin = _hand(
        DEAL4 + '"p3 cbr 6", "p4 f", "p1 f", "p2 cc", "d db 2h3h4s", "p2 cbr 94", "p3 cc", '
        '"d db 7s", "d db 8d"'
    )
    s = statistics([allin])
    share = _naive_equity(["Kc", "Kd"], ["Qc", "Qd"], ["2h", "3h", "4s"])
    pot = 1 + 100 + 100
    assert s["B"].net == 101  # KK held
    assert s["B"].allin_hands == s["C"].allin_hands == 1
    assert s["B"].ev_net == pytest.approx(share * pot - 100, abs=1e-9)
    assert s["C"].ev_net == pytest.approx((1 - share) * pot - 100, abs=1e-9)
    assert s["A"].ev_net == -1  # folded: its net
    assert s["B"].allin_adjustment == pytest.approx(share * pot - 100 - 101, abs=1e-9)
    # a hand played to the river is not adjusted
    river = _hand(
        DEAL4 + '"p3 f", "p4 f", "p1 cc", "p2 cc", "d db 2h3h4s", "p1 cc", "p2 cc", '
        '"d db 7s", "p1 cc", "p2 cc", "d db 8d", "p1 cc", "p2 cc"'
    )
    r = statistics([river])
    assert r["A"].allin_hands == 0
    assert r["A"].ev_net == float(r["A"].net) == 2


def test_by_position() -> None:
    hands = hoyle.history.load(hoyle.history.samples.path("pokerstars-session.txt"))
    stats = statistics(hands)
    assert stats.positions["BTN"].hands == len(hands)  # one button a hand
    for name in stats:
        at = [p for (who, _), p in stats.player_positions.items() if who == name]
        assert sum(p.hands for p in at) == stats[name].hands
        assert sum(p.vpip for p in at) == stats[name].vpip
        on_button = sum(1 for h in hands if h.players[-1] == name)
        assert stats.player_positions.get((name, "BTN"), PlayerStats(name)).hands == on_button
    assert sum(p.hands for p in stats.positions.values()) == sum(len(h.players) for h in hands)


def assert_same(here: Statistics, there: Statistics) -> None:
    """Every count of two ``Statistics`` equal, to the last bit (floats
    too), and their hands one by one."""
    assert there.hands == here.hands
    assert there.skipped == here.skipped
    assert list(there) == list(here)
    for name in here:
        assert there[name] == here[name]  # every field: the exact sums too
        assert there[name].to_record() == here[name].to_record()
        mine, theirs = here.per_hand(name), there.per_hand(name)
        for a, b in zip(mine, theirs, strict=True):
            assert a.dtype == b.dtype
            assert a.tolist() == b.tolist()
    assert there.positions == here.positions
    assert there.player_positions == here.player_positions


def mixed_hands() -> list[HandHistory]:
    """The corpus's flop games and the site fixtures (money in cents, all-ins)."""
    return _flop_games(PHH) + _flop_games(STARS)


def test_sharded_the_same_to_the_last_bit() -> None:
    """Shards of 7 merged give every count of one pass: the all-in adjusted
    net too (summed exactly, so in any order; a float sum of the sites'
    cents was -0.16 one way and -0.15999999999999998 the other)."""
    hands = mixed_hands()
    here = statistics(hands)
    merged = Statistics()
    for i in range(0, len(hands), 7):
        merged.merge(statistics(hands[i : i + 7]))
    assert_same(here, merged)
    assert sum(p.allin_hands for p in here.values()) > 10
    assert any(p.net != int(p.net) for p in here.values())  # cents


def test_on_an_executor_the_same_counts() -> None:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    hands = mixed_hands()
    here = statistics(hands)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        there = statistics(hands, executor=pool, shard_hands=25)
    assert_same(here, there)
    with pytest.raises(hoyle.errors.HistoryError, match="shard_hands"):
        statistics(hands, shard_hands=0)


def test_on_an_executor_each_shard_travels_as_one_pickle() -> None:
    """A shard is one ``bytes`` argument (what Dask's scheduler passes on as
    it is), the pickle of its histories in order; the counts the same."""
    import pickle
    from concurrent.futures import Future, ThreadPoolExecutor

    class Recording(ThreadPoolExecutor):
        def __init__(self) -> None:
            super().__init__(2)
            self.sent: list[tuple[Any, ...]] = []

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            self.sent.append(args)
            return super().submit(fn, *args, **kwargs)

    hands = mixed_hands()
    with Recording() as ex:
        there = statistics(hands, executor=ex, shard_hands=100)
    assert_same(statistics(hands), there)
    assert all(len(args) == 1 and isinstance(args[0], bytes) for args in ex.sent)
    shipped = [hh for args in ex.sent for hh in pickle.loads(args[0])]
    assert [(hh.source, hh.name, hh.fields) for hh in shipped] == [
        (hh.source, hh.name, hh.fields) for hh in hands
    ]
    assert len(ex.sent) == -(-len(hands) // 100)


def test_pickled_counts_come_back_to_the_last_digit() -> None:
    """A shard's counts pickle compactly (each hand's big blinds won as one
    text) and come back equal, every ``Decimal`` with its own digits."""
    import pickle

    hands = mixed_hands()
    stats = statistics(hands)
    back = pickle.loads(pickle.dumps(stats, protocol=5))
    assert_same(stats, back)
    for table in ("_players", "positions", "player_positions"):
        for key, p in getattr(stats, table).items():
            there = getattr(back, table)[key]
            assert [str(x) for x in there._bb] == [str(x) for x in p._bb]
            assert (there.net, there._adjusted) == (p.net, p._adjusted)
            assert str(there.net) == str(p.net)
    assert any(str(x) != str(x.normalize()) for p in stats.values() for x in p._bb)
    none = PlayerStats("no big blind", hands=3, vpip=1)
    assert pickle.loads(pickle.dumps(none)) == none
    assert pickle.loads(pickle.dumps(none))._bb == []


def test_a_pickled_history_leaves_its_caches_behind() -> None:
    """A history pickles as read (fields, file, table, scale, repairs,
    notes): a copy of a replayed one builds its own plan and replays the
    same hand."""
    import pickle

    for hh in mixed_hands()[:40]:
        hh.replay()
        back = pickle.loads(pickle.dumps(hh, protocol=5))
        assert (back.fields, back.source, back.name) == (hh.fields, hh.source, hh.name)
        assert (back.scale, back.repairs, back.notes) == (hh.scale, hh.repairs, hh.notes)
        assert back.replay().history == hh.replay().history
        assert back.replay().stacks == hh.replay().stacks


def test_per_hand_against_a_naive_sum() -> None:
    """Each player's hands one by one: the places of the hands it was dealt
    in, its nets (from the files' own numbers: starting less finishing
    stacks, for the PHH corpus's hands whose finishing stacks hoyle
    matches) and the all-in adjusted
    nets, which differ from the nets only in the all-in hands and sum to
    ``ev_net``."""
    hands = mixed_hands()
    stats = statistics(hands)
    counted = [h for h in hands if (h.where, "") not in {(w, "") for w, _ in stats.skipped}]
    assert len(counted) == stats.hands
    for name in stats:
        rows = stats.per_hand(name)
        seen = [k for k, h in enumerate(counted) if name in h.players]
        assert rows.hand.tolist() == seen
        assert len(rows.net) == stats[name].hands
        assert math.isclose(math.fsum(rows.net), float(stats[name].net), abs_tol=1e-9)
        assert math.isclose(math.fsum(rows.ev_net), stats[name].ev_net, abs_tol=1e-9)
        moved = int(np.count_nonzero(rows.ev_net != rows.net))
        assert moved <= stats[name].allin_hands
    phh = [h for h in counted if h.finishing_stacks is not None and not h.unknown_stacks]
    phh = [h for h in phh if h.fields.get("finishing_stacks") and h.site is None]
    phh = [h for h in phh if h.replay().stacks == h.finishing_stacks]  # (not those that differ)
    checked = 0
    for k, h in enumerate(counted):
        if h not in phh:
            continue
        for i, name in enumerate(h.players):
            rows = stats.per_hand(name)
            net = rows.net[rows.hand.tolist().index(k)]
            start = h.fields["starting_stacks"][i]
            end = h.fields["finishing_stacks"][i]
            assert net == pytest.approx(float(end) - float(start))
            checked += 1
    assert checked > 100
    with pytest.raises(hoyle.errors.HistoryError, match="no player 'nobody'"):
        stats.per_hand("nobody")
