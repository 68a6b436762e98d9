//! `wallet-fault-proxy` in front of the sandbox: every action seen from the client side (reqwest
//! or raw TCP), the hit counters, header-scoped rules, count exhaustion and the control API's
//! refusals. Each test starts a proxy of its own, so counters and rules are its own.

mod common;

use std::io::ErrorKind;
use std::time::{Duration, Instant};

use common::{sandbox, Api, FaultProxy};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const INFO: &str = "/api/Blocks/blockchain-info";
const CREATE: &str = "/api/Wallet/create";

/// Writes `request` to the proxy on a fresh connection and reads until EOF or an error.
async fn raw_exchange(proxy: &FaultProxy, request: &str) -> (Vec<u8>, Option<ErrorKind>) {
    let mut s = tokio::net::TcpStream::connect(proxy.url.trim_start_matches("http://")).await.unwrap();
    s.write_all(request.as_bytes()).await.unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout(Duration::from_secs(60), s.read(&mut buf)).await.expect("the proxy answered or closed in time") {
            Ok(0) => return (got, None),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) => return (got, Some(e.kind())),
        }
    }
}

fn get_request(path: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: proxy\r\nnodeUrlOrApiAccessKey: {}\r\n\r\n", sandbox().api_key)
}

/// Splits a raw answer into its head (text) and body.
fn split_answer(raw: &[u8]) -> (String, Vec<u8>) {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("a whole head");
    (String::from_utf8(raw[..end].to_vec()).unwrap(), raw[end + 4..].to_vec())
}

fn content_length(head: &str) -> usize {
    head.lines().find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse().unwrap())).expect("Content-Length")
}

async fn create_wallet(api: &Api, name: &str) -> common::Resp {
    api.post(CREATE, &[], json!({ "walletName": name })).await
}

#[tokio::test]
async fn forwarding_is_transparent_and_counted_per_path() {
    let proxy = FaultProxy::start();
    let api = proxy.api_with(&sandbox().api_key);
    let r = api.get(INFO, &[], &[]).await;
    assert_eq!(r.data()["chain"], "regtest");
    assert_eq!(r.headers["connection"], "close");
    assert!(r.headers.get("x-request-id").is_some(), "upstream headers are relayed");
    // A POST body reaches the sandbox: the wallet exists afterwards.
    let name = common::unique("fp_fwd");
    assert_eq!(create_wallet(&api, &name).await.data()["walletName"], name.as_str());
    create_wallet(&Api::new(), &name).await.assert_error(409, "wallet_exists");
    // Paths count case-insensitively and without their query; /_proxy/ requests are not counted.
    api.get("/API/blocks/BLOCKCHAIN-INFO", &[], &[("x", "1")]).await.data();
    assert_eq!(proxy.hits(INFO, None).await, (2, 2));
    assert_eq!(proxy.hits(&INFO.to_uppercase(), None).await, (2, 2));
    assert_eq!(proxy.hits(CREATE, None).await, (1, 1));
    assert_eq!(proxy.hits(INFO, Some(&sandbox().api_key)).await, (2, 2));
    assert_eq!(proxy.hits(INFO, Some("someone-else")).await, (0, 0));
    assert_eq!(proxy.hits("/_proxy/hits", None).await, (0, 0));
    // The sandbox's own errors pass through untouched.
    proxy.api_with("not.a.key").get(INFO, &[], &[]).await.assert_error(401, "invalid_credential");
}

#[tokio::test]
async fn status_after_forward_answers_a_gateway_page_after_the_work_was_done() {
    let proxy = FaultProxy::start();
    let api = proxy.api_with(&sandbox().api_key);
    proxy.arm(json!({ "path": CREATE, "action": "status_after_forward", "status": 504 })).await;
    let name = common::unique("fp_504");
    let r = create_wallet(&api, &name).await;
    assert_eq!(r.status, 504, "{}", r.text);
    assert_eq!(r.headers["content-type"], "text/html");
    assert!(r.text.contains("504 Gateway Time-out"), "{}", r.text);
    assert_eq!(proxy.hits(CREATE, None).await, (1, 1));
    // The wallet was created all the same: creating it again is a conflict (the rule is spent).
    let again = create_wallet(&api, &name).await;
    again.assert_error(409, "wallet_exists");
    assert_eq!(proxy.hits(CREATE, None).await, (2, 2));
    // A body of its own.
    proxy.arm(json!({ "path": INFO, "action": "status_after_forward", "status": 502, "body": "<html>bad gateway</html>" })).await;
    let r = api.get(INFO, &[], &[]).await;
    assert_eq!((r.status, r.text.as_str()), (502, "<html>bad gateway</html>"));
}

