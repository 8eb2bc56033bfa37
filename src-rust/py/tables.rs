//! `hoyle._core._Tables`: the core backend of `hoyle.env.VectorTables`
//! (`hoyle/env/_fast.py` makes it). N tables of one game, each a
//! `crate::table::Table`, stepped in one call that fills the caller's
//! preallocated numpy arrays in place: the observation of the seat to act
//! (`crate::env::encode`), its action mask (`crate::env::mask`), the actor,
//! the rewards in units per absolute seat and the done flags. Hand `k` of
//! table `i` is dealt from `hand_seed(seed, i, k)` with the button at
//! `k % seats`; a table whose hand ended on the previous step starts its
//! next hand (Gymnasium's next-step autoreset). A step allocates nothing
//! but the settlement of each hand that ends (the core's `settle` returns
//! its pots); a masked action anywhere refuses the whole step and changes
//! no table.

use super::fast;
use super::rules::HandRules;
use crate::deal::{Mt19937, LANES};
use crate::env::{encode, mask, raise_total, Abstraction, Decision, Layout, Record, View};
use crate::settle::Rake;
use crate::table::{hand_seed, Betting, Legal, Plan, Spec, Street, Table};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::import_exception!(hoyle.errors, IllegalActionError);

/// One street as `_fast.py` gives it: (down, board, burn, kind, a, b) with
/// kind "no-limit", "pot-limit" (a: the cap or None) or "limit" (a, b: min, max).
type StreetArgs = (u32, u32, bool, String, Option<u64>, Option<u64>);

/// The game as `_fast.py` gives it: (streets, deck, ante, antes, blinds,
/// min_bet, raise_cap, first_must_bet, rules, high, rake as
/// (basis_points, cap) or None).
type GameArgs<'py> = (
    Vec<StreetArgs>,
    Vec<u8>,
    u64,
    Vec<u64>,
    Vec<u64>,
    u64,
    Option<u64>,
    bool,
    PyRef<'py, HandRules>,
    bool,
    Option<(u32, Option<u64>)>,
);

/// The abstraction as `_fast.py` gives it: (fractions, big_blinds,
/// min_raise, all_in, names).
type ActionArgs = (Vec<f64>, Vec<f64>, bool, bool, Vec<String>);

fn bad(why: String) -> PyErr {
    PyValueError::new_err(why)
}

fn spec_of(game: GameArgs<'_>) -> PyResult<Spec> {
    let (streets, deck, ante, antes, blinds, min_bet, raise_cap, first_must_bet, rules, high, rake) =
        game;
    let streets = streets
        .into_iter()
        .map(|(down, board, burn, kind, a, b)| {
            let betting = match (kind.as_str(), a, b) {
                ("no-limit", _, _) => Betting::NoLimit,
                ("pot-limit", cap, _) => Betting::PotLimit { cap },
                ("limit", Some(min), Some(max)) => Betting::Limit { min, max },
                _ => return Err(bad(format!("unknown betting structure {kind:?}"))),
            };
            Ok(Street {
                down,
                board,
                burn,
                betting,
            })
        })
        .collect::<PyResult<Vec<_>>>()?;
    let rake = rake
        .map(|(basis_points, cap)| Rake::new(basis_points, cap))
        .transpose()?;
    Ok(Spec {
        streets,
        deck,
        ante,
        antes,
        blinds,
        min_bet,
        raise_cap,
        first_must_bet,
        rules: *rules.rules(),
        high,
        rake,
    })
}

/// The arrays a step fills, each C-contiguous with N rows.
struct Arrays {
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<bool>>,
    actor: Py<PyArray1<i64>>,
    rewards: Py<PyArray2<f32>>,
    done: Py<PyArray1<bool>>,
}

