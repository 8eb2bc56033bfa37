//! Long work asks now and then whether to stop (Ctrl-C in Python): between
//! Monte Carlo shards and every [`CHECK_TRIALS`] trials, between joint
//! holdings and every [`CHECK_DEALS`] deals of an exact run. The question
//! is cheap (a flag, or a clock read on the thread that polls), so the
//! hot loops stay as fast as they were.

use crate::error::Error;

/// Trials between two questions in a Monte Carlo shard.
pub const CHECK_TRIALS: u64 = 1 << 10;
/// Deals scored between two questions in an exact run's generic path.
pub const CHECK_DEALS: u64 = 1 << 10;

/// Whether long work should give up. Once `stop` has returned true it
/// must keep returning true (the work then unwinds and its partial counts
/// are thrown away).
pub trait Interrupt: Sync {
    fn stop(&self) -> bool;
}

/// Never stops: the core's own callers and the tests.
pub struct Never;

impl Interrupt for Never {
    #[inline(always)]
    fn stop(&self) -> bool {
        false
    }
}

/// The error of work that was stopped; the caller replaces it with the
/// reason it stopped (a `KeyboardInterrupt` in Python).
pub fn interrupted() -> Error {
    Error::Equity {
        reason: "interrupted".into(),
    }
}
