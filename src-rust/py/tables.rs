//! `hoyle._core._Tables`: the core backend of `hoyle.env.VectorTables`
//! (`hoyle/env/_fast.py` makes it), a `crate::table::TableBatch` (N
//! tables of one game, autoreset, hand numbering, rewards: see there)
//! bound to the caller's preallocated numpy arrays, which every reset and
//! step fill in place. Each method reads its arguments, makes one call of
//! the batch and builds its result; every error goes through the one
//! conversion (`py/errors.rs`).

use super::args::{actions_arg, rake_arg};
use super::fast;
use super::rules::HandRules;
use crate::error::Error;
use crate::table::{Betting, CoreBot, EnginePlan, Out, Street, TableBatch, TableGame};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::intern;
use pyo3::prelude::*;

fn bad(why: String) -> PyErr {
    Error::Argument(why).into()
}

/// A betting structure: a `hoyle.betting` `NoLimit`, `PotLimit` (its `cap`)
/// or `Limit` (its `min` and `max`).
impl<'a, 'py> FromPyObject<'a, 'py> for Betting {
    type Error = PyErr;

    fn extract(b: Borrowed<'a, 'py, PyAny>) -> PyResult<Betting> {
        let py = b.py();
        let betting = py.import(intern!(py, "hoyle.betting"))?;
        let is = |name: &Bound<'py, pyo3::types::PyString>| -> PyResult<bool> {
            b.is_instance(&betting.getattr(name)?)
        };
        if is(intern!(py, "NoLimit"))? {
            Ok(Betting::NoLimit)
        } else if is(intern!(py, "PotLimit"))? {
            Ok(Betting::PotLimit {
                cap: b.getattr(intern!(py, "cap"))?.extract()?,
            })
        } else if is(intern!(py, "Limit"))? {
            Ok(Betting::Limit {
                min: b.getattr(intern!(py, "min"))?.extract()?,
                max: b.getattr(intern!(py, "max"))?.extract()?,
            })
        } else {
            Err(Error::Game(format!("unknown betting structure {}", b.repr()?)).into())
        }
    }
}

/// A street as `hoyle._plan.StreetPlan` gives it (its `down`, `board`,
/// `burn` and resolved `betting`; `_fast.py` passes no street with up
/// cards, a draw or an exposed first bettor).
impl<'a, 'py> FromPyObject<'a, 'py> for Street {
    type Error = PyErr;

    fn extract(s: Borrowed<'a, 'py, PyAny>) -> PyResult<Street> {
        let py = s.py();
        Ok(Street {
            down: s.getattr(intern!(py, "down"))?.extract()?,
            board: s.getattr(intern!(py, "board"))?.extract()?,
            burn: s.getattr(intern!(py, "burn"))?.extract()?,
            betting: s.getattr(intern!(py, "betting"))?.extract()?,
        })
    }
}

/// A game as `hoyle._plan.Plan` gives it: its settings and what
/// `derive_plan` derived from them (`per_seat`, `fixed`, `largest_blind`,
/// `dealt_later`, `plain_high`), read from its public fields.
impl<'a, 'py> FromPyObject<'a, 'py> for TableGame {
    type Error = PyErr;

    fn extract(p: Borrowed<'a, 'py, PyAny>) -> PyResult<TableGame> {
        let py = p.py();
        let get = |name| p.getattr(name);
        let rules = *get(intern!(py, "rules"))?
            .extract::<PyRef<'_, HandRules>>()?
            .rules();
        Ok(TableGame {
            streets: get(intern!(py, "streets"))?.extract()?,
            deck: get(intern!(py, "deck"))?.extract()?,
            ante: get(intern!(py, "ante"))?.extract()?,
            antes: get(intern!(py, "antes"))?.extract()?,
            blinds: get(intern!(py, "blinds"))?.extract()?,
            posts: get(intern!(py, "posts"))?.extract()?,
            min_bet: get(intern!(py, "smallest_bet"))?.extract()?,
            raise_cap: get(intern!(py, "raise_cap"))?.extract()?,
            first_must_bet: get(intern!(py, "first_must_bet"))?.extract()?,
            rules,
            high: get(intern!(py, "high"))?.extract()?,
            rake: match get(intern!(py, "rake"))? {
                rake if rake.is_none() => None,
                rake => Some(rake_arg(&rake)?),
            },
            per_seat: get(intern!(py, "per_seat"))?.extract()?,
            fixed: get(intern!(py, "fixed"))?.extract()?,
            largest_blind: get(intern!(py, "largest_blind"))?.extract()?,
            dealt_later: get(intern!(py, "dealt_later"))?.extract()?,
            plain_high: get(intern!(py, "plain_high"))?.extract()?,
        })
    }
}