/// N tables of one game, stepped together (see the module's doc).
#[pyclass(module = "hoyle._core", name = "_Tables")]
pub struct Tables {
    plan: Plan,
    tables: Vec<Table>,
    shape: Layout,
    abs: Abstraction,
    names: Vec<String>,
    seed: u64,
    /// The hand number of each table.
    hands: Vec<u64>,
    /// The action indices of each table's hand so far.
    moves: Vec<Vec<u32>>,
    /// Each table's hand ended on the last step (it restarts on the next).
    ended: Vec<bool>,
    /// The legal actions of each table's actor.
    legal: Vec<Legal>,
    /// Each table's mask, N rows of `abs.size()`.
    masks: Vec<bool>,
    /// The history records the encoder reads (a scratch buffer).
    records: Vec<Record>,
    /// The tables to deal a hand to (a scratch list) and, during a step,
    /// whether each was just dealt one.
    dealing: Vec<usize>,
    fresh: Vec<bool>,
    arrays: Arrays,
    /// aec-core's state for `hoyle.env.aec_env` (the marked part below).
    aec: Aec,
}

/// The error of a settlement the core refused at the end of `t`'s hand.
/// The core settles every state a hand reaches (docs/rules.md §8), so this
/// never happens; were it to, the error is raised rather than chips lost.
fn failed(t: &Table) -> PyResult<()> {
    t.failure().map_or(Ok(()), |err| Err(err.clone().into()))
}

/// The change of a stack in units, as the Python backend computes it:
/// `float(after - before) / float(unit)`, stored as float32.
fn reward_of(after: u64, before: u64, unit: u64) -> f32 {
    ((i128::from(after) - i128::from(before)) as f64 / unit as f64) as f32
}

/// What the mask reads of table `t` whose actor (or, once over, `me`)
/// has `legal`.
fn decision<'a>(plan: &'a Plan, t: &'a Table, legal: Legal, me: usize, unit: u64) -> Decision<'a> {
    let p = t.actor().unwrap_or(me);
    let bet = t.bets().iter().copied().max().unwrap_or(0);
    Decision {
        over: t.is_over(),
        drawing: false,
        can_fold: legal.can_fold,
        can_check: legal.can_check,
        call_amount: legal.call_amount,
        raise: legal.raise,
        bet,
        pot: t.pot(),
        call_full: bet - t.bets()[p],
        unit,
        draw_limit: 0,
        draw_ace_limit: None,
        hole: t.hole(plan, p),
        cards_left: 0,
    }
}

/// The actor of `t` (whose legal actions are `legal`) takes the abstraction's
/// action `index`, a legal one: fold, check or call, or a raise to its total.
fn act(plan: &Plan, abs: &Abstraction, unit: u64, t: &mut Table, legal: Legal, index: usize) {
    let done = match index {
        0 => t.fold(plan),
        1 if legal.can_check => t.check(plan),
        1 => t.call(plan),
        _ => {
            let total = raise_total(abs, &decision(plan, t, legal, 0, unit), index);
            t.raise_to(plan, total.unwrap_or(0))
        }
    };
    debug_assert!(done.is_ok(), "a masked action reached the table");
}

impl Tables {
    /// Writes table `i`'s observation (from `me`'s seat), mask and actor.
    fn fill(&mut self, i: usize, me: usize, obs: &mut [f32], mask_row: &mut [bool]) -> i64 {
        let t = &self.tables[i];
        let plan = &self.plan;
        let a = self.abs.size();
        let history = t.history();
        let recent = &history[history.len().saturating_sub(self.shape.window)..];
        self.records.clear();
        self.records.extend(recent.iter().map(|r| Record {
            seat: r.seat,
            kind: r.kind,
            amount: r.amount,
            drawn: 0,
        }));
        let view = View {
            me,
            button: t.button(),
            street: if t.is_over() {
                self.shape.streets
            } else {
                t.street()
            },
            drawing: false,
            hole: t.hole(plan, me),
            board: t.board(),
            up: &[],
            stacks: t.stacks(),
            bets: t.bets(),
            contrib: t.contributions(),
            folded: t.folded(),
            history: &self.records,
        };
        encode(&self.shape, &view, obs);
        let row = &mut self.masks[i * a..(i + 1) * a];
        let legal = t.legal(plan);
        self.legal[i] = legal;
        let actor = t.actor();
        let d = decision(plan, t, legal, me, self.shape.unit);
        mask(&self.abs, &d, row);
        mask_row.copy_from_slice(row);
        actor.map_or(-1, |p| p as i64)
    }

