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

/// The Python type of each kind of setting (`wallet_sdk::for_each_client_setting!`): durations
/// in seconds as a float, flags `False` when not given, the rest `None` when not given.
macro_rules! py_setting_type {
    (Duration) => { Option<f64> };
    (Count) => { Option<u32> };
    (Bytes) => { Option<usize> };
    (Text) => { Option<String> };
    (Flag) => { bool };
    (Pems) => { Option<Vec<String>> };
    (SecretText) => { Option<SecretArg> };
    (Codes) => { Option<std::collections::HashMap<String, i32>> };
}
pub(crate) use py_setting_type;

/// The same, as the stubs write it (with its default).
macro_rules! py_stub_type {
    (Duration) => { "Optional[float] = None" };
    (Count) => { "Optional[int] = None" };
    (Bytes) => { "Optional[int] = None" };
    (Text) => { "Optional[str] = None" };
    (Flag) => { "bool = False" };
    (Pems) => { "Optional[Sequence[str]] = None" };
    (SecretText) => { "Optional[SecretLike] = None" };
    (Codes) => { "Optional[Dict[str, int]] = None" };
}

/// Applies one setting's Python value to the builder.
macro_rules! py_apply {
    ($py:ident, $b:ident, Duration, $name:ident, $v:expr, $apply:expr) => {
        if let Some(d) = secs($py, stringify!($name), $v)? {
            $b = ($apply)($b, d);
        }
    };
    ($py:ident, $b:ident, Flag, $name:ident, $v:expr, $apply:expr) => {
        $b = ($apply)($b, $v);
    };
    ($py:ident, $b:ident, Pems, $name:ident, $v:expr, $apply:expr) => {
        for pem in $v.unwrap_or_default() {
            $b = ($apply)($b, pem);
        }
    };
    ($py:ident, $b:ident, SecretText, $name:ident, $v:expr, $apply:expr) => {
        if let Some(secret) = $v {
            $b = ($apply)($b, &secret.0);
        }
    };
    ($py:ident, $b:ident, Codes, $name:ident, $v:expr, $apply:expr) => {
        if let Some(map) = $v {
            $b = ($apply)($b, address_type_codes($py, map)?);
        }
    };
    ($py:ident, $b:ident, $kind:ident, $name:ident, $v:expr, $apply:expr) => {
        if let Some(v) = $v {
            $b = ($apply)($b, v);
        }
    };
}

macro_rules! declare_py_settings {
    (settings: $( $(#[doc = $doc:literal])* $name:ident : $kind:ident { python $py:ident, ffi $ffi:ident $unit:ident, cli $cli:literal } $rust:ident $apply:expr, )*) => {
        /// The optional settings a client's constructor takes, as Python gives them.
        pub(crate) struct PySettings {
            $( pub(crate) $py: py_setting_type!($kind), )*
        }

        impl PySettings {
            fn apply(self, py: Python<'_>, mut b: ClientBuilder) -> PyResult<ClientBuilder> {
                $( py_apply!(py, b, $kind, $py, self.$py, $apply); )*
                Ok(b)
            }
        }

        /// The keywords of the settings and their types as the stubs write them, in order.
        #[pyfunction]
        pub(crate) fn _client_settings() -> Vec<(&'static str, &'static str)> {
            vec![$( (stringify!($py), py_stub_type!($kind)), )*]
        }
    };
}

wallet_sdk::for_each_client_setting!(declare_py_settings);

/// The address type codes given as a mapping of names to codes.
fn address_type_codes(py: Python<'_>, map: std::collections::HashMap<String, i32>) -> PyResult<wallet_sdk::AddressTypeCodes> {
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
    Ok(codes)
}

/// Applies what both clients' constructors and `from_env()` take: the base URL and the
/// credential (an API key or a node URL) when given, the settings, the abandoned-call hook.
pub(crate) fn configure(
    py: Python<'_>,
    mut b: ClientBuilder,
    base_url: Option<String>,
    api_key: Option<SecretArg>,
    node_url: Option<SecretArg>,
    settings: PySettings,
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
    let b = settings.apply(py, b)?;
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
/// exception, and a panic as a `WalletSdkError` of kind `internal` rather than pyo3's
/// `PanicException`.
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
