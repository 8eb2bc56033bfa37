//! `hoyle.HandRules`, `hoyle.LowRank`, `evaluate_low` and
//! `evaluate_low_batch`; `eval.rs` reads hands under these rules.

use super::args::{int_arg, remake, run_batch, threads_of, type_name};
use super::cards::{name_text_jokers, read_ids, Card};
use crate::cards::{self, RANK_CHARS};
use crate::error::Error;
use crate::eval::low::{self, LowEvaluator, LowPlayed};
use crate::eval::rules::{Low, Rules, RulesText};
use crate::eval::rules_batch;
use crate::eval::wild::HighEvaluator;
use numpy::PyArray1;
use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyString, PyTuple};
use std::sync::OnceLock;

/// Hand rules: wild cards, jokers (wild or the bug), the four-flush, a low
/// ranking and its qualifier, Omaha's exact number of hole cards, and
/// short-deck hold'em's ranking (docs/rules.md §2–4). Frozen and keyword-only; checked once when made, so
/// evaluating with rules never re-reads them. Bad values or combinations
/// raise `hoyle.errors.RulesError` (a `ValueError`).
///
/// >>> from hoyle import HandRules, evaluate
/// >>> deuces = HandRules(wild_ranks="2")
/// >>> str(evaluate("Ah Kh 9h 5h 2c", rules=deuces))
/// 'Flush, Ace High'
/// >>> [str(c) for c in evaluate("Ah Kh 9h 5h 2c", rules=deuces).best_five]
/// ['Ah', 'Kh', 'Qh', '9h', '5h']
/// >>> str(evaluate("As Ad Ac Ah 2c", rules=deuces))
/// 'Five of a Kind, Aces'
///
/// ``short_deck`` ranks short-deck hold'em's hands, 6 to ace only: a flush
/// beats a full house, A-6-7-8-9 is the lowest straight, and
/// ``"straight-beats-trips"`` or ``"trips-beat-straight"`` says which of
/// those two is the higher.
///
/// >>> short = HandRules(short_deck="straight-beats-trips")
/// >>> evaluate("Ah Jh 9h 7h 6h", rules=short) > evaluate("As Ad Ac Kh Kd", rules=short)
/// True
/// >>> str(evaluate("As 6d 7c 8h 9d", rules=short))
/// 'Straight, Nine High'
#[pyclass(frozen, module = "hoyle", name = "HandRules")]
pub struct HandRules {
    wild_ranks: String,
    wild_cards: String,
    jokers: Option<String>,
    bug_fills_flush: bool,
    four_flush: bool,
    low: Option<String>,
    low_qualifier: Option<i64>,
    hole_cards: Option<i64>,
    short_deck: Option<String>,
    pub prep: HighEvaluator,
    pub low_prep: Option<LowEvaluator>,
}

impl HandRules {
    pub fn rules(&self) -> &Rules {
        &self.prep.rules
    }
}

