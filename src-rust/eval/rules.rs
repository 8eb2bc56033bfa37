//! Hand rules: which cards are wild, what a joker is, the four-flush, the
//! low ranking and its qualifier, Omaha's fixed number of hole cards and
//! short-deck hold'em's ranking (docs/rules.md §2–4). Parsed and checked once into a small `Copy` value, so
//! evaluating with rules never re-reads the settings' text.

use crate::cards::{self, JOKER, JOKER2, RANK_CHARS};
use crate::error::{Error, Result};

/// What a joker is, when the deck has one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Jokers {
    /// No jokers: a joker in a hand is an error.
    #[default]
    None,
    /// A joker is fully wild.
    Wild,
    /// A joker is the bug: an ace, or a filler for straights and straight
    /// flushes (and plain flushes with `bug_fills_flush`).
    Bug,
}

/// The low rankings of docs/rules.md §4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Low {
    AceToFive,
    DeuceToSeven,
    AceToSix,
    Badugi,
}

impl Low {
    pub const NAMES: [&'static str; 4] = ["ace-to-five", "deuce-to-seven", "ace-to-six", "badugi"];

    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    pub fn parse(text: &str) -> Result<Low> {
        match text {
            "ace-to-five" => Ok(Low::AceToFive),
            "deuce-to-seven" => Ok(Low::DeuceToSeven),
            "ace-to-six" => Ok(Low::AceToSix),
            "badugi" => Ok(Low::Badugi),
            _ => Err(Error::Rules(format!(
                "low must be one of \"ace-to-five\", \"deuce-to-seven\", \"ace-to-six\", \"badugi\" or None, got {text:?}"
            ))),
        }
    }
}

/// Short-deck hold'em's high ranking (docs/rules.md §2): the 36 cards six
/// to ace, a flush beats a full house, A-6-7-8-9 is the lowest straight;
/// the two conventions differ in whether a straight or three of a kind is
/// the higher.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShortDeck {
    /// A straight beats three of a kind (PokerKit, the PHH `NS` variant).
    StraightBeatsTrips,
    /// Three of a kind beats a straight (the other convention dealt).
    TripsBeatStraight,
}

impl ShortDeck {
    pub const NAMES: [&'static str; 2] = ["straight-beats-trips", "trips-beat-straight"];

    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    pub fn parse(text: &str) -> Result<ShortDeck> {
        match text {
            "straight-beats-trips" => Ok(ShortDeck::StraightBeatsTrips),
            "trips-beat-straight" => Ok(ShortDeck::TripsBeatStraight),
            _ => Err(Error::Rules(format!(
                "short_deck must be \"straight-beats-trips\", \"trips-beat-straight\" or None, got {text:?}"
            ))),
        }
    }
}

/// The short deck's cards: ids 16 (6c) to 51 (As).
pub const SHORT_DECK_CARDS: u64 = ((1 << 52) - 1) & !((1 << 16) - 1);

/// Settled hand rules. `wild` and `bug` are masks over card ids 0..=53.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Cards that are fully wild (natural ids, and 52, 53 when jokers are wild).
    pub wild: u64,
    /// Cards that are the bug (52, 53 when jokers are bugs).
    pub bug: u64,
    pub jokers: Jokers,
    pub bug_fills_flush: bool,
    pub four_flush: bool,
    pub low: Option<Low>,
    /// Highest rank a qualifying low may hold, ace = 1 ... king = 13.
    pub low_qualifier: Option<u8>,
    /// Exactly this many hole cards play, with 5 - h board cards.
    pub hole_cards: Option<u8>,
    /// Short-deck hold'em's ranking, and its 36-card deck.
    pub short_deck: Option<ShortDeck>,
}

const JOKER_BITS: u64 = 1 << JOKER | 1 << JOKER2;

/// The settings as given, before checking.
#[derive(Clone, Debug, Default)]
pub struct RulesText<'a> {
    pub wild_ranks: &'a str,
    pub wild_cards: &'a str,
    pub jokers: Option<&'a str>,
    pub bug_fills_flush: bool,
    pub four_flush: bool,
    pub low: Option<&'a str>,
    pub low_qualifier: Option<i64>,
    pub hole_cards: Option<i64>,
    pub short_deck: Option<&'a str>,
}

fn bad(msg: impl Into<String>) -> Error {
    Error::Rules(msg.into())
}

