//! The async [`Client`], its [`ClientBuilder`] and the retrying executor.

use std::fmt;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use rand::Rng;
use tracing::Instrument;

use crate::address_type::AddressTypeCodes;
use crate::credential::{now_unix, Credential};
use crate::decode::{self, Decode, RawResponse};
use crate::raw_json::FromData;
use crate::error::{Details, Error, ErrorKind, Result};
use crate::locks::{read, write};
use crate::operations::{HttpMethod, Location, Operation, CREDENTIAL_WIRE_NAME};
use crate::raw_json::RawJson;
use crate::redact::{self, SecretForms};
use crate::request::{self, Args, BuiltRequest};
use crate::transport::{self, redact_userinfo, Incoming, Outgoing, SendFailure, Target, Transport};

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
    http: Transport,
    base_url: String,
    /// Each operation's URL by its path, parsed once and kept as the text of its path on the base
    /// URL's origin (`Transport::path_of`: parsing the URL per call was a visible share of a
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

/// What became of a non-idempotent call (create, send, broadcast…) whose caller stopped
/// waiting for it — a dropped future, a cancelled coroutine or task, a caller's own timeout.
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
    fn new(credential: Credential, http: &Transport) -> Arc<CurrentCredential> {
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

/// Builds a [`Client`]. The defaults suit production: https only (plain http to loopback
/// hosts is allowed for local development), 10 s connect timeout, 60 s per-attempt timeout,
/// 3 attempts, 16 MiB response cap, bundled web-PKI roots, proxies from the environment.
#[derive(Clone)]
pub struct ClientBuilder {
    base_url: Option<String>,
    /// Zeroized when the builder goes, like every copy of the credential.
    credential: Option<crate::Secret>,
    connect_timeout: Duration,
    timeout: Duration,
    retry: RetryPolicy,
    user_agent: String,
    max_response_bytes: usize,
    allow_insecure_http: bool,
    extra_roots_pem: Vec<Vec<u8>>,
    tls_certs_only: bool,
    proxy: Option<String>,
    no_proxy: bool,
    expiry_skew: Duration,
    address_type_codes: AddressTypeCodes,
    abandoned_hook: Option<AbandonedCallHook>,
    call_hook: Option<CallHook>,
    settle_time: Option<Duration>,
    /// Zeroized when the builder goes.
    state_key: Option<crate::Secret>,
}

impl fmt::Debug for ClientBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ClientBuilder")
            .field("base_url", &self.base_url)
            .field("credential", &self.credential.as_ref().map(|_| "[REDACTED]"))
            .field("connect_timeout", &self.connect_timeout)
            .field("timeout", &self.timeout)
            .field("retry", &self.retry)
            .finish_non_exhaustive()
    }
}

impl Default for ClientBuilder {
    fn default() -> Self {
        ClientBuilder {
            base_url: None,
            credential: None,
            connect_timeout: Duration::from_secs(10),
            timeout: Duration::from_secs(60),
            retry: RetryPolicy::default(),
            user_agent: default_user_agent(),
            max_response_bytes: 16 * 1024 * 1024,
            allow_insecure_http: false,
            extra_roots_pem: Vec::new(),
            tls_certs_only: false,
            proxy: None,
            no_proxy: false,
            expiry_skew: Duration::from_secs(60),
            address_type_codes: AddressTypeCodes::default(),
            abandoned_hook: None,
            call_hook: None,
            settle_time: None,
            state_key: None,
        }
    }
}

impl ClientBuilder {
    /// The service's base URL, e.g. `https://wallet.example.com` (paths are appended).
    pub fn base_url(mut self, url: impl Into<String>) -> Self {
        self.base_url = Some(url.into());
        self
    }
    /// The credential: an API key (JWT) or a node URL (`http(s)://user:pass@host:port`).
    pub fn credential(mut self, value: impl Into<String>) -> Self {
        self.credential = Some(crate::Secret::new(value.into()));
        self
    }
    /// Same as [`credential`](Self::credential), for readability with an API key.
    pub fn api_key(self, key: impl Into<String>) -> Self {
        self.credential(key)
    }
    /// Time allowed to establish a connection (default 10 s).
    pub fn connect_timeout(mut self, d: Duration) -> Self {
        self.connect_timeout = d;
        self
    }
    /// Time allowed for one attempt, from sending to the end of the body (default 60 s).
    pub fn timeout(mut self, d: Duration) -> Self {
        self.timeout = d;
        self
    }
    /// The retry policy (default [`RetryPolicy::default`]).
    pub fn retry_policy(mut self, p: RetryPolicy) -> Self {
        self.retry = p;
        self
    }
    /// Appends a product token to the `User-Agent` (`wallet-sdk/<version> <suffix>`), e.g.
    /// a binding's name.
    pub fn user_agent_suffix(mut self, suffix: impl AsRef<str>) -> Self {
        self.user_agent = format!("{} {}", default_user_agent(), suffix.as_ref());
        self
    }
    /// Largest response body accepted (default 16 MiB).
    pub fn max_response_bytes(mut self, n: usize) -> Self {
        self.max_response_bytes = n;
        self
    }
    /// Allows `http://` to non-loopback hosts (the credential then travels unencrypted).
    pub fn allow_insecure_http(mut self, allow: bool) -> Self {
        self.allow_insecure_http = allow;
        self
    }
    /// Adds trusted root certificates (PEM, one or more) besides the bundled web-PKI roots.
    pub fn add_root_certificate_pem(mut self, pem: impl Into<Vec<u8>>) -> Self {
        self.extra_roots_pem.push(pem.into());
        self
    }
    /// Trust only the certificates added with
    /// [`add_root_certificate_pem`](Self::add_root_certificate_pem), not the bundled roots.
    pub fn tls_certs_only(mut self, only: bool) -> Self {
        self.tls_certs_only = only;
        self
    }
    /// Sends every request through this HTTP proxy (`http://[user:password@]host:port`): plain
    /// `http` requests in absolute form, `https` through a `CONNECT` tunnel. Without it, the proxy
    /// comes from the environment (`HTTPS_PROXY`, `HTTP_PROXY`, `ALL_PROXY`, less `NO_PROXY`).
    /// `https://` and SOCKS proxies are refused at build (docs/adr/0010).
    pub fn proxy(mut self, url: impl Into<String>) -> Self {
        self.proxy = Some(url.into());
        self
    }
    /// Ignores proxies from the environment.
    pub fn no_proxy(mut self) -> Self {
        self.no_proxy = true;
        self
    }
    /// Clock skew tolerated when checking the API key's `exp` locally (default 60 s).
    pub fn expiry_skew(mut self, d: Duration) -> Self {
        self.expiry_skew = d;
        self
    }

