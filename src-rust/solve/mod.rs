//! `hoyle.solve`'s core: an equilibrium solver for two-player games that
//! branch only on public events (bets and dealt cards), in vector form over
//! each player's hands. Discounted CFR (or CFR+) with alternating updates,
//! exact best responses for the exploitability, terminal values in O(hands)
//! per node (`showdown`), suit isomorphism at chance nodes (`iso`), the
//! tree built from sizes as data (`tree`), its memory known before
//! anything is allocated.
//!
//! Conventions: player 0 acts first on every street (out of position);
//! player 1 is the button (a tie's odd chip goes to player 0, the seat left
//! of it). A player's payoff at a terminal is the chips it wins back less
//! the chips it put in since the start, the starting pot counting as won.

pub mod build;
pub mod cfr;
pub mod drive;
pub mod games;
pub mod iso;
pub mod showdown;
pub mod tree;
pub mod view;

pub use build::{Scoring, Setup};
pub use tree::{Action, Edge, Kind, Limit, Node, Size, StreetSizes, TreeConfig};

use iso::{Deal, Iso};
use showdown::{BoardTable, Hands, Removal};

/// A rake: `floor(pot * basis_points / 10000)`, at most `cap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rake {
    pub basis_points: u64,
    pub cap: Option<u64>,
}

/// The chance-free part of a showdown terminal: the final boards it is
/// settled on (one on the river; every runout when all in before it) and
/// the probability of each.
#[derive(Clone, Debug)]
pub struct Runouts {
    pub boards: Vec<u32>,
    pub weight: f64,
}

/// A built game: its tree, the players' hands, the tables of its terminals,
/// and the regrets and strategy sums of every player node.
pub struct Solver {
    pub config: TreeConfig,
    pub hands: [Hands; 2],
    pub nodes: Vec<Node>,
    pub deals: Vec<Vec<Deal>>,
    pub runouts: Vec<Runouts>,
    pub boards: Vec<BoardTable>,
    pub removal: [Removal; 2],
    pub iso: Iso,
    pub regrets: Vec<f32>,
    pub sums: Vec<f32>,
    pub iterations: u64,
    pub rake: Option<Rake>,
    pub hilo: bool,
    pub deck: u64,
    /// Board cards at the showdown.
    pub final_board: u32,
    /// Bytes allocated for all of the above.
    pub memory: u64,
    /// What the traversals take off every payoff of each player: its share
    /// of a tie of the starting pot. A constant per player changes no
    /// regret, and it makes a tie worth 0 in an even pot with no rake, so
    /// the showdown sweeps need no pass for the compatible total (the
    /// values the caller reads have it added back).
    pub shift: [f64; 2],
    /// Whether a traversal skips what follows an opponent's action none of
    /// its hands takes (the traverser's values there are 0; see `cfr`).
    pub prune: bool,
}

impl Solver {
    /// The chips the winner (or the winners, split) of the terminal `node`
    /// take: as `hoyle.settle` pays, a bet not called goes back to its
    /// bettor first, and the rake is taken from the rest (the starting pot
    /// and what both put in).
    pub fn pot_after_rake(&self, node: &Node) -> u64 {
        let total = self.config.pot + node.contrib[0] + node.contrib[1];
        let called = self.config.pot + 2 * node.contrib[0].min(node.contrib[1]);
        match self.rake {
            None => total,
            Some(r) => {
                let raw = (called as u128 * r.basis_points as u128 / 10_000) as u64;
                total - r.cap.map_or(raw, |c| raw.min(c))
            }
        }
    }

    /// What a showdown at `node` pays player `p`, net of its chips.
    pub fn pay(&self, node: &Node, p: usize) -> showdown::Pay {
        let t = self.pot_after_rake(node);
        let share = |x: u64| if p == 0 { x.div_ceil(2) } else { x / 2 };
        let high = t.div_ceil(2);
        let low = t / 2;
        showdown::Pay {
            total: t as f64,
            tie: share(t) as f64,
            high: high as f64,
            high_tie: share(high) as f64,
            low: low as f64,
            low_tie: share(low) as f64,
            put: node.contrib[p] as f64 + self.shift[p],
        }
    }

    /// The number of cards a chance node deals from given both players'
    /// hands: the deck less the board and four (or `2k`) hole cards.
    pub fn dealable(&self, board: u64) -> f64 {
        let k = self.hands[0].k + self.hands[1].k;
        (self.deck.count_ones() as usize - board.count_ones() as usize - k) as f64
    }
}

#[cfg(test)]
mod tests;
