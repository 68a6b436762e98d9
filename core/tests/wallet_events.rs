//! The wallet event stream (`watch_wallet`, `wait_for_payment`) on a real regtest node, with the
//! sandbox's chain events (`/sandbox/reorg`, `/sandbox/replace`): docs/adr/0015.
//!
//! Run under the launcher (these tests reorganise the chain, so they run one at a time and not
//! beside other suites that count blocks):
//!
//! ```sh
//! scripts/with-sandbox cargo test -p wallet-sdk --test wallet_events
//! ```
//!
//! `test = false` in `Cargo.toml`: a plain `cargo test -p wallet-sdk` does not run it; named
//! explicitly it FAILS without the launcher's variables.

use std::time::Duration;

use serde_json::{json, Value};
use wallet_sdk::*;

/// One test at a time: each mines, and one reorganises the chain.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

fn env(name: &str) -> String {
    std::env::var(name).ok().filter(|v| !v.is_empty()).unwrap_or_else(|| {
        panic!("{name} is not set: run under the launcher: scripts/with-sandbox cargo test -p wallet-sdk --test wallet_events")
    })
}

fn builder() -> ClientBuilder {
    Client::builder().base_url(env("WALLET_SDK_BASE_URL")).credential(env("WALLET_SDK_API_KEY")).timeout(Duration::from_secs(120))
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
}

