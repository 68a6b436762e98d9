//! Wallet and chain operations end to end (W2, W7–W15, L1–L2, B1–B4, U1–U2).

mod common;

use common::Api;
use serde_json::{json, Value};


/// Whether Core reports the wallet locked (`unlocked_until == 0`).
async fn assert_locked(wallet: &str) {
    let info = common::node_rpc(Some(wallet), "getwalletinfo", json!([])).await;
    assert_eq!(info["unlocked_until"], 0, "wallet {wallet} was left unlocked: {info}");
}

/// A new legacy (P2PKH) address of a wallet (keypool; works while locked).
async fn legacy_address(wallet: &str) -> String {
    common::node_rpc(Some(wallet), "getnewaddress", json!(["", "legacy"])).await.as_str().unwrap().to_string()
}

/// An encrypted wallet from W3; returns (name, passphrase, official address).
async fn encrypted_wallet(prefix: &str) -> (String, String, String) {
    let name = common::unique(prefix);
    let d = Api::new().post("/api/Wallet/create-encrypted-wallet", &[], json!({ "walletName": name })).await.data().clone();
    assert_eq!(d["encrypted"], true);
    (name, d["encryptedPassphrase"].as_str().unwrap().to_string(), d["officialAddress"].as_str().unwrap().to_string())
}

/// A plain wallet from W1; returns (name, official address).
async fn plain_wallet(prefix: &str) -> (String, String) {
    let name = common::unique(prefix);
    let d = Api::new().post("/api/Wallet/create", &[], json!({ "walletName": name })).await.data().clone();
    assert_eq!(d["encrypted"], false);
    (name, d["officialAddress"].as_str().unwrap().to_string())
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

    // W7 reports what Core cannot tell: importable (W4), and the lock state of W3's wallet.
    let imp = common::unique("wc_imp");
    let created = api.post("/api/Wallet/create-importable-wallet", &[], json!({ "walletName": imp })).await.data().clone();
    let d = api.get("/api/Wallet/details", &[], &[("nodeUrlOrApiAccessKey", &api.credential), ("walletName", &imp)]).await.data().clone();
    assert_eq!(d["importable"], true);
    assert_eq!(d["hdSeedId"], created["hdSeedId"]);
    assert_eq!(d["officialAddress"], created["officialAddress"]);
    let (enc, _, enc_official) = encrypted_wallet("wc_det").await;
    let d = api.get("/api/Wallet/details", &[], &[("nodeUrlOrApiAccessKey", &api.credential), ("walletName", &enc)]).await.data().clone();
    assert_eq!(d["encrypted"], true);
    assert_eq!(d["unlockedUntil"], 0);
    assert_eq!(d["importable"], false);
    assert_eq!(d["officialAddress"], enc_official.as_str());
    // W7 errors: the wallet comes from the query.
    let r = api.get("/api/Wallet/details", &[], &[("nodeUrlOrApiAccessKey", &api.credential), ("walletName", "wc_missing_nope")]).await;
    r.assert_error(404, "wallet_not_found");
    let real = Api::real();
    real.get("/api/Wallet/details", &[], &[("nodeUrlOrApiAccessKey", &real.credential), ("walletName", "wc_missing_nope")]).await.assert_real_failure();
    let r = api.get("/api/Wallet/details", &[], &[("nodeUrlOrApiAccessKey", &api.credential)]).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "walletName");
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
    common::node_rpc(None, "createwallet", json!([name, false, false, "", false, false, true])).await;
    api.get("/api/Wallet/official-address", &[("walletName", &name)], &[]).await.assert_error(404, "not_found");
    real.get("/api/Wallet/official-address", &[("walletName", &name)], &[]).await.assert_real_failure();
}

/// W8/W13/W14/W15 and friends, and a wallet's own view of a payment.
fn amount(v: &Value) -> String {
    common::amount_text(v)
}

