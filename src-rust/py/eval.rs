//! `hoyle.evaluate`, `hoyle.evaluate_batch` and `hoyle.HandRank`, with
//! their rules paths. The unsafe speed tricks of the plain path live in
//! `fast.rs`.

use super::args::{remake, run_batch, threads_of, uint8_rows, with_output};
use super::cards::{to_ids, Card};
use super::display;
use super::fast::{self, IntSlot, Spare};
use super::pool::{Pool, Pooled};
use super::rules::{hand_ids, prep_of, HandRules};
use crate::eval::rules::category_of;
use crate::eval::wild::{self, PlayedCards};
use crate::eval::{batch, describe, high, rules_batch};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU32, AtomicU64};

/// The rank of a hand: `.value` (larger is stronger, equal is a tie),
/// `.category`, `.best_five` (the cards that play) and, as `str()`, the hand
/// in words. Comparisons and hashing use the value only.
///
/// A rank never changes, but compare ranks with `==`, never `is`: equal
/// values are not one object (two flushes of one value differ in their
/// best five), and once every reference to a plain rank is dropped its
/// object may be refilled and handed out by a later `evaluate` (up to
/// 131,072 freed ranks are kept for that), so an `id()` of a rank you let
/// go may come back as another hand's.
///
/// >>> from hoyle import evaluate
/// >>> rank = evaluate("Kh Kd Ks 7c 7d 2s 3h")
/// >>> str(rank), rank.category.name
/// ('Full House, Kings over Sevens', 'FULL_HOUSE')
/// >>> rank > evaluate("As Ad Ac Qh Jd 2s 3h")
/// True
/// >>> a, b = evaluate("As Ad Ac Ah 2c"), evaluate("Ad As Ah Ac 2c")
/// >>> a == b, hash(a) == hash(b), a is b
/// (True, True, False)
#[pyclass(frozen, module = "hoyle", name = "HandRank")]
pub struct HandRank {
    /// `.value` as a Python int, which Python reads as the `value` member
    /// (see [`add_value_member`]).
    value_int: IntSlot,
    // Atomics only so that a spare object nobody else holds can be refilled
    // (see `make_rank`); relaxed loads and stores are plain moves.
    value: AtomicU32,
    /// The hand's card ids in bytes 0..7 and their count in byte 7.
    cards: AtomicU64,
    /// Set (and never changed) when evaluated with a board or under hand
    /// rules. Such ranks are never the spare.
    ruled: Option<Box<Ruled>>,
}

/// What a rank evaluated with a board or under hand rules keeps: the five
/// as named and as held, and the call that makes it again (for pickling).
struct Ruled {
    played: PlayedCards,
    hole: Vec<u8>,
    board: Vec<u8>,
    rules: Option<Py<HandRules>>,
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
        match &self.ruled {
            Some(r) => r.played.named,
            None => high::best_five(&self.ids()),
        }
    }

    /// A rank evaluated with a board or under hand rules.
    fn from_played(py: Python<'_>, value: u32, ruled: Ruled) -> HandRank {
        HandRank {
            value_int: IntSlot::new(py, value),
            value: AtomicU32::new(value),
            cards: AtomicU64::new(0),
            ruled: Some(Box::new(ruled)),
        }
    }

    /// The value with the category in bits 12.. (a four-flush game's values
    /// are wide), for describing it.
    fn narrow(&self) -> u32 {
        let v = self.get_value();
        (category_of(v) as u32) << 12 | (v & 0xFFF)
    }
}

/// The spare HandRank (see `fast.rs`): a loop over `evaluate` that drops
/// each rank gets the same object back, refilled.
static SPARE: Spare<HandRank> = Spare::new();

/// Freed plain ranks, refilled by `make_rank` (see `pool.rs`).
static POOL: Pool<HandRank> = Pool::new();

// Ranks are untracked (`fast::untracked`), have no `__dict__` or weak
// references, and `HandRank` cannot be subclassed, as `Pooled` asks.
impl Pooled for HandRank {
    fn pool() -> &'static Pool<HandRank> {
        &POOL
    }

    /// A plain rank (no board, natural rules), which `make_rank` refills.
    fn poolable(&self) -> bool {
        self.ruled.is_none()
    }
}

/// Gives `HandRank` its pool (once, when the module loads).
pub fn add_pool(py: Python<'_>) -> PyResult<()> {
    POOL.install(py)
}

/// How many freed ranks the pool keeps now, at most 131,072 (for tests).
#[pyfunction]
pub fn _pooled_ranks() -> usize {
    POOL.len()
}

