use super::*;
use crate::cards::parse_text;
use crate::equity::{Never, ShowdownShape};
use crate::eval::rules::RulesText;

fn ids(text: &str) -> Vec<u8> {
    parse_text(text).unwrap()
}

/// The evaluators of these rules, kept alive for a test.
struct Made {
    high: HighEvaluator,
    low: Option<LowEvaluator>,
}

fn made(t: RulesText<'_>) -> Made {
    let rules = Rules::new(&t).unwrap();
    Made {
        high: HighEvaluator::new(rules),
        low: LowEvaluator::new(rules),
    }
}

impl Made {
    fn ranking(&self) -> HandRanking<'_> {
        HandRanking {
            high: &self.high,
            low: self.low.as_ref(),
        }
    }
}

fn with_rules<'a>(hole: u8, board: u8, rules: &'a Made, high: bool) -> Variant<'a> {
    Variant {
        hole,
        board,
        rules: Some(rules.ranking()),
        high,
        ..Variant::HOLDEM
    }
}

fn scoring(v: &Variant<'_>) -> Scoring {
    choose(v).unwrap().0.scoring
}

fn reason(r: Result<(ShowdownShape, u64, ChosenScorer<'_>)>) -> String {
    match r {
        Err(e) => e.to_string(),
        Ok(_) => panic!("accepted"),
    }
}

#[test]
fn each_family_picks_its_scorer() {
    // hold'em, stud: the plain high scorer and the standard deck
    let (shape, deck, sc) = choose(&Variant::HOLDEM).unwrap();
    assert_eq!(shape, ShowdownShape::HOLDEM);
    assert_eq!(deck, STANDARD_DECK);
    assert!(matches!(sc, ChosenScorer::High));
    let stud = Variant {
        hole: 7,
        board: 0,
        ..Variant::HOLDEM
    };
    assert_eq!(scoring(&stud), Scoring::High);
    // Omaha, by the shape's hole_cards or by natural rules' hole_cards
    let omaha = Variant {
        hole: 4,
        hole_cards: 2,
        ..Variant::HOLDEM
    };
    assert!(matches!(choose(&omaha).unwrap().2, ChosenScorer::Omaha(2)));
    let split2 = made(RulesText {
        hole_cards: Some(2),
        ..Default::default()
    });
    let v = with_rules(4, 5, &split2, true);
    assert_eq!(scoring(&v), Scoring::Omaha(2));
    // natural rules are the plain scorer
    let natural = made(RulesText::default());
    assert_eq!(scoring(&with_rules(2, 5, &natural, true)), Scoring::High);
    // Omaha hi-lo: the rules score both halves, five cards each
    let hilo = made(RulesText {
        low: Some("ace-to-five"),
        low_qualifier: Some(8),
        hole_cards: Some(2),
        ..Default::default()
    });
    let (shape, _, sc) = choose(&with_rules(4, 5, &hilo, true)).unwrap();
    assert_eq!(
        shape.scoring,
        Scoring::Ruled {
            hole_cards: Some(2),
            min: 5
        }
    );
    let ChosenScorer::Ruled(r) = sc else {
        panic!("not ruled")
    };
    assert!(r.high.is_some() && r.low.is_some());
    // razz: low only
    let razz = made(RulesText {
        low: Some("ace-to-five"),
        ..Default::default()
    });
    let ChosenScorer::Ruled(r) = choose(&with_rules(7, 0, &razz, false)).unwrap().2 else {
        panic!("not ruled")
    };
    assert!(r.high.is_none() && r.low.is_some());
    // wild cards: the rules score the high hand
    let wild = made(RulesText {
        wild_ranks: "2",
        ..Default::default()
    });
    assert_eq!(
        scoring(&with_rules(5, 0, &wild, true)),
        Scoring::Ruled {
            hole_cards: None,
            min: 5
        }
    );
    // short deck: the rules, and the 36 cards six to ace
    let short = made(RulesText {
        short_deck: Some("straight-beats-trips"),
        ..Default::default()
    });
    let (_, deck, sc) = choose(&with_rules(2, 5, &short, true)).unwrap();
    assert_eq!(deck, SHORT_DECK_CARDS);
    assert!(matches!(sc, ChosenScorer::Ruled(_)));
}

#[test]
fn badugi_plays_four_cards() {
    let badugi = made(RulesText {
        low: Some("badugi"),
        ..Default::default()
    });
    let deuce = made(RulesText {
        low: Some("deuce-to-seven"),
        ..Default::default()
    });
    let four = Scoring::Ruled {
        hole_cards: None,
        min: 4,
    };
    let five = Scoring::Ruled {
        hole_cards: None,
        min: 5,
    };
    assert_eq!(scoring(&with_rules(4, 0, &badugi, false)), four);
    assert_eq!(scoring(&with_rules(5, 0, &deuce, false)), five);
    // badugi split with badugi plays four; badeucy's deuce half needs five
    let both = Variant {
        split: Some(badugi.ranking()),
        ..with_rules(4, 0, &badugi, false)
    };
    assert_eq!(scoring(&both), four);
    let badeucy = Variant {
        split: Some(deuce.ranking()),
        ..with_rules(5, 0, &badugi, false)
    };
    assert_eq!(scoring(&badeucy), five);
    let ChosenScorer::Ruled(r) = choose(&badeucy).unwrap().2 else {
        panic!("not ruled")
    };
    assert!(r.first.is_some() && r.low.is_some());
}

#[test]
fn bad_games_are_refused() {
    let natural = made(RulesText::default());
    let razz = made(RulesText {
        low: Some("ace-to-five"),
        ..Default::default()
    });
    let low_only = Variant {
        high: false,
        ..Variant::HOLDEM
    };
    assert!(reason(choose(&low_only)).contains("needs hand rules with a low ranking"));
    let natural_low = with_rules(2, 5, &natural, false);
    assert!(reason(choose(&natural_low)).contains("needs hand rules with a low ranking"));
    let short = made(RulesText {
        short_deck: Some("straight-beats-trips"),
        ..Default::default()
    });
    let full = Variant {
        deck: Some(STANDARD_DECK),
        ..with_rules(2, 5, &short, true)
    };
    assert!(reason(choose(&full)).contains("the deck holds 2c"));
    let jokers = Variant {
        deck: Some(STANDARD_DECK | 1 << 52),
        ..Variant::HOLDEM
    };
    assert!(matches!(
        choose(&jokers),
        Err(Error::JokerNotAllowed { .. })
    ));
    let no_low_split = Variant {
        split: Some(natural.ranking()),
        ..with_rules(2, 5, &natural, true)
    };
    assert!(reason(choose(&no_low_split)).contains("split names a split game's second half"));
    let no_first = Variant {
        split: Some(razz.ranking()),
        ..Variant::HOLDEM
    };
    assert!(reason(choose(&no_first)).contains("needs hand rules for its first half"));
    let both = Variant {
        split: Some(razz.ranking()),
        ..with_rules(7, 0, &razz, true)
    };
    assert!(reason(choose(&both)).contains("high-low or by split, not both"));
}

/// Every way to deal `sizes[0]` cards, then `sizes[1]` of the rest, ...
/// from `left`, counted one by one.
fn ways(left: &[u8], sizes: &[usize]) -> u64 {
    let Some((&k, rest)) = sizes.split_first() else {
        return 1;
    };
    let mut n = 0;
    for pick in 0u32..1 << left.len() {
        if pick.count_ones() as usize == k {
            let others: Vec<u8> = (0..left.len())
                .filter(|&i| pick >> i & 1 == 0)
                .map(|i| left[i])
                .collect();
            n += ways(&others, rest);
        }
    }
    n
}

/// Joint holdings and deals of a spot, counted by brute force over a
/// small deck: `(joints, deals per joint)`.
fn brute(
    deck: u64,
    players: &[Vec<Vec<u8>>],
    board: &[u8],
    hole: usize,
    board_size: usize,
) -> (u64, u64) {
    let mut joints = 0;
    let mut deals = None;
    let mut pick = vec![0usize; players.len()];
    loop {
        let mut used: Vec<u8> = board.to_vec();
        for (p, &i) in players.iter().zip(&pick) {
            used.extend(&p[i]);
        }
        let mut sorted = used.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() == used.len() {
            joints += 1;
            let left: Vec<u8> = (0..54)
                .filter(|&c| deck >> c & 1 == 1 && !used.contains(&c))
                .collect();
            let mut sizes = vec![board_size - board.len()];
            sizes.extend(players.iter().zip(&pick).map(|(p, &i)| hole - p[i].len()));
            let d = ways(&left, &sizes);
            assert!(deals.is_none_or(|x| x == d));
            deals = Some(d);
        }
        // next joint holding
        let mut p = 0;
        while p < pick.len() {
            pick[p] += 1;
            if pick[p] < players[p].len() {
                break;
            }
            pick[p] = 0;
            p += 1;
        }
        if p == pick.len() {
            return (joints, deals.unwrap_or(0));
        }
    }
}

fn combos(hands: &[&str]) -> Vec<(Vec<u8>, f64)> {
    hands.iter().map(|h| (ids(h), 1.0)).collect()
}

#[test]
fn work_estimate_matches_a_brute_force_count() {
    // a 14-card deck, eights to aces (and a few more), so that every deal
    // can be counted one by one
    let cards = ids("8c 8d 8h 8s 9c 9d 9h 9s Tc Td Jc Jd Qc Kc");
    let deck = cards.iter().fold(0u64, |m, &c| m | 1 << c);
    let cases: [(u8, u8, &[&[&str]], &str); 4] = [
        // hold'em-like: two fixed hands, two board cards to come
        (2, 5, &[&["8c8d"], &["9c9d"]], "Tc Td Jc"),
        // ranges that collide: three joint holdings of four
        (2, 5, &[&["8c8d", "8h8s"], &["8c9c", "9h9s"]], "Tc Jc Qc"),
        // stud-like: each player's missing cards dealt from the deck
        (5, 0, &[&["8c8d9c"], &["8h8s9d"]], ""),
        // three players, one a range, cards to every slot
        (3, 3, &[&["8c8d"], &["9c9d", "9h9s"], &["TcTd"]], "Jc"),
    ];
    for (hole, board_size, players, board) in cases {
        let v = Variant {
            hole,
            board: board_size,
            deck: Some(deck),
            ..Variant::HOLDEM
        };
        let args: Vec<_> = players.iter().map(|p| combos(p)).collect();
        let (spot, scorer) = spot_of(&v, args, &ids(board), &[]).unwrap();
        let e = estimate(&spot);
        let hands: Vec<Vec<Vec<u8>>> = players
            .iter()
            .map(|p| p.iter().map(|h| ids(h)).collect())
            .collect();
        let (joints, deals) = brute(
            deck,
            &hands,
            &ids(board),
            hole as usize,
            board_size as usize,
        );
        assert!(e.counted);
        assert_eq!(
            (e.joints, e.deals),
            (joints as f64, deals as f64),
            "{players:?}"
        );
        assert_eq!(
            e.evaluations,
            (joints * deals) as f64 * players.len() as f64
        );
        // and the enumeration deals exactly that many
        let ex = scorer.enumerate(&spot, false, &Never).unwrap();
        assert_eq!((ex.combos, ex.counts.deals), (joints, joints * deals));
    }
}

#[test]
fn huge_exact_runs_are_refused_up_front() {
    let v = Variant::HOLDEM;
    let all = |_| {
        let mut range = Vec::new();
        for a in 0..52u8 {
            for b in a + 1..52 {
                range.push((vec![a, b], 1.0));
            }
        }
        range
    };
    let (spot, scorer) = spot_of(&v, (0..3).map(all).collect(), &[], &[]).unwrap();
    let why = check_exact_work(&spot, &scorer, Some(2))
        .unwrap_err()
        .to_string();
    assert!(why.contains("exact enumeration is too large"), "{why}");
    assert!(why.contains("on 2 thread(s)"), "{why}");
    let (small, scorer) =
        spot_of(&v, vec![combos(&["AhKh"]), combos(&["QsQd"])], &[], &[]).unwrap();
    assert!(check_exact_work(&small, &scorer, None).is_ok());
}

#[test]
fn counts_in_words() {
    assert_eq!(approx(999_999.0), "999999");
    assert_eq!(approx(7.5e15), "7.50e15");
    assert_eq!(duration(0.5), "under a second");
    assert_eq!(duration(90.0), "2 minutes");
    assert_eq!(duration(3.0 * 365.25 * 86400.0), "3 years");
}
