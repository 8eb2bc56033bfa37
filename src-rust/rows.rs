//! Random rows of distinct cards for batch work (`hoyle.deal`): `n` rows
//! of `cards` card ids each, drawn uniformly without replacement from the
//! 52-card deck less the dead cards, in the order drawn.
//!
//! Rows come in blocks of [`BLOCK_ROWS`]; block `b` of a run seeded `seed`
//! draws from its own generator, seeded `shard_seed(seed, b)`, so the rows
//! are the same on one thread or many, and row `i` of a run is the same
//! in any longer run with that seed. A row is the first steps of a
//! Fisher-Yates shuffle (see [`Deck`]'s `fill_any`), exactly uniform.

use crate::equity::shard_seed;
use crate::equity::Xoshiro256pp;
use rayon::prelude::*;

/// Rows per generator block (part of what a seed means).
pub const BLOCK_ROWS: usize = 1 << 14;

/// The live cards (ids below 52 not dead, ascending), which rows are
/// drawn from.
pub struct Deck {
    live: Vec<u8>,
    /// `live` padded to 64 entries (an index masked to 6 bits needs no
    /// bounds check; draws index below `live.len()` only).
    table: [u8; 64],
}

impl Deck {
    /// The deck less `dead` (a mask of ids below 52).
    pub fn new(dead: u64) -> Deck {
        let live: Vec<u8> = (0..52u8).filter(|&c| dead >> c & 1 == 0).collect();
        let mut table = [0u8; 64];
        table[..live.len()].copy_from_slice(&live);
        Deck { table, live }
    }

    /// How many cards the deck holds.
    pub fn len(&self) -> usize {
        self.live.len()
    }

    /// Whether no card is live.
    pub fn is_empty(&self) -> bool {
        self.live.is_empty()
    }

    /// Fills `block` (whole rows of `cards` ids) from `rng`.
    fn fill(&self, rng: &mut Xoshiro256pp, block: &mut [u8], cards: usize) {
        match cards {
            2 => self.fill_k::<2>(rng, block),
            5 => self.fill_k::<5>(rng, block),
            6 => self.fill_k::<6>(rng, block),
            7 => self.fill_k::<7>(rng, block),
            _ => self.fill_any(rng, block, cards),
        }
    }

    /// [`Deck::fill_any`] for rows of `K <= 8` cards: two words give the
    /// row's eight 16-bit draws, a rejected draw (rare) taking one from a
    /// fresh word; the same distribution.
    #[inline(always)]
    fn fill_k<const K: usize>(&self, rng: &mut Xoshiro256pp, block: &mut [u8]) {
        let n = self.live.len() as u32;
        let mut reject = [0u32; K];
        for (i, r) in reject.iter_mut().enumerate() {
            *r = (1u32 << 16) % (n - i as u32);
        }
        let mut deck = self.table;
        for row in block.chunks_exact_mut(K) {
            let draws = [rng.next_u64(), rng.next_u64()];
            let mut drawn = [0u8; K];
            for (i, card) in drawn.iter_mut().enumerate() {
                let mut d = (draws[i / 4] >> (16 * (i % 4))) as u32 & 0xFFFF;
                let bound = n.wrapping_sub(i as u32);
                let mut m = d.wrapping_mul(bound);
                while (m & 0xFFFF) < reject[i] {
                    d = rng.next_u64() as u32 & 0xFFFF;
                    m = d.wrapping_mul(bound);
                }
                *card = swap_out(&mut deck, i, i.wrapping_add((m >> 16) as usize));
            }
            row.copy_from_slice(&drawn);
        }
    }

    /// Each row is the first `cards` steps of a Fisher-Yates shuffle of a
    /// deck kept from row to row: step `i` swaps place `i` with a place
    /// drawn uniformly from `i..live`, whatever order the deck is in, so
    /// every row is a uniform ordered draw without replacement,
    /// independent of the rows before it. Draws are 16 bits, four to a
    /// word, each exact (Lemire's multiply-shift, rejecting the short
    /// interval below `2^16 mod (live - i)`). Arithmetic wraps: nothing
    /// here can overflow, and the release profile's overflow checks cost.
    #[inline(always)]
    fn fill_any(&self, rng: &mut Xoshiro256pp, block: &mut [u8], cards: usize) {
        let n = self.live.len() as u32;
        let mut reject = [0u32; 64];
        for (i, r) in reject.iter_mut().enumerate().take(cards) {
            *r = (1u32 << 16) % (n - i as u32);
        }
        let mut deck = self.table;
        let (mut word, mut left) = (0u64, 0u32);
        for row in block.chunks_exact_mut(cards) {
            for i in 0..cards {
                let j = loop {
                    if left == 0 {
                        word = rng.next_u64();
                        left = 4;
                    }
                    let m = (word as u32 & 0xFFFF).wrapping_mul(n.wrapping_sub(i as u32));
                    word >>= 16;
                    left = left.wrapping_sub(1);
                    if (m & 0xFFFF) >= reject[i & 63] {
                        break i.wrapping_add((m >> 16) as usize);
                    }
                };
                row[i] = swap_out(&mut deck, i, j);
            }
        }
    }
}

/// Step `i` of the shuffle: swaps places `i` and `j` of `deck` and
/// returns the card now at `i` (the row's next card). The row takes the
/// card from this register, never reads `deck[..cards]` back: that wide
/// load over the swaps' byte stores cannot be forwarded from them and
/// stalled every row (0.088 s against 0.051 s for 10M rows of 7).
#[inline(always)]
#[allow(clippy::manual_swap)] // the card is kept in a register for the row
fn swap_out(deck: &mut [u8; 64], i: usize, j: usize) -> u8 {
    let (i, j) = (i & 63, j & 63);
    let card = deck[j];
    deck[j] = deck[i];
    deck[i] = card;
    card
}

/// Fills `out` (rows of `cards` ids, `cards` in `1..=deck.len()`) with
/// random rows, block `b` from `shard_seed(seed, b)`; on the current rayon
/// pool when `parallel`, else on the calling thread.
pub fn deal_rows(deck: &Deck, cards: usize, seed: u64, out: &mut [u8], parallel: bool) {
    assert!(cards >= 1 && cards <= deck.len() && out.len().is_multiple_of(cards));
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