    /// The integer codes sent for address types where the wire wants a code (default: 0 legacy,
    /// 1 p2sh-segwit, 2 bech32, 3 mweb — a convention, see [`AddressTypeCodes`]).
    pub fn address_type_codes(mut self, codes: AddressTypeCodes) -> Self {
        self.address_type_codes = codes;
        self
    }

    /// The hook told about every finished call (see [`CallEvent`]): operation, attempts,
    /// status, latency, error kind and request id, never a secret. The same facts are on the
    /// `wallet_sdk.operation` tracing span.
    pub fn on_call(mut self, hook: impl Fn(&CallEvent) + Send + Sync + 'static) -> Self {
        self.call_hook = Some(Arc::new(hook));
        self
    }

    /// The hook told what became of a non-idempotent call whose caller stopped waiting for it
    /// (see [`AbandonedCall`]).
    pub fn on_abandoned_call(mut self, hook: impl Fn(&AbandonedCall) + Send + Sync + 'static) -> Self {
        self.abandoned_hook = Some(Arc::new(hook));
        self
    }

    /// How long after an `outcome_unknown` error [`Client::resolve`] waits before it says "not
    /// applied" of an operation it cannot find: the longest a request that left may still be
    /// on its way or at work in the service. Default: the per-attempt timeout plus
    /// [`SETTLE_MARGIN`] (60 s), so 120 s with the default timeout. A service that may work on
    /// a request longer than that needs a longer settle time (docs/adr/0014).
    pub fn settle_time(mut self, d: Duration) -> Self {
        self.settle_time = Some(d);
        self
    }

    /// The key that signs the event cursors and outcome tokens this client hands out, and
    /// checks the ones it takes back: secret text of at least [`MIN_STATE_KEY_LEN`](crate::MIN_STATE_KEY_LEN)
    /// characters (e.g. 64 random hex digits). A cursor or token that was changed, or signed
    /// with another key, is `invalid_input`. Default: a random key of this process, so cursors
    /// and tokens made here are taken back only here; give every client of every process that
    /// must take them back (after a restart, on another host) the same key.
    pub fn state_key(mut self, key: impl Into<String>) -> Self {
        self.state_key = Some(crate::Secret::new(key.into()));
        self
    }

    /// Validates the configuration and builds the client.
    pub fn build(self) -> Result<Client> {
        let base = self
            .base_url
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .ok_or_else(|| Error::config(format!("the base URL is required (ClientBuilder::base_url or {ENV_BASE_URL})")))?;
        let url = url::Url::parse(base)
            .map_err(|_| Error::config(format!("the base URL `{}` is not a valid URL", redact_userinfo(base))))?;
        if url.query().is_some() || !url.username().is_empty() || url.password().is_some() {
            return Err(Error::config("the base URL must not contain credentials or a query"));
        }
        let host = url.host_str().unwrap_or("").to_string();
        match url.scheme() {
            "https" => {}
            "http" => {
                if !self.allow_insecure_http && !is_loopback(&host) {
                    return Err(Error::new(
                        ErrorKind::InsecureTransport,
                        format!(
                            "refusing plain http to `{host}`: the credential would travel unencrypted; use https, \
                             or call allow_insecure_http(true) if you accept that"
                        ),
                    ));
                }
            }
            other => return Err(Error::config(format!("the base URL scheme `{other}` is not supported (use https)"))),
        }
        let credential_value = self
            .credential
            .ok_or_else(|| Error::invalid_input("credential", format!("it is required (ClientBuilder::credential or {ENV_API_KEY})")))?;
        let credential = Credential::parse(credential_value.expose())?;
        if self.retry.max_attempts == 0 {
            return Err(Error::config("retry_policy.max_attempts must be at least 1"));
        }
        let state_key = match &self.state_key {
            Some(text) => Arc::new(crate::state_key::StateKey::from_text(text.expose())?),
            None => crate::state_key::StateKey::of_this_process(),
        };

        let http = Transport::build(transport::Settings {
            base_url: &url,
            tls: tls_config(&self.extra_roots_pem, self.tls_certs_only)?,
            user_agent: &self.user_agent,
            connect_timeout: self.connect_timeout,
            proxy: self.proxy.as_deref(),
            no_proxy: self.no_proxy,
        })?;
        let base_url = url.as_str().trim_end_matches('/').to_string();
        // a URL with a fragment takes the query before it: those go through `url` per call; the
        // others are kept as the path (and query) the transport sends to the base URL's origin
        let urls = crate::operations::ALL
            .iter()
            .filter_map(|op| {
                let url = url::Url::parse(&format!("{base_url}{}", op.path)).ok()?;
                let path = url.fragment().is_none().then(|| http.path_of(url.as_str())).flatten()?;
                Some((op.path, path))
            })
            .collect();
        let current = CurrentCredential::new(credential, &http);
        Ok(Client {
            shared: Arc::new(Shared {
                http,
                base_url,
                urls,
                credential: RwLock::new(current),
                expiry_skew: self.expiry_skew,
                max_response_bytes: self.max_response_bytes,
                address_type_codes: self.address_type_codes,
                abandoned_hook: RwLock::new(self.abandoned_hook),
                call_hook: RwLock::new(self.call_hook),
                keyed_sends: Default::default(),
                timers: Default::default(),
                state_key,
            }),
            settings: CallSettings { timeout: self.timeout, retry: self.retry, settle_time: self.settle_time },
        })
    }
}

