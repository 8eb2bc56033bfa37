//! The hold'em fast path: fixed two-card hands, every board that completes
//! the known one, natural high.
//!
//! Boards are dealt in nested loops over the live cards in id order with
//! the board's hand word carried down (SPEED.md §2). The last card is dealt
//! a rank at a time: every river card of one rank gives each player the
//! same non-flush value, so it is computed once per rank and counted with
//! the number of such cards; only a river card in a suit where some player
//! can reach five (four already among the six) is scored on its own,
//! through the flush table.

use super::count::{winners, Tally};
use crate::eval::gen::RANK_BASES;
use crate::eval::high::{rank_value, CARD_KEY, FLUSH_VALUES};
use rayon::prelude::*;

const SUIT_BASE: u64 = 0x3333 << 48;
pub(crate) const FLUSH_BITS: u64 = 0x8888 << 48;
const ONE_EACH: u64 = 0x1111 << 48;

/// The card's bit in a suit-major mask (16 bits per suit).
#[inline(always)]
pub(crate) fn suit_bit(c: u8) -> u64 {
    1u64 << (16 * (c & 3) as u32 + (c >> 2) as u32)
}

/// The suit-major mask of some cards.
pub(crate) fn suit_mask(cards: &[u8]) -> u64 {
    cards.iter().fold(0u64, |m, &c| m | suit_bit(c))
}

/// The word of some board cards (no suit base).
pub(crate) fn board_word(cards: &[u8]) -> u64 {
    cards
        .iter()
        .fold(0u64, |k, &c| k.wrapping_add(CARD_KEY[c as usize]))
}

/// The word of hole cards, with the suit counters' base.
pub(crate) fn hole_word(cards: &[u8]) -> u64 {
    SUIT_BASE.wrapping_add(board_word(cards))
}

/// Value of a 7-card hand word with its suit-major mask.
#[inline(always)]
pub(crate) fn full_value(key: u64, mask: u64) -> u32 {
    let f = key & FLUSH_BITS;
    if f != 0 {
        let suit = (f.trailing_zeros() - 51) >> 2;
        FLUSH_VALUES[((mask >> (16 * suit)) & 0x1FFF) as usize] as u32
    } else {
        rank_value(key as u32) as u32
    }
}

struct Fast<'a, const N: usize> {
    /// Each player's hole word, with the suit counters' base.
    keys: [u64; N],
    /// Each player's hole cards as a suit-major mask.
    masks: [u64; N],
    /// Live cards (not on the board, dead or held), ascending.
    deck: &'a [u8],
}

