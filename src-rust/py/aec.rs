//! `hoyle._core._AecSteps`: `aec_env`'s `step` and `last` on the core
//! engine (`hoyle/env/_aec_core.py`), each one call from the interpreter.
//!
//! The profile of PettingZoo's user loop (`agent_iter`, `last`, a pick,
//! `step`) showed the interpreter's bookkeeping around the engine's calls
//! (the guard, the agent's lookups in four dicts, the moves list, the
//! terminated agents' exits, the agent selected next) costing more than
//! the engine itself. Here the usual cases of `CoreSteps.step` and
//! `CoreSteps.last` are done in Rust on the environment's own objects:
//! its instance dict (the public attributes PettingZoo defines:
//! `agent_selection`, `agents`, `rewards`, `terminations`, `truncations`,
//! `infos`, and its `_cumulative_rewards`), its guard token list, the
//! engine's table and the moves list of the hand being played. Anything
//! unusual (a missing or replaced attribute, a dict or list of a subclass,
//! an action that is not an exact int or None, a terminated agent given an
//! action, an agent not one of the table's, a busy environment) changes
//! nothing here and is handed, as it came, to the Python method
//! (`CoreSteps.step` or `CoreSteps.last`), which gives the same result or
//! error as always. `CoreSteps._build` puts `step` and `last` in the
//! environment's dict (where the interpreter finds them before the class's
//! methods) only when its class does not override them.
//!
//! The environment's dict holds this object's bound methods and this object
//! holds the environment: the collector sees both (`__traverse__`) and
//! breaks the circle (`__clear__`).

use super::fast::SpareTuple;
use super::tables::Tables;
use pyo3::gc::PyVisit;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyType};
use pyo3::PyTraverseError;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// What this object holds of the environment (the circle `__clear__` breaks).
struct Held {
    /// The environment itself, passed to the Python methods.
    env: Py<PyAny>,
    /// Its instance dict (`env.__dict__`).
    dict: Py<PyDict>,
    /// Its guard: one token while no call runs (`hoyle.env._guard`).
    free: Py<PyList>,
}

/// `aec_env`'s fast `step` and `last` on one engine table (see the module).
#[pyclass(module = "hoyle._core", name = "_AecSteps")]
pub struct AecSteps {
    held: Option<Held>,
    /// The engine; its table 0 plays the hand.
    tables: Py<Tables>,
    /// `possible_agents`: agent `names[s]` is seat `s`.
    names: Vec<Py<PyString>>,
    /// The moves list of the hand being played (`deal` sets it).
    moves: Mutex<Py<PyList>>,
    /// `SleepingHand`, `put_to_sleep` and the environment's `Actions`
    /// (`hoyle.env._lazy`): a hand woken since the last step sleeps again.
    sleeping: Py<PyType>,
    sleep: Py<PyAny>,
    actions: Py<PyAny>,
    /// The Python methods: `CoreSteps.step` and `CoreSteps.last`.
    slow_step: Py<PyAny>,
    slow_last: Py<PyAny>,
    /// `render_mode == "human"`: `step` renders after each live move.
    human: bool,
    /// Every agent to 0.0, False and True: the dicts a hand's dicts are
    /// copied from (a copy clones the table: no insertion, no resize).
    zeros: Py<PyDict>,
    falses: Py<PyDict>,
    trues: Py<PyDict>,
    /// This hand's rewards are in `rewards` (the hand just ended): the next
    /// terminated agent's step sets them to 0.
    paid: AtomicBool,
    /// The tuple `last` returns, refilled when the caller let it go
    /// (`fast.rs`'s trick 6).
    spare: SpareTuple<5>,
}

fn cleared() -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err("this environment's engine was cleared")
}

/// `dict[key]` when `dict` holds it and it is an exact dict (else None).
fn exact_dict<'py>(
    dict: &Bound<'py, PyDict>,
    key: &Bound<'py, PyString>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    Ok(dict
        .get_item(key)?
        .and_then(|d| d.cast_into_exact::<PyDict>().ok()))
}

