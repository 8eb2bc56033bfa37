//! N tables of one game stepped together over plain slices: the loop
//! behind `hoyle.env.VectorTables` (its bindings, `py/tables.rs`, only
//! read the arguments and the arrays and call this).
//!
//! Hand `k` of table `i` is dealt from `hand_seed(seed, i, k)` with the
//! button at `k % seats`, so table `i`'s hands do not depend on how many
//! tables run beside it. A step is Gymnasium's next-step autoreset: a
//! table whose hand ended on the previous step starts its next hand (and
//! its action is ignored); every other table's actor takes its action.
//! Each step writes, per table, the observation of the seat to act
//! (`crate::env::encode`; once the hand is over, of the seat of its last
//! record), its action mask (`crate::env::mask`), the actor (-1 once
//! over), the rewards (each seat's change of stack in units, 0 until the
//! hand ends) and the done flag. A masked action anywhere refuses the whole
//! step and changes no table. A step allocates nothing but the settlement
//! of each hand that ends.
//!
//! The single-table calls ([`TableBatch::deal_one`], [`TableBatch::act_one`],
//! [`TableBatch::observe_one`], [`TableBatch::rewards_of`]) play one hand at
//! a time on one table, for `hoyle.env.aec_env`.

use super::bots::{self, BotRng, CoreBot};
use super::{hand_seed, EnginePlan, Legal, TableState};
use crate::deal::{Mt19937, LANES};
use crate::env::{encode, mask, raise_total, Abstraction, Decision, Layout, Record, View};
use crate::error::{Error, Result};
use crate::keying::{first_outputs, PyWords, Scratch, MOST, WIDE};
use crate::reserve;

/// The arrays a reset or a step fills, each N rows (row-major).
pub struct Out<'a> {
    /// N rows of [`TableBatch::obs_size`].
    pub obs: &'a mut [f32],
    /// N rows of [`TableBatch::mask_size`].
    pub mask: &'a mut [bool],
    pub actor: &'a mut [i64],
    /// N rows of one entry per seat.
    pub rewards: &'a mut [f32],
    pub done: &'a mut [bool],
}

/// A seat's change of stack over a hand in units of `unit` chips:
/// `float(after - before) / float(unit)`, as the Python backend and
/// `hoyle.env.aec_env` compute it.
pub fn reward(after: u64, before: u64, unit: u64) -> f64 {
    (i128::from(after) - i128::from(before)) as f64 / unit as f64
}

/// The words of an action `shown` (the index as given) that `row` (the
/// mask, `names` its actions' names; None: no action is open) does not
/// allow, as `hoyle.env.Actions.validated` says them:
/// `action 9 (all in) is not legal now (legal: 0 fold, 1 call)`.
pub fn not_legal(
    shown: &str,
    index: Option<usize>,
    row: Option<&[bool]>,
    names: &[String],
) -> String {
    let what = match index.and_then(|x| names.get(x)) {
        Some(name) => format!("{shown} ({name})"),
        None => shown.to_string(),
    };
    let legal: Vec<String> = row
        .unwrap_or(&[])
        .iter()
        .enumerate()
        .filter(|&(_, &open)| open)
        .map(|(x, _)| format!("{x} {}", names[x]))
        .collect();
    let allowed = if legal.is_empty() {
        "none".to_string()
    } else {
        legal.join(", ")
    };
    format!("action {what} is not legal now (legal: {allowed})")
}

/// What the mask reads of table `t` whose actor (or, once over, `me`)
/// has `legal`.
fn decision<'a>(
    plan: &'a EnginePlan,
    t: &'a TableState,
    legal: Legal,
    me: usize,
    unit: u64,
) -> Decision<'a> {
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

