//! Criterion benchmark of settlement: `cargo bench --bench settle`. A
//! 9-seat high-low hand with four all-in levels (main pot and four side
//! pots), a folded seat, and ties in both halves.

use _core::settle::{settle, Rake};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

const CONTRIBUTIONS: [u64; 9] = [10, 25, 25, 60, 80, 150, 150, 150, 40];
const HIGH: [Option<i64>; 9] = [
    Some(7),
    Some(5),
    Some(7),
    Some(3),
    Some(7),
    Some(2),
    Some(7),
    Some(1),
    None,
];
const LOW: [Option<i64>; 9] = [
    Some(4),
    None,
    Some(4),
    Some(2),
    None,
    None,
    Some(1),
    Some(1),
    None,
];

fn bench_settle(c: &mut Criterion) {
    // The answer is checked before it is timed.
    let s = settle(&CONTRIBUTIONS, &HIGH, Some(&LOW), 4, None).unwrap();
    assert_eq!(s.pots.len(), 5);
    assert_eq!(
        s.payouts.iter().sum::<u64>(),
        CONTRIBUTIONS.iter().sum::<u64>()
    );
    let mut group = c.benchmark_group("settle_9_seats_4_all_in_levels_high_low_ties");
    for (name, rake) in [
        ("no_rake", None),
        ("rake", Some(Rake::new(500, Some(3)).unwrap())),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                settle(
                    black_box(&CONTRIBUTIONS),
                    black_box(&HIGH),
                    Some(black_box(&LOW)),
                    black_box(4),
                    rake,
                )
                .unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_settle);
criterion_main!(benches);
