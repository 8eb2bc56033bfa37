//! The first outputs of `random.Random(seed)` for [`WIDE`] seeds at once.
//!
//! Keying MT19937 (`init_by_array`) is two passes of 1,247 dependent steps,
//! each a multiply: about 2 µs a seed, more than the rest of a hand's deal.
//! No step can be skipped (the last step writes word 1, which the first
//! output reads), so the speed comes from keying many seeds side by side:
//! with AVX-512 (AVX2) eight (four) seeds a vector, four (eight) vectors
//! interleaved, each 32-bit word in a 64-bit lane so that the multiply is
//! `vpmuludq` (one short instruction) rather than `vpmulld`. Only the words
//! a deal reads are tempered out: output `k < 227` reads state words `k`,
//! `k + 1` and `k + 397`, none twisted yet.
//!
//! Without either instruction set each seed is keyed alone
//! ([`Mt19937::from_magnitude_le`]). Every path gives the outputs
//! [`Mt19937::next_u32`] gives (tested against it).

use crate::deal::{Mt19937, Source};

/// How many seeds [`first_outputs`] keys at once.
pub const WIDE: usize = 32;

/// The most outputs a seed may ask for (`k + 397 < 624`).
pub const MOST: usize = 227;

const N: usize = 624;
const M: usize = 397;

