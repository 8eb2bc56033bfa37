//! Monte Carlo in fixed shards. Shard `i` runs [`SHARD_TRIALS`] trials
//! (the last shard of a run as many as are left) from a generator seeded
//! with `shard_seed(seed, i)`, and counters
//! are integers, so the sum over shards is the same whichever threads,
//! processes or machines ran them, in whatever order.
//!
//! A trial picks each ranged player's combo with probability proportional
//! to its weight, starts over when two picks collide (so joint holdings
//! come out in proportion to the product of their weights), then deals the
//! missing hole and board cards by rejection against a 64-bit card mask.

use super::count::{winners, Counts, Tally, TALLY_MAX_PLAYERS};
use super::holdem::{board_word, full_value, hole_word, suit_mask, FLUSH_BITS};
use super::interrupt::{interrupted, Interrupt, Never, CHECK_TRIALS};
use super::rng::{SplitMix64, Xoshiro256pp};
use super::score::Scorer;
use super::spot::{Spot, MAX_HOLE};
use crate::error::{Error, Result};
use crate::eval::high::{rank_value, CARD_KEY};
use rayon::prelude::*;

/// Trials per shard.
pub const SHARD_TRIALS: u64 = 1 << 16;

/// Restarts in a row after which a trial gives up: the ranges then almost
/// never fit together.
const MAX_RESTARTS: u32 = 1 << 20;

/// Restarts between two questions whether to stop.
const CHECK_RESTARTS: u32 = 1 << 14;

/// The most shards one call runs: 2^18 shards are 2^34 trials, more than
/// any answer needs (the standard error is then below 4e-6).
pub const MAX_SHARDS: u64 = 1 << 18;

/// The most Monte Carlo trials of one run: [`MAX_SHARDS`] shards of
/// [`SHARD_TRIALS`] (2^34).
pub const TRIALS_LIMIT: u64 = MAX_SHARDS * SHARD_TRIALS;

/// Why a trial could not be dealt.
enum Halt {
    /// The ranges did not fit together within `MAX_RESTARTS` tries.
    Collide,
    /// The work was asked to stop.
    Stop,
}

impl Halt {
    fn error(self) -> Error {
        match self {
            Halt::Collide => Error::Equity {
                reason: "the players' ranges almost never fit together (a million tries in a row collided): narrow them or give fixed hands".into(),
            },
            Halt::Stop => interrupted(),
        }
    }
}