use crate::transport::is_loopback;

fn tls_config(extra: &[Vec<u8>], only: bool) -> Result<rustls::ClientConfig> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::CertificateDer;
    let mut roots = rustls::RootCertStore::empty();
    if !only {
        roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    }
    for pem in extra {
        let mut n = 0;
        for cert in CertificateDer::pem_slice_iter(pem) {
            let cert = cert.map_err(|_| Error::config("a custom root certificate is not valid PEM"))?;
            roots.add(cert).map_err(|e| Error::config(format!("a custom root certificate was refused: {e}")))?;
            n += 1;
        }
        if n == 0 {
            return Err(Error::config("a custom root certificate PEM contains no certificate"));
        }
    }
    if roots.is_empty() {
        return Err(Error::config("tls_certs_only(true) needs at least one custom root certificate"));
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let cfg = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| Error::config(format!("TLS set-up failed: {e}")))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(cfg)
}

enum AttemptFailure {
    /// The request certainly never left (connect, DNS, TLS).
    NotSent(String),
    /// No complete answer in time; the request may have arrived.
    Timeout,
    /// The connection failed after the request may have been written.
    Lost(String),
    /// An error that ends the call at once (e.g. body too large).
    Fatal(Error),
}

impl Client {
    /// A builder with production defaults.
    pub fn builder() -> ClientBuilder {
        ClientBuilder::default()
    }

    /// A client configured from `WALLET_SDK_BASE_URL` and `WALLET_SDK_API_KEY`, with defaults
    /// otherwise.
    pub fn from_env() -> Result<Client> {
        Self::builder_from_env()?.build()
    }

    /// A builder preset from `WALLET_SDK_BASE_URL` and `WALLET_SDK_API_KEY`, and the state key
    /// from `WALLET_SDK_STATE_KEY` when it is set.
    pub fn builder_from_env() -> Result<ClientBuilder> {
        let base = std::env::var(ENV_BASE_URL)
            .map_err(|_| Error::config(format!("environment variable {ENV_BASE_URL} is not set")))?;
        let key = std::env::var(ENV_API_KEY)
            .map_err(|_| Error::config(format!("environment variable {ENV_API_KEY} is not set")))?;
        let builder = Client::builder().base_url(base).credential(key);
        Ok(match std::env::var(crate::ENV_STATE_KEY) {
            Ok(state_key) => builder.state_key(state_key),
            Err(_) => builder,
        })
    }

    /// What signs and checks this client's cursors and outcome tokens.
    pub(crate) fn state_key(&self) -> &Arc<crate::state_key::StateKey> {
        &self.shared.state_key
    }

    /// The base URL in use.
    pub fn base_url(&self) -> &str {
        &self.shared.base_url
    }

    /// Replaces the credential of this client and of every clone (key rotation). The new value
    /// is validated first; on error the old credential stays.
    pub fn set_credential(&self, value: impl Into<String>) -> Result<()> {
        let c = Credential::parse(value)?;
        *write(&self.shared.credential) = CurrentCredential::new(c, &self.shared.http);
        Ok(())
    }

    /// The current credential (printing it shows only `[REDACTED]`).
    pub fn credential(&self) -> Credential {
        read(&self.shared.credential).credential.clone()
    }

    /// The API key's expiry, if the credential is a JWT with `exp`.
    pub fn expires_at(&self) -> Option<std::time::SystemTime> {
        self.credential().expires_at()
    }

    /// The per-attempt timeout of this client (copy).
    pub fn timeout(&self) -> Duration {
        self.settings.timeout
    }

    /// The retry policy of this client (copy).
    pub fn retry_policy(&self) -> RetryPolicy {
        self.settings.retry
    }

    /// A copy of this client (same pool and credential) with another per-attempt timeout.
    pub fn with_timeout(&self, timeout: Duration) -> Client {
        let mut c = self.clone();
        c.settings.timeout = timeout;
        c
    }

    /// The settle time of this client (see [`ClientBuilder::settle_time`]).
    pub fn settle_time(&self) -> Duration {
        self.settings.settle_time.unwrap_or_else(|| self.settings.timeout.saturating_add(SETTLE_MARGIN))
    }

    /// A copy of this client (same pool and credential) with another settle time.
    pub fn with_settle_time(&self, settle_time: Duration) -> Client {
        let mut c = self.clone();
        c.settings.settle_time = Some(settle_time);
        c
    }

    /// A copy of this client (same pool and credential) with another retry policy.
    pub fn with_retry_policy(&self, retry: RetryPolicy) -> Client {
        let mut c = self.clone();
        c.settings.retry = retry;
        c
    }