#[pymethods]
impl HandRules {
    #[new]
    #[pyo3(
        signature = (*, wild_ranks=None, wild_cards=None, jokers=None, bug_fills_flush=false, four_flush=false, low=None, low_qualifier=None, hole_cards=None, short_deck=None),
        text_signature = "(*, wild_ranks='', wild_cards='', jokers=None, bug_fills_flush=False, four_flush=False, low=None, low_qualifier=None, hole_cards=None, short_deck=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        wild_ranks: Option<&Bound<'_, PyAny>>,
        wild_cards: Option<&Bound<'_, PyAny>>,
        jokers: Option<&Bound<'_, PyAny>>,
        bug_fills_flush: bool,
        four_flush: bool,
        low: Option<&Bound<'_, PyAny>>,
        low_qualifier: Option<&Bound<'_, PyAny>>,
        hole_cards: Option<&Bound<'_, PyAny>>,
        short_deck: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let wild_ranks = rule_text("wild_ranks", wild_ranks)?.unwrap_or_default();
        let wild_cards = rule_text("wild_cards", wild_cards)?.unwrap_or_default();
        let (wild_ranks, wild_cards) = (wild_ranks.as_str(), wild_cards.as_str());
        let jokers = rule_text("jokers", jokers)?;
        let low = rule_text("low", low)?;
        let short_deck = rule_text("short_deck", short_deck)?;
        let (jokers, low) = (jokers.as_deref(), low.as_deref());
        let low_qualifier = rule_int(
            "low_qualifier",
            low_qualifier,
            "5..=13 (8 = eight or better)",
        )?;
        let hole_cards = rule_int("hole_cards", hole_cards, "1..=4 (2 for Omaha)")?;
        let rules = Rules::new(&RulesText {
            wild_ranks,
            wild_cards,
            jokers,
            bug_fills_flush,
            four_flush,
            low,
            low_qualifier,
            hole_cards,
            short_deck: short_deck.as_deref(),
        })?;
        Ok(HandRules {
            wild_ranks: wild_ranks.to_string(),
            wild_cards: wild_cards.to_string(),
            jokers: jokers.map(str::to_string),
            bug_fills_flush,
            four_flush,
            low: low.map(str::to_string),
            low_qualifier,
            hole_cards,
            short_deck,
            prep: HighEvaluator::new(rules),
            low_prep: LowEvaluator::new(rules),
        })
    }

    /// Ranks that are wild, e.g. "2" for deuces wild.
    #[getter]
    fn wild_ranks(&self) -> &str {
        &self.wild_ranks
    }
    /// Particular wild cards, e.g. "JsJh" for one-eyed jacks.
    #[getter]
    fn wild_cards(&self) -> &str {
        &self.wild_cards
    }
    /// "wild", "bug" or None (no jokers).
    #[getter]
    fn jokers(&self) -> Option<&str> {
        self.jokers.as_deref()
    }
    /// Whether the bug may fill a plain flush.
    #[getter]
    fn bug_fills_flush(&self) -> bool {
        self.bug_fills_flush
    }
    /// Whether a four-flush beats one pair and loses to two pair.
    #[getter]
    fn four_flush(&self) -> bool {
        self.four_flush
    }
    /// The low ranking, or None.
    #[getter]
    fn low(&self) -> Option<&str> {
        self.low.as_deref()
    }
    /// The highest card of a qualifying ace-to-five low (8 = eight or better).
    #[getter]
    fn low_qualifier(&self) -> Option<i64> {
        self.low_qualifier
    }
    /// Exactly this many hole cards play (2 = Omaha), or None.
    #[getter]
    fn hole_cards(&self) -> Option<i64> {
        self.hole_cards
    }
    /// Short-deck hold'em's ranking: "straight-beats-trips",
    /// "trips-beat-straight", or None.
    #[getter]
    fn short_deck(&self) -> Option<&str> {
        self.short_deck.as_deref()
    }
    /// Whether these are natural rules: high hands rank as plain
    /// `evaluate` ranks them (no wild card, joker, four-flush or fixed
    /// number of hole cards); a low ranking may be set.
    ///
    /// >>> from hoyle import HandRules
    /// >>> HandRules(low="ace-to-five", low_qualifier=8).is_natural
    /// True
    /// >>> HandRules(hole_cards=2).is_natural
    /// False
    #[getter]
    fn is_natural(&self) -> bool {
        self.rules().is_natural()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<HandRules>()
            .is_ok_and(|o| o.get().prep.rules == self.prep.rules)
    }

    /// Pickles as `functools.partial(HandRules, **fields)()`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, ())> {
        let py = slf.py();
        let r = slf.get();
        let fields = pyo3::types::PyDict::new(py);
        fields.set_item("wild_ranks", &r.wild_ranks)?;
        fields.set_item("wild_cards", &r.wild_cards)?;
        fields.set_item("jokers", r.jokers.as_deref())?;
        fields.set_item("bug_fills_flush", r.bug_fills_flush)?;
        fields.set_item("four_flush", r.four_flush)?;
        fields.set_item("low", r.low.as_deref())?;
        fields.set_item("low_qualifier", r.low_qualifier)?;
        fields.set_item("hole_cards", r.hole_cards)?;
        if let Some(s) = &r.short_deck {
            // (only when set: a pickle of these rules reads in an older hoyle)
            fields.set_item("short_deck", s)?;
        }
        let partial = py
            .import("functools")?
            .getattr("partial")?
            .call((slf.get_type(),), Some(&fields))?;
        Ok((partial, ()))
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.prep.rules.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        // Texts as Python writes them, so that eval(repr(rules)) == rules.
        let text = |t: &str| -> PyResult<String> { Ok(PyString::new(py, t).repr()?.to_string()) };
        let mut parts = Vec::new();
        if !self.wild_ranks.is_empty() {
            parts.push(format!("wild_ranks={}", text(&self.wild_ranks)?));
        }
        if !self.wild_cards.is_empty() {
            parts.push(format!("wild_cards={}", text(&self.wild_cards)?));
        }
        if let Some(j) = &self.jokers {
            parts.push(format!("jokers={}", text(j)?));
        }
        if self.bug_fills_flush {
            parts.push("bug_fills_flush=True".into());
        }
        if self.four_flush {
            parts.push("four_flush=True".into());
        }
        if let Some(l) = &self.low {
            parts.push(format!("low={}", text(l)?));
        }
        if let Some(q) = self.low_qualifier {
            parts.push(format!("low_qualifier={q}"));
        }
        if let Some(h) = self.hole_cards {
            parts.push(format!("hole_cards={h}"));
        }
        if let Some(s) = &self.short_deck {
            parts.push(format!("short_deck={}", text(s)?));
        }
        Ok(format!("HandRules({})", parts.join(", ")))
    }
}

