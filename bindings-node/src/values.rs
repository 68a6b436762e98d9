//! The core's values and errors as the JSON the JavaScript reads (see the crate's doc).

use serde_json::{json, Map, Value};
use wallet_sdk::fields::{FieldValue, Record};
use wallet_sdk::Error;

/// A value of a result or an offline function.
pub fn value(v: FieldValue) -> Value {
    match v {
        FieldValue::Null => Value::Null,
        FieldValue::Bool(b) => Value::Bool(b),
        FieldValue::Int(i) => json!(i),
        FieldValue::Float(f) => json!(f),
        FieldValue::Text(s) => Value::String(s),
        FieldValue::Amount(a) => json!({ "$amount": a.litoshis().to_string() }),
        FieldValue::Secret(s) => json!({ "$secret": s.expose() }),
        FieldValue::Json(raw) => serde_json::from_str(raw.as_str()).unwrap_or(Value::Null),
        FieldValue::List(items) => Value::Array(items.into_iter().map(value).collect()),
        FieldValue::Items(items) => Value::Array(items.map(value).collect()),
        FieldValue::Map(entries) => Value::Object(entries.into_iter().map(|(k, v)| (k, value(v))).collect()),
        FieldValue::Record(r) => record(r),
    }
}

/// A model: its fields (snake_case names), `$type`, and a result's `$raw`.
pub fn record(r: Record) -> Value {
    let mut out = Map::new();
    out.insert("$type".into(), Value::String(r.type_name.to_string()));
    if let Some(raw) = r.raw {
        out.insert("$raw".into(), Value::String(raw.as_str().to_string()));
    }
    for (name, v) in r.fields {
        out.insert(name.to_string(), value(v));
    }
    Value::Object(out)
}

/// An error, with every fact the other languages give (camelCase names).
pub fn error(e: &Error) -> Value {
    json!({
        "kind": e.kind().as_str(),
        "message": e.message(),
        "status": e.status(),
        "serviceCode": e.service_code(),
        "serviceMessage": e.service_message(),
        "requestId": e.request_id(),
        "field": e.field(),
        "operation": e.operation(),
        "nodeCode": e.node_code(),
        "nodeMessage": e.node_message(),
        "attempts": e.attempts(),
        "retryable": e.is_retryable(),
        "retryAfterMs": e.retry_after().map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX)),
        "rawBody": e.raw_body(),
        "outcomeToken": e.outcome_token(),
    })
}

/// `{ok}` or `{error}`: the JavaScript throws the error's class.
pub fn outcome<T>(r: wallet_sdk::Result<T>, ok: impl FnOnce(T) -> Value) -> Value {
    match r {
        Ok(v) => json!({ "ok": ok(v) }),
        Err(e) => json!({ "error": error(&e) }),
    }
}

/// What `resolve` found, as a model.
pub fn resolution(r: wallet_sdk::Resolution) -> Value {
    use wallet_sdk::fields::Fields;
    json!({
        "$type": "Resolution",
        "state": r.state.as_str(),
        "operation": r.operation,
        "txid": r.txid,
        "wallet_name": r.wallet_name,
        "sent": r.sent.map(|s| record(s.to_record())),
        "secret_lost": r.secret_lost,
        "reason": r.reason,
    })
}

/// `text` (signed decimal LTC, at most 8 decimals) read as the core reads an amount:
/// `{ok: litoshis}` (as decimal text, for a `bigint`) or `{error}`.
#[napi_derive::napi]
pub fn amount_from_ltc(text: String) -> Value {
    outcome(text.parse::<wallet_sdk::Amount>(), |a| Value::String(a.litoshis().to_string()))
}

/// `litoshis` (decimal text of a `bigint`) as LTC with 8 decimals, or `{error}` when it is not a
/// number of litoshis within range.
#[napi_derive::napi]
pub fn amount_from_litoshis(litoshis: String) -> Value {
    let parsed = litoshis.parse::<i64>().map_err(|_| wallet_sdk::Error::invalid_input("litoshis", "is not a whole number of litoshis within range"));
    outcome(parsed.map(wallet_sdk::Amount::from_litoshis), |a| Value::String(a.to_string()))
}
