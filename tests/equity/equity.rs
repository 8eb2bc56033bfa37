//! Equity against a naive enumeration written here: nested loops over the
//! deck, every hand scored from scratch by `value_of` (or best 2 + 3 for
//! Omaha), outcomes counted by hand.

#![allow(clippy::needless_range_loop)]

use _core::cards::parse_text;
use _core::equity::{
    enumerate, enumerate_with, estimate, monte_carlo, monte_carlo_with, Combo, Counts, HighScorer,
    Interrupt, OmahaScorer, RuledScorer, Scorer, Scoring, Shards, ShowdownShape, Spot, MAX_SHARDS,
    SHARD_TRIALS, STANDARD_DECK,
};
use _core::eval::high::value_of;
use _core::eval::low::LowEvaluator;
use _core::eval::rules::{Rules, RulesText};
use _core::eval::wild::HighEvaluator;
use std::sync::atomic::{AtomicU64, Ordering};

fn ids(text: &str) -> Vec<u8> {
    parse_text(text).unwrap()
}

fn fixed(hands: &[&str]) -> Vec<Vec<Combo>> {
    hands
        .iter()
        .map(|h| vec![Combo::new(&ids(h), 1.0).unwrap()])
        .collect()
}

fn holdem(hands: &[&str], board: &str, dead: &str) -> Spot {
    Spot::new(ShowdownShape::HOLDEM, fixed(hands), &ids(board), &ids(dead)).unwrap()
}

/// Every k-subset of `deck`.
fn subsets(deck: &[u8], k: usize) -> Vec<Vec<u8>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for i in 0..deck.len() {
        for mut rest in subsets(&deck[i + 1..], k - 1) {
            rest.insert(0, deck[i]);
            out.push(rest);
        }
    }
    out
}

/// Wins, ties, losses and twelfths of pots by brute force.
fn naive(
    holes: &[Vec<u8>],
    board: &[u8],
    dead: &[u8],
    omaha: bool,
) -> (Vec<u64>, Vec<u64>, Vec<f64>) {
    let n = holes.len();
    let mut used: Vec<u8> = board.iter().chain(dead).copied().collect();
    for h in holes {
        used.extend(h);
    }
    let deck: Vec<u8> = (0..52).filter(|c| !used.contains(c)).collect();
    let mut win = vec![0u64; n];
    let mut tie = vec![0u64; n];
    let mut eq = vec![0f64; n];
    let mut boards = 0u64;
    for rest in subsets(&deck, 5 - board.len()) {
        let full: Vec<u8> = board.iter().chain(&rest).copied().collect();
        let values: Vec<u32> = holes
            .iter()
            .map(|h| {
                if omaha {
                    let mut best = 0;
                    for two in subsets(h, 2) {
                        for three in subsets(&full, 3) {
                            let five: Vec<u8> = two.iter().chain(&three).copied().collect();
                            best = best.max(value_of(&five) as u32);
                        }
                    }
                    best
                } else {
                    let seven: Vec<u8> = h.iter().chain(&full).copied().collect();
                    value_of(&seven) as u32
                }
            })
            .collect();
        let best = *values.iter().max().unwrap();
        let k = values.iter().filter(|&&v| v == best).count();
        for p in 0..n {
            if values[p] == best {
                if k == 1 {
                    win[p] += 1;
                } else {
                    tie[p] += 1;
                }
                eq[p] += 1.0 / k as f64;
            }
        }
        boards += 1;
    }
    (win, tie, eq.iter().map(|e| e / boards as f64).collect())
}

fn check_against_naive(hands: &[&str], board: &str, dead: &str) {
    let spot = holdem(hands, board, dead);
    let ex = enumerate(&spot, &HighScorer, true).unwrap();
    let holes: Vec<Vec<u8>> = hands.iter().map(|h| ids(h)).collect();
    let (win, tie, eq) = naive(&holes, &ids(board), &ids(dead), false);
    assert_eq!(ex.counts.win, win, "{hands:?} {board}");
    assert_eq!(ex.counts.tie, tie, "{hands:?} {board}");
    for p in 0..hands.len() {
        assert!((ex.equity[p] - eq[p]).abs() < 1e-12, "{hands:?} {board}");
    }
}

