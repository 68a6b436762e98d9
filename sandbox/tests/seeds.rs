//! Wallet creation and the recovery-phrase operations: W1, W3, W4, W5, W6, W16, W17, W18, A9, A10,
//! and their end-to-end stories, against the real regtest node.

mod common;

use common::{unique, Api, CHAIN};
use serde_json::{json, Value};

const ABANDON: &str = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";


async fn rpc(wallet: Option<&str>, method: &str, params: Value) -> Value {
    common::node_rpc(wallet, method, params).await
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
        Api::new().post(path, &[], json!({ "walletName": name })).await.assert_error(409, "wallet_exists");
    }
    // compat real: HTTP 200, successful:false, no error object.
    Api::real().post("/api/Wallet/create", &[], json!({ "walletName": name })).await.assert_real_failure();
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
    // Compat real: a validation failure is HTTP 200 successful:false (docs/adr/0001).
    Api::real().post("/api/Wallet/create", &[], json!({ "walletName": "../evil" })).await.assert_real_failure();
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
    let wrong = common::node_call(Some(&name), "walletpassphrase", json!(["not-it", 1])).await.unwrap_err();
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

// ---------------------------------------------------------------- helpers for seeded wallets

async fn create_importable(encrypted: bool) -> Value {
    let path = if encrypted { "/api/Wallet/create-importable-encrypted-wallet" } else { "/api/Wallet/create-importable-wallet" };
    let name = unique(if encrypted { "seeds_w5" } else { "seeds_w4" });
    Api::new().post(path, &[], json!({ "walletName": name })).await.data().clone()
}

async fn default_address(path: &str, phrase: &str, address_type: Option<&str>) -> common::Resp {
    let query: Vec<(&str, &str)> = address_type.map(|t| vec![("addressType", t)]).unwrap_or_default();
    Api::new().get(path, &[("mnemonics", phrase)], &query).await
}

async fn w17(phrase: &str, address_type: &str) -> String {
    default_address("/api/Wallet/wallet-default-address", phrase, Some(address_type)).await.data()["address"].as_str().unwrap().to_string()
}

async fn dumpprivkey(wallet: &str, address: &str, passphrase: Option<&str>) -> Value {
    if let Some(pp) = passphrase {
        rpc(Some(wallet), "walletpassphrase", json!([pp, 5])).await;
    }
    let wif = rpc(Some(wallet), "dumpprivkey", json!([address])).await;
    if passphrase.is_some() {
        rpc(Some(wallet), "walletlock", json!([])).await;
    }
    wif
}

async fn private_key_v2(wallet: &str, phrase: &str, address: &str) -> common::Resp {
    Api::new().get("/api/Address/address-private-key-v2", &[("wallet", wallet), ("mnemonics", phrase)], &[("address", address)]).await
}

// ---------------------------------------------------------------- W4 create-importable-wallet

#[tokio::test]
async fn w4_importable_wallet_matches_the_phrase() {
    let d = create_importable(false).await;
    let name = d["walletName"].as_str().unwrap();
    assert_eq!(d["encrypted"], false);
    assert_eq!(d["importable"], true);
    assert!(d.get("encryptedPassphrase").is_none());
    let phrase = d["mnemonics"].as_str().unwrap();
    assert_eq!(phrase.split(' ').count(), 12);
    let official = d["officialAddress"].as_str().unwrap();
    assert!(official.starts_with("rltc1q"));
    // hdSeedId is Core's, and the sandbox's own computation agrees (A9 below compares them).
    let wi = rpc(Some(name), "getwalletinfo", json!([])).await;
    assert_eq!(wi["hdseedid"], d["hdSeedId"]);
    let info = rpc(Some(name), "getaddressinfo", json!([official])).await;
    assert_eq!(info["hdkeypath"], "m/0'/0'/0'");
    assert_eq!(info["hdseedid"], d["hdSeedId"]);
    // W17 of the same phrase = the official address (same type), and the other encodings are the wallet's key 0 too.
    assert_eq!(w17(phrase, "2").await, official);
    for t in ["0", "1", "legacy", "p2sh-segwit"] {
        let a = w17(phrase, t).await;
        let info = rpc(Some(name), "getaddressinfo", json!([a])).await;
        assert_eq!(info["ismine"], true, "{t} {a}");
        assert_eq!(info["hdkeypath"], "m/0'/0'/0'");
    }
    // A9: the key computed from the phrase is what Core dumps for the official address.
    let r = private_key_v2(name, phrase, official).await;
    let k = r.data();
    assert_eq!(k["privateKey"], dumpprivkey(name, official, None).await);
    assert_eq!(k["format"], "wif");
    assert_eq!(k["hdKeyPath"], "m/0'/0'/0'");
    assert_eq!(k["address"], official);
    // The MWEB keychain works after the reload.
    let mweb = rpc(Some(name), "getnewaddress", json!(["", "mweb"])).await;
    assert!(mweb.as_str().unwrap().starts_with("tmweb1"), "{mweb}");
    // A second wallet gets another phrase.
    assert_ne!(create_importable(false).await["mnemonics"], d["mnemonics"]);
}

