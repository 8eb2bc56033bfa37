//! Shuffling for unseeded hands: a thread-local xoshiro256++ seeded from
//! the standard library's per-process random hash keys, drawing a partial
//! Fisher–Yates deal. Seeded hands shuffle in Python with their own
//! `random.Random`, so their deals do not depend on this generator.
//!
//! This is a simulation generator, not a cryptographic one: do not deal
//! real-money games with it.

use crate::equity::rng::Xoshiro256pp;
use std::cell::RefCell;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

static RESEEDS: AtomicU64 = AtomicU64::new(0);

/// A fresh 64-bit seed: the process's random hash keys (read from the
/// operating system), the clock and a counter, mixed by SipHash.
fn fresh_seed() -> u64 {
    let mut h = RandomState::new().build_hasher();
    h.write_u64(RESEEDS.fetch_add(1, Ordering::Relaxed));
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    h.write_u64(now);
    h.write_usize(&h as *const _ as usize); // this thread's stack address
    h.finish()
}

thread_local! {
    static RNG: RefCell<Xoshiro256pp> = RefCell::new(Xoshiro256pp::seed(fresh_seed()));
}

/// Gives this thread's generator a fresh seed (after `fork`, a child would
/// otherwise repeat its parent's deals).
pub fn reseed() {
    RNG.with(|r| *r.borrow_mut() = Xoshiro256pp::seed(fresh_seed()));
}

/// Moves a uniformly random choice of `count` cards, in random order, to
/// the front of `cards` (a partial Fisher–Yates shuffle with this
/// thread's generator). `count` above `cards.len()` shuffles them all.
pub fn deal_front<T>(cards: &mut [T], count: usize) {
    let n = cards.len();
    let k = count.min(n);
    RNG.with(|r| {
        let mut rng = r.borrow_mut();
        for i in 0..k.min(n.saturating_sub(1)) {
            let j = i + rng.below((n - i) as u32) as usize;
            cards.swap(i, j);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_distinct_cards_of_the_deck() {
        let deck: Vec<u8> = (0..52).collect();
        for count in [0, 1, 17, 51, 52, 60] {
            let mut cards = deck.clone();
            deal_front(&mut cards, count);
            let mut sorted = cards.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, deck, "a permutation of the deck");
        }
    }

    #[test]
    fn every_card_reaches_every_position_evenly() {
        // 52 cards, first position: each card ~1/52 of 104,000 deals.
        let mut seen = [[0u32; 52]; 3];
        for _ in 0..104_000 {
            let mut cards: Vec<u8> = (0..52).collect();
            deal_front(&mut cards, 3);
            for (pos, &c) in cards[..3].iter().enumerate() {
                seen[pos][c as usize] += 1;
            }
        }
        for row in &seen {
            assert!(row.iter().all(|&n| (1_600..2_400).contains(&n)), "{row:?}");
        }
    }

    #[test]
    fn reseeding_changes_the_stream() {
        let deal = || {
            let mut cards: Vec<u8> = (0..52).collect();
            deal_front(&mut cards, 52);
            cards
        };
        let a = deal();
        reseed();
        let b = deal();
        assert_ne!(a, b);
    }
}
