//! `hoyle.history.sites.pokerstars`' native reader: PokerStars text in, each
//! hand's PHH fields out as the Python reader's `SiteHand.fields()` and
//! `nets()` write them (the same keys in the same order, ints where whole,
//! `decimal.Decimal`s with the same digits), or the hand's lines handed
//! back for the Python reader (the core's `sites`). The interpreter is
//! released while the text is read. Given `engine_for`, each hand read is
//! also replayed and checked in the core (`crate::sites::check`), on its
//! game's engine (`py/history.rs`' `_PhhEngine`, which `engine_for` makes
//! from the hand's stakes; kept here by those stakes, so a table's hands
//! ask once).

use super::history::PhhEngine;
use crate::sites::amount::Dec;
use crate::sites::check::nets_agree;
use crate::sites::hand::{Extra, StarsHand};
use crate::sites::{read_pokerstars, Item};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTime, PyTuple};
use rustc_hash::FxHashMap as HashMap;
use std::sync::{LazyLock, Mutex};

static DECIMAL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A map kept across calls (the interpreter's objects in it are shared).
type Kept<K, V> = LazyLock<Mutex<HashMap<K, V>>>;

/// The `Decimal`s made so far, by their digits (immutable: shared by
/// every hand; at most `KEPT` kept, then started again).
static MADE: Kept<(i128, u32), Py<PyAny>> = LazyLock::new(|| Mutex::new(HashMap::default()));
const KEPT: usize = 1 << 16;

/// What a hand's game is made of (`stakes.stakes_game`'s key): the
/// variant, the antes, blinds and stakes as written, the scale and the
/// seats. Its engine (None: the engine does not play it), made once.
#[derive(Hash, PartialEq, Eq)]
struct Stakes {
    variant: String,
    amounts: Vec<(i128, u32)>,
    fixed: bool,
    scale: u64,
}
static ENGINES: Kept<Stakes, Option<Py<PhhEngine>>> =
    LazyLock::new(|| Mutex::new(HashMap::default()));
const ENGINES_KEPT: usize = 1024;

fn locked<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

struct Out<'py> {
    py: Python<'py>,
    decimal: Bound<'py, PyAny>,
}

impl<'py> Out<'py> {
    /// `money`'s `Decimal`: the digits as written.
    fn read(&self, d: Dec) -> PyResult<Bound<'py, PyAny>> {
        let key = (d.coef, d.dec);
        if let Some(made) = locked(&MADE).get(&key) {
            return Ok(made.bind(self.py).clone());
        }
        let made = self.decimal.call1((d.text(),))?;
        let mut kept = locked(&MADE);
        if kept.len() >= KEPT {
            kept.clear();
        }
        kept.insert(key, made.clone().unbind());
        Ok(made)
    }

    /// `_plain`: an int when whole, else the normalized `Decimal`.
    fn plain(&self, d: Dec) -> PyResult<Bound<'py, PyAny>> {
        match d.whole() {
            Some(v) => Ok(v.into_pyobject(self.py)?.into_any()),
            None => self.read(d.normalized()),
        }
    }

    /// `hand`'s engine: kept, or `engine_for(variant, antes, blinds,
    /// small_bet, big_bet, min_bet, scale, seats)` (the fields' values).
    fn engine(
        &self,
        h: &StarsHand,
        engine_for: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Py<PhhEngine>>> {
        let amounts = (h.antes.iter().chain(&h.blinds))
            .chain(h.stakes.iter().map(|(_, d)| d))
            .map(|d| (d.coef, d.dec))
            .collect();
        let key = Stakes {
            variant: h.variant.clone(),
            amounts,
            fixed: h.stakes.len() == 2,
            scale: h.scale,
        };
        if let Some(kept) = locked(&ENGINES).get(&key) {
            return Ok(kept.as_ref().map(|e| e.clone_ref(self.py)));
        }
        let py = self.py;
        let stake = |name: &str| -> PyResult<Bound<'py, PyAny>> {
            match h.stakes.iter().find(|(k, _)| *k == name) {
                Some((_, d)) => self.read(*d),
                None => Ok(py.None().into_bound(py)),
            }
        };
        let args = PyTuple::new(
            py,
            [
                PyString::new(py, &h.variant).into_any(),
                self.plains(&h.antes)?.into_any(),
                self.plains(&h.blinds)?.into_any(),
                stake("small_bet")?,
                stake("big_bet")?,
                stake("min_bet")?,
                h.scale.into_pyobject(py)?.into_any(),
                h.starting.len().into_pyobject(py)?.into_any(),
            ],
        )?;
        let made = engine_for.call1(args)?;
        let engine = if made.is_none() {
            None
        } else {
            Some(made.cast_into::<PhhEngine>()?.unbind())
        };
        let mut kept = locked(&ENGINES);
        if kept.len() >= ENGINES_KEPT {
            kept.clear();
        }
        kept.insert(key, engine.as_ref().map(|e| e.clone_ref(py)));
        Ok(engine)
    }

    fn plains(&self, values: &[Dec]) -> PyResult<Bound<'py, PyList>> {
        let items = values
            .iter()
            .map(|&d| self.plain(d))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(self.py, items)
    }

    fn fields(&self, h: &StarsHand) -> PyResult<Bound<'py, PyDict>> {
        let py = self.py;
        let out = PyDict::new(py);
        out.set_item(intern!(py, "variant"), &h.variant)?;
        out.set_item(intern!(py, "ante_trimming_status"), true)?;
        out.set_item(intern!(py, "antes"), self.plains(&h.antes)?)?;
        out.set_item(intern!(py, "blinds_or_straddles"), self.plains(&h.blinds)?)?;
        for (key, value) in &h.stakes {
            out.set_item(*key, self.read(*value)?)?;
        }
        out.set_item(intern!(py, "starting_stacks"), self.plains(&h.starting)?)?;
        out.set_item(intern!(py, "actions"), PyList::new(py, &h.actions)?)?;
        out.set_item(intern!(py, "players"), PyList::new(py, &h.players)?)?;
        out.set_item(intern!(py, "seats"), PyList::new(py, &h.seats)?)?;
        out.set_item(intern!(py, "finishing_stacks"), self.plains(&h.finishing)?)?;
        out.set_item(intern!(py, "venue"), intern!(py, "PokerStars"))?;
        if !h.runouts.is_empty() {
            out.set_item(intern!(py, "_hoyle_runouts"), PyList::new(py, &h.runouts)?)?;
        }
        for (key, value) in &h.extra {
            match value {
                Extra::Str(s) => out.set_item(*key, s)?,
                Extra::Int(v) => out.set_item(*key, *v)?,
                Extra::Dec(d) => out.set_item(*key, self.read(*d)?)?,
                Extra::Time(hh, mm, ss) => {
                    out.set_item(*key, PyTime::new(py, *hh, *mm, *ss, 0, None)?)?
                }
            }
        }
        if let Some((room, rake)) = h.room_rake {
            out.set_item(intern!(py, "_hoyle_room_rake"), self.plain(room)?)?;
            out.set_item(intern!(py, "_hoyle_rake"), self.plain(rake)?)?;
        }
        if !h.fees.is_empty() {
            let fees = PyDict::new(py);
            for (name, value) in &h.fees {
                fees.set_item(name, self.plain(*value)?)?;
            }
            out.set_item(intern!(py, "_hoyle_fees"), fees)?;
        }
        Ok(out)
    }
}

