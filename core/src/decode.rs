//! Response decoding: envelope or bare JSON, `successful: false` as an
//! error even on HTTP 200, non-JSON bodies as `decode` errors with a short excerpt.

use std::borrow::Cow;
use std::ops::Range;
use std::time::Duration;

use serde_json::value::RawValue;
use serde_json::Value;

use crate::error::{Details, Error, ErrorKind, Result};
use crate::operations::Operation;
use crate::json::envelope::{scan_envelope, Scan};
use crate::json::limits;
use crate::raw_json::{self, answer_carries_secret, redact_answer, FromData, RawJson};
use crate::redact;

/// Largest excerpt of an unreadable body kept in an error.
pub const EXCERPT_LIMIT: usize = 1024;

/// What arrived for one attempt.
#[derive(Debug, Clone)]
pub(crate) struct RawResponse {
    pub status: u16,
    /// A usual value is not copied ([`content_type`]).
    pub content_type: Option<Cow<'static, str>>,
    pub request_id: Option<String>,
    pub retry_after: Option<Duration>,
    pub body: Vec<u8>,
}

/// The text of a `Content-Type` header as a [`RawResponse`] keeps it, `None` when it is not
/// visible ASCII (`HeaderValue::to_str`): the usual JSON types without a copy of their own.
pub(crate) fn content_type(value: &http::HeaderValue) -> Option<Cow<'static, str>> {
    const USUAL: [&str; 3] = ["application/json; charset=utf-8", "application/json", "application/problem+json; charset=utf-8"];
    match USUAL.iter().find(|usual| usual.as_bytes() == value.as_bytes()) {
        Some(usual) => Some(Cow::Borrowed(usual)),
        None => value.to_str().ok().map(|text| Cow::Owned(text.to_string())),
    }
}

/// `true` for `application/json`, `application/problem+json` and any `+json` type; a
/// missing content type is tried as JSON too.
pub(crate) fn is_json_media_type(ct: Option<&str>) -> bool {
    match ct {
        None => true,
        // the usual ones at once
        Some("application/json; charset=utf-8" | "application/json") => true,
        Some(ct) => {
            // compared ignoring case in place (no lower-case copy per answer)
            let essence = ct.split(';').next().unwrap_or("").trim();
            let ends_json = essence.len() >= 5 && essence.as_bytes()[essence.len() - 5..].eq_ignore_ascii_case(b"+json");
            essence.is_empty()
                || essence.eq_ignore_ascii_case("application/json")
                || ends_json
                || essence.eq_ignore_ascii_case("text/json")
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

/// The longest `Retry-After` honoured; a larger value (a hostile or broken header such as
/// `100000000000000000000`) is clamped to it instead of overflowing.
pub const MAX_RETRY_AFTER: Duration = Duration::from_secs(24 * 60 * 60);

/// Parses a `Retry-After` header (delay-seconds or an HTTP date), clamped to
/// [`MAX_RETRY_AFTER`].
pub(crate) fn parse_retry_after(v: &str) -> Option<Duration> {
    let v = v.trim();
    let wait = if let Ok(s) = v.parse::<u64>() {
        Duration::from_secs(s)
    } else if let Some(secs) = v.parse::<f64>().ok().filter(|f| !f.is_nan() && *f >= 0.0) {
        Duration::try_from_secs_f64(secs).unwrap_or(MAX_RETRY_AFTER)
    } else {
        // The HTTP-date form: the time left until then (zero if already past).
        let at = httpdate::parse_http_date(v).ok()?;
        at.duration_since(std::time::SystemTime::now()).unwrap_or(Duration::ZERO)
    };
    Some(wait.min(MAX_RETRY_AFTER))
}

const NOT_FOUND_HINT: &str =
    "note: the service also answers 404 when the API key is rejected; if this should exist, check the credential";
const COMPAT_404_HINT: &str =
    "the service answered 404 with an empty body, which is how it answers a rejected or expired API key; check the credential or get a new key";
const GATEWAY_HINT: &str = "a gateway may answer so after the service acted; it was not repeated automatically — \
check whether it took effect before trying again";

/// Largest redacted body kept in [`Error::raw_body`].
const RAW_BODY_LIMIT: usize = 64 * 1024;

/// Decodes a successful answer (with the forms of the call's secrets, when the answer came
/// from the service) into the call's result, which the caller keeps: the one part of a call
/// that depends on the result type.
pub(crate) type Decode<'a> = &'a mut (dyn FnMut(Answer, Option<&redact::SecretForms>) -> Result<()> + Send);

/// An answer's text, zeroed when it goes: an answer may hold a secret of its own (a phrase, a
/// key) that no result or error keeps.
#[derive(Clone, Default)]
pub(crate) struct Body(String);

impl std::fmt::Debug for Body {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Body({} bytes)", self.0.len())
    }
}

impl Drop for Body {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.0);
    }
}

impl std::ops::Deref for Body {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
impl Answer {
    fn clone_for_test(&self) -> Answer {
        Answer {
            body: self.body.clone(),
            data: self.data.clone(),
            enveloped: self.enveloped,
            status: self.status,
            request_id: None,
            attempts: 1,
            pending: self.pending.clone(),
        }
    }
}

impl Body {
    /// The text, for an owner that keeps it (and answers for it).
    fn into_string(mut self) -> String {
        std::mem::take(&mut self.0)
    }
}


/// A successful answer: the body, where its `data` sits in it, and whether it came in a
/// `successful: true` envelope.
#[derive(Debug)]
pub(crate) struct Answer {
    body: Body,
    /// `None` for an envelope without `data`, read as `null`.
    data: Option<Range<usize>>,
    pub enveloped: bool,
    pub status: u16,
    pub request_id: Option<String>,
    /// Attempts made (set by the client).
    pub attempts: u32,
    /// `Some` when the envelope was read by [`scan_envelope`], which skips over `data` without
    /// checking that it is JSON: what [`interpret`] needs to make the error it would have made
    /// had it read the body with serde (the typed decode of `data`, which reads every byte of
    /// it, tells whether that is needed).
    pending: Option<Pending>,
}

/// The parts of a response that only a body found not to be JSON after all needs.
#[derive(Debug, Clone)]
pub(crate) struct Pending {
    content_type: Option<Cow<'static, str>>,
    retry_after: Option<Duration>,
}

impl Answer {
    /// An answer the SDK makes itself (a broadcast the node already had, a replayed keyed
    /// send): `data` is this JSON object text, as if in a `successful: true` envelope.
    pub(crate) fn made_by_sdk(data: String) -> Answer {
        let range = 0..data.len();
        Answer { body: Body(data), data: Some(range), enveloped: true, status: 200, request_id: None, attempts: 0, pending: None }
    }

    /// The answer as [`interpret`] makes it reading the whole body with serde: when the fast
    /// envelope scan skipped `data`, that `data` is checked (and the error is the one a body
    /// that is not JSON gets). For readers of [`Answer::data`] other than [`typed`].
    pub(crate) fn checked(self, op: &'static Operation) -> Result<Answer> {
        match self.pending {
            None => Ok(self),
            Some(pending) => {
                let attempts = self.attempts;
                let raw = RawResponse {
                    status: self.status,
                    content_type: pending.content_type,
                    request_id: self.request_id,
                    retry_after: pending.retry_after,
                    body: self.body.into_string().into_bytes(),
                };
                match interpret_with(op, raw, false) {
                    Ok(a) => Ok(Answer { attempts, ..a }),
                    Err(e) if attempts > 0 => Err(e.set_attempts(attempts)),
                    Err(e) => Err(e),
                }
            }
        }
    }

