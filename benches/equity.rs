//! Criterion benchmarks of equity: `cargo bench --bench equity`.
//! AhKh v QsQd preflop, all 1,712,304 boards, on 1 and 2 threads (targets:
//! at most 2.0 ms on one thread, where OMPEval takes 2.4 ms on one thread
//! of the reference machine; under 1.2 ms on two); AhKh v QsQd v 7c6c
//! (1,370,754 boards) on one thread (issue 31: the Python bench has
//! OMPEval in the same run); Monte Carlo boards per
//! second; AA v KK v QQ v AKs preflop (216 joint holdings in 10
//! suit-isomorphism classes; target under 0.3 s on one thread) on 1 and 2
//! threads.

use _core::equity::{enumerate, monte_carlo, HighScorer, Shards, SHARD_TRIALS};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;

#[path = "common/equity_setup.rs"]
mod setup;
use setup::{class_spot, pool, spot};

fn bench_exact(c: &mut Criterion) {
    let s = spot(&["AhKh", "QsQd"]);
    let mut group = c.benchmark_group("exact_akh_qq");
    group.throughput(Throughput::Elements(1_712_304));
    for threads in [1usize, 2] {
        let p = pool(threads);
        group.bench_with_input(BenchmarkId::from_parameter(threads), &threads, |b, _| {
            // as `hoyle.equity(..., threads=n)` runs it: one thread is the
            // calling thread alone, more split the boards over the pool
            b.iter(|| p.install(|| enumerate(black_box(&s), &HighScorer, threads > 1).unwrap()))
        });
    }
    group.finish();
    let s = spot(&["AhKh", "QsQd", "7c6c"]);
    let mut group = c.benchmark_group("exact_akh_qq_76c");
    group.throughput(Throughput::Elements(1_370_754));
    group.bench_function("1", |b| {
        b.iter(|| enumerate(black_box(&s), &HighScorer, false).unwrap())
    });
    group.finish();
}

fn bench_exact_ranges(c: &mut Criterion) {
    let s = class_spot(&["AA", "KK", "QQ", "AKs"]);
    let mut group = c.benchmark_group("exact_aa_kk_qq_aks");
    group.throughput(Throughput::Elements(216 * 1_086_008));
    group.sample_size(10);
    for threads in [1usize, 2] {
        let p = pool(threads);
        group.bench_with_input(BenchmarkId::from_parameter(threads), &threads, |b, _| {
            b.iter(|| p.install(|| enumerate(black_box(&s), &HighScorer, true).unwrap()))
        });
    }
    group.finish();
}

fn bench_monte_carlo(c: &mut Criterion) {
    let s = spot(&["AhKh", "QsQd"]);
    let shards = 32;
    let mut group = c.benchmark_group("monte_carlo_heads_up");
    group.throughput(Throughput::Elements(shards * SHARD_TRIALS));
    group.sample_size(10);
    for threads in [1usize, 2] {
        let p = pool(threads);
        group.bench_with_input(BenchmarkId::from_parameter(threads), &threads, |b, _| {
            b.iter(|| {
                p.install(|| {
                    monte_carlo(
                        black_box(&s),
                        &HighScorer,
                        1,
                        Shards::whole(0, shards),
                        true,
                    )
                    .unwrap()
                })
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_exact, bench_exact_ranges, bench_monte_carlo);
criterion_main!(benches);
