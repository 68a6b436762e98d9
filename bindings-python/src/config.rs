//! The settings of a client as Python gives them, and the logging and abandoned-call hooks.

use std::time::Duration;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyCFunction, PyDict};
use wallet_sdk::*;

use crate::convert::{invalid_input, to_pyerr, SecretArg};
use crate::*;

pub(crate) fn secs(py: Python<'_>, name: &str, v: Option<f64>) -> PyResult<Option<Duration>> {
    match v {
        None => Ok(None),
        Some(s) if s.is_finite() && s >= 0.0 && Duration::try_from_secs_f64(s).is_ok() => Ok(Some(Duration::from_secs_f64(s))),
        Some(s) => Err(invalid_input(py, name, format!("invalid input `{name}`: {s} is not a number of seconds ≥ 0"))),
    }
}

/// Applies the keyword settings shared by both clients' constructors and `from_env()`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn configure(
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
pub(crate) static LOG_CALLS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

pub(crate) fn refresh_call_logging(py: Python<'_>) {
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
pub(crate) fn call_log_hook(e: &wallet_sdk::CallEvent) {
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
pub(crate) fn abandoned_call_hook(user: Option<Py<PyAny>>) -> impl Fn(&wallet_sdk::AbandonedCall) + Send + Sync + 'static {
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
pub(crate) fn guarded<T>(py: Python<'_>, f: impl FnOnce() -> Result<T, wallet_sdk::Error>) -> PyResult<T> {
    match wallet_sdk::panic::catch(f) {
        Ok(result) => result.map_err(|e| to_pyerr(py, &e)),
        Err(panic) => Err(convert::internal_error(py, &panic)),
    }
}

/// For a non-idempotent operation, an awaitable whose cancellation, once its request may have
/// left, raises `OutcomeUnknownError` with the outcome token the call recorded in `cell` (the
/// request runs on, see `_outcome_on_cancel`) instead of `CancelledError`; other operations'
/// awaitables as they are.
pub(crate) fn guard_cancellation<'py>(
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

pub(crate) fn expires_at(py: Python<'_>, t: Option<std::time::SystemTime>) -> PyResult<Py<PyAny>> {
    let Some(t) = t else { return Ok(py.None()) };
    let secs = match t.duration_since(std::time::UNIX_EPOCH) {
        Ok(d) => d.as_secs_f64(),
        Err(e) => -e.duration().as_secs_f64(),
    };
    let dt = py.import("datetime")?;
    let utc = dt.getattr("timezone")?.getattr("utc")?;
    Ok(dt.getattr("datetime")?.call_method1("fromtimestamp", (secs, utc))?.unbind())
}