/// The actor of `t` (whose legal actions are `legal`) takes the
/// abstraction's action `index`, a legal one: fold, check or call, or a
/// raise to its total.
fn act(
    plan: &EnginePlan,
    abs: &Abstraction,
    unit: u64,
    t: &mut TableState,
    legal: Legal,
    index: usize,
) {
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

/// The error of a settlement the core refused at the end of `t`'s hand.
/// The core settles every state a hand reaches (docs/rules.md §8), so this
/// never happens; were it to, the error is returned rather than chips lost.
fn failed(t: &TableState) -> Result<()> {
    t.failure().map_or(Ok(()), |err| Err(err.clone()))
}

/// The bytes one table of a batch holds: its state (`t`, as made), its
/// moves and its batch entries (`a` mask slots).
fn per_table_bytes(t: &TableState, a: usize) -> u128 {
    use std::mem::size_of;
    let batch = size_of::<Vec<u32>>() + 32 * 4 + size_of::<u64>() + 2 + size_of::<Legal>();
    t.bytes() + batch as u128 + a as u128
}

fn bad<T>(why: String) -> Result<T> {
    Err(Error::Argument(why))
}

/// N tables of one game, stepped together (see the module's doc).
pub struct TableBatch {
    plan: EnginePlan,
    tables: Vec<TableState>,
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
    /// Each table's row of `masks` (and `legal`) is its actor's now: worked
    /// out since the table's last change (an observation copies it).
    masked: Vec<bool>,
    /// The history records the encoder reads (a scratch buffer).
    records: Vec<Record>,
    /// The tables to deal a hand to (a scratch list) and, during a step,
    /// whether each was just dealt one.
    dealing: Vec<usize>,
    fresh: Vec<bool>,
    /// The generators of one table's next hands, for the single-table calls.
    keyed: Keyed,
    /// The fixed opponent of each seat (None: a learning seat); empty when
    /// every seat learns ([`TableBatch::set_bots`]).
    bots: Vec<Option<CoreBot>>,
    /// Each table's generator for its bots, seeded again at every deal.
    bot_rngs: Vec<BotRng>,
}

impl TableBatch {
    /// `tables` tables of `plan`'s game, each seat starting every hand with
    /// its entry of `stacks`; observations in units of `unit` chips with
    /// `window` records of history; actions `abs`, named `names`. No hand
    /// is dealt yet: call [`TableBatch::reset`].
    pub fn new(
        plan: EnginePlan,
        abs: Abstraction,
        names: Vec<String>,
        tables: usize,
        stacks: &[u64],
        unit: u64,
        window: usize,
    ) -> Result<TableBatch> {
        if names.len() != abs.size() {
            return bad(format!(
                "{} action names for {} actions",
                names.len(),
                abs.size()
            ));
        }
        let shape = Layout::new(
            stacks.len(),
            plan.game.deck.clone(),
            plan.game.streets.len(),
            window,
            false,
            unit,
        );
        let seats = stacks.len();
        let first = TableState::new(&plan, stacks)?; // the game's refusals
        let a = abs.size();
        let per_table = per_table_bytes(&first, a);
        // each buffer reserved fallibly: a failure names the whole batch
        let made = || -> Result<TableBatch> {
            let what = "the table engine's buffers";
            let mut all = reserve::with_capacity(tables, what)?;
            if tables > 0 {
                all.push(first);
            }
            while all.len() < tables {
                all.push(TableState::new(&plan, stacks)?);
            }
            let mut moves = reserve::with_capacity(tables, what)?;
            for _ in 0..tables {
                moves.push(reserve::with_capacity(32, what)?);
            }
            Ok(TableBatch {
                dealing: reserve::with_capacity(tables, what)?,
                fresh: reserve::filled(tables, false, what)?,
                tables: all,
                names,
                seed: 0,
                hands: reserve::filled(tables, 0, what)?,
                moves,
                ended: reserve::filled(tables, false, what)?,
                legal: reserve::filled(tables, Legal::default(), what)?,
                masks: reserve::filled(reserve::product(tables, a, 1, what)?, false, what)?,
                masked: reserve::filled(tables, false, what)?,
                records: reserve::with_capacity(window, what)?,
                keyed: Keyed::default(),
                bots: Vec::new(),
                bot_rngs: reserve::filled(tables, BotRng::default(), what)?,
                shape,
                abs,
                plan,
            })
        };
        made().map_err(|err| match err {
            Error::OutOfMemory { .. } => Error::OutOfMemory {
                what: format!(
                    "the table engine's memory for {tables} tables of {seats} seats (about {} a table)",
                    reserve::human(per_table)
                )
                .into(),
                bytes: per_table * tables as u128 + reserve::bytes_of::<Record>(window),
            },
            err => err,
        })
    }

    pub fn plan(&self) -> &EnginePlan {
        &self.plan
    }
    /// The number of tables.
    pub fn len(&self) -> usize {
        self.tables.len()
    }
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }
    pub fn seats(&self) -> usize {
        self.shape.seats
    }
    /// The length of an observation row.
    pub fn obs_size(&self) -> usize {
        self.shape.size()
    }
    /// The length of a mask row.
    pub fn mask_size(&self) -> usize {
        self.abs.size()
    }

    /// Seats the fixed opponents: `bots[s]` plays seat `s` (None: a
    /// learning seat, the only seats a step's actions and `actor` name).
    /// Every reset, step and single-table call then plays the bots' turns
    /// itself. At least one seat learns. Takes effect from the next deal
    /// (call [`TableBatch::reset`]).
    pub fn set_bots(&mut self, bots: Vec<Option<CoreBot>>) -> Result<()> {
        let seats = self.shape.seats;
        if bots.len() != seats {
            return bad(format!("{} bots for {seats} seats", bots.len()));
        }
        if bots.iter().all(Option::is_some) {
            return bad(format!(
                "bots fill all {seats} seats: at least one seat must be left to learn"
            ));
        }
        self.bots = if bots.iter().all(Option::is_none) {
            Vec::new()
        } else {
            bots
        };
        Ok(())
    }

    /// The fixed opponent of each seat (empty: none).
    pub fn bots(&self) -> &[Option<CoreBot>] {
        &self.bots
    }

    /// The bots play table `i` to the turn of a learning seat or the end
    /// of the hand.
    fn play_bots(&mut self, i: usize) {
        if self.bots.is_empty() {
            return;
        }
        let (plan, t, rng) = (&self.plan, &mut self.tables[i], &mut self.bot_rngs[i]);
        while let Some(p) = t.actor() {
            let Some(bot) = self.bots[p] else { return };
            self.masked[i] = false;
            let legal = t.legal(plan);
            bots::play(bot, plan, t, legal, rng);
        }
    }

    /// The seat whose view a finished hand of table `i` shows: the seat of
    /// its last record, or with bots, of the last record of a learning
    /// seat (the first learning seat when none has one).
    fn last_seat(&self, t: &TableState) -> usize {
        let learns = |s: usize| self.bots.get(s).is_none_or(Option::is_none);
        t.history()
            .iter()
            .rev()
            .map(|r| r.seat as usize)
            .find(|&s| learns(s))
            .unwrap_or_else(|| (0..self.shape.seats).find(|&s| learns(s)).unwrap_or(0))
    }

    /// Table `i`, or the error naming the tables there are.
    pub fn table(&self, i: usize) -> Result<&TableState> {
        match self.tables.get(i) {
            Some(t) => Ok(t),
            None => bad(format!("table {i} of {}", self.tables.len())),
        }
    }

    /// `(hand_seed, button, action indices so far)` of table `i`'s hand:
    /// what replays it (`game.start(stacks, button=button, seed=hand_seed)`).
    pub fn record(&self, i: usize) -> Result<(u64, usize, &[u32])> {
        let t = self.table(i)?;
        let seed = hand_seed(self.seed, i as u64, self.hands[i]);
        Ok((seed, t.button(), &self.moves[i]))
    }

    /// Every table starts hand 0 of the run seeded `seed`; fills `out`'s
    /// obs, mask and actor (rewards 0, done false).
    pub fn reset(&mut self, seed: u64, out: Out<'_>) -> Result<()> {
        self.check(&out)?;
        self.seed = seed;
        self.hands.fill(0);
        self.dealing.clear();
        self.dealing.extend(0..self.tables.len());
        self.deal();
        self.run(None, out)
    }

    /// One step of every table: `actions[i]` is table i's action index
    /// (ignored where its hand ended on the last step: it starts its next).
    /// A masked action anywhere is an [`Error::IllegalAction`] and changes
    /// nothing.
    pub fn step(&mut self, actions: &[i64], out: Out<'_>) -> Result<()> {
        if actions.len() != self.tables.len() {
            return bad(format!(
                "{} actions for {} tables",
                actions.len(),
                self.tables.len()
            ));
        }
        self.check(&out)?;
        self.refused(actions)?;
        self.run(Some(actions), out)
    }

    /// Each of `out`'s arrays holds N rows of its size.
    fn check(&self, out: &Out<'_>) -> Result<()> {
        let n = self.tables.len();
        let sizes = [
            ("obs", out.obs.len(), n * self.shape.size()),
            ("mask", out.mask.len(), n * self.abs.size()),
            ("actor", out.actor.len(), n),
            ("rewards", out.rewards.len(), n * self.shape.seats),
            ("done", out.done.len(), n),
        ];
        for (what, got, want) in sizes {
            if got != want {
                return bad(format!("{what} holds {got} entries, expected {want}"));
            }
        }
        Ok(())
    }

    /// The error for the first masked action of a live table.
    fn refused(&self, actions: &[i64]) -> Result<()> {
        let a = self.abs.size();
        for (i, &index) in actions.iter().enumerate() {
            if self.ended[i] {
                continue;
            }
            let row = &self.masks[i * a..(i + 1) * a];
            let x = usize::try_from(index).ok();
            if x.is_some_and(|x| x < a && row[x]) {
                continue;
            }
            let words = not_legal(&index.to_string(), x, Some(row), &self.names);
            return Err(Error::IllegalAction(format!("table {i}: {words}")));
        }
        Ok(())
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
            for ((rng, &i), &seed) in rngs.into_iter().zip(chunk).zip(&seeds) {
                let button = (self.hands[i] % seats) as usize;
                self.tables[i].start_with(&self.plan, rng, button);
                self.masked[i] = false;
                self.bot_rngs[i] = BotRng::for_hand(seed);
                self.moves[i].clear();
                self.ended[i] = false;
            }
        }
    }

    /// Fills `out` after a reset (`acts` None: every table shows its new
    /// hand) or a step (each table acts, or starts its next hand when the
    /// last one ended on the previous step).
    fn run(&mut self, acts: Option<&[i64]>, out: Out<'_>) -> Result<()> {
        let n = self.tables.len();
        let (d, a, seats) = (self.shape.size(), self.abs.size(), self.shape.seats);
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
            let reward = &mut out.rewards[i * seats..(i + 1) * seats];
            let obs = &mut out.obs[i * d..(i + 1) * d];
            let mask = &mut out.mask[i * a..(i + 1) * a];
            reward.fill(0.0);
            out.done[i] = false;
            match acts {
                Some(acts) if !self.fresh[i] => self.apply(i, acts[i] as usize),
                _ => {} // a reset, or this table's next hand was dealt above
            }
            self.play_bots(i);
            // once over: the view of the seat of the last record (the seat
            // that acted last, or that posted last when the deal ended it;
            // with bots, the last learning seat's)
            let t = &self.tables[i];
            let last = self.last_seat(t);
            out.actor[i] = self.fill(i, t.actor().unwrap_or(last), obs, mask);
            if out.actor[i] < 0 {
                failed(&self.tables[i])?;
                self.end(i, reward, &mut out.done[i]);
            }
        }
        Ok(())
    }

    /// Table `i`'s hand is over: its rewards, done, and a restart next step.
    fn end(&mut self, i: usize, rewards: &mut [f32], done: &mut bool) {
        let t = &self.tables[i];
        for ((r, &after), &before) in rewards.iter_mut().zip(t.stacks()).zip(t.starting_stacks()) {
            *r = reward(after, before, self.shape.unit) as f32;
        }
        *done = true;
        self.ended[i] = true;
    }

    /// Writes table `i`'s observation (from `me`'s seat) and mask; keeps
    /// the actor's legal actions and mask for the next action; returns the
    /// actor, or -1 once the hand is over.
    fn fill(&mut self, i: usize, me: usize, obs: &mut [f32], mask_row: &mut [bool]) -> i64 {
        self.encode_view(i, me, obs);
        self.work_out_mask(i);
        let a = self.abs.size();
        mask_row.copy_from_slice(&self.masks[i * a..(i + 1) * a]);
        self.tables[i].actor().map_or(-1, |p| p as i64)
    }

    /// Table `i`'s observation from `me`'s seat into `obs`.
    fn encode_view(&mut self, i: usize, me: usize, obs: &mut [f32]) {
        let t = &self.tables[i];
        let plan = &self.plan;
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
    }

    /// Table `i`'s actor's legal actions and mask row, worked out for its
    /// state now (unless they are already).
    fn work_out_mask(&mut self, i: usize) {
        if self.masked[i] {
            return;
        }
        let a = self.abs.size();
        let t = &self.tables[i];
        let legal = t.legal(&self.plan);
        self.legal[i] = legal;
        let d = decision(&self.plan, t, legal, 0, self.shape.unit);
        mask(&self.abs, &d, &mut self.masks[i * a..(i + 1) * a]);
        self.masked[i] = true;
    }

    /// Table `i`'s actor takes action `index` (legal: checked before).
    fn apply(&mut self, i: usize, index: usize) {
        let (t, legal) = (&mut self.tables[i], self.legal[i]);
        act(&self.plan, &self.abs, self.shape.unit, t, legal, index);
        self.masked[i] = false;
        self.moves[i].push(index as u32);
    }

    // ---- one table at a time (`hoyle.env.aec_env`) -----------------------

    /// Table `i` starts hand `k` of the run (seeded by the last `reset`):
    /// the button at `k % seats`, dealt from `hand_seed(seed, i, k)`.
    /// Returns the seat to act, or -1 when the deal ends the hand.
    pub fn deal_one(&mut self, i: usize, k: u64) -> Result<i64> {
        self.table(i)?;
        self.hands[i] = k;
        let button = (k % self.shape.seats as u64) as usize;
        let count = 2 * self.plan.cards_needed(self.shape.seats); // (two outputs a draw)
        if count <= MOST {
            let words = self.keyed.words(self.seed, i, k, count);
            self.tables[i].start_from(&self.plan, &mut PyWords::new(words), button);
        } else {
            let seed = hand_seed(self.seed, i as u64, k);
            let rng = Mt19937::from_magnitude_le(&seed.to_le_bytes());
            self.tables[i].start_with(&self.plan, rng, button);
        }
        self.masked[i] = false;
        self.bot_rngs[i] = BotRng::for_hand(hand_seed(self.seed, i as u64, k));
        self.moves[i].clear();
        self.play_bots(i);
        Ok(self.after_move(i))
    }

    /// Table `i`'s actor takes the abstraction's action `index` (None: an
    /// int out of range; `shown` is the index as given, for the message).
    /// Returns the next seat to act, or -1 when the hand is over. A masked
    /// or out-of-range index is an [`Error::IllegalAction`] and changes
    /// nothing.
    pub fn act_one(&mut self, i: usize, index: Option<usize>, shown: &str) -> Result<i64> {
        self.act_one_with(i, index, || shown.to_string())
    }

    /// [`act_one`](Self::act_one) with the index as given made only for
    /// the message of a refused action (`shown`).
    pub fn act_one_with(
        &mut self,
        i: usize,
        index: Option<usize>,
        shown: impl FnOnce() -> String,
    ) -> Result<i64> {
        self.table(i)?;
        let a = self.abs.size();
        let open = !self.ended[i];
        let row = &self.masks[i * a..(i + 1) * a];
        let Some(x) = index.filter(|&x| open && x < a && row[x]) else {
            let words = not_legal(&shown(), index, open.then_some(row), &self.names);
            return Err(Error::IllegalAction(words));
        };
        self.apply(i, x);
        self.play_bots(i);
        failed(&self.tables[i])?;
        Ok(self.after_move(i))
    }

    /// Seat `seat`'s observation of table `i` into `obs`; into `mask` the
    /// mask of the seat to act when that is `seat`, else all false (a seat
    /// not to act, or a hand over, has none).
    pub fn observe_one(
        &mut self,
        i: usize,
        seat: usize,
        obs: &mut [f32],
        row: &mut [bool],
    ) -> Result<()> {
        self.table(i)?;
        if seat >= self.shape.seats {
            return bad(format!("seat {seat} of {}", self.shape.seats));
        }
        let (d, a) = (self.shape.size(), self.abs.size());
        if obs.len() != d || row.len() != a {
            return bad(format!(
                "obs and mask hold {d} and {a} entries, got {} and {}",
                obs.len(),
                row.len()
            ));
        }
        self.encode_view(i, seat, obs);
        if self.tables[i].actor() == Some(seat) {
            self.work_out_mask(i);
            row.copy_from_slice(&self.masks[i * a..(i + 1) * a]);
        } else {
            row.fill(false);
        }
        Ok(())
    }

    /// Table `i`'s rewards: [`reward`] per absolute seat.
    pub fn rewards_of(&self, i: usize) -> Result<Vec<f64>> {
        let t = self.table(i)?;
        let unit = self.shape.unit;
        Ok(t.stacks()
            .iter()
            .zip(t.starting_stacks())
            .map(|(&after, &before)| reward(after, before, unit))
            .collect())
    }

    /// After a deal or an action on table `i`: the actor's legal actions and
    /// mask worked out (for the next action), the hand marked ended when
    /// over; the actor, or -1.
    fn after_move(&mut self, i: usize) -> i64 {
        self.work_out_mask(i);
        let t = &self.tables[i];
        self.ended[i] = t.is_over();
        t.actor().map_or(-1, |p| p as i64)
    }
}

