//! `hoyle._core._Observer` and `_observe`: the observation and the action
//! mask of `hoyle.env` for a Python `Hand`, in one call, by the core's
//! [`crate::env`] (the same functions the table engine calls).
//!
//! An `_Observer` holds what is fixed for a game, a number of seats, a
//! window and an action abstraction (the [`Layout`] and the
//! [`Abstraction`]); `_observe(observer, hand, me, obs, mask[, game])`
//! (with `game`: refusing first a hand of another game) reads the hand
//! through its view (`hoyle._hand_view.view(hand)`: one tuple of the
//! fields the core declares in [`HAND_VIEW_FIELDS`], indexed by the
//! positions in [`view`]; while drawing also `draw_view(hand)`, the
//! [`HAND_DRAW_FIELDS`]; `hand.legal` when the view holds no cached one),
//! checks them, and writes seat `me`'s observation into the float32 row
//! `obs` and the actor's mask into the bool row `mask`. Every Python call
//! is made before either row is written. Bad arguments raise `TypeError`
//! (a wrong type) or `GameError` (a wrong value, shape or size); nothing
//! panics.

use super::args::{actions_arg, flag_arg, int_arg, type_name};
use super::fast;
use crate::env::{
    encode, mask, Abstraction, Decision, Layout, Record, View, RECORD_EXTRA, SECTIONS,
    SECTION_SIZES,
};
use crate::hand::{
    draw_view, kind, kind_of, phase, view, FORCED_KINDS, HAND_DRAW_FIELDS, HAND_VIEW_FIELDS,
    PHASES, RECORD_KINDS,
};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyAttributeError, PyTypeError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString, PyTuple};

pyo3::import_exception!(hoyle.errors, GameError);

/// The facts a Python `Hand` and `hoyle.env` share with the core, each
/// written once in it ([`crate::hand`], [`crate::env`]): the phases, the
/// record kinds, the fields of a hand's view and the observation layout.
pub fn add_constants(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("PHASE_BET", phase::BET)?;
    m.add("PHASE_DRAWING", phase::DRAWING)?;
    m.add("PHASE_OVER", phase::OVER)?;
    m.add("RECORD_KINDS", PyTuple::new(py, RECORD_KINDS)?)?;
    m.add("FORCED_KINDS", FORCED_KINDS)?;
    m.add("HAND_VIEW_FIELDS", PyTuple::new(py, HAND_VIEW_FIELDS)?)?;
    m.add("HAND_DRAW_FIELDS", PyTuple::new(py, HAND_DRAW_FIELDS)?)?;
    let sections = SECTIONS
        .iter()
        .zip(SECTION_SIZES)
        .map(|(&name, per)| (name, per.name()));
    m.add("LAYOUT_SECTIONS", PyTuple::new(py, sections)?)?;
    m.add("LAYOUT_RECORD_EXTRA", RECORD_EXTRA)?;
    Ok(())
}

/// The most seats a table has (the settlement's limit).
const SEATS: usize = crate::settle::MAX_SEATS;
/// The most cards one list of a hand (a hole, the board) may hold here.
const CARDS: usize = 64;
/// The most cards a draw abstraction may hold (2**16 draw entries).
const DRAW_CARDS: i64 = 16;
/// The longest history window (an observation stays a sane size).
const WINDOW: i64 = 1 << 16;

fn game_error(message: String) -> PyErr {
    GameError::new_err(message)
}

/// An int argument in `lo..=hi`; a `TypeError` for a non-int, a
/// `GameError` naming the range otherwise.
fn ranged(what: &str, obj: &Bound<'_, PyAny>, lo: i64, hi: i64) -> PyResult<i64> {
    match int_arg(what, obj)? {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        Ok(v) => Err(game_error(format!("{what} must be {lo}..{hi}, got {v}"))),
        Err(text) => Err(game_error(format!("{what} must be {lo}..{hi}, got {text}"))),
    }
}

/// The unit: chips 1..=2**64 - 1.
fn unit_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    match int_arg("unit", obj)? {
        Ok(v) if v >= 1 => Ok(v as u64),
        Err(_) if obj.extract::<u64>().is_ok() => obj.extract::<u64>(),
        Ok(v) => Err(game_error(format!(
            "unit must be 1..2**64-1 chips, got {v}"
        ))),
        Err(text) => Err(game_error(format!(
            "unit must be 1..2**64-1 chips, got {text}"
        ))),
    }
}

