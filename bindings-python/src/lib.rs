//! `wallet_sdk._native`: the pyo3 layer of the Python package. It converts types and errors
//! and chooses the calling style (a sync client that releases the GIL, an asyncio client
//! whose cancellation drops the request); every operation is the core's.

use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyCFunction, PyDict, PyTuple, PyType};
use wallet_sdk::fields::{Fields, RecordType};
use wallet_sdk::*;

mod bridge;
mod convert;
mod events;
mod offline;
mod resolve;
mod schema;
mod types;

use convert::{invalid_input, to_pyerr, AddressTypeArg, AmountArg, ArgType, Out, SecretArg};
use bridge::future_into_py;
use types::{PyAddressType, PyAmount, PySecret};

// ------------------------------------------------------------------ asyncio bridge

/// The core's fork-aware runtime (a runtime of our own would be dead in a child after fork()).
fn runtime_handle() -> tokio::runtime::Handle {
    // Creating a runtime fails only when the OS refuses threads; nothing sensible is left then.
    wallet_sdk::fork::shared_runtime().expect("the SDK's tokio runtime")
}

// ------------------------------------------------------------------ clients

/// Synchronous client of the wallet-and-address service: all 43 operations as blocking
/// methods.
///
/// The GIL is released while a call waits, and one client is meant to be shared by many
/// threads (one connection pool). Use it as a context manager (``with Client(...) as c:``)
/// or call :meth:`close`. It keeps working in a child process after ``os.fork()``.
///
/// Keywords of the constructor: ``api_key`` (a JWT) or ``node_url``
/// (``http://user:pass@host:port``) is the credential. Timeouts are in seconds: ``timeout``
/// per attempt (default 60), ``connect_timeout`` (default 10). Idempotent operations are
/// retried up to ``max_attempts`` times in total (default 3) with exponential ``backoff``
/// (default 0.2 s, capped at ``max_backoff``, default 5 s). ``http://`` to a non-loopback host
/// is refused unless ``allow_insecure_http=True``. ``root_certificates_pem`` adds CA
/// certificates (PEM text); ``tls_certs_only=True`` trusts only those. ``proxy`` sets an
/// explicit proxy; ``no_proxy=True`` ignores the environment's. ``expiry_skew`` (seconds,
/// default 60) is the margin of the local API-key expiry check. ``address_type_codes``
/// (e.g. ``{"mweb": 4}``) changes the integer codes sent for address types (default legacy 0,
/// p2sh_segwit 1, bech32 2, mweb 3 — the service's convention). ``settle_time``
/// (seconds, default the timeout plus 60) is when a request whose answer was lost can no
/// longer be in flight: ``resolve`` says ``"not_applied"`` only after it. ``state_key``
/// (secret text of at least 32 characters) signs the event cursors and outcome tokens the client
/// hands out and checks those it takes back; by default a random key of the process, so give
/// every process that resumes a watch or resolves a token the same one. ``from_env()`` reads
/// ``WALLET_SDK_BASE_URL``, ``WALLET_SDK_API_KEY`` and ``WALLET_SDK_STATE_KEY``.
#[pyclass(name = "Client", module = "wallet_sdk", frozen)]
pub struct Client {
    inner: RwLock<Option<blocking::Client>>,
    base_url: String,
}

/// asyncio client of the wallet-and-address service: all 43 operations as coroutines.
///
/// Cancelling the awaiting task cancels the request. Use it as an async context manager
/// (``async with AsyncClient(...) as c:``) or call :meth:`close`. It keeps working in a child
/// process after ``os.fork()`` (its runtime and connections are re-created there).
///
/// Keywords of the constructor: ``api_key`` (a JWT) or ``node_url``
/// (``http://user:pass@host:port``) is the credential. Timeouts are in seconds: ``timeout``
/// per attempt (default 60), ``connect_timeout`` (default 10). Idempotent operations are
/// retried up to ``max_attempts`` times in total (default 3) with exponential ``backoff``
/// (default 0.2 s, capped at ``max_backoff``, default 5 s). ``http://`` to a non-loopback host
/// is refused unless ``allow_insecure_http=True``. ``root_certificates_pem`` adds CA
/// certificates (PEM text); ``tls_certs_only=True`` trusts only those. ``proxy`` sets an
/// explicit proxy; ``no_proxy=True`` ignores the environment's. ``expiry_skew`` (seconds,
/// default 60) is the margin of the local API-key expiry check. ``address_type_codes``
/// (e.g. ``{"mweb": 4}``) changes the integer codes sent for address types (default legacy 0,
/// p2sh_segwit 1, bech32 2, mweb 3 — the service's convention). ``settle_time``
/// (seconds, default the timeout plus 60) is when a request whose answer was lost can no
/// longer be in flight: ``resolve`` says ``"not_applied"`` only after it. ``state_key``
/// (secret text of at least 32 characters) signs the event cursors and outcome tokens the client
/// hands out and checks those it takes back; by default a random key of the process, so give
/// every process that resumes a watch or resolves a token the same one. ``from_env()`` reads
/// ``WALLET_SDK_BASE_URL``, ``WALLET_SDK_API_KEY`` and ``WALLET_SDK_STATE_KEY``.
#[pyclass(name = "AsyncClient", module = "wallet_sdk", frozen)]
pub struct AsyncClient {
    inner: RwLock<Option<wallet_sdk::fork::ProcessClient>>,
    base_url: String,
    /// Per-call settings of this copy (`with_options`).
    timeout: Option<Duration>,
    retry: Option<RetryPolicy>,
}

const CLOSED: &str = "the client is closed";

