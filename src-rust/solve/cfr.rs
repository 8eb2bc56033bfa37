//! The traversals, in vector form: each carries the opponent's reach over
//! its hands down the tree and returns the traverser's counterfactual
//! values over its own. `cfr` updates the traverser's regrets (discounted
//! CFR or CFR+) and the opponent's strategy sums; `eval` returns the
//! traverser's best-response and average-strategy values together (the
//! terminals are scored once for both).
//!
//! Chance nodes deal every card: the opponent's hands holding it drop out,
//! the traverser's get nothing from it, and a card equivalent to a solved
//! one under a suit permutation reads that one's values with the hands
//! mapped. Below the first chance node of a parallel traversal the children
//! run on rayon's threads; every node is visited once per traversal, so
//! the storage each writes is its own.
//!
//! Pruning (`Solver::prune`, on by default): below an opponent's action that
//! none of its hands takes this iteration, the traverser's values are all 0
//! and the opponent's strategy sums would only be multiplied by `keep`, so
//! the subtree is skipped. Under CFR+ this changes nothing; under discounted
//! CFR the skipped nodes miss that iteration's discount of their regrets and
//! sums, which matters only where play does not reach.

use super::iso::inverse;
use super::showdown::{fold, showdown, Acc, Real};
use super::tree::{Edge, Kind};
use super::Solver;
use crate::equity::Interrupt;
use rayon::prelude::*;

/// Terminals evaluated (the tests count the work pruning saves).
#[cfg(test)]
pub(crate) static TERMINALS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// A traversal's reusable buffers: the sweeps' sums and vectors over hands.
pub struct Scratch {
    pub acc: Acc,
    pool: Vec<Vec<f32>>,
}

impl Scratch {
    pub fn new(r: &super::showdown::Removal) -> Scratch {
        Scratch {
            acc: Acc::new(r),
            pool: Vec::new(),
        }
    }

    /// A vector of `n` zeros.
    fn take(&mut self, n: usize) -> Vec<f32> {
        let mut v = self.pool.pop().unwrap_or_default();
        v.clear();
        v.resize(n, 0.0);
        v
    }

    fn give(&mut self, v: Vec<f32>) {
        self.pool.push(v);
    }
}

/// How an iteration weighs what it adds.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// Multipliers of positive and negative cumulative regrets before this
    /// iteration's are added (CFR+: floored at 0 after).
    pub positive: f32,
    pub negative: f32,
    pub plus: bool,
    /// The strategy sums are multiplied by `keep` and this iteration's
    /// reach-weighted strategy added times `add`.
    pub keep: f32,
    pub add: f32,
}

/// The algorithm and its parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Algorithm {
    /// Discounted CFR (Brown and Sandholm 2019): alpha, beta, gamma.
    Dcfr { alpha: f64, beta: f64, gamma: f64 },
    /// CFR+: regrets floored at 0, linear averaging.
    Plus,
}

impl Algorithm {
    /// The weights of iteration `t` (1-based).
    pub fn weights(&self, t: u64) -> Weights {
        match *self {
            Algorithm::Dcfr { alpha, beta, gamma } => {
                let prev = (t - 1) as f64;
                let pos = if t == 1 {
                    0.0
                } else {
                    prev.powf(alpha) / (prev.powf(alpha) + 1.0)
                };
                let neg = if t == 1 {
                    0.0
                } else {
                    prev.powf(beta) / (prev.powf(beta) + 1.0)
                };
                let keep = (prev / t as f64).powf(gamma);
                Weights {
                    positive: pos as f32,
                    negative: neg as f32,
                    plus: false,
                    keep: keep as f32,
                    add: 1.0,
                }
            }
            Algorithm::Plus => Weights {
                positive: 1.0,
                negative: 1.0,
                plus: true,
                keep: 1.0,
                add: t as f32,
            },
        }
    }
}

/// Raw views of the storage, written by one node's traversal at a time.
#[derive(Clone, Copy)]
pub(crate) struct Store {
    regrets: *mut f32,
    sums: *mut f32,
}

// SAFETY: a traversal visits every node once, and each node's slice of the
// storage is its own (offsets are disjoint, see `build`): no two threads
// ever touch the same entries.
unsafe impl Send for Store {}
unsafe impl Sync for Store {}