/// The generator seed of shard `shard` of a run seeded with `seed`.
pub fn shard_seed(seed: u64, shard: u64) -> u64 {
    let mut sm = SplitMix64(seed);
    let a = sm.next_u64();
    SplitMix64(a ^ shard.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

/// A range of shards to run: `first..first + count`, the last of them
/// running `last` trials (1..=[`SHARD_TRIALS`]) and every other one
/// [`SHARD_TRIALS`]: a run of `t` trials is `t / SHARD_TRIALS` whole shards
/// and one shorter shard of the rest, so a small run costs what it asks
/// for, and a shard's first `k` trials are the same in any run.
#[derive(Clone, Copy, Debug)]
pub struct Shards {
    pub first: u64,
    pub count: u64,
    pub last: u64,
}

impl Shards {
    /// `count` whole shards from `first`.
    pub fn whole(first: u64, count: u64) -> Shards {
        Shards {
            first,
            count,
            last: SHARD_TRIALS,
        }
    }

    /// The trials of shard `i` (one of these shards).
    fn trials_of(&self, i: u64) -> u64 {
        if i + 1 == self.first + self.count {
            self.last
        } else {
            SHARD_TRIALS
        }
    }
}

struct Sampler<'a, S: Scorer> {
    spot: &'a Spot,
    scorer: &'a S,
    stop: &'a dyn Interrupt,
    /// Players with more than one combo.
    ranged: Vec<usize>,
    /// Per player, per combo: accept when a random u64 is at most this
    /// (weight / largest weight of the player, scaled).
    accept: Vec<Vec<u64>>,
    board_missing: usize,
    hole_missing: Vec<usize>,
    /// The deck's card ids, ascending.
    deck: Vec<u8>,
}

impl<'a, S: Scorer> Sampler<'a, S> {
    fn new(spot: &'a Spot, scorer: &'a S, stop: &'a dyn Interrupt) -> Self {
        let accept = spot
            .players
            .iter()
            .map(|cs| {
                let top = cs.iter().map(|c| c.weight).fold(0.0f64, f64::max);
                cs.iter()
                    .map(|c| {
                        let r = c.weight / top;
                        if r >= 1.0 {
                            u64::MAX
                        } else {
                            (r * 18_446_744_073_709_551_616.0) as u64
                        }
                    })
                    .collect()
            })
            .collect();
        Sampler {
            spot,
            scorer,
            stop,
            ranged: (0..spot.players.len())
                .filter(|&p| spot.players[p].len() > 1)
                .collect(),
            accept,
            board_missing: spot.shape.board as usize - spot.board.len(),
            hole_missing: spot
                .players
                .iter()
                .map(|cs| (spot.shape.hole - cs[0].len) as usize)
                .collect(),
            deck: (0..54u8).filter(|&c| spot.deck >> c & 1 == 1).collect(),
        }
    }

    /// A card of the deck not in `used` (rejection sampling).
    #[inline(always)]
    fn draw(&self, rng: &mut Xoshiro256pp, used: &mut u64) -> u8 {
        let n = self.deck.len() as u32;
        loop {
            let c = self.deck[rng.below(n) as usize];
            if *used >> c & 1 == 0 {
                *used |= 1 << c;
                return c;
            }
        }
    }

    /// Picks each ranged player's combo (indices into `picks`); returns the
    /// cards now used, or why not (the ranges did not fit together within
    /// `MAX_RESTARTS` tries, or the work was stopped).
    #[inline(always)]
    fn pick(&self, rng: &mut Xoshiro256pp, picks: &mut [usize]) -> std::result::Result<u64, Halt> {
        let spot = self.spot;
        let mut restarts = 0;
        'again: loop {
            let mut used = spot.known;
            for &p in &self.ranged {
                let combos = &spot.players[p];
                let accept = &self.accept[p];
                let i = loop {
                    let i = rng.below(combos.len() as u32) as usize;
                    if accept[i] == u64::MAX || rng.next_u64() <= accept[i] {
                        break i;
                    }
                };
                let m = combos[i].mask;
                if m & used != 0 {
                    restarts += 1;
                    if restarts > MAX_RESTARTS {
                        return Err(Halt::Collide);
                    }
                    if restarts.is_multiple_of(CHECK_RESTARTS) && self.stop.stop() {
                        return Err(Halt::Stop);
                    }
                    continue 'again;
                }
                used |= m;
                picks[p] = i;
            }
            return Ok(used);
        }
    }

    /// Deals one trial into `hands`/`board`, or says why it could not.
    #[inline(always)]
    fn deal(
        &self,
        rng: &mut Xoshiro256pp,
        picks: &mut [usize],
        hands: &mut [[u8; MAX_HOLE]],
        lens: &mut [usize],
        board: &mut [u8; 8],
    ) -> std::result::Result<(), Halt> {
        let spot = self.spot;
        let mut used = self.pick(rng, picks)?;
        for (p, &m) in self.hole_missing.iter().enumerate() {
            let c = &spot.players[p][picks[p]];
            let base = c.len as usize;
            hands[p] = c.ids;
            for k in 0..m {
                hands[p][base + k] = self.draw(rng, &mut used);
            }
            lens[p] = base + m;
        }
        let b = spot.board.len();
        for slot in board.iter_mut().skip(b).take(self.board_missing) {
            *slot = self.draw(rng, &mut used);
        }
        Ok(())
    }

    /// Hold'em with two-card combos: hole words made once per combo, the
    /// board's word once per trial (shared by every player, each adding
    /// only its hole word), two cards drawn per random word, and the
    /// suits looked at only when some player's word shows a flush.
    fn holdem_shard<const N: usize>(
        &self,
        rng: &mut Xoshiro256pp,
        trials: u64,
    ) -> std::result::Result<Tally, Halt> {
        let spot = self.spot;
        let words: Vec<Vec<(u64, u64)>> = spot
            .players
            .iter()
            .map(|cs| {
                cs.iter()
                    .map(|c| (hole_word(&c.ids[..2]), suit_mask(&c.ids[..2])))
                    .collect()
            })
            .collect();
        let (bkey, bmask) = (board_word(&spot.board), suit_mask(&spot.board));
        let fixed = self.ranged.is_empty();
        let mut fixed_words = [(0u64, 0u64); N];
        for p in 0..N {
            fixed_words[p] = words[p][0];
        }
        let missing = self.board_missing;
        let mut picks = [0usize; N];
        let mut tally = Tally::new(N);
        let mut values = [0u32; N];
        let mut keys = [0u64; N];
        let mut drawn = [0u8; 6];
        let mut left = trials;
        while left > 0 {
            if self.stop.stop() {
                return Err(Halt::Stop);
            }
            let chunk = left.min(CHECK_TRIALS);
            left -= chunk;
            for _ in 0..chunk {
                let mut used = if fixed {
                    spot.known
                } else {
                    self.pick(rng, &mut picks)?
                };
                let mut key = bkey;
                let mut k = 0;
                while k < missing {
                    // two cards per word, without branches: a card already
                    // used (or one past the last needed) adds nothing
                    let r = rng.next_u64();
                    for half in [r >> 32, r & 0xFFFF_FFFF] {
                        let c = (half * 52) >> 32;
                        let free = (!used >> c) & 1 & (k < missing) as u64;
                        used |= free << c;
                        key = key.wrapping_add(CARD_KEY[c as usize] & free.wrapping_neg());
                        drawn[k] = c as u8;
                        k += free as usize;
                    }
                }
                let mut flush = 0u64;
                for p in 0..N {
                    let hk = if fixed {
                        fixed_words[p].0
                    } else {
                        words[p][picks[p]].0
                    };
                    keys[p] = key.wrapping_add(hk);
                    flush |= keys[p];
                }
                if flush & FLUSH_BITS == 0 {
                    for p in 0..N {
                        values[p] = rank_value(keys[p] as u32) as u32;
                    }
                } else {
                    let mask = bmask | suit_mask(&drawn[..missing]);
                    for p in 0..N {
                        let hm = if fixed {
                            fixed_words[p].1
                        } else {
                            words[p][picks[p]].1
                        };
                        values[p] = full_value(keys[p], mask | hm);
                    }
                }
                let best = *values.iter().max().unwrap_or(&0);
                tally.bump_natural(winners(&values, best), best, 1);
            }
        }
        Ok(tally)
    }

    fn shard(&self, seed: u64, shard: u64, trials: u64) -> Result<Counts> {
        let n = self.spot.players.len();
        let mut rng = Xoshiro256pp::seed(shard_seed(seed, shard));
        let mut hands = vec![[0u8; MAX_HOLE]; n];
        let mut lens = vec![0usize; n];
        for (p, cs) in self.spot.players.iter().enumerate() {
            hands[p] = cs[0].ids;
            lens[p] = cs[0].len as usize;
        }
        let mut picks = vec![0usize; n];
        let mut board = [0u8; 8];
        board[..self.spot.board.len()].copy_from_slice(&self.spot.board);
        let blen = self.spot.shape.board as usize;
        let mut highs = vec![0u32; n];
        let mut lows = vec![0u32; n];
        if self.scorer.natural_high()
            && self.spot.shape.is_holdem()
            && self.spot.standard_deck()
            && self.spot.players.iter().all(|cs| cs[0].len == 2)
            && n <= TALLY_MAX_PLAYERS
        {
            let t = match n {
                2 => self.holdem_shard::<2>(&mut rng, trials),
                3 => self.holdem_shard::<3>(&mut rng, trials),
                4 => self.holdem_shard::<4>(&mut rng, trials),
                5 => self.holdem_shard::<5>(&mut rng, trials),
                6 => self.holdem_shard::<6>(&mut rng, trials),
                7 => self.holdem_shard::<7>(&mut rng, trials),
                8 => self.holdem_shard::<8>(&mut rng, trials),
                9 => self.holdem_shard::<9>(&mut rng, trials),
                10 => self.holdem_shard::<10>(&mut rng, trials),
                _ => Err(Halt::Collide), // n <= TALLY_MAX_PLAYERS here
            };
            return t.map(|t| t.counts()).map_err(Halt::error);
        }
        if !self.scorer.has_low() && n <= TALLY_MAX_PLAYERS {
            let mut tally = Tally::new(n);
            for trial in 0..trials {
                if trial.is_multiple_of(CHECK_TRIALS) && self.stop.stop() {
                    return Err(interrupted());
                }
                self.deal(&mut rng, &mut picks, &mut hands, &mut lens, &mut board)
                    .map_err(Halt::error)?;
                for p in 0..n {
                    highs[p] = self.scorer.score(&hands[p][..lens[p]], &board[..blen]).0;
                }
                let best = *highs.iter().max().unwrap_or(&0);
                tally.bump(winners(&highs, best), best, 1);
            }
            return Ok(tally.counts());
        }
        let mut counts = Counts::new(n);
        let split = self.scorer.split();
        for trial in 0..trials {
            if trial.is_multiple_of(CHECK_TRIALS) && self.stop.stop() {
                return Err(interrupted());
            }
            self.deal(&mut rng, &mut picks, &mut hands, &mut lens, &mut board)
                .map_err(Halt::error)?;
            for p in 0..n {
                (highs[p], lows[p]) = self.scorer.score(&hands[p][..lens[p]], &board[..blen]);
            }
            counts.record(&highs, &lows, split, 1);
        }
        Ok(counts)
    }
}

