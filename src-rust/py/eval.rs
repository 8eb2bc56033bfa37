//! `hoyle.evaluate`, `hoyle.evaluate_batch` and `hoyle.HandRank`.

use super::cards::{to_ids, Card};
use super::errors::HandError;
use super::rules::{evaluate_batch_ruled, evaluate_ruled, is_natural, threads_arg, HandRules};
use crate::eval::rules::category_of;
use crate::eval::wild::Played;
use crate::eval::{batch, describe, high};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyTuple};
use pyo3::{ffi, intern};
use std::sync::atomic::Ordering::Relaxed;
#[cfg(Py_GIL_DISABLED)]
use std::sync::atomic::Ordering::{Acquire, Release};
use std::sync::atomic::{AtomicPtr, AtomicU32, AtomicU64};

/// The rank of a hand: `.value` (larger is stronger, equal is a tie),
/// `.category`, `.best_five` (the cards that play) and, as `str()`, the hand
/// in words. Comparisons and hashing use the value only.
///
/// >>> from hoyle import evaluate
/// >>> rank = evaluate("Kh Kd Ks 7c 7d 2s 3h")
/// >>> str(rank), rank.category.name
/// ('Full House, Kings over Sevens', 'FULL_HOUSE')
/// >>> rank > evaluate("As Ad Ac Qh Jd 2s 3h")
/// True
#[pyclass(frozen, module = "hoyle", name = "HandRank")]
pub struct HandRank {
    // Atomics only so that a spare object nobody else holds can be refilled
    // (see `make_rank`); relaxed loads and stores are plain moves.
    value: AtomicU32,
    /// The hand's card ids in bytes 0..7 and their count in byte 7.
    cards: AtomicU64,
    /// Set (and never changed) when evaluated under hand rules: the five as
    /// named and as held. Such ranks are never the spare.
    played: Option<Played>,
}

/// Packs up to seven card ids and their count into one word.
fn pack(cards: &[u8]) -> u64 {
    let mut word = (cards.len() as u64) << 56;
    for (i, &c) in cards.iter().enumerate() {
        word |= (c as u64) << (8 * i);
    }
    word
}

impl HandRank {
    fn get_value(&self) -> u32 {
        self.value.load(Relaxed)
    }

    fn ids(&self) -> Vec<u8> {
        let word = self.cards.load(Relaxed);
        let len = (word >> 56) as usize;
        (0..len).map(|i| (word >> (8 * i)) as u8).collect()
    }

    fn five(&self) -> [u8; 5] {
        match &self.played {
            Some(p) => p.named,
            None => high::best_five(&self.ids()),
        }
    }

    /// A rank evaluated under hand rules.
    pub fn from_played(value: u32, played: Played) -> HandRank {
        HandRank {
            value: AtomicU32::new(value),
            cards: AtomicU64::new(0),
            played: Some(played),
        }
    }

    /// The value with the category in bits 12.. (a four-flush game's values
    /// are wide), for describing it.
    fn narrow(&self) -> u32 {
        let v = self.get_value();
        (category_of(v) as u32) << 12 | (v & 0xFFF)
    }
}

/// A HandRank the module keeps one reference to. When a caller has
/// dropped the last rank it was given (as a loop over `evaluate` does), the
/// object is refilled and handed out again instead of allocating a new one:
/// nobody else holds it, so nobody sees it change.
static SPARE: AtomicPtr<ffi::PyObject> = AtomicPtr::new(std::ptr::null_mut());

/// Takes the spare (a strong reference, or null). With the GIL, only the
/// thread holding it runs here, so a plain load and store suffice; a
/// free-threaded build swaps atomically.
#[inline(always)]
fn take_spare() -> *mut ffi::PyObject {
    #[cfg(not(Py_GIL_DISABLED))]
    {
        let spare = SPARE.load(Relaxed);
        SPARE.store(std::ptr::null_mut(), Relaxed);
        spare
    }
    #[cfg(Py_GIL_DISABLED)]
    {
        SPARE.swap(std::ptr::null_mut(), Acquire)
    }
}

