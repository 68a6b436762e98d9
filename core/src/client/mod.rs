//! The async [`Client`], its [`ClientBuilder`] and the retrying executor.

use std::fmt;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use rand::Rng;
use bytes::Bytes;
use http::header::{HeaderMap, HeaderName, HeaderValue, ACCEPT, CONTENT_TYPE, RETRY_AFTER};

use crate::address_type::AddressTypeCodes;
use crate::credential::Credential;
use crate::decode::{self};
use crate::error::{Error, ErrorKind, Result};
use crate::locks::read;
use crate::operations::Operation;
use crate::raw_json::RawJson;
use crate::redact::SecretForms;
use crate::request::BuiltRequest;
use crate::transport::HttpTransport;

/// The SDK's version (`CARGO_PKG_VERSION`).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The default `User-Agent`: `wallet-sdk/<version>`.
pub fn default_user_agent() -> String {
    format!("wallet-sdk/{VERSION}")
}

/// Environment variable read by [`Client::from_env`] for the base URL.
pub const ENV_BASE_URL: &str = "WALLET_SDK_BASE_URL";
/// Environment variable read by [`Client::from_env`] for the credential.
pub const ENV_API_KEY: &str = "WALLET_SDK_API_KEY";

/// When and how often calls are retried (docs/errors.md).
///
/// Only idempotent operations are retried after a response or timeout; any operation is
/// retried when its request certainly never left (connection refused, DNS, TLS).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RetryPolicy {
    /// Attempts in total, including the first (1 = no retries). Default 3.
    pub max_attempts: u32,
    /// Delay before the first retry; doubled each time. Default 200 ms.
    pub base_backoff: Duration,
    /// Cap of the delay (also caps `Retry-After`). Default 5 s.
    pub max_backoff: Duration,
    /// Random jitter as a fraction of the delay (0.0–1.0). Default 0.2.
    pub jitter: f64,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_attempts: 3,
            base_backoff: Duration::from_millis(200),
            max_backoff: Duration::from_secs(5),
            jitter: 0.2,
        }
    }
}

impl RetryPolicy {
    /// A policy that never retries.
    pub fn none() -> Self {
        RetryPolicy { max_attempts: 1, ..Default::default() }
    }

    /// Checks the policy as a client is built with it: at least one attempt.
    ///
    /// # Errors
    /// [`InvalidInput`](crate::ErrorKind::InvalidInput) on field `max_attempts` when it is 0.
    pub fn check(&self) -> crate::Result<()> {
        if self.max_attempts == 0 {
            return Err(crate::Error::invalid_input("max_attempts", "it must be at least 1 (1 = no retries)"));
        }
        Ok(())
    }

    /// The delay before retry number `retry` (1-based), honouring `Retry-After` when given.
    pub fn delay(&self, retry: u32, retry_after: Option<Duration>) -> Duration {
        if let Some(ra) = retry_after {
            return ra.min(self.max_backoff);
        }
        let exp = self.base_backoff.saturating_mul(1u32 << (retry.saturating_sub(1)).min(16));
        let d = exp.min(self.max_backoff);
        // a NaN jitter or a huge max_backoff must not panic (both are the caller's settings)
        let j = if self.jitter.is_nan() { 0.0 } else { self.jitter.clamp(0.0, 1.0) };
        if j == 0.0 {
            return d;
        }
        let factor = 1.0 + rand::rng().random_range(-j..=j);
        Duration::try_from_secs_f64(d.as_secs_f64() * factor).unwrap_or(self.max_backoff).min(self.max_backoff)
    }
}

/// Per-call settings that can be changed on a client copy ([`Client::with_timeout`],
/// [`Client::with_retry_policy`]).
#[derive(Clone, Copy, Debug)]
struct CallSettings {
    timeout: Duration,
    retry: RetryPolicy,
    /// `None`: the timeout plus [`SETTLE_MARGIN`].
    settle_time: Option<Duration>,
}

/// What the default settle time adds to the per-attempt timeout (see
/// [`ClientBuilder::settle_time`]).
pub const SETTLE_MARGIN: Duration = Duration::from_secs(60);

