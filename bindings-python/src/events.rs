//! Getting paid (`wallet_sdk::events`, docs/adr/0015): `Client.watch_wallet` (an iterator of
//! `WalletEvent`s), `AsyncClient.watch_wallet` (an async iterator) and `wait_for_payment`. Only
//! the Python types are decided here; every rule, bound and default is the core's.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use pyo3::exceptions::PyStopAsyncIteration;
use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;
use wallet_sdk::{BlockingWalletEvents, Error, WaitForPaymentOptions, WalletEvents, WatchOptions};

use crate::records::{Payment, WalletEvent};

use crate::convert::{internal_error, to_pyerr};

#[pymethods]
impl WalletEvent {
    fn __repr__(&self) -> String {
        let e = &self.0;
        format!("WalletEvent(kind='{}', txid='{}', amount=Amount('{}'), confirmations={})", e.kind.as_str(), e.txid, e.amount, e.confirmations)
    }
}

#[pymethods]
impl Payment {
    fn __repr__(&self) -> String {
        let p = &self.0;
        format!("Payment(status='{}', received=Amount('{}'), confirmations={}, txids={:?})", p.status.as_str(), p.received, p.confirmations, p.txids)
    }
}

/// A value, an error, a caught panic or the end of an async iteration, made Python's with the GIL.
pub enum PyOut<T> {
    Ok(T),
    Err(Error),
    Panic(String),
    StopAsyncIteration,
}

impl<T> PyOut<T> {
    /// The outcome of a core call run under `wallet_sdk::panic::catch`, its value made by `make`.
    pub fn of<C>(r: Result<Result<C, Error>, String>, make: impl FnOnce(C) -> T) -> PyOut<T> {
        match r {
            Ok(Ok(v)) => PyOut::Ok(make(v)),
            Ok(Err(e)) => PyOut::Err(e),
            Err(panic) => PyOut::Panic(panic),
        }
    }
}

impl<'py, T: IntoPyObject<'py>> IntoPyObject<'py> for PyOut<T> {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;
    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self {
            PyOut::Ok(v) => v.into_bound_py_any(py),
            PyOut::Err(e) => Err(to_pyerr(py, &e)),
            PyOut::Panic(message) => Err(internal_error(py, &message)),
            PyOut::StopAsyncIteration => Err(PyStopAsyncIteration::new_err(())),
        }
    }
}

/// The options of `watch_wallet`: the core's defaults for what is not given.
pub fn watch_options(py: Python<'_>, cursor: Option<String>, poll_interval: Option<f64>, confirmations: Option<u32>, page_size: Option<u32>, history: Option<u32>, finality_depth: Option<u32>) -> PyResult<WatchOptions> {
    let d = WatchOptions::default();
    Ok(WatchOptions {
        cursor,
        poll_interval: seconds(py, "poll_interval", poll_interval)?.unwrap_or(d.poll_interval),
        confirmations: confirmations.unwrap_or(d.confirmations),
        page_size: page_size.unwrap_or(d.page_size),
        history: history.unwrap_or(d.history),
        finality_depth: finality_depth.unwrap_or(d.finality_depth),
    })
}

/// The options of `wait_for_payment`: the core's defaults for what is not given.
pub fn wait_options(py: Python<'_>, confirmations: Option<u32>, timeout: Option<f64>, poll_interval: Option<f64>, page_size: Option<u32>) -> PyResult<WaitForPaymentOptions> {
    let d = WaitForPaymentOptions::default();
    Ok(WaitForPaymentOptions {
        confirmations: confirmations.unwrap_or(d.confirmations),
        timeout: seconds(py, "timeout", timeout)?,
        poll_interval: seconds(py, "poll_interval", poll_interval)?.unwrap_or(d.poll_interval),
        page_size: page_size.unwrap_or(d.page_size),
    })
}

fn seconds(py: Python<'_>, field: &str, v: Option<f64>) -> PyResult<Option<Duration>> {
    v.map(|s| Duration::try_from_secs_f64(s).map_err(|_| to_pyerr(py, &Error::invalid_input(field, format!("must be a number of seconds ≥ 0, not {s}")))))
        .transpose()
}

/// ``for event in client.watch_wallet(...)``: each step waits (polling, the GIL released)
/// until the next event.
#[pyclass(name = "WalletEventIterator", module = "wallet_sdk")]
pub struct WalletEventIterator {
    pub events: Mutex<BlockingWalletEvents>,
}

#[pymethods]
impl WalletEventIterator {
    fn __iter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let next = py.detach(|| {
            let mut events = self.events.lock().unwrap_or_else(|e| e.into_inner());
            wallet_sdk::panic::catch(|| events.next())
        });
        let out = match next {
            Ok(None) => return Ok(None),
            Ok(Some(Ok(event))) => PyOut::Ok(WalletEvent(event)),
            Ok(Some(Err(e))) => PyOut::Err(e),
            Err(panic) => PyOut::Panic(panic),
        };
        Ok(Some(out.into_pyobject(py)?.unbind()))
    }

    /// The cursor after the last event handed out (the one to save), if any.
    #[getter]
    fn cursor(&self) -> Option<String> {
        self.events.lock().unwrap_or_else(|e| e.into_inner()).cursor().map(str::to_string)
    }
}

/// ``async for event in client.watch_wallet(...)``.
#[pyclass(name = "AsyncWalletEventIterator", module = "wallet_sdk")]
pub struct AsyncWalletEventIterator {
    pub events: Arc<tokio::sync::Mutex<WalletEvents>>,
}

#[pymethods]
impl AsyncWalletEventIterator {
    fn __aiter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __anext__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let events = self.events.clone();
        crate::bridge::future_into_py(py, async move {
            Ok(match events.lock().await.next().await {
                Some(Ok(event)) => PyOut::Ok(WalletEvent(event)),
                Some(Err(e)) => PyOut::Err(e),
                None => PyOut::StopAsyncIteration,
            })
        })
    }

    /// The cursor after the last event handed out (the one to save), if any.
    #[getter]
    fn cursor(&self) -> Option<String> {
        self.events.try_lock().ok().and_then(|e| e.cursor().map(str::to_string))
    }
}
