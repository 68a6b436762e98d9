//! The blocking methods of the Java API (ADR 0022): the calling thread waits for its own call
//! inside the component, and the threads whose calls ended in the same stretch of the runtime's
//! work are woken together.
//!
//! A blocking method used to wait on a `CompletableFuture` that the completion thread of the
//! direct path (`fast.rs`) completed: each completion woke one thread, and on a busy core each
//! woken thread preempted the thread that woke it, two context switches a call. Here the end of
//! a call is held back as Swift's are (`deferred.rs`), and every thread of the batch is woken
//! at once: on Linux and Android with one `FUTEX_WAKE_BITSET` per group of 32 threads (each
//! thread waits on its group's word with a bit of its own), so the woken threads run one after
//! another instead of each preempting the releaser. They are woken when a worker of the runtime
//! has run all that was ready (ADR 0026): woken earlier, they preempt the worker in the middle of
//! its work on a busy core. Elsewhere each thread is unparked on its own, when it is marked.

use crate::fast::{failed, panicked, start, Finished};
use std::cell::RefCell;
use std::future::Future;
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};
use std::time::Duration;
use tokio::task::JoinHandle;

/// How long a blocked thread waits in the component before it comes back to the JVM, which
/// looks whether the thread was interrupted: the longest an interrupt waits to be noticed.
const INTERRUPT_CHECK: Duration = Duration::from_millis(20);

/// Size of the record a finished call leaves at the start of `out`: result address (i64, 0 when
/// the result follows the record in `out` itself), result length (i32), success flag (i8),
/// padding; big-endian, as the rest of the buffer it is written to.
const RECORD: usize = 16;

/// The calling thread's way to sleep, and the waker that marks it, held back (`deferred.rs`).
struct ThisThread {
    parker: Arc<parker::Parker>,
    waker: Waker,
}

