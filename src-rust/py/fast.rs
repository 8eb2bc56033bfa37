//! The bindings' unsafe speed tricks, behind one switch: all of them here
//! but the pool of freed ranks (`pool.rs`) and the entries of `evaluate` and
//! `rank` (`entry.rs`) and of `aec_env`'s `step` and `last`
//! (`aec_entry.rs`), which the switch turns off too.
//!
//! `hoyle.evaluate` on a tuple of ints is a hot call (a loop over millions
//! of hands), and these tricks take most of the interpreter's cost out of it:
//!
//! 1. **The spare object** ([`Spare`]): the module keeps one reference to
//!    the last result it handed out. When the caller has dropped its own
//!    reference (as a loop over `evaluate` does), the object is refilled
//!    and handed out again instead of allocating a new one.
//! 2. **Reading a tuple of small ints** ([`tuple_ids`]): items are
//!    borrowed from the tuple without a reference count, and an int's value
//!    is read from its address when CPython keeps its cached small ints
//!    0..=51 evenly spaced (checked once), or by `PyLong_AsLong` otherwise.
//! 3. **Writing a numpy row in place** ([`row_mut`], for `hoyle.env`'s
//!    per-decision fill): its memory as a slice without rust-numpy's
//!    borrow tracking (a hash map entry and an allocation per array per
//!    call, a fifth of the fill's time).
//! 4. **Shared ints for values** ([`int_of`]): a value below 2**16 (every
//!    natural hand value) is handed out as one Python int made the first
//!    time it is asked for and kept for the life of the process, instead
//!    of a new int object per call (CPython caches only -5..=256).
//! 5. **`HandRank.value` as a member** ([`IntSlot`], [`add_int_member`]):
//!    the rank holds its value's int, and a member descriptor over that
//!    field lets the interpreter read `rank.value` with no call.
//! 6. **The spare tuple** ([`SpareTuple`], `aec_env`'s `last`): a tuple
//!    returned to a caller that unpacks it and lets go is refilled in place
//!    and handed out again, instead of a new tuple made, tracked by the
//!    cycle collector and freed at every step of the user's loop.
//!
//! Not behind the switch, because it changes no result and no path:
//! [`untracked`] takes a new result object (`HandRank`, `LowRank`) off the
//! cycle collector's lists, as CPython does for a tuple of atoms. PyO3
//! makes every pyclass a collector type, and a list of a million tracked
//! ranks makes the collector walk them again and again (a kept list of
//! ranks was built at a third of the speed of one of ints).
//!
//! # Safety
//!
//! * The spare holds one strong reference, so the object stays alive. It is
//!   refilled only when its reference count is 1: that one reference is
//!   ours, nobody else can see the object, so nobody sees it change. The
//!   refill stores into atomics of a frozen pyclass (relaxed, plain moves).
//!   The slot is taken and put back while the GIL is held; a free-threaded
//!   build swaps it atomically, so two threads never share it. The slot
//!   only ever holds objects of one pyclass `T` (the type parameter), so
//!   the unchecked cast back to `T` is right.
//! * The borrowed items are read while the tuple, which owns them, is
//!   borrowed by the caller and the GIL is held; indices are below the
//!   tuple's length. An address is taken for an int's value only when it
//!   lies exactly on the stride of the cached small ints 0..=51, whose
//!   layout was checked for every one of them (objects cannot overlap, so
//!   no other object starts there); any other item goes through an exact
//!   int check and `PyLong_AsLong`, whose overflow error is cleared, and
//!   anything unusual returns `None` so the safe path reads (and reports)
//!   it.
//! * A numpy row is written through [`row_mut`] only while the GIL is
//!   held and the caller runs no Python code and makes no other reference
//!   to its memory until it is done (`observe` reads every Python object
//!   first, and refuses two rows that overlap); the array is checked 1-d
//!   (its type), writable, aligned and C-contiguous, and the caller's
//!   borrow of it keeps its memory alive.
//!
//! * A shared int is a strong reference the table keeps forever (ints are
//!   immutable, so sharing one is invisible but to `is`); a slot is set
//!   once by compare-and-swap, so two threads that race each make an int
//!   and the loser drops its own.
//! * [`untracked`]: CPython allows untracking any collector object that
//!   cannot be part of a reference cycle; untracking one already untracked
//!   does nothing (`PyObject_GC_UnTrack` checks), so PyO3's `tp_dealloc`,
//!   which untracks first, stays right. A rank's only references are its
//!   type and, for a rank made under rules, a `HandRules`, whose own only
//!   reference is its type (no instance of the three classes has a
//!   `__dict__` or can be subclassed). So a cycle through a rank goes
//!   through a type object; CPython makes the same trade for instances of
//!   every heap type that is not a collector type, which its collector
//!   never sees either.
//!
//! * An [`IntSlot`] always points at a live int (never null): a shared one
//!   (which the table keeps alive forever, so the slot holds no reference
//!   of its own) or one it owns a strong reference to, dropped with it; it
//!   is refilled only in a spare object nobody else holds. The member's
//!   definition is leaked, so it outlives the type as the descriptor
//!   requires; its offset is measured on a live object of the class (all
//!   have one layout), and the descriptor reads an object pointer there,
//!   which is what the slot's `AtomicPtr` is laid out as.
//!
//! * [`SpareTuple`] refills its tuple only when its own reference is the
//!   only one (reference count 1: nobody else can see the tuple change)
//!   and the tuple has as many items as it is given; each item is replaced
//!   before the old one is let go (so a finaliser that runs on letting go
//!   sees a whole tuple, which it cannot reach anyway), and the tuple is
//!   tracked again if the collector untracked it (as it does a tuple of
//!   atoms), since it may now hold containers. The slot is a mutex taken
//!   without waiting (`try_lock`): a caller that finds it taken makes a
//!   new tuple.
//!
//! **The switch**: `hoyle._core._set_fast_paths(False)` (or the
//! environment variable `HOYLE_NO_FAST_PATHS` set when the module loads)
//! turns the tricks off, so every call takes the plain safe path; the
//! tests compare the two.

