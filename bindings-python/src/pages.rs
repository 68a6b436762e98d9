//! The pages of the paged reads as Python iterators, sync and async.

use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use wallet_sdk::*;

use crate::convert::Out;
use crate::bridge::future_into_py;

pub(crate) enum SyncPages {
    Wallet(blocking::WalletTransactionPages),
    Address(blocking::AddressTransactionPages),
}

/// Iterator over the pages of a paged read (``for page in client.wallet_transactions_pages(...)``);
/// each page is a list of entries. A failing request raises the SDK's exception.
#[pyclass(name = "PageIterator", module = "wallet_sdk", frozen)]
pub struct PageIterator {
    pub(crate) inner: Mutex<SyncPages>,
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

pub(crate) enum AsyncPages {
    Wallet(wallet_sdk::WalletTransactionPages),
    Address(wallet_sdk::AddressTransactionPages),
}

/// Async iterator over the pages of a paged read
/// (``async for page in client.wallet_transactions_pages(...)``); each page is a list of entries.
#[pyclass(name = "AsyncPageIterator", module = "wallet_sdk", frozen)]
pub struct AsyncPageIterator {
    pub(crate) inner: Arc<tokio::sync::Mutex<AsyncPages>>,
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
