// Table generation for the high-hand evaluator.
//
// This file is compiled twice: by `build.rs` (through `include!`), which writes
// the tables into OUT_DIR as static arrays, and by the crate's tests, which
// check the tables and the constants below. It depends on nothing but `std`.
//
// A hand value is `category << 12 | index`, where `index` orders the hands of
// one category from weakest (0) to strongest. Categories are 1 (high card) to
// 11 (five of a kind), so a larger value is a stronger hand and 0 is never a
// hand.

/// Rank bases for the additive rank key: every multiset of at most seven
/// ranks (at most four of each) has a distinct sum. Found by a greedy search
/// (each base the smallest above the previous that keeps all sums of 0..=7
/// cards distinct); `tests` re-checks the property.
pub const RANK_BASES: [u32; 13] = [
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520,
];

/// The perfect hash first mixes a rank key, `mixed = key * HASH_MIX mod
/// 2^HASH_BITS` (a bijection, since the multiplier is odd and every key is
/// below 2^HASH_BITS), which spreads the keys evenly; then splits it into a
/// row (`mixed >> HASH_SHIFT`) and a column, and finds the value at
/// `ROW_BASE[row] + column`.
pub const HASH_MIX: u32 = 0x7F4A_7C15;
pub const HASH_BITS: u32 = 25;
pub const HASH_SHIFT: u32 = 11;
pub const HASH_ROWS: usize = 1 << (HASH_BITS - HASH_SHIFT);

/// The mixed key of a rank key (see `HASH_MIX`).
#[inline(always)]
pub const fn mix(key: u32) -> u32 {
    key.wrapping_mul(HASH_MIX) & ((1 << HASH_BITS) - 1)
}

pub const HIGH_CARD: u16 = 1;
pub const ONE_PAIR: u16 = 2;
pub const FOUR_FLUSH: u16 = 3;
pub const TWO_PAIR: u16 = 4;
pub const THREE_OF_A_KIND: u16 = 5;
pub const STRAIGHT: u16 = 6;
pub const FLUSH: u16 = 7;
pub const FULL_HOUSE: u16 = 8;
pub const FOUR_OF_A_KIND: u16 = 9;
pub const STRAIGHT_FLUSH: u16 = 10;
pub const FIVE_OF_A_KIND: u16 = 11;

/// The top rank of the straight made by a 13-bit rank mask, if any (the
/// wheel `A-2-3-4-5` is five-high: rank 3).
pub fn straight_top(mask: u16) -> Option<u8> {
    for top in (4..13u8).rev() {
        let window = 0x1Fu16 << (top - 4);
        if mask & window == window {
            return Some(top);
        }
    }
    if mask & 0x100F == 0x100F {
        return Some(3);
    }
    None
}

/// The category and tie-break ranks of five ranks (any order). Flush is
/// whether the five share a suit. Tie-break ranks are compared
/// lexicographically, larger first; unused positions are zero.
pub fn five_key(ranks: [u8; 5], flush: bool) -> (u16, [u8; 5]) {
    let mut counts = [0u8; 13];
    let mut mask = 0u16;
    for &r in &ranks {
        counts[r as usize] += 1;
        mask |= 1 << r;
    }
    // Ranks ordered by (count, rank), both descending: the comparison order.
    let mut order: Vec<(u8, u8)> = (0..13u8)
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    order.sort_unstable_by(|a, b| b.cmp(a));
    let mut tie = [0u8; 5];
    for (slot, &(_, r)) in tie.iter_mut().zip(order.iter()) {
        *slot = r;
    }
    let top_count = order[0].0;
    let distinct = order.len();
    let straight = if distinct == 5 {
        straight_top(mask)
    } else {
        None
    };
    let category = match (top_count, distinct, straight, flush) {
        (5, _, _, _) => FIVE_OF_A_KIND,
        (_, _, Some(_), true) => STRAIGHT_FLUSH,
        (4, _, _, _) => FOUR_OF_A_KIND,
        (3, 2, _, _) => FULL_HOUSE,
        (_, _, None, true) => FLUSH,
        (_, _, Some(_), false) => STRAIGHT,
        (3, _, _, _) => THREE_OF_A_KIND,
        (2, 3, _, _) => TWO_PAIR,
        (2, _, _, _) => ONE_PAIR,
        _ => HIGH_CARD,
    };
    if let Some(top) = straight {
        tie = [top, 0, 0, 0, 0];
    }
    (category, tie)
}

/// All multisets of 5 ranks with at most `max_each` of a rank, as sorted
/// arrays.
fn five_rank_multisets(max_each: u8) -> Vec<[u8; 5]> {
    let mut out = Vec::new();
    for a in 0..13u8 {
        for b in a..13 {
            for c in b..13 {
                for d in c..13 {
                    for e in d..13 {
                        let h = [a, b, c, d, e];
                        let mut ok = true;
                        for r in 0..13u8 {
                            if h.iter().filter(|&&x| x == r).count() > max_each as usize {
                                ok = false;
                            }
                        }
                        if ok {
                            out.push(h);
                        }
                    }
                }
            }
        }
    }
    out
}

/// The value of every five-card rank pattern, natural (no five of a kind):
/// non-flush patterns keyed by sorted ranks, flush patterns by rank mask.
pub struct FiveValues {
    pub plain: std::collections::HashMap<[u8; 5], u16>,
    pub flush: std::collections::HashMap<u16, u16>,
}

