//! The natural high-hand evaluator for 5, 6 or 7 cards.
//!
//! Each card adds a 64-bit constant to a hand word: the low 32 bits sum rank
//! bases (a distinct sum for every rank multiset), bits 48..64 hold four
//! 4-bit suit counters that start at 3, so bit 3 of a counter is set exactly
//! when that suit holds five or more cards. Without a flush the rank sum
//! goes through a perfect hash to the value; with one (at most seven cards,
//! so nothing better than a flush is possible) the suit's 13-bit rank mask
//! indexes the flush table.

use super::gen::{mix, HASH_ROWS, HASH_SHIFT, RANK_BASES};
use crate::cards::{self, MAX_ID};
use crate::error::{Error, Result};

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// A hand word before its first card: the four suit counters at 3.
pub const SUIT_BASE: u64 = 0x3333 << 48;
/// Bit 3 of every suit counter: set when that suit holds five or more cards.
pub const FLUSH_BITS: u64 = 0x8888 << 48;
/// Added for an id that is not a natural card, in bits 40..48 that valid
/// cards never reach.
const INVALID: u64 = 1 << 40;
const INVALID_BITS: u64 = 0xFF << 40;

/// The hand-word constant of the natural card `card` (0..52): its rank base
/// plus one in its suit's counter.
pub const fn natural_card_key(card: usize) -> u64 {
    RANK_BASES[card >> 2] as u64 | 1 << (48 + 4 * (card & 3))
}

/// The suit of the lowest flush bit in `flush_bits` (a hand word masked by
/// `FLUSH_BITS`, not 0).
#[inline(always)]
pub const fn flush_suit(flush_bits: u64) -> u32 {
    (flush_bits.trailing_zeros() - 51) >> 2
}

const fn card_keys() -> [u64; 256] {
    let mut keys = [INVALID; 256];
    let mut c = 0;
    while c < 52 {
        keys[c] = natural_card_key(c);
        c += 1;
    }
    keys
}

/// The hand-word constant of every byte; ids 52..=255 carry `INVALID`.
pub static CARD_KEY: [u64; 256] = card_keys();

/// The value of the best non-flush hand of a rank sum (meaningful for the
/// sums of 5..=7 cards with at most four of a rank; any key is safe).
#[inline(always)]
pub fn rank_value(key: u32) -> u16 {
    let mixed = mix(key) as usize;
    let row = (mixed >> HASH_SHIFT) & (HASH_ROWS - 1);
    let idx = RANK_ROW_BASE[row] as usize + (mixed & ((1 << HASH_SHIFT) - 1));
    debug_assert!(idx < RANK_VALUES.len());
    // SAFETY: the table is padded to the largest row base plus a full row of
    // columns (gen::perfect_hash; checked by `tables_are_padded`), and
    // `row` is masked below HASH_ROWS = RANK_ROW_BASE.len().
    unsafe { *RANK_VALUES.get_unchecked(idx) }
}

/// The value of the best flush in `suit` among `cards`.
#[inline(always)]
pub fn flush_value(cards: &[u8], suit: u8) -> u16 {
    let mut mask = 0usize;
    for &c in cards {
        if c & 3 == suit {
            mask |= 1 << (c >> 2);
        }
    }
    FLUSH_VALUES[mask & 0x1FFF]
}

/// The hand word of `cards` (no validation: ids above 51 set `INVALID_BITS`).
#[inline(always)]
pub fn hand_word(cards: &[u8]) -> u64 {
    let mut key = SUIT_BASE;
    for &c in cards {
        key = key.wrapping_add(CARD_KEY[c as usize]);
    }
    key
}

/// Value of the best five of `cards`, which must be 5..=7 distinct natural
/// cards; other input gives an unspecified value but never panics.
#[inline(always)]
pub fn value_of(cards: &[u8]) -> u16 {
    let key = hand_word(cards);
    let flush_bits = key & FLUSH_BITS;
    if flush_bits != 0 {
        return flush_value(cards, flush_suit(flush_bits) as u8);
    }
    rank_value(key as u32)
}

/// True when the hand word and card mask show 5..=7 `k` distinct natural
/// cards.
#[inline(always)]
pub fn word_is_valid(key: u64, mask: u64, k: usize) -> bool {
    key & INVALID_BITS == 0 && mask.count_ones() as usize == k
}

