//! Settlement: the docs/rules.md §8 example, explicit cases for refunds, side
//! pots, odd chips, high-low and rake, errors, and a proptest against a
//! naive chip-by-chip oracle.

use _core::settle::{settle, settle_with_dead, Rake, SeatSet, Settlement};
use _core::Error;
use proptest::prelude::*;

fn set(seats: &[usize]) -> SeatSet {
    SeatSet(seats.iter().fold(0, |m, &s| m | 1 << s))
}

fn hi(values: &[i64]) -> Vec<Option<i64>> {
    values.iter().map(|&v| (v >= 0).then_some(v)).collect()
}

// ---- docs/rules.md §8 -------------------------------------------------------

#[test]
fn table_stakes_example_main_and_side_pot() {
    // A 160, B 110, C 40; B bets 70, C calls all-in 40, A calls 70.
    // C holds the best hand, B the second best.
    let s = settle(&[70, 70, 40], &hi(&[1, 2, 3]), None, 2, None).unwrap();
    assert_eq!(s.pots.len(), 2);
    assert_eq!(
        (s.pots[0].amount, s.pots[0].eligible),
        (120, set(&[0, 1, 2]))
    );
    assert_eq!((s.pots[1].amount, s.pots[1].eligible), (60, set(&[0, 1])));
    assert_eq!(s.pots[0].high_winners, set(&[2]));
    assert_eq!(s.pots[1].high_winners, set(&[1]));
    assert_eq!(s.payouts, vec![0, 60, 120]);
    assert_eq!(s.refunds, vec![0, 0, 0]);
    assert_eq!(s.rake, 0);
    assert_eq!(
        s.to_string(),
        "main pot 120, seats 0 1 2: high seat 2 (120)\nside pot 1 60, seats 0 1: high seat 1 (60)"
    );
}

#[test]
fn table_stakes_example_best_hand_takes_both() {
    let s = settle(&[70, 70, 40], &hi(&[9, 2, 3]), None, 2, None).unwrap();
    assert_eq!(s.payouts, vec![180, 0, 0]);
}

#[test]
fn seven_hand_example_pot_of_130() {
    // docs/rules.md §6: totals A 0, B 30, C 30, D 30, E 0, F 10, G 30; B, C, D, G
    // still in; G deals. C and G tie for best.
    let s = settle(
        &[0, 30, 30, 30, 0, 10, 30],
        &hi(&[-1, 4, 7, 5, -1, -1, 7]),
        None,
        6,
        None,
    )
    .unwrap();
    assert_eq!(s.pots.len(), 1);
    assert_eq!(s.pots[0].amount, 130);
    assert_eq!(s.pots[0].eligible, set(&[1, 2, 3, 6]));
    assert_eq!(s.payouts, vec![0, 0, 65, 0, 0, 0, 65]);
}

// ---- refunds and folded chips -----------------------------------------

#[test]
fn uncalled_bet_returns_to_its_owner() {
    // Seat 0 bets 100; the others had put in 10 and 20 and fold.
    let s = settle(&[100, 10, 20], &hi(&[0, -1, -1]), None, 0, None).unwrap();
    assert_eq!(s.refunds, vec![80, 0, 0]);
    assert_eq!(s.pots.len(), 1);
    assert_eq!((s.pots[0].amount, s.pots[0].eligible), (50, set(&[0])));
    assert_eq!(s.payouts, vec![130, 0, 0]);
    assert_eq!(
        s.to_string(),
        "main pot 50, seats 0: high seat 0 (50)\nrefund: seat 0 (80)"
    );
}

#[test]
fn folded_seat_gets_only_its_uncalled_refund() {
    // Seat 0 bet 100 and mucked at the showdown; seat 1 called all-in 30.
    let s = settle(&[100, 30], &hi(&[-1, 2]), None, 1, None).unwrap();
    assert_eq!(s.refunds, vec![70, 0]);
    assert_eq!(s.payouts, vec![70, 60]);
}

#[test]
fn folded_chips_stay_in_the_pots_they_reached() {
    // Seat 0 folded after 70, seat 1 put in 100, seat 2 is all-in for 40.
    let s = settle(&[70, 100, 40], &hi(&[-1, 1, 5]), None, 0, None).unwrap();
    assert_eq!(s.refunds, vec![0, 30, 0]);
    assert_eq!((s.pots[0].amount, s.pots[0].eligible), (120, set(&[1, 2])));
    assert_eq!((s.pots[1].amount, s.pots[1].eligible), (60, set(&[1])));
    assert_eq!(s.payouts, vec![0, 90, 120]);
}

#[test]
fn equal_largest_bets_have_no_refund() {
    let s = settle(&[50, 50, 20], &hi(&[1, 1, 0]), None, 0, None).unwrap();
    assert_eq!(s.refunds, vec![0, 0, 0]);
    assert_eq!(s.payouts, vec![60, 60, 0]);
}

