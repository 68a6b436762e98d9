//! What the bindings' own tests ask the library, exported by debug builds only (ADR 0017): the
//! libraries that ship are release builds, and their bindings are generated from a release
//! build, so applications never see these functions.

use crate::error::KINDS;
use crate::{client, WalletClient, WalletError, IN_FLIGHT};
use std::sync::atomic::Ordering;

/// The camelCase names of the 43 operations, from the core's operation table: the tests check
/// that `WalletClient` exposes every one.
#[uniffi::export]
pub fn operation_names() -> Vec<String> {
    wallet_sdk::operations::ALL.iter().map(|op| op.camel_name.to_string()).collect()
}

/// Every error kind: the core's, then `cancelled` and `internal` (the bindings' own). Each is
/// one `WalletError` case (Kotlin `WalletException.<Kind>Exception`); the tests check their
/// classes against this list.
#[uniffi::export]
pub fn error_kinds() -> Vec<String> {
    KINDS.iter().map(|k| k.to_string()).collect()
}

/// The names of the core error's fields (`wallet_sdk::Error::FIELDS`), each readable from any
/// `WalletError` (in camelCase; `retry_after` as a duration, `retryable` as `isRetryable`).
#[uniffi::export]
pub fn error_fields() -> Vec<String> {
    wallet_sdk::Error::FIELDS.iter().map(|f| f.to_string()).collect()
}

/// The core's result and item types and their fields (snake_case), from the core's schema: the
/// drift tests check that each generated class has every field.
#[uniffi::export]
pub fn model_fields() -> std::collections::HashMap<String, Vec<String>> {
    wallet_sdk::models::record_types()
        .into_iter()
        .map(|t| (t.name.to_string(), (t.fields)().into_iter().map(|f| f.name.to_string()).collect()))
        .collect()
}

/// Panics inside Rust within an async call: the tests see `WalletError.Internal`.
#[uniffi::export]
pub async fn self_test_panic(message: String) -> Result<(), WalletError> {
    client::guarded(async move {
        if !message.is_empty() {
            panic!("self-test panic: {message}");
        }
        Ok::<(), wallet_sdk::Error>(())
    }, None, None)
    .await
}

/// Panics inside Rust synchronously: the tests see an internal error, never a crash.
#[uniffi::export]
pub fn self_test_panic_sync(message: String) -> Result<(), WalletError> {
    match wallet_sdk::panic::catch_quietly(|| {
        if !message.is_empty() {
            panic!("self-test panic: {message}");
        }
    }) {
        Ok(()) => Ok(()),
        Err(p) => Err(WalletError::internal(wallet_sdk::panic::internal_error_message(&*p))),
    }
}

#[uniffi::export]
impl WalletClient {
    /// Calls currently running in this process (all clients); 0 once cancelled calls are gone.
    pub fn in_flight_calls(&self) -> i64 {
        IN_FLIGHT.load(Ordering::SeqCst) as i64
    }
}
