//! The reinforcement-learning view of a hand: the observation encoder and
//! the action mask of `hoyle.env`, written once here in plain Rust (no
//! Python). The table engine calls [`encode`], [`mask`] and
//! [`raise_total`] directly; the bindings (`py/observe.rs`) call the same
//! functions for a Python `Hand`. The Python reference (`Layout.encode`,
//! `Actions.mask` in `hoyle/env/`) is the test oracle: both agree bit for
//! bit.
//!
//! **The observation** ([`encode`]) is a float32 vector from the point of
//! view of one seat `me`; seats are relative, `r = (seat - me) mod n`
//! (0 is `me`, 1 its left). `K` is the size of the game's deck (a card is
//! one-hot at its position in the deck), `S` the number of streets, `n`
//! the seats. Sections, in order (name, size), as [`SECTIONS`] and
//! [`SECTION_SIZES`] declare them (the one table: [`Layout`] and Python's
//! reference `Layout` both read it):
//!
//! | section | size | content |
//! |---|---|---|
//! | hole | K | `me`'s cards, down and up |
//! | board | K | the community cards |
//! | up | n·K (0 without up cards) | each seat's face-up cards, block `r` |
//! | stacks | n | stack / unit, relative order |
//! | bets | n | this interval's bets / unit |
//! | contributions | n | the hand's contributions / unit |
//! | pot | 1 | sum of contributions / unit |
//! | to_call | 1 | min(max(bets) − bets[me], stacks[me]) / unit |
//! | active | n | 1 if the seat has not folded |
//! | position | n | one-hot at (me − button) mod n |
//! | street | S | one-hot at the street (all 0 once over) |
//! | drawing | 1 | 1 if the actor is to draw |
//! | history | window·(n+11) | the last `window` records, right-aligned |
//!
//! A history record ([`RECORD_EXTRA`] entries beside the seats): the seat
//! one-hot (relative) [n], the kind one-hot [9] ([`RECORD_KINDS`]: ante,
//! blind, bring-in, fold, check, call, bet, raise, draw), the amount /
//! unit [1], and for a draw the number of cards replaced [1].
//!
//! A chip amount / unit is `float(chips) / float(unit)` in doubles,
//! rounded to the nearest float32.
//!
//! **The mask** ([`mask`]) and the abstraction's index layout are in
//! [`Abstraction`]'s documentation.

mod mask;

pub use mask::{mask, raise_total, Abstraction, Decision};

use crate::hand::{numbered, RECORD_KINDS};

/// What a section's size counts (the module's table): `K` the cards of the
/// deck, `n` the seats, `S` the streets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Per {
    /// K entries: one per card of the deck.
    Card,
    /// n·K entries, a block of K per seat; 0 when no street deals up cards.
    SeatCard,
    /// n entries, one per seat (relative order).
    Seat,
    /// S entries, one per street.
    Street,
    /// 1 entry.
    One,
    /// window·(n + [`RECORD_EXTRA`]) entries: the history's records.
    Record,
}

impl Per {
    /// Its name in `hoyle._core.LAYOUT_SECTIONS` (read by Python's `Layout`).
    pub fn name(self) -> &'static str {
        match self {
            Per::Card => "card",
            Per::SeatCard => "seat card",
            Per::Seat => "seat",
            Per::Street => "street",
            Per::One => "one",
            Per::Record => "record",
        }
    }
}

numbered!(
    /// The sections of an observation, in order (the module's table).
    SECTIONS,
    /// Each section's position in [`SECTIONS`].
    section: usize,
    each SECTION_SIZES: Per {
        HOLE = "hole" => Per::Card,
        BOARD = "board" => Per::Card,
        UP = "up" => Per::SeatCard,
        STACKS = "stacks" => Per::Seat,
        BETS = "bets" => Per::Seat,
        CONTRIBUTIONS = "contributions" => Per::Seat,
        POT = "pot" => Per::One,
        TO_CALL = "to_call" => Per::One,
        ACTIVE = "active" => Per::Seat,
        POSITION = "position" => Per::Seat,
        STREET = "street" => Per::Street,
        DRAWING = "drawing" => Per::One,
        HISTORY = "history" => Per::Record,
    }
);

/// A history record's entries beside its seat one-hot: the kind one-hot
/// (one per [`RECORD_KINDS`]), the amount, the cards drawn. A record is
/// `n + RECORD_EXTRA` wide.
pub const RECORD_EXTRA: usize = RECORD_KINDS.len() + 2;