/// What is fixed for one layout and one action abstraction: the core's
/// [`Layout`] and [`Abstraction`].
#[pyclass(frozen, module = "hoyle._core", name = "_Observer")]
pub struct Observer {
    layout: Layout,
    abs: Abstraction,
}

#[pymethods]
impl Observer {
    #[new]
    #[pyo3(signature = (deck, seats, streets, window, has_up, unit, actions, draw_cards, /))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        deck: &Bound<'_, PyAny>,
        seats: &Bound<'_, PyAny>,
        streets: &Bound<'_, PyAny>,
        window: &Bound<'_, PyAny>,
        has_up: &Bound<'_, PyAny>,
        unit: &Bound<'_, PyAny>,
        actions: &Bound<'_, PyAny>,
        draw_cards: &Bound<'_, PyAny>,
    ) -> PyResult<Observer> {
        let ids: Vec<i64> = deck.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "deck must be a sequence of card ids, got {}",
                type_name(deck)
            ))
        })?;
        let mut seen = 0u64;
        for &c in &ids {
            if !(0..=53).contains(&c) || seen >> c & 1 == 1 {
                return Err(game_error(format!(
                    "deck must hold distinct card ids 0..53, got {c}"
                )));
            }
            seen |= 1 << c;
        }
        if ids.is_empty() {
            return Err(game_error("deck must hold at least one card".into()));
        }
        let layout = Layout::new(
            ranged("seats", seats, 2, SEATS as i64)? as usize,
            ids.iter().map(|&c| c as u8).collect(),
            ranged("streets", streets, 1, 64)? as usize,
            ranged("window", window, 0, WINDOW)? as usize,
            flag_arg("has_up", has_up)?,
            unit_arg(unit)?,
        );
        let draw_cards = ranged("draw_cards", draw_cards, 0, DRAW_CARDS)? as u32;
        let abs = actions_arg(actions, draw_cards)?;
        Ok(Observer { layout, abs })
    }

    /// The length of an observation row (`Layout.size`).
    #[getter]
    fn obs_size(&self) -> usize {
        self.layout.size()
    }

    /// The length of a mask row (`Actions.size(game)`).
    #[getter]
    fn mask_size(&self) -> usize {
        self.abs.size()
    }

    /// The sections as (name, offset, size): `Layout.fields`.
    #[getter]
    fn fields(&self) -> Vec<(&'static str, usize, usize)> {
        self.layout.fields()
    }

    /// Seat `me`'s observation of `hand` into `obs`, the actor's mask into
    /// `mask` (see `_observe`).
    #[pyo3(signature = (hand, me, obs, mask, game=None, /))]
    fn fill(
        &self,
        hand: &Bound<'_, PyAny>,
        me: &Bound<'_, PyAny>,
        obs: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        game: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        fill(self, hand, me, obs, mask, game)
    }
}

/// Seat `me`'s observation of the `Hand` `hand` into the float32 row `obs`
/// (`observer.obs_size` entries) and the actor's mask into the bool row
/// `mask` (`observer.mask_size`): 1-d, C-contiguous, writable numpy arrays.
/// With `game`, a hand of another game (neither `game` nor equal to it) is
/// refused first.
#[pyfunction]
#[pyo3(signature = (observer, hand, me, obs, mask, game=None, /))]
pub fn _observe(
    observer: &Bound<'_, Observer>,
    hand: &Bound<'_, PyAny>,
    me: &Bound<'_, PyAny>,
    obs: &Bound<'_, PyAny>,
    mask: &Bound<'_, PyAny>,
    game: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    fill(observer.get(), hand, me, obs, mask, game)
}

