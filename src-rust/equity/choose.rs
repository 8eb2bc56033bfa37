//! From a game's description to a checked spot and its scorer, and the
//! size of an exact run before it starts: the rules `hoyle.equity` plays
//! by (which scorer a game needs, which deck it deals from, that badugi
//! plays four cards), here where `cargo test` reaches them.

use super::count::Split;
use super::exact::{enumerate_with, estimate, Exact, EXACT_WORK_LIMIT};
use super::interrupt::Interrupt;
use super::monte::{monte_carlo_with, Shards};
use super::score::{HighScorer, OmahaScorer, RuledScorer, Scorer, Scoring, ShowdownShape};
use super::spot::{Combo, Spot, STANDARD_DECK};
use super::Counts;
use crate::error::{Error, Result};
use crate::eval::low::LowEvaluator;
use crate::eval::rules::{Jokers, Low, Rules, SHORT_DECK_CARDS};
use crate::eval::wild::HighEvaluator;

/// A game's hand rules as the equity engine reads them: the high
/// evaluator (which holds the rules) and the low one, when the rules
/// have a low ranking (`hoyle.HandRules`' two halves).
#[derive(Clone, Copy)]
pub struct HandRanking<'a> {
    pub high: &'a HighEvaluator,
    pub low: Option<&'a LowEvaluator>,
}

impl HandRanking<'_> {
    fn rules(&self) -> &Rules {
        &self.high.rules
    }

    fn is_badugi(&self) -> bool {
        self.rules().low == Some(Low::Badugi)
    }
}

/// What a game says about its showdown, for equity (`hoyle.odds.Shape`,
/// or a `Game`'s streets and rules): cards per player and on the board,
/// `hole_cards` when exactly that many must play (0: any), the hand
/// rules, high or low-only, the deck as a mask (`None`: the game's
/// default), and a split game's second half.
#[derive(Clone, Copy)]
pub struct Variant<'a> {
    pub hole: u8,
    pub board: u8,
    pub hole_cards: u8,
    pub rules: Option<HandRanking<'a>>,
    pub high: bool,
    pub deck: Option<u64>,
    pub split: Option<HandRanking<'a>>,
}

impl Variant<'_> {
    /// Texas hold'em: two hole cards, five on the board, no rules.
    pub const HOLDEM: Variant<'static> = Variant {
        hole: 2,
        board: 5,
        hole_cards: 0,
        rules: None,
        high: true,
        deck: None,
        split: None,
    };
}

/// The scorer a spot is scored with. Without rules, or with natural rules
/// and no low, the plain high scorers (and hold'em's fast paths);
/// otherwise the rules score every hand.
pub enum ChosenScorer<'a> {
    High,
    Omaha(u8),
    Ruled(RuledScorer<'a>),
}

impl ChosenScorer<'_> {
    /// One hand's `(high, low)` scores (see [`Scorer::score`]).
    pub fn score(&self, hole: &[u8], board: &[u8]) -> (u32, u32) {
        match self {
            ChosenScorer::High => HighScorer.score(hole, board),
            ChosenScorer::Omaha(h) => OmahaScorer { h: *h }.score(hole, board),
            ChosenScorer::Ruled(r) => r.score(hole, board),
        }
    }

    /// How the pot is split (see [`Scorer::split`]).
    pub fn split(&self) -> Split {
        match self {
            ChosenScorer::High => HighScorer.split(),
            ChosenScorer::Omaha(h) => OmahaScorer { h: *h }.split(),
            ChosenScorer::Ruled(r) => r.split(),
        }
    }

    /// Exact enumeration of `spot` with this scorer (see [`enumerate_with`]).
    pub fn enumerate(&self, spot: &Spot, parallel: bool, stop: &dyn Interrupt) -> Result<Exact> {
        match self {
            ChosenScorer::High => enumerate_with(spot, &HighScorer, parallel, stop),
            ChosenScorer::Omaha(h) => enumerate_with(spot, &OmahaScorer { h: *h }, parallel, stop),
            ChosenScorer::Ruled(r) => enumerate_with(spot, r, parallel, stop),
        }
    }

    /// Monte Carlo shards of `spot` with this scorer (see [`monte_carlo_with`]).
    pub fn monte_carlo(
        &self,
        spot: &Spot,
        seed: u64,
        shards: Shards,
        parallel: bool,
        stop: &dyn Interrupt,
    ) -> Result<Counts> {
        match self {
            ChosenScorer::High => monte_carlo_with(spot, &HighScorer, seed, shards, parallel, stop),
            ChosenScorer::Omaha(h) => {
                let sc = OmahaScorer { h: *h };
                monte_carlo_with(spot, &sc, seed, shards, parallel, stop)
            }
            ChosenScorer::Ruled(r) => monte_carlo_with(spot, r, seed, shards, parallel, stop),
        }
    }
}

