//! The hold'em fast path: fixed two-card hands, every board that completes
//! the known one, natural high, counted by rank multisets with the flush
//! boards corrected.
//!
//! # Why every board is counted once, with its own showdown
//!
//! A player flushes in suit `s` when its hole cards of `s` and the final
//! board's make five; two hole cards at most, so the board holds three or
//! more of `s`, and no five-card board holds three of two suits: each board
//! has at most one *flush suit*, a suit in which some player flushes.
//!
//! 1. *Rank pass.* The showdown of a board without a flush suit depends
//!    only on the board's ranks. Every multiset `R` of ranks for the missing
//!    cards is dealt once, with the `Π C(avail(r), count(r))` boards that
//!    have it, and every player scored without flushes (the non-flush
//!    showdown). Boards with a flush suit are counted there too, with the
//!    wrong showdown.
//! 2. *Flush pass.* For each suit `s` that some player can still flush in,
//!    every board with a flush in `s` is dealt as its exact new cards of `s`
//!    (`S`, at least the number that brings a player to five) and the rank
//!    multiset of its other new cards (cards of the other suits, which no
//!    player can flush in on this board: their suits do not matter), with
//!    the boards that have it. Its true showdown (a flushing player holds
//!    its flush: with seven cards a flush excludes a full house or quads, so
//!    nothing else it holds is better) is added and its non-flush showdown,
//!    counted in the rank pass, taken away. Each board with a flush suit is
//!    dealt in exactly one flush pass, its suit's.
//!
//! Preflop the rank pass deals at most 6,175 multisets: AhKh v QsQd deals
//! 6,061 and its flush passes 28,116 classes, for 1,712,304 boards (AhKh v
//! QsQd v 7c6c: 6,037 and 46,431, for 1,370,754).
//!
//! The hand words and masks of the first items are shared with Monte Carlo.
//!
//! # Why equivalent suits are dealt once
//!
//! A suit permutation `g` that maps every player's hand, the known board
//! and the deck each onto itself maps the boards with a flush in `s` one to
//! one onto those with a flush in `g(s)`, with the same showdowns (values do
//! not see suit names, and `g` fixes every hand). So the flush pass of one
//! suit of each orbit is counted times the orbit's size (in AhKh v QsQd v
//! 7c6c, spades and diamonds).

use super::count::{winners, Tally};
use crate::eval::gen::RANK_BASES;
use crate::eval::high::{rank_value, CARD_KEY, FLUSH_VALUES};
use rayon::prelude::*;

const SUIT_BASE: u64 = 0x3333 << 48;
pub(crate) const FLUSH_BITS: u64 = 0x8888 << 48;

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

