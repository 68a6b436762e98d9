//! The two clients (`Client` and `AsyncClient`): their settings and constructors, the hooks,
//! and the methods besides the 43 operations.

use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};
use wallet_sdk::*;

use crate::convert::{invalid_input, to_pyerr, AmountArg, Out, SecretArg};
use crate::bridge::future_into_py;
use crate::*;

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
/// certificates (a list of PEM texts); ``tls_certs_only=True`` trusts only those. ``proxy`` sets an
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
/// Cancelling the awaiting task cancels the request, except that of a create, a send or another
/// call not safe to repeat once it may have left: that one runs on and the task gets
/// ``OutcomeUnknownError``. Use it as an async context manager
/// (``async with AsyncClient(...) as c:``) or call :meth:`close`. It keeps working in a child
/// process after ``os.fork()`` (its runtime and connections are re-created there).
///
/// Keywords of the constructor: ``api_key`` (a JWT) or ``node_url``
/// (``http://user:pass@host:port``) is the credential. Timeouts are in seconds: ``timeout``
/// per attempt (default 60), ``connect_timeout`` (default 10). Idempotent operations are
/// retried up to ``max_attempts`` times in total (default 3) with exponential ``backoff``
/// (default 0.2 s, capped at ``max_backoff``, default 5 s). ``http://`` to a non-loopback host
/// is refused unless ``allow_insecure_http=True``. ``root_certificates_pem`` adds CA
/// certificates (a list of PEM texts); ``tls_certs_only=True`` trusts only those. ``proxy`` sets an
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

pub(crate) const CLOSED: &str = "the client is closed";

impl Client {
    pub(crate) fn core_settings(&self, py: Python<'_>) -> PyResult<(Duration, RetryPolicy)> {
        let c = self.client(py)?.async_client();
        Ok((c.timeout(), c.retry_policy()))
    }
    pub(crate) fn with_settings(&self, py: Python<'_>, timeout: Duration, retry: RetryPolicy) -> PyResult<Self> {
        let c = self.client(py)?.with_timeout(timeout).with_retry_policy(retry);
        Ok(Client { inner: RwLock::new(Some(c)), base_url: self.base_url.clone() })
    }
    pub(crate) fn client(&self, py: Python<'_>) -> PyResult<blocking::Client> {
        refresh_call_logging(py);
        let g = self.inner.read().unwrap_or_else(|e| e.into_inner());
        g.clone().ok_or_else(|| invalid_input(py, "client", format!("invalid input `client`: {CLOSED}")))
    }
    pub(crate) fn from_builder(b: ClientBuilder) -> Result<Self, wallet_sdk::Error> {
        let c = blocking::Client::from_builder(b)?;
        let base_url = c.async_client().base_url().to_string();
        Ok(Client { inner: RwLock::new(Some(c)), base_url })
    }
}