impl Rules {
    /// Checks the settings and settles them; every bad value or combination
    /// is an `Error::Rules` saying what is allowed.
    pub fn new(t: &RulesText<'_>) -> Result<Rules> {
        let mut wild = 0u64;
        for ch in t.wild_ranks.chars() {
            if ch.is_whitespace() || ch == ',' {
                continue;
            }
            let up = ch.to_ascii_uppercase();
            let Some(r) = RANK_CHARS.iter().position(|&c| c as char == up) else {
                return Err(bad(format!(
                    "wild_ranks: unknown rank {ch:?}; ranks are 2-9, T, J, Q, K, A (e.g. \"2\" for deuces wild)"
                )));
            };
            let bits = 0xFu64 << (4 * r);
            if wild & bits != 0 {
                return Err(bad(format!("wild_ranks: rank {up} is listed twice")));
            }
            wild |= bits;
        }
        let named = cards::parse_text(t.wild_cards).map_err(|e| bad(format!("wild_cards: {e}")))?;
        for &c in &named {
            if cards::is_joker(c) {
                return Err(bad(
                    "wild_cards: a joker is made wild with jokers=\"wild\", not in wild_cards",
                ));
            }
            if wild & 1 << c != 0 {
                return Err(bad(format!(
                    "wild_cards: {} is listed twice or is already wild through wild_ranks",
                    cards::name(c)
                )));
            }
            wild |= 1 << c;
        }
        let jokers = match t.jokers {
            None => Jokers::None,
            Some("wild") => Jokers::Wild,
            Some("bug") => Jokers::Bug,
            Some(other) => {
                return Err(bad(format!(
                    "jokers must be \"wild\", \"bug\" or None, got {other:?}"
                )))
            }
        };
        let mut bug = 0u64;
        match jokers {
            Jokers::Wild => wild |= JOKER_BITS,
            Jokers::Bug => bug = JOKER_BITS,
            Jokers::None => {}
        }
        if t.bug_fills_flush && jokers != Jokers::Bug {
            return Err(bad(
                "bug_fills_flush needs jokers=\"bug\": it says whether the bug may fill a plain flush",
            ));
        }
        let low = t.low.map(Low::parse).transpose()?;
        let low_qualifier = match t.low_qualifier {
            None => None,
            Some(q) => {
                if low != Some(Low::AceToFive) {
                    return Err(bad(
                        "low_qualifier applies to low=\"ace-to-five\" only (e.g. 8 for eight or better)",
                    ));
                }
                if !(5..=13).contains(&q) {
                    return Err(bad(format!(
                        "low_qualifier is the highest rank a qualifying low may hold, 5..=13 (8 = eight or better), got {q}"
                    )));
                }
                Some(q as u8)
            }
        };
        let hole_cards = match t.hole_cards {
            None => None,
            Some(h) if (1..=4).contains(&h) => Some(h as u8),
            Some(h) => {
                return Err(bad(format!(
                    "hole_cards is how many hole cards must play with 5 - hole_cards board cards, 1..=4 (2 for Omaha), got {h}"
                )))
            }
        };
        if hole_cards.is_some() && low == Some(Low::Badugi) {
            return Err(bad(
                "badugi is a four-card draw hand: hole_cards does not apply to it",
            ));
        }
        let short_deck = t.short_deck.map(ShortDeck::parse).transpose()?;
        if short_deck.is_some() {
            let other = [
                (wild != 0, "wild cards"),
                (jokers != Jokers::None, "jokers"),
                (t.four_flush, "the four-flush"),
                (low.is_some(), "a low ranking"),
                (hole_cards.is_some(), "hole_cards"),
            ];
            if let Some((_, what)) = other.iter().find(|(set, _)| *set) {
                return Err(bad(format!(
                    "short_deck is short-deck hold'em's high ranking and takes no other rule, got it with {what}"
                )));
            }
        }
        Ok(Rules {
            wild,
            bug,
            jokers,
            bug_fills_flush: t.bug_fills_flush,
            four_flush: t.four_flush,
            low,
            low_qualifier,
            hole_cards,
            short_deck,
        })
    }

    /// Whether some card is wild or a bug.
    pub fn has_wilds(&self) -> bool {
        self.wild | self.bug != 0
    }

    /// Whether these are natural rules: the high hand is the plain one of
    /// `high::value_of` (no wild card, no joker or bug, no four-flush, no
    /// fixed number of hole cards, no short-deck ranking); a low ranking may
    /// be set. The one
    /// definition: `HandRules.is_natural` and the bindings' fast paths read
    /// it.
    pub fn is_natural(&self) -> bool {
        !self.has_wilds()
            && self.jokers == Jokers::None
            && !self.bug_fills_flush
            && !self.four_flush
            && self.hole_cards.is_none()
            && self.short_deck.is_none()
    }

