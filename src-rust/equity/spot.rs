//! A spot: the game, each player's combos, the board and the dead cards,
//! checked once. Combos blocked by the board or dead cards are removed.

use super::score::ShowdownShape;
use crate::cards::{self, check_distinct};
use crate::error::{Error, Result};

/// The most cards one player may hold (seven-card stud).
pub const MAX_HOLE: usize = 7;

/// The most board cards a shape may have (the deal's board buffers hold
/// eight; hand rules allow at most five, natural high hands seven).
pub const MAX_BOARD: usize = 8;

/// The largest weight of a combo: weights are fractions of a hand class
/// (a range's `@100` is 1.0), so a product over players stays finite.
pub const MAX_WEIGHT: f64 = 1.0;

/// The 52 natural cards as a deck mask.
pub const STANDARD_DECK: u64 = (1 << 52) - 1;

/// One holding: up to `MAX_HOLE` known cards (fewer than the game's hole
/// count when some are still to be dealt) and a positive weight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Combo {
    pub ids: [u8; MAX_HOLE],
    pub len: u8,
    pub mask: u64,
    pub weight: f64,
}

impl Combo {
    /// A combo of `cards` with weight `weight` (checked in [`Spot::new`]).
    pub fn new(cards: &[u8], weight: f64) -> Result<Combo> {
        if cards.len() > MAX_HOLE {
            return Err(Error::Equity {
                reason: format!(
                    "a player holds at most {MAX_HOLE} cards, got {}",
                    cards.len()
                ),
            });
        }
        check_distinct(cards)?;
        let mut ids = [0u8; MAX_HOLE];
        ids[..cards.len()].copy_from_slice(cards);
        let mask = cards.iter().fold(0u64, |m, &c| m | 1 << c);
        Ok(Combo {
            ids,
            len: cards.len() as u8,
            mask,
            weight,
        })
    }

    #[inline(always)]
    pub fn cards(&self) -> &[u8] {
        &self.ids[..self.len as usize]
    }
}

/// A checked spot.
#[derive(Clone, Debug)]
pub struct Spot {
    pub shape: ShowdownShape,
    /// Each player's live combos (at least one), blocked ones removed.
    pub players: Vec<Vec<Combo>>,
    pub board: Vec<u8>,
    pub dead: Vec<u8>,
    /// The game's deck: a mask over card ids 0..=53 (jokers are 52, 53).
    pub deck: u64,
    /// Board, dead cards, and the cards of every player with one combo.
    pub known: u64,
    /// Combos given before blocked ones were removed, per player.
    pub given: Vec<usize>,
}

fn bad(reason: String) -> Error {
    Error::Equity { reason }
}

/// Most players: a deck can deal at most 26 two-card hands, and the
/// denominators must stay within 64 bits.
pub const MAX_PLAYERS: usize = 23;

impl Spot {
    /// Checks and settles a spot: ids are natural cards, the board, dead
    /// cards and fixed hands do not overlap, every combo has at most the
    /// game's hole cards, weights are positive and finite, the deck has
    /// enough cards left; combos blocked by known cards are removed, and a
    /// player left with none is an error.
    pub fn new(
        shape: ShowdownShape,
        players: Vec<Vec<Combo>>,
        board: &[u8],
        dead: &[u8],
    ) -> Result<Spot> {
        Spot::with_deck(shape, players, board, dead, STANDARD_DECK)
    }