/// The arrays a step fills, each C-contiguous with N rows.
struct Arrays {
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<bool>>,
    actor: Py<PyArray1<i64>>,
    rewards: Py<PyArray2<f32>>,
    done: Py<PyArray1<bool>>,
}

impl Arrays {
    /// The five arrays borrowed for writing, as the batch's [`Out`].
    fn with<R>(&self, py: Python<'_>, f: impl FnOnce(Out<'_>) -> PyResult<R>) -> PyResult<R> {
        let (obs, mask, actor, rewards, done) = (
            self.obs.bind(py),
            self.mask.bind(py),
            self.actor.bind(py),
            self.rewards.bind(py),
            self.done.bind(py),
        );
        let busy = |what: &str| {
            PyErr::from(Error::Game(format!(
                "{what} must be a writable array, not in use elsewhere (made read-only or borrowed)"
            )))
        };
        let mut obs = obs.try_readwrite().map_err(|_| busy("obs"))?;
        let mut mask = mask.try_readwrite().map_err(|_| busy("mask"))?;
        let mut actor = actor.try_readwrite().map_err(|_| busy("actor"))?;
        let mut rewards = rewards.try_readwrite().map_err(|_| busy("rewards"))?;
        let mut done = done.try_readwrite().map_err(|_| busy("done"))?;
        let contiguous = |what: &str| bad(format!("{what} must be a C-contiguous array"));
        f(Out {
            obs: obs.as_slice_mut().map_err(|_| contiguous("obs"))?,
            mask: mask.as_slice_mut().map_err(|_| contiguous("mask"))?,
            actor: actor.as_slice_mut().map_err(|_| contiguous("actor"))?,
            rewards: rewards.as_slice_mut().map_err(|_| contiguous("rewards"))?,
            done: done.as_slice_mut().map_err(|_| contiguous("done"))?,
        })
    }
}

/// N tables of one game, stepped together (see the module's doc).
#[pyclass(module = "hoyle._core", name = "_Tables")]
pub struct Tables {
    batch: TableBatch,
    arrays: Arrays,
    /// The (observation, mask) rows `_see` fills, one pair per seat.
    #[allow(clippy::type_complexity)]
    rows: Vec<(Py<PyArray1<f32>>, Py<PyArray1<bool>>)>,
    /// What `_see` returns, one object per seat (`_bind_dicts`).
    dicts: Vec<Py<PyAny>>,
}

