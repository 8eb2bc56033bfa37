//! Hand-written entries for `aec_env`'s fast `step` and `last`
//! (`aec::AecSteps`): the usual calls of the user loop (`env.step(a)` with
//! one argument, `env.last()` or `env.last(b)`, no keywords) go straight
//! from the interpreter's vectorcall to `AecSteps`'s own code; any other
//! call (keywords, a wrong count, the object busy or cleared, the fast
//! paths switched off: `fast.rs`) goes on,
//! unchanged, to the method PyO3 made (its argument reading, errors and
//! panic guard), which answers as before.
//!
//! As in `entry.rs` (`evaluate` and `rank`): the profile of the loop showed
//! PyO3's generic path (its trampoline and its reading of arguments by
//! name) a share of every call; the entry checks the count instead.
//!
//! # Safety
//!
//! * The interpreter calls an entry with the GIL held, `slf` the
//!   `AecSteps` the function was made with (its `__self__`, kept alive by
//!   the function), `args` holding `nargs` borrowed objects and `kwnames`
//!   null or a tuple; an argument is read only while the call lasts, and
//!   only after `nargs` is checked.
//! * `slf` is only ever an `AecSteps` (`functions` makes both with it), so
//!   the unchecked cast is right; it is borrowed through PyO3's checked
//!   borrow (`try_borrow`), and a failed borrow goes to PyO3's method.
//! * The quick path runs inside `catch_unwind`: a panic there becomes a
//!   Python `RuntimeError`, never an unwind across the C boundary.
//! * Each definition is a static, which outlives every function made from it.

use super::aec::AecSteps;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::Borrowed;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A method definition (CPython reads it, never writes it).
struct Def(ffi::PyMethodDef);
// SAFETY: immutable after construction; its pointers are to static strings
// and functions.
unsafe impl Sync for Def {}

static STEP: Def = Def(ffi::PyMethodDef {
    ml_name: c"step".as_ptr(),
    ml_meth: ffi::PyMethodDefPointer {
        PyCFunctionFastWithKeywords: entry::<Step>,
    },
    ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
    ml_doc: c"step(action)\n--\n\n``CoreSteps.step(env, action)``.".as_ptr(),
});

static LAST: Def = Def(ffi::PyMethodDef {
    ml_name: c"last".as_ptr(),
    ml_meth: ffi::PyMethodDefPointer {
        PyCFunctionFastWithKeywords: entry::<Last>,
    },
    ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
    ml_doc: c"last(observe=None)\n--\n\n``CoreSteps.last(env, observe)`` (None: True).".as_ptr(),
});

/// `steps`'s `step` and `last` as functions bound to it, behind their
/// entries (see the module): the same calls and results.
#[pyfunction]
pub fn _aec_entries(steps: &Bound<'_, AecSteps>) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
    let obj = steps;
    let py = obj.py();
    let make = |def: &'static Def| -> PyResult<Py<PyAny>> {
        let def = std::ptr::addr_of!(def.0).cast_mut();
        // SAFETY: a static definition; `obj` is the function's `self`.
        unsafe {
            Bound::from_owned_ptr_or_err(
                py,
                ffi::PyCFunction_NewEx(def, obj.as_ptr(), std::ptr::null_mut()),
            )
        }
        .map(Bound::unbind)
    };
    Ok((make(&STEP)?, make(&LAST)?))
}

/// The Python result of a quick call: its object, or null with the error set.
fn answer(py: Python<'_>, done: std::thread::Result<PyResult<Py<PyAny>>>) -> *mut ffi::PyObject {
    match done {
        Ok(Ok(obj)) => obj.into_ptr(),
        Ok(Err(err)) => {
            err.restore(py);
            std::ptr::null_mut()
        }
        Err(_) => {
            pyo3::exceptions::PyRuntimeError::new_err("aec_env's core step panicked").restore(py);
            std::ptr::null_mut()
        }
    }
}