thread_local! {
    static THIS_THREAD: ThisThread = {
        let parker = Arc::new(parker::Parker::new());
        let waker = crate::deferred::held(Waker::from(Arc::new(ParkerWaker(parker.clone()))));
        ThisThread { parker, waker }
    };
    /// The call this thread waits for, between returns to the JVM.
    static CURRENT: RefCell<Option<JoinHandle<Finished>>> = const { RefCell::new(None) };
    /// The outcome cell of [`CURRENT`], sealed when the thread stops waiting.
    static CURRENT_CELL: RefCell<Option<wallet_sdk::OutcomeTokenCell>> = const { RefCell::new(None) };
    /// A result too large for the JVM's buffer, kept until this thread's next call here (it has
    /// been read by then).
    static HANDED_OUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

struct ParkerWaker(Arc<parker::Parker>);

impl Wake for ParkerWaker {
    fn wake(self: Arc<Self>) {
        self.0.mark();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.0.mark();
    }
}

/// Sees to it that the threads marked by `deferred::release` (the only place their wake-ups come
/// from: the waker a thread polls its call with is a held one) are woken: together with every
/// other thread whose call ends before then, when a worker of the runtime has run all that was
/// ready and is about to sleep, or after [`parker::WAKE_AT_THE_LATEST`] if none gets there.
pub(crate) fn wake_marked_soon() {
    parker::wake_marked_soon();
}

/// Polls this thread's call, sleeping until it ends or [`INTERRUPT_CHECK`] has passed: its
/// result is handed out at `out` (see [`hand_out`]) and 1 returned, or 0 while it still runs.
///
/// # Safety
/// `out` points at `capacity` writable bytes, `capacity` ≥ [`RECORD`].
unsafe fn wait(out: *mut u8, capacity: usize) -> i32 {
    let ended = THIS_THREAD.with(|this| {
        CURRENT.with(|current| {
            let mut current = current.borrow_mut();
            let task = current.as_mut()?;
            let mut context = Context::from_waker(&this.waker);
            let deadline = std::time::Instant::now() + INTERRUPT_CHECK;
            loop {
                if let Poll::Ready(ended) = std::pin::Pin::new(&mut *task).poll(&mut context) {
                    *current = None;
                    return Some(ended);
                }
                if !this.parker.park_until(deadline) {
                    return None;
                }
            }
        })
    });
    let Some(ended) = ended else { return 0 };
    let finished = match ended {
        Ok(finished) => finished,
        Err(e) if e.is_panic() => panicked(),
        Err(_) => failed("internal error: the call was cancelled".into()),
    };
    hand_out(finished, out, capacity);
    1
}

/// Writes `finished`'s record at `out` and its bytes right after it when they fit in `capacity`
/// (the JVM then reads them from its own buffer, with no native memory to wrap); larger ones
/// are kept until this thread's next call and their address is written instead.
unsafe fn hand_out(finished: Finished, out: *mut u8, capacity: usize) {
    let finished = finished.within_jvm_limit();
    let length = finished.bytes.len();
    let inline = length <= capacity - RECORD;
    let address = if inline {
        std::ptr::copy_nonoverlapping(finished.bytes.as_ptr(), out.add(RECORD), length);
        0
    } else {
        finished.bytes.as_ptr() as i64
    };
    let mut record = [0u8; RECORD];
    record[0..8].copy_from_slice(&address.to_be_bytes());
    record[8..12].copy_from_slice(&(length as i32).to_be_bytes());
    record[12] = u8::from(finished.ok);
    std::ptr::copy_nonoverlapping(record.as_ptr(), out, RECORD);
    if !inline {
        HANDED_OUT.with(|kept| *kept.borrow_mut() = finished.bytes);
    }
}

/// The capacity of `out`, or None when it cannot hold a record.
fn capacity(out: *mut u8, capacity: i32) -> Option<usize> {
    usize::try_from(capacity).ok().filter(|&c| c >= RECORD && !out.is_null())
}

/// Starts method `method` as [`crate::fast::wallet_sdk_ffi_fast_call`] does, for the calling
/// thread to wait for: returns 1 with the record of its result at `out` (result address i64,
/// length i32, success flag i8, big-endian; address 0: the bytes follow the record in `out`,
/// otherwise they stay valid until this thread's next call here), or 0 if it still runs after
/// 20 ms (then [`wallet_sdk_ffi_fast_blocking_wait`] or [`wallet_sdk_ffi_fast_blocking_cancel`]),
/// or -1 if `out` cannot hold a record. `out` may be the arguments' own buffer: they are read
/// before anything is written. Never unwinds.
///
/// # Safety
/// `args` points at `len` readable bytes; `out` at `out_capacity` writable ones.
#[no_mangle]
pub unsafe extern "C" fn wallet_sdk_ffi_fast_blocking_call(
    method: i32,
    args: *const u8,
    len: i32,
    out: *mut u8,
    out_capacity: i32,
) -> i32 {
    let Some(capacity) = capacity(out, out_capacity) else { return -1 };
    HANDED_OUT.with(|kept| drop(std::mem::take(&mut *kept.borrow_mut())));
    let (call, cell) = match start(method, args, len) {
        Ok(started) => started,
        Err(failure) => {
            hand_out(failure, out, capacity);
            return 1;
        }
    };
    CURRENT_CELL.with(|current| *current.borrow_mut() = cell.clone());
    let spawned = wallet_sdk::panic::catch_quietly(move || {
        let task = crate::runtime().spawn(crate::client::ON_CALL_TASK.scope(cell, call));
        // A call left by a thread that stopped waiting without cancelling it (an exception in
        // the JVM between two waits) runs on, as a future nobody waits for does; its result is
        // not read.
        if let Some(left) = CURRENT.with(|current| current.borrow_mut().replace(task)) {
            abandon_when_done(left);
        }
    });
    if spawned.is_err() {
        hand_out(failed("internal error: the SDK's runtime could not start".into()), out, capacity);
        return 1;
    }
    wallet_sdk::panic::catch_quietly(|| wait(out, capacity)).unwrap_or_else(|_| {
        CURRENT.with(|current| current.borrow_mut().take().map(|task| task.abort()));
        hand_out(panicked(), out, capacity);
        1
    })
}

/// Waits on for the calling thread's call, as [`wallet_sdk_ffi_fast_blocking_call`] does.
/// Returns -1 if the thread has no call or `out` cannot hold a record.
///
/// # Safety
/// `out` points at `out_capacity` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn wallet_sdk_ffi_fast_blocking_wait(out: *mut u8, out_capacity: i32) -> i32 {
    let Some(capacity) = capacity(out, out_capacity) else { return -1 };
    if CURRENT.try_with(|current| current.borrow().is_none()).unwrap_or(true) {
        return -1;
    }
    wallet_sdk::panic::catch_quietly(|| wait(out, capacity)).unwrap_or_else(|_| {
        hand_out(panicked(), out, capacity);
        1
    })
}