/// No card at this id in the deck (the lookup's marker).
const ABSENT: u8 = u8::MAX;

/// Card ids the lookup covers: 0..=53 are the cards and jokers.
const IDS: usize = 64;

/// What an observation's layout depends on: fixed for a game, a number of
/// seats and a window (Python's `Layout`). Build it with [`Layout::new`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub seats: usize,
    /// The game's deck, card ids in order (a card is one-hot at its position).
    pub deck: Vec<u8>,
    pub streets: usize,
    pub window: usize,
    /// Whether some street deals up cards (else the `up` section has size 0).
    pub has_up: bool,
    /// The chips of one big blind (every amount is chips / unit); at least 1.
    pub unit: u64,
    /// `position[id]`: the card's position in `deck`, [`ABSENT`] if none.
    position: [u8; IDS],
    /// Where each of [`SECTIONS`] starts.
    start: [usize; SECTIONS.len()],
    /// The length of an observation.
    size: usize,
}

impl Layout {
    /// The layout of a game's observations. `deck` holds distinct ids below
    /// 64 and at most 255 cards; `unit` is at least 1 (a 0 is read as 1).
    pub fn new(
        seats: usize,
        deck: Vec<u8>,
        streets: usize,
        window: usize,
        has_up: bool,
        unit: u64,
    ) -> Layout {
        let mut position = [ABSENT; IDS];
        for (i, &c) in deck.iter().enumerate() {
            if (c as usize) < IDS && position[c as usize] == ABSENT && i < ABSENT as usize {
                position[c as usize] = i as u8;
            }
        }
        let mut layout = Layout {
            seats,
            deck,
            streets,
            window,
            has_up,
            unit: unit.max(1),
            position,
            start: [0; SECTIONS.len()],
            size: 0,
        };
        let mut offset = 0;
        for (s, &per) in SECTION_SIZES.iter().enumerate() {
            layout.start[s] = offset;
            offset += layout.entries(per);
        }
        layout.size = offset;
        layout
    }

    /// The card's position in the deck, or None when the deck lacks it.
    #[inline]
    pub fn position(&self, card: u8) -> Option<usize> {
        match self.position.get(card as usize) {
            Some(&p) if p != ABSENT => Some(p as usize),
            _ => None,
        }
    }

    /// The entries of a section of this size (see [`Per`]).
    pub fn entries(&self, per: Per) -> usize {
        let (n, k) = (self.seats, self.deck.len());
        match per {
            Per::Card => k,
            Per::SeatCard if self.has_up => n * k,
            Per::SeatCard => 0,
            Per::Seat => n,
            Per::Street => self.streets,
            Per::One => 1,
            Per::Record => self.window * self.record(),
        }
    }

    /// Where section `section` (a [`section`] position) starts.
    #[inline]
    pub fn start(&self, section: usize) -> usize {
        self.start[section]
    }

    /// The width of one history record: `seats + RECORD_EXTRA`.
    #[inline]
    pub fn record(&self) -> usize {
        self.seats + RECORD_EXTRA
    }

    /// The sections as (name, offset, size), in order: `Layout.fields`.
    pub fn fields(&self) -> Vec<(&'static str, usize, usize)> {
        SECTIONS
            .iter()
            .zip(&SECTION_SIZES)
            .zip(&self.start)
            .map(|((&name, &per), &start)| (name, start, self.entries(per)))
            .collect()
    }

    /// The length of an observation: `Layout.size`.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }
}

/// One record of a hand's history, as the observation reads it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The absolute seat.
    pub seat: u8,
    /// A [`crate::hand::kind`]: ante, blind, bring-in, fold, check, call,
    /// bet, raise, draw (the order of [`RECORD_KINDS`]).
    pub kind: u8,
    /// The chips the action put in.
    pub amount: u64,
    /// For a draw, the number of cards replaced; else 0.
    pub drawn: u8,
}

/// A hand as seat `me` may see it (absolute seats; the encoder makes them
/// relative). Slices per seat have `Layout::seats` entries.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub me: usize,
    pub button: usize,
    /// The street's index; `Layout::streets` once the hand is over (also
    /// when folds end it early: no street is then one-hot).
    pub street: usize,
    /// Whether the actor is to draw.
    pub drawing: bool,
    /// `me`'s cards, down and up.
    pub hole: &'a [u8],
    pub board: &'a [u8],
    /// Each absolute seat's face-up cards; may be empty when `!has_up`.
    pub up: &'a [&'a [u8]],
    pub stacks: &'a [u64],
    pub bets: &'a [u64],
    pub contrib: &'a [u64],
    pub folded: &'a [bool],
    /// The whole history, oldest first (only the last `window` are read).
    pub history: &'a [Record],
}

