//! How a showdown is scored: the one abstraction the equity engine needs
//! from a game. A scorer turns one player's cards (hole and board) into a
//! high value and a low value, both larger-is-better, low 0 meaning "no
//! qualifying low". Wild cards, four-flushes and low rankings plug in here
//! as further scorers.

use super::count::Split;
use crate::error::{Error, Result};
use crate::eval::high::value_of;
use crate::eval::low::LowEvaluator;
use crate::eval::omaha::natural_split2;
use crate::eval::rules_batch::check_counts;
use crate::eval::wild::HighEvaluator;

/// Scores one player's hand at the showdown.
pub trait Scorer: Sync {
    /// `(high, low)`: larger is better for both; a low of 0 is no low.
    fn score(&self, hole: &[u8], board: &[u8]) -> (u32, u32);
    /// Whether the pot is split high-low (otherwise `low` is ignored).
    fn has_low(&self) -> bool {
        false
    }
    /// Whether only the low counts (razz, deuce-to-seven, badugi): then
    /// `has_low` is true and `high` is ignored.
    fn low_only(&self) -> bool {
        false
    }
    /// Whether the first half is ranked as a low (a split game of two
    /// rankings: badeucy's badugi); its values then are not high hands.
    fn first_is_low(&self) -> bool {
        false
    }
    /// How the pot is split.
    fn split(&self) -> Split {
        if self.low_only() {
            Split::Low
        } else if self.first_is_low() {
            Split::Halves
        } else if self.has_low() {
            Split::HighLow
        } else {
            Split::High
        }
    }
    /// Whether `high` is the natural best five of all the cards (hold'em's
    /// fast path may then score boards its own way).
    fn natural_high(&self) -> bool {
        false
    }
    /// Whether scores stay the same when the suits of every card are
    /// permuted, and under which condition: `Some(sets)` when any suit
    /// permutation that maps each of these card masks onto itself (wild
    /// cards, bugs: cards the scorer treats one by one) leaves every score
    /// unchanged; `None` when scores depend on suits some other way (the
    /// default: no suit isomorphism is used). Jokers have no suit and are
    /// never moved by a permutation.
    fn suit_symmetric(&self) -> Option<Vec<u64>> {
        None
    }
}

/// The scoring rules the core knows without hand rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Best five of all the player's cards (hold'em, stud, five-card hands).
    High,
    /// Exactly this many hole cards with the rest from the board (Omaha: 2).
    Omaha(u8),
    /// Hand rules ([`RuledScorer`]): wild cards, the four-flush, a low
    /// half or a low-only game. `hole_cards` as in the rules (Omaha's
    /// split); `min` is the fewest cards a hand is scored from (4 for
    /// badugi, else 5).
    Ruled { hole_cards: Option<u8>, min: u8 },
}

/// The shape of a showdown: cards per player, board cards, and scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowdownShape {
    pub hole: u8,
    pub board: u8,
    pub scoring: Scoring,
}

impl ShowdownShape {
    /// Texas hold'em: two hole cards, five on the board, best five of seven.
    pub const HOLDEM: ShowdownShape = ShowdownShape {
        hole: 2,
        board: 5,
        scoring: Scoring::High,
    };

    /// Checks the shape can be scored.
    pub fn check(&self) -> Result<()> {
        let bad = |reason: String| Err(Error::Equity { reason });
        if self.hole as usize > super::MAX_HOLE {
            return bad(format!(
                "a player holds at most {} cards, got hole={}",
                super::MAX_HOLE,
                self.hole
            ));
        }
        if self.board as usize > super::MAX_BOARD {
            return bad(format!(
                "a board holds at most {} cards, got board={}",
                super::MAX_BOARD,
                self.board
            ));
        }
        match self.scoring {
            Scoring::High => {
                // in usize: hole and board come from the caller
                let n = self.hole as usize + self.board as usize;
                if !(5..=7).contains(&n) {
                    return bad(format!(
                        "a high hand is the best five of 5, 6 or 7 cards, but hole={} and board={} make {n}",
                        self.hole, self.board
                    ));
                }
            }
            Scoring::Omaha(h) => {
                if !(1..=4).contains(&h) || h > self.hole || 5 - h > self.board {
                    return bad(format!(
                        "Omaha scoring with {h} hole cards needs 1..=4 of them and {} board cards, but hole={} and board={}",
                        5 - h.min(5),
                        self.hole,
                        self.board
                    ));
                }
            }
            Scoring::Ruled { hole_cards, min } => {
                check_counts(
                    hole_cards,
                    self.hole as usize,
                    self.board as usize,
                    min as usize,
                )
                .map_err(|e| Error::Equity {
                    reason: format!(
                        "this game cannot be scored with its hand rules (hole={}, board={}): {e}",
                        self.hole, self.board
                    ),
                })?;
            }
        }
        Ok(())
    }