/// Stops waiting for the calling thread's call and aborts it, as cancelling its future would:
/// a read's or a broadcast's request is aborted; a create or a send under way runs on in the
/// core and reports to the abandoned-call listener. Returns what
/// [`crate::fast::wallet_sdk_ffi_fast_cancel`] returns.
#[no_mangle]
pub extern "C" fn wallet_sdk_ffi_fast_blocking_cancel() -> i32 {
    wallet_sdk::panic::catch_quietly(|| {
        let cell = CURRENT_CELL.with(|current| current.borrow_mut().take());
        let Some(task) = CURRENT.with(|current| current.borrow_mut().take()) else { return 0 };
        task.abort();
        // a call that finished as its thread gave up keeps its result: abandoned, not dropped
        abandon_when_done(task);
        crate::fast::seal_for_this_thread(cell.as_ref())
    })
    .unwrap_or(0)
}

/// Makes `task` the calling thread's call, as [`wallet_sdk_ffi_fast_blocking_call`] does.
#[cfg(test)]
pub(crate) fn set_current_for_test(task: JoinHandle<Finished>) {
    CURRENT.with(|current| *current.borrow_mut() = Some(task));
}

/// Once `task` ends, a result nobody will read is abandoned ([`Finished::abandon`]); an aborted
/// task has none (the core reports a create or send under way itself).
fn abandon_when_done(task: JoinHandle<Finished>) {
    let _ = wallet_sdk::panic::catch_quietly(|| {
        crate::runtime().spawn(async move {
            if let Ok(finished) = task.await {
                finished.abandon();
            }
        })
    });
}

#[cfg(any(target_os = "linux", target_os = "android"))]
use futex_parker as parker;
#[cfg(not(any(target_os = "linux", target_os = "android")))]
use unpark_parker as parker;

