//! Exact enumeration: every joint holding of the players' ranges that does
//! not collide, and for each, every way to deal the missing cards.

use super::count::{Counts, Split, TALLY_MAX_PLAYERS};
use super::holdem::holdem_boards;
use super::interrupt::{interrupted, Interrupt, Never, CHECK_DEALS};
use super::rng::Xoshiro256pp;
use super::score::Scorer;
use super::spot::{Combo, Spot, MAX_HOLE};
use crate::error::{Error, Result};
use rayon::prelude::*;
use std::collections::HashMap;

/// The most hand evaluations an exact run may take (joint holdings × deals
/// each × players): about 10^11, minutes on the hold'em path and up to an
/// hour or two on the slowest (hand rules, stud), so that nothing
/// astronomical is started. Monte Carlo answers larger spots.
pub const EXACT_WORK_LIMIT: f64 = 1e11;

/// Joint holdings counted one by one before the rest are estimated.
const JOINT_COUNT_CAP: u64 = 1 << 22;

/// Random joint picks that estimate the share of joint holdings whose
/// cards do not collide, when there are too many to count.
const JOINT_SAMPLES: u32 = 1 << 16;

/// Joint holdings enumerated per chunk: their counters are kept until the
/// chunk is weighed, so memory stays flat however many there are.
const JOINT_CHUNK: usize = 1 << 12;

/// Deals per joint holding from which joint holdings are grouped by suit
/// isomorphism: below it, dealing is about as cheap as finding the class.
const ISO_MIN_DEALS: f64 = 16.0;

/// Classes of joint holdings whose counters are kept at once, times the
/// players + 1 (a class's counters take about 300 bytes a player): past it
/// the kept counters are dropped (at a chunk's end), so memory stays within
/// some 40 MB however many classes a spot has.
const CLASS_CACHE_CAP: usize = 1 << 17;

/// An exact result: integer counters summed over the joint holdings (one
/// weight each), and the weighted fractions.
#[derive(Clone, Debug)]
pub struct Exact {
    /// Counters over all joint holdings, each counted once.
    pub counts: Counts,
    /// Joint holdings enumerated (1 when every hand is fixed).
    pub combos: u64,
    /// Joint holdings whose deals were actually dealt: the others are
    /// images of one of these under a suit permutation that keeps the
    /// board, the dead cards, the deck and the scorer's special cards, and
    /// reuse its counters (equal to `combos` when no suit is free).
    pub classes: u64,
    /// Per player, weighted by the product of the combos' weights.
    pub equity: Vec<f64>,
    pub win: Vec<f64>,
    pub tie: Vec<f64>,
    /// `[player * 16 + category]`, as [`Counts::cat`], as fractions of a pot.
    pub cat: Vec<f64>,
}

