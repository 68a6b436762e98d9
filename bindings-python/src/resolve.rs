//! `Client.resolve` / `AsyncClient.resolve` and `Resolution`: what became of a call that ended
//! in `OutcomeUnknownError` (docs/adr/0014). Only the Python types are decided here; every rule
//! is the core's (`wallet_sdk::Client::resolve_token`).

use pyo3::prelude::*;
use pyo3::types::PyString;
use wallet_sdk::{Error, ErrorKind};

use crate::convert::{internal_error, to_pyerr};
use crate::records::Resolution;

#[pymethods]
impl Resolution {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let r = &self.0;
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
    Ok(wallet_sdk::Resolution),
    Err(Error),
    Panic(String),
}

impl Resolved {
    pub fn of(r: Result<Result<wallet_sdk::Resolution, Error>, String>) -> Resolved {
        match r {
            Ok(Ok(r)) => Resolved::Ok(r),
            Ok(Err(e)) => Resolved::Err(e),
            Err(panic) => Resolved::Panic(panic),
        }
    }

    /// The resolution of an error without an outcome token (the core's rules).
    pub fn of_facts(kind: Option<ErrorKind>, operation: Option<String>, attempts: u32, status: Option<u16>) -> Resolved {
        Resolved::Ok(wallet_sdk::Resolution::without_token(kind, operation, attempts, status))
    }
}

impl<'py> IntoPyObject<'py> for Resolved {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;
    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Resolved::Ok(r) => Ok(Bound::new(py, Resolution(r))?.into_any()),
            Resolved::Err(e) => Err(to_pyerr(py, &e)),
            Resolved::Panic(message) => Err(internal_error(py, &message)),
        }
    }
}
