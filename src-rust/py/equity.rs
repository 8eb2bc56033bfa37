//! The equity engine's entry points, used by `hoyle/odds.py`: plain
//! arguments in (combos as card-id tuples with weights, the deal's shape,
//! optional hand rules and deck), an `EquityCounts` out, the interpreter
//! released while Rust works.

use super::args::{extract_sized, int_in, threads_in};
use super::rules::HandRules;
use crate::equity::{
    check_exact_work, estimate, spot_of, ChosenScorer, Counts, Exact, HandRanking, Interrupt,
    Shards, Spot, Variant, EXACT_WORK_LIMIT, MAX_BOARD, MAX_HOLE, MAX_PLAYERS, MAX_SHARDS,
    SHARD_TRIALS, TRIALS_LIMIT,
};
use crate::error::{Error, Result};
use crate::eval::batch::MAX_THREADS;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Adds the equity engine's limits, so that Python restates none of them:
/// `EQUITY_TRIALS_LIMIT` (Monte Carlo trials of one run, 2**34),
/// `EQUITY_SHARD_TRIALS` (trials per shard, part of what a seed means),
/// `EQUITY_EXACT_WORK_LIMIT` (hand evaluations of one exact run, 10**11),
/// `EQUITY_THREADS_LIMIT` (256), `EQUITY_MAX_PLAYERS` (23),
/// `EQUITY_MAX_HOLE` (7 cards a player) and `EQUITY_MAX_BOARD` (8).
pub fn add_limits(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("EQUITY_TRIALS_LIMIT", TRIALS_LIMIT)?;
    m.add("EQUITY_SHARD_TRIALS", SHARD_TRIALS)?;
    m.add("EQUITY_EXACT_WORK_LIMIT", EXACT_WORK_LIMIT as u64)?;
    m.add("EQUITY_THREADS_LIMIT", MAX_THREADS)?;
    m.add("EQUITY_MAX_PLAYERS", MAX_PLAYERS)?;
    m.add("EQUITY_MAX_HOLE", MAX_HOLE)?;
    m.add("EQUITY_MAX_BOARD", MAX_BOARD)?;
    Ok(())
}

fn equity_error(reason: String) -> PyErr {
    Error::Equity { reason }.into()
}

/// An integer argument in `lo..=hi` (see [`int_in`]); a number outside
/// the range, however large, is an `EquityError` that names the argument
/// and the range.
pub(crate) fn in_range(obj: &Bound<'_, PyAny>, name: &str, lo: u64, hi: u64) -> PyResult<u64> {
    int_in(name, obj, lo, hi)?.map_err(|got| {
        equity_error(format!(
            "{name} must be an integer in {lo}..={hi}, got {got}"
        ))
    })
}

/// `threads`: None for the shared pool, else 1..=MAX_THREADS.
pub(crate) fn threads_arg(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    threads_in(threads, |got| {
        equity_error(format!(
            "threads must be an integer in 1..={MAX_THREADS}, got {got}"
        ))
    })
}

/// Reads a structured argument (card ids, counters); a number too large
/// for its slot is an `EquityError` naming `what`, not an `OverflowError`.
fn read<'py, T: FromPyObjectOwned<'py>>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<T> {
    extract_sized(obj, |e| equity_error(format!("{what} out of range: {e}")))
}

/// A `HandRules` as the equity engine reads it.
fn ranking(rules: &HandRules) -> HandRanking<'_> {
    HandRanking {
        high: &rules.prep,
        low: rules.low_prep.as_ref(),
    }
}

/// The game's description: the deal's shape `(hole, board, hole_cards or
/// 0)`, each in its bounds, the rules, high or low-only, the deck.
pub(crate) fn variant<'a>(
    game: &Bound<'_, PyAny>,
    rules: Option<&'a HandRules>,
    high: bool,
    deck: Option<&Bound<'_, PyAny>>,
    split: Option<&'a HandRules>,
) -> PyResult<Variant<'a>> {
    let (hole, board, omaha): (Bound<'_, PyAny>, Bound<'_, PyAny>, Bound<'_, PyAny>) =
        game.extract()?;
    let hole = in_range(&hole, "hole", 0, MAX_HOLE as u64)? as u8;
    let board = in_range(&board, "board", 0, MAX_BOARD as u64)? as u8;
    let hole_cards = in_range(&omaha, "hole_cards", 0, 4)? as u8;
    let deck = deck
        .filter(|d| !d.is_none())
        .map(|d| in_range(d, "deck", 0, (1 << 54) - 1))
        .transpose()?;
    Ok(Variant {
        hole,
        board,
        hole_cards,
        rules: rules.map(ranking),
        high,
        deck,
        split: split.map(ranking),
    })
}

