//! The invariants of a settled [`Pot`] and [`Settlement`], checked when
//! one is remade from its parts (unpickling): every chip accounted for,
//! seats distinct, increasing and at the table, winners among the
//! eligible, one entry per seat everywhere.

use super::{Pot, SeatSet, Settlement, MAX_SEATS};
use crate::error::{Error, Result};

fn unrestorable(what: &'static str, why: impl Into<String>) -> Error {
    Error::Unrestorable {
        what,
        why: why.into(),
    }
}

/// A set of seats from a list: increasing seats below `n` (which is at
/// most [`MAX_SEATS`]).
fn seat_set(field: &str, seats: &[usize], n: usize) -> Result<SeatSet> {
    let mut set = SeatSet::default();
    let mut last = None;
    for &seat in seats {
        if seat >= n || last.is_some_and(|l| seat <= l) {
            return Err(unrestorable(
                "Pot",
                format!("{field} must be increasing seats below {n}"),
            ));
        }
        last = Some(seat);
        set.insert(seat);
    }
    Ok(set)
}

/// The seat lists of a pot being remade: `eligible`, `high_winners`,
/// `low_winners`.
pub struct PotSeats<'a> {
    pub eligible: &'a [usize],
    pub high_winners: &'a [usize],
    pub low_winners: &'a [usize],
}

impl Pot {
    /// A pot remade from its parts, checked: at most [`MAX_SEATS`] seats
    /// (one share each), seat lists increasing and below that, and what
    /// [`Pot::check`] checks.
    pub fn restore(
        amount: u64,
        rake: u64,
        seats: PotSeats<'_>,
        high_half: u64,
        low_half: u64,
        shares: Vec<u64>,
    ) -> Result<Pot> {
        let n = shares.len();
        if n > MAX_SEATS {
            return Err(Error::TooManySeats { got: n });
        }
        let pot = Pot {
            amount,
            rake,
            eligible: seat_set("eligible", seats.eligible, n)?,
            high_winners: seat_set("high_winners", seats.high_winners, n)?,
            low_winners: seat_set("low_winners", seats.low_winners, n)?,
            high_half,
            low_half,
            shares,
        };
        pot.check()?;
        Ok(pot)
    }

    /// Checks that the pot's rake and halves add up to its amount, its
    /// shares to its halves, and that it has eligible seats, a high winner
    /// and no winner outside the eligible.
    pub fn check(&self) -> Result<()> {
        let halves = self.high_half.checked_add(self.low_half);
        let shared = self
            .shares
            .iter()
            .try_fold(0u64, |sum, &s| sum.checked_add(s));
        if halves.and_then(|h| h.checked_add(self.rake)) != Some(self.amount) || shared != halves {
            return Err(unrestorable(
                "Pot",
                "its rake, halves and shares do not add up to its amount",
            ));
        }
        let winners = self.high_winners.0 | self.low_winners.0;
        if self.eligible.is_empty()
            || self.high_winners.is_empty()
            || winners & !self.eligible.0 != 0
        {
            return Err(unrestorable(
                "Pot",
                "its winners must be among its eligible seats",
            ));
        }
        Ok(())
    }
}

