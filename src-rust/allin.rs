//! Heads-up all-in equity before the flop: for each pair of two-card hands,
//! how many of the 1,712,304 boards each hand wins and how many tie, by the
//! hold'em fast path of [`crate::equity`] (exact enumeration). `hoyle.tournament`
//! asks for the 47,008 matchups that suit permutations leave distinct and
//! expands them to all 1,326 × 1,326 pairs of combos (push/fold's table).

use crate::equity::{holdem_boards, Tally};
use crate::error::{Error, Result};
use rayon::prelude::*;

/// Boards that complete a heads-up preflop matchup: `C(48, 5)`.
pub const ALLIN_BOARDS: u32 = 1_712_304;

/// `[wins of the first hand, wins of the second, ties]` of one matchup.
fn matchup(cards: [u8; 4]) -> [u32; 3] {
    let holes = [[cards[0], cards[1]], [cards[2], cards[3]]];
    let deck: Vec<u8> = (0..52u8).filter(|c| !cards.contains(c)).collect();
    let tally: Tally = holdem_boards(&holes, &[], &deck, false);
    let mut out = [0u32; 3];
    for (i, &m) in tally.slots.iter().enumerate() {
        match i >> 4 {
            1 => out[0] += m as u32,
            2 => out[1] += m as u32,
            3 => out[2] += m as u32,
            _ => {}
        }
    }
    out
}

/// The counts of every matchup (`[a1, a2, b1, b2]` card ids: hand a's two
/// cards, hand b's), matchups spread over the rayon pool. Errors: a card id
/// over 51 or a card twice in a matchup (the matchup named).
pub fn allin_counts(matchups: &[[u8; 4]]) -> Result<Vec<[u32; 3]>> {
    for (i, m) in matchups.iter().enumerate() {
        let distinct = (0..4).all(|a| (a + 1..4).all(|b| m[a] != m[b]));
        if m.iter().any(|&c| c > 51) || !distinct {
            return Err(Error::Tournament(format!(
                "matchup {i} is {m:?}: give four distinct card ids in 0..=51"
            )));
        }
    }
    Ok(matchups.par_iter().map(|&m| matchup(m)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ak_suited_against_queens() {
        // AhKh v QsQd, the README's spot: 787,966 and 917,606 wins.
        let (ah, kh, qs, qd) = (50, 46, 43, 41);
        let c = allin_counts(&[[ah, kh, qs, qd]]).unwrap()[0];
        assert_eq!((c[0], c[1]), (787_966, 917_606));
        assert_eq!(c.iter().sum::<u32>(), ALLIN_BOARDS);
    }

    #[test]
    fn bad_matchups_are_refused() {
        assert!(allin_counts(&[[0, 1, 2, 52]]).is_err());
        assert!(allin_counts(&[[0, 1, 2, 1]]).is_err());
    }
}
