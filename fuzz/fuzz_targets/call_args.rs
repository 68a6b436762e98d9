//! `call_args`: what a user passes to the untyped call (`Client::call`: an operation name and
//! arguments; the FFI's `call` takes them as JSON text) up to the request that would be sent.
//! Oracles: (a) no panic, stack overflow, endless loop or unbounded allocation, at any nesting
//! of the arguments (JSON text as the FFI parses it, and `serde_json::Value`s of up to
//! ~1,000,000 levels that no parser would build); (b) a secret given for a secret input never
//! appears in the error, and when it is sent it is among the request's secrets (which the
//! client scrubs from every text of the call).
//!
//! Input: an 8-byte header, then free bytes (arguments as JSON text, or values' material).
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Value};
use wallet_sdk::fuzzing;
use wallet_sdk_fuzz::*;

const HEAD: usize = 8;

/// Byte 0 operation, 1 mode (JSON text; operation name on the first line then JSON text;
/// generated values; deep values), 2 the secret of `$S`, 3 form, 4–7 a count (depth).
type Input<'a> = wallet_sdk_fuzz::Input<'a, HEAD>;

/// Values of every kind an input may be given, from one byte and the material.
fn value(kind: u8, material: &str, secret: &str) -> Value {
    match kind % 20 {
        0 => Value::String(material.to_string()),
        1 => Value::String(secret.to_string()),
        2 => Value::from(i64::from(kind) - 10),
        3 => serde_json::from_str("123456789012345678901234567890").unwrap_or(Value::Null),
        4 => serde_json::from_str("1e308").unwrap_or(Value::Null),
        5 => Value::Bool(kind & 0x20 != 0),
        6 => Value::Null,
        7 => Value::Array(vec![Value::String(material.to_string()), Value::String(secret.to_string())]),
        8 => Value::Array(vec![Value::from(1), Value::from(-1), Value::from(i64::MAX)]),
        9 => Value::Array(vec![]),
        10 => {
            let mut m = Map::new();
            m.insert("x".to_string(), Value::String(secret.to_string()));
            Value::Object(m)
        }
        11 => Value::String("9".repeat(material.len() * 64 + 30)),
        12 => Value::String(String::new()),
        13 => Value::String(format!("a\r\nb: {material}")),
        14 => Value::String(format!(" {secret}")),
        15 => Value::String(["legacy", "p2sh-segwit", "bech32", "mweb", "", "LEGACY", "taproot"][usize::from(kind >> 5) % 7].to_string()),
        16 => Value::String(["0.00000001", "1e-9", "-1", "99999999999999999999", "0", "1.000000001", "21000000", "84000000.00000001"][usize::from(kind >> 5) % 8].to_string()),
        17 => Value::Array(vec![Value::String("a,b".to_string()), Value::String("  ".to_string())]),
        18 => Value::from(i64::from(i32::MAX) + 1),
        _ => Value::String(format!("caf\u{e9} \u{1F600} {material}")),
    }
}

/// `true` when a string anywhere in `v` holds `text` (iterative: any depth).
fn mentions(v: &Value, text: &str) -> bool {
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            Value::String(s) if s.contains(text) => return true,
            Value::Array(items) => stack.extend(items),
            Value::Object(m) => stack.extend(m.values()),
            _ => {}
        }
    }
    false
}

fuzz_target!(|input: Input<'_>| {
    catch_stack_overflow();
    let h = input.head;
    let s = Secrets::get();
    let op = fuzzing::operation(usize::from(h.byte(0)));
    let chosen = h.byte(2);
    let form = Form::from_byte(h.byte(3));
    let mut planted = Vec::new();
    let text = String::from_utf8_lossy(&substitute(input.rest, chosen, form, true, false, "$ in argument", &mut planted)).into_owned();

    let (name, map): (String, Option<Map<String, Value>>) = match h.byte(1) % 4 {
        0 => (op.name.to_string(), match serde_json::from_str::<Value>(&text) {
            Ok(Value::Object(m)) => Some(m),
            _ => None,
        }),
        1 => {
            let (name, json) = text.split_once('\n').unwrap_or((&text, "{}"));
            (name.to_string(), match serde_json::from_str::<Value>(json) {
                Ok(Value::Object(m)) => Some(m),
                _ => None,
            })
        }
        2 => {
            // one generated value per input of the operation (and sometimes an unknown one)
            let letter = Secrets::LETTERS[usize::from(chosen) % Secrets::LETTERS.len()];
            let secret = s.by_letter(letter, false).expect("a letter of the table");
            wallet_sdk_fuzz::plant(&mut planted, secret.kind, secret.text.clone(), "generated");
            let kinds = input.rest;
            let mut m = Map::new();
            for (i, p) in op.params.iter().enumerate() {
                let kind = kinds.get(i).copied().unwrap_or(1);
                if kind == 0xff {
                    continue;
                }
                m.insert(p.sdk_name.to_string(), value(kind, &text, &secret.text));
            }
            if kinds.len() > op.params.len() && kinds[op.params.len()] & 1 == 1 {
                m.insert(text.chars().take(40).collect(), Value::String(secret.text.clone()));
            }
            (op.name.to_string(), Some(m))
        }
        _ => {
            // one value nested far deeper than any parser allows (~1,000,000 levels), for one
            // input of the operation or an unknown one; the others get text
            let depth = depth(h.u32(4), 1_000_000);
            let shape = input.rest.first().copied().unwrap_or(0);
            let which = usize::from(input.rest.get(1).copied().unwrap_or(0));
            let mut m = Map::new();
            for p in op.params {
                m.insert(p.sdk_name.to_string(), Value::String(text.clone()));
            }
            let key = op.params.get(which).map_or("no_such_input", |p| p.sdk_name);
            m.insert(key.to_string(), deep_value(depth, shape, Value::String(text.chars().take(64).collect())));
            (op.name.to_string(), Some(m))
        }
    };
    let Some(map) = map else { return };

    // the planted secrets given as values of secret inputs (a secret in a public input is no
    // secret to the SDK, and neither is one in an argument's name or in the operation's name,
    // which errors name)
    let checked: Vec<Planted> = planted
        .iter()
        .filter(|p| !name.contains(p.text.as_str()) && !map.keys().any(|k| k.contains(p.text.as_str())))
        .filter(|p| {
            // nor one also given to a public input (which errors may quote, an amount's text)
            wallet_sdk::operations::by_name(&name).is_none_or(|op| {
                !op.params.iter().filter(|q| !q.secret).any(|q| map.get(q.sdk_name).is_some_and(|v| mentions(v, &p.text)))
            })
        })
        .filter(|p| {
            wallet_sdk::operations::by_name(&name).is_some_and(|op| {
                op.params.iter().filter(|q| q.secret).any(|q| map.get(q.sdk_name).and_then(Value::as_str).is_some_and(|v| v.contains(p.text.as_str())))
            })
        })
        .cloned()
        .collect();

    let result = fuzzing::call_args(&name, &map);
    match &result {
        Err(e) => check_error("call.error", e, &checked),
        Ok(req) => {
            let sent = format!("{:?} {:?} {:?}", req.headers, req.query, req.body);
            for p in &checked {
                if sent.contains(p.text.as_str()) && !req.secrets.iter().any(|s| s.contains(p.text.as_str())) {
                    finding(format!("unscrubbed_secret_input kind={}", p.kind), format_args!("{req:?}"));
                }
            }
        }
    }
    drop(result);
    for (_, v) in map {
        drop_deep(v);
    }
});