#[tokio::test]
async fn encrypt_wallet_then_sign_with_the_chosen_passphrase() {
    let api = Api::new();
    let (wallet, _) = plain_wallet("wc_encme").await;
    let signer = legacy_address(&wallet).await;
    // Unencrypted: passphrase ignored (SDKs send "").
    let r = api.post("/api/Wallet/sign-wallet-message", &[("walletName", &wallet)], json!({ "message": "m", "passphrase": "", "address": signer })).await;
    let plain_signature = r.data()["signature"].as_str().unwrap().to_string();
    // W2, then W7 shows it encrypted and locked.
    for bad in ["", " lead", "trail ", "tab\there", "é"] {
        let r = api.post("/api/Wallet/encrypt-wallet", &[("walletName", &wallet)], json!({ "passphrase": bad })).await;
        r.assert_error(400, "validation_failed");
        assert_eq!(r.field(), "passphrase", "{bad:?}");
    }
    let d = api.post("/api/Wallet/encrypt-wallet", &[("walletName", &wallet)], json!({ "passphrase": "correct horse" })).await.data().clone();
    assert_eq!(d["walletName"], wallet.as_str());
    assert_eq!(d["encrypted"], true);
    assert_eq!(d["hdSeedId"].as_str().unwrap().len(), 40);
    assert!(d["hdSeedChanged"].is_boolean());
    assert_locked(&wallet).await;
    let r = api.post("/api/Wallet/encrypt-wallet", &[("walletName", &wallet)], json!({ "passphrase": "again" })).await;
    r.assert_error(409, "conflict");
    Api::real().post("/api/Wallet/encrypt-wallet", &[("walletName", &wallet)], json!({ "passphrase": "again" })).await.assert_real_failure();
    let d = api.get("/api/Wallet/details", &[], &[("nodeUrlOrApiAccessKey", &api.credential), ("walletName", &wallet)]).await.data().clone();
    assert_eq!(d["encrypted"], true);
    assert_eq!(d["unlockedUntil"], 0);
    // Same key → the same deterministic signature, now behind the passphrase.
    let r = api.post("/api/Wallet/sign-wallet-message", &[("walletName", &wallet)], json!({ "message": "m", "passphrase": "correct horse", "address": signer })).await;
    assert_eq!(r.data()["signature"], plain_signature.as_str());
    assert_locked(&wallet).await;
}

#[tokio::test]
async fn encrypted_wallet_passphrase_story() {
    let api = Api::new();
    let real = Api::real();
    let (wallet, passphrase, _) = encrypted_wallet("wc_enc").await;
    let signer = legacy_address(&wallet).await;
    let sign = |pp: Option<&str>| {
        let mut body = json!({ "message": "hello litecoin", "address": signer });
        if let Some(pp) = pp {
            body["passphrase"] = json!(pp);
        }
        body
    };
    let headers = [("walletName", wallet.as_str())];

    // W13: wrong passphrase refused, missing passphrase → wallet_locked, right one signs.
    let r = api.post("/api/Wallet/sign-wallet-message", &headers, sign(Some("wrong"))).await;
    r.assert_error(403, "bad_passphrase");
    assert_eq!(r.field(), "passphrase");
    real.post("/api/Wallet/sign-wallet-message", &headers, sign(Some("wrong"))).await.assert_real_failure();
    assert_locked(&wallet).await;
    let r = api.post("/api/Wallet/sign-wallet-message", &headers, sign(None)).await;
    r.assert_error(403, "wallet_locked");
    assert_eq!(r.field(), "passphrase");
    let d = api.post("/api/Wallet/sign-wallet-message", &headers, sign(Some(&passphrase))).await.data().clone();
    assert_eq!(d["address"], signer.as_str());
    assert_eq!(d["message"], "hello litecoin");
    let signature = d["signature"].as_str().unwrap().to_string();
    assert_eq!(signature.len(), 88);
    assert_eq!(common::node_rpc(None, "verifymessage", json!([signer, signature, "hello litecoin"])).await, true);
    assert_locked(&wallet).await;

    // W11: wrong old passphrase refused; then a real change.
    let change = |old: &str, new: &str| json!({ "wallet": wallet, "old_passphrase": old, "new_passphrase": new });
    let r = api.post("/api/Wallet/change-passphrase", &[], change("wrong", "new-pp-1")).await;
    r.assert_error(403, "bad_passphrase");
    assert_eq!(r.field(), "old_passphrase");
    real.post("/api/Wallet/change-passphrase", &[], change("wrong", "new-pp-1")).await.assert_real_failure();
    let r = api.post("/api/Wallet/change-passphrase", &[], change(&passphrase, "bad\nnew")).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "new_passphrase");
    let d = api.post("/api/Wallet/change-passphrase", &[], change(&passphrase, "new-pp-1")).await.data().clone();
    assert_eq!(d, json!({ "walletName": wallet, "changed": true }));
    assert_locked(&wallet).await;

    // The old passphrase stops working at once; the new one works.
    let r = api.post("/api/Wallet/sign-wallet-message", &headers, sign(Some(&passphrase))).await;
    r.assert_error(403, "bad_passphrase");
    assert_locked(&wallet).await;
    let d = api.post("/api/Wallet/sign-wallet-message", &headers, sign(Some("new-pp-1"))).await.data().clone();
    assert_eq!(d["signature"], signature.as_str(), "same key, same message, same signature");
    assert_locked(&wallet).await;
    let r = api.post("/api/Wallet/change-passphrase", &[], change(&passphrase, "new-pp-2")).await;
    r.assert_error(403, "bad_passphrase");
    assert_locked(&wallet).await;
}

