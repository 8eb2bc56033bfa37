//! `hoyle._core._opens` and `_exposed_key`: the betting rules' hand
//! strengths ([`crate::strength`]) for `hoyle.Hand`. Cards are read and
//! checked (ids 0..=53, no duplicates) before the core counts them.

use super::cards::to_ids;
use crate::cards::check_distinct;
use crate::strength::{exposed_key, opens};
use pyo3::prelude::*;

/// The ids of `cards`, in range and distinct.
fn checked(cards: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let ids = to_ids(cards)?;
    check_distinct(&ids)?;
    Ok(ids)
}

/// Draw poker's opening requirement: jacks or better, or with `four_flush`
/// also four cards of one suit.
#[pyfunction]
#[pyo3(signature = (cards, four_flush, /))]
pub fn _opens(cards: &Bound<'_, PyAny>, four_flush: bool) -> PyResult<bool> {
    Ok(opens(&checked(cards)?, four_flush))
}

/// The strength of stud's exposed cards as one int: larger is better (for
/// a low game, `low`, the better low).
#[pyfunction]
#[pyo3(signature = (cards, low, /))]
pub fn _exposed_key(cards: &Bound<'_, PyAny>, low: bool) -> PyResult<u128> {
    Ok(exposed_key(&checked(cards)?, low))
}
