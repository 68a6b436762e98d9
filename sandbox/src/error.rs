//! The service's error type and how Core RPC failures map onto it: each code with its HTTP status.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::rpc::RpcError;

/// A failed request: HTTP status, stable `error.code`, and the message a client sees.
#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub field: Option<String>,
    pub node_code: Option<i64>,
    pub node_message: Option<String>,
    pub details: Option<Value>,
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
            field: None,
            node_code: None,
            node_message: None,
            details: None,
            retry_after: None,
        }
    }

    pub fn with_field(mut self, field: &str) -> Self {
        self.field = Some(field.to_string());
        self
    }

    pub fn with_node(mut self, code: i64, message: &str) -> Self {
        self.node_code = Some(code);
        self.node_message = Some(message.to_string());
        self
    }

    /// `validation_failed` (400) naming the request field at fault.
    pub fn validation(field: &str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "validation_failed", message).with_field(field)
    }

    /// A required header, query parameter or body field is absent or empty.
    pub fn missing(field: &str) -> Self {
        Self::validation(field, format!("The {field} field is required."))
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    pub fn wallet_not_found(wallet: &str) -> Self {
        Self::new(StatusCode::NOT_FOUND, "wallet_not_found", format!("Wallet '{wallet}' not found."))
    }

    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, "conflict", message)
    }

    pub fn wallet_exists(wallet: &str) -> Self {
        Self::new(StatusCode::CONFLICT, "wallet_exists", format!("Wallet '{wallet}' already exists."))
    }

    pub fn wallet_locked(field: &str) -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "wallet_locked",
            format!("The wallet is encrypted; send its passphrase in {field}."),
        )
        .with_field(field)
    }

    pub fn bad_passphrase(field: &str) -> Self {
        Self::new(StatusCode::FORBIDDEN, "bad_passphrase", "Error: The wallet passphrase entered was incorrect.")
            .with_field(field)
    }

    pub fn bad_mnemonics() -> Self {
        Self::new(StatusCode::FORBIDDEN, "bad_mnemonics", "The mnemonics are not this wallet's recovery phrase.")
            .with_field("mnemonics")
    }

    pub fn unsupported_address_type(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "unsupported_address_type", message)
    }

    pub fn insufficient_funds(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "insufficient_funds", message)
    }

    pub fn transaction_rejected(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "transaction_rejected", message)
    }

    pub fn node_unavailable(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_GATEWAY, "node_unavailable", message)
    }

    pub fn node_error(code: i64, message: &str) -> Self {
        Self::new(StatusCode::BAD_GATEWAY, "node_error", message).with_node(code, message)
    }

    pub fn missing_credential() -> Self {
        Self::new(StatusCode::BAD_REQUEST, "missing_credential", "The nodeUrlOrApiAccessKey field is required.")
            .with_field("nodeUrlOrApiAccessKey")
    }

    pub fn invalid_credential(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "invalid_credential", message).with_field("nodeUrlOrApiAccessKey")
    }

    pub fn expired_credential() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "expired_credential", "The API access key has expired.")
            .with_field("nodeUrlOrApiAccessKey")
    }

    pub fn rate_limited(retry_after: u64) -> Self {
        let mut e = Self::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", "Too many requests; retry later.");
        e.retry_after = Some(retry_after);
        e
    }

    /// Credential failures are answered differently in compat `real` mode (404, empty body).
    pub fn is_credential_rejection(&self) -> bool {
        matches!(self.code, "invalid_credential" | "expired_credential")
    }

    /// Request-validation failures use the ASP.NET ValidationProblemDetails shape.
    pub fn is_problem(&self) -> bool {
        self.status == StatusCode::BAD_REQUEST
    }

    /// The default-mode JSON body.
    pub fn body(&self, trace_id: &str) -> Value {
        let mut error = json!({ "code": self.code });
        if let Some(f) = &self.field {
            error["field"] = json!(f);
        }
        if let Some(c) = self.node_code {
            error["nodeCode"] = json!(c);
        }
        if let Some(m) = &self.node_message {
            error["nodeMessage"] = json!(m);
        }
        if let Some(d) = &self.details {
            error["details"] = d.clone();
        }
        let mut body = json!({ "successful": false, "message": self.message, "error": error });
        if self.is_problem() || self.is_credential_rejection() {
            let field = self.field.clone().unwrap_or_else(|| "request".into());
            body["errors"] = json!({ field: [self.message.clone()] });
        }
        if self.is_problem() {
            body["type"] = json!("https://tools.ietf.org/html/rfc7231#section-6.5.1");
            body["title"] = json!("One or more validation errors occurred.");
            body["status"] = json!(400);
            body["traceId"] = json!(trace_id);
            if self.code == "missing_credential" {
                body["message"] = json!("One or more validation errors occurred.");
            }
        }
        body
    }
}

impl From<RpcError> for ApiError {
    /// The mapping used when an operation has no more specific one.
    fn from(e: RpcError) -> Self {
        match e {
            RpcError::Unavailable(m) => ApiError::node_unavailable(format!("The Litecoin node is unavailable: {m}")),
            RpcError::Unauthorized => ApiError::invalid_credential("The node rejected the credentials in the node URL."),
            RpcError::Rpc { code, message } => match code {
                -28 => ApiError::node_unavailable(format!("The Litecoin node is warming up: {message}")).with_node(code, &message),
                -13 => ApiError::wallet_locked("encryptedPassphrase").with_node(code, &message),
                -14 => ApiError::bad_passphrase("encryptedPassphrase").with_node(code, &message),
                -15 => ApiError::conflict(message.clone()).with_node(code, &message),
                -6 if message.contains("Insufficient funds") => ApiError::insufficient_funds(message.clone()).with_node(code, &message),
                -4 if message.contains("Insufficient funds") => ApiError::insufficient_funds(message.clone()).with_node(code, &message),
                -5 if message.contains("Invalid address") || message.contains("Invalid Litecoin address") => {
                    ApiError::validation("address", message.clone()).with_node(code, &message)
                }
                -8 | -22 => ApiError::new(StatusCode::BAD_REQUEST, "validation_failed", message.clone()).with_node(code, &message),
                -25 | -26 | -27 => ApiError::transaction_rejected(message.clone()).with_node(code, &message),
                _ => ApiError::node_error(code, &message),
            },
        }
    }
}
