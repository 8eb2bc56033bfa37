//! Shared by the equity benchmark (`benches/equity.rs`) and the same-run
//! timing example (`benches/equity_speed.rs`): a hold'em spot of single
//! hands and a rayon pool of a given size.

use _core::cards::parse_text;
use _core::equity::{Combo, Shape, Spot};

pub fn spot(hands: &[&str]) -> Spot {
    let players = hands
        .iter()
        .map(|h| vec![Combo::new(&parse_text(h).unwrap(), 1.0).unwrap()])
        .collect();
    Spot::new(Shape::HOLDEM, players, &[], &[]).unwrap()
}

pub fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}
