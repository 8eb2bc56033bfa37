//! High hands under hand rules: wild cards (RULES.md §3 a, b), the bug,
//! five of a kind and the four-flush (§2).
//!
//! A hand splits exactly into two independent questions. Its best hand that
//! is not a flush depends only on the ranks of its natural cards and on how
//! many wild cards and bugs it holds; its best flush or straight flush in a
//! suit depends only on that suit's natural ranks and the same counts. The
//! answer is the larger. Both are computed top-down by [`best_plain`] and
//! [`best_suited`], and memoised at first use into one table per (wilds,
//! bugs) count: a perfect hash over the natural rank multiset and an
//! 8,192-entry table over a suit's rank mask (packed in milliseconds; the
//! count (0, 0) reuses the natural evaluator's compile-time hash). Values
//! use the natural numbering; five of a kind is `11 << 12 | rank`.

use super::gen::{self, FIVE_OF_A_KIND, FLUSH, FOUR_FLUSH, ONE_PAIR, STRAIGHT_FLUSH};
use super::high::{RANK_ROW_BASE, RANK_VALUES};
use super::rules::{widen, Rules, WIDE_SHIFT};
use crate::cards::{rank, suit};
use std::sync::OnceLock;

/// Rank bases of this module's own additive rank key (every multiset of at
/// most seven ranks, at most four of each, has a distinct sum).
const BASES: [u32; 13] = [
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520,
];
const RANK_BITS: u64 = (1 << 25) - 1;
const INVALID_SHIFT: u32 = 32;
const WILD_SHIFT: u32 = 40;
const BUG_SHIFT: u32 = 44;
const SUIT_BASE: u64 = 0x3333 << 48;
const FLUSH_BITS: u64 = 0x8888 << 48;
// The natural evaluator's hash geometry: the table for hands without wild
// cards or bugs is its compile-time table (`Hash::natural`).
use super::gen::HASH_SHIFT;
/// Most wild cards and bugs a table covers; five or more make five aces.
pub const MAX_FILL: usize = 4;
const FIVE_ACES: u16 = FIVE_OF_A_KIND << 12 | 12;
const WHEEL: u16 = 0x100F;

fn five() -> &'static gen::FiveValues {
    static FIVE: OnceLock<gen::FiveValues> = OnceLock::new();
    FIVE.get_or_init(gen::five_values)
}

/// The value of five ranks that are not a flush (five of a kind allowed).
fn plain_value(mut ranks: [u8; 5]) -> u16 {
    ranks.sort_unstable();
    if ranks[0] == ranks[4] {
        return FIVE_OF_A_KIND << 12 | ranks[0] as u16;
    }
    five().plain[&ranks]
}

fn flush_value(mask: u16) -> u16 {
    five().flush[&mask]
}

/// The 5-rank window of a straight with top rank `top` (3 = the wheel).
fn window(top: u8) -> u16 {
    if top == 3 {
        WHEEL
    } else {
        0x1F << (top - 4)
    }
}

fn window_ranks(top: u8) -> [u8; 5] {
    if top == 3 {
        [3, 2, 1, 0, 12]
    } else {
        [top, top - 1, top - 2, top - 3, top - 4]
    }
}

/// The highest straight whose missing ranks (not in `mask`) number at most
/// `fill`.
fn best_straight(mask: u16, fill: u8) -> Option<u8> {
    (3..13u8)
        .rev()
        .find(|&t| (window(t) & !mask).count_ones() <= fill as u32)
}