    /// Runs any of the 43 operations by name, untyped: `arguments` maps SDK parameter names
    /// (`wallet_name`, `passphrase`, `amount` as decimal text…) to JSON values, and the answer's
    /// `data` comes back as JSON. The credential, validation, retries, the non-idempotent rules
    /// and redaction are those of the typed methods; secret fields of the answer are redacted
    /// (for answers that carry a secret, every field), so use the typed method to read one.
    /// Meant for answers whose shape the typed results cannot read.
    pub async fn call(
        &self,
        operation: &str,
        arguments: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<RawJson> {
        let op = crate::operations::by_name(operation).ok_or_else(|| {
            Error::invalid_input("operation", format!("`{operation}` is not the snake_case name of one of the 43 operations, such as `wallet_balance`"))
        })?;
        let args = untyped_args(op, arguments)?;
        self.execute::<RawJson>(op, args).await
    }

    /// Sets the hook told what became of a non-idempotent call whose caller stopped waiting
    /// for it (see [`AbandonedCall`]); `None` removes it. Shared by every clone.
    pub fn set_abandoned_call_hook(&self, hook: Option<AbandonedCallHook>) {
        *write(&self.shared.abandoned_hook) = hook;
    }

    /// Sets the hook told about every finished call (see [`CallEvent`]); `None` removes it.
    /// Shared by every clone.
    pub fn set_call_hook(&self, hook: Option<CallHook>) {
        *write(&self.shared.call_hook) = hook;
    }

    /// Runs one operation: validates, sends (with retries, docs/errors.md), decodes.
    ///
    /// Only the decode depends on `T`: the rest is [`Client::execute_decoded`], made once for
    /// all operations instead of once per result type (it cost about 14 kB of library per
    /// operation, in every binding's library).
    pub(crate) async fn execute<T: FromData + Send>(&self, op: &'static Operation, args: Args) -> Result<T> {
        let mut result = None;
        self.execute_decoded(op, args, &mut |answer, forms| {
            result = Some(decode::typed::<T>(op, answer, forms)?);
            Ok(())
        })
        .await?;
        result.ok_or_else(|| Error::new(ErrorKind::Decode, format!("{}: the answer was not decoded", op.name)))
    }

    /// [`Client::execute`] with the decode of a successful answer left to `decode`.
    async fn execute_decoded(&self, op: &'static Operation, args: Args, decode: Decode<'_>) -> Result<()> {
        let span = tracing::info_span!(
            "wallet_sdk.operation",
            op = op.name,
            method = op.method.as_str(),
            path = op.path,
            attempt = tracing::field::Empty,
            status = tracing::field::Empty,
            latency_ms = tracing::field::Empty,
            error_kind = tracing::field::Empty,
            request_id = tracing::field::Empty,
        );
        let hook = read(&self.shared.call_hook).clone();
        // the clock only when something reads the latency (a hook, or a subscriber of the span)
        let started = (hook.is_some() || !span.is_disabled()).then(Instant::now);
        let mut meta = AnswerMeta { wanted: hook.is_some(), ..AnswerMeta::default() };
        let inner = self.execute_inner(op, args, &mut meta, decode);
        // entering a span that nothing records does nothing, but costs a layer of polling
        let result = if span.is_disabled() { inner.await } else { inner.instrument(span.clone()).await };
        let latency = started.map(|t| t.elapsed()).unwrap_or_default();
        span.record("latency_ms", latency.as_millis() as u64);
        match &result {
            Ok(_) => tracing::debug!(parent: &span, "operation succeeded"),
            Err(e) => {
                span.record("error_kind", e.kind().as_str());
                tracing::debug!(parent: &span, kind = e.kind().as_str(), status = e.status(), "operation failed");
            }
        }
        if let Some(hook) = hook {
            let event = match &result {
                Ok(_) => CallEvent { operation: op.name, attempts: meta.attempts, status: meta.status, latency, error_kind: None, request_id: meta.request_id },
                Err(e) => CallEvent {
                    operation: op.name,
                    attempts: e.attempts(),
                    status: e.status(),
                    latency,
                    error_kind: Some(e.kind()),
                    request_id: e.request_id().map(str::to_string),
                },
            };
            // A panicking hook must not turn a finished call into a failure.
            let _ = crate::panic::catch(|| hook(&event));
        }
        result
    }

    async fn execute_inner(&self, op: &'static Operation, args: Args, meta: &mut AnswerMeta, decode: Decode<'_>) -> Result<()> {
        use crate::exactly_once as once;
        use crate::operations::ExactlyOnce;
        match op.exactly_once {
            // boxed: these call other operations, which come back here
            ExactlyOnce::Broadcast => return Box::pin(once::broadcast(self, op, args, meta, decode)).await,
            ExactlyOnce::KeyedSend => {
                once::check_description(&args).map_err(|e| e.set_operation(op.name))?;
                if args.text(once::KEY_INPUT).is_some() {
                    return Box::pin(once::keyed_send(self, op, args, meta, decode)).await;
                }
            }
            ExactlyOnce::Nothing | ExactlyOnce::CreatesWallet | ExactlyOnce::EncryptsWallet => {}
        }
        let resolve = once::ResolveInfo::for_call(op, &args, self.state_key());
        self.execute_plain(op, args, meta, resolve, None, decode).await
    }

    /// [`Client::execute`]'s work without the exactly-once rules of broadcasts and keyed sends:
    /// an error that leaves the outcome open carries `resolve` (see [`Client::resolve`]). A keyed
    /// send's `hold` goes with its request and is released when that settles.
    pub(crate) async fn execute_plain(
        &self,
        op: &'static Operation,
        args: Args,
        meta: &mut AnswerMeta,
        resolve: Option<Box<crate::exactly_once::ResolveInfo>>,
        hold: Option<crate::exactly_once::KeyHold>,
        decode: Decode<'_>,
    ) -> Result<()> {
        let mut prepared = self.prepare(op, &args)?;
        let shared;
        let (call, answer) = if op.idempotent {
            let answer = self.send(op, &prepared).await;
            (&prepared, answer)
        } else {
            crate::exactly_once::before_sending(op, resolve.as_deref(), self.settle_time())?;
            prepared.resolve = resolve.clone();
            shared = Arc::new(prepared);
            (&*shared, self.send_detached(op, shared.clone(), hold).await)
        };
        let attempts = answer.as_ref().map(|a| a.attempts).unwrap_or(0);
        if let (true, Ok(a)) = (meta.wanted, &answer) {
            meta.attempts = a.attempts;
            meta.status = Some(a.status);
            meta.request_id = a.request_id.clone();
        }
        // any answer may echo the credential or the call's secret inputs
        let result = answer.and_then(|a| decode(a, Some(&call.forms)));
        result.map_err(|e| {
            let e = if e.attempts() == 0 && attempts > 0 { e.set_attempts(attempts) } else { e };
            let e = e.scrub(&call.forms);
            match resolve {
                Some(info) if info.applies_to(&e) => e.with_resolve_info(info.settling(self.settle_time())),
                _ => e,
            }
        })
    }

    /// Validates the inputs and the credential: nothing is sent when this fails.
    fn prepare(&self, op: &'static Operation, args: &Args) -> Result<PreparedCall> {
        let req = request::build_with(op, args, &self.shared.address_type_codes).map_err(|e| e.set_operation(op.name))?;
        let credential = read(&self.shared.credential).clone();
        credential
            .credential
            .check_not_expired(now_unix(), self.shared.expiry_skew)
            .map_err(|e| e.set_operation(op.name))?;
        let forms = SecretForms::with_credential(credential.credential.echo_forms(), req.secrets.iter().map(String::as_str));
        Ok(PreparedCall { req, credential, forms, resolve: None })
    }

    /// Sends a non-idempotent request on a task of its own, so that once written it runs to
    /// completion even when the caller stops waiting (drops the future, cancels the coroutine
    /// or task, times out): what became of it then goes to the abandoned-call hook and the log
    /// instead of vanishing (docs/adr/0002).
    async fn send_detached(
        &self,
        op: &'static Operation,
        call: Arc<PreparedCall>,
        mut hold: Option<crate::exactly_once::KeyHold>,
    ) -> Result<decode::Answer> {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            if let Some(hold) = &mut hold {
                hold.sending();
            }
            let result = self.send(op, &call).await;
            if let Some(hold) = hold {
                hold.settle(&result);
            }
            return result;
        };
        let (tx, rx) = tokio::sync::oneshot::channel();
        let client = self.clone();
        let watched_call = call.clone();
        let task = async move {
            if let Some(hold) = &mut hold {
                hold.sending();
            }
            let result = crate::panic::catch_future(client.send(op, &call)).await.unwrap_or_else(|panic| {
                Err(Error::new(ErrorKind::OutcomeUnknown, format!("{}: outcome unknown: {panic}", op.name)).reached_service())
            });
            // the key is released (or kept for the settle time) before anyone hears the outcome
            if let Some(hold) = hold {
                hold.settle(&result);
            }
            if let Err(unreceived) = tx.send(result) {
                client.report_abandoned(op, &call, unreceived);
            }
        };
        runtime.spawn(task.instrument(tracing::Span::current()));
        let mut waiting = AbandonWatch { rx: Some(rx), client: self.clone(), call: watched_call, op };
        let rx = waiting.rx.as_mut().expect("set above");
        let result = rx.await;
        waiting.rx = None;
        result.unwrap_or_else(|_| Err(Error::new(ErrorKind::OutcomeUnknown, format!("{}: outcome unknown: the request task ended without an answer", op.name))))
    }