use pyo3::exceptions::PyRuntimeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyTuple};
use pyo3::PyClass;
use std::ffi::CStr;
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;
use std::sync::atomic::AtomicPtr;
#[cfg(Py_GIL_DISABLED)]
use std::sync::atomic::Ordering::Release;
use std::sync::atomic::Ordering::{AcqRel, Acquire, Relaxed};

static ENABLED: AtomicBool = AtomicBool::new(true);

/// Whether the tricks are on.
#[inline(always)]
pub fn enabled() -> bool {
    ENABLED.load(Relaxed)
}

/// Turns the tricks off when `HOYLE_NO_FAST_PATHS` is set (read once, when
/// the module loads).
pub fn from_env() {
    if std::env::var_os("HOYLE_NO_FAST_PATHS").is_some() {
        ENABLED.store(false, Relaxed);
    }
}

/// Turns the bindings' unsafe speed tricks on or off (for tests: results
/// are the same either way) and returns the previous setting. Off, a
/// spare result object is kept but never refilled.
#[pyfunction]
pub fn _set_fast_paths(on: bool) -> bool {
    ENABLED.swap(on, Relaxed)
}

/// One slot for a spare object of the pyclass `T` (see the module notes).
pub struct Spare<T> {
    slot: AtomicPtr<ffi::PyObject>,
    of: PhantomData<fn() -> T>,
}

impl<T: PyClass<Frozen = pyo3::pyclass::boolean_struct::True> + Sync> Spare<T> {
    pub const fn new() -> Spare<T> {
        Spare {
            slot: AtomicPtr::new(std::ptr::null_mut()),
            of: PhantomData,
        }
    }

    /// Takes the slot's reference (or null).
    #[inline(always)]
    fn take(&self) -> *mut ffi::PyObject {
        #[cfg(not(Py_GIL_DISABLED))]
        {
            let spare = self.slot.load(Relaxed);
            self.slot.store(std::ptr::null_mut(), Relaxed);
            spare
        }
        #[cfg(Py_GIL_DISABLED)]
        {
            self.slot.swap(std::ptr::null_mut(), Acquire)
        }
    }

    /// Stores a strong reference, or drops it if the slot is taken.
    #[inline(always)]
    fn put(&self, obj: *mut ffi::PyObject) {
        #[cfg(not(Py_GIL_DISABLED))]
        let stored = self.slot.load(Relaxed).is_null() && {
            self.slot.store(obj, Relaxed);
            true
        };
        #[cfg(Py_GIL_DISABLED)]
        let stored = self
            .slot
            .compare_exchange(std::ptr::null_mut(), obj, Release, Relaxed)
            .is_ok();
        if !stored {
            // SAFETY: `obj` is a strong reference owned by the caller.
            unsafe { ffi::Py_DECREF(obj) };
        }
    }

