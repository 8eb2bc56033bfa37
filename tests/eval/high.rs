//! The natural high evaluator against a naive oracle written here, apart
//! from the table generator.

use _core::eval::{batch, category, high};
use rayon::prelude::*;
use std::collections::HashMap;

/// A naive five-card ranking: (category 0..=8, ranks in comparison order).
fn naive5(cards: &[u8; 5]) -> (u8, Vec<u8>) {
    let mut ranks: Vec<u8> = cards.iter().map(|c| c / 4).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c % 4 == cards[0] % 4);
    let distinct = {
        let mut d = ranks.clone();
        d.dedup();
        d.len()
    };
    let straight_top = if distinct == 5 && ranks[0] - ranks[4] == 4 {
        Some(ranks[0])
    } else if ranks == vec![12, 3, 2, 1, 0] {
        Some(3)
    } else {
        None
    };
    // groups: (count, rank), largest count first, then rank
    let mut groups: Vec<(usize, u8)> = Vec::new();
    for &r in &ranks {
        if let Some(g) = groups.iter_mut().find(|g| g.1 == r) {
            g.0 += 1;
        } else {
            groups.push((1, r));
        }
    }
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<usize> = groups.iter().map(|g| g.0).collect();
    let by_group: Vec<u8> = groups.iter().map(|g| g.1).collect();
    match (straight_top, flush, shape.as_slice()) {
        (Some(t), true, _) => (8, vec![t]),
        (_, _, [4, 1]) => (7, by_group),
        (_, _, [3, 2]) => (6, by_group),
        (None, true, _) => (5, ranks),
        (Some(t), false, _) => (4, vec![t]),
        (_, _, [3, 1, 1]) => (3, by_group),
        (_, _, [2, 2, 1]) => (2, by_group),
        (_, _, [2, 1, 1, 1]) => (1, by_group),
        _ => (0, ranks),
    }
}

fn all_fives() -> Vec<[u8; 5]> {
    let mut out = Vec::with_capacity(2_598_960);
    for a in 0..52u8 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        out.push([a, b, c, d, e]);
                    }
                }
            }
        }
    }
    out
}

#[test]
fn five_card_hands_have_7462_values_in_the_standard_order() {
    let hands = all_fives();
    assert_eq!(hands.len(), 2_598_960);
    let mut seen: HashMap<u16, (u8, Vec<u8>)> = HashMap::new();
    for h in &hands {
        let v = high::evaluate(h).unwrap();
        let naive = naive5(h);
        if let Some(prev) = seen.insert(v, naive.clone()) {
            assert_eq!(prev, naive, "value {v} given to two different hands");
        }
    }
    assert_eq!(seen.len(), 7462);
    let mut values: Vec<(&u16, &(u8, Vec<u8>))> = seen.iter().collect();
    values.sort();
    for pair in values.windows(2) {
        assert!(
            pair[0].1 < pair[1].1,
            "order broken between {:?} and {:?}",
            pair[0],
            pair[1]
        );
    }
    // Classes per category, high card .. straight flush.
    let mut per = [0usize; 12];
    for v in seen.keys() {
        per[category(*v as u32) as usize] += 1;
    }
    // index: 1 high card, 2 one pair, 3 four flush, 4 two pair, 5 trips,
    // 6 straight, 7 flush, 8 full house, 9 quads, 10 straight flush
    assert_eq!(per, [0, 1277, 2860, 0, 858, 858, 10, 1277, 156, 156, 10, 0]);
}

fn best_of_subsets(cards: &[u8]) -> u16 {
    let n = cards.len();
    let mut best = 0;
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let h = [cards[a], cards[b], cards[c], cards[d], cards[e]];
                        best = best.max(high::value_of(&h));
                    }
                }
            }
        }
    }
    best
}

