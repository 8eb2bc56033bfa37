use super::cfr::Algorithm;
use super::games::{kuhn, leduc};
use crate::equity::Never;

const DCFR: Algorithm = Algorithm::Dcfr {
    alpha: 1.5,
    beta: 0.0,
    gamma: 2.0,
};

#[test]
fn kuhn_converges_to_its_value() {
    let mut s = kuhn().unwrap();
    s.iterate(2000, DCFR, false, &Never);
    let (v0, v1) = s.ev(false, &Never);
    let e = s.exploitability(false, &Never);
    assert!((v0 + 1.0 / 18.0).abs() < 1e-3, "{v0}");
    assert!((v0 + v1).abs() < 1e-9);
    assert!(e < 1e-3, "{e}");
}

#[test]
fn leduc_converges_to_its_value() {
    for iso in [false, true] {
        let mut s = leduc(iso).unwrap();
        s.iterate(1000, DCFR, false, &Never);
        let (v0, _) = s.ev(false, &Never);
        let e = s.exploitability(false, &Never);
        assert!((v0 + 0.0856064).abs() < 1e-3, "{iso} {v0}");
        assert!(e < 1e-3, "{iso} {e}");
    }
}

use super::build::{build, Setup};
use super::showdown::{Acc, Hands};
use super::tree::{Kind, Limit, Size, StreetSizes, TreeConfig};
use super::Rake;
use crate::equity::{HighScorer, OmahaScorer, RuledScorer, Scorer};
use crate::eval::low::LowEvaluator;
use crate::eval::rules::{Rules, RulesText};
use crate::eval::wild::HighEvaluator;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

/// `n` random distinct hands of `k` cards off `board`.
fn random_hands(rng: &mut StdRng, board: u64, k: usize, n: usize) -> Hands {
    let free: Vec<u8> = (0..52u8).filter(|&c| board >> c & 1 == 0).collect();
    let mut seen = std::collections::HashSet::new();
    let mut h = Hands {
        k,
        cards: Vec::new(),
        mask: Vec::new(),
        weight: Vec::new(),
    };
    while h.len() < n {
        let mut cs: Vec<u8> = free.choose_multiple(rng, k).copied().collect();
        cs.sort_unstable();
        let m = cs.iter().fold(0u64, |m, &c| m | 1 << c);
        if seen.insert(m) {
            h.cards.extend_from_slice(&cs);
            h.mask.push(m);
            h.weight.push(rng.random_range(0.2..1.0));
        }
    }
    h
}

struct Case<'a> {
    board: Vec<u8>,
    k: usize,
    score: super::Scoring<'a>,
    hilo: bool,
    rake: Option<Rake>,
    plain: bool,
    pot: u64,
    stack: u64,
}

fn solver_of(c: &Case<'_>, seed: u64) -> super::Solver {
    let mut rng = StdRng::seed_from_u64(seed);
    let board = c.board.iter().fold(0u64, |m, &x| m | 1 << x);
    let hands = [
        random_hands(&mut rng, board, c.k, 14),
        random_hands(&mut rng, board, c.k, 11),
    ];
    let sizes = vec![Size::Pot(0.5), Size::AllIn];
    let raises = vec![Size::Mult(3.0), Size::AllIn];
    let street = StreetSizes {
        bets: [sizes.clone(), sizes],
        raises: [raises.clone(), raises],
    };
    let config = TreeConfig {
        pot: c.pot,
        stack: c.stack,
        antes: 0,
        streets: vec![street; 6 - c.board.len()],
        limit: Limit::No,
        units: Vec::new(),
        raise_cap: None,
        allin_threshold: None,
        merge: None,
    };
    let setup = Setup {
        board: c.board.clone(),
        hands,
        deck: (1u64 << 52) - 1,
        final_board: 5,
        score: c.score,
        hilo: c.hilo,
        rake: c.rake,
        isomorphism: true,
        max_memory: 1 << 30,
        plain: c.plain,
    };
    build(config, setup).unwrap()
}