/// `C(n, k)` for `n, k ≤ 4`.
const BINOMIAL: [[u64; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// The rank key of a 13-bit rank mask.
fn mask_key(mask: u32) -> u32 {
    (0..13)
        .filter(|r| mask >> r & 1 == 1)
        .map(|r| RANK_BASES[r])
        .sum()
}

/// Every multiset of `k` ranks with at most `caps[r]` of rank `r`, as `(rank
/// key, boards)`: the boards are `Π C(caps[r], count(r))`.
fn multisets(caps: &[u8; 13], k: usize) -> Vec<(u32, u64)> {
    fn go(caps: &[u8; 13], top: usize, k: usize, key: u32, ways: u64, out: &mut Vec<(u32, u64)>) {
        if k == 0 {
            out.push((key, ways));
            return;
        }
        for r in (0..top).rev() {
            let cap = caps[r] as usize;
            for c in 1..=cap.min(k) {
                let (key2, ways2) = (key + c as u32 * RANK_BASES[r], ways * BINOMIAL[cap][c]);
                go(caps, r, k - c, key2, ways2, out);
            }
        }
    }
    let mut out = Vec::new();
    go(caps, 13, k, 0, 1, &mut out);
    out
}

/// One suit's flush pass, prepared.
struct FlushSuit {
    /// The new cards of the suit that may be dealt (13-bit rank mask).
    avail: u32,
    /// The known board's cards of the suit.
    board: u32,
    /// The fewest new cards of the suit that give some player a flush.
    least: u32,
    /// `others[k]`: the rank multisets of `k` new cards of the other suits.
    others: Vec<Vec<(u32, u64)>>,
    /// How many suits it stands for (its orbit under the symmetries).
    orbit: u64,
}

/// The boards of fixed hole cards, by rank multisets and flush suits (see
/// the module's notes).
struct Boards<const N: usize> {
    /// Each player's hole rank key plus the known board's.
    keys: [u32; N],
    /// Each player's hole cards by suit (13-bit rank masks).
    suited: [[u32; 4]; N],
    /// Cards missing from the board.
    missing: u32,
    /// The rank pass's multisets.
    ranks: Vec<(u32, u64)>,
    /// The flush passes, `(suit, pass)`.
    suits: Vec<(usize, FlushSuit)>,
}

impl<const N: usize> Boards<N> {
    #[inline(always)]
    fn bump(tally: &mut Tally, values: &[u32; N], m: u64) {
        let best = *values.iter().max().unwrap_or(&0);
        tally.bump_natural(winners(values, best), best, m);
    }

    /// The rank pass over `ranks`, into `plus`.
    fn rank_pass(&self, ranks: &[(u32, u64)], plus: &mut Tally) {
        let mut values = [0u32; N];
        for &(key, ways) in ranks {
            for p in 0..N {
                values[p] = rank_value(self.keys[p] + key) as u32;
            }
            Self::bump(plus, &values, ways);
        }
    }

    /// The boards whose new cards of suit `s` are `new` (a rank mask):
    /// their true showdowns into `plus`, their non-flush ones into `minus`.
    fn flush_pass(
        &self,
        s: usize,
        pass: &FlushSuit,
        new: u32,
        plus: &mut Tally,
        minus: &mut Tally,
    ) {
        let j = new.count_ones();
        let cards = pass.board | new;
        let on_board = cards.count_ones();
        let mut flush = [0u32; N];
        let mut flushes = [false; N];
        for p in 0..N {
            let mine = self.suited[p][s];
            if mine.count_ones() + on_board >= 5 {
                flushes[p] = true;
                flush[p] = FLUSH_VALUES[(mine | cards) as usize] as u32;
            }
        }
        let skey = mask_key(new);
        let mut plain = [0u32; N];
        let mut values = [0u32; N];
        for &(okey, ways) in &pass.others[(self.missing - j) as usize] {
            let key = skey + okey;
            for p in 0..N {
                plain[p] = rank_value(self.keys[p] + key) as u32;
                values[p] = if flushes[p] { flush[p] } else { plain[p] };
            }
            let m = ways * pass.orbit;
            Self::bump(plus, &values, m);
            Self::bump(minus, &plain, m);
        }
    }

    /// Every flush pass's new cards of its suit, `(index in suits, new)`.
    fn flush_items(&self) -> Vec<(usize, u32)> {
        let mut items = Vec::new();
        for (i, (_, pass)) in self.suits.iter().enumerate() {
            let mut new = pass.avail;
            loop {
                let j = new.count_ones();
                if (pass.least..=self.missing).contains(&j) {
                    items.push((i, new));
                }
                if new == 0 {
                    break;
                }
                new = (new - 1) & pass.avail;
            }
        }
        items
    }

    fn run(&self, split: bool) -> Tally {
        let items = self.flush_items();
        let (mut plus, mut minus) = (Tally::new(N), Tally::new(N));
        if !split {
            self.rank_pass(&self.ranks, &mut plus);
            for &(i, new) in &items {
                let (s, pass) = &self.suits[i];
                self.flush_pass(*s, pass, new, &mut plus, &mut minus);
            }
        } else {
            let fresh = || (Tally::new(N), Tally::new(N));
            let join = |mut a: (Tally, Tally), b: (Tally, Tally)| {
                a.0.add(&b.0);
                a.1.add(&b.1);
                a
            };
            let (p1, _) = self
                .ranks
                .par_chunks(256)
                .fold(fresh, |mut t, chunk| {
                    self.rank_pass(chunk, &mut t.0);
                    t
                })
                .reduce(fresh, join);
            let (p2, m2) = items
                .par_iter()
                .fold(fresh, |mut t, &(i, new)| {
                    let (s, pass) = &self.suits[i];
                    self.flush_pass(*s, pass, new, &mut t.0, &mut t.1);
                    t
                })
                .reduce(fresh, join);
            plus.add(&p1);
            plus.add(&p2);
            minus.add(&m2);
        }
        // every board taken away was counted in the rank pass: no slot
        // goes below zero
        for (a, b) in plus.slots.iter_mut().zip(&minus.slots) {
            *a -= b;
        }
        plus
    }
}

/// The suits' orbits under the permutations that map every hand, the
/// known board and the deck each onto itself: `orbit[s]` the orbit's size
/// when `s` is its least suit, else 0.
fn orbits(holes: &[[u8; 2]], board: &[u8], deck: &[u8]) -> [u64; 4] {
    let mask = |cs: &[u8]| {
        cs.iter()
            .fold(0u64, |m, &c| m | 1 << (16 * (c & 3) + (c >> 2)))
    };
    let mut sets: Vec<u64> = holes.iter().map(|h| mask(h)).collect();
    sets.push(mask(board));
    sets.push(mask(deck));
    let mut image = [0u32; 4]; // suits each suit can be mapped to
    for g in 0..256u32 {
        let perm = [g & 3, g >> 2 & 3, g >> 4 & 3, g >> 6 & 3];
        if perm.iter().fold(0u32, |a, &t| a | 1 << t) != 15 {
            continue;
        }
        let map = |m: u64| (0..4).fold(0u64, |a, s| a | (m >> (16 * s) & 0xFFFF) << (16 * perm[s]));
        if sets.iter().all(|&m| map(m) == m) {
            for s in 0..4 {
                image[s] |= 1 << perm[s];
            }
        }
    }
    let mut orbit = [0u64; 4];
    for s in 0..4 {
        if image[s].trailing_zeros() == s as u32 {
            orbit[s] = image[s].count_ones() as u64;
        }
    }
    orbit
}

fn run_n<const N: usize>(holes: &[[u8; 2]], board: &[u8], deck: &[u8], split: bool) -> Tally {
    let rank_key = |cs: &[u8]| {
        cs.iter()
            .map(|&c| RANK_BASES[(c >> 2) as usize])
            .sum::<u32>()
    };
    let by_suit = |cs: &[u8]| {
        let mut m = [0u32; 4];
        for &c in cs {
            m[(c & 3) as usize] |= 1 << (c >> 2);
        }
        m
    };
    let known = rank_key(board);
    let mut keys = [0u32; N];
    let mut suited = [[0u32; 4]; N];
    for (p, h) in holes.iter().enumerate() {
        keys[p] = rank_key(h) + known;
        suited[p] = by_suit(h);
    }
    let missing = (5 - board.len()) as u32;
    let mut avail = [0u8; 13];
    for &c in deck {
        avail[(c >> 2) as usize] += 1;
    }
    let (deck_suits, board_suits) = (by_suit(deck), by_suit(board));
    let orbit = orbits(holes, board, deck);
    let mut suits = Vec::new();
    for s in 0..4 {
        let most = suited.iter().map(|h| h[s].count_ones()).max().unwrap_or(0);
        let least = 5u32.saturating_sub(most + board_suits[s].count_ones());
        if orbit[s] == 0 || least > missing {
            continue;
        }
        let mut caps = avail;
        for (r, cap) in caps.iter_mut().enumerate() {
            *cap -= (deck_suits[s] >> r & 1) as u8;
        }
        let others = (0..=missing - least)
            .map(|k| multisets(&caps, k as usize))
            .collect();
        let pass = FlushSuit {
            avail: deck_suits[s],
            board: board_suits[s],
            least,
            others,
            orbit: orbit[s],
        };
        suits.push((s, pass));
    }
    Boards::<N> {
        keys,
        suited,
        missing,
        ranks: multisets(&avail, missing as usize),
        suits,
    }
    .run(split)
}

/// Most players on the fast path.
pub const FAST_MAX_PLAYERS: usize = super::count::TALLY_MAX_PLAYERS;

/// Every board completing `board` from the `deck` of live cards, for fixed
/// hole cards (2..=FAST_MAX_PLAYERS players, natural cards (ids below 52)
/// all distinct, checked by the caller). `split` spreads the boards over
/// the current rayon pool.
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A card by rank (0 = deuce) and suit (0 = clubs .. 3 = spades).
    fn card(rank: u8, suit: u8) -> u8 {
        4 * rank + suit
    }

    /// The orbit sizes of the suits' least members, the deck everything
    /// else.
    fn orbit_sizes(holes: &[[u8; 2]], board: &[u8], dead: &[u8]) -> [u64; 4] {
        let used: Vec<u8> = holes
            .iter()
            .flatten()
            .chain(board)
            .chain(dead)
            .copied()
            .collect();
        let deck: Vec<u8> = (0..52).filter(|c| !used.contains(c)).collect();
        orbits(holes, board, &deck)
    }

    #[test]
    fn suit_orbits() {
        let (c, d, h, s) = (0, 1, 2, 3);
        let ahkh = [card(12, h), card(11, h)];
        let qsqd = [card(10, s), card(10, d)];
        // spades and diamonds swap
        assert_eq!(orbit_sizes(&[ahkh, qsqd], &[], &[]), [1, 2, 1, 0]);
        assert_eq!(
            orbit_sizes(&[ahkh, qsqd, [card(5, c), card(4, c)]], &[], &[]),
            [1, 2, 1, 0]
        );
        // a flop or a dead card can break the swap
        let flop = [card(0, c), card(1, c), card(2, d)];
        assert_eq!(orbit_sizes(&[ahkh, qsqd], &flop, &[]), [1; 4]);
        assert_eq!(orbit_sizes(&[ahkh, qsqd], &[], &[card(3, s)]), [1; 4]);
        assert_eq!(
            orbit_sizes(&[ahkh, qsqd], &[], &[card(3, s), card(3, d)]),
            [1, 2, 1, 0]
        );
        // AsAh v KsKh: spades with hearts, clubs with diamonds
        let asah = [card(12, s), card(12, h)];
        let kskh = [card(11, s), card(11, h)];
        assert_eq!(orbit_sizes(&[asah, kskh], &[], &[]), [2, 0, 2, 0]);
        // swapping spades and hearts would swap the players
        let asks = [card(12, s), card(11, s)];
        assert_eq!(orbit_sizes(&[asks, ahkh], &[], &[]), [2, 0, 1, 1]);
        // everybody in spades: the other three suits as one
        assert_eq!(
            orbit_sizes(&[asks, [card(10, s), card(9, s)]], &[], &[]),
            [3, 0, 0, 1]
        );
    }

    #[test]
    fn multisets_count_every_board() {
        // 13 ranks, at most four of each: C(17, 5) - 13 five-card multisets
        assert_eq!(multisets(&[4; 13], 5).len(), 6_175);
        let mut caps = [4u8; 13];
        caps[12] = 3; // AhKh v QsQd's deck: 48 cards
        caps[11] = 3;
        caps[10] = 2;
        let boards: u64 = multisets(&caps, 5).iter().map(|&(_, w)| w).sum();
        assert_eq!(boards, 1_712_304);
        assert_eq!(multisets(&caps, 0), vec![(0, 1)]);
        // the keys are distinct
        let mut keys: Vec<u32> = multisets(&caps, 4).iter().map(|&(k, _)| k).collect();
        let n = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), n);
    }
}