/// A plain rank of `value` and `cards`: the spare or a pooled rank
/// (`pool.rs`) refilled when one is free, else a new one.
pub(super) fn make_rank(py: Python<'_>, value: u32, cards: u64) -> PyResult<Bound<'_, HandRank>> {
    let refill = |r: &HandRank| {
        r.value_int.set(py, value);
        r.value.store(value, Relaxed);
        r.cards.store(cards, Relaxed);
    };
    if let Some(rank) = SPARE.reuse(py, refill) {
        return Ok(rank);
    }
    if let Some(rank) = POOL.pop(py) {
        refill(rank.get());
        SPARE.keep(&rank);
        return Ok(rank);
    }
    let rank = fast::untracked(Bound::new(
        py,
        HandRank {
            value_int: IntSlot::new(py, value),
            value: AtomicU32::new(value),
            cards: AtomicU64::new(cards),
            ruled: None,
        },
    )?);
    SPARE.keep(&rank);
    Ok(rank)
}

/// Gives `HandRank` its `value` as a member over `value_int` (in place of
/// a getter; see `fast.rs`).
pub fn add_value_member(py: Python<'_>) -> PyResult<()> {
    let probe = make_rank(py, 0, 0)?;
    fast::add_int_member(
        &probe,
        |r: &HandRank| &r.value_int,
        c"value",
        c"The value: larger is stronger, equal means a tie.",
    )
}

static CATEGORIES: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

#[pymethods]
impl HandRank {
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
        let held = match &self.ruled {
            Some(r) => r.played.held,
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

    /// Pickles as the call that makes it again: `evaluate(cards)`, or
    /// `functools.partial(evaluate, board=board, rules=rules)(cards)` for a
    /// rank made with a board or rules, so that it comes back with both.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyTuple>,))> {
        let evaluate = py
            .import(intern!(py, "hoyle._core"))?
            .getattr(intern!(py, "evaluate"))?;
        let Some(r) = &self.ruled else {
            return Ok((evaluate, (PyTuple::new(py, self.ids())?,)));
        };
        let rules = r.rules.as_ref().map(|r| r.bind(py).as_any());
        let call = remake(evaluate, &r.board, rules)?;
        Ok((call, (PyTuple::new(py, &r.hole)?,)))
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

    /// HTML for Jupyter: the hand in words, its category and best five cards.
    fn _repr_html_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        display::show(slf.as_any(), "rank_html")
    }

    /// The hand for the rich library: in words, then the best five cards.
    fn __rich__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        display::show(slf.as_any(), "rank_rich")
    }
}

/// `evaluate` with a board or rules.
fn evaluate_ruled(
    cards: &Bound<'_, PyAny>,
    board: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, HandRules>>,
) -> PyResult<(u32, Ruled)> {
    let prep = prep_of(rules);
    let (hole, board) = hand_ids(&prep.rules, cards, board, 5)?;
    let (value, played) = wild::play(prep, &hole, &board);
    let ruled = Ruled {
        played,
        hole,
        board,
        rules: rules.map(|r| r.clone().unbind()),
    };
    Ok((value, ruled))
}

/// Whether `rules` (if any) leave evaluation the plain natural one.
fn natural(rules: Option<&Bound<'_, HandRules>>) -> bool {
    rules.is_none_or(|r| r.get().rules().is_natural())
}

/// The natural value of `cards` (no board, natural rules) and the cards
/// packed, by the tuple fast path when it applies.
#[inline(always)]
fn natural_value(py: Python<'_>, cards: &Bound<'_, PyAny>) -> PyResult<(u32, u64)> {
    if let Ok(t) = cards.cast_exact::<PyTuple>() {
        if let Some(found) = tuple_value(py, t) {
            return Ok(found);
        }
    }
    let mut buf = [0u8; 7];
    if let Some(n) = numpy_row(cards, &mut buf)? {
        let hand = &buf[..n];
        high::check_hand(hand)?;
        return Ok((high::value_of(hand) as u32, pack(hand)));
    }
    let ids = to_ids(cards)?;
    high::check_hand(&ids)?;
    Ok((high::value_of(&ids) as u32, pack(&ids)))
}

/// The natural value and packed cards of a tuple of 5..=7 distinct small
/// ints, by the tuple fast path; None when it does not apply (anything
/// else, or the tricks off).
#[inline(always)]
pub(super) fn tuple_value(py: Python<'_>, t: &Bound<'_, PyTuple>) -> Option<(u32, u64)> {
    let mut buf = [0u8; 7];
    let n = fast::tuple_ids(py, t, &mut buf)?;
    let hand = &buf[..n];
    Some((high::value_of(hand) as u32, pack(hand)))
}