#[test]
fn aks_v_queens_preflop() {
    let spot = holdem(&["AhKh", "QsQd"], "", "");
    let ex = enumerate(&spot, &HighScorer, true).unwrap();
    let c = &ex.counts;
    assert_eq!(c.deals, 1_712_304);
    assert_eq!(c.win, vec![787_966, 917_606]);
    assert_eq!(c.tie, vec![6_732, 6_732]);
    assert_eq!(format!("{:.6}", ex.equity[0]), "0.462145");
    assert_eq!(ex.combos, 1);
}

#[test]
fn preflop_agrees_with_naive() {
    // Flush-heavy, paired, and dominated hands; heads-up and multiway.
    check_against_naive(&["AsKs", "7s6s"], "", "");
    check_against_naive(&["2c2d", "AhKd", "Ts9s"], "", "");
}

#[test]
fn with_board_and_dead_cards() {
    check_against_naive(&["AhKh", "QsQd"], "2h7h", "");
    check_against_naive(&["AhKh", "QsQd"], "Jh Th 2c", "Qh");
    check_against_naive(&["AhKh", "QsQd", "9h8h", "5c5d"], "Jh Th 2c", "3h 4h");
    check_against_naive(&["AsAd", "KsKd", "QsQd"], "2s3s4s5s", "");
    check_against_naive(&["AsAd", "KsKd"], "2s3s4s5s6s", "");
    check_against_naive(
        &["Ac5c", "6h7h", "8d9d", "TsJs", "2c2d", "3h3d", "4s4c"],
        "Kc Qd 9c",
        "",
    );
    // Six of the board's suit on the turn: one player already flushes.
    check_against_naive(&["AsKs", "QhQd"], "2s 7s 9s Td", "");
}

#[test]
fn threads_do_not_change_results() {
    let spot = holdem(&["AhKh", "QsQd", "7c7d"], "", "");
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let a = one.install(|| enumerate(&spot, &HighScorer, true).unwrap());
    let b = two.install(|| enumerate(&spot, &HighScorer, true).unwrap());
    assert_eq!(a.counts, b.counts);
}

#[test]
fn ranges_weighted_and_joined() {
    // Player 0: AA (six combos), player 1: KK with one combo at half weight.
    let aa: Vec<Combo> = ["AsAh", "AsAd", "AsAc", "AhAd", "AhAc", "AdAc"]
        .iter()
        .map(|h| Combo::new(&ids(h), 1.0).unwrap())
        .collect();
    let kk: Vec<Combo> = ["KsKh", "KdKc"]
        .iter()
        .zip([1.0, 0.5])
        .map(|(h, w)| Combo::new(&ids(h), w).unwrap())
        .collect();
    let board = ids("As 2c 7d");
    let spot = Spot::new(ShowdownShape::HOLDEM, vec![aa, kk], &board, &[]).unwrap();
    // AsA* combos are blocked by the board.
    assert_eq!(spot.players[0].len(), 3);
    let ex = enumerate(&spot, &HighScorer, true).unwrap();
    assert_eq!(ex.combos, 6);
    // Weighted average of the fixed-hand results.
    let mut want = [0.0; 2];
    let mut total = 0.0;
    for a in ["AhAd", "AhAc", "AdAc"] {
        for (k, w) in [("KsKh", 1.0), ("KdKc", 0.5)] {
            let holes = vec![ids(a), ids(k)];
            let (_, _, eq) = naive(&holes, &board, &[], false);
            want[0] += w * eq[0];
            want[1] += w * eq[1];
            total += w;
        }
    }
    for p in 0..2 {
        assert!((ex.equity[p] - want[p] / total).abs() < 1e-12);
    }
}

