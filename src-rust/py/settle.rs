//! `hoyle.settle`, `hoyle.Settlement` and `hoyle.Pot`: a thin layer over
//! `crate::settle`. Chips are ints (not bools), values ints or None; the
//! results are frozen and hand out tuples.

use crate::error::Error;
use crate::settle::{self as engine, Rake, SeatSet};
use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyInt, PyList, PyTuple};

fn seats<'py>(py: Python<'py>, set: SeatSet) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, set.iter().collect::<Vec<_>>())
}

fn seats_text(set: SeatSet) -> String {
    let names: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    format!(
        "({}{})",
        names.join(", "),
        if set.len() == 1 { "," } else { "" }
    )
}

fn chips_text(chips: &[u64]) -> String {
    let names: Vec<String> = chips.iter().map(u64::to_string).collect();
    format!(
        "({}{})",
        names.join(", "),
        if chips.len() == 1 { "," } else { "" }
    )
}

/// One pot, settled: `.amount` (rake included), `.rake`, `.eligible` (the
/// live seats that could win it), `.high_winners`, `.low_winners` (empty
/// when no eligible seat has a qualifying low), `.high_half`, `.low_half`
/// and `.shares` (the chips each seat receives from this pot).
#[pyclass(frozen, eq, module = "hoyle", name = "Pot")]
#[derive(PartialEq)]
pub struct Pot {
    inner: engine::Pot,
}

#[pymethods]
impl Pot {
    /// Chips in the pot, rake included.
    #[getter]
    fn amount(&self) -> u64 {
        self.inner.amount
    }

    /// Chips raked from this pot.
    #[getter]
    fn rake(&self) -> u64 {
        self.inner.rake
    }

    /// The live seats that may win this pot, in seat order.
    #[getter]
    fn eligible<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        seats(py, self.inner.eligible)
    }

    /// The seats with the best high hand among the eligible.
    #[getter]
    fn high_winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        seats(py, self.inner.high_winners)
    }

    /// The seats with the best qualifying low among the eligible; empty when
    /// there is none and the high hands take the whole pot.
    #[getter]
    fn low_winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        seats(py, self.inner.low_winners)
    }

    /// Chips of the high half (the whole pot, less rake, without a low).
    #[getter]
    fn high_half(&self) -> u64 {
        self.inner.high_half
    }

    /// Chips of the low half.
    #[getter]
    fn low_half(&self) -> u64 {
        self.inner.low_half
    }

    /// Chips each seat receives from this pot, one entry per seat.
    #[getter]
    fn shares<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.inner.shares)
    }

    fn __repr__(&self) -> String {
        let p = &self.inner;
        format!(
            "Pot(amount={}, rake={}, eligible={}, high_winners={}, low_winners={}, shares={})",
            p.amount,
            p.rake,
            seats_text(p.eligible),
            seats_text(p.high_winners),
            seats_text(p.low_winners),
            chips_text(&p.shares)
        )
    }
}

/// The outcome of a hand: `.payouts` (the chips each seat receives, refunds
/// included), `.refunds` (the uncalled bet returned), `.pots` (main pot
/// first), `.rake` (over all pots) and `.button`. `str()` explains it, one
/// line a pot.
#[pyclass(frozen, eq, module = "hoyle", name = "Settlement")]
#[derive(PartialEq)]
pub struct Settlement {
    inner: engine::Settlement,
}

#[pymethods]
impl Settlement {
    /// Chips each seat receives back, refunds included.
    #[getter]
    fn payouts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.inner.payouts)
    }

    /// The uncalled part of the largest bet, returned to its owner.
    #[getter]
    fn refunds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.inner.refunds)
    }

    /// The pots, main pot first, then the side pots.
    #[getter]
    fn pots<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let pots: Vec<Pot> = self
            .inner
            .pots
            .iter()
            .map(|p| Pot { inner: p.clone() })
            .collect();
        PyTuple::new(py, pots)
    }

    /// Chips raked over all pots.
    #[getter]
    fn rake(&self) -> u64 {
        self.inner.rake
    }

    /// The button, which decides who receives odd chips.
    #[getter]
    fn button(&self) -> usize {
        self.inner.button
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        let pots: Vec<String> = self
            .inner
            .pots
            .iter()
            .map(|p| Pot { inner: p.clone() }.__repr__())
            .collect();
        format!(
            "Settlement(payouts={}, refunds={}, rake={}, pots=({}{}))",
            chips_text(&self.inner.payouts),
            chips_text(&self.inner.refunds),
            self.inner.rake,
            pots.join(", "),
            if pots.len() == 1 { "," } else { "" }
        )
    }
}

