//! Fork safety for callers in pre-forking servers (Python's gunicorn/uwsgi with preload): after
//! `fork()` the child has none of the parent's runtime threads, and the parent's pooled
//! connections must not be shared. Both are re-created in the child on first use.

use std::sync::{Arc, Mutex, OnceLock};

use crate::client::{Client, ClientBuilder};
use crate::error::{Error, Result};
use crate::locks::lock;

pub use crate::process::process_id;

static SHARED_RUNTIME: Mutex<Option<(u32, tokio::runtime::Runtime)>> = Mutex::new(None);

/// What runs on a worker of the shared runtime just before it sleeps for want of work
/// ([`on_shared_runtime_idle`]).
static BEFORE_WORKER_SLEEPS: OnceLock<fn()> = OnceLock::new();

/// Sets `hook` to run on a worker of the shared runtime whenever it is about to sleep because it
/// has run everything that was ready, once per process (a second hook is ignored, false). The
/// FFI wakes the blocking Java calls that ended there (ADR 0026): by then every call that ended
/// in that stretch of work is among them.
pub fn on_shared_runtime_idle(hook: fn()) -> bool {
    BEFORE_WORKER_SLEEPS.set(hook).is_ok()
}

/// A process-wide multi-thread tokio runtime for bindings that drive the async client from a
/// foreign event loop (e.g. asyncio): created on first use and re-created in a child process.
pub fn shared_runtime() -> Result<tokio::runtime::Handle> {
    let mut slot = lock(&SHARED_RUNTIME);
    let pid = process_id();
    if let Some((owner, runtime)) = slot.take() {
        if owner == pid {
            let handle = runtime.handle().clone();
            *slot = Some((owner, runtime));
            return Ok(handle);
        }
        // The parent's runtime: its threads do not exist here, and dropping it would wait for them.
        std::mem::forget(runtime);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .thread_name("wallet-sdk")
        .on_thread_park(|| {
            if let Some(hook) = BEFORE_WORKER_SLEEPS.get() {
                hook()
            }
        })
        .enable_all()
        .build()
        .map_err(|e| Error::config(format!("cannot start the SDK's runtime: {e}")))?;
    let handle = runtime.handle().clone();
    *slot = Some((pid, runtime));
    Ok(handle)
}

/// Stops the shared runtime of this process, waiting up to `timeout` for its tasks. For hosts
/// that must not have runtime threads running while they shut down (Python calls it from
/// `atexit`, before the interpreter finalizes). A later [`shared_runtime`] call starts a new one.
pub fn shutdown_shared_runtime(timeout: std::time::Duration) {
    let taken = lock(&SHARED_RUNTIME).take();
    match taken {
        Some((owner, runtime)) if owner == process_id() => runtime.shutdown_timeout(timeout),
        // A parent's runtime (after fork): its threads are not ours to wait for.
        Some((_, runtime)) => std::mem::forget(runtime),
        None => {}
    }
}

/// An async [`Client`] that follows the process: in a child after `fork()` it is rebuilt from
/// its builder, keeping the current credential (a rotated key survives the fork).
#[derive(Clone)]
pub struct ProcessClient {
    builder: ClientBuilder,
    state: Arc<Mutex<(u32, Client)>>,
}

impl std::fmt::Debug for ProcessClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = lock(&self.state);
        f.debug_struct("ProcessClient").field("client", &state.1).finish()
    }
}

impl ProcessClient {
    /// Builds the client for this process.
    pub fn new(builder: ClientBuilder) -> Result<ProcessClient> {
        let client = builder.clone().build()?;
        Ok(ProcessClient { builder, state: Arc::new(Mutex::new((process_id(), client))) })
    }

    /// The client for the current process.
    pub fn get(&self) -> Client {
        let mut state = lock(&self.state);
        let pid = process_id();
        if state.0 != pid {
            let credential = state.1.credential();
            // The builder was valid in the parent; only the credential may have changed since.
            if let Ok(client) = self.builder.clone().credential(credential.expose()).build() {
                state.1 = client;
            }
            state.0 = pid;
        }
        state.1.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_process_id_is_read_once_and_again_in_a_child() {
        let parent = process_id();
        assert_eq!(parent, std::process::id());
        assert_eq!(process_id(), parent);
        #[cfg(unix)]
        // SAFETY: the child only loads and stores atomics and makes system calls (no allocation,
        // no lock another thread could hold) before `_exit`.
        unsafe {
            let child = libc::fork();
            assert!(child >= 0, "fork failed");
            if child == 0 {
                let id = process_id();
                let right = id == libc::getpid() as u32 && id != parent;
                libc::_exit(if right { 0 } else { 1 });
            }
            let mut status = 0;
            assert_eq!(libc::waitpid(child, &mut status, 0), child);
            assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0, "the child saw its parent's id");
        }
    }

    /// One test, because both parts use the process-wide runtime.
    #[test]
    fn the_shared_runtime_is_reused_and_can_be_shut_down_and_restarted() {
        let a = shared_runtime().unwrap();
        let b = shared_runtime().unwrap();
        assert_eq!(a.id(), b.id());
        assert_eq!(a.block_on(async { 40 + 2 }), 42);
        shutdown_shared_runtime(std::time::Duration::from_secs(1));
        let after = shared_runtime().unwrap();
        assert_ne!(a.id(), after.id());
        assert_eq!(after.block_on(async { 7 }), 7);
    }

    #[test]
    fn a_process_client_keeps_its_client_in_one_process() {
        let builder = Client::builder().base_url("http://127.0.0.1:9").credential("http://u:p@127.0.0.1:9");
        let pc = ProcessClient::new(builder).unwrap();
        assert_eq!(pc.get().base_url(), "http://127.0.0.1:9");
        assert!(!format!("{pc:?}").contains("u:p@"));
    }
}