/// Passes a call on to PyO3's method `name` of `slf`.
///
/// # Safety
/// The vectorcall arguments of a call in progress.
unsafe fn forward(
    py: Python<'_>,
    slf: &Bound<'_, PyAny>,
    name: &Bound<'_, pyo3::types::PyString>,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let method = match slf.getattr(name) {
        Ok(m) => m,
        Err(err) => {
            err.restore(py);
            return std::ptr::null_mut();
        }
    };
    // SAFETY: the caller's arguments, passed on as they came (nargs is a
    // plain count: the offset flag is not set, so args[-1] is not touched).
    unsafe { ffi::PyObject_Vectorcall(method.as_ptr(), args, nargs as usize, kwnames) }
}

/// No keywords in the call.
///
/// # Safety
/// `kwnames` is null or a tuple.
unsafe fn no_keywords(kwnames: *mut ffi::PyObject) -> bool {
    // SAFETY: as the caller says.
    kwnames.is_null() || unsafe { ffi::PyTuple_GET_SIZE(kwnames) } == 0
}

/// What an entry calls: the method's name (for the call PyO3's method
/// answers), the argument counts its quick path takes (at most one), and
/// the call itself.
trait Method {
    fn name(py: Python<'_>) -> &Bound<'_, pyo3::types::PyString>;
    fn quick(nargs: ffi::Py_ssize_t) -> bool;
    fn call(
        py: Python<'_>,
        this: &AecSteps,
        first: Option<Borrowed<'_, '_, PyAny>>,
    ) -> PyResult<Py<PyAny>>;
}

/// `step(action)`: exactly one argument.
struct Step;

impl Method for Step {
    fn name(py: Python<'_>) -> &Bound<'_, pyo3::types::PyString> {
        pyo3::intern!(py, "step")
    }
    fn quick(nargs: ffi::Py_ssize_t) -> bool {
        nargs == 1
    }
    fn call(
        py: Python<'_>,
        this: &AecSteps,
        first: Option<Borrowed<'_, '_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        match first {
            Some(action) => this.step(py, &action).map(|()| py.None()),
            None => unreachable!("`quick` passes step exactly one argument"),
        }
    }
}

/// `last()` or `last(observe)`.
struct Last;

impl Method for Last {
    fn name(py: Python<'_>) -> &Bound<'_, pyo3::types::PyString> {
        pyo3::intern!(py, "last")
    }
    fn quick(nargs: ffi::Py_ssize_t) -> bool {
        nargs <= 1
    }
    fn call(
        py: Python<'_>,
        this: &AecSteps,
        first: Option<Borrowed<'_, '_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        this.last(py, first.as_deref())
    }
}

/// The entry of method `M` (`entry::<Step>`, `entry::<Last>`): a call that
/// `M::quick` takes, with no keywords, the fast paths on and `slf` free to
/// borrow, runs `M::call` on the borrowed `AecSteps` and the call's
/// argument (inside `catch_unwind`); any other goes on to PyO3's method.
///
/// # Safety
/// See the module notes: the interpreter's vectorcall arguments of a call
/// in progress, `slf` an `AecSteps`.
unsafe extern "C" fn entry<M: Method>(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: the interpreter calls an entry with the GIL held.
    let py = unsafe { Python::assume_attached() };
    // SAFETY: `slf` is the function's live `self`, an `AecSteps`.
    let obj = unsafe { Borrowed::from_ptr(py, slf) };
    // SAFETY: kwnames is null or a tuple.
    if M::quick(nargs) && unsafe { no_keywords(kwnames) } && super::fast::enabled() {
        // SAFETY: see the module notes.
        let steps = unsafe { obj.cast_unchecked::<AecSteps>() };
        if let Ok(this) = steps.try_borrow() {
            // SAFETY: args[0] exists when nargs is 1 (`quick` takes at most
            // one), borrowed for the call.
            let first = (nargs == 1).then(|| unsafe { Borrowed::from_ptr(py, *args) });
            let done = catch_unwind(AssertUnwindSafe(|| M::call(py, &this, first)));
            return answer(py, done);
        }
    }
    // SAFETY: this call's arguments.
    unsafe { forward(py, &obj, M::name(py), args, nargs, kwnames) }
}
