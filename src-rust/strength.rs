//! The partial hand strengths the betting rules need, as opposed to a
//! showdown's ranking (`eval`): draw poker's opening requirement
//! ([`opens`]) and stud's order of exposed cards ([`exposed_key`], who bets
//! first; docs/rules.md §10). Cards are ids `rank * 4 + suit` (a joker,
//! id 52, counts as rank 13, suit 0).

/// Cards of each rank (0..=13) and of each suit.
fn counts(cards: &[u8]) -> ([u8; 14], [u8; 4]) {
    let mut ranks = [0u8; 14];
    let mut suits = [0u8; 4];
    for &c in cards {
        ranks[usize::from(c / 4).min(13)] += 1;
        suits[usize::from(c & 3)] += 1;
    }
    (ranks, suits)
}

/// Five ranks in a row among `ranks` (bit r: rank r held), the ace also
/// playing below the deuce.
fn has_straight(ranks: u16) -> bool {
    let ace_low = (ranks & 0x1fff) << 1 | (ranks >> 12 & 1); // bit 0: the ace as -1
    (0..10).any(|low| ace_low >> low & 0x1f == 0x1f)
}

/// Jacks or better: a pair of jacks or any better hand (two pair, trips, a
/// straight or flush among five or more cards); with `four_flush` also
/// four cards of one suit.
pub fn opens(cards: &[u8], four_flush: bool) -> bool {
    let (ranks, suits) = counts(cards);
    let pairs = ranks.iter().filter(|&&n| n >= 2).count();
    let high_pair = ranks[9..].iter().any(|&n| n >= 2);
    if high_pair || pairs >= 2 || ranks.iter().any(|&n| n >= 3) {
        return true;
    }
    let flush = suits.iter().copied().max().unwrap_or(0);
    let held = ranks
        .iter()
        .enumerate()
        .fold(0u16, |m, (r, &n)| if n > 0 { m | 1 << r } else { m });
    if cards.len() >= 5 && (flush >= 5 || has_straight(held)) {
        return true;
    }
    four_flush && flush >= 4
}

