//! `_phh_stacks`: a PHH hand's scale and starting stacks read from its
//! fields in one call (`hoyle.history.native`), as `stakes.scale_of` and
//! `stakes.starting_stacks` read them, for the common fields only: ints,
//! and `Decimal`s written plainly (`12.34`). None for anything else (an
//! unknown stack, an exponent, a float, a negative amount, a malformed
//! field...): the caller reads those in Python, which says what is wrong.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

/// `stakes.MAX_PLACES`: the most decimal places an amount may have.
const MAX_PLACES: usize = 18;

static DECIMAL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A plainly written `Decimal`'s text as `(whole part, decimal digits
/// with trailing zeros off)`, or None for anything else (more than 20
/// whole digits, a sign, an exponent...).
fn number_text(text: &str) -> Option<(u128, String)> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || whole.len() > 20 || !digits(whole) || !digits(frac) {
        return None;
    }
    if text.contains('.') && frac.is_empty() {
        return None;
    }
    Some((whole.parse().ok()?, frac.trim_end_matches('0').to_owned()))
}

/// A starting stack, each `Decimal`'s text made once: `Some(number)` for
/// an int or a plainly written `Decimal` (`number_text`), `None` for PHH's
/// unknown stack (`stakes.is_unknown_stack`: `inf` as a float or a
/// `Decimal`, exactly those types; `-inf` and `nan` are not); the outer
/// None for anything else.
#[allow(clippy::option_option)]
fn stack(v: &Bound<'_, PyAny>, decimal: &Bound<'_, PyAny>) -> Option<Option<(u128, String)>> {
    if v.is_exact_instance_of::<PyInt>() {
        return Some(Some((v.extract::<u64>().ok()?.into(), String::new())));
    }
    if v.is_exact_instance_of::<PyFloat>() {
        return v
            .extract::<f64>()
            .is_ok_and(|f| f == f64::INFINITY)
            .then_some(None);
    }
    if !v.get_type().is(decimal) {
        return None;
    }
    let text = v.str().ok()?;
    let text = text.to_str().ok()?;
    if text == "Infinity" {
        return Some(None);
    }
    number_text(text).map(Some)
}

/// The decimal places of an amount (`stakes._places`, trailing zeros
/// off): 0 for an int of any sign, the digits of a plainly written
/// `Decimal`'s fraction; None for anything else.
fn places(v: &Bound<'_, PyAny>, decimal: &Bound<'_, PyAny>) -> Option<usize> {
    if v.is_exact_instance_of::<PyInt>() {
        return Some(0);
    }
    if !v.get_type().is(decimal) {
        return None;
    }
    let text = v.str().ok()?;
    let text = text.to_str().ok()?;
    let text = text.strip_prefix('-').unwrap_or(text);
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || whole.len() > 20 || !digits(whole) || !digits(frac) {
        return None;
    }
    Some(frac.trim_end_matches('0').len())
}

/// The places of each of `field`'s numbers (a list), the most of them
/// (as `stakes._list_places` reads them; `read` reads the starting stacks
/// itself); `Some(0)` when absent; None when it is not a list of numbers.
fn list_places(
    fields: &Bound<'_, PyDict>,
    key: &Bound<'_, PyString>,
    decimal: &Bound<'_, PyAny>,
) -> Option<usize> {
    let Some(value) = fields.get_item(key).ok()? else {
        return Some(0);
    };
    let list = value.cast::<PyList>().ok()?;
    let mut places = 0;
    for item in list.iter() {
        places = places.max(self::places(&item, decimal)?);
    }
    Some(places)
}

