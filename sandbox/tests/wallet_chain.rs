//! Wallet and chain operations end to end (W2, W7–W15, L1–L2, B1–B4, U1–U2).

mod common;

use common::Api;

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