#[tokio::test]
async fn sign_and_passphrase_refusals() {
    let api = Api::new();
    let real = Api::real();
    let (wallet, official) = plain_wallet("wc_refuse").await;
    let headers = [("walletName", wallet.as_str())];
    // bech32 cannot sign messages.
    let body = json!({ "message": "m", "passphrase": "", "address": official });
    api.post("/api/Wallet/sign-wallet-message", &headers, body.clone()).await.assert_error(422, "unsupported_address_type");
    real.post("/api/Wallet/sign-wallet-message", &headers, body).await.assert_real_failure();
    // A legacy address of another wallet: the key is not known here.
    let (other, _) = plain_wallet("wc_other").await;
    let foreign = legacy_address(&other).await;
    let r = api.post("/api/Wallet/sign-wallet-message", &headers, json!({ "message": "m", "address": foreign })).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "address");
    let r = api.post("/api/Wallet/sign-wallet-message", &headers, json!({ "message": "m", "address": "nonsense" })).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "address");
    let r = api.post("/api/Wallet/sign-wallet-message", &headers, json!({ "address": foreign })).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "message");
    // W11 on an unencrypted wallet → conflict; unknown wallet → wallet_not_found.
    let body = json!({ "wallet": wallet, "old_passphrase": "a", "new_passphrase": "b" });
    api.post("/api/Wallet/change-passphrase", &[], body.clone()).await.assert_error(409, "conflict");
    real.post("/api/Wallet/change-passphrase", &[], body).await.assert_real_failure();
    let body = json!({ "wallet": "wc_missing_nope", "old_passphrase": "a", "new_passphrase": "b" });
    api.post("/api/Wallet/change-passphrase", &[], body.clone()).await.assert_error(404, "wallet_not_found");
    real.post("/api/Wallet/change-passphrase", &[], body).await.assert_real_failure();
    let r = api.post("/api/Wallet/change-passphrase", &[], json!({ "old_passphrase": "a", "new_passphrase": "b" })).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "wallet");
}

#[tokio::test]
async fn otp_issued_verified_and_expired_by_blocks() {
    let _chain = common::CHAIN.write().await;
    let api = Api::new();
    let (wallet, _) = plain_wallet("wc_otp").await;
    let signer = legacy_address(&wallet).await;
    let d = api.post("/api/Wallet/sign-wallet-message", &[("walletName", &wallet)], json!({ "message": "otp please", "passphrase": "", "address": signer })).await.data().clone();
    let signature = d["signature"].as_str().unwrap().to_string();

    let info = api.get("/api/Blocks/blockchain-info", &[], &[]).await.data().clone();
    let d = api.get("/api/Utilities/get-blockchain-otp", &[("signature", &signature)], &[]).await.data().clone();
    let code = d["code"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 6);
    assert!(code.bytes().all(|b| b.is_ascii_digit()));
    assert_eq!(d["blockHash"], info["bestBlockHash"]);
    assert_eq!(d["blockHeight"], info["blocks"]);
    assert_eq!(d["validForBlocks"], 3);
    let issued = d["issuedAt"].as_u64().unwrap();
    let expires = d["expiresAt"].as_u64().unwrap();
    assert_eq!(expires, (issued / 300 + 2) * 300);

    let verify = |sig: &str, code: &str| json!({ "signtaure": sig, "code": code });
    let valid = json!({ "valid": true });
    let refused = json!({ "valid": false, "reason": "mismatch_or_expired" });
    assert_eq!(*api.post("/api/Utilities/verify-otp", &[], verify(&signature, &code)).await.data(), valid);
    // The correct spelling `signature` is accepted too.
    assert_eq!(*api.post("/api/Utilities/verify-otp", &[], json!({ "signature": signature, "code": code })).await.data(), valid);
    // Another code, or another signature: refused (HTTP 200).
    let other_code = format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000);
    assert_eq!(*api.post("/api/Utilities/verify-otp", &[], verify(&signature, &other_code)).await.data(), refused);
    let flipped = if &signature[10..11] == "A" { "B" } else { "A" };
    let other_sig = format!("{}{flipped}{}", &signature[..10], &signature[11..]);
    assert_eq!(*api.post("/api/Utilities/verify-otp", &[], verify(&other_sig, &code)).await.data(), refused);

    // Two more blocks: still one of the last three; the third ends it.
    api.mine(2).await;
    assert_eq!(*api.post("/api/Utilities/verify-otp", &[], verify(&signature, &code)).await.data(), valid);
    api.mine(1).await;
    assert_eq!(*api.post("/api/Utilities/verify-otp", &[], verify(&signature, &code)).await.data(), refused);
    // A fresh code for the new tip works again.
    let d = api.get("/api/Utilities/get-blockchain-otp", &[("signature", &signature)], &[]).await.data().clone();
    assert_eq!(*api.post("/api/Utilities/verify-otp", &[], verify(&signature, d["code"].as_str().unwrap())).await.data(), valid);
}