    /// The error [`interpret`] makes when the body is not JSON after all (the fast scan skipped
    /// `data`); `None` when it is JSON.
    fn not_json(&self, op: &'static Operation) -> Option<Error> {
        let pending = self.pending.as_ref()?;
        let raw = RawResponse {
            status: self.status,
            content_type: pending.content_type.clone(),
            request_id: self.request_id.clone(),
            retry_after: pending.retry_after,
            body: self.body.to_string().into_bytes(),
        };
        interpret_with(op, raw, false).err()
    }

    /// The JSON text of the answer's `data`.
    pub(crate) fn data(&self) -> &str {
        self.data
            .clone()
            .and_then(|r| self.body.get(r))
            .unwrap_or("null")
    }
}

/// The body of an unreadable answer as kept in an error: nothing for an answer that carries
/// a secret, else the body with its secret fields redacted (if it is JSON), cut at 64 KiB.
fn kept_body(op: &Operation, body: &[u8]) -> Option<String> {
    if answer_carries_secret(op) || body.is_empty() {
        return None;
    }
    let text = match std::str::from_utf8(body).ok().filter(|t| {
        limits::check(t.as_bytes()).is_ok() && serde_json::from_str::<serde::de::IgnoredAny>(t).is_ok()
    }) {
        Some(json) => redact_answer(op, json, &[], None).to_string(),
        None => {
            let text = String::from_utf8_lossy(&body[..body.len().min(RAW_BODY_LIMIT)]);
            crate::shapes::scrub(&text, false).unwrap_or_else(|| text.into_owned())
        }
    };
    Some(cut(text, RAW_BODY_LIMIT))
}

fn cut(mut s: String, limit: usize) -> String {
    if s.len() > limit {
        let mut at = limit;
        while !s.is_char_boundary(at) {
            at -= 1;
        }
        s.truncate(at);
        s.push('…');
    }
    s
}

/// The error for an answer the SDK cannot read. On a non-idempotent operation a 2xx means the
/// operation happened: `outcome_unknown`, never retryable. Otherwise `decode`.
///
/// JSON answers are never quoted in the message (their values may be anything the service
/// holds); they stay in `raw_body`, redacted. A body that is not JSON (a proxy's page) is quoted
/// in part, scrubbed of secret shapes.
fn unreadable(op: &'static Operation, status: u16, d: Details, why: &str, body: &[u8], json: bool) -> Error {
    let secret = answer_carries_secret(op);
    let shown = if secret {
        "the body is not shown: this operation's answers carry secrets".to_string()
    } else if json {
        "the body is kept, redacted, in the error's raw_body".to_string()
    } else {
        match kept_body(op, body) {
            Some(b) => format!("body starts with: {}", excerpt(b.as_bytes())),
            None => "body starts with: (empty body)".to_string(),
        }
    };
    let mut d = Details { operation: Some(op.name), status: Some(status), ..d };
    d.raw_body = kept_body(op, body);
    if op.idempotent || !(200..300).contains(&status) {
        Error::with_details(
            ErrorKind::Decode,
            format!("{} failed: could not read the response (HTTP {status}): {why}; {shown}", op.name),
            d,
        )
    } else {
        d.may_have_reached_service = true;
        let rid = d.request_id.as_deref().map(|r| format!(" [request id {r}]")).unwrap_or_default();
        Error::with_details(
            ErrorKind::OutcomeUnknown,
            format!(
                "{}: outcome unknown: the service answered HTTP {status}, so the operation probably took effect, but the \
                 answer could not be read ({why}; {shown}); it was not repeated automatically — check whether it took \
                 effect before trying again{rid}",
                op.name
            ),
            d,
        )
    }
}

/// What the top level of a JSON body says: whether it is an object, its `successful` flag
/// (when a boolean) and where its `data` is. Read without building a tree.
struct Envelope<'a> {
    object: bool,
    successful: Option<bool>,
    data: Option<&'a RawValue>,
}

impl<'de> serde::Deserialize<'de> for Envelope<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};
        enum Key {
            Successful,
            Data,
            Other,
        }
        impl<'de> serde::Deserialize<'de> for Key {
            fn deserialize<D: serde::Deserializer<'de>>(
                d: D,
            ) -> std::result::Result<Self, D::Error> {
                struct KeyVisitor;
                impl Visitor<'_> for KeyVisitor {
                    type Value = Key;
                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str("a key")
                    }
                    fn visit_str<E: serde::de::Error>(
                        self,
                        v: &str,
                    ) -> std::result::Result<Key, E> {
                        Ok(match v {
                            "successful" => Key::Successful,
                            "data" => Key::Data,
                            _ => Key::Other,
                        })
                    }
                }
                d.deserialize_identifier(KeyVisitor)
            }
        }
        struct EnvelopeVisitor;
        const NOT_OBJECT: Envelope<'static> = Envelope {
            object: false,
            successful: None,
            data: None,
        };
        impl<'de> Visitor<'de> for EnvelopeVisitor {
            type Value = Envelope<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("JSON")
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<Envelope<'de>, A::Error> {
                // a repeated key: the last one counts, as JSON parsers read it
                let mut out = Envelope {
                    object: true,
                    successful: None,
                    data: None,
                };
                while let Some(key) = map.next_key::<Key>()? {
                    match key {
                        Key::Successful => {
                            let flag: &RawValue = map.next_value()?;
                            out.successful = match flag.get() {
                                "true" => Some(true),
                                "false" => Some(false),
                                _ => None,
                            };
                        }
                        Key::Data => out.data = Some(map.next_value()?),
                        Key::Other => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(out)
            }
            fn visit_seq<A: SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> std::result::Result<Envelope<'de>, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(NOT_OBJECT)
            }
            fn visit_bool<E>(self, _: bool) -> std::result::Result<Envelope<'de>, E> {
                Ok(NOT_OBJECT)
            }
            fn visit_i64<E>(self, _: i64) -> std::result::Result<Envelope<'de>, E> {
                Ok(NOT_OBJECT)
            }
            fn visit_u64<E>(self, _: u64) -> std::result::Result<Envelope<'de>, E> {
                Ok(NOT_OBJECT)
            }
            fn visit_f64<E>(self, _: f64) -> std::result::Result<Envelope<'de>, E> {
                Ok(NOT_OBJECT)
            }
            fn visit_str<E>(self, _: &str) -> std::result::Result<Envelope<'de>, E> {
                Ok(NOT_OBJECT)
            }
            fn visit_unit<E>(self) -> std::result::Result<Envelope<'de>, E> {
                Ok(NOT_OBJECT)
            }
        }
        d.deserialize_any(EnvelopeVisitor)
    }
}

/// Interprets one response: the answer (which keeps the body) on success, else the error.
pub(crate) fn interpret(op: &'static Operation, r: RawResponse) -> Result<Answer> {
    interpret_with(op, r, true)
}