impl Client {
    fn core_settings(&self, py: Python<'_>) -> PyResult<(Duration, RetryPolicy)> {
        let c = self.client(py)?.async_client();
        Ok((c.timeout(), c.retry_policy()))
    }
    fn with_settings(&self, py: Python<'_>, timeout: Duration, retry: RetryPolicy) -> PyResult<Self> {
        let c = self.client(py)?.with_timeout(timeout).with_retry_policy(retry);
        Ok(Client { inner: RwLock::new(Some(c)), base_url: self.base_url.clone() })
    }
    fn client(&self, py: Python<'_>) -> PyResult<blocking::Client> {
        refresh_call_logging(py);
        let g = self.inner.read().unwrap_or_else(|e| e.into_inner());
        g.clone().ok_or_else(|| invalid_input(py, "client", format!("invalid input `client`: {CLOSED}")))
    }
    fn from_builder(b: ClientBuilder) -> Result<Self, wallet_sdk::Error> {
        let c = blocking::Client::from_builder(b)?;
        let base_url = c.async_client().base_url().to_string();
        Ok(Client { inner: RwLock::new(Some(c)), base_url })
    }
}

impl AsyncClient {
    fn core_settings(&self, py: Python<'_>) -> PyResult<(Duration, RetryPolicy)> {
        let c = self.client(py)?;
        Ok((c.timeout(), c.retry_policy()))
    }
    fn with_settings(&self, py: Python<'_>, timeout: Duration, retry: RetryPolicy) -> PyResult<Self> {
        let g = self.inner.read().unwrap_or_else(|e| e.into_inner());
        let inner = g.clone().ok_or_else(|| invalid_input(py, "client", format!("invalid input `client`: {CLOSED}")))?;
        Ok(AsyncClient { inner: RwLock::new(Some(inner)), base_url: self.base_url.clone(), timeout: Some(timeout), retry: Some(retry) })
    }
    fn client(&self, py: Python<'_>) -> PyResult<wallet_sdk::Client> {
        refresh_call_logging(py);
        let g = self.inner.read().unwrap_or_else(|e| e.into_inner());
        // `get` rebuilds the client in a child process after fork().
        let mut c = g.as_ref().map(|c| c.get()).ok_or_else(|| invalid_input(py, "client", format!("invalid input `client`: {CLOSED}")))?;
        if let Some(t) = self.timeout {
            c = c.with_timeout(t);
        }
        if let Some(p) = self.retry {
            c = c.with_retry_policy(p);
        }
        Ok(c)
    }
    fn from_builder(b: ClientBuilder) -> Result<Self, wallet_sdk::Error> {
        let c = wallet_sdk::fork::ProcessClient::new(b)?;
        let base_url = c.get().base_url().to_string();
        Ok(AsyncClient { inner: RwLock::new(Some(c)), base_url, timeout: None, retry: None })
    }
}

fn secs(py: Python<'_>, name: &str, v: Option<f64>) -> PyResult<Option<Duration>> {
    match v {
        None => Ok(None),
        Some(s) if s.is_finite() && s >= 0.0 && Duration::try_from_secs_f64(s).is_ok() => Ok(Some(Duration::from_secs_f64(s))),
        Some(s) => Err(invalid_input(py, name, format!("invalid input `{name}`: {s} is not a number of seconds ≥ 0"))),
    }
}

/// Applies the keyword settings shared by both clients' constructors and `from_env()`.
#[allow(clippy::too_many_arguments)]
fn configure(
    py: Python<'_>,
    mut b: ClientBuilder,
    base_url: Option<String>,
    api_key: Option<SecretArg>,
    node_url: Option<SecretArg>,
    timeout: Option<f64>,
    connect_timeout: Option<f64>,
    max_attempts: Option<u32>,
    backoff: Option<f64>,
    max_backoff: Option<f64>,
    user_agent_suffix: Option<String>,
    max_response_bytes: Option<usize>,
    allow_insecure_http: bool,
    root_certificates_pem: Option<Vec<String>>,
    tls_certs_only: bool,
    proxy: Option<String>,
    no_proxy: bool,
    expiry_skew: Option<f64>,
    address_type_codes: Option<std::collections::HashMap<String, i32>>,
    settle_time: Option<f64>,
    state_key: Option<SecretArg>,
    on_abandoned_call: Option<Py<PyAny>>,
) -> PyResult<ClientBuilder> {
    if let Some(u) = base_url {
        b = b.base_url(u);
    }
    match (api_key, node_url) {
        (Some(_), Some(_)) => {
            return Err(invalid_input(py, "credential", "invalid input `credential`: pass api_key or node_url, not both".into()))
        }
        (Some(k), None) | (None, Some(k)) => b = b.credential(k.0.expose()),
        (None, None) => {}
    }
    if let Some(d) = secs(py, "timeout", timeout)? {
        b = b.timeout(d);
    }
    if let Some(d) = secs(py, "connect_timeout", connect_timeout)? {
        b = b.connect_timeout(d);
    }
    if max_attempts.is_some() || backoff.is_some() || max_backoff.is_some() {
        let mut p = RetryPolicy::default();
        if let Some(n) = max_attempts {
            p.max_attempts = n.max(1);
        }
        if let Some(d) = secs(py, "backoff", backoff)? {
            p.base_backoff = d;
        }
        if let Some(d) = secs(py, "max_backoff", max_backoff)? {
            p.max_backoff = d;
        }
        b = b.retry_policy(p);
    }
    if let Some(s) = user_agent_suffix {
        b = b.user_agent_suffix(s);
    }
    if let Some(n) = max_response_bytes {
        b = b.max_response_bytes(n);
    }
    b = b.allow_insecure_http(allow_insecure_http);
    for pem in root_certificates_pem.unwrap_or_default() {
        b = b.add_root_certificate_pem(pem.into_bytes());
    }
    if tls_certs_only {
        b = b.tls_certs_only(true);
    }
    if let Some(p) = proxy {
        b = b.proxy(p);
    }
    if no_proxy {
        b = b.no_proxy();
    }
    if let Some(d) = secs(py, "expiry_skew", expiry_skew)? {
        b = b.expiry_skew(d);
    }
    if let Some(d) = secs(py, "settle_time", settle_time)? {
        b = b.settle_time(d);
    }
    if let Some(k) = state_key {
        b = b.state_key(k.0.expose());
    }
    if let Some(map) = address_type_codes {
        let mut codes = wallet_sdk::AddressTypeCodes::default();
        for (name, code) in map {
            let slot = match name.as_str() {
                "legacy" => &mut codes.legacy,
                "p2sh_segwit" => &mut codes.p2sh_segwit,
                "bech32" => &mut codes.bech32,
                "mweb" => &mut codes.mweb,
                other => {
                    return Err(invalid_input(
                        py,
                        "address_type_codes",
                        format!("invalid input `address_type_codes`: unknown address type {other:?} (legacy, p2sh_segwit, bech32, mweb)"),
                    ))
                }
            };
            *slot = code;
        }
        b = b.address_type_codes(codes);
    }
    if let Some(hook) = &on_abandoned_call {
        if !hook.bind(py).is_callable() {
            return Err(invalid_input(py, "on_abandoned_call", "invalid input `on_abandoned_call`: it must be callable".into()));
        }
    }
    Ok(b.on_abandoned_call(abandoned_call_hook(on_abandoned_call)).on_call(call_log_hook))
}

