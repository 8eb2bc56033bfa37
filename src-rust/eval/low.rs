//! Low hands (docs/rules.md §4): `ace-to-five` (straights and flushes ignored,
//! ace low, optional qualifier), `deuce-to-seven` (ace high, straights and
//! flushes count, A-2-3-4-5 is no straight), `ace-to-six` (straights and
//! flushes count, the better of reading the ace low or high) and badugi.
//!
//! A low is keyed `category << 20 | five 4-bit ranks in comparison order`
//! (smaller is the better low) and its value is `LOW_TOP - key`, so a
//! larger value is a better low and 0 means no (qualifying) low. Wild cards
//! name whatever gives the best low (never a flush); the bug is only an ace.

use super::gen;
use super::rules::{Low, Rules};
use crate::cards::{rank, suit};
use std::sync::OnceLock;

/// Values are `LOW_TOP - key`; every key is below it.
pub const LOW_TOP: u32 = 0xFF_FFFF;

/// Rank number in a ranking: ace-to-five and badugi count the ace as 0
/// (2 = 1 ... K = 12); deuce-to-seven 2 = 0 ... A = 12; ace-to-six reads
/// the ace as 0 or 13 (2 = 1 ... K = 12).
#[inline]
fn ace_low(r: u8) -> u8 {
    if r == 12 {
        0
    } else {
        r + 1
    }
}

/// The key of five rank numbers; `straights` says whether straights and
/// flushes count.
fn key5(nums: [u8; 5], flush: bool, straights: bool) -> u32 {
    let mut counts = [0u8; 14];
    for &n in &nums {
        counts[n as usize] += 1;
    }
    let mut order: Vec<(u8, u8)> = (0..14u8)
        .filter(|&n| counts[n as usize] > 0)
        .map(|n| (counts[n as usize], n))
        .collect();
    order.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<u8> = order.iter().map(|o| o.0).collect();
    let mut tie = 0u32;
    for &(c, n) in &order {
        for _ in 0..c {
            tie = tie << 4 | n as u32;
        }
    }
    let straight = straights && order.len() == 5 && order[0].1 - order[4].1 == 4;
    let flush = straights && flush;
    let cat = if straights {
        match (shape.as_slice(), straight, flush) {
            ([5], _, _) => 9,
            (_, true, true) => 8,
            ([4, 1], _, _) => 7,
            ([3, 2], _, _) => 6,
            (_, false, true) => 5,
            (_, true, false) => 4,
            ([3, 1, 1], _, _) => 3,
            ([2, 2, 1], _, _) => 2,
            ([2, 1, 1, 1], _, _) => 1,
            _ => 0,
        }
    } else {
        match shape.as_slice() {
            [5] => 6,
            [4, 1] => 5,
            [3, 2] => 4,
            [3, 1, 1] => 3,
            [2, 2, 1] => 2,
            [2, 1, 1, 1] => 1,
            _ => 0,
        }
    };
    cat << 20 | tie
}

/// The key of five cards given as (rank, suit) with suit 4 for "no suit"
/// (a bug or a wild card, which never make a flush).
fn low_key(low: Low, five: &[(u8, u8); 5]) -> u32 {
    let flush = five.iter().all(|c| c.1 < 4 && c.1 == five[0].1);
    let nums = |f: &dyn Fn(u8) -> u8| {
        let mut n = [0u8; 5];
        for (x, c) in n.iter_mut().zip(five) {
            *x = f(c.0);
        }
        n
    };
    match low {
        Low::AceToFive | Low::Badugi => key5(nums(&ace_low), false, false),
        Low::DeuceToSeven => key5(nums(&|r| r), flush, true),
        Low::AceToSix => {
            let lo = key5(nums(&ace_low), flush, true);
            let hi = key5(nums(&|r| r + 1), flush, true);
            lo.min(hi)
        }
    }
}

/// A low that plays: its value and cards (named and held, as for high
/// hands; badugi may play fewer than five).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LowPlayed {
    pub value: u32,
    pub len: u8,
    pub named: [u8; 5],
    pub held: [u8; 5],
}

