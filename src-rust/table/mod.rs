//! A table engine: one hand of a flop game at a time, played from the
//! seeded deal to the payout with the same rules as Python's `hoyle.Hand`
//! (docs/rules.md §5-§10), bit for bit, so that a batch of tables can be
//! stepped without a Python object per table (`hoyle.env.VectorTables`'s
//! core backend, `py/tables.rs`).
//!
//! The games it plays: every street deals only down cards and/or board
//! cards (burns allowed), no draw, no up cards, no bring-in, no opener
//! (`first_must_bet` is played); blinds with straddles and zeros, antes
//! (flat or per position), no limit, pot limit (with a cap) and spread
//! limit on any street, `raise_cap`; high, low and high-low showdowns under
//! any `Rules` the core evaluates (Omaha's split, wild cards; not the two
//! rankings of `Game.split`); rake. The
//! deal is the core's seeded one (`crate::deal`, as `random.Random(seed)`),
//! the showdown the core's evaluators and `crate::settle`.
//!
//! * [`TableGame`] is a game as Python derived it (`hoyle._plan.Plan`'s
//!   fields, read by the bindings); [`EnginePlan`] is one made ready for
//!   play (its evaluators made once).
//! * [`TableState`] is one table's hand: [`TableState::start`], then
//!   [`TableState::legal`] and the actions [`TableState::fold`],
//!   [`TableState::check`], [`TableState::call`], [`TableState::raise_to`].
//!   After the first hand, nothing allocates but the settlement at a
//!   hand's end.
//! * [`TableBatch`] is N tables stepped together over plain slices
//!   (autoreset, hand numbering, rewards): `VectorTables`' loop.
//!
//! Modules: `play` (the betting controller and the end of each interval),
//! `deal` (the start of a hand and of each street), `ending` (the showdown
//! and the payout), `batch` (N tables). `deal` and `ending` read only this
//! module; `play` calls both; `batch` plays tables through their public
//! calls.

mod batch;
mod bots;
mod deal;
mod ending;
mod play;

use crate::error::{Error, Result};
use crate::eval::low::LowEvaluator;
use crate::eval::rules::Rules;
use crate::eval::wild::HighEvaluator;
use crate::reserve;
use crate::settle::Rake;

pub use batch::{not_legal, reward, Out, TableBatch};
pub use bots::{BotRng, CoreBot};
pub use deal::hand_seed;

/// The most seats a table may have (settlement's seat sets are 64 bits).
pub const MAX_SEATS: usize = crate::settle::MAX_SEATS;

/// A betting structure (docs/rules.md §7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Betting {
    NoLimit,
    /// A bet at most the pot after the call; `cap` bounds any one bet or raise.
    PotLimit {
        cap: Option<u64>,
    },
    /// Every bet or raise adds `min..=max` chips.
    Limit {
        min: u64,
        max: u64,
    },
}

/// One street: cards to each seat, board cards, an optional burn, and the
/// interval's betting structure (the game's, unless the street has its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Street {
    pub down: u32,
    pub board: u32,
    pub burn: bool,
    pub betting: Betting,
}

/// A game as the engine reads it: the settings of `hoyle._plan.Plan` and
/// the facts `derive_plan` derived from them, as Python gives them (the
/// bindings read a `Plan`'s public fields; `hoyle/env/_fast.py` passes only
/// games the engine plays). Nothing here is derived again.
#[derive(Clone, Debug)]
pub struct TableGame {
    pub streets: Vec<Street>,
    /// The game's deck, card ids in order (a seed deals positions in it).
    pub deck: Vec<u8>,
    pub ante: u64,
    pub antes: Vec<u64>,
    pub blinds: Vec<u64>,
    /// Post bets (`Game.posts`), positional like the blinds: a post of the
    /// largest blind or more is live for that much, the rest of it (and a
    /// smaller post) dead money.
    pub posts: Vec<u64>,
    /// The smallest bet in pot limit and no limit (`Plan.smallest_bet`).
    pub min_bet: u64,
    pub raise_cap: Option<u64>,
    pub first_must_bet: bool,
    pub rules: Rules,
    /// False: a low-only game (its low value plays as the high one).
    pub high: bool,
    pub rake: Option<Rake>,
    /// Cards dealt to each seat over the hand (`Plan.per_seat`).
    pub per_seat: usize,
    /// Board and burn cards (`Plan.fixed`): a deal to `n` seats takes
    /// `n * per_seat + fixed` cards.
    pub fixed: usize,
    pub largest_blind: u64,
    /// `[i]`: some street from `i` on deals seats cards (`Plan.dealt_later`).
    pub dealt_later: Vec<bool>,
    /// Natural high only: the showdown is `settle::showdown`, as `Hand`'s.
    pub plain_high: bool,
}

/// A [`TableGame`] made ready for play: the game and the evaluators every
/// showdown reads, made once.
pub struct EnginePlan {
    pub game: TableGame,
    high: HighEvaluator,
    low: Option<LowEvaluator>,
    /// The rules rank naturally (no wild cards): `Rules::is_natural`.
    natural: bool,
}

