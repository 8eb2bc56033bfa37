//! Checks of [`TableBatch`], the N-table loop: autoreset, hand numbering,
//! rewards, seeding lanes and its errors (the Python suite compares it with
//! `hoyle.Hand` and the Python backend).

use super::tests::{holdem, holdem_raked};
use super::*;
use crate::env::Abstraction;
use crate::settle::Rake;

const SEATS: usize = 3;

fn abstraction() -> (Abstraction, Vec<String>) {
    let abs = Abstraction {
        fractions: vec![0.5, 1.0],
        big_blinds: vec![],
        min_raise: true,
        all_in: true,
        draw_cards: 0,
    };
    let names = ["fold", "check/call", "min", "half pot", "pot", "all in"];
    (abs, names.iter().map(|n| n.to_string()).collect())
}

fn batch(plan: EnginePlan, tables: usize, unit: u64) -> TableBatch {
    let (abs, names) = abstraction();
    TableBatch::new(plan, abs, names, tables, &[100; SEATS], unit, 8).unwrap()
}

/// The arrays of a batch, owned.
struct Arrays {
    obs: Vec<f32>,
    mask: Vec<bool>,
    actor: Vec<i64>,
    rewards: Vec<f32>,
    done: Vec<bool>,
}

impl Arrays {
    fn of(b: &TableBatch) -> Arrays {
        let n = b.len();
        Arrays {
            obs: vec![0.0; n * b.obs_size()],
            mask: vec![false; n * b.mask_size()],
            actor: vec![0; n],
            rewards: vec![0.0; n * b.seats()],
            done: vec![false; n],
        }
    }
    fn out(&mut self) -> Out<'_> {
        Out {
            obs: &mut self.obs,
            mask: &mut self.mask,
            actor: &mut self.actor,
            rewards: &mut self.rewards,
            done: &mut self.done,
        }
    }
    fn mask_row(&self, i: usize) -> &[bool] {
        let a = self.mask.len() / self.done.len();
        &self.mask[i * a..(i + 1) * a]
    }
    /// Each table's action: a legal one picked by `pick` from its mask (0
    /// where the table's hand is over: ignored).
    fn legal_actions(&self, pick: &mut u64) -> Vec<i64> {
        (0..self.done.len())
            .map(|i| {
                let legal: Vec<usize> = (0..self.mask_row(i).len())
                    .filter(|&x| self.mask_row(i)[x])
                    .collect();
                *pick = pick
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                match legal.len() {
                    0 => 0,
                    n => legal[(*pick >> 33) as usize % n] as i64,
                }
            })
            .collect()
    }
}

#[test]
fn a_hand_that_ends_pays_then_the_next_step_deals_the_next_hand() {
    let mut b = batch(holdem(&[1, 2]), 1, 1);
    let mut a = Arrays::of(&b);
    b.reset(7, a.out()).unwrap();
    assert_eq!((a.actor[0], a.done[0]), (0, false)); // 3 seats, button 0: seat 0 acts
    assert_eq!(b.record(0).unwrap(), (hand_seed(7, 0, 0), 0, &[][..]));
    b.step(&[0], a.out()).unwrap(); // seat 0 folds
    assert_eq!((a.actor[0], a.done[0]), (1, false));
    assert_eq!(a.rewards, [0.0; SEATS]);
    b.step(&[0], a.out()).unwrap(); // seat 1 folds: seat 2's blind wins
    assert_eq!((a.actor[0], a.done[0]), (-1, true));
    assert_eq!(a.rewards, [0.0, -1.0, 1.0]);
    assert!(a.mask_row(0).iter().all(|&m| !m), "no mask once over");
    assert_eq!(b.record(0).unwrap(), (hand_seed(7, 0, 0), 0, &[0, 0][..]));
    // the next step deals hand 1 (button 1) and ignores the action given
    b.step(&[99], a.out()).unwrap();
    assert_eq!((a.done[0], a.rewards.clone()), (false, vec![0.0; SEATS]));
    assert_eq!(b.record(0).unwrap(), (hand_seed(7, 0, 1), 1, &[][..]));
    let t = b.table(0).unwrap();
    assert_eq!((t.button(), t.stacks()), (1, &[98, 100, 99][..])); // seats 2 and 0 post
    assert_eq!(a.actor[0], 1); // after the big blind: the button
}