/// `hoyle._hand_view.view`: a hand's fields as one tuple, in the order of
/// [`HAND_VIEW_FIELDS`] (indexed by the positions in [`view`]).
static VIEW: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
/// `hoyle._hand_view.draw_view`: the fields of [`HAND_DRAW_FIELDS`].
static DRAW_VIEW: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// `hand`'s fields by `getter` (`VIEW` or `DRAW_VIEW`, imported once), a
/// tuple of `len` entries; a `TypeError` when `hand` is no hoyle `Hand`.
fn fields_of<'py>(
    hand: &Bound<'py, PyAny>,
    getter: &PyOnceLock<Py<PyAny>>,
    name: &str,
    len: usize,
) -> PyResult<Bound<'py, PyTuple>> {
    let py = hand.py();
    let values = getter
        .import(py, "hoyle._hand_view", name)?
        .call1((hand,))
        .map_err(|e| {
            if e.is_instance_of::<PyAttributeError>(py) {
                PyTypeError::new_err(format!(
                    "hand must be a hoyle Hand, got {}",
                    type_name(hand)
                ))
            } else {
                e
            }
        })?;
    match values.cast_into::<PyTuple>() {
        Ok(t) if t.len() == len => Ok(t),
        _ => Err(game_error(format!(
            "hoyle._hand_view.{name} must give a tuple of {len} fields"
        ))),
    }
}

/// The hand's fields, read and checked, in fixed buffers.
struct Fields {
    n: usize,
    stacks: [u64; SEATS],
    bets: [u64; SEATS],
    contrib: [u64; SEATS],
    folded: [bool; SEATS],
    hole: Cards,
    board: Cards,
    /// Every seat's up cards, one after another; `up_end[s]` ends seat s's.
    up: Vec<u8>,
    up_end: [usize; SEATS],
    history: Vec<Record>,
    street: usize,
    button: usize,
    phase: u8,
    actor: Option<usize>,
}

/// Up to [`CARDS`] card ids.
struct Cards {
    ids: [u8; CARDS],
    len: usize,
}

impl Cards {
    fn slice(&self) -> &[u8] {
        &self.ids[..self.len]
    }
}

/// A bad value of the view's field `f` (a [`view`] position), named as
/// the hand's attribute.
fn field_error(f: usize, why: impl std::fmt::Display) -> PyErr {
    named_error(&format!("_{}", HAND_VIEW_FIELDS[f]), why)
}

fn named_error(name: &str, why: impl std::fmt::Display) -> PyErr {
    game_error(format!("the hand's {name} {why}"))
}

/// A hand's view: the items of the tuple `view(hand)` (a [`view`] position
/// indexes it).
type Seen<'a, 'py> = &'a [Bound<'py, PyAny>];

/// Field `f` as a list of `n` entries (`n` None: any length).
fn list_of<'a, 'py>(
    v: Seen<'a, 'py>,
    f: usize,
    n: Option<usize>,
) -> PyResult<&'a Bound<'py, PyList>> {
    let list = v[f]
        .cast::<PyList>()
        .map_err(|e| field_error(f, format!("is not a list: {e}")))?;
    if let Some(n) = n {
        if list.len() != n {
            return Err(field_error(
                f,
                format!("has {} entries for {n} seats", list.len()),
            ));
        }
    }
    Ok(list)
}

/// Field `f`: one chip count per seat into `out`.
fn chips(v: Seen<'_, '_>, f: usize, out: &mut [u64]) -> PyResult<()> {
    let list = list_of(v, f, Some(out.len()))?;
    for (slot, item) in out.iter_mut().zip(list.iter()) {
        *slot = item.extract::<u64>().map_err(|_| {
            field_error(f, format!("holds {item:.40}, not a chip count 0..2**64-1"))
        })?;
    }
    Ok(())
}

/// A list of card ids (from the view's field `f`), each in the deck.
fn cards_of(layout: &Layout, f: usize, obj: &Bound<'_, PyAny>, out: &mut [u8]) -> PyResult<usize> {
    let list = obj
        .cast::<PyList>()
        .map_err(|_| field_error(f, format!("is a {}, not a list", type_name(obj))))?;
    if list.len() > out.len() {
        return Err(field_error(f, format!("holds {} cards", list.len())));
    }
    for (slot, item) in out.iter_mut().zip(list.iter()) {
        let id = item
            .extract::<u8>()
            .ok()
            .filter(|&c| layout.position(c).is_some());
        *slot = id.ok_or_else(|| {
            field_error(
                f,
                format!("holds {item:.40}, not a card of the game's deck"),
            )
        })?;
    }
    Ok(list.len())
}

