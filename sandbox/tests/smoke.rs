//! Start-up, credentials, envelope shapes and the sandbox-only endpoints.

mod common;

use common::{sandbox, Api};
use serde_json::json;

#[tokio::test]
async fn health_reports_a_bootstrapped_regtest_chain() {
    let api = Api::new();
    let r = common::send(reqwest::Client::new().get(format!("{}/sandbox/health", api.base_url))).await;
    let d = r.data();
    assert_eq!(d["ready"], true);
    assert_eq!(d["chain"], "regtest");
    assert!(d["height"].as_u64().unwrap() >= 532);
    assert!(r.headers.get("x-request-id").is_some());
}

#[tokio::test]
async fn missing_credential_is_a_problem_json_naming_the_field() {
    let r = common::send(reqwest::Client::new().get(format!("{}/api/Blocks/blockchain-info", sandbox().base_url))).await;
    r.assert_error(400, "missing_credential");
    assert!(r.headers["content-type"].to_str().unwrap().starts_with("application/problem+json"));
    assert_eq!(r.body["errors"]["nodeUrlOrApiAccessKey"][0], "The nodeUrlOrApiAccessKey field is required.");
    assert_eq!(r.body["title"], "One or more validation errors occurred.");
    // An empty header counts as missing.
    let r = common::send(reqwest::Client::new().get(format!("{}/api/Blocks/blockchain-info", sandbox().base_url)).header("nodeUrlOrApiAccessKey", "")).await;
    r.assert_error(400, "missing_credential");
}

#[tokio::test]
async fn rejected_and_expired_keys() {
    let r = Api::with_credential("not.a.key").get("/api/Blocks/blockchain-info", &[], &[]).await;
    r.assert_error(401, "invalid_credential");
    assert!(r.body["errors"]["nodeUrlOrApiAccessKey"].is_array());
    let expired = Api::new().sandbox_post("/sandbox/keys", json!({ "ttlSeconds": -60 })).await;
    let r = Api::with_credential(expired["apiKey"].as_str().unwrap()).get("/api/Blocks/blockchain-info", &[], &[]).await;
    r.assert_error(401, "expired_credential");
    // compat real: rejected key → 404 with an empty body.
    let expired_real = Api::new().sandbox_post("/sandbox/keys", json!({ "ttlSeconds": -60, "compat": "real" })).await;
    assert_eq!(expired_real["compat"], "real");
    let r = Api::with_credential(expired_real["apiKey"].as_str().unwrap()).get("/api/Blocks/blockchain-info", &[], &[]).await;
    assert_eq!(r.status, 404);
    assert_eq!(r.text, "");
}

#[tokio::test]
async fn node_url_credentials_must_be_loopback_and_correct() {
    let r = Api::with_credential("http://user:pass@10.1.2.3:19443").get("/api/Blocks/blockchain-info", &[], &[]).await;
    r.assert_error(401, "invalid_credential");
    let node = sandbox().node_url.clone();
    let wrong = node.replacen("://", "://x", 1);
    let r = Api::with_credential(&wrong).get("/api/Blocks/blockchain-info", &[], &[]).await;
    r.assert_error(401, "invalid_credential");
}

#[tokio::test]
async fn unknown_operation_is_not_found_and_bad_body_is_validation() {
    let api = Api::new();
    api.get("/api/Nope/nothing", &[], &[]).await.assert_error(404, "not_found");
    let r = common::send(
        reqwest::Client::new()
            .post(format!("{}/api/Wallet/create", api.base_url))
            .header("nodeUrlOrApiAccessKey", &api.credential)
            .header("content-type", "application/json")
            .body("{not json"),
    )
    .await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "body");
}

#[tokio::test]
async fn every_operation_of_operations_json_is_served() {
    let spec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../core/tests/data/operations.json")).unwrap()).unwrap();
    let api = Api::with_credential("");
    let ops = spec["operations"].as_array().unwrap();
    assert_eq!(ops.len(), 43);
    for op in ops {
        let path = op["path"].as_str().unwrap();
        let method = op["method"].as_str().unwrap();
        // Without a credential, a served operation answers missing_credential; an unknown one not_found.
        let r = match method {
            "GET" => api.get(path, &[], &[]).await,
            _ => api.post(path, &[], json!({})).await,
        };
        assert_eq!(r.body["error"]["code"], "missing_credential", "{method} {path} is not served: {}", r.text);
    }
}
