//! Correctness under concurrency (not timing): 200 concurrent reads and 20 concurrent address
//! creations on one encrypted wallet all succeed, and the node is healthy afterwards.

mod common;

use common::Api;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_reads_and_address_creations_all_succeed() {
    let api = Api::new();
    let wallet = common::unique("load");
    let created = api.post("/api/Wallet/create-encrypted-wallet", &[], json!({ "walletName": wallet })).await;
    let passphrase = created.data()["encryptedPassphrase"].as_str().unwrap().to_string();

    let mut reads = Vec::new();
    for i in 0..200 {
        let (wallet, key) = (wallet.clone(), api.credential.clone());
        reads.push(tokio::spawn(async move {
            let api = Api::with_credential(&key);
            match i % 3 {
                0 => api.get("/api/Blocks/blockchain-info", &[], &[]).await,
                1 => api.get("/api/Wallet/balance", &[("walletName", &wallet)], &[]).await,
                _ => api.get("/api/Wallet/official-address", &[("walletName", &wallet)], &[]).await,
            }
        }));
    }
    let mut creations = Vec::new();
    for i in 0..20 {
        let (wallet, passphrase, key) = (wallet.clone(), passphrase.clone(), api.credential.clone());
        creations.push(tokio::spawn(async move {
            // Every type, MWEB included: MWEB keys need the wallet unlocked.
            Api::with_credential(&key)
                .post("/api/Address/create", &[("walletName", &wallet), ("encryptedPassphrase", &passphrase)], json!({ "type": i % 4, "label": format!("load-{i}") }))
                .await
        }));
    }
    for r in reads {
        r.await.unwrap().data();
    }
    let mut addresses = std::collections::HashSet::new();
    for r in creations {
        let r = r.await.unwrap();
        addresses.insert(r.data()["address"].as_str().unwrap().to_string());
    }
    assert_eq!(addresses.len(), 20, "20 distinct addresses expected");

    // The node is healthy and the wallet locked again.
    api.get("/api/Blocks/blockchain-info", &[], &[]).await.data();
    let details = api.get("/api/Wallet/details", &[], &[("walletName", &wallet), ("nodeUrlOrApiAccessKey", &api.credential)]).await;
    assert_eq!(details.data()["encrypted"], true);
    assert_eq!(details.data()["unlockedUntil"], 0);
    let listed = api.get("/api/Wallet/addresses", &[("walletName", &wallet)], &[]).await;
    let listed: Vec<String> = listed.data()["addresses"].as_array().unwrap().iter().map(|a| a["address"].as_str().unwrap().to_string()).collect();
    for a in &addresses {
        if !a.starts_with("tmweb") {
            assert!(listed.contains(a), "{a} missing from the wallet's addresses");
        }
    }
}
