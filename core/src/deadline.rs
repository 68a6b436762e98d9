//! The per-attempt timeout on re-used timers (docs/adr/0021).
//!
//! `tokio::time::timeout` registers a timer in the runtime's wheel when an attempt first waits
//! and takes it out again when the attempt ends: two updates of shared lists per call, each
//! touching the timers of other calls in flight. Here a client keeps the timers of finished
//! attempts and hands them to new ones. A timer still set for a later instant than the new
//! deadline is moved; one set for an earlier instant is left as it is, and when it fires
//! early the attempt sets it again (once per timeout's length, not once per call).

use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::runtime::{Handle, Id};
use tokio::time::{Instant, Sleep};

use crate::locks::lock;

/// How many idle timers a client keeps; more than the calls usually in flight at once.
const MAX_SPARE: usize = 256;

/// The idle timers of one client (shared by its copies).
pub(crate) struct Timers {
    spare: Mutex<Vec<Timer>>,
    /// The process whose runtimes the timers are in. In a child after `fork()` they are never
    /// dropped: dropping a set timer locks its runtime's timer wheel, and another thread of the
    /// parent may have held that lock when the process was copied.
    process: u32,
}

impl Default for Timers {
    fn default() -> Timers {
        Timers { spare: Mutex::default(), process: crate::process::process_id() }
    }
}

impl Drop for Timers {
    fn drop(&mut self) {
        if crate::process::process_id() != self.process {
            std::mem::forget(std::mem::take(self.spare.get_mut().unwrap_or_else(|e| e.into_inner())));
        }
    }
}

/// A timer and the runtime whose wheel it is in (a timer works only there).
struct Timer {
    runtime: Id,
    sleep: Pin<Box<Sleep>>,
}

/// `Err(Elapsed)` from [`within`].
#[derive(Debug)]
pub(crate) struct Elapsed;

/// Runs `fut` until it ends or `timeout` has passed, whichever is first. (`Unpin`: an
/// attempt's future is boxed already, and no pinning of fields is needed here.)
pub(crate) async fn within<F: Future + Unpin>(timers: &Timers, timeout: Duration, fut: F) -> Result<F::Output, Elapsed> {
    let deadline = Instant::now().checked_add(timeout);
    Within { timers, deadline, timer: None, fut }.await
}

struct Within<'a, F> {
    timers: &'a Timers,
    /// `None`: too far away to be represented, so never.
    deadline: Option<Instant>,
    /// Taken when `fut` first waits: a call that ends at its first poll takes none.
    timer: Option<Timer>,
    fut: F,
}

impl<F: Future + Unpin> Future for Within<'_, F> {
    type Output = Result<F::Output, Elapsed>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.get_mut();
        if let Poll::Ready(out) = Pin::new(&mut this.fut).poll(cx) {
            return Poll::Ready(Ok(out));
        }
        let Some(deadline) = this.deadline else {
            return Poll::Pending;
        };
        let timer = match &mut this.timer {
            Some(timer) => timer,
            None => this.timer.insert(this.timers.take(deadline)),
        };
        loop {
            match timer.sleep.as_mut().poll(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(()) if timer.sleep.deadline() >= deadline => return Poll::Ready(Err(Elapsed)),
                // set for an earlier call: set it again, and wait
                Poll::Ready(()) => timer.sleep.as_mut().reset(deadline),
            }
        }
    }
}

impl<F> Drop for Within<'_, F> {
    fn drop(&mut self) {
        if let Some(timer) = self.timer.take() {
            self.timers.put_back(timer);
        }
    }
}

impl Timers {
    /// A timer that fires at `deadline` or earlier (never later).
    fn take(&self, deadline: Instant) -> Timer {
        // attempts run on a tokio runtime: hyper's connections are its tasks
        let runtime = Handle::current().id();
        let spare = lock(&self.spare).pop();
        match spare {
            Some(mut timer) if timer.runtime == runtime => {
                if timer.sleep.deadline() > deadline {
                    timer.sleep.as_mut().reset(deadline);
                }
                timer
            }
            // one from another runtime (the client is used from several) is dropped here; in
            // a forked child (a client carried across `fork()`) it is let go of undropped
            other => {
                if let Some(timer) = other {
                    if crate::process::process_id() != self.process {
                        std::mem::forget(timer);
                    }
                }
                Timer { runtime, sleep: Box::pin(tokio::time::sleep_until(deadline)) }
            }
        }
    }

    fn put_back(&self, timer: Timer) {
        let mut spare = lock(&self.spare);
        if spare.len() < MAX_SPARE {
            spare.push(timer);
        }
    }
}