impl AsyncClient {
    pub(crate) fn core_settings(&self, py: Python<'_>) -> PyResult<(Duration, RetryPolicy)> {
        let c = self.client(py)?;
        Ok((c.timeout(), c.retry_policy()))
    }
    pub(crate) fn with_settings(&self, py: Python<'_>, timeout: Duration, retry: RetryPolicy) -> PyResult<Self> {
        let g = self.inner.read().unwrap_or_else(|e| e.into_inner());
        let inner = g.clone().ok_or_else(|| invalid_input(py, "client", format!("invalid input `client`: {CLOSED}")))?;
        Ok(AsyncClient { inner: RwLock::new(Some(inner)), base_url: self.base_url.clone(), timeout: Some(timeout), retry: Some(retry) })
    }
    pub(crate) fn client(&self, py: Python<'_>) -> PyResult<wallet_sdk::Client> {
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
    pub(crate) fn from_builder(b: ClientBuilder) -> Result<Self, wallet_sdk::Error> {
        let c = wallet_sdk::fork::ProcessClient::new(b)?;
        let base_url = c.get().base_url().to_string();
        Ok(AsyncClient { inner: RwLock::new(Some(c)), base_url, timeout: None, retry: None })
    }
}

/// The constructors of a client, `new` and `from_env`, with a keyword per setting of the core's
/// list (`wallet_sdk::for_each_client_setting!`). Built keyword by keyword, since a macro cannot
/// write the value of an attribute: each setting adds `name = None` (`name = false` for a
/// flag) to the signature.
macro_rules! declare_setting_constructors {
    ($ty:ident settings: $($entries:tt)*) => {
        declare_setting_constructors!(@keywords $ty [] [] $($entries)*);
    };
    (@keywords $ty:ident [$($sig:tt)*] [$($param:tt)*]
        $(#[doc = $doc:literal])* $name:ident : Flag { python $py:ident, ffi $ffi:ident $unit:ident, cli $cli:literal } $rust:ident $apply:expr,
        $($rest:tt)*
    ) => {
        declare_setting_constructors!(@keywords $ty [$($sig)* $py = false,] [$($param)* $py: Flag,] $($rest)*);
    };
    (@keywords $ty:ident [$($sig:tt)*] [$($param:tt)*]
        $(#[doc = $doc:literal])* $name:ident : $kind:ident { python $py:ident, ffi $ffi:ident $unit:ident, cli $cli:literal } $rust:ident $apply:expr,
        $($rest:tt)*
    ) => {
        declare_setting_constructors!(@keywords $ty [$($sig)* $py = None,] [$($param)* $py: $kind,] $($rest)*);
    };
    (@keywords $ty:ident [$($sig:tt)*] [$($py:ident : $kind:ident,)*]) => {
        #[pymethods]
        impl $ty {
            #[new]
            #[pyo3(signature = (base_url, api_key = None, *, node_url = None, $($sig)* on_abandoned_call = None))]
            #[allow(clippy::too_many_arguments)]
            fn new(
                py: Python<'_>,
                base_url: String,
                api_key: Option<SecretArg>,
                node_url: Option<SecretArg>,
                $($py: py_setting_type!($kind),)*
                on_abandoned_call: Option<Py<PyAny>>,
            ) -> PyResult<Self> {
                let settings = PySettings { $($py),* };
                let b = configure(py, wallet_sdk::Client::builder(), Some(base_url), api_key, node_url, settings, on_abandoned_call)?;
                guarded(py, || $ty::from_builder(b))
            }

            /// A client configured from ``WALLET_SDK_BASE_URL`` and ``WALLET_SDK_API_KEY``; the
            /// keywords are those of the constructor.
            #[classmethod]
            #[pyo3(signature = (*, $($sig)* on_abandoned_call = None))]
            #[allow(clippy::too_many_arguments)]
            fn from_env(
                _cls: &Bound<'_, PyType>,
                py: Python<'_>,
                $($py: py_setting_type!($kind),)*
                on_abandoned_call: Option<Py<PyAny>>,
            ) -> PyResult<Self> {
                let base = wallet_sdk::Client::builder_from_env().map_err(|e| to_pyerr(py, &e))?;
                let settings = PySettings { $($py),* };
                let b = configure(py, base, None, None, None, settings, on_abandoned_call)?;
                guarded(py, || $ty::from_builder(b))
            }
        }
    };
}

/// Constructors shared by both clients (same keywords as the Rust `ClientBuilder`).
macro_rules! constructors {
    ($ty:ident) => {
        #[pymethods]
        impl $ty {
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
                    retry.max_attempts = n;
                }
                if let Some(d) = secs(py, "backoff", backoff)? {
                    retry.base_backoff = d;
                }
                if let Some(d) = secs(py, "max_backoff", max_backoff)? {
                    retry.max_backoff = d;
                }
                retry.check().map_err(|e| to_pyerr(py, &e))?;
                Ok(self.with_settings(py, timeout, retry)?)
            }
        }
    };
}

constructors!(Client);
constructors!(AsyncClient);
wallet_sdk::for_each_client_setting!(declare_setting_constructors; Client);
wallet_sdk::for_each_client_setting!(declare_setting_constructors; AsyncClient);

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
        let resolved = match crate::resolve::Target::of(error_or_token)? {
            crate::resolve::Target::Facts { kind, operation, attempts, status } => crate::resolve::Resolved::of_facts(kind, operation, attempts, status),
            crate::resolve::Target::Token(token) => crate::resolve::Resolved::of(py.detach(|| wallet_sdk::panic::catch(|| c.resolve_token(&token)))),
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
    ) -> PyResult<crate::events::WalletEventIterator> {
        let options = crate::events::watch_options(py, cursor, poll_interval, confirmations, page_size, history, finality_depth)?;
        let c = self.client(py)?;
        Ok(crate::events::WalletEventIterator { events: Mutex::new(c.watch_wallet(&wallet_name, options)) })
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
        let options = crate::events::wait_options(py, confirmations, timeout, poll_interval, page_size)?;
        let c = self.client(py)?;
        let done = py.detach(|| wallet_sdk::panic::catch(|| c.wait_for_payment(&wallet_name, &address, amount.0, options)));
        Ok(crate::events::PyOut::of(done, crate::records::Payment).into_pyobject(py)?.unbind())
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
        let target = crate::resolve::Target::of(error_or_token)?;
        future_into_py(py, async move {
            Ok(match target {
                crate::resolve::Target::Facts { kind, operation, attempts, status } => crate::resolve::Resolved::of_facts(kind, operation, attempts, status),
                crate::resolve::Target::Token(token) => match c.resolve_token(&token).await {
                    Ok(r) => crate::resolve::Resolved::Ok(r),
                    Err(e) => crate::resolve::Resolved::Err(e),
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
    ) -> PyResult<crate::events::AsyncWalletEventIterator> {
        let options = crate::events::watch_options(py, cursor, poll_interval, confirmations, page_size, history, finality_depth)?;
        let c = self.client(py)?;
        Ok(crate::events::AsyncWalletEventIterator { events: Arc::new(tokio::sync::Mutex::new(c.watch_wallet(&wallet_name, options))) })
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
        let options = crate::events::wait_options(py, confirmations, timeout, poll_interval, page_size)?;
        let c = self.client(py)?;
        future_into_py(py, async move {
            Ok(match c.wait_for_payment(&wallet_name, &address, amount.0, options).await {
                Ok(p) => crate::events::PyOut::Ok(crate::records::Payment(p)),
                Err(e) => crate::events::PyOut::Err(e),
            })
        })
    }
}
