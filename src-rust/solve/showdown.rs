//! Terminal values in O(hands) per node: the players' hands with card
//! removal by inclusion-exclusion (sums per card and per shared subset of
//! cards), folds from the total of the opponent's reach, and showdowns by a
//! sweep over both players' hands sorted by strength on that board.

use std::collections::HashMap;

/// The element type of the traversals' vectors: `f32` in the iterations,
/// `f64` for the values read out. Sums are taken in `f64` either way.
pub trait Real: Copy + Default + Send + Sync + PartialOrd + std::ops::AddAssign + 'static {
    fn of(x: f64) -> Self;
    fn d(self) -> f64;
}

impl Real for f32 {
    #[inline(always)]
    fn of(x: f64) -> f32 {
        x as f32
    }
    #[inline(always)]
    fn d(self) -> f64 {
        self as f64
    }
}

impl Real for f64 {
    #[inline(always)]
    fn of(x: f64) -> f64 {
        x
    }
    #[inline(always)]
    fn d(self) -> f64 {
        self
    }
}

/// One player's hands: `k` cards each, flat, with their masks and weights.
#[derive(Clone, Debug)]
pub struct Hands {
    pub k: usize,
    pub cards: Vec<u8>,
    pub mask: Vec<u64>,
    pub weight: Vec<f64>,
}

impl Hands {
    pub fn len(&self) -> usize {
        self.mask.len()
    }

    pub fn is_empty(&self) -> bool {
        self.mask.is_empty()
    }

    pub fn of(&self, h: usize) -> &[u8] {
        &self.cards[h * self.k..(h + 1) * self.k]
    }
}

/// The card-removal index of a traverser's hands against an opponent's:
/// the subsets (two cards or more) that hands of both share, numbered;
/// each opponent hand's subset numbers, and each traverser hand's with the
/// sign inclusion-exclusion gives it.
#[derive(Clone, Debug, Default)]
pub struct Removal {
    /// Hands of one or two cards: both players' cards and the opponent's
    /// combo identical to each of the traverser's.
    small: bool,
    c1: Vec<u8>,
    c2: Vec<u8>,
    same: Vec<u32>,
    oc1: Vec<u8>,
    oc2: Vec<u8>,
    opp_off: Vec<u32>,
    opp_ids: Vec<u32>,
    trav_off: Vec<u32>,
    trav_ids: Vec<(u32, f64)>,
    ids: usize,
}

fn subsets(cards: &[u8], f: &mut impl FnMut(u64, u32)) {
    let k = cards.len();
    for m in 1u32..(1 << k) {
        let size = m.count_ones();
        if size < 2 {
            continue;
        }
        let mut mask = 0u64;
        for (i, &c) in cards.iter().enumerate() {
            if m >> i & 1 == 1 {
                mask |= 1 << c;
            }
        }
        f(mask, size);
    }
}

impl Removal {
    pub fn new(trav: &Hands, opp: &Hands, small: bool) -> Removal {
        let mut of_trav: HashMap<u64, ()> = HashMap::new();
        for h in 0..trav.len() {
            subsets(trav.of(h), &mut |m, _| {
                of_trav.insert(m, ());
            });
        }
        let mut id: HashMap<u64, u32> = HashMap::new();
        let mut r = Removal::default();
        r.opp_off.push(0);
        for o in 0..opp.len() {
            subsets(opp.of(o), &mut |m, _| {
                if of_trav.contains_key(&m) {
                    let n = id.len() as u32;
                    let i = *id.entry(m).or_insert(n);
                    r.opp_ids.push(i);
                }
            });
            r.opp_off.push(r.opp_ids.len() as u32);
        }
        r.trav_off.push(0);
        for h in 0..trav.len() {
            subsets(trav.of(h), &mut |m, size| {
                if let Some(&i) = id.get(&m) {
                    let sign = if size % 2 == 0 { 1.0 } else { -1.0 };
                    r.trav_ids.push((i, sign));
                }
            });
            r.trav_off.push(r.trav_ids.len() as u32);
        }
        r.ids = id.len();
        if small && trav.k <= 2 && opp.k == trav.k {
            r.small = true;
            let at: HashMap<u64, u32> = opp
                .mask
                .iter()
                .enumerate()
                .map(|(i, &m)| (m, i as u32))
                .collect();
            // one card: the second slot is a card id no hand holds, 62 for
            // the traverser's and 63 for the opponent's, so it removes nothing
            let two = |h: &Hands, i: usize, slot: u8| {
                let c = h.of(i);
                (c[0], if h.k == 2 { c[1] } else { slot })
            };
            for h in 0..trav.len() {
                let (a, b) = two(trav, h, 62);
                r.c1.push(a);
                r.c2.push(b);
                r.same.push(if trav.k == 2 {
                    at.get(&trav.mask[h]).copied().unwrap_or(u32::MAX)
                } else {
                    u32::MAX
                });
            }
            for o in 0..opp.len() {
                let (a, b) = two(opp, o, 63);
                r.oc1.push(a);
                r.oc2.push(b);
            }
        }
        r
    }

