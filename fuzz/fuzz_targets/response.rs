//! `response`: anything the service may send (status, headers, body), given by an in-memory
//! transport to the real client, through the response path of any operation, as the typed
//! method, the untyped call and the abandoned-call report read it. Oracles: (a) no panic, stack
//! overflow, endless loop or unbounded allocation (libFuzzer's own checks); (b) no planted secret
//! in an error's Display, Debug or raw body, in a result's raw JSON (its text and its decoded
//! strings), in a call hook's request id or in a log event.
//!
//! Input: a 16-byte header, then free bytes (see `Input`); `fuzz/tools/make-seeds` writes seeds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wallet_sdk::{cut_bodies, fuzzing};
use wallet_sdk_fuzz::*;

const HEAD: usize = 16;

/// Byte 0 operation, 1–2 status, 3 content type, 4 request id, 5 retry-after, 6 body mode,
/// 7 the secret of `$S` and of the structured sites, 8 site (or entry), 9 form, 10–13 a count (depth,
/// length, entries), 14 shape, 15 flags (bit 0: the credential is a node URL; the rest: a
/// position). The free bytes are the body (or its inner part, per mode).
type Input<'a> = wallet_sdk_fuzz::Input<'a, HEAD>;

const STATUSES: [u16; 20] = [200, 200, 201, 204, 400, 401, 403, 404, 409, 422, 429, 500, 502, 503, 504, 302, 418, 599, 100, 999];
const CONTENT_TYPES: [Option<&str>; 12] = [
    None,
    Some("application/json"),
    Some("application/json; charset=utf-8"),
    Some("application/problem+json; charset=utf-8"),
    Some("text/html"),
    Some("text/plain"),
    Some(""),
    Some("application/vnd.x+json"),
    Some("text/json"),
    Some("APPLICATION/JSON"),
    Some("multipart/form-data; boundary=$S"),
    Some("application/json\u{7f}"),
];
const REQUEST_IDS: [Option<&str>; 8] = [None, Some("req-1"), Some("$S"), Some("rid-$S-x"), Some(""), Some("a\tb"), Some("r\u{e9}q"), Some("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")];
const RETRY_AFTERS: [Option<&str>; 11] = [
    None,
    Some("2"),
    Some("1.5"),
    Some("100000000000000000000"),
    Some("1e308"),
    Some("-3"),
    Some("Fri, 31 Dec 9999 23:59:59 GMT"),
    Some("Wed, 21 Oct 2015 07:28:00 GMT"),
    Some("NaN"),
    Some("inf"),
    Some("$S"),
];
const SECRET_KEYS: [&str; 9] = ["privateKey", "addressPrivateKey", "PRIVATEKEY", "wif", "seed", "mnemonic", "mnemonics", "passphrase", "encryptedPassphrase"];
const HUGE_KEYS: [&str; 10] = ["confirmed", "amount", "fee", "message", "code", "nodeCode", "txid", "blocks", "total", "items"];
const MANY_KEYS: [&str; 7] = ["data", "successful", "message", "error", "items", "privateKey", "confirmed"];

/// Everything built from one input.
struct Built {
    status: u16,
    content_type: Option<String>,
    request_id: Option<String>,
    retry_after: Option<String>,
    body: Vec<u8>,
    planted: Vec<Planted>,
}

