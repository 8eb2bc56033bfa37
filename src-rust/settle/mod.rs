//! Pots and settlement (docs/rules.md §4 and §8): from what each seat put into
//! the hand, whether it is still live, and its high (and optional low)
//! value, work out the uncalled refund, the main and side pots, and who
//! receives every chip. Pure integer arithmetic, checked; bad input is an
//! [`Error`], never a panic.
//!
//! * **Live** means the seat still holds a hand at the showdown: it did not
//!   fold and did not muck. Only live seats are eligible for a pot; a folded
//!   seat's chips stay in the pots it paid into.
//! * **Values** compare as integers, larger better, for high and for low
//!   alike; a seat with no qualifying low has none.
//! * **Uncalled bet**: the amount by which the largest contribution exceeds
//!   the second largest (folded seats included) goes back to its owner.
//!   So do chips that no live seat can win: what a folded seat put in above
//!   the largest stake of a live seat (a blind obliged to call a straddle
//!   posted all-in for less, docs/rules.md §8). Dead chips (antes) are
//!   never returned.
//! * **Pots** are cut at the all-in levels, the distinct contributions of
//!   the live seats: pot `k` holds everybody's chips between level `k-1` and
//!   level `k`, and its eligible seats are the live seats that reached level
//!   `k`.
//! * **Each pot is settled alone**: rake first, then the high half (the odd
//!   chip of the split included) and the low half; with no qualifying low
//!   among the pot's eligible seats the high hand takes it all. Tied hands
//!   share a half evenly, leftover chips one each in seat order from the
//!   button's left (`button + 1`, ..., the button last).

mod pots;
mod restore;
mod show;
mod showdown;
mod split;

pub use restore::PotSeats;
pub use showdown::{showdown, Showdown, ShowdownInput};

use crate::error::{Error, Result};

/// The most seats a hand may have: seat sets are 64-bit masks.
pub const MAX_SEATS: usize = 64;

/// The most chips a hand may hold in all (stacks and contributions
/// together): settlement counts in `u64`, so every sum it makes fits.
pub const MAX_CHIPS: u64 = u64::MAX;

/// A set of seats, as a bit mask (seat `i` is bit `i`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(pub u64);

impl SeatSet {
    /// Whether `seat` is in the set.
    pub fn contains(self, seat: usize) -> bool {
        seat < MAX_SEATS && self.0 >> seat & 1 == 1
    }

    /// The number of seats in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no seat.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let seat = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                seat
            })
        })
    }

    fn insert(&mut self, seat: usize) {
        self.0 |= 1 << seat;
    }
}

/// Rake taken from each pot before it is split: `floor(amount × basis_points
/// / 10_000)`, at most `cap` chips. Every pot is raked, won at a showdown or
/// not; "no flop, no drop" is the caller's call (settle without rake).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rake {
    basis_points: u32,
    cap: Option<u64>,
}

impl Rake {
    /// A rake of `basis_points` hundredths of a percent (500 = 5 %), at most
    /// `cap` chips per pot (`None`: no cap).
    pub fn new(basis_points: u32, cap: Option<u64>) -> Result<Rake> {
        if basis_points > 10_000 {
            return Err(Error::BadRake {
                reason: format!("{basis_points} basis points is more than 100 %: give 0..=10000"),
            });
        }
        Ok(Rake { basis_points, cap })
    }

    /// The rate in hundredths of a percent.
    pub fn basis_points(self) -> u32 {
        self.basis_points
    }

    /// The most chips taken from one pot, if capped.
    pub fn cap(self) -> Option<u64> {
        self.cap
    }

    /// The rake on a pot of `amount` chips (never more than `amount`).
    pub fn on(self, amount: u64) -> u64 {
        // amount × 10_000 fits in u128; the quotient is at most amount.
        let cut = (amount as u128 * self.basis_points as u128 / 10_000) as u64;
        self.cap.map_or(cut, |cap| cut.min(cap))
    }
}

/// One pot, settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pot {
    /// Chips in the pot, rake included.
    pub amount: u64,
    /// Chips raked from this pot.
    pub rake: u64,
    /// The live seats that may win it.
    pub eligible: SeatSet,
    /// The best high hands among the eligible seats.
    pub high_winners: SeatSet,
    /// The best qualifying lows among the eligible seats (empty: no low, the
    /// high hands take the whole pot).
    pub low_winners: SeatSet,
    /// Chips of the high half (the whole pot, less rake, without a low).
    pub high_half: u64,
    /// Chips of the low half.
    pub low_half: u64,
    /// Chips each seat receives from this pot (one entry per seat).
    pub shares: Vec<u64>,
}

/// The outcome of a hand: who gets what back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// Chips each seat receives, refunds included.
    pub payouts: Vec<u64>,
    /// Chips returned to the seats that put them in (one entry per seat):
    /// the uncalled part of the largest bet, and live chips above the
    /// largest live stake, which only folded seats reached.
    pub refunds: Vec<u64>,
    /// The main pot first, then the side pots in order.
    pub pots: Vec<Pot>,
    /// Chips raked, over all pots.
    pub rake: u64,
    /// The button, which fixes the order of odd chips.
    pub button: usize,
}

impl Settlement {
    /// Chips the pots hold, rake included.
    pub fn held(&self) -> u64 {
        self.pots.iter().map(|p| p.amount).sum()
    }

