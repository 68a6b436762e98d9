//! Entry points for the fuzz targets of `fuzz/` (feature `fuzzing`; hidden, not an API: it may
//! change with every internal change). Each one is a thin wrapper that runs one of the crate's
//! internal paths on caller-given bytes exactly as the client runs it, without a network:
//!
//! - [`response`]: an answer (status, headers, body) through the response path of one operation,
//!   typed as its method decodes it, untyped as [`crate::Client::call`] does, and, for a
//!   non-idempotent operation, as the abandoned-call report sees it; with the client's scrubbing
//!   of the call's secrets and its `tracing` span and events;
//! - [`rewrite`]: the raw JSON rewriter (redaction of secret fields and echoed secrets);
//! - [`call_args`] and [`call_args_json`]: the untyped call's arguments turned into a request
//!   (validation and placement), without sending it.
//!
//! The internals used: `decode::{interpret, typed, parse_retry_after,
//! RawResponse}`, `redact::{SecretForms::with_credential, FormSet::credential, service_text}`,
//! `Credential::echo_forms`, `Error::{scrub, set_attempts, set_operation}`,
//! `raw_json::{redacted, Redaction}`, `request::{Args::from_json, build_with}`,
//! `client::retryable_status`, `fields::RawOf` and the operation table. The request id's
//! scrubbing mirrors `Client::attempt`; the span, its fields and the events mirror
//! `Client::execute`, `Client::send` and `Client::report_abandoned`.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Map, Value};

use crate::address_type::AddressTypeCodes;
use crate::credential::Credential;
use crate::decode::{self, RawResponse};
use crate::raw_json::FromData;
use crate::error::{Error, Result};
use crate::fields::RawOf;
use crate::operations::{self, Operation};
use crate::raw_json::{self, RawJson, Redaction};
use crate::redact::{self, FormSet, SecretForms};
use crate::request::{self, Args};

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
    /// `Retry-After` as the client read it.
    pub retry_after: Option<Duration>,
    /// The typed method's result (its raw JSON) or error.
    pub typed: Result<RawJson>,
    /// [`crate::Client::call`]'s result or error.
    pub untyped: Result<RawJson>,
    /// The request id a call hook ([`crate::CallEvent`]) is given after the typed call.
    pub call_event_request_id: Option<String>,
    /// For a non-idempotent operation: what the abandoned-call hook would be given
    /// ([`crate::AbandonedCall`]'s request id and outcome).
    pub abandoned: Option<(Option<String>, Result<RawJson>)>,
}

/// Runs one answer through the response path of the operation at `op_index` (modulo
/// [`operation_count`]) as a call with `credential` (valid for [`Credential::parse`]) and the
/// secret inputs `call_secrets` (given in the order of [`secret_inputs`]; extra ones are
/// ignored, as that call would not have them). Header values go through the same checks as the
/// transport's (a value that is not visible ASCII is dropped); `status` is clamped to 100–999
/// and `body` cut at [`MAX_BODY`].
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
    let n = op.params.iter().filter(|p| p.secret).count();
    let secrets: Vec<&str> = call_secrets.iter().copied().take(n).filter(|s| !s.is_empty()).collect();
    let credential = Credential::parse(credential).expect("fuzzing::response needs a valid credential");
    // `Client::prepare`: the call's forms, built once
    let call = Call { op, forms: SecretForms::with_credential(credential.echo_forms(), secrets.iter().copied()) };
    // `Client::attempt`: the headers as the transport reads them
    let header = |v: Option<&str>| {
        v.and_then(|v| http::HeaderValue::from_bytes(v.as_bytes()).ok())
            .and_then(|h| h.to_str().ok().map(str::to_string))
    };
    let raw = RawResponse {
        status: status.clamp(100, 999),
        content_type: content_type.and_then(|v| http::HeaderValue::from_bytes(v.as_bytes()).ok()).as_ref().and_then(decode::content_type),
        request_id: header(request_id).map(|r| {
            let mut r = redact::service_text(&r, false);
            call.forms.scrub_in_place(&mut r);
            r
        }),
        retry_after: header(retry_after).as_deref().and_then(decode::parse_retry_after),
        body: body[..body.len().min(MAX_BODY)].to_vec(),
    };
    let mut event_request_id = None;
    let typed = typed_result(&call, raw.clone(), &mut event_request_id);
    let untyped = call.execute(raw.clone(), &mut None, |a, forms| decode::typed::<RawJson>(op, a, forms));
    let abandoned = (!op.idempotent).then(|| call.report_abandoned(raw.clone()));
    ResponseOutcome {
        operation: op.name,
        retry_after: raw.retry_after,
        typed,
        untyped,
        call_event_request_id: event_request_id,
        abandoned,
    }
}

/// One call: its operation and the forms of its secrets.
struct Call {
    op: &'static Operation,
    forms: SecretForms,
}