#[pymethods]
impl AecSteps {
    /// The steps of `env` (a `CoreEnv`) on `tables`: its agents, its guard
    /// token list `free`, the hand's `moves` list, `SleepingHand`,
    /// `put_to_sleep` and the env's `Actions`, whether it renders each
    /// step, and the Python `step` and `last` it hands the unusual to.
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (env, tables, agents, free, moves, sleeping, sleep, actions, human, slow_step, slow_last))]
    fn new(
        env: &Bound<'_, PyAny>,
        tables: Py<Tables>,
        agents: Vec<Py<PyString>>,
        free: Py<PyList>,
        moves: Py<PyList>,
        sleeping: Py<PyType>,
        sleep: Py<PyAny>,
        actions: Py<PyAny>,
        human: bool,
        slow_step: Py<PyAny>,
        slow_last: Py<PyAny>,
    ) -> PyResult<AecSteps> {
        let py = env.py();
        let dict = env
            .getattr(intern!(py, "__dict__"))?
            .cast_into::<PyDict>()?;
        if agents.len() != tables.bind(py).borrow().seats() {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "one agent a seat of the engine's table",
            ));
        }
        let (zeros, falses, trues) = (PyDict::new(py), PyDict::new(py), PyDict::new(py));
        for name in &agents {
            zeros.set_item(name, 0.0)?;
            falses.set_item(name, false)?;
            trues.set_item(name, true)?;
        }
        Ok(AecSteps {
            zeros: zeros.unbind(),
            falses: falses.unbind(),
            trues: trues.unbind(),
            held: Some(Held {
                env: env.clone().unbind(),
                dict: dict.unbind(),
                free,
            }),
            tables,
            names: agents,
            moves: Mutex::new(moves),
            sleeping,
            sleep,
            actions,
            slow_step,
            slow_last,
            human,
            paid: AtomicBool::new(false),
            spare: SpareTuple::new(),
        })
    }

    /// The hand's rewards are in `rewards` (see `finish`); pickling keeps it.
    #[getter]
    fn paid(&self) -> bool {
        self.paid.load(Ordering::Relaxed)
    }

    #[setter]
    fn set_paid(&self, paid: bool) {
        self.paid.store(paid, Ordering::Relaxed);
    }

    /// Hand `k` of the run on the engine's table, its moves appended to
    /// `moves` from now on, opened as `PokerEnv._open` opens an episode of
    /// `hand` (every agent in, no reward, none terminated or truncated,
    /// each agent's info `{"hand": hand}`), then the seat to act selected,
    /// or the hand finished when the deal ends it (`finish`).
    fn deal(
        &self,
        py: Python<'_>,
        k: u64,
        moves: Py<PyList>,
        hand: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let held = self.held.as_ref().ok_or_else(cleared)?;
        let dict = held.dict.bind(py);
        let actor = self.tables.bind(py).borrow_mut().deal(0, k)?;
        *self.moves.lock().unwrap_or_else(|e| e.into_inner()) = moves;
        dict.set_item(intern!(py, "hand"), hand)?;
        dict.set_item(intern!(py, "agents"), PyList::new(py, &self.names)?)?;
        let (zeros, falses) = (self.zeros.bind(py), self.falses.bind(py));
        let infos = zeros.copy()?;
        for name in &self.names {
            let info = PyDict::new(py);
            info.set_item(intern!(py, "hand"), hand)?;
            infos.set_item(name, info)?;
        }
        dict.set_item(intern!(py, "rewards"), zeros.copy()?)?;
        dict.set_item(intern!(py, "_cumulative_rewards"), zeros.copy()?)?;
        dict.set_item(intern!(py, "terminations"), falses.copy()?)?;
        dict.set_item(intern!(py, "truncations"), falses.copy()?)?;
        dict.set_item(intern!(py, "infos"), infos)?;
        match usize::try_from(actor) {
            Ok(seat) => dict.set_item(intern!(py, "agent_selection"), &self.names[seat]),
            Err(_) => self.finish(py),
        }
    }

    /// The moves list `deal` was last given (for tests and pickling).
    fn moves(&self, py: Python<'_>) -> Py<PyList> {
        self.moves_list(py)
    }

    /// The hand is over: every seat's reward (`rewards`, and the
    /// cumulative rewards the same: nothing was paid before the end), every
    /// agent terminated, the first agent selected.
    fn finish(&self, py: Python<'_>) -> PyResult<()> {
        let held = self.held.as_ref().ok_or_else(cleared)?;
        let dict = held.dict.bind(py);
        let pays = self.tables.bind(py).borrow().rewards(0)?;
        let rewards = self.zeros.bind(py).copy()?;
        for (name, pay) in self.names.iter().zip(pays) {
            rewards.set_item(name, pay)?;
        }
        dict.set_item(intern!(py, "rewards"), &rewards)?;
        dict.set_item(intern!(py, "_cumulative_rewards"), rewards.copy()?)?;
        dict.set_item(intern!(py, "terminations"), self.trues.bind(py).copy()?)?;
        self.paid.store(true, Ordering::Relaxed);
        dict.set_item(intern!(py, "agent_selection"), &self.names[0])
    }

    /// `CoreSteps.step(env, action)` (see the module).
    pub(super) fn step(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let held = self.held.as_ref().ok_or_else(cleared)?;
        let env = held.env.bind(py);
        let slow = || self.slow_step.bind(py).call1((env, action)).map(drop);
        let (dict, free) = (held.dict.bind(py), held.free.bind(py));
        let Some(agent) = dict.get_item(intern!(py, "agent_selection"))? else {
            return slow();
        };
        let Some(terminations) = exact_dict(dict, intern!(py, "terminations"))? else {
            return slow();
        };
        let Some(terminated) = terminations.get_item(&agent)? else {
            return slow();
        };
        if free.len() == 0 || !terminated.is_exact_instance_of::<PyBool>() {
            return slow();
        }
        if terminated.is_truthy()? {
            if !action.is_none() {
                return slow();
            }
            let mut dicts = [None, None, None, None];
            let names = [
                intern!(py, "truncations"),
                intern!(py, "infos"),
                intern!(py, "rewards"),
                intern!(py, "_cumulative_rewards"),
            ];
            for (slot, name) in dicts.iter_mut().zip(names) {
                *slot = exact_dict(dict, name)?;
            }
            let [Some(truncations), Some(infos), Some(rewards), Some(cumulative)] = dicts else {
                return slow();
            };
            let Some(agents) = dict
                .get_item(intern!(py, "agents"))?
                .and_then(|a| a.cast_into_exact::<PyList>().ok())
            else {
                return slow();
            };
            free.del_item(free.len() - 1)?;
            let left = (|| {
                for d in [&terminations, &truncations, &infos, &rewards, &cumulative] {
                    d.del_item(&agent)?;
                }
                match agents.iter().position(|a| a.is(&agent)) {
                    Some(i) => agents.del_item(i)?,
                    None => drop(agents.call_method1(intern!(py, "remove"), (&agent,))?),
                }
                let next = if agents.is_empty() {
                    agent.clone()
                } else {
                    agents.get_item(0)?
                };
                dict.set_item(intern!(py, "agent_selection"), next)?;
                if self.paid.swap(false, Ordering::Relaxed) {
                    let zeros = PyDict::new(py);
                    let zero = 0.0f64.into_pyobject(py)?;
                    for a in agents.iter() {
                        zeros.set_item(a, &zero)?;
                    }
                    dict.set_item(intern!(py, "rewards"), zeros)?;
                }
                Ok(())
            })();
            free.append(py.None())?;
            return left;
        }
        let Some(hand) = dict.get_item(intern!(py, "hand"))? else {
            return slow();
        };
        if !action.is_exact_instance_of::<PyInt>() {
            return slow();
        }
        free.del_item(free.len() - 1)?;
        let moved = (|| {
            let actor = self.tables.bind(py).borrow_mut().act(0, action)?;
            // (appended under the lock, not through a clone: no reference
            // to let go on the usual path; the lock is let go before any
            // Python code runs)
            self.moves
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .bind(py)
                .append(action)?;
            if !hand.get_type().is(self.sleeping.bind(py)) {
                let moves = self.moves_list(py);
                self.sleep
                    .bind(py)
                    .call1((&hand, self.actions.bind(py), moves))?;
            }
            match usize::try_from(actor) {
                Ok(seat) => dict.set_item(intern!(py, "agent_selection"), &self.names[seat]),
                Err(_) => self.finish(py),
            }
        })();
        free.append(py.None())?;
        moved?;
        if self.human {
            env.call_method0(intern!(py, "render"))?;
        }
        Ok(())
    }

    /// `CoreSteps.last(env, observe)` (see the module): `(observation or
    /// None, cumulative reward, terminated, truncated, info)` of the
    /// selected agent.
    #[pyo3(signature = (observe = None))]
    pub(super) fn last(
        &self,
        py: Python<'_>,
        observe: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let held = self.held.as_ref().ok_or_else(cleared)?;
        let env = held.env.bind(py);
        let slow = || match observe {
            None => self.slow_last.bind(py).call1((env,)).map(Bound::unbind),
            Some(o) => self.slow_last.bind(py).call1((env, o)).map(Bound::unbind),
        };
        let see = match observe {
            None => true,
            Some(o) if o.is_exact_instance_of::<PyBool>() => o.is_truthy()?,
            Some(_) => return slow(),
        };
        let dict = held.dict.bind(py);
        let Some(agent) = dict.get_item(intern!(py, "agent_selection"))? else {
            return slow();
        };
        let mut found = [None, None, None, None];
        let names = [
            intern!(py, "_cumulative_rewards"),
            intern!(py, "terminations"),
            intern!(py, "truncations"),
            intern!(py, "infos"),
        ];
        for (slot, name) in found.iter_mut().zip(names) {
            *slot = match exact_dict(dict, name)? {
                Some(d) => d.get_item(&agent)?,
                None => None,
            };
        }
        let [Some(cumulative), Some(terminated), Some(truncated), Some(info)] = found else {
            return slow();
        };
        let obs = if see {
            let Some(seat) = self.names.iter().position(|n| n.bind(py).is(&agent)) else {
                return slow();
            };
            match self.tables.bind(py).borrow_mut().see(py, 0, seat)? {
                Some(obs) => obs.into_bound(py),
                None => py.None().into_bound(py),
            }
        } else {
            py.None().into_bound(py)
        };
        let items = [obs, cumulative, terminated, truncated, info];
        Ok(self.spare.tuple(py, items)?.into_any().unbind())
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        if let Some(held) = &self.held {
            visit.call(&held.env)?;
            visit.call(&held.dict)?;
            visit.call(&held.free)?;
        }
        visit.call(&self.tables)?;
        for name in &self.names {
            visit.call(name)?;
        }
        if let Ok(moves) = self.moves.try_lock() {
            visit.call(&*moves)?;
        }
        for other in [&self.sleep, &self.actions, &self.slow_step, &self.slow_last] {
            visit.call(other)?;
        }
        for template in [&self.zeros, &self.falses, &self.trues] {
            visit.call(template)?;
        }
        self.spare.visit(&visit)?;
        visit.call(&self.sleeping)
    }

    fn __clear__(&mut self) {
        self.held = None;
        self.spare.clear();
    }
}

