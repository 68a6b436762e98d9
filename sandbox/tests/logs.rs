//! One structured log line per request, and no secret in the log of a run that used them all.

mod common;

use common::OwnSandbox;
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn a_full_run_logs_every_request_and_no_secret() {
    let sandbox = OwnSandbox::start(&[], &[("SANDBOX_LOG", "debug,hyper=info,reqwest=info")]);
    let api = sandbox.api();
    let key = api.credential.clone();
    let node_url = sandbox.ready["nodeUrl"].as_str().unwrap().to_string();
    let node_password = node_url.split('@').next().unwrap().rsplit(':').next().unwrap().to_string();
    let mut secrets: Vec<String> = vec![key.clone(), node_password];
    let mut requests = 0;

    // The credential in the query string (the one operation that takes it there).
    let plain = common::unique("log");
    api.post("/api/Wallet/create", &[], json!({ "walletName": plain })).await.data();
    let r = common::send(reqwest::Client::new().get(format!("{}/api/Wallet/details", api.base_url)).query(&[("nodeUrlOrApiAccessKey", key.as_str()), ("walletName", plain.as_str())])).await;
    r.data();
    requests += 2;

    // A node-URL credential.
    sandbox.api_with(&node_url).get("/api/Blocks/blockchain-info", &[], &[]).await.data();
    requests += 1;

    // Generated passphrase, used in headers and bodies, right and wrong.
    let enc = common::unique("logenc");
    let created = api.post("/api/Wallet/create-encrypted-wallet", &[], json!({ "walletName": enc })).await;
    let passphrase = created.data()["encryptedPassphrase"].as_str().unwrap().to_string();
    secrets.push(passphrase.clone());
    let addr = api
        .post("/api/Address/create", &[("walletName", &enc), ("encryptedPassphrase", &passphrase)], json!({ "type": 0 }))
        .await;
    let address = addr.data()["address"].as_str().unwrap().to_string();
    let wrong = "WrongPassphrase-Secret-123";
    secrets.push(wrong.into());
    api.get("/api/Address/address-private-key", &[("wallet", &enc), ("encryptedPassphrase", wrong)], &[("address", &address)]).await.assert_error(403, "bad_passphrase");
    let pk = api.get("/api/Address/address-private-key", &[("wallet", &enc), ("encryptedPassphrase", &passphrase)], &[("address", &address)]).await;
    let private_key = pk.data()["privateKey"].as_str().unwrap().to_string();
    secrets.push(private_key.clone());
    api.post("/api/Address/sign-message", &[], json!({ "message": "hi", "addressPrivatKey": private_key })).await.data();
    api.post("/api/Wallet/sign-wallet-message", &[("walletName", &enc)], json!({ "message": "hi", "passphrase": passphrase, "address": address })).await.data();
    let new_passphrase = "NewPassphrase-Secret-456";
    secrets.push(new_passphrase.into());
    api.post("/api/Wallet/change-passphrase", &[], json!({ "wallet": enc, "old_passphrase": passphrase, "new_passphrase": new_passphrase })).await.data();
    let encrypt_me = common::unique("logencme");
    api.post("/api/Wallet/create", &[], json!({ "walletName": encrypt_me })).await.data();
    let chosen = "ChosenPassphrase-Secret-789";
    secrets.push(chosen.into());
    api.post("/api/Wallet/encrypt-wallet", &[("walletName", &encrypt_me)], json!({ "passphrase": chosen })).await.data();
    requests += 9;

    // Mnemonics, in bodies and headers.
    let imp = common::unique("logimp");
    let created = api.post("/api/Wallet/create-importable-wallet", &[], json!({ "walletName": imp })).await;
    let mnemonics = created.data()["mnemonics"].as_str().unwrap().to_string();
    secrets.push(mnemonics.clone());
    // Individual words are too short to search for without false hits; a pair is distinctive.
    let words: Vec<&str> = mnemonics.split(' ').collect();
    secrets.push(format!("{} {}", words[0], words[1]));
    api.get("/api/Wallet/wallet-default-address", &[("mnemonics", &mnemonics)], &[]).await.data();
    api.post("/api/Wallet/import-wallet", &[], json!({ "new_wallet_name": common::unique("logimp2"), "mnemonics": mnemonics })).await.data();
    let official = api.get("/api/Wallet/official-address", &[("walletName", &imp)], &[]).await;
    let official = official.data()["address"].as_str().unwrap().to_string();
    let v2 = api.get("/api/Address/address-private-key-v2", &[("wallet", &imp), ("mnemonics", &mnemonics)], &[("address", &official)]).await;
    secrets.push(v2.data()["privateKey"].as_str().unwrap().to_string());
    requests += 5;

    let mut sandbox = sandbox;
    sandbox.signal_and_wait("TERM");
    let log = sandbox.log_text();
    for secret in &secrets {
        assert!(!log.contains(secret.as_str()), "a secret reached the log");
    }
    let access: Vec<&str> = log.lines().filter(|l| l.contains(" access: ")).collect();
    assert!(access.len() >= requests, "expected ≥{requests} access lines, got {}", access.len());
    for line in &access {
        for field in ["method=", "path=", "status=", "latency_ms=", "request_id="] {
            assert!(line.contains(field), "access line lacks {field}: {line}");
        }
    }
    assert!(access.iter().any(|l| l.contains("path=/api/Wallet/details") && l.contains("nodeUrlOrApiAccessKey=[REDACTED]")));
}

