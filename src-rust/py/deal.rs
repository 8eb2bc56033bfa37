//! `hoyle._core._deal`, `_deal_and_seed`, `_reshuffle` and `_reseed_deals`:
//! every shuffle a hand makes, one call each, through [`crate::deal`]'s
//! single Fisher–Yates routine (seeded: CPython's Mersenne Twister, bit
//! for bit; unseeded: this thread's xoshiro).

use crate::deal::{deal_front, deal_unseeded, py_shuffle, reseed, Mt19937, PyRandom, Source};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// The largest deck `_deal` shuffles (hoyle's decks hold 52 or 53 cards).
const MAX_DECK: usize = 1024;

/// The generator `random.Random(seed)` would be, for an int `seed` of any size.
fn keyed(seed: &Bound<'_, PyAny>) -> PyResult<Mt19937> {
    if let Ok(small) = seed.extract::<i64>() {
        return Ok(Mt19937::from_seed(small));
    }
    let whole = seed
        .py()
        .import("operator")?
        .call_method1("index", (seed,))?;
    let magnitude = whole.call_method0("__abs__")?;
    let bits: usize = magnitude.call_method0("bit_length")?.extract()?;
    let bytes: Vec<u8> = magnitude
        .call_method1("to_bytes", (bits.div_ceil(8), "little"))?
        .extract()?;
    Ok(Mt19937::from_magnitude_le(&bytes))
}

/// Deals `count` of the positions `0..size` to the front of `cards` (on
/// the stack: no allocation) and draws a further 32-bit word.
fn deal(
    cards: &mut [u16; MAX_DECK],
    size: usize,
    count: usize,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<u32> {
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
    for (i, slot) in cards.iter_mut().enumerate().take(size) {
        *slot = i as u16;
    }
    let cards = &mut cards[..size];
    Ok(match seed {
        None => deal_unseeded(cards, count),
        Some(seed) => {
            let mut src = PyRandom(keyed(seed)?);
            deal_front(cards, count, &mut src);
            src.word()
        }
    })
}

/// A uniformly random choice of `count` distinct numbers of `0..size`, in
/// random order (for a deck of `size` cards, the positions to deal): with
/// `seed`, exactly CPython's `random.Random(seed)` partial Fisher–Yates
/// (`j = i + int(random() * (size - i))`), else this thread's generator.
#[pyfunction]
#[pyo3(signature = (size, count, /, seed=None))]
pub fn _deal<'py>(
    py: Python<'py>,
    size: usize,
    count: usize,
    seed: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let mut cards = [0u16; MAX_DECK];
    deal(&mut cards, size, count, seed)?;
    PyList::new(py, &cards[..count])
}

/// `_deal`, and then 32 more bits from the same generator (CPython's
/// `getrandbits(32)` when seeded): the seed of a draw game's reshuffles.
#[pyfunction]
#[pyo3(signature = (size, count, /, seed=None))]
pub fn _deal_and_seed<'py>(
    py: Python<'py>,
    size: usize,
    count: usize,
    seed: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyList>, u32)> {
    let mut cards = [0u16; MAX_DECK];
    let word = deal(&mut cards, size, count, seed)?;
    Ok((PyList::new(py, &cards[..count])?, word))
}

/// `cards` in the order `random.Random(seed).shuffle` leaves them.
#[pyfunction]
#[pyo3(signature = (cards, seed, /))]
pub fn _reshuffle<'py>(
    py: Python<'py>,
    mut cards: Vec<i64>,
    seed: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    py_shuffle(&mut cards, keyed(seed)?);
    PyList::new(py, cards)
}

/// A fresh seed for this thread's generator (hoyle calls it in a child
/// process after `fork`).
#[pyfunction]
pub fn _reseed_deals() {
    reseed();
}