/// The rank of a low value's comparison-order ranks (ranking numbers).
pub fn ranks_of(low: Low, value: u32, len: u8) -> Vec<u8> {
    let key = LOW_TOP - value;
    let mut out = Vec::new();
    for i in (0..len as u32).rev() {
        let n = (key >> (4 * (i + 5 - len as u32))) as u8 & 0xF;
        out.push(match low {
            Low::DeuceToSeven => n,
            _ => {
                if n == 0 || n == 13 {
                    12
                } else {
                    n - 1
                }
            }
        });
    }
    out
}

/// Whether a low key qualifies: no pair and nothing above the qualifier.
fn qualifies(key: u32, q: Option<u8>) -> bool {
    match q {
        None => true,
        Some(q) => key >> 20 == 0 && (key >> 16 & 0xF) < q as u32,
    }
}

/// Every choice of ranks for `wilds` wild cards (any rank, repeats
/// allowed), each as a sorted list, lowest lists first.
fn wild_rank_choices(wilds: usize) -> Vec<Vec<u8>> {
    let wilds = wilds as u8;
    gen::multisets(wilds, wilds)
        .iter()
        .map(|counts| gen::sorted_ranks(counts).collect())
        .collect()
}

/// Names a wild card standing for rank `r`: a suit not held or named,
/// preferring one that keeps the hand from being a flush.
fn name_wild(r: u8, taken: u64, avoid_suit: Option<u8>) -> u8 {
    (0..4u8)
        .rev()
        .map(|s| 4 * r + s)
        .filter(|&c| taken >> c & 1 == 0)
        .max_by_key(|&c| Some(suit(c)) != avoid_suit)
        .unwrap_or(4 * r)
}

/// The best low of 5..=7 valid cards (exactly the cards given when there
/// are five), by trying every choice; `None` when nothing qualifies.
pub fn best_low(rules: &Rules, cards: &[u8]) -> Option<LowPlayed> {
    let low = rules.low?;
    if low == Low::Badugi {
        return best_badugi(rules, cards);
    }
    // Natural cards as (rank, suit); a bug is an ace with no suit.
    let mut nat: Vec<(u8, u8, u8)> = Vec::new();
    let mut wilds: Vec<u8> = Vec::new();
    for &c in cards {
        if rules.wild >> c & 1 != 0 {
            wilds.push(c);
        } else if rules.bug >> c & 1 != 0 {
            nat.push((12, 4, c));
        } else {
            nat.push((rank(c), suit(c), c));
        }
    }
    let held = cards.iter().fold(0u64, |mask, &c| mask | 1 << c);
    // (key, the five as (rank, suit), their held ids)
    type Choice = (u32, [(u8, u8); 5], [u8; 5]);
    let mut best: Option<Choice> = None;
    let n = nat.len();
    for j in 0..=wilds.len().min(5) {
        if n + j < 5 {
            continue;
        }
        let choices = wild_rank_choices(j);
        for sub in 0u32..1 << n {
            if sub.count_ones() as usize != 5 - j {
                continue;
            }
            let chosen: Vec<&(u8, u8, u8)> = (0..n)
                .filter(|i| sub >> i & 1 != 0)
                .map(|i| &nat[i])
                .collect();
            for ranks in &choices {
                let mut five = [(0u8, 4u8); 5];
                let mut ids = [0u8; 5];
                for (i, c) in chosen.iter().enumerate() {
                    five[i] = (c.0, c.1);
                    ids[i] = c.2;
                }
                for (i, &r) in ranks.iter().enumerate() {
                    five[5 - j + i] = (r, 4);
                    ids[5 - j + i] = wilds[i];
                }
                let key = low_key(low, &five);
                if best.is_none_or(|b| key < b.0) {
                    best = Some((key, five, ids));
                }
            }
        }
    }
    let (key, five, ids) = best?;
    if !qualifies(key, rules.low_qualifier) {
        return None;
    }
    let natural_suit = five[..5 - five.iter().filter(|c| c.1 == 4).count()]
        .iter()
        .find(|c| c.1 < 4)
        .map(|c| c.1);
    let mut named = [0u8; 5];
    let mut taken = held;
    for i in 0..5 {
        named[i] = if rules.wild >> ids[i] & 1 != 0 || rules.bug >> ids[i] & 1 != 0 {
            let c = name_wild(five[i].0, taken, natural_suit);
            taken |= 1 << c;
            c
        } else {
            ids[i]
        };
    }
    let mut played = LowPlayed {
        value: LOW_TOP - key,
        len: 5,
        named,
        held: ids,
    };
    order_played(low, &mut played);
    Some(played)
}