#[test]
fn chips_only_folded_seats_reached_go_back_to_them() {
    // docs/rules.md §8 (resolution). Two folded seats put in 100 each, the
    // only live seat 50: no live seat can win the 50 + 50 above it.
    let s = settle(&[100, 100, 50], &hi(&[-1, -1, 1]), None, 0, None).unwrap();
    assert_eq!(s.refunds, vec![50, 50, 0]);
    assert_eq!(s.pots.len(), 1);
    assert_eq!((s.pots[0].amount, s.pots[0].eligible), (150, set(&[2])));
    assert_eq!(s.payouts, vec![50, 50, 150]);
    // With an uncalled part on top: seat 1's 130 is 30 over seat 0's 100
    // (uncalled), and both are over the live 50.
    let s = settle(&[100, 130, 50, 20], &hi(&[-1, -1, 1, -1]), None, 0, None).unwrap();
    assert_eq!(s.refunds, vec![50, 80, 0, 0]);
    assert_eq!(s.payouts, vec![50, 80, 170, 0]);
    // Two live seats: the pots stop at the larger live stake, 60.
    let s = settle(&[90, 90, 60, 30], &hi(&[-1, -1, 2, 3]), None, 1, None).unwrap();
    assert_eq!(s.refunds, vec![30, 30, 0, 0]);
    let pots: Vec<(u64, SeatSet)> = s.pots.iter().map(|p| (p.amount, p.eligible)).collect();
    assert_eq!(pots, vec![(120, set(&[2, 3])), (90, set(&[2]))]);
    assert_eq!(s.payouts, vec![30, 30, 90, 120]);
    assert_eq!(
        s.to_string(),
        "main pot 120, seats 2 3: high seat 3 (120)\nside pot 1 90, seats 2: high seat 2 (90)\nrefund: seat 0 (30)\nrefund: seat 1 (30)"
    );
}

#[test]
fn straddle_posted_all_in_and_both_blinds_fold() {
    // Blinds 1/2/4, ante 1. The button's stack of 1 goes on its ante, so its
    // straddle is posted for 0; the blinds fold to the 4 it obliges them to
    // call (docs/rules.md §7). The button wins the three antes; each blind
    // gets its blind back, which no live seat can win (docs/rules.md §8).
    let s = settle_with_dead(
        &[1, 2, 3],
        Some(&[1, 1, 1]),
        &hi(&[0, -1, -1]),
        None,
        0,
        None,
    )
    .unwrap();
    assert_eq!(s.refunds, vec![0, 1, 2]);
    assert_eq!(s.pots.len(), 1);
    assert_eq!((s.pots[0].amount, s.pots[0].eligible), (3, set(&[0])));
    assert_eq!(s.payouts, vec![3, 1, 2]);
}

#[test]
fn all_zero_contributions_leave_nothing_to_settle() {
    let s = settle(&[0, 0], &hi(&[1, 2]), None, 0, None).unwrap();
    assert!(s.pots.is_empty());
    assert_eq!(s.payouts, vec![0, 0]);
    assert_eq!(s.to_string(), "no chips in the pot");
}

// ---- ties and odd chips -------------------------------------------------

#[test]
fn odd_chips_go_first_left_of_the_button() {
    // Three seats tie for a pot of 100 (seat 3 folded after 1): one odd chip.
    for (button, lucky) in [(0, 1), (1, 2), (2, 0), (3, 0)] {
        let s = settle(&[33, 33, 33, 1], &hi(&[5, 5, 5, -1]), None, button, None).unwrap();
        assert_eq!(s.pots[0].amount, 100);
        let mut expected = vec![33, 33, 33, 0];
        expected[lucky] += 1;
        assert_eq!(s.payouts, expected, "button {button}");
    }
}

#[test]
fn odd_chips_skip_seats_that_did_not_tie() {
    // Seats 0 and 2 of four tie for 75 (seat 1 folded, seat 3 loses).
    let c = [20, 15, 20, 20];
    let h = hi(&[7, -1, 7, 3]);
    let at = |button| settle(&c, &h, None, button, None).unwrap().payouts;
    assert_eq!(at(3), vec![38, 0, 37, 0]); // order 0, 1, 2, 3
    assert_eq!(at(0), vec![37, 0, 38, 0]); // order 1, 2, 3, 0
    assert_eq!(at(1), vec![37, 0, 38, 0]); // order 2, 3, 0, 1
    assert_eq!(at(2), vec![38, 0, 37, 0]); // order 3, 0, 1, 2
}

#[test]
fn two_odd_chips_among_three() {
    let s = settle(&[35, 33, 33, 0], &hi(&[5, 5, 5, 0]), None, 1, None).unwrap();
    // Seat 0's 35 exceeds the next largest (33) by 2: refunded.
    assert_eq!(s.refunds, vec![2, 0, 0, 0]);
    assert_eq!(s.pots[0].amount, 99);
    assert_eq!(s.payouts, vec![35, 33, 33, 0]);
    // 101 chips (seat 3 folded after 2), button 1: order 2, 3, 0, 1.
    let s = settle(&[33, 33, 33, 2], &hi(&[5, 5, 5, -1]), None, 1, None).unwrap();
    assert_eq!(s.payouts, vec![34, 33, 34, 0]);
}

