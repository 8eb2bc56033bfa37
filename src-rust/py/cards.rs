//! `hoyle.Card` and the conversion of anything card-like to ids.

use crate::cards::{self, JOKER, JOKER2, MAX_ID};
use crate::error::Error;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString, PyTuple};

/// Adds the constants the core shares with Python, so that Python defines
/// none of them again: `RANKS` and `SUITS`, the characters of rank and suit
/// numbers (`RANKS[card.rank] + SUITS[card.suit]` is a card's name), and
/// `MAX_SEATS`, the most seats a hand may have (settlement's limit).
pub fn add_shared_constants(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let text = |chars: &[u8]| chars.iter().map(|&c| c as char).collect::<String>();
    m.add("RANKS", text(cards::RANK_CHARS))?;
    m.add("SUITS", text(cards::SUIT_CHARS))?;
    m.add("MAX_SEATS", crate::settle::MAX_SEATS)?;
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

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u8,))> {
        Ok((slf.get_type().into_any(), (slf.get().id,)))
    }
}

fn id_from_int(value: i64) -> Result<u8, Error> {
    if (0..=MAX_ID as i64).contains(&value) {
        Ok(value as u8)
    } else {
        Err(Error::CardIdOutOfRange { id: value })
    }
}

/// Appends the ids of one item: an int, a Card, or text of one or more cards.
fn push_item(item: &Bound<'_, PyAny>, out: &mut Vec<u8>, text_jokers: &mut u8) -> PyResult<()> {
    if let Ok(card) = item.cast::<Card>() {
        out.push(card.get().id);
    } else if let Ok(text) = item.cast::<PyString>() {
        for id in cards::parse_text(&text.to_cow()?)? {
            if cards::is_joker(id) {
                // Jokers written as text take 52, then 53.
                out.push(if *text_jokers == 0 { JOKER } else { JOKER2 });
                *text_jokers += 1;
            } else {
                out.push(id);
            }
        }
    } else if item.is_instance_of::<PyInt>() || item.hasattr("__index__")? {
        let value: i64 = match item.extract() {
            Ok(v) => v,
            Err(_) => {
                return Err(Error::CardIdOutOfRange { id: i64::MAX }.into());
            }
        };
        out.push(id_from_int(value)?);
    } else {
        return Err(Error::UnknownCard {
            token: item.repr().map(|r| r.to_string()).unwrap_or_default(),
        }
        .into());
    }
    Ok(())
}

/// Card ids from text (`"AsKd"`, `"As Kd"`), or a sequence of strings,
/// Cards or ids. Range is checked here; duplicates by the caller.
pub fn to_ids(obj: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let mut out = Vec::with_capacity(8);
    let mut text_jokers = 0u8;
    if obj.is_instance_of::<PyString>()
        || obj.is_instance_of::<Card>()
        || obj.is_instance_of::<PyInt>()
    {
        push_item(obj, &mut out, &mut text_jokers)?;
        return Ok(out);
    }
    if let Ok(t) = obj.cast_exact::<PyTuple>() {
        for item in t.iter() {
            push_item(&item, &mut out, &mut text_jokers)?;
        }
        return Ok(out);
    }
    let iter = obj.try_iter().map_err(|_| Error::UnknownCard {
        token: obj.repr().map(|r| r.to_string()).unwrap_or_default(),
    })?;
    for item in iter {
        push_item(&item?, &mut out, &mut text_jokers)?;
    }
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