#[test]
fn omaha_against_naive() {
    let game = ShowdownShape {
        hole: 4,
        board: 5,
        scoring: Scoring::Omaha(2),
    };
    let hands = ["AsKsQdJd", "9h9c8h7c"];
    let board = ids("Ts 2s 3d");
    let spot = Spot::new(game, fixed(&hands), &board, &[]).unwrap();
    let ex = enumerate(&spot, &OmahaScorer { h: 2 }, true).unwrap();
    let holes: Vec<Vec<u8>> = hands.iter().map(|h| ids(h)).collect();
    let (win, tie, _) = naive(&holes, &board, &[], true);
    assert_eq!(ex.counts.win, win);
    assert_eq!(ex.counts.tie, tie);
}

#[test]
fn stud_with_missing_down_cards() {
    // Seven-card stud: each has six known cards, one down card to come.
    let game = ShowdownShape {
        hole: 7,
        board: 0,
        scoring: Scoring::High,
    };
    let players = fixed(&["AsAd Kc 7h 2d 3c", "Qh Jh Th 9h 4s 5s"]);
    let spot = Spot::new(game, players, &[], &[]).unwrap();
    let ex = enumerate(&spot, &HighScorer, true).unwrap();
    // 40 live cards: 40 * 39 deals.
    assert_eq!(ex.counts.deals, 40 * 39);
    let a = ids("AsAd Kc 7h 2d 3c");
    let b = ids("Qh Jh Th 9h 4s 5s");
    let deck: Vec<u8> = (0..52)
        .filter(|c| !a.contains(c) && !b.contains(c))
        .collect();
    let (mut wa, mut wb) = (0u64, 0u64);
    for &x in &deck {
        for &y in &deck {
            if x == y {
                continue;
            }
            let va = HighScorer.score(&[a.clone(), vec![x]].concat(), &[]).0;
            let vb = HighScorer.score(&[b.clone(), vec![y]].concat(), &[]).0;
            wa += (va > vb) as u64;
            wb += (vb > va) as u64;
        }
    }
    assert_eq!(ex.counts.win, vec![wa, wb]);
}

fn mc(spot: &Spot, seed: u64, shards: u64) -> Counts {
    monte_carlo(spot, &HighScorer, seed, Shards::whole(0, shards), true).unwrap()
}

#[test]
fn monte_carlo_is_within_its_error() {
    for (hands, board) in [
        (&["AhKh", "QsQd"][..], ""),
        (&["AsAd", "8h9h", "2c2d"][..], ""),
        (&["AhKh", "QsQd"][..], "Jh Th 2c"),
    ] {
        let spot = holdem(hands, board, "");
        let ex = enumerate(&spot, &HighScorer, true).unwrap();
        let c = mc(&spot, 42, 8);
        assert_eq!(c.deals, 8 * SHARD_TRIALS);
        let (eq, se) = (c.equity(), c.stderr());
        for p in 0..hands.len() {
            assert!(
                (eq[p] - ex.equity[p]).abs() < 4.0 * se[p],
                "{hands:?} {board}: {} vs {} (se {})",
                eq[p],
                ex.equity[p],
                se[p]
            );
        }
    }
}

#[test]
fn the_last_shard_runs_the_trials_asked_for() {
    let spot = holdem(&["AhKh", "QsQd"], "", "");
    let cut = |first, count, last| {
        monte_carlo(&spot, &HighScorer, 9, Shards { first, count, last }, true)
    };
    // a shard of 1,000 trials: 1,000 deals, within its error of exact
    let c = cut(0, 1, 1_000).unwrap();
    assert_eq!(c.deals, 1_000);
    let ex = enumerate(&spot, &HighScorer, true).unwrap();
    assert!((c.equity()[0] - ex.equity[0]).abs() < 4.0 * c.stderr()[0]);
    // whole shards, then the cut one: the sum of the parts
    let run = cut(0, 3, 4_464).unwrap();
    assert_eq!(run.deals, 2 * SHARD_TRIALS + 4_464);
    let mut parts = mc(&spot, 9, 2);
    parts.add(&cut(2, 1, 4_464).unwrap());
    assert_eq!(run, parts);
    // a full last shard is a whole one
    assert_eq!(cut(0, 2, SHARD_TRIALS).unwrap(), mc(&spot, 9, 2));
    for bad in [0, SHARD_TRIALS + 1] {
        let e = cut(0, 1, bad).unwrap_err().to_string();
        assert!(e.contains("the last shard runs 1..=65536 trials"), "{e}");
    }
}