#[allow(clippy::needless_range_loop)] // hands and reach indexed together, as the naive sum reads
/// Every terminal's values from the sweeps equal the naive sum over the
/// opponent's hands of reach times the exact payoff (`payoff_at`, the
/// integer settlement), averaged over the runouts still to come.
fn check_terminals(s: &super::Solver, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let deck = s.deck;
    let mut checked = 0;
    for node in 0..s.nodes.len() {
        let nd = &s.nodes[node];
        if !matches!(nd.kind, Kind::Fold(_) | Kind::Showdown) {
            continue;
        }
        for p in 0..2 {
            let opp = &s.hands[p ^ 1];
            let reach: Vec<f64> = (0..opp.len())
                .map(|o| {
                    if opp.mask[o] & nd.board != 0 {
                        0.0
                    } else {
                        rng.random_range(0.0..1.0)
                    }
                })
                .collect();
            let mut out = vec![0.0f64; s.hands[p].len()];
            let mut acc = Acc::new(&s.removal[p]);
            s.terminal(node, p, &reach, &mut acc, &mut out);
            for h in 0..s.hands[p].len() {
                let hm = s.hands[p].mask[h];
                if hm & nd.board != 0 {
                    continue;
                }
                let mut naive = 0.0;
                for o in 0..opp.len() {
                    let om = opp.mask[o];
                    if om & (hm | nd.board) != 0 || reach[o] == 0.0 {
                        continue;
                    }
                    let free = deck & !(nd.board | hm | om);
                    let more = s.final_board - nd.board.count_ones();
                    let cards: Vec<u8> = (0..52u8).filter(|&c| free >> c & 1 == 1).collect();
                    let runouts: Vec<u64> = match more {
                        0 => vec![0],
                        1 => cards.iter().map(|&c| 1u64 << c).collect(),
                        _ => {
                            let mut v = Vec::new();
                            for i in 0..cards.len() {
                                for j in i + 1..cards.len() {
                                    v.push(1u64 << cards[i] | 1u64 << cards[j]);
                                }
                            }
                            v
                        }
                    };
                    let mut sum = 0.0;
                    for r in &runouts {
                        let pair = if p == 0 { [h, o] } else { [o, h] };
                        let pay = s.payoff_at(node, pair, nd.board, nd.board | r).unwrap();
                        sum += pay[p] as f64 - s.shift[p];
                    }
                    naive += reach[o] * sum / runouts.len() as f64;
                }
                let tol = 1e-9 * (1.0 + naive.abs());
                assert!(
                    (out[h] - naive).abs() < tol,
                    "node {node} player {p} hand {h}: {} vs naive {naive}",
                    out[h]
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

fn holdem(h: &[u8], b: &[u8]) -> (u32, u32) {
    HighScorer.score(h, b)
}

fn omaha(h: &[u8], b: &[u8]) -> (u32, u32) {
    OmahaScorer { h: 2 }.score(h, b)
}

#[test]
fn terminal_values_equal_the_naive_sums() {
    let river = vec![0u8, 13, 26, 40, 51];
    let turn = vec![4u8, 17, 30, 46];
    let cases = [
        (river.clone(), 2, false, None, 100, 400),
        (river.clone(), 2, true, None, 100, 400),
        (
            river.clone(),
            2,
            false,
            Some(Rake {
                basis_points: 500,
                cap: Some(7),
            }),
            101,
            400,
        ),
        (
            river.clone(),
            2,
            true,
            Some(Rake {
                basis_points: 500,
                cap: Some(7),
            }),
            101,
            400,
        ),
        (turn.clone(), 2, false, None, 31, 90),
        (turn.clone(), 2, true, None, 31, 90),
    ];
    for (i, (board, k, plain, rake, pot, stack)) in cases.into_iter().enumerate() {
        let c = Case {
            board,
            k,
            score: &holdem,
            hilo: false,
            rake,
            plain,
            pot,
            stack,
        };
        let s = solver_of(&c, i as u64);
        check_terminals(&s, 100 + i as u64);
    }
    let c = Case {
        board: river,
        k: 4,
        score: &omaha,
        hilo: false,
        rake: None,
        plain: false,
        pot: 55,
        stack: 200,
    };
    check_terminals(&solver_of(&c, 7), 8);
}

#[test]
fn omaha_high_low_terminals_equal_the_naive_sums() {
    let rules = Rules::new(&RulesText {
        low: Some("ace-to-five"),
        low_qualifier: Some(8),
        hole_cards: Some(2),
        ..RulesText::default()
    })
    .unwrap();
    let high = HighEvaluator::new(rules);
    let low = LowEvaluator::new(rules).unwrap();
    let scorer = RuledScorer::new(true, &high, Some(&low)).unwrap();
    let score = |h: &[u8], b: &[u8]| scorer.score(h, b);
    // low boards, so both halves are played, and a rake with odd pots
    for (i, board) in [vec![0u8, 5, 10, 27, 49], vec![1u8, 8, 14, 30]]
        .into_iter()
        .enumerate()
    {
        let c = Case {
            board,
            k: 4,
            score: &score,
            hilo: true,
            rake: Some(Rake {
                basis_points: 300,
                cap: None,
            }),
            plain: false,
            pot: 57,
            stack: 120,
        };
        check_terminals(&solver_of(&c, 20 + i as u64), 30 + i as u64);
    }
}

#[test]
fn the_fast_sweeps_solve_as_the_general_ones() {
    let run = |plain: bool| {
        let c = Case {
            board: vec![0, 13, 26, 40, 51],
            k: 2,
            score: &holdem,
            hilo: false,
            rake: None,
            plain,
            pot: 60,
            stack: 200,
        };
        let mut s = solver_of(&c, 3);
        s.iterate(50, DCFR, false, &Never);
        (s.ev(false, &Never), s.exploitability(false, &Never))
    };
    let (a, b) = (run(false), run(true));
    assert!(
        (a.0 .0 - b.0 .0).abs() < 1e-3 && (a.1 - b.1).abs() < 1e-3,
        "{a:?} {b:?}"
    );
}

/// Every combo of these (high rank, low rank, suited) classes off `board`,
/// weight by class: ranges that suit permutations map onto themselves.
fn symmetric(board: u64, classes: &[(u8, u8, Option<bool>, f64)]) -> Hands {
    let mut h = Hands {
        k: 2,
        cards: Vec::new(),
        mask: Vec::new(),
        weight: Vec::new(),
    };
    for &(a, b, suited, w) in classes {
        for s1 in 0..4u8 {
            for s2 in 0..4u8 {
                let (c1, c2) = (4 * a + s1, 4 * b + s2);
                if c1 == c2 || (a == b && s1 >= s2) || suited.is_some_and(|x| x != (s1 == s2)) {
                    continue;
                }
                let m = 1u64 << c1 | 1u64 << c2;
                if m & board != 0 {
                    continue;
                }
                h.cards.extend_from_slice(&[c1.min(c2), c1.max(c2)]);
                h.mask.push(m);
                h.weight.push(w);
            }
        }
    }
    h
}

#[test]
fn isomorphic_deals_solve_as_the_plain_deal() {
    // a monotone turn: the other three suits are free, so each river rank
    // off the board is solved once, not three times
    let board = vec![50u8, 22, 2, 30]; // Ah 7h 2h 9h
    let bm = board.iter().fold(0u64, |m, &c| m | 1 << c);
    let ranges = [
        symmetric(
            bm,
            &[
                (12, 12, None, 1.0),
                (11, 10, Some(true), 1.0),
                (7, 7, None, 0.5),
                (12, 11, Some(false), 0.7),
            ],
        ),
        symmetric(
            bm,
            &[
                (10, 10, None, 1.0),
                (12, 9, None, 1.0),
                (8, 7, Some(true), 1.0),
                (3, 3, None, 0.3),
            ],
        ),
    ];
    let run = |iso: bool| {
        let sizes = vec![Size::Pot(0.75), Size::AllIn];
        let street = StreetSizes {
            bets: [sizes.clone(), sizes.clone()],
            raises: [sizes.clone(), sizes],
        };
        let config = TreeConfig {
            pot: 40,
            stack: 100,
            antes: 0,
            streets: vec![street; 2],
            limit: Limit::No,
            units: Vec::new(),
            raise_cap: Some(2),
            allin_threshold: None,
            merge: None,
        };
        let setup = Setup {
            board: board.clone(),
            hands: ranges.clone(),
            deck: (1u64 << 52) - 1,
            final_board: 5,
            score: &holdem,
            hilo: false,
            rake: None,
            isomorphism: iso,
            max_memory: 1 << 30,
            plain: false,
        };
        let mut s = build(config, setup).unwrap();
        s.iterate(300, DCFR, false, &Never);
        (
            s.ev(false, &Never),
            s.exploitability(false, &Never),
            s.nodes.len(),
        )
    };
    let (on, off) = (run(true), run(false));
    assert!(
        on.2 * 2 < off.2,
        "the isomorphic tree is smaller: {} vs {}",
        on.2,
        off.2
    );
    let bound = on.1 + off.1;
    assert!(on.1 < 0.05 && off.1 < 0.05, "{on:?} {off:?}");
    for p in 0..2 {
        let (a, b) = if p == 0 {
            (on.0 .0, off.0 .0)
        } else {
            (on.0 .1, off.0 .1)
        };
        assert!(
            (a - b).abs() <= bound,
            "player {p}: {a} vs {b}, bound {bound}"
        );
    }
}

#[test]
#[ignore]
fn parallel_timing() {
    let board = vec![4u8, 17, 30, 46];
    let bm = board.iter().fold(0u64, |m, &x| m | 1 << x);
    let mut rng = StdRng::seed_from_u64(1);
    let hands = [
        random_hands(&mut rng, bm, 2, 200),
        random_hands(&mut rng, bm, 2, 250),
    ];
    for (par, prune) in [(false, false), (false, true), (true, false), (true, true)] {
        let sizes = vec![Size::Pot(0.6), Size::AllIn];
        let raises = vec![Size::Mult(2.5), Size::AllIn];
        let street = StreetSizes {
            bets: [sizes.clone(), sizes],
            raises: [raises.clone(), raises],
        };
        let config = TreeConfig {
            pot: 200,
            stack: 900,
            antes: 0,
            streets: vec![street; 2],
            limit: Limit::No,
            units: Vec::new(),
            raise_cap: None,
            allin_threshold: None,
            merge: None,
        };
        let setup = Setup {
            board: board.clone(),
            hands: hands.clone(),
            deck: (1u64 << 52) - 1,
            final_board: 5,
            score: &holdem,
            hilo: false,
            rake: None,
            isomorphism: true,
            max_memory: 1 << 30,
            plain: false,
        };
        let mut s = build(config, setup).unwrap();
        s.prune = prune;
        s.iterate(80, DCFR, par, &Never);
        let t = std::time::Instant::now();
        let before = super::cfr::TERMINALS.load(std::sync::atomic::Ordering::Relaxed);
        s.iterate(20, DCFR, par, &Never);
        let n = super::cfr::TERMINALS.load(std::sync::atomic::Ordering::Relaxed) - before;
        let e = s.exploitability(par, &Never);
        eprintln!(
            "parallel {par} prune {prune}: {:?} expl {e} terminals {n}",
            t.elapsed()
        );
    }
}
