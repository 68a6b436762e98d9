//! The pages of the paged reads as Python iterators, sync and async: one iterator type each,
//! over any paged read; the clients' methods are generated from the description
//! (`for_each_paged_read!`).

use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use wallet_sdk::fields::ToField;
use wallet_sdk::*;

use crate::bridge::future_into_py;
use crate::clients::{AsyncClient, Client};
use crate::convert::Out;
use crate::exported::{exported_types, CoreArg};

/// The blocking pages of any paged read, each page as the value handed to Python.
pub(crate) trait SyncPageSource: Send {
    fn next_out(&mut self) -> Option<Out>;
}

impl<P: Page> SyncPageSource for blocking::Pages<P>
where
    Vec<P::Entry>: ToField,
{
    fn next_out(&mut self) -> Option<Out> {
        self.next().map(Out::from_result)
    }
}

/// The async pages of any paged read (`None` after the last page).
pub(crate) trait AsyncPageSource: Send {
    fn next_out(&mut self) -> std::pin::Pin<Box<dyn std::future::Future<Output = wallet_sdk::Result<Option<Out>>> + Send + '_>>;
}

impl<P: Page + 'static> AsyncPageSource for Pages<P>
where
    Vec<P::Entry>: ToField,
{
    fn next_out(&mut self) -> std::pin::Pin<Box<dyn std::future::Future<Output = wallet_sdk::Result<Option<Out>>> + Send + '_>> {
        Box::pin(async move { Ok(self.next_page().await?.map(|page| Out::from_result(Ok(page)))) })
    }
}

/// Iterator over the pages of a paged read (``for page in client.wallet_transactions_pages(...)``);
/// each page is a list of entries. A failing request raises the SDK's exception.
#[pyclass(name = "PageIterator", module = "wallet_sdk", frozen)]
pub struct PageIterator {
    inner: Mutex<Box<dyn SyncPageSource>>,
}

#[pymethods]
impl PageIterator {
    fn __iter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let out = py.detach(|| {
            let mut pages = self.inner.lock().unwrap_or_else(|e| e.into_inner());
            wallet_sdk::panic::catch(|| pages.next_out()).unwrap_or_else(|panic| Some(Out::Panic(panic)))
        });
        match out {
            None => Ok(None),
            Some(o) => Ok(Some(o.into_pyobject(py)?.unbind())),
        }
    }
}

/// Async iterator over the pages of a paged read
/// (``async for page in client.wallet_transactions_pages(...)``); each page is a list of entries.
#[pyclass(name = "AsyncPageIterator", module = "wallet_sdk", frozen)]
pub struct AsyncPageIterator {
    inner: Arc<tokio::sync::Mutex<Box<dyn AsyncPageSource>>>,
}

#[pymethods]
impl AsyncPageIterator {
    fn __aiter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __anext__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let inner = self.inner.clone();
        future_into_py(py, async move {
            let mut pages = inner.lock().await;
            Ok(match pages.next_out().await {
                Ok(Some(out)) => out,
                Ok(None) => Out::StopAsyncIteration,
                Err(e) => Out::Err(e),
            })
        })
    }
}

/// For each paged read: the method of both clients returning its pages.
macro_rules! declare_page_methods {
    ({$name:ident $camel:ident $const:ident $ret:ident $entry:ident [$pages:ident $cursor:ident $pager:ident] [$($paging:ident)*] ($($arg:ident : $ty:ident),*)}) => {
        #[pymethods]
        impl Client {
            #[doc = concat!("Iterates over the pages of :meth:`", stringify!($name), "` (newest first), ``page_size``\nentries (``", stringify!($entry), "``) per request; each item is a list.")]
            #[pyo3(signature = ($($arg,)* *, page_size = wallet_sdk::DEFAULT_PAGE_SIZE))]
            fn $pages(&self, py: Python<'_>, $($arg: exported_types::$ty,)* page_size: u32) -> PyResult<PageIterator> {
                let pages = self.client(py)?.$pages($($arg.core_arg(),)* page_size);
                Ok(PageIterator { inner: Mutex::new(Box::new(pages)) })
            }
        }

        #[pymethods]
        impl AsyncClient {
            #[doc = concat!("Iterates (``async for``) over the pages of :meth:`", stringify!($name), "` (newest first),\n``page_size`` entries (``", stringify!($entry), "``) per request; each item is a list.")]
            #[pyo3(signature = ($($arg,)* *, page_size = wallet_sdk::DEFAULT_PAGE_SIZE))]
            fn $pages(&self, py: Python<'_>, $($arg: exported_types::$ty,)* page_size: u32) -> PyResult<AsyncPageIterator> {
                let pages = self.client(py)?.$pages($($arg.core_arg(),)* page_size);
                Ok(AsyncPageIterator { inner: Arc::new(tokio::sync::Mutex::new(Box::new(pages))) })
            }
        }
    };
}

wallet_sdk::for_each_paged_read!(declare_page_methods);