/// Reads the spot's arguments; the core checks them and chooses the
/// scorer.
#[allow(clippy::too_many_arguments)]
fn spot_arg<'a>(
    players: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
    dead: &Bound<'_, PyAny>,
    game: &Bound<'_, PyAny>,
    rules: Option<&'a HandRules>,
    high: bool,
    deck: Option<&Bound<'_, PyAny>>,
    split: Option<&'a HandRules>,
) -> PyResult<(Spot, ChosenScorer<'a>)> {
    let players: Vec<Vec<(Vec<u8>, f64)>> = read(players, "card ids (0..=53) or weights")?;
    let board: Vec<u8> = read(board, "board card ids (0..=53)")?;
    let dead: Vec<u8> = read(dead, "dead card ids (0..=53)")?;
    let v = variant(game, rules, high, deck, split)?;
    Ok(spot_of(&v, players, &board, &dead)?)
}

/// How often a waiting caller looks for Ctrl-C (and other signals).
const POLL: Duration = Duration::from_millis(20);

/// Stops long work when Python has a signal to handle: the handler runs
/// (Ctrl-C raises `KeyboardInterrupt`) and its exception ends the work.
/// `inline`: the work runs on the calling thread, which polls from
/// [`Interrupt::stop`] at most every [`POLL`]; otherwise the waiting
/// caller polls (see [`watched`]) and `stop` only reads the flag.
struct Watch {
    flag: AtomicBool,
    error: Mutex<Option<PyErr>>,
    inline: bool,
    last: Mutex<Instant>,
}

impl Watch {
    fn new(inline: bool) -> Watch {
        Watch {
            flag: AtomicBool::new(false),
            error: Mutex::new(None),
            inline,
            last: Mutex::new(Instant::now()),
        }
    }

    /// Runs pending signal handlers (taking the interpreter for a moment);
    /// true once one of them raised.
    fn poll(&self) -> bool {
        if let Err(e) = Python::attach(|py| py.check_signals()) {
            *self.error.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
            self.flag.store(true, Ordering::Relaxed);
        }
        self.flag.load(Ordering::Relaxed)
    }

    /// The exception a signal handler raised, if any.
    fn take_error(&self) -> Option<PyErr> {
        self.error.lock().unwrap_or_else(|p| p.into_inner()).take()
    }
}

impl Interrupt for Watch {
    fn stop(&self) -> bool {
        if self.flag.load(Ordering::Relaxed) {
            return true;
        }
        if !self.inline {
            return false;
        }
        {
            let mut last = self.last.lock().unwrap_or_else(|p| p.into_inner());
            if last.elapsed() < POLL {
                return false;
            }
            *last = Instant::now();
        }
        self.poll()
    }
}

/// Runs `job` on a rayon pool (`pool`, or the global one) while the
/// calling thread waits, polling for signals every [`POLL`] and waking as
/// soon as the job ends.
fn watched<T: Send>(
    pool: Option<&rayon::ThreadPool>,
    watch: &Watch,
    job: impl FnOnce(&dyn Interrupt) -> T + Send,
) -> T {
    let caller = std::thread::current();
    let done = AtomicBool::new(false);
    let mut out = None;
    match pool {
        Some(p) => p.in_place_scope(|s| wait_on(s, watch, &done, &caller, &mut out, job)),
        None => rayon::in_place_scope(|s| wait_on(s, watch, &done, &caller, &mut out, job)),
    }
    // a panic in the job came out of the scope above
    out.expect("the job ran to its end")
}

