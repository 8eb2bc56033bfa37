//! `hoyle._core._deal`, `_deal_and_seed`, `_reshuffle` and `_reseed_deals`:
//! every shuffle a hand makes, one call each, through [`crate::deal`]'s
//! single Fisher–Yates routine (seeded: CPython's Mersenne Twister, bit
//! for bit; unseeded: this thread's xoshiro).

use crate::deal::{deal_front, deal_unseeded, py_shuffle, reseed, Mt19937, PyRandom, Source};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList};

pyo3::import_exception!(hoyle.errors, GameError);

/// The largest deck `_deal` shuffles (hoyle's decks hold 52 or 53 cards).
const MAX_DECK: usize = 1024;

/// `value` as an int (anything with `__index__`, not a bool), or the
/// `TypeError` that names `what`.
fn int<'py>(what: &str, value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let whole = if value.is_instance_of::<PyBool>() {
        None
    } else {
        value
            .py()
            .import("operator")?
            .call_method1("index", (value,))
            .ok()
    };
    whole.ok_or_else(|| {
        let kind = value
            .get_type()
            .name()
            .map_or_else(|_| "object".to_string(), |n| n.to_string());
        PyTypeError::new_err(format!("{what} must be an int, got {kind}"))
    })
}

/// A count of cards `0..=MAX_DECK`, or the error that says so.
fn count(what: &str, value: &Bound<'_, PyAny>) -> PyResult<usize> {
    if value.is_exact_instance_of::<PyInt>() {
        if let Ok(n) = value.extract::<usize>() {
            if n <= MAX_DECK {
                return Ok(n); // every call hoyle makes
            }
        }
    }
    let whole = int(what, value)?;
    match whole.extract::<usize>() {
        Ok(n) if n <= MAX_DECK => Ok(n),
        _ => Err(GameError::new_err(format!(
            "{what} must be 0..{MAX_DECK}, got {whole}"
        ))),
    }
}

/// The generator `random.Random(seed)` would be, for an int `seed >= 0` of
/// any size (CPython keys on `abs(seed)`, so a negative seed would deal
/// what its magnitude deals: it is refused instead).
fn keyed(seed: &Bound<'_, PyAny>) -> PyResult<Mt19937> {
    if let Ok(small) = seed.extract::<u64>() {
        if !seed.is_instance_of::<PyBool>() {
            return Ok(Mt19937::from_magnitude_le(&small.to_le_bytes()));
        }
    }
    let magnitude = int("seed", seed)?;
    if magnitude.lt(0)? {
        return Err(GameError::new_err(format!(
            "seed must be an int >= 0, got {magnitude}"
        )));
    }
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
    size: &Bound<'_, PyAny>,
    count_: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<(usize, u32)> {
    let size = count("a deck's size", size)?;
    let count = count("the cards to deal", count_)?;
    if count > size {
        return Err(GameError::new_err(format!(
            "cannot deal {count} cards from a deck of {size}"
        )));
    }
    for (i, slot) in cards.iter_mut().enumerate().take(size) {
        *slot = i as u16;
    }
    let cards = &mut cards[..size];
    let word = match seed {
        None => deal_unseeded(cards, count),
        Some(seed) => {
            let mut src = PyRandom(keyed(seed)?);
            deal_front(cards, count, &mut src);
            src.word()
        }
    };
    Ok((count, word))
}

/// A uniformly random choice of `count` distinct numbers of `0..size`, in
/// random order (for a deck of `size` cards, the positions to deal): with
/// `seed`, exactly CPython's `random.Random(seed)` partial Fisher–Yates
/// (`j = i + int(random() * (size - i))`), else this thread's generator.
#[pyfunction]
#[pyo3(signature = (size, count, /, seed=None))]
pub fn _deal<'py>(
    py: Python<'py>,
    size: &Bound<'py, PyAny>,
    count: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let mut cards = [0u16; MAX_DECK];
    let (count, _) = deal(&mut cards, size, count, seed)?;
    PyList::new(py, &cards[..count])
}

/// `_deal`, and then 32 more bits from the same generator (CPython's
/// `getrandbits(32)` when seeded): the seed of a draw game's reshuffles.
#[pyfunction]
#[pyo3(signature = (size, count, /, seed=None))]
pub fn _deal_and_seed<'py>(
    py: Python<'py>,
    size: &Bound<'py, PyAny>,
    count: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyList>, u32)> {
    let mut cards = [0u16; MAX_DECK];
    let (count, word) = deal(&mut cards, size, count, seed)?;
    Ok((PyList::new(py, &cards[..count])?, word))
}

/// `cards` in the order `random.Random(seed).shuffle` leaves them.
#[pyfunction]
#[pyo3(signature = (cards, seed, /))]
pub fn _reshuffle<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    seed: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let mut items: Vec<Bound<'py, PyAny>> = Vec::new();
    for item in cards.try_iter()? {
        items.push(item?);
    }
    py_shuffle(&mut items, keyed(seed)?);
    PyList::new(py, items)
}

/// A fresh seed for this thread's generator (hoyle calls it in a child
/// process after `fork`).
#[pyfunction]
pub fn _reseed_deals() {
    reseed();
}
