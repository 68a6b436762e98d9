//! Armed rules and hit counters: what the control API sets and the data path consults.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use serde_json::{Map, Value};

use super::http::{self, Request};
use crate::sync::lock;

/// The header whose value scopes hit counters (`GET /_proxy/hits?key=`): the service's credential.
pub const KEY_HEADER: &str = "nodeUrlOrApiAccessKey";

const MAX_COUNT: i64 = 1000;
const MAX_PATH_LEN: usize = 2048;
const MAX_BODY_LEN: usize = 1024 * 1024;
/// `bodyParts`: at most this many parts, generating at most this many bytes.
const MAX_BODY_PARTS: usize = 1000;
const MAX_GENERATED_LEN: u64 = 64 * 1024 * 1024;
const MAX_DELAY_MS: i64 = 60_000;
const DEFAULT_DELAY_MS: u64 = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Forward,
    StatusBeforeForward,
    StatusAfterForward,
    RespondAfterForward,
    Respond,
    ResetAfterForward,
    CloseAfterForward,
    TruncateAfterForward,
    SlowBodyAfterForward,
    HangAfterForward,
    Hang,
    DelayThenForward,
    CutDescriptionThenForward,
}

const ACTIONS: &[(&str, Action)] = &[
    ("forward", Action::Forward),
    ("status_before_forward", Action::StatusBeforeForward),
    ("status_after_forward", Action::StatusAfterForward),
    ("respond_after_forward", Action::RespondAfterForward),
    ("respond", Action::Respond),
    ("reset_after_forward", Action::ResetAfterForward),
    ("close_after_forward", Action::CloseAfterForward),
    ("truncate_after_forward", Action::TruncateAfterForward),
    ("slow_body_after_forward", Action::SlowBodyAfterForward),
    ("hang_after_forward", Action::HangAfterForward),
    ("hang", Action::Hang),
    ("delay_then_forward", Action::DelayThenForward),
    ("cut_description_then_forward", Action::CutDescriptionThenForward),
];

/// Fields every rule may carry; the others belong to some actions only.
const COMMON_FIELDS: &[&str] = &["path", "action", "count", "header"];
const CANNED_FIELDS: &[&str] = &["status", "headers", "body", "bodyParts", "contentType"];
const SLOW_FIELDS: &[&str] = &["delayMs"];
const CUT_FIELDS: &[&str] = &["maxChars"];

impl Action {
    pub fn name(self) -> &'static str {
        ACTIONS.iter().find(|(_, a)| *a == self).map(|(n, _)| *n).unwrap_or_default()
    }

    /// Whether the request is sent upstream before the action's own answer (or lack of one).
    pub fn forwards(self) -> bool {
        !matches!(self, Action::StatusBeforeForward | Action::Respond | Action::Hang)
    }

    fn fields(self) -> &'static [&'static str] {
        match self {
            Action::StatusBeforeForward | Action::StatusAfterForward | Action::RespondAfterForward | Action::Respond => CANNED_FIELDS,
            Action::SlowBodyAfterForward | Action::DelayThenForward => SLOW_FIELDS,
            Action::CutDescriptionThenForward => CUT_FIELDS,
            _ => &[],
        }
    }
}

/// What to do with one request.
#[derive(Debug, Clone)]
pub struct Plan {
    pub action: Action,
    /// The answer of `status_*` and `respond*` actions.
    pub canned: Option<http::Response>,
    /// `bodyParts` of a `status_*` or `respond*` rule: the canned answer's body, generated as
    /// it is written (the canned body is then empty).
    pub generated: Option<http::BodyParts>,
    /// `slow_body_after_forward`: the pause before each byte; `delay_then_forward`: the pause
    /// before forwarding.
    pub delay: Duration,
    /// `cut_description_then_forward`: the characters of the body's `description` kept.
    pub max_chars: usize,
}

impl Plan {
    pub fn forward() -> Plan {
        Plan { action: Action::Forward, canned: None, generated: None, delay: Duration::ZERO, max_chars: 0 }
    }
}

struct Rule {
    /// Lower-cased path, compared with the request's lower-cased path (no query).
    path: String,
    /// (name, value): only requests carrying this header value.
    header: Option<(String, Vec<u8>)>,
    remaining: u32,
    plan: Plan,
}

impl Rule {
    fn matches(&self, path: &str, req: &Request) -> bool {
        self.path == path && self.header.as_ref().is_none_or(|(name, value)| req.header(name) == Some(value.as_slice()))
    }
}

