//! The equity engine's entry points, used by `hoyle/odds.py`: plain
//! arguments in (combos as card-id tuples with weights, the game's shape,
//! optional hand rules and deck), plain counters out, the interpreter
//! released while Rust works.

use super::rules::HandRules;
use crate::equity::{
    enumerate, exact_work, monte_carlo, Combo, Counts, Game, HighScorer, OmahaScorer, RuledScorer,
    Scoring, Shards, Spot, STANDARD_DECK,
};
use crate::error::{Error, Result};
use crate::eval::rules::{Jokers, Low};
use pyo3::prelude::*;
use pyo3::types::PyDict;

type PlayersArg = Vec<Vec<(Vec<u8>, f64)>>;

/// How a spot is scored.
enum Which<'a> {
    High,
    Omaha(u8),
    Ruled(RuledScorer<'a>),
}

/// Runs `$f` with the spot's scorer (each arm its own monomorphisation).
macro_rules! with_scorer {
    ($which:expr, |$sc:ident| $body:expr) => {
        match $which {
            Which::High => {
                let $sc = &HighScorer;
                $body
            }
            Which::Omaha(h) => {
                let $sc = &OmahaScorer { h: *h };
                $body
            }
            Which::Ruled(r) => {
                let $sc = r;
                $body
            }
        }
    };
}

/// The checked spot and its scorer. Without rules, or with natural rules
/// and no low, the plain high scorers (and hold'em's fast paths) are used;
/// otherwise the rules score every hand (wild cards, the four-flush, a low
/// half, a low-only game when `high` is false).
fn spot<'a>(
    players: PlayersArg,
    board: Vec<u8>,
    dead: Vec<u8>,
    game: (u8, u8, u8),
    rules: Option<&'a HandRules>,
    high: bool,
    deck: Option<u64>,
) -> Result<(Spot, Which<'a>)> {
    let (hole, board_size, omaha) = game;
    let deck = deck.unwrap_or(STANDARD_DECK);
    let jokers = rules.map_or(Jokers::None, |r| r.rules().jokers);
    if deck & !STANDARD_DECK != 0 && jokers == Jokers::None {
        return Err(Error::JokerNotAllowed {
            context: "a deck with jokers needs hand rules that make them wild or a bug",
        });
    }
    let plain = match rules {
        None => true,
        Some(r) => {
            let rr = r.rules();
            rr.low.is_none() && !rr.has_wilds() && !rr.four_flush
        }
    };
    if !high && plain {
        return Err(Error::Equity {
            reason: "a low-only game (high=False) needs hand rules with a low ranking".into(),
        });
    }
    let (scoring, which) = match rules {
        Some(r) if !plain => {
            let rr = r.rules();
            let min = if !high && rr.low == Some(Low::Badugi) {
                4
            } else {
                5
            };
            let scoring = Scoring::Ruled {
                hole_cards: rr.hole_cards,
                min,
            };
            let scorer = RuledScorer::new(high, &r.prep, r.low_prep.as_ref())?;
            (scoring, Which::Ruled(scorer))
        }
        _ => {
            let h = rules.and_then(|r| r.rules().hole_cards).unwrap_or(omaha);
            if h == 0 {
                (Scoring::High, Which::High)
            } else {
                (Scoring::Omaha(h), Which::Omaha(h))
            }
        }
    };
    let game = Game {
        hole,
        board: board_size,
        scoring,
    };
    let mut ps = Vec::with_capacity(players.len());
    for combos in players {
        let mut cs = Vec::with_capacity(combos.len());
        for (cards, w) in combos {
            cs.push(Combo::new(&cards, w)?);
        }
        ps.push(cs);
    }
    Ok((Spot::with_deck(game, ps, &board, &dead, deck)?, which))
}

