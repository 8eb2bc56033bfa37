//! `hoyle._core._opens` and `_exposed_key`: the betting rules' hand
//! strengths ([`crate::strength`]) for `hoyle.Hand`.

use crate::strength::{exposed_key, opens};
use pyo3::prelude::*;

/// Draw poker's opening requirement: jacks or better, or with `four_flush`
/// also four cards of one suit.
#[pyfunction]
#[pyo3(signature = (cards, four_flush, /))]
pub fn _opens(cards: Vec<u8>, four_flush: bool) -> bool {
    opens(&cards, four_flush)
}

/// The strength of stud's exposed cards as one int: larger is better (for
/// a low game, `low`, the better low).
#[pyfunction]
#[pyo3(signature = (cards, low, /))]
pub fn _exposed_key(cards: Vec<u8>, low: bool) -> u128 {
    exposed_key(&cards, low)
}
