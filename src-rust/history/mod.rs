//! A PHH hand read and replayed in the core (issue 29): the action lines
//! of the common shapes (hold'em and Omaha as online rooms and broadcasts
//! write them) read into the deck in hoyle's dealing order, then played on
//! the table engine ([`crate::table`], `hoyle.Hand`'s rules bit for bit).
//!
//! This is a fast path, not a second reference: `hoyle.history`'s Python
//! reader and `Hand` stay the reference. [`replay`] reads only what it
//! understands exactly as the Python reader does (`hoyle.history.deal`,
//! `cards`, `plan`, `replay`) and returns `None` for anything else, also
//! for every file the reference refuses (an illegal action, a card dealt
//! twice, a bad amount...), so the caller replays those through the
//! reference, which says what is wrong. `tests/history/test_native.py`
//! checks the two agree on every field of every hand.
//!
//! Modules: `toml` (the part of TOML that PHH files use), `read` (the
//! action lines, the cards and the deck), this one (the play).

mod read;
pub mod toml;

use crate::table::{EnginePlan, TableState};
pub use read::Read;

/// What a replay is given besides the action lines.
pub struct Setup<'a> {
    /// Player `k` (`p{k+1}`) sits in hoyle seat `seat_of[k]`.
    pub seat_of: &'a [usize],
    /// The seats in dealing order (the button's left first).
    pub order: &'a [usize],
    /// The starting stacks, by hoyle seat (in chips times `scale`).
    pub stacks: &'a [u64],
    /// The seats whose stacks the file does not know (`inf`): each plays
    /// a deep stack (`stakes.deep_stack`), whatever `stacks` says.
    pub deep: &'a [usize],
    pub button: usize,
    /// Chips per unit of the file.
    pub scale: u64,
    /// Refuse a skipped fold instead of supplying it.
    pub strict: bool,
    /// Actions that end before the hand does give the table where they end,
    /// a seat to act (`HandHistory.replay(partial=True)`).
    pub partial: bool,
}

/// A replay: the table at the end (or where a partial replay stops), the deck it was dealt, the
/// folds the file left out and the seats whose cards it never shows.
pub struct Replayed {
    pub table: TableState,
    /// The deal, first card first (`Game.start(deck=...)`'s).
    pub deck: Vec<u8>,
    /// `(player index, action index)` of each fold supplied.
    pub repairs: Vec<(usize, usize)>,
    /// The hoyle seats the file never shows (sorted).
    pub hidden: Vec<usize>,
}

/// An action kind of [`Read::acts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    Fold,
    CheckCall,
    /// A bet or raise to a total.
    To(u64),
}

/// Reads and plays one hand; `None` when the lines are not ones this path
/// reads, or the reference would refuse them, or the hand does not end.
pub fn replay<'a>(
    plan: &EnginePlan,
    lines: impl Iterator<Item = &'a str>,
    setup: &Setup<'_>,
) -> Option<Replayed> {
    let n = setup.stacks.len();
    if setup.seat_of.len() != n || setup.order.len() != n || setup.button >= n {
        return None;
    }
    let read = Read::lines(plan, lines, setup)?;
    let deck = read.deck(plan, setup)?;
    let hidden = read.hidden();
    let mut stacks = setup.stacks.to_vec();
    if !setup.deep.is_empty() {
        let deep = deep_stack(plan, &read)?;
        for &s in setup.deep {
            *stacks.get_mut(s)? = deep;
        }
    }
    // (every stack above zero, their sum at most hoyle.MAX_CHIPS: start_hand's checks)
    if stacks.contains(&0) {
        return None;
    }
    stacks.iter().try_fold(0u64, |a, &b| a.checked_add(b))?;
    let mut table = TableState::new(plan, &stacks).ok()?;
    if !table.start_dealt(plan, &deck, setup.button) {
        return None;
    }
    let mut repairs = Vec::new();
    for &(act, seat, index) in &read.acts {
        let mut actor = table.actor();
        while actor.is_some_and(|a| a != seat) && !setup.strict {
            let legal = table.legal(plan);
            if !legal.can_fold || table.folded()[seat] {
                break;
            }
            let a = actor?;
            repairs.push((setup.seat_of.iter().position(|&s| s == a)?, index));
            table.fold(plan).ok()?;
            actor = table.actor();
        }
        if actor != Some(seat) {
            return None;
        }
        match act {
            Act::Fold => table.fold(plan).ok()?,
            Act::CheckCall => {
                let bets = table.bets();
                let top = bets.iter().copied().max().unwrap_or(0);
                if bets[seat] >= top && table.legal(plan).can_check {
                    table.check(plan).ok()?;
                } else {
                    table.call(plan).ok()?;
                }
            }
            Act::To(total) => {
                let total = capped(&table, plan, seat, total);
                table.raise_to(plan, total).ok()?;
            }
        }
    }
    let stopped = !table.is_over() && setup.partial && table.actor().is_some();
    if !(table.is_over() || stopped) || table.failure().is_some() {
        return None;
    }
    Some(Replayed {
        table,
        deck,
        repairs,
        hidden,
    })
}

/// One chip more than every chip the forced bets and the file's bets and
/// raises could take from a seat (`stakes.deep_stack`): no seat whose
/// stack is unknown is ever all in. None past `u64`.
fn deep_stack(plan: &EnginePlan, read: &Read) -> Option<u64> {
    let game = &plan.game;
    let mut total = game.ante;
    for &x in game.antes.iter().chain(&game.blinds) {
        total = total.checked_add(x)?;
    }
    for &(act, _, _) in &read.acts {
        if let Act::To(x) = act {
            total = total.checked_add(x)?;
        }
    }
    total.checked_add(1)
}

/// A raise to exactly what the deepest opponent can match, below the
/// minimum raise, is read as the minimum raise (`replay._capped`: PokerKit
/// before 0.7.4 wrote such raises).
fn capped(table: &TableState, plan: &EnginePlan, seat: usize, total: u64) -> u64 {
    let Some((lo, _)) = table.legal(plan).raise else {
        return total;
    };
    if total >= lo {
        return total;
    }
    let (bets, stacks, folded) = (table.bets(), table.stacks(), table.folded());
    let reach = (0..bets.len())
        .filter(|&s| s != seat && !folded[s])
        .map(|s| bets[s].saturating_add(stacks[s]))
        .max()
        .unwrap_or(0);
    let top = bets.iter().copied().max().unwrap_or(0);
    if total > top && total >= reach {
        lo
    } else {
        total
    }
}

#[cfg(test)]
mod tests;