/// Whether the `wallet_sdk` logger takes DEBUG records: read at the start of every call (the
/// caller holds the GIL then), so that the call hook takes the GIL only when a record will be
/// written.
static LOG_CALLS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn refresh_call_logging(py: Python<'_>) {
    static IS_ENABLED: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    static MODULES: PyOnceLock<Py<PyDict>> = PyOnceLock::new();
    let enabled = (|| -> PyResult<bool> {
        let is_enabled = match IS_ENABLED.get(py) {
            Some(is_enabled) => is_enabled,
            // Until the program imports `logging`, nothing can have asked for DEBUG records; the
            // SDK does not import it before then (`wallet_sdk._errors._logger`).
            None if !MODULES.import(py, "sys", "modules")?.contains(pyo3::intern!(py, "logging"))? => return Ok(false),
            None => IS_ENABLED.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
                let logger = py.import("logging")?.call_method1("getLogger", ("wallet_sdk",))?;
                Ok(logger.getattr("isEnabledFor")?.unbind())
            })?,
        };
        is_enabled.bind(py).call1((10,))?.is_truthy()
    })()
    .unwrap_or(false);
    LOG_CALLS.store(enabled, std::sync::atomic::Ordering::Relaxed);
}

/// The core's call hook for Python: a DEBUG record on the `wallet_sdk` logger per call
/// (`wallet_sdk._errors._log_call`), never a secret.
fn call_log_hook(e: &wallet_sdk::CallEvent) {
    static LOG: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    if !LOG_CALLS.load(std::sync::atomic::Ordering::Relaxed) {
        return;
    }
    Python::attach(|py| {
        let logged = LOG.import(py, "wallet_sdk._errors", "_log_call").and_then(|log| {
            log.call1((e.operation, e.attempts, e.status, e.latency.as_secs_f64(), e.error_kind.map(|k| k.as_str()), e.request_id.as_deref()))
        });
        if let Err(err) = logged {
            err.write_unraisable(py, None);
        }
    })
}

/// The core's abandoned-call hook for Python: every report goes to the `wallet_sdk` logger
/// and, when given, to the user's callable (`wallet_sdk._errors._report_abandoned`).
fn abandoned_call_hook(user: Option<Py<PyAny>>) -> impl Fn(&wallet_sdk::AbandonedCall) + Send + Sync + 'static {
    static REPORT: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    move |call| {
        Python::attach(|py| {
            let reported = (|| -> PyResult<()> {
                let report = REPORT.import(py, "wallet_sdk._errors", "_report_abandoned")?;
                let (data, error) = match &call.outcome {
                    Ok(v) => (Some(convert::raw_json_to_py(py, v)?), None),
                    Err(e) => (None, Some(to_pyerr(py, e).into_value(py))),
                };
                let user = user.as_ref().map(|u| u.bind(py).clone());
                report.call1((user, call.operation, call.request_id.as_deref(), call.status, data, error))?;
                Ok(())
            })();
            if let Err(e) = reported {
                e.write_unraisable(py, None);
            }
        })
    }
}

/// Runs `f`, a constructor or setter that calls into the core: its error as the typed
/// exception, and a panic as `wallet_sdk.InternalError` rather than pyo3's `PanicException`.
fn guarded<T>(py: Python<'_>, f: impl FnOnce() -> Result<T, wallet_sdk::Error>) -> PyResult<T> {
    match wallet_sdk::panic::catch(f) {
        Ok(result) => result.map_err(|e| to_pyerr(py, &e)),
        Err(panic) => Err(convert::internal_error(py, &panic)),
    }
}

/// For a non-idempotent operation, an awaitable whose cancellation, once its request may have
/// left, raises `OutcomeUnknownError` with the outcome token the call recorded in `cell` (the
/// request runs on, see `_outcome_on_cancel`) instead of `CancelledError`; other operations'
/// awaitables as they are.
fn guard_cancellation<'py>(
    py: Python<'py>,
    operation: &'static str,
    awaitable: Bound<'py, PyAny>,
    cell: wallet_sdk::OutcomeTokenCell,
) -> PyResult<Bound<'py, PyAny>> {
    static GUARD: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    if wallet_sdk::operations::by_name(operation).is_none_or(|op| op.idempotent) {
        return Ok(awaitable);
    }
    // sealed: a request not written by now is never written, so `CancelledError` stays true
    let seal = PyCFunction::new_closure(py, None, None, move |_, _| -> PyResult<(bool, Option<String>)> {
        Ok(match cell.seal() {
            wallet_sdk::SealedCall::NothingSent => (false, None),
            wallet_sdk::SealedCall::MayHaveBeenSent { outcome_token, .. } => (true, outcome_token),
        })
    })?;
    GUARD.import(py, "wallet_sdk._errors", "_outcome_on_cancel")?.call1((operation, awaitable, seal))
}

