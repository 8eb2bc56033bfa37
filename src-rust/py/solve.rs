//! `hoyle._core.Solver`: the solver core (`crate::solve`) for
//! `hoyle.solve`. Arguments are read and checked here and in the core
//! (nothing is allocated for a tree over `max_memory`); iterations run
//! without the interpreter, on `threads` threads, and stop on Ctrl-C with
//! the state usable.

use super::equity::{in_range, run, threads_arg, variant};
use super::rules::HandRules;
use crate::equity::{choose, Never, Split};
use crate::error::Error;
use crate::solve::build::{build, estimate, Setup};
use crate::solve::cfr::Algorithm;
use crate::solve::showdown::Hands;
use crate::solve::tree::{Kind, Limit, Size, StreetSizes, TreeConfig};
use crate::solve::{games, Rake};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use std::sync::{Mutex, MutexGuard};

pyo3::import_exception!(hoyle.errors, BusyError);

fn solve_err(m: String) -> PyErr {
    Error::Solve(m).into()
}

/// An integer argument from `lo` to `hi`, else a `SolveError` naming it.
fn count(obj: &Bound<'_, PyAny>, name: &str, lo: u64, hi: u64) -> PyResult<u64> {
    in_range(obj, name, lo, hi).map_err(|_| {
        solve_err(format!(
            "{name} must be a whole number from {lo} to {hi}, got {obj}"
        ))
    })
}

/// `threads`: None (all cores) or 1 to the most allowed, else a `SolveError`.
fn threads_of(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    threads_arg(obj).map_err(|e| {
        solve_err(format!(
            "threads: {}",
            e.to_string().trim_start_matches("equity: ")
        ))
    })
}

/// The threads a traversal runs on: the calling thread alone for a tree
/// with no chance node (a river: only chance nodes split the work, so a
/// pool would add its hand-over and nothing else), else `threads`.
fn inline_unless_dealt(s: &crate::solve::Solver, threads: Option<usize>) -> Option<usize> {
    if s.deals.is_empty() {
        Some(1)
    } else {
        threads
    }
}

/// A player: 0 (out of position) or 1 (in position).
fn player_of(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    Ok(count(obj, "player", 0, 1)? as usize)
}

/// A two-player game solved by discounted CFR: its tree, regrets and
/// strategy sums (see `hoyle.solve`).
#[pyclass(module = "hoyle._core", frozen)]
pub struct Solver {
    inner: Mutex<crate::solve::Solver>,
}

fn size_of(t: &Bound<'_, PyAny>) -> PyResult<Size> {
    let (kind, value): (String, f64) = t
        .extract()
        .map_err(|_| solve_err(format!("a size is a (kind, value) pair, got {t}")))?;
    Ok(match kind.as_str() {
        "%" => Size::Pot(value),
        "x" => Size::Mult(value),
        "c" => {
            if !(value.is_finite()
                && value >= 1.0
                && value <= (1u64 << 48) as f64
                && value.fract() == 0.0)
            {
                return Err(solve_err(format!(
                    "a size in chips is a whole number from 1 to 2**48, got {value}"
                )));
            }
            Size::Chips(value as u64)
        }
        "a" => Size::AllIn,
        "e" => Size::Geo,
        _ => {
            return Err(solve_err(format!(
                "unknown size kind {kind:?}: one of %, x, c, a, e"
            )))
        }
    })
}

fn sizes_of(t: &Bound<'_, PyAny>) -> PyResult<Vec<Size>> {
    let items: Vec<Bound<'_, PyAny>> = t.extract()?;
    items.iter().map(size_of).collect()
}

type StreetArg<'py> = (
    (Bound<'py, PyAny>, Bound<'py, PyAny>),
    (Bound<'py, PyAny>, Bound<'py, PyAny>),
);

fn hands_of(cards: Vec<Vec<u8>>, weights: Vec<f64>, who: &str) -> PyResult<Hands> {
    if cards.len() != weights.len() {
        return Err(solve_err(format!(
            "{who}: {} combos but {} weights",
            cards.len(),
            weights.len()
        )));
    }
    let k = cards.first().map_or(0, Vec::len);
    let mut h = Hands {
        k,
        cards: Vec::with_capacity(cards.len() * k),
        mask: Vec::with_capacity(cards.len()),
        weight: weights,
    };
    for c in &cards {
        if c.len() != k {
            return Err(solve_err(format!("{who}: every combo must have {k} cards")));
        }
        let mut m = 0u64;
        for &x in c {
            if x > 51 {
                return Err(crate::error::Error::CardIdOutOfRange { id: x.to_string() }.into());
            }
            m |= 1 << x;
        }
        h.cards.extend_from_slice(c);
        h.mask.push(m);
    }
    Ok(h)
}