/// A one-dimensional numpy array of 5..=7 `uint8` or `int64` card ids (a
/// row of `hoyle.deal` or of an `evaluate_batch` input) read straight into
/// `buf`, its length returned; None for anything else, an id past 255
/// included (read as cards the slow way, which names what is wrong).
fn numpy_row(cards: &Bound<'_, PyAny>, buf: &mut [u8; 7]) -> PyResult<Option<usize>> {
    fn copy<T: Copy + numpy::Element>(
        a: &Bound<'_, PyArray1<T>>,
        buf: &mut [u8; 7],
        to: impl Fn(T) -> Option<u8>,
    ) -> PyResult<Option<usize>> {
        // Safety: read at once with the interpreter held, no Python code
        // running meanwhile (the borrow tracking would cost more than the
        // evaluation).
        let Ok(s) = (unsafe { a.as_slice() }) else {
            return Ok(None);
        };
        if !(5..=7).contains(&s.len()) {
            return Ok(None);
        }
        for (b, &v) in buf.iter_mut().zip(s) {
            match to(v) {
                Some(c) => *b = c,
                None => return Ok(None),
            }
        }
        Ok(Some(s.len()))
    }
    if let Ok(a) = cards.cast::<PyArray1<u8>>() {
        return copy(a, buf, Some);
    }
    if let Ok(a) = cards.cast::<PyArray1<i64>>() {
        return copy(a, buf, |v| u8::try_from(v).ok());
    }
    Ok(None)
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
    if board.is_some() || !natural(rules) {
        let (value, ruled) = evaluate_ruled(cards, board, rules)?;
        let rank = HandRank::from_played(py, value, ruled);
        return Ok(fast::untracked(Bound::new(py, rank)?));
    }
    let (value, packed) = natural_value(py, cards)?;
    make_rank(py, value, packed)
}

/// The value alone: `rank(cards)` is `evaluate(cards).value` (the same
/// arguments, the same errors), as a plain int, without making the
/// `HandRank`: the call to use when only the order of hands matters.
///
/// >>> from hoyle import evaluate, rank
/// >>> rank("As Ks Qs Js Ts") == evaluate("As Ks Qs Js Ts").value
/// True
/// >>> rank((51, 50, 49, 48, 0, 5, 9)) > rank("Kh Kd Ks Kc 2c 7d 3h")
/// True
#[pyfunction]
#[pyo3(signature = (cards, *, board=None, rules=None))]
pub fn rank<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    board: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'py, HandRules>>,
) -> PyResult<Bound<'py, PyAny>> {
    let value = if board.is_some() || !natural(rules) {
        evaluate_ruled(cards, board, rules)?.0
    } else {
        natural_value(py, cards)?.0
    };
    Ok(fast::int_of(py, value))
}

/// Ranks every row of `hands`, a C-contiguous `uint8` array of shape
/// `(n, k)` with k = 5, 6 or 7, into a `uint32` array of values equal to
/// `evaluate(row).value`. The interpreter is released while it runs, and
/// large batches are split over `threads` (default: all cores), which
/// also write the output. `out`, if given, is filled and returned instead
/// of a new array: a C-contiguous, writable `uint32` array of shape `(n,)`
/// (numpy's `out=`); when a row is invalid, the error names it and `out`
/// is left as it was (so the batch is valued into a new array first and
/// copied: `out=` saves no time, it puts the values where you want them).
///
/// >>> import numpy as np
/// >>> from hoyle import evaluate, evaluate_batch
/// >>> hands = np.array([[51, 47, 43, 39, 35, 0, 1], [0, 4, 8, 12, 17, 30, 31]], dtype=np.uint8)
/// >>> [int(v) for v in evaluate_batch(hands)] == [evaluate(tuple(map(int, r))).value for r in hands]
/// True
/// >>> out = np.empty(2, dtype=np.uint32)
/// >>> evaluate_batch(hands, out=out) is out, out.tolist() == evaluate_batch(hands).tolist()
/// (True, True)
#[pyfunction]
#[pyo3(signature = (hands, *, board=None, rules=None, threads=None, out=None))]
pub fn evaluate_batch<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    board: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'py, HandRules>>,
    threads: Option<&Bound<'py, PyAny>>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let threads = threads_of(threads)?;
    if board.is_some() || !natural(rules) {
        let prep = prep_of(rules);
        return run_batch(py, hands, board, threads, out, |h, b, s, o, t| {
            rules_batch::evaluate_batch_into(prep, h, b, s, o, t)
        });
    }
    let (readonly, rows, k) = uint8_rows("hands", hands)?;
    let data = readonly.as_slice()?;
    with_output(py, out, rows, threads, |slots| {
        batch::evaluate_batch_into(data, k, slots, threads)
    })
}