#[cfg(any(target_os = "linux", target_os = "android"))]
mod futex_parker {
    //! Threads sleep on one of [`GROUPS`] futex words, each with its own bit of it; a release
    //! bumps each word that has marked threads and wakes exactly their bits, in one system call
    //! per word. Threads past the 256th share bits with earlier ones: a shared bit wakes both,
    //! and the one whose call has not ended sleeps again.
    use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::SeqCst};
    use std::time::Instant;

    const GROUPS: usize = 8;
    static WORDS: [AtomicU32; GROUPS] = [const { AtomicU32::new(0) }; GROUPS];
    /// The bits of the threads marked since the last release, by group.
    static MARKED: [AtomicU32; GROUPS] = [const { AtomicU32::new(0) }; GROUPS];
    static THREADS: AtomicU32 = AtomicU32::new(0);

    pub(super) struct Parker {
        group: usize,
        bit: u32,
        woken: AtomicBool,
    }

    impl Parker {
        pub(super) fn new() -> Self {
            let n = THREADS.fetch_add(1, SeqCst) as usize;
            Parker { group: n / 32 % GROUPS, bit: 1 << (n % 32), woken: AtomicBool::new(false) }
        }

        /// Marks this thread to be woken at the next release.
        pub(super) fn mark(&self) {
            self.woken.store(true, SeqCst);
            MARKED[self.group].fetch_or(self.bit, SeqCst);
        }

        /// Sleeps until marked and released (true) or until `deadline` (false).
        pub(super) fn park_until(&self, deadline: Instant) -> bool {
            let word = &WORDS[self.group];
            loop {
                // Read before the flag: a release after this read changes the word, and the
                // wait then returns at once.
                let seen = word.load(SeqCst);
                if self.woken.swap(false, SeqCst) {
                    return true;
                }
                let Some(left) = deadline.checked_duration_since(Instant::now()).filter(|d| !d.is_zero()) else {
                    return self.woken.swap(false, SeqCst);
                };
                // FUTEX_WAIT_BITSET takes an absolute CLOCK_MONOTONIC time.
                let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
                // SAFETY: `now` is a valid timespec to write.
                unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now) };
                // tv_nsec is a C long: 32 bits on 32-bit Android
                #[allow(clippy::unnecessary_cast)]
                let nanos = now.tv_nsec as i64 + i64::from(left.subsec_nanos());
                let until = libc::timespec {
                    tv_sec: now.tv_sec + left.as_secs() as libc::time_t + (nanos / 1_000_000_000) as libc::time_t,
                    tv_nsec: (nanos % 1_000_000_000) as _,
                };
                // SAFETY: the word is a live, aligned u32; the timespec outlives the call.
                // EAGAIN (the word moved), EINTR, ETIMEDOUT and wake-ups all lead back to the checks.
                unsafe {
                    libc::syscall(
                        libc::SYS_futex,
                        word.as_ptr(),
                        libc::FUTEX_WAIT_BITSET | libc::FUTEX_PRIVATE_FLAG,
                        seen,
                        &until as *const libc::timespec,
                        std::ptr::null::<u32>(),
                        self.bit,
                    )
                };
            }
        }
    }

    /// The longest that marked threads wait for a worker of the runtime to run out of work: a
    /// runtime kept busy (many clients' calls in one process) must not hold ended calls back.
    pub(super) const WAKE_AT_THE_LATEST: std::time::Duration = std::time::Duration::from_millis(1);

    /// The process whose runtime has a wake-up at [`WAKE_AT_THE_LATEST`] pending (0: none), as
    /// `deferred.rs` keeps its release: a child after fork() arms its own.
    static FALLBACK_IN: AtomicU32 = AtomicU32::new(0);

    pub(super) fn wake_marked_soon() {
        // Swift's calls come through the same release and mark nobody here
        if MARKED.iter().all(|marked| marked.load(SeqCst) == 0) {
            return;
        }
        static IDLE_HOOK: std::sync::Once = std::sync::Once::new();
        IDLE_HOOK.call_once(|| {
            wallet_sdk::fork::on_shared_runtime_idle(release);
        });
        let process = wallet_sdk::fork::process_id();
        if FALLBACK_IN.swap(process, SeqCst) != process {
            crate::runtime().spawn(async {
                tokio::time::sleep(WAKE_AT_THE_LATEST).await;
                // cleared before the release: a thread marked after it arms the next one
                FALLBACK_IN.store(0, SeqCst);
                release();
            });
        }
    }

    /// Wakes every thread marked since the last release.
    pub(super) fn release() {
        for (word, marked) in WORDS.iter().zip(&MARKED) {
            if marked.load(SeqCst) == 0 {
                continue;
            }
            let bits = marked.swap(0, SeqCst);
            word.fetch_add(1, SeqCst);
            // SAFETY: the word is a live, aligned u32; no timeout or second word is read.
            unsafe {
                libc::syscall(
                    libc::SYS_futex,
                    word.as_ptr(),
                    libc::FUTEX_WAKE_BITSET | libc::FUTEX_PRIVATE_FLAG,
                    i32::MAX,
                    std::ptr::null::<libc::timespec>(),
                    std::ptr::null::<u32>(),
                    bits,
                )
            };
        }
    }
}

