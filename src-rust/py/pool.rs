//! A bounded pool of freed `HandRank`s, reused instead of making new
//! ones: a list of kept ranks, freed and made again (a loop that builds
//! one list per pass), then costs no allocation and no free.
//!
//! Why a pool and not one shared object per value: a `HandRank` holds its
//! cards (`.best_five` is read from them, and two hands of one value can
//! have different best fives, e.g. two flushes of the same ranks in other
//! suits), so equal values are not equal objects. What the profile of a
//! kept list showed instead was the making and freeing of each object
//! (PyO3's initializer and `tp_dealloc`, the allocator, the cycle
//! collector's bookkeeping of a new object): about a third of the time.
//!
//! How: the type's `tp_dealloc` is replaced by [`dealloc`], which, for an
//! object its type says may be pooled ([`Pooled::poolable`]: for a rank, a
//! plain one, with no board and natural rules, as `evaluate(cards)` makes)
//! while the pool has room, takes the dying object back as the pool's own
//! reference (its reference count set from 0 back to 1) instead of freeing
//! it; [`Pool::pop`] hands such an object out again, to be refilled as the
//! spare is (`fast.rs`). Anything else is freed by PyO3's `tp_dealloc`.
//!
//! **The bound**: at most [`CAP`] (131,072) freed ranks are kept, about
//! 10 MiB (`sys.getsizeof` of a rank is 72 bytes, 80 as allocated), for
//! the life of the process; the pool's slots are 1 MiB more, touched only
//! as they are used.
//!
//! Off on a free-threaded build (its reference counts are split between
//! threads, and a dying object's cannot simply be set back) and on a build
//! that traces every object (`sys.getobjects`, which has already let go of
//! an object when its `tp_dealloc` runs); the switch of `fast.rs` turns it
//! off too.
//!
//! # Safety
//!
//! * A pooled object is alive (the pool holds its one reference) and no
//!   one else can reach it: its `tp_dealloc` ran because its count reached
//!   zero, and an untracked object (every rank is, see `fast::untracked`)
//!   is seen by no collector list. A type that implements [`Pooled`]
//!   promises that its objects are untracked, have no weak references and
//!   no `__dict__`, and that the type cannot be subclassed, so every object
//!   of it is laid out as a `T`. Its Rust value was never dropped, so it is
//!   still a valid `T`; its type refills it before it is handed
//!   out, while the pool's reference is the only one. Setting the count
//!   back with `Py_INCREF` is what CPython's own resurrection does on a
//!   normal build (and it keeps a debug build's total of references right).
//! * The pool is used only with the GIL held (a `tp_dealloc` and a binding
//!   both run so), so its loads and stores never race; they are relaxed.
//! * PyO3's `tp_dealloc` is read from the type once, before ours replaces
//!   it, and every object not pooled goes to it, as before. Each pool is
//!   for one type `T` (its own static), so a pooled object is a `T`.

use super::fast;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::pyclass::boolean_struct::True;
use pyo3::{Borrowed, PyClass};
use std::marker::PhantomData;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicPtr, AtomicUsize};
use std::sync::OnceLock;

/// The most freed objects a pool keeps.
pub const CAP: usize = 1 << 17;

/// A frozen pyclass whose freed objects may be pooled (see the module
/// notes for what it promises).
pub trait Pooled: PyClass<Frozen = True> + Sync {
    /// The type's one pool.
    fn pool() -> &'static Pool<Self>;
    /// Whether this object, freed, may be refilled and handed out again.
    fn poolable(&self) -> bool;
}

/// Freed objects of `T`, each held by one strong reference.
pub struct Pool<T> {
    slots: [AtomicPtr<ffi::PyObject>; CAP],
    len: AtomicUsize,
    /// PyO3's `tp_dealloc` for `T`, set when the pool is installed.
    pyo3_dealloc: OnceLock<ffi::destructor>,
    of: PhantomData<fn() -> T>,
}

impl<T: Pooled> Pool<T> {
    pub const fn new() -> Pool<T> {
        Pool {
            slots: [const { AtomicPtr::new(std::ptr::null_mut()) }; CAP],
            len: AtomicUsize::new(0),
            pyo3_dealloc: OnceLock::new(),
            of: PhantomData,
        }
    }

    /// How many freed objects the pool holds now.
    pub fn len(&self) -> usize {
        self.len.load(Relaxed)
    }

    /// A pooled object, the caller's now (to be refilled before anyone
    /// sees it), when the pool has one and the tricks are on.
    #[inline(always)]
    pub fn pop<'py>(&self, py: Python<'py>) -> Option<Bound<'py, T>> {
        let n = self.len.load(Relaxed);
        if n == 0 || !fast::enabled() {
            return None;
        }
        self.len.store(n - 1, Relaxed);
        let obj = self.slots[n - 1].load(Relaxed);
        // SAFETY: the pool's strong reference to a live T nobody else can
        // reach (see the module notes), handed to the caller.
        Some(unsafe { Bound::from_owned_ptr(py, obj).cast_into_unchecked() })
    }

    /// Puts [`dealloc`] in `T`'s `tp_dealloc` (once, when the module
    /// loads), unless this build cannot pool (see the module notes).
    pub fn install(&'static self, py: Python<'_>) -> PyResult<()> {
        if cfg!(Py_GIL_DISABLED) || py.import("sys")?.hasattr("getobjects")? {
            return Ok(());
        }
        let tp = py.get_type::<T>().as_type_ptr();
        // SAFETY: T's live heap type, the GIL held; an object made before
        // (the spare) is freed by whichever of the two runs, both right.
        unsafe {
            if let Some(pyo3_dealloc) = (*tp).tp_dealloc {
                if self.pyo3_dealloc.set(pyo3_dealloc).is_ok() {
                    (*tp).tp_dealloc = Some(dealloc::<T>);
                }
            }
        }
        Ok(())
    }
}

/// `T`'s `tp_dealloc`: keeps a poolable object in the pool while it has
/// room, and frees anything else by PyO3's.
unsafe extern "C" fn dealloc<T: Pooled>(obj: *mut ffi::PyObject) {
    let pool = T::pool();
    let n = pool.len.load(Relaxed);
    // SAFETY: called by the interpreter (GIL held) on a T whose count
    // reached zero and whose value is intact; borrowed only here.
    let poolable = unsafe {
        let py = Python::assume_attached();
        Borrowed::from_ptr(py, obj)
            .cast_unchecked::<T>()
            .get()
            .poolable()
    };
    if n < CAP && poolable && fast::enabled() {
        // SAFETY: the count goes from 0 back to 1, the pool's reference.
        unsafe { ffi::Py_INCREF(obj) };
        pool.slots[n].store(obj, Relaxed);
        pool.len.store(n + 1, Relaxed);
        return;
    }
    if let Some(free) = pool.pyo3_dealloc.get() {
        // SAFETY: the type's own tp_dealloc, for the object it was called on.
        unsafe { free(obj) };
    }
}