/// Calls `f` with each joint holding (one combo index per player) whose
/// cards do not collide, in lexicographic order, until `f` returns false.
pub(crate) fn for_each_joint(players: &[Vec<Combo>], mut f: impl FnMut(&[usize]) -> bool) {
    fn go(
        players: &[Vec<Combo>],
        p: usize,
        used: u64,
        pick: &mut Vec<usize>,
        f: &mut impl FnMut(&[usize]) -> bool,
    ) -> bool {
        if p == players.len() {
            return f(pick);
        }
        for (i, c) in players[p].iter().enumerate() {
            if c.mask & used != 0 {
                continue;
            }
            pick.push(i);
            let go_on = go(players, p + 1, used | c.mask, pick, f);
            pick.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    let mut pick = Vec::with_capacity(players.len());
    go(players, 0, 0, &mut pick, &mut f);
}

fn binomial(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Deals per joint holding (ways to deal the missing board and hole cards).
pub fn deals_per_joint(spot: &Spot) -> f64 {
    let mut left = spot.deck_left();
    left -= spot
        .players
        .iter()
        .filter(|c| c.len() > 1)
        .map(|c| c[0].len as usize)
        .sum::<usize>();
    let mut ways = binomial(left, spot.shape.board as usize - spot.board.len());
    left -= spot.shape.board as usize - spot.board.len();
    for m in spot.missing_hole() {
        ways *= binomial(left, m);
        left -= m;
    }
    ways
}

/// Joint holdings, counted up to `cap` (returns `cap` when there are more).
pub fn count_joints(spot: &Spot, cap: u64) -> u64 {
    let mut n = 0u64;
    for_each_joint(&spot.players, |_| {
        n += 1;
        n < cap
    });
    n
}

/// The size of an exact run, known before it starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Joint holdings (exact when `counted`, else estimated by sampling).
    pub joints: f64,
    /// Whether `joints` was counted one by one.
    pub counted: bool,
    /// Deals (ways to deal the missing cards) per joint holding.
    pub deals: f64,
    /// Hand evaluations: joints × deals × players.
    pub evaluations: f64,
}

/// The size of an exact run of `spot`: joint holdings are counted up to
/// about four million, and beyond that estimated from the share of 65,536
/// seeded random picks whose cards do not collide (a fixed seed: the same
/// spot always gets the same estimate). Takes milliseconds.
pub fn estimate(spot: &Spot) -> Estimate {
    let deals = deals_per_joint(spot);
    let n = count_joints(spot, JOINT_COUNT_CAP);
    let (joints, counted) = if n < JOINT_COUNT_CAP {
        (n as f64, true)
    } else {
        (sample_joints(spot).max(n as f64), false)
    };
    Estimate {
        joints,
        counted,
        deals,
        evaluations: joints * deals * spot.players.len() as f64,
    }
}

/// The number of joint holdings estimated from random picks: all
/// combinations of the players' combos times the share that do not collide.
fn sample_joints(spot: &Spot) -> f64 {
    let all: f64 = spot.players.iter().map(|c| c.len() as f64).product();
    let mut rng = Xoshiro256pp::seed(0x0005_EED0_FE57);
    let mut fit = 0u32;
    for _ in 0..JOINT_SAMPLES {
        let mut used = 0u64;
        let mut ok = true;
        for combos in &spot.players {
            let c = &combos[rng.below(combos.len() as u32) as usize];
            ok &= c.mask & used == 0;
            used |= c.mask;
        }
        fit += ok as u32;
    }
    all * fit as f64 / JOINT_SAMPLES as f64
}

/// Estimated hand evaluations of an exact run (see [`estimate`]; `_cap`
/// is no longer needed, the count stops by itself).
pub fn exact_work(spot: &Spot, _cap: f64) -> f64 {
    estimate(spot).evaluations
}

/// Generic enumeration of the missing cards for one joint holding.
struct Deal<'a, S: Scorer> {
    scorer: &'a S,
    stop: &'a dyn Interrupt,
    /// (who, how many): who = 0 for the board, p + 1 for player p.
    slots: Vec<(usize, usize)>,
    deck: Vec<u8>,
    split: Split,
}

struct State {
    board: [u8; 8],
    board_len: usize,
    hands: Vec<[u8; MAX_HOLE]>,
    lens: Vec<usize>,
    highs: Vec<u32>,
    lows: Vec<u32>,
    /// Set when the work was asked to stop: the deal unwinds.
    stopped: bool,
}

impl State {
    fn place(&mut self, who: usize, c: u8) {
        if who == 0 {
            self.board[self.board_len] = c;
            self.board_len += 1;
        } else {
            self.hands[who - 1][self.lens[who - 1]] = c;
            self.lens[who - 1] += 1;
        }
    }

    fn unplace(&mut self, who: usize) {
        if who == 0 {
            self.board_len -= 1;
        } else {
            self.lens[who - 1] -= 1;
        }
    }
}

impl<S: Scorer> Deal<'_, S> {
    fn leaf(&self, st: &mut State, counts: &mut Counts) {
        for p in 0..st.hands.len() {
            let (h, l) = self
                .scorer
                .score(&st.hands[p][..st.lens[p]], &st.board[..st.board_len]);
            st.highs[p] = h;
            st.lows[p] = l;
        }
        counts.record(&st.highs, &st.lows, self.split, 1);
        if counts.deals.is_multiple_of(CHECK_DEALS) && self.stop.stop() {
            st.stopped = true;
        }
    }

    fn fill(&self, st: &mut State, slot: usize, filled: usize, start: usize, counts: &mut Counts) {
        let Some(&(who, count)) = self.slots.get(slot) else {
            return self.leaf(st, counts);
        };
        if filled == count {
            return self.fill(st, slot + 1, 0, 0, counts);
        }
        for i in start..self.deck.len() {
            let c = self.deck[i];
            if st.board[..st.board_len].contains(&c)
                || (0..st.hands.len()).any(|p| st.hands[p][..st.lens[p]].contains(&c))
            {
                continue;
            }
            st.place(who, c);
            self.fill(st, slot, filled + 1, i + 1, counts);
            st.unplace(who);
            if st.stopped {
                return;
            }
        }
    }
}

