//! `hoyle._core._deal` and `_reseed_deals`: the shuffle of unseeded hands
//! (`Game.start(..., seed=None)`), one call instead of a Python loop.

use crate::deal::{deal_front, reseed};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// The largest deck `_deal` shuffles (hoyle's decks hold 52 or 53 cards).
const MAX_DECK: usize = 1024;

/// A uniformly random choice of `count` distinct numbers of `0..size`, in
/// random order, from this thread's generator (for a deck of `size` cards,
/// the positions to deal).
#[pyfunction]
#[pyo3(signature = (size, count, /))]
pub fn _deal(py: Python<'_>, size: usize, count: usize) -> PyResult<Bound<'_, PyList>> {
    if size > MAX_DECK {
        return Err(PyValueError::new_err(format!(
            "a deck holds at most {MAX_DECK} cards, got {size}"
        )));
    }
    if count > size {
        return Err(PyValueError::new_err(format!(
            "cannot deal {count} cards from a deck of {size}"
        )));
    }
    let mut cards = [0u16; MAX_DECK];
    for (i, slot) in cards.iter_mut().enumerate().take(size) {
        *slot = i as u16;
    }
    let cards = &mut cards[..size];
    deal_front(cards, count);
    PyList::new(py, &cards[..count])
}

/// A fresh seed for this thread's generator (hoyle calls it in a child
/// process after `fork`).
#[pyfunction]
pub fn _reseed_deals() {
    reseed();
}