fn build(input: &Input<'_>) -> Built {
    let h = input.head;
    let secrets = Secrets::get();
    let node_url = h.byte(15) & 1 == 1;
    let chosen = h.byte(7);
    let form = Form::from_byte(h.byte(9));
    let mut planted = Vec::new();
    let status = if h.byte(1) & 0x80 != 0 {
        100 + u16::from_le_bytes([h.byte(2), h.byte(1) & 0x7f]) % 900
    } else {
        STATUSES[usize::from(h.byte(1)) % STATUSES.len()]
    };
    let header = |choice: Option<&str>, site: &'static str, planted: &mut Vec<Planted>| {
        choice.map(|v| String::from_utf8_lossy(&substitute(v.as_bytes(), chosen, Form::Plain, false, node_url, site, planted)).into_owned())
    };
    let mut content_type = header(CONTENT_TYPES[usize::from(h.byte(3)) % CONTENT_TYPES.len()], "Content-Type", &mut planted);
    let mut request_id = header(REQUEST_IDS[usize::from(h.byte(4)) % REQUEST_IDS.len()], "X-Request-Id", &mut planted);
    let mut retry_after = header(RETRY_AFTERS[usize::from(h.byte(5)) % RETRY_AFTERS.len()], "Retry-After", &mut planted);

    // the secret of the structured sites, as written in a JSON string
    let letter = Secrets::LETTERS[usize::from(chosen) % Secrets::LETTERS.len()];
    let secret = secrets.by_letter(letter, node_url).expect("a letter of the table");
    let plant = |site: &'static str, json: bool, planted: &mut Vec<Planted>| {
        let (text, reads_as) = form.write(&secret.text, json);
        wallet_sdk_fuzz::plant(planted, secret.kind, reads_as, site);
        text
    };
    let rest = |site: &'static str, planted: &mut Vec<Planted>| {
        String::from_utf8_lossy(&substitute(input.rest, chosen, form, true, node_url, site, planted)).into_owned()
    };
    let count = h.u32(10);
    let shape = h.byte(14);
    let position = h.byte(15) >> 1;

    let body: Vec<u8> = match h.byte(6) % 8 {
        0 => substitute(input.rest, chosen, form, true, node_url, "$ in body", &mut planted),
        1 => format!(r#"{{"successful":true,"message":"ok","data":{}}}"#, rest("$ in data", &mut planted)).into_bytes(),
        2 => format!(r#"{{"successful":false,"message":"m","error":{}}}"#, rest("$ in error", &mut planted)).into_bytes(),
        3 => {
            let site = h.byte(8) % 23;
            let p = |site, planted: &mut Vec<Planted>| plant(site, true, planted);
            match site {
                0 => format!(r#"{{"successful":false,"message":"{}","data":null}}"#, p("message", &mut planted)),
                1 => format!(r#"{{"title":"{}","status":400,"errors":{{"walletName":["required"]}}}}"#, p("title", &mut planted)),
                2 => format!(r#"{{"successful":false,"message":"m","error":{{"code":"node_error","nodeCode":-4,"nodeMessage":"{}"}}}}"#, p("error.nodeMessage", &mut planted)),
                3 => format!(r#"{{"successful":false,"message":"m","error":{{"code":"validation_failed","field":"{}"}}}}"#, p("error.field", &mut planted)),
                4 => format!(r#"{{"successful":false,"message":"m","error":{{"code":"{}"}}}}"#, p("error.code", &mut planted)),
                5 => format!(r#"{{"title":"t","status":400,"errors":{{"{}":["bad"]}}}}"#, p("errors key", &mut planted)),
                6 => {
                    let v = p("data value", &mut planted);
                    format!(r#"{{"successful":true,"message":"ok","data":{{"address":"{v}","label":"{v}","confirmed":1}}}}"#)
                }
                7 => format!(r#"{{"successful":true,"message":"ok","data":{{"{}":1,"confirmed":1}}}}"#, p("data key", &mut planted)),
                8 => format!(r#"{{"successful":true,"message":"ok","data":{{"label":"note {} end","txid":"ab"}}}}"#, p("inside a data string", &mut planted)),
                9 => format!(r#"{{"successful":true,"message":"{}","data":{{"confirmed":1}}}}"#, p("success message", &mut planted)),
                10 => {
                    request_id = Some(plant("X-Request-Id", false, &mut planted));
                    r#"{"successful":false,"message":"m","error":{"code":"rate_limited"}}"#.to_string()
                }
                11 => {
                    let v = plant("non-JSON body", false, &mut planted);
                    format!("<html><body>error: {v}</body></html>")
                }
                12 => {
                    let key = SECRET_KEYS[usize::from(shape) % SECRET_KEYS.len()];
                    let value = if key.eq_ignore_ascii_case("privatekey") || key == "addressPrivateKey" || key == "seed" {
                        wallet_sdk_fuzz::plant(&mut planted, "hex_key", secrets.hex_key.clone(), "secret field");
                        secrets.hex_key.clone()
                    } else {
                        p("secret field", &mut planted)
                    };
                    let data = format!(r#"{{"{key}":"{value}","address":"x","items":[{{"{key}":"{value}"}}]}}"#);
                    match position % 3 {
                        0 => format!(r#"{{"successful":true,"message":"ok","data":{data}}}"#),
                        1 => format!(r#"{{"successful":false,"message":"m","error":{data}}}"#),
                        _ => data,
                    }
                }
                13 => {
                    let v = p("deep in data", &mut planted);
                    format!(r#"{{"successful":true,"data":{}}}"#, deep(depth(count, 400), shape, &format!("\"{v}\"")))
                }
                14 => format!(r#"{{"successful":true,"data":"{}"}}"#, p("data string", &mut planted)),
                15 => format!(r#"{{"address":"{}","confirmed":1}}"#, p("bare answer", &mut planted)),
                16 => format!(r#"{{"successful":false,"message":"m","errors":{{"{}":["x"]}},"error":{{}}}}"#, p("errors key (envelope)", &mut planted)),
                17 => {
                    content_type = Some(format!("text/plain; {}", plant("Content-Type", false, &mut planted)));
                    "not json".to_string()
                }
                18 => {
                    let v = p("unprinted member", &mut planted);
                    format!(r#"{{"successful":false,"message":"m","error":{{"code":"node_error","nodeMessage":"x","field":"walletName","detail":"{v}"}},"data":{{"x":"{v}"}}}}"#)
                }
                19 => {
                    retry_after = Some(plant("Retry-After", false, &mut planted));
                    r#"{"successful":false,"message":"slow down","error":{"code":"rate_limited"}}"#.to_string()
                }
                20 => format!(r#"{{"successful":true,"data":{{"items":["{}"],"total":1}}}}"#, p("array item", &mut planted)),
                21 => format!(r#""{}""#, p("bare string", &mut planted)),
                _ => format!(r#"{{"successful":false,"message":"{}"}}"#, rest("$ in message", &mut planted)),
            }
            .into_bytes()
        }
        4 => {
            let depth = depth(count, 1_000_000);
            let inner = if input.rest.is_empty() { format!("\"{}\"", plant("deep", true, &mut planted)) } else { rest("$ in deep", &mut planted) };
            let value = deep(depth, shape, &inner);
            match position % 5 {
                0 => value,
                1 => format!(r#"{{"successful":true,"message":"ok","data":{value}}}"#),
                2 => format!(r#"{{"successful":false,"message":"m","error":{value}}}"#),
                3 => format!(r#"{{"successful":false,"title":"t","errors":{value}}}"#),
                _ => format!(r#"{{"successful":false,"message":{value}}}"#),
            }
            .into_bytes()
        }
        5 => {
            let len = scaled(count, 4 << 20) as usize;
            let key = HUGE_KEYS[usize::from(position) % HUGE_KEYS.len()];
            let s = plant("huge string", true, &mut planted);
            let value = huge(shape, len, Some(&s));
            match key {
                "message" => format!(r#"{{"successful":false,"message":{value}}}"#),
                "code" | "nodeCode" => format!(r#"{{"successful":false,"message":"m","error":{{"{key}":{value}}}}}"#),
                _ => format!(r#"{{"successful":true,"data":{{"{key}":{value},"address":"x"}}}}"#),
            }
            .into_bytes()
        }
        6 => {
            let n = scaled(count, 5_000_000) as usize;
            let key = MANY_KEYS[usize::from(position >> 1) % MANY_KEYS.len()];
            let value = format!("\"{}\"", plant("after many members", true, &mut planted));
            let body = many(shape, n, key, &value);
            if position & 1 == 0 { body } else { format!(r#"{{"successful":true,"data":{body}}}"#) }.into_bytes()
        }
        _ => {
            // up to 50,000 entries of the service's own shapes (or of the free bytes), several
            // MiB, cut at a token boundary: the generator of the proptest of `make test`
            let fixed = cut_bodies::ENTRIES.get(usize::from(h.byte(8)) % (cut_bodies::ENTRIES.len() + 1)).copied();
            let entry = fixed.map_or_else(|| rest("$ in cut entries", &mut planted), str::to_string);
            let cut = match input.rest.first_chunk::<8>() {
                Some(bytes) if fixed.is_some() => u64::from_le_bytes(*bytes),
                _ => u64::from(h.u16(4)) << 7 | u64::from(position),
            };
            cut_bodies::cut_body(&entry, scaled(count, 50_000) as usize, shape, cut)
        }
    };
    Built { status, content_type, request_id, retry_after, body, planted }
}

fuzz_target!(|input: Input<'_>| {
    catch_stack_overflow();
    capture_logs();
    let _ = take_logs();
    let secrets = Secrets::get();
    let built = build(&input);
    let op_index = usize::from(input.head.byte(0));
    let inputs = fuzzing::secret_inputs(op_index);
    let values: Vec<&str> = inputs.iter().map(|n| secrets.input_value(n)).collect();
    let credential = if input.head.byte(15) & 1 == 1 { &secrets.credential_node_url } else { &secrets.credential_jwt };
    let out = fuzzing::response(
        op_index,
        built.status,
        built.content_type.as_deref(),
        built.request_id.as_deref(),
        built.retry_after.as_deref(),
        &built.body,
        credential,
        &values,
    );
    // oracle (b): only the planted secrets that the SDK must keep to itself in this call
    let planted: Vec<Planted> = built.planted.into_iter().filter(|p| Secrets::is_checked(p.kind, &inputs)).collect();
    let op = fuzzing::operation(op_index);
    for (path, result) in [("typed", &out.typed), ("untyped", &out.untyped)] {
        match result {
            Ok(raw) => check_json(&format!("{path}.raw_json"), raw.as_str(), &planted),
            Err(e) => {
                check_error(&format!("{path}.error"), e, &planted);
                if !op.idempotent && e.is_retryable() {
                    finding(format!("retryable_non_idempotent op={}", op.name), format_args!("{e:?}"));
                }
                no_internal_error(path, e);
            }
        }
    }
    for rid in &out.call_event_request_ids {
        check_text("call_hook.request_id", rid, &planted);
    }
    if let Some((rid, outcome)) = &out.abandoned {
        if let Some(rid) = rid {
            check_text("abandoned_hook.request_id", rid, &planted);
        }
        match outcome {
            Ok(raw) => check_json("abandoned_hook.raw_json", raw.as_str(), &planted),
            Err(e) => {
                check_error("abandoned_hook.error", e, &planted);
                no_internal_error("abandoned_hook", e);
            }
        }
    }
    check_logs(&planted);
});

/// Oracle (a), the part a caught panic hides: no answer ends in the SDK's internal error (a panic
/// caught at a boundary reaches the caller as that fixed text).
fn no_internal_error(path: &str, e: &wallet_sdk::Error) {
    if e.to_string().contains(wallet_sdk::panic::INTERNAL_ERROR) {
        finding(format!("internal_error sink={path}"), format_args!("{e:?}"));
    }
}
