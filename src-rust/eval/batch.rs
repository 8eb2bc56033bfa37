//! Evaluating many hands: a C-contiguous (n, k) array of card ids in, one
//! value per row out, split over threads for large batches.

use super::high::{
    flush_suit, flush_value, rank_value, word_is_valid, CARD_KEY, FLUSH_BITS, SUIT_BASE,
};
use crate::error::{Error, Result};
use rayon::prelude::*;
use std::sync::{Arc, Mutex, OnceLock};

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
        let mut key = SUIT_BASE;
        let mut mask = 0u64;
        for &c in row {
            key = key.wrapping_add(CARD_KEY[c as usize]);
            mask |= 1u64 << (c & 63);
        }
        ok &= word_is_valid(key, mask, K);
        let flush_bits = key & FLUSH_BITS;
        *slot = if flush_bits != 0 {
            flush_value(row, flush_suit(flush_bits) as u8)
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

/// Evaluates rows of `K` cards sixteen at a time, one row per 32-bit lane:
/// a two-register byte permute brings card `p` of every row into its lane;
/// the rank sum comes from a 16-entry in-register table (`vpermd`), the
/// suit counters from variable shifts, the check (ids below 52, 64-bit card
/// masks of popcount K) from shifts and popcounts; the mixed keys then go
/// through the perfect hash by two gathers. Rows with a flush are redone by
/// the scalar flush lookup; rows left after the last full block take the
/// checked scalar loop.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vpopcntdq,popcnt,bmi1,bmi2,lzcnt")]
fn eval_rows_avx512<const K: usize>(data: &[u8], out: &mut [u32]) -> bool {
    use super::gen::{HASH_BITS, HASH_MIX, HASH_SHIFT, RANK_BASES};
    use super::high::{RANK_ROW_BASE, RANK_VALUES};
    use std::arch::x86_64::*;
    const { assert!(K >= 5 && K <= 7) };
    let blocks = (data.len() / K).min(out.len()) / 16;
    // For card position p, lane r's low byte takes byte K·r + p of the
    // block (indices 64.. read the second register).
    let mut index = [[0u8; 64]; K];
    for (p, idx) in index.iter_mut().enumerate() {
        for r in 0..16 {
            idx[4 * r] = (K * r + p) as u8;
        }
    }
    // SAFETY: every array read below is 64 readable bytes.
    let index: [__m512i; K] =
        std::array::from_fn(|p| unsafe { _mm512_loadu_si512(index[p].as_ptr().cast()) });
    let mut bases = [0u32; 16];
    bases[..13].copy_from_slice(&RANK_BASES);
    let bases = unsafe { _mm512_loadu_si512(bases.as_ptr().cast()) };
    let hi_bytes: u64 = (1u64 << (16 * K - 64)) - 1;
    let ones = _mm512_set1_epi32(1);
    let limit = _mm512_set1_epi8(52);
    let mut bad = 0u64;
    let mut suits_of = [0u32; 16];
    for (block, slots) in data
        .chunks_exact(16 * K)
        .zip(out.chunks_exact_mut(16))
        .take(blocks)
    {
        // SAFETY: the loads read the block's 16·K bytes and no more.
        let lo = unsafe { _mm512_loadu_si512(block.as_ptr().cast()) };
        let hi = unsafe { _mm512_maskz_loadu_epi8(hi_bytes, block[64..].as_ptr().cast()) };
        bad |= _mm512_cmpge_epu8_mask(lo, limit) | _mm512_cmpge_epu8_mask(hi, limit);
        let mut low_cards = _mm512_setzero_si512();
        let mut high_cards = _mm512_setzero_si512();
        let mut ranks = _mm512_setzero_si512();
        // the four suit counters of the hand word, in the low 16 bits of a lane
        let mut suits = _mm512_set1_epi32((SUIT_BASE >> 48) as i32);
        for idx in &index {
            let card = _mm512_maskz_permutex2var_epi8(0x1111_1111_1111_1111, lo, *idx, hi);
            // shifts of 32 or more give 0, so ids 0..31 and 32..63 split
            // between two masks; larger ids leave the count short
            low_cards = _mm512_or_si512(low_cards, _mm512_sllv_epi32(ones, card));
            let above = _mm512_sub_epi32(card, _mm512_set1_epi32(32));
            high_cards = _mm512_or_si512(high_cards, _mm512_sllv_epi32(ones, above));
            let rank = _mm512_srli_epi32::<2>(card);
            ranks = _mm512_add_epi32(ranks, _mm512_permutexvar_epi32(rank, bases));
            let suit = _mm512_and_si512(card, _mm512_set1_epi32(3));
            suits = _mm512_add_epi32(suits, _mm512_sllv_epi32(ones, _mm512_slli_epi32::<2>(suit)));
        }
        let count = _mm512_add_epi32(
            _mm512_popcnt_epi32(low_cards),
            _mm512_popcnt_epi32(high_cards),
        );
        bad |= _mm512_cmpneq_epi32_mask(count, _mm512_set1_epi32(K as i32)) as u64;
        let mixed = _mm512_and_si512(
            _mm512_mullo_epi32(ranks, _mm512_set1_epi32(HASH_MIX as i32)),
            _mm512_set1_epi32(((1u32 << HASH_BITS) - 1) as i32),
        );
        let row = _mm512_srli_epi32::<{ HASH_SHIFT }>(mixed);
        let column = _mm512_and_si512(mixed, _mm512_set1_epi32((1 << HASH_SHIFT) - 1));
        // SAFETY: rows are below 2^(HASH_BITS - HASH_SHIFT) = RANK_ROW_BASE's
        // length; a row base plus a column, read as 4 bytes at scale 2, stays
        // inside RANK_VALUES, padded for this (`tables_are_padded`).
        let row_base = unsafe { _mm512_i32gather_epi32::<4>(row, RANK_ROW_BASE.as_ptr().cast()) };
        let at = _mm512_add_epi32(row_base, column);
        let values = unsafe { _mm512_i32gather_epi32::<2>(at, RANK_VALUES.as_ptr().cast()) };
        let values = _mm512_and_si512(values, _mm512_set1_epi32(0xFFFF));
        // SAFETY: `slots` is 16 u32.
        unsafe { _mm512_storeu_si512(slots.as_mut_ptr().cast(), values) };
        let flush_bits = _mm512_set1_epi32((FLUSH_BITS >> 48) as i32);
        let mut flushes = _mm512_test_epi32_mask(suits, flush_bits);
        if flushes != 0 {
            // SAFETY: `suits_of` is 16 u32.
            unsafe { _mm512_storeu_si512(suits_of.as_mut_ptr().cast(), suits) };
            while flushes != 0 {
                let r = flushes.trailing_zeros() as usize;
                flushes &= flushes - 1;
                let suit = flush_suit((suits_of[r] as u64) << 48 & FLUSH_BITS);
                slots[r] = flush_value(&block[K * r..K * r + K], suit as u8) as u32;
            }
        }
    }
    let tail_ok = eval_rows::<K>(&data[blocks * 16 * K..], &mut out[blocks * 16..]);
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

/// The most threads a caller may ask for: the work is CPU-bound, so
/// threads past the CPU count add nothing; 256 covers the largest common
/// machines and is the same everywhere, so a call that runs on a laptop
/// runs on a server.
pub const MAX_THREADS: usize = 256;

/// Thread pools kept for reuse (most recently used first); an older one is
/// dropped, and its threads end once no call is using it.
const KEPT_POOLS: usize = 2;

/// A pool of `threads` threads (1..=MAX_THREADS), reused while it is among
/// the last [`KEPT_POOLS`] sizes asked for.
pub(crate) fn pool(threads: usize) -> Result<Arc<rayon::ThreadPool>> {
    type Kept = Vec<(usize, Arc<rayon::ThreadPool>)>;
    static POOLS: OnceLock<Mutex<Kept>> = OnceLock::new();
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(Error::Batch(format!(
            "threads must be 1..={MAX_THREADS}, got {threads}"
        )));
    }
    let pools = POOLS.get_or_init(|| Mutex::new(Vec::new()));
    let mut pools = pools.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(i) = pools.iter().position(|(t, _)| *t == threads) {
        let kept = pools.remove(i);
        let p = kept.1.clone();
        pools.insert(0, kept);
        return Ok(p);
    }
    let p = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Batch(format!("cannot start {threads} threads: {e}")))?;
    let p = Arc::new(p);
    pools.insert(0, (threads, p.clone()));
    pools.truncate(KEPT_POOLS);
    Ok(p)
}

