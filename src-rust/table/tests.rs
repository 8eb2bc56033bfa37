//! Hand-worked checks of the engine against values `hoyle.Hand` gives for
//! the same seed (the Python suite compares whole random hands).

use super::*;

/// Hold'em with `blinds` and `rake`, its derived fields as
/// `hoyle._plan.derive_plan` gives them.
pub(super) fn holdem_raked(blinds: &[u64], rake: Option<Rake>) -> EnginePlan {
    let flop = |down, board, burn| Street {
        down,
        board,
        burn,
        betting: Betting::NoLimit,
    };
    EnginePlan::new(TableGame {
        streets: vec![
            flop(2, 0, false),
            flop(0, 3, false),
            flop(0, 1, false),
            flop(0, 1, false),
        ],
        deck: (0..52).collect(),
        ante: 0,
        antes: vec![],
        blinds: blinds.to_vec(),
        posts: vec![],
        min_bet: blinds.iter().copied().max().unwrap_or(1),
        raise_cap: None,
        first_must_bet: false,
        rules: Rules::default(),
        high: true,
        rake,
        per_seat: 2,
        fixed: 5,
        largest_blind: blinds.iter().copied().max().unwrap_or(0),
        dealt_later: vec![true, false, false, false, false],
        plain_high: true,
    })
    .unwrap()
}

pub(super) fn holdem(blinds: &[u64]) -> EnginePlan {
    holdem_raked(blinds, None)
}

#[test]
fn hand_seeds_are_hoyle_env_hand_seed() {
    // hoyle.env.hand_seed(seed, table, hand), worked in Python
    assert_eq!(hand_seed(0, 0, 0), 0x2382_75bc_38fc_be91);
    assert_eq!(hand_seed(7, 3, 11), 0x6fc9_f6dc_4fdd_3c43);
    assert_eq!(hand_seed(u64::MAX, 5, 1 << 40), 0xefc3_3377_5648_9302);
}

#[test]
fn deals_and_bets_as_hand_does() {
    // texas_holdem(blinds=(1, 2)).start([100] * 3, button=0, seed=12345)
    let plan = holdem(&[1, 2]);
    let mut t = TableState::new(&plan, &[100, 100, 100]).unwrap();
    t.start(&plan, 12345, 0);
    let holes: Vec<&[u8]> = (0..3).map(|s| t.hole(&plan, s)).collect();
    assert_eq!(holes, [&[43, 14][..], &[21, 17], &[1, 0]]);
    assert_eq!(t.actor(), Some(0));
    assert_eq!(t.bets(), [0, 1, 2]);
    let legal = t.legal(&plan);
    assert_eq!(
        legal,
        Legal {
            can_fold: true,
            can_check: false,
            call_amount: 2,
            raise: Some((4, 100)),
        }
    );
    t.call(&plan).unwrap();
    t.call(&plan).unwrap();
    assert_eq!(t.fold(&plan), Err(Refused::Illegal), "nothing to call");
    t.check(&plan).unwrap();
    assert_eq!(t.board(), [32, 5, 13]);
    assert_eq!((t.street(), t.actor()), (1, Some(1)));
    assert_eq!(t.bets(), [0, 0, 0]);
}

#[test]
fn a_fold_to_one_seat_pays_it_the_pot() {
    let plan = holdem(&[1, 2]);
    let mut t = TableState::new(&plan, &[100, 100, 100]).unwrap();
    t.start(&plan, 1, 2);
    // seat 2 is the button: seat 0 posts 1, seat 1 posts 2, seat 2 acts first
    assert_eq!(t.actor(), Some(2));
    t.raise_to(&plan, 10).unwrap();
    t.fold(&plan).unwrap();
    t.fold(&plan).unwrap();
    assert!(t.is_over());
    assert_eq!(t.stacks(), [99, 98, 103]);
    assert_eq!(t.check(&plan), Err(Refused::Over));
}

