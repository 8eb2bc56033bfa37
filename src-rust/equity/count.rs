//! Integer counters of showdown outcomes.

use super::restore::{inconsistency, Parts};
use crate::error::{Error, Result};
use crate::eval::rules::category_of;

/// How a pot is split at the showdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// The best high hand takes the pot.
    High,
    /// Half to the best high, half to the best low; with no low (0 for
    /// every player) the high takes the whole pot.
    HighLow,
    /// The best low takes the pot (razz, deuce-to-seven, badugi); when
    /// nobody has a qualifying low, every player shares it.
    Low,
    /// A split game of two rankings (badeucy: badugi and deuce-to-seven):
    /// as `HighLow`, but the first half's values are lows, not high hands:
    /// its shares go to [`FIRST_HALF`], no high category.
    Halves,
}

/// The [`Counts::cat`] slot of shares won with a split game's first half
/// when that half is a low (badeucy's badugi): neither a high category
/// (1..=11) nor the low half (0).
pub const FIRST_HALF: usize = 15;

/// `2·lcm(1..=players)`: every share (a whole pot or a half split k ≤
/// players ways) is a whole multiple of `1 / denominator`.
pub fn denominator(players: usize) -> u64 {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let lcm = (1..=players as u64).fold(1u64, |l, k| l / gcd(l, k) * k);
    2 * lcm
}

/// Outcome counters of a number of deals; adding two gives the counters of
/// both, so shards sum to the same totals however they were run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    pub players: usize,
    /// Shares are counted in units of `1 / denom` of a pot.
    pub denom: u64,
    /// Deals (boards or trials) counted.
    pub deals: u64,
    /// Per player: deals where they took the whole pot alone.
    pub win: Vec<u64>,
    /// Per player: deals where they took part of the pot, not all of it.
    pub tie: Vec<u64>,
    /// Per player: sum of pot shares, in units of `1 / denom`.
    pub share: Vec<u128>,
    /// Per player: sum of squared shares (units `1 / denom²`), for the
    /// standard error.
    pub sq: Vec<u128>,
    /// `[player * 16 + category]`: shares won with a high hand of that
    /// category; index 0 holds shares won as the low half.
    pub cat: Vec<u128>,
}

impl Counts {
    pub fn new(players: usize) -> Counts {
        Counts {
            players,
            denom: denominator(players),
            deals: 0,
            win: vec![0; players],
            tie: vec![0; players],
            share: vec![0; players],
            sq: vec![0; players],
            cat: vec![0; players * 16],
        }
    }

    /// Counters remade from their parts (pickled Monte Carlo shards),
    /// checked: `players` counters each (16 a player by category), none
    /// above what `deals` deals allow, and all as real deals leave them
    /// (`equity/restore.rs`: at least one deal, the shares adding up to the
    /// pots, wins, ties, squares and categories that agree; `players`
    /// itself is the caller's to check: 2..=MAX_PLAYERS).
    pub fn from_parts(
        players: usize,
        deals: u64,
        win: Vec<u64>,
        tie: Vec<u64>,
        share: Vec<u128>,
        sq: Vec<u128>,
        cat: Vec<u128>,
    ) -> Result<Counts> {
        let sizes = [win.len(), tie.len(), share.len(), sq.len()];
        if sizes.iter().any(|&k| k != players) || cat.len() != 16 * players {
            return Err(Error::Equity {
                reason: format!(
                    "EquityCounts: {players} players need {players} counters each and {} by category",
                    16 * players
                ),
            });
        }
        if deals == 0 {
            return Err(Error::Equity {
                reason: "EquityCounts: deals is 0: counts hold at least one deal".into(),
            });
        }
        let d = denominator(players) as u128;
        let whole = deals as u128 * d;
        let fits = win.iter().chain(&tie).all(|&w| w <= deals)
            && share.iter().chain(&cat).all(|&x| x <= whole)
            && whole
                .checked_mul(d)
                .is_none_or(|most| sq.iter().all(|&q| q <= most));
        if !fits {
            return Err(Error::Equity {
                reason: format!("EquityCounts: counters larger than {deals} deals allow"),
            });
        }
        let parts = Parts {
            players,
            denom: d as u64,
            deals,
            win: &win,
            tie: &tie,
            share: &share,
            sq: &sq,
            cat: &cat,
        };
        if let Some(why) = inconsistency(&parts) {
            return Err(Error::Equity {
                reason: format!("EquityCounts: {why}"),
            });
        }
        let mut counts = Counts::new(players);
        counts.deals = deals;
        (counts.win, counts.tie, counts.share, counts.sq, counts.cat) = (win, tie, share, sq, cat);
        Ok(counts)
    }

