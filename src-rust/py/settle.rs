//! `hoyle.settle`, `hoyle.Settlement` and `hoyle.Pot`: a thin layer over
//! `crate::settle`. Chips are ints (not bools), values ints or None; the
//! results are frozen and hand out tuples.

use super::args::{button_arg, card_id_list, chip_list, chips, for_each, hand_values, rake_arg};
use super::display;
use crate::error::Error;
use crate::settle::{self as engine, PotSeats, SeatSet};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList, PyString, PyTuple};

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

    /// This settlement less `chips` of a room's rake (`_ending.room_raked`),
    /// or None when `chips` is 0 or more than the pots hold less their rake.
    fn _room_raked(&self, chips: u64) -> Option<Settlement> {
        self.inner
            .room_raked(chips)
            .map(|inner| Settlement { inner })
    }

    /// Chips the pots hold, rake included (`hoyle.history.SiteRake.take`).
    #[getter]
    fn _held(&self) -> u64 {
        self.inner.held()
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

    /// HTML for Jupyter: the pots (chips, rake, eligible seats, winners) and each seat's payout.
    fn _repr_html_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        display::show(slf.as_any(), "settlement_html")
    }

    /// The settlement for the rich library: the same two tables.
    fn __rich__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        display::show(slf.as_any(), "settlement_rich")
    }
}

fn core_function<'py>(py: Python<'py>, name: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyAny>> {
    py.import(intern!(py, "hoyle._core"))?.getattr(name)
}

/// A `SettlementError` for pickled state that no settlement could make.
fn forged(what: &'static str, why: impl std::fmt::Display) -> PyErr {
    Error::Unrestorable {
        what,
        why: why.to_string(),
    }
    .into()
}

/// A chip count of pickled state.
fn state_chips(what: &'static str, field: &str, obj: &Bound<'_, PyAny>) -> PyResult<u64> {
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

/// The seats of pickled state, as given (the core checks that they
/// increase and are below `n`).
fn state_seats(field: &str, obj: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<usize>> {
    let mut seats = Vec::new();
    for_each(field, obj, |_, item| {
        match item.extract::<usize>() {
            Ok(seat) if !item.is_instance_of::<PyBool>() => seats.push(seat),
            _ => {
                return Err(forged(
                    "Pot",
                    format_args!("{field} must be increasing seats below {n}"),
                ))
            }
        }
        Ok(())
    })?;
    Ok(seats)
}

/// Remakes a pickled `Pot`; the core checks that its chips add up.
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
    let amount = state_chips(POT, "amount", amount)?;
    let rake = state_chips(POT, "rake", rake)?;
    let eligible = state_seats("eligible", eligible, n)?;
    let high_winners = state_seats("high_winners", high_winners, n)?;
    let low_winners = state_seats("low_winners", low_winners, n)?;
    let seats = PotSeats {
        eligible: &eligible,
        high_winners: &high_winners,
        low_winners: &low_winners,
    };
    let high_half = state_chips(POT, "high_half", high_half)?;
    let low_half = state_chips(POT, "low_half", low_half)?;
    let inner = engine::Pot::restore(amount, rake, seats, high_half, low_half, shares)?;
    Ok(Pot { inner })
}

/// Remakes a pickled `Settlement`; the core checks that its chips add up.
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
    let inner = engine::Settlement {
        payouts,
        refunds,
        pots: list,
        rake: state_chips(WHAT, "rake", rake)?,
        button: button_arg(button, n)?,
    };
    inner.check()?;
    Ok(Settlement { inner })
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
    let h = hand_values("high", high, c.len())?;
    let l = low
        .map(|low| hand_values("low", low, c.len()))
        .transpose()?;
    let d = dead.map(|dead| chip_list("dead", dead)).transpose()?;
    let rake = rake.map(rake_arg).transpose()?;
    let button = match button {
        Some(b) if !b.is_none() => button_arg(b, c.len())?,
        _ => 0,
    };
    let inner = engine::settle_with_dead(&c, d.as_deref(), &h, l.as_deref(), button, rake)?;
    Ok(Settlement { inner })
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
            return Err(Error::StackCount {
                what,
                got,
                expected: n,
            }
            .into());
        }
    }
    let button = button_arg(button, n)?;
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
    card_id_list(board, &mut held)?;
    let shared = held.len();
    for ((own, folded), end) in cards.iter().zip(folded.iter()).zip(&mut ends) {
        if !folded.extract::<bool>()? {
            card_id_list(own.cast::<PyList>()?, &mut held)?;
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
    let table = engine::ShowdownInput {
        stacks: &before[..n],
        contributions: &contributions,
        dead: dead.as_deref(),
        hands: &hands[..n],
        board: &held[..shared],
        button,
        rake: rake.map(rake_arg).transpose()?,
    };
    let done = engine::showdown(&table)?;
    Ok((PyList::new(py, done.stacks)?, PyList::new(py, done.high)?))
}