#[test]
fn an_all_in_runs_the_board_out_and_keeps_every_chip() {
    let plan = holdem(&[1, 2]);
    for seed in 0..200 {
        let mut t = TableState::new(&plan, &[50, 80, 30]).unwrap();
        t.start(&plan, seed, (seed % 3) as usize);
        let (_, hi) = t.legal(&plan).raise.unwrap();
        t.raise_to(&plan, hi).unwrap();
        while !t.is_over() {
            if t.legal(&plan).call_amount > 0 {
                t.call(&plan).unwrap();
            } else {
                t.check(&plan).unwrap();
            }
        }
        assert_eq!(t.board().len(), 5);
        assert_eq!(t.street(), 4);
        assert_eq!(t.stacks().iter().sum::<u64>(), 160);
    }
}

#[test]
fn a_big_blind_all_in_for_less_asks_the_button_nothing() {
    // docs/rules.md §7, heads-up: the button posts 5, the big blind all in
    // for 3 (or 5); the button has matched it, so nobody acts and the board
    // is dealt (texas_holdem(blinds=(5, 10)).start([100, bb], button=0) is
    // over at once). With 6, the button owes 1 more of the big blind's 6 and
    // is asked to call the full 10 or fold.
    let plan = holdem(&[5, 10]);
    for bb in [3, 5] {
        for seed in 0..50 {
            let mut t = TableState::new(&plan, &[100, bb]).unwrap();
            t.start(&plan, seed, 0);
            assert!(t.is_over());
            assert_eq!(t.board().len(), 5);
            assert_eq!(t.stacks().iter().sum::<u64>(), 100 + bb);
        }
    }
    let mut t = TableState::new(&plan, &[100, 6]).unwrap();
    t.start(&plan, 1, 0);
    assert_eq!(t.actor(), Some(0));
    assert_eq!(t.legal(&plan).call_amount, 5);
}

#[test]
fn posts_are_live_for_the_big_blind_and_the_rest_dead() {
    // The values are Hand's: texas_holdem(blinds=(5, 10)).with_(posts=...)
    // .start(stacks, button=..., seed=1), its _bets, _contrib, _dead, _stacks
    // and actor.
    let mut plan = holdem(&[5, 10]);
    plan.game.posts = vec![0, 0, 5, 15]; // a small post (dead), a big one (10 live, 5 dead)
    let mut t = TableState::new(&plan, &[100; 5]).unwrap();
    t.start(&plan, 1, 0);
    assert_eq!(t.bets(), [0, 5, 10, 0, 10]);
    assert_eq!(t.contributions(), [0, 5, 10, 5, 15]);
    assert_eq!(t.dead(), Some(&[0, 0, 0, 5, 5][..]));
    assert_eq!(t.stacks(), [100, 95, 90, 95, 85]);
    assert_eq!(t.actor(), Some(3), "a post does not move the first to act");

    // a post of the big blind all in for less: live, so no dead money shows
    plan.game.posts = vec![0, 0, 10];
    let mut t = TableState::new(&plan, &[100, 100, 4, 100]).unwrap();
    t.start(&plan, 1, 3);
    assert_eq!(t.bets(), [5, 10, 4, 0]);
    assert_eq!(t.contributions(), [5, 10, 4, 0]);
    assert_eq!(t.dead(), None);
    assert_eq!(t.stacks(), [95, 90, 0, 100]);
    assert_eq!(t.actor(), Some(3));

    // posts alone (no blinds): all dead, and the button's left opens
    let mut plan = holdem(&[]);
    plan.game.posts = vec![0, 3];
    let mut t = TableState::new(&plan, &[100; 3]).unwrap();
    t.start(&plan, 1, 0);
    assert_eq!(t.bets(), [0, 0, 0]);
    assert_eq!(t.contributions(), [0, 0, 3]);
    assert_eq!(t.dead(), Some(&[0, 0, 3][..]));
    assert_eq!(t.actor(), Some(1));
    // the next hand at the table starts with no dead money left over
    t.start(&plan, 2, 1);
    assert_eq!(t.contributions(), [3, 0, 0]);
    assert_eq!(t.dead(), Some(&[3, 0, 0][..]));
}
