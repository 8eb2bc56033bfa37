//! Wild cards, the bug and the four-flush against brute-force oracles
//! written here: every card (or, for random hands, every rank and every
//! card of the flush suit) each wild card could name, honouring docs/rules.md §3.

use _core::cards::{parse_text, JOKER, JOKER2};
use _core::eval::high;
use _core::eval::rules::{Rules, RulesText};
use _core::eval::rules_batch::{evaluate_batch_into, RowWidths};
use _core::eval::wild::{play_any, HighEvaluator};
use rand::{rngs::StdRng, seq::IndexedRandom, SeedableRng};
use rayon::prelude::*;
use std::collections::HashMap;

/// Naive ranking of five (rank, suit) cards: (category, tie-break ranks).
/// Categories: 0 high .. 8 straight flush, 9 five of a kind.
fn naive5(cards: &[(u8, u8); 5], flush_ok: bool) -> (u8, [u8; 5]) {
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.0).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = flush_ok && cards.iter().all(|c| c.1 == cards[0].1);
    let mut groups: Vec<(usize, u8)> = Vec::new();
    for &r in &ranks {
        match groups.iter_mut().find(|g| g.1 == r) {
            Some(g) => g.0 += 1,
            None => groups.push((1, r)),
        }
    }
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<usize> = groups.iter().map(|g| g.0).collect();
    let mut by_group = [0u8; 5];
    let mut i = 0;
    for g in &groups {
        for _ in 0..g.0 {
            by_group[i] = g.1;
            i += 1;
        }
    }
    let straight = if groups.len() == 5 && ranks[0] - ranks[4] == 4 {
        Some(ranks[0])
    } else if ranks == [12, 3, 2, 1, 0] {
        Some(3)
    } else {
        None
    };
    let top = |t: u8| [t, 0, 0, 0, 0];
    match (straight, flush, shape.as_slice()) {
        (_, _, [5]) => (9, by_group),
        (Some(t), true, _) => (8, top(t)),
        (_, _, [4, 1]) => (7, by_group),
        (_, _, [3, 2]) => (6, by_group),
        (None, true, _) => (5, by_group),
        (Some(t), false, _) => (4, top(t)),
        (_, _, [3, 1, 1]) => (3, by_group),
        (_, _, [2, 2, 1]) => (2, by_group),
        (_, _, [2, 1, 1, 1]) => (1, by_group),
        _ => (0, by_group),
    }
}

/// The hoyle value of an oracle answer, through the natural evaluator.
fn expected(cat: u8, tie: [u8; 5]) -> u32 {
    if cat == 9 {
        return 11 << 12 | tie[0] as u32;
    }
    let ranks: Vec<u8> = match cat {
        4 | 8 if tie[0] == 3 => vec![3, 2, 1, 0, 12],
        4 | 8 => (0..5).map(|i| tie[0] - i).collect(),
        _ => tie.to_vec(),
    };
    let mut used = [0u8; 13];
    let mut five = [0u8; 5];
    for (i, &r) in ranks.iter().enumerate() {
        let s = if cat == 5 || cat == 8 {
            0
        } else {
            // Suits 1, 0, 0, ...: never five of one suit.
            let s = if i == 0 { 1 } else { used[r as usize] % 4 };
            used[r as usize] += 1;
            if i > 0 && s == 1 {
                2
            } else {
                s
            }
        };
        five[i] = 4 * r + s;
    }
    // Repeated ranks get distinct suits.
    let mut seen = 0u64;
    for c in five.iter_mut() {
        while seen >> *c & 1 != 0 {
            *c = *c / 4 * 4 + (*c % 4 + 1) % 4;
        }
        seen |= 1 << *c;
    }
    high::value_of(&five) as u32
}

#[derive(Clone, Copy)]
struct Kinds {
    wild: u64,
    bug: u64,
    bug_flush: bool,
}

