//! The equity engine's entry points, used by `hoyle/equity.py`: plain
//! arguments in (combos as card-id tuples with weights, the game's shape),
//! plain counters out, the interpreter released while Rust works.

use crate::equity::{
    enumerate, exact_work, monte_carlo, Combo, Counts, Game, HighScorer, OmahaScorer, Scoring,
    Shards, Spot,
};
use crate::error::{Error, Result};
use pyo3::prelude::*;
use pyo3::types::PyDict;

type PlayersArg = Vec<Vec<(Vec<u8>, f64)>>;

fn spot(players: PlayersArg, board: Vec<u8>, dead: Vec<u8>, game: (u8, u8, u8)) -> Result<Spot> {
    let (hole, board_size, omaha) = game;
    let scoring = if omaha == 0 {
        Scoring::High
    } else {
        Scoring::Omaha(omaha)
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
    Spot::new(game, ps, &board, &dead)
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
#[pyo3(signature = (players, board, dead, game, cap))]
pub fn equity_work(
    players: PlayersArg,
    board: Vec<u8>,
    dead: Vec<u8>,
    game: (u8, u8, u8),
    cap: f64,
) -> PyResult<(f64, Vec<usize>)> {
    let s = spot(players, board, dead, game)?;
    let live = s.players.iter().map(Vec::len).collect();
    Ok((exact_work(&s, cap), live))
}

/// Exact enumeration: the integer counters, the number of joint holdings
/// and the weighted fractions.
#[pyfunction]
#[pyo3(signature = (players, board, dead, game, threads=None))]
pub fn equity_exact<'py>(
    py: Python<'py>,
    players: PlayersArg,
    board: Vec<u8>,
    dead: Vec<u8>,
    game: (u8, u8, u8),
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let s = spot(players, board, dead, game)?;
    let omaha = game.2;
    let ex = py.detach(|| {
        in_pool(threads, |par| {
            if omaha == 0 {
                enumerate(&s, &HighScorer, par)
            } else {
                enumerate(&s, &OmahaScorer { h: omaha }, par)
            }
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
#[pyo3(signature = (players, board, dead, game, seed, first, count, threads=None))]
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
) -> PyResult<Bound<'py, PyDict>> {
    let s = spot(players, board, dead, game)?;
    let omaha = game.2;
    let shards = Shards { first, count };
    let c = py.detach(|| {
        in_pool(threads, |par| {
            if omaha == 0 {
                monte_carlo(&s, &HighScorer, seed, shards, par)
            } else {
                monte_carlo(&s, &OmahaScorer { h: omaha }, seed, shards, par)
            }
        })
    })??;
    counts_dict(py, &c)
}
