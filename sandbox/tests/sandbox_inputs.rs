//! Bad input to the sandbox's own endpoints (`/sandbox/*`) is a 400 naming the field, never a
//! panic: `count` = 2^32 used to wrap to 0, underflow while the faults lock was held, poison it and
//! make every later request a 500.

mod common;

use common::{sandbox, Api, Resp};
use serde_json::{json, Value};

async fn post(path: &str, body: Value) -> Resp {
    common::send(reqwest::Client::new().post(format!("{}{path}", sandbox().base_url)).json(&body)).await
}

async fn post_raw(path: &str, body: &str) -> Resp {
    common::send(
        reqwest::Client::new().post(format!("{}{path}", sandbox().base_url)).header("content-type", "application/json").body(body.to_string()),
    )
    .await
}

fn assert_field(r: &Resp, field: &str, what: &str) {
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), field, "{what}: {}", r.text);
}

/// A key of its own, so that the faults armed here touch no other test's requests.
async fn own_key() -> String {
    Api::new().sandbox_post("/sandbox/keys", json!({ "ttlSeconds": 3600 })).await["apiKey"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn fault_inputs_are_range_checked_and_the_server_survives() {
    let key = own_key().await;
    let path = "/api/Blocks/blockchain-info";
    let bad: &[(&str, Value)] = &[
        ("count", json!({ "path": path, "delayMs": 0, "count": 4294967296_u64, "apiKey": key })),
        ("count", json!({ "path": path, "delayMs": 0, "count": 0, "apiKey": key })),
        ("count", json!({ "path": path, "delayMs": 0, "count": -1, "apiKey": key })),
        ("count", json!({ "path": path, "delayMs": 0, "count": 1_000_001, "apiKey": key })),
        ("count", json!({ "path": path, "delayMs": 0, "count": 1.5, "apiKey": key })),
        ("count", json!({ "path": path, "delayMs": 0, "count": "3", "apiKey": key })),
        ("delayMs", json!({ "path": path, "delayMs": 1_000_000_000_000_u64, "count": 1, "apiKey": key })),
        ("delayMs", json!({ "path": path, "delayMs": 600_001, "count": 1, "apiKey": key })),
        ("delayMs", json!({ "path": path, "delayMs": -1, "count": 1, "apiKey": key })),
        ("delayMs", json!({ "path": path, "delayMs": "100", "count": 1, "apiKey": key })),
        ("delayMs", json!({ "path": path, "count": 1, "apiKey": key })),
        ("path", json!({ "path": 7, "delayMs": 0 })),
        ("path", json!({ "path": "no-slash", "delayMs": 0 })),
        ("path", json!({ "delayMs": 0 })),
        ("apiKey", json!({ "path": path, "delayMs": 0, "apiKey": 12 })),
    ];
    for (field, body) in bad {
        assert_field(&post("/sandbox/faults", body.clone()).await, field, &body.to_string());
    }
    // Numbers beyond any integer type, as raw JSON text.
    let r = post_raw("/sandbox/faults", &format!(r#"{{"path":"{path}","delayMs":0,"count":1e400}}"#)).await;
    assert_field(&r, "count", "count 1e400");
    let r = post_raw("/sandbox/faults", &format!(r#"{{"path":"{path}","delayMs":123456789012345678901234567890}}"#)).await;
    assert_field(&r, "delayMs", "delayMs 1.2e29");

    // No lock was poisoned: a fault at the largest count arms, applies and leaves the server well.
    post("/sandbox/faults", json!({ "path": path, "delayMs": 0, "count": 1_000_000, "apiKey": key })).await.data();
    let api = Api::with_credential(&key);
    for _ in 0..3 {
        api.get(path, &[], &[]).await.data();
    }
    post("/sandbox/faults", json!({ "path": path, "delayMs": 600_000, "count": 1, "apiKey": key, "unused": null })).await.data();
    // Re-arming the same path and key replaces that long delay with none.
    post("/sandbox/faults", json!({ "path": path, "delayMs": 0, "count": 1, "apiKey": key })).await.data();
    api.get(path, &[], &[]).await.data();
    Api::new().get(path, &[], &[]).await.data();
}

#[tokio::test]
async fn key_mine_and_fund_inputs_are_range_checked() {
    let cases: &[(&str, &str, Value)] = &[
        ("/sandbox/keys", "ttlSeconds", json!({ "ttlSeconds": i64::MAX })),
        ("/sandbox/keys", "ttlSeconds", json!({ "ttlSeconds": i64::MIN })),
        ("/sandbox/keys", "ttlSeconds", json!({ "ttlSeconds": 1_000_000_001 })),
        ("/sandbox/keys", "ttlSeconds", json!({ "ttlSeconds": "3600" })),
        ("/sandbox/keys", "ttlSeconds", json!({ "ttlSeconds": 1.5 })),
        ("/sandbox/keys", "compat", json!({ "compat": 1 })),
        ("/sandbox/keys", "compat", json!({ "compat": "fake" })),
        ("/sandbox/mine", "blocks", json!({ "blocks": 1001 })),
        ("/sandbox/mine", "blocks", json!({ "blocks": -1 })),
        ("/sandbox/mine", "blocks", json!({ "blocks": "1" })),
        ("/sandbox/mine", "blocks", json!({ "blocks": 4294967296_u64 })),
        ("/sandbox/mine", "address", json!({ "blocks": 0, "address": 5 })),
        ("/sandbox/fund", "address", json!({ "amount": 1 })),
        ("/sandbox/fund", "address", json!({ "address": ["x"], "amount": 1 })),
        ("/sandbox/fund", "amount", json!({ "address": "x" })),
        ("/sandbox/fund", "amount", json!({ "address": "x", "amount": true })),
        ("/sandbox/fund", "amount", json!({ "address": "x", "amount": -1 })),
        ("/sandbox/fund", "amount", json!({ "address": "x", "amount": "1e2147483647" })),
        ("/sandbox/fund", "amount", json!({ "address": "x", "amount": "1e-2147483648" })),
        ("/sandbox/fund", "amount", json!({ "address": "x", "amount": 84_000_001 })),
        ("/sandbox/fund", "mine", json!({ "address": "x", "amount": 1, "mine": "yes" })),
        ("/sandbox/fund", "replaceable", json!({ "address": "x", "amount": 1, "replaceable": 1 })),
        ("/sandbox/reorg", "depth", json!({})),
        ("/sandbox/reorg", "depth", json!({ "depth": 0 })),
        ("/sandbox/reorg", "depth", json!({ "depth": 101 })),
        ("/sandbox/reorg", "depth", json!({ "depth": "1" })),
        ("/sandbox/reorg", "blocks", json!({ "depth": 1, "blocks": 0 })),
        ("/sandbox/reorg", "blocks", json!({ "depth": 1, "blocks": 1001 })),
        ("/sandbox/reorg", "dropTransactions", json!({ "depth": 1, "dropTransactions": "no" })),
        ("/sandbox/replace", "txid", json!({})),
        ("/sandbox/replace", "txid", json!({ "txid": "abc" })),
        ("/sandbox/replace", "txid", json!({ "txid": "g".repeat(64) })),
        ("/sandbox/replace", "walletName", json!({ "txid": "0".repeat(64), "walletName": 5 })),
        // a transaction the miner wallet does not have: Core's message, naming the txid
        ("/sandbox/replace", "txid", json!({ "txid": "0".repeat(64) })),
        ("/sandbox/flood", "walletName", json!({ "outputs": 3 })),
        ("/sandbox/flood", "walletName", json!({ "walletName": "a/b", "outputs": 3 })),
        ("/sandbox/flood", "outputs", json!({ "walletName": "w" })),
        ("/sandbox/flood", "outputs", json!({ "walletName": "w", "outputs": 0 })),
        ("/sandbox/flood", "outputs", json!({ "walletName": "w", "outputs": 2_001 })),
    ];
    for (path, field, body) in cases {
        assert_field(&post(path, body.clone()).await, field, &format!("{path} {body}"));
    }
    for path in ["/sandbox/keys", "/sandbox/mine", "/sandbox/fund", "/sandbox/faults", "/sandbox/reorg", "/sandbox/replace", "/sandbox/flood"] {
        assert_field(&post_raw(path, "[1, 2]").await, "body", path);
        assert_field(&post_raw(path, "{not json").await, "body", path);
    }
    // The bounds themselves are accepted; the longest-lived key is valid, the shortest expired.
    let long = Api::new().sandbox_post("/sandbox/keys", json!({ "ttlSeconds": 1_000_000_000 })).await;
    assert!(long["expiresAt"].as_i64().unwrap() > 2_000_000_000);
    Api::with_credential(long["apiKey"].as_str().unwrap()).get("/api/Blocks/blockchain-info", &[], &[]).await.data();
    let short = Api::new().sandbox_post("/sandbox/keys", json!({ "ttlSeconds": -1_000_000_000, "compat": null })).await;
    Api::with_credential(short["apiKey"].as_str().unwrap()).get("/api/Blocks/blockchain-info", &[], &[]).await.assert_error(401, "expired_credential");
    let _shared = common::CHAIN.read().await;
    let mined = Api::new().sandbox_post("/sandbox/mine", json!({ "blocks": 0 })).await;
    assert_eq!(mined["hashes"], json!([]));
}
