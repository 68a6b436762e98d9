//! Retries, timeouts, redaction and wire format, proven against a tiny fault-injecting HTTP
//! server (no sandbox needed).

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use base64::Engine as _;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpListener;
use wallet_sdk::{Amount, Client, ErrorKind, OutcomeTokenCell, RetryPolicy, SealedCall, Secret};

mod common;
use common::read_request;

fn jwt(exp: i64) -> String {
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    format!(
        "{}.{}.c2lnbmF0dXJlX29mX3RoZV9rZXlfc2VjcmV0",
        b64.encode(br#"{"alg":"HS256","typ":"JWT"}"#),
        b64.encode(format!(r#"{{"sub":"fault-test-subject","exp":{exp}}}"#))
    )
}

fn key() -> String {
    jwt(4_000_000_000)
}

#[derive(Clone)]
enum Action {
    /// Answer with this raw HTTP response.
    Respond(String),
    /// Read the request, then close the connection without answering.
    Drop,
    /// Read the request and never answer.
    Hang,
}

fn http(status: &str, headers: &[(&str, &str)], body: &str) -> String {
    let mut s = format!("HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n", body.len());
    for (k, v) in headers {
        s.push_str(&format!("{k}: {v}\r\n"));
    }
    s.push_str("\r\n");
    s.push_str(body);
    s
}

fn ok_json(body: &str) -> Action {
    Action::Respond(http("200 OK", &[("Content-Type", "application/json; charset=utf-8"), ("X-Request-Id", "rid-7")], body))
}

struct FaultServer {
    base_url: String,
    requests: Arc<Mutex<Vec<String>>>,
}

impl FaultServer {
    /// Serves `script` in order, one action per request; the last action repeats.
    async fn start(script: Vec<Action>) -> FaultServer {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let reqs = requests.clone();
        let script = Arc::new(Mutex::new(script));
        tokio::spawn(async move {
            loop {
                let Ok((mut sock, _)) = listener.accept().await else { return };
                let reqs = reqs.clone();
                let script = script.clone();
                tokio::spawn(async move {
                    let Some(req) = read_request(&mut sock).await else { return };
                    reqs.lock().unwrap().push(req);
                    let action = {
                        let mut s = script.lock().unwrap();
                        if s.len() > 1 { s.remove(0) } else { s[0].clone() }
                    };
                    match action {
                        Action::Respond(r) => {
                            let _ = sock.write_all(r.as_bytes()).await;
                            let _ = sock.shutdown().await;
                        }
                        Action::Drop => drop(sock),
                        Action::Hang => {
                            tokio::time::sleep(Duration::from_secs(3600)).await;
                        }
                    }
                });
            }
        });
        FaultServer { base_url: format!("http://{addr}"), requests }
    }

    fn count(&self) -> usize {
        self.requests.lock().unwrap().len()
    }

    fn request(&self, i: usize) -> String {
        self.requests.lock().unwrap()[i].clone()
    }
}

fn client(base: &str) -> Client {
    Client::builder()
        .base_url(base)
        .credential(key())
        .retry_policy(RetryPolicy { max_attempts: 3, base_backoff: Duration::from_millis(20), max_backoff: Duration::from_secs(2), jitter: 0.1 })
        .timeout(Duration::from_secs(2))
        .build()
        .unwrap()
}

const INFO: &str = r#"{"successful":true,"message":"ok","data":{"chain":"regtest","blocks":532,"difficulty":4.656542373906925e-10}}"#;

#[tokio::test]
async fn reads_are_retried_after_a_dropped_connection() {
    let s = FaultServer::start(vec![Action::Drop, ok_json(INFO)]).await;
    let info = client(&s.base_url).blockchain_info().await.unwrap();
    assert_eq!(info.blocks, Some(532));
    assert_eq!(info.chain.as_deref(), Some("regtest"));
    assert_eq!(s.count(), 2);
}

#[tokio::test]
async fn retry_after_is_honoured() {
    let s = FaultServer::start(vec![
        Action::Respond(http(
            "429 Too Many Requests",
            &[("Content-Type", "application/json"), ("Retry-After", "1")],
            r#"{"successful":false,"message":"slow down","error":{"code":"rate_limited"}}"#,
        )),
        ok_json(INFO),
    ])
    .await;
    let t = Instant::now();
    client(&s.base_url).blockchain_info().await.unwrap();
    assert!(t.elapsed() >= Duration::from_millis(950), "{:?}", t.elapsed());
    assert_eq!(s.count(), 2);
}

#[tokio::test]
async fn a_retry_after_beyond_the_policy_is_left_to_the_caller() {
    let s = FaultServer::start(vec![Action::Respond(http(
        "429 Too Many Requests",
        &[("Content-Type", "application/json"), ("Retry-After", "120")],
        r#"{"successful":false,"message":"slow down","error":{"code":"rate_limited"}}"#,
    ))])
    .await;
    let t = Instant::now();
    let e = client(&s.base_url).blockchain_info().await.unwrap_err();
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    assert_eq!(e.kind(), ErrorKind::RateLimited);
    assert_eq!(e.retry_after(), Some(Duration::from_secs(120)));
    assert_eq!(e.attempts(), 1);
    assert_eq!(s.count(), 1);
}

#[tokio::test]
async fn rate_limit_exhausted_reports_retry_after() {
    let s = FaultServer::start(vec![Action::Respond(http(
        "429 Too Many Requests",
        &[("Content-Type", "application/json"), ("Retry-After", "0")],
        r#"{"successful":false,"message":"slow down","error":{"code":"rate_limited"}}"#,
    ))])
    .await;
    let e = client(&s.base_url).blockchain_info().await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RateLimited);
    assert_eq!(e.retry_after(), Some(Duration::ZERO));
    assert_eq!(e.attempts(), 3);
    assert_eq!(s.count(), 3);
}

#[tokio::test]
async fn unavailable_is_retried_but_node_error_is_not() {
    let s = FaultServer::start(vec![
        Action::Respond(http("503 Service Unavailable", &[("Content-Type", "text/plain")], "busy")),
        Action::Respond(http("502 Bad Gateway", &[("Content-Type", "application/json")], r#"{"successful":false,"message":"warming up","error":{"code":"node_unavailable"}}"#)),
        ok_json(INFO),
    ])
    .await;
    client(&s.base_url).blockchain_info().await.unwrap();
    assert_eq!(s.count(), 3);

    let s = FaultServer::start(vec![Action::Respond(http(
        "502 Bad Gateway",
        &[("Content-Type", "application/json"), ("X-Request-Id", "r-502")],
        r#"{"successful":false,"message":"RPC failed","error":{"code":"node_error","nodeCode":-1,"nodeMessage":"boom"}}"#,
    ))])
    .await;
    let e = client(&s.base_url).blockchain_info().await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ServiceError);
    assert_eq!(e.to_string(), "blockchain_info failed: the service reported an error (HTTP 502, code `node_error`): RPC failed [node: boom] [request id r-502]");
    assert_eq!(s.count(), 1);
}

#[tokio::test]
async fn lost_wallet_creation_is_sent_once_and_outcome_unknown() {
    let s = FaultServer::start(vec![Action::Drop, ok_json(r#"{"successful":true,"data":{"walletName":"rs_x"}}"#)]).await;
    let e = client(&s.base_url).create_wallet("rs_x").await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutcomeUnknown);
    assert!(!e.is_retryable());
    assert!(e.to_string().starts_with("create_wallet outcome unknown: the request may have reached the service but no answer came ("), "{e}");
    assert!(e.to_string().ends_with("); it was not repeated automatically — check whether it took effect before trying again"), "{e}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(s.count(), 1, "a non-idempotent request must not be repeated");
}

#[tokio::test]
async fn timed_out_send_is_outcome_unknown_and_read_is_timeout() {
    let s = FaultServer::start(vec![Action::Hang]).await;
    let c = client(&s.base_url).with_timeout(Duration::from_millis(300));
    let e = c.send_funds_from_wallet("rs_w", "mxyz", Amount::from_ltc("1.5").unwrap(), Default::default()).await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutcomeUnknown);
    assert_eq!(
        e.to_string(),
        "send_funds_from_wallet outcome unknown: the request may have reached the service but no answer came (no answer within 0.3 s); it was not repeated automatically — check whether it took effect before trying again"
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(s.count(), 1);

    let s = FaultServer::start(vec![Action::Hang]).await;
    let c = client(&s.base_url).with_timeout(Duration::from_millis(200));
    let e = c.wallet_balance("rs_w").await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Timeout);
    assert!(e.is_retryable());
    assert_eq!(e.to_string(), "wallet_balance failed: no answer within 0.2 s after 3 attempt(s); the operation is safe to repeat");
    assert_eq!(s.count(), 3);
}

async fn closed_port() -> String {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let a = l.local_addr().unwrap();
    drop(l);
    format!("http://{a}")
}

#[tokio::test]
async fn connection_refused_is_transport_even_for_creation() {
    let base = closed_port().await;
    let e = client(&base).create_wallet("rs_x").await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Transport);
    assert_eq!(e.attempts(), 3, "never-sent requests may be retried");
    assert!(e.to_string().starts_with("create_wallet failed: could not reach the service (connection failed"), "{e}");
    assert!(e.to_string().ends_with("after 3 attempt(s)"), "{e}");
}

/// A writer collecting every log line.
#[derive(Clone, Default)]
struct Logs(Arc<Mutex<Vec<u8>>>);
impl Write for Logs {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn the_key_never_appears_in_errors_or_logs() {
    let logs = Logs::default();
    let l2 = logs.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_span_events(tracing_subscriber::fmt::format::FmtSpan::FULL)
        .with_writer(move || l2.clone())
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    let k = key();
    let mut texts = Vec::new();

    // connection refused
    let base = closed_port().await;
    let e = client(&base).wallet_details("rs_w").await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Transport);
    texts.push(format!("{e} {e:?}"));
    // timeout
    let s = FaultServer::start(vec![Action::Hang]).await;
    let e = client(&s.base_url).with_timeout(Duration::from_millis(150)).wallet_details("rs_w").await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Timeout);
    texts.push(format!("{e} {e:?}"));
    // dropped connection
    let s = FaultServer::start(vec![Action::Drop]).await;
    let e = client(&s.base_url).wallet_details("rs_w").await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Transport);
    texts.push(format!("{e} {e:?}"));
    // the server echoes the URL (with the key) in its error message and in a non-JSON body
    let s = FaultServer::start(vec![Action::Respond(http(
        "400 Bad Request",
        &[("Content-Type", "application/json")],
        &format!(r#"{{"successful":false,"message":"bad request /api/Wallet/details?nodeUrlOrApiAccessKey={k}","error":{{"code":"validation_failed"}}}}"#),
    ))])
    .await;
    let e = client(&s.base_url).wallet_details("rs_w").await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Validation);
    texts.push(format!("{e} {e:?} {:?}", e.service_message()));
    let req = s.request(0);
    assert!(req.starts_with(&format!("GET /api/Wallet/details?nodeUrlOrApiAccessKey={k}&walletName=rs_w HTTP/1.1")), "{req}");
    let s = FaultServer::start(vec![Action::Respond(http("200 OK", &[("Content-Type", "text/html")], &format!("<p>{k}</p>")))]).await;
    let e = client(&s.base_url).wallet_details("rs_w").await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Decode);
    texts.push(format!("{e} {e:?}"));

    let log_text = String::from_utf8(logs.0.lock().unwrap().clone()).unwrap();
    assert!(log_text.contains("wallet_details"), "spans are logged: {log_text}");
    for t in texts.iter().chain(std::iter::once(&log_text)) {
        assert!(!t.contains(&k), "key leaked: {t}");
        assert!(!t.contains("c2lnbmF0dXJlX29mX3RoZV9rZXlfc2VjcmV0"), "key signature leaked: {t}");
    }
}

#[tokio::test]
async fn wire_format_of_requests() {
    let s = FaultServer::start(vec![ok_json(
        r#"{"successful":true,"data":{"txid":"ab","amount":1.50000000,"fee":0.00001640}}"#,
    )])
    .await;
    let sent = client(&s.base_url)
        .send_funds_from_wallet(
            "rs_w",
            "mxyz",
            Amount::from_ltc("1.5").unwrap(),
            wallet_sdk::SendFundsFromWalletOptions {
                passphrase: Some(Secret::new("pp-secret")),
                amount_include_fees: Some(true),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(sent.txid, "ab");
    assert_eq!(sent.fee.unwrap().litoshis(), 1640);
    let req = s.request(0);
    let lower = req.to_ascii_lowercase();
    assert!(req.starts_with("POST /api/Transactions/send-funds-from-wallet HTTP/1.1\r\n"), "{req}");
    assert!(lower.contains(&format!("user-agent: wallet-sdk/{}\r\n", wallet_sdk::VERSION)), "{req}");
    assert!(lower.contains(&format!("nodeurlorapiaccesskey: {}\r\n", key().to_ascii_lowercase())), "{req}");
    assert!(lower.contains("walletname: rs_w\r\n"), "{req}");
    assert!(lower.contains("encryptedpassphrase: pp-secret\r\n"), "{req}");
    assert!(lower.contains("content-type: application/json; charset=utf-8\r\n"), "{req}");
    assert!(req.ends_with(r#"{"recipientAddress":"mxyz","amount":1.5,"amountIncludeFees":true}"#), "{req}");
}

#[tokio::test]
async fn expired_key_fails_before_sending_and_rotation_works() {
    let s = FaultServer::start(vec![ok_json(INFO)]).await;
    let c = Client::builder().base_url(&s.base_url).credential(jwt(1_000_000_000)).build().unwrap();
    let e = c.blockchain_info().await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::CredentialExpired);
    assert_eq!(s.count(), 0);
    let clone = c.clone();
    c.set_credential(key()).unwrap();
    clone.blockchain_info().await.unwrap();
    assert_eq!(s.count(), 1);
    assert!(s.request(0).contains(&key()));
    // a bad replacement keeps the old credential
    assert!(c.set_credential("garbage").is_err());
    c.blockchain_info().await.unwrap();
}

#[tokio::test]
async fn response_size_is_capped() {
    let big = format!(r#"{{"successful":true,"data":{{"chain":"{}"}}}}"#, "x".repeat(4096));
    let s = FaultServer::start(vec![ok_json(&big)]).await;
    let c = Client::builder().base_url(&s.base_url).credential(key()).max_response_bytes(1024).build().unwrap();
    let e = c.blockchain_info().await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Decode);
    assert_eq!(e.to_string(), "blockchain_info failed: could not read the response (HTTP 200): the body is larger than the limit of 1024 bytes (max_response_bytes)");
}

#[tokio::test]
async fn results_keep_redacted_raw_json() {
    let s = FaultServer::start(vec![ok_json(
        r#"{"successful":true,"data":{"walletName":"rs_e","encrypted":true,"importable":true,"mnemonics":"pole inch amazing man wrist disorder glove crime doctor chalk chuckle inject","encryptedPassphrase":"Qm9yZWFz","extra":{"x":1}}}"#,
    )])
    .await;
    let w = client(&s.base_url).create_importable_encrypted_wallet("rs_e").await.unwrap();
    assert_eq!(w.mnemonics.expose(), "pole inch amazing man wrist disorder glove crime doctor chalk chuckle inject");
    assert_eq!(w.passphrase.expose(), "Qm9yZWFz");
    assert_eq!(w.raw().to_value()["mnemonics"], "[REDACTED]");
    assert_eq!(w.raw().to_value()["encryptedPassphrase"], "[REDACTED]");
    // an answer that carries secrets keeps only fields known to be public
    assert_eq!(w.raw().to_value()["extra"], "[REDACTED]");
    assert_eq!(w.raw().to_value()["walletName"], "rs_e");
    let dbg = format!("{w:?}");
    assert!(!dbg.contains("pole inch") && !dbg.contains("Qm9yZWFz"), "{dbg}");

    // a missing guaranteed field: the wallet was created (HTTP 200) but the answer is
    // unreadable, which never echoes secrets
    let s = FaultServer::start(vec![ok_json(r#"{"successful":true,"data":{"walletName":"rs_e","mnemonics":"pole inch"}}"#)]).await;
    let e = client(&s.base_url).create_importable_encrypted_wallet("rs_e").await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutcomeUnknown);
    assert_eq!(e.raw_body(), None);
    assert!(!e.to_string().contains("pole inch"), "{e}");
    assert_eq!(s.count(), 1);
}

#[test]
fn blocking_client_retries_too() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let s = rt.block_on(FaultServer::start(vec![Action::Drop, ok_json(INFO)]));
    let c = wallet_sdk::blocking::Client::from_builder(
        Client::builder().base_url(&s.base_url).credential(key()).retry_policy(RetryPolicy { base_backoff: Duration::from_millis(10), ..Default::default() }),
    )
    .unwrap();
    let info = c.blockchain_info().unwrap();
    assert_eq!(info.blocks, Some(532));
    assert_eq!(s.count(), 2);
    // per-call settings on a copy: one attempt, and the same pool
    let s2 = rt.block_on(FaultServer::start(vec![Action::Drop, ok_json(INFO)]));
    let once = wallet_sdk::blocking::Client::from_builder(Client::builder().base_url(&s2.base_url).credential(key())).unwrap().with_retry_policy(RetryPolicy::none()).with_timeout(Duration::from_secs(1));
    assert_eq!(once.blockchain_info().unwrap_err().kind(), ErrorKind::Transport);
    assert_eq!(s2.count(), 1);
    let mut pages = c.wallet_transactions_pages("rs_w", 10);
    // the server answers INFO (no items) -> one empty page ends the iteration
    assert!(pages.next().is_none());
}

/// A signed segwit transaction (BIP143's P2WPKH example) and its txid.
const SIGNED_TX: &str = "01000000000102fff7f7881a8099afa6940d42d1e7f6362bec38171ea3edf433541db4e4ad969f00000000494830450221008b9d1dc26ba6a9cb62127b02742fa9d754cd3bebf337f7a55d114c8e5cdd30be022040529b194ba3f9281a99f2b1c0a19c0489bc22ede944ccf4ecbab4cc618ef3ed01eeffffffef51e1b804cc89d182d279655c3aa89e815b1b309fe287d9b2b55d57b90ec68a0100000000ffffffff02202cb206000000001976a9148280b37df378db99f66f85c95a783a76ac7a6d5988ac9093510d000000001976a9143bde42dbee7e4dbe6a21b2d50ce2f0167faa815988ac000247304402203609e17b84f6a7d30c80bfa610b5b4542f32a8a0d5447a12fb1366d7f01cc44a0220573a954c4518331561406f90300e8f3358f51928d43c212a8caed02de67eebee0121025476c2e83188368da1ff3e292e7acafcdb3566bb0ad253f62fc70f07aeeea35711000000";
const SIGNED_TXID: &str = "e8151a2af31c368a35053ddd4bdb285a8595c769a3ad83e0fa02314a602d4609";

#[tokio::test]
async fn a_broadcast_the_node_already_has_succeeds_with_the_local_txid() {
    let in_chain = Action::Respond(http(
        "422 Unprocessable Entity",
        &[("Content-Type", "application/json")],
        r#"{"successful":false,"message":"The node rejected the transaction: Transaction already in block chain","error":{"code":"transaction_rejected","nodeCode":-27,"nodeMessage":"Transaction already in block chain"}}"#,
    ));
    // compat `real`: HTTP 200, no error object, only the message
    let in_mempool_real = ok_json(r#"{"successful":false,"message":"The node rejected the transaction: txn-already-in-mempool","data":null}"#);
    for answer in [in_chain, in_mempool_real] {
        let s = FaultServer::start(vec![answer]).await;
        let r = client(&s.base_url).broadcast_transaction(SIGNED_TX).await.unwrap();
        assert_eq!(r.txid, SIGNED_TXID);
        assert_eq!(r.raw().as_str(), format!(r#"{{"txid":"{SIGNED_TXID}"}}"#));
        assert_eq!(s.count(), 1);
    }
    // a lost answer is repeated now, and the repeat's "already in the mempool" is success
    let s = FaultServer::start(vec![
        Action::Drop,
        ok_json(r#"{"successful":false,"message":"The node rejected the transaction: txn-already-known","data":null}"#),
    ])
    .await;
    let r = client(&s.base_url).broadcast_transaction(SIGNED_TX).await.unwrap();
    assert_eq!((r.txid.as_str(), s.count()), (SIGNED_TXID, 2));
    // other refusals stay errors, and so does "already" when the txid cannot be computed locally
    let conflict = Action::Respond(http(
        "422 Unprocessable Entity",
        &[("Content-Type", "application/json")],
        r#"{"successful":false,"message":"txn-mempool-conflict","error":{"code":"transaction_rejected","nodeCode":-26}}"#,
    ));
    let s = FaultServer::start(vec![conflict]).await;
    assert_eq!(client(&s.base_url).broadcast_transaction(SIGNED_TX).await.unwrap_err().kind(), ErrorKind::Rejected);
    let s = FaultServer::start(vec![ok_json(r#"{"successful":false,"message":"txn-already-in-mempool","data":null}"#)]).await;
    assert_eq!(client(&s.base_url).broadcast_transaction("0200aa").await.unwrap_err().kind(), ErrorKind::ServiceError);
}

#[tokio::test]
async fn a_lost_broadcast_resolves_by_its_txid() {
    let details = format!(r#"{{"successful":true,"data":{{"txid":"{SIGNED_TXID}","confirmations":0}}}}"#);
    let s = FaultServer::start(vec![Action::Drop, Action::Drop, Action::Drop, ok_json(&details)]).await;
    let c = client(&s.base_url);
    let e = c.broadcast_transaction(SIGNED_TX).await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Transport);
    assert!(e.is_retryable());
    let r = c.resolve(&e).await.unwrap();
    assert_eq!(r.state, wallet_sdk::ResolutionState::Applied);
    assert_eq!(r.txid.as_deref(), Some(SIGNED_TXID));
    assert!(s.request(3).starts_with(&format!("GET /api/Litecoin/transaction-details?txid={SIGNED_TXID} ")), "{}", s.request(3));
}

/// A txid of the tests' own.
const T1: &str = "a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1";

const NO_ENTRIES: &str = r#"{"successful":true,"data":{"walletName":"w","skip":0,"count":200,"items":[]}}"#;

#[tokio::test]
async fn a_keyed_send_marks_its_description_and_replays_instead_of_paying_twice() {
    let entry = format!(r#"{{"txid":"{T1}","category":"send","address":"mxyz","amount":-1.50000000,"fee":0.00001640,"comment":"[wsdk-idem:order-17] rent","to":null}}"#);
    let page = format!(r#"{{"successful":true,"data":{{"walletName":"w","skip":0,"count":50,"items":[{entry}]}}}}"#);
    let sent = format!(r#"{{"successful":true,"data":{{"txid":"{T1}","amount":1.5,"fee":0.0000164}}}}"#);
    // look-up (nothing), the send, the check that the marker was kept
    let s = FaultServer::start(vec![ok_json(NO_ENTRIES), ok_json(&sent), ok_json(&page)]).await;
    let c = client(&s.base_url);
    let options = || wallet_sdk::SendFundsFromWalletOptions {
        description: Some("rent".into()),
        idempotency_key: Some("order-17".into()),
        ..Default::default()
    };
    let first = c.send_funds_from_wallet("w", "mxyz", Amount::from_ltc("1.5").unwrap(), options()).await.unwrap();
    assert!(!first.replayed);
    assert!(s.request(0).starts_with("GET /api/Wallet/transactions?skip=0&count=200 "), "{}", s.request(0));
    assert!(s.request(1).ends_with(r#"{"recipientAddress":"mxyz","amount":1.5,"description":"[wsdk-idem:order-17] rent"}"#), "{}", s.request(1));
    assert_eq!(s.count(), 3);
    // the same key again: found, not sent
    let s2 = FaultServer::start(vec![ok_json(&page)]).await;
    let c2 = client(&s2.base_url);
    let again = c2.send_funds_from_wallet("w", "mxyz", Amount::from_ltc("1.5").unwrap(), options()).await.unwrap();
    assert!(again.replayed);
    assert_eq!((again.txid.as_str(), again.fee.unwrap().litoshis(), again.total_debited.unwrap().litoshis()), (T1, 1640, 150_001_640));
    assert_eq!(s2.count(), 1);
    // the key of another payment: refused, nothing sent
    let e = c2.send_funds_from_wallet("w", "mabc", Amount::from_ltc("1.5").unwrap(), options()).await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Conflict);
    assert!(e.to_string().contains(&format!("this idempotency_key was already used (for another payment: to `mxyz`, not `mabc`; txid {T1})")), "{e}");
    assert_eq!(s2.count(), 2);
    // a bad key never leaves
    let bad = wallet_sdk::SendFundsFromWalletOptions { idempotency_key: Some("a b".into()), ..Default::default() };
    let e = c2.send_funds_from_wallet("w", "mxyz", Amount::from_ltc("1.5").unwrap(), bad).await.unwrap_err();
    assert_eq!((e.kind(), e.field()), (ErrorKind::InvalidInput, Some("idempotency_key")));
    assert_eq!(s2.count(), 2);
}

#[tokio::test]
async fn keyed_sends_are_refused_by_a_service_that_does_not_keep_descriptions() {
    // entries without a `comment` member: refused before sending
    let hidden = r#"{"successful":true,"data":{"items":[{"txid":"t0","category":"receive","amount":2.0}]}}"#;
    let s = FaultServer::start(vec![ok_json(hidden)]).await;
    let c = client(&s.base_url);
    let keyed = || wallet_sdk::SendFundsFromWalletOptions { idempotency_key: Some("k1".into()), ..Default::default() };
    let e = c.send_funds_from_wallet("w", "mxyz", Amount::from_ltc("1").unwrap(), keyed()).await.unwrap_err();
    assert_eq!((e.kind(), e.field()), (ErrorKind::InvalidInput, Some("idempotency_key")));
    assert!(e.to_string().contains("does not keep the description of a send"), "{e}");
    assert_eq!(s.count(), 1);
    // a send whose marker the service cut: done, but keyed sends are refused from then on
    let sent = format!(r#"{{"successful":true,"data":{{"txid":"{T1}"}}}}"#);
    let cut = format!(r#"{{"successful":true,"data":{{"items":[{{"txid":"{T1}","category":"send","comment":"[wsdk-id"}}]}}}}"#);
    let s = FaultServer::start(vec![ok_json(NO_ENTRIES), ok_json(&sent), ok_json(&cut)]).await;
    let c = client(&s.base_url);
    assert_eq!(c.send_funds_from_wallet("w", "mxyz", Amount::from_ltc("1").unwrap(), keyed()).await.unwrap().txid, T1);
    let e = c.clone().send_funds_from_wallet("w", "mxyz", Amount::from_ltc("1").unwrap(), keyed()).await.unwrap_err();
    assert!(e.to_string().contains("does not keep the description of a send"), "{e}");
    assert_eq!(s.count(), 3);
}

#[tokio::test]
async fn a_success_whose_result_cannot_be_read_is_outcome_unknown_with_a_token() {
    // the envelope says success, but `walletName` is no string: the wallet was made
    let s = FaultServer::start(vec![ok_json(r#"{"successful":true,"data":{"walletName":5}}"#)]).await;
    let e = client(&s.base_url).create_wallet("w1").await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutcomeUnknown, "{e}");
    assert!(!e.is_retryable());
    assert!(e.to_string().starts_with("create_wallet: outcome unknown: the service answered HTTP 200"), "{e}");
    let token = e.outcome_token().expect("a token");
    assert!(token.contains(r#""operation":"create_wallet""#) && token.contains(r#""wallet_name":"w1""#), "{token}");
    // the same answer to a read stays a decode error, safe to repeat
    let s = FaultServer::start(vec![ok_json(r#"{"successful":true,"data":{"confirmed":"lots"}}"#)]).await;
    assert_eq!(client(&s.base_url).wallet_balance("w1").await.unwrap_err().kind(), ErrorKind::Decode);
}

#[tokio::test]
async fn resolve_says_unknown_when_the_service_hides_descriptions_and_allows_for_another_hosts_clock() {
    // a keyed send's token, resolved against a service whose entries have no `comment` member
    let hidden = r#"{"successful":true,"data":{"items":[{"txid":"t0","category":"receive","amount":2.0,"time":1800000000}]}}"#;
    let s = FaultServer::start(vec![ok_json(hidden)]).await;
    // the token of a keyed send that got no answer (an empty wallet before it)
    let lost = FaultServer::start(vec![ok_json(r#"{"successful":true,"data":{"items":[]}}"#), Action::Hang]).await;
    let options = wallet_sdk::SendFundsFromWalletOptions { idempotency_key: Some("k1".into()), ..Default::default() };
    let sender = client(&lost.base_url).with_timeout(Duration::from_millis(300)).with_settle_time(Duration::from_millis(1));
    let e = sender.send_funds_from_wallet("w", "mxyz", Amount::from_litoshis(100), options).await.unwrap_err();
    let token = e.outcome_token().expect("a token");
    assert!(token.contains(r#""idempotency_key":"k1""#), "{token}");
    let r = client(&s.base_url).with_settle_time(Duration::from_secs(1)).resolve_token(&token).await.unwrap();
    assert_eq!(r.state, wallet_sdk::ResolutionState::Unknown, "{r:?}");
    assert!(r.reason.contains("does not show the descriptions"), "{}", r.reason);
    // a token whose settle time has passed by this host's clock still waits the allowance for
    // another host's clock (at most the resolving client's settle time) before `not_applied`
    let missing = Action::Respond(http(
        "404 Not Found",
        &[("Content-Type", "application/json")],
        r#"{"successful":false,"message":"Wallet w not found","error":{"code":"wallet_not_found"}}"#,
    ));
    let s = FaultServer::start(vec![missing]).await;
    let c = client(&s.base_url).with_settle_time(Duration::from_secs(1));
    // the token of a creation whose answer was lost, settled at once by its own client's rules
    let lost = FaultServer::start(vec![Action::Drop]).await;
    let e = client(&lost.base_url).with_settle_time(Duration::from_millis(1)).create_wallet("w").await.unwrap_err();
    tokio::time::sleep(Duration::from_millis(5)).await;
    let started = Instant::now();
    let r = c.resolve_token(&e.outcome_token().expect("a token")).await.unwrap();
    assert_eq!(r.state, wallet_sdk::ResolutionState::NotApplied, "{r:?}");
    assert!(started.elapsed() >= Duration::from_secs(1), "{:?}", started.elapsed());
    assert!(s.count() >= 2, "looked up before and after the wait");
}

#[tokio::test]
async fn a_sealed_cell_says_whether_a_send_may_have_left_and_stops_one_that_had_not() {
    // given up while the service holds it: may have been sent, with the token that resolves it
    let s = FaultServer::start(vec![Action::Hang]).await;
    let c = client(&s.base_url);
    let cell = OutcomeTokenCell::new();
    let send = c.send_funds_from_wallet("rs_w", "mxyz", Amount::from_ltc("1.5").unwrap(), Default::default());
    assert!(tokio::time::timeout(Duration::from_millis(300), cell.record(send)).await.is_err());
    match cell.seal() {
        SealedCall::MayHaveBeenSent { operation, outcome_token: Some(token) } => {
            assert_eq!(operation, "send_funds_from_wallet");
            assert!(token.contains(r#""recipient_address":"mxyz""#), "{token}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(s.count(), 1);
    // the same as an error, as every other language reports it: outcome_unknown with the token
    let cell = OutcomeTokenCell::new();
    let send = c.send_funds_from_wallet("rs_w", "mxyz", Amount::from_ltc("2").unwrap(), Default::default());
    assert!(tokio::time::timeout(Duration::from_millis(300), cell.record(send)).await.is_err());
    let e = cell.seal_error().expect("may have been sent");
    assert_eq!((e.kind(), e.operation(), e.is_retryable()), (ErrorKind::OutcomeUnknown, Some("send_funds_from_wallet"), false));
    assert!(e.outcome_token().is_some_and(|t| t.contains(r#""amount_litoshis":200000000"#)), "{e:?}");
    assert!(e.to_string().contains("the caller stopped waiting"), "{e}");

    // sealed before its request was written: the call fails without sending anything, so
    // "nothing sent" stays true however late the call runs
    let s = FaultServer::start(vec![ok_json(r#"{"successful":true,"data":{"walletName":"rs_x"}}"#)]).await;
    let c = client(&s.base_url);
    let cell = OutcomeTokenCell::new();
    assert_eq!(cell.seal(), SealedCall::NothingSent);
    let e = cell.record(c.create_wallet("rs_x")).await.unwrap_err();
    assert_eq!(e.operation(), Some("create_wallet"));
    assert!(e.to_string().contains("not sent: the caller stopped waiting"), "{e}");
    assert_eq!(cell.seal(), SealedCall::NothingSent);
    assert!(cell.seal_error().is_none());
    // reads are not stopped: they are safe to repeat, and a cell is about sends
    let s2 = FaultServer::start(vec![ok_json(INFO)]).await;
    assert!(cell.record(client(&s2.base_url).blockchain_info()).await.is_ok());
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(s.count(), 0, "a sealed cell lets no create or send leave");
}

#[tokio::test]
async fn outcome_tokens_resolve_only_under_the_state_key_that_signed_them() {
    let lost = FaultServer::start(vec![Action::Drop]).await;
    let keyed = |state_key: &str| {
        Client::builder().base_url(&lost.base_url).credential(key()).state_key(state_key).settle_time(Duration::from_millis(1)).build().unwrap()
    };
    let ours = "our-state-key-of-at-least-32-characters";
    let token = keyed(ours).create_wallet("w").await.unwrap_err().outcome_token().expect("a token");
    assert!(token.contains(r#""sig":""#), "{token}");
    // another key, or the process's random one: refused before any request, naming the token
    let service = FaultServer::start(vec![ok_json(r#"{"successful":true,"data":{"walletName":"w","balance":0}}"#)]).await;
    for other in [
        Client::builder().base_url(&service.base_url).credential(key()).state_key("another-state-key-of-32-characters!").build().unwrap(),
        client(&service.base_url),
    ] {
        let e = other.resolve_token(&token).await.unwrap_err();
        assert_eq!((e.kind(), e.field()), (ErrorKind::InvalidInput, Some("token")));
        assert!(e.to_string().contains("signed with another state key"), "{e}");
        assert!(!e.to_string().contains(ours));
    }
    assert_eq!(service.count(), 0);
    // the same key in another client (another process, after a restart): resolved
    let same = Client::builder().base_url(&service.base_url).credential(key()).state_key(ours).build().unwrap();
    assert_eq!(same.resolve_token(&token).await.unwrap().state, wallet_sdk::ResolutionState::Applied);
    // a state key too short to be one
    let e = Client::builder().base_url(&service.base_url).credential(key()).state_key("short").build().unwrap_err();
    assert_eq!((e.kind(), e.field()), (ErrorKind::InvalidInput, Some("state_key")));
}

#[tokio::test]
async fn secrets_echoed_in_other_shapes_are_scrubbed() {
    // an OTP code given as a number to the untyped call, echoed back in the error
    let echo = |message: &str| {
        Action::Respond(http(
            "400 Bad Request",
            &[("Content-Type", "application/json")],
            &format!(r#"{{"successful":false,"message":"{message}","error":{{"code":"validation_failed"}}}}"#),
        ))
    };
    let s = FaultServer::start(vec![echo("code 654321 does not match")]).await;
    let args = serde_json::json!({"signature": "sig-1", "code": 654321});
    let e = client(&s.base_url).call("verify_otp", args.as_object().unwrap()).await.unwrap_err();
    assert!(!format!("{e} {e:?}").contains("654321"), "{e}");
    // a short phrase sent to import_wallet, echoed as a JSON array of its words
    let words = ["legal", "winner", "thank", "year", "wave", "sausage", "worth", "useful", "legal"];
    let echoed = words.map(|w| format!("\\\"{w}\\\"")).join(",");
    let s = FaultServer::start(vec![echo(&format!("bad mnemonics: [{echoed}]"))]).await;
    let e = client(&s.base_url).import_wallet("w-import", &Secret::new(words.join(" "))).await.unwrap_err();
    let shown = format!("{e} {e:?}");
    assert!(!shown.contains("sausage") && !shown.contains("winner"), "{shown}");
}

#[tokio::test]
async fn the_typed_untyped_call_reads_the_answer_as_the_typed_method_does() {
    use wallet_sdk::fields::FieldValue;
    let big = format!(r#"{{"successful":true,"data":{{"address":"rx","confirmed":1{},"unconfirmed":0}}}}"#, "0".repeat(40));
    let s = FaultServer::start(vec![ok_json(&big), ok_json(&big), ok_json(r#"{"successful":true,"data":{"walletName":"w","privateKey":"cNfnpdHTQC1nFJrUQeWv4mGUGRvDhyV3tkpHMXmTeRqvchR8tmsR","address":"rx"}}"#)]).await;
    let c = client(&s.base_url);
    let args = |pairs: &[(&str, &str)]| pairs.iter().map(|(k, v)| (k.to_string(), serde_json::Value::from(*v))).collect::<serde_json::Map<_, _>>();
    // an amount far past the supply: the untyped call keeps the text, the typed reading refuses it
    assert!(c.call("address_balance", &args(&[("address", "rx")])).await.is_ok());
    let e = c.call_typed("address_balance", &args(&[("address", "rx")])).await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Decode, "{e}");
    // a variant by name, its secret as a Secret and redacted in the raw JSON
    let r = c.call_typed("address_private_key_v2_with_passphrase", &args(&[("wallet_name", "w"), ("address", "rx"), ("passphrase", "pass-phrase")])).await.unwrap();
    let key = r.fields.iter().find(|(n, _)| *n == "private_key").map(|(_, v)| v);
    assert!(matches!(key, Some(FieldValue::Secret(k)) if k.expose().starts_with("cNfnpd")), "{:?}", r.fields);
    assert!(!r.raw.unwrap().as_str().contains("cNfnpd"));
    // a name of no operation is invalid_input on `operation`, sent nowhere
    let e = c.call_typed("wallet_balanse", &args(&[])).await.unwrap_err();
    assert_eq!((e.kind(), e.field()), (ErrorKind::InvalidInput, Some("operation")));
    assert_eq!(s.count(), 3);
}
