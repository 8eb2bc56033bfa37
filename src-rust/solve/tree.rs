//! The public game tree of a solver: betting (as data: sizes per street and
//! player), chance nodes dealing the next board card, and terminals (a fold,
//! a showdown on the full board, or an all-in showdown with the runout still
//! to come). Built twice: a dry run that only counts (so the memory is known
//! before anything is allocated), then the real one.

use crate::error::{Error, Result};

/// A bet or raise size, as the tree language writes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Size {
    /// `N%`: a bet of this fraction of the pot in the middle before it; as
    /// a raise, a raise by this fraction of the pot after calling.
    Pot(f64),
    /// `Nx`: a raise to this multiple of the bet faced.
    Mult(f64),
    /// `Nc`: a bet of this many chips; as a raise, a raise to this many.
    Chips(u64),
    /// `a`: all in.
    AllIn,
    /// `e`: the geometric size: the same fraction of the pot on this and
    /// every later street reaches all in.
    Geo,
}

/// The betting limit of the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    No,
    Pot,
    Fixed,
}

/// Each player's sizes on one street: `bets[p]` when nobody has bet,
/// `raises[p]` facing a bet.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StreetSizes {
    pub bets: [Vec<Size>; 2],
    pub raises: [Vec<Size>; 2],
}

/// What the betting tree is built from.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeConfig {
    /// Chips in the middle at the start (a spot's pot; 0 for Kuhn, Leduc).
    pub pot: u64,
    /// Each player's chips behind at the start, antes included.
    pub stack: u64,
    /// Chips each has put in at the start (the antes of Kuhn and Leduc).
    pub antes: u64,
    /// One entry per street still to be bet.
    pub streets: Vec<StreetSizes>,
    pub limit: Limit,
    /// Fixed limit: the bet of each street.
    pub units: Vec<u64>,
    /// Most raises per street after its first bet (None: no cap).
    pub raise_cap: Option<u32>,
    /// An all-in is added when the acting player's stack is at most this
    /// multiple of the pot in the middle.
    pub allin_threshold: Option<f64>,
    /// Sizes closer than this fraction of the pot to a kept one are merged.
    pub merge: Option<f64>,
}

/// An action of a player node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Fold,
    Check,
    Call,
    /// The street's bet, to this amount.
    Bet(u64),
    /// A raise to this amount on the street.
    Raise(u64),
    /// All in, the street's bet to this amount.
    AllIn(u64),
}

impl Action {
    pub fn label(&self) -> String {
        match self {
            Action::Fold => "fold".into(),
            Action::Check => "check".into(),
            Action::Call => "call".into(),
            Action::Bet(a) => format!("bet {a}"),
            Action::Raise(a) => format!("raise {a}"),
            Action::AllIn(a) => format!("all-in {a}"),
        }
    }
}

/// What leads to a node from its parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    Root,
    Action(Action),
    Card(u8),
}

/// What a node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The player to act (0 out of position, 1 in position).
    Player(u8),
    /// The next board card is dealt.
    Chance,
    /// A player folded; the other wins.
    Fold(u8),
    /// The showdown: on the full board, or all in with the runout to come.
    Showdown,
}

/// One node of the tree. Children are contiguous: `first..first + count`.
#[derive(Clone, Debug)]
pub struct Node {
    pub kind: Kind,
    pub edge: Edge,
    pub first: u32,
    pub count: u16,
    /// Chips each player has put in since the start (antes included).
    pub contrib: [u64; 2],
    /// The board cards at this node.
    pub board: u64,
    /// The street (0 = the first one bet in the tree).
    pub street: u8,
    /// Player nodes: where its regrets and strategy sums start.
    pub offset: usize,
    /// Chance nodes: its entry in the tree's isomorphism table; showdowns:
    /// its entry in the runout table.
    pub extra: u32,
}

/// What the dry run counts: nodes, the storage of player nodes (entries
/// per table), chance nodes, and showdown terminals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    pub nodes: u64,
    pub storage: u64,
}

/// The betting state while the tree is built.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bets {
    pub street: u8,
    pub contrib: [u64; 2],
    /// This street's bets.
    pub on: [u64; 2],
    pub to_act: u8,
    /// Raises this street after the first bet.
    pub raises: u32,
    /// The last bet or raise increment (the smallest legal raise).
    pub last_raise: u64,
    /// Actions taken on this street.
    pub acted: u8,
}