impl EnginePlan {
    /// Checks that `game` is one the engine can hold (a street, a deck of
    /// distinct ids 0..=53, a high ranking or a low one, and per-seat and
    /// board counts that agree with its streets, which size the tables'
    /// buffers) and makes its evaluators. The evaluators are Rust objects
    /// (and `natural` a property of the core's `Rules`), so they are made
    /// here; everything else is `game` as Python derived it.
    pub fn new(game: TableGame) -> Result<EnginePlan> {
        let bad = |why: &str| Err(Error::Rules(format!("table engine: {why}")));
        if game.streets.is_empty() {
            return bad("a game needs a street");
        }
        let mut seen = 0u64;
        for &c in &game.deck {
            if c > 53 || seen >> c & 1 == 1 {
                return bad("the deck holds distinct card ids 0..=53");
            }
            seen |= 1 << c;
        }
        if !game.high && game.rules.low.is_none() {
            return bad("a low-only game needs a low ranking");
        }
        let down: usize = game.streets.iter().map(|s| s.down as usize).sum();
        let board: usize = game
            .streets
            .iter()
            .map(|s| s.board as usize + usize::from(s.burn))
            .sum();
        if game.per_seat != down
            || game.fixed != board
            || game.dealt_later.len() != game.streets.len() + 1
        {
            return bad("per_seat, fixed and dealt_later disagree with the streets");
        }
        let rules = game.rules;
        Ok(EnginePlan {
            high: HighEvaluator::new(rules),
            low: LowEvaluator::new(rules),
            natural: rules.is_natural(),
            game,
        })
    }

    /// The cards a deal to `seats` players takes.
    pub fn cards_needed(&self, seats: usize) -> usize {
        seats * self.game.per_seat + self.game.fixed
    }
}

/// What the seat to act may do (`hoyle.Legal` less the draw).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Legal {
    pub can_fold: bool,
    pub can_check: bool,
    /// Chips a call adds (at most the stack); 0 when the seat may check.
    pub call_amount: u64,
    /// `(min_raise_to, max_raise_to)`: the bounds of a bet or raise total.
    pub raise: Option<(u64, u64)>,
}

/// A record's kind, in `hoyle.env`'s order (the core's one table of
/// them, [`crate::hand::RECORD_KINDS`]).
pub use crate::hand::kind;

/// One record of a hand's history (`hoyle.Action` without the cards).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Action {
    pub street: u8,
    pub seat: u8,
    /// One of [`kind`].
    pub kind: u8,
    /// The chips this action put in.
    pub amount: u64,
    /// The seat's bets in this interval after it.
    pub total: u64,
}

/// Why an action was refused (nothing changed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The hand is over.
    Over,
    /// Not legal for the seat to act now.
    Illegal,
}

/// One table: the hand in progress (or just finished). Every buffer is
/// made once, for the table's seat count, and reused hand after hand.
#[derive(Clone, Debug)]
pub struct TableState {
    n: usize,
    button: usize,
    /// The deal, first card first, and the next card's position in it.
    deck: Vec<u8>,
    next: usize,
    start: Vec<u64>,
    stacks: Vec<u64>,
    contrib: Vec<u64>,
    /// The dead money (the antes, and the dead part of the posts), when
    /// the game has antes or posts.
    dead: Option<Vec<u64>>,
    /// The game has posts and no antes: the dead money shows (`dead`)
    /// only once some of it is dead, as `Hand._post_posts` keeps it.
    posts_only: bool,
    bets: Vec<u64>,
    /// The bet each seat last answered (None before it acted).
    level: Vec<Option<u64>>,
    folded: Vec<bool>,
    /// Seat `s`'s cards are `cards[s * per_seat..][..held[s]]`.
    cards: Vec<u8>,
    held: Vec<usize>,
    board: Vec<u8>,
    history: Vec<Action>,
    street: usize,
    bet: u64,
    raises: u64,
    voluntary: bool,
    raise_size: u64,
    betting: Betting,
    actor: Option<usize>,
    /// A scratch buffer of hand values for the showdown.
    high: Vec<Option<i64>>,
    low: Vec<Option<i64>>,
    /// Why the hand's settlement failed (never for a state a hand reaches;
    /// the caller raises it).
    refused: Option<Error>,
}

