//! The small games for research and validation, solved by the same core:
//! Kuhn poker (three cards, ante 1, one bet of 1) and Leduc hold'em
//! (OpenSpiel's rules: six cards, antes 1, a bet or raise of 2 in the first
//! round and 4 in the second, at most two per round, one public card).

use super::build::{build, Setup};
use super::showdown::Hands;
use super::tree::{Limit, StreetSizes, TreeConfig};
use super::Solver;
use crate::cards::rank;
use crate::error::Result;

fn one_card_hands(cards: &[u8]) -> Hands {
    Hands {
        k: 1,
        cards: cards.to_vec(),
        mask: cards.iter().map(|&c| 1u64 << c).collect(),
        weight: vec![1.0; cards.len()],
    }
}

fn fixed(units: Vec<u64>, raise_cap: u32) -> TreeConfig {
    TreeConfig {
        pot: 0,
        stack: 100,
        antes: 1,
        streets: vec![StreetSizes::default(); units.len()],
        limit: Limit::Fixed,
        units,
        raise_cap: Some(raise_cap),
        allin_threshold: None,
        merge: None,
    }
}

/// The cards of Kuhn poker: Jc, Qc, Kc.
pub const KUHN: [u8; 3] = [36, 40, 44];
/// The cards of Leduc hold'em: Jc, Jd, Qc, Qd, Kc, Kd.
pub const LEDUC: [u8; 6] = [36, 37, 40, 41, 44, 45];

fn deck(cards: &[u8]) -> u64 {
    cards.iter().fold(0, |m, &c| m | 1 << c)
}

/// Kuhn poker: the higher card wins.
pub fn kuhn() -> Result<Solver> {
    let score = |hole: &[u8], _board: &[u8]| (rank(hole[0]) as u32, 0);
    let setup = Setup {
        board: Vec::new(),
        hands: [one_card_hands(&KUHN), one_card_hands(&KUHN)],
        deck: deck(&KUHN),
        final_board: 0,
        score: &score,
        hilo: false,
        rake: None,
        isomorphism: false,
        max_memory: 1 << 30,
        plain: false,
    };
    build(fixed(vec![1], 0), setup)
}

/// Leduc hold'em: a pair with the public card wins, else the higher card;
/// equal ranks split.
pub fn leduc(isomorphism: bool) -> Result<Solver> {
    let score = |hole: &[u8], board: &[u8]| {
        let r = rank(hole[0]) as u32;
        (
            if rank(board[0]) as u32 == r {
                100 + r
            } else {
                r
            },
            0,
        )
    };
    let setup = Setup {
        board: Vec::new(),
        hands: [one_card_hands(&LEDUC), one_card_hands(&LEDUC)],
        deck: deck(&LEDUC),
        final_board: 1,
        score: &score,
        hilo: false,
        rake: None,
        isomorphism,
        max_memory: 1 << 30,
        plain: false,
    };
    build(fixed(vec![2, 4], 1), setup)
}