#[tokio::test]
async fn otp_validation() {
    let api = Api::new();
    for bad in ["not base64!", "aGVsbG8=" /* 5 bytes */] {
        let r = api.get("/api/Utilities/get-blockchain-otp", &[("signature", bad)], &[]).await;
        r.assert_error(400, "validation_failed");
        assert_eq!(r.field(), "signature");
    }
    let r = api.get("/api/Utilities/get-blockchain-otp", &[], &[]).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "signature");
    let sig = "IM3gNC/SO9K5KAAu0Sm/5AKQErPokqfSPqBUzyv2yjXKXqGb9Bj8QWq8RyPaV0CcouY8qHO7vDTVefYc14Ok1CM=";
    for (body, field) in [
        (json!({ "signtaure": sig, "code": "12345" }), "code"),
        (json!({ "signtaure": sig, "code": "12345a" }), "code"),
        (json!({ "signtaure": sig }), "code"),
        (json!({ "signtaure": "***", "code": "123456" }), "signtaure"),
        (json!({ "code": "123456" }), "signtaure"),
    ] {
        let r = api.post("/api/Utilities/verify-otp", &[], body.clone()).await;
        r.assert_error(400, "validation_failed");
        assert_eq!(r.field(), field, "{body}");
    }
}

#[tokio::test]
async fn funded_address_unconfirmed_then_confirmed_and_chain_views_agree() {
    let _chain = common::CHAIN.write().await;
    let api = Api::new();
    let real = Api::real();
    let (wallet, official) = plain_wallet("wc_fund").await;
    let headers = [("walletName", wallet.as_str())];
    let txid = api.fund(&official, "1.25", false).await;

    // Unconfirmed: W9 and W14.
    let d = api.get("/api/Wallet/balance", &headers, &[]).await.data().clone();
    assert_eq!(amount(&d["confirmed"]), "0.00000000");
    assert_eq!(amount(&d["unconfirmed"]), "1.25000000");
    assert_eq!(amount(&d["total"]), "1.25000000");
    let d = api.get("/api/Wallet/wallet-address-balance", &headers, &[("address", &official)]).await.data().clone();
    assert_eq!(d["address"], official.as_str());
    assert_eq!(amount(&d["confirmed"]), "0.00000000");
    assert_eq!(amount(&d["unconfirmed"]), "1.25000000");
    assert_eq!(amount(&d["totalReceived"]), "1.25000000");
    // L1 in the mempool.
    let d = api.get("/api/Litecoin/transaction-details", &[], &[("txid", &txid)]).await.data().clone();
    assert_eq!(d["confirmations"], 0);
    assert!(d["blockHash"].is_null() && d["blockHeight"].is_null());
    assert_eq!(d["time"], Value::Null);
    let out = d["outputs"].as_array().unwrap().iter().find(|o| o["address"] == official.as_str()).expect("output to the address").clone();
    let n = out["n"].as_u64().unwrap().to_string();
    let utxo = api.get("/api/Litecoin/get-utxo-details", &[], &[("txid", &txid), ("vout_n", &n)]).await.data().clone();
    assert_eq!(utxo["inMempool"], true);
    assert_eq!(utxo["confirmations"], 0);
    assert_eq!(utxo["value"], out["value"]);

    // Mined: confirmed.
    let mined = api.mine(1).await;
    let height = mined["height"].as_u64().unwrap();
    let d = api.get("/api/Wallet/balance", &headers, &[]).await.data().clone();
    assert_eq!(amount(&d["confirmed"]), "1.25000000");
    assert_eq!(amount(&d["unconfirmed"]), "0.00000000");
    let d = api.get("/api/Wallet/wallet-address-balance", &headers, &[("address", &official)]).await.data().clone();
    assert_eq!(amount(&d["confirmed"]), "1.25000000");
    assert_eq!(amount(&d["unconfirmed"]), "0.00000000");

    // L1 and L2 agree on the paying output.
    let tx = api.get("/api/Litecoin/transaction-details", &[], &[("txid", &txid)]).await.data().clone();
    assert_eq!(tx["txid"], txid.as_str());
    assert_eq!(tx["confirmations"], 1);
    assert_eq!(tx["blockHeight"], height);
    assert_eq!(tx["blockHash"], mined["hashes"][0]);
    let out = tx["outputs"].as_array().unwrap().iter().find(|o| o["address"] == official.as_str()).expect("output to the address").clone();
    assert_eq!(amount(&out["value"]), "1.25000000");
    assert_eq!(out["type"], "witness_v0_keyhash");
    let fee = common::amount_text(&tx["fee"]);
    assert!(fee.starts_with("0.0000") && fee != "0.00000000", "fee {fee}");
    let inputs = tx["inputs"].as_array().unwrap();
    assert!(!inputs.is_empty());
    assert!(inputs.iter().all(|i| i["address"].is_string() && i["value"].is_number() && i["isMweb"] == false));
    let n = out["n"].as_u64().unwrap().to_string();
    let utxo = api.get("/api/Litecoin/get-utxo-details", &[], &[("txid", &txid), ("vout_n", &n)]).await.data().clone();
    assert_eq!(utxo["value"], out["value"]);
    assert_eq!(utxo["address"], out["address"]);
    assert_eq!(utxo["scriptPubKeyHex"], out["scriptPubKeyHex"]);
    assert_eq!(utxo["confirmations"], 1);
    assert_eq!(utxo["inMempool"], false);
    assert_eq!(utxo["coinbase"], false);
    assert_eq!(utxo["type"], "witness_v0_keyhash");

    // W8, W10, W15 see the receipt.
    let d = api.get("/api/Wallet/transactions", &headers, &[]).await.data().clone();
    let item = &d["items"][0];
    assert_eq!(item["txid"], txid.as_str());
    assert_eq!(item["category"], "receive");
    assert_eq!(amount(&item["amount"]), "1.25000000");
    assert!(item["fee"].is_null());
    assert_eq!(item["blockHeight"], height);
    assert_eq!(item["confirmations"], 1);
    assert_eq!(item["trusted"], true);
    assert_eq!(item["address"], official.as_str());
    assert!(item["vout"].is_u64());
    assert!(item["mwebOutputId"].is_null());
    let d = api.get("/api/Wallet/addresses", &headers, &[]).await.data().clone();
    let entry = d["addresses"].as_array().unwrap().iter().find(|a| a["address"] == official.as_str()).unwrap().clone();
    assert_eq!(entry["label"], "official");
    assert_eq!(entry["addressType"], "bech32");
    assert_eq!(amount(&entry["totalReceived"]), "1.25000000");
    assert_eq!(entry["txCount"], 1);
    assert_eq!(entry["confirmations"], 1);
    let d = api.get("/api/Wallet/wallet-address-transactions", &[], &[("walletName", &wallet), ("address", &official)]).await.data().clone();
    assert_eq!(d["items"].as_array().unwrap().len(), 1);
    assert_eq!(d["items"][0]["txid"], txid.as_str());

    // Errors: W14/W15 with a foreign or invalid address; L1/L2 unknown; L2 spent.
    let foreign = legacy_address(&plain_wallet("wc_fund_other").await.0).await;
    api.get("/api/Wallet/wallet-address-balance", &headers, &[("address", &foreign)]).await.assert_error(404, "not_found");
    real.get("/api/Wallet/wallet-address-balance", &headers, &[("address", &foreign)]).await.assert_real_failure();
    let q = [("walletName", wallet.as_str()), ("address", foreign.as_str())];
    api.get("/api/Wallet/wallet-address-transactions", &[], &q).await.assert_error(404, "not_found");
    real.get("/api/Wallet/wallet-address-transactions", &[], &q).await.assert_real_failure();
    let r = api.get("/api/Wallet/wallet-address-balance", &headers, &[("address", "nonsense")]).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "address");
    let unknown = "ab".repeat(32);
    api.get("/api/Litecoin/transaction-details", &[], &[("txid", &unknown)]).await.assert_error(404, "not_found");
    real.get("/api/Litecoin/transaction-details", &[], &[("txid", &unknown)]).await.assert_real_failure();
    api.get("/api/Litecoin/get-utxo-details", &[], &[("txid", &unknown), ("vout_n", "0")]).await.assert_error(404, "not_found");
    real.get("/api/Litecoin/get-utxo-details", &[], &[("txid", &unknown), ("vout_n", "0")]).await.assert_real_failure();
    // The funding transaction's inputs are spent.
    let spent = inputs[0].clone();
    let q = [("txid", spent["txid"].as_str().unwrap().to_string()), ("vout_n", spent["vout"].to_string())];
    let q: Vec<(&str, &str)> = q.iter().map(|(k, v)| (*k, v.as_str())).collect();
    api.get("/api/Litecoin/get-utxo-details", &[], &q).await.assert_error(404, "not_found");
    for (q, field) in [
        (vec![("txid", "xyz")], "txid"),
        (vec![], "txid"),
        (vec![("txid", unknown.as_str())], "vout_n"),
        (vec![("txid", unknown.as_str()), ("vout_n", "-1")], "vout_n"),
        (vec![("txid", unknown.as_str()), ("vout_n", "x")], "vout_n"),
    ] {
        let r = api.get("/api/Litecoin/get-utxo-details", &[], &q).await;
        r.assert_error(400, "validation_failed");
        assert_eq!(r.field(), field, "{q:?}");
    }
    let r = api.get("/api/Litecoin/transaction-details", &[], &[("txid", "12")]).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "txid");
}