/// [`watched`]'s scope: spawns the job, then waits for it on the calling
/// thread, polling for signals.
fn wait_on<'scope, T: Send + 'scope>(
    s: &rayon::Scope<'scope>,
    watch: &'scope Watch,
    done: &'scope AtomicBool,
    caller: &'scope std::thread::Thread,
    out: &'scope mut Option<T>,
    job: impl FnOnce(&dyn Interrupt) -> T + Send + 'scope,
) {
    /// Marks the job done, also when it panics, and wakes the caller.
    struct Done<'a>(&'a AtomicBool, &'a std::thread::Thread);
    impl Drop for Done<'_> {
        fn drop(&mut self) {
            self.0.store(true, Ordering::Release);
            self.1.unpark();
        }
    }
    s.spawn(move |_| {
        let _done = Done(done, caller);
        *out = Some(job(watch));
    });
    while !done.load(Ordering::Acquire) {
        std::thread::park_timeout(POLL);
        if !done.load(Ordering::Acquire) && !watch.flag.load(Ordering::Relaxed) {
            watch.poll();
        }
    }
}

/// Runs `job(parallel, stop)` without the interpreter: on the calling
/// thread alone for one thread (no rayon at all, so a forked executor
/// process cannot wait on threads it lacks), else on a pool of `threads`
/// threads or the global pool for `None`. Ctrl-C stops it: the
/// `KeyboardInterrupt` (or whatever a signal handler raised) is returned.
pub(crate) fn run<T: Send>(
    py: Python<'_>,
    threads: Option<usize>,
    job: impl FnOnce(bool, &dyn Interrupt) -> Result<T> + Send,
) -> PyResult<T> {
    let watch = Watch::new(threads == Some(1));
    let out = py.detach(|| match threads {
        Some(1) => job(false, &watch),
        Some(t) if t != rayon::current_num_threads() => {
            let pool = crate::eval::batch::pool(t).map_err(|e| Error::Equity {
                reason: e.to_string(),
            })?;
            watched(Some(&pool), &watch, |stop| job(true, stop))
        }
        _ => watched(None, &watch, |stop| job(true, stop)),
    });
    match watch.take_error() {
        Some(e) => Err(e),
        None => Ok(out?),
    }
}

/// The weighted results of an exact run, beside its counters.
#[derive(Clone, PartialEq)]
struct Weighted {
    /// Joint holdings actually dealt (the rest reused a suit-isomorphic one's counters).
    classes: u64,
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
    /// to executor processes). The parts are checked: 2..=23 players, that
    /// many counters each, no counter above what `deals` deals allow, and
    /// counters as real deals leave them (`equity/restore.rs`), so forged
    /// parts are an `EquityError` naming what does not fit.
    #[new]
    #[pyo3(signature = (players, deals, win, tie, share, sq, cat))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        players: &Bound<'_, PyAny>,
        deals: &Bound<'_, PyAny>,
        win: &Bound<'_, PyAny>,
        tie: &Bound<'_, PyAny>,
        share: &Bound<'_, PyAny>,
        sq: &Bound<'_, PyAny>,
        cat: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let players = in_range(players, "players", 2, MAX_PLAYERS as u64)? as usize;
        let deals = in_range(deals, "deals", 1, u64::MAX)?;
        let counters = "EquityCounts counters";
        let (win, tie): (Vec<u64>, Vec<u64>) = (read(win, counters)?, read(tie, counters)?);
        let share: Vec<u128> = read(share, counters)?;
        let sq: Vec<u128> = read(sq, counters)?;
        let cat: Vec<u128> = read(cat, counters)?;
        let counts = Counts::from_parts(players, deals, win, tie, share, sq, cat)?;
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
        let counts = self.counts.checked_add(&other.counts).ok_or_else(|| {
            equity_error("EquityCounts: the sum passes the counters' range".into())
        })?;
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

    /// Joint holdings whose deals were dealt (exact; 0 for Monte Carlo):
    /// the other joint holdings are images of these under a permutation
    /// of the suits that keeps the board, the dead cards, the deck and the
    /// wild cards, and have the same counters.
    #[getter]
    fn classes(&self) -> u64 {
        self.weighted.as_ref().map_or(0, |w| w.classes)
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
                classes: ex.classes,
                holdings: ex.combos,
                equity: ex.equity,
                win: ex.win,
                tie: ex.tie,
                cat: ex.cat,
            }),
        }
    }
}