    /// Whether this is hold'em high, which has a fast path.
    pub fn is_holdem(&self) -> bool {
        *self == ShowdownShape::HOLDEM
    }
}

/// Best five of the player's hole and board cards (5..=7 in all).
#[derive(Clone, Copy, Debug, Default)]
pub struct HighScorer;

impl Scorer for HighScorer {
    #[inline(always)]
    fn score(&self, hole: &[u8], board: &[u8]) -> (u32, u32) {
        let mut cards = [0u8; 7];
        let n = hole.len() + board.len();
        cards[..hole.len()].copy_from_slice(hole);
        cards[hole.len()..n].copy_from_slice(board);
        (value_of(&cards[..n]) as u32, 0)
    }

    fn natural_high(&self) -> bool {
        true
    }

    fn suit_symmetric(&self) -> Option<Vec<u64>> {
        // a flush is any five of one suit, whichever suit
        Some(Vec::new())
    }
}

/// Exactly `h` hole cards and `5 - h` board cards, the best such five.
#[derive(Clone, Copy, Debug)]
pub struct OmahaScorer {
    pub h: u8,
}

/// Calls `f` with every `k`-subset of `cards` (k ≤ 5) written into `out`
/// starting at `at`.
fn subsets(cards: &[u8], k: usize, out: &mut [u8; 5], at: usize, f: &mut impl FnMut(&[u8; 5])) {
    fn go(
        cards: &[u8],
        start: usize,
        left: usize,
        out: &mut [u8; 5],
        pos: usize,
        f: &mut impl FnMut(&[u8; 5]),
    ) {
        if left == 0 {
            f(out);
            return;
        }
        for i in start..=cards.len() - left {
            out[pos] = cards[i];
            go(cards, i + 1, left - 1, out, pos + 1, f);
        }
    }
    if k <= cards.len() {
        go(cards, 0, k, out, at, f);
    }
}

impl Scorer for OmahaScorer {
    fn score(&self, hole: &[u8], board: &[u8]) -> (u32, u32) {
        if let Ok(five) = <&[u8; 5]>::try_from(board) {
            if self.h == 2 && (2..=6).contains(&hole.len()) {
                let tables = crate::eval::omaha::SplitTables::get();
                return (natural_split2(tables, hole, five) as u32, 0);
            }
        }
        let h = self.h as usize;
        let mut best = 0u16;
        let mut five = [0u8; 5];
        subsets(hole, h, &mut five, 0, &mut |hand| {
            let mut hand = *hand;
            subsets(board, 5 - h, &mut hand, h, &mut |full| {
                best = best.max(value_of(full));
            });
        });
        (best as u32, 0)
    }

    fn suit_symmetric(&self) -> Option<Vec<u64>> {
        Some(Vec::new())
    }
}

/// A showdown under hand rules (docs/rules.md §2–4): the high from
/// [`HighEvaluator::value`] (wild cards, the bug, five of a kind, the
/// four-flush's wide encoding; values only compare with each other), the
/// low from [`LowEvaluator::value`] (0: no qualifying low, so the high takes
/// the whole pot). `high: None` is a low-only game. `first`, in a split
/// game of two rankings (badeucy, badacy), scores the first half with a
/// low ranking (badugi) in place of `high`; `low` is then the second half.
pub struct RuledScorer<'a> {
    pub high: Option<&'a HighEvaluator>,
    pub low: Option<&'a LowEvaluator>,
    pub first: Option<&'a LowEvaluator>,
}