/// An optional text field of `HandRules`: None, or a str (one that cannot
/// be UTF-8, a lone surrogate, is a `RulesError`; a non-str a `TypeError`).
fn rule_text(what: &str, obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let text = obj.cast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!(
            "{what} must be a str or None, got {}",
            type_name(obj)
        ))
    })?;
    match text.to_cow() {
        Ok(t) => Ok(Some(t.into_owned())),
        Err(_) => Err(Error::Rules(format!(
            "{what} is {:?}: it holds a character no rank, card or name has",
            text.to_string_lossy()
        ))
        .into()),
    }
}

/// An optional int field of `HandRules`: None, or an int whose range
/// `Rules::new` checks; one too large for any machine type is a
/// `RulesError` naming `allowed` here.
fn rule_int(what: &str, obj: Option<&Bound<'_, PyAny>>, allowed: &str) -> PyResult<Option<i64>> {
    match obj {
        None => Ok(None),
        Some(o) if o.is_none() => Ok(None),
        Some(o) => match int_arg(what, o)? {
            Ok(v) => Ok(Some(v)),
            Err(text) => Err(Error::Rules(format!("{what} must be {allowed}, got {text}")).into()),
        },
    }
}

/// Ids of cards and board, checked for the rules (counts, ids, duplicates
/// across both, jokers).
pub(super) fn hand_ids(
    rules: &Rules,
    cards: &Bound<'_, PyAny>,
    board: Option<&Bound<'_, PyAny>>,
    low_min: usize,
) -> PyResult<(Vec<u8>, Vec<u8>)> {
    // One read for both, so that jokers written as text take distinct ids
    // (docs/rules.md §1) while an id given twice stays a duplicate.
    let mut all = Vec::with_capacity(8);
    read_ids(cards, &mut all)?;
    let n = all.len();
    if let Some(b) = board {
        read_ids(b, &mut all)?;
    }
    name_text_jokers(&mut all);
    let (hole, board) = (all[..n].to_vec(), all[n..].to_vec());
    rules_batch::check_counts(rules.hole_cards, hole.len(), board.len(), low_min)?;
    rules.check_cards(&all)?;
    Ok((hole, board))
}

/// The prepared form of `rules`, or of the natural rules (prepared once).
pub(super) fn prep_of<'a>(rules: Option<&'a Bound<'_, HandRules>>) -> &'a HighEvaluator {
    static NATURAL: OnceLock<HighEvaluator> = OnceLock::new();
    match rules {
        Some(r) => &r.get().prep,
        None => NATURAL.get_or_init(|| HighEvaluator::new(Rules::default())),
    }
}

fn low_prep(rules: &HandRules) -> PyResult<&LowEvaluator> {
    rules.low_prep.as_ref().ok_or_else(|| {
        Error::Rules(
            "these rules name no low ranking: set low= to \"ace-to-five\", \"deuce-to-seven\", \"ace-to-six\" or \"badugi\"".into(),
        )
        .into()
    })
}

/// The rank of a low hand: `.value` (larger is the better low, so high and
/// low compare the same way), `.ranking`, `.best_cards` (the cards that
/// make it, a wild card shown as what it names), `.held_cards` (the same
/// cards as held) and, as `str()`, its ranks from the highest: "8-6-4-2-A".
///
/// >>> from hoyle import HandRules, evaluate_low
/// >>> razz = HandRules(low="ace-to-five", low_qualifier=8)
/// >>> str(evaluate_low("8c 6d 4h 2s Ac Kd Kh", rules=razz))
/// '8-6-4-2-A'
/// >>> evaluate_low("9c 6d 4h 2s Ac Kd Kh", rules=razz) is None
/// True
#[pyclass(frozen, module = "hoyle", name = "LowRank")]
pub struct LowRank {
    low: Low,
    played: LowPlayed,
    /// The call that makes it again, for pickling.
    hole: Vec<u8>,
    board: Vec<u8>,
    rules: Py<HandRules>,
}