    /// Table `i`'s actor takes action `index` (legal: checked before).
    fn apply(&mut self, i: usize, index: usize) {
        let (t, legal) = (&mut self.tables[i], self.legal[i]);
        act(&self.plan, &self.abs, self.shape.unit, t, legal, index);
        self.moves[i].push(index as u32);
    }

    /// Starts the hand `hands[i]` of each table `i` in `self.dealing`,
    /// their generators keyed [`LANES`] at a time.
    fn deal(&mut self) {
        let seats = self.shape.seats as u64;
        for chunk in self.dealing.chunks(LANES) {
            let mut seeds = [u64::MAX; LANES]; // (unused lanes: any seed)
            for (seed, &i) in seeds.iter_mut().zip(chunk) {
                *seed = hand_seed(self.seed, i as u64, self.hands[i]);
            }
            let rngs = Mt19937::from_seeds(&seeds);
            for (rng, &i) in rngs.into_iter().zip(chunk) {
                let button = (self.hands[i] % seats) as usize;
                self.tables[i].start_with(&self.plan, rng, button);
                self.moves[i].clear();
                self.ended[i] = false;
            }
        }
    }

    /// Fills the five arrays: after a reset (`acts` None: every table
    /// shows its new hand) or a step (each table acts, or starts its next
    /// hand when the last one ended on the previous step).
    fn run(&mut self, py: Python<'_>, acts: Option<&[i64]>) -> PyResult<()> {
        let n = self.tables.len();
        let (d, a, seats) = (self.shape.size(), self.abs.size(), self.shape.seats);
        let arrays = (
            self.arrays.obs.clone_ref(py).into_bound(py),
            self.arrays.mask.clone_ref(py).into_bound(py),
            self.arrays.actor.clone_ref(py).into_bound(py),
            self.arrays.rewards.clone_ref(py).into_bound(py),
            self.arrays.done.clone_ref(py).into_bound(py),
        );
        let busy = |what: &str| bad(format!("{what} is in use elsewhere (a borrowed view)"));
        let mut obs = arrays.0.try_readwrite().map_err(|_| busy("obs"))?;
        let mut mask = arrays.1.try_readwrite().map_err(|_| busy("mask"))?;
        let mut actor = arrays.2.try_readwrite().map_err(|_| busy("actor"))?;
        let mut rewards = arrays.3.try_readwrite().map_err(|_| busy("rewards"))?;
        let mut done = arrays.4.try_readwrite().map_err(|_| busy("done"))?;
        let contiguous = |what: &str| bad(format!("{what} must be a C-contiguous array"));
        let obs = obs.as_slice_mut().map_err(|_| contiguous("obs"))?;
        let mask = mask.as_slice_mut().map_err(|_| contiguous("mask"))?;
        let actor = actor.as_slice_mut().map_err(|_| contiguous("actor"))?;
        let rewards = rewards.as_slice_mut().map_err(|_| contiguous("rewards"))?;
        let done = done.as_slice_mut().map_err(|_| contiguous("done"))?;
        let sizes = [
            ("obs", obs.len(), n * d),
            ("mask", mask.len(), n * a),
            ("actor", actor.len(), n),
            ("rewards", rewards.len(), n * seats),
            ("done", done.len(), n),
        ];
        for (what, got, want) in sizes {
            if got != want {
                return Err(bad(format!("{what} holds {got} entries, expected {want}")));
            }
        }
        if acts.is_some() {
            // the tables whose hand ended on the last step deal their next
            self.dealing.clear();
            self.dealing.extend((0..n).filter(|&i| self.ended[i]));
            for &i in &self.dealing {
                self.hands[i] += 1;
            }
            self.fresh.copy_from_slice(&self.ended);
            self.deal();
        }
        for i in 0..n {
            let reward = &mut rewards[i * seats..(i + 1) * seats];
            let (obs, mask) = (&mut obs[i * d..(i + 1) * d], &mut mask[i * a..(i + 1) * a]);
            reward.fill(0.0);
            done[i] = false;
            match acts {
                Some(acts) if !self.fresh[i] => self.apply(i, acts[i] as usize),
                _ => {} // a reset, or this table's next hand was dealt above
            }
            // once over: the view of the seat of the last record (the seat
            // that acted last, or that posted last when the deal ended it)
            let t = &self.tables[i];
            let last = t.history().last().map_or(0, |r| r.seat as usize);
            actor[i] = self.fill(i, t.actor().unwrap_or(last), obs, mask);
            if actor[i] < 0 {
                failed(&self.tables[i])?;
                self.end(i, reward, &mut done[i]);
            }
        }
        Ok(())
    }

