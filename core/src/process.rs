//! The id of the current process, read once and again in a child after `fork()`: what the
//! pools and timers compare to find out that they were inherited from a parent (see
//! [`crate::fork`], which makes it public).

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Once;

/// This process's id once read, 0 before that and again in a child right after `fork()`.
static PROCESS_ID: AtomicU32 = AtomicU32::new(0);
/// Whether the child handler that forgets `PROCESS_ID` is registered (else the id is asked for
/// each time: a child must never take its parent's id for its own).
static FORGOTTEN_IN_CHILD: AtomicBool = AtomicBool::new(false);
static REGISTER: Once = Once::new();

/// The id of the current process, without a system call per call: every call checks it (a
/// `getpid` each was 2–4 % of a call's time from Swift and the JVM). The id is read once and
/// forgotten by a `pthread_atfork` child handler, so a child reads its own.
pub fn process_id() -> u32 {
    REGISTER.call_once(|| {
        #[cfg(unix)]
        // SAFETY: the handler only stores into an atomic, which is async-signal-safe as the
        // child side of fork() requires.
        let registered = unsafe { libc::pthread_atfork(None, None, Some(forget_process_id)) == 0 };
        // no fork() to follow
        #[cfg(not(unix))]
        let registered = true;
        FORGOTTEN_IN_CHILD.store(registered, Ordering::SeqCst);
    });
    if !FORGOTTEN_IN_CHILD.load(Ordering::Relaxed) {
        return std::process::id();
    }
    match PROCESS_ID.load(Ordering::Relaxed) {
        0 => {
            let id = std::process::id();
            PROCESS_ID.store(id, Ordering::Relaxed);
            id
        }
        id => id,
    }
}

#[cfg(unix)]
extern "C" fn forget_process_id() {
    PROCESS_ID.store(0, Ordering::Relaxed);
}