/// Orders a low's cards as its key reads them (pairs first, then highest).
fn order_played(low: Low, p: &mut LowPlayed) {
    let len = p.len as usize;
    let num = |c: u8| match low {
        Low::DeuceToSeven => rank(c),
        _ => ace_low(rank(c)),
    };
    let count = |c: u8| {
        p.named[..len]
            .iter()
            .filter(|&&x| rank(x) == rank(c))
            .count()
    };
    let mut idx: Vec<usize> = (0..len).collect();
    idx.sort_by_key(|&i| std::cmp::Reverse((count(p.named[i]), num(p.named[i]), suit(p.named[i]))));
    // Read the key's own order of ranks when it differs (ace-to-six read
    // ace-high): match ranks one by one.
    let want = ranks_of(low, p.value, p.len);
    let mut order: Vec<usize> = Vec::with_capacity(len);
    for r in want {
        if let Some(&i) = idx
            .iter()
            .find(|&&i| rank(p.named[i]) == r && !order.contains(&i))
        {
            order.push(i);
        }
    }
    if order.len() != len {
        order = idx;
    }
    let (named, held) = (p.named, p.held);
    for (k, &i) in order.iter().enumerate() {
        p.named[k] = named[i];
        p.held[k] = held[i];
    }
}

/// Badugi: the largest set of cards with distinct ranks and suits, then the
/// lowest highest card (ace low). Wild cards take the lowest free ranks;
/// a bug is an ace of a free suit.
fn best_badugi(rules: &Rules, cards: &[u8]) -> Option<LowPlayed> {
    let mut nat: Vec<u8> = Vec::new();
    let mut wilds: Vec<u8> = Vec::new();
    let mut bugs: Vec<u8> = Vec::new();
    for &c in cards {
        if rules.wild >> c & 1 != 0 {
            wilds.push(c);
        } else if rules.bug >> c & 1 != 0 {
            bugs.push(c);
        } else {
            nat.push(c);
        }
    }
    let held = cards.iter().fold(0u64, |mask, &c| mask | 1 << c);
    let mut best: Option<(u32, Vec<(u8, u8)>)> = None; // (key, [(named, held)])
    for sub in 0u32..1 << nat.len() {
        if sub.count_ones() > 4 {
            continue;
        }
        let chosen: Vec<u8> = (0..nat.len())
            .filter(|i| sub >> i & 1 != 0)
            .map(|i| nat[i])
            .collect();
        let ranks = chosen
            .iter()
            .fold(0u16, |set, &c| set | 1 << ace_low(rank(c)));
        let suits = chosen.iter().fold(0u8, |mask, &c| mask | 1 << suit(c));
        if ranks.count_ones() as usize != chosen.len()
            || suits.count_ones() as usize != chosen.len()
        {
            continue;
        }
        let mut set: Vec<(u8, u8)> = chosen.iter().map(|&c| (c, c)).collect();
        let (mut ranks, mut suits) = (ranks, suits);
        let mut taken = held;
        let free_suit = |suits: &mut u8, r: u8, taken: &mut u64| -> Option<u8> {
            let s = (0..4u8)
                .rev()
                .filter(|&s| *suits & 1 << s == 0)
                .max_by_key(|&s| *taken >> (4 * r + s) & 1 == 0)?;
            *suits |= 1 << s;
            *taken |= 1 << (4 * r + s);
            Some(4 * r + s)
        };
        for &b in &bugs {
            if set.len() < 4 && ranks & 1 == 0 {
                if let Some(c) = free_suit(&mut suits, 12, &mut taken) {
                    ranks |= 1;
                    set.push((c, b));
                }
            }
        }
        for &w in &wilds {
            if set.len() < 4 {
                let n = (!ranks).trailing_zeros() as u8;
                let r = if n == 0 { 12 } else { n - 1 };
                if let Some(c) = free_suit(&mut suits, r, &mut taken) {
                    ranks |= 1 << n;
                    set.push((c, w));
                }
            }
        }
        let mut nums: Vec<u8> = set.iter().map(|p| ace_low(rank(p.0))).collect();
        nums.sort_unstable_by(|a, b| b.cmp(a));
        let mut tie = 0u32;
        for i in 0..5 {
            tie = tie << 4 | nums.get(i).copied().unwrap_or(0) as u32;
        }
        let key = (4 - set.len() as u32) << 20 | tie;
        if best.as_ref().is_none_or(|b| key < b.0) {
            best = Some((key, set));
        }
    }
    let (key, mut set) = best?;
    set.sort_by_key(|p| std::cmp::Reverse(ace_low(rank(p.0))));
    let mut played = LowPlayed {
        value: LOW_TOP - key,
        len: set.len() as u8,
        named: [0; 5],
        held: [0; 5],
    };
    for (i, p) in set.iter().enumerate() {
        played.named[i] = p.0;
        played.held[i] = p.1;
    }
    Some(played)
}