/// The strength of exposed cards (pairs, trips and quads, then the higher
/// ranks; straights and flushes do not count): a larger key is better. The
/// groups of equal rank are ordered by size, then rank, largest first, and
/// the key compares their sizes first, then their ranks, as tuples do (a
/// shorter list of groups that agrees is smaller). For a low game (`low`)
/// the ace is the lowest rank and smaller groups and ranks are better.
pub fn exposed_key(cards: &[u8], low: bool) -> u128 {
    let (ranks, _) = counts(cards);
    // (size, rank) of each group, rank -1 for a low ace
    let mut groups: Vec<(i8, i8)> = (0..14i8)
        .filter(|&r| ranks[r as usize] > 0)
        .map(|r| {
            let rank = if low && r == 12 { -1 } else { r };
            (ranks[r as usize] as i8, rank)
        })
        .collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    // 4-bit digits, 0 for an absent group so that a shorter list is smaller;
    // sizes 1..=5 and ranks -1..=13 each map to 1..=15, order kept (reversed
    // for low games)
    let (mut sizes, mut rank_digits) = (0u128, 0u128);
    for k in 0..16 {
        let (size, rank) = groups.get(k).map_or((0, 0), |&(n, r)| {
            let (n, r) = (i32::from(n), i32::from(r));
            let (size, rank) = if low { (6 - n, 14 - r) } else { (n, r + 2) };
            (size as u128, rank as u128)
        });
        sizes = sizes << 4 | size;
        rank_digits = rank_digits << 4 | rank;
    }
    sizes << 64 | rank_digits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::rng::Xoshiro256pp;
    use std::cmp::Ordering;

    fn random_cards(rng: &mut Xoshiro256pp, max: u32, deck: u32) -> Vec<u8> {
        let len = rng.below(max + 1) as usize;
        let mut all: Vec<u8> = (0..deck as u8).collect();
        crate::deal::deal_front(&mut all, len, rng);
        all.truncate(len);
        all
    }

    /// The naive rules: sort the ranks, look at every five-card window.
    fn naive_opens(cards: &[u8], four_flush: bool) -> bool {
        let mut by_rank = std::collections::BTreeMap::<u8, usize>::new();
        let mut by_suit = std::collections::BTreeMap::<u8, usize>::new();
        for &c in cards {
            *by_rank.entry(c / 4).or_default() += 1;
            *by_suit.entry(c % 4).or_default() += 1;
        }
        let pairs: Vec<u8> = by_rank.iter().filter(|e| *e.1 >= 2).map(|e| *e.0).collect();
        let trips = by_rank.values().any(|&n| n >= 3);
        let suited = by_suit.values().copied().max().unwrap_or(0);
        let mut straight = false;
        for low in -1i32..=8 {
            let has = |r: i32| {
                let r = if r == -1 { 12 } else { r };
                by_rank.contains_key(&(r as u8))
            };
            straight |= (low..low + 5).all(has);
        }
        let five = cards.len() >= 5 && (suited >= 5 || straight);
        pairs.iter().any(|&r| r >= 9)
            || pairs.len() >= 2
            || trips
            || five
            || (four_flush && suited >= 4)
    }

    /// The tuples of the definition: group sizes, then their ranks.
    fn naive_key(cards: &[u8], low: bool) -> (Vec<i32>, Vec<i32>) {
        let mut counts = std::collections::HashMap::<i32, i32>::new();
        for &c in cards {
            let r = i32::from(c / 4);
            *counts
                .entry(if low && r == 12 { -1 } else { r })
                .or_default() += 1;
        }
        let mut groups: Vec<(i32, i32)> = counts.into_iter().map(|(r, n)| (n, r)).collect();
        groups.sort_by(|a, b| b.cmp(a));
        let sign = if low { -1 } else { 1 };
        (
            groups.iter().map(|g| sign * g.0).collect(),
            groups.iter().map(|g| sign * g.1).collect(),
        )
    }

    #[test]
    fn opens_agrees_with_the_naive_rules() {
        let mut rng = Xoshiro256pp::seed(11);
        for _ in 0..200_000 {
            let cards = random_cards(&mut rng, 7, 53);
            for four_flush in [false, true] {
                assert_eq!(
                    opens(&cards, four_flush),
                    naive_opens(&cards, four_flush),
                    "{cards:?}"
                );
            }
        }
    }

    #[test]
    fn opens_examples() {
        assert!(opens(&[36, 37, 0, 4, 8], false)); // a pair of jacks
        assert!(!opens(&[32, 33, 0, 4, 12], false)); // tens
        assert!(opens(&[48, 0, 4, 8, 12], false)); // the wheel
        assert!(opens(&[0, 8, 16, 24, 37], true)); // 2c 4c 6c 8c Jd: four clubs
        assert!(!opens(&[0, 8, 16, 24, 37], false));
    }

    #[test]
    fn exposed_key_orders_as_the_tuples_do() {
        let mut rng = Xoshiro256pp::seed(12);
        for _ in 0..100_000 {
            let a = random_cards(&mut rng, 5, 53);
            let b = random_cards(&mut rng, 5, 53);
            for low in [false, true] {
                let want: Ordering = naive_key(&a, low).cmp(&naive_key(&b, low));
                let got = exposed_key(&a, low).cmp(&exposed_key(&b, low));
                assert_eq!(got, want, "{a:?} {b:?} low={low}");
            }
        }
    }

    #[test]
    fn exposed_key_examples() {
        let key = |cards: &[u8]| exposed_key(cards, false);
        assert!(key(&[0, 1]) > key(&[48, 44])); // 22 beats AK
        assert!(key(&[48, 44]) > key(&[48, 40])); // AK beats AQ
        assert!(exposed_key(&[48, 4], true) > exposed_key(&[0, 4], true)); // A3 beats 23 low
        assert!(exposed_key(&[0, 4], true) > exposed_key(&[0, 1], true)); // no pair beats a pair
    }
}
