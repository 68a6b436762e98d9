//! Response decoding (operations.md §1.6): envelope or bare JSON, `successful: false` as an
//! error even on HTTP 200, non-JSON bodies as `decode` errors with a short excerpt.

use std::time::Duration;

use serde_json::Value;

use crate::error::{Details, Error, ErrorKind, Result};
use crate::operations::Operation;

/// Largest excerpt of an unreadable body kept in an error.
pub const EXCERPT_LIMIT: usize = 1024;

/// What arrived for one attempt.
#[derive(Debug, Clone)]
pub(crate) struct RawResponse {
    pub status: u16,
    pub content_type: Option<String>,
    pub request_id: Option<String>,
    pub retry_after: Option<Duration>,
    pub body: Vec<u8>,
}

/// A result type decoded from the response `data`.
pub trait FromData: serde::de::DeserializeOwned {
    /// Stores the raw (redacted) `data` JSON.
    #[doc(hidden)]
    fn set_raw(&mut self, raw: Value);
}

pub(crate) fn json_type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// `true` for `application/json`, `application/problem+json` and any `+json` type; a
/// missing content type is tried as JSON too.
pub(crate) fn is_json_media_type(ct: Option<&str>) -> bool {
    match ct {
        None => true,
        Some(ct) => {
            let essence = ct.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
            essence.is_empty() || essence == "application/json" || essence.ends_with("+json") || essence == "text/json"
        }
    }
}

/// The first [`EXCERPT_LIMIT`] bytes of a body as text.
pub(crate) fn excerpt(body: &[u8]) -> String {
    if body.is_empty() {
        return "(empty body)".to_string();
    }
    let cut = &body[..body.len().min(EXCERPT_LIMIT)];
    let mut s = String::from_utf8_lossy(cut).into_owned();
    // a multi-byte character cut in half shows as U+FFFD; fine for an excerpt
    if body.len() > EXCERPT_LIMIT {
        s.push('…');
    }
    s.replace(['\r', '\n'], " ")
}

/// Parses a `Retry-After` header (delay-seconds).
pub(crate) fn parse_retry_after(v: &str) -> Option<Duration> {
    let v = v.trim();
    if let Ok(s) = v.parse::<u64>() {
        return Some(Duration::from_secs(s));
    }
    if let Some(secs) = v.parse::<f64>().ok().filter(|f| f.is_finite() && *f >= 0.0) {
        return Some(Duration::from_secs_f64(secs));
    }
    // The HTTP-date form: the time left until then (zero if already past).
    let at = httpdate::parse_http_date(v).ok()?;
    Some(at.duration_since(std::time::SystemTime::now()).unwrap_or(Duration::ZERO))
}

const NOT_FOUND_HINT: &str =
    "note: the service also answers 404 when the API key is rejected; if this should exist, check the credential";
const COMPAT_404_HINT: &str =
    "the service answered 404 with an empty body, which is how it answers a rejected or expired API key; check the credential or get a new key";

