//! Random rows of distinct cards for batch work (`hoyle.deal`): `n` rows
//! of `cards` card ids each, drawn uniformly without replacement from the
//! 52-card deck less the dead cards, in the order drawn.
//!
//! Rows come in blocks of [`BLOCK_ROWS`]; block `b` of a run seeded `seed`
//! draws from its own generator, seeded `shard_seed(seed, b)`, so the rows
//! are the same on one thread or many, and row `i` of a run is the same
//! in any longer run with that seed. Each card is a 16-bit draw by
//! Lemire's multiply-shift with rejection of the short last interval
//! (exactly uniform over the live cards), a card already in the row drawn
//! again.

use crate::equity::shard_seed;
use crate::equity::Xoshiro256pp;
use rayon::prelude::*;

/// Rows per generator block (part of what a seed means).
pub const BLOCK_ROWS: usize = 1 << 14;

/// The live cards (ids below 52 not in `dead`, ascending) and what
/// [`fill`] needs to draw among them.
pub struct Deck {
    live: Vec<u8>,
    dead: u64,
    /// Low 16 bits below this are rejected: `2^16 mod live`.
    reject: u32,
}

impl Deck {
    /// The deck less `dead` (a mask of ids below 52).
    pub fn new(dead: u64) -> Deck {
        let live: Vec<u8> = (0..52u8).filter(|&c| dead >> c & 1 == 0).collect();
        let n = live.len().max(1) as u64;
        Deck {
            reject: ((1u64 << 16) % n) as u32,
            live,
            dead,
        }
    }

    /// How many cards the deck holds.
    pub fn len(&self) -> usize {
        self.live.len()
    }

    /// Whether no card is live.
    pub fn is_empty(&self) -> bool {
        self.live.is_empty()
    }

    /// Fills `block` (whole rows of `cards` ids) from `rng`: four 16-bit
    /// draws a word, each exact (Lemire's rejection of the short interval,
    /// below `2^16 mod live`), without branches on the cards drawn.
    fn fill(&self, rng: &mut Xoshiro256pp, block: &mut [u8], cards: usize) {
        let n = self.live.len() as u32;
        let reject = self.reject;
        let mut buf = [0u8; 64];
        for row in block.chunks_exact_mut(cards) {
            let mut used = self.dead;
            let mut k = 0usize;
            while k < cards {
                let r = rng.next_u64();
                for j in 0..4 {
                    let m = (r >> (16 * j) & 0xFFFF) as u32 * n;
                    let c = self.live[(m >> 16) as usize];
                    let free = (!used >> c) & 1 & ((m & 0xFFFF) >= reject) as u64 & (k < cards) as u64;
                    used |= free << c;
                    buf[k & 63] = c;
                    k += free as usize;
                }
            }
            row.copy_from_slice(&buf[..cards]);
        }
    }
}

/// Fills `out` (rows of `cards` ids, `cards` in `1..=deck.len()`) with
/// random rows, block `b` from `shard_seed(seed, b)`; on the current rayon
/// pool when `parallel`, else on the calling thread.
pub fn deal_rows(deck: &Deck, cards: usize, seed: u64, out: &mut [u8], parallel: bool) {
    assert!(cards >= 1 && cards <= deck.len() && out.len() % cards == 0);
    let one = |(b, block): (usize, &mut [u8])| {
        let mut rng = Xoshiro256pp::seed(shard_seed(seed, b as u64));
        deck.fill(&mut rng, block, cards);
    };
    let step = BLOCK_ROWS * cards;
    if parallel {
        out.par_chunks_mut(step).enumerate().for_each(one);
    } else {
        out.chunks_mut(step).enumerate().for_each(one);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_distinct_live_and_the_same_on_any_pool() {
        let dead = 0b1011u64 << 20;
        let deck = Deck::new(dead);
        assert_eq!(deck.len(), 49);
        let (n, k) = (BLOCK_ROWS * 3 + 17, 7);
        let mut a = vec![0u8; n * k];
        let mut b = vec![0u8; n * k];
        deal_rows(&deck, k, 5, &mut a, false);
        deal_rows(&deck, k, 5, &mut b, true);
        assert_eq!(a, b);
        for row in a.chunks_exact(k) {
            let mask = row.iter().fold(0u64, |m, &c| m | 1 << c);
            assert_eq!(mask.count_ones(), k as u32);
            assert_eq!(mask & dead, 0);
            assert!(row.iter().all(|&c| c < 52));
        }
        let mut c = vec![0u8; n * k];
        deal_rows(&deck, k, 6, &mut c, false);
        assert_ne!(a, c);
        // the whole live deck: every row a permutation of it
        let mut all = vec![0u8; 10 * 49];
        deal_rows(&deck, 49, 1, &mut all, false);
        for row in all.chunks_exact(49) {
            let mut s = row.to_vec();
            s.sort_unstable();
            assert_eq!(s, deck.live);
        }
    }
}