/// `x / unit` as the reference computes it: `float(x) / float(unit)` in
/// doubles (each int rounded to the nearest double), then rounded to the
/// nearest float32 as numpy stores it.
#[inline]
pub fn per_unit(x: u64, unit: u64) -> f32 {
    (x as f64 / unit as f64) as f32
}

/// Writes seat `view.me`'s observation into `out[..layout.size()]` (every
/// entry). Cards the deck lacks are left out.
///
/// # Panics
/// When `out` is shorter than `layout.size()`, or a per-seat slice of
/// `view` shorter than `layout.seats` (`up` too when `layout.has_up`), or
/// `view.me` / a record's seat is not below `layout.seats`.
pub fn encode(layout: &Layout, view: &View, out: &mut [f32]) {
    let n = layout.seats;
    let k = layout.deck.len();
    let me = view.me;
    let at = |s: usize| layout.start(s);
    // [`per_unit`]: a power of two's reciprocal is exact, so its product is
    // the quotient to the bit, without a division
    let unit = layout.unit;
    let exact = unit.is_power_of_two().then(|| 1.0 / unit as f64);
    let per_unit = |x: u64| match exact {
        Some(r) => (x as f64 * r) as f32,
        None => per_unit(x, unit),
    };
    let out = &mut out[..layout.size()];
    // the seats from `me`'s on round the table (`(me + r) % n` for each r)
    let round = || (me..n).chain(0..me.min(n));
    out.fill(0.0);
    cards(layout, view.hole, &mut out[at(section::HOLE)..][..k]);
    cards(layout, view.board, &mut out[at(section::BOARD)..][..k]);
    if layout.has_up {
        let o = at(section::UP);
        for (r, seat) in round().enumerate() {
            cards(layout, view.up[seat], &mut out[o + r * k..o + (r + 1) * k]);
        }
    }
    for (s, amounts) in [
        (section::STACKS, view.stacks),
        (section::BETS, view.bets),
        (section::CONTRIBUTIONS, view.contrib),
    ] {
        let o = at(s);
        for (r, seat) in round().enumerate() {
            out[o + r] = per_unit(amounts[seat]);
        }
    }
    let pot = view.contrib[..n]
        .iter()
        .fold(0u64, |a, &c| a.saturating_add(c));
    out[at(section::POT)] = per_unit(pot);
    let bet = view.bets[..n].iter().copied().max().unwrap_or(0);
    let owed = bet - view.bets[me];
    out[at(section::TO_CALL)] = per_unit(owed.min(view.stacks[me]));
    let o = at(section::ACTIVE);
    for (r, seat) in round().enumerate() {
        out[o + r] = if view.folded[seat] { 0.0 } else { 1.0 };
    }
    out[at(section::POSITION) + (me + n - view.button % n) % n] = 1.0;
    if view.street < layout.streets {
        out[at(section::STREET) + view.street] = 1.0;
    }
    out[at(section::DRAWING)] = if view.drawing { 1.0 } else { 0.0 };
    let w = layout.window;
    let recent = &view.history[view.history.len().saturating_sub(w)..];
    let width = layout.record();
    let mut slot = at(section::HISTORY) + (w - recent.len()) * width;
    for record in recent {
        let row = &mut out[slot..slot + width];
        let seat = record.seat as usize + n - me; // (below 2n: one subtraction, not a division)
        row[if seat >= n { seat - n } else { seat }] = 1.0;
        row[n + record.kind as usize] = 1.0;
        row[n + RECORD_KINDS.len()] = per_unit(record.amount);
        row[n + RECORD_KINDS.len() + 1] = record.drawn as f32;
        slot += width;
    }
}

/// One-hot of `ids` over the deck's positions into `out` (K entries).
#[inline]
fn cards(layout: &Layout, ids: &[u8], out: &mut [f32]) {
    for &c in ids {
        if let Some(p) = layout.position(c) {
            out[p] = 1.0;
        }
    }
}

#[cfg(test)]
mod tests;
