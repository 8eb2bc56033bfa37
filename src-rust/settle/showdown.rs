//! The end of a natural-high hand in one call: each live seat's high value
//! from its cards and the board, the settlement, and the stacks after it
//! (the hot end of a hold'em hand in `hoyle.Hand`; docs/rules.md §2, §4
//! and §8).

use super::{settle_with_dead, Rake, Settlement};
use crate::error::{Error, Result};
use crate::eval::high;

/// A hand at its showdown, one entry per seat in every slice.
#[derive(Clone, Copy, Debug)]
pub struct ShowdownInput<'a> {
    /// Chips behind each seat before the pots are paid out.
    pub stacks: &'a [u64],
    /// Everything each seat put in this hand.
    pub contributions: &'a [u64],
    /// The dead part (antes) of each contribution, if any.
    pub dead: Option<&'a [u64]>,
    /// Each seat's own cards, `None` when it folded or mucked.
    pub hands: &'a [Option<&'a [u8]>],
    /// The shared cards (at most 5).
    pub board: &'a [u8],
    /// The button, which fixes who gets odd chips.
    pub button: usize,
    pub rake: Option<Rake>,
}

/// What a showdown gives back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Showdown {
    /// Each live seat's high value (0 for the last seat left when every
    /// other seat folded), `None` for a folded seat: what [`settle`]
    /// was given.
    ///
    /// [`settle`]: super::settle
    pub high: Vec<Option<i64>>,
    /// The settlement of the hand.
    pub settlement: Settlement,
    /// Each seat's stack plus its payout.
    pub stacks: Vec<u64>,
}

/// The high value of `own` with the `board` (already in `hand[..board]`).
#[inline(always)]
fn value(hand: &mut [u8; 7], board: usize, own: &[u8]) -> Result<i64> {
    let k = board + own.len();
    if k > 7 {
        return Err(Error::HandSize {
            what: "the hand",
            got: k,
            allowed: "a high hand is evaluated from 5, 6 or 7 cards",
        });
    }
    hand[board..k].copy_from_slice(own);
    Ok(high::evaluate(&hand[..k])? as i64)
}

/// Values every live hand, settles the pots and pays them onto the
/// stacks. A seat left alone wins without showing (value 0); otherwise
/// every live seat's cards and the board must make 5 to 7 distinct
/// natural cards.
///
/// ```
/// use _core::settle::{showdown, ShowdownInput};
/// // Heads-up, 2 chips each: A-K of clubs beats 2-3 of diamonds.
/// let (ak, low): (&[u8], &[u8]) = (&[48, 44], &[1, 5]);
/// let t = ShowdownInput {
///     stacks: &[5, 5],
///     contributions: &[2, 2],
///     dead: None,
///     hands: &[Some(ak), Some(low)],
///     board: &[10, 20, 30, 40, 50],
///     button: 0,
///     rake: None,
/// };
/// let s = showdown(&t).unwrap();
/// assert_eq!(s.stacks, vec![9, 5]);
/// assert_eq!(s.settlement.payouts, vec![4, 0]);
/// ```
#[inline]
pub fn showdown(t: &ShowdownInput<'_>) -> Result<Showdown> {
    let n = t.stacks.len();
    if t.hands.len() != n {
        return Err(Error::SeatCount {
            what: "hands",
            got: t.hands.len(),
            expected: n,
        });
    }
    let shared = t.board.len();
    if shared > 5 {
        return Err(Error::HandSize {
            what: "the board",
            got: shared,
            allowed: "a board holds at most 5 cards",
        });
    }
    let mut hand = [0u8; 7];
    hand[..shared].copy_from_slice(t.board);
    let alone = t.hands.iter().filter(|h| h.is_some()).count() == 1;
    let mut high = Vec::with_capacity(n);
    for own in t.hands {
        high.push(match own {
            None => None,
            Some(_) if alone => Some(0),
            Some(own) => Some(value(&mut hand, shared, own)?),
        });
    }
    let settlement = settle_with_dead(t.contributions, t.dead, &high, None, t.button, t.rake)?;
    let mut stacks = Vec::with_capacity(n);
    for (stack, won) in t.stacks.iter().zip(&settlement.payouts) {
        stacks.push(stack.checked_add(*won).ok_or(Error::ChipOverflow)?);
    }
    Ok(Showdown {
        high,
        settlement,
        stacks,
    })
}