impl TableState {
    /// A table of `stacks.len()` seats (2..=64), each starting every hand
    /// with its stack. No hand is dealt yet: call [`TableState::start`].
    /// Its buffers are reserved fallibly ([`Error::OutOfMemory`]), with the
    /// room a hand fills, so a hand's play does not allocate them again.
    pub fn new(plan: &EnginePlan, stacks: &[u64]) -> Result<TableState> {
        let n = stacks.len();
        if !(2..=MAX_SEATS).contains(&n) {
            return Err(Error::TooManySeats { got: n });
        }
        if plan.cards_needed(n) > plan.game.deck.len() {
            return Err(Error::Rules(format!(
                "the game deals {} cards to {n} seats; the deck has {}",
                plan.cards_needed(n),
                plan.game.deck.len()
            )));
        }
        let antes = plan.game.ante > 0 || !plan.game.antes.is_empty();
        let has_dead = antes || !plan.game.posts.is_empty();
        // every buffer made here, fallibly (a batch makes a million tables)
        let what = "a table's buffer";
        let zeros = || reserve::filled(n, 0u64, what);
        Ok(TableState {
            n,
            button: 0,
            deck: reserve::with_capacity(plan.game.deck.len(), what)?,
            next: 0,
            start: reserve::copied(stacks, what)?,
            stacks: reserve::copied(stacks, what)?,
            contrib: zeros()?,
            dead: if has_dead { Some(zeros()?) } else { None },
            posts_only: !antes && has_dead,
            bets: zeros()?,
            level: reserve::filled(n, None, what)?,
            folded: reserve::filled(n, false, what)?,
            cards: reserve::filled(n * plan.game.per_seat, 0, what)?,
            held: reserve::filled(n, 0, what)?,
            board: reserve::with_capacity(plan.game.fixed, what)?,
            history: reserve::with_capacity(4 * n + 8, what)?,
            street: 0,
            bet: 0,
            raises: 0,
            voluntary: false,
            raise_size: 0,
            betting: plan.game.streets[0].betting,
            actor: None,
            high: reserve::filled(n, None, what)?,
            low: reserve::filled(n, None, what)?,
            refused: None,
        })
    }

    pub fn seats(&self) -> usize {
        self.n
    }
    /// The bytes this table holds: its fields and its buffers' room.
    pub fn bytes(&self) -> u128 {
        fn room<T>(v: &Vec<T>) -> u128 {
            reserve::bytes_of::<T>(v.capacity())
        }
        let dead = self.dead.as_ref().map_or(0, room);
        std::mem::size_of::<TableState>() as u128
            + room(&self.deck)
            + room(&self.start)
            + room(&self.stacks)
            + room(&self.contrib)
            + dead
            + room(&self.bets)
            + room(&self.level)
            + room(&self.folded)
            + room(&self.cards)
            + room(&self.held)
            + room(&self.board)
            + room(&self.history)
            + room(&self.high)
            + room(&self.low)
    }
    pub fn button(&self) -> usize {
        self.button
    }
    /// The seat to act, None once the hand is over.
    pub fn actor(&self) -> Option<usize> {
        self.actor
    }
    pub fn is_over(&self) -> bool {
        self.actor.is_none()
    }
    /// The street's index (the number of streets once the hand ran to its end).
    pub fn street(&self) -> usize {
        self.street
    }
    pub fn starting_stacks(&self) -> &[u64] {
        &self.start
    }
    pub fn stacks(&self) -> &[u64] {
        &self.stacks
    }
    pub fn bets(&self) -> &[u64] {
        &self.bets
    }
    pub fn contributions(&self) -> &[u64] {
        &self.contrib
    }
    pub fn folded(&self) -> &[bool] {
        &self.folded
    }
    pub fn board(&self) -> &[u8] {
        &self.board
    }
    pub fn history(&self) -> &[Action] {
        &self.history
    }
    /// The largest bet of this interval.
    pub fn bet(&self) -> u64 {
        self.bet
    }
    /// Everything put in so far.
    pub fn pot(&self) -> u64 {
        self.contrib.iter().sum()
    }
    /// The settlement error of the hand's end, if the core refused it
    /// (never for a hand `Hand` reaches: the core settles every such state).
    pub fn failure(&self) -> Option<&Error> {
        self.refused.as_ref()
    }

    /// The betting interval's state, as `Hand` keeps it: the bet each
    /// seat last answered (None before it acted), the raises, the
    /// smallest full raise, and whether some seat has acted.
    pub fn interval(&self) -> (&[Option<u64>], u64, u64, bool) {
        (&self.level, self.raises, self.raise_size, self.voluntary)
    }
    /// The dead money, as `Hand._dead` keeps it: with antes, the antes
    /// and the dead part of the posts; with posts alone, that part once
    /// some post was dead; else None.
    pub fn dead(&self) -> Option<&[u64]> {
        let dead = self.dead.as_deref()?;
        if self.posts_only && dead.iter().all(|&d| d == 0) {
            return None;
        }
        Some(dead)
    }
    /// The deal, first card first, and how many of its cards are dealt.
    pub fn deal(&self) -> (&[u8], usize) {
        (&self.deck, self.next)
    }

    /// The seat's cards, in the order dealt.
    pub fn hole(&self, plan: &EnginePlan, seat: usize) -> &[u8] {
        &self.cards[seat * plan.game.per_seat..][..self.held[seat]]
    }
}

#[cfg(test)]
mod batch_tests;
#[cfg(test)]
mod tests;