#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    async fn never() {
        std::future::pending::<()>().await
    }

    /// How long `fut` ran, and whether it timed out.
    async fn timed<F: Future>(timers: &Timers, timeout: Duration, fut: F) -> (Duration, bool) {
        let t = Instant::now();
        let timed_out = within(timers, timeout, Box::pin(fut)).await.is_err();
        (t.elapsed(), timed_out)
    }

    /// Each deadline is kept whatever the timer it is given was last set for: later (moved
    /// earlier), earlier (set again when it fires), or fired already. (Real time: the slack
    /// allowed is for a busy machine.)
    #[tokio::test]
    async fn each_deadline_is_kept_on_a_reused_timer() {
        let timers = Timers::default();
        assert!(within(&timers, 60_000 * MS, Box::pin(async {})).await.is_ok(), "ready at once");
        assert_eq!(lock(&timers.spare).len(), 0, "a call that never waits takes no timer");

        // a 60 s timer, left set, then handed to a 100 ms deadline: moved earlier
        assert!(!timed(&timers, 60_000 * MS, tokio::time::sleep(MS)).await.1);
        assert_eq!(lock(&timers.spare).len(), 1);
        let (took, timed_out) = timed(&timers, 100 * MS, never()).await;
        assert!(timed_out && took >= 100 * MS && took < 5_000 * MS, "{took:?}");

        // a timer set for 100 ms from now, handed to a 400 ms deadline: it fires early, and the
        // call waits on to its own deadline
        assert!(!timed(&timers, 100 * MS, tokio::time::sleep(MS)).await.1);
        let (took, timed_out) = timed(&timers, 400 * MS, tokio::time::sleep(250 * MS)).await;
        assert!(!timed_out && took >= 250 * MS, "{took:?}: finished at 250 ms of a 400 ms deadline");
        let (took, timed_out) = timed(&timers, 400 * MS, never()).await;
        assert!(timed_out && took >= 400 * MS && took < 5_000 * MS, "{took:?}");

        // a fired timer, then no deadline at all (too far to represent)
        assert!(!timed(&timers, Duration::MAX, tokio::time::sleep(150 * MS)).await.1);
        assert_eq!(lock(&timers.spare).len(), 1, "one timer served every call");
    }

    /// Many calls at once each get a timer; no more than `MAX_SPARE` are kept after.
    #[tokio::test]
    async fn spare_timers_are_bounded() {
        let timers = std::sync::Arc::new(Timers::default());
        let mut calls = tokio::task::JoinSet::new();
        for _ in 0..MAX_SPARE + 10 {
            let timers = timers.clone();
            calls.spawn(async move { within(&timers, 60_000 * MS, Box::pin(tokio::time::sleep(5 * MS))).await.is_ok() });
        }
        while let Some(ok) = calls.join_next().await {
            assert!(ok.unwrap());
        }
        assert_eq!(lock(&timers.spare).len(), MAX_SPARE);
    }

    /// In a child after `fork()`, dropping the client's timers leaves the parent's alone: the
    /// waker a kept timer holds is still referenced after the drop.
    #[cfg(unix)]
    #[test]
    fn a_forked_child_does_not_drop_its_parents_timers() {
        struct Counted;
        impl std::task::Wake for Counted {
            fn wake(self: std::sync::Arc<Self>) {}
        }
        let rt = tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap();
        let timers = Timers::default();
        let waker = std::sync::Arc::new(Counted);
        {
            let _in_runtime = rt.enter();
            let mut call = std::pin::pin!(within(&timers, 60_000 * MS, Box::pin(never())));
            let std_waker = std::task::Waker::from(waker.clone());
            assert!(call.as_mut().poll(&mut Context::from_waker(&std_waker)).is_pending());
        }
        assert_eq!(lock(&timers.spare).len(), 1);
        let held = std::sync::Arc::strong_count(&waker);
        assert!(held >= 2, "the kept timer holds the waker");
        // SAFETY: the child drops `timers` (which must touch no lock), reads a count and exits.
        unsafe {
            let child = libc::fork();
            assert!(child >= 0, "fork failed");
            if child == 0 {
                drop(timers);
                libc::_exit(if std::sync::Arc::strong_count(&waker) == held { 0 } else { 1 });
            }
            let mut status = 0;
            assert_eq!(libc::waitpid(child, &mut status, 0), child);
            assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0, "the child dropped the parent's timers");
        }
        drop(timers);
        assert!(std::sync::Arc::strong_count(&waker) < held, "in its own process the client drops them");
    }

    /// A timer of another runtime is not used (its wheel is gone with that runtime).
    #[test]
    fn a_timer_serves_only_its_runtime() {
        let timers = Timers::default();
        for _ in 0..2 {
            let rt = tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap();
            rt.block_on(async {
                assert!(!timed(&timers, 60_000 * MS, tokio::time::sleep(MS)).await.1);
                let (took, timed_out) = timed(&timers, 50 * MS, never()).await;
                assert!(timed_out && took >= 50 * MS, "{took:?}");
            });
        }
        assert_eq!(lock(&timers.spare).len(), 1);
    }
}
