//! `hoyle.settle`, `hoyle.Settlement` and `hoyle.Pot`: a thin layer over
//! `crate::settle`. Chips are ints (not bools), values ints or None; the
//! results are frozen and hand out tuples.

use super::args::{int_arg, type_name};
use super::errors::{CardError, SettlementError};
use crate::error::Error;
use crate::settle::{self as engine, Rake, SeatSet};
use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple};

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

    /// Pickles as `hoyle._core._pot(...)` of its fields, which checks them.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let p = &self.inner;
        let state = (
            p.amount,
            p.rake,
            seats(py, p.eligible)?,
            seats(py, p.high_winners)?,
            seats(py, p.low_winners)?,
            p.high_half,
            p.low_half,
            PyTuple::new(py, &p.shares)?,
        );
        let restore = core_function(py, intern!(py, "_pot"))?;
        Ok((restore, state.into_pyobject(py)?))
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
/// included), `.refunds` (chips returned: the uncalled bet, and chips only
/// folded seats reached), `.pots` (main pot first), `.rake` (over all pots)
/// and `.button`. `str()` explains it, one line a pot.
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

    /// Chips returned to the seats that put them in: the uncalled part of
    /// the largest bet, and chips above the largest live stake, which only
    /// folded seats reached (docs/rules.md §8). Never dead chips (antes).
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

    /// Pickles as `hoyle._core._settlement(...)` of its fields, which
    /// checks them.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let s = &self.inner;
        let state = (
            PyTuple::new(py, &s.payouts)?,
            PyTuple::new(py, &s.refunds)?,
            self.pots(py)?,
            s.rake,
            s.button,
        );
        let restore = core_function(py, intern!(py, "_settlement"))?;
        Ok((restore, state.into_pyobject(py)?))
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

fn core_function<'py>(py: Python<'py>, name: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyAny>> {
    py.import(intern!(py, "hoyle._core"))?.getattr(name)
}

/// A `SettlementError` for pickled state that no settlement could make.
fn forged(what: &str, why: impl std::fmt::Display) -> PyErr {
    SettlementError::new_err(format!("cannot restore a {what} from this state: {why}"))
}

/// A chip count of pickled state.
fn state_chips(what: &str, field: &str, obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    match obj.extract::<u64>() {
        Ok(v) if !obj.is_instance_of::<PyBool>() => Ok(v),
        _ => Err(forged(
            what,
            format_args!(
                "{field} must be an int in 0..=2**64 - 1, got {}",
                obj.repr()?
            ),
        )),
    }
}

/// A set of seats of pickled state: increasing seats below `n`.
fn state_seats(what: &str, field: &str, obj: &Bound<'_, PyAny>, n: usize) -> PyResult<SeatSet> {
    let mut set = SeatSet::default();
    let mut last = None;
    let bad = || {
        forged(
            what,
            format_args!("{field} must be increasing seats below {n}"),
        )
    };
    for_each(field, obj, |_, item| {
        let seat = item.extract::<usize>().map_err(|_| bad())?;
        if seat >= n || last.is_some_and(|l| seat <= l) || item.is_instance_of::<PyBool>() {
            return Err(bad());
        }
        last = Some(seat);
        set.0 |= 1 << seat;
        Ok(())
    })?;
    Ok(set)
}