#[test]
fn rewards_are_whole_chips_that_sum_to_minus_the_rake() {
    let rake = Rake::new(500, Some(3)).unwrap(); // 5 %, at most 3 a pot
    for (plan, raked) in [
        (holdem(&[1, 2]), false),
        (holdem_raked(&[1, 2], Some(rake)), true),
    ] {
        let unit = 2;
        let mut b = batch(plan, 16, unit);
        let mut a = Arrays::of(&b);
        b.reset(3, a.out()).unwrap();
        let (mut pick, mut ended, mut some_rake) = (1u64, 0, false);
        for _ in 0..400 {
            let acts = a.legal_actions(&mut pick);
            b.step(&acts, a.out()).unwrap();
            for i in (0..b.len()).filter(|&i| a.done[i]) {
                ended += 1;
                let row = &a.rewards[i * SEATS..(i + 1) * SEATS];
                let chips: Vec<f64> = row.iter().map(|&r| f64::from(r) * unit as f64).collect();
                assert!(chips.iter().all(|c| c.fract() == 0.0), "{chips:?}");
                let t = b.table(i).unwrap();
                let paid: u64 = t.stacks().iter().sum();
                let taken = (SEATS as u64 * 100) - paid;
                assert_eq!(chips.iter().sum::<f64>(), -(taken as f64));
                assert!(raked || taken == 0);
                some_rake |= taken > 0;
            }
        }
        assert!(ended > 100, "{ended} hands");
        assert_eq!(some_rake, raked);
    }
}

#[test]
fn a_seed_deals_the_same_hands_and_lane_i_does_not_depend_on_n() {
    let run = |tables: usize, seed: u64| {
        let mut b = batch(holdem(&[1, 2]), tables, 1);
        let mut a = Arrays::of(&b);
        b.reset(seed, a.out()).unwrap();
        let mut seen = vec![];
        for step in 0..60u64 {
            // table i's pick depends on the masks of tables 0..=i only: the
            // first three act alike in every run
            let acts = a.legal_actions(&mut step.clone());
            b.step(&acts, a.out()).unwrap();
            let d = b.obs_size();
            seen.push((
                a.obs[..3 * d].to_vec(),
                a.actor[..3].to_vec(),
                a.rewards[..3 * SEATS].to_vec(),
            ));
        }
        (
            seen,
            (0..3).map(|i| b.record(i).unwrap().0).collect::<Vec<_>>(),
        )
    };
    let three = run(3, 11);
    assert_eq!(run(3, 11), three, "the same seed, the same hands");
    assert_eq!(run(11, 11), three, "tables 0..3 alike beside 8 more");
    assert_ne!(run(3, 12).0, three.0, "another seed, other hands");
}

#[test]
fn the_lanes_deal_what_one_seed_deals() {
    // the generators keyed LANES at a time deal as `TableState::start`
    let plan = holdem(&[1, 2]);
    let mut b = batch(holdem(&[1, 2]), 19, 1);
    let mut a = Arrays::of(&b);
    b.reset(42, a.out()).unwrap();
    for i in 0..19 {
        let mut t = TableState::new(&plan, &[100; SEATS]).unwrap();
        t.start(&plan, hand_seed(42, i as u64, 0), 0);
        let got = b.table(i).unwrap();
        for s in 0..SEATS {
            assert_eq!(
                got.hole(b.plan(), s),
                t.hole(&plan, s),
                "table {i} seat {s}"
            );
        }
    }
}

#[test]
fn a_masked_action_refuses_the_step_and_changes_nothing() {
    let mut b = batch(holdem(&[1, 2]), 2, 1);
    let mut a = Arrays::of(&b);
    b.reset(1, a.out()).unwrap();
    let before = (b.table(0).unwrap().history().to_vec(), a.obs.clone());
    // table 0 calls; 9 is no action (half pot is the min raise: masked)
    let err = b.step(&[1, 9], a.out()).unwrap_err();
    assert_eq!(
        err,
        Error::IllegalAction(
            "table 1: action 9 is not legal now (legal: 0 fold, 1 check/call, 2 min, 4 pot, 5 all in)"
                .into()
        )
    );
    let err = b.step(&[-1, 0], a.out()).unwrap_err();
    assert!(err
        .to_string()
        .starts_with("table 0: action -1 is not legal now (legal: 0 fold"));
    assert_eq!(
        (b.table(0).unwrap().history().to_vec(), a.obs.clone()),
        before
    );
    assert_eq!(b.record(0).unwrap().2, &[][..]);
}

#[test]
fn bad_arguments_are_errors() {
    let mut b = batch(holdem(&[1, 2]), 2, 1);
    let mut a = Arrays::of(&b);
    b.reset(1, a.out()).unwrap();
    let arg = |e: Error| match e {
        Error::Argument(why) => why,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        arg(b.step(&[0], a.out()).unwrap_err()),
        "1 actions for 2 tables"
    );
    assert_eq!(arg(b.table(2).unwrap_err()), "table 2 of 2");
    assert_eq!(arg(b.record(5).unwrap_err()), "table 5 of 2");
    let mut short = Arrays::of(&b);
    short.actor.pop();
    assert_eq!(
        arg(b.reset(1, short.out()).unwrap_err()),
        "actor holds 1 entries, expected 2"
    );
    let (d, m) = (b.obs_size(), b.mask_size());
    let (mut obs, mut mask) = (vec![0.0; d], vec![false; m]);
    assert_eq!(
        arg(b.observe_one(0, 3, &mut obs, &mut mask).unwrap_err()),
        "seat 3 of 3"
    );
    let want = format!(
        "obs and mask hold {d} and {m} entries, got {} and {m}",
        d - 1
    );
    assert_eq!(
        arg(b.observe_one(0, 0, &mut obs[1..], &mut mask).unwrap_err()),
        want
    );
    let (abs, mut names) = abstraction();
    names.pop();
    let err = TableBatch::new(holdem(&[1, 2]), abs, names, 1, &[100; 3], 1, 8).err();
    assert_eq!(
        err.map(arg).as_deref(),
        Some("5 action names for 6 actions")
    );
    let (abs, names) = abstraction();
    let one_seat = TableBatch::new(holdem(&[1, 2]), abs, names, 1, &[100], 1, 8).err();
    assert_eq!(one_seat, Some(Error::TooManySeats { got: 1 }));
}

