//! The hold'em fast path: fixed two-card hands, every board that completes
//! the known one, natural high.
//!
//! Boards are dealt a rank at a time, highest first, with the board's hand
//! word carried down (SPEED.md §2); the cards of suits in which nobody can
//! make a flush any more are merged within their rank and counted with
//! binomial weights (see [`Fast`] for why each board is counted exactly
//! once). AhKh v QsQd's 1,712,304 boards become 301,376 classes. On long
//! runs (two board cards or fewer known) the last two levels go through
//! choices prepared once per spot for each set of live suits ([`Choices`]);
//! the generic level ([`Fast::children`]) deals the rest. When a suit
//! permutation maps every player's hand, the known board and the deck onto
//! themselves (in AhKh v QsQd, swapping spades and diamonds), the board
//! classes it maps to each other are dealt once, weighted by their orbit's
//! size: about half as many classes there.

use super::count::{winners, Tally};
use crate::eval::gen::RANK_BASES;
use crate::eval::high::{rank_value, CARD_KEY, FLUSH_VALUES};
use rayon::prelude::*;

const SUIT_BASE: u64 = 0x3333 << 48;
pub(crate) const FLUSH_BITS: u64 = 0x8888 << 48;
const ONE_EACH: u64 = 0x1111 << 48;

/// The card's bit in a suit-major mask (16 bits per suit).
#[inline(always)]
pub(crate) fn suit_bit(c: u8) -> u64 {
    1u64 << (16 * (c & 3) as u32 + (c >> 2) as u32)
}

/// The suit-major mask of some cards.
pub(crate) fn suit_mask(cards: &[u8]) -> u64 {
    cards.iter().fold(0u64, |m, &c| m | suit_bit(c))
}

/// The word of some board cards (no suit base).
pub(crate) fn board_word(cards: &[u8]) -> u64 {
    cards
        .iter()
        .fold(0u64, |k, &c| k.wrapping_add(CARD_KEY[c as usize]))
}

/// The word of hole cards, with the suit counters' base.
pub(crate) fn hole_word(cards: &[u8]) -> u64 {
    SUIT_BASE.wrapping_add(board_word(cards))
}

/// Value of a 7-card hand word with its suit-major mask.
#[inline(always)]
pub(crate) fn full_value(key: u64, mask: u64) -> u32 {
    let f = key & FLUSH_BITS;
    if f != 0 {
        let suit = (f.trailing_zeros() - 51) >> 2;
        FLUSH_VALUES[((mask >> (16 * suit)) & 0x1FFF) as usize] as u32
    } else {
        rank_value(key as u32) as u32
    }
}

/// The suit counters' field of a hand word (bits 48..64).
const SUIT_FIELD: u64 = 0xFFFF << 48;