impl Kinds {
    fn of(r: &Rules) -> Kinds {
        Kinds {
            wild: r.wild,
            bug: r.bug,
            bug_flush: r.bug_fills_flush,
        }
    }
    fn is_wild(&self, c: u8) -> bool {
        self.wild >> c & 1 != 0
    }
    fn is_bug(&self, c: u8) -> bool {
        self.bug >> c & 1 != 0
    }
}

/// Is a named five allowed, and what is it? `named[i]` is Some(card) for a
/// wild card or bug in slot i; `bugs[i]` marks bugs.
fn judge(
    k: Kinds,
    held: u64,
    five: &[(u8, u8); 5],
    named: &[bool; 5],
    bugs: &[bool; 5],
) -> Option<(u8, [u8; 5])> {
    // §3 b: a flush needs five distinct cards, none named that is held.
    let mut seen = 0u64;
    let mut distinct = true;
    for (i, c) in five.iter().enumerate() {
        let id = 4 * c.0 + c.1;
        if seen >> id & 1 != 0 || (named[i] && held >> id & 1 != 0) {
            distinct = false;
        }
        seen |= 1 << id;
    }
    let (cat, tie) = naive5(five, distinct);
    if bugs.iter().any(|&b| b) {
        let filler_ok = cat == 8 || cat == 4 || (cat == 5 && k.bug_flush);
        let as_aces = (0..5).all(|i| !bugs[i] || five[i].0 == 12);
        if !(filler_ok || as_aces && cat != 5) {
            return None;
        }
    }
    Some((cat, tie))
}

/// The natural cards held: a wild card may name its own card (it is not a
/// duplicate), never a natural card held (§3 b).
fn held_naturals(k: Kinds, hand: &[u8]) -> u64 {
    hand.iter()
        .filter(|&&c| c < 52 && !k.is_wild(c) && !k.is_bug(c))
        .fold(0u64, |m, &c| m | 1 << c)
}

/// One five-card subset of a hand: its cards as (rank, suit), the slots
/// holding wild cards or bugs, which slots those are, and which are bugs.
struct Five {
    base: [(u8, u8); 5],
    slots: Vec<usize>,
    named: [bool; 5],
    bugs: [bool; 5],
}

/// Every five-card subset of `hand`.
fn fives(k: Kinds, hand: &[u8]) -> Vec<Five> {
    let n = hand.len();
    let mut out = Vec::new();
    for sub in 0u32..1 << n {
        if sub.count_ones() != 5 {
            continue;
        }
        let five: Vec<u8> = (0..n)
            .filter(|i| sub >> i & 1 != 0)
            .map(|i| hand[i])
            .collect();
        let slots: Vec<usize> = (0..5)
            .filter(|&i| k.is_wild(five[i]) || k.is_bug(five[i]))
            .collect();
        let mut named = [false; 5];
        let mut bugs = [false; 5];
        for &i in &slots {
            named[i] = true;
            bugs[i] = k.is_bug(five[i]);
        }
        let mut base = [(0u8, 0u8); 5];
        for i in 0..5 {
            base[i] = (five[i] / 4, five[i] % 4);
        }
        out.push(Five {
            base,
            slots,
            named,
            bugs,
        });
    }
    out
}

/// Brute force: every 5 of the hand, every card (52) each wild card or bug
/// in it could name.
fn oracle_full(k: Kinds, hand: &[u8]) -> (u8, [u8; 5]) {
    let held = held_naturals(k, hand);
    let mut best = (0u8, [0u8; 5]);
    for Five {
        base,
        slots,
        named,
        bugs,
    } in fives(k, hand)
    {
        let same_kind = slots.iter().all(|&i| bugs[i] == bugs[slots[0]]);
        let mut pick = vec![0u8; slots.len()];
        loop {
            let mut h = base;
            for (j, &i) in slots.iter().enumerate() {
                h[i] = (pick[j] / 4, pick[j] % 4);
            }
            if let Some(v) = judge(k, held, &h, &named, &bugs) {
                best = best.max(v);
            }
            // Next multiset of names among interchangeable slots is not
            // assumed: plain odometer over 52 each.
            let mut j = 0;
            loop {
                if j == pick.len() {
                    break;
                }
                pick[j] += 1;
                if pick[j] < 52 {
                    // Interchangeable names (all wild, or all bugs) are a
                    // multiset: lower digits restart at this one.
                    if same_kind {
                        for i in 0..j {
                            pick[i] = pick[j];
                        }
                    }
                    break;
                }
                pick[j] = 0;
                j += 1;
            }
            if j == pick.len() {
                break;
            }
        }
    }
    best
}

