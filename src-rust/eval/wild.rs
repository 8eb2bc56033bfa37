//! High hands under hand rules: wild cards (docs/rules.md §3 a, b), the bug,
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

use super::gen::{
    self, straight_window, FIVE_OF_A_KIND, FLUSH, FOUR_FLUSH, HASH_BITS, ONE_PAIR, SHORT_WHEEL,
    STRAIGHT, STRAIGHT_FLUSH, WHEEL,
};
use super::hash::Hash;
use super::high::{flush_suit, natural_card_key, FLUSH_BITS, SUIT_BASE};
use super::rules::{widen, Rules, WIDE_SHIFT};
use crate::cards::{rank, suit};
use std::sync::OnceLock;

// The hand word is the natural evaluator's (`high.rs`: rank key in the low
// bits, suit counters in bits 48..64) with three more counters.
const RANK_BITS: u64 = (1 << HASH_BITS) - 1;
const INVALID_SHIFT: u32 = 32;
const WILD_SHIFT: u32 = 40;
const BUG_SHIFT: u32 = 44;
/// Most wild cards and bugs a table covers; five or more make five aces.
pub const MAX_FILL: usize = 4;
const FIVE_ACES: u16 = FIVE_OF_A_KIND << 12 | 12;

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
        .find(|&top| (straight_window(top) & !mask).count_ones() <= fill as u32)
}

/// The best hand that is not a flush: natural rank `counts`, `wilds` wild
/// cards, `bugs` bugs (an ace, or a straight filler). Returns the value and
/// the five ranks that play, in comparison order. At least five cards.
pub fn best_plain(counts: &[u8; 13], wilds: u8, bugs: u8) -> (u16, [u8; 5]) {
    if wilds + bugs >= 5 {
        return (FIVE_ACES, [12; 5]);
    }
    let mut held = *counts;
    held[12] += bugs; // bugs as aces
    let have = |r: usize| held[r] > 0;
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
    let natural_mask = (0..13).fold(
        0u16,
        |mask, r| {
            if counts[r] > 0 {
                mask | 1 << r
            } else {
                mask
            }
        },
    );
    let done = |ranks: [u8; 5]| (plain_value(ranks), ranks);
    for r in (0..13u8).rev() {
        if held[r as usize] + wilds >= 5 {
            return done([r; 5]);
        }
    }
    for r in (0..13u8).rev() {
        if held[r as usize] + wilds >= 4 {
            let kicker = top_other(&[r], 1)[0];
            return done([r, r, r, r, kicker]);
        }
    }
    for trips in (0..13u8).rev() {
        for pair in (0..13u8).rev() {
            let need =
                3u8.saturating_sub(held[trips as usize]) + 2u8.saturating_sub(held[pair as usize]);
            if pair != trips && need <= wilds {
                return done([trips, trips, trips, pair, pair]);
            }
        }
    }
    if let Some(top) = best_straight(natural_mask, wilds + bugs) {
        return done(window_ranks(top));
    }
    for r in (0..13u8).rev() {
        if held[r as usize] + wilds >= 3 {
            let kickers = top_other(&[r], 2);
            return done([r, r, r, kickers[0], kickers[1]]);
        }
    }
    if wilds == 0 {
        let pairs: Vec<u8> = (0..13u8).rev().filter(|&r| held[r as usize] >= 2).collect();
        if pairs.len() >= 2 {
            let (high, low) = (pairs[0], pairs[1]);
            let kicker = top_other(&[high, low], 1)[0];
            return done([high, high, low, low, kicker]);
        }
    }
    for r in (0..13u8).rev() {
        if held[r as usize] + wilds >= 2 {
            let kickers = top_other(&[r], 3);
            return done([r, r, kickers[0], kickers[1], kickers[2]]);
        }
    }
    let top = top_other(&[], 5);
    done([top[0], top[1], top[2], top[3], top[4]])
}