/// `C(n, k)` for `n, k ≤ 4`.
const BINOMIAL: [[u64; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// `(word, mask)` of the cards of one rank in a set of suits, for every
/// rank and 4-bit suit set: `[rank][suits]`.
static RANK_SUITS: [[(u64, u64); 16]; 13] = rank_suits();

const fn rank_suits() -> [[(u64, u64); 16]; 13] {
    let mut t = [[(0u64, 0u64); 16]; 13];
    let mut r = 0;
    while r < 13 {
        let mut set = 0;
        while set < 16 {
            let mut s = 0;
            while s < 4 {
                if set >> s & 1 == 1 {
                    t[r][set].0 += RANK_BASES[r] as u64 + (1 << (48 + 4 * s));
                    t[r][set].1 |= 1 << (16 * s + r);
                }
                s += 1;
            }
            set += 1;
        }
        r += 1;
    }
    t
}

/// A node of the board enumeration: the ranks below `top` are still to be
/// dealt, `left` cards are missing, `key` and `mask` are the board's word
/// (no suit base) and suit-major mask so far, and the node stands for
/// `weight` boards.
#[derive(Clone, Copy)]
struct Node {
    top: usize,
    left: usize,
    key: u64,
    mask: u64,
    weight: u64,
    /// The suit symmetries (bits over [`Fast::viol`]'s group) that fix
    /// every choice made above; `1` (the identity alone) when none is left.
    sym: u32,
}

/// The boards of fixed hole cards, enumerated rank by rank with the suits
/// that can no longer flush merged.
///
/// # Why every board is counted once, with its own showdown
///
/// Suit `s` is *dead* at a node when `most(s) + board(s) + left < 5` for
/// `most(s)` the most hole cards of `s` any player holds, `board(s)` the
/// board's cards of `s` so far and `left` the cards still to come: no
/// player can end with five of `s`. Dealing a card keeps it dead: a card of
/// `s` adds one to `board(s)` and takes one from `left`; another card takes
/// one from `left`. A live suit was live at every node above (dead ones stay
/// dead), so all its board cards were dealt one by one.
///
/// The board is dealt a rank at a time, highest first. At a node, for the
/// next rank `r` taken, the cards of `r` in live suits are chosen as a set
/// and those in dead suits only as a number `k`, which stands for the
/// `C(d, k)` ways to pick them among the node's `d` cards of rank `r` in
/// dead suits. Map each board to a path: at each node its cards of the next
/// rank it holds, split by the node's dead suits into a live set and a dead
/// number. The node reached next depends only on the live set and the
/// number (the live suits' counts are exact and `left` is known, so the next
/// node's dead suits are the same for every board of the class), so the map
/// is well defined, and the boards mapping to one path are exactly the
/// product of the binomials of its dead choices: each board is counted
/// once, in a path of that weight.
///
/// Every board of a path has the same showdown: a dead card adds its rank
/// to the hand word but not to its suit's counter or the mask. Each dead
/// suit's counter is then at most its real count, so it never shows five,
/// and none of its cards reach a flush mask; each live suit's counter and
/// mask are exact. The rank part is the same for all boards of the path.
/// So `full_value` of each player's word is the value of every board of the
/// path, and the path is tallied once with its weight.
///
/// # Why symmetric paths may be dealt once, weighted by their orbit
///
/// Let `G` be the suit permutations `g` with `g(hand) = hand` as a set for
/// every player, `g(board) = board` for the known board and `g(deck) =
/// deck` for the live cards (so the dead pile too). Write a path as its
/// choices `(L, k)` at every rank from the ace down, `(0, 0)` at a rank not
/// dealt, and let `g` act as `(g(L), k)`. Then `g` maps paths to paths of
/// the same weight and showdown: `most(s)` and the known board's count of
/// `s` equal those of `g(s)`, so along a prefix and its image the dead
/// suits correspond (`dead(g(prefix)) = g(dead(prefix))`), `(r, s)` is in
/// the deck exactly when `(r, g(s))` is, so the dead counts `d` and the
/// binomials agree; and the boards of the image are the images of the
/// path's boards, each with the same value for every player (a hand's
/// value does not see suit names, and `g` fixes every hand). So the tally
/// is the sum over `G`'s orbits of paths of one path's, times the orbit's
/// size `|G| / |Stab(path)|`.
///
/// One path per orbit is dealt, the least in the order of its choice
/// sequence, each choice ordered as the integer `(L, k)`; since `g` keeps
/// `k`, `c ≤ g(c)` is `L ≤ g(L)`. A node carries `H`, the elements of `G`
/// fixing every choice above (a subgroup). A sequence `x` is the least of
/// its orbit exactly when at each level `x_i ≤ h(x_i)` for all `h` in
/// `H_i`: if some `h` in `H_i` has `h(x_i) < x_i`, `h(x)` agrees with `x`
/// above level `i` and is less there; conversely for any `g` with `g(x) ≠
/// x`, at the first level `i` where `g(x_i) ≠ x_i`, `g` is in `H_i`, so
/// `x_i < g(x_i)` and `x < g(x)`. A choice's child carries `H' = {h ∈ H :
/// h(c) = c}` and the weight times `|H| / |H'|` (an index of subgroups);
/// the product telescopes to `|G| / |H_leaf| = |G| / |Stab(path)|`, as
/// ranks not dealt fix everything. When `H` holds the identity alone
/// (`sym == 1`), or only elements fixing every live suit (every choice
/// below is then fixed: no test fails, `H' = H`, factor 1), the node takes
/// the plain path, prepared levels included. `G` trivial: nothing changes.
struct Fast<const N: usize> {
    /// Each player's hole word, with the suit counters' base.
    keys: [u64; N],
    /// Each player's hole cards as a suit-major mask.
    masks: [u64; N],
    /// Per suit counter: `3 + most(s)`, so that adding `board(s)` and
    /// `left` sets the counter's bit 3 exactly when `s` is live (never
    /// carries: `board(s) + left ≤ 5` and `most(s) ≤ 2`).
    live_base: u64,
    /// The live cards' suits of each rank (4 bits).
    suits: [u8; 13],
    /// Live cards of the ranks below each rank.
    below: [u8; 14],
    /// One card's choices (a live card, or a rank's dead cards together)
    /// for each set of live suits: the river's, and the two-card level's
    /// first card below which the river comes; empty when boards lack at
    /// most two cards (too few boards to repay them).
    singles: Choices,
    /// The two-card level's choices of both cards from one rank (leaves).
    pairs: Choices,
    /// The spot's suit symmetries `G`, identity first, as bits: `viol[l]`
    /// those mapping the 4-bit suit set `l` to a smaller one, `fix[l]`
    /// those mapping it to itself.
    viol: [u32; 16],
    fix: [u32; 16],
    /// `still[l]`: those fixing each suit of `l` (then every choice below
    /// a node whose live suits are `l`).
    still: [u32; 16],
    /// All of `G`'s bits.
    group: u32,
}

/// The children of a node at one level, prepared once per spot for each
/// set of live suits (4 bits), ranks descending: `(word, mask, boards,
/// rank | live set taken << 8)` with the word and mask of the cards added and the boards each
/// stands for (the binomial of the dead cards chosen).
struct Choices {
    items: Vec<(u64, u64, u64, usize)>,
    /// `starts[live][top]`: where the items of the ranks below `top` start
    /// in `live`'s list (written after rank `top`'s items, or before all
    /// for 13); `starts[live][0]`, after rank 0's, is where it ends.
    starts: [[u16; 14]; 16],
}

impl Choices {
    /// Every choice of `from..=to` cards of one rank, `from ≥ 1`, each
    /// rank's dead cards merged (`suits`: the live cards' suits by rank).
    fn new(suits: &[u8; 13], from: usize, to: usize) -> Choices {
        let mut items = Vec::new();
        let mut starts = [[0u16; 14]; 16];
        for live in 0..16u8 {
            starts[live as usize][13] = items.len() as u16;
            for r in (0..13).rev() {
                let alive = suits[r] & live;
                let dead = (suits[r] & !live).count_ones() as usize;
                let mut set = alive as usize;
                loop {
                    let (k0, m0) = RANK_SUITS[r][set];
                    let n = set.count_ones() as usize;
                    for k in 0..=dead {
                        if (from..=to).contains(&(n + k)) {
                            let key = k0 + k as u64 * RANK_BASES[r] as u64;
                            items.push((key, m0, BINOMIAL[dead][k], r | set << 8));
                        }
                    }
                    if set == 0 {
                        break;
                    }
                    set = (set - 1) & alive as usize;
                }
                starts[live as usize][r] = items.len() as u16;
            }
        }
        Choices { items, starts }
    }

    fn empty() -> Choices {
        Choices {
            items: Vec::new(),
            starts: [[0; 14]; 16],
        }
    }

    /// The choices of the ranks below `top` for the `live` suits.
    #[inline(always)]
    fn below(&self, live: u32, top: usize) -> &[(u64, u64, u64, usize)] {
        let l = live as usize;
        &self.items[self.starts[l][top] as usize..self.starts[l][0] as usize]
    }
}

impl<const N: usize> Fast<N> {
    #[inline(always)]
    fn bump(tally: &mut Tally, values: &[u32; N], m: u64) {
        let best = *values.iter().max().unwrap_or(&0);
        tally.bump_natural(winners(values, best), best, m);
    }

    /// A choice taking the live suits `set` under the symmetries `sym`:
    /// `(0, _)` when it is not the least of its orbit, else the orbit's
    /// size and the symmetries fixing it.
    #[inline(always)]
    fn orbit(&self, sym: u32, set: usize) -> (u64, u32) {
        if sym & self.viol[set] != 0 {
            return (0, 0);
        }
        let h = sym & self.fix[set];
        ((sym.count_ones() / h.count_ones()) as u64, h)
    }

    /// The suits still live at a node (4 bits).
    #[inline(always)]
    fn live(&self, key: u64, left: usize) -> u32 {
        let f = (key & SUIT_FIELD)
            .wrapping_add(self.live_base)
            .wrapping_add(ONE_EACH.wrapping_mul(left as u64))
            & FLUSH_BITS;
        ((f >> 51) & 1 | (f >> 54) & 2 | (f >> 57) & 4 | (f >> 60) & 8) as u32
    }

    /// One board class: every player's value, counted `weight` times.
    #[inline(always)]
    fn leaf(&self, key: u64, mask: u64, weight: u64, tally: &mut Tally) {
        let mut values = [0u32; N];
        for p in 0..N {
            values[p] = full_value(key.wrapping_add(self.keys[p]), mask | self.masks[p]);
        }
        Self::bump(tally, &values, weight);
    }

    /// Calls `f` with every child of `node`: the next rank dealt (below
    /// `top`), its live cards as a set and its dead cards as a number.
    /// With `SYM`, only the choices least in their orbit under `node.sym`
    /// are made, each weighted by its orbit's size (see [`Fast`]); without,
    /// `node.sym` must be `1`.
    #[inline(always)]
    fn children<const SYM: bool>(&self, node: Node, mut f: impl FnMut(Node)) {
        let Node {
            top,
            left,
            key,
            mask,
            weight,
            sym,
        } = node;
        let live = self.live(key, left);
        for r in (0..top).rev() {
            let all = self.suits[r] as u32;
            if (all.count_ones() + self.below[r] as u32) < left as u32 {
                // not enough cards of this rank and those below
                break;
            }
            if all == 0 {
                continue;
            }
            let alive = all & live;
            let dead = (all & !live).count_ones() as usize;
            let base = RANK_BASES[r] as u64;
            let mut set = alive;
            loop {
                let s = set.count_ones() as usize;
                let mut take = s <= left;
                let (mut sym2, mut weight2) = (1, weight);
                if SYM && take {
                    if sym & self.viol[set as usize] != 0 {
                        take = false;
                    } else {
                        sym2 = sym & self.fix[set as usize];
                        let orbit = sym.count_ones() / sym2.count_ones();
                        weight2 = weight.wrapping_mul(orbit as u64);
                    }
                }
                if take {
                    let (k0, m0) = RANK_SUITS[r][set as usize];
                    let m2 = mask | m0;
                    let mut key2 = key.wrapping_add(k0);
                    let most = dead.min(left - s);
                    for k in 0..=most {
                        if s + k > 0 {
                            // no overflow: a weight is at most the boards
                            // of a spot (below 2^21), and s + k ≤ left
                            f(Node {
                                top: r,
                                left: left.wrapping_sub(s + k),
                                key: key2,
                                mask: m2,
                                weight: weight2.wrapping_mul(BINOMIAL[dead][k]),
                                sym: sym2,
                            });
                        }
                        key2 = key2.wrapping_add(base);
                    }
                }
                if set == 0 {
                    break;
                }
                set = (set - 1) & alive;
            }
        }
    }

    /// The last card below `node` (`left == 1`) on short runs (no prepared
    /// choices), a rank at a time: the players' words are made once, each
    /// live card is scored on its own and the dead cards of a rank together
    /// (the same case of [`Fast::children`], written out for speed).
    #[inline(always)]
    fn river(&self, node: Node, tally: &mut Tally) {
        let Node {
            top,
            key,
            mask,
            weight,
            ..
        } = node;
        let live = self.live(key, 1);
        let mut turn = [0u64; N];
        let mut hands = [0u64; N];
        for p in 0..N {
            turn[p] = key.wrapping_add(self.keys[p]);
            hands[p] = mask | self.masks[p];
        }
        let mut values = [0u32; N];
        for r in (0..top).rev() {
            let all = self.suits[r] as u32;
            let dead = (all & !live).count_ones() as u64;
            if dead > 0 {
                // a player's flush made before the river stays in `turn`
                let base = RANK_BASES[r] as u64;
                for p in 0..N {
                    values[p] = full_value(turn[p].wrapping_add(base), hands[p]);
                }
                Self::bump(tally, &values, weight.wrapping_mul(dead));
            }
            let mut alive = all & live;
            while alive != 0 {
                let c = (4 * r as u32 + alive.trailing_zeros()) as usize;
                alive &= alive - 1;
                let (k, b) = (CARD_KEY[c], suit_bit(c as u8));
                for p in 0..N {
                    values[p] = full_value(turn[p].wrapping_add(k), hands[p] | b);
                }
                Self::bump(tally, &values, weight);
            }
        }
    }

    /// [`Fast::river`] through the prepared items: one short loop, no
    /// branching on the suits.
    /// With `SYM`, only the choices least in their orbit under `node.sym`,
    /// weighted by its size (as [`Fast::children`]).
    #[inline(always)]
    fn river_items<const SYM: bool>(&self, node: Node, tally: &mut Tally) {
        let live = self.live(node.key, 1) as usize;
        let mut turn = [0u64; N];
        let mut hands = [0u64; N];
        for p in 0..N {
            turn[p] = node.key.wrapping_add(self.keys[p]);
            hands[p] = node.mask | self.masks[p];
        }
        let mut values = [0u32; N];
        for &(k, b, w, rl) in self.singles.below(live as u32, node.top) {
            let mut w = w;
            if SYM {
                match self.orbit(node.sym, rl >> 8) {
                    (0, _) => continue,
                    (m, _) => w *= m,
                }
            }
            for p in 0..N {
                values[p] = full_value(turn[p].wrapping_add(k), hands[p] | b);
            }
            Self::bump(tally, &values, node.weight.wrapping_mul(w));
        }
    }

    /// The last two cards below `node` (`left == 2`) through the prepared
    /// choices: both from one rank, or one and then the river.
    fn two<const SYM: bool>(&self, node: Node, tally: &mut Tally) {
        let live = self.live(node.key, 2);
        for &(k, b, w, rl) in self.pairs.below(live, node.top) {
            let mut w = w;
            if SYM {
                match self.orbit(node.sym, rl >> 8) {
                    (0, _) => continue,
                    (m, _) => w *= m,
                }
            }
            self.leaf(
                node.key.wrapping_add(k),
                node.mask | b,
                node.weight.wrapping_mul(w),
                tally,
            );
        }
        for &(k, b, w, rl) in self.singles.below(live, node.top) {
            let (mut w, mut sym) = (w, 1);
            if SYM {
                match self.orbit(node.sym, rl >> 8) {
                    (0, _) => continue,
                    (m, h) => (w, sym) = (w * m, h),
                }
            }
            let river = Node {
                top: rl & 0xFF,
                left: 1,
                key: node.key.wrapping_add(k),
                mask: node.mask | b,
                weight: node.weight.wrapping_mul(w),
                sym,
            };
            if SYM && sym != 1 {
                self.river_items::<true>(river, tally);
            } else {
                self.river_items::<false>(river, tally);
            }
        }
    }

    /// Every board below `node`.
    fn deal(&self, node: Node, tally: &mut Tally) {
        if node.sym != 1 && node.sym & !self.still[self.live(node.key, node.left) as usize] != 0 {
            // a symmetry that moves a live suit left: the generic level,
            // testing each choice (one that fixes the live suits passes
            // every test below and stays in `sym`: weight 1, as if free)
            if node.left == 1 && !self.singles.items.is_empty() {
                return self.river_items::<true>(node, tally);
            }
            if node.left == 2 && !self.pairs.items.is_empty() {
                return self.two::<true>(node, tally);
            }
            return self.children::<true>(node, |c| {
                if c.left == 0 {
                    self.leaf(c.key, c.mask, c.weight, tally);
                } else {
                    self.deal(c, tally);
                }
            });
        }
        if node.left == 1 {
            if self.singles.items.is_empty() {
                return self.river(node, tally);
            }
            return self.river_items::<false>(node, tally);
        }
        if node.left == 2 && !self.pairs.items.is_empty() {
            return self.two::<false>(node, tally);
        }
        self.children::<false>(node, |c| {
            if c.left == 0 {
                self.leaf(c.key, c.mask, c.weight, tally);
            } else {
                self.deal(c, tally);
            }
        });
    }

    /// The nodes `depth` levels below `node`; boards finished sooner are
    /// tallied.
    fn frontier(&self, node: Node, depth: usize, out: &mut Vec<Node>, tally: &mut Tally) {
        self.children::<true>(node, |c| {
            if c.left == 0 {
                self.leaf(c.key, c.mask, c.weight, tally);
            } else if depth <= 1 {
                out.push(c);
            } else {
                self.frontier(c, depth - 1, out, tally);
            }
        });
    }

    fn run(&self, board: &[u8], split: bool) -> Tally {
        let root = Node {
            top: 13,
            left: 5 - board.len(),
            key: board_word(board),
            mask: suit_mask(board),
            weight: 1,
            sym: self.group,
        };
        let mut tally = Tally::new(N);
        if root.left == 0 {
            self.leaf(root.key, root.mask, 1, &mut tally);
            return tally;
        }
        if !split || root.left < 3 {
            self.deal(root, &mut tally);
            return tally;
        }
        // The nodes two ranks down: AhKh v QsQd has 6,459, the largest
        // under 1% of the work (one rank down: 167, the largest 9%), so
        // rayon's splitting balances them on 16 threads.
        let mut nodes = Vec::new();
        self.frontier(root, 2, &mut nodes, &mut tally);
        let rest = nodes
            .par_iter()
            .fold(
                || Tally::new(N),
                |mut t, &n| {
                    self.deal(n, &mut t);
                    t
                },
            )
            .reduce(
                || Tally::new(N),
                |mut a, b| {
                    a.add(&b);
                    a
                },
            );
        tally.add(&rest);
        tally
    }
}

fn run_n<const N: usize>(holes: &[[u8; 2]], board: &[u8], deck: &[u8], split: bool) -> Tally {
    let mut keys = [0u64; N];
    let mut masks = [0u64; N];
    let mut most = [0u64; 4];
    for (p, h) in holes.iter().enumerate() {
        keys[p] = hole_word(h);
        masks[p] = suit_mask(h);
        let mut n = [0u64; 4];
        for &c in h {
            n[(c & 3) as usize] += 1;
        }
        for s in 0..4 {
            most[s] = most[s].max(n[s]);
        }
    }
    let live_base = (0..4).fold(0u64, |b, s| b | (3 + most[s]) << (48 + 4 * s));
    let mut suits = [0u8; 13];
    for &c in deck {
        suits[(c >> 2) as usize] |= 1 << (c & 3);
    }
    let mut below = [0u8; 14];
    for r in 0..13 {
        below[r + 1] = below[r] + suits[r].count_ones() as u8;
    }
    // the prepared levels, for runs long enough to repay them (a few
    // microseconds)
    let long = board.len() <= 2;
    let choices = |from, to| {
        if long {
            Choices::new(&suits, from, to)
        } else {
            Choices::empty()
        }
    };
    let (viol, fix, group) = symmetries(holes, board, deck);
    let mut still = [group; 16];
    for (l, st) in still.iter_mut().enumerate() {
        for s in 0..4 {
            if l >> s & 1 == 1 {
                *st &= fix[1 << s];
            }
        }
    }
    Fast::<N> {
        keys,
        masks,
        live_base,
        suits,
        below,
        singles: choices(1, 1),
        pairs: choices(2, 2),
        viol,
        fix,
        still,
        group,
    }
    .run(board, split)
}

/// The suit permutations that map every player's hole cards, the known
/// board and the deck each onto itself (the group `G` of [`Fast`]), identity
/// first, as `(viol, fix, group)` of [`Fast`].
fn symmetries(holes: &[[u8; 2]], board: &[u8], deck: &[u8]) -> ([u32; 16], [u32; 16], u32) {
    let mut sets: Vec<u64> = holes.iter().map(|h| suit_mask(h)).collect();
    sets.push(suit_mask(board));
    sets.push(suit_mask(deck));
    let (mut viol, mut fix, mut n) = ([0u32; 16], [0u32; 16], 0);
    // the 24 permutations, `perm[s]` the image of suit `s`, the identity
    // first (bit 0)
    let mut perms: Vec<[u32; 4]> = (0..256u32)
        .map(|g| [g & 3, g >> 2 & 3, g >> 4 & 3, g >> 6 & 3])
        .filter(|p| p.iter().fold(0u32, |a, &t| a | 1 << t) == 15)
        .collect();
    perms.sort_by_key(|p| *p != [0, 1, 2, 3]);
    for perm in perms {
        let image =
            |m: u64| (0..4).fold(0u64, |a, s| a | (m >> (16 * s) & 0xFFFF) << (16 * perm[s]));
        if sets.iter().all(|&m| image(m) == m) {
            for l in 0..16 {
                let gl = (0..4).fold(0u32, |a, s| a | (l >> s & 1) << perm[s]);
                if gl < l {
                    viol[l as usize] |= 1 << n;
                } else if gl == l {
                    fix[l as usize] |= 1 << n;
                }
            }
            n += 1;
        }
    }
    (viol, fix, (1u32 << n) - 1)
}

/// Most players on the fast path.
pub const FAST_MAX_PLAYERS: usize = super::count::TALLY_MAX_PLAYERS;

/// Every board completing `board` from the `deck` of live cards, for fixed
/// hole cards (2..=FAST_MAX_PLAYERS players, natural cards (ids below 52)
/// all distinct, checked by the caller). `split` spreads the boards over the current rayon pool.
pub fn holdem_boards(holes: &[[u8; 2]], board: &[u8], deck: &[u8], split: bool) -> Tally {
    match holes.len() {
        2 => run_n::<2>(holes, board, deck, split),
        3 => run_n::<3>(holes, board, deck, split),
        4 => run_n::<4>(holes, board, deck, split),
        5 => run_n::<5>(holes, board, deck, split),
        6 => run_n::<6>(holes, board, deck, split),
        7 => run_n::<7>(holes, board, deck, split),
        8 => run_n::<8>(holes, board, deck, split),
        9 => run_n::<9>(holes, board, deck, split),
        10 => run_n::<10>(holes, board, deck, split),
        n => panic!("holdem_boards: {n} players is outside 2..={FAST_MAX_PLAYERS}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A card by rank (0 = deuce) and suit (0 = clubs .. 3 = spades).
    fn card(rank: u8, suit: u8) -> u8 {
        4 * rank + suit
    }

    /// The order of `G` for the spot, the deck everything else.
    fn order(holes: &[[u8; 2]], board: &[u8], dead: &[u8]) -> u32 {
        let used: Vec<u8> = holes
            .iter()
            .flatten()
            .chain(board)
            .chain(dead)
            .copied()
            .collect();
        let deck: Vec<u8> = (0..52).filter(|c| !used.contains(c)).collect();
        let (viol, fix, group) = symmetries(holes, board, deck.as_slice());
        // the identity fixes every suit set, and nothing maps the empty set
        // or all four suits elsewhere
        assert!((0..16).all(|l| fix[l] & 1 == 1 && viol[l] & 1 == 0));
        assert_eq!(fix[0], group);
        assert_eq!(fix[15], group);
        // a permutation maps a set to a smaller, equal or larger one; in the
        // group, as many to smaller as to larger
        for l in 0..16 {
            assert_eq!(viol[l] & fix[l], 0);
        }
        group.count_ones()
    }

    #[test]
    fn group_orders() {
        let (c, d, h, s) = (0, 1, 2, 3);
        let ahkh = [card(12, h), card(11, h)];
        let qsqd = [card(10, s), card(10, d)];
        assert_eq!(order(&[ahkh, qsqd], &[], &[]), 2);
        // a flop of clubs and diamonds breaks the swap
        assert_eq!(
            order(&[ahkh, qsqd], &[card(0, c), card(1, c), card(2, d)], &[]),
            1
        );
        // a dead card too
        assert_eq!(order(&[ahkh, qsqd], &[], &[card(3, s)]), 1);
        assert_eq!(order(&[ahkh, qsqd], &[], &[card(3, s), card(3, d)]), 2);
        let asah = [card(12, s), card(12, h)];
        let kskh = [card(11, s), card(11, h)];
        assert_eq!(order(&[asah, kskh], &[], &[]), 4);
        // swapping spades and hearts swaps the players: not in `G`
        assert_eq!(
            order(
                &[[card(12, s), card(11, s)], [card(12, h), card(11, h)]],
                &[],
                &[]
            ),
            2
        );
        let spades = [card(12, s), card(11, s)];
        assert_eq!(order(&[spades, [card(10, s), card(9, s)]], &[], &[]), 6);
        let flop = [card(0, c), card(0, d), card(0, h)];
        assert_eq!(order(&[spades, [card(10, s), card(9, s)]], &flop, &[]), 6);
        assert_eq!(order(&[spades, [card(10, s), card(9, h)]], &flop, &[]), 2);
        // Ah2d v 6d9s: the identity alone; Ah2d v 6d9h leaves clubs and
        // spades free to swap
        assert_eq!(order(&[[50, 1], [17, 31]], &[], &[]), 1);
        assert_eq!(order(&[[50, 1], [17, 30]], &[], &[]), 2);
    }
}