#[tokio::test]
async fn mweb_receive_in_wallet_views() {
    let _chain = common::CHAIN.write().await;
    let api = Api::new();
    let (wallet, _) = plain_wallet("wc_mweb").await;
    let headers = [("walletName", wallet.as_str())];
    let mweb = common::node_rpc(Some(&wallet), "getnewaddress", json!(["", "mweb"])).await.as_str().unwrap().to_string();
    let txid = api.fund(&mweb, "0.5", false).await;
    let d = api.get("/api/Wallet/wallet-address-balance", &headers, &[("address", &mweb)]).await.data().clone();
    assert_eq!(amount(&d["unconfirmed"]), "0.50000000");
    api.mine(1).await;
    // MWEB UTXOs lack vout/scriptPubKey in listunspent; getreceivedbyaddress says 0 for them.
    let d = api.get("/api/Wallet/wallet-address-balance", &headers, &[("address", &mweb)]).await.data().clone();
    assert_eq!(amount(&d["confirmed"]), "0.50000000");
    assert_eq!(amount(&d["unconfirmed"]), "0.00000000");
    assert_eq!(amount(&d["totalReceived"]), "0.50000000");
    let d = api.get("/api/Wallet/addresses", &headers, &[]).await.data().clone();
    let entry = d["addresses"].as_array().unwrap().iter().find(|a| a["address"] == mweb.as_str()).unwrap().clone();
    assert_eq!(entry["addressType"], "mweb");
    let d = api.get("/api/Wallet/wallet-address-transactions", &[], &[("walletName", &wallet), ("address", &mweb)]).await.data().clone();
    let item = &d["items"][0];
    assert_eq!(item["category"], "receive");
    assert!(item["vout"].is_null());
    assert_eq!(item["mwebOutputId"].as_str().unwrap().len(), 64);
    // The wallet-side txid of an MWEB receive is not a chain transaction.
    api.get("/api/Litecoin/transaction-details", &[], &[("txid", &txid)]).await.assert_error(404, "not_found");
    let d = api.get("/api/Wallet/details", &[], &[("nodeUrlOrApiAccessKey", &api.credential), ("walletName", &wallet)]).await.data().clone();
    assert_eq!(amount(&d["balance"]), "0.50000000");
}

