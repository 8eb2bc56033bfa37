//! Hand evaluation. A hand value is one integer, `category << 12 | index`:
//! larger is stronger, equal is a tie, so comparing hands is comparing
//! integers in Rust and in Python.

pub mod batch;
pub mod describe;
#[doc(hidden)]
pub mod gen;
pub mod hash;
pub mod high;

pub use gen::{
    FIVE_OF_A_KIND, FLUSH, FOUR_FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, ONE_PAIR, STRAIGHT,
    STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR,
};

/// The category of a hand value (1 = high card ... 11 = five of a kind).
#[inline]
pub const fn category(value: u32) -> u16 {
    (value >> 12) as u16
}

pub mod low;
pub mod omaha;
pub mod rules;
pub mod rules_batch;
pub mod short;
pub mod wild;
