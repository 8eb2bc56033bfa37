//! The equity engine's entry points, used by `hoyle/odds.py`: plain
//! arguments in (combos as card-id tuples with weights, the deal's shape,
//! optional hand rules and deck), an `EquityCounts` out, the interpreter
//! released while Rust works.

use super::args::int_arg;
use super::rules::HandRules;
use crate::equity::{
    denominator, enumerate_with, estimate, monte_carlo_with, Combo, Counts, Exact, HighScorer,
    Interrupt, OmahaScorer, RuledScorer, Scoring, Shape, Shards, Spot, EXACT_WORK_LIMIT, MAX_BOARD,
    MAX_HOLE, MAX_PLAYERS, MAX_SHARDS, STANDARD_DECK,
};
use crate::error::{Error, Result};
use crate::eval::batch::MAX_THREADS;
use crate::eval::rules::{Jokers, Low, SHORT_DECK_CARDS};
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

type PlayersArg = Vec<Vec<(Vec<u8>, f64)>>;

fn equity_error(reason: String) -> PyErr {
    Error::Equity { reason }.into()
}

/// An integer argument in `lo..=hi`, read by [`int_arg`] (a bool or
/// another type is a `TypeError`); a number outside the range, however
/// large, is an `EquityError` that names the argument and the range.
fn int_in(obj: &Bound<'_, PyAny>, name: &str, lo: u64, hi: u64) -> PyResult<u64> {
    let got = match int_arg(name, obj)? {
        Ok(n) => match u64::try_from(n) {
            Ok(v) if (lo..=hi).contains(&v) => return Ok(v),
            _ => n.to_string(),
        },
        // beyond i64: its decimal form (a u64 above 2**63 may still be in range)
        Err(text) => match text.parse::<u64>() {
            Ok(v) if (lo..=hi).contains(&v) => return Ok(v),
            _ => text,
        },
    };
    Err(equity_error(format!(
        "{name} must be an integer in {lo}..={hi}, got {got}"
    )))
}

/// Reads a structured argument (card ids, counters); a number too large
/// for its slot is an `EquityError` naming `what`, not an `OverflowError`.
fn read<'py, T: FromPyObjectOwned<'py>>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<T> {
    obj.extract::<T>().map_err(|e| {
        let e: PyErr = e.into();
        if e.is_instance_of::<PyOverflowError>(obj.py()) {
            equity_error(format!("{what} out of range: {e}"))
        } else {
            e
        }
    })
}

