//! The Rust half of the side-by-side harness (`bench/run.sh` drives it; `make bench`).
//!
//! One binary, one role per process so that `taskset` can pin each to its own core:
//!
//! ```text
//! side_by_side responder            # prints "PORT\n", then answers until stdin closes
//! side_by_side raw  URL CALLS WARM N  # raw reqwest + serde_json, N calls in flight
//! side_by_side raw-hyper URL CALLS WARM N  # raw hyper-util pooled client + serde_json, N in flight
//! side_by_side sdk  URL CALLS WARM N  # wallet_sdk::Client::address_balance, N in flight
//! side_by_side mem-raw URL            # peak RSS growth: one 15 MiB page, reqwest + serde_json::Value
//! side_by_side mem-sdk URL            # peak RSS growth: one 15 MiB page, Client::wallet_transactions
//! ```
//!
//! Every client prints one JSON line (`client`, `calls`, `secs`, `p50_us`, `p99_us`, or the
//! memory fields); `bench/run.py` turns them into the table.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Deserialize;
use tokio::io::AsyncReadExt;

#[path = "../../core/benches/support/keep_alive.rs"]
mod keep_alive;

/// A structurally valid, long-lived JWT: the responder does not check it.
const KEY: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl";
const ADDRESS: &str = "rltc1qtvtem442g4rec5t04ruvmd4tfdrjptwk5sjen9";

/// The sandbox's answer to `GET /api/Address/address-balance` (sandbox/src/ops/address.rs).
fn balance_body() -> String {
    format!(
        r#"{{"successful":true,"message":"Address balance","data":{{"address":"{ADDRESS}","confirmed":1.23456789,"unconfirmed":-0.00001640,"height":505,"utxoCount":3}}}}"#
    )
}

/// A valid `wallet_transactions` page of about 15 MiB (below the 16 MiB default body cap), with
/// entries as a wallet's page has them: each its own transaction, amount and comment, eight to a
/// block, sharing an address, categories and the counterparty (so that what the Python client
/// shares between entries, see `Conversion` in bindings-python/src/convert.rs, is what it would
/// share on a real page, not a page of one entry repeated).
fn big_page_body() -> String {
    let entry = |i: u64| {
        let block = 505 + i / 8;
        let (category, sign) = if i.is_multiple_of(3) { ("receive", "") } else { ("send", "-") };
        format!(
            r#"{{"txid":"{:032x}{:032x}","category":"{category}","address":"{ADDRESS}","label":null,"amount":{sign}{}.{:08},"fee":0.00001640,"vout":{},"mwebOutputId":null,"confirmations":{},"trusted":true,"blockHash":"{:032x}{:032x}","blockHeight":{block},"blockIndex":{},"blockTime":{},"time":{},"timeReceived":{},"comment":"invoice {i}","to":"Alice","replaceable":"no","abandoned":false}}"#,
            i.wrapping_mul(0x9e37_79b9_7f4a_7c15),
            i,
            i % 7,
            i.wrapping_mul(7919) % 100_000_000,
            i % 2,
            1 + i / 8,
            block.wrapping_mul(0x2545_f491_4f6c_dd1d),
            block,
            i % 8,
            1_795_305_290 + block * 150,
            1_795_305_274 + i * 18,
            1_795_305_274 + i * 18,
        )
    };
    let (mut items, mut n) = (String::new(), 0);
    while items.len() < 15 * 1024 * 1024 - 200 {
        if n > 0 {
            items.push(',');
        }
        items.push_str(&entry(n));
        n += 1;
    }
    format!(r#"{{"successful":true,"message":"ok","data":{{"walletName":"bench","skip":0,"count":{n},"items":[{items}]}}}}"#)
}

/// Keep-alive HTTP/1.1 answering every GET: `/api/Wallet/transactions` with the big page,
/// anything else with the balance envelope. Single-threaded: one core.
fn responder() {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let small = keep_alive::json_response(&balance_body());
        let big = keep_alive::json_response(&big_page_body());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        println!("{}", listener.local_addr().unwrap().port());
        // Stop when the driver closes our stdin (or dies).
        tokio::spawn(async {
            let mut sink = [0u8; 64];
            let mut stdin = tokio::io::stdin();
            while matches!(stdin.read(&mut sink).await, Ok(n) if n > 0) {}
            std::process::exit(0);
        });
        keep_alive::serve_gets(listener, move |head| {
            if head.starts_with(b"GET /api/Wallet/transactions") { big.clone() } else { small.clone() }
        })
        .await;
    });
}