impl Solver {
    fn lock(&self) -> PyResult<MutexGuard<'_, crate::solve::Solver>> {
        self.inner
            .try_lock()
            .map_err(|_| BusyError::new_err("the solver is busy: another call on it is running"))
    }

    fn of(s: crate::solve::Solver) -> Solver {
        Solver {
            inner: Mutex::new(s),
        }
    }
}

fn path_of(path: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    path.extract().map_err(|_| {
        solve_err(format!(
            "a path is a list of steps (action indices and card ids), got {path}"
        ))
    })
}

/// Reads a postflop spot's arguments (see `Solver.postflop`) and hands
/// the tree's configuration and the setup to `f`, without the interpreter.
#[allow(clippy::too_many_arguments)]
fn postflop_with<'py, R: Send>(
    py: Python<'py>,
    board: Vec<u8>,
    hands: (Vec<Vec<u8>>, Vec<Vec<u8>>),
    weights: (Vec<f64>, Vec<f64>),
    pot: &Bound<'py, PyAny>,
    stack: &Bound<'py, PyAny>,
    streets: Vec<StreetArg<'py>>,
    limit: &str,
    bet_units: Option<Vec<u64>>,
    raise_cap: Option<u32>,
    allin_threshold: Option<f64>,
    merge: Option<f64>,
    game: Option<&Bound<'py, PyAny>>,
    rules: Option<Bound<'py, HandRules>>,
    high: bool,
    deck: Option<&Bound<'py, PyAny>>,
    split: Option<Bound<'py, HandRules>>,
    rake: Option<(u64, Option<u64>)>,
    isomorphism: bool,
    max_memory: &Bound<'py, PyAny>,
    f: impl for<'a> FnOnce(TreeConfig, Setup<'a>) -> crate::error::Result<R> + Send,
) -> PyResult<R> {
    let pot = in_range(pot, "pot", 1, 1 << 48).map_err(|_| {
        solve_err(format!(
            "the pot must be a whole number of chips from 1 to 2**48, got {pot}"
        ))
    })?;
    let stack = in_range(stack, "stack", 1, 1 << 48).map_err(|_| {
        solve_err(format!(
            "the stack must be a whole number of chips from 1 to 2**48, got {stack}"
        ))
    })?;
    let max_memory = count(max_memory, "max_memory", 0, u64::MAX)?;
    let limit = match limit {
        "no" => Limit::No,
        "pot" => Limit::Pot,
        "fixed" => Limit::Fixed,
        _ => {
            return Err(solve_err(format!(
                "limit is one of 'no', 'pot', 'fixed', got {limit:?}"
            )))
        }
    };
    let mut st = Vec::with_capacity(streets.len());
    for ((ob, or), (ib, ir)) in &streets {
        st.push(StreetSizes {
            bets: [sizes_of(ob)?, sizes_of(ib)?],
            raises: [sizes_of(or)?, sizes_of(ir)?],
        });
    }
    let config = TreeConfig {
        pot,
        stack,
        antes: 0,
        streets: st,
        limit,
        units: bet_units.unwrap_or_default(),
        raise_cap,
        allin_threshold,
        merge,
    };
    let game = match game {
        Some(g) => g.clone(),
        None => (2u8, 5u8, 0u8).into_pyobject(py)?.into_any(),
    };
    let hr = rules.as_ref().map(|r| r.get());
    let sp = split.as_ref().map(|r| r.get());
    let v = variant(&game, hr, high, deck, sp)?;
    let (shape, deck, scorer) = choose(&v)?;
    let h = [
        hands_of(hands.0, weights.0, "the first player")?,
        hands_of(hands.1, weights.1, "the second player")?,
    ];
    if shape.board != 5
        || h.iter()
            .any(|x| !x.is_empty() && x.k != shape.hole as usize)
    {
        return Err(solve_err(format!(
            "a solver spot deals a five-card board and {} hole cards each, as the game does",
            shape.hole
        )));
    }
    let split = scorer.split();
    let (hilo, low_only) =
        match split {
            Split::High => (false, false),
            Split::HighLow => (true, false),
            Split::Low => (false, true),
            Split::Halves => return Err(solve_err(
                "the solver scores high, high-low and low games, not split games of two rankings"
                    .into(),
            )),
        };
    let score = move |hole: &[u8], b: &[u8]| {
        let (hi, lo) = scorer.score(hole, b);
        if low_only {
            (lo, 0)
        } else {
            (hi, lo)
        }
    };
    let rake = rake.map(|(basis_points, cap)| Rake { basis_points, cap });
    let setup = Setup {
        board,
        hands: h,
        deck,
        final_board: 5,
        score: &score,
        hilo,
        rake,
        isomorphism,
        max_memory,
        plain: false,
    };
    Ok(py.detach(|| f(config, setup))?)
}