#[tokio::test]
async fn status_before_forward_never_reaches_the_upstream() {
    let proxy = FaultProxy::start();
    let api = proxy.api_with(&sandbox().api_key);
    let huge = "100000000000000000000";
    proxy
        .arm(json!({
            "path": CREATE, "action": "status_before_forward", "status": 429,
            "headers": { "Retry-After": huge, "X-Extra": "1" },
            "body": "{\"successful\":false}", "contentType": "application/json",
        }))
        .await;
    let name = common::unique("fp_429");
    let r = create_wallet(&api, &name).await;
    assert_eq!((r.status, r.text.as_str()), (429, "{\"successful\":false}"));
    assert_eq!(r.headers["retry-after"], huge);
    assert_eq!(r.headers["x-extra"], "1");
    assert_eq!(r.headers["content-type"], "application/json");
    assert_eq!(proxy.hits(CREATE, None).await, (1, 0));
    // Nothing was created: the same name is free.
    create_wallet(&Api::new(), &name).await.data();
    // The default body is an HTML page of the status.
    proxy.arm(json!({ "path": INFO, "action": "status_before_forward", "status": 503 })).await;
    let r = api.get(INFO, &[], &[]).await;
    assert_eq!((r.status, r.headers["content-type"].to_str().unwrap()), (503, "text/html"));
    assert!(r.text.contains("503 Service Unavailable"), "{}", r.text);
}

#[tokio::test]
async fn respond_and_respond_after_forward_give_any_body() {
    let proxy = FaultProxy::start();
    let api = proxy.api_with(&sandbox().api_key);
    proxy.arm(json!({ "path": INFO, "action": "respond", "body": "this is not JSON" })).await;
    let r = api.get(INFO, &[], &[]).await;
    assert_eq!((r.status, r.text.as_str()), (200, "this is not JSON"));
    assert_eq!(r.headers["content-type"], "application/json; charset=utf-8");
    assert_eq!(proxy.hits(INFO, None).await, (1, 0));

    let echoed = json!({ "successful": true, "message": "ok", "data": { "secret": "abandon abandon about" } }).to_string();
    proxy.arm(json!({ "path": CREATE, "action": "respond_after_forward", "status": 201, "body": echoed, "contentType": "text/plain" })).await;
    let name = common::unique("fp_resp");
    let r = create_wallet(&api, &name).await;
    assert_eq!((r.status, r.text.as_str()), (201, echoed.as_str()));
    assert_eq!(r.headers["content-type"], "text/plain");
    assert_eq!(proxy.hits(CREATE, None).await, (1, 1));
    create_wallet(&Api::new(), &name).await.assert_error(409, "wallet_exists");
}

