//! The Tokio twins of the rt workloads of bench/workload (same sizes, same shapes):
//! `tokio-bench WORKLOAD WORKERS` runs one on a multi-thread runtime of WORKERS workers (or, for
//! WORKERS `current`, on the current-thread runtime: one thread, no stealing) and prints its time in nanoseconds, its value, the process's peak resident memory in kilobytes
//! (VmHWM, 0 where there is no /proc) and the CPU time the workload took in microseconds. The workload's root is spawned onto a worker
//! (as rt's main task runs on one), and the clock runs from before that spawn to its end.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use tokio::sync::{mpsc, watch};
use tokio::task::yield_now;

const TREE_DEPTH: u32 = 18;
const SPAWN_COUNT: i64 = 100_000;
const YIELD_TASKS: i64 = 1000;
const YIELDS_EACH: i64 = 100;
const PING_ROUNDS: i64 = 100_000;
const CHAIN_DEPTH: i64 = 10_000;
const SUSPENDED_TASKS: i64 = 1_000_000;
const FANOUT_CHILDREN: i64 = 32;

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

/// An inner node spawns its left child, awaits its right child inline, then the spawned one;
/// a leaf yields once. Gives its leaves.
fn tree(depth: u32) -> BoxFuture<i64> {
    Box::pin(async move {
        if depth == 0 {
            yield_now().await;
            return 1;
        }
        let left = tokio::spawn(tree(depth - 1));
        let right = tree(depth - 1).await;
        right + left.await.unwrap()
    })
}

async fn spawn_many() -> i64 {
    let hs: Vec<_> = (0..SPAWN_COUNT).map(|i| tokio::spawn(async move { i })).collect();
    let mut sum = 0;
    for h in hs {
        sum += h.await.unwrap();
    }
    sum
}

async fn yield_many() -> i64 {
    let hs: Vec<_> = (0..YIELD_TASKS)
        .map(|_| {
            tokio::spawn(async {
                for _ in 0..YIELDS_EACH {
                    yield_now().await;
                }
            })
        })
        .collect();
    let mut n = 0;
    for h in hs {
        h.await.unwrap();
        n += 1;
    }
    n
}

/// Two tasks bouncing a value over two channels of capacity 1; gives the rounds both counted.
async fn ping_pong() -> i64 {
    let (to_echo, mut echo_in) = mpsc::channel::<i64>(1);
    let (to_ping, mut ping_in) = mpsc::channel::<i64>(1);
    let pinger = tokio::spawn(async move {
        let mut i = 0;
        while i < PING_ROUNDS {
            to_echo.send(i).await.unwrap();
            ping_in.recv().await.unwrap();
            i += 1;
        }
        i
    });
    let echo = tokio::spawn(async move {
        let mut i = 0;
        while i < PING_ROUNDS {
            let v = echo_in.recv().await.unwrap();
            to_ping.send(v).await.unwrap();
            i += 1;
        }
        i
    });
    pinger.await.unwrap() + echo.await.unwrap()
}

/// Each task spawns the next and awaits it; gives the depth.
fn chain(depth: i64) -> BoxFuture<i64> {
    Box::pin(async move {
        if depth == 0 {
            return 0;
        }
        tokio::spawn(chain(depth - 1)).await.unwrap() + 1
    })
}

/// 1M tasks each waiting on one channel (a watch receiver each) until every one waits; then
/// the sender goes and they all finish. Gives the tasks that finished.
async fn suspended() -> i64 {
    let (tx, rx) = watch::channel(0i64);
    let started = Arc::new(AtomicI64::new(0));
    let hs: Vec<_> = (0..SUSPENDED_TASKS)
        .map(|_| {
            let mut rx = rx.clone();
            let started = started.clone();
            tokio::spawn(async move {
                let changed = rx.changed();
                started.fetch_add(1, Ordering::Relaxed);
                let _ = changed.await;
                1i64
            })
        })
        .collect();
    drop(rx);
    while started.load(Ordering::Relaxed) < SUSPENDED_TASKS {
        yield_now().await;
    }
    drop(tx);
    let mut total = 0;
    for h in hs {
        total += h.await.unwrap();
    }
    total
}

/// The CPU-bound body of spec example 10.
fn work(seed: i64) -> i64 {
    let mut x = seed;
    for _ in 0..200_000 {
        x = (x * 1103515245 + 12345) % 2147483648;
    }
    x
}

async fn fanout_cpu() -> i64 {
    let hs: Vec<_> = (0..FANOUT_CHILDREN)
        .map(|i| tokio::spawn(async move { work(i) }))
        .collect();
    let mut total = 0;
    for h in hs {
        total += h.await.unwrap();
    }
    total
}

fn workload(name: &str) -> Option<BoxFuture<i64>> {
    Some(match name {
        "tree" => tree(TREE_DEPTH),
        "spawn_many" => Box::pin(spawn_many()),
        "yield_many" => Box::pin(yield_many()),
        "ping_pong" => Box::pin(ping_pong()),
        "chained" => chain(CHAIN_DEPTH),
        "suspended" => Box::pin(suspended()),
        "fanout_cpu" => Box::pin(fanout_cpu()),
        _ => return None,
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        eprintln!("usage: tokio-bench WORKLOAD WORKERS");
        std::process::exit(2);
    }
    let workers: Option<usize> = match args[2].parse() {
        Ok(n) if n >= 1 => Some(n),
        _ if args[2] == "current" => None,
        _ => {
            eprintln!("tokio-bench: WORKERS must be a positive number or current");
            std::process::exit(2);
        }
    };
    let Some(root) = workload(&args[1]) else {
        eprintln!("tokio-bench: no workload {:?}", args[1]);
        std::process::exit(2);
    };
    let runtime = match workers {
        Some(n) => tokio::runtime::Builder::new_multi_thread()
            .worker_threads(n)
            .enable_all()
            .build(),
        None => tokio::runtime::Builder::new_current_thread().enable_all().build(),
    }
    .unwrap();
    let cpu0 = cpu_micros();
    let start = Instant::now();
    let value = runtime.block_on(async move { tokio::spawn(root).await.unwrap() });
    let elapsed = start.elapsed();
    let cpu = cpu_micros() - cpu0;
    println!("{} {} {} {}", elapsed.as_nanos(), value, peak_rss_kb(), cpu);
}

/// The CPU time the process has used, user and system, in microseconds.
fn cpu_micros() -> i64 {
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut ru) } != 0 {
        return 0;
    }
    let us = |t: libc::timeval| t.tv_sec as i64 * 1_000_000 + t.tv_usec as i64;
    us(ru.ru_utime) + us(ru.ru_stime)
}

/// The process's peak resident memory, from /proc/self/status.
fn peak_rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
        .unwrap_or(0)
}