impl Call {
    /// One answer as `Client::send` and `Client::execute_inner` handle it (one attempt),
    /// decoded by `decode_with` (given the call's forms).
    fn execute<T>(
        &self,
        raw: RawResponse,
        event_request_id: &mut Option<String>,
        decode_with: impl FnOnce(decode::Answer, Option<&SecretForms>) -> Result<T>,
    ) -> Result<T> {
        let op = self.op;
        let span = tracing::info_span!(
            "wallet_sdk.operation",
            op = op.name,
            method = op.method.as_str(),
            path = op.path,
            attempt = tracing::field::Empty,
            status = tracing::field::Empty,
            latency_ms = tracing::field::Empty,
            error_kind = tracing::field::Empty,
            request_id = tracing::field::Empty,
        );
        let _entered = span.enter();
        span.record("attempt", 1u32);
        span.record("status", raw.status);
        if let Some(r) = &raw.request_id {
            span.record("request_id", r.as_str());
        }
        let status = raw.status;
        let answer = match decode::interpret(op, raw) {
            Ok(mut a) => {
                a.attempts = 1;
                Ok(a)
            }
            Err(e) => {
                if op.idempotent && crate::client::retryable_status(status, e.service_code()) {
                    tracing::debug!(status, attempt = 1u32, "retryable answer");
                }
                Err(e.set_attempts(1))
            }
        };
        if let Ok(a) = &answer {
            *event_request_id = a.request_id.clone();
        }
        // any answer may echo the credential or the call's secret inputs
        let result = answer.and_then(|a| decode_with(a, Some(&self.forms)));
        let result = result.map_err(|e| {
            let e = if e.attempts() == 0 { e.set_attempts(1) } else { e };
            e.scrub(&self.forms)
        });
        span.record("latency_ms", 0u64);
        match &result {
            Ok(_) => tracing::debug!(parent: &span, "operation succeeded"),
            Err(e) => {
                span.record("error_kind", e.kind().as_str());
                tracing::debug!(parent: &span, kind = e.kind().as_str(), status = e.status(), "operation failed");
                *event_request_id = e.request_id().map(str::to_string);
            }
        }
        result
    }

    /// `Client::report_abandoned` for this answer: the hook's request id and outcome, and the
    /// WARN event.
    fn report_abandoned(&self, raw: RawResponse) -> (Option<String>, Result<RawJson>) {
        let op = self.op;
        let forms = &self.forms;
        let (request_id, status, outcome) = match decode::interpret(op, raw).and_then(|a| a.checked(op)) {
            Ok(a) => {
                let data = raw_json::redact_answer(op, a.data(), &[], Some(forms));
                (a.request_id.clone(), Some(a.status), Ok(data))
            }
            Err(e) => {
                let e = e.set_attempts(1).scrub(forms);
                (e.request_id().map(str::to_string), e.status(), Err(e))
            }
        };
        let outcome_kind = outcome.as_ref().err().map(|e| e.kind().as_str()).unwrap_or("succeeded");
        tracing::warn!(
            target: "wallet_sdk::abandoned",
            op = op.name,
            request_id = request_id.as_deref(),
            status = status,
            outcome = outcome_kind,
            "a non-idempotent call finished after its caller stopped waiting"
        );
        (request_id, outcome)
    }
}

macro_rules! declare_typed_result {
    ($({$name:ident $ret:ident [$($doc:literal)*] $summary:literal [$($wire:tt)*] ($($arg:ident : $ty:ident [$($w:tt)*]),*) [$($oname:ident [$($shared:ident)?] [$($odoc:literal)*] { $([$($fdoc:literal)*] $f:ident : $ft:ident [$($fw:tt)*]),* })?]})*) => {
        /// The typed method's path: the method's own result type (as in `methods.rs`).
        fn typed_result(call: &Call, raw: RawResponse, event_request_id: &mut Option<String>) -> Result<RawJson> {
            fn run<T: FromData + RawOf>(call: &Call, raw: RawResponse, rid: &mut Option<String>) -> Result<RawJson> {
                let op = call.op;
                call.execute(raw, rid, |a, forms| decode::typed::<T>(op, a, forms))
                    .map(|t| t.raw_of().unwrap_or_default())
            }
            match call.op.method_name {
                $( stringify!($name) => run::<crate::models::$ret>(call, raw, event_request_id), )*
                other => unreachable!("fuzzing::response: `{other}` is no method of the description"),
            }
        }
    };
}

crate::for_each_operation!(declare_typed_result);

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_has_its_result_type() {
        for i in 0..operation_count() {
            let key = crate::credential::make_jwt(Some(4_000_000_000));
            let out = response(i, 200, Some("application/json"), Some("req-1"), None, b"{\"successful\":true,\"data\":null}", &key, &[]);
            assert_eq!(out.operation, operation(i).name);
            assert!(out.untyped.is_ok(), "{}", out.operation);
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
