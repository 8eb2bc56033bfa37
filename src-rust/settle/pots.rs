//! Checking the input, returning the uncalled bet and cutting the pots at
//! the all-in levels.

use super::{SeatSet, MAX_SEATS};
use crate::error::{Error, Result};

/// Rejects input no hand could produce, before anything is computed.
pub(super) fn check(
    contributions: &[u64],
    high: &[Option<i64>],
    low: Option<&[Option<i64>]>,
    button: usize,
) -> Result<()> {
    let n = contributions.len();
    if n > MAX_SEATS {
        return Err(Error::TooManySeats { got: n });
    }
    if high.len() != n {
        return Err(Error::SeatCount {
            what: "high",
            got: high.len(),
            expected: n,
        });
    }
    if let Some(low) = low {
        if low.len() != n {
            return Err(Error::SeatCount {
                what: "low",
                got: low.len(),
                expected: n,
            });
        }
        if let Some(seat) = (0..n).find(|&i| high[i].is_none() && low[i].is_some()) {
            return Err(Error::LowForFoldedSeat { seat });
        }
    }
    if high.iter().all(Option::is_none) {
        return Err(Error::NoLiveSeat);
    }
    if button >= n {
        return Err(Error::ButtonOutOfRange {
            button: button.to_string(),
            seats: n,
        });
    }
    contributions
        .iter()
        .try_fold(0u64, |sum, &c| sum.checked_add(c))
        .ok_or(Error::ChipOverflow)?;
    Ok(())
}

/// The hand cut into pots, before they are split.
pub(super) struct Cut {
    /// The uncalled bet returned, and the chips only folded seats reached,
    /// one entry per seat.
    pub refunds: Vec<u64>,
    /// `(amount, eligible)` of each pot, main pot first.
    pub pots: Vec<(u64, SeatSet)>,
}

/// Rejects dead chips that do not fit the contributions.
pub(super) fn check_dead(contributions: &[u64], dead: &[u64]) -> Result<()> {
    if dead.len() != contributions.len() {
        return Err(Error::SeatCount {
            what: "dead",
            got: dead.len(),
            expected: contributions.len(),
        });
    }
    for (seat, (&c, &d)) in contributions.iter().zip(dead).enumerate() {
        if d > c {
            return Err(Error::DeadOverContribution {
                seat,
                dead: d,
                contributed: c,
            });
        }
    }
    Ok(())
}

/// Returns the uncalled bet and cuts the pots. Input must have passed
/// [`check`] (and [`check_dead`]). Dead chips (antes) are never refunded
/// and do not set all-in levels: they all go to the main pot, which every
/// live seat contests. Live chips above the largest live stake, which only
/// folded seats reached, go back to the seats that put them in, with the
/// uncalled bet (docs/rules.md §8).
pub(super) fn build(contributions: &[u64], dead: Option<&[u64]>, high: &[Option<i64>]) -> Cut {
    let n = contributions.len();
    let mut live = [0u64; MAX_SEATS];
    live[..n].copy_from_slice(contributions);
    let mut dead_total = 0u64;
    if let Some(dead) = dead {
        for (l, &d) in live.iter_mut().zip(dead) {
            *l -= d;
            dead_total += d;
        }
    }
    let contributions = &live[..n];
    // The uncalled part of the largest bet: largest minus second largest.
    let (mut top, mut first, mut second) = (0usize, 0u64, 0u64);
    for (seat, &c) in contributions.iter().enumerate() {
        if c > first {
            second = first;
            first = c;
            top = seat;
        } else if c > second {
            second = c;
        }
    }
    let mut refunds = vec![0u64; n];
    let mut stake = [0u64; MAX_SEATS];
    stake[..n].copy_from_slice(contributions);
    if first > second {
        refunds[top] = first - second;
        stake[top] = second;
    }

    // The all-in levels: the distinct non-zero stakes of live seats, sorted.
    let mut levels = [0u64; MAX_SEATS];
    let mut count = 0;
    for (&s, h) in stake[..n].iter().zip(high) {
        if h.is_some() && s > 0 {
            let at = levels[..count].partition_point(|&l| l < s);
            if at == count || levels[at] != s {
                levels.copy_within(at..count, at + 1);
                levels[at] = s;
                count += 1;
            }
        }
    }
    let levels = &levels[..count];

    // Chips above the top live level were put in by folded seats only, so
    // no live seat can win them: they go back to whoever put them in, as
    // an uncalled bet does (docs/rules.md §8, resolution).
    let top_level = levels.last().copied().unwrap_or(0);
    for (seat, s) in stake[..n].iter_mut().enumerate() {
        if *s > top_level {
            refunds[seat] += *s - top_level;
            *s = top_level;
        }
    }
    let stake = &stake[..n];

    let mut pots = Vec::with_capacity(count);
    let mut below = 0u64;
    for &level in levels {
        let mut amount = 0u64;
        let mut eligible = SeatSet::default();
        for (seat, (&s, h)) in stake.iter().zip(high).enumerate() {
            // The total was checked, so no part of it overflows.
            amount += s.min(level) - s.min(below);
            if h.is_some() && s >= level {
                eligible.insert(seat);
            }
        }
        pots.push((amount, eligible));
        below = level;
    }
    if dead_total > 0 {
        // The main pot holds the dead chips and every live seat contests
        // it, a seat all in on its ante (live stake 0) included: then the
        // dead chips are a pot of their own, below the first level.
        let mut everyone = SeatSet::default();
        for (seat, h) in high.iter().enumerate() {
            if h.is_some() {
                everyone.insert(seat);
            }
        }
        match pots.first_mut() {
            Some(main) if main.1 == everyone => main.0 += dead_total,
            _ => pots.insert(0, (dead_total, everyone)),
        }
    }
    Cut { refunds, pots }
}