/// Brute force with fewer names: for hands that are not flushes, every
/// rank (suits chosen apart); for flushes, every card of the suit.
fn oracle_fast(k: Kinds, hand: &[u8]) -> (u8, [u8; 5]) {
    let held = held_naturals(k, hand);
    let mut best = (0u8, [0u8; 5]);
    for Five {
        base,
        slots,
        named,
        bugs,
    } in fives(k, hand)
    {
        // Candidate suits: each natural suit, plus "none" (4, never a flush).
        let mut suits: Vec<u8> = (0..5).filter(|i| !named[*i]).map(|i| base[i].1).collect();
        suits.sort_unstable();
        suits.dedup();
        if suits.is_empty() {
            suits.push(0);
        }
        suits.push(4);
        for &s in &suits {
            let mut pick = vec![0u8; slots.len()];
            'names: loop {
                let mut h = base;
                for (j, &i) in slots.iter().enumerate() {
                    h[i] = (pick[j], s);
                }
                // Suit 4 stands for "some suit that makes no flush".
                let mut h2 = h;
                if s == 4 {
                    for (j, &i) in slots.iter().enumerate() {
                        h2[i] = (pick[j], (base[0].1 + 1 + j as u8) % 4);
                    }
                }
                let v = if s == 4 {
                    let (cat, tie) = naive5(&h2, false);
                    let bug_ok = (0..5).all(|i| !bugs[i] || h2[i].0 == 12) || cat == 4;
                    bug_ok.then_some((cat, tie))
                } else {
                    judge(k, held, &h, &named, &bugs)
                };
                if let Some(v) = v {
                    best = best.max(v);
                }
                let mut j = 0;
                loop {
                    if j == pick.len() {
                        break 'names;
                    }
                    pick[j] += 1;
                    if pick[j] < 13 {
                        break;
                    }
                    pick[j] = 0;
                    j += 1;
                }
            }
        }
    }
    best
}

fn rules(t: RulesText<'_>) -> Rules {
    Rules::new(&t).unwrap()
}

fn deuces() -> Rules {
    rules(RulesText {
        wild_ranks: "2",
        ..Default::default()
    })
}

fn joker_wild() -> Rules {
    rules(RulesText {
        jokers: Some("wild"),
        ..Default::default()
    })
}

fn bug(flush: bool) -> Rules {
    rules(RulesText {
        jokers: Some("bug"),
        bug_fills_flush: flush,
        ..Default::default()
    })
}

fn all_fives(deck: &[u8]) -> Vec<[u8; 5]> {
    let n = deck.len();
    let mut out = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        out.push([deck[a], deck[b], deck[c], deck[d], deck[e]]);
                    }
                }
            }
        }
    }
    out
}

fn exhaustive_five(r: Rules, deck: &[u8], need_wild: bool) {
    let evaluator = HighEvaluator::new(r);
    let k = Kinds::of(&r);
    let hands: Vec<[u8; 5]> = all_fives(deck)
        .into_iter()
        .filter(|h| !need_wild || h.iter().any(|&c| k.is_wild(c) || k.is_bug(c)))
        .collect();
    let checked: usize = hands
        .par_iter()
        .map(|h| {
            let (cat, tie) = oracle_full(k, h);
            assert_eq!(evaluator.value_any(h), expected(cat, tie), "{h:?}");
            1
        })
        .sum();
    assert!(checked > 0);
}

#[test]
fn every_five_card_hand_with_one_wild_joker() {
    let deck: Vec<u8> = (0..=JOKER).collect();
    exhaustive_five(joker_wild(), &deck, true);
}

