//! A PokerStars hand read here, replayed on the table engine and checked
//! against its own lines in the core: `hoyle.history.sites.check`'s
//! comparison (each player's net in the replay, after the room's rake,
//! against the net the file's lines give), without a Python `Hand`.
//!
//! The Python check stays the reference: [`nets_agree`] is `true` only
//! where it is sure the reference agrees (the hand replays here to its end
//! as `HandHistory.replay(strict=True)` plays it, the rake comes off as
//! `_ending.room_raked` takes it, every net matches), and `false` for
//! anything else: a shape not modelled here (a board run twice, a capped
//! table, a showdown the file leaves unseen, a raked pot split between
//! winners of a game that is not natural high...) and every hand that
//! does not add up. The caller then runs the reference, which words the
//! error. The same lines give the same replay: the engine is the one
//! `hoyle.history.native` plays the hand's PHH actions on.

use super::amount::Dec;
use super::hand::StarsHand;
use crate::history::{self, Setup};
use crate::settle::{self, Pot, Settlement};
use crate::table::{EnginePlan, TableState};

/// `hand` replayed on `plan` (its game's engine) gives each player the
/// file's net, after the file's rake: `sites.check` passes.
pub fn nets_agree(plan: &EnginePlan, hand: &StarsHand) -> bool {
    agree(plan, hand).unwrap_or(false)
}

/// `d` in chips (`d * scale`), when whole.
fn chips(d: Dec, scale: u64) -> Option<i128> {
    let unit = 10i128.checked_pow(d.dec)?;
    let value = d.coef.checked_mul(i128::from(scale))?;
    (value % unit == 0).then_some(value / unit)
}

fn agree(plan: &EnginePlan, hand: &StarsHand) -> Option<bool> {
    // (a board run again and a cap are the reference's: `runs`, `table_cap`)
    if !hand.runouts.is_empty() || hand.cap.is_some() {
        return None;
    }
    let n = hand.starting.len();
    if n < 2 || hand.nets.len() != n || plan.game.rake.is_some() {
        return None;
    }
    let scale = hand.scale;
    let mut stacks = Vec::with_capacity(n);
    for &d in &hand.starting {
        stacks.push(u64::try_from(chips(d, scale)?).ok().filter(|&s| s > 0)?);
    }
    // (no `_hoyle_button`: p1..pN sit in seats 0..N, the button last)
    let seats: Vec<usize> = (0..n).collect();
    let setup = Setup {
        seat_of: &seats,
        order: &seats,
        stacks: &stacks,
        deep: &[],
        button: n - 1,
        scale,
        strict: true,
        partial: false,
    };
    let done = history::replay(plan, hand.actions.iter().map(String::as_str), &setup)?;
    let t = &done.table;
    let live = t.folded().iter().filter(|&&f| !f).count();
    let contrib = t.contributions();
    let mut payouts: Vec<u64> = (0..n)
        .map(|s| {
            let before = t.starting_stacks()[s].checked_sub(contrib[s])?;
            t.stacks()[s].checked_sub(before)
        })
        .collect::<Option<_>>()?;
    // A live seat at a showdown whose cards the file never shows mucked
    // (`settle_unseen`): it shows nothing, and the hand is settled again
    // (no change where it won nothing, the usual muck); then the room's
    // rake comes out of the pots (`take_written`).
    let unseen: Vec<usize> = if live > 1 {
        (done.hidden.iter().copied())
            .filter(|&s| !t.folded()[s])
            .collect()
    } else {
        Vec::new()
    };
    let changed = unseen.iter().any(|&s| payouts[s] != 0);
    let cut = match hand.room_rake {
        Some((room, _)) => Some(u64::try_from(chips(room, scale)?).ok()?),
        None => None,
    };
    if changed || cut.is_some() {
        let settled = settlement(plan, t, &unseen)?;
        if settled.rake != 0 || (!changed && settled.payouts != payouts) {
            return None; // (never: the engine paid this settlement)
        }
        payouts.copy_from_slice(&settled.payouts);
        if let Some(cut) = cut {
            rake(&settled, t.button(), &mut payouts, cut)?;
        }
    }
    for k in 0..n {
        let net = i128::from(payouts[k]) - i128::from(contrib[k]);
        if net != chips(hand.nets[k], scale)? {
            return Some(false);
        }
    }
    Some(true)
}

