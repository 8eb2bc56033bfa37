//! The hold'em fast path of exact equity (fixed two-card hands, boards
//! enumerated rank by rank with the suits that can no longer flush merged)
//! against the generic enumeration: the same spots through a scorer that
//! does not claim the natural high, so every board is dealt one by one and
//! every hand scored from its cards by `value_of`. The integer counters
//! must be equal, on one thread and split over pools of 2 and 8 threads.

use _core::equity::{
    enumerate, Combo, Counts, HighScorer, Scorer, ShowdownShape, Spot, Xoshiro256pp,
};

/// [`HighScorer`]'s values without its claim to the natural high: the
/// generic path.
struct Generic;

impl Scorer for Generic {
    fn score(&self, hole: &[u8], board: &[u8]) -> (u32, u32) {
        HighScorer.score(hole, board)
    }
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// The fast path's counters on one thread, on 2 and on 8 threads, and the
/// generic path's, all equal; returns them.
fn check(holes: &[[u8; 2]], board: &[u8], dead: &[u8]) -> Counts {
    let players = holes
        .iter()
        .map(|h| vec![Combo::new(h, 1.0).unwrap()])
        .collect();
    let spot = Spot::new(ShowdownShape::HOLDEM, players, board, dead).unwrap();
    let fast = enumerate(&spot, &HighScorer, false).unwrap().counts;
    let slow = pool(2).install(|| enumerate(&spot, &Generic, true).unwrap().counts);
    let what = format!("holes {holes:?} board {board:?} dead {dead:?}");
    assert_eq!(fast, slow, "{what}");
    for threads in [2, 8] {
        let split = pool(threads).install(|| enumerate(&spot, &HighScorer, true).unwrap().counts);
        assert_eq!(split, slow, "{what}, {threads} threads");
    }
    fast
}

/// A spot dealt from a shuffled deck: `n` players, `board` board cards,
/// `dead` dead cards; `suit` (0..4) when every card that can be is taken
/// from that suit first (flush-heavy spots).
fn random_spot(
    rng: &mut Xoshiro256pp,
    n: usize,
    board: usize,
    dead: usize,
    suit: Option<u8>,
) -> (Vec<[u8; 2]>, Vec<u8>, Vec<u8>) {
    let mut deck: Vec<u8> = (0..52).collect();
    for i in (1..52).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        deck.swap(i, j);
    }
    if let Some(s) = suit {
        // the suit's cards first (in shuffled order), then the rest
        deck.sort_by_key(|&c| c & 3 != s);
    }
    let mut cards = deck.into_iter();
    let mut take = || cards.next().unwrap();
    let holes: Vec<[u8; 2]> = (0..n).map(|_| [take(), take()]).collect();
    let b: Vec<u8> = (0..board).map(|_| take()).collect();
    let d: Vec<u8> = (0..dead).map(|_| take()).collect();
    (holes, b, d)
}

#[test]
fn known_preflop_figures() {
    // AhKh v QsQd: 787,966 / 917,606 wins of 1,712,304 boards (SPEED.md,
    // OMPEval's figures), through the generic path as well.
    let c = check(&[[50, 46], [43, 41]], &[], &[]);
    assert_eq!(c.deals, 1_712_304);
    assert_eq!(c.win, vec![787_966, 917_606]);
    assert_eq!(c.tie, vec![6_732, 6_732]);
}

#[test]
fn three_suited_hands_in_one_suit_preflop() {
    // AhKh v QhJh v 9h8h: every board of 46 cards, hearts everywhere.
    let h = |rank: u8| 4 * rank + 2;
    let c = check(&[[h(12), h(11)], [h(10), h(9)], [h(7), h(6)]], &[], &[]);
    assert_eq!(c.deals, 1_370_754);
}

#[test]
fn random_spots_match_the_generic_path() {
    let mut rng = Xoshiro256pp::seed(0x4F1D_E4E5);
    for i in 0..48 {
        let n = 2 + i % 5;
        let board = [0, 3, 4, 5][i / 5 % 4];
        // preflop spots lose cards to the dead pile so the generic path
        // stays quick
        let dead = if board == 0 {
            16 + rng.below(8) as usize
        } else {
            rng.below(7) as usize
        };
        let (holes, b, d) = random_spot(&mut rng, n, board, dead, None);
        check(&holes, &b, &d);
    }
}

