// Table generation for the high-hand evaluator, and the rank-multiset
// knowledge every table shares: the additive rank key, the enumeration of
// rank multisets and the perfect-hash packing.
//
// This file is compiled twice: by `build.rs` (through `include!`), which writes
// the natural tables into OUT_DIR as static arrays, and by the crate, where
// the wild-card tables (`wild.rs`), the low evaluator (`low.rs`) and the tests
// use the same definitions. It depends on nothing but `std`.
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

/// The rank mask of the wheel, A-2-3-4-5.
pub const WHEEL: u16 = 0x100F;
/// The rank mask of A-6-7-8-9, short deck's lowest straight.
pub const SHORT_WHEEL: u16 = 0x10F0;

/// The 13-bit rank mask of the straight whose top rank is `top` (4..=12, or
/// 3 for the wheel, which is five-high).
pub const fn straight_window(top: u8) -> u16 {
    if top == 3 {
        WHEEL
    } else {
        0x1F << (top - 4)
    }
}

/// The 13-bit mask of the ranks in `ranks`.
pub fn rank_mask(ranks: &[u8]) -> u16 {
    ranks.iter().fold(0u16, |mask, &r| mask | 1 << r)
}

/// The top rank of the straight made by a 13-bit rank mask, if any (the
/// wheel `A-2-3-4-5` is five-high: rank 3).
pub fn straight_top(mask: u16) -> Option<u8> {
    (3..13u8).rev().find(|&top| {
        let window = straight_window(top);
        mask & window == window
    })
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

/// Every multiset of exactly `n` ranks with at most `max_each` of a rank, as
/// counts per rank. They come in the order of their sorted rank lists
/// (`[0, 0, ...]` first), so a search that keeps the first best answer
/// keeps the one with the lowest ranks.
pub fn multisets(n: u8, max_each: u8) -> Vec<[u8; 13]> {
    fn rec(rank: usize, left: u8, max_each: u8, counts: &mut [u8; 13], out: &mut Vec<[u8; 13]>) {
        if rank == 12 {
            if left <= max_each {
                counts[12] = left;
                out.push(*counts);
                counts[12] = 0;
            }
            return;
        }
        for count in (0..=left.min(max_each)).rev() {
            counts[rank] = count;
            rec(rank + 1, left - count, max_each, counts, out);
        }
        counts[rank] = 0;
    }
    let mut out = Vec::new();
    rec(0, n, max_each, &mut [0; 13], &mut out);
    out
}

/// The ranks of a multiset given as counts, lowest first.
pub fn sorted_ranks(counts: &[u8; 13]) -> impl Iterator<Item = u8> + '_ {
    (0..13u8).flat_map(|r| std::iter::repeat_n(r, counts[r as usize] as usize))
}

/// All multisets of 5 ranks with at most `max_each` of a rank, as sorted
/// arrays.
fn five_rank_multisets(max_each: u8) -> Vec<[u8; 5]> {
    multisets(5, max_each)
        .iter()
        .map(|counts| {
            let mut five = [0u8; 5];
            for (slot, r) in five.iter_mut().zip(sorted_ranks(counts)) {
                *slot = r;
            }
            five
        })
        .collect()
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
        .map(|h| (rank_mask(h), value(h, true)))
        .collect();
    FiveValues { plain, flush }
}

/// Every multiset of 0..=7 ranks with at most four of a rank, as counts.
pub fn rank_multisets() -> Vec<[u8; 13]> {
    (0..=7).flat_map(|n| multisets(n, 4)).collect()
}

/// The additive rank key of a multiset given as counts (see `RANK_BASES`).
pub const fn rank_key(counts: &[u8; 13]) -> u32 {
    let mut key = 0;
    let mut r = 0;
    while r < 13 {
        key += counts[r] as u32 * RANK_BASES[r];
        r += 1;
    }
    key
}

/// The best non-flush value of a rank multiset of 5..=7 cards (0 for fewer).
pub fn best_plain(counts: &[u8; 13], five: &FiveValues) -> u16 {
    let ranks: Vec<u8> = sorted_ranks(counts).collect();
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

/// Packs rows first-fit-decreasing: the rows with the most keys first, each
/// at the lowest base that puts its lowest column on a free slot (found by
/// scanning a bitset a word at a time) and every other column on a free
/// slot too. Empty rows get base 0.
pub fn perfect_hash(entries: &[(u32, u16)]) -> PerfectHash {
    let width = 1usize << HASH_SHIFT;
    let mut by_row: Vec<Vec<(usize, u16)>> = vec![Vec::new(); HASH_ROWS];
    for &(key, v) in entries {
        assert!(key < 1 << HASH_BITS, "rank key {key} does not fit the hash");
        let mixed = mix(key) as usize;
        by_row[mixed >> HASH_SHIFT].push((mixed & (width - 1), v));
    }
    let mut order: Vec<usize> = (0..HASH_ROWS).filter(|&r| !by_row[r].is_empty()).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(by_row[r].len()), r));
    let mut used: Vec<u64> = Vec::new();
    let is_used = |used: &[u64], i: usize| used.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 != 0);
    let mut table: Vec<u16> = Vec::new();
    let mut row_base = vec![0u32; HASH_ROWS];
    let mut first_free = 0usize;
    for &r in &order {
        let cols = &mut by_row[r];
        cols.sort_unstable_by_key(|c| c.0);
        let lowest = cols[0].0;
        let mut slot = first_free.max(lowest);
        let base = loop {
            // the first free slot at or after `slot`
            while let Some(&word) = used.get(slot / 64) {
                let free = !word >> (slot % 64);
                if free != 0 {
                    slot += free.trailing_zeros() as usize;
                    break;
                }
                slot = (slot / 64 + 1) * 64;
            }
            let base = slot - lowest;
            if cols[1..].iter().all(|&(c, _)| !is_used(&used, base + c)) {
                break base;
            }
            slot += 1;
        };
        for &(c, v) in cols.iter() {
            let i = base + c;
            if used.len() <= i / 64 {
                used.resize(i / 64 + 1, 0);
            }
            used[i / 64] |= 1 << (i % 64);
            if table.len() <= i {
                table.resize(i + 1, 0);
            }
            table[i] = v;
        }
        while is_used(&used, first_free) {
            first_free += 1;
        }
        row_base[r] = base as u32;
    }
    let max_base = *row_base.iter().max().unwrap() as usize;
    // One more slot: a gather reads four bytes for the last two-byte value.
    table.resize(max_base + width + 1, 0);
    PerfectHash { row_base, table }
}
