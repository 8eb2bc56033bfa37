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
//! the seats. Sections, in order (name, size):
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
//! A history record: the seat one-hot (relative) [n], the kind one-hot
//! [9] (ante, blind, bring-in, fold, check, call, bet, raise, draw), the
//! amount / unit [1], and for a draw the number of cards replaced [1].
//!
//! A chip amount / unit is `float(chips) / float(unit)` in doubles,
//! rounded to the nearest float32.
//!
//! **The mask** ([`mask`]) and the abstraction's index layout are in
//! [`Abstraction`]'s documentation.

mod mask;

pub use mask::{mask, raise_total, Abstraction, Decision};

/// The kinds of a history record, in the order of the one-hot.
pub const KINDS: [&str; 9] = [
    "ante", "blind", "bring-in", "fold", "check", "call", "bet", "raise", "draw",
];

/// The kind index of a record's kind name (see [`KINDS`]).
pub fn kind_of(name: &str) -> Option<u8> {
    Some(match name {
        "ante" => 0,
        "blind" => 1,
        "bring-in" => 2,
        "fold" => 3,
        "check" => 4,
        "call" => 5,
        "bet" => 6,
        "raise" => 7,
        "draw" => 8,
        _ => return None,
    })
}

/// No card at this id in the deck (the lookup's marker).
const ABSENT: u8 = u8::MAX;

/// Card ids the lookup covers: 0..=53 are the cards and jokers.
const IDS: usize = 64;

/// What an observation's layout depends on: fixed for a game, a number of
/// seats and a window. Build it with [`Shape::new`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
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
}

impl Shape {
    /// The shape of a game's observations. `deck` holds distinct ids below
    /// 64 and at most 255 cards; `unit` is at least 1 (a 0 is read as 1).
    pub fn new(
        seats: usize,
        deck: Vec<u8>,
        streets: usize,
        window: usize,
        has_up: bool,
        unit: u64,
    ) -> Shape {
        let mut position = [ABSENT; IDS];
        for (i, &c) in deck.iter().enumerate() {
            if (c as usize) < IDS && position[c as usize] == ABSENT && i < ABSENT as usize {
                position[c as usize] = i as u8;
            }
        }
        Shape {
            seats,
            deck,
            streets,
            window,
            has_up,
            unit: unit.max(1),
            position,
        }
    }

    /// The card's position in the deck, or None when the deck lacks it.
    #[inline]
    pub fn position(&self, card: u8) -> Option<usize> {
        match self.position.get(card as usize) {
            Some(&p) if p != ABSENT => Some(p as usize),
            _ => None,
        }
    }

    /// The sections as (name, offset, size), in order: `Layout.fields`.
    pub fn fields(&self) -> Vec<(&'static str, usize, usize)> {
        let (n, k) = (self.seats, self.deck.len());
        let sizes = [
            ("hole", k),
            ("board", k),
            ("up", if self.has_up { n * k } else { 0 }),
            ("stacks", n),
            ("bets", n),
            ("contributions", n),
            ("pot", 1),
            ("to_call", 1),
            ("active", n),
            ("position", n),
            ("street", self.streets),
            ("drawing", 1),
            ("history", self.window * (n + 11)),
        ];
        let mut offset = 0;
        sizes
            .iter()
            .map(|&(name, size)| {
                let field = (name, offset, size);
                offset += size;
                field
            })
            .collect()
    }

    /// The length of an observation: `Layout.size`.
    pub fn size(&self) -> usize {
        let (n, k) = (self.seats, self.deck.len());
        let up = if self.has_up { n * k } else { 0 };
        2 * k + up + 5 * n + 3 + self.streets + self.window * (n + 11)
    }
}

/// One record of a hand's history, as the observation reads it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The absolute seat.
    pub seat: u8,
    /// 0..=8: ante, blind, bring-in, fold, check, call, bet, raise, draw ([`KINDS`]).
    pub kind: u8,
    /// The chips the action put in.
    pub amount: u64,
    /// For a draw, the number of cards replaced; else 0.
    pub drawn: u8,
}

/// A hand as seat `me` may see it (absolute seats; the encoder makes them
/// relative). Slices per seat have `Shape::seats` entries.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub me: usize,
    pub button: usize,
    /// The street's index; `Shape::streets` once the hand is over (also
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

/// Writes seat `view.me`'s observation into `out[..shape.size()]` (every
/// entry). Cards the deck lacks are left out.
///
/// # Panics
/// When `out` is shorter than `shape.size()`, or a per-seat slice of
/// `view` shorter than `shape.seats` (`up` too when `shape.has_up`), or
/// `view.me` / a record's seat is not below `shape.seats`.
pub fn encode(shape: &Shape, view: &View, out: &mut [f32]) {
    let n = shape.seats;
    let k = shape.deck.len();
    let unit = shape.unit;
    let me = view.me;
    let out = &mut out[..shape.size()];
    out.fill(0.0);
    let mut o = 0;
    cards(shape, view.hole, &mut out[o..o + k]);
    o += k;
    cards(shape, view.board, &mut out[o..o + k]);
    o += k;
    if shape.has_up {
        for r in 0..n {
            let seat = (me + r) % n;
            cards(shape, view.up[seat], &mut out[o + r * k..o + (r + 1) * k]);
        }
        o += n * k;
    }
    for amounts in [view.stacks, view.bets, view.contrib] {
        for r in 0..n {
            out[o + r] = per_unit(amounts[(me + r) % n], unit);
        }
        o += n;
    }
    let pot = view.contrib[..n]
        .iter()
        .fold(0u64, |a, &c| a.saturating_add(c));
    out[o] = per_unit(pot, unit);
    let bet = view.bets[..n].iter().copied().max().unwrap_or(0);
    let owed = bet - view.bets[me];
    out[o + 1] = per_unit(owed.min(view.stacks[me]), unit);
    o += 2;
    for r in 0..n {
        out[o + r] = if view.folded[(me + r) % n] { 0.0 } else { 1.0 };
    }
    o += n;
    out[o + (me + n - view.button % n) % n] = 1.0;
    o += n;
    if view.street < shape.streets {
        out[o + view.street] = 1.0;
    }
    o += shape.streets;
    out[o] = if view.drawing { 1.0 } else { 0.0 };
    o += 1;
    let w = shape.window;
    let recent = &view.history[view.history.len().saturating_sub(w)..];
    let width = n + 11;
    let mut slot = o + (w - recent.len()) * width;
    for record in recent {
        let row = &mut out[slot..slot + width];
        row[(record.seat as usize + n - me) % n] = 1.0;
        row[n + record.kind as usize] = 1.0;
        row[n + 9] = per_unit(record.amount, unit);
        row[n + 10] = record.drawn as f32;
        slot += width;
    }
}

/// One-hot of `ids` over the deck's positions into `out` (K entries).
#[inline]
fn cards(shape: &Shape, ids: &[u8], out: &mut [f32]) {
    for &c in ids {
        if let Some(p) = shape.position(c) {
            out[p] = 1.0;
        }
    }
}

#[cfg(test)]
mod tests;
