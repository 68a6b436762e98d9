//! Exactly-once money on the real node (docs/adr/0014): a signed transaction broadcast three
//! times is one transaction; keyed sends and broadcasts whose answer or request is lost by the
//! project's fault proxy (`wallet-fault-proxy`, in front of the sandbox) resolve to what really
//! happened, and a retry with the same key never pays twice.
//!
//! Run under the launcher, which starts the sandbox and the proxy and exports
//! `WALLET_SDK_BASE_URL`, `WALLET_SDK_API_KEY` and `WALLET_FAULT_PROXY_URL`:
//!
//! ```sh
//! scripts/with-sandbox cargo test -p wallet-sdk --test exactly_once_sandbox
//! ```
//!
//! `test = false` in `Cargo.toml`: a plain `cargo test -p wallet-sdk` does not need a sandbox;
//! named explicitly, this target FAILS when the variables are missing.

use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use wallet_sdk::*;

fn env(name: &str) -> String {
    std::env::var(name).ok().filter(|v| !v.is_empty()).unwrap_or_else(|| {
        panic!("{name} is not set: run under the launcher, `scripts/with-sandbox cargo test -p wallet-sdk --test exactly_once_sandbox`")
    })
}

/// POSTs JSON to `base` + `path` on a fresh connection and returns the answer's `data` (or the
/// whole body when it has no envelope, as the proxy's control API answers).
async fn post(base: &str, path: &str, body: Value) -> Value {
    let host = base.trim_start_matches("http://").trim_end_matches('/').to_string();
    let body = body.to_string();
    let mut s = tokio::net::TcpStream::connect(&host).await.expect("connect");
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    s.read_to_end(&mut answer).await.unwrap();
    let text = String::from_utf8_lossy(&answer).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").expect("an HTTP answer");
    assert!(head.starts_with("HTTP/1.1 2"), "{path}: {head} {rest}");
    assert!(!head.to_ascii_lowercase().contains("transfer-encoding: chunked"), "{path}: chunked answers are not read here");
    let v: Value = serde_json::from_str(rest).expect("JSON");
    if v.get("successful").is_some() { v["data"].clone() } else { v }
}

struct Env {
    sandbox: String,
    proxy: String,
    /// A key of this test's own, so that the proxy rules scoped to it touch no other test.
    key: String,
}

async fn setup() -> Env {
    let sandbox = env("WALLET_SDK_BASE_URL");
    let proxy = env("WALLET_FAULT_PROXY_URL");
    let key = post(&sandbox, "/sandbox/keys", json!({"ttlSeconds": 3600})).await["apiKey"].as_str().unwrap().to_string();
    Env { sandbox, proxy, key }
}

impl Env {
    /// A client straight to the sandbox.
    fn direct(&self) -> Client {
        Client::builder().base_url(&self.sandbox).credential(&self.key).timeout(Duration::from_secs(120)).build().unwrap()
    }

    /// A client through the fault proxy, with a short settle time.
    fn proxied(&self) -> Client {
        Client::builder()
            .base_url(&self.proxy)
            .credential(&self.key)
            .timeout(Duration::from_secs(60))
            .settle_time(Duration::from_secs(3))
            .retry_policy(RetryPolicy { base_backoff: Duration::from_millis(50), ..Default::default() })
            .build()
            .unwrap()
    }

    /// Arms a proxy rule for this test's key.
    async fn arm(&self, path: &str, action: &str, count: u32, extra: Value) {
        let mut rule = json!({"path": path, "action": action, "count": count,
            "header": {"name": "nodeUrlOrApiAccessKey", "value": self.key}});
        rule.as_object_mut().unwrap().extend(extra.as_object().cloned().unwrap_or_default());
        assert_eq!(post(&self.proxy, "/_proxy/rules", rule).await["armed"], true);
    }