/// [`interpret`]; `fast`: a `successful: true` envelope may be read by [`scan_envelope`].
fn interpret_with(op: &'static Operation, mut r: RawResponse, fast: bool) -> Result<Answer> {
    let ok_status = (200..300).contains(&r.status);
    if fast && ok_status && is_json_media_type(r.content_type.as_deref()) {
        if let Some(Scan { successful: Some(true), data, opens }) = scan_envelope(&r.body) {
            // the limits hold without the walk of `json::limits::check` in a small body with
            // few brackets (as its own quick test, counting only those outside strings)
            let small = r.body.len() <= limits::MIN_ENTRY_BUDGET && opens <= limits::MAX_JSON_DEPTH;
            if small || limits::check(&r.body).is_ok() {
                match String::from_utf8(r.body) {
                    Ok(body) => {
                        return Ok(Answer {
                            body: Body(body),
                            data,
                            enveloped: true,
                            status: r.status,
                            request_id: r.request_id,
                            attempts: 0,
                            pending: Some(Pending { content_type: r.content_type, retry_after: r.retry_after }),
                        })
                    }
                    Err(e) => r.body = e.into_bytes(),
                }
            }
        }
    }
    let base = Details {
        status: Some(r.status),
        // the client cleans it as it reads the header; again here for any other caller
        request_id: r.request_id.as_deref().map(|id| redact::service_text(id, false)),
        retry_after: r.retry_after,
        ..Details::default()
    };
    if r.status == 404 && r.body.is_empty() {
        // how the service answers a rejected key: nothing was done, whatever the operation
        let d = Details {
            service_code: Some(code_for_status(404).to_string()),
            ..base
        };
        return Err(Error::from_service(
            op.name,
            ErrorKind::CredentialRejected,
            d,
            Some(COMPAT_404_HINT),
        ));
    }
    let json_body = if is_json_media_type(r.content_type.as_deref()) && !r.body.is_empty() {
        String::from_utf8(r.body).map_err(|e| (e.into_bytes(), None))
    } else {
        Err((r.body, None))
    };
    let json_body = json_body.and_then(|body| match limits::check(body.as_bytes()) {
        Ok(()) => Ok(body),
        Err(too_costly) => Err((body.into_bytes(), Some(too_costly))),
    });
    let result = match json_body {
        Ok(body) => match serde_json::from_str::<Envelope<'_>>(&body) {
            Ok(envelope) => {
                let offset = |raw: &RawValue| {
                    let start = raw.get().as_ptr() as usize - body.as_ptr() as usize;
                    start..start + raw.get().len()
                };
                match envelope.successful.filter(|_| envelope.object) {
                    Some(true) if ok_status => {
                        let data = envelope.data.map(offset);
                        Ok(Answer {
                            body: Body(body),
                            data,
                            enveloped: true,
                            status: r.status,
                            request_id: r.request_id,
                            attempts: 0,
                            pending: None,
                        })
                    }
                    None if ok_status => {
                        let whole = body.trim_matches([' ', '\n', '\r', '\t']);
                        let start = whole.as_ptr() as usize - body.as_ptr() as usize;
                        let data = Some(start..start + whole.len());
                        Ok(Answer {
                            body: Body(body),
                            data,
                            enveloped: false,
                            status: r.status,
                            request_id: r.request_id,
                            attempts: 0,
                            pending: None,
                        })
                    }
                    _ => {
                        let json: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
                        Err(service_error(op, &json, base))
                    }
                }
            }
            Err(_) => Err(unreadable_body(op, r.status, r.content_type.as_deref(), base, body.as_bytes(), None)),
        },
        Err((body, too_costly)) => {
            Err(unreadable_body(op, r.status, r.content_type.as_deref(), base, &body, too_costly))
        }
    };
    result.map_err(|e| for_non_idempotent(op, e))
}

/// The error for a body that is not JSON (or not valid JSON, or JSON past the limits of
/// `json::limits`): on success statuses a decode error (or `outcome_unknown`), otherwise the
/// status decides.
fn unreadable_body(
    op: &'static Operation,
    status: u16,
    content_type: Option<&str>,
    base: Details,
    body: &[u8],
    too_costly: Option<limits::TooCostly>,
) -> Error {
    let ct = redact::service_text(content_type.unwrap_or("none"), false);
    if (200..300).contains(&status) {
        let why = match too_costly {
            Some(c) => format!("{} (content type `{ct}`)", c.why()),
            None if body.is_empty() => format!("the body is empty (content type `{ct}`)"),
            None => format!("the body is not JSON (content type `{ct}`)"),
        };
        return unreadable(op, status, base, &why, body, too_costly.is_some());
    }
    let mut d = base;
    d.service_code = Some(code_for_status(status).to_string());
    let kind = ErrorKind::from_status(status);
    d.service_message = Some(match kept_body(op, body) {
        Some(b) => format!("non-JSON body (content type `{ct}`): {}", excerpt(b.as_bytes())),
        None if body.is_empty() => format!("empty body (content type `{ct}`)"),
        None => format!("non-JSON body (content type `{ct}`, not shown: this operation's answers carry secrets)"),
    });
    d.raw_body = kept_body(op, body);
    let hint = if status == 404 {
        Some(NOT_FOUND_HINT)
    } else {
        None
    };
    Error::from_service(op.name, kind, d, hint)
}

/// On a non-idempotent operation, an answer means the request reached the service: nothing is
/// retryable any more, and every 5xx is `outcome_unknown` (a gateway or a service mesh answers
/// 500, 502, 503 or 504 after the upstream failed, when the work may be done).
fn for_non_idempotent(op: &'static Operation, e: Error) -> Error {
    if op.idempotent {
        return e;
    }
    match e.status() {
        Some(s) if (500..=599).contains(&s) && e.kind() != ErrorKind::OutcomeUnknown => {
            let mut d = e.into_details();
            d.may_have_reached_service = true;
            Error::from_service(op.name, ErrorKind::OutcomeUnknown, d, Some(GATEWAY_HINT))
        }
        _ => e.reached_service(),
    }
}

/// The code derived from an HTTP status when the body has none (the table of docs/errors.md).
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
    // every text below is the service's: scrubbed of secret shapes, escaped and bounded
    let hex_is_secret = answer_carries_secret(op);
    let text = |v: Option<&Value>| v.and_then(Value::as_str).map(|t| redact::service_text(t, hex_is_secret));
    let err = json.get("error").filter(|e| e.is_object());
    let code = text(err.and_then(|e| e.get("code")));
    d.service_message = text(json.get("message")).or_else(|| text(json.get("title")));
    let field_name = |wire: &str| op.sdk_name_of_wire(wire).map_or_else(|| redact::service_text(wire, true), str::to_string);
    if let Some(e) = err {
        d.node_code = e.get("nodeCode").and_then(Value::as_i64);
        d.node_message = text(e.get("nodeMessage"));
        d.field = e.get("field").and_then(Value::as_str).map(field_name);
    }
    if d.field.is_none() {
        // ASP.NET validation problem: first field named in `errors`
        if let Some(first) = json.get("errors").and_then(Value::as_object).and_then(|m| m.keys().next()) {
            d.field = Some(field_name(first));
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
        _ => None,
    };
    Error::from_service(op.name, kind, d, hint)
}

/// Decodes an answer into the operation's result type and keeps the redacted raw JSON.
///
/// A bare answer (no `successful: true` envelope) counts as success only when it holds at
/// least one field of the result type: an error body of another shape must never pass as a
/// result whose fields are all optional.
/// `echoed` are the forms of the call's secret inputs, scrubbed from the raw JSON for
/// operations that may echo them.
pub(crate) fn typed<T: FromData>(
    op: &'static Operation,
    answer: Answer,
    echoed: Option<&redact::SecretForms>,
) -> Result<T> {
    let data = answer.data();
    let fields = redact::field_names::<T>();
    let unreadable_data = |why: String| {
        let d = Details {
            request_id: answer.request_id.clone(),
            ..Details::default()
        };
        for_non_idempotent(op, unreadable(op, answer.status, d, &why, data.as_bytes(), true))
    };
    if !answer.enveloped && !fields.is_empty() {
        let mut known = false;
        raw_json::for_each_member(data, |key, _| known |= fields.contains(&key));
        if !known {
            return Err(unreadable_data(format!(
                "the answer is {} without a `successful` envelope and holds none of the result's fields",
                raw_json::type_name(data)
            )));
        }
    }
    // Decoded from the text itself: amounts keep every digit the service sent.
    let source = if data == "null" { "{}" } else { data };
    crate::amount::forget_unreadable();
    let mut out: T = match serde_json::from_str(source) {
        Ok(out) => out,
        // `data` was skipped over, not read, by the envelope scan: a body that is not JSON
        // gets the error it got before the scan
        Err(e) => {
            let amount_at = crate::amount::take_unreadable();
            return Err(answer.not_json(op).unwrap_or_else(|| {
                unreadable_data(format!("unexpected data shape: {}", shape_mismatch(source, &e, amount_at)))
            }));
        }
    };
    // Redacted when first read (most callers never read it), unless the answer carries a secret
    // of its own or the call has secret inputs: those are redacted now (see `RawJson`).
    let later = match echoed {
        _ if answer_carries_secret(op) => None,
        None => Some(None),
        Some(forms) => forms.credential_only().map(Some),
    };
    out.set_raw(match (later, answer.data.clone()) {
        (Some(echoed), Some(range)) => RawJson::later(answer.body.into_string(), range, op, echoed),
        _ => redact_answer(op, data, fields, echoed),
    });
    Ok(out)
}