/// The best hand that is not a flush: natural rank counts `c`, `kw` wild
/// cards, `kb` bugs (an ace, or a straight filler). Returns the value and
/// the five ranks that play, in comparison order. At least five cards.
pub fn best_plain(c: &[u8; 13], kw: u8, kb: u8) -> (u16, [u8; 5]) {
    if kw + kb >= 5 {
        return (FIVE_ACES, [12; 5]);
    }
    let mut a = *c;
    a[12] += kb; // bugs as aces
    let have = |r: usize| a[r] > 0;
    let top_other = |skip: &[u8], n: usize| -> Vec<u8> {
        let mut out = Vec::with_capacity(n);
        for r in (0..13u8).rev() {
            if out.len() == n {
                break;
            }
            if have(r as usize) && !skip.contains(&r) {
                out.push(r);
            }
        }
        out
    };
    let union = (0..13).fold(0u16, |m, r| if c[r] > 0 { m | 1 << r } else { m });
    let done = |r: [u8; 5]| (plain_value(r), r);
    for r in (0..13u8).rev() {
        if a[r as usize] + kw >= 5 {
            return done([r; 5]);
        }
    }
    for r in (0..13u8).rev() {
        if a[r as usize] + kw >= 4 {
            let x = top_other(&[r], 1)[0];
            return done([r, r, r, r, x]);
        }
    }
    for t in (0..13u8).rev() {
        for p in (0..13u8).rev() {
            let need = 3u8.saturating_sub(a[t as usize]) + 2u8.saturating_sub(a[p as usize]);
            if p != t && need <= kw {
                return done([t, t, t, p, p]);
            }
        }
    }
    if let Some(t) = best_straight(union, kw + kb) {
        return done(window_ranks(t));
    }
    for r in (0..13u8).rev() {
        if a[r as usize] + kw >= 3 {
            let k = top_other(&[r], 2);
            return done([r, r, r, k[0], k[1]]);
        }
    }
    if kw == 0 {
        let pairs: Vec<u8> = (0..13u8).rev().filter(|&r| a[r as usize] >= 2).collect();
        if pairs.len() >= 2 {
            let (p, q) = (pairs[0], pairs[1]);
            let x = top_other(&[p, q], 1)[0];
            return done([p, p, q, q, x]);
        }
    }
    for r in (0..13u8).rev() {
        if a[r as usize] + kw >= 2 {
            let k = top_other(&[r], 3);
            return done([r, r, k[0], k[1], k[2]]);
        }
    }
    let k = top_other(&[], 5);
    done([k[0], k[1], k[2], k[3], k[4]])
}

/// The best flush or straight flush in one suit holding the natural ranks
/// `mask`, with `kw` wild cards and `kb` bugs (bugs fill straight flushes,
/// and plain flushes when `bug_flush`). A filler names a card of the suit
/// that is not held (§3 b). Value 0 when there is none.
pub fn best_suited(mask: u16, kw: u8, kb: u8, bug_flush: bool) -> (u16, [u8; 5]) {
    if let Some(t) = best_straight(mask, kw + kb) {
        return (flush_value(window(t)), window_ranks(t));
    }
    let fill = kw + if bug_flush { kb } else { 0 };
    if mask.count_ones() + fill as u32 >= 5 {
        let mut m = mask;
        for _ in 0..fill {
            if let Some(r) = (0..13).rev().find(|&r| m & 1 << r == 0) {
                m |= 1 << r;
            }
        }
        let mut ranks = [0u8; 5];
        let mut k = 0;
        let mut m5 = 0u16;
        for r in (0..13u8).rev() {
            if k < 5 && m & 1 << r != 0 {
                ranks[k] = r;
                m5 |= 1 << r;
                k += 1;
            }
        }
        return (flush_value(m5), ranks);
    }
    (0, [0; 5])
}

/// A perfect hash from rank keys to values: with `m` the mixed key
/// (`gen::mix`), `table[m + offsets[m >> S]]`.
struct Hash {
    offsets: Vec<i32>,
    table: Vec<u16>,
}