    /// Adds another set of counters of the same players.
    pub fn add(&mut self, o: &Counts) {
        debug_assert_eq!(self.players, o.players);
        self.deals += o.deals;
        for (a, b) in self.win.iter_mut().zip(&o.win) {
            *a += b;
        }
        for (a, b) in self.tie.iter_mut().zip(&o.tie) {
            *a += b;
        }
        for (a, b) in self.share.iter_mut().zip(&o.share) {
            *a += b;
        }
        for (a, b) in self.sq.iter_mut().zip(&o.sq) {
            *a += b;
        }
        for (a, b) in self.cat.iter_mut().zip(&o.cat) {
            *a += b;
        }
    }

    /// The counters of both, or None when a sum would pass its integer
    /// type (only counters made up by hand get there: 2^64 deals are
    /// never dealt).
    pub fn checked_add(&self, o: &Counts) -> Option<Counts> {
        if self.players != o.players || self.denom != o.denom {
            return None;
        }
        fn sum<T: Copy>(a: &[T], b: &[T], add: impl Fn(T, T) -> Option<T>) -> Option<Vec<T>> {
            a.iter().zip(b).map(|(&x, &y)| add(x, y)).collect()
        }
        Some(Counts {
            players: self.players,
            denom: self.denom,
            deals: self.deals.checked_add(o.deals)?,
            win: sum(&self.win, &o.win, u64::checked_add)?,
            tie: sum(&self.tie, &o.tie, u64::checked_add)?,
            share: sum(&self.share, &o.share, u128::checked_add)?,
            sq: sum(&self.sq, &o.sq, u128::checked_add)?,
            cat: sum(&self.cat, &o.cat, u128::checked_add)?,
        })
    }

    /// Gives each player in `mask` the share `s` (units of `1/denom`) of
    /// `m` deals, won with a high hand of category `cat` (0 for a low).
    #[inline]
    fn give(&mut self, p: usize, s: u64, cat: usize, m: u64) {
        let s128 = s as u128;
        self.share[p] += s128 * m as u128;
        self.sq[p] += s128 * s128 * m as u128;
        self.cat[p * 16 + cat] += s128 * m as u128;
    }

    /// Records `m` deals with these scores (`lows` only read when the
    /// split has a low; a low of 0 is no low). The best high takes the pot,
    /// or half of it when some player has a low, which the best low takes;
    /// in a low-only game the best low takes it all.
    pub fn record(&mut self, highs: &[u32], lows: &[u32], split: Split, m: u64) {
        let d = self.denom;
        if split == Split::Low {
            let best = lows.iter().copied().max().unwrap_or(0);
            let lmask = winners(lows, best);
            self.deals += m;
            self.give_all(lmask, d / lmask.count_ones() as u64, 0, m);
            return;
        }
        let best = highs.iter().copied().max().unwrap_or(0);
        let hmask = winners(highs, best);
        let low_best = if matches!(split, Split::HighLow | Split::Halves) {
            lows.iter().copied().max().unwrap_or(0)
        } else {
            0
        };
        let kh = hmask.count_ones() as u64;
        let hcat = if split == Split::Halves {
            FIRST_HALF
        } else {
            category_of(best) as usize
        };
        self.deals += m;
        if low_best == 0 {
            self.give_all(hmask, d / kh, hcat, m);
            return;
        }
        let lmask = winners(lows, low_best);
        let kl = lmask.count_ones() as u64;
        let (hs, ls) = (d / (2 * kh), d / (2 * kl));
        for p in 0..self.players {
            let (h, l) = (hmask >> p & 1 == 1, lmask >> p & 1 == 1);
            if !(h || l) {
                continue;
            }
            let s = if h { hs } else { 0 } + if l { ls } else { 0 };
            self.share[p] += s as u128 * m as u128;
            self.sq[p] += (s as u128 * s as u128) * m as u128;
            if h {
                self.cat[p * 16 + hcat] += hs as u128 * m as u128;
            }
            if l {
                self.cat[p * 16] += ls as u128 * m as u128;
            }
            if s == d {
                self.win[p] += m;
            } else {
                self.tie[p] += m;
            }
        }
    }

