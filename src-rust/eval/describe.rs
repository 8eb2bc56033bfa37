//! Hands in words and in reading order.

use super::gen::*;
use crate::cards::{rank, suit};

const SINGULAR: [&str; 13] = [
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
    "King", "Ace",
];
const PLURAL: [&str; 13] = [
    "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks",
    "Queens", "Kings", "Aces",
];

/// The name of a category code.
pub fn category_name(category: u16) -> &'static str {
    match category {
        HIGH_CARD => "High Card",
        ONE_PAIR => "One Pair",
        FOUR_FLUSH => "Four Flush",
        TWO_PAIR => "Two Pair",
        THREE_OF_A_KIND => "Three of a Kind",
        STRAIGHT => "Straight",
        FLUSH => "Flush",
        FULL_HOUSE => "Full House",
        FOUR_OF_A_KIND => "Four of a Kind",
        STRAIGHT_FLUSH => "Straight Flush",
        FIVE_OF_A_KIND => "Five of a Kind",
        _ => "No Hand",
    }
}

fn is_wheel(five: &[u8; 5]) -> bool {
    let mask = five.iter().fold(0u16, |mask, &c| mask | 1 << rank(c));
    mask == WHEEL || mask == SHORT_WHEEL
}

/// Sorts five cards the way the hand is read: by how many of their rank
/// there are, then rank, then suit, highest first; a five-high straight
/// puts its ace last (and so does short deck's A-6-7-8-9).
pub fn reading_order(five: &mut [u8; 5], value: u32) {
    let count = |c: u8| five.iter().filter(|&&x| rank(x) == rank(c)).count();
    let mut keyed: Vec<(usize, u8, u8, u8)> = five
        .iter()
        .map(|&c| (count(c), rank(c), suit(c), c))
        .collect();
    keyed.sort_unstable_by(|a, b| b.cmp(a));
    for (slot, k) in five.iter_mut().zip(&keyed) {
        *slot = k.3;
    }
    let cat = (value >> 12) as u16;
    if (cat == STRAIGHT || cat == STRAIGHT_FLUSH) && is_wheel(five) {
        five.rotate_left(1);
    }
}

/// The hand in words, from its value and its five cards in reading order:
/// "Full House, Kings over Sevens".
pub fn describe(value: u32, five: &[u8; 5]) -> String {
    let cat = (value >> 12) as u16;
    let r = |i: usize| rank(five[i]) as usize;
    let name = category_name(cat);
    match cat {
        HIGH_CARD | FLUSH | FOUR_FLUSH => format!("{name}, {} High", SINGULAR[r(0)]),
        ONE_PAIR | THREE_OF_A_KIND | FOUR_OF_A_KIND | FIVE_OF_A_KIND => {
            format!("{name}, {}", PLURAL[r(0)])
        }
        TWO_PAIR => format!("{name}, {} and {}", PLURAL[r(0)], PLURAL[r(2)]),
        FULL_HOUSE => format!("{name}, {} over {}", PLURAL[r(0)], PLURAL[r(3)]),
        STRAIGHT_FLUSH if r(0) == 12 => "Straight Flush, Royal".to_string(),
        STRAIGHT | STRAIGHT_FLUSH => format!("{name}, {} High", SINGULAR[r(0)]),
        _ => name.to_string(),
    }
}
