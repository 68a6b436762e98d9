//! The SDK's single error type, [`Error`], and its stable [`ErrorKind`].

use std::fmt;
use std::time::Duration;

/// Calls `$callback!` with every error kind, declared once: its variant, its stable name, the
/// summary that starts an error's message, the `wallet` command line's exit code, and its
/// documentation (written for every language: it becomes the docs of [`ErrorKind`] and of each
/// binding's error case and class). The
/// core's [`ErrorKind`] is made from it, and so is every binding's error type; tokens after a
/// `;` are passed on after the core's kinds (a binding's own kinds).
#[macro_export]
#[doc(hidden)]
macro_rules! for_each_error_kind {
    ($callback:ident $(; $($extra:tt)*)?) => {
        $callback! {
            /// The client's own checks refused an input before sending (a missing or empty
            /// value, header characters, an amount's format, a bad configuration).
            InvalidInput = "invalid_input" ("invalid input") exit 3,
            /// `http://` to a host that is not the loopback one, without opting in.
            InsecureTransport = "insecure_transport" ("insecure transport") exit 4,
            /// The API key has expired (checked locally before sending, or `expired_credential`):
            /// get a new key and set it on the client.
            CredentialExpired = "credential_expired" ("the credential has expired") exit 5,
            /// The credential is missing or was rejected (`missing_credential`,
            /// `invalid_credential`, HTTP 401, or the real service's 404 with an empty body).
            CredentialRejected = "credential_rejected" ("the credential was rejected") exit 6,
            /// The service rejected the request as invalid (`validation_failed`, other HTTP 400).
            Validation = "validation" ("the service rejected the request as invalid") exit 7,
            /// Something named in the request does not exist (`wallet_not_found`, `not_found`,
            /// 404). The service also answers 404 to a rejected key.
            NotFound = "not_found" ("not found") exit 8,
            /// The request conflicts with the current state (`wallet_exists`, `conflict`, 409).
            Conflict = "conflict" ("conflicts with the current state") exit 9,
            /// The wallet is locked or the passphrase/mnemonics are wrong (`wallet_locked`,
            /// `bad_passphrase`, `bad_mnemonics`, 403).
            WalletLocked = "wallet_locked" ("the wallet is locked or the passphrase/mnemonics do not match") exit 10,
            /// Not enough spendable coins (`insufficient_funds`).
            InsufficientFunds = "insufficient_funds" ("insufficient funds") exit 11,
            /// The service refused the operation (`unsupported_address_type`,
            /// `transaction_rejected`, other 422).
            Rejected = "rejected" ("the service refused the operation") exit 12,
            /// Too many requests (429); the error's retry-after time says how long to wait.
            RateLimited = "rate_limited" ("rate limited") exit 13,
            /// The service or its node is unavailable (`node_unavailable`, 502, 503, 504, other
            /// 5xx) for an operation that is safe to repeat. A non-idempotent operation gets
            /// `outcome_unknown` for every 5xx instead.
            ServiceUnavailable = "service_unavailable" ("the service is unavailable") exit 14,
            /// The service reported an error (`node_error`, or `successful: false` without a
            /// code, as the real service answers).
            ServiceError = "service_error" ("the service reported an error") exit 15,
            /// No answer in time for an operation that is safe to repeat.
            Timeout = "timeout" ("timed out") exit 16,
            /// A non-idempotent request (a create, a send, a passphrase change…) may have reached
            /// the service and no usable answer came: no answer, a timeout, any 5xx (a gateway
            /// or a service mesh may send one after the service acted), a 2xx that cannot be
            /// read, or the caller stopped waiting after the request may have left. Never
            /// retryable: find out what became of it with the client's resolve, now or later
            /// from the error's outcome token.
            OutcomeUnknown = "outcome_unknown" ("outcome unknown") exit 20,
            /// Connection refused, DNS, TLS, or a connection reset before an answer.
            Transport = "transport" ("could not reach the service") exit 17,
            /// A response body the SDK cannot read (not JSON, or the wrong shape) on an
            /// operation that is safe to repeat; the error's raw body holds it, redacted.
            Decode = "decode" ("could not read the response") exit 18,
            /// A transaction to be signed at home does not match what the caller asked for (a
            /// recipient or amount, the change, the service fee, the fee, an input that is not
            /// the caller's, an unexpected output): nothing was signed and nothing sent. The
            /// message names the first mismatch. Never retryable: the build is wrong, not late.
            TransactionMismatch = "transaction_mismatch" ("the transaction does not match what was asked for") exit 22,
            $($($extra)*)?
        }
    };
}

