//! [`WalletError`]: the one error type of the bindings (Kotlin `WalletException`, Swift
//! `WalletError`), one variant per core [`wallet_sdk::ErrorKind`] plus `Cancelled` and
//! `Internal`. Every variant carries the same fields; `message` is the core's message, verbatim.

use std::fmt;

macro_rules! wallet_error {
    ($( $(#[$m:meta])* $variant:ident => $kind:literal ),* $(,)?) => {
        /// A failed call. `message` is the SDK's user-facing message; `status` the HTTP status
        /// when a response arrived; `service_code` the service's `error.code` (or the code
        /// derived from the status); `request_id` the `X-Request-Id`; `field` the input the
        /// error is about; `retry_after_ms` the service's `Retry-After`; `operation` the
        /// snake_case operation name; `retryable` whether repeating the call later may succeed
        /// (never for `OutcomeUnknown`).
        #[derive(Clone, Debug, uniffi::Error)]
        pub enum WalletError {
            $(
                $(#[$m])*
                $variant {
                    message: String,
                    status: Option<i32>,
                    service_code: Option<String>,
                    request_id: Option<String>,
                    field: Option<String>,
                    retry_after_ms: Option<i64>,
                    operation: Option<String>,
                    retryable: bool,
                },
            )*
        }

        impl WalletError {
            fn build(kind: &str, d: Fields) -> WalletError {
                let Fields { message, status, service_code, request_id, field, retry_after_ms, operation, retryable } = d;
                match kind {
                    $( $kind => WalletError::$variant { message, status, service_code, request_id, field, retry_after_ms, operation, retryable }, )*
                    _ => WalletError::Internal { message, status, service_code, request_id, field, retry_after_ms, operation, retryable },
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

wallet_error! {
    /// The client's own checks failed before sending (inputs, configuration).
    InvalidInput => "invalid_input",
    /// `http://` to a non-loopback host without opting in.
    InsecureTransport => "insecure_transport",
    /// The API key has expired.
    CredentialExpired => "credential_expired",
    /// The credential is missing or was rejected.
    CredentialRejected => "credential_rejected",
    /// The service rejected the request as invalid.
    Validation => "validation",
    /// Something named in the request does not exist.
    NotFound => "not_found",
    /// The request conflicts with the current state.
    Conflict => "conflict",
    /// The wallet is locked or the passphrase/mnemonics do not match.
    WalletLocked => "wallet_locked",
    /// Not enough spendable coins.
    InsufficientFunds => "insufficient_funds",
    /// The service refused the operation.
    Rejected => "rejected",
    /// Too many requests; see `retry_after_ms`.
    RateLimited => "rate_limited",
    /// The service or its node is unavailable.
    ServiceUnavailable => "service_unavailable",
    /// The service reported an error.
    ServiceError => "service_error",
    /// No answer in time for an operation that is safe to repeat.
    Timeout => "timeout",
    /// A non-idempotent request may have reached the service: check before repeating it.
    OutcomeUnknown => "outcome_unknown",
    /// Connection refused, DNS, TLS, or a connection reset.
    Transport => "transport",
    /// A response the SDK cannot read.
    Decode => "decode",
    /// The call was cancelled through a `CancelToken` (Swift maps it to `CancellationError`).
    Cancelled => "cancelled",
    /// A bug inside the SDK (e.g. a Rust panic, caught at the FFI boundary).
    Internal => "internal",
}

pub(crate) struct Fields {
    pub message: String,
    pub status: Option<i32>,
    pub service_code: Option<String>,
    pub request_id: Option<String>,
    pub field: Option<String>,
    pub retry_after_ms: Option<i64>,
    pub operation: Option<String>,
    pub retryable: bool,
}

impl Fields {
    pub(crate) fn message(message: impl Into<String>) -> Fields {
        Fields { message: message.into(), status: None, service_code: None, request_id: None, field: None, retry_after_ms: None, operation: None, retryable: false }
    }
}

impl WalletError {
    pub(crate) fn cancelled() -> WalletError {
        WalletError::build("cancelled", Fields::message("the call was cancelled"))
    }

    pub(crate) fn internal(message: impl Into<String>) -> WalletError {
        WalletError::build("internal", Fields::message(message))
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
        WalletError::build(
            e.kind().as_str(),
            Fields {
                message: e.to_string(),
                status: e.status().map(i32::from),
                service_code: e.service_code().map(str::to_string),
                request_id: e.request_id().map(str::to_string),
                field: e.field().map(str::to_string),
                retry_after_ms: e.retry_after().map(|d| d.as_millis().min(i64::MAX as u128) as i64),
                operation: e.operation().map(str::to_string),
                retryable: e.is_retryable(),
            },
        )
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
