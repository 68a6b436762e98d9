//! `wallet_sdk._native`: the pyo3 layer of the Python package. It converts types and errors
//! and chooses the calling style (a sync client that releases the GIL, an asyncio client
//! whose cancellation drops the request); every operation is the core's.

use std::time::Duration;

use pyo3::prelude::*;
use wallet_sdk::*;

mod bridge;
mod clients;
mod config;
mod convert;
mod events;
mod exported;
mod home;
mod offline;
mod pages;
mod records;
mod resolve;
mod schema;
mod types;

use clients::{AsyncClient, Client};
use config::*;
use exported::*;
use pages::*;

use convert::{AddressTypeArg, AmountArg, Out, SecretArg};
use bridge::future_into_py;
use types::{PyAddressType, PyAmount, PySecret};

// ------------------------------------------------------------------ asyncio bridge

/// The core's fork-aware runtime (a runtime of our own would be dead in a child after fork()).
fn runtime_handle() -> tokio::runtime::Handle {
    // Creating a runtime fails only when the OS refuses threads; nothing sensible is left then.
    wallet_sdk::fork::shared_runtime().expect("the SDK's tokio runtime")
}

// ------------------------------------------------------------------ module

/// The generated methods: ``[(name, doc, [(param, python type, required)], result type)]``.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn _methods() -> Vec<(&'static str, &'static str, Vec<(&'static str, &'static str, bool)>, &'static str)> {
    METHODS.iter().map(|m| (m.name, m.doc, m.params.to_vec(), m.ret)).collect()
}

/// What the docstrings of the generated methods say besides their doc: ``[(name, safe to
/// repeat, [(param, meaning)], [error kind])]`` (the kinds that concern that operation).
#[pyfunction]
#[allow(clippy::type_complexity)]
fn _method_facts() -> Vec<(&'static str, bool, Vec<(&'static str, &'static str)>, Vec<&'static str>)> {
    operations::METHODS
        .iter()
        .map(|op| {
            let params = op.arguments().into_iter().map(|p| (p.sdk_name, p.meaning())).collect();
            (op.method_name, op.idempotent, params, op.error_kinds().iter().map(|k| k.as_str()).collect())
        })
        .collect()
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

/// The error kinds of the core, in order, each with what it means (``(kind, about)``): the
/// exception classes are generated from them (``tools/gen_stubs.py``).
#[pyfunction]
fn _error_kinds() -> Vec<(&'static str, String)> {
    ErrorKind::ALL.iter().map(|k| (k.as_str(), k.about())).collect()
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
    m.add_class::<records::Resolution>()?;
    m.add_class::<records::WalletEvent>()?;
    m.add_class::<records::Payment>()?;
    m.add_class::<events::WalletEventIterator>()?;
    m.add_class::<events::AsyncWalletEventIterator>()?;
    m.add_class::<PageIterator>()?;
    m.add_class::<AsyncPageIterator>()?;
    m.add_function(wrap_pyfunction!(_methods, m)?)?;
    m.add_function(wrap_pyfunction!(_method_facts, m)?)?;
    m.add_function(wrap_pyfunction!(_operations, m)?)?;
    m.add_function(wrap_pyfunction!(_model_schemas, m)?)?;
    m.add_function(wrap_pyfunction!(_error_kinds, m)?)?;
    m.add_function(wrap_pyfunction!(_client_settings, m)?)?;
    m.add_function(wrap_pyfunction!(_error_fields, m)?)?;
    m.add_function(wrap_pyfunction!(_shutdown_runtime, m)?)?;
    m.add_function(wrap_pyfunction!(_self_test_panic, m)?)?;
    m.add_function(wrap_pyfunction!(_self_test_panic_async, m)?)?;
    offline::register(m)?;
    Ok(())
}
