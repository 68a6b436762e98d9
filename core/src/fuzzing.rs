//! Entry points for the fuzz targets of `fuzz/` (feature `fuzzing`; hidden, not an API: it may
//! change with every internal change). Each one runs one of the crate's paths on caller-given
//! bytes, without a network:
//!
//! - [`response`]: an answer (status, headers, body) given to the real [`Client`] by an
//!   in-memory [`Transport`](crate::Transport), read by the typed method
//!   ([`Client::call_typed`]), the untyped call ([`Client::call`]) and, for a non-idempotent
//!   operation, the abandoned-call report of a caller who stopped waiting: the client's own
//!   scrubbing, exactly-once rules, hooks, span and events;
//! - [`rewrite`]: the raw JSON rewriter (redaction of secret fields and echoed secrets);
//! - [`call_args`] and [`call_args_json`]: the untyped call's arguments turned into a request
//!   (validation and placement), without sending it;
//! - [`json_limits`], [`json_envelope`], [`json_members`] and [`json_value_end`]: the readers
//!   built on the one JSON lexer (`json::lex`), for differential checks against serde_json.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use serde_json::{json, Map, Value};

use crate::address_type::AddressTypeCodes;
use crate::client::{AbandonedCall, Client, RetryPolicy};
use crate::error::{Error, Result};
use crate::operations::{self, Operation, Presence, ValueKind};
use crate::raw_json::{self, RawJson, Redaction};
use crate::redact::{FormSet, SecretForms};
use crate::request::{self, Args};
use crate::transport::{TransportFailure, TransportRequest, TransportResponse};

/// The response bodies the client accepts by default (`max_response_bytes`, 16 MiB); a larger
/// body never reaches the decoder.
pub const MAX_BODY: usize = 16 * 1024 * 1024;

/// The operations a call can send: the 43 of [`operations::ALL`], then the [`operations::VARIANTS`].
pub fn operation_count() -> usize {
    operations::ALL.len() + operations::VARIANTS.len()
}

/// The operation at `index` modulo [`operation_count`].
pub fn operation(index: usize) -> &'static Operation {
    let i = index % operation_count();
    match operations::ALL.get(i) {
        Some(op) => op,
        None => operations::VARIANTS[i - operations::ALL.len()],
    }
}

/// The SDK names of the secret inputs of the operation at `index` (the values a call of it
/// sends as secrets, in table order).
pub fn secret_inputs(index: usize) -> Vec<&'static str> {
    operation(index).params.iter().filter(|p| p.secret).map(|p| p.sdk_name).collect()
}

/// What the caller gets from one answer, on each path that reads it.
#[derive(Debug)]
pub struct ResponseOutcome {
    /// The operation's snake_case name.
    pub operation: &'static str,
    /// The typed method's result (its raw JSON) or error.
    pub typed: Result<RawJson>,
    /// [`Client::call`]'s result or error.
    pub untyped: Result<RawJson>,
    /// The request ids the call hook ([`crate::CallEvent`]) was given, on every path.
    pub call_event_request_ids: Vec<String>,
    /// For a non-idempotent operation: what the abandoned-call hook was given (its request id
    /// and outcome).
    pub abandoned: Option<(Option<String>, Result<RawJson>)>,
}

/// Runs one answer through the response paths of the operation at `op_index` (modulo
/// [`operation_count`]): a client with `credential` (valid for [`crate::Credential::parse`]),
/// no retries, and an in-memory transport that gives this answer to every request, calls the
/// operation with arguments its checks accept and the secret inputs `call_secrets` (in the
/// order of [`secret_inputs`]; extra ones are ignored). Header values go through the checks of
/// a header that arrived (a value that is not valid is left out); `status` is clamped to
/// 100–999 and `body` cut at [`MAX_BODY`].
#[allow(clippy::too_many_arguments)]
pub fn response(
    op_index: usize,
    status: u16,
    content_type: Option<&str>,
    request_id: Option<&str>,
    retry_after: Option<&str>,
    body: &[u8],
    credential: &str,
    call_secrets: &[&str],
) -> ResponseOutcome {
    let op = operation(op_index);
    let mut answer = TransportResponse::new(status.clamp(100, 999), Bytes::copy_from_slice(&body[..body.len().min(MAX_BODY)]));
    answer.headers.clear();
    for (name, value) in [(http::header::CONTENT_TYPE, content_type), (REQUEST_ID, request_id), (http::header::RETRY_AFTER, retry_after)] {
        if let Some(value) = value.and_then(|v| http::HeaderValue::from_bytes(v.as_bytes()).ok()) {
            answer.headers.insert(name, value);
        }
    }
    let args = arguments(op, call_secrets);
    let untyped_op = operations::by_name(op.name).unwrap_or(op);
    let untyped_args = arguments(untyped_op, call_secrets);
    RUNTIME.with(|runtime| {
        runtime.block_on(async {
            let request_ids = Arc::new(Mutex::new(Vec::new()));
            let seen = request_ids.clone();
            let given = answer.clone();
            let client = client(credential)
                .transport(move |_: TransportRequest| {
                    let answer = given.clone();
                    async move { Ok::<_, TransportFailure>(answer) }
                })
                .on_call(move |event| seen.lock().unwrap_or_else(|p| p.into_inner()).extend(event.request_id.clone()))
                .build()
                .expect("fuzzing::response needs a valid credential");
            let typed = client.call_typed(op.method_name, &args).await.map(|record| record.raw.unwrap_or_default());
            let untyped = client.call(untyped_op.name, &untyped_args).await;
            let abandoned = match op.idempotent {
                true => None,
                false => abandoned(credential, op, &args, answer).await,
            };
            let call_event_request_ids = std::mem::take(&mut *request_ids.lock().unwrap_or_else(|p| p.into_inner()));
            ResponseOutcome { operation: op.name, typed, untyped, call_event_request_ids, abandoned }
        })
    })
}