    /// This settlement less `chips` of a room's rake (a hand history's
    /// site rake), taken from the pots in order, the main pot first, each at
    /// most what it still holds after its own rake; each raked pot is
    /// divided again among its winners as [`settle`] divides a pot (the high
    /// half takes the odd chip, leftover chips one each from the button's
    /// left). None when `chips` is 0 or more than the pots hold less their
    /// rake.
    ///
    /// ```
    /// use _core::settle::settle;
    /// // A 100-chip pot split by seats 0 and 1, seat 2 folded: 3 chips of
    /// // rake leave 97, the odd chip to seat 0, first left of the button.
    /// let s = settle(&[50, 50, 0], &[Some(1), Some(1), None], None, 2, None).unwrap();
    /// let r = s.room_raked(3).unwrap();
    /// assert_eq!((r.payouts.clone(), r.rake, r.pots[0].rake), (vec![49, 48, 0], 3, 3));
    /// assert!(s.room_raked(101).is_none());
    /// ```
    pub fn room_raked(&self, chips: u64) -> Option<Settlement> {
        let left_in = self.held().checked_sub(self.rake)?;
        if chips == 0 || chips > left_in {
            return None;
        }
        let n = self.payouts.len();
        let mut left = chips;
        let mut payouts = self.refunds.clone();
        let mut pots = Vec::with_capacity(self.pots.len());
        for pot in &self.pots {
            let cut = left.min(pot.amount - pot.rake);
            left -= cut;
            let pot = if cut == 0 {
                pot.clone()
            } else {
                let net = pot.amount - pot.rake - cut;
                let (high_half, low_half) = if pot.low_winners.is_empty() {
                    (net, 0)
                } else {
                    (net - net / 2, net / 2)
                };
                let mut shares = vec![0u64; n];
                let mut high = 0;
                if !pot.high_winners.is_empty() {
                    split::share_out(high_half, pot.high_winners, self.button, n, &mut shares);
                    high = high_half;
                }
                if !pot.low_winners.is_empty() {
                    split::share_out(low_half, pot.low_winners, self.button, n, &mut shares);
                }
                Pot {
                    rake: pot.rake + cut,
                    high_half: high,
                    low_half,
                    shares,
                    ..pot.clone()
                }
            };
            for (payout, share) in payouts.iter_mut().zip(&pot.shares) {
                *payout += share;
            }
            pots.push(pot);
        }
        Some(Settlement {
            payouts,
            refunds: self.refunds.clone(),
            pots,
            rake: self.rake + chips,
            button: self.button,
        })
    }
}

/// Settles a hand. `contributions[i]` is everything seat `i` put in;
/// `high[i]` its high value, `None` if it folded or mucked; `low`, when the
/// game is high-low, each seat's qualifying low value (`None`: no qualifying
/// low). The button fixes who gets odd chips.
///
/// ```
/// use _core::settle::settle;
/// // docs/rules.md §8: A 160, B 110, C 40; B bets 70, C calls all-in 40, A calls 70.
/// let s = settle(&[70, 70, 40], &[Some(1), Some(3), Some(2)], None, 2, None).unwrap();
/// assert_eq!(s.pots[0].amount, 120); // A, B and C
/// assert_eq!(s.pots[1].amount, 60); // A and B
/// assert_eq!(s.payouts, vec![0, 180, 0]);
/// ```
pub fn settle(
    contributions: &[u64],
    high: &[Option<i64>],
    low: Option<&[Option<i64>]>,
    button: usize,
    rake: Option<Rake>,
) -> Result<Settlement> {
    settle_with_dead(contributions, None, high, low, button, rake)
}

/// [`settle`] where `dead[i]` of seat `i`'s contribution is dead money
/// (antes): never refunded, setting no all-in level, all in the main pot,
/// which every live seat contests (one all in on its ante too).
///
/// ```
/// use _core::settle::settle_with_dead;
/// // A big-blind ante of 10: seat 1 posts 10 + 20, seat 0 raises to 60 and
/// // seat 1 folds. Only the uncalled 40 of the raise comes back.
/// let s = settle_with_dead(&[60, 30], Some(&[0, 10]), &[Some(1), None], None, 1, None).unwrap();
/// assert_eq!(s.refunds, vec![40, 0]);
/// assert_eq!(s.payouts, vec![90, 0]);
/// ```
pub fn settle_with_dead(
    contributions: &[u64],
    dead: Option<&[u64]>,
    high: &[Option<i64>],
    low: Option<&[Option<i64>]>,
    button: usize,
    rake: Option<Rake>,
) -> Result<Settlement> {
    let n = contributions.len();
    pots::check(contributions, high, low, button)?;
    if let Some(dead) = dead {
        pots::check_dead(contributions, dead)?;
    }
    let pots::Cut { refunds, pots } = pots::build(contributions, dead, high);
    let mut payouts = refunds.clone();
    let mut settled = Vec::with_capacity(pots.len());
    let mut total_rake = 0u64;
    for (amount, eligible) in pots {
        let pot = split::split(amount, eligible, high, low, button, n, rake);
        for (payout, share) in payouts.iter_mut().zip(&pot.shares) {
            // Never overflows: the payouts sum to at most the checked total.
            *payout += share;
        }
        total_rake += pot.rake;
        settled.push(pot);
    }
    Ok(Settlement {
        payouts,
        refunds,
        pots: settled,
        rake: total_rake,
        button,
    })
}