#[test]
fn monte_carlo_shards_add_up() {
    let spot = holdem(&["AhKh", "QsQd"], "", "");
    let whole = mc(&spot, 9, 6);
    let mut parts = monte_carlo(&spot, &HighScorer, 9, Shards::whole(0, 2), true).unwrap();
    parts.add(&monte_carlo(&spot, &HighScorer, 9, Shards::whole(2, 4), true).unwrap());
    assert_eq!(whole, parts);
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    assert_eq!(one.install(|| mc(&spot, 9, 6)), whole);
    assert_ne!(mc(&spot, 10, 6), whole);
}

#[test]
fn bad_spots_are_refused() {
    let two = fixed(&["AhKh", "AhQd"]);
    assert!(Spot::new(ShowdownShape::HOLDEM, two, &[], &[]).is_err());
    let board_clash = fixed(&["AhKh", "QsQd"]);
    assert!(Spot::new(ShowdownShape::HOLDEM, board_clash, &ids("Ah"), &[]).is_err());
    let one = fixed(&["AhKh"]);
    assert!(Spot::new(ShowdownShape::HOLDEM, one, &[], &[]).is_err());
    let big = fixed(&["AhKh", "QsQd"]);
    assert!(Spot::new(ShowdownShape::HOLDEM, big, &ids("2c3c4c5c6c7c"), &[]).is_err());
}

fn rules(t: RulesText<'_>) -> Rules {
    Rules::new(&t).unwrap()
}

#[test]
fn natural_rules_score_as_the_plain_scorers() {
    // The rules scorer with natural rules gives the same counters as the
    // plain high scorer (off the hold'em fast path) and as Omaha's.
    let prep = HighEvaluator::new(Rules::default());
    let ruled = RuledScorer::new(true, &prep, None).unwrap();
    let ruled_game = ShowdownShape {
        hole: 2,
        board: 5,
        scoring: Scoring::Ruled {
            hole_cards: None,
            min: 5,
        },
    };
    let hands = ["AhKh", "QsQd", "Tc9c"];
    let board = ids("2h 7h 9d");
    let a = Spot::new(ruled_game, fixed(&hands), &board, &[]).unwrap();
    let b = holdem(&hands, "2h 7h 9d", "");
    assert_eq!(
        enumerate(&a, &ruled, true).unwrap().counts,
        enumerate(&b, &HighScorer, true).unwrap().counts
    );
    let omaha_prep = HighEvaluator::new(rules(RulesText {
        hole_cards: Some(2),
        ..Default::default()
    }));
    let omaha_ruled = RuledScorer::new(true, &omaha_prep, None).unwrap();
    let game = |scoring| ShowdownShape {
        hole: 4,
        board: 5,
        scoring,
    };
    let hands = ["AsKsQdJd", "9h9c8h7c"];
    let a = Spot::new(
        game(Scoring::Ruled {
            hole_cards: Some(2),
            min: 5,
        }),
        fixed(&hands),
        &ids("Ts 2s 3d"),
        &[],
    )
    .unwrap();
    let b = Spot::new(
        game(Scoring::Omaha(2)),
        fixed(&hands),
        &ids("Ts 2s 3d"),
        &[],
    )
    .unwrap();
    assert_eq!(
        enumerate(&a, &omaha_ruled, false).unwrap().counts,
        enumerate(&b, &OmahaScorer { h: 2 }, false).unwrap().counts
    );
}