    /// Bytes this index holds.
    pub fn bytes(&self) -> usize {
        self.opp_off.len() * 4
            + self.opp_ids.len() * 4
            + self.trav_off.len() * 4
            + self.trav_ids.len() * 16
            + self.c1.len() * 6
            + self.oc1.len() * 2
    }
}

/// Running sums of the opponent's reach: total, per card, per shared subset.
pub struct Acc {
    total: f64,
    single: [f64; 64],
    subs: Vec<f64>,
}

impl Acc {
    pub fn new(r: &Removal) -> Acc {
        Acc {
            total: 0.0,
            single: [0.0; 64],
            subs: vec![0.0; r.ids],
        }
    }

    pub fn reset(&mut self, r: &Removal) {
        self.total = 0.0;
        self.single = [0.0; 64];
        self.subs.clear();
        self.subs.resize(r.ids, 0.0);
    }

    #[inline]
    fn add(&mut self, o: usize, x: f64, opp: &Hands, r: &Removal) {
        if x == 0.0 {
            return;
        }
        self.total += x;
        for &c in opp.of(o) {
            self.single[c as usize] += x;
        }
        for &i in &r.opp_ids[r.opp_off[o] as usize..r.opp_off[o + 1] as usize] {
            self.subs[i as usize] += x;
        }
    }

    /// The reach of the opponent's hands added so far that share no card with `h`.
    #[inline]
    fn query(&self, h: usize, trav: &Hands, r: &Removal) -> f64 {
        let mut v = self.total;
        for &c in trav.of(h) {
            v -= self.single[c as usize];
        }
        for &(i, s) in &r.trav_ids[r.trav_off[h] as usize..r.trav_off[h + 1] as usize] {
            v += s * self.subs[i as usize];
        }
        v
    }
}

/// The reach of the opponent's hands compatible with each traverser hand,
/// times `pay`, added to `out`.
pub fn fold<T: Real>(
    trav: &Hands,
    opp: &Hands,
    r: &Removal,
    reach: &[T],
    pay: f64,
    acc: &mut Acc,
    out: &mut [T],
) {
    if r.small {
        let mut single = [0.0f64; 64];
        let mut total = 0.0;
        for ((&x, &a), &b) in reach.iter().zip(&r.oc1).zip(&r.oc2) {
            let x = x.d();
            total += x;
            single[(a & 63) as usize] += x;
            single[(b & 63) as usize] += x;
        }
        let it = out.iter_mut().zip(&r.same).zip(r.c1.iter().zip(&r.c2));
        for ((v, &same), (&a, &b)) in it {
            let back = reach.get(same as usize).map_or(0.0, |x| x.d());
            let compat = total - single[(a & 63) as usize] - single[(b & 63) as usize] + back;
            *v += T::of(pay * compat);
        }
        return;
    }
    acc.reset(r);
    for (o, &x) in reach.iter().enumerate() {
        acc.add(o, x.d(), opp, r);
    }
    for (h, v) in out.iter_mut().enumerate() {
        *v += T::of(pay * acc.query(h, trav, r));
    }
}

/// A hand on one final board: its high and low keys (larger is better; a
/// low of 0 is none) and its index.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub high: u32,
    pub low: u32,
    pub idx: u32,
}

/// A hand of one or two cards on a final board, for the high-only sweep:
/// its key, index and cards in eight bytes.
#[derive(Clone, Copy, Debug)]
pub struct Small {
    pub key: u32,
    pub idx: u16,
    pub c1: u8,
    pub c2: u8,
}

/// One final board: each player's unblocked hands sorted by high key, and
/// by low key in a high-low game; for high-only games of one- or two-card
/// hands, `small` instead of both.
#[derive(Clone, Debug, Default)]
pub struct BoardTable {
    pub mask: u64,
    pub high: [Vec<Entry>; 2],
    pub low: [Vec<Entry>; 2],
    pub small: [Vec<Small>; 2],
}