    /// The spare, refilled by `fill`, when the tricks are on and nobody
    /// else holds it; it stays the spare.
    #[inline(always)]
    pub fn reuse<'py>(&self, py: Python<'py>, fill: impl FnOnce(&T)) -> Option<Bound<'py, T>> {
        if !enabled() {
            return None;
        }
        let spare = self.take();
        if spare.is_null() {
            return None;
        }
        // SAFETY: the slot owned one strong reference to a live `T`, now
        // ours; a reference count of 1 means nobody else can see it.
        unsafe {
            if ffi::Py_REFCNT(spare) == 1 {
                let obj = Bound::from_borrowed_ptr(py, spare).cast_into_unchecked::<T>();
                fill(obj.get());
                self.put(spare);
                return Some(obj);
            }
            // The caller kept it: let go of the slot's reference.
            ffi::Py_DECREF(spare);
        }
        None
    }

    /// Keeps a reference to `obj` as the spare (when the tricks are on).
    #[inline(always)]
    pub fn keep(&self, obj: &Bound<'_, T>) {
        if enabled() {
            self.put(obj.clone().into_ptr());
        }
    }
}

/// Takes `obj` off the cycle collector's lists (see the module notes: a
/// `HandRank` or `LowRank`, which cannot be part of a cycle but through a
/// type object). Always on: results are the same either way.
#[inline(always)]
pub fn untracked<T: PyClass>(obj: Bound<'_, T>) -> Bound<'_, T> {
    // SAFETY: a live object of a collector type (every pyclass is one), the
    // GIL held; untracking an untracked object does nothing.
    unsafe { ffi::PyObject_GC_UnTrack(obj.as_ptr().cast()) };
    obj
}

/// Values below this are handed out as shared ints by [`int_of`].
const SHARED_INTS: usize = 1 << 16;

static INTS: [AtomicPtr<ffi::PyObject>; SHARED_INTS] =
    [const { AtomicPtr::new(std::ptr::null_mut()) }; SHARED_INTS];

/// `value`'s shared int, borrowed (the table keeps it for the life of the
/// process), when the tricks are on and it is below 2**16; made the first
/// time (see the module notes).
#[inline(always)]
fn shared_int(py: Python<'_>, value: u32) -> Option<*mut ffi::PyObject> {
    let slot = INTS.get(value as usize).filter(|_| enabled())?;
    let shared = slot.load(Acquire);
    if !shared.is_null() {
        return Some(shared);
    }
    let made = value
        .into_pyobject(py)
        .unwrap_or_else(|e| match e {})
        .into_ptr();
    match slot.compare_exchange(std::ptr::null_mut(), made, AcqRel, Acquire) {
        Ok(_) => Some(made),
        Err(first) => {
            // Another thread set it first: drop ours, use theirs.
            // SAFETY: `made` is the strong reference made just above.
            unsafe { ffi::Py_DECREF(made) };
            Some(first)
        }
    }
}

/// `value` as a Python int: a shared one when the tricks are on and it is
/// below 2**16 (see the module notes).
#[inline(always)]
pub fn int_of(py: Python<'_>, value: u32) -> Bound<'_, PyAny> {
    match shared_int(py, value) {
        // SAFETY: the table holds a strong reference to this int forever.
        Some(shared) => unsafe { Bound::from_borrowed_ptr(py, shared) },
        None => value
            .into_pyobject(py)
            .unwrap_or_else(|e| match e {})
            .into_any(),
    }
}

/// A field holding a Python int (never null) that a member descriptor
/// reads ([`add_int_member`]): the interpreter then reads the attribute
/// straight from the object (3.11's `LOAD_ATTR_SLOT`), with no call into
/// the extension. PyO3 makes such a member only for a `Py<T>` field, which
/// the spare object could not refill; this one can be ([`IntSlot::set`]).
/// A shared int is only borrowed (the table keeps it), so that making or
/// refilling a rank does not touch the int object; any other is owned.
pub struct IntSlot {
    int: AtomicPtr<ffi::PyObject>,
    owned: AtomicBool,
}

impl IntSlot {
    #[inline(always)]
    fn parts(py: Python<'_>, value: u32) -> (*mut ffi::PyObject, bool) {
        match shared_int(py, value) {
            Some(shared) => (shared, false),
            None => (
                value
                    .into_pyobject(py)
                    .unwrap_or_else(|e| match e {})
                    .into_ptr(),
                true,
            ),
        }
    }

    /// A slot holding `value`.
    #[inline(always)]
    pub fn new(py: Python<'_>, value: u32) -> IntSlot {
        let (int, owned) = IntSlot::parts(py, value);
        IntSlot {
            int: AtomicPtr::new(int),
            owned: AtomicBool::new(owned),
        }
    }

    /// Puts `value` in the slot. For the refill of a spare object only,
    /// which nobody else can see (see the module notes).
    #[inline(always)]
    pub fn set(&self, py: Python<'_>, value: u32) {
        let (int, owned) = IntSlot::parts(py, value);
        // Loads and stores, not swaps: nobody else sees the slot now, and a
        // swap is a locked instruction (a third of a refill's time).
        let old = self.int.load(Relaxed);
        self.int.store(int, Relaxed);
        let was_owned = self.owned.load(Relaxed);
        self.owned.store(owned, Relaxed);
        if was_owned {
            // SAFETY: the slot's own reference; freeing an int runs no code.
            unsafe { ffi::Py_DECREF(old) };
        }
    }
}

impl Drop for IntSlot {
    fn drop(&mut self) {
        if *self.owned.get_mut() {
            // SAFETY: the slot's own reference. The objects holding slots
            // are made and dropped only with the interpreter attached (in a
            // binding, or by their type's tp_dealloc).
            unsafe { ffi::Py_DECREF(*self.int.get_mut()) };
        }
    }
}

/// Gives the pyclass `T` a read-only attribute `name` (documented by `doc`)
/// that reads the [`IntSlot`] `slot_of` finds in `probe` (an object of `T`,
/// to measure the slot's offset; every object of `T` has the same layout).
/// The descriptor goes into the type's dict as type creation would put it,
/// replacing any getter of that name, and the type's caches are told.
pub fn add_int_member<T: PyClass<Frozen = pyo3::pyclass::boolean_struct::True> + Sync>(
    probe: &Bound<'_, T>,
    slot_of: impl Fn(&T) -> &IntSlot,
    name: &'static CStr,
    doc: &'static CStr,
) -> PyResult<()> {
    let py = probe.py();
    let offset = (&slot_of(probe.get()).int as *const AtomicPtr<ffi::PyObject> as usize)
        .checked_sub(probe.as_ptr() as usize)
        .and_then(|o| ffi::Py_ssize_t::try_from(o).ok())
        .ok_or_else(|| PyRuntimeError::new_err("a member outside its object"))?;
    // The interpreter keeps a pointer to the definition for the life of the
    // type: one small leak per member, made once when the module loads.
    let def: &'static mut [ffi::PyMemberDef; 2] = Box::leak(Box::new([
        ffi::PyMemberDef {
            name: name.as_ptr(),
            type_code: ffi::Py_T_OBJECT_EX,
            offset,
            flags: ffi::Py_READONLY,
            doc: doc.as_ptr(),
        },
        // SAFETY: the all-zero sentinel that ends a member table.
        unsafe { std::mem::zeroed() },
    ]));
    let ty = py.get_type::<T>();
    let tp = ty.as_type_ptr();
    // SAFETY: a live heap type, the GIL held; the definition lives forever
    // and names an `IntSlot`'s int (an object pointer, never null, alive
    // while the object holds it) at `offset` in every object of the type.
    unsafe {
        let descr = Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMember(tp, def.as_mut_ptr()))?;
        let dict = (*tp).tp_dict;
        if dict.is_null() || ffi::PyDict_SetItemString(dict, name.as_ptr(), descr.as_ptr()) != 0 {
            return Err(PyErr::fetch(py));
        }
        ffi::PyType_Modified(tp);
    }
    Ok(())
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

