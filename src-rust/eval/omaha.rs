//! Omaha-style hands: exactly `h` hole cards with `5 - h` board cards
//! (docs/rules.md §2). Every split is tried: for natural PLO4 (6 hole pairs ×
//! 10 board triples) 60 five-card lookups, for five and six hole cards 100
//! and 150. Natural two-plus-three hands of 2..=6 hole cards with a full
//! board go through [`natural_split2`], which reads each split from a table
//! of rank classes (one load, no hashing) and looks at flushes only where a
//! suit can make one.

use super::high;

/// The best of `value` over a hand: `hole` and `board` as one hand of at
/// most seven cards, or, with `hole_cards = Some(h)`, every five of exactly
/// `h` hole cards and `5 - h` board cards.
pub fn best_of(
    hole: &[u8],
    board: &[u8],
    hole_cards: Option<u8>,
    value: impl Fn(&[u8]) -> u32,
) -> u32 {
    match hole_cards {
        None => {
            let mut buf = [0u8; 7];
            let n = hole.len() + board.len();
            buf[..hole.len()].copy_from_slice(hole);
            buf[hole.len()..n].copy_from_slice(board);
            value(&buf[..n])
        }
        Some(h) => {
            let mut best = 0;
            for_each_split(hole, board, h as usize, |five| best = best.max(value(five)));
            best
        }
    }
}

/// Calls `f` with every five-card hand of exactly `h` cards of `hole` and
/// `5 - h` cards of `board` (each hand in a stack buffer).
pub fn for_each_split(hole: &[u8], board: &[u8], h: usize, mut f: impl FnMut(&[u8])) {
    let b = 5 - h;
    let mut five = [0u8; 5];
    let mut hi = [0usize; 5];
    let mut bi = [0usize; 5];
    // First combination of each side, then advance like an odometer.
    if hole.len() < h || board.len() < b {
        return;
    }
    for (i, x) in hi.iter_mut().enumerate().take(h) {
        *x = i;
    }
    loop {
        for (i, x) in bi.iter_mut().enumerate().take(b) {
            *x = i;
        }
        loop {
            for i in 0..h {
                five[i] = hole[hi[i]];
            }
            for i in 0..b {
                five[h + i] = board[bi[i]];
            }
            f(&five);
            if !next_combination(&mut bi[..b], board.len()) {
                break;
            }
        }
        if !next_combination(&mut hi[..h], hole.len()) {
            break;
        }
    }
}

