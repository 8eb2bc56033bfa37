//! The action abstraction's mask: which of its entries the actor may take.

/// An action abstraction (`hoyle.env.Actions` for one game). Its index
/// layout ([`Abstraction::size`] entries):
///
/// * 0 fold, 1 check/call;
/// * the raise entries, in this order: min raise (if `min_raise`), one per
///   fraction of the pot, one per multiple of the unit (`big_blinds`), all
///   in (if `all_in`);
/// * when `draw_cards` = h > 0: `2**h` draw entries, `base + bits`
///   throwing the actor's hole card `k` for every bit `k` set in `bits`.
#[derive(Clone, Debug, PartialEq)]
pub struct Abstraction {
    /// Raise sizes as fractions of the pot after the call (finite, > 0).
    pub fractions: Vec<f64>,
    /// Raise sizes as multiples of the unit (finite, > 0).
    pub big_blinds: Vec<f64>,
    pub min_raise: bool,
    pub all_in: bool,
    /// h, the cards a seat holds in a draw game; 0: no draw entries.
    pub draw_cards: u32,
}

impl Abstraction {
    /// The number of raise entries.
    pub fn raises(&self) -> usize {
        self.min_raise as usize
            + self.fractions.len()
            + self.big_blinds.len()
            + self.all_in as usize
    }

    /// The index of the first draw entry (bits = 0: stand pat).
    pub fn draw_base(&self) -> usize {
        2 + self.raises()
    }

    /// The number of draw entries: `2**draw_cards`, or 0.
    pub fn draws(&self) -> usize {
        if self.draw_cards == 0 {
            0
        } else {
            1usize << self.draw_cards
        }
    }

    /// The number of entries: `Actions.size(game)`.
    pub fn size(&self) -> usize {
        self.draw_base() + self.draws()
    }
}

/// What the mask needs of the actor's decision: its `Legal`, plus what the
/// raise sizes and the draw read.
#[derive(Clone, Copy, Debug)]
pub struct Decision<'a> {
    /// The hand is over: nothing is legal.
    pub over: bool,
    /// The actor is to draw (only draw entries may be legal).
    pub drawing: bool,
    pub can_fold: bool,
    pub can_check: bool,
    pub call_amount: u64,
    /// (min_raise_to, max_raise_to), None when it may not bet or raise.
    pub raise: Option<(u64, u64)>,
    /// The highest bet of the interval: max(bets).
    pub bet: u64,
    /// All chips put in: sum(contributions).
    pub pot: u64,
    /// bet - bets[actor] (not capped by the stack).
    pub call_full: u64,
    /// The chips of one big blind.
    pub unit: u64,
    /// The most cards the street lets a seat throw.
    pub draw_limit: u32,
    /// The most when a card it keeps is an ace (the street's `draw_ace`).
    pub draw_ace_limit: Option<u32>,
    /// The actor's cards, in `Hand.hole` order.
    pub hole: &'a [u8],
    /// The cards a draw can still give: the stub and the discards.
    pub cards_left: usize,
}

/// `bet + floor(x * count)`, None beyond 64 bits (the float computed as
/// Python's `math.floor(x * float(count))`).
#[inline]
fn sized(bet: u64, x: f64, count: u128) -> Option<u64> {
    let v = (x * count as f64).floor();
    if (0.0..18_446_744_073_709_551_616.0).contains(&v) {
        bet.checked_add(v as u64)
    } else {
        None
    }
}

/// The total `t` the raise entry `index` raises to: min raise
/// `min_raise_to`, fraction f `bet + floor(f * (pot + call_full))`, big
/// blinds m `bet + floor(m * unit)`, all in `max_raise_to`. None when
/// `index` is not a raise entry, when min raise / all in finds no raise
/// allowed, or when the total passes 2**64 - 1. Legal or not: see [`mask`].
pub fn raise_total(abs: &Abstraction, d: &Decision, index: usize) -> Option<u64> {
    let mut i = index.checked_sub(2)?;
    if abs.min_raise {
        if i == 0 {
            return d.raise.map(|r| r.0);
        }
        i -= 1;
    }
    if let Some(&f) = abs.fractions.get(i) {
        return sized(d.bet, f, d.pot as u128 + d.call_full as u128);
    }
    i -= abs.fractions.len();
    if let Some(&m) = abs.big_blinds.get(i) {
        return sized(d.bet, m, d.unit as u128);
    }
    i -= abs.big_blinds.len();
    if abs.all_in && i == 0 {
        return d.raise.map(|r| r.1);
    }
    None
}

/// Writes the actor's mask into `out[..abs.size()]` (every entry):
///
/// * the hand over: all false;
/// * drawing: only draw entries, `bits` legal iff it throws cards the
///   actor holds, at most `draw_limit` of them (`draw_ace_limit` when a
///   card it keeps is an ace, if larger), and no more than `cards_left`;
/// * betting: fold iff `can_fold`, check/call iff `can_check` or
///   `call_amount > 0`, a raise entry iff its total is within
///   `raise` and no earlier legal raise entry has the same total.
///
/// # Panics
/// When `out` is shorter than `abs.size()`.
pub fn mask(abs: &Abstraction, d: &Decision, out: &mut [bool]) {
    let out = &mut out[..abs.size()];
    out.fill(false);
    if d.over {
        return;
    }
    if d.drawing {
        draw_mask(abs, d, &mut out[abs.draw_base()..]);
        return;
    }
    out[0] = d.can_fold;
    out[1] = d.can_check || d.call_amount > 0;
    let Some((lo, hi)) = d.raise else {
        return;
    };
    const KEPT: usize = 16;
    let mut totals = [0u64; KEPT]; // the legal totals so far (the first KEPT)
    let mut count = 0;
    for j in 0..abs.raises() {
        let Some(t) = raise_total(abs, d, 2 + j) else {
            continue;
        };
        if t < lo || t > hi {
            continue;
        }
        let seen = if count <= KEPT {
            totals[..count].contains(&t)
        } else {
            (0..j).any(|i| out[2 + i] && raise_total(abs, d, 2 + i) == Some(t))
        };
        if !seen {
            out[2 + j] = true;
            if count < KEPT {
                totals[count] = t;
            }
            count += 1;
        }
    }
}

/// The draw entries (`2**h` of them) into `out`.
fn draw_mask(abs: &Abstraction, d: &Decision, out: &mut [bool]) {
    let held = d.hole.len();
    let mut aces = 0usize; // the positions holding an ace
    for (k, &c) in d.hole.iter().enumerate().take(usize::BITS as usize) {
        if (48..52).contains(&c) {
            aces |= 1 << k;
        }
    }
    for (bits, entry) in out.iter_mut().enumerate().take(abs.draws()) {
        if held < usize::BITS as usize && bits >> held != 0 {
            continue; // throws a card it does not hold
        }
        let thrown = bits.count_ones();
        let mut limit = d.draw_limit;
        if let Some(ace) = d.draw_ace_limit {
            if aces & !bits != 0 {
                limit = limit.max(ace);
            }
        }
        *entry = thrown <= limit && thrown as usize <= d.cards_left;
    }
}