impl Store {
    pub fn of(s: &mut Solver) -> Store {
        Store {
            regrets: s.regrets.as_mut_ptr(),
            sums: s.sums.as_mut_ptr(),
        }
    }

    /// SAFETY: `off..off + len` is one node's slice, and no other slice of
    /// it is alive (see the `Send` note).
    #[allow(clippy::mut_from_ref)]
    unsafe fn slices(&self, off: usize, len: usize) -> (&mut [f32], &mut [f32]) {
        unsafe {
            (
                std::slice::from_raw_parts_mut(self.regrets.add(off), len),
                std::slice::from_raw_parts_mut(self.sums.add(off), len),
            )
        }
    }
}

/// The current strategy from regrets (action-major, `n` hands each): the
/// positive parts normalised, uniform where none is positive.
pub fn regret_match(regrets: &[f32], n: usize, out: &mut [f64]) {
    let a = regrets.len() / n;
    let mut sum = vec![0.0f64; n];
    for i in 0..a {
        let (rs, os) = (&regrets[i * n..(i + 1) * n], &mut out[i * n..(i + 1) * n]);
        for ((o, &r), s) in os.iter_mut().zip(rs).zip(sum.iter_mut()) {
            let x = if r > 0.0 { r as f64 } else { 0.0 };
            *o = x;
            *s += x;
        }
    }
    let uniform = 1.0 / a as f64;
    for s in sum.iter_mut() {
        *s = if *s > 0.0 { 1.0 / *s } else { 0.0 };
    }
    for i in 0..a {
        let os = &mut out[i * n..(i + 1) * n];
        for (o, &s) in os.iter_mut().zip(&sum) {
            *o = if s > 0.0 { *o * s } else { uniform };
        }
    }
}

/// The average strategy from strategy sums, the same way.
pub fn average(sums: &[f32], n: usize, out: &mut [f64]) {
    regret_match(sums, n, out)
}

impl Solver {
    #[inline]
    pub(crate) fn terminal<T: Real>(
        &self,
        node: usize,
        p: usize,
        reach: &[T],
        acc: &mut Acc,
        out: &mut [T],
    ) {
        #[cfg(test)]
        TERMINALS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let nd = &self.nodes[node];
        let (trav, opp, r) = (&self.hands[p], &self.hands[p ^ 1], &self.removal[p]);
        match nd.kind {
            Kind::Fold(f) => {
                let pay = if f as usize == p {
                    -(nd.contrib[p] as f64)
                } else {
                    self.pot_after_rake(nd) as f64 - nd.contrib[p] as f64
                } - self.shift[p];
                fold(trav, opp, r, reach, pay, acc, out);
            }
            Kind::Showdown => {
                let pay = self.pay(nd, p);
                let ro = &self.runouts[nd.extra as usize];
                for &b in &ro.boards {
                    let t = &self.boards[b as usize];
                    showdown(
                        t, p, self.hilo, &pay, trav, opp, r, reach, ro.weight, acc, out,
                    );
                }
            }
            _ => unreachable!("a terminal"),
        }
    }