fn make_rank(py: Python<'_>, value: u32, cards: u64) -> PyResult<Bound<'_, HandRank>> {
    let spare = take_spare();
    if !spare.is_null() {
        // SAFETY: SPARE owned one strong reference to a live HandRank, now
        // ours; a reference count of 1 means nobody else can see it.
        unsafe {
            if ffi::Py_REFCNT(spare) == 1 {
                let rank = Bound::from_borrowed_ptr(py, spare).cast_into_unchecked::<HandRank>();
                let r = rank.get();
                r.value.store(value, Relaxed);
                r.cards.store(cards, Relaxed);
                keep_spare(spare);
                return Ok(rank);
            }
            // The caller kept it: let go of the module's reference.
            ffi::Py_DECREF(spare);
        }
    }
    let rank = Bound::new(
        py,
        HandRank {
            value: AtomicU32::new(value),
            cards: AtomicU64::new(cards),
            played: None,
        },
    )?;
    keep_spare(rank.clone().into_ptr());
    Ok(rank)
}

/// Stores a strong reference as the spare, or drops it if another thread
/// stored one first.
#[inline(always)]
fn keep_spare(obj: *mut ffi::PyObject) {
    #[cfg(not(Py_GIL_DISABLED))]
    let stored = SPARE.load(Relaxed).is_null() && {
        SPARE.store(obj, Relaxed);
        true
    };
    #[cfg(Py_GIL_DISABLED)]
    let stored = SPARE
        .compare_exchange(std::ptr::null_mut(), obj, Release, Relaxed)
        .is_ok();
    if !stored {
        // SAFETY: `obj` is a strong reference owned by the caller.
        unsafe { ffi::Py_DECREF(obj) };
    }
}

static CATEGORIES: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

#[pymethods]
impl HandRank {
    /// The value: larger is stronger, equal means a tie.
    #[getter]
    fn value(&self) -> u32 {
        self.get_value()
    }

    /// The hand's `hoyle.Category`.
    #[getter]
    fn category<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let cls = CATEGORIES.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
            Ok(py.import("hoyle.category")?.getattr("Category")?.unbind())
        })?;
        cls.bind(py).call1((category_of(self.get_value()),))
    }

    /// The five cards that make the hand, in the order they are read; a
    /// wild card shows the card it stands for.
    #[getter]
    fn best_five<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.five().into_iter().map(|id| Card { id }))
    }

    /// The same five as held, in the same order: a wild card as itself, so
    /// `zip(held_five, best_five)` shows what each wild card stands for.
    #[getter]
    fn held_five<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let held = match &self.played {
            Some(p) => p.held,
            None => self.five(),
        };
        PyTuple::new(py, held.into_iter().map(|id| Card { id }))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<HandRank>() {
            Ok(other) => Ok(op
                .matches(self.get_value().cmp(&other.get().get_value()))
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind()),
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    /// Pickles as the call that makes it again: `evaluate(cards)`.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyTuple>,))> {
        let evaluate = py
            .import(intern!(py, "hoyle._core"))?
            .getattr(intern!(py, "evaluate"))?;
        let cards = PyTuple::new(py, self.ids())?;
        Ok((evaluate, (cards,)))
    }

    fn __hash__(&self) -> u64 {
        self.get_value() as u64
    }

    fn __str__(&self) -> String {
        describe::describe(self.narrow(), &self.five())
    }

    fn __repr__(&self) -> String {
        let cards: Vec<String> = self.five().iter().map(|&c| crate::cards::name(c)).collect();
        format!(
            "<HandRank {} ({}) value={}>",
            describe::describe(self.narrow(), &self.five()),
            cards.join(" "),
            self.get_value()
        )
    }
}

/// Where CPython keeps its cached small ints 0..=51, when they lie evenly
/// spaced at a power-of-two stride (checked once): then an int object's
/// address alone gives its value, with no call into the interpreter.
struct SmallInts {
    base: usize,
    shift: u32,
}

static SMALL_INTS: PyOnceLock<Option<SmallInts>> = PyOnceLock::new();

fn small_ints(py: Python<'_>) -> &Option<SmallInts> {
    SMALL_INTS.get_or_init(py, || {
        let addr = |v: u8| v.into_pyobject(py).ok().map(|o| o.as_ptr() as usize);
        let (base, one) = (addr(0)?, addr(1)?);
        let stride = one.checked_sub(base)?;
        if !stride.is_power_of_two() {
            return None;
        }
        let layout_holds = (0..52u8).all(|v| addr(v) == Some(base + v as usize * stride));
        layout_holds.then_some(SmallInts {
            base,
            shift: stride.trailing_zeros(),
        })
    })
}