#[test]
fn every_five_card_hand_with_the_bug() {
    let deck: Vec<u8> = (0..=JOKER).collect();
    exhaustive_five(bug(false), &deck, true);
    exhaustive_five(bug(true), &deck, true);
}

#[test]
fn every_five_card_hand_deuces_wild() {
    let deck: Vec<u8> = (0..52).collect();
    exhaustive_five(deuces(), &deck, false);
}

fn random_rows(rows: usize, k: usize, deck: &[u8], seed: u64) -> Vec<u8> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut data = Vec::with_capacity(rows * k);
    for _ in 0..rows {
        data.extend(deck.choose_multiple(&mut rng, k).copied());
    }
    data
}

fn random_hands(r: Rules, deck: &[u8], rows: usize, seed: u64) {
    let evaluator = HighEvaluator::new(r);
    let k = Kinds::of(&r);
    for size in [6usize, 7] {
        let data = random_rows(rows, size, deck, seed + size as u64);
        let mut out = vec![0u32; rows];
        let shape = RowWidths { k: size, b: 0 };
        evaluate_batch_into(&evaluator, &data, &[], shape, &mut out, None).unwrap();
        data.par_chunks_exact(size)
            .zip(out.par_iter())
            .for_each(|(h, &v)| {
                let (cat, tie) = oracle_fast(k, h);
                assert_eq!(v, expected(cat, tie), "{h:?}");
            });
    }
}