#[test]
fn flush_heavy_spots_match_the_generic_path() {
    // Every player's cards, then the board's, from one suit as far as it
    // goes: flushes on most boards, several players sharing the suit.
    let mut rng = Xoshiro256pp::seed(0xF1A5_4EA7);
    for i in 0..24 {
        let n = 2 + i % 5;
        let board = [0, 3, 4, 5, 0, 3][i % 6];
        let dead = if board == 0 {
            14 + rng.below(8) as usize
        } else {
            rng.below(4) as usize
        };
        let suit = rng.below(4) as u8;
        let (holes, b, d) = random_spot(&mut rng, n, board, dead, Some(suit));
        check(&holes, &b, &d);
    }
    // one suit split between the players and the board, nothing dead:
    // AhKh v QhJh on Th 2c 3d (a made straight flush for one, outs for
    // both)
    check(&[[50, 46], [42, 38]], &[34, 0, 5], &[]);
}

#[test]
fn ten_players() {
    let mut rng = Xoshiro256pp::seed(0x10_9A4E55);
    for (board, dead, suit) in [
        (0, 6, None),
        (0, 4, Some(1)),
        (3, 0, None),
        (3, 2, Some(3)),
        (4, 0, None),
    ] {
        let (holes, b, d) = random_spot(&mut rng, 10, board, dead, suit);
        check(&holes, &b, &d);
    }
}

/// A card by rank (0 = deuce .. 12 = ace) and suit (0 = clubs, 1 = diamonds,
/// 2 = hearts, 3 = spades).
fn card(rank: u8, suit: u8) -> u8 {
    4 * rank + suit
}

/// The ranks 2..=5 of every suit: a dead pile every suit permutation keeps,
/// so the generic path stays quick preflop without breaking a symmetry.
fn low_ranks() -> Vec<u8> {
    (0..16).collect()
}

#[test]
fn symmetric_spots_match_the_generic_path() {
    let (c, d, h, s) = (0, 1, 2, 3);
    let (a, k, q, j) = (12, 11, 10, 9);
    let dead = low_ranks();
    // spades and diamonds swap: AhKh v QsQd (the full preflop spot is
    // `known_preflop_figures`), on a short deck and on flops that keep the
    // swap or break it (on a flop the swapped suits can no longer flush:
    // nothing to gain, the same counts)
    let ahkh = [card(a, h), card(k, h)];
    let qsqd = [card(q, s), card(q, d)];
    check(&[ahkh, qsqd], &[], &dead);
    check(&[ahkh, qsqd], &[card(7, s), card(7, d), card(2, c)], &[]);
    check(
        &[ahkh, qsqd],
        &[card(7, s), card(7, d), card(2, h)],
        &[card(8, s), card(8, d)],
    );
    check(&[ahkh, qsqd], &[card(7, s), card(6, d), card(2, c)], &[]);
    check(
        &[ahkh, qsqd],
        &[card(7, s), card(7, d), card(2, c), card(9, c)],
        &[],
    );
    // spades and hearts swap, clubs and diamonds too (order 4)
    let asah = [card(a, s), card(a, h)];
    let kskh = [card(k, s), card(k, h)];
    check(&[asah, kskh], &[], &dead);
    // AsKs v AhKh: swapping spades and hearts swaps the players, so only
    // clubs and diamonds swap
    check(
        &[[card(a, s), card(k, s)], [card(a, h), card(k, h)]],
        &[],
        &dead,
    );
    check(
        &[asah, kskh],
        &[card(9, c), card(9, d), card(3, s), card(3, h)],
        &[],
    );
    check(&[asah, kskh], &[card(9, c), card(9, d), card(4, s)], &[]);
    // three and four players sharing the symmetry
    let qsqh = [card(q, s), card(q, h)];
    check(&[asah, kskh, qsqh], &[], &dead);
    check(
        &[asah, kskh, qsqh],
        &[card(2, c), card(2, d), card(9, h)],
        &[],
    );
    let jcjd = [card(j, c), card(j, d)];
    check(
        &[asah, kskh, qsqh, jcjd],
        &[card(2, c), card(2, d), card(9, s), card(9, h)],
        &[],
    );
    // clubs, diamonds and hearts permuted freely (order 6): everybody in
    // spades
    let spades = |x: u8, y: u8| [card(x, s), card(y, s)];
    check(&[spades(a, k), spades(q, j)], &[], &dead);
    check(&[spades(a, k), spades(q, j), spades(8, 7)], &[], &dead);
    check(
        &[spades(a, k), spades(q, j)],
        &[card(2, c), card(2, d), card(2, h)],
        &[],
    );
    check(
        &[spades(a, k), spades(q, 2)],
        &[card(9, c), card(9, d), card(9, h), card(7, s)],
        &[],
    );
    // a flop keeping a swap of clubs and diamonds
    check(
        &[ahkh, [card(q, s), card(j, s)]],
        &[card(2, c), card(2, d), card(7, h)],
        &[],
    );
}

