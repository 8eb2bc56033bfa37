//! `hoyle._core._deal_rows`, the core of `hoyle.deal`: random rows of
//! distinct cards into a new `uint8` array, made without the interpreter
//! (see [`crate::rows`]).

use super::args::threads_of;
use crate::error::Error;
use crate::rows::{deal_rows, Deck};
use numpy::{PyArray2, PyArrayMethods};
use pyo3::prelude::*;

/// The most card ids one call makes (4 GiB of rows).
pub const MAX_DEAL_BYTES: u64 = 1 << 32;

/// `n` rows of `cards` distinct card ids, uniformly at random from the
/// 52-card deck less `dead` (a mask of ids below 52), as an `(n, cards)`
/// `uint8` array; block `b` of `BLOCK_ROWS` rows is seeded from
/// `(seed, b)`, so the rows are the same with any `threads` (None: all
/// cores; 1: the calling thread alone).
#[pyfunction]
#[pyo3(signature = (n, cards, seed, dead, threads=None))]
pub fn _deal_rows<'py>(
    py: Python<'py>,
    n: u64,
    cards: u64,
    seed: u64,
    dead: u64,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let threads = threads_of(threads)?;
    let bad = |m: String| -> PyErr { Error::Batch(m).into() };
    if dead >> 52 != 0 {
        return Err(bad(format!("dead card mask {dead:#x} names ids past 51")));
    }
    let deck = Deck::new(dead);
    if cards == 0 || cards > deck.len() as u64 {
        return Err(bad(format!(
            "cards must be 1..={} (the live deck), got {cards}",
            deck.len()
        )));
    }
    match n.checked_mul(cards) {
        Some(b) if b <= MAX_DEAL_BYTES => {}
        _ => {
            return Err(bad(format!(
                "{n} rows of {cards} cards pass the limit of {MAX_DEAL_BYTES} card ids a call"
            )))
        }
    }
    let (n, k) = (n as usize, cards as usize);
    // Safety: every element is written by `deal_rows` before Python sees it.
    let arr = unsafe { PyArray2::<u8>::new(py, [n, k], false) };
    // Safety: the array is new, C-contiguous and not shared yet.
    let out = unsafe { arr.as_slice_mut() }.map_err(|e| bad(e.to_string()))?;
    let job = |out: &mut [u8]| match threads {
        Some(1) => {
            deal_rows(&deck, k, seed, out, false);
            Ok(())
        }
        None => {
            deal_rows(&deck, k, seed, out, true);
            Ok(())
        }
        Some(t) => {
            crate::eval::batch::pool(t).map(|p| p.install(|| deal_rows(&deck, k, seed, out, true)))
        }
    };
    py.detach(|| job(out)).map_err(|e| bad(e.to_string()))?;
    Ok(arr)
}
