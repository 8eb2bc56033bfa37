//! `hoyle.Card` and the conversion of anything card-like to ids.

use super::args::card_id;
use super::display;
use crate::cards::{self, JOKER, JOKER2};
use crate::error::Error;
use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple};

/// Adds the constants the core shares with Python, so that Python defines
/// none of them again: `RANKS` and `SUITS`, the characters of rank and suit
/// numbers (`RANKS[card.rank] + SUITS[card.suit]` is a card's name),
/// `MAX_SEATS`, the most seats a hand may have, and `MAX_CHIPS`, the most
/// chips a hand may hold in all (2**64 - 1: settlement counts in `u64`),
/// settlement's limits.
pub fn add_shared_constants(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let text = |chars: &[u8]| chars.iter().map(|&c| c as char).collect::<String>();
    m.add("RANKS", text(cards::RANK_CHARS))?;
    m.add("SUITS", text(cards::SUIT_CHARS))?;
    m.add("MAX_SEATS", crate::settle::MAX_SEATS)?;
    m.add("MAX_CHIPS", crate::settle::MAX_CHIPS)?;
    Ok(())
}

/// A playing card: `id = 4·rank + suit` (2c = 0 ... As = 51), jokers 52 and
/// 53 written `Xx`.
///
/// >>> from hoyle import Card
/// >>> Card("As").id, Card(0), str(Card(51))
/// (51, Card('2c'), 'As')
/// >>> Card("Kd") < Card("As")
/// True
#[pyclass(frozen, eq, ord, hash, module = "hoyle", name = "Card")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    pub id: u8,
}

#[pymethods]
impl Card {
    #[new]
    fn new(card: &Bound<'_, PyAny>) -> PyResult<Self> {
        if card.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(
                "a Card is made from text like \"As\", an id 0..=53 or a Card, not a bool",
            ));
        }
        let ids = to_ids(card)?;
        match ids.as_slice() {
            [id] => Ok(Card { id: *id }),
            _ => Err(Error::HandSize {
                what: "a Card",
                got: ids.len(),
                allowed: "give exactly one card, like \"As\" or 51",
            }
            .into()),
        }
    }

    /// The card id, 0..=53.
    #[getter]
    fn id(&self) -> u8 {
        self.id
    }

    /// The rank, 0 (deuce) to 12 (ace); None for a joker.
    #[getter]
    fn rank(&self) -> Option<u8> {
        (!cards::is_joker(self.id)).then_some(cards::rank(self.id))
    }

    /// The suit, 0..=3 for c, d, h, s; None for a joker.
    #[getter]
    fn suit(&self) -> Option<u8> {
        (!cards::is_joker(self.id)).then_some(cards::suit(self.id))
    }

    /// Whether this card is a joker.
    #[getter]
    fn is_joker(&self) -> bool {
        cards::is_joker(self.id)
    }

    fn __index__(&self) -> u8 {
        self.id
    }

    fn __str__(&self) -> String {
        cards::name(self.id)
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", cards::name(self.id))
    }

    /// HTML for Jupyter: the rank and the suit symbol, red or black.
    fn _repr_html_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        display::show(slf.as_any(), "card_html")
    }

    /// The card for the rich library: its face, red or black on white.
    fn __rich__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        display::show(slf.as_any(), "card_rich")
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u8,))> {
        Ok((slf.get_type().into_any(), (slf.get().id,)))
    }
}

/// Stands, while cards are read, for a joker written as text: it takes a
/// joker id no card given as an id holds ([`name_text_jokers`]).
const TEXT_JOKER: u8 = u8::MAX;

/// Appends the ids of one item: an int, a Card, or text of one or more
/// cards (a joker written as text is [`TEXT_JOKER`]).
fn push_item(item: &Bound<'_, PyAny>, out: &mut Vec<u8>) -> PyResult<()> {
    if let Ok(card) = item.cast::<Card>() {
        out.push(card.get().id);
    } else if let Ok(text) = item.cast::<PyString>() {
        // A lone surrogate cannot be UTF-8: no card's name holds one.
        let text = text.to_cow().map_err(|_| Error::UnknownCard {
            token: text.to_string_lossy().into_owned(),
        })?;
        for id in cards::parse_text(&text)? {
            out.push(if cards::is_joker(id) { TEXT_JOKER } else { id });
        }
    } else if item.is_instance_of::<PyInt>() || item.hasattr(intern!(item.py(), "__index__"))? {
        out.push(card_id(item)?);
    } else {
        return Err(Error::UnknownCard {
            token: item.repr().map(|r| r.to_string()).unwrap_or_default(),
        }
        .into());
    }
    Ok(())
}

