//! Panic boundaries for the bindings: a panic inside the SDK is a bug, and it must reach a
//! foreign caller as an ordinary error of its language, never as an abort or an uncatchable
//! exception.

use std::any::Any;
use std::future::Future;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::cell::Cell;
use std::sync::Once;

/// The text of a panic payload.
pub fn message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(non-text panic payload)".to_string()
    }
}

/// What a caller is told of a caught panic: fixed text, because a panic's own text may quote
/// anything (an answer, a secret). The text itself goes to the `wallet_sdk::panic` target of
/// `tracing` at DEBUG level, scrubbed of secret shapes.
pub const INTERNAL_ERROR: &str =
    "internal error in wallet-sdk (a bug, please report it; the panic is in the debug log of `wallet_sdk::panic`)";

/// The message bindings show for a caught panic ([`INTERNAL_ERROR`]); the panic's text is
/// logged, scrubbed.
pub fn internal_error_message(payload: &(dyn Any + Send)) -> String {
    tracing::debug!(target: "wallet_sdk::panic", "a panic was caught: {}", crate::redact::service_text(&message(payload), true));
    INTERNAL_ERROR.to_string()
}

thread_local! {
    /// How many SDK panic boundaries this thread is inside.
    static CATCHING: Cell<u32> = const { Cell::new(0) };
}

/// Installs, once per process, a panic hook that keeps quiet about the panics the SDK catches
/// (inside [`catch_quietly`], [`catch`], [`catch_future`], or on the SDK's own runtime threads,
/// named `wallet-sdk`, where the runtime catches a task's panic): those are logged at DEBUG,
/// scrubbed, instead of printed with a backtrace. Every other panic goes to the hook that was
/// installed before, as it did.
pub fn quiet_caught_panics() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let inside = CATCHING.try_with(Cell::get).unwrap_or(0) > 0;
            let ours = std::thread::current().name() == Some("wallet-sdk");
            if inside || ours {
                let text = info.payload().downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| info.payload().downcast_ref::<String>().cloned());
                let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
                tracing::debug!(
                    target: "wallet_sdk::panic",
                    "a panic{at}: {}",
                    crate::redact::service_text(text.as_deref().unwrap_or("(non-text payload)"), true)
                );
            } else {
                previous(info);
            }
        }));
    });
}

/// `catch_unwind` at an SDK boundary: the panic is caught and kept quiet ([`quiet_caught_panics`]).
pub fn catch_quietly<T>(f: impl FnOnce() -> T) -> std::thread::Result<T> {
    quiet_caught_panics();
    CATCHING.with(|c| c.set(c.get() + 1));
    let result = catch_unwind(AssertUnwindSafe(f));
    CATCHING.with(|c| c.set(c.get().saturating_sub(1)));
    result
}

/// Runs `f`, turning a panic into `Err(message)`.
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_quietly(f).map_err(|p| internal_error_message(&*p))
}

/// A future that turns a panic while polling `F` into `Err(message)`.
pub struct Catch<F>(Pin<Box<F>>);

/// Wraps `fut` so that a panic while polling it becomes `Err(message)`.
pub fn catch_future<F: Future>(fut: F) -> Catch<F> {
    Catch(Box::pin(fut))
}

impl<F: Future> Future for Catch<F> {
    type Output = Result<F::Output, String>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match catch_quietly(|| self.0.as_mut().poll(cx)) {
            Ok(Poll::Pending) => Poll::Pending,
            Ok(Poll::Ready(v)) => Poll::Ready(Ok(v)),
            Err(p) => Poll::Ready(Err(internal_error_message(&*p))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panics_become_messages() {
        assert_eq!(catch(|| 1), Ok(1));
        let e = catch(|| -> u8 { panic!("boom {}", 7) }).unwrap_err();
        assert_eq!(e, INTERNAL_ERROR);
        let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
        assert_eq!(rt.block_on(catch_future(async { 2 })), Ok(2));
        let e = rt.block_on(catch_future(async { panic!("late") })).unwrap_err();
        assert_eq!(e, INTERNAL_ERROR);
    }
}