fn rows() -> usize {
    std::env::var("HOYLE_ORACLE_ROWS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000)
}

#[test]
fn random_hands_deuces_wild() {
    let deck: Vec<u8> = (0..52).collect();
    random_hands(deuces(), &deck, rows(), 1);
}

#[test]
fn random_hands_jokers_wild_and_one_eyed_jacks() {
    let deck: Vec<u8> = (0..54).collect();
    random_hands(joker_wild(), &deck, rows(), 2);
    let r = rules(RulesText {
        wild_cards: "JsJh",
        jokers: Some("wild"),
        ..Default::default()
    });
    random_hands(r, &deck, rows() / 2, 3);
}

#[test]
fn random_hands_with_bugs() {
    let deck: Vec<u8> = (0..54).collect();
    random_hands(bug(false), &deck, rows(), 4);
    random_hands(bug(true), &deck, rows() / 2, 5);
    // Deuces wild and a bug together.
    let r = rules(RulesText {
        wild_ranks: "2",
        jokers: Some("bug"),
        ..Default::default()
    });
    random_hands(r, &deck, rows() / 2, 6);
}

#[test]
fn the_oracles_agree() {
    let r = deuces();
    let k = Kinds::of(&r);
    let deck: Vec<u8> = (0..52).collect();
    let data = random_rows(3000, 6, &deck, 9);
    data.par_chunks_exact(6).for_each(|h| {
        assert_eq!(oracle_fast(k, h), oracle_full(k, h), "{h:?}");
    });
}

#[test]
fn five_aces_and_big_hands() {
    let deck: Vec<u8> = (0..54).collect();
    let r = rules(RulesText {
        wild_ranks: "2",
        jokers: Some("wild"),
        ..Default::default()
    });
    let evaluator = HighEvaluator::new(r);
    // Up to five wild cards in seven: four deuces and a joker.
    let hand = parse_text("2c 2d 2h 2s Xx 7c 9d").unwrap();
    assert_eq!(evaluator.value_any(&hand), 11 << 12 | 12);
    let hand = parse_text("2c 2d 2h 2s 7c 9d Kd").unwrap();
    assert_eq!(evaluator.value_any(&hand), 11 << 12 | 11);
    random_hands(r, &deck, rows() / 4, 8);
    assert_eq!(JOKER2, 53);
}

/// Four-flush oracle: naive with a four-flush category (between one pair
/// and two pair) comparing the four suited ranks, then the fifth.
fn naive_ff(k: Kinds, hand: &[u8]) -> (u8, Vec<u8>) {
    let (cat, tie) = oracle_fast(k, hand);
    // Map categories to make room: 0 high, 1 pair, 2 four-flush, 3+ others.
    let lift = |c: u8| if c >= 2 { c + 1 } else { c };
    let mut best = (lift(cat), tie.to_vec());
    if cat >= 2 {
        return best;
    }
    let n = hand.len();
    for sub in 0u32..1 << n {
        if sub.count_ones() != 5 {
            continue;
        }
        let five: Vec<u8> = (0..n)
            .filter(|i| sub >> i & 1 != 0)
            .map(|i| hand[i])
            .collect();
        for s in 0..4u8 {
            for out in 0..5 {
                // Four suited cards (wild cards name the highest missing
                // ranks of the suit), five[out] is the fifth.
                let four: Vec<u8> = (0..5).filter(|&i| i != out).map(|i| five[i]).collect();
                let mut ranks: Vec<u8> = Vec::new();
                let mut fillers = 0;
                let mut ok = true;
                for &c in &four {
                    if k.is_wild(c) || (k.is_bug(c) && k.bug_flush) {
                        fillers += 1;
                    } else if k.is_bug(c) || c % 4 != s {
                        ok = false;
                    } else {
                        ranks.push(c / 4);
                    }
                }
                if !ok {
                    continue;
                }
                let held_s: Vec<u8> = hand
                    .iter()
                    .filter(|&&c| c < 52 && !k.is_wild(c) && !k.is_bug(c) && c % 4 == s)
                    .map(|&c| c / 4)
                    .collect();
                for r in (0..13u8).rev() {
                    if fillers > 0 && !held_s.contains(&r) && !ranks.contains(&r) {
                        ranks.push(r);
                        fillers -= 1;
                    }
                }
                ranks.sort_unstable_by(|a, b| b.cmp(a));
                let f = five[out];
                let fifth = if k.is_wild(f) || k.is_bug(f) {
                    12
                } else {
                    f / 4
                };
                ranks.push(fifth);
                best = best.max((2, ranks));
            }
        }
    }
    best
}

#[test]
fn four_flush_orders_like_the_oracle() {
    for (r, deck) in [
        (Rules::default(), (0..52).collect::<Vec<u8>>()),
        (joker_wild(), (0..53).collect()),
        (bug(false), (0..53).collect()),
    ] {
        let r = Rules {
            four_flush: true,
            ..r
        };
        let evaluator = HighEvaluator::new(r);
        let k = Kinds::of(&r);
        let mut seen: HashMap<u32, (u8, Vec<u8>)> = HashMap::new();
        let mut hands = all_fives(&deck[..deck.len().min(53)]);
        hands.truncate(2_000_000);
        let mut data: Vec<u8> = hands.iter().flatten().copied().collect();
        data.extend(random_rows(300_000, 7, &deck, 11));
        for (i, h) in data[..hands.len() * 5]
            .chunks_exact(5)
            .chain(data[hands.len() * 5..].chunks_exact(7))
            .enumerate()
        {
            if i % 7 != 0 {
                continue;
            }
            let v = evaluator.value_any(h);
            let o = naive_ff(k, h);
            if let Some(prev) = seen.insert(v, o.clone()) {
                assert_eq!(prev, o, "value {v} for two hands, last {h:?}");
            }
        }
        let mut all: Vec<(u32, (u8, Vec<u8>))> = seen.into_iter().collect();
        all.sort();
        for w in all.windows(2) {
            assert!(w[0].1 < w[1].1, "order broken: {:?} then {:?}", w[0], w[1]);
        }
    }
}

#[test]
fn played_cards_show_the_names() {
    let evaluator = HighEvaluator::new(deuces());
    let hand = parse_text("Ah Kh 9h 5h 2c").unwrap();
    let (v, p) = play_any(&evaluator, &hand);
    assert_eq!(p.named.to_vec(), parse_text("Ah Kh Qh 9h 5h").unwrap());
    assert_eq!(p.held.to_vec(), parse_text("Ah Kh 2c 9h 5h").unwrap());
    assert_eq!(
        v,
        high::value_of(&parse_text("Ah Kh Qh 9h 5h").unwrap()) as u32
    );
}