#[tokio::test]
async fn body_parts_generate_huge_bodies_from_small_rules() {
    let proxy = FaultProxy::start();
    let key = sandbox().api_key.clone();
    // JSON nested a million levels deep under `data`, with a header of the rule's own
    let depth = 1_000_000;
    proxy
        .arm(json!({
            "path": INFO, "action": "status_before_forward", "status": 500, "contentType": "application/json",
            "headers": { "X-Request-Id": "req-deep" },
            "bodyParts": [{ "text": "{\"successful\":false,\"data\":" }, { "text": "[", "repeat": depth }, { "text": "]", "repeat": depth }, { "text": "}" }],
        }))
        .await;
    let (got, error) = raw_exchange(&proxy, &get_request(INFO)).await;
    assert_eq!(error, None);
    let (head, body) = split_answer(&got);
    assert!(head.starts_with("HTTP/1.1 500 Internal Server Error\r\n"), "{head}");
    assert!(head.contains("\r\nX-Request-Id: req-deep\r\n") && head.contains("\r\nContent-Type: application/json\r\n"), "{head}");
    let prefix = b"{\"successful\":false,\"data\":";
    assert_eq!(content_length(&head), prefix.len() + 2 * depth + 1);
    assert_eq!(body.len(), content_length(&head));
    assert!(body.starts_with(prefix) && body.ends_with(b"]}"));
    assert_eq!(body.iter().filter(|b| **b == b'[').count(), depth);
    assert_eq!(proxy.hits(INFO, Some(&key)).await, (1, 0));

    // raw bytes (invalid UTF-8) through an HTTP client, after the upstream did the work
    proxy
        .arm(json!({ "path": CREATE, "action": "respond_after_forward", "bodyParts": [{ "text": "{\"successful\":true,\"data\":\"" }, { "hex": "ff", "repeat": 3 }, { "text": "\"}" }] }))
        .await;
    let name = common::unique("fp_parts");
    let r = reqwest::Client::new().post(format!("{}{CREATE}", proxy.url)).header("nodeUrlOrApiAccessKey", &key).json(&json!({ "walletName": name })).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "application/json; charset=utf-8");
    assert_eq!(r.bytes().await.unwrap().as_ref(), b"{\"successful\":true,\"data\":\"\xff\xff\xff\"}".as_slice());
    create_wallet(&Api::new(), &name).await.assert_error(409, "wallet_exists");

    // a body of 16 MiB (the SDK's default response cap) plus one byte, from one part
    proxy.arm(json!({ "path": INFO, "action": "respond", "bodyParts": [{ "text": "{}", "repeat": 8 * 1024 * 1024 }, { "text": " " }] })).await;
    let r = reqwest::Client::new().get(format!("{}{INFO}", proxy.url)).send().await.unwrap();
    assert_eq!(r.bytes().await.unwrap().len(), 16 * 1024 * 1024 + 1);

    // the rule API refuses bodies past 64 MiB, and body together with bodyParts
    let (status, refused) = proxy.try_arm(json!({ "path": INFO, "action": "respond", "bodyParts": [{ "text": "[]", "repeat": 32 * 1024 * 1024 + 1 }] })).await;
    assert_eq!((status, refused["field"].as_str()), (400, Some("bodyParts")), "{refused}");
    let (status, refused) = proxy.try_arm(json!({ "path": INFO, "action": "respond", "body": "{}", "bodyParts": [{ "text": "{}" }] })).await;
    assert_eq!((status, refused["field"].as_str()), (400, Some("bodyParts")), "{refused}");
    // nothing of that was armed
    assert_eq!(proxy.api_with(&key).get(INFO, &[], &[]).await.data()["chain"], "regtest");
}

#[tokio::test]
async fn reset_after_forward_resets_the_connection() {
    let proxy = FaultProxy::start();
    proxy.arm(json!({ "path": INFO, "action": "reset_after_forward" })).await;
    let (got, error) = raw_exchange(&proxy, &get_request(INFO)).await;
    assert_eq!((got.len(), error), (0, Some(ErrorKind::ConnectionReset)));
    assert_eq!(proxy.hits(INFO, None).await, (1, 1));
    // Through an HTTP client: an error, not an answer; and the wallet really got created.
    proxy.arm(json!({ "path": CREATE, "action": "reset_after_forward" })).await;
    let name = common::unique("fp_rst");
    let result = reqwest::Client::new()
        .post(format!("{}{CREATE}", proxy.url))
        .header("nodeUrlOrApiAccessKey", &sandbox().api_key)
        .json(&json!({ "walletName": name }))
        .send()
        .await;
    assert!(result.is_err(), "{result:?}");
    create_wallet(&Api::new(), &name).await.assert_error(409, "wallet_exists");
}

#[tokio::test]
async fn close_after_forward_closes_without_a_word() {
    let proxy = FaultProxy::start();
    proxy.arm(json!({ "path": INFO, "action": "close_after_forward", "count": 2 })).await;
    let (got, error) = raw_exchange(&proxy, &get_request(INFO)).await;
    assert_eq!((got.len(), error), (0, None));
    let result = reqwest::Client::new().get(format!("{}{INFO}", proxy.url)).header("nodeUrlOrApiAccessKey", &sandbox().api_key).send().await;
    assert!(result.is_err(), "{result:?}");
    assert_eq!(proxy.hits(INFO, None).await, (2, 2));
}