fn refuse(reason: &str) -> Error {
    Error::Equity {
        reason: reason.into(),
    }
}

/// The deck a game deals from: short-deck rules deal from the 36 cards
/// six to ace unless told; jokers need rules that make them wild or a bug.
fn deck_of(v: &Variant<'_>) -> Result<u64> {
    let rules = v.rules.as_ref().map(HandRanking::rules);
    let short = rules.is_some_and(|r| r.short_deck.is_some());
    let deck = v.deck.unwrap_or(if short {
        SHORT_DECK_CARDS
    } else {
        STANDARD_DECK
    });
    if short && deck & !SHORT_DECK_CARDS != 0 {
        let card = crate::cards::name((deck & !SHORT_DECK_CARDS).trailing_zeros() as u8);
        return Err(Error::Equity {
            reason: format!(
                "short-deck rules deal from the 36 cards six to ace; the deck holds {card}"
            ),
        });
    }
    let jokers = rules.map_or(Jokers::None, |r| r.jokers);
    if deck & !STANDARD_DECK != 0 && jokers == Jokers::None {
        return Err(Error::JokerNotAllowed {
            context: "a deck with jokers needs hand rules that make them wild or a bug",
        });
    }
    Ok(deck)
}

/// How a game's showdown is scored, and the deck it deals from. `split` is
/// a split game's second half (`Game.split`): the pot's halves go to the
/// best hand under `rules` and `high` and the best low under `split`.
pub fn choose<'a>(v: &Variant<'a>) -> Result<(ShowdownShape, u64, ChosenScorer<'a>)> {
    let deck = deck_of(v)?;
    let plain = v
        .rules
        .is_none_or(|r| r.rules().low.is_none() && r.rules().is_natural_but_split());
    if !v.high && plain {
        return Err(refuse(
            "a low-only game (high=False) needs hand rules with a low ranking",
        ));
    }
    let (scoring, scorer) = match (v.split, v.rules) {
        (Some(second), _) => split_scorer(v.rules, v.high, second)?,
        (None, Some(r)) if !plain => {
            // badugi plays four cards or fewer; any other ranking needs five
            let min = if !v.high && r.is_badugi() { 4 } else { 5 };
            let scoring = Scoring::Ruled {
                hole_cards: r.rules().hole_cards,
                min,
            };
            let scorer = RuledScorer::new(v.high, r.high, r.low)?;
            (scoring, ChosenScorer::Ruled(scorer))
        }
        (None, rules) => {
            let h = rules
                .and_then(|r| r.rules().hole_cards)
                .unwrap_or(v.hole_cards);
            if h == 0 {
                (Scoring::High, ChosenScorer::High)
            } else {
                (Scoring::Omaha(h), ChosenScorer::Omaha(h))
            }
        }
    };
    let shape = ShowdownShape {
        hole: v.hole,
        board: v.board,
        scoring,
    };
    Ok((shape, deck, scorer))
}