    /// Tells the hook and the log what became of a call whose caller stopped waiting.
    fn report_abandoned(&self, op: &'static Operation, call: &PreparedCall, result: Result<decode::Answer>) {
        let forms = &call.forms;
        // the raw JSON below reads `data`, which the envelope scan may have skipped unchecked
        let (request_id, status, outcome) = match result.and_then(|a| a.checked(op)) {
            Ok(a) => {
                let data = crate::raw_json::redact_answer(op, a.data(), &[], Some(forms));
                (a.request_id.clone(), Some(a.status), Ok(data))
            }
            Err(e) => {
                let e = match &call.resolve {
                    Some(info) if info.applies_to(&e) => e.with_resolve_info((**info).clone().settling(self.settle_time())),
                    _ => e,
                };
                let e = e.scrub(forms);
                (e.request_id().map(str::to_string), e.status(), Err(e))
            }
        };
        self.tell_abandoned(AbandonedCall { operation: op.name, request_id, status, outcome });
    }

    /// For the bindings: a successful non-idempotent call whose result reached the binding
    /// just as its caller stopped waiting, so that nobody read it. It is reported as an
    /// abandoned call (`raw_json` is the result's redacted raw JSON); nothing happens for an
    /// operation that is safe to repeat or unknown.
    #[doc(hidden)]
    pub fn report_unread_success(&self, operation: &str, raw_json: String) {
        let Some(op) = crate::operations::by_name(operation).filter(|op| !op.idempotent) else { return };
        self.tell_abandoned(AbandonedCall { operation: op.name, request_id: None, status: None, outcome: Ok(RawJson::from_trusted(raw_json)) });
    }

    fn tell_abandoned(&self, event: AbandonedCall) {
        let op = event.operation;
        let outcome_kind = event.outcome.as_ref().err().map(|e| e.kind().as_str()).unwrap_or("succeeded");
        tracing::warn!(
            target: "wallet_sdk::abandoned",
            op,
            request_id = event.request_id.as_deref(),
            status = event.status,
            outcome = outcome_kind,
            "a non-idempotent call finished after its caller stopped waiting"
        );
        let hook = read(&self.shared.abandoned_hook).clone();
        if let Some(hook) = hook {
            // A panicking hook must not take the runtime's worker down with it.
            let _ = crate::panic::catch(|| hook(&event));
        }
    }

