//! What a web page in the developer's browser can make the sandbox do: nothing.
//!
//! - DNS rebinding: a page on `evil.example`, whose name then resolves to 127.0.0.1, reaches the
//!   sandbox with `Host: evil.example`; every request whose Host is not a loopback name or address
//!   is refused (403 `forbidden_host`).
//! - CSRF on `/sandbox/*` (no credential there): a request carrying a foreign `Origin` is refused
//!   (403 `forbidden_origin`), and a POST must say `Content-Type: application/json`, which a page
//!   cannot send cross-origin without a CORS preflight that the sandbox never approves (415
//!   `unsupported_media_type`).
//!
//! The requests are written by hand on a TCP socket, so that the test controls every header.

mod common;

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use common::{sandbox, Api};
use serde_json::{json, Value};

/// `host:port` of the sandbox under test.
fn authority() -> String {
    let base = &sandbox().base_url;
    base.trim_start_matches("http://").trim_end_matches('/').to_string()
}

fn port() -> String {
    authority().rsplit(':').next().unwrap().to_string()
}

#[derive(Debug)]
struct Answer {
    status: u16,
    head: String,
    body: Value,
    text: String,
}

impl Answer {
    /// A refusal in the sandbox's usual envelope, with this status, code and field.
    #[track_caller]
    fn assert_refused(&self, status: u16, code: &str, field: &str) {
        assert_eq!(self.status, status, "expected {status} {code}, got: {}\n{}", self.head, self.text);
        assert_eq!(self.body["successful"], false, "{}", self.text);
        assert_eq!(self.body["error"]["code"], code, "{}", self.text);
        assert_eq!(self.body["error"]["field"], field, "{}", self.text);
        assert!(self.body["message"].as_str().is_some_and(|m| !m.is_empty()), "{}", self.text);
        assert!(self.head.to_ascii_lowercase().contains("content-type: application/json"), "{}", self.head);
    }

    #[track_caller]
    fn assert_ok(&self) -> &Value {
        assert_eq!(self.status, 200, "expected success, got: {}\n{}", self.head, self.text);
        assert_eq!(self.body["successful"], true, "{}", self.text);
        &self.body["data"]
    }
}

