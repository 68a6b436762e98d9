//! Client overhead per call, measured against a local keep-alive HTTP server that answers
//! instantly with a realistic page (25 wallet transactions), so the numbers are the SDK's own
//! cost: request building, the pooled connection, decoding into typed results with exact
//! amounts, redaction of the kept raw JSON. Run with `cargo bench -p wallet-sdk`.
//!
//! A speed target belongs here, not in a timed test: compare runs on one machine.

use std::time::{Duration, Instant};

use wallet_sdk::{Client, WalletTransactionsOptions};

#[path = "support/keep_alive.rs"]
mod keep_alive;

fn page_body() -> String {
    let item = r#"{"txid":"76fb7e579108b4ae3d207f62f3fd3b0dc9b3823711576cedf6333a3add6f0a35","category":"send","address":"rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9","label":null,"amount":-0.99998360,"fee":0.00001640,"vout":1,"mwebOutputId":null,"confirmations":2,"trusted":true,"blockHash":"ba24f76091b5371920e500a66e49408bad56b9fd66a62bbf09882263ddd292c5","blockHeight":505,"blockIndex":2,"blockTime":1795305290,"time":1795305274,"timeReceived":1795305274,"comment":"invoice 17","to":"Alice","replaceable":"no","abandoned":false}"#;
    let items = vec![item; std::env::var("BENCH_ITEMS").ok().and_then(|v| v.parse().ok()).unwrap_or(25)].join(",");
    format!(r#"{{"successful":true,"message":"ok","data":{{"walletName":"bench","skip":0,"count":25,"items":[{items}]}}}}"#)
}

fn report(name: &str, calls: u32, elapsed: Duration) {
    println!(
        "{name:<44} {calls:>6} calls  {:>9.1} µs/call  {:>8.0} calls/s",
        elapsed.as_secs_f64() * 1e6 / calls as f64,
        calls as f64 / elapsed.as_secs_f64()
    );
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base_url = format!("http://{}", listener.local_addr().unwrap());
        let page = keep_alive::json_response(&page_body());
        tokio::spawn(keep_alive::serve_gets(listener, move |_| page.clone()));
        // A structurally valid, long-lived JWT: the server here does not check it.
        let key = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl";
        let client = Client::builder().base_url(&base_url).api_key(key).build().unwrap();
        let call = || client.wallet_transactions("bench", WalletTransactionsOptions::default());
        for _ in 0..200 {
            call().await.unwrap(); // warm the pool
        }

        let calls = 5_000;
        let t = Instant::now();
        for _ in 0..calls {
            let page = call().await.unwrap();
            assert!(!page.items.is_empty());
        }
        report("wallet_transactions (25 items), sequential", calls, t.elapsed());

        let t = Instant::now();
        let tasks: Vec<_> = (0..32)
            .map(|_| {
                let client = client.clone();
                tokio::spawn(async move {
                    for _ in 0..calls / 32 {
                        client.wallet_transactions("bench", WalletTransactionsOptions::default()).await.unwrap();
                    }
                })
            })
            .collect();
        for task in tasks {
            task.await.unwrap();
        }
        report("wallet_transactions (25 items), 32 tasks", calls / 32 * 32, t.elapsed());
    });
}