/// The best flush or straight flush in one suit holding the natural ranks
/// `mask`, with `wilds` wild cards and `bugs` bugs (bugs fill straight
/// flushes, and plain flushes when `bug_flush`). A filler names a card of
/// the suit that is not held (§3 b). Value 0 when there is none.
pub fn best_suited(mask: u16, wilds: u8, bugs: u8, bug_flush: bool) -> (u16, [u8; 5]) {
    if let Some(top) = best_straight(mask, wilds + bugs) {
        return (flush_value(straight_window(top)), window_ranks(top));
    }
    let fill = wilds + if bug_flush { bugs } else { 0 };
    if mask.count_ones() + fill as u32 >= 5 {
        let ranks: [u8; 5] = highest_ranks(fill_highest(mask, fill));
        return (flush_value(gen::rank_mask(&ranks)), ranks);
    }
    (0, [0; 5])
}

/// Memoised answers for hands with a given number of wild cards and bugs.
pub struct WildTable {
    plain: Hash,
    suited: Vec<u16>,
    suited_bug_flush: Vec<u16>,
}

impl WildTable {
    fn build(wilds: u8, bugs: u8) -> WildTable {
        let plain = if wilds + bugs == 0 {
            Hash::natural()
        } else {
            Hash::build(&WildTable::entries(wilds, bugs))
        };
        let suited = (0..8192u16)
            .map(|mask| best_suited(mask, wilds, bugs, false).0)
            .collect();
        let suited_bug_flush = if bugs > 0 {
            (0..8192u16)
                .map(|mask| best_suited(mask, wilds, bugs, true).0)
                .collect()
        } else {
            Vec::new()
        };
        WildTable {
            plain,
            suited,
            suited_bug_flush,
        }
    }

    /// Every rank multiset a hand with `wilds` wild cards and `bugs` bugs
    /// can hold, with its value.
    fn entries(wilds: u8, bugs: u8) -> Vec<(u32, u16)> {
        let fill = wilds + bugs;
        let mut entries = Vec::new();
        for n in 5u8.saturating_sub(fill)..=7 - fill {
            for counts in gen::multisets(n, 4) {
                entries.push((gen::rank_key(&counts), best_plain(&counts, wilds, bugs).0));
            }
        }
        entries
    }

    /// The table for `wilds` wild cards and `bugs` bugs, built at first use
    /// (`wilds + bugs` in 0..=4; (0, 0) is the natural hand).
    pub fn get(wilds: usize, bugs: usize) -> &'static WildTable {
        static TABLES: [[OnceLock<WildTable>; MAX_FILL + 1]; MAX_FILL + 1] =
            [const { [const { OnceLock::new() }; MAX_FILL + 1] }; MAX_FILL + 1];
        TABLES[wilds][bugs].get_or_init(|| WildTable::build(wilds as u8, bugs as u8))
    }
}