fn state(spot: &Spot, joint: &[&Combo]) -> State {
    let mut board = [0u8; 8];
    board[..spot.board.len()].copy_from_slice(&spot.board);
    State {
        board,
        board_len: spot.board.len(),
        hands: joint.iter().map(|c| c.ids).collect(),
        lens: joint.iter().map(|c| c.len as usize).collect(),
        highs: vec![0; joint.len()],
        lows: vec![0; joint.len()],
        stopped: false,
    }
}

/// Counters of every deal for one joint holding; `split` spreads the work
/// over the current rayon pool. When `stop` says so the counters are cut
/// short (the caller asks `stop` again and throws them away).
fn one_joint<S: Scorer>(
    spot: &Spot,
    scorer: &S,
    joint: &[&Combo],
    split: bool,
    stop: &dyn Interrupt,
) -> Counts {
    let used = joint.iter().fold(spot.known, |m, c| m | c.mask);
    let deck: Vec<u8> = (0..54u8)
        .filter(|&c| (spot.deck & !used) >> c & 1 == 1)
        .collect();
    let n = joint.len();
    if spot.shape.is_holdem()
        && !scorer.has_low()
        && n <= TALLY_MAX_PLAYERS
        && joint.iter().all(|c| c.len == 2)
        && scorer.natural_high()
        && deck.iter().all(|&c| c < 52)
    {
        let holes: Vec<[u8; 2]> = joint.iter().map(|c| [c.ids[0], c.ids[1]]).collect();
        return holdem_boards(&holes, &spot.board, &deck, split).counts();
    }
    let mut slots = vec![(0usize, spot.shape.board as usize - spot.board.len())];
    for (p, c) in joint.iter().enumerate() {
        slots.push((p + 1, (spot.shape.hole - c.len) as usize));
    }
    slots.retain(|&(_, k)| k > 0);
    let deal = Deal {
        scorer,
        stop,
        slots,
        deck,
        split: scorer.split(),
    };
    let mut counts = Counts::new(n);
    if deal.slots.is_empty() {
        deal.leaf(&mut state(spot, joint), &mut counts);
        return counts;
    }
    if !split {
        deal.fill(&mut state(spot, joint), 0, 0, 0, &mut counts);
        return counts;
    }
    // Split on the first card of the first slot.
    let who = deal.slots[0].0;
    let parts: Vec<Counts> = (0..deal.deck.len())
        .into_par_iter()
        .map(|i| {
            let mut st = state(spot, joint);
            let mut c = Counts::new(n);
            st.place(who, deal.deck[i]);
            deal.fill(&mut st, 0, 1, i + 1, &mut c);
            c
        })
        .collect();
    for p in &parts {
        counts.add(p);
    }
    counts
}

/// Exact equity of a spot: every non-colliding joint holding, every deal.
/// Runs on the current rayon pool when `parallel` (install one to choose
/// the threads), else on the calling thread alone.
pub fn enumerate<S: Scorer>(spot: &Spot, scorer: &S, parallel: bool) -> Result<Exact> {
    enumerate_with(spot, scorer, parallel, &Never)
}

/// The weighted sums of an exact run, joint holding by joint holding in
/// enumeration order (so the sums are the same however the work is split).
struct Weighing {
    counts: Counts,
    joints: u64,
    classes: u64,
    equity: Vec<f64>,
    win: Vec<f64>,
    tie: Vec<f64>,
    cat: Vec<f64>,
    total: f64,
}

impl Weighing {
    fn new(n: usize) -> Weighing {
        Weighing {
            counts: Counts::new(n),
            joints: 0,
            classes: 0,
            equity: vec![0.0; n],
            win: vec![0.0; n],
            tie: vec![0.0; n],
            cat: vec![0.0; n * 16],
            total: 0.0,
        }
    }

