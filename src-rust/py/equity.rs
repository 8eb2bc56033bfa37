//! The equity engine's entry points, used by `hoyle/odds.py`: plain
//! arguments in (combos as card-id tuples with weights, the deal's shape,
//! optional hand rules and deck), an `EquityCounts` out, the interpreter
//! released while Rust works.

use super::rules::HandRules;
use crate::equity::{
    enumerate, exact_work, monte_carlo, Combo, Counts, Exact, HighScorer, OmahaScorer, RuledScorer,
    Scoring, Shape, Shards, Spot, STANDARD_DECK,
};
use crate::error::{Error, Result};
use crate::eval::rules::{Jokers, Low};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple};

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
    let plain = rules.is_none_or(|r| r.rules().low.is_none() && r.rules().is_natural_but_split());
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
    let shape = Shape {
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
    Ok((Spot::with_deck(shape, ps, &board, &dead, deck)?, which))
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

/// The weighted results of an exact run, beside its counters.
#[derive(Clone, PartialEq)]
struct Weighted {
    /// Joint holdings enumerated.
    holdings: u64,
    equity: Vec<f64>,
    win: Vec<f64>,
    tie: Vec<f64>,
    /// `[player * 16 + category]`, index 0 the low half.
    cat: Vec<f64>,
}

/// The counters of an equity run, as the core counts them: `deals`,
/// `wins` and `ties` (integers), and the fractions read from them:
/// `equity`, `win`, `tie`, `stderr`, `low` (the share won with the low
/// half) and `by_category`. An exact run's fractions are weighted by the
/// combos' weights and its `stderr` is 0; Monte Carlo counts add up with
/// `+` (shards of the same players).
#[pyclass(frozen, module = "hoyle._core", name = "EquityCounts")]
pub struct EquityCounts {
    counts: Counts,
    weighted: Option<Weighted>,
}

static CATEGORY: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

impl EquityCounts {
    fn players(&self) -> usize {
        self.counts.players
    }
}

#[pymethods]
impl EquityCounts {
    /// Remakes counts from their parts (pickling: Monte Carlo shards cross
    /// to executor processes).
    #[new]
    #[pyo3(signature = (players, deals, win, tie, share, sq, cat))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        players: usize,
        deals: u64,
        win: Vec<u64>,
        tie: Vec<u64>,
        share: Vec<u128>,
        sq: Vec<u128>,
        cat: Vec<u128>,
    ) -> PyResult<Self> {
        let mut counts = Counts::new(players);
        let sizes = [win.len(), tie.len(), share.len(), sq.len()];
        if players == 0 || sizes.iter().any(|&k| k != players) || cat.len() != 16 * players {
            return Err(Error::Equity {
                reason: format!("EquityCounts: {players} players need that many counters each"),
            }
            .into());
        }
        counts.deals = deals;
        (counts.win, counts.tie, counts.share, counts.sq, counts.cat) = (win, tie, share, sq, cat);
        Ok(EquityCounts {
            counts,
            weighted: None,
        })
    }

    /// The counts of both runs (Monte Carlo shards of the same spot).
    fn __add__(&self, other: &Bound<'_, EquityCounts>) -> PyResult<EquityCounts> {
        let other = other.get();
        if self.weighted.is_some() || other.weighted.is_some() || self.players() != other.players()
        {
            return Err(Error::Equity {
                reason: "only Monte Carlo counts of the same players add up".into(),
            }
            .into());
        }
        let mut counts = self.counts.clone();
        counts.add(&other.counts);
        Ok(EquityCounts {
            counts,
            weighted: None,
        })
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let c = &slf.get().counts;
        if slf.get().weighted.is_some() {
            return Err(Error::Equity {
                reason: "exact counts are not pickled; pickle the hoyle.Equity".into(),
            }
            .into());
        }
        let args = (
            c.players,
            c.deals,
            c.win.clone(),
            c.tie.clone(),
            c.share.clone(),
            c.sq.clone(),
            c.cat.clone(),
        )
            .into_pyobject(slf.py())?;
        Ok((slf.get_type().into_any(), args))
    }

    /// Whether these are the counts of an exact enumeration.
    #[getter]
    fn exact(&self) -> bool {
        self.weighted.is_some()
    }

    /// The number of players.
    #[getter(players)]
    fn players_(&self) -> usize {
        self.players()
    }

    /// Deals counted: boards or trials, summed over joint holdings.
    #[getter]
    fn deals(&self) -> u64 {
        self.counts.deals
    }

    /// Joint holdings enumerated (exact; 0 for Monte Carlo).
    #[getter]
    fn holdings(&self) -> u64 {
        self.weighted.as_ref().map_or(0, |w| w.holdings)
    }

    /// Deals each player won alone.
    #[getter]
    fn wins<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.counts.win)
    }

    /// Deals each player took part of the pot, not all of it.
    #[getter]
    fn ties<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.counts.tie)
    }

    /// Each player's expected share of the pot.
    #[getter]
    fn equity<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        match &self.weighted {
            Some(w) => PyTuple::new(py, &w.equity),
            None => PyTuple::new(py, self.counts.equity()),
        }
    }

    /// Each player's fraction of deals won alone.
    #[getter]
    fn win<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        match &self.weighted {
            Some(w) => PyTuple::new(py, &w.win),
            None => PyTuple::new(py, self.counts.win_rate()),
        }
    }

    /// Each player's fraction of deals with part of the pot.
    #[getter]
    fn tie<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        match &self.weighted {
            Some(w) => PyTuple::new(py, &w.tie),
            None => PyTuple::new(py, self.counts.tie_rate()),
        }
    }

    /// Each player's standard error of equity (0 for an exact run,
    /// infinite below two deals).
    #[getter]
    fn stderr<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        match &self.weighted {
            Some(_) => PyTuple::new(py, vec![0.0f64; self.players()]),
            None => PyTuple::new(py, self.counts.stderr()),
        }
    }

    /// Each player's share of the pot won with the low half.
    #[getter]
    fn low<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let cat = self.cat_rate();
        PyTuple::new(py, (0..self.players()).map(|p| cat[p * 16]))
    }

    /// Each player's equity by the category of the winning high hand: a
    /// dict `{Category: share}` per player, categories with no share left
    /// out.
    #[getter]
    fn by_category<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let category = CATEGORY.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
            Ok(py.import("hoyle.category")?.getattr("Category")?.unbind())
        })?;
        let category = category.bind(py);
        let cat = self.cat_rate();
        let mut rows = Vec::with_capacity(self.players());
        for p in 0..self.players() {
            let row = PyDict::new(py);
            for c in 1..12 {
                let share = cat[p * 16 + c];
                if share > 0.0 {
                    row.set_item(category.call1((c,))?, share)?;
                }
            }
            rows.push(row);
        }
        PyTuple::new(py, rows)
    }

    fn __repr__(&self) -> String {
        format!(
            "<EquityCounts players={} deals={}{}>",
            self.players(),
            self.counts.deals,
            if self.weighted.is_some() {
                " exact"
            } else {
                ""
            }
        )
    }
}