#[tokio::test]
async fn seeded_creations_refuse_bad_and_taken_names() {
    let api = Api::new();
    for path in ["/api/Wallet/create-importable-wallet", "/api/Wallet/create-importable-encrypted-wallet"] {
        let r = api.post(path, &[], json!({ "walletName": "../evil" })).await;
        r.assert_error(400, "validation_failed");
        assert_eq!(r.field(), "walletName");
    }
    let r = api.post("/api/Wallet/import-wallet", &[], json!({ "new_wallet_name": "../evil", "mnemonics": ABANDON })).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "new_wallet_name");
    let r = api.post("/api/Wallet/import-wallet", &[], json!({ "walletName": "x", "mnemonics": ABANDON })).await;
    assert_eq!(r.field(), "new_wallet_name");
    let wallets = rpc(None, "listwalletdir", json!([])).await;
    assert!(!wallets.to_string().contains("evil"), "{wallets}");

    let taken = create_importable(false).await;
    let name = taken["walletName"].as_str().unwrap();
    for path in ["/api/Wallet/create-importable-wallet", "/api/Wallet/create-importable-encrypted-wallet"] {
        api.post(path, &[], json!({ "walletName": name })).await.assert_error(409, "wallet_exists");
    }
    let body = json!({ "new_wallet_name": name, "mnemonics": ABANDON });
    api.post("/api/Wallet/import-wallet", &[], body.clone()).await.assert_error(409, "wallet_exists");
    Api::real().post("/api/Wallet/import-wallet", &[], body).await.assert_real_failure();
    // The taken wallet was left as it was.
    assert_eq!(rpc(Some(name), "getwalletinfo", json!([])).await["hdseedid"], taken["hdSeedId"]);
}

// ---------------------------------------------------------------- W5 + W6: same phrase, same addresses

#[tokio::test]
async fn w5_encrypted_importable_equals_the_plain_import_of_its_phrase() {
    let d = create_importable(true).await;
    let name = d["walletName"].as_str().unwrap().to_string();
    assert_eq!(d["encrypted"], true);
    assert_eq!(d["importable"], true);
    let pp = d["encryptedPassphrase"].as_str().unwrap();
    assert_eq!(pp.len(), 43);
    let phrase = d["mnemonics"].as_str().unwrap();
    assert_eq!(rpc(Some(&name), "getwalletinfo", json!([])).await["unlocked_until"], 0, "left locked");

    // Same phrase into a plain wallet (W6), then compare the key-0 encodings and the next keys.
    let plain = unique("seeds_w5p");
    let i = Api::new().post("/api/Wallet/import-wallet", &[], json!({ "new_wallet_name": plain, "mnemonics": phrase })).await;
    let i = i.data();
    assert_eq!(i["officialAddress"], d["officialAddress"]);
    assert_eq!(i["hdSeedId"], d["hdSeedId"]);
    assert_eq!(i["encrypted"], false);
    for t in ["0", "1", "2"] {
        let a = w17(phrase, t).await;
        for w in [name.as_str(), plain.as_str()] {
            let info = rpc(Some(w), "getaddressinfo", json!([a])).await;
            assert_eq!(info["ismine"], true, "type {t} in {w}");
            assert_eq!(info["hdkeypath"], "m/0'/0'/0'");
        }
    }
    for t in ["legacy", "p2sh-segwit", "bech32"] {
        // Works locked for these types (keypool).
        let a = rpc(Some(&name), "getnewaddress", json!(["", t])).await;
        let b = rpc(Some(&plain), "getnewaddress", json!(["", t])).await;
        assert_eq!(a, b, "{t}");
    }
}

// ---------------------------------------------------------------- story: import finds the funds