/// Checks that `cards` is a natural hand of 5, 6 or 7 distinct cards.
pub fn check_hand(cards: &[u8]) -> Result<()> {
    if !(5..=7).contains(&cards.len()) {
        return Err(Error::HandSize {
            what: "the hand",
            got: cards.len(),
            allowed: "a high hand is evaluated from 5, 6 or 7 cards",
        });
    }
    for &c in cards {
        if c > MAX_ID {
            return Err(Error::CardIdOutOfRange { id: c.to_string() });
        }
        if cards::is_joker(c) {
            return Err(Error::JokerNotAllowed {
                context:
                    "a joker needs hand rules that say what it is (jokers=\"wild\" or \"bug\")",
            });
        }
    }
    cards::check_distinct(cards)
}

/// The value of the best five of 5, 6 or 7 distinct natural cards.
///
/// ```
/// use _core::{cards::parse_text, eval::{category, high::evaluate, FULL_HOUSE}};
/// let v = evaluate(&parse_text("Kh Kd Ks 7c 7d 2s 3h").unwrap()).unwrap();
/// assert_eq!(category(v as u32), FULL_HOUSE);
/// ```
pub fn evaluate(cards: &[u8]) -> Result<u16> {
    check_hand(cards)?;
    Ok(value_of(cards))
}

/// The five cards that make the value of `cards` (validated 5..=7 natural
/// cards), in the order they are read: by count of their rank, then rank,
/// highest first (a wheel reads 5-4-3-2-A).
pub fn best_five(cards: &[u8]) -> [u8; 5] {
    let best = value_of(cards);
    let n = cards.len();
    let mut chosen = [0u8; 5];
    // Among equal subsets prefer the highest cards, for a stable answer.
    let mut best_ids = 0u64;
    for skip in 0u32..(1 << n) {
        if skip.count_ones() as usize != n - 5 {
            continue;
        }
        let mut h = [0u8; 5];
        let mut k = 0;
        for (i, &c) in cards.iter().enumerate() {
            if skip & (1 << i) == 0 {
                h[k] = c;
                k += 1;
            }
        }
        if value_of(&h) == best {
            let ids = h.iter().fold(0u64, |mask, &c| mask | 1 << c);
            if ids > best_ids {
                best_ids = ids;
                chosen = h;
            }
        }
    }
    super::describe::reading_order(&mut chosen, best as u32);
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_padded() {
        assert_eq!(RANK_ROW_BASE.len(), HASH_ROWS);
        let max_base = *RANK_ROW_BASE.iter().max().unwrap() as usize;
        // a gather of 4 bytes at the last index stays inside
        assert!(max_base + (1 << HASH_SHIFT) < RANK_VALUES.len());
        // the packed table is dense: about 74k keys of 5..=7 cards and 0..=4
        assert!(RANK_VALUES.len() < 80_000, "{}", RANK_VALUES.len());
    }

    #[test]
    fn multisets_come_once_each_in_the_order_of_their_rank_lists() {
        use super::super::gen::{multisets, sorted_ranks};
        // (n + 12 choose n) multisets of n ranks; at most four of a rank
        // leaves out the 13 fives of a kind.
        assert_eq!(multisets(5, 5).len(), 6188);
        assert_eq!(multisets(5, 4).len(), 6188 - 13);
        assert_eq!(multisets(0, 4), vec![[0; 13]]);
        for (n, most) in [(1, 1), (2, 2), (3, 3), (5, 4), (7, 4)] {
            let lists: Vec<Vec<u8>> = multisets(n, most)
                .iter()
                .map(|c| sorted_ranks(c).collect())
                .collect();
            assert!(lists.windows(2).all(|w| w[0] < w[1]), "{n} ranks");
            assert!(lists.iter().all(|l| l.len() == n as usize));
        }
    }

    #[test]
    fn rank_bases_give_distinct_sums() {
        let mut keys: Vec<u32> = super::super::gen::rank_multisets()
            .iter()
            .map(super::super::gen::rank_key)
            .collect();
        let n = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), n);
        assert!(*keys.last().unwrap() < 1 << super::super::gen::HASH_BITS);
    }
}