    /// Sends one prepared request, with retries (docs/errors.md): the answer or the error.
    async fn send(&self, op: &'static Operation, call: &PreparedCall) -> Result<decode::Answer> {
        let req = &call.req;
        let credential = &call.credential;
        let policy = self.settings.retry;
        let span = tracing::Span::current();
        let mut attempt: u32 = 0;
        loop {
            attempt += 1;
            span.record("attempt", attempt);
            let can_retry = attempt < policy.max_attempts;
            let outcome = self.attempt(op, req, credential, &call.forms).await;
            let (err, retry_after) = match outcome {
                Ok(raw) => {
                    span.record("status", raw.status);
                    if let Some(r) = &raw.request_id {
                        span.record("request_id", r.as_str());
                    }
                    let (status, retry_after) = (raw.status, raw.retry_after);
                    match decode::interpret(op, raw) {
                        Ok(mut answer) => {
                            answer.attempts = attempt;
                            return Ok(answer);
                        }
                        Err(e) => {
                            let retryable =
                                op.idempotent && retryable_status(status, e.service_code());
                            if !(retryable && can_retry) {
                                return Err(e.set_attempts(attempt));
                            }
                            tracing::debug!(status, attempt, "retryable answer");
                            (e, retry_after)
                        }
                    }
                }
                Err(AttemptFailure::Fatal(e)) => {
                    let e = if op.idempotent { e } else { e.reached_service() };
                    return Err(e.set_attempts(attempt));
                }
                Err(AttemptFailure::NotSent(why)) => {
                    let e = Error::with_details(
                        ErrorKind::Transport,
                        format!("{} failed: could not reach the service ({why}) after {attempt} attempt(s)", op.name),
                        Details { operation: Some(op.name), ..Details::default() },
                    );
                    if !can_retry {
                        return Err(e.set_attempts(attempt));
                    }
                    tracing::debug!(attempt, "connection failed before sending; retrying");
                    (e, None)
                }
                Err(AttemptFailure::Timeout) => {
                    if !op.idempotent {
                        let why = format!("no answer within {} s", self.settings.timeout.as_secs_f64());
                        return Err(outcome_unknown(op, &why).set_attempts(attempt));
                    }
                    let e = Error::with_details(
                        ErrorKind::Timeout,
                        format!(
                            "{} failed: no answer within {} s after {attempt} attempt(s); the operation is safe to repeat",
                            op.name,
                            self.settings.timeout.as_secs_f64()
                        ),
                        Details { operation: Some(op.name), ..Details::default() },
                    );
                    if !can_retry {
                        return Err(e.set_attempts(attempt));
                    }
                    tracing::debug!(attempt, "attempt timed out; retrying");
                    (e, None)
                }
                Err(AttemptFailure::Lost(why)) => {
                    if !op.idempotent {
                        return Err(outcome_unknown(op, &why).set_attempts(attempt));
                    }
                    let e = Error::with_details(
                        ErrorKind::Transport,
                        format!("{} failed: the connection failed before an answer ({why}) after {attempt} attempt(s)", op.name),
                        Details { operation: Some(op.name), ..Details::default() },
                    );
                    if !can_retry {
                        return Err(e.set_attempts(attempt));
                    }
                    tracing::debug!(attempt, "connection lost; retrying");
                    (e, None)
                }
            };
            if retry_after.is_some_and(|wait| wait > policy.max_backoff) {
                // The service asks for a longer pause than the policy allows: that wait is the
                // caller's decision (the error carries `retry_after`).
                return Err(err.set_attempts(attempt));
            }
            drop(err);
            tokio::time::sleep(policy.delay(attempt, retry_after)).await;
        }
    }

    async fn attempt(
        &self,
        op: &'static Operation,
        req: &BuiltRequest,
        credential: &CurrentCredential,
        forms: &SecretForms,
    ) -> std::result::Result<RawResponse, AttemptFailure> {
        let out = self.outgoing(op, req, credential).map_err(AttemptFailure::Fatal)?;
        let max = self.shared.max_response_bytes;
        // Boxed: the request's state (1,312 bytes) lives in its own allocation instead of being
        // carried (and moved) inside every caller's future, with fewer cache misses per call
        // (docs/adr/0023-own-connection-pool.md). `Box::pin` copied the whole state into the box,
        // most of it not yet written; allocated first, the box is written in place.
        let fut = boxed_in_place(|| async move {
            let mut resp: Incoming = self.shared.http.send(out).await.map_err(|e| match e {
                SendFailure::NotSent(why) => AttemptFailure::NotSent(why),
                SendFailure::Lost(why) => AttemptFailure::Lost(why),
                SendFailure::Invalid(why) => AttemptFailure::Fatal(Error::config(why)),
            })?;
            let status = resp.status();
            // the first value of each (as `HeaderMap::get` finds it), in one pass over the few
            // headers of an answer instead of a hashed look-up each
            let (mut content_type, mut request_id, mut retry_after) = (None, None, None);
            for (name, value) in resp.headers() {
                let slot = if name == CONTENT_TYPE {
                    &mut content_type
                } else if name == REQUEST_ID {
                    &mut request_id
                } else if name == RETRY_AFTER {
                    &mut retry_after
                } else {
                    continue;
                };
                slot.get_or_insert(value);
            }
            fn header(v: Option<&HeaderValue>) -> Option<&str> {
                v.and_then(|v| v.to_str().ok())
            }
            let content_type = content_type.and_then(decode::content_type);
            // the service's text: it reaches errors, hooks and the log span
            let request_id = header(request_id).map(|r| {
                let mut r = redact::service_text(r, false);
                forms.scrub_in_place(&mut r);
                r
            });
            let retry_after = header(retry_after).and_then(decode::parse_retry_after);
            if let Some(len) = resp.content_length() {
                if len as usize > max {
                    return Err(AttemptFailure::Fatal(too_large(op, max, status)));
                }
            }
            // one allocation when the length is announced (a growing buffer briefly holds twice
            // the body), but no more than a small answer needs on a length's word alone: a
            // hostile header must not reserve the whole cap per call
            let mut body = Vec::with_capacity(resp.content_length().map_or(0, |n| (n as usize).min(max).min(PREALLOCATE_LIMIT)));
            while let Some(chunk) = resp.chunk().await.map_err(AttemptFailure::Lost)? {
                if body.len() + chunk.len() > max {
                    return Err(AttemptFailure::Fatal(too_large(op, max, status)));
                }
                body.extend_from_slice(&chunk);
            }
            Ok(RawResponse { status, content_type, request_id, retry_after, body })
        });
        match crate::deadline::within(&self.shared.timers, self.settings.timeout, fut).await {
            Ok(r) => r,
            Err(_) => Err(AttemptFailure::Timeout),
        }
    }