    fn add(&mut self, w: f64, c: &Counts) {
        self.counts.add(c);
        self.joints += 1;
        self.total += w;
        let deals = c.deals as f64;
        let unit = deals * c.denom as f64;
        for p in 0..self.equity.len() {
            self.equity[p] += w * c.share[p] as f64 / unit;
            self.win[p] += w * c.win[p] as f64 / deals;
            self.tie[p] += w * c.tie[p] as f64 / deals;
        }
        for (a, &b) in self.cat.iter_mut().zip(&c.cat) {
            *a += w * b as f64 / unit;
        }
    }

    fn finish(mut self) -> Result<Exact> {
        let total = self.total;
        if !(total > 0.0 && total.is_finite()) {
            return Err(Error::Equity {
                reason: format!(
                    "the combos' weights multiply to {total} over the joint holdings: give weights nearer 1"
                ),
            });
        }
        for v in self
            .equity
            .iter_mut()
            .chain(self.win.iter_mut())
            .chain(self.tie.iter_mut())
            .chain(self.cat.iter_mut())
        {
            *v /= total;
        }
        Ok(Exact {
            counts: self.counts,
            combos: self.joints,
            classes: self.classes,
            equity: self.equity,
            win: self.win,
            tie: self.tie,
            cat: self.cat,
        })
    }
}

fn combos_of<'s>(spot: &'s Spot, j: &[usize]) -> Vec<&'s Combo> {
    j.iter()
        .enumerate()
        .map(|(p, &i)| &spot.players[p][i])
        .collect()
}

fn weight_of(spot: &Spot, j: &[usize]) -> f64 {
    combos_of(spot, j).iter().map(|c| c.weight).product()
}

/// Counts a chunk of joint holdings (each on one thread) and weighs them
/// in order.
fn weigh_chunk<S: Scorer>(
    spot: &Spot,
    scorer: &S,
    chunk: &[Vec<usize>],
    parallel: bool,
    stop: &dyn Interrupt,
    into: &mut Weighing,
) -> Result<()> {
    if stop.stop() {
        return Err(interrupted());
    }
    let one = |j: &Vec<usize>| one_joint(spot, scorer, &combos_of(spot, j), false, stop);
    let results: Vec<Counts> = if parallel {
        chunk.par_iter().map(one).collect()
    } else {
        chunk.iter().map(one).collect()
    };
    if stop.stop() {
        return Err(interrupted());
    }
    into.classes += results.len() as u64;
    for (j, c) in chunk.iter().zip(&results) {
        into.add(weight_of(spot, j), c);
    }
    Ok(())
}

/// [`enumerate`], asking `stop` between joint holdings and every
/// [`CHECK_DEALS`] deals whether to give up. Joint holdings are made and
/// counted [`JOINT_CHUNK`] at a time, so memory does not grow with them.
pub fn enumerate_with<S: Scorer>(
    spot: &Spot,
    scorer: &S,
    parallel: bool,
    stop: &dyn Interrupt,
) -> Result<Exact> {
    let mut weighing = Weighing::new(spot.players.len());
    match count_joints(spot, 2) {
        0 => return Err(Error::Equity {
            reason:
                "the players' ranges cannot all be dealt at once: every joint holding shares a card"
                    .into(),
        }),
        1 => {
            // one joint holding: the deals themselves are split
            let mut only = Vec::new();
            for_each_joint(&spot.players, |j| {
                only = j.to_vec();
                false
            });
            let c = one_joint(spot, scorer, &combos_of(spot, &only), parallel, stop);
            if stop.stop() {
                return Err(interrupted());
            }
            weighing.classes = 1;
            weighing.add(weight_of(spot, &only), &c);
            return weighing.finish();
        }
        _ => {}
    }
    let group = symmetries(spot, scorer);
    let mut iso = (group.len() > 1 && deals_per_joint(spot) >= ISO_MIN_DEALS).then(|| Classes {
        group,
        cache: HashMap::new(),
    });
    let mut chunk: Vec<Vec<usize>> = Vec::with_capacity(JOINT_CHUNK);
    let mut failed: Result<()> = Ok(());
    let mut weigh = |chunk: &[Vec<usize>], weighing: &mut Weighing| match iso.as_mut() {
        Some(classes) => classes.weigh(spot, scorer, chunk, parallel, stop, weighing),
        None => weigh_chunk(spot, scorer, chunk, parallel, stop, weighing),
    };
    for_each_joint(&spot.players, |j| {
        chunk.push(j.to_vec());
        if chunk.len() < JOINT_CHUNK {
            return true;
        }
        failed = weigh(&chunk, &mut weighing);
        chunk.clear();
        failed.is_ok()
    });
    failed?;
    weigh(&chunk, &mut weighing)?;
    weighing.finish()
}