impl Hash {
    fn build(entries: &[(u32, u16)]) -> Hash {
        // rows and columns of the mixed key, as in the natural evaluator
        let rows = gen::HASH_ROWS;
        let mut by_row: Vec<Vec<(u32, u16)>> = vec![Vec::new(); rows];
        for &(k, v) in entries {
            let m = gen::mix(k);
            by_row[(m >> HASH_SHIFT) as usize].push((m & ((1 << HASH_SHIFT) - 1), v));
        }
        let mut order: Vec<usize> = (0..rows).filter(|&r| !by_row[r].is_empty()).collect();
        order.sort_by_key(|&r| (std::cmp::Reverse(by_row[r].len()), r));
        // First fit, rows with the most keys first: a row's base puts its
        // lowest column on a free slot (found by scanning a bitset a word at
        // a time) and is kept when every other column is free too.
        let mut used: Vec<u64> = Vec::new();
        let is_used =
            |used: &[u64], i: usize| used.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 != 0);
        let mut table: Vec<u16> = Vec::new();
        let mut offsets = vec![i32::MIN / 2; rows];
        let mut first_free = 0usize;
        for &r in &order {
            let cols = &mut by_row[r];
            cols.sort_unstable_by_key(|c| c.0);
            let c0 = cols[0].0 as usize;
            let mut slot = first_free.max(c0);
            let base = loop {
                // the first free slot at or after `slot`
                while let Some(&w) = used.get(slot / 64) {
                    let free = !w >> (slot % 64);
                    if free != 0 {
                        slot += free.trailing_zeros() as usize;
                        break;
                    }
                    slot = (slot / 64 + 1) * 64;
                }
                let base = slot - c0;
                if cols[1..]
                    .iter()
                    .all(|&(c, _)| !is_used(&used, base + c as usize))
                {
                    break base;
                }
                slot += 1;
            };
            for &(c, v) in cols.iter() {
                let i = base + c as usize;
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
            offsets[r] = base as i32 - (r << HASH_SHIFT) as i32;
        }
        Hash { offsets, table }
    }

    /// The natural evaluator's compile-time hash (same rank key, mixing
    /// and geometry; its values are the narrow encoding of natural hands):
    /// the table of hands without wild cards or bugs, without the second
    /// or so a first-fit packing of its 73,775 keys takes at run time.
    fn natural() -> Hash {
        let offsets = (0..RANK_ROW_BASE.len())
            .map(|r| RANK_ROW_BASE[r] as i32 - (r << HASH_SHIFT) as i32)
            .collect();
        Hash {
            offsets,
            table: RANK_VALUES.to_vec(),
        }
    }

    #[inline(always)]
    fn get(&self, key: u32) -> u16 {
        let key = gen::mix(key);
        let Some(&off) = self.offsets.get((key >> HASH_SHIFT) as usize) else {
            return 0;
        };
        let idx = (key as i64 + off as i64) as usize;
        self.table.get(idx).copied().unwrap_or(0)
    }
}

/// Memoised answers for hands with `kw` wild cards and `kb` bugs.
pub struct Table {
    plain: Hash,
    suited: Vec<u16>,
    suited_bug_flush: Vec<u16>,
}

/// Every multiset of `n` ranks (at most four of each), as counts.
fn multisets(n: u8) -> Vec<[u8; 13]> {
    fn rec(r: usize, left: u8, c: &mut [u8; 13], out: &mut Vec<[u8; 13]>) {
        if r == 12 {
            if left <= 4 {
                c[12] = left;
                out.push(*c);
                c[12] = 0;
            }
            return;
        }
        for k in 0..=left.min(4) {
            c[r] = k;
            rec(r + 1, left - k, c, out);
        }
        c[r] = 0;
    }
    let mut out = Vec::new();
    rec(0, n, &mut [0; 13], &mut out);
    out
}

fn rank_key(c: &[u8; 13]) -> u32 {
    c.iter().zip(BASES).map(|(&n, b)| n as u32 * b).sum()
}

impl Table {
    fn build(kw: u8, kb: u8) -> Table {
        let plain = if kw + kb == 0 {
            Hash::natural()
        } else {
            Hash::build(&Table::entries(kw, kb))
        };
        let suited = (0..8192u16)
            .map(|m| best_suited(m, kw, kb, false).0)
            .collect();
        let suited_bug_flush = if kb > 0 {
            (0..8192u16)
                .map(|m| best_suited(m, kw, kb, true).0)
                .collect()
        } else {
            Vec::new()
        };
        Table {
            plain,
            suited,
            suited_bug_flush,
        }
    }

    /// Every rank multiset a hand with `kw` wild cards and `kb` bugs can
    /// hold, with its value.
    fn entries(kw: u8, kb: u8) -> Vec<(u32, u16)> {
        let fill = kw + kb;
        let mut entries = Vec::new();
        for n in 5u8.saturating_sub(fill)..=7 - fill {
            for c in multisets(n) {
                entries.push((rank_key(&c), best_plain(&c, kw, kb).0));
            }
        }
        entries
    }

