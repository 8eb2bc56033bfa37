//! Evaluating many hands: a C-contiguous (n, k) array of card ids in, one
//! value per row out, split over threads for large batches.

use super::high::{flush_value, rank_value, word_is_valid, CARD_KEY};
use crate::error::{Error, Result};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

const FLUSH_BITS: u64 = 0x8888 << 48;
/// Rows per task when a batch is split over threads.
const CHUNK_ROWS: usize = 1 << 15;
/// Batches smaller than this run on the calling thread.
const PARALLEL_MIN_ROWS: usize = 1 << 17;

/// Evaluates rows of exactly `K` cards; returns whether every row was
/// valid (the values of invalid rows are unspecified).
#[inline(always)]
fn eval_rows<const K: usize>(data: &[u8], out: &mut [u32]) -> bool {
    let mut ok = true;
    for (row, slot) in data.chunks_exact(K).zip(out.iter_mut()) {
        let row: &[u8; K] = row.try_into().unwrap();
        let mut key = 0x3333u64 << 48;
        let mut mask = 0u64;
        for &c in row {
            key = key.wrapping_add(CARD_KEY[c as usize]);
            mask |= 1u64 << (c & 63);
        }
        ok &= word_is_valid(key, mask, K);
        let f = key & FLUSH_BITS;
        *slot = if f != 0 {
            let suit = ((f.trailing_zeros() - 51) >> 2) as u8;
            flush_value(row, suit)
        } else {
            rank_value(key as u32)
        } as u32;
    }
    ok
}

#[inline(always)]
fn eval_chunk_generic(data: &[u8], k: usize, out: &mut [u32]) -> bool {
    match k {
        5 => eval_rows::<5>(data, out),
        6 => eval_rows::<6>(data, out),
        7 => eval_rows::<7>(data, out),
        _ => false,
    }
}

/// The same loop compiled for CPUs with POPCNT and BMI2 (every x86-64 since
/// about 2013): the duplicate check becomes one instruction instead of a
/// dozen, and variable shifts one uop.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
fn eval_chunk_x86_v3(data: &[u8], k: usize, out: &mut [u32]) -> bool {
    eval_chunk_generic(data, k, out)
}

/// Evaluates rows of `K` cards eight at a time, checking each block of
/// eight with AVX-512 (ids below 52; 64-bit card masks of popcount K,
/// built with one byte permute and one variable shift per card position)
/// while the scalar core evaluates the block without checks of its own.
/// Rows left over after the last full block take the checked scalar loop.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vpopcntdq,popcnt,bmi1,bmi2,lzcnt")]
fn eval_rows_avx512<const K: usize>(data: &[u8], out: &mut [u32]) -> bool {
    use std::arch::x86_64::*;
    let blocks = (data.len() / K).min(out.len()) / 8;
    // For card position p, lane r's low byte takes byte K·r + p of the block.
    let mut index = [[0u8; 64]; K];
    for (p, idx) in index.iter_mut().enumerate() {
        for r in 0..8 {
            idx[8 * r] = (K * r + p) as u8;
        }
    }
    // SAFETY: each index row is 64 readable bytes.
    let index: [__m512i; K] =
        std::array::from_fn(|p| unsafe { _mm512_loadu_si512(index[p].as_ptr().cast()) });
    let block_bytes: u64 = (1u64 << (8 * K)) - 1;
    let ones = _mm512_set1_epi64(1);
    let want = _mm512_set1_epi64(K as i64);
    let limit = _mm512_set1_epi8(52);
    let mut bad = 0u64;
    for (block, slots) in data
        .chunks_exact(8 * K)
        .zip(out.chunks_exact_mut(8))
        .take(blocks)
    {
        // SAFETY: the mask reads only the block's 8·K bytes, all in `block`.
        let bytes = unsafe { _mm512_maskz_loadu_epi8(block_bytes, block.as_ptr().cast()) };
        bad |= _mm512_cmpge_epu8_mask(bytes, limit);
        let mut masks = _mm512_setzero_si512();
        for idx in &index {
            let card = _mm512_maskz_permutexvar_epi8(0x0101_0101_0101_0101, *idx, bytes);
            // a shift by 64 or more gives 0: such an id leaves the count short
            masks = _mm512_or_si512(masks, _mm512_sllv_epi64(ones, card));
        }
        bad |= _mm512_cmpneq_epi64_mask(_mm512_popcnt_epi64(masks), want) as u64;
        for (row, slot) in block.chunks_exact(K).zip(slots.iter_mut()) {
            let row: &[u8; K] = row.try_into().unwrap();
            let mut key = 0x3333u64 << 48;
            for &c in row {
                key = key.wrapping_add(CARD_KEY[c as usize]);
            }
            let f = key & FLUSH_BITS;
            *slot = if f != 0 {
                flush_value(row, ((f.trailing_zeros() - 51) >> 2) as u8)
            } else {
                rank_value(key as u32)
            } as u32;
        }
    }
    let tail_ok = eval_rows::<K>(&data[blocks * 8 * K..], &mut out[blocks * 8..]);
    bad == 0 && tail_ok
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vpopcntdq,popcnt,bmi1,bmi2,lzcnt")]
fn eval_chunk_avx512(data: &[u8], k: usize, out: &mut [u32]) -> bool {
    match k {
        5 => eval_rows_avx512::<5>(data, out),
        6 => eval_rows_avx512::<6>(data, out),
        7 => eval_rows_avx512::<7>(data, out),
        _ => false,
    }
}

/// The loops a batch can run, fastest first; `Kernel::best()` is the best
/// this CPU has. Each returns whether every row was valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kernel {
    /// Portable Rust.
    Generic,
    /// x86-64 with POPCNT and BMI2.
    X86V3,
    /// x86-64 with AVX-512 F, BW, VBMI and VPOPCNTDQ (Ice Lake, Zen 4 on).
    Avx512,
}

