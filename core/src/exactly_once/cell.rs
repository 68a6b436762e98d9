//! The outcome token of a call its caller gave up: recorded just before a request may leave, and
//! sealed when the caller stops waiting.

use std::sync::Mutex;
use std::time::Duration;


use crate::error::{Error, ErrorKind, Result};
use crate::locks::lock;
use crate::operations::Operation;
use super::*;

tokio::task_local! {
    static TOKEN_CELL: OutcomeTokenCell;
}

/// Where a non-idempotent call records its outcome token just before its request may leave, so
/// that a caller who stops waiting (drops the future, times out, cancels) still has it: the
/// request runs on in the background (see [`crate::AbandonedCall`]), and the token resolves it.
///
/// [`seal`](OutcomeTokenCell::seal) tells a caller who gave up which side of that moment the
/// call was on: after it, a call that has not sent its request yet never sends it.
///
/// ```
/// # async fn demo(client: wallet_sdk::Client) -> wallet_sdk::Result<()> {
/// use std::time::Duration;
/// use wallet_sdk::SealedCall;
/// let cell = wallet_sdk::OutcomeTokenCell::new();
/// let send = client.send_funds_from_wallet("shop", "rltc1q…", wallet_sdk::Amount::from_ltc("0.25")?, Default::default());
/// if tokio::time::timeout(Duration::from_secs(5), cell.record(send)).await.is_err() {
///     match cell.seal() {
///         SealedCall::NothingSent => println!("nothing was sent"),
///         SealedCall::MayHaveBeenSent { outcome_token: Some(token), .. } => {
///             let r = client.resolve_token(&token).await?; // waits for the settle time if needed
///             println!("{}", r.state);
///         }
///         SealedCall::MayHaveBeenSent { outcome_token: None, .. } => println!("check before repeating it"),
///     }
/// }
/// # Ok(()) }
/// ```
#[derive(Clone, Debug, Default)]
pub struct OutcomeTokenCell(std::sync::Arc<Mutex<CellState>>);

#[derive(Debug, Default)]
pub(super) struct CellState {
    /// What resolves the request that may have left (its token's content).
    pub(super) info: Option<ResolveInfo>,
    /// A non-idempotent request may have left.
    pub(super) sent: bool,
    /// The caller gave up: no request may leave any more.
    pub(super) sealed: bool,
    /// The operation of the last request that may have left.
    pub(super) operation: &'static str,
}

/// What [`OutcomeTokenCell::seal`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SealedCall {
    /// No non-idempotent request left, and none will: the calls in the cell had no effect.
    NothingSent,
    /// A non-idempotent request may have reached the service; its outcome token, when the
    /// operation has one, resolves it (the last one recorded, for a cell of several calls).
    MayHaveBeenSent {
        /// The operation (snake_case) of that request.
        operation: &'static str,
        /// What [`Client::resolve_token`](crate::Client::resolve_token) takes.
        outcome_token: Option<String>,
    },
}

impl OutcomeTokenCell {
    /// An empty cell.
    pub fn new() -> OutcomeTokenCell {
        OutcomeTokenCell::default()
    }

    /// Runs `call` (one call of a [`Client`](crate::Client), or several: the last token
    /// recorded wins), recording its outcome token here once its request may leave.
    pub async fn record<F: std::future::Future>(&self, call: F) -> F::Output {
        TOKEN_CELL.scope(self.clone(), call).await
    }

    /// The token recorded, if a non-idempotent request may have left; `None` otherwise (nothing
    /// was sent yet, or the operation has no outcome to look up).
    pub fn take(&self) -> Option<String> {
        lock(&self.0).info.take().map(|info| info.to_token())
    }

    /// Closes the cell for a caller who stopped waiting, and says whether a non-idempotent
    /// request may have left. A call in the cell that had not sent its request by now fails
    /// without sending it, so [`SealedCall::NothingSent`] stays true.
    pub fn seal(&self) -> SealedCall {
        let mut state = lock(&self.0);
        state.sealed = true;
        match state.sent {
            true => SealedCall::MayHaveBeenSent { operation: state.operation, outcome_token: state.info.take().map(|i| i.to_token()) },
            false => SealedCall::NothingSent,
        }
    }

    /// [`seal`](Self::seal) as the error of a call given up: `None` when nothing was sent,
    /// otherwise an `outcome_unknown` [`Error`] like any other, whose
    /// [`resolve`](crate::Client::resolve) and [`outcome_token`](Error::outcome_token) work as usual.
    pub fn seal_error(&self) -> Option<Error> {
        let mut state = lock(&self.0);
        state.sealed = true;
        if !state.sent {
            return None;
        }
        let op = state.operation;
        let error = Error::with_details(
            ErrorKind::OutcomeUnknown,
            format!(
                "{op} outcome unknown: the caller stopped waiting after the request may have been sent; it runs to \
                 completion in the background (its outcome goes to the abandoned-call hook) — check whether it took \
                 effect before trying again"
            ),
            crate::error::Details { operation: Some(op), may_have_reached_service: true, ..Default::default() },
        );
        Some(match state.info.take() {
            Some(info) => error.with_resolve_info(info),
            None => error,
        })
    }
}

/// Called just before a non-idempotent request may leave: records its token (`info`'s) in the
/// cell of the task, if any, or refuses when that cell was sealed (the caller is gone, and was
/// told that nothing was sent).
pub(crate) fn before_sending(op: &'static Operation, info: Option<&ResolveInfo>, settle: Duration) -> Result<()> {
    let refused = TOKEN_CELL.try_with(|cell| {
        let mut state = lock(&cell.0);
        if state.sealed {
            return true;
        }
        state.sent = true;
        state.operation = op.name;
        state.info = info.map(|info| info.clone().settling(settle));
        false
    });
    match refused {
        Ok(true) => Err(Error::new(
            ErrorKind::Transport,
            "not sent: the caller stopped waiting before the request was written, and was told that nothing was sent",
        )
        .set_operation(op.name)),
        _ => Ok(()),
    }
}