/// Interprets one response: the `data` value on success, else the error.
pub(crate) fn interpret(op: &'static Operation, r: &RawResponse) -> Result<Value> {
    let ok_status = (200..300).contains(&r.status);
    let parsed: Option<Value> = if is_json_media_type(r.content_type.as_deref()) && !r.body.is_empty() {
        serde_json::from_slice(&r.body).ok()
    } else {
        None
    };
    let base = Details {
        status: Some(r.status),
        request_id: r.request_id.clone(),
        retry_after: r.retry_after,
        ..Details::default()
    };
    match parsed {
        Some(json) => {
            let envelope = json.as_object().and_then(|o| o.get("successful")).and_then(Value::as_bool);
            match envelope {
                Some(true) if ok_status => {
                    let mut json = json;
                    Ok(json.as_object_mut().and_then(|o| o.remove("data")).unwrap_or(Value::Null))
                }
                Some(_) => Err(service_error(op, &json, base)),
                None if ok_status => Ok(json),
                None => Err(service_error(op, &json, base)),
            }
        }
        None if ok_status => {
            let ct = r.content_type.as_deref().unwrap_or("none");
            let why = if r.body.is_empty() { "the body is empty" } else { "the body is not JSON" };
            Err(Error::with_details(
                ErrorKind::Decode,
                format!(
                    "{} failed: could not read the response (HTTP {}, content type `{ct}`): {why}; body starts with: {}",
                    op.name,
                    r.status,
                    excerpt(&r.body)
                ),
                Details { operation: Some(op.name), ..base },
            ))
        }
        None => {
            // a non-2xx answer we cannot read: the status decides
            let mut d = base;
            let code = code_for_status(r.status);
            d.service_code = Some(code.to_string());
            if r.status == 404 && r.body.is_empty() {
                return Err(Error::from_service(op.name, ErrorKind::CredentialRejected, d, Some(COMPAT_404_HINT)));
            }
            let kind = ErrorKind::from_status(r.status);
            let ct = r.content_type.as_deref().unwrap_or("none");
            d.service_message = Some(format!("non-JSON body (content type `{ct}`): {}", excerpt(&r.body)));
            let hint = if r.status == 404 { Some(NOT_FOUND_HINT) } else { None };
            Err(Error::from_service(op.name, kind, d, hint))
        }
    }
}

/// The code derived from an HTTP status when the body has none (§1.6 rule 3).
pub(crate) fn code_for_status(status: u16) -> &'static str {
    match status {
        400 => "validation_failed",
        401 => "invalid_credential",
        403 => "forbidden",
        404 => "not_found",
        409 => "conflict",
        422 => "unprocessable",
        429 => "rate_limited",
        500..=599 => "server_error",
        _ => "service_error",
    }
}

fn service_error(op: &'static Operation, json: &Value, mut d: Details) -> Error {
    let status = d.status.unwrap_or(0);
    let err = json.get("error").filter(|e| e.is_object());
    let code = err.and_then(|e| e.get("code")).and_then(Value::as_str).map(str::to_string);
    d.service_message = json
        .get("message")
        .and_then(Value::as_str)
        .map(str::to_string)
        .or_else(|| json.get("title").and_then(Value::as_str).map(str::to_string));
    if let Some(e) = err {
        d.node_code = e.get("nodeCode").and_then(Value::as_i64);
        d.node_message = e.get("nodeMessage").and_then(Value::as_str).map(str::to_string);
        d.field = e.get("field").and_then(Value::as_str).map(|w| op.sdk_name_of_wire(w).unwrap_or(w).to_string());
    }
    if d.field.is_none() {
        // ASP.NET validation problem: first field named in `errors`
        if let Some(first) = json.get("errors").and_then(Value::as_object).and_then(|m| m.keys().next()) {
            d.field = Some(op.sdk_name_of_wire(first).unwrap_or(first).to_string());
        }
    }
    let ok_status = (200..300).contains(&status);
    let kind = match &code {
        Some(c) => ErrorKind::from_service_code(c).unwrap_or_else(|| {
            if ok_status {
                ErrorKind::ServiceError
            } else {
                ErrorKind::from_status(status)
            }
        }),
        None if ok_status => ErrorKind::ServiceError,
        None => ErrorKind::from_status(status),
    };
    d.service_code = code.or_else(|| if ok_status { None } else { Some(code_for_status(status).to_string()) });
    let hint = match kind {
        ErrorKind::NotFound if status == 404 => Some(NOT_FOUND_HINT),
        ErrorKind::CredentialExpired => Some("get a new key and pass it to set_credential"),
        ErrorKind::OutcomeUnknown => None,
        _ => None,
    };
    Error::from_service(op.name, kind, d, hint)
}