#[test]
fn high_low_scoops_and_halves() {
    // Omaha/8 on the river: every outcome is known, so the counters are too.
    let r = rules(RulesText {
        hole_cards: Some(2),
        low: Some("ace-to-five"),
        low_qualifier: Some(8),
        ..Default::default()
    });
    let (prep, low) = (HighEvaluator::new(r), LowEvaluator::new(r).unwrap());
    let sc = RuledScorer::new(true, &prep, Some(&low)).unwrap();
    let game = ShowdownShape {
        hole: 4,
        board: 5,
        scoring: Scoring::Ruled {
            hole_cards: Some(2),
            min: 5,
        },
    };
    // p0: wheel (5-high straight for high, 5-4-3-2-A low) scoops p1's pair.
    let s = Spot::new(
        game,
        fixed(&["As2dKcKd", "QhQs9c9d"]),
        &ids("3c 4h 5s Jd Th"),
        &[],
    )
    .unwrap();
    let c = enumerate(&s, &sc, false).unwrap().counts;
    assert_eq!((c.win.clone(), c.tie.clone()), (vec![1, 0], vec![0, 0]));
    // p0 and p1 tie the low, p2 has the high: 1/4, 1/4, 1/2.
    let s = Spot::new(
        game,
        fixed(&["As2dKcQd", "Ah2cJcJd", "9h9s9c8d"]),
        &ids("3c 4h 7s Td 9d"),
        &[],
    )
    .unwrap();
    let ex = enumerate(&s, &sc, false).unwrap();
    assert_eq!(ex.equity, vec![0.25, 0.25, 0.5]);
    assert_eq!(ex.counts.tie, vec![1, 1, 1]);
    // A low-only game with jokers in the deck: the deck has 53 cards.
    let razz = rules(RulesText {
        low: Some("ace-to-five"),
        jokers: Some("wild"),
        ..Default::default()
    });
    let (rp, rl) = (HighEvaluator::new(razz), LowEvaluator::new(razz).unwrap());
    let sc = RuledScorer::new(false, &rp, Some(&rl)).unwrap();
    let stud = ShowdownShape {
        hole: 7,
        board: 0,
        scoring: Scoring::Ruled {
            hole_cards: None,
            min: 5,
        },
    };
    let deck = STANDARD_DECK | 1 << 52;
    let s = Spot::with_deck(
        stud,
        fixed(&["As2d3c4h9s9d", "KsKdQcQhJsJd"]),
        &[],
        &[],
        deck,
    )
    .unwrap();
    let ex = enumerate(&s, &sc, false).unwrap();
    assert_eq!(ex.counts.deals, 41 * 40);
    assert!(ex.equity[0] > 0.99);
    assert_eq!(ex.cat[0], ex.equity[0]);
}

/// Stops once asked `after` times.
struct After {
    asked: AtomicU64,
    after: u64,
}

impl Interrupt for After {
    fn stop(&self) -> bool {
        self.asked.fetch_add(1, Ordering::Relaxed) >= self.after
    }
}

fn after(n: u64) -> After {
    After {
        asked: AtomicU64::new(0),
        after: n,
    }
}

fn class(names: &[&str]) -> Vec<Combo> {
    names
        .iter()
        .map(|h| Combo::new(&ids(h), 1.0).unwrap())
        .collect()
}

/// Every two-card combo not touching `dead`.
fn any_two(dead: &[u8]) -> Vec<Combo> {
    let mut out = Vec::new();
    for a in 0..52u8 {
        for b in 0..a {
            if !dead.contains(&a) && !dead.contains(&b) {
                out.push(Combo::new(&[a, b], 1.0).unwrap());
            }
        }
    }
    out
}

