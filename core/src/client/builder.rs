//! [`ClientBuilder`]: the settings of a client, checked once when it is built, and its TLS.

use std::fmt;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use crate::address_type::AddressTypeCodes;
use crate::credential::Credential;
use crate::error::{Error, ErrorKind, Result};
use crate::transport::{self, is_loopback, redact_userinfo, HttpTransport, Transport};

use super::*;

/// Builds a [`Client`]. The defaults suit production: https only (plain http to loopback
/// hosts is allowed for local development), 10 s connect timeout, 60 s per-attempt timeout,
/// 3 attempts, 16 MiB response cap, bundled web-PKI roots, proxies from the environment.
#[derive(Clone)]
pub struct ClientBuilder {
    pub(super) base_url: Option<String>,
    /// Zeroized when the builder goes, like every copy of the credential.
    pub(super) credential: Option<crate::Secret>,
    pub(super) connect_timeout: Duration,
    pub(super) timeout: Duration,
    pub(super) retry: RetryPolicy,
    pub(super) user_agent: String,
    pub(super) max_response_bytes: usize,
    pub(super) allow_insecure_http: bool,
    pub(super) extra_roots_pem: Vec<Vec<u8>>,
    pub(super) tls_certs_only: bool,
    pub(super) proxy: Option<String>,
    pub(super) no_proxy: bool,
    pub(super) expiry_skew: Duration,
    pub(super) address_type_codes: AddressTypeCodes,
    pub(super) abandoned_hook: Option<AbandonedCallHook>,
    pub(super) call_hook: Option<CallHook>,
    pub(super) settle_time: Option<Duration>,
    /// Zeroized when the builder goes.
    pub(super) state_key: Option<crate::Secret>,
    pub(super) transport: Option<Arc<dyn Transport>>,
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
            transport: None,
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
    /// Attempts in total, the first included (1 = no retries): the policy's `max_attempts`.
    pub fn max_attempts(mut self, n: u32) -> Self {
        self.retry.max_attempts = n;
        self
    }
    /// Delay before the first retry, doubled each time: the policy's `base_backoff`.
    pub fn base_backoff(mut self, d: Duration) -> Self {
        self.retry.base_backoff = d;
        self
    }
    /// Cap of the retry delay (and of the service's `Retry-After`): the policy's `max_backoff`.
    pub fn max_backoff(mut self, d: Duration) -> Self {
        self.retry.max_backoff = d;
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

    /// Carries every request with `transport` instead of the client's own HTTP/1.1 connections
    /// (the connect timeout, TLS and proxy settings then do not apply): an in-memory service
    /// for tests (a closure, see [`Transport`]), or an HTTP stack of the app's own. The client
    /// still builds each request, times each attempt and reads each answer itself.
    pub fn transport(mut self, transport: impl Transport) -> Self {
        self.transport = Some(Arc::new(transport));
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
        self.retry.check()?;
        let state_key = match &self.state_key {
            Some(text) => Arc::new(crate::state_key::StateKey::from_text(text.expose())?),
            None => crate::state_key::StateKey::of_this_process(),
        };

        let http = HttpTransport::build(transport::Settings {
            base_url: &url,
            tls: tls_config(&self.extra_roots_pem, self.tls_certs_only)?,
            user_agent: &self.user_agent,
            connect_timeout: self.connect_timeout,
            proxy: self.proxy.as_deref(),
            no_proxy: self.no_proxy,
            given: self.transport,
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


pub(super) fn tls_config(extra: &[Vec<u8>], only: bool) -> Result<rustls::ClientConfig> {
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