/// A small int field (a seat, a street, a phase) below `bound`.
fn small(v: Seen<'_, '_>, f: usize, bound: usize) -> PyResult<usize> {
    let value = &v[f];
    match value.extract::<usize>() {
        Ok(x) if x < bound => Ok(x),
        _ => Err(field_error(
            f,
            format!("is {value:.40}, not 0..{}", bound - 1),
        )),
    }
}

/// The last `window` records of the hand's history into `out`.
fn history(v: Seen<'_, '_>, n: usize, window: usize, out: &mut Vec<Record>) -> PyResult<()> {
    let list = list_of(v, view::HISTORY, None)?;
    let len = list.len();
    out.reserve(len.min(window));
    for item in list.iter().skip(len.saturating_sub(window)) {
        let bad = || field_error(view::HISTORY, format!("holds {item:.60}, not a record"));
        let t = item.cast::<PyTuple>().map_err(|_| bad())?.as_slice();
        if t.len() < 5 {
            return Err(bad());
        }
        let seat = t[1].extract::<usize>().ok().filter(|&s| s < n);
        let kind = t[2]
            .cast::<PyString>()
            .ok()
            .and_then(|k| kind_of(k.to_str().ok()?));
        let amount = t[3].extract::<u64>().ok();
        let (Some(seat), Some(kind), Some(amount)) = (seat, kind, amount) else {
            return Err(bad());
        };
        let drawn = if kind == kind::DRAW {
            t[4].extract::<u8>().map_err(|_| bad())?
        } else {
            0
        };
        out.push(Record {
            seat: seat as u8,
            kind,
            amount,
            drawn,
        });
    }
    Ok(())
}

impl Fields {
    /// Empty fields for `n` seats.
    fn new(n: usize) -> Fields {
        Fields {
            n,
            stacks: [0; SEATS],
            bets: [0; SEATS],
            contrib: [0; SEATS],
            folded: [false; SEATS],
            hole: Cards {
                ids: [0; CARDS],
                len: 0,
            },
            board: Cards {
                ids: [0; CARDS],
                len: 0,
            },
            up: Vec::new(),
            up_end: [0; SEATS],
            history: Vec::new(),
            street: 0,
            button: 0,
            phase: 0,
            actor: None,
        }
    }

    /// The hand's fields from its view `v` (its cards aside: `read_cards`),
    /// checked.
    fn read(&mut self, layout: &Layout, v: Seen<'_, '_>) -> PyResult<()> {
        let n = self.n;
        let seats = &v[view::N];
        if seats.extract::<usize>().ok() != Some(n) {
            return Err(game_error(format!(
                "the hand has {seats:.40} seats, the observer {n}"
            )));
        }
        self.street = small(v, view::STREET, layout.streets + 1)?;
        self.button = small(v, view::BUTTON, n)?;
        self.phase = small(v, view::PHASE, PHASES.len())? as u8;
        chips(v, view::STACKS, &mut self.stacks[..n])?;
        chips(v, view::BETS, &mut self.bets[..n])?;
        chips(v, view::CONTRIB, &mut self.contrib[..n])?;
        let folded = list_of(v, view::FOLDED, Some(n))?;
        for (slot, item) in self.folded[..n].iter_mut().zip(folded.iter()) {
            *slot = item
                .extract::<bool>()
                .map_err(|_| field_error(view::FOLDED, format!("holds {item:.40}, not a bool")))?;
        }
        self.board.len = cards_of(layout, view::BOARD, &v[view::BOARD], &mut self.board.ids)?;
        if !v[view::ACTOR].is_none() {
            self.actor = Some(small(v, view::ACTOR, n)?);
        }
        if self.phase != phase::OVER && self.actor.is_none() {
            return Err(field_error(
                view::ACTOR,
                "is None in a hand that is not over",
            ));
        }
        history(v, n, layout.window, &mut self.history)
    }

    /// `me`'s hole cards and, with up cards, every seat's up cards.
    fn read_cards(&mut self, layout: &Layout, v: Seen<'_, '_>, me: usize) -> PyResult<()> {
        let cards = list_of(v, view::CARDS, Some(self.n))?;
        self.hole.len = cards_of(
            layout,
            view::CARDS,
            &cards.get_item(me)?,
            &mut self.hole.ids,
        )?;
        if layout.has_up {
            let up = list_of(v, view::UP, Some(self.n))?;
            let mut buffer = [0u8; CARDS];
            for s in 0..self.n {
                let len = cards_of(layout, view::UP, &up.get_item(s)?, &mut buffer)?;
                self.up.extend_from_slice(&buffer[..len]);
                self.up_end[s] = self.up.len();
            }
        }
        Ok(())
    }
}