    /// The chance node `node`: each canonical child traversed by `child`
    /// with the opponent's reach less the dealt card's hands, its values
    /// (`halves` vectors over the traverser's hands, one after the other)
    /// summed into `out` with the equivalent cards' values mapped, times the
    /// chance of each card.
    #[allow(clippy::too_many_arguments)]
    fn chance<T: Real, F>(
        &self,
        node: usize,
        p: usize,
        reach: &[T],
        parallel: bool,
        halves: usize,
        out: &mut [T],
        child: F,
    ) where
        F: Fn(usize, &[T], &mut [T]) + Sync,
    {
        let nd = &self.nodes[node];
        let deals = &self.deals[nd.extra as usize];
        let n = self.hands[p].len();
        let w = 1.0 / self.dealable(nd.board);
        let mine = &self.hands[p].mask;
        let one = |i: usize| {
            let Edge::Card(card) = self.nodes[nd.first as usize + i].edge else {
                unreachable!("a chance node's children are deals")
            };
            let bit = 1u64 << card;
            let opp = &self.hands[p ^ 1];
            let r: Vec<T> = reach
                .iter()
                .zip(&opp.mask)
                .map(|(&x, &m)| if m & bit != 0 { T::default() } else { x })
                .collect();
            let mut v = vec![T::default(); halves * n];
            child(nd.first as usize + i, &r, &mut v);
            for half in v.chunks_mut(n) {
                for (x, &m) in half.iter_mut().zip(mine) {
                    if m & bit != 0 {
                        *x = T::default();
                    }
                }
            }
            v
        };
        let kids = nd.count as usize;
        let values: Vec<Vec<T>> = if parallel {
            (0..kids).into_par_iter().map(one).collect()
        } else {
            (0..kids).map(one).collect()
        };
        // summed in f64
        let mut sum = vec![0.0f64; halves * n];
        for d in deals {
            let v = &values[d.child as usize];
            if d.perm == 0 {
                for (o, &x) in sum.iter_mut().zip(v) {
                    *o += x.d();
                }
            } else {
                let inv = inverse(&self.iso.perms[d.perm as usize]);
                let map = &self.iso.map[self.iso.index(&inv)][p];
                for (oh, vh) in sum.chunks_mut(n).zip(v.chunks(n)) {
                    for (h, o) in oh.iter_mut().enumerate() {
                        *o += vh[map[h] as usize].d();
                    }
                }
            }
        }
        for (o, &x) in out.iter_mut().zip(&sum) {
            *o += T::of(x * w);
        }
    }