/// Replaces the values of secret fields (by wire name, at any depth) with `"[REDACTED]"`.
pub(crate) fn redact(v: &mut Value, secret_fields: &[&str]) {
    if secret_fields.is_empty() {
        return;
    }
    match v {
        Value::Object(m) => {
            for (k, val) in m.iter_mut() {
                if secret_fields.iter().any(|s| s.eq_ignore_ascii_case(k)) && !val.is_null() {
                    *val = Value::String("[REDACTED]".into());
                } else {
                    redact(val, secret_fields);
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| redact(x, secret_fields)),
        _ => {}
    }
}

/// Decodes `data` into the operation's result type and keeps the redacted raw JSON.
pub(crate) fn typed<T: FromData>(op: &'static Operation, data: Value, status: u16) -> Result<T> {
    let empty = Value::Object(Default::default());
    // Deserialized by reference: the same value is then kept (redacted) as the raw JSON.
    let source = if data.is_null() { &empty } else { &data };
    let mut out = T::deserialize(source).map_err(|e| {
        let mut shown = data.clone();
        redact(&mut shown, op.secret_outputs);
        Error::with_details(
            ErrorKind::Decode,
            format!(
                "{} failed: could not read the response (HTTP {status}): unexpected data shape: {e}; data starts with: {}",
                op.name,
                excerpt(shown.to_string().as_bytes())
            ),
            Details { operation: Some(op.name), status: Some(status), ..Details::default() },
        )
    })?;
    let mut raw = data;
    redact(&mut raw, op.secret_outputs);
    out.set_raw(raw);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operations as ops;

    #[test]
    fn retry_after_in_seconds_or_as_an_http_date() {
        assert_eq!(parse_retry_after("7"), Some(Duration::from_secs(7)));
        assert_eq!(parse_retry_after(" 1.5 "), Some(Duration::from_millis(1500)));
        assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT"), Some(Duration::ZERO));
        let soon = httpdate::fmt_http_date(std::time::SystemTime::now() + Duration::from_secs(120));
        let wait = parse_retry_after(&soon).unwrap();
        assert!(wait > Duration::from_secs(100) && wait <= Duration::from_secs(120), "{wait:?}");
        assert_eq!(parse_retry_after("soon"), None);
        assert_eq!(parse_retry_after("-3"), None);
    }

    fn resp(status: u16, ct: Option<&str>, body: &str) -> RawResponse {
        RawResponse {
            status,
            content_type: ct.map(str::to_string),
            request_id: Some("req-1".into()),
            retry_after: None,
            body: body.as_bytes().to_vec(),
        }
    }

    #[test]
    fn envelope_and_bare() {
        let d = interpret(&ops::WALLET_BALANCE, &resp(200, Some("application/json"), r#"{"successful":true,"message":"ok","data":{"confirmed":1.5}}"#)).unwrap();
        assert_eq!(d["confirmed"].to_string(), "1.5");
        let d = interpret(&ops::WALLET_BALANCE, &resp(200, Some("application/json; charset=utf-8"), r#"{"confirmed":1.5,"unconfirmed":0}"#)).unwrap();
        assert_eq!(d["unconfirmed"].to_string(), "0");
        let d = interpret(&ops::WALLET_BALANCE, &resp(200, Some("application/vnd.x+json"), r#""hello""#)).unwrap();
        assert_eq!(d, Value::String("hello".into()));
        let d = interpret(&ops::WALLET_BALANCE, &resp(200, None, r#"{"successful":true,"data":null}"#)).unwrap();
        assert!(d.is_null());
    }

    #[test]
    fn failure_on_200() {
        let e = interpret(&ops::WALLET_BALANCE, &resp(200, Some("application/json"), r#"{"successful":false,"message":"Wallet not loaded","data":null}"#)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::ServiceError);
        assert_eq!(e.status(), Some(200));
        assert_eq!(e.service_code(), None);
        assert_eq!(e.to_string(), "wallet_balance failed: the service reported an error (HTTP 200): Wallet not loaded [request id req-1]");
        let e = interpret(&ops::WALLET_BALANCE, &resp(200, Some("application/json"), r#"{"successful":false,"message":"m","error":{"code":"wallet_not_found","field":"walletName"}}"#)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NotFound);
        assert_eq!(e.field(), Some("wallet_name"));
    }

    #[test]
    fn sandbox_errors() {
        let e = interpret(&ops::CREATE_ADDRESS, &resp(403, Some("application/json"), r#"{"successful":false,"message":"Error: The wallet passphrase entered was incorrect.","error":{"code":"bad_passphrase","field":"encryptedPassphrase","nodeCode":-14,"nodeMessage":"Error: The wallet passphrase entered was incorrect."}}"#)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::WalletLocked);
        assert_eq!(e.service_code(), Some("bad_passphrase"));
        assert_eq!(e.field(), Some("passphrase"));
        assert_eq!(e.node_code(), Some(-14));
        assert_eq!(e.request_id(), Some("req-1"));
        assert_eq!(e.to_string(), "create_address failed: the wallet is locked or the passphrase/mnemonics do not match (HTTP 403, code `bad_passphrase`, field `passphrase`): Error: The wallet passphrase entered was incorrect. [request id req-1]");
        let e = interpret(&ops::WALLET_BALANCE, &resp(404, Some("application/json"), r#"{"successful":false,"message":"Wallet w not found","error":{"code":"wallet_not_found","field":"walletName","nodeCode":-18,"nodeMessage":"Requested wallet does not exist or is not loaded"}}"#)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NotFound);
        assert_eq!(e.to_string(), "wallet_balance failed: not found (HTTP 404, code `wallet_not_found`, field `wallet_name`): Wallet w not found [node: Requested wallet does not exist or is not loaded] — note: the service also answers 404 when the API key is rejected; if this should exist, check the credential [request id req-1]");
        let e = interpret(&ops::WALLET_BALANCE, &resp(401, Some("application/json"), r#"{"successful":false,"message":"expired","error":{"code":"expired_credential","field":"nodeUrlOrApiAccessKey"}}"#)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::CredentialExpired);
        assert_eq!(e.field(), Some("credential"));
        assert_eq!(e.to_string(), "wallet_balance failed: the credential has expired (HTTP 401, code `expired_credential`, field `credential`): expired — get a new key and pass it to set_credential [request id req-1]");
        let mut r = resp(429, Some("application/json"), r#"{"successful":false,"message":"slow down","error":{"code":"rate_limited"}}"#);
        r.retry_after = Some(Duration::from_secs(2));
        let e = interpret(&ops::WALLET_BALANCE, &r).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::RateLimited);
        assert!(e.is_retryable());
        assert_eq!(e.retry_after(), Some(Duration::from_secs(2)));
        assert_eq!(e.to_string(), "wallet_balance failed: rate limited (HTTP 429, code `rate_limited`): slow down (retry after 2 s) [request id req-1]");
        for (code, kind) in [
            ("validation_failed", ErrorKind::Validation),
            ("wallet_exists", ErrorKind::Conflict),
            ("conflict", ErrorKind::Conflict),
            ("wallet_locked", ErrorKind::WalletLocked),
            ("bad_mnemonics", ErrorKind::WalletLocked),
            ("insufficient_funds", ErrorKind::InsufficientFunds),
            ("unsupported_address_type", ErrorKind::Rejected),
            ("transaction_rejected", ErrorKind::Rejected),
            ("node_unavailable", ErrorKind::ServiceUnavailable),
            ("node_error", ErrorKind::ServiceError),
            ("missing_credential", ErrorKind::CredentialRejected),
            ("invalid_credential", ErrorKind::CredentialRejected),
            ("something_new", ErrorKind::Rejected),
        ] {
            let body = format!(r#"{{"successful":false,"message":"m","error":{{"code":"{code}"}}}}"#);
            let e = interpret(&ops::WALLET_BALANCE, &resp(422, Some("application/json"), &body)).unwrap_err();
            assert_eq!(e.kind(), kind, "{code}");
            assert_eq!(e.service_code(), Some(code));
        }
    }

    #[test]
    fn problem_json() {
        let body = r#"{"type":"https://tools.ietf.org/html/rfc7231#section-6.5.1","title":"One or more validation errors occurred.","status":400,"traceId":"00-1","errors":{"nodeUrlOrApiAccessKey":["The nodeUrlOrApiAccessKey field is required."]},"successful":false,"message":"One or more validation errors occurred.","error":{"code":"missing_credential","field":"nodeUrlOrApiAccessKey"}}"#;
        let e = interpret(&ops::WALLET_BALANCE, &resp(400, Some("application/problem+json; charset=utf-8"), body)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::CredentialRejected);
        assert_eq!(e.field(), Some("credential"));
        assert_eq!(e.to_string(), "wallet_balance failed: the credential was rejected (HTTP 400, code `missing_credential`, field `credential`): One or more validation errors occurred. [request id req-1]");
        // pure ASP.NET problem without envelope
        let body = r#"{"title":"One or more validation errors occurred.","status":400,"errors":{"walletName":["required"]}}"#;
        let e = interpret(&ops::WALLET_BALANCE, &resp(400, Some("application/problem+json"), body)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Validation);
        assert_eq!(e.service_code(), Some("validation_failed"));
        assert_eq!(e.field(), Some("wallet_name"));
    }

    #[test]
    fn non_json_bodies() {
        let e = interpret(&ops::BLOCKCHAIN_INFO, &resp(200, Some("text/html"), "<html>proxy login</html>")).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Decode);
        assert_eq!(e.to_string(), "blockchain_info failed: could not read the response (HTTP 200, content type `text/html`): the body is not JSON; body starts with: <html>proxy login</html>");
        let e = interpret(&ops::BLOCKCHAIN_INFO, &resp(200, Some("application/json"), "")).unwrap_err();
        assert_eq!(e.to_string(), "blockchain_info failed: could not read the response (HTTP 200, content type `application/json`): the body is empty; body starts with: (empty body)");
        let big = "x".repeat(5000);
        let e = interpret(&ops::BLOCKCHAIN_INFO, &resp(200, Some("text/plain"), &big)).unwrap_err();
        assert!(e.to_string().len() < 1300);
        let e = interpret(&ops::BLOCKCHAIN_INFO, &resp(502, Some("text/html"), "<h1>Bad Gateway</h1>")).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::ServiceUnavailable);
        assert_eq!(e.service_code(), Some("server_error"));
        assert_eq!(e.to_string(), "blockchain_info failed: the service is unavailable (HTTP 502, code `server_error`): non-JSON body (content type `text/html`): <h1>Bad Gateway</h1> [request id req-1]");
        // compat real: 404 with an empty body = rejected key
        let e = interpret(&ops::BLOCKCHAIN_INFO, &resp(404, None, "")).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::CredentialRejected);
        assert_eq!(e.to_string(), "blockchain_info failed: the credential was rejected (HTTP 404, code `not_found`) — the service answered 404 with an empty body, which is how it answers a rejected or expired API key; check the credential or get a new key [request id req-1]");
        let e = interpret(&ops::BLOCKCHAIN_INFO, &resp(404, Some("text/plain"), "nope")).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NotFound);
        assert_eq!(e.to_string(), "blockchain_info failed: not found (HTTP 404, code `not_found`): non-JSON body (content type `text/plain`): nope — note: the service also answers 404 when the API key is rejected; if this should exist, check the credential [request id req-1]");
    }

    #[test]
    fn redaction() {
        let mut v: Value = serde_json::from_str(r#"{"walletName":"w","mnemonics":"a b c","encryptedPassphrase":"pp","nested":[{"privateKey":"k"}]}"#).unwrap();
        redact(&mut v, &["mnemonics", "encryptedPassphrase", "privateKey"]);
        assert_eq!(v.to_string(), r#"{"walletName":"w","mnemonics":"[REDACTED]","encryptedPassphrase":"[REDACTED]","nested":[{"privateKey":"[REDACTED]"}]}"#);
    }
}