#[tokio::test]
async fn truncate_after_forward_sends_half_the_body() {
    let proxy = FaultProxy::start();
    proxy.arm(json!({ "path": INFO, "action": "truncate_after_forward", "count": 2 })).await;
    let (got, error) = raw_exchange(&proxy, &get_request(INFO)).await;
    assert_eq!(error, None);
    let (head, body) = split_answer(&got);
    assert!(head.starts_with("HTTP/1.1 200 OK\r\n"), "{head}");
    let length = content_length(&head);
    assert!(length > 100, "{head}");
    assert_eq!(body.len(), length / 2);
    // An HTTP client sees the head, then fails reading the body.
    let r = reqwest::Client::new().get(format!("{}{INFO}", proxy.url)).header("nodeUrlOrApiAccessKey", &sandbox().api_key).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.bytes().await.is_err());
    assert_eq!(proxy.hits(INFO, None).await, (2, 2));
}

#[tokio::test]
async fn slow_body_after_forward_sends_one_byte_at_a_time() {
    let proxy = FaultProxy::start();
    proxy.arm(json!({ "path": "/sandbox/health", "action": "slow_body_after_forward", "delayMs": 15 })).await;
    let started = Instant::now();
    let r = reqwest::Client::new().get(format!("{}/sandbox/health", proxy.url)).send().await.unwrap();
    let head_after = started.elapsed();
    let body = r.bytes().await.unwrap();
    let total = started.elapsed();
    let health: Value = serde_json::from_slice(&body).expect("the whole body arrives, slowly");
    assert_eq!(health["data"]["ready"], true);
    // One pause before each byte (sleeps never end early), and the head came before the body.
    assert!(total >= Duration::from_millis(15) * body.len() as u32, "{} bytes in {total:?}", body.len());
    assert!(head_after < total / 2, "head after {head_after:?}, all after {total:?}");
}

#[tokio::test]
async fn hang_and_hang_after_forward_never_answer() {
    let proxy = FaultProxy::start();
    let client = reqwest::Client::builder().timeout(Duration::from_millis(1500)).build().unwrap();
    let get = || client.get(format!("{}{INFO}", proxy.url)).header("nodeUrlOrApiAccessKey", &sandbox().api_key).send();

    proxy.arm(json!({ "path": INFO, "action": "hang" })).await;
    let e = get().await.expect_err("no answer");
    assert!(e.is_timeout(), "{e:?}");
    assert_eq!(proxy.hits(INFO, None).await, (1, 0));

    proxy.arm(json!({ "path": INFO, "action": "hang_after_forward" })).await;
    let e = get().await.expect_err("no answer");
    assert!(e.is_timeout(), "{e:?}");
    assert_eq!(proxy.hits(INFO, None).await, (2, 1));
    // Both rules are spent: the next request is answered.
    assert_eq!(get().await.unwrap().status(), 200);
}

