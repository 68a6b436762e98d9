//! End-to-end stories for the address (A1–A8, A11) and transaction (T1–T6) operations, against
//! a real regtest node. Error cases run with both keys: default mode (status + `error.code`)
//! and compat `real` (HTTP 200, `successful: false`, no error object).

mod common;

use common::{unique, Api, Resp, CHAIN};
use serde_json::{json, Value};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------


async fn rpc(method: &str, params: Value) -> Value {
    common::node_rpc(None, method, params).await
}

async fn wallet_rpc(wallet: &str, method: &str, params: Value) -> Value {
    common::node_rpc(Some(wallet), method, params).await
}

/// Litoshis of an amount as the sandbox writes it (exact 8-decimal JSON number text).
fn lit(v: &Value) -> i64 {
    let text = v.to_string();
    assert!(v.is_number(), "not an amount: {text}");
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text.as_str()),
    };
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    assert!(frac.len() <= 8, "more than 8 decimals: {text}");
    let value = int.parse::<i64>().unwrap() * 100_000_000 + format!("{frac:0<8}").parse::<i64>().unwrap();
    if negative {
        -value
    } else {
        value
    }
}

/// One request, sendable with either key.
struct Call {
    method: &'static str,
    path: &'static str,
    headers: Vec<(&'static str, String)>,
    query: Vec<(&'static str, String)>,
    body: Value,
}

impl Call {
    fn post(path: &'static str, headers: &[(&'static str, &str)], body: Value) -> Call {
        Call { method: "POST", path, headers: own(headers), query: vec![], body }
    }

    fn get(path: &'static str, headers: &[(&'static str, &str)], query: &[(&'static str, &str)]) -> Call {
        Call { method: "GET", path, headers: own(headers), query: own(query), body: Value::Null }
    }

    async fn send(&self, api: &Api) -> Resp {
        let headers: Vec<(&str, &str)> = self.headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
        match self.method {
            "GET" => {
                let query: Vec<(&str, &str)> = self.query.iter().map(|(k, v)| (*k, v.as_str())).collect();
                api.get(self.path, &headers, &query).await
            }
            _ => api.post(self.path, &headers, self.body.clone()).await,
        }
    }

    /// Asserts the failure in both compat modes; returns the default-mode response.
    async fn fails(&self, status: u16, code: &str) -> Resp {
        let r = self.send(&Api::new()).await;
        r.assert_error(status, code);
        let real = self.send(&Api::real()).await;
        real.assert_real_failure();
        assert_eq!(real.body["message"], r.body["message"], "the same message in both modes");
        r
    }

    async fn data(&self) -> Value {
        self.send(&Api::new()).await.data().clone()
    }
}

