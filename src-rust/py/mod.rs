//! The Python bindings: thin wrappers over the pure core, compiled only with
//! the `python` feature. Errors become `hoyle.errors` classes (all
//! `ValueError`s); nothing here panics on user input.
//!
//! Modules use each other in one direction only, no circle: `eval` reads
//! `rules`, `args` (the shared argument readers, one per kind: ints of any
//! size, `threads`, card ids, chip lists, the button, `Rake`, arrays),
//! `cards`, `fast` (the unsafe speed tricks, with their safety note and
//! the switch that turns them off) and `pool` (freed plain ranks kept for
//! reuse, bounded; it reads `fast`); `entry` (the hand-written entries of
//! `evaluate` and `rank`) reads `eval` and `fast`; `rules` reads `args` and `cards`;
//! `equity` reads `rules` and `args`; `settle` (which calls the core's
//! `settle::showdown`) reads `args`; `hand` (the core's stud and draw
//! strength rules) reads `cards`; `observe` (`hoyle.env`'s observation and
//! mask, by the core's `env`) reads `args`; `tables` (the core backend of
//! `hoyle.env.VectorTables`) reads `rules`; `aec` (`aec_env`'s `step` and `last` on
//! one engine table) reads `tables` and `fast`, `aec_entry` (its hand-written `step` and `last` entries) reads `aec`; `history` (`hoyle.history`'s
//! native replay) reads `tables`' reading of a game; `phh_fields` (a hand's scale and stacks) reads none; `cards` reads `args`; `cards`, `eval` and `settle` read `display` (their
//! `_repr_html_` and `__rich__`, drawn by `hoyle._display`); `sites` (PokerStars text read
//! natively, by the core's `sites`, and checked) reads `history`'s engine; `fast`, `display`,
//! `deal`, `icm` (the tournament's prize equity), `args` and `errors` read none of them (`errors` is the one
//! conversion of the core's `Error` that every module's errors go through).

use pyo3::prelude::*;

mod aec;
mod aec_entry;
mod args;
mod cards;
mod deal;
mod display;
mod entry;
mod equity;
mod errors;
mod eval;
mod fast;
mod hand;
mod history;
mod icm;
mod observe;
mod phh_fields;
mod pool;
mod rows;
mod rules;
mod settle;
mod sites;
mod solve;
mod tables;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    cards::add_shared_constants(m)?;
    observe::add_constants(m)?;
    m.add_class::<cards::Card>()?;
    m.add_class::<eval::HandRank>()?;
    eval::add_pool(m.py())?;
    eval::add_value_member(m.py())?;
    m.add_function(wrap_pyfunction!(cards::parse_cards, m)?)?;
    entry::add(m)?; // evaluate and rank
    m.add_function(wrap_pyfunction!(eval::evaluate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(eval::_pooled_ranks, m)?)?;
    m.add_class::<rules::HandRules>()?;
    m.add_class::<rules::LowRank>()?;
    m.add_function(wrap_pyfunction!(rules::evaluate_low, m)?)?;
    m.add_function(wrap_pyfunction!(rules::evaluate_low_batch, m)?)?;
    m.add_class::<settle::Pot>()?;
    m.add_class::<settle::Settlement>()?;
    m.add_function(wrap_pyfunction!(settle::settle, m)?)?;
    m.add_function(wrap_pyfunction!(settle::_showdown, m)?)?;
    m.add_function(wrap_pyfunction!(settle::_pot, m)?)?;
    m.add_function(wrap_pyfunction!(settle::_settlement, m)?)?;
    equity::add_limits(m)?;
    m.add_class::<equity::EquityCounts>()?;
    m.add_function(wrap_pyfunction!(equity::equity_work, m)?)?;
    m.add_function(wrap_pyfunction!(equity::equity_exact, m)?)?;
    m.add_function(wrap_pyfunction!(equity::equity_shards, m)?)?;
    m.add_function(wrap_pyfunction!(deal::_deal, m)?)?;
    m.add_function(wrap_pyfunction!(rows::_deal_rows, m)?)?;
    m.add_function(wrap_pyfunction!(deal::_reseed_deals, m)?)?;
    fast::from_env();
    m.add_function(wrap_pyfunction!(fast::_set_fast_paths, m)?)?;
    m.add_function(wrap_pyfunction!(deal::_deal_and_seed, m)?)?;
    m.add_function(wrap_pyfunction!(deal::_reshuffle, m)?)?;
    m.add_function(wrap_pyfunction!(hand::_opens, m)?)?;
    m.add_function(wrap_pyfunction!(hand::_exposed_key, m)?)?;
    m.add_class::<observe::Observer>()?;
    m.add_function(wrap_pyfunction!(observe::_observe, m)?)?;
    m.add_class::<tables::Tables>()?;
    m.add_class::<aec::AecSteps>()?;
    m.add_class::<aec::AecTurns>()?;
    m.add_function(wrap_pyfunction!(aec_entry::_aec_entries, m)?)?;
    m.add_class::<history::PhhEngine>()?;
    m.add_function(wrap_pyfunction!(history::_phh_replay, m)?)?;
    m.add_function(wrap_pyfunction!(history::_phh_toml, m)?)?;
    m.add_function(wrap_pyfunction!(phh_fields::_phh_stacks, m)?)?;
    icm::add_limits(m)?;
    m.add_function(wrap_pyfunction!(icm::_icm_subsets, m)?)?;
    m.add_function(wrap_pyfunction!(icm::_icm_dp, m)?)?;
    m.add_function(wrap_pyfunction!(icm::_icm_fast, m)?)?;
    m.add_function(wrap_pyfunction!(icm::_icm_monte, m)?)?;
    m.add_function(wrap_pyfunction!(icm::_allin_counts, m)?)?;
    m.add("ALLIN_BOARDS", crate::allin::ALLIN_BOARDS)?;
    m.add_class::<solve::Solver>()?;
    m.add_function(wrap_pyfunction!(sites::_read_pokerstars, m)?)?;
    Ok(())
}