fn expires_at(py: Python<'_>, t: Option<std::time::SystemTime>) -> PyResult<Py<PyAny>> {
    let Some(t) = t else { return Ok(py.None()) };
    let secs = match t.duration_since(std::time::UNIX_EPOCH) {
        Ok(d) => d.as_secs_f64(),
        Err(e) => -e.duration().as_secs_f64(),
    };
    let dt = py.import("datetime")?;
    let utc = dt.getattr("timezone")?.getattr("utc")?;
    Ok(dt.getattr("datetime")?.call_method1("fromtimestamp", (secs, utc))?.unbind())
}

/// Constructors shared by both clients (same keywords as the Rust `ClientBuilder`).
macro_rules! constructors {
    ($ty:ident) => {
        #[pymethods]
        impl $ty {
            #[new]
            #[pyo3(signature = (base_url, api_key = None, *, node_url = None, timeout = None, connect_timeout = None,
                max_attempts = None, backoff = None, max_backoff = None, user_agent_suffix = None,
                max_response_bytes = None, allow_insecure_http = false, root_certificates_pem = None,
                tls_certs_only = false, proxy = None, no_proxy = false, expiry_skew = None, address_type_codes = None,
                settle_time = None, state_key = None, on_abandoned_call = None))]
            #[allow(clippy::too_many_arguments)]
            fn new(
                py: Python<'_>,
                base_url: String,
                api_key: Option<SecretArg>,
                node_url: Option<SecretArg>,
                timeout: Option<f64>,
                connect_timeout: Option<f64>,
                max_attempts: Option<u32>,
                backoff: Option<f64>,
                max_backoff: Option<f64>,
                user_agent_suffix: Option<String>,
                max_response_bytes: Option<usize>,
                allow_insecure_http: bool,
                root_certificates_pem: Option<Vec<String>>,
                tls_certs_only: bool,
                proxy: Option<String>,
                no_proxy: bool,
                expiry_skew: Option<f64>,
                address_type_codes: Option<std::collections::HashMap<String, i32>>,
                settle_time: Option<f64>,
                state_key: Option<SecretArg>,
                on_abandoned_call: Option<Py<PyAny>>,
            ) -> PyResult<Self> {
                let b = configure(py, wallet_sdk::Client::builder(), Some(base_url), api_key, node_url, timeout,
                    connect_timeout, max_attempts, backoff, max_backoff, user_agent_suffix, max_response_bytes,
                    allow_insecure_http, root_certificates_pem, tls_certs_only, proxy, no_proxy, expiry_skew, address_type_codes,
                    settle_time, state_key, on_abandoned_call)?;
                guarded(py, || $ty::from_builder(b))
            }

            /// A client configured from ``WALLET_SDK_BASE_URL`` and ``WALLET_SDK_API_KEY``; the
            /// keywords are those of the constructor.
            #[classmethod]
            #[pyo3(signature = (*, timeout = None, connect_timeout = None, max_attempts = None, backoff = None,
                max_backoff = None, user_agent_suffix = None, max_response_bytes = None, allow_insecure_http = false,
                root_certificates_pem = None, tls_certs_only = false, proxy = None, no_proxy = false, expiry_skew = None, address_type_codes = None,
                settle_time = None, state_key = None, on_abandoned_call = None))]
            #[allow(clippy::too_many_arguments)]
            fn from_env(
                _cls: &Bound<'_, PyType>,
                py: Python<'_>,
                timeout: Option<f64>,
                connect_timeout: Option<f64>,
                max_attempts: Option<u32>,
                backoff: Option<f64>,
                max_backoff: Option<f64>,
                user_agent_suffix: Option<String>,
                max_response_bytes: Option<usize>,
                allow_insecure_http: bool,
                root_certificates_pem: Option<Vec<String>>,
                tls_certs_only: bool,
                proxy: Option<String>,
                no_proxy: bool,
                expiry_skew: Option<f64>,
                address_type_codes: Option<std::collections::HashMap<String, i32>>,
                settle_time: Option<f64>,
                state_key: Option<SecretArg>,
                on_abandoned_call: Option<Py<PyAny>>,
            ) -> PyResult<Self> {
                let base = wallet_sdk::Client::builder_from_env().map_err(|e| to_pyerr(py, &e))?;
                let b = configure(py, base, None, None, None, timeout, connect_timeout, max_attempts, backoff,
                    max_backoff, user_agent_suffix, max_response_bytes, allow_insecure_http, root_certificates_pem,
                    tls_certs_only, proxy, no_proxy, expiry_skew, address_type_codes, settle_time, state_key, on_abandoned_call)?;
                guarded(py, || $ty::from_builder(b))
            }

            /// The base URL in use.
            #[getter]
            fn base_url(&self) -> String {
                self.base_url.clone()
            }

            /// ``True`` after :meth:`close`.
            #[getter]
            fn closed(&self) -> bool {
                self.inner.read().unwrap_or_else(|e| e.into_inner()).is_none()
            }

            /// The API key's expiry (an aware ``datetime`` in UTC), or ``None`` when the
            /// credential is a node URL or a key without ``exp``.
            #[getter]
            fn expires_at(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                let c = self.client(py)?;
                expires_at(py, c.expires_at())
            }

            /// Replaces the credential (key rotation) on the live client; it is checked first and
            /// the old one stays on error.
            fn set_credential(&self, py: Python<'_>, credential: SecretArg) -> PyResult<()> {
                let client = self.client(py)?;
                guarded(py, || client.set_credential(credential.0.expose()))
            }

            fn __repr__(&self) -> String {
                format!("{}(base_url='{}')", stringify!($ty), self.base_url)
            }

            /// A copy for some calls with other settings: ``timeout`` (seconds per attempt) and
            /// the retry policy (``max_attempts``, ``backoff``, ``max_backoff``); what is not
            /// given stays as it is. The copy shares the connection pool and the credential.
            #[pyo3(signature = (*, timeout = None, max_attempts = None, backoff = None, max_backoff = None))]
            fn with_options(&self, py: Python<'_>, timeout: Option<f64>, max_attempts: Option<u32>, backoff: Option<f64>, max_backoff: Option<f64>) -> PyResult<Self> {
                let current = self.core_settings(py)?;
                let timeout = secs(py, "timeout", timeout)?.unwrap_or(current.0);
                let mut retry = current.1;
                if let Some(n) = max_attempts {
                    retry.max_attempts = n.max(1);
                }
                if let Some(d) = secs(py, "backoff", backoff)? {
                    retry.base_backoff = d;
                }
                if let Some(d) = secs(py, "max_backoff", max_backoff)? {
                    retry.max_backoff = d;
                }
                Ok(self.with_settings(py, timeout, retry)?)
            }
        }
    };
}

