//! Hand-written entries for `hoyle.evaluate` and `hoyle.rank`: a call of
//! one tuple of small ints and no keywords (a loop over millions of hands)
//! is answered here, straight from the interpreter's vectorcall, and any
//! other call goes on, unchanged, to the function PyO3 made (its argument
//! reading, errors and panic guard).
//!
//! The profile of `[rank(h) for h in hands]` showed PyO3's generic path
//! (its trampoline, which counts the GIL in thread-local storage and
//! guards against panics, and its reading of the three arguments by name)
//! costing a fifth of each call; this entry checks two words instead.
//!
//! Each function keeps PyO3's method definition's name and docstring (so
//! its signature, `__doc__`, `__module__`, `__self__` and pickling by name
//! are as before); only the C function it runs is this one.
//!
//! # Safety
//!
//! * The interpreter calls an entry with the GIL held, `args` holding
//!   `nargs` borrowed objects and `kwnames` null or a tuple; an argument is
//!   read only while the call lasts, and only after `nargs` is checked.
//! * The quick path runs no code that can panic (it reads a tuple of ints
//!   already checked to be distinct ids in 0..=51 and looks up tables), so
//!   nothing unwinds across the C boundary; an allocation failure is a
//!   Python error, set and reported by returning null.
//! * PyO3's function object is kept for the life of the process (a
//!   static), so its method definition, whose name and docstring the
//!   entry's definition borrows, outlives the entry too; the entry's own
//!   definition is leaked, as CPython requires of a method definition.

use super::eval;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyCFunction, PyTuple};
use pyo3::Borrowed;

/// PyO3's `evaluate` and `rank`, which every call the entries do not
/// answer goes to.
static EVALUATE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static RANK: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The natural value and packed cards of a call `f(t)` with one exact
/// tuple of 5..=7 distinct ints in 0..=51 and no keywords, else None.
///
/// # Safety
/// The vectorcall arguments of a call in progress (see the module notes).
#[inline(always)]
unsafe fn one_tuple(
    py: Python<'_>,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> Option<(u32, u64)> {
    // SAFETY: kwnames is null or a tuple; args[0] exists when nargs is 1.
    unsafe {
        if nargs != 1 || !kwnames.is_null() && ffi::PyTuple_GET_SIZE(kwnames) != 0 {
            return None;
        }
        let arg = Borrowed::from_ptr(py, *args);
        let tuple = arg.cast_exact::<PyTuple>().ok()?;
        eval::tuple_value(py, &tuple)
    }
}

/// Passes a call on to PyO3's function.
///
/// # Safety
/// The vectorcall arguments of a call in progress.
unsafe fn forward(
    py: Python<'_>,
    to: &PyOnceLock<Py<PyAny>>,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let Some(f) = to.get(py) else {
        PyErr::new::<pyo3::exceptions::PyRuntimeError, _>("hoyle._core is not initialised")
            .restore(py);
        return std::ptr::null_mut();
    };
    // SAFETY: the caller's arguments, passed on as they came (nargs is a
    // plain count: the offset flag is not set, so args[-1] is not touched).
    unsafe { ffi::PyObject_Vectorcall(f.as_ptr(), args, nargs as usize, kwnames) }
}

/// The entry of `evaluate` (`VALUE_ONLY` false: a `HandRank`) or of `rank`
/// (`VALUE_ONLY` true: its value alone, an int).
unsafe extern "C" fn entry<const VALUE_ONLY: bool>(
    _module: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: the interpreter calls this with the GIL held.
    let py = unsafe { Python::assume_attached() };
    // SAFETY: this call's arguments.
    if let Some((value, cards)) = unsafe { one_tuple(py, args, nargs, kwnames) } {
        if VALUE_ONLY {
            return super::fast::int_of(py, value).into_ptr();
        }
        return match eval::make_rank(py, value, cards) {
            Ok(rank) => rank.into_ptr(),
            Err(err) => {
                err.restore(py);
                std::ptr::null_mut()
            }
        };
    }
    let slow = if VALUE_ONLY { &RANK } else { &EVALUATE };
    // SAFETY: this call's arguments.
    unsafe { forward(py, slow, args, nargs, kwnames) }
}

/// Adds `slow`'s function to `m` under its name, running `entry` first.
fn add_one(
    m: &Bound<'_, PyModule>,
    slow: Bound<'_, PyCFunction>,
    entry: ffi::PyCFunctionFastWithKeywords,
    keep: &PyOnceLock<Py<PyAny>>,
) -> PyResult<()> {
    let py = m.py();
    // SAFETY: a function object PyO3 made (a PyCFunctionObject), alive.
    let made = unsafe { &*(*slow.as_ptr().cast::<ffi::PyCFunctionObject>()).m_ml };
    let def: &'static mut ffi::PyMethodDef = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: made.ml_name,
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunctionFastWithKeywords: entry,
        },
        ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
        ml_doc: made.ml_doc,
    }));
    let name = slow.getattr("__name__")?;
    let module_name = m.name()?;
    // SAFETY: a leaked definition; the module is its `self`, as PyO3's.
    let fast = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            ffi::PyCFunction_NewEx(def, m.as_ptr(), module_name.as_ptr()),
        )?
    };
    keep.set(py, slow.into_any().unbind())
        .map_err(|_| pyo3::exceptions::PyRuntimeError::new_err("hoyle._core loaded twice"))?;
    m.add(name.cast_into::<pyo3::types::PyString>()?, fast)
}

/// Adds `evaluate` and `rank` to the module, each behind its entry.
pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_one(
        m,
        wrap_pyfunction!(eval::evaluate, m)?,
        entry::<false>,
        &EVALUATE,
    )?;
    add_one(m, wrap_pyfunction!(eval::rank, m)?, entry::<true>, &RANK)
}
