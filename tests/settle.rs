//! Settlement: the RULES.md §8 example, explicit cases for refunds, side
//! pots, odd chips, high-low and rake, errors, and a proptest against a
//! naive chip-by-chip oracle.

use _core::settle::{settle, Rake, SeatSet, Settlement};
use _core::Error;
use proptest::prelude::*;

fn set(seats: &[usize]) -> SeatSet {
    SeatSet(seats.iter().fold(0, |m, &s| m | 1 << s))
}

fn hi(values: &[i64]) -> Vec<Option<i64>> {
    values.iter().map(|&v| (v >= 0).then_some(v)).collect()
}

// ---- RULES.md §8 -------------------------------------------------------

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
    // RULES.md §6: totals A 0, B 30, C 30, D 30, E 0, F 10, G 30; B, C, D, G
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

    // Two folded seats put in 100 each, the only live seat 50.
    let e = settle(&[100, 100, 50], &hi(&[-1, -1, 1]), None, 0, None).unwrap_err();
    assert_eq!(e.to_string(), "100 chips above the largest live contribution (50) were put in by folded seats only (seats 0, 1): no live seat can win them");
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
/// live stake, hand out chips one at a time. `None`: the input has chips no
/// live seat can win.
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
) -> Option<Naive> {
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
    if rem.iter().any(|&r| r > 0) {
        return None;
    }
    Some(Naive {
        payouts,
        refunds,
        pots,
        rake: total_rake,
    })
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
    let Some(want) = naive(c, high, low, button, rake) else {
        prop_assert!(
            matches!(got, Err(Error::UncontestedChips { .. })),
            "{:?}",
            got
        );
        return Ok(());
    };
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
