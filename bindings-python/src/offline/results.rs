//! The result classes of `wallet_sdk.offline`, from the core's declarations
//! (`wallet_sdk::for_each_offline_record_declaration!`): read-only views of the core's records,
//! one property per field with the core's documentation; a network reads as ``Network``, the
//! other enums as their names, keys as ``wallet_sdk.Secret``. What is Python's own (`repr()`,
//! which never shows a secret; refusing to pickle a key; `PrivateKeyInfo.address()`) is written
//! below the declaration.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use pyo3::IntoPyObjectExt;

use super::{detached, KeyAddressTypeArg, PyNetwork};
use crate::records::{record_class, PyField};
use crate::types::PySecret;

impl PyField for wallet_sdk::offline::Network {
    fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        PyNetwork::from_core(*self).into_py_any(py)
    }
    fn py_type() -> String {
        "Network".to_string()
    }
}

macro_rules! as_name {
    ($($t:ident),*) => {$(
        impl PyField for wallet_sdk::offline::$t {
            fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                self.as_str().into_py_any(py)
            }
            fn py_type() -> String {
                "str".to_string()
            }
        }
    )*};
}
as_name!(AddressKind, InputKind, QrFormat, OutputRole);

impl PyField for wallet_sdk::Secret {
    fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        PySecret(self.clone()).into_py_any(py)
    }
    fn py_type() -> String {
        "Secret".to_string()
    }
}

impl PyField for Vec<u8> {
    fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(PyBytes::new(py, self).into_any().unbind())
    }
    fn py_type() -> String {
        "bytes".to_string()
    }
}

impl PyField for Vec<(String, String)> {
    fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.clone().into_py_any(py)
    }
    fn py_type() -> String {
        "List[Tuple[str, str]]".to_string()
    }
}

macro_rules! declare_offline_records {
    ($( $(#[doc = $rdoc:literal])* $record:ident $([$flag:ident])? { $( $(#[doc = $fdoc:literal])* $field:ident : $ty:ty, )* } )*) => {
        $(
            record_class!("wallet_sdk.offline", wallet_sdk::offline; $(#[doc = $rdoc])* $record { $( $(#[doc = $fdoc])* $field : $ty, )* });

            impl PyField for wallet_sdk::offline::$record {
                fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                    $record(self.clone()).into_py_any(py)
                }
                fn py_type() -> String {
                    stringify!($record).to_string()
                }
            }

            impl PyField for Vec<wallet_sdk::offline::$record> {
                fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                    let items = self.iter().map(|r| r.to_py(py)).collect::<PyResult<Vec<_>>>()?;
                    items.into_py_any(py)
                }
                fn py_type() -> String {
                    format!("List[{}]", stringify!($record))
                }
            }
        )*

        /// Adds the result classes to the module.
        pub(super) fn add_classes(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $( m.add_class::<$record>()?; )*
            Ok(())
        }
    };
}

wallet_sdk::for_each_offline_record_declaration!(declare_offline_records);

/// Python's `repr()` of a string.
fn py_repr(py: Python<'_>, s: &str) -> PyResult<String> {
    Ok(PyString::new(py, s).repr()?.to_cow()?.into_owned())
}

fn py_repr_opt(py: Python<'_>, s: Option<&str>) -> PyResult<String> {
    s.map_or_else(|| Ok("None".to_string()), |s| py_repr(py, s))
}

fn network_repr(network: wallet_sdk::offline::Network) -> String {
    format!("Network.{}", network.as_str().to_uppercase())
}

#[pymethods]
impl AddressInfo {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let i = &self.0;
        Ok(format!(
            "AddressInfo(address={}, network={}, kind={}, witness_version={}, script_pubkey={})",
            py_repr(py, &i.address)?,
            network_repr(i.network),
            py_repr(py, i.kind.as_str())?,
            i.witness_version.map_or_else(|| "None".to_string(), |v| v.to_string()),
            py_repr_opt(py, i.script_pubkey.as_deref())?,
        ))
    }
}

#[pymethods]
impl PrivateKeyInfo {
    /// The key's address of ``address_type`` (``KeyAddressType`` or its name) on
    /// ``network``. Segwit types need a compressed key (else ``InvalidInputError`` on
    /// ``address_type``).
    fn address(&self, py: Python<'_>, address_type: KeyAddressTypeArg) -> PyResult<String> {
        detached(py, || self.0.address(address_type.0))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let k = &self.0;
        Ok(format!(
            "PrivateKeyInfo(network={}, compressed={}, public_key={})",
            network_repr(k.network),
            if k.compressed { "True" } else { "False" },
            py_repr(py, &k.public_key)?,
        ))
    }
}

#[pymethods]
impl DerivedKey {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let k = &self.0;
        Ok(format!(
            "DerivedKey(path={}, address={}, public_key={}, private_key=Secret('[REDACTED]'))",
            py_repr(py, &k.path)?,
            py_repr(py, &k.address)?,
            py_repr(py, &k.public_key)?,
        ))
    }

    fn __reduce__(&self) -> PyResult<()> {
        Err(PyTypeError::new_err("a wallet_sdk.offline.DerivedKey cannot be pickled (it holds a private key)"))
    }
}

#[pymethods]
impl PaymentRequest {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let r = &self.0;
        let extras: PyResult<Vec<String>> =
            r.extras.iter().map(|(k, v)| Ok(format!("({}, {})", py_repr(py, k)?, py_repr(py, v)?))).collect();
        Ok(format!(
            "PaymentRequest(address={}, network={}, amount={}, label={}, message={}, extras=[{}])",
            py_repr(py, &r.address)?,
            network_repr(r.network),
            r.amount.map_or_else(|| "None".to_string(), |a| format!("Amount('{a}')")),
            py_repr_opt(py, r.label.as_deref())?,
            py_repr_opt(py, r.message.as_deref())?,
            extras?.join(", "),
        ))
    }
}

#[pymethods]
impl QrImage {
    fn __repr__(&self) -> String {
        format!("QrImage(format='{}', width={}, modules={})", self.0.format.as_str(), self.0.width, self.0.modules)
    }
}

#[pymethods]
impl ParsedInput {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let p = &self.0;
        Ok(format!(
            "ParsedInput(kind={}, network={}, problem={})",
            py_repr(py, p.kind.as_str())?,
            p.network.map_or_else(|| "None".to_string(), network_repr),
            py_repr_opt(py, p.problem.as_deref())?,
        ))
    }
}