/// Advances a sorted index combination over `0..n`; false after the last.
fn next_combination(idx: &mut [usize], n: usize) -> bool {
    let k = idx.len();
    for i in (0..k).rev() {
        if idx[i] < n - k + i {
            idx[i] += 1;
            for j in i + 1..k {
                idx[j] = idx[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// The natural value of a PLO hand of 4 hole cards and 5 board cards:
/// the best of the 60 hands of two hole and three board cards, each valued
/// whole (the reference [`natural_split2`] is tested against).
#[inline]
pub fn natural_plo4(hole: &[u8; 4], board: &[u8; 5]) -> u16 {
    const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    let mut best = 0;
    for &(a, b, c) in &TRIPLES {
        let mut five = [0, 0, board[a], board[b], board[c]];
        for &(x, y) in &PAIRS {
            five[0] = hole[x];
            five[1] = hole[y];
            best = best.max(high::value_of(&five));
        }
    }
    best
}

/// The ten board triples of a five-card board, as index triples.
const TRIPLES: [(usize, usize, usize); 10] = [
    (0, 1, 2),
    (0, 1, 3),
    (0, 1, 4),
    (0, 2, 3),
    (0, 2, 4),
    (0, 3, 4),
    (1, 2, 3),
    (1, 2, 4),
    (1, 3, 4),
    (2, 3, 4),
];

/// Classes of rank multisets: 455 of three ranks, 91 of two; a triple's
/// row of the value table holds its 91 pair classes in `ROW` slots, so a
/// pair class masked by `ROW - 1` always falls inside the row.
const TRIPLE_CLASSES: usize = 455;
const PAIR_CLASSES: usize = 91;
const ROW: usize = 128;

/// Tables of the two-plus-three evaluator ([`natural_split2`]): the class of
/// every ordered rank triple (as the start of its row) and rank pair, and
/// the non-flush value of every triple class with every pair class (0 where
/// the two would hold five of a rank). 116 KB.
pub struct SplitTables {
    triple: [u32; 13 * 13 * 13],
    pair: [u8; 13 * 13],
    values: [u16; TRIPLE_CLASSES * ROW],
}

impl SplitTables {
    fn build() -> Box<SplitTables> {
        use super::gen::RANK_BASES;
        let mut t = Box::new(SplitTables {
            triple: [0; 13 * 13 * 13],
            pair: [0; 13 * 13],
            values: [0; TRIPLE_CLASSES * ROW],
        });
        // Classes in the order of the sorted ranks; every ordering of the
        // same ranks gets its class.
        let mut triples = Vec::with_capacity(TRIPLE_CLASSES);
        for a in 0..13usize {
            for b in a..13 {
                for c in b..13 {
                    let start = (triples.len() * ROW) as u32;
                    for (x, y, z) in [
                        (a, b, c),
                        (a, c, b),
                        (b, a, c),
                        (b, c, a),
                        (c, a, b),
                        (c, b, a),
                    ] {
                        t.triple[x * 169 + y * 13 + z] = start;
                    }
                    triples.push([a, b, c]);
                }
            }
        }
        let mut pairs = Vec::with_capacity(PAIR_CLASSES);
        for a in 0..13usize {
            for b in a..13 {
                t.pair[a * 13 + b] = pairs.len() as u8;
                t.pair[b * 13 + a] = pairs.len() as u8;
                pairs.push([a, b]);
            }
        }
        for (i, tri) in triples.iter().enumerate() {
            for (j, pair) in pairs.iter().enumerate() {
                let mut counts = [0u8; 13];
                for &r in tri.iter().chain(pair) {
                    counts[r] += 1;
                }
                if counts.iter().any(|&n| n > 4) {
                    continue;
                }
                let key: u32 = tri.iter().chain(pair).map(|&r| RANK_BASES[r]).sum();
                t.values[i * ROW + j] = high::rank_value(key);
            }
        }
        t
    }

    /// The tables, built on first use (about 0.1 ms).
    pub fn get() -> &'static SplitTables {
        static TABLES: std::sync::OnceLock<Box<SplitTables>> = std::sync::OnceLock::new();
        TABLES.get_or_init(SplitTables::build)
    }
}

/// The natural value of an Omaha hand that plays exactly two of its 2..=6
/// `hole` cards with three of a five-card `board`: all distinct natural
/// cards (ids below 52; a larger id panics). 0 for another number of hole
/// cards.
#[inline(always)]
pub fn natural_split2(t: &SplitTables, hole: &[u8], board: &[u8; 5]) -> u16 {
    match hole.len() {
        2 => split2::<2, 1>(t, hole.try_into().unwrap(), board),
        3 => split2::<3, 3>(t, hole.try_into().unwrap(), board),
        4 => split2::<4, 6>(t, hole.try_into().unwrap(), board),
        5 => split2::<5, 10>(t, hole.try_into().unwrap(), board),
        6 => split2::<6, 15>(t, hole.try_into().unwrap(), board),
        _ => 0,
    }
}

/// [`natural_split2`] for `K` hole cards, which make `NP` = K(K-1)/2 pairs.
///
/// The non-flush part takes one load per hole pair and board triple: the
/// pair's and the triple's rank classes are found once, and each triple's
/// row of the value table is read at its pairs' classes. A flush is only
/// possible when one suit has three or more board cards and two or more
/// hole cards (about one deal in five); then its suited pairs and triples
/// are read from the flush table, and the better of the two answers is the
/// value (a suited five's non-flush reading is never above its flush).
#[inline(always)]
pub fn split2<const K: usize, const NP: usize>(
    t: &SplitTables,
    hole: &[u8; K],
    board: &[u8; 5],
) -> u16 {
    const { assert!(NP == K * (K - 1) / 2) };
    let mut pairs = [0u8; NP];
    let mut n = 0;
    for i in 0..K {
        let row = (hole[i] >> 2) as usize * 13;
        for &c in &hole[i + 1..] {
            pairs[n] = t.pair[row + (c >> 2) as usize];
            n += 1;
        }
    }
    let r = board.map(|c| (c >> 2) as usize);
    let mut best = 0u16;
    for &(a, b, c) in &TRIPLES {
        let start = t.triple[r[a] * 169 + r[b] * 13 + r[c]] as usize;
        let row: &[u16; ROW] = t.values[start..start + ROW].try_into().unwrap();
        for p in pairs {
            best = best.max(row[p as usize & (ROW - 1)]);
        }
    }
    // Suits as four 4-bit counters: +5 sets a board counter's bit 3 from
    // three cards on, +6 a hole counter's from two (six at most: no carry).
    let on_board: u32 = board.iter().map(|&c| 1u32 << (4 * (c & 3))).sum();
    let in_hand: u32 = hole.iter().map(|&c| 1u32 << (4 * (c & 3))).sum();
    let both = (on_board + 0x5555) & (in_hand + 0x6666) & 0x8888;
    if both != 0 {
        let suit = ((both.trailing_zeros() - 3) / 4) as u8;
        best = best.max(flush_split2(hole, board, suit));
    }
    best
}

/// The best flush of two hole and three board cards of `suit`, which has
/// at least two hole and three board cards.
#[inline(never)]
fn flush_split2(hole: &[u8], board: &[u8; 5], suit: u8) -> u16 {
    let mut held = [0u16; 6];
    let mut h = 0;
    for &c in hole {
        if c & 3 == suit {
            held[h] = 1 << (c >> 2);
            h += 1;
        }
    }
    let mut on = [0u16; 5];
    let mut b = 0;
    for &c in board {
        if c & 3 == suit {
            on[b] = 1 << (c >> 2);
            b += 1;
        }
    }
    let mut best = 0;
    for &(x, y, z) in TRIPLES.iter().filter(|t| t.2 < b) {
        let three = on[x] | on[y] | on[z];
        for i in 0..h {
            for j in i + 1..h {
                best = best.max(high::FLUSH_VALUES[(three | held[i] | held[j]) as usize]);
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_are_counted() {
        let hole = [0, 1, 2, 3];
        let board = [10, 11, 12, 13, 14];
        let mut n = 0;
        for_each_split(&hole, &board, 2, |five| {
            assert_eq!(five.len(), 5);
            n += 1;
        });
        assert_eq!(n, 60);
        let mut n = 0;
        for_each_split(&hole, &board[..3], 2, |_| n += 1);
        assert_eq!(n, 6);
        let mut n = 0;
        for_each_split(&[1, 2, 3, 4, 5, 6], &board, 1, |_| n += 1);
        assert_eq!(n, 6 * 5);
    }

    /// A small generator for the tests (xorshift64*), so the deals repeat.
    fn deals(seed: u64, n: usize, k: usize, mut f: impl FnMut(&[u8], &[u8; 5])) {
        let mut x = seed | 1;
        for _ in 0..n {
            let mut deck: Vec<u8> = (0..52).collect();
            for i in 0..k + 5 {
                x ^= x >> 12;
                x ^= x << 25;
                x ^= x >> 27;
                let r = x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33;
                let j = i + (r as usize) % (52 - i);
                deck.swap(i, j);
            }
            let board: [u8; 5] = deck[k..k + 5].try_into().unwrap();
            f(&deck[..k], &board);
        }
    }

    #[test]
    fn split2_agrees_with_every_split() {
        let t = SplitTables::get();
        for k in 2..=6 {
            deals(k as u64 * 7919, 40_000, k, |hole, board| {
                let slow = best_of(hole, board, Some(2), |five| high::value_of(five) as u32);
                assert_eq!(
                    natural_split2(t, hole, board) as u32,
                    slow,
                    "{hole:?} {board:?}"
                );
                if let Ok(h) = <&[u8; 4]>::try_from(hole) {
                    assert_eq!(natural_plo4(h, board) as u32, slow);
                }
            });
        }
    }

    #[test]
    fn split2_flushes_and_full_houses() {
        use crate::cards::parse_text;
        use crate::eval::{category, FLUSH, FULL_HOUSE, HIGH_CARD, STRAIGHT_FLUSH};
        let t = SplitTables::get();
        let value = |hole: &str, board: &str| {
            let hole = parse_text(hole).unwrap();
            let board: [u8; 5] = parse_text(board).unwrap().try_into().unwrap();
            category(natural_split2(t, &hole, &board) as u32)
        };
        // five spades in hand and one on the board: no flush
        assert_eq!(value("As Ks Qs Js 9s", "2s 7d 8c 4h 3d"), HIGH_CARD);
        // two spades in hand, three on the board
        assert_eq!(value("As 2c Qs 5d 9h", "2s 7s 8s 4h 3d"), FLUSH);
        // the straight flush 9-K of hearts beats the board's full house
        assert_eq!(value("Kh Qh 2c 2d 3c 4c", "Jh Th 9h 9c 9d"), STRAIGHT_FLUSH);
        // a paired board and a flush draw: the full house plays
        assert_eq!(value("9s 8s 7h 7d Ac", "7s 4s 2s 2h Kd"), FULL_HOUSE);
    }
}