struct Shared {
    http: HttpTransport,
    base_url: String,
    /// Each operation's URL by its path, parsed once and kept as the text of its path on the base
    /// URL's origin (`HttpTransport::path_of`: parsing the URL per call was a visible share of a
    /// call, and the transport parses only the path); the query is appended to a copy. The paths
    /// are the SDK's own, so a plain FNV hash serves (SipHash's protection against chosen keys
    /// costs more than the rest of the look-up).
    urls: std::collections::HashMap<&'static str, String, std::hash::BuildHasherDefault<Fnv>>,
    /// Shared by the calls that use it: a call takes one reference, not a copy of each part.
    credential: RwLock<Arc<CurrentCredential>>,
    expiry_skew: Duration,
    max_response_bytes: usize,
    address_type_codes: AddressTypeCodes,
    abandoned_hook: RwLock<Option<AbandonedCallHook>>,
    call_hook: RwLock<Option<CallHook>>,
    /// What keyed sends learnt about the service keeping descriptions, and the keys whose
    /// sends are running (docs/adr/0014).
    keyed_sends: crate::exactly_once::KeyedSends,
    /// The per-attempt timeouts' timers, re-used (docs/adr/0021).
    timers: crate::deadline::Timers,
    /// What signs the cursors and outcome tokens this client hands out.
    state_key: Arc<crate::state_key::StateKey>,
}

/// What became of a non-idempotent call (a create, a send, a passphrase change…) whose caller
/// stopped waiting for it — a dropped future, a cancelled coroutine or task, a caller's own
/// timeout.
/// Once its request may have been written such a call is not aborted (aborting could not
/// undo it): it runs to completion in the background and its outcome is given to the hook set
/// with [`ClientBuilder::on_abandoned_call`] and logged as a `tracing` event (target
/// `wallet_sdk::abandoned`, level WARN: operation, request id, status, outcome kind — never a
/// secret).
#[derive(Clone, Debug)]
pub struct AbandonedCall {
    /// The operation (snake_case name), e.g. `send_funds_from_wallet`.
    pub operation: &'static str,
    /// The service's `X-Request-Id`, when an answer arrived.
    pub request_id: Option<String>,
    /// The HTTP status, when an answer arrived.
    pub status: Option<u16>,
    /// The answer's `data` (redacted as a result's raw JSON is; for answers that carry a
    /// secret every field is redacted), or the error the caller would have got.
    pub outcome: Result<RawJson, Error>,
}

/// The hook that receives [`AbandonedCall`]s. It runs on the SDK's runtime: keep it short
/// and don't block in it.
pub type AbandonedCallHook = Arc<dyn Fn(&AbandonedCall) + Send + Sync>;

/// One finished call as the call hook sees it ([`ClientBuilder::on_call`],
/// [`Client::set_call_hook`]): what the bindings hand to each language's logger. Never a secret:
/// the request id is scrubbed of the call's secret inputs like every error text.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct CallEvent {
    /// The operation (snake_case name), e.g. `wallet_balance`.
    pub operation: &'static str,
    /// Requests sent (0 when the call failed before sending).
    pub attempts: u32,
    /// The HTTP status of the last answer, when one arrived.
    pub status: Option<u16>,
    /// From the call's start to its result, retries and back-off included.
    pub latency: Duration,
    /// The error's kind, when the call failed.
    pub error_kind: Option<ErrorKind>,
    /// The service's `X-Request-Id` of the last answer, when one arrived.
    pub request_id: Option<String>,
}

/// The hook that receives a [`CallEvent`] after every call. It runs where the call finishes
/// (the SDK's runtime or the caller's thread): keep it short and don't block in it.
pub type CallHook = Arc<dyn Fn(&CallEvent) + Send + Sync>;


/// What a call's answer said, for its [`CallEvent`].
#[derive(Default)]
pub(crate) struct AnswerMeta {
    /// Only a call with a hook to tell keeps these.
    wanted: bool,
    status: Option<u16>,
    request_id: Option<String>,
    attempts: u32,
}

/// The credential and its header value, checked and made once per credential instead of once
/// per call (`None` when the value cannot travel in a header: the call then fails as before).
struct CurrentCredential {
    credential: Credential,
    header: Option<HeaderValue>,
    /// The whole header map of a request that carries the credential in a header and has no
    /// headers of its own nor a body: `Accept`, the credential, then the transport's own (see
    /// `Client::outgoing`, which builds the same map header by header for other requests).
    /// Copied per call: cheaper than four inserts.
    plain_headers: Option<HeaderMap>,
}

impl CurrentCredential {
    fn new(credential: Credential, http: &HttpTransport) -> Arc<CurrentCredential> {
        let header = HeaderValue::from_str(credential.expose()).ok().map(|mut value| {
            value.set_sensitive(true);
            value
        });
        let plain_headers = header.clone().and_then(|value| {
            let mut headers = HeaderMap::with_capacity(4);
            headers.insert(ACCEPT, JSON);
            headers.insert(CREDENTIAL_HEADER, value);
            http.with_own_headers(headers)
        });
        Arc::new(CurrentCredential { credential, header, plain_headers })
    }
}