    /// Table `i`'s hand is over: its rewards, done, and a restart next step.
    fn end(&mut self, i: usize, reward: &mut [f32], done: &mut bool) {
        let t = &self.tables[i];
        for ((r, &after), &before) in reward.iter_mut().zip(t.stacks()).zip(t.starting_stacks()) {
            *r = reward_of(after, before, self.shape.unit);
        }
        *done = true;
        self.ended[i] = true;
    }

    /// The error for the first masked action, naming it and the legal ones.
    fn illegal(&self, actions: &[i64]) -> Option<PyErr> {
        let a = self.abs.size();
        for (i, &index) in actions.iter().enumerate() {
            if self.ended[i] {
                continue;
            }
            let row = &self.masks[i * a..(i + 1) * a];
            if usize::try_from(index).is_ok_and(|x| x < a && row[x]) {
                continue;
            }
            let what = match usize::try_from(index).ok().and_then(|x| self.names.get(x)) {
                Some(name) => format!("{index} ({name})"),
                None => format!("{index}"),
            };
            let legal: Vec<String> = (0..a)
                .filter(|&x| row[x])
                .map(|x| format!("{x} {}", self.names[x]))
                .collect();
            let allowed = if legal.is_empty() {
                "none".to_string()
            } else {
                legal.join(", ")
            };
            return Some(IllegalActionError::new_err(format!(
                "table {i}: action {what} is not legal now (legal: {allowed})"
            )));
        }
        None
    }
}