/// `init_genrand(19650218)`, where `init_by_array` starts.
fn keying_start() -> &'static [u32; N] {
    static START: std::sync::OnceLock<[u32; N]> = std::sync::OnceLock::new();
    START.get_or_init(|| {
        let mut s = [0u32; N];
        s[0] = 19_650_218;
        for i in 1..N {
            s[i] = 1_812_433_253u32
                .wrapping_mul(s[i - 1] ^ (s[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        s
    })
}

/// The key words of a 64-bit seed as `random.Random(seed)` reads them,
/// with the step's index added: `(even steps, odd steps)` (one word for a
/// seed below `2**32`, two words above).
fn key_pair(seed: u64) -> (u32, u32) {
    let (lo, hi) = (seed as u32, (seed >> 32) as u32);
    if hi == 0 {
        (lo, lo)
    } else {
        (lo, hi.wrapping_add(1))
    }
}

/// MT19937's tempering of one state word.
fn temper(mut y: u32) -> u32 {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c_5680;
    y ^= (y << 15) & 0xefc6_0000;
    y ^ (y >> 18)
}

/// Output `k` (`k < MOST`) of a state just keyed (`word(i)`: its word `i`).
fn output(word: impl Fn(usize) -> u32, k: usize) -> u32 {
    let y = (word(k) & 0x8000_0000) | (word(k + 1) & 0x7fff_ffff);
    let mag = if y & 1 == 1 { 0x9908_b0df } else { 0 };
    temper(word(k + M) ^ (y >> 1) ^ mag)
}

/// Keeps the scratch state of [`first_outputs`] (160 KiB, allocated once).
#[derive(Default)]
pub struct Scratch(Vec<u64>);

/// The first `count` (at most [`MOST`]) 32-bit outputs of
/// `random.Random(seed)` for each of `seeds`: seed `s`'s into
/// `out[s * count..(s + 1) * count]`.
///
/// ```
/// use _core::deal::Mt19937;
/// use _core::keying::{first_outputs, Scratch, WIDE};
/// let seeds: [u64; WIDE] = std::array::from_fn(|s| (s as u64) << 40 | 7);
/// let mut out = vec![0; WIDE * 3];
/// first_outputs(&seeds, 3, &mut out, &mut Scratch::default());
/// let mut mt = Mt19937::from_magnitude_le(&seeds[5].to_le_bytes());
/// assert_eq!(out[15..18], [mt.next_u32(), mt.next_u32(), mt.next_u32()]);
/// ```
pub fn first_outputs(seeds: &[u64; WIDE], count: usize, out: &mut [u32], scratch: &mut Scratch) {
    assert!(
        count <= MOST && out.len() >= WIDE * count,
        "first_outputs: {count} outputs"
    );
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx512f") {
            let st = lanes(scratch);
            // SAFETY: the CPU has AVX-512F (checked above); `st` holds N * WIDE lanes.
            unsafe { avx512::key(seeds, st) };
            return gather(st, count, out);
        }
        if std::is_x86_feature_detected!("avx2") {
            let st = lanes(scratch);
            // SAFETY: the CPU has AVX2 (checked above); `st` holds N * WIDE lanes.
            unsafe { avx2::key(seeds, st) };
            return gather(st, count, out);
        }
    }
    for (s, &seed) in seeds.iter().enumerate() {
        let mut mt = Mt19937::from_magnitude_le(&seed.to_le_bytes());
        for o in &mut out[s * count..(s + 1) * count] {
            *o = mt.next_u32();
        }
    }
}

/// The scratch state as `N * WIDE` lanes: word `i` of seed `s` at
/// `i * WIDE + s` (its low 32 bits).
#[cfg(target_arch = "x86_64")]
fn lanes(scratch: &mut Scratch) -> &mut [u64] {
    if scratch.0.len() != N * WIDE {
        scratch.0 = vec![0; N * WIDE];
    }
    &mut scratch.0
}

/// The outputs from the keyed lanes.
#[cfg(target_arch = "x86_64")]
fn gather(st: &[u64], count: usize, out: &mut [u32]) {
    for s in 0..WIDE {
        let word = |i: usize| st[i * WIDE + s] as u32;
        for (k, o) in out[s * count..(s + 1) * count].iter_mut().enumerate() {
            *o = output(word, k);
        }
    }
}

/// One keying kernel per instruction set, the same steps: `$v` a vector
/// of `$per` 64-bit lanes, `WIDE / $per` vectors side by side.
#[cfg(target_arch = "x86_64")]
macro_rules! kernel {
    ($name:ident, $feature:literal, $v:ty, $per:literal,
     $set1:ident, $load:ident, $store:ident, $xor:ident, $add:ident, $sub:ident,
     $srli:ident, $mul:ident) => {
        mod $name {
            use super::{key_pair, keying_start, N, WIDE};
            use std::arch::x86_64::*;

            const V: usize = WIDE / $per;

            /// Keys `seeds` into `st` (see [`super::lanes`]).
            #[target_feature(enable = $feature)]
            pub(super) unsafe fn key(seeds: &[u64; WIDE], st: &mut [u64]) {
                assert!(st.len() == N * WIDE);
                let p = st.as_mut_ptr() as *mut $v;
                let start = keying_start();
                let lanes = |f: &dyn Fn(u64) -> u32| -> [$v; V] {
                    std::array::from_fn(|c| {
                        let mut w = [0i64; $per];
                        for (l, w) in w.iter_mut().enumerate() {
                            *w = i64::from(f(seeds[c * $per + l]));
                        }
                        // SAFETY: `w` holds one vector's lanes.
                        unsafe { $load(w.as_ptr() as *const $v) }
                    })
                };
                let even = lanes(&|s| key_pair(s).0);
                let odd = lanes(&|s| key_pair(s).1);
                let (c1, c2) = ($set1(1_664_525), $set1(1_566_083_941));
                // SAFETY (every access below): row `i < N` of `V` vectors
                // lies inside `st`, which holds N * WIDE lanes.
                let at = |i: usize, c: usize| unsafe { p.add(i * V + c) };
                let mut prev = [$set1(i64::from(start[0])); V];
                // first pass: N steps from word 1 (then 1 again), the key added
                let mut i = 1;
                for step in 0..N {
                    let key = if step % 2 == 0 { &even } else { &odd };
                    for c in 0..V {
                        let word = if step < N - 1 {
                            $set1(i64::from(start[i]))
                        } else {
                            unsafe { $load(at(i, c)) }
                        };
                        let x = $mul($xor(prev[c], $srli(prev[c], 30)), c1);
                        prev[c] = $add($xor(word, x), key[c]);
                        unsafe { $store(at(i, c), prev[c]) };
                    }
                    i += 1;
                    if i >= N {
                        for c in 0..V {
                            unsafe { $store(at(0, c), prev[c]) };
                        }
                        i = 1;
                    }
                }
                // second pass: N - 1 steps on, the index taken off
                for _ in 0..N - 1 {
                    let index = $set1(i as i64);
                    for c in 0..V {
                        let word = unsafe { $load(at(i, c)) };
                        let x = $mul($xor(prev[c], $srli(prev[c], 30)), c2);
                        prev[c] = $sub($xor(word, x), index);
                        unsafe { $store(at(i, c), prev[c]) };
                    }
                    i += 1;
                    if i >= N {
                        for c in 0..V {
                            unsafe { $store(at(0, c), prev[c]) };
                        }
                        i = 1;
                    }
                }
                for c in 0..V {
                    unsafe { $store(at(0, c), $set1(0x8000_0000)) };
                }
            }
        }
    };
}

#[cfg(target_arch = "x86_64")]
kernel!(
    avx512,
    "avx512f",
    __m512i,
    8,
    _mm512_set1_epi64,
    _mm512_loadu_si512,
    _mm512_storeu_si512,
    _mm512_xor_si512,
    _mm512_add_epi32,
    _mm512_sub_epi32,
    _mm512_srli_epi32,
    _mm512_mul_epu32
);

#[cfg(target_arch = "x86_64")]
kernel!(
    avx2,
    "avx2",
    __m256i,
    4,
    _mm256_set1_epi64x,
    _mm256_loadu_si256,
    _mm256_storeu_si256,
    _mm256_xor_si256,
    _mm256_add_epi32,
    _mm256_sub_epi32,
    _mm256_srli_epi32,
    _mm256_mul_epu32
);

/// CPython's seeded deal (`int(random() * bound)`, as
/// [`crate::deal::PyRandom`]) from outputs worked out already: two a draw.
pub struct PyWords<'a> {
    words: &'a [u32],
    at: usize,
}