/// The places a `cbr` action's amount has (`scale_of`'s reading), or None
/// for a line this reader leaves to Python (anything but printable ASCII).
fn action_places(line: &str) -> Option<usize> {
    if !line.contains('.') {
        return Some(0);
    }
    if !line.bytes().all(|b| b == b' ' || b.is_ascii_graphic()) {
        return None;
    }
    if !line.contains("cbr") {
        return Some(0);
    }
    let words: Vec<&str> = line.split('#').next()?.split_whitespace().collect();
    if words.len() != 3 {
        return Some(0);
    }
    Some(match words[2].rsplit_once('.') {
        Some((_, frac)) => frac.trim_end_matches('0').len(),
        None => 0,
    })
}

/// `(scale, starting stacks in the file's order times scale, None for an
/// unknown one)` of a hand's fields, as `stakes.scale_of` and
/// `stakes.starting_stacks` give them, or
/// None where the Python reader is left to read them (see the module).
#[pyfunction]
pub fn _phh_stacks<'py>(
    py: Python<'py>,
    fields: &Bound<'py, PyDict>,
) -> PyResult<Option<Bound<'py, PyTuple>>> {
    let decimal = DECIMAL
        .get_or_try_init(py, || -> PyResult<Py<PyAny>> {
            Ok(py.import("decimal")?.getattr("Decimal")?.unbind())
        })?
        .bind(py);
    let Some((scale, stacks)) = read(fields, decimal) else {
        return Ok(None);
    };
    let stacks = PyTuple::new(py, stacks)?.into_any();
    Ok(Some(PyTuple::new(
        py,
        [scale.into_pyobject(py)?.into_any(), stacks],
    )?))
}

type Stacks = (u64, Vec<Option<u64>>);

fn read(fields: &Bound<'_, PyDict>, decimal: &Bound<'_, PyAny>) -> Option<Stacks> {
    let py = fields.py();
    let mut places = 0;
    // (the keys interned once: a `&str` key would be a new string each call)
    for key in [intern!(py, "antes"), intern!(py, "blinds_or_straddles")] {
        places = places.max(list_places(fields, key, decimal)?);
    }
    // the starting stacks, each read once (`stack`): its places and number
    let list = fields.get_item(intern!(py, "starting_stacks")).ok()??;
    let list = list.cast::<PyList>().ok()?;
    if list.len() < 2 {
        return None;
    }
    let read: Vec<Option<(u128, String)>> = list
        .iter()
        .map(|item| stack(&item, decimal))
        .collect::<Option<_>>()?;
    for (_, frac) in read.iter().flatten() {
        places = places.max(frac.len());
    }
    // (the caller reads a file with hoyle's own money fields, the rake's, the cap's, the house's)
    for key in [
        intern!(py, "bring_in"),
        intern!(py, "small_bet"),
        intern!(py, "big_bet"),
        intern!(py, "min_bet"),
    ] {
        if let Some(v) = fields.get_item(key).ok()? {
            places = places.max(self::places(&v, decimal)?);
        }
    }
    let actions = fields.get_item(intern!(py, "actions")).ok()??;
    for item in actions.cast::<PyList>().ok()?.iter() {
        let line = item.cast_into::<PyString>().ok()?;
        places = places.max(action_places(line.to_str().ok()?)?);
    }
    if places > MAX_PLACES {
        return None; // (an error: the Python reader words it)
    }
    let scale: u64 = if places == 0 {
        1
    } else {
        10u64.pow(places.max(2) as u32)
    };
    let mut total: u128 = 0;
    let mut stacks = Vec::with_capacity(read.len());
    for item in read {
        let Some((whole, frac)) = item else {
            stacks.push(None);
            continue;
        };
        // frac has at most `places` digits: the amount is whole in chips times scale
        let part: u128 = if frac.is_empty() {
            0
        } else {
            frac.parse().ok()?
        };
        let down = 10u128.pow(u32::try_from(frac.len()).ok()?);
        let amount = whole.checked_mul(scale.into())? + part * u128::from(scale) / down;
        let amount = u64::try_from(amount).ok()?;
        total += u128::from(amount);
        stacks.push(Some(amount));
    }
    u64::try_from(total).ok()?; // (their sum at most MAX_CHIPS)
    Some((scale, stacks))
}
