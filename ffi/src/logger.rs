//! The logger bridge: each finished call's event (the core's [`wallet_sdk::CallEvent`]) handed
//! to the app's logger (Logcat, OSLog, SLF4J…) through a foreign callback interface.

use std::sync::Arc;

/// One finished call: operation, attempts, status, latency, error kind and request id. Never a
/// secret (the core scrubs the request id of the call's secret inputs).
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct CallEvent {
    /// The operation (snake_case name), e.g. `wallet_balance`.
    pub operation: String,
    /// Requests sent (0 when the call failed before sending).
    pub attempts: i32,
    /// The HTTP status of the last answer, when one arrived.
    pub status: Option<i32>,
    /// From the call's start to its result, retries included, in milliseconds.
    pub latency_ms: i64,
    /// The error's kind (`not_found`, `outcome_unknown`, …), when the call failed.
    pub error_kind: Option<String>,
    /// The service's `X-Request-Id` of the last answer, when one arrived.
    pub request_id: Option<String>,
}

impl From<&wallet_sdk::CallEvent> for CallEvent {
    fn from(e: &wallet_sdk::CallEvent) -> Self {
        CallEvent {
            operation: e.operation.to_string(),
            attempts: i32::try_from(e.attempts).unwrap_or(i32::MAX),
            status: e.status.map(i32::from),
            latency_ms: i64::try_from(e.latency.as_millis()).unwrap_or(i64::MAX),
            error_kind: e.error_kind.map(|k| k.as_str().to_string()),
            request_id: e.request_id.clone(),
        }
    }
}

/// Told about every finished call of a client (see `WalletClient.setLogger`). Called on the
/// thread where the call finished, usually one of the SDK's: keep it short, don't block.
#[uniffi::export(with_foreign)]
pub trait WalletLogger: Send + Sync {
    /// One call has finished.
    fn log(&self, event: CallEvent);
}

/// The core hook that hands each event to `logger`; a throwing logger (a panic here) is ignored.
pub(crate) fn hook(logger: Arc<dyn WalletLogger>) -> wallet_sdk::CallHook {
    Arc::new(move |e: &wallet_sdk::CallEvent| {
        let event = CallEvent::from(e);
        let _ = wallet_sdk::panic::catch(|| logger.log(event));
    })
}