#[tokio::test]
async fn coinbase_and_hogex_transactions() {
    let api = Api::new();
    // Block 432 activated MWEB: coinbase, the peg-in, and the HogEx last.
    let b = api.get("/api/Blocks/block-transaction", &[], &[("blockhash", "432")]).await.data().clone();
    let txs = b["transactions"].as_array().unwrap();
    assert_eq!(b["txCount"], txs.len());
    assert_eq!(txs[0]["isCoinbase"], true);
    assert!(txs[0]["inputs"][0]["coinbase"].is_string());
    assert!(txs[0]["inputs"][0]["txid"].is_null());
    let hogex = txs.last().unwrap();
    assert_eq!(hogex["isHogEx"], true);
    assert_eq!(hogex["outputs"][0]["type"], "witness_mweb_hogaddr");
    // L1: no fee for a coinbase or the HogEx; a normal transaction has one.
    let coinbase = api.get("/api/Litecoin/transaction-details", &[], &[("txid", txs[0]["txid"].as_str().unwrap())]).await.data().clone();
    assert!(coinbase["fee"].is_null());
    assert_eq!(coinbase["blockHeight"], 432);
    assert!(coinbase["inputs"][0]["address"].is_null());
    let h = api.get("/api/Litecoin/transaction-details", &[], &[("txid", hogex["txid"].as_str().unwrap())]).await.data().clone();
    assert!(h["fee"].is_null());
    let pegin = api.get("/api/Litecoin/transaction-details", &[], &[("txid", txs[1]["txid"].as_str().unwrap())]).await.data().clone();
    assert!(pegin["fee"].is_number(), "{pegin}");
}