    /// [`Spot::new`] with another deck (`deck`: a mask over ids 0..=53),
    /// e.g. 52 cards and a joker when the hand rules make it wild or the
    /// bug. Every given card must be in the deck.
    pub fn with_deck(
        shape: ShowdownShape,
        players: Vec<Vec<Combo>>,
        board: &[u8],
        dead: &[u8],
        deck: u64,
    ) -> Result<Spot> {
        shape.check()?;
        if deck >> 54 != 0 {
            return Err(bad("the deck holds card ids 0..=53 only".into()));
        }
        if !(2..=MAX_PLAYERS).contains(&players.len()) {
            return Err(bad(format!(
                "equity needs 2..={MAX_PLAYERS} players, got {}",
                players.len()
            )));
        }
        if board.len() > shape.board as usize {
            return Err(bad(format!(
                "the board has {} cards but this game's board has at most {}",
                board.len(),
                shape.board
            )));
        }
        let no_jokers = |cs: &[u8]| -> Result<()> {
            for &c in cs {
                if c < 64 && deck >> c & 1 == 1 {
                    continue;
                }
                if cards::is_joker(c) {
                    return Err(Error::JokerNotAllowed {
                        context: "equity with jokers needs hand rules that make them wild or a bug (and a deck with them)",
                    });
                }
                return Err(bad(format!(
                    "{} is not in this game's deck",
                    cards::name(c)
                )));
            }
            Ok(())
        };
        let mut all: Vec<u8> = board.to_vec();
        all.extend_from_slice(dead);
        check_distinct(&all)?;
        no_jokers(&all)?;
        let mut known = all.iter().fold(0u64, |m, &c| m | 1 << c);
        let table = known;
        let mut given = Vec::with_capacity(players.len());
        for (p, combos) in players.iter().enumerate() {
            given.push(combos.len());
            if combos.is_empty() {
                return Err(bad(format!("player {p} has no combos")));
            }
            for c in combos {
                if c.len != combos[0].len {
                    return Err(bad(format!(
                        "player {p}: every combo must hold the same number of cards ({} and {})",
                        combos[0].len, c.len
                    )));
                }
                no_jokers(c.cards())?;
                check_distinct(c.cards())?;
                if c.len > shape.hole {
                    return Err(bad(format!(
                        "player {p} holds {} cards but this game deals {} per player",
                        c.len, shape.hole
                    )));
                }
                if !(c.weight > 0.0 && c.weight <= MAX_WEIGHT) {
                    return Err(bad(format!(
                        "player {p}: a weight is a fraction in (0, 1], got {}",
                        c.weight
                    )));
                }
            }
        }
        let mut live: Vec<Vec<Combo>> = Vec::with_capacity(players.len());
        for (p, combos) in players.into_iter().enumerate() {
            if let [only] = combos.as_slice() {
                if only.mask & table != 0 {
                    let card = cards::name((only.mask & table).trailing_zeros() as u8);
                    return Err(Error::DuplicateCard { card });
                }
            }
            let kept: Vec<Combo> = combos.into_iter().filter(|c| c.mask & table == 0).collect();
            if kept.is_empty() {
                return Err(bad(format!(
                    "player {p}: every combo is blocked by the board or dead cards"
                )));
            }
            live.push(kept);
        }
        // Fixed hands (given as one combo) must not collide with each other.
        for (combos, &g) in live.iter().zip(&given) {
            if g == 1 {
                let only = &combos[0];
                if only.mask & known != 0 {
                    let card = cards::name((only.mask & known).trailing_zeros() as u8);
                    return Err(Error::DuplicateCard { card });
                }
                known |= only.mask;
            }
        }
        // Ranged players: drop combos that collide with fixed hands; one
        // combo left makes the player's hand known.
        for (p, combos) in live.iter_mut().enumerate() {
            if given[p] > 1 {
                combos.retain(|c| c.mask & known == 0);
                if combos.is_empty() {
                    return Err(bad(format!(
                        "player {p}: every combo is blocked by the board, dead cards or other hands"
                    )));
                }
            }
        }
        for (combos, &g) in live.iter().zip(&given) {
            if let ([only], true) = (combos.as_slice(), g > 1) {
                if only.mask & known != 0 {
                    return Err(bad(
                        "the players' ranges cannot all be dealt at once: every joint holding shares a card".into(),
                    ));
                }
                known |= only.mask;
            }
        }
        let spot = Spot {
            shape,
            players: live,
            board: board.to_vec(),
            dead: dead.to_vec(),
            deck,
            known,
            given,
        };
        let needed = spot.missing_cards();
        let left = spot.deck_left();
        let ranged_cards: usize = spot
            .players
            .iter()
            .filter(|c| c.len() > 1)
            .map(|c| c[0].len as usize)
            .sum();
        if needed + ranged_cards > left {
            return Err(bad(format!(
                "not enough cards: {} more are needed but {left} are left in the deck",
                needed + ranged_cards
            )));
        }
        Ok(spot)
    }

    /// Cards of the deck not known (board, dead, fixed hands).
    pub fn deck_left(&self) -> usize {
        (self.deck & !self.known).count_ones() as usize
    }

    /// Whether the deck is the 52 natural cards.
    pub fn standard_deck(&self) -> bool {
        self.deck == STANDARD_DECK
    }

    /// Cards still to deal per deal: missing board cards, plus each
    /// player's missing hole cards (combos of one player all have the same
    /// size when given by a range; the largest missing count is used).
    pub fn missing_cards(&self) -> usize {
        let board = self.shape.board as usize - self.board.len();
        board + self.missing_hole().iter().sum::<usize>()
    }

    /// Missing hole cards per player.
    pub fn missing_hole(&self) -> Vec<usize> {
        self.players
            .iter()
            .map(|cs| {
                let least = cs.iter().map(|c| c.len).min().unwrap_or(0);
                (self.shape.hole - least) as usize
            })
            .collect()
    }

    /// Whether every player holds one full combo (no ranges, nothing
    /// missing but the board).
    pub fn all_fixed(&self) -> bool {
        self.players
            .iter()
            .all(|cs| cs.len() == 1 && cs[0].len == self.shape.hole)
    }
}
