//! Shared by the equity benchmark (`benches/equity.rs`) and the same-run
//! timing example (`benches/equity_speed.rs`): a hold'em spot of single
//! hands and a rayon pool of a given size.

use _core::cards::parse_text;
use _core::equity::{Combo, ShowdownShape, Spot};

pub fn spot(hands: &[&str]) -> Spot {
    let players = hands
        .iter()
        .map(|h| vec![Combo::new(&parse_text(h).unwrap(), 1.0).unwrap()])
        .collect();
    Spot::new(ShowdownShape::HOLDEM, players, &[], &[]).unwrap()
}

pub fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// A hold'em spot of hand classes preflop: pairs ("AA") or suited hands
/// ("AKs"), every combo weighted 1.
#[allow(dead_code)] // the timing example uses single hands only
pub fn class_spot(classes: &[&str]) -> Spot {
    let players = classes
        .iter()
        .map(|class| {
            let r: Vec<char> = class.chars().collect();
            let mut combos = Vec::new();
            for (i, a) in "cdhs".chars().enumerate() {
                for (j, b) in "cdhs".chars().enumerate() {
                    let keep = if r[0] == r[1] { i < j } else { i == j };
                    if keep {
                        let ids = parse_text(&format!("{}{a}{}{b}", r[0], r[1])).unwrap();
                        combos.push(Combo::new(&ids, 1.0).unwrap());
                    }
                }
            }
            combos
        })
        .collect();
    Spot::new(ShowdownShape::HOLDEM, players, &[], &[]).unwrap()
}
