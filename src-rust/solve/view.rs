//! Reading a solved tree along a path of steps from the root (an action
//! index at a player node, a card at a chance node), in the real cards:
//! a deal solved as an equivalent one is read through the suit permutation
//! that maps it, and the strategies, values and reaches come back over the
//! players' hands as dealt. Also the solver's state as bytes.

use super::cfr::{average, Scratch};
use super::iso::{self, compose, inverse, Perm, IDENTITY};
use super::showdown::fold;
use super::tree::Kind;
use super::Solver;
use crate::equity::Never;
use crate::error::{Error, Result};

/// Where a path leads: the stored node, the permutation from the real
/// cards to the stored subtree's (`tau`), the real board and both
/// players' reach over their real hands.
pub struct Pos {
    pub node: usize,
    pub tau: Perm,
    pub board: u64,
    pub reach: [Vec<f64>; 2],
}

fn bad<T>(m: String) -> Result<T> {
    Err(Error::Solve(m))
}

impl Solver {
    fn map_of(&self, tau: &Perm, p: usize) -> &[u32] {
        &self.iso.map[self.iso.index(tau)][p]
    }

    /// The average strategy of the player node `node` seen through `tau`:
    /// hands (real) x actions.
    pub fn strategy_at(&self, node: usize, tau: &Perm) -> Vec<f32> {
        let nd = &self.nodes[node];
        let Kind::Player(q) = nd.kind else {
            return Vec::new();
        };
        let q = q as usize;
        let (n, a) = (self.hands[q].len(), nd.count as usize);
        let mut sigma = vec![0.0f64; n * a];
        average(&self.sums[nd.offset..nd.offset + n * a], n, &mut sigma);
        let map = self.map_of(tau, q);
        let mut out = vec![0f32; n * a];
        for h in 0..n {
            let x = map[h] as usize;
            for i in 0..a {
                out[h * a + i] = sigma[i * n + x] as f32;
            }
        }
        out
    }

    /// Follows `path` from the root.
    pub fn walk(&self, path: &[i64]) -> Result<Pos> {
        let mut pos = Pos {
            node: 0,
            tau: IDENTITY,
            board: self.nodes[0].board,
            reach: [self.hands[0].weight.clone(), self.hands[1].weight.clone()],
        };
        for (depth, &step) in path.iter().enumerate() {
            let nd = &self.nodes[pos.node];
            match nd.kind {
                Kind::Player(q) => {
                    let a = nd.count as usize;
                    if step < 0 || step as usize >= a {
                        return bad(format!("step {depth} of the path: action {step} is not one of the {a} actions (0..{a})"));
                    }
                    let s = self.strategy_at(pos.node, &pos.tau);
                    for (h, r) in pos.reach[q as usize].iter_mut().enumerate() {
                        *r *= s[h * a + step as usize] as f64;
                    }
                    pos.node = nd.first as usize + step as usize;
                }
                Kind::Chance => {
                    let free = self.deck & !pos.board;
                    if !(0..64).contains(&step) || free >> step & 1 == 0 {
                        return bad(format!(
                            "step {depth} of the path: card {} cannot be dealt here (it is on the board or not in the deck)",
                            crate::cards::name((step.clamp(0, 53)) as u8)
                        ));
                    }
                    let c = step as u8;
                    let stored = iso::card(&pos.tau, c);
                    let d = self.deals[nd.extra as usize]
                        .iter()
                        .find(|d| d.card == stored)
                        .expect("every free card is dealt");
                    if d.perm != 0 {
                        let sigma = self.iso.perms[d.perm as usize];
                        pos.tau = compose(&inverse(&sigma), &pos.tau);
                    }
                    for p in 0..2 {
                        for (r, &m) in pos.reach[p].iter_mut().zip(&self.hands[p].mask) {
                            if m >> c & 1 == 1 {
                                *r = 0.0;
                            }
                        }
                    }
                    pos.board |= 1 << c;
                    pos.node = nd.first as usize + d.child as usize;
                }
                Kind::Fold(_) | Kind::Showdown => {
                    return bad(format!(
                        "step {depth} of the path: the hand is over, nothing follows a terminal"
                    ));
                }
            }
        }
        Ok(pos)
    }

