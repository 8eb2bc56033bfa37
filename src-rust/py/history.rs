//! `hoyle.history`'s native replay (`crate::history`): `_PhhEngine`, a
//! game's table engine made once, and `_phh_replay`, one hand's action
//! lines read and played in one call. None wherever the core's path does
//! not read the hand: the caller replays it through the reference.

use crate::hand::RECORD_KINDS;
use crate::history::toml::{self, Table, Value};
use crate::history::{self, Setup};
use crate::table::{EnginePlan, TableGame};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTime};
use pyo3::types::{PyList, PyString, PyTuple};
use rustc_hash::FxHashMap as HashMap;

/// A game's table engine, for `_phh_replay` (made from the game's
/// `hoyle._plan.Plan`, which `hoyle.env._fast.settings` found it plays).
#[pyclass(frozen, module = "hoyle._core", name = "_PhhEngine")]
pub struct PhhEngine {
    plan: EnginePlan,
}

impl PhhEngine {
    /// The engine (`py/sites.rs` replays a PokerStars hand on it).
    pub(crate) fn plan(&self) -> &EnginePlan {
        &self.plan
    }
}

#[pymethods]
impl PhhEngine {
    #[new]
    fn new(plan: TableGame) -> PyResult<PhhEngine> {
        Ok(PhhEngine {
            plan: EnginePlan::new(plan)?,
        })
    }
}

/// One hand replayed: `(deck as dealt (a tuple), records, contributions, dead, folded,
/// cards, board, street, bets, level, bet, raises, raise_size,
/// voluntary, repairs, hidden, stacks, rest, starting stacks (a tuple), stacks
/// before the payout, a natural-high game's showdown values or None,
/// each seat's up cards (empty lists), the seat to act or None)` at the end,
/// or with `partial` where actions that end before the hand does stop, a
/// seat to act (the deck first card
/// first, `level` -1 for a seat that has not acted, `repairs` the folds
/// supplied as `replay` words them, `hidden` the seats the file never shows
/// that are live at a showdown (none when fewer than two seats are live:
/// what `replay.settle_unseen` would look at), `stacks` after the payout,
/// `rest` the cards not dealt, the next one last; a seat of `deep` starts with
/// a deep stack, whatever `stacks` says), or None.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (engine, actions, seat_of, order, stacks, deep, button, scale, strict, partial = false))]
pub fn _phh_replay<'py>(
    py: Python<'py>,
    engine: &PhhEngine,
    actions: &Bound<'py, PyList>,
    seat_of: Vec<usize>,
    order: Vec<usize>,
    stacks: Vec<u64>,
    deep: Vec<usize>,
    button: usize,
    scale: u64,
    strict: bool,
    partial: bool,
) -> PyResult<Option<Bound<'py, PyTuple>>> {
    let mut texts: Vec<Bound<'py, PyString>> = Vec::with_capacity(actions.len());
    for item in actions.iter() {
        match item.cast_into::<PyString>() {
            Ok(s) => texts.push(s),
            Err(_) => return Ok(None), // the reference says what is wrong
        }
    }
    let mut lines: Vec<&str> = Vec::with_capacity(texts.len());
    for s in &texts {
        match s.to_str() {
            Ok(t) => lines.push(t),
            Err(_) => return Ok(None),
        }
    }
    let setup = Setup {
        seat_of: &seat_of,
        order: &order,
        stacks: &stacks,
        deep: &deep,
        button,
        scale,
        strict,
        partial,
    };
    let plan = &engine.plan;
    let Some(done) = history::replay(plan, lines.into_iter(), &setup) else {
        return Ok(None);
    };
    let t = &done.table;
    let empty = PyTuple::empty(py);
    let kinds = KINDS
        .get_or_init(py, || {
            RECORD_KINDS
                .iter()
                .map(|k| PyString::intern(py, k).unbind())
                .collect()
        })
        .as_slice();
    let records = PyList::empty(py);
    for a in t.history() {
        let kind = kinds[usize::from(a.kind)].bind(py).clone();
        let record = (a.street, a.seat, kind, a.amount, a.total, empty.clone());
        records.append(record.into_pyobject(py)?)?;
    }
    let n = t.seats();
    let cards = PyList::empty(py);
    for s in 0..n {
        cards.append(PyList::new(py, t.hole(plan, s))?)?;
    }
    let (level, raises, raise_size, voluntary) = t.interval();
    let level: Vec<i64> = level
        .iter()
        .map(|l| l.map_or(-1, |v| i64::try_from(v).unwrap_or(i64::MAX)))
        .collect();
    let repairs: Vec<String> = done
        .repairs
        .iter()
        .map(|&(k, index)| format!("p{} folds before action {}", k + 1, index + 1))
        .collect();
    let dealt = t.deal().1;
    let before: Vec<u64> = t
        .starting_stacks()
        .iter()
        .zip(t.contributions())
        .map(|(a, b)| a - b)
        .collect();
    let over = t.is_over();
    let high = if over {
        plain_showdown(plan, t, &before)?
    } else {
        None // (a partial replay: no showdown yet)
    };
    let shown = match high {
        Some(high) => PyList::new(py, high)?.into_any(),
        None => py.None().into_bound(py),
    };
    let actor = match t.actor() {
        Some(seat) if !over => seat.into_pyobject(py)?.into_any(),
        _ => py.None().into_bound(py),
    };
    let folded = t.folded();
    let live_hidden: &[usize] = if folded.iter().filter(|&&f| !f).count() < 2 {
        &[]
    } else {
        &done.hidden
    };
    let live_hidden: Vec<usize> = live_hidden
        .iter()
        .copied()
        .filter(|&s| !folded[s])
        .collect();
    let up = PyList::empty(py);
    for _ in 0..n {
        up.append(PyList::empty(py))?;
    }
    let out = [
        PyTuple::new(py, &done.deck)?.into_any(),
        records.into_any(),
        PyList::new(py, t.contributions())?.into_any(),
        match t.dead() {
            Some(d) => PyList::new(py, d)?.into_any(),
            None => py.None().into_bound(py),
        },
        PyList::new(py, t.folded())?.into_any(),
        cards.into_any(),
        PyList::new(py, t.board())?.into_any(),
        t.street().into_pyobject(py)?.into_any(),
        PyList::new(py, t.bets())?.into_any(),
        PyList::new(py, level)?.into_any(),
        t.bet().into_pyobject(py)?.into_any(),
        raises.into_pyobject(py)?.into_any(),
        raise_size.into_pyobject(py)?.into_any(),
        pyo3::types::PyBool::new(py, voluntary)
            .to_owned()
            .into_any(),
        PyList::new(py, repairs)?.into_any(),
        PyTuple::new(py, live_hidden)?.into_any(),
        PyList::new(py, t.stacks())?.into_any(),
        PyList::new(py, done.deck[dealt..].iter().rev())?.into_any(),
        PyTuple::new(py, t.starting_stacks())?.into_any(),
        PyList::new(py, before)?.into_any(),
        shown,
        up.into_any(),
        actor,
    ];
    Ok(Some(PyTuple::new(py, out)?))
}

