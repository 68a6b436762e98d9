//! [`WalletError`]: the one error type of the bindings (Kotlin `WalletException`, Swift
//! `WalletError`), one variant per core [`wallet_sdk::ErrorKind`] plus `Cancelled` and
//! `Internal`. Every variant carries the same fields; `message` is the core's message, verbatim.

use std::fmt;

macro_rules! wallet_error {
    ($( $(#[doc = $doc:literal])* $variant:ident = $kind:literal ($summary:literal) $(exit $exit:literal)?, )*) => {
        /// A failed call. `message` is the SDK's user-facing message; `status` the HTTP status
        /// when a response arrived; `service_code` the service's `error.code` (or the code
        /// derived from the status); `service_message` the service's own message;
        /// `request_id` the `X-Request-Id`; `field` the input the error is about;
        /// `retry_after_ms` the service's `Retry-After`; `operation` the snake_case operation
        /// name; `node_code`/`node_message` the Litecoin node's error; `attempts` how many
        /// requests were sent; `retryable` whether repeating the call later may succeed
        /// (never for `OutcomeUnknown`, nor for any error of a non-idempotent operation whose
        /// request may have reached the service); `raw_body` the redacted body of an answer the
        /// SDK could not read (`Decode`, `OutcomeUnknown` after an unreadable 2xx);
        /// `outcome_token` what `WalletClient.resolve` needs to find out what became of an
        /// `OutcomeUnknown` call (no secret in it).
        #[derive(Clone, Debug, uniffi::Error)]
        pub enum WalletError {
            $(
                $(#[doc = $doc])*
                $variant {
                    message: String,
                    status: Option<i32>,
                    service_code: Option<String>,
                    service_message: Option<String>,
                    request_id: Option<String>,
                    field: Option<String>,
                    retry_after_ms: Option<i64>,
                    operation: Option<String>,
                    node_code: Option<i64>,
                    node_message: Option<String>,
                    attempts: i32,
                    retryable: bool,
                    raw_body: Option<String>,
                    outcome_token: Option<String>,
                },
            )*
        }

        /// Every kind, in declaration order.
        #[cfg(any(test, debug_assertions))]
        pub(crate) const KINDS: &[&str] = &[$($kind),*];

        impl WalletError {
            fn build(info: WalletErrorInfo) -> WalletError {
                let WalletErrorInfo { kind, message, status, service_code, service_message, request_id, field, retry_after_ms, operation, node_code, node_message, attempts, retryable, raw_body, outcome_token } = info;
                match kind.as_str() {
                    $( $kind => WalletError::$variant { message, status, service_code, service_message, request_id, field, retry_after_ms, operation, node_code, node_message, attempts, retryable, raw_body, outcome_token }, )*
                    _ => WalletError::Internal { message, status, service_code, service_message, request_id, field, retry_after_ms, operation, node_code, node_message, attempts, retryable, raw_body, outcome_token },
                }
            }

            /// The kind and every field, whatever the variant.
            pub fn info(&self) -> WalletErrorInfo {
                match self.clone() {
                    $( WalletError::$variant { message, status, service_code, service_message, request_id, field, retry_after_ms, operation, node_code, node_message, attempts, retryable, raw_body, outcome_token } =>
                        WalletErrorInfo { kind: $kind.to_string(), message, status, service_code, service_message, request_id, field, retry_after_ms, operation, node_code, node_message, attempts, retryable, raw_body, outcome_token }, )*
                }
            }

            fn fields(&self) -> (&'static str, &String, &Option<i32>, &Option<String>) {
                match self {
                    $( WalletError::$variant { message, status, service_code, .. } => ($kind, message, status, service_code), )*
                }
            }
        }
    };
}

// the core's kinds (`wallet_sdk::for_each_error_kind!`), then the bindings' own two
wallet_sdk::for_each_error_kind! {
    wallet_error;
    /// The call was cancelled through a `CancelToken` (Swift maps it to `CancellationError`);
    /// a non-idempotent call under way gives `OutcomeUnknown` instead.
    Cancelled = "cancelled" ("cancelled"),
    /// A bug inside the SDK (e.g. a Rust panic, caught at the FFI boundary).
    Internal = "internal" ("internal error"),
}

/// The kind and fields of a [`WalletError`], readable without matching its variant (Kotlin
/// `WalletException.info`; see `wallet_error_info`).
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct WalletErrorInfo {
    /// The stable kind (`not_found`, `outcome_unknown`, … `cancelled`, `internal`).
    pub kind: String,
    /// The SDK's user-facing message.
    pub message: String,
    /// The HTTP status, when a response arrived.
    pub status: Option<i32>,
    /// The service's error code (`wallet_not_found`, …), when known.
    pub service_code: Option<String>,
    /// The service's own message, when it sent one.
    pub service_message: Option<String>,
    /// The `X-Request-Id` of the response.
    pub request_id: Option<String>,
    /// The input the error is about.
    pub field: Option<String>,
    /// The service's `Retry-After`, in milliseconds.
    pub retry_after_ms: Option<i64>,
    /// The snake_case operation name.
    pub operation: Option<String>,
    /// The Litecoin node's error code, when the service reported it.
    pub node_code: Option<i64>,
    /// The Litecoin node's error message, when the service reported it.
    pub node_message: Option<String>,
    /// How many requests were sent (0 when the call failed before sending).
    pub attempts: i32,
    /// `true` when repeating the same call later may succeed: never for `outcome_unknown`, nor
    /// for a non-idempotent operation whose request may have reached the service.
    pub retryable: bool,
    /// The redacted body of an answer the SDK could not read (`decode`, `outcome_unknown`
    /// after an unreadable 2xx); never for an answer that carries a secret.
    pub raw_body: Option<String>,
    /// For an `outcome_unknown` (or a failed broadcast): what `WalletClient.resolve` needs to
    /// find out what became of the call, as text to keep (no secret in it).
    pub outcome_token: Option<String>,
}

impl WalletErrorInfo {
    /// A `kind` error with this message and no other field.
    fn new(kind: &str, message: impl Into<String>) -> WalletErrorInfo {
        WalletErrorInfo { kind: kind.to_string(), message: message.into(), status: None, service_code: None, service_message: None, request_id: None, field: None, retry_after_ms: None, operation: None, node_code: None, node_message: None, attempts: 0, retryable: false, raw_body: None, outcome_token: None }
    }
}

/// The kind and fields of `error`, whatever its variant.
#[uniffi::export]
pub fn wallet_error_info(error: WalletError) -> WalletErrorInfo {
    error.info()
}

impl WalletError {
    pub(crate) fn cancelled() -> WalletError {
        WalletError::build(WalletErrorInfo::new("cancelled", "the call was cancelled"))
    }

    /// A non-idempotent call cancelled through a `CancelToken`: its request may have been
    /// sent, and the core finishes it in the background (its outcome goes to the abandoned-call
    /// listener), so the caller must not take it as "nothing happened". `outcome_token`
    /// resolves it, when the call recorded one before its request could leave.
    pub(crate) fn cancelled_outcome_unknown(operation: &str, outcome_token: Option<String>) -> WalletError {
        WalletError::build(WalletErrorInfo {
            operation: Some(operation.to_string()),
            outcome_token,
            ..WalletErrorInfo::new(
                "outcome_unknown",
                format!("{operation}: outcome unknown: the call was cancelled after its request may have been sent; it runs to completion in the background and its outcome goes to the abandoned-call listener — check whether it took effect before trying again"),
            )
        })
    }

    pub(crate) fn internal(message: impl Into<String>) -> WalletError {
        WalletError::build(WalletErrorInfo::new("internal", message))
    }

    /// The stable kind (`not_found`, `outcome_unknown`, … `cancelled`, `internal`).
    pub fn kind_name(&self) -> &'static str {
        self.fields().0
    }

    /// The user-facing message.
    pub fn message(&self) -> &str {
        self.fields().1
    }

    /// The HTTP status, when a response arrived.
    pub fn status(&self) -> Option<i32> {
        *self.fields().2
    }

    /// The service's error code.
    pub fn service_code(&self) -> Option<&str> {
        self.fields().3.as_deref()
    }
}

impl From<wallet_sdk::Error> for WalletError {
    fn from(e: wallet_sdk::Error) -> WalletError {
        WalletError::build(WalletErrorInfo {
            kind: e.kind().as_str().to_string(),
            message: e.to_string(),
            status: e.status().map(i32::from),
            service_code: e.service_code().map(str::to_string),
            service_message: e.service_message().map(str::to_string),
            request_id: e.request_id().map(str::to_string),
            field: e.field().map(str::to_string),
            retry_after_ms: e.retry_after().map(|d| d.as_millis().min(i64::MAX as u128) as i64),
            operation: e.operation().map(str::to_string),
            node_code: e.node_code(),
            node_message: e.node_message().map(str::to_string),
            attempts: i32::try_from(e.attempts()).unwrap_or(i32::MAX),
            retryable: e.is_retryable(),
            raw_body: e.raw_body().map(str::to_string),
            outcome_token: e.outcome_token(),
        })
    }
}

impl fmt::Display for WalletError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for WalletError {}

/// uniffi turns errors it cannot lift (e.g. a panic in a synchronous call) into this type.
impl From<uniffi::UnexpectedUniFFICallbackError> for WalletError {
    fn from(e: uniffi::UnexpectedUniFFICallbackError) -> WalletError {
        WalletError::internal(format!("internal error: {}", e.reason))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_core_kind_has_its_own_case_and_every_field_crosses() {
        let mut core: Vec<&str> = wallet_sdk::ErrorKind::ALL.iter().map(|k| k.as_str()).collect();
        core.extend(["cancelled", "internal"]);
        assert_eq!(KINDS, core.as_slice());
        for kind in KINDS {
            assert_eq!(WalletError::build(WalletErrorInfo::new(kind, "m")).info().kind, *kind);
        }
        // the info record has a field per core field (retry_after in milliseconds)
        let info = format!("{:?}", WalletErrorInfo::new("timeout", "m"));
        for field in wallet_sdk::Error::FIELDS {
            let name = if field == "retry_after" { "retry_after_ms" } else { field };
            assert!(info.contains(&format!("{name}:")), "{name} missing from {info}");
        }
    }
}