/// The deal's shape `(hole, board, hole_cards or 0)`, each in its bounds.
fn game_arg(game: &Bound<'_, PyAny>) -> PyResult<(u8, u8, u8)> {
    let (hole, board, omaha): (Bound<'_, PyAny>, Bound<'_, PyAny>, Bound<'_, PyAny>) =
        game.extract()?;
    Ok((
        int_in(&hole, "hole", 0, MAX_HOLE as u64)? as u8,
        int_in(&board, "board", 0, MAX_BOARD as u64)? as u8,
        int_in(&omaha, "hole_cards", 0, 4)? as u8,
    ))
}

/// `threads`: None for the shared pool, else 1..=MAX_THREADS.
fn threads_arg(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    threads
        .filter(|t| !t.is_none())
        .map(|t| int_in(t, "threads", 1, MAX_THREADS as u64).map(|n| n as usize))
        .transpose()
}

/// The spot's card arguments read from Python: combos, board, dead.
struct Cards {
    players: PlayersArg,
    board: Vec<u8>,
    dead: Vec<u8>,
}

impl Cards {
    fn read(
        players: &Bound<'_, PyAny>,
        board: &Bound<'_, PyAny>,
        dead: &Bound<'_, PyAny>,
    ) -> PyResult<Cards> {
        Ok(Cards {
            players: read(players, "card ids (0..=53) or weights")?,
            board: read(board, "board card ids (0..=53)")?,
            dead: read(dead, "dead card ids (0..=53)")?,
        })
    }
}

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
/// half, a low-only game when `high` is false). `split` is a split game's
/// second half (`Game.split`): the pot's halves go to the best hand under
/// `rules` and `high` and the best low under `split`.
#[allow(clippy::too_many_arguments)]
fn spot<'a>(
    players: PlayersArg,
    board: Vec<u8>,
    dead: Vec<u8>,
    game: (u8, u8, u8),
    rules: Option<&'a HandRules>,
    high: bool,
    deck: Option<u64>,
    split: Option<&'a HandRules>,
) -> Result<(Spot, Which<'a>)> {
    let (hole, board_size, omaha) = game;
    // Short-deck rules deal from the 36 cards six to ace unless told.
    let short = rules.is_some_and(|r| r.rules().short_deck.is_some());
    let deck = deck.unwrap_or(if short {
        SHORT_DECK_CARDS
    } else {
        STANDARD_DECK
    });
    if short && deck & !SHORT_DECK_CARDS != 0 {
        let card = crate::cards::name((deck & !SHORT_DECK_CARDS).trailing_zeros() as u8);
        return Err(Error::Equity {
            reason: format!(
                "short-deck rules deal from the 36 cards six to ace; the deck holds {card}"
            ),
        });
    }
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
    if let Some(sp) = split {
        let (scoring, which) = split_scorer(rules, high, sp)?;
        return build(players, board, dead, deck, hole, board_size, scoring, which);
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
    build(players, board, dead, deck, hole, board_size, scoring, which)
}

/// The scorer of a split game of two rankings: the first half under
/// `rules` (its high hand, or its low ranking when `high` is false), the
/// second under `split`'s low ranking.
fn split_scorer<'a>(
    rules: Option<&'a HandRules>,
    high: bool,
    split: &'a HandRules,
) -> Result<(Scoring, Which<'a>)> {
    let refuse = |reason: &str| Error::Equity {
        reason: reason.into(),
    };
    let second = split.low_prep.as_ref().ok_or_else(|| {
        refuse("split names a split game's second half: hand rules with a low ranking")
    })?;
    let r = rules.ok_or_else(|| {
        refuse("a split game needs hand rules for its first half (HandRules() for a natural high)")
    })?;
    let rr = r.rules();
    if high && rr.low.is_some() {
        return Err(refuse(
            "a game splits its pots high-low or by split, not both",
        ));
    }
    let scorer = if high {
        RuledScorer::new(true, &r.prep, Some(second))?
    } else {
        let first = r.low_prep.as_ref().ok_or_else(|| {
            refuse("a low-only game (high=False) needs hand rules with a low ranking")
        })?;
        RuledScorer::halves(first, second)
    };
    // badugi plays four cards or fewer; any other ranking needs five
    let badugi = |x: &HandRules| x.rules().low == Some(Low::Badugi);
    let min = if !high && badugi(r) && badugi(split) {
        4
    } else {
        5
    };
    let scoring = Scoring::Ruled {
        hole_cards: rr.hole_cards.or(split.rules().hole_cards),
        min,
    };
    Ok((scoring, Which::Ruled(scorer)))
}