/// Distinct ids from an exact tuple of 5..=7 ints in 0..=51, or None to take the
/// general path (which also produces the right error).
#[inline(always)]
fn tuple_ids(py: Python<'_>, t: &Bound<'_, PyTuple>, buf: &mut [u8; 7]) -> Option<usize> {
    let n = t.len();
    if !(5..=7).contains(&n) {
        return None;
    }
    let small = small_ints(py);
    let mut seen = 0u64;
    for (i, slot) in buf.iter_mut().enumerate().take(n) {
        // SAFETY: i < len of the tuple.
        let item = unsafe { t.get_borrowed_item_unchecked(i) };
        let ptr = item.as_ptr() as usize;
        if let Some(small) = small {
            let offset = ptr.wrapping_sub(small.base);
            let id = offset >> small.shift;
            if id < 52 && offset & ((1 << small.shift) - 1) == 0 {
                if seen & (1 << id) != 0 {
                    return None;
                }
                seen |= 1 << id;
                *slot = id as u8;
                continue;
            }
        }
        if !item.is_exact_instance_of::<PyInt>() {
            return None;
        }
        // SAFETY: item is an int object, borrowed from the tuple.
        let v = unsafe { ffi::PyLong_AsLong(item.as_ptr()) };
        if !(0..52).contains(&v) {
            if v == -1 {
                // Clears an overflow error; the general path reports the id.
                drop(PyErr::take(py));
            }
            return None;
        }
        if seen & (1 << v) != 0 {
            return None;
        }
        seen |= 1 << v;
        *slot = v as u8;
    }
    Some(n)
}

/// Ranks the best five of 5, 6 or 7 cards (text, Cards, or ids; a tuple of
/// ints is the fast path), with `board` cards if given, under `rules`
/// (`hoyle.HandRules`: wild cards, the bug, the four-flush, Omaha's split).
///
/// >>> from hoyle import evaluate
/// >>> str(evaluate("As Ks Qs Js Ts"))
/// 'Straight Flush, Royal'
/// >>> evaluate((51, 47, 43, 39, 35, 0, 1)).category.name
/// 'STRAIGHT_FLUSH'
#[pyfunction]
#[pyo3(signature = (cards, *, board=None, rules=None))]
pub fn evaluate<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    board: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'py, HandRules>>,
) -> PyResult<Bound<'py, HandRank>> {
    if board.is_some() || rules.is_some_and(|r| !is_natural(r)) {
        return Bound::new(py, evaluate_ruled(cards, board, rules)?);
    }
    let mut buf = [0u8; 7];
    if let Ok(t) = cards.cast_exact::<PyTuple>() {
        if let Some(n) = tuple_ids(py, t, &mut buf) {
            let hand = &buf[..n];
            return make_rank(py, high::value_of(hand) as u32, pack(hand));
        }
    }
    let ids = to_ids(cards)?;
    high::check_hand(&ids)?;
    make_rank(py, high::value_of(&ids) as u32, pack(&ids))
}

/// A C-contiguous `uint8` array of shape `(n, k)`, read-only, with its
/// shape; anything else is a `HandError` that says what `what` was.
pub(crate) fn uint8_rows<'py>(
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

/// Ranks every row of `hands`, a C-contiguous `uint8` array of shape
/// `(n, k)` with k = 5, 6 or 7, into a `uint32` array of values equal to
/// `evaluate(row).value`. The interpreter is released while it runs, and
/// large batches are split over `threads` (default: all cores).
///
/// >>> import numpy as np
/// >>> from hoyle import evaluate, evaluate_batch
/// >>> hands = np.array([[51, 47, 43, 39, 35, 0, 1], [0, 4, 8, 12, 17, 30, 31]], dtype=np.uint8)
/// >>> [int(v) for v in evaluate_batch(hands)] == [evaluate(tuple(map(int, r))).value for r in hands]
/// True
#[pyfunction]
#[pyo3(signature = (hands, *, board=None, rules=None, threads=None))]
pub fn evaluate_batch<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    board: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'py, HandRules>>,
    threads: Option<i64>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let threads = threads_arg(threads)?;
    if board.is_some() || rules.is_some_and(|r| !is_natural(r)) {
        return evaluate_batch_ruled(py, hands, board, rules, threads);
    }
    let (readonly, rows, k) = uint8_rows("hands", hands)?;
    let data = readonly.as_slice()?;
    let mut out = vec![0u32; rows];
    py.detach(|| batch::evaluate_batch_into(data, k, &mut out, threads))?;
    Ok(out.into_pyarray(py))
}