/// The scorer of a split game of two rankings: the first half under
/// `rules` (its high hand, or its low ranking when `high` is false), the
/// second under `split`'s low ranking.
fn split_scorer<'a>(
    rules: Option<HandRanking<'a>>,
    high: bool,
    split: HandRanking<'a>,
) -> Result<(Scoring, ChosenScorer<'a>)> {
    let second = split.low.ok_or_else(|| {
        refuse("split names a split game's second half: hand rules with a low ranking")
    })?;
    let r = rules.ok_or_else(|| {
        refuse("a split game needs hand rules for its first half (HandRules() for a natural high)")
    })?;
    if high && r.rules().low.is_some() {
        return Err(refuse(
            "a game splits its pots high-low or by split, not both",
        ));
    }
    let scorer = if high {
        RuledScorer::new(true, r.high, Some(second))?
    } else {
        let first = r.low.ok_or_else(|| {
            refuse("a low-only game (high=False) needs hand rules with a low ranking")
        })?;
        RuledScorer::halves(first, second)
    };
    // badugi plays four cards or fewer; any other ranking needs five
    let min = if !high && r.is_badugi() && split.is_badugi() {
        4
    } else {
        5
    };
    let scoring = Scoring::Ruled {
        hole_cards: r.rules().hole_cards.or(split.rules().hole_cards),
        min,
    };
    Ok((scoring, ChosenScorer::Ruled(scorer)))
}

/// The checked spot of these cards in game `v`, and its scorer: `players`
/// each a list of combos `(card ids, weight)`.
pub fn spot_of<'a>(
    v: &Variant<'a>,
    players: Vec<Vec<(Vec<u8>, f64)>>,
    board: &[u8],
    dead: &[u8],
) -> Result<(Spot, ChosenScorer<'a>)> {
    let (shape, deck, scorer) = choose(v)?;
    let mut ps = Vec::with_capacity(players.len());
    for combos in players {
        let mut cs = Vec::with_capacity(combos.len());
        for (cards, w) in combos {
            cs.push(Combo::new(&cards, w)?);
        }
        ps.push(cs);
    }
    Ok((Spot::with_deck(shape, ps, board, dead, deck)?, scorer))
}

/// Hand evaluations per second per thread, roughly: the hold'em path, and
/// the others (stud, Omaha, hand rules), for the time in a refusal.
const FAST_RATE: f64 = 5e8;
const SLOW_RATE: f64 = 2e7;

/// A count for a message: exact below a million, else like `7.5e15`.
fn approx(x: f64) -> String {
    if x < 1e6 {
        format!("{x:.0}")
    } else {
        format!("{x:.2e}")
    }
}

/// Seconds in words, roughly.
fn duration(secs: f64) -> String {
    const UNITS: [(f64, &str); 5] = [
        (365.25 * 86400.0, "years"),
        (86400.0, "days"),
        (3600.0, "hours"),
        (60.0, "minutes"),
        (1.0, "seconds"),
    ];
    for (size, name) in UNITS {
        if secs >= size {
            return format!("{} {name}", approx((secs / size).round()));
        }
    }
    "under a second".into()
}

/// Refuses an exact run of more than [`EXACT_WORK_LIMIT`] evaluations,
/// with its size and a rough time on `threads` threads (`None`: the
/// shared pool), before anything starts.
pub fn check_exact_work(
    spot: &Spot,
    scorer: &ChosenScorer<'_>,
    threads: Option<usize>,
) -> Result<()> {
    let e = estimate(spot);
    if e.evaluations <= EXACT_WORK_LIMIT {
        return Ok(());
    }
    let fast =
        matches!(scorer, ChosenScorer::High) && spot.shape.is_holdem() && spot.standard_deck();
    let threads = threads.unwrap_or_else(rayon::current_num_threads).max(1);
    let rate = if fast { FAST_RATE } else { SLOW_RATE } * threads as f64;
    Err(Error::Equity {
        reason: format!(
            "exact enumeration is too large: {}{} joint holdings x {} deals each x {} players = {} hand evaluations (roughly {} on {threads} thread(s)); the limit is {:.0e} (hoyle.odds.EXACT_WORK_LIMIT). Use Monte Carlo (exact=False or trials=N) or narrower ranges",
            if e.counted { "" } else { "about " },
            approx(e.joints),
            approx(e.deals),
            spot.players.len(),
            approx(e.evaluations),
            duration(e.evaluations / rate),
            EXACT_WORK_LIMIT,
        ),
    })
}

#[cfg(test)]
mod tests;
