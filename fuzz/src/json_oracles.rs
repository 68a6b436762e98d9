//! The oracles of the `json_*` targets: each reader built on the SDK's one JSON lexer against
//! serde_json on the same text.

use serde_json::Value;
use wallet_sdk::fuzzing;
use wallet_sdk::{BYTES_PER_ENTRY, BYTES_PER_MEMBER, MIN_ENTRY_BUDGET};

use crate::finding;

/// The text of a `json_*` target's input: a 1-byte header (byte 0: the text as given, as the
/// `data` of an envelope, or as members of one), then the text; and serde_json's reading of it.
pub fn json_text(input: &crate::Input<'_, 1>) -> (Vec<u8>, Option<Value>) {
    let text: Vec<u8> = match input.head.byte(0) % 3 {
        0 => input.rest.to_vec(),
        1 => [br#"{"successful":true,"message":"ok","data":"#.as_slice(), input.rest, b"}"].concat(),
        _ => [br#"{"successful":true,"#.as_slice(), input.rest, b"}"].concat(),
    };
    // serde_json's own recursion limit is the SDK's MAX_JSON_DEPTH: what it parses is in depth
    let parsed = serde_json::from_slice(&text).ok();
    (text, parsed)
}

/// A text the limits pass holds no more array entries and object members than its budgets.
pub fn limits(text: &[u8], parsed: Option<&Value>) {
    let (Ok(()), Some(value)) = (fuzzing::json_limits(text), parsed) else { return };
    let (mut entries, mut members) = (0usize, 0usize);
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        match v {
            Value::Array(items) => {
                entries += items.len();
                stack.extend(items);
            }
            Value::Object(map) => {
                members += map.len();
                stack.extend(map.values());
            }
            _ => {}
        }
    }
    let entry_budget = MIN_ENTRY_BUDGET.max(text.len() / BYTES_PER_ENTRY);
    let member_budget = MIN_ENTRY_BUDGET.max(text.len() / BYTES_PER_MEMBER);
    if entries > entry_budget || members > member_budget {
        finding("json limits".into(), format_args!("{entries} entries, {members} members passed in {} bytes", text.len()));
    }
}

/// What the envelope reading finds is what serde reads. It checks everything but `data`
/// (which it only skips) and the text's UTF-8 (which the client checks next): so a UTF-8 text
/// whose `data` serde reads must be an object serde reads the same way.
pub fn envelope(text: &[u8], parsed: Option<&Value>) {
    let Some((successful, data)) = fuzzing::json_envelope(text) else { return };
    let data_value: Option<Option<Value>> = match &data {
        None => Some(None),
        Some(range) => match text.get(range.clone()).map(serde_json::from_slice::<Value>) {
            Some(Ok(v)) => Some(Some(v)),
            _ => None,
        },
    };
    let Some(data_value) = data_value else { return };
    if std::str::from_utf8(text).is_err() {
        return;
    }
    match parsed {
        Some(Value::Object(map)) => {
            let serde_successful = map.get("successful").and_then(Value::as_bool);
            if serde_successful != successful || map.get("data") != data_value.as_ref() {
                finding("json envelope".into(), format_args!("{:?}", String::from_utf8_lossy(text)));
            }
        }
        _ => finding("json envelope accepted".into(), format_args!("{:?}", String::from_utf8_lossy(text))),
    }
}

/// Each key's last value, as the member reader gives it, is serde's.
pub fn members(text: &str, parsed: &Value) {
    let Value::Object(map) = parsed else {
        if !fuzzing::json_members(text).is_empty() {
            finding("json members of a non-object".into(), format_args!("{text:?}"));
        }
        return;
    };
    let members = fuzzing::json_members(text);
    for (key, value) in map {
        let last = members.iter().rev().find(|(k, _)| k == key).and_then(|(_, v)| serde_json::from_str::<Value>(v).ok());
        if last.as_ref() != Some(value) {
            finding("json member".into(), format_args!("{key:?} in {text:?}"));
        }
    }
}

/// The end of the value a valid text holds is where the text ends (white space aside).
pub fn value_end(text: &str) {
    let start = text.len() - text.trim_start_matches([' ', '\n', '\r', '\t']).len();
    let end = text.trim_end_matches([' ', '\n', '\r', '\t']).len();
    if fuzzing::json_value_end(text.as_bytes(), start) != Some(end) {
        finding("json value_end".into(), format_args!("{text:?}"));
    }
}
