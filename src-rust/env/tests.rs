//! Hand-worked examples of the encoder and the mask.

use super::*;
use crate::hand::kind_of;

fn holdem(seats: usize, window: usize, unit: u64) -> Layout {
    Layout::new(seats, (0..52).collect(), 4, window, false, unit)
}

fn record(seat: u8, kind: &str, amount: u64) -> Record {
    Record {
        seat,
        kind: kind_of(kind).unwrap(),
        amount,
        drawn: 0,
    }
}

#[test]
fn size_is_the_sum_of_the_fields() {
    for shape in [
        holdem(2, 0, 1),
        holdem(6, 16, 2),
        Layout::new(9, (0..54).collect(), 5, 8, true, 3),
    ] {
        let fields = shape.fields();
        let last = fields.last().unwrap();
        assert_eq!(last.1 + last.2, shape.size());
        assert_eq!(fields.iter().map(|f| f.2).sum::<usize>(), shape.size());
    }
    // 6-max hold'em, window 16: 2 * 52 + 5 * 6 + 2 + 4 + 1 + 16 * 17
    assert_eq!(holdem(6, 16, 2).size(), 413);
}

/// Three seats, blinds 1-2 (unit 2): seat 1 posts 1, seat 2 posts 2, seat 0
/// (the button) calls; seat 1 looks at 2c 3d (ids 0, 5).
#[test]
fn a_worked_observation() {
    let shape = holdem(3, 2, 2);
    assert_eq!(shape.size(), 154);
    let history = [
        record(1, "blind", 1),
        record(2, "blind", 2),
        record(0, "call", 2),
    ];
    let view = View {
        me: 1,
        button: 0,
        street: 0,
        drawing: false,
        hole: &[0, 5],
        board: &[],
        up: &[],
        stacks: &[98, 99, 98],
        bets: &[2, 1, 2],
        contrib: &[2, 1, 2],
        folded: &[false, false, false],
        history: &history,
    };
    let mut out = vec![7.0f32; 160];
    encode(&shape, &view, &mut out);
    let mut want = vec![0.0f32; 154];
    want[0] = 1.0;
    want[5] = 1.0;
    want[104..113].copy_from_slice(&[49.5, 49.0, 49.0, 0.5, 1.0, 1.0, 0.5, 1.0, 1.0]);
    want[113] = 2.5; // pot 5 / 2
    want[114] = 0.5; // 1 to call
    want[115..118].fill(1.0); // nobody folded
    want[118 + 1] = 1.0; // one left of the button
    want[121] = 1.0; // preflop
                     // history slot 0 (seat 2's blind): seat r=1, kind 1, amount 1
    want[126 + 1] = 1.0;
    want[126 + 3 + 1] = 1.0;
    want[126 + 12] = 1.0;
    // slot 1 (seat 0's call): seat r=2, kind 5, amount 1
    want[140 + 2] = 1.0;
    want[140 + 3 + 5] = 1.0;
    want[140 + 12] = 1.0;
    assert_eq!(&out[..154], &want[..]);
    assert_eq!(&out[154..], &[7.0; 6], "nothing past the size is written");
}

#[test]
fn short_history_is_right_aligned_and_over_clears_the_street() {
    let shape = Layout::new(2, vec![51, 50, 0], 2, 3, true, 1);
    let history = [Record {
        seat: 0,
        kind: 8,
        amount: 0,
        drawn: 2,
    }];
    let view = View {
        me: 1,
        button: 1,
        street: 2,
        drawing: true,
        hole: &[0, 7], // 7 is not in this deck: left out
        board: &[50],
        up: &[&[51], &[]],
        stacks: &[3, 4],
        bets: &[0, 0],
        contrib: &[1, 1],
        folded: &[true, false],
        history: &history,
    };
    let mut out = vec![0.0f32; shape.size()];
    encode(&shape, &view, &mut out);
    let f = |name: &str| {
        let (_, o, s) = shape.fields().into_iter().find(|f| f.0 == name).unwrap();
        out[o..o + s].to_vec()
    };
    assert_eq!(f("hole"), [0.0, 0.0, 1.0]);
    assert_eq!(f("board"), [0.0, 1.0, 0.0]);
    assert_eq!(f("up"), [0.0, 0.0, 0.0, 1.0, 0.0, 0.0]); // seat 0 is r=1
    assert_eq!(f("stacks"), [4.0, 3.0]);
    assert_eq!(f("active"), [1.0, 0.0]);
    assert_eq!(f("position"), [1.0, 0.0]);
    assert_eq!(f("street"), [0.0, 0.0]);
    assert_eq!(f("drawing"), [1.0]);
    let mut hist = vec![0.0; 3 * 13];
    hist[26 + 1] = 1.0; // seat 0 is r=1
    hist[26 + 2 + 8] = 1.0;
    hist[26 + 12] = 2.0;
    assert_eq!(f("history"), hist);
}

#[test]
fn per_unit_rounds_each_int_to_a_double_first() {
    assert_eq!(per_unit(5, 2), 2.5);
    assert_eq!(per_unit(u64::MAX, 1), 18_446_744_073_709_551_616.0);
    // float(x) / float(d) in Python: 1.6107398590283881 (the exact quotient's
    // nearest double is 1.610739859028388), then float32
    let (x, d) = (14_046_286_627_791_492_475u64, 8_720_394_264_201_255_075u64);
    assert_eq!(per_unit(x, d), 1.610_739_859_028_388_1_f64 as f32);
    assert_eq!(per_unit(1, 3), (1.0f64 / 3.0) as f32);
}

