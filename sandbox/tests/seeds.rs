//! Wallet creation and the recovery-phrase operations: W1, W3, W4, W5, W6, W16, W17, W18, A9, A10,
//! and their end-to-end stories, against the real regtest node.

mod common;

use common::{sandbox, unique, Api, CHAIN};
use serde_json::{json, Value};

const ABANDON: &str = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

/// Direct JSON-RPC to the sandbox's node (set-up and cross-checks only).
async fn node_rpc(wallet: Option<&str>, method: &str, params: Value) -> Result<Value, Value> {
    let url = url::Url::parse(&sandbox().node_url).unwrap();
    let base = format!("http://{}:{}", url.host_str().unwrap(), url.port().unwrap());
    let path = wallet.map(|w| format!("/wallet/{w}")).unwrap_or_default();
    let user = percent_encoding::percent_decode_str(url.username()).decode_utf8_lossy().into_owned();
    let pass = percent_encoding::percent_decode_str(url.password().unwrap_or("")).decode_utf8_lossy().into_owned();
    let body = json!({ "jsonrpc": "1.0", "id": "t", "method": method, "params": params });
    let r: Value = reqwest::Client::new().post(format!("{base}{path}")).basic_auth(user, Some(pass)).json(&body).send().await.unwrap().json().await.unwrap();
    if r["error"].is_null() {
        Ok(r["result"].clone())
    } else {
        Err(r["error"].clone())
    }
}

async fn rpc(wallet: Option<&str>, method: &str, params: Value) -> Value {
    node_rpc(wallet, method, params).await.unwrap_or_else(|e| panic!("{method}: {e}"))
}

fn is_hex40(v: &Value) -> bool {
    v.as_str().is_some_and(|s| s.len() == 40 && s.bytes().all(|b| b.is_ascii_hexdigit()))
}

// ---------------------------------------------------------------- W1 create

#[tokio::test]
async fn w1_create_plain_wallet() {
    let api = Api::new();
    let name = unique("seeds_w1");
    let r = api.post("/api/Wallet/create", &[], json!({ "walletName": name })).await;
    let d = r.data();
    assert_eq!(d["walletName"], name);
    assert_eq!(d["encrypted"], false);
    assert_eq!(d["importable"], false);
    assert!(is_hex40(&d["hdSeedId"]), "{d}");
    assert!(d["officialAddress"].as_str().unwrap().starts_with("rltc1q"));
    assert!(d["warning"].is_null(), "{d}");
    // Core agrees: the official address is the wallet's first key, labelled "official".
    let info = rpc(Some(&name), "getaddressinfo", json!([d["officialAddress"]])).await;
    assert_eq!(info["ismine"], true);
    assert_eq!(info["hdkeypath"], "m/0'/0'/0'");
    assert_eq!(info["labels"], json!(["official"]));
    let wi = rpc(Some(&name), "getwalletinfo", json!([])).await;
    assert_eq!(wi["hdseedid"], d["hdSeedId"]);
    assert!(wi.get("unlocked_until").is_none());
}

#[tokio::test]
async fn w1_taken_name_is_wallet_exists_in_both_modes() {
    let name = unique("seeds_dup");
    Api::new().post("/api/Wallet/create", &[], json!({ "walletName": name })).await.data();
    let r = Api::new().post("/api/Wallet/create", &[], json!({ "walletName": name })).await;
    r.assert_error(409, "wallet_exists");
    assert!(r.body["message"].as_str().unwrap().contains(&name));
    // The other creation operations refuse it too.
    for path in ["/api/Wallet/create-encrypted-wallet", "/api/Wallet/create-importable-wallet", "/api/Wallet/create-importable-encrypted-wallet"] {
        if path != "/api/Wallet/create-encrypted-wallet" && !served(path).await {
            continue;
        }
        Api::new().post(path, &[], json!({ "walletName": name })).await.assert_error(409, "wallet_exists");
    }
    // compat real: HTTP 200, successful:false, no error object.
    Api::real().post("/api/Wallet/create", &[], json!({ "walletName": name })).await.assert_real_failure();
}

/// Whether an operation is registered (lets early tests run before later operations exist).
async fn served(path: &str) -> bool {
    let r = Api::with_credential("").post(path, &[], json!({})).await;
    r.body["error"]["code"] == "missing_credential"
}

#[tokio::test]
async fn w1_w3_bad_names_are_refused_naming_the_field() {
    let api = Api::new();
    for bad in [json!("../evil"), json!("a/b"), json!("with space"), json!(""), json!("x".repeat(65)), json!(7)] {
        for path in ["/api/Wallet/create", "/api/Wallet/create-encrypted-wallet"] {
            let r = api.post(path, &[], json!({ "walletName": bad })).await;
            r.assert_error(400, "validation_failed");
            assert_eq!(r.field(), "walletName", "{path} {bad}: {}", r.text);
        }
    }
    let r = api.post("/api/Wallet/create", &[], json!({})).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "walletName");
    // Nothing was created outside the wallets directory.
    let wallets = rpc(None, "listwalletdir", json!([])).await;
    assert!(!wallets.to_string().contains("evil"), "{wallets}");
    Api::real().post("/api/Wallet/create", &[], json!({ "walletName": "../evil" })).await.assert_error(400, "validation_failed");
}

// ---------------------------------------------------------------- W3 create-encrypted-wallet

#[tokio::test]
async fn w3_create_encrypted_wallet() {
    let api = Api::new();
    let name = unique("seeds_w3");
    let r = api.post("/api/Wallet/create-encrypted-wallet", &[], json!({ "walletName": name })).await;
    let d = r.data().clone();
    assert_eq!(d["walletName"], name);
    assert_eq!(d["encrypted"], true);
    assert_eq!(d["importable"], false);
    let pp = d["encryptedPassphrase"].as_str().unwrap();
    assert_eq!(pp.len(), 43);
    assert!(pp.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
    assert!(is_hex40(&d["hdSeedId"]));
    assert!(d["officialAddress"].as_str().unwrap().starts_with("rltc1q"));
    // Encrypted, locked again, and the passphrase works.
    let wi = rpc(Some(&name), "getwalletinfo", json!([])).await;
    assert_eq!(wi["unlocked_until"], 0);
    assert_eq!(wi["hdseedid"], d["hdSeedId"]);
    let wrong = node_rpc(Some(&name), "walletpassphrase", json!(["not-it", 1])).await.unwrap_err();
    assert_eq!(wrong["code"], -14);
    rpc(Some(&name), "walletpassphrase", json!([pp, 1])).await;
    rpc(Some(&name), "walletlock", json!([])).await;
    // Each wallet gets its own passphrase.
    let other = api.post("/api/Wallet/create-encrypted-wallet", &[], json!({ "walletName": unique("seeds_w3b") })).await;
    assert_ne!(other.data()["encryptedPassphrase"], d["encryptedPassphrase"]);
    // Taken name.
    api.post("/api/Wallet/create-encrypted-wallet", &[], json!({ "walletName": name })).await.assert_error(409, "wallet_exists");
    Api::real().post("/api/Wallet/create-encrypted-wallet", &[], json!({ "walletName": name })).await.assert_real_failure();
}
