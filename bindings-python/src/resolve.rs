//! `Client.resolve` / `AsyncClient.resolve` and `Resolution`: what became of a call that ended
//! in `OutcomeUnknownError` (docs/adr/0014). Only the Python types are decided here; every rule
//! is the core's (`wallet_sdk::Client::resolve_token`).

use pyo3::prelude::*;
use pyo3::types::PyString;
use wallet_sdk::fields::ToField;
use wallet_sdk::{Error, ErrorKind, Resolution};

use crate::convert::{field_to_py, internal_error, to_pyerr};

/// What ``Client.resolve`` found out about a call that failed with ``OutcomeUnknownError``.
/// Read-only.
#[pyclass(name = "Resolution", module = "wallet_sdk", frozen)]
pub struct PyResolution {
    resolution: Resolution,
    sent: Option<Py<PyAny>>,
}

impl PyResolution {
    fn new(py: Python<'_>, mut resolution: Resolution) -> PyResult<PyResolution> {
        let sent = resolution.sent.take().map(|s| field_to_py(py, s.into_field()).map(Bound::unbind)).transpose()?;
        Ok(PyResolution { resolution, sent })
    }
}

#[pymethods]
impl PyResolution {
    /// ``"applied"`` (it took effect), ``"not_applied"`` (it did not and no longer can: safe to
    /// do again) or ``"unknown"`` (check by other means before doing it again).
    #[getter]
    fn state(&self) -> &'static str {
        self.resolution.state.as_str()
    }

    /// The operation (snake_case) the error came from.
    #[getter]
    fn operation(&self) -> Option<&str> {
        self.resolution.operation.as_deref()
    }

    /// The transaction id: of the broadcast (computed locally), or of the keyed send found.
    #[getter]
    fn txid(&self) -> Option<&str> {
        self.resolution.txid.as_deref()
    }

    /// The wallet of a wallet creation or a keyed send.
    #[getter]
    fn wallet_name(&self) -> Option<&str> {
        self.resolution.wallet_name.as_deref()
    }

    /// For an applied keyed send: the ``SentFunds``, as replaying its key returns it.
    #[getter]
    fn sent(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.sent.as_ref().map(|s| s.clone_ref(py))
    }

    /// ``True`` when the operation was applied but a secret it returns only once (a new
    /// wallet's phrase or passphrase) was in the lost answer: do not fund that wallet.
    #[getter]
    fn secret_lost(&self) -> bool {
        self.resolution.secret_lost
    }

    /// One sentence: how the state was decided.
    #[getter]
    fn reason(&self) -> &str {
        &self.resolution.reason
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let r = &self.resolution;
        let repr = |s: Option<&str>| -> PyResult<String> {
            s.map_or_else(|| Ok("None".to_string()), |s| Ok(PyString::new(py, s).repr()?.to_cow()?.into_owned()))
        };
        Ok(format!(
            "Resolution(state={}, operation={}, txid={}, wallet_name={}, secret_lost={})",
            repr(Some(r.state.as_str()))?,
            repr(r.operation.as_deref())?,
            repr(r.txid.as_deref())?,
            repr(r.wallet_name.as_deref())?,
            if r.secret_lost { "True" } else { "False" },
        ))
    }
}

/// What `resolve` was given: an outcome token, or the facts of an error without one.
pub enum Target {
    Token(String),
    Facts { kind: Option<ErrorKind>, operation: Option<String>, attempts: u32, status: Option<u16> },
}

impl Target {
    /// A ``str`` token, or a ``WalletSdkError`` (its ``outcome_token`` and ``operation``).
    pub fn of(obj: &Bound<'_, PyAny>) -> PyResult<Target> {
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(Target::Token(s.to_cow()?.into_owned()));
        }
        let token: Option<String> = obj.getattr("outcome_token").and_then(|t| t.extract()).map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err("resolve() takes a wallet_sdk error or its outcome_token (str)")
        })?;
        Ok(match token {
            Some(t) => Target::Token(t),
            None => {
                let kind: String = obj.getattr("kind")?.extract()?;
                Target::Facts {
                    kind: ErrorKind::ALL.iter().copied().find(|k| k.as_str() == kind),
                    operation: obj.getattr("operation")?.extract()?,
                    attempts: obj.getattr("attempts")?.extract()?,
                    status: obj.getattr("status")?.extract()?,
                }
            }
        })
    }
}

/// A resolution, an error or a caught panic, made Python objects with the GIL.
pub enum Resolved {
    Ok(Resolution),
    Err(Error),
    Panic(String),
}

impl Resolved {
    pub fn of(r: Result<Result<Resolution, Error>, String>) -> Resolved {
        match r {
            Ok(Ok(r)) => Resolved::Ok(r),
            Ok(Err(e)) => Resolved::Err(e),
            Err(panic) => Resolved::Panic(panic),
        }
    }

    /// The resolution of an error without an outcome token (the core's rules).
    pub fn of_facts(kind: Option<ErrorKind>, operation: Option<String>, attempts: u32, status: Option<u16>) -> Resolved {
        Resolved::Ok(Resolution::without_token(kind, operation, attempts, status))
    }
}

impl<'py> IntoPyObject<'py> for Resolved {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;
    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Resolved::Ok(r) => Ok(Bound::new(py, PyResolution::new(py, r)?)?.into_any()),
            Resolved::Err(e) => Err(to_pyerr(py, &e)),
            Resolved::Panic(message) => Err(internal_error(py, &message)),
        }
    }
}
