//! Argument readers shared by the bindings, one per kind: whole numbers
//! of any size ([`int_arg`], [`int_in`], so that no Python int ever
//! becomes an `OverflowError`), the `threads` argument ([`threads_in`]),
//! card ids ([`card_id`], [`card_id_list`]), chip counts and hand values
//! one per seat ([`chip_list`], [`hand_values`]), the button
//! ([`button_arg`]), a `hoyle.Rake` ([`rake_arg`]), `uint8` arrays of
//! hands, and the batch runner that reads both. Card-like arguments (text,
//! `Card`s, ids) are read by `cards::to_ids`. Every hoyle error here is an
//! [`Error`] through the one conversion; a wrong type is a `TypeError`.

use crate::env::Abstraction;
use crate::error::Error;
use crate::eval::batch::{self, MAX_THREADS};
use crate::eval::rules_batch::RowWidths;
use crate::settle::Rake;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyTuple};

/// The name of `obj`'s type, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default()
}

/// A whole-number argument: a Python int or anything with `__index__` (a
/// numpy integer), never a bool. `Ok(Ok(v))` when it fits an `i64`,
/// `Ok(Err(text))` when it does not (`text` is its decimal form, for the
/// caller's range error), and a `TypeError` naming `what` for any other
/// type. Never raises `OverflowError`: each caller turns a value out of
/// its range into its own hoyle error, naming the range allowed.
pub fn int_arg(what: &str, obj: &Bound<'_, PyAny>) -> PyResult<Result<i64, String>> {
    let py = obj.py();
    if obj.is_instance_of::<PyBool>()
        || !(obj.is_instance_of::<PyInt>() || obj.hasattr(intern!(py, "__index__"))?)
    {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, got {}",
            type_name(obj)
        )));
    }
    match obj.extract::<i64>() {
        Ok(v) => Ok(Ok(v)),
        Err(e) if e.is_instance_of::<PyOverflowError>(py) => Ok(Err(obj
            .call_method0(intern!(py, "__index__"))
            .and_then(|i| i.str())
            .map(|s| s.to_string())
            .unwrap_or_else(|_| "out of range".into()))),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} must be an int, got {}",
            type_name(obj)
        ))),
    }
}

/// `functools.partial(function, board=board, rules=rules)`: the call that
/// makes a rank again, for pickling (`board` None when empty).
pub fn remake<'py>(
    function: Bound<'py, PyAny>,
    board: &[u8],
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = function.py();
    let kwargs = PyDict::new(py);
    if !board.is_empty() {
        kwargs.set_item(intern!(py, "board"), PyTuple::new(py, board)?)?;
    }
    kwargs.set_item(intern!(py, "rules"), rules)?;
    py.import(intern!(py, "functools"))?
        .getattr(intern!(py, "partial"))?
        .call((function,), Some(&kwargs))
}

/// An int argument in `lo..=hi`, read by [`int_arg`] (a bool or another
/// type is a `TypeError`): `Ok(Ok(v))` in range, `Ok(Err(text))` outside
/// it, however large (`text` its decimal form, for the caller's error).
pub fn int_in(
    what: &str,
    obj: &Bound<'_, PyAny>,
    lo: u64,
    hi: u64,
) -> PyResult<Result<u64, String>> {
    Ok(match int_arg(what, obj)? {
        Ok(n) => match u64::try_from(n) {
            Ok(v) if (lo..=hi).contains(&v) => Ok(v),
            _ => Err(n.to_string()),
        },
        // beyond i64: its decimal form (a u64 above 2**63 may still be in range)
        Err(text) => match text.parse::<u64>() {
            Ok(v) if (lo..=hi).contains(&v) => Ok(v),
            _ => Err(text),
        },
    })
}

/// `threads=`: None (or absent) for all cores, else an int in
/// 1..=MAX_THREADS (256), one cap for every entry point; out of range,
/// `refuse(text)` (each caller's error, naming the range).
pub fn threads_in(
    threads: Option<&Bound<'_, PyAny>>,
    refuse: impl FnOnce(String) -> PyErr,
) -> PyResult<Option<usize>> {
    let Some(obj) = threads.filter(|t| !t.is_none()) else {
        return Ok(None);
    };
    match int_in("threads", obj, 1, MAX_THREADS as u64)? {
        Ok(t) => Ok(Some(t as usize)),
        Err(text) => Err(refuse(text)),
    }
}