/// The hands of PokerStars `text`: a list of `(line, fields, nets, scale,
/// checked)` (a hand read: its PHH fields, each player's net by the file's
/// lines, in PHH order, `stakes.scale_of` of the fields, and whether the
/// core replayed it on `engine_for`'s engine and found `sites.check`'s
/// nets: False when not asked, or not sure) and `(line, start, end, 0,
/// False)` (a hand for the Python reader: its lines `start:end` of
/// `text.lstrip("\ufeff").splitlines()`); or None, when the text is one to
/// split in Python (odd line breaks, a BOM inside, an overlong line, a
/// first line that opens no PokerStars hand, a lone surrogate).
#[pyfunction]
#[pyo3(signature = (text, engine_for=None))]
pub fn _read_pokerstars<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
    engine_for: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyList>>> {
    let Ok(text) = text.to_str() else {
        return Ok(None); // (a lone surrogate: not UTF-8)
    };
    let Some(items) = py.detach(|| read_pokerstars(text)) else {
        return Ok(None);
    };
    let decimal = DECIMAL
        .get_or_try_init(py, || -> PyResult<Py<PyAny>> {
            Ok(py.import("decimal")?.getattr("Decimal")?.unbind())
        })?
        .bind(py)
        .clone();
    let out = Out { py, decimal };
    let list = PyList::empty(py);
    for item in items {
        let entry = match item {
            Item::Hand(line, hand) => {
                let checked = match engine_for {
                    Some(f) => out
                        .engine(&hand, f)?
                        .is_some_and(|e| nets_agree(e.get().plan(), &hand)),
                    None => false,
                };
                let nets = hand
                    .nets
                    .iter()
                    .map(|&d| out.read(d))
                    .collect::<PyResult<Vec<_>>>()?;
                PyTuple::new(
                    py,
                    [
                        line.into_pyobject(py)?.into_any(),
                        out.fields(&hand)?.into_any(),
                        PyList::new(py, nets)?.into_any(),
                        hand.scale.into_pyobject(py)?.into_any(),
                        PyBool::new(py, checked).to_owned().into_any(),
                    ],
                )?
            }
            Item::Python(line, start, end) => {
                let false_ = PyBool::new(py, false).to_owned().into_any();
                let [a, b, c, d] = [line, start, end, 0].map(|v| v.into_pyobject(py));
                PyTuple::new(
                    py,
                    [
                        a?.into_any(),
                        b?.into_any(),
                        c?.into_any(),
                        d?.into_any(),
                        false_,
                    ],
                )?
            }
        };
        list.append(entry)?;
    }
    Ok(Some(list))
}