/// The actor's decision: its `Legal` (betting), or the street's draw
/// limits and the cards left (drawing). `hole` receives the actor's cards.
fn decision<'a>(
    layout: &Layout,
    hand: &Bound<'_, PyAny>,
    v: Seen<'_, '_>,
    f: &Fields,
    hole: &'a mut Cards,
) -> PyResult<Decision<'a>> {
    let py = hand.py();
    let n = f.n;
    let bet = f.bets[..n].iter().copied().max().unwrap_or(0);
    let pot = f.contrib[..n]
        .iter()
        .try_fold(0u64, |a, &c| a.checked_add(c))
        .ok_or_else(|| field_error(view::CONTRIB, "adds up to more than 2**64 - 1 chips"))?;
    let mut d = Decision {
        over: f.phase == phase::OVER,
        drawing: f.phase == phase::DRAWING,
        can_fold: false,
        can_check: false,
        call_amount: 0,
        raise: None,
        bet,
        pot,
        call_full: 0,
        unit: layout.unit,
        draw_limit: 0,
        draw_ace_limit: None,
        hole: &[],
        cards_left: 0,
    };
    let Some(p) = f.actor.filter(|_| !d.over) else {
        d.over = true;
        return Ok(d);
    };
    d.call_full = bet - f.bets[p];
    if d.drawing {
        let cards = list_of(v, view::CARDS, Some(n))?;
        hole.len = cards_of(layout, view::CARDS, &cards.get_item(p)?, &mut hole.ids)?;
        if f.street >= layout.streets {
            return Err(field_error(
                view::STREET,
                "is past the last street while drawing",
            ));
        }
        let drawing = fields_of(hand, &DRAW_VIEW, "draw_view", HAND_DRAW_FIELDS.len())?;
        let drawing = drawing.as_slice();
        let street = drawing[draw_view::PLAN]
            .getattr(intern!(py, "streets"))?
            .get_item(f.street)?;
        let limit = |name: &Bound<'_, PyString>| -> PyResult<Option<u32>> {
            let v = street.getattr(name)?;
            if v.is_none() {
                return Ok(None);
            }
            v.extract::<u32>()
                .map(Some)
                .map_err(|_| named_error("street's draw", format!("is {v:.40}")))
        };
        d.draw_limit = limit(intern!(py, "draw"))?.unwrap_or(0);
        d.draw_ace_limit = limit(intern!(py, "draw_ace"))?;
        d.cards_left = drawing[draw_view::DECK].len()? + drawing[draw_view::DISCARDS].len()?;
        d.hole = hole.slice();
        return Ok(d);
    }
    let asked; // `legal` worked out now, when the view holds no cached one
    let mut legal = &v[view::LEGAL];
    if legal.is_none() {
        asked = hand.getattr(intern!(py, "legal"))?;
        legal = &asked;
    }
    let bad = || named_error("legal", format!("is {legal:.80}, not a Legal"));
    let t = legal.cast::<PyTuple>().map_err(|_| bad())?.as_slice();
    if t.len() < 5 {
        return Err(bad());
    }
    d.can_fold = t[0].extract::<bool>().map_err(|_| bad())?;
    d.can_check = t[1].extract::<bool>().map_err(|_| bad())?;
    d.call_amount = t[2].extract::<u64>().map_err(|_| bad())?;
    let (lo, hi) = (&t[3], &t[4]);
    if !lo.is_none() {
        d.raise = Some((
            lo.extract::<u64>().map_err(|_| bad())?,
            hi.extract::<u64>().map_err(|_| bad())?,
        ));
    }
    Ok(d)
}

