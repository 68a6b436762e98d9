//! What the tests against a running sandbox share: its settings from the launcher's
//! environment, and its own endpoints (`/sandbox/...`).

// each test crate that includes this module uses a part of it
#![allow(dead_code)]

use std::io::{Read, Write};
use std::time::Duration;

use serde_json::{json, Value};

pub fn env(name: &str) -> String {
    match std::env::var(name) {
        Ok(v) if !v.is_empty() => v,
        _ => panic!(
            "{name} is not set: run the end-to-end tests under the launcher, e.g. \
             `scripts/with-sandbox cargo test -p wallet-sdk --test e2e_sandbox`"
        ),
    }
}

pub fn base_url() -> String {
    env("WALLET_SDK_BASE_URL")
}

/// A minimal blocking HTTP/1.1 POST to the sandbox's own endpoints (`/sandbox/...`).
pub fn sandbox_post(path: &str, body: Value) -> Value {
    http_post(&base_url(), path, body)
}

/// A minimal blocking HTTP/1.1 POST of JSON to `base` (the sandbox, or the fault proxy's
/// `/_proxy/...`): the answer's `data`, or the whole answer when it has no envelope.
pub fn http_post(base: &str, path: &str, body: Value) -> Value {
    http(base, "POST", path, "", Some(body))
}

/// A minimal blocking HTTP/1.1 GET of JSON from `base`.
pub fn http_get(base: &str, path: &str) -> Value {
    http(base, "GET", path, "", None)
}

/// One request (`headers`: more header lines, each ending in CRLF); a 2xx answer's JSON.
fn http(base: &str, method: &str, path: &str, headers: &str, body: Option<Value>) -> Value {
    let hostport = base.trim_start_matches("http://").trim_end_matches('/').split('/').next().unwrap().to_string();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut s = std::net::TcpStream::connect(&hostport).expect("connect to sandbox");
    s.set_read_timeout(Some(Duration::from_secs(300))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {hostport}\r\n{headers}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut resp = Vec::new();
    s.read_to_end(&mut resp).unwrap();
    let pos = resp.windows(4).position(|w| w == b"\r\n\r\n").expect("http response");
    let head = String::from_utf8_lossy(&resp[..pos]).to_ascii_lowercase();
    let mut payload = resp[pos + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        let mut out = Vec::new();
        let mut rest = &payload[..];
        loop {
            let Some(eol) = rest.windows(2).position(|w| w == b"\r\n") else { break };
            let size = usize::from_str_radix(String::from_utf8_lossy(&rest[..eol]).trim(), 16).unwrap_or(0);
            if size == 0 {
                break;
            }
            out.extend_from_slice(&rest[eol + 2..eol + 2 + size]);
            rest = &rest[eol + 2 + size + 2..];
        }
        payload = out;
    }
    assert!(head.starts_with("http/1.1 2"), "sandbox {path} failed: {head} {}", String::from_utf8_lossy(&payload));
    let v: Value = serde_json::from_slice(&payload).expect("sandbox JSON");
    match v.get("data") {
        Some(d) if v.get("successful").is_some() => d.clone(),
        _ => v,
    }
}

/// Pays `ltc` (decimal text) to `address` from the sandbox's faucet, and mines a block when
/// `mine`; the txid.
pub fn fund(address: &str, ltc: &str, mine: bool) -> String {
    let amount: Value = serde_json::from_str(ltc).unwrap();
    sandbox_post("/sandbox/fund", json!({"address": address, "amount": amount, "mine": mine}))["txid"]
        .as_str()
        .expect("fund txid")
        .to_string()
}

/// Calls the sandbox's node over JSON-RPC (`WALLET_SANDBOX_NODE_URL`, credentials included), on
/// `wallet` when given; the result, or a panic with the node's error.
pub fn node_rpc(wallet: Option<&str>, method: &str, params: Value) -> Value {
    let url = env("WALLET_SANDBOX_NODE_URL");
    let rest = url.trim_start_matches("http://");
    let (credentials, hostport) = rest.split_once('@').expect("credentials in the node URL");
    let auth = base64::Engine::encode(&base64::engine::general_purpose::STANDARD, credentials);
    let path = wallet.map_or("/".to_string(), |w| format!("/wallet/{w}"));
    let body = json!({"jsonrpc": "1.0", "id": "t", "method": method, "params": params});
    let v = http(&format!("http://{hostport}"), "POST", &path, &format!("Authorization: Basic {auth}\r\n"), Some(body));
    assert!(v["error"].is_null(), "{method}: {}", v["error"]);
    v["result"].clone()
}