/// A suit permutation: `perm[s]` is the image of suit `s`.
type Perm = [u8; 4];

/// The card's orbit under the permutation's powers.
fn orbit(g: &Perm, c: u8) -> Vec<u8> {
    let mut out = vec![c];
    let mut x = card(c >> 2, g[(c & 3) as usize]);
    while x != c {
        out.push(x);
        x = card(x >> 2, g[(x & 3) as usize]);
    }
    out
}

/// Hole cards, board and dead cards.
type Dealt = (Vec<[u8; 2]>, Vec<u8>, Vec<u8>);

/// A spot that `g` maps onto itself (every hand, the board and the dead
/// cards unions of `g`'s orbits), or `None` when the draws do not fit.
fn symmetric_spot(
    rng: &mut Xoshiro256pp,
    g: &Perm,
    n: usize,
    board: usize,
    dead: usize,
) -> Option<Dealt> {
    let mut used = 0u64;
    // unused whole orbits of at most `room` cards, drawn at random
    let mut draw = |rng: &mut Xoshiro256pp, room: usize| -> Option<Vec<u8>> {
        for _ in 0..64 {
            let o = orbit(g, rng.below(52) as u8);
            if o.len() <= room && o.iter().all(|&c| used >> c & 1 == 0) {
                for &c in &o {
                    used |= 1 << c;
                }
                return Some(o);
            }
        }
        None
    };
    let mut fill = |rng: &mut Xoshiro256pp, size: usize| -> Option<Vec<u8>> {
        let mut cards = Vec::new();
        while cards.len() < size {
            cards.extend(draw(rng, size - cards.len())?);
        }
        Some(cards)
    };
    let mut holes = Vec::new();
    for _ in 0..n {
        let h = fill(rng, 2)?;
        holes.push([h[0], h[1]]);
    }
    let b = fill(rng, board)?;
    let d = fill(rng, dead)?;
    Some((holes, b, d))
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Spots that a suit permutation maps onto itself (a swap, two swaps or
    /// a 3-cycle, with its suits drawn), 2..=5 players, preflop to river.
    #[test]
    fn symmetric_spots_match_the_generic_path_too(
        seed in proptest::prelude::any::<u64>(),
        shape in 0usize..3,
        n in 2usize..=5,
        board in proptest::sample::select(vec![0usize, 3, 4, 5]),
        dead in 0usize..6,
    ) {
        // preflop spots lose a third of the deck so the generic path stays
        // quick (and only there can a symmetry move a suit that can still
        // flush: on a flop two swapped suits would need two cards each)
        let dead = if board == 0 { 16 + dead } else { dead };
        let mut rng = Xoshiro256pp::seed(seed);
        // suits relabelled at random, then the shape on them
        let mut suits = [0u8, 1, 2, 3];
        for i in (1..4).rev() {
            suits.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let [w, x, y, z] = suits.map(|s| s as usize);
        let mut g: Perm = [0, 1, 2, 3];
        match shape {
            0 => g.swap(w, x),
            1 => {
                g.swap(w, x);
                g.swap(y, z);
            }
            _ => {
                g[w] = x as u8;
                g[x] = y as u8;
                g[y] = w as u8;
            }
        }
        let mut spot = None;
        for _ in 0..32 {
            spot = symmetric_spot(&mut rng, &g, n, board, dead);
            if spot.is_some() {
                break;
            }
        }
        if let Some((holes, b, d)) = spot {
            check(&holes, &b, &d);
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Flop, turn and river spots of 2..=10 players, dealt from a seeded
    /// shuffle, some from one suit first.
    #[test]
    fn dealt_spots_match_the_generic_path(
        seed in proptest::prelude::any::<u64>(),
        n in 2usize..=10,
        board in 3usize..=5,
        dead in 0usize..6,
        suit in proptest::option::of(0u8..4),
    ) {
        let mut rng = Xoshiro256pp::seed(seed);
        let (holes, b, d) = random_spot(&mut rng, n, board, dead, suit);
        check(&holes, &b, &d);
    }
}

#[test]
fn three_way_preflop_against_the_generic_path() {
    // AhKh v QsQd v 7c6c, the full deck (issue 31's three-way spot): two
    // suits that players can flush with two board cards, spades and
    // diamonds swapped by the symmetry.
    let c = check(&[[50, 46], [43, 41], [20, 16]], &[], &[]);
    assert_eq!(c.deals, 1_370_754);
    assert_eq!(c.win, vec![517_365, 541_734, 309_549]);
    assert_eq!(c.tie, vec![2_106, 2_106, 2_106]);
}