    /// [`Rules::is_natural`] but for a fixed number of hole cards (Omaha's
    /// split), which the plain Omaha scorers play.
    pub fn is_natural_but_split(&self) -> bool {
        Rules {
            hole_cards: None,
            ..*self
        }
        .is_natural()
    }

    /// Checks ids (range, duplicates, jokers only when the rules have them).
    pub fn check_cards(&self, cards: &[u8]) -> Result<()> {
        cards::check_distinct(cards)?;
        if self.jokers == Jokers::None && cards.iter().any(|&c| cards::is_joker(c)) {
            return Err(Error::JokerNotAllowed {
                context:
                    "a joker needs hand rules that say what it is (jokers=\"wild\" or \"bug\")",
            });
        }
        if self.short_deck.is_some() {
            if let Some(&c) = cards.iter().find(|&&c| SHORT_DECK_CARDS >> c & 1 == 0) {
                return Err(Error::NotInShortDeck {
                    card: cards::name(c),
                });
            }
        }
        Ok(())
    }
}

/// With the four-flush on, values are `category << 16 | index` so that the
/// four-flush (9,295 classes: four suited ranks, then the fifth card) fits;
/// the indices of the other categories are the natural ones.
pub const WIDE_SHIFT: u32 = 16;

/// Widens a natural-encoded value (`category << 12 | index`).
#[inline(always)]
pub const fn widen(value: u32) -> u32 {
    (value >> 12) << WIDE_SHIFT | (value & 0xFFF)
}

/// Short-deck values are `order << 20 | category << 12 | index`: `order`
/// is the category's place in the short-deck ranking (1 = high card ... 9 =
/// straight flush), above every wide value (`11 << 16 | index` at most).
pub const SHORT_SHIFT: u32 = 20;

/// The category of a value in any encoding: narrow values are below
/// `1 << 16` (the largest is five aces, `11 << 12 | 12`), wide ones above,
/// short-deck ones above `1 << 20` with the category in bits 12..16.
#[inline(always)]
pub const fn category_of(value: u32) -> u16 {
    if value >= 1 << SHORT_SHIFT {
        ((value >> 12) & 0xF) as u16
    } else if value >= 1 << WIDE_SHIFT {
        (value >> WIDE_SHIFT) as u16
    } else {
        (value >> 12) as u16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(t: RulesText<'_>) -> Result<Rules> {
        Rules::new(&t)
    }

    #[test]
    fn settings_parse() {
        let r = rules(RulesText {
            wild_ranks: "2",
            ..Default::default()
        })
        .unwrap();
        assert_eq!(r.wild, 0xF);
        let r = rules(RulesText {
            wild_cards: "JsJh",
            jokers: Some("bug"),
            bug_fills_flush: true,
            ..Default::default()
        })
        .unwrap();
        assert_eq!(r.wild, 1 << 39 | 1 << 38);
        assert_eq!(r.bug, JOKER_BITS);
        assert!(rules(RulesText {
            wild_ranks: "1",
            ..Default::default()
        })
        .is_err());
        assert!(rules(RulesText {
            bug_fills_flush: true,
            ..Default::default()
        })
        .is_err());
        let r = rules(RulesText {
            short_deck: Some("trips-beat-straight"),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(r.short_deck, Some(ShortDeck::TripsBeatStraight));
        assert!(!r.is_natural());
        assert!(r.check_cards(&[16, 51]).is_ok());
        assert!(r.check_cards(&[15, 51]).is_err());
        for bad in [
            RulesText {
                short_deck: Some("yes"),
                ..Default::default()
            },
            RulesText {
                short_deck: Some("straight-beats-trips"),
                hole_cards: Some(2),
                ..Default::default()
            },
            RulesText {
                short_deck: Some("straight-beats-trips"),
                wild_ranks: "6",
                ..Default::default()
            },
        ] {
            assert!(rules(bad).is_err());
        }
        assert!(rules(RulesText {
            low: Some("deuce-to-seven"),
            low_qualifier: Some(8),
            ..Default::default()
        })
        .is_err());
    }

    #[test]
    fn wide_values() {
        assert_eq!(category_of(widen(2 << 12 | 5)), 2);
        assert_eq!(category_of(11 << 12 | 12), 11);
        assert_eq!(category_of(3 << 16 | 9294), 3);
        assert_eq!(category_of(7 << SHORT_SHIFT | 8 << 12 | 100), 8);
    }
}
