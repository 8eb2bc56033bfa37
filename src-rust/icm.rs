//! Malmuth–Harville prize equity (the independent chip model): players
//! finish in an order drawn place by place, the next place going to one of
//! those left with probability proportional to its stack.
//!
//! [`icm_dp`] is exact (in `f64`) by dynamic programming over the set of
//! players already placed: the probability that the first `m` places went
//! to exactly the set `A` (in any order) feeds, for every player `i` not in
//! `A`, the probability that `i` takes place `m + 1`, `s_i / (S − Σ_A s)`.
//! Only sets smaller than the number of paid places are visited,
//! `Σ_{m<k} C(n, m)` of them ([`dp_subsets`]), each in `O(n)`; a level's
//! sets are kept in colexicographic order (Gosper's walk of the `u64`
//! masks of `m` bits), indexed by their combinatorial rank. Python's exact
//! `Fraction`s follow the same recurrence (`hoyle/tournament/_icm.py`).
//!
//! [`icm_monte`] samples finishing orders exactly by the exponential race:
//! player `i` draws `E_i / s_i` with `E_i ~ Exp(1)`; sorting the draws
//! gives the Plackett–Luce order (the smallest wins with probability
//! `s_i / S`, and by memorylessness the rest race again). Samples come in
//! shards of [`ICM_SHARD_SAMPLES`], each seeded from `(seed, shard)` and
//! added in shard order, so a seed gives the same estimate on any number
//! of threads.

use crate::equity::rng::{SplitMix64, Xoshiro256pp};
use crate::error::{Error, Result};
use crate::reserve;
use rayon::prelude::*;

/// The most players the exact DP takes (a set of players is a `u64` mask).
pub const ICM_MAX_PLAYERS: usize = 64;
/// The most players the Monte Carlo takes.
pub const ICM_MONTE_MAX_PLAYERS: usize = 100_000;
/// The most sets of placed players the exact DP visits (work about this
/// times the players, memory two levels of `f64`s).
pub const ICM_DP_LIMIT: u64 = 1 << 22;
/// Samples per Monte Carlo shard (part of what a seed means).
pub const ICM_SHARD_SAMPLES: u64 = 1 << 14;
/// The most Monte Carlo samples of one call.
pub const ICM_SAMPLES_LIMIT: u64 = 1 << 34;

fn refuse(reason: String) -> Error {
    Error::Tournament(reason)
}

/// Pascal's triangle to 64, saturating at `u64::MAX`: `BINOMIAL[n][m] = C(n, m)`.
static BINOMIAL: [[u64; 65]; 65] = pascal();

const fn pascal() -> [[u64; 65]; 65] {
    let mut t = [[0u64; 65]; 65];
    let mut n = 0;
    while n <= 64 {
        t[n][0] = 1;
        let mut m = 1;
        while m <= n {
            t[n][m] = t[n - 1][m - 1].saturating_add(t[n - 1][m]);
            m += 1;
        }
        n += 1;
    }
    t
}

