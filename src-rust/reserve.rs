//! Fallible allocation for the buffers whose size a caller chooses (a
//! batch of tables, a batch's output): a failed allocation there is an
//! [`Error::OutOfMemory`] naming what was asked for (the bindings raise it
//! as `MemoryError`), not an abort of the process. Only construction and
//! sizing reserve through here; the hot loops then run in the room made.

pub use crate::error::human;
use crate::error::{Error, Result};
use std::borrow::Cow;

/// `count` items of `T`, in bytes (u128: no product of two `usize`s
/// passes it).
pub fn bytes_of<T>(count: usize) -> u128 {
    count as u128 * std::mem::size_of::<T>() as u128
}

/// `a * b`, or the [`Error::OutOfMemory`] of `what` when the product
/// passes `usize` (`item` bytes each).
pub fn product(a: usize, b: usize, item: usize, what: &'static str) -> Result<usize> {
    a.checked_mul(b).ok_or_else(|| Error::OutOfMemory {
        what: Cow::Borrowed(what),
        bytes: (a as u128 * b as u128).saturating_mul(item as u128),
    })
}

/// An empty vector with room for exactly `count` items, or the
/// [`Error::OutOfMemory`] of `what`.
pub fn with_capacity<T>(count: usize, what: &'static str) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(count).map_err(|_| Error::OutOfMemory {
        what: Cow::Borrowed(what),
        bytes: bytes_of::<T>(count),
    })?;
    Ok(v)
}

/// `count` copies of `value` (`vec![value; count]`), or the
/// [`Error::OutOfMemory`] of `what`.
pub fn filled<T: Clone>(count: usize, value: T, what: &'static str) -> Result<Vec<T>> {
    let mut v = with_capacity(count, what)?;
    v.resize(count, value);
    Ok(v)
}

/// `items` copied into a new vector, or the [`Error::OutOfMemory`] of `what`.
pub fn copied<T: Copy>(items: &[T], what: &'static str) -> Result<Vec<T>> {
    let mut v = with_capacity(items.len(), what)?;
    v.extend_from_slice(items);
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_allocation_past_the_address_space_is_an_error() {
        // 2^62 u64s: no allocator grants 32 EiB (try_reserve refuses past
        // isize::MAX bytes before asking)
        let err = with_capacity::<u64>(1 << 62, "the test's buffer").unwrap_err();
        assert_eq!(
            err,
            Error::OutOfMemory {
                what: Cow::Borrowed("the test's buffer"),
                bytes: 1 << 65
            }
        );
        assert!(err.to_string().contains("36893488147419103232 bytes"));
        assert!(product(usize::MAX, 3, 4, "x").is_err());
        assert_eq!(product(6, 7, 4, "x"), Ok(42));
    }

    #[test]
    fn small_requests_are_served() {
        assert_eq!(filled(3, 7u8, "x").unwrap(), vec![7, 7, 7]);
        assert_eq!(copied(&[1u64, 2], "x").unwrap(), vec![1, 2]);
        assert_eq!(with_capacity::<u32>(10, "x").unwrap().capacity(), 10);
        assert_eq!(human(512), "512 bytes");
        assert_eq!(human(3 << 30), "3.0 GiB");
        assert_eq!(human(1 << 65), "32.0 EiB");
    }
}