/// Where and how `data` does not fit its type, from serde's error category and message and the
/// path of the field where serde stopped, never with a value of the answer: serde's own
/// messages quote the value (`invalid type: string "<a mnemonic>"`). Not generic over the result
/// type: the path comes from the error's position in the text ([`path_at`]) instead of a
/// second, path-tracking decode, which cost a second copy of every result type's decoder
/// (0.7 MB of the FFI library).
fn shape_mismatch(source: &str, inner: &serde_json::Error, amount_at: Option<usize>) -> String {
    let path = path_at(source, error_offset(source, inner, amount_at));
    if inner.classify() != serde_json::error::Category::Data {
        return format!("`{path}` is not valid JSON");
    }
    let message = inner.to_string();
    // serde_json appends the position; serde's own text comes first
    let message = message.rsplit_once(" at line ").map_or(message.as_str(), |(m, _)| m);
    let expected = |rest: &str| rest.rsplit_once(", expected ").map(|(_, e)| e.to_string());
    let (found, expected) = if let Some(rest) = message.strip_prefix("invalid type: ") {
        (found_type(rest).to_string(), expected(rest))
    } else if let Some(rest) = message.strip_prefix("invalid value: ") {
        (format!("an invalid value ({})", found_type(rest)), expected(rest))
    } else if let Some(rest) = message.strip_prefix("invalid length ") {
        ("an array or text of the wrong length".to_string(), expected(rest))
    } else if message.starts_with("unknown variant ") {
        ("a name it does not know".to_string(), expected(message))
    } else if message.starts_with("missing field `") || message.starts_with("duplicate field `") {
        // the field names come from the SDK's own types
        return format!("`{path}`: {message}");
    } else if message.starts_with("expected an amount (JSON number), found ") {
        return format!("`{path}`: {message}");
    } else {
        ("a value of another form".to_string(), None)
    };
    match expected {
        // `expected` is the SDK's or serde's description of a type, never the answer's text
        Some(exp) if exp.len() <= 200 => format!("`{path}`: expected {exp}, found {found}"),
        _ => format!("`{path}`: found {found}"),
    }
}

/// The path (`data.items[0].amount`) of the value at byte `end` of `source`: the objects and
/// arrays open there, each with the key whose value had begun (its `:` passed) or the index of
/// its element. Keys that are not plain names show as `?`.
fn path_at(source: &str, end: usize) -> String {
    enum Open {
        Object { key: Option<std::ops::Range<usize>>, after_colon: bool },
        Array { index: usize },
    }
    let bytes = source.as_bytes();
    let end = end.min(bytes.len());
    let mut open: Vec<Open> = Vec::new();
    let mut i = 0;
    while i < end {
        match bytes[i] {
            b'"' => {
                let start = i + 1;
                i = start;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                if let Some(Open::Object { key, after_colon: false }) = open.last_mut() {
                    *key = Some(start..i.min(bytes.len()));
                }
            }
            b'{' => open.push(Open::Object { key: None, after_colon: false }),
            b'[' => open.push(Open::Array { index: 0 }),
            b'}' | b']' => {
                open.pop();
            }
            b':' => {
                if let Some(Open::Object { after_colon, .. }) = open.last_mut() {
                    *after_colon = true;
                }
            }
            b',' => match open.last_mut() {
                Some(Open::Object { key, after_colon }) => {
                    *key = None;
                    *after_colon = false;
                }
                Some(Open::Array { index }) => *index += 1,
                None => {}
            },
            _ => {}
        }
        i += 1;
    }
    let mut path = String::from("data");
    for level in &open {
        match level {
            Open::Object { key: Some(key), after_colon: true } => match source.get(key.clone()) {
                Some(name) if is_plain_name(name) => {
                    path.push('.');
                    path.push_str(name);
                }
                _ => path.push_str(".?"),
            },
            Open::Object { .. } => {}
            Open::Array { index } => path.push_str(&format!("[{index}]")),
        }
    }
    path
}

/// Where in `source` the value that failed the decode with `error` is. serde_json places a
/// data error after the value it could not take, or at its first byte when it refused it from
/// that byte alone, and a missing field after its object's `}`: each names the value itself,
/// as a path-tracking decode does. An amount's error is placed after the object that holds it
/// (it is read as raw text), so its own address comes from `amount_at` when it lies in `source`.
fn error_offset(source: &str, error: &serde_json::Error, amount_at: Option<usize>) -> usize {
    let start = source.as_ptr() as usize;
    if let Some(at) = amount_at.filter(|&at| at >= start && at < start + source.len()) {
        return at - start;
    }
    let (line, column) = (error.line(), error.column());
    if line == 0 {
        return 0;
    }
    let line_start = if line == 1 {
        0
    } else {
        memchr::memchr_iter(b'\n', source.as_bytes()).nth(line - 2).map_or(source.len(), |newline| newline + 1)
    };
    line_start + column
}

/// The type serde's `Unexpected` text describes (its value dropped).
fn found_type(unexpected: &str) -> &'static str {
    const KINDS: &[(&str, &str)] = &[
        ("string", "a string"),
        ("integer", "an integer"),
        ("floating point", "a number with a fraction"),
        ("boolean", "a boolean"),
        ("null", "null"),
        ("unit", "null"),
        ("sequence", "an array"),
        ("map", "an object"),
        ("char", "a character"),
        ("byte array", "bytes"),
    ];
    KINDS.iter().find(|(prefix, _)| unexpected.starts_with(prefix)).map_or("another type", |(_, kind)| kind)
}

