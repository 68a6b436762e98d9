//! Rust futures as asyncio awaitables, completed in batches on the event loop's thread.
//!
//! Each call gets a plain asyncio `Future` of its running loop and runs on the core's tokio
//! runtime. A finished call is queued with its loop's [`LoopWaker`], and the loop is woken by one
//! byte on a socket pair it watches (`add_reader`): writing it needs no GIL, at most one wake-up
//! is pending per loop however many calls finish, and the results become Python objects on the
//! loop's own thread, which holds the GIL anyway. A generic bridge instead converts each result
//! on a blocking-pool thread that must take the GIL from the loop, and wakes the loop once per
//! call (`call_soon_threadsafe`); with 64 calls in flight that was most of the AsyncClient's
//! time (docs/adr/0008-own-asyncio-bridge.md).
//!
//! Cancelling the awaiting task cancels the future, whose done callback aborts the tokio task:
//! the Rust future is dropped, as the core expects of a caller that stops waiting.

use std::io::{Read, Write};
use std::os::unix::io::AsRawFd;
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyRuntimeError;
use pyo3::intern;
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

/// Turns a finished call's output into its Python result (on the loop's thread).
type Finish = Box<dyn FnOnce(Python<'_>) -> PyResult<Py<PyAny>> + Send>;

/// The finished calls of one event loop and the socket pair that wakes it.
struct Completions {
    queue: Mutex<Vec<(Py<PyAny>, Finish)>>,
    /// A wake-up byte is written and not yet drained.
    armed: AtomicBool,
    reader: UnixStream,
    writer: UnixStream,
}

impl Completions {
    /// Queues a finished call; wakes the loop unless a wake-up is already pending. Any thread,
    /// no GIL.
    fn push(&self, future: Py<PyAny>, finish: Finish) {
        self.queue.lock().unwrap_or_else(|e| e.into_inner()).push((future, finish));
        if !self.armed.swap(true, Ordering::SeqCst) {
            // a full socket buffer means a wake-up is pending anyway; a closed loop reads nothing
            let _ = (&self.writer).write(&[1]);
        }
    }
}

/// What an event loop watches: reading its socket delivers every queued result.
#[pyclass(frozen, module = "wallet_sdk._native")]
pub struct LoopWaker {
    completions: Arc<Completions>,
}

#[pymethods]
impl LoopWaker {
    /// Sets the result (or exception) of every finished call (the loop's reader callback).
    fn _deliver(&self, py: Python<'_>) {
        let c = &self.completions;
        // The order matters. The wake-up bytes are read first, then the waker is disarmed, then
        // the queue is taken: a call that finishes after the disarming writes a new byte (and
        // one that finishes before it is in the batch). Disarming before the read could eat
        // that new byte and leave the waker armed with nothing to wake the loop.
        let mut sink = [0u8; 256];
        while matches!((&c.reader).read(&mut sink), Ok(n) if n == sink.len()) {}
        c.armed.store(false, Ordering::SeqCst);
        let batch = std::mem::take(&mut *c.queue.lock().unwrap_or_else(|e| e.into_inner()));
        for (future, finish) in batch {
            let future = future.bind(py);
            // a cancelled future takes no result; a failure here must not lose the others
            let cancelled = future.call_method0(intern!(py, "cancelled")).and_then(|c| c.is_truthy()).unwrap_or(true);
            if cancelled {
                continue;
            }
            let _ = match finish(py) {
                Ok(value) => future.call_method1(intern!(py, "set_result"), (value,)),
                Err(e) => future.call_method1(intern!(py, "set_exception"), (e.value(py),)),
            };
        }
    }
}

/// A future's done callback: when the future was cancelled, the Rust task is aborted.
#[pyclass(frozen, module = "wallet_sdk._native")]
pub struct AbortOnCancel(tokio::task::AbortHandle);

#[pymethods]
impl AbortOnCancel {
    fn __call__(&self, future: &Bound<'_, PyAny>) -> PyResult<()> {
        if future.call_method0(intern!(future.py(), "cancelled"))?.is_truthy()? {
            self.0.abort();
        }
        Ok(())
    }
}

/// The waker of the running event loop, made and registered on its first call.
fn completions_of(py: Python<'_>, event_loop: &Bound<'_, PyAny>) -> PyResult<Arc<Completions>> {
    // weak keys: a loop that is gone takes its waker (and sockets) with it
    static WAKERS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let wakers = WAKERS.get_or_try_init(py, || py.import("weakref")?.getattr("WeakKeyDictionary")?.call0().map(Bound::unbind))?.bind(py);
    if let Some(waker) = wakers.call_method1(intern!(py, "get"), (event_loop,))?.cast::<LoopWaker>().ok() {
        return Ok(waker.get().completions.clone());
    }
    let (reader, writer) = UnixStream::pair().map_err(|e| PyRuntimeError::new_err(format!("wallet_sdk: cannot make the event loop's wake-up socket pair: {e}")))?;
    for end in [&reader, &writer] {
        end.set_nonblocking(true).map_err(|e| PyRuntimeError::new_err(format!("wallet_sdk: cannot make the wake-up socket non-blocking: {e}")))?;
    }
    let completions = Arc::new(Completions { queue: Mutex::new(Vec::new()), armed: AtomicBool::new(false), reader, writer });
    let waker = Bound::new(py, LoopWaker { completions: completions.clone() })?;
    event_loop.call_method1(intern!(py, "add_reader"), (completions.reader.as_raw_fd(), waker.getattr(intern!(py, "_deliver"))?))?;
    wakers.set_item(event_loop, waker)?;
    Ok(completions)
}

/// A Rust future as an asyncio awaitable of the running loop (see the module's doc).
pub fn future_into_py<F, T>(py: Python<'_>, fut: F) -> PyResult<Bound<'_, PyAny>>
where
    F: std::future::Future<Output = PyResult<T>> + Send + 'static,
    T: for<'py> IntoPyObject<'py> + Send + 'static,
{
    static GET_RUNNING_LOOP: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let event_loop = GET_RUNNING_LOOP.import(py, "asyncio", "get_running_loop")?.call0()?;
    let completions = completions_of(py, &event_loop)?;
    let future = event_loop.call_method0(intern!(py, "create_future"))?;
    let handle = future.clone().unbind();
    let task = crate::runtime_handle().spawn(async move {
        // a panic must still complete the future, or its awaiter would wait forever
        let output = wallet_sdk::panic::catch_future(fut).await;
        let finish: Finish = Box::new(move |py| match output {
            Ok(result) => result.and_then(|v| v.into_py_any(py)),
            Err(panic) => Err(crate::convert::internal_error(py, &panic)),
        });
        completions.push(handle, finish);
    });
    future.call_method1(intern!(py, "add_done_callback"), (AbortOnCancel(task.abort_handle()),))?;
    Ok(future)
}