/// Runs `f(first_row, slots)` over `out` in chunks of `chunk` rows: on the
/// calling thread for one thread or a small batch, else split over
/// `threads` (None: all cores; a pool of another size from [`pool`]).
/// Returns whether every call returned true.
pub(crate) fn par_rows(
    out: &mut [u32],
    threads: Option<usize>,
    chunk: usize,
    f: impl Fn(usize, &mut [u32]) -> bool + Sync,
) -> Result<bool> {
    let threads = match threads {
        Some(0) => return Err(Error::Batch("threads must be at least 1".into())),
        Some(t) => t,
        None => rayon::current_num_threads(),
    };
    if threads == 1 || out.len() < PARALLEL_MIN_ROWS {
        return Ok(f(0, out));
    }
    let mut work = || {
        out.par_chunks_mut(chunk)
            .enumerate()
            .map(|(i, slots)| f(i * chunk, slots))
            .reduce(|| true, |a, b| a & b)
    };
    if threads == rayon::current_num_threads() {
        Ok(work())
    } else {
        Ok(pool(threads)?.install(work))
    }
}

/// Copies `src` into `dst` (of the same length), split over `threads`
/// like a batch, so each thread copies the rows it would have written.
pub fn copy_rows(src: &[u32], dst: &mut [u32], threads: Option<usize>) -> Result<()> {
    if src.len() != dst.len() {
        return Err(Error::Batch(format!(
            "cannot copy {} values into {} slots",
            src.len(),
            dst.len()
        )));
    }
    par_rows(dst, threads, CHUNK_ROWS, |first, slots| {
        slots.copy_from_slice(&src[first..first + slots.len()]);
        true
    })?;
    Ok(())
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
    let ok = par_rows(out, threads, CHUNK_ROWS, |first, slots| {
        eval_chunk(&data[first * k..(first + slots.len()) * k], k, slots)
    })?;
    if ok {
        Ok(())
    } else {
        Err(first_bad_row(data, k))
    }
}

/// Evaluates a batch into a new vector (reserved fallibly: an
/// `Error::OutOfMemory` when it cannot be).
pub fn evaluate_batch(data: &[u8], k: usize, threads: Option<usize>) -> Result<Vec<u32>> {
    let mut out = crate::reserve::filled(data.len() / k.max(1), 0u32, "the batch's output")?;
    evaluate_batch_into(data, k, &mut out, threads)?;
    Ok(out)
}