impl Settlement {
    /// Checks that every list has one entry per seat (at least one), the
    /// button is a seat, each payout is the seat's refund and pot shares,
    /// and the rake is the pots' rake. The pots are checked when made.
    pub fn check(&self) -> Result<()> {
        let n = self.payouts.len();
        if n == 0
            || self.refunds.len() != n
            || self.pots.iter().any(|p| p.shares.len() != n)
            || self.button >= n
        {
            return Err(unrestorable(
                "Settlement",
                "every list needs one entry per seat, and the button a seat",
            ));
        }
        let raked = self
            .pots
            .iter()
            .try_fold(0u64, |sum, p| sum.checked_add(p.rake));
        let paid = (0..n).all(|seat| {
            self.pots
                .iter()
                .try_fold(self.refunds[seat], |sum, p| sum.checked_add(p.shares[seat]))
                == Some(self.payouts[seat])
        });
        if raked != Some(self.rake) || !paid {
            return Err(unrestorable(
                "Settlement",
                "its payouts are not its refunds and pot shares, or its rake not its pots' rake",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settle::settle;

    fn why(r: Result<impl std::fmt::Debug>) -> String {
        r.unwrap_err().to_string()
    }

    /// A real settlement to spoil: a main pot of three and a side pot.
    fn real() -> Settlement {
        settle(&[70, 70, 40], &[Some(1), Some(3), Some(2)], None, 2, None).unwrap()
    }

    fn parts(p: &Pot) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
        (
            p.eligible.iter().collect(),
            p.high_winners.iter().collect(),
            p.low_winners.iter().collect(),
        )
    }

    fn remake(p: &Pot) -> Result<Pot> {
        let (e, h, l) = parts(p);
        Pot::restore(
            p.amount,
            p.rake,
            PotSeats {
                eligible: &e,
                high_winners: &h,
                low_winners: &l,
            },
            p.high_half,
            p.low_half,
            p.shares.clone(),
        )
    }

    #[test]
    fn a_real_settlement_passes() {
        let s = real();
        assert!(s.check().is_ok());
        for p in &s.pots {
            assert_eq!(&remake(p).unwrap(), p);
        }
    }

    #[test]
    fn each_pot_invariant_rejects_a_bad_pot() {
        let good = real().pots[0].clone();
        let sums = "its rake, halves and shares do not add up to its amount";
        let winners = "its winners must be among its eligible seats";
        // the amount is not rake + halves
        let p = Pot {
            amount: good.amount + 1,
            ..good.clone()
        };
        assert!(why(p.check()).ends_with(sums));
        // the shares are not the halves
        let mut p = good.clone();
        p.shares[0] += 1;
        assert!(why(p.check()).ends_with(sums));
        // overflowing halves
        let p = Pot {
            high_half: u64::MAX,
            low_half: 1,
            ..good.clone()
        };
        assert!(why(p.check()).ends_with(sums));
        // no eligible seat, no high winner, a winner not eligible
        let p = Pot {
            eligible: SeatSet(0),
            ..good.clone()
        };
        assert!(why(p.check()).ends_with(winners));
        let p = Pot {
            high_winners: SeatSet(0),
            ..good.clone()
        };
        assert!(why(p.check()).ends_with(winners));
        let p = Pot {
            eligible: SeatSet(0b010),
            high_winners: SeatSet(0b011),
            ..good.clone()
        };
        assert!(why(p.check()).ends_with(winners));
        let p = Pot {
            low_winners: SeatSet(0b100),
            eligible: SeatSet(0b011),
            high_winners: SeatSet(0b010),
            ..good.clone()
        };
        assert!(why(p.check()).ends_with(winners));
    }

    #[test]
    fn restored_seats_are_increasing_and_at_the_table() {
        let good = real().pots[0].clone();
        let seats = |e: &[usize]| {
            let (_, h, l) = parts(&good);
            Pot::restore(
                good.amount,
                good.rake,
                PotSeats {
                    eligible: e,
                    high_winners: &h,
                    low_winners: &l,
                },
                good.high_half,
                good.low_half,
                good.shares.clone(),
            )
        };
        let bad = "cannot restore a Pot from this state: eligible must be increasing seats below 3";
        assert_eq!(why(seats(&[0, 1, 3])), bad); // not a seat
        assert_eq!(why(seats(&[0, 1, 1])), bad); // twice
        assert_eq!(why(seats(&[1, 0, 2])), bad); // out of order
        assert!(seats(&[0, 1, 2]).is_ok());
        let many = Pot::restore(
            0,
            0,
            PotSeats {
                eligible: &[],
                high_winners: &[],
                low_winners: &[],
            },
            0,
            0,
            vec![0; 65],
        );
        assert_eq!(many.unwrap_err(), Error::TooManySeats { got: 65 });
    }

    #[test]
    fn each_settlement_invariant_rejects_a_bad_settlement() {
        let good = real();
        let lists = "every list needs one entry per seat, and the button a seat";
        let sums = "its payouts are not its refunds and pot shares, or its rake not its pots' rake";
        let s = Settlement {
            payouts: vec![],
            refunds: vec![],
            pots: vec![],
            ..good.clone()
        };
        assert!(why(s.check()).ends_with(lists));
        let s = Settlement {
            refunds: vec![0, 0],
            ..good.clone()
        };
        assert!(why(s.check()).ends_with(lists));
        let s = Settlement {
            button: 3,
            ..good.clone()
        };
        assert!(why(s.check()).ends_with(lists));
        let mut s = good.clone();
        s.pots[1].shares.push(0);
        assert!(why(s.check()).ends_with(lists));
        let mut s = good.clone();
        s.payouts[1] += 1;
        assert!(why(s.check()).ends_with(sums));
        let s = Settlement {
            rake: 1,
            ..good.clone()
        };
        assert!(why(s.check()).ends_with(sums));
        let mut s = good.clone();
        s.refunds[0] = u64::MAX;
        assert!(why(s.check()).ends_with(sums));
    }
}