/// Distinct ids from an exact tuple of 5..=7 ints in 0..=51, or None to
/// take the general path (which also produces the right error); always
/// None when the tricks are off.
#[inline(always)]
pub fn tuple_ids(py: Python<'_>, t: &Bound<'_, PyTuple>, buf: &mut [u8; 7]) -> Option<usize> {
    let n = t.len();
    if !enabled() || !(5..=7).contains(&n) {
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

/// A 1-d numpy array's memory as a mutable slice, without rust-numpy's
/// borrow tracking, when it is writable, aligned and C-contiguous; None
/// (take the tracked path, which also names what is wrong) otherwise or
/// when the tricks are off.
///
/// # Safety
/// The GIL is held, and while the slice lives the caller runs no Python
/// code and makes no other reference to this memory (see the module notes).
#[allow(clippy::mut_from_ref)]
#[inline(always)]
pub unsafe fn row_mut<'a, T: numpy::Element>(
    array: &'a Bound<'_, numpy::PyArray1<T>>,
) -> Option<&'a mut [T]> {
    use numpy::npyffi::{objects::_PyArray_GET_ITEM_DATA, NPY_ARRAY_WRITEABLE};
    use numpy::{PyArrayMethods, PyUntypedArrayMethods};
    if !enabled() || cfg!(Py_GIL_DISABLED) {
        return None; // (free-threaded: other threads may write it meanwhile)
    }
    // SAFETY: a live array object, read with the GIL held.
    let flags = unsafe { (*_PyArray_GET_ITEM_DATA(array.as_array_ptr())).flags };
    if flags & NPY_ARRAY_WRITEABLE == 0 || !array.is_c_contiguous() || !array.is_aligned() {
        return None;
    }
    // SAFETY: the caller promises no other reference and no Python code.
    unsafe { array.as_slice_mut().ok() }
}