/// `C(n, m)`, saturating at `u64::MAX`; 0 past `n`.
fn binomial(n: usize, m: usize) -> u64 {
    if m > n {
        return 0;
    }
    if n <= 64 {
        return BINOMIAL[n][m];
    }
    // C(n, j + 1) = C(n, j) (n - j) / (j + 1), exact at each step; stop
    // once past u64 (the count only grows until m = n / 2).
    let mut c: u128 = 1;
    for j in 0..m.min(n - m) {
        c = c * (n - j) as u128 / (j + 1) as u128;
        if c > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    c as u64
}

/// How many sets of placed players the exact DP visits for `players`
/// players and `paid` places: `Σ_{m < paid} C(players, m)` (saturating).
pub fn dp_subsets(players: usize, paid: usize) -> u64 {
    (0..paid.min(players)).fold(0u64, |t, m| t.saturating_add(binomial(players, m)))
}

/// The checks both methods share: sizes, positive finite stacks, finite
/// non-negative payouts.
fn check(stacks: &[f64], payouts: &[f64], max_players: usize) -> Result<()> {
    if stacks.is_empty() || stacks.len() > max_players {
        return Err(refuse(format!(
            "icm of {} players: give between 1 and {max_players} stacks",
            stacks.len()
        )));
    }
    if payouts.len() > stacks.len() {
        return Err(refuse(format!(
            "{} payouts for {} players: give at most one payout per player",
            payouts.len(),
            stacks.len()
        )));
    }
    if let Some((i, s)) = stacks
        .iter()
        .enumerate()
        .find(|(_, s)| !(s.is_finite() && **s > 0.0))
    {
        return Err(refuse(format!(
            "stacks[{i}] is {s}: every stack must be positive and finite"
        )));
    }
    if let Some((i, p)) = payouts
        .iter()
        .enumerate()
        .find(|(_, p)| !(p.is_finite() && **p >= 0.0))
    {
        return Err(refuse(format!(
            "payouts[{i}] is {p}: every payout must be non-negative and finite"
        )));
    }
    Ok(())
}

/// The combinatorial (colex) rank of a mask among the masks of its size.
#[inline]
fn rank(mut mask: u64, binom: &[[u64; 65]; 65]) -> usize {
    let mut r = 0u64;
    let mut j = 1;
    while mask != 0 {
        let c = mask.trailing_zeros() as usize;
        r += binom[c][j];
        j += 1;
        mask &= mask - 1;
    }
    r as usize
}

/// The next mask with as many bits (Gosper's hack); `None` past `n` bits.
#[inline]
fn next_mask(v: u64, n: usize) -> Option<u64> {
    let t = v | (v - 1);
    let w = (t.checked_add(1)?) | (((!t & t.wrapping_add(1)) - 1) >> (v.trailing_zeros() + 1));
    (n == 64 || w >> n == 0).then_some(w)
}

/// Each player's prize equity, exactly (up to `f64` rounding), by the DP
/// over placed sets. Errors: the checks of the arguments, more than
/// [`ICM_DP_LIMIT`] sets, or no memory for a level.
pub fn icm_dp(stacks: &[f64], payouts: &[f64]) -> Result<Vec<f64>> {
    check(stacks, payouts, ICM_MAX_PLAYERS)?;
    let n = stacks.len();
    let k = payouts.len();
    let sets = dp_subsets(n, k);
    if sets > ICM_DP_LIMIT {
        return Err(refuse(format!(
            "exact icm of {n} players with {k} paid visits {sets} sets of placed players, \
             more than the limit {ICM_DP_LIMIT}: use the Monte Carlo (exact=False)"
        )));
    }
    let binom = &BINOMIAL;
    let full: u64 = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut equity = vec![0.0f64; n];
    let mut level = vec![1.0f64];
    let mut outside = vec![0.0f64; n];
    for (m, &pay) in payouts.iter().enumerate() {
        let last = m + 1 == k;
        let size = if last { 0 } else { binom[n][m + 1] as usize };
        let mut next = reserve::filled(size, 0.0f64, "an icm level")?;
        outside.iter_mut().for_each(|o| *o = 0.0);
        let mut mask: u64 = if m == 0 { 0 } else { (1u64 << m) - 1 };
        let mut index = 0usize;
        loop {
            // the stacks left, summed from them rather than as the total
            // less those placed (no cancellation when few chips are left)
            let mut rest = 0.0;
            let mut bits = !mask & full;
            while bits != 0 {
                rest += stacks[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            let q = level[index] / rest;
            for i in (0..n).filter(|&i| mask >> i & 1 == 0) {
                outside[i] += q;
                if !last {
                    next[rank(mask | 1 << i, binom)] += q * stacks[i];
                }
            }
            index += 1;
            match if m == 0 { None } else { next_mask(mask, n) } {
                Some(w) => mask = w,
                None => break,
            }
        }
        for i in 0..n {
            // the chance first (at most 1), then the prize: no overflow
            // for prizes near f64's largest
            equity[i] += pay * (stacks[i] * outside[i]);
        }
        level = next;
    }
    Ok(equity)
}

/// A Monte Carlo estimate: each player's mean prize and its standard error.
#[derive(Debug, Clone, PartialEq)]
pub struct MonteIcm {
    pub mean: Vec<f64>,
    pub standard_error: Vec<f64>,
    pub samples: u64,
}

/// One shard: sums and sums of squares of each player's prize.
fn shard(stacks: &[f64], payouts: &[f64], samples: u64, seed: u64) -> (Vec<f64>, Vec<f64>) {
    let n = stacks.len();
    let k = payouts.len();
    let mut rng = Xoshiro256pp::seed(SplitMix64(seed).next_u64());
    let mut sum = vec![0.0f64; n];
    let mut squares = vec![0.0f64; n];
    let mut race: Vec<(f64, u32)> = Vec::with_capacity(n);
    for _ in 0..samples {
        race.clear();
        for (i, &s) in stacks.iter().enumerate() {
            // u in (0, 1]: 53 random bits, never 0, so the log is finite.
            let u = ((rng.next_u64() >> 11) + 1) as f64 * (1.0 / (1u64 << 53) as f64);
            race.push((-u.ln() / s, i as u32));
        }
        if k < n {
            race.select_nth_unstable_by(k, |a, b| a.0.total_cmp(&b.0));
        }
        let placed = &mut race[..k];
        placed.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
        for (&(_, i), &pay) in placed.iter().zip(payouts) {
            sum[i as usize] += pay;
            squares[i as usize] += pay * pay;
        }
    }
    (sum, squares)
}

/// Each player's prize equity by `samples` sampled finishing orders, with
/// its standard error; the same for a seed on any number of threads.
pub fn icm_monte(stacks: &[f64], payouts: &[f64], samples: u64, seed: u64) -> Result<MonteIcm> {
    check(stacks, payouts, ICM_MONTE_MAX_PLAYERS)?;
    if !(2..=ICM_SAMPLES_LIMIT).contains(&samples) {
        return Err(refuse(format!(
            "{samples} samples: give between 2 and {ICM_SAMPLES_LIMIT}"
        )));
    }
    let n = stacks.len();
    let shards = samples.div_ceil(ICM_SHARD_SAMPLES);
    let parts: Vec<(Vec<f64>, Vec<f64>)> = (0..shards)
        .into_par_iter()
        .map(|s| {
            let count = ICM_SHARD_SAMPLES.min(samples - s * ICM_SHARD_SAMPLES);
            let key = seed ^ s.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17);
            shard(stacks, payouts, count, key)
        })
        .collect();
    let mut sum = vec![0.0f64; n];
    let mut squares = vec![0.0f64; n];
    for (s, q) in &parts {
        for i in 0..n {
            sum[i] += s[i];
            squares[i] += q[i];
        }
    }
    let count = samples as f64;
    let mean: Vec<f64> = sum.iter().map(|s| s / count).collect();
    let standard_error = (0..n)
        .map(|i| {
            let var = ((squares[i] - count * mean[i] * mean[i]) / (count - 1.0)).max(0.0);
            (var / count).sqrt()
        })
        .collect();
    Ok(MonteIcm {
        mean,
        standard_error,
        samples,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every finishing order, weighted by its Malmuth–Harville probability.
    fn brute(stacks: &[f64], payouts: &[f64]) -> Vec<f64> {
        fn walk(
            stacks: &[f64],
            payouts: &[f64],
            left: &mut Vec<usize>,
            p: f64,
            place: usize,
            out: &mut [f64],
        ) {
            if place == payouts.len() {
                return;
            }
            let rest: f64 = left.iter().map(|&i| stacks[i]).sum();
            for j in 0..left.len() {
                let i = left.remove(j);
                let pi = p * stacks[i] / rest;
                out[i] += pi * payouts[place];
                walk(stacks, payouts, left, pi, place + 1, out);
                left.insert(j, i);
            }
        }
        let mut out = vec![0.0; stacks.len()];
        let mut left: Vec<usize> = (0..stacks.len()).collect();
        walk(stacks, payouts, &mut left, 1.0, 0, &mut out);
        out
    }

    #[test]
    fn the_dp_is_every_finishing_order() {
        let mut rng = Xoshiro256pp::seed(7);
        for n in 1..=7 {
            for k in 0..=n {
                let stacks: Vec<f64> = (0..n).map(|_| 1.0 + rng.below(1000) as f64).collect();
                let payouts: Vec<f64> = (0..k).map(|_| rng.below(100) as f64).collect();
                let dp = icm_dp(&stacks, &payouts).unwrap();
                let b = brute(&stacks, &payouts);
                for (x, y) in dp.iter().zip(&b) {
                    assert!((x - y).abs() < 1e-9 * (1.0 + y.abs()), "{dp:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn huge_prizes_and_stacks_stay_finite() {
        let e = icm_dp(&[2.0, 1.0 / 3.0, 1e30], &[1.25e5, 1e300]).unwrap();
        assert!(e.iter().all(|x| x.is_finite()), "{e:?}");
        assert!((e.iter().sum::<f64>() / (1e300 + 1.25e5) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn a_tiny_stack_keeps_the_sum() {
        let e = icm_dp(&[10.0, 20.0, 1e-11], &[50.0, 30.0, 20.0]).unwrap();
        assert!((e.iter().sum::<f64>() - 100.0).abs() < 1e-9, "{e:?}");
        assert!((e[2] - 20.0).abs() < 1e-6);
    }

    #[test]
    fn the_worked_example() {
        let e = icm_dp(&[50.0, 30.0, 20.0], &[70.0, 30.0]).unwrap();
        let want = [1265.0 / 28.0, 129.0 / 4.0, 158.0 / 7.0];
        for (x, y) in e.iter().zip(want) {
            assert!((x - y).abs() < 1e-12);
        }
    }

    #[test]
    fn the_monte_carlo_is_near_and_seeded() {
        let stacks = [50.0, 30.0, 20.0, 10.0];
        let payouts = [50.0, 30.0, 20.0];
        let exact = icm_dp(&stacks, &payouts).unwrap();
        let a = icm_monte(&stacks, &payouts, 100_000, 3).unwrap();
        assert_eq!(a, icm_monte(&stacks, &payouts, 100_000, 3).unwrap());
        for ((m, e), se) in a.mean.iter().zip(&exact).zip(&a.standard_error) {
            assert!((m - e).abs() < 4.0 * se);
        }
        let total: f64 = a.mean.iter().sum();
        assert!((total - 100.0).abs() < 1e-9);
    }

    #[test]
    fn bad_arguments_are_refused() {
        assert!(icm_dp(&[], &[]).is_err());
        assert!(icm_dp(&[1.0], &[1.0, 2.0]).is_err());
        assert!(icm_dp(&[0.0, 1.0], &[1.0]).is_err());
        assert!(icm_dp(&[1.0, f64::NAN], &[1.0]).is_err());
        assert!(icm_dp(&[1.0, 1.0], &[-1.0]).is_err());
        assert!(icm_dp(&vec![1.0; 40], &[1.0; 40]).is_err());
        assert!(icm_monte(&[1.0, 2.0], &[1.0], 1, 0).is_err());
        assert_eq!(dp_subsets(20, 3), 1 + 20 + 190);
        assert_eq!(dp_subsets(200, 3), 1 + 200 + 19_900);
        assert_eq!(dp_subsets(100_000, 50_000), u64::MAX);
        assert_eq!(binomial(70, 3), 54_740);
    }
}
