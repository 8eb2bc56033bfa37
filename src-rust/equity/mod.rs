//! Equity: how often each hand or range wins, by exact enumeration of the
//! cards still to come or by Monte Carlo.
//!
//! A spot is a shape (how many cards each player and the board hold at the
//! showdown, and how a showdown is scored), each player's combos (a fixed
//! hand is one combo; a range many, weighted), the known board and the dead
//! cards. Players' missing cards (stud down cards) and the missing board
//! cards are dealt from the rest of the deck.
//!
//! Results are integer counters ([`Counts`]): each deal adds its pot share
//! to every player as a fraction with the common denominator
//! `2·lcm(1..=players)`, so a tie or a half pot is counted exactly and the
//! sum over shards does not depend on how the work was split.

// The hot loops index several per-player arrays by the same player.
#![allow(clippy::needless_range_loop)]

mod choose;
mod count;
mod exact;
mod holdem;
mod interrupt;
mod monte;
mod restore;
pub(crate) mod rng;
mod score;
mod spot;

pub use choose::{check_exact_work, choose, spot_of, ChosenScorer, HandRanking, Variant};
pub use count::{denominator, ratio, Counts, Split, Tally};
pub use exact::{
    canonical, count_joints, deals_per_joint, enumerate, enumerate_with, estimate, exact_work,
    permute_mask, symmetries, Estimate, Exact, SuitPerm, EXACT_WORK_LIMIT,
};
pub use holdem::holdem_boards;
pub use interrupt::{interrupted, Interrupt, Never, CHECK_DEALS, CHECK_TRIALS};
pub use monte::{
    monte_carlo, monte_carlo_with, shard_seed, Shards, MAX_SHARDS, SHARD_TRIALS, TRIALS_LIMIT,
};
pub use rng::{SplitMix64, Xoshiro256pp};
pub use score::{HighScorer, OmahaScorer, RuledScorer, Scorer, Scoring, ShowdownShape};
pub use spot::{Combo, Spot, MAX_BOARD, MAX_HOLE, MAX_PLAYERS, MAX_WEIGHT, STANDARD_DECK};