/// A sandbox-only endpoint (`/sandbox/...`): its `data`. HTTP/1.0, so that the answer is
/// neither chunked nor kept alive: read to the end, split at the blank line.
async fn sandbox(path: &str, body: Value) -> Value {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let base = env("WALLET_SDK_BASE_URL");
    let host = base.trim_start_matches("http://").trim_end_matches('/').to_string();
    let body = body.to_string();
    let mut stream = tokio::net::TcpStream::connect(&host).await.expect("sandbox reachable");
    let head = format!("POST {path} HTTP/1.0\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n", body.len());
    stream.write_all(format!("{head}{body}").as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let (status, payload) = answer.split_once("\r\n\r\n").expect("an HTTP answer");
    let v: Value = serde_json::from_str(payload).unwrap_or_else(|_| panic!("{path}: {answer}"));
    assert!(status.starts_with("HTTP/1.0 2") || status.starts_with("HTTP/1.1 2"), "{path}: {answer}");
    v["data"].clone()
}

async fn mine(blocks: u32) {
    sandbox("/sandbox/mine", json!({ "blocks": blocks })).await;
}

/// Pays `address` from the sandbox's miner wallet (another wallet than the one watched).
async fn pay(address: &str, ltc: &str, replaceable: bool) -> String {
    let amount: Value = serde_json::from_str(ltc).unwrap();
    sandbox("/sandbox/fund", json!({ "address": address, "amount": amount, "replaceable": replaceable })).await["txid"]
        .as_str()
        .unwrap()
        .to_string()
}

/// A new wallet and one receiving address of it.
async fn wallet(client: &Client, tag: &str) -> (String, String) {
    let name = format!("rs_ev_{tag}_{:08x}", rand::random::<u32>());
    client.create_wallet(&name).await.expect("create_wallet");
    let address = client
        .create_address(&name, CreateAddressOptions { address_type: Some(AddressType::Bech32), ..Default::default() })
        .await
        .expect("create_address")
        .address;
    (name, address)
}

fn options(cursor: Option<String>) -> WatchOptions {
    WatchOptions { cursor, poll_interval: Duration::from_millis(200), ..Default::default() }
}

/// The next event, within a minute.
async fn next(events: &mut WalletEvents) -> WalletEvent {
    match tokio::time::timeout(Duration::from_secs(60), events.next()).await {
        Ok(Some(Ok(e))) => e,
        Ok(other) => panic!("watch_wallet: {other:?}"),
        Err(_) => panic!("no event within 60 s"),
    }
}

#[track_caller]
fn check(e: &WalletEvent, kind: WalletEventKind, txid: &str) {
    assert_eq!((e.kind, e.txid.as_str()), (kind, txid), "{e:?}");
}

/// No event within `wait`.
async fn quiet(events: &mut WalletEvents, wait: Duration) {
    if let Ok(e) = tokio::time::timeout(wait, events.next()).await {
        panic!("expected no event, got {e:?}");
    }
}

#[test]
fn paid_by_another_wallet_confirmed_resumed_and_sent() {
    let _serial = serial();
    runtime().block_on(async {
        let client = builder().build().unwrap();
        let (w, a) = wallet(&client, "paid").await;
        let mut events = client.watch_wallet(&w, options(None));
        let txid = pay(&a, "1.25", false).await;
        let e = next(&mut events).await;
        check(&e, WalletEventKind::Received, &txid);
        assert_eq!((e.address.as_deref(), e.amount, e.confirmations), (Some(a.as_str()), Amount::from_ltc("1.25").unwrap(), 0));
        mine(1).await;
        let e = next(&mut events).await;
        check(&e, WalletEventKind::Confirmed, &txid);
        assert_eq!(e.confirmations, 1);
        let saved = e.cursor.clone();
        assert!(saved.len() <= MAX_CURSOR_LEN);
        assert_eq!(events.cursor(), Some(saved.as_str()));
        drop(events);

        // an outgoing payment while nobody watched; resuming reports it, and nothing before it
        let (_, elsewhere) = wallet(&client, "payee").await;
        let sent = client
            .send_funds_from_wallet(&w, &elsewhere, Amount::from_ltc("0.4").unwrap(), Default::default())
            .await
            .expect("send")
            .txid;
        let mut events = client.watch_wallet(&w, options(Some(saved.clone())));
        let e = next(&mut events).await;
        check(&e, WalletEventKind::Sent, &sent);
        assert_eq!((e.amount, e.address.as_deref()), (Amount::from_litoshis(-40_000_000), Some(elsewhere.as_str())));
        quiet(&mut events, Duration::from_secs(1)).await;
        // resuming from the same cursor again gives the same event again (the cursor is all the
        // state), and from the `sent` event's cursor nothing
        let mut again = client.watch_wallet(&w, options(Some(saved)));
        check(&next(&mut again).await, WalletEventKind::Sent, &sent);
        let mut after = client.watch_wallet(&w, options(Some(e.cursor.clone())));
        quiet(&mut after, Duration::from_secs(1)).await;
        // a fresh watch reports the history, oldest first
        let mut fresh = client.watch_wallet(&w, options(None));
        let kinds: Vec<_> = [next(&mut fresh).await, next(&mut fresh).await, next(&mut fresh).await].iter().map(|e| e.kind).collect();
        assert_eq!(kinds, [WalletEventKind::Received, WalletEventKind::Confirmed, WalletEventKind::Sent]);
        // the cursor of another wallet is refused
        let mut other = client.watch_wallet("rs_ev_other", options(Some(e.cursor)));
        let err = other.next().await.unwrap().unwrap_err();
        assert_eq!((err.kind(), err.field()), (ErrorKind::InvalidInput, Some("cursor")));
        mine(1).await;
    });
}

#[test]
fn a_reorg_unconfirms_and_the_payment_confirms_again() {
    let _serial = serial();
    runtime().block_on(async {
        let client = builder().build().unwrap();
        let (w, a) = wallet(&client, "reorg").await;
        let txid = pay(&a, "0.5", false).await;
        mine(1).await;
        let mut events = client.watch_wallet(&w, options(None));
        check(&next(&mut events).await, WalletEventKind::Received, &txid);
        check(&next(&mut events).await, WalletEventKind::Confirmed, &txid);
        // the block leaves the chain; the longer new chain leaves the payment in the mempool
        sandbox("/sandbox/reorg", json!({ "depth": 1, "dropTransactions": true })).await;
        let e = next(&mut events).await;
        check(&e, WalletEventKind::Reorged, &txid);
        assert_eq!(e.confirmations, 0);
        let resume = e.cursor.clone();
        mine(1).await;
        let e = next(&mut events).await;
        check(&e, WalletEventKind::Confirmed, &txid);
        // a reorg whose new chain takes the payment again: moved to another block
        sandbox("/sandbox/reorg", json!({ "depth": 1 })).await;
        check(&next(&mut events).await, WalletEventKind::Reorged, &txid);
        check(&next(&mut events).await, WalletEventKind::Confirmed, &txid);
        // resuming from the first `reorged` event: the payment is confirmed now, said once
        let mut resumed = client.watch_wallet(&w, options(Some(resume)));
        check(&next(&mut resumed).await, WalletEventKind::Confirmed, &txid);
        quiet(&mut resumed, Duration::from_secs(1)).await;
    });
}

#[test]
fn a_replaced_payment_and_its_replacement() {
    let _serial = serial();
    runtime().block_on(async {
        let client = builder().build().unwrap();
        let (w, a) = wallet(&client, "rbf").await;
        let mut events = client.watch_wallet(&w, options(None));
        let original = pay(&a, "0.3", true).await;
        check(&next(&mut events).await, WalletEventKind::Received, &original);
        let replaced = sandbox("/sandbox/replace", json!({ "txid": original })).await;
        let replacement = replaced["txid"].as_str().unwrap().to_string();
        assert_ne!(replacement, original);
        let e = next(&mut events).await;
        check(&e, WalletEventKind::Received, &replacement);
        assert_eq!(e.amount, Amount::from_ltc("0.3").unwrap());
        mine(1).await;
        let mut seen = vec![next(&mut events).await, next(&mut events).await];
        seen.sort_by_key(|e| e.kind.as_str());
        check(&seen[0], WalletEventKind::Confirmed, &replacement);
        check(&seen[1], WalletEventKind::Replaced, &original);
        assert!(seen[1].confirmations < 0, "{:?}", seen[1]);
        // only the replacement counts as paid
        let paid = client
            .wait_for_payment(&w, &a, Amount::from_ltc("0.3").unwrap(), WaitForPaymentOptions { timeout: Some(Duration::from_secs(5)), ..Default::default() })
            .await
            .unwrap();
        assert_eq!((paid.status, paid.txids), (PaymentStatus::Paid, vec![replacement]));
    });
}

#[test]
fn wait_for_payment_reports_underpaid_paid_and_overpaid() {
    let _serial = serial();
    runtime().block_on(async {
        let client = builder().build().unwrap();
        let (w, a) = wallet(&client, "wait").await;
        let first = pay(&a, "0.3", false).await;
        mine(1).await;
        let short = WaitForPaymentOptions { timeout: Some(Duration::from_secs(2)), poll_interval: Duration::from_millis(200), ..Default::default() };
        let p = client.wait_for_payment(&w, &a, Amount::from_ltc("0.5").unwrap(), short.clone()).await.unwrap();
        assert_eq!(p.status, PaymentStatus::Underpaid);
        assert_eq!((p.received, p.txids.clone(), p.confirmations), (Amount::from_ltc("0.3").unwrap(), vec![first.clone()], 1));
        // the rest arrives while waiting, unconfirmed first: it counts once mined
        let waiting = {
            let client = client.clone();
            let (w, a) = (w.clone(), a.clone());
            tokio::spawn(async move {
                let o = WaitForPaymentOptions { timeout: Some(Duration::from_secs(60)), poll_interval: Duration::from_millis(200), ..Default::default() };
                client.wait_for_payment(&w, &a, Amount::from_ltc("0.5").unwrap(), o).await
            })
        };
        let second = pay(&a, "0.2", false).await;
        tokio::time::sleep(Duration::from_millis(600)).await;
        assert!(!waiting.is_finished(), "an unconfirmed payment must not count");
        mine(1).await;
        let p = waiting.await.unwrap().unwrap();
        assert_eq!((p.status, p.received, p.txids), (PaymentStatus::Paid, Amount::from_ltc("0.5").unwrap(), vec![first, second]));
        let p = client.wait_for_payment(&w, &a, Amount::from_ltc("0.4").unwrap(), short).await.unwrap();
        assert_eq!((p.status, p.received), (PaymentStatus::Overpaid, Amount::from_ltc("0.5").unwrap()));
    });
}

#[test]
fn the_blocking_client_iterates_events() {
    let _serial = serial();
    let client = blocking::Client::from_builder(builder()).unwrap();
    let (w, a) = runtime().block_on(async { wallet(&client.async_client(), "blocking").await });
    let txid = runtime().block_on(pay(&a, "0.1", false));
    let mut events = client.watch_wallet(&w, options(None));
    let e = events.next().unwrap().unwrap();
    check(&e, WalletEventKind::Received, &txid);
    assert_eq!(events.cursor(), Some(e.cursor.as_str()));
    runtime().block_on(mine(1));
    check(&events.next().unwrap().unwrap(), WalletEventKind::Confirmed, &txid);
    let p = client.wait_for_payment(&w, &a, Amount::from_ltc("0.1").unwrap(), WaitForPaymentOptions::default()).unwrap();
    assert_eq!(p.status, PaymentStatus::Paid);
}
