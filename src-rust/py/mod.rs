//! The Python bindings: thin wrappers over the pure core, compiled only with
//! the `python` feature. Errors become `hoyle.errors` classes (all
//! `ValueError`s); nothing here panics on user input.

use pyo3::prelude::*;

mod cards;
mod deal;
mod equity;
mod errors;
mod eval;
mod hand;
mod rules;
mod settle;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<cards::Card>()?;
    m.add_class::<eval::HandRank>()?;
    m.add_function(wrap_pyfunction!(cards::parse_cards, m)?)?;
    m.add_function(wrap_pyfunction!(eval::evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(eval::evaluate_batch, m)?)?;
    m.add_class::<rules::HandRules>()?;
    m.add_class::<rules::LowRank>()?;
    m.add_function(wrap_pyfunction!(rules::evaluate_low, m)?)?;
    m.add_function(wrap_pyfunction!(rules::evaluate_low_batch, m)?)?;
    m.add_class::<settle::Pot>()?;
    m.add_class::<settle::Settlement>()?;
    m.add_function(wrap_pyfunction!(settle::settle, m)?)?;
    m.add_function(wrap_pyfunction!(settle::_showdown, m)?)?;
    m.add_function(wrap_pyfunction!(equity::equity_work, m)?)?;
    m.add_function(wrap_pyfunction!(equity::equity_exact, m)?)?;
    m.add_function(wrap_pyfunction!(equity::equity_shards, m)?)?;
    m.add_function(wrap_pyfunction!(deal::_deal, m)?)?;
    m.add_function(wrap_pyfunction!(deal::_reseed_deals, m)?)?;
    m.add_function(wrap_pyfunction!(deal::_deal_and_seed, m)?)?;
    m.add_function(wrap_pyfunction!(deal::_reshuffle, m)?)?;
    m.add_function(wrap_pyfunction!(hand::_opens, m)?)?;
    m.add_function(wrap_pyfunction!(hand::_exposed_key, m)?)?;
    Ok(())
}