    /// Every player in `mask` shares the whole pot: `s = denom / |mask|`.
    #[inline]
    pub fn give_all(&mut self, mask: u64, s: u64, cat: usize, m: u64) {
        let whole = mask.count_ones() == 1;
        let mut bits = mask;
        while bits != 0 {
            let p = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.give(p, s, cat, m);
            if whole {
                self.win[p] += m;
            } else {
                self.tie[p] += m;
            }
        }
    }

    /// Each player's equity (expected pot share).
    pub fn equity(&self) -> Vec<f64> {
        let whole = self.deals as u128 * self.denom as u128;
        self.share.iter().map(|&s| ratio(s, whole)).collect()
    }

    /// Each player's fraction of deals won alone.
    pub fn win_rate(&self) -> Vec<f64> {
        let deals = self.deals as u128;
        self.win.iter().map(|&w| ratio(w as u128, deals)).collect()
    }

    /// Each player's fraction of deals where they took part of the pot.
    pub fn tie_rate(&self) -> Vec<f64> {
        let deals = self.deals as u128;
        self.tie.iter().map(|&t| ratio(t as u128, deals)).collect()
    }

    /// [`Counts::cat`] as fractions of a pot per deal, same layout.
    pub fn cat_rate(&self) -> Vec<f64> {
        let whole = self.deals as u128 * self.denom as u128;
        self.cat.iter().map(|&c| ratio(c, whole)).collect()
    }

    /// Each player's standard error of equity, treating deals as
    /// independent samples (Monte Carlo); infinite below two deals.
    pub fn stderr(&self) -> Vec<f64> {
        let n = self.deals as u128;
        let d = self.denom as u128;
        self.share
            .iter()
            .zip(&self.sq)
            .map(|(&s, &q)| {
                if self.deals < 2 {
                    return f64::INFINITY;
                }
                // n·d² fits in u128 for any real run (n < 2^64, d < 2^35),
                // and falls back to floats for counters made up by hand
                let mean = ratio(s, n * d);
                let mean_sq = match n.checked_mul(d * d) {
                    Some(whole) => ratio(q, whole),
                    None => q as f64 / (n as f64 * (d * d) as f64),
                };
                ((mean_sq - mean * mean).max(0.0) / (n - 1) as f64).sqrt()
            })
            .collect()
    }
}

