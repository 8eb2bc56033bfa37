//! Criterion benchmarks of the core evaluator: `cargo bench --bench eval`.

use _core::eval::{batch, high};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::{rngs::StdRng, seq::IndexedRandom, SeedableRng};
use std::hint::black_box;

fn random_hands(rows: usize, k: usize, seed: u64) -> Vec<u8> {
    let mut rng = StdRng::seed_from_u64(seed);
    let deck: Vec<u8> = (0..52).collect();
    let mut data = Vec::with_capacity(rows * k);
    for _ in 0..rows {
        data.extend(deck.choose_multiple(&mut rng, k).copied());
    }
    data
}

/// The batch at 1 and 2 threads, on as many rows as the Python bench
/// (`benches/test_eval_bench.py`, 2,000,000), so the two rates compare:
/// `into` writes a slice made once (the core alone), `new` a vector made
/// per call (what a caller without a buffer of its own gets).
fn bench_batch(c: &mut Criterion) {
    let rows = 2_000_000;
    let mut group = c.benchmark_group("batch7_random");
    group.throughput(Throughput::Elements(rows as u64));
    group.sample_size(20);
    let data = random_hands(rows, 7, 1);
    let mut out = vec![0u32; rows];
    for threads in [1usize, 2] {
        group.bench_with_input(BenchmarkId::new("into", threads), &threads, |b, &t| {
            b.iter(|| batch::evaluate_batch_into(black_box(&data), 7, &mut out, Some(t)).unwrap())
        });
        group.bench_with_input(BenchmarkId::new("new", threads), &threads, |b, &t| {
            b.iter(|| batch::evaluate_batch(black_box(&data), 7, Some(t)).unwrap())
        });
    }
    group.finish();
}

fn bench_single(c: &mut Criterion) {
    let data = random_hands(4096, 7, 2);
    let mut group = c.benchmark_group("single7");
    group.throughput(Throughput::Elements(4096));
    group.bench_function("evaluate", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for row in data.chunks_exact(7) {
                acc = acc.wrapping_add(high::evaluate(black_box(row)).unwrap() as u32);
            }
            acc
        })
    });
    group.finish();
}

criterion_group!(benches, bench_batch, bench_single);
criterion_main!(benches);