    /// The table for `kw` wild cards and `kb` bugs, built at first use
    /// (`kw + kb` in 0..=4; (0, 0) is the natural hand).
    pub fn get(kw: usize, kb: usize) -> &'static Table {
        static TABLES: [[OnceLock<Table>; MAX_FILL + 1]; MAX_FILL + 1] =
            [const { [const { OnceLock::new() }; MAX_FILL + 1] }; MAX_FILL + 1];
        TABLES[kw][kb].get_or_init(|| Table::build(kw as u8, kb as u8))
    }
}

/// Hand rules made ready for evaluation: per-card constants and the tables
/// the rules can need, looked up once.
pub struct Prepared {
    pub rules: Rules,
    /// Per card id: rank base and suit counter (natural cards), or a count
    /// of wild cards / bugs / invalid ids.
    key: [u64; 256],
    /// Per card id: the bit `16·suit + rank` of a natural card, else 0.
    bit: [u64; 256],
    /// Per (wild cards, bugs): counts no valid hand can have (a bug when
    /// the rules have none) point at the natural table.
    tables: [[&'static Table; MAX_FILL + 1]; MAX_FILL + 1],
}

impl Prepared {
    pub fn new(rules: Rules) -> Prepared {
        let mut key = [1u64 << INVALID_SHIFT; 256];
        let mut bit = [0u64; 256];
        let last = if rules.jokers == super::rules::Jokers::None {
            52
        } else {
            54
        };
        for c in 0..last {
            key[c] = if rules.wild >> c & 1 != 0 {
                1 << WILD_SHIFT
            } else if rules.bug >> c & 1 != 0 {
                1 << BUG_SHIFT
            } else {
                bit[c] = 1 << (16 * (c & 3) + (c >> 2));
                BASES[c >> 2] as u64 | 1 << (48 + 4 * (c & 3))
            };
        }
        let nw = (rules.wild.count_ones() as usize).min(MAX_FILL);
        let nb = (rules.bug.count_ones() as usize).min(2);
        let mut tables = [[Table::get(0, 0); MAX_FILL + 1]; MAX_FILL + 1];
        for (kw, row) in tables.iter_mut().enumerate().take(nw + 1) {
            for (kb, slot) in row.iter_mut().enumerate().take(nb + 1) {
                if kw + kb <= MAX_FILL {
                    *slot = Table::get(kw, kb);
                }
            }
        }
        Prepared {
            rules,
            key,
            bit,
            tables,
        }
    }

    /// Whether the word and id mask show `k` distinct ids the rules allow.
    #[inline(always)]
    pub fn word_is_valid(word: u64, ids: u64, k: usize) -> bool {
        (word >> INVALID_SHIFT) & 0xFF == 0 && ids.count_ones() as usize == k
    }

    /// The hand word and natural-card mask of `cards`.
    #[inline(always)]
    pub fn word(&self, cards: &[u8]) -> (u64, u64) {
        let mut w = SUIT_BASE;
        let mut m = 0u64;
        for &c in cards {
            w = w.wrapping_add(self.key[c as usize]);
            m |= self.bit[c as usize];
        }
        (w, m)
    }

    /// The high value (narrow encoding) of 5..=7 cards without the
    /// four-flush, from the hand word. No branch on the number of wild
    /// cards: it only picks the table.
    #[inline(always)]
    pub fn value_from_word(&self, w: u64, m: u64) -> u32 {
        let kw = (w >> WILD_SHIFT) as usize & 0xF;
        let kb = (w >> BUG_SHIFT) as usize & 0xF;
        let fill = kw + kb;
        if fill > MAX_FILL {
            return FIVE_ACES as u32;
        }
        let t = self.tables[kw][kb];
        let mut v = t.plain.get((w & RANK_BITS) as u32);
        let mut f = w.wrapping_add(fill as u64 * (0x1111 << 48)) & FLUSH_BITS;
        if f != 0 {
            let suited = if self.rules.bug_fills_flush && kb > 0 {
                &t.suited_bug_flush
            } else {
                &t.suited
            };
            while f != 0 {
                let s = (f.trailing_zeros() - 51) >> 2;
                let mask = (m >> (16 * s)) as usize & 0x1FFF;
                v = v.max(suited[mask]);
                f &= f - 1;
            }
        }
        v as u32
    }

    /// One batch row of `K` cards (no Omaha split): the value, and whether
    /// the row holds `K` distinct ids the rules allow.
    #[inline(always)]
    pub fn row<const K: usize>(&self, row: &[u8; K]) -> (u32, bool) {
        let mut w = SUIT_BASE;
        let mut m = 0u64;
        let mut ids = 0u64;
        let mut dup = 0u64;
        for &c in row {
            w = w.wrapping_add(self.key[c as usize]);
            m |= self.bit[c as usize];
            let b = 1u64 << (c & 63);
            dup |= ids & b;
            ids |= b;
        }
        let ok = (w >> INVALID_SHIFT) & 0xFF == 0 && dup == 0;
        let v = self.value_from_word(w, m);
        if self.rules.four_flush && ok {
            (with_four_flush(&self.rules, row, v), ok)
        } else {
            (v, ok)
        }
    }

    /// The value of 5..=7 valid cards under the rules, without Omaha's
    /// 2 + 3 (wide encoding when the four-flush is on).
    #[inline(always)]
    pub fn value_any(&self, cards: &[u8]) -> u32 {
        let (w, m) = self.word(cards);
        let v = self.value_from_word(w, m);
        if self.rules.four_flush {
            with_four_flush(&self.rules, cards, v)
        } else {
            v
        }
    }

    /// The value of a hand under the rules: `hole` with `board` (Omaha's
    /// exact split when `hole_cards` is set). Cards must be valid.
    pub fn value(&self, hole: &[u8], board: &[u8]) -> u32 {
        super::omaha::best_of(hole, board, self.rules.hole_cards, |cards| {
            self.value_any(cards)
        })
    }
}

/// Counts of a hand's natural cards: ranks, per-suit rank masks, wilds, bugs.
struct Parts {
    counts: [u8; 13],
    suits: [u16; 4],
    kw: u8,
    kb: u8,
}

fn parts(rules: &Rules, cards: &[u8]) -> Parts {
    let mut p = Parts {
        counts: [0; 13],
        suits: [0; 4],
        kw: 0,
        kb: 0,
    };
    for &c in cards {
        if rules.wild >> c & 1 != 0 {
            p.kw += 1;
        } else if rules.bug >> c & 1 != 0 {
            p.kb += 1;
        } else {
            p.counts[rank(c) as usize] += 1;
            p.suits[suit(c) as usize] |= 1 << rank(c);
        }
    }
    p
}

/// Colex index of a 4-rank set: orders sets by highest rank, then next.
fn colex4(mask: u16) -> u32 {
    const fn binom(n: u32, k: u32) -> u32 {
        let mut r = 1;
        let mut i = 0;
        while i < k {
            r = r * (n - i) / (i + 1);
            i += 1;
        }
        r
    }
    let mut idx = 0;
    let mut m = mask;
    let mut i = 1;
    while m != 0 {
        let b = m.trailing_zeros();
        if b >= i - 1 {
            idx += binom(b, i);
        }
        m &= m - 1;
        i += 1;
    }
    idx
}

/// The best four-flush: four cards of one suit (wild cards, and bugs when
/// they fill flushes, name the highest missing ranks), then the best fifth
/// card. Returns the wide value, the suit, the four ranks and the fifth.
fn best_four_flush(rules: &Rules, p: &Parts) -> Option<(u32, u8, [u8; 4], u8)> {
    let fill = p.kw + if rules.bug_fills_flush { p.kb } else { 0 };
    let mut best: Option<(u32, u8, [u8; 4], u8)> = None;
    for s in 0..4u8 {
        let n = p.suits[s as usize].count_ones() as u8;
        if n + fill < 4 || n > 4 {
            continue;
        }
        let used = 4u8.saturating_sub(n);
        let mut four = p.suits[s as usize];
        for _ in 0..used {
            if let Some(r) = (0..13).rev().find(|&r| four & 1 << r == 0) {
                four |= 1 << r;
            }
        }
        // The fifth: natural cards outside the suit, a bug playing as an
        // ace when it did not fill, a wild card left over.
        let used_bugs = used.saturating_sub(p.kw);
        let mut fifth: Option<u8> = None;
        for (t, &m) in p.suits.iter().enumerate() {
            if t != s as usize && m != 0 {
                fifth = fifth.max(Some(15 - m.leading_zeros() as u8));
            }
        }
        if p.kb > used_bugs || p.kw > used {
            fifth = Some(12);
        }
        let Some(fifth) = fifth else { continue };
        let value = (FOUR_FLUSH as u32) << WIDE_SHIFT | (colex4(four) * 13 + fifth as u32);
        let mut ranks = [0u8; 4];
        let mut k = 0;
        for r in (0..13u8).rev() {
            if four & 1 << r != 0 {
                ranks[k] = r;
                k += 1;
            }
        }
        if best.is_none_or(|b| value > b.0) {
            best = Some((value, s, ranks, fifth));
        }
    }
    best
}

/// Widens `value` and lets a four-flush beat a pair or no pair.
fn with_four_flush(rules: &Rules, cards: &[u8], value: u32) -> u32 {
    let wide = widen(value);
    if (value >> 12) as u16 > ONE_PAIR {
        return wide;
    }
    match best_four_flush(rules, &parts(rules, cards)) {
        Some((ff, ..)) => wide.max(ff),
        None => wide,
    }
}

/// Cards that play and what each stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The cards as they play: a wild card shows the card it names.
    pub named: [u8; 5],
    /// The cards held, in the same order (a wild card as itself).
    pub held: [u8; 5],
}

/// Assigns held cards to the wanted (rank, suit) slots: naturals first,
/// then bugs (where a bug may play) and wild cards. `suit` None means any
/// suit: the name avoids held cards and repeats where it can.
fn assign(rules: &Rules, cards: &[u8], want: &[(u8, Option<u8>, bool)]) -> Played {
    let mut used = 0u64;
    let held_mask = cards.iter().fold(0u64, |m, &c| m | 1 << c);
    let mut out = Played {
        named: [0; 5],
        held: [0; 5],
    };
    let mut pending = Vec::new();
    for (i, &(r, s, _)) in want.iter().enumerate() {
        let found = cards.iter().copied().filter(|&c| {
            rules.wild >> c & 1 == 0
                && rules.bug >> c & 1 == 0
                && used >> c & 1 == 0
                && rank(c) == r
                && s.is_none_or(|s| suit(c) == s)
        });
        match found.max() {
            Some(c) => {
                used |= 1 << c;
                out.named[i] = c;
                out.held[i] = c;
            }
            None => pending.push(i),
        }
    }
    let mut named_mask = out.named.iter().fold(0u64, |m, &c| m | 1 << c);
    // Slots a bug may take first (it is the scarcer filler), then the rest.
    pending.sort_by_key(|&i| !(want[i].2 || want[i].0 == 12 && want[i].1.is_none()));
    for i in pending {
        let (r, s, bug_ok) = want[i];
        let bug_ok = bug_ok || (r == 12 && s.is_none());
        let filler = cards
            .iter()
            .copied()
            .filter(|&c| used >> c & 1 == 0)
            .filter(|&c| rules.wild >> c & 1 != 0 || (bug_ok && rules.bug >> c & 1 != 0))
            .max_by_key(|&c| (rules.bug >> c & 1 != 0, c));
        let Some(h) = filler else { continue };
        used |= 1 << h;
        let name = match s {
            Some(s) => 4 * r + s,
            None => {
                let free = (0..4u8)
                    .rev()
                    .map(|s| 4 * r + s)
                    .find(|&c| (held_mask | named_mask) >> c & 1 == 0);
                free.unwrap_or(4 * r + 3)
            }
        };
        named_mask |= 1 << name;
        out.named[i] = name;
        out.held[i] = h;
    }
    out
}

/// Orders the played cards the way the hand is read (by count of the named
/// rank, then rank, highest first; a wheel reads 5-4-3-2-A).
fn reading_order(p: &mut Played, category: u16) {
    let count = |c: u8| p.named.iter().filter(|&&x| rank(x) == rank(c)).count();
    let mut idx: Vec<usize> = (0..5).collect();
    if category != FOUR_FLUSH {
        idx.sort_by_key(|&i| {
            std::cmp::Reverse((count(p.named[i]), rank(p.named[i]), suit(p.named[i])))
        });
    }
    let (named, held) = (p.named, p.held);
    for (k, &i) in idx.iter().enumerate() {
        p.named[k] = named[i];
        p.held[k] = held[i];
    }
    let mask = p.named.iter().fold(0u16, |m, &c| m | 1 << rank(c));
    if (category == gen::STRAIGHT || category == STRAIGHT_FLUSH) && mask == WHEEL {
        p.named.rotate_left(1);
        p.held.rotate_left(1);
    }
}

/// The value and the five cards that play, for 5..=7 valid cards under the
/// rules (no Omaha split: see [`play`]).
pub fn play_any(prep: &Prepared, cards: &[u8]) -> (u32, Played) {
    let rules = &prep.rules;
    let value = prep.value_any(cards);
    let p = parts(rules, cards);
    let category = super::rules::category_of(value);
    let mut played = if category == FOUR_FLUSH {
        let (_, s, four, fifth) = best_four_flush(rules, &p).unwrap_or_default();
        let mut want: Vec<(u8, Option<u8>, bool)> = four
            .iter()
            .map(|&r| (r, Some(s), rules.bug_fills_flush))
            .collect();
        // The fifth comes from another suit (or is a bug or wild card).
        let other = cards.iter().copied().find(|&c| {
            rules.wild >> c & 1 == 0 && rules.bug >> c & 1 == 0 && suit(c) != s && rank(c) == fifth
        });
        want.push((fifth, other.map(suit), false));
        assign(rules, cards, &want)
    } else {
        let narrow = if value >= 1 << WIDE_SHIFT {
            (category as u32) << 12 | (value & 0xFFF)
        } else {
            value
        } as u16;
        let (pv, ranks) = best_plain(&p.counts, p.kw, p.kb);
        if pv == narrow {
            let straight = category == gen::STRAIGHT;
            let want: Vec<(u8, Option<u8>, bool)> =
                ranks.iter().map(|&r| (r, None, straight)).collect();
            assign(rules, cards, &want)
        } else {
            let s = (0..4u8)
                .find(|&s| {
                    best_suited(p.suits[s as usize], p.kw, p.kb, rules.bug_fills_flush).0 == narrow
                })
                .unwrap_or(0);
            let (_, ranks) = best_suited(p.suits[s as usize], p.kw, p.kb, rules.bug_fills_flush);
            let bug_ok = category == STRAIGHT_FLUSH || rules.bug_fills_flush;
            debug_assert!(category == STRAIGHT_FLUSH || category == FLUSH);
            let want: Vec<(u8, Option<u8>, bool)> =
                ranks.iter().map(|&r| (r, Some(s), bug_ok)).collect();
            assign(rules, cards, &want)
        }
    };
    reading_order(&mut played, category);
    (value, played)
}

/// The value and the five cards that play for `hole` and `board` under
/// the rules (valid cards; Omaha's split when `hole_cards` is set).
pub fn play(prep: &Prepared, hole: &[u8], board: &[u8]) -> (u32, Played) {
    match prep.rules.hole_cards {
        None => {
            let all: Vec<u8> = hole.iter().chain(board).copied().collect();
            play_any(prep, &all)
        }
        Some(h) => {
            let mut best: Option<[u8; 5]> = None;
            let mut best_v = 0;
            super::omaha::for_each_split(hole, board, h as usize, |five| {
                let v = prep.value_any(five);
                if best.is_none() || v > best_v {
                    best_v = v;
                    best = Some(five.try_into().unwrap());
                }
            });
            play_any(prep, &best.unwrap_or_default())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_natural_table_is_the_brute_force_one() {
        let natural = Hash::natural();
        let entries = Table::entries(0, 0);
        assert_eq!(entries.len(), 73_775);
        for (key, value) in entries {
            assert_eq!(natural.get(key), value, "rank key {key}");
        }
        for m in 0..8192u16 {
            let v = best_suited(m, 0, 0, false).0;
            if m.count_ones() >= 5 {
                assert_eq!(
                    v,
                    super::super::high::FLUSH_VALUES[m as usize],
                    "mask {m:#x}"
                );
            }
        }
    }

    #[test]
    fn packed_tables_answer_every_key() {
        for (kw, kb) in [(1, 0), (2, 0), (0, 1), (1, 1), (3, 1)] {
            let entries = Table::entries(kw, kb);
            let hash = Hash::build(&entries);
            for &(key, value) in &entries {
                assert_eq!(hash.get(key), value, "({kw}, {kb}) rank key {key}");
            }
        }
    }
}
