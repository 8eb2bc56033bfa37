//! Short-deck hold'em's high hands (docs/rules.md §2): the 36 cards six to
//! ace, a flush beats a full house, A-6-7-8-9 is the lowest straight (and
//! straight flush), and a setting says whether a straight or three of a
//! kind is the higher.
//!
//! The split of `wild.rs` holds: the best hand that is not a flush depends
//! only on the rank multiset, the best flush on one suit's rank mask. Both
//! tables are filled at first use by the best of every five (at most 21
//! per hand), ranked here with the natural evaluator's five-card values
//! (an A-6-7-8-9 takes the wheel's), and packed like the wild-card tables.
//!
//! A value is `order << 20 | category << 12 | index`, where `category <<
//! 12 | index` is the natural value of the five that play and `order` the
//! category's place in the short-deck ranking: one `u32`, larger is
//! stronger, and `rules::category_of` reads the category.

pub use super::gen::SHORT_WHEEL;
use super::gen::{
    self, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, ONE_PAIR, STRAIGHT, STRAIGHT_FLUSH,
    THREE_OF_A_KIND, TWO_PAIR, WHEEL,
};
use super::hash::Hash;
use super::high::{flush_suit, rank_value, FLUSH_BITS, FLUSH_VALUES};
use super::rules::{ShortDeck, SHORT_SHIFT};
use std::sync::OnceLock;
/// The lowest rank of the short deck (six); its lowest card id is 16.
pub const LOWEST_RANK: u8 = 4;
/// The ranks of the short deck (six to ace) as a mask.
const RANKS: u16 = 0x1FF << LOWEST_RANK;

/// The place of a category in the short-deck ranking, 1 (high card) to 9
/// (straight flush); 0 for none.
pub const fn order(convention: ShortDeck, category: u16) -> u32 {
    let trips_first = matches!(convention, ShortDeck::TripsBeatStraight);
    match category {
        HIGH_CARD => 1,
        ONE_PAIR => 2,
        TWO_PAIR => 3,
        THREE_OF_A_KIND if trips_first => 5,
        THREE_OF_A_KIND => 4,
        STRAIGHT if trips_first => 4,
        STRAIGHT => 5,
        FULL_HOUSE => 6,
        FLUSH => 7,
        FOUR_OF_A_KIND => 8,
        STRAIGHT_FLUSH => 9,
        _ => 0,
    }
}

/// The short-deck value of a natural-encoded value (`category << 12 |
/// index`).
#[inline(always)]
pub const fn ordered(convention: ShortDeck, narrow: u16) -> u32 {
    order(convention, narrow >> 12) << SHORT_SHIFT | narrow as u32
}

/// The natural value of five ranks that are not a flush (the natural
/// table holds every five-card rank multiset).
fn plain_value(ranks: [u8; 5]) -> u16 {
    let mut counts = [0u8; 13];
    for r in ranks {
        counts[r as usize] += 1;
    }
    rank_value(gen::rank_key(&counts))
}

/// The natural-encoded value of five ranks that are not a flush, with
/// A-6-7-8-9 the lowest straight (the wheel's value).
fn five_plain(ranks: [u8; 5]) -> u16 {
    if gen::rank_mask(&ranks) == SHORT_WHEEL {
        return plain_value([3, 2, 1, 0, 12]);
    }
    plain_value(ranks)
}

/// The natural-encoded value of a five-rank flush mask, with A-6-7-8-9 the
/// lowest straight flush.
fn five_flush(mask: u16) -> u16 {
    if mask == SHORT_WHEEL {
        return FLUSH_VALUES[WHEEL as usize];
    }
    FLUSH_VALUES[mask as usize]
}

/// The best short-deck value among the fives of `items` (5..=7 of them).
fn best_of_fives<T: Copy>(items: &[T], value: impl Fn([T; 5]) -> u32) -> u32 {
    let n = items.len();
    let mut best = 0;
    for pick in 0u32..1 << n {
        if pick.count_ones() != 5 {
            continue;
        }
        let mut five = [items[0]; 5];
        let mut k = 0;
        for (i, &item) in items.iter().enumerate() {
            if pick >> i & 1 == 1 {
                five[k] = item;
                k += 1;
            }
        }
        best = best.max(value(five));
    }
    best
}

/// The tables of one convention.
pub struct ShortDeckTables {
    /// Per category: its place in the ranking, shifted (`order << 20`).
    places: [u32; 16],
    /// Rank key -> natural-encoded value of the best non-flush five.
    plain: Hash,
    /// A suit's rank mask -> short-deck value of its best five (0: none).
    suited: Vec<u32>,
}

impl ShortDeckTables {
    fn build(convention: ShortDeck) -> ShortDeckTables {
        let mut entries = Vec::new();
        for n in 5..=7 {
            for counts in gen::multisets(n, 4) {
                if counts[..LOWEST_RANK as usize].iter().any(|&c| c > 0) {
                    continue;
                }
                let ranks: Vec<u8> = gen::sorted_ranks(&counts).collect();
                let best = best_of_fives(&ranks, |five| ordered(convention, five_plain(five)));
                entries.push((gen::rank_key(&counts), best as u16));
            }
        }
        let suited = (0..8192u16)
            .map(|mask| {
                if mask & !RANKS != 0 || mask.count_ones() < 5 {
                    return 0;
                }
                let ranks: Vec<u16> = (0..13).filter(|r| mask >> r & 1 == 1).collect();
                best_of_fives(&ranks, |five| {
                    let m = five.iter().fold(0u16, |m, &r| m | 1 << r);
                    ordered(convention, five_flush(m))
                })
            })
            .collect();
        let mut places = [0u32; 16];
        for (category, place) in places.iter_mut().enumerate() {
            *place = order(convention, category as u16) << SHORT_SHIFT;
        }
        ShortDeckTables {
            places,
            plain: Hash::build(&entries),
            suited,
        }
    }