// What a hand-rolled client would decode: the envelope and the balance, typed.
#[derive(Deserialize)]
#[allow(dead_code)]
struct Envelope<T> {
    successful: bool,
    message: Option<String>,
    data: T,
}

#[derive(Deserialize)]
#[allow(dead_code)]
#[serde(rename_all = "camelCase")]
struct Balance {
    address: String,
    confirmed: f64,
    unconfirmed: f64,
    height: i64,
    utxo_count: i64,
}

fn raw_client() -> reqwest::Client {
    // The workspace's reqwest has no TLS provider of its own; plain http needs none, but the
    // builder asks for one.
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder().build().unwrap()
}

async fn raw_call(client: &reqwest::Client, url: &str) {
    let resp = client
        .get(url)
        .query(&[("address", ADDRESS)])
        .header("nodeUrlOrApiAccessKey", KEY)
        .send()
        .await
        .unwrap();
    assert!(resp.status().is_success());
    let bytes = resp.bytes().await.unwrap();
    let envelope: Envelope<Balance> = serde_json::from_slice(&bytes).unwrap();
    assert!(envelope.successful && envelope.data.utxo_count == 3);
}

/// A raw hyper-util client built as the SDK builds its transport (core/src/transport/): the
/// legacy pooled `Client` over hyper-rustls's `HttpsConnector` around an `HttpConnector` with the
/// same settings (no Nagle delay, TCP keep-alive 15 s, 10 s connect timeout, http and https),
/// HTTP/1.1 only, 90 s idle pool on tokio's timer, rustls with the ring provider and the web-PKI
/// roots. What it lacks against the SDK: a route (proxy) of its own, and everything per call.
type RawHyper = hyper_util::client::legacy::Client<
    hyper_rustls::HttpsConnector<hyper_util::client::legacy::connect::HttpConnector>,
    http_body_util::Empty<bytes::Bytes>,
>;

fn raw_hyper_client() -> RawHyper {
    let mut http = hyper_util::client::legacy::connect::HttpConnector::new();
    http.enforce_http(false);
    http.set_connect_timeout(Some(Duration::from_secs(10)));
    http.set_nodelay(true);
    http.set_keepalive(Some(Duration::from_secs(15)));
    http.set_keepalive_interval(Some(Duration::from_secs(15)));
    http.set_keepalive_retries(Some(3));
    let mut roots = rustls::RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    let tls = rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let https = hyper_rustls::HttpsConnectorBuilder::new().with_tls_config(tls).https_or_http().enable_http1().wrap_connector(http);
    hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
        .pool_idle_timeout(Duration::from_secs(90))
        .pool_timer(hyper_util::rt::TokioTimer::new())
        .build(https)
}

/// One call as a hand-written hyper client makes it: the URI (with the query) parsed per call,
/// the credential header, the whole body collected, then the same typed serde decode as the
/// raw reqwest row.
async fn raw_hyper_call(client: &RawHyper, url: &str, key: &http::HeaderValue) {
    use http_body_util::BodyExt;
    let uri: http::Uri = format!("{url}?address={ADDRESS}").parse().unwrap();
    let req = http::Request::get(uri).header("nodeUrlOrApiAccessKey", key.clone()).body(http_body_util::Empty::new()).unwrap();
    let resp = client.request(req).await.unwrap();
    assert!(resp.status().is_success());
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    let envelope: Envelope<Balance> = serde_json::from_slice(&bytes).unwrap();
    assert!(envelope.successful && envelope.data.utxo_count == 3);
}

/// Runs `calls` calls with `in_flight` tasks pulling from one counter; returns the elapsed
/// time and every call's latency.
async fn drive<F, Fut>(calls: u64, in_flight: u64, call: F) -> (Duration, Vec<Duration>)
where
    F: Fn() -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    let call = Arc::new(call);
    let next = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let tasks: Vec<_> = (0..in_flight)
        .map(|_| {
            let (call, next) = (call.clone(), next.clone());
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                while next.fetch_add(1, Ordering::Relaxed) < calls {
                    let t = Instant::now();
                    call().await;
                    latencies.push(t.elapsed());
                }
                latencies
            })
        })
        .collect();
    let mut all = Vec::with_capacity(calls as usize);
    for task in tasks {
        all.extend(task.await.unwrap());
    }
    (start.elapsed(), all)
}

fn print_row(client: &str, elapsed: Duration, mut latencies: Vec<Duration>) {
    latencies.sort();
    let pct = |p: f64| latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)].as_secs_f64() * 1e6;
    println!(
        r#"{{"client":"{client}","calls":{},"secs":{:.6},"p50_us":{:.1},"p99_us":{:.1}}}"#,
        latencies.len(),
        elapsed.as_secs_f64(),
        pct(0.50),
        pct(0.99)
    );
}