/// Estimated hand evaluations of an exact run (see `equity::estimate`),
/// and the live combos per player after blocking.
#[pyfunction]
#[pyo3(signature = (players, board, dead, game, *, rules=None, high=true, deck=None, split=None))]
#[allow(clippy::too_many_arguments)]
pub fn equity_work(
    players: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
    dead: &Bound<'_, PyAny>,
    game: &Bound<'_, PyAny>,
    rules: Option<Bound<'_, HandRules>>,
    high: bool,
    deck: Option<&Bound<'_, PyAny>>,
    split: Option<Bound<'_, HandRules>>,
) -> PyResult<(f64, Vec<usize>)> {
    let hr = rules.as_ref().map(|r| r.get());
    let sp = split.as_ref().map(|r| r.get());
    let (s, _) = spot_arg(players, board, dead, game, hr, high, deck, sp)?;
    let live = s.players.iter().map(Vec::len).collect();
    Ok((estimate(&s).evaluations, live))
}

/// Exact enumeration: the integer counters, the number of joint holdings
/// and the weighted fractions, as `EquityCounts`. Refused up front above
/// `EXACT_WORK_LIMIT` hand evaluations; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (players, board, dead, game, threads=None, *, rules=None, high=true, deck=None, split=None))]
#[allow(clippy::too_many_arguments)]
pub fn equity_exact<'py>(
    py: Python<'py>,
    players: &Bound<'py, PyAny>,
    board: &Bound<'py, PyAny>,
    dead: &Bound<'py, PyAny>,
    game: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    rules: Option<Bound<'py, HandRules>>,
    high: bool,
    deck: Option<&Bound<'py, PyAny>>,
    split: Option<Bound<'py, HandRules>>,
) -> PyResult<EquityCounts> {
    let threads = threads_arg(threads)?;
    let hr = rules.as_ref().map(|r| r.get());
    let sp = split.as_ref().map(|r| r.get());
    let (s, which) = spot_arg(players, board, dead, game, hr, high, deck, sp)?;
    check_exact_work(&s, &which, threads)?;
    let ex = run(py, threads, |par, stop| which.enumerate(&s, par, stop))?;
    Ok(EquityCounts::of_exact(ex))
}

/// Monte Carlo shards `first .. first + count` of a run seeded with `seed`,
/// as `EquityCounts` (at most `MAX_SHARDS` shards a call), the last of them
/// running `last` trials (1..=`SHARD_TRIALS`, all of them when None: a
/// run's final shard is sized to its trials); Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (players, board, dead, game, seed, first, count, threads=None, *, rules=None, high=true, deck=None, split=None, last=None))]
#[allow(clippy::too_many_arguments)]
pub fn equity_shards<'py>(
    py: Python<'py>,
    players: &Bound<'py, PyAny>,
    board: &Bound<'py, PyAny>,
    dead: &Bound<'py, PyAny>,
    game: &Bound<'py, PyAny>,
    seed: &Bound<'py, PyAny>,
    first: &Bound<'py, PyAny>,
    count: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    rules: Option<Bound<'py, HandRules>>,
    high: bool,
    deck: Option<&Bound<'py, PyAny>>,
    split: Option<Bound<'py, HandRules>>,
    last: Option<&Bound<'py, PyAny>>,
) -> PyResult<EquityCounts> {
    let seed = in_range(seed, "seed", 0, u64::MAX)?;
    let last = match last {
        Some(l) if !l.is_none() => in_range(l, "last", 1, SHARD_TRIALS)?,
        _ => SHARD_TRIALS,
    };
    let first = in_range(first, "first", 0, u64::MAX)?;
    let count = in_range(count, "count", 1, MAX_SHARDS)?;
    let threads = threads_arg(threads)?;
    let hr = rules.as_ref().map(|r| r.get());
    let sp = split.as_ref().map(|r| r.get());
    let (s, which) = spot_arg(players, board, dead, game, hr, high, deck, sp)?;
    let shards = Shards { first, count, last };
    let c = run(py, threads, |par, stop| {
        which.monte_carlo(&s, seed, shards, par, stop)
    })?;
    Ok(EquityCounts {
        counts: c,
        weighted: None,
    })
}