/// A key that may be shown in a field path: short and plain (a key the service invented may
/// itself be a secret).
fn is_plain_name(key: &str) -> bool {
    (1..=40).contains(&key.len())
        && key.starts_with(|c: char| c.is_ascii_alphabetic())
        && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
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
            content_type: ct.map(|ct| Cow::Owned(ct.to_string())),
            request_id: Some("req-1".into()),
            retry_after: None,
            body: body.as_bytes().to_vec(),
        }
    }

    /// The envelope scan reads what serde reads: for every body below (the usual envelope, and
    /// each of its one-byte changes, deletions and cuts), the typed, untyped and abandoned-call
    /// readings give the same result (value, raw JSON or error text) with the scan as without.
    #[test]
    fn envelope_scan_agrees_with_serde() {
        fn outcome<T: FromData + std::fmt::Debug>(op: &'static Operation, body: &[u8], fast: bool) -> String {
            let raw = RawResponse {
                status: 200,
                content_type: content_type(&http::HeaderValue::from_static("application/json; charset=utf-8")),
                request_id: Some("req-1".into()),
                retry_after: Some(Duration::from_secs(3)),
                body: body.to_vec(),
            };
            // as the client counts attempts: `send` sets them on an error of `interpret`,
            // `execute_plain` on an error of the decode
            let show = |r: Result<String>| match r {
                Ok(v) => format!("ok {v}"),
                Err(e) => {
                    let e = if e.attempts() == 0 { e.set_attempts(2) } else { e };
                    format!("err {e} | {e:?} | {:?} | {}", e.raw_body(), e.attempts())
                }
            };
            let answer = interpret_with(op, raw, fast).map(|mut a| {
                a.attempts = 2;
                a
            });
            let copy = |a: &Answer| Answer { body: a.body.clone(), data: a.data.clone(), pending: a.pending.clone(), request_id: a.request_id.clone(), ..*a };
            let typed_ = show(answer.as_ref().map_err(Clone::clone).and_then(|a| typed::<T>(op, copy(a), None)).map(|v| format!("{v:?}")));
            let untyped = show(answer.as_ref().map_err(Clone::clone).and_then(|a| typed::<RawJson>(op, copy(a), None)).map(|v| v.to_string()));
            let checked = show(answer.and_then(|a| a.checked(op)).map(|a| redact_answer(op, a.data(), &[], None).to_string()));
            format!("{typed_}\n{untyped}\n{checked}")
        }
        let usual = br#"{"successful":true,"message":"Address balance","data":{"address":"rltc1q\u0041x","confirmed":1.23456789,"unconfirmed":-0.0000164,"height":505,"utxoCount":3,"x":[1,{"y":"}]"}]}}"#;
        let mut bodies: Vec<Vec<u8>> = vec![
            usual.to_vec(),
            br#" {"data":{"height":1},"successful":true} "#.to_vec(),
            br#"{"successful":true}"#.to_vec(),
            br#"{"successful":true,"data":null}"#.to_vec(),
            br#"{"successful":true,"data":"text"}"#.to_vec(),
            br#"{"successful":true,"data":7}"#.to_vec(),
            br#"{"successful":true,"data":{"height":1},"data":{"height":2}}"#.to_vec(),
            br#"{"successful":true,"data":{"height":1},"successful":false}"#.to_vec(),
            br#"{"successful":false,"data":{"height":1},"successful":true}"#.to_vec(),
            br#"{"successful":true,"error":null,"code":1,"data":{"height":1}}"#.to_vec(),
            br#"{"successful":true,"m\u0065ssage":"x","data":{"height":1}}"#.to_vec(),
            br#"{"successful":true,"data":{"height":1}} x"#.to_vec(),
            br#"{"successful":true,"data":{"height":1}"#.to_vec(),
            br#"{"successful":true,"data":{"height":1},}"#.to_vec(),
            br#"{"successful":true,"data":{"height":1]}"#.to_vec(),
            br#"{"successful":true,"data":{"height":01}}"#.to_vec(),
            br#"{"successful":true,"data":{"address":"a\qb"}}"#.to_vec(),
            br#"{"successful":true,"data":{"address":"a\ud800b"}}"#.to_vec(),
            format!(r#"{{"successful":true,"data":{{"address":"a{}b"}}}}"#, '\u{1}').into_bytes(),
            br#"{"successful":true,"data":{"height":1,"n":1e999}}"#.to_vec(),
            format!(r#"{{"successful":true,"data":{}1{}}}"#, "[".repeat(127), "]".repeat(127)).into_bytes(),
            format!(r#"{{"successful":true,"data":{}1{}}}"#, "[".repeat(128), "]".repeat(128)).into_bytes(),
            format!(r#"{{"successful":true,"data":{{"items":[{}1]}}}}"#, "1,".repeat(6000)).into_bytes(),
            b"{\"successful\":true,\"data\":{\"address\":\"\xff\"}}".to_vec(),
            format!(r#"{{"successful":true,"message":"Address {}balance","data":{{"height":1}}}}"#, '\u{1f}').into_bytes(),
            br#"{"successful":true,"message":"Address balance \" quoted","data":{"height":1}}"#.to_vec(),
            r#"{"successful":true,"message":"Adress balance ü","data":{"address":"a very long address with \"escapes\" \\ in it"}}"#.as_bytes().to_vec(),
        ];
        for i in 0..usual.len() {
            let mut cut = usual.to_vec();
            cut.truncate(i);
            bodies.push(cut);
            let mut gone = usual.to_vec();
            gone.remove(i);
            bodies.push(gone);
            for b in [b'"', b'\\', b'{', b']', b',', b' ', b'1', b'x'] {
                let mut changed = usual.to_vec();
                changed[i] = b;
                bodies.push(changed);
            }
        }
        for body in &bodies {
            for op in [&ops::ADDRESS_BALANCE, &ops::CREATE_WALLET, &ops::WALLET_TRANSACTIONS] {
                let fast = outcome::<crate::models::AddressBalance>(op, body, true);
                let slow = outcome::<crate::models::AddressBalance>(op, body, false);
                assert_eq!(fast, slow, "{}: {}", op.name, String::from_utf8_lossy(body));
            }
        }
        // the usual answer takes the scan, with `data` where serde finds it
        let a = interpret(&ops::ADDRESS_BALANCE, resp(200, Some("application/json"), std::str::from_utf8(usual).unwrap())).unwrap();
        assert!(a.pending.is_some());
        assert!(a.data().starts_with(r#"{"address""#) && a.data().ends_with(r#""}]"}]}"#), "{}", a.data());
    }

    #[test]
    fn envelope_and_bare() {
        let d = interpret(&ops::WALLET_BALANCE, resp(200, Some("application/json"), r#"{"successful":true,"message":"ok","data":{"confirmed":1.5}}"#)).unwrap();
        assert!(d.enveloped);
        assert_eq!(d.data(), r#"{"confirmed":1.5}"#);
        let d = interpret(&ops::WALLET_BALANCE, resp(200, Some("application/json; charset=utf-8"), r#"{"confirmed":1.5,"unconfirmed":0}"#)).unwrap();
        assert!(!d.enveloped);
        assert_eq!(d.data(), r#"{"confirmed":1.5,"unconfirmed":0}"#);
        let d = interpret(&ops::WALLET_BALANCE, resp(200, Some("application/vnd.x+json"), r#""hello""#)).unwrap();
        assert_eq!(d.data(), r#""hello""#);
        let d = interpret(&ops::WALLET_BALANCE, resp(200, None, r#"{"successful":true,"data":null}"#)).unwrap();
        assert_eq!(d.data(), "null");
        let d = interpret(&ops::WALLET_BALANCE, resp(200, None, " {\"successful\":true} ")).unwrap();
        assert_eq!(d.data(), "null");
    }

    #[test]
    fn failure_on_200() {
        let e = interpret(&ops::WALLET_BALANCE, resp(200, Some("application/json"), r#"{"successful":false,"message":"Wallet not loaded","data":null}"#)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::ServiceError);
        assert_eq!(e.status(), Some(200));
        assert_eq!(e.service_code(), None);
        assert_eq!(e.to_string(), "wallet_balance failed: the service reported an error (HTTP 200): Wallet not loaded [request id req-1]");
        let e = interpret(&ops::WALLET_BALANCE, resp(200, Some("application/json"), r#"{"successful":false,"message":"m","error":{"code":"wallet_not_found","field":"walletName"}}"#)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NotFound);
        assert_eq!(e.field(), Some("wallet_name"));
    }

    #[test]
    fn sandbox_errors() {
        let e = interpret(&ops::CREATE_ADDRESS, resp(403, Some("application/json"), r#"{"successful":false,"message":"Error: The wallet passphrase entered was incorrect.","error":{"code":"bad_passphrase","field":"encryptedPassphrase","nodeCode":-14,"nodeMessage":"Error: The wallet passphrase entered was incorrect."}}"#)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::WalletLocked);
        assert_eq!(e.service_code(), Some("bad_passphrase"));
        assert_eq!(e.field(), Some("passphrase"));
        assert_eq!(e.node_code(), Some(-14));
        assert_eq!(e.request_id(), Some("req-1"));
        assert_eq!(e.to_string(), "create_address failed: the wallet is locked or the passphrase/mnemonics do not match (HTTP 403, code `bad_passphrase`, field `passphrase`): Error: The wallet passphrase entered was incorrect. [request id req-1]");
        let e = interpret(&ops::WALLET_BALANCE, resp(404, Some("application/json"), r#"{"successful":false,"message":"Wallet w not found","error":{"code":"wallet_not_found","field":"walletName","nodeCode":-18,"nodeMessage":"Requested wallet does not exist or is not loaded"}}"#)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NotFound);
        assert_eq!(e.to_string(), "wallet_balance failed: not found (HTTP 404, code `wallet_not_found`, field `wallet_name`): Wallet w not found [node: Requested wallet does not exist or is not loaded] — note: the service also answers 404 when the API key is rejected; if this should exist, check the credential [request id req-1]");
        let e = interpret(&ops::WALLET_BALANCE, resp(401, Some("application/json"), r#"{"successful":false,"message":"expired","error":{"code":"expired_credential","field":"nodeUrlOrApiAccessKey"}}"#)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::CredentialExpired);
        assert_eq!(e.field(), Some("nodeUrlOrApiAccessKey"));
        assert_eq!(e.to_string(), "wallet_balance failed: the credential has expired (HTTP 401, code `expired_credential`, field `nodeUrlOrApiAccessKey`): expired — get a new key and pass it to set_credential [request id req-1]");
        let mut r = resp(429, Some("application/json"), r#"{"successful":false,"message":"slow down","error":{"code":"rate_limited"}}"#);
        r.retry_after = Some(Duration::from_secs(2));
        let e = interpret(&ops::WALLET_BALANCE, r).unwrap_err();
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
            let e = interpret(&ops::WALLET_BALANCE, resp(422, Some("application/json"), &body)).unwrap_err();
            assert_eq!(e.kind(), kind, "{code}");
            assert_eq!(e.service_code(), Some(code));
        }
    }

    #[test]
    fn problem_json() {
        let body = r#"{"type":"https://tools.ietf.org/html/rfc7231#section-6.5.1","title":"One or more validation errors occurred.","status":400,"traceId":"00-1","errors":{"nodeUrlOrApiAccessKey":["The nodeUrlOrApiAccessKey field is required."]},"successful":false,"message":"One or more validation errors occurred.","error":{"code":"missing_credential","field":"nodeUrlOrApiAccessKey"}}"#;
        let e = interpret(&ops::WALLET_BALANCE, resp(400, Some("application/problem+json; charset=utf-8"), body)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::CredentialRejected);
        assert_eq!(e.field(), Some("nodeUrlOrApiAccessKey"));
        assert_eq!(e.to_string(), "wallet_balance failed: the credential was rejected (HTTP 400, code `missing_credential`, field `nodeUrlOrApiAccessKey`): One or more validation errors occurred. [request id req-1]");
        // pure ASP.NET problem without envelope
        let body = r#"{"title":"One or more validation errors occurred.","status":400,"errors":{"walletName":["required"]}}"#;
        let e = interpret(&ops::WALLET_BALANCE, resp(400, Some("application/problem+json"), body)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Validation);
        assert_eq!(e.service_code(), Some("validation_failed"));
        assert_eq!(e.field(), Some("wallet_name"));
    }

    #[test]
    fn non_json_bodies() {
        let e = interpret(&ops::BLOCKCHAIN_INFO, resp(200, Some("text/html"), "<html>proxy login</html>")).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Decode);
        assert_eq!(e.to_string(), "blockchain_info failed: could not read the response (HTTP 200): the body is not JSON (content type `text/html`); body starts with: <html>proxy login</html>");
        let e = interpret(&ops::BLOCKCHAIN_INFO, resp(200, Some("application/json"), "")).unwrap_err();
        assert_eq!(e.to_string(), "blockchain_info failed: could not read the response (HTTP 200): the body is empty (content type `application/json`); body starts with: (empty body)");
        let big = "x".repeat(5000);
        let e = interpret(&ops::BLOCKCHAIN_INFO, resp(200, Some("text/plain"), &big)).unwrap_err();
        assert!(e.to_string().len() < 1300);
        let e = interpret(&ops::BLOCKCHAIN_INFO, resp(502, Some("text/html"), "<h1>Bad Gateway</h1>")).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::ServiceUnavailable);
        assert_eq!(e.service_code(), Some("server_error"));
        assert_eq!(e.to_string(), "blockchain_info failed: the service is unavailable (HTTP 502, code `server_error`): non-JSON body (content type `text/html`): <h1>Bad Gateway</h1> [request id req-1]");
        // compat real: 404 with an empty body = rejected key
        let e = interpret(&ops::BLOCKCHAIN_INFO, resp(404, None, "")).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::CredentialRejected);
        assert_eq!(e.to_string(), "blockchain_info failed: the credential was rejected (HTTP 404, code `not_found`) — the service answered 404 with an empty body, which is how it answers a rejected or expired API key; check the credential or get a new key [request id req-1]");
        let e = interpret(&ops::BLOCKCHAIN_INFO, resp(404, Some("text/plain"), "nope")).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NotFound);
        assert_eq!(e.to_string(), "blockchain_info failed: not found (HTTP 404, code `not_found`): non-JSON body (content type `text/plain`): nope — note: the service also answers 404 when the API key is rejected; if this should exist, check the credential [request id req-1]");
    }

    const PHRASE: &str = "pole inch amazing man wrist disorder glove crime doctor chalk chuckle inject";

    fn wif() -> String {
        let mut data = vec![0xB0];
        data.extend([7u8; 32]);
        data.push(1);
        bitcoin::base58::encode_check(&data)
    }

    /// A million levels of nesting in any position: a typed error, no recursion anywhere.
    #[test]
    fn deep_json_in_any_position_is_a_decode_error() {
        let deep = |open: &str, close: &str| format!("{}{}", open.repeat(1_000_000), close.repeat(1_000_000));
        let arrays = deep("[", "]");
        let objects = deep("{\"k\":", "}").replace("\"k\":}", "\"k\":1}");
        for nested in [&arrays, &objects] {
            for (status, ct, body) in [
                (200, "application/json", format!(r#"{{"successful":true,"data":{nested}}}"#)),
                (200, "application/json", format!(r#"{{"successful":true,"data":{{"confirmed":1}},"x":{nested}}}"#)),
                (200, "application/json", nested.clone()),
                (500, "application/json", format!(r#"{{"successful":false,"message":{nested}}}"#)),
                (500, "text/plain", nested.clone()),
            ] {
                for op in [&ops::WALLET_BALANCE, &ops::CREATE_WALLET] {
                    let e = interpret(op, resp(status, Some(ct), &body)).unwrap_err();
                    let expected = match (op.idempotent, status) {
                        (true, 200) => ErrorKind::Decode,
                        (false, _) => ErrorKind::OutcomeUnknown,
                        (true, _) => ErrorKind::ServiceUnavailable,
                    };
                    assert_eq!(e.kind(), expected, "{} {status} {ct}", op.name);
                    assert!(e.to_string().len() < 4000);
                }
            }
        }
        // as the untyped call's argument and as the caller's own RawJson
        assert!(serde_json::from_str::<RawJson>(&arrays).is_err());
    }

    #[test]
    fn too_many_entries_is_a_decode_error() {
        let body = format!(r#"{{"successful":true,"data":{{"items":[{}{{}}]}}}}"#, "{},".repeat(3_000_000));
        let e = interpret(&ops::WALLET_TRANSACTIONS, resp(200, Some("application/json"), &body)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Decode);
        assert!(e.to_string().contains("array entries"), "{e}");
    }

    /// Decode errors name the path and the types, never a value: on every operation, and for
    /// the secret-bearing ones the secret is not anywhere in the error.
    #[test]
    fn decode_errors_quote_no_value() {
        let secret_data = [
            format!("{PHRASE:?}"),
            format!("{:?}", wif()),
            "483920".to_string(),
            format!(r#"{{"address":"x","privateKey":{{"k":{:?}}}}}"#, wif()),
        ];
        for op in ops::ALL {
            for data in &secret_data {
                let body = format!(r#"{{"successful":true,"data":{data}}}"#);
                let Ok(answer) = interpret(op, resp(200, Some("application/json"), &body)) else { continue };
                macro_rules! each_type { ($($t:ty),*) => { $(
                    let copy = Answer { body: answer.body.clone(), data: answer.data.clone(), enveloped: true, status: 200, request_id: None, attempts: 1, pending: answer.pending.clone() };
                    if let Err(e) = typed::<$t>(op, copy, None) {
                        let shown = format!("{e} {e:?} {:?}", e.raw_body());
                        // no value in the message, for every operation (raw_body keeps the
                        // redacted answer of an operation without secrets)
                        let message = format!("{e} {e:?}");
                        assert!(!message.contains("483920"), "{}: {message}", op.name);
                        for secret in [PHRASE, &wif(), "wrist"] {
                            assert!(!shown.contains(secret), "{}: {shown}", op.name);
                        }
                    }
                )* } }
                each_type!(
                    crate::models::PrivateKeyExport, crate::models::CreatedImportableEncryptedWallet, crate::models::EncryptedWallet,
                    crate::models::MnemonicAddress, crate::models::BlockchainOtp, crate::models::WalletTransactions
                );
            }
        }
        let body = r#"{"successful":true,"data":{"items":[{"txid":"t","amount":"x"},{"txid":7}]}}"#;
        let answer = interpret(&ops::WALLET_TRANSACTIONS, resp(200, Some("application/json"), body)).unwrap();
        let e = typed::<crate::models::WalletTransactions>(&ops::WALLET_TRANSACTIONS, answer, None).unwrap_err();
        assert!(e.to_string().contains("`data.items[0].amount`"), "{e}");
        let body = r#"{"successful":true,"data":"pole inch"}"#;
        let answer = interpret(&ops::GET_BLOCKCHAIN_OTP, resp(200, Some("application/json"), body)).unwrap();
        let e = typed::<crate::models::BlockchainOtp>(&ops::GET_BLOCKCHAIN_OTP, answer, None).unwrap_err();
        assert!(e.to_string().contains("`data`: expected struct BlockchainOtp, found a string"), "{e}");
    }

    /// Secrets the SDK never saw, echoed in any text of a failure, are scrubbed by shape.
    #[test]
    fn secrets_shaped_texts_of_the_service_are_scrubbed() {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjE3MDAwMDAwMDB9.c2lnbmF0dXJlX3NlY3JldA";
        let wif = wif();
        for (status, body) in [
            (200, format!(r#"{{"successful":false,"message":"your phrase {PHRASE}","error":{{"code":"{wif}","field":"{jwt}","nodeMessage":"key {wif}"}}}}"#)),
            (400, format!(r#"{{"title":"bad {jwt}","errors":{{"{PHRASE}":["x"]}}}}"#)),
            (500, format!("internal: {PHRASE} {wif}")),
        ] {
            let mut r = resp(status, Some(if status == 500 { "text/plain" } else { "application/json" }), &body);
            r.request_id = Some(format!("rid-{jwt}"));
            let e = interpret(&ops::WALLET_BALANCE, r).unwrap_err();
            let shown = format!("{e} {e:?} {:?} {:?} {:?} {:?} {:?}", e.raw_body(), e.service_message(), e.service_code(), e.field(), e.node_message());
            for secret in [PHRASE, "wrist", &wif, jwt] {
                assert!(!shown.contains(secret), "{shown}");
            }
            assert!(shown.contains("[REDACTED]"), "{shown}");
        }
        // control characters from the service cannot rewrite a terminal
        let e = interpret(&ops::WALLET_BALANCE, resp(400, Some("application/json"), r#"{"successful":false,"message":"a\u001b[2Jb\nc"}"#)).unwrap_err();
        assert!(!e.to_string().contains('\u{1b}') && !e.to_string().contains('\n'), "{e}");
    }

    /// The whole response path (status × headers × body) never panics: `Retry-After`
    /// parsing, envelope interpretation, typed decoding, redaction and error texts. A short
    /// run here; `PROPTEST_CASES=1000000 cargo test -p wallet-sdk --release --lib
    /// response_path_never_panics` is the long one (docs/fuzzing.md).
    #[test]
    fn response_path_never_panics() {
        use proptest::prelude::*;
        use proptest::test_runner::{Config, TestRunner};

        fn json_value() -> impl Strategy<Value = Value> {
            let leaf = prop_oneof![
                Just(Value::Null),
                any::<bool>().prop_map(Value::Bool),
                any::<i64>().prop_map(Value::from),
                "[0-9]{1,30}(\\.[0-9]{0,20})?(e[+-]?[0-9]{1,4})?".prop_map(|t| serde_json::from_str(&t).unwrap_or(Value::Null)),
                ".{0,40}".prop_map(Value::String),
            ];
            leaf.prop_recursive(4, 48, 8, |inner| {
                let keys = prop_oneof![
                    Just("successful".to_string()), Just("data".to_string()), Just("error".to_string()),
                    Just("code".to_string()), Just("message".to_string()), Just("privateKey".to_string()),
                    Just("mnemonics".to_string()), Just("items".to_string()), Just("address".to_string()),
                    Just("txid".to_string()), Just("nodeCode".to_string()), Just("field".to_string()),
                    Just("errors".to_string()), Just("confirmed".to_string()), "[a-zA-Z]{1,12}",
                ];
                prop_oneof![
                    prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                    prop::collection::vec((keys, inner), 0..8).prop_map(|kv| Value::Object(kv.into_iter().collect())),
                ]
            })
        }
        let body = prop_oneof![
            prop::collection::vec(any::<u8>(), 0..300),
            json_value().prop_map(|v| v.to_string().into_bytes()),
            json_value().prop_map(|v| serde_json::json!({"successful": true, "data": v}).to_string().into_bytes()),
            (json_value(), any::<bool>()).prop_map(|(v, ok)| serde_json::json!({"successful": ok, "message": "m", "error": v}).to_string().into_bytes()),
        ];
        let retry_after = prop_oneof![
            Just(None),
            ".{0,30}".prop_map(Some),
            "[0-9]{1,40}".prop_map(Some),
            "[0-9]{1,20}\\.[0-9]{1,20}".prop_map(Some),
            Just(Some("100000000000000000000".to_string())),
            Just(Some("1e308".to_string())),
            Just(Some("Fri, 31 Dec 9999 23:59:59 GMT".to_string())),
        ];
        let content_type = prop_oneof![
            Just(None),
            Just(Some("application/json".to_string())),
            Just(Some("application/problem+json; charset=utf-8".to_string())),
            Just(Some("text/html".to_string())),
            ".{0,20}".prop_map(Some),
        ];
        let op = (0..ops::ALL.len()).prop_map(|i| ops::ALL[i]);
        let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(3000);
        let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
        let forms = redact::SecretForms::for_call("http://user:pa55word@127.0.0.1:1", ["pole inch amazing", "hunter22"]);
        runner
            .run(&(100u16..1000, content_type, retry_after, body, op, ".{0,20}"), |(status, ct, ra, body, op, rid)| {
                let raw = RawResponse {
                    status,
                    content_type: ct.map(Cow::Owned),
                    request_id: Some(rid),
                    retry_after: ra.as_deref().and_then(parse_retry_after),
                    body,
                };
                if let Some(d) = raw.retry_after {
                    prop_assert!(d <= MAX_RETRY_AFTER);
                }
                let shown = |e: Error| {
                    let e = e.scrub(&forms);
                    format!("{e} {e:?} {:?} {}", e.raw_body(), e.is_retryable())
                };
                match interpret(op, raw) {
                    Err(e) => {
                        if !op.idempotent {
                            prop_assert!(!e.is_retryable());
                        }
                        let _ = shown(e);
                    }
                    Ok(a) => {
                        let copy = || Answer { body: a.body.clone(), data: a.data.clone(), enveloped: a.enveloped, status: a.status, request_id: None, attempts: 1, pending: a.pending.clone() };
                        match typed::<RawJson>(op, copy(), Some(&forms)) {
                            // what is kept is JSON, and holds none of the call's secrets
                            Ok(raw) => {
                                prop_assert!(serde_json::from_str::<serde::de::IgnoredAny>(raw.as_str()).is_ok(), "{raw}");
                                prop_assert!(!forms.found_in(raw.as_str()), "{raw}");
                            }
                            Err(e) => {
                                let _ = shown(e);
                            }
                        }
                        if let Err(e) = typed::<RawJson>(op, copy(), None) {
                            let _ = shown(e);
                        }
                        macro_rules! try_types { ($($t:ty),*) => { $( if let Err(e) = typed::<$t>(op, copy(), None) { let _ = shown(e); } )* } }
                        try_types!(
                            crate::models::PrivateKeyExport, crate::models::WalletTransactions, crate::models::SentFunds,
                            crate::models::CreatedImportableEncryptedWallet, crate::models::BlockchainInfo,
                            crate::models::MnemonicAddress, crate::models::EncryptedWallet, crate::models::AddressTransactions
                        );
                    }
                }
                Ok(())
            })
            .unwrap();
    }

    /// Answers far past every quick path (0 to about 6 MiB), made of the service's own shapes
    /// and cut at any kind of token boundary (inside a string, an escape, a `\u` sequence, a
    /// number, a literal, a key, between members): the whole response path reads each to a
    /// result or an error, for every kind of operation, and never panics. A short run here;
    /// `BIG_BODY_CASES=200 cargo test -p wallet-sdk --release --lib big_bodies` is a longer one.
    #[test]
    fn big_bodies_cut_anywhere_never_panic() {
        use proptest::prelude::*;
        use proptest::test_runner::{Config, TestRunner};

        use crate::cut_bodies::{cut_body, ENTRIES, ENVELOPES};

        let cases = std::env::var("BIG_BODY_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(12);
        let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
        let shape = (0..ENTRIES.len(), 0usize..50_000, 0..ENVELOPES, any::<u64>(), 0..ops::ALL.len(), any::<bool>());
        runner
            .run(&shape, |(entry, count, envelope, cut_at, op, status_ok)| {
                let body = cut_body(ENTRIES[entry], count, envelope, cut_at);
                let op = ops::ALL[op];
                let raw = RawResponse {
                    status: if status_ok { 200 } else { 500 },
                    content_type: Some(Cow::Borrowed("application/json; charset=utf-8")),
                    request_id: None,
                    retry_after: None,
                    body,
                };
                if let Ok(a) = interpret(op, raw) {
                    let _ = typed::<RawJson>(op, a.clone_for_test(), None);
                    let _ = typed::<crate::models::WalletTransactions>(op, a, None);
                }
                Ok(())
            })
            .unwrap();
    }

    /// The path of a shape error found from serde_json's error position ([`path_at`]) is the
    /// one a path-tracking decode (serde_path_to_error) finds, for result types with nested
    /// objects, arrays, amounts, options and enums, in compact and in multi-line text.
    #[test]
    fn the_path_of_a_shape_error_is_the_one_a_path_tracking_decode_finds() {
        use crate::models::*;
        use proptest::prelude::*;
        use proptest::test_runner::{Config, TestRunner};

        fn tracked_path(text: &str, decode: fn(&mut serde_json::Deserializer<serde_json::de::StrRead<'_>>) -> Option<serde_path_to_error::Path>) -> Option<String> {
            let mut de = serde_json::Deserializer::from_str(text);
            let path = decode(&mut de)?;
            let mut out = String::from("data");
            for segment in path.iter() {
                use serde_path_to_error::Segment;
                match segment {
                    Segment::Seq { index } => out.push_str(&format!("[{index}]")),
                    Segment::Map { key } if is_plain_name(key) => {
                        out.push('.');
                        out.push_str(key);
                    }
                    _ => out.push_str(".?"),
                }
            }
            Some(out)
        }
        macro_rules! checks {
            ($($t:ty),*) => {
                vec![$((
                    stringify!($t),
                    redact::field_names::<$t>(),
                    (|text: &str| serde_json::from_str::<$t>(text).err()) as fn(&str) -> Option<serde_json::Error>,
                    (|de: &mut serde_json::Deserializer<serde_json::de::StrRead<'_>>| {
                        serde_path_to_error::deserialize::<_, $t>(de).err().map(|e| e.path().clone())
                    }) as fn(&mut serde_json::Deserializer<serde_json::de::StrRead<'_>>) -> Option<serde_path_to_error::Path>,
                )),*]
            };
        }
        let types = checks!(
            WalletTransactions, WalletTx, BlockTransactions, BlockTx, TransactionDetails, TxIn, TxOut,
            AddressBalance, AddressTransactions, BlockchainInfo, BlockHeader, BlockStats, UtxoDetails,
            WalletAddresses, SentFunds, CreatedWallet, SignedTransaction
        );
        let mut vocabulary: Vec<&'static str> = types.iter().flat_map(|(_, fields, _, _)| fields.iter().copied()).collect();
        vocabulary.sort_unstable();
        vocabulary.dedup();

        // JSON text whose strings hold no `,` or `:` (so that whitespace can be added after
        // every separator), but escaped quotes and backslashes
        fn text(keys: Vec<&'static str>) -> impl Strategy<Value = String> {
            let leaf = prop_oneof![
                Just("null".to_string()),
                Just("true".to_string()),
                Just("false".to_string()),
                any::<i32>().prop_map(|n| n.to_string()),
                "-?[0-9]{1,12}\\.[0-9]{1,10}",
                "[a-z \\\\\"]{0,10}".prop_map(|t| format!("\"{}\"", t.replace('\\', "\\\\").replace('"', "\\\""))),
                Just("\"send\"".to_string()),
            ];
            leaf.prop_recursive(4, 40, 6, move |inner| {
                let key = prop_oneof![
                    4 => prop::sample::select(keys.clone()).prop_map(str::to_string),
                    1 => "[a-z]{1,6}",
                    1 => Just("k\\\"ey".to_string()),
                ];
                prop_oneof![
                    prop::collection::vec(inner.clone(), 0..4).prop_map(|v| format!("[{}]", v.join(","))),
                    prop::collection::vec((key, inner), 0..7).prop_map(|kv| {
                        format!("{{{}}}", kv.into_iter().map(|(k, v)| format!("\"{k}\":{v}")).collect::<Vec<_>>().join(","))
                    }),
                ]
            })
        }
        let case = (0..types.len(), prop::collection::vec((prop::sample::select(vocabulary.clone()), text(vocabulary.clone())), 0..8), any::<bool>());
        let mut runner = TestRunner::new(Config { cases: 3000, failure_persistence: None, ..Config::default() });
        runner
            .run(&case, |(which, members, multi_line)| {
                let (name, _, decode, tracked) = &types[which];
                let mut source = format!("{{{}}}", members.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect::<Vec<_>>().join(","));
                if multi_line {
                    source = source.replace(',', ",\n  ").replace(':', ": ");
                }
                crate::amount::forget_unreadable();
                if let Some(e) = decode(&source) {
                    let amount_at = crate::amount::take_unreadable();
                    if e.classify() == serde_json::error::Category::Data {
                        let expected = tracked_path(&source, *tracked).expect("the tracked decode fails too");
                        prop_assert_eq!(path_at(&source, error_offset(&source, &e, amount_at)), expected, "{} {} ({})", name, source, e);
                    }
                }
                Ok(())
            })
            .unwrap();
    }
}
