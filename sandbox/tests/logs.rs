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