/// A control request the proxy refuses: HTTP 400 naming the field.
#[derive(Debug)]
pub struct Invalid {
    pub field: String,
    pub message: String,
}

fn invalid(field: &str, message: impl Into<String>) -> Invalid {
    Invalid { field: field.to_string(), message: message.into() }
}

#[derive(Default)]
struct Counter {
    hits: u64,
    forwarded: u64,
}

#[derive(Default)]
struct Counters {
    by_path: HashMap<String, Counter>,
    /// Keyed by (path, value of the `nodeUrlOrApiAccessKey` header).
    by_path_and_key: HashMap<(String, String), Counter>,
}

impl Counters {
    fn bump(&mut self, path: &str, key: Option<&str>, pick: fn(&mut Counter) -> &mut u64) {
        let n = pick(self.by_path.entry(path.to_string()).or_default());
        *n = n.saturating_add(1);
        if let Some(key) = key {
            let n = pick(self.by_path_and_key.entry((path.to_string(), key.to_string())).or_default());
            *n = n.saturating_add(1);
        }
    }
}

/// The proxy's shared state.
#[derive(Default)]
pub struct Rules {
    rules: Mutex<Vec<Rule>>,
    counters: Mutex<Counters>,
}

/// The counter key of a request: its credential header, when it has one that is text.
pub fn request_key(req: &Request) -> Option<String> {
    req.header(KEY_HEADER).and_then(|v| std::str::from_utf8(v).ok()).map(str::to_string)
}

impl Rules {
    /// Counts a request to `path` (lower-cased) and takes one use of the first armed rule that
    /// matches it; a rule whose uses are spent is disarmed.
    pub fn take(&self, path: &str, req: &Request) -> Plan {
        lock(&self.counters).bump(path, request_key(req).as_deref(), |c| &mut c.hits);
        let mut rules = lock(&self.rules);
        let Some(i) = rules.iter().position(|r| r.matches(path, req)) else { return Plan::forward() };
        let rule = &mut rules[i];
        rule.remaining = rule.remaining.saturating_sub(1);
        let plan = rule.plan.clone();
        if rule.remaining == 0 {
            rules.remove(i);
        }
        plan
    }

    /// Records that a request to `path` reached the upstream.
    pub fn forwarded(&self, path: &str, key: Option<&str>) {
        lock(&self.counters).bump(path, key, |c| &mut c.forwarded);
    }

    /// `(hits, forwarded)` of a path, all requests or only those carrying credential `key`.
    pub fn hits(&self, path: &str, key: Option<&str>) -> (u64, u64) {
        let counters = lock(&self.counters);
        let path = path.to_ascii_lowercase();
        let counter = match key {
            None => counters.by_path.get(&path),
            Some(key) => counters.by_path_and_key.get(&(path, key.to_string())),
        };
        counter.map(|c| (c.hits, c.forwarded)).unwrap_or((0, 0))
    }

    pub fn arm(&self, rule: &Value) -> Result<(), Invalid> {
        let rule = parse_rule(rule)?;
        lock(&self.rules).push(rule);
        Ok(())
    }

    pub fn reset(&self) {
        lock(&self.rules).clear();
        *lock(&self.counters) = Counters::default();
    }
}