    /// One CFR traversal for player `p` below `node`: values added to `out`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn cfr(
        &self,
        st: Store,
        node: usize,
        p: usize,
        reach: &[f32],
        w: &Weights,
        parallel: bool,
        stop: &dyn Interrupt,
        sc: &mut Scratch,
        out: &mut [f32],
    ) {
        let nd = &self.nodes[node];
        match nd.kind {
            Kind::Fold(_) | Kind::Showdown => self.terminal(node, p, reach, &mut sc.acc, out),
            Kind::Chance => {
                if stop.stop() {
                    return;
                }
                self.chance(node, p, reach, parallel, 1, out, |c, r, v| {
                    let mut a = Scratch::new(&self.removal[p]);
                    self.cfr(st, c, p, r, w, false, stop, &mut a, v)
                });
            }
            Kind::Player(q) => {
                let q = q as usize;
                let nq = self.hands[q].len();
                let a = nd.count as usize;
                // SAFETY: this node's own slice, visited once in this traversal
                let (regrets, sums) = unsafe { st.slices(nd.offset, nq * a) };
                // the current strategy, branch-free: max(r, 0) * scale + base
                // per hand (scale 1 / the positive regrets' sum, or 0 and a
                // uniform base when none is positive)
                let mut scale = sc.take(nq);
                let mut base = sc.take(nq);
                for rs in regrets.chunks_exact(nq) {
                    for (s, &r) in scale.iter_mut().zip(rs) {
                        *s += r.max(0.0);
                    }
                }
                let uniform = 1.0 / a as f32;
                for (s, b) in scale.iter_mut().zip(base.iter_mut()) {
                    if *s > 0.0 {
                        *s = 1.0 / *s;
                    } else {
                        *b = uniform;
                    }
                }
                let sigma = |r: f32, s: f32, b: f32| r.max(0.0) * s + b;
                if q == p {
                    let mut vals = sc.take(nq * a);
                    for i in 0..a {
                        let v = &mut vals[i * nq..(i + 1) * nq];
                        self.cfr(
                            st,
                            nd.first as usize + i,
                            p,
                            reach,
                            w,
                            parallel,
                            stop,
                            sc,
                            v,
                        );
                    }
                    let mut mine = sc.take(nq);
                    for (rs, vs) in regrets.chunks_exact(nq).zip(vals.chunks_exact(nq)) {
                        let it = mine.iter_mut().zip(rs).zip(vs).zip(scale.iter().zip(&base));
                        for (((m, &r), &v), (&s, &b)) in it {
                            *m += sigma(r, s, b) * v;
                        }
                    }
                    let (pos, neg) = (w.positive, w.negative);
                    for (rs, vs) in regrets.chunks_exact_mut(nq).zip(vals.chunks_exact(nq)) {
                        let it = rs.iter_mut().zip(vs).zip(mine.iter());
                        if w.plus {
                            for ((r, &v), &m) in it {
                                *r = (*r + (v - m)).max(0.0);
                            }
                        } else {
                            for ((r, &v), &m) in it {
                                let old = *r;
                                *r = old * if old > 0.0 { pos } else { neg } + (v - m);
                            }
                        }
                    }
                    for (o, m) in out.iter_mut().zip(&mine) {
                        *o += m;
                    }
                    sc.give(mine);
                    sc.give(vals);
                } else {
                    let mut r = sc.take(nq);
                    for i in 0..a {
                        let (rs, ss) = (
                            &regrets[i * nq..(i + 1) * nq],
                            &mut sums[i * nq..(i + 1) * nq],
                        );
                        let (keep, add) = (w.keep, w.add);
                        let it = r
                            .iter_mut()
                            .zip(ss.iter_mut())
                            .zip(reach.iter().zip(rs))
                            .zip(scale.iter().zip(&base));
                        let mut any = 0.0f32;
                        for (((x, sum), (&re, &rg)), (&s, &b)) in it {
                            *x = re * sigma(rg, s, b);
                            *sum = *sum * keep + *x * add;
                            any += *x;
                        }
                        if any > 0.0 || !self.prune {
                            self.cfr(st, nd.first as usize + i, p, &r, w, parallel, stop, sc, out);
                        }
                    }
                    sc.give(r);
                }
                sc.give(base);
                sc.give(scale);
            }
        }
    }

    /// The traverser's best-response values (`best`) and average-strategy
    /// values (`avg`) below `node`, added to both.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn eval(
        &self,
        node: usize,
        p: usize,
        reach: &[f64],
        parallel: bool,
        stop: &dyn Interrupt,
        acc: &mut Acc,
        best: &mut [f64],
        avg: &mut [f64],
    ) {
        let nd = &self.nodes[node];
        let n = self.hands[p].len();
        match nd.kind {
            Kind::Fold(_) | Kind::Showdown => {
                let mut v = vec![0.0; n];
                self.terminal(node, p, reach, acc, &mut v);
                for h in 0..n {
                    best[h] += v[h];
                    avg[h] += v[h];
                }
            }
            Kind::Chance => {
                if stop.stop() {
                    return;
                }
                // both in one vector: best, then avg
                let mut both = vec![0.0; 2 * n];
                self.chance(node, p, reach, parallel, 2, &mut both, |c, r, v| {
                    let mut a = Acc::new(&self.removal[p]);
                    let (b, m) = v.split_at_mut(n);
                    self.eval(c, p, r, false, stop, &mut a, b, m)
                });
                for h in 0..n {
                    best[h] += both[h];
                    avg[h] += both[n + h];
                }
            }
            Kind::Player(q) => {
                let q = q as usize;
                let nq = self.hands[q].len();
                let a = nd.count as usize;
                let sums = &self.sums[nd.offset..nd.offset + nq * a];
                let mut sigma = vec![0.0f64; nq * a];
                average(sums, nq, &mut sigma);
                if q == p {
                    let mut bv = vec![0.0f64; nq * a];
                    let mut av = vec![0.0f64; nq * a];
                    for i in 0..a {
                        let s = i * nq..(i + 1) * nq;
                        let (b, v) = (&mut bv[s.clone()], &mut av[s]);
                        self.eval(nd.first as usize + i, p, reach, parallel, stop, acc, b, v);
                    }
                    for h in 0..nq {
                        let mut top = f64::NEG_INFINITY;
                        let mut mean = 0.0;
                        for i in 0..a {
                            top = top.max(bv[i * nq + h]);
                            mean += sigma[i * nq + h] * av[i * nq + h];
                        }
                        best[h] += top;
                        avg[h] += mean;
                    }
                } else {
                    let mut r = vec![0.0f64; nq];
                    for i in 0..a {
                        for h in 0..nq {
                            r[h] = reach[h] * sigma[i * nq + h];
                        }
                        self.eval(nd.first as usize + i, p, &r, parallel, stop, acc, best, avg);
                    }
                }
            }
        }
    }
}
