//! Rich display of the core's values: `_repr_html_` (Jupyter's rich
//! output) and `__rich__` (the rich library's terminals) of `Card`,
//! `HandRank` and `Settlement` hand the value to `hoyle._display`, where
//! every one of hoyle's displays is drawn, so that the core's values and
//! the Python layer's look alike and share their pieces (cards, tables).

use pyo3::intern;
use pyo3::prelude::*;

/// `hoyle._display.<name>(value)`: the drawing of `value`.
pub fn show<'py>(value: &Bound<'py, PyAny>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let py = value.py();
    py.import(intern!(py, "hoyle._display"))?
        .getattr(name)?
        .call1((value,))
}
