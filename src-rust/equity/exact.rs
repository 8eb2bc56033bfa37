//! Exact enumeration: every joint holding of the players' ranges that does
//! not collide, and for each, every way to deal the missing cards.

use super::count::{Counts, Split, TALLY_MAX_PLAYERS};
use super::holdem::holdem_boards;
use super::score::Scorer;
use super::spot::{Combo, Spot, MAX_HOLE};
use crate::error::{Error, Result};
use rayon::prelude::*;

/// An exact result: integer counters summed over the joint holdings (one
/// weight each), and the weighted fractions.
#[derive(Clone, Debug)]
pub struct Exact {
    /// Counters over all joint holdings, each counted once.
    pub counts: Counts,
    /// Joint holdings enumerated (1 when every hand is fixed).
    pub combos: u64,
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

/// Estimated hand evaluations of an exact run, capped near `cap`.
pub fn exact_work(spot: &Spot, cap: f64) -> f64 {
    let per = deals_per_joint(spot) * spot.players.len() as f64;
    let joints = count_joints(spot, (cap / per.max(1.0)).ceil().min(1e15) as u64 + 1);
    joints as f64 * per
}

/// Generic enumeration of the missing cards for one joint holding.
struct Deal<'a, S: Scorer> {
    scorer: &'a S,
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
    }
}

/// Counters of every deal for one joint holding; `split` spreads the work
/// over the current rayon pool.
fn one_joint<S: Scorer>(spot: &Spot, scorer: &S, joint: &[&Combo], split: bool) -> Counts {
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
    let mut joints: Vec<Vec<usize>> = Vec::new();
    for_each_joint(&spot.players, |j| {
        joints.push(j.to_vec());
        true
    });
    if joints.is_empty() {
        return Err(Error::Equity {
            reason:
                "the players' ranges cannot all be dealt at once: every joint holding shares a card"
                    .into(),
        });
    }
    let combos_of = |j: &Vec<usize>| -> Vec<&Combo> {
        j.iter()
            .enumerate()
            .map(|(p, &i)| &spot.players[p][i])
            .collect()
    };
    let results: Vec<Counts> = if joints.len() == 1 {
        vec![one_joint(spot, scorer, &combos_of(&joints[0]), parallel)]
    } else if !parallel {
        joints
            .iter()
            .map(|j| one_joint(spot, scorer, &combos_of(j), false))
            .collect()
    } else {
        joints
            .par_iter()
            .map(|j| one_joint(spot, scorer, &combos_of(j), false))
            .collect()
    };
    let n = spot.players.len();
    let mut counts = Counts::new(n);
    let mut equity = vec![0.0; n];
    let mut win = vec![0.0; n];
    let mut tie = vec![0.0; n];
    let mut cat = vec![0.0; n * 16];
    let mut total = 0.0;
    for (j, c) in joints.iter().zip(&results) {
        counts.add(c);
        let w: f64 = combos_of(j).iter().map(|c| c.weight).product();
        total += w;
        let deals = c.deals as f64;
        let unit = deals * c.denom as f64;
        for p in 0..n {
            equity[p] += w * c.share[p] as f64 / unit;
            win[p] += w * c.win[p] as f64 / deals;
            tie[p] += w * c.tie[p] as f64 / deals;
        }
        for (a, &b) in cat.iter_mut().zip(&c.cat) {
            *a += w * b as f64 / unit;
        }
    }
    for v in equity
        .iter_mut()
        .chain(win.iter_mut())
        .chain(tie.iter_mut())
        .chain(cat.iter_mut())
    {
        *v /= total;
    }
    Ok(Exact {
        counts,
        combos: joints.len() as u64,
        equity,
        win,
        tie,
        cat,
    })
}