/// `a / b` correctly rounded to the nearest `f64` (ties to even), as
/// Python's `int / int` gives it: counters may pass 2^53, where converting
/// each to `f64` first would round twice. `b > 0`; `0 / 0` is NaN.
pub fn ratio(a: u128, b: u128) -> f64 {
    const EXACT: u128 = 1 << 53;
    // 0 / b and a / 0 first: the scaling below needs both nonzero (a
    // category never won in a long run is 0 over a large whole)
    if a == 0 || b == 0 || (a < EXACT && b < EXACT) {
        // Both exact as f64: one IEEE division, correctly rounded.
        return a as f64 / b as f64;
    }
    // a / b lies in [2^e, 2^(e+1)): scale both to the same bit length
    // (neither shift overflows) and compare.
    let (la, lb) = (
        128 - a.leading_zeros() as i32,
        128 - b.leading_zeros() as i32,
    );
    let mut e = la - lb;
    let (num, den) = if e >= 0 { (a, b << e) } else { (a << -e, b) };
    // Same bit length, so num < 2·den, and 2·num > den: the leading
    // quotient bit is 1 and the remainder below den (doubling written as
    // `r - (den - r)` so nothing passes 2^128).
    let mut rem = if num >= den {
        num - den
    } else {
        e -= 1;
        num - (den - num)
    };
    let mut mantissa: u64 = 1;
    for _ in 0..53 {
        let bit = rem >= den - rem;
        rem = if bit { rem - (den - rem) } else { rem + rem };
        mantissa = mantissa << 1 | bit as u64;
    }
    // 54 bits: 53 of mantissa and the guard bit; `rem` is the sticky rest.
    let guard = mantissa & 1;
    mantissa >>= 1;
    if guard == 1 && (rem != 0 || mantissa & 1 == 1) {
        mantissa += 1;
    }
    mantissa as f64 * 2f64.powi(e - 52)
}

/// The bit set of players whose value equals `best`.
#[inline(always)]
pub(crate) fn winners(values: &[u32], best: u32) -> u64 {
    let mut mask = 0u64;
    for (p, &v) in values.iter().enumerate() {
        mask |= ((v == best) as u64) << p;
    }
    mask
}

/// Most players for the winner-set tally (2^P · 16 counters).
pub const TALLY_MAX_PLAYERS: usize = 10;

/// Deals counted by winner set and winning category, `[mask << 4 | cat]`:
/// one increment per deal in the hot loops of high-only games.
#[derive(Clone, Debug)]
pub struct Tally {
    pub players: usize,
    pub slots: Vec<u64>,
}

impl Tally {
    pub fn new(players: usize) -> Tally {
        debug_assert!(players <= TALLY_MAX_PLAYERS);
        Tally {
            players,
            slots: vec![0; 16 << players],
        }
    }

    #[inline(always)]
    pub fn bump(&mut self, mask: u64, value: u32, m: u64) {
        let i = (mask as usize) << 4 | category_of(value) as usize;
        // SAFETY-free: bounds are checked, and the check is cheap next to
        // the evaluation.
        self.slots[i] += m;
    }

    /// [`Tally::bump`] for natural values (`category << 12 | index`).
    #[inline(always)]
    pub fn bump_natural(&mut self, mask: u64, value: u32, m: u64) {
        let i = (mask as usize) << 4 | (value >> 12) as usize & 15;
        // wrapping: no overflow check in the hot loop (2^64 deals never
        // happen)
        self.slots[i] = self.slots[i].wrapping_add(m);
    }

    pub fn add(&mut self, o: &Tally) {
        for (a, b) in self.slots.iter_mut().zip(&o.slots) {
            *a += b;
        }
    }