constructors!(Client);
constructors!(AsyncClient);

#[pymethods]
impl Client {
    /// Closes the client: its connection pool is released and later calls fail.
    fn close(&self) {
        self.inner.write().unwrap_or_else(|e| e.into_inner()).take();
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    #[pyo3(signature = (*_exc))]
    fn __exit__(&self, _exc: &Bound<'_, PyTuple>) -> bool {
        self.close();
        false
    }

    /// Runs any operation by name, untyped: ``arguments`` maps SDK parameter names
    /// (``wallet_name``, ``passphrase``, ``amount``…) to values (``str``, ``int``, ``bool``,
    /// ``Decimal``/``Amount`` or a decimal ``str`` for amounts, ``Secret``, lists); the answer's
    /// ``data`` comes back as plain Python data (numbers with decimals as ``Decimal``), with
    /// secret fields redacted. The credential, checks, retries and the non-idempotent rules are
    /// those of the typed methods. For answers whose shape the typed results cannot read.
    #[pyo3(signature = (operation, arguments = None))]
    fn call(&self, py: Python<'_>, operation: String, arguments: Option<Bound<'_, PyDict>>) -> PyResult<Py<PyAny>> {
        let args = convert::arguments_to_json(py, arguments)?;
        let c = self.client(py)?;
        let out = py.detach(move || {
            wallet_sdk::panic::catch(|| Out::from_result(c.call(&operation, &args))).unwrap_or_else(Out::Panic)
        });
        Ok(out.into_pyobject(py)?.unbind())
    }

    /// What became of a call that failed with ``OutcomeUnknownError``: give the error, or its
    /// ``outcome_token`` (a ``str`` kept from another process). A keyed send is looked up by its
    /// key, a broadcast by its txid, a wallet creation by its name; ``"not_applied"`` is said
    /// only after the settle time (the call's timeout plus 60 s, waited out when needed). An
    /// error without a token resolves to ``"unknown"``; a token that is not this SDK's raises
    /// ``InvalidInputError`` on ``token``. Returns a ``Resolution``.
    fn resolve<'py>(&self, py: Python<'py>, error_or_token: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let c = self.client(py)?;
        let resolved = match resolve::Target::of(error_or_token)? {
            resolve::Target::Facts { kind, operation, attempts, status } => resolve::Resolved::of_facts(kind, operation, attempts, status),
            resolve::Target::Token(token) => resolve::Resolved::of(py.detach(|| wallet_sdk::panic::catch(|| c.resolve_token(&token)))),
        };
        resolved.into_pyobject(py)
    }

    /// The wallet's events, as an iterator of ``WalletEvent`` that waits (polling every
    /// ``poll_interval`` seconds, default 2, the GIL released) for each next one: payments in
    /// (``"received"``, then ``"confirmed"`` at ``confirmations``, default 1), payments out
    /// (``"sent"``), ``"reorged"``, ``"replaced"``, ``"dropped"``. Save each event's ``cursor``
    /// after handling it; watching again with ``cursor=`` repeats nothing and loses nothing.
    /// Without a cursor, the newest ``history`` (default 100) existing entries come first.
    /// ``finality_depth`` (default 6): confirmations after which an entry is no longer
    /// followed. A bad option or cursor raises ``InvalidInputError`` from the first step.
    #[pyo3(signature = (wallet_name, *, cursor = None, poll_interval = None, confirmations = None, page_size = None, history = None, finality_depth = None))]
    #[allow(clippy::too_many_arguments)]
    fn watch_wallet(
        &self,
        py: Python<'_>,
        wallet_name: String,
        cursor: Option<String>,
        poll_interval: Option<f64>,
        confirmations: Option<u32>,
        page_size: Option<u32>,
        history: Option<u32>,
        finality_depth: Option<u32>,
    ) -> PyResult<events::WalletEventIterator> {
        let options = events::watch_options(py, cursor, poll_interval, confirmations, page_size, history, finality_depth)?;
        let c = self.client(py)?;
        Ok(events::WalletEventIterator { events: Mutex::new(c.watch_wallet(&wallet_name, options)) })
    }

    /// Waits (the GIL released) until ``address`` of the wallet has received ``amount`` with
    /// ``confirmations`` (default 1; 0 counts mempool payments), or ``timeout`` seconds (default:
    /// no limit) have passed, and returns a ``Payment`` whose ``status`` is ``"paid"``,
    /// ``"underpaid"`` (less at the timeout, not an error) or ``"overpaid"``.
    #[pyo3(signature = (wallet_name, address, amount, *, confirmations = None, timeout = None, poll_interval = None, page_size = None))]
    #[allow(clippy::too_many_arguments)]
    fn wait_for_payment(
        &self,
        py: Python<'_>,
        wallet_name: String,
        address: String,
        amount: AmountArg,
        confirmations: Option<u32>,
        timeout: Option<f64>,
        poll_interval: Option<f64>,
        page_size: Option<u32>,
    ) -> PyResult<Py<PyAny>> {
        let options = events::wait_options(py, confirmations, timeout, poll_interval, page_size)?;
        let c = self.client(py)?;
        let done = py.detach(|| wallet_sdk::panic::catch(|| c.wait_for_payment(&wallet_name, &address, amount.0, options)));
        Ok(events::PyOut::of(done, events::PyPayment).into_pyobject(py)?.unbind())
    }

