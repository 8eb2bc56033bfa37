//! The entry points of `hoyle.tournament`: ICM (`icm.rs`) and the all-in
//! table of push/fold (`allin.rs`). ICM takes floats in (Python has
//! checked and converted the stacks and payouts), floats out, the
//! interpreter released while the core works.

use crate::icm::{
    dp_subsets, icm_dp, icm_monte, ICM_DP_LIMIT, ICM_MAX_PLAYERS, ICM_MONTE_MAX_PLAYERS,
    ICM_SAMPLES_LIMIT, ICM_SHARD_SAMPLES,
};
use pyo3::prelude::*;

/// Adds the limits, so that Python restates none of them: `ICM_MAX_PLAYERS`
/// (64, the exact DP), `ICM_MONTE_MAX_PLAYERS`, `ICM_DP_LIMIT` (sets of
/// placed players the DP may visit), `ICM_SAMPLES_LIMIT`,
/// `ICM_SHARD_SAMPLES` (part of what a seed means).
pub fn add_limits(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ICM_MAX_PLAYERS", ICM_MAX_PLAYERS)?;
    m.add("ICM_MONTE_MAX_PLAYERS", ICM_MONTE_MAX_PLAYERS)?;
    m.add("ICM_DP_LIMIT", ICM_DP_LIMIT)?;
    m.add("ICM_SAMPLES_LIMIT", ICM_SAMPLES_LIMIT)?;
    m.add("ICM_SHARD_SAMPLES", ICM_SHARD_SAMPLES)?;
    Ok(())
}

/// How many sets of placed players the exact DP visits (saturating).
#[pyfunction]
pub fn _icm_subsets(players: usize, paid: usize) -> u64 {
    dp_subsets(players, paid)
}

/// Every player's prize equity by the exact DP, in floats; the interpreter
/// released only for work that is worth it (releasing it costs more than a
/// small field's whole DP).
#[pyfunction]
pub fn _icm_dp(py: Python<'_>, stacks: Vec<f64>, payouts: Vec<f64>) -> PyResult<Vec<f64>> {
    let work = dp_subsets(stacks.len(), payouts.len()).saturating_mul(stacks.len() as u64);
    if work < 20_000 {
        return Ok(icm_dp(&stacks, &payouts)?);
    }
    Ok(py.detach(|| icm_dp(&stacks, &payouts))?)
}

/// `(means, standard errors)` of every player's prize from `samples`
/// sampled finishing orders.
#[pyfunction]
pub fn _icm_monte(
    py: Python<'_>,
    stacks: Vec<f64>,
    payouts: Vec<f64>,
    samples: u64,
    seed: u64,
) -> PyResult<(Vec<f64>, Vec<f64>)> {
    let r = py.detach(|| icm_monte(&stacks, &payouts, samples, seed))?;
    Ok((r.mean, r.standard_error))
}

/// `[wins, wins, ties]` of each heads-up preflop matchup (`[a1, a2, b1,
/// b2]` card ids), exact, over the rayon pool.
#[pyfunction]
pub fn _allin_counts(py: Python<'_>, matchups: Vec<[u8; 4]>) -> PyResult<Vec<[u32; 3]>> {
    Ok(py.detach(|| crate::allin::allin_counts(&matchups))?)
}
