//! Every shuffle hoyle makes: one partial Fisher–Yates routine
//! ([`deal_front`]) over a [`Source`] of uniform indices.
//!
//! * Unseeded hands draw from a thread-local xoshiro256++ seeded from the
//!   standard library's per-process random hash keys ([`deal_unseeded`]).
//! * Seeded hands draw from [`Mt19937`], keyed exactly as CPython's
//!   `random.Random(seed)` keys it, so a seed deals the same cards as
//!   hoyle's earlier pure-Python deal did: [`PyRandom`] picks indices as
//!   `int(random() * bound)` (the deal), [`PyShuffle`] as
//!   `random.shuffle` does (the draw's reshuffle of the discards).
//!
//! These are simulation generators, not cryptographic ones: do not deal
//! real-money games with them.

use crate::equity::rng::Xoshiro256pp;
use std::cell::RefCell;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// A source of uniform indices for [`deal_front`].
pub trait Source {
    /// A number in `0..bound` (`bound >= 1`).
    fn index(&mut self, bound: u32) -> u32;
    /// 32 random bits (a seed for a later reshuffle).
    fn word(&mut self) -> u32;
}

/// Moves a random choice of `count` items, in random order, to the front of
/// `items`: step `i` swaps item `i` with item `i + src.index(len - i)`.
/// `count` above `items.len()` shuffles them all. Every step draws from the
/// source, the last (a swap with itself) included, as CPython's loop does.
pub fn deal_front<T, S: Source + ?Sized>(items: &mut [T], count: usize, src: &mut S) {
    let n = items.len();
    for i in 0..count.min(n) {
        let j = i + src.index((n - i) as u32) as usize;
        items.swap(i, j);
    }
}

impl Source for Xoshiro256pp {
    fn index(&mut self, bound: u32) -> u32 {
        self.below(bound)
    }
    fn word(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }
}

// -- unseeded: this thread's xoshiro ------------------------------------------------

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

/// [`deal_front`] with this thread's generator; returns a further 32 random
/// bits from it (the seed of a draw game's reshuffles).
pub fn deal_unseeded<T>(items: &mut [T], count: usize) -> u32 {
    RNG.with(|r| {
        let mut rng = r.borrow_mut();
        deal_front(items, count, &mut *rng);
        rng.word()
    })
}

// -- seeded: CPython's Mersenne Twister -----------------------------------------------

const N: usize = 624;
const M: usize = 397;

/// How many generators [`Mt19937::from_seeds`] keys at once.
pub const LANES: usize = 8;

/// MT19937, the generator behind CPython's `random.Random`.
#[derive(Clone)]
pub struct Mt19937 {
    state: [u32; N],
    pos: usize,
}