impl BoardTable {
    pub fn bytes(&self) -> usize {
        (self.high[0].len() + self.high[1].len() + self.low[0].len() + self.low[1].len()) * 12
            + (self.small[0].len() + self.small[1].len()) * 8
    }

    /// Player `p`'s hand `h`'s (high, low) keys here, if it is unblocked.
    pub fn keys(&self, p: usize, h: usize) -> Option<(u32, u32)> {
        if let Some(e) = self.small[p].iter().find(|e| e.idx as usize == h) {
            return Some((e.key, 0));
        }
        self.high[p]
            .iter()
            .find(|e| e.idx as usize == h)
            .map(|e| (e.high, e.low))
    }
}

/// The high-only sweep of one- or two-card hands: `win`, `lose` and
/// `compat` coefficients as in [`sweep`]; the compatible pass is skipped
/// when its coefficient is 0 (an even split of the pot, no rake: see
/// `Solver::shift`).
#[allow(clippy::too_many_arguments)]
pub fn sweep_high2<T: Real>(
    ts: &[Small],
    os: &[Small],
    r: &Removal,
    reach: &[T],
    c: Coef,
    out: &mut [T],
) {
    // every index in a table is below its player's hand count (`build`):
    // checked once here, so the loops below index without checks
    assert!(reach.len() >= r.oc1.len() && out.len() >= r.c1.len());
    let (reach, out) = (&reach[..r.oc1.len()], &mut out[..r.c1.len()]);
    let at = |x: &[T], i: u16| {
        debug_assert!((i as usize) < x.len());
        // SAFETY: `i` is a hand index of the opponent's table, below its
        // hand count, which is `x.len()` (asserted above)
        unsafe { x.get_unchecked(i as usize) }.d()
    };
    let mut single = [0.0f64; 64];
    let mut total = 0.0f64;
    let mut j = 0;
    let n = os.len();
    let q = |single: &[f64; 64], total: f64, t: &Small| {
        total - single[(t.c1 & 63) as usize] - single[(t.c2 & 63) as usize]
    };
    let add = |single: &mut [f64; 64], total: &mut f64, e: &Small| {
        let x = at(reach, e.idx);
        *total += x;
        single[(e.c1 & 63) as usize] += x;
        single[(e.c2 & 63) as usize] += x;
    };
    let put = |out: &mut [T], i: u16, x: f64| {
        debug_assert!((i as usize) < out.len());
        // SAFETY: `i` is a hand index of the traverser's table, below its
        // hand count, which is `out.len()` (asserted above)
        unsafe { *out.get_unchecked_mut(i as usize) += T::of(x) }
    };
    for t in ts {
        while j < n && os[j].key < t.key {
            add(&mut single, &mut total, &os[j]);
            j += 1;
        }
        put(out, t.idx, c[0] * q(&single, total, t));
    }
    if c[2] != 0.0 {
        for e in &os[j..] {
            add(&mut single, &mut total, e);
        }
        for t in ts {
            let same = r.same[t.idx as usize];
            let back = reach.get(same as usize).map_or(0.0, |x| x.d());
            put(out, t.idx, c[2] * (q(&single, total, t) + back));
        }
    }
    single = [0.0; 64];
    total = 0.0;
    let mut j = n;
    for t in ts.iter().rev() {
        while j > 0 && os[j - 1].key > t.key {
            j -= 1;
            add(&mut single, &mut total, &os[j]);
        }
        put(out, t.idx, c[1] * q(&single, total, t));
    }
}

/// Coefficients of one sweep for a traverser hand: value += a·win + b·lose + c·compatible.
pub type Coef = [f64; 3];

/// Which opponent hands a sweep counts.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Only {
    All,
    WithLow,
    WithoutLow,
}