pub fn five_values() -> FiveValues {
    use std::collections::{BTreeSet, HashMap};
    let plain_hands = five_rank_multisets(4);
    let flush_hands: Vec<[u8; 5]> = five_rank_multisets(1);
    let mut keys: Vec<BTreeSet<[u8; 5]>> = vec![BTreeSet::new(); 12];
    for h in &plain_hands {
        let (c, t) = five_key(*h, false);
        keys[c as usize].insert(t);
    }
    for h in &flush_hands {
        let (c, t) = five_key(*h, true);
        keys[c as usize].insert(t);
    }
    let index: Vec<HashMap<[u8; 5], u16>> = keys
        .iter()
        .map(|set| {
            set.iter()
                .enumerate()
                .map(|(i, t)| (*t, i as u16))
                .collect()
        })
        .collect();
    let value = |h: &[u8; 5], flush: bool| {
        let (c, t) = five_key(*h, flush);
        (c << 12) | index[c as usize][&t]
    };
    let plain = plain_hands.iter().map(|h| (*h, value(h, false))).collect();
    let flush = flush_hands
        .iter()
        .map(|h| (h.iter().fold(0u16, |m, &r| m | (1 << r)), value(h, true)))
        .collect();
    FiveValues { plain, flush }
}

/// Every multiset of 0..=7 ranks with at most four of a rank, as counts.
pub fn rank_multisets() -> Vec<[u8; 13]> {
    fn rec(rank: usize, left: u8, counts: &mut [u8; 13], out: &mut Vec<[u8; 13]>) {
        if rank == 13 {
            out.push(*counts);
            return;
        }
        for c in 0..=left.min(4) {
            counts[rank] = c;
            rec(rank + 1, left - c, counts, out);
        }
        counts[rank] = 0;
    }
    let mut out = Vec::new();
    rec(0, 7, &mut [0; 13], &mut out);
    out
}

pub fn rank_key(counts: &[u8; 13]) -> u32 {
    counts
        .iter()
        .zip(RANK_BASES.iter())
        .map(|(&c, &b)| c as u32 * b)
        .sum()
}

/// The best non-flush value of a rank multiset of 5..=7 cards (0 for fewer).
pub fn best_plain(counts: &[u8; 13], five: &FiveValues) -> u16 {
    let ranks: Vec<u8> = (0..13u8)
        .flat_map(|r| std::iter::repeat_n(r, counts[r as usize] as usize))
        .collect();
    let n = ranks.len();
    if n < 5 {
        return 0;
    }
    let mut best = 0;
    for skip in 0u32..(1 << n) {
        if skip.count_ones() as usize != n - 5 {
            continue;
        }
        let mut h = [0u8; 5];
        let mut k = 0;
        for (i, &r) in ranks.iter().enumerate() {
            if skip & (1 << i) == 0 {
                h[k] = r;
                k += 1;
            }
        }
        best = best.max(five.plain[&h]);
    }
    best
}

/// The best flush value of a 13-bit rank mask of one suit (0 when it holds
/// fewer than five cards).
pub fn best_flush(mask: u16, five: &FiveValues) -> u16 {
    if mask.count_ones() < 5 {
        return 0;
    }
    let mut best = 0;
    let mut sub = mask;
    // Every submask with exactly five bits.
    loop {
        if sub.count_ones() == 5 {
            best = best.max(five.flush[&sub]);
        }
        if sub == 0 {
            break;
        }
        sub = (sub - 1) & mask;
    }
    best
}

/// The perfect hash: `value = table[row_base[mixed >> HASH_SHIFT] + (mixed
/// & column mask)]`. The table is padded so that any row base plus any
/// column is inside it, whatever the key, with one slot to spare.
pub struct PerfectHash {
    pub row_base: Vec<u32>,
    pub table: Vec<u16>,
}

/// Packs rows first-fit-decreasing (the rows with the most keys first, each
/// at the lowest base where none of its columns lands on a used slot).
pub fn perfect_hash(entries: &[(u32, u16)]) -> PerfectHash {
    let width = 1usize << HASH_SHIFT;
    let mut by_row: Vec<Vec<(usize, u16)>> = vec![Vec::new(); HASH_ROWS];
    for &(key, v) in entries {
        assert!(key < 1 << HASH_BITS, "rank key {key} does not fit the hash");
        let m = mix(key) as usize;
        by_row[m >> HASH_SHIFT].push((m & (width - 1), v));
    }
    let mut order: Vec<usize> = (0..HASH_ROWS).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(by_row[r].len()), r));
    let mut used: Vec<bool> = vec![false; entries.len() + width];
    let mut table: Vec<u16> = vec![0; used.len()];
    let mut row_base = vec![0u32; HASH_ROWS];
    let mut first_free = 0usize;
    for &r in &order {
        let cols = &by_row[r];
        if cols.is_empty() {
            continue;
        }
        let min_col = cols.iter().map(|c| c.0).min().unwrap();
        while used[first_free] {
            first_free += 1;
        }
        let mut base = first_free.saturating_sub(min_col);
        loop {
            if used.len() < base + width {
                used.resize(base + width, false);
                table.resize(base + width, 0);
            }
            if cols.iter().all(|&(c, _)| !used[base + c]) {
                break;
            }
            base += 1;
        }
        for &(c, v) in cols {
            used[base + c] = true;
            table[base + c] = v;
        }
        row_base[r] = base as u32;
    }
    let max_base = *row_base.iter().max().unwrap() as usize;
    // One more slot: a gather reads four bytes for the last two-byte value.
    table.resize(max_base + width + 1, 0);
    PerfectHash { row_base, table }
}