impl Kernel {
    /// Whether this CPU can run the kernel.
    pub fn available(self) -> bool {
        match self {
            Kernel::Generic => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::X86V3 => {
                std::is_x86_feature_detected!("popcnt") && std::is_x86_feature_detected!("bmi2")
            }
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => {
                Kernel::X86V3.available()
                    && std::is_x86_feature_detected!("avx512f")
                    && std::is_x86_feature_detected!("avx512bw")
                    && std::is_x86_feature_detected!("avx512vbmi")
                    && std::is_x86_feature_detected!("avx512vpopcntdq")
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The fastest kernel this CPU can run.
    pub fn best() -> Kernel {
        static BEST: OnceLock<Kernel> = OnceLock::new();
        *BEST.get_or_init(|| {
            [Kernel::Avx512, Kernel::X86V3]
                .into_iter()
                .find(|k| k.available())
                .unwrap_or(Kernel::Generic)
        })
    }

    /// Evaluates `k`-card rows with this kernel (which must be available:
    /// an unavailable one falls back to `Generic`).
    pub fn run(self, data: &[u8], k: usize, out: &mut [u32]) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: available() checked the CPU features.
            Kernel::Avx512 if self.available() => unsafe { eval_chunk_avx512(data, k, out) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: available() checked the CPU features.
            Kernel::X86V3 if self.available() => unsafe { eval_chunk_x86_v3(data, k, out) },
            _ => eval_chunk_generic(data, k, out),
        }
    }
}

fn eval_chunk(data: &[u8], k: usize, out: &mut [u32]) -> bool {
    Kernel::best().run(data, k, out)
}

pub(crate) fn pool(threads: usize) -> Result<Arc<rayon::ThreadPool>> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();
    let pools = POOLS.get_or_init(|| Mutex::new(HashMap::new()));
    let mut pools = pools.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = pools.get(&threads) {
        return Ok(p.clone());
    }
    let p = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Batch(format!("cannot start {threads} threads: {e}")))?;
    let p = Arc::new(p);
    pools.insert(threads, p.clone());
    Ok(p)
}

/// Finds the first invalid row and says what is wrong with it.
fn first_bad_row(data: &[u8], k: usize) -> Error {
    for (i, row) in data.chunks_exact(k).enumerate() {
        if let Err(e) = super::high::check_hand(row) {
            return Error::Row {
                row: i,
                source: Box::new(e),
            };
        }
    }
    Error::Batch("a row is invalid".into())
}

/// Evaluates `data`, a flat row-major array of `k`-card rows (k in 5..=7),
/// into `out` (one slot per row). `threads`: `None` for all cores, `Some(1)`
/// for the calling thread only.
pub fn evaluate_batch_into(
    data: &[u8],
    k: usize,
    out: &mut [u32],
    threads: Option<usize>,
) -> Result<()> {
    if !(5..=7).contains(&k) {
        return Err(Error::HandSize {
            what: "each row",
            got: k,
            allowed: "a batch has 5, 6 or 7 cards per row",
        });
    }
    let rows = data.len() / k;
    if !data.len().is_multiple_of(k) || out.len() != rows {
        return Err(Error::Batch(format!(
            "{} card ids do not make {} rows of {k}",
            data.len(),
            out.len()
        )));
    }
    let threads = match threads {
        Some(0) => return Err(Error::Batch("threads must be at least 1".into())),
        Some(t) => t,
        None => rayon::current_num_threads(),
    };
    let ok = if threads == 1 || rows < PARALLEL_MIN_ROWS {
        eval_chunk(data, k, out)
    } else {
        let mut work = || {
            data.par_chunks(CHUNK_ROWS * k)
                .zip(out.par_chunks_mut(CHUNK_ROWS))
                .map(|(d, o)| eval_chunk(d, k, o))
                .reduce(|| true, |a, b| a & b)
        };
        if threads == rayon::current_num_threads() {
            work()
        } else {
            pool(threads)?.install(work)
        }
    };
    if ok {
        Ok(())
    } else {
        Err(first_bad_row(data, k))
    }
}

/// Evaluates a batch into a new vector.
pub fn evaluate_batch(data: &[u8], k: usize, threads: Option<usize>) -> Result<Vec<u32>> {
    let mut out = vec![0u32; data.len() / k.max(1)];
    evaluate_batch_into(data, k, &mut out, threads)?;
    Ok(out)
}
