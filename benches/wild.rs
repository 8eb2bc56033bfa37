//! Criterion benchmarks of hands under rules: `cargo bench --bench wild`.

use _core::eval::low::LowEvaluator;
use _core::eval::rules::{Rules, RulesText};
use _core::eval::rules_batch::{evaluate_batch_into, evaluate_low_batch_into, RowWidths};
use _core::eval::wild::HighEvaluator;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::{rngs::StdRng, seq::IndexedRandom, SeedableRng};
use std::hint::black_box;

fn random_hands(rows: usize, k: usize, deck: u8, seed: u64) -> Vec<u8> {
    let mut rng = StdRng::seed_from_u64(seed);
    let deck: Vec<u8> = (0..deck).collect();
    let mut data = Vec::with_capacity(rows * k);
    for _ in 0..rows {
        data.extend(deck.choose_multiple(&mut rng, k).copied());
    }
    data
}

fn rules(t: RulesText<'_>) -> Rules {
    Rules::new(&t).unwrap()
}

fn bench_high(c: &mut Criterion) {
    let rows = 1 << 20;
    let mut group = c.benchmark_group("rules_batch7_one_thread");
    group.throughput(Throughput::Elements(rows as u64));
    let settings = [
        (
            "deuces_wild",
            rules(RulesText {
                wild_ranks: "2",
                ..Default::default()
            }),
            52,
        ),
        (
            "joker_wild",
            rules(RulesText {
                jokers: Some("wild"),
                ..Default::default()
            }),
            54,
        ),
        (
            "bug",
            rules(RulesText {
                jokers: Some("bug"),
                ..Default::default()
            }),
            54,
        ),
    ];
    for (name, r, deck) in settings {
        let evaluator = HighEvaluator::new(r);
        let data = random_hands(rows, 7, deck, 1);
        let mut out = vec![0u32; rows];
        let shape = RowWidths { k: 7, b: 0 };
        group.bench_function(name, |b| {
            b.iter(|| {
                evaluate_batch_into(&evaluator, black_box(&data), &[], shape, &mut out, Some(1))
                    .unwrap()
            })
        });
    }
    let low = LowEvaluator::new(rules(RulesText {
        low: Some("ace-to-five"),
        low_qualifier: Some(8),
        ..Default::default()
    }))
    .unwrap();
    let data = random_hands(rows, 7, 52, 2);
    let mut out = vec![0u32; rows];
    group.bench_function("ace_to_five_8_or_better", |b| {
        b.iter(|| {
            evaluate_low_batch_into(
                &low,
                black_box(&data),
                &[],
                RowWidths { k: 7, b: 0 },
                &mut out,
                Some(1),
            )
            .unwrap()
        })
    });
    group.finish();
    let rows = 1 << 16;
    let mut group = c.benchmark_group("omaha_one_thread");
    group.throughput(Throughput::Elements(rows as u64));
    let evaluator = HighEvaluator::new(rules(RulesText {
        hole_cards: Some(2),
        ..Default::default()
    }));
    let data = random_hands(rows, 9, 52, 3);
    let hole: Vec<u8> = data.chunks_exact(9).flat_map(|r| r[..4].to_vec()).collect();
    let board: Vec<u8> = data.chunks_exact(9).flat_map(|r| r[4..].to_vec()).collect();
    let mut out = vec![0u32; rows];
    group.bench_function("plo4_natural", |b| {
        b.iter(|| {
            evaluate_batch_into(
                &evaluator,
                black_box(&hole),
                &board,
                RowWidths { k: 4, b: 5 },
                &mut out,
                Some(1),
            )
            .unwrap()
        })
    });
    // Five- and six-card Omaha (the fast path of 4..=6 hole cards), and
    // Big O's low: the same boards.
    let data = random_hands(rows, 11, 52, 4);
    let board: Vec<u8> = data
        .chunks_exact(11)
        .flat_map(|r| r[6..].to_vec())
        .collect();
    let low = LowEvaluator::new(rules(RulesText {
        hole_cards: Some(2),
        low: Some("ace-to-five"),
        low_qualifier: Some(8),
        ..Default::default()
    }))
    .unwrap();
    for k in [5usize, 6] {
        let hole: Vec<u8> = data
            .chunks_exact(11)
            .flat_map(|r| r[..k].to_vec())
            .collect();
        let shape = RowWidths { k, b: 5 };
        group.bench_function(format!("plo{k}_natural"), |b| {
            b.iter(|| {
                evaluate_batch_into(
                    &evaluator,
                    black_box(&hole),
                    &board,
                    shape,
                    &mut out,
                    Some(1),
                )
                .unwrap()
            })
        });
        if k == 5 {
            group.bench_function("big_o_low", |b| {
                b.iter(|| {
                    evaluate_low_batch_into(
                        &low,
                        black_box(&hole),
                        &board,
                        shape,
                        &mut out,
                        Some(1),
                    )
                    .unwrap()
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_high);
criterion_main!(benches);