#[pymethods]
impl LowRank {
    /// The value: larger is the better low, equal is a tie.
    #[getter]
    fn value<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        super::fast::int_of(py, self.played.value)
    }

    /// The low ranking ("ace-to-five", "deuce-to-seven", "ace-to-six", "badugi").
    #[getter]
    fn ranking(&self) -> &'static str {
        self.low.name()
    }

    /// The cards that make the low, as they play, highest first.
    #[getter]
    fn best_cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let n = self.played.len as usize;
        PyTuple::new(py, self.played.named[..n].iter().map(|&id| Card { id }))
    }

    /// The same cards as held (a wild card as itself).
    #[getter]
    fn held_cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let n = self.played.len as usize;
        PyTuple::new(py, self.played.held[..n].iter().map(|&id| Card { id }))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<LowRank>() {
            Ok(other) => Ok(op
                .matches(self.played.value.cmp(&other.get().played.value))
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind()),
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn __hash__(&self) -> u64 {
        self.played.value as u64
    }

    /// Pickles as the call that makes it again:
    /// `functools.partial(evaluate_low, board=board, rules=rules)(cards)`.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyTuple>,))> {
        let evaluate_low = py
            .import(intern!(py, "hoyle._core"))?
            .getattr(intern!(py, "evaluate_low"))?;
        let call = remake(
            evaluate_low,
            &self.board,
            Some(self.rules.bind(py).as_any()),
        )?;
        Ok((call, (PyTuple::new(py, &self.hole)?,)))
    }

    fn __str__(&self) -> String {
        let ranks = low::ranks_of(self.low, self.played.value, self.played.len);
        let names: Vec<String> = ranks
            .iter()
            .map(|&r| (RANK_CHARS[r as usize] as char).to_string())
            .collect();
        names.join("-")
    }

    fn __repr__(&self) -> String {
        let n = self.played.len as usize;
        let cards: Vec<String> = self.played.named[..n]
            .iter()
            .map(|&c| cards::name(c))
            .collect();
        format!(
            "<LowRank {} {} ({}) value={}>",
            self.low.name(),
            self.__str__(),
            cards.join(" "),
            self.played.value
        )
    }
}

/// The best low of the cards (with `board`, and Omaha's split when the
/// rules set `hole_cards`) under `rules.low`; None when there is no
/// qualifying low.
///
/// >>> from hoyle import HandRules, evaluate_low
/// >>> str(evaluate_low("As 2d 3h 4c 5s", rules=HandRules(low="ace-to-six")))
/// 'A-5-4-3-2'
#[pyfunction]
#[pyo3(signature = (cards, *, board=None, rules))]
pub fn evaluate_low<'py>(
    cards: &Bound<'py, PyAny>,
    board: Option<&Bound<'py, PyAny>>,
    rules: &Bound<'py, HandRules>,
) -> PyResult<Option<Bound<'py, LowRank>>> {
    let r = rules.get();
    let lp = low_prep(r)?;
    let min = if r.rules().low == Some(Low::Badugi) {
        4
    } else {
        5
    };
    let (hole, board) = hand_ids(r.rules(), cards, board, min)?;
    let Some(played) = lp.play(&hole, &board) else {
        return Ok(None);
    };
    let low = LowRank {
        low: lp.rules.low.unwrap_or(Low::AceToFive),
        played,
        hole,
        board,
        rules: rules.clone().unbind(),
    };
    // Not tracked by the cycle collector (see `fast.rs`).
    Ok(Some(super::fast::untracked(Bound::new(rules.py(), low)?)))
}

/// Low values of every row of `hands` (a C-contiguous `uint8` array of
/// shape `(n, k)`; `board`, if given, `(n, b)`), equal to
/// `evaluate_low(row).value`, and 0 where there is no qualifying low.
/// `out`, if given, is filled and returned instead of a new array, as in
/// `evaluate_batch`: a C-contiguous, writable `uint32` array of shape
/// `(n,)`, left as it was when a row is invalid.
///
/// >>> import numpy as np
/// >>> from hoyle import HandRules, evaluate_low_batch
/// >>> razz = HandRules(low="ace-to-five", low_qualifier=8)
/// >>> hands = np.array([[24, 16, 8, 4, 0, 44, 45], [28, 16, 8, 4, 0, 44, 45]], dtype=np.uint8)
/// >>> out = np.empty(2, dtype=np.uint32)
/// >>> evaluate_low_batch(hands, rules=razz, out=out) is out, int(out[1])
/// (True, 0)
#[pyfunction]
#[pyo3(signature = (hands, *, board=None, rules, threads=None, out=None))]
pub fn evaluate_low_batch<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    board: Option<&Bound<'py, PyAny>>,
    rules: &Bound<'py, HandRules>,
    threads: Option<&Bound<'py, PyAny>>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let lp = low_prep(rules.get())?;
    let threads = threads_of(threads)?;
    run_batch(py, hands, board, threads, out, |h, b, s, o, t| {
        rules_batch::evaluate_low_batch_into(lp, h, b, s, o, t)
    })
}
