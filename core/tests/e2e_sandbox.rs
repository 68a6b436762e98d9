//! What only Rust has, against a running sandbox: the blocking client, and real-server delays.
//! The stories every language shares are the scenarios of `tests/scenarios`, run by
//! `core/tests/scenarios.rs` (make test-scenarios).
//!
//! Run under the launcher, which exports `WALLET_SDK_BASE_URL`, `WALLET_SDK_API_KEY`,
//! `WALLET_SDK_API_KEY_COMPAT_REAL` and `WALLET_SANDBOX_NODE_URL`:
//!
//! ```sh
//! scripts/with-sandbox cargo test -p wallet-sdk --test e2e_sandbox
//! ```
//!
//! This target has `test = false` in `Cargo.toml`, so a plain `cargo test -p wallet-sdk`
//! (unit and fault-server tests) does not need a sandbox. When named explicitly it FAILS if
//! the variables are missing; it never skips.

use std::fmt::Debug;
use std::sync::Mutex;
use std::time::Duration;

use serde_json::json;
use wallet_sdk::*;

#[path = "common/sandbox.rs"]
mod sandbox;
use sandbox::{base_url, env, fund, sandbox_post};

/// Tests that mine or count blocks run one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

fn builder(key: &str) -> ClientBuilder {
    Client::builder()
        .base_url(base_url())
        .credential(key)
        .timeout(Duration::from_secs(120))
        .retry_policy(RetryPolicy { max_attempts: 3, base_backoff: Duration::from_millis(100), ..Default::default() })
}

fn async_client() -> Client {
    builder(&env("WALLET_SDK_API_KEY")).build().expect("client")
}

fn blocking_client() -> blocking::Client {
    blocking::Client::from_builder(builder(&env("WALLET_SDK_API_KEY"))).expect("client")
}

fn unique(tag: &str) -> String {
    use rand::Rng;
    format!("rs_{tag}_{:08x}", rand::rng().random::<u32>())
}


#[track_caller]
fn expect_kind<T: Debug>(r: Result<T>, kind: ErrorKind, what: &str) -> Error {
    match r {
        Ok(v) => panic!("{what}: expected {kind} error, got success {v:?}"),
        Err(e) => {
            assert_eq!(e.kind(), kind, "{what}: {e}");
            assert!(!e.message().is_empty());
            e
        }
    }
}

fn ltc(s: &str) -> Amount {
    Amount::from_ltc(s).unwrap()
}

/// The blocking client: the same methods without `.await`, on a runtime of its own, including
/// its page iterator and its errors.
#[test]
fn blocking_client_story() {
    let _g = serial();
    let c = blocking_client();
    assert_eq!(c.blockchain_info().expect("blockchain_info").chain.as_deref(), Some("regtest"));
    let w = unique("blk");
    c.create_wallet(&w).expect("create_wallet");
    expect_kind(c.create_wallet(&w), ErrorKind::Conflict, "create_wallet twice");
    let a = c.create_address(&w, CreateAddressOptions { address_type: Some(AddressType::Legacy), ..Default::default() }).expect("create_address");
    fund(&a.address, "1.5", true);
    fund(&a.address, "0.5", true);
    let bal = c.address_balance(&a.address).expect("address_balance");
    assert_eq!((bal.confirmed, bal.unconfirmed), (ltc("2"), Amount::ZERO));
    let pages: Vec<_> = c.address_transaction_pages(&a.address, 1).collect::<Result<Vec<_>>>().expect("pages");
    assert_eq!(pages.iter().map(Vec::len).collect::<Vec<_>>(), vec![1, 1]);
    let v = c.call("wallet_balance", json!({"wallet_name": w}).as_object().unwrap()).expect("untyped call");
    assert_eq!(v.member("confirmed"), Some("2.00000000"), "the service's own number text");
    let e = expect_kind(c.wallet_balance(""), ErrorKind::InvalidInput, "empty wallet name");
    assert_eq!(e.to_string(), "invalid input `wallet_name`: it is required and must not be empty");
}

/// Real-server timeouts through `/sandbox/faults`: a read is retried after a slow attempt; a
/// slow wallet creation is sent once and reported as outcome_unknown (and did happen).
#[tokio::test(flavor = "multi_thread")]
async fn server_delays_timeouts_and_outcome_unknown() {
    let _g = serial();
    // A key of its own, so that the faults armed for it are not consumed by concurrent tests.
    let key = sandbox_post("/sandbox/keys", json!({"ttlSeconds": 3600}))["apiKey"].as_str().unwrap().to_string();
    let fault = |path: &str, count: u32| sandbox_post("/sandbox/faults", json!({"path": path, "delayMs": 4000, "count": count, "apiKey": key}));
    let c = builder(&key).build().expect("client").with_timeout(Duration::from_millis(1500));
    fault("/api/Blocks/blockchain-info", 1);
    c.blockchain_info().await.expect("second attempt succeeds");

    let w = unique("slow");
    fault("/api/Wallet/create", 1);
    let e = c.create_wallet(&w).await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::OutcomeUnknown, "{e}");
    assert_eq!(e.attempts(), 1);
    tokio::time::sleep(Duration::from_secs(4)).await;
    // it did reach the service: creating again conflicts
    let e = async_client().create_wallet(&w).await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Conflict, "{e}");

    // the key in the query of wallet_details never shows, also on timeout
    fault("/api/Wallet/details", 3);
    let e = c.with_retry_policy(RetryPolicy::none()).wallet_details(&w).await.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Timeout);
    assert!(!format!("{e} {e:?}").contains(&key));
}
