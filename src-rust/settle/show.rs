//! The settlement in words: one line a pot, then one a refund, if any.
//!
//! ```text
//! main pot 120, seats 0 1 2: high seat 1 (120)
//! side pot 1 61, seats 0 1 3, rake 3: high seat 1 (29); low seat 0 (15), seat 3 (14)
//! refund: seat 0 (50)
//! ```

use super::{split, Pot, SeatSet, Settlement};
use std::fmt;

fn seats(f: &mut fmt::Formatter<'_>, set: SeatSet) -> fmt::Result {
    for seat in set.iter() {
        write!(f, " {seat}")?;
    }
    Ok(())
}

fn half(
    f: &mut fmt::Formatter<'_>,
    name: &str,
    chips: u64,
    winners: SeatSet,
    settlement: &Settlement,
) -> fmt::Result {
    let n = settlement.payouts.len();
    let mut shares = vec![0u64; n];
    split::share_out(chips, winners, settlement.button, n, &mut shares);
    write!(f, "{name}")?;
    for (i, seat) in winners.iter().enumerate() {
        let sep = if i == 0 { " " } else { ", " };
        write!(f, "{sep}seat {seat} ({})", shares[seat])?;
    }
    Ok(())
}

fn pot(f: &mut fmt::Formatter<'_>, index: usize, pot: &Pot, s: &Settlement) -> fmt::Result {
    match index {
        0 => write!(f, "main pot {}, seats", pot.amount)?,
        i => write!(f, "side pot {i} {}, seats", pot.amount)?,
    }
    seats(f, pot.eligible)?;
    if pot.rake > 0 {
        write!(f, ", rake {}", pot.rake)?;
    }
    f.write_str(": ")?;
    half(f, "high", pot.high_half, pot.high_winners, s)?;
    if !pot.low_winners.is_empty() {
        f.write_str("; ")?;
        half(f, "low", pot.low_half, pot.low_winners, s)?;
    }
    Ok(())
}

impl fmt::Display for Settlement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (i, p) in self.pots.iter().enumerate() {
            if !first {
                f.write_str("\n")?;
            }
            first = false;
            pot(f, i, p, self)?;
        }
        for (seat, &chips) in self.refunds.iter().enumerate() {
            if chips > 0 {
                if !first {
                    f.write_str("\n")?;
                }
                first = false;
                write!(f, "refund: seat {seat} ({chips})")?;
            }
        }
        if first {
            f.write_str("no chips in the pot")?;
        }
        Ok(())
    }
}