impl<'a> PyWords<'a> {
    /// Draws from `words`, the generator's first outputs in order.
    pub fn new(words: &'a [u32]) -> Self {
        PyWords { words, at: 0 }
    }

    fn next(&mut self) -> u32 {
        let w = self.words[self.at];
        self.at += 1;
        w
    }
}

impl Source for PyWords<'_> {
    fn index(&mut self, bound: u32) -> u32 {
        let a = self.next() >> 5;
        let b = self.next() >> 6;
        let r = (f64::from(a) * 67_108_864.0 + f64::from(b)) * (1.0 / 9_007_199_254_740_992.0);
        (r * f64::from(bound)) as u32
    }
    fn word(&mut self) -> u32 {
        self.next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{deal_front, PyRandom};

    fn seeds(from: u64) -> [u64; WIDE] {
        let special = [0, 1, u64::MAX, 1 << 32, (1 << 32) - 1, 5489, 7 << 40];
        std::array::from_fn(|s| match special.get(s) {
            Some(&x) => x ^ from,
            None => crate::table::hand_seed(from, 0, s as u64),
        })
    }

    #[test]
    fn outputs_are_the_generators_first_words() {
        let mut scratch = Scratch::default();
        for from in [0, 3, 1 << 33] {
            let seeds = seeds(from);
            let mut out = vec![0; WIDE * MOST];
            first_outputs(&seeds, MOST, &mut out, &mut scratch);
            for (s, &seed) in seeds.iter().enumerate() {
                let mut mt = Mt19937::from_magnitude_le(&seed.to_le_bytes());
                let want: Vec<u32> = (0..MOST).map(|_| mt.next_u32()).collect();
                assert_eq!(out[s * MOST..(s + 1) * MOST], want[..], "seed {seed}");
            }
        }
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn each_kernel_keys_as_the_generator_does() {
        let seeds = seeds(5);
        let want: Vec<Vec<u32>> = seeds
            .iter()
            .map(|seed| {
                let mut mt = Mt19937::from_magnitude_le(&seed.to_le_bytes());
                (0..MOST).map(|_| mt.next_u32()).collect()
            })
            .collect();
        let mut scratch = Scratch::default();
        let mut ran = 0;
        for (kernel, present) in [
            (
                avx512::key as unsafe fn(&[u64; WIDE], &mut [u64]),
                std::is_x86_feature_detected!("avx512f"),
            ),
            (avx2::key, std::is_x86_feature_detected!("avx2")),
        ] {
            if !present {
                continue;
            }
            let st = lanes(&mut scratch);
            st.fill(0);
            // SAFETY: the CPU has the kernel's instructions (checked).
            unsafe { kernel(&seeds, st) };
            let mut out = vec![0; WIDE * MOST];
            gather(st, MOST, &mut out);
            for (s, want) in want.iter().enumerate() {
                assert_eq!(out[s * MOST..(s + 1) * MOST], want[..], "seed {}", seeds[s]);
            }
            ran += 1;
        }
        eprintln!("{ran} kernels checked");
    }

    #[test]
    fn words_deal_as_the_generator_deals() {
        let seeds = seeds(11);
        let mut out = vec![0; WIDE * 40];
        first_outputs(&seeds, 40, &mut out, &mut Scratch::default());
        for (s, &seed) in seeds.iter().enumerate() {
            let (mut a, mut b): (Vec<u8>, Vec<u8>) = ((0..52).collect(), (0..52).collect());
            deal_front(&mut a, 20, &mut PyWords::new(&out[s * 40..(s + 1) * 40]));
            let mt = Mt19937::from_magnitude_le(&seed.to_le_bytes());
            deal_front(&mut b, 20, &mut PyRandom(mt));
            assert_eq!(a, b, "seed {seed}");
        }
    }
}
