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

pub use error::{Error, Result};
