//! Panic boundaries for the bindings: a panic inside the SDK is a bug, and it must reach a
//! foreign caller as an ordinary error of its language, never as an abort or an uncatchable
//! exception.

use std::any::Any;
use std::future::Future;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::pin::Pin;
use std::task::{Context, Poll};

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

/// The message bindings show for a caught panic.
pub fn internal_error_message(payload: &(dyn Any + Send)) -> String {
    format!("internal error in wallet-sdk (a bug, please report it): {}", message(payload))
}

/// Runs `f`, turning a panic into `Err(message)`.
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| internal_error_message(&*p))
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
        match catch_unwind(AssertUnwindSafe(|| self.0.as_mut().poll(cx))) {
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
        assert_eq!(e, "internal error in wallet-sdk (a bug, please report it): boom 7");
        let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
        assert_eq!(rt.block_on(catch_future(async { 2 })), Ok(2));
        let e = rt.block_on(catch_future(async { panic!("late") })).unwrap_err();
        assert!(e.ends_with(": late"), "{e}");
    }
}