impl Bets {
    pub fn start(c: &TreeConfig) -> Bets {
        Bets {
            street: 0,
            contrib: [c.antes; 2],
            on: [0; 2],
            to_act: 0,
            raises: 0,
            last_raise: 0,
            acted: 0,
        }
    }

    /// The chips in the middle.
    pub fn pot(&self, c: &TreeConfig) -> u64 {
        c.pot + self.contrib[0] + self.contrib[1]
    }

    fn left(&self, c: &TreeConfig, p: usize) -> u64 {
        c.stack - (self.contrib[p] - c.antes)
    }

    /// Whether a player is all in.
    pub fn all_in(&self, c: &TreeConfig) -> bool {
        self.left(c, 0) == 0 || self.left(c, 1) == 0
    }

    pub fn next_street(&self) -> Bets {
        Bets {
            street: self.street + 1,
            on: [0; 2],
            to_act: 0,
            raises: 0,
            last_raise: 0,
            acted: 0,
            ..*self
        }
    }

    /// The state after `a` by the player to act.
    pub fn after(&self, a: Action) -> Bets {
        let p = self.to_act as usize;
        let mut b = *self;
        b.acted += 1;
        b.to_act ^= 1;
        let put = |b: &mut Bets, to: u64| {
            b.contrib[p] += to - b.on[p];
            b.on[p] = to;
        };
        match a {
            Action::Fold | Action::Check => {}
            Action::Call => put(&mut b, self.on[p ^ 1]),
            Action::Bet(to) | Action::Raise(to) | Action::AllIn(to) => {
                let faced = self.on[p ^ 1];
                if faced > 0 {
                    b.raises += 1;
                }
                b.last_raise = b.last_raise.max(to - faced);
                put(&mut b, to);
            }
        }
        b
    }

    /// The actions the player to act has (in order: fold, check/call, then
    /// bets or raises by amount).
    pub fn actions(&self, c: &TreeConfig) -> Vec<Action> {
        let p = self.to_act as usize;
        let faced = self.on[p ^ 1];
        let mine = self.on[p];
        let left = self.left(c, p);
        let mut out = Vec::new();
        if faced > mine {
            out.push(Action::Fold);
            out.push(Action::Call);
        } else {
            out.push(Action::Check);
        }
        // no raise once the other is all in, or when calling takes all
        let other_left = self.left(c, p ^ 1);
        if other_left == 0 || left <= faced - mine {
            return out;
        }
        if faced > 0 && c.raise_cap.is_some_and(|cap| self.raises >= cap) {
            return out;
        }
        let top = mine + left; // all in, to this amount on the street
        let amounts = self.amounts(c, top);
        for to in amounts {
            out.push(if to == top {
                Action::AllIn(to)
            } else if faced > 0 {
                Action::Raise(to)
            } else {
                Action::Bet(to)
            });
        }
        out
    }

