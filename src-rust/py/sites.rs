//! `hoyle.history.sites.pokerstars`' native reader: PokerStars text in, each
//! hand's PHH fields out as the Python reader's `SiteHand.fields()` and
//! `nets()` write them (the same keys in the same order, ints where whole,
//! `decimal.Decimal`s with the same digits), or the hand's lines handed
//! back for the Python reader (the core's `sites`). The interpreter is
//! released while the text is read.

use crate::sites::amount::Dec;
use crate::sites::hand::{Extra, StarsHand};
use crate::sites::{read_pokerstars, Item};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString, PyTime, PyTuple};
use std::cell::RefCell;
use std::collections::HashMap;

static DECIMAL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

struct Out<'py> {
    py: Python<'py>,
    decimal: Bound<'py, PyAny>,
    /// The `Decimal`s made so far, by their text (immutable: shared).
    made: RefCell<HashMap<String, Bound<'py, PyAny>>>,
}

impl<'py> Out<'py> {
    fn decimal_of(&self, text: String) -> PyResult<Bound<'py, PyAny>> {
        if let Some(d) = self.made.borrow().get(&text) {
            return Ok(d.clone());
        }
        let d = self.decimal.call1((text.as_str(),))?;
        self.made.borrow_mut().insert(text, d.clone());
        Ok(d)
    }

    /// `money`'s `Decimal`: the digits as written.
    fn read(&self, d: Dec) -> PyResult<Bound<'py, PyAny>> {
        self.decimal_of(d.text())
    }

    /// `_plain`: an int when whole, else the normalized `Decimal`.
    fn plain(&self, d: Dec) -> PyResult<Bound<'py, PyAny>> {
        match d.whole() {
            Some(v) => Ok(v.into_pyobject(self.py)?.into_any()),
            None => self.decimal_of(d.normal_text()),
        }
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

/// The hands of PokerStars `text`: a list of `(line, fields, nets, scale)` (a
/// hand read: its PHH fields, each player's net by the file's lines, in PHH
/// order, and `stakes.scale_of` of the fields) and `(line, start, end, 0)` (a
/// hand for the Python reader: its lines `start:end` of
/// `text.lstrip("\ufeff").splitlines()`); or None, when the
/// text is one to split in Python (odd line breaks, a BOM inside, an overlong
/// line, a first line that opens no PokerStars hand, a lone surrogate).
#[pyfunction]
pub fn _read_pokerstars<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
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
    let out = Out {
        py,
        decimal,
        made: RefCell::new(HashMap::new()),
    };
    let list = PyList::empty(py);
    for item in items {
        let entry = match item {
            Item::Hand(line, hand) => {
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
                    ],
                )?
            }
            Item::Python(line, start, end) => PyTuple::new(py, [line, start, end, 0])?,
        };
        list.append(entry)?;
    }
    Ok(Some(list))
}