#[pymethods]
impl Tables {
    /// `game` and `actions` as `hoyle/env/_fast.py` reads them from a
    /// `Game` and an `Actions`; `stacks` one per seat; `unit` and `window`
    /// the layout's; the five arrays are filled in place by every call.
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (game, actions, tables, stacks, unit, window, obs, mask, actor, rewards, done))]
    fn new(
        game: GameArgs<'_>,
        actions: ActionArgs,
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
        let plan = Plan::new(spec_of(game)?)?;
        let (fractions, big_blinds, min_raise, all_in, names) = actions;
        let abs = Abstraction {
            fractions,
            big_blinds,
            min_raise,
            all_in,
            draw_cards: 0,
        };
        if names.len() != abs.size() {
            return Err(bad(format!(
                "{} action names for {} actions",
                names.len(),
                abs.size()
            )));
        }
        let seats = stacks.len();
        let shape = Layout::new(
            seats,
            plan.spec.deck.clone(),
            plan.spec.streets.len(),
            window,
            false,
            unit,
        );
        let table = Table::new(&plan, &stacks)?;
        let mut this = Tables {
            dealing: Vec::with_capacity(tables),
            fresh: vec![false; tables],
            tables: vec![table; tables],
            names,
            seed: 0,
            hands: vec![0; tables],
            moves: vec![Vec::with_capacity(32); tables],
            ended: vec![false; tables],
            legal: vec![Legal::default(); tables],
            masks: vec![false; tables * abs.size()],
            records: Vec::with_capacity(window),
            aec: Aec::default(),
            arrays: Arrays {
                obs: obs.clone().unbind(),
                mask: mask.unbind(),
                actor: actor.unbind(),
                rewards: rewards.unbind(),
                done: done.unbind(),
            },
            shape,
            abs,
            plan,
        };
        this.reset(obs.py(), 0)?; // fills (and so checks) the arrays
        Ok(this)
    }

    /// Every table starts hand 0 of the run seeded `seed`; fills obs,
    /// mask and actor (rewards 0, done False).
    fn reset(&mut self, py: Python<'_>, seed: u64) -> PyResult<()> {
        self.seed = seed;
        self.hands.fill(0);
        self.dealing.clear();
        self.dealing.extend(0..self.tables.len());
        self.deal();
        self.run(py, None)
    }

    /// One step of every table (`VectorTables.step`): `actions[i]` is
    /// table i's action index. A masked action anywhere raises
    /// `IllegalActionError` and changes nothing.
    fn step(&mut self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let acts = actions.as_slice()?;
        if acts.len() != self.tables.len() {
            return Err(bad(format!(
                "{} actions for {} tables",
                acts.len(),
                self.tables.len()
            )));
        }
        if let Some(err) = self.illegal(acts) {
            return Err(err);
        }
        self.run(py, Some(acts))
    }

    /// `(hand_seed, button, action indices so far)` of table `i`'s hand.
    fn record(&self, i: usize) -> PyResult<(u64, usize, Vec<u32>)> {
        let t = self
            .tables
            .get(i)
            .ok_or_else(|| bad(format!("table {i} of {}", self.tables.len())))?;
        Ok((
            hand_seed(self.seed, i as u64, self.hands[i]),
            t.button(),
            self.moves[i].clone(),
        ))
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
        let t = self
            .tables
            .get(i)
            .ok_or_else(|| bad(format!("table {i} of {}", self.tables.len())))?;
        let legal = t.legal(&self.plan);
        Ok((
            t.actor(),
            t.street(),
            t.stacks().to_vec(),
            t.bets().to_vec(),
            t.contributions().to_vec(),
            t.folded().to_vec(),
            t.board().to_vec(),
            (0..t.seats())
                .map(|s| t.hole(&self.plan, s).to_vec())
                .collect(),
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
        self.table_index(i)?;
        self.hands[i] = k;
        let rng = self.aec.generator(self.seed, i, k);
        let button = (k % self.shape.seats as u64) as usize;
        self.tables[i].start_with(&self.plan, rng, button);
        self.moves[i].clear();
        Ok(self.after_move(i))
    }

    /// Table `i`'s actor takes the abstraction's action `index`; returns
    /// the next seat to act, or -1 when the hand is over. A masked,
    /// out-of-range or non-int index raises `IllegalActionError` and changes
    /// nothing.
    fn _act(&mut self, i: usize, index: &Bound<'_, PyAny>) -> PyResult<i64> {
        self.table_index(i)?;
        let index = self.legal_index(i, index)?;
        self.apply(i, index);
        failed(&self.tables[i])?;
        Ok(self.after_move(i))
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
        if rows.len() != self.shape.seats {
            return Err(bad(format!(
                "{} pairs of rows for {} seats",
                rows.len(),
                self.shape.seats
            )));
        }
        self.aec.rows = rows
            .into_iter()
            .map(|(o, m)| (o.unbind(), m.unbind()))
            .collect();
        Ok(())
    }

    /// `_observe(i, seat, *rows[seat])` with the rows given to `_bind`.
    fn _see(&mut self, py: Python<'_>, i: usize, seat: usize) -> PyResult<()> {
        let (obs, mask) = match self.aec.rows.get(seat) {
            Some((o, m)) => (
                o.clone_ref(py).into_bound(py),
                m.clone_ref(py).into_bound(py),
            ),
            None => return Err(bad(format!("no rows bound for seat {seat}"))),
        };
        self.observe_into(i, seat, &obs, &mask)
    }

    /// Table `i`'s rewards: `(final stack - starting stack) / unit` per
    /// absolute seat, as Python floats (`float(change) / float(unit)`).
    fn _rewards(&self, i: usize) -> PyResult<Vec<f64>> {
        self.table_index(i)?;
        let t = &self.tables[i];
        let unit = self.shape.unit as f64;
        Ok(t.stacks()
            .iter()
            .zip(t.starting_stacks())
            .map(|(&after, &before)| (i128::from(after) - i128::from(before)) as f64 / unit)
            .collect())
    }
}

// ---- helpers of aec-core's calls above (owner: aec-core) ----------------

/// What `hoyle.env.aec_env`'s calls keep between calls: the generators of
/// the next hands of one table, keyed [`LANES`] at a time (one table deals
/// hand after hand: keying eight at once costs little more than one), and
/// the rows `_see` fills.
#[derive(Default)]
struct Aec {
    /// `keyed[j]` deals hand `k0 + j` of table `table` in the run `seed`,
    /// where `(seed, table, k0) = keyed_for`; taken as used.
    keyed: Vec<Option<Mt19937>>,
    keyed_for: (u64, usize, u64),
    #[allow(clippy::type_complexity)]
    rows: Vec<(Py<PyArray1<f32>>, Py<PyArray1<bool>>)>,
}

impl Aec {
    /// The generator of hand `k` at table `i` of the run `seed` (keyed
    /// with the seven after it when it is not keyed already).
    fn generator(&mut self, seed: u64, i: usize, k: u64) -> Mt19937 {
        let (s, t, k0) = self.keyed_for;
        let j = k.wrapping_sub(k0) as usize;
        if s == seed && t == i && j < self.keyed.len() {
            if let Some(rng) = self.keyed[j].take() {
                return rng;
            }
        }
        let mut seeds = [0u64; LANES];
        for (x, s) in seeds.iter_mut().enumerate() {
            *s = hand_seed(seed, i as u64, k.wrapping_add(x as u64));
        }
        self.keyed = Mt19937::from_seeds(&seeds).into_iter().map(Some).collect();
        self.keyed_for = (seed, i, k);
        self.keyed[0]
            .take()
            .unwrap_or_else(|| unreachable!("just keyed"))
    }
}

impl Tables {
    /// `_observe`'s work (see there).
    fn observe_into(
        &mut self,
        i: usize,
        seat: usize,
        obs: &Bound<'_, PyArray1<f32>>,
        mask: &Bound<'_, PyArray1<bool>>,
    ) -> PyResult<()> {
        self.table_index(i)?;
        if seat >= self.shape.seats {
            return Err(bad(format!("seat {seat} of {}", self.shape.seats)));
        }
        let (d, a) = (self.shape.size(), self.abs.size());
        let (got_d, got_a) = (
            PyUntypedArrayMethods::len(obs),
            PyUntypedArrayMethods::len(mask),
        );
        if got_d != d || got_a != a {
            return Err(bad(format!(
                "obs and mask hold {d} and {a} entries, got {got_d} and {got_a}"
            )));
        }
        let o0 = obs.data() as usize;
        let m0 = mask.data() as usize;
        if o0 < m0 + a && m0 < o0 + 4 * d {
            return Err(bad("obs and mask must not share memory".into()));
        }
        // SAFETY: no Python code runs and nothing else refers to either row
        // until both are written; they do not overlap (checked above).
        let actor = if let (Some(o), Some(m)) = unsafe { (fast::row_mut(obs), fast::row_mut(mask)) }
        {
            self.fill(i, seat, o, m)
        } else {
            let busy =
                |what: &str| bad(format!("{what} must be writable and not in use elsewhere"));
            let (mut o, mut m) = (
                obs.try_readwrite().map_err(|_| busy("obs"))?,
                mask.try_readwrite().map_err(|_| busy("mask"))?,
            );
            let contiguous = |what: &str| bad(format!("{what} must be a C-contiguous array"));
            let o = o.as_slice_mut().map_err(|_| contiguous("obs"))?;
            let m = m.as_slice_mut().map_err(|_| contiguous("mask"))?;
            let actor = self.fill(i, seat, o, m);
            if actor != seat as i64 {
                m.fill(false);
            }
            return Ok(());
        };
        if actor != seat as i64 {
            // SAFETY: as above (the row is written again, nothing else ran).
            if let Some(m) = unsafe { fast::row_mut(mask) } {
                m.fill(false);
            }
        }
        Ok(())
    }

    fn table_index(&self, i: usize) -> PyResult<()> {
        if i < self.tables.len() {
            Ok(())
        } else {
            Err(bad(format!("table {i} of {}", self.tables.len())))
        }
    }

    /// After a deal or an action on table `i`: the actor's legal actions and
    /// mask worked out (for the next `_act`), the hand marked ended when
    /// over; the actor, or -1.
    fn after_move(&mut self, i: usize) -> i64 {
        let a = self.abs.size();
        let t = &self.tables[i];
        let legal = t.legal(&self.plan);
        self.legal[i] = legal;
        let d = decision(&self.plan, t, legal, 0, self.shape.unit);
        mask(&self.abs, &d, &mut self.masks[i * a..(i + 1) * a]);
        self.ended[i] = t.is_over();
        t.actor().map_or(-1, |p| p as i64)
    }

    /// `index` as an action of table `i`'s mask, or the `IllegalActionError`
    /// that says why not (the words of `hoyle.env.Actions.validated`).
    fn legal_index(&self, i: usize, index: &Bound<'_, PyAny>) -> PyResult<usize> {
        let not_int = || {
            let kind = index
                .get_type()
                .name()
                .map_or_else(|_| "object".to_string(), |n| n.to_string());
            let text = index
                .repr()
                .map_or_else(|_| String::new(), |r| r.to_string());
            let text: String = text.chars().take(40).collect();
            IllegalActionError::new_err(format!("an action index is an int, got {kind} {text}"))
        };
        if index.is_instance_of::<pyo3::types::PyBool>() {
            return Err(not_int());
        }
        let (x, shown) = match index.extract::<i64>() {
            Ok(x) => (usize::try_from(x).ok(), x.to_string()),
            Err(_) if index.is_instance_of::<pyo3::types::PyInt>() => (None, index.to_string()),
            Err(_) => match index.call_method0("__index__") {
                Ok(x) => (x.extract::<usize>().ok(), x.to_string()),
                Err(_) => return Err(not_int()),
            },
        };
        let a = self.abs.size();
        let row = &self.masks[i * a..(i + 1) * a];
        let open = !self.ended[i];
        if let Some(x) = x.filter(|&x| open && x < a && row[x]) {
            return Ok(x);
        }
        let what = match x.and_then(|x| self.names.get(x)) {
            Some(name) => format!("{shown} ({name})"),
            None => shown,
        };
        let legal: Vec<String> = (0..a)
            .filter(|&x| open && row[x])
            .map(|x| format!("{x} {}", self.names[x]))
            .collect();
        let allowed = if legal.is_empty() {
            "none".to_string()
        } else {
            legal.join(", ")
        };
        Err(IllegalActionError::new_err(format!(
            "action {what} is not legal now (legal: {allowed})"
        )))
    }
}