    /// Requests of this test's key that the proxy wrote to the sandbox on `path`.
    async fn forwarded(&self, path: &str) -> u64 {
        let host = self.proxy.trim_start_matches("http://").to_string();
        let mut s = tokio::net::TcpStream::connect(&host).await.unwrap();
        let req = format!("GET /_proxy/hits?path={path}&key={} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n", self.key);
        s.write_all(req.as_bytes()).await.unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).await.unwrap();
        let v: Value = serde_json::from_str(answer.split_once("\r\n\r\n").unwrap().1).unwrap();
        v["forwarded"].as_u64().unwrap()
    }

    async fn mine(&self) {
        post(&self.sandbox, "/sandbox/mine", json!({"blocks": 1})).await;
    }

    /// A new wallet holding `ltc` confirmed at its official address.
    async fn funded_wallet(&self, tag: &str, ltc: f64) -> (String, String) {
        let name = format!("rs_once_{tag}_{:08x}", rand::random::<u32>());
        let w = self.direct().create_wallet(&name).await.expect("create_wallet");
        let address = w.official_address.expect("official address");
        post(&self.sandbox, "/sandbox/fund", json!({"address": address, "amount": ltc, "mine": true})).await;
        (name, address)
    }
}

/// The wallet's send entries carrying `txid`.
async fn sends_of(c: &Client, wallet: &str, txid: &str) -> usize {
    let all = c.wallet_transactions_pages(wallet, 100).collect_all().await.expect("wallet_transactions");
    all.iter().filter(|t| t.category.as_deref() == Some("send") && t.txid.as_deref() == Some(txid)).count()
}

const SEND: &str = "/api/Transactions/send-funds-from-wallet";
const BROADCAST: &str = "/api/Transactions/broadcast-transaction";

/// A signed transaction from a funded wallet's official address to another wallet.
async fn signed_transaction(e: &Env, tag: &str) -> (String, String, String) {
    let c = e.direct();
    let (from, sender) = e.funded_wallet(tag, 2.0).await;
    let (to, recipient) = e.funded_wallet(&format!("{tag}_to"), 0.1).await;
    let raw = c.create_raw_transaction(&from, &sender, &recipient, Amount::from_ltc("0.5").unwrap()).await.expect("create_raw_transaction");
    let key = c.address_private_key(&from, &sender, Default::default()).await.expect("address_private_key");
    let signed = c.sign_transaction(&from, &raw.hex, &key.private_key).await.expect("sign_transaction");
    assert_eq!(signed.complete, Some(true));
    (signed.hex, to, recipient)
}

