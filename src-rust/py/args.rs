//! Argument readers shared by the bindings: whole numbers of any size
//! ([`int_arg`], so that no Python int ever becomes an `OverflowError`),
//! the `threads` argument, `uint8` arrays of hands, and the batch runner
//! that reads both. Card-like arguments are read by `cards::to_ids`.

use super::errors::HandError;
use crate::env::Abstraction;
use crate::error::Error;
use crate::eval::batch::{self, MAX_THREADS};
use crate::eval::rules_batch::Shape;
use crate::settle::Rake;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyTuple};

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

/// `threads=` read from any Python object: None for all cores, or an int
/// in 1..=MAX_THREADS (256); anything else is a `HandError` (a `TypeError` for a
/// non-int).
pub fn threads_of(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    let Some(obj) = threads else {
        return Ok(None);
    };
    if obj.is_none() {
        return Ok(None);
    }
    match int_arg("threads", obj)? {
        Ok(t) => threads_arg(Some(t)),
        Err(text) => Err(HandError::new_err(format!(
            "threads must be between 1 and {MAX_THREADS} (or None for all cores), got {text}"
        ))),
    }
}

/// `threads=`: None for all cores, or 1..=MAX_THREADS (one cap for every
/// entry point: the equity functions use it too).
pub fn threads_arg(threads: Option<i64>) -> PyResult<Option<usize>> {
    match threads {
        None => Ok(None),
        Some(t) if (1..=MAX_THREADS as i64).contains(&t) => Ok(Some(t as usize)),
        Some(t) => Err(HandError::new_err(format!(
            "threads must be between 1 and {MAX_THREADS} (or None for all cores), got {t}"
        ))),
    }
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
        HandError::new_err(format!(
            "{what} must be a C-contiguous numpy array of dtype uint8 and shape (n, k); got {got}"
        ))
    };
    let array = obj.cast::<PyArray2<u8>>().map_err(|_| bad())?;
    if !array.is_c_contiguous() {
        return Err(HandError::new_err(format!(
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
    let fresh = unsafe { PyArray1::<u32>::new(py, [rows], false) };
    let slots = unsafe { fresh.as_slice_mut() }?;
    let Some(given) = given else {
        py.detach(|| run(slots))?;
        return Ok(fresh);
    };
    let mut target = given.try_readwrite().map_err(|_| {
        HandError::new_err(
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
        return Err(HandError::new_err(format!("{want}; got {got}")));
    };
    if array.len() != rows {
        return Err(HandError::new_err(format!(
            "{want}; got shape ({},)",
            array.len()
        )));
    }
    if !array.is_c_contiguous() {
        return Err(HandError::new_err(format!(
            "out must be C-contiguous (a strided view cannot be filled in place); got a view with strides {:?}: pass numpy.empty({rows}, dtype=numpy.uint32) and copy from it",
            array.strides()
        )));
    }
    let writeable = array
        .getattr(intern!(py, "flags"))?
        .getattr(intern!(py, "writeable"))?
        .is_truthy()?;
    if !writeable {
        return Err(HandError::new_err(
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
    run: impl Fn(&[u8], &[u8], Shape, &mut [u32], Option<usize>) -> crate::Result<()> + Send + Sync,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let (h, rows, k) = uint8_rows("hands", hands)?;
    let board_arr = match board {
        Some(b) => {
            let (arr, brows, b) = uint8_rows("board", b)?;
            if brows != rows {
                return Err(HandError::new_err(format!(
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
    let shape = Shape { k, b };
    with_output(py, out, rows, threads, |slots| {
        run(hdata, bdata, shape, slots, threads)
    })
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

/// A bool argument, bools only.
fn flag_arg(what: &str, obj: &Bound<'_, PyAny>) -> PyResult<bool> {
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

// ---- the rake ------------------------------------------------------------

/// A `hoyle.Rake` (its public `basis_points` and `cap`) as the core's
/// [`Rake`], None for None. (The `equity` part of issue 24 writes the one
/// `Rake` reader for `py/settle.rs`; the two meet here at merge.)
pub fn rake_arg(rake: &Bound<'_, PyAny>) -> PyResult<Option<Rake>> {
    if rake.is_none() {
        return Ok(None);
    }
    let py = rake.py();
    let basis_points = rake.getattr(intern!(py, "basis_points"))?.extract()?;
    let cap = rake.getattr(intern!(py, "cap"))?.extract()?;
    Ok(Some(Rake::new(basis_points, cap)?))
}
