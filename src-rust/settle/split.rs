//! Settling one pot alone: rake, the high and low halves, ties and odd
//! chips.

use super::{Pot, Rake, SeatSet};

/// The seats of `among` holding the largest value.
fn best(values: &[Option<i64>], among: SeatSet) -> SeatSet {
    let mut top: Option<i64> = None;
    let mut winners = SeatSet::default();
    for seat in among.iter() {
        if let Some(v) = values[seat] {
            match top {
                Some(t) if v < t => {}
                Some(t) if v == t => winners.insert(seat),
                _ => {
                    top = Some(v);
                    winners = SeatSet::default();
                    winners.insert(seat);
                }
            }
        }
    }
    winners
}

/// Adds `chips` to `shares`, split evenly among `winners`; the leftover
/// chips go one each to the winners first in seat order from the button's
/// left (the button last).
pub(super) fn share_out(chips: u64, winners: SeatSet, button: usize, n: usize, shares: &mut [u64]) {
    let k = winners.len() as u64;
    let (each, mut odd) = (chips / k, chips % k);
    for seat in winners.iter() {
        shares[seat] += each;
    }
    let mut seat = button;
    while odd > 0 {
        seat = if seat + 1 == n { 0 } else { seat + 1 };
        if winners.contains(seat) {
            shares[seat] += 1;
            odd -= 1;
        }
    }
}

/// Settles a pot of `amount` chips among `eligible` (not empty, all live).
pub(super) fn split(
    amount: u64,
    eligible: SeatSet,
    high: &[Option<i64>],
    low: Option<&[Option<i64>]>,
    button: usize,
    n: usize,
    rake: Option<Rake>,
) -> Pot {
    let rake = rake.map_or(0, |r| r.on(amount));
    let net = amount - rake;
    let high_winners = best(high, eligible);
    let low_winners = low.map_or(SeatSet::default(), |low| best(low, eligible));
    let (high_half, low_half) = if low_winners.is_empty() {
        (net, 0)
    } else {
        (net - net / 2, net / 2)
    };
    let mut shares = vec![0u64; n];
    share_out(high_half, high_winners, button, n, &mut shares);
    if low_half > 0 {
        share_out(low_half, low_winners, button, n, &mut shares);
    }
    Pot {
        amount,
        rake,
        eligible,
        high_winners,
        low_winners,
        high_half,
        low_half,
        shares,
    }
}