    /// The tables of `convention`, built at first use (milliseconds).
    pub fn get(convention: ShortDeck) -> &'static ShortDeckTables {
        static TABLES: [OnceLock<ShortDeckTables>; 2] = [const { OnceLock::new() }; 2];
        TABLES[convention as usize].get_or_init(|| ShortDeckTables::build(convention))
    }

    /// The value of 5..=7 valid short-deck cards from their hand word (rank
    /// key in the low bits, suit counters from bit 48) and natural-card mask
    /// (`16 * suit + rank` bits). A hand with a flush holds no full house or
    /// four of a kind (seven cards at most), but the larger is taken anyway.
    #[inline(always)]
    pub fn value(&self, word: u64, natural: u64) -> u32 {
        let key = (word & ((1 << gen::HASH_BITS) - 1)) as u32;
        // (a table, not `ordered`'s match: no branch on the category)
        let narrow = self.plain.get(key) as u32;
        let mut value = self.places[(narrow >> 12) as usize & 15] | narrow;
        let mut flush_bits = word & FLUSH_BITS;
        while flush_bits != 0 {
            let suit = flush_suit(flush_bits);
            let mask = (natural >> (16 * suit)) as usize & 0x1FFF;
            value = value.max(self.suited[mask]);
            flush_bits &= flush_bits - 1;
        }
        value
    }
}

/// The short-deck value of exactly five valid cards, without tables: the
/// reference the tables are checked against.
pub fn five_value(convention: ShortDeck, five: &[u8; 5]) -> u32 {
    let mask = five.iter().fold(0u16, |m, &c| m | 1 << (c >> 2));
    if five.iter().all(|&c| c & 3 == five[0] & 3) {
        return ordered(convention, five_flush(mask));
    }
    let mut ranks = five.map(|c| c >> 2);
    ranks.sort_unstable();
    ordered(convention, five_plain(ranks))
}

/// The five of `cards` (5..=7 valid cards) that make `value`: among equal
/// fives, the one with the highest card ids.
pub fn best_five(convention: ShortDeck, cards: &[u8], value: u32) -> [u8; 5] {
    let n = cards.len();
    let mut chosen = [0u8; 5];
    let mut chosen_ids = 0u64;
    for pick in 0u32..1 << n {
        if pick.count_ones() != 5 {
            continue;
        }
        let mut five = [0u8; 5];
        let mut k = 0;
        for (i, &c) in cards.iter().enumerate() {
            if pick >> i & 1 == 1 {
                five[k] = c;
                k += 1;
            }
        }
        let ids = five.iter().fold(0u64, |m, &c| m | 1 << c);
        if five_value(convention, &five) == value && ids > chosen_ids {
            chosen = five;
            chosen_ids = ids;
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_text;
    use crate::eval::high::hand_word;
    use crate::eval::rules::category_of;

    /// The tables' value of valid short-deck cards.
    fn of(tables: &ShortDeckTables, cards: &[u8]) -> u32 {
        let natural = cards
            .iter()
            .fold(0u64, |m, &c| m | 1 << (16 * (c & 3) + (c >> 2)));
        tables.value(hand_word(cards), natural)
    }

    fn value(tables: &ShortDeckTables, text: &str) -> u32 {
        of(tables, &parse_text(text).unwrap())
    }

    #[test]
    fn the_rules_of_the_short_deck() {
        for convention in [ShortDeck::StraightBeatsTrips, ShortDeck::TripsBeatStraight] {
            let ev = ShortDeckTables::get(convention);
            let flush = value(ev, "Ah Jh 9h 7h 6h");
            let full = value(ev, "As Ad Ac Kh Kd");
            assert!(flush > full, "{convention:?}");
            assert_eq!(category_of(flush), FLUSH);
            let low_straight = value(ev, "As 6d 7c 8h 9d");
            assert_eq!(category_of(low_straight), STRAIGHT);
            assert!(low_straight < value(ev, "6s 7d 8c 9h Td"));
            assert!(low_straight > value(ev, "As Ad Kc Kh Qd"));
            let low_sf = value(ev, "Ah 6h 7h 8h 9h");
            assert_eq!(category_of(low_sf), STRAIGHT_FLUSH);
            assert!(low_sf > value(ev, "As Ad Ac Ah Kd"));
            assert!(low_sf < value(ev, "6h 7h 8h 9h Th"));
            // seven cards: the trips and a straight both there
            let both = value(ev, "Ts Td Tc Jh Qd Kc 9s");
            let want = match convention {
                ShortDeck::StraightBeatsTrips => STRAIGHT,
                ShortDeck::TripsBeatStraight => THREE_OF_A_KIND,
            };
            assert_eq!(category_of(both), want);
            let trips = value(ev, "Ts Td Tc 7h 6d");
            let straight = value(ev, "6s 7d 8c 9h Td");
            assert_eq!(trips > straight, convention == ShortDeck::TripsBeatStraight);
        }
    }

    #[test]
    fn tables_agree_with_the_fives_on_every_seven_of_a_sample() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for convention in [ShortDeck::StraightBeatsTrips, ShortDeck::TripsBeatStraight] {
            let ev = ShortDeckTables::get(convention);
            for _ in 0..20_000 {
                let mut cards = Vec::new();
                while cards.len() < 7 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let c = 16 + (seed % 36) as u8;
                    if !cards.contains(&c) {
                        cards.push(c);
                    }
                }
                for n in 5..=7 {
                    let hand = &cards[..n];
                    let want = best_of_fives(hand, |five| five_value(convention, &five));
                    assert_eq!(of(ev, hand), want, "{hand:?}");
                }
            }
        }
    }
}