/// A 1-d, C-contiguous numpy row of `len` entries of `T`.
fn row<'a, 'py, T: numpy::Element>(
    what: &str,
    dtype: &str,
    obj: &'a Bound<'py, PyAny>,
    len: usize,
) -> PyResult<&'a Bound<'py, PyArray1<T>>> {
    let array = obj.cast::<PyArray1<T>>().map_err(|_| {
        let got = match (obj.getattr("dtype"), obj.getattr("shape")) {
            (Ok(dtype), Ok(shape)) => format!("an array of dtype {dtype} and shape {shape}"),
            _ => format!("a {}", type_name(obj)),
        };
        PyTypeError::new_err(format!(
            "{what} must be a 1-d numpy array of dtype {dtype}, got {got}"
        ))
    })?;
    if array.len() != len {
        return Err(game_error(format!(
            "{what} must have {len} entries, got {}",
            array.len()
        )));
    }
    if !array.is_c_contiguous() {
        return Err(game_error(format!(
            "{what} must be C-contiguous (a row of a C-ordered array), got strides {:?}",
            array.strides()
        )));
    }
    Ok(array)
}

/// The row borrowed through rust-numpy's tracking (refused while in use).
fn tracked<'py, T: numpy::Element>(
    what: &str,
    array: &Bound<'py, PyArray1<T>>,
) -> PyResult<numpy::PyReadwriteArray1<'py, T>> {
    array
        .try_readwrite()
        .map_err(|e| game_error(format!("{what} must be writable and not in use: {e}")))
}

/// The bytes a row spans.
fn span<T: numpy::Element>(array: &Bound<'_, PyArray1<T>>) -> std::ops::Range<usize> {
    let start = array.data() as usize;
    start..start + array.len() * std::mem::size_of::<T>()
}

fn fill(
    ob: &Observer,
    hand: &Bound<'_, PyAny>,
    me: &Bound<'_, PyAny>,
    obs: &Bound<'_, PyAny>,
    mask_out: &Bound<'_, PyAny>,
    game: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    let layout = &ob.layout;
    let seen = fields_of(hand, &VIEW, "view", HAND_VIEW_FIELDS.len())?;
    let v = seen.as_slice();
    if let Some(game) = game {
        let theirs = &v[view::GAME];
        if !theirs.is(game) && !theirs.eq(game)? {
            return Err(game_error(format!(
                "this layout is for {} with {} seats, not {}",
                game.getattr(intern!(hand.py(), "name"))?,
                layout.seats,
                hand.repr()?
            )));
        }
    }
    let me = ranged("me", me, 0, layout.seats as i64 - 1)? as usize;
    let mut f = Fields::new(layout.seats);
    f.read(layout, v)?;
    f.read_cards(layout, v, me)?;
    let mut actor_hole = Cards {
        ids: [0; CARDS],
        len: 0,
    };
    let d = decision(layout, hand, v, &f, &mut actor_hole)?;
    let obs = row::<f32>("obs", "float32", obs, layout.size())?;
    let mask_out = row::<bool>("mask", "bool", mask_out, ob.abs.size())?;
    let (a, b) = (span(obs), span(mask_out));
    if a.start < b.end && b.start < a.end {
        return Err(game_error("obs and mask must not share memory".into()));
    }
    let n = f.n;
    let mut up: [&[u8]; SEATS] = [&[]; SEATS];
    if layout.has_up {
        let mut start = 0;
        for (s, slot) in up[..n].iter_mut().enumerate() {
            *slot = &f.up[start..f.up_end[s]];
            start = f.up_end[s];
        }
    }
    let view = View {
        me,
        button: f.button,
        // once over the street is cleared (a hand won by folds keeps its
        // `_street`)
        street: if f.phase == phase::OVER {
            layout.streets
        } else {
            f.street
        },
        drawing: f.phase == phase::DRAWING,
        hole: f.hole.slice(),
        board: f.board.slice(),
        up: &up[..n],
        stacks: &f.stacks[..n],
        bets: &f.bets[..n],
        contrib: &f.contrib[..n],
        folded: &f.folded[..n],
        history: &f.history,
    };
    // SAFETY: no Python code runs and nothing else refers to either row
    // until both are written (every field was read above); they do not
    // overlap (checked above).
    if let (Some(o), Some(m)) = unsafe { (fast::row_mut(obs), fast::row_mut(mask_out)) } {
        encode(layout, &view, o);
        mask(&ob.abs, &d, m);
        return Ok(());
    }
    let (mut o, mut m) = (tracked("obs", obs)?, tracked("mask", mask_out)?);
    encode(layout, &view, o.as_slice_mut()?);
    mask(&ob.abs, &d, m.as_slice_mut()?);
    Ok(())
}
