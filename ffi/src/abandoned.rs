//! The abandoned-call listener: what became of a non-idempotent call (a create, a send, a
//! passphrase change…) whose caller stopped waiting after its request may have been sent. The
//! core runs such a call to completion in the background and gives its outcome to a hook
//! ([`wallet_sdk::AbandonedCall`]); this module only translates that hook into a foreign
//! (Kotlin/Swift) listener.

use std::sync::Arc;

use crate::error::WalletError;
use crate::runtime;

/// What became of an abandoned non-idempotent call. Secrets never appear: `raw_json` is the
/// answer's `data` redacted as results' raw JSON are (for answers that carry a secret, every
/// field), and `error` is the error the caller would have got.
#[derive(Clone, Debug, uniffi::Record)]
pub struct AbandonedCallInfo {
    /// The operation (snake_case), e.g. `send_funds_from_wallet`.
    pub operation: String,
    /// The service's `X-Request-Id`, when an answer arrived.
    pub request_id: Option<String>,
    /// The HTTP status, when an answer arrived.
    pub status: Option<i32>,
    /// `true` when the service answered success: the call took effect.
    pub succeeded: bool,
    /// The error, when it did not succeed (it may still have taken effect: `OutcomeUnknown`).
    pub error: Option<WalletError>,
    /// The answer's `data` as redacted JSON text, when it succeeded.
    pub raw_json: Option<String>,
}

impl From<&wallet_sdk::AbandonedCall> for AbandonedCallInfo {
    fn from(call: &wallet_sdk::AbandonedCall) -> Self {
        let (succeeded, error, raw_json) = match &call.outcome {
            Ok(data) => (true, None, Some(data.to_string())),
            Err(e) => (false, Some(WalletError::from(e.clone())), None),
        };
        AbandonedCallInfo { operation: call.operation.to_string(), request_id: call.request_id.clone(), status: call.status.map(i32::from), succeeded, error, raw_json }
    }
}

/// Told what became of a non-idempotent call whose caller stopped waiting (see
/// `WalletClient.setAbandonedCallListener`). Called on a background thread; keep it short.
#[uniffi::export(with_foreign)]
pub trait AbandonedCallListener: Send + Sync {
    /// One abandoned call has finished (or failed).
    fn on_abandoned_call(&self, call: AbandonedCallInfo);
}

/// The core hook that hands each event to `listener` on a blocking-pool thread, so that a slow
/// listener never holds a runtime worker, and a throwing one (a panic here) goes nowhere.
pub(crate) fn hook(listener: Arc<dyn AbandonedCallListener>) -> wallet_sdk::AbandonedCallHook {
    Arc::new(move |call: &wallet_sdk::AbandonedCall| {
        let info = AbandonedCallInfo::from(call);
        let listener = Arc::clone(&listener);
        runtime().spawn_blocking(move || {
            let _ = wallet_sdk::panic::catch(|| listener.on_abandoned_call(info));
        });
    })
}