fn throughput(kind: &str, base: &str, calls: u64, warm: u64, in_flight: u64) {
    // Default multi-thread runtime: under `taskset -c 1` it has one worker, as an app would.
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        match kind {
            "raw" => {
                let client = raw_client();
                let url: Arc<str> = format!("{base}/api/Address/address-balance").into();
                let make = move || {
                    let (client, url) = (client.clone(), url.clone());
                    async move { raw_call(&client, &url).await }
                };
                drive(warm, in_flight, make.clone()).await;
                let (elapsed, lat) = drive(calls, in_flight, make).await;
                print_row(&format!("raw reqwest + serde_json, {in_flight} in flight"), elapsed, lat);
            }
            "raw-hyper" => {
                // one Arc per call, as the other rows clone theirs (the hyper client's own clone
                // copies several handles)
                let client = Arc::new(raw_hyper_client());
                let url: Arc<str> = format!("{base}/api/Address/address-balance").into();
                let key = http::HeaderValue::from_static(KEY);
                let make = move || {
                    let (client, url, key) = (client.clone(), url.clone(), key.clone());
                    async move { raw_hyper_call(&client, &url, &key).await }
                };
                drive(warm, in_flight, make.clone()).await;
                let (elapsed, lat) = drive(calls, in_flight, make).await;
                print_row(&format!("raw hyper-util + serde_json, {in_flight} in flight"), elapsed, lat);
            }
            "sdk" => {
                let client = wallet_sdk::Client::builder().base_url(base).api_key(KEY).build().unwrap();
                let make = move || {
                    let client = client.clone();
                    async move {
                        let b = client.address_balance(ADDRESS).await.unwrap();
                        assert_eq!(b.utxo_count, Some(3));
                    }
                };
                drive(warm, in_flight, make.clone()).await;
                let (elapsed, lat) = drive(calls, in_flight, make).await;
                print_row(&format!("wallet_sdk::Client (async), {in_flight} in flight"), elapsed, lat);
            }
            _ => unreachable!(),
        }
    });
}

/// kB from a line of /proc/self/status (`VmRSS`, `VmHWM`).
fn status_kb(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches(" kB").parse().ok())
        .unwrap_or(0)
}

/// Peak RSS growth of one big `wallet_transactions` call: RSS before, peak after (the peak is
/// reset first through /proc/self/clear_refs).
fn memory(kind: &str, base: &str) {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let sdk = wallet_sdk::Client::builder().base_url(base).api_key(KEY).build().unwrap();
        let raw = raw_client();
        let url = format!("{base}/api/Wallet/transactions");
        // warm: pool, runtime, allocator
        sdk.address_balance(ADDRESS).await.unwrap();
        raw_call(&raw, &format!("{base}/api/Address/address-balance")).await;
        let _ = std::fs::write("/proc/self/clear_refs", "5");
        let before = status_kb("VmRSS");
        let (label, entries, peak) = match kind {
            "mem-raw" => {
                let resp = raw.get(&url).header("nodeUrlOrApiAccessKey", KEY).header("walletName", "bench").send().await.unwrap();
                let bytes = resp.bytes().await.unwrap();
                let value: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
                let peak = status_kb("VmHWM");
                ("raw reqwest + serde_json::Value", value["data"]["items"].as_array().unwrap().len(), peak)
            }
            "mem-sdk" => {
                let page = sdk.wallet_transactions("bench", wallet_sdk::WalletTransactionsOptions::default()).await.unwrap();
                let peak = status_kb("VmHWM");
                ("wallet_sdk::Client::wallet_transactions", page.items.len(), peak)
            }
            _ => unreachable!(),
        };
        let body_len = big_page_body().len();
        println!(
            r#"{{"client":"{label}","body_bytes":{body_len},"entries":{entries},"rss_before_kb":{before},"peak_kb":{peak},"growth_kb":{}}}"#,
            peak.saturating_sub(before)
        );
    });
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let num = |i: usize| -> u64 { args[i].parse().unwrap() };
    match args.first().map(String::as_str) {
        Some("responder") => responder(),
        Some(kind @ ("raw" | "raw-hyper" | "sdk")) => throughput(kind, &args[1], num(2), num(3), num(4)),
        Some(kind @ ("mem-raw" | "mem-sdk")) => memory(kind, &args[1]),
        // `cargo bench` with no arguments: nothing to do alone; bench/run.sh drives the roles.
        _ => eprintln!("side_by_side: run through bench/run.sh (make bench)"),
    }
}