// ---- high-low -----------------------------------------------------------

#[test]
fn high_low_odd_chip_goes_to_high() {
    // A pot of 25 (seat 2 folded after 1).
    let low = [None, Some(4), None];
    let s = settle(&[12, 12, 1], &hi(&[9, 1, -1]), Some(&low), 0, None).unwrap();
    assert_eq!((s.pots[0].high_half, s.pots[0].low_half), (13, 12));
    assert_eq!(s.payouts, vec![13, 12, 0]);
}

#[test]
fn high_low_one_seat_scoops_both_halves() {
    let s = settle(
        &[10, 10, 10],
        &hi(&[9, 1, 2]),
        Some(&[Some(8), Some(3), None]),
        0,
        None,
    )
    .unwrap();
    assert_eq!(s.pots[0].high_winners, set(&[0]));
    assert_eq!(s.pots[0].low_winners, set(&[0]));
    assert_eq!(s.payouts, vec![30, 0, 0]);
}

#[test]
fn no_qualifying_low_gives_high_the_whole_pot() {
    let s = settle(
        &[10, 10, 11],
        &hi(&[1, 2, 3]),
        Some(&[None, None, None]),
        0,
        None,
    )
    .unwrap();
    assert_eq!(s.refunds, vec![0, 0, 1]);
    assert_eq!(s.pots[0].low_winners, SeatSet::default());
    assert_eq!(s.payouts, vec![0, 0, 31]);
}

#[test]
fn side_pot_without_a_low_goes_wholly_to_high() {
    // Seat 2 is all-in for 40 with the only low; seats 0 and 1 put in 70.
    let low = [None, None, Some(5)];
    let s = settle(&[70, 70, 40], &hi(&[3, 8, 1]), Some(&low), 0, None).unwrap();
    let (main, side) = (&s.pots[0], &s.pots[1]);
    assert_eq!((main.amount, main.high_half, main.low_half), (120, 60, 60));
    assert_eq!(main.low_winners, set(&[2]));
    assert_eq!((side.amount, side.high_half, side.low_half), (60, 60, 0));
    assert_eq!(side.low_winners, SeatSet::default());
    assert_eq!(s.payouts, vec![0, 120, 60]);
    assert_eq!(
        s.to_string(),
        "main pot 120, seats 0 1 2: high seat 1 (60); low seat 2 (60)\n\
         side pot 1 60, seats 0 1: high seat 1 (60)"
    );
}

#[test]
fn high_low_ties_split_each_half_with_odd_chips() {
    // Pot 63 (seat 4 folded after 3): high half 32, low half 31. Seats 0 and
    // 3 tie high, seats 1 and 3 tie low; button 2: the order is 3, 4, 0, 1, 2.
    let low = [None, Some(4), None, Some(4), None];
    let c = [15, 15, 15, 15, 3];
    let s = settle(&c, &hi(&[6, 2, 1, 6, -1]), Some(&low), 2, None).unwrap();
    let pot = &s.pots[0];
    assert_eq!((pot.high_half, pot.low_half), (32, 31));
    // High 32 = 16 + 16; low 31 = 16 (seat 3, first) + 15 (seat 1).
    assert_eq!(s.payouts, vec![16, 15, 0, 32, 0]);
    assert_eq!(
        s.to_string(),
        "main pot 63, seats 0 1 2 3: high seat 0 (16), seat 3 (16); low seat 1 (15), seat 3 (16)"
    );
}

// ---- rake ---------------------------------------------------------------

#[test]
fn rake_is_taken_per_pot_before_the_split() {
    // 5 % capped at 4: main pot 120 pays 4 (6 capped), side pot 60 pays 3.
    let rake = Rake::new(500, Some(4)).unwrap();
    let s = settle(&[70, 70, 40], &hi(&[1, 2, 3]), None, 2, Some(rake)).unwrap();
    assert_eq!((s.pots[0].rake, s.pots[1].rake, s.rake), (4, 3, 7));
    assert_eq!(s.payouts, vec![0, 57, 116]);
    assert_eq!(s.payouts.iter().sum::<u64>() + s.rake, 180);
    assert!(s
        .to_string()
        .starts_with("main pot 120, seats 0 1 2, rake 4: high seat 2 (116)"));
}

#[test]
fn rake_rounds_down_and_uncapped_rake_has_no_limit() {
    let rake = Rake::new(250, None).unwrap(); // 2.5 %
    assert_eq!(rake.on(39), 0);
    assert_eq!(rake.on(40), 1);
    assert_eq!(rake.on(1_000_000), 25_000);
    assert_eq!(Rake::new(10_000, None).unwrap().on(u64::MAX), u64::MAX);
    assert_eq!(Rake::new(500, Some(0)).unwrap().on(1000), 0);
    let err = Rake::new(10_001, None).unwrap_err();
    assert!(err.to_string().contains("more than 100 %"), "{err}");
}