/// One spare tuple of `N` items (trick 6, see the module notes).
pub struct SpareTuple<const N: usize> {
    slot: std::sync::Mutex<Option<Py<PyTuple>>>,
}

impl<const N: usize> SpareTuple<N> {
    pub fn new() -> SpareTuple<N> {
        SpareTuple {
            slot: std::sync::Mutex::new(None),
        }
    }

    /// A tuple of `items`: the spare refilled when the tricks are on and
    /// nobody else holds it, else a new one, kept as the spare.
    pub fn tuple<'py>(
        &self,
        py: Python<'py>,
        items: [Bound<'py, PyAny>; N],
    ) -> PyResult<Bound<'py, PyTuple>> {
        let Ok(mut slot) = self.slot.try_lock() else {
            return PyTuple::new(py, items);
        };
        if cfg!(Py_GIL_DISABLED) {
            return PyTuple::new(py, items); // (a reference count is not a whole count there)
        }
        if let Some(spare) = slot.as_ref().filter(|_| enabled()) {
            let t = spare.as_ptr();
            // SAFETY: the GIL is held and `t` is a live tuple the slot owns;
            // with a reference count of 1 nobody else can see it (see the
            // module notes); the indices are below its size.
            unsafe {
                if ffi::Py_REFCNT(t) == 1 && ffi::PyTuple_GET_SIZE(t) == N as ffi::Py_ssize_t {
                    for (i, item) in items.into_iter().enumerate() {
                        let i = i as ffi::Py_ssize_t;
                        let old = ffi::PyTuple_GET_ITEM(t, i);
                        ffi::PyTuple_SET_ITEM(t, i, item.into_ptr());
                        ffi::Py_DECREF(old);
                    }
                    if ffi::PyObject_GC_IsTracked(t) == 0 {
                        ffi::PyObject_GC_Track(t.cast());
                    }
                    return Ok(spare.bind(py).clone());
                }
            }
        }
        let made = PyTuple::new(py, items)?;
        *slot = enabled().then(|| made.clone().unbind());
        Ok(made)
    }

    /// Shows the spare to the collector (`__traverse__`), when the slot is free.
    pub fn visit(&self, visit: &pyo3::gc::PyVisit<'_>) -> Result<(), pyo3::PyTraverseError> {
        match self.slot.try_lock() {
            Ok(slot) => visit.call(slot.as_ref()),
            Err(_) => Ok(()),
        }
    }

    /// Lets go of the spare (`__clear__`).
    pub fn clear(&self) {
        if let Ok(mut slot) = self.slot.try_lock() {
            *slot = None;
        }
    }
}