fn parse_rule(body: &Value) -> Result<Rule, Invalid> {
    let Value::Object(fields) = body else { return Err(invalid("body", "The body must be a JSON object.")) };
    let path = match fields.get("path") {
        Some(Value::String(p)) if p.starts_with('/') && !p.contains('?') && !p.contains('#') && p.len() <= MAX_PATH_LEN => p.to_ascii_lowercase(),
        None | Some(Value::Null) => return Err(invalid("path", "path is required.")),
        Some(_) => return Err(invalid("path", format!("path must be a string starting with / (no query) of at most {MAX_PATH_LEN} characters."))),
    };
    if path.starts_with("/_proxy/") {
        return Err(invalid("path", "/_proxy/ paths are the proxy's own and cannot be scripted."));
    }
    let action = match fields.get("action") {
        Some(Value::String(a)) => ACTIONS.iter().find(|(n, _)| n == a).map(|(_, a)| *a),
        None | Some(Value::Null) => return Err(invalid("action", "action is required.")),
        Some(_) => None,
    };
    let names: Vec<&str> = ACTIONS.iter().map(|(n, _)| *n).collect();
    let action = action.ok_or_else(|| invalid("action", format!("action must be one of {}.", names.join(", "))))?;
    for name in fields.keys() {
        if COMMON_FIELDS.contains(&name.as_str()) || action.fields().contains(&name.as_str()) {
            continue;
        }
        let known = CANNED_FIELDS.contains(&name.as_str()) || SLOW_FIELDS.contains(&name.as_str());
        let message = if known { format!("{name} does not apply to action {}.", action.name()) } else { format!("Unknown field {name}.") };
        return Err(invalid(name, message));
    }
    let remaining = int(fields, "count", 1, MAX_COUNT)?.unwrap_or(1);
    let header = match fields.get("header") {
        None | Some(Value::Null) => None,
        Some(Value::Object(h)) => {
            if let Some(extra) = h.keys().find(|k| *k != "name" && *k != "value") {
                return Err(invalid(&format!("header.{extra}"), format!("Unknown field header.{extra}; give name and value.")));
            }
            let name = h.get("name").and_then(Value::as_str).filter(|n| http::is_token(n));
            let name = name.ok_or_else(|| invalid("header.name", "header.name must be a header name."))?;
            let value = h.get("value").and_then(Value::as_str).filter(|v| is_header_value(v));
            let value = value.ok_or_else(|| invalid("header.value", "header.value must be printable ASCII text."))?;
            Some((name.to_string(), value.as_bytes().to_vec()))
        }
        Some(_) => return Err(invalid("header", "header must be an object {\"name\": ..., \"value\": ...}.")),
    };
    let canned = if action.fields() == CANNED_FIELDS { Some(canned(fields, action)?) } else { None };
    let generated = body_parts(fields)?;
    let delay = int(fields, "delayMs", 0, MAX_DELAY_MS)?.map_or(DEFAULT_DELAY_MS, i64::unsigned_abs);
    let max_chars = int(fields, "maxChars", 0, 1_000_000)?.map_or(80, i64::unsigned_abs);
    Ok(Rule {
        path,
        header,
        remaining: u32::try_from(remaining).unwrap_or(1),
        plan: Plan { action, canned, generated, delay: Duration::from_millis(delay), max_chars: usize::try_from(max_chars).unwrap_or(80) },
    })
}

/// The answer of a `status_*` or `respond*` rule.
fn canned(fields: &Map<String, Value>, action: Action) -> Result<http::Response, Invalid> {
    let is_status = matches!(action, Action::StatusBeforeForward | Action::StatusAfterForward);
    let status = match int(fields, "status", 200, 599)? {
        Some(s) => u16::try_from(s).unwrap_or(500),
        None if is_status => return Err(invalid("status", "status is required (an integer from 200 to 599).")),
        None => 200,
    };
    let reason = http::reason(status);
    let generated = fields.get("bodyParts").is_some_and(|v| !v.is_null());
    if generated && fields.get("body").is_some_and(|v| !v.is_null()) {
        return Err(invalid("bodyParts", "Give body or bodyParts, not both."));
    }
    let body = match fields.get("body") {
        _ if generated => String::new(),
        None | Some(Value::Null) if is_status => format!("<html><head><title>{status} {reason}</title></head><body><h1>{status} {reason}</h1></body></html>"),
        None | Some(Value::Null) => String::new(),
        Some(Value::String(b)) if b.len() <= MAX_BODY_LEN => b.clone(),
        Some(_) => return Err(invalid("body", "body must be a string of at most 1 MiB.")),
    };
    let content_type = match fields.get("contentType") {
        None | Some(Value::Null) if is_status => "text/html".to_string(),
        None | Some(Value::Null) => "application/json; charset=utf-8".to_string(),
        Some(Value::String(c)) if !c.is_empty() && is_header_value(c) => c.clone(),
        Some(_) => return Err(invalid("contentType", "contentType must be printable ASCII text.")),
    };
    let mut headers = vec![("Content-Type".to_string(), content_type.into_bytes())];
    match fields.get("headers") {
        None | Some(Value::Null) => {}
        Some(Value::Object(extra)) => {
            for (name, value) in extra {
                let field = format!("headers.{name}");
                let lower = name.to_ascii_lowercase();
                if !http::is_token(name) || ["content-type", "content-length", "connection", "transfer-encoding"].contains(&lower.as_str()) {
                    return Err(invalid(&field, format!("{name} is not a header a rule may set (the proxy sets Content-Length and Connection; use contentType).")));
                }
                let value = value.as_str().filter(|v| is_header_value(v)).ok_or_else(|| invalid(&field, "A header value must be printable ASCII text."))?;
                headers.push((name.clone(), value.as_bytes().to_vec()));
            }
        }
        Some(_) => return Err(invalid("headers", "headers must be an object of header names to string values.")),
    }
    Ok(http::Response { status, reason: reason.to_string(), headers, body: body.into_bytes() })
}