/// A natural-high game's showdown values, as `_core._showdown` gives
/// them to `Ending._finish` (the same core call on the same state), or
/// None for any other game (the hand's own ending shows it down).
fn plain_showdown(
    plan: &EnginePlan,
    t: &crate::table::TableState,
    before: &[u64],
) -> PyResult<Option<Vec<Option<i64>>>> {
    if !plan.game.plain_high {
        return Ok(None);
    }
    let n = t.seats();
    let hands: Vec<Option<&[u8]>> = (0..n)
        .map(|s| (!t.folded()[s]).then(|| t.hole(plan, s)))
        .collect();
    let input = crate::settle::ShowdownInput {
        stacks: before,
        contributions: t.contributions(),
        dead: t.dead(),
        hands: &hands,
        board: t.board(),
        button: t.button(),
        rake: plan.game.rake,
    };
    let done = crate::settle::showdown(&input)?;
    if done.stacks != t.stacks() {
        return Ok(None); // (never: the engine's payout is this one; the hand's ending decides)
    }
    Ok(Some(done.high))
}

static DECIMAL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The record kinds' names, interned once (each record's third item).
static KINDS: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// The Python objects of one document, each made once: a PHH file says
/// the same keys, action lines, amounts and times again and again (a
/// table's finishing stacks are its next hand's starting stacks), and
/// strings, `Decimal`s and times are immutable, so equal values may share
/// an object. Kept for one `_phh_toml` call only (bounded by the text).
struct Objects<'py, 'a> {
    py: Python<'py>,
    decimal: &'a Bound<'py, PyAny>,
    keys: HashMap<&'a str, Bound<'py, PyString>>,
    strings: HashMap<&'a str, Bound<'py, PyAny>>,
    decimals: HashMap<&'a str, Bound<'py, PyAny>>,
    times: HashMap<(u8, u8, u8), Bound<'py, PyAny>>,
}

