//! `hoyle._core._deal` and `_reseed_deals`: the shuffle of unseeded hands
//! (`Game.start(..., seed=None)`), one call instead of a Python loop.

use crate::deal::{deal_front, reseed};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// `count` distinct cards of `deck` (a tuple of card ids 0..=53), chosen
/// uniformly at random and in random order, from this thread's generator.
#[pyfunction]
#[pyo3(signature = (deck, count, /))]
pub fn _deal<'py>(deck: &Bound<'py, PyTuple>, count: usize) -> PyResult<Bound<'py, PyList>> {
    let mut cards = [0u8; 64];
    let n = deck.len();
    if n > cards.len() {
        return Err(PyValueError::new_err(format!(
            "a deck holds at most 64 cards, got {n}"
        )));
    }
    if count > n {
        return Err(PyValueError::new_err(format!(
            "cannot deal {count} cards from a deck of {n}"
        )));
    }
    for (slot, item) in cards.iter_mut().zip(deck.iter()) {
        let id: u8 = item.extract()?;
        if id > 53 {
            return Err(PyValueError::new_err(format!(
                "card ids are 0..=53, got {id}"
            )));
        }
        *slot = id;
    }
    let cards = &mut cards[..n];
    deal_front(cards, count);
    PyList::new(deck.py(), &cards[..count])
}

/// A fresh seed for this thread's generator (hoyle calls it in a child
/// process after `fork`).
#[pyfunction]
pub fn _reseed_deals() {
    reseed();
}
