//! Same-run timings of the equity engine: `cargo run --release --example
//! equity_speed [shards]`. AhKh v QsQd preflop: Monte Carlo boards per
//! second on 1 and 2 threads, and the exact enumeration in ms (AhKh v QsQd
//! v 7c6c too, one thread). Prints the
//! load average so a busy machine shows. `equity_speed N once`: one Monte
//! Carlo run of N shards; `equity_speed N exact`: N exact runs on one
//! thread (both for `perf`).

use _core::equity::{enumerate, monte_carlo, HighScorer, Shards, SHARD_TRIALS};
use std::time::Instant;

#[path = "common/equity_setup.rs"]
mod setup;
use setup::{pool, spot};

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> f64 {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let shards: u64 = std::env::args()
        .nth(1)
        .map_or(64, |s| s.parse().expect("shards"));
    let s = spot(&["AhKh", "QsQd"]);
    if std::env::args().nth(2).as_deref() == Some("exact") {
        // `shards` single-threaded exact runs, for `perf stat` / `perf record`
        for _ in 0..shards {
            std::hint::black_box(enumerate(&s, &HighScorer, false).unwrap());
        }
        return;
    }
    if std::env::args().nth(2).as_deref() == Some("once") {
        // one single-threaded run, for `perf stat`
        let c = monte_carlo(&s, &HighScorer, 1, Shards::whole(0, shards), false);
        println!("{:?}", c.unwrap().equity());
        return;
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average: {}", load.trim());
    let trials = (shards * SHARD_TRIALS) as f64;
    let mut rates = Vec::new();
    for threads in [1usize, 2] {
        let p = pool(threads);
        let secs = best_of(5, || {
            p.install(|| {
                monte_carlo(&s, &HighScorer, 1, Shards::whole(0, shards), threads > 1).unwrap()
            })
        });
        let rate = trials / secs / 1e6;
        rates.push(rate);
        println!(
            "monte carlo, {threads} thread(s): {rate:.1}M boards/s ({shards} shards, best of 5)"
        );
    }
    println!("2 threads / 1 thread: {:.2}x", rates[1] / rates[0]);
    for threads in [1usize, 2] {
        let p = pool(threads);
        let secs = best_of(20, || {
            p.install(|| enumerate(&s, &HighScorer, threads > 1).unwrap())
        });
        // OMPEval: 2.4 ms on one thread of the reference machine (issue 14)
        let target = if threads == 1 {
            "at most 2.0"
        } else {
            "under 1.2"
        };
        println!(
            "exact AhKh v QsQd, {threads} thread(s): {:.2} ms (best of 20; target {target} ms; OMPEval 2.4 ms on 1 thread: {:.2}x)",
            secs * 1e3,
            2.4e-3 / secs
        );
    }
    let three = spot(&["AhKh", "QsQd", "7c6c"]);
    let secs = best_of(20, || enumerate(&three, &HighScorer, false).unwrap());
    println!(
        "exact AhKh v QsQd v 7c6c, 1 thread: {:.2} ms (best of 20)",
        secs * 1e3
    );
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average: {}", load.trim());
}