#[tokio::test]
async fn story_importable_wallet_then_import_finds_address_and_funds() {
    let api = Api::new();
    let original = create_importable(false).await;
    let name = original["walletName"].as_str().unwrap();
    let phrase = original["mnemonics"].as_str().unwrap();
    let official = original["officialAddress"].as_str().unwrap();
    // Another receive address of the original (key 1).
    let second = rpc(Some(name), "getnewaddress", json!(["second", "legacy"])).await;
    let second = second.as_str().unwrap();
    {
        let _chain = CHAIN.read().await;
        api.fund(official, "1.5", false).await;
        api.fund(second, "0.25", true).await;
    }
    let imported = unique("seeds_imp");
    let r = api.post("/api/Wallet/import-wallet", &[], json!({ "new_wallet_name": imported, "mnemonics": phrase })).await;
    let d = r.data();
    assert_eq!(d["walletName"], imported);
    assert_eq!(d["officialAddress"], official);
    assert_eq!(d["hdSeedId"], original["hdSeedId"]);
    assert_eq!(d["importable"], true);
    assert_eq!(d["rescan"]["startHeight"], 0);
    assert!(d["rescan"]["stopHeight"].as_u64().unwrap() >= 533);
    let balances = rpc(Some(&imported), "getbalances", json!([])).await;
    assert_eq!(balances["mine"]["trusted"].to_string(), "1.75000000", "{balances}");
    // Found addresses are in the address book (listreceivedbyaddress shows them).
    let received = rpc(Some(&imported), "listreceivedbyaddress", json!([0, true])).await;
    let listed: Vec<&str> = received.as_array().unwrap().iter().map(|e| e["address"].as_str().unwrap()).collect();
    assert!(listed.contains(&official) && listed.contains(&second), "{received}");
    let info = rpc(Some(&imported), "getaddressinfo", json!([official])).await;
    assert_eq!(info["labels"], json!(["official"]));
    // The imported wallet's key sequence continues after the used keys.
    let next = rpc(Some(&imported), "getnewaddress", json!(["", "legacy"])).await;
    assert_ne!(next.as_str().unwrap(), second);
}

#[tokio::test]
async fn w6_refuses_bad_phrases() {
    let api = Api::new();
    let name = unique("seeds_w6bad");
    for (phrase, why) in [
        ("abandon abandon abandon", "word count"),
        (&*ABANDON.replace("about", "abandon"), "checksum"),
        (&*ABANDON.replace("about", "bitcoinz"), "unknown word"),
    ] {
        let r = api.post("/api/Wallet/import-wallet", &[], json!({ "new_wallet_name": name, "mnemonics": phrase })).await;
        r.assert_error(400, "validation_failed");
        assert_eq!(r.field(), "mnemonics", "{why}");
        assert!(!r.text.contains("bitcoinz"), "the phrase is echoed: {}", r.text);
    }
    let r = api.post("/api/Wallet/import-wallet", &[], json!({ "new_wallet_name": name })).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "mnemonics");
    Api::real().post("/api/Wallet/import-wallet", &[], json!({ "new_wallet_name": name, "mnemonics": "a b c" })).await.assert_real_failure();
    // No wallet was created by the refused requests.
    assert!(common::node_call(Some(&name), "getwalletinfo", json!([])).await.is_err());
    // Messy spacing and case are normalised, not refused.
    let messy = format!("  {}  ", ABANDON.to_uppercase().replace(' ', "   "));
    let r = api.post("/api/Wallet/import-wallet", &[], json!({ "new_wallet_name": name, "mnemonics": messy })).await;
    assert_eq!(r.data()["officialAddress"].as_str().unwrap(), w17(ABANDON, "2").await);
}

// ---------------------------------------------------------------- W16 set-wallet-mnemonics