    /// Iterates over a wallet's transactions page by page (newest first), ``page_size``
    /// entries (``WalletTx``) per request; each item is a list.
    #[pyo3(signature = (wallet_name, *, page_size = wallet_sdk::DEFAULT_PAGE_SIZE))]
    fn wallet_transactions_pages(&self, py: Python<'_>, wallet_name: String, page_size: u32) -> PyResult<PageIterator> {
        let c = self.client(py)?;
        Ok(PageIterator { inner: Mutex::new(SyncPages::Wallet(c.wallet_transactions_pages(&wallet_name, page_size))) })
    }

    /// Iterates over an address's history page by page (newest first), ``page_size`` entries
    /// (``AddressTxEntry``) per request; each item is a list.
    #[pyo3(signature = (address, *, page_size = wallet_sdk::DEFAULT_PAGE_SIZE))]
    fn address_transaction_pages(&self, py: Python<'_>, address: String, page_size: u32) -> PyResult<PageIterator> {
        let c = self.client(py)?;
        Ok(PageIterator { inner: Mutex::new(SyncPages::Address(c.address_transaction_pages(&address, page_size))) })
    }
}

#[pymethods]
impl AsyncClient {
    /// Closes the client: its connection pool is released and later calls fail.
    fn close<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.inner.write().unwrap_or_else(|e| e.into_inner()).take();
        future_into_py(py, async move { Ok(()) })
    }

    fn __aenter__<'py>(slf: Py<Self>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        future_into_py(py, async move { Ok(slf) })
    }

    #[pyo3(signature = (*_exc))]
    fn __aexit__<'py>(&self, py: Python<'py>, _exc: &Bound<'py, PyTuple>) -> PyResult<Bound<'py, PyAny>> {
        self.inner.write().unwrap_or_else(|e| e.into_inner()).take();
        future_into_py(py, async move { Ok(false) })
    }

    /// The coroutine form of :meth:`Client.call` (same arguments and rules).
    #[pyo3(signature = (operation, arguments = None))]
    fn call<'py>(&self, py: Python<'py>, operation: String, arguments: Option<Bound<'py, PyDict>>) -> PyResult<Bound<'py, PyAny>> {
        let args = convert::arguments_to_json(py, arguments)?;
        let c = self.client(py)?;
        let guarded = wallet_sdk::operations::by_name(&operation).map(|op| op.name);
        let cell = wallet_sdk::OutcomeTokenCell::new();
        let recorded = cell.clone();
        let awaitable = future_into_py(py, async move {
            Ok(Out::from_result(recorded.record(c.call(&operation, &args)).await))
        })?;
        match guarded {
            Some(name) => guard_cancellation(py, name, awaitable, cell),
            None => Ok(awaitable),
        }
    }

    /// The coroutine form of :meth:`Client.resolve` (same argument and rules).
    fn resolve<'py>(&self, py: Python<'py>, error_or_token: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let c = self.client(py)?;
        let target = resolve::Target::of(error_or_token)?;
        future_into_py(py, async move {
            Ok(match target {
                resolve::Target::Facts { kind, operation, attempts, status } => resolve::Resolved::of_facts(kind, operation, attempts, status),
                resolve::Target::Token(token) => match c.resolve_token(&token).await {
                    Ok(r) => resolve::Resolved::Ok(r),
                    Err(e) => resolve::Resolved::Err(e),
                },
            })
        })
    }

    /// The ``async for`` form of :meth:`Client.watch_wallet` (same options and rules);
    /// cancelling the awaiting task stops the polling.
    #[pyo3(signature = (wallet_name, *, cursor = None, poll_interval = None, confirmations = None, page_size = None, history = None, finality_depth = None))]
    #[allow(clippy::too_many_arguments)]
    fn watch_wallet(
        &self,
        py: Python<'_>,
        wallet_name: String,
        cursor: Option<String>,
        poll_interval: Option<f64>,
        confirmations: Option<u32>,
        page_size: Option<u32>,
        history: Option<u32>,
        finality_depth: Option<u32>,
    ) -> PyResult<events::AsyncWalletEventIterator> {
        let options = events::watch_options(py, cursor, poll_interval, confirmations, page_size, history, finality_depth)?;
        let c = self.client(py)?;
        Ok(events::AsyncWalletEventIterator { events: Arc::new(tokio::sync::Mutex::new(c.watch_wallet(&wallet_name, options))) })
    }

    /// The coroutine form of :meth:`Client.wait_for_payment` (same arguments and rules).
    #[pyo3(signature = (wallet_name, address, amount, *, confirmations = None, timeout = None, poll_interval = None, page_size = None))]
    #[allow(clippy::too_many_arguments)]
    fn wait_for_payment<'py>(
        &self,
        py: Python<'py>,
        wallet_name: String,
        address: String,
        amount: AmountArg,
        confirmations: Option<u32>,
        timeout: Option<f64>,
        poll_interval: Option<f64>,
        page_size: Option<u32>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let options = events::wait_options(py, confirmations, timeout, poll_interval, page_size)?;
        let c = self.client(py)?;
        future_into_py(py, async move {
            Ok(match c.wait_for_payment(&wallet_name, &address, amount.0, options).await {
                Ok(p) => events::PyOut::Ok(events::PyPayment(p)),
                Err(e) => events::PyOut::Err(e),
            })
        })
    }

    /// Iterates (``async for``) over a wallet's transactions page by page (newest first),
    /// ``page_size`` entries (``WalletTx``) per request; each item is a list.
    #[pyo3(signature = (wallet_name, *, page_size = wallet_sdk::DEFAULT_PAGE_SIZE))]
    fn wallet_transactions_pages(&self, py: Python<'_>, wallet_name: String, page_size: u32) -> PyResult<AsyncPageIterator> {
        let c = self.client(py)?;
        Ok(AsyncPageIterator {
            inner: Arc::new(tokio::sync::Mutex::new(AsyncPages::Wallet(c.wallet_transactions_pages(&wallet_name, page_size)))),
        })
    }

    /// Iterates (``async for``) over an address's history page by page (newest first),
    /// ``page_size`` entries (``AddressTxEntry``) per request; each item is a list.
    #[pyo3(signature = (address, *, page_size = wallet_sdk::DEFAULT_PAGE_SIZE))]
    fn address_transaction_pages(&self, py: Python<'_>, address: String, page_size: u32) -> PyResult<AsyncPageIterator> {
        let c = self.client(py)?;
        Ok(AsyncPageIterator {
            inner: Arc::new(tokio::sync::Mutex::new(AsyncPages::Address(c.address_transaction_pages(&address, page_size)))),
        })
    }
}