/// The value of the lowest five ranks of an ace-to-five rank mask (bit 0 =
/// ace), or 0 with fewer than five.
fn lowest_five_value(mask: u16) -> u32 {
    if mask.count_ones() < 5 {
        return 0;
    }
    let mut nums = Vec::new();
    for n in 0..13u8 {
        if mask & 1 << n != 0 && nums.len() < 5 {
            nums.push(n);
        }
    }
    let key = nums.iter().rev().fold(0u32, |k, &n| k << 4 | n as u32);
    LOW_TOP - key
}

/// An ace-to-five rank mask with its `wilds` lowest missing ranks added
/// (what wild cards name in an ace-to-five low).
#[inline(always)]
fn fill_lowest(mask: u16, wilds: u16) -> u16 {
    let mut filled = mask;
    for _ in 0..wilds {
        filled |= filled + 1;
    }
    filled
}

fn lowest_five_table() -> &'static [u32] {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    TABLE.get_or_init(|| (0..8192u16).map(lowest_five_value).collect())
}

/// Omaha's eight-or-better low from rank masks: for every mask of the
/// hole's ace-to-eight ranks (8 bits, ace = bit 0) and of the board's, the
/// lowest five of two hole ranks and three other board ranks, as a
/// five-bit mask (smaller is lower: the highest card is compared first);
/// 0 when there is none. Pairs never make an eight-or-better low, so the
/// masks are all there is to it (64 KB, built on first use in a few ms).
fn omaha8_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let bits = |m: u32| (0..8).filter(move |&i| m & 1 << i != 0).map(|i| 1u32 << i);
        let pairs: Vec<Vec<u32>> = (0..256u32)
            .map(|h| {
                let b: Vec<u32> = bits(h).collect();
                let mut out = Vec::new();
                for i in 0..b.len() {
                    for j in i + 1..b.len() {
                        out.push(b[i] | b[j]);
                    }
                }
                out
            })
            .collect();
        let mut table = vec![0u8; 1 << 16];
        for board in 0..256u32 {
            let on: Vec<u32> = bits(board).collect();
            let mut triples = Vec::new();
            for i in 0..on.len() {
                for j in i + 1..on.len() {
                    for k in j + 1..on.len() {
                        triples.push(on[i] | on[j] | on[k]);
                    }
                }
            }
            for (hole, held) in pairs.iter().enumerate() {
                let mut best = u32::MAX;
                for &p in held {
                    for &t in &triples {
                        if p & t == 0 {
                            best = best.min(p | t);
                        }
                    }
                }
                if best != u32::MAX {
                    table[hole << 8 | board as usize] = best as u8;
                }
            }
        }
        table
    })
}

/// Low rules made ready: per-card ace-to-five rank bits and wild counts.
pub struct LowEvaluator {
    pub rules: Rules,
    low: Low,
    /// Ace-to-five rank bit of natural cards and bugs (an ace).
    bit: [u16; 256],
    /// 1 for a wild card, 0x100 for an id the rules do not allow.
    count: [u16; 256],
    /// The ace-to-five ranks below the qualifier (all of them without one).
    qualifier_mask: u16,
    table: &'static [u32],
    /// [`omaha8_table`] when the rules are natural Omaha with a qualifier of
    /// eight or lower (two hole cards, ace-to-five): the fast low.
    omaha8: Option<&'static [u8]>,
}