/// `bodyParts`: `[{"text": "[", "repeat": 1000000}, {"hex": "c328"}, ...]`, each part a non-empty
/// text (its UTF-8 bytes) or byte string in hex, repeated `repeat` times (default 1); with
/// `"counter": "#"`, each `#` in a repetition is its number (0, 1, 2…): distinct keys `"k#":0,`.
fn body_parts(fields: &Map<String, Value>) -> Result<Option<http::BodyParts>, Invalid> {
    let list = match fields.get("bodyParts") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Array(list)) if !list.is_empty() && list.len() <= MAX_BODY_PARTS => list,
        Some(_) => return Err(invalid("bodyParts", format!("bodyParts must be a list of 1 to {MAX_BODY_PARTS} parts."))),
    };
    let mut parts = Vec::with_capacity(list.len());
    for (i, part) in list.iter().enumerate() {
        let field = |name: &str| format!("bodyParts.{i}{name}");
        let Value::Object(part) = part else {
            return Err(invalid(&field(""), "A part is an object {\"text\": ..., \"repeat\": n} or {\"hex\": ..., \"repeat\": n}."));
        };
        if let Some(extra) = part.keys().find(|k| !["text", "hex", "repeat", "counter"].contains(&k.as_str())) {
            return Err(invalid(&field(&format!(".{extra}")), format!("Unknown field {extra}; a part has text or hex, repeat and counter.")));
        }
        let bytes = match (part.get("text"), part.get("hex")) {
            (Some(Value::String(t)), None) if !t.is_empty() => t.as_bytes().to_vec(),
            (None, Some(Value::String(h))) => decode_hex(h).ok_or_else(|| invalid(&field(".hex"), "hex must be a non-empty even number of hex digits."))?,
            (Some(_), None) => return Err(invalid(&field(".text"), "text must be a non-empty string.")),
            _ => return Err(invalid(&field(""), "A part has exactly one of text and hex.")),
        };
        let repeat = match part.get("repeat") {
            None | Some(Value::Null) => 1,
            Some(v) => v.as_u64().filter(|n| (1..=MAX_GENERATED_LEN).contains(n)).ok_or_else(|| invalid(&field(".repeat"), format!("repeat must be an integer from 1 to {MAX_GENERATED_LEN}.")))?,
        };
        let counter = match part.get("counter") {
            None | Some(Value::Null) => None,
            Some(Value::String(c)) if !c.is_empty() && find(&bytes, c.as_bytes()) => Some(c.as_bytes().to_vec()),
            Some(_) => return Err(invalid(&field(".counter"), "counter must be a non-empty string found in text.")),
        };
        parts.push(http::Part { bytes, repeat, counter });
    }
    let parts = http::BodyParts::new(parts, MAX_GENERATED_LEN).ok_or_else(|| invalid("bodyParts", format!("bodyParts generate more than {MAX_GENERATED_LEN} bytes (64 MiB).")))?;
    Ok(Some(parts))
}

fn find(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

fn decode_hex(h: &str) -> Option<Vec<u8>> {
    if h.is_empty() || !h.len().is_multiple_of(2) || !h.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..h.len()).step_by(2).map(|i| u8::from_str_radix(&h[i..i + 2], 16).ok()).collect()
}

/// Printable ASCII without leading or trailing space: safe to put on a header line.
fn is_header_value(v: &str) -> bool {
    v.bytes().all(|b| (0x20..=0x7e).contains(&b)) && v.trim() == v
}