impl Mt19937 {
    /// `init_genrand(s)`'s state (the first step of every keying).
    const fn genrand_state(s: u32) -> [u32; N] {
        let mut state = [0u32; N];
        state[0] = s;
        let mut i = 1;
        while i < N {
            let prev = state[i - 1];
            state[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
            i += 1;
        }
        state
    }

    /// `init_by_array` starts from `init_genrand(19650218)`: worked out
    /// once, at compile time (a seeded hand keys a generator per deal).
    const KEYING_START: [u32; N] = Self::genrand_state(19_650_218);

    /// Keyed with `init_by_array(key)` (the reference algorithm).
    pub fn from_key(key: &[u32]) -> Self {
        let mut mt = Mt19937 {
            state: Self::KEYING_START,
            pos: N,
        };
        let mt_state = &mut mt.state;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            let prev = mt_state[i - 1];
            mt_state[i] = (mt_state[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt_state[0] = mt_state[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = mt_state[i - 1];
            mt_state[i] = (mt_state[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt_state[0] = mt_state[N - 1];
                i = 1;
            }
        }
        mt_state[0] = 0x8000_0000;
        mt
    }

    /// Keyed as CPython's `random.Random(seed)` keys an int seed: from the
    /// little-endian bytes of `abs(seed)`, in 32-bit words (one zero word
    /// for 0).
    pub fn from_magnitude_le(bytes: &[u8]) -> Self {
        let used = bytes.iter().rposition(|&b| b != 0).map_or(0, |p| p + 1);
        let word = |c: &[u8]| c.iter().rev().fold(0u32, |w, &b| (w << 8) | u32::from(b));
        let words = used.div_ceil(4).max(1);
        if words <= 8 {
            // the usual seed (64 bits or so): the key on the stack
            let mut key = [0u32; 8];
            for (k, c) in key.iter_mut().zip(bytes[..used].chunks(4)) {
                *k = word(c);
            }
            return Self::from_key(&key[..words]);
        }
        let key: Vec<u32> = bytes[..used].chunks(4).map(word).collect();
        Self::from_key(&key)
    }

    /// `random.Random(seed)` for a seed that fits in 64 bits.
    pub fn from_seed(seed: i64) -> Self {
        Self::from_magnitude_le(&seed.unsigned_abs().to_le_bytes())
    }

    /// [`Mt19937::from_magnitude_le`] of each seed's little-endian bytes
    /// (`random.Random(seed)`), [`LANES`] at once: keying is one long chain
    /// of dependent steps per generator, so the lanes are interleaved, one
    /// step of each in turn. Seeds below `2**32` (a one-word key) are keyed
    /// alone.
    pub fn from_seeds(seeds: &[u64; LANES]) -> [Mt19937; LANES] {
        let mut out = [(); LANES].map(|_| Mt19937 {
            state: [0; N],
            pos: N,
        });
        let mut st = [[0u32; LANES]; N];
        for (row, &start) in st.iter_mut().zip(&Self::KEYING_START) {
            *row = [start; LANES];
        }
        let key = [seeds.map(|s| s as u32), seeds.map(|s| (s >> 32) as u32)];
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N {
            let prev = st[i - 1];
            for l in 0..LANES {
                let p = prev[l];
                st[i][l] = (st[i][l] ^ (p ^ (p >> 30)).wrapping_mul(1_664_525))
                    .wrapping_add(key[j][l])
                    .wrapping_add(j as u32);
            }
            i += 1;
            j ^= 1;
            if i >= N {
                st[0] = st[N - 1];
                i = 1;
            }
        }
        for _ in 0..N - 1 {
            let prev = st[i - 1];
            for l in 0..LANES {
                let p = prev[l];
                st[i][l] =
                    (st[i][l] ^ (p ^ (p >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            }
            i += 1;
            if i >= N {
                st[0] = st[N - 1];
                i = 1;
            }
        }
        st[0] = [0x8000_0000; LANES];
        for (l, mt) in out.iter_mut().enumerate() {
            if seeds[l] >> 32 == 0 {
                *mt = Self::from_magnitude_le(&seeds[l].to_le_bytes());
            } else {
                for (word, row) in mt.state.iter_mut().zip(&st) {
                    *word = row[l];
                }
            }
        }
        out
    }

    /// `genrand_uint32`: the next 32-bit output. The state is twisted a
    /// word at a time, as each is used: in order, this is the reference's
    /// whole-state twist exactly (word `k` reads words `k + 1` and
    /// `k + 397` before their own twist, and the words past the end after
    /// theirs), and a deal that uses a few dozen words twists only those.
    pub fn next_u32(&mut self) -> u32 {
        if self.pos >= N {
            self.pos = 0;
        }
        let k = self.pos;
        let s = &mut self.state;
        let next = if k + 1 < N { k + 1 } else { 0 };
        let far = if k + M < N { k + M } else { k + M - N };
        let y = (s[k] & 0x8000_0000) | (s[next] & 0x7fff_ffff);
        let mag = if y & 1 == 1 { 0x9908_b0df } else { 0 };
        s[k] = s[far] ^ (y >> 1) ^ mag;
        self.pos += 1;
        let mut y = s[k];
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `random.random()`: 53 bits from two outputs, in `[0, 1)`.
    pub fn random(&mut self) -> f64 {
        let a = self.next_u32() >> 5;
        let b = self.next_u32() >> 6;
        (f64::from(a) * 67_108_864.0 + f64::from(b)) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `random.getrandbits(k)` for `k <= 32`.
    pub fn getrandbits(&mut self, k: u32) -> u32 {
        match k {
            0 => 0,
            _ => self.next_u32() >> (32 - k),
        }
    }

    /// `random._randbelow(n)`: `getrandbits` of `n`'s bit length until the
    /// result is below `n` (`n >= 1`).
    pub fn randbelow(&mut self, n: u32) -> u32 {
        let k = 32 - n.leading_zeros();
        loop {
            let r = self.getrandbits(k);
            if r < n {
                return r;
            }
        }
    }
}

/// CPython's seeded deal: index `int(random() * bound)`.
pub struct PyRandom(pub Mt19937);

impl Source for PyRandom {
    fn index(&mut self, bound: u32) -> u32 {
        (self.0.random() * f64::from(bound)) as u32
    }
    fn word(&mut self) -> u32 {
        self.0.getrandbits(32)
    }
}

/// CPython's `random.shuffle(x)`, which swaps `x[i]` with `x[randbelow(i + 1)]`
/// for `i` from the back, as [`deal_front`] over the reversed list: step `k`
/// there is CPython's step `i = len - 1 - k`, and index `bound - 1 -
/// randbelow(bound)` lands on the same item.
pub struct PyShuffle(pub Mt19937);

impl Source for PyShuffle {
    fn index(&mut self, bound: u32) -> u32 {
        bound - 1 - self.0.randbelow(bound)
    }
    fn word(&mut self) -> u32 {
        self.0.getrandbits(32)
    }
}

/// `random.Random(seed).shuffle(items)`, bit for bit.
pub fn py_shuffle<T>(items: &mut [T], rng: Mt19937) {
    items.reverse();
    let steps = items.len().saturating_sub(1); // CPython stops before i = 0
    deal_front(items, steps, &mut PyShuffle(rng));
    items.reverse();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unseeded(count: usize) -> Vec<u8> {
        let mut cards: Vec<u8> = (0..52).collect();
        deal_unseeded(&mut cards, count);
        cards
    }

    #[test]
    fn deals_distinct_cards_of_the_deck() {
        let deck: Vec<u8> = (0..52).collect();
        for count in [0, 1, 17, 51, 52, 60] {
            let mut sorted = unseeded(count);
            sorted.sort_unstable();
            assert_eq!(sorted, deck, "a permutation of the deck");
        }
    }

    #[test]
    fn every_card_reaches_every_position_evenly() {
        // 52 cards, first position: each card ~1/52 of 104,000 deals.
        let mut seen = [[0u32; 52]; 3];
        for _ in 0..104_000 {
            let cards = unseeded(3);
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
        let a = unseeded(52);
        reseed();
        let b = unseeded(52);
        assert_ne!(a, b);
    }

    // The expected values below were printed by CPython 3.11's `random` module.

    #[test]
    fn keys_and_words_match_cpython() {
        let cases: [(&[u8], [u32; 3]); 5] = [
            (&[], [3_626_764_237, 1_654_615_998, 3_255_389_356]), // seed 0
            (&[1], [577_090_037, 2_444_712_010, 3_639_700_191]),
            (&[0x71, 0x15], [3_382_763_572, 956_215_839, 417_760_592]), // 5489
            (
                &[7, 0, 0, 0, 1],
                [968_553_300, 3_287_823_873, 1_540_179_448],
            ), // 2**32 + 7
            (
                &[3, 0, 0, 0, 0, 0, 0, 0],
                [1_022_050_301, 2_545_373_330, 2_337_446_730],
            ), // -3
        ];
        for (bytes, words) in cases {
            let mut mt = Mt19937::from_magnitude_le(bytes);
            assert_eq!(
                [mt.next_u32(), mt.next_u32(), mt.next_u32()],
                words,
                "{bytes:?}"
            );
        }
        let mut big = Mt19937::from_key(&[12345, 0, 64]); // 2**70 + 12345
        assert_eq!(
            [big.next_u32(), big.next_u32(), big.next_u32()],
            [4_124_372_728, 1_880_144_277, 4_058_479_540]
        );
        assert_eq!(Mt19937::from_seed(-3).next_u32(), 1_022_050_301);
    }

    #[test]
    fn twisting_a_word_at_a_time_is_the_whole_state_twist() {
        // the reference: twist all 624 words, then temper them in order
        let mut reference = Mt19937::from_seed(2026);
        let mut lazy = reference.clone();
        let mut want = Vec::new();
        for _ in 0..3 {
            let s = &mut reference.state;
            for k in 0..N {
                let y = (s[k] & 0x8000_0000) | (s[(k + 1) % N] & 0x7fff_ffff);
                let mag = if y & 1 == 1 { 0x9908_b0df } else { 0 };
                s[k] = s[(k + M) % N] ^ (y >> 1) ^ mag;
            }
            for &word in s.iter() {
                let mut y = word;
                y ^= y >> 11;
                y ^= (y << 7) & 0x9d2c_5680;
                y ^= (y << 15) & 0xefc6_0000;
                want.push(y ^ (y >> 18));
            }
        }
        let got: Vec<u32> = (0..3 * N).map(|_| lazy.next_u32()).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn keying_lanes_at_once_keys_each_seed_alone() {
        let seeds: [u64; LANES] = [
            u64::MAX,
            1 << 32,
            0,
            12_345,
            0x2382_75bc_38fc_be91,
            (1 << 32) - 1,
            0x6fc9_f6dc_4fdd_3c43,
            7 << 40,
        ];
        for (mut got, seed) in Mt19937::from_seeds(&seeds).into_iter().zip(seeds) {
            let mut want = Mt19937::from_magnitude_le(&seed.to_le_bytes());
            let a: Vec<u32> = (0..700).map(|_| got.next_u32()).collect();
            let b: Vec<u32> = (0..700).map(|_| want.next_u32()).collect();
            assert_eq!(a, b, "seed {seed}");
        }
    }

    #[test]
    fn random_matches_cpython() {
        let mut mt = Mt19937::from_seed(42);
        let got = [mt.random(), mt.random(), mt.random()];
        assert_eq!(
            got,
            [
                0.6394267984578837,
                0.025010755222666936,
                0.27502931836911926
            ]
        );
    }

    #[test]
    fn shuffle_matches_cpython() {
        let mut small: Vec<u8> = (0..10).collect();
        py_shuffle(&mut small, Mt19937::from_seed(7));
        assert_eq!(small, [8, 3, 1, 4, 7, 0, 9, 6, 2, 5]);
        let mut deck: Vec<u8> = (0..52).collect();
        py_shuffle(&mut deck, Mt19937::from_seed((1 << 40) + 3));
        let want = [
            47, 25, 20, 40, 10, 22, 5, 34, 33, 32, 18, 4, 24, 12, 28, 13, 9, 7, 29, 31, 8, 45, 11,
            0, 2, 15, 26, 50, 43, 17, 1, 48, 23, 39, 42, 38, 46, 37, 16, 21, 41, 49, 30, 51, 27,
            44, 19, 36, 6, 35, 3, 14,
        ];
        assert_eq!(deck, want);
        for len in [0, 1] {
            let mut tiny: Vec<u8> = (0..len).collect();
            py_shuffle(&mut tiny, Mt19937::from_seed(1));
            assert_eq!(tiny, (0..len).collect::<Vec<u8>>());
        }
    }

    #[test]
    fn seeded_deal_matches_cpython() {
        // pool = list(range(size)); for i in range(k): j = i + int(random() * (size - i)); swap
        let mut src = PyRandom(Mt19937::from_seed(7));
        let mut deck: Vec<u8> = (0..52).collect();
        deal_front(&mut deck, 9, &mut src);
        assert_eq!(deck[..9], [16, 8, 34, 6, 29, 22, 1, 4, 9]);
        assert_eq!(src.word(), 1_862_494_042); // getrandbits(32) after the deal
        let mut src = PyRandom(Mt19937::from_seed(123_456_789));
        let mut deck: Vec<u8> = (0..53).collect();
        deal_front(&mut deck, 53, &mut src);
        let want = [
            33, 29, 52, 45, 43, 24, 50, 38, 25, 5, 27, 0, 20, 37, 14, 7, 16, 39, 4, 1, 42, 17, 41,
            8, 11, 18, 10, 26, 44, 12, 30, 19, 22, 40, 48, 51, 9, 36, 34, 31, 23, 49, 3, 6, 13, 46,
            32, 47, 35, 2, 15, 21, 28,
        ];
        assert_eq!(deck, want);
        assert_eq!(src.word(), 2_233_213_581);
    }
}