/// One HTTP/1.0 request (so the answer is not chunked and the connection closes after it) with
/// exactly `headers` (no Host unless given) and `body`.
fn raw(method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Answer {
    let mut s = std::net::TcpStream::connect(authority()).expect("connect to the sandbox");
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let mut request = format!("{method} {path} HTTP/1.0\r\n");
    for (k, v) in headers {
        request.push_str(&format!("{k}: {v}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        request.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    request.push_str("\r\n");
    request.push_str(body);
    s.write_all(request.as_bytes()).unwrap();
    let mut resp = Vec::new();
    s.read_to_end(&mut resp).unwrap();
    let text = String::from_utf8_lossy(&resp).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    Answer { status, head: head.to_string(), body: serde_json::from_str(body).unwrap_or(Value::Null), text: body.to_string() }
}

const JSON: (&str, &str) = ("Content-Type", "application/json");

#[test]
fn a_foreign_host_is_refused_on_every_endpoint() {
    let key = sandbox().api_key.clone();
    let foreign = ["evil.example", &format!("evil.example:{}", port()), "127.0.0.1.evil.example", "localhost.evil.example:80", "127.0.0.1@evil.example", "10.0.0.1", "0.0.0.0", "[::2]:80", "[::ffff:127.0.0.1]", "localhost:notaport", ""];
    for host in foreign {
        let what = format!("Host {host:?}");
        let r = raw("GET", "/api/Blocks/blockchain-info", &[("Host", host), ("nodeUrlOrApiAccessKey", &key)], "");
        r.assert_refused(403, "forbidden_host", "Host");
        raw("GET", "/sandbox/health", &[("Host", host)], "").assert_refused(403, "forbidden_host", "Host");
        let r = raw("POST", "/sandbox/keys", &[("Host", host), JSON], r#"{"ttlSeconds": 60}"#);
        r.assert_refused(403, "forbidden_host", "Host");
        assert!(!r.text.contains("apiKey"), "{what}: a key was minted: {}", r.text);
    }
    // No Host at all (HTTP/1.0 allows it; no browser does it) is not a loopback name either.
    raw("GET", "/sandbox/health", &[], "").assert_refused(403, "forbidden_host", "Host");
    // Two Host headers: refused, whichever the sandbox would read.
    let r = raw("GET", "/sandbox/health", &[("Host", &authority()), ("Host", "evil.example")], "");
    assert_ne!(r.status, 200, "two Host headers, one foreign, were accepted: {}", r.text);
    let r = raw("GET", "/sandbox/health", &[("Host", "evil.example"), ("Host", &authority())], "");
    assert_ne!(r.status, 200, "two Host headers, one foreign, were accepted: {}", r.text);
    // An absolute request target naming another host is refused like that Host.
    let r = raw("GET", "http://evil.example/sandbox/health", &[("Host", &authority())], "");
    assert_ne!(r.status, 200, "an absolute URI to a foreign host was accepted: {}", r.text);
}

#[test]
fn loopback_hosts_are_served() {
    let port = port();
    let loopback = [
        authority(),
        "127.0.0.1".to_string(),
        format!("127.0.0.1:{port}"),
        format!("127.1.2.3:{port}"),
        format!("localhost:{port}"),
        "LocalHost".to_string(),
        format!("[::1]:{port}"),
        "[::1]".to_string(),
        format!("[0:0:0:0:0:0:0:1]:{port}"),
    ];
    for host in &loopback {
        let d = raw("GET", "/sandbox/health", &[("Host", host)], "").assert_ok().clone();
        assert_eq!(d["ready"], true, "Host {host}");
        let r = raw("GET", "/api/Blocks/blockchain-info", &[("Host", host), ("nodeUrlOrApiAccessKey", &sandbox().api_key)], "");
        r.assert_ok();
    }
}

#[test]
fn a_foreign_origin_is_refused_on_sandbox_endpoints() {
    let host = authority();
    for origin in ["http://evil.example", "https://evil.example:443", "null", "http://127.0.0.1.evil.example", "file://", "http://[::2]", "not a url"] {
        let r = raw("GET", "/sandbox/health", &[("Host", &host), ("Origin", origin)], "");
        r.assert_refused(403, "forbidden_origin", "Origin");
        for (path, body) in [
            ("/sandbox/keys", r#"{"ttlSeconds": 60}"#),
            ("/sandbox/mine", r#"{"blocks": 0}"#),
            ("/sandbox/fund", r#"{"address": "x", "amount": 1}"#),
            ("/sandbox/faults", r#"{"path": "/api/Blocks/blockchain-info", "delayMs": 0}"#),
        ] {
            let r = raw("POST", path, &[("Host", &host), ("Origin", origin), JSON], body);
            r.assert_refused(403, "forbidden_origin", "Origin");
        }
    }
    // A loopback origin (a page served by the developer's own machine, or a tool) is not refused
    // by this rule.
    for origin in [format!("http://{host}"), "http://localhost:3000".to_string(), "http://[::1]:8000".to_string()] {
        raw("GET", "/sandbox/health", &[("Host", &host), ("Origin", &origin)], "").assert_ok();
        raw("POST", "/sandbox/keys", &[("Host", &host), ("Origin", &origin), JSON], r#"{"ttlSeconds": 60}"#).assert_ok();
    }
}

#[test]
fn sandbox_posts_must_be_json() {
    let host = authority();
    // What a page can send cross-origin without a preflight, and no content type at all.
    let not_json: &[Option<&str>] = &[
        None,
        Some("text/plain"),
        Some("text/plain; charset=utf-8"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
        Some("application/jsonx"),
        Some("application/json-seq"),
        Some(""),
    ];
    for ct in not_json {
        for (path, body) in [
            ("/sandbox/keys", r#"{"ttlSeconds": 60}"#),
            ("/sandbox/mine", r#"{"blocks": 0}"#),
            ("/sandbox/mine", ""),
            ("/sandbox/fund", r#"{"address": "x", "amount": 1}"#),
            ("/sandbox/faults", r#"{"path": "/api/Blocks/blockchain-info", "delayMs": 0}"#),
        ] {
            let mut headers = vec![("Host", host.as_str())];
            headers.extend(ct.map(|ct| ("Content-Type", ct)));
            let r = raw("POST", path, &headers, body);
            r.assert_refused(415, "unsupported_media_type", "Content-Type");
            assert!(r.body["message"].as_str().unwrap().contains("application/json"), "{}", r.text);
        }
    }
    // JSON, in the spellings clients use.
    for ct in ["application/json", "application/json; charset=utf-8", "Application/JSON", "application/json;charset=UTF-8"] {
        raw("POST", "/sandbox/keys", &[("Host", &host), ("Content-Type", ct)], r#"{"ttlSeconds": 60}"#).assert_ok();
    }
    // GET needs no content type.
    raw("GET", "/sandbox/health", &[("Host", &host)], "").assert_ok();
}

/// A refused request has no effect: a long delay armed by a refused `/sandbox/faults` would hold
/// the next request.
#[tokio::test]
async fn a_refused_fault_is_not_armed() {
    let key = Api::new().sandbox_post("/sandbox/keys", json!({ "ttlSeconds": 3600 })).await["apiKey"].as_str().unwrap().to_string();
    let body = json!({ "path": "/api/Blocks/blockchain-info", "delayMs": 30000, "count": 1, "apiKey": key }).to_string();
    let host = authority();
    let refused = tokio::task::spawn_blocking(move || {
        [
            raw("POST", "/sandbox/faults", &[("Host", &host), ("Content-Type", "text/plain")], &body),
            raw("POST", "/sandbox/faults", &[("Host", &host), ("Origin", "http://evil.example"), JSON], &body),
            raw("POST", "/sandbox/faults", &[("Host", "evil.example"), JSON], &body),
        ]
        .map(|r| r.status)
    })
    .await
    .unwrap();
    assert_eq!(refused, [415, 403, 403]);
    let started = Instant::now();
    Api::with_credential(&key).get("/api/Blocks/blockchain-info", &[], &[]).await.data();
    assert!(started.elapsed() < Duration::from_secs(10), "a refused fault was armed");
}

/// The clients' own way of calling (reqwest with a JSON body, as every test suite does) still works.
#[tokio::test]
async fn plain_json_clients_still_work() {
    let r = common::send(reqwest::Client::new().post(format!("{}/sandbox/keys", sandbox().base_url)).json(&json!({ "ttlSeconds": 60 }))).await;
    assert!(r.data()["apiKey"].is_string());
    let r = common::send(reqwest::Client::new().get(format!("{}/sandbox/health", sandbox().base_url))).await;
    assert_eq!(r.data()["ready"], true);
}