#[test]
fn long_runs_stop_when_asked() {
    let stud = ShowdownShape {
        hole: 7,
        board: 0,
        scoring: Scoring::High,
    };
    let spot = Spot::new(stud, fixed(&["As Ad Kc", "Qs Qd Jc"]), &[], &[]).unwrap();
    for parallel in [false, true] {
        let stop = after(3);
        let e = enumerate_with(&spot, &HighScorer, parallel, &stop).unwrap_err();
        assert!(e.to_string().contains("interrupted"), "{e}");
        // it stopped soon after being told to, not at the end
        assert!(stop.asked.load(Ordering::Relaxed) < 1000);
    }
    let holdem_spot = holdem(&["AhKh", "QsQd"], "", "");
    for parallel in [false, true] {
        let stop = after(5);
        let shards = Shards::whole(0, 64);
        let e = monte_carlo_with(&holdem_spot, &HighScorer, 1, shards, parallel, &stop);
        assert!(e.unwrap_err().to_string().contains("interrupted"));
    }
    // never asked to stop: the same counts as without asking
    let never = after(u64::MAX);
    let shards = Shards::whole(3, 4);
    assert_eq!(
        monte_carlo_with(&holdem_spot, &HighScorer, 7, shards, true, &never).unwrap(),
        monte_carlo(&holdem_spot, &HighScorer, 7, shards, false).unwrap()
    );
}

#[test]
fn shard_ranges_are_checked() {
    let spot = holdem(&["AhKh", "QsQd"], "", "");
    let last = Shards::whole(u64::MAX, 2);
    assert!(monte_carlo(&spot, &HighScorer, 1, last, false).is_err());
    let many = Shards::whole(0, MAX_SHARDS + 1);
    assert!(monte_carlo(&spot, &HighScorer, 1, many, false).is_err());
    let end = Shards::whole(u64::MAX - 1, 1);
    assert_eq!(
        monte_carlo(&spot, &HighScorer, 1, end, false)
            .unwrap()
            .deals,
        SHARD_TRIALS
    );
}

#[test]
fn sizes_are_estimated_before_running() {
    let e = estimate(&holdem(&["AhKh", "QsQd"], "", ""));
    assert!(e.counted);
    assert_eq!(
        (e.joints, e.deals, e.evaluations),
        (1.0, 1_712_304.0, 3_424_608.0)
    );
    // XX v XX v XX: too many joint holdings to count, estimated
    let xx = vec![any_two(&[]), any_two(&[]), any_two(&[])];
    let e = estimate(&Spot::new(ShowdownShape::HOLDEM, xx, &[], &[]).unwrap());
    assert!(!e.counted);
    let want = 1326.0 * 1225.0 * 1128.0; // ordered joint holdings
    assert!(
        (e.joints / want - 1.0).abs() < 0.05,
        "{} v {want}",
        e.joints
    );
    assert!(e.evaluations > 1e15);
}

#[test]
fn many_joint_holdings_weigh_as_fewer() {
    // More joint holdings than one chunk (4,096): the counts and weighted
    // fractions are the same in parallel and on one thread, and equal the
    // average of the fixed-hand results.
    let board = ids("2h 7h 9c Jd 3s");
    let villain = class(&["QsQd", "QhQc", "KsKd", "AsAd", "Th9h", "8c8d"]);
    let spot = Spot::new(
        ShowdownShape::HOLDEM,
        vec![any_two(&board), villain.clone()],
        &board,
        &[],
    )
    .unwrap();
    let a = enumerate(&spot, &HighScorer, false).unwrap();
    let b = enumerate(&spot, &HighScorer, true).unwrap();
    assert!(a.combos > 4096);
    assert_eq!(a.counts, b.counts);
    assert_eq!(a.equity, b.equity);
    let mut shares = [0.0f64; 2];
    let mut n = 0.0;
    for h in &spot.players[0] {
        for v in &villain {
            if h.mask & v.mask != 0 {
                continue;
            }
            let holes = vec![h.cards().to_vec(), v.cards().to_vec()];
            let (_, _, eq) = naive(&holes, &board, &[], false);
            shares[0] += eq[0];
            shares[1] += eq[1];
            n += 1.0;
        }
    }
    assert_eq!(a.combos as f64, n);
    for p in 0..2 {
        assert!((a.equity[p] - shares[p] / n).abs() < 1e-12);
    }
}

#[test]
fn weights_are_fractions() {
    for w in [0.0, -1.0, 1.5, f64::NAN, f64::INFINITY, 1e308] {
        let p = vec![Combo::new(&ids("AhKh"), w).unwrap()];
        let spot = Spot::new(ShowdownShape::HOLDEM, vec![p, class(&["QsQd"])], &[], &[]);
        assert!(spot.is_err(), "{w}");
    }
}

