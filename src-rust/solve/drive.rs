//! What a caller runs: iterations, the exploitability, each player's value
//! under the average strategies, and the showdown equity of a range.

use super::cfr::{Algorithm, Scratch, Store};
use super::showdown::{showdown, Acc, Pay};
use super::tree::Kind;
use super::Solver;
use crate::equity::Interrupt;

impl Solver {
    /// The total weight of the hand pairs that can be dealt together:
    /// what each player's summed values are divided by.
    pub fn pairs(&self) -> f64 {
        let mut acc = Acc::new(&self.removal[0]);
        let mut v = vec![0.0; self.hands[0].len()];
        super::showdown::fold(
            &self.hands[0],
            &self.hands[1],
            &self.removal[0],
            &self.hands[1].weight,
            1.0,
            &mut acc,
            &mut v,
        );
        v.iter()
            .zip(&self.hands[0].weight)
            .map(|(x, w)| x * w)
            .sum()
    }

    /// Runs `n` more iterations (one traversal per player each). Stops
    /// early, between or inside traversals, when `stop` says so; returns
    /// the iterations completed.
    pub fn iterate(
        &mut self,
        n: u64,
        algorithm: Algorithm,
        parallel: bool,
        stop: &dyn Interrupt,
    ) -> u64 {
        let st = Store::of(self);
        for _ in 0..n {
            let t = self.iterations + 1;
            let w = algorithm.weights(t);
            for p in 0..2 {
                if stop.stop() {
                    return self.iterations;
                }
                let reach: Vec<f32> = self.hands[p ^ 1].weight.iter().map(|&x| x as f32).collect();
                let mut out = vec![0.0f32; self.hands[p].len()];
                let mut sc = Scratch::new(&self.removal[p]);
                self.cfr(st, 0, p, &reach, &w, parallel, stop, &mut sc, &mut out);
            }
            if stop.stop() {
                // the traversal may have been cut short: not counted
                return self.iterations;
            }
            self.iterations = t;
        }
        self.iterations
    }

    /// Player `p`'s best-response value and value under the average
    /// strategies, in chips per deal.
    pub fn values(&self, p: usize, parallel: bool, stop: &dyn Interrupt) -> (f64, f64) {
        let n = self.hands[p].len();
        let reach = &self.hands[p ^ 1].weight;
        let (mut best, mut avg) = (vec![0.0; n], vec![0.0; n]);
        let mut sc = Scratch::new(&self.removal[p]);
        self.eval(0, p, reach, parallel, stop, &mut sc, &mut best, &mut avg);
        let z = self.pairs();
        let w = &self.hands[p].weight;
        let dot = |v: &[f64]| v.iter().zip(w).map(|(x, y)| x * y).sum::<f64>() / z + self.shift[p];
        (dot(&best), dot(&avg))
    }

    /// The mean of both players' gains from a best response to the other's
    /// average strategy (half of NashConv), in chips.
    pub fn exploitability(&self, parallel: bool, stop: &dyn Interrupt) -> f64 {
        let (b0, v0) = self.values(0, parallel, stop);
        let (b1, v1) = self.values(1, parallel, stop);
        ((b0 - v0) + (b1 - v1)) / 2.0
    }

    /// Each player's expected payoff under the average strategies.
    pub fn ev(&self, parallel: bool, stop: &dyn Interrupt) -> (f64, f64) {
        (
            self.values(0, parallel, stop).1,
            self.values(1, parallel, stop).1,
        )
    }

    /// Player `p`'s showdown share of the pot against the opponent's
    /// `reach` on every runout of `board`, per hand: `(share, compatible)`,
    /// summed over runouts (each weighted by its chance), so share /
    /// compatible is the hand's equity.
    pub fn equity_of(&self, p: usize, board: u64, reach: &[f64]) -> (Vec<f64>, Vec<f64>) {
        let n = self.hands[p].len();
        let more = self.final_board - board.count_ones();
        let free = self.deck & !board;
        let left = free.count_ones() as u64 - (self.hands[0].k + self.hands[1].k) as u64;
        let weight = 1.0 / (0..more as u64).fold(1u64, |a, i| a * (left - i) / (i + 1)) as f64;
        let (trav, opp, r) = (&self.hands[p], &self.hands[p ^ 1], &self.removal[p]);
        let share = Pay {
            total: 1.0,
            tie: 0.5,
            high: 0.5,
            high_tie: 0.25,
            low: 0.5,
            low_tie: 0.25,
            put: 0.0,
        };
        let none = Pay {
            total: 0.0,
            tie: 0.0,
            high: 0.0,
            high_tie: 0.0,
            low: 0.0,
            low_tie: 0.0,
            put: -1.0,
        };
        // `showdown` pays net of `put`: no shift here
        let mut acc = Acc::new(r);
        let (mut eq, mut compat) = (vec![0.0; n], vec![0.0; n]);
        for t in &self.boards {
            if t.mask & board != board {
                continue;
            }
            showdown(
                t, p, self.hilo, &share, trav, opp, r, reach, weight, &mut acc, &mut eq,
            );
            showdown(
                t,
                p,
                self.hilo,
                &none,
                trav,
                opp,
                r,
                reach,
                weight,
                &mut acc,
                &mut compat,
            );
        }
        (eq, compat)
    }

    /// Each player's showdown equity at the root, over its whole range.
    pub fn equity(&self) -> (f64, f64) {
        let root = self.nodes[0].board;
        let z = self.pairs();
        let e = |p: usize| {
            let (eq, _) = self.equity_of(p, root, &self.hands[p ^ 1].weight);
            eq.iter()
                .zip(&self.hands[p].weight)
                .map(|(x, w)| x * w)
                .sum::<f64>()
                / z
        };
        (e(0), e(1))
    }

    /// Whether `node` ends the hand.
    pub fn is_terminal(&self, node: usize) -> bool {
        matches!(self.nodes[node].kind, Kind::Fold(_) | Kind::Showdown)
    }
}