impl AecSteps {
    fn moves_list(&self, py: Python<'_>) -> Py<PyList> {
        self.moves
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone_ref(py)
    }
}

/// `aec_env`'s `agent_iter` pass (`hoyle.env.aec.AgentIter`): yields the
/// environment's `agent_selection`, read afresh at each turn, while its
/// `agents` is not empty, at most `most` times; once it stops it stays
/// stopped, as a generator does. Both are read from the instance dict
/// (`AgentIter` makes this only for its own classes, which define neither
/// as a property), or as attributes when the dict lacks one.
#[pyclass(module = "hoyle._core", name = "_AecTurns")]
pub struct AecTurns {
    env: Py<PyAny>,
    dict: Option<Py<PyDict>>,
    left: u64,
}

#[pymethods]
impl AecTurns {
    /// At most `most` turns of `env`.
    #[new]
    fn new(env: &Bound<'_, PyAny>, most: u64) -> AecTurns {
        let py = env.py();
        let dict = env
            .getattr(intern!(py, "__dict__"))
            .ok()
            .and_then(|d| d.cast_into_exact::<PyDict>().ok())
            .map(Bound::unbind);
        AecTurns {
            env: env.clone().unbind(),
            dict,
            left: most,
        }
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Py<PyAny>>> {
        if self.left == 0 {
            return Ok(None);
        }
        let env = self.env.bind(py);
        let read = |name: &Bound<'py, PyString>| -> PyResult<Bound<'py, PyAny>> {
            if let Some(dict) = &self.dict {
                if let Some(found) = dict.bind(py).get_item(name)? {
                    return Ok(found);
                }
            }
            env.getattr(name)
        };
        let agents = read(intern!(py, "agents"))?;
        let any = match agents.cast_exact::<PyList>() {
            Ok(list) => !list.is_empty(),
            Err(_) => agents.is_truthy()?,
        };
        if !any {
            self.left = 0;
            return Ok(None);
        }
        self.left -= 1;
        Ok(Some(read(intern!(py, "agent_selection"))?.unbind()))
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.env)?;
        visit.call(&self.dict)
    }
}