/// The counters of every joint holding of `spot`, each enumerated as a
/// spot of fixed hands (where no joint holding shares its counters).
fn joint_by_joint<S: Scorer>(spot: &Spot, scorer: &S) -> (Counts, u64) {
    let n = spot.players.len();
    let mut total = Counts::new(n);
    let mut joints = 0;
    let mut pick = vec![0usize; n];
    loop {
        let combos: Vec<Combo> = (0..n).map(|p| spot.players[p][pick[p]]).collect();
        let used = combos
            .iter()
            .try_fold(0u64, |m, c| (m & c.mask == 0).then_some(m | c.mask));
        if used.is_some() {
            let one = Spot::with_deck(
                spot.shape,
                combos.iter().map(|c| vec![*c]).collect(),
                &spot.board,
                &spot.dead,
                spot.deck,
            )
            .unwrap();
            let e = enumerate(&one, scorer, false).unwrap();
            assert_eq!(e.classes, 1);
            total.add(&e.counts);
            joints += 1;
        }
        // next pick, last player fastest
        let mut p = n;
        loop {
            if p == 0 {
                return (total, joints);
            }
            p -= 1;
            pick[p] += 1;
            if pick[p] < spot.players[p].len() {
                break;
            }
            pick[p] = 0;
        }
    }
}

#[test]
fn isomorphic_joint_holdings_share_counters_across_chunks() {
    // Over 4,096 joint holdings on a monotone flop (hearts, diamonds and
    // clubs free: 6 permutations): classes span chunks and are reused from
    // the kept counters; the totals are those of every joint holding dealt
    // alone.
    let board = ids("2s 7s 9s");
    let villain = class(&[
        "QsQd", "QsQh", "QsQc", "QdQh", "QdQc", "QhQc", "AdKd", "AhKh", "AcKc",
    ]);
    let spot = Spot::new(
        ShowdownShape::HOLDEM,
        vec![any_two(&board), villain],
        &board,
        &[],
    )
    .unwrap();
    let par = enumerate(&spot, &HighScorer, true).unwrap();
    let one = enumerate(&spot, &HighScorer, false).unwrap();
    assert!(par.combos > 4096);
    assert!(
        par.classes * 2 < par.combos,
        "{} of {}",
        par.classes,
        par.combos
    );
    assert_eq!(
        (par.counts.clone(), par.combos),
        joint_by_joint(&spot, &HighScorer)
    );
    assert_eq!(par.counts, one.counts);
    assert_eq!(par.equity, one.equity);
}

#[test]
fn named_wild_cards_and_jokers_keep_the_suits_they_need() {
    // One-eyed jacks wild and a joker in the deck: only permutations that
    // keep {Jh, Js} (and the spade flop) are used, so clubs and diamonds
    // swap. Totals equal the joint-by-joint counts.
    let r = rules(RulesText {
        wild_cards: "Jh Js",
        jokers: Some("wild"),
        ..Default::default()
    });
    let prep = HighEvaluator::new(r);
    let sc = RuledScorer::new(true, &prep, None).unwrap();
    let game = ShowdownShape {
        hole: 2,
        board: 5,
        scoring: Scoring::Ruled {
            hole_cards: None,
            min: 5,
        },
    };
    let board = ids("2s 7s 9s");
    let players = vec![
        class(&["AcAd", "AhAc", "AdAh", "KcKd", "QhJc"]),
        class(&["KhQh", "KdQd", "KcQc", "8c8d", "JdTd"]),
    ];
    let spot = Spot::with_deck(game, players, &board, &[], STANDARD_DECK | 1 << 52).unwrap();
    assert_eq!(_core::equity::symmetries(&spot, &sc).len(), 2);
    let e = enumerate(&spot, &sc, true).unwrap();
    assert!(e.classes < e.combos);
    assert_eq!((e.counts, e.combos), joint_by_joint(&spot, &sc));
}