/// Gives each joker written as text a joker id (52, then 53) that no card
/// given as an id or a `Card` holds, so text jokers never clash with each
/// other or with an explicit joker; a third joker is left a duplicate.
pub fn name_text_jokers(ids: &mut [u8]) {
    if !ids.contains(&TEXT_JOKER) {
        return;
    }
    let mut used = [ids.contains(&JOKER), ids.contains(&JOKER2)];
    for id in ids.iter_mut().filter(|id| **id == TEXT_JOKER) {
        *id = match used {
            [false, _] => {
                used[0] = true;
                JOKER
            }
            [true, false] => {
                used[1] = true;
                JOKER2
            }
            [true, true] => JOKER,
        };
    }
}

/// Appends the ids of `obj` (text `"AsKd"`, `"As Kd"`, a Card, an id, or
/// a sequence of them) to `out`, text jokers as [`TEXT_JOKER`]: the caller
/// names them with [`name_text_jokers`] once everything is read.
pub fn read_ids(obj: &Bound<'_, PyAny>, out: &mut Vec<u8>) -> PyResult<()> {
    if obj.is_instance_of::<PyString>()
        || obj.is_instance_of::<Card>()
        || obj.is_instance_of::<PyInt>()
    {
        return push_item(obj, out);
    }
    if let Ok(t) = obj.cast_exact::<PyTuple>() {
        for item in t.iter() {
            push_item(&item, out)?;
            check_read(out)?;
        }
        return Ok(());
    }
    let iter = match obj.try_iter() {
        Ok(iter) => iter,
        // A numpy integer (or a 0-d array): one id.
        Err(_) if obj.hasattr(intern!(obj.py(), "__index__"))? => return push_item(obj, out),
        Err(_) => {
            return Err(Error::UnknownCard {
                token: obj.repr().map(|r| r.to_string()).unwrap_or_default(),
            }
            .into())
        }
    };
    for item in iter {
        push_item(&item?, out)?;
        // An endless iterator stops here, not never.
        check_read(out)?;
    }
    Ok(())
}

/// The most cards read from one argument: a deck with both jokers.
const MOST_CARDS: usize = 54;

fn check_read(out: &[u8]) -> PyResult<()> {
    if out.len() > MOST_CARDS {
        return Err(Error::HandSize {
            what: "the cards given",
            got: out.len(),
            allowed: "more than a whole deck with two jokers (54); reading stopped there",
        }
        .into());
    }
    Ok(())
}

/// Card ids from text (`"AsKd"`, `"As Kd"`), or a sequence of strings,
/// Cards or ids. Range is checked here; duplicates by the caller.
pub fn to_ids(obj: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let mut out = Vec::with_capacity(8);
    read_ids(obj, &mut out)?;
    name_text_jokers(&mut out);
    Ok(out)
}

/// Parses cards from text (`"AsKd"`, `"As Kd"`), or a sequence of strings,
/// Cards or integer ids, into a tuple of Cards. Two jokers in one hand are
/// both written `Xx`. Unknown tokens, ids out of range and duplicate cards
/// raise a `hoyle.errors.CardError`.
///
/// >>> from hoyle import parse_cards
/// >>> parse_cards("As Kd")
/// (Card('As'), Card('Kd'))
/// >>> parse_cards(["Th", 0, "Xx"])
/// (Card('Th'), Card('2c'), Card('Xx'))
#[pyfunction]
pub fn parse_cards<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyTuple>> {
    let ids = to_ids(cards)?;
    cards::check_distinct(&ids)?;
    PyTuple::new(py, ids.into_iter().map(|id| Card { id }))
}
