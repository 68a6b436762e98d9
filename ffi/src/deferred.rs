//! Wake-ups of foreign callers held back to the end of the runtime's current batch of work.
//!
//! A call's task finishes on a runtime thread and wakes the foreign future that waits for it
//! (uniffi's continuation callback, which resumes a Swift task). Done at once, that wakes the
//! foreign executor's thread, which on a busy core preempts the runtime thread for that one
//! call, and the two threads switch once or twice per call. Held back until the runtime has
//! run what is ready, the foreign thread gets the whole batch in one wake-up.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, LazyLock, Mutex};
use std::task::{Context, Poll, Wake, Waker};

use crate::lock;

static HELD: LazyLock<Mutex<Vec<Waker>>> = LazyLock::new(Mutex::default);
/// The id of the process in which a task that releases `HELD` is scheduled, or 0: after
/// `fork()` the parent's task does not exist in the child.
static RELEASE_SCHEDULED_IN: AtomicU32 = AtomicU32::new(0);

struct Held(Waker);

impl Wake for Held {
    fn wake(self: Arc<Self>) {
        self.wake_by_ref();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        lock(&HELD).push(self.0.clone());
        let process = wallet_sdk::fork::process_id();
        if RELEASE_SCHEDULED_IN.swap(process, Ordering::SeqCst) != process {
            crate::runtime().spawn(release());
        }
    }
}

/// Wakes what is held once the tasks that are ready now have run: `yield_now` puts this task
/// behind them (tokio runs a yielded task after the others and its I/O driver's next look).
async fn release() {
    tokio::task::yield_now().await;
    RELEASE_SCHEDULED_IN.store(0, Ordering::SeqCst);
    let wakers = std::mem::take(&mut *lock(&HELD));
    for waker in wakers {
        waker.wake();
    }
    // the Java threads that those wake-ups marked, woken together once the runtime is idle
    // (`blocking.rs`)
    crate::blocking::wake_marked_soon();
}

/// `F`, whose wake-ups are held back as described above.
pub(crate) struct HeldWake<F>(pub(crate) F);

impl<F: Future + Unpin> Future for HeldWake<F> {
    type Output = F::Output;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let waker = held(cx.waker().clone());
        Pin::new(&mut self.0).poll(&mut Context::from_waker(&waker))
    }
}

/// `waker`, its wake-ups held back as described above.
pub(crate) fn held(waker: Waker) -> Waker {
    Waker::from(Arc::new(Held(waker)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::time::{Duration, Instant};

    struct Count(AtomicUsize);

    impl Wake for Count {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    #[test]
    fn every_held_wake_up_is_released() {
        let count = Arc::new(Count(AtomicUsize::new(0)));
        let held = || Waker::from(Arc::new(Held(Waker::from(count.clone()))));
        // from the runtime's threads (a call's task finishing) and from others (an abort)
        let from_tasks: Vec<_> = (0..500)
            .map(|_| {
                let waker = held();
                crate::runtime().spawn(async move { waker.wake() })
            })
            .collect();
        let from_threads: Vec<_> = (0..4)
            .map(|_| {
                let wakers: Vec<Waker> = (0..125).map(|_| held()).collect();
                std::thread::spawn(move || wakers.into_iter().for_each(Waker::wake))
            })
            .collect();
        from_threads.into_iter().for_each(|t| t.join().unwrap());
        crate::runtime().block_on(async {
            for task in from_tasks {
                task.await.unwrap();
            }
        });
        let deadline = Instant::now() + Duration::from_secs(10);
        while count.0.load(Ordering::SeqCst) < 1000 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(count.0.load(Ordering::SeqCst), 1000);
    }
}