/// A validated request and the credential it goes with. Owned by the call; a non-idempotent
/// call shares it with the task that sends it (`send_detached`) through an `Arc`, made only then.
struct PreparedCall {
    req: BuiltRequest,
    credential: Arc<CurrentCredential>,
    /// What is scrubbed from everything the answer brings back: the credential's forms and
    /// the call's secret inputs'.
    forms: SecretForms,
    /// What resolves a non-idempotent call, for the report of one whose caller stopped waiting.
    resolve: Option<Box<crate::exactly_once::ResolveInfo>>,
}

/// Held while the caller waits for a detached request; dropped early when the caller stops
/// waiting, it makes sure the outcome is reported exactly once.
struct AbandonWatch {
    rx: Option<tokio::sync::oneshot::Receiver<Result<decode::Answer>>>,
    client: Client,
    call: Arc<PreparedCall>,
    op: &'static Operation,
}

impl Drop for AbandonWatch {
    fn drop(&mut self) {
        if let Some(mut rx) = self.rx.take() {
            // After close() the task's send either already happened (received here) or fails
            // (and the task reports): never both, never neither.
            rx.close();
            if let Ok(result) = rx.try_recv() {
                self.client.report_abandoned(self.op, &self.call, result);
            }
        }
    }
}

/// The async client of the wallet service: `Clone + Send + Sync`, one connection pool shared
/// by every clone. Each of the 43 operations is an `async` method (docs/operations.md).
///
/// ```no_run
/// # async fn demo() -> wallet_sdk::Result<()> {
/// let client = wallet_sdk::Client::builder()
///     .base_url("http://127.0.0.1:8080")
///     .credential("eyJhbGciOi...")
///     .build()?;
/// let info = client.blockchain_info().await?;
/// println!("{:?}", info.blocks);
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct Client {
    shared: Arc<Shared>,
    settings: CallSettings,
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("base_url", &self.shared.base_url)
            .field("credential", &read(&self.shared.credential).credential)
            .field("timeout", &self.settings.timeout)
            .field("retry", &self.settings.retry)
            .finish()
    }
}

mod builder;
mod call;
mod wire;