/// `threads=` of the evaluators: a `HandError` out of range (see
/// [`threads_in`]).
pub fn threads_of(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    threads_in(threads, |text| {
        Error::Batch(format!(
            "threads must be between 1 and {MAX_THREADS} (or None for all cores), got {text}"
        ))
        .into()
    })
}

/// A structured argument (card ids, counters) read as `T`; a number too
/// large for its slot is `too_large(the OverflowError)`, not an
/// `OverflowError`.
pub fn extract_sized<'py, T: FromPyObjectOwned<'py>>(
    obj: &Bound<'py, PyAny>,
    too_large: impl FnOnce(PyErr) -> PyErr,
) -> PyResult<T> {
    obj.extract::<T>().map_err(|e| {
        let e: PyErr = e.into();
        if e.is_instance_of::<PyOverflowError>(obj.py()) {
            too_large(e)
        } else {
            e
        }
    })
}

/// A card id given as an int (numpy integers included): out of range,
/// however large, is a `CardError`.
pub fn card_id(item: &Bound<'_, PyAny>) -> PyResult<u8> {
    let id = match int_arg("a card id", item)? {
        Ok(v) if (0..=crate::cards::MAX_ID as i64).contains(&v) => return Ok(v as u8),
        Ok(v) => v.to_string(),
        Err(text) => text,
    };
    Err(Error::CardIdOutOfRange { id }.into())
}

/// Appends a list of card ids to `out` (ids that fit a byte are taken
/// as they are: the core checks them against its deck).
#[inline(always)]
pub fn card_id_list(list: &Bound<'_, PyList>, out: &mut Vec<u8>) -> PyResult<()> {
    for item in list.iter() {
        match item.extract::<u8>() {
            Ok(id) => out.push(id),
            Err(_) => out.push(card_id(&item)?),
        }
    }
    Ok(())
}