    /// The request of one attempt: URL with the query, headers, body.
    fn outgoing(&self, op: &'static Operation, req: &BuiltRequest, credential: &CurrentCredential) -> Result<Outgoing> {
        let method = match req.method {
            HttpMethod::Get => http::Method::GET,
            HttpMethod::Post => http::Method::POST,
        };
        let in_query = op.credential_location == Location::Query;
        let secret = credential.credential.expose();
        let query = (in_query || !req.query.is_empty()).then(|| {
            let pairs = req.query.iter().map(|(k, v)| (*k, v.as_str()));
            in_query.then_some((CREDENTIAL_WIRE_NAME, secret)).into_iter().chain(pairs)
        });
        // the operation's path and the query form-encoded after it, as `Url::query_pairs_mut`
        // writes it; a URL with a fragment (or one not parsed at build) goes through `url`
        let target = match self.shared.urls.get(req.path) {
            Some(text) => Target::Path(match query {
                None => text.clone(),
                Some(pairs) => {
                    // the exact length when nothing needs encoding: `Bytes` then takes the
                    // text's buffer as it is (a larger one costs it an allocation of its own)
                    let len = pairs.clone().map(|(name, value)| 2 + name.len() + value.len()).sum::<usize>();
                    let mut uri = String::with_capacity(text.len() + len);
                    uri.push_str(text);
                    for (i, (name, value)) in pairs.enumerate() {
                        uri.push(if i == 0 { '?' } else { '&' });
                        push_form_encoded(&mut uri, name);
                        uri.push('=');
                        push_form_encoded(&mut uri, value);
                    }
                    uri
                }
            }),
            None => {
                let mut url = url::Url::parse(&format!("{}{}", self.shared.base_url, req.path))
                    .map_err(|e| Error::config(format!("the request URL is not valid: {e}")))?;
                if let Some(pairs) = query {
                    url.query_pairs_mut().extend_pairs(pairs);
                }
                Target::Url(url.into())
            }
        };
        if let (false, true, None, Some(headers), Target::Path(_)) = (in_query, req.headers.is_empty(), &req.body, &credential.plain_headers, &target) {
            return Ok(Outgoing { method, target, headers: headers.clone(), own_headers_added: true, body: None });
        }
        let invalid_header = |name: &str| Error::config(format!("the request header `{name}` is not valid"));
        let mut headers = HeaderMap::with_capacity(4 + req.headers.len());
        headers.insert(ACCEPT, JSON);
        if !in_query {
            let value = credential.header.clone().ok_or_else(|| invalid_header(CREDENTIAL_WIRE_NAME))?;
            headers.insert(CREDENTIAL_HEADER, value);
        }
        for (name, value) in &req.headers {
            let name = HeaderName::from_bytes(name.as_bytes()).map_err(|_| invalid_header(name))?;
            let value = HeaderValue::from_str(value).map_err(|_| invalid_header(name.as_str()))?;
            headers.append(name, value);
        }
        let body = req.body.as_ref().map(|text| {
            headers.insert(CONTENT_TYPE, JSON_UTF8);
            Bytes::copy_from_slice(text.as_bytes())
        });
        Ok(Outgoing { method, target, headers, own_headers_added: false, body })
    }
}

use bytes::Bytes;
use http::header::{HeaderMap, HeaderName, HeaderValue, ACCEPT, CONTENT_TYPE, RETRY_AFTER};
// names as constants: a name given as text is parsed again on every call
const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
/// `nodeUrlOrApiAccessKey` as HTTP/1.1 sends every header name: in lower case.
const CREDENTIAL_HEADER: HeaderName = HeaderName::from_static("nodeurlorapiaccesskey");
const JSON: HeaderValue = HeaderValue::from_static("application/json");
const JSON_UTF8: HeaderValue = HeaderValue::from_static("application/json; charset=utf-8");

/// FNV-1a over eight bytes at a time (a path is hashed in four steps instead of thirty), for
/// the table of the operations' URLs; the key is compared after, so the hash only spreads them.
#[derive(Default)]
struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        // the high bits, which the multiplications mixed most, where hashbrown reads them too
        self.0 ^ (self.0 >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        const PRIME: u64 = 0x0100_0000_01b3;
        let mut h = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            h = (h ^ u64::from_le_bytes(word.try_into().unwrap_or_default())).wrapping_mul(PRIME).rotate_left(23);
        }
        for &b in words.remainder() {
            h = (h ^ u64::from(b)).wrapping_mul(PRIME);
        }
        self.0 = h;
    }
}

/// Appends `text` form-urlencoded, as `url`'s `query_pairs_mut` writes a query's names and
/// values: most values (addresses, names, ids) need no encoding and are copied as they are.
fn push_form_encoded(out: &mut String, text: &str) {
    if text.bytes().all(|b| FORM_PLAIN[usize::from(b)]) {
        out.push_str(text);
    } else {
        out.extend(url::form_urlencoded::byte_serialize(text.as_bytes()));
    }
}

/// The bytes that form-urlencoding leaves as they are.
static FORM_PLAIN: [bool; 256] =
    crate::json_limits::byte_set(b"*-._0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");

/// The most a call reserves for a body on its announced length alone; past it the buffer
/// grows with what really arrives.
const PREALLOCATE_LIMIT: usize = 256 * 1024;

/// `make()`'s future in a box of its own, allocated first so that the future can be written
/// straight into it.
fn boxed_in_place<F: std::future::Future>(make: impl FnOnce() -> F) -> std::pin::Pin<Box<F>> {
    Box::into_pin(Box::write(Box::new_uninit(), make()))
}