/// An optional integer field within `min..=max`.
fn int(fields: &Map<String, Value>, name: &str, min: i64, max: i64) -> Result<Option<i64>, Invalid> {
    match fields.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_i64()
            .filter(|n| (min..=max).contains(n))
            .map(Some)
            .ok_or_else(|| invalid(name, format!("{name} must be an integer from {min} to {max}."))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn field_of(rule: Value) -> String {
        parse_rule(&rule).err().map(|e| e.field).unwrap_or_default()
    }

    #[test]
    fn rules_are_validated_naming_the_field() {
        assert_eq!(field_of(json!([])), "body");
        assert_eq!(field_of(json!({ "action": "forward" })), "path");
        assert_eq!(field_of(json!({ "path": "x", "action": "forward" })), "path");
        assert_eq!(field_of(json!({ "path": "/a?b=1", "action": "forward" })), "path");
        assert_eq!(field_of(json!({ "path": "/_proxy/hits", "action": "forward" })), "path");
        assert_eq!(field_of(json!({ "path": "/a", "action": "explode" })), "action");
        assert_eq!(field_of(json!({ "path": "/a", "action": "forward", "count": 0 })), "count");
        assert_eq!(field_of(json!({ "path": "/a", "action": "forward", "count": 1001 })), "count");
        assert_eq!(field_of(json!({ "path": "/a", "action": "forward", "count": "2" })), "count");
        assert_eq!(field_of(json!({ "path": "/a", "action": "forward", "status": 500 })), "status");
        assert_eq!(field_of(json!({ "path": "/a", "action": "forward", "bogus": 1 })), "bogus");
        assert_eq!(field_of(json!({ "path": "/a", "action": "status_before_forward" })), "status");
        assert_eq!(field_of(json!({ "path": "/a", "action": "status_before_forward", "status": 99 })), "status");
        assert_eq!(field_of(json!({ "path": "/a", "action": "respond", "headers": { "Connection": "keep-alive" } })), "headers.Connection");
        assert_eq!(field_of(json!({ "path": "/a", "action": "respond", "headers": { "X-A": "a\r\nX-B: b" } })), "headers.X-A");
        assert_eq!(field_of(json!({ "path": "/a", "action": "respond", "headers": ["x"] })), "headers");
        assert_eq!(field_of(json!({ "path": "/a", "action": "respond", "body": 5 })), "body");
        assert_eq!(field_of(json!({ "path": "/a", "action": "respond", "contentType": "" })), "contentType");
        assert_eq!(field_of(json!({ "path": "/a", "action": "hang", "header": { "name": "a b", "value": "v" } })), "header.name");
        assert_eq!(field_of(json!({ "path": "/a", "action": "hang", "header": { "name": "k" } })), "header.value");
        assert_eq!(field_of(json!({ "path": "/a", "action": "hang", "header": "k: v" })), "header");
        assert_eq!(field_of(json!({ "path": "/a", "action": "slow_body_after_forward", "delayMs": 60_001 })), "delayMs");
        assert_eq!(field_of(json!({ "path": "/a", "action": "delay_then_forward", "maxChars": 3 })), "maxChars");
        assert_eq!(field_of(json!({ "path": "/a", "action": "cut_description_then_forward", "maxChars": -1 })), "maxChars");
    }

    #[test]
    fn body_parts_are_validated_naming_the_part() {
        let rule = |parts: Value| json!({ "path": "/a", "action": "respond", "bodyParts": parts });
        assert_eq!(field_of(rule(json!([]))), "bodyParts");
        assert_eq!(field_of(rule(json!("[[[["))), "bodyParts");
        assert_eq!(field_of(rule(json!(vec![json!({ "text": "x" }); MAX_BODY_PARTS + 1]))), "bodyParts");
        assert_eq!(field_of(rule(json!([["[", 5]]))), "bodyParts.0");
        assert_eq!(field_of(rule(json!([{ "text": "a" }, { "text": "" }]))), "bodyParts.1.text");
        assert_eq!(field_of(rule(json!([{ "text": 5 }]))), "bodyParts.0.text");
        assert_eq!(field_of(rule(json!([{ "text": "a", "hex": "61" }]))), "bodyParts.0");
        assert_eq!(field_of(rule(json!([{ "repeat": 2 }]))), "bodyParts.0");
        assert_eq!(field_of(rule(json!([{ "hex": "6" }]))), "bodyParts.0.hex");
        assert_eq!(field_of(rule(json!([{ "hex": "zz" }]))), "bodyParts.0.hex");
        assert_eq!(field_of(rule(json!([{ "text": "a", "repeat": 0 }]))), "bodyParts.0.repeat");
        assert_eq!(field_of(rule(json!([{ "text": "a", "repeat": -1 }]))), "bodyParts.0.repeat");
        assert_eq!(field_of(rule(json!([{ "text": "a", "times": 2 }]))), "bodyParts.0.times");
        assert_eq!(field_of(rule(json!([{ "text": "a", "repeat": 2, "counter": "#" }]))), "bodyParts.0.counter");
        assert_eq!(field_of(rule(json!([{ "text": "a#", "repeat": 2, "counter": "" }]))), "bodyParts.0.counter");
        // the total is capped
        assert_eq!(field_of(rule(json!([{ "text": "ab", "repeat": MAX_GENERATED_LEN / 2 }, { "text": "c" }]))), "bodyParts");
        let many = vec![json!({ "text": "x".repeat(1000), "repeat": MAX_GENERATED_LEN }); 3];
        assert_eq!(field_of(rule(json!(many))), "bodyParts");
        // not with body, nor on actions without a canned answer
        assert_eq!(field_of(json!({ "path": "/a", "action": "respond", "body": "{}", "bodyParts": [{ "text": "{}" }] })), "bodyParts");
        assert_eq!(field_of(json!({ "path": "/a", "action": "hang", "bodyParts": [{ "text": "{}" }] })), "bodyParts");
    }

    #[test]
    fn body_parts_generate_the_body() {
        let rule = parse_rule(&json!({
            "path": "/a", "action": "status_before_forward", "status": 500, "headers": { "X-Request-Id": "r1" },
            "bodyParts": [{ "text": "{\"data\":" }, { "text": "[", "repeat": 3 }, { "hex": "C328" }, { "text": "]", "repeat": 3 }, { "text": "}" }],
        }))
        .ok()
        .unwrap();
        let parts = rule.plan.generated.unwrap();
        let mut want = b"{\"data\":[[[".to_vec();
        want.extend_from_slice(&[0xc3, 0x28]);
        want.extend_from_slice(b"]]]}");
        assert_eq!((parts.len(), parts.to_vec()), (want.len() as u64, want.clone()));
        let canned = rule.plan.canned.unwrap();
        assert!(canned.body.is_empty(), "the status page is not the body");
        let head = String::from_utf8(canned.head_with_length(parts.len())).unwrap();
        assert_eq!(head, format!("HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/html\r\nX-Request-Id: r1\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", want.len()));
        // numbered repetitions: distinct keys; the length counts every digit
        let rule = parse_rule(&json!({ "path": "/a", "action": "respond", "bodyParts": [{ "text": "{" }, { "text": "\"k#\":#,", "repeat": 12, "counter": "#" }, { "text": "\"z\":0}" }] })).ok().unwrap();
        let parts = rule.plan.generated.unwrap();
        let keys: String = (0..12).map(|i| format!("\"k{i}\":{i},")).collect();
        let want = format!("{{{keys}\"z\":0}}");
        assert_eq!((parts.len(), String::from_utf8(parts.to_vec()).unwrap()), (want.len() as u64, want.clone()));
        let keys: Value = serde_json::from_str(&want).unwrap();
        assert_eq!(keys.as_object().unwrap().len(), 13);
        let million = parse_rule(&json!({ "path": "/a", "action": "respond", "bodyParts": [{ "text": "#,", "repeat": 1_000_000, "counter": "#" }] })).ok().unwrap();
        assert_eq!(million.plan.generated.unwrap().len(), 1_000_000 + (10 + 90 * 2 + 900 * 3 + 9000 * 4 + 90_000 * 5 + 900_000 * 6));
        // a million levels in a few bytes of rule
        let deep = parse_rule(&json!({ "path": "/a", "action": "respond", "bodyParts": [{ "text": "[", "repeat": 1_000_000 }, { "text": "]", "repeat": 1_000_000 }] })).ok().unwrap();
        assert_eq!(deep.plan.generated.unwrap().len(), 2_000_000);
    }

    #[test]
    fn canned_answers_have_defaults() {
        let rule = parse_rule(&json!({ "path": "/A", "action": "status_after_forward", "status": 504, "count": 3 })).ok().unwrap();
        assert_eq!((rule.path.as_str(), rule.remaining), ("/a", 3));
        let canned = rule.plan.canned.unwrap();
        let head = String::from_utf8(canned.head()).unwrap();
        assert!(head.starts_with("HTTP/1.1 504 Gateway Time-out\r\nContent-Type: text/html\r\n"), "{head}");
        assert!(String::from_utf8(canned.body).unwrap().contains("504 Gateway Time-out"));
        let rule = parse_rule(&json!({ "path": "/a", "action": "respond", "body": "{", "headers": { "Retry-After": "5" } })).ok().unwrap();
        let head = String::from_utf8(rule.plan.canned.unwrap().head()).unwrap();
        assert_eq!(head, "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nRetry-After: 5\r\nContent-Length: 1\r\nConnection: close\r\n\r\n");
    }
}