// Compiled everywhere, so that its tests run on Linux too.
#[cfg_attr(any(target_os = "linux", target_os = "android"), allow(dead_code))]
mod unpark_parker {
    //! Without a futex that wakes many chosen threads at once: each thread is unparked on its own.
    use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
    use std::time::Instant;

    pub(super) struct Parker {
        thread: std::thread::Thread,
        woken: AtomicBool,
    }

    impl Parker {
        pub(super) fn new() -> Self {
            Parker { thread: std::thread::current(), woken: AtomicBool::new(false) }
        }

        pub(super) fn mark(&self) {
            self.woken.store(true, SeqCst);
            self.thread.unpark();
        }

        pub(super) fn park_until(&self, deadline: Instant) -> bool {
            loop {
                if self.woken.swap(false, SeqCst) {
                    return true;
                }
                match deadline.checked_duration_since(Instant::now()).filter(|d| !d.is_zero()) {
                    Some(left) => std::thread::park_timeout(left),
                    None => return self.woken.swap(false, SeqCst),
                }
            }
        }
    }

    /// Marking has already woken the thread.
    pub(super) fn wake_marked_soon() {}

    #[cfg(test)]
    pub(super) fn release() {}
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_result_follows_its_record_when_it_fits_and_is_lent_otherwise() {
        use super::{hand_out, Finished, HANDED_OUT, RECORD};
        let mut out = [0u8; 64];
        // SAFETY: `out` has the 64 bytes given
        unsafe { hand_out(Finished { ok: true, bytes: vec![7; 64 - RECORD], unread: None }, out.as_mut_ptr(), 64) };
        assert_eq!(out[0..8], 0i64.to_be_bytes(), "inline");
        assert_eq!(out[8..12], 48i32.to_be_bytes());
        assert_eq!(out[12], 1);
        assert!(out[RECORD..].iter().all(|&b| b == 7));
        unsafe { hand_out(Finished { ok: false, bytes: vec![9; 64 - RECORD + 1], unread: None }, out.as_mut_ptr(), 64) };
        let address = i64::from_be_bytes(out[0..8].try_into().unwrap());
        assert_ne!(address, 0, "lent");
        assert_eq!(out[8..12], 49i32.to_be_bytes());
        assert_eq!(out[12], 0);
        assert_eq!(HANDED_OUT.with(|kept| kept.borrow().as_ptr() as i64), address, "kept until the next call");
        // SAFETY: the kept bytes live in this thread's HANDED_OUT
        let lent = unsafe { std::slice::from_raw_parts(address as *const u8, 49) };
        assert!(lent.iter().all(|&b| b == 9));
    }

    /// Held by each test that marks or releases threads: a release wakes every marked thread,
    /// so a test's release could otherwise wake another test's thread for it.
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