/// A permutation of the four suits: suit `s` becomes `perm[s]`.
pub type SuitPerm = [u8; 4];

/// The card ids of suit 0 (`4·rank + suit`, ranks 0..13).
const SUIT0: u64 = 0x0001_1111_1111_1111;

/// The natural cards (ids 0..52); jokers (52, 53) have no suit.
const NATURAL: u64 = (1 << 52) - 1;

/// The image of a card mask under a suit permutation (jokers stay).
#[inline]
pub fn permute_mask(mask: u64, perm: &SuitPerm) -> u64 {
    let mut out = mask & !NATURAL;
    for s in 0..4 {
        out |= (mask >> s & SUIT0) << perm[s];
    }
    out
}

/// The suit permutations under which `spot` and `scorer` look the same:
/// each maps the board, the dead cards, the deck and the scorer's special
/// cards (wild cards, bugs) onto themselves as sets. Any two joint
/// holdings mapped onto each other by one of them have the same counters,
/// player by player (the deals of one map one to one onto the deals of the
/// other, and every score is kept). Only the identity when the scorer's
/// scores depend on suits in another way.
pub fn symmetries<S: Scorer>(spot: &Spot, scorer: &S) -> Vec<SuitPerm> {
    let identity: SuitPerm = [0, 1, 2, 3];
    let Some(mut sets) = scorer.suit_symmetric() else {
        return vec![identity];
    };
    sets.push(spot.board.iter().fold(0u64, |m, &c| m | 1 << c));
    sets.push(spot.dead.iter().fold(0u64, |m, &c| m | 1 << c));
    sets.push(spot.deck);
    let mut out = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in (0..4u8).filter(|&b| b != a) {
            for c in (0..4u8).filter(|&c| c != a && c != b) {
                let perm = [a, b, c, 6 - a - b - c];
                if sets.iter().all(|&m| permute_mask(m, &perm) == m) {
                    out.push(perm);
                }
            }
        }
    }
    out
}

/// The class of a joint holding under `group`: the smallest image of its
/// per-player card masks (players in order), compared player by player.
pub fn canonical(masks: &[u64], group: &[SuitPerm]) -> Vec<u64> {
    let mut best = masks.to_vec();
    let mut image = vec![0u64; masks.len()];
    for perm in group {
        for (x, &m) in image.iter_mut().zip(masks) {
            *x = permute_mask(m, perm);
        }
        if image < best {
            best.copy_from_slice(&image);
        }
    }
    best
}

/// Joint holdings counted once per suit-isomorphism class: each chunk's
/// new classes are dealt (in parallel), then every joint holding of the
/// chunk is weighed in enumeration order with its class's counters, so the
/// weighted sums are the very sums of a run without classes.
struct Classes {
    group: Vec<SuitPerm>,
    cache: HashMap<Vec<u64>, Counts>,
}