// ------------------------------------------------------------------ pages

enum SyncPages {
    Wallet(blocking::WalletTransactionPages),
    Address(blocking::AddressTransactionPages),
}

/// Iterator over the pages of a paged read (``for page in client.wallet_transactions_pages(...)``);
/// each page is a list of entries. A failing request raises the SDK's exception.
#[pyclass(name = "PageIterator", module = "wallet_sdk", frozen)]
pub struct PageIterator {
    inner: Mutex<SyncPages>,
}

#[pymethods]
impl PageIterator {
    fn __iter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let out = py.detach(|| {
            let mut g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
            wallet_sdk::panic::catch(|| match &mut *g {
                SyncPages::Wallet(p) => p.next().map(Out::from_result),
                SyncPages::Address(p) => p.next().map(Out::from_result),
            })
            .unwrap_or_else(|panic| Some(Out::Panic(panic)))
        });
        match out {
            None => Ok(None),
            Some(o) => Ok(Some(o.into_pyobject(py)?.unbind())),
        }
    }
}

enum AsyncPages {
    Wallet(wallet_sdk::WalletTransactionPages),
    Address(wallet_sdk::AddressTransactionPages),
}

/// Async iterator over the pages of a paged read
/// (``async for page in client.wallet_transactions_pages(...)``); each page is a list of entries.
#[pyclass(name = "AsyncPageIterator", module = "wallet_sdk", frozen)]
pub struct AsyncPageIterator {
    inner: Arc<tokio::sync::Mutex<AsyncPages>>,
}

#[pymethods]
impl AsyncPageIterator {
    fn __aiter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __anext__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let inner = self.inner.clone();
        future_into_py(py, async move {
            let mut g = inner.lock().await;
            let page = match &mut *g {
                AsyncPages::Wallet(p) => p.next_page().await.map(|o| o.map(|v| Out::from_result(Ok(v)))),
                AsyncPages::Address(p) => p.next_page().await.map(|o| o.map(|v| Out::from_result(Ok(v)))),
            };
            Ok(match page {
                Ok(Some(out)) => out,
                Ok(None) => Out::StopAsyncIteration,
                Err(e) => Out::Err(e),
            })
        })
    }
}

// ------------------------------------------------------------------ the 43 operations

/// Static description of a generated method (for the stubs and their drift check).
pub struct MethodInfo {
    pub name: &'static str,
    pub doc: &'static str,
    pub params: &'static [(&'static str, &'static str, bool)],
    pub ret: &'static str,
}

/// The input types of `core/src/description.rs` as Python passes them.
mod exported_types {
    pub type Text = String;
    pub type Secret = crate::SecretArg;
    pub type Amount = crate::AmountArg;
    pub type Count = u32;
    pub type Flag = bool;
    pub type TextList = Vec<String>;
    pub type CountList = Vec<u32>;
    pub type AddressType = crate::AddressTypeArg;
}

/// A Python input as the core method takes it (lent where the core borrows).
trait CoreArg<'a> {
    type Core;
    fn core_arg(&'a self) -> Self::Core;
}
impl<'a> CoreArg<'a> for String {
    type Core = &'a str;
    fn core_arg(&'a self) -> &'a str {
        self
    }
}
impl<'a> CoreArg<'a> for SecretArg {
    type Core = &'a Secret;
    fn core_arg(&'a self) -> &'a Secret {
        &self.0
    }
}
impl CoreArg<'_> for AmountArg {
    type Core = Amount;
    fn core_arg(&self) -> Amount {
        self.0
    }
}
impl CoreArg<'_> for u32 {
    type Core = u32;
    fn core_arg(&self) -> u32 {
        *self
    }
}
impl<T: Clone> CoreArg<'_> for Vec<T> {
    type Core = Vec<T>;
    fn core_arg(&self) -> Vec<T> {
        self.clone()
    }
}
impl CoreArg<'_> for AddressTypeArg {
    type Core = AddressType;
    fn core_arg(&self) -> AddressType {
        self.0.clone()
    }
}

/// An optional Python input as the core's options struct holds it.
trait IntoCore<T> {
    fn into_core(self) -> T;
}
impl<T> IntoCore<T> for T {
    fn into_core(self) -> T {
        self
    }
}
impl IntoCore<Secret> for SecretArg {
    fn into_core(self) -> Secret {
        self.0
    }
}
impl IntoCore<AddressType> for AddressTypeArg {
    fn into_core(self) -> AddressType {
        self.0
    }
}

