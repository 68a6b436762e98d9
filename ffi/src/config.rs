//! [`WalletClientConfig`]: how to build a client, as Kotlin, Swift and Java give it, turned into
//! the core's builder.

use std::sync::Arc;
use std::time::Duration;

use crate::Secret;

/// How to build a [`WalletClient`]. Only `base_url` and `credential` are required; the other
/// fields default to the core's production defaults (10 s connect timeout, 60 s per attempt,
/// 3 attempts, https only except loopback, bundled web-PKI roots, proxies from the
/// environment, 60 s clock skew for the API key's expiry).
#[derive(Clone, Debug, uniffi::Record)]
pub struct WalletClientConfig {
    /// The service's base URL, e.g. `https://wallet.example.com`.
    pub base_url: String,
    /// The API key (JWT) or a node URL (`http(s)://user:pass@host:port`).
    pub credential: Arc<Secret>,
    /// Connect timeout in milliseconds.
    #[uniffi(default = None)]
    pub connect_timeout_ms: Option<i64>,
    /// Time allowed for one attempt, in milliseconds.
    #[uniffi(default = None)]
    pub timeout_ms: Option<i64>,
    /// Attempts in total including the first (1 = no retries).
    #[uniffi(default = None)]
    pub max_attempts: Option<i32>,
    /// Delay before the first retry, in milliseconds (doubled each time).
    #[uniffi(default = None)]
    pub base_backoff_ms: Option<i64>,
    /// Cap of the retry delay, in milliseconds.
    #[uniffi(default = None)]
    pub max_backoff_ms: Option<i64>,
    /// Product token appended to the `User-Agent`.
    #[uniffi(default = None)]
    pub user_agent_suffix: Option<String>,
    /// Largest response body accepted, in bytes (default 16 MiB).
    #[uniffi(default = None)]
    pub max_response_bytes: Option<i64>,
    /// Allow `http://` to non-loopback hosts (the credential then travels unencrypted).
    #[uniffi(default = false)]
    pub allow_insecure_http: bool,
    /// Extra trusted root certificates (PEM).
    #[uniffi(default = [])]
    pub root_certificates_pem: Vec<String>,
    /// Trust only `root_certificates_pem`, not the bundled roots.
    #[uniffi(default = false)]
    pub tls_certs_only: bool,
    /// Send every request through this HTTP proxy (`http://[user:password@]host:port`; https and
    /// SOCKS proxies are refused). A `Secret`: its URL may hold a password, and records print
    /// their fields.
    #[uniffi(default = None)]
    pub proxy: Option<Arc<Secret>>,
    /// Ignore proxies from the environment.
    #[uniffi(default = false)]
    pub no_proxy: bool,
    /// Clock skew tolerated when checking the API key's expiry, in seconds.
    #[uniffi(default = None)]
    pub expiry_skew_seconds: Option<i64>,
    /// The integer codes sent for address types (default legacy 0, p2sh-segwit 1, bech32 2,
    /// mweb 3 — the service's convention).
    #[uniffi(default = None)]
    pub address_type_codes: Option<AddressTypeCodes>,
    /// When a request whose answer was lost can no longer be in flight, in milliseconds after
    /// the error (`resolve` says `NotApplied` only then); default the timeout plus 60 s.
    #[uniffi(default = None)]
    pub settle_time_ms: Option<i64>,
    /// The secret (at least 32 characters) that signs the event cursors and outcome tokens this
    /// client hands out and checks those it takes back. Default: a random key of the process,
    /// so give every process that resumes a watch or resolves a token the same one.
    #[uniffi(default = None)]
    pub state_key: Option<Arc<Secret>>,
}

/// Integer codes of the address types on the wire (see `WalletClientConfig.addressTypeCodes`).
#[derive(Clone, Copy, Debug, uniffi::Record)]
pub struct AddressTypeCodes {
    /// Code of `Legacy` (default 0).
    pub legacy: i32,
    /// Code of `P2shSegwit` (default 1).
    pub p2sh_segwit: i32,
    /// Code of `Bech32` (default 2).
    pub bech32: i32,
    /// Code of `Mweb` (default 3).
    pub mweb: i32,
}

/// A non-negative integer input as the unsigned type the core takes; a negative one is an
/// `InvalidInput` naming `field` (Kotlin and Java have no unsigned types, so the FFI takes signed).
pub(crate) fn unsigned<S: Copy + std::fmt::Display, U: TryFrom<S>>(field: &str, value: S) -> wallet_sdk::Result<U> {
    U::try_from(value).map_err(|_| wallet_sdk::Error::invalid_input(field, format!("must not be negative, got {value}")))
}

pub(crate) fn builder_from(config: WalletClientConfig) -> wallet_sdk::Result<wallet_sdk::ClientBuilder> {
    let ms = |field: &str, v: i64| unsigned::<i64, u64>(field, v).map(Duration::from_millis);
    let mut b = wallet_sdk::Client::builder()
        .base_url(config.base_url)
        .credential(config.credential.0.expose())
        .allow_insecure_http(config.allow_insecure_http)
        .tls_certs_only(config.tls_certs_only);
    if let Some(v) = config.connect_timeout_ms {
        b = b.connect_timeout(ms("connect_timeout_ms", v)?);
    }
    if let Some(v) = config.timeout_ms {
        b = b.timeout(ms("timeout_ms", v)?);
    }
    let mut retry = wallet_sdk::RetryPolicy::default();
    if let Some(v) = config.max_attempts {
        retry.max_attempts = unsigned("max_attempts", v)?;
    }
    if let Some(v) = config.base_backoff_ms {
        retry.base_backoff = ms("base_backoff_ms", v)?;
    }
    if let Some(v) = config.max_backoff_ms {
        retry.max_backoff = ms("max_backoff_ms", v)?;
    }
    b = b.retry_policy(retry);
    if let Some(v) = config.user_agent_suffix {
        b = b.user_agent_suffix(v);
    }
    if let Some(v) = config.max_response_bytes {
        b = b.max_response_bytes(usize::try_from(unsigned::<i64, u64>("max_response_bytes", v)?).unwrap_or(usize::MAX));
    }
    for pem in config.root_certificates_pem {
        b = b.add_root_certificate_pem(pem.into_bytes());
    }
    if let Some(p) = config.proxy {
        b = b.proxy(p.0.expose());
    }
    if config.no_proxy {
        b = b.no_proxy();
    }
    if let Some(v) = config.expiry_skew_seconds {
        b = b.expiry_skew(Duration::from_secs(unsigned("expiry_skew_seconds", v)?));
    }
    if let Some(c) = config.address_type_codes {
        b = b.address_type_codes(wallet_sdk::AddressTypeCodes { legacy: c.legacy, p2sh_segwit: c.p2sh_segwit, bech32: c.bech32, mweb: c.mweb });
    }
    if let Some(v) = config.settle_time_ms {
        b = b.settle_time(ms("settle_time_ms", v)?);
    }
    if let Some(k) = config.state_key {
        b = b.state_key(k.0.expose());
    }
    Ok(b)
}