/// Calls `f` on each item of a list, a tuple or any other iterable; not
/// iterable is a `TypeError` saying `what` must have one entry per seat.
pub fn for_each<'py>(
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
#[inline]
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
#[inline]
pub fn chips(what: &'static str, item: &Bound<'_, PyAny>, seat: usize) -> PyResult<u64> {
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
#[inline]
pub fn chip_list(what: &'static str, obj: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    let mut out = Vec::with_capacity(9);
    for_each(what, obj, |i, item| {
        out.push(chips(what, item, i)?);
        Ok(())
    })?;
    Ok(out)
}

/// One hand value per seat: an int that fits an `i64`, or None (folded,
/// or no qualifying low); a `TypeError` or `SettlementError` naming
/// `what[seat]` otherwise.
#[inline]
pub fn hand_values(
    what: &'static str,
    obj: &Bound<'_, PyAny>,
    seats: usize,
) -> PyResult<Vec<Option<i64>>> {
    let mut out = Vec::with_capacity(seats);
    for_each(what, obj, |seat, item| {
        if item.is_none() {
            out.push(None);
            return Ok(());
        }
        if !is_int(item)? {
            return Err(not_int(what, seat, item, "an int or None"));
        }
        let v = item.extract::<i64>().map_err(|_| {
            PyErr::from(Error::ValueOutOfRange {
                what,
                seat,
                value: item.str().map(|s| s.to_string()).unwrap_or_default(),
            })
        })?;
        out.push(Some(v));
        Ok(())
    })?;
    Ok(out)
}

/// The button: a non-negative int (the core checks it names one of
/// `seats` seats); a negative one, or one too large for any machine type,
/// is a `SettlementError`.
#[inline]
pub fn button_arg(button: &Bound<'_, PyAny>, seats: usize) -> PyResult<usize> {
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

static RAKE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A `hoyle.Rake`, read by its public attributes `basis_points` and
/// `cap`, as the core's [`Rake`]: the one conversion of a rake. Another
/// type is a `TypeError`; bad values a `SettlementError`.
pub fn rake_arg(rake: &Bound<'_, PyAny>) -> PyResult<Rake> {
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

/// A C-contiguous `uint8` array of shape `(n, k)`, read-only, with its
/// shape; anything else is a `HandError` that says what `what` was.
pub fn uint8_rows<'py>(
    what: &str,
    obj: &Bound<'py, PyAny>,
) -> PyResult<(numpy::PyReadonlyArray2<'py, u8>, usize, usize)> {
    let py = obj.py();
    let bad = || {
        let got = match (
            obj.getattr(intern!(py, "dtype")),
            obj.getattr(intern!(py, "shape")),
        ) {
            (Ok(dtype), Ok(shape)) => format!("an array of dtype {dtype} and shape {shape}"),
            _ => format!(
                "a {}",
                obj.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ),
        };
        batch_error(format!(
            "{what} must be a C-contiguous numpy array of dtype uint8 and shape (n, k); got {got}"
        ))
    };
    let array = obj.cast::<PyArray2<u8>>().map_err(|_| bad())?;
    if !array.is_c_contiguous() {
        return Err(batch_error(format!(
            "{what} must be C-contiguous: pass numpy.ascontiguousarray({what})"
        )));
    }
    let (rows, k) = (array.shape()[0], array.shape()[1]);
    let readonly = array.try_readonly().map_err(|_| bad())?;
    Ok((readonly, rows, k))
}

/// Where a batch of `rows` rows writes: a new array left uninitialised,
/// which `run` fills with the interpreter released, so that the batch's
/// own threads touch its memory first. With `out` (checked: a writable,
/// C-contiguous numpy `uint32` array of shape `(rows,)`), the values are
/// then copied into `out`, over the same threads, and `out` is returned:
/// so that `out` is left as it was when a row is invalid (a batch learns
/// that only once it has written the rows around it).
pub fn with_output<'py>(
    py: Python<'py>,
    out: Option<&Bound<'py, PyAny>>,
    rows: usize,
    threads: Option<usize>,
    run: impl FnOnce(&mut [u32]) -> crate::Result<()> + Send,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let given = match out.filter(|o| !o.is_none()) {
        Some(o) => Some(out_array(o, rows)?),
        None => None,
    };
    // SAFETY: the array is new and nobody else sees it until it is
    // returned. Its memory is only written before it is read: every batch
    // writes each slot of a batch it returns Ok for, and on an error the
    // array is dropped unread.
    let fresh = unsafe { uninit_values(py, rows) }?;
    let slots = unsafe { fresh.as_slice_mut() }?;
    let Some(given) = given else {
        py.detach(|| run(slots))?;
        return Ok(fresh);
    };
    let mut target = given.try_readwrite().map_err(|_| {
        batch_error(
            "out shares memory with hands (or board): pass an array of its own, like numpy.empty(n, dtype=numpy.uint32)",
        )
    })?;
    let target_slots = target.as_slice_mut()?;
    py.detach(|| {
        run(&mut *slots)?;
        batch::copy_rows(slots, target_slots, threads)
    })?;
    drop(target);
    Ok(given)
}

/// A new, uninitialised 1-d `uint32` array of `rows` slots: rust-numpy's
/// `PyArray1::new`, but numpy's `MemoryError` (which names the size asked
/// for) raised when the allocation fails, where `new` would panic.
///
/// # Safety
/// As `PyArray1::new`: the caller writes every slot before anyone reads it.
unsafe fn uninit_values(py: Python<'_>, rows: usize) -> PyResult<Bound<'_, PyArray1<u32>>> {
    use numpy::npyffi::{get_type_object, NpyTypes, PY_ARRAY_API};
    use numpy::{Element, PyArrayDescrMethods};
    let mut dims = [rows as numpy::npyffi::npy_intp];
    // SAFETY: numpy's own call (as `PyArray1::new` makes it), the GIL held;
    // the descriptor's reference is stolen by the call.
    let ptr = unsafe {
        PY_ARRAY_API.PyArray_NewFromDescr(
            py,
            get_type_object(py, NpyTypes::PyArray_Type),
            u32::get_dtype(py).into_dtype_ptr(),
            1,
            dims.as_mut_ptr(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            0,
            std::ptr::null_mut(),
        )
    };
    // SAFETY: a new reference (or null with the error set) to an array of
    // one dimension and dtype uint32.
    unsafe { Ok(Bound::from_owned_ptr_or_err(py, ptr)?.cast_into_unchecked()) }
}

/// `out=` checked: a numpy `uint32` array of shape `(rows,)`, C-contiguous
/// and writable; anything else is a `HandError` that says what was wrong
/// and what is allowed.
fn out_array<'py>(out: &Bound<'py, PyAny>, rows: usize) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let py = out.py();
    let want = format!(
        "out must be a numpy array of dtype uint32 and shape ({rows},), one slot per row of hands, like numpy.empty({rows}, dtype=numpy.uint32)"
    );
    let Ok(array) = out.cast::<PyArray1<u32>>() else {
        let got = match (
            out.getattr(intern!(py, "dtype")),
            out.getattr(intern!(py, "shape")),
        ) {
            (Ok(dtype), Ok(shape)) => format!("an array of dtype {dtype} and shape {shape}"),
            _ => format!("a {}", type_name(out)),
        };
        return Err(batch_error(format!("{want}; got {got}")));
    };
    if array.len() != rows {
        return Err(batch_error(format!("{want}; got shape ({},)", array.len())));
    }
    if !array.is_c_contiguous() {
        return Err(batch_error(format!(
            "out must be C-contiguous (a strided view cannot be filled in place); got a view with strides {:?}: pass numpy.empty({rows}, dtype=numpy.uint32) and copy from it",
            array.strides()
        )));
    }
    let writeable = array
        .getattr(intern!(py, "flags"))?
        .getattr(intern!(py, "writeable"))?
        .is_truthy()?;
    if !writeable {
        return Err(batch_error(
            "out must be writable; got a read-only array (out.flags.writeable is False)",
        ));
    }
    Ok(array.clone())
}

/// Reads `hands` (and `board`, one row per hand) as `uint8` rows and runs
/// `run` over them with the interpreter released, into one `uint32` per
/// row (a new array, or `out`; see [`with_output`]).
pub fn run_batch<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    board: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
    out: Option<&Bound<'py, PyAny>>,
    run: impl Fn(&[u8], &[u8], RowWidths, &mut [u32], Option<usize>) -> crate::Result<()> + Send + Sync,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let (h, rows, k) = uint8_rows("hands", hands)?;
    let board_arr = match board {
        Some(b) => {
            let (arr, brows, b) = uint8_rows("board", b)?;
            if brows != rows {
                return Err(batch_error(format!(
                    "board has {brows} rows but hands has {rows}"
                )));
            }
            Some((arr, b))
        }
        None => None,
    };
    let hdata = h.as_slice()?;
    let (bdata, b): (&[u8], usize) = match &board_arr {
        Some((arr, b)) => (arr.as_slice()?, *b),
        None => (&[], 0),
    };
    let shape = RowWidths { k, b };
    with_output(py, out, rows, threads, |slots| {
        run(hdata, bdata, shape, slots, threads)
    })
}