/// The access log redacts every query value the server reads as a secret, however its name is
/// written: the server decodes the key names (`%4F` is `O`, `+` a space) and matches them without
/// regard to ASCII case, so the log must do the same.
#[tokio::test(flavor = "multi_thread")]
async fn encoded_query_key_names_are_redacted_too() {
    let sandbox = OwnSandbox::start(&[], &[]);
    let api = sandbox.api();
    let wallet = common::unique("logq");
    api.post("/api/Wallet/create", &[], json!({ "walletName": wallet })).await.data();
    let names = [
        "nodeUrl%4FrApiAccessKey",
        "nodeurl%4frapiaccesskey",
        "%6EodeUrlOrApiAccessKey",
        "%6E%6F%64%65%55%72%6C%4F%72%41%70%69%41%63%63%65%73%73%4B%65%79",
        "NODEURLORAPIACCESSKEY",
        "nodeUrlOrApiAccessKe%79",
    ];
    let mut keys = Vec::new();
    for name in names {
        // A key of its own per spelling, so that a leak names the spelling that leaked.
        let key = api.sandbox_post("/sandbox/keys", json!({ "ttlSeconds": 3600 })).await["apiKey"].as_str().unwrap().to_string();
        let url = format!("{}/api/Wallet/details?walletName={wallet}&{name}={key}", api.base_url);
        // The server reads the credential under that name: the answer is the wallet's details.
        let r = common::send(reqwest::Client::new().get(url)).await;
        assert_eq!(r.data()["walletName"], wallet.as_str(), "{name}: {}", r.text);
        keys.push((name, key));
    }
    // A secret query value other than the credential, under an encoded name.
    let words = "abandon ability able about above absent absorb abstract absurd abuse access accident";
    let query = format!("mn%65monics={}", url::form_urlencoded::byte_serialize(words.as_bytes()).collect::<String>());
    common::send(reqwest::Client::new().get(format!("{}/api/Blocks/blockchain-info?{query}", api.base_url)).header("nodeUrlOrApiAccessKey", &api.credential)).await;

    let mut sandbox = sandbox;
    sandbox.signal_and_wait("TERM");
    let log = sandbox.log_text();
    for (name, key) in &keys {
        assert!(!log.contains(key.as_str()), "the credential sent as ?{name}= reached the log");
        assert!(log.contains(&format!("{name}=[REDACTED]")), "no redacted ?{name}= in the log");
    }
    assert!(!log.contains("abandon+ability"), "mnemonics under an encoded name reached the log");
    assert!(log.contains("mn%65monics=[REDACTED]"));
}