const REQUEST_ID: http::HeaderName = http::HeaderName::from_static("x-request-id");

thread_local! {
    /// The runtime of [`response`]'s calls, made once per thread.
    static RUNTIME: tokio::runtime::Runtime =
        tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime for the fuzzing entry points");
}

/// A builder of the clients of [`response`]: `credential`, no retries, a loopback base URL that
/// the in-memory transport stands in for.
fn client(credential: &str) -> crate::ClientBuilder {
    Client::builder().base_url("http://127.0.0.1:9").credential(credential).retry_policy(RetryPolicy::none()).no_proxy()
}

/// What the abandoned-call hook is told when the caller of a call of `op` stops waiting once
/// the request has reached the transport, which then gives `answer`. `None` when the call
/// ended before it sent anything.
async fn abandoned(credential: &str, op: &'static Operation, args: &Map<String, Value>, answer: TransportResponse) -> Option<(Option<String>, Result<RawJson>)> {
    let reached = Arc::new(tokio::sync::Notify::new());
    let gate = Arc::new(tokio::sync::Semaphore::new(0));
    let (told, report) = tokio::sync::oneshot::channel::<AbandonedCall>();
    let told = Mutex::new(Some(told));
    let (at_transport, opened) = (reached.clone(), gate.clone());
    let client = client(credential)
        .transport(move |_: TransportRequest| {
            let (reached, gate, answer) = (at_transport.clone(), opened.clone(), answer.clone());
            async move {
                reached.notify_one();
                let _open = gate.acquire().await;
                Ok::<_, TransportFailure>(answer)
            }
        })
        .on_abandoned_call(move |call| {
            if let Some(told) = told.lock().unwrap_or_else(|p| p.into_inner()).take() {
                let _ = told.send(call.clone());
            }
        })
        .build()
        .ok()?;
    {
        let call = client.call_typed(op.method_name, args);
        tokio::pin!(call);
        tokio::select! {
            biased;
            _ = &mut call => return None,
            _ = reached.notified() => {}
        }
    }
    // every request of the call (and of the look-ups of its exactly-once rules) is answered
    gate.close();
    let call = tokio::time::timeout(Duration::from_secs(60), report).await.ok()?.ok()?;
    Some((call.request_id, call.outcome))
}

/// Arguments of `op` that its checks accept: every required input and every secret one, the
/// secrets from `secrets` in table order (a required secret without one gets a placeholder).
fn arguments(op: &Operation, secrets: &[&str]) -> Map<String, Value> {
    let mut secrets = secrets.iter().copied().filter(|s| !s.is_empty());
    let mut args = Map::new();
    for p in op.params {
        if p.secret {
            match (secrets.next(), p.presence) {
                (Some(value), _) => args.insert(p.sdk_name.to_string(), json!(value)),
                (None, Presence::Required) => args.insert(p.sdk_name.to_string(), json!("placeholder-secret-input")),
                (None, _) => None,
            };
            continue;
        }
        if p.presence != Presence::Required {
            continue;
        }
        let value = match p.kind {
            ValueKind::Text => json!("w1"),
            ValueKind::Integer => json!(1),
            ValueKind::Amount => json!("0.001"),
            ValueKind::Boolean => json!(true),
            ValueKind::TextArray | ValueKind::TextListCommaJoined => json!(["a1", "a2"]),
            ValueKind::IntegerArray => json!([1]),
            ValueKind::AddressTypeCode | ValueKind::AddressTypeName => json!("legacy"),
        };
        args.insert(p.sdk_name.to_string(), value);
    }
    args
}