#[pymethods]
impl Solver {
    /// A postflop spot (see `hoyle.solve.Spot`, which builds the arguments).
    #[staticmethod]
    #[pyo3(signature = (*, board, hands, weights, pot, stack, streets, limit="no", bet_units=None, raise_cap=None, allin_threshold=None, merge=None, game=None, rules=None, high=true, deck=None, split=None, rake=None, isomorphism=true, max_memory))]
    #[allow(clippy::too_many_arguments)]
    fn postflop<'py>(
        py: Python<'py>,
        board: Vec<u8>,
        hands: (Vec<Vec<u8>>, Vec<Vec<u8>>),
        weights: (Vec<f64>, Vec<f64>),
        pot: &Bound<'py, PyAny>,
        stack: &Bound<'py, PyAny>,
        streets: Vec<StreetArg<'py>>,
        limit: &str,
        bet_units: Option<Vec<u64>>,
        raise_cap: Option<u32>,
        allin_threshold: Option<f64>,
        merge: Option<f64>,
        game: Option<&Bound<'py, PyAny>>,
        rules: Option<Bound<'py, HandRules>>,
        high: bool,
        deck: Option<&Bound<'py, PyAny>>,
        split: Option<Bound<'py, HandRules>>,
        rake: Option<(u64, Option<u64>)>,
        isomorphism: bool,
        max_memory: &Bound<'py, PyAny>,
    ) -> PyResult<Solver> {
        Ok(Solver::of(postflop_with(
            py,
            board,
            hands,
            weights,
            pot,
            stack,
            streets,
            limit,
            bet_units,
            raise_cap,
            allin_threshold,
            merge,
            game,
            rules,
            high,
            deck,
            split,
            rake,
            isomorphism,
            max_memory,
            build,
        )?))
    }

    /// The bytes `postflop` with the same arguments allocates, counted
    /// without building the tree (a `SolveError` over `max_memory`).
    #[staticmethod]
    #[pyo3(signature = (*, board, hands, weights, pot, stack, streets, limit="no", bet_units=None, raise_cap=None, allin_threshold=None, merge=None, game=None, rules=None, high=true, deck=None, split=None, rake=None, isomorphism=true, max_memory))]
    #[allow(clippy::too_many_arguments)]
    fn estimate<'py>(
        py: Python<'py>,
        board: Vec<u8>,
        hands: (Vec<Vec<u8>>, Vec<Vec<u8>>),
        weights: (Vec<f64>, Vec<f64>),
        pot: &Bound<'py, PyAny>,
        stack: &Bound<'py, PyAny>,
        streets: Vec<StreetArg<'py>>,
        limit: &str,
        bet_units: Option<Vec<u64>>,
        raise_cap: Option<u32>,
        allin_threshold: Option<f64>,
        merge: Option<f64>,
        game: Option<&Bound<'py, PyAny>>,
        rules: Option<Bound<'py, HandRules>>,
        high: bool,
        deck: Option<&Bound<'py, PyAny>>,
        split: Option<Bound<'py, HandRules>>,
        rake: Option<(u64, Option<u64>)>,
        isomorphism: bool,
        max_memory: &Bound<'py, PyAny>,
    ) -> PyResult<u64> {
        postflop_with(
            py,
            board,
            hands,
            weights,
            pot,
            stack,
            streets,
            limit,
            bet_units,
            raise_cap,
            allin_threshold,
            merge,
            game,
            rules,
            high,
            deck,
            split,
            rake,
            isomorphism,
            max_memory,
            |c, s| estimate(&c, &s),
        )
    }

    /// Kuhn poker: cards Jc, Qc, Kc; antes 1; one bet of 1.
    #[staticmethod]
    fn kuhn() -> PyResult<Solver> {
        Ok(Solver::of(games::kuhn()?))
    }

    /// Leduc hold'em, OpenSpiel's rules: cards Jc Jd Qc Qd Kc Kd.
    #[staticmethod]
    #[pyo3(signature = (*, isomorphism=true))]
    fn leduc(isomorphism: bool) -> PyResult<Solver> {
        Ok(Solver::of(games::leduc(isomorphism)?))
    }

    #[getter]
    fn memory(&self) -> PyResult<u64> {
        Ok(self.lock()?.memory)
    }

    #[getter]
    fn iterations(&self) -> PyResult<u64> {
        Ok(self.lock()?.iterations)
    }

    #[getter]
    fn node_count(&self) -> PyResult<usize> {
        Ok(self.lock()?.nodes.len())
    }

    /// Runs `n` more iterations; returns the iterations completed so far.
    #[pyo3(signature = (n, *, threads=None, algorithm="dcfr", alpha=1.5, beta=0.0, gamma=2.0))]
    #[allow(clippy::too_many_arguments)]
    fn iterate(
        &self,
        py: Python<'_>,
        n: &Bound<'_, PyAny>,
        threads: Option<&Bound<'_, PyAny>>,
        algorithm: &str,
        alpha: f64,
        beta: f64,
        gamma: f64,
    ) -> PyResult<u64> {
        let n = count(n, "n", 0, 1 << 32)?;
        let threads = threads_of(threads)?;
        let algo = match algorithm {
            "dcfr" => {
                for (name, x) in [("alpha", alpha), ("beta", beta), ("gamma", gamma)] {
                    if !(x.is_finite() && (-10.0..=10.0).contains(&x)) {
                        return Err(solve_err(format!(
                            "{name} must be a number from -10 to 10, got {x}"
                        )));
                    }
                }
                Algorithm::Dcfr { alpha, beta, gamma }
            }
            "cfr+" => Algorithm::Plus,
            _ => {
                return Err(solve_err(format!(
                    "algorithm is 'dcfr' or 'cfr+', got {algorithm:?}"
                )))
            }
        };
        let mut s = self.lock()?;
        let s = &mut *s;
        let threads = inline_unless_dealt(s, threads);
        run(py, threads, |par, stop| Ok(s.iterate(n, algo, par, stop)))
    }

    /// Half of NashConv of the average strategies, in chips.
    #[pyo3(signature = (*, threads=None))]
    fn exploitability(&self, py: Python<'_>, threads: Option<&Bound<'_, PyAny>>) -> PyResult<f64> {
        let threads = threads_of(threads)?;
        let s = self.lock()?;
        let s = &*s;
        let threads = inline_unless_dealt(s, threads);
        run(py, threads, |par, stop| Ok(s.exploitability(par, stop)))
    }

    /// Each player's expected payoff under the average strategies.
    fn ev(&self, py: Python<'_>) -> PyResult<(f64, f64)> {
        let s = self.lock()?;
        let s = &*s;
        run(py, None, |par, stop| Ok(s.ev(par, stop)))
    }

    /// Each player's showdown equity at the root.
    fn equity(&self, py: Python<'_>) -> PyResult<(f64, f64)> {
        let s = self.lock()?;
        let s = &*s;
        Ok(py.detach(|| s.equity()))
    }

    fn hands(&self, player: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<u8>>> {
        let player = player_of(player)?;
        let s = self.lock()?;
        let h = s
            .hands
            .get(player)
            .ok_or_else(|| solve_err(format!("player is 0 or 1, got {player}")))?;
        Ok((0..h.len()).map(|i| h.of(i).to_vec()).collect())
    }

    fn weights(&self, player: &Bound<'_, PyAny>) -> PyResult<Vec<f64>> {
        let player = player_of(player)?;
        let s = self.lock()?;
        let h = s
            .hands
            .get(player)
            .ok_or_else(|| solve_err(format!("player is 0 or 1, got {player}")))?;
        Ok(h.weight.clone())
    }

    /// What the node at the end of `path` is.
    fn info<'py>(&self, py: Python<'py>, path: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        let path = path_of(path)?;
        let s = self.lock()?;
        let pos = s.walk(&path)?;
        let nd = &s.nodes[pos.node];
        let d = PyDict::new(py);
        let (kind, player, terminal) = match nd.kind {
            Kind::Player(q) => ("player", q as i64, None),
            Kind::Chance => ("chance", -1, None),
            Kind::Fold(_) => ("terminal", -1, Some("fold")),
            Kind::Showdown => ("terminal", -1, Some("showdown")),
        };
        d.set_item("kind", kind)?;
        d.set_item("player", player)?;
        d.set_item("terminal", terminal)?;
        let actions: Vec<String> = match nd.kind {
            Kind::Player(_) => (0..nd.count as usize)
                .map(|i| match s.nodes[nd.first as usize + i].edge {
                    crate::solve::Edge::Action(a) => a.label(),
                    _ => unreachable!("a player node's children are actions"),
                })
                .collect(),
            _ => Vec::new(),
        };
        d.set_item("actions", actions)?;
        let cards: Vec<u8> = match nd.kind {
            Kind::Chance => (0..64u8)
                .filter(|&c| (s.deck & !pos.board) >> c & 1 == 1)
                .collect(),
            _ => Vec::new(),
        };
        d.set_item("cards", cards)?;
        let board: Vec<u8> = (0..64u8).filter(|&c| pos.board >> c & 1 == 1).collect();
        d.set_item("board", board)?;
        d.set_item("pot", s.config.pot + nd.contrib[0] + nd.contrib[1])?;
        d.set_item("contributions", (nd.contrib[0], nd.contrib[1]))?;
        d.set_item("street", nd.street)?;
        Ok(d)
    }

    /// The average strategy at the player node at the end of `path`:
    /// float32, hands x actions.
    fn strategy<'py>(
        &self,
        py: Python<'py>,
        path: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let path = path_of(path)?;
        let s = self.lock()?;
        let pos = s.walk(&path)?;
        let nd = &s.nodes[pos.node];
        let Kind::Player(q) = nd.kind else {
            return Err(solve_err(
                "the path does not lead to a player's decision".into(),
            ));
        };
        let (n, a) = (s.hands[q as usize].len(), nd.count as usize);
        let flat = s.strategy_at(pos.node, &pos.tau);
        PyArray1::from_vec(py, flat).reshape([n, a])
    }

    /// `player`'s (ev, equity, reach) per hand at the end of `path`.
    #[allow(clippy::type_complexity)]
    fn values<'py>(
        &self,
        py: Python<'py>,
        path: &Bound<'py, PyAny>,
        player: &Bound<'py, PyAny>,
    ) -> PyResult<(
        Bound<'py, PyArray1<f64>>,
        Bound<'py, PyArray1<f64>>,
        Bound<'py, PyArray1<f64>>,
    )> {
        let path = path_of(path)?;
        let player = player_of(player)?;
        let s = self.lock()?;
        let pos = s.walk(&path)?;
        let s = &*s;
        let (ev, eq, reach) = py.detach(|| s.values_at(&pos, player));
        Ok((
            PyArray1::from_vec(py, ev),
            PyArray1::from_vec(py, eq),
            PyArray1::from_vec(py, reach),
        ))
    }

    /// What each player nets at the terminal at the end of `path`, with
    /// hands `hand0`, `hand1` (indices) and `runout` the cards still to come.
    fn payoff(
        &self,
        path: &Bound<'_, PyAny>,
        hand0: &Bound<'_, PyAny>,
        hand1: &Bound<'_, PyAny>,
        runout: Vec<u8>,
    ) -> PyResult<(i128, i128)> {
        let path = path_of(path)?;
        let hand0 = count(hand0, "hand0", 0, u32::MAX as u64)? as usize;
        let hand1 = count(hand1, "hand1", 0, u32::MAX as u64)? as usize;
        let s = self.lock()?;
        let pos = s.walk(&path)?;
        let mut board = pos.board;
        for &c in &runout {
            if c > 63 || board >> c & 1 == 1 || s.deck >> c & 1 == 0 {
                return Err(solve_err(format!(
                    "runout card {c} is on the board or not in the deck"
                )));
            }
            board |= 1 << c;
        }
        let [a, b] = s.payoff_at(pos.node, [hand0, hand1], pos.board, board)?;
        Ok((a, b))
    }

    /// The regrets, strategy sums and iteration count (versioned).
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let s = self.lock()?;
        Ok(PyBytes::new(py, &s.state()))
    }

    fn set_state(&self, data: &[u8]) -> PyResult<()> {
        let mut s = self.lock()?;
        Ok(s.set_state(data)?)
    }

    fn __repr__(&self) -> PyResult<String> {
        let s = self.lock()?;
        let _ = Never;
        Ok(format!(
            "Solver(nodes={}, hands=({}, {}), iterations={}, memory={})",
            s.nodes.len(),
            s.hands[0].len(),
            s.hands[1].len(),
            s.iterations,
            s.memory
        ))
    }
}