impl<'a> RuledScorer<'a> {
    /// A scorer for these rules; `high` false makes a low-only game, which
    /// needs a low ranking.
    pub fn new(
        high: bool,
        prep: &'a HighEvaluator,
        low: Option<&'a LowEvaluator>,
    ) -> Result<RuledScorer<'a>> {
        if !high && low.is_none() {
            return Err(Error::Equity {
                reason: "a low-only game needs hand rules with a low ranking".into(),
            });
        }
        Ok(RuledScorer {
            high: high.then_some(prep),
            low,
            first: None,
        })
    }

    /// A split game of two low rankings: the pot halves go to the best
    /// `first` low (badugi) and the best `second` low (deuce-to-seven,
    /// ace-to-five; 0 where it does not qualify).
    pub fn halves(first: &'a LowEvaluator, second: &'a LowEvaluator) -> RuledScorer<'a> {
        RuledScorer {
            high: None,
            low: Some(second),
            first: Some(first),
        }
    }
}

impl Scorer for RuledScorer<'_> {
    #[inline]
    fn score(&self, hole: &[u8], board: &[u8]) -> (u32, u32) {
        let h = match self.first {
            Some(f) => f.value(hole, board),
            None => self.high.map_or(0, |p| p.value(hole, board)),
        };
        let l = self.low.map_or(0, |p| p.value(hole, board));
        (h, l)
    }

    fn has_low(&self) -> bool {
        self.low.is_some()
    }

    fn low_only(&self) -> bool {
        self.high.is_none() && self.first.is_none()
    }

    fn first_is_low(&self) -> bool {
        self.first.is_some()
    }

    fn suit_symmetric(&self) -> Option<Vec<u64>> {
        // Natural cards count by rank and by suit only through "the same
        // suit" (flushes, the four-flush, badugi's distinct suits); wild
        // cards and bugs count one by one, so their sets must be kept
        // (one-eyed jacks: a permutation may swap hearts and spades only).
        let mut sets = Vec::new();
        for rules in [
            self.high.map(|h| &h.rules),
            self.low.map(|l| &l.rules),
            self.first.map(|f| &f.rules),
        ]
        .into_iter()
        .flatten()
        {
            sets.push(rules.wild);
            sets.push(rules.bug);
        }
        Some(sets)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_text;

    #[test]
    fn omaha_uses_two_and_three() {
        // Four spades in hand, one on board: no flush in Omaha.
        let hole = parse_text("As Ks Qs Js").unwrap();
        let board = parse_text("2s 7d 8c 9h 3d").unwrap();
        let (v, _) = OmahaScorer { h: 2 }.score(&hole, &board);
        assert_eq!(crate::eval::category(v), crate::eval::HIGH_CARD);
        let (v, _) = HighScorer.score(&hole[..2], &parse_text("Qs Js Ts 2c 3d").unwrap());
        assert_eq!(crate::eval::category(v), crate::eval::STRAIGHT_FLUSH);
    }

    #[test]
    fn shapes_are_checked() {
        assert!(ShowdownShape::HOLDEM.check().is_ok());
        let omaha = ShowdownShape {
            hole: 4,
            board: 5,
            scoring: Scoring::Omaha(2),
        };
        assert!(omaha.check().is_ok());
        let bad = ShowdownShape {
            hole: 4,
            board: 5,
            scoring: Scoring::High,
        };
        assert!(bad.check().is_err());
    }

    #[test]
    fn huge_shapes_are_refused_not_overflowed() {
        for (hole, board, scoring) in [
            (7, 250, Scoring::High),
            (2, 254, Scoring::High),
            (255, 255, Scoring::High),
            (4, 250, Scoring::Omaha(2)),
            (2, 9, Scoring::Omaha(2)),
            (
                2,
                255,
                Scoring::Ruled {
                    hole_cards: None,
                    min: 5,
                },
            ),
        ] {
            let s = ShowdownShape {
                hole,
                board,
                scoring,
            };
            assert!(s.check().is_err(), "{s:?}");
        }
    }
}