/// The raw JSON rewriter on any text: `public_fields` (the allow-list of an answer that carries
/// a secret), `secret_fields` (redacted at any depth), the call's secrets to scrub
/// (`credential`, `call_secrets`; none when `credential` is `None`) and whether 64 hex digits
/// are a secret (`hex_is_secret`, as in an answer that carries a secret).
pub fn rewrite(
    text: &str,
    public_fields: Option<&[&str]>,
    secret_fields: &[&str],
    credential: Option<&str>,
    call_secrets: &[&str],
    hex_is_secret: bool,
) -> RawJson {
    let forms = credential.map(|c| SecretForms::with_credential(Arc::new(FormSet::credential(c)), call_secrets.iter().copied()));
    let lists = [secret_fields];
    let rules = Redaction { public_fields, secret_fields: &lists, echoed: forms.as_ref(), hex_is_secret };
    raw_json::redacted(text, &rules)
}

/// A request built from an untyped call's arguments, without the credential (what would be
/// sent).
#[derive(Debug)]
pub struct CallRequest {
    /// `GET` or `POST`.
    pub method: &'static str,
    /// The path.
    pub path: &'static str,
    /// Header inputs (wire name, value).
    pub headers: Vec<(&'static str, String)>,
    /// Query inputs (wire name, value).
    pub query: Vec<(&'static str, String)>,
    /// The JSON body text of a `POST`.
    pub body: Option<String>,
    /// The secret input values (scrubbed from every text of the call).
    pub secrets: Vec<String>,
}

/// What [`crate::Client::call`] does with `operation` and `arguments` before sending:
/// the operation looked up, the arguments checked and placed (default address-type codes).
/// Errors are returned as the caller would get them (these are not scrubbed by the client).
pub fn call_args(operation: &str, arguments: &Map<String, Value>) -> Result<CallRequest> {
    let op = operations::by_name(operation).ok_or_else(|| {
        Error::invalid_input("operation", format!("`{operation}` is not the snake_case name of one of the 43 operations, such as `wallet_balance`"))
    })?;
    let args = Args::from_json(op, arguments).map_err(|e| e.set_operation(op.name))?;
    let mut req = request::build_with(op, &args, &AddressTypeCodes::default()).map_err(|e| e.set_operation(op.name))?;
    Ok(CallRequest {
        method: req.method.as_str(),
        path: req.path,
        headers: std::mem::take(&mut req.headers),
        query: std::mem::take(&mut req.query),
        body: req.body.take(),
        secrets: std::mem::take(&mut req.secrets),
    })
}

/// [`call_args`] on arguments given as JSON text, read as the FFI's `WalletClient::call` reads
/// them (`serde_json::from_str`, an object). `None` when the text is not a JSON object.
pub fn call_args_json(operation: &str, arguments_json: &str) -> Option<Result<CallRequest>> {
    match serde_json::from_str::<Value>(arguments_json) {
        Ok(Value::Object(map)) => Some(call_args(operation, &map)),
        _ => None,
    }
}

/// `json::limits::check`: `Err` with why, when the text is past a limit.
pub fn json_limits(text: &[u8]) -> std::result::Result<(), String> {
    crate::json::limits::check(text).map_err(|c| c.why())
}

/// What the quick envelope reading found in `body`, `None` when it left the body to serde:
/// `successful` (its last value when a boolean) and where `data` is.
pub fn json_envelope(body: &[u8]) -> Option<(Option<bool>, Option<std::ops::Range<usize>>)> {
    crate::json::envelope::scan_envelope(body).map(|scan| (scan.successful, scan.data))
}

/// The top-level members of `text` as the member reader of a raw JSON gives them (key, value
/// text), in order; none when the text is not an object.
pub fn json_members(text: &str) -> Vec<(String, String)> {
    let mut members = Vec::new();
    raw_json::for_each_member(text, |key, value| members.push((key.to_string(), value.to_string())));
    members
}

/// Where the value that starts at `at` ends, as the lexer finds it.
pub fn json_value_end(text: &[u8], at: usize) -> Option<usize> {
    crate::json::lex::skip_value(text, at, &mut 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_has_its_result_type() {
        for i in 0..operation_count() {
            let key = crate::credential::make_jwt(Some(4_000_000_000));
            let out = response(i, 200, Some("application/json"), Some("req-1"), None, b"{\"successful\":true,\"data\":null}", &key, &[]);
            assert_eq!(out.operation, operation(i).name);
            assert!(out.untyped.is_ok(), "{}: {:?}", out.operation, out.untyped);
            assert!(out.call_event_request_ids.iter().all(|r| r == "req-1"), "{}", out.operation);
            assert_eq!(out.abandoned.is_some(), !operation(i).idempotent, "{}", out.operation);
        }
    }

    #[test]
    fn call_args_builds_the_request() {
        let r = call_args_json("wallet_balance", r#"{"wallet_name":"w1"}"#).unwrap().unwrap();
        assert_eq!(r.headers, vec![("walletName", "w1".to_string())]);
        assert!(call_args_json("nope", "{}").unwrap().is_err());
        assert!(call_args_json("wallet_balance", "[]").is_none());
    }
}