/// Generates every operation of `core/src/description.rs` once for `Client` (blocking, GIL
/// released) and once for `AsyncClient` (a coroutine): required inputs positional, optional
/// ones keyword-only.
macro_rules! declare_exported {
    ($({$name:ident $ret:ident [$($doc:literal)*] $summary:literal [$($wire:tt)*] ($($req:ident : $rty:ident [$($w:tt)*]),*) [$($oname:ident [$($shared:ident)?] [$($odoc:literal)*] { $([$($fdoc:literal)*] $opt:ident : $oty:ident [$($fw:tt)*]),* })?]})*) => {
        #[pymethods]
        impl Client {
            $(
                $(#[doc = $doc])*
                #[pyo3(signature = ($($req,)* $(*, $($opt = None),+)?))]
                #[allow(clippy::too_many_arguments)]
                fn $name(&self, py: Python<'_>, $($req: exported_types::$rty,)* $($($opt: Option<exported_types::$oty>,)+)?) -> PyResult<Py<PyAny>> {
                    let c = self.client(py)?;
                    let out = py.detach(move || {
                        let call = || c.$name($($req.core_arg(),)* $($oname { $($opt: $opt.map(IntoCore::into_core),)+ })?);
                        wallet_sdk::panic::catch(|| Out::from_result::<wallet_sdk::$ret>(call())).unwrap_or_else(Out::Panic)
                    });
                    Ok(out.into_pyobject(py)?.unbind())
                }
            )*
        }

        #[pymethods]
        impl AsyncClient {
            $(
                $(#[doc = $doc])*
                #[pyo3(signature = ($($req,)* $(*, $($opt = None),+)?))]
                #[allow(clippy::too_many_arguments)]
                fn $name<'py>(&self, py: Python<'py>, $($req: exported_types::$rty,)* $($($opt: Option<exported_types::$oty>,)+)?) -> PyResult<Bound<'py, PyAny>> {
                    let c = self.client(py)?;
                    let cell = wallet_sdk::OutcomeTokenCell::new();
                    let recorded = cell.clone();
                    let awaitable = future_into_py(py, async move {
                        let call = c.$name($($req.core_arg(),)* $($oname { $($opt: $opt.map(IntoCore::into_core),)+ })?);
                        Ok(Out::from_result::<wallet_sdk::$ret>(recorded.record(call).await))
                    })?;
                    guard_cancellation(py, stringify!($name), awaitable, cell)
                }
            )*
        }

        /// The generated methods.
        pub const METHODS: &[MethodInfo] = &[$(
            MethodInfo {
                name: stringify!($name),
                doc: concat!($($doc, "\n"),*),
                params: &[
                    $( (stringify!($req), <exported_types::$rty as ArgType>::PY, true), )*
                    $($( (stringify!($opt), <exported_types::$oty as ArgType>::PY, false), )+)?
                ],
                ret: stringify!($ret),
            }
        ),*];

        /// The result types of the operations.
        pub fn result_types() -> Vec<RecordType> {
            vec![$( <wallet_sdk::$ret as Fields>::record_type() ),*]
        }
    };
}

wallet_sdk::for_each_operation!(declare_exported);

// ------------------------------------------------------------------ module

/// The generated methods: ``[(name, doc, [(param, python type, required)], result type)]``.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn _methods() -> Vec<(&'static str, &'static str, Vec<(&'static str, &'static str, bool)>, &'static str)> {
    METHODS.iter().map(|m| (m.name, m.doc, m.params.to_vec(), m.ret)).collect()
}

/// The core's operation table: ``[(name, http method, path, idempotent)]``.
#[pyfunction]
fn _operations() -> Vec<(&'static str, &'static str, &'static str, bool)> {
    operations::ALL.iter().map(|o| (o.name, o.method.as_str(), o.path, o.idempotent)).collect()
}

/// Every result model: ``[(name, doc, [(field, python type, doc)], is_result)]``.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn _model_schemas() -> Vec<(String, String, Vec<(String, String, String)>, bool)> {
    schema::schemas()
}

/// The error kinds of the core, in order.
#[pyfunction]
fn _error_kinds() -> Vec<&'static str> {
    ErrorKind::ALL.iter().map(|k| k.as_str()).collect()
}

/// The names of the core error's fields (``wallet_sdk::Error::FIELDS``).
#[pyfunction]
fn _error_fields() -> Vec<&'static str> {
    wallet_sdk::Error::FIELDS.to_vec()
}

/// Stops the runtime behind ``AsyncClient`` (registered with ``atexit``): its threads may still
/// hold Python objects, which they must release before the interpreter finalizes. A later
/// coroutine starts a new runtime.
#[pyfunction]
fn _shutdown_runtime(py: Python<'_>) {
    py.detach(|| wallet_sdk::fork::shutdown_shared_runtime(Duration::from_secs(2)));
}

/// Diagnostics for the binding's own tests: a panic inside Rust, in a plain call.
#[pyfunction]
fn _self_test_panic(py: Python<'_>, message: String) -> PyResult<Py<PyAny>> {
    let out = py.detach(move || wallet_sdk::panic::catch(|| self_test_boom(&message)).unwrap_or_else(Out::Panic));
    Ok(out.into_pyobject(py)?.unbind())
}

/// Diagnostics for the binding's own tests: a panic inside Rust, in a coroutine.
#[pyfunction]
fn _self_test_panic_async(py: Python<'_>, message: String) -> PyResult<Bound<'_, PyAny>> {
    future_into_py(py, async move {
        Ok(self_test_boom(&message))
    })
}

fn self_test_boom(message: &str) -> Out {
    panic!("self-test panic: {message}")
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // the panics the module catches become exceptions, never printed tracebacks of Rust's
    wallet_sdk::panic::quiet_caught_panics();
    m.add("__version__", VERSION)?;
    m.add("DEFAULT_PAGE_SIZE", wallet_sdk::DEFAULT_PAGE_SIZE)?;
    m.add_class::<Client>()?;
    m.add_class::<AsyncClient>()?;
    m.add_class::<PyAmount>()?;
    m.add_class::<PySecret>()?;
    m.add_class::<PyAddressType>()?;
    m.add_class::<resolve::PyResolution>()?;
    m.add_class::<events::PyWalletEvent>()?;
    m.add_class::<events::PyPayment>()?;
    m.add_class::<events::WalletEventIterator>()?;
    m.add_class::<events::AsyncWalletEventIterator>()?;
    m.add_class::<PageIterator>()?;
    m.add_class::<AsyncPageIterator>()?;
    m.add_function(wrap_pyfunction!(_methods, m)?)?;
    m.add_function(wrap_pyfunction!(_operations, m)?)?;
    m.add_function(wrap_pyfunction!(_model_schemas, m)?)?;
    m.add_function(wrap_pyfunction!(_error_kinds, m)?)?;
    m.add_function(wrap_pyfunction!(_error_fields, m)?)?;
    m.add_function(wrap_pyfunction!(_shutdown_runtime, m)?)?;
    m.add_function(wrap_pyfunction!(_self_test_panic, m)?)?;
    m.add_function(wrap_pyfunction!(_self_test_panic_async, m)?)?;
    offline::register(m)?;
    Ok(())
}