/// Hand rules made ready for evaluation: per-card constants and the tables
/// the rules can need, looked up once.
pub struct HighEvaluator {
    pub rules: Rules,
    /// Per card id: rank base and suit counter (natural cards), or a count
    /// of wild cards / bugs / invalid ids.
    key: [u64; 256],
    /// Per card id: the bit `16·suit + rank` of a natural card, else 0.
    bit: [u64; 256],
    /// Per (wild cards, bugs): counts no valid hand can have (a bug when
    /// the rules have none) point at the natural table.
    tables: [[&'static WildTable; MAX_FILL + 1]; MAX_FILL + 1],
    /// Short-deck hold'em's tables, under its rules.
    short: Option<&'static super::short::ShortDeckTables>,
}

impl HighEvaluator {
    pub fn new(rules: Rules) -> HighEvaluator {
        let mut key = [1u64 << INVALID_SHIFT; 256];
        let mut bit = [0u64; 256];
        let last = if rules.jokers == super::rules::Jokers::None {
            52
        } else {
            54
        };
        for c in 0..last {
            if rules.short_deck.is_some() && c < 4 * super::short::LOWEST_RANK as usize {
                continue; // below the six: not in the short deck
            }
            key[c] = if rules.wild >> c & 1 != 0 {
                1 << WILD_SHIFT
            } else if rules.bug >> c & 1 != 0 {
                1 << BUG_SHIFT
            } else {
                bit[c] = 1 << (16 * (c & 3) + (c >> 2));
                natural_card_key(c)
            };
        }
        let most_wilds = (rules.wild.count_ones() as usize).min(MAX_FILL);
        let most_bugs = (rules.bug.count_ones() as usize).min(2);
        let mut tables = [[WildTable::get(0, 0); MAX_FILL + 1]; MAX_FILL + 1];
        for (wilds, row) in tables.iter_mut().enumerate().take(most_wilds + 1) {
            for (bugs, slot) in row.iter_mut().enumerate().take(most_bugs + 1) {
                if wilds + bugs <= MAX_FILL {
                    *slot = WildTable::get(wilds, bugs);
                }
            }
        }
        HighEvaluator {
            rules,
            key,
            bit,
            tables,
            short: rules.short_deck.map(super::short::ShortDeckTables::get),
        }
    }

    /// The hand word and natural-card mask of `cards`.
    #[inline(always)]
    pub fn word(&self, cards: &[u8]) -> (u64, u64) {
        let mut word = SUIT_BASE;
        let mut natural = 0u64;
        for &c in cards {
            word = word.wrapping_add(self.key[c as usize]);
            natural |= self.bit[c as usize];
        }
        (word, natural)
    }

    /// The high value (narrow encoding) of 5..=7 cards without the
    /// four-flush, from the hand word and natural-card mask. No branch on
    /// the number of wild cards: it only picks the table.
    #[inline(always)]
    pub fn value_from_word(&self, word: u64, natural: u64) -> u32 {
        if let Some(short) = self.short {
            return short.value(word, natural);
        }
        let wilds = (word >> WILD_SHIFT) as usize & 0xF;
        let bugs = (word >> BUG_SHIFT) as usize & 0xF;
        let fill = wilds + bugs;
        if fill > MAX_FILL {
            return FIVE_ACES as u32;
        }
        let table = self.tables[wilds][bugs];
        let mut value = table.plain.get((word & RANK_BITS) as u32);
        // Every filler counts in every suit: a suit with five or more
        // cards with them may hold a flush.
        let mut flush_bits = word.wrapping_add(fill as u64 * (0x1111 << 48)) & FLUSH_BITS;
        if flush_bits != 0 {
            let suited = if self.rules.bug_fills_flush && bugs > 0 {
                &table.suited_bug_flush
            } else {
                &table.suited
            };
            while flush_bits != 0 {
                let suit = flush_suit(flush_bits);
                let mask = (natural >> (16 * suit)) as usize & 0x1FFF;
                value = value.max(suited[mask]);
                flush_bits &= flush_bits - 1;
            }
        }
        value as u32
    }

    /// One batch row of `K` cards (no Omaha split): the value, and whether
    /// the row holds `K` distinct ids the rules allow.
    #[inline(always)]
    pub fn row<const K: usize>(&self, row: &[u8; K]) -> (u32, bool) {
        let mut word = SUIT_BASE;
        let mut natural = 0u64;
        let mut ids = 0u64;
        let mut repeated = 0u64;
        for &c in row {
            word = word.wrapping_add(self.key[c as usize]);
            natural |= self.bit[c as usize];
            let id_bit = 1u64 << (c & 63);
            repeated |= ids & id_bit;
            ids |= id_bit;
        }
        let ok = (word >> INVALID_SHIFT) & 0xFF == 0 && repeated == 0;
        if !ok {
            // An id given twice may count a joker past the tables (three
            // bugs): an invalid row is never valued (issue 12).
            return (0, false);
        }
        let value = self.value_from_word(word, natural);
        if self.rules.four_flush {
            (with_four_flush(&self.rules, row, value), true)
        } else {
            (value, true)
        }
    }

    /// The value of 5..=7 valid cards under the rules, without Omaha's
    /// 2 + 3 (wide encoding when the four-flush is on).
    #[inline(always)]
    pub fn value_any(&self, cards: &[u8]) -> u32 {
        let (word, natural) = self.word(cards);
        let value = self.value_from_word(word, natural);
        if self.rules.four_flush {
            with_four_flush(&self.rules, cards, value)
        } else {
            value
        }
    }

    /// The value of a hand under the rules: `hole` with `board` (Omaha's
    /// exact split when `hole_cards` is set). Cards must be valid.
    pub fn value(&self, hole: &[u8], board: &[u8]) -> u32 {
        if let Ok(five) = <&[u8; 5]>::try_from(board) {
            if self.rules.hole_cards == Some(2)
                && self.rules.is_natural_but_split()
                && (2..=6).contains(&hole.len())
            {
                let tables = super::omaha::SplitTables::get();
                return super::omaha::natural_split2(tables, hole, five) as u32;
            }
        }
        super::omaha::best_of(hole, board, self.rules.hole_cards, |cards| {
            self.value_any(cards)
        })
    }
}

/// Counts of a hand's natural cards: ranks, per-suit rank masks, wilds, bugs.
struct Parts {
    counts: [u8; 13],
    suits: [u16; 4],
    wilds: u8,
    bugs: u8,
}

fn parts(rules: &Rules, cards: &[u8]) -> Parts {
    let mut parts = Parts {
        counts: [0; 13],
        suits: [0; 4],
        wilds: 0,
        bugs: 0,
    };
    for &c in cards {
        if rules.wild >> c & 1 != 0 {
            parts.wilds += 1;
        } else if rules.bug >> c & 1 != 0 {
            parts.bugs += 1;
        } else {
            parts.counts[rank(c) as usize] += 1;
            parts.suits[suit(c) as usize] |= 1 << rank(c);
        }
    }
    parts
}

/// `mask` with its `fill` highest missing ranks added (what wild cards
/// name in a flush).
fn fill_highest(mask: u16, fill: u8) -> u16 {
    let mut filled = mask;
    for _ in 0..fill {
        if let Some(r) = (0..13).rev().find(|&r| filled & 1 << r == 0) {
            filled |= 1 << r;
        }
    }
    filled
}

/// The `N` highest ranks of `mask`, highest first (0 where it holds fewer).
fn highest_ranks<const N: usize>(mask: u16) -> [u8; N] {
    let mut ranks = [0u8; N];
    let mut k = 0;
    for r in (0..13u8).rev() {
        if k < N && mask & 1 << r != 0 {
            ranks[k] = r;
            k += 1;
        }
    }
    ranks
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
    let mut rest = mask;
    let mut i = 1;
    while rest != 0 {
        let b = rest.trailing_zeros();
        if b >= i - 1 {
            idx += binom(b, i);
        }
        rest &= rest - 1;
        i += 1;
    }
    idx
}

/// The best four-flush: four cards of one suit (wild cards, and bugs when
/// they fill flushes, name the highest missing ranks), then the best fifth
/// card. Returns the wide value, the suit, the four ranks and the fifth.
fn best_four_flush(rules: &Rules, hand: &Parts) -> Option<(u32, u8, [u8; 4], u8)> {
    let fill = hand.wilds + if rules.bug_fills_flush { hand.bugs } else { 0 };
    let mut best: Option<(u32, u8, [u8; 4], u8)> = None;
    for s in 0..4u8 {
        let n = hand.suits[s as usize].count_ones() as u8;
        if n + fill < 4 || n > 4 {
            continue;
        }
        let used = 4u8.saturating_sub(n);
        let four = fill_highest(hand.suits[s as usize], used);
        // The fifth: natural cards outside the suit, a bug playing as an
        // ace when it did not fill, a wild card left over.
        let used_bugs = used.saturating_sub(hand.wilds);
        let mut fifth: Option<u8> = None;
        for (other, &mask) in hand.suits.iter().enumerate() {
            if other != s as usize && mask != 0 {
                fifth = fifth.max(Some(15 - mask.leading_zeros() as u8));
            }
        }
        if hand.bugs > used_bugs || hand.wilds > used {
            fifth = Some(12);
        }
        let Some(fifth) = fifth else { continue };
        let value = (FOUR_FLUSH as u32) << WIDE_SHIFT | (colex4(four) * 13 + fifth as u32);
        let ranks: [u8; 4] = highest_ranks(four);
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
pub struct PlayedCards {
    /// The cards as they play: a wild card shows the card it names.
    pub named: [u8; 5],
    /// The cards held, in the same order (a wild card as itself).
    pub held: [u8; 5],
}

/// One card a hand wants to play: a rank, a suit (None: any suit), and
/// whether a bug may stand for it.
#[derive(Clone, Copy)]
struct Wanted {
    rank: u8,
    suit: Option<u8>,
    bug_may_fill: bool,
}

impl Wanted {
    /// Whether a bug may stand for this card: where the rules let it fill,
    /// and always as an ace of any suit.
    fn bug_may_stand(self) -> bool {
        self.bug_may_fill || (self.rank == 12 && self.suit.is_none())
    }
}

/// Assigns held cards to the wanted cards: naturals first, then bugs (where
/// a bug may play) and wild cards. A wanted card of any suit gets a name
/// that avoids held cards and repeats where it can.
fn assign(rules: &Rules, cards: &[u8], wanted: &[Wanted]) -> PlayedCards {
    let is_filler = |c: u8| (rules.wild | rules.bug) >> c & 1 != 0;
    let mut used = 0u64;
    let held_mask = cards.iter().fold(0u64, |mask, &c| mask | 1 << c);
    let mut out = PlayedCards {
        named: [0; 5],
        held: [0; 5],
    };
    let mut pending = Vec::new();
    for (i, want) in wanted.iter().enumerate() {
        let found = cards.iter().copied().filter(|&c| {
            !is_filler(c)
                && used >> c & 1 == 0
                && rank(c) == want.rank
                && want.suit.is_none_or(|s| suit(c) == s)
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
    let mut named_mask = out.named.iter().fold(0u64, |mask, &c| mask | 1 << c);
    // Cards a bug may stand for first (it is the scarcer filler), then the rest.
    pending.sort_by_key(|&i| !wanted[i].bug_may_stand());
    for i in pending {
        let want = wanted[i];
        let bug_ok = want.bug_may_stand();
        let filler = cards
            .iter()
            .copied()
            .filter(|&c| used >> c & 1 == 0)
            .filter(|&c| rules.wild >> c & 1 != 0 || (bug_ok && rules.bug >> c & 1 != 0))
            .max_by_key(|&c| (rules.bug >> c & 1 != 0, c));
        let Some(held) = filler else { continue };
        used |= 1 << held;
        let r = want.rank;
        let name = match want.suit {
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
        out.held[i] = held;
    }
    out
}

/// Orders the played cards the way the hand is read (by count of the named
/// rank, then rank, highest first; a wheel reads 5-4-3-2-A).
fn reading_order(played: &mut PlayedCards, category: u16) {
    let named = played.named;
    let count = |c: u8| named.iter().filter(|&&x| rank(x) == rank(c)).count();
    let mut idx: Vec<usize> = (0..5).collect();
    if category != FOUR_FLUSH {
        idx.sort_by_key(|&i| std::cmp::Reverse((count(named[i]), rank(named[i]), suit(named[i]))));
    }
    let held = played.held;
    for (k, &i) in idx.iter().enumerate() {
        played.named[k] = named[i];
        played.held[k] = held[i];
    }
    let mask = played
        .named
        .iter()
        .fold(0u16, |mask, &c| mask | 1 << rank(c));
    let wheel = mask == WHEEL || mask == SHORT_WHEEL;
    if (category == STRAIGHT || category == STRAIGHT_FLUSH) && wheel {
        played.named.rotate_left(1);
        played.held.rotate_left(1);
    }
}

/// The cards a four-flush wants: four of its suit, then the fifth from
/// another suit (or a bug or wild card).
fn four_flush_wanted(rules: &Rules, cards: &[u8], hand: &Parts) -> Vec<Wanted> {
    let (_, s, four, fifth) = best_four_flush(rules, hand).unwrap_or_default();
    let mut wanted: Vec<Wanted> = four
        .iter()
        .map(|&r| Wanted {
            rank: r,
            suit: Some(s),
            bug_may_fill: rules.bug_fills_flush,
        })
        .collect();
    let other = cards.iter().copied().find(|&c| {
        rules.wild >> c & 1 == 0 && rules.bug >> c & 1 == 0 && suit(c) != s && rank(c) == fifth
    });
    wanted.push(Wanted {
        rank: fifth,
        suit: other.map(suit),
        bug_may_fill: false,
    });
    wanted
}

/// The cards a hand of `category` with narrow value `narrow` wants: the
/// best plain hand's ranks when it makes the value, else the flush's.
fn high_wanted(rules: &Rules, hand: &Parts, category: u16, narrow: u16) -> Vec<Wanted> {
    let (plain, ranks) = best_plain(&hand.counts, hand.wilds, hand.bugs);
    if plain == narrow {
        let straight = category == STRAIGHT;
        return ranks
            .iter()
            .map(|&r| Wanted {
                rank: r,
                suit: None,
                bug_may_fill: straight,
            })
            .collect();
    }
    let suited = |s: u8| {
        best_suited(
            hand.suits[s as usize],
            hand.wilds,
            hand.bugs,
            rules.bug_fills_flush,
        )
    };
    let s = (0..4u8).find(|&s| suited(s).0 == narrow).unwrap_or(0);
    let (_, ranks) = suited(s);
    let bug_may_fill = category == STRAIGHT_FLUSH || rules.bug_fills_flush;
    debug_assert!(category == STRAIGHT_FLUSH || category == FLUSH);
    ranks
        .iter()
        .map(|&r| Wanted {
            rank: r,
            suit: Some(s),
            bug_may_fill,
        })
        .collect()
}

/// The value and the five cards that play, for 5..=7 valid cards under the
/// rules (no Omaha split: see [`play`]).
pub fn play_any(evaluator: &HighEvaluator, cards: &[u8]) -> (u32, PlayedCards) {
    let rules = &evaluator.rules;
    let value = evaluator.value_any(cards);
    if let Some(convention) = rules.short_deck {
        let five = super::short::best_five(convention, cards, value);
        let mut played = PlayedCards {
            named: five,
            held: five,
        };
        reading_order(&mut played, super::rules::category_of(value));
        return (value, played);
    }
    let hand = parts(rules, cards);
    let category = super::rules::category_of(value);
    let wanted = if category == FOUR_FLUSH {
        four_flush_wanted(rules, cards, &hand)
    } else {
        let narrow = if value >= 1 << WIDE_SHIFT {
            (category as u32) << 12 | (value & 0xFFF)
        } else {
            value
        } as u16;
        high_wanted(rules, &hand, category, narrow)
    };
    let mut played = assign(rules, cards, &wanted);
    reading_order(&mut played, category);
    (value, played)
}

/// The value and the five cards that play for `hole` and `board` under
/// the rules (valid cards; Omaha's split when `hole_cards` is set).
pub fn play(evaluator: &HighEvaluator, hole: &[u8], board: &[u8]) -> (u32, PlayedCards) {
    match evaluator.rules.hole_cards {
        None => {
            let all: Vec<u8> = hole.iter().chain(board).copied().collect();
            play_any(evaluator, &all)
        }
        Some(h) => {
            let mut best: Option<[u8; 5]> = None;
            let mut best_value = 0;
            super::omaha::for_each_split(hole, board, h as usize, |five| {
                let value = evaluator.value_any(five);
                if best.is_none() || value > best_value {
                    best_value = value;
                    best = Some(five.try_into().unwrap());
                }
            });
            play_any(evaluator, &best.unwrap_or_default())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_natural_table_is_the_brute_force_one() {
        let natural = Hash::natural();
        let entries = WildTable::entries(0, 0);
        assert_eq!(entries.len(), 73_775);
        for (key, value) in entries {
            assert_eq!(natural.get(key), value, "rank key {key}");
        }
        for mask in 0..8192u16 {
            let v = best_suited(mask, 0, 0, false).0;
            if mask.count_ones() >= 5 {
                assert_eq!(
                    v,
                    super::super::high::FLUSH_VALUES[mask as usize],
                    "mask {mask:#x}"
                );
            }
        }
    }

    #[test]
    fn short_deck_rows_below_the_six_are_not_valued() {
        let ev = HighEvaluator::new(Rules {
            short_deck: Some(super::super::rules::ShortDeck::StraightBeatsTrips),
            ..Rules::default()
        });
        assert!(!ev.row(&[0u8, 16, 20, 24, 28]).1);
        assert!(!ev.row(&[15u8, 16, 20, 24, 28, 32, 36]).1);
        let (v, ok) = ev.row(&[16u8, 20, 24, 28, 51]); // A-6-7-8-9
        assert!(ok);
        assert_eq!(super::super::rules::category_of(v), STRAIGHT);
    }

    #[test]
    fn packed_tables_answer_every_key() {
        for (wilds, bugs) in [(1, 0), (2, 0), (0, 1), (1, 1), (3, 1)] {
            let entries = WildTable::entries(wilds, bugs);
            let hash = Hash::build(&entries);
            for &(key, value) in &entries {
                assert_eq!(hash.get(key), value, "({wilds}, {bugs}) rank key {key}");
            }
        }
    }
}