#[tokio::test]
async fn w16_sets_the_seed_of_a_plain_wallet() {
    let api = Api::new();
    let name = unique("seeds_w16");
    let created = api.post("/api/Wallet/create", &[], json!({ "walletName": name })).await.data().clone();
    let phrase = create_importable(false).await["mnemonics"].as_str().unwrap().to_string();
    let r = api.post("/api/Wallet/set-wallet-mnemonics", &[("walletName", &name)], json!({ "mnemonics": phrase })).await;
    let d = r.data();
    assert_eq!(d["walletName"], name);
    assert_eq!(d["previousHdSeedId"], created["hdSeedId"]);
    assert_ne!(d["hdSeedId"], created["hdSeedId"]);
    assert_eq!(rpc(Some(&name), "getwalletinfo", json!([])).await["hdseedid"], d["hdSeedId"]);
    assert_eq!(d["rescan"]["startHeight"], 0);
    // The new official address is key 0 of the phrase; the old one is relabelled and still the wallet's.
    let official = rpc(Some(&name), "getaddressesbylabel", json!(["official"])).await;
    let official: Vec<&String> = official.as_object().unwrap().keys().collect();
    assert_eq!(official, vec![&w17(&phrase, "2").await]);
    let old = rpc(Some(&name), "getaddressinfo", json!([created["officialAddress"]])).await;
    assert_eq!(old["labels"], json!(["official-previous"]));
    assert_eq!(old["ismine"], true);
    // Same phrase again: conflict.
    let r = api.post("/api/Wallet/set-wallet-mnemonics", &[("walletName", &name)], json!({ "mnemonics": phrase })).await;
    r.assert_error(409, "conflict");
    Api::real().post("/api/Wallet/set-wallet-mnemonics", &[("walletName", &name)], json!({ "mnemonics": phrase })).await.assert_real_failure();
    // Bad phrase, bad name, unknown wallet.
    let r = api.post("/api/Wallet/set-wallet-mnemonics", &[("walletName", &name)], json!({ "mnemonics": "abandon" })).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "mnemonics");
    let r = api.post("/api/Wallet/set-wallet-mnemonics", &[("walletName", "../evil")], json!({ "mnemonics": ABANDON })).await;
    assert_eq!(r.field(), "walletName");
    api.post("/api/Wallet/set-wallet-mnemonics", &[("walletName", &unique("seeds_none"))], json!({ "mnemonics": ABANDON }))
        .await
        .assert_error(404, "wallet_not_found");
}

#[tokio::test]
async fn w16_on_an_encrypted_wallet_makes_it_match_w4() {
    let api = Api::new();
    let enc = create_importable(true).await;
    let name = enc["walletName"].as_str().unwrap();
    let pp = enc["encryptedPassphrase"].as_str().unwrap();
    let plain = create_importable(false).await;
    let phrase = plain["mnemonics"].as_str().unwrap();
    let path = "/api/Wallet/set-wallet-mnemonics";
    api.post(path, &[("walletName", name)], json!({ "mnemonics": phrase })).await.assert_error(403, "wallet_locked");
    api.post(path, &[("walletName", name), ("encryptedPassphrase", "wrong")], json!({ "mnemonics": phrase }))
        .await
        .assert_error(403, "bad_passphrase");
    let d = api.post(path, &[("walletName", name), ("encryptedPassphrase", pp)], json!({ "mnemonics": phrase })).await;
    let d = d.data();
    assert_eq!(d["hdSeedId"], plain["hdSeedId"]);
    assert_eq!(d["previousHdSeedId"], enc["hdSeedId"]);
    let wi = rpc(Some(name), "getwalletinfo", json!([])).await;
    assert_eq!(wi["unlocked_until"], 0, "left locked");
    // W5's default addresses now equal W4's, in the three encodings.
    for t in ["legacy", "p2sh-segwit", "bech32"] {
        let a = w17(phrase, t).await;
        let info = rpc(Some(name), "getaddressinfo", json!([a])).await;
        assert_eq!(info["ismine"], true, "{t}");
        assert_eq!(info["hdkeypath"], "m/0'/0'/0'");
    }
    let official = rpc(Some(name), "getaddressesbylabel", json!(["official"])).await;
    assert!(official.get(plain["officialAddress"].as_str().unwrap()).is_some(), "{official}");
}

// ---------------------------------------------------------------- W17 / W18