#[test]
fn every_seven_card_hand_is_its_best_five() {
    // All 133,784,560 seven-card hands, split by first card over threads.
    let checked: usize = (0..52u8)
        .into_par_iter()
        .map(|a| {
            let mut n = 0usize;
            let mut hand = [0u8; 7];
            hand[0] = a;
            for b in a + 1..52 {
                hand[1] = b;
                for c in b + 1..52 {
                    hand[2] = c;
                    for d in c + 1..52 {
                        hand[3] = d;
                        for e in d + 1..52 {
                            hand[4] = e;
                            for f in e + 1..52 {
                                hand[5] = f;
                                let six = best_of_subsets(&hand[..6]);
                                assert_eq!(high::value_of(&hand[..6]), six, "{:?}", &hand[..6]);
                                for g in f + 1..52 {
                                    hand[6] = g;
                                    // best of 7 = max(best five of the first six, every
                                    // five that uses g)
                                    let v = high::value_of(&hand);
                                    let mut best = six;
                                    for s in 0..6 {
                                        for t in s + 1..6 {
                                            let mut h = [0u8; 5];
                                            let mut k = 0;
                                            for (i, &x) in hand[..6].iter().enumerate() {
                                                if i != s && i != t {
                                                    h[k] = x;
                                                    k += 1;
                                                }
                                            }
                                            h[4] = g;
                                            best = best.max(high::value_of(&h));
                                        }
                                    }
                                    assert_eq!(v, best, "{hand:?}");
                                    n += 1;
                                }
                            }
                        }
                    }
                }
            }
            n
        })
        .sum();
    assert_eq!(checked, 133_784_560);
}

#[test]
fn batch_equals_single_calls() {
    use rand::{rngs::StdRng, seq::IndexedRandom, SeedableRng};
    let mut rng = StdRng::seed_from_u64(7);
    let deck: Vec<u8> = (0..52).collect();
    for k in 5..=7usize {
        let rows = 300_000;
        let mut data = Vec::with_capacity(rows * k);
        for _ in 0..rows {
            data.extend(deck.choose_multiple(&mut rng, k).copied());
        }
        let par = batch::evaluate_batch(&data, k, None).unwrap();
        let one = batch::evaluate_batch(&data, k, Some(1)).unwrap();
        assert_eq!(par, one);
        for (row, v) in data.chunks_exact(k).zip(&par) {
            assert_eq!(*v, best_of_subsets(row) as u32);
        }
    }
}

#[test]
fn batch_names_the_bad_row() {
    let mut data: Vec<u8> = (0..70).map(|i| (i % 7) as u8 * 7).collect();
    data[3 * 7 + 2] = data[3 * 7 + 1];
    let err = batch::evaluate_batch(&data, 7, Some(1)).unwrap_err();
    assert!(
        err.to_string().starts_with("row 3: duplicate card"),
        "{err}"
    );
    data[3 * 7 + 2] = 60;
    let err = batch::evaluate_batch(&data, 7, None).unwrap_err();
    assert_eq!(err.to_string().split(':').next(), Some("row 3"));
    assert!(batch::evaluate_batch(&data[..8], 7, None).is_err());
    assert!(batch::evaluate_batch(&data[..8], 8, None).is_err());
}

#[test]
fn every_kernel_agrees_and_catches_every_bad_row() {
    use _core::eval::batch::Kernel;
    use rand::{rngs::StdRng, seq::IndexedRandom, Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(11);
    let deck: Vec<u8> = (0..52).collect();
    let kernels: Vec<Kernel> = [Kernel::Generic, Kernel::X86V3, Kernel::Avx512]
        .into_iter()
        .filter(|k| k.available())
        .collect();
    eprintln!("kernels on this CPU: {kernels:?}");
    for k in 5..=7usize {
        for rows in [0usize, 1, 7, 8, 9, 15, 16, 17, 31, 63, 64, 65, 1000] {
            let mut data = Vec::with_capacity(rows * k);
            for _ in 0..rows {
                data.extend(deck.choose_multiple(&mut rng, k).copied());
            }
            let expect: Vec<u32> = data
                .chunks_exact(k)
                .map(|r| best_of_subsets(r) as u32)
                .collect();
            for kernel in &kernels {
                let mut out = vec![0u32; rows];
                assert!(kernel.run(&data, k, &mut out), "{kernel:?}");
                assert_eq!(out, expect, "{kernel:?} k={k} rows={rows}");
            }
            // One bad byte anywhere is caught by every kernel.
            for _ in 0..40 {
                if rows == 0 {
                    break;
                }
                let mut bad = data.clone();
                let at = rng.random_range(0..bad.len());
                let row = at / k;
                bad[at] = match rng.random_range(0..4) {
                    0 => rng.random_range(52..=255u8),
                    1 => 64 + rng.random_range(0..52u8),
                    _ => bad[row * k + (at % k + 1) % k],
                };
                for kernel in &kernels {
                    let mut out = vec![0u32; rows];
                    assert!(
                        !kernel.run(&bad, k, &mut out),
                        "{kernel:?} missed {:?}",
                        &bad[row * k..row * k + k]
                    );
                }
            }
        }
    }
}
