//! The fixed opponents the core plays inside a step (`VectorTables(...,
//! bots={seat: name})`): the built-in bots of `hoyle.bots` that have a
//! core twin, each deciding from the table's state and [`Legal`] alone.
//!
//! * [`CoreBot::Station`] is `hoyle.bots.station_bot` exactly (it uses no
//!   chance): check when it can check, otherwise call; never fold, never
//!   raise; when it must bet (`first_must_bet`), the smallest bet.
//! * [`CoreBot::Random`] is `hoyle.bots.random_bot`'s rule on the core's
//!   own generator ([`BotRng`], splitmix64): a kind of legal action
//!   uniformly (fold, check/call and, when open, raise); a raise is the
//!   minimum half the time, otherwise uniform up to the maximum; a fold
//!   not open (the seat may check) plays check/call. Its stream is seeded
//!   from the hand's seed (`hand_seed(seed, table, hand)`), so a table's
//!   hands do not depend on how many tables run beside it; it differs
//!   from Python's `random.Random`, so the two agree in distribution, not
//!   hand by hand.

use super::deal::mix;
use super::{EnginePlan, Legal, TableState};

/// A bot the core plays (see the module).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoreBot {
    Station,
    Random,
}

impl CoreBot {
    /// The bot of a `hoyle.bots` name, None for a name the core does not play.
    pub fn named(name: &str) -> Option<CoreBot> {
        match name {
            "station" => Some(CoreBot::Station),
            "random" => Some(CoreBot::Random),
            _ => None,
        }
    }
}

/// The key that separates a hand's bot stream from its deal's seed.
const BOT_KEY: u64 = 0xB075_EED0_F7AB_1E55;

/// splitmix64: the generator of the core's bots, one per table, seeded
/// again at every deal from the hand's seed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BotRng(u64);

impl BotRng {
    /// The generator of the hand dealt from `hand_seed`.
    pub fn for_hand(hand_seed: u64) -> BotRng {
        BotRng(mix(hand_seed ^ BOT_KEY))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A double uniform in [0, 1) (53 bits, as `random.random()`).
    pub fn random(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// An integer uniform in `lo..=hi` (`lo <= hi`), by rejection.
    pub fn int_in(&mut self, lo: u64, hi: u64) -> u64 {
        let span = hi - lo;
        if span == u64::MAX {
            return self.next_u64();
        }
        let n = span + 1;
        let zone = u64::MAX - (u64::MAX - n + 1) % n; // the largest multiple of n, less 1
        loop {
            let x = self.next_u64();
            if x <= zone {
                return lo + x % n;
            }
        }
    }
}

/// `hoyle.bots._check_or_call`: check, else call; when the seat must bet,
/// the smallest bet.
fn check_or_call(plan: &EnginePlan, t: &mut TableState, legal: Legal) {
    let done = if legal.can_check {
        t.check(plan)
    } else if legal.call_amount > 0 || legal.raise.is_none() {
        t.call(plan)
    } else {
        let (lo, _) = legal.raise.unwrap_or_default();
        t.raise_to(plan, lo)
    };
    debug_assert!(done.is_ok(), "check_or_call made an illegal move");
}

/// `bot` makes one move for the seat to act of `t` (whose legal actions
/// are `legal`), drawing from `rng`.
pub fn play(bot: CoreBot, plan: &EnginePlan, t: &mut TableState, legal: Legal, rng: &mut BotRng) {
    match bot {
        CoreBot::Station => check_or_call(plan, t, legal),
        CoreBot::Random => {
            let kinds = if legal.raise.is_some() { 3.0 } else { 2.0 };
            let pick = (rng.random() * kinds) as u32;
            match legal.raise {
                Some((lo, hi)) if pick == 2 => {
                    let total = if rng.random() < 0.5 {
                        lo
                    } else {
                        rng.int_in(lo, hi)
                    };
                    let done = t.raise_to(plan, total);
                    debug_assert!(done.is_ok(), "a random raise out of bounds");
                }
                _ if pick == 1 || !legal.can_fold => check_or_call(plan, t, legal),
                _ => {
                    let done = t.fold(plan);
                    debug_assert!(done.is_ok(), "a fold not open");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::BotRng;

    #[test]
    fn int_in_stays_in_bounds_and_covers_them() {
        let mut rng = BotRng::for_hand(7);
        let mut seen = [0u32; 5];
        for _ in 0..5_000 {
            let x = rng.int_in(10, 14);
            assert!((10..=14).contains(&x));
            seen[(x - 10) as usize] += 1;
        }
        // each of 5 values about 1,000 times (sd ~28)
        assert!(seen.iter().all(|&c| (850..1150).contains(&c)), "{seen:?}");
        assert_eq!(rng.int_in(3, 3), 3);
    }

    #[test]
    fn random_is_in_the_unit_interval_with_mean_one_half() {
        let mut rng = BotRng::for_hand(1);
        let xs: Vec<f64> = (0..10_000).map(|_| rng.random()).collect();
        assert!(xs.iter().all(|&x| (0.0..1.0).contains(&x)));
        let mean = xs.iter().sum::<f64>() / xs.len() as f64;
        assert!((mean - 0.5).abs() < 0.01, "{mean}");
    }

    #[test]
    fn a_hand_seed_gives_one_stream() {
        let (mut a, mut b) = (BotRng::for_hand(42), BotRng::for_hand(42));
        assert_eq!(a.next_u64(), b.next_u64());
        assert_ne!(
            BotRng::for_hand(42).next_u64(),
            BotRng::for_hand(43).next_u64()
        );
    }
}