#[tokio::test]
async fn w17_w18_default_addresses() {
    let r = default_address("/api/Wallet/wallet-default-address-v2", ABANDON, None).await;
    let d = r.data();
    assert_eq!(d["address"], "rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg");
    assert_eq!(d["addressType"], "bech32");
    assert_eq!(d["hdKeyPath"], "m/84'/1'/0'/0/0");
    assert_eq!(d["scheme"], "bip44");
    let r = default_address("/api/Wallet/wallet-default-address-v2", ABANDON, Some("0")).await;
    assert_eq!(r.data()["address"], "mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV");
    assert_eq!(r.data()["hdKeyPath"], "m/44'/1'/0'/0/0");
    let r = default_address("/api/Wallet/wallet-default-address-v2", ABANDON, Some("1")).await;
    assert_eq!(r.data()["address"], "QRHtkDQdVvNNwrVjEdeCGviCw7Ny3SNNiA");
    assert_eq!(r.data()["hdKeyPath"], "m/49'/1'/0'/0/0");

    let r = default_address("/api/Wallet/wallet-default-address", ABANDON, None).await;
    let d = r.data();
    assert_eq!(d["addressType"], "bech32");
    assert_eq!(d["hdKeyPath"], "m/0'/0'/0'");
    assert_eq!(d["scheme"], "core-legacy-hd");
    // Core's scheme is not BIP84.
    assert_eq!(d["address"], "rltc1qudgftjfc5pgrujhu8r8qsfvn3zxx0x95lqd76d");
    let legacy = default_address("/api/Wallet/wallet-default-address", ABANDON, Some("legacy")).await;
    assert_eq!(legacy.data()["addressType"], "legacy");
    assert_eq!(legacy.data()["address"], "n2EtDkV6bVADRnm4QECEoAj8hD3eh2oujZ");
    let nested = default_address("/api/Wallet/wallet-default-address", ABANDON, Some("1")).await;
    assert_eq!(nested.data()["address"], "QYL63YT8CKdp3iSfNCRxy5926DSScA61qc");
    // The service's example phrase: key m/0'/0'/0' of the seed Core was seen to use.
    let pole = "pole inch amazing man wrist disorder glove crime doctor chalk chuckle inject";
    let r = default_address("/api/Wallet/wallet-default-address", pole, None).await;
    assert_eq!(r.data()["address"], "rltc1qqmu7rfavhceka4rp8jpt5mth7lsy0ryl0wp70r");
    let r = default_address("/api/Wallet/wallet-default-address-v2", pole, None).await;
    assert_eq!(r.data()["address"], "rltc1qgu54r5klmspmzssd2j7tpm7scxz6jhc4wurqdn");

    for path in ["/api/Wallet/wallet-default-address", "/api/Wallet/wallet-default-address-v2"] {
        default_address(path, ABANDON, Some("3")).await.assert_error(422, "unsupported_address_type");
        let r = default_address(path, ABANDON, Some("taproot")).await;
        r.assert_error(400, "validation_failed");
        assert_eq!(r.field(), "addressType");
        let r = default_address(path, &ABANDON.replace("about", "abandon"), None).await;
        r.assert_error(400, "validation_failed");
        assert_eq!(r.field(), "mnemonics");
        let r = Api::new().get(path, &[], &[]).await;
        r.assert_error(400, "validation_failed");
        assert_eq!(r.field(), "mnemonics");
        Api::real().get(path, &[("mnemonics", ABANDON)], &[("addressType", "3")]).await.assert_real_failure();
    }
}

// ---------------------------------------------------------------- A9 address-private-key-v2