    /// The same deals as [`Counts`].
    pub fn counts(&self) -> Counts {
        let mut c = Counts::new(self.players);
        for (i, &m) in self.slots.iter().enumerate() {
            if m == 0 {
                continue;
            }
            let mask = (i >> 4) as u64;
            let k = mask.count_ones() as u64;
            c.deals += m;
            c.give_all(mask, c.denom / k, i & 15, m);
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_from_parts_are_checked() {
        let mut c = Counts::new(2);
        c.deals = 3;
        c.win = vec![1, 2];
        let d = c.denom as u128;
        c.share = vec![d, 2 * d];
        c.sq = vec![d * d, 2 * d * d];
        c.cat[5] = d;
        c.cat[16 + 5] = 2 * d;
        let remake = |c: &Counts| {
            let c = c.clone();
            Counts::from_parts(c.players, c.deals, c.win, c.tie, c.share, c.sq, c.cat)
        };
        assert_eq!(remake(&c).unwrap(), c);
        let sizes = "EquityCounts: 2 players need 2 counters each and 32 by category";
        let mut bad = c.clone();
        bad.tie.pop();
        assert!(remake(&bad).unwrap_err().to_string().ends_with(sizes));
        let mut bad = c.clone();
        bad.cat.push(0);
        assert!(remake(&bad).unwrap_err().to_string().ends_with(sizes));
        let large = "EquityCounts: counters larger than 3 deals allow";
        for spoil in [
            |b: &mut Counts| b.win[0] = 4,
            |b: &mut Counts| b.share[1] = 3 * b.denom as u128 + 1,
            |b: &mut Counts| b.cat[0] = 3 * b.denom as u128 + 1,
            |b: &mut Counts| b.sq[0] = 9 * (b.denom as u128).pow(2) + 1,
        ] {
            let mut bad = c.clone();
            spoil(&mut bad);
            assert!(remake(&bad).unwrap_err().to_string().ends_with(large));
        }
    }

    /// The reason `from_parts` refuses `c`'s parts for, if it does.
    fn why(c: &Counts) -> Option<String> {
        let c = c.clone();
        match Counts::from_parts(c.players, c.deals, c.win, c.tie, c.share, c.sq, c.cat) {
            Ok(_) => None,
            Err(Error::Equity { reason }) => Some(reason.replace("EquityCounts: ", "")),
            Err(other) => panic!("{other:?}"),
        }
    }

    /// Counts of real deals: 3 players, every outcome of `Counts::record`.
    fn honest() -> Counts {
        let mut c = Counts::new(3);
        let high = Split::HighLow;
        c.record(&[9, 1, 1], &[0, 0, 0], high, 2); // player 0 scoops
        c.record(&[9, 9, 1], &[0, 0, 0], high, 1); // a chop of two
        c.record(&[9, 1, 1], &[0, 5, 5], high, 3); // high alone, low split
        c.record(&[9, 9, 9], &[0, 0, 0], high, 1); // three ways
        c
    }

    #[test]
    fn real_counts_are_consistent() {
        let c = honest();
        assert_eq!(why(&c), None);
        assert_eq!(why(&c.checked_add(&c).unwrap()), None);
    }

    #[test]
    fn forged_counts_name_what_does_not_fit() {
        let spoil = |f: fn(&mut Counts)| {
            let mut c = honest();
            f(&mut c);
            why(&c).expect("refused")
        };
        assert_eq!(
            spoil(|c| c.deals = 0),
            "deals is 0: counts hold at least one deal"
        );
        // equities summing to 2: every share doubled (player 0's past the
        // whole), or the lowest ones only
        assert_eq!(
            spoil(|c| {
                c.share.iter_mut().for_each(|s| *s *= 2);
                c.cat.iter_mut().for_each(|s| *s *= 2);
            }),
            "counters larger than 7 deals allow"
        );
        assert!(spoil(|c| {
            c.share[1] *= 2;
            c.cat[16] *= 2;
            c.cat[16 + 9] *= 2;
        })
        .starts_with("player 1's"));
        assert!(spoil(|c| c.share[1] += 1).starts_with("player 1's"));
        // a variance of zero (or below it) though the shares vary: the
        // squares of a constant share, `share² / deals`
        assert!(
            spoil(|c| c.sq[1] = c.share[1] * c.share[1] / c.deals as u128)
                .contains("squared shares")
        );
        assert!(spoil(|c| c.sq[0] = 0).contains("squared shares"));
        assert!(spoil(|c| c.cat[5] += 1).contains("by category"));
        assert!(spoil(|c| {
            c.win[2] = c.deals;
            c.tie[2] = 0;
        })
        .starts_with("player 2 won"));
        // one deal's pot moved from one player's wins to another's
        assert!(spoil(|c| c.tie[1] = 0).starts_with("player 1's 0 tied deals"));
    }

    #[test]
    fn ratios_round_once() {
        // Exact below 2^53, and correctly rounded above it.
        assert_eq!(ratio(1, 4), 0.25);
        assert_eq!(ratio(3, 3), 1.0);
        assert_eq!(ratio(0, 7), 0.0);
        let big = (1u128 << 60) + 1;
        assert_eq!(ratio(big, 1 << 60), 1.0);
        assert_eq!(ratio(big * 3, 1 << 62), 0.75);
        assert_eq!(ratio(1 << 100, 3 << 40), (1u128 << 60) as f64 / 3.0);
        // 2^53 + 1 is halfway between two doubles: ties go to even.
        assert_eq!(ratio((1 << 53) + 1, 1), 9007199254740992.0);
        assert_eq!(ratio((1 << 53) + 3, 1), 9007199254740996.0);
        // Against rationals computed by hand: 10^20 / 3.
        assert_eq!(
            ratio(100_000_000_000_000_000_000, 3),
            33333333333333333333.0
        );
        assert_eq!(ratio(7 << 70, 7 << 69), 2.0);
        // zero over a large whole, and over nothing
        assert_eq!(ratio(0, 1 << 100), 0.0);
        assert!(ratio(0, 0).is_nan());
        assert_eq!(ratio(1 << 60, 0), f64::INFINITY);
    }

    #[test]
    fn denominators() {
        assert_eq!(denominator(2), 4);
        assert_eq!(denominator(3), 12);
        assert_eq!(denominator(10), 5040);
        assert!(denominator(23) < 1 << 40);
    }

    #[test]
    fn high_low_halves() {
        let mut c = Counts::new(3);
        // p0 best high, p1 and p2 tie the low: 1/2, 1/4, 1/4.
        c.record(&[9, 5, 5], &[0, 7, 7], Split::HighLow, 1);
        assert_eq!(c.equity(), vec![0.5, 0.25, 0.25]);
        assert_eq!(c.tie, vec![1, 1, 1]);
        // p0 scoops: best high and the only low.
        c.record(&[9, 5, 5], &[3, 0, 0], Split::HighLow, 1);
        assert_eq!(c.win, vec![1, 0, 0]);
        // no low: the high takes all.
        c.record(&[9, 9, 5], &[0, 0, 0], Split::HighLow, 2);
        assert_eq!(c.tie, vec![3, 3, 1]);
        let total: f64 = c.equity().iter().sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn low_only_and_wide_categories() {
        let mut c = Counts::new(3);
        c.record(&[0; 3], &[4, 9, 9], Split::Low, 1);
        assert_eq!(c.equity(), vec![0.0, 0.5, 0.5]);
        assert_eq!(c.cat[16], c.share[1]);
        // nobody qualifies: everyone shares
        c.record(&[0; 3], &[0, 0, 0], Split::Low, 1);
        assert_eq!(c.tie, vec![1, 2, 2]);
        // a four-flush value in the wide encoding counts as category 3
        let mut w = Counts::new(2);
        w.record(&[3 << 16 | 77, 2 << 16], &[0, 0], Split::High, 1);
        assert_eq!(w.cat[3], w.share[0]);
    }

    #[test]
    fn halves_of_two_lows() {
        // badeucy: player 0 has the better first half (badugi), players 0
        // and 1 tie the second; a large first-half value is no category
        let mut c = Counts::new(2);
        c.record(&[900_000, 800_000], &[7, 7], Split::Halves, 1);
        let d = c.denom as u128;
        assert_eq!(c.share, vec![d * 3 / 4, d / 4]);
        assert_eq!(c.cat[FIRST_HALF], d / 2);
        assert_eq!((c.cat[0], c.cat[16]), (d / 4, d / 4));
        assert_eq!((&c.win, &c.tie), (&vec![0, 0], &vec![1, 1]));
        // one player with both halves scoops
        c.record(&[900_000, 800_000], &[8, 7], Split::Halves, 1);
        assert_eq!(c.win, vec![1, 0]);
    }

    #[test]
    fn tally_matches_record() {
        let mut t = Tally::new(3);
        let mut c = Counts::new(3);
        for (h, m) in [([1u32 << 12, 2 << 12, 2 << 12], 3u64), ([7 << 12, 1, 2], 1)] {
            let best = *h.iter().max().unwrap();
            t.bump(winners(&h, best), best, m);
            c.record(&h, &[0; 3], Split::High, m);
        }
        assert_eq!(t.counts(), c);
    }
}
