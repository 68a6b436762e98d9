// A program run by hand (no build or test runs it), for the Java blocking row: what does
// handing results to THREADS blocked threads cost on one core, when one service thread does
// WORK_US µs of work per call? docs/adr/0022 gives what it showed.
//
//     rustc -O -o /tmp/wake_batches bench/rust/wake_batches.rs
//     taskset -c 1 perf stat -e context-switches /tmp/wake_batches CALLS THREADS WORK_US MODE
//
// MODE: `loop`: one thread does the work of every call, no hand-off (the bound); `each`: the
// service wakes each call's thread as the call finishes (what completing a future does);
// `batch`: the service finishes every call it has, then wakes their threads with one
// FUTEX_WAKE_BITSET, so that the woken threads run one after another instead of each
// preempting the service. Linux x86-64 only (the futex system call's number).
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::*};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

extern "C" {
    fn syscall(num: i64, ...) -> i64;
}
const SYS_FUTEX: i64 = 202;
const FUTEX_WAIT_BITSET: i64 = 9;
const FUTEX_WAKE_BITSET: i64 = 10;
const PRIVATE: i64 = 128;

fn futex_wait(word: &AtomicU32, expected: u32, bits: u32) {
    unsafe { syscall(SYS_FUTEX, word as *const _ as i64, FUTEX_WAIT_BITSET | PRIVATE, expected as i64, 0i64, 0i64, bits as i64) };
}
fn futex_wake(word: &AtomicU32, n: i64, bits: u32) {
    unsafe { syscall(SYS_FUTEX, word as *const _ as i64, FUTEX_WAKE_BITSET | PRIVATE, n, 0i64, 0i64, bits as i64) };
}
fn work(us: u64) {
    let end = Instant::now() + Duration::from_micros(us);
    let mut x = 0u64;
    while Instant::now() < end {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        std::hint::black_box(x);
    }
}

struct Shared {
    queue: Mutex<Vec<usize>>,
    ready: Condvar,
    done: Vec<AtomicBool>,
    /// one word per thread (`each`)
    words: Vec<AtomicU32>,
    /// one word for all (`batch`): each thread waits on it with its own bit
    generation: AtomicU32,
    /// calls not yet started; past 0 it wraps above `calls`, which stops every thread
    remaining: AtomicU64,
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let calls: u64 = a[1].parse().unwrap();
    let threads: usize = a[2].parse().unwrap();
    let work_us: u64 = a[3].parse().unwrap();
    let mode = a[4].clone();
    if mode == "loop" {
        let t = Instant::now();
        for _ in 0..calls {
            work(work_us);
        }
        println!("loop {:.0}/s", calls as f64 / t.elapsed().as_secs_f64());
        return;
    }
    let batch = mode == "batch";
    let s = Arc::new(Shared {
        queue: Mutex::new(Vec::new()),
        ready: Condvar::new(),
        done: (0..threads).map(|_| AtomicBool::new(false)).collect(),
        words: (0..threads).map(|_| AtomicU32::new(0)).collect(),
        generation: AtomicU32::new(0),
        remaining: AtomicU64::new(calls),
    });
    let t = Instant::now();
    let service = {
        let s = s.clone();
        std::thread::spawn(move || {
            let mut served = 0u64;
            while served < calls {
                let batch_ids: Vec<usize> = {
                    let mut q = s.queue.lock().unwrap();
                    while q.is_empty() {
                        q = s.ready.wait(q).unwrap();
                    }
                    std::mem::take(&mut *q)
                };
                let mut bits = 0u32;
                for id in batch_ids {
                    work(work_us);
                    served += 1;
                    s.done[id].store(true, Release);
                    if batch {
                        bits |= 1 << (id % 32);
                    } else {
                        s.words[id].fetch_add(1, Release);
                        futex_wake(&s.words[id], 1, u32::MAX);
                    }
                }
                if batch {
                    s.generation.fetch_add(1, Release);
                    futex_wake(&s.generation, i64::from(i32::MAX), bits);
                }
            }
        })
    };
    let waiters: Vec<_> = (0..threads)
        .map(|id| {
            let s = s.clone();
            std::thread::spawn(move || loop {
                if s.remaining.fetch_sub(1, AcqRel) == 0 || s.remaining.load(Acquire) > calls {
                    return;
                }
                s.queue.lock().unwrap().push(id);
                s.ready.notify_one();
                loop {
                    let word = if batch { &s.generation } else { &s.words[id] };
                    let seen = word.load(Acquire);
                    if s.done[id].swap(false, AcqRel) {
                        break;
                    }
                    futex_wait(word, seen, if batch { 1 << (id % 32) } else { u32::MAX });
                }
            })
        })
        .collect();
    service.join().unwrap();
    let secs = t.elapsed().as_secs_f64();
    s.remaining.store(u64::MAX, Release);
    for w in waiters {
        let _ = w.join();
    }
    println!("{mode} {:.0}/s", calls as f64 / secs);
}