/// The settlement the hand ends with (as `Hand`'s ending makes it, then
/// `_ending._unshown`): the values the engine settled on (a natural-high
/// game's from `settle::showdown`), each seat of `unseen` showing nothing
/// (a value below every hand's, no low); None where a pot is contested by
/// such seats alone (`settle_unseen`'s undetermined showdown).
fn settlement(plan: &EnginePlan, t: &TableState, unseen: &[usize]) -> Option<Settlement> {
    let n = t.seats();
    let (mut high, mut low) = match t.settled_values(plan) {
        Some((high, low)) => (high.to_vec(), low.map(<[_]>::to_vec)),
        None => {
            let before: Vec<u64> = (0..n)
                .map(|s| t.starting_stacks()[s] - t.contributions()[s])
                .collect();
            let hands: Vec<Option<&[u8]>> = (0..n)
                .map(|s| (!t.folded()[s]).then(|| t.hole(plan, s)))
                .collect();
            let input = settle::ShowdownInput {
                stacks: &before,
                contributions: t.contributions(),
                dead: t.dead(),
                hands: &hands,
                board: t.board(),
                button: t.button(),
                rake: None,
            };
            let shown = settle::showdown(&input).ok()?;
            if unseen.is_empty() {
                return Some(shown.settlement);
            }
            (shown.high, None)
        }
    };
    for &s in unseen {
        *high.get_mut(s)? = Some(NOTHING);
        if let Some(low) = low.as_mut() {
            *low.get_mut(s)? = None;
        }
    }
    let settled = settle::settle_with_dead(
        t.contributions(),
        t.dead(),
        &high,
        low.as_deref(),
        t.button(),
        None,
    )
    .ok()?;
    let open = |p: &Pot| p.eligible.len() > 1 && p.eligible.iter().all(|s| unseen.contains(&s));
    if settled.pots.iter().any(open) {
        return None;
    }
    Some(settled)
}

/// `_ending._NOTHING`: the value of a seat that showed nothing.
const NOTHING: i64 = -1;

/// `_ending.room_raked`: `cut` chips out of `settled`'s pots in order (the
/// main pot first, each at most what it holds), each raked pot divided
/// again among its winners (`_divided`), into `payouts`; None for a cut of
/// nothing or of more than the pots hold (`take_room_rake` refuses those).
fn rake(settled: &Settlement, button: usize, payouts: &mut [u64], cut: u64) -> Option<()> {
    let held = (settled.pots.iter()).try_fold(0u64, |a, p| a.checked_add(p.amount))?;
    if cut == 0 || cut > held {
        return None;
    }
    let n = payouts.len();
    payouts.copy_from_slice(&settled.refunds);
    let mut left = cut;
    for pot in &settled.pots {
        let take = left.min(pot.amount);
        left -= take;
        let shares = if take == 0 {
            pot.shares.clone()
        } else {
            divided(pot, pot.amount - take, button, n)
        };
        for (p, share) in payouts.iter_mut().zip(shares) {
            *p = p.checked_add(share)?;
        }
    }
    Some(())
}

/// `_ending._divided`: `amount` chips divided among `pot`'s winners as the
/// engine divides a pot (docs/rules.md §4: the high half takes the odd
/// chip, tied hands share evenly, leftover chips go one each from the
/// button's left).
fn divided(pot: &Pot, amount: u64, button: usize, n: usize) -> Vec<u64> {
    let mut shares = vec![0u64; n];
    let (high_half, low_half) = if pot.low_winners.is_empty() {
        (amount, 0)
    } else {
        (amount - amount / 2, amount / 2)
    };
    for (winners, half) in [(pot.high_winners, high_half), (pot.low_winners, low_half)] {
        let count = winners.len() as u64;
        if count == 0 {
            continue;
        }
        let (each, odd) = (half / count, half % count);
        let mut order: Vec<usize> = winners.iter().collect();
        order.sort_by_key(|&s| (s + n - (button + 1) % n) % n);
        for &s in &order {
            shares[s] += each;
        }
        for &s in order
            .iter()
            .take(usize::try_from(odd).unwrap_or(usize::MAX))
        {
            shares[s] += 1;
        }
    }
    shares
}
