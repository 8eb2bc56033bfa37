//! Suit isomorphism: the suit permutations that map both players' ranges
//! (weights included) and the deck onto themselves, each hand's image under
//! them, and at a chance node the canonical deals. A card dealt at a chance
//! node whose board a permutation `σ` fixes is equivalent to `σ⁻¹` of it:
//! only the smallest card of each class is solved, and the others read its
//! values with the hands mapped (see `solve::cfr`).

use super::showdown::Hands;
use std::collections::HashMap;

/// A permutation of the four suits: `p[s]` is the image of suit `s`.
pub type Perm = [u8; 4];

pub const IDENTITY: Perm = [0, 1, 2, 3];

#[inline]
pub fn card(p: &Perm, c: u8) -> u8 {
    if c >= 52 {
        c
    } else {
        (c & !3) | p[(c & 3) as usize]
    }
}

pub fn mask(p: &Perm, m: u64) -> u64 {
    let mut out = 0u64;
    let mut rest = m;
    while rest != 0 {
        let c = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        out |= 1 << card(p, c);
    }
    out
}

pub fn compose(a: &Perm, b: &Perm) -> Perm {
    // (a ∘ b)(s) = a(b(s))
    [
        a[b[0] as usize],
        a[b[1] as usize],
        a[b[2] as usize],
        a[b[3] as usize],
    ]
}

pub fn inverse(p: &Perm) -> Perm {
    let mut q = [0u8; 4];
    for s in 0..4 {
        q[p[s] as usize] = s as u8;
    }
    q
}

/// The permutations under which the ranges and the deck are the same, and
/// each hand's image under each of them (`map[perm][player][hand]`).
#[derive(Clone, Debug)]
pub struct Iso {
    pub perms: Vec<Perm>,
    pub map: Vec<[Vec<u32>; 2]>,
    /// The index of each permutation's inverse.
    pub inv: Vec<u8>,
}

fn all_perms() -> Vec<Perm> {
    let mut out = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                for d in 0..4u8 {
                    let p = [a, b, c, d];
                    let mut seen = [false; 4];
                    for &s in &p {
                        seen[s as usize] = true;
                    }
                    if seen.iter().all(|&x| x) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

impl Iso {
    /// The identity alone (no isomorphism used).
    pub fn none(hands: &[Hands; 2]) -> Iso {
        let map = [0, 1].map(|p| (0..hands[p].len() as u32).collect());
        Iso {
            perms: vec![IDENTITY],
            map: vec![map],
            inv: vec![0],
        }
    }

    pub fn new(hands: &[Hands; 2], deck: u64) -> Iso {
        let mut iso = Iso::none(hands);
        let index: [HashMap<u64, usize>; 2] = [0, 1].map(|p| {
            hands[p]
                .mask
                .iter()
                .enumerate()
                .map(|(i, &m)| (m, i))
                .collect()
        });
        for p in all_perms() {
            if p == IDENTITY || mask(&p, deck) != deck {
                continue;
            }
            let mut maps: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
            let mut ok = true;
            for pl in 0..2 {
                for h in 0..hands[pl].len() {
                    match index[pl].get(&mask(&p, hands[pl].mask[h])) {
                        Some(&j) if hands[pl].weight[j] == hands[pl].weight[h] => {
                            maps[pl].push(j as u32)
                        }
                        _ => {
                            ok = false;
                            break;
                        }
                    }
                }
                if !ok {
                    break;
                }
            }
            if ok {
                iso.perms.push(p);
                iso.map.push(maps);
            }
        }
        iso.inv = iso
            .perms
            .iter()
            .map(|p| iso.index(&inverse(p)) as u8)
            .collect();
        iso
    }

    pub fn index(&self, p: &Perm) -> usize {
        self.perms
            .iter()
            .position(|q| q == p)
            .expect("the permutations are a group")
    }

    /// The permutations that fix `board`.
    pub fn fixing(&self, board: u64) -> Vec<usize> {
        (0..self.perms.len())
            .filter(|&i| mask(&self.perms[i], board) == board)
            .collect()
    }

    pub fn bytes(&self) -> usize {
        self.map.iter().map(|m| (m[0].len() + m[1].len()) * 4).sum()
    }
}

/// One card a chance node can deal: the child that solves it and the
/// permutation (an index into `Iso::perms`) taking that child's card to it
/// (0, the identity, for a canonical card).
#[derive(Clone, Copy, Debug)]
pub struct Deal {
    pub card: u8,
    pub child: u32,
    pub perm: u8,
}

/// The deals of a chance node: each card of `cards`, grouped by the child
/// that solves it (children `0..` are the canonical cards, ascending), the
/// canonical card first in each group.
pub fn deals(iso: &Iso, board: u64, cards: u64) -> Vec<Deal> {
    let group = iso.fixing(board);
    let mut out: Vec<Deal> = Vec::new();
    let mut children = 0u32;
    let mut child_of: HashMap<u8, u32> = HashMap::new();
    let mut rest = cards;
    while rest != 0 {
        let c = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let (canon, perm) = group
            .iter()
            .map(|&g| {
                // σ with σ(canon) = c: canon = σ⁻¹(c)
                let inv = inverse(&iso.perms[g]);
                (card(&inv, c), g)
            })
            .min()
            .unwrap_or((c, 0));
        if canon == c {
            child_of.insert(c, children);
            out.push(Deal {
                card: c,
                child: children,
                perm: 0,
            });
            children += 1;
        } else {
            out.push(Deal {
                card: c,
                child: child_of[&canon],
                perm: perm as u8,
            });
        }
    }
    out.sort_by_key(|d| (d.child, d.perm != 0, d.card));
    out
}