/// The deals of the next hands of one table, keyed [`WIDE`] at a time (one
/// table deals hand after hand: keying 32 at once costs little more than
/// one): the first outputs of each hand's generator, as many as its deal
/// reads.
#[derive(Default)]
struct Keyed {
    /// `words[j * count..(j + 1) * count]` deals hand `k0 + j` of table
    /// `table` in the run `seed`, where `(seed, table, k0) = keyed_for`.
    words: Vec<u32>,
    count: usize,
    keyed_for: Option<(u64, usize, u64)>,
    scratch: Scratch,
}

impl Keyed {
    /// The first `count` (at most [`MOST`]) outputs of the generator of
    /// hand `k` at table `i` of the run `seed` (keyed with the 31 after it
    /// when it is not keyed already).
    fn words(&mut self, seed: u64, i: usize, k: u64, count: usize) -> &[u32] {
        if let Some((s, t, k0)) = self.keyed_for {
            let j = k.wrapping_sub(k0) as usize;
            if s == seed && t == i && j < WIDE && self.count == count {
                return &self.words[j * count..(j + 1) * count];
            }
        }
        let seeds: [u64; WIDE] =
            std::array::from_fn(|x| hand_seed(seed, i as u64, k.wrapping_add(x as u64)));
        self.words.resize(WIDE * count, 0);
        first_outputs(&seeds, count, &mut self.words, &mut self.scratch);
        self.keyed_for = Some((seed, i, k));
        self.count = count;
        &self.words[..count]
    }
}