#[tokio::test(flavor = "multi_thread")]
async fn one_signed_transaction_broadcast_three_times_is_one_transaction() {
    let e = setup().await;
    let c = e.direct();
    let (hex, to, _) = signed_transaction(&e, "bc3").await;
    let local = offline::transaction_id(&hex).expect("a segwit or legacy transaction");
    let first = c.broadcast_transaction(&hex).await.expect("first broadcast");
    assert_eq!(first.txid, local);
    // again while it is in the mempool
    assert_eq!(c.broadcast_transaction(&hex).await.expect("second broadcast").txid, local);
    // and once it is in a block: the node answers -27, the SDK says success with the local txid
    e.mine().await;
    assert_eq!(c.broadcast_transaction(&hex).await.expect("third broadcast").txid, local);
    let details = c.transaction_details(&local).await.expect("transaction_details");
    assert_eq!(details.confirmations, Some(1));
    let entries = c.wallet_transactions_pages(&to, 100).collect_all().await.unwrap();
    assert_eq!(entries.iter().filter(|t| t.txid.as_deref() == Some(local.as_str())).count(), 1, "{entries:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_broadcast_whose_answer_is_lost_is_repeated_or_resolves_to_applied() {
    let e = setup().await;
    let (hex, _, _) = signed_transaction(&e, "bclost").await;
    let local = offline::transaction_id(&hex).unwrap();
    // every attempt's answer lost after the node took it: a retryable error that resolves
    e.arm(BROADCAST, "close_after_forward", 3, json!({})).await;
    let c = e.proxied();
    let err = c.broadcast_transaction(&hex).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Transport, "{err}");
    assert_eq!(e.forwarded(BROADCAST).await, 3);
    let r = c.resolve(&err).await.expect("resolve");
    assert_eq!((r.state, r.txid.as_deref()), (ResolutionState::Applied, Some(local.as_str())), "{r:?}");
    // one answer lost: the SDK repeats the broadcast, and the node's "already have it" is success
    let (hex, _, _) = signed_transaction(&e, "bcrep").await;
    e.arm(BROADCAST, "reset_after_forward", 1, json!({})).await;
    let r = c.broadcast_transaction(&hex).await.expect("repeated broadcast");
    assert_eq!(r.txid, offline::transaction_id(&hex).unwrap());
    assert_eq!(e.forwarded(BROADCAST).await, 5);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_keyed_send_whose_answer_is_lost_resolves_applied_and_is_never_paid_twice() {
    let e = setup().await;
    let (wallet, _) = e.funded_wallet("ksend", 3.0).await;
    let (_, recipient) = e.funded_wallet("ksend_to", 0.1).await;
    let c = e.proxied();
    let options = || SendFundsFromWalletOptions {
        description: Some("invoice 17".into()),
        idempotency_key: Some("inv-17-a".into()),
        ..Default::default()
    };
    let amount = Amount::from_ltc("0.25").unwrap();
    // the service pays, the gateway answers 504
    e.arm(SEND, "status_after_forward", 1, json!({"status": 504})).await;
    let err = c.send_funds_from_wallet(&wallet, &recipient, amount, options()).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutcomeUnknown, "{err}");
    let r = c.resolve(&err).await.expect("resolve");
    assert_eq!(r.state, ResolutionState::Applied, "{r:?}");
    let txid = r.txid.clone().expect("the txid");
    let sent = r.sent.expect("the send");
    assert!(sent.replayed);
    assert_eq!(sent.txid, txid);
    // the retry with the same key finds it: same txid, nothing sent
    let again = c.send_funds_from_wallet(&wallet, &recipient, amount, options()).await.expect("retry");
    assert!(again.replayed);
    assert_eq!(again.txid, txid);
    assert_eq!(e.forwarded(SEND).await, 1, "one payment reached the service");
    assert_eq!(sends_of(&e.direct(), &wallet, &txid).await, 1);
    let entry = e.direct().wallet_transactions(&wallet, Default::default()).await.unwrap().items.into_iter().find(|t| t.txid.as_deref() == Some(&txid) && t.category.as_deref() == Some("send")).unwrap();
    assert_eq!(entry.comment.as_deref(), Some("[wsdk-idem:inv-17-a] invoice 17"), "the caller's text is kept");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_keyed_send_lost_before_the_service_resolves_not_applied_and_the_retry_pays_once() {
    let e = setup().await;
    let (wallet, _) = e.funded_wallet("knot", 3.0).await;
    let (_, recipient) = e.funded_wallet("knot_to", 0.1).await;
    let c = e.proxied();
    let options = || SendFundsFromWalletOptions { idempotency_key: Some("inv-18".into()), ..Default::default() };
    let amount = Amount::from_ltc("0.3").unwrap();
    // a gateway fails before forwarding: the SDK cannot know that, so outcome unknown
    e.arm(SEND, "status_before_forward", 1, json!({"status": 502})).await;
    let err = c.send_funds_from_wallet(&wallet, &recipient, amount, options()).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutcomeUnknown, "{err}");
    let started = std::time::Instant::now();
    let r = c.resolve(&err).await.expect("resolve");
    assert_eq!(r.state, ResolutionState::NotApplied, "{r:?}");
    assert!(started.elapsed() >= Duration::from_secs(2), "resolve waited out the settle time: {:?}", started.elapsed());
    assert_eq!(e.forwarded(SEND).await, 0);
    let sent = c.send_funds_from_wallet(&wallet, &recipient, amount, options()).await.expect("retry");
    assert!(!sent.replayed);
    assert_eq!(e.forwarded(SEND).await, 1);
    // and a third call with the key replays it
    let again = c.send_funds_from_wallet(&wallet, &recipient, amount, options()).await.expect("replay");
    assert_eq!((again.replayed, again.txid.as_str()), (true, sent.txid.as_str()));
    assert_eq!(e.forwarded(SEND).await, 1);
    assert_eq!(sends_of(&e.direct(), &wallet, &sent.txid).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_lost_wallet_creation_resolves_and_says_when_its_secret_is_gone() {
    let e = setup().await;
    let c = e.proxied();
    let name = format!("rs_once_imp_{:08x}", rand::random::<u32>());
    e.arm("/api/Wallet/create-importable-wallet", "close_after_forward", 1, json!({})).await;
    let err = c.create_importable_wallet(&name).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutcomeUnknown);
    let r = c.resolve(&err).await.unwrap();
    assert_eq!((r.state, r.secret_lost, r.wallet_name.as_deref()), (ResolutionState::Applied, true, Some(name.as_str())), "{r:?}");
    // an address creation cannot be checked
    e.arm("/api/Address/create", "close_after_forward", 1, json!({})).await;
    let err = c.create_address(&name, Default::default()).await.unwrap_err();
    assert_eq!(c.resolve(&err).await.unwrap().state, ResolutionState::Unknown);
}

/// A client through the proxy whose calls give up after `timeout`.
fn impatient(e: &Env, timeout: Duration, settle: Duration) -> Client {
    Client::builder()
        .base_url(&e.proxy)
        .credential(&e.key)
        .timeout(timeout)
        .settle_time(settle)
        .build()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_keyed_retry_while_the_first_request_is_held_on_its_way_never_pays_twice() {
    let e = setup().await;
    let (wallet, _) = e.funded_wallet("held", 3.0).await;
    let (_, recipient) = e.funded_wallet("held_to", 0.1).await;
    let amount = Amount::from_ltc("0.2").unwrap();
    let options = |key: &str| SendFundsFromWalletOptions { idempotency_key: Some(key.into()), ..Default::default() };
    let c = impatient(&e, Duration::from_secs(1), Duration::from_secs(6));
    // the proxy holds the first request 3 s; the call gives up after 1 s
    e.arm(SEND, "delay_then_forward", 1, json!({"delayMs": 3000})).await;
    let err = c.send_funds_from_wallet(&wallet, &recipient, amount, options("held-1")).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutcomeUnknown, "{err}");
    // the retry at once is not sent: the first may still take effect
    let again = c.send_funds_from_wallet(&wallet, &recipient, amount, options("held-1")).await.unwrap_err();
    assert_eq!(again.kind(), ErrorKind::OutcomeUnknown, "{again}");
    assert!(again.outcome_token().is_some());
    // so is one from another client of this process
    let other = impatient(&e, Duration::from_secs(30), Duration::from_secs(6));
    let third = other.send_funds_from_wallet(&wallet, &recipient, amount, options("held-1")).await.unwrap_err();
    assert_eq!(third.kind(), ErrorKind::OutcomeUnknown, "{third}");
    // resolving the refusal waits for the first request, which did arrive
    let r = c.resolve(&again).await.expect("resolve");
    assert_eq!(r.state, ResolutionState::Applied, "{r:?}");
    assert_eq!(e.forwarded(SEND).await, 1);
    let txid = r.txid.expect("txid");
    assert_eq!(sends_of(&e.direct(), &wallet, &txid).await, 1);
    // the same once the caller cancels instead: the retry is refused while the request runs
    e.arm(SEND, "delay_then_forward", 1, json!({"delayMs": 2000})).await;
    let patient = impatient(&e, Duration::from_secs(30), Duration::from_secs(3));
    let cancelled = tokio::time::timeout(Duration::from_millis(500), patient.send_funds_from_wallet(&wallet, &recipient, amount, options("held-2"))).await;
    assert!(cancelled.is_err(), "the call was given up");
    let refused = patient.send_funds_from_wallet(&wallet, &recipient, amount, options("held-2")).await.unwrap_err();
    assert_eq!(refused.kind(), ErrorKind::Conflict, "{refused}");
    // once the request has its answer, the key replays
    tokio::time::sleep(Duration::from_secs(3)).await;
    let replay = patient.send_funds_from_wallet(&wallet, &recipient, amount, options("held-2")).await.expect("replay");
    assert!(replay.replayed);
    assert_eq!(e.forwarded(SEND).await, 2);
    assert_eq!(sends_of(&e.direct(), &wallet, &replay.txid).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_lost_keyed_send_behind_a_dust_flood_still_resolves_applied() {
    let e = setup().await;
    let (wallet, _) = e.funded_wallet("flood", 3.0).await;
    let (_, recipient) = e.funded_wallet("flood_to", 0.1).await;
    let c = e.proxied();
    let options = || SendFundsFromWalletOptions { idempotency_key: Some("flood-1".into()), ..Default::default() };
    let amount = Amount::from_ltc("0.15").unwrap();
    e.arm(SEND, "close_after_forward", 1, json!({})).await;
    let err = c.send_funds_from_wallet(&wallet, &recipient, amount, options()).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutcomeUnknown, "{err}");
    // someone pays the wallet 1,100 dust outputs: the send is now behind 1,100 newer entries
    let flood = post(&e.sandbox, "/sandbox/flood", json!({"walletName": wallet, "outputs": 1100})).await;
    assert_eq!(flood["outputs"], 1100);
    let r = c.resolve(&err).await.expect("resolve");
    assert_eq!(r.state, ResolutionState::Applied, "{r:?}");
    // and from its token, in a fresh client
    let r = e.proxied().resolve_token(&err.outcome_token().unwrap()).await.expect("resolve_token");
    assert_eq!(r.state, ResolutionState::Applied, "{r:?}");
    let again = c.send_funds_from_wallet(&wallet, &recipient, amount, options()).await.expect("retry");
    assert!(again.replayed);
    assert_eq!(e.forwarded(SEND).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_503_after_the_work_is_outcome_unknown_and_resolves_applied() {
    let e = setup().await;
    let (wallet, _) = e.funded_wallet("s503", 3.0).await;
    let (_, recipient) = e.funded_wallet("s503_to", 0.1).await;
    let c = e.proxied();
    let options = || SendFundsFromWalletOptions { idempotency_key: Some("s503-1".into()), ..Default::default() };
    let amount = Amount::from_ltc("0.12").unwrap();
    e.arm(SEND, "status_after_forward", 1, json!({"status": 503, "body": "upstream connect error or disconnect/reset before headers"})).await;
    let err = c.send_funds_from_wallet(&wallet, &recipient, amount, options()).await.unwrap_err();
    assert_eq!((err.kind(), err.status()), (ErrorKind::OutcomeUnknown, Some(503)), "{err}");
    assert!(!err.is_retryable());
    let r = c.resolve(&err).await.expect("resolve");
    assert_eq!(r.state, ResolutionState::Applied, "{r:?}");
    // a binding's resolve of such an error without its token says unknown, never not_applied
    let without = Resolution::without_token(Some(ErrorKind::ServiceUnavailable), Some("send_funds_from_wallet".into()), 1, Some(503));
    assert_eq!(without.state, ResolutionState::Unknown);
    let without = Resolution::without_token(None, Some("send_funds_from_wallet".into()), 0, None);
    assert_eq!(without.state, ResolutionState::Unknown, "an internal error may come after the request left");
    let again = c.send_funds_from_wallet(&wallet, &recipient, amount, options()).await.expect("retry");
    assert!(again.replayed);
    assert_eq!(e.forwarded(SEND).await, 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_service_that_cuts_descriptions_keeps_the_key_or_makes_keyed_sends_refused() {
    let e = setup().await;
    let (wallet, _) = e.funded_wallet("cut", 3.0).await;
    let (_, recipient) = e.funded_wallet("cut_to", 0.1).await;
    let c = e.proxied();
    let amount = Amount::from_ltc("0.11").unwrap();
    let long = format!("invoice 17 for {}", "a very long line item ".repeat(20));
    let options = |key: &str| SendFundsFromWalletOptions { description: Some(long.clone()), idempotency_key: Some(key.into()), ..Default::default() };
    // the service keeps the first 80 characters: the marker comes first, so it stays
    e.arm(SEND, "cut_description_then_forward", 1, json!({"maxChars": 80})).await;
    let first = c.send_funds_from_wallet(&wallet, &recipient, amount, options("cut-1")).await.expect("send");
    let again = e.proxied().send_funds_from_wallet(&wallet, &recipient, amount, options("cut-1")).await.expect("retry");
    assert_eq!((again.replayed, again.txid.as_str()), (true, first.txid.as_str()));
    assert_eq!(e.forwarded(SEND).await, 1);
    // a service that keeps 10 cuts the marker: the SDK sees it after the send and refuses keys
    e.arm(SEND, "cut_description_then_forward", 1, json!({"maxChars": 10})).await;
    c.send_funds_from_wallet(&wallet, &recipient, amount, options("cut-2")).await.expect("send");
    let refused = c.send_funds_from_wallet(&wallet, &recipient, amount, options("cut-3")).await.unwrap_err();
    assert_eq!((refused.kind(), refused.field()), (ErrorKind::InvalidInput, Some("idempotency_key")), "{refused}");
    assert_eq!(e.forwarded(SEND).await, 2);
    // caller text cannot plant a key
    let planted = SendFundsFromWalletOptions { description: Some("[wsdk-idem:cut-4]".into()), ..Default::default() };
    let e2 = e.direct().send_funds_from_wallet(&wallet, &recipient, amount, planted).await.unwrap_err();
    assert_eq!((e2.kind(), e2.field()), (ErrorKind::InvalidInput, Some("description")));
}