#[test]
fn one_table_at_a_time() {
    let mut b = batch(holdem(&[1, 2]), 2, 1);
    let mut a = Arrays::of(&b);
    b.reset(4, a.out()).unwrap();
    assert_eq!(b.deal_one(1, 3).unwrap(), 0); // hand 3: button 0, seat 0 acts
    assert_eq!(b.record(1).unwrap(), (hand_seed(4, 1, 3), 0, &[][..]));
    let (d, m) = (b.obs_size(), b.mask_size());
    let (mut obs, mut mask) = (vec![0.0; d], vec![true; m]);
    b.observe_one(1, 2, &mut obs, &mut mask).unwrap();
    assert!(mask.iter().all(|&x| !x), "seat 2 is not to act");
    b.observe_one(1, 0, &mut obs, &mut mask).unwrap();
    assert!(mask[0] && mask[1]);
    let err = b.act_one(1, None, "-3").unwrap_err();
    assert!(err
        .to_string()
        .starts_with("action -3 is not legal now (legal: 0 fold, 1 check/call"));
    assert_eq!(b.act_one(1, Some(0), "0").unwrap(), 1);
    assert_eq!(b.act_one(1, Some(0), "0").unwrap(), -1); // seat 2's blind wins
    assert_eq!(b.rewards_of(1).unwrap(), [0.0, -1.0, 1.0]);
    let err = b.act_one(1, Some(1), "1").unwrap_err();
    assert_eq!(
        err,
        Error::IllegalAction("action 1 (check/call) is not legal now (legal: none)".into())
    );
}

#[test]
fn the_words_of_a_refused_action() {
    let names: Vec<String> = ["fold", "call"].iter().map(|n| n.to_string()).collect();
    let row = [false, true];
    assert_eq!(
        not_legal("0", Some(0), Some(&row), &names),
        "action 0 (fold) is not legal now (legal: 1 call)"
    );
    assert_eq!(
        not_legal("7", Some(7), None, &names),
        "action 7 is not legal now (legal: none)"
    );
    assert_eq!(reward(90, 100, 4), -2.5);
}

#[test]
fn a_batch_past_the_memory_is_an_error_naming_its_size() {
    // 2^50 tables or 2^60 records: no allocator grants them, and the
    // reservation says so instead of aborting
    let (abs, names) = abstraction();
    let tables = 1usize << 50;
    let err = TableBatch::new(
        holdem(&[1, 2]),
        abs.clone(),
        names.clone(),
        tables,
        &[100; SEATS],
        1,
        8,
    );
    let Err(Error::OutOfMemory { what, bytes }) = err else {
        panic!("not an OutOfMemory error");
    };
    assert!(
        what.contains(&format!("{tables} tables of 3 seats")),
        "{what}"
    );
    assert!(bytes > (tables as u128) * 500, "{bytes}");
    let err = TableBatch::new(
        holdem(&[1, 2]),
        abs.clone(),
        names.clone(),
        2,
        &[100; SEATS],
        1,
        1 << 60,
    );
    assert!(matches!(err, Err(Error::OutOfMemory { .. })));
    // a batch that fits is made as before
    assert_eq!(
        TableBatch::new(holdem(&[1, 2]), abs, names, 3, &[100; SEATS], 1, 8)
            .unwrap()
            .len(),
        3
    );
}

#[test]
fn every_table_is_made_with_the_room_its_hands_take() {
    // a hand's play must not grow a table's buffers (the growth would be an
    // infallible allocation: an abort where memory is short, not the
    // OutOfMemory error of TableBatch::new)
    let mut b = batch(holdem(&[1, 2]), 4, 1);
    let made: Vec<u128> = (0..4).map(|i| b.table(i).unwrap().bytes()).collect();
    assert!(made.iter().all(|&m| m == made[0]), "{made:?}");
    let mut a = Arrays::of(&b);
    b.reset(5, a.out()).unwrap();
    for _ in 0..12 {
        let acts: Vec<i64> = (0..4)
            .map(|i| a.mask_row(i).iter().position(|&x| x).unwrap_or(0) as i64)
            .collect();
        b.step(&acts, a.out()).unwrap();
    }
    let played: Vec<u128> = (0..4).map(|i| b.table(i).unwrap().bytes()).collect();
    assert_eq!(played, made);
}