#[tokio::test]
async fn blocks_by_height_and_by_hash() {
    let api = Api::new();
    let real = Api::real();
    // B2: the genesis block has no statistics; beyond the tip is not found either.
    api.get("/api/Blocks/block-stat", &[], &[("blockheight", "0")]).await.assert_error(404, "not_found");
    real.get("/api/Blocks/block-stat", &[], &[("blockheight", "0")]).await.assert_real_failure();
    api.get("/api/Blocks/block-stat", &[], &[("blockheight", "99999999")]).await.assert_error(404, "not_found");
    let unknown = "00".repeat(32);
    for path in ["/api/Blocks/block-stat", "/api/Blocks/block-header"] {
        api.get(path, &[], &[("blockheight", &unknown)]).await.assert_error(404, "not_found");
        real.get(path, &[], &[("blockheight", &unknown)]).await.assert_real_failure();
        for bad in ["-1", "abc", "1.5", ""] {
            let r = api.get(path, &[], &[("blockheight", bad)]).await;
            r.assert_error(400, "validation_failed");
            assert_eq!(r.field(), "blockheight", "{path} {bad:?}");
        }
    }
    api.get("/api/Blocks/block-header", &[], &[("blockheight", "99999999")]).await.assert_error(404, "not_found");
    api.get("/api/Blocks/block-transaction", &[], &[("blockhash", &unknown)]).await.assert_error(404, "not_found");
    real.get("/api/Blocks/block-transaction", &[], &[("blockhash", &unknown)]).await.assert_real_failure();
    let r = api.get("/api/Blocks/block-transaction", &[], &[("blockhash", "zz")]).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "blockhash");

    // B3 by height and by hash.
    let by_height = api.get("/api/Blocks/block-header", &[], &[("blockheight", "433")]).await.data().clone();
    let hash = by_height["hash"].as_str().unwrap().to_string();
    assert_eq!(by_height["height"], 433);
    assert_eq!(by_height["mwebHeader"]["height"], 433);
    assert!(by_height["mwebAmount"].is_number());
    let mut by_hash = api.get("/api/Blocks/block-header", &[], &[("blockheight", &hash.to_uppercase())]).await.data().clone();
    // confirmations may move if another test mines in between.
    by_hash["confirmations"] = by_height["confirmations"].clone();
    assert_eq!(by_hash["nextBlockHash"], by_height["nextBlockHash"]);
    assert_eq!(by_hash, by_height);
    let prev = api.get("/api/Blocks/block-header", &[], &[("blockheight", "432")]).await.data().clone();
    assert_eq!(by_height["previousBlockHash"], prev["hash"]);
    assert_eq!(prev["nextBlockHash"], hash.as_str());
    let genesis = api.get("/api/Blocks/block-header", &[], &[("blockheight", "0")]).await.data().clone();
    assert!(genesis["previousBlockHash"].is_null());
    assert!(genesis["mwebHeader"].is_null());

    // B2 by height and by hash.
    let stats = api.get("/api/Blocks/block-stat", &[], &[("blockheight", "433")]).await.data().clone();
    assert_eq!(stats["blockHash"], hash.as_str());
    assert_eq!(stats["height"], 433);
    assert_eq!(amount(&stats["subsidy"]), "12.50000000");
    assert!(stats["feeRatePercentiles"].as_array().unwrap().len() == 5);
    let stats_by_hash = api.get("/api/Blocks/block-stat", &[], &[("blockheight", &hash)]).await.data().clone();
    assert_eq!(stats_by_hash, stats);

    // B4 by hash (and by height), consistent with B3 and B2.
    let block = api.get("/api/Blocks/block-transaction", &[], &[("blockhash", &hash)]).await.data().clone();
    assert_eq!(block["blockHash"], hash.as_str());
    assert_eq!(block["height"], 433);
    assert_eq!(block["txCount"], by_height["nTx"]);
    assert_eq!(block["transactions"].as_array().unwrap().len() as u64, by_height["nTx"].as_u64().unwrap());
    assert_eq!(block["txCount"], stats["txs"]);
    assert_eq!(block["transactions"][0]["isCoinbase"], true);
    let block_by_height = api.get("/api/Blocks/block-transaction", &[], &[("blockhash", "433")]).await.data().clone();
    assert_eq!(block_by_height, block);
}