/// One sweep: for each traverser hand in `ts` (sorted ascending by `key`),
/// the reach of the opponent hands in `os` weaker (win), stronger (lose)
/// and compatible, combined by `coef[has low]` into `out`.
#[allow(clippy::too_many_arguments)]
pub fn sweep<T: Real, K: Fn(&Entry) -> u32>(
    ts: &[Entry],
    os: &[Entry],
    key: K,
    only: Only,
    coef: [Coef; 2],
    trav: &Hands,
    opp: &Hands,
    r: &Removal,
    reach: &[T],
    acc: &mut Acc,
    out: &mut [T],
) {
    let counts = |e: &Entry| match only {
        Only::All => true,
        Only::WithLow => e.low > 0,
        Only::WithoutLow => e.low == 0,
    };
    let co = |e: &Entry| &coef[(e.low > 0) as usize];
    acc.reset(r);
    let mut j = 0;
    for t in ts {
        let k = key(t);
        while j < os.len() && key(&os[j]) < k {
            if counts(&os[j]) {
                acc.add(os[j].idx as usize, reach[os[j].idx as usize].d(), opp, r);
            }
            j += 1;
        }
        let a = co(t)[0];
        if a != 0.0 {
            out[t.idx as usize] += T::of(a * acc.query(t.idx as usize, trav, r));
        }
    }
    while j < os.len() {
        if counts(&os[j]) {
            acc.add(os[j].idx as usize, reach[os[j].idx as usize].d(), opp, r);
        }
        j += 1;
    }
    for t in ts {
        let c = co(t)[2];
        if c != 0.0 {
            out[t.idx as usize] += T::of(c * acc.query(t.idx as usize, trav, r));
        }
    }
    acc.reset(r);
    let mut j = os.len();
    for t in ts.iter().rev() {
        let k = key(t);
        while j > 0 && key(&os[j - 1]) > k {
            j -= 1;
            if counts(&os[j]) {
                acc.add(os[j].idx as usize, reach[os[j].idx as usize].d(), opp, r);
            }
        }
        let b = co(t)[1];
        if b != 0.0 {
            out[t.idx as usize] += T::of(b * acc.query(t.idx as usize, trav, r));
        }
    }
}

/// What a showdown pays the traverser, net of its own chips: `total` the
/// pot after rake; `tie` its share of a tie of the whole pot; in a
/// high-low game `high`/`low` the halves and `high_tie`/`low_tie` its
/// share of a tied half.
#[derive(Clone, Copy, Debug)]
pub struct Pay {
    pub total: f64,
    pub tie: f64,
    pub high: f64,
    pub high_tie: f64,
    pub low: f64,
    pub low_tie: f64,
    pub put: f64,
}

fn by_high(e: &Entry) -> u32 {
    e.high
}

fn by_low(e: &Entry) -> u32 {
    e.low
}

/// The traverser's showdown values on `board`, times `weight`, added to `out`.
#[allow(clippy::too_many_arguments)]
pub fn showdown<T: Real>(
    board: &BoardTable,
    p: usize,
    hilo: bool,
    pay: &Pay,
    trav: &Hands,
    opp: &Hands,
    r: &Removal,
    reach: &[T],
    weight: f64,
    acc: &mut Acc,
    out: &mut [T],
) {
    let (ts, os) = (&board.high[p], &board.high[p ^ 1]);
    let w = weight;
    if !hilo {
        let win = pay.total - pay.put;
        let lose = -pay.put;
        let tie = pay.tie - pay.put;
        let c = [(win - tie) * w, (lose - tie) * w, tie * w];
        if !board.small[p].is_empty() || !board.small[p ^ 1].is_empty() {
            sweep_high2(&board.small[p], &board.small[p ^ 1], r, reach, c, out);
        } else {
            sweep(
                ts,
                os,
                by_high,
                Only::All,
                [c, c],
                trav,
                opp,
                r,
                reach,
                acc,
                out,
            );
        }
        return;
    }
    let (h, ht, put) = (pay.high, pay.high_tie, pay.put);
    let half = [(h - ht) * w, -ht * w, (ht - put) * w];
    let whole = [(pay.total - pay.tie) * w, -pay.tie * w, (pay.tie - put) * w];
    sweep(
        ts,
        os,
        by_high,
        Only::WithLow,
        [half, half],
        trav,
        opp,
        r,
        reach,
        acc,
        out,
    );
    sweep(
        ts,
        os,
        by_high,
        Only::WithoutLow,
        [whole, half],
        trav,
        opp,
        r,
        reach,
        acc,
        out,
    );
    let (l, lt) = (pay.low, pay.low_tie);
    let lows = [(l - lt) * w, -lt * w, lt * w];
    let (tl, ol) = (&board.low[p], &board.low[p ^ 1]);
    sweep(
        tl,
        ol,
        by_low,
        Only::All,
        [[0.0; 3], lows],
        trav,
        opp,
        r,
        reach,
        acc,
        out,
    );
}