    /// Player `p`'s values at `pos` under the average strategies, over its
    /// real hands: `(ev, equity, reach)`, ev and equity NaN where the hand
    /// cannot be there.
    pub fn values_at(&self, pos: &Pos, p: usize) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
        let n = self.hands[p].len();
        let mine = self.map_of(&pos.tau, p).to_vec();
        let theirs = self.map_of(&pos.tau, p ^ 1);
        // the opponent's reach in the stored subtree's hands
        let mut opp = vec![0.0; self.hands[p ^ 1].len()];
        for (o, &x) in pos.reach[p ^ 1].iter().enumerate() {
            opp[theirs[o] as usize] = x;
        }
        let (mut best, mut avg) = (vec![0.0; n], vec![0.0; n]);
        let mut sc = Scratch::new(&self.removal[p]);
        self.eval(
            pos.node, p, &opp, false, &Never, &mut sc, &mut best, &mut avg,
        );
        let mut compat = vec![0.0; n];
        fold(
            &self.hands[p],
            &self.hands[p ^ 1],
            &self.removal[p],
            &pos.reach[p ^ 1],
            1.0,
            &mut sc.acc,
            &mut compat,
        );
        let (share, total) = self.equity_of(p, pos.board, &pos.reach[p ^ 1]);
        let mut ev = vec![f64::NAN; n];
        let mut eq = vec![f64::NAN; n];
        for h in 0..n {
            let ok =
                self.hands[p].mask[h] & pos.board == 0 && pos.reach[p][h] > 0.0 && compat[h] > 0.0;
            if ok {
                ev[h] = avg[mine[h] as usize] / compat[h] + self.shift[p];
                if total[h] > 0.0 {
                    eq[h] = share[h] / total[h];
                }
            }
        }
        (ev, eq, pos.reach[p].clone())
    }

    /// What each player nets at the terminal `node` with hands `h0`, `h1`
    /// on the final board `board` (exact chips); `at` is the board the path
    /// dealt to the node (a deal solved as an equivalent one is stored with
    /// that one's board).
    pub fn payoff_at(&self, node: usize, h: [usize; 2], at: u64, board: u64) -> Result<[i128; 2]> {
        let nd = &self.nodes[node];
        let t = self.pot_after_rake(nd) as i128;
        let put = [nd.contrib[0] as i128, nd.contrib[1] as i128];
        for (p, (&i, hands)) in h.iter().zip(&self.hands).enumerate() {
            if i >= hands.len() {
                return bad(format!(
                    "hand {i} is not one of player {p}'s {} hands",
                    hands.len()
                ));
            }
        }
        if self.hands[0].mask[h[0]] & self.hands[1].mask[h[1]] != 0
            || (self.hands[0].mask[h[0]] | self.hands[1].mask[h[1]]) & board != 0
        {
            return bad("the two hands and the board share a card".into());
        }
        let won: [i128; 2] = match nd.kind {
            Kind::Fold(f) => {
                let mut w = [0, 0];
                w[f as usize ^ 1] = t;
                w
            }
            Kind::Showdown => {
                let Some(tb) = self.boards.iter().find(|b| b.mask == board) else {
                    return bad(format!(
                        "the board must be the node's board and its runout: {} cards",
                        self.final_board
                    ));
                };
                if board & at != at {
                    return bad("the board must hold the node's board".into());
                }
                let key = |p: usize| {
                    tb.keys(p, h[p])
                        .expect("hands off the board are in its table")
                };
                let ((ah, al), (bh, bl)) = (key(0), key(1));
                let split = |x: i128, c: std::cmp::Ordering| match c {
                    std::cmp::Ordering::Greater => [x, 0],
                    std::cmp::Ordering::Less => [0, x],
                    std::cmp::Ordering::Equal => [(x + 1) / 2, x / 2],
                };
                if self.hilo && (al > 0 || bl > 0) {
                    let (hi, lo) = ((t + 1) / 2, t / 2);
                    let x = split(hi, ah.cmp(&bh));
                    let y = split(lo, al.cmp(&bl));
                    [x[0] + y[0], x[1] + y[1]]
                } else {
                    split(t, ah.cmp(&bh))
                }
            }
            _ => return bad("the path does not lead to a terminal".into()),
        };
        Ok([won[0] - put[0], won[1] - put[1]])
    }

    fn fingerprint(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |x: u64| {
            for b in x.to_le_bytes() {
                h ^= b as u64;
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        };
        eat(self.nodes.len() as u64);
        eat(self.regrets.len() as u64);
        for p in 0..2 {
            for (&m, &w) in self.hands[p].mask.iter().zip(&self.hands[p].weight) {
                eat(m);
                eat(w.to_bits());
            }
        }
        for b in format!("{:?}{:?}{}{}", self.config, self.rake, self.hilo, self.deck).bytes() {
            eat(b as u64);
        }
        h
    }

    /// The regrets, strategy sums and iteration count, versioned and
    /// fingerprinted by the tree they belong to.
    pub fn state(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(40 + 8 * self.regrets.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&self.fingerprint().to_le_bytes());
        out.extend_from_slice(&self.iterations.to_le_bytes());
        out.extend_from_slice(&(self.regrets.len() as u64).to_le_bytes());
        for x in self.regrets.iter().chain(&self.sums) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out
    }

    /// Puts back a state from [`Solver::state`]; refused (and nothing
    /// changed) unless it is of this version and this tree, whole.
    pub fn set_state(&mut self, data: &[u8]) -> Result<()> {
        let head = MAGIC.len() + 4 + 8 + 8 + 8;
        if data.len() < head || &data[..MAGIC.len()] != MAGIC {
            return bad("not a hoyle solver state (bad header)".into());
        }
        let word = |at: usize, n: usize| {
            let mut b = [0u8; 8];
            b[..n].copy_from_slice(&data[at..at + n]);
            u64::from_le_bytes(b)
        };
        let mut at = MAGIC.len();
        let version = word(at, 4) as u32;
        at += 4;
        if version != VERSION {
            return bad(format!(
                "solver state version {version}; this hoyle reads version {VERSION}"
            ));
        }
        let fp = word(at, 8);
        at += 8;
        if fp != self.fingerprint() {
            return bad("the solver state belongs to another spot or tree".into());
        }
        let iterations = word(at, 8);
        at += 8;
        let len = word(at, 8);
        at += 8;
        if len != self.regrets.len() as u64 || data.len() - at != 8 * self.regrets.len() {
            return bad(format!(
                "the solver state has {} bytes of tables, this tree needs {}",
                data.len() - at,
                8 * self.regrets.len()
            ));
        }
        let n = self.regrets.len();
        let floats: Vec<f32> = data[at..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if floats.iter().any(|x| !x.is_finite()) || floats[n..].iter().any(|&x| x < 0.0) {
            return bad(
                "the solver state holds values no solver writes (not finite, or negative sums)"
                    .into(),
            );
        }
        self.regrets.copy_from_slice(&floats[..n]);
        self.sums.copy_from_slice(&floats[n..]);
        self.iterations = iterations;
        Ok(())
    }
}

const MAGIC: &[u8] = b"hoyle-solver\0";
const VERSION: u32 = 1;