/// Remakes a pickled `Pot`, checking that its chips add up.
#[pyfunction]
#[pyo3(signature = (amount, rake, eligible, high_winners, low_winners, high_half, low_half, shares, /))]
#[allow(clippy::too_many_arguments)]
pub fn _pot(
    amount: &Bound<'_, PyAny>,
    rake: &Bound<'_, PyAny>,
    eligible: &Bound<'_, PyAny>,
    high_winners: &Bound<'_, PyAny>,
    low_winners: &Bound<'_, PyAny>,
    high_half: &Bound<'_, PyAny>,
    low_half: &Bound<'_, PyAny>,
    shares: &Bound<'_, PyAny>,
) -> PyResult<Pot> {
    const POT: &str = "Pot";
    let shares = chip_list("shares", shares)?;
    let n = shares.len();
    if n > engine::MAX_SEATS {
        return Err(Error::TooManySeats { got: n }.into());
    }
    let inner = engine::Pot {
        amount: state_chips(POT, "amount", amount)?,
        rake: state_chips(POT, "rake", rake)?,
        eligible: state_seats(POT, "eligible", eligible, n)?,
        high_winners: state_seats(POT, "high_winners", high_winners, n)?,
        low_winners: state_seats(POT, "low_winners", low_winners, n)?,
        high_half: state_chips(POT, "high_half", high_half)?,
        low_half: state_chips(POT, "low_half", low_half)?,
        shares,
    };
    let p = &inner;
    let halves = p.high_half.checked_add(p.low_half);
    let shared = p.shares.iter().try_fold(0u64, |sum, &s| sum.checked_add(s));
    if halves.and_then(|h| h.checked_add(p.rake)) != Some(p.amount) || shared != halves {
        return Err(forged(
            POT,
            "its rake, halves and shares do not add up to its amount",
        ));
    }
    let winners = SeatSet(p.high_winners.0 | p.low_winners.0);
    if p.eligible.is_empty() || p.high_winners.is_empty() || winners.0 & !p.eligible.0 != 0 {
        return Err(forged(POT, "its winners must be among its eligible seats"));
    }
    Ok(Pot { inner })
}

/// Remakes a pickled `Settlement`, checking that its chips add up.
#[pyfunction]
#[pyo3(signature = (payouts, refunds, pots, rake, button, /))]
pub fn _settlement(
    payouts: &Bound<'_, PyAny>,
    refunds: &Bound<'_, PyAny>,
    pots: &Bound<'_, PyAny>,
    rake: &Bound<'_, PyAny>,
    button: &Bound<'_, PyAny>,
) -> PyResult<Settlement> {
    const WHAT: &str = "Settlement";
    let payouts = chip_list("payouts", payouts)?;
    let refunds = chip_list("refunds", refunds)?;
    let n = payouts.len();
    let mut list = Vec::new();
    for_each("pots", pots, |_, pot| {
        let pot = pot
            .cast::<Pot>()
            .map_err(|_| forged(WHAT, "pots must be Pot objects"))?;
        list.push(pot.get().inner.clone());
        Ok(())
    })?;
    let rake = state_chips(WHAT, "rake", rake)?;
    let button = button_of(button, n)?;
    if n == 0 || refunds.len() != n || list.iter().any(|p| p.shares.len() != n) || button >= n {
        return Err(forged(
            WHAT,
            "every list needs one entry per seat, and the button a seat",
        ));
    }
    let raked = list.iter().try_fold(0u64, |sum, p| sum.checked_add(p.rake));
    let paid = (0..n).all(|seat| {
        list.iter()
            .try_fold(refunds[seat], |sum, p| sum.checked_add(p.shares[seat]))
            == Some(payouts[seat])
    });
    if raked != Some(rake) || !paid {
        return Err(forged(
            WHAT,
            "its payouts are not its refunds and pot shares, or its rake not its pots' rake",
        ));
    }
    let inner = engine::Settlement {
        payouts,
        refunds,
        pots: list,
        rake,
        button,
    };
    Ok(Settlement { inner })
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

/// A chip count: an int (numpy integers included, bools refused) in
/// 0..=MAX_CHIPS; anything else a `SettlementError` or `TypeError` naming
/// `what[seat]`.
fn chips(what: &'static str, item: &Bound<'_, PyAny>, seat: usize) -> PyResult<u64> {
    if let Ok(v) = item.extract::<u64>() {
        if !item.is_instance_of::<PyBool>() {
            return Ok(v);
        }
    }
    if !is_int(item)? {
        return Err(not_int(what, seat, item, "an int"));
    }
    let value = match int_arg(what, item)? {
        Ok(v) => v.to_string(),
        Err(text) => text,
    };
    if value.starts_with('-') {
        Err(Error::NegativeChips { what, seat, value }.into())
    } else {
        Err(Error::TooManyChips { what, seat, value }.into())
    }
}

/// One chip count per seat, from a list, a tuple or any other iterable.
fn chip_list(what: &'static str, obj: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
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
    let bad = |reason: String| PyErr::from(Error::BadRake { reason });
    let basis_points = rake.getattr(intern!(py, "basis_points"))?;
    let basis_points = match basis_points.extract::<u32>() {
        Ok(b) if !basis_points.is_instance_of::<PyBool>() => b,
        _ => {
            return Err(bad(format!(
                "basis_points must be an int in 0..=10000, got {}",
                basis_points.repr()?
            )))
        }
    };
    let cap = rake.getattr(intern!(py, "cap"))?;
    let cap = match cap.extract::<Option<u64>>() {
        Ok(c) if !cap.is_instance_of::<PyBool>() => c,
        _ => {
            return Err(bad(format!(
                "cap must be None or an int in 0..=2**64 - 1, got {}",
                cap.repr()?
            )))
        }
    };
    Ok(Rake::new(basis_points, cap)?)
}

/// Settles a hand: returns the uncalled bet (and chips that only folded
/// seats reached, which no live seat can win), cuts the main and side pots
/// at the all-in levels and splits each pot alone (high and low halves,
/// ties, odd chips from the button's left, rake). `high[i]` is seat i's
/// high value, None if it folded or mucked; `low[i]` its qualifying low
/// value (larger is better), None without one. `dead[i]` is the part of
/// seat i's contribution that is dead money (antes): never refunded, all of
/// it in the main pot, which every live seat contests. See `hoyle.rake`.
///
/// >>> from hoyle import settle
/// >>> s = settle([70, 70, 40], [10, 20, 30], button=2)
/// >>> s.payouts, [pot.amount for pot in s.pots]
/// ((0, 60, 120), [120, 60])
#[pyfunction]
#[pyo3(
    signature = (contributions, high, low=None, *, button=None, rake=None, dead=None),
    text_signature = "(contributions, high, low=None, *, button=0, rake=None, dead=None)"
)]
pub fn settle(
    contributions: &Bound<'_, PyAny>,
    high: &Bound<'_, PyAny>,
    low: Option<&Bound<'_, PyAny>>,
    button: Option<&Bound<'_, PyAny>>,
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
    let button = match button {
        Some(b) if !b.is_none() => button_of(b, c.len())?,
        _ => 0,
    };
    let inner = engine::settle_with_dead(&c, d.as_deref(), &h, l.as_deref(), button, rake)?;
    Ok(Settlement { inner })
}

