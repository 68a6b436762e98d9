//! A transport of the caller's own (`ClientBuilder::transport`), in memory: the request it is
//! handed, and its answers and failures read through the client's own path (retries, size
//! limit, cut bodies, the outcome rules of a non-idempotent call, timeouts), and a property over
//! schedules of failures.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use wallet_sdk::{
    Client, ClientBuilder, CreateAddressOptions, ErrorKind, RetryPolicy, TransportFailure, TransportRequest,
    TransportResponse,
};

const KEY: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl";
const BALANCE: &str = r#"{"successful":true,"data":{"walletName":"w1","confirmed":1.5,"unconfirmed":0,"immature":0,"total":1.5}}"#;

fn builder() -> ClientBuilder {
    Client::builder()
        .base_url("https://wallet.example.com/prefix")
        .credential(KEY)
        .retry_policy(RetryPolicy { base_backoff: Duration::from_millis(1), ..RetryPolicy::default() })
}

/// A client whose transport gives the answers of `answer` (called with the attempt's number,
/// from 1) and counts the attempts.
fn client_answering(
    answer: impl Fn(u32) -> Result<TransportResponse, TransportFailure> + Send + Sync + 'static,
) -> (Client, Arc<AtomicU32>) {
    let attempts = Arc::new(AtomicU32::new(0));
    let counted = attempts.clone();
    let client = builder()
        .transport(move |_: TransportRequest| {
            let result = answer(counted.fetch_add(1, Ordering::SeqCst) + 1);
            async move { result }
        })
        .build()
        .unwrap();
    (client, attempts)
}

#[tokio::test]
async fn the_transport_is_handed_the_request_as_it_would_go_on_the_wire() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let kept = seen.clone();
    let client = builder()
        .transport(move |request: TransportRequest| {
            kept.lock().unwrap().push(request);
            async { Ok(TransportResponse::new(200, BALANCE)) }
        })
        .build()
        .unwrap();
    let balance = client.wallet_balance("w1").await.unwrap();
    assert_eq!(balance.confirmed.to_string(), "1.50000000");
    let requests = seen.lock().unwrap();
    let request = &requests[0];
    assert_eq!(request.method, http::Method::GET);
    assert_eq!(request.url.to_string(), "https://wallet.example.com/prefix/api/Wallet/balance");
    assert_eq!(request.headers.get("walletName").unwrap(), "w1");
    assert_eq!(request.headers.get("host").unwrap(), "wallet.example.com");
    assert!(request.headers.get("user-agent").unwrap().to_str().unwrap().starts_with("wallet-sdk"));
    assert!(request.headers.values().any(|v| v.as_bytes() == KEY.as_bytes()), "the credential travels");
    let debug = format!("{request:?}");
    assert!(!debug.contains(KEY) && !debug.contains("c2lnbmF0dXJl"), "{debug}");
}

