//! Wallet and chain operations end to end (W2, W7–W15, L1–L2, B1–B4, U1–U2).

mod common;

use common::{sandbox, Api};
use serde_json::{json, Value};

/// A JSON-RPC call straight to the sandbox's node (for set-up and for checking Core's own view).
async fn node_rpc(wallet: Option<&str>, method: &str, params: Value) -> Value {
    let url = &sandbox().node_url;
    let rest = url.strip_prefix("http://").unwrap();
    let (userinfo, host) = rest.split_once('@').unwrap();
    let (user, pass) = userinfo.split_once(':').unwrap();
    let path = wallet.map(|w| format!("/wallet/{w}")).unwrap_or_default();
    let r: Value = reqwest::Client::new()
        .post(format!("http://{host}{path}"))
        .basic_auth(user, Some(pass))
        .json(&json!({ "jsonrpc": "1.0", "id": "t", "method": method, "params": params }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(r["error"].is_null(), "{method}: {r}");
    r["result"].clone()
}

/// A plain wallet made as W1 does; returns (name, official address).
async fn plain_wallet(prefix: &str) -> (String, String) {
    let name = common::unique(prefix);
    node_rpc(None, "createwallet", json!([name, false, false, "", false, false, true])).await;
    let address = node_rpc(Some(&name), "getnewaddress", json!(["official", "bech32"])).await;
    (name, address.as_str().unwrap().to_string())
}

#[tokio::test]
async fn blockchain_info_reports_the_regtest_chain() {
    let d = Api::new().get("/api/Blocks/blockchain-info", &[], &[]).await.data().clone();
    assert_eq!(d["chain"], "regtest");
    assert!(d["blocks"].as_u64().unwrap() >= 532);
    assert_eq!(d["bestBlockHash"].as_str().unwrap().len(), 64);
    assert_eq!(d["softforks"]["mweb"]["active"], true);
    assert_eq!(d["softforks"]["mweb"]["height"], 432);
    assert_eq!(d["initialBlockDownload"], false);
}

#[tokio::test]
async fn details_balance_and_official_address_of_a_new_wallet() {
    let (wallet, official) = plain_wallet("wc_new").await;
    let api = Api::new();
    // W7: the credential travels in the query.
    let r = common::send(
        reqwest::Client::new()
            .get(format!("{}/api/Wallet/details", api.base_url))
            .query(&[("nodeUrlOrApiAccessKey", api.credential.as_str()), ("walletName", wallet.as_str())]),
    )
    .await;
    let d = r.data();
    assert_eq!(d["walletName"], wallet.as_str());
    assert_eq!(d["encrypted"], false);
    assert!(d["unlockedUntil"].is_null());
    assert_eq!(d["format"], "bdb");
    assert_eq!(d["balance"].to_string(), "0.00000000");
    assert_eq!(d["officialAddress"], official.as_str());
    assert_eq!(d["hdSeedId"].as_str().unwrap().len(), 40);

    let d = api.get("/api/Wallet/balance", &[("walletName", &wallet)], &[]).await.data().clone();
    assert_eq!(d["confirmed"].to_string(), "0.00000000");
    assert_eq!(d["total"].to_string(), "0.00000000");

    let d = api.get("/api/Wallet/official-address", &[("walletName", &wallet)], &[]).await.data().clone();
    assert_eq!(d["address"], official.as_str());
    assert_eq!(d["addressType"], "bech32");
    assert_eq!(d["hdKeyPath"], "m/0'/0'/0'");
}

#[tokio::test]
async fn wallet_errors_in_both_compat_modes() {
    let api = Api::new();
    let real = Api::real();
    for path in ["/api/Wallet/balance", "/api/Wallet/official-address"] {
        api.get(path, &[("walletName", "wc_missing_nope")], &[]).await.assert_error(404, "wallet_not_found");
        real.get(path, &[("walletName", "wc_missing_nope")], &[]).await.assert_real_failure();
        let r = api.get(path, &[("walletName", "../evil")], &[]).await;
        r.assert_error(400, "validation_failed");
        assert_eq!(r.field(), "walletName");
        let r = api.get(path, &[], &[]).await;
        r.assert_error(400, "validation_failed");
        assert_eq!(r.field(), "walletName");
    }
    // A wallet nothing labelled `official`.
    let name = common::unique("wc_nolabel");
    node_rpc(None, "createwallet", json!([name, false, false, "", false, false, true])).await;
    api.get("/api/Wallet/official-address", &[("walletName", &name)], &[]).await.assert_error(404, "not_found");
    real.get("/api/Wallet/official-address", &[("walletName", &name)], &[]).await.assert_real_failure();
}