fn type_name(item: &Bound<'_, PyAny>) -> String {
    item.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default()
}

/// Calls `f` on each item of a list, a tuple or any other iterable.
fn for_each<'py>(
    what: &str,
    obj: &Bound<'py, PyAny>,
    mut f: impl FnMut(usize, &Bound<'py, PyAny>) -> PyResult<()>,
) -> PyResult<()> {
    if let Ok(list) = obj.cast_exact::<PyList>() {
        for (i, item) in list.iter().enumerate() {
            f(i, &item)?;
        }
    } else if let Ok(tuple) = obj.cast_exact::<PyTuple>() {
        for (i, item) in tuple.iter_borrowed().enumerate() {
            f(i, &item)?;
        }
    } else {
        let iter = obj.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "{what} must be a sequence with one entry per seat, got {}",
                type_name(obj)
            ))
        })?;
        for (i, item) in iter.enumerate() {
            f(i, &item?)?;
        }
    }
    Ok(())
}

fn not_int(what: &str, seat: usize, item: &Bound<'_, PyAny>, allowed: &str) -> PyErr {
    PyTypeError::new_err(format!(
        "{what}[{seat}] must be {allowed}, got {}",
        type_name(item)
    ))
}

/// An int other than a bool (numpy integers included, via `__index__`).
fn is_int(item: &Bound<'_, PyAny>) -> PyResult<bool> {
    if item.is_exact_instance_of::<PyInt>() {
        return Ok(true);
    }
    if item.is_instance_of::<PyBool>() {
        return Ok(false);
    }
    Ok(item.is_instance_of::<PyInt>() || item.hasattr(intern!(item.py(), "__index__"))?)
}

fn chips(what: &str, item: &Bound<'_, PyAny>, seat: usize) -> PyResult<u64> {
    if !is_int(item)? {
        return Err(not_int(what, seat, item, "an int"));
    }
    if let Ok(v) = item.extract::<u64>() {
        return Ok(v);
    }
    let value = item.extract::<i128>().map(|v| v.to_string());
    match value {
        Ok(v) if v.starts_with('-') => Err(Error::NegativeChips { seat, value: v }.into()),
        _ if item.lt(0)? => Err(Error::NegativeChips {
            seat,
            value: item.str()?.to_string(),
        }
        .into()),
        _ => Err(Error::ChipOverflow.into()),
    }
}

/// One chip count per seat, from a list, a tuple or any other iterable.
fn chip_list(what: &str, obj: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    let mut out = Vec::with_capacity(9);
    for_each(what, obj, |i, item| {
        out.push(chips(what, item, i)?);
        Ok(())
    })?;
    Ok(out)
}

fn value(what: &'static str, item: &Bound<'_, PyAny>, seat: usize) -> PyResult<Option<i64>> {
    if item.is_none() {
        return Ok(None);
    }
    if !is_int(item)? {
        return Err(not_int(what, seat, item, "an int or None"));
    }
    item.extract::<i64>().map(Some).map_err(|_| {
        Error::ValueOutOfRange {
            what,
            seat,
            value: item.str().map(|s| s.to_string()).unwrap_or_default(),
        }
        .into()
    })
}

static RAKE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

fn rake_of(rake: &Bound<'_, PyAny>) -> PyResult<Rake> {
    let py = rake.py();
    let cls = RAKE.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
        Ok(py.import("hoyle.rake")?.getattr("Rake")?.unbind())
    })?;
    if !rake.is_instance(cls.bind(py))? {
        return Err(PyTypeError::new_err(format!(
            "rake must be a hoyle.Rake or None, got {}",
            type_name(rake)
        )));
    }
    let basis_points: u32 = rake.getattr(intern!(py, "basis_points"))?.extract()?;
    let cap: Option<u64> = rake.getattr(intern!(py, "cap"))?.extract()?;
    Ok(Rake::new(basis_points, cap)?)
}