#[pymethods]
impl Tables {
    /// `plan` a game's `hoyle._plan.Plan` (one `_fast.py` found the engine
    /// plays), `actions` a `hoyle.env.Actions` whose actions are named
    /// `names`; `stacks` one per seat; `unit` and `window` the layout's;
    /// the five arrays are filled in place by every call.
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (plan, actions, names, tables, stacks, unit, window, obs, mask, actor, rewards, done))]
    fn new(
        plan: TableGame,
        actions: &Bound<'_, PyAny>,
        names: Vec<String>,
        tables: usize,
        stacks: Vec<u64>,
        unit: u64,
        window: usize,
        obs: Bound<'_, PyArray2<f32>>,
        mask: Bound<'_, PyArray2<bool>>,
        actor: Bound<'_, PyArray1<i64>>,
        rewards: Bound<'_, PyArray2<f32>>,
        done: Bound<'_, PyArray1<bool>>,
    ) -> PyResult<Tables> {
        let plan = EnginePlan::new(plan)?;
        let abs = actions_arg(actions, 0)?;
        let batch = TableBatch::new(plan, abs, names, tables, &stacks, unit, window)?;
        let py = obs.py();
        let mut this = Tables {
            batch,
            arrays: Arrays {
                obs: obs.unbind(),
                mask: mask.unbind(),
                actor: actor.unbind(),
                rewards: rewards.unbind(),
                done: done.unbind(),
            },
            rows: Vec::new(),
            dicts: Vec::new(),
        };
        this.reset(py, 0)?; // fills (and so checks) the arrays
        Ok(this)
    }

    /// Every table starts hand 0 of the run seeded `seed`; fills obs,
    /// mask and actor (rewards 0, done False).
    fn reset(&mut self, py: Python<'_>, seed: u64) -> PyResult<()> {
        let batch = &mut self.batch;
        self.arrays.with(py, |out| Ok(batch.reset(seed, out)?))
    }

    /// One step of every table (`VectorTables.step`): `actions[i]` is
    /// table i's action index. A masked action anywhere raises
    /// `IllegalActionError` and changes nothing.
    fn step(&mut self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let acts = actions.as_slice()?;
        let batch = &mut self.batch;
        self.arrays.with(py, |out| Ok(batch.step(acts, out)?))
    }

    /// Seats the core's bots: `bots[s]` the `hoyle.bots` name playing seat
    /// `s` (`"station"` or `"random"`), None for a learning seat; at least
    /// one seat learns. Every later reset, step and single-table call
    /// plays the bots' turns itself (the next `reset` deals with them).
    fn _set_bots(&mut self, bots: Vec<Option<String>>) -> PyResult<()> {
        let mut seated = Vec::with_capacity(bots.len());
        for name in bots {
            seated.push(match name {
                None => None,
                Some(name) => Some(CoreBot::named(&name).ok_or_else(|| {
                    bad(format!(
                        "the core plays the bots 'station' and 'random', not {name:?}"
                    ))
                })?),
            });
        }
        Ok(self.batch.set_bots(seated)?)
    }

    /// `(hand_seed, button, action indices so far)` of table `i`'s hand.
    fn record(&self, i: usize) -> PyResult<(u64, usize, Vec<u32>)> {
        let (seed, button, moves) = self.batch.record(i)?;
        Ok((seed, button, moves.to_vec()))
    }

    /// Table `i`'s hand as plain values, for tests: (actor or None,
    /// street, stacks, bets, contributions, folded, board, each seat's
    /// cards, history as (street, seat, kind, amount, total), legal as
    /// (can_fold, can_check, call_amount, min_raise_to, max_raise_to)).
    #[allow(clippy::type_complexity)]
    fn _state(
        &self,
        i: usize,
    ) -> PyResult<(
        Option<usize>,
        usize,
        Vec<u64>,
        Vec<u64>,
        Vec<u64>,
        Vec<bool>,
        Vec<u8>,
        Vec<Vec<u8>>,
        Vec<(u8, u8, u8, u64, u64)>,
        (bool, bool, u64, Option<u64>, Option<u64>),
    )> {
        let t = self.batch.table(i)?;
        let plan = self.batch.plan();
        let legal = t.legal(plan);
        Ok((
            t.actor(),
            t.street(),
            t.stacks().to_vec(),
            t.bets().to_vec(),
            t.contributions().to_vec(),
            t.folded().to_vec(),
            t.board().to_vec(),
            (0..t.seats()).map(|s| t.hole(plan, s).to_vec()).collect(),
            t.history()
                .iter()
                .map(|r| (r.street, r.seat, r.kind, r.amount, r.total))
                .collect(),
            (
                legal.can_fold,
                legal.can_check,
                legal.call_amount,
                legal.raise.map(|r| r.0),
                legal.raise.map(|r| r.1),
            ),
        ))
    }

    // ---- hoyle.env.aec_env's calls on one table (owner: aec-core) -------
    // `hoyle/env/_aec_core.py` plays one PettingZoo hand on table `i` with
    // these: `_deal` starts a hand, `_act` takes one action, `_observe`
    // fills any seat's observation, `_rewards` pays at the end. They leave
    // the five arrays alone.

    /// Table `i` starts hand `k` of the run (seeded by the last `reset`):
    /// the button at `k % seats`, dealt from `hand_seed(seed, i, k)`.
    /// Returns the seat to act, or -1 when the deal ends the hand.
    fn _deal(&mut self, i: usize, k: u64) -> PyResult<i64> {
        self.deal(i, k)
    }

    /// Table `i`'s actor takes the abstraction's action `index`; returns
    /// the next seat to act, or -1 when the hand is over. A masked,
    /// out-of-range or non-int index raises `IllegalActionError` and changes
    /// nothing.
    fn _act(&mut self, i: usize, index: &Bound<'_, PyAny>) -> PyResult<i64> {
        self.act(i, index)
    }

    /// Seat `seat`'s observation of table `i` into the float32 row `obs`;
    /// into the bool row `mask` the mask of the seat to act when that is
    /// `seat`, else all False (a seat not to act, or a hand over, has none).
    fn _observe(
        &mut self,
        i: usize,
        seat: usize,
        obs: &Bound<'_, PyArray1<f32>>,
        mask: &Bound<'_, PyArray1<bool>>,
    ) -> PyResult<()> {
        self.observe_into(i, seat, obs, mask)
    }

    /// Keeps one (observation, mask) pair of rows per seat for `_see`
    /// (`rows[seat]`: a float32 and a bool row, as `_observe` takes them).
    #[allow(clippy::type_complexity)]
    fn _bind(
        &mut self,
        rows: Vec<(Bound<'_, PyArray1<f32>>, Bound<'_, PyArray1<bool>>)>,
    ) -> PyResult<()> {
        if rows.len() != self.batch.seats() {
            return Err(bad(format!(
                "{} pairs of rows for {} seats",
                rows.len(),
                self.batch.seats()
            )));
        }
        self.rows = rows
            .into_iter()
            .map(|(o, m)| (o.unbind(), m.unbind()))
            .collect();
        Ok(())
    }

    /// Keeps one object per seat for `_see` to return (`aec_env`: each
    /// agent's observation dict, holding the rows given to `_bind`).
    fn _bind_dicts(&mut self, dicts: Vec<Py<PyAny>>) -> PyResult<()> {
        if dicts.len() != self.batch.seats() {
            return Err(bad(format!(
                "{} objects for {} seats",
                dicts.len(),
                self.batch.seats()
            )));
        }
        self.dicts = dicts;
        Ok(())
    }

    /// `_observe(i, seat, *rows[seat])` with the rows given to `_bind`;
    /// returns the seat's object given to `_bind_dicts` (None if none).
    fn _see(&mut self, py: Python<'_>, i: usize, seat: usize) -> PyResult<Option<Py<PyAny>>> {
        self.see(py, i, seat)
    }

    /// Table `i`'s rewards: `(final stack - starting stack) / unit` per
    /// absolute seat, as Python floats (`float(change) / float(unit)`).
    fn _rewards(&self, i: usize) -> PyResult<Vec<f64>> {
        self.rewards(i)
    }
}

