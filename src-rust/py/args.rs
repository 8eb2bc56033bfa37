//! Argument readers shared by the bindings: whole numbers of any size
//! ([`int_arg`], so that no Python int ever becomes an `OverflowError`),
//! the `threads` argument, `uint8` arrays of hands, and the batch runner
//! that reads both. Card-like arguments are read by `cards::to_ids`.

use super::errors::HandError;
use crate::eval::batch::MAX_THREADS;
use crate::eval::rules_batch::Shape;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
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

/// Reads `hands` (and `board`, one row per hand) as `uint8` rows and runs
/// `run` over them with the interpreter released, into one `uint32` per
/// row.
pub fn run_batch<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    board: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
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
    let mut out = vec![0u32; rows];
    py.detach(|| run(hdata, bdata, Shape { k, b }, &mut out, threads))?;
    Ok(out.into_pyarray(py))
}