/// Settles a hand: returns the uncalled bet, cuts the main and side pots
/// at the all-in levels and splits each pot alone (high and low halves,
/// ties, odd chips from the button's left, rake). `high[i]` is seat i's
/// high value, None if it folded or mucked; `low[i]` its qualifying low
/// value (larger is better), None without one. `dead[i]` is the part of
/// seat i's contribution that is dead money (antes): never refunded, all of
/// it in the main pot. See `hoyle.rake`.
///
/// >>> from hoyle import settle
/// >>> s = settle([70, 70, 40], [10, 20, 30], button=2)
/// >>> s.payouts, [pot.amount for pot in s.pots]
/// ((0, 60, 120), [120, 60])
#[pyfunction]
#[pyo3(signature = (contributions, high, low=None, *, button=0, rake=None, dead=None))]
pub fn settle(
    contributions: &Bound<'_, PyAny>,
    high: &Bound<'_, PyAny>,
    low: Option<&Bound<'_, PyAny>>,
    button: i64,
    rake: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
) -> PyResult<Settlement> {
    let c = chip_list("contributions", contributions)?;
    let mut h = Vec::with_capacity(c.len());
    for_each("high", high, |i, item| {
        h.push(value("high", item, i)?);
        Ok(())
    })?;
    let l = match low {
        None => None,
        Some(low) => {
            let mut l = Vec::with_capacity(c.len());
            for_each("low", low, |i, item| {
                l.push(value("low", item, i)?);
                Ok(())
            })?;
            Some(l)
        }
    };
    let d = dead.map(|dead| chip_list("dead", dead)).transpose()?;
    let rake = rake.map(rake_of).transpose()?;
    let seats = c.len();
    let button = usize::try_from(button).map_err(|_| Error::ButtonOutOfRange { button, seats })?;
    let inner = engine::settle_with_dead(&c, d.as_deref(), &h, l.as_deref(), button, rake)?;
    Ok(Settlement { inner })
}

/// Appends a list of card ids to `out`.
#[inline(always)]
fn card_ids(list: &Bound<'_, PyList>, out: &mut Vec<u8>) -> PyResult<()> {
    for item in list.iter() {
        out.push(item.extract()?);
    }
    Ok(())
}

/// The end of a natural-high hand in one call (the hot end of a hold'em
/// hand in `hoyle.Hand`): reads the arguments and runs
/// `crate::settle::showdown`. Returns `(stacks, high)`; `high` is what
/// `settle` would be given, so the `Settlement` itself can be made later
/// from it.
#[pyfunction]
#[pyo3(signature = (stacks, contributions, cards, board, folded, button, rake, dead, /))]
#[allow(clippy::too_many_arguments)]
pub fn _showdown<'py>(
    stacks: &Bound<'py, PyList>,
    contributions: &Bound<'py, PyAny>,
    cards: &Bound<'py, PyList>,
    board: &Bound<'py, PyList>,
    folded: &Bound<'py, PyList>,
    button: usize,
    rake: Option<&Bound<'py, PyAny>>,
    dead: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyList>)> {
    let py = stacks.py();
    let n = stacks.len();
    if cards.len() != n || folded.len() != n {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "stacks, cards and folded need one entry per seat, got {}, {} and {}",
            n,
            cards.len(),
            folded.len()
        )));
    }
    let contributions = chip_list("contributions", contributions)?;
    let dead = dead.map(|dead| chip_list("dead", dead)).transpose()?;
    if n > engine::MAX_SEATS {
        return Err(Error::TooManySeats { got: n }.into());
    }
    // The board, then each live seat's cards, one after another; `ends[s]`
    // is where seat s's cards end (FOLDED: none). Fixed buffers and one
    // pass: this is the hot end of every hold'em hand.
    const FOLDED: u32 = u32::MAX;
    let mut ends = [FOLDED; engine::MAX_SEATS];
    let mut held = Vec::with_capacity(5 + 2 * n);
    card_ids(board, &mut held)?;
    let shared = held.len();
    for ((own, folded), end) in cards.iter().zip(folded.iter()).zip(&mut ends) {
        if !folded.extract::<bool>()? {
            card_ids(own.cast::<PyList>()?, &mut held)?;
            *end = held.len() as u32;
        }
    }
    let mut hands: [Option<&[u8]>; engine::MAX_SEATS] = [None; engine::MAX_SEATS];
    let mut start = shared;
    for (hand, &end) in hands.iter_mut().zip(&ends[..n]) {
        if end != FOLDED {
            *hand = Some(&held[start..end as usize]);
            start = end as usize;
        }
    }
    let mut before = [0u64; engine::MAX_SEATS];
    for (item, stack) in stacks.iter().zip(&mut before) {
        *stack = item.extract::<u64>()?;
    }
    let table = engine::Table {
        stacks: &before[..n],
        contributions: &contributions,
        dead: dead.as_deref(),
        hands: &hands[..n],
        board: &held[..shared],
        button,
        rake: rake.map(rake_of).transpose()?,
    };
    let done = engine::showdown(&table)?;
    Ok((PyList::new(py, done.stacks)?, PyList::new(py, done.high)?))
}