/// The checked spot of these cards and shape.
#[allow(clippy::too_many_arguments)]
fn build<'a>(
    players: PlayersArg,
    board: Vec<u8>,
    dead: Vec<u8>,
    deck: u64,
    hole: u8,
    board_size: u8,
    scoring: Scoring,
    which: Which<'a>,
) -> Result<(Spot, Which<'a>)> {
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
fn run<T: Send>(
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
    /// many counters each, and no counter above what `deals` deals allow.
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
        let players = int_in(players, "players", 2, MAX_PLAYERS as u64)? as usize;
        let deals = int_in(deals, "deals", 0, u64::MAX)?;
        let counters = "EquityCounts counters";
        let (win, tie): (Vec<u64>, Vec<u64>) = (read(win, counters)?, read(tie, counters)?);
        let share: Vec<u128> = read(share, counters)?;
        let sq: Vec<u128> = read(sq, counters)?;
        let cat: Vec<u128> = read(cat, counters)?;
        let sizes = [win.len(), tie.len(), share.len(), sq.len()];
        if sizes.iter().any(|&k| k != players) || cat.len() != 16 * players {
            return Err(equity_error(format!(
                "EquityCounts: {players} players need {players} counters each and {} by category",
                16 * players
            )));
        }
        let d = denominator(players) as u128;
        let whole = deals as u128 * d;
        let fits = win.iter().chain(&tie).all(|&w| w <= deals)
            && share.iter().chain(&cat).all(|&x| x <= whole)
            && whole
                .checked_mul(d)
                .is_none_or(|most| sq.iter().all(|&q| q <= most));
        if !fits {
            return Err(equity_error(format!(
                "EquityCounts: counters larger than {deals} deals allow"
            )));
        }
        let mut counts = Counts::new(players);
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

/// Reads and checks the spot's arguments.
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
) -> PyResult<(Spot, Which<'a>)> {
    let cards = Cards::read(players, board, dead)?;
    let game = game_arg(game)?;
    let deck = deck
        .filter(|d| !d.is_none())
        .map(|d| int_in(d, "deck", 0, (1 << 54) - 1))
        .transpose()?;
    Ok(spot(
        cards.players,
        cards.board,
        cards.dead,
        game,
        rules,
        high,
        deck,
        split,
    )?)
}

/// Hand evaluations per second per thread, roughly: the hold'em path, and
/// the others (stud, Omaha, hand rules), for the time in a refusal.
const FAST_RATE: f64 = 5e8;
const SLOW_RATE: f64 = 2e7;

/// A count for a message: exact below a million, else like `7.5e15`.
fn approx(x: f64) -> String {
    if x < 1e6 {
        format!("{x:.0}")
    } else {
        format!("{x:.2e}")
    }
}

/// Seconds in words, roughly.
fn duration(secs: f64) -> String {
    const UNITS: [(f64, &str); 5] = [
        (365.25 * 86400.0, "years"),
        (86400.0, "days"),
        (3600.0, "hours"),
        (60.0, "minutes"),
        (1.0, "seconds"),
    ];
    for (size, name) in UNITS {
        if secs >= size {
            return format!("{} {name}", approx((secs / size).round()));
        }
    }
    "under a second".into()
}

/// Refuses an exact run of more than `EXACT_WORK_LIMIT` evaluations, with
/// its size and a rough time, before anything starts.
fn refuse_huge(s: &Spot, which: &Which<'_>, threads: Option<usize>) -> Result<()> {
    let e = estimate(s);
    if e.evaluations <= EXACT_WORK_LIMIT {
        return Ok(());
    }
    let fast = matches!(which, Which::High) && s.shape.is_holdem() && s.standard_deck();
    let threads = threads.unwrap_or_else(rayon::current_num_threads).max(1);
    let rate = if fast { FAST_RATE } else { SLOW_RATE } * threads as f64;
    Err(Error::Equity {
        reason: format!(
            "exact enumeration is too large: {}{} joint holdings x {} deals each x {} players = {} hand evaluations (roughly {} on {threads} thread(s)); the limit is {:.0e} (hoyle.odds.EXACT_WORK_LIMIT). Use Monte Carlo (exact=False or trials=N) or narrower ranges",
            if e.counted { "" } else { "about " },
            approx(e.joints),
            approx(e.deals),
            s.players.len(),
            approx(e.evaluations),
            duration(e.evaluations / rate),
            EXACT_WORK_LIMIT,
        ),
    })
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
    refuse_huge(&s, &which, threads)?;
    let ex = run(py, threads, |par, stop| {
        with_scorer!(&which, |sc| enumerate_with(&s, sc, par, stop))
    })?;
    Ok(EquityCounts::of_exact(ex))
}

/// Monte Carlo shards `first .. first + count` of a run seeded with `seed`,
/// as `EquityCounts` (at most `MAX_SHARDS` shards a call); Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (players, board, dead, game, seed, first, count, threads=None, *, rules=None, high=true, deck=None, split=None))]
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
) -> PyResult<EquityCounts> {
    let seed = int_in(seed, "seed", 0, u64::MAX)?;
    let first = int_in(first, "first", 0, u64::MAX)?;
    let count = int_in(count, "count", 0, MAX_SHARDS)?;
    let threads = threads_arg(threads)?;
    let hr = rules.as_ref().map(|r| r.get());
    let sp = split.as_ref().map(|r| r.get());
    let (s, which) = spot_arg(players, board, dead, game, hr, high, deck, sp)?;
    let shards = Shards { first, count };
    let c = run(py, threads, |par, stop| {
        with_scorer!(&which, |sc| monte_carlo_with(
            &s, sc, seed, shards, par, stop
        ))
    })?;
    Ok(EquityCounts {
        counts: c,
        weighted: None,
    })
}