impl LowEvaluator {
    /// None when the rules name no low ranking.
    pub fn new(rules: Rules) -> Option<LowEvaluator> {
        let low = rules.low?;
        let mut bit = [0u16; 256];
        let mut count = [0x100u16; 256];
        let last = if rules.jokers == super::rules::Jokers::None {
            52
        } else {
            54
        };
        for c in 0..last {
            count[c] = 0;
            if rules.wild >> c & 1 != 0 {
                count[c] = 1;
            } else if rules.bug >> c & 1 != 0 {
                bit[c] = 1;
            } else {
                bit[c] = 1 << ace_low(rank(c as u8));
            }
        }
        let qualifier_mask = match rules.low_qualifier {
            Some(q) => (1 << q) - 1,
            None => 0x1FFF,
        };
        let omaha8 = (low == Low::AceToFive
            && rules.hole_cards == Some(2)
            && rules.is_natural_but_split()
            && rules.low_qualifier.is_some_and(|q| q <= 8))
        .then(omaha8_table);
        Some(LowEvaluator {
            rules,
            low,
            bit,
            count,
            qualifier_mask,
            table: lowest_five_table(),
            omaha8,
        })
    }

    /// The low value of 5..=7 valid cards (no Omaha split); 0 = no low.
    #[inline(always)]
    pub fn value_any(&self, cards: &[u8]) -> u32 {
        if self.low == Low::AceToFive {
            let mut ranks = 0u16;
            let mut wilds = 0u16;
            for &c in cards {
                ranks |= self.bit[c as usize];
                wilds += self.count[c as usize];
            }
            let ranks = fill_lowest(ranks, wilds) & self.qualifier_mask;
            if ranks.count_ones() >= 5 {
                return self.table[ranks as usize];
            }
            if self.rules.low_qualifier.is_some() {
                return 0;
            }
        }
        best_low(&self.rules, cards).map_or(0, |p| p.value)
    }

    /// One batch row of `K` cards (no Omaha split): the value, and whether
    /// the row holds `K` distinct ids the rules allow.
    #[inline(always)]
    pub fn row<const K: usize>(&self, row: &[u8; K]) -> (u32, bool) {
        let mut ranks = 0u16;
        let mut wilds = 0u16;
        let mut ids = 0u64;
        let mut repeated = 0u64;
        for &c in row {
            ranks |= self.bit[c as usize];
            wilds += self.count[c as usize];
            let id_bit = 1u64 << (c & 63);
            repeated |= ids & id_bit;
            ids |= id_bit;
        }
        let ok = wilds < 0x100 && repeated == 0;
        if self.low != Low::AceToFive || !ok {
            return (if ok { self.value_any(row) } else { 0 }, ok);
        }
        // The table gives 0 below five distinct ranks.
        let v = self.table[(fill_lowest(ranks, wilds) & self.qualifier_mask) as usize];
        if v != 0 || self.rules.low_qualifier.is_some() {
            return (v, ok);
        }
        (best_low(&self.rules, row).map_or(0, |p| p.value), ok)
    }

    /// Whether [`LowEvaluator::omaha8`] applies: natural Omaha, eight or
    /// better (or lower).
    pub fn is_omaha8(&self) -> bool {
        self.omaha8.is_some()
    }

    /// The low of valid natural `hole` cards played two with three of
    /// `board` under an eight-or-better (or lower) qualifier: the OR of each
    /// side's rank bits indexes [`omaha8_table`]. Only when
    /// [`LowEvaluator::is_omaha8`]; 0 otherwise.
    #[inline(always)]
    pub fn omaha8(&self, hole: &[u8], board: &[u8]) -> u32 {
        let Some(table) = self.omaha8 else {
            return 0;
        };
        let ranks = |cards: &[u8]| {
            cards.iter().fold(0u16, |m, &c| m | self.bit[c as usize]) & self.qualifier_mask
        };
        let five = table[(ranks(hole) as usize) << 8 | ranks(board) as usize];
        self.table[five as usize]
    }

    /// The low value of `hole` with `board` under the rules (0 = no low).
    pub fn value(&self, hole: &[u8], board: &[u8]) -> u32 {
        if self.omaha8.is_some() {
            return self.omaha8(hole, board);
        }
        super::omaha::best_of(hole, board, self.rules.hole_cards, |cards| {
            self.value_any(cards)
        })
    }

