//! The end of a hand (`hoyle._ending`, docs/rules.md §4 and §8): each live
//! seat's values from the core's evaluators, the settlement from
//! `crate::settle`, and the payout onto the stacks. A natural-high game
//! ends in `settle::showdown`, the call `Hand` makes.

use super::{EnginePlan, TableState, MAX_SEATS};
use crate::settle::{self, settle_with_dead};

/// Each seat's value at a showdown (None: folded, or no qualifying low).
pub type Values<'a> = &'a [Option<i64>];

impl TableState {
    /// Ends the hand: shows down, settles and pays.
    pub(super) fn finish(&mut self, plan: &EnginePlan) {
        self.actor = None;
        let payouts = if plan.game.plain_high {
            self.plain_showdown(plan)
        } else {
            let low = self.values(plan);
            settle_with_dead(
                &self.contrib,
                self.dead(),
                &self.high,
                low.then_some(&self.low[..]),
                self.button,
                plan.game.rake,
            )
            .map(|s| s.payouts)
        };
        // The core settles every state a hand reaches (docs/rules.md §8);
        // an error is kept for the caller to raise, never chips lost.
        match payouts {
            Ok(payouts) => {
                for (stack, won) in self.stacks.iter_mut().zip(payouts) {
                    *stack += won;
                }
            }
            Err(err) => self.refused = Some(err),
        }
    }

    /// The values a finished hand of a game that is not natural high was
    /// settled on: each seat's high value and, when the settlement had a
    /// low half, its low one (what `settle_with_dead` was given); None for
    /// a natural-high game (its `settle::showdown` keeps none here).
    pub fn settled_values(&self, plan: &EnginePlan) -> Option<(Values<'_>, Option<Values<'_>>)> {
        if plan.game.plain_high || self.actor.is_some() {
            return None;
        }
        let alone = self.folded[..self.n].iter().filter(|&&f| !f).count() == 1;
        let halves = !alone && plan.game.high && plan.low.is_some();
        Some((&self.high[..self.n], halves.then_some(&self.low[..self.n])))
    }

    /// `settle::showdown`: values, settlement and payouts in one call.
    fn plain_showdown(&self, plan: &EnginePlan) -> crate::Result<Vec<u64>> {
        let mut hands: [Option<&[u8]>; MAX_SEATS] = [None; MAX_SEATS];
        for (s, hand) in hands.iter_mut().enumerate().take(self.n) {
            if !self.folded[s] {
                *hand = Some(self.hole(plan, s));
            }
        }
        let table = settle::ShowdownInput {
            stacks: &self.stacks,
            contributions: &self.contrib,
            dead: self.dead(),
            hands: &hands[..self.n],
            board: &self.board,
            button: self.button,
            rake: plan.game.rake,
        };
        settle::showdown(&table).map(|s| s.settlement.payouts)
    }

    /// Each seat's high and low value (`Ending._values` with
    /// `hoyle.values.values`): None for a folded seat, 0 for the last seat
    /// left; in a low-only game the low value (0: none) plays as the high.
    /// Returns whether the settlement has a low half.
    fn values(&mut self, plan: &EnginePlan) -> bool {
        let alone = self.folded.iter().filter(|&&f| !f).count() == 1;
        let mut all = [0u8; 16];
        for s in 0..self.n {
            self.high[s] = None;
            self.low[s] = None;
            if self.folded[s] {
                continue;
            }
            if alone {
                self.high[s] = Some(0);
                continue;
            }
            let hole = &self.cards[s * plan.game.per_seat..][..self.held[s]];
            let low = plan.low.as_ref().map(|l| l.value(hole, &self.board));
            let low = low.filter(|&v| v > 0).map(i64::from);
            if !plan.game.high {
                self.high[s] = Some(low.unwrap_or(0));
                continue;
            }
            self.low[s] = low;
            let value = if plan.natural {
                let k = hole.len() + self.board.len();
                all[..hole.len()].copy_from_slice(hole);
                all[hole.len()..k].copy_from_slice(&self.board);
                u32::from(crate::eval::high::value_of(&all[..k]))
            } else {
                plan.high.value(hole, &self.board)
            };
            self.high[s] = Some(i64::from(value));
        }
        !alone && plan.game.high && plan.low.is_some()
    }
}