impl Classes {
    fn weigh<S: Scorer>(
        &mut self,
        spot: &Spot,
        scorer: &S,
        chunk: &[Vec<usize>],
        parallel: bool,
        stop: &dyn Interrupt,
        into: &mut Weighing,
    ) -> Result<()> {
        if stop.stop() {
            return Err(interrupted());
        }
        let keys: Vec<Vec<u64>> = chunk
            .iter()
            .map(|j| {
                let masks: Vec<u64> = combos_of(spot, j).iter().map(|c| c.mask).collect();
                canonical(&masks, &self.group)
            })
            .collect();
        // the chunk's new classes, each with its first joint holding
        let mut fresh: HashMap<&[u64], usize> = HashMap::new();
        let mut todo: Vec<usize> = Vec::new();
        for (i, k) in keys.iter().enumerate() {
            if !self.cache.contains_key(k) && !fresh.contains_key(k.as_slice()) {
                fresh.insert(k, i);
                todo.push(i);
            }
        }
        // Few classes (a handful per thread): each also splits its own
        // deals over the pool, so that every thread has work to steal.
        let split = parallel && todo.len() < 4 * rayon::current_num_threads();
        let one = |&i: &usize| one_joint(spot, scorer, &combos_of(spot, &chunk[i]), split, stop);
        let results: Vec<Counts> = if parallel {
            todo.par_iter().map(one).collect()
        } else {
            todo.iter().map(one).collect()
        };
        if stop.stop() {
            return Err(interrupted());
        }
        into.classes += todo.len() as u64;
        for (&i, c) in todo.iter().zip(results) {
            self.cache.insert(keys[i].clone(), c);
        }
        for (j, k) in chunk.iter().zip(&keys) {
            into.add(weight_of(spot, j), &self.cache[k]);
        }
        if self.cache.len() * (spot.players.len() + 1) > CLASS_CACHE_CAP {
            self.cache.clear();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_text;
    use crate::equity::{HighScorer, RuledScorer, ShowdownShape};

    fn pairs(rank: &str) -> Vec<Combo> {
        let mut out = Vec::new();
        for (i, a) in "cdhs".chars().enumerate() {
            for b in "cdhs".chars().skip(i + 1) {
                let ids = parse_text(&format!("{rank}{a}{rank}{b}")).unwrap();
                out.push(Combo::new(&ids, 1.0).unwrap());
            }
        }
        out
    }

    #[test]
    fn permutations_move_suits_and_keep_jokers() {
        let m = parse_text("As Kd 2c").unwrap();
        let mask = m.iter().fold(1u64 << 52, |x, &c| x | 1 << c);
        // clubs <-> spades, diamonds <-> hearts
        let image = permute_mask(mask, &[3, 2, 1, 0]);
        let want = parse_text("Ac Kh 2s").unwrap();
        assert_eq!(image, want.iter().fold(1u64 << 52, |x, &c| x | 1 << c));
    }

    #[test]
    fn stabiliser_of_the_board() {
        let spot = |board: &str| {
            Spot::new(
                ShowdownShape::HOLDEM,
                vec![pairs("A"), pairs("K")],
                &parse_text(board).unwrap(),
                &[],
            )
            .unwrap()
        };
        // preflop: all 24; rainbow unpaired flop: only the identity; a
        // monotone flop: the 6 permutations of the other three suits; a
        // two-tone flop: 2; a paired flop 2c2d9h: swapping clubs and
        // diamonds, and no other
        for (board, n) in [
            ("", 24),
            ("2c7d9h", 1),
            ("2s7s9s", 6),
            ("2s7s9d", 2),
            ("2c2d9h", 2),
        ] {
            assert_eq!(symmetries(&spot(board), &HighScorer).len(), n, "{board}");
        }
    }

    #[test]
    fn aa_v_kk_has_three_classes() {
        // AA's 6 combos x KK's 6 = 36 joint holdings. Under all 24 suit
        // permutations a pair of 2-suit sets is classed by how many suits
        // the two share: 2 (6 joint holdings), 1 (24) or 0 (6): 3 classes.
        let spot = Spot::new(
            ShowdownShape::HOLDEM,
            vec![pairs("A"), pairs("K")],
            &[],
            &[],
        )
        .unwrap();
        let ex = enumerate(&spot, &HighScorer, false).unwrap();
        assert_eq!((ex.combos, ex.classes), (36, 3));
        // the same counters, joint holding by joint holding, as without
        // classes (a dead card leaves the group trivial only if it fixes
        // every suit; here compare with each joint holding dealt alone)
        let mut want = Counts::new(2);
        for a in &spot.players[0] {
            for k in &spot.players[1] {
                let one =
                    Spot::new(ShowdownShape::HOLDEM, vec![vec![*a], vec![*k]], &[], &[]).unwrap();
                want.add(&enumerate(&one, &HighScorer, false).unwrap().counts);
            }
        }
        assert_eq!(ex.counts, want);
    }

    #[test]
    fn a_wild_card_keeps_its_suit() {
        use crate::eval::rules::{Rules, RulesText};
        use crate::eval::wild::HighEvaluator;
        let rules = Rules::new(&RulesText {
            wild_cards: "Jh Js",
            ..RulesText::default()
        })
        .unwrap();
        let prep = HighEvaluator::new(rules);
        let sc = RuledScorer::new(true, &prep, None).unwrap();
        let spot = Spot::new(
            ShowdownShape::HOLDEM,
            vec![pairs("A"), pairs("K")],
            &[],
            &[],
        )
        .unwrap();
        // only permutations mapping {h, s} onto itself: 2 x 2 = 4
        assert_eq!(symmetries(&spot, &sc).len(), 4);
    }
}