pub use builder::ClientBuilder;
pub use wire::call_arguments_from_json;
pub(crate) use wire::{retryable_status, untyped_args};
use wire::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operations::CREDENTIAL_WIRE_NAME;

    #[test]
    fn builder_checks() {
        let key = crate::credential::make_jwt(Some(4_000_000_000));
        let e = Client::builder().base_url("http://wallet.example.com").credential(&key).build().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InsecureTransport);
        assert_eq!(
            e.to_string(),
            "refusing plain http to `wallet.example.com`: the credential would travel unencrypted; use https, or call allow_insecure_http(true) if you accept that"
        );
        assert!(Client::builder().base_url("http://wallet.example.com").credential(&key).allow_insecure_http(true).build().is_ok());
        assert!(Client::builder().base_url("http://127.0.0.1:8080").credential(&key).build().is_ok());
        assert!(Client::builder().base_url("http://[::1]:8080/").credential(&key).build().is_ok());
        assert!(Client::builder().base_url("http://localhost:8080").credential(&key).build().is_ok());
        let c = Client::builder().base_url("https://wallet.example.com/prefix/").credential(&key).build().unwrap();
        assert_eq!(c.base_url(), "https://wallet.example.com/prefix");
        assert!(!format!("{c:?}").contains(&key));
        let e = Client::builder().credential(&key).build().unwrap_err();
        assert_eq!(e.to_string(), "invalid configuration: the base URL is required (ClientBuilder::base_url or WALLET_SDK_BASE_URL)");
        let e = Client::builder().base_url("https://x").build().unwrap_err();
        assert_eq!(e.to_string(), "invalid input `credential`: it is required (ClientBuilder::credential or WALLET_SDK_API_KEY)");
        let e = Client::builder().base_url("ftp://x").credential(&key).build().unwrap_err();
        assert_eq!(e.to_string(), "invalid configuration: the base URL scheme `ftp` is not supported (use https)");
        let e = Client::builder().base_url("https://x").credential(&key).tls_certs_only(true).build().unwrap_err();
        assert_eq!(e.to_string(), "invalid configuration: tls_certs_only(true) needs at least one custom root certificate");
        let e = Client::builder().base_url("https://x").credential(&key).add_root_certificate_pem("nope").build().unwrap_err();
        assert_eq!(e.to_string(), "invalid configuration: a custom root certificate PEM contains no certificate");
    }

    /// A base URL with a path: requests go to that path's operations, query encoded, with one
    /// Host header (the operation's path is kept as the path on the base URL's origin).
    #[tokio::test]
    async fn requests_under_a_base_path() {
        use tokio::io::AsyncWriteExt;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = tokio::spawn(async move {
            let (mut conn, _) = listener.accept().await.unwrap();
            let head = crate::transport::tests::read_request_head(&mut conn).await;
            let body = r#"{"successful":true,"data":{"address":"a b","confirmed":1,"unconfirmed":0,"utxoCount":3}}"#;
            let answer = format!("HTTP/1.1 200 OK\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: {}\r\n\r\n{body}", body.len());
            conn.write_all(answer.as_bytes()).await.unwrap();
            head
        });
        let key = crate::credential::make_jwt(Some(4_000_000_000));
        let client = Client::builder().base_url(format!("http://127.0.0.1:{port}/prefix/")).credential(&key).build().unwrap();
        let balance = client.address_balance("a b&c").await.unwrap();
        assert_eq!(balance.utxo_count, Some(3));
        let head = server.await.unwrap().to_ascii_lowercase();
        assert!(head.starts_with("get /prefix/api/address/address-balance?address=a+b%26c http/1.1\r\n"), "{head}");
        assert_eq!(head.matches("\r\nhost: ").count(), 1, "{head}");
        assert!(head.contains(&format!("\r\nhost: 127.0.0.1:{port}\r\n")), "{head}");
        // the headers, in the order they are built one by one for other requests
        let names: Vec<&str> = head.lines().skip(1).filter_map(|l| l.split_once(':')).map(|(name, _)| name).collect();
        assert_eq!(names, ["accept", "nodeurlorapiaccesskey", "user-agent", "host"], "{head}");
        assert!(head.contains(&format!("\r\nnodeurlorapiaccesskey: {}\r\n", key.to_ascii_lowercase())), "{head}");
        assert!(head.contains(&format!("\r\nuser-agent: {}\r\n", default_user_agent())), "{head}");
    }

    /// The URL table's hash tells the operations' paths apart (a collision would only cost a
    /// comparison, but every path should get a bucket of its own).
    #[test]
    fn the_url_table_hash_spreads_the_paths() {
        use std::hash::BuildHasher;
        let hasher = std::hash::BuildHasherDefault::<Fnv>::default();
        let mut hashes: Vec<u64> = crate::operations::ALL.iter().map(|op| hasher.hash_one(op.path)).collect();
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), crate::operations::ALL.len());
        // hashbrown's control bytes are the top seven bits
        let mut tops: Vec<u64> = hashes.iter().map(|h| h >> 57).collect();
        tops.sort_unstable();
        tops.dedup();
        assert!(tops.len() > crate::operations::ALL.len() * 3 / 4, "{}", tops.len());
    }

    #[test]
    fn the_credential_header_is_the_wire_name() {
        assert_eq!(CREDENTIAL_HEADER.as_str(), CREDENTIAL_WIRE_NAME.to_ascii_lowercase());
    }

    #[test]
    fn retry_rules() {
        assert!(retryable_status(429, None));
        assert!(retryable_status(503, Some("node_unavailable")));
        assert!(retryable_status(504, None));
        assert!(retryable_status(502, Some("node_unavailable")));
        assert!(!retryable_status(502, Some("node_error")));
        assert!(!retryable_status(500, None));
        assert!(!retryable_status(404, None));
        let p = RetryPolicy { jitter: 0.0, ..Default::default() };
        assert_eq!(p.delay(1, None), Duration::from_millis(200));
        assert_eq!(p.delay(2, None), Duration::from_millis(400));
        assert_eq!(p.delay(10, None), Duration::from_secs(5));
        assert_eq!(p.delay(1, Some(Duration::from_secs(2))), Duration::from_secs(2));
        assert_eq!(p.delay(1, Some(Duration::from_secs(60))), Duration::from_secs(5));
        let odd = RetryPolicy { jitter: f64::NAN, max_backoff: Duration::MAX, base_backoff: Duration::MAX, ..Default::default() };
        assert_eq!(odd.delay(3, None), Duration::MAX);
        let huge = RetryPolicy { max_backoff: Duration::MAX, base_backoff: Duration::MAX, ..Default::default() };
        // jitter may scale the delay down by up to 20%, never past max_backoff, never a panic
        for _ in 0..50 {
            let d = huge.delay(1, None);
            assert!(d.as_secs_f64() >= Duration::MAX.as_secs_f64() * 0.79, "{d:?}");
        }
        let pj = RetryPolicy::default();
        for _ in 0..50 {
            let d = pj.delay(1, None);
            assert!(d >= Duration::from_millis(160) && d <= Duration::from_millis(240), "{d:?}");
        }
    }
}