/// A `HandError` with this message (an array argument that is not what a
/// batch needs), through the one conversion.
fn batch_error(message: impl Into<String>) -> PyErr {
    Error::Batch(message.into()).into()
}

// ---- the action abstraction ----------------------------------------------

/// Sizes of an abstraction: a sequence of finite floats > 0 (a `TypeError`
/// for anything else than floats, a `GameError` for a bad value).
fn sizes_arg(what: &str, obj: &Bound<'_, PyAny>) -> PyResult<Vec<f64>> {
    let values: Vec<f64> = obj.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "{what} must be a sequence of floats, got {}",
            type_name(obj)
        ))
    })?;
    if let Some(bad) = values.iter().find(|v| !(v.is_finite() && **v > 0.0)) {
        return Err(Error::Game(format!("{what} must be finite and > 0, got {bad}")).into());
    }
    Ok(values)
}

/// A bool argument, bools only (a `TypeError` for anything else).
pub fn flag_arg(what: &str, obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    obj.extract::<bool>()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be a bool, got {}", type_name(obj))))
}

/// The core's [`Abstraction`] of a `hoyle.env.Actions`, read from its
/// public fields (`fractions`, `big_blinds`, `min_raise`, `all_in`), with
/// `draw_cards` the cards a seat holds in a draw game
/// (`Actions.draw_cards(game)`; 0: no draw entries). The one reader of an
/// `Actions` in the bindings (`_Tables`, `_Observer`).
pub fn actions_arg(actions: &Bound<'_, PyAny>, draw_cards: u32) -> PyResult<Abstraction> {
    let py = actions.py();
    let field = |name| actions.getattr(name);
    Ok(Abstraction {
        fractions: sizes_arg("fractions", &field(intern!(py, "fractions"))?)?,
        big_blinds: sizes_arg("big_blinds", &field(intern!(py, "big_blinds"))?)?,
        min_raise: flag_arg("min_raise", &field(intern!(py, "min_raise"))?)?,
        all_in: flag_arg("all_in", &field(intern!(py, "all_in"))?)?,
        draw_cards,
    })
}