    /// The same tests for each way of sleeping.
    macro_rules! parker_tests {
        ($name:ident, $parker:ident) => {
            mod $name {
                use crate::blocking::$parker::{release, Parker};
                use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
                use std::sync::{Arc, Barrier};
                use std::time::{Duration, Instant};

                /// 300 threads (more than there are bits, so some share one) each wait; marking all and one
                /// release wakes every one, and none wakes before it is marked.
                #[test]
                fn one_release_wakes_every_marked_thread_and_no_other() {
                    let _one = super::ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
                    const THREADS: usize = 300;
                    let parkers: Arc<std::sync::Mutex<Vec<Arc<Parker>>>> = Arc::default();
                    let woken = Arc::new(AtomicUsize::new(0));
                    let ready = Arc::new(Barrier::new(THREADS + 1));
                    let threads: Vec<_> = (0..THREADS)
                        .map(|_| {
                            let (parkers, woken, ready) = (parkers.clone(), woken.clone(), ready.clone());
                            std::thread::spawn(move || {
                                let parker = Arc::new(Parker::new());
                                parkers.lock().unwrap().push(parker.clone());
                                ready.wait();
                                let started = Instant::now();
                                assert!(parker.park_until(started + Duration::from_secs(30)), "not woken in 30 s");
                                woken.fetch_add(1, SeqCst);
                            })
                        })
                        .collect();
                    ready.wait();
                    std::thread::sleep(Duration::from_millis(50));
                    assert_eq!(woken.load(SeqCst), 0, "woken before being marked");
                    let parkers = std::mem::take(&mut *parkers.lock().unwrap());
                    let (first, rest) = parkers.split_at(THREADS / 2);
                    first.iter().for_each(|p| p.mark());
                    release();
                    let deadline = Instant::now() + Duration::from_secs(10);
                    while woken.load(SeqCst) < first.len() && Instant::now() < deadline {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    std::thread::sleep(Duration::from_millis(50));
                    assert_eq!(woken.load(SeqCst), first.len(), "exactly the marked threads are woken");
                    rest.iter().for_each(|p| p.mark());
                    release();
                    threads.into_iter().for_each(|t| t.join().unwrap());
                    assert_eq!(woken.load(SeqCst), THREADS);
                }


                #[test]
                fn an_unmarked_thread_comes_back_at_its_deadline() {
                    let _one = super::ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
                    let parker = Parker::new();
                    let started = Instant::now();
                    assert!(!parker.park_until(started + Duration::from_millis(30)));
                    let waited = started.elapsed();
                    assert!(waited >= Duration::from_millis(30) && waited < Duration::from_secs(5), "{waited:?}");
                    // a mark made while nobody sleeps is kept for the next wait
                    parker.mark();
                    release();
                    assert!(parker.park_until(Instant::now() + Duration::from_secs(5)));
                }
            }
        };
    }

    #[cfg(any(target_os = "linux", target_os = "android"))]
    parker_tests!(futex, futex_parker);

    /// A marked thread is woken although no worker of the runtime ever runs out of work (the
    /// other clients of a busy process keep them at it): at `WAKE_AT_THE_LATEST`.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    #[test]
    fn a_marked_thread_is_woken_while_the_runtime_stays_busy() {
        let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        use super::futex_parker::Parker;
        use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
        use std::sync::Arc;
        use std::time::{Duration, Instant};
        let stop = Arc::new(AtomicBool::new(false));
        // more tasks that never finish than workers, each always ready again: no worker sleeps
        let busy: Vec<_> = (0..4 * crate::runtime().metrics().num_workers())
            .map(|_| {
                let stop = stop.clone();
                crate::runtime().spawn(async move {
                    while !stop.load(SeqCst) {
                        tokio::task::yield_now().await;
                    }
                })
            })
            .collect();
        let parker = Arc::new(Parker::new());
        let waiting = parker.clone();
        let thread = std::thread::spawn(move || {
            let started = Instant::now();
            (waiting.park_until(started + Duration::from_secs(10)), started.elapsed())
        });
        std::thread::sleep(Duration::from_millis(50));
        parker.mark();
        super::wake_marked_soon();
        let (woken, waited) = thread.join().unwrap();
        stop.store(true, SeqCst);
        crate::runtime().block_on(async {
            for task in busy {
                task.await.unwrap();
            }
        });
        // at its 10 s deadline the thread would return true too, having seen its mark
        assert!(woken, "the mark was lost");
        assert!(waited < Duration::from_secs(2), "woken only after {waited:?}");
    }
    parker_tests!(unpark, unpark_parker);
}