impl EquityCounts {
    /// `[player * 16 + category]` as fractions of a pot (index 0: low).
    fn cat_rate(&self) -> Vec<f64> {
        match &self.weighted {
            Some(w) => w.cat.clone(),
            None => self.counts.cat_rate(),
        }
    }

    fn of_exact(ex: Exact) -> EquityCounts {
        EquityCounts {
            counts: ex.counts,
            weighted: Some(Weighted {
                holdings: ex.combos,
                equity: ex.equity,
                win: ex.win,
                tie: ex.tie,
                cat: ex.cat,
            }),
        }
    }
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
/// and the weighted fractions, as `EquityCounts`.
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
) -> PyResult<EquityCounts> {
    let hr = rules.as_ref().map(|r| r.get());
    let (s, which) = spot(players, board, dead, game, hr, high, deck)?;
    let ex = py.detach(|| {
        in_pool(threads, |par| {
            with_scorer!(&which, |sc| enumerate(&s, sc, par))
        })
    })??;
    Ok(EquityCounts::of_exact(ex))
}

/// Monte Carlo shards `first .. first + count` of a run seeded with `seed`,
/// as `EquityCounts`.
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
) -> PyResult<EquityCounts> {
    let hr = rules.as_ref().map(|r| r.get());
    let (s, which) = spot(players, board, dead, game, hr, high, deck)?;
    let shards = Shards { first, count };
    let c = py.detach(|| {
        in_pool(threads, |par| {
            with_scorer!(&which, |sc| monte_carlo(&s, sc, seed, shards, par))
        })
    })??;
    Ok(EquityCounts {
        counts: c,
        weighted: None,
    })
}