#[test]
fn uncontested_pots_are_raked_too() {
    let rake = Rake::new(1000, None).unwrap();
    let s = settle(&[100, 10, 20], &hi(&[0, -1, -1]), None, 0, Some(rake)).unwrap();
    assert_eq!((s.rake, s.payouts.clone()), (5, vec![125, 0, 0]));
}

// ---- bad input ----------------------------------------------------------

#[test]
fn bad_input_is_an_error_naming_the_problem() {
    let e = settle(&[1, 2], &hi(&[1]), None, 0, None).unwrap_err();
    assert_eq!(
        e,
        Error::SeatCount {
            what: "high",
            got: 1,
            expected: 2
        }
    );
    assert!(e
        .to_string()
        .starts_with("high has 1 entries but contributions has 2"));

    let e = settle(&[1, 2], &hi(&[1, 2]), Some(&[None]), 0, None).unwrap_err();
    assert!(e.to_string().starts_with("low has 1 entries"), "{e}");

    let e = settle(&[1, 2], &hi(&[-1, -1]), None, 0, None).unwrap_err();
    assert_eq!(e, Error::NoLiveSeat);
    assert!(e.to_string().starts_with("no live seat"));

    let e = settle(&[], &[], None, 0, None).unwrap_err();
    assert_eq!(e, Error::NoLiveSeat);

    let e = settle(&[1, 2], &hi(&[-1, 3]), Some(&[Some(1), None]), 0, None).unwrap_err();
    assert_eq!(e, Error::LowForFoldedSeat { seat: 0 });
    assert!(e.to_string().contains("high[0] is None (folded)"), "{e}");

    let e = settle(&[1, 2], &hi(&[1, 3]), None, 2, None).unwrap_err();
    assert_eq!(e.to_string(), "button 2 is not a seat: seats are 0..=1");

    let e = settle(&[u64::MAX, 1], &hi(&[1, 3]), None, 0, None).unwrap_err();
    assert_eq!(e, Error::ChipOverflow);

    let e = settle(&[0; 65], &[Some(1); 65], None, 0, None).unwrap_err();
    assert_eq!(e, Error::TooManySeats { got: 65 });
}

#[test]
fn huge_stacks_settle_exactly() {
    let big = u64::MAX / 3;
    let s = settle(&[big, big, big], &hi(&[1, 1, 1]), None, 0, None).unwrap();
    assert_eq!(s.payouts, vec![big; 3]);
    let s = settle(
        &[big, big, big],
        &hi(&[2, 1, 2]),
        Some(&[Some(1), Some(1), None]),
        1,
        None,
    )
    .unwrap();
    assert_eq!(s.payouts.iter().sum::<u64>(), big * 3);
}

// ---- the oracle -----------------------------------------------------------

/// `(amount, eligible, high winners, low winners, rake, shares)`.
type NaivePot = (u64, Vec<usize>, Vec<usize>, Vec<usize>, u64, Vec<u64>);

/// What a naive dealer does: refund by sorting, peel pots off the smallest
/// live stake, hand out chips one at a time; whatever is left once no live
/// seat has chips to peel goes back to whoever put it in.
struct Naive {
    payouts: Vec<u64>,
    refunds: Vec<u64>,
    pots: Vec<NaivePot>,
    rake: u64,
}