macro_rules! declare_error_kind {
    ($( $(#[doc = $doc:literal])* $variant:ident = $name:literal ($summary:literal) exit $exit:literal, )*) => {
        /// The stable category of an [`Error`] (see the kinds table of the design).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ErrorKind {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl ErrorKind {
            /// Every kind, in the order of the design's table.
            pub const ALL: [ErrorKind; [$($name),*].len()] = [$(ErrorKind::$variant),*];

            /// The stable snake_case name (`invalid_input`, `outcome_unknown`, …).
            pub fn as_str(self) -> &'static str {
                match self {
                    $( ErrorKind::$variant => $name, )*
                }
            }

            /// What the kind means, as its documentation says it: one paragraph (for the
            /// bindings' docs).
            pub fn about(self) -> String {
                let lines: &[&str] = match self {
                    $( ErrorKind::$variant => &[$($doc),*], )*
                };
                lines.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ")
            }

            fn summary(self) -> &'static str {
                match self {
                    $( ErrorKind::$variant => $summary, )*
                }
            }

            /// The exit code of the `wallet` command line after an error of this kind. Stable:
            /// scripts depend on it (20, apart from the others, says the request may have taken
            /// effect).
            pub fn exit_code(self) -> u8 {
                match self {
                    $( ErrorKind::$variant => $exit, )*
                }
            }
        }
    };
}

crate::for_each_error_kind!(declare_error_kind);

impl ErrorKind {
    /// The kind for a service error code (wire `error.code`), if the code is known.
    pub fn from_service_code(code: &str) -> Option<ErrorKind> {
        Some(match code {
            "missing_credential" | "invalid_credential" => ErrorKind::CredentialRejected,
            "expired_credential" => ErrorKind::CredentialExpired,
            "validation_failed" => ErrorKind::Validation,
            "wallet_not_found" | "not_found" => ErrorKind::NotFound,
            "wallet_exists" | "conflict" => ErrorKind::Conflict,
            "wallet_locked" | "bad_passphrase" | "bad_mnemonics" | "forbidden" => ErrorKind::WalletLocked,
            "insufficient_funds" => ErrorKind::InsufficientFunds,
            "unsupported_address_type" | "transaction_rejected" | "unprocessable" => ErrorKind::Rejected,
            "rate_limited" => ErrorKind::RateLimited,
            "node_unavailable" | "server_error" => ErrorKind::ServiceUnavailable,
            "node_error" => ErrorKind::ServiceError,
            _ => return None,
        })
    }