/// PHH's field names (its specification's), interned once for every
/// document: most files name only these (hoyle's own `_hoyle_` fields,
/// and any other, once a document).
const FIELD_NAMES: [&str; 39] = [
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "time_zone_abbreviation",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "currency",
    "currency_symbol",
    "time_limit",
    "time_banks",
    "total_pot_amounts",
    "rake",
];

static FIELD_KEYS: PyOnceLock<HashMap<&'static str, Py<PyString>>> = PyOnceLock::new();

impl<'py, 'a> Objects<'py, 'a> {
    fn new(py: Python<'py>, decimal: &'a Bound<'py, PyAny>) -> Self {
        // (sized for a hand: no growing on the way)
        let sized = || HashMap::with_capacity_and_hasher(64, Default::default());
        Objects {
            py,
            decimal,
            keys: HashMap::default(),
            strings: sized(),
            decimals: HashMap::with_capacity_and_hasher(16, Default::default()),
            times: HashMap::default(),
        }
    }

    /// A key, interned: a dict lookup by a literal name (interned by
    /// Python) then finds it by pointer. PHH's own names are interned once
    /// (`FIELD_NAMES`), any other once a document.
    fn key(&mut self, k: &'a str) -> Bound<'py, PyString> {
        let py = self.py;
        let fields = FIELD_KEYS.get_or_init(py, || {
            FIELD_NAMES
                .iter()
                .map(|&name| (name, PyString::intern(py, name).unbind()))
                .collect()
        });
        if let Some(key) = fields.get(k) {
            return key.bind(py).clone();
        }
        self.keys
            .entry(k)
            .or_insert_with(|| PyString::intern(py, k))
            .clone()
    }

    fn value(&mut self, v: &Value<'a>) -> PyResult<Bound<'py, PyAny>> {
        let py = self.py;
        Ok(match v {
            Value::Str(s) => self
                .strings
                .entry(s)
                .or_insert_with(|| PyString::new(py, s).into_any())
                .clone(),
            Value::Int(i) => i.into_pyobject(py)?.into_any(),
            Value::Decimal(text) => self.decimal_of(text)?,
            Value::Inf => self.decimal_of("inf")?,
            Value::Bool(b) => pyo3::types::PyBool::new(py, *b).to_owned().into_any(),
            Value::Time(h, m, s) => match self.times.get(&(*h, *m, *s)) {
                Some(t) => t.clone(),
                None => {
                    let t = PyTime::new(py, *h, *m, *s, 0, None)?.into_any();
                    self.times.insert((*h, *m, *s), t.clone());
                    t
                }
            },
            Value::Array(items) => {
                let len = ffi::Py_ssize_t::try_from(items.len())?;
                // SAFETY: the GIL is held; a new list of `len` empty slots,
                // filled in order below before anyone else sees it (on an
                // error it is dropped with the rest still empty, which
                // `list_dealloc` allows).
                let list = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyList_New(len))? };
                for (i, item) in (0..len).zip(items) {
                    let v = self.value(item)?;
                    // SAFETY: `i` is below the list's size and its slot empty;
                    // the slot takes over the reference.
                    unsafe { ffi::PyList_SET_ITEM(list.as_ptr(), i, v.into_ptr()) };
                }
                list
            }
        })
    }

    fn decimal_of(&mut self, text: &'a str) -> PyResult<Bound<'py, PyAny>> {
        if let Some(d) = self.decimals.get(text) {
            return Ok(d.clone());
        }
        let d = self.decimal.call1((text,))?;
        self.decimals.insert(text, d.clone());
        Ok(d)
    }

    fn table(&mut self, t: &Table<'a>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(self.py);
        for (k, v) in t {
            out.set_item(self.key(k), self.value(v)?)?;
        }
        Ok(out)
    }
}

/// The TOML document of PHH text as `tomllib.loads(text,
/// parse_float=Decimal)` reads it, or None where the core's reader
/// (`crate::history::toml`) leaves it to Python's.
#[pyfunction]
pub fn _phh_toml<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let Ok(text) = text.to_str() else {
        return Ok(None); // a lone surrogate: Python's readers say so
    };
    let Some(doc) = toml::read(text) else {
        return Ok(None);
    };
    let decimal = DECIMAL
        .get_or_try_init(py, || -> PyResult<Py<PyAny>> {
            Ok(py.import("decimal")?.getattr("Decimal")?.unbind())
        })?
        .bind(py);
    let mut objects = Objects::new(py, decimal);
    let root = objects.table(&doc.root)?;
    for (name, t) in &doc.tables {
        root.set_item(PyString::new(py, name), objects.table(t)?)?;
    }
    Ok(Some(root))
}