#[tokio::test]
async fn a9_on_a_locked_encrypted_importable_wallet() {
    let d = create_importable(true).await;
    let name = d["walletName"].as_str().unwrap();
    let pp = d["encryptedPassphrase"].as_str().unwrap();
    let phrase = d["mnemonics"].as_str().unwrap();
    let official = d["officialAddress"].as_str().unwrap();
    let key1 = rpc(Some(name), "getnewaddress", json!(["", "legacy"])).await;
    let key1 = key1.as_str().unwrap();
    let change = rpc(Some(name), "getrawchangeaddress", json!(["bech32"])).await;
    let change = change.as_str().unwrap();
    for (address, path) in [(official, "m/0'/0'/0'"), (key1, "m/0'/0'/1'"), (change, "m/0'/1'/0'")] {
        let r = private_key_v2(name, phrase, address).await;
        let k = r.data();
        assert_eq!(k["hdKeyPath"], path);
        assert_eq!(rpc(Some(name), "getwalletinfo", json!([])).await["unlocked_until"], 0, "A9 must not unlock");
        assert_eq!(k["privateKey"], dumpprivkey(name, address, Some(pp)).await, "{path}");
    }
    // A different valid phrase is refused.
    let r = private_key_v2(name, ABANDON, official).await;
    r.assert_error(403, "bad_mnemonics");
    assert!(r.body.get("data").is_none_or(Value::is_null));
    Api::real().get("/api/Address/address-private-key-v2", &[("wallet", name), ("mnemonics", ABANDON)], &[("address", official)]).await.assert_real_failure();
    // Phrase syntax, missing inputs, foreign and invalid addresses.
    let r = private_key_v2(name, "abandon abandon", official).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "mnemonics");
    let r = Api::new().get("/api/Address/address-private-key-v2", &[("wallet", name)], &[("address", official)]).await;
    assert_eq!(r.field(), "mnemonics");
    let r = Api::new().get("/api/Address/address-private-key-v2", &[("wallet", name), ("mnemonics", phrase)], &[]).await;
    assert_eq!(r.field(), "address");
    private_key_v2(name, phrase, "not-an-address").await.assert_error(400, "validation_failed");
    let foreign = w17(ABANDON, "2").await;
    private_key_v2(name, phrase, &foreign).await.assert_error(404, "not_found");
    let r = private_key_v2("../evil", phrase, official).await;
    assert_eq!(r.field(), "wallet");
    private_key_v2(&unique("seeds_none"), phrase, official).await.assert_error(404, "wallet_not_found");
    // MWEB keys are not on the HD chain of the phrase.
    rpc(Some(name), "walletpassphrase", json!([pp, 5])).await;
    let mweb = rpc(Some(name), "getnewaddress", json!(["", "mweb"])).await;
    rpc(Some(name), "walletlock", json!([])).await;
    private_key_v2(name, phrase, mweb.as_str().unwrap()).await.assert_error(422, "unsupported_address_type");
    // Without mnemonics, the passphrase path of address_private_key.
    let r = Api::new()
        .get("/api/Address/address-private-key-v2", &[("wallet", name), ("encryptedPassphrase", pp)], &[("address", key1)])
        .await;
    assert_eq!(r.data()["privateKey"], dumpprivkey(name, key1, Some(pp)).await);
    Api::new()
        .get("/api/Address/address-private-key-v2", &[("wallet", name), ("encryptedPassphrase", "wrong")], &[("address", key1)])
        .await
        .assert_error(403, "bad_passphrase");
    assert_eq!(rpc(Some(name), "getwalletinfo", json!([])).await["unlocked_until"], 0);
}

// ---------------------------------------------------------------- A10 screen-address

async fn screen(wallet: &str, phrase: &str, address: &str) -> common::Resp {
    Api::new().get("/api/Address/screen-address", &[("wallet", wallet), ("mnemonics", phrase)], &[("address", address)]).await
}

#[tokio::test]
async fn a10_screen_address() {
    let d = create_importable(false).await;
    let name = d["walletName"].as_str().unwrap();
    let phrase = d["mnemonics"].as_str().unwrap();
    let official = d["officialAddress"].as_str().unwrap();
    let r = screen(name, phrase, official).await;
    let s = r.data();
    assert_eq!(s["address"], official);
    assert_eq!(s["isValid"], true);
    assert_eq!(s["addressType"], "bech32");
    assert_eq!(s["network"], "regtest");
    assert_eq!(s["isMine"], true);
    assert_eq!(s["hasHistory"], false);
    assert_eq!(s["risk"], "none");
    assert_eq!(s["reasons"], json!([]));
    // A foreign address with history (a payment in the mempool counts).
    let foreign = w17(ABANDON, "legacy").await;
    Api::new().fund(&foreign, "0.1", false).await;
    let s = screen(name, phrase, &foreign).await.data().clone();
    assert_eq!(s["isMine"], false);
    assert_eq!(s["hasHistory"], true);
    assert_eq!(s["addressType"], "legacy");
    // An invalid address is not an error.
    let s = screen(name, phrase, "rltc1qnotanaddress").await.data().clone();
    assert_eq!(s["isValid"], false);
    assert!(s["addressType"].is_null() && s["isMine"].is_null() && s["risk"].is_null());
    // The phrase must be the wallet's.
    screen(name, ABANDON, official).await.assert_error(403, "bad_mnemonics");
    Api::real().get("/api/Address/screen-address", &[("wallet", name), ("mnemonics", ABANDON)], &[("address", official)]).await.assert_real_failure();
    let r = screen(name, "abandon", official).await;
    r.assert_error(400, "validation_failed");
    assert_eq!(r.field(), "mnemonics");
    let r = Api::new().get("/api/Address/screen-address", &[("wallet", name), ("mnemonics", phrase)], &[]).await;
    assert_eq!(r.field(), "address");
    // After W16 the previous phrase still matches through its key 0 (still the wallet's key).
    Api::new()
        .post("/api/Wallet/set-wallet-mnemonics", &[("walletName", name)], json!({ "mnemonics": ABANDON }))
        .await
        .data();
    screen(name, ABANDON, official).await.data();
    screen(name, phrase, official).await.data();
}
