//! The invariants of [`super::Counts`] remade from their parts (a pickled or
//! hand-made `EquityCounts`): what the counters of real deals hold, so that
//! forged ones (equities that sum to 2, a variance below zero) are refused.
//!
//! Each deal shares out one pot of `d = denom` units: the shares of a deal
//! add up to `d`; a player who takes it all alone has a win (share `d`),
//! one with part of it a tie (a share of at least `m = d / (2·players)`,
//! half a pot split `players` ways, and at most `d - m`); a deal with no
//! lone winner has two to `players` players with part of it. A player's
//! squared shares (`sq`) are then `d²` a win plus the squares of their tie
//! shares, which lie between `m` and `d - m` times the tie shares and are
//! at least their square over the number of ties (so the variance is never
//! negative); the shares by category add up to the share. Any sum of such
//! counters holds the same, so counts added with `+` stay valid.

/// The counters of [`super::Counts`] as given, before they are kept.
pub(super) struct Parts<'a> {
    pub players: usize,
    /// Shares are in units of `1 / denom` of a pot.
    pub denom: u64,
    pub deals: u64,
    pub win: &'a [u64],
    pub tie: &'a [u64],
    pub share: &'a [u128],
    pub sq: &'a [u128],
    pub cat: &'a [u128],
}

/// `a · b` as `(high, low)` 128-bit halves.
fn wide(a: u128, b: u128) -> (u128, u128) {
    const M: u128 = u64::MAX as u128;
    let (a1, a0, b1, b0) = (a >> 64, a & M, b >> 64, b & M);
    let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    let mid = (p00 >> 64) + (p01 & M) + (p10 & M);
    let low = (p00 & M) | (mid << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (high, low)
}

/// Why player `p`'s counters cannot come from real deals, if they cannot.
fn player(c: &Parts<'_>, p: usize) -> Option<String> {
    let (n, d) = (c.deals as u128, c.denom as u128);
    let m = d / (2 * c.players as u128);
    let (w, t, s, q) = (c.win[p] as u128, c.tie[p] as u128, c.share[p], c.sq[p]);
    if w + t > n {
        return Some(format!(
            "player {p} won {w} deals alone and tied {t}, more than the {n} deals"
        ));
    }
    let Some(tied) = s.checked_sub(d * w) else {
        return Some(format!(
            "player {p} won {w} deals alone ({d} units each) but has a share of {s} units"
        ));
    };
    let tie_most = t.checked_mul(d - m);
    if tied < t * m || tie_most.is_some_and(|most| tied > most) {
        return Some(format!(
            "player {p}'s {t} tied deals give {tied} units of share: a tied deal gives {m}..={} units (part of a pot of {d})",
            d - m
        ));
    }
    let squares = d.checked_mul(d).and_then(|dd| dd.checked_mul(w));
    let tied_sq = squares.and_then(|wins| q.checked_sub(wins));
    let fits = tied_sq.is_some_and(|tq| {
        m.checked_mul(tied).is_some_and(|least| tq >= least)
            && (d - m).checked_mul(tied).is_none_or(|most| tq <= most)
            && wide(t, tq) >= wide(tied, tied)
    });
    if !fits {
        return Some(format!(
            "player {p}'s squared shares ({q}) cannot come from {w} wins and {t} ties giving {s} units of share (a variance below zero, or squares out of the ties' range)"
        ));
    }
    let by_category: u128 = c.cat[p * 16..(p + 1) * 16].iter().sum();
    if by_category != s {
        return Some(format!(
            "player {p}'s shares by category add up to {by_category} units but their share is {s}"
        ));
    }
    None
}

/// Why `c`'s counters (of the right sizes, at least one deal, none above
/// what `c.deals` deals allow: `Counts::from_parts` checks these first)
/// cannot come from real deals, if they cannot.
pub(super) fn inconsistency(c: &Parts<'_>) -> Option<String> {
    if let Some(why) = (0..c.players).find_map(|p| player(c, p)) {
        return Some(why);
    }
    let (n, d) = (c.deals as u128, c.denom as u128);
    let shares: u128 = c.share.iter().sum();
    if shares != n * d {
        return Some(format!(
            "the shares add up to {shares} units but {n} deals share out {} ({d} units a pot)",
            n * d
        ));
    }
    let wins: u128 = c.win.iter().map(|&w| w as u128).sum();
    let ties: u128 = c.tie.iter().map(|&t| t as u128).sum();
    let Some(open) = n.checked_sub(wins) else {
        return Some(format!(
            "the players won {wins} deals alone, more than the {n} deals"
        ));
    };
    let most = open * c.players as u128;
    if ties < 2 * open || ties > most {
        return Some(format!(
            "the players tied {ties} times, but the {open} deals nobody won alone are tied by 2..={} players each ({}..={most} ties)",
            c.players,
            2 * open
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_products_are_exact() {
        assert_eq!(wide(3, 5), (0, 15));
        assert_eq!(wide(u128::MAX, 2), (1, u128::MAX - 1));
        assert_eq!(wide(u128::MAX, u128::MAX), (u128::MAX - 1, 1));
        assert_eq!(wide(1 << 64, 1 << 64), (1, 0));
    }
}