#[tokio::test]
async fn rules_scoped_to_a_header_and_used_up_in_order() {
    let proxy = FaultProxy::start();
    let mine = sandbox().api_key.clone();
    let other = Api::new().sandbox_post("/sandbox/keys", json!({ "ttlSeconds": 3600 })).await["apiKey"].as_str().unwrap().to_string();
    // Mine: the first request passes, the next two get 500, then it passes again.
    let scope = json!({ "name": "nodeUrlOrApiAccessKey", "value": mine });
    proxy.arm(json!({ "path": INFO, "action": "forward", "header": scope })).await;
    proxy.arm(json!({ "path": INFO, "action": "status_before_forward", "status": 500, "count": 2, "header": scope })).await;
    let (api_mine, api_other) = (proxy.api_with(&mine), proxy.api_with(&other));
    let mut statuses = Vec::new();
    for _ in 0..4 {
        statuses.push(api_mine.get(INFO, &[], &[]).await.status);
        // Another credential is never touched by those rules.
        api_other.get(INFO, &[], &[]).await.data();
    }
    assert_eq!(statuses, [200, 500, 500, 200]);
    assert_eq!(proxy.hits(INFO, Some(&mine)).await, (4, 2));
    assert_eq!(proxy.hits(INFO, Some(&other)).await, (4, 4));
    assert_eq!(proxy.hits(INFO, None).await, (8, 6));
    // Reset clears rules and counters.
    proxy.arm(json!({ "path": INFO, "action": "respond", "body": "x", "count": 5 })).await;
    let r: Value = reqwest::Client::new().post(format!("{}/_proxy/reset", proxy.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!(r, json!({ "reset": true }));
    assert_eq!(proxy.hits(INFO, None).await, (0, 0));
    api_mine.get(INFO, &[], &[]).await.data();
    assert_eq!(proxy.hits(INFO, None).await, (1, 1));
}

#[tokio::test]
async fn bad_control_input_is_refused_naming_the_field() {
    let proxy = FaultProxy::start();
    let cases = [
        ("path", json!({ "action": "forward" })),
        ("path", json!({ "path": "api", "action": "forward" })),
        ("path", json!({ "path": "/a?b=c", "action": "forward" })),
        ("path", json!({ "path": "/_proxy/rules", "action": "respond" })),
        ("action", json!({ "path": INFO })),
        ("action", json!({ "path": INFO, "action": "explode" })),
        ("count", json!({ "path": INFO, "action": "hang", "count": 0 })),
        ("count", json!({ "path": INFO, "action": "hang", "count": 4294967296_u64 })),
        ("count", json!({ "path": INFO, "action": "hang", "count": -1 })),
        ("count", json!({ "path": INFO, "action": "hang", "count": "1" })),
        ("status", json!({ "path": INFO, "action": "status_after_forward" })),
        ("status", json!({ "path": INFO, "action": "status_before_forward", "status": 600 })),
        ("status", json!({ "path": INFO, "action": "reset_after_forward", "status": 500 })),
        ("delayMs", json!({ "path": INFO, "action": "slow_body_after_forward", "delayMs": 1e12 })),
        ("headers.Content-Length", json!({ "path": INFO, "action": "respond", "headers": { "Content-Length": "1" } })),
        ("header.value", json!({ "path": INFO, "action": "respond", "header": { "name": "nodeUrlOrApiAccessKey" } })),
        ("nonsense", json!({ "path": INFO, "action": "respond", "nonsense": true })),
        ("body", json!([1, 2])),
    ];
    for (field, rule) in cases {
        let (status, body) = proxy.try_arm(rule.clone()).await;
        assert_eq!((status, body["error"].as_str(), body["field"].as_str()), (400, Some("validation_failed"), Some(field)), "{rule}: {body}");
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let http = reqwest::Client::new();
    let r = http.post(format!("{}/_proxy/rules", proxy.url)).body("{not json").send().await.unwrap();
    assert_eq!(r.status(), 400);
    assert_eq!(r.json::<Value>().await.unwrap()["field"], "body");
    let r = http.get(format!("{}/_proxy/hits", proxy.url)).send().await.unwrap();
    assert_eq!(r.status(), 400);
    assert_eq!(r.json::<Value>().await.unwrap()["field"], "path");
    assert_eq!(http.get(format!("{}/_proxy/rules", proxy.url)).send().await.unwrap().status(), 405);
    assert_eq!(http.post(format!("{}/_proxy/nothing", proxy.url)).send().await.unwrap().status(), 404);
    // Nothing was armed by all that.
    proxy.api_with(&sandbox().api_key).get(INFO, &[], &[]).await.data();
}

#[tokio::test]
async fn an_unreachable_upstream_is_a_502_from_the_proxy() {
    // A port that was free a moment ago.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let proxy = FaultProxy::start_with(&format!("http://127.0.0.1:{port}"), &[]);
    let r = proxy.api_with("k").get(INFO, &[], &[]).await;
    assert_eq!((r.status, r.body["error"].as_str()), (502, Some("upstream_failed")), "{}", r.text);
    assert_eq!(proxy.hits(INFO, None).await, (1, 0));
}

#[tokio::test]
async fn ready_file_is_private_and_stdin_eof_stops_the_proxy() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(common::unique("fault-proxy-ready"));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ready.json");
    let mut proxy = FaultProxy::start_with(&sandbox().base_url, &["--ready-file", file.to_str().unwrap()]);
    let ready: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(ready, json!({ "proxyUrl": proxy.url }));
    assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
    drop(proxy.child.stdin.take());
    assert!(common::wait_until(10, || proxy.child.try_wait().unwrap().is_some()), "the proxy outlived its stdin");
    std::fs::remove_dir_all(&dir).unwrap();
}