fn naive(
    c: &[u64],
    high: &[Option<i64>],
    low: Option<&[Option<i64>]>,
    button: usize,
    rake: Option<(u64, Option<u64>)>,
) -> Naive {
    let n = c.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| c[b].cmp(&c[a]));
    let mut rem = c.to_vec();
    let mut refunds = vec![0; n];
    let second = if n > 1 { c[order[1]] } else { 0 };
    if c[order[0]] > second {
        refunds[order[0]] = c[order[0]] - second;
        rem[order[0]] = second;
    }
    let live: Vec<usize> = (0..n).filter(|&i| high[i].is_some()).collect();
    let mut payouts = refunds.clone();
    let mut pots = Vec::new();
    let mut total_rake = 0;
    // Seats from the button's left, the button last.
    let seat_order: Vec<usize> = (1..=n).map(|k| (button + k) % n).collect();
    loop {
        let step = live.iter().map(|&i| rem[i]).filter(|&r| r > 0).min();
        let Some(step) = step else { break };
        let eligible: Vec<usize> = live.iter().copied().filter(|&i| rem[i] >= step).collect();
        let mut amount = 0;
        for r in rem.iter_mut() {
            let put = (*r).min(step);
            amount += put;
            *r -= put;
        }
        let raked = rake.map_or(0, |(bp, cap)| {
            let cut = amount * bp / 10_000;
            cap.map_or(cut, |cap| cut.min(cap))
        });
        total_rake += raked;
        let winners = |values: &[Option<i64>]| -> Vec<usize> {
            let top = eligible.iter().filter_map(|&i| values[i]).max();
            eligible
                .iter()
                .copied()
                .filter(|&i| top.is_some() && values[i] == top)
                .collect()
        };
        let hw = winners(high);
        let lw = low.map(winners).unwrap_or_default();
        let mut shares = vec![0; n];
        // Chips one at a time: high, low, high, low, ... then round the
        // winners of each half in seat order from the button's left.
        let (mut to_high, mut to_low) = (0, 0);
        for chip in 0..amount - raked {
            if lw.is_empty() || chip % 2 == 0 {
                to_high += 1;
            } else {
                to_low += 1;
            }
        }
        for (chips, ws) in [(to_high, &hw), (to_low, &lw)] {
            let ordered: Vec<usize> = seat_order
                .iter()
                .copied()
                .filter(|s| ws.contains(s))
                .collect();
            for k in 0..chips {
                shares[ordered[(k as usize) % ordered.len()]] += 1;
            }
        }
        for i in 0..n {
            payouts[i] += shares[i];
        }
        pots.push((amount, eligible, hw, lw, raked, shares));
    }
    // Only folded seats reached these chips: nobody live can win them.
    for i in 0..n {
        refunds[i] += rem[i];
        payouts[i] += rem[i];
    }
    Naive {
        payouts,
        refunds,
        pots,
        rake: total_rake,
    }
}

fn seats_of(set: SeatSet) -> Vec<usize> {
    set.iter().collect()
}

fn check_against_oracle(
    c: &[u64],
    high: &[Option<i64>],
    low: Option<&[Option<i64>]>,
    button: usize,
    rake: Option<(u64, Option<u64>)>,
) -> Result<(), TestCaseError> {
    let r = rake.map(|(bp, cap)| Rake::new(bp as u32, cap).unwrap());
    let got = settle(c, high, low, button, r);
    if high.iter().all(Option::is_none) {
        prop_assert_eq!(got, Err(Error::NoLiveSeat));
        return Ok(());
    }
    let want = naive(c, high, low, button, rake);
    let s: Settlement = got.unwrap();
    prop_assert_eq!(&s.payouts, &want.payouts);
    prop_assert_eq!(&s.refunds, &want.refunds);
    prop_assert_eq!(s.rake, want.rake);
    prop_assert_eq!(s.pots.len(), want.pots.len());
    for (p, (amount, eligible, hw, lw, raked, shares)) in s.pots.iter().zip(&want.pots) {
        prop_assert_eq!(p.amount, *amount);
        prop_assert_eq!(&seats_of(p.eligible), eligible);
        prop_assert_eq!(&seats_of(p.high_winners), hw);
        prop_assert_eq!(&seats_of(p.low_winners), lw);
        prop_assert_eq!(p.rake, *raked);
        prop_assert_eq!(&p.shares, shares);
    }
    // The invariants, stated directly.
    let total: u64 = c.iter().sum();
    prop_assert_eq!(s.payouts.iter().sum::<u64>() + s.rake, total);
    for p in &s.pots {
        for (seat, &share) in p.shares.iter().enumerate() {
            prop_assert!(share == 0 || p.eligible.contains(seat));
        }
        prop_assert_eq!(p.shares.iter().sum::<u64>() + p.rake, p.amount);
    }
    for (seat, h) in high.iter().enumerate() {
        if h.is_none() {
            prop_assert_eq!(s.payouts[seat], s.refunds[seat]);
        }
    }
    Ok(())
}

/// `(contributions, high, low, button)`.
type Hand = (Vec<u64>, Vec<Option<i64>>, Option<Vec<Option<i64>>>, usize);