impl Tables {
    /// `_act`'s work (see there), for `aec.rs`'s step too.
    pub(super) fn act(&mut self, i: usize, index: &Bound<'_, PyAny>) -> PyResult<i64> {
        if index.is_exact_instance_of::<pyo3::types::PyInt>() {
            if let Ok(x) = index.extract::<i64>() {
                // (the usual call: a plain int, its text made only if refused)
                return Ok(self
                    .batch
                    .act_one_with(i, usize::try_from(x).ok(), || x.to_string())?);
            }
        }
        self.batch.table(i)?;
        let (x, shown) = action_index(index)?;
        Ok(self.batch.act_one(i, x, &shown)?)
    }

    /// The seats at each table.
    pub(super) fn seats(&self) -> usize {
        self.batch.seats()
    }

    /// `_deal`'s work (see there), for `aec.rs`'s `deal` too.
    pub(super) fn deal(&mut self, i: usize, k: u64) -> PyResult<i64> {
        Ok(self.batch.deal_one(i, k)?)
    }

    /// `_rewards`'s work (see there), for `aec.rs`'s `finish` too.
    pub(super) fn rewards(&self, i: usize) -> PyResult<Vec<f64>> {
        Ok(self.batch.rewards_of(i)?)
    }

    /// `_see`'s work (see there), for `aec.rs`'s `last` too.
    pub(super) fn see(
        &mut self,
        py: Python<'_>,
        i: usize,
        seat: usize,
    ) -> PyResult<Option<Py<PyAny>>> {
        let (obs, mask) = match self.rows.get(seat) {
            Some((o, m)) => (
                o.clone_ref(py).into_bound(py),
                m.clone_ref(py).into_bound(py),
            ),
            None => return Err(bad(format!("no rows bound for seat {seat}"))),
        };
        self.observe_into(i, seat, &obs, &mask)?;
        Ok(self.dicts.get(seat).map(|d| d.clone_ref(py)))
    }