#[tokio::test]
async fn transactions_paging_newest_first() {
    let api = Api::new();
    let real = Api::real();
    let (wallet, official) = plain_wallet("wc_page").await;
    let headers = [("walletName", wallet.as_str())];
    let mut txids = Vec::new();
    for amount in ["0.1", "0.2", "0.3", "0.4"] {
        txids.push(api.fund(&official, amount, false).await);
    }
    let all = api.get("/api/Wallet/transactions", &headers, &[]).await.data().clone();
    assert_eq!(all["skip"], 0);
    assert_eq!(all["count"], 25);
    let items = all["items"].as_array().unwrap();
    let listed: Vec<&str> = items.iter().map(|i| i["txid"].as_str().unwrap()).collect();
    let newest_first: Vec<&str> = txids.iter().rev().map(String::as_str).collect();
    assert_eq!(listed, newest_first);
    assert_eq!(amount(&items[0]["amount"]), "0.40000000");
    // skip/count pick a window of the newest-first list.
    let page = api.get("/api/Wallet/transactions", &headers, &[("skip", "1"), ("count", "2")]).await.data().clone();
    assert_eq!(page["skip"], 1);
    assert_eq!(page["count"], 2);
    let page: Vec<&str> = page["items"].as_array().unwrap().iter().map(|i| i["txid"].as_str().unwrap()).collect();
    assert_eq!(page, &newest_first[1..3]);
    let last = api.get("/api/Wallet/transactions", &headers, &[("skip", "3"), ("count", "500")]).await.data().clone();
    assert_eq!(last["items"].as_array().unwrap().len(), 1);
    assert_eq!(last["items"][0]["txid"], txids[0].as_str());
    let beyond = api.get("/api/Wallet/transactions", &headers, &[("skip", "10")]).await.data().clone();
    assert_eq!(beyond["items"], json!([]));
    // Out-of-range values.
    for (k, v) in [("count", "0"), ("count", "501"), ("count", "-1"), ("skip", "-1"), ("count", "ten")] {
        let r = api.get("/api/Wallet/transactions", &headers, &[(k, v)]).await;
        r.assert_error(400, "validation_failed");
        assert_eq!(r.field(), k);
    }
    api.get("/api/Wallet/transactions", &[("walletName", "wc_missing_nope")], &[]).await.assert_error(404, "wallet_not_found");
    real.get("/api/Wallet/transactions", &[("walletName", "wc_missing_nope")], &[]).await.assert_real_failure();
}

/// In compat `real`, every failure other than a missing credential, a
/// rejected key and rate limiting is HTTP 200 `successful:false` without an `error` object —
/// validation failures included.
#[tokio::test]
async fn compat_real_validation_failures_are_http_200() {
    let real = Api::real();
    let (wallet, _) = plain_wallet("wc_realval").await;
    real.get("/api/Wallet/transactions", &[("walletName", &wallet)], &[("count", "501")]).await.assert_real_failure();
    real.get("/api/Blocks/block-stat", &[], &[("blockheight", "abc")]).await.assert_real_failure();
    real.get("/api/Utilities/get-blockchain-otp", &[("signature", "abc")], &[]).await.assert_real_failure();
    real.post("/api/Utilities/verify-otp", &[], json!({ "signtaure": "abc", "code": "1" })).await.assert_real_failure();
    real.get("/api/Litecoin/transaction-details", &[], &[("txid", "12")]).await.assert_real_failure();
}