/// Runs the shards `shards` of a run seeded with `seed` and sums their
/// counters: on the current rayon pool when `parallel`, else on the calling
/// thread alone (safe in a forked process, where rayon's threads are gone).
pub fn monte_carlo<S: Scorer>(
    spot: &Spot,
    scorer: &S,
    seed: u64,
    shards: Shards,
    parallel: bool,
) -> Result<Counts> {
    monte_carlo_with(spot, scorer, seed, shards, parallel, &Never)
}

/// [`monte_carlo`], asking `stop` between shards and every
/// [`CHECK_TRIALS`] trials whether to give up. Shard indices must not pass
/// `u64::MAX`; at most [`MAX_SHARDS`] shards a call.
pub fn monte_carlo_with<S: Scorer>(
    spot: &Spot,
    scorer: &S,
    seed: u64,
    shards: Shards,
    parallel: bool,
    stop: &dyn Interrupt,
) -> Result<Counts> {
    let end = shards
        .first
        .checked_add(shards.count)
        .ok_or_else(|| Error::Equity {
            reason: format!(
                "shards {}.. and {} more pass the last shard index (2**64 - 1)",
                shards.first, shards.count
            ),
        })?;
    if shards.last == 0 || shards.last > SHARD_TRIALS {
        return Err(Error::Equity {
            reason: format!(
                "the last shard runs 1..={SHARD_TRIALS} trials, got {}",
                shards.last
            ),
        });
    }
    if shards.count > MAX_SHARDS {
        return Err(Error::Equity {
            reason: format!(
                "at most {MAX_SHARDS} shards ({} trials) a call, got {}",
                MAX_SHARDS * SHARD_TRIALS,
                shards.count
            ),
        });
    }
    let sampler = Sampler::new(spot, scorer, stop);
    if !sampler.ranged.is_empty() && super::exact::count_joints(spot, 1) == 0 {
        return Err(Error::Equity {
            reason:
                "the players' ranges cannot all be dealt at once: every joint holding shares a card"
                    .into(),
        });
    }
    let n = spot.players.len();
    let one = |i: u64| -> Result<Counts> {
        if stop.stop() {
            return Err(interrupted());
        }
        sampler.shard(seed, i, shards.trials_of(i))
    };
    // Counters are integers: the sum is the same in any order, so the
    // shards are folded as they finish (memory does not grow with them).
    if parallel {
        (shards.first..end).into_par_iter().map(one).try_reduce(
            || Counts::new(n),
            |mut a, b| {
                a.add(&b);
                Ok(a)
            },
        )
    } else {
        let mut counts = Counts::new(n);
        for i in shards.first..end {
            counts.add(&one(i)?);
        }
        Ok(counts)
    }
}