impl<const N: usize> Fast<'_, N> {
    #[inline(always)]
    fn bump(tally: &mut Tally, values: &[u32; N], m: u64) {
        let best = *values.iter().max().unwrap_or(&0);
        tally.bump_natural(winners(values, best), best, m);
    }

    /// Deals `left` more cards from `deck[start..]`.
    fn deal(&self, left: usize, start: usize, key: u64, mask: u64, tally: &mut Tally) {
        if left == 1 {
            return self.river(start, key, mask, tally);
        }
        for i in start..=self.deck.len() - left {
            let c = self.deck[i];
            self.deal(
                left - 1,
                i + 1,
                key.wrapping_add(CARD_KEY[c as usize]),
                mask | suit_bit(c),
                tally,
            );
        }
    }

    /// The last card, a rank at a time.
    #[inline(always)]
    fn river(&self, start: usize, key: u64, mask: u64, tally: &mut Tally) {
        let mut turn = [0u64; N];
        let mut risky = 0u64;
        for p in 0..N {
            turn[p] = key.wrapping_add(self.keys[p]);
            // a suit with four of this player's six can flush on the river;
            // one with five already flushes whatever comes
            risky |= turn[p].wrapping_add(ONE_EACH) & FLUSH_BITS;
            if turn[p] & FLUSH_BITS != 0 {
                risky = FLUSH_BITS;
            }
        }
        let deck = self.deck;
        let mut i = start;
        let mut values = [0u32; N];
        while i < deck.len() {
            let rank = deck[i] >> 2;
            let mut plain = 0u64;
            while i < deck.len() && deck[i] >> 2 == rank {
                let c = deck[i];
                if risky >> (51 + 4 * (c & 3) as u32) & 1 == 0 {
                    plain += 1;
                } else {
                    let k = CARD_KEY[c as usize];
                    let b = suit_bit(c);
                    for p in 0..N {
                        values[p] = full_value(turn[p].wrapping_add(k), mask | self.masks[p] | b);
                    }
                    Self::bump(tally, &values, 1);
                }
                i += 1;
            }
            if plain > 0 {
                let base = RANK_BASES[rank as usize];
                for p in 0..N {
                    values[p] = rank_value((turn[p] as u32).wrapping_add(base)) as u32;
                }
                Self::bump(tally, &values, plain);
            }
        }
    }

    fn run(&self, board: &[u8], threads_split: bool) -> Tally {
        let key = board
            .iter()
            .fold(0u64, |k, &c| k.wrapping_add(CARD_KEY[c as usize]));
        let mask = board.iter().fold(0u64, |m, &c| m | suit_bit(c));
        let left = 5 - board.len();
        let mut tally = Tally::new(N);
        if left == 0 {
            let mut values = [0u32; N];
            for p in 0..N {
                values[p] = full_value(key.wrapping_add(self.keys[p]), mask | self.masks[p]);
            }
            Self::bump(&mut tally, &values, 1);
            return tally;
        }
        if !threads_split || left < 3 {
            self.deal(left, 0, key, mask, &mut tally);
            return tally;
        }
        // Split on the first two cards: a few hundred to a thousand tasks.
        let n = self.deck.len();
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .filter(|&(_, j)| n - j > left - 2)
            .collect();
        pairs
            .par_iter()
            .fold(
                || Tally::new(N),
                |mut t, &(i, j)| {
                    let (a, b) = (self.deck[i], self.deck[j]);
                    let k = key
                        .wrapping_add(CARD_KEY[a as usize])
                        .wrapping_add(CARD_KEY[b as usize]);
                    let m = mask | suit_bit(a) | suit_bit(b);
                    self.deal(left - 2, j + 1, k, m, &mut t);
                    t
                },
            )
            .reduce(
                || Tally::new(N),
                |mut a, b| {
                    a.add(&b);
                    a
                },
            )
    }
}

fn run_n<const N: usize>(holes: &[[u8; 2]], board: &[u8], deck: &[u8], split: bool) -> Tally {
    let mut keys = [0u64; N];
    let mut masks = [0u64; N];
    for (p, h) in holes.iter().enumerate() {
        keys[p] = SUIT_BASE
            .wrapping_add(CARD_KEY[h[0] as usize])
            .wrapping_add(CARD_KEY[h[1] as usize]);
        masks[p] = suit_bit(h[0]) | suit_bit(h[1]);
    }
    Fast::<N> { keys, masks, deck }.run(board, split)
}

/// Most players on the fast path.
pub const FAST_MAX_PLAYERS: usize = super::count::TALLY_MAX_PLAYERS;

/// Every board completing `board` from the `deck` of live cards, for fixed
/// hole cards (2..=FAST_MAX_PLAYERS players, all cards distinct, checked
/// by the caller). `split` spreads the boards over the current rayon pool.
pub fn holdem_boards(holes: &[[u8; 2]], board: &[u8], deck: &[u8], split: bool) -> Tally {
    match holes.len() {
        2 => run_n::<2>(holes, board, deck, split),
        3 => run_n::<3>(holes, board, deck, split),
        4 => run_n::<4>(holes, board, deck, split),
        5 => run_n::<5>(holes, board, deck, split),
        6 => run_n::<6>(holes, board, deck, split),
        7 => run_n::<7>(holes, board, deck, split),
        8 => run_n::<8>(holes, board, deck, split),
        9 => run_n::<9>(holes, board, deck, split),
        10 => run_n::<10>(holes, board, deck, split),
        n => panic!("holdem_boards: {n} players is outside 2..={FAST_MAX_PLAYERS}"),
    }
}