#[test]
fn an_answer_s_debug_shows_no_header_value_and_no_body() {
    let wif = "cVt4o7BGAig1UXywgGSmARhxMdzP5qvQsxKkSsc1XEkw3tDTQFpy";
    let answer = TransportResponse::new(200, format!(r#"{{"successful":true,"data":{{"privateKey":"{wif}"}}}}"#))
        .with_header(http::HeaderName::from_static("x-request-id"), wif)
        .broken(format!("reset after {wif}"));
    let debug = format!("{answer:?}");
    assert!(!debug.contains(wif), "{debug}");
    assert!(debug.contains("x-request-id") && debug.contains("status: 200"), "{debug}");
}

#[tokio::test]
async fn a_post_carries_its_json_body() {
    let body = Arc::new(Mutex::new(String::new()));
    let kept = body.clone();
    let client = builder()
        .transport(move |request: TransportRequest| {
            *kept.lock().unwrap() = String::from_utf8(request.body.to_vec()).unwrap();
            assert_eq!(request.method, http::Method::POST);
            assert_eq!(request.headers.get("walletName").unwrap(), "w1");
            assert_eq!(request.headers.get("content-type").unwrap(), "application/json; charset=utf-8");
            async { Ok(TransportResponse::new(200, r#"{"successful":true,"data":{"address":"rltc1qx","label":"l"}}"#)) }
        })
        .build()
        .unwrap();
    let options = CreateAddressOptions { label: Some("l".into()), ..Default::default() };
    client.create_address("w1", options).await.unwrap();
    let body: serde_json::Value = serde_json::from_str(&body.lock().unwrap()).unwrap();
    assert_eq!(body["label"], "l");
}

#[tokio::test]
async fn a_safe_call_is_retried_after_a_lost_connection_and_a_cut_body() {
    let (client, attempts) = client_answering(|n| match n {
        1 => Err(TransportFailure::Lost("reset".into())),
        2 => Ok(TransportResponse::new(200, &BALANCE.as_bytes()[..20]).broken("reset in the body")),
        _ => Ok(TransportResponse::new(200, BALANCE)),
    });
    client.wallet_balance("w1").await.unwrap();
    assert_eq!(attempts.load(Ordering::SeqCst), 3);
}

#[tokio::test]
async fn a_create_whose_request_may_have_arrived_is_outcome_unknown_once() {
    for failure in [Err(TransportFailure::Lost("reset".into())), Ok(TransportResponse::new(200, "{\"succ").broken("reset"))] {
        let (client, attempts) = client_answering(move |_| failure.clone());
        let e = client.create_address("w1", CreateAddressOptions::default()).await.unwrap_err();
        assert_eq!(e.kind(), ErrorKind::OutcomeUnknown, "{e}");
        assert!(e.outcome_token().is_some(), "{e:?}");
        assert_eq!(attempts.load(Ordering::SeqCst), 1, "never sent twice");
    }
}

#[tokio::test]
async fn a_create_that_never_left_is_retried() {
    let (client, attempts) = client_answering(|n| match n {
        1 => Err(TransportFailure::NotSent("connection refused".into())),
        _ => Ok(TransportResponse::new(200, r#"{"successful":true,"data":{"address":"rltc1qx","label":null}}"#)),
    });
    client.create_address("w1", CreateAddressOptions::default()).await.unwrap();
    assert_eq!(attempts.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn an_answer_past_the_size_limit_is_refused_unread() {
    let big = format!(r#"{{"successful":true,"data":{{"walletName":"{}"}}}}"#, "x".repeat(4096));
    let client = builder()
        .max_response_bytes(1024)
        .transport(move |_: TransportRequest| {
            let answer = TransportResponse::new(200, big.clone());
            async move { Ok(answer) }
        })
        .build()
        .unwrap();
    let e = client.wallet_balance("w1").await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Decode, "{e}");
}

#[tokio::test]
async fn a_cut_answer_of_any_length_is_a_typed_error() {
    let mut entries = String::from(r#"{"successful":true,"data":{"items":["#);
    while entries.len() < 64 * 1024 {
        entries.push_str(r#"{"txid":"ab","amount":0.1,"confirmations":1,"comment":"\\"},"#);
    }
    for cut in [10_000, 10_001, 20_000, entries.len() - 1] {
        let text = entries[..cut].to_string();
        let (client, _) = client_answering(move |_| Ok(TransportResponse::new(200, text.clone())));
        let e = client.wallet_balance("w1").await.unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Decode, "cut at {cut}: {e}");
    }
}

#[tokio::test]
async fn a_transport_that_never_answers_times_out() {
    let client = builder()
        .timeout(Duration::from_millis(50))
        .retry_policy(RetryPolicy::none())
        .transport(|_: TransportRequest| std::future::pending::<Result<TransportResponse, TransportFailure>>())
        .build()
        .unwrap();
    let e = client.wallet_balance("w1").await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Timeout, "{e}");
}

/// One attempt's fate in [`schedules_never_send_twice_what_may_have_arrived`].
#[derive(Clone, Copy, Debug)]
enum Fate {
    /// Refused before the request left.
    NotSent,
    /// The connection failed after the request was written.
    Lost,
    /// A 200 whose body was cut by a reset.
    Cut,
    /// A 5xx of a gateway or the service.
    ServerError(u16),
}

impl Fate {
    fn answer(self) -> Result<TransportResponse, TransportFailure> {
        match self {
            Fate::NotSent => Err(TransportFailure::NotSent("refused".into())),
            Fate::Lost => Err(TransportFailure::Lost("reset".into())),
            Fate::Cut => Ok(TransportResponse::new(200, r#"{"successful":true,"data":{"add"#).broken("reset")),
            Fate::ServerError(status) => Ok(TransportResponse::new(status, r#"{"successful":false,"message":"upstream"}"#)),
        }
    }
}

fn fate() -> impl proptest::strategy::Strategy<Value = Fate> {
    use proptest::prelude::*;
    prop_oneof![Just(Fate::NotSent), Just(Fate::Lost), Just(Fate::Cut), (500u16..505).prop_map(Fate::ServerError)]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 300, ..Default::default() })]

    /// Under any schedule of failures, a request that may have reached the service is never
    /// sent again for a non-idempotent call, which then ends `outcome_unknown` with a token
    /// (whatever 5xx came back); a call safe to repeat is tried until its attempts run out or
    /// an answer says another try is useless; a refusal before sending is always tried again.
    #[test]
    fn schedules_never_send_twice_what_may_have_arrived(schedule in proptest::collection::vec(fate(), 1..6), non_idempotent: bool) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let fates = schedule.clone();
        let (client, attempts) = client_answering(move |n| fates[(n as usize - 1).min(fates.len() - 1)].answer());
        let e = runtime.block_on(async {
            if non_idempotent {
                client.create_address("w1", CreateAddressOptions::default()).await.unwrap_err()
            } else {
                client.wallet_balance("w1").await.unwrap_err()
            }
        });
        let sent = attempts.load(Ordering::SeqCst) as usize;
        let fate_of = |i: usize| schedule[i.min(schedule.len() - 1)];
        let max_attempts = RetryPolicy::default().max_attempts as usize;
        proptest::prop_assert!(sent >= 1 && sent <= max_attempts, "{sent} attempts");
        if non_idempotent {
            // every attempt before the last was refused before it left
            for i in 0..sent - 1 {
                proptest::prop_assert!(matches!(fate_of(i), Fate::NotSent), "attempt {} was {:?} and was followed by another", i + 1, fate_of(i));
            }
            let last = fate_of(sent - 1);
            if matches!(last, Fate::NotSent) {
                proptest::prop_assert_eq!(sent, max_attempts);
                proptest::prop_assert_ne!(e.kind(), ErrorKind::OutcomeUnknown);
            } else {
                proptest::prop_assert_eq!(e.kind(), ErrorKind::OutcomeUnknown, "{:?} ended {}", last, e);
                proptest::prop_assert!(e.outcome_token().is_some());
                proptest::prop_assert!(!e.is_retryable());
            }
        } else {
            // tried again after anything but an answer that says trying again is useless (a 500
            // or 501; 502, 503 and 504 are a gateway's or an overloaded service's)
            let final_answer = (0..max_attempts).find(|&i| matches!(fate_of(i), Fate::ServerError(500 | 501)));
            let expected = final_answer.map_or(max_attempts, |i| i + 1);
            proptest::prop_assert_eq!(sent, expected, "{}", e);
        }
    }
}