    /// The best low of `hole` with `board` and the cards that make it.
    pub fn play(&self, hole: &[u8], board: &[u8]) -> Option<LowPlayed> {
        match self.rules.hole_cards {
            None => {
                let all: Vec<u8> = hole.iter().chain(board).copied().collect();
                best_low(&self.rules, &all)
            }
            Some(h) if self.omaha8.is_some() => {
                // the value from the table, then the cards of the first split
                // that makes it (the one the loop below keeps): one
                // `best_low` instead of one a split (issue 29: O8 showdowns)
                let v = self.omaha8(hole, board);
                if v == 0 {
                    return None;
                }
                let mut found: Option<LowPlayed> = None;
                super::omaha::for_each_split(hole, board, h as usize, |five| {
                    if found.is_none() && self.value_any(five) == v {
                        found = best_low(&self.rules, five);
                    }
                });
                match found {
                    Some(p) if p.value == v => Some(p),
                    _ => self.play_every_split(hole, board, h), // (never: the tests say so)
                }
            }
            Some(h) => self.play_every_split(hole, board, h),
        }
    }

    /// [`LowEvaluator::play`] with `h` hole cards: the best of every split.
    fn play_every_split(&self, hole: &[u8], board: &[u8], h: u8) -> Option<LowPlayed> {
        let mut best: Option<LowPlayed> = None;
        super::omaha::for_each_split(hole, board, h as usize, |five| {
            if let Some(p) = best_low(&self.rules, five) {
                if best.is_none_or(|b| p.value > b.value) {
                    best = Some(p);
                }
            }
        });
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::rules::RulesText;

    /// Natural Omaha eight or better.
    fn omaha8() -> LowEvaluator {
        let rules = Rules::new(&RulesText {
            low: Some("ace-to-five"),
            low_qualifier: Some(8),
            hole_cards: Some(2),
            ..Default::default()
        })
        .unwrap();
        let fast = LowEvaluator::new(rules).unwrap();
        assert!(fast.is_omaha8());
        fast
    }

    /// `per` random deals of 4-6 hole cards and 3-5 board cards for each
    /// size, from `seed` (xorshift), each given to `f`.
    fn deals(mut x: u64, per: usize, mut f: impl FnMut(&[u8], &[u8])) {
        for k in [4usize, 5, 6] {
            for nboard in 3..=5 {
                for _ in 0..per {
                    let mut deck: Vec<u8> = (0..52).collect();
                    for i in 0..k + nboard {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        let j = i + (x % (52 - i) as u64) as usize;
                        deck.swap(i, j);
                    }
                    let (hole, board) = deck[..k + nboard].split_at(k);
                    f(hole, board);
                }
            }
        }
    }

    #[test]
    fn omaha8_plays_the_cards_every_split_finds() {
        let fast = omaha8();
        let (mut lows, mut ties) = (0, 0);
        deals(0x2545_F491_4F6C_DD1D, 5_000, |hole, board| {
            let every = fast.play_every_split(hole, board, 2);
            assert_eq!(fast.play(hole, board), every, "{hole:?} {board:?}");
            if let Some(p) = every {
                lows += 1;
                // more than one split makes the best low: the first one's cards
                let mut best = 0;
                super::super::omaha::for_each_split(hole, board, 2, |five| {
                    best += (fast.value_any(five) == p.value) as usize;
                });
                ties += (best > 1) as usize;
            }
        });
        assert!(lows > 7_000 && ties > 1_000, "{lows} {ties}");
    }

    #[test]
    fn omaha8_agrees_with_every_split() {
        let fast = omaha8();
        let mut lows = 0;
        deals(0x9E37_79B9_7F4A_7C15, 20_000, |hole, board| {
            let slow =
                super::super::omaha::best_of(hole, board, Some(2), |five| fast.value_any(five));
            assert_eq!(fast.omaha8(hole, board), slow, "{hole:?} {board:?}");
            assert_eq!(fast.value(hole, board), slow);
            lows += (slow != 0) as usize;
        });
        assert!(lows > 30_000, "{lows}"); // about a quarter of the deals
    }
}