fn too_large(op: &'static Operation, max: usize, status: u16) -> Error {
    let why = format!("the body is larger than the limit of {max} bytes (max_response_bytes)");
    if !op.idempotent && (200..300).contains(&status) {
        return Error::with_details(
            ErrorKind::OutcomeUnknown,
            format!(
                "{}: outcome unknown: the service answered HTTP {status}, so the operation probably took effect, but {why}; \
                 it was not repeated automatically — check whether it took effect before trying again",
                op.name
            ),
            Details { operation: Some(op.name), status: Some(status), ..Details::default() },
        );
    }
    Error::with_details(
        ErrorKind::Decode,
        format!("{} failed: could not read the response (HTTP {status}): {why}", op.name),
        Details { operation: Some(op.name), status: Some(status), ..Details::default() },
    )
}

fn outcome_unknown(op: &'static Operation, why: &str) -> Error {
    Error::with_details(
        ErrorKind::OutcomeUnknown,
        format!(
            "{} outcome unknown: the request may have reached the service but no answer came ({why}); it was not repeated \
             automatically — check whether it took effect before trying again",
            op.name
        ),
        Details { operation: Some(op.name), may_have_reached_service: true, ..Details::default() },
    )
}

/// The arguments of an untyped call given as JSON text (how the Kotlin, Swift and Java `call`
/// takes them): a JSON object, its size and nesting bounded as for an answer before it is parsed
/// (a parser of the caller's build may have no depth limit). Errors are `invalid_input` naming
/// `arguments_json` and never quote the text (it may hold a passphrase or a mnemonic).
pub fn call_arguments_from_json(json: &str) -> Result<serde_json::Map<String, serde_json::Value>> {
    let field = "arguments_json";
    if let Err(too_costly) = crate::json_limits::check(json.as_bytes()) {
        return Err(Error::invalid_input(field, too_costly.why()));
    }
    match serde_json::from_str::<serde_json::Value>(json) {
        Ok(serde_json::Value::Object(map)) => Ok(map),
        Ok(other) => Err(Error::invalid_input(
            field,
            format!("must be a JSON object of arguments, not {}", crate::json_limits::json_type_name(&other)),
        )),
        // serde_json's syntax errors name a line and column, never the text
        Err(e) => Err(Error::invalid_input(field, format!("not valid JSON: {e}"))),
    }
}

/// Statuses retried for idempotent operations: 429, 503, 504, and 502 unless `node_error`.
pub(crate) fn retryable_status(status: u16, code: Option<&str>) -> bool {
    match status {
        429 | 503 | 504 => true,
        502 => code != Some("node_error"),
        _ => false,
    }
}


impl Client {
    /// Finds out what became of the call that failed with `error`, for an `outcome_unknown`
    /// error (and a failed `broadcast_transaction`): whether the operation took effect
    /// ([`ResolutionState::Applied`](crate::ResolutionState::Applied), with the txid or the sent funds), certainly did not
    /// ([`ResolutionState::NotApplied`](crate::ResolutionState::NotApplied)), or cannot be told ([`ResolutionState::Unknown`](crate::ResolutionState::Unknown)). See
    /// [`crate::Resolution`] for what each operation can tell.
    ///
    /// "Not applied" is said only once the request can no longer be in flight: when the
    /// operation is not found, `resolve` waits until the settle time has passed since the
    /// error ([`crate::ClientBuilder::settle_time`]; by default the per-attempt timeout plus
    /// 60 s) and looks again. An error of a failed look-up (the service unreachable, say) is
    /// returned as the `Err`; calling `resolve` again later is safe.
    pub async fn resolve(&self, error: &Error) -> Result<crate::Resolution> {
        crate::exactly_once::resolve(error, self).await
    }

    /// Resolves a saved [`Error::outcome_token`] (see [`Client::resolve`]): what became of a
    /// call that failed with `outcome_unknown`, perhaps in another process. A token that is not
    /// one of this SDK's is an `invalid_input` error on `token`.
    pub async fn resolve_token(&self, token: &str) -> Result<crate::Resolution> {
        crate::exactly_once::resolve_token(token, self).await
    }
}

impl crate::exactly_once::Service for Client {
    type Meta = AnswerMeta;
    fn base_url(&self) -> &str {
        Client::base_url(self)
    }
    fn settle_time(&self) -> Duration {
        Client::settle_time(self)
    }
    fn state_key(&self) -> &Arc<crate::state_key::StateKey> {
        Client::state_key(self)
    }
    fn keyed_sends(&self) -> &crate::exactly_once::KeyedSends {
        &self.shared.keyed_sends
    }
    fn send_plain(
        &self,
        op: &'static Operation,
        args: Args,
        meta: &mut AnswerMeta,
        resolve: Option<Box<crate::exactly_once::ResolveInfo>>,
        hold: Option<crate::exactly_once::KeyHold>,
        decode: Decode<'_>,
    ) -> impl std::future::Future<Output = Result<()>> + Send {
        self.execute_plain(op, args, meta, resolve, hold, decode)
    }
    fn read<T: FromData + Send>(&self, op: &'static Operation, args: Args) -> impl std::future::Future<Output = Result<T>> + Send {
        self.execute::<T>(op, args)
    }
}

/// The arguments of an untyped call of `op` (`Client::call`, `Client::call_typed`), checked as
/// the typed methods check theirs.
pub(crate) fn untyped_args(op: &'static Operation, arguments: &serde_json::Map<String, serde_json::Value>) -> Result<Args> {
    if let Some((name, _)) = arguments.iter().find(|(_, v)| crate::json_limits::value_too_deep(v)) {
        let why = format!("nests deeper than {} levels", crate::json_limits::MAX_JSON_DEPTH);
        return Err(Error::invalid_input(name, why).set_operation(op.name));
    }
    Args::from_json(op, arguments).map_err(|e| e.set_operation(op.name))
}
#[cfg(test)]
mod tests {
    use super::*;

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
