//! Omaha-style hands: exactly `h` hole cards with `5 - h` board cards
//! (docs/rules.md §2). Every split is tried; for natural PLO4 (6 hole pairs × 10
//! board triples) that is 60 five-card lookups.

use super::high;

/// The best of `value` over a hand: `hole` and `board` as one hand of at
/// most seven cards, or, with `hole_cards = Some(h)`, every five of exactly
/// `h` hole cards and `5 - h` board cards.
pub fn best_of(
    hole: &[u8],
    board: &[u8],
    hole_cards: Option<u8>,
    value: impl Fn(&[u8]) -> u32,
) -> u32 {
    match hole_cards {
        None => {
            let mut buf = [0u8; 7];
            let n = hole.len() + board.len();
            buf[..hole.len()].copy_from_slice(hole);
            buf[hole.len()..n].copy_from_slice(board);
            value(&buf[..n])
        }
        Some(h) => {
            let mut best = 0;
            for_each_split(hole, board, h as usize, |five| best = best.max(value(five)));
            best
        }
    }
}

/// Calls `f` with every five-card hand of exactly `h` cards of `hole` and
/// `5 - h` cards of `board` (each hand in a stack buffer).
pub fn for_each_split(hole: &[u8], board: &[u8], h: usize, mut f: impl FnMut(&[u8])) {
    let b = 5 - h;
    let mut five = [0u8; 5];
    let mut hi = [0usize; 5];
    let mut bi = [0usize; 5];
    // First combination of each side, then advance like an odometer.
    if hole.len() < h || board.len() < b {
        return;
    }
    for (i, x) in hi.iter_mut().enumerate().take(h) {
        *x = i;
    }
    loop {
        for (i, x) in bi.iter_mut().enumerate().take(b) {
            *x = i;
        }
        loop {
            for i in 0..h {
                five[i] = hole[hi[i]];
            }
            for i in 0..b {
                five[h + i] = board[bi[i]];
            }
            f(&five);
            if !next_combination(&mut bi[..b], board.len()) {
                break;
            }
        }
        if !next_combination(&mut hi[..h], hole.len()) {
            break;
        }
    }
}

/// Advances a sorted index combination over `0..n`; false after the last.
fn next_combination(idx: &mut [usize], n: usize) -> bool {
    let k = idx.len();
    for i in (0..k).rev() {
        if idx[i] < n - k + i {
            idx[i] += 1;
            for j in i + 1..k {
                idx[j] = idx[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// The natural value of a PLO hand of 4 hole cards and 5 board cards:
/// the best of the 60 hands of two hole and three board cards.
#[inline]
pub fn natural_plo4(hole: &[u8; 4], board: &[u8; 5]) -> u16 {
    const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
    const TRIPLES: [(usize, usize, usize); 10] = [
        (0, 1, 2),
        (0, 1, 3),
        (0, 1, 4),
        (0, 2, 3),
        (0, 2, 4),
        (0, 3, 4),
        (1, 2, 3),
        (1, 2, 4),
        (1, 3, 4),
        (2, 3, 4),
    ];
    let mut best = 0;
    for &(a, b, c) in &TRIPLES {
        let mut five = [0, 0, board[a], board[b], board[c]];
        for &(x, y) in &PAIRS {
            five[0] = hole[x];
            five[1] = hole[y];
            best = best.max(high::value_of(&five));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_are_counted() {
        let hole = [0, 1, 2, 3];
        let board = [10, 11, 12, 13, 14];
        let mut n = 0;
        for_each_split(&hole, &board, 2, |five| {
            assert_eq!(five.len(), 5);
            n += 1;
        });
        assert_eq!(n, 60);
        let mut n = 0;
        for_each_split(&hole, &board[..3], 2, |_| n += 1);
        assert_eq!(n, 6);
        let mut n = 0;
        for_each_split(&[1, 2, 3, 4, 5, 6], &board, 1, |_| n += 1);
        assert_eq!(n, 6 * 5);
    }
}
