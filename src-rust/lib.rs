//! hoyle's core: cards, hand evaluation and settlement, free of any
//! Python dependency. The bindings live in [`py`], behind the `python`
//! feature, so `cargo test` and `cargo bench` need no interpreter.

pub mod allin;
pub mod cards;
pub mod deal;
pub mod env;
pub mod equity;
pub mod error;
pub mod eval;
pub mod hand;
pub mod history;
pub mod icm;
pub mod keying;
pub mod reserve;
pub mod rows;
pub mod settle;
pub mod sites;
pub mod solve;
pub mod strength;
pub mod table;

#[cfg(feature = "python")]
mod py;

/// The extension's allocator: mimalloc, as pydantic-core's. The core makes
/// many small buffers that live for one call (a replayed hand's table and
/// records, a parsed document's values); glibc's malloc and free were a
/// sixth of `_phh_replay`'s time (issue 29).
#[cfg(feature = "python")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub use error::{Error, Result};