/// The button: a non-negative int (the core checks it names a seat); a
/// negative one, or one too large for any machine type, is a
/// `SettlementError`.
fn button_of(button: &Bound<'_, PyAny>, seats: usize) -> PyResult<usize> {
    let text = match int_arg("button", button)? {
        Ok(b) => match usize::try_from(b) {
            Ok(b) => return Ok(b),
            _ => b.to_string(),
        },
        Err(text) => text,
    };
    Err(Error::ButtonOutOfRange {
        button: text,
        seats,
    }
    .into())
}

/// Appends a list of card ids to `out`.
#[inline(always)]
fn card_ids(list: &Bound<'_, PyList>, out: &mut Vec<u8>) -> PyResult<()> {
    for item in list.iter() {
        match item.extract::<u8>() {
            Ok(id) => out.push(id),
            Err(_) => out.push(id_of(&item)?),
        }
    }
    Ok(())
}

/// A card id that did not read as a `u8`: a `CardError` (a `TypeError`
/// for a non-int).
#[cold]
fn id_of(item: &Bound<'_, PyAny>) -> PyResult<u8> {
    let text = match int_arg("a card id", item)? {
        Ok(v) => v.to_string(),
        Err(text) => text,
    };
    Err(CardError::new_err(format!(
        "card id {text} is out of range: ids are 0..=51 (2c = 0 ... As = 51), and 52, 53 for jokers"
    )))
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
    button: &Bound<'py, PyAny>,
    rake: Option<&Bound<'py, PyAny>>,
    dead: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyList>)> {
    let py = stacks.py();
    let n = stacks.len();
    for (what, got) in [("cards", cards.len()), ("folded", folded.len())] {
        if got != n {
            return Err(SettlementError::new_err(format!(
                "{what} has {got} entries but stacks has {n}: give one entry per seat"
            )));
        }
    }
    let button = button_of(button, n)?;
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
    for (seat, (item, stack)) in stacks.iter().zip(&mut before).enumerate() {
        *stack = chips("stacks", &item, seat)?;
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