    /// `_observe`'s work (see there): the rows as slices, then the batch's.
    fn observe_into(
        &mut self,
        i: usize,
        seat: usize,
        obs: &Bound<'_, PyArray1<f32>>,
        mask: &Bound<'_, PyArray1<bool>>,
    ) -> PyResult<()> {
        let (d, a) = (
            PyUntypedArrayMethods::len(obs),
            PyUntypedArrayMethods::len(mask),
        );
        let o0 = obs.data() as usize;
        let m0 = mask.data() as usize;
        if o0 < m0 + a && m0 < o0 + 4 * d {
            return Err(bad("obs and mask must not share memory".into()));
        }
        // SAFETY: no Python code runs and nothing else refers to either row
        // until both are written; they do not overlap (checked above).
        if let (Some(o), Some(m)) = unsafe { (fast::row_mut(obs), fast::row_mut(mask)) } {
            return Ok(self.batch.observe_one(i, seat, o, m)?);
        }
        let busy = |what: &str| {
            PyErr::from(Error::Game(format!(
                "{what} must be writable and not in use elsewhere"
            )))
        };
        let (mut o, mut m) = (
            obs.try_readwrite().map_err(|_| busy("obs"))?,
            mask.try_readwrite().map_err(|_| busy("mask"))?,
        );
        let contiguous = |what: &str| bad(format!("{what} must be a C-contiguous array"));
        let o = o.as_slice_mut().map_err(|_| contiguous("obs"))?;
        let m = m.as_slice_mut().map_err(|_| contiguous("mask"))?;
        Ok(self.batch.observe_one(i, seat, o, m)?)
    }
}

/// An action index as `hoyle.env.Actions.validated` reads one: an int
/// (or anything with `__index__`, never a bool) as `(Some(index), shown)`,
/// `(None, shown)` for an int out of range, or the `IllegalActionError`
/// that names the type of anything else.
fn action_index(index: &Bound<'_, PyAny>) -> PyResult<(Option<usize>, String)> {
    let not_int = || {
        let kind = index
            .get_type()
            .name()
            .map_or_else(|_| "object".to_string(), |n| n.to_string());
        let text = index
            .repr()
            .map_or_else(|_| String::new(), |r| r.to_string());
        let text: String = text.chars().take(40).collect();
        PyErr::from(Error::IllegalAction(format!(
            "an action index is an int, got {kind} {text}"
        )))
    };
    if index.is_instance_of::<pyo3::types::PyBool>() {
        return Err(not_int());
    }
    Ok(match index.extract::<i64>() {
        Ok(x) => (usize::try_from(x).ok(), x.to_string()),
        Err(_) if index.is_instance_of::<pyo3::types::PyInt>() => (None, index.to_string()),
        Err(_) => match index.call_method0("__index__") {
            Ok(x) => (x.extract::<usize>().ok(), x.to_string()),
            Err(_) => return Err(not_int()),
        },
    })
}