    /// The bet or raise amounts (to, on this street), ascending, distinct.
    fn amounts(&self, c: &TreeConfig, top: u64) -> Vec<u64> {
        let p = self.to_act as usize;
        let faced = self.on[p ^ 1];
        let mine = self.on[p];
        let pot = self.pot(c);
        let street = (self.street as usize).min(c.streets.len().saturating_sub(1));
        let remaining_streets = (c.streets.len() - self.street as usize) as i32;
        // the smallest legal bet or raise-to
        let min_to = if faced == 0 {
            1
        } else {
            faced + self.last_raise.max(1)
        };
        let pot_max = if faced == 0 {
            pot
        } else {
            // a pot raise: call, then raise by the pot after calling
            faced + pot + (faced - mine)
        };
        let mut raw: Vec<u64> = Vec::new();
        if c.limit == Limit::Fixed {
            let unit = c.units.get(street).copied().unwrap_or(1);
            raw.push(faced + unit);
        } else {
            let sizes = if faced == 0 {
                &c.streets[street].bets[p]
            } else {
                &c.streets[street].raises[p]
            };
            let call = faced - mine;
            for s in sizes {
                let to = match *s {
                    Size::Pot(f) => {
                        if faced == 0 {
                            round(pot as f64 * f)
                        } else {
                            faced + round((pot + call) as f64 * f)
                        }
                    }
                    Size::Mult(m) => round(faced as f64 * m),
                    Size::Chips(n) => n,
                    Size::AllIn => top,
                    Size::Geo => {
                        let after = pot + call;
                        let left = top - faced;
                        let f = ((1.0 + 2.0 * left as f64 / after as f64)
                            .powf(1.0 / remaining_streets as f64)
                            - 1.0)
                            / 2.0;
                        faced + round(after as f64 * f)
                    }
                };
                raw.push(to);
            }
            if let Some(t) = c.allin_threshold {
                if (top - mine) as f64 <= t * pot as f64 {
                    raw.push(top);
                }
            }
        }
        let mut out: Vec<u64> = raw
            .into_iter()
            .map(|to| {
                let to = to.max(min_to);
                let to = if c.limit == Limit::Pot {
                    to.min(pot_max)
                } else {
                    to
                };
                to.min(top)
            })
            .filter(|&to| to > faced)
            .collect();
        out.sort_unstable();
        out.dedup();
        if let Some(m) = c.merge {
            let gap = m * (pot + (faced - mine)) as f64;
            let mut kept: Vec<u64> = Vec::with_capacity(out.len());
            for to in out {
                match kept.last() {
                    Some(&k) if ((to - k) as f64) < gap => {
                        // the all-in is never merged away
                        if to == top {
                            kept.pop();
                            kept.push(to);
                        }
                    }
                    _ => kept.push(to),
                }
            }
            out = kept;
        }
        out
    }
}

fn round(x: f64) -> u64 {
    if !x.is_finite() || x <= 0.0 {
        0
    } else if x >= u64::MAX as f64 {
        u64::MAX
    } else {
        x.round() as u64
    }
}

/// Checks the numbers of a configuration (the Python layer checks the text).
pub fn check(c: &TreeConfig) -> Result<()> {
    let bad = |m: String| Err(Error::Solve(m));
    if c.pot == 0 && c.antes == 0 {
        return bad("the pot must be a positive number of chips".into());
    }
    if c.stack == 0 {
        return bad("the stack must be a positive number of chips".into());
    }
    let big = 1u64 << 48;
    if c.pot > big || c.stack > big || c.antes > big {
        return bad(format!(
            "pot and stack must be at most 2**48 chips, got pot {} and stack {}",
            c.pot, c.stack
        ));
    }
    if c.streets.is_empty() || c.streets.len() > 4 {
        return bad(format!(
            "a tree bets on 1 to 4 streets, got {}",
            c.streets.len()
        ));
    }
    if c.limit == Limit::Fixed && (c.units.len() < c.streets.len() || c.units.contains(&0)) {
        return bad("fixed limit needs a positive bet unit for every street".into());
    }
    for s in &c.streets {
        for sizes in s.bets.iter().chain(&s.raises) {
            if sizes.len() > 32 {
                return bad(format!(
                    "at most 32 sizes per street and player, got {}",
                    sizes.len()
                ));
            }
            for z in sizes {
                let ok = match *z {
                    Size::Pot(f) => f.is_finite() && f > 0.0 && f <= 1000.0,
                    Size::Mult(m) => m.is_finite() && m > 1.0 && m <= 1000.0,
                    Size::Chips(n) => n > 0,
                    Size::AllIn | Size::Geo => true,
                };
                if !ok {
                    return bad(format!(
                        "bad size {z:?}: N% above 0 and at most 100000%, Nx above 1, Nc above 0"
                    ));
                }
            }
        }
        for sizes in &s.bets {
            if sizes.iter().any(|z| matches!(z, Size::Mult(_))) {
                return bad(
                    "a size Nx (a multiple of the bet faced) is a raise size, not a bet size"
                        .into(),
                );
            }
        }
    }
    for (name, v) in [("allin_threshold", c.allin_threshold), ("merge", c.merge)] {
        if let Some(v) = v {
            if !(v.is_finite() && (0.0..=1000.0).contains(&v)) {
                return bad(format!("{name} must be a number from 0 to 1000, got {v}"));
            }
        }
    }
    Ok(())
}