fn preflop() -> Decision<'static> {
    Decision {
        over: false,
        drawing: false,
        can_fold: true,
        can_check: false,
        call_amount: 2,
        raise: Some((4, 100)),
        bet: 2,
        pot: 3,
        call_full: 2,
        unit: 2,
        draw_limit: 0,
        draw_ace_limit: None,
        hole: &[],
        cards_left: 0,
    }
}

/// Blinds 1-2, the first to act with 100: min raise 4, half pot
/// 2 + floor(0.5 * 5) = 4 (the same: masked), pot 2 + 5 = 7, 3 big blinds
/// 2 + 6 = 8, all in 100.
#[test]
fn a_worked_mask() {
    let abs = Abstraction {
        fractions: vec![0.5, 1.0],
        big_blinds: vec![3.0],
        min_raise: true,
        all_in: true,
        draw_cards: 0,
    };
    assert_eq!(abs.size(), 7);
    let d = preflop();
    let mut out = [true; 8];
    mask(&abs, &d, &mut out);
    assert_eq!(out, [true, true, true, false, true, true, true, true]);
    let totals: Vec<_> = (0..8).map(|i| raise_total(&abs, &d, i)).collect();
    assert_eq!(
        totals,
        [
            None,
            None,
            Some(4),
            Some(4),
            Some(7),
            Some(8),
            Some(100),
            None
        ]
    );
    // no raise allowed: only fold and call
    let d = Decision {
        raise: None,
        ..preflop()
    };
    mask(&abs, &d, &mut out);
    assert_eq!(&out[..7], &[true, true, false, false, false, false, false]);
    // a short stack: every size above 6 is out, the all-in (6) repeats nothing
    let d = Decision {
        raise: Some((4, 6)),
        ..preflop()
    };
    mask(&abs, &d, &mut out);
    assert_eq!(&out[..7], &[true, true, true, false, false, false, true]);
    // over: nothing
    let d = Decision {
        over: true,
        ..preflop()
    };
    mask(&abs, &d, &mut out);
    assert_eq!(&out[..7], &[false; 7]);
}

#[test]
fn huge_sizes_are_out_of_range_not_a_panic() {
    let abs = Abstraction {
        fractions: vec![1e300],
        big_blinds: vec![f64::MAX],
        min_raise: false,
        all_in: false,
        draw_cards: 0,
    };
    let d = Decision {
        raise: Some((4, u64::MAX)),
        bet: u64::MAX - 1,
        ..preflop()
    };
    assert_eq!(raise_total(&abs, &d, 2), None);
    assert_eq!(raise_total(&abs, &d, 3), None);
    let mut out = [true; 4];
    mask(&abs, &d, &mut out);
    assert_eq!(out, [true, true, false, false]);
}

/// Triple draw with an ace: at most 3 cards, 4 when a kept card is an ace
/// (Ac is id 48, at position 0).
#[test]
fn a_worked_draw_mask() {
    let abs = Abstraction {
        fractions: vec![1.0],
        big_blinds: vec![],
        min_raise: true,
        all_in: true,
        draw_cards: 5,
    };
    assert_eq!(abs.size(), 5 + 32);
    let d = Decision {
        drawing: true,
        draw_limit: 3,
        draw_ace_limit: Some(4),
        hole: &[48, 0, 1, 2, 3],
        cards_left: 47,
        ..preflop()
    };
    let mut out = [true; 37];
    mask(&abs, &d, &mut out);
    assert_eq!(&out[..5], &[false; 5]);
    let legal: Vec<usize> = (0..32).filter(|&b| out[5 + b]).collect();
    assert_eq!(legal.len(), 1 + 5 + 10 + 10 + 1);
    assert!(out[5 + 0b11110] && !out[5 + 0b01111] && !out[5 + 31]);
    // two cards left to draw from: at most two thrown
    let d = Decision { cards_left: 2, ..d };
    mask(&abs, &d, &mut out);
    assert_eq!((0..32).filter(|&b| out[5 + b]).count(), 1 + 5 + 10);
    // a hand of 4 cards (badugi) under h = 5: bit 4 is no card
    let d = Decision {
        hole: &[0, 1, 2, 3],
        ..d
    };
    mask(&abs, &d, &mut out);
    assert!((16..32).all(|b| !out[5 + b]));
}

#[test]
fn kinds_read_back() {
    for (i, k) in RECORD_KINDS.iter().enumerate() {
        assert_eq!(kind_of(k), Some(i as u8));
    }
    assert_eq!(kind_of("muck"), None);
}

#[test]
fn a_power_of_two_units_reciprocal_gives_the_quotient_to_the_bit() {
    // (encode multiplies by it instead of dividing)
    let xs = [
        0,
        1,
        3,
        7,
        199,
        12_345,
        1 << 40,
        (1 << 53) + 1,
        u64::MAX / 3,
        u64::MAX,
    ];
    for k in 0..64 {
        let unit = 1u64 << k;
        for x in xs.into_iter().chain((0..2_000).map(|i| i * 7_919 + k)) {
            let product = (x as f64 * (1.0 / unit as f64)) as f32;
            assert_eq!(
                product.to_bits(),
                per_unit(x, unit).to_bits(),
                "{x} / {unit}"
            );
        }
    }
}