fn own(pairs: &[(&'static str, &str)]) -> Vec<(&'static str, String)> {
    pairs.iter().map(|(k, v)| (*k, v.to_string())).collect()
}

/// A new unencrypted wallet (W1 `POST /api/Wallet/create`).
async fn new_wallet(prefix: &str) -> String {
    let name = unique(prefix);
    let d = Call::post("/api/Wallet/create", &[], json!({ "walletName": name })).data().await;
    assert_eq!(d["walletName"], name.as_str());
    name
}

/// One encrypted wallet shared by tests that do not check its lock state.
async fn shared_encrypted_wallet() -> (String, String) {
    static SHARED: tokio::sync::OnceCell<(String, String)> = tokio::sync::OnceCell::const_new();
    SHARED.get_or_init(|| new_encrypted_wallet("atx_shared_enc")).await.clone()
}

/// A new encrypted wallet (W3 `create-encrypted-wallet`) and its passphrase.
async fn new_encrypted_wallet(prefix: &str) -> (String, String) {
    let name = unique(prefix);
    let d = Call::post("/api/Wallet/create-encrypted-wallet", &[], json!({ "walletName": name })).data().await;
    assert_eq!(d["encrypted"], true);
    (name, d["encryptedPassphrase"].as_str().unwrap().to_string())
}

/// One unencrypted wallet shared by the tests that need no wallet of their own (creating a
/// wallet takes the node seconds).
async fn shared_wallet() -> String {
    static SHARED: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    SHARED.get_or_init(|| new_wallet("atx_shared")).await.clone()
}

/// An address of the miner's wallet: valid, funded by nobody here, owned by no test wallet.
async fn foreign_address(kind: &str) -> String {
    wallet_rpc("miner", "getnewaddress", json!(["", kind])).await.as_str().unwrap().to_string()
}

/// A1 with an address type given as `kind` (code, name, or `Value::Null` for none).
async fn new_address(wallet: &str, kind: Value) -> String {
    let body = if kind.is_null() { json!({}) } else { json!({ "type": kind }) };
    let d = Call::post("/api/Address/create", &[("walletName", wallet)], body).data().await;
    d["address"].as_str().unwrap().to_string()
}

/// A8 on an unencrypted wallet.
async fn private_key(wallet: &str, address: &str) -> String {
    let d = Call::get("/api/Address/address-private-key", &[("wallet", wallet)], &[("address", address)]).data().await;
    assert_eq!(d["format"], "wif");
    d["privateKey"].as_str().unwrap().to_string()
}

async fn balance(address: &str) -> (i64, i64) {
    let d = Call::get("/api/Address/address-balance", &[], &[("address", address)]).data().await;
    assert_eq!(d["address"], address);
    (lit(&d["confirmed"]), lit(&d["unconfirmed"]))
}

async fn history(address: &str, take: &str, skip: &str) -> Value {
    Call::get("/api/Address/address-transaction", &[], &[("address", address), ("take", take), ("skip", skip)]).data().await
}

/// The vout of `txid` that pays `address`.
async fn vout_paying(txid: &str, address: &str) -> u64 {
    let tx = Call::get("/api/Litecoin/transaction-details", &[], &[("txid", txid)]).data().await;
    tx["outputs"].as_array().unwrap().iter().find(|o| o["address"] == address).unwrap()["n"].as_u64().unwrap()
}

/// W12 official-address.
async fn official_address(wallet: &str) -> String {
    let d = Call::get("/api/Wallet/official-address", &[("walletName", wallet)], &[]).data().await;
    d["address"].as_str().unwrap().to_string()
}

/// T5 then T6; returns the txid (checked equal in both answers).
async fn sign_and_broadcast(wallet: &str, key: &str, hex: &str) -> String {
    let signed = Call::post(
        "/api/Transactions/sign-transaction",
        &[("walletName", wallet)],
        json!({ "walletName": wallet, "addressPrivateKey": key, "txhash": hex }),
    )
    .data()
    .await;
    assert_eq!(signed["complete"], true, "{signed}");
    assert_eq!(signed["errors"], json!([]));
    let txid = signed["txid"].as_str().unwrap().to_string();
    let sent = Call::post("/api/Transactions/broadcast-transaction", &[], json!({ "signedTxHash": signed["hex"] })).data().await;
    assert_eq!(sent["txid"], txid);
    txid
}

/// L1 transaction-details and L2 get-utxo-details must agree with what T2–T4 built: same
/// outputs, the fee as computed, and the change output unspent at the sender.
async fn check_confirmed(txid: &str, built: &Value, sender: &str) {
    let tx = Call::get("/api/Litecoin/transaction-details", &[], &[("txid", txid)]).data().await;
    assert_eq!(tx["txid"], txid);
    assert!(tx["confirmations"].as_u64().unwrap() >= 1, "{tx}");
    assert!(tx["blockHeight"].is_u64());
    let outputs = tx["outputs"].as_array().unwrap();
    let built_outputs = built["outputs"].as_array().unwrap();
    assert_eq!(outputs.len(), built_outputs.len());
    for (out, want) in outputs.iter().zip(built_outputs) {
        assert_eq!(out["address"], want["address"]);
        assert_eq!(lit(&out["value"]), lit(&want["amount"]));
    }
    assert_eq!(lit(&tx["fee"]), lit(&built["fee"]), "fee on chain = fee built");
    let inputs = tx["inputs"].as_array().unwrap();
    let built_inputs = built["inputs"].as_array().unwrap();
    assert_eq!(inputs.len(), built_inputs.len());
    for (input, want) in inputs.iter().zip(built_inputs) {
        assert_eq!(input["txid"], want["txid"]);
        assert_eq!(input["vout"], want["vout"]);
        assert_eq!(input["address"], sender);
        assert_eq!(lit(&input["value"]), lit(&want["amount"]));
    }
    // The change output, unspent at the sender.
    let change = built["changePosition"].as_u64().expect("a change output");
    let n = change.to_string();
    let utxo = Call::get("/api/Litecoin/get-utxo-details", &[], &[("txid", txid), ("vout_n", &n)]).data().await;
    assert_eq!(utxo["address"], sender);
    assert_eq!(utxo["vout"], change);
    assert_eq!(utxo["inMempool"], false);
    assert_eq!(lit(&utxo["value"]), lit(&built["outputs"][change as usize]["amount"]));
    // The payment itself is unspent at the recipient.
    let paid = Call::get("/api/Litecoin/get-utxo-details", &[], &[("txid", txid), ("vout_n", "0")]).data().await;
    assert_eq!(paid["address"], built["outputs"][0]["address"]);
}

// ---------------------------------------------------------------------------------------------
// A1 create, A3 details, A11 default address
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn create_address_takes_codes_names_and_integer_strings() {
    let w = shared_wallet().await;
    let cases = [
        (json!(0), "legacy", "m"),
        (json!("legacy"), "legacy", "m"),
        (json!(1), "p2sh-segwit", "Q"),
        (json!("1"), "p2sh-segwit", "Q"),
        (json!("bech32"), "bech32", "rltc1q"),
        (Value::Null, "bech32", "rltc1q"),
        (json!(3), "mweb", "tmweb1"),
    ];
    for (kind, name, prefix) in cases {
        let body = if kind.is_null() { json!({ "label": "customer-42" }) } else { json!({ "type": kind, "label": "customer-42" }) };
        let d = Call::post("/api/Address/create", &[("walletName", &w)], body).data().await;
        let address = d["address"].as_str().unwrap();
        assert_eq!(d["walletName"], w);
        assert_eq!(d["addressType"], name, "{kind}");
        assert_eq!(d["label"], "customer-42");
        let prefix_ok = if prefix == "m" { address.starts_with('m') || address.starts_with('n') } else { address.starts_with(prefix) };
        assert!(prefix_ok, "{name}: {address}");
        let path = d["hdKeyPath"].as_str().unwrap();
        if name == "mweb" {
            assert!(path.starts_with("x/"), "{path}");
        } else {
            assert!(path.starts_with("m/0'/0'/"), "{path}");
        }
        // Core agrees the address is the wallet's and of that kind.
        let info = wallet_rpc(&w, "getaddressinfo", json!([address])).await;
        assert_eq!(info["ismine"], true);
        assert_eq!(info["labels"][0], "customer-42");
        // A3 describes it.
        let a3 = Call::get("/api/Address/address-details", &[("walletName", &w)], &[("address", address)]).data().await;
        assert_eq!(a3["address"], address);
        assert_eq!(a3["addressType"], name);
        assert_eq!(a3["isMine"], true);
        assert_eq!(a3["hdKeyPath"], path);
        assert_eq!(a3["labels"], json!(["customer-42"]));
        assert_eq!(a3["isMweb"], name == "mweb");
        if name == "mweb" {
            assert!(a3["scanPubKey"].is_string() && a3["spendPubKey"].is_string());
            assert!(a3["scriptPubKey"].is_null());
        } else {
            assert_eq!(a3["scriptPubKey"], info["scriptPubKey"]);
            assert_eq!(a3["pubKey"], info["pubkey"]);
            assert_eq!(a3["descriptor"], info["desc"]);
        }
    }

    // A3 of an address the wallet does not own.
    let foreign = foreign_address("legacy").await;
    let a3 = Call::get("/api/Address/address-details", &[("walletName", &w)], &[("address", &foreign)]).data().await;
    assert_eq!(a3["isMine"], false);
    assert_eq!(a3["addressType"], "legacy");
    assert!(a3["hdKeyPath"].is_null());

    // Errors, both modes.
    for bad in [json!(4), json!("bech32m"), json!("taproot"), json!(-1)] {
        let r = Call::post("/api/Address/create", &[("walletName", &w)], json!({ "type": bad })).fails(400, "validation_failed").await;
        assert_eq!(r.field(), "type");
    }
    Call::post("/api/Address/create", &[("walletName", "atx_no_such_wallet")], json!({})).fails(404, "wallet_not_found").await;
    let r = Call::post("/api/Address/create", &[("walletName", "../evil")], json!({})).fails(400, "validation_failed").await;
    assert_eq!(r.field(), "walletName");
    let r = Call::post("/api/Address/create", &[], json!({})).fails(400, "validation_failed").await;
    assert_eq!(r.field(), "walletName");
    let r = Call::get("/api/Address/address-details", &[("walletName", &w)], &[("address", "nonsense")]).fails(400, "validation_failed").await;
    assert_eq!(r.field(), "address");
    Call::get("/api/Address/address-details", &[("walletName", &w)], &[]).fails(400, "validation_failed").await;
}

#[tokio::test]
async fn create_address_on_an_encrypted_wallet_unlocks_refills_and_locks_again() {
    let (w, pp) = new_encrypted_wallet("atx_a1e").await;
    let call = |headers: &[(&'static str, &str)], body| Call::post("/api/Address/create", headers, body);
    let r = call(&[("walletName", &w)], json!({ "type": 0 })).fails(403, "wallet_locked").await;
    assert_eq!(r.field(), "encryptedPassphrase");
    let r = call(&[("walletName", &w), ("encryptedPassphrase", "wrong")], json!({ "type": 0 })).fails(403, "bad_passphrase").await;
    assert_eq!(r.field(), "encryptedPassphrase");
    // MWEB needs the unlock (Core -13 while locked); the keypool is refilled while unlocked.
    for kind in ["mweb", "legacy", "bech32"] {
        let d = call(&[("walletName", &w), ("encryptedPassphrase", &pp)], json!({ "type": kind })).data().await;
        assert_eq!(d["addressType"], kind);
    }
    let info = wallet_rpc(&w, "getwalletinfo", json!([])).await;
    assert_eq!(info["unlocked_until"], 0, "locked again");
    // Refilled before each new key, one key taken since: one short of the untouched change keychain.
    let full = info["keypoolsize_hd_internal"].as_u64().expect("keypoolsize_hd_internal");
    assert_eq!(info["keypoolsize"], full - 1, "keypool refilled while unlocked");
}

#[tokio::test]
async fn generate_default_address_encodes_the_official_key() {
    let w = new_wallet("atx_a11").await;
    let official = official_address(&w).await;
    let official_info = wallet_rpc(&w, "getaddressinfo", json!([official])).await;
    let call = |body| Call::post("/api/Address/generate-default-address", &[("walletName", &w)], body);

    let legacy = call(json!({ "addressType": 0 })).data().await;
    assert_eq!(legacy["addressType"], "legacy");
    assert_eq!(legacy["label"], "default");
    assert_eq!(legacy["hdKeyPath"], official_info["hdkeypath"]);
    let address = legacy["address"].as_str().unwrap();
    let info = wallet_rpc(&w, "getaddressinfo", json!([address])).await;
    assert_eq!(info["pubkey"], official_info["pubkey"], "same key, other encoding");
    assert_eq!(info["labels"][0], "default");
    assert!(address.starts_with('m') || address.starts_with('n'));
    // Deterministic.
    assert_eq!(call(json!({ "addressType": "legacy" })).data().await["address"], address);

    let p2sh = call(json!({ "addressType": "1", "label": "shop" })).data().await;
    assert!(p2sh["address"].as_str().unwrap().starts_with('Q'));
    assert_eq!(p2sh["label"], "shop");

    // bech32 is the official address itself: it keeps its label.
    let bech32 = call(json!({})).data().await;
    assert_eq!(bech32["address"], official.as_str());
    assert_eq!(bech32["addressType"], "bech32");
    assert_eq!(bech32["label"], "official");
    assert_eq!(official_address(&w).await, official, "W12 still finds it");

    let r = call(json!({ "addressType": 3 })).fails(422, "unsupported_address_type").await;
    assert_eq!(r.field(), "addressType");
    // A wallet that never had an official address.
    let bare = unique("atx_a11b");
    rpc("createwallet", json!([bare, false, false, "", false, false, true])).await;
    Call::post("/api/Address/generate-default-address", &[("walletName", &bare)], json!({})).fails(404, "not_found").await;
    // Encrypted: the passphrase is verified.
    let (we, pp) = shared_encrypted_wallet().await;
    Call::post("/api/Address/generate-default-address", &[("walletName", &we)], json!({ "addressType": 0 }))
        .fails(403, "wallet_locked")
        .await;
    let d = Call::post("/api/Address/generate-default-address", &[("walletName", &we), ("encryptedPassphrase", &pp)], json!({ "addressType": 0 }))
        .data()
        .await;
    assert_eq!(d["label"], "default");
}

// ---------------------------------------------------------------------------------------------
// A2 multisig
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn multisig_addresses_of_each_kind() {
    let w = shared_wallet().await;
    let a = new_address(&w, json!(0)).await;
    let b = new_address(&w, json!(2)).await;
    let call = |addresses: Value, n: Value, kind: Value| {
        Call::post(
            "/api/Address/create-muti-sig-address",
            &[("walletName", &w)],
            json!({ "addresses": addresses, "nreqired": n, "address_type": kind }),
        )
    };
    let as_json_string = json!(format!("[\"{a}\",\"{b}\"]"));
    let as_commas = json!(format!("{a}, {b}"));

    let legacy = call(as_json_string.clone(), json!(2), json!("legacy")).data().await;
    assert!(legacy["address"].as_str().unwrap().starts_with('Q'), "{legacy}");
    assert_eq!(legacy["addressType"], "p2sh-segwit", "P2SH reports p2sh-segwit");
    assert_eq!(legacy["nRequired"], 2);
    assert_eq!(legacy["keys"], json!([a, b]));
    assert!(legacy["descriptor"].as_str().unwrap().starts_with("sh(multi(2,"));
    assert!(legacy["redeemScript"].as_str().unwrap().starts_with("52"));

    let nested = call(as_commas, json!(2), json!("p2sh-segwit")).data().await;
    assert!(nested["address"].as_str().unwrap().starts_with('Q'));
    assert_eq!(nested["addressType"], "p2sh-segwit");
    assert!(nested["descriptor"].as_str().unwrap().starts_with("sh(wsh(multi(2,"));
    assert_ne!(nested["address"], legacy["address"]);

    let native = call(as_json_string.clone(), json!(2), json!(2)).data().await;
    assert!(native["address"].as_str().unwrap().starts_with("rltc1q"));
    assert_eq!(native["addressType"], "bech32");
    assert!(native["descriptor"].as_str().unwrap().starts_with("wsh(multi(2,"));
    assert_eq!(native["redeemScript"], legacy["redeemScript"], "same keys, same script");
    let info = wallet_rpc(&w, "getaddressinfo", json!([native["address"]])).await;
    assert_eq!(info["isscript"], true);
    assert_eq!(info["iswitness"], true);

    // Errors, both modes.
    let r = call(as_json_string.clone(), json!(2), json!("mweb")).fails(422, "unsupported_address_type").await;
    assert_eq!(r.field(), "address_type");
    let r = call(as_json_string.clone(), json!(3), json!("bech32")).fails(400, "validation_failed").await;
    assert_eq!(r.field(), "nreqired");
    call(as_json_string.clone(), json!(0), json!("bech32")).fails(400, "validation_failed").await;
    call(json!("[\"not-closed\""), json!(1), json!("bech32")).fails(400, "validation_failed").await;
    call(json!(format!("{a},nonsense")), json!(1), json!("bech32")).fails(400, "validation_failed").await;
    // A key the wallet does not have (Core -5 "no full public key").
    let foreign = foreign_address("legacy").await;
    let r = call(json!(format!("{a},{foreign}")), json!(1), json!("bech32")).fails(400, "validation_failed").await;
    assert_eq!(r.body["error"]["nodeCode"], -5);
    let mweb = new_address(&w, json!(3)).await;
    call(json!(format!("{a},{mweb}")), json!(1), json!("bech32")).fails(422, "unsupported_address_type").await;
}

// ---------------------------------------------------------------------------------------------
// A4 sign-message, A5 verify-message, A8 private key
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn sign_and_verify_messages_with_a_raw_key() {
    let w = shared_wallet().await;
    let address = new_address(&w, json!("legacy")).await;
    let key = private_key(&w, &address).await;
    let signed = Call::post("/api/Address/sign-message", &[], json!({ "message": "hello litecoin", "addressPrivatKey": key })).data().await;
    assert_eq!(signed["address"], address.as_str(), "the key's P2PKH address");
    let signature = signed["signature"].as_str().unwrap().to_string();
    assert!(signed.get("addressPrivatKey").is_none());
    // Core itself agrees, and the wallet's own signature is the same (signatures are deterministic).
    assert_eq!(rpc("verifymessage", json!([address, signature, "hello litecoin"])).await, true);
    assert_eq!(wallet_rpc(&w, "signmessage", json!([address, "hello litecoin"])).await, signature.as_str());

    let verify = |address: &str, message: &str, signature: &str| {
        Call::post("/api/Address/verify-message", &[], json!({ "address": address, "message": message, "signature": signature }))
    };
    let d = verify(&address, "hello litecoin", &signature).data().await;
    assert_eq!(d, json!({ "address": address, "valid": true }));
    assert_eq!(verify(&address, "hello litecoin!", &signature).data().await["valid"], false);
    let other = new_address(&w, json!(0)).await;
    assert_eq!(verify(&other, "hello litecoin", &signature).data().await["valid"], false);

    // Errors, both modes.
    let bech32 = new_address(&w, json!("bech32")).await;
    let r = verify(&bech32, "hello litecoin", &signature).fails(422, "unsupported_address_type").await;
    assert_eq!(r.field(), "address");
    let p2sh = new_address(&w, json!("p2sh-segwit")).await;
    verify(&p2sh, "hello litecoin", &signature).fails(422, "unsupported_address_type").await;
    let r = verify("nonsense", "hello litecoin", &signature).fails(400, "validation_failed").await;
    assert_eq!(r.field(), "address");
    let r = verify(&address, "hello litecoin", "!!!").fails(400, "validation_failed").await;
    assert_eq!(r.field(), "signature");
    let bad_key = "cNotAKeyAtAllNotAKeyAtAllNotAKeyAtAllNotAKeyAtAllNotA";
    let r = Call::post("/api/Address/sign-message", &[], json!({ "message": "m", "addressPrivatKey": bad_key }))
        .fails(400, "validation_failed")
        .await;
    assert_eq!(r.field(), "addressPrivatKey");
    assert!(!r.text.contains(bad_key), "the key is never echoed: {}", r.text);
    // A mainnet WIF on regtest.
    Call::post(
        "/api/Address/sign-message",
        &[],
        json!({ "message": "m", "addressPrivatKey": "KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn" }),
    )
    .fails(400, "validation_failed")
    .await;
    let r = Call::post("/api/Address/sign-message", &[], json!({ "message": "m" })).fails(400, "validation_failed").await;
    assert_eq!(r.field(), "addressPrivatKey");
}

#[tokio::test]
async fn private_key_of_an_encrypted_wallet_needs_its_passphrase() {
    let (w, pp) = new_encrypted_wallet("atx_a8").await;
    let with_pp = [("walletName", w.as_str()), ("encryptedPassphrase", pp.as_str())];
    let address = Call::post("/api/Address/create", &with_pp, json!({ "type": 0 })).data().await["address"].as_str().unwrap().to_string();
    let call = |headers: &[(&'static str, &str)]| Call::get("/api/Address/address-private-key", headers, &[("address", &address)]);

    let r = call(&[("wallet", &w)]).fails(403, "wallet_locked").await;
    assert_eq!(r.field(), "encryptedPassphrase");
    let r = call(&[("wallet", &w), ("encryptedPassphrase", "not-the-passphrase")]).fails(403, "bad_passphrase").await;
    assert_eq!(r.field(), "encryptedPassphrase");
    let d = call(&[("wallet", &w), ("encryptedPassphrase", &pp)]).data().await;
    assert_eq!(d["address"], address.as_str());
    assert_eq!(d["format"], "wif");
    let key = d["privateKey"].as_str().unwrap();
    assert!(key.starts_with('c'), "regtest compressed WIF");
    // The key is this address's key.
    let desc = rpc("getdescriptorinfo", json!([format!("pkh({key})")])).await;
    assert_eq!(rpc("deriveaddresses", json!([desc["descriptor"]])).await[0], address.as_str());
    // Locked again afterwards.
    assert_eq!(wallet_rpc(&w, "getwalletinfo", json!([])).await["unlocked_until"], 0);
    let locked = common::node_call(Some(&w), "dumpprivkey", json!([address])).await.unwrap_err();
    assert_eq!(locked["code"], -13);

    // MWEB keys come out marked as such; scripts and foreign addresses are refused.
    let mweb = Call::post("/api/Address/create", &with_pp, json!({ "type": "mweb" })).data().await["address"].as_str().unwrap().to_string();
    let d = Call::get("/api/Address/address-private-key", &[("wallet", &w), ("encryptedPassphrase", &pp)], &[("address", &mweb)]).data().await;
    assert_eq!(d["format"], "wif-mweb");
    let other = foreign_address("legacy").await;
    let plain = shared_wallet().await;
    let mine = new_address(&plain, json!(0)).await;
    let multisig = Call::post(
        "/api/Address/create-muti-sig-address",
        &[("walletName", &plain)],
        json!({ "addresses": mine, "nreqired": 1, "address_type": "legacy" }),
    )
    .data()
    .await["address"]
        .as_str()
        .unwrap()
        .to_string();
    Call::get("/api/Address/address-private-key", &[("wallet", &plain)], &[("address", &other)]).fails(400, "validation_failed").await;
    Call::get("/api/Address/address-private-key", &[("wallet", &plain)], &[("address", &multisig)]).fails(422, "unsupported_address_type").await;
    Call::get("/api/Address/address-private-key", &[("wallet", &plain)], &[("address", "nonsense")]).fails(400, "validation_failed").await;
    Call::get("/api/Address/address-private-key", &[("wallet", "atx_no_such_wallet")], &[("address", &mine)]).fails(404, "wallet_not_found").await;
}

// ---------------------------------------------------------------------------------------------
// A6 history and A7 balance
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn funded_address_is_unconfirmed_then_confirmed() {
    let w = shared_wallet().await;
    let address = new_address(&w, json!("legacy")).await;
    assert_eq!(balance(&address).await, (0, 0), "never used: 0 and 0");
    let empty = history(&address, "25", "0").await;
    assert_eq!(empty["total"], 0);
    assert_eq!(empty["items"], json!([]));

    let api = Api::new();
    // Exclusive: another test's block would confirm the mempool entries checked here.
    let _chain = CHAIN.write().await;
    let first = api.fund(&address, "1.5", false).await;
    assert_eq!(balance(&address).await, (0, 150_000_000));
    let h = history(&address, "25", "0").await;
    assert_eq!(h["total"], 1);
    assert_eq!(h["items"][0]["txid"], first.as_str());
    assert_eq!(h["items"][0]["confirmations"], 0);
    assert!(h["items"][0]["blockHeight"].is_null());

    let mined = api.mine(1).await;
    let height = mined["height"].as_u64().unwrap();
    assert_eq!(balance(&address).await, (150_000_000, 0));
    let d = Call::get("/api/Address/address-balance", &[], &[("address", &address)]).data().await;
    assert_eq!(d["utxoCount"], 1);
    assert_eq!(d["height"], height);

    // A second payment waits in the mempool: listed first, then the confirmed one.
    let second = api.fund(&address, "0.25", false).await;
    let h = history(&address, "25", "0").await;
    assert_eq!(h["total"], 2);
    assert_eq!(h["tipHeight"], height);
    assert_eq!(h["indexedHeight"], height);
    let items = h["items"].as_array().unwrap();
    assert_eq!(items[0]["txid"], second.as_str());
    assert_eq!(items[0]["confirmations"], 0);
    assert!(items[0]["blockHash"].is_null() && items[0]["time"].is_null());
    assert_eq!(lit(&items[0]["received"]), 25_000_000);
    assert_eq!(items[1]["txid"], first.as_str());
    assert_eq!(items[1]["confirmations"], 1);
    assert_eq!(items[1]["blockHeight"], height);
    assert_eq!(items[1]["blockHash"], mined["hashes"][0]);
    assert_eq!(lit(&items[1]["received"]), 150_000_000);
    assert_eq!(lit(&items[1]["sent"]), 0);
    assert_eq!(lit(&items[1]["net"]), 150_000_000);
    // Paging.
    let page = history(&address, "1", "1").await;
    assert_eq!(page["total"], 2);
    assert_eq!(page["take"], 1);
    assert_eq!(page["skip"], 1);
    assert_eq!(page["items"].as_array().unwrap().len(), 1);
    assert_eq!(page["items"][0]["txid"], first.as_str());
    assert_eq!(balance(&address).await, (150_000_000, 25_000_000));
    api.mine(1).await;
    assert_eq!(balance(&address).await, (175_000_000, 0));
    let h = history(&address, "25", "0").await;
    assert_eq!(h["items"][0]["txid"], second.as_str());
    assert_eq!(h["items"][0]["confirmations"], 1);
    assert_eq!(h["items"][1]["confirmations"], 2);
}

#[tokio::test]
async fn balance_and_history_errors() {
    let w = new_wallet("atx_a7e").await;
    for path in ["/api/Address/address-balance", "/api/Address/address-transaction"] {
        let r = Call::get(path, &[], &[("address", "nonsense")]).fails(400, "validation_failed").await;
        assert_eq!(r.field(), "address");
        Call::get(path, &[], &[]).fails(400, "validation_failed").await;
    }
    let address = new_address(&w, json!(0)).await;
    for (take, skip) in [("0", "0"), ("501", "0"), ("x", "0"), ("5", "-1")] {
        Call::get("/api/Address/address-transaction", &[], &[("address", &address), ("take", take), ("skip", skip)])
            .fails(400, "validation_failed")
            .await;
    }
    // MWEB: history is never public; a balance only through the owning loaded wallet.
    let mweb = new_address(&w, json!("mweb")).await;
    Call::get("/api/Address/address-transaction", &[], &[("address", &mweb)]).fails(422, "unsupported_address_type").await;
    assert_eq!(balance(&mweb).await, (0, 0));
    rpc("unloadwallet", json!([w])).await;
    Call::get("/api/Address/address-balance", &[], &[("address", &mweb)]).fails(422, "unsupported_address_type").await;
    rpc("loadwallet", json!([w])).await;
}

#[tokio::test]
async fn mweb_balance_comes_from_the_owning_wallet() {
    let w = shared_wallet().await;
    let mweb = new_address(&w, json!("mweb")).await;
    let api = Api::new();
    let _chain = CHAIN.write().await;
    api.fund(&mweb, "0.5", false).await;
    assert_eq!(balance(&mweb).await, (0, 50_000_000));
    api.mine(1).await;
    assert_eq!(balance(&mweb).await, (50_000_000, 0));
}

// ---------------------------------------------------------------------------------------------
// T1 send-funds-from-wallet
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn send_funds_from_wallet() {
    let api = Api::new();
    let _chain = CHAIN.read().await;
    let w = new_wallet("atx_t1").await;
    let funded = new_address(&w, json!(2)).await;
    let recipient = foreign_address("legacy").await;
    let send = |body: Value| Call::post("/api/Transactions/send-funds-from-wallet", &[("walletName", &w)], body);

    // Nothing to spend yet.
    let r = send(json!({ "recipientAddress": recipient, "amount": 1 })).fails(422, "insufficient_funds").await;
    assert_eq!(r.body["error"]["nodeCode"], -6);

    api.fund(&funded, "2", true).await;
    let r = send(json!({ "recipientAddress": recipient, "amount": "5" })).fails(422, "insufficient_funds").await;
    assert!(r.body["message"].as_str().unwrap().contains("Insufficient funds"));

    let d = send(json!({ "recipientAddress": recipient, "amount": 0.5, "amountIncludeFees": true, "description": "invoice 17", "recipientName": "Alice" }))
        .data()
        .await;
    let fee = lit(&d["fee"]);
    assert!(fee > 0 && fee < 100_000, "{d}");
    assert_eq!(lit(&d["amount"]), 50_000_000);
    assert_eq!(lit(&d["amountReceived"]), 50_000_000 - fee);
    assert_eq!(lit(&d["totalDebited"]), 50_000_000);
    assert_eq!(d["amountIncludeFees"], true);
    let txid = d["txid"].as_str().unwrap();
    let tx = wallet_rpc(&w, "gettransaction", json!([txid])).await;
    assert_eq!(tx["comment"], "invoice 17");
    assert_eq!(tx["to"], "Alice");
    let paid = rpc("getrawtransaction", json!([txid, true])).await;
    let out = paid["vout"].as_array().unwrap().iter().find(|o| o["scriptPubKey"]["addresses"][0] == recipient.as_str()).unwrap().clone();
    assert_eq!(lit(&out["value"]), 50_000_000 - fee);

    let d = send(json!({ "recipientAddress": recipient, "amount": "0.1" })).data().await;
    let fee = lit(&d["fee"]);
    assert_eq!(lit(&d["amountReceived"]), 10_000_000);
    assert_eq!(lit(&d["totalDebited"]), 10_000_000 + fee);
    assert_eq!(d["amountIncludeFees"], false);

    // Validation, both modes.
    for (body, field) in [
        (json!({ "amount": 1 }), "recipientAddress"),
        (json!({ "recipientAddress": "nonsense", "amount": 1 }), "recipientAddress"),
        (json!({ "recipientAddress": recipient }), "amount"),
        (json!({ "recipientAddress": recipient, "amount": 0 }), "amount"),
        (json!({ "recipientAddress": recipient, "amount": 0.000000001 }), "amount"),
        (json!({ "recipientAddress": recipient, "amount": 0.00005459 }), "amount"),
    ] {
        let r = send(body.clone()).fails(400, "validation_failed").await;
        assert_eq!(r.field(), field, "{body}");
    }
    // Encrypted wallet: passphrase discipline.
    let (we, _pp) = shared_encrypted_wallet().await;
    Call::post("/api/Transactions/send-funds-from-wallet", &[("walletName", &we)], json!({ "recipientAddress": recipient, "amount": 1 }))
        .fails(403, "wallet_locked")
        .await;
    Call::post(
        "/api/Transactions/send-funds-from-wallet",
        &[("walletName", &we), ("encryptedPassphrase", "wrong")],
        json!({ "recipientAddress": recipient, "amount": 1 }),
    )
    .fails(403, "bad_passphrase")
    .await;
}

// ---------------------------------------------------------------------------------------------
// T2–T6: raw transactions
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn raw_transaction_v1_sign_broadcast_mine() {
    let api = Api::new();
    let w = shared_wallet().await;
    let sender = new_address(&w, json!("legacy")).await;
    let recipient = foreign_address("bech32").await;
    let create = |amount: &str| {
        Call::post(
            "/api/Transactions/create-raw-transaction",
            &[("walletName", &w)],
            json!({ "recipientAddress": recipient, "senderAddress": sender, "amount": serde_json::from_str::<Value>(amount).unwrap() }),
        )
    };
    // Exclusive: the spend is checked while it waits in the mempool.
    let _chain = CHAIN.write().await;
    // Unconfirmed coins are not spent by raw transactions.
    api.fund(&sender, "1.5", false).await;
    create("1").fails(422, "insufficient_funds").await;
    api.fund(&sender, "0.7", true).await;

    // 1.6 needs both coins: the largest (1.5) first, then the next.
    let built = create("1.6").data().await;
    let inputs = built["inputs"].as_array().unwrap();
    assert_eq!(inputs.len(), 2, "{built}");
    assert_eq!(lit(&inputs[0]["amount"]), 150_000_000);
    assert_eq!(lit(&inputs[1]["amount"]), 70_000_000);
    assert_eq!(built["changePosition"], 1);
    let outputs = built["outputs"].as_array().unwrap();
    assert_eq!(outputs.len(), 2);
    assert_eq!(outputs[0]["address"], recipient.as_str());
    assert_eq!(lit(&outputs[0]["amount"]), 160_000_000);
    assert_eq!(outputs[1]["address"], sender.as_str(), "change back to the sender");
    let fee = lit(&built["fee"]);
    assert_eq!(lit(&outputs[1]["amount"]), 220_000_000 - 160_000_000 - fee);
    // 2 P2PKH inputs and 2 outputs at 10 litoshi/vB.
    assert!((3_000..=4_000).contains(&fee), "fee {fee}");
    // No coins were locked: building again gives the same transaction.
    assert_eq!(create("1.6").data().await["hex"], built["hex"]);
    // Unsigned: the node refuses it.
    let r = Call::post("/api/Transactions/broadcast-transaction", &[], json!({ "signedTxHash": built["hex"] })).fails(422, "transaction_rejected").await;
    assert_eq!(r.body["error"]["nodeCode"], -26);

    let key = private_key(&w, &sender).await;
    let txid = sign_and_broadcast(&w, &key, built["hex"].as_str().unwrap()).await;
    // The sender's coins are being spent: its unconfirmed balance is negative.
    let change = lit(&outputs[1]["amount"]);
    assert_eq!(balance(&sender).await, (220_000_000, change - 220_000_000));
    let h = history(&sender, "25", "0").await;
    assert_eq!(h["items"][0]["txid"], txid.as_str());
    assert_eq!(lit(&h["items"][0]["sent"]), 220_000_000);
    assert_eq!(lit(&h["items"][0]["received"]), change);
    // Re-broadcasting a transaction already in the mempool gives the same txid.
    let signed = Call::post(
        "/api/Transactions/sign-transaction",
        &[],
        json!({ "walletName": w, "addressPrivateKey": key, "txhash": built["hex"] }),
    )
    .data()
    .await;
    assert_eq!(signed["txid"], txid.as_str(), "signing is deterministic; body-only walletName works");
    assert_eq!(Call::post("/api/Transactions/broadcast-transaction", &[], json!({ "signedTxHash": signed["hex"] })).data().await["txid"], txid.as_str());

    api.mine(1).await;
    assert_eq!(balance(&sender).await, (change, 0));
    check_confirmed(&txid, &built, &sender).await;
    // Mined: broadcasting it again is refused.
    Call::post("/api/Transactions/broadcast-transaction", &[], json!({ "signedTxHash": signed["hex"] })).fails(422, "transaction_rejected").await;
}

#[tokio::test]
async fn raw_transaction_v2_from_given_outpoints() {
    let api = Api::new();
    let _chain = CHAIN.read().await;
    let w = shared_wallet().await;
    let sender = new_address(&w, json!("bech32")).await;
    let recipient = foreign_address("legacy").await;
    let funding = api.fund(&sender, "1", true).await;
    let n = vout_paying(&funding, &sender).await;
    let create = |body: Value| Call::post("/api/Transactions/create-raw-transaction-v2", &[], body);
    let body = |amount: Value, utxos: Value, vouts: Value| {
        json!({ "senderAddress": sender, "recipientAddress": recipient, "amount": amount, "utxos": utxos, "vouts_n": vouts })
    };

    let built = create(body(json!(0.4), json!([funding]), json!([n]))).data().await;
    // 1×P2WPKH in + P2PKH + P2WPKH out: 10 × (11 + 68 + 34 + 31) = 1 440 litoshis.
    assert_eq!(lit(&built["fee"]), 1_440);
    assert_eq!(built["changePosition"], 1);
    assert_eq!(built["inputs"][0]["txid"], funding.as_str());
    assert_eq!(built["inputs"][0]["vout"], n);
    assert_eq!(built["inputs"][0]["amount"].to_string(), "1.00000000");
    assert_eq!(built["inputs"].as_array().unwrap().len(), 1);
    assert_eq!(built["outputs"][0]["address"], recipient.as_str());
    assert_eq!(lit(&built["outputs"][0]["amount"]), 40_000_000);
    assert_eq!(built["outputs"][1]["address"], sender.as_str());
    assert_eq!(lit(&built["outputs"][1]["amount"]), 100_000_000 - 40_000_000 - 1_440);

    // Change below the dust limit goes to the fee: no change output.
    let all_but_dust = 100_000_000 - 1_130 - 5_000; // fee without change: 10 × (11 + 68 + 34)
    let text: Value = serde_json::from_str(&format!("{}.{:08}", all_but_dust / 100_000_000, all_but_dust % 100_000_000)).unwrap();
    let no_change = create(body(text, json!([funding]), json!([n]))).data().await;
    assert!(no_change["changePosition"].is_null());
    assert_eq!(no_change["outputs"].as_array().unwrap().len(), 1);
    assert_eq!(lit(&no_change["fee"]), 6_130);

    let key = private_key(&w, &sender).await;
    let txid = sign_and_broadcast(&w, &key, built["hex"].as_str().unwrap()).await;
    // The estimate covers the real size: the fee rate is at least 10 litoshi/vB.
    let vsize = rpc("getrawtransaction", json!([txid, true])).await["vsize"].as_i64().unwrap();
    assert!(vsize * 10 <= 1_440, "vsize {vsize}");
    api.mine(1).await;
    check_confirmed(&txid, &built, &sender).await;

    // Errors, both modes. The outpoint is spent now.
    let r = create(body(json!(0.1), json!([funding]), json!([n]))).fails(404, "not_found").await;
    assert_eq!(r.field(), "utxos");
    let change_n = 1;
    let r = create(body(json!(5), json!([txid]), json!([change_n]))).fails(422, "insufficient_funds").await;
    assert!(r.body["message"].as_str().unwrap().contains("0.59998560"));
    for (utxos, vouts) in [
        (json!([txid]), json!([])),
        (json!([]), json!([])),
        (json!([txid, txid]), json!([1, 1])),
        (json!(["abc"]), json!([0])),
        (json!([txid]), json!([-1])),
        (json!(txid), json!(1)),
    ] {
        create(body(json!(0.1), utxos, vouts)).fails(400, "validation_failed").await;
    }
    // Output 0 pays the recipient, not the sender.
    let r = create(body(json!(0.1), json!([txid]), json!([0]))).fails(400, "validation_failed").await;
    assert_eq!(r.field(), "utxos");
    let mweb = new_address(&w, json!("mweb")).await;
    let r = create(json!({ "senderAddress": sender, "recipientAddress": mweb, "amount": 0.1, "utxos": [txid], "vouts_n": [1] }))
        .fails(422, "unsupported_address_type")
        .await;
    assert_eq!(r.field(), "recipientAddress");
    create(body(json!(0.00005), json!([txid]), json!([1]))).fails(400, "validation_failed").await;
}

#[tokio::test]
async fn raw_transaction_v3_with_a_service_fee() {
    let api = Api::new();
    let _chain = CHAIN.read().await;
    let w = shared_wallet().await;
    // A P2SH-P2WPKH sender: T5 signs it from the key alone.
    let sender = new_address(&w, json!("p2sh-segwit")).await;
    let recipient = foreign_address("legacy").await;
    let service = foreign_address("bech32").await;
    api.fund(&sender, "1", true).await;
    let create = |body: Value| Call::post("/api/Transactions/create-raw-transaction-v3", &[("walletName", &w)], body);
    let body = |recipient: &str, service: &str, amount: Value, fee: Value| {
        json!({ "senderAddress": sender, "serviceFeeAddress": service, "recipientAddress": recipient, "serviceFeeAmount": fee, "amount": amount })
    };

    let built = create(body(&recipient, &service, json!(0.3), json!(0.01))).data().await;
    let outputs = built["outputs"].as_array().unwrap();
    assert_eq!(outputs.len(), 3);
    assert_eq!(outputs[0]["address"], recipient.as_str());
    assert_eq!(lit(&outputs[0]["amount"]), 30_000_000);
    assert_eq!(outputs[1]["address"], service.as_str(), "outputs[1] is the service fee");
    assert_eq!(lit(&outputs[1]["amount"]), 1_000_000);
    assert_eq!(built["changePosition"], 2);
    assert_eq!(outputs[2]["address"], sender.as_str());
    let fee = lit(&built["fee"]);
    assert_eq!(lit(&outputs[2]["amount"]), 100_000_000 - 31_000_000 - fee);

    let key = private_key(&w, &sender).await;
    let txid = sign_and_broadcast(&w, &key, built["hex"].as_str().unwrap()).await;
    api.mine(1).await;
    check_confirmed(&txid, &built, &sender).await;

    // Errors, both modes.
    let r = create(body(&recipient, &recipient, json!(0.1), json!(0.01))).fails(400, "validation_failed").await;
    assert_eq!(r.field(), "serviceFeeAddress");
    create(body(&recipient, &service, json!(5), json!(0.01))).fails(422, "insufficient_funds").await;
    let r = create(body(&recipient, &service, json!(0.1), json!(0.00001))).fails(400, "validation_failed").await;
    assert_eq!(r.field(), "serviceFeeAmount");
    let mweb = new_address(&w, json!("mweb")).await;
    let r = create(body(&recipient, &mweb, json!(0.1), json!(0.01))).fails(422, "unsupported_address_type").await;
    assert_eq!(r.field(), "serviceFeeAddress");
    // A sender the wallet does not own.
    let r = Call::post("/api/Transactions/create-raw-transaction-v3", &[("walletName", "miner")], body(&recipient, &service, json!(0.1), json!(0.01)))
        .fails(404, "not_found")
        .await;
    assert_eq!(r.field(), "senderAddress");
}

#[tokio::test]
async fn raw_transaction_v1_errors() {
    let w = shared_wallet().await;
    let sender = new_address(&w, json!(0)).await;
    let recipient = new_address(&w, json!(2)).await;
    let mweb = new_address(&w, json!(3)).await;
    let foreign = foreign_address("legacy").await;
    let create = |wallet: &str, sender: &str, recipient: &str, amount: Value| {
        Call::post(
            "/api/Transactions/create-raw-transaction",
            &[("walletName", wallet)],
            json!({ "recipientAddress": recipient, "senderAddress": sender, "amount": amount }),
        )
    };
    create(&w, &sender, &recipient, json!(1)).fails(422, "insufficient_funds").await;
    let r = create(&w, &foreign, &recipient, json!(1)).fails(404, "not_found").await;
    assert_eq!(r.field(), "senderAddress");
    let r = create(&w, &sender, &mweb, json!(1)).fails(422, "unsupported_address_type").await;
    assert_eq!(r.field(), "recipientAddress");
    let r = create(&w, &mweb, &recipient, json!(1)).fails(422, "unsupported_address_type").await;
    assert_eq!(r.field(), "senderAddress");
    let r = create(&w, &sender, "nonsense", json!(1)).fails(400, "validation_failed").await;
    assert_eq!(r.field(), "recipientAddress");
    let r = create(&w, &sender, &recipient, json!(0.00005459)).fails(400, "validation_failed").await;
    assert_eq!(r.field(), "amount");
    create(&w, &sender, &recipient, json!(84_000_001)).fails(400, "validation_failed").await;
    create("atx_no_such_wallet", &sender, &recipient, json!(1)).fails(404, "wallet_not_found").await;
}

#[tokio::test]
async fn sign_and_broadcast_errors() {
    let w = shared_wallet().await;
    let address = new_address(&w, json!(0)).await;
    let key = private_key(&w, &address).await;
    // A structurally valid unsigned transaction spending an unknown outpoint.
    let unsigned = rpc("createrawtransaction", json!([[{ "txid": "11".repeat(32), "vout": 0 }], [{ address.as_str(): 1 }]])).await;
    let unsigned = unsigned.as_str().unwrap();
    let sign = |headers: &[(&'static str, &str)], body: Value| Call::post("/api/Transactions/sign-transaction", headers, body);

    // Header and body naming different wallets.
    let r = sign(&[("walletName", "miner")], json!({ "walletName": w, "addressPrivateKey": key, "txhash": unsigned }))
        .fails(400, "validation_failed")
        .await;
    assert_eq!(r.field(), "walletName");
    let r = sign(&[], json!({ "addressPrivateKey": key, "txhash": unsigned })).fails(400, "validation_failed").await;
    assert_eq!(r.field(), "walletName");
    sign(&[("walletName", "atx_no_such_wallet")], json!({ "addressPrivateKey": key, "txhash": unsigned }))
        .fails(404, "wallet_not_found")
        .await;
    let r = sign(&[("walletName", &w)], json!({ "addressPrivateKey": key, "txhash": "zz" })).fails(400, "validation_failed").await;
    assert_eq!(r.field(), "txhash");
    let r = sign(&[("walletName", &w)], json!({ "addressPrivateKey": key, "txhash": "00" })).fails(400, "validation_failed").await;
    assert_eq!(r.field(), "txhash");
    let r = sign(&[("walletName", &w)], json!({ "addressPrivateKey": "cBogus", "txhash": unsigned })).fails(400, "validation_failed").await;
    assert_eq!(r.field(), "addressPrivateKey");
    assert!(!r.text.contains("cBogus"));
    // An input the node cannot find: HTTP 200, complete false, the reason per input.
    let d = sign(&[("walletName", &w)], json!({ "walletName": w, "addressPrivateKey": key, "txhash": unsigned })).data().await;
    assert_eq!(d["complete"], false);
    assert_eq!(d["errors"][0]["txid"], "11".repeat(32));
    assert_eq!(d["errors"][0]["vout"], 0);
    assert!(d["errors"][0]["error"].is_string());

    let broadcast = |hex: &str| Call::post("/api/Transactions/broadcast-transaction", &[], json!({ "signedTxHash": hex }));
    let r = broadcast("not hex at all").fails(400, "validation_failed").await;
    assert_eq!(r.field(), "signedTxHash");
    let r = broadcast("deadbeef").fails(400, "validation_failed").await;
    assert_eq!(r.body["error"]["nodeCode"], -22);
    Call::post("/api/Transactions/broadcast-transaction", &[], json!({})).fails(400, "validation_failed").await;
    // Missing inputs (-25).
    let r = broadcast(unsigned).fails(422, "transaction_rejected").await;
    assert_eq!(r.body["error"]["nodeCode"], -25);
    assert!(r.body["error"]["nodeMessage"].is_string());
}