/// Runs `f(parallel)`: on a pool of `threads` threads, on the global pool
/// for `None`, and on the calling thread alone for one thread (no rayon at
/// all, so a forked executor process cannot wait on threads it lacks).
fn in_pool<T: Send>(threads: Option<usize>, f: impl FnOnce(bool) -> T + Send) -> Result<T> {
    match threads {
        Some(0) => Err(Error::Equity {
            reason: "threads must be at least 1".into(),
        }),
        Some(1) => Ok(f(false)),
        Some(t) if t != rayon::current_num_threads() => {
            Ok(crate::eval::batch::pool(t)?.install(|| f(true)))
        }
        _ => Ok(f(true)),
    }
}

fn counts_dict<'py>(py: Python<'py>, c: &Counts) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("players", c.players)?;
    d.set_item("denom", c.denom)?;
    d.set_item("deals", c.deals)?;
    d.set_item("win", &c.win)?;
    d.set_item("tie", &c.tie)?;
    d.set_item("share", &c.share)?;
    d.set_item("sq", &c.sq)?;
    d.set_item("cat", &c.cat)?;
    Ok(d)
}

/// Estimated evaluations of an exact run (capped near `cap`), and the
/// live combos per player after blocking.
#[pyfunction]
#[pyo3(signature = (players, board, dead, game, cap, *, rules=None, high=true, deck=None))]
#[allow(clippy::too_many_arguments)]
pub fn equity_work(
    players: PlayersArg,
    board: Vec<u8>,
    dead: Vec<u8>,
    game: (u8, u8, u8),
    cap: f64,
    rules: Option<Bound<'_, HandRules>>,
    high: bool,
    deck: Option<u64>,
) -> PyResult<(f64, Vec<usize>)> {
    let hr = rules.as_ref().map(|r| r.get());
    let (s, _) = spot(players, board, dead, game, hr, high, deck)?;
    let live = s.players.iter().map(Vec::len).collect();
    Ok((exact_work(&s, cap), live))
}

/// Exact enumeration: the integer counters, the number of joint holdings
/// and the weighted fractions.
#[pyfunction]
#[pyo3(signature = (players, board, dead, game, threads=None, *, rules=None, high=true, deck=None))]
#[allow(clippy::too_many_arguments)]
pub fn equity_exact<'py>(
    py: Python<'py>,
    players: PlayersArg,
    board: Vec<u8>,
    dead: Vec<u8>,
    game: (u8, u8, u8),
    threads: Option<usize>,
    rules: Option<Bound<'py, HandRules>>,
    high: bool,
    deck: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let hr = rules.as_ref().map(|r| r.get());
    let (s, which) = spot(players, board, dead, game, hr, high, deck)?;
    let ex = py.detach(|| {
        in_pool(threads, |par| {
            with_scorer!(&which, |sc| enumerate(&s, sc, par))
        })
    })??;
    let d = counts_dict(py, &ex.counts)?;
    d.set_item("combos", ex.combos)?;
    d.set_item("equity_w", ex.equity)?;
    d.set_item("win_w", ex.win)?;
    d.set_item("tie_w", ex.tie)?;
    d.set_item("cat_w", ex.cat)?;
    Ok(d)
}

/// Monte Carlo shards `first .. first + count` of a run seeded with `seed`.
#[pyfunction]
#[pyo3(signature = (players, board, dead, game, seed, first, count, threads=None, *, rules=None, high=true, deck=None))]
#[allow(clippy::too_many_arguments)]
pub fn equity_shards<'py>(
    py: Python<'py>,
    players: PlayersArg,
    board: Vec<u8>,
    dead: Vec<u8>,
    game: (u8, u8, u8),
    seed: u64,
    first: u64,
    count: u64,
    threads: Option<usize>,
    rules: Option<Bound<'py, HandRules>>,
    high: bool,
    deck: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let hr = rules.as_ref().map(|r| r.get());
    let (s, which) = spot(players, board, dead, game, hr, high, deck)?;
    let shards = Shards { first, count };
    let c = py.detach(|| {
        in_pool(threads, |par| {
            with_scorer!(&which, |sc| monte_carlo(&s, sc, seed, shards, par))
        })
    })??;
    counts_dict(py, &c)
}