    /// The kind for an HTTP status without a (known) service code.
    pub fn from_status(status: u16) -> ErrorKind {
        match status {
            400 => ErrorKind::Validation,
            401 => ErrorKind::CredentialRejected,
            403 => ErrorKind::WalletLocked,
            404 => ErrorKind::NotFound,
            409 => ErrorKind::Conflict,
            422 => ErrorKind::Rejected,
            429 => ErrorKind::RateLimited,
            500..=599 => ErrorKind::ServiceUnavailable,
            _ => ErrorKind::ServiceError,
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What an error keeps so that its call can be resolved later: given by the exactly-once layer,
/// which reads it back ([`OutcomeInfo::as_any`]); the error only turns it into its token.
pub(crate) trait OutcomeInfo: std::any::Any + Send + Sync + fmt::Debug {
    /// The outcome token: signed text that holds no secret.
    fn to_token(&self) -> String;
    /// Itself, to be read back as the type the exactly-once layer made.
    fn as_any(&self) -> &dyn std::any::Any;
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Details {
    pub operation: Option<&'static str>,
    pub service_code: Option<String>,
    pub service_message: Option<String>,
    pub status: Option<u16>,
    pub request_id: Option<String>,
    pub retry_after: Option<Duration>,
    pub field: Option<String>,
    pub node_code: Option<i64>,
    pub node_message: Option<String>,
    pub attempts: u32,
    /// The response body (redacted), for answers the SDK could not read.
    pub raw_body: Option<String>,
    /// Set once a non-idempotent request may have reached the service: repeating it could
    /// act twice, so the error is never retryable whatever its kind.
    pub may_have_reached_service: bool,
    /// What [`crate::Client::resolve`] needs to find out what became of the call (never a
    /// secret), kept by the exactly-once layer.
    pub resolve: Option<std::sync::Arc<dyn OutcomeInfo>>,
}

/// Every failure of the SDK: a stable [`kind`](Error::kind), a message a user can act on
/// (`Display`), and the service's code, message, HTTP status and request id where known.
///
/// Error texts never contain the credential or any other secret input.
#[derive(Clone)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    details: Box<Details>,
}

impl Drop for Error {
    // The service's texts may hold a secret no rule recognised: zeroed like the SDK's other
    // copies of an answer.
    fn drop(&mut self) {
        use zeroize::Zeroize;
        self.message.zeroize();
        let d = &mut *self.details;
        for text in [&mut d.raw_body, &mut d.service_message, &mut d.node_message, &mut d.service_code, &mut d.field, &mut d.request_id] {
            text.zeroize();
        }
    }
}

impl Error {
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error { kind, message: message.into(), details: Box::default() }
    }

    pub(crate) fn with_details(kind: ErrorKind, message: String, details: Details) -> Error {
        Error { kind, message, details: Box::new(details) }
    }

    /// An `invalid_input` error naming the SDK field (also for the bindings' own checks of
    /// their inputs, so that the message reads the same in every language).
    pub fn invalid_input(field: &str, why: impl fmt::Display) -> Error {
        let mut e = Error::new(ErrorKind::InvalidInput, format!("invalid input `{field}`: {why}"));
        e.details.field = Some(field.to_string());
        e
    }

    /// An `invalid_input` error about the configuration (no field).
    pub(crate) fn config(why: impl fmt::Display) -> Error {
        Error::new(ErrorKind::InvalidInput, format!("invalid configuration: {why}"))
    }

    /// The error naming `field` instead (an `invalid_input` from a helper that checks an
    /// argument under another name, such as an address of an intent).
    pub(crate) fn with_field_name(mut self, field: &str) -> Error {
        if let Some(old) = self.details.field.as_deref() {
            let prefix = format!("invalid input `{old}`: ");
            if let Some(why) = self.message.strip_prefix(&prefix) {
                self.message = format!("invalid input `{field}`: {why}");
            }
        }
        self.details.field = Some(field.to_string());
        self
    }

    pub(crate) fn set_operation(mut self, op: &'static str) -> Error {
        self.details.operation = Some(op);
        self
    }

    /// Removes every form of the given secrets from every text of the error.
    pub(crate) fn scrub(mut self, secrets: &crate::redact::SecretForms) -> Error {
        secrets.scrub_in_place(&mut self.message);
        let d = &mut *self.details;
        for text in [
            &mut d.service_code,
            &mut d.service_message,
            &mut d.node_message,
            &mut d.request_id,
            &mut d.field,
            &mut d.raw_body,
        ]
        .into_iter()
        .flatten()
        {
            secrets.scrub_in_place(text);
        }
        self
    }

    pub(crate) fn into_details(mut self) -> Details {
        std::mem::take(&mut *self.details)
    }

    /// Marks the error of a non-idempotent request that may have reached the service: never
    /// retryable, whatever its kind.
    pub(crate) fn reached_service(mut self) -> Error {
        self.details.may_have_reached_service = true;
        self
    }

    /// Whether a non-idempotent request may have reached the service.
    pub(crate) fn may_have_reached_service(&self) -> bool {
        self.details.may_have_reached_service
    }

    /// The names of the accessors that describe an error, in the order of the design's table.
    /// Every binding exposes each of them (its kind and field list test compares against
    /// this list; `is_retryable` is `retryable` there).
    pub const FIELDS: [&'static str; 15] = [
        "kind", "message", "status", "service_code", "service_message", "request_id", "field",
        "retry_after", "operation", "node_code", "node_message", "attempts", "retryable", "raw_body",
        "outcome_token",
    ];

    /// The stable category of the error.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The human-readable message (same as `Display`).
    pub fn message(&self) -> &str {
        &self.message
    }

    /// `true` when repeating the same call later is safe and may succeed (rate limiting,
    /// unavailability, timeouts, transport failures of operations that are safe to repeat, and
    /// requests that certainly never left). Never `true` for `outcome_unknown`, nor for any
    /// error of a non-idempotent operation (a create, a send, a passphrase change…) whose
    /// request may have reached the service: a 429 or 503 there is reported, not an invitation
    /// to repeat.
    pub fn is_retryable(&self) -> bool {
        if self.details.may_have_reached_service {
            return false;
        }
        matches!(
            self.kind,
            ErrorKind::RateLimited | ErrorKind::Timeout | ErrorKind::Transport | ErrorKind::ServiceUnavailable
        )
    }

    /// The operation (snake_case SDK name) that failed, when the error comes from a call.
    pub fn operation(&self) -> Option<&str> {
        self.details.operation
    }

    /// The service's error code (wire `error.code`), e.g. `wallet_not_found`. When the body had
    /// none, the code derived from the HTTP status (`not_found`, `server_error`, …).
    pub fn service_code(&self) -> Option<&str> {
        self.details.service_code.as_deref()
    }

    /// The service's own message (wire `message`), when there was one.
    pub fn service_message(&self) -> Option<&str> {
        self.details.service_message.as_deref()
    }

    /// The HTTP status, when a response arrived.
    pub fn status(&self) -> Option<u16> {
        self.details.status
    }

    /// The `X-Request-Id` of the response, when present.
    pub fn request_id(&self) -> Option<&str> {
        self.details.request_id.as_deref()
    }

    /// How long the service asked to wait (`Retry-After`), for `rate_limited`.
    pub fn retry_after(&self) -> Option<Duration> {
        self.details.retry_after
    }

    /// The input the error is about: the SDK parameter name for the client's own checks
    /// (`credential` for the client's credential), and for service errors the SDK name of the
    /// wire field the service named (e.g. `passphrase` for `encryptedPassphrase`), or the wire
    /// name when it maps to no parameter of the operation (`nodeUrlOrApiAccessKey` when the
    /// service rejects the credential).
    pub fn field(&self) -> Option<&str> {
        self.details.field.as_deref()
    }

    /// The underlying Litecoin Core RPC error code (wire `error.nodeCode`), when given.
    pub fn node_code(&self) -> Option<i64> {
        self.details.node_code
    }

    /// The underlying Litecoin Core RPC error message (wire `error.nodeMessage`), when given.
    pub fn node_message(&self) -> Option<&str> {
        self.details.node_message.as_deref()
    }

    /// How many attempts were made (0 when the request was never sent).
    pub fn attempts(&self) -> u32 {
        self.details.attempts
    }

    /// The response body, redacted, when the SDK could not read an answer (`decode`, and
    /// `outcome_unknown` after an unreadable 2xx). Secret fields and every form of the call's
    /// secret inputs are replaced by `[REDACTED]`; for an operation whose answer carries a
    /// secret (a private key, a mnemonic…) the body is never kept.
    pub fn raw_body(&self) -> Option<&str> {
        self.details.raw_body.as_deref()
    }

    /// What [`crate::Client::resolve`] needs, as text to keep and resolve later, in this process or
    /// another, with [`crate::Client::resolve_token`] (the CLI's `wallet resolve`, a job queue,
    /// a database row; the bindings give it to Kotlin, Swift and Python as `outcome_token`).
    /// JSON holding the operation, the non-secret inputs that identify its effect (txid, wallet
    /// name, idempotency key, recipient and amount of a keyed send) and when the request
    /// settles; never a secret. `None` when there is nothing to resolve.
    pub fn outcome_token(&self) -> Option<String> {
        self.details.resolve.as_ref().map(|info| info.to_token())
    }

    pub(crate) fn resolve_info(&self) -> Option<&dyn OutcomeInfo> {
        self.details.resolve.as_deref()
    }

    pub(crate) fn with_resolve_info(mut self, info: impl OutcomeInfo) -> Error {
        self.details.resolve = Some(std::sync::Arc::new(info));
        self
    }

    pub(crate) fn set_attempts(mut self, n: u32) -> Error {
        self.details.attempts = n;
        self
    }

    /// Builds the error for a service failure response.
    pub(crate) fn from_service(
        op: &'static str,
        kind: ErrorKind,
        mut d: Details,
        hint: Option<&str>,
    ) -> Error {
        d.operation = Some(op);
        let mut msg = if kind == ErrorKind::OutcomeUnknown {
            format!("{op}: {}", kind.summary())
        } else {
            format!("{op} failed: {}", kind.summary())
        };
        let mut paren = Vec::new();
        if let Some(s) = d.status {
            paren.push(format!("HTTP {s}"));
        }
        if let Some(c) = &d.service_code {
            paren.push(format!("code `{c}`"));
        }
        if let Some(f) = &d.field {
            paren.push(format!("field `{f}`"));
        }
        if !paren.is_empty() {
            msg.push_str(&format!(" ({})", paren.join(", ")));
        }
        if let Some(m) = d.service_message.as_deref().filter(|m| !m.is_empty()) {
            msg.push_str(": ");
            msg.push_str(m);
        }
        if let Some(nm) = d.node_message.as_deref().filter(|nm| Some(*nm) != d.service_message.as_deref()) {
            msg.push_str(&format!(" [node: {nm}]"));
        }
        if let Some(h) = hint {
            msg.push_str(" — ");
            msg.push_str(h);
        }
        if let Some(ra) = d.retry_after {
            msg.push_str(&format!(" (retry after {} s)", ra.as_secs_f64()));
        }
        if let Some(r) = &d.request_id {
            msg.push_str(&format!(" [request id {r}]"));
        }
        Error::with_details(kind, msg, d)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = f.debug_struct("Error");
        s.field("kind", &self.kind).field("message", &self.message);
        if let Some(c) = &self.details.service_code {
            s.field("service_code", c);
        }
        if let Some(st) = self.details.status {
            s.field("status", &st);
        }
        if let Some(r) = &self.details.request_id {
            s.field("request_id", r);
        }
        s.finish()
    }
}

impl std::error::Error for Error {}

/// `Result` with the SDK's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_name_the_accessors() {
        let e = Error::new(ErrorKind::NotFound, "gone");
        // each name below must be an accessor (this does not compile otherwise)
        macro_rules! accessors {
            ($($f:ident),*) => {{ $( let _ = e.$f(); )* vec![$(stringify!($f)),*] }};
        }
        let names = accessors!(kind, message, status, service_code, service_message, request_id, field,
            retry_after, operation, node_code, node_message, attempts, is_retryable, raw_body, outcome_token);
        let listed: Vec<&str> = Error::FIELDS.iter().map(|f| if *f == "retryable" { "is_retryable" } else { f }).collect();
        assert_eq!(names, listed);
    }
}