/// A hand of 2..=9 seats: stakes drawn from a few all-in levels (so levels
/// repeat) or at random; about a third folded; values from a small range
/// (so hands tie); lows for some live seats.
fn hands() -> impl Strategy<Value = Hand> {
    (2usize..=9).prop_flat_map(|n| {
        let stake = prop_oneof![
            3 => prop::sample::select(vec![0u64, 5, 10, 20, 40, 41, 80]),
            1 => 0u64..200,
        ];
        let seat = (
            stake,
            prop::option::weighted(0.7, 0i64..4),
            prop::option::of(0i64..3),
        );
        (prop::collection::vec(seat, n), any::<bool>(), 0..n).prop_map(|(seats, hi_lo, button)| {
            let c = seats.iter().map(|s| s.0).collect();
            let high: Vec<Option<i64>> = seats.iter().map(|s| s.1).collect();
            let low = hi_lo.then(|| {
                seats
                    .iter()
                    .map(|s| if s.1.is_some() { s.2 } else { None })
                    .collect()
            });
            (c, high, low, button)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn settles_like_the_naive_dealer((c, high, low, button) in hands()) {
        check_against_oracle(&c, &high, low.as_deref(), button, None)?;
    }

    #[test]
    fn settles_like_the_naive_dealer_with_rake(
        (c, high, low, button) in hands(),
        bp in 0u64..=10_000,
        cap in prop::option::of(0u64..20),
    ) {
        check_against_oracle(&c, &high, low.as_deref(), button, Some((bp, cap)))?;
    }
}

// ---- The end of a natural-high hand: `settle::showdown` --------------------

mod showdown {
    use super::{naive, Rake};
    use _core::cards::parse_text;
    use _core::settle::{showdown, ShowdownInput};
    use _core::Error;
    use proptest::prelude::*;

    fn ids(text: &str) -> Vec<u8> {
        parse_text(text).unwrap()
    }

    #[test]
    fn heads_up_pair_of_aces_beats_ace_high() {
        // Ac Kc with 4h 7c 9h Qc Ah: a pair of aces; 2d 3d: ace high.
        let (a, b, board) = (ids("AcKc"), ids("2d3d"), ids("4h7c9hQcAh"));
        let t = ShowdownInput {
            stacks: &[5, 5],
            contributions: &[2, 2],
            dead: None,
            hands: &[Some(&a), Some(&b)],
            board: &board,
            button: 0,
            rake: None,
        };
        let s = showdown(&t).unwrap();
        assert_eq!(s.stacks, vec![9, 5]);
        assert_eq!(s.settlement.payouts, vec![4, 0]);
        assert!(s.high[0] > s.high[1]);
    }

    #[test]
    fn side_pot_folded_seat_and_rake_by_hand() {
        // Board 2c 7d 9h Jc Ks. Seat 0 Kd Kh (trip kings) is all-in for 30;
        // seat 1 9c 9d (trip nines) and seat 3 7s 2d (two pair) put in 100;
        // seat 2 folded after 20. Main pot 30+30+20+30 = 110 for seats 0, 1
        // and 3, won by seat 0; side pot 70+70 = 140 for seats 1 and 3, won
        // by seat 1. Rake 5 % capped at 3: 3 from each pot.
        let board = ids("2c7d9hJcKs");
        let (kings, nines, two_pair) = (ids("KdKh"), ids("9c9d"), ids("7s2d"));
        let t = ShowdownInput {
            stacks: &[0, 50, 80, 0],
            contributions: &[30, 100, 20, 100],
            dead: None,
            hands: &[Some(&kings), Some(&nines), None, Some(&two_pair)],
            board: &board,
            button: 3,
            rake: Some(Rake::new(500, Some(3)).unwrap()),
        };
        let s = showdown(&t).unwrap();
        let pots: Vec<u64> = s.settlement.pots.iter().map(|p| p.amount).collect();
        assert_eq!(pots, vec![110, 140]);
        assert_eq!(s.settlement.payouts, vec![107, 137, 0, 0]);
        assert_eq!(s.settlement.rake, 6);
        assert_eq!(s.stacks, vec![107, 187, 80, 0]);
        assert_eq!(s.high[2], None);
        assert!(s.high[0] > s.high[1] && s.high[1] > s.high[3]);
    }

    #[test]
    fn last_seat_left_wins_unseen_with_its_refund() {
        // Seats 0 and 1 fold to seat 2's bet of 10: 8 of it comes back, the
        // pot of 1 + 2 + 2 is won without showing (value 0; its cards,
        // one card here, are never read).
        let lone = ids("As");
        let t = ShowdownInput {
            stacks: &[9, 8, 90],
            contributions: &[1, 2, 10],
            dead: None,
            hands: &[None, None, Some(&lone)],
            board: &[],
            button: 0,
            rake: None,
        };
        let s = showdown(&t).unwrap();
        assert_eq!(s.high, vec![None, None, Some(0)]);
        assert_eq!(s.settlement.refunds, vec![0, 0, 8]);
        assert_eq!(s.stacks, vec![9, 8, 103]);
    }

    #[test]
    fn antes_are_dead_money_in_the_main_pot() {
        // Seat 1 posts a 10 ante and 20; seat 0 raises to 60 and seat 1
        // calls: both live, 60 + 60 in one pot, the ante included.
        let (a, b, board) = (ids("AsAd"), ids("2c3d"), ids("4h7c9hQcKh"));
        let t = ShowdownInput {
            stacks: &[0, 0],
            contributions: &[60, 70],
            dead: Some(&[0, 10]),
            hands: &[Some(&a), Some(&b)],
            board: &board,
            button: 1,
            rake: None,
        };
        let s = showdown(&t).unwrap();
        assert_eq!(s.settlement.pots.len(), 1);
        assert_eq!(s.stacks, vec![130, 0]);
    }

    #[test]
    fn a_seat_all_in_on_its_ante_contests_the_antes() {
        // Ante 1 each; seat 0's only chip went on it. Seats 1 and 2 put in 2
        // more and check it down. The antes are the main pot, for all three
        // (docs/rules.md §8); seat 0 holds the best hand and wins them, the
        // side pot of 4 goes to the better of seats 1 and 2.
        let board = ids("2c7d9hJcKs");
        let (kings, nines, two_pair) = (ids("KdKh"), ids("9c9d"), ids("7s2d"));
        let t = ShowdownInput {
            stacks: &[0, 47, 47],
            contributions: &[1, 3, 3],
            dead: Some(&[1, 1, 1]),
            hands: &[Some(&kings), Some(&nines), Some(&two_pair)],
            board: &board,
            button: 0,
            rake: None,
        };
        let s = showdown(&t).unwrap();
        let pots: Vec<(u64, Vec<usize>)> = s
            .settlement
            .pots
            .iter()
            .map(|p| (p.amount, p.eligible.iter().collect()))
            .collect();
        assert_eq!(pots, vec![(3, vec![0, 1, 2]), (4, vec![1, 2])]);
        assert_eq!(s.settlement.payouts, vec![3, 4, 0]);
        assert_eq!(s.stacks, vec![3, 51, 47]);
    }

    fn heads_up<'a>(hands: &'a [Option<&'a [u8]>], board: &'a [u8]) -> ShowdownInput<'a> {
        ShowdownInput {
            stacks: &[5, 5],
            contributions: &[2, 2],
            dead: None,
            hands,
            board,
            button: 0,
            rake: None,
        }
    }

    #[test]
    fn bad_hands_are_errors() {
        let (a, b, board) = (ids("AcKc"), ids("2d3d"), ids("4h7c9hQcAh"));
        let good = [Some(&a[..]), Some(&b[..])];
        let six = ids("4h7c9hQcAhAs");
        assert!(matches!(
            showdown(&heads_up(&good, &six)),
            Err(Error::HandSize {
                what: "the board",
                ..
            })
        ));
        let three = ids("2c2d2h");
        let big_hand = [Some(&three[..]), Some(&b[..])];
        assert!(matches!(
            showdown(&heads_up(&big_hand, &board)),
            Err(Error::HandSize {
                what: "the hand",
                ..
            })
        ));
        let clash = ids("4hKc");
        let dup = [Some(&clash[..]), Some(&b[..])];
        assert!(matches!(
            showdown(&heads_up(&dup, &board)),
            Err(Error::DuplicateCard { .. })
        ));
        let one = [Some(&a[..])];
        assert!(matches!(
            showdown(&heads_up(&one, &board)),
            Err(Error::SeatCount { .. })
        ));
        let rich = ShowdownInput {
            stacks: &[u64::MAX, 0],
            ..heads_up(&good, &board)
        };
        assert_eq!(showdown(&rich), Err(Error::ChipOverflow));
    }

    /// A naive five-card key, compared as a tuple: category (0 high card
    /// ... 8 straight flush), then ranks by group size and rank.
    fn key5(cards: &[u8]) -> (u8, Vec<u8>) {
        let mut count = [0u8; 13];
        for &c in cards {
            count[(c / 4) as usize] += 1;
        }
        let flush = cards.iter().all(|&c| c % 4 == cards[0] % 4);
        let mut groups: Vec<(u8, u8)> = (0..13u8)
            .filter(|&r| count[r as usize] > 0)
            .map(|r| (count[r as usize], r))
            .collect();
        groups.sort_unstable_by(|x, y| y.cmp(x));
        let ranks: Vec<u8> = groups.iter().map(|g| g.1).collect();
        let straight_top = if groups.len() == 5 && ranks[0] - ranks[4] == 4 {
            Some(ranks[0])
        } else if ranks == [12, 3, 2, 1, 0] {
            Some(3)
        } else {
            None
        };
        let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
        let cat = match (straight_top, flush, shape.as_slice()) {
            (Some(_), true, _) => 8,
            (_, _, [4, 1]) => 7,
            (_, _, [3, 2]) => 6,
            (_, true, _) => 5,
            (Some(_), false, _) => 4,
            (_, _, [3, 1, 1]) => 3,
            (_, _, [2, 2, 1]) => 2,
            (_, _, [2, 1, 1, 1]) => 1,
            _ => 0,
        };
        match straight_top {
            Some(top) if cat == 8 || cat == 4 => (cat, vec![top]),
            _ => (cat, ranks),
        }
    }

    /// The best five-card key of seven cards, trying all 21 fives.
    fn key7(cards: &[u8]) -> (u8, Vec<u8>) {
        let mut best = (0, vec![]);
        for skip_a in 0..7 {
            for skip_b in skip_a + 1..7 {
                let five: Vec<u8> = (0..7)
                    .filter(|&i| i != skip_a && i != skip_b)
                    .map(|i| cards[i])
                    .collect();
                best = best.max(key5(&five));
            }
        }
        best
    }

    /// A deal of `n` seats and a board from a shuffled deck (splitmix).
    fn deal(n: usize, mut seed: u64) -> (Vec<Vec<u8>>, Vec<u8>) {
        let mut deck: Vec<u8> = (0..52).collect();
        for i in (1..52).rev() {
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = seed;
            z = (z ^ z >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ z >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            deck.swap(i, (z % (i as u64 + 1)) as usize);
        }
        let hands = (0..n).map(|s| deck[2 * s..2 * s + 2].to_vec()).collect();
        (hands, deck[2 * n..2 * n + 5].to_vec())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Against the naive dealer of `settle.rs` fed with naive hand
        /// keys: the same payouts, stacks plus payouts, every chip paid
        /// out or raked, and values ordered as the keys are.
        #[test]
        fn showdown_matches_naive_values_and_dealer(
            (n, seed, c, folded, button) in (2usize..=9).prop_flat_map(|n| (
                Just(n),
                any::<u64>(),
                prop::collection::vec(prop::sample::select(vec![0u64, 1, 5, 20, 20, 40, 77]), n),
                prop::collection::vec(prop::bool::weighted(0.4), n),
                0..n,
            )),
            stacks_seed in 0u64..1000,
            rake in prop::option::of((0u64..=1000, prop::option::of(0u64..5))),
        ) {
            let mut folded = folded;
            if folded.iter().all(|&f| f) {
                folded[button] = false;
            }
            let (hands, board) = deal(n, seed);
            let stacks: Vec<u64> = (0..n as u64).map(|s| (stacks_seed * 7 + s * 13) % 500).collect();
            let live: Vec<Option<&[u8]>> = hands
                .iter()
                .zip(&folded)
                .map(|(h, &f)| (!f).then_some(h.as_slice()))
                .collect();
            let alone = folded.iter().filter(|&&f| !f).count() == 1;
            let keys: Vec<Option<(u8, Vec<u8>)>> = hands
                .iter()
                .zip(&folded)
                .map(|(h, &f)| (!f).then(|| key7(&[h.as_slice(), &board].concat())))
                .collect();
            let mut order: Vec<&(u8, Vec<u8>)> = keys.iter().flatten().collect();
            order.sort();
            order.dedup();
            let naive_high: Vec<Option<i64>> = keys
                .iter()
                .map(|k| k.as_ref().map(|k| if alone { 0 } else { order.binary_search(&k).unwrap() as i64 }))
                .collect();
            let t = ShowdownInput {
                stacks: &stacks,
                contributions: &c,
                dead: None,
                hands: &live,
                board: &board,
                button,
                rake: rake.map(|(bp, cap)| Rake::new(bp as u32, cap).unwrap()),
            };
            let got = showdown(&t);
            let want = naive(&c, &naive_high, None, button, rake);
            let s = got.unwrap();
            prop_assert_eq!(&s.settlement.payouts, &want.payouts);
            prop_assert_eq!(s.settlement.rake, want.rake);
            let paid: u64 = s.settlement.payouts.iter().sum();
            prop_assert_eq!(paid + s.settlement.rake, c.iter().sum::<u64>());
            for seat in 0..n {
                prop_assert_eq!(s.stacks[seat], stacks[seat] + want.payouts[seat]);
                prop_assert_eq!(s.high[seat].is_some(), !folded[seat]);
                for other in 0..n {
                    if let (Some(a), Some(b)) = (s.high[seat], s.high[other]) {
                        prop_assert_eq!(a.cmp(&b), naive_high[seat].cmp(&naive_high[other]));
                    }
                }
            }
        }
    }
}

/// Issue 12: settlement holds every chip count up to `MAX_CHIPS` in all,
/// with rake, dead chips, side pots and odd chips, and never panics there.
#[test]
fn chips_up_to_the_limit_settle_without_overflow() {
    use _core::settle::MAX_CHIPS;
    assert_eq!(MAX_CHIPS, u64::MAX);
    let half = MAX_CHIPS / 2;
    let full = Rake::new(10_000, None).unwrap();
    let s = settle(&[half, half + 1], &hi(&[1, 2]), None, 0, Some(full)).unwrap();
    assert_eq!(s.rake, MAX_CHIPS - 1);
    assert_eq!(s.payouts, vec![0, 1]);

    let third = MAX_CHIPS / 3;
    let c = [third, third, third];
    let low = [Some(1), None, Some(1)];
    let s = settle_with_dead(&c, Some(&[1, 0, 0]), &hi(&[2, 2, 1]), Some(&low), 1, None).unwrap();
    assert_eq!(s.payouts.iter().sum::<u64>() + s.rake, 3 * third);

    let e = settle(&[MAX_CHIPS, 0, 1], &hi(&[1, 2, 3]), None, 0, None).unwrap_err();
    assert_eq!(e, Error::ChipOverflow);
    assert!(e.to_string().contains("MAX_CHIPS"), "{e}");
}
